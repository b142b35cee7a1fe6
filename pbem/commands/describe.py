"""Sentences for the public events of the history, as the mails show them.

Engines emit structured events (kind + JSON data); people read sentences. A game may provide its own
``describe_event(event) -> str``; otherwise the describers below know the common kinds
of both games, and anything unknown is shown generically (kind and data), never dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def _seat(data: Mapping[str, Any], names: list[str], key: str = "seat") -> str:
    seat = data.get(key)
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return str(data.get("colour", seat))


def _payouts(p: Any) -> str:
    if isinstance(p, Mapping) and p:
        return ", ".join(f"{v} to {k}" for k, v in p.items())
    return "nobody (no advisors in it)"


def _fc(kind: str, d: Mapping[str, Any], names: list[str]) -> str | None:
    if kind == "placed":
        where = d.get("notation") or f"{d.get('square', '')} R{d.get('rotation', 0)}"
        return f"{_seat(d, names)} placed tile {d.get('tile')} at {where}."
    if kind == "room-closed":
        return f"A room worth {d.get('value')} was closed: {_payouts(d.get('payouts'))}."
    if kind == "set-aside":
        return f"{_seat(d, names)} could not place tile {d.get('tile')} anywhere: it is set aside."
    if kind == "stopped":
        return f"{_seat(d, names)} has placed all tiles but the last two and stops placing."
    if kind == "game-over":
        scores = d.get("scores")
        if isinstance(scores, Mapping):
            return "Game over. Final scores: " + ", ".join(f"{k} {v}" for k, v in scores.items()) + "."
        return "Game over."
    return None


def _generic(kind: str, d: Mapping[str, Any], names: list[str]) -> str:
    parts = []
    for k, v in d.items():
        if k == "seat":
            v = _seat(d, names)
        if isinstance(v, (dict, list)) and len(str(v)) > 60:
            continue
        parts.append(f"{k} {v}")
    return f"{kind.replace('-', ' ').capitalize()}: " + ", ".join(parts) + "." if parts else kind


_BY_GAME: dict[str, Callable[[str, Mapping[str, Any], list[str]], str | None]] = {
    "forbidden-city": _fc,
}


def describe_event(game: Any, kind: str, data: Mapping[str, Any], names: list[str]) -> str:
    """One sentence for a public event."""
    own = getattr(game, "describe_event", None)
    if callable(own):
        from pbem.rules.base import Event

        try:
            text = own(Event(kind, dict(data)))
        except (KeyError, TypeError, ValueError):
            text = None  # an older event shape: fall back to the generic sentence
        if text:
            return str(text)
    fn = _BY_GAME.get(getattr(game, "name", ""))
    if fn is not None:
        text = fn(kind, data, names)
        if text:
            return text
    return _generic(kind, data, names)


def describe_line(game: Any, kind: str, data: Mapping[str, Any], names: list[str],
                  players: list[str]) -> list[str]:
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
        return [f"The game master took back move {data.get('notation')} of {who(data.get('seat'))}."]
    if kind == "replace":
        return [f"{data.get('name')} now plays {names[data['seat']] if isinstance(data.get('seat'), int) and data['seat'] < len(names) else data.get('seat')}."]
    if kind == "pause":
        return ["The game master paused the game" + (f": {data.get('reason')}" if data.get("reason") else ".")]
    if kind == "resume":
        return ["The game master resumed the game."]
    if kind == "end":
        return ["The game has ended" + (" (ended by the game master)." if data.get("reason") == "gm" else ".")]
    if kind == "deadline":
        return [f"Deadline for {data.get('kind')}: {data.get('seconds') or data.get('at') or 'none'}"
                + (" seconds." if data.get("seconds") else ".")]
    if kind == "view-access":
        return [f"The game master looked at the private view of {who(data.get('seat'))}."]
    return []
