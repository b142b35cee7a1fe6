"""A move written toward the active pavilion (issue 25): ``RK pavilion`` (``RK vers le
pavillon``, ``RK verso il padiglione``, ``RK zum Pavillon``).

It names an official and no direction: the move is read when it is played, on the board it meets
then, so a plan or a queued next turn written with it survives a pavilion die rolled in between
(a fate die's pavilion symbol, an entry). It is the official's move that enters the active
pavilion when one does (with ``claim`` or ``reveal`` as written, else as a written entry: ``reveal``
for one's own official); otherwise the move after which the official needs the fewest slides to
enter it, the other officials standing where they are, and among those (or when no number of
slides would do, as long as nothing stops an official on the pavilion's threshold line) the one
that ends nearest the threshold, counted in fields across and down; the first such move in the
game's order of moves (north, east, south, west, each straight slide before its right-angle
turns). When no move brings it nearer in that sense, it is refused with the reason, like any
illegal move: a plan stops there and the player is asked. What is recorded, shown and replayed is the move it was read as (``RK N E``): the
rules and the log do not know the word.
"""

from __future__ import annotations

from pbem.i18n import _
from pbem.rules.base import IllegalMove
from pbem.rules.verbotene_stadt import engine
from pbem.rules.verbotene_stadt.board import Board
from pbem.rules.verbotene_stadt.bots import entry_distances
from pbem.rules.verbotene_stadt.state import Move, State

WORDS = frozenset({"pavilion", "pavillon", "padiglione"})
"""The word of the move toward the active pavilion (en, fr/de, it)."""

DEPTH = 64
"""Slides counted toward the pavilion (more than the board ever needs: no cap in practice)."""


def toward(board: Board, state: State, seat: int, official: int, text: str, hint: str) -> Move:
    """The move of ``official`` toward the active pavilion, without its mode (an entering move's
    mode is the caller's, as for a written one). Raises :class:`IllegalMove` when it has none."""
    code = board.official_code(official)
    start = state.positions[official]
    if start < 0:
        raise IllegalMove(
            _("%(code)s is on the Terrace of Exile and can no longer move.") % {"code": code},
            text=text,
            hint=hint,
        )
    pairs = [
        (m, e) for m, e in engine.moves_with_ends(board, state, seat) if m.official == official
    ]
    entry = next((m for m, e in pairs if e == -1), None)
    if entry is not None:
        return Move(official, entry.dirs, entry.step, "")
    dist = entry_distances(board, state, official, depth=DEPTH)
    pav = board.pavilions.get(state.active_pavilion)
    tx, ty = board.xy(pav.threshold) if pav is not None else (0, 0)

    def nearness(c: int) -> tuple[int, int]:
        x, y = board.xy(c)
        return dist[c], abs(x - tx) + abs(y - ty)

    here = nearness(start)
    best = min(pairs, key=lambda p: nearness(p[1]), default=None)
    if pav is not None and best is not None and nearness(best[1]) < here:
        return best[0]
    if here[0] == 1 and state.selections[seat] != official:
        # It could slide in, but only its briber may enter it yet: the engine's own reason.
        raise IllegalMove(
            engine.entry_error(board, state, seat, Move(official, ("N",), False, "reveal")),
            text=text,
            hint=hint,
        )
    raise IllegalMove(
        _(
            "%(code)s cannot get nearer to the active pavilion %(pavilion)s with one move from "
            "%(field)s now; write the move's directions instead."
        )
        % {"code": code, "pavilion": state.active_pavilion, "field": board.label(start)},
        text=text,
        hint=hint,
    )
