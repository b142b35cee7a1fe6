"""The text board: pure ASCII, deterministic, at most 72 columns, no row drawn twice.

The board always covers the palace plus a margin of one square, so every square where a tile may go
is on it; in a player's own view each square where their tile fits is marked with the rotations that
fit. A small palace is drawn in detail: each square a box 8 characters wide and 5 lines tall;
neighbouring boxes touch, so the two edges that meet are both visible (``||`` two walls, ``|:`` a
wall against an archway, two blanks: open floor). A larger one is drawn twice, never in bands: a
compact overview of the whole palace (3 characters a square, edges shared between squares) and the
detailed boxes of the area around the last move.
"""

from __future__ import annotations

import functools
import re
import textwrap
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from pbem.i18n import N_, _, ngettext
from pbem.rules.forbidden_city.notation import column_name, row_name, square_name
from pbem.rules.forbidden_city.tiles import (
    ARCH,
    OPEN,
    WALL,
    RegionDef,
    TileDef,
    components,
    orientations,
    tile,
)

if TYPE_CHECKING:
    from pbem.rules.forbidden_city.game import View, ViewCell

WIDTH = 72
TILE_W = 8
TILE_H = 5
MARGIN = 4
MAX_BAND = 8
"""Columns of squares in a detailed drawing: 4 + 8 * 8 = 68 characters."""
DETAIL_ROWS = 7
"""Rows of squares up to which a board is drawn only in detail (35 lines)."""
WINDOW = (3, 1)
"""The detail window around the last move: 3 squares west and east, 1 north and south."""

COLOUR_LETTER = {"green": "g", "pink": "p", "white": "w", "grey": "t"}
OWNER_LETTER = {"purple": "P", "yellow": "Y", "red": "R", "blue": "B"}

COMMAND_HELP = N_("""\
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
""")


RULES_SUMMARY = N_("""\
FORBIDDEN CITY: THE RULES IN SHORT

Goal: build the palace tile by tile and earn the most coins from the
rooms where advisors of your colour stand.

Your turn: place your tile on an empty square that shares a side
with a tile on the table, turned as you like (never flipped); then
draw the next one. An open floor edge may only meet an open edge of
the same colour (green, pink, white); a wall may face anything.

Rooms: floor joined through open edges. A room closes when none of
its open edges faces an empty square, and is scored once, then.
Value: 1 per tile, +3 per dragon, plus the tiles and dragons of each
room linked to it through an archway (the temple's grey rooms: 1).

Payout, by the advisors in the closed room (whoever placed them):
most advisors get the value, second most half (rounded down). A tie
for most: each tied player gets half, nobody else anything. A tie
for second: those players get nothing. No advisors: nobody scores.

Advisors: the figures on your tiles are in your colour (2Y: two
yellow advisors); they count for you in the room they stand in.
Dragons: each adds 3 to its room's value.

End: you stop when only 2 tiles remain to you (hand and stack). Then
everyone shows those 2 tiles and scores 2 per advisor and 3 per
dragon on them. Most coins wins; tied players share the victory.
A tile that fits nowhere is shown to all and set aside unscored.
""")
"""The RULES mail of Forbidden City (issue 31): one screen, <= 72 columns."""


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

    def half(r: RegionDef) -> str:
        return f"{COLOUR_LETTER[r.colour]} {_content(r.advisors, r.dragon, owner)}"

    middle = ":" if tdef.diagonal == "archway" else None
    if rotation % 2 == 0:  # NW-SE wall: north half is the NE one
        return [f"\\ {half(north)}", f"  {middle or chr(92)} {label:>2}", f"{half(south)}\\ "]
    # NE-SW wall: north half is the NW one
    return [f"{half(north)} /", f"{label:<2} {middle or '/'}  ", f" /{half(south)}"]


@functools.lru_cache(maxsize=4096)
def _cell_box(side: str, tile_id: str, rotation: int, owner: str | None) -> tuple[str, ...]:
    """:func:`tile_box` of the tile on a square: a function of these alone (no words of any
    language), drawn once each, not at every board of every mail."""
    return tuple(tile_box(cell_def(side, tile_id), rotation, owner))


@functools.lru_cache(maxsize=4096)
def _cell_compact(
    side: str, tile_id: str, rotation: int, owner: str | None, w: int
) -> tuple[tuple[str, ...], str]:
    """A square's edge codes and its overview interior (:func:`_compact_interior`), once each."""
    tdef = cell_def(side, tile_id)
    return orientations(tdef)[rotation].codes, _compact_interior(tdef, rotation, owner, w)


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


