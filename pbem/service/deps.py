"""What the pipeline's steps and the email commands work with (issue 24): one frozen
:class:`Deps`, built once by :mod:`pbem.service.wiring` when the first mail (or the first timer,
notification...) needs it, and handed down. A step or a command reads its collaborators from it
and never reaches the :class:`~pbem.service.Service` facade; a unit test builds a ``Deps`` of
fakes (``tests/service/test_steps_unit.py``).

The ports (:class:`~pbem.service.ports.Notify`, :class:`~pbem.service.ports.Strangers`...) are
Protocols in :mod:`pbem.service.ports`; the objects behind them are in :mod:`pbem.service.wiring`
and :mod:`pbem.service.strangers`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pbem.service.ports import (
    AlertGm,
    Clock,
    MailCryptoPort,
    Notify,
    PlayComputers,
    Policy,
    RateLimiterPort,
    Schedule,
    Strangers,
)

if TYPE_CHECKING:
    from pbem.service.journal import Journal
    from pbem.service.keys import KeyDesk
    from pbem.service.mailer import Mailer
    from pbem.service.prefs import Prefs
    from pbem.store import Store


class Hooks:
    """The two hooks a caller may set after the service is built (the runner, the demo, tests):
    the per-seat rate limiter, and the mail crypto, given ready (:attr:`crypto`) or as a factory
    opened on first use (:attr:`open_crypto`: an idle tick never imports the crypto stack)."""

    def __init__(
        self,
        rate_limiter: RateLimiterPort | None = None,
        crypto: MailCryptoPort | None = None,
        open_crypto: Callable[[], MailCryptoPort] | None = None,
    ) -> None:
        self.rate_limiter = rate_limiter
        """Per authenticated seat (``game:seat``), never per claimed sender."""
        self.crypto = crypto
        self.open_crypto = open_crypto

    @property
    def has_crypto(self) -> bool:
        """Whether there is a crypto, without opening it."""
        return self.crypto is not None or self.open_crypto is not None

    def mail_crypto(self) -> MailCryptoPort | None:
        """The crypto, opened now if it was given as a factory (once)."""
        if self.crypto is None and self.open_crypto is not None:
            self.crypto = self.open_crypto()
            self.open_crypto = None
        return self.crypto


@dataclass(frozen=True)
class Deps:
    """The collaborators of the steps and the commands, each narrow and typed."""

    store: Store
    policy: Policy
    clock: Clock
    secret: bytes
    """The token secret (Message-ID MACs, sign-up and take-over confirmations)."""
    journal: Journal
    prefs: Prefs
    mailer: Mailer
    keys: KeyDesk
    hooks: Hooks
    strangers: Strangers
    notify: Notify
    schedule: Schedule
    alert_gm: AlertGm
    play_computers: PlayComputers

    def crypto(self) -> MailCryptoPort | None:
        """The mail crypto (opened on first use), or None."""
        return self.hooks.mail_crypto()

    @property
    def max_say(self) -> int:
        """Characters of one SAY (the policy's)."""
        return self.policy.max_say
