"""Each address's own choices and troubles, across games: ``pbem admin lang``, ``mail``, ``bounces``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from pbem import layout
from pbem.cli.apps import DEFAULT_SITE, AddressArg, Site
from pbem.errors import (
    CommandError,
)

if TYPE_CHECKING:  # the store and its crypto load inside the commands: 'pbem --help' needs neither
    pass
from pbem.cli.admin.common import _address, _bounce_book, _errors, _prefs, _print_json
from pbem.cli.admin.games import _set_langs
from pbem.cli.apps import JsonOpt, plain_option


def lang_pref(
    address: AddressArg,
    lang: Annotated[
        str,
        typer.Argument(help="en, fr, it or de, or default (the game's -o lang=... decides)."),
    ],
    site: Site = DEFAULT_SITE,
) -> None:
    """Set the language of a player's mail, in every game they play from that address (what
    they can set themselves with LANG FR, LANGUE IT, SPRACHE DE...)."""
    from pbem import i18n

    with _errors():
        choice = lang.strip().lower()
        code = None if choice == "default" else i18n.normalize(choice)
        if code is None and choice != "default":
            raise CommandError(f"{lang!r} is not a language: en, fr, it, de or default.")
        if code is None:
            _prefs(site).set_lang(_address(address), None)
        else:
            _set_langs(site, [(address, code)])
    typer.echo(f"{_address(address)}: lang {code or 'default'}.")


def mail_pref(
    address: AddressArg,
    mode: Annotated[
        str | None,
        typer.Argument(
            help="every (a mail for every move), turns (only their turn and game events), "
            "digest (their turn and game events, the rest once a day) or default (the game's "
            "-o mail=... decides).",
            show_default=False,
        ),
    ] = None,
    turn_files: Annotated[
        str | None,
        plain_option(
            "--turn-files",
            help="Which mails carry the player's turn file: own (their turn, the default), off "
            "or every (every mail about the position).",
        ),
    ] = None,
    site: Site = DEFAULT_SITE,
) -> None:
    """Set how much mail a player gets, in every game they play from that address (what they
    can set themselves with MAIL EVERY, MAIL TURNS or MAIL DIGEST), and with --turn-files which
    mails carry their turn file (MAIL FILES OWN, OFF or EVERY)."""
    from pbem.service.prefs import MailMode, TurnFiles

    if mode is None and turn_files is None:
        raise typer.BadParameter(
            "give a mail setting (every, turns, digest, default) or --turn-files"
        )
    if turn_files is not None:
        with _errors():
            files = turn_files.strip().lower()
            if files not in ("own", "off", "every"):
                raise CommandError(f"{turn_files!r} is not a turn-file setting: own, off or every.")
            _prefs(site).set_files(_address(address), TurnFiles(files))
        typer.echo(f"{_address(address)}: turn files {files}.")
    if mode is None:
        return
    with _errors():
        choice = mode.strip().lower()
        if choice not in ("every", "turns", "digest", "default"):
            raise CommandError(f"{mode!r} is not a mail setting: every, turns, digest or default.")
        _prefs(site).set_mail(_address(address), None if choice == "default" else MailMode(choice))
    typer.echo(f"{_address(address)}: mail {choice}.")


def bounces_cmd(
    clear: Annotated[
        str | None,
        plain_option(
            "--clear",
            help="Forget this address's bounces: the service mails it again and its seats' "
            "deadlines run again.",
        ),
    ] = None,
    site: Site = DEFAULT_SITE,
    as_json: JsonOpt = False,
) -> None:
    """The addresses whose mail came back undelivered: how often, in which games and seats, and
    whether the service stopped mailing them."""
    book = _bounce_book(site)
    if clear is not None:
        from pbem.store.fsutil import atomic_write

        with _errors():
            addr = _address(clear)
            entry = book.clear(addr)
            if entry is None:
                raise CommandError(f"{addr} has no bounces on file.")
            # Its games' timers were held: the next tick schedules them again (journal marker).
            dirty = book.path.parent / layout.DIRTY
            for game in sorted({s.split(":", 1)[0] for s in entry.seats}):
                dirty.mkdir(parents=True, exist_ok=True, mode=0o700)
                atomic_write(dirty / game, b"", mode=0o600)
        typer.echo(f"{addr}: bounces forgotten; it is mailed again.")
        return
    data = book.all()
    if as_json:
        _print_json(data)
        return
    if not data:
        typer.echo("No bounces.")
        return
    for addr, e in sorted(data.items()):
        state = "NOT MAILED" if e.stopped else "mailed"
        typer.echo(
            f"{addr}: {e.count} bounce{'s' if e.count != 1 else ''} ({e.first} .. {e.last}), "
            f"{state}; seats {', '.join(e.seats)}; last: {e.detail}"
        )
