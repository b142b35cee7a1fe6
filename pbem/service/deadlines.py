"""Deadlines that warn (issue 13), derived from the game's log and envelope:

- a decision's **deadline** runs from the last position change (:func:`position_time`), is pushed
  back by the part of any vacation of that seat that falls inside it, and the missed-deadline
  policy acts ``grace`` later (or when the seat's time bank runs out, issue 27);
- **reminders** go to the seat that owes the decision at the times ``remind`` names (by default
  24 hours before the deadline and at its half-way point); which were sent is kept in
  ``outbox/reminders/<game>`` (:class:`Reminders`) so that a tick never sends one twice;
- :func:`next_wakeup` says when the game's timer is due. What a timer does when it fires is
  :mod:`pbem.service.deadline_tick`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import msgspec

from pbem import layout
from pbem.commands.durations import format_due, parse_duration, say_duration, say_time
from pbem.i18n import _, ngettext
from pbem.model import iso_time
from pbem.rules.base import Decision
from pbem.service.clocks import Away, add_counted, banks, counted
from pbem.service.policy import GamePolicy, policy_of
from pbem.service.timers import base_due, position_time
from pbem.service.vacations import vacations
from pbem.service.votes import wakeup
from pbem.store import GameRecord
from pbem.store.fold import last_position
from pbem.store.fsutil import atomic_write


@dataclass(frozen=True)
class Due:
    """The deadline of one owed decision."""

    decision: Decision
    since: datetime
    """When the decision arose (the last position change)."""
    due: datetime
    """The deadline announced to the player (vacations included)."""
    act: datetime
    """When the missed-deadline policy acts (``due`` + grace)."""


def _extend(since: datetime, due: datetime, away: list[Away]) -> datetime:
    """``due`` pushed back by every vacation that starts before it (or at it) (as pushed back so far): the
    clock stops while the player is away, so the whole stretch after ``since`` counts."""
    for a in sorted(away, key=lambda a: a.start):
        # (A vacation from the deadline itself holds it: VACATION AUTO spends leave from there.)
        if a.start <= due and a.until > since:
            due += a.until - max(a.start, since)
    return due


def deadlines(record: GameRecord) -> list[Due]:
    """The deadline of every decision owed now that has one (none when the game is not active):
    the GM's deadline per decision, or when the seat's time bank runs out (issue 27), weekends
    left out when the game pauses them."""
    env = record.envelope
    pol = policy_of(env)
    if (not env.deadlines and pol.bank is None) or env.status != "active":
        return []
    since = position_time(record)
    grace = pol.grace
    away = vacations(record)
    left = banks(record, pol.bank, pol.weekends, away) if pol.bank is not None else {}
    out: list[Due] = []
    for d in record.pending():
        if pol.bank is not None:
            base: datetime | None = add_counted(since, left[d.seat], pol.weekends)
        else:
            base = base_due(record, d, since)
            dl = env.deadlines.get(d.kind) or env.deadlines.get("*")
            if base is not None and pol.weekends and dl is not None and dl.seconds and not dl.at:
                base = add_counted(since, timedelta(seconds=dl.seconds), True)
        if base is None:
            continue
        due = _extend(since, base, [a for a in away if a.seat == d.seat])
        out.append(Due(d, since, due, due + grace))
    return out


def deadline_line(record: GameRecord, seat: int, now: datetime | None = None) -> str:
    """The sentence a seat's mail carries about its deadline ("" when it has none)."""
    dues = [i for i in deadlines(record) if i.decision.seat == seat]
    if not dues:
        return ""
    item = min(dues, key=lambda i: i.due)
    pol = policy_of(record.envelope)
    then = (
        _("the computer plays for you")
        if pol.nmr == "computer"
        else _("the game master is told and the game waits")
    )
    when = format_due(item.due, now) if now is not None else say_time(item.due)
    text = _("Your deadline: %(when)s. If no answer has come by then, %(then)s.") % {
        "when": when,
        "then": then,
    }
    return text + clock_note(pol, item, now) + seat_warning(record, seat, pol)


