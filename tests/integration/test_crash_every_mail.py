"""SIGKILL of ``pbem daemon`` at arbitrary moments (issue 32, item 8), with an observer: every move
is applied exactly once, and every mail of every applied move reaches every recipient at least
once: each player a mail for each action line (its ``e<seq>`` Message-ID tail), the observer the
public mails up to the last move. tests/integration/test_crash.py does the same for ``pbem run``
killed at each step boundary."""

from __future__ import annotations

import random
import time
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec
import pytest
from botgame import bot_game, service_config, service_env, start_daemon

from pbem.demo import BotPlayer
from pbem.service.signup import Watcher, Watchers

pytestmark = pytest.mark.mailserver

KILLS = 8
MOVES = 14


def _quiet(bots: list[BotPlayer], watcher: Any, seconds: float = 4.0, limit: float = 90) -> None:
    """Read until nothing new arrives for ``seconds``."""
    last = time.monotonic()
    end = last + limit
    while time.monotonic() < end and time.monotonic() - last < seconds:
        got = sum(b.read_and_answer() for b in bots)
        before = sum(len(b.mails) for b in bots) + len(watcher.mails)
        watcher.read()
        if got or sum(len(b.mails) for b in bots) + len(watcher.mails) != before:
            last = time.monotonic()
        time.sleep(0.1)


class _Reader:
    def __init__(self, source: Any) -> None:
        self.source = source
        self.mails: list[bytes] = []

    def read(self) -> None:
        for msg in self.source.fetch_new():
            self.mails.append(msg.raw)
            self.source.done(msg, "processed")


def test_daemon_killed_at_random_moments_loses_no_mail(
    tmp_path: Path, dovecot: Any, smtp_relay: Any, mail_account: Any
) -> None:
    from pbem.mail.parse import parse_message

    service, gm = mail_account("service"), mail_account("gm")
    players = [mail_account("kill") for _ in range(2)]
    observer = mail_account("watch")
    cfg = service_config(tmp_path, service, gm, smtp_relay.port)
    game = bot_game(tmp_path, players, smtp_relay.port, 91)
    store, gid, bots = game.store, game.gid, game.bots
    data = tmp_path / "games"
    watch_dir = data / "outbox" / "watchers"
    watch_dir.mkdir(parents=True, exist_ok=True)
    (watch_dir / f"{gid}.json").write_bytes(
        msgspec.json.encode(Watchers(watchers=[Watcher(address=observer.address, seen=1)]))
    )
    watcher = _Reader(observer.imap(tmp_path / "watcher.json"))
    env = service_env(service)
    rng = random.Random(32)
    log = (tmp_path / "daemon.log").open("ab")
    proc = start_daemon(cfg, env, log)
    kills = 0
    try:
        deadline = time.monotonic() + 240
        while store.load(gid).envelope.moves < MOVES and time.monotonic() < deadline:
            sent = sum(b.read_and_answer() for b in bots)
            watcher.read()
            if sent and kills < KILLS:
                time.sleep(rng.choice([0.0, 0.05, 0.15, 0.3, 0.6, 1.0]))
                proc.kill()  # SIGKILL: no clean-up at all
                proc.wait()
                kills += 1
                proc = start_daemon(cfg, env, log)
            time.sleep(0.05)
        for b in bots:
            b.playing = False
        _quiet(bots, watcher)
    finally:
        proc.kill()
        proc.wait()
        log.close()
    assert kills == KILLS, (tmp_path / "daemon.log").read_text()[-3000:]
    rec = store.load(gid)
    assert rec.envelope.moves >= MOVES, (tmp_path / "daemon.log").read_text()[-3000:]
    assert store.verify(gid).ok
    actions = [e for e in rec.entries if e.kind == "action"]
    # Exactly once: no reply applied twice (each carries its own Message-ID in the ledger).
    keys = Counter(e.msgid for e in actions if e.msgid)
    assert all(n == 1 for n in keys.values()), keys
    assert len(actions) == rec.envelope.moves
    # At least once, to every player: a mail for every action line.
    for b in bots:
        tails = {m.message_id.split(".")[5] for m in b.mails if m.message_id.startswith("<pbem.")}
        for e in actions:
            assert f"e{e.seq}" in tails, (b.address, e.seq, sorted(tails))
    # The observer: public mails up to the last move, never a duplicate of another content.
    subjects = [str(parse_message(raw).subject) for raw in watcher.mails]
    numbers = sorted(int(s.rsplit("move ", 1)[1].split()[0]) for s in subjects if "you watch" in s)
    assert numbers and numbers[-1] == rec.envelope.moves, subjects
    seen = msgspec.json.decode((watch_dir / f"{gid}.json").read_bytes(), type=Watchers)
    assert seen.watchers[0].seen == rec.seq
    print(
        f"\n{kills} SIGKILLs of the daemon over {rec.envelope.moves} moves: every move applied "
        f"once, {sum(len(b.mails) for b in bots)} player mails, {len(watcher.mails)} observer mails"
    )
