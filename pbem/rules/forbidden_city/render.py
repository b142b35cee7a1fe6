"""The text board: pure ASCII, deterministic, at most 72 columns.

Each square is a box 8 characters wide and 5 lines tall; neighbouring boxes touch, so the two edges
that meet are both visible (``||`` two walls, ``|:`` a wall against an archway, two blanks: open floor).
The board is cropped to the occupied squares; a board wider than 8 squares is printed in bands of at
most 8 columns, each band with its own column letters and the row numbers repeated.
"""

from __future__ import annotations

import textwrap
from typing import Any

from pbem.rules.forbidden_city.notation import column_name, row_name
from pbem.rules.forbidden_city.tiles import ARCH, OPEN, TileDef, components, orientations, tile

TILE_W = 8
TILE_H = 5
MARGIN = 4
MAX_BAND = 8
"""Columns of squares per band: 4 + 8 * 8 = 68 characters."""

COLOUR_LETTER = {"green": "g", "pink": "p", "white": "w", "grey": "t"}
OWNER_LETTER = {"purple": "P", "yellow": "Y", "red": "R", "blue": "B"}

LEGEND = (
    "Floors: g green, p pink, w white. Edges: - and | wall, :: archway,\n"
    "blank: open floor. \\ or / diagonal wall (a : in it is an archway).\n"
    "2Y: 2 advisors of yellow (P purple, Y yellow, R red, B blue).\n"
    "DR: a dragon. G3, D1 ...: tile ids. A dot: an empty square next to\n"
    "a tile. Columns are letters, rows numbers: a move is e.g. M9 R1."
)

COMMAND_HELP = """\
FORBIDDEN CITY: how to write a move

A move is a square and a rotation, for example:  M9 R1

Square: the column letters printed above the board, then the row
number printed on its left. The start tile always covers columns
M, N, O and rows 10, 11, 12 (the temple is N11). West of A come AZ,
AY ...; east of Z come ZA, ZB ... Rows north of 1 are 0, -1 ...

Rotation: R0 is the tile as printed under "Your tile"; R1, R2, R3
turn it 1, 2 or 3 quarter turns clockwise (90, 180, 270 degrees).
Your board mail draws your tile in all four rotations.

Also understood: m9 r1, M9R1, place M9 rot 90, M9 90. If only one
rotation fits on that square you may leave the rotation out.

A tile must share a side with a tile on the table, and an open
floor edge may only touch an open edge of the same colour.
"""


def _edge_h(code: str) -> str:
    if code == OPEN:
        return "      "
    if code == ARCH:
        return "--::--"
    return "------"


def _edge_v(code: str) -> tuple[str, str, str]:
    if code == OPEN:
        return " ", " ", " "
    if code == ARCH:
        return "|", ":", "|"
    return "|", "|", "|"


def _content(advisors: int, dragon: bool, owner: str | None) -> str:
    if dragon:
        return "DR"
    if advisors and owner:
        return f"{advisors}{OWNER_LETTER.get(owner, owner[:1].upper())}"
    if advisors:
        return f"{advisors}a"
    return "  "


def _interior(tdef: TileDef, rotation: int, owner: str | None) -> list[str]:
    """Three lines of 6 characters: floor colour(s), advisors or dragon, tile id, diagonal."""
    if tdef.kind == "garden":
        return ["garden", "  **  ", "      "]
    if tdef.kind == "temple":
        return ["TEMPLE", "4 grey", "rooms "]
    o = orientations(tdef)[rotation]
    label = "" if tdef.kind != "tile" else tdef.id
    if tdef.diagonal is None:
        region = tdef.regions[0]
        return [
            f"{COLOUR_LETTER[region.colour]}{label:>5}",
            f"  {_content(region.advisors, region.dragon, owner)}  ",
            "      ",
        ]
    north = tdef.regions[o.local[0]]
    south = tdef.regions[o.local[2]]

    def half(r: Any) -> str:
        return f"{COLOUR_LETTER[r.colour]} {_content(r.advisors, r.dragon, owner)}"

    middle = ":" if tdef.diagonal == "archway" else None
    if rotation % 2 == 0:  # NW-SE wall: north half is the NE one
        return [f"\\ {half(north)}", f"  {middle or chr(92)} {label:>2}", f"{half(south)}\\ "]
    # NE-SW wall: north half is the NW one
    return [f"{half(north)} /", f"{label:<2} {middle or '/'}  ", f" /{half(south)}"]


def tile_box(tdef: TileDef, rotation: int, owner: str | None) -> list[str]:
    """The 5 lines of one square."""
    codes = orientations(tdef)[rotation].codes
    inner = _interior(tdef, rotation, owner)
    west = _edge_v(codes[3])
    east = _edge_v(codes[1])
    return [
        "+" + _edge_h(codes[0]) + "+",
        *(west[i] + inner[i] + east[i] for i in range(3)),
        "+" + _edge_h(codes[2]) + "+",
    ]


def _empty_box(frontier: bool) -> list[str]:
    blank = " " * TILE_W
    return [blank, blank, "   .    " if frontier else blank, blank, blank]


def _start_def(side: str, tile_id: str) -> TileDef:
    for _x, _y, tdef in components().start[side]:
        if tdef.id == tile_id:
            return tdef
    raise KeyError(tile_id)


