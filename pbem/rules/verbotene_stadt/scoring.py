"""Scoring garment cards with the best partition.

Groups: a single card, two cards of one colour, hat + coat + pants of three different colours, all three
cards of one colour. Each card counts in one group only; the player's best partition is taken.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

from pbem.rules.verbotene_stadt.board import Card


@dataclass(frozen=True, slots=True)
class ScoreTable:
    """Points per group (from the component data)."""

    single: int
    pair: int
    suit: int
    """Hat, coat and pants in three different colours."""
    triple: int


def masks(cards: Iterable[Card]) -> tuple[int, ...]:
    """Per colour a bit mask of the pieces held (bit 0 hat, 1 coat, 2 pants), sorted, zeros dropped."""
    by_colour: dict[int, int] = {}
    for c in cards:
        by_colour[c // 3] = by_colour.get(c // 3, 0) | (1 << (c % 3))
    return tuple(sorted(m for m in by_colour.values() if m))


def best_score(cards: Iterable[Card], table: ScoreTable) -> int:
    """The score of the best partition of ``cards`` into groups."""
    return _best(masks(cards), table)


@functools.lru_cache(maxsize=65536)
def _best(state: tuple[int, ...], t: ScoreTable) -> int:
    # Colours are interchangeable for scoring, so the sorted tuple of masks is a canonical key.
    # The lowest piece of the first colour must go into some group: try every group containing it.
    if not state:
        return 0
    first = state[0]
    piece = (first & -first).bit_length() - 1
    rest = list(state[1:])

    def sub(new_first: int, others: list[int]) -> int:
        nxt = [m for m in [new_first, *others] if m]
        return _best(tuple(sorted(nxt)), t)

    without = first & ~(1 << piece)
    best = t.single + sub(without, rest)
    for other in range(3):
        if other != piece and without & (1 << other):
            best = max(best, t.pair + sub(without & ~(1 << other), rest))
    if first == 0b111:
        best = max(best, t.triple + sub(0, rest))
    # Suit: this piece plus the two other pieces from two distinct other colours.
    p1, p2 = [p for p in range(3) if p != piece]
    for i, mi in enumerate(rest):
        if not mi & (1 << p1):
            continue
        for j, mj in enumerate(rest):
            if j == i or not mj & (1 << p2):
                continue
            others = list(rest)
            others[i] = mi & ~(1 << p1)
            others[j] = mj & ~(1 << p2)
            best = max(best, t.suit + sub(without, others))
    return best
