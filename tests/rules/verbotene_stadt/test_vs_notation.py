"""Notation: variants accepted, canonical text round-trips, precise errors with hints."""

from __future__ import annotations

import pytest
from vs_helpers import BOARD, Dice, act, build, off

from pbem.rules.base import AmbiguousMove, IllegalMove, InvalidSyntax, NotYourDecision
from pbem.rules.verbotene_stadt import GAME
from pbem.rules.verbotene_stadt.state import Answer, Keep, Move, Select, Take

ENTRY = {"RR": (2, 2), "YY": (2, 0), "BB": (12, 12), "GG": (8, 2), "RK": (4, 2)}


@pytest.mark.parametrize(
    "text",
    [
        "RK north east",
        "RK n e",
        "rk N E",
        "RK NE",
        "RK, north, then east",
        "red-black n e",
        "red black north east",
        "RKNE",
        "  RK   n   e  ",
    ],
)
def test_move_variants(text: str) -> None:
    s = build(ENTRY)
    assert GAME.parse(s, 0, text) == Move(off("RK"), ("N", "E"))


def test_single_direction_and_step() -> None:
    s = build({"RB": (7, 5)})
    assert GAME.parse(s, 0, "RB N") == Move(off("RB"), ("N",))
    assert GAME.parse(s, 0, "RB step north") == Move(off("RB"), ("N",), True)
    # A step that ends where the slide ends is the slide.
    t = build({"RB": (7, 5), "YY": (7, 3)})
    assert GAME.parse(t, 0, "RB step N") == Move(off("RB"), ("N",))


def test_canonical_notation_round_trips_for_every_legal_action() -> None:
    s = build(ENTRY, selections=["RR", "YY", "BB", "GG"], hands=[["blue-hat"], ["red-hat"], [], []])
    for action in GAME.legal(s, 0):
        assert GAME.parse(s, 0, GAME.notation(action)) == action


def test_other_decisions() -> None:
    s = build(ENTRY, selections=["RR", "YY", "BB", "GG"])
    s, _ = act(s, 0, "RR N W")
    assert GAME.parse(s, 1, "keep") == Keep()
    assert GAME.parse(s, 1, "select RK") == Select(off("RK"))
    assert GAME.parse(s, 1, "Select rk") == Select(off("RK"))
    assert GAME.parse(s, 1, "bribe red black") == Select(off("RK"))
    assert GAME.parse(s, 1, "GG") == Select(off("GG"))
    assert GAME.notation(Answer(True)) == "doubt"
    assert GAME.notation(Take(2, 5)) == "take south orange-pants"


def test_invalid_syntax_with_hint() -> None:
    s = build(ENTRY)
    with pytest.raises(InvalidSyntax, match="not an official") as err:
        GAME.parse(s, 0, "hello world")
    assert err.value.hint.startswith("For example: ")


