"""What the service needs from outside, as types: its policy, and the crypto and rate-limit hooks
(Protocols, so the service does not import their implementations)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # annotations only: the email package loads with the first mail
    from collections.abc import Sequence
    from email.message import EmailMessage


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

    identity: Any

    def decrypt_incoming(self, raw: bytes, message: EmailMessage) -> bytes | None:
        """``message`` is ``raw`` already parsed (the flow's outer message)."""

    def keys_in(self, message: EmailMessage) -> Sequence[Any]:
        """The keys the parsed mail carries (opaque to the service); empty for none."""

    def accept_keys(self, keys: Sequence[Any], address: str, now: datetime) -> list[str]: ...

    def issue(self, address: str, name: str, passphrase: str, now: datetime) -> bytes: ...

    def has_key(self, address: str, now: datetime) -> bool: ...

    def may_show_private(self, record: Any, address: str, now: datetime) -> bool: ...

    def private_note(
        self, record: Any, address: str, now: datetime, *, full: bool = False
    ) -> str: ...

    def protect(self, msg: Any, to_addr: str, now: datetime) -> Any:
        """An ``EmailMessage`` or a ``RawMail``, encrypted as the same kind."""
        ...
