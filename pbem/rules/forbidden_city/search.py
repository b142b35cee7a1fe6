"""The search bots of Forbidden City (``strong``, ``medium``): determinized Monte Carlo search.

A decision is made like this (Cowling, Powley and Whitehouse 2012 call the family "determinized"
or "perfect-information Monte Carlo"; the candidate selection is Karnin et al.'s sequential
halving, which suits a fixed budget):

1. Everything the seat cannot see is drawn afresh, several times, by the game's own
   :meth:`~pbem.rules.forbidden_city.game.ForbiddenCity.sample_hidden` for that seat: the other
   players' hands and every stack's order (the bot's own hand is the only tile it knows). The bot
   never reads the state it was given after that: only these *determinizations*. So it cannot
   cheat, and two states the seat cannot tell apart give the same decision for the same seed.
2. The legal placements are ranked by a one-move look-ahead (coins now plus a share of the open
   rooms' value by advisors); the best few are the candidates.
3. Each candidate is played out in the determinizations: every player then plays the greedy
   policy for a few rounds on a light copy of the game (:class:`Sim`, no events, no views), and
   the position is valued the same way. The value is the bot's margin over its best opponent.
   Candidates are halved round after round, the survivors getting more playouts, all candidates
   of a round sharing the same determinizations and dice (common random numbers).

Budget: ``playouts`` per decision, and a CPU-time cap (``time.process_time``) checked between
playouts. The decision depends only on the seed while the cap does not bind (the default budgets
stay well under it; see docs/PERFORMANCE.md).
"""

from __future__ import annotations

import random
import time
from dataclasses import KW_ONLY, dataclass
from typing import TYPE_CHECKING

from pbem.rules.base import GameOf, Seat, sample_hidden
from pbem.rules.forbidden_city import board as B
from pbem.rules.forbidden_city.notation import Placement
from pbem.rules.forbidden_city.tiles import OPEN, Orientation, TileDef, components, tile

if TYPE_CHECKING:
    from pbem.rules.forbidden_city.game import View
    from pbem.rules.forbidden_city.state import State

OPEN_ROOM_WEIGHT = 0.5
"""How much of an open room's present value a position credits to its advisors' owners."""


def potential(board: B.Board, n: int) -> list[float]:
    """Per seat: what the open rooms would pay now if they closed, times :data:`OPEN_ROOM_WEIGHT`."""
    out = [0.0] * n
    for room in board.rooms.values():
        if room.closed or room.grey or not any(room.advisors):
            continue
        for colour, coins in B.payouts(room.advisors, B.room_value(room)).items():
            if colour < n:
                out[colour] += coins * OPEN_ROOM_WEIGHT
    return out


