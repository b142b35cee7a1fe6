"""A game's service settings (issue 13): ``nmr``, ``remind``, ``grace``, ``vacation``, ``watch``,
``time``, ``weekends``, ``takeover``. They live in the envelope's options, set by ``policy`` log
lines (``pbem admin policy``, or ``-o`` at creation); :data:`DEFAULTS` otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from pbem.commands.durations import parse_duration, short_duration
from pbem.errors import CommandError
from pbem.model import Envelope
from pbem.service.clocks import Bank, parse_control
from pbem.store import GameRecord

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
