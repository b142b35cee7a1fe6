"""Square names, the move grammar and the errors players read."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pbem.rules.base import AmbiguousMove, IllegalMove, InvalidSyntax, NotYourDecision, RuleError
from pbem.rules.forbidden_city import GAME, Placement, square_name
from pbem.rules.forbidden_city.notation import column_name, column_x


def test_square_names_have_a_fixed_origin() -> None:
    assert square_name(0, 0) == "M10"
    assert square_name(1, 1) == "N11"  # the temple
    assert square_name(-12, -9) == "A1"
    assert square_name(13, 0) == "Z10"
    assert square_name(0, -10) == "M0" and square_name(0, -11) == "M-1"
    assert [column_name(x) for x in (14, 39, 40, -13, -38, -39)] == [
        "ZA",
        "ZZ",
        "ZZA",
        "AZ",
        "AA",
        "AAZ",
    ]


def test_column_names_round_trip_and_are_unique() -> None:
    names = [column_name(x) for x in range(-200, 201)]
    assert len(set(names)) == len(names)
    assert all(column_x(n) == x for n, x in zip(names, range(-200, 201), strict=True))
    assert column_x("BC") is None and column_x("ZB") == 15


@pytest.fixture
def state():  # type: ignore[no-untyped-def]
    s = GAME.setup(4, {"first": "0", "side": "advanced"}, 11)
    hands = list(s.hands)
    hands[0] = "P5"  # pink corner: archway N, wall E
    return replace(s, hands=tuple(hands))


@pytest.mark.parametrize(
    "text",
    [
        "M9 R1",
        "m9 r1",
        "M9R1",
        "  m9   r1 ",
        "place m9 rot 90",
        "M9 90",
        "M9 1",
        "play M9 rotation 1",
        "place tile at M9 with rotation 1",
        "M9, R1.",
        "m9 r=1",
        "M9 90 degrees",
        "put m9 r 1",
    ],
)
def test_variants_are_understood(state, text: str) -> None:  # type: ignore[no-untyped-def]
    assert GAME.parse(state, 0, text) == Placement(0, -1, 1)


def test_notation_round_trips_for_every_legal_move(state) -> None:  # type: ignore[no-untyped-def]
    for move in GAME.legal(state, 0):
        assert GAME.parse(state, 0, GAME.notation(move)) == move
        assert GAME.public_notation(state, 0, move) == GAME.notation(move)


def test_rotation_may_be_left_out_only_when_one_fits(state) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(AmbiguousMove) as err:
        GAME.parse(state, 0, "M9")
    assert (
        str(err.value)
        == "'M9' needs a rotation: your P5 fits on M9 as M9 R1 or M9 R2. Write one of them."
    )
    s = replace(state, hands=("G1",) + state.hands[1:])  # all open: one look
    assert GAME.parse(s, 0, "L12") == Placement(-1, 2, 0)


@pytest.mark.parametrize(
    ("text", "error", "message"),
    [
        ("hello", InvalidSyntax, "'hello' is not a move. Write the square and the rotation"),
        ("BC4 R1", InvalidSyntax, "'BC' is not a column name."),
        ("M9 R7", InvalidSyntax, "'7' is not a rotation. Write R0, R1, R2 or R3"),
        (
            "M9 R0",
            IllegalMove,
            "M9 R0 is illegal: its pink south edge would meet the white open north edge of the start tile on M10; floor colours may only meet across a wall.",
        ),
        ("N11 R0", IllegalMove, "N11 is illegal: that square already holds the temple on N11."),
        ("C4 R1", IllegalMove, "C4 is illegal: no tile borders it."),
    ],
)
def test_errors_are_sentences_with_hints(state, text: str, error: type, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error) as err:
        GAME.parse(state, 0, text)
    assert str(err.value).startswith(message)
    assert str(err.value).endswith(".")
    assert isinstance(err.value, RuleError)
    assert err.value.hint and "R" in err.value.hint
    assert "P5" not in err.value.hint or text == "M9 R0"


def test_out_of_turn_and_after_the_end(state) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(NotYourDecision, match="It is not your turn: purple places the next tile."):
        GAME.parse(state, 1, "M9 R1")
    over = replace(state, to_move=-1)
    with pytest.raises(NotYourDecision, match="The game is over"):
        GAME.parse(over, 0, "M9 R1")
    assert GAME.legal(state, 1) == [] and GAME.pending(over) == []


def test_out_of_turn_message_does_not_reveal_the_hand(state) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(NotYourDecision) as err:
        GAME.parse(state, 2, "M9 R1")
    assert state.hands[0] not in str(err.value) + err.value.hint
