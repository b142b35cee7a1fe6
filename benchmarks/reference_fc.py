"""A plain reference engine of Forbidden City, for benchmarks only (never imported by pbem).

It is written straight from the rulebook and /work/shared/rules/FORBIDDEN-CITY.md, the way one
would write the game without thinking about speed, and shares no rules code with
:mod:`pbem.rules.forbidden_city` (only the component data, and the deal of a seed, which
``GAME.setup`` shuffles, so that both engines play the same game):

- the table is a dict ``(x, y) -> placed tile``; a placed tile keeps its turned edge codes, the
  region behind each edge and its regions' colours, advisors, dragons and grey values;
- rooms are not stored: after every placement the rooms touching the new tile are found again by
  a flood fill over regions joined through open-open edges, and a room is closed when none of its
  regions has an open edge facing an empty square;
- a closed room is paid once (the rooms already paid are remembered as sets of regions); its value
  is its tiles (a square counts once), 3 per dragon, plus the value of each distinct room linked
  to it through an archway, found by flood fill as well;
- legal placements: every empty square next to a tile, every rotation that looks different, open
  edges only against open edges of the same colour;
- the greedy bot places each legal placement on the table, scores it and takes it back.

``benchmarks/bench_engine.py`` times a whole greedy 4-player game with it beside pbem's engine,
and ``tests/rules/forbidden_city/test_fc_reference.py`` checks that both engines agree move by
move (legal placements, coins, the greedy bot's choice, final scores).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from pbem.rules.base import derive_rng
from pbem.rules.forbidden_city.tiles import TileDef, components, tile

Square = tuple[int, int]
Node = tuple[Square, int]
"""A region on the table: its square and its index among the tile's regions."""

STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""The neighbour across edge N, E, S, W."""
FACING = (2, 3, 0, 1)
"""The neighbour's edge that faces mine."""


@dataclass
class Placed:
    """A tile on the table, as turned."""

    tile: TileDef
    rotation: int
    owner: int
    """Seat of the player who placed it; -1 for the start tile."""
    edges: list[str] = field(default_factory=list)
    """Edge codes N, E, S, W after turning."""
    region: list[int] = field(default_factory=list)
    """Index of the region behind each edge (-1 for a garden)."""

    def __post_init__(self) -> None:
        r = self.rotation
        self.edges = [self.tile.edges[(i - r) % 4] for i in range(4)]
        self.region = [self.tile.edge_region[(i - r) % 4] for i in range(4)]

    def colour(self, edge: int) -> str | None:
        reg = self.region[edge]
        return self.tile.regions[reg].colour if reg >= 0 else None


def looks_different(t: TileDef) -> list[int]:
    """The rotations of ``t`` that look different, each look at its smallest rotation."""
    out = []
    seen = []
    for r in range(4):
        p = Placed(t, r, -1)
        look = []
        for e in range(4):
            reg = p.region[e]
            shared = p.region.index(reg) if reg >= 0 else -1
            look.append((p.edges[e], shared, t.regions[reg] if reg >= 0 else None))
        if look not in seen:
            seen.append(look)
            out.append(r)
    return out


