"""Property tests over many bot games (hypothesis).

By default a few hundred games run (about half a minute on 2 cores); PBEM_LONG_TESTS=1 runs
thousands.
"""

from __future__ import annotations

from dataclasses import replace

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from longtests import LONG

from pbem.rules.base import derive_rng, json_dict, json_int
from pbem.rules.forbidden_city import GAME, Placement
from pbem.rules.forbidden_city.game import State

GAMES = 3000 if LONG else 400
VIEW_GAMES = 1000 if LONG else 200

players = st.integers(min_value=2, max_value=4)
bots = st.lists(st.sampled_from(["random", "greedy"]), min_size=4, max_size=4)
sides = st.sampled_from(["beginner", "advanced"])
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def _room_key(data: dict) -> tuple:  # type: ignore[type-arg]
    return data["colour"], tuple(tuple(sq) for sq in data["squares"])


@pytest.mark.slow  # out of the fast lane (the full suite runs it)
@pytest.mark.timeout(0 if LONG else 1800)
@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=players, who=bots, side=sides, seed=seeds)
def test_whole_games_keep_the_rules(n: int, who: list[str], side: str, seed: int) -> None:
    who = who[:n]
    state = GAME.setup(n, {"side": side}, seed)
    start = GAME.encode_state(state)
    moves: list[tuple[int, Placement]] = []
    events = []
    while GAME.pending(state):
        seat = GAME.pending(state)[0].seat
        action = GAME.bots()[who[seat]].choose(
            GAME, state, seat, derive_rng(seed, "bot", len(moves))
        )
        # Every applied move was in legal (and parse of its notation gives it back).
        assert action in GAME.legal(state, seat)
        before = GAME.encode_state(state)
        state_next, evs = GAME.apply(state, seat, action, derive_rng(seed, "apply", len(moves)))
        assert GAME.encode_state(state) == before  # apply never mutates its input
        state = state_next
        moves.append((seat, action))
        events.extend(evs)

    # Replaying the moves from the seed rebuilds the identical state.
    replay = GAME.setup(n, {"side": side}, seed)
    assert GAME.encode_state(replay) == start
    for i, (seat, action) in enumerate(moves):
        replay, _ = GAME.apply(replay, seat, action, derive_rng(seed, "apply", i))
    assert GAME.encode_state(replay) == GAME.encode_state(state)
    assert GAME.encode_state(GAME.decode_state(GAME.encode_state(state))) == GAME.encode_state(
        state
    )

    # Every closed room was paid exactly once, and the coins are exactly the payouts.
    closed_events = [e.data for e in events if e.kind == "room-closed"]
    keys = [_room_key(d) for d in closed_events]
    assert len(keys) == len(set(keys))
    closed_on_board = [r for r in state.board.rooms.values() if r.closed]
    assert len(closed_on_board) == len(closed_events)
    names = GAME.seat_names(n)
    for seat in range(n):
        paid = sum(json_int(json_dict(d["payouts"]).get(names[seat], 0)) for d in closed_events)
        assert state.coins[seat] == paid

    # Each player places 22 tiles (28 with 2 players) minus the tiles set aside.
    full = 28 if n == 2 else 22
    placed = [0] * n
    for e in events:
        if e.kind == "placed":
            placed[json_int(e.data["seat"])] += 1
    for seat in range(n):
        aside = sum(1 for s, _ in state.set_aside if s == seat)
        assert placed[seat] == state.placed[seat] == full - aside
    result = GAME.result(state)
    assert result is not None and events[-1].kind == "game-over"
    assert max(result.scores) == result.scores[result.winners[0]]


def _others_shuffled(state: State, seat: int) -> State:
    """The same game with every other seat's hand and stack order changed."""
    hands = list(state.hands)
    stacks = list(state.stacks)
    for other in range(state.n):
        hand = hands[other]
        if other == seat or hand is None:
            continue
        pool = [hand, *stacks[other]]
        pool = pool[1:] + pool[:1]  # another hand tile, another stack order
        hands[other], stacks[other] = pool[0], tuple(pool[1:])
    return replace(state, hands=tuple(hands), stacks=tuple(stacks))


@pytest.mark.timeout(0 if LONG else 1800)
@settings(max_examples=VIEW_GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=players, side=sides, seed=seeds, stop=st.integers(min_value=0, max_value=100))
def test_no_view_shows_another_seats_hand_or_stack(n: int, side: str, seed: int, stop: int) -> None:
    state = GAME.setup(n, {"side": side}, seed)
    for i in range(stop):
        if not GAME.pending(state):
            break
        seat = GAME.pending(state)[0].seat
        action = GAME.bots()["random"].choose(GAME, state, seat, derive_rng(seed, "bot", i))
        state, _ = GAME.apply(state, seat, action, derive_rng(seed, "apply", i))
    running = bool(GAME.pending(state))
    for decision in GAME.pending(state):
        assert decision.prompt == "place your tile"  # shown to everyone: no tile id in it
    for seat in (None, *range(n)):
        view = GAME.view(state, seat)
        encoded = msgspec.json.encode(view)
        assert b'stack"' not in encoded and b"stacks" not in encoded
        assert view.hand == (state.hands[seat] if seat is not None and running else None)
        if running:
            # Changing everything private to the others changes nothing this seat sees.
            other = _others_shuffled(state, -1 if seat is None else seat)
            assert other.hands != state.hands
            assert msgspec.json.encode(GAME.view(other, seat)) == encoded
            assert GAME.render_text(GAME.view(other, seat)) == GAME.render_text(view)
