"""The search bot of Die Verbotene Stadt (``strong``): determinized look-ahead where cards change hands.

Cards change hands only when an official enters the active pavilion (openly or by a claim that is
believed or doubted) and when a card is taken (an empty pavilion, a penalty, the dragon). So the
bot searches exactly those decisions: whether to enter (reveal or claim, with which official) or
make a quiet move, whether to believe or doubt a claim, which card to take. For each candidate it
draws what its seat cannot see through the game's
:meth:`~pbem.rules.verbotene_stadt.game.VerboteneStadt.sample_hidden` (the other selections,
whether a claim is honest, the order of the pavilions' cards), plays the candidate, lets every
player answer as the ``heuristic`` bot would until the entry is settled, and values the cards
then (its score minus the best other score, by the game's own scoring). Every other decision
(ordinary moves, selections) is the ``heuristic`` bot's, made on a drawn state.

It never reads the state it was given after drawing: two states its seat cannot tell apart give
the same decision for the same seed (``tests/rules/verbotene_stadt/test_vs_search.py``).
Budget: ``worlds`` draws per candidate, and a CPU-time cap checked between candidates.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

import msgspec

from pbem.rules.base import GameOf, Seat, sample_hidden
from pbem.rules.verbotene_stadt.bots import HeuristicBot, entry_distances
from pbem.rules.verbotene_stadt.scoring import ScoreTable, best_score
from pbem.rules.verbotene_stadt.state import Action, Answer, Keep, Move, Select, State, Take

if TYPE_CHECKING:
    from pbem.rules.verbotene_stadt.board import Board
    from pbem.rules.verbotene_stadt.render import View

REACH = {0: 1.0, 1: 1.0, 2: 0.6, 3: 0.35, 4: 0.2}
"""How much an official this many slides from entering is worth to its briber (farther: 0.02)."""
SETTLED = frozenset({"move", "select", "reselect", "over"})
"""Phases in which no card is about to change hands: a look-ahead stops there."""


class SearchBot:
    """Determinized look-ahead on the decisions that move cards (see the module docstring)."""

    def __init__(
        self, name: str, *, worlds: int, horizon: int = 40, cpu_limit: float | None
    ) -> None:
        self.name = name
        self.worlds = worlds
        """Draws of the hidden values per candidate (the same draws for every candidate)."""
        self.horizon = horizon
        """At most this many actions of look-ahead after the candidate."""
        self.cpu_limit = cpu_limit
        """Seconds of CPU after which the remaining candidates are not searched; ``None``: never."""
        self.policy = HeuristicBot()

    def choose(
        self, game: GameOf[State, Action, View], state: State, seat: Seat, rng: random.Random
    ) -> Action:
        """The candidate with the best mean margin, or the heuristic's choice."""
        start = time.process_time()
        # The only read of ``state``: through sample_hidden for this seat.
        worlds: list[State] = [sample_hidden(game, state, seat, rng) for _ in range(self.worlds)]
        first = worlds[0]
        legal = list(game.legal(first, seat))
        default = self.policy.choose(game, first, seat, rng)
        if len(legal) == 1:
            return legal[0]
        sample = legal[0]
        if isinstance(sample, Select | Keep):  # a selection: every legal action is one
            picks = [a for a in legal if isinstance(a, Select | Keep)]
            return self._select(game, first, seat, picks, rng)
        if isinstance(sample, Answer | Take):
            candidates = legal
        elif isinstance(sample, Move) and any(m.mode for m in legal if isinstance(m, Move)):
            candidates = [default, *(m for m in legal if isinstance(m, Move) and m.mode)]
        else:
            return default
        seeds = [rng.getrandbits(64) for _ in worlds]
        best = default
        best_value: float | None = None
        for i, action in enumerate(candidates):
            if i and self.cpu_limit is not None and time.process_time() - start > self.cpu_limit:
                break
            total = 0.0
            for world, seed in zip(worlds, seeds, strict=True):
                total += self._value(game, world, seat, action, random.Random(seed))
            # A tie keeps the earlier candidate: the heuristic's own choice comes first.
            if best_value is None or total > best_value:
                best, best_value = action, total
        return best

    def _select(
        self,
        game: GameOf[State, Action, View],
        state: State,
        seat: Seat,
        legal: list[Select | Keep],
        rng: random.Random,
    ) -> Action:
        """The official most likely to bring this seat a card it wants: the pavilion die is rolled
        again after every selection, so each official is valued over every face of the die (its
        slides to enter that pavilion as the board stands, and what that pavilion's top card
        would add to the seat's score), not only against the pavilion active now."""
        board: Board = getattr(game, "board")  # noqa: B009 - the Verbotene Stadt game object
        table: ScoreTable = getattr(game, "table")  # noqa: B009
        hand = state.hands[seat]
        now = best_score(hand, table)
        faces = board.pavilion_faces
        value = [0.0] * len(state.positions)
        for face in faces:
            pile = state.pavilion_cards[face - 1]
            if pile:  # the cards left in a pavilion are known, not their order
                gain = sum(best_score((*hand, c), table) - now for c in pile) / len(pile)
            else:
                gain = 0.5  # an empty pavilion: a card of its colour taken from another player
            dist = entry_distances(board, msgspec.structs.replace(state, active_pavilion=face))
            for o, cell in enumerate(state.positions):
                if cell >= 0:
                    value[o] += REACH.get(dist[cell], 0.02) * (1.0 + gain)
        mine = state.selections[seat]
        scored = []
        for a in legal:
            o = mine if isinstance(a, Keep) else a.official
            # Keeping costs nothing and reveals nothing: it wins a tie.
            scored.append((value[o] + (0.01 if isinstance(a, Keep) else 0.0), rng.random(), a))
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def _value(
        self,
        game: GameOf[State, Action, View],
        state: State,
        seat: Seat,
        action: Action,
        rng: random.Random,
    ) -> float:
        state, _ = game.apply(state, seat, action, rng)
        for _ in range(self.horizon):
            if state.phase in SETTLED:
                break
            d = game.pending(state)[0]
            act = self.policy.choose(game, state, d.seat, rng)
            state, _ = game.apply(state, d.seat, act, rng)
        return margin(game, state, seat)


def margin(game: GameOf[State, Action, View], state: State, seat: Seat) -> float:
    """``seat``'s score (its team's in the team variant) minus the best other seat's (team's)."""
    table: ScoreTable = getattr(game, "table")  # noqa: B009 - the Verbotene Stadt game object
    scores = [best_score(h, table) for h in state.hands]
    if state.teams:
        mine = scores[seat % 2] + scores[seat % 2 + 2]
        return float(mine - (scores[1 - seat % 2] + scores[3 - seat % 2]))
    return float(scores[seat] - max(s for i, s in enumerate(scores) if i != seat))


STRONG = SearchBot("strong", worlds=12, cpu_limit=2.0)
"""The default budget."""
MEDIUM = SearchBot("medium", worlds=4, cpu_limit=0.3)
"""The lighter budget (vacated seats): at most 0.3 s of CPU a decision."""
