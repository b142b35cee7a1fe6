"""A commit in a new process: at move 1, 87 and 88, with and without the signed checkpoint.

Move 88 is the last of a 4-player game: its commit also writes the end and the reveal (which
unseals every hidden notation), so it does more than an ordinary move; move 87 is an ordinary one.

Run: ``PYTHONPATH=$PWD .venv/bin/python benchmarks/bench_cold_commit.py [--reps 15]``.

Each cron tick (``pbem run``) is a new process: its first load of a game used to re-check every
signature of the log. Forbidden City games are played by bots (fsync on) to move 1, 87 and 88;
each sample copies the game's directory, then times ``Store(...)`` (a fresh store: nothing
verified in memory) + ``load`` + ``commit`` of the next move, given as its notation the way a
mail gives it (the random bot chose it before the timing; ``--choose-inside`` times the bot's
choice too, whose list of legal moves grows late in the game). "without checkpoint" deletes
``checkpoint.json`` from the copy first (the former behaviour). Interleaved; compare the ratios.
Wall time includes the commit's three fsyncs, whose latency on a shared disk varies from one
sample to the next far more than the work does; the CPU time (``time.process_time``) of the same
samples shows the work alone.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
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
GAME = find_game("forbidden-city")
BOT = GAME.bots()["random"]


def choose(store: Store, gid: str) -> tuple[int, str]:
    """The random bot's next move in ``gid``: ``(seat, notation)``."""
    rec = store.load(gid)
    seat = rec.pending()[0].seat
    action = BOT.choose(GAME, rec.state, seat, derive_rng(1, "bench", rec.seq))
    return seat, GAME.notation(action)


def next_move(store: Store, gid: str) -> None:
    """Load, choose and commit the bot's next move (the bot's choice, the engine's ``legal``,
    timed too: the former protocol, ``--choose-inside``)."""
    rec = store.load(gid)
    seat = rec.pending()[0].seat
    action = BOT.choose(GAME, rec.state, seat, derive_rng(1, "bench", rec.seq))
    store.commit(gid, rec.seq, [ActionEntry(seat, action=action, source="bot")], NOW)


def mailed_move(store: Store, gid: str, seat: int, notation: str) -> None:
    """Load and commit a move as the mail loop does: the player's notation, parsed and checked in
    the position the load found."""
    rec = store.load(gid)
    store.commit(gid, rec.seq, [ActionEntry(seat, text=notation, source="mail")], NOW)


