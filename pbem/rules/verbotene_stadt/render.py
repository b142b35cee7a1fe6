"""Views (what one seat may see) and their ASCII rendering (<= 72 columns, pure ASCII)."""

from __future__ import annotations

import functools
import textwrap

import msgspec

from pbem.i18n import N_, _, ngettext
from pbem.rules.verbotene_stadt.board import Board, Cell
from pbem.rules.verbotene_stadt.sentences import card_label, colour, join

WIDTH = 72
"""The widest line of a rendering."""

_ARROWS = {"N": " ^ ", "E": " > ", "S": " v ", "W": " < "}


class PlayerPanel(msgspec.Struct, frozen=True):
    """One player as everybody sees them."""

    name: str
    cards: list[str]
    """Garment cards, face up (``"red-hat"``)."""
    score: int
    """The best-partition score of the cards held now."""
    awaited: str
    """The kind of decision the game waits for from this player, or ``""``."""


class View(msgspec.Struct, frozen=True):
    """What one seat (or the public, ``seat`` None) may see. Contains no other seat's selection."""

    game: str
    seat: int | None
    phase: str
    players: list[PlayerPanel]
    active: int
    move_no: int
    max_moves: int
    active_pavilion: int
    pavilion_cards: list[int]
    """Cards left per pavilion (index = number - 1); their order is secret."""
    officials: list[list[int | str]]
    """``[code, x, y]`` per official on the board."""
    terrace: list[str]
    phase_two_from: int
    game_end_at: int
    moves_option: str
    teams: bool
    my_selection: str | None = None
    """This seat's own bribe selection (only in its own view)."""
    must_reselect: bool = False
    """This seat's official was exiled: it must select a new one."""
    claim: str = ""
    """A claimed entry being answered, in words."""
    over: bool = False
    bonus_move: bool = False
    """The move awaited is a successful bluff's one extra move."""
    scores: list[int] | None = None
    winners: list[int] | None = None


def _closed(board: Board, a: Cell, b: Cell) -> bool:
    """A line is drawn between two adjacent cells: wall, or a pavilion's outline except its door."""
    if frozenset((a, b)) in board.walls:
        return True
    pa, pb = board.pavilion_at.get(a), board.pavilion_at.get(b)
    if pa == pb:
        return False
    for p, inside, outside in ((pa, a, b), (pb, b, a)):
        if p is not None:
            pav = board.pavilions[p]
            if not (inside == pav.door and outside == pav.threshold):
                return True
    return False


def board_lines(board: Board, view: View) -> list[str]:
    """The grid: column letters a.., row numbers 1.., walls, roofs, pavilions, officials."""
    officials = {board.cell(int(x), int(y)): str(code) for code, x, y in view.officials}
    head, seps, rows = _grid(board)
    active = view.active_pavilion
    lines = [head]
    for y, row in enumerate(rows):
        lines.append(seps[y])
        out = [f"{y + 1:>2} |"]
        for c, text, after in row:
            if c in officials:
                out.append(" " + officials[c])
            elif isinstance(text, int):
                out.append(f"={text}=" if text == active else f"P{text} ")
            else:
                out.append(text)
            out.append(after)
        lines.append("".join(out))
    lines.append(seps[-1])
    return lines


_Row = tuple[tuple[Cell, "str | int", str], ...]


@functools.lru_cache(maxsize=8)
def _grid(board: Board) -> tuple[str, tuple[str, ...], tuple[_Row, ...]]:
    """What the grid draws of the board alone, drawn once a board (it never changes): the column
    letters; the line above each row and the one below the last; and for each cell of a row, its
    index, its text where no official stands (a pavilion's number: its text says whether it is the
    active one) and the wall or gap after it."""
    w, h = board.width, board.height
    head = "   " + "".join(f"  {chr(ord('a') + x)} " for x in range(w))
    seps = []
    for y in range(h + 1):
        sep = ["+"]
        for x in range(w):
            closed = True if y in (0, h) else _closed(board, board.cell(x, y - 1), board.cell(x, y))
            sep.append("---+" if closed else "   +")
        seps.append("   " + "".join(sep))
    rows = []
    for y in range(h):
        row = []
        for x in range(w):
            c = board.cell(x, y)
            last = x == w - 1
            after = "|" if last or _closed(board, c, board.cell(x + 1, y)) else " "
            pav = board.pavilion_at.get(c)
            roofed = c in board.roofs
            text: str | int = pav if pav is not None and not roofed else _fixed_text(board, c)
            row.append((c, text, after))
        rows.append(tuple(row))
    return head, tuple(seps), tuple(rows)


def _fixed_text(board: Board, c: Cell) -> str:
    """A cell's text where no official stands, for a cell that is not a pavilion's (nor roofed)."""
    if c in board.roofs:
        return "###"
    if c in board.thresholds:
        return _ARROWS[board.pavilions[board.thresholds[c]].enter]
    if c in board.dead_ends:
        return " d "
    if c in board.start_yellow:
        return " . "
    if c in board.start_grey:
        return " : "
    return "   "


