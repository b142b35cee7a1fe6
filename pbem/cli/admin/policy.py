"""The clock of a game: ``pbem admin deadline``, ``policy`` (the service settings), ``vacation``."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Annotated

import typer

from pbem.cli.apps import DEFAULT_SITE, Site
from pbem.errors import (
    CommandError,
)
from pbem.model import iso_time

if TYPE_CHECKING:  # the store and its crypto load inside the commands: 'pbem --help' needs neither
    from pbem.service.prefs import Prefs
    from pbem.store import Store
from pbem.cli.admin.common import (
    GameArg,
    _address,
    _config,
    _errors,
    _now,
    _prefs,
    _store,
    resolve_seat,
)
from pbem.commands.durations import exact_span, parse_short


def deadline(
    game: GameArg,
    kind: Annotated[
        str, typer.Argument(help="The decision kind, e.g. move (see 'show'), or * for every kind.")
    ],
    when: Annotated[
        str,
        typer.Argument(
            help="A duration (3d, 12h, 90m), an absolute UTC time (2026-06-01T18:00:00Z), or off."
        ),
    ],
    site: Site = DEFAULT_SITE,
) -> None:
    """Set the deadline of one kind of decision (the runner acts on it)."""
    from pbem.store import SetDeadline

    entry: SetDeadline
    length = parse_short(when)
    if when.strip().lower() == "off":
        entry = SetDeadline(kind)
    elif length is not None:
        entry = SetDeadline(kind, seconds=int(length.total_seconds()))
    else:
        try:
            at = datetime.fromisoformat(when.strip().replace("Z", "+00:00"))
        except ValueError:
            raise typer.BadParameter(
                f"{when!r} is not a duration like 3d / 12h / 90m, a time like 2026-06-01T18:00:00Z, or off"
            ) from None
        if at.tzinfo is None:
            at = at.replace(tzinfo=UTC)
        entry = SetDeadline(kind, at=at)
    store = _store(site)
    with _errors(), store.lock(game):
        rec = store.load(game)
        from pbem.service import community

        kinds = community.decision_kinds(rec)
        if kind != "*" and kind not in kinds:
            raise CommandError(
                f"{game} has no decision kind {kind!r}; its kinds are "
                + ", ".join(kinds)
                + " (or * for every kind)."
            )
        if entry.at is not None and entry.at <= _now():
            raise CommandError(
                f"{iso_time(entry.at)} is already past (it is {iso_time(_now())} now); "
                "give a time in the future, or a duration such as 3d."
            )
        store.commit(game, rec.seq, [entry], _now())
    if entry.seconds:
        typer.echo(
            f"{game}: '{kind}' decisions are due {exact_span(entry.seconds)} after they arise."
        )
    elif entry.at:
        typer.echo(f"{game}: '{kind}' decisions are due at {iso_time(entry.at)}.")
    else:
        typer.echo(f"{game}: no deadline for '{kind}' decisions.")


def policy(
    game: GameArg,
    settings: Annotated[
        list[str] | None,
        typer.Argument(
            help="name=value pairs: nmr=computer|gm, remind=24h,half|off, grace=2h, "
            "vacation=14d. None: show the game's settings.",
            show_default=False,
        ),
    ] = None,
    site: Site = DEFAULT_SITE,
) -> None:
    """Show or change the game's service settings: what a missed deadline does, reminders, grace,
    the vacation allowance."""
    from pbem.service import community
    from pbem.store import SetPolicy

    entries: list[SetPolicy] = []
    for item in settings or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise typer.BadParameter(f"{item!r}: write name=value, e.g. nmr=gm")
        try:
            entries.append(SetPolicy(name.strip().lower(), community.check_policy(name, value)))
        except CommandError as err:
            raise typer.BadParameter(str(err)) from None
    store = _store(site)
    with _errors(), store.lock(game):
        rec = store.load(game)
        if entries:
            rec = store.commit(game, rec.seq, entries, _now())
    for name in sorted(community.DEFAULTS):
        set_to = rec.envelope.options.get(name)
        shown = set_to if set_to is not None else f"{community.DEFAULTS[name]} (default)"
        typer.echo(f"{game}: {name}={shown}")


def vacation(
    game: Annotated[
        str,
        typer.Argument(
            help="The game (then SEAT and LENGTH), or a player's ADDRESS (then LENGTH): their "
            "leave for all their games.",
            show_default=False,
        ),
    ],
    seat: Annotated[
        str,
        typer.Argument(
            help="The seat (with a game), or the LENGTH (with an address).", show_default=False
        ),
    ],
    length: Annotated[
        str | None,
        typer.Argument(
            help="How long: 7d, 36h, 90m; or back (end the running one); with an address also "
            "auto / manual (VACATION AUTO / MANUAL).",
            show_default=False,
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option("--force", help="Beyond the game's vacation allowance (or the leave left)."),
    ] = False,
    site: Site = DEFAULT_SITE,
) -> None:
    """Send a player on vacation (their deadlines stop; every player is told the return date),
    or end it early with 'back'. With an ADDRESS instead of a game: the player's leave for all
    their games (pbem admin vacation ann@example.org 10d)."""
    from pbem.service import community
    from pbem.store import Back, Vacation

    if "@" in game:
        _leave_for_address(game, seat, force, site)
        return
    if length is None:
        raise typer.BadParameter("write pbem admin vacation GAME SEAT LENGTH (or ADDRESS LENGTH).")
    store = _store(site)
    with _errors(), store.lock(game):
        rec = store.load(game)
        s = resolve_seat(rec, seat)
        now = _now()
        if length.strip().lower() == "back":
            if community.away_until(rec, s, now) is None:
                raise CommandError(f"seat {s} of {game} is not on vacation.")
            store.commit(game, rec.seq, [Back(s, source="gm")], now)
            typer.echo(f"{game}: seat {s} is back.")
            return
        td = _length(length)
        problem = community.vacation_problem(rec, s, td)
        if problem and not force:
            raise CommandError(problem + " (--force to grant it anyway)")
        start = community.away_until(rec, s, now) or now
        store.commit(game, rec.seq, [Vacation(s, start, start + td, source="gm")], now)
    typer.echo(f"{game}: seat {s} is on vacation until {iso_time(start + td)}.")


class _LeaveDesk:
    """What :mod:`pbem.service.leave` needs of the service, for a GM command: the store (each
    commit marks the game for the next tick, which mails everyone)."""

    def __init__(self, store: Store, prefs: Prefs) -> None:
        self.store = store
        self.prefs = prefs
        """Its ``leave_taken`` mark is set before the first leave line of an address."""

    def notify(self, game_id: str) -> int:
        return 0  # the journal's marker: the next tick sends the mails


def _leave_for_address(address: str, length: str, force: bool, site: Site) -> None:
    """``pbem admin vacation ADDRESS 10d|back|auto|manual`` (issue 27)."""
    from pbem.service import community, leave

    addr = _address(address)
    cfg = _config(site)
    rules = leave.LeaveRules(
        per_year=timedelta(days=cfg.leave.days_per_year),
        min_use=timedelta(hours=cfg.leave.min_hours),
    )
    store = _store(site)
    desk = _LeaveDesk(store, _prefs(site))
    now = _now()
    word = length.strip().lower()
    with _errors():
        if not leave.games_of(store, addr):
            raise CommandError(f"{addr} plays in no game here.")
        if word in ("auto", "manual"):
            _prefs(site).set_leave_auto(addr, word == "auto")
            typer.echo(f"{addr}: VACATION {word.upper()}.")
            return
        if word == "back":
            done = leave.end(desk, addr, now, source="gm")
            if not done:
                raise CommandError(f"{addr} is not on vacation in any game.")
            typer.echo(f"{addr} is back in {', '.join(done)}.")
            return
        td = _length(length)
        problem = leave.problem(store, addr, td, rules, now)
        if problem and not force:
            raise CommandError(problem + " (--force to grant it anyway)")
        taken = leave.take(desk, addr, td, now, source="gm")
        for g in sorted(taken.games, key=lambda g: g.game_id):
            if g.until is None:
                typer.echo(f"{g.game_id}: not paused ({g.why}).")
            else:
                extra = f" ({g.why})" if g.why else ""
                typer.echo(f"{g.game_id}: on vacation until {iso_time(g.until)}{extra}.")
        left = leave.left_of(store, addr, rules, now)
        typer.echo(f"{addr}: leave left {community.short_duration(left)}.")


def _length(text: str) -> timedelta:
    """A vacation's length as the GM wrote it ("3d", "2 weeks"); a bad one is a bad parameter."""
    from pbem.service import community

    try:
        return community.parse_duration(text)
    except ValueError as err:
        raise typer.BadParameter(str(err)) from None
