"""The table: placed tiles, rooms (tracked incrementally), closing, values and payouts.

Rooms are maintained on every placement instead of being searched for: each floor region gets a
global id, ``reg_room`` maps it to its room, and each room carries its squares, dragons, advisors per
colour, the number of its open edges that face an empty square, and the regions across its archways.
A placement is first *planned* (:func:`plan`: the rooms it would create, merge or close, without
touching the board) and then *committed* (:func:`commit`). The greedy bot plans every candidate and
commits only the one it plays, so it never copies the board.

A :class:`Board` is never mutated once built; :func:`commit` returns a new one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from pbem.rules.forbidden_city.tiles import (
    ARCH,
    OPEN,
    OPP,
    WALL,
    Orientation,
    TileDef,
    components,
    orientations,
)
from pbem.rules.forbidden_city.tiles import tile as tile_by_id

ROW = 1024
"""Square key stride: key = x + y * ROW (the board never reaches 512 squares from the start)."""
DELTA = (-ROW, 1, ROW, -1)
"""Key offsets of the neighbours N, E, S, W."""
NO_OWNER = -1
"""Owner of the start-tile squares."""
N_COLOURS = 4


def key(x: int, y: int) -> int:
    """The square key of (x, y)."""
    return x + y * ROW


def xy(k: int) -> tuple[int, int]:
    """The (x, y) of a square key."""
    y = (k + ROW // 2) // ROW
    return k - y * ROW, y


class Cell(NamedTuple):
    """An occupied square."""

    codes: tuple[str, ...]
    """Edge codes N, E, S, W as placed."""
    regs: tuple[int, ...]
    """Global region id behind each edge (-1 for a garden)."""
    colours: tuple[str | None, ...]
    """Floor colour behind each edge."""
    tile: TileDef
    rotation: int
    owner: int
    """Colour index of the player who placed it (-1 for the start tile)."""
    first_region: int
    """Global id of the tile's region 0 (region i is ``first_region + i``)."""


class Room(NamedTuple):
    """A room: regions joined through open-open edges (a temple grey room stands alone)."""

    squares: frozenset[int]
    """Keys of the squares it covers (a tile counts once even if both its halves are in it)."""
    regions: tuple[int, ...]
    open: int
    """Open edges of the room that face an empty square; 0 means closed."""
    dragons: int
    advisors: tuple[int, ...]
    """Advisors per colour index."""
    links: tuple[int, ...]
    """Global regions on the far side of the room's usable archways (may repeat)."""
    closed: bool
    grey: int
    """Value of a temple grey room, 0 for every other room."""
    colour: str


@dataclass(frozen=True, slots=True)
class Board:
    """The tiles on the table and their rooms. Never mutated: :func:`commit` returns a new board."""

    cells: dict[int, Cell]
    reg_room: list[int]
    """Room id of every global region."""
    rooms: dict[int, Room]
    frontier: frozenset[int]
    """Empty squares orthogonally adjacent to a tile: where a tile may go."""
    next_room: int


class Plan(NamedTuple):
    """What placing one orientation on one square would do, computed without changing the board.

    A named tuple (built on every candidate the bots value: cheaper than a frozen dataclass)."""

    k: int
    orient: Orientation
    owner: int
    base: int
    """Global id the tile's region 0 would get."""
    overlay: dict[int, Room]
    """New or changed rooms by id (merged rooms keep the smallest id)."""
    redirect: dict[int, int]
    """Rooms merged away -> the room id they become part of."""
    local_rooms: tuple[int, ...]
    """Room id of each of the new tile's regions."""
    closing: tuple[int, ...]
    """Ids (in ``overlay``) of the rooms this placement closes."""


class Closed(NamedTuple):
    """A room closed by a placement, valued and paid out."""

    room: Room
    value: int
    own: int
    """Value of the room itself: tiles + dragons."""
    adjacent: tuple[tuple[Room, int], ...]
    """Each distinct room linked to it through a usable archway, with its value."""
    payouts: dict[int, int]
    """Coins per colour index (only those paid)."""


