"""GM commands at 10 and at 10,000 games: ``pbem admin list`` and ``Store.create``.

Run: ``PYTHONPATH=$PWD .venv/bin/python benchmarks/bench_scale.py [--games 10000] [--reps 5]``.

The fixtures are built with the store's own API (``Store.create``, then the GM's ``End`` for every
other game, so half of the games are finished and revealed), fsync off, and kept under
``$TMPDIR/pbem-bench-scale-<N>`` so that a second run does not build them again (``--rebuild``).
The two sizes are measured interleaved, in one run: compare the ratios.

- ``admin list``: the real command in a child process (wall and CPU from ``getrusage``), and the
  store call behind it in-process (``Store.summaries``). For comparison, the former algorithm (load
  every game) is timed on the 10-game fixture and on 200 games of the big one (per game).
- ``Store.create``: :data:`CREATIONS` creations a round with fsync on in each data directory (the new games are deleted
  again afterwards so that the fixture stays at its size).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from pbem.store import End, Keyring, Store

PLAYERS = [
    ("Ann", "ann@example.org"),
    ("Bob", "bob@example.org"),
    ("Cy", "cy@example.org"),
    ("Di", "di@example.org"),
]
NOW = datetime(2026, 5, 1, tzinfo=UTC)
CREATIONS = 5
"""``Store.create`` calls timed in each size per round (the median of all is reported)."""


def fixture(root: Path, n: int, rebuild: bool) -> tuple[Path, Path]:
    """``(data_dir, keys_dir)`` with ``n`` games, every other one ended by the GM."""
    base = root / f"pbem-bench-scale-{n}"
    done = base / "complete"
    if rebuild and base.exists():
        shutil.rmtree(base)
    if not done.exists():
        if base.exists():
            shutil.rmtree(base)
        base.mkdir(parents=True)
        keyring = Keyring.create(base / "keys")
        store = Store(base / "games", keyring, fsync=False)
        t = time.perf_counter()
        for i in range(n):
            gid = store.create("forbidden-city", PLAYERS, {}, i, NOW)
            if i % 2:
                store.commit(gid, 1, [End(reason="gm")], NOW)
            if i and i % 1000 == 0:
                print(f"  built {i} games ({time.perf_counter() - t:.0f} s)", flush=True)
        shutil.rmtree(base / "games" / "outbox", ignore_errors=True)  # no mail loop here
        done.write_text("ok")
        print(f"built {n} games in {time.perf_counter() - t:.1f} s")
    return base / "games", base / "keys"


def cli_list(data_dir: Path, keys: Path) -> tuple[float, float]:
    """(wall, cpu) of ``pbem admin list`` in a child process."""
    env = dict(os.environ, PBEM_KEYS_DIR=str(keys))
    # With bytecode, as an installed pbem runs (pip compiles it): without it every run compiles
    # the modules it imports again, a fixed cost that would flatter the ratio.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "pbem", "admin", "list", "--data-dir", str(data_dir)],
        check=True,
        stdout=subprocess.DEVNULL,
        env=env,
    )
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu


def med(xs: list[float]) -> float:
    return statistics.median(xs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--root", type=Path, default=Path(tempfile.gettempdir()))
    args = parser.parse_args()
    small = fixture(args.root, 10, args.rebuild)
    big = fixture(args.root, args.games, args.rebuild)
    sizes = {10: small, args.games: big}
    print(f"pbem scale benchmark (python {sys.version.split()[0]}), {args.reps} rounds interleaved")

    wall: dict[int, list[float]] = {n: [] for n in sizes}
    cpu: dict[int, list[float]] = {n: [] for n in sizes}
    inproc: dict[int, list[float]] = {n: [] for n in sizes}
    create: dict[int, list[float]] = {n: [] for n in sizes}
    stores = {n: Store(d, Keyring.load(k)) for n, (d, k) in sizes.items()}
    for _ in range(args.reps):
        for n, (d, k) in sizes.items():
            w, c = cli_list(d, k)
            wall[n].append(w)
            cpu[n].append(c)
            s = Store(d, Keyring.load(k))
            t = time.perf_counter()
            s.summaries()
            inproc[n].append(time.perf_counter() - t)
            # Several creations a round: each is mostly its fsyncs, whose latency on a shared
            # disk varies far more from one call to the next than the work does.
            for _ in range(CREATIONS):
                t = time.perf_counter()
                gid = stores[n].create("forbidden-city", PLAYERS, {}, 1, NOW)
                create[n].append(time.perf_counter() - t)
                shutil.rmtree(d / gid)
    for n in sizes:
        print(
            f"admin list, {n:>6} games: wall {med(wall[n]) * 1000:7.1f} ms, cpu {med(cpu[n]) * 1000:7.1f} ms;"
            f" Store.summaries() {med(inproc[n]) * 1000:7.2f} ms; Store.create (fsync on) {med(create[n]) * 1000:6.2f} ms"
        )
    a, b = 10, args.games
    print(
        f"ratios {b}/{a}: admin list wall {med(wall[b]) / med(wall[a]):.2f}x, cpu {med(cpu[b]) / med(cpu[a]):.2f}x; "
        f"Store.create {med(create[b]) / med(create[a]):.2f}x"
    )
    # The former algorithm of admin list: load every game (verify off), per game.
    for n, count in ((10, 10), (args.games, min(200, args.games))):
        s = Store(sizes[n][0], Keyring.load(sizes[n][1]))
        ids = s.game_ids()[:count]
        t = time.perf_counter()
        for gid in ids:
            rec = s.load(gid, verify=False)
            rec.pending()
        per = (time.perf_counter() - t) / len(ids)
        print(
            f"former admin list (load every game), {n} games: {per * 1000:.2f} ms a game, "
            f"{per * n:.2f} s for all"
        )
        # The former Store.create swept the data directory for crash leftovers on every creation.
        t = time.perf_counter()
        with os.scandir(sizes[n][0]) as it:
            for e in it:
                if e.name.startswith(".new-") and e.is_dir():
                    e.stat()
        print(
            f"former Store.create's sweep of the data directory, {n} games: "
            f"{(time.perf_counter() - t) * 1000:.2f} ms"
        )


if __name__ == "__main__":
    main()
