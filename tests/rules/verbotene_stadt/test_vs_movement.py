"""Sliding movement: every kind of obstacle, dead ends, right angles, start fields, entries."""

from __future__ import annotations

import pytest
from vs_helpers import BOARD, Dice, act, build, find, off, where

from pbem.rules.base import IllegalMove, InvalidSyntax
from pbem.rules.verbotene_stadt import GAME
from pbem.rules.verbotene_stadt.state import Move

ROLL_BLACK = 0  # small die face 0


def test_slide_stopped_by_a_wall() -> None:
    s = build({"RR": (4, 5)})
    new, events = act(s, 0, "RR west", Dice(ROLL_BLACK))
    assert where(new, "RR") == (2, 5)
    assert find(events, "moved")[0]["to"] == "c6"


def test_slide_stopped_by_a_roof() -> None:
    s = build({"RR": (0, 2)})
    new, _ = act(s, 0, "RR S", Dice(ROLL_BLACK))
    assert where(new, "RR") == (0, 3)


def test_slide_stopped_by_the_board_edge() -> None:
    s = build({"RR": (4, 2)})
    new, _ = act(s, 0, "rr n", Dice(ROLL_BLACK))
    assert where(new, "RR") == (4, 0)


def test_slide_stopped_by_another_official() -> None:
    s = build({"RR": (4, 2), "YY": (4, 0)})
    new, _ = act(s, 0, "RR N", Dice(ROLL_BLACK))
    assert where(new, "RR") == (4, 1)
    with pytest.raises(IllegalMove, match="the official YY is directly north"):
        GAME.parse(build({"RR": (4, 1), "YY": (4, 0)}), 0, "RR N")


def test_slide_stopped_by_an_inactive_pavilion_but_not_by_the_active_one() -> None:
    s = build({"RR": (1, 4)}, active_pavilion=2)
    new, _ = act(s, 0, "RR N", Dice(ROLL_BLACK))
    assert where(new, "RR") == (1, 2)
    blocked = build({"RR": (1, 2)}, active_pavilion=2)
    with pytest.raises(IllegalMove, match="pavilion 1, which is not the active pavilion"):
        GAME.parse(blocked, 0, "RR N")
    # Active, but not through its door: its outer wall stops the official.
    with pytest.raises(IllegalMove, match="outer wall of the active pavilion 1"):
        GAME.parse(build({"RR": (1, 2)}, active_pavilion=1), 0, "RR N")


def test_obstacle_errors_name_the_obstacle() -> None:
    s = build({"RR": (2, 5), "YY": (0, 3)})
    with pytest.raises(IllegalMove, match="a wall is directly west"):
        GAME.parse(s, 0, "RR W")
    with pytest.raises(IllegalMove, match="a roof is directly south"):
        GAME.parse(s, 0, "YY S")
    with pytest.raises(IllegalMove, match="edge of the board is directly west"):
        GAME.parse(s, 0, "YY W")


def test_right_angle_continuation() -> None:
    s = build({"RR": (4, 2)})
    new, events = act(s, 0, "RR north east", Dice(ROLL_BLACK))
    # North to the edge at e1, then east until the wall of pavilion 2 ... stops at g1.
    assert where(new, "RR") == (6, 0)
    assert find(events, "moved")[0]["path"] == ["N", "E"]
    assert GAME.parse(s, 0, "RR n e") == GAME.parse(s, 0, "RR NE")


def test_continuation_must_be_at_a_right_angle() -> None:
    s = build({"RR": (4, 2)})
    with pytest.raises(IllegalMove, match="only continue at a right angle"):
        GAME.parse(s, 0, "RR N S")


def test_only_one_continuation_unless_the_option_allows_more() -> None:
    s = build({"RR": (4, 2)})
    # wrong in every position: refused as written, so a plan's later slide cannot hold it either
    with pytest.raises(InvalidSyntax, match="at most two directions"):
        GAME.parse(s, 0, "RR N E S")
    free = build({"RR": (4, 2)}, options={"moves": "unlimited"})
    move = GAME.parse(free, 0, "RR N E S")
    new, _ = GAME.apply(free, 0, move, Dice(ROLL_BLACK))
    assert where(new, "RR") == (6, 3)  # the wall under g4


