"""Shared helpers of the Forbidden City tests: build boards tile by tile, play bot games."""

from __future__ import annotations

from typing import Any

from pbem.rules.base import Event, derive_rng
from pbem.rules.forbidden_city import GAME
from pbem.rules.forbidden_city import board as B
from pbem.rules.forbidden_city.tiles import components, orientations, tile

COLOURS = list(components().colours)


def build(
    side: str, placements: list[tuple[str, str, int, int, int]]
) -> tuple[B.Board, list[list[B.Closed]]]:
    """Place (colour, tile, x, y, rotation) in order, each checked legal; closings per placement."""
    board = B.start_board(side)
    closings = []
    for colour, tid, x, y, r in placements:
        k = B.key(x, y)
        o = orientations(tile(tid))[r]
        assert k in board.frontier, f"{tid} at {x},{y} is not next to a tile"
        assert B.conflict(o, B.requirement(board, k)) is None, f"{tid} R{r} at {x},{y} is illegal"
        p = B.plan(board, o, k, COLOURS.index(colour))
        assert p is not None
        closings.append(B.score(board, p))
        board = B.commit(board, p)
    return board, closings


def named(payouts: dict[int, int]) -> dict[str, int]:
    """Payouts by colour name."""
    return {COLOURS[c]: v for c, v in payouts.items()}


def play(
    bots: list[str], seed: int, side: str = "beginner", check: bool = False
) -> tuple[Any, list[tuple[int, Any]], list[Event]]:
    """A whole bot game: final state, the moves (seat, action) and every event.

    With ``check``, every move is also checked to be in ``legal`` and to round-trip through ``parse``.
    """
    state = GAME.setup(len(bots), {"side": side}, seed)
    moves: list[tuple[int, Any]] = []
    events: list[Event] = []
    bot_objs = GAME.bots()
    while True:
        pending = GAME.pending(state)
        if not pending:
            break
        seat = pending[0].seat
        action = bot_objs[bots[seat]].choose(GAME, state, seat, derive_rng(seed, "bot", len(moves)))
        if check:
            assert action in GAME.legal(state, seat)
            assert GAME.parse(state, seat, GAME.notation(action)) == action
        state, evs = GAME.apply(state, seat, action, derive_rng(seed, "apply", len(moves)))
        moves.append((seat, action))
        events.extend(evs)
    return state, moves, events
