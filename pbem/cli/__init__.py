"""The command line: a thin skin over the library (each command calls it and turns errors into
one clear message and an exit code)."""

from __future__ import annotations

# Importing the command modules registers their commands on ``app`` / ``admin_app``.
from pbem.cli import admin as _admin  # noqa: E402,F401
from pbem.cli import keys as _keys  # noqa: E402,F401
from pbem.cli import play as _play  # noqa: E402,F401
from pbem.cli import service as _service  # noqa: E402,F401
from pbem.cli.app import admin_app, app

__all__ = ["app", "admin_app", "main"]


def main() -> None:
    """Console-script entry point."""
    app()
