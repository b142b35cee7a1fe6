"""Sentences for the public log lines, as the mails and HISTORY show them.

A game's events are described by the game itself (``Game.describe_event``, behind the protocol in
:mod:`pbem.rules.base`); this module only adds the lines that are not a game's (an undo, a pause,
a replacement...) and the note on who entered a move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

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
    for size, name in ((86400, "day"), (3600, "hour"), (60, "minute")):
        n, seconds = divmod(seconds, size)
        if n:
            parts.append(f"{n} {name}{'s' if n != 1 else ''}")
    return " ".join(parts[:2]) or f"{seconds} seconds"


def deadline_sentence(data: Mapping[str, Any]) -> str:
    """The GM's deadline as people say it: a duration per decision, or a date."""
    kind = str(data.get("kind") or "every decision").replace("*", "every decision")
    if data.get("seconds"):
        return (f"The game master set a deadline for {kind}: {_duration(int(data['seconds']))} "
                "from each new position.")
    if data.get("at"):
        when = str(data["at"]).replace("T", " ").replace("Z", "").replace("+00:00", "")
        return f"The game master set a deadline for {kind}: {when[:16]} UTC."
    return f"The game master removed the deadline for {kind}."


def describe_line(
    game: Game, kind: str, data: Mapping[str, Any], names: list[str], players: list[str]
) -> list[str]:
    """Sentences for one public log line (an action with its events, an undo, a replacement...)."""

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
            out.append(f"{who(data.get('seat'))} played {data.get('notation')}.")
        if data.get("source") == "gm":
            out[0] += " (entered by the game master)"
        elif data.get("source") == "timer":
            out[0] += " (played by the computer: the deadline had passed)"
        elif data.get("source") == "bot":
            out[0] += " (played by the computer)"
        return out
    if kind == "undo":
        why = f" ({data['reason']})" if data.get("reason") else ""
        return [
            f"The game master took back move {data.get('notation')} of {who(data.get('seat'))}"
            f"{why}."
        ]
    if kind == "replace":
        return [
            f"{data.get('name')} now plays {names[data['seat']] if isinstance(data.get('seat'), int) and data['seat'] < len(names) else data.get('seat')}."
        ]
    if kind == "pause":
        return [
            "The game master paused the game"
            + (f": {data.get('reason')}" if data.get("reason") else ".")
        ]
    if kind == "resume":
        return ["The game master resumed the game."]
    if kind == "end":
        reason = str(data.get("reason") or "")
        if reason in ("", "finished", "game-over"):
            return ["The game has ended."]
        if reason == "gm":
            return ["The game master ended the game."]
        return [f"The game master ended the game: {reason}."]
    if kind == "deadline":
        return [deadline_sentence(data)]
    if kind == "vacation":
        until = str(data.get("until", "")).replace("T", " ").replace("Z", " UTC")
        return [f"{who(data.get('seat'))} is on vacation until {until}; their deadlines stop "
                "meanwhile."]
    if kind == "back":
        return [f"{who(data.get('seat'))} is back from vacation."]
    if kind == "policy":
        return [f"The game master set {data.get('name')}={data.get('value')}."]
    if kind == "view-access":
        return [f"The game master looked at the private view of {who(data.get('seat'))}."]
    return []
