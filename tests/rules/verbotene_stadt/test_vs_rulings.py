"""The three rulings of 2026-11-22 (VERBOTENE-STADT.md, "Entering the active pavilion" and
"Bluffing"), one scenario each, with the rulebook sentence it reads."""

from __future__ import annotations

import msgspec
import pytest
from vs_helpers import Dice, act, build, card, find, kinds, off

from pbem.rules.base import Event
from pbem.rules.verbotene_stadt import GAME
from pbem.rules.verbotene_stadt.state import RULINGS_BEFORE, RULINGS_NOW, Move, State

# Pavilion 1 (threshold c2, door to the west): RR on c3 slides north, stops on the threshold
# because YY stands on c1, and turns west through the door. GG and BB are far away.
ENTRY = {"RR": (2, 2), "YY": (2, 0), "BB": (12, 12), "GG": (8, 2)}
HANDS = [["blue-hat"], ["green-hat", "green-coat"], [], ["pink-hat"]]
SMALL_RED = 1


def waiting(state: State) -> list[tuple[int, str]]:
    return [(d.seat, d.kind) for d in GAME.pending(state)]


def public_text(events: list[Event]) -> str:
    """Everything the other players learn of these events: data and sentences."""
    names = GAME.seat_names(4)
    return " ".join(
        f"{e.data} {GAME.describe_event(e, names)}" for e in events if e.visible_to is None
    )


def test_ruling_1_exactly_one_other_briber_nobody_takes_a_card_and_the_bribe_stays_secret() -> None:
    """Rulebook: "The player does not get the garment card if the official in the pavilion is not
    the one on their Selector", and "If more than one player has bribed the same official ... the
    player who is farthest away from the active player in the turn order gets the garment card,
    instead of the active player": with exactly one briber, who is not the mover, neither applies."""
    pav = {1: ["red-pants", "red-hat", "red-coat"]}
    s = build(ENTRY, selections=["YY", "BB", "RR", "BB"], hands=HANDS, pavilions=pav)
    after, ev = act(s, 0, "RR N W reveal")
    assert after.hands == s.hands, "nobody takes a card"
    assert after.pavilion_cards[0] == s.pavilion_cards[0], "the card stays in the pavilion"
    assert find(ev, "revealed") == [{"seat": 0, "official": "YY"}], "only the mover reveals"
    # South's bribe of RR stays secret: the events are the same as when nobody bribed RR.
    nobody = build(ENTRY, selections=["YY", "BB", "GG", "BB"], hands=HANDS, pavilions=pav)
    _, ev_nobody = act(nobody, 0, "RR N W reveal")
    assert [(e.kind, e.data, e.visible_to) for e in ev if e.kind != "must-reselect"] == [
        (e.kind, e.data, e.visible_to) for e in ev_nobody if e.kind != "must-reselect"
    ]
    assert "RR" not in " ".join(str(e.data) for e in ev if e.kind == "revealed")
    # Only South is told (privately) that its official was exiled and it must select again.
    must = [e for e in ev if e.kind == "must-reselect"]
    assert [(e.visible_to, e.data["official"]) for e in must] == [(2, "RR")]
    assert "South" not in public_text(ev).replace("South's", "")


def test_ruling_2_honest_claims_follow_the_multiple_bribe_rule_and_punish_the_doubter() -> None:
    """Rulebook: "3. If a player (one who already has at least one garment card) does not believe,
    and the active player was not bluffing, then the doubter is punished. The active player gets
    the topmost card from the pavilion and, additionally, one card of their choice from the
    doubter!" With a second briber the multiple-bribe rule still decides the pavilion card; the
    doubter's card goes to the active player in any case."""
    pav = {1: ["red-hat", "red-coat", "red-pants"]}
    # North (mover) and West bribed RR; East doubts the honest claim.
    s = build(ENTRY, selections=["RR", "BB", "GG", "RR"], hands=HANDS, pavilions=pav)
    s, _ = act(s, 0, "RR N W claim")
    assert waiting(s) == [(1, "believe-or-doubt")]
    s, ev = act(s, 1, "doubt")
    assert find(ev, "outcome")[0]["result"] == "doubter-punished"
    # West, the farther of the two bribers, takes the pavilion card...
    assert card("red-hat") in s.hands[3] and card("red-hat") not in s.hands[0]
    assert {(d["seat"], d["official"]) for d in find(ev, "revealed")} == {(0, "RR"), (3, "RR")}
    # ...and North takes one card of their choice from the doubter all the same.
    assert waiting(s) == [(0, "take-card")]
    s, ev = act(s, 0, "take east green-coat")
    assert card("green-coat") in s.hands[0] and s.hands[1] == (card("green-hat"),)
    # Outcome 1 (all believe, honest) with the same second briber: West takes the card too.
    s = build(ENTRY, selections=["RR", "BB", "GG", "RR"], hands=HANDS, pavilions=pav)
    s, _ = act(s, 0, "RR N W claim")
    s, _ = act(s, 1, "believe")
    s, ev = act(s, 3, "believe")
    assert find(ev, "outcome")[0]["result"] == "believed-honest"
    assert card("red-hat") in s.hands[3] and s.hands[0] == (card("blue-hat"),)


