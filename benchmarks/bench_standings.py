"""Standings: recomputed from exports equal the service's file; the cost of an update and of
``pbem admin standings``.

1. ``--games N`` finished Forbidden City bot games (2 to 4 players drawn from a community of 40
   addresses, greedy and random bots), each folded into the service's standings file when it ends
   (``pbem.standings.record_end``, what the notifier calls), then every game exported and the
   standings recomputed from the exports alone (``from_exports``, each export checked with the
   public key, full replay included): the two files are compared byte for byte.
2. One rating update (``ratings.apply`` of a 4-player game) into standings of 10,000 rated
   players, and the same with the file written (``record_end``'s save); medians.
3. ``pbem admin standings`` over 10,000 rated players: read the file, order every pool, print the
   text (in-process, the command's own code), and the same as a ``pbem`` process.

Run: nice -n 10 .venv/bin/python benchmarks/bench_standings.py [--games 1000]
CPU time (time.process_time) unless said; compare as ratios within one run.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import redirect_stdout
from datetime import UTC, datetime, timedelta
from pathlib import Path

from pbem.rules.base import derive_rng
from pbem.standings import encode, from_exports, load, path_of, record_end, save
from pbem.standings.ratings import Rating, Reliability, Standings, apply
from pbem.standings.results import GameResult, SeatResult
from pbem.store import ActionEntry, Keyring, Store


def recompute(games: int) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="bench-standings-"))
    keyring = Keyring.create(tmp / "keys", data_dir=tmp / "games")
    store = Store(tmp / "games", keyring, fsync=False)
    rng = random.Random(29)
    people = [(f"Player {i}", f"p{i}@example.org") for i in range(40)]
    now = datetime(2026, 1, 1, tzinfo=UTC)
    t = time.process_time()
    gids = []
    for k in range(games):
        players = rng.sample(people, rng.choice((2, 3, 4)))
        gid = store.create("forbidden-city", players, {}, k, now)
        rec = store.load(gid)
        bots = rec.game.bots()
        i = 0
        while rec.envelope.status == "active":
            seat = rec.pending()[0].seat
            bot = bots["random"] if (k + seat) % 4 == 0 else bots["greedy"]
            action = bot.choose(rec.game, rec.state, seat, derive_rng(k, "bench", i))
            now += timedelta(seconds=rng.randrange(1, 90))
            rec = store.commit(gid, rec.seq, [ActionEntry(seat, action=action)], now)
            i += 1
        record_end(store, list(rec.entries))
        gids.append(gid)
    played = time.process_time() - t
    service = path_of(store.data_dir).read_bytes()
    exports = tmp / "exports"
    exports.mkdir()
    t = time.process_time()
    for gid in gids:
        store.export(gid, exports / f"{gid}.tar.gz")
    exported = time.process_time() - t
    t = time.process_time()
    standings, problems = from_exports([exports], keyring.public_key_text())
    recomputed = time.process_time() - t
    same = encode(standings) == service
    players = sum(len(p) for p in standings.pools.values())
    print(
        f"recompute: {games} finished games ({players} ratings in {len(standings.pools)} pools), "
        f"played and folded in {played:.0f} s CPU, exported in {exported:.0f} s, recomputed "
        f"from the exports (each verified) in {recomputed:.0f} s: "
        f"{'EQUAL byte for byte' if same and not problems else 'DIFFERENT'} "
        f"({len(service)} bytes, {len(problems)} problems)"
    )


def big_standings(players: int) -> Standings:
    rng = random.Random(7)
    st = Standings()
    for pool in ("forbidden-city/2", "forbidden-city/3-4", "verbotene-stadt/3-4"):
        st.pools[pool] = {
            f"p{i}@example.org": Rating(
                name=f"Player {i}",
                mu=round(rng.gauss(25, 4), 6),
                sigma=round(rng.uniform(2, 8.3), 6),
                games=rng.randrange(1, 200),
                wins=rng.randrange(0, 50),
                change=round(rng.uniform(-2, 2), 2),
                last="fc-abcd",
            )
            for i in range(players)
            if pool != "verbotene-stadt/3-4" or i % 3 == 0
        }
    st.reliability = {
        f"p{i}@example.org": Reliability(on_time=rng.randrange(500), missed=rng.randrange(20))
        for i in range(players)
    }
    return st


def update_cost(players: int, repeats: int = 200) -> None:
    st = big_standings(players)
    tmp = Path(tempfile.mkdtemp(prefix="bench-standings-"))
    save(tmp, st, sync=False)
    alone, with_file = [], []
    for k in range(repeats):
        seats = [
            SeatResult(address=f"p{(k * 7 + j) % players}@example.org", name="x", rank=j + 1)
            for j in range(4)
        ]
        result = GameResult(
            game_id=f"fc-{k:04d}",
            game_name="forbidden-city",
            ended=f"2027-01-01T00:{k // 60:02d}:{k % 60:02d}Z",
            rated=True,
            pool="forbidden-city/3-4",
            seats=seats,
        )
        t = time.process_time()
        apply(st, result)
        alone.append(time.process_time() - t)
        t = time.process_time()
        fresh = load(tmp)
        apply(fresh, result)
        save(tmp, fresh, sync=False)
        with_file.append(time.process_time() - t)
    print(
        f"one rating update (a 4-player game), {players} rated players: "
        f"{statistics.median(alone) * 1000:.2f} ms; with the file read and written "
        f"({len(encode(st)) // 1024} KiB): {statistics.median(with_file) * 1000:.1f} ms (medians "
        f"of {repeats})"
    )


def admin_standings(players: int) -> None:
    from pbem.cli.standings import admin_standings as command

    tmp = Path(tempfile.mkdtemp(prefix="bench-standings-"))
    data = tmp / "games"
    data.mkdir()
    save(data, big_standings(players), sync=False)
    runs = []
    for _ in range(5):
        out = io.StringIO()
        t = time.process_time()
        with redirect_stdout(out):
            command(data_dir=data, config=None)
        runs.append(time.process_time() - t)
    lines = out.getvalue().count("\n")
    env = {**os.environ, "PBEM_DATA_DIR": str(data)}
    walls = []
    for _ in range(3):
        t = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "pbem", "admin", "standings"],
            env=env,
            check=True,
            stdout=subprocess.DEVNULL,
            cwd=tmp,
        )
        walls.append(time.perf_counter() - t)
    print(
        f"admin standings, {players} rated players ({lines} lines): "
        f"{statistics.median(runs):.3f} s CPU in-process (median of 5); "
        f"as a pbem process {min(walls):.2f} s wall (best of 3, start-up included)"
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--players", type=int, default=10_000)
    args = ap.parse_args()
    update_cost(args.players)
    admin_standings(args.players)
    if args.games:
        recompute(args.games)


if __name__ == "__main__":
    main()
