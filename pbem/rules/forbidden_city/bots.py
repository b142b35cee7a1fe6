"""Computer players: ``random`` and ``greedy`` (both see only the board and their own hand), and
the search bots ``medium`` and ``strong`` (:mod:`pbem.rules.forbidden_city.search`), which see the
game only through :meth:`~pbem.rules.forbidden_city.game.ForbiddenCity.sample_hidden`."""

from __future__ import annotations

import random
from typing import Any

from pbem.rules.base import Bot, Seat
from pbem.rules.forbidden_city import board as B
from pbem.rules.forbidden_city.notation import Placement
from pbem.rules.forbidden_city.search import MEDIUM, STRONG, best, scan
from pbem.rules.forbidden_city.tiles import Orientation, tile


class RandomBot:
    """Plays a uniformly random legal placement."""

    name = "random"

    def choose(self, game: Any, state: Any, seat: Seat, rng: random.Random) -> Placement:
        """One legal placement, chosen with ``rng``."""
        moves = game.legal(state, seat)
        return moves[rng.randrange(len(moves))]  # type: ignore[no-any-return]


class GreedyBot:
    """Takes the placement that pays itself the most coins right now.

    Ties are broken by paying the opponents as little as possible, then at random (``rng``), so two
    greedy bots do not always play the same game. Every candidate is only *planned* on the board
    (nothing is copied), and rooms are valued only when a candidate would close one.
    """

    name = "greedy"

    def evaluate(self, state: Any, seat: Seat) -> list[tuple[int, int, Placement]]:
        """(coins to ``seat``, coins to the others, move) for every legal placement."""
        return [
            (own, others, Placement(*B.xy(k), o.rotation))
            for own, others, k, o in self._scan(state, seat)
        ]

    def _scan(self, state: Any, seat: Seat) -> list[tuple[int, int, int, Orientation]]:
        return scan(state.board, tile(state.hands[seat]), seat)

    def choose(self, game: Any, state: Any, seat: Seat, rng: random.Random) -> Placement:
        """The best immediate payout; ties: least to the others, then ``rng``."""
        ties = best(state.board, tile(state.hands[seat]), seat)
        k, o = ties[rng.randrange(len(ties))]
        x, y = B.xy(k)
        return Placement(x, y, o.rotation)


BOTS: dict[str, Bot] = {
    "random": RandomBot(),
    "greedy": GreedyBot(),
    "medium": MEDIUM,
    "strong": STRONG,
}
"""The bots by name."""
