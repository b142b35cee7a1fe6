"""The replay page: one self-contained HTML file with the board at every move.

Nothing is loaded from outside (no script, font, image or style file): the board is one inline SVG
and a small inline script shows the position the slider, the buttons or the arrow keys choose.
Each board is drawn compactly:

- Forbidden City: tiles never move once placed, so every tile is drawn once, tagged with the move
  that placed it (``data-k``); the script shows those placed by the chosen move.
- Die Verbotene Stadt: the palace is drawn once; each move lists only the officials it moved
  (``[official, cell]``), and the script replays these changes.

The lines beside the board (coins, stacks, scores, cards, whose turn...) are the game's own, in
the reader's language, from the view of the page's reader: during a game a seat's page holds only
what that seat saw (its own tile or selection), the public page nothing private; after the end
every seat's private lines are added. Each distinct line is stored once and each position lists
its lines by number.
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from pbem.gamefiles.position import Replay
from pbem.i18n import _, speaking
from pbem.rules.base import Game

if TYPE_CHECKING:
    from pbem.rules.forbidden_city.tiles import RegionDef, TileDef
    from pbem.rules.verbotene_stadt.board import Board

S = 40
"""SVG units a square."""

FLOOR = {"green": "#96c77a", "pink": "#efa8ba", "white": "#f6f6f0", "grey": "#b0b0b0"}
PLAYER = {"purple": "#7b3fa0", "yellow": "#ecc418", "red": "#d0312d", "blue": "#2f6fd0"}
WALL = "#4a3420"
ARCH = "#c99226"
GARDEN = "#568c46"
GROUND = "#ded4be"

VS_COLOURS = {
    "red": "#d0312d",
    "yellow": "#e8c020",
    "blue": "#2f6fd0",
    "green": "#3f9a4a",
    "black": "#222222",
    "white": "#f4f4f4",
    "purple": "#7b3fa0",
    "orange": "#e98a1b",
    "pink": "#e98fb0",
    "brown": "#8a5a2b",
    "grey": "#9a9a9a",
    "turquoise": "#2bb3b0",
}


def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


# -------------------------------------------------------------------------------------------------
# Forbidden City
# -------------------------------------------------------------------------------------------------


def _fc_tile_svg(tdef: TileDef, rotation: int, owner: str | None, x0: float, y0: float) -> str:
    """One square's floor, diagonal, advisors, dragon and own edges, as SVG elements."""
    from pbem.rules.forbidden_city.tiles import ARCH as ARCH_CODE
    from pbem.rules.forbidden_city.tiles import OPEN, orientations

    x1, y1, cx, cy = x0 + S, y0 + S, x0 + S / 2, y0 + S / 2
    out: list[str] = []

    def rect(fill: str) -> None:
        out.append(f'<rect x="{_f(x0)}" y="{_f(y0)}" width="{S}" height="{S}" fill="{fill}"/>')

    def pieces(tx: float, ty: float, region: RegionDef) -> None:
        if region.dragon:
            r = S * 0.17
            pts = []
            for i in range(10):
                a = math.pi / 2 + i * math.pi / 5
                rr = r if i % 2 == 0 else r * 0.5
                pts.append(f"{_f(tx + rr * math.cos(a))},{_f(ty - rr * math.sin(a))}")
            out.append(f'<polygon points="{" ".join(pts)}" fill="#c81e1e"/>')
        elif region.advisors:
            colour = PLAYER.get(owner or "", "#787878")
            r = S * 0.11
            n = region.advisors
            for i in range(n):
                x = tx + (i - (n - 1) / 2) * r * 2.3
                out.append(
                    f'<circle cx="{_f(x)}" cy="{_f(ty)}" r="{_f(r)}" fill="{colour}" '
                    'stroke="#1e1e1e"/>'
                )

    if tdef.kind == "garden":
        rect(GARDEN)
    elif tdef.kind == "temple":
        rect(FLOOR["grey"])
        out.append(
            f'<path d="M{_f(x0)} {_f(y0)}L{_f(x1)} {_f(y1)}M{_f(x1)} {_f(y0)}L{_f(x0)} {_f(y1)}" '
            f'stroke="{WALL}" stroke-width="3"/>'
        )
        out.append(
            f'<rect x="{_f(cx - 9)}" y="{_f(cy - 7)}" width="18" height="14" fill="#a0281e"/>'
        )
    elif tdef.diagonal is None:
        region = tdef.regions[0]
        rect(FLOOR[region.colour])
        pieces(cx, cy, region)
    else:
        o = orientations(tdef)[rotation]
        north, south = tdef.regions[o.local[0]], tdef.regions[o.local[2]]
        if rotation % 2 == 0:
            tri_n = [(x0, y0), (x1, y0), (x1, y1)]
            tri_s = [(x0, y0), (x0, y1), (x1, y1)]
            line = (x0, y0, x1, y1)
        else:
            tri_n = [(x0, y0), (x1, y0), (x0, y1)]
            tri_s = [(x1, y0), (x1, y1), (x0, y1)]
            line = (x1, y0, x0, y1)
        for tri, region in ((tri_n, north), (tri_s, south)):
            pts = " ".join(f"{_f(a)},{_f(b)}" for a, b in tri)
            out.append(f'<polygon points="{pts}" fill="{FLOOR[region.colour]}"/>')
        out.append(
            f'<line x1="{_f(line[0])}" y1="{_f(line[1])}" x2="{_f(line[2])}" y2="{_f(line[3])}" '
            f'stroke="{WALL}" stroke-width="4"/>'
        )
        if tdef.diagonal == "archway":
            g = S * 0.13
            sx = 1 if rotation % 2 == 0 else -1
            out.append(
                f'<line x1="{_f(cx - g * sx)}" y1="{_f(cy - g)}" x2="{_f(cx + g * sx)}" '
                f'y2="{_f(cy + g)}" stroke="{ARCH}" stroke-width="6"/>'
            )
        for tri, region in ((tri_n, north), (tri_s, south)):
            pieces(sum(p[0] for p in tri) / 3, sum(p[1] for p in tri) / 3, region)
    codes = orientations(tdef)[rotation].codes
    sides = (
        (x0, y0 + 1.5, x1, y0 + 1.5),
        (x1 - 1.5, y0, x1 - 1.5, y1),
        (x0, y1 - 1.5, x1, y1 - 1.5),
        (x0 + 1.5, y0, x0 + 1.5, y1),
    )
    for code, (a, b, c, d) in zip(codes, sides, strict=True):
        if code == OPEN:
            continue
        out.append(
            f'<line x1="{_f(a)}" y1="{_f(b)}" x2="{_f(c)}" y2="{_f(d)}" stroke="{WALL}" '
            'stroke-width="3"/>'
        )
        if code == ARCH_CODE:
            mx, my = (a + c) / 2, (b + d) / 2
            g = S * 0.18
            if b == d:
                out.append(
                    f'<line x1="{_f(mx - g)}" y1="{_f(my)}" x2="{_f(mx + g)}" y2="{_f(my)}" '
                    f'stroke="{ARCH}" stroke-width="5"/>'
                )
            else:
                out.append(
                    f'<line x1="{_f(mx)}" y1="{_f(my - g)}" x2="{_f(mx)}" y2="{_f(my + g)}" '
                    f'stroke="{ARCH}" stroke-width="5"/>'
                )
    return "".join(out)