def seat_warning(record: GameRecord, seat: int, pol: GamePolicy) -> str:
    """Told before the last decision the ``takeover`` policy lets a seat miss (issue 27): one
    more missed and the seat goes to the computer ("" otherwise)."""
    from pbem.service.facts import missed_in_a_row

    if pol.nmr != "computer" or pol.takeover <= 0:
        return ""
    missed = missed_in_a_row(record, seat)
    if missed == 0 or missed != pol.takeover - 1:
        return ""
    return " " + ngettext(
        "You have missed %(num)d decision in a row: if this one is missed too, your seat goes "
        "to the computer and is offered to volunteers.",
        "You have missed %(num)d decisions in a row: if this one is missed too, your seat goes "
        "to the computer and is offered to volunteers.",
        missed,
    ) % {"num": missed}


def clock_note(pol: GamePolicy, item: Due, now: datetime | None) -> str:
    """The reader's time bank and the weekend rule, as a sentence after the deadline ("" for a
    plain per-decision deadline)."""
    out = ""
    if pol.bank is not None and now is not None:
        out += " " + _(
            "Your time bank: %(left)s left; each of your decisions adds %(add)s (at most %(cap)s)."
        ) % {
            "left": say_duration(
                timedelta(minutes=round(counted(now, item.due, pol.weekends).total_seconds() / 60))
            ),
            "add": say_duration(pol.bank.add),
            "cap": say_duration(pol.bank.start),
        }
    if pol.weekends:
        out += " " + _("Saturdays and Sundays (UTC) do not count on the clocks of this game.")
    return out


def reminder_times(item: Due, remind: tuple[str, ...]) -> list[tuple[str, datetime]]:
    """(label, when) of each reminder of one deadline, in time order, only those after the
    decision arose (a 24-hour reminder of a 12-hour deadline is not sent)."""
    out: list[tuple[str, datetime]] = []
    for label in remind:
        if label == "half":
            when = item.since + (item.due - item.since) / 2
        else:
            when = item.due - parse_duration(label)
        if item.since < when < item.due:
            out.append((label, when.replace(microsecond=0)))
    return sorted(out, key=lambda x: x[1])


class SentMark(msgspec.Struct, kw_only=True):
    """What the timers already did for the current position of one game."""

    seq: int = 0
    done: list[str] = msgspec.field(default_factory=list)


def mark_key(item: Due, what: str) -> str:
    return f"{item.decision.seat}:{item.decision.kind}:{iso_time(item.due)}:{what}"


class Reminders:
    """The ``outbox/reminders/<game>`` files."""

    def __init__(self, root: Path, fsync: bool) -> None:
        self.dir = root / layout.REMINDERS
        self.dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.fsync = fsync

    def load(self, record: GameRecord) -> SentMark:
        pos = _position_seq(record)
        try:
            mark = msgspec.json.decode(
                (self.dir / record.envelope.game_id).read_bytes(), type=SentMark
            )
        except (OSError, msgspec.DecodeError):
            return SentMark(seq=pos)
        return mark if mark.seq == pos else SentMark(seq=pos)

    def save(self, game_id: str, mark: SentMark) -> None:
        atomic_write(self.dir / game_id, msgspec.json.encode(mark), mode=0o600, sync=self.fsync)


def _position_seq(record: GameRecord) -> int:
    line = last_position(record.entries)
    return line.seq if line is not None else 0


def next_wakeup(
    record: GameRecord, mark: SentMark, held: frozenset[int] = frozenset()
) -> datetime | None:
    """When the timers next have something to do for this game: a reminder or a missed deadline
    (a deadline already handed to the GM waits for the GM; a ``held`` seat's waits too), or a
    proposal lapsing, or a pause agreed by vote ending."""
    pol = policy_of(record.envelope)
    best: datetime | None = wakeup(record)  # a proposal lapsing, a pause agreed by vote
    for item in deadlines(record):
        if item.decision.seat in held:
            continue
        times = [
            w
            for label, w in reminder_times(item, pol.remind)
            if mark_key(item, label) not in mark.done
        ]
        if mark_key(item, "gm") not in mark.done:
            times.append(item.act)
        for w in times:
            best = w if best is None or w < best else best
    return best


def held_seats(record: GameRecord, stopped: frozenset[str]) -> frozenset[int]:
    """The seats whose deadlines are held: their address (one of ``stopped``, the addresses no
    longer mailed) bounced too often (:mod:`pbem.service.bounces`), so the player cannot know
    the game waits for them."""
    if not stopped:
        return frozenset()
    env = record.envelope
    return frozenset(
        s for s in env.seats() if env.active_player(s).email.strip().lower() in stopped
    )
