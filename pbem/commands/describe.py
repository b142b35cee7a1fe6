"""Sentences for the public events of the history, as the mails show them.

Engines emit structured events (kind + JSON data); people read sentences. A game may provide its own
``describe_event(event) -> str`` (both games do); anything it does not know is shown generically
(kind and data), never dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def _seat(data: Mapping[str, Any], names: list[str], key: str = "seat") -> str:
    seat = data.get(key)
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return str(data.get("colour", seat))


def _generic(kind: str, d: Mapping[str, Any], names: list[str]) -> str:
    parts = []
    for k, v in d.items():
        if k == "seat":
            v = _seat(d, names)
        if isinstance(v, (dict, list)) and len(str(v)) > 60:
            continue
        parts.append(f"{k} {v}")
    return f"{kind.replace('-', ' ').capitalize()}: " + ", ".join(parts) + "." if parts else kind


def _vs(kind: str, d: Mapping[str, Any], names: list[str]) -> str | None:
    """Die Verbotene Stadt's public events."""

    def who(key: str = "seat") -> str:
        return _seat(d, names, key)

    path = " ".join(str(x) for x in d.get("path", []))
    if kind == "moved":
        how = "one step" if d.get("step") else f"sliding {path}"
        return f"{who()} moved {d.get('official')} from {d.get('from')} to {d.get('to')} ({how})."
    if kind == "entered":
        return (f"{who()} moved {d.get('official')} from {d.get('from')} into pavilion "
                f"{d.get('pavilion')} ({d.get('mode')}).")
    if kind == "fate-die":
        verdict = "another move" if d.get("face") == "red" else "the turn ends"
        return f"{who('roller')} rolled the {d.get('die')} fate die for it: {d.get('face')}, {verdict}."
    if kind == "pavilion-die":
        return (f"{who('roller')} rolled the pavilion die: pavilion {d.get('face')} is active "
                f"({d.get('cards_left')} cards in it).")
    if kind == "turn":
        return f"{who()}'s turn."
    if kind == "turn-over":
        return f"{who()}'s turn is over."
    if kind == "exiled":
        return f"{d.get('official')} goes to the Terrace of Exile ({d.get('count')} of 15)."
    if kind == "revealed":
        return f"{who()} had bribed {d.get('official')}."
    if kind == "card":
        return f"{_seat(d, names, 'to')} takes the card {d.get('card')} (from the {d.get('source')})."
    if kind == "claimed":
        return (f"{who()} claims {d.get('official')} entered pavilion {d.get('pavilion')} and was "
                "bribed by them: believe or doubt?")
    if kind in ("believed", "doubted", "kept", "reselected", "selected"):
        verb = {"believed": "believes", "doubted": "doubts", "kept": "keeps their selection",
                "reselected": "made a new secret selection", "selected": "made a secret selection"}
        return f"{who()} {verb[kind]}."
    if kind == "outcome":
        return "Outcome of the claim: " + str(d.get("result", "")).replace("-", " ") + "."
    if kind == "reselect":
        return "Every player may now change their secret selection (or keep it)."
    if kind == "nothing-to-take":
        return f"{who()} has nothing to take ({d.get('reason')})."
    if kind == "extra-turn":
        return f"{who()} gets an extra turn."
    if kind == "phase-two":
        return f"{d.get('count')} officials are in exile: from now on an entry takes all the cards."
    if kind == "start-player":
        return f"{who()} starts."
    if kind == "game-over":
        return f"Game over: {d.get('exiled')} officials in exile."
    return None


_BY_GAME: dict[str, Callable[[str, Mapping[str, Any], list[str]], str | None]] = {
    "verbotene-stadt": _vs,
}
"""Describers for games without a ``describe_event`` of their own."""


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
        elif data.get("source") == "timer":
            out[0] += " (played by the computer: the deadline had passed)"
        elif data.get("source") == "bot":
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
