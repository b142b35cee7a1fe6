"""Store benchmarks: committing one move, loading and verifying a 100-move game, listing games.

Run: ``.venv/bin/python benchmarks/bench_store.py [--quick]``. Uses Forbidden City (4 players, bots
choosing moves) in a temporary directory on the same file system as /tmp. Prints medians; compare
figures as ratios within one run (the machine is shared and noisy).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from pbem.rules import find_game
from pbem.rules.base import derive_rng
from pbem.store import ActionEntry, Keyring, Store

PLAYERS = [
    ("Ann", "ann@example.org"),
    ("Bob", "bob@example.org"),
    ("Cy", "cy@example.org"),
    ("Di", "di@example.org"),
]
NOW = datetime(2026, 5, 1, tzinfo=UTC)


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def ms(samples: list[float]) -> str:
    return f"median {statistics.median(samples) * 1000:7.2f} ms  (min {min(samples) * 1000:.2f}, n={len(samples)})"


def play(store: Store, gid: str, moves: int) -> int:
    """Commit up to ``moves`` bot moves; returns how many were made."""
    game = find_game("forbidden-city")
    bot = game.bots()["random"]
    rec = store.load(gid)
    made = 0
    while made < moves and rec.envelope.status == "active":
        seat = rec.pending()[0].seat
        action = bot.choose(game, rec.state, seat, derive_rng(1, "bench", rec.seq))
        rec = store.commit(gid, rec.seq, [ActionEntry(seat, action=action, source="bot")], NOW)
        made += 1
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    args = parser.parse_args()
    reps = 5 if args.quick else 20
    root = Path(tempfile.mkdtemp(prefix="pbem-bench-"))
    keyring = Keyring.create(root / "keys")
    print(f"pbem store benchmark ({sys.platform}, python {sys.version.split()[0]}, data in {root})")

    for fsync in (True, False):
        store = Store(root / f"games-{int(fsync)}", keyring, fsync=fsync)
        gid = store.create("forbidden-city", PLAYERS, {}, 7, NOW)
        play(store, gid, 10)
        commit_times: list[float] = []
        for _ in range(reps):
            t = time.perf_counter()
            if play(store, gid, 1) == 0:
                gid = store.create("forbidden-city", PLAYERS, {}, 8, NOW)
                continue
            commit_times.append(time.perf_counter() - t)
        label = "on " if fsync else "off"
        print(f"commit one move (load + append + snapshot), fsync {label}: {ms(commit_times)}")

    store = Store(root / "games-long", keyring)
    gid = store.create("forbidden-city", PLAYERS, {}, 11, NOW)
    made = play(store, gid, 100)
    log = store.data_dir / gid / "log.jsonl"
    print(
        f"game of {made} moves: {store.load(gid).seq} events, log {log.stat().st_size} bytes, "
        f"state.json {(store.data_dir / gid / 'state.json').stat().st_size} bytes"
    )
    fresh = lambda: Store(store.data_dir, keyring)  # noqa: E731 - no cached verification between runs
    print(
        f"load + verify signatures, {made}-move game (cold): {ms(timed(lambda: fresh().load(gid), reps))}"
    )
    print(
        f"load, same process again (verified prefix cached): {ms(timed(lambda: store.load(gid), reps))}"
    )
    print(
        f"verify (signatures + full engine replay + snapshot bytes): {ms(timed(lambda: fresh().verify(gid), reps))}"
    )

    many = root / "games-many"
    many.mkdir()
    for i in range(10_000):
        os.mkdir(many / f"fc-{i:05d}")
    lister = Store(many, keyring)
    samples = timed(lister.game_ids, reps)
    print(f"game_ids() with {len(lister.game_ids())} games: {ms(samples)}")
    shutil.rmtree(root)


if __name__ == "__main__":
    main()
