"""An idle tick (no new mail, nothing queued) must not grow with the number of games on disk.

Run: ``.venv/bin/python benchmarks/bench_idle_tick.py [--games 10000] [--ticks 20] [--budget 120]``

Two data directories side by side: a small one with 10 games and a large one with ``--games``
games (Forbidden City, 4 players, created with ``Store(fsync=False)``; creation stops early when it
takes longer than ``--budget`` seconds, and the count actually reached is printed). The games are
on disk as after their start mails went out: no journal marker (the benchmark removes the marker
that ``Store.create`` leaves instead of composing 4 start mails a game), nothing queued. Then
:func:`pbem.runner.tick` runs ``--ticks`` times on each, interleaved (small, large, small, ...) so
both see the same machine load, with an empty Maildir inbox (MaildirSource) and a Maildir sink;
the medians and their ratio are printed. Then the same as cron runs it: ``--cron-runs`` whole
``python -m pbem run --config ...`` processes per size (interpreter start, imports, configuration,
keys, one tick), interleaved.

A second pair measures the same with a deadline on every game (7 days, not due; ``--deadline-games``,
default 1000, in the large set, since each costs a commit more): such games have a timer file each,
which every tick reads. ``--no-deadlines`` skips it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from pbem.mail.inbound import MaildirSource
from pbem.mail.outbound import MaildirSink
from pbem.mail.outbox import Outbox
from pbem.runner import Source, tick
from pbem.service import Policy, Service
from pbem.store import Keyring, SetDeadline, Store
from pbem.store.store import CHANGED_DIR

SERVICE = "service@pbem.test"
PLAYERS = [(f"P{i}", f"p{i}@pbem.test") for i in range(4)]
WEEK = 7 * 24 * 3600


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass
class Setup:
    """One data directory with its service, empty inbox and sink."""

    label: str
    root: Path
    service: Service
    inbox: MaildirSource
    sink: MaildirSink
    games: int = 0
    create_ms: list[float] = field(default_factory=list)

    @classmethod
    def make(cls, label: str, root: Path) -> Setup:
        keyring = Keyring.create(root / "keys", data_dir=root / "games")
        store = Store(root / "games", keyring, fsync=False)
        service = Service(store, Outbox(root / "games", keyring), Policy(SERVICE, SERVICE), _now)
        return cls(label, root, service, MaildirSource(root / "inbox"), MaildirSink(root / "sent"))

    def add_games(self, count: int, *, deadline: bool, budget: float) -> float:
        """Create up to ``count`` games within ``budget`` seconds; returns the seconds taken.
        Keeps the time of each game's creation in :attr:`create_ms`."""
        store = self.service.store
        started = time.perf_counter()
        for i in range(count):
            t = time.perf_counter()
            if t - started > budget:
                break
            gid = store.create(
                "forbidden-city", PLAYERS, {"privacy": "plain"}, self.games + i, _now()
            )
            if deadline:
                store.commit(gid, 1, [SetDeadline("*", seconds=WEEK)], _now())
                self.service.schedule(gid)  # writes the game's timer file, as notify() does
            # The store leaves a journal marker for the new game's start mails; a real service
            # composes and sends them in its next tick (4 a game: too slow for 10,000 games
            # here). The idle tick must see the games as after that: no marker, nothing queued.
            (store.data_dir / CHANGED_DIR / gid).unlink(missing_ok=True)
            self.games += 1
            self.create_ms.append((time.perf_counter() - t) * 1000)
        return time.perf_counter() - started

    def tick_ms(self) -> float:
        t = time.perf_counter()
        # runner.Source declares done(msg, folder: str); MaildirSource narrows folder to a
        # Literal, which mypy counts as a mismatch: the object is the real one.
        inbox: Source = self.inbox  # type: ignore[assignment]
        report = tick(self.service, inbox, self.sink, clock=_now)
        ms = (time.perf_counter() - t) * 1000
        if report.fetched or report.sent or report.timers or report.errors:
            raise SystemExit(f"{self.label}: the tick was not idle: {report.line()}")
        return ms

    def write_config(self) -> Path:
        """A pbem.toml for ``pbem run`` over this data directory (Maildir in and out)."""
        path = self.root / "pbem.toml"
        path.write_text(
            f'data_dir = "{self.root / "games"}"\nkeys_dir = "{self.root / "keys"}"\n'
            f'service_address = "{SERVICE}"\ngm_address = "{SERVICE}"\n'
            f'maildir_inbound = "{self.root / "inbox"}"\nmaildir_outbound = "{self.root / "sent"}"\n'
        )
        return path

    def cron_tick_ms(self) -> float:
        """One ``pbem run`` process, as cron starts it: interpreter, imports, config, tick."""
        cmd = [sys.executable, "-m", "pbem", "run", "--config", str(self.root / "pbem.toml")]
        t = time.perf_counter()
        done = subprocess.run(cmd, capture_output=True, text=True, check=False)
        ms = (time.perf_counter() - t) * 1000
        if done.returncode != 0:
            raise SystemExit(
                f"{self.label}: pbem run failed ({done.returncode}): {done.stderr[-500:]}"
            )
        return ms


