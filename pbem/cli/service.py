"""``pbem demo``, ``pbem run`` and ``pbem daemon``: the mail loop's commands."""

from __future__ import annotations

import logging
from pathlib import Path

import typer

from pbem.cli.app import admin_app, app  # noqa: F401


@app.command("demo")
def demo(
    mail_dir: Path = typer.Option(
        None, "--mail-dir", help="Where to put the mailboxes, keys and game files (default: a new "
        "temporary directory)."
    ),
    seed: int = typer.Option(2018, help="The game's shuffle seed (the same seed, the same game)."),
    maildir_only: bool = typer.Option(
        False, "--maildir", help="Deliver into plain Maildirs even when Dovecot is installed."
    ),
    verbose: bool = typer.Option(False, "-v", "--verbose", help="Log every step to stderr."),
) -> None:
    """Play a whole 4-player game by real mail between bots, with no configuration.

    An embedded SMTP server delivers into Dovecot (read over IMAP) when Dovecot is installed, or
    into Maildirs otherwise. At the end it shows one player's turn mail, the final result, and
    where the mailboxes are.
    """
    from pbem.demo import main_text, run_demo

    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    result = run_demo(mail_dir, seed=seed, use_dovecot=False if maildir_only else None,
                      echo=typer.echo)
    typer.echo(main_text(result))
    if not result.final_mail:
        typer.echo("The game did not finish: see the log above.", err=True)
        raise typer.Exit(1)
