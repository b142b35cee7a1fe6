"""Components of Forbidden City, read from the data file shipped in this package.

Nothing about the tiles is baked into code: every tile, edge, colour, advisor, dragon and start-tile
square comes from ``components.json`` (a proposed reconstruction, see its ``provenance`` field).

Geometry (the data file's frame): x grows east, y grows south; edges are listed N, E, S, W; a tile
turned ``r`` quarter turns clockwise has as its edge ``i`` the original edge ``(i - r) mod 4``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

N, E, S, W = 0, 1, 2, 3
OPP = (S, W, N, E)
"""The facing edge of a neighbour: my north edge meets its south edge, and so on."""
DIRECTION_NAMES = ("north", "east", "south", "west")

OPEN, WALL, ARCH = "o", "w", "a"
EDGE_NAMES = {OPEN: "open", WALL: "walled", ARCH: "archway"}

Colour = str
"""A floor colour: ``"green"``, ``"pink"`` or ``"white"`` (``"grey"`` for the temple's rooms)."""


@dataclass(frozen=True, slots=True)
class RegionDef:
    """One floor region of a tile: the whole tile, or one triangular half of a diagonal tile."""

    colour: Colour
    """Floor colour of the region."""
    advisors: int
    """Advisors printed on it (in the colour of the tile's owner)."""
    dragon: bool
    """Whether a dragon is printed on it."""
    grey_value: int = 0
    """For a temple grey room: what it is worth as an adjacent room; 0 for every other region."""


@dataclass(frozen=True, slots=True)
class TileDef:
    """A tile (or a start-tile square) as printed, before any rotation."""

    id: str
    """Identifier from the data file (``G1`` .. ``W9``, ``D1`` .. ``D3``; start squares ``start-x-y``)."""
    kind: str
    """``"tile"``, ``"room"`` (start-tile room square), ``"temple"`` or ``"garden"``."""
    edges: str
    """Four edge codes N, E, S, W: ``o`` open, ``w`` wall, ``a`` wall with an archway."""
    regions: tuple[RegionDef, ...]
    """The floor regions (none for a garden, two for a diagonal tile, four grey rooms for the temple)."""
    edge_region: tuple[int, int, int, int]
    """Index into ``regions`` of the region owning each original edge (-1: none, for gardens)."""
    diagonal: str | None = None
    """``"wall"`` or ``"archway"`` for a diagonal tile, else ``None``."""
    two_player_extra: bool = False
    """One of the 6 tiles marked "2" (purple and yellow, 2-player games only)."""

    @property
    def advisors(self) -> int:
        """Advisors on the whole tile (for the end-of-game bonus)."""
        return sum(r.advisors for r in self.regions)

    @property
    def dragons(self) -> int:
        """Dragons on the whole tile (for the end-of-game bonus)."""
        return sum(1 for r in self.regions if r.dragon)


@dataclass(frozen=True, slots=True)
class Orientation:
    """A tile turned ``rotation`` quarter turns clockwise, precomputed for the hot paths."""

    tile: TileDef
    rotation: int
    """Quarter turns clockwise, 0..3."""
    codes: tuple[str, str, str, str]
    """Edge codes N, E, S, W after turning."""
    local: tuple[int, int, int, int]
    """Region index (into ``tile.regions``) owning each turned edge."""
    colours: tuple[Colour | None, Colour | None, Colour | None, Colour | None]
    """Floor colour behind each turned edge."""
    canonical: int
    """The smallest rotation that looks exactly the same (legal moves list each look once)."""
    open_mask: int
    """Bit d set when turned edge d is open floor."""
    region_open: tuple[int, ...] = ()
    """Per region of the tile: the bits of its open edges (as in ``open_mask``)."""


@dataclass(frozen=True, slots=True)
class Components:
    """Everything the data file defines."""

    provenance: str
    colours: tuple[str, ...]
    """Player colours in seat order (purple, yellow, red, blue)."""
    set_sizes: dict[str, int]
    """Tiles per colour when all are used (30 for purple and yellow, 24 for red and blue)."""
    base_set: tuple[TileDef, ...]
    """The 24 tiles every colour has."""
    extra_set: tuple[TileDef, ...]
    """The 6 "2" tiles of purple and yellow, used only with 2 players."""
    start: dict[str, tuple[tuple[int, int, TileDef], ...]]
    """Start-tile squares (x, y, definition) by side: ``beginner`` and ``advanced``."""
    dragon_value: int
    tile_value: int
    end_per_advisor: int
    end_per_dragon: int
    tiles_left_unplayed: int
    fixture: dict[str, Any]
    """The rulebook-examples fixture, as in the data file."""

    def tile(self, tile_id: str) -> TileDef:
        """The player tile with that id."""
        return _TILES_BY_ID[tile_id]


def _rotate(tile: TileDef, r: int) -> tuple[tuple[str, ...], tuple[int, ...]]:
    codes = tuple(tile.edges[(i - r) % 4] for i in range(4))
    local = tuple(tile.edge_region[(i - r) % 4] for i in range(4))
    return codes, local


def _look(
    tile: TileDef, r: int
) -> tuple[tuple[str, ...], tuple[int, ...], tuple[RegionDef | None, ...]]:
    """What a player sees of the turned tile, to find rotations that give the same tile."""
    codes, local = _rotate(tile, r)
    # Which edges share a region (the diagonal's position), and what is on each edge's region.
    partition = tuple(local.index(x) if x >= 0 else -1 for x in local)
    return codes, partition, tuple(tile.regions[x] if x >= 0 else None for x in local)


@cache
def orientations(tile: TileDef) -> tuple[Orientation, ...]:
    """The four orientations of a tile, rotation 0..3."""
    out = []
    looks = [_look(tile, r) for r in range(4)]
    for r in range(4):
        codes, local = _rotate(tile, r)
        colours = tuple(tile.regions[x].colour if x >= 0 else None for x in local)
        out.append(
            Orientation(
                tile=tile,
                rotation=r,
                codes=codes,  # type: ignore[arg-type]
                local=local,  # type: ignore[arg-type]
                colours=colours,  # type: ignore[arg-type]
                canonical=looks.index(looks[r]),
                open_mask=sum(1 << d for d in range(4) if codes[d] == OPEN),
                region_open=tuple(
                    sum(1 << d for d in range(4) if codes[d] == OPEN and local[d] == i)
                    for i in range(len(tile.regions))
                ),
            )
        )
    return tuple(out)


def _edges(code: str, where: str) -> str:
    if len(code) != 4 or any(c not in "owa" for c in code):
        raise ValueError(f"components.json: bad edges {code!r} for {where}")
    return code


def _player_tile(raw: dict[str, Any], extra: bool) -> TileDef:
    edges = _edges(raw["edges"], raw["id"])
    if "diagonal" in raw:
        if raw["diagonal"] != "NW-SE":
            raise ValueError(f"components.json: only NW-SE diagonals are modelled ({raw['id']})")
        halves = tuple(
            RegionDef(h["colour"], int(h["advisors"]), bool(h["dragon"]))
            for h in (raw["half_NE"], raw["half_SW"])
        )
        kind = {"archway": "archway", "wall": "wall"}[raw["diagonal_wall"]]
        return TileDef(raw["id"], "tile", edges, halves, (0, 0, 1, 1), kind, extra)
    region = RegionDef(raw["colour"], int(raw["advisors"]), bool(raw["dragon"]))
    return TileDef(raw["id"], "tile", edges, (region,), (0, 0, 0, 0), None, extra)


def _start_square(raw: dict[str, Any]) -> TileDef:
    x, y = int(raw["x"]), int(raw["y"])
    ident = f"start-{x}-{y}"
    if raw["type"] == "garden":
        # A garden behaves like a square walled on all sides, with no room.
        return TileDef(ident, "garden", "wwww", (), (-1, -1, -1, -1))
    if raw["type"] == "temple":
        order = "NESW"
        greys = sorted(raw["grey_rooms"], key=lambda g: order.index(g["edge"]))
        if [g["edge"] for g in greys] != list(order):
            raise ValueError("components.json: the temple needs one grey room per side")
        regions = tuple(RegionDef("grey", 0, False, int(g["value"])) for g in greys)
        # Each grey room sits behind one side; every side is an archway into its grey room.
        return TileDef(ident, "temple", "aaaa", regions, (0, 1, 2, 3))
    region = RegionDef(raw["colour"], 0, False)
    return TileDef(ident, "room", _edges(raw["edges"], ident), (region,), (0, 0, 0, 0))


_TILES_BY_ID: dict[str, TileDef] = {}


@cache
def components() -> Components:
    """Load (once) the component data shipped in this package."""
    text = (
        resources.files("pbem.rules.forbidden_city").joinpath("components.json").read_text("utf-8")
    )
    raw = json.loads(text)
    base = tuple(_player_tile(t, False) for t in raw["per_player_set_3_4_players"])
    extra = tuple(_player_tile(t, True) for t in raw["extra_tiles_marked_2_purple_and_yellow_only"])
    for t in base + extra:
        _TILES_BY_ID[t.id] = t
    start = {
        side: tuple((int(s["x"]), int(s["y"]), _start_square(s)) for s in squares)
        for side, squares in raw["start_tile"].items()
    }
    scoring = raw["scoring"]
    return Components(
        provenance=raw["provenance"],
        colours=tuple(raw["player_colours"]),
        set_sizes={k: int(v) for k, v in raw["player_colours"].items()},
        base_set=base,
        extra_set=extra,
        start=start,
        dragon_value=int(scoring["dragon"]),
        tile_value=int(scoring["tile"]),
        end_per_advisor=int(scoring["end_tiles"]["per_advisor"]),
        end_per_dragon=int(scoring["end_tiles"]["per_dragon"]),
        tiles_left_unplayed=int(scoring["end_tiles"]["tiles_left_unplayed"]),
        fixture=raw["example_fixture"],
    )


def tile(tile_id: str) -> TileDef:
    """The player tile with that id (``G1`` .. ``W9``, ``D1`` .. ``D3``)."""
    components()
    return _TILES_BY_ID[tile_id]


@cache
def turned(tile_id: str) -> tuple[Orientation, ...]:
    """:func:`orientations` of the player tile ``tile_id``, looked up by its id (a string is
    hashed once; a :class:`TileDef` is hashed field by field on every call)."""
    return orientations(tile(tile_id))
