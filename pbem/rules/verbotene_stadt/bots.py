"""Computer players: ``random`` (random among sensible actions) and ``heuristic``.

Both answer every kind of decision, are deterministic given the ``rng`` passed in, and use only what
their seat may see (the board, the cards face up, their own selection).
"""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING

from pbem.rules.base import GameOf, Seat
from pbem.rules.verbotene_stadt import engine
from pbem.rules.verbotene_stadt.board import Board, Cell
from pbem.rules.verbotene_stadt.scoring import ScoreTable, best_score
from pbem.rules.verbotene_stadt.state import Action, Answer, Keep, Move, Select, State, Take

if TYPE_CHECKING:
    from pbem.rules.verbotene_stadt.render import View

_FAR = 99


class RandomBot:
    """Random among sensible actions, so that its games end.

    Uniform play almost never enters a pavilion (the bribed official must reach the active
    threshold), so this bot follows three plain rules and is random in everything else: it enters
    the active pavilion whenever it can (openly with its own official, otherwise a random claim
    or open entry); otherwise every other move is one of its own official's (at random among them),
    the rest any random move; its selections are random officials still on the board. Answers
    and takes are uniform.
    """

    name = "random"

    def choose(
        self, game: GameOf[State, Action, View], state: State, seat: Seat, rng: random.Random
    ) -> Action:
        """A random legal action among the sensible ones."""
        legal = list(game.legal(state, seat))
        moves = [a for a in legal if isinstance(a, Move)]
        if not moves:
            return legal[rng.randrange(len(legal))]
        entries = [m for m in moves if m.mode]
        if entries:
            mine = state.selections[seat]
            own = [m for m in entries if m.official == mine]
            pool = own or entries
            return pool[rng.randrange(len(pool))]
        own_moves = [m for m in moves if m.official == state.selections[seat]]
        pool = own_moves if own_moves and rng.random() < 0.5 else moves
        return pool[rng.randrange(len(pool))]


def entry_distances(
    board: Board,
    state: State,
    without: int = -1,
    targets: frozenset[Cell] | None = None,
    depth: int = 4,
) -> list[int]:
    """Per cell the number of slides needed to enter the active pavilion (``_FAR`` if more than
    ``depth``).

    With ``targets``: the slides needed to stop on one of those fields instead. Officials other
    than ``without`` are obstacles as they stand; good enough to steer a bot.

    A function of the officials' fields, the active pavilion and the arguments alone (the board's
    public facts, no seat's secret): the last :data:`_DISTANCES_KEPT` asked are kept (the steering
    of ``RK pavilion`` and ``BG door``, the bots and their tests ask the same position again and
    again). Each caller gets a list of its own.
    """
    key = (tuple(state.positions), state.active_pavilion, without, targets, depth)
    return list(_entry_distances(board, *key))


_DISTANCES_KEPT = 1024
"""Positions whose distances :func:`entry_distances` keeps (about 2 KB each)."""


@functools.lru_cache(maxsize=_DISTANCES_KEPT)
def _entry_distances(
    board: Board,
    positions: tuple[Cell, ...],
    act: int,
    without: int,
    targets: frozenset[Cell] | None,
    depth: int,
) -> tuple[int, ...]:
    """:func:`entry_distances` of the officials standing on ``positions`` under the active
    pavilion ``act``."""
    occ = {c for o, c in enumerate(positions) if c >= 0 and o != without}
    size = board.width * board.height
    dist = [_FAR] * size
    preds: list[list[Cell]] = [[] for _ in range(size)]
    ends = board.slide_ends(occ, act)
    for c in _open_fields(board):
        if targets is not None and c in targets:
            dist[c] = 0
        for end in ends[c * 4 : c * 4 + 4]:
            if end == -2:
                continue
            hit = end in targets if targets is not None else end == -1
            if hit:
                dist[c] = min(dist[c], 1)
            elif end >= 0:
                preds[end].append(c)
    # Breadth-first backwards from the fields that reach the goal in one slide.
    level = [c for c in range(size) if dist[c] <= 1]
    while level:
        nxt = []
        for e in level:
            d = dist[e] + 1
            if d > depth:
                continue
            for c in preds[e]:
                if dist[c] > d:
                    dist[c] = d
                    nxt.append(c)
        level = nxt
    return tuple(dist)


@functools.cache
def _open_fields(board: Board) -> tuple[Cell, ...]:
    """The fields an official may stand on (not a roof, not in a pavilion), in order."""
    blocked = board.roofs | board.pavilion_at.keys()
    return tuple(c for c in range(board.width * board.height) if c not in blocked)


def blocker_cells(board: Board, state: State) -> list[Cell]:
    """Fields beside the active threshold where an official stops others on the threshold.

    An official slides past the threshold unless something stops it there; one standing on such a
    field turns the threshold into a stop from which the right-angle slide enters.
    """
    pav = board.pavilions.get(state.active_pavilion)
    if pav is None:
        return []
    out = []
    for d in "EW" if pav.enter in "NS" else "NS":
        if board.static_obstacle(pav.threshold, d, state.active_pavilion) is None:
            out.append(board.neighbour(pav.threshold, d))
    return out


