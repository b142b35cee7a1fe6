"""Errors of pbem, in one place.

Two families matter to the mail loop:

- a *player's mistake* (:class:`CommandError`, or a rules :class:`~pbem.rules.base.RuleError`)
  becomes reply text: what was wrong and what to write instead;
- anything else is *our bug*: the raw message is shunted for the GM and the tick goes on.
"""

from __future__ import annotations

from pbem.rules.base import (  # re-exported: the rule errors are player mistakes too
    AmbiguousMove,
    IllegalMove,
    InvalidSyntax,
    NotYourDecision,
    RuleError,
)

__all__ = [
    "AmbiguousMove",
    "IllegalMove",
    "InvalidSyntax",
    "NotYourDecision",
    "RuleError",
    "PbemError",
    "CommandError",
    "PLAYER_ERRORS",
    "StoreError",
    "IntegrityError",
    "ConflictError",
    "GameStopped",
    "ConfigError",
]


class PbemError(Exception):
    """Base of pbem's own errors."""


class CommandError(PbemError):
    """A player's mistake outside the game rules (unknown command, old mail, missing CONFIRM...).

    ``str(err)`` is player-readable and goes into the reply.
    """

    def __init__(self, message: str, *, hint: str = "") -> None:
        super().__init__(message)
        self.hint = hint


PLAYER_ERRORS: tuple[type[Exception], ...] = (CommandError, RuleError)
"""Catch these to answer the player; let everything else reach the shunt."""


class ConfigError(PbemError):
    """The configuration or the keys are missing or wrong; the message says what to do."""


class StoreError(PbemError):
    """A problem with a game's files."""


class IntegrityError(StoreError):
    """A signature, hash chain or replay mismatch: that game stops, the others go on."""

    def __init__(self, message: str, *, game: str = "", path: str = "", line: int | None = None) -> None:
        where = path + (f":{line}" if line is not None else "")
        super().__init__(f"{game}: {where}: {message}" if game else f"{where}: {message}")
        self.game = game
        self.path = path
        self.line = line


class ConflictError(StoreError):
    """Another writer committed the same sequence number first; nothing was written."""


class GameStopped(StoreError):
    """The game is paused, ended, or stopped by an integrity error."""