Mark = str | tuple[str, Sequence[int]] | None
"""An empty square's mark: None, ``"."`` (next to a tile) or (square name, rotations that fit)."""


def _rotations(rots: Sequence[int]) -> str:
    """``R0,2``; ``R any`` when all four fit (in the reader's language, at most 8 characters)."""
    return _("R any") if len(rots) == 4 else "R" + ",".join(str(r) for r in rots)


def _empty_box(mark: Mark) -> list[str]:
    blank = " " * TILE_W
    if mark is None:
        return [blank] * TILE_H
    if isinstance(mark, str):
        return [blank, blank, "   .    ", blank, blank]
    name, rots = mark
    return [blank, name.center(TILE_W), _rotations(rots).center(TILE_W), blank, blank]


def _start_def(side: str, tile_id: str) -> TileDef:
    for _x, _y, tdef in components().start[side]:
        if tdef.id == tile_id:
            return tdef
    raise KeyError(tile_id)


def cell_def(side: str, tile_id: str) -> TileDef:
    """The definition of the tile on a square: a start tile of ``side``, or a palace tile."""
    return _start_def(side, tile_id) if tile_id.startswith("start-") else tile(tile_id)


def _detail(
    boxes: dict[tuple[int, int], Sequence[str]],
    marks: dict[tuple[int, int], Mark],
    xs: range,
    ys: range,
) -> list[str]:
    """Detailed boxes of the squares in ``xs`` x ``ys`` (at most 8 columns)."""
    lines = [(" " * MARGIN + "".join(column_name(x).center(TILE_W) for x in xs)).rstrip()]
    for y in ys:
        row = [boxes.get((x, y)) or _empty_box(marks.get((x, y))) for x in xs]
        for i in range(TILE_H):
            label = row_name(y).rjust(MARGIN - 1) + " " if i == 2 else " " * MARGIN
            lines.append((label + "".join(box[i] for box in row)).rstrip())
    return lines


def shared_edge(a: str | None, b: str | None) -> str | None:
    """The edge two touching squares show together: a wall wins (an archway against a wall is
    blocked), then an archway, then open floor; None when both squares are empty."""
    codes = {a, b} - {None}
    if not codes:
        return None
    if WALL in codes:
        return WALL
    if ARCH in codes:
        return ARCH
    return OPEN


_SHARED: dict[tuple[str | None, str | None], str | None] = {}


def _shared(a: str | None, b: str | None) -> str | None:
    """:func:`shared_edge`, each pair of edge codes worked out once."""
    key = (a, b)
    got = _SHARED.get(key, "")
    if got == "":
        got = _SHARED[key] = shared_edge(a, b)
    return got


def _compact_interior(tdef: TileDef, rotation: int, owner: str | None, w: int) -> str:
    """A square in ``w`` (3 or 2) characters: floor letter and advisors/dragon, a diagonal, the
    temple or a garden."""
    if tdef.kind == "garden":
        return " **"[-w:]
    if tdef.kind == "temple":
        return " T "[:w]
    if tdef.diagonal is None:
        region = tdef.regions[0]
        content = _content(region.advisors, region.dragon, owner)
        if w == 2:
            content = content[1] if region.advisors else content[:1]
        return (COLOUR_LETTER[region.colour] + content)[:w].ljust(w)
    o = orientations(tdef)[rotation]
    north = tdef.regions[o.local[0]]
    south = tdef.regions[o.local[2]]
    if rotation % 2 == 0:  # NW-SE wall: the west half is the south one
        west, east, mark = south, north, "\\"
    else:  # NE-SW wall: the west half is the north one
        west, east, mark = north, south, "/"
    if w == 2:
        return COLOUR_LETTER[west.colour] + mark
    return COLOUR_LETTER[west.colour] + mark + COLOUR_LETTER[east.colour]


def _compact_mark(mark: Mark, w: int) -> str:
    if mark is None:
        return " " * w
    if isinstance(mark, str):
        return " ." if w == 2 else " . "
    _name, rots = mark
    if w == 2:
        return "++"
    digits = "".join(str(r) for r in rots)
    return ("0-3" if len(digits) == 4 else digits).center(w)  # the same in every language


