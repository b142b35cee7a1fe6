"""The local servers themselves: Dovecot over plain, STARTTLS and TLS IMAP; the relay's paths."""

from __future__ import annotations

import email
import mailbox
import shutil
import smtplib
import ssl
from collections.abc import Callable
from pathlib import Path

import imapclient
import pytest
from mailservers import AUTHSERV_ID, MailAccount

from pbem.mail.localservers import (
    DovecotServer,
    RelaySMTP,
    dovecot_available,
    make_server_dir,
)
from pbem.mail.outbound import maildir_for

pytestmark = pytest.mark.mailserver

RAW = b"From: alice@pbem.test\r\nTo: x@pbem.test\r\nSubject: hello\r\nMessage-ID: <m1@pbem.test>\r\n\r\nC4 R1\r\n"


def _imap_messages(dovecot: DovecotServer, acct: MailAccount, folder: str = "INBOX") -> list[bytes]:
    with imapclient.IMAPClient(acct.host, acct.imap_port, ssl=False) as client:
        client.login(acct.address, acct.password)
        client.select_folder(folder, readonly=True)
        uids = client.search(["ALL"])
        return [v[b"BODY[]"] for v in client.fetch(uids, [b"BODY.PEEK[]"]).values()] if uids else []


def test_lmtp_delivery_and_all_three_imap_securities(
    dovecot: DovecotServer, mail_account: Callable[[str], MailAccount]
) -> None:
    acct = mail_account("svc")
    # The +detail part is the reply token: Dovecot strips it to find the user.
    local, domain = acct.address.split("@")
    dovecot.deliver(f"{local}+tok@{domain}", RAW)
    ctx = dovecot.client_ssl_context()
    for security in ("none", "starttls", "tls"):
        port = acct.imaps_port if security == "tls" else acct.imap_port
        with imapclient.IMAPClient(
            acct.host, port, ssl=security == "tls", ssl_context=ctx
        ) as client:
            if security == "starttls":
                client.starttls(ctx)
            client.login(acct.address, acct.password)
            names = {f[2] for f in client.list_folders()}
            assert {"INBOX", "Processed", "Rejected", "Shunt"} <= names
            client.select_folder("INBOX", readonly=True)
            (uid,) = client.search(["ALL"])
            raw = client.fetch([uid], [b"BODY.PEEK[]"])[uid][b"BODY[]"]
            assert raw.endswith(b"C4 R1\r\n")
            assert f"Delivered-To: {local}+tok@{domain}".encode() in raw
            assert raw.startswith(b"Return-Path: <alice@pbem.test>")  # the From, by default


def test_tls_rejects_an_untrusted_certificate(dovecot: DovecotServer) -> None:
    with pytest.raises(ssl.SSLError):
        imapclient.IMAPClient(
            dovecot.host, dovecot.imaps_port, ssl=True, ssl_context=ssl.create_default_context()
        )


def test_wrong_password_is_refused(
    dovecot: DovecotServer, mail_account: Callable[[str], MailAccount]
) -> None:
    acct = mail_account("svc")
    with (
        imapclient.IMAPClient(acct.host, acct.imap_port, ssl=False) as client,
        pytest.raises(imapclient.exceptions.LoginError),
    ):
        client.login(acct.address, "wrong")


def test_relay_stamps_auth_results_and_delivers_before_250(
    dovecot: DovecotServer, smtp_relay: RelaySMTP, mail_account: Callable[[str], MailAccount]
) -> None:
    acct = mail_account("svc")
    smtp_relay.dmarc_fail.add("mallory@evil.test")
    with smtplib.SMTP(smtp_relay.host, smtp_relay.port) as smtp:
        smtp.sendmail("alice@pbem.test", [acct.address], RAW)
        smtp.sendmail("mallory@evil.test", [acct.address], RAW)
    # Synchronous delivery: both are in the mailbox the moment the relay said 250.
    first, second = (email.message_from_bytes(m) for m in _imap_messages(dovecot, acct))
    assert first["Authentication-Results"].startswith(f"{AUTHSERV_ID};")
    assert "dmarc=pass" in first["Authentication-Results"]
    assert "dmarc=fail" in second["Authentication-Results"]


