"""Fixtures of the mail tests: the real servers of tests/mailservers.py."""

from __future__ import annotations

from mailservers import _dovecot_session, _relay_session, dovecot, mail_account, smtp_relay  # noqa: F401
