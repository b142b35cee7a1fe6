"""The plain reference engine of the benchmarks (benchmarks/reference_fc.py) is an independent
referee: it plays the same games as pbem's engine, move by move (legal placements, coins, the
greedy bot's choice, final scores), so the speed ratio of bench_engine.py compares like with like."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pbem.rules.base import derive_rng
from pbem.rules.forbidden_city import GAME

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
import reference_fc as R  # noqa: E402


@pytest.mark.parametrize(
    ("n", "seed", "side", "bots"),
    [
        (4, 11, "beginner", ["greedy"] * 4),
        (4, 12, "advanced", ["greedy", "random", "greedy", "random"]),
        (3, 13, "advanced", ["random"] * 3),
        (2, 14, "beginner", ["greedy", "random"]),
    ],
)
def test_reference_engine_agrees_move_by_move(
    n: int, seed: int, side: str, bots: list[str]
) -> None:
    state = GAME.setup(n, {"side": side}, seed)
    ref = R.Game(n, side, seed)
    table = GAME.bots()
    i = 0
    while GAME.pending(state):
        seat = GAME.pending(state)[0].seat
        assert ref.to_move == seat
        legal = GAME.legal(state, seat)
        assert [((m.x, m.y), m.rotation) for m in legal] == ref.legal()
        action = table[bots[seat]].choose(GAME, state, seat, derive_rng(seed, "bot", i))
        if bots[seat] == "greedy":
            assert ref.greedy(derive_rng(seed, "bot", i)) == ((action.x, action.y), action.rotation)
        state, _ = GAME.apply(state, seat, action, derive_rng(seed, "apply", i))
        ref.apply((action.x, action.y), action.rotation)
        assert ref.coins == list(state.coins)
        i += 1
    assert ref.to_move == -1
    result = GAME.result(state)
    assert result is not None and ref.scores() == list(result.scores)


def test_reference_greedy_game_is_pbems() -> None:
    game, moves = R.greedy_game(4, 21, "advanced")
    state = GAME.setup(4, {"side": "advanced"}, 21)
    for i, (seat, (sq, r)) in enumerate(moves):
        action = GAME.bots()["greedy"].choose(GAME, state, seat, derive_rng(21, "bot", i))
        assert ((action.x, action.y), action.rotation) == (sq, r)
        state, _ = GAME.apply(state, seat, action)
    result = GAME.result(state)
    assert result is not None and game.scores() == list(result.scores)


def test_reference_pays_the_rulebook_examples() -> None:
    """The 15-placement fixture of the component data: exactly the rulebook's four payouts."""
    fixture = R.components().fixture
    table = R.Table(fixture["start_side"])
    colours = list(R.components().colours)
    paid = {}
    for i, step in enumerate(fixture["placements"]):
        owner = colours.index(step["player"])
        placed = R.Placed(R.tile(step["tile"]), int(step["rotation"]), owner)
        pays = [p for p in table.place((int(step["x"]), int(step["y"])), placed) if p]
        if pays:
            paid[str(i)] = {colours[s]: c for p in pays for s, c in p.items()}
    expected = fixture["expected_scoring_after_index"]
    assert paid == {i: e["payouts"] for i, e in expected.items()}
