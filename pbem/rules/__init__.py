"""The games. ``find_game(name)`` is the explicit registry (no plugin framework).

Game modules are imported lazily so that loading one game never costs the other's start-up.
"""

from __future__ import annotations

import importlib

from pbem.rules.base import Game

_GAMES: dict[str, str] = {
    "forbidden-city": "pbem.rules.forbidden_city",
    "verbotene-stadt": "pbem.rules.verbotene_stadt",
}
_ALIASES: dict[str, str] = {
    "fc": "forbidden-city",
    "forbidden_city": "forbidden-city",
    "knizia": "forbidden-city",
    "vs": "verbotene-stadt",
    "verbotene_stadt": "verbotene-stadt",
    "die-verbotene-stadt": "verbotene-stadt",
}


def game_names() -> list[str]:
    """The registered game names."""
    return list(_GAMES)


def _key(name: str) -> str:
    return _ALIASES.get(name.lower(), name.lower())


def game_key(name: str) -> str | None:
    """The registered name :func:`find_game` finds for ``name`` (a game or an alias, in any
    case), or None: without loading the game. What a player wrote (``fc``) is stored as this."""
    key = _key(name)
    return key if key in _GAMES else None


def find_game(name: str) -> Game:
    """The game object registered under ``name`` (or an alias); ``KeyError`` with the known names."""
    key = _key(name)
    if key not in _GAMES:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(_GAMES)}")
    module = importlib.import_module(_GAMES[key])
    game: Game = module.GAME
    return game