def test_a_move_must_end_on_another_field() -> None:
    free = build({"RR": (4, 2), "YY": (5, 0), "BB": (3, 2)}, options={"moves": "unlimited"})
    # N to e1, E blocked by YY at f1? no: YY stands at f1, so E cannot start: the error says so.
    with pytest.raises(IllegalMove):
        GAME.parse(free, 0, "RR N E")


def test_dead_end_stops_the_move() -> None:
    s = build({"RR": (0, 6)})
    new, events = act(s, 0, "RR E", Dice(ROLL_BLACK))
    assert where(new, "RR") == (4, 6)
    assert (4, 6) in [BOARD.xy(c) for c in BOARD.dead_ends]
    with pytest.raises(IllegalMove, match="dead end at e7"):
        GAME.parse(s, 0, "RR E N")
    assert all(
        len(m.dirs) == 1
        for m in GAME.legal(s, 0)
        if isinstance(m, Move) and m.official == off("RR") and m.dirs[0] == "E"
    )


def test_one_step_from_a_start_field() -> None:
    s = build({"RB": (7, 5)})
    slide, _ = act(s, 0, "RB N", Dice(ROLL_BLACK))
    assert where(slide, "RB") == (7, 2)
    step, events = act(s, 0, "RB step N", Dice(ROLL_BLACK))
    assert where(step, "RB") == (7, 4)
    assert find(events, "moved")[0]["step"] is True
    # The step is the whole move: no continuation.
    with pytest.raises(InvalidSyntax, match="exactly one direction"):
        GAME.parse(s, 0, "RB step N E")


def test_one_step_only_from_a_start_field() -> None:
    s = build({"RB": (7, 2)})
    with pytest.raises(IllegalMove, match="not on a start field"):
        GAME.parse(s, 0, "RB step S")


def test_start_fields_are_crossed_like_normal_fields() -> None:
    s = build({"RR": (7, 2)})
    new, _ = act(s, 0, "RR S", Dice(ROLL_BLACK))
    # Down column h through the grey field h5, the empty yellow block and h11, to pavilion 6.
    assert where(new, "RR") == (7, 12)


def test_entering_the_active_pavilion_from_its_threshold() -> None:
    # Pavilion 1: threshold c2, enter moving west. A blocker on c1 stops RR on the threshold.
    s = build({"RR": (2, 2), "YY": (2, 0)}, active_pavilion=1, pavilions={1: ["red-hat"]})
    new, events = act(s, 0, "RR N W")
    assert where(new, "RR") is None
    assert find(events, "entered")[0]["pavilion"] == 1
    assert new.exiled == (off("RR"),)


def test_passing_the_threshold_of_an_inactive_pavilion() -> None:
    s = build({"RR": (2, 2), "YY": (2, 0)}, active_pavilion=2)
    with pytest.raises(IllegalMove, match="pavilion 1, which is not the active"):
        GAME.parse(s, 0, "RR N W")


def test_nothing_may_follow_an_entry() -> None:
    s = build({"RR": (2, 1)}, active_pavilion=1, options={"moves": "unlimited"})
    with pytest.raises(IllegalMove, match="a move ends there"):
        GAME.parse(s, 0, "RR W N")


def test_officials_on_the_terrace_cannot_move() -> None:
    s = build({"YY": (2, 2)}, exiled=["RR"])
    with pytest.raises(IllegalMove, match="Terrace of Exile"):
        GAME.parse(s, 0, "RR N")


def test_every_slide_at_once_ends_where_each_slide_ends() -> None:
    """``Board.slide_ends`` (the bots' search: every field and direction in one sweep) gives
    ``Board.slide_end`` of each, with officials anywhere and any pavilion active."""
    import random

    rng = random.Random(18)
    size = BOARD.width * BOARD.height
    for trial in range(60):
        occupied = set(rng.sample(range(size), rng.randrange(0, 80)))
        for active in (0, *BOARD.pavilions):
            want = [BOARD.slide_end(c, d, occupied, active) for c in range(size) for d in range(4)]
            assert BOARD.slide_ends(occupied, active) == want, (trial, active)
