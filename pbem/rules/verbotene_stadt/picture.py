"""Die Verbotene Stadt's board as a picture for the HTML part of a mail (the game's ``picture`` hook).

The same plumbing as Forbidden City's picture (:mod:`pbem.mail.picture`: a palette PNG attached
inline, drawn deterministically, cached by the content hash of what it shows), drawn from the
reader's view:

- the grid with its column letters and row numbers (the notation's ``c5``), walls, roofs, dead
  ends and start fields;
- the pavilions in their colours, each with its number and one small card per garment card left;
  the active pavilion in full colour with a gold frame, the others pale;
- the thresholds, an arrow into the pavilion's door;
- the officials: a white tile with the hat colour above, the body colour below and the two letters
  of the notation (``RK``) between;
- for the reader only, their secret official ringed in magenta. The public board (every position
  drawn once, the same bytes in everyone's mail) never carries a mark: the mark is drawn on a copy
  for the one reader whose view holds the selection, so no other seat's selection can reach a
  picture.

The labels are letters and numbers only: the board's pixels are the same in every language (the
alt text and the lines under it are the reader's).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from pbem.i18n import _, ngettext
from pbem.mail.picture import (
    _BASES,
    _CACHE,
    BASES_SIZE,
    Picture,
    _Base,
    _cached,
    _digest,
    _keep,
    _png,
    _text,
)
from pbem.rules.verbotene_stadt.board import Board
from pbem.rules.verbotene_stadt.render import View, _closed, panel_lines
from pbem.rules.verbotene_stadt.sentences import colour

S = 28
"""Pixels a field: 15 fields and the row numbers make 446 px, about 22 px a field on a 360 px
phone (the two letters of an official about 10 px high)."""
LEFT = 20
TOP = 18
PAD = 6
GROUND = (236, 229, 212)
GRID = (222, 213, 193)
WALL = (74, 52, 32)
ROOF = (150, 112, 82)
ROOF_LINE = (120, 86, 60)
DEAD_END = (170, 160, 140)
START = (246, 234, 170)
START_GREY = (214, 208, 186)
TEXT = (40, 40, 40)
TILE = (255, 255, 255)
GOLD = (232, 170, 0)
MINE = (214, 0, 120)
"""The ring around the reader's own secret official."""
CARD_EDGE = (60, 60, 60)
COLOURS = {
    "red": (208, 49, 45),
    "orange": (240, 140, 30),
    "yellow": (236, 196, 24),
    "purple": (123, 63, 160),
    "blue": (47, 111, 208),
    "turquoise": (32, 178, 170),
    "green": (62, 150, 62),
    "pink": (236, 120, 168),
    "black": (30, 30, 30),
}
"""The board's colour words (pavilions, cards, hats, bodies) as ink."""
CODE = re.compile(r"[A-Z]{2}\b")


