"""Time controls of a game (issue 27): a time bank per seat, and weekends that do not count.

- ``time=move`` (the default): today's deadline per decision (``pbem admin deadline``);
- ``time=bank:10d+1d``: each seat has a bank of ten days; the time it takes over a decision
  (from the position it answered to its action) is taken from it, then one day is added after
  each of its decisions, never beyond the start value (a Fischer clock in days, as ICCF and Red
  Hot Pawn play). A decision's deadline is when the seat's bank runs out;
- ``weekends=pause``: time on Saturdays and Sundays (UTC) does not count, for a bank or a
  per-decision deadline alike (``weekends=count``, the default, counts it).

A seat's bank is folded from the game's log (each action line, the position time before it, the
seat's vacations), so it needs no state of its own and a replay gives the same figures.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from pbem.commands.durations import parse_duration
from pbem.model import parse_time

if TYPE_CHECKING:
    from pbem.store import GameRecord

_BANK = re.compile(r"^bank:(\d{1,6}[dhm])(?:\+(\d{1,6}[dhm]|0))?$")
DAY = timedelta(days=1)


@dataclass(frozen=True)
class Away:
    """A seat's time away (a vacation, cut short by ``back``, as :mod:`pbem.service.vacations`
    reads it from the log): its clock stops meanwhile."""

    seat: int
    start: datetime
    until: datetime


@dataclass(frozen=True)
class Bank:
    start: timedelta
    """What each seat starts with, and the cap."""
    add: timedelta
    """What each decision adds."""


def parse_control(text: str) -> Bank | None:
    """``move`` (None: a deadline per decision) or ``bank:10d+1d``; ``ValueError`` otherwise."""
    t = text.strip().lower()
    if t == "move":
        return None
    m = _BANK.match(t)
    if not m:
        raise ValueError(
            "time is move (a deadline per decision) or bank:START+ADD, such as bank:10d+1d"
        )
    start = parse_duration(m.group(1))
    add = parse_duration(m.group(2) or "0")
    if start <= timedelta(0):
        raise ValueError("a time bank needs a start value, such as bank:10d+1d")
    return Bank(start, add)


def _is_weekend(t: datetime) -> bool:
    return t.weekday() >= 5


def _day_start(t: datetime) -> datetime:
    return t.replace(hour=0, minute=0, second=0, microsecond=0)


def counted(a: datetime, b: datetime, weekends_pause: bool) -> timedelta:
    """The time from ``a`` to ``b`` that counts (Saturdays and Sundays left out when paused)."""
    if b <= a:
        return timedelta(0)
    if not weekends_pause:
        return b - a
    total = timedelta(0)
    t = a
    while t < b:
        nxt = min(_day_start(t) + DAY, b)
        if not _is_weekend(t):
            total += nxt - t
        t = nxt
    return total


def add_counted(start: datetime, length: timedelta, weekends_pause: bool) -> datetime:
    """When ``length`` of counted time has run from ``start``."""
    if not weekends_pause:
        return start + length
    t, left = start, length
    while True:
        if _is_weekend(t):
            t = _day_start(t) + DAY
            continue
        room = _day_start(t) + DAY - t
        if left <= room:
            return t + left
        left -= room
        t += room


def _away_within(away: Iterable[Away], seat: int, a: datetime, b: datetime) -> timedelta:
    total = timedelta(0)
    for v in away:
        if v.seat == seat:
            lo, hi = max(v.start, a), min(v.until, b)
            if hi > lo:
                total += hi - lo
    return total


def banks(
    record: GameRecord, bank: Bank, weekends_pause: bool, away: Sequence[Away]
) -> dict[int, timedelta]:
    """Each seat's bank now, before the decision it may owe: the start value, less the counted
    time of each of its decisions (its vacations left out), plus ``add`` after each, capped. A
    seat that changes hands (a ``replace`` line: a volunteer, the computer, or its player taking
    it back) starts again with the whole bank: the newcomer did not spend the time gone."""
    from pbem.store.payloads import ActionLine, ReplaceLine

    left = {s: bank.start for s in record.envelope.seats()}
    last = parse_time(record.envelope.created)
    for e in record.entries:  # not fold.walk: each new position's time, asked of its kind
        p = e.payload
        if not p.RESTARTS_CLOCK:
            continue
        t = parse_time(e.time)
        if isinstance(p, ActionLine) and p.seat in left:
            spent = counted(last, t, weekends_pause) - _away_within(away, p.seat, last, t)
            left[p.seat] = min(
                bank.start, max(left[p.seat] - max(spent, timedelta(0)), timedelta(0)) + bank.add
            )
        elif isinstance(p, ReplaceLine) and p.seat in left:
            left[p.seat] = bank.start
        last = t
    return left
