"""One leave for all of a player's games (issue 27).

``VACATION 10d`` by mail (or ``pbem admin vacation ADDRESS 10d``) stops the clocks of that
address in every active game it plays at once. The leave is an allowance of the **address**, not
of a game:

- a yearly allowance (``[leave] days_per_year`` in pbem.toml, 30 by default) that is **accrued
  monthly**: an address starts with the whole allowance; each calendar month (UTC) gives back a
  twelfth of it, never more than the allowance; each use costs its length when it is taken, and
  ``BACK`` gives back what was not used;
- a use lasts at least ``[leave] min_hours`` (24 by default);
- a game created with ``vacation=0`` (a tournament) is never paused, and each game's own
  ``vacation`` allowance stays an upper bound: a game whose allowance is nearly spent pauses for
  what is left of it only.

Nothing is kept outside the games: each game the leave pauses gets a ``vacation`` line of its
signed log carrying the leave's id (``leave``), and ``auto`` when the service spent it by itself
before a missed decision (``VACATION AUTO``). What an address has used is read back from those
lines (a leave counts once, for its longest stretch in any game), so the account survives a crash
and a replay like every other fact of a game.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Protocol

from pbem.commands.durations import say_duration, say_time, short_duration
from pbem.errors import CommandError, ConflictError, GameStopped
from pbem.i18n import _
from pbem.model import parse_time
from pbem.service.policy import policy_of
from pbem.service.vacations import away_until, vacation_used
from pbem.store import Back, GameRecord, Vacation
from pbem.store.payloads import BackLine, VacationLine

if TYPE_CHECKING:
    from pbem.service.ports import Policy
    from pbem.service.prefs import Prefs
    from pbem.store import Store

log = logging.getLogger("pbem.service")

DAYS_PER_YEAR = 30
"""The yearly allowance of an address when pbem.toml says nothing (``[leave] days_per_year``)."""
MIN_HOURS = 24
"""The shortest use (``[leave] min_hours``)."""
AUTO_MAX_DAYS = 14
"""What ``VACATION AUTO`` spends at most in a row in a game whose player does not answer, and
for an address that answered in none of its games (``[leave] auto_max_days``): a player who has
gone holds the games up no longer than a holiday."""


@dataclass(frozen=True)
class LeaveRules:
    """The service's leave settings (from pbem.toml)."""

    per_year: timedelta = timedelta(days=DAYS_PER_YEAR)
    min_use: timedelta = timedelta(hours=MIN_HOURS)
    auto_max: timedelta = timedelta(days=AUTO_MAX_DAYS)
    """The most VACATION AUTO spends in a row in one game without an answer (0: no limit)."""

    @property
    def monthly(self) -> timedelta:
        """What each calendar month gives back."""
        return self.per_year / 12


def rules_of(policy: Policy) -> LeaveRules:
    """The leave settings of a :class:`~pbem.service.ports.Policy`."""
    return LeaveRules(
        per_year=timedelta(days=policy.leave_days_per_year),
        min_use=timedelta(hours=policy.leave_min_hours),
        auto_max=timedelta(days=policy.leave_auto_max_days),
    )


def auto_run(record: GameRecord, seat: int) -> timedelta:
    """The leave spent by VACATION AUTO for ``seat`` in this game since its player last
    answered in it (a move of their own, or the seat changing hands, starts it again)."""
    from pbem.store.payloads import ActionLine, ReplaceLine

    run = timedelta(0)
    for e in record.entries:
        p = e.payload
        if isinstance(p, ActionLine | ReplaceLine) and p.seat == seat:
            if not (isinstance(p, ActionLine) and p.source == "timer"):
                run = timedelta(0)
        elif isinstance(p, VacationLine) and p.seat == seat and p.auto:
            run += parse_time(p.until) - parse_time(p.start)
    return run


