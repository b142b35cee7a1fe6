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


def _boards(seeds: range) -> list[tuple[B.Board, int]]:
    """Boards (and the seat to move) of whole games, greedy and random bots, both sides."""
    out = []
    for seed in seeds:
        n = 2 + seed % 3
        state = GAME.setup(n, {"side": ("beginner", "advanced")[seed % 2]}, seed)
        i = 0
        while GAME.pending(state):
            seat = state.to_move
            if i % 3 == 0:
                out.append((state.board, seat))
            bot = "random" if seed % 2 and i % 3 == 0 else "greedy"
            action = GAME.bots()[bot].choose(GAME, state, seat, derive_rng(seed, "bot", i))
            state, _ = GAME.apply(state, seat, action)
            i += 1
    return out


@pytest.mark.parametrize("seeds", [range(0, 3), range(3, 6)])
def test_gains_are_what_the_plan_pays(seeds: range) -> None:
    """B.gains (the bots' shortcut) pays exactly what score(plan) pays, for every legal placement
    of every single-region tile on boards of whole games."""
    tiles = [t for t in components().base_set if len(t.regions) == 1]
    paying = 0
    for board, seat in _boards(seeds):
        for t in tiles:
            for k in board.frontier:
                for o in B.fitting(t, B.requirement(board, k)):
                    p = B.plan(board, o, k, seat)
                    assert p is not None
                    closed = B.score(board, p)
                    own = sum(v for c in closed for s, v in c.payouts.items() if s == seat)
                    others = sum(v for c in closed for s, v in c.payouts.items() if s != seat)
                    assert B.gains(board, o, k, seat) == (own, others)
                    paying += own + others > 0
    assert paying > 100  # the boards close rooms with advisors often enough to test something


def test_best_is_the_best_of_the_scan() -> None:
    """search.best (one pass, the greedy bot's candidates) gives the best placements of scan,
    in scan's order, for every tile (diagonal ones included) on boards of whole games."""
    from pbem.rules.forbidden_city.search import best, scan

    for board, seat in _boards(range(6, 10)):
        for t in components().base_set:
            scored = scan(board, t, seat)
            if not scored:
                continue
            top = max((own, -others) for own, others, _, _ in scored)
            expected = [(k, o) for own, others, k, o in scored if (own, -others) == top]
            got = best(board, t, seat)
            assert [(k, o.rotation) for k, o in got] == [(k, o.rotation) for k, o in expected]


def test_fast_constructors_build_the_same_frozen_objects() -> None:
    """apply's State and commit's Board, built slot by slot, equal and behave as the ones the
    dataclass constructors build."""
    import dataclasses

    from pbem.rules.forbidden_city.game import State, _state

    state = GAME.setup(3, {}, 5)
    values = [getattr(state, f.name) for f in dataclasses.fields(State)]
    fast = _state(*values)
    assert fast == State(*values)
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.n = 4  # type: ignore[misc]
    action = GAME.legal(state, state.to_move)[0]
    after, _ = GAME.apply(state, state.to_move, action)
    b = after.board
    assert b == B.Board(b.cells, b.reg_room, b.rooms, b.frontier, b.next_room)
    assert GAME.decode_state(GAME.encode_state(after)) == after
