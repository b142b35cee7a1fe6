"""Which rating system orders players best? 24 bots of known strength, real Forbidden City games.

Each bot is epsilon-greedy over pbem's own engine: with probability ``eps`` it plays a uniformly random
legal placement, otherwise the greedy bot's choice. The 24 values of ``eps`` are spread evenly over
[0, 1] (bot 0 the strongest), so the true order is known. Tables of 2, 3 and 4 players, 30 games a
player, in two settings:

- ``mixed``: every table drawn from the whole community;
- ``clubs``: two clubs of 12 that rarely meet (one table in ten mixes them), as strong as each
  other (club A holds the ranks 0-5 and 12-17, club B 6-11 and 18-23);
- ``strong-weak``: two clubs of 12 that meet at one table in twenty, one strong (ranks 0-8 and
  12-14), one weak (9-11 and 15-23): a rating that only orders players within their club ranks the
  weak club's best with the strong club's best.

The games are played once per seed and kept in memory (the table and each seat's rank), then every
rating system reads the same games in the same order. The figure is Spearman's rank correlation of
each system's final order with the true order, averaged over the seeds.

Run: nice -n 10 .venv/bin/python benchmarks/bench_ratings.py [--seeds 8] [--games 30] [--cache F]
Figures and the choice: docs/STANDINGS.md.
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from openskill.models import (
    BradleyTerryFull,
    BradleyTerryPart,
    PlackettLuce,
    ThurstoneMostellerFull,
    ThurstoneMostellerPart,
)

from pbem.rules.base import derive_rng
from pbem.rules.forbidden_city import GAME

PLAYERS = 24
Game = tuple[tuple[int, ...], tuple[int, ...]]
"""(the players at the table in seat order, each seat's rank: 1 the best, ties share a rank)."""


def eps_of(player: int) -> float:
    return player / (PLAYERS - 1)


def ranks_of(scores: Sequence[int]) -> tuple[int, ...]:
    """Competition ranks: 1 + the number of strictly better scores."""
    return tuple(1 + sum(1 for t in scores if t > s) for s in scores)


def play(table: Sequence[int], seed: int) -> tuple[int, ...]:
    """One whole game of epsilon-greedy bots; each seat's rank."""
    bots = GAME.bots()
    state = GAME.setup(len(table), {"side": "beginner"}, seed)
    moves = 0
    while True:
        pending = GAME.pending(state)
        if not pending:
            break
        seat = pending[0].seat
        rng = derive_rng(seed, "bot", moves)
        name = "random" if rng.random() < eps_of(table[seat]) else "greedy"
        action = bots[name].choose(GAME, state, seat, rng)
        moves += 1
        state, _ = GAME.apply(state, seat, action, derive_rng(seed, "apply", moves))
    result = GAME.result(state)
    assert result is not None
    return ranks_of(result.scores)


def schedule(setting: str, games_each: int, rng: random.Random) -> list[tuple[int, ...]]:
    """Tables until every player has played ``games_each`` games (the least-played go first)."""
    if setting == "strong-weak":
        club = {p: int(9 <= p <= 11 or p >= 15) for p in range(PLAYERS)}
        cross = 0.05
    else:
        club = {p: (p // 6) % 2 for p in range(PLAYERS)}
        cross = 0.1
    played = dict.fromkeys(range(PLAYERS), 0)
    tables = []
    while min(played.values()) < games_each:
        size = rng.choice((2, 3, 4))
        first = min(played, key=lambda p: (played[p], rng.random()))
        if setting == "mixed" or rng.random() < cross:
            pool = [p for p in range(PLAYERS) if p != first]
        else:
            pool = [p for p in range(PLAYERS) if p != first and club[p] == club[first]]
        pool.sort(key=lambda p: (played[p], rng.random()))
        table = [first, *pool[: size - 1]]
        rng.shuffle(table)
        for p in table:
            played[p] += 1
        tables.append(tuple(table))
    return tables


def games_of(setting: str, games_each: int, seed: int) -> list[Game]:
    rng = random.Random(f"{setting}/{seed}")
    return [
        (table, play(table, seed * 100_000 + i))
        for i, table in enumerate(schedule(setting, games_each, rng))
    ]


# -- the rating systems: each reads the games in order and returns one score per player -------------


def openskill_system(
    model_cls: Any, by: str = "mu", **kw: Any
) -> Callable[[list[Game]], list[float]]:
    def run(games: list[Game]) -> list[float]:
        model = model_cls(**kw)
        ratings = [model.rating() for _ in range(PLAYERS)]
        for table, ranks in games:
            out = model.rate([[ratings[p]] for p in table], ranks=list(ranks))
            for p, team in zip(table, out, strict=True):
                ratings[p] = team[0]
        if by == "ordinal":
            return [r.mu - 3 * r.sigma for r in ratings]
        return [r.mu for r in ratings]

    return run


def elo(k: float) -> Callable[[list[Game]], list[float]]:
    """Multiplayer Elo: each game as every pair of seats, K shared among a seat's n-1 pairs."""

    def run(games: list[Game]) -> list[float]:
        r = [1500.0] * PLAYERS
        for table, ranks in games:
            n = len(table)
            delta = [0.0] * n
            for i in range(n):
                for j in range(n):
                    if i == j:
                        continue
                    expected = 1 / (1 + 10 ** ((r[table[j]] - r[table[i]]) / 400))
                    actual = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
                    delta[i] += k / (n - 1) * (actual - expected)
            for i, p in enumerate(table):
                r[p] += delta[i]
        return r

    return run


def win_share(games: list[Game]) -> list[float]:
    """The mean share of the table each player beat."""
    total = [0.0] * PLAYERS
    count = [0] * PLAYERS
    for table, ranks in games:
        n = len(table)
        for i, p in enumerate(table):
            total[p] += sum(1 for j in range(n) if ranks[j] > ranks[i]) / (n - 1)
            count[p] += 1
    return [t / c if c else 0.0 for t, c in zip(total, count, strict=True)]


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    def rank(xs: Sequence[float]) -> list[float]:
        order = sorted(range(len(xs)), key=lambda i: xs[i])
        out = [0.0] * len(xs)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
                j += 1
            for t in range(i, j + 1):
                out[order[t]] = (i + j) / 2
            i = j + 1
        return out

    ra, rb = rank(a), rank(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb, strict=True))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    return cov / (va * vb) ** 0.5


SYSTEMS: dict[str, Callable[[list[Game]], list[float]]] = {
    "PlackettLuce (default)": openskill_system(PlackettLuce),
    "PlackettLuce, ordinal": openskill_system(PlackettLuce, by="ordinal"),
    "PlackettLuce, beta 25/3": openskill_system(PlackettLuce, beta=25 / 3),
    "BradleyTerryFull": openskill_system(BradleyTerryFull),
    "BradleyTerryPart": openskill_system(BradleyTerryPart),
    "BradleyTerryPart, ordinal": openskill_system(BradleyTerryPart, by="ordinal"),
    "ThurstoneMostellerFull": openskill_system(ThurstoneMostellerFull),
    "ThurstoneMostellerFull, ordinal": openskill_system(ThurstoneMostellerFull, by="ordinal"),
    "TMFull, ordinal, sigma 25/2": openskill_system(
        ThurstoneMostellerFull, by="ordinal", sigma=25 / 2
    ),
    "TMFull, beta 25/3": openskill_system(ThurstoneMostellerFull, beta=25 / 3),
    "TMFull, beta 25/12": openskill_system(ThurstoneMostellerFull, beta=25 / 12),
    "ThurstoneMostellerPart": openskill_system(ThurstoneMostellerPart),
    "ThurstoneMostellerPart, ordinal": openskill_system(ThurstoneMostellerPart, by="ordinal"),
    "TMPart, sigma 25/2": openskill_system(ThurstoneMostellerPart, sigma=25 / 2),
    "TMPart, beta 25/3": openskill_system(ThurstoneMostellerPart, beta=25 / 3),
    "Elo K=16": elo(16),
    "Elo K=32": elo(32),
    "win share": win_share,
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--games", type=int, default=30, help="games a player")
    ap.add_argument("--settings", default="mixed,clubs,strong-weak")
    ap.add_argument(
        "--cache", type=Path, help="keep the games played in this file (pickle) and reuse them"
    )
    args = ap.parse_args()
    truth = [-eps_of(p) for p in range(PLAYERS)]
    settings = args.settings.split(",")
    cached: dict[str, Any] = {}
    if args.cache is not None and args.cache.exists():
        cached = pickle.loads(args.cache.read_bytes())
    t = time.process_time()
    runs = {
        s: cached.get(s) or [games_of(s, args.games, seed) for seed in range(args.seeds)]
        for s in settings
    }
    runs = {s: r[: args.seeds] for s, r in runs.items()}
    played = time.process_time() - t
    if args.cache is not None:
        args.cache.write_bytes(pickle.dumps({**cached, **runs}))
    print(
        f"{PLAYERS} bots, {args.games} games a player, {args.seeds} seeds; games played in "
        f"{played:.0f} s CPU. Spearman with the true order, mean (min) over the seeds:\n"
    )
    print(f"  {'system':34}" + "".join(f"{s:>16}" for s in settings))
    for name, system in SYSTEMS.items():
        cells = []
        for s in settings:
            rho = [spearman(system(games), truth) for games in runs[s]]
            cells.append(f"{statistics.fmean(rho):9.3f} ({min(rho):4.2f})")
        print(f"  {name:34}" + "".join(f"{c:>16}" for c in cells), flush=True)


if __name__ == "__main__":
    main()
