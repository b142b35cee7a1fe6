"""Strength of the computer players: duplicate deals against the baseline bots.

Each deal (a set-up seed: the stacks' order and the start player in Forbidden City, the
pavilions' cards in Die Verbotene Stadt; the dice of ``apply`` come from the same seed) is played
once with the tested bot in every seat and the baseline bot in the others, and once by the
baseline bots alone, so luck of the deal weighs the same on both sides.

Run (one JSON line per game is appended to ``--out``, so an interrupted run keeps its games and
``--summary`` reports them)::

    nice -n 10 .venv/bin/python benchmarks/bench_bots.py --game forbidden-city --players 4 \\
        --bot strong --baseline greedy --deals 100 --jobs 2 --out fc4-strong.jsonl
    .venv/bin/python benchmarks/bench_bots.py --summary fc4-strong.jsonl

Reported: the bot's win share (a shared victory counts 1/k) with a 95 % interval (Wilson, over
games; and, more honest for duplicate deals whose games are related, a t interval over the deals'
means), the same for the baseline in the same seats of the same deals, the mean margin to the best
opponent, and CPU time per decision (``time.process_time``: the machine is shared).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from pbem.rules import find_game
from pbem.rules.base import derive_rng


def play(game_name: str, players: int, bots: list[str], seed: int) -> dict[str, Any]:
    """One game; the scores, winners and each bot name's CPU per decision."""
    game = find_game(game_name)
    state = game.setup(players, {}, seed)
    table = game.bots()
    cpu: dict[str, list[float]] = {}
    i = 0
    while True:
        pending = game.pending(state)
        if not pending:
            break
        d = pending[0]
        name = bots[d.seat]
        t = time.process_time()
        action = table[name].choose(game, state, d.seat, derive_rng(seed, "bot", d.seat, i))
        cpu.setdefault(name, []).append(time.process_time() - t)
        state, _ = game.apply(state, d.seat, action, derive_rng(seed, "apply", i))
        i += 1
    res = game.result(state)
    assert res is not None
    return {
        "scores": list(res.scores),
        "winners": list(res.winners),
        "cpu": {k: [sum(v), len(v), max(v), statistics.median(v)] for k, v in cpu.items()},
        "actions": i,
    }


def _job(args: tuple[str, int, str, str, int, int]) -> dict[str, Any]:
    game_name, players, bot, baseline, seed, seat = args
    bots = [baseline] * players
    if seat >= 0:
        bots[seat] = bot
    out = play(game_name, players, bots, seed)
    out.update(
        {
            "game": game_name,
            "players": players,
            "bot": bot if seat >= 0 else baseline,
            "baseline": baseline,
            "seed": seed,
            "seat": seat,
        }
    )
    return out


def share(row: dict[str, Any], seat: int) -> float:
    """What ``seat`` won of the game: 1, 1/k for a k-way tie, or 0."""
    w = row["winners"]
    return 1.0 / len(w) if seat in w else 0.0


def margin(row: dict[str, Any], seat: int) -> int:
    """``seat``'s score minus the best other seat's."""
    s = row["scores"]
    return int(s[seat] - max(v for i, v in enumerate(s) if i != seat))


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def t_interval(xs: list[float]) -> tuple[float, float]:
    """A 95 % interval of a mean share (normal quantile, clipped to 0-1; few deals make it wide)."""
    if len(xs) < 2:
        return (0.0, 1.0)
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return (max(0.0, m - half), min(1.0, m + half))


