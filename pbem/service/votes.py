"""Votes by mail (issue 27): ``PROPOSE UNDO`` (take back the proposer's last move), ``PROPOSE
END`` (end now, with the scores as they stand), ``PROPOSE PAUSE 7d``; the other active human
players reply ``ACCEPT`` or ``DECLINE``; a computer seat accepts by itself.

One proposal at a time. It is carried out when every other human player has accepted (at once
when there is none), withdrawn at the first ``DECLINE``, and it lapses after
:data:`LAPSE` or as soon as the position changes (a move, an undo, a resumption...). Every step
is a ``vote`` line of the game's signed log (:class:`~pbem.store.payloads.VoteLine`), which the
notifier tells every player; the carrying out is the line's effect: an ``undo`` line, an ``end``
line with the scores as they stand, or a ``pause`` line that the timers resume when the agreed
time is up. Everything here is read back from the log.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from pbem.commands.durations import parse_duration, short_duration
from pbem.errors import CommandError, ConflictError, GameStopped
from pbem.i18n import _
from pbem.model import parse_time
from pbem.service.facts import scores_of
from pbem.service.ports import COMPUTER_PREFIX
from pbem.store import End, GameRecord, NewEntry, Pause, Resume, Undo, Vote
from pbem.store.fold import walk
from pbem.store.loglines import LogEntries, PrefixCache
from pbem.store.payloads import ActionLine, VoteLine

if TYPE_CHECKING:
    from pbem.service.ports import GamePorts

log = logging.getLogger("pbem.service")

LAPSE = timedelta(hours=72)
"""A proposal not carried out by then lapses."""
MAX_PAUSE = timedelta(days=30)
"""The longest pause a vote may agree."""
WHATS = ("undo", "end", "pause")
WORDS = {
    "UNDO": "undo",
    "ANNULER": "undo",
    "ANNULLA": "undo",
    "RUECKNAHME": "undo",
    "END": "end",
    "FIN": "end",
    "FINE": "end",
    "ENDE": "end",
    "PAUSE": "pause",
    "PAUSA": "pause",
    # issue 31: the words players use, folded (RÜCKGÄNGIG is RUECKGAENGIG)
    "RUECKGAENGIG": "undo", "ZURUECKNEHMEN": "undo", "ANNULLARE": "undo", "TAKEBACK": "undo",
    "BEENDEN": "end", "TERMINER": "end", "TERMINARE": "end", "FINIRE": "end",
}  # fmt: skip
"""The object of PROPOSE, in the four languages (read as the English word)."""


@dataclass
class Proposal:
    id: str
    seat: int
    what: str
    length: str
    seq: int
    """The seq of its propose line."""
    time: datetime
    answers: dict[int, str] = field(default_factory=dict)
    """Seat -> ``accept`` / ``decline``."""
    closed: str = ""
    """``decline``, ``lapse`` or ``carried`` once it is over."""
    carried_at: datetime | None = None


def proposals(record: GameRecord) -> list[Proposal]:
    """Every proposal of the game, in order, with its answers."""
    out: dict[str, Proposal] = {}
    ents = record.entries
    for i in _VOTES.get(record.envelope.game_id, ents, tuple, _vote_lines(ents)):
        e = ents[i]
        p = e.payload
        assert isinstance(p, VoteLine)
        if p.step == "propose" and p.seat is not None:
            out[p.proposal] = Proposal(
                p.proposal, p.seat, p.what, p.length, e.seq, parse_time(e.time)
            )
            continue
        prop = out.get(p.proposal)
        if prop is None:
            continue
        if p.step in ("accept", "decline") and p.seat is not None:
            prop.answers[p.seat] = p.step
        if p.step in ("decline", "lapse", "carried"):
            prop.closed = p.step
            if p.step == "carried":
                prop.carried_at = parse_time(e.time)
    return list(out.values())


_VOTES: PrefixCache[tuple[int, ...]] = PrefixCache()
"""Per game, the indexes of its vote lines (few; the notifier asks at every reply)."""


def _vote_lines(ents: LogEntries) -> Callable[[tuple[int, ...], int], tuple[int, ...]]:
    def extend(found: tuple[int, ...], start: int) -> tuple[int, ...]:
        # Not fold.walk: the kinds are read from the lines' heads, only vote lines are decoded.
        return found + tuple(
            i for i, k in enumerate(ents.kinds(start), start) if k == VoteLine.KIND
        )

    return extend


def _position_after(record: GameRecord, seq: int) -> bool:
    # Not fold.walk: only the lines after ``seq``, each asked its kind's RESTARTS_CLOCK.
    return any(e.payload.RESTARTS_CLOCK for e in record.entries[seq:])


def current(record: GameRecord) -> Proposal | None:
    """The proposal still open in the log (lapsed or not)."""
    props = proposals(record)
    if props and not props[-1].closed:
        return props[-1]
    return None


def lapsed(record: GameRecord, prop: Proposal, now: datetime) -> bool:
    return now >= prop.time + LAPSE or _position_after(record, prop.seq)


def open_proposal(record: GameRecord, now: datetime) -> Proposal | None:
    """The proposal one may answer now (None: none, or it has lapsed)."""
    prop = current(record)
    if prop is None or lapsed(record, prop, now):
        return None
    return prop


def is_computer(record: GameRecord, seat: int) -> bool:
    return record.envelope.active_player(seat).email.startswith(COMPUTER_PREFIX)


def voters(record: GameRecord, proposer: int) -> list[int]:
    """The seats whose answer is awaited: every other seat held by a person."""
    return [s for s in record.envelope.seats() if s != proposer and not is_computer(record, s)]


def computers(record: GameRecord, proposer: int) -> list[int]:
    return [s for s in record.envelope.seats() if s != proposer and is_computer(record, s)]


def last_move_of(record: GameRecord) -> tuple[int, int] | None:
    """(seq, seat) of the last action still in effect."""
    last: tuple[int, int] | None = None
    for step in walk(record.entries):
        p = step.entry.payload
        if step.move is not None and isinstance(p, ActionLine):
            last = (step.entry.seq, p.seat)
    return last


def parse_proposal(arg: str) -> tuple[str, str]:
    """``UNDO``, ``END``, ``PAUSE 7d`` as (what, length); ``ValueError`` with the reason."""

    from pbem.commands.vocabulary import fold_word

    words = arg.strip().upper().rstrip(".!").split()
    what = WORDS.get(fold_word(words[0])) if words else None
    if what is None:
        raise ValueError("what")
    if what == "pause":
        if len(words) != 2:
            raise ValueError("length")
        length = parse_duration(words[1])
        if length <= timedelta(0) or length > MAX_PAUSE:
            raise ValueError("length")
        return what, short_duration(length)
    if len(words) != 1:
        raise ValueError("what")
    return what, ""


def propose_problem(record: GameRecord, seat: int, arg: str, now: datetime) -> CommandError | None:
    """Why ``seat`` may not propose ``arg`` now (None: it may)."""
    hint = "PROPOSE UNDO"
    if record.envelope.status != "active":
        return CommandError(_("Only a game in play takes proposals."), hint=hint)
    try:
        what, _length = parse_proposal(arg)
    except ValueError:
        return CommandError(
            _(
                "PROPOSE takes UNDO (take back your last move), END (end the game now with the "
                "scores as they stand) or PAUSE and a length of at most 30 days (PAUSE 7d)."
            ),
            hint=hint,
        )
    if open_proposal(record, now) is not None:
        return CommandError(
            _(
                "A proposal is already open in this game: one at a time. Wait until it is "
                "carried out, declined or lapsed (72 hours at most)."
            )
        )
    if what == "undo":
        last = last_move_of(record)
        if last is None or last[1] != seat:
            return CommandError(
                _(
                    "PROPOSE UNDO takes back your own last move, and only while it is the last "
                    "move played: it is not now."
                )
            )
    return None


def answer_problem(record: GameRecord, seat: int, word: str, now: datetime) -> CommandError | None:
    """Why ``seat`` may not ACCEPT / DECLINE now (None: it may)."""
    prop = open_proposal(record, now)
    if prop is None:
        return CommandError(
            _("There is no open proposal in this game, so %(word)s changes nothing.")
            % {"word": word}
        )
    if seat == prop.seat:
        return CommandError(_("This is your own proposal: the other players answer it."))
    if seat in prop.answers:
        return CommandError(_("You have already answered this proposal."))
    return None


def carry_if_agreed(ports: GamePorts, game_id: str, now: datetime) -> bool:
    """Carry the open proposal out when every awaited seat has accepted: a ``carried`` line and
    its effect, in one commit. Whether it did."""
    store = ports.store
    with store.lock(game_id):
        record = store.load(game_id)
        prop = open_proposal(record, now)
        if prop is None:
            return False
        if any(prop.answers.get(s) != "accept" for s in voters(record, prop.seat)):
            return False
        entries: list[NewEntry] = [Vote(prop.id, "carried", prop.what, source="mail")]
        reason = _vote_reason(prop)
        if prop.what == "undo":
            entries.append(Undo(source="mail", reason=reason))
        elif prop.what == "end":
            entries.append(End(reason=reason, source="mail", standing=standing(record)))
        else:
            entries.append(Pause(reason=reason, source="mail"))
        try:
            store.commit(game_id, record.seq, entries, now)
        except (ConflictError, GameStopped, CommandError) as err:
            log.warning("%s: proposal %s not carried out: %s", game_id, prop.id, err)
            return False
    log.info("%s: proposal %s (%s) carried out", game_id, prop.id, prop.what)
    ports.notify(game_id)
    ports.play_computers(game_id)
    return True


def _vote_reason(prop: Proposal) -> str:
    text = f"agreed by vote ({prop.id}: {prop.what}"
    return text + (f" {prop.length})" if prop.length else ")")


def standing(record: GameRecord) -> list[int]:
    """The scores as they stand (the public view's coins or scores)."""
    return scores_of(record.game.view(record.state, None)) or []


# ==================================================================== the timers' part


def pause_until(record: GameRecord) -> datetime | None:
    """When a pause agreed by vote is up (None: the game is not paused by a vote)."""

    if record.envelope.status != "paused":
        return None
    props = [p for p in proposals(record) if p.closed == "carried" and p.what == "pause"]
    if not props or props[-1].carried_at is None:
        return None
    prop = props[-1]
    # Only if that pause is the one in force (no later pause or resume by the GM).
    # Not fold.walk: the latest line that says whether the game is paused (its kind's PAUSES).
    last = next((e for e in reversed(record.entries) if e.payload.PAUSES is not None), None)
    if last is None or not last.payload.PAUSES or last.seq <= prop.seq:
        return None
    assert prop.carried_at is not None
    return prop.carried_at + parse_duration(prop.length)


def wakeup(record: GameRecord) -> datetime | None:
    """When the timers next have something to do for the votes of this game."""
    if record.envelope.status == "paused":
        return pause_until(record)
    prop = current(record)
    if prop is None or record.envelope.status != "active":
        return None
    if _position_after(record, prop.seq):
        return prop.time  # lapsed already: the next tick writes it down
    return prop.time + LAPSE


def on_timer(ports: GamePorts, game_id: str, now: datetime) -> int:
    """Write down a lapsed proposal, or resume a game whose agreed pause is up (1: done)."""
    store = ports.store
    with store.lock(game_id):
        record = store.load(game_id)
        until = pause_until(record)
        if until is not None:
            if until > now:
                return 0
            store.commit(game_id, record.seq, [Resume(source="timer")], now)
        else:
            prop = current(record)
            if prop is None or record.envelope.status != "active" or not lapsed(record, prop, now):
                return 0
            store.commit(
                game_id, record.seq, [Vote(prop.id, "lapse", prop.what, source="timer")], now
            )
    ports.notify(game_id)
    return 1
