"""What every GM command shares: the options spelt once, the clock, the configuration and the
store, JSON output, seats named by number, colour or address, and one GM commit."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import msgspec
import typer

from pbem import layout
from pbem.cli.apps import GameArg as GameArg  # the admin commands' shared argument
from pbem.cli.apps import JsonOpt, PubkeyOpt, Site, cli_errors, fail  # noqa: F401 (the shared options)
from pbem.config import Config
from pbem.errors import (
    CommandError,
    ConfigError,
)

if TYPE_CHECKING:  # the store and its crypto load inside the commands: 'pbem --help' needs neither
    from pbem.service.bounces import BounceBook
    from pbem.service.prefs import Prefs
    from pbem.store import GameRecord, NewEntry, Store


SeatArg = Annotated[
    str, typer.Argument(help="The seat: its number (0 = first), its colour, or the player's email.")
]


ReasonOpt = Annotated[
    str, typer.Option("--reason", help="Why (recorded in the log; players see it).")
]


def _now() -> datetime:
    # The CLI is where the clock is read; the library gets it injected.
    return datetime.now(UTC)


_fail = fail


_errors = cli_errors


def _config(site: Site) -> Config:
    try:
        return site.load()
    except ConfigError as exc:
        _fail(str(exc), 2)


def _store(site: Site) -> Store:
    cfg = _config(site)
    with _errors():
        return cfg.store()
    raise AssertionError("unreachable")  # pragma: no cover


def _print_json(value: object) -> None:
    typer.echo(json.dumps(msgspec.to_builtins(value), indent=2, ensure_ascii=False))


def resolve_seat(record: GameRecord, text: str) -> int:
    """A seat from its number, its colour name or its player's email.

    Raises :class:`CommandError` otherwise (exit status 1: the game has no such seat; the command
    line itself was well-formed)."""
    seats = record.envelope.seats()
    names = record.seat_names()
    t = text.strip()
    if t.isdigit() and int(t) in seats:
        return int(t)
    lowered = [n.lower() for n in names]
    if t.lower() in lowered:
        return lowered.index(t.lower())
    if "@" in t:
        seat = record.envelope.seat_of_email(t)
        if seat is not None:
            return seat
    choices = ", ".join(
        f"{s} / {names[s]} / {record.envelope.active_player(s).email}" for s in seats
    )
    raise CommandError(f"{text!r} is not a seat of {record.game_id}; use one of: {choices}.")


def _not_a_plain_directory(target: str) -> None:
    """A directory given where a game is expected must be a copied game (it has a log)."""
    if Path(target).is_dir() and not (Path(target) / layout.LOG).is_file():
        _fail(
            f"{target} is a directory but not a copy of a game (no log.jsonl in it); give a "
            "game id, an export (.tar.gz) or a copied game directory."
        )


def _bounce_book(site: Site) -> BounceBook:
    """The bounces file (pbem.service.bounces.BounceBook) of the configured data directory."""
    from pbem.service.bounces import BounceBook

    return BounceBook(layout.outbox(_config(site).data_dir))


def _admin_commit(game: str, entry: NewEntry, site: Site) -> GameRecord:
    store = _store(site)
    with _errors(), store.lock(game):
        rec = store.load(game)
        return store.commit(game, rec.seq, [entry], _now())
    raise AssertionError("unreachable")  # pragma: no cover


def _prefs(site: Site) -> Prefs:
    """The per-address choices (pbem.service.prefs.Prefs) of the configured data directory."""
    from pbem.service.prefs import Prefs

    return Prefs(layout.outbox_file(_config(site).data_dir, layout.PREFS))


def _address(address: str) -> str:
    """A player's address as the GM typed it, checked like every address at admin new."""
    from pbem.model import check_email

    try:
        return check_email(address)
    except ValueError as err:
        raise CommandError(str(err)) from None
