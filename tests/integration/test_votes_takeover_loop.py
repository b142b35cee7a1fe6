"""Issue 27 through the real mail loop (Dovecot IMAP + the SMTP relay), time moved by the test's
clock: votes accepted, declined and lapsed; a time bank that runs down and is spent
automatically; a seat taken over, refused without its confirmation and completed with it, with a
leak scan showing nothing private reached the volunteer before."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from test_community_loop import _setup, flat

from pbem.service import deadlines, takeover
from pbem.service.ports import COMPUTER_PREFIX
from pbem.store import ActionEntry, SetDeadline, SetPolicy
from pbem.store.payloads import EndLine, ReplaceLine, UndoLine, VacationLine, VoteLine

pytestmark = pytest.mark.mailserver

TOKEN = re.compile(r"<pbem\.[a-z0-9-]+\.s\d+\.t\d+\.")
PRIVATE = ("Your tile:", "yours alone")


def _steps(store, gid: str) -> list[str]:
    return [e.payload.step for e in store.load(gid).entries if isinstance(e.payload, VoteLine)]


def _latest(person, gid: str):
    mine = [m for m in person.mails if gid in m.subject and TOKEN.search(m.message_id)]
    return mine[-1]


def test_votes_accepted_declined_and_lapsed(
    tmp_path: Path, dovecot, smtp_relay, mail_account
) -> None:
    loop, people = _setup(tmp_path, dovecot, smtp_relay, mail_account, ["Ann", "Bob", "Cat"])
    store = loop.store
    gid = store.create(
        "forbidden-city",
        [(p.name, p.address) for p in people],
        {"privacy": "plain"},
        5,
        loop.clock(),
    )
    loop.service.flush_journal()
    loop.tick()
    rec = store.load(gid)
    d = rec.pending()[0]
    store.commit(
        gid, rec.seq, [ActionEntry(d.seat, text=rec.legal_notations(d.seat)[0])], loop.clock()
    )
    loop.service.flush_journal()
    loop.tick()
    for p in people:
        p.read()
    mover = next(p for p in people if store.load(gid).envelope.seat_of_email(p.address) == d.seat)
    others = [p for p in people if p is not mover]

    # Accepted: PROPOSE UNDO, both others ACCEPT, the move is taken back; everyone told.
    mover.send("PROPOSE UNDO", to=loop.service_address, answer=_latest(mover, gid))
    loop.tick()
    for p in people:
        assert any("proposes to take back" in flat(m.text) for m in p.read())
    for p in others:
        p.send("ACCEPT", to=loop.service_address, answer=_latest(p, gid))
        loop.tick()
    assert _steps(store, gid) == ["propose", "accept", "accept", "carried"]
    assert isinstance(store.load(gid).entries[-1].payload, UndoLine)
    for p in people:
        assert any("carried out" in flat(m.text) for m in p.read())

    # Declined: PROPOSE END, one DECLINE; the game goes on.
    ann = others[0]
    ann.send("PROPOSE END", to=loop.service_address, answer=_latest(ann, gid))
    loop.tick()
    for p in people:
        p.read()
    bob = others[1]
    bob.send("DECLINE", to=loop.service_address, answer=_latest(bob, gid))
    loop.tick()
    assert _steps(store, gid)[-2:] == ["propose", "decline"]
    assert store.load(gid).envelope.status == "active"
    assert any("declines the proposal" in flat(m.text) for m in mover.read())

    # Lapsed: PROPOSE PAUSE 2d, nobody answers for 72 hours.
    ann.send("PROPOSE PAUSE 2d", to=loop.service_address, answer=_latest(ann, gid))
    loop.tick()
    for p in people:
        p.read()
    loop.clock.now += timedelta(hours=73)
    loop.tick()
    assert _steps(store, gid)[-2:] == ["propose", "lapse"]
    assert any("lapsed" in flat(m.text) for m in bob.read())
    assert not any(isinstance(e.payload, EndLine) for e in store.load(gid).entries)
    assert store.verify(gid).ok


def test_a_bank_runs_down_and_the_leave_is_spent_automatically(
    tmp_path: Path, dovecot, smtp_relay, mail_account
) -> None:
    loop, (ann, bob) = _setup(tmp_path, dovecot, smtp_relay, mail_account, ["Ann", "Bob"])
    store = loop.store
    gid = store.create(
        "forbidden-city",
        [(ann.name, ann.address), (bob.name, bob.address)],
        {"privacy": "plain"},
        4,
        loop.clock(),
    )
    rec = store.load(gid)
    store.commit(gid, rec.seq, [SetPolicy("time", "bank:2d+1d")], loop.clock())
    loop.service.flush_journal()
    loop.tick()
    first = store.load(gid).pending()[0].seat
    mover, other = (
        (ann, bob) if store.load(gid).envelope.seat_of_email(ann.address) == first else (bob, ann)
    )
    turn = [m for m in mover.read() if "Your time bank" in flat(m.text)]
    assert turn and "2 days left" in flat(turn[-1].text)
    other.read()
    mover.send("VACATION AUTO", to=loop.service_address, answer=turn[-1])
    loop.tick()
    mover.read()
    (item,) = deadlines.deadlines(store.load(gid))
    loop.clock.now = item.due + timedelta(minutes=1)
    loop.tick()
    rec = store.load(gid)
    assert rec.envelope.moves == 0  # not played: the leave was spent first
    (auto,) = [e.payload for e in rec.entries if isinstance(e.payload, VacationLine)]
    assert auto.auto and auto.leave
    assert any("automatically" in flat(m.text) for m in other.read())
    # Once the leave day is over too, the computer plays.
    (again,) = deadlines.deadlines(rec)
    assert again.due == item.due + timedelta(days=1)
    # (VACATION MANUAL: no more leave spent; the nmr policy acts.)
    mover.send("VACATION MANUAL", to=loop.service_address, answer=turn[-1])
    loop.tick()
    loop.clock.now = again.act + timedelta(minutes=1)
    loop.tick()
    assert store.load(gid).envelope.moves == 1
    assert store.verify(gid).ok


def test_a_seat_taken_over_only_with_its_confirmation(
    tmp_path: Path, dovecot, smtp_relay, mail_account
) -> None:
    loop, (ann, bob, vic) = _setup(
        tmp_path, dovecot, smtp_relay, mail_account, ["Ann", "Bob", "Vic"]
    )
    store, svc = loop.store, loop.service_address
    vic.send("STANDBY forbidden-city", to=svc)
    loop.tick()
    (conf,) = vic.read()
    assert "please confirm" in conf.subject
    vic.send("yes", to=svc, answer=conf)
    loop.tick()
    assert any("volunteer" in flat(m.text) for m in vic.read())

    gid = store.create(
        "forbidden-city",
        [(ann.name, ann.address), (bob.name, bob.address)],
        {"privacy": "plain"},
        5,
        loop.clock(),
    )
    rec = store.load(gid)
    store.commit(gid, rec.seq, [SetDeadline("move", seconds=86400)], loop.clock())
    loop.service.flush_journal()
    loop.tick()
    gone_seat = store.load(gid).pending()[0].seat
    gone, stays = (ann, bob) if gone_seat == 0 else (bob, ann)
    # The vanished player misses two decisions; the other answers by mail.
    for _round in range(2):
        (item,) = deadlines.deadlines(store.load(gid))
        loop.clock.now = item.act + timedelta(minutes=1)
        loop.tick()
        if store.load(gid).envelope.active_player(gone_seat).email.startswith(COMPUTER_PREFIX):
            break
        stays.read()
        turn = _latest(stays, gid)
        move = store.load(gid).legal_notations(1 - gone_seat)[0]
        stays.send(move, to=svc, answer=turn)
        loop.tick()
    rec = store.load(gid)
    (line,) = [e.payload for e in rec.entries if isinstance(e.payload, ReplaceLine)]
    assert line.source == "timer"
    assert takeover.offered(loop.service, gid, gone_seat)
    offer = [m for m in vic.read() if "a seat to take over" in m.subject]
    assert offer
    seat = rec.seat_names()[gone_seat].lower()

    # TAKEOVER; its confirmation answered by someone else (Ann, forging nothing but replying to
    # a mail she never got): refused. The seat stays the computer's.
    vic.send(f"TAKEOVER {gid} {seat}", to=svc)
    loop.tick()
    (conf,) = vic.read()
    assert "please confirm" in conf.subject
    stays.send("yes", to=svc, answer=conf)
    loop.tick()
    assert store.load(gid).envelope.active_player(gone_seat).email.startswith(COMPUTER_PREFIX)
    # Leak scan: nothing private, no reply token, reached the volunteer before the confirmation.
    for m in vic.mails:
        assert not any(p in m.text for p in PRIVATE), m.subject
        assert not TOKEN.search(" ".join([m.message_id, *m.references]))
    # Confirmed from the volunteer's address: the seat is theirs, private part included.
    vic.send("yes", to=svc, answer=conf)
    loop.tick()
    rec = store.load(gid)
    assert rec.envelope.active_player(gone_seat).email == vic.address
    mine = vic.read()
    assert any("You now play" in flat(m.text) for m in mine)
    assert any(any(p in m.text for p in PRIVATE) for m in mine)
    assert any("taken it over" in flat(m.text) for m in gone.read())
    assert stays.read()
    assert store.verify(gid).ok
