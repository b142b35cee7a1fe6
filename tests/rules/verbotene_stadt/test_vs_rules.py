"""One scenario per rule line of the translation and of VERBOTENE-STADT.md (turns, entries, bluffs)."""

from __future__ import annotations

import pytest
from vs_helpers import Dice, act, build, card, find, kinds, off, where

from pbem.rules.base import AmbiguousMove, IllegalMove, NotYourDecision
from pbem.rules.verbotene_stadt import GAME
from pbem.rules.verbotene_stadt.state import Keep, Move, Select, State

# Fate dice face indices (see vs_helpers.Dice).
SMALL_BLACK, SMALL_RED, SMALL_PAVILION, SMALL_DRAGON = 0, 1, 4, 5
MEDIUM_BLACK, MEDIUM_RED = 0, 2
LARGE_BLACK, LARGE_RED = 0, 5

# Pavilion 1 (threshold c2, door to the west): RR on c3 slides north, stops on the threshold
# because YY stands on c1, and turns west through the door.
ENTRY = {"RR": (2, 2), "YY": (2, 0), "BB": (12, 12), "GG": (8, 2)}


def waiting(state: State) -> list[tuple[int, str]]:
    return [(d.seat, d.kind) for d in GAME.pending(state)]


# -- the turn and the fate dice -------------------------------------------------------------------


def test_fate_dice_small_medium_large_then_the_four_move_limit() -> None:
    s = build({"RR": (4, 2)})
    s, ev = act(s, 0, "RR N", Dice(SMALL_RED))
    assert find(ev, "fate-die") == [{"roller": 1, "die": "small", "face": "red", "seat": 0}]
    assert waiting(s) == [(0, "move")]
    s, ev = act(s, 0, "RR S", Dice(MEDIUM_RED))
    assert find(ev, "fate-die")[0]["die"] == "medium"
    s, ev = act(s, 0, "RR N", Dice(LARGE_RED))
    assert find(ev, "fate-die")[0]["die"] == "large"
    # The fourth move: no die (Dice() would fail if one were rolled), the turn passes.
    s, ev = act(s, 0, "RR S", Dice())
    assert "fate-die" not in kinds(ev)
    assert waiting(s) == [(1, "move")]


def test_black_face_ends_the_turn_and_passes_the_dice() -> None:
    s = build({"RR": (4, 2)})
    s, ev = act(s, 0, "RR N", Dice(SMALL_BLACK))
    assert waiting(s) == [(1, "move")]
    s, ev = act(s, 1, "RR S", Dice(SMALL_BLACK))
    assert find(ev, "fate-die")[0]["roller"] == 2


def test_pavilion_symbol_rolls_the_pavilion_die_before_the_next_move() -> None:
    s = build({"RR": (4, 2)}, active_pavilion=1)
    s, ev = act(s, 0, "RR N", Dice(SMALL_PAVILION, 6))
    assert find(ev, "pavilion-die") == [{"roller": 0, "face": 7, "cards_left": 3}]
    assert s.active_pavilion == 7
    assert waiting(s) == [(0, "move")]


def test_dragon_lets_the_left_neighbour_take_a_card_from_any_other_player() -> None:
    s = build({"RR": (4, 2)}, hands=[["blue-hat"], [], ["red-hat", "green-coat"], []])
    s, ev = act(s, 0, "RR N", Dice(SMALL_DRAGON))
    assert waiting(s) == [(1, "steal")]
    legal = {GAME.notation(a) for a in GAME.legal(s, 1)}
    assert legal == {"take north blue-hat", "take south red-hat", "take south green-coat"}
    with pytest.raises(NotYourDecision):
        GAME.parse(s, 0, "RR S")
    s, ev = act(s, 1, "take south green-coat")
    assert s.hands[1] == (card("green-coat"),)
    assert find(ev, "card")[0] == {"to": 1, "card": "green-coat", "source": "dragon", "from": 2}
    assert waiting(s) == [(0, "move")]  # the active player goes on