class Sim:
    """A light, mutable copy of a game for playouts: the board (immutable, replaced on each
    placement), hands, stacks (as lists, the next tile last), coins and whose turn it is.

    It carries out a placement exactly as :meth:`ForbiddenCity.apply` does (pay the closed rooms,
    draw, stop at the last two tiles, set aside a tile that fits nowhere, pass the turn), without
    events; ``tests/rules/forbidden_city/test_fc_search.py`` checks the two agree move by move.
    """

    __slots__ = ("n", "board", "hands", "stacks", "coins", "stopped", "to_move", "keep")

    def __init__(self, state: State) -> None:
        self.n: int = state.n
        self.board: B.Board = state.board
        self.hands: list[str | None] = list(state.hands)
        self.stacks: list[list[str]] = [list(reversed(s)) for s in state.stacks]
        self.coins: list[int] = list(state.coins)
        self.stopped: list[bool] = list(state.stopped)
        self.to_move: int = state.to_move
        self.keep: int = components().tiles_left_unplayed

    def copy(self) -> Sim:
        out = Sim.__new__(Sim)
        out.n = self.n
        out.board = self.board
        out.hands = list(self.hands)
        out.stacks = [list(s) for s in self.stacks]
        out.coins = list(self.coins)
        out.stopped = list(self.stopped)
        out.to_move = self.to_move
        out.keep = self.keep
        return out

    def place(self, k: int, o: Orientation, shared: Shared | None = None) -> None:
        """The player to move places its hand tile as ``o`` on square ``k`` (legal). With
        ``shared``, the board after it and the coins it pays are looked up there first (the
        same placement on the same board gives the same board and coins)."""
        seat = self.to_move
        board = self.board
        coins = self.coins
        if shared is not None:
            key = (id(board), k, o.tile.id, o.rotation, seat)
            hit = shared.after.get(key)
            if hit is None:
                hit = shared.after[key] = (board, *_placed(board, k, o, seat))
            self.board = hit[1]
            for colour, amount in hit[2]:
                coins[colour] += amount
        else:
            self.board, paid = _placed(board, k, o, seat)
            for colour, amount in paid:
                coins[colour] += amount
        self._draw(seat)
        self._begin((seat + 1) % self.n)

    def _draw(self, seat: Seat) -> None:
        stack = self.stacks[seat]
        hand = stack.pop() if stack else None
        self.hands[seat] = hand
        if (hand is not None) + len(stack) <= self.keep:
            self.stopped[seat] = True

    def _begin(self, seat: Seat) -> None:
        n = self.n
        stopped = self.stopped
        for _pass in range(n * 40):
            if all(stopped):
                self.to_move = -1
                return
            if stopped[seat]:
                seat = (seat + 1) % n
                continue
            hand = self.hands[seat]
            assert hand is not None
            if B.has_legal_placement(self.board, tile(hand)):
                self.to_move = seat
                return
            self._draw(seat)  # fits nowhere: set aside, the same seat draws again
        raise AssertionError("turn loop did not settle")

    def candidates(self) -> list[tuple[int, Orientation]]:
        """Every legal placement of the player to move, as (square, orientation), in the order
        of :meth:`ForbiddenCity.legal`."""
        board = self.board
        hand = self.hands[self.to_move]
        assert hand is not None
        t = tile(hand)
        out = []
        for k in sorted(board.frontier):
            for o in B.fitting(t, B.requirement(board, k)):
                out.append((k, o))
        return out

    def greedy(self, rng: random.Random, shared: Shared | None = None) -> tuple[int, Orientation]:
        """The greedy bot's choice for the player to move (best own payout now, then least to
        the others, then at random): the same scan and the same use of ``rng``. With
        ``shared``, the scan of this board and hand is looked up there first."""
        seat = self.to_move
        hand = self.hands[seat]
        assert hand is not None
        if shared is None:
            ties = best(self.board, tile(hand), seat)
        else:
            key = (id(self.board), hand, seat)
            hit = shared.scans.get(key)
            if hit is None:
                hit = shared.scans[key] = (self.board, best(self.board, tile(hand), seat))
            ties = hit[1]
        return ties[rng.randrange(len(ties))]

    def values(self) -> list[float]:
        """Per seat: coins plus the weighted share of the open rooms."""
        pot = potential(self.board, self.n)
        return [c + p for c, p in zip(self.coins, pot, strict=True)]


def _placed(
    board: B.Board, k: int, o: Orientation, seat: Seat
) -> tuple[B.Board, tuple[tuple[int, int], ...]]:
    """The board after ``seat`` places ``o`` on ``k``, and the coins it pays (colour, amount)."""
    p = B.plan(board, o, k, seat)
    assert p is not None
    paid: tuple[tuple[int, int], ...] = ()
    if p.closing:
        paid = tuple(pair for c in B.score(board, p) for pair in c.payouts.items())
    return B.commit(board, p), paid


class Shared:
    """What the playouts of one decision share: the boards after a placement and the greedy
    scans, by board (the boards they were made from are kept here, so an ``id`` is never
    reused while the table lives). Every world starts from the same board and the bot's own
    hand, so a candidate's board, and the next players' scans of it, recur across playouts;
    only the first plies of a playout use it (later boards rarely recur)."""

    __slots__ = ("after", "scans")

    def __init__(self) -> None:
        self.after: dict[
            tuple[int, int, str, int, int],
            tuple[B.Board, B.Board, tuple[tuple[int, int], ...]],
        ] = {}
        self.scans: dict[tuple[int, str, int], tuple[B.Board, list[tuple[int, Orientation]]]] = {}


SHARED_PLIES = 2
"""The plies of a playout, after the candidate placement, that use the :class:`Shared` table."""


def scan(board: B.Board, t: TileDef, seat: Seat) -> list[tuple[int, int, int, Orientation]]:
    """(coins to ``seat``, coins to the others, square, orientation) of every legal placement
    of tile ``t``, squares in order. Every candidate is only *planned* on the board (nothing
    is copied), and rooms are valued only when a candidate would close one (``B.paying``)."""
    out = []
    for k in sorted(board.frontier):
        fits = B.fitting(t, B.requirement(board, k))
        if not fits:
            continue
        scoring = B.paying(board, k, fits)
        for o in fits:
            own, others = _paid(board, o, k, seat) if scoring and o in scoring else (0, 0)
            out.append((own, others, k, o))
    return out


def _paid(board: B.Board, o: Orientation, k: int, seat: Seat) -> tuple[int, int]:
    """(coins to ``seat``, coins to the others) of the rooms that placing ``o`` on ``k`` closes:
    :func:`B.score` of its :func:`B.plan` (for a placement that may close a room)."""
    p = B.plan(board, o, k, seat)
    assert p is not None
    own = others = 0
    for closed in B.score(board, p):
        for colour, coins in closed.payouts.items():
            if colour == seat:
                own += coins
            else:
                others += coins
    return own, others


