"""The text board: golden files (regenerate with PBEM_REGEN_GOLDEN=1) and its invariants."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from vs_helpers import Dice, act, build, play_bots

from pbem.rules.verbotene_stadt import GAME
from pbem.rules.verbotene_stadt.state import State

GOLDEN = Path(__file__).parent / "golden"
REGEN = os.environ.get("PBEM_REGEN_GOLDEN") == "1"


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if REGEN:
        path.write_text(text, encoding="ascii")
    assert path.exists(), f"missing golden file {path}; run with PBEM_REGEN_GOLDEN=1"
    assert text == path.read_text(encoding="ascii"), f"{name} differs from its golden file"


def check_shape(text: str) -> None:
    assert text.isascii()
    assert max(len(line) for line in text.splitlines()) <= 72
    assert "\t" not in text


def started() -> State:
    s = GAME.setup(4, {}, 7)
    for seat, code in enumerate(["RK", "GB", "YY", "KR"]):
        s, _ = act(s, seat, f"select {code}", Dice(5, 2))
    return s


def claimed() -> State:
    s = build(
        {"RR": (2, 2), "YY": (2, 0), "BB": (12, 12), "GG": (8, 2), "KK": (7, 7)},
        selections=["GG", "BB", "GG", "BB"],
        hands=[["blue-hat"], ["green-hat", "green-coat"], [], ["pink-hat"]],
        exiled=["RY", "RB", "RG"],
    )
    s, _ = act(s, 0, "RR N W claim")
    return s


def test_start_position_for_north() -> None:
    text = GAME.render_text(GAME.view(started(), 0))
    check_shape(text)
    check_golden("start-north.txt", text)
    assert "Your secret selection: RK (red hat, black body)." in text


def test_public_view_shows_no_selection() -> None:
    text = GAME.render_text(GAME.view(started(), None))
    check_shape(text)
    check_golden("start-public.txt", text)
    assert "selection" not in text


def test_claim_in_progress() -> None:
    text = GAME.render_text(GAME.view(claimed(), 1))
    check_shape(text)
    check_golden("claim-east.txt", text)
    assert "North claims that RR entered pavilion 1" in text
    assert "East (believe-or-doubt)" in text


def test_game_over() -> None:
    state, _ = play_bots(3, 11, ["heuristic"])
    text = GAME.render_text(GAME.view(state, 2))
    check_shape(text)
    check_golden("over-south.txt", text)
    assert "Game over." in text


@pytest.mark.parametrize("seat", [None, 0, 1])
def test_board_marks_active_pavilion_and_officials(seat: int | None) -> None:
    s = started()
    text = GAME.render_text(GAME.view(s, seat))
    assert f"={s.active_pavilion}=" in text
    for code in ("RR", "KK", "GB"):
        assert code in text
    assert "Terrace of Exile: 0 of 15" in text
