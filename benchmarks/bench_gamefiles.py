"""Game files round trip: bot games through the store's own line writer, then the files people get.

Run: ``PYTHONPATH=$PWD nice -n 10 .venv/bin/python benchmarks/bench_gamefiles.py [--games 600]
[--turn-every 10] [--seed 1]``

For each of ``--games`` Forbidden City and ``--games`` Die Verbotene Stadt games (2 to 4 players,
each seat a bot drawn from the game's bots, so line-ups are mixed), the moves are written by the
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

Prints the counts, any mismatch, the sizes (largest 4-player Forbidden City turn file at move 80,
records) and the time per game. Exit status 1 on any mismatch.
"""

from __future__ import annotations

import argparse
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
from pbem.store import ActionEntry, End, GameRecord, Keyring, Store
from pbem.store.writer import Writer


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
    bots = game.bots()
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
    return out


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
    ap.add_argument("--timing", action="store_true", help="time each file instead")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    tmp = Path(tempfile.mkdtemp())
    ring = Keyring.create(tmp / "keys")
    store = Store(tmp / "games", ring, fsync=False)
    key = ring.public_key_text()
    if args.timing:
        timing(store, key)
        return 0
    bad = 0
    fulls = dict(
        zip(
            ("forbidden-city", "verbotene-stadt"), map(int, args.full_every.split(",")), strict=True
        )
    )
    for name in ("forbidden-city", "verbotene-stadt"):
        if args.only and name != args.only:
            continue
        t0 = time.perf_counter()
        games = decisions = turn_files = positions = 0
        sizes: list[int] = []
        records: list[int] = []
        for _ in range(args.games):
            r = play_one(store, name, rng, args.turn_every, fulls[name], key)
            games += 1
            decisions += r["decisions"]
            turn_files += r["turn_files"]
            positions += r["positions"]
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
            f"(every {args.turn_every}th decision) and {turn_files} whole turn files checked, "
            f"{bad} mismatches; record max {max(records)} B; "
            f"4-player turn file at move 80 max {max(sizes) if sizes else '-'} B; "
            f"{dt:.0f} s ({dt / games * 1000:.0f} ms a game)",
            flush=True,
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
