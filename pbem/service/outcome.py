"""What became of one incoming message: a typed outcome the runner acts on."""

from __future__ import annotations

from enum import StrEnum

import msgspec


class Folder(StrEnum):
    """Where the runner moves the message."""

    PROCESSED = "processed"
    """Applied or answered."""
    REJECTED = "rejected"
    """Refused or dropped."""
    SHUNT = "shunt"
    """Our bug or a stopped game: kept unchanged for the GM."""


class Reason(StrEnum):
    """Why, in one word or three (logged, counted by the runner, asserted by tests)."""

    APPLIED = "applied"
    ANSWERED = "answered"
    ALREADY_APPLIED = "already applied"
    KEY_FILED = "key filed"
    KEY_REFUSED = "key refused"
    REFUSED = "refused"
    """The player's commands could not be carried out; the reply says why."""
    TOO_LARGE = "too large"
    UNREADABLE = "unreadable structure"
    DECRYPTION_FAILED = "decryption failed"
    NO_TOKEN = "no token"
    BAD_TOKEN = "bad token"
    OTHER_SEAT = "token of another seat"
    AUTH_RESULTS = "authentication-results"
    BAD_FROM = "bad from"
    INTEGRITY = "integrity error"
    DROPPED_LOOP = "no answer: loop or automatic mail"
    DROPPED_RATE = "no answer: rate limit"
    DROPPED_STRANGER = "no answer: stranger already answered"
    DROPPED_NO_SENDER = "no answer: no sender"
    BOUNCE = "no answer: bounce"
    """A delivery failure of one of our mails (counted by pbem.service.bounces), or a delay."""
    CONFIRMATION_SENT = "confirmation sent"
    """A request without a token (JOIN, WATCH...): the address was asked to confirm it."""


class Outcome(msgspec.Struct, frozen=True):
    """What became of one incoming message (the runner moves it to ``folder``)."""

    folder: Folder
    reason: Reason
    game_id: str | None = None
    replies: int = 0
    expunge: bool = False
    """Delete the message outright (it carried a passphrase)."""
    detail: str = ""
    """For the log: what exactly was refused (never a secret)."""

    @property
    def applied(self) -> bool:
        return self.reason is Reason.APPLIED