def test_dragon_with_no_card_to_take() -> None:
    s = build({"RR": (4, 2)})
    s, ev = act(s, 0, "RR N", Dice(SMALL_DRAGON))
    assert find(ev, "nothing-to-take") == [{"seat": 1, "reason": "dragon"}]
    assert waiting(s) == [(0, "move")]


# -- entering a pavilion --------------------------------------------------------------------------


def test_entry_with_the_bribed_official() -> None:
    s = build(
        ENTRY,
        selections=["RR", "YY", "BB", "GG"],
        pavilions={1: ["red-coat", "red-hat", "red-pants"]},
    )
    s, ev = act(s, 0, "RR N W")
    assert find(ev, "revealed") == [{"seat": 0, "official": "RR"}]
    assert s.hands[0] == (card("red-coat"),)
    assert s.pavilion_cards[0] == (card("red-hat"), card("red-pants"))
    assert s.exiled == (off("RR"),)
    # Everyone may reselect; the one whose official was exiled must.
    assert waiting(s) == [(0, "reselect"), (1, "reselect"), (2, "reselect"), (3, "reselect")]
    assert s.forced == (0,)
    with pytest.raises(IllegalMove, match="must select a new one"):
        GAME.parse(s, 0, "keep")
    with pytest.raises(IllegalMove, match="Terrace of Exile"):
        GAME.parse(s, 0, "select RR")
    s, _ = act(s, 1, "keep")
    s, _ = act(s, 3, "select BB")
    s, _ = act(s, 2, "keep")
    assert waiting(s) == [(0, "reselect")]
    s, ev = act(s, 0, "select GG", Dice(4))
    assert find(ev, "pavilion-die")[0] == {"roller": 0, "face": 5, "cards_left": 3}
    assert waiting(s) == [(1, "move")]
    assert s.selections == (off("GG"), off("YY"), off("BB"), off("BB"))


def test_before_anyone_holds_cards_only_the_bribed_official_may_enter() -> None:
    s = build(ENTRY, selections=["YY", "RR", "BB", "GG"])
    with pytest.raises(IllegalMove, match="not the official on your selector"):
        GAME.parse(s, 0, "RR N W")
    with pytest.raises(IllegalMove, match="only when you hold a garment card"):
        GAME.parse(build(ENTRY), 0, "RR N W claim")


def test_entry_by_a_player_who_did_not_bribe_the_official() -> None:
    hands = [["blue-hat"], ["green-hat"], [], []]
    s = build(ENTRY, selections=["YY", "BB", "GG", "BB"], hands=hands)
    with pytest.raises(AmbiguousMove, match="add claim to bluff"):
        GAME.parse(s, 0, "RR N W")
    s2, ev = act(s, 0, "RR N W reveal")
    assert find(ev, "revealed") == [{"seat": 0, "official": "YY"}]
    assert find(ev, "no-card")
    assert s2.hands == s.hands
    assert len(s2.pavilion_cards[0]) == 3  # the card stays in the pavilion
    # Two other players bribed RR: the farthest of them (West) gets the card, not the mover.
    s = build(
        ENTRY,
        selections=["YY", "RR", "BB", "RR"],
        hands=hands,
        pavilions={1: ["red-pants", "red-hat", "red-coat"]},
    )
    s3, ev = act(s, 0, "RR N W reveal")
    assert s3.hands[3] == (card("red-pants"),)
    assert {"seat": 1, "official": "RR"} in find(ev, "revealed")
    assert {"seat": 3, "official": "RR"} in find(ev, "revealed")
    # Exactly one other player bribed RR: see test_vs_rulings.py (nobody takes a card).


def test_two_players_bribing_the_entering_official_the_farthest_gets_the_card() -> None:
    s = build(ENTRY, selections=["RR", "RR", "BB", "RR"], pavilions={1: ["red-hat", "red-coat"]})
    s, ev = act(s, 0, "RR N W")
    assert s.hands[3] == (card("red-hat"),)
    assert s.hands[0] == ()
    revealed = {(d["seat"], d["official"]) for d in find(ev, "revealed")}
    assert revealed == {(0, "RR"), (1, "RR"), (3, "RR")}
    assert set(s.forced) == {0, 1, 3}


