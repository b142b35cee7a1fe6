"""The typer applications the command modules register on (kept apart to avoid import cycles).

Help text conventions: a command's docstring is prose in paragraphs; it is rendered as Markdown
(``rich_markup_mode="markdown"``), so hard-wrapped lines join into sentences and never break
mid-sentence. Write literal ``<...>`` (an address, a placeholder) inside backticks, or Markdown
drops it as an HTML tag.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
import typer.core

from pbem.errors import (
    EXIT_FAILED,
    CommandError,
    IntegrityError,
    PbemError,
    RuleError,
    ServiceBusy,
    exit_code,
)

HELP_MODE: Any = "markdown"  # a typer Literal; Any keeps older typer versions happy

app = typer.Typer(
    name="pbem",
    help="Play-by-email service for the two Forbidden City board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=HELP_MODE,
)
admin_app = typer.Typer(
    help="The game master's commands: create, list, inspect, verify, repair games.",
    no_args_is_help=True,
    rich_markup_mode=HELP_MODE,
)
app.add_typer(admin_app, name="admin")

# The options every command that reads the configuration takes, spelt the same everywhere.
DataDirOpt = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        help="The games' directory (default: $PBEM_DATA_DIR, then data_dir in the config file, "
        "then ./games).",
        show_default=False,
    ),
]
ConfigOpt = Annotated[
    Path | None,
    typer.Option(
        "--config",
        help="The config file (default: $PBEM_CONFIG, then ./pbem.toml).",
        show_default=False,
    ),
]
VerboseOpt = Annotated[bool, typer.Option("-v", "--verbose", help="Log every step to stderr.")]


def _hide_flag_metavar() -> None:
    """Flags (``--json``, ``--all``, ``-v``, ``--help``) take no value: show no ``<bool>`` for them.

    Recent typer versions print the type of every option, flags included; older ones have no
    ``display_type_rich`` and print none, so this is a no-op there.
    """
    option = typer.core.TyperOption
    original = getattr(option, "display_type_rich", None)
    if original is None or getattr(original, "_pbem_flags", False):
        return

    def display_type_rich(self: Any, ctx: Any) -> str | None:
        if getattr(self, "is_flag", False) and self.metavar is None:
            return None
        result: str | None = original(self, ctx)
        return result

    display_type_rich._pbem_flags = True  # type: ignore[attr-defined]
    option.display_type_rich = display_type_rich  # type: ignore[method-assign]


_hide_flag_metavar()


# ------------------------------------------------------------------------------------------------
# Errors: one line on stderr, "error: ...", and the exit status of pbem.errors.exit_code.
# ------------------------------------------------------------------------------------------------


def fail(message: str, code: int = EXIT_FAILED) -> NoReturn:
    """Print ``error: message`` on stderr and exit with ``code``."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def error_message(exc: BaseException) -> str:
    """The one-line (or, with a hint, two-line) message for an error that ends a command."""
    if isinstance(exc, IntegrityError):
        return f"{exc}\nThe game is stopped until it is repaired (see docs/GM-GUIDE.md, 'Damaged games')."
    if isinstance(exc, RuleError | CommandError):
        hint = getattr(exc, "hint", "")
        return str(exc) + (f"\n{hint}" if hint else "")
    if isinstance(exc, OSError) and exc.strerror:
        where = exc.filename if exc.filename is not None else ""
        return f"{where}: {exc.strerror}" if where else exc.strerror
    return str(exc)


@contextlib.contextmanager
def cli_errors() -> Iterator[None]:
    """Turn the library's errors (and file-system errors) into one message and an exit status.

    A bug (any other exception) still shows its traceback: that is for a bug report.
    """
    try:
        yield
    except ServiceBusy as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(exit_code(exc)) from None
    except (PbemError, RuleError, OSError) as exc:
        fail(error_message(exc), exit_code(exc))
