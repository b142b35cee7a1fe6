"""SmtpSender against the real relay (+ Dovecot), and MaildirSink."""

from __future__ import annotations

import asyncio
import mailbox
from collections.abc import Callable
from email.message import EmailMessage
from pathlib import Path

import pytest
from mailservers import MailAccount

from pbem.mail.localservers import DovecotServer, RelaySMTP, free_port
from pbem.mail.outbound import MaildirSink, SmtpSender, envelope_recipients, maildir_for


def note(to: str, n: int, bcc: str | None = None) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "Forbidden City <service@pbem.test>"
    msg["To"] = to
    if bcc:
        msg["Bcc"] = bcc
    msg["Subject"] = f"[fc-1] your turn (move {n})"
    msg["Message-ID"] = f"<n{n}@pbem.test>"
    msg.set_content(f"Move {n}: your turn.\n")
    return msg


class Sleeps:
    """An injected sleep that records the delays instead of waiting them out."""

    def __init__(self, on_sleep: Callable[[], None] | None = None) -> None:
        self.delays: list[float] = []
        self.on_sleep = on_sleep

    async def __call__(self, delay: float) -> None:
        self.delays.append(delay)
        if self.on_sleep is not None:
            self.on_sleep()


def sender(relay: RelaySMTP, sleeps: Sleeps | None = None, **kw: object) -> SmtpSender:
    return SmtpSender(
        relay.host,
        relay.port,
        relay.security,
        ssl_context=relay.client_ssl_context(),
        backoff=(0.5, 2.0),
        sleep=sleeps or Sleeps(),
        **kw,  # type: ignore[arg-type]
    )


@pytest.mark.mailserver
def test_batch_over_one_connection_lands_in_dovecot(
    dovecot: DovecotServer,
    smtp_relay: RelaySMTP,
    mail_account: Callable[[str], MailAccount],
    tmp_path: Path,
) -> None:
    players = [mail_account("player") for _ in range(3)]
    batch = [note(p.address, n) for n in range(4) for p in players]
    out = sender(smtp_relay, envelope_from="bounces@pbem.test")
    results = out.send_batch(batch)
    assert [r.status for r in results] == ["sent"] * 12
    assert [r.message_id for r in results] == [m["Message-ID"] for m in batch]
    assert out.connections == 1
    assert {d.mail_from for d in smtp_relay.deliveries} == {"bounces@pbem.test"}
    for player in players:
        with player.imap(tmp_path / f"{player.address}.json") as inbox:
            got = inbox.fetch_new()
        assert [b"move %d" % n in m.raw for n, m in enumerate(got)] == [True] * 4


@pytest.mark.mailserver
def test_permanent_and_temporary_failures(smtp_relay: RelaySMTP) -> None:
    smtp_relay.fail["gone@pbem.test"] = (550, "5.1.1 No such user")
    smtp_relay.fail["busy@pbem.test"] = (451, "4.2.1 Mailbox busy")
    sleeps = Sleeps()
    results = sender(smtp_relay, sleeps).send_batch(
        [note("gone@pbem.test", 1), note("busy@pbem.test", 2), note("alice@pbem.test", 3)]
    )
    gone, busy, ok = results
    assert (gone.status, gone.code, gone.attempts) == ("permanent", 550, 1)
    assert "No such user" in gone.detail
    assert (busy.status, busy.code, busy.attempts) == ("temporary", 451, 3)
    assert sleeps.delays == [0.5, 2.0]
    # The same connection goes on after both failures.
    assert ok.status == "sent" and ok.ok


@pytest.mark.mailserver
def test_a_temporary_failure_that_clears_is_retried(smtp_relay: RelaySMTP) -> None:
    smtp_relay.fail["bob@pbem.test"] = (452, "4.3.1 Insufficient system storage")
    sleeps = Sleeps(on_sleep=lambda: smtp_relay.fail.clear())
    (result,) = sender(smtp_relay, sleeps).send_batch([note("bob@pbem.test", 1)])
    assert (result.status, result.attempts) == ("sent", 2)
    assert sleeps.delays == [0.5]


@pytest.mark.mailserver
def test_partial_refusal_is_sent_with_the_refused_listed(smtp_relay: RelaySMTP) -> None:
    smtp_relay.fail["gone@pbem.test"] = (550, "5.1.1 No such user")
    msg = note("alice@pbem.test, gone@pbem.test", 1)
    (result,) = sender(smtp_relay).send_batch([msg])
    assert result.status == "sent"
    assert result.refused == {"gone@pbem.test": (550, "5.1.1 No such user")}


def test_unreachable_server_keeps_everything_queued_quickly() -> None:
    sleeps = Sleeps()
    out = SmtpSender("127.0.0.1", free_port(), "none", backoff=(1.0, 4.0), sleep=sleeps)
    results = out.send_batch([note("a@pbem.test", 1), note("b@pbem.test", 2)])
    assert [r.status for r in results] == ["temporary", "temporary"]
    assert results[0].attempts == 3 and results[1].attempts == 0
    assert "Cannot connect" in results[0].detail
    assert sleeps.delays == [1.0, 4.0]  # the second message did not wait again


