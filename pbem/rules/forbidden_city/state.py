"""Forbidden City's position: the whole game, private parts included (:class:`State`), and the
seat colours."""

from __future__ import annotations

from dataclasses import dataclass

from pbem.rules.base import Seat
from pbem.rules.forbidden_city import board as B
from pbem.rules.forbidden_city.tiles import components


@dataclass(frozen=True, slots=True)
class State:
    """The whole game, private parts included. Never mutated: ``apply`` returns a new one."""

    n: int
    """Number of players; seat i plays colour i of purple, yellow, red, blue."""
    side: str
    """Start-tile side: ``beginner`` or ``advanced``."""
    first: Seat
    """The start player."""
    board: B.Board
    hands: tuple[str | None, ...]
    """Tile id in each seat's hand (private)."""
    stacks: tuple[tuple[str, ...], ...]
    """Each seat's face-down stack, top first (private; only the counts are public)."""
    coins: tuple[int, ...]
    """Coins earned from closed rooms, per seat."""
    to_move: Seat
    """Whose turn it is (-1 once the game is over)."""
    stopped: tuple[bool, ...]
    """Seats that have only their last 2 tiles left and place no more."""
    placed: tuple[int, ...]
    """Tiles placed per seat."""
    set_aside: tuple[tuple[Seat, str], ...]
    """Tiles that fitted nowhere (public), in order."""
    history: tuple[tuple[Seat, str, int, int, int], ...]
    """Every placement: seat, tile id, x, y, rotation."""


def colours(n: int) -> list[str]:
    """Seat colours for ``n`` players: purple, yellow, red, blue, in that order."""
    return list(components().colours[:n])