def summary(rows: list[dict[str, Any]]) -> str:
    """The figures of a run, as text."""
    lines = []
    groups: dict[tuple[str, int, str, str], list[dict[str, Any]]] = {}
    for r in rows:
        groups.setdefault((r["game"], r["players"], r["bot"], r["baseline"]), []).append(r)
    base_rows = {(r["game"], r["players"], r["seed"]): r for r in rows if r["seat"] < 0}
    for (game, players, bot, baseline), rs in sorted(groups.items()):
        tested = [r for r in rs if r["seat"] >= 0]
        if not tested:
            continue
        wins = sum(share(r, r["seat"]) for r in tested)
        n = len(tested)
        lo, hi = wilson(wins, n)
        by_deal: dict[int, list[float]] = {}
        for r in tested:
            by_deal.setdefault(r["seed"], []).append(share(r, r["seat"]))
        dlo, dhi = t_interval([statistics.fmean(v) for v in by_deal.values()])
        margins = [margin(r, r["seat"]) for r in tested]
        cpu_total = sum(r["cpu"][bot][0] for r in tested)
        decisions = sum(r["cpu"][bot][1] for r in tested)
        cpu_max = max(r["cpu"][bot][2] for r in tested)
        medians = sorted(r["cpu"][bot][3] for r in tested)
        lines.append(
            f"{game}, {players} players, {bot} against {players - 1} x {baseline}: "
            f"{n} games on {len(by_deal)} deals"
        )
        lines.append(
            f"  win share {wins / n:.3f}  95 % interval {lo:.3f}-{hi:.3f} (Wilson, games), "
            f"{dlo:.3f}-{dhi:.3f} (over deals); baseline share {1 / players:.3f}"
        )
        lines.append(
            f"  margin to the best opponent: mean {statistics.fmean(margins):+.1f} "
            f"(median {statistics.median(margins):+.0f})"
        )
        same = [base_rows.get((game, players, r["seed"])) for r in tested]
        paired = [(r, b) for r, b in zip(tested, same, strict=True) if b is not None]
        if paired:
            bwins = sum(share(b, r["seat"]) for r, b in paired)
            bm = [margin(b, r["seat"]) for r, b in paired]
            blo, bhi = wilson(bwins, len(paired))
            lines.append(
                f"  {baseline} in the same seats of the same deals: win share "
                f"{bwins / len(paired):.3f} ({blo:.3f}-{bhi:.3f}), margin "
                f"{statistics.fmean(bm):+.1f}"
            )
        lines.append(
            f"  CPU per decision: mean {cpu_total / max(1, decisions) * 1e3:.0f} ms, median of "
            f"the games' medians {statistics.median(medians) * 1e3:.0f} ms, max "
            f"{cpu_max * 1e3:.0f} ms ({decisions} decisions)"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="forbidden-city")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--baseline", default="greedy")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--first-seed", type=int, default=500_000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--no-baseline-games", action="store_true")
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--summary", type=Path, nargs="*", default=None)
    parser.add_argument(
        "--resume",
        action="store_true",
        help="skip the games already in --out (same deals, bot and baseline): an interrupted run "
        "goes on where it stopped",
    )
    args = parser.parse_args()
    if args.summary is not None:
        rows = [json.loads(line) for p in args.summary for line in p.read_text().splitlines()]
        print(summary(rows))
        return
    jobs = []
    for d in range(args.deals):
        seed = args.first_seed + d
        seats = list(range(args.players))
        if not args.no_baseline_games:
            seats.append(-1)
        jobs += [(args.game, args.players, args.bot, args.baseline, seed, s) for s in seats]
    if args.resume and args.out and args.out.exists():
        done = set()
        for line in args.out.read_text().splitlines():
            r = json.loads(line)
            done.add((r["game"], r["players"], r["seed"], r["seat"], r["bot"], r["baseline"]))
        jobs = [
            j
            for j in jobs
            if (j[0], j[1], j[4], j[5], j[2] if j[5] >= 0 else j[3], j[3]) not in done
        ]
    rows = []
    out = args.out.open("a") if args.out else None
    with multiprocessing.Pool(args.jobs) as pool:
        for row in pool.imap_unordered(_job, jobs):
            rows.append(row)
            if out:
                out.write(json.dumps(row) + "\n")
                out.flush()
            else:
                print(json.dumps(row), file=sys.stderr)
    print(summary(rows))


if __name__ == "__main__":
    main()
