"""The runner killed at each step boundary and restarted: every move is applied exactly once, and every
notification is sent at least once with a stable Message-ID (so a duplicate is recognisable)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

import pytest

from pbem.demo import BotPlayer
from pbem.mail.outbound import SmtpSender
from pbem.mail.parse import parse_message
from pbem.store import Keyring, Store

pytestmark = pytest.mark.mailserver

POINTS = ["after-fetch", "after-commit", "after-flag", "during-flush"]


def _run(cfg: Path, env: dict[str, str], crash: str | None = None) -> int:
    e = dict(env)
    if crash:
        e["PBEM_CRASH_AT"] = crash
    proc = subprocess.run(
        [sys.executable, "-m", "pbem", "run", "--config", str(cfg)],
        env=e,
        capture_output=True,
        text=True,
        timeout=120,
    )
    if crash is None:
        assert proc.returncode == 0, proc.stderr
    return proc.returncode


def test_runner_killed_at_each_step_boundary(
    tmp_path: Path, dovecot, smtp_relay, mail_account
) -> None:
    service = mail_account("service")
    gm = mail_account("gm")
    players = [mail_account("crash") for _ in range(2)]
    data, keys = tmp_path / "games", tmp_path / "keys"
    Keyring.create(keys, data_dir=data)
    cfg = tmp_path / "pbem.toml"
    cfg.write_text(f'''
data_dir = "{data}"
keys_dir = "{keys}"
service_address = "{service.address}"
gm_address = "{gm.address}"
[imap]
host = "127.0.0.1"
port = {service.imap_port}
security = "none"
user = "{service.address}"
[smtp]
host = "127.0.0.1"
port = {smtp_relay.port}
security = "none"
''')
    env = {**os.environ, "PBEM_IMAP_PASSWORD": service.password}
    store = Store(data, Keyring.load(keys))
    bots = [
        BotPlayer(
            f"P{i}",
            acc.address,
            "greedy",
            acc.imap(tmp_path / f"bot{i}.json"),
            store,
            SmtpSender("127.0.0.1", smtp_relay.port, "none"),
            i,
        )
        for i, acc in enumerate(players)
    ]
    gid = store.create(
        "forbidden-city",
        [(b.name, b.address) for b in bots],
        {"privacy": "plain"},
        77,
        datetime.now(UTC),
    )
    (data / "outbox" / "dirty").mkdir(parents=True, exist_ok=True)
    (data / "outbox" / "dirty" / gid).write_bytes(b"")  # as `pbem admin new` does
    _run(cfg, env)
    moves_sent = 0
    for _round in range(2):
        for point in POINTS:
            answered = sum(b.read_and_answer() for b in bots)
            assert answered == 1, (
                point,
                [(b.address, [(m.subject, m.message_id) for m in b.mails]) for b in bots],
            )
            moves_sent += 1
            code = _run(cfg, env, crash=f"{point}:1")
            assert code == 137, f"the runner did not stop at {point}"
            _run(cfg, env)  # restarted
            _run(cfg, env)  # and once more: nothing left to do twice
            rec = store.load(gid)
            assert rec.envelope.moves == moves_sent, f"after a crash {point}: moves applied once"
    for b in bots:
        b.playing = False
        b.read_and_answer()
    rec = store.load(gid)
    assert store.verify(gid).ok
    action_seqs = [e.seq for e in rec.entries if e.kind == "action"]
    assert len(action_seqs) == moves_sent
    for b in bots:
        ids = Counter(m.message_id for m in b.mails)
        tails = {mid.split(".")[5] for mid in ids if mid.startswith("<pbem.")}
        # Every action was announced to every player at least once (duplicates allowed).
        for seq in action_seqs:
            assert f"e{seq}" in tails, (b.address, seq, sorted(tails))
        # A duplicate is the same mail: same Message-ID, same subject.
        for m in b.mails:
            same = [x for x in b.mails if x.message_id == m.message_id]
            assert len({x.subject for x in same}) == 1
    # Nothing shunted, nothing lost in the service mailbox.
    inbox = service.imap(tmp_path / "check.json")
    assert inbox.fetch_new() == []
    assert callable(parse_message)  # the parser is what the bots used
