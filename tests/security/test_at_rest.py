"""Secrets at rest: after a whole game played by mail with umask 022, every directory under the data
directory is 0700 and every file 0600, and no reply token is stored in clear anywhere; sent.log
cannot make a queue go out twice."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from helpers import Env, drain, make_env, reply

from pbem.mail.outbox import Outbox, entry_key
from pbem.mail.policy import RateLimiter
from pbem.mail.tokens import find_tokens, message_id, redact

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def _address(msg: EmailMessage) -> str:
    return str(msg["To"]).rsplit("<", 1)[-1].rstrip(">").strip().lower()


def play_whole_game(env: Env, gid: str, max_moves: int = 400) -> list[EmailMessage]:
    """Every seat answers its latest mail with its first legal move until the game ends."""
    env.service.flush_journal()
    sent = drain(env)
    latest = {_address(m): m for m in sent}
    for _ in range(max_moves):
        rec = env.store.load(gid)
        if rec.envelope.status != "active" or not rec.pending():
            break
        seat = rec.pending()[0].seat
        addr = rec.envelope.active_player(seat).email
        move = rec.legal_notations(seat)[0]
        out = env.service.handle(reply(latest[addr], addr, move))
        assert out.reason == "applied", out
        mails = drain(env)
        sent += mails
        latest.update({_address(m): m for m in mails})
    assert env.store.load(gid).envelope.status == "ended"
    return sent


def test_every_path_is_private_and_no_token_is_stored_in_clear(
    tmp_path: Path, umask_022: None
) -> None:
    env = make_env(tmp_path)
    env.service.rate_limiter = RateLimiter(
        env.data / "outbox", 1000, 3600.0, lambda: env.clock().timestamp()
    )
    gid = env.store.create("forbidden-city", PLAYERS, {}, 11, env.clock())
    mails = play_whole_game(env, gid)
    tokens = {r.token for m in mails for r in find_tokens([str(m["Message-ID"])])}
    assert len(tokens) > 10
    assert (env.data / "outbox" / "sent.log").stat().st_size > 0
    checked = 0
    for root, dirs, files in os.walk(env.data):
        for d in dirs:
            mode = stat.S_IMODE((Path(root) / d).stat().st_mode)
            assert mode == 0o700, f"{Path(root) / d}: {mode:o}"
        for f in files:
            path = Path(root) / f
            mode = stat.S_IMODE(path.stat().st_mode)
            assert mode == 0o600, f"{path}: {mode:o}"
            data = path.read_bytes().lower()
            leaked = [t for t in tokens if t.encode() in data]
            assert not leaked, f"{path} holds reply tokens in clear"
            checked += 1
    assert stat.S_IMODE(env.data.stat().st_mode) == 0o700
    assert checked > 5


def _queue(env: Env, n: int) -> list[str]:
    ids = []
    for i in range(n):
        msg = EmailMessage()
        msg["From"] = "service@pbem.test"
        msg["To"] = f"p{i}@example.org"
        msg["Subject"] = "x"
        msg["Message-ID"] = message_id(b"s" * 32, "fc-abcd", i, 3, f"e{i}.turn", "pbem.test")
        msg.set_content("board")
        env.outbox.put(
            msg, recipient=f"p{i}@example.org", game="fc-abcd", kind="turn", now=env.clock()
        )
        ids.append(str(msg["Message-ID"]))
    return ids


def test_an_unwritable_sent_log_never_sends_the_queue_again(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    _queue(env, 3)
    (env.data / "outbox" / "sent.log").mkdir()  # appending fails (EISDIR), even for root
    first = drain(env)  # marks each entry sent
    assert len(first) == 3
    assert env.outbox.pending() == [] and drain(env) == []
    entry_files = list((env.data / "outbox" / "queued").iterdir())
    assert entry_files == []


def test_entries_and_sent_log_hold_no_token(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    ids = _queue(env, 2)
    for e, mid in zip(env.outbox.pending(), ids, strict=True):
        assert ".*." in e.message_id and not find_tokens([e.message_id])
        assert e.key == entry_key(mid, e.recipient, env.store.keyring)
        assert e.key != entry_key(mid, e.recipient)  # keyed, not a plain hash of the id
    drain(env)
    log = (env.data / "outbox" / "sent.log").read_text()
    assert len(log.splitlines()) == 2 and not find_tokens([log])


def test_an_old_sent_log_is_scrubbed(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    old = message_id(b"s" * 32, "fc-abcd", 1, 3, "e1.turn", "pbem.test")
    path = env.data / "outbox" / "sent.log"
    path.write_text(f"2026-01-01T00:00:00+00:00 abc {old}\n")
    path.chmod(0o644)
    Outbox(env.data, env.store.keyring)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text() == f"2026-01-01T00:00:00+00:00 abc {redact(old)}\n"
    assert not find_tokens([path.read_text()]) and re.search(
        r"\.s1\.t3\.\*\.e1\.turn@", path.read_text()
    )
