"""One hand-built scenario per rule of the rulebook and of FORBIDDEN-CITY.md.

Coordinates are the data file's: x east, y south, the start tile at 0..2. On the beginner side the
pink start room north of the temple is (1,0) (open to the north), the white one east of it (2,1)
(open to the east); gardens fill the corners.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from fc_helpers import build, named, play

from pbem.rules.base import IllegalMove, derive_rng, json_int, json_list, json_str
from pbem.rules.forbidden_city import GAME
from pbem.rules.forbidden_city import board as B
from pbem.rules.forbidden_city.game import State, _Turn
from pbem.rules.forbidden_city.tiles import components, tile

# -- placement -------------------------------------------------------------------------------------


def test_a_tile_must_border_a_tile_orthogonally() -> None:
    state = GAME.setup(4, {"first": "0"}, 1)
    with pytest.raises(IllegalMove, match="no tile borders it"):
        GAME.parse(state, 0, "L9 R0")  # (-1,-1): only diagonal to the garden at (0,0)
    with pytest.raises(IllegalMove, match="already holds the temple"):
        GAME.parse(state, 0, "N11 R0")


def _state_with_hand(hand: str, side: str = "beginner") -> State:
    state = GAME.setup(4, {"first": "0", "side": side}, 1)
    hands = list(state.hands)
    hands[0] = hand
    return replace(state, hands=tuple(hands))


def test_an_illegal_colour_join_is_refused_naming_the_edge() -> None:
    state = _state_with_hand("G1")  # green, open on all sides
    with pytest.raises(IllegalMove) as err:
        GAME.parse(state, 0, "N9 R0")  # north of the pink start room, whose north edge is open
    assert str(err.value) == (
        "N9 R0 is illegal: its green south edge would meet the pink open north edge of the "
        "start tile on N10; floor colours may only meet across a wall."
    )
    assert "fit" in err.value.hint or "Legal placements" in err.value.hint
    # Without a rotation: every rotation fails, and the message still names an edge.
    with pytest.raises(IllegalMove, match="illegal in every rotation: its green south edge"):
        GAME.parse(state, 0, "N9")


def test_open_floor_against_a_wall_or_an_archway_may_differ_in_colour() -> None:
    # G2 turned so its wall faces south: a green tile over the pink room, across the wall.
    _, closings = build("beginner", [("blue", "G2", 1, -1, 2)])
    assert len(closings[0]) == 1
    # G4 turned so its archway faces south: also legal, and the rooms are linked.
    _, closings = build("beginner", [("blue", "G4", 1, -1, 2)])
    assert [v for _, v in closings[0][0].adjacent] == [1, 1]  # temple N grey room + the G4 room


def test_rotations_that_give_the_same_tile_are_listed_once() -> None:
    for tid, distinct in (("G1", 1), ("G6", 2), ("G2", 4), ("D1", 4)):
        state = _state_with_hand(tid, "advanced")
        legal = GAME.legal(state, 0)
        by_square: dict[tuple[int, int], list[int]] = {}
        for m in legal:
            by_square.setdefault((m.x, m.y), []).append(m.rotation)
        assert max(len(r) for r in by_square.values()) <= distinct
    state = _state_with_hand("G6")
    # R3 of the corridor tile is R1 (walls north and south, towards the gardens' neighbours):
    # parse gives the canonical rotation, which legal lists.
    assert GAME.parse(state, 0, "P11 R3").rotation == 1


# -- rooms, closing, value -------------------------------------------------------------------------


def test_a_room_without_advisors_pays_nobody_and_gardens_never_count() -> None:
    # The pink start room closes against G2's wall: 1 tile + the temple's north grey room.
    # Its other sides face gardens, which score nothing.
    _, closings = build("beginner", [("blue", "G2", 1, -1, 2)])
    (closed,) = closings[0]
    assert (closed.value, closed.own, closed.payouts) == (2, 1, {})


def test_each_temple_grey_room_counts_one_tile() -> None:
    _, closings = build("beginner", [("blue", "G2", 1, -1, 2)])
    (closed,) = closings[0]
    ((grey, value),) = closed.adjacent
    assert grey.grey == 1 and value == 1  # one grey room, not the whole temple


def test_dragons_add_three() -> None:
    # The white start room (2,1) joined by W2 (dragon) turned with its wall east, then closed.
    _, closings = build(
        "beginner",
        [
            ("red", "W6", 3, 1, 0),
            ("blue", "W2", 4, 1, 1),
            ("red", "G2", 4, 0, 2),
            ("red", "G2", 4, 2, 0),
        ],
    )
    (closed,) = closings[3]
    # 3 tiles + 3 for the dragon + the temple's east grey room.
    assert (closed.own, closed.value, named(closed.payouts)) == (6, 7, {"red": 7})


def test_a_blocked_archway_does_not_link() -> None:
    board, closings = build(
        "beginner",
        [
            ("purple", "W6", 3, 1, 0),  # joins the white start room; 2 advisors
            ("yellow", "G4", 3, 0, 2),  # its archway faces the W6's plain north wall: blocked
            ("red", "G2", 4, 1, 3),  # its wall closes the white room
        ],
    )
    (closed,) = closings[2]
    assert [r.grey for r, _ in closed.adjacent] == [1]  # the temple only, not the G4 room
    assert (closed.value, named(closed.payouts)) == (3, {"purple": 3})


def test_a_room_reached_only_through_another_room_is_not_counted() -> None:
    _, closings = build(
        "beginner",
        [
            ("purple", "W6", 3, 1, 0),  # white room R: (2,1), (3,1)
            ("yellow", "G2", 3, 0, 1),  # walled off from R and from Y
            ("red", "W4", 4, 0, 2),  # Y: archway south, towards X
            ("blue", "G4", 4, 1, 3),  # X: archway west closes R; open north meets Y's archway
        ],
    )
    (closed,) = closings[3]
    # R: 2 tiles + temple 1 + X 1; Y (linked to X only) is not counted.
    assert (closed.own, sorted(v for _, v in closed.adjacent)) == (2, [1, 1])
    assert closed.value == 4


def test_an_open_room_linked_by_archway_counts_as_it_stands() -> None:
    _, closings = build("beginner", [("blue", "G4", 1, -1, 2)])
    (closed,) = closings[0]
    linked = [r for r, _ in closed.adjacent if not r.grey]
    assert len(linked) == 1 and not linked[0].closed and len(linked[0].squares) == 1


def _diagonal_scenario() -> list[list[B.Closed]]:
    _, closings = build(
        "beginner",
        [
            ("red", "G2", 0, -1, 1),  # plain wall east, towards (1,-1)
            ("red", "G3", 0, -2, 1),
            ("red", "G2", 2, -1, 3),  # plain wall west
            ("red", "P2", 1, -2, 2),  # plain wall south
            (
                "blue",
                "D1",
                1,
                -1,
                0,
            ),  # green NE half (1 blue advisor), pink SW half on the pink room
        ],
    )
    return closings


def test_one_placement_closes_two_rooms_each_scored_once() -> None:
    closings = _diagonal_scenario()
    assert all(not c for c in closings[:4])
    assert sorted(c.room.colour for c in closings[4]) == ["green", "pink"]


def test_a_diagonal_tile_counts_for_the_rooms_on_both_sides() -> None:
    closings = _diagonal_scenario()
    by_colour = {c.room.colour: c for c in closings[4]}
    green, pink = by_colour["green"], by_colour["pink"]
    # The D1 square is a tile of both rooms.
    assert B.key(1, -1) in green.room.squares and B.key(1, -1) in pink.room.squares
    # Green: its half (1) + the pink room through the diagonal archway (2).
    assert (green.own, green.value, named(green.payouts)) == (1, 3, {"blue": 3})
    # Pink: 2 tiles + temple + the green half through the diagonal archway; no advisors.
    assert (pink.own, pink.value, pink.payouts) == (2, 4, {})


# -- payouts ---------------------------------------------------------------------------------------


def test_most_advisors_take_all_and_second_takes_half() -> None:
    _, closings = build(
        "beginner",
        [("purple", "W6", 3, 1, 0), ("yellow", "W7", 4, 1, 0)],  # 2 purple, 1 yellow; W7 closes
    )
    (closed,) = closings[1]
    assert (closed.value, named(closed.payouts)) == (4, {"purple": 4, "yellow": 2})


def test_a_tie_for_first_halves_and_the_second_gets_nothing() -> None:
    _, closings = build(
        "beginner",
        [("purple", "W6", 3, 1, 0), ("yellow", "W6", 4, 1, 0), ("red", "W7", 5, 1, 0)],
    )
    (closed,) = closings[2]
    assert closed.value == 5  # 4 tiles + temple
    assert named(closed.payouts) == {"purple": 2, "yellow": 2}


def test_a_tie_for_second_pays_the_tied_players_nothing() -> None:
    _, closings = build(
        "beginner",
        [("purple", "W6", 3, 1, 0), ("yellow", "W5", 4, 1, 0), ("red", "W7", 4, 2, 1)],
    )
    (closed,) = closings[2]
    assert closed.value == 5
    assert named(closed.payouts) == {"purple": 5}


def test_payout_table() -> None:
    assert B.payouts([0, 0, 0, 0], 9) == {}
    assert B.payouts([1, 0, 0, 0], 9) == {0: 9}
    assert B.payouts([2, 1, 0, 0], 9) == {0: 9, 1: 4}
    assert B.payouts([2, 2, 1, 0], 9) == {0: 4, 1: 4}
    assert B.payouts([3, 1, 1, 0], 9) == {0: 9}
    assert B.payouts([1, 1, 1, 1], 7) == {0: 3, 1: 3, 2: 3, 3: 3}


# -- players, stacks, turns, end -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "size", "seats"),
    [
        (2, 30, ["purple", "yellow"]),
        (3, 24, ["purple", "yellow", "red"]),
        (4, 24, ["purple", "yellow", "red", "blue"]),
    ],
)
def test_players_colours_and_tile_sets(n: int, size: int, seats: list[str]) -> None:
    state = GAME.setup(n, {}, 5)
    assert GAME.seat_names(n) == seats
    for seat in range(n):
        tiles = [state.hands[seat], *state.stacks[seat]]
        assert len(tiles) == size
        extras = {t.id for t in components().extra_set}
        assert bool(extras & set(tiles)) == (n == 2)


def test_stacks_and_start_player_come_from_the_seed() -> None:
    a, b = GAME.setup(4, {}, 42), GAME.setup(4, {}, 42)
    assert GAME.encode_state(a) == GAME.encode_state(b)
    others = {GAME.setup(4, {}, s).stacks for s in range(43, 53)}
    assert len(others) == 10
    firsts = {GAME.setup(4, {}, s).first for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.setup(4, {"first": "red"}, 42).to_move == 2
    assert GAME.setup(3, {"first": "1"}, 42).to_move == 1
    with pytest.raises(ValueError):
        GAME.setup(2, {"first": "blue"}, 42)


def test_turns_go_clockwise_from_the_start_player() -> None:
    state = GAME.setup(3, {"first": "2"}, 9)
    order = []
    for i in range(6):
        seat = GAME.pending(state)[0].seat
        order.append(seat)
        state, _ = GAME.apply(state, seat, GAME.legal(state, seat)[0], derive_rng(9, "apply", i))
    assert order == [2, 0, 1, 2, 0, 1]


@pytest.mark.parametrize(("n", "placements"), [(2, 28), (3, 22), (4, 22)])
def test_game_ends_after_the_right_number_of_placements_with_the_end_bonus(
    n: int, placements: int
) -> None:
    state, moves, events = play(["random"] * n, 11)
    assert GAME.pending(state) == []
    assert state.placed == (placements,) * n
    over = [e for e in events if e.kind == "game-over"]
    assert len(over) == 1 and events[-1].kind == "game-over"
    result = GAME.result(state)
    assert result is not None
    c = components()
    for seat in range(n):
        kept = json_list(json_list(result.detail["revealed"])[seat])
        assert len(kept) == 2
        bonus = sum(2 * tile(t).advisors + 3 * tile(t).dragons for t in map(json_str, kept))
        assert c.end_per_advisor == 2 and c.end_per_dragon == 3
        assert result.scores[seat] == state.coins[seat] + bonus
    assert [e.data["seat"] for e in events if e.kind == "stopped"] == [
        (state.first + i) % n for i in range(n)
    ]


def test_tied_winners_share_the_victory() -> None:
    state, _, _ = play(["random"] * 3, 12)
    result = GAME.result(state)
    assert result is not None
    bonus = [json_int(b) for b in json_list(result.detail["end_bonus"])]
    top = max(result.scores) + 10
    tied = replace(state, coins=(top - bonus[0], top - bonus[1], 0))
    tied_result = GAME.result(tied)
    assert tied_result is not None and tied_result.winners == (0, 1)


def test_a_tile_that_fits_nowhere_is_set_aside_and_the_turn_goes_on() -> None:
    # Such boards are rare in play; narrow the start board's frontier to the one square north of
    # the pink start room: a green tile open on every side fits nowhere there, a pink one does.
    board = B.start_board("beginner")
    k = B.key(1, -1)
    state = GAME.setup(4, {"first": "0"}, 3)
    # Only square (1,-1) is offered, and it lies on the pink start room's open north edge.
    narrow = replace(board, frontier=frozenset({k}))
    hands = list(state.hands)
    hands[0] = "G1"  # green, open all round: cannot touch the pink open edge
    stacks = list(state.stacks)
    stacks[0] = ("P1",) + stacks[0][1:]
    state = replace(state, board=narrow, hands=tuple(hands), stacks=tuple(stacks))
    events: list = []
    state, events = GAME._begin_turn(_Turn.thaw(state), 0, events)
    assert [e.kind for e in events] == ["set-aside", "drew"]
    assert (
        events[0].data == {"seat": 0, "colour": "purple", "tile": "G1"}
        and events[0].visible_to is None
    )
    assert events[1].visible_to == 0
    assert state.to_move == 0 and state.hands[0] == "P1" and state.set_aside == ((0, "G1"),)
    assert len(state.stacks[0]) == 22  # the set-aside tile is gone from purple's supply


def test_the_game_object_and_bots_satisfy_the_protocol() -> None:
    from pbem.rules import find_game
    from pbem.rules.base import BotOf

    assert find_game("forbidden-city") is GAME and find_game("knizia") is GAME
    assert (GAME.name, GAME.min_players, GAME.max_players) == ("forbidden-city", 2, 4)
    assert {o.name for o in GAME.options} == {"side", "first"}
    assert set(GAME.bots()) == {"random", "greedy", "medium", "strong"}
    assert all(isinstance(b, BotOf) for b in GAME.bots().values())
    assert "M9 R1" in GAME.command_help()


def test_events_are_described_in_sentences() -> None:
    _, _, events = play(["greedy", "greedy"], 3)
    described = {e.kind: GAME.describe_event(e) for e in events}
    assert set(described) == {"placed", "room-closed", "drew", "stopped", "game-over"}
    assert all(text.endswith(".") and text.isascii() for text in described.values())
    closed = next(e for e in events if e.kind == "room-closed" and e.data["payouts"])
    text = GAME.describe_event(closed)
    assert f"worth {closed.data['value']}" in text and "paid:" in text


def test_advanced_side_start_rooms() -> None:
    # The pink start room (1,0)-(2,0) has open edges north (twice) and east; its archways lead to
    # the temple's north grey room and to the white room (2,1)-(2,2), which is still open.
    _, closings = build(
        "advanced",
        [
            ("red", "G2", 1, -1, 2),  # wall south
            ("red", "G2", 2, -1, 2),  # wall south (its open west edge joins the first G2)
            (
                "blue",
                "P7",
                3,
                0,
                0,
            ),  # open west joins the pink room; walls and an archway elsewhere
        ],
    )
    assert not closings[0] and not closings[1]
    (closed,) = closings[2]
    assert closed.room.colour == "pink" and len(closed.room.squares) == 3
    linked = sorted((r.colour, v) for r, v in closed.adjacent)
    assert linked == [("grey", 1), ("white", 2)]
    assert (closed.value, named(closed.payouts)) == (6, {"blue": 6})
