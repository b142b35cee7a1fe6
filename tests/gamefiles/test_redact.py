"""The games' ``redact(state, seat)``: the seat's view and legal moves are the real ones, and the
result depends on nothing the seat may not know (other seats' private values permuted at random:
the same position)."""

from __future__ import annotations

import dataclasses
import random

import msgspec
import pytest

from pbem.rules import find_game
from pbem.rules.base import derive_rng


def _scramble_fc(state, seat: int, rng: random.Random):  # type: ignore[no-untyped-def]
    hands, stacks = list(state.hands), list(state.stacks)
    for s in range(state.n):
        if s == seat:
            stacks[s] = tuple(rng.sample(stacks[s], len(stacks[s])))  # its own order is hidden too
            continue
        if hands[s] is None:
            continue
        pool = [hands[s], *stacks[s]]
        rng.shuffle(pool)
        hands[s], stacks[s] = pool[0], tuple(pool[1:])
    return dataclasses.replace(state, hands=tuple(hands), stacks=tuple(stacks))


def _scramble_vs(state, seat: int, rng: random.Random):  # type: ignore[no-untyped-def]
    on_board = [o for o, c in enumerate(state.positions) if c >= 0]
    selections = tuple(
        sel if s == seat or sel < 0 else rng.choice(on_board)
        for s, sel in enumerate(state.selections)
    )
    cards = [c for p in state.pavilion_cards for c in p]
    rng.shuffle(cards)
    dealt = []
    for p in state.pavilion_cards:
        dealt.append(tuple(cards[: len(p)]))
        cards = cards[len(p) :]
    return msgspec.structs.replace(state, selections=selections, pavilion_cards=tuple(dealt))


@pytest.mark.parametrize(
    ("name", "n"), [("forbidden-city", 4), ("forbidden-city", 2), ("verbotene-stadt", 3)]
)
def test_redact_keeps_the_seats_own_game_and_hides_the_rest(name: str, n: int) -> None:
    game = find_game(name)
    redact = game.redact  # type: ignore[attr-defined]
    scramble = _scramble_fc if name == "forbidden-city" else _scramble_vs
    rng = random.Random(26)
    state = game.setup(n, {}, 99)
    bots = game.bots()
    bot = bots["greedy" if name == "forbidden-city" else "heuristic"]
    changed = 0
    for k in range(160):
        if not game.pending(state):
            break
        for seat in range(n):
            known = redact(state, seat)
            assert msgspec.json.encode(game.view(known, seat)) == msgspec.json.encode(
                game.view(state, seat)
            )
            assert sorted(map(game.notation, game.legal(known, seat))) == sorted(
                map(game.notation, game.legal(state, seat))
            )
            other = scramble(state, seat, rng)
            changed += game.encode_state(other) != game.encode_state(state)
            assert game.encode_state(redact(other, seat)) == game.encode_state(known), (k, seat)
        mover = game.pending(state)[0].seat
        action = bot.choose(game, state, mover, derive_rng(k, "bot"))
        state, _ = game.apply(state, mover, action, derive_rng(99, "apply", k))
    assert changed > 100  # the scrambles did change the hidden values