# -- bluffing: the four outcomes ------------------------------------------------------------------

BLUFF_HANDS = [["blue-hat"], ["green-hat", "green-coat"], [], ["pink-hat"]]


def claim(selection: str) -> State:
    s = build(
        ENTRY,
        selections=[selection, "BB", "GG", "BB"],
        hands=BLUFF_HANDS,
        pavilions={1: ["red-hat", "red-coat", "red-pants"]},
    )
    s, ev = act(s, 0, "RR N W claim")
    assert "revealed" not in kinds(ev)
    assert find(ev, "claimed")[0]["ask"] == [1, 3]  # South holds no card: not asked
    assert waiting(s) == [(1, "believe-or-doubt")]
    return s


def test_all_believe_and_no_bluff() -> None:
    s = claim("RR")
    s, _ = act(s, 1, "believe")
    assert waiting(s) == [(3, "believe-or-doubt")]
    s, ev = act(s, 3, "believe")
    assert find(ev, "outcome")[0]["result"] == "believed-honest"
    assert card("red-hat") in s.hands[0]
    assert not s.extra_turn
    for seat in (1, 2, 3):
        s, _ = act(s, seat, "keep")
    s, _ = act(s, 0, "select GG", Dice(0))
    assert waiting(s) == [(1, "move")]


def test_successful_bluff_takes_the_card_and_one_more_move() -> None:
    s = claim("GG")
    s, _ = act(s, 1, "believe")
    s, ev = act(s, 3, "believe")
    assert find(ev, "outcome")[0]["result"] == "bluff-succeeded"
    assert find(ev, "revealed") == [{"seat": 0, "official": "GG"}]
    assert card("red-hat") in s.hands[0]
    for seat in (0, 1, 2):
        s, _ = act(s, seat, "keep")
    s, ev = act(s, 3, "keep", Dice(0))
    assert "extra-move" in kinds(ev)
    assert waiting(s) == [(0, "move")]
    assert s.bonus_move  # the rest is in test_vs_rulings.py


def test_doubter_punished_when_there_was_no_bluff() -> None:
    s = claim("RR")
    s, ev = act(s, 1, "doubt")
    assert find(ev, "outcome")[0]["result"] == "doubter-punished"
    assert card("red-hat") in s.hands[0]
    # One card of the mover's choice from the doubter.
    assert waiting(s) == [(0, "take-card")]
    with pytest.raises(IllegalMove):
        GAME.parse(s, 0, "take west pink-hat")
    s, _ = act(s, 0, "take east green-coat")
    assert s.hands[1] == (card("green-hat"),)
    assert waiting(s)[0][1] == "reselect"


def test_failed_bluff_the_doubter_takes_the_card_and_one_from_the_bluffer() -> None:
    s = claim("GG")
    s, _ = act(s, 1, "believe")
    s, ev = act(s, 3, "doubt")
    assert find(ev, "outcome")[0]["result"] == "bluff-failed"
    # The pavilion's card, and the bluffer's only card (no choice left: taken at once).
    assert set(s.hands[3]) == {card("pink-hat"), card("red-hat"), card("blue-hat")}
    assert s.hands[0] == ()


def test_only_the_first_doubter_counts() -> None:
    s = claim("GG")
    s, ev = act(s, 1, "doubt")
    assert find(ev, "outcome")[0]["doubter"] == 1
    assert "believe-or-doubt" not in [k for _, k in waiting(s)]


def test_doubting_without_a_card_is_refused() -> None:
    s = claim("RR")
    with pytest.raises(IllegalMove, match="hold no garment card"):
        GAME.parse(s, 2, "doubt")
    with pytest.raises(NotYourDecision, match="waiting for East"):
        GAME.parse(s, 3, "doubt")


