"""Facts about a game that every mail, HISTORY and the GM's commands must tell the same way."""

from __future__ import annotations

from pbem.i18n import N_
from pbem.store import GameRecord, fold


def moves_in_effect(record: GameRecord) -> list[int]:
    """The log sequence numbers of the actions in effect (:func:`pbem.store.fold.moves_in_effect`)."""
    return fold.moves_in_effect(record.entries)


def moves_played(record: GameRecord) -> int:
    """How many moves are in effect: the one move number mails, HISTORY, ``#N`` guards and
    ``pbem admin list`` use (the next move is ``moves_played + 1``). Counted from the lines'
    kinds, without decoding them."""
    return record.entries.in_effect()


def private_part(record: GameRecord) -> str:
    """What the game's private information is called ("tile", "bribe selection"...)."""
    return str(getattr(record.game, "private_part", "tile"))


PRIVATE_PARTS = (N_("tile"), N_("bribe selection"))
"""The games' private parts, for the catalogs (translated where shown)."""


def scores_of(view: object) -> list[int] | None:
    """The scores a game's public view shows (``coins`` or ``scores``), or None."""
    for name in ("coins", "scores"):
        value = getattr(view, name, None)
        if isinstance(value, list) and all(isinstance(x, int) for x in value):
            return list(value)
    return None


PLAN_KINDS: dict[str, str] = {"verbotene-stadt": "move"}
"""The games that take a plan, and the kind of decision a plan's actions answer."""


def plan_kind(game_name: str) -> str | None:
    """The decision kind a plan of ``game_name`` answers (None: the game takes no plan)."""
    return PLAN_KINDS.get(game_name)


def missed_in_a_row(record: GameRecord, seat: int) -> int:
    """Decisions of ``seat``'s current player played by the computer because their deadline
    passed, in a row (a move of their own starts the count again)."""
    from pbem.store.payloads import ActionLine, ReplaceLine

    n = 0
    for e in record.entries:  # not fold.walk: the seat's own lines in order, no move numbers
        p = e.payload
        if isinstance(p, ReplaceLine) and p.seat == seat:
            n = 0
        elif isinstance(p, ActionLine) and p.seat == seat:
            n = n + 1 if p.source == "timer" else 0
    return n
