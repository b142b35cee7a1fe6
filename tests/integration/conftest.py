"""Integration tests: whole games by real mail (Dovecot IMAP + an SMTP relay started by the tests)."""

from __future__ import annotations

from mailservers import _dovecot_session, _relay_session, dovecot, mail_account, smtp_relay  # noqa: F401