_tuple_new = tuple.__new__
_ALONE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple((i,) for i in range(n)) for n in range(5)
)
"""Each region of a tile in a group of its own, by the number of regions (0 to 4: the temple)."""
_new = object.__new__
_set_cells, _set_reg_room, _set_rooms, _set_frontier, _set_next_room = (
    Board.__dict__[name].__set__ for name in ("cells", "reg_room", "rooms", "frontier", "next_room")
)
""":func:`commit` builds its Board by setting the slots directly (the frozen dataclass's
``__init__`` goes through ``object.__setattr__`` for each field, a fifth of a commit)."""


def empty_board() -> Board:
    """A table with nothing on it."""
    return Board({}, [], {}, frozenset(), 0)


_START: dict[str, Board] = {}
"""The start board of each side, built once (a board is never mutated)."""


def start_board(side: str) -> Board:
    """The start tile of ``side`` (``beginner`` or ``advanced``), temple included."""
    hit = _START.get(side)
    if hit is not None:
        return hit
    board = empty_board()
    for x, y, square in components().start[side]:
        p = plan(board, orientations(square)[0], key(x, y), NO_OWNER)
        assert p is not None
        board = commit(board, p)
    _START[side] = board
    return board


def room_value(room: Room) -> int:
    """What a room is worth, as the closed room or as an adjacent room."""
    if room.grey:
        return room.grey
    c = components()
    return c.tile_value * len(room.squares) + c.dragon_value * room.dragons