def test_a_refused_move_lists_the_legal_moves_only_when_its_hint_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The examples of a refused move come from every legal move (a few ms): listed when the
    hint is read (a mail that answers the refusal), not for a try whose refusal nobody reads."""
    s = build(ENTRY)
    listed: list[int] = []
    real = type(GAME).legal

    def legal(self: object, state: object, seat: int) -> object:
        listed.append(seat)
        return real(self, state, seat)  # type: ignore[arg-type]

    monkeypatch.setattr(type(GAME), "legal", legal)
    with pytest.raises(InvalidSyntax) as err:
        GAME.parse(s, 0, "hello world")
    assert listed == []
    assert err.value.hint.startswith("For example: ") and listed == [0]
    assert err.value.hint.startswith("For example: ") and listed == [0]  # made once
    err.value.hint = "other"
    assert err.value.hint == "other"
    with pytest.raises(InvalidSyntax, match="not a direction"):
        GAME.parse(s, 0, "RK up-ish")
    with pytest.raises(InvalidSyntax, match="no direction"):
        GAME.parse(s, 0, "RK")
    with pytest.raises(InvalidSyntax, match="empty"):
        GAME.parse(s, 0, "   ")


def test_ambiguous_hat_colour_only() -> None:
    s = build(ENTRY)
    with pytest.raises(AmbiguousMove, match="names only a hat colour"):
        GAME.parse(s, 0, "R N")


def test_not_your_decision_names_whom_the_game_waits_for() -> None:
    s = build(ENTRY)
    with pytest.raises(NotYourDecision, match=r"waiting for North \(move\)"):
        GAME.parse(s, 2, "RK N")
    with pytest.raises(NotYourDecision, match="expects a move"):
        GAME.parse(s, 0, "believe")


def test_claim_on_a_move_that_does_not_enter() -> None:
    s = build(ENTRY, hands=[["blue-hat"], ["red-hat"], [], []])
    with pytest.raises(IllegalMove, match="does not enter the active pavilion"):
        GAME.parse(s, 0, "RK N claim")


def test_take_needs_a_player_and_card_when_several_fit() -> None:
    s = build({"RR": (4, 2)}, hands=[[], [], ["red-hat", "green-coat"], ["blue-hat"]])
    s, _ = act(s, 0, "RR N", Dice(5))
    with pytest.raises(AmbiguousMove, match="fits 2 cards"):
        GAME.parse(s, 1, "take south")
    assert GAME.parse(s, 1, "take west") == Take(3, 9 + 0 + 3)  # blue is colour 4: 4*3 = 12
    assert GAME.parse(s, 1, "steal s green coat") == Take(
        2, BOARD.card_colours.index("green") * 3 + 1
    )
    assert GAME.parse(s, 1, "take 3 red-hat") == Take(2, 0)
    with pytest.raises(InvalidSyntax, match="not a garment card"):
        GAME.parse(s, 1, "take south purple-socks")


def test_command_help_fits_72_columns_and_names_every_command() -> None:
    text = GAME.command_help()
    assert max(len(line) for line in text.splitlines()) <= 72
    for word in ("select", "keep", "believe", "doubt", "claim", "reveal", "take", "step"):
        assert word in text
    assert text.isascii()


def test_options_and_seat_names() -> None:
    assert {o.name for o in GAME.options} == {"moves", "teams", "rulings"}
    assert GAME.seat_names(3) == ["North", "East", "South"]


@pytest.mark.parametrize(
    ("line", "spelled"),
    [
        # an official by its colours in a slide: its code (sixteenth round), in any language
        ("RB au nord, puis le bleu-noir à l'est", "RB au nord, puis le BK à l'est"),
        ("il rosso-blu a nord e poi il blu-nero a est", "il RB a nord e poi il BK a est"),
        ("der Schwarz-Blaue nach Süden", "der KB nach Süden"),
        # the English "one" after the colours is the official's pronoun, not a step (nineteenth
        # round: "black/blue one down pls" was one step south); "one square" is still a step
        ("the red/blue one goes north", "the RB goes north"),
        ("the red/blue one one square north", "the RB one square north"),
        # no slide (no direction), two officials in one clause, a question: as written
        ("Je choisis le noir-rouge.", "Je choisis le noir-rouge."),
        ("le rouge-bleu ou le bleu-noir au nord", "le rouge-bleu ou le bleu-noir au nord"),
        ("the blue-black east?", "the blue-black east?"),
    ],
)
def test_spelled_writes_an_official_by_its_colours_in_a_slide_as_its_code(
    line: str, spelled: str
) -> None:
    assert GAME.spelled(line) == spelled


def test_a_one_step_move_beside_the_remark_that_it_is_still_on_its_start_square() -> None:
    s = build({"RB": (7, 5)})
    step = Move(off("RB"), ("N",), True)
    assert (
        GAME.parse(s, 0, "Le rouge-bleu est encore sur sa case de départ : une case au nord.")
        == step
    )
    assert GAME.parse(s, 0, "RB takes its one step north, it hasn't left the start yet") == step
    with pytest.raises(InvalidSyntax):
        GAME.parse(s, 0, "Le rouge-bleu est encore sur sa case de départ, je ne le bouge pas.")


def test_a_line_of_many_asides_is_refused_not_read_as_deep_as_its_brackets() -> None:
    # each aside was read by reading the text without it again: 400 brackets went 400 deep
    # (a RecursionError)
    s = build(ENTRY)
    with pytest.raises(InvalidSyntax):
        GAME.parse(s, 0, "RK north east (RR N) " * 400)
