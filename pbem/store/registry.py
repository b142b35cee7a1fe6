"""Which rules a stored game uses.

The store looks games up by their registry name with :func:`pbem.rules.find_game`. Tests (and a GM
trying out a home-made game) may add a game here with :func:`register_game`; a registered name wins
over the built-in registry. This hook exists so that the store's mechanics can be tested with a small
game of the test suite's own, without touching :mod:`pbem.rules`.
"""

from __future__ import annotations

from pbem.rules import find_game
from pbem.rules.base import Game

_EXTRA: dict[str, Game] = {}


def register_game(game: Game) -> None:
    """Make ``game`` loadable by its ``name`` (replacing an earlier registration of that name)."""
    _EXTRA[game.name] = game


def unregister_game(name: str) -> None:
    """Undo :func:`register_game` (no error if it was not registered)."""
    _EXTRA.pop(name, None)


def game_for(name: str) -> Game:
    """The game called ``name``: a registered extra game, else :func:`pbem.rules.find_game`."""
    if name in _EXTRA:
        return _EXTRA[name]
    return find_game(name)