class HeuristicBot:
    """Steers its bribed official toward the active pavilion; bluffs and doubts sometimes."""

    name = "heuristic"

    def __init__(self, bluff: float = 0.3, doubt: float = 0.25) -> None:
        self.bluff = bluff
        """Probability of claiming an entry with an official it did not bribe, when possible."""
        self.doubt = doubt
        """Probability of doubting a claim."""

    def choose(
        self, game: GameOf[State, Action, View], state: State, seat: Seat, rng: random.Random
    ) -> Action:
        """One legal action for the decision ``seat`` owes."""
        board: Board = getattr(game, "board")  # noqa: B009 - the Verbotene Stadt game object
        if any(d.seat == seat and d.kind == "move" for d in game.pending(state)):
            # The game's legal moves are these, in this order: listed once, with their ends.
            pairs = list(engine.moves_with_ends(board, state, seat))
            return self._move(board, state, seat, [m for m, _ in pairs], dict(pairs), rng)
        legal: list[Action] = list(game.legal(state, seat))
        first = legal[0]
        if isinstance(first, Select | Keep):
            return self._select(board, state, seat, legal, rng)
        if isinstance(first, Answer):
            return Answer(rng.random() < self.doubt)
        if isinstance(first, Take):
            table: ScoreTable = getattr(game, "table")  # noqa: B009
            return self._take(table, state, seat, legal, rng)
        pairs = list(engine.moves_with_ends(board, state, seat))
        return self._move(board, state, seat, legal, dict(pairs), rng)

    def _select(
        self, board: Board, state: State, seat: Seat, legal: list[Action], rng: random.Random
    ) -> Action:
        mine = state.selections[seat]
        if state.active_pavilion == 0:
            return legal[rng.randrange(len(legal))]
        dist = entry_distances(board, state)
        if Keep() in legal and mine >= 0 and dist[state.positions[mine]] <= 2:
            return Keep()
        choices = [a for a in legal if isinstance(a, Select)]
        best = min(dist[state.positions[a.official]] for a in choices)
        # Not always the very nearest: the others are likely to pick that one too.
        top = [a for a in choices if dist[state.positions[a.official]] <= best + 1]
        pick = top[rng.randrange(len(top))]
        if Keep() in legal and mine >= 0 and dist[state.positions[mine]] <= best:
            return Keep()
        return pick

    def _take(
        self, table: ScoreTable, state: State, seat: Seat, legal: list[Action], rng: random.Random
    ) -> Action:
        takes = [a for a in legal if isinstance(a, Take)]
        gains = [best_score((*state.hands[seat], a.card), table) for a in takes]
        top = [a for a, g in zip(takes, gains, strict=True) if g == max(gains)]
        return top[rng.randrange(len(top))]

    def _move(
        self,
        board: Board,
        state: State,
        seat: Seat,
        legal: list[Action],
        ends: dict[Move, Cell],
        rng: random.Random,
    ) -> Action:
        mine = state.selections[seat]
        moves = [a for a in legal if isinstance(a, Move)]
        own_entries = [m for m in moves if m.mode and m.official == mine]
        if own_entries:
            claims = [m for m in own_entries if m.mode == "claim"]
            if claims and rng.random() < self.bluff / 2:
                return claims[0]  # an honest claim hides nothing and may trap a doubter
            return next(m for m in own_entries if m.mode == "reveal")
        bluffs = [m for m in moves if m.mode == "claim"]
        if bluffs and rng.random() < self.bluff:
            return bluffs[rng.randrange(len(bluffs))]
        quiet = [m for m in moves if not m.mode]
        if not quiet:
            return moves[rng.randrange(len(moves))]
        if mine >= 0 and state.positions[mine] >= 0:
            dist = entry_distances(board, state, mine)
            here = dist[state.positions[mine]]
            own = [m for m in quiet if m.official == mine]
            scored = [(dist[ends[m]], m) for m in own]
            if scored:
                best = min(d for d, _ in scored)
                if best < here:
                    top = [m for d, m in scored if d == best]
                    return top[rng.randrange(len(top))]
            others = [m for m in quiet if m.official != mine] or quiet
            helper = self._blocker_move(board, state, others, ends, rng)
            if helper is not None:
                return helper
            if here >= _FAR and own and rng.random() < 0.5:
                return own[rng.randrange(len(own))]
            return others[rng.randrange(len(others))]
        return quiet[rng.randrange(len(quiet))]

    def _blocker_move(
        self,
        board: Board,
        state: State,
        others: list[Move],
        ends: dict[Move, Cell],
        rng: random.Random,
    ) -> Move | None:
        """Bring another official toward a field beside the active threshold (see
        :func:`blocker_cells`) when none stands there yet."""
        blockers = frozenset(blocker_cells(board, state))
        if not blockers or any(c in blockers for c in state.positions):
            return None
        dist = entry_distances(board, state, targets=blockers)
        current = {o: dist[state.positions[o]] for o in {m.official for m in others}}
        best_gain = 0
        picks: list[Move] = []
        for m in others:
            end = ends[m]
            gain = current[m.official] - dist[end]
            if dist[end] >= _FAR:
                continue
            if gain > best_gain:
                best_gain, picks = gain, [m]
            elif gain == best_gain and gain > 0:
                picks.append(m)
        return picks[rng.randrange(len(picks))] if picks else None