def last_answer(record: GameRecord, seat: int) -> datetime | None:
    """When the player holding ``seat`` last gave a sign of life in this game: a move of their
    own (not the computer's for a missed decision), a leave or a BACK they wrote, or the seat
    changing hands (taking it over is a confirmed mail; None: never)."""
    from pbem.store.payloads import ActionLine, ReplaceLine

    at: str | None = None
    for e in record.entries:
        p = e.payload
        if (
            (isinstance(p, ReplaceLine | BackLine) and p.seat == seat)
            or (isinstance(p, ActionLine) and p.seat == seat and p.source not in ("timer", "bot"))
            or (isinstance(p, VacationLine) and p.seat == seat and not p.auto)
        ):
            at = e.time
    return parse_time(at) if at is not None else None


def silent_auto_run(store: Store, address: str) -> timedelta:
    """The leave VACATION AUTO spent for ``address`` since it last answered in **any** of its
    games (each leave once). :func:`auto_run` counts one game; this one stops a player who has
    gone from holding their games by turns: a game that started after their automatic leave ran
    in their other games, or whose own count a move elsewhere did not reset."""
    heard: datetime | None = None
    for rec in _records(store, address):
        seat = rec.envelope.seat_of_email(address)
        at = last_answer(rec, seat) if seat is not None else None
        if at is not None and (heard is None or at > heard):
            heard = at
    return sum(
        (
            u.length
            for u in uses_of(store, address)
            if u.auto and (heard is None or u.start >= heard)
        ),
        timedelta(0),
    )


class LeavePorts(Protocol):
    """What taking or ending a leave in every game of an address needs: the store, the
    address's choices (None: not kept), and the notify port (the GM's command gives one that
    leaves the mails to the next tick)."""

    @property
    def store(self) -> Store: ...

    @property
    def prefs(self) -> Prefs | None: ...

    def notify(self, game_id: str) -> int: ...


@dataclass(frozen=True)
class Use:
    """One leave of an address, as its games' logs record it."""

    id: str
    start: datetime
    until: datetime
    auto: bool = False

    @property
    def length(self) -> timedelta:
        return self.until - self.start


def leave_id(start: datetime) -> str:
    """The id of a leave taken at ``start`` (one a second per address is plenty)."""
    return "L" + start.strftime("%Y%m%dT%H%M%SZ")


def spans(record: GameRecord, seat: int) -> dict[str, Use]:
    """The leaves of ``seat`` in one game (id -> stretch, a ``back`` line cutting the running
    one short)."""
    out: dict[str, Use] = {}
    for e in record.entries:  # not fold.walk: vacation and back lines only, no move numbers
        match e.payload:
            case VacationLine(seat=s, leave=lid, start=start, until=until, auto=auto) if (
                s == seat and lid
            ):
                use = Use(lid, parse_time(start), parse_time(until), auto)
                old = out.get(lid)
                if old is not None:  # the same leave extended in this game: one stretch
                    use = Use(lid, min(old.start, use.start), max(old.until, use.until), auto)
                out[lid] = use
            case BackLine(seat=s) if s == seat:
                at = parse_time(e.time)
                out = {
                    k: Use(u.id, u.start, min(u.until, max(at, u.start)), u.auto)
                    if u.until > at
                    else u
                    for k, u in out.items()
                }
    return out


def games_of(store: Store, address: str, *, active_only: bool = False) -> list[str]:
    """The games where ``address`` holds a seat now (read from the list index: one file)."""
    address = address.strip().lower()
    out = []
    for row in store.rows():
        if row.error is not None or address not in row.players:
            continue
        if active_only and row.status != "active":
            continue
        out.append(row.game_id)
    return out


def _records(store: Store, address: str, active_only: bool = False) -> Iterable[GameRecord]:
    for gid in games_of(store, address, active_only=active_only):
        try:
            yield store.load(gid, verify=False)
        except Exception:  # noqa: BLE001 - a broken game is the GM's; the others still count
            log.warning("leave: game %s could not be read", gid)


def uses_of(store: Store, address: str) -> list[Use]:
    """Every leave of ``address``, each for its longest stretch in any of its games."""
    best: dict[str, Use] = {}
    for rec in _records(store, address):
        seat = rec.envelope.seat_of_email(address)
        if seat is None:
            continue
        for lid, u in spans(rec, seat).items():
            old = best.get(lid)
            if old is None or u.length > old.length:
                best[lid] = u
    return sorted(best.values(), key=lambda u: u.start)