class Table:
    """The tiles on the table; rooms are found when needed."""

    def __init__(self, side: str) -> None:
        self.tiles: dict[Square, Placed] = {}
        self.paid: set[frozenset[Node]] = set()
        for x, y, t in components().start[side]:
            self.tiles[(x, y)] = Placed(t, 0, -1)

    def empty_squares_next_to_tiles(self) -> list[Square]:
        out = set()
        for x, y in self.tiles:
            for dx, dy in STEP:
                if (x + dx, y + dy) not in self.tiles:
                    out.add((x + dx, y + dy))
        return sorted(out, key=lambda s: (s[1], s[0]))

    def fits(self, p: Placed, sq: Square) -> bool:
        """Open edges only against open edges of the same colour."""
        x, y = sq
        for e in range(4):
            other = self.tiles.get((x + STEP[e][0], y + STEP[e][1]))
            if other is None:
                continue
            f = FACING[e]
            if p.edges[e] == "o" and other.edges[f] == "o" and p.colour(e) != other.colour(f):
                return False
        return True

    def legal(self, t: TileDef, owner: int) -> list[tuple[Square, int]]:
        out = []
        rotations = looks_different(t)
        for sq in self.empty_squares_next_to_tiles():
            for r in rotations:
                if self.fits(Placed(t, r, owner), sq):
                    out.append((sq, r))
        return out

    # -- rooms ------------------------------------------------------------------------------------

    def room(self, start: Node) -> tuple[frozenset[Node], bool]:
        """The room of region ``start`` and whether it is closed (no open edge faces an empty
        square)."""
        seen = {start}
        todo = [start]
        closed = True
        while todo:
            (x, y), reg = todo.pop()
            here = self.tiles[(x, y)]
            for e in range(4):
                if here.region[e] != reg or here.edges[e] != "o":
                    continue
                sq = (x + STEP[e][0], y + STEP[e][1])
                other = self.tiles.get(sq)
                if other is None:
                    closed = False
                    continue
                f = FACING[e]
                if other.edges[f] == "o":
                    node = (sq, other.region[f])
                    if node not in seen:
                        seen.add(node)
                        todo.append(node)
        return frozenset(seen), closed

    def own_value(self, room: frozenset[Node]) -> int:
        c = components()
        grey = sum(self.tiles[sq].tile.regions[reg].grey_value for sq, reg in room)
        if grey:
            return grey
        squares = {sq for sq, _ in room}
        dragons = sum(1 for sq, reg in room if self.tiles[sq].tile.regions[reg].dragon)
        return c.tile_value * len(squares) + c.dragon_value * dragons

    def linked(self, room: frozenset[Node]) -> list[frozenset[Node]]:
        """The distinct other rooms linked to ``room`` through an archway."""
        out: list[frozenset[Node]] = []
        for (x, y), reg in room:
            here = self.tiles[(x, y)]
            far: list[Node] = []
            for e in range(4):
                if here.region[e] != reg:
                    continue
                other = self.tiles.get((x + STEP[e][0], y + STEP[e][1]))
                if other is None:
                    continue
                mine, theirs = here.edges[e], other.edges[FACING[e]]
                if "a" in (mine, theirs) and "w" not in (mine, theirs):
                    far.append(((x + STEP[e][0], y + STEP[e][1]), other.region[FACING[e]]))
            if here.tile.diagonal == "archway":
                far.append(((x, y), 1 - reg))
            for node in far:
                r, _ = self.room(node)
                if r != room and r not in out:
                    out.append(r)
        return out

    def advisors(self, room: frozenset[Node]) -> list[int]:
        count = [0, 0, 0, 0]
        for sq, reg in room:
            p = self.tiles[sq]
            if p.owner >= 0:
                count[p.owner] += p.tile.regions[reg].advisors
        return count

    def place(self, sq: Square, p: Placed) -> list[dict[int, int]]:
        """Put ``p`` on ``sq``; the payouts of every room it closes (each paid once a game)."""
        self.tiles[sq] = p
        x, y = sq
        starts: list[Node] = [(sq, reg) for reg in range(len(p.tile.regions))]
        for e in range(4):
            nsq = (x + STEP[e][0], y + STEP[e][1])
            other = self.tiles.get(nsq)
            if other is not None and other.edges[FACING[e]] == "o":
                starts.append((nsq, other.region[FACING[e]]))
        out = []
        done: list[frozenset[Node]] = []
        for node in starts:
            room, closed = self.room(node)
            if room in done:
                continue
            done.append(room)
            if not closed or room in self.paid or self.is_grey(room):
                continue
            self.paid.add(room)
            value = self.own_value(room) + sum(self.own_value(r) for r in self.linked(room))
            out.append(payouts(self.advisors(room), value))
        return out

    def is_grey(self, room: frozenset[Node]) -> bool:
        return any(self.tiles[sq].tile.regions[reg].grey_value for sq, reg in room)

    def take_back(self, sq: Square, paid: list[frozenset[Node]]) -> None:
        del self.tiles[sq]
        self.paid.difference_update(paid)