def _overview(
    side: str,
    cells: list[ViewCell],
    marks: dict[tuple[int, int], Mark],
    xs: range,
    ys: range,
    w: int,
) -> list[str]:
    """The compact overview: ``w`` characters a square, one line a row, edges shared."""
    codes: dict[tuple[int, int], tuple[str, ...]] = {}
    inner: dict[tuple[int, int], str] = {}
    for c in cells:
        codes[(c.x, c.y)], inner[(c.x, c.y)] = _cell_compact(side, c.tile, c.rotation, c.owner, w)

    # Each shared edge, worked out once (the row and the line under it read it up to three times).
    east: dict[tuple[int, int], str | None] = {}
    south: dict[tuple[int, int], str | None] = {}
    for y in ys:
        for x in xs:
            here = codes.get((x, y))
            there = codes.get((x + 1, y))
            east[x, y] = _shared(here[1] if here else None, there[3] if there else None)
            there = codes.get((x, y + 1))
            south[x, y] = _shared(here[2] if here else None, there[0] if there else None)
    v_char = {WALL: "|", ARCH: ":", OPEN: " ", None: " "}
    if w == 3:
        h_seg = {WALL: "---", ARCH: "-:-", OPEN: "   ", None: "   "}
    else:
        h_seg = {WALL: "--", ARCH: "-:", OPEN: "  ", None: "  "}
    lines = [" " * MARGIN + " ".join(column_name(x).center(w) for x in xs).rstrip()]
    for y in ys:
        row = row_name(y).rjust(MARGIN - 1) + " "
        for x in xs:
            row += inner.get((x, y)) or _compact_mark(marks.get((x, y)), w)
            if x != xs[-1]:
                row += v_char[east[x, y]]
        lines.append(row.rstrip())
        if y == ys[-1]:
            break
        under = " " * MARGIN
        for x in xs:
            under += h_seg[south[x, y]]
            if x == xs[-1]:
                break
            vert = east[x, y] not in (None, OPEN) or east[x, y + 1] not in (None, OPEN)
            horiz = south[x, y] not in (None, OPEN) or south[x + 1, y] not in (None, OPEN)
            under += "+" if vert and horiz else "|" if vert else "-" if horiz else " "
        lines.append(under.rstrip())
    return lines


def _compact_width(n: int, w: int) -> int:
    return MARGIN + n * (w + 1) - 1


def frame(
    squares: Sequence[tuple[int, int]], marked: Sequence[tuple[int, int]]
) -> tuple[int, int, int, int]:
    """``x0, y0, x1, y1``: the squares a drawing of the board shows, a margin of one square around
    the palace's ``squares`` (not empty) and every ``marked`` square (the ASCII board and the
    picture, :mod:`pbem.mail.picture`)."""
    xs = [x for x, _ in squares] + [x for x, _ in marked]
    ys = [y for _, y in squares] + [y for _, y in marked]
    x0 = min(min(x for x, _ in squares) - 1, *xs)
    x1 = max(max(x for x, _ in squares) + 1, *xs)
    y0 = min(min(y for _, y in squares) - 1, *ys)
    y1 = max(max(y for _, y in squares) + 1, *ys)
    return x0, y0, x1, y1


def render_board(
    side: str,
    cells: list[ViewCell],
    *,
    frontier: Iterable[tuple[int, int]] = (),
    fits: Iterable[tuple[int, int, Sequence[int]]] | None = None,
    last: tuple[int, int] | None = None,
) -> tuple[list[str], str]:
    """The board lines and which drawing was used (``detail``, ``overview`` or ``overview2``).

    ``fits`` (a player's view) marks the squares where the player's tile fits with its rotations
    and the other ``frontier`` squares with a dot; without it every frontier square gets a dot.
    """
    boxes: dict[tuple[int, int], Sequence[str]] = {}
    for c in cells:
        boxes[(c.x, c.y)] = _cell_box(side, c.tile, c.rotation, c.owner)
    if not boxes:
        return [], "detail"
    marks: dict[tuple[int, int], Mark] = {(x, y): "." for x, y in frontier}
    for x, y, rots in fits or ():
        marks[(x, y)] = (square_name(x, y), rots)
    x0, y0, x1, y1 = frame(list(boxes), list(marks))
    xs, ys = range(x0, x1 + 1), range(y0, y1 + 1)
    if len(xs) <= MAX_BAND and len(ys) <= DETAIL_ROWS:
        return _detail(boxes, marks, xs, ys), "detail"
    w = 3 if _compact_width(len(xs), 3) <= WIDTH else 2
    kind = "overview" if w == 3 else "overview2"
    if _compact_width(len(xs), w) <= WIDTH:
        lines = _overview(side, cells, marks, xs, ys, w)
    else:  # wider than any palace seen in play: the overview in bands of columns
        per = (WIDTH - MARGIN + 1) // (w + 1)
        lines = []
        for b in range(x0, x1 + 1, per):
            if lines:
                lines.append("")
            lines.extend(_overview(side, cells, marks, range(b, min(x1, b + per - 1) + 1), ys, w))
    if last is not None:
        lx, ly = last
        dx, dy = WINDOW
        wx = range(max(x0, lx - dx), min(x1, lx + dx) + 1)
        wy = range(max(y0, ly - dy), min(y1, ly + dy) + 1)
        lines.append("")
        lines.append(_("Around the last move, %(square)s:") % {"square": square_name(lx, ly)})
        lines.extend(_detail(boxes, marks, wx, wy))
    return lines, kind