def best(board: B.Board, t: TileDef, seat: Seat) -> list[tuple[int, Orientation]]:
    """The greedy bot's candidates for tile ``t``: the legal placements of :func:`scan` with the
    best (coins to ``seat``, then least to the others), in the same order.

    The same answer as picking the best of :func:`scan` (a test checks it over many positions),
    in one pass that reads each frontier square's four neighbours once (for its requirement and
    for the rooms facing it), keeps only the best placements seen so far, and plans only the
    placements that can close a room holding advisors."""
    get = board.cells.get
    reg_room = board.reg_room
    rooms = board.rooms
    fit_cache = B.fits_of(t.id)
    single = len(t.regions) == 1
    advisors = t.regions[0].advisors
    row = B.ROW
    top_own = -1  # the best so far: most coins to seat, then least to the others
    top_others = 0
    ties: list[tuple[int, Orientation]] = []
    for k in sorted(board.frontier):
        n = get(k - row)
        e = get(k + 1)
        s = get(k + row)
        w = get(k - 1)
        empty = 0
        fn = fe = fs = fw = -1
        rn = re = rs = rw = None
        if n is None:
            empty = 1
        elif n.codes[2] == OPEN:
            rn = n.colours[2]
            fn = reg_room[n.regs[2]]
        if e is None:
            empty |= 2
        elif e.codes[3] == OPEN:
            re = e.colours[3]
            fe = reg_room[e.regs[3]]
        if s is None:
            empty |= 4
        elif s.codes[0] == OPEN:
            rs = s.colours[0]
            fs = reg_room[s.regs[0]]
        if w is None:
            empty |= 8
        elif w.codes[1] == OPEN:
            rw = w.colours[1]
            fw = reg_room[w.regs[1]]
        req = (rn, re, rs, rw)
        fits = fit_cache.get(req)
        if fits is None:
            fits = fit_cache[req] = B.fitting(t, req)
        if not fits:
            continue
        # Rooms facing k with an open edge, and how many of their ways out face k; "stuck": some
        # room has no way out left but k (it closes unless the tile joins it).
        facing = (fn, fe, fs, fw)
        dec: dict[int, int] = {}
        stuck = False
        if fn >= 0 or fe >= 0 or fs >= 0 or fw >= 0:
            for m in facing:
                if m >= 0:
                    dec[m] = dec.get(m, 0) + 1
            for m, c in dec.items():
                if rooms[m].open == c:
                    stuck = True
                    break
        if single and not stuck:
            # Every room facing k keeps another way out, so only the tile's own room can close:
            # when it joins no room and has no open edge towards an empty square, with advisors.
            closers = False
            if advisors:
                way_out = empty | (fn >= 0) | (fe >= 0) << 1 | (fs >= 0) << 2 | (fw >= 0) << 3
                for o in fits:
                    if not o.open_mask & way_out:
                        closers = True
                        break
            if not closers:
                # Every placement here pays nobody: (0, 0).
                if top_own < 0 or (top_own == 0 and top_others > 0):
                    top_own = top_others = 0
                    ties = [(k, o) for o in fits]
                elif top_own == 0 and top_others == 0:
                    ties += [(k, o) for o in fits]
                continue
        if single:
            # The single-region case of B.paying, with the neighbours already read: a placement
            # pays only if it closes a critical room (one with advisors whose last ways out all
            # face k) without joining it, or closes its own room (no open edge towards an empty
            # square, every room it joins has no other way out) with advisors in it.
            critical = (
                [m for m, c in dec.items() if rooms[m].open == c and any(rooms[m].advisors)]
                if stuck
                else ()
            )
            for o in fits:
                mask = o.open_mask
                own = others = 0
                if critical or not mask & empty:
                    joined = {f for d, f in enumerate(facing) if f >= 0 and mask >> d & 1}
                    if any(m not in joined for m in critical) or (
                        not mask & empty
                        and all(rooms[m].open == dec[m] for m in joined)
                        and (advisors or any(any(rooms[m].advisors) for m in joined))
                    ):
                        own, others = B.gains(board, o, k, seat)
                if own > top_own or (own == top_own and others < top_others):
                    top_own = own
                    top_others = others
                    ties = [(k, o)]
                elif own == top_own and others == top_others:
                    ties.append((k, o))
            continue
        if stuck:
            scoring = B.paying(board, k, fits)
        else:
            # Nothing facing k closes; a region of the tile with an open edge towards an empty
            # square cannot close either: only the other placements need B.paying.
            maybe = [o for o in fits if not all(m & empty for m in o.region_open)]
            scoring = B.paying(board, k, maybe) if maybe else []
        for o in fits:
            own = others = 0
            if scoring and any(o is x for x in scoring):
                own, others = _paid(board, o, k, seat)
            if own > top_own or (own == top_own and others < top_others):
                top_own = own
                top_others = others
                ties = [(k, o)]
            elif own == top_own and others == top_others:
                ties.append((k, o))
    return ties


