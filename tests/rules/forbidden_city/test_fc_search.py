"""The search bots of Forbidden City: what they may see, and the light copy they play out on.

The information-set test: permuting every value hidden from the bot's seat (the other hands and
stacks, the order of its own stack) never changes its decision for a fixed seed. By default a few
hundred positions; ``PBEM_LONG_TESTS=1`` runs 10,000 (docs/PERFORMANCE.md has the figures).
"""

from __future__ import annotations

import random

import pytest
from longtests import LONG

from pbem.rules.base import GameDefaults, derive_rng
from pbem.rules.forbidden_city import GAME, State
from pbem.rules.forbidden_city import board as B
from pbem.rules.forbidden_city.search import MEDIUM, STRONG, SearchBot, Shared, Sim, _playout
from pbem.rules.forbidden_city.tiles import orientations, tile

POSITIONS = 10_000 if LONG else 200
"""Positions of the information-set test."""


def _positions(count: int, first_seed: int) -> list[State]:
    """``count`` positions where a seat is to move, from whole games of random and greedy bots
    (2 to 4 players, both sides), spread over the games."""
    out: list[State] = []
    seed = first_seed
    table = GAME.bots()
    while len(out) < count:
        n = 2 + seed % 3
        side = ("beginner", "advanced")[seed // 3 % 2]
        who = ["greedy" if (seed + i) % 3 else "random" for i in range(n)]
        state = GAME.setup(n, {"side": side}, seed)
        rng = random.Random(seed)
        i = 0
        while GAME.pending(state):
            seat = state.to_move
            if rng.random() < 0.15:
                out.append(state)
            action = table[who[seat]].choose(GAME, state, seat, derive_rng(seed, "bot", i))
            state, _ = GAME.apply(state, seat, action)
            i += 1
        seed += 1
    return out[:count]


def _permuted(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with every value ``seat`` cannot see permuted: each other seat's hand and stack
    dealt again from its own unseen tiles, ``seat``'s own stack shuffled."""
    hands = list(state.hands)
    stacks = list(state.stacks)
    for s in range(state.n):
        if s == seat or hands[s] is None:
            pool = list(stacks[s])
            rng.shuffle(pool)
            stacks[s] = tuple(pool)
        else:
            pool = [hands[s] or "", *stacks[s]]
            rng.shuffle(pool)
            hands[s], stacks[s] = pool[0], tuple(pool[1:])
    return State(
        state.n,
        state.side,
        state.first,
        state.board,
        tuple(hands),
        tuple(stacks),
        state.coins,
        state.to_move,
        state.stopped,
        state.placed,
        state.set_aside,
        state.history,
    )


TEST_BOT = SearchBot("test", playouts=4, candidates=2, worlds=2, rounds=1, cpu_limit=None)
"""The search of the shipped bots with a tiny budget and no CPU cap (fully deterministic): the
property holds by construction whatever the budget, so the test buys positions, not playouts."""


@pytest.mark.timeout(0 if LONG else 1800)  # a hang detector only
def test_the_information_set_alone_decides() -> None:
    rng = random.Random(30)
    positions = _positions(POSITIONS, 300_000)
    changed = 0
    for i, state in enumerate(positions):
        seat = state.to_move
        other = _permuted(state, seat, rng)
        assert GAME.view(other, seat) == GAME.view(state, seat)
        if other != state:
            changed += 1
        a = TEST_BOT.choose(GAME, state, seat, derive_rng(30, "decide", i))
        b = TEST_BOT.choose(GAME, other, seat, derive_rng(30, "decide", i))
        assert a == b, f"position {i}: {a} != {b} once the hidden tiles are permuted"
        assert a in GAME.legal(state, seat)
    assert changed > POSITIONS * 0.9  # the permutation really changed the hidden values


def test_sample_hidden_keeps_what_the_seat_sees_and_every_count() -> None:
    rng = random.Random(31)
    for i, state in enumerate(_positions(100, 310_000)):
        seat = state.to_move
        sample = GAME.sample_hidden(state, seat, derive_rng(31, i))
        assert GAME.view(sample, seat) == GAME.view(state, seat)
        assert sample.hands[seat] == state.hands[seat]
        for s in range(state.n):
            assert sorted(filter(None, (sample.hands[s], *sample.stacks[s]))) == sorted(
                filter(None, (state.hands[s], *state.stacks[s]))
            )
            assert len(sample.stacks[s]) == len(state.stacks[s])
        # The same information set and the same rng: the same sample.
        again = GAME.sample_hidden(_permuted(state, seat, rng), seat, derive_rng(31, i))
        assert again == sample


def test_sample_hidden_draws_the_other_hands_afresh() -> None:
    state = GAME.setup(4, {}, 7)
    seat = state.to_move
    seen = {GAME.sample_hidden(state, seat, random.Random(k)).hands for k in range(20)}
    assert len(seen) > 10
    assert all(h[seat] == state.hands[seat] for h in seen)


def _same(sim: Sim, state: State) -> None:
    assert sim.to_move == state.to_move
    assert sim.coins == list(state.coins)
    assert sim.hands == list(state.hands)
    assert sim.stacks == [list(reversed(s)) for s in state.stacks]
    assert sim.stopped == list(state.stopped)
    assert sim.board.cells == state.board.cells
    assert sim.board.rooms == state.board.rooms
    assert sim.board.frontier == state.board.frontier


@pytest.mark.parametrize("seed", range(12))
def test_the_playout_copy_plays_exactly_as_apply(seed: int) -> None:
    n = 2 + seed % 3
    state = GAME.setup(n, {"side": ("beginner", "advanced")[seed % 2]}, 320_000 + seed)
    sim = Sim(state)
    rng = random.Random(seed)
    while GAME.pending(state):
        moves = GAME.legal(state, state.to_move)
        assert [B.xy(k) + (o.rotation,) for k, o in sim.candidates()] == [tuple(m) for m in moves]
        move = moves[rng.randrange(len(moves))]
        k = B.key(move.x, move.y)
        o = orientations(tile(sim.hands[sim.to_move] or ""))[move.rotation]
        state, _ = GAME.apply(state, state.to_move, move)
        sim.place(k, o)
        _same(sim, state)
    assert sim.to_move == -1


def test_greedy_playout_policy_is_the_greedy_bot() -> None:
    greedy = GAME.bots()["greedy"]
    for i, state in enumerate(_positions(40, 330_000)):
        seat = state.to_move
        k, o = Sim(state).greedy(random.Random(i))
        assert (*B.xy(k), o.rotation) == tuple(greedy.choose(GAME, state, seat, random.Random(i)))


def test_shared_placements_and_scans_change_no_playout() -> None:
    """Playouts through one Shared table (as one decision's playouts are) end exactly as the
    same playouts computed afresh: same boards, coins, hands and turn."""
    for i, state in enumerate(_positions(12, 340_000)):
        seat = state.to_move
        worlds = [Sim(GAME.sample_hidden(state, seat, random.Random(i * 10 + w))) for w in range(3)]
        moves = worlds[0].candidates()[:3]
        shared = Shared()
        for r in range(4):  # the same worlds again and again, as the search cycles through them
            for w, world in enumerate(worlds):
                for k, o in moves:
                    a, b = world.copy(), world.copy()
                    a.place(k, o, shared)
                    b.place(k, o)
                    _playout(a, 8, random.Random(r * 100 + w), shared)
                    _playout(b, 8, random.Random(r * 100 + w))
                    assert (a.coins, a.hands, a.stacks, a.to_move) == (
                        b.coins,
                        b.hands,
                        b.stacks,
                        b.to_move,
                    )
                    assert a.board.cells == b.board.cells and a.board.rooms == b.board.rooms
        assert shared.after and shared.scans  # and the table was used


def test_search_bots_are_registered_deterministic_and_legal() -> None:
    bots = GAME.bots()
    assert bots["strong"] is STRONG and bots["medium"] is MEDIUM
    assert STRONG.playouts > MEDIUM.playouts
    assert STRONG.cpu_limit == 2.0 and MEDIUM.cpu_limit == 0.3
    state = _positions(1, 340_000)[0]
    bot = SearchBot("t", playouts=30, candidates=4, worlds=3, rounds=1, cpu_limit=None)
    a = bot.choose(GAME, state, state.to_move, random.Random(5))
    assert a == bot.choose(GAME, state, state.to_move, random.Random(5))
    assert a in GAME.legal(state, state.to_move)


def test_a_search_bot_finishes_a_game() -> None:
    bot = SearchBot("t", playouts=8, candidates=3, worlds=2, rounds=1, cpu_limit=None)
    state = GAME.setup(2, {}, 350_000)
    greedy = GAME.bots()["greedy"]
    i = 0
    while GAME.pending(state):
        seat = state.to_move
        who = bot if seat == 0 else greedy
        state, _ = GAME.apply(state, seat, who.choose(GAME, state, seat, derive_rng(0, i)))
        i += 1
    assert GAME.result(state) is not None


def test_every_game_declares_its_sample_hidden() -> None:
    from pbem.rules import find_game, game_names

    for name in game_names():
        game = find_game(name)
        assert callable(getattr(game, "sample_hidden", None)), name
    # The default, for a game that hides nothing: the state itself.
    assert GameDefaults[str, object, object]().sample_hidden("s", 0, random.Random(0)) == "s"
