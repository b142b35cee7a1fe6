"""The runner killed at each step boundary and restarted: every move is applied exactly once, and every
notification is sent at least once with a stable Message-ID (so a duplicate is recognisable)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from botgame import bot_game, service_config, service_env

from pbem.mail.parse import parse_message

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
    cfg = service_config(tmp_path, service, gm, smtp_relay.port)
    env = service_env(service)
    game = bot_game(tmp_path, players, smtp_relay.port, 77)
    store, gid, bots = game.store, game.gid, game.bots
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
