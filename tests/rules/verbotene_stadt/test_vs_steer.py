"""Issue 25: the move toward the active pavilion (``RK pavilion``), read when it is played.

Over positions of bot games and every pavilion the die could show: the word gives the official's
entry when it has one, else its legal move that leaves it the fewest slides from entering (strictly
fewer than now; on a tie, or when no number of slides would do, the one ending nearest the
threshold), else a refusal; the four languages give the same move; the mode of an entry
follows the rules of a written one.
"""

from __future__ import annotations

import msgspec
import pytest
from vs_helpers import GAME, build, off, play_bots

from pbem.rules.base import AmbiguousMove, IllegalMove, InvalidSyntax, RuleError
from pbem.rules.verbotene_stadt import engine
from pbem.rules.verbotene_stadt.bots import blocker_cells, entry_distances
from pbem.rules.verbotene_stadt.state import Move, State

BOARD = GAME.board


def _positions(seed: int, n: int, every: int = 40) -> list[State]:
    """Move positions of a heuristic bot game, one in ``every`` actions."""
    seen: list[State] = []

    def check(state: State, seat: int, action: object, events: object, new: State) -> None:
        if len(seen_all) % every == 0 and state.phase == "move":
            seen.append(state)
        seen_all.append(1)

    seen_all: list[int] = []
    play_bots(n, seed, ["heuristic"], cap=1200, check=check)
    return seen


@pytest.mark.parametrize("seed", [3, 8])
def test_the_move_toward_the_pavilion_is_the_nearest_legal_move_or_refused(seed: int) -> None:
    moved = refused = entered = 0
    for base in _positions(seed, 3 + seed % 2):
        seat = base.active
        for pav in sorted(BOARD.pavilions):
            state = msgspec.structs.replace(base, active_pavilion=pav)
            pairs = list(engine.moves_with_ends(BOARD, state, seat))
            for o, start in enumerate(state.positions):
                if start < 0:
                    continue
                code = BOARD.official_code(o)
                mine = [(m, e) for m, e in pairs if m.official == o]
                dist = entry_distances(BOARD, state, o, depth=64)
                tx, ty = BOARD.xy(BOARD.pavilions[pav].threshold)

                def near(c: int) -> tuple[int, int]:
                    x, y = BOARD.xy(c)
                    return dist[c], abs(x - tx) + abs(y - ty)  # noqa: B023 - used at once

                best = min((near(e) for _m, e in mine if e >= 0), default=(99, 99))
                try:
                    got = GAME.parse(state, seat, f"{code} pavilion")
                except AmbiguousMove:
                    # Another's official at the door once bluffing is allowed: claim or reveal.
                    assert any(e == -1 for _m, e in mine) and state.selections[seat] != o
                    continue
                except IllegalMove:
                    refused += 1
                    assert not any(e == -1 for _m, e in mine), code
                    assert best >= near(start), code
                    continue
                assert isinstance(got, Move) and got.official == o
                assert got in GAME.legal(state, seat)
                if got.mode:
                    entered += 1
                    assert got.mode == "reveal" and state.selections[seat] == o
                    continue
                moved += 1
                end = dict(mine)[got]
                assert near(end) == best < near(start), code
                # The first such move in the game's order of moves.
                assert next(m for m, e in mine if e >= 0 and near(e) == best) == got
    assert moved > 50 and refused > 50 and entered > 0


def _at_door() -> tuple[State, str]:
    """Pavilion 1 active, one official two slides from its door and others standing about."""
    pav = BOARD.pavilions[1]
    tx, ty = BOARD.xy(pav.threshold)
    state = build({"RR": (tx, ty), "YY": (7, 7), "BB": (9, 9)}, n=3, active_pavilion=1)
    return state, "RR"


def test_an_entry_when_it_can_enter_with_the_written_mode() -> None:
    state, code = _at_door()
    got = GAME.parse(state, 0, f"{code} pavilion")
    assert got.mode == "reveal" and got.official == off(code)
    assert GAME.notation(got).startswith(code) and GAME.notation(got).endswith("reveal")
    # Another seat's official at the door: before anyone holds a card only its briber enters.
    east = msgspec.structs.replace(state, active=1)
    with pytest.raises(IllegalMove, match="not the official on your selector"):
        GAME.parse(east, 1, f"{code} pavilion")
    # Once bluffing is allowed the choice is the mover's, as for a written entry.
    cards = msgspec.structs.replace(east, hands=((1,), (2,), ()))
    with pytest.raises(AmbiguousMove):
        GAME.parse(cards, 1, f"{code} pavilion")
    assert GAME.parse(cards, 1, f"{code} pavilion claim").mode == "claim"
    own = msgspec.structs.replace(cards, active=0)
    assert GAME.parse(own, 0, f"{code} pavilion claim").mode == "claim"


@pytest.mark.parametrize(
    "words", ["pavilion", "to the pavilion", "vers le pavillon", "verso il padiglione",
              "zum Pavillon"],
)  # fmt: skip
def test_the_word_in_four_languages(words: str) -> None:
    read = 0
    for base in _positions(3, 3, every=60)[:4]:
        for pav in sorted(BOARD.pavilions):
            state = msgspec.structs.replace(base, active_pavilion=pav)
            for o, c in enumerate(state.positions):
                if c < 0:
                    continue
                code = BOARD.official_code(o)
                try:
                    want = GAME.parse(state, state.active, f"{code} pavilion")
                except RuleError as err:
                    with pytest.raises(type(err)):
                        GAME.parse(state, state.active, f"{code} {words}")
                    continue
                assert GAME.parse(state, state.active, f"{code} {words}") == want
                read += 1
    assert read > 20


