"""Issue 32, item 7: small points, each with its test."""

from __future__ import annotations

import errno
from datetime import timedelta
from pathlib import Path

from helpers import GM, drain, make_env

from pbem.runner import TickReport, _machine_fault


def test_the_gms_fault_alert_goes_once_a_day_not_every_tick(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    err = OSError(errno.ENOSPC, "No space left on device")
    sent = []
    for _tick in range(5):
        _machine_fault(env.service, TickReport(), err, "handling a message")
        sent += [m for m in drain(env) if GM in str(m["To"])]
        env.clock.now += timedelta(minutes=10)
    assert len(sent) == 1
    env.clock.now += timedelta(days=1)
    _machine_fault(env.service, TickReport(), err, "handling a message")
    assert len([m for m in drain(env) if GM in str(m["To"])]) == 1
    # Any other alert, by its key, the same way.
    for _ in range(3):
        env.service.alert_gm("game x is stopped", ["why"], key="integrity-x")
    assert len(drain(env)) == 1


def test_the_log_file_is_created_0600_and_an_old_one_tightened(tmp_path: Path) -> None:
    import logging
    import os

    from pbem.cli.tick import setup_logging

    root = logging.getLogger()
    before = list(root.handlers)
    try:
        new = tmp_path / "logs" / "run.log"
        setup_logging(new, False)
        assert (os.stat(new).st_mode & 0o777) == 0o600
        old = tmp_path / "old.log"
        old.write_text("x\n")
        os.chmod(old, 0o644)
        setup_logging(old, True)
        assert (os.stat(old).st_mode & 0o777) == 0o600
        assert old.read_text() == "x\n"
    finally:
        for h in root.handlers:
            h.close()
        root.handlers[:] = before


def test_old_sign_up_requests_are_pruned_once_a_day(tmp_path: Path) -> None:
    from helpers import SERVICE

    from pbem.service.confirmations import CONFIRM_DAYS
    from pbem.service.signup import SignupFiles

    env = make_env(tmp_path)
    oid = (
        SignupFiles(env.data / "outbox")
        .new_open("forbidden-city", 3, 3, {}, None, [], env.clock())
        .open_id
    )
    for i in range(3):
        raw = (
            f"From: p{i}@example.org\r\nTo: {SERVICE}\r\nSubject: x\r\nMessage-ID: <q{i}@x>\r\n"
            f"\r\nJOIN {oid}\r\n"
        ).encode()
        assert env.service.handle(raw).reason == "confirmation sent"
    requests = env.data / "outbox" / "requests"
    assert len(list(requests.glob("*.json"))) == 3
    env.service.prune_fingerprints()
    assert len(list(requests.glob("*.json"))) == 3  # still good
    env.clock.now += timedelta(days=CONFIRM_DAYS + 2)
    env.service.prune_fingerprints()
    assert list(requests.glob("*.json")) == []


def test_an_invalid_preview_writes_no_ledger_line(tmp_path: Path) -> None:
    from helpers import reply

    env = make_env(tmp_path)
    gid = env.store.create(
        "forbidden-city",
        [("Ann", "ann@example.org"), ("Bob", "bob@example.org")],
        {},
        3,
        env.clock(),
    )
    env.service.flush_journal()
    mails = drain(env)
    rec = env.store.load(gid)
    seat = rec.pending()[0].seat
    addr = rec.envelope.active_player(seat).email
    mine = [m for m in mails if addr in str(m["To"])][-1]
    out = env.service.handle(reply(mine, addr, "PREVIEW Z99 R7"))
    assert out.reason == "refused", out
    (answer,) = drain(env)
    assert "PREVIEW" in str(answer.get_body(preferencelist=("plain",)).get_content())  # type: ignore[union-attr]
    assert env.store.load(gid).seq == rec.seq


def test_a_resigned_player_cannot_write_as_the_computer_seat(tmp_path: Path) -> None:
    from helpers import reply

    env = make_env(tmp_path)  # no authserv_id: the From header is all there is
    people = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]
    gid = env.store.create("forbidden-city", people, {}, 3, env.clock())
    env.service.flush_journal()
    ann_mail = [m for m in drain(env) if "ann@example.org" in str(m["To"])][-1]
    out = env.service.handle(reply(ann_mail, "ann@example.org", "RESIGN CONFIRM"))
    assert out.reason == "applied", out
    drain(env)
    rec = env.store.load(gid)
    seat = next(p.seat for p in rec.envelope.players if p.email == "ann@example.org")
    computer = rec.envelope.active_player(seat).email
    assert computer.startswith("computer+")
    for body in ("SAY I am still here", "VACATION 3d"):
        out = env.service.handle(reply(ann_mail, computer, body))
        assert out.folder == "rejected", (body, out)
        assert not [m for m in drain(env) if "still here" in m.as_string()]
        assert env.store.load(gid).seq == rec.seq


def test_a_say_without_message_id_is_not_relayed_again_on_replay(tmp_path: Path) -> None:
    import re as _re

    from helpers import reply

    env = make_env(tmp_path)
    gid = env.store.create(
        "forbidden-city",
        [("Ann", "ann@example.org"), ("Bob", "bob@example.org")],
        {},
        3,
        env.clock(),
    )
    env.service.flush_journal()
    ann = [m for m in drain(env) if "ann@example.org" in str(m["To"])][-1]
    raw = _re.sub(rb"(?m)^Message-ID:.*\r?\n", b"", reply(ann, "ann@example.org", "SAY hello Bob"))
    assert b"Message-ID" not in raw
    first = env.service.handle(raw)
    assert first.folder == "processed", first
    assert any("hello Bob" in m.as_string() for m in drain(env) if "bob@" in str(m["To"]))
    again = env.service.handle(raw)  # the same fetch, replayed after a crash
    assert again.reason == "already applied", again
    assert drain(env) == []
    # Another mail without an id (other bytes) is another mail.
    other = raw.replace(b"hello Bob", b"hello again")
    assert env.service.handle(other).folder == "processed"
    assert gid


def test_when_every_seat_resigns_the_game_ends_without_the_computer_playing_it_out(
    tmp_path: Path,
) -> None:
    from helpers import reply

    env = make_env(tmp_path)
    people = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]
    gid = env.store.create("verbotene-stadt", people, {}, 3, env.clock())
    env.service.flush_journal()
    mails = drain(env)
    start = env.store.load(gid).envelope.moves
    for _name, addr in people:
        mine = [m for m in mails if addr in str(m["To"])][-1]
        out = env.service.handle(reply(mine, addr, "RESIGN CONFIRM"))
        assert out.reason == "applied", out
        mails += drain(env)
    rec = env.store.load(gid)
    assert rec.envelope.status == "ended"
    # The first seat's resignation let the computer play that seat's turns only; after the last
    # one, not a move more: the game ends at once.
    assert rec.envelope.moves - start < 50
    from pbem.commands.describe import ALL_RESIGNED
    from pbem.store import payloads

    ends = [e.payload for e in rec.entries if isinstance(e.payload, payloads.EndLine)]
    assert [e.reason for e in ends] == [ALL_RESIGNED]
