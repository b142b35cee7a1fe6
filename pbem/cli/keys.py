"""Commands registered on the pbem CLI (filled in by its owner module)."""

from __future__ import annotations

from pbem.cli.app import admin_app, app  # noqa: F401
