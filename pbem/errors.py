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
    "ServiceBusy",
    "EXIT_OK",
    "EXIT_FAILED",
    "EXIT_SETUP",
    "exit_code",
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

    def __init__(
        self, message: str, *, game: str = "", path: str = "", line: int | None = None
    ) -> None:
        where = path + (f":{line}" if line is not None else "")
        super().__init__(f"{game}: {where}: {message}" if game else f"{where}: {message}")
        self.game = game
        self.path = path
        self.line = line


class ConflictError(StoreError):
    """Another writer committed the same sequence number first; nothing was written."""


class GameStopped(StoreError):
    """The game is paused, ended, or stopped by an integrity error."""


class ServiceBusy(ConflictError):
    """Another ``pbem run`` holds the service lock: this tick did nothing (not a failure)."""


# Exit statuses of every command (docs/GM-GUIDE.md, "Exit status and errors"):
EXIT_OK = 0
"""It worked (also: another tick was already running, so there was nothing to do)."""
EXIT_FAILED = 1
"""The request failed or a check found a problem: no such game or seat, an illegal move, a file
that cannot be written, a verification mismatch; for ``pbem run``, something needs the GM."""
EXIT_SETUP = 2
"""The setup is wrong: the configuration or the keys are missing or wrong, or the command line
itself is malformed (an unknown option, a missing argument, a value in the wrong format)."""


def exit_code(exc: BaseException) -> int:
    """The exit status for an error that ends a command: the one mapping from errors to codes."""
    if isinstance(exc, ServiceBusy):
        return EXIT_OK
    if isinstance(exc, ConfigError):
        return EXIT_SETUP
    return EXIT_FAILED
