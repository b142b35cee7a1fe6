"""Issue 13 through the real mail loop (Dovecot IMAP + the SMTP relay), time moved by the test's
clock: reminders at the right times, a vacation holding a deadline and refused past the
allowance, PREVIEW leaving the log unchanged, a move to a paused game answered "paused"; an open
game filled by three JOINs (a forged one refused) that starts and is played to the end, watched
by an observer who gets every public mail and nothing private (leak scan)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from pathlib import Path
from typing import Any

import pytest

from pbem.demo import BotPlayer, play_until_over
from pbem.mail.inbound import ImapSource
from pbem.mail.outbound import SmtpSender
from pbem.mail.outbox import Outbox
from pbem.mail.parse import ParsedMail, parse_message
from pbem.runner import tick
from pbem.service import Policy, Service, deadlines
from pbem.service.signup import SignupFiles
from pbem.store import Keyring, Pause, SetDeadline, Store

pytestmark = pytest.mark.mailserver

TOKEN = re.compile(r"<pbem\.[a-z0-9-]+\.s\d+\.t\d+\.")


def flat(text: str) -> str:
    """The text with every run of whitespace (line breaks of the wrapping too) as one space."""
    return " ".join(text.split())


class Clock:
    def __init__(self) -> None:
        self.now = datetime.now(UTC).replace(microsecond=0)

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Person:
    name: str
    address: str
    source: ImapSource
    smtp: SmtpSender
    mails: list[ParsedMail] = field(default_factory=list)

    def read(self) -> list[ParsedMail]:
        new = []
        for msg in self.source.fetch_new():
            new.append(parse_message(msg.raw))
            self.source.done(msg, "processed")
        self.mails.extend(new)
        return new

    def send(
        self, body: str, *, to: str, answer: ParsedMail | None = None, from_addr: str | None = None
    ) -> None:
        out = EmailMessage()
        out["From"] = formataddr((self.name, from_addr or self.address))
        out["To"] = to
        out["Subject"] = ("Re: " + answer.subject) if answer else "hello"
        out["Message-ID"] = make_msgid(domain="players.pbem.test")
        if answer is not None:
            out["In-Reply-To"] = answer.message_id
            out["References"] = " ".join([*answer.references, answer.message_id])
        out.set_content(body + "\n")
        assert all(r.ok for r in self.smtp.send_batch([out]))


@dataclass
class Loop:
    service: Service
    inbox: ImapSource
    sender: SmtpSender
    clock: Clock
    store: Store
    service_address: str
    gm: Person

    def tick(self) -> None:
        report = tick(self.service, self.inbox, self.sender, clock=self.clock)
        assert report.healthy, report.errors


def _setup(
    tmp_path: Path, dovecot: Any, relay: Any, mail_account: Any, names: list[str]
) -> tuple[Loop, list[Person]]:
    service_acc, gm_acc = mail_account("service"), mail_account("gm")
    clock = Clock()
    keyring = Keyring.create(tmp_path / "keys", data_dir=tmp_path / "games")
    store = Store(tmp_path / "games", keyring)
    service = Service(
        store,
        Outbox(tmp_path / "games", keyring),
        Policy(service_acc.address, gm_acc.address),
        clock,
    )
    inbox = service_acc.imap(
        tmp_path / "cursor.json", "starttls", ssl_context=dovecot.client_ssl_context()
    )
    sender = SmtpSender("127.0.0.1", relay.port, "none", envelope_from=service_acc.address)

    def person(name: str, acc: Any) -> Person:
        return Person(
            name,
            acc.address,
            acc.imap(tmp_path / f"{name}.json"),
            SmtpSender("127.0.0.1", relay.port, "none", envelope_from=acc.address),
        )

    people = [person(n, mail_account(n.lower())) for n in names]
    loop = Loop(service, inbox, sender, clock, store, service_acc.address, person("GM", gm_acc))
    return loop, people


def test_deadlines_vacation_preview_paused_by_mail(
    tmp_path: Path, dovecot, smtp_relay, mail_account
) -> None:
    loop, (ann, bob) = _setup(tmp_path, dovecot, smtp_relay, mail_account, ["Ann", "Bob"])
    store = loop.store
    gid = store.create(
        "forbidden-city",
        [(p.name, p.address) for p in (ann, bob)],
        {"privacy": "plain"},
        17,
        loop.clock(),
    )
    rec = store.load(gid)
    store.commit(gid, rec.seq, [SetDeadline("move", seconds=72 * 3600)], loop.clock())
    loop.tick()
    mover_seat = store.load(gid).pending()[0].seat
    mover, other = (ann, bob) if mover_seat == 0 else (bob, ann)
    assert any("What to write back" in m.text for m in mover.read())  # its turn mail
    other.read()

    # Reminders: at the half-way point (36 h) and 24 h before (48 h), to the mover only.
    loop.clock.now += timedelta(hours=35, minutes=59)
    loop.tick()
    assert mover.read() == []
    loop.clock.now += timedelta(minutes=2)
    loop.tick()
    (r1,) = mover.read()
    assert "reminder" in r1.subject and "Your deadline is" in flat(r1.text)
    assert other.read() == []

    # PREVIEW: answered, the log untouched.
    log = tmp_path / "games" / gid / "log.jsonl"
    before = log.read_bytes()
    move = store.load(gid).legal_notations(mover_seat)[0]
    mover.send(f"PREVIEW {move}", to=loop.service_address, answer=r1)
    loop.tick()
    (pv,) = mover.read()
    assert "NOT been played" in pv.text
    assert log.read_bytes() == before

    # 48 h: the second reminder.
    loop.clock.now += timedelta(hours=12)
    loop.tick()
    assert [m.subject for m in mover.read() if "reminder" in m.subject]

    # VACATION 3d: everyone told; at 80 h (past the plain 72 h) nothing is played.
    mover.send("VACATION 3d", to=loop.service_address, answer=r1)
    loop.tick()
    for p in (mover, other):
        assert any("on vacation until" in flat(m.text) for m in p.read())
    loop.clock.now += timedelta(hours=32)
    loop.tick()
    assert store.load(gid).envelope.moves == 0
    # Past the allowance (14 days): refused.
    mover.send("VACATION 12d", to=loop.service_address, answer=r1)
    loop.tick()
    (no,) = mover.read()
    assert "days are left" in flat(no.text)

    # Paused: a move is answered "paused", nothing played.
    rec = store.load(gid)
    store.commit(gid, rec.seq, [Pause("a break")], loop.clock())
    loop.tick()
    latest = [m for m in mover.read() if m.message_id][-1]
    other.read()
    mover.send(move, to=loop.service_address, answer=latest)
    loop.tick()
    (ans,) = mover.read()
    assert "is paused" in flat(ans.text)
    assert store.load(gid).envelope.moves == 0

    # Resumed: the deadline runs again from the resumption, held while the vacation lasts; the
    # computer plays when it passes, and both mails say why.
    from pbem.store import Resume

    rec = store.load(gid)
    store.commit(gid, rec.seq, [Resume()], loop.clock())
    loop.tick()
    mover.read()
    other.read()
    (item,) = deadlines.deadlines(store.load(gid))
    loop.clock.now = item.act - timedelta(minutes=1)
    loop.tick()
    assert store.load(gid).envelope.moves == 0
    loop.clock.now = item.act + timedelta(minutes=1)
    loop.tick()
    rec = store.load(gid)
    assert rec.envelope.moves == 1, rec.envelope
    for p in (mover, other):
        assert any("deadline had passed" in flat(m.text) for m in p.read())


def test_open_game_joined_by_mail_played_to_the_end_and_watched(
    tmp_path: Path, dovecot, smtp_relay, mail_account
) -> None:
    loop, people = _setup(
        tmp_path, dovecot, smtp_relay, mail_account, ["Ann", "Bob", "Cy", "Mallory", "Obs"]
    )
    ann, bob, cy, mallory, obs = people
    og = SignupFiles(tmp_path / "games" / "outbox").new_open(
        "forbidden-city", 3, 3, {"privacy": "plain"}, None, [], loop.clock()
    )
    svc = loop.service_address

    # Mallory forges a JOIN in Bob's name: the confirmation goes to Bob, who ignores it, and
    # Mallory's answer to it from her own address is refused.
    mallory.send(f"JOIN {og.open_id}", to=svc, from_addr=bob.address)
    loop.tick()
    (forged,) = bob.read()
    assert "please confirm" in forged.subject
    mallory.send("yes", to=svc, answer=forged)
    loop.tick()
    assert SignupFiles(tmp_path / "games" / "outbox").get_open(og.open_id).players == []  # type: ignore[union-attr]
    loop.clock.now += timedelta(days=1)  # Bob's daily answer was spent on the forgery

    for p in (ann, bob, cy):
        p.send(f"JOIN {og.open_id}", to=svc)
    loop.tick()
    for p in (ann, bob, cy):
        (conf,) = [m for m in p.read() if "please confirm" in m.subject]
        p.send("confirm", to=svc, answer=conf)
    loop.tick()
    gm_mails = loop.gm.read()
    started = [m for m in gm_mails if "started as" in m.subject]
    assert started, [m.subject for m in gm_mails]
    gid = re.search(r"started as (\S+)", started[0].subject).group(1)  # type: ignore[union-attr]
    rec = loop.store.load(gid)
    assert sorted(p.email for p in rec.envelope.players) == sorted(
        p.address for p in (ann, bob, cy)
    )

    # An observer: WATCH, confirmed.
    obs.send(f"WATCH {gid}", to=svc)
    loop.tick()
    (conf,) = obs.read()
    obs.send("ok", to=svc, answer=conf)
    loop.tick()
    assert any("You now watch" in m.text for m in obs.read())

    bots = []
    for i, p in enumerate((ann, bob, cy)):
        bots.append(BotPlayer(p.name, p.address, "greedy", p.source, loop.store, p.smtp, 50 + i))
    play_until_over(
        lambda: tick(loop.service, loop.inbox, loop.sender, clock=loop.clock),
        loop.store,
        loop.service.outbox,
        bots,
        gid,
        max_ticks=600,
        echo=lambda s: None,
    )
    rec = loop.store.load(gid)
    assert rec.envelope.status == "ended"
    assert loop.store.verify(gid).ok

    # The observer got the public side of the whole game, and nothing private.
    watched = obs.read()
    assert len(watched) >= 10
    assert any("game over" in m.text.lower() or "has ended" in m.text for m in watched)
    for m in watched:
        assert "Your tile:" not in m.text and "yours alone" not in m.text
        assert not TOKEN.search(" ".join([m.message_id, *m.references]))
        assert obs.address in [a.lower() for a in m.to]