def _pale(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """A pavilion not active: its colour mixed with much white."""
    return tuple(round(c + (255 - c) * 0.62) for c in rgb)  # type: ignore[return-value]


def picture(board: Board, view: View) -> Picture:
    """The pictures of ``view`` (one reader's, or the public one) and the lines under them."""
    public = (
        view.officials,
        view.active_pavilion,
        view.pavilion_cards,
        view.terrace,
    )
    base_key = _digest("vs-base", *public)
    mine = _mine(view)
    if mine is not None:
        key = _digest("vs-mine", *public, mine)
        png = _cached(key, _CACHE)
        if png is None:
            img = _base(base_key, view, board).image.copy()
            _draw_mine(img, mine)
            png = _keep(key, _png(img, f"vs.{key.hex()[:24]}@pbem", "", _palette()), _CACHE)
    else:
        base = _base(base_key, view, board)
        if base.png is None:
            base.png = _png(base.image, f"vs.{base_key.hex()[:24]}@pbem", "", _palette())
        png = base.png
    png = replace(png, alt=_alt(board, view, mine))
    return Picture(png, None, "\n".join(panel_lines(board, view)))


def _base(key: bytes, view: View, board: Board) -> _Base:
    """The unmarked board of ``view``, drawn once per position (a few kept)."""
    hit = _cached(key, _BASES)
    if hit is None:
        hit = _keep(key, _Base(draw_board(view, board)), _BASES, BASES_SIZE)
    return hit


def _mine(view: View) -> tuple[int, int] | None:
    """The field of the reader's own secret official (None: no reader, no selection, exiled)."""
    if view.seat is None or not view.my_selection:
        return None
    m = CODE.match(view.my_selection)
    if m is None:
        return None
    for code, x, y in view.officials:
        if code == m.group(0):
            return int(x), int(y)
    return None


def _px(x: int, y: int) -> tuple[int, int]:
    return LEFT + x * S, TOP + y * S


def draw_board(view: View, board: Board) -> Image.Image:
    """The board as everyone sees it (no reader's mark): fields, pavilions and their cards,
    thresholds, walls, officials, labels."""
    img = _grounds(board, view.active_pavilion, tuple(view.pavilion_cards)).copy()
    d = ImageDraw.Draw(img)
    for code, ox, oy in view.officials:
        x0, y0 = _px(int(ox), int(oy))
        sprite = _sprite(board, str(code))
        if sprite is None:
            _official(d, board, str(code), x0, y0)
        else:
            img.paste(sprite[0], (x0, y0), sprite[1])
    return img


_SPRITE_GROUNDS = ((0, 0, 0), (255, 255, 255))


@cache
def _sprite(board: Board, code: str) -> tuple[Image.Image, Image.Image] | None:
    """An official's tile drawn once, with the mask of the pixels it covers, to be pasted on
    its field: the tile covers its pixels whatever is under it (drawn on a black and on a white
    field, they come out the same), and every offset of a field is whole pixels, so the paste
    gives the pixels of drawing it there. ``None`` when a pixel depends on the field under it
    (then it is drawn in place). tests/rules/verbotene_stadt/test_vs_picture.py compares the
    two on every field of every board's grounds."""
    drawn = []
    for ground in _SPRITE_GROUNDS:
        img = Image.new("RGB", (S, S), ground)
        _official(ImageDraw.Draw(img), board, code, 0, 0)
        drawn.append(img)
    on_black, on_white = (img.tobytes() for img in drawn)
    black, white = (bytes(g) for g in _SPRITE_GROUNDS)
    mask = bytearray(S * S)
    for i in range(S * S):
        a, b = on_black[3 * i : 3 * i + 3], on_white[3 * i : 3 * i + 3]
        if a == b:
            mask[i] = 255
        elif a != black or b != white:
            return None  # a pixel blended with what is under it
    return drawn[0], Image.frombytes("L", (S, S), bytes(mask))


@lru_cache(maxsize=8)
def _grounds(board: Board, active: int, cards: tuple[int, ...]) -> Image.Image:
    """Every layer under the officials, which changes only when a pavilion becomes active or
    loses a card: drawn once for those (a position's board then costs its officials; never
    drawn on, only copied)."""
    # Long on purpose: a drawing, layer after layer; each block is one layer.
    w, h = board.width, board.height
    img = Image.new("RGB", (LEFT + w * S + PAD, TOP + h * S + PAD), GROUND)
    d = ImageDraw.Draw(img)
    for x in range(w):
        _text(d, (_px(x, 0)[0] + S / 2, TOP / 2), chr(ord("a") + x), 13)
    for y in range(h):
        _text(d, (LEFT / 2, _px(0, y)[1] + S / 2), str(y + 1), 13)
    for x in range(w + 1):
        d.line((_px(x, 0)[0], TOP, _px(x, 0)[0], TOP + h * S), fill=GRID)
    for y in range(h + 1):
        d.line((LEFT, _px(0, y)[1], LEFT + w * S, _px(0, y)[1]), fill=GRID)
    for c in range(w * h):
        x0, y0 = _px(*board.xy(c))
        box = (x0 + 1, y0 + 1, x0 + S - 1, y0 + S - 1)
        if c in board.roofs:
            d.rectangle(box, fill=ROOF)
            for k in (0.3, 0.55, 0.8):
                d.line((x0 + 2, y0 + k * S, x0 + S - 2, y0 + k * S), fill=ROOF_LINE, width=2)
        elif c in board.start_yellow:
            d.rectangle(box, fill=START)
        elif c in board.start_grey:
            d.rectangle(box, fill=START_GREY)
        elif c in board.dead_ends:
            d.line((x0 + 8, y0 + 8, x0 + S - 8, y0 + S - 8), fill=DEAD_END, width=3)
            d.line((x0 + S - 8, y0 + 8, x0 + 8, y0 + S - 8), fill=DEAD_END, width=3)
    for num in board.pavilions:
        _pavilion(d, board, active, cards, num)
    for y in range(h):
        for x in range(w):
            c = board.cell(x, y)
            x0, y0 = _px(x, y)
            if x + 1 < w and _closed(board, c, board.cell(x + 1, y)):
                d.line((x0 + S, y0 - 2, x0 + S, y0 + S + 2), fill=WALL, width=4)
            if y + 1 < h and _closed(board, c, board.cell(x, y + 1)):
                d.line((x0 - 2, y0 + S, x0 + S + 2, y0 + S), fill=WALL, width=4)
    d.rectangle((LEFT - 1, TOP - 1, LEFT + w * S + 1, TOP + h * S + 1), outline=WALL, width=3)
    return img


def _pavilion(
    d: ImageDraw.ImageDraw, board: Board, active_num: int, cards: tuple[int, ...], num: int
) -> None:
    """One pavilion: its fields in its colour (pale unless active), its threshold's arrow, its
    number and one small card per garment card left."""
    pav = board.pavilions[num]
    ink = COLOURS.get(pav.colour, TEXT)
    active = num == active_num
    fill = ink if active else _pale(ink)
    xs = [board.xy(c)[0] for c in pav.cells]
    ys = [board.xy(c)[1] for c in pav.cells]
    x0, y0 = _px(min(xs), min(ys))
    x1, y1 = _px(max(xs) + 1, max(ys) + 1)
    d.rectangle((x0, y0, x1, y1), fill=fill)
    if active:
        d.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=GOLD, width=3)
    # The threshold: an arrow pointing through the door.
    tx, ty = _px(*board.xy(pav.threshold))
    cx, cy = tx + S / 2, ty + S / 2
    dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[pav.enter]
    r = S * 0.32
    tip = (cx + dx * r, cy + dy * r)
    back = (cx - dx * r * 0.6, cy - dy * r * 0.6)
    side = (-dy * r * 0.7, dx * r * 0.7)
    arrow = [tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])]
    d.polygon(arrow, fill=ink if active else _pale(ink), outline=WALL)
    # The number and the cards left: split along the pavilion's long side, else one above the
    # other.
    left = cards[num - 1] if num - 1 < len(cards) else 0
    ink_text = TILE if active and pav.colour not in ("yellow",) else TEXT
    wide, tall = x1 - x0, y1 - y0
    if wide > tall:
        num_at = (x0 + wide / 4, y0 + tall / 2)
        cards_at = (x0 + wide * 3 / 4, y0 + tall / 2)
    else:
        num_at = (x0 + wide / 2, y0 + tall / 4)
        cards_at = (x0 + wide / 2, y0 + tall * 3 / 4)
    _text(d, num_at, str(num), 18, ink_text)
    cw, ch, gap = 6, 10, 2
    span = left * cw + max(0, left - 1) * gap
    for i in range(left):
        ax = cards_at[0] - span / 2 + i * (cw + gap)
        ay = cards_at[1] - ch / 2
        d.rectangle((ax, ay, ax + cw, ay + ch), fill=TILE, outline=CARD_EDGE)
    if left == 0:
        _text(d, cards_at, "0", 13, ink_text)


