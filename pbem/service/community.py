"""The human side of running games: per-game policy, deadlines that warn, vacations.

Everything here is derived from the game's log and envelope, so it survives a crash and a replay:

- the game's **policy** (``nmr``, ``remind``, ``grace``, ``vacation``) lives in the envelope's
  options, set by ``policy`` log lines (``pbem admin policy``); :data:`DEFAULTS` otherwise;
- a **vacation** is a ``vacation`` log line (``VACATION 7d`` by mail, ``pbem admin vacation``);
  ``back`` cuts the running one short. A seat's deadlines stop while it is away;
- a decision's **deadline** runs from the last position change (:func:`position_time`), is pushed
  back by the part of any vacation of that seat that falls inside it, and the missed-deadline
  policy acts ``grace`` later;
- **reminders** go to the seat that owes the decision at the times ``remind`` names (by default
  24 hours before the deadline and at its half-way point); which were sent is kept in
  ``outbox/reminders/<game>`` so that a tick never sends one twice.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from pbem import i18n, layout
from pbem.commands.durations import read_duration
from pbem.errors import CommandError
from pbem.i18n import N_, _, ngettext, pgettext
from pbem.model import Envelope, iso_time, parse_time
from pbem.rules.base import Decision, derive_rng
from pbem.service.clocks import Bank, add_counted, banks, counted, parse_control
from pbem.service.facts import format_due
from pbem.service.timers import base_due, position_time
from pbem.store import ActionEntry, GameRecord
from pbem.store.fold import last_position
from pbem.store.fsutil import atomic_write
from pbem.store.payloads import BackLine, VacationLine

if TYPE_CHECKING:
    from pbem.service import Service

log = logging.getLogger("pbem.service")

DEFAULTS: dict[str, str] = {
    "nmr": "computer",
    "remind": "24h,half",
    "grace": "0",
    "vacation": "14d",
    "watch": "yes",
    "time": "move",
    "weekends": "count",
    "takeover": "2",
}
"""The service settings of a game when the GM set nothing (``pbem admin policy``)."""

POLICY_HELP: dict[str, str] = {
    "nmr": "what a missed deadline does: computer (the computer plays the owed decision, and "
    "every player is told) or gm (the game master is alerted and the game waits)",
    "remind": "when the player who owes a decision is reminded: durations before the deadline "
    "and/or half (its half-way point), comma-separated, or off",
    "grace": "how long after the deadline the missed-deadline policy acts (0, 30m, 2h, 1d)",
    "vacation": "days of vacation each player may take in this game (0 forbids them)",
    "watch": "yes (anyone may WATCH the game's public mails) or no",
    "time": "move (a deadline per decision, pbem admin deadline) or a time bank per seat, "
    "bank:10d+1d (ten days, one added after each decision, at most the start value)",
    "weekends": "count, or pause (Saturdays and Sundays, UTC, do not count on the clocks)",
    "takeover": "after how many decisions in a row played by the computer for a missed "
    "deadline the seat is given to the computer and offered to volunteers (0: never)",
}

_DURATION = re.compile(r"^\s*(\d{1,6})\s*([dhm])\s*$", re.I)
_UNIT = {"d": 86400, "h": 3600, "m": 60}


def parse_duration(text: str) -> timedelta:
    """``7d``, ``12h``, ``90m`` (or ``0``), or the same in words (``2 weeks``, ``2 Wochen``), as a
    timedelta; ``ValueError`` otherwise."""
    t = text.strip().lower()
    if t == "0":
        return timedelta(0)
    m = _DURATION.match(t)
    if not m:
        short = read_duration(t)  # "2 weeks", "2 Wochen", "deux semaines" (issue 31)
        m = _DURATION.match(short) if short and short != "0" else None
    if not m:
        raise ValueError(f"{text!r} is not a duration like 7d, 12h or 90m")
    return timedelta(seconds=int(m.group(1)) * _UNIT[m.group(2).lower()])


def short_duration(td: timedelta) -> str:
    """The inverse of :func:`parse_duration`: ``14d``, ``36h``, ``90m`` or ``0``."""
    secs = int(td.total_seconds())
    if secs <= 0:
        return "0"
    for unit, n in (("d", 86400), ("h", 3600)):
        if secs % n == 0:
            return f"{secs // n}{unit}"
    return f"{secs // 60}m"


def say_duration(td: timedelta) -> str:
    """A duration as people say it: ``7 days``, ``1 day 6 hours``, ``45 minutes``."""
    secs = int(td.total_seconds())
    days, rest = divmod(secs, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = []
    if days:
        parts.append(ngettext("%(num)d day", "%(num)d days", days) % {"num": days})
    if hours:
        parts.append(ngettext("%(num)d hour", "%(num)d hours", hours) % {"num": hours})
    if minutes:
        parts.append(ngettext("%(num)d minute", "%(num)d minutes", minutes) % {"num": minutes})
    return " ".join(parts[:2]) or ngettext("%(num)d minute", "%(num)d minutes", 0) % {"num": 0}


def say_time(when: datetime) -> str:
    """``Tue 25 Nov 2026, 18:00 UTC`` in the language of the mail being built."""
    return i18n.say_datetime(when)


# ==================================================================== policy


@dataclass(frozen=True)
class GamePolicy:
    nmr: str
    remind: tuple[str, ...]
    grace: timedelta
    vacation: timedelta
    bank: Bank | None = None
    """``time=bank:...`` (issue 27): a time bank per seat instead of a deadline per decision."""
    weekends: bool = False
    """``weekends=pause``: Saturdays and Sundays (UTC) do not count."""
    takeover: int = 2
    """Missed decisions in a row after which the seat goes to the computer and is offered."""


def check_policy(name: str, value: str) -> str:
    """The normalised value of one setting, or a :class:`CommandError` saying what is allowed."""
    name, v = name.strip().lower(), value.strip().lower()
    if name not in DEFAULTS:
        raise CommandError(
            f"There is no setting {name!r}; the settings are " + ", ".join(sorted(DEFAULTS)) + "."
        )
    try:
        if name == "nmr":
            if v not in ("computer", "gm"):
                raise ValueError("nmr is computer or gm")
        elif name == "watch":
            if v not in ("yes", "no"):
                raise ValueError("watch is yes or no")
        elif name == "time":
            parse_control(v)
            return v.replace(" ", "")
        elif name == "weekends":
            if v not in ("count", "pause"):
                raise ValueError("weekends is count or pause")
        elif name == "takeover":
            if not v.isdigit() or int(v) > 99:
                raise ValueError("takeover is a number of missed decisions, 0 to 99")
            return str(int(v))
        elif name == "remind":
            if v in ("off", "none", ""):
                return "off"
            items = [x.strip() for x in v.split(",") if x.strip()]
            for x in items:
                if x != "half" and parse_duration(x) <= timedelta(0):
                    raise ValueError(f"{x!r}: a reminder is a duration before the deadline")
            return ",".join(items)
        else:
            return short_duration(parse_duration(v))
    except ValueError as err:
        raise CommandError(f"{name}={value}: {err}. {name}: {POLICY_HELP[name]}.") from None
    return v


def split_policy(options: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """``-o`` options of a new game: (the game's own options, checked service settings), so that
    ``-o nmr=gm -o remind=48h`` work at creation like ``pbem admin policy`` afterwards."""
    game_opts = {k: v for k, v in options.items() if k not in DEFAULTS}
    settings = {k: check_policy(k, v) for k, v in options.items() if k in DEFAULTS}
    return game_opts, settings


def policy_of(env: Envelope) -> GamePolicy:
    def get(name: str) -> str:
        return env.options.get(name) or DEFAULTS[name]

    remind = get("remind")
    return GamePolicy(
        nmr=get("nmr"),
        remind=() if remind == "off" else tuple(x for x in remind.split(",") if x),
        grace=parse_duration(get("grace")),
        vacation=parse_duration(get("vacation")),
        bank=parse_control(get("time")),
        weekends=get("weekends") == "pause",
        takeover=int(get("takeover")),
    )


def decision_kinds(record: GameRecord) -> tuple[str, ...]:
    """The decision kinds of the game (what ``admin deadline`` accepts, besides ``*``)."""
    return record.game.decision_kinds


# ==================================================================== vacations


@dataclass(frozen=True)
class Away:
    seat: int
    start: datetime
    until: datetime


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


# ==================================================================== deadlines


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
    from pbem.service import takeover

    if pol.nmr != "computer" or pol.takeover <= 0:
        return ""
    missed = takeover.missed_in_a_row(record, seat)
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


def _key(item: Due, what: str) -> str:
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
    from pbem.service import votes

    pol = policy_of(record.envelope)
    best: datetime | None = votes.wakeup(record)  # a proposal lapsing, a pause agreed by vote
    for item in deadlines(record):
        if item.decision.seat in held:
            continue
        times = [
            w for label, w in reminder_times(item, pol.remind) if _key(item, label) not in mark.done
        ]
        if _key(item, "gm") not in mark.done:
            times.append(item.act)
        for w in times:
            best = w if best is None or w < best else best
    return best


# ==================================================================== the tick's part


def on_timer(service: Service, game_id: str, now: datetime) -> int:
    """Send the reminders due by ``now``, and apply the missed-deadline policy to one overdue
    decision (the next one's clock starts with it). Returns how many decisions were played."""
    from pbem.service import votes

    store = service.store
    votes.on_timer(service, game_id, now)  # a proposal lapsed, or an agreed pause is up
    record = store.load(game_id)
    if record.envelope.status != "active":
        return 0
    reminders = Reminders(service.journal.root, service.store.fsync)
    mark = reminders.load(record)
    pol = policy_of(record.envelope)
    held = held_seats(service, record)
    items = [i for i in deadlines(record) if i.decision.seat not in held]
    changed = False
    for item in items:
        due_now = [(lb, w) for lb, w in reminder_times(item, pol.remind) if w <= now]
        todo = [lb for lb, _ in due_now if _key(item, lb) not in mark.done]
        away = away_until(record, item.decision.seat, now) is not None
        if todo and item.due > now and not away:  # (no reminder during a vacation)
            _remind(service, record, item, now)
        for lb in todo:
            mark.done.append(_key(item, lb))
            changed = True
    overdue = [i for i in items if i.act <= now and _key(i, "gm") not in mark.done]
    played = 0
    if overdue and _spend_leave(service, record, overdue[0], now):
        overdue = []  # the clock stopped: the deadline moved on, the policy waits
    if overdue:
        item = overdue[0]
        if pol.nmr == "gm":
            _tell_gm(service, record, item)
            mark.done.append(_key(item, "gm"))
            changed = True
        else:
            played = _play_for(service, record, item, now)
    if changed:
        reminders.save(game_id, mark)
    return played


def _spend_leave(service: Service, record: GameRecord, item: Due, now: datetime) -> bool:
    """VACATION AUTO (issue 27): before the missed-decision policy acts, spend the shortest leave
    of the seat's player if they allowed it and have it left: from the deadline on, in this game
    and all their others; everyone is told by the vacation lines' mails. Whether it was spent."""
    from pbem.service import leave
    from pbem.service.ports import COMPUTER_PREFIX

    seat = item.decision.seat
    address = record.envelope.active_player(seat).email
    if address.startswith(COMPUTER_PREFIX) or not service.prefs.leave_auto(address):
        return False
    rules = leave.rules_of(service.policy)
    if rules.auto_max > timedelta(0) and leave.auto_run(record, seat) >= rules.auto_max:
        return False  # no answer for that long: gone, not away; the nmr policy acts
    if leave.left_of(service.store, address, rules, now, service.prefs) < rules.min_use:
        return False
    gid = record.envelope.game_id
    lid = leave.leave_id(item.due)
    entry, _what = leave.game_entry(
        record, seat, rules.min_use, now, lid, source="timer", auto=True, start=item.due
    )
    if entry is None:
        return False  # this game allows no vacation (or its allowance is spent)
    leave.mark_taken(service.prefs, address)
    service.store.commit(gid, record.seq, [entry], now)
    service.notify(gid)
    leave.take(
        service,
        address,
        rules.min_use,
        now,
        source="timer",
        skip=gid,
        lid=lid,
        auto=True,
        start=item.due,  # the same moment in every game: each deadline at it holds
    )
    log.info("%s: seat %d's leave was spent automatically (%s)", gid, seat, lid)
    return True


def held_seats(service: Service, record: GameRecord) -> frozenset[int]:
    """The seats whose deadlines are held: their address bounced too often
    (:mod:`pbem.service.bounces`), so the player cannot know the game waits for them."""
    stopped = service.mailer.bounces.stopped_addresses() if service.mailer.bounces else frozenset()
    if not stopped:
        return frozenset()
    env = record.envelope
    return frozenset(
        s for s in env.seats() if env.active_player(s).email.strip().lower() in stopped
    )


def _remind(service: Service, record: GameRecord, item: Due, now: datetime) -> None:
    m = service.mailer
    seat = item.decision.seat
    pl = record.envelope.active_player(seat)
    pol = policy_of(record.envelope)
    with m.speaking_to(pl.email, record):
        then = (
            _("the computer plays for you then")
            if pol.nmr == "computer"
            else _("the game master is told then, and the game waits")
        )
        grace = (
            " " + _("(after %(grace)s of grace)") % {"grace": say_duration(pol.grace)}
            if pol.grace
            else ""
        )
        ctx = m.context(
            record,
            seat,
            m.subject(
                record,
                _("reminder: your turn (move %(num)d)") % {"num": record.envelope.moves + 1},
            ),
            pl.name,
            private_note=m.private_note(record, seat),
            paragraphs=[
                _(
                    "A reminder: the game is waiting for you. Your deadline is %(when)s, in "
                    "%(left)s. If your answer has not arrived by then, %(then)s%(grace)s."
                )
                % {
                    "when": say_time(item.due),
                    "left": say_duration(item.due - now),
                    "then": then,
                    "grace": grace,
                },
                _(
                    "Reply to this mail with your move. Away for a while? Reply VACATION 7d (or "
                    "another length) and your deadlines stop meanwhile."
                ),
            ],
        )
    tail = f"remind.q{record.seq}.{seat}.{item.decision.kind}.{now.strftime('%Y%m%d%H%M%S')}"
    m.to_seat(record, seat, "notice", ctx, tail)


def _tell_gm(service: Service, record: GameRecord, item: Due) -> None:
    env = record.envelope
    names, players = service.mailer.names(record)
    seat = item.decision.seat
    service.alert_gm(
        f"{env.game_id}: {players[seat]} ({names[seat]}) missed a deadline",
        [
            f"The {item.decision.kind} decision of {players[seat]} ({names[seat]}) in "
            f"{env.game_id} was due {say_time(item.due)}. The game's policy is nmr=gm, so "
            "the game waits for you.",
            f"Your choices: pbem admin move {env.game_id} {seat} MOVE; pbem admin replace; "
            f"pbem admin deadline {env.game_id} {item.decision.kind} 2d (a new deadline); or "
            f"pbem admin policy {env.game_id} nmr=computer.",
        ],
        key=f"nmr-{env.game_id}-{record.seq}-{seat}",
    )


def _play_for(service: Service, record: GameRecord, item: Due, now: datetime) -> int:
    game, d = record.game, item.decision
    gid = record.envelope.game_id
    rng = derive_rng(record.envelope.moves, "timer", gid, d.seat)
    action = game.default_action(record.state, d.seat, d.kind, rng)
    service.store.commit(gid, record.seq, [ActionEntry(d.seat, action=action, source="timer")], now)
    from pbem.service import takeover

    takeover.after_missed(service, gid, d.seat, now)  # issue 27: a vanished player's seat
    service.notify(gid)
    service.play_computers(gid)
    return 1


# ==================================================================== PREVIEW and GAMES


def preview(
    record: GameRecord, seat: int, text: str, names: tuple[list[str], list[str]]
) -> list[str]:
    """Paragraphs saying what ``text`` would do for ``seat`` now, from the public side only. The
    state is not changed and nothing is written."""
    from pbem.commands.describe import describe_event

    game, state = record.game, record.state
    env = record.envelope
    if env.status != "active":
        return [
            _("Game %(game)s is %(status)s: there is nothing to preview.")
            % {"game": env.game_id, "status": _(env.status)}
        ]
    action = game.parse(state, seat, text)
    # A throwaway generator: whatever it decides is cut off below (the first random event ends
    # the preview), and it is not the game's, so it tells nothing of the real dice.
    after, events = game.apply(state, seat, action, derive_rng(0, "preview", text))
    safe = game.preview_safe
    seat_names, players = names
    told: list[str] = []
    cut = False
    for ev in events:
        if ev.visible_to is not None or ev.kind not in safe:
            cut = True
            break
        told.append(describe_event(game, ev.kind, ev.data, seat_names))
    out = [
        # The command word in the reader's language (APERÇU, ANTEPRIMA, VORSCHAU): what they
        # wrote, not the English word (issue 31).
        _(
            "%(word)s %(move)s: this is what the move would do. It has NOT been played; reply "
            "with the move itself to play it."
        )
        % {"word": pgettext("command word", "PREVIEW"), "move": text}
    ]
    out.extend(
        f"- {t}" for t in told or [_("Nothing happens on the board beyond the move itself.")]
    )
    if cut:
        out.append(
            _(
                "What follows it (a tile drawn, a die rolled, a hidden choice revealed) is not "
                "shown: a preview only tells what the public board decides."
            )
        )
    scores = _scores(game.view(after, None))
    if scores is not None:
        before = _scores(game.view(state, None)) or scores
        out.append(
            _("Scores after the move: %(scores)s.")
            % {
                "scores": ", ".join(
                    f"{players[i]} ({seat_names[i]}) {v}"
                    + (f" (+{v - before[i]})" if v != before[i] else "")
                    for i, v in enumerate(scores)
                    if i < len(players)
                )
            }
        )
    return out


def _scores(view: Any) -> list[int] | None:
    for name in ("coins", "scores"):
        value = getattr(view, name, None)
        if isinstance(value, list) and all(isinstance(x, int) for x in value):
            return list(value)
    return None


GAME_STATUSES = (N_("active"), N_("paused"), N_("ended"), N_("stopped"))
"""A game's status as GAMES and PREVIEW name it."""


def games_of(store: Any, address: str, now: datetime, policy: Any = None) -> list[str]:
    """GAMES: each game ``address`` plays, its status, who is to move, and the deadlines; with
    the service's ``policy``, the address's leave left for all its games (issue 27)."""
    lines = _games_of(store, address, now)
    if policy is not None and lines and lines != [_("You play in no game with this address.")]:
        from pbem.service import leave

        lines.append(leave.left_line(leave.left_of(store, address, leave.rules_of(policy), now)))
    return lines


def _games_of(store: Any, address: str, now: datetime) -> list[str]:
    address = address.lower()
    out: list[str] = []
    for gid in store.game_ids():
        try:
            rec = store.load(gid, verify=False)
        except Exception:  # noqa: BLE001 - a broken game is the GM's; list the others
            continue
        env = rec.envelope
        seat = env.seat_of_email(address)
        if seat is None:
            continue
        seat_names = [_(n) for n in rec.game.seat_names(len(env.seats()))]
        title = rec.game.title.split(" (")[0]
        line = _("%(game)s (%(title)s, you play %(seat)s): ") % {
            "game": gid,
            "title": title,
            "seat": seat_names[seat],
        }
        if env.status != "active":
            line += f"{_(env.status)}."
        else:
            owing = sorted({d.seat for d in rec.pending()})
            if seat in owing:
                line += _("your turn")
            else:
                who = [f"{env.active_player(s).name} ({seat_names[s]})" for s in owing]
                line += _("waiting for %(who)s") % {"who": ", ".join(who) or _("nobody")}
            dues = [i for i in deadlines(rec) if i.decision.seat == seat]
            if dues:
                line += "; " + _("your deadline: %(when)s") % {
                    "when": say_time(min(i.due for i in dues))
                }
            back = away_until(rec, seat, now)
            if back is not None:
                line += "; " + _("you are on vacation until %(when)s") % {"when": say_time(back)}
            line += "."
        out.append(line)
    return out or [_("You play in no game with this address.")]