def test_starttls_auth_and_bad_password(tmp_path: Path) -> None:
    with RelaySMTP(maildir_root=tmp_path, security="starttls", users={"svc": "pw"}) as relay:
        ok = sender(relay, user="svc", password="pw").send_batch(
            [note("bob@pbem.test", 1, bcc="gm@pbem.test")]
        )
        assert ok[0].status == "sent"
        assert ok[0].recipients == ("bob@pbem.test", "gm@pbem.test")
        sleeps = Sleeps()
        bad = sender(relay, sleeps, user="svc", password="nope").send_batch(
            [note("bob@pbem.test", 2), note("carol@pbem.test", 3)]
        )
        assert [r.status for r in bad] == ["temporary", "temporary"]
        assert "refused the login" in bad[0].detail and sleeps.delays == []
        # Plain "none" against a server that requires STARTTLS: nothing goes out in clear.
        plain = SmtpSender(relay.host, relay.port, "none", sleep=Sleeps(), backoff=())
        assert plain.send_batch([note("bob@pbem.test", 4)])[0].status != "sent"
    delivered = list(mailbox.Maildir(maildir_for(tmp_path, "bob@pbem.test"), create=False))
    assert len(delivered) == 1
    assert "Bcc" not in delivered[0]  # blind copies stay blind
    assert len(list(mailbox.Maildir(maildir_for(tmp_path, "gm@pbem.test"), create=False))) == 1


def test_implicit_tls_and_untrusted_certificate(tmp_path: Path) -> None:
    with RelaySMTP(maildir_root=tmp_path, security="tls") as relay:
        assert sender(relay).send_batch([note("bob@pbem.test", 1)])[0].status == "sent"
        # The system trust store does not know the self-signed certificate: refused, not sent.
        untrusted = SmtpSender(relay.host, relay.port, "tls", sleep=Sleeps(), backoff=())
        result = untrusted.send_batch([note("bob@pbem.test", 2)])[0]
        assert result.status == "temporary" and "Cannot connect" in result.detail


def test_sync_wrapper_refuses_inside_an_event_loop(tmp_path: Path) -> None:
    out = SmtpSender("127.0.0.1", 1, "none")

    async def inside() -> None:
        with pytest.raises(RuntimeError, match="asend_batch"):
            out.send_batch([])

    asyncio.run(inside())
    with pytest.raises(ValueError):
        SmtpSender("127.0.0.1", 1, "ssl")  # type: ignore[arg-type]


def test_maildir_sink(tmp_path: Path) -> None:
    sink = MaildirSink(tmp_path / "out")
    nobody = EmailMessage()
    nobody["Subject"] = "x"
    first = note("Bob <Bob@pbem.test>", 1, bcc="gm@pbem.test")
    first.add_alternative("<pre>board</pre>", subtype="html")  # multipart, like real notes
    results = sink.send_batch([first, nobody])
    assert first["Bcc"] == "gm@pbem.test"  # the caller's message is unchanged
    assert [r.status for r in results] == ["sent", "permanent"]
    (msg,) = mailbox.Maildir(maildir_for(tmp_path / "out", "bob@pbem.test"), create=False)
    assert msg["Subject"] == "[fc-1] your turn (move 1)" and "Bcc" not in msg
    assert msg.is_multipart() and "<pre>board</pre>" in msg.as_string()
    (copy,) = mailbox.Maildir(maildir_for(tmp_path / "out", "gm@pbem.test"), create=False)
    assert "Bcc" not in copy
    assert envelope_recipients(note("A <a@X.org>, b@y.org", 1, bcc="a@x.org")) == (
        "a@x.org",
        "b@y.org",
    )
    assert maildir_for(tmp_path, "../evil@x") == tmp_path / "_._evil@x"


@pytest.mark.mailserver
def test_421_reconnects_and_the_batch_goes_on(smtp_relay: RelaySMTP) -> None:
    smtp_relay.fail["slow@pbem.test"] = (421, "4.7.0 Too many messages, closing connection")
    out = sender(smtp_relay)
    busy, ok = out.send_batch([note("slow@pbem.test", 1), note("alice@pbem.test", 2)])
    assert (busy.status, busy.code, busy.attempts) == ("temporary", 421, 3)
    assert ok.status == "sent"
    assert out.connections == 4  # one per attempt of the first message, then one for the rest


@pytest.mark.mailserver
def test_verp_return_path_names_the_seat(
    dovecot: DovecotServer,
    smtp_relay: RelaySMTP,
    mail_account: Callable[[str], MailAccount],
) -> None:
    """With verp, a seat mail's envelope sender carries its seat token (a bounce delivered there
    names the seat); a mail without a token keeps the plain address."""
    from pbem.mail.bounce import verp_address
    from pbem.mail.outbound import RawMail

    seat_id = "<pbem.fc-1.s1.t4.abcdefghijkm.e9.turn@pbem.test>"
    p1, p2 = mail_account("player").address, mail_account("player").address
    seat_mail = note(p1, 1)
    del seat_mail["Message-ID"]
    seat_mail["Message-ID"] = seat_id
    raw = RawMail(seat_id, (p1,), seat_mail.as_bytes().replace(b"\n", b"\r\n"))
    out = sender(smtp_relay, envelope_from="service@pbem.test", verp=True)
    assert [r.status for r in out.send_batch([raw, note(p2, 2)])] == ["sent"] * 2
    froms = [d.mail_from for d in smtp_relay.deliveries[-2:]]
    assert froms == ["service+b.fc-1.s1.t4.abcdefghijkm@pbem.test", "service@pbem.test"]
    assert verp_address("service@pbem.test", seat_id) == froms[0]
