"""The command line: a thin skin over the library (each command calls it and turns errors into
one clear message and an exit code).

Start-up matters (cron starts ``pbem run`` every few minutes): :func:`main` imports only the command
module that defines the command on the command line (``pbem run`` never imports the GM's commands,
nor they the mail loop); ``pbem --help`` and ``pbem admin --help`` print typer's text stored in
:mod:`pbem.cli.helptext` (no typer at all); other help, an unknown command and the ``app``
attribute (the tests' ``CliRunner``) import them all. See docs/PERFORMANCE.md, "Start-up".
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # not typing's: ``pbem --help`` imports nothing it does not need
if TYPE_CHECKING:
    from typing import Any

    import typer

__all__ = ["app", "admin_app", "main"]

_MODULES = ("admin", "keys", "play", "service", "records", "doctor", "auth", "standings")
"""Every command module; importing one registers its commands on ``app`` / ``admin_app``."""

_TOP = {
    "init": "admin",
    "verify-shuffle": "admin",
    "verify-record": "records",
    "play": "play",
    "demo": "service",
    "run": "service",
    "daemon": "service",
    "sandbox": "service",
    "doctor": "doctor",
    "auth": "auth",
    "standings": "standings",
}
"""Which module defines each top-level command (``admin`` is a group: see :data:`_ADMIN`)."""

_ADMIN = {
    "key": "keys",
    "resend": "service",
    "record": "records",
    "publish": "records",
    "standings": "standings",
}
"""Admin subcommands defined outside ``pbem.cli.admin``."""

_ADMIN_MODULE = frozenset(
    [
        "new",
        "list",
        "show",
        "history",
        "move",
        "verify",
        "replay",
        "undo",
        "replace",
        "pause",
        "resume",
        "end",
        "deadline",
        "policy",
        "vacation",
        "offer",
        "open",
        "mail",
        "lang",
        "export",
        "pubkey",
        "rotate-key",
        "bounces",
        "unwatch",
    ]
)
"""The admin subcommands of ``pbem.cli.admin`` (a test checks this list against the module). An
admin subcommand in neither list makes :func:`main` import every module, so a new command works
even before it is added here; it only starts more slowly."""


def _load(names: tuple[str, ...] | list[str]) -> None:
    import importlib

    for name in names:
        importlib.import_module(f"pbem.cli.{name}")


def _modules_for(argv: list[str]) -> list[str]:
    """The command modules that ``argv`` (without the program name) needs; all when unsure."""
    words = [a for a in argv if not a.startswith("-")]
    if not words or any(a in ("--help", "-h") for a in argv[: argv.index(words[0])]):
        return list(_MODULES)
    first = words[0]
    if first in _TOP:
        return [_TOP[first]]
    if first == "admin" and len(words) > 1:
        sub = words[1]
        if sub in _ADMIN:
            return [_ADMIN[sub]]
        if sub in _ADMIN_MODULE:
            return ["admin"]
    return list(_MODULES)


def __getattr__(name: str) -> Any:
    if name in ("app", "admin_app"):
        _load(_MODULES)
        from pbem.cli import apps

        return getattr(apps, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main() -> None:
    """Console-script entry point."""
    # ``pbem --help`` and ``pbem admin --help``: typer's text, stored (pbem.cli.helptext).
    if sys.argv[1:] in (["--help"], ["admin", "--help"]):
        from pbem.cli.helptext import quick_help

        text = quick_help(sys.argv[1:])
        if text is not None:
            sys.stdout.write(text)
            return
    # The cron tick in one of its plain forms runs without typer (pbem.cli.tick).
    from pbem.cli.tick import parse_run

    plain = parse_run(sys.argv[1:])
    if plain is not None:
        from pbem.cli.tick import run_once

        sys.exit(run_once(*plain))
    _load(_modules_for(sys.argv[1:]))
    from pbem.cli.apps import app

    app()


if TYPE_CHECKING:
    app: typer.Typer
    admin_app: typer.Typer
