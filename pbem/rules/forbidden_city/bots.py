"""Computer players: ``random`` and ``greedy`` (both see only the board and their own hand), and
the search bots ``medium`` and ``strong`` (:mod:`pbem.rules.forbidden_city.search`), which see the
game only through :meth:`~pbem.rules.forbidden_city.game.ForbiddenCity.sample_hidden`."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pbem.rules.base import BotOf, GameOf, Seat
from pbem.rules.forbidden_city import board as B
from pbem.rules.forbidden_city.notation import Placement
from pbem.rules.forbidden_city.search import MEDIUM, STRONG, best, scan
from pbem.rules.forbidden_city.state import State
from pbem.rules.forbidden_city.tiles import Orientation, TileDef, tile

if TYPE_CHECKING:
    from pbem.rules.forbidden_city.game import View


def _hand(state: State, seat: Seat) -> TileDef:
    """The tile ``seat`` holds: it owes a placement, so it holds one (as in ``legal``)."""
    hand = state.hands[seat]
    assert hand is not None
    return tile(hand)


class RandomBot:
    """Plays a uniformly random legal placement."""

    name = "random"

    def choose(
        self, game: GameOf[State, Placement, View], state: State, seat: Seat, rng: random.Random
    ) -> Placement:
        """One legal placement, chosen with ``rng``."""
        moves = game.legal(state, seat)
        return moves[rng.randrange(len(moves))]


class GreedyBot:
    """Takes the placement that pays itself the most coins right now.

    Ties are broken by paying the opponents as little as possible, then at random (``rng``), so two
    greedy bots do not always play the same game. Every candidate is only *planned* on the board
    (nothing is copied), and rooms are valued only when a candidate would close one.
    """

    name = "greedy"

    def evaluate(self, state: State, seat: Seat) -> list[tuple[int, int, Placement]]:
        """(coins to ``seat``, coins to the others, move) for every legal placement."""
        return [
            (own, others, Placement(*B.xy(k), o.rotation))
            for own, others, k, o in self._scan(state, seat)
        ]

    def _scan(self, state: State, seat: Seat) -> list[tuple[int, int, int, Orientation]]:
        return scan(state.board, _hand(state, seat), seat)

    def choose(
        self, game: GameOf[State, Placement, View], state: State, seat: Seat, rng: random.Random
    ) -> Placement:
        """The best immediate payout; ties: least to the others, then ``rng``."""
        ties = best(state.board, _hand(state, seat), seat)
        k, o = ties[rng.randrange(len(ties))]
        x, y = B.xy(k)
        return Placement(x, y, o.rotation)


BOTS: dict[str, BotOf[State, Placement, View]] = {
    "random": RandomBot(),
    "greedy": GreedyBot(),
    "medium": MEDIUM,
    "strong": STRONG,
}
"""The bots by name."""