def test_relay_answers_chosen_failures_and_unknown_users(
    smtp_relay: RelaySMTP, mail_account: Callable[[str], MailAccount]
) -> None:
    acct = mail_account("svc")
    smtp_relay.fail["busy@pbem.test"] = (451, "4.2.1 Mailbox busy, try later")
    smtp_relay.fail["gone@pbem.test"] = (550, "5.1.1 No such user")
    with smtplib.SMTP(smtp_relay.host, smtp_relay.port) as smtp:
        with pytest.raises(smtplib.SMTPRecipientsRefused) as busy:
            smtp.sendmail("a@pbem.test", ["busy@pbem.test"], RAW)
        assert busy.value.recipients["busy@pbem.test"][0] == 451
        with pytest.raises(smtplib.SMTPRecipientsRefused) as gone:
            smtp.sendmail("a@pbem.test", ["gone@pbem.test"], RAW)
        assert gone.value.recipients["gone@pbem.test"][0] == 550
        # A recipient Dovecot does not know: LMTP refuses it, and the relay passes that on.
        with pytest.raises(smtplib.SMTPDataError) as unknown:
            smtp.sendmail("a@pbem.test", ["nobody-here@pbem.test"], RAW)
        assert unknown.value.smtp_code == 550
        smtp.sendmail("a@pbem.test", [acct.address], RAW)
    assert [d.recipients for d in smtp_relay.deliveries] == [(acct.address,)]


def test_relay_without_dovecot_writes_maildirs_with_starttls_and_auth(tmp_path: Path) -> None:
    # This path needs no Dovecot: it is what the demo uses on machines without one.
    root = tmp_path / "mail"
    with RelaySMTP(maildir_root=root, security="starttls", users={"svc": "pw"}) as relay:
        ctx = relay.client_ssl_context()
        with smtplib.SMTP(relay.host, relay.port) as smtp, pytest.raises(smtplib.SMTPException):
            smtp.sendmail("svc@pbem.test", ["bob@pbem.test"], RAW)  # neither TLS nor AUTH yet
        with smtplib.SMTP(relay.host, relay.port) as smtp:
            smtp.starttls(context=ctx)
            with pytest.raises(smtplib.SMTPAuthenticationError):
                smtp.login("svc", "wrong")
            smtp.login("svc", "pw")
            smtp.sendmail("svc@pbem.test", ["Bob@pbem.test", "carol+Tok3n@pbem.test"], RAW)
    for who in ("bob@pbem.test", "carol@pbem.test"):
        (msg,) = mailbox.Maildir(maildir_for(root, who), create=False)
        assert msg["Delivered-To"] in ("Bob@pbem.test", "carol+Tok3n@pbem.test")
        payload = msg.get_payload()
        assert isinstance(payload, str) and payload.strip() == "C4 R1"


def test_relay_implicit_tls(tmp_path: Path) -> None:
    with RelaySMTP(maildir_root=tmp_path, security="tls") as relay:
        with smtplib.SMTP_SSL(relay.host, relay.port, context=relay.client_ssl_context()) as smtp:
            smtp.sendmail("a@pbem.test", ["bob@pbem.test"], RAW)
        assert len(relay.deliveries) == 1


@pytest.mark.skipif(dovecot_available() is None, reason="DOVECOT IS NOT INSTALLED")
def test_second_instance_starts_stops_and_adds_users() -> None:
    base = make_server_dir("pbem-dc2-")
    try:
        with DovecotServer(base, {"a@pbem.test": "pw"}) as server:
            server.add_user("late@pbem.test", "late-pw")
            with imapclient.IMAPClient(server.host, server.imap_port, ssl=False) as client:
                client.login("late@pbem.test", "late-pw")
            master = server._master_pid
            assert master is not None
        assert not server.running
        with pytest.raises(ProcessLookupError):
            import os

            os.kill(master, 0)
    finally:
        shutil.rmtree(base, ignore_errors=True)


@pytest.mark.skipif(dovecot_available() is None, reason="DOVECOT IS NOT INSTALLED")
def test_unusable_directory_falls_back_to_an_own_one(tmp_path: Path) -> None:
    # Too long for Dovecot's socket paths (and, as root, under pytest's root-only tmp dir).
    wanted = tmp_path / ("x" * 80) / "dovecot"
    server = DovecotServer(wanted, {"a@pbem.test": "pw"})
    with server:
        assert server.base_dir != wanted
        server.deliver("a@pbem.test", RAW)
        assert len(list((server.maildir("a@pbem.test") / "new").iterdir())) == 1
        used = server.base_dir
    assert not used.exists()  # its own directory is removed on stop
