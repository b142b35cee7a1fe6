"""Game files round trip: bot games through the store's own line writer, then the files people get.

Run: ``PYTHONPATH=$PWD nice -n 10 .venv/bin/python benchmarks/bench_gamefiles.py [--games 600]
[--turn-every 10] [--full-every 10,250] [--seed 1] [--jobs 2] [--only verbotene-stadt]``

For each of ``--games`` Forbidden City and ``--games`` Die Verbotene Stadt games (2 to 4 players,
each seat a bot drawn from the game's bots, so line-ups are mixed; the search bots at a light fixed
budget, :data:`LIGHT`), the moves are written by the
store's :class:`pbem.store.writer.Writer` (the code a commit runs: parse, apply with the log
position's dice, public events, sealed secret notations, signed lines, the end and the reveal),
kept in memory instead of being appended to a file. Then:

- the record (:func:`pbem.gamefiles.record.record_of`) is verified with the public key alone
  (signature, move text, the shuffle replay) and replayed by ``pbem play --from``'s replay
  (:func:`pbem.gamefiles.position.replay`): its final position (the engine's encoding) and scores
  must be the service's;
- at every ``--turn-every``-th decision a turn file for the seat to decide is built and read back
  verified (:func:`pbem.gamefiles.turnfile.read_turn_file`): the legal moves of the position it
  carries must be exactly the service's for that seat.

- the statistics of the game (issue 29, :func:`pbem.standings.stats.game_stats`) recomputed from
  the verified record's lines must equal those of the service's own log lines, and agree with the
  engine's final state (:func:`stats_problems`).

Each game draws from its own seed (``--seed``, the game and its number), so ``--jobs N`` plays the
same games in N processes. Prints the counts, any mismatch, the sizes (largest 4-player Forbidden
City turn file at move 80, records) and the time per game (wall, and CPU of all processes). Exit
status 1 on any mismatch.
"""

from __future__ import annotations

import argparse
import copy
import multiprocessing
import random
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pbem.gamefiles.position import replay
from pbem.gamefiles.record import record_of, seats_of, verify_record
from pbem.gamefiles.turnfile import (
    build_turn_file,
    decode_position,
    known_position,
    known_state,
    read_turn_file,
)
from pbem.rules.base import derive_rng
from pbem.standings.stats import FIELDS, game_stats
from pbem.store import ActionEntry, End, GameRecord, Keyring, Store
from pbem.store.writer import Writer

LIGHT = {"worlds": 2, "playouts": 12, "cpu_limit": None}
"""The budget of the search bots here: what is checked is the files, not the bots' strength
(``benchmarks/bench_bots.py`` measures that), and a fixed budget makes each game the same on any
machine and under any load (a CPU cap would not)."""


def light(bot: Any) -> Any:
    """``bot`` itself, or a search bot (one with a ``worlds`` budget) at the :data:`LIGHT` budget:
    the same code choosing every move, with fewer draws and playouts and no clock."""
    if not hasattr(bot, "worlds"):
        return bot
    bot = copy.copy(bot)
    for k, v in LIGHT.items():
        if hasattr(bot, k):
            setattr(bot, k, v)
    return bot


