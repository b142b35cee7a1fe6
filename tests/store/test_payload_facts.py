"""The facts readers ask of each kind of log line live on its payload type (issue 24): one table
here pins them, and a new kind must be added to it (and so decide each fact) before it passes."""

from __future__ import annotations

import typing

import pytest
from store_helpers import Clock

from pbem.store import Store, payloads
from pbem.store.fold import has_started, last_position

# kind: (quiet, told, player move, restarts the clock, GM subject)
FACTS: dict[str, tuple[bool, bool, bool, bool, str]] = {
    "setup": (False, False, False, True, ""),
    "action": (False, True, True, True, ""),
    "undo": (False, True, False, True, "a move was taken back"),
    "replace": (False, True, False, True, "seat replaced"),
    "pause": (False, True, False, False, "game paused"),
    "resume": (False, True, False, True, "game resumed"),
    "end": (False, True, False, False, ""),
    "reveal": (True, False, False, False, ""),
    "view-access": (True, False, False, False, ""),
    "deadline": (False, True, False, True, "deadline set"),
    "message": (True, False, False, False, ""),
    "vacation": (False, True, False, False, ""),
    "back": (False, True, False, False, ""),
    "policy": (False, True, False, False, ""),
    "vote": (False, True, False, False, ""),
    "orders": (True, False, False, False, ""),
}

KINDS = typing.get_args(payloads.Payload)


def test_every_kind_of_line_is_in_the_table() -> None:
    assert sorted(k.KIND for k in KINDS) == sorted(FACTS)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.KIND)
def test_each_kind_says_its_facts(kind: type[payloads.Payload]) -> None:
    got = (kind.QUIET, kind.TOLD, kind.PLAYER_MOVE, kind.RESTARTS_CLOCK, kind.GM_SUBJECT)
    assert got == FACTS[kind.KIND]


PAUSES = {"pause": True, "resume": False}
"""The kinds that say whether the game is paused after them (every other kind: None)."""


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.KIND)
def test_each_kind_says_whether_it_pauses(kind: type[payloads.Payload]) -> None:
    assert kind.PAUSES is PAUSES.get(kind.KIND)


def test_a_quiet_line_is_never_told() -> None:
    assert all(not k.TOLD for k in KINDS if k.QUIET)


def test_the_backward_walk_and_the_start(store: Store, clock: Clock) -> None:
    gid = store.create("forbidden-city", [("Ann", "a@x.org"), ("Bob", "b@x.org")], {}, 5, clock())
    rec = store.load(gid)
    assert not has_started(rec.entries)
    line = last_position(rec.entries)
    assert line is not None and line.seq == 1  # the setup line
