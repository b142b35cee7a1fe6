"""Reading a Forbidden City move: a legal placement back, or a refusal that says what is wrong
(the square taken or unreachable, the edge that does not fit) and a few legal moves to write."""

from __future__ import annotations

from collections.abc import Callable

from pbem.i18n import N_, _
from pbem.rules.base import AmbiguousMove, IllegalMove, InvalidSyntax, NotYourDecision, Seat
from pbem.rules.forbidden_city import board as B
from pbem.rules.forbidden_city.notation import NotationError, Placement, read_move, square_name
from pbem.rules.forbidden_city.state import State, colours
from pbem.rules.forbidden_city.tiles import DIRECTION_NAMES, OPP, Orientation, orientations, tile

EDGE_WORDS = (N_("north"), N_("east"), N_("south"), N_("west"), N_("open"), N_("walled"),
              N_("archway"))  # fmt: skip
"""Direction and edge words of the refusals (translated where used)."""


def read_placement(
    state: State, seat: Seat, text: str, legal: Callable[[], list[Placement]]
) -> Placement:
    """Read a move; only legal moves come back, otherwise a player-readable RuleError."""
    # Long on purpose: one branch per form a placement may be written in, tried in order.
    names = colours(state.n)
    if state.to_move < 0:
        raise NotYourDecision(_("The game is over: there are no more tiles to place."), text=text)
    if seat != state.to_move:
        raise NotYourDecision(
            _(
                "It is not your turn: %(who)s places the next tile. Wait for the mail that "
                "says it is your turn."
            )
            % {"who": _(names[state.to_move])},
            text=text,
        )
    hints: list[str] = []

    def hint() -> str:
        """A few legal moves, for the error message (listing them all costs more than
        reading a good move: only a mistake pays for it)."""
        if not hints:
            hints.append(_examples(legal()))
        return hints[0]

    try:
        mt = read_move(text)
    except NotationError as err:
        raise InvalidSyntax(str(err), text=text, hint=hint()) from None
    board = state.board
    k = B.key(mt.x, mt.y)
    sq = square_name(mt.x, mt.y)
    hand = state.hands[seat]
    assert hand is not None
    tdef = tile(hand)
    if k in board.cells:
        raise IllegalMove(
            _(
                "%(square)s is illegal: that square already holds %(what)s. A tile goes on an "
                "empty square next to a tile."
            )
            % {"square": sq, "what": _describe_at(board, k, names)},
            text=text,
            hint=hint(),
        )
    if k not in board.frontier:
        raise IllegalMove(
            _(
                "%(square)s is illegal: no tile borders it. A tile must share a side with a "
                "tile already on the table (diagonal contact is not enough)."
            )
            % {"square": sq},
            text=text,
            hint=hint(),
        )
    req = B.requirement(board, k)
    here = [Placement(mt.x, mt.y, o.rotation) for o in B.fitting(tdef, req)]
    there = (
        _("On %(square)s these fit: %(moves)s.")
        % {"square": sq, "moves": ", ".join(m.notation() for m in here)}
        if here
        else _("Your %(tile)s fits nowhere on %(square)s. %(hint)s")
        % {"tile": hand, "square": sq, "hint": hint()}
    )
    if mt.rotation is None:
        if len(here) == 1:
            return here[0]
        if not here:
            o = orientations(tdef)[0]
            raise IllegalMove(
                _("%(square)s is illegal in every rotation: %(why)s")
                % {"square": sq, "why": _why(board, o, k, names, req)},
                text=text,
                hint=hint(),
            )
        raise AmbiguousMove(
            _(
                "'%(text)s' needs a rotation: your %(tile)s fits on %(square)s as %(moves)s. "
                "Write one of them."
            )
            % {
                "text": text.strip(),
                "tile": hand,
                "square": sq,
                "moves": _either([m.notation() for m in here]),
            },
            text=text,
            hint=there,
        )
    o = orientations(tdef)[mt.rotation]
    if B.conflict(o, req) is not None:
        move = f"{sq} R{mt.rotation}"
        raise IllegalMove(
            _("%(move)s is illegal: %(why)s")
            % {"move": move, "why": _why(board, o, k, names, req)},
            text=text,
            hint=there,
        )
    return Placement(mt.x, mt.y, o.canonical)


def _why(board: B.Board, o: Orientation, k: int, names: list[str], req: B.Requirement) -> str:
    d = B.conflict(o, req)
    if d is None:  # every rotation fails, but this one for another side: find a failing one
        for other in orientations(o.tile):
            d = B.conflict(other, req)
            if d is not None:
                o = other
                break
    assert d is not None
    colour = o.colours[d]
    assert colour is not None  # an open floor edge: it has a colour
    nk = k + B.DELTA[d]
    return _(
        "its %(colour)s %(side)s edge would meet the %(other)s %(open)s %(other_side)s edge "
        "of %(what)s; floor colours may only meet across a wall."
    ) % {
        "colour": _(colour),
        "side": _(DIRECTION_NAMES[d]),
        "other": _(str(req[d])),
        "open": _("open"),
        "other_side": _(DIRECTION_NAMES[OPP[d]]),
        "what": _describe_at(board, nk, names),
    }


def _examples(moves: list[Placement], n: int = 4) -> str:
    if not moves:
        return ""
    return _("Legal placements include %(moves)s.") % {
        "moves": ", ".join(m.notation() for m in spread(moves, n))
    }


def _describe_at(board: B.Board, k: int, colour_names: list[str]) -> str:
    cell = board.cells[k]
    x, y = B.xy(k)
    sq = square_name(x, y)
    if cell.owner < 0:
        if cell.tile.kind == "temple":
            return _("the temple on %(square)s") % {"square": sq}
        if cell.tile.kind == "garden":
            return _("the garden on %(square)s") % {"square": sq}
        return _("the start tile on %(square)s") % {"square": sq}
    return _("%(who)s's %(tile)s on %(square)s") % {
        "who": _(colour_names[cell.owner]),
        "tile": cell.tile.id,
        "square": sq,
    }


def _either(items: list[str]) -> str:
    """``a, b or c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + _(" or ") + items[-1]


def spread(moves: list[Placement], n: int) -> list[Placement]:
    """Up to ``n`` moves spread over the list (examples from different parts of the board)."""
    step = max(1, len(moves) // n)
    return moves[::step][:n]