def test_an_honest_entry_may_be_claimed_too() -> None:
    s = build(ENTRY, selections=["RR", "BB", "GG", "BB"], hands=BLUFF_HANDS)
    legal = {
        GAME.notation(a)
        for a in GAME.legal(s, 0)
        if isinstance(a, Move) and a.official == off("RR")
    }
    assert {"RR N W reveal", "RR N W claim"} <= legal


# -- empty pavilions and the Terrace of Exile ------------------------------------------------------


def test_empty_pavilion_before_the_tenth_exile_take_one_card_of_its_colour() -> None:
    s = build(
        ENTRY,
        selections=["RR", "BB", "GG", "BB"],
        pavilions={1: []},
        hands=[[], ["red-hat", "green-hat"], ["red-coat"], []],
    )
    s, ev = act(s, 0, "RR N W")
    assert waiting(s) == [(0, "take-card")]
    assert {GAME.notation(a) for a in GAME.legal(s, 0)} == {
        "take east red-hat",
        "take south red-coat",
    }
    with pytest.raises(IllegalMove):
        GAME.parse(s, 0, "take east green-hat")
    s, _ = act(s, 0, "take south red-coat")
    assert s.hands[0] == (card("red-coat"),)


def test_empty_pavilion_from_the_eleventh_exile_takes_all_its_cards() -> None:
    ten = ["RY", "RB", "RG", "RK", "YR", "YB", "YG", "YK", "BR", "BY"]
    s = build(
        ENTRY,
        selections=["RR", "BB", "GG", "BB"],
        pavilions={1: []},
        exiled=ten,
        hands=[[], ["red-hat", "green-hat"], ["red-coat"], ["red-pants"]],
    )
    s, ev = act(s, 0, "RR N W")
    assert s.hands[0] == (card("red-hat"), card("red-coat"), card("red-pants"))
    assert s.hands[1] == (card("green-hat"),)
    assert len(s.exiled) == 11


def test_from_the_eleventh_exile_an_entry_takes_all_cards_left() -> None:
    ten = ["RY", "RB", "RG", "RK", "YR", "YB", "YG", "YK", "BR", "BY"]
    s = build(
        ENTRY,
        selections=["RR", "BB", "GG", "BB"],
        exiled=ten,
        pavilions={1: ["red-hat", "red-pants"]},
    )
    s, _ = act(s, 0, "RR N W")
    assert s.hands[0] == (card("red-hat"), card("red-pants"))
    nine = ten[:9]
    s = build(
        ENTRY,
        selections=["RR", "BB", "GG", "BB"],
        exiled=nine,
        pavilions={1: ["red-hat", "red-pants"]},
    )
    s, ev = act(s, 0, "RR N W")
    assert s.hands[0] == (card("red-hat"),)
    assert find(ev, "phase-two") == [{"count": 10}]


def test_the_fifteenth_exile_ends_the_game_without_the_bluff_turn() -> None:
    fourteen = ["RY", "RB", "RG", "RK", "YR", "YB", "YG", "YK", "BR", "BY", "BG", "BK", "GR", "GY"]
    s = build(
        ENTRY,
        selections=["KK", "BB", "GG", "BB"],
        exiled=fourteen,
        hands=BLUFF_HANDS,
        pavilions={1: ["red-hat", "red-pants"]},
    )
    s, _ = act(s, 0, "RR N W claim")
    s, _ = act(s, 1, "believe")
    s, ev = act(s, 3, "believe")
    assert find(ev, "outcome")[0]["result"] == "bluff-succeeded"
    assert "game-over" in kinds(ev)
    assert GAME.pending(s) == []
    assert not s.extra_turn
    res = GAME.result(s)
    assert res is not None
    # Phase two: the bluffer took both red cards (a pair, 4) and holds the blue hat (1).
    assert res.scores == (5, 4, 0, 1)
    assert res.winners == (0,)


# -- the start of the game and the secret selections -----------------------------------------------