@functools.lru_cache(maxsize=4096)
def _wrap(text: str, indent: str = "") -> tuple[str, ...]:
    """``text`` wrapped to the panel's width, remembered: a game's panels say the same sentences
    again and again (a finished game's replay page draws about 2,400 panels, and wrapping was
    most of its cost)."""
    lines = textwrap.wrap(text, WIDTH, subsequent_indent=indent, break_on_hyphens=False)
    return tuple(lines) or ("",)


def _awaited(kind: str) -> str:
    return _(AWAITED[kind]) if kind in AWAITED else kind


AWAITED = {"select": N_("select"), "move": N_("move"), "believe-or-doubt": N_("believe-or-doubt"),
           "take-card": N_("take-card"), "steal": N_("steal"), "reselect": N_("reselect")}  # fmt: skip
"""The kinds of decision as the panel's "Waiting for" names them."""


def render_text(board: Board, view: View) -> str:
    """The board, the legend and the player panel of a view."""
    out = board_lines(board, view)
    out.append("")
    out += panel_lines(board, view)
    out.append("")
    out += _wrap(
        _(
            "Legend: RK official (hat colour, body colour; R red, Y yellow, B blue, G green, "
            "K black). ### roof. | and --- walls. P3 pavilion 3; =5= the active pavilion. "
            "< > ^ v threshold: an official sliding this way enters the pavilion through its "
            "door. . start field, : grey start field, d dead end."
        ),
        "  ",
    )
    for line in out:
        assert len(line) <= WIDTH, line
    return "\n".join(line.rstrip() for line in out) + "\n"


def panel_lines(board: Board, view: View) -> list[str]:
    """The facts under the board (pavilions, terrace, turn, players, the reader's selection),
    without the board and the legend (the replay page draws the board itself)."""
    # Long on purpose: the panel of facts, line after line.
    out: list[str] = []
    act = view.active_pavilion
    if act:
        pav = board.pavilions[act]
        left = view.pavilion_cards[act - 1]
        args = {"num": act, "colour": colour(pav.colour), "left": left}
        if left == 0:
            line = _(
                "Active pavilion: %(num)s (%(colour)s), 0 cards left (empty: its cards are "
                "taken from the players)."
            )
        else:
            line = ngettext(
                "Active pavilion: %(num)s (%(colour)s), %(left)d card left.",
                "Active pavilion: %(num)s (%(colour)s), %(left)d cards left.",
                left,
            )
        out += _wrap(line % args)
    counts = " ".join(f"{i + 1}:{k}" for i, k in enumerate(view.pavilion_cards))
    out += _wrap(_("Cards left in the pavilions: %(counts)s.") % {"counts": counts})
    terrace = " ".join(view.terrace) or _("none")
    out += _wrap(
        _(
            "Terrace of Exile: %(count)d of %(end)d (%(officials)s). From the %(from)dth "
            "official on, an entry takes all cards; the game ends with the %(end)dth."
        )
        % {
            "count": len(view.terrace),
            "end": view.game_end_at,
            "officials": terrace,
            "from": view.phase_two_from,
        },
        "  ",
    )
    if not view.over and view.phase not in ("select",):
        who = _(view.players[view.active].name)
        if view.bonus_move:
            out += _wrap(
                _(
                    "Turn: %(who)s, the one extra move of a successful bluff (no fate die "
                    "follows it)."
                )
                % {"who": who}
            )
        else:
            out += _wrap(
                _("Turn: %(who)s, move %(num)d of at most %(max)d.")
                % {
                    "who": who,
                    "num": min(view.move_no + 1, view.max_moves),
                    "max": view.max_moves,
                }
            )
    if view.claim:
        out += _wrap(view.claim)
    out.append("")
    out.append(_("Players (cards face up, score of the best partition):"))
    for i, p in enumerate(view.players):
        mark = ">" if not view.over and i == view.active and view.phase != "select" else " "
        me = " " + _("(you)") if view.seat == i else ""
        team = ""
        if view.teams:
            team = " " + (_("[team North-South]") if i % 2 == 0 else _("[team East-West]"))
        cards = ", ".join(card_label(c) for c in p.cards) or _("no cards")
        points = ngettext("%(num)d point", "%(num)d points", p.score) % {"num": p.score}
        line = _("%(who)s: %(points)s; %(cards)s.") % {
            "who": f"{_(p.name)}{me}{team}",
            "points": points,
            "cards": cards,
        }
        out += _wrap(f"{mark} {line}", "    ")
    if view.over:
        assert view.scores is not None and view.winners is not None
        names = join([_(view.players[s].name) for s in view.winners])
        out += _wrap(
            ngettext(
                "Game over. Winner: %(names)s.", "Game over. Winners: %(names)s.", len(view.winners)
            )
            % {"names": names}  # fmt: skip
        )
    else:
        waiting = [f"{_(p.name)} ({_awaited(p.awaited)})" for p in view.players if p.awaited]
        out += _wrap(_("Waiting for: %(who)s.") % {"who": ", ".join(waiting)})
    if view.seat is not None:
        if view.my_selection:
            line = _("Your secret selection: %(official)s.") % {"official": view.my_selection}
            if view.must_reselect:
                line += " " + _("It was exiled: select a new official.")
            out += _wrap(line)
        elif not view.over:
            out += _wrap(_("Your secret selection: none yet."))
    return out
