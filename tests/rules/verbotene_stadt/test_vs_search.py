"""The search bot of Die Verbotene Stadt and ``sample_hidden``: what a seat may see.

The information-set test: permuting every value hidden from the bot's seat (the other seats'
selections, whether a claim is honest, the order of the pavilions' cards) never changes its
decision for a fixed seed. By default a few hundred positions; ``PBEM_LONG_TESTS=1`` runs 10,000.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import msgspec
import pytest
from longtests import LONG

from pbem.rules.base import derive_rng
from pbem.rules.verbotene_stadt import GAME
from pbem.rules.verbotene_stadt.search import MEDIUM, STRONG, SearchBot
from pbem.rules.verbotene_stadt.state import Answer, Move, State, Take

POSITIONS = 10_000 if LONG else 300


def positions(first_seed: int) -> Iterator[tuple[State, int]]:
    """(state, seat owing a decision) from heuristic and random games, 2 to 4 players, without
    end; the decisions that move cards (answers, takes, entries) are all kept, the others
    sampled."""
    seed = first_seed
    table = GAME.bots()
    while True:
        n = 2 + seed % 3
        who = ["heuristic" if (seed + i) % 3 else "random" for i in range(n)]
        state = GAME.setup(n, {}, seed)
        rng = random.Random(seed)
        i = 0
        while GAME.pending(state) and i < 3000:
            d = GAME.pending(state)[rng.randrange(len(GAME.pending(state)))]
            legal = GAME.legal(state, d.seat)
            key = isinstance(legal[0], Answer | Take) or any(
                isinstance(m, Move) and m.mode for m in legal
            )
            if key or rng.random() < 0.03:
                yield state, d.seat
            action = table[who[d.seat]].choose(GAME, state, d.seat, derive_rng(seed, "bot", i))
            state, _ = GAME.apply(state, d.seat, action, derive_rng(seed, "apply", i))
            i += 1
        seed += 1


def _positions(count: int, first_seed: int) -> list[tuple[State, int]]:
    return list(itertools.islice(positions(first_seed), count))


def _permuted(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with every value ``seat`` cannot see changed: each other seat's selection (an
    official on the board; a seat that must select anew may hold the exiled one; a claimer may
    be honest or not), and the order of every pavilion's cards."""
    on_board = [o for o, c in enumerate(state.positions) if c >= 0]
    selections = list(state.selections)
    forced = [s for s in state.forced if s == seat]
    for s in range(state.n):
        if s == seat or selections[s] < 0:
            continue
        if state.entry is not None and s == state.entry.mover and rng.random() < 0.5:
            selections[s] = state.entry.official
        elif state.phase == "reselect" and s in state.owed and state.exiled and rng.random() < 0.3:
            selections[s] = state.exiled[-1]
            forced.append(s)
        else:
            selections[s] = rng.choice(on_board)
    piles = []
    for pile in state.pavilion_cards:
        cards = list(pile)
        rng.shuffle(cards)
        piles.append(tuple(cards))
    return msgspec.structs.replace(
        state,
        selections=tuple(selections),
        pavilion_cards=tuple(piles),
        forced=tuple(sorted(forced)),
    )


TEST_BOT = SearchBot("test", worlds=3, cpu_limit=None)
"""The shipped search with a small budget and no CPU cap (fully deterministic)."""


def same_decision(state: State, seat: int, i: int, rng: random.Random) -> bool:
    """Checks one position; whether the permutation changed a hidden value."""
    other = _permuted(state, seat, rng)
    assert GAME.view(other, seat) == GAME.view(state, seat)
    assert GAME.legal(other, seat) == GAME.legal(state, seat)
    a = TEST_BOT.choose(GAME, state, seat, derive_rng(30, "decide", i))
    b = TEST_BOT.choose(GAME, other, seat, derive_rng(30, "decide", i))
    assert a == b, f"position {i}: {a} != {b} once the hidden values are permuted"
    assert a in GAME.legal(state, seat)
    return other != state


@pytest.mark.timeout(0 if LONG else 1800)  # a hang detector only
def test_the_information_set_alone_decides() -> None:
    rng = random.Random(30)
    changed = 0
    for i, (state, seat) in enumerate(_positions(POSITIONS, 400_000)):
        changed += same_decision(state, seat, i, rng)
    assert changed > POSITIONS * 0.8


def test_sample_hidden_keeps_what_the_seat_sees() -> None:
    for i, (state, seat) in enumerate(_positions(150, 410_000)):
        sample = GAME.sample_hidden(state, seat, derive_rng(31, i))
        assert GAME.view(sample, seat) == GAME.view(state, seat)
        assert GAME.legal(sample, seat) == GAME.legal(state, seat)
        assert sample.selections[seat] == state.selections[seat]
        assert [sorted(p) for p in sample.pavilion_cards] == [
            sorted(p) for p in state.pavilion_cards
        ]
        for s, o in enumerate(sample.selections):
            if s != seat and o >= 0:
                assert sample.positions[o] >= 0 or (
                    state.entry is not None and o == state.entry.official
                )
        again = GAME.sample_hidden(
            _permuted(state, seat, random.Random(i)), seat, derive_rng(31, i)
        )
        assert again == sample


def test_search_bots_are_registered_and_finish_a_game() -> None:
    bots = GAME.bots()
    assert bots["strong"] is STRONG and bots["medium"] is MEDIUM
    assert STRONG.cpu_limit == 2.0 and MEDIUM.cpu_limit == 0.3
    state = GAME.setup(3, {}, 420_000)
    who = [TEST_BOT, bots["heuristic"], bots["random"]]
    i = 0
    while GAME.pending(state) and i < 6000:
        d = GAME.pending(state)[0]
        action = who[d.seat].choose(GAME, state, d.seat, derive_rng(0, "bot", i))
        assert action in GAME.legal(state, d.seat)
        state, _ = GAME.apply(state, d.seat, action, derive_rng(0, "apply", i))
        i += 1
    assert GAME.result(state) is not None
