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

A helper's move toward the door (``BG door``, ``BG vers la porte``, ``BG verso la porta``, ``BG
zur Tür``) is read the same way: another official (any official) slid toward a field beside the
active pavilion's threshold, where it stops the others on the threshold so that they can turn in
(:func:`~pbem.rules.verbotene_stadt.bots.blocker_cells`). It is the official's move that ends on
such a field, or nearest to one in slides; never an entry. It is refused when an official already
stands on such a field, when the active pavilion has none, or when no move brings the official
nearer (a plan stops there, or plays ``STANDING BLOCKED PAVILION``'s move instead).

The two together (``RK pavilion or door``, ``RK pavillon ou porte``, ``RK padiglione o porta``,
``RK Pavillon oder Tür``): RK's move toward the active pavilion, and when it is refused, the
helper's move toward the door of another official (:func:`helper`): what the seat's standing
order ``BLOCKED PAVILION DOOR`` plays instead of a slide that is illegal when its time comes
(the service's fallback text; the guides teach the order rather than these words, whose "or" the
reply reader may take for a doubt in a command's argument).
"""

from __future__ import annotations

from pbem.i18n import _
from pbem.rules.base import IllegalMove
from pbem.rules.verbotene_stadt import engine
from pbem.rules.verbotene_stadt.board import Board
from pbem.rules.verbotene_stadt.bots import blocker_cells, entry_distances
from pbem.rules.verbotene_stadt.state import Move, State

WORDS = frozenset({"pavilion", "pavillon", "padiglione"})
"""The word of the move toward the active pavilion (en, fr/de, it)."""

DOOR_WORDS = frozenset({"door", "porte", "porta", "tür", "tuer"})
OR_WORDS = frozenset({"or", "ou", "o", "oder"})
"""The word between the two moves of ``RK pavilion or door`` (en, fr, it, de)."""

ANY_WORDS = frozenset({"any", "quelconque", "qualsiasi", "beliebig"})
"""The word of the last resort of ``RK pavilion or door or any`` (en, fr, it, de)."""
"""The word of a helper's move toward the door (en, fr, it, de; ``Tür`` also without its
umlaut)."""

DEPTH = 64
"""Slides counted toward the pavilion (more than the board ever needs: no cap in practice)."""


def _on_board(board: Board, state: State, official: int, text: str, hint: str) -> int:
    """The field of ``official``; raises :class:`IllegalMove` when it was exiled."""
    start = state.positions[official]
    if start < 0:
        raise IllegalMove(
            _("%(code)s is on the Terrace of Exile and can no longer move.")
            % {"code": board.official_code(official)},
            text=text,
            hint=hint,
        )
    return start


def toward(board: Board, state: State, seat: int, official: int, text: str, hint: str) -> Move:
    """The move of ``official`` toward the active pavilion, without its mode (an entering move's
    mode is the caller's, as for a written one). Raises :class:`IllegalMove` when it has none."""
    code = board.official_code(official)
    start = _on_board(board, state, official, text, hint)
    pairs = list(engine.moves_of_official(board, state, seat, official))
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


def door(board: Board, state: State, seat: int, official: int, text: str, hint: str) -> Move:
    """The move of ``official`` toward a field beside the active pavilion's threshold (where it
    stops the others on the threshold), never an entry: the move ending on such a field, else
    nearest to one in slides, then the first in the game's order of moves. Raises
    :class:`IllegalMove` when an official already stands there, the pavilion has no such field,
    or no move brings ``official`` nearer."""
    code = board.official_code(official)
    start = _on_board(board, state, official, text, hint)
    fields = frozenset(blocker_cells(board, state))
    pavilion = state.active_pavilion
    if not fields:
        raise IllegalMove(
            _(
                "The active pavilion %(pavilion)s has no field beside its door where an official "
                "would stop the others; write the move's directions instead."
            )
            % {"pavilion": pavilion},
            text=text,
            hint=hint,
        )
    there = next((o for o, c in enumerate(state.positions) if c in fields), None)
    if there is not None:
        raise IllegalMove(
            _(
                "%(other)s already stands beside the door of the active pavilion %(pavilion)s; "
                "write the move's directions instead."
            )
            % {"other": board.official_code(there), "pavilion": pavilion},
            text=text,
            hint=hint,
        )
    dist = entry_distances(board, state, official, targets=fields, depth=DEPTH)
    pairs = [
        (m, e)
        for m, e in engine.moves_of_official(board, state, seat, official)
        if e >= 0 and not m.mode
    ]
    best = min(pairs, key=lambda p: dist[p[1]], default=None)
    if best is not None and dist[best[1]] < dist[start]:
        return best[0]
    raise IllegalMove(
        _(
            "%(code)s cannot get nearer to the door of the active pavilion %(pavilion)s with one "
            "move from %(field)s now; write the move's directions instead."
        )
        % {"code": code, "pavilion": pavilion, "field": board.label(start)},
        text=text,
        hint=hint,
    )


def helper(board: Board, state: State, seat: int, besides: int, text: str, hint: str) -> Move:
    """The move toward the door (:func:`door`) of any official other than ``besides`` that ends
    fewest slides from a field beside the threshold (the first official in the game's order on a
    tie). Raises :class:`IllegalMove` when there is none: the reason of :func:`door` when no
    official may go there (one stands there already, or there is no such field), else that no
    official can get nearer."""
    fields = frozenset(blocker_cells(board, state))
    best: tuple[int, Move] | None = None
    for o, c in enumerate(state.positions):
        if o == besides or c < 0:
            continue
        try:
            move = door(board, state, seat, o, text, hint)
        except IllegalMove:
            if not fields or any(p in fields for p in state.positions):
                raise
            continue
        end = engine.trace(board, state, move).end
        slides = entry_distances(board, state, o, targets=fields, depth=DEPTH)[end]
        if best is None or slides < best[0]:
            best = (slides, move)
    if best is None:
        raise IllegalMove(
            _(
                "No official can get nearer to the door of the active pavilion %(pavilion)s "
                "with one move now; write the move's directions instead."
            )
            % {"pavilion": state.active_pavilion},
            text=text,
            hint=hint,
        )
    return best[1]


def aside(board: Board, state: State, seat: int, besides: int, text: str, hint: str) -> Move:
    """A move that changes least, when nothing useful is left: the first legal move that enters
    nothing of the official farthest from entering the active pavilion (in slides, then fields
    from its threshold), other than ``besides`` and the seat's own official, and never one
    standing beside the door. Raises :class:`IllegalMove` when there is none."""
    mine = state.selections[seat]
    fields = frozenset(blocker_cells(board, state))
    pav = board.pavilions.get(state.active_pavilion)
    tx, ty = board.xy(pav.threshold) if pav is not None else (0, 0)
    moves: dict[int, Move] = {}
    for m, e in engine.moves_with_ends(board, state, seat):
        if e >= 0 and not m.mode and m.official not in (besides, mine):
            moves.setdefault(m.official, m)

    def far(o: int) -> tuple[int, int, int]:
        c = state.positions[o]
        x, y = board.xy(c)
        dist = entry_distances(board, state, o, depth=DEPTH)
        return dist[c], abs(x - tx) + abs(y - ty), -o

    pick = max((o for o in moves if state.positions[o] not in fields), key=far, default=None)
    if pick is None:
        raise IllegalMove(
            _("No other official can make a move now; write the move's directions instead."),
            text=text,
            hint=hint,
        )
    return moves[pick]
