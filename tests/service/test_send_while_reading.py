"""A tick sends each message's mails while it reads the next (runner.SendWhileReading): the mails
go out during the reading, in queue order, each exactly once; refusals are handled on the tick's
thread; an unreachable server is not tried twice in one tick."""

from __future__ import annotations

import sys
import threading
from collections.abc import Sequence
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from typing import Any

import pytest
from helpers import Env, drain, make_env, reply

from pbem.mail.inbound import MaildirSource
from pbem.mail.outbound import RawMail, SendResult
from pbem.runner import SWITCH_INTERVAL, tick

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]


class Recorder:
    """A sender that records every batch (on whichever thread sends it) and may refuse."""

    def __init__(self, refuse: str = "", status: str = "permanent", code: int | None = 550) -> None:
        self.batches: list[list[RawMail]] = []
        self.threads: list[str] = []
        self.switch: list[float] = []
        self.sent_one = threading.Event()
        self.refuse, self.status, self.code = refuse, status, code

    def send_batch(self, messages: Sequence[RawMail]) -> list[SendResult]:
        self.batches.append(list(messages))
        self.threads.append(threading.current_thread().name)
        self.switch.append(sys.getswitchinterval())
        out = []
        for m in messages:
            if self.refuse and self.refuse in m.recipients:
                out.append(SendResult(m.message_id, m.recipients, self.status, self.code, "no"))  # type: ignore[arg-type]
            else:
                out.append(SendResult(m.message_id, m.recipients, "sent", 250, "ok"))
        self.sent_one.set()
        return out

    def mails(self) -> list[EmailMessage]:
        return [
            BytesParser(policy=policy.default).parsebytes(m.data)  # type: ignore[misc]
            for batch in self.batches
            for m in batch
        ]


class WaitingSource(MaildirSource):
    """Files the first message away only once the sender has sent something (or 10 s passed):
    with sending at the end of the tick, that never happens during the reading."""

    def __init__(self, root: Path, sender: Recorder) -> None:
        super().__init__(root)
        self.sender = sender
        self.sent_before_second: bool | None = None

    def done(self, msg: Any, folder: Any) -> None:
        if self.sent_before_second is None:
            self.sent_before_second = self.sender.sent_one.wait(10.0)
        super().done(msg, folder)


def _games_with_replies(env: Env, inbox: Path, n: int) -> list[str]:
    """``n`` games whose first mover's reply waits in the inbox."""
    (inbox / "new").mkdir(parents=True, exist_ok=True)
    gids = []
    for i in range(n):
        gid = env.store.create("forbidden-city", PLAYERS, {}, 10 + i, env.clock())
        gids.append(gid)
    env.service.flush_journal()
    mails = drain(env)
    for i, gid in enumerate(gids):
        rec = env.store.load(gid)
        mover = rec.pending()[0].seat
        addr = rec.envelope.active_player(mover).email
        turn = next(
            m for m in mails if addr in str(m["To"]) and gid in str(m["Subject"] + m["Message-ID"])
        )
        raw = reply(turn, addr, rec.legal_notations(mover)[0])
        (inbox / "new" / f"{i}.reply").write_bytes(raw)
    return gids


def test_mails_go_out_while_the_inbox_is_read(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    _games_with_replies(env, tmp_path / "inbox", 3)
    sender = Recorder()
    source = WaitingSource(tmp_path / "inbox", sender)
    report = tick(env.service, source, sender, clock=env.clock)
    assert report.applied == 3 and report.sent == 6, report
    assert source.sent_before_second, "the first move's mails must go out before the tick ends"
    assert "pbem-send" in sender.threads
    ids = [str(m["Message-ID"]) for m in sender.mails()]
    assert len(ids) == len(set(ids)) == 6, "every mail exactly once"
    assert env.outbox.pending() == []
    assert (env.data / "outbox" / "sent.log").read_text().count("\n") >= 6


def test_the_sending_thread_gets_its_turn_quickly_during_the_tick_only(tmp_path: Path) -> None:
    """While the tick reads and sends, threads take turns every 0.5 ms (the sending thread,
    woken by each SMTP answer, waited up to the default 5 ms for the reading thread's turn to
    end); the interval in force before the tick is back after it."""
    env = make_env(tmp_path)
    _games_with_replies(env, tmp_path / "inbox", 2)
    sender = Recorder()
    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.004)
        report = tick(env.service, MaildirSource(tmp_path / "inbox"), sender, clock=env.clock)
        assert report.applied == 2
        assert sender.switch and set(sender.switch) == {SWITCH_INTERVAL}
        assert sys.getswitchinterval() == pytest.approx(0.004)
    finally:
        sys.setswitchinterval(before)


