"""``pbem demo``, ``pbem run`` and ``pbem daemon``: the mail loop's commands."""

from __future__ import annotations

import logging
from pathlib import Path
from types import FrameType

import typer

from pbem.cli.apps import (  # noqa: F401
    ConfigOpt,
    DataDirOpt,
    VerboseOpt,
    admin_app,
    app,
    cli_errors,
    fail,
)
from pbem.cli.tick import now as _now
from pbem.cli.tick import setup_logging as _setup_logging


@app.command("demo")
def demo(
    mail_dir: Path = typer.Option(
        None,
        "--mail-dir",
        help="Where to put the mailboxes, keys and game files (default: a new "
        "temporary directory).",
    ),
    seed: int = typer.Option(2018, help="The game's shuffle seed (the same seed, the same game)."),
    maildir_only: bool = typer.Option(
        False, "--maildir", help="Deliver into plain Maildirs even when Dovecot is installed."
    ),
    verbose: VerboseOpt = False,
) -> None:
    """Play a whole 4-player game by real mail between bots, with no configuration.

    An embedded SMTP server delivers into Dovecot (read over IMAP) when Dovecot is installed, or
    into Maildirs otherwise. At the end it shows one player's turn mail, the final result, and
    where the mailboxes are.
    """
    from pbem.demo import main_text, run_demo

    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    result = run_demo(
        mail_dir, seed=seed, use_dovecot=False if maildir_only else None, echo=typer.echo
    )
    typer.echo(main_text(result))
    if not result.final_mail:
        typer.echo("The game did not finish: see the log above.", err=True)
        raise typer.Exit(1)


@app.command("sandbox")
def sandbox_cmd(
    directory: Path = typer.Argument(
        ...,
        help="Where the sandbox keeps its config, mailboxes, "
        "games and keys (reused at the next start).",
    ),
    players: int = typer.Option(4, help="How many player accounts (2 to 6), each with a muttrc."),
    interval: float = typer.Option(
        5.0, help="Seconds between ticks of the mail loop (0: none; run 'pbem run' yourself)."
    ),
    maildir_only: bool = typer.Option(
        False, "--maildir", help="Deliver into plain Maildirs even when Dovecot is installed."
    ),
) -> None:
    """Try the service with local mail: start a private Dovecot and SMTP relay, write a pbem.toml
    for them and a muttrc per player, print how to play from the terminal, and run the mail loop
    until Ctrl-C (which stops the servers cleanly)."""
    from pbem.sandbox import run_sandbox

    logging.basicConfig(
        level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s"
    )
    run_sandbox(
        directory,
        players=players,
        use_dovecot=False if maildir_only else None,
        interval=interval,
        echo=lambda s: typer.echo(s),
    )


@app.command("run")
def run(
    config: ConfigOpt = None,
    data_dir: DataDirOpt = None,
    verbose: VerboseOpt = False,
) -> None:
    """One tick of the mail loop (for cron): read the service mailbox, apply moves, mail everyone.

    Exit status 0 when healthy (or when another `pbem run` is active: this one then prints one
    line and does nothing); 1 when something needs the GM (shunted mail, a failed delivery, a
    stopped game; the GM also gets a mail); 2 on a configuration error.
    """
    from pbem.cli.tick import run_once

    # The same function as the typer-free path of ``pbem.cli.main`` (pbem.cli.tick).
    raise typer.Exit(run_once(config, data_dir, verbose))


DAEMON_SMTP_KEEP = 60.0
"""Seconds ``pbem daemon`` keeps an idle SMTP connection for the next answer (servers close idle
connections after a few minutes: Postfix's ``smtpd_timeout`` is 300 s)."""


@app.command("daemon")
def daemon(
    config: ConfigOpt = None,
    data_dir: DataDirOpt = None,
    interval: float = typer.Option(300.0, help="Seconds between ticks when no mail arrives."),
    verbose: VerboseOpt = False,
) -> None:
    """Run the mail loop continuously: wait on IMAP IDLE (or poll a Maildir) and tick on new mail,
    and at least every --interval seconds (deadlines, retries). Stops cleanly on SIGTERM/SIGINT."""
    import signal

    from pbem.config import load_config
    from pbem.runner import build_sender, build_service, build_source, run_daemon

    stop = {"now": False}

    def _stop(signum: int, frame: FrameType | None) -> None:
        stop["now"] = True

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    with cli_errors():
        cfg = load_config(config, data_dir=data_dir)
        _setup_logging(cfg.log_file, verbose)
        service = build_service(cfg, _now)
        source = build_source(cfg)
        # The SMTP connection stays open between ticks (checked with NOOP before each use).
        sender = build_sender(cfg, keep_open=DAEMON_SMTP_KEEP)
    log = logging.getLogger("pbem.daemon")
    log.info("daemon started")
    run_daemon(
        service,
        source,
        sender,
        clock=_now,
        should_stop=lambda: stop["now"],
        interval=interval,
        limit=cfg.limits.max_messages_per_tick,
    )
    for part in (source, sender):
        close = getattr(part, "close", None)
        if close:
            close()
    log.info("daemon stopped")


@admin_app.command("resend")
def resend(
    game: str = typer.Argument(..., help="The game id."),
    seat: list[str] = typer.Option(
        None,
        "--seat",
        help="Only this seat (number, colour or address); repeatable. Default: every player.",
    ),
    config: ConfigOpt = None,
    data_dir: DataDirOpt = None,
) -> None:
    """Mail the current board again, for a player who lost it. The next `pbem run` sends it."""
    from pbem.cli.admin.common import resolve_seat
    from pbem.config import load_config
    from pbem.runner import build_service

    with cli_errors():
        cfg = load_config(config, data_dir=data_dir)
        service = build_service(cfg, _now)
        record = service.store.load(game)
        seats = [resolve_seat(record, s) for s in seat] if seat else None
        n = service.resend(game, seats)
    typer.echo(f"{n} mail(s) queued; the next 'pbem run' sends them.")
