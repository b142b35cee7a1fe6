"""Sentences for the public log lines, as the mails and HISTORY show them.

A game's events are described by the game itself (``Game.describe_event``, behind the protocol in
:mod:`pbem.rules.base`); this module only adds the lines that are not a game's (an undo, a pause,
a replacement...) and the note on who entered a move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import TYPE_CHECKING, assert_never

from pbem import i18n
from pbem.commands.durations import say_duration
from pbem.i18n import N_, _
from pbem.rules.base import ActionT, Event, Game, GameOf, JSONValue, StateT, ViewT, plain_sentence

if TYPE_CHECKING:  # imported where used: 'pbem play' and 'pbem --help' load no store
    from pbem.store.payloads import ActionLine, DeadlineLine, Payload, VoteLine


WIDTH = 72
"""The widest line ``pbem play`` prints (the boards are drawn to it too), and the
width of the legal moves' lines a player's mail lists."""


def wrap_items(items: Sequence[str], head: str = "", indent: str = "    ") -> list[str]:
    """``items`` joined by commas into lines of at most :data:`WIDTH` columns, breaking only
    between items (an item longer than a line gets a line of its own)."""
    lines: list[str] = []
    line = head
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        candidate = f"{line} {piece}" if line.strip() else line + piece
        if len(candidate) > WIDTH and line.strip() and line != head:
            lines.append(line)
            line = indent + piece
        else:
            line = candidate
    if line.strip():
        lines.append(line)
    return lines


def group_legal(notations: Sequence[str]) -> list[str]:
    """Legal actions grouped by their first word (the official, the square, ``select``...),
    one group per line (wrapped between actions, never inside one)."""
    groups: dict[str, list[str]] = {}
    for text in notations:
        first, _sep, rest = text.partition(" ")
        groups.setdefault(first, []).append(rest)
    out: list[str] = []
    for first, rests in groups.items():
        if rests == [""]:
            out.append(first)
            continue
        out += wrap_items([r or "(alone)" for r in rests], head=f"{first}:")
    return out


ALL_RESIGNED = "all-resigned"
"""The reason of the end line written when no player is left (every seat resigned)."""


def describe_event(
    game: GameOf[StateT, ActionT, ViewT], kind: str, data: Mapping[str, JSONValue], names: list[str]
) -> str:
    """The game's own sentence for one event; a plain one when an older event shape trips it."""
    try:
        text = game.describe_event(Event(kind, dict(data)), names)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        text = ""  # an older event shape: still shown, never dropped
    return str(text) if text else plain_sentence(kind, data, names)


DECISION_KINDS: dict[str, str] = {
    "move": N_("moves"),
    "select": N_("secret selections"),
    "reselect": N_("new selections"),
    "believe-or-doubt": N_("answers to a claim"),
    "take-card": N_("taking a card"),
    "steal": N_("the dragon's card"),
}
"""The decision kinds of both games as people say them (issue 31: no raw kind in a mail)."""


def deadline_sentence(line: DeadlineLine) -> str:
    """The GM's deadline as people say it: a duration per decision, or a date."""
    raw = line.kind or "*"
    kind = _("every decision") if raw == "*" else _(DECISION_KINDS.get(raw, raw))
    if line.seconds:
        return _(
            "The game master set a deadline for %(kind)s: %(duration)s from each new position."
        ) % {"kind": kind, "duration": say_duration(timedelta(seconds=line.seconds), seconds=True)}
    if line.at:
        return _("The game master set a deadline for %(kind)s: %(when)s UTC.") % {
            "kind": kind,
            "when": i18n.say_datetime(line.at, utc=False),
        }
    return _("The game master removed the deadline for %(kind)s.") % {"kind": kind}


_SOURCE_NOTES = {
    "gm": N_("(entered by the game master)"),
    "timer": N_("(played by the computer: the deadline had passed)"),
    "bot": N_("(played by the computer)"),
}
"""Who entered a move, when it was not the seat's player by mail."""


def action_sentences(
    game: Game, line: ActionLine, names: list[str], players: list[str]
) -> list[str]:
    """The game's sentences for an action's public events (a plain one when it has none), without
    the note on who entered it."""
    out = [describe_event(game, ev.kind, ev.data, names) for ev in line.events]
    return out or [
        _("%(who)s played %(move)s.")
        % {"who": _who(line.seat, names, players), "move": line.notation}
    ]


def _who(seat: int | None, names: list[str], players: list[str]) -> str:
    if seat is not None and 0 <= seat < len(names):
        return f"{players[seat]} ({names[seat]})" if seat < len(players) else names[seat]
    return "?"