def payouts(advisors: list[int], value: int) -> dict[int, int]:
    """Most advisors: the value; second: half. Tied for most: half each, nobody else. Tied for
    second: nothing. No advisors: nobody."""
    counts = sorted({n for n in advisors if n > 0}, reverse=True)
    if not counts:
        return {}
    leaders = [s for s, n in enumerate(advisors) if n == counts[0]]
    if len(leaders) > 1:
        return {s: value // 2 for s in leaders}
    out = {leaders[0]: value}
    if len(counts) > 1:
        seconds = [s for s, n in enumerate(advisors) if n == counts[1]]
        if len(seconds) == 1:
            out[seconds[0]] = value // 2
    return out


class Game:
    """A whole game: the table, each seat's hand and stack, coins, whose turn."""

    def __init__(self, n: int, side: str, seed: int) -> None:
        from pbem.rules.forbidden_city import GAME

        deal = GAME.setup(n, {"side": side}, seed)
        self.n = n
        self.table = Table(side)
        self.hands: list[str | None] = list(deal.hands)
        self.stacks = [list(s) for s in deal.stacks]
        self.coins = [0] * n
        self.stopped = [False] * n
        self.to_move = deal.first
        self.begin(deal.first)

    def draw(self, seat: int) -> None:
        self.hands[seat] = self.stacks[seat].pop(0) if self.stacks[seat] else None
        if (self.hands[seat] is not None) + len(self.stacks[seat]) <= 2:
            self.stopped[seat] = True

    def begin(self, seat: int) -> None:
        """``seat``, or the next seat still playing, moves; a tile that fits nowhere is set aside."""
        while not all(self.stopped):
            if self.stopped[seat]:
                seat = (seat + 1) % self.n
                continue
            hand = self.hands[seat]
            assert hand is not None
            if self.table.legal(tile(hand), seat):
                self.to_move = seat
                return
            self.draw(seat)
        self.to_move = -1

    def legal(self) -> list[tuple[Square, int]]:
        hand = self.hands[self.to_move]
        assert hand is not None
        return self.table.legal(tile(hand), self.to_move)

    def apply(self, sq: Square, rotation: int) -> None:
        seat = self.to_move
        hand = self.hands[seat]
        assert hand is not None
        for pay in self.table.place(sq, Placed(tile(hand), rotation, seat)):
            for s, coins in pay.items():
                self.coins[s] += coins
        self.draw(seat)
        self.begin((seat + 1) % self.n)

    def greedy(self, rng: random.Random) -> tuple[Square, int]:
        """The most coins to the mover now; ties: the least to the others, then ``rng``."""
        seat = self.to_move
        hand = self.hands[seat]
        assert hand is not None
        scored = []
        for sq, r in self.legal():
            before = set(self.table.paid)
            pays = self.table.place(sq, Placed(tile(hand), r, seat))
            own = sum(p.get(seat, 0) for p in pays)
            others = sum(c for p in pays for s, c in p.items() if s != seat)
            self.table.take_back(sq, list(self.table.paid - before))
            scored.append((own, -others, sq, r))
        best = max((own, neg) for own, neg, _, _ in scored)
        ties = [(sq, r) for own, neg, sq, r in scored if (own, neg) == best]
        return ties[rng.randrange(len(ties))]

    def scores(self) -> list[int]:
        c = components()
        out = []
        for s in range(self.n):
            left = [t for t in [self.hands[s], *self.stacks[s]] if t]
            bonus = sum(
                c.end_per_advisor * tile(t).advisors + c.end_per_dragon * tile(t).dragons
                for t in left
            )
            out.append(self.coins[s] + bonus)
        return out


def greedy_game(n: int, seed: int, side: str = "beginner") -> tuple[Game, list[Any]]:
    """A whole game of greedy bots, drawing the bots' rng as ``benchmarks/bench_engine.py`` does;
    the game and its moves."""
    game = Game(n, side, seed)
    moves = []
    while game.to_move >= 0:
        move = game.greedy(derive_rng(seed, "bot", len(moves)))
        moves.append((game.to_move, move))
        game.apply(*move)
    return game, moves