def _months(a: datetime, b: datetime) -> int:
    """Calendar months (UTC) begun after ``a`` up to ``b``."""
    return max(0, (b.year * 12 + b.month) - (a.year * 12 + a.month))


def balance(uses: Iterable[Use], rules: LeaveRules, now: datetime) -> timedelta:
    """What is left at ``now``: the whole allowance to start with, a twelfth back each month
    (capped at the allowance), each use taken off when it starts."""
    left = rules.per_year
    mark: datetime | None = None
    for u in sorted(uses, key=lambda u: u.start):
        at = min(u.start, now)  # a leave granted to start later is owed already
        if mark is not None:
            left = min(rules.per_year, left + rules.monthly * _months(mark, at))
        mark = at if mark is None else max(mark, at)
        left -= u.length
    if mark is not None:
        left = min(rules.per_year, left + rules.monthly * _months(mark, now))
    return max(left, timedelta(0))


def left_of(
    store: Store, address: str, rules: LeaveRules, now: datetime, prefs: Prefs | None = None
) -> timedelta:
    """What ``address`` has left (``prefs``: its choices file, whose ``leave_taken`` mark spares
    reading its games when it never took leave)."""
    if prefs is not None and not prefs.leave_taken(address):
        return rules.per_year
    return balance(uses_of(store, address), rules, now)


def mark_taken(prefs: Prefs | None, address: str) -> None:
    """Before a leave line is written: the address's games must be read from now on."""
    if prefs is not None:
        prefs.mark_leave_taken(address)


def on_leave_until(store: Store, address: str, now: datetime) -> datetime | None:
    """The end of the address's running leave (None: not on leave)."""
    ends = [u.until for u in uses_of(store, address) if u.start <= now < u.until]
    return max(ends) if ends else None


def problem(
    store: Store, address: str, length: timedelta, rules: LeaveRules, now: datetime
) -> str | None:
    """Why ``address`` may not take a leave of ``length`` now (None: it may)."""
    if length < rules.min_use:
        return _(
            "A leave lasts at least %(least)s: write VACATION 1d or longer (VACATION 10d stops "
            "your clocks in all your games for ten days)."
        ) % {"least": say_duration(rules.min_use)}
    left = left_of(store, address, rules, now)
    if length > left:
        return _(
            "You have %(left)s of leave left (%(year)s a year, %(month)s more each month), so "
            "VACATION %(asked)s is too long. Ask for at most what is left."
        ) % {
            "left": say_duration(left),
            "year": say_duration(rules.per_year),
            "month": say_duration(rules.monthly),
            "asked": _short(length),
        }
    return None


def _short(td: timedelta) -> str:
    return short_duration(td)


# ==================================================================== taking and ending it


@dataclass
class GameLeave:
    """What a leave did in one game."""

    game_id: str
    until: datetime | None
    """The game's clock for the address restarts then (None: the game was not paused)."""
    why: str = ""
    """Why it was not paused, or was paused for less (a sentence for the player)."""


@dataclass
class Taken:
    id: str
    games: list[GameLeave] = field(default_factory=list)


def game_entry(
    record: GameRecord,
    seat: int,
    length: timedelta,
    now: datetime,
    lid: str,
    *,
    source: str = "mail",
    message_id: str | None = None,
    auto: bool = False,
    start: datetime | None = None,
) -> tuple[Vacation | None, GameLeave]:
    """The ``vacation`` line a leave writes in one game, cut to the game's own allowance (None
    when the game is not paused: ended, ``vacation=0``, allowance spent)."""
    env = record.envelope
    gid = env.game_id
    if env.status == "ended":
        return None, GameLeave(gid, None, _("the game has ended"))
    allowance = policy_of(env).vacation
    if allowance <= timedelta(0):
        return None, GameLeave(gid, None, _("the game allows no vacations (a tournament)"))
    room = allowance - vacation_used(record, seat)
    if room <= timedelta(0):
        return None, GameLeave(
            gid,
            None,
            _("your %(allowance)s of vacation in this game are used up")
            % {"allowance": say_duration(allowance)},
        )
    why = ""
    if length > room:
        why = _("this game allows %(allowance)s of vacation per player; %(left)s were left") % {
            "allowance": say_duration(allowance),
            "left": say_duration(room),
        }
        length = room
    at = start if start is not None else now
    begin = away_until(record, seat, at) or at
    until = begin + length
    entry = Vacation(
        seat,
        begin,
        until,
        source=source,  # type: ignore[arg-type]
        message_id=message_id,
        leave=lid,
        auto=auto,
    )
    return entry, GameLeave(gid, until, why)


