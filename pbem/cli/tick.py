"""``pbem run`` without typer: the cron tick's command line is parsed here when it is one of the
plain forms (``--config``, ``--data-dir``, ``-v``), so that a tick does not import typer and click
(about a quarter of an idle tick's start-up; see docs/PERFORMANCE.md, "Start-up"). Anything else
(``--help``, a misspelt option, a missing value) goes to the typer command, which calls
:func:`run_once` too: both paths behave the same.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from pbem import layout

TYPE_CHECKING = False  # not typing's: an idle tick imports neither typing's extras nor logging
if TYPE_CHECKING:
    import logging


class Done(Exception):
    """The command ends with this exit status (raised by :func:`plain_errors`)."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def error_message(exc: BaseException) -> str:
    """The one-line (or, with a hint, two-line) message for an error that ends a command."""
    from pbem.errors import CommandError, IntegrityError, RuleError

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
def plain_errors() -> Iterator[None]:
    """:func:`pbem.cli.apps.cli_errors` without typer: the message on stderr, then :class:`Done`."""
    from pbem.errors import PbemError, RuleError, ServiceBusy, exit_code

    try:
        yield
    except ServiceBusy as exc:
        print(str(exc), file=sys.stderr)
        raise Done(exit_code(exc)) from None
    except (PbemError, RuleError, OSError) as exc:
        print(f"error: {error_message(exc)}", file=sys.stderr)
        raise Done(exit_code(exc)) from None


def setup_logging(cfg_log_file: Path | None, verbose: bool) -> None:
    import logging

    handlers: list[logging.Handler] = [logging.StreamHandler()]
    if cfg_log_file is not None:
        layout.private_log_file(cfg_log_file)
        handlers = [logging.FileHandler(cfg_log_file)]
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
        handlers=handlers,
        force=True,
    )


def now() -> datetime:
    return datetime.now(UTC)


def run_once(config: Path | None, data_dir: Path | None, verbose: bool) -> int:
    """One tick of the mail loop; returns the exit status (0 healthy, 1 the GM is needed, 2 a
    configuration error)."""
    # Nothing to do (the usual cron tick): answered from the markers, without the service.
    from pbem.cli.idle import idle_tick

    idle = idle_tick(config, data_dir, verbose)
    if idle is not None:
        return idle
    import logging

    from pbem.config import load_config
    from pbem.runner import build_sender, build_service, build_source, tick

    try:
        with plain_errors():
            cfg = load_config(config, data_dir=data_dir)
            setup_logging(cfg.log_file, verbose)
            service = build_service(cfg, now)
            source = build_source(cfg)
            sender = build_sender(cfg)
            report = tick(
                service, source, sender, clock=now, limit=cfg.limits.max_messages_per_tick
            )
    except Done as done:
        return done.code
    # The summary, once: on stdout with -v; in the log file when there is one (without a log
    # file the log goes to the terminal, where -v has already printed it).
    if cfg.log_file is not None:
        logging.getLogger("pbem.runner").info("tick: %s", report.line())
    if verbose:
        print(report.line())
    for e in report.errors:
        print(f"pbem run: {e}", file=sys.stderr)
    close = getattr(source, "close", None)
    if close:
        close()
    if report.auth_failed:
        return 2  # the GM must give OAuth2 consent again (pbem auth)
    return 0 if report.healthy else 1


def parse_run(argv: list[str]) -> tuple[Path | None, Path | None, bool] | None:
    """``(config, data_dir, verbose)`` of ``pbem run ...`` (``argv`` without the program name), or
    None when it is not one of the plain forms (typer then parses it and reports any mistake)."""
    if not argv or argv[0] != "run":
        return None
    values: dict[str, Path] = {}
    verbose = False
    rest = argv[1:]
    i = 0
    while i < len(rest):
        arg = rest[i]
        if arg in ("-v", "--verbose"):
            verbose = True
            i += 1
            continue
        name, eq, value = arg.partition("=")
        if name not in ("--config", "--data-dir"):
            return None
        if not eq:
            if i + 1 >= len(rest):
                return None
            value = rest[i + 1]
            i += 1
        if not value or value.startswith("-"):
            return None
        values[name] = Path(value)
        i += 1
    return values.get("--config"), values.get("--data-dir"), verbose


__all__ = ["Done", "error_message", "parse_run", "plain_errors", "run_once"]