def test_left_over_mails_go_first_and_once(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gids = _games_with_replies(env, tmp_path / "inbox", 1)
    # A mail an earlier tick queued and did not send (say, a crash during its flush).
    env.service.alert_gm("left over", ["from an earlier tick"], key="left-over")
    left = [e.key for e in env.outbox.pending()]
    assert len(left) == 1
    sender = Recorder()
    report = tick(env.service, MaildirSource(tmp_path / "inbox"), sender, clock=env.clock)
    assert report.applied == 1 and report.sent == 3, report
    mails = sender.mails()
    assert "left over" in str(mails[0]["Subject"])
    assert all(gids[0] in str(m["Message-ID"]) for m in mails[1:])
    assert len({str(m["Message-ID"]) for m in mails}) == 3


def test_a_refusal_in_the_thread_is_handled_on_the_tick(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    _games_with_replies(env, tmp_path / "inbox", 2)
    sender = Recorder(refuse="bob@example.org")
    report = tick(env.service, MaildirSource(tmp_path / "inbox"), sender, clock=env.clock)
    assert report.applied == 2
    assert report.failed == 2 and report.sent == 3, report  # Ann's 2 and the GM's alert
    failed = list(env.outbox.failed_entries())
    assert {e.recipient for e in failed} == {"bob@example.org"}
    alerts = [m for m in sender.mails() if "gm@pbem.test" in str(m["To"])]
    assert alerts and "could not be delivered" in str(alerts[0]["Subject"])
    # Only an alert of the tick's own flush may wait for the next tick (as before the thread).
    assert {e.recipient for e in env.outbox.pending()} <= {"gm@pbem.test"}


def test_an_unreachable_server_is_tried_once_a_tick(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    _games_with_replies(env, tmp_path / "inbox", 2)
    down = Recorder(refuse="ann@example.org", status="temporary", code=None)
    report = tick(env.service, MaildirSource(tmp_path / "inbox"), down, clock=env.clock)
    assert report.applied == 2
    # The thread's first batch met the unreachable server: it stopped, and the tick's own flush
    # did not try again; Ann's mails wait (retry) and the rest waits untouched for the next tick.
    assert report.retry >= 1 and report.failed == 0, report
    assert len(down.batches) == 1
    assert any(e.recipient == "ann@example.org" and e.attempts == 1 for e in env.outbox.pending())
    assert len(env.outbox.pending()) + report.sent == 4


def test_a_mails_fingerprint_is_written_when_it_is_sent(tmp_path: Path) -> None:
    """The fingerprint travels in the queued entry and is written when the mail is marked sent,
    by whoever sends it: a mail queued and not yet sent has none on disk, a mail sent by a later
    tick (after a crash, after a refusal) gets it then, and a reply to it is read with it."""
    from pbem.mail import fingerprint

    env = make_env(tmp_path)
    _games_with_replies(env, tmp_path / "inbox", 1)
    fps = env.data / "outbox" / "fingerprints"
    before = set(fps.iterdir())
    # A tick without a sender (as one whose server is down) leaves the mails queued.
    report = tick(env.service, MaildirSource(tmp_path / "inbox"), None, clock=env.clock)
    assert report.applied == 1
    queued = env.outbox.pending()
    assert len(queued) == 2 and all(e.fp_name and e.fp for e in queued)
    assert set(fps.iterdir()) == before, "nothing on disk before the mail goes out"
    sender = Recorder()
    report = tick(env.service, None, sender, clock=env.clock)
    assert report.sent == 2
    for entry in queued:
        path = fps / entry.fp_name
        assert path.stat().st_mode & 0o777 == 0o600
        fp = fingerprint.Fingerprint.from_bytes(path.read_bytes(), env.service.secret)
        assert fp is not None and fp.to_bytes() == entry.fp
    # The file is the one a reply to the mail looks up.
    for mail in sender.mails():
        assert fingerprint.load(env.data, str(mail["Message-ID"]), env.service.secret)


def test_a_fingerprint_that_cannot_be_written_never_stops_its_mail(tmp_path: Path) -> None:
    """A queued entry whose fingerprint name was tampered with (a path) writes nothing outside
    fingerprints/, and a fingerprint directory that cannot be written (here a file stands where the
    directory should be, as a broken disk would) only costs the fingerprint: the mails are sent."""
    import msgspec

    env = make_env(tmp_path)
    _games_with_replies(env, tmp_path / "inbox", 1)
    tick(env.service, MaildirSource(tmp_path / "inbox"), None, clock=env.clock)
    queued = env.outbox.pending()
    assert len(queued) == 2
    evil = queued[0]
    evil.fp_name = "../../../escaped"
    path = env.outbox.queued / f"{evil.key}.json"
    path.write_bytes(msgspec.json.encode(evil))
    fps = env.data / "outbox" / "fingerprints"
    if fps.exists():
        for f in fps.iterdir():
            f.unlink()
        fps.rmdir()
    fps.write_bytes(b"not a directory")
    sender = Recorder()
    report = tick(env.service, None, sender, clock=env.clock)
    assert report.sent == 2 and env.outbox.pending() == []
    assert not any(p.name == "escaped" for p in tmp_path.rglob("escaped"))
    assert fps.read_bytes() == b"not a directory"
