"""The text board: golden files (regenerate with PBEM_REGEN_GOLDEN=1) and its invariants."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest
from fc_helpers import COLOURS, build, play

from pbem.rules.base import derive_rng
from pbem.rules.forbidden_city import GAME
from pbem.rules.forbidden_city.tiles import components

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("PBEM_REGEN_GOLDEN") == "1"


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if REGEN or not path.exists():
        if not REGEN:
            pytest.fail(f"golden file {name} is missing; run with PBEM_REGEN_GOLDEN=1 to create it")
        path.write_text(text, encoding="ascii")
    assert text == path.read_text(encoding="ascii"), (
        f"{name} differs (PBEM_REGEN_GOLDEN=1 to accept)"
    )


def check_shape(text: str) -> None:
    assert text.isascii()
    assert all(len(line) <= 72 for line in text.splitlines())
    assert all(line == line.rstrip() for line in text.splitlines())


def _partial(bots: list[str], seed: int, moves: int, side: str = "beginner"):  # type: ignore[no-untyped-def]
    state = GAME.setup(len(bots), {"side": side}, seed)
    for i in range(moves):
        seat = GAME.pending(state)[0].seat
        action = GAME.bots()[bots[seat]].choose(GAME, state, seat, derive_rng(seed, "bot", i))
        state, _ = GAME.apply(state, seat, action, derive_rng(seed, "apply", i))
    return state


def test_start_boards() -> None:
    for side in ("beginner", "advanced"):
        state = GAME.setup(4, {"side": side, "first": "0"}, 1)
        public = GAME.render_text(GAME.view(state, None))
        mine = GAME.render_text(GAME.view(state, 0))
        check_shape(public)
        check_shape(mine)
        check_golden(f"start-{side}-public.txt", public)
        check_golden(f"start-{side}-seat0.txt", mine)


def test_fixture_board() -> None:
    fixture = components().fixture
    placements = [
        (p["player"], p["tile"], p["x"], p["y"], p["rotation"]) for p in fixture["placements"]
    ]
    board, _ = build("beginner", placements)
    state = GAME.setup(4, {"first": "0"}, 1)
    history = tuple((COLOURS.index(c), t, x, y, r) for c, t, x, y, r in placements)
    state = replace(state, board=board, history=history, coins=(3, 15, 12, 20))
    text = GAME.render_text(GAME.view(state, None))
    check_shape(text)
    check_golden("fixture-public.txt", text)


def test_midgame_views() -> None:
    state = _partial(["greedy", "random", "greedy", "random"], 7, 30)
    seat = state.to_move
    check_golden("midgame-4p-public.txt", GAME.render_text(GAME.view(state, None)))
    check_golden("midgame-4p-to-move.txt", GAME.render_text(GAME.view(state, seat)))
    check_golden("midgame-4p-waiting.txt", GAME.render_text(GAME.view(state, (seat + 1) % 4)))


def test_end_of_game_and_wide_boards_in_bands() -> None:
    state, _, _ = play(["random", "random", "random"], 3, side="advanced")
    text = GAME.render_text(GAME.view(state, None))
    check_shape(text)
    assert "Game over." in text
    xs = [c.x for c in GAME.view(state, None).cells]
    assert max(xs) - min(xs) + 1 > 8  # this game is wider than one band
    assert text.count("\n\n    ") >= 1  # a second band with its own column header
    check_golden("end-3p-advanced-public.txt", text)


@pytest.mark.parametrize("seed", range(6))
def test_every_view_is_ascii_and_72_columns(seed: int) -> None:
    bots = ["random", "greedy"][seed % 2 :] + ["random"] * (seed % 3)
    state, _, _ = play(
        bots if len(bots) >= 2 else bots * 2, seed, side=("beginner", "advanced")[seed % 2]
    )
    for seat in (None, *range(state.n)):
        check_shape(GAME.render_text(GAME.view(state, seat)))


def test_hand_is_drawn_in_four_labelled_rotations() -> None:
    state = GAME.setup(4, {"first": "0"}, 1)
    text = GAME.render_text(GAME.view(state, 0))
    assert f"Your tile: {state.hands[0]}" in text
    for r in range(4):
        assert f"R{r}" in text.split("Your tile:")[1]
    assert "Your tile" not in GAME.render_text(GAME.view(state, None))
    # A seat that waits still holds (and sees) its own tile, never another's.
    assert f"Your tile: {state.hands[1]}," in GAME.render_text(GAME.view(state, 1))


def test_rendering_is_deterministic() -> None:
    a = _partial(["greedy"] * 4, 5, 20)
    b = GAME.decode_state(GAME.encode_state(a))
    assert GAME.render_text(GAME.view(a, 1)) == GAME.render_text(GAME.view(b, 1))
