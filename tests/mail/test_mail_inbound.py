"""ImapSource against the real Dovecot; MaildirSource on disk."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Literal

import imapclient
import pytest
from mailservers import MailAccount

from pbem.errors import ConfigError
from pbem.mail.inbound import ImapSource, InboundMessage, MaildirSource
from pbem.mail.localservers import DovecotServer
from pbem.mail.outbound import deliver_to_maildir, maildir_for


def raw(n: int) -> bytes:
    return (
        f"From: alice@example.org\r\nTo: service@pbem.test\r\nSubject: move {n}\r\n"
        f"Message-ID: <m{n}@example.org>\r\n\r\nC{n} R1\r\n"
    ).encode()


def source(acct: MailAccount, tmp_path: Path, **kw: object) -> ImapSource:
    return ImapSource(
        acct.host,
        acct.imap_port,
        "none",
        acct.address,
        acct.password,
        cursor_path=tmp_path / "cursor.json",
        **kw,  # type: ignore[arg-type]
    )


def folder_state(acct: MailAccount, folder: str) -> list[tuple[bytes, set[bytes]]]:
    """(subject line, flags) of every message in ``folder``, read by an independent client."""
    with imapclient.IMAPClient(acct.host, acct.imap_port, ssl=False) as client:
        client.login(acct.address, acct.password)
        client.select_folder(folder, readonly=True)
        uids = client.search(["ALL"])
        if not uids:
            return []
        data = client.fetch(uids, [b"FLAGS", b"BODY.PEEK[HEADER.FIELDS (SUBJECT)]"])
        return [
            (
                data[u][b"BODY[HEADER.FIELDS (SUBJECT)]"].strip(),
                set(data[u][b"FLAGS"]) - {b"\\Recent"},
            )
            for u in sorted(uids)
        ]


@pytest.mark.mailserver
def test_fetch_done_and_cursor(
    dovecot: DovecotServer, mail_account: Callable[[str], MailAccount], tmp_path: Path
) -> None:
    acct = mail_account("svc")
    for n in range(1, 6):
        dovecot.deliver(acct.address, raw(n))
    with source(acct, tmp_path, batch_size=2) as src:
        msgs = src.fetch_new()
        assert [m.raw.endswith(raw(n)) for n, m in enumerate(msgs, 1)] == [True] * 5
        assert [m.uid for m in msgs] == sorted(m.uid for m in msgs)
        # PEEK: nothing was marked read.
        assert all(b"\\Seen" not in flags for _s, flags in folder_state(acct, "INBOX"))
        assert src.fetch_new(limit=2) == msgs[:2]  # not done yet: offered again
        src.done(msgs[0], "processed")
        src.done(msgs[1], "rejected")
        src.done(msgs[2], "shunt")
        assert src.cursor == msgs[2].uid
    assert json.loads((tmp_path / "cursor.json").read_text())["last_uid"] == msgs[2].uid
    processed = folder_state(acct, "Processed")
    assert processed == [(b"Subject: move 1", {b"\\Seen", b"$PbemProcessed"})]
    assert folder_state(acct, "Rejected")[0][1] == {b"\\Seen", b"$PbemRejected"}
    assert folder_state(acct, "Shunt")[0][1] == {b"\\Seen", b"$PbemShunt"}
    assert [s for s, _f in folder_state(acct, "INBOX")] == [b"Subject: move 4", b"Subject: move 5"]

    # A new process (e.g. after a crash before done): the undone messages come back, nothing else.
    dovecot.deliver(acct.address, raw(6))
    with source(acct, tmp_path) as again:
        left = again.fetch_new()
        assert [m.uid for m in left] == [msgs[3].uid, msgs[4].uid, msgs[4].uid + 1]


@pytest.mark.mailserver
def test_cursor_never_passes_an_unhandled_message(
    dovecot: DovecotServer, mail_account: Callable[[str], MailAccount], tmp_path: Path
) -> None:
    acct = mail_account("svc")
    for n in range(1, 4):
        dovecot.deliver(acct.address, raw(n))
    with source(acct, tmp_path) as src:
        a, b, c = src.fetch_new()
        src.done(c, "processed")
        assert src.cursor == 0  # a and b are still open
        src.done(a, "processed")
        assert src.cursor == a.uid
        assert src.fetch_new() == [b]
        src.done(b, "processed")
        assert src.cursor == c.uid
        assert src.fetch_new() == []


@pytest.mark.mailserver
def test_copy_expunge_fallback_and_expunge(
    dovecot: DovecotServer, mail_account: Callable[[str], MailAccount], tmp_path: Path
) -> None:
    acct = mail_account("svc")
    for n in range(1, 4):
        dovecot.deliver(acct.address, raw(n))
    with source(acct, tmp_path, use_move=False) as src:
        a, b, c = src.fetch_new()
        src.done(a, "processed")
        src.expunge(b)  # e.g. a CERT request that carried a passphrase
        assert src.cursor == b.uid
    assert [s for s, _f in folder_state(acct, "INBOX")] == [b"Subject: move 3"]
    assert [s for s, _f in folder_state(acct, "Processed")] == [b"Subject: move 1"]
    for folder in ("Rejected", "Shunt"):
        assert folder_state(acct, folder) == []


@pytest.mark.mailserver
def test_missing_folders_are_created(
    dovecot: DovecotServer, mail_account: Callable[[str], MailAccount], tmp_path: Path
) -> None:
    acct = mail_account("svc")
    dovecot.deliver(acct.address, raw(1))
    with source(acct, tmp_path, processed="Archive/pbem") as src:
        (msg,) = src.fetch_new()
        src.done(msg, "processed")
    assert [s for s, _f in folder_state(acct, "Archive/pbem")] == [b"Subject: move 1"]


@pytest.mark.mailserver
def test_uidvalidity_change_resets_the_cursor(
    dovecot: DovecotServer, mail_account: Callable[[str], MailAccount], tmp_path: Path
) -> None:
    acct = mail_account("svc")
    with imapclient.IMAPClient(acct.host, acct.imap_port, ssl=False) as admin:
        admin.login(acct.address, acct.password)
        admin.create_folder("Games")
        for n in (1, 2):
            admin.append("Games", raw(n))
    with source(acct, tmp_path, inbox="Games") as src:
        for m in src.fetch_new():
            src.done(m, "processed")
        assert src.cursor == 2 and src.reset_notice is None
    # The GM's provider recreates the mailbox: UIDs start over under a new UIDVALIDITY.
    with imapclient.IMAPClient(acct.host, acct.imap_port, ssl=False) as admin:
        admin.login(acct.address, acct.password)
        admin.delete_folder("Games")
        time.sleep(1.1)  # Dovecot derives UIDVALIDITY from the clock in seconds
        admin.create_folder("Games")
        admin.append("Games", raw(3))
    with source(acct, tmp_path, inbox="Games") as src:
        (msg,) = src.fetch_new()  # uid 1 again, below the old cursor, and still found
        assert msg.uid == 1 and b"move 3" in msg.raw
        assert src.reset_notice is not None and "UIDVALIDITY" in src.reset_notice
        assert "read again" in src.reset_notice


@pytest.mark.mailserver
def test_idle_wait(
    dovecot: DovecotServer, mail_account: Callable[[str], MailAccount], tmp_path: Path
) -> None:
    acct = mail_account("svc")
    with source(acct, tmp_path) as src:
        assert src.fetch_new() == []
        t0 = time.monotonic()
        assert src.idle_wait(0.3) is False
        assert time.monotonic() - t0 >= 0.25
        timer = threading.Timer(0.2, dovecot.deliver, (acct.address, raw(1)))
        timer.start()
        try:
            assert src.idle_wait(10) is True
        finally:
            timer.join()
        assert len(src.fetch_new()) == 1
        # Already waiting when idle_wait is called: answered at once.
        dovecot.deliver(acct.address, raw(2))
        assert src.idle_wait(10) is True


@pytest.mark.mailserver
def test_tls_starttls_and_bad_login(
    dovecot: DovecotServer, mail_account: Callable[[str], MailAccount], tmp_path: Path
) -> None:
    acct = mail_account("svc")
    dovecot.deliver(acct.address, raw(1))
    ctx = dovecot.client_ssl_context()
    modes: tuple[tuple[Literal["tls", "starttls"], int], ...] = (
        ("tls", acct.imaps_port),
        ("starttls", acct.imap_port),
    )
    for security, port in modes:
        with ImapSource(
            acct.host,
            port,
            security,
            acct.address,
            acct.password,  # type: ignore[arg-type]
            cursor_path=tmp_path / f"{security}.json",
            ssl_context=ctx,
        ) as src:
            assert len(src.fetch_new()) == 1
    bad = ImapSource(
        acct.host, acct.imap_port, "none", acct.address, "wrong", cursor_path=tmp_path / "x.json"
    )
    with pytest.raises(ConfigError, match="refused the login"):
        bad.fetch_new()


@pytest.mark.mailserver
def test_reconnects_after_a_dropped_connection(
    dovecot: DovecotServer, mail_account: Callable[[str], MailAccount], tmp_path: Path
) -> None:
    acct = mail_account("svc")
    dovecot.deliver(acct.address, raw(1))
    with source(acct, tmp_path) as src:
        (msg,) = src.fetch_new()
        assert src._client is not None
        src._client._imap.sock.close()  # the server or a NAT dropped us between fetch and done
        src.done(msg, "processed")
    assert len(folder_state(acct, "Processed")) == 1


def test_corrupt_cursor_starts_over(tmp_path: Path) -> None:
    (tmp_path / "cursor.json").write_text("{oops")
    src = ImapSource("127.0.0.1", 1, "none", "u", "p", cursor_path=tmp_path / "cursor.json")
    assert src.cursor == 0
    with pytest.raises(ValueError):
        ImapSource("127.0.0.1", 1, "ssl", "u", "p", cursor_path=tmp_path / "c")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="Cannot reach"):
        src.fetch_new()


def test_maildir_source(tmp_path: Path) -> None:
    root = tmp_path / "mail"
    for n in range(1, 5):
        deliver_to_maildir(root, "service@pbem.test", raw(n))
        time.sleep(0.01)  # distinct mtimes: delivery order is kept
    box = maildir_for(root, "service@pbem.test")
    src = MaildirSource(box)
    msgs = src.fetch_new()
    assert [m.raw for m in msgs] == [raw(n) for n in range(1, 5)]
    assert src.fetch_new(limit=1) == msgs[:1]
    src.done(msgs[0], "processed")
    src.done(msgs[1], "rejected")
    src.expunge(msgs[2])
    moved = list((box / ".Processed" / "cur").iterdir())
    assert [p.name for p in moved] == [f"{msgs[0].key}:2,S"] and moved[0].read_bytes() == raw(1)
    assert (box / ".Processed" / "maildirfolder").exists()
    assert len(list((box / ".Rejected" / "cur").iterdir())) == 1
    assert [m.raw for m in MaildirSource(box).fetch_new()] == [raw(4)]
    assert src.idle_wait(0.05) is False
    deliver_to_maildir(root, "service@pbem.test", raw(5))
    assert src.idle_wait(1) is True
    with pytest.raises(FileNotFoundError):
        src.done(InboundMessage(0, b"", "no-such-key"), "processed")


@pytest.mark.mailserver
def test_a_plain_server_without_move_uidplus_or_idle(
    dovecot: DovecotServer, tmp_path: Path
) -> None:
    # A second, real Dovecot that announces only IMAP4rev1 basics: the fallbacks run for real.
    plain = DovecotServer(
        None, {"svc@pbem.test": "pw"}, imap_capability="IMAP4rev1 LITERAL+ SASL-IR"
    )
    with plain:
        for n in range(1, 4):
            plain.deliver("svc@pbem.test", raw(n))
        src = ImapSource(
            plain.host,
            plain.imap_port,
            "none",
            "svc@pbem.test",
            "pw",
            cursor_path=tmp_path / "c.json",
        )
        with src:
            client = src._imap()
            assert not client.has_capability("MOVE") and not client.has_capability("UIDPLUS")
            assert not client.has_capability("IDLE")
            a, b, c = src.fetch_new()
            src.done(a, "processed")  # COPY + \Deleted + plain EXPUNGE
            src.expunge(b)
            assert src.fetch_new() == [c]
            assert src.idle_wait(0.2, poll=0.05) is False
            plain.deliver("svc@pbem.test", raw(4))
            assert src.idle_wait(5, poll=0.05) is True
            assert [
                m.raw.endswith(raw(n)) for n, m in zip((3, 4), src.fetch_new(), strict=True)
            ] == [True, True]
        acct = MailAccount("svc@pbem.test", "pw", plain.host, plain.imap_port, plain.imaps_port)
        assert [s for s, _f in folder_state(acct, "Processed")] == [b"Subject: move 1"]
        assert [s for s, _f in folder_state(acct, "INBOX")] == [
            b"Subject: move 3",
            b"Subject: move 4",
        ]


@pytest.mark.mailserver
def test_done_for_a_message_fetched_elsewhere_keeps_the_cursor(
    dovecot: DovecotServer, mail_account: Callable[[str], MailAccount], tmp_path: Path
) -> None:
    acct = mail_account("svc")
    for n in (1, 2):
        dovecot.deliver(acct.address, raw(n))
    with source(acct, tmp_path) as first:
        _a, b = first.fetch_new()
    with source(acct, tmp_path) as second:
        second.done(b, "processed")  # b came from another object: a (below it) is not known here
        assert second.cursor == 0
        assert [m.raw.endswith(raw(1)) for m in second.fetch_new()] == [True]


@pytest.mark.mailserver
def test_a_long_lived_connection_keeps_no_unsolicited_responses(
    dovecot: DovecotServer, mail_account: Callable[[str], MailAccount], tmp_path: Path
) -> None:
    """imaplib keeps every untagged response nobody asked for until the next SELECT (RECENT,
    EXISTS, EXPUNGE, COPYUID: three a message filed away); the daemon's connection never selects
    again, so they must not pile up in it."""
    acct = mail_account("svc")
    with source(acct, tmp_path) as src:
        for rnd in range(4):
            for n in range(10):
                dovecot.deliver(acct.address, raw(rnd * 10 + n))
            assert src.idle_wait(5) is True
            msgs = src.fetch_new()
            assert len(msgs) == 10
            for i, m in enumerate(msgs):
                src.done(m, "processed") if i % 2 else src.expunge(m)
            assert src.idle_wait(0.1) is False
            assert src._client is not None
            kept = src._client._imap.untagged_responses
            assert sum(len(v) for v in kept.values()) == 0, kept
        assert len(folder_state(acct, "Processed")) == 20
        assert folder_state(acct, "INBOX") == []
