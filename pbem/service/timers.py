"""Deadlines: when the decisions owed now fall due."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from pbem.model import parse_time
from pbem.rules.base import Decision
from pbem.store import GameRecord

POSITION_KINDS = frozenset({"setup", "action", "undo", "resume", "replace", "deadline"})
"""Log lines that start a deadline's clock again."""


def next_due(record: GameRecord) -> datetime | None:
    """When the earliest deadline of the decisions owed now falls due (None: no deadline)."""
    return due_for(record, record.pending())


def due_for(record: GameRecord, decisions: Sequence[Decision]) -> datetime | None:
    """When the earliest deadline of ``decisions`` falls due (None: no deadline)."""
    env = record.envelope
    if not env.deadlines or env.status != "active":
        return None
    since = position_time(record)
    best: datetime | None = None
    for d in decisions:
        dl = env.deadlines.get(d.kind) or env.deadlines.get("*")
        if dl is None:
            continue
        if dl.at:
            when = parse_time(dl.at)
        elif dl.seconds:
            when = since + timedelta(seconds=dl.seconds)
        else:
            continue
        best = when if best is None else min(best, when)
    return best


def position_time(record: GameRecord) -> datetime:
    """When the position last changed (a deadline runs from there)."""
    for e in reversed(record.entries):
        if e.kind in POSITION_KINDS:
            return parse_time(e.time)
    return parse_time(record.envelope.created)