def _legend(kind: str, names: list[str], mine: bool) -> list[str]:
    owners = ", ".join(f"{OWNER_LETTER.get(n, n[:1].upper())} {_(n)}" for n in names)
    parts = []
    if kind != "detail":
        if kind == "overview":
            parts.append(
                _(
                    "Overview, 3 characters a square: g2Y green floor with 2 yellow advisors, gDR"
                    " green with a dragon, p\\g or g/p a diagonal tile (west half pink or green),"
                    " T the temple, ** a garden; between squares | or - a wall, : an archway,"
                    " blank open floor."
                )
            )
        else:
            parts.append(
                _(
                    "Overview, 2 characters a square: gY green floor with yellow advisors, gD"
                    " green with a dragon, p\\ a diagonal tile (west half pink), T the temple,"
                    " ** a garden; between squares | or - a wall, : an archway, blank open floor."
                )
            )
        if mine:
            parts.append(
                _(
                    "Digits on an empty square: the rotations in which your tile fits there"
                    " (02: R0 or R2; 0-3: every rotation)."
                )
                if kind == "overview"
                else _("++ on an empty square: your tile fits there.")
            )
        parts.append(_("The boxes below draw the squares around the last move in detail."))
    parts.append(
        _(
            "Boxes: floors g green, p pink, w white. Edges: - and | wall, :: archway, blank open"
            " floor. \\ or / diagonal wall (a : in it is an archway). DR: a dragon. G3, D1 ...:"
            " tile ids."
        )
    )
    parts.append(_("2Y: 2 advisors of yellow (%(owners)s).") % {"owners": owners})
    if mine:
        parts.append(
            _(
                "K6 over R0,2 on an empty square: your tile fits there, as K6\xa0R0 or K6\xa0R2"
                " (R\xa0any: every rotation). A dot: an empty square next to a tile where your"
                " tile does not fit now."
            )
        )
    else:
        parts.append(_("A dot: an empty square next to a tile, where a tile may go."))
    parts.append(_("Columns are letters, rows numbers: a move is e.g. M9 R1."))
    out: list[str] = []
    for p in parts:
        out.extend(wrap(p))
    return out


def wrap(text: str, indent: str = "") -> list[str]:
    """Lines of at most 72 columns that never split a word, nor a move joined by a no-break
    space (``K6\\xa0R0``; printed with a plain space)."""
    return list(_wrapped(text, indent))