def margin(values: list[float], seat: Seat) -> float:
    """``seat``'s value minus the best other seat's."""
    return values[seat] - max(v for i, v in enumerate(values) if i != seat)


@dataclass(eq=False)
class SearchBot:
    """Determinized Monte Carlo search with greedy playouts (see the module docstring)."""

    name: str
    _: KW_ONLY
    playouts: int
    """The budget: playouts per decision (split over the halving rounds)."""
    candidates: int
    """How many placements, best first by the one-move look-ahead, are searched."""
    worlds: int
    """Determinizations drawn per decision (playouts cycle through them)."""
    rounds: int
    """How many full rounds of turns a playout plays before the position is valued."""
    cpu_limit: float | None
    """Seconds of CPU (``time.process_time``) after which the search stops early; ``None``:
    never (fully deterministic)."""

    def choose(
        self, game: GameOf[State, Placement, View], state: State, seat: Seat, rng: random.Random
    ) -> Placement:
        """The placement with the best mean margin over the playouts."""
        start = time.process_time()
        # The only reads of ``state``: through sample_hidden for this seat. Nothing below sees it.
        worlds = [Sim(sample_hidden(game, state, seat, rng)) for _ in range(self.worlds)]
        return self._search(worlds, seat, rng, start)

    def _search(self, worlds: list[Sim], seat: Seat, rng: random.Random, start: float) -> Placement:
        root = worlds[0]
        moves = root.candidates()
        if len(moves) == 1:
            return _placement(moves[0])
        # One-move look-ahead on the first world (the board and the hand are the same in all).
        shared = Shared()
        ranked = []
        for i, (k, o) in enumerate(moves):
            sim = root.copy()
            sim.place(k, o, shared)
            ranked.append((-margin(sim.values(), seat), i))
        ranked.sort()
        alive = [moves[i] for _, i in ranked[: self.candidates]]
        if len(alive) == 1:
            return _placement(alive[0])
        totals = [0.0] * len(alive)
        counts = [0] * len(alive)
        plies = self.rounds * root.n
        n_rounds = max(1, (len(alive) - 1).bit_length())
        budget = self.playouts
        w = 0
        stop = False
        while len(alive) > 1 and not stop:
            per = max(1, budget // (n_rounds * len(alive)))
            for _ in range(per):
                world = worlds[w % len(worlds)]
                w += 1
                seed = rng.getrandbits(64)
                for i, (k, o) in enumerate(alive):
                    sim = world.copy()
                    sim.place(k, o, shared)
                    _playout(sim, plies, random.Random(seed), shared)
                    totals[i] += margin(sim.values(), seat)
                    counts[i] += 1
                if self.cpu_limit is not None and time.process_time() - start > self.cpu_limit:
                    stop = True
                    break
            order = sorted(range(len(alive)), key=lambda i: -totals[i] / max(1, counts[i]))
            keep = order if stop else order[: max(1, (len(alive) + 1) // 2)]
            alive = [alive[i] for i in keep]
            totals = [totals[i] for i in keep]
            counts = [counts[i] for i in keep]
        return _placement(alive[0])


def _playout(sim: Sim, plies: int, rng: random.Random, shared: Shared | None = None) -> None:
    """``plies`` greedy moves (fewer if the game ends); the first :data:`SHARED_PLIES` through
    ``shared``. The same moves with or without it (a test checks it)."""
    for ply in range(plies):
        if sim.to_move < 0:
            return
        table = shared if ply < SHARED_PLIES else None
        k, o = sim.greedy(rng, table)
        sim.place(k, o, table)


def _placement(move: tuple[int, Orientation]) -> Placement:
    k, o = move
    x, y = B.xy(k)
    return Placement(x, y, o.rotation)


STRONG = SearchBot("strong", playouts=160, candidates=8, worlds=12, rounds=2, cpu_limit=2.0)
"""The default budget: at most 2 s of CPU a decision (the cap), about 0.3 s on most
(the first budget, 400 playouts over 16 draws, cost 0.7 s; see docs/PERFORMANCE.md)."""
MEDIUM = SearchBot("medium", playouts=60, candidates=6, worlds=8, rounds=2, cpu_limit=0.3)
"""The lighter budget (missed decisions and vacated seats): at most 0.3 s of CPU a decision."""
