"""The board comes from the package's data file, with its provenance, and agrees with itself."""

from __future__ import annotations

from vs_helpers import BOARD

from pbem.rules import find_game
from pbem.rules.verbotene_stadt.board import board_picture, load_components


def test_registry_finds_the_game() -> None:
    game = find_game("verbotene-stadt")
    assert game.name == "verbotene-stadt"
    assert find_game("vs") is game


def test_component_data_states_its_provenance() -> None:
    data = load_components()
    assert "PROPOSED" in data["provenance"]["status"]
    assert "NOT the printed layout" in data["provenance"]["status"]
    assert "P7" in board_picture()


def test_board_facts_from_the_data() -> None:
    assert (BOARD.width, BOARD.height) == (15, 15)
    assert sorted(BOARD.pavilions) == list(range(1, 9))
    assert BOARD.pavilions[7].colour == "green"
    assert BOARD.official_count == 25
    assert [name for name, _ in BOARD.fate_dice] == ["small", "medium", "large"]
    assert [sum(f == "black" for f in faces) for _, faces in BOARD.fate_dice] == [1, 2, 5]
    assert BOARD.max_moves == 4
    assert (BOARD.phase_two_from, BOARD.game_end_at) == (11, 15)


def test_dead_ends_in_the_data_are_the_fields_closed_on_three_sides() -> None:
    assert BOARD.derived_dead_ends() == BOARD.dead_ends


def test_officials_start_on_the_yellow_fields_hat_by_row() -> None:
    assert set(BOARD.initial) == set(BOARD.start_yellow)
    assert BOARD.xy(BOARD.initial[0]) == (5, 5)  # RR
    assert BOARD.official_code(4) == "RK"
    assert BOARD.xy(BOARD.initial[4]) == (9, 5)  # red hat row, black body column


def test_every_pavilion_door_is_reachable_from_its_threshold() -> None:
    for num, pav in BOARD.pavilions.items():
        blocked = BOARD.static_obstacle(pav.threshold, pav.enter, num)
        assert blocked == ("", True), num
        # Not active: the same step is blocked by the pavilion.
        assert BOARD.static_obstacle(pav.threshold, pav.enter, 0) is not None