def play_one(
    store: Store,
    name: str,
    rng: random.Random,
    turn_every: int,
    full_every: int,
    key: str,
    max_decisions: int | None = None,
) -> dict[str, Any]:
    """One game, checked; ``max_decisions``: the GM ends it after that many (the seed is
    revealed then too)."""
    n = rng.randint(2, 4)
    players = [(f"Player {i}", f"p{i}@example.org") for i in range(n)]
    gid = store.create(name, players, {}, rng.randrange(2**63), datetime(2026, 5, 1, tzinfo=UTC))
    record, fold = store._loader.open(gid, verify=True, full=False)
    game = fold.game
    bots = {k: light(b) for k, b in game.bots().items()}
    lineup = [rng.choice(sorted(bots)) for _ in range(n)]
    w = Writer(store._site, fold, record.entries, "2026-05-01T12:00:00Z")
    out: dict[str, Any] = {
        "n": n,
        "decisions": 0,
        "turn_files": 0,
        "mismatch": [],
        "sizes": [],
        "positions": 0,
    }
    k = 0
    while fold.envelope.status == "active":
        if max_decisions is not None and k >= max_decisions:
            w.add(End(reason="gm"))
            break
        pending = game.pending(fold.state)
        seat = pending[0].seat
        if k % turn_every == 0:
            # The position a turn file carries, built and read as the file does.
            text = known_position(game, fold.state, seat)
            known = decode_position(game, text) if text is not None else None
            got = [game.notation(a) for a in game.legal(known, seat)] if known else None
            if got != [game.notation(a) for a in game.legal(fold.state, seat)]:
                out["mismatch"].append(
                    f"{gid} decision {k}: the known position's legal moves differ"
                )
            out["positions"] += 1
        if k % full_every == 0 or (name == "forbidden-city" and n == 4 and k == 80):
            rec = GameRecord(fold.envelope, fold.state, game, w.all_entries.copy())
            data = build_turn_file(rec, store.keyring, seat, lang="en")
            opened = read_turn_file(data, key)
            known = known_state(opened)
            want = rec.legal_notations(seat)
            got = [game.notation(a) for a in game.legal(known, seat)] if known else None
            if got != want or opened.turn.legal != want:
                out["mismatch"].append(f"{gid} decision {k}: turn file legal moves differ")
            out["turn_files"] += 1
            if name == "forbidden-city" and n == 4 and k == 80:
                out["sizes"].append(len(data))
        action = bots[lineup[seat]].choose(game, fold.state, seat, derive_rng(k, "bench"))
        w.add(ActionEntry(seat, action=action, source="bot"))
        k += 1
    out["decisions"] = k
    rec = GameRecord(fold.envelope, fold.state, game, w.all_entries)
    text = record_of(rec, store.keyring, lang=rng.choice(["en", "fr", "it", "de"]))
    out["record_bytes"] = len(text)
    report, parsed = verify_record(text, key)
    if not report.ok or not report.revealed or parsed is None:
        out["mismatch"].append(f"{gid}: record does not verify: {report.problems}")
        return out
    rep = replay(parsed.entries, game, seats_of(parsed.entries, game).players)
    final = rep.states[-1]
    if game.encode_state(final) != game.encode_state(fold.state):
        out["mismatch"].append(f"{gid}: final position differs")
    result, res = game.result(fold.state), game.result(final)
    want = fold.envelope.result.scores if fold.envelope.result else None
    if (
        (result is None) != (res is None)
        or (result is not None and res is not None and list(res.scores) != list(result.scores))
        or rep.scores != want
    ):
        out["mismatch"].append(f"{gid}: final scores differ")
    stats = game_stats(list(w.all_entries))
    if game_stats(parsed.entries) != stats:
        out["mismatch"].append(f"{gid}: the statistics recomputed from the record differ")
    out["mismatch"] += [f"{gid}: {p}" for p in stats_problems(name, game, fold.state, stats)]
    out["stats"] = 1
    return out


def stats_problems(name: str, game: Any, state: Any, stats: list[dict[str, int]]) -> list[str]:
    """Where a game's statistics (:func:`game_stats`) disagree with the engine's own final
    state: Forbidden City's coins (own rooms + others' = the seat's coins), end bonus, tiles set
    aside, dragons and advisors of the tiles placed; Die Verbotene Stadt's entries (= officials
    exiled), bluffs called (at most those made) and bribes (each seat selected at least once)."""
    from pbem.rules.forbidden_city.tiles import tile

    n = len(stats)
    bad: list[str] = []
    if [sorted(s) for s in stats] != [sorted(FIELDS[name])] * n:
        return [f"statistics fields {[sorted(s) for s in stats]}"]
    if name == "forbidden-city":
        result = game.result(state)
        if result is None:  # ended by the game master: the figures so far
            return bad
        for s in range(n):
            mine = [h[1] for h in state.history if h[0] == s]
            want = {
                "coins": state.coins[s],
                "end_bonus": result.detail["end_bonus"][s],
                "set_aside": sum(1 for seat, _ in state.set_aside if seat == s),
                "dragons": sum(tile(t).dragons for t in mine),
                "advisors": sum(tile(t).advisors for t in mine),
            }
            got = dict(stats[s], coins=stats[s]["coins_own_rooms"] + stats[s]["coins_other_rooms"])
            bad += [f"seat {s} {k}: {got[k]} != {v}" for k, v in want.items() if got[k] != v]
        if sum(s["rooms_closed"] for s in stats) == 0:
            bad.append("no room closed")
    else:
        if sum(s["entries"] for s in stats) != len(state.exiled):
            bad.append(f"entries {[s['entries'] for s in stats]} != {len(state.exiled)} exiled")
        if sum(s["bluffs_called"] for s in stats) > sum(s["bluffs_made"] for s in stats):
            bad.append("more bluffs called than made")
        if not all(s["bribes_paid"] >= 1 for s in stats):
            bad.append(f"bribes {[s['bribes_paid'] for s in stats]}")
    return bad


def _median_ms(fn: Any) -> float:
    import statistics

    runs = []
    for _ in range(5):
        t = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t)
    return statistics.median(runs) * 1000