def payouts(advisors: Iterable[int], value: int) -> dict[int, int]:
    """Coins per colour for a closed room with these advisor counts.

    Most advisors: the full value; second most: half, rounded down. A tie for most: each tied player
    half, rounded down, and nobody else. A tie for second: the tied players get nothing. No advisors:
    nobody is paid.
    """
    counts = [(n, colour) for colour, n in enumerate(advisors) if n > 0]
    if not counts:
        return {}
    top = max(n for n, _ in counts)
    leaders = [colour for n, colour in counts if n == top]
    if len(leaders) > 1:
        return {colour: value // 2 for colour in leaders}
    out = {leaders[0]: value}
    rest = [n for n, _ in counts if n < top]
    if rest:
        second = max(rest)
        seconds = [colour for n, colour in counts if n == second]
        if len(seconds) == 1:
            out[seconds[0]] = value // 2
    return out


def plan(board: Board, orient: Orientation, k: int, owner: int, quick: bool = False) -> Plan | None:
    """Plan placing ``orient`` on the empty square ``k`` for colour ``owner`` (legality not checked).

    With ``quick``, return ``None`` as soon as it is clear that no room would close (the greedy bot
    only needs the full plan for the rare placements that score).
    """
    # Long on purpose: the board's geometry is one table-driven pass; each block below fills one part of it.
    cells = board.cells
    reg_room = board.reg_room
    rooms = board.rooms
    tile = orient.tile
    codes = orient.codes
    local = orient.local
    n_local = len(tile.regions)
    joins: list[list[int]] = [[]] if n_local == 1 else [[] for _ in range(n_local)]
    opens = [0] * n_local
    dec: dict[int, int] = {}
    arches: list[tuple[int, int]] = []
    for d in range(4):
        c = codes[d]
        cell = cells.get(k + DELTA[d])
        if cell is None:
            if c == OPEN:
                opens[local[d]] += 1
            continue
        od = OPP[d]
        nc = cell.codes[od]
        if nc == OPEN:
            nreg = cell.regs[od]
            nroom = reg_room[nreg]
            # That open edge faced an empty square: its room loses one way out.
            dec[nroom] = dec.get(nroom, 0) + 1
            if c == OPEN:
                joins[local[d]].append(nroom)
            elif c == ARCH:
                arches.append((local[d], nreg))
        elif nc == ARCH and c != WALL:
            arches.append((local[d], cell.regs[od]))
        # An archway against a plain wall is blocked, and a wall separates: no link either way.

    if n_local == 2 and set(joins[0]) & set(joins[1]):
        groups: tuple[tuple[int, ...], ...] = ((0, 1),)
    else:
        groups = _ALONE[n_local]

    if quick:
        closes = False
        in_group: set[int] = set()
        for g in groups:
            merged = {m for i in g for m in joins[i]}
            in_group |= merged
            left = sum(rooms[m].open - dec[m] for m in merged) + sum(opens[i] for i in g)
            if left == 0 and not tile.regions[g[0]].grey_value:
                closes = True
        for m, n in dec.items():
            if m not in in_group and rooms[m].open == n:
                closes = True
        if not closes:
            return None

    base = len(reg_room)
    overlay: dict[int, Room] = {}
    redirect: dict[int, int] = {}
    local_rooms = [0] * n_local
    fresh = board.next_room
    defs = tile.regions
    closing: list[int] = []
    for g in groups:
        merged_ids = (
            sorted(set(joins[g[0]] + joins[g[1]])) if len(g) == 2 else sorted(set(joins[g[0]]))
        )
        dragons = 0
        open_ = 0
        links: list[int] = []
        regions: list[int] = []
        if len(merged_ids) == 1:
            # The common case: the tile joins one room.
            gid = merged_ids[0]
            part = rooms[gid]
            advisors = list(part.advisors)
            dragons = part.dragons
            open_ = part.open - dec[gid]
            links.extend(part.links)
            regions.extend(part.regions)
            frozen = part.squares | {k}
        elif merged_ids:
            advisors = [0] * N_COLOURS
            gid = merged_ids[0]
            squares = {k}
            for m in merged_ids:
                part = rooms[m]
                if m != gid:
                    redirect[m] = gid
                squares.update(part.squares)
                for colour, n in enumerate(part.advisors):
                    advisors[colour] += n
                dragons += part.dragons
                open_ += part.open - dec[m]
                links.extend(part.links)
                regions.extend(part.regions)
            frozen = frozenset(squares)
        else:
            advisors = [0] * N_COLOURS
            gid = fresh
            fresh += 1
            frozen = frozenset((k,))
        for i in g:
            region = defs[i]
            if owner >= 0:
                advisors[owner] += region.advisors
            dragons += region.dragon
            open_ += opens[i]
            regions.append(base + i)
            for li, nreg in arches:
                if li == i:
                    links.append(nreg)
            local_rooms[i] = gid
        if tile.diagonal == "archway" and len(g) == 1:
            links.append(base + 1 - g[0])
        grey = defs[g[0]].grey_value if len(g) == 1 else 0
        closed = open_ == 0 and not grey
        if closed:
            closing.append(gid)
        overlay[gid] = _tuple_new(
            Room,
            (
                frozen,
                tuple(regions),
                open_,
                dragons,
                tuple(advisors),
                tuple(links),
                closed,
                grey,
                defs[g[0]].colour,
            ),
        )
    for m, n in dec.items():
        if m not in redirect and m not in overlay:
            o = rooms[m]
            closed = o.open == n
            if closed:
                closing.append(m)
            overlay[m] = _tuple_new(
                Room,
                (o.squares, o.regions, o.open - n, o.dragons, o.advisors, o.links, closed) + o[7:],
            )
    # The rooms across the new archways see the new tile's regions too.
    for i, nreg in arches:
        m = reg_room[nreg]
        m = redirect.get(m, m)
        o = overlay.get(m) or rooms[m]
        overlay[m] = _tuple_new(Room, o[:5] + (o.links + (base + i,),) + o[6:])
    closing.sort()
    return _tuple_new(
        Plan, (k, orient, owner, base, overlay, redirect, tuple(local_rooms), tuple(closing))
    )


def paying(board: Board, k: int, orients: Iterable[Orientation]) -> list[Orientation]:
    """Those of ``orients`` that would close a room holding advisors on square ``k``.

    Every other orientation pays nobody, so the greedy bot values only these. Which rooms lose an
    open edge to ``k`` does not depend on how the tile is turned, only which of them it joins does;
    and a tile with an open edge towards an empty square cannot close its own room.
    """
    cells = board.cells
    reg_room = board.reg_room
    rooms = board.rooms
    facing: list[int | None] = [None, None, None, None]
    empty_mask = 0
    dec: dict[int, int] = {}
    for d in range(4):
        cell = cells.get(k + DELTA[d])
        if cell is None:
            empty_mask |= 1 << d
        elif cell.codes[OPP[d]] == OPEN:
            m = reg_room[cell.regs[OPP[d]]]
            facing[d] = m
            dec[m] = dec.get(m, 0) + 1
    # Rooms whose last open edges all face k: they close unless the tile joins them.
    critical = [m for m, n in dec.items() if rooms[m].open == n and any(rooms[m].advisors)]
    out = []
    for o in orients:
        tile = o.tile
        if len(tile.regions) != 1:
            if plan(board, o, k, NO_OWNER, quick=True) is not None:
                out.append(o)
            continue
        if not critical and o.open_mask & empty_mask:
            continue  # the common case: nothing closes here
        joined = {f for d, f in enumerate(facing) if f is not None and o.open_mask >> d & 1}
        # A critical room the tile does not join closes; the tile's own room closes when it and
        # every room it joins have no open edge left.
        if any(m not in joined for m in critical) or (
            not o.open_mask & empty_mask
            and all(rooms[m].open == dec[m] for m in joined)
            and (tile.regions[0].advisors or any(any(rooms[m].advisors) for m in joined))
        ):
            out.append(o)
    return out


def gains(board: Board, orient: Orientation, k: int, owner: int) -> tuple[int, int]:
    """(coins to ``owner``, coins to everyone else) of placing the single-region ``orient`` on
    ``k``: what :func:`score` of :func:`plan` pays, computed without building the plan (the
    greedy bot values every paying candidate; a test checks both agree on many boards).

    The tile's room is the tile plus the rooms it joins through open edges; every other room
    facing ``k`` with an open edge loses that way out. A room closes when no way out is left; its
    value is its own plus that of each distinct room linked to it through an archway, the tile's
    room counted as it stands after the placement."""
    cells = board.cells
    reg_room = board.reg_room
    rooms = board.rooms
    codes = orient.codes
    tile = orient.tile
    opens = 0
    dec: dict[int, int] = {}
    joins: set[int] = set()
    arches: list[int] = []
    for d in range(4):
        c = codes[d]
        cell = cells.get(k + DELTA[d])
        if cell is None:
            if c == OPEN:
                opens += 1
            continue
        od = OPP[d]
        nc = cell.codes[od]
        if nc == OPEN:
            nreg = cell.regs[od]
            nroom = reg_room[nreg]
            dec[nroom] = dec.get(nroom, 0) + 1
            if c == OPEN:
                joins.add(nroom)
            elif c == ARCH:
                arches.append(nreg)
        elif nc == ARCH and c != WALL:
            arches.append(cell.regs[od])
    region = tile.regions[0]
    # The tile's room after the placement: the rooms it joins (their smallest id) or a new one.
    mine = min(joins) if joins else board.next_room
    comp = components()
    cover = {k}
    dragons = int(region.dragon)
    for m in joins:
        cover.update(rooms[m].squares)
        dragons += rooms[m].dragons
    mine_value = comp.tile_value * len(cover) + comp.dragon_value * dragons
    arch_rooms = {reg_room[r] for r in arches}
    own = others = 0
    if opens + sum(rooms[m].open - dec[m] for m in joins) == 0:
        advisors = [0] * N_COLOURS
        linked = set(arch_rooms)
        for m in joins:
            for colour, n in enumerate(rooms[m].advisors):
                advisors[colour] += n
            linked.update(reg_room[r] for r in rooms[m].links)
        if owner >= 0:
            advisors[owner] += region.advisors
        linked.difference_update(joins)  # merged into this room: not adjacent to it
        value = mine_value + sum(room_value(rooms[m]) for m in linked)
        for colour, coins in payouts(advisors, value).items():
            if colour == owner:
                own += coins
            else:
                others += coins
    for m, n in dec.items():
        room = rooms[m]
        if m in joins or room.open != n:
            continue
        # A room facing k that the tile walls off: it closes as it is, and sees the tile's room
        # through its old links into the joined rooms and through the tile's new archways.
        linked = {mine if r in joins else r for r in (reg_room[x] for x in room.links)}
        if m in arch_rooms:
            linked.add(mine)
        linked.discard(m)
        value = room_value(room) + sum(
            mine_value if lid == mine else room_value(rooms[lid]) for lid in linked
        )
        for colour, coins in payouts(room.advisors, value).items():
            if colour == owner:
                own += coins
            else:
                others += coins
    return own, others


def _room_of(board: Board, p: Plan, region: int) -> int:
    if region >= p.base:
        return p.local_rooms[region - p.base]
    rid = board.reg_room[region]
    return p.redirect.get(rid, rid)


def score(board: Board, p: Plan) -> list[Closed]:
    """Value and payouts of every room the plan closes, as the rooms stand after the placement."""
    out = []
    for rid in p.closing:
        room = p.overlay[rid]
        linked = sorted({_room_of(board, p, r) for r in room.links} - {rid})
        adjacent = []
        for lid in linked:
            other = p.overlay.get(lid) or board.rooms[lid]
            adjacent.append((other, room_value(other)))
        own = room_value(room)
        value = own + sum(v for _, v in adjacent)
        out.append(Closed(room, value, own, tuple(adjacent), payouts(room.advisors, value)))
    return out


def _merge_rooms(rooms: dict[int, Room], reg_room: list[int], p: Plan) -> None:
    """Apply the plan's rooms to ``rooms`` and ``reg_room`` in place: the rooms it joins go into
    their new room, then its overlay and the placed tile's own regions' rooms."""
    for old, new in p.redirect.items():
        for r in rooms.pop(old).regions:
            reg_room[r] = new
    rooms.update(p.overlay)
    reg_room.extend(p.local_rooms)


def commit(board: Board, p: Plan) -> Board:
    """The board after the planned placement (the input board is left as it was)."""
    rooms = dict(board.rooms)
    reg_room = list(board.reg_room)
    _merge_rooms(rooms, reg_room, p)
    o = p.orient
    base = p.base
    l0, l1, l2, l3 = o.local
    regs = (
        base + l0 if l0 >= 0 else -1,
        base + l1 if l1 >= 0 else -1,
        base + l2 if l2 >= 0 else -1,
        base + l3 if l3 >= 0 else -1,
    )
    cells = board.cells.copy()
    k = p.k
    # tuple.__new__ builds the same NamedTuple as Cell(...), without its keyword handling.
    cells[k] = _tuple_new(Cell, (o.codes, regs, o.colours, o.tile, o.rotation, p.owner, base))
    n, e, s, w = k - ROW, k + 1, k + ROW, k - 1
    fresh = [q for q in (n, e, s, w) if q not in cells]
    frontier = board.frontier.difference((k,))
    if fresh:
        frontier = frontier.union(fresh)
    out = _new(Board)
    _set_cells(out, cells)
    _set_reg_room(out, reg_room)
    _set_rooms(out, rooms)
    _set_frontier(out, frontier)
    _set_next_room(out, board.next_room + len(o.tile.regions))
    return out


def replay(side: str, placements: Iterable[tuple[int, str, int, int, int]]) -> Board:
    """The board of ``side`` after ``placements`` (seat, tile id, x, y, rotation), in order.

    Equal to planning and committing each placement on :func:`start_board`, but the board's
    containers are built once and updated in place (:func:`commit` copies them for every
    placement, which made decoding a late state quadratic in the number of tiles).
    """
    start = start_board(side)
    cells = dict(start.cells)
    reg_room = list(start.reg_room)
    rooms = dict(start.rooms)
    frontier = set(start.frontier)
    next_room = start.next_room
    work = Board(cells, reg_room, rooms, start.frontier, next_room)
    for seat, tile_id, x, y, r in placements:
        k = key(x, y)
        p = plan(work, orientations(tile_by_id(tile_id))[r], k, seat)
        if p is None or k in cells:
            raise ValueError(f"placement {tile_id} on ({x}, {y}) cannot be replayed")
        _merge_rooms(rooms, reg_room, p)
        o = p.orient
        regs = tuple(p.base + i if i >= 0 else -1 for i in o.local)
        cells[k] = Cell(o.codes, regs, o.colours, o.tile, o.rotation, p.owner, p.base)
        frontier.discard(k)
        frontier.update(k + dk for dk in DELTA if k + dk not in cells)
        next_room += len(o.tile.regions)
        work = Board(cells, reg_room, rooms, start.frontier, next_room)
    return Board(cells, reg_room, rooms, frozenset(frontier), next_room)


_TURNED: dict[
    tuple[str, int],
    tuple[tuple[str, ...], tuple[str | None, ...], TileDef, int, int, int, int, int, int],
] = {}
"""(tile id, rotation) -> what a cell of that tile so turned holds (codes, colours, tile,
rotation), the tile region behind each edge (-1 for a garden) and the tile's number of regions."""

RoomRecord = tuple[
    int, frozenset[int], tuple[int, ...], int, int, tuple[int, ...], tuple[int, ...], bool, int, str
]
"""A room in the encoded state: its id, then the fields of :class:`Room` (squares, regions, open,
dragons, advisors, links, closed, grey, colour). Encoded, the squares are sorted (msgspec's
``order="deterministic"`` sorts a set) and the tuples are lists; decoded, they are these types."""


def room_records(board: Board) -> list[RoomRecord]:
    """The board's rooms for the encoded state, in the board's own order (so that a decoded board
    iterates its rooms exactly as the board that was encoded)."""
    return [(rid, *r) for rid, r in board.rooms.items()]


def rooms_of_records(records: Iterable[RoomRecord]) -> dict[int, Room]:
    """The rooms of :func:`room_records` (state version 2), by id in the records' order."""
    return {rec[0]: _tuple_new(Room, rec[1:]) for rec in records}


def restore(
    side: str,
    placements: Iterable[tuple[int, str, int, int, int]],
    reg_room: list[int],
    rooms: dict[int, Room],
    frontier: frozenset[int] | None = None,
) -> Board:
    """The board of ``side`` after ``placements``, from its stored rooms (in the board's order) and
    ``reg_room``: what :func:`replay` computes, without planning any placement. State version 3
    also stores the ``frontier``; version 2 stores the rooms as records (:func:`rooms_of_records`).

    A placed square never changes, so the cells follow from the placements alone (region ids are
    handed out in placement order); the frontier follows from the cells when it is not given.
    Only the rooms, which merges and closings change, are stored. Linear in the number of tiles,
    about 1 us each.
    """
    start = start_board(side)
    cells = dict(start.cells)
    base = len(start.reg_room)
    next_room = start.next_room
    turned = _TURNED
    first = base
    for seat, tile_id, x, y, r in placements:
        hit = turned.get((tile_id, r))
        if hit is None:
            o = orientations(tile_by_id(tile_id))[r]
            a0, a1, a2, a3 = o.local
            hit = (o.codes, o.colours, o.tile, o.rotation, a0, a1, a2, a3, len(o.tile.regions))
            turned[(tile_id, r)] = hit
        codes, cols, tdef, rot, l0, l1, l2, l3, n = hit
        k = x + y * ROW
        if k in cells:
            raise ValueError(f"placement {tile_id} on ({x}, {y}) is on an occupied square")
        regs = (
            base + l0 if l0 >= 0 else -1,
            base + l1 if l1 >= 0 else -1,
            base + l2 if l2 >= 0 else -1,
            base + l3 if l3 >= 0 else -1,
        )
        # tuple.__new__ builds the same NamedTuple as Cell(...), without its keyword handling.
        cells[k] = _tuple_new(Cell, (codes, regs, cols, tdef, rot, seat, base))
        base += n
    next_room += base - first
    if base != len(reg_room):
        raise ValueError(f"the stored board has {len(reg_room)} regions, the placements {base}")
    if frontier is None:
        around: set[int] = set()
        for dk in DELTA:
            around.update(map(dk.__add__, cells))
        around.difference_update(cells)
        frontier = frozenset(around)
    elif not frontier.isdisjoint(cells):
        raise ValueError("the stored frontier holds an occupied square")
    if not rooms.keys() >= set(reg_room):
        raise ValueError("the stored board names a room it does not have")
    return Board(cells, list(reg_room), rooms, frontier, next_room)


# ---------------------------------------------------------------------------------------------------
# Legality: an empty square next to a tile, and open edges only against open edges of the same colour.
# ---------------------------------------------------------------------------------------------------

Requirement = tuple[str | None, str | None, str | None, str | None]
"""For each side of a square: the colour of the neighbour's open edge facing it, or None."""


def requirement(board: Board, k: int) -> Requirement:
    """What the neighbours of square ``k`` demand of the edges placed against them: per side,
    the floor colour of the neighbour's open edge facing ``k``, or None."""
    cells = board.cells
    n = cells.get(k - ROW)
    e = cells.get(k + 1)
    s = cells.get(k + ROW)
    w = cells.get(k - 1)
    return (
        n.colours[2] if n is not None and n.codes[2] == OPEN else None,
        e.colours[3] if e is not None and e.codes[3] == OPEN else None,
        s.colours[0] if s is not None and s.codes[0] == OPEN else None,
        w.colours[1] if w is not None and w.codes[1] == OPEN else None,
    )


_FIT_CACHE: dict[tuple[str, Requirement], tuple[Orientation, ...]] = {}


def fitting(tile: TileDef, req: Requirement) -> tuple[Orientation, ...]:
    """Distinct orientations of ``tile`` (canonical rotations only) that meet ``req``."""
    cache_key = (tile.id, req)
    hit = _FIT_CACHE.get(cache_key)
    if hit is not None:
        return hit
    out = tuple(
        o for o in orientations(tile) if o.canonical == o.rotation and conflict(o, req) is None
    )
    _FIT_CACHE[cache_key] = out
    return out


def conflict(o: Orientation, req: Requirement) -> int | None:
    """The first side where ``o`` would put an open edge against an open edge of another colour."""
    for d in range(4):
        need = req[d]
        if need is not None and o.codes[d] == OPEN and o.colours[d] != need:
            return d
    return None


def has_legal_placement(board: Board, tile: TileDef) -> bool:
    """Whether ``tile`` fits anywhere (else it is set aside). Asked after every placement: the
    requirement of each square is read inline, and :func:`fitting` through the tile's own cache."""
    get = board.cells.get
    fits = fits_of(tile.id)
    for k in board.frontier:
        n = get(k - ROW)
        e = get(k + 1)
        s = get(k + ROW)
        w = get(k - 1)
        req = (
            n.colours[2] if n is not None and n.codes[2] == OPEN else None,
            e.colours[3] if e is not None and e.codes[3] == OPEN else None,
            s.colours[0] if s is not None and s.codes[0] == OPEN else None,
            w.colours[1] if w is not None and w.codes[1] == OPEN else None,
        )
        hit = fits.get(req)
        if hit is None:
            hit = fits[req] = fitting(tile, req)
        if hit:
            return True
    return False


_FITS_OF: dict[str, dict[Requirement, tuple[Orientation, ...]]] = {}


def fits_of(tile_id: str) -> dict[Requirement, tuple[Orientation, ...]]:
    """The tile's own cache of :func:`fitting`: requirement -> fitting orientations (filled by
    the callers on a miss; a requirement is hashed alone instead of with the tile id)."""
    hit = _FITS_OF.get(tile_id)
    if hit is None:
        hit = _FITS_OF[tile_id] = {}
    return hit
