"""Facts about a game that every mail, HISTORY and the GM's commands must tell the same way."""

from __future__ import annotations

from datetime import UTC, datetime

from pbem.store import GameRecord, summary


def moves_in_effect(record: GameRecord) -> list[int]:
    """The log sequence numbers of the actions in effect (an undo takes back the latest one)."""
    return summary.moves_in_effect(record.entries)


def moves_played(record: GameRecord) -> int:
    """How many moves are in effect: the one move number mails, HISTORY, ``#N`` guards and
    ``pbem admin list`` use (the next move is ``moves_played + 1``)."""
    return len(moves_in_effect(record))


def format_due(when: datetime, now: datetime) -> str:
    """``"Tue 25 Nov 18:00 UTC, in 3 days"``: a deadline as a date and a duration."""
    delta = when - now
    secs = int(delta.total_seconds())
    if secs <= 0:
        rel = "now"
    elif secs < 5400:
        mins = max(1, round(secs / 60))
        rel = f"in {mins} minute{'s' if mins != 1 else ''}"
    elif secs < 36 * 3600:
        h = round(secs / 3600)
        rel = f"in {h} hours"
    else:
        d = round(secs / 86400)
        rel = f"in {d} days"
    return f"{when.astimezone(UTC):%a %d %b %H:%M} UTC, {rel}"


def private_part(record: GameRecord) -> str:
    """What the game's private information is called ("tile", "bribe selection"...)."""
    return str(getattr(record.game, "private_part", "tile"))
