"""Vacations (issue 13): a ``vacation`` log line (``VACATION 7d`` by mail, ``pbem admin
vacation``) stops a seat's deadlines; ``back`` cuts the running one short. Everything here is
read from the game's log, so it survives a crash and a replay.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from pbem.commands.durations import say_duration
from pbem.i18n import _
from pbem.model import parse_time
from pbem.service.clocks import Away
from pbem.service.policy import policy_of
from pbem.store import GameRecord
from pbem.store.payloads import BackLine, VacationLine


def vacations(record: GameRecord) -> list[Away]:
    """Every vacation of the game, a ``back`` line cutting the running one of its seat short."""
    out: list[Away] = []
    # Its own pass, not fold.walk: move numbers mean nothing here, only vacation and back lines.
    for e in record.entries:
        match e.payload:
            case VacationLine(seat=seat, start=start, until=until):
                out.append(Away(seat, parse_time(start), parse_time(until)))
            case BackLine(seat=seat):
                at = parse_time(e.time)
                out = [
                    Away(a.seat, a.start, min(a.until, max(at, a.start)))
                    if a.seat == seat and a.until > at
                    else a
                    for a in out
                ]
    return [a for a in out if a.until > a.start]


def away_until(record: GameRecord, seat: int, now: datetime) -> datetime | None:
    """When ``seat`` is back, if it is away at ``now``."""
    ends = [a.until for a in vacations(record) if a.seat == seat and a.start <= now < a.until]
    return max(ends) if ends else None


def vacation_used(record: GameRecord, seat: int) -> timedelta:
    return sum((a.until - a.start for a in vacations(record) if a.seat == seat), timedelta(0))


def vacation_problem(record: GameRecord, seat: int, length: timedelta) -> str | None:
    """Why ``seat`` may not take a vacation of ``length`` now (None: it may)."""
    env = record.envelope
    if env.status == "ended":
        return _("Game %(game)s has ended; there are no deadlines to stop.") % {"game": env.game_id}
    allowance = policy_of(env).vacation
    used = vacation_used(record, seat)
    if length <= timedelta(0):
        return _("A vacation needs a length, such as VACATION 7d (days), 36h or 90m.")
    if used + length > allowance:
        left = max(allowance - used, timedelta(0))
        if allowance <= timedelta(0):
            return _("Game %(game)s allows no vacations.") % {"game": env.game_id}
        return _(
            "Game %(game)s allows %(allowance)s of vacation per player; you have used %(used)s, "
            "so at most %(left)s are left."
        ) % {
            "game": env.game_id,
            "allowance": say_duration(allowance),
            "used": say_duration(used),
            "left": say_duration(left),
        }
    return None
