"""Helpers for the Die Verbotene Stadt tests: hand-built states, scripted dice, bot games."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from pbem.rules.base import Event, derive_rng
from pbem.rules.verbotene_stadt import GAME
from pbem.rules.verbotene_stadt.state import State

BOARD = GAME.board


class Dice(random.Random):
    """A ``random.Random`` whose ``randrange`` returns scripted face indices, in order.

    Fate dice faces (index): small 0 black, 1-3 red, 4 red+pavilion, 5 red+dragon; medium 0-1
    black, 2-3 red, 4 red+pavilion, 5 red+dragon; large 0-4 black, 5 red. Pavilion die: number - 1.
    """

    def __init__(self, *values: int) -> None:
        super().__init__(0)
        self.values = list(values)

    def randrange(self, *args: Any, **kwargs: Any) -> int:  # type: ignore[override]
        assert self.values, "the test did not script enough dice"
        return self.values.pop(0)


def off(code: str) -> int:
    """The official of two letters."""
    o = BOARD.official_by_code(code)
    assert o is not None, code
    return o


def card(name: str) -> int:
    """The card ``"red-hat"``."""
    for c in range(24):
        if BOARD.card_name(c) == name:
            return c
    raise KeyError(name)


def build(
    officials: Mapping[str, tuple[int, int]],
    *,
    n: int = 4,
    active_pavilion: int = 1,
    selections: Sequence[str] = ("RR", "YY", "BB", "GG"),
    hands: Sequence[Sequence[str]] | None = None,
    exiled: Sequence[str] = (),
    pavilions: Mapping[int, Sequence[str]] | None = None,
    active: int = 0,
    move_no: int = 0,
    options: Mapping[str, str] | None = None,
) -> State:
    """A state in the move phase with only the named officials on the board (the rest aside)."""
    base = GAME.setup(n, options or {}, 1)
    positions = [-1] * 25
    for code, (x, y) in officials.items():
        positions[off(code)] = BOARD.cell(x, y)
    piles = list(base.pavilion_cards)
    for num, cards in (pavilions or {}).items():
        piles[num - 1] = tuple(card(c) for c in cards)
    return msgspec.structs.replace(
        base,
        phase="move",
        positions=tuple(positions),
        exiled=tuple(off(c) for c in exiled),
        selections=tuple(off(c) for c in selections[:n]),
        hands=tuple(tuple(sorted(card(c) for c in h)) for h in (hands or [()] * n)),
        pavilion_cards=tuple(piles),
        active_pavilion=active_pavilion,
        active=active,
        move_no=move_no,
    )


def act(
    state: State, seat: int, text: str, rng: random.Random | None = None
) -> tuple[State, list[Event]]:
    """Parse and apply ``text`` for ``seat``; the input state must stay unchanged."""
    before = GAME.encode_state(state)
    action = GAME.parse(state, seat, text)
    new, events = GAME.apply(state, seat, action, rng or Dice())
    assert GAME.encode_state(state) == before, "apply mutated its input"
    return new, events


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def find(events: Sequence[Event], kind: str) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == kind]


def where(state: State, code: str) -> tuple[int, int] | None:
    c = state.positions[off(code)]
    return None if c < 0 else BOARD.xy(c)


def play_bots(
    n: int,
    seed: int,
    bots: Sequence[str],
    cap: int = 6000,
    options: Mapping[str, str] | None = None,
    check: Any = None,
) -> tuple[State, list[tuple[int, Any, list[Event]]]]:
    """A whole bot game; ``check(state, seat, action, events, new)`` after each action."""
    state = GAME.setup(n, options or {}, seed)
    table = GAME.bots()
    log: list[tuple[int, Any, list[Event]]] = []
    seq = 0
    while GAME.pending(state) and seq < cap:
        d = GAME.pending(state)[0]
        bot = table[bots[d.seat % len(bots)]]
        action = bot.choose(GAME, state, d.seat, derive_rng(seed, "bot", seq))
        new, events = GAME.apply(state, d.seat, action, derive_rng(seed, "apply", seq))
        if check is not None:
            check(state, d.seat, action, events, new)
        log.append((d.seat, action, events))
        state = new
        seq += 1
    return state, log
