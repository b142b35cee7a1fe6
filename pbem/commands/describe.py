"""Sentences for the public log lines, as the mails and HISTORY show them.

A game's events are described by the game itself (``Game.describe_event``, behind the protocol in
:mod:`pbem.rules.base`); this module only adds the lines that are not a game's (an undo, a pause,
a replacement...) and the note on who entered a move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.i18n import _, ngettext
from pbem.rules.base import Event, Game, plain_sentence


def describe_event(game: Game, kind: str, data: Mapping[str, Any], names: list[str]) -> str:
    """The game's own sentence for one event; a plain one when an older event shape trips it."""
    try:
        text = game.describe_event(Event(kind, dict(data)), names)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        text = ""  # an older event shape: still shown, never dropped
    return str(text) if text else plain_sentence(kind, data, names)


def _duration(seconds: int) -> str:
    """``5400`` -> ``1 hour 30 minutes``; ``259200`` -> ``3 days``."""
    parts = []
    for size, unit in ((86400, "day"), (3600, "hour"), (60, "minute")):
        n, seconds = divmod(seconds, size)
        if n:
            parts.append(_unit(unit, n))
    return " ".join(parts[:2]) or ngettext("%(num)d second", "%(num)d seconds", seconds) % {
        "num": seconds
    }


def _unit(unit: str, n: int) -> str:
    if unit == "day":
        return ngettext("%(num)d day", "%(num)d days", n) % {"num": n}
    if unit == "hour":
        return ngettext("%(num)d hour", "%(num)d hours", n) % {"num": n}
    return ngettext("%(num)d minute", "%(num)d minutes", n) % {"num": n}


def deadline_sentence(data: Mapping[str, Any]) -> str:
    """The GM's deadline as people say it: a duration per decision, or a date."""
    raw = str(data.get("kind") or "*")
    kind = _("every decision") if raw == "*" else raw
    if data.get("seconds"):
        return _(
            "The game master set a deadline for %(kind)s: %(duration)s from each new position."
        ) % {"kind": kind, "duration": _duration(int(data["seconds"]))}
    if data.get("at"):
        when = str(data["at"]).replace("T", " ").replace("Z", "").replace("+00:00", "")
        return _("The game master set a deadline for %(kind)s: %(when)s UTC.") % {
            "kind": kind,
            "when": when[:16],
        }
    return _("The game master removed the deadline for %(kind)s.") % {"kind": kind}


def describe_line(
    game: Game, kind: str, data: Mapping[str, Any], names: list[str], players: list[str]
) -> list[str]:
    """Sentences for one public log line (an action with its events, an undo, a replacement...)."""
    # Long on purpose: one branch per kind of log line the players read about, each a sentence or two.

    def who(seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(names):
            return f"{players[seat]} ({names[seat]})" if seat < len(players) else names[seat]
        return "?"

    if kind == "action":
        events = data.get("events") or []
        out = []
        for ev in events:
            if isinstance(ev, Mapping):
                out.append(describe_event(game, str(ev.get("kind")), ev.get("data") or {}, names))
        if not out:
            out.append(
                _("%(who)s played %(move)s.")
                % {"who": who(data.get("seat")), "move": data.get("notation")}
            )
        if data.get("source") == "gm":
            out[0] += " " + _("(entered by the game master)")
        elif data.get("source") == "timer":
            out[0] += " " + _("(played by the computer: the deadline had passed)")
        elif data.get("source") == "bot":
            out[0] += " " + _("(played by the computer)")
        return out
    if kind == "undo":
        text = _("The game master took back move %(move)s of %(who)s.") % {
            "move": data.get("notation"),
            "who": who(data.get("seat")),
        }
        if data.get("reason"):  # the GM's own words, as written
            text = text.rstrip(".") + f" ({data['reason']})."
        return [text]
    if kind == "replace":
        seat = data.get("seat")
        seat_name = names[seat] if isinstance(seat, int) and seat < len(names) else seat
        return [_("%(name)s now plays %(seat)s.") % {"name": data.get("name"), "seat": seat_name}]
    if kind == "pause":
        if data.get("reason"):
            return [_("The game master paused the game: %(reason)s") % {"reason": data["reason"]}]
        return [_("The game master paused the game.")]
    if kind == "resume":
        return [_("The game master resumed the game.")]
    if kind == "end":
        reason = str(data.get("reason") or "")
        if reason == "gm":
            return [_("The game has ended (ended by the game master).")]
        if reason and reason not in ("finished", "game-over"):
            return [
                _("The game has ended (ended by the game master).").rstrip(".") + f": {reason}."
            ]
        return [_("The game has ended.")]
    if kind == "deadline":
        return [deadline_sentence(data)]
    if kind == "vacation":
        until = str(data.get("until", "")).replace("T", " ").replace("Z", " UTC")
        return [
            _("%(who)s is on vacation until %(until)s; their deadlines stop meanwhile.")
            % {"who": who(data.get("seat")), "until": until}
        ]
    if kind == "back":
        return [_("%(who)s is back from vacation.") % {"who": who(data.get("seat"))}]
    if kind == "policy":
        return [
            _("The game master set %(name)s=%(value)s.")
            % {"name": data.get("name"), "value": data.get("value")}
        ]
    if kind == "view-access":
        return [
            _("The game master looked at the private view of %(who)s.")
            % {"who": who(data.get("seat"))}
        ]
    return []
