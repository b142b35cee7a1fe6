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
        elif data.get("source") in ("bot", "timer"):
            out[0] += " (played by the computer)"
        return out
    if kind == "undo":
        return [
            f"The game master took back move {data.get('notation')} of {who(data.get('seat'))}."
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
        return [
            "The game has ended"
            + (" (ended by the game master)." if data.get("reason") == "gm" else ".")
        ]
    if kind == "deadline":
        return [
            f"Deadline for {data.get('kind')}: {data.get('seconds') or data.get('at') or 'none'}"
            + (" seconds." if data.get("seconds") else ".")
        ]
    if kind == "view-access":
        return [f"The game master looked at the private view of {who(data.get('seat'))}."]
    return []
