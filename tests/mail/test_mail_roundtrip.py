"""The whole transport: the reply corpus sent by SMTP, relayed into Dovecot, fetched over IMAP,
parsed and judged, exactly as the service will see it."""

from __future__ import annotations

import email
from collections.abc import Callable
from email import policy as email_policy
from email.message import EmailMessage
from pathlib import Path

import pytest
from mailservers import AUTHSERV_ID, MailAccount
from test_mail_parse import CORPUS, EXPECTED

from pbem.mail.localservers import RelaySMTP
from pbem.mail.outbound import SmtpSender
from pbem.mail.parse import parse_message
from pbem.mail.policy import dmarc_verdict, is_loop_or_auto

pytestmark = pytest.mark.mailserver


def test_corpus_through_smtp_dovecot_and_imap(
    smtp_relay: RelaySMTP, mail_account: Callable[[str], MailAccount], tmp_path: Path
) -> None:
    service = mail_account("service")
    names = sorted(EXPECTED)
    batch = []
    for name in names:
        msg = email.message_from_bytes((CORPUS / name).read_bytes(), policy=email_policy.default)
        assert isinstance(msg, EmailMessage)
        del msg["To"]
        msg["To"] = service.address
        batch.append(msg)
    smtp_relay.dmarc_fail.add("alice@example.fr")
    results = SmtpSender(smtp_relay.host, smtp_relay.port, "none").send_batch(batch)
    assert all(r.ok for r in results)

    with service.imap(tmp_path / "cursor.json") as inbox:
        fetched = inbox.fetch_new()
        assert len(fetched) == len(names)
        for name, got in zip(names, fetched, strict=True):
            parsed = parse_message(got.raw)
            assert parsed.command_lines() == EXPECTED[name], name
            assert is_loop_or_auto(parsed, [service.address]) is None, name
            # The relay's header is on top; the one the file carried (also "mx.pbem.test",
            # claiming pass) is below it and must not count.
            assert parsed.auth_results[0].authserv_id == AUTHSERV_ID
            verdict = "fail" if parsed.from_addr == "alice@example.fr" else "pass"
            assert dmarc_verdict(parsed, AUTHSERV_ID) == verdict, name
            assert len(parsed.auth_results) == 2
            inbox.done(got, "processed")
        assert inbox.fetch_new() == []
