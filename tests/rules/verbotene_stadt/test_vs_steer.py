"""Issue 25: the move toward the active pavilion (``RK pavilion``), read when it is played.

Over positions of bot games and every pavilion the die could show: the word gives the official's
entry when it has one, else its legal move that leaves it the fewest slides from entering (strictly
fewer than now; on a tie, or when no number of slides would do, the one ending nearest the
threshold), else a refusal; the four languages give the same move; the mode of an entry
follows the rules of a written one.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Iterable, Iterator

import msgspec
import pytest
from longtests import LONG, sized
from vs_helpers import GAME, build, off, play_bots

from pbem.rules.base import AmbiguousMove, IllegalMove, InvalidSyntax, RuleError
from pbem.rules.verbotene_stadt import engine
from pbem.rules.verbotene_stadt.bots import blocker_cells, entry_distances
from pbem.rules.verbotene_stadt.state import Move, State

BOARD = GAME.board
SEEDS = [8, 3] if LONG else [8]
"""The bot games whose positions the sweeps walk (four players; three as well in the long run)."""


@functools.cache
def _positions(seed: int, n: int, every: int = 40) -> tuple[State, ...]:
    """Move positions of a heuristic bot game, one in ``every`` actions (played once per run)."""
    seen: list[State] = []

    def check(state: State, seat: int, action: object, events: object, new: State) -> None:
        if len(seen_all) % every == 0 and state.phase == "move":
            seen.append(state)
        seen_all.append(1)

    seen_all: list[int] = []
    play_bots(n, seed, ["heuristic"], cap=1200, check=check)
    return tuple(seen)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_move_toward_the_pavilion_is_the_nearest_legal_move_or_refused(seed: int) -> None:
    moved = refused = entered = 0
    for base in _positions(seed, 3 + seed % 2, every=sized(80, 40)):
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


def _cases(bases: Iterable[State]) -> Iterator[tuple[State, int, str]]:
    """Each position under every pavilion, with each official on the board and its code."""
    for base in bases:
        for pav in sorted(BOARD.pavilions):
            state = msgspec.structs.replace(base, active_pavilion=pav)
            for o, c in enumerate(state.positions):
                if c >= 0:
                    yield state, o, BOARD.official_code(o)


def _reads_as(words: str, english: str) -> None:
    """``XX <words>`` reads as ``XX <english>`` (or is refused the same way) over positions."""
    read = 0
    for state, _o, code in _cases(_positions(3, 3, every=60)[: sized(1, 4)]):
        try:
            want = GAME.parse(state, state.active, f"{code} {english}")
        except RuleError as err:
            with pytest.raises(type(err)):
                GAME.parse(state, state.active, f"{code} {words}")
            continue
        assert GAME.parse(state, state.active, f"{code} {words}") == want
        read += 1
    assert read > 20


@pytest.mark.parametrize(
    "words", ["pavilion", "to the pavilion", "vers le pavillon", "verso il padiglione",
              "zum Pavillon"],
)  # fmt: skip
def test_the_word_in_four_languages(words: str) -> None:
    _reads_as(words, "pavilion")


@pytest.mark.parametrize("text", ["RR pavilion N", "RR step pavilion", "RR N pavilion"])
def test_no_direction_with_the_word(text: str) -> None:
    state, _code = _at_door()
    with pytest.raises(InvalidSyntax, match="names the official and no direction"):
        GAME.parse(state, 0, text)


@pytest.mark.parametrize("words", ["pavilion", "door"])
def test_an_exiled_official_is_refused(words: str) -> None:
    state, _code = _at_door()
    gone = msgspec.structs.replace(
        state, positions=tuple(-1 if o == off("YY") else c for o, c in enumerate(state.positions))
    )
    with pytest.raises(RuleError, match="Terrace of Exile"):
        GAME.parse(gone, 0, f"YY {words}")


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


@pytest.mark.parametrize("seed", SEEDS)
def test_the_move_toward_the_door_is_the_nearest_legal_move_or_refused(seed: int) -> None:
    """Over bot positions and every pavilion: ``XX door`` is XX's legal move that ends on a field
    beside the active threshold, else fewest slides from one (strictly fewer than now), the first
    such in the game's order of moves, never an entry; refused when an official already stands
    on such a field or no move brings XX nearer."""
    moved = refused = occupied = 0
    for base in _positions(seed, 3 + seed % 2, every=sized(80, 40)):
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
    _reads_as(words, "door")


@pytest.mark.parametrize(
    "words", ["pavilion or door", "pavillon ou porte", "padiglione o porta", "Pavillon oder Tür"]
)
def test_the_pavilion_or_else_the_door_in_four_languages(words: str) -> None:
    _reads_as(words, "pavilion or door")


def _refused(every: int, shorter: str, longer: str) -> Iterator[tuple[State, int, int, str]]:
    """Over bot positions and every pavilion: where ``XX <shorter>`` is refused, the case
    (state, seat, official, code); elsewhere ``XX <longer>`` must read as ``XX <shorter>``."""
    for state, o, code in _cases(_positions(8, 4, every=every)):
        try:
            want = GAME.parse(state, state.active, f"{code} {shorter}")
        except AmbiguousMove:
            continue
        except IllegalMove:
            yield state, state.active, o, code
            continue
        assert GAME.parse(state, state.active, f"{code} {longer}") == want


@pytest.mark.slow  # every official under every pavilion of a bot game: out of the fast lane
def test_the_pavilion_or_else_a_helper_toward_the_door() -> None:
    """``XX pavilion or door``: XX's move toward the pavilion when it has one, else the move
    toward the door of another official that ends fewest slides from it (the first official)."""
    helped = 0
    for state, seat, o, code in _refused(sized(200, 30), "pavilion", "pavilion or door"):
        fields = frozenset(blocker_cells(BOARD, state))
        ends = []
        for h, hc in enumerate(state.positions):
            if h == o or hc < 0:
                continue
            with contextlib.suppress(IllegalMove):
                m = GAME.parse(state, seat, f"{BOARD.official_code(h)} door")
                dist = entry_distances(BOARD, state, h, targets=fields, depth=64)
                ends.append((dist[engine.trace(BOARD, state, m).end], h, m))
        if not ends:
            with pytest.raises(IllegalMove):
                GAME.parse(state, seat, f"{code} pavilion or door")
            continue
        got = GAME.parse(state, seat, f"{code} pavilion or door")
        assert got == min(ends, key=lambda e: (e[0], e[1]))[2]
        assert got.official != o
        helped += 1
    assert helped > 5, helped


@pytest.mark.parametrize("text", ["BB door N", "BB step door", "BB door claim", "BB door pavilion"])
def test_no_direction_or_mode_with_the_door(text: str) -> None:
    state = build({"YY": (7, 7), "BB": (9, 9)}, n=3, active_pavilion=1)
    with pytest.raises(InvalidSyntax, match="toward the door names the official and no direction"):
        GAME.parse(state, 0, text)


def _farness(state: State, h: int, tx: int, ty: int) -> tuple[int, int]:
    x, y = BOARD.xy(state.positions[h])
    dist = entry_distances(BOARD, state, h, depth=64)
    return dist[state.positions[h]], abs(x - tx) + abs(y - ty)


@pytest.mark.slow  # every official under every pavilion of a bot game: out of the fast lane
def test_the_last_resort_is_a_move_of_the_farthest_official() -> None:
    """``XX pavilion or door or any``: as ``XX pavilion or door`` while that can be played; else
    the first quiet move of the official farthest from entering (slides, then fields from the
    threshold), never XX, the seat's own official or one standing beside the door."""
    aside = 0
    for state, seat, o, code in _refused(
        sized(200, 20), "pavilion or door", "pavilion or door or any"
    ):
        mine = state.selections[seat]
        fields = frozenset(blocker_cells(BOARD, state))
        tx, ty = BOARD.xy(BOARD.pavilions[state.active_pavilion].threshold)
        got = GAME.parse(state, seat, f"{code} pavilion or door or any")
        assert got in GAME.legal(state, seat) and not got.mode
        assert got.official not in (o, mine)
        assert state.positions[got.official] not in fields

        movable = {
            m.official
            for m, e in engine.moves_with_ends(BOARD, state, seat)
            if e >= 0 and not m.mode and m.official not in (o, mine)
            and state.positions[m.official] not in fields
        }  # fmt: skip
        far = {h: _farness(state, h, tx, ty) for h in movable}
        assert far[got.official] == max(far.values())
        aside += 1
    assert aside > 5, aside


@pytest.mark.slow  # about 1 s a language (one position; four with PBEM_LONG_TESTS=1): out of the fast lane
@pytest.mark.parametrize(
    "words", ["pavilion or door or any", "pavillon ou porte ou quelconque",
              "padiglione o porta o qualsiasi", "Pavillon oder Tür oder beliebig"],
)  # fmt: skip
def test_the_last_resort_in_four_languages(words: str) -> None:
    _reads_as(words, "pavilion or door or any")