def _fc_board(rep: Replay, viewer: int | None) -> tuple[str, dict[str, object]]:
    """The SVG (every tile once, tagged with its move) and the per-move data (the square of the
    move, to mark it)."""
    from pbem.rules.forbidden_city.game import View, ViewCell
    from pbem.rules.forbidden_city.notation import column_name, row_name
    from pbem.rules.forbidden_city.render import cell_def

    game = rep.game
    first_seen: dict[tuple[int, int], tuple[int, ViewCell]] = {}
    last: list[list[int] | None] = []
    for k, state in enumerate(rep.states):
        view = game.view(state, viewer)
        assert isinstance(view, View)  # a Forbidden City game's
        new = None
        for c in view.cells:
            if (c.x, c.y) not in first_seen:
                first_seen[(c.x, c.y)] = (k, c)
                new = [c.x, c.y]
        last.append(new if k else None)
        side = view.side
    xs = [x for x, _ in first_seen]
    ys = [y for _, y in first_seen]
    x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    left, top = 26, 20
    width = left + (x1 - x0 + 1) * S + 4
    height = top + (y1 - y0 + 1) * S + 4

    def px(x: int, y: int) -> tuple[int, int]:
        return left + (x - x0) * S, top + (y - y0) * S

    parts = [
        f'<svg id="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="img"><rect width="{width}" height="{height}" fill="{GROUND}"/>'
    ]
    for x in range(x0, x1 + 1):
        parts.append(
            f'<text x="{px(x, y0)[0] + S // 2}" y="14" font-size="12" text-anchor="middle">'
            f"{column_name(x)}</text>"
        )
    for y in range(y0, y1 + 1):
        parts.append(
            f'<text x="13" y="{px(x0, y)[1] + S // 2 + 4}" font-size="12" text-anchor="middle">'
            f"{row_name(y)}</text>"
        )
    for (x, y), (k, c) in sorted(first_seen.items(), key=lambda kv: kv[1][0]):
        ax, ay = px(x, y)
        inner = _fc_tile_svg(cell_def(side, c.tile), c.rotation, c.owner, ax, ay)
        parts.append(f'<g data-k="{k}">{inner}</g>')
    parts.append(
        f'<rect id="last" x="0" y="0" width="{S - 4}" height="{S - 4}" fill="none" '
        'stroke="#e86c00" stroke-width="3" style="display:none"/>'
    )
    parts.append("</svg>")
    data: dict[str, object] = {
        "kind": "fc",
        "last": [None if m is None else [px(*m)[0] + 2, px(*m)[1] + 2] for m in last],
    }
    return "".join(parts), data


