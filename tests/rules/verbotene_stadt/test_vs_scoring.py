"""The best-partition score on hand-built card sets."""

from __future__ import annotations

import itertools

import pytest
from vs_helpers import card

from pbem.rules.verbotene_stadt import GAME
from pbem.rules.verbotene_stadt.scoring import best_score


def score(*names: str) -> int:
    return best_score([card(n) for n in names], GAME.table)


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ((), 0),
        (("red-hat",), 1),
        (("red-hat", "blue-coat"), 2),
        (("red-hat", "red-coat"), 4),
        (("red-hat", "red-coat", "red-pants"), 10),
        (("red-hat", "blue-coat", "green-pants"), 6),
        # Suit (green hat, red coat, blue pants) + single 7 beats red pair + 2 singles 6.
        (("red-hat", "red-coat", "blue-pants", "green-hat"), 7),
        # A full colour plus one card: 10 + 1.
        (("red-hat", "red-coat", "red-pants", "blue-hat"), 11),
        # Triple 10 + blue pair 4 + single 1 beats a suit 6 + singles.
        (("red-hat", "red-coat", "red-pants", "blue-hat", "blue-coat", "green-pants"), 15),
        # Two suits of six different colours.
        (("red-hat", "blue-coat", "green-pants", "yellow-hat", "pink-coat", "orange-pants"), 12),
    ],
)
def test_best_partition(cards: tuple[str, ...], expected: int) -> None:
    assert score(*cards) == expected


def brute(cards: list[int]) -> int:
    """Exhaustive search over all partitions (small sets only)."""
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = 1 + brute(rest)
    for k in (1, 2):
        for group in itertools.combinations(rest, k):
            members = [first, *group]
            colours = {c // 3 for c in members}
            pieces = {c % 3 for c in members}
            remaining = [c for c in rest if c not in group]
            if len(colours) == 1:
                value = 4 if k == 1 else 10
            elif k == 2 and len(colours) == 3 and len(pieces) == 3:
                value = 6
            else:
                continue
            best = max(best, value + brute(remaining))
    return best


def test_best_partition_agrees_with_exhaustive_search() -> None:
    import random

    rng = random.Random(42)
    for _ in range(300):
        cards = rng.sample(range(24), rng.randrange(0, 9))
        assert best_score(cards, GAME.table) == brute(cards), cards