def _bluff_believed(options: dict[str, str] | None = None) -> State:
    """North bluffs an entry, everybody believes, and the others keep their selections: North's
    own reselection answer is next."""
    s = build(
        ENTRY,
        selections=["GG", "BB", "KK", "BB"],
        hands=HANDS,
        pavilions={1: ["red-hat", "red-coat", "red-pants"]},
        options=options,
    )
    s, _ = act(s, 0, "RR N W claim")
    s, _ = act(s, 1, "believe")
    s, ev = act(s, 3, "believe")
    assert find(ev, "outcome")[0]["result"] == "bluff-succeeded"
    for seat in (1, 2, 3):
        s, _ = act(s, seat, "keep")
    return s


def _successful_bluff() -> State:
    s, ev = act(_bluff_believed(), 0, "keep", Dice(4))  # the pavilion die: 5
    assert kinds(ev)[-1] == "extra-move"
    return s


def test_ruling_3_a_successful_bluff_gives_exactly_one_more_move_without_a_fate_die() -> None:
    """Rulebook: "2. Successful Bluff. If all players believe and the active player bluffed, then
    they are rewarded for their courage. The active player gets the topmost garment card and
    immediately takes another turn." A "turn" here is one move (as in the fate-dice section), with
    no fate die rolled after it; then the turn passes."""
    s = _successful_bluff()
    assert waiting(s) == [(0, "move")]
    assert "extra move" in GAME.pending(s)[0].prompt
    assert "extra move of a successful bluff" in GAME.render_text(GAME.view(s, None))
    # Dice() holds no scripted roll: a fate die rolled here would fail the test.
    s, ev = act(s, 0, "GG S", Dice())
    assert "fate-die" not in kinds(ev)
    assert kinds(ev)[-2:] == ["turn-over", "turn"]
    assert waiting(s) == [(1, "move")]
    assert not s.bonus_move and s.move_no == 0
    # East's turn is an ordinary one: the small fate die follows its first move.
    quiet = next(m for m in GAME.legal(s, 1) if isinstance(m, Move) and not m.mode)
    s, ev = act(s, 1, GAME.notation(quiet), Dice(SMALL_RED))
    assert find(ev, "fate-die")[0]["die"] == "small"


def test_ruling_3_an_entry_by_the_extra_move_is_resolved_like_any_other() -> None:
    s = _successful_bluff()
    # Make pavilion 1 active again and put North's bribed official on the entry path.
    positions = list(s.positions)
    positions[off("GG")] = GAME.board.cell(2, 2)
    s = msgspec.structs.replace(s, positions=tuple(positions), active_pavilion=1)
    s, ev = act(s, 0, "GG N W reveal")
    assert "fate-die" not in kinds(ev)
    assert find(ev, "card")[0]["to"] == 0
    assert waiting(s)[0][1] == "reselect" and not s.bonus_move and not s.extra_turn
    for seat in (1, 2, 3):
        s, _ = act(s, seat, "keep")
    s, ev = act(s, 0, "select BB", Dice(0))
    assert waiting(s) == [(1, "move")]  # no new extra move: that entry was honest


# -- games started before the rulings keep the rules they started with --------------------------

BEFORE = {"rulings": RULINGS_BEFORE}


def test_a_new_game_records_the_rulings_it_plays_under() -> None:
    assert GAME.setup(3, {}, 1).rulings == RULINGS_NOW
    assert GAME.setup(3, BEFORE, 1).rulings == RULINGS_BEFORE
    # A GM's typo, a look-alike hyphen or a huge value is refused with the choices, not guessed.
    for bad in ("2026-11-23", "2026\u201111\u201122", "x" * 10_000, ""):
        with pytest.raises(ValueError, match="option rulings must be one of") as err:
            GAME.setup(3, {"rulings": bad}, 1)
        assert len(str(err.value)) < 200
    # A state encoded before the field existed was a game started under the first rulings.
    old = msgspec.json.decode(GAME.encode_state(GAME.setup(3, {}, 1)))
    del old["rulings"], old["bonus_move"]
    assert GAME.decode_state(msgspec.json.encode(old)).rulings == RULINGS_BEFORE


def test_before_the_rulings_the_one_other_briber_took_the_card_and_was_revealed() -> None:
    pav = {1: ["red-pants", "red-hat", "red-coat"]}
    s = build(
        ENTRY, selections=["YY", "BB", "RR", "BB"], hands=HANDS, pavilions=pav, options=BEFORE
    )
    after, ev = act(s, 0, "RR N W reveal")
    assert card("red-pants") in after.hands[2]
    assert {(d["seat"], d["official"]) for d in find(ev, "revealed")} == {(0, "YY"), (2, "RR")}
    nobody = build(
        ENTRY, selections=["YY", "BB", "GG", "BB"], hands=HANDS, pavilions=pav, options=BEFORE
    )
    _, ev = act(nobody, 0, "RR N W reveal")
    assert find(ev, "no-card") == [{"reason": "nobody bribed the official that entered"}]


def test_before_the_rulings_a_successful_bluff_gave_a_whole_new_turn() -> None:
    s, ev = act(_bluff_believed(BEFORE), 0, "keep", Dice(4))
    assert kinds(ev)[-2:] == ["extra-turn", "turn"]
    assert waiting(s) == [(0, "move")] and not s.bonus_move
    # A whole turn: the small fate die follows the first move, and (red) the turn goes on.
    s, ev = act(s, 0, "GG S", Dice(SMALL_RED))
    assert find(ev, "fate-die") == [{"roller": 1, "die": "small", "face": "red"}]
    assert waiting(s) == [(0, "move")]