def compare(small: Setup, large: Setup, ticks: int) -> None:
    for s in (small, large):  # warm-up (imports, first directory reads)
        s.tick_ms()
    samples: dict[str, list[float]] = {small.label: [], large.label: []}
    for _ in range(ticks):
        for s in (small, large):
            samples[s.label].append(s.tick_ms())
    med = {k: statistics.median(v) for k, v in samples.items()}
    for s in (small, large):
        v = sorted(samples[s.label])
        print(
            f"  {s.label:<34} {s.games:>6} games: median {med[s.label]:7.3f} ms "
            f"(min {v[0]:.3f}, max {v[-1]:.3f}, n={len(v)})"
        )
    print(
        f"  ratio large / small: {med[large.label] / med[small.label]:.2f}; "
        f"{(med[large.label] - med[small.label]) / (large.games - small.games) * 1000:.1f} us "
        "more a game"
    )


def compare_cron(small: Setup, large: Setup, runs: int) -> None:
    for s in (small, large):
        s.write_config()
        s.cron_tick_ms()  # warm-up: the first run makes the service's crypto identity
    samples: dict[str, list[float]] = {small.label: [], large.label: []}
    for _ in range(runs):
        for s in (small, large):
            samples[s.label].append(s.cron_tick_ms())
    med = {k: statistics.median(v) for k, v in samples.items()}
    for s in (small, large):
        print(
            f"  pbem run (new process), {s.games:>6} games: median {med[s.label]:7.1f} ms "
            f"(min {min(samples[s.label]):.1f}, n={runs})"
        )
    print(f"  ratio large / small: {med[large.label] / med[small.label]:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--small", type=int, default=10)
    ap.add_argument("--ticks", type=int, default=20)
    ap.add_argument(
        "--budget",
        type=float,
        default=120.0,
        help="seconds allowed for creating the large set (per pair)",
    )
    ap.add_argument(
        "--deadline-games",
        type=int,
        default=1000,
        help="games in the large set with deadlines (each costs a commit too)",
    )
    ap.add_argument("--no-deadlines", action="store_true")
    ap.add_argument(
        "--cron-runs",
        type=int,
        default=4,
        help="also time whole `pbem run` processes, as cron starts them (0: skip)",
    )
    args = ap.parse_args()
    print(
        f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
        f"{os.cpu_count()} CPUs, python {sys.version.split()[0]}"
    )
    work = Path(tempfile.mkdtemp(prefix="pbem-bench-idle-"))
    try:
        pairs = [("no deadlines", False, args.games)]
        if not args.no_deadlines:
            pairs.append(("a 7-day deadline on every game", True, args.deadline_games))
        for title, deadline, count in pairs:
            tag = "dl" if deadline else "plain"
            small = Setup.make(f"small ({title})", work / f"small-{tag}")
            large = Setup.make(f"large ({title})", work / f"large-{tag}")
            small.add_games(args.small, deadline=deadline, budget=args.budget)
            took = large.add_games(count, deadline=deadline, budget=args.budget)
            short = "" if large.games == count else f" (stopped at the {args.budget:.0f} s budget)"
            print(
                f"\n== {title}: {large.games} games created in {took:.1f} s "
                f"({took / max(large.games, 1) * 1000:.1f} ms a game, fsync off){short}"
            )
            k = min(500, large.games // 2)
            if k:
                first = statistics.median(large.create_ms[:k])
                last = statistics.median(large.create_ms[-k:])
                print(
                    f"  creating one game: median {first:.1f} ms for the first {k}, "
                    f"{last:.1f} ms for the last {k} (Store.create also scans the data directory)"
                )
            compare(small, large, args.ticks)
            if args.cron_runs:
                compare_cron(small, large, args.cron_runs)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
