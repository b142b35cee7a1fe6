"""Deadlines: when the decisions owed now fall due."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from pbem.model import parse_time
from pbem.rules.base import Decision
from pbem.store import GameRecord
from pbem.store.fold import last_position


def next_due(record: GameRecord) -> datetime | None:
    """When the earliest deadline of the decisions owed now falls due (None: no deadline)."""
    return due_for(record, record.pending())


def due_for(record: GameRecord, decisions: Sequence[Decision]) -> datetime | None:
    """When the earliest deadline of ``decisions`` falls due, before vacations and grace (None:
    no deadline); :func:`pbem.service.community.deadlines` adds those."""
    env = record.envelope
    if not env.deadlines or env.status != "active":
        return None
    since = position_time(record)
    dues = [w for d in decisions if (w := base_due(record, d, since)) is not None]
    return min(dues, default=None)


def base_due(record: GameRecord, decision: Decision, since: datetime) -> datetime | None:
    """The GM's deadline for one decision owed since ``since``: a fixed time, or a duration from
    the position (None: no deadline for that kind)."""
    env = record.envelope
    dl = env.deadlines.get(decision.kind) or env.deadlines.get("*")
    if dl is None:
        return None
    if dl.at:
        return parse_time(dl.at)
    if dl.seconds:
        return since + timedelta(seconds=dl.seconds)
    return None


def position_time(record: GameRecord) -> datetime:
    """When the position last changed (a deadline runs from there)."""
    line = last_position(record.entries)
    return parse_time(line.time if line is not None else record.envelope.created)
