"""What ``pbem daemon`` does between ticks: the IDLE cycle (end IDLE, NOOP, IDLE again, so that
Dovecot's delayed IDLE notification does not delay the answer) and the SMTP connection kept for
the next batch."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from mailservers import MailAccount

from pbem.config import load_config
from pbem.errors import ConfigError
from pbem.mail.inbound import ImapSource
from pbem.mail.localservers import DovecotServer, RelaySMTP
from pbem.mail.outbound import RECENT, SmtpSender
from pbem.runner import build_sender, build_source


def _raw(n: int) -> bytes:
    return (
        f"From: alice@example.org\r\nTo: service@pbem.test\r\nSubject: move {n}\r\n"
        f"Message-ID: <w{n}-{time.time()}@example.org>\r\n\r\nC{n} R1\r\n"
    ).encode()


def _source(acct: MailAccount, tmp_path: Path, cycle: float) -> ImapSource:
    return ImapSource(
        acct.host,
        acct.imap_port,
        "none",
        acct.address,
        acct.password,
        cursor_path=tmp_path / "cursor.json",
        idle_cycle=cycle,
    )


class _Spy:
    """Counts the IMAP commands ``idle_wait`` sends on the source's connection."""

    def __init__(self, client: Any) -> None:
        self.counts: dict[str, int] = {}
        for name in ("idle", "idle_done", "noop"):
            real = getattr(client, name)
            setattr(client, name, self._counting(name, real))

    def _counting(self, name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def call(*a: Any, **kw: Any) -> Any:
            self.counts[name] = self.counts.get(name, 0) + 1
            return real(*a, **kw)

        return call


@pytest.mark.mailserver
@pytest.mark.parametrize("cycle", [0.0, 0.1])
def test_the_idle_cycle_asks_the_server_and_still_sees_new_mail(
    dovecot: DovecotServer,
    mail_account: Callable[[str], MailAccount],
    tmp_path: Path,
    cycle: float,
) -> None:
    acct = mail_account("svc")
    with _source(acct, tmp_path, cycle) as src:
        assert src.fetch_new() == []
        spy = _Spy(src._imap())
        assert src.idle_wait(0.6) is False
        if cycle:
            # Several DONE / NOOP / IDLE rounds in 0.6 s; the IDLE is ended exactly once per start.
            assert spy.counts["noop"] >= 3
            assert spy.counts["idle"] == spy.counts["idle_done"] >= 3
        else:
            assert spy.counts == {"noop": 1, "idle": 1, "idle_done": 1}
        timer = threading.Timer(0.25, dovecot.deliver, (acct.address, _raw(1)))
        timer.start()
        try:
            assert src.idle_wait(10) is True
        finally:
            timer.join()
        (msg,) = src.fetch_new()
        src.done(msg, "processed")
        # The connection is usable after a wait that ended inside a cycle (not left in IDLE).
        assert src.fetch_new() == []
        assert src.idle_wait(0.2) is False


@pytest.mark.mailserver
def test_a_stop_request_ends_a_cycling_wait(
    dovecot: DovecotServer, mail_account: Callable[[str], MailAccount], tmp_path: Path
) -> None:
    acct = mail_account("svc")
    with _source(acct, tmp_path, 0.1) as src:
        asked = time.monotonic() + 0.3
        t0 = time.monotonic()
        assert src.idle_wait(30, stop=lambda: time.monotonic() > asked) is False
        assert time.monotonic() - t0 < 5


def _note(to: str, n: int) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "service@pbem.test"
    msg["To"] = to
    msg["Subject"] = f"note {n}"
    msg["Message-ID"] = f"<k{n}-{time.time()}@pbem.test>"
    msg.set_content("hello\n")
    return msg


@pytest.mark.mailserver
def test_a_kept_smtp_connection_serves_the_next_batch(
    dovecot: DovecotServer,
    smtp_relay: RelaySMTP,
    mail_account: Callable[[str], MailAccount],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    to = mail_account("player").address
    slept: list[float] = []

    async def sleep(d: float) -> None:
        slept.append(d)

    out = SmtpSender(
        smtp_relay.host,
        smtp_relay.port,
        smtp_relay.security,
        ssl_context=smtp_relay.client_ssl_context(),
        envelope_from="bounces@pbem.test",
        sleep=sleep,
        keep_open=60.0,
    )
    import aiosmtplib

    noops: list[int] = []
    real_noop = aiosmtplib.SMTP.noop

    async def noop(self: aiosmtplib.SMTP, *args: Any, **kwargs: Any) -> Any:
        noops.append(1)
        return await real_noop(self, *args, **kwargs)

    monkeypatch.setattr(aiosmtplib.SMTP, "noop", noop)
    try:
        # Batches in quick succession (a tick's sending thread): one connection, no NOOP.
        for n in range(3):
            assert [r.status for r in out.send_batch([_note(to, n)])] == ["sent"]
        assert out.connections == 1 and noops == []
        # Too old to trust: a new connection, no retry delay.
        out._kept_until = 0.0
        assert [r.status for r in out.send_batch([_note(to, 3)])] == ["sent"]
        assert out.connections == 2
        # Idle for a while, then closed under us (as by a server's idle timeout): found by the
        # NOOP, replaced at once.
        assert out._kept is not None
        out._kept_at -= 2 * RECENT
        out._kept.close()
        assert [r.status for r in out.send_batch([_note(to, 4)])] == ["sent"]
        assert out.connections == 3 and slept == []
        out._kept_at -= 2 * RECENT
        assert [r.status for r in out.send_batch([_note(to, 5)])] == ["sent"]
        assert noops == [1] and out.connections == 3  # the NOOP of an older, live connection
        # Used a moment ago, but its socket is gone without the client knowing: the mail finds
        # it closed, and a new connection takes it at once (no retry delay).
        kept = out._kept
        assert kept is not None and kept.transport is not None
        kept.transport.get_extra_info("socket").shutdown(socket.SHUT_RDWR)
        assert [r.status for r in out.send_batch([_note(to, 6)])] == ["sent"]
        assert out.connections == 4 and slept == [] and noops == [1]
    finally:
        out.close()
    assert out._kept is None
    # Without keep_open (the cron tick): one connection per batch, closed after it.
    once = SmtpSender(
        smtp_relay.host,
        smtp_relay.port,
        smtp_relay.security,
        ssl_context=smtp_relay.client_ssl_context(),
        envelope_from="bounces@pbem.test",
    )
    for n in range(2):
        assert [r.status for r in once.send_batch([_note(to, 10 + n)])] == ["sent"]
    assert once.connections == 2 and once._kept is None


def test_the_idle_cycle_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_IMAP_PASSWORD", "x")
    monkeypatch.setenv("PBEM_SMTP_PASSWORD", "x")
    cfg = tmp_path / "pbem.toml"
    base = f'data_dir = "{tmp_path / "g"}"\nservice_address = "s@pbem.test"\n'
    cfg.write_text(base + '[imap]\nhost = "imap.example.org"\n')
    loaded = load_config(cfg)
    assert loaded.imap.idle_cycle == 0.2
    src = build_source(loaded)
    assert isinstance(src, ImapSource) and src.idle_cycle == 0.2
    cfg.write_text(base + '[imap]\nhost = "imap.example.org"\nidle_cycle = 0\n')
    src = build_source(load_config(cfg))
    assert isinstance(src, ImapSource) and src.idle_cycle == 0.0
    cfg.write_text(base + '[imap]\nhost = "imap.example.org"\nidle_cycle = -1\n')
    with pytest.raises(ConfigError, match="idle_cycle"):
        load_config(cfg)
    cfg.write_text(base + '[smtp]\nhost = "smtp.example.org"\n')
    kept, fresh = build_sender(load_config(cfg), keep_open=60.0), build_sender(load_config(cfg))
    assert isinstance(kept, SmtpSender) and kept.keep_open == 60.0
    assert isinstance(fresh, SmtpSender) and fresh.keep_open == 0.0