def describe_line(game: Game, line: Payload, names: list[str], players: list[str]) -> list[str]:
    """Sentences for one public log line (an action with its events, an undo, a replacement...);
    none for the lines players do not read about (the setup, a handled mail, the reveal)."""
    # Long on purpose: one case per kind of line the players read about, a sentence or two each.
    from pbem.store import payloads

    match line:
        case payloads.ActionLine(source=source):
            out = action_sentences(game, line, names, players)
            if source in _SOURCE_NOTES:
                out[0] += " " + _(_SOURCE_NOTES[source])
            return out
        case payloads.UndoLine(reason=reason):
            text = _("The game master took back move %(move)s of %(who)s.") % {
                "move": line.notation,
                "who": _who(line.seat, names, players),
            }
            if reason:  # the GM's own words, as written, once (issue 31)
                text = text.rstrip(".") + f": {reason.rstrip('.')}."
            return [text]
        case payloads.ReplaceLine(seat=seat):
            seat_name = names[seat] if 0 <= seat < len(names) else str(seat)
            return [_("%(name)s now plays %(seat)s.") % {"name": line.name, "seat": seat_name}]
        case payloads.PauseLine(reason=reason):
            if reason:
                return [_("The game master paused the game: %(reason)s") % {"reason": reason}]
            return [_("The game master paused the game.")]
        case payloads.ResumeLine():
            return [_("The game master resumed the game.")]
        case payloads.EndLine(reason=reason):
            if reason == "gm":
                return [_("The game has ended (ended by the game master).")]
            if reason == ALL_RESIGNED:
                return [_("The game has ended: every player resigned.")]
            if reason and reason not in ("finished", "game-over"):
                return [
                    _("The game has ended (ended by the game master).").rstrip(".") + f": {reason}."
                ]
            return [_("The game has ended.")]
        case payloads.DeadlineLine():
            return [deadline_sentence(line)]
        case payloads.VacationLine(until=until, auto=True):
            return [
                _(
                    "A deadline of %(who)s was running out: their leave was spent "
                    "automatically (VACATION AUTO), so their deadlines stop until %(until)s."
                )
                % {
                    "who": _who(line.seat, names, players),
                    "until": i18n.say_datetime(until),
                }
            ]
        case payloads.VacationLine(until=until):
            return [
                _("%(who)s is on vacation until %(until)s; their deadlines stop meanwhile.")
                % {
                    "who": _who(line.seat, names, players),
                    "until": i18n.say_datetime(until),
                }
            ]
        case payloads.BackLine():
            return [_("%(who)s is back from vacation.") % {"who": _who(line.seat, names, players)}]
        case payloads.PolicyLine():
            return [
                _("The game master set %(name)s=%(value)s.")
                % {"name": line.name, "value": line.value}
            ]
        case payloads.ViewAccessLine():
            return [
                _("The game master looked at the private view of %(who)s.")
                % {"who": _who(line.seat, names, players)}
            ]
        case payloads.VoteLine():
            return [vote_sentence(line, _who(line.seat, names, players))]
        case (
            payloads.SetupLine()
            | payloads.MessageLine()
            | payloads.RevealLine()
            | payloads.OrdersLine()
        ):
            return []
        case _ as unknown:
            assert_never(unknown)


def vote_sentence(line: VoteLine, who: str) -> str:
    """One step of a vote by mail (issue 27), as every player reads it."""
    if line.step == "propose":
        what = {
            "undo": _("%(who)s proposes to take back their last move (PROPOSE UNDO)."),
            "end": _(
                "%(who)s proposes to end the game now, with the scores as they stand (PROPOSE END)."
            ),
            "pause": _("%(who)s proposes to pause the game for %(length)s (PROPOSE PAUSE)."),
        }.get(line.what, _("%(who)s makes a proposal."))
        return (
            (what % {"who": who, "length": line.length})
            + " "
            + _(
                "The other players reply ACCEPT or DECLINE; it lapses after 72 hours, or when the "
                "position changes."
            )
        )
    if line.step == "accept":
        return _("%(who)s accepts the proposal.") % {"who": who}
    if line.step == "decline":
        return _("%(who)s declines the proposal, so it is not carried out.") % {"who": who}
    if line.step == "lapse":
        return _(
            "The proposal lapsed: not every player accepted it within 72 hours, or the position "
            "changed."
        )
    return _("Every player accepted the proposal: it is carried out.")
