"""Benchmark: whole 4-player bot games of Die Verbotene Stadt, and the cost of one apply.

Run: ``.venv/bin/python benchmarks/bench_verbotene_stadt.py [games]`` (default 5). Prints per game
the number of actions and the time spent in the bots and in ``apply``, then the totals, and the
cost of ``legal``, ``encode_state``/``decode_state``, ``view`` + ``render_text`` on a mid-game state.
"""

from __future__ import annotations

import statistics
import sys
import time

from pbem.rules.base import derive_rng
from pbem.rules.verbotene_stadt import GAME


def one_game(seed: int, bots: list[str]) -> tuple[int, float, float, object]:
    """Play one game; return (actions, seconds in bots, seconds in apply, a mid-game state)."""
    state = GAME.setup(4, {}, seed)
    table = GAME.bots()
    seq = 0
    t_bot = t_apply = 0.0
    middle = state
    while GAME.pending(state):
        d = GAME.pending(state)[0]
        t0 = time.perf_counter()
        action = table[bots[d.seat]].choose(GAME, state, d.seat, derive_rng(seed, "bot", seq))
        t1 = time.perf_counter()
        state, _ = GAME.apply(state, d.seat, action, derive_rng(seed, "apply", seq))
        t2 = time.perf_counter()
        t_bot += t1 - t0
        t_apply += t2 - t1
        seq += 1
        if seq == 300:
            middle = state
    return seq, t_bot, t_apply, middle


def per_call(fn: object, repeat: int = 200) -> float:
    """Microseconds per call of ``fn()``."""
    assert callable(fn)
    t0 = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - t0) / repeat * 1e6


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    bots = ["heuristic", "heuristic", "heuristic", "random"]
    actions = 0
    bot_s = apply_s = 0.0
    middle = None
    per_game = []
    for seed in range(games):
        n, tb, ta, mid = one_game(seed, bots)
        actions += n
        bot_s += tb
        apply_s += ta
        per_game.append(tb + ta)
        middle = mid
        print(f"game {seed}: {n} actions, bots {tb:.2f} s, apply {ta:.2f} s")
    print(f"{games} games, 4 players ({', '.join(bots)}): {actions} actions")
    print(f"  whole game: median {statistics.median(per_game):.2f} s")
    print(f"  apply: {apply_s / actions * 1e6:.0f} us per action")
    print(f"  bots: {bot_s / actions * 1e6:.0f} us per decision")
    assert middle is not None
    seat = GAME.pending(middle)[0].seat
    data = GAME.encode_state(middle)
    print(
        f"  legal (mid-game, seat {seat}): {per_call(lambda: list(GAME.legal(middle, seat))):.0f} us"
    )
    print(
        f"  encode_state: {per_call(lambda: GAME.encode_state(middle)):.0f} us ({len(data)} bytes)"
    )
    print(f"  decode_state: {per_call(lambda: GAME.decode_state(data)):.0f} us")
    print(
        f"  view + render_text: "
        f"{per_call(lambda: GAME.render_text(GAME.view(middle, seat)), 50):.0f} us"
    )


if __name__ == "__main__":
    main()