def test_every_player_selects_secretly_then_the_start_player_is_rolled() -> None:
    s = GAME.setup(3, {}, 5)
    assert waiting(s) == [(0, "select"), (1, "select"), (2, "select")]
    s, ev = act(s, 1, "select GB")
    assert GAME.public_notation(s, 1, Select(off("GB"))) == "select (secret)"
    secret = [e for e in ev if "GB" in str(e.data)]
    assert secret and all(e.visible_to == 1 for e in secret)
    assert waiting(s) == [(0, "select"), (2, "select")]
    s, _ = act(s, 0, "RK")
    # Large die: black, black, red -> the third roller (seat 2) starts; pavilion die 3.
    s, ev = act(s, 2, "select red black", Dice(LARGE_BLACK, LARGE_BLACK, LARGE_RED, 2))
    assert find(ev, "start-rolls")[0]["rolls"] == [[0, "black"], [1, "black"], [2, "red"]]
    assert find(ev, "start-player") == [{"seat": 2}]
    assert s.active_pavilion == 3
    assert waiting(s) == [(2, "move")]
    assert GAME.view(s, None).my_selection is None
    assert GAME.view(s, 1).my_selection == "GB (green hat, blue body)"


def test_default_actions_when_a_deadline_passes() -> None:
    s = build(ENTRY, selections=["RR", "YY", "BB", "GG"])
    s, _ = act(s, 0, "RR N W")
    assert GAME.default_action(s, 1, "reselect", Dice()) == Keep()
    forced = GAME.default_action(s, 0, "reselect", Dice(3))
    assert isinstance(forced, Select) and s.positions[forced.official] >= 0
    with pytest.raises(NotYourDecision):
        GAME.default_action(s, 0, "move", Dice())


def test_the_team_variant_adds_partners() -> None:
    with pytest.raises(ValueError, match="exactly 4 players"):
        GAME.setup(3, {"teams": "yes"}, 1)
    fourteen = ["RY", "RB", "RG", "RK", "YR", "YB", "YG", "YK", "BR", "BY", "BG", "BK", "GR", "GY"]
    s = build(
        ENTRY,
        selections=["RR", "BB", "GG", "BB"],
        exiled=fourteen,
        hands=[[], ["green-hat"], ["blue-hat"], ["pink-hat"]],
        options={"teams": "yes"},
        pavilions={1: ["red-hat"]},
    )
    s, _ = act(s, 0, "RR N W")
    res = GAME.result(s)
    assert res is not None
    assert res.detail["teams"] == {"North-South": 2, "East-West": 2}
    assert res.winners == (0, 1, 2, 3)


def test_where_helper_sanity() -> None:
    assert where(build({"RR": (1, 2)}), "RR") == (1, 2)


def test_unlimited_moves_round_trip_through_their_notation() -> None:
    s = build(ENTRY, options={"moves": "unlimited"}, hands=[["blue-hat"], ["red-hat"], [], []])
    legal = GAME.legal(s, 0)
    assert any(isinstance(m, Move) and len(m.dirs) > 2 for m in legal)
    for action in legal:
        assert GAME.parse(s, 0, GAME.notation(action)) == action


def test_apply_refuses_a_seat_that_owes_nothing() -> None:
    s = build(ENTRY)
    move = GAME.parse(s, 0, "GG S")
    with pytest.raises(NotYourDecision):
        GAME.apply(s, 1, move, Dice(0))


def test_default_actions_for_every_kind() -> None:
    s = GAME.setup(2, {}, 3)
    pick = GAME.default_action(s, 0, "select", Dice(7))
    assert isinstance(pick, Select)
    s = build({"RR": (4, 2)}, hands=[[], [], ["red-hat", "green-coat"], []])
    quiet = GAME.default_action(s, 0, "move", Dice(0))
    assert isinstance(quiet, Move) and not quiet.mode
    s, _ = act(s, 0, "RR N", Dice(SMALL_DRAGON))
    take = GAME.default_action(s, 1, "steal", Dice(1))
    assert GAME.notation(take) == "take south green-coat"
    c = claim("RR")
    assert GAME.notation(GAME.default_action(c, 1, "believe-or-doubt", Dice())) == "believe"