@pytest.mark.parametrize("text", ["RR pavilion N", "RR step pavilion", "RR N pavilion"])
def test_no_direction_with_the_word(text: str) -> None:
    state, _code = _at_door()
    with pytest.raises(InvalidSyntax, match="names the official and no direction"):
        GAME.parse(state, 0, text)


def test_an_exiled_official_is_refused() -> None:
    state, _code = _at_door()
    gone = msgspec.structs.replace(
        state, positions=tuple(-1 if o == off("YY") else c for o, c in enumerate(state.positions))
    )
    with pytest.raises(RuleError, match="Terrace of Exile"):
        GAME.parse(gone, 0, "YY pavilion")


def test_the_same_words_follow_a_new_pavilion() -> None:
    """What a plan meets after a fate die's pavilion symbol: the same text heads elsewhere."""
    seen: set[str] = set()
    for base in _positions(5, 4, every=25):
        own = base.selections[base.active]
        if base.positions[own] < 0:
            continue
        code = BOARD.official_code(own)
        for pav in sorted(BOARD.pavilions):
            state = msgspec.structs.replace(base, active_pavilion=pav)
            try:
                seen.add(GAME.notation(GAME.parse(state, base.active, f"{code} pavilion")))
            except RuleError:
                continue
    assert len(seen) > 8


# A helper's move toward the door (``BG door``), issue 25's fifth round.


@pytest.mark.parametrize("seed", [3, 8])
def test_the_move_toward_the_door_is_the_nearest_legal_move_or_refused(seed: int) -> None:
    """Over bot positions and every pavilion: ``XX door`` is XX's legal move that ends on a field
    beside the active threshold, else fewest slides from one (strictly fewer than now), the first
    such in the game's order of moves, never an entry; refused when an official already stands
    on such a field or no move brings XX nearer."""
    moved = refused = occupied = 0
    for base in _positions(seed, 3 + seed % 2):
        seat = base.active
        for pav in sorted(BOARD.pavilions):
            state = msgspec.structs.replace(base, active_pavilion=pav)
            fields = frozenset(blocker_cells(BOARD, state))
            taken = any(c in fields for c in state.positions)
            pairs = list(engine.moves_with_ends(BOARD, state, seat))
            for o, start in enumerate(state.positions):
                if start < 0:
                    continue
                code = BOARD.official_code(o)
                dist = entry_distances(BOARD, state, o, targets=fields, depth=64)
                mine = [(m, e) for m, e in pairs if m.official == o and e >= 0 and not m.mode]
                best = min((dist[e] for _m, e in mine), default=99)
                try:
                    got = GAME.parse(state, seat, f"{code} door")
                except IllegalMove as err:
                    refused += 1
                    if taken or not fields:
                        occupied += 1
                        assert "beside the door" in str(err) or "no field" in str(err)
                    else:
                        assert best >= dist[start], code
                    continue
                assert fields and not taken
                assert isinstance(got, Move) and got.official == o and not got.mode
                assert got in GAME.legal(state, seat)
                end = dict(mine)[got]
                assert dist[end] == best < dist[start], code
                assert next(m for m, e in mine if dist[e] == best) == got
                moved += 1
    assert moved > 50 and refused > 50 and occupied > 10


def test_the_door_is_refused_when_a_helper_stands_there() -> None:
    pav = BOARD.pavilions[1]
    state = build({"YY": (7, 7), "BB": (9, 9)}, n=3, active_pavilion=1)
    fields = blocker_cells(BOARD, state)
    assert fields
    x, y = BOARD.xy(fields[0])
    there = build({"YY": (7, 7), "BB": (9, 9), "GG": (x, y)}, n=3, active_pavilion=1)
    with pytest.raises(IllegalMove, match="GG already stands beside the door"):
        GAME.parse(there, 0, "YY door")
    assert pav.threshold not in fields


@pytest.mark.parametrize(
    "words", ["door", "to the door", "vers la porte", "verso la porta", "zur Tür", "zur Tuer"],
)  # fmt: skip
def test_the_door_in_four_languages(words: str) -> None:
    read = 0
    for base in _positions(3, 3, every=60)[:4]:
        for pav in sorted(BOARD.pavilions):
            state = msgspec.structs.replace(base, active_pavilion=pav)
            for o, c in enumerate(state.positions):
                if c < 0:
                    continue
                code = BOARD.official_code(o)
                try:
                    want = GAME.parse(state, state.active, f"{code} door")
                except RuleError as err:
                    with pytest.raises(type(err)):
                        GAME.parse(state, state.active, f"{code} {words}")
                    continue
                assert GAME.parse(state, state.active, f"{code} {words}") == want
                read += 1
    assert read > 20


@pytest.mark.parametrize("text", ["BB door N", "BB step door", "BB door claim", "BB door pavilion"])
def test_no_direction_or_mode_with_the_door(text: str) -> None:
    state = build({"YY": (7, 7), "BB": (9, 9)}, n=3, active_pavilion=1)
    with pytest.raises(InvalidSyntax, match="toward the door names the official and no direction"):
        GAME.parse(state, 0, text)


def test_an_exiled_official_goes_to_no_door() -> None:
    state, _code = _at_door()
    gone = msgspec.structs.replace(
        state, positions=tuple(-1 if o == off("YY") else c for o, c in enumerate(state.positions))
    )
    with pytest.raises(RuleError, match="Terrace of Exile"):
        GAME.parse(gone, 0, "YY door")