def _official(d: ImageDraw.ImageDraw, board: Board, code: str, x0: int, y0: int) -> None:
    """An official on the field whose top left pixel is ``(x0, y0)``: a white tile, the hat
    colour above, the body colour below, its letters."""
    hat, body = _official_colours(board, code)
    d.rounded_rectangle((x0 + 2, y0 + 2, x0 + S - 2, y0 + S - 2), 4, fill=TILE, outline=WALL)
    d.rectangle((x0 + 4, y0 + 4, x0 + S - 4, y0 + 8), fill=hat)
    d.rectangle((x0 + 4, y0 + S - 8, x0 + S - 4, y0 + S - 4), fill=body)
    _text(d, (x0 + S / 2, y0 + S / 2 + 0.5), code, 12)


@cache
def _official_colours(board: Board, code: str) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    o = board.official_by_code(code)
    if o is None:
        return TEXT, TEXT
    n = len(board.body_colours)
    return COLOURS[board.hat_colours[o // n]], COLOURS[board.body_colours[o % n]]


def _draw_mine(img: Image.Image, at: tuple[int, int]) -> None:
    """The reader's own secret official: a magenta ring around its field."""
    d = ImageDraw.Draw(img)
    x0, y0 = _px(*at)
    d.rectangle((x0 - 2, y0 - 2, x0 + S + 2, y0 + S + 2), outline=MINE, width=3)


def _steps(ink: tuple[int, int, int], ground: tuple[int, int, int]) -> list[tuple[int, int, int]]:
    """The anti-aliased edge of ``ink`` letters on ``ground``: 6 steps between them (fewer than
    Forbidden City's 14: this board has more grounds, and a palette holds 256 colours)."""
    return [
        tuple(round(g + (i - g) * k / 7) for i, g in zip(ink, ground, strict=True))  # type: ignore[misc]
        for k in range(1, 7)
    ]


@cache
def _palette() -> tuple[tuple[int, int, int], ...]:
    """Every colour the drawing uses and the shades of its labels' edges (at most 256)."""
    inks = list(COLOURS.values())
    colours = [GROUND, GRID, WALL, ROOF, ROOF_LINE, DEAD_END, START, START_GREY, TEXT, TILE, GOLD,
               MINE, CARD_EDGE, *inks, *(_pale(c) for c in inks)]  # fmt: skip
    for g in (GROUND, TILE, *(_pale(c) for c in inks)):
        colours += _steps(TEXT, g)
    for c in inks:
        colours += _steps(TILE, c) + _steps(TEXT, c)
    out = tuple(dict.fromkeys(colours))
    assert len(out) <= 256, len(out)
    return out


def _alt(board: Board, view: View, mine: tuple[int, int] | None) -> str:
    parts = [
        ngettext(
            "Die Verbotene Stadt board: %(num)d official on the board, fields a1 to o15.",
            "Die Verbotene Stadt board: %(num)d officials on the board, fields a1 to o15.",
            len(view.officials),
        )
        % {"num": len(view.officials)}
    ]
    act = view.active_pavilion
    if act:
        left = view.pavilion_cards[act - 1]
        parts.append(
            ngettext(
                "Active pavilion %(num)d (%(colour)s, gold frame), %(left)d card left.",
                "Active pavilion %(num)d (%(colour)s, gold frame), %(left)d cards left.",
                left,
            )
            % {"num": act, "colour": colour(board.pavilions[act].colour), "left": left}
        )
    if mine is not None and view.my_selection:
        code = CODE.match(view.my_selection)
        parts.append(
            _("Your secret official %(code)s is ringed in magenta.")
            % {"code": code.group(0) if code else view.my_selection}
        )
    return " ".join(parts)