def _time_one(store: Store, key: str, name: str, n: int, cut: int) -> str:
    from pbem.gamefiles.position import service_replay
    from pbem.gamefiles.replaypage import replay_page

    players = [(f"P{i}", f"p{i}@example.org") for i in range(n)]
    gid = store.create(name, players, {}, 7, datetime(2026, 5, 1, tzinfo=UTC))
    record, fold = store._loader.open(gid, verify=True, full=False)
    game, bots = fold.game, fold.game.bots()
    w = Writer(store._site, fold, record.entries, "2026-05-01T12:00:00Z")
    k = 0
    while fold.envelope.status == "active" and k < cut:
        seat = game.pending(fold.state)[0].seat
        action = bots["random"].choose(game, fold.state, seat, derive_rng(k, "t"))
        w.add(ActionEntry(seat, action=action, source="bot"))
        k += 1
    rec = GameRecord(fold.envelope, fold.state, game, w.all_entries.copy())
    seat = game.pending(fold.state)[0].seat
    data = build_turn_file(rec, store.keyring, seat, lang="en")
    text = record_of(rec, store.keyring, lang="en")

    def page() -> str:
        return replay_page(service_replay(store, rec), seat=seat, lang="en", game_id=gid)

    build = _median_ms(lambda: build_turn_file(rec, store.keyring, seat, lang="en"))
    read = _median_ms(lambda: read_turn_file(data, key))
    check = _median_ms(lambda: verify_record(text, key))
    return (
        f"{name} at decision {k}: turn file {len(data)} B, build {build:.1f} ms, read and "
        f"verify {read:.1f} ms; record {len(text)} B, verify {check:.1f} ms; replay page "
        f"{len(page())} B, build {_median_ms(page):.0f} ms"
    )


def timing(store: Store, key: str) -> None:
    """Median time of each file's making and reading: a 4-player Forbidden City game at
    decision 80 and a 3-player Die Verbotene Stadt game at decision 1500 (random bots)."""
    for name, n, cut in (("forbidden-city", 4, 80), ("verbotene-stadt", 3, 1500)):
        print(_time_one(store, key, name, n, cut), flush=True)


_WORKER: dict[str, Any] = {}


def _setup_worker() -> None:
    """This process's own store and key (each of ``--jobs`` processes has its own)."""
    tmp = Path(tempfile.mkdtemp())
    ring = Keyring.create(tmp / "keys")
    _WORKER.update(store=Store(tmp / "games", ring, fsync=False), key=ring.public_key_text())


def _game(job: tuple[str, int, int, int, int]) -> dict[str, Any]:
    """Game number ``i`` of ``name``, from its own seed (the same game in any process)."""
    name, i, seed, turn_every, full_every = job
    if not _WORKER:
        _setup_worker()
    rng = random.Random(f"{seed}:{name}:{i}")
    t = time.process_time()
    r = play_one(_WORKER["store"], name, rng, turn_every, full_every, _WORKER["key"])
    r["cpu"] = time.process_time() - t
    return r


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--turn-every", type=int, default=10)
    ap.add_argument(
        "--full-every",
        default="10,250",
        help="a whole signed turn file at every Nth decision (Forbidden City, Verbotene Stadt)",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="")
    ap.add_argument("--jobs", type=int, default=1, help="processes playing the games")
    ap.add_argument("--timing", action="store_true", help="time each file instead")
    args = ap.parse_args()
    if args.timing:
        _setup_worker()
        timing(_WORKER["store"], _WORKER["key"])
        return 0
    bad = 0
    fulls = dict(
        zip(
            ("forbidden-city", "verbotene-stadt"), map(int, args.full_every.split(",")), strict=True
        )
    )
    pool = multiprocessing.get_context("fork").Pool(args.jobs) if args.jobs > 1 else None
    for name in ("forbidden-city", "verbotene-stadt"):
        if args.only and name != args.only:
            continue
        t0 = time.perf_counter()
        games = decisions = turn_files = positions = stats = 0
        cpu = 0.0
        sizes: list[int] = []
        records: list[int] = []
        jobs = [(name, i, args.seed, args.turn_every, fulls[name]) for i in range(args.games)]
        results = pool.imap(_game, jobs) if pool else map(_game, jobs)
        for r in results:
            games += 1
            decisions += r["decisions"]
            turn_files += r["turn_files"]
            positions += r["positions"]
            stats += r.get("stats", 0)
            cpu += r["cpu"]
            sizes += r["sizes"]
            records.append(r.get("record_bytes", 0))
            for m in r["mismatch"]:
                print("MISMATCH", m, flush=True)
                bad += 1
            if games % 25 == 0:
                print(
                    f"  {name}: {games} games, {decisions} decisions, {bad} mismatches, "
                    f"{time.perf_counter() - t0:.0f} s",
                    flush=True,
                )
        dt = time.perf_counter() - t0
        print(
            f"{name}: {games} games, {decisions} decisions, {positions} turn-file positions "
            f"(every {args.turn_every}th decision) and {turn_files} whole turn files (every "
            f"{fulls[name]}th) checked, statistics of {stats} games checked, {bad} mismatches; "
            f"record max {max(records)} B; "
            f"4-player turn file at move 80 max {max(sizes) if sizes else '-'} B; "
            f"{dt:.0f} s wall with {args.jobs} process(es), {cpu:.0f} s CPU "
            f"({cpu / games * 1000:.0f} ms CPU a game, {cpu / decisions * 1000:.2f} ms a decision)",
            flush=True,
        )
    if pool:
        pool.close()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