@functools.lru_cache(maxsize=2048)
def _wrapped(text: str, indent: str) -> tuple[str, ...]:
    """:func:`wrap`, kept: the four mails of a move wrap the same legend and sentences."""
    lines = textwrap.wrap(
        text,
        width=WIDTH,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return tuple(ln.replace("\xa0", " ") for ln in lines)


def _tile_words(tdef: TileDef) -> str:
    parts = []
    for r in tdef.regions:
        extras = []
        if r.advisors:
            extras.append(
                ngettext("%(num)d advisor", "%(num)d advisors", r.advisors) % {"num": r.advisors}
            )
        if r.dragon:
            extras.append(_("dragon"))
        floor = _(r.colour)
        parts.append(
            _("%(floor)s with %(what)s") % {"floor": floor, "what": _(" and ").join(extras)}
            if extras
            else floor
        )
    if tdef.diagonal:
        wall = _("an archway") if tdef.diagonal == "archway" else _("a plain wall")
        return _("diagonal, %(wall)s between %(ne)s (NE) and %(sw)s (SW)") % {
            "wall": wall,
            "ne": parts[0],
            "sw": parts[1],
        }
    return parts[0]


_LAST = re.compile(r"^(\w+) placed (\S+) on (.+)$")


def _last_move(last: str) -> str:
    """The view's ``"purple placed W1 on M9 R0"`` in the language of the mail."""
    m = _LAST.match(last)
    if m is None:
        return last
    return _("%(who)s placed %(tile)s on %(square)s") % {
        "who": _(m.group(1)),
        "tile": m.group(2),
        "square": m.group(3),
    }


SIDES = (N_("beginner"), N_("advanced"))

COLOURS = (N_("purple"), N_("yellow"), N_("red"), N_("blue"), N_("green"), N_("pink"), N_("white"),
           N_("grey"))  # fmt: skip
"""Seat and room colours (translated where shown)."""


def render_hand(tile_id: str, owner: str) -> list[str]:
    """The hand tile in its four rotations, labelled as the notation names them."""
    tdef = tile(tile_id)
    # A diagonal tile's description is long: wrap it so that mails stay within 72 columns.
    lines = wrap(
        _("Your tile: %(tile)s, %(what)s.") % {"tile": tile_id, "what": _tile_words(tdef)},
        indent="  ",
    )
    labels = []
    for o in orientations(tdef):
        label = f"R{o.rotation}" if o.canonical == o.rotation else f"R{o.rotation}=R{o.canonical}"
        labels.append(label.center(TILE_W).rstrip().ljust(TILE_W))
    lines.append(("  ".join(labels)).rstrip())
    boxes = [tile_box(tdef, r, owner) for r in range(4)]
    for i in range(TILE_H):
        lines.append("  ".join(box[i] for box in boxes))
    return lines


def render_view(view: View) -> str:
    """Board, legend and panel of a view (public or one seat's)."""
    names: list[str] = view.colours
    hand, seat = view.hand, view.seat
    mine = seat is not None and hand is not None
    out, kind = render_board(
        view.side,
        view.cells,
        frontier=view.frontier,
        fits=view.fits if mine else None,
        last=view.last_square,
    )
    out.append("")
    out.extend(_legend(kind, names, mine))
    out.append("")
    out.extend(render_panel(view))
    if seat is not None and hand is not None:  # mine
        out.append("")
        out.extend(render_hand(hand, names[seat]))
    return "\n".join(line.rstrip() for line in out) + "\n"


def render_panel(view: View) -> list[str]:
    """The lines under the board: coins, stacks, the last move, whose turn, or the final scores
    (the HTML part shows them under the picture)."""
    # Long on purpose: the facts beside the board, line after line (coins, stacks, last move, turn).
    names: list[str] = [_(n) for n in view.colours]
    side = _(view.side)
    out = [_("Start tile: %(side)s side.") % {"side": side}]
    if view.result is None:
        # Wrapped: a language's colour names may be longer than the English ones.
        out.extend(
            wrap(
                _("Coins:  %(coins)s")
                % {"coins": "  ".join(f"{names[i]} {c}" for i, c in enumerate(view.coins))},
                indent="  ",
            )
        )
        out.extend(
            wrap(
                _("Stacks: %(stacks)s (tiles left face down)")
                % {"stacks": "  ".join(f"{names[i]} {c}" for i, c in enumerate(view.stack_counts))},
                indent="  ",
            )
        )
    if view.last:
        out.append(_("Last move: %(move)s.") % {"move": _last_move(view.last)})
    if view.set_aside:
        out.extend(
            wrap(
                _("Set aside (fitted nowhere): %(tiles)s.")
                % {"tiles": ", ".join(f"{names[s]}\xa0{t}" for s, t in view.set_aside)},
                indent="  ",
            )
        )
    stopped = [names[i] for i, s in enumerate(view.stopped) if s]
    if stopped and view.result is None:
        out.extend(
            wrap(_("Placing no more (last 2 tiles kept): %(who)s.") % {"who": ", ".join(stopped)})
        )
    if view.result is not None:
        r = view.result
        out.extend(
            _(
                "Game over. Final scores (coins + 2 per advisor, 3 per dragon on\nthe last 2 "
                "tiles):"
            ).split("\n")
        )
        for i, name in enumerate(names):
            kept = " ".join(r.revealed[i]) or _("nothing")
            out.append(
                f"  {name:<7} {r.scores[i]:>4} = {r.coins[i]} + {r.end_bonus[i]}  "
                + _("(kept %(tiles)s)") % {"tiles": kept}
            )
        winners = [names[i] for i in r.winners]
        who = _(" and ").join(winners)
        won = (_("%(who)s wins.") if len(winners) == 1 else _("%(who)s share the victory.")) % {
            "who": who
        }
        out.append(won[:1].upper() + won[1:])
    elif view.to_move is not None:
        who = names[view.to_move]
        if view.seat == view.to_move:
            example = ", ".join(view.examples) if view.examples else "M9 R1"
            out.extend(
                wrap(
                    _("Your turn (%(who)s): place your tile, e.g. %(examples)s.")
                    % {"who": who, "examples": example.replace(" R", chr(160) + "R")}
                )
            )
        else:
            out.append(_("To move: %(who)s.") % {"who": who})
    return out
