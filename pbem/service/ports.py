"""What the service needs from outside, as types: its policy, and the crypto and rate-limit hooks
(Protocols, so the service does not import their implementations)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Protocol, TypedDict, TypeVar, Unpack

if TYPE_CHECKING:  # annotations only: the email package loads with the first mail
    from collections.abc import Sequence
    from email.message import EmailMessage

    from pbem.mail.compose import RawMail
    from pbem.mail.parse import ParsedMail
    from pbem.service.outcome import Outcome, Reason
    from pbem.store import GameRecord, Store


Protected = TypeVar("Protected", "EmailMessage", "RawMail")
"""A mail to encrypt: a message, or one built as bytes (it comes back as the same kind)."""

COMPUTER_PREFIX = "computer+"
"""Seats whose address starts with this are played by the service's bot (after RESIGN)."""


@dataclass
class Policy:
    """The service's limits and identity."""

    service_address: str
    gm_address: str
    service_name: str = "pbem"
    authserv_id: str | None = None
    """When set, the topmost Authentication-Results must carry this id and an aligned DMARC pass."""
    max_size: int = 256 * 1024
    own_addresses: tuple[str, ...] = ()
    max_commands: int = 20
    """Command lines read from one message (``[limits] max_commands_per_message``)."""
    max_say: int = 2000
    """Characters of one SAY."""
    stranger_answers_per_day: int = 1
    """Answers to one unauthenticated address in 24 hours (then silence)."""
    stranger_answers_per_hour: int = 30
    """Answers to all unauthenticated addresses together in an hour (a forged-From flood)."""
    leave_days_per_year: int = 30
    """Each address's leave for all its games, a year (``[leave] days_per_year``, issue 27)."""
    leave_min_hours: int = 24
    """The shortest leave (``[leave] min_hours``)."""
    leave_auto_max_days: int = 14
    """What VACATION AUTO spends at most in a row in a game without an answer (``[leave]
    auto_max_days``; 0: no limit)."""
    bounce_threshold: int = 3
    """Bounces of distinct mails after which an address is no longer mailed (``[limits]
    bounce_threshold``; :mod:`pbem.service.bounces`)."""
    guide_url: str = ""
    """Where the player guide is on the web (config ``guide_url``), named in the mails; empty: the
    mails say to write GUIDE (issue 31)."""


class RateLimiterPort(Protocol):
    def allow(self, sender: str) -> bool: ...


class IdentityPort(Protocol):
    def attach_public_keys(self, msg: EmailMessage) -> None: ...


class MailCryptoPort(Protocol):
    """:class:`pbem.crypto_mail.MailCrypto` as the service sees it."""

    @property
    def identity(self) -> IdentityPort: ...

    def decrypt_incoming(self, raw: bytes, message: EmailMessage) -> bytes | None:
        """``message`` is ``raw`` already parsed (the flow's outer message)."""

    def keys_in(self, message: EmailMessage) -> Sequence[object]:
        """The keys the parsed mail carries (opaque to the service); empty for none."""

    def accept_keys(self, keys: Sequence[object], address: str, now: datetime) -> list[str]: ...

    def issue(self, address: str, name: str, passphrase: str, now: datetime) -> bytes: ...

    def has_key(self, address: str, now: datetime) -> bool: ...

    def may_show_private(self, record: GameRecord, address: str, now: datetime) -> bool: ...

    def private_note(
        self, record: GameRecord, address: str, now: datetime, *, full: bool = False
    ) -> str: ...

    def protect(self, msg: Protected, to_addr: str, now: datetime) -> Protected:
        """An ``EmailMessage`` or a ``RawMail``, encrypted as the same kind."""
        ...


# ====================================================================== the ports between parts
# What one part of the service gives another (issue 24): each a small Protocol, so that a step or
# a command names what it uses, and a test hands it a fake. :class:`pbem.service.deps.Deps` holds
# the real ones; :mod:`pbem.service.wiring` builds them.


class Clock(Protocol):
    def __call__(self) -> datetime: ...


class Notice(TypedDict, total=False):
    """What the :class:`Notify` port is told beside the game (every key may be left out)."""

    actor: int | None
    """The seat whose reply made the new lines (default None: the GM, a timer, a bot)."""
    echo: str
    """What the actor's own mail says was understood and applied (default: nothing)."""
    reply_to: ParsedMail | None
    """The reply the actor's mail answers (threading); default None."""


class Notify(Protocol):
    """Queue the mails of a game's new log lines (:class:`pbem.service.wiring.Notifications`,
    which hands ``notice`` on to :meth:`pbem.service.notifier.Notifier.notify`)."""

    def __call__(self, game_id: str, **notice: Unpack[Notice]) -> int: ...


class PlayComputers(Protocol):
    """Let the service's bot play every decision owed by a computer seat of a game."""

    def __call__(self, game_id: str, limit: int = 1000) -> int: ...


class Schedule(Protocol):
    """Record when a game's next deadline falls due (its timer file), or clear it."""

    def __call__(self, game_id: str, record: GameRecord | None = None) -> None: ...


class AlertGm(Protocol):
    """Tell the GM by mail, once a day per ``key``."""

    def __call__(self, subject: str, lines: list[str], key: str) -> None: ...


class Strangers(Protocol):
    """Answers to mail that no seat sent (:class:`pbem.service.strangers.StrangerDesk`)."""

    def refuse(
        self, p: ParsedMail, why: str, reason: Reason, *, game: GameRecord | None = None
    ) -> Outcome:
        """Refuse ``p``, answering it within the strangers' budgets."""
        ...

    def allow(self, address: str) -> bool:
        """Whether one more answer to ``address`` fits the strangers' budgets (spends it)."""
        ...

    def allow_ours(self, address: str) -> bool:
        """Whether one more answer to a reply to one of our notices fits that address's own
        daily budget, apart from the strangers' (spends it)."""
        ...


class GamePorts(Protocol):
    """What changes a game and then tells its players: the store, the notify port, and the port
    that lets computer seats play (votes, the missed-deadline policy, leave)."""

    @property
    def store(self) -> Store: ...

    @property
    def notify(self) -> Notify: ...

    @property
    def play_computers(self) -> PlayComputers: ...