def settle(gdir: Path) -> None:
    """fsync the copied game's files, untimed: a game's files were synced at its last commit, so
    the commit's own fsyncs must not also write out the copy (more pages for a longer log)."""
    for f in gdir.iterdir():
        fd = os.open(f, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reps", type=int, default=15)
    parser.add_argument("--at", type=int, default=88, help="88 is a 4-player game's last move")
    parser.add_argument(
        "--choose-inside",
        action="store_true",
        help="time the bot's choice of the move too (it lists every legal move: more of them late "
        "in the game), as this benchmark did before 2026-11-23 21:00",
    )
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="pbem-bench-cold-"))
    keyring = Keyring.create(root / "keys")
    src = Store(root / "src", keyring)
    games: dict[int, str] = {}
    for moves in (1, args.at - 1, args.at):
        for seed in range(1, 50):
            gid = src.create("forbidden-city", PLAYERS, {}, seed, NOW)
            made = 0
            while made < moves - 1 and src.load(gid).envelope.status == "active":
                next_move(src, gid)
                made += 1
            if src.load(gid).envelope.status == "active" and made == moves - 1:
                games[moves] = gid
                break
    print(
        f"pbem cold commit benchmark (python {sys.version.split()[0]}): the commit of move 1, "
        f"{args.at - 1} and {args.at} (log at seq {src.load(games[args.at]).seq}), fresh Store each "
        f"time; {'the bot chooses inside the timing' if args.choose_inside else 'a mailed notation'}"
    )
    moves_of = {moves: choose(src, gid) for moves, gid in games.items()}
    times: dict[tuple[int, bool], list[float]] = {}
    cpu: dict[tuple[int, bool], list[float]] = {}
    for i in range(args.reps):
        for moves, gid in games.items():
            for with_cp in (True, False):
                data = root / f"run-{i}-{moves}-{int(with_cp)}"
                shutil.copytree(src.data_dir / gid, data / gid)
                if not with_cp:
                    (data / gid / "checkpoint.json").unlink(missing_ok=True)
                settle(data / gid)
                seat, notation = moves_of[moves]
                t = time.perf_counter()
                c = time.process_time()
                if args.choose_inside:
                    next_move(Store(data, keyring), gid)
                else:
                    mailed_move(Store(data, keyring), gid, seat, notation)
                times.setdefault((moves, with_cp), []).append(time.perf_counter() - t)
                cpu.setdefault((moves, with_cp), []).append(time.process_time() - c)
                shutil.rmtree(data)
    med = {k: statistics.median(v) for k, v in times.items()}
    mcpu = {k: statistics.median(v) for k, v in cpu.items()}
    for (moves, with_cp), m in sorted(med.items()):
        label = "with checkpoint   " if with_cp else "without checkpoint"
        print(
            f"commit at move {moves:>3}, {label}: median {m * 1000:6.2f} ms wall, "
            f"{mcpu[(moves, with_cp)] * 1000:6.2f} ms CPU (n={args.reps})"
        )
    for a in (args.at - 1, args.at):
        print(
            f"ratio move {a} / move 1: with checkpoint {med[(a, True)] / med[(1, True)]:.2f}x wall, "
            f"{mcpu[(a, True)] / mcpu[(1, True)]:.2f}x CPU; without {med[(a, False)] / med[(1, False)]:.2f}x wall, "
            f"{mcpu[(a, False)] / mcpu[(1, False)]:.2f}x CPU"
        )
    # The ratio of medians above drifts with the machine's speed over the run (a shared machine's
    # CPU changes speed by half from one minute to the next). Each round times move 1 and move a
    # within a few milliseconds of each other: the ratio within each round, then its median and
    # quartiles, is what a slower or faster minute cancels out of.
    for a in (args.at - 1, args.at):
        for label, series in (("wall", times), ("CPU", cpu)):
            r = sorted(x / y for x, y in zip(series[(a, True)], series[(1, True)], strict=True))
            q1, q2, q3 = statistics.quantiles(r, n=4)
            print(
                f"paired ratio move {a} / move 1, with checkpoint, {label}: median {q2:.2f}x "
                f"(quartiles {q1:.2f} to {q3:.2f}, n={len(r)})"
            )
    # How much of the difference is the engine rebuilding its state from the snapshot (Forbidden
    # City's decode_state replays every placement onto a fresh board: linear in the moves).
    from pbem.store.files import SNAPSHOT_FILE, parse_snapshot

    dec: dict[int, list[float]] = {}
    for moves, gid in games.items():
        snap, _ = parse_snapshot(
            (src.data_dir / gid / SNAPSHOT_FILE).read_bytes(), None, game=gid, path=""
        )
        raw = keyring.unseal(snap.state, src._ctx(gid, "state", snap.seq))
        for _ in range(args.reps):
            t = time.perf_counter()
            GAME.decode_state(raw)
            dec.setdefault(moves, []).append(time.perf_counter() - t)
    a = args.at
    d1, da = statistics.median(dec[1]), statistics.median(dec[a])
    print(
        f"engine decode_state: move 1 {d1 * 1000:.2f} ms, move {a} {da * 1000:.2f} ms; "
        f"ratio without it: {(med[(a, True)] - da) / (med[(1, True)] - d1):.2f}x"
    )
    shutil.rmtree(root)


if __name__ == "__main__":
    main()
