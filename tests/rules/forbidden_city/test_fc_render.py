"""The text board: golden files (regenerate with PBEM_REGEN_GOLDEN=1) and its invariants."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest
from fc_helpers import COLOURS, build, play

from pbem.rules.base import derive_rng
from pbem.rules.forbidden_city import GAME
from pbem.rules.forbidden_city.notation import row_name, square_name
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


def _overview_rows(text: str) -> list[str]:
    """Row labels of the overview (the lines before the detail window)."""
    head = text.split("Around the last move")[0].split("\n\n")[0]
    return [ln[:4].strip() for ln in head.splitlines()[1:] if ln[:4].strip()]


def test_end_of_game_board_fits_without_repeating_rows() -> None:
    state, _, _ = play(["random", "random", "random"], 3, side="advanced")
    text = GAME.render_text(GAME.view(state, None))
    check_shape(text)
    assert "Game over." in text
    xs = [c.x for c in GAME.view(state, None).cells]
    assert max(xs) - min(xs) + 1 > 8  # too wide for the detailed boxes: an overview
    rows = _overview_rows(text)
    assert len(rows) == len(set(rows)) > 8
    check_golden("end-3p-advanced-public.txt", text)


STAGES = {"early": 2, "middle": 0.5, "final": 1.0}


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("stage", list(STAGES))
def test_golden_boards_by_players_and_stage(n: int, stage: str) -> None:
    """Early, middle and final boards of 2, 3 and 4 players, for the player to move (the final one
    public): each fits 72 columns, draws every square where the tile fits, repeats no overview row."""
    _, moves, _ = play(["greedy"] * n, 10 + n)
    total = len(moves)
    k = STAGES[stage]
    count = int(k) if isinstance(k, int) else int(total * k)
    state = _partial(["greedy"] * n, 10 + n, count)
    seat = None if state.to_move < 0 else state.to_move
    view = GAME.view(state, seat)
    text = GAME.render_text(view)
    check_shape(text)
    check_golden(f"{stage}-{n}p.txt", text)
    rows = _overview_rows(text)
    assert len(rows) == len(set(rows))
    if stage == "final":
        assert "Game over." in text
        assert text.count("\n") < 100
    else:
        for x, y, rots in view.fits:
            name = square_name(x, y)
            if "Overview" in text:
                overview = text.split("Around the last move")[0]
                line = next(ln for ln in overview.splitlines() if ln[:4].strip() == row_name(y))
                digits = "".join(str(r) for r in rots)
                assert ("0-3" if len(digits) == 4 else digits) in line, name
            else:
                want = "R any" if len(rots) == 4 else "R" + ",".join(map(str, rots))
                assert name in text and want in text, name


def test_every_example_square_is_drawn() -> None:
    """Each of the examples a player is given (spread over all legal moves) is on the board."""
    for n in (2, 3, 4):
        state = GAME.setup(n, {"first": "0"}, n)
        for i in range(60):
            if state.to_move < 0:
                break
            seat = state.to_move
            view = GAME.view(state, seat)
            fits = {(x, y): rots for x, y, rots in view.fits}
            legal = GAME.legal(state, seat)
            assert {(m.x, m.y) for m in legal} == set(fits)
            assert all(m.rotation in fits[(m.x, m.y)] for m in legal)
            action = GAME.bots()["random"].choose(GAME, state, seat, derive_rng(n, "bot", i))
            state, _ = GAME.apply(state, seat, action, derive_rng(n, "apply", i))


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