def render_board(side: str, cells: list[Any]) -> list[str]:
    """The board lines: column letters, row numbers, one box per square, in bands of 8 columns."""
    boxes: dict[tuple[int, int], list[str]] = {}
    for c in cells:
        tdef = _start_def(side, c.tile) if c.tile.startswith("start-") else tile(c.tile)
        boxes[(c.x, c.y)] = tile_box(tdef, c.rotation, c.owner)
    if not boxes:
        return []
    xs = [x for x, _ in boxes]
    x0, x1 = min(xs), max(xs)
    width = x1 - x0 + 1
    bands = -(-width // MAX_BAND)
    per_band = -(-width // bands)
    lines: list[str] = []
    for b in range(bands):
        cols = range(x0 + b * per_band, min(x1, x0 + (b + 1) * per_band - 1) + 1)
        if b:
            lines.append("")
        header = " " * MARGIN + "".join(
            column_name(x).center(TILE_W).rstrip().ljust(TILE_W) for x in cols
        )
        lines.append(header.rstrip())
        # Each band is cropped to its own occupied rows.
        band_ys = [y for x, y in boxes if cols.start <= x < cols.stop]
        for y in range(min(band_ys), max(band_ys) + 1):
            row = []
            for x in cols:
                box = boxes.get((x, y))
                if box is None:
                    near = any(
                        (x + dx, y + dy) in boxes for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))
                    )
                    box = _empty_box(near)
                row.append(box)
            for i in range(TILE_H):
                label = row_name(y).rjust(MARGIN - 1) + " " if i == 2 else " " * MARGIN
                lines.append((label + "".join(box[i] for box in row)).rstrip())
    return lines


def _tile_words(tdef: TileDef) -> str:
    parts = []
    for r in tdef.regions:
        bits = [r.colour]
        if r.advisors:
            bits.append(f"{r.advisors} advisor{'s' if r.advisors > 1 else ''}")
        if r.dragon:
            bits.append("dragon")
        parts.append(" ".join(bits[:1]) + (" with " + " and ".join(bits[1:]) if bits[1:] else ""))
    if tdef.diagonal:
        wall = "an archway" if tdef.diagonal == "archway" else "a plain wall"
        return f"diagonal, {wall} between {parts[0]} (NE) and {parts[1]} (SW)"
    return parts[0]


def render_hand(tile_id: str, owner: str) -> list[str]:
    """The hand tile in its four rotations, labelled as the notation names them."""
    tdef = tile(tile_id)
    # A diagonal tile's description is long: wrap it so that mails stay within 72 columns.
    lines = textwrap.wrap(f"Your tile: {tile_id}, {_tile_words(tdef)}.", width=72,
                          subsequent_indent="  ")
    labels = []
    for o in orientations(tdef):
        label = f"R{o.rotation}" if o.canonical == o.rotation else f"R{o.rotation}=R{o.canonical}"
        labels.append(label.center(TILE_W).rstrip().ljust(TILE_W))
    lines.append(("  ".join(labels)).rstrip())
    boxes = [tile_box(tdef, r, owner) for r in range(4)]
    for i in range(TILE_H):
        lines.append("  ".join(box[i] for box in boxes))
    return lines


def render_view(view: Any) -> str:
    """Board, legend and panel of a view (public or one seat's)."""
    names: list[str] = view.colours
    out = render_board(view.side, view.cells)
    out.append("")
    out.extend(LEGEND.splitlines())
    out.append("")
    out.append(f"Start tile: {view.side} side.")
    if view.result is None:
        out.append("Coins:  " + "  ".join(f"{names[i]} {c}" for i, c in enumerate(view.coins)))
        out.append(
            "Stacks: "
            + "  ".join(f"{names[i]} {c}" for i, c in enumerate(view.stack_counts))
            + " (tiles left face down)"
        )
    if view.last:
        out.append(f"Last move: {view.last}.")
    if view.set_aside:
        out.append(
            "Set aside (fitted nowhere): "
            + ", ".join(f"{names[s]} {t}" for s, t in view.set_aside)
            + "."
        )
    stopped = [names[i] for i, s in enumerate(view.stopped) if s]
    if stopped and view.result is None:
        out.append("Placing no more (last 2 tiles kept): " + ", ".join(stopped) + ".")
    if view.result is not None:
        r = view.result
        out.append("Game over. Final scores (coins + 2 per advisor, 3 per dragon on")
        out.append("the last 2 tiles):")
        for i, name in enumerate(names):
            out.append(
                f"  {name:<7} {r.scores[i]:>4} = {r.coins[i]} + {r.end_bonus[i]}"
                f"  (kept {' '.join(r.revealed[i]) or 'nothing'})"
            )
        winners = [names[i] for i in r.winners]
        verb = "wins" if len(winners) == 1 else "share the victory"
        out.append(" and ".join(winners) + f" {verb}.")
    elif view.to_move is not None:
        who = names[view.to_move]
        if view.seat == view.to_move:
            example = ", ".join(view.examples) if view.examples else "M9 R1"
            out.append(f"Your turn ({who}): place your tile, e.g. {example}.")
        else:
            out.append(f"To move: {who}.")
    if view.seat is not None and view.hand is not None:
        out.append("")
        out.extend(render_hand(view.hand, names[view.seat]))
    return "\n".join(line.rstrip() for line in out) + "\n"