def _fc_private(game: Game, view: object) -> list[str]:
    """The sentence naming the seat's tile, without its four drawings (the board shows tiles)."""
    from pbem.rules.forbidden_city.game import View
    from pbem.rules.forbidden_city.render import TILE_H, render_hand

    assert isinstance(view, View)  # a Forbidden City game's
    if view.seat is None or view.hand is None:
        return []
    hand = render_hand(view.hand, view.colours[view.seat])
    return [" ".join(line.strip() for line in hand[: len(hand) - 1 - TILE_H])]


def _fc_private_of(game: Game, state: object, seat: int) -> list[str]:
    return _fc_private(game, game.view(state, seat))


def _fc_panel(game: Game, view: object) -> list[str]:
    from pbem.rules.forbidden_city.game import View
    from pbem.rules.forbidden_city.render import render_panel

    assert isinstance(view, View)  # a Forbidden City game's
    return list(render_panel(view)) + _fc_private(game, view)


# -------------------------------------------------------------------------------------------------
# Die Verbotene Stadt
# -------------------------------------------------------------------------------------------------


def _vs_board(rep: Replay, viewer: int | None) -> tuple[str, dict[str, object]]:
    """The palace once (roofs, pavilions, walls) and the officials' changes move by move."""
    from pbem.rules.verbotene_stadt.state import State

    game = rep.game
    b: Board = getattr(game, "board")  # noqa: B009 (Die Verbotene Stadt's, not the protocol's)
    left, top = 22, 18
    w, h = b.width, b.height
    width, height = left + w * S + 4, top + h * S + 4
    parts = [
        f'<svg id="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'role="img"><rect width="{width}" height="{height}" fill="{GROUND}"/>'
    ]
    for x in range(w):
        parts.append(
            f'<text x="{left + x * S + S // 2}" y="13" font-size="12" text-anchor="middle">'
            f"{chr(ord('a') + x)}</text>"
        )
    for y in range(h):
        parts.append(
            f'<text x="11" y="{top + y * S + S // 2 + 4}" font-size="12" text-anchor="middle">'
            f"{y + 1}</text>"
        )
    for c in range(w * h):
        x, y = b.xy(c)
        ax, ay = left + x * S, top + y * S
        fill = "#f3ead6"
        if c in b.roofs:
            fill = "#7a6a58"
        pav = b.pavilion_at.get(c)
        if pav is not None:
            fill = VS_COLOURS.get(b.pavilions[pav].colour, "#cccccc")
        parts.append(
            f'<rect x="{ax}" y="{ay}" width="{S}" height="{S}" fill="{fill}" stroke="#c8bca4" '
            'stroke-width="0.5"/>'
        )
        if pav is not None:
            parts.append(
                f'<text x="{ax + 4}" y="{ay + 12}" font-size="11" fill="#fff" stroke="#000" '
                f'stroke-width="0.3">{pav}</text>'
            )
    for wall in b.walls:
        a, c = sorted(wall)
        (xa, ya), (xc, yc) = b.xy(a), b.xy(c)
        if ya == yc:  # a vertical wall between two columns
            X = left + max(xa, xc) * S
            parts.append(
                f'<line x1="{X}" y1="{top + ya * S}" x2="{X}" y2="{top + ya * S + S}" '
                f'stroke="{WALL}" stroke-width="4"/>'
            )
        else:
            Y = top + max(ya, yc) * S
            parts.append(
                f'<line x1="{left + xa * S}" y1="{Y}" x2="{left + xa * S + S}" y2="{Y}" '
                f'stroke="{WALL}" stroke-width="4"/>'
            )
    parts.append(
        f'<rect x="{left}" y="{top}" width="{w * S}" height="{h * S}" fill="none" '
        f'stroke="{WALL}" stroke-width="4"/>'
    )
    # The officials: a circle each, hat colour over body colour, moved by the script.
    n = b.official_count
    for o in range(n):
        code = b.official_code(o)
        hat = VS_COLOURS.get(b.hat_colours[o // len(b.body_colours)], "#888")
        body = VS_COLOURS.get(b.body_colours[o % len(b.body_colours)], "#888")
        parts.append(
            f'<g id="o{o}"><path d="M6 20A14 14 0 0 1 34 20Z" fill="{hat}"/>'
            f'<path d="M6 20A14 14 0 0 0 34 20Z" fill="{body}"/>'
            '<circle cx="20" cy="20" r="14" fill="none" stroke="#000"/>'
            f'<text x="20" y="24" font-size="11" text-anchor="middle" fill="#fff" stroke="#000" '
            f'stroke-width="0.4">{code}</text></g>'
        )
    parts.append("</svg>")
    # Each position: the officials that moved since the one before ([official, x, y]; -1: exiled).
    changes: list[list[list[int]]] = []
    before: tuple[int, ...] | None = None
    for state in rep.states:
        assert isinstance(state, State)  # a Die Verbotene Stadt game's
        pos = tuple(state.positions)
        diff = []
        for o, c in enumerate(pos):
            if before is None or before[o] != c:
                if c < 0:
                    diff.append([o, -1, -1])
                else:
                    x, y = b.xy(c)
                    diff.append([o, left + x * S, top + y * S])
        changes.append(diff)
        before = pos
    return "".join(parts), {"kind": "vs", "moves": changes, "officials": n}


def _vs_private(game: Game, state: object, seat: int) -> list[str]:
    """The seat's secret selection, as its view names it (``my_selection``): read from the
    state alone, not from a whole view of it (the page lists every seat's private lines at every
    position of a game over: four views a position cost more than the rest of the page)."""
    from pbem.rules.verbotene_stadt.state import State

    assert isinstance(state, State)  # a Die Verbotene Stadt game's
    board: Board = getattr(game, "board")  # noqa: B009 (Die Verbotene Stadt's)
    selection = state.selections[seat]
    mine = board.official_name(selection) if selection >= 0 else None
    if not mine:
        return []
    return [_("Your secret selection: %(official)s.") % {"official": mine}]


def _vs_panel(game: Game, view: object) -> list[str]:
    """The lines under the board (the game's panel; the picture needs no legend)."""
    from pbem.rules.verbotene_stadt.render import View, panel_lines

    assert isinstance(view, View)  # a Die Verbotene Stadt game's
    board: Board = getattr(game, "board")  # noqa: B009 (Die Verbotene Stadt's)
    return [ln.rstrip() for ln in panel_lines(board, view) if ln.strip()]


# -------------------------------------------------------------------------------------------------
# The page
# -------------------------------------------------------------------------------------------------

CSS = """*{box-sizing:border-box}body{margin:0;padding:8px;font:15px/1.4 sans-serif;color:#222;
background:#faf7f0}h1{font-size:1.2em;margin:0 0 4px}p{margin:4px 0}.wrap{display:flex;
flex-wrap:wrap;gap:12px}.board{flex:1 1 320px;max-width:680px;min-width:0}.board svg{width:100%;
height:auto;display:block}.side{flex:1 1 260px;min-width:0}.nav{display:flex;gap:6px;
align-items:center}.nav input{flex:1;min-width:0}button{font-size:1em;padding:4px 10px}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:13px;background:#fff;padding:6px;
margin:6px 0}ol{max-height:320px;overflow:auto;margin:6px 0;padding-left:3.2em;background:#fff}
li{cursor:pointer;overflow-wrap:anywhere}li.on{background:#ffe9a8;font-weight:bold}
.note{color:#555;font-size:.9em}"""

SCRIPT = """(function(){var D=JSON.parse(document.getElementById('data').textContent);
var s=document.getElementById('slider'),w=document.getElementById('where'),
p=document.getElementById('panel'),L=document.querySelectorAll('#moves li'),cur=-1,pos=[];
if(D.board.kind==='vs'){var a=[];for(var k=0;k<=D.n;k++){D.board.moves[k].forEach(function(c){
a[c[0]]=[c[1],c[2]];});pos.push(a.slice());}}
var T=document.querySelectorAll('#board [data-k]');
function show(k){k=Math.max(0,Math.min(D.n,k));cur=k;s.value=k;
w.textContent=k?D.where[k-1]:D.start;p.textContent=D.frames[k].map(function(i){
return D.lines[i];}).join('\\n');
if(D.board.kind==='fc'){T.forEach(function(e){e.style.display=(+e.getAttribute('data-k')<=k)?'':'none';});
var r=document.getElementById('last'),m=D.board.last[k];if(m){r.setAttribute('x',m[0]);
r.setAttribute('y',m[1]);r.style.display='';}else{r.style.display='none';}}
else{pos[k].forEach(function(c,o){var e=document.getElementById('o'+o);if(c[0]<0){
e.style.display='none';}else{e.style.display='';e.setAttribute('transform',
'translate('+c[0]+','+c[1]+')');}});}
L.forEach(function(li,i){li.className=(i===k-1)?'on':'';});
if(k>0&&L[k-1]){var ol=L[k-1].parentNode;var t=L[k-1].offsetTop-ol.offsetTop;
if(t<ol.scrollTop||t>ol.scrollTop+ol.clientHeight-20){ol.scrollTop=t-40;}}}
s.addEventListener('input',function(){show(+s.value);});
document.getElementById('prev').addEventListener('click',function(){show(cur-1);});
document.getElementById('next').addEventListener('click',function(){show(cur+1);});
document.addEventListener('keydown',function(e){if(e.key==='ArrowLeft'){show(cur-1);
e.preventDefault();}else if(e.key==='ArrowRight'){show(cur+1);e.preventDefault();}
else if(e.key==='Home'){show(0);e.preventDefault();}else if(e.key==='End'){show(D.n);
e.preventDefault();}});
L.forEach(function(li,i){li.addEventListener('click',function(){show(i+1);});});
show(D.n);window.pbemShow=show;})();"""


def _private_lines(
    game: Game, state: object, names: list[str], private: Callable[[Game, object, int], list[str]]
) -> list[str]:
    """After the end: every seat's private lines at this position (``private``: a seat's lines
    at a position, as its view shows them)."""
    return [
        f"{_(name)}: {line}" for s, name in enumerate(names) for line in private(game, state, s)
    ]


def replay_page(rep: Replay, *, seat: int | None, lang: str, game_id: str) -> str:
    """The page of a game for ``seat`` (``None``: the public page). After the end the page shows
    everything, whoever it is for."""
    game = rep.game
    viewer = None if rep.ended else seat
    with speaking(lang):
        if game.name == "forbidden-city":
            svg, board = _fc_board(rep, viewer)
            panel, private = _fc_panel, _fc_private_of
        else:
            svg, board = _vs_board(rep, viewer)
            panel, private = _vs_panel, _vs_private
        table: dict[str, int] = {}
        frames: list[list[int]] = []
        for state in rep.states:
            lines = panel(game, game.view(state, viewer))
            if rep.ended:
                lines += _private_lines(game, state, rep.names, private)
            frames.append([table.setdefault(line, len(table)) for line in lines])
        names = [_(n) for n in rep.names]
        where = [
            _("Move %(num)d of %(total)d: %(move)s")
            % {
                "num": m.number,
                "total": len(rep.moves),
                "move": f"{names[m.seat]} {m.notation if rep.ended else m.public}",
            }
            for m in rep.moves
        ]
        start = _("Start: before the first move")
        title = f"{game.title}, {game_id}"
        players = ", ".join(f"{p} ({n})" for p, n in zip(rep.players, names, strict=True))
        whose = (
            _("Everything is shown: the game has ended.")
            if rep.ended
            else (
                _("What %(seat)s may see during the game.") % {"seat": names[seat]}
                if seat is not None
                else _("What everyone may see during the game.")
            )
        )
        labels = {
            "prev": _("Previous"),
            "next": _("Next"),
            "moves": _("Moves"),
            "slider": _("Move"),
            "keys": _("The arrow keys go back and forward one move."),
        }
    data = {
        "n": len(rep.moves),
        "start": start,
        "where": where,
        "lines": list(table),
        "frames": frames,
        "board": board,
    }
    items = "".join(
        f"<li>{html.escape(names[m.seat])} "
        f"{html.escape(m.notation if rep.ended else m.public)}</li>"
        for m in rep.moves
    )
    payload = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
    return (
        f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>"
        f"<h1>{html.escape(title)}</h1><p>{html.escape(players)}</p>"
        f'<p class="note">{html.escape(whose)}</p>'
        f'<div class="wrap"><div class="board">{svg}</div><div class="side">'
        f'<div class="nav"><button id="prev" type="button" aria-label="{html.escape(labels["prev"])}">'
        f'&#9664;</button><input id="slider" type="range" min="0" max="{len(rep.moves)}" '
        f'value="{len(rep.moves)}" aria-label="{html.escape(labels["slider"])}">'
        f'<button id="next" type="button" aria-label="{html.escape(labels["next"])}">&#9654;</button>'
        f'</div><p id="where"></p><pre id="panel"></pre>'
        f'<p class="note">{html.escape(labels["keys"])}</p>'
        f'<h2>{html.escape(labels["moves"])}</h2><ol id="moves">{items}</ol></div></div>'
        f'<script id="data" type="application/json">{payload}</script>'
        f"<script>{SCRIPT}</script></body></html>\n"
    )
