"""The board's shortcuts agree with the full computation they stand in for."""

from __future__ import annotations

import pytest
from fc_helpers import play

from pbem.rules.base import derive_rng
from pbem.rules.forbidden_city import GAME
from pbem.rules.forbidden_city import board as B
from pbem.rules.forbidden_city.bots import GreedyBot
from pbem.rules.forbidden_city.tiles import components, orientations


@pytest.mark.parametrize("seed", range(2))
def test_paying_finds_exactly_the_placements_that_pay(seed: int) -> None:
    state = GAME.setup(4, {"side": ("beginner", "advanced")[seed % 2]}, seed)
    tiles = components().base_set
    for i in range(40):
        board = state.board
        seat = state.to_move
        for t in tiles[seed::4]:
            for k in sorted(board.frontier):
                fits = B.fitting(t, B.requirement(board, k))
                quick = set(B.paying(board, k, fits))
                for o in fits:
                    p = B.plan(board, o, k, seat)
                    assert p is not None
                    pays = any(c.payouts for c in B.score(board, p))
                    if pays:
                        assert o in quick
                    elif len(t.regions) == 1:
                        assert o not in quick
        action = GAME.bots()["random"].choose(GAME, state, seat, derive_rng(seed, "bot", i))
        state, _ = GAME.apply(state, seat, action, derive_rng(seed, "apply", i))


def test_greedy_takes_the_best_payout() -> None:
    state, moves, _ = play(["greedy", "random"], 4)
    replay = GAME.setup(2, {}, 4)
    bot = GreedyBot()
    for i, (seat, action) in enumerate(moves):
        if seat == 0:
            scored = bot.evaluate(replay, 0)
            best = max(own for own, _, _ in scored)
            chosen = [own for own, _, m in scored if m == action]
            assert chosen == [best]
        replay, _ = GAME.apply(replay, seat, action, derive_rng(4, "apply", i))


def test_plan_does_not_touch_the_board() -> None:
    board = B.start_board("advanced")
    before = (dict(board.cells), list(board.reg_room), dict(board.rooms), board.frontier)
    for o in orientations(components().base_set[0]):
        B.plan(board, o, B.key(0, -1), 0)
    assert (dict(board.cells), list(board.reg_room), dict(board.rooms), board.frontier) == before
