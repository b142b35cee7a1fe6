"""The kill test: a process committing moves in a loop is killed with SIGKILL at random moments,
200 times. After every kill, every game must load (recovering from the crash if needed), verify
(signatures, chain, full replay) and hold exactly a prefix of the moves the writer was making.

The writer is a fork of the test process (it has everything imported already), so each round costs
milliseconds and the kill lands while it is reading, appending, fsyncing or renaming. fsync is on.
"""

from __future__ import annotations

import os
import random
import signal
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec
import pytest
import toygame
from store_helpers import PLAYERS

from pbem.rules.base import derive_rng
from pbem.store import ActionEntry, Keyring, Store
from pbem.store.fold import context
from pbem.store.payloads import SetupLine

KILLS = 200
OPTIONS = {"deck": "24"}


def writer(store: Store) -> None:
    """Forever: find the active game (or create the next one) and commit its next move."""
    now = datetime(2026, 5, 1, tzinfo=UTC)
    while True:
        active = None
        ids = store.game_ids()
        for gid in ids:
            rec = store.load(gid)
            if rec.envelope.status == "active":
                active = rec
                break
        if active is None:
            store.create("toy-draw", PLAYERS[:2], OPTIONS, 1000 + len(ids), now)
            continue
        seat = active.pending()[0].seat
        text = toygame.first_legal(active.state, seat)
        store.commit(active.game_id, active.seq, [ActionEntry(seat, text=text, source="bot")], now)


def expected_states(seed: int) -> list[Any]:
    """Every state of the game the writer plays with this seed (by number of moves)."""
    game = toygame.GAME
    state = game.setup(2, OPTIONS, seed)
    states = [state]
    seq = 1
    while game.pending(state):
        seat = game.pending(state)[0].seat
        seq += 1
        text = toygame.first_legal(state, seat)
        state, _ = game.apply(
            state, seat, game.parse(state, seat, text), derive_rng(seed, "apply", seq)
        )
        states.append(state)
    return states


def sealed_seed(keyring: Keyring, rec: Any) -> int:
    """The game's secret seed, opened with the service key (the test plays the auditor)."""
    setup = rec.entries[0].payload
    assert isinstance(setup, SetupLine)
    sealed = setup.sealed_seed
    return int(msgspec.json.decode(keyring.unseal(sealed, context(rec.game_id, "seed")))["seed"])


@pytest.mark.slow
def test_sigkill_200_times_leaves_only_verified_prefixes(tmp_path: Path) -> None:
    keyring = Keyring.create(tmp_path / "keys")
    store = Store(tmp_path / "games", keyring)
    rng = random.Random(20260501)
    expected: dict[int, list[Any]] = {}
    recoveries = 0
    seen: dict[str, tuple[int, ...]] = {}

    def check(gid: str) -> int:
        nonlocal recoveries
        report = store.verify(gid)
        assert report.ok, str(report)
        rec = store.load(gid)  # recovers a torn line or a stale snapshot
        recoveries += bool(rec.warnings)
        seed = sealed_seed(keyring, rec)
        states = expected.setdefault(seed, expected_states(seed))
        assert rec.state == states[rec.envelope.moves], (
            f"{gid} is not a prefix of the writer's moves"
        )
        assert store.verify(gid).ok
        return rec.envelope.moves

    for _ in range(KILLS):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child only ever dies by SIGKILL
            try:
                writer(store)
            finally:
                os._exit(1)
        time.sleep(rng.uniform(0.0, 0.05))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status), "the writer died on its own (it must only die by SIGKILL)"
        for gid in store.game_ids():  # the games the writer touched in this round
            gdir = store.data_dir / gid
            files = [gdir / "log.jsonl", gdir / "state.json"]
            stamp = tuple(p.stat().st_mtime_ns if p.exists() else 0 for p in files) + (
                (gdir / "log.jsonl").stat().st_size,
            )
            if seen.get(gid) != stamp:
                check(gid)
                seen[gid] = tuple(p.stat().st_mtime_ns if p.exists() else 0 for p in files) + (
                    (gdir / "log.jsonl").stat().st_size,
                )
    moves = sum(check(gid) for gid in store.game_ids())
    # Honesty: the kills interrupted real work, and some of them landed mid-commit.
    assert moves > KILLS // 10, f"the writer made only {moves} moves in {KILLS} rounds"
    assert recoveries > 0, "no kill ever landed between the append and the snapshot"
    print(f"kill test: {moves} moves committed, {recoveries} crash recoveries")
