"""Pytest fixtures for real mail servers on 127.0.0.1 (Dovecot IMAP/LMTP and an SMTP relay).

Import them into a conftest.py::

    from mailservers import dovecot, mail_account, smtp_relay  # noqa: F401

(``tests/`` is on ``sys.path`` because ``tests/conftest.py`` exists.) One Dovecot and one relay are
shared by the whole session (start ~0.1 s, stop ~1 s); tests stay independent by taking a fresh
account from :func:`mail_account`. Without Dovecot every test using these fixtures is skipped with a
loud reason, and ``tests/conftest.py`` turns that skip into a failure under ``CI=true``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from pbem.mail.inbound import ImapSource
from pbem.mail.localservers import DovecotServer, RelaySMTP, dovecot_available
from pbem.mail.outbound import Security

if TYPE_CHECKING:
    import ssl

__all__ = [
    "AUTHSERV_ID",
    "MAIL_USERS",
    "MailAccount",
    "dovecot",
    "smtp_relay",
    "mail_account",
]

AUTHSERV_ID = "mx.pbem.test"
"""The authserv-id the relay stamps into Authentication-Results (the GM's own server)."""

MAIL_USERS: dict[str, str] = {
    "service@pbem.test": "service-secret",
    "gm@pbem.test": "gm-secret",
    "alice@pbem.test": "alice-secret",
    "bob@pbem.test": "bob-secret",
    "carol@pbem.test": "carol-secret",
    "dave@pbem.test": "dave-secret",
}
"""The accounts every session's Dovecot starts with: login (= address) -> password."""

_SKIP_REASON = (
    "DOVECOT IS NOT INSTALLED: the real IMAP/LMTP tests cannot run. Install the Debian packages "
    "dovecot-imapd and dovecot-lmtpd (CI does this in .ci/run)."
)


@dataclass(frozen=True)
class MailAccount:
    """A fresh Dovecot account: where and how to log in over IMAP."""

    address: str
    """The login, which is also the address mail is delivered to."""
    password: str
    host: str
    imap_port: int
    """Plain IMAP port (STARTTLS offered)."""
    imaps_port: int
    """Implicit-TLS IMAP port."""

    def imap(
        self,
        cursor_path: Path,
        security: Security = "none",
        *,
        ssl_context: ssl.SSLContext | None = None,
    ) -> ImapSource:
        """An :class:`ImapSource` logged in as this account (plain IMAP port)."""
        return ImapSource(
            self.host,
            self.imap_port,
            security,
            self.address,
            self.password,
            cursor_path=cursor_path,
            ssl_context=ssl_context,
        )


@pytest.fixture(scope="session")
def _dovecot_session() -> Iterator[DovecotServer | None]:
    if dovecot_available() is None:
        yield None
        return
    server = DovecotServer(None, MAIL_USERS)  # its own temp dir, removed by stop()
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def dovecot(
    request: pytest.FixtureRequest, _dovecot_session: DovecotServer | None
) -> DovecotServer:
    """The session's running :class:`DovecotServer` (users: :data:`MAIL_USERS`)."""
    request.applymarker(pytest.mark.mailserver)
    if _dovecot_session is None:
        pytest.skip(_SKIP_REASON)
    return _dovecot_session


@pytest.fixture(scope="session")
def _relay_session(_dovecot_session: DovecotServer | None) -> Iterator[RelaySMTP | None]:
    if _dovecot_session is None:
        yield None
        return
    with RelaySMTP(lmtp=_dovecot_session.lmtp_address, authserv_id=AUTHSERV_ID) as relay:
        yield relay


@pytest.fixture
def smtp_relay(
    request: pytest.FixtureRequest, dovecot: DovecotServer, _relay_session: RelaySMTP | None
) -> Iterator[RelaySMTP]:
    """A plain-TCP :class:`RelaySMTP` on 127.0.0.1 delivering into :func:`dovecot` by LMTP.

    It stamps ``Authentication-Results: mx.pbem.test; dmarc=pass ...``. ``fail``,
    ``dmarc_fail`` and ``deliveries`` are reset after each test.
    """
    assert _relay_session is not None
    yield _relay_session
    _relay_session.fail.clear()
    _relay_session.dmarc_fail.clear()
    _relay_session.deliveries.clear()


_counter = itertools.count(1)


@pytest.fixture
def mail_account(dovecot: DovecotServer) -> Callable[[str], MailAccount]:
    """A factory of fresh accounts on :func:`dovecot`: ``mail_account("service")`` gives e.g.
    ``service-7@pbem.test`` with an empty INBOX, so tests sharing the server stay independent."""

    def make(prefix: str = "user") -> MailAccount:
        address = f"{prefix}-{next(_counter)}@pbem.test"
        password = f"pw-{address}"
        dovecot.add_user(address, password)
        return MailAccount(address, password, dovecot.host, dovecot.imap_port, dovecot.imaps_port)

    return make