def take(
    service: LeavePorts,
    address: str,
    length: timedelta,
    now: datetime,
    *,
    source: str = "mail",
    skip: str | None = None,
    lid: str | None = None,
    auto: bool = False,
    start: datetime | None = None,
    message_id: str | None = None,
) -> Taken:
    """Write the leave's line in every active game of ``address`` (but ``skip``, whose line the
    caller commits itself), and queue each game's mails (everyone is told the return date).
    ``message_id`` goes into each game's ledger, so that the same mail never takes it twice."""
    store = service.store
    lid = lid or leave_id(start or now)
    taken = Taken(lid)
    mark_taken(service.prefs, address)
    for gid in games_of(store, address, active_only=True):
        if gid == skip:
            continue
        for _attempt in range(3):
            try:
                with store.lock(gid):
                    rec = store.load(gid)
                    if message_id and rec.envelope.has_message(message_id):
                        break
                    seat = rec.envelope.seat_of_email(address)
                    if seat is None or rec.envelope.status != "active":
                        break
                    entry, what = game_entry(
                        rec,
                        seat,
                        length,
                        now,
                        lid,
                        source=source,
                        message_id=message_id,
                        auto=auto,
                        start=start,
                    )
                    if entry is not None:
                        store.commit(gid, rec.seq, [entry], now)
                    taken.games.append(what)
                break
            except ConflictError:
                continue
            except (GameStopped, CommandError) as err:
                taken.games.append(GameLeave(gid, None, str(err)))
                break
        if any(g.game_id == gid and g.until is not None for g in taken.games):
            service.notify(gid)
    return taken


def end(
    service: LeavePorts,
    address: str,
    now: datetime,
    *,
    source: str = "mail",
    skip: str | None = None,
    message_id: str | None = None,
) -> list[str]:
    """BACK: end the address's running leave in every game where it runs (but ``skip``); the
    games where it ended."""
    store = service.store
    done: list[str] = []
    for gid in games_of(store, address, active_only=True):
        if gid == skip:
            continue
        with store.lock(gid):
            rec = store.load(gid)
            seat = rec.envelope.seat_of_email(address)
            if seat is None or away_until(rec, seat, now) is None:
                continue
            if message_id and rec.envelope.has_message(message_id):
                continue
            try:
                store.commit(gid, rec.seq, [Back(seat, source=source, message_id=message_id)], now)  # type: ignore[arg-type]
            except (ConflictError, GameStopped, CommandError):
                continue
        done.append(gid)
        service.notify(gid)
    return done


def summary_lines(taken: Taken, left: timedelta) -> list[str]:
    """What the player is told of a leave: each game, and what is left."""
    out: list[str] = []
    for g in sorted(taken.games, key=lambda g: g.game_id):
        if g.until is None:
            out.append(_("%(game)s: not paused (%(why)s).") % {"game": g.game_id, "why": g.why})
        elif g.why:
            out.append(
                _("%(game)s: your clock stops until %(when)s (%(why)s).")
                % {"game": g.game_id, "when": say_time(g.until), "why": g.why}
            )
        else:
            out.append(
                _("%(game)s: your clock stops until %(when)s.")
                % {"game": g.game_id, "when": say_time(g.until)}
            )
    out.append(left_line(left))
    return out


def left_line(left: timedelta) -> str:
    return _("Leave left for all your games: %(left)s.") % {"left": say_duration(left)}
