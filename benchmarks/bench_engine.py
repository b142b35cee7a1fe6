"""Forbidden City engine benchmarks: apply per move, legal on a late board, whole bot games, and
a whole greedy 4-player game beside the plain reference engine (benchmarks/reference_fc.py).

Run: .venv/bin/python benchmarks/bench_engine.py [--games 20]
CPU time (time.process_time), medians over repeats; compare figures as ratios within one run.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from typing import Any

from pbem.rules.base import derive_rng
from pbem.rules.forbidden_city import GAME


def play(
    bots: list[str], seed: int, side: str = "beginner"
) -> tuple[Any, list[tuple[int, Any]], list[Any]]:
    """One whole game; the final state, the moves and the states before each move."""
    state = GAME.setup(len(bots), {"side": side}, seed)
    moves = []
    states = []
    table = GAME.bots()
    while True:
        pending = GAME.pending(state)
        if not pending:
            return state, moves, states
        seat = pending[0].seat
        action = table[bots[seat]].choose(GAME, state, seat, derive_rng(seed, "bot", len(moves)))
        states.append(state)
        moves.append((seat, action))
        state, _ = GAME.apply(state, seat, action, derive_rng(seed, "apply", len(moves)))


def whole_games(bots: list[str], games: int, side: str = "beginner") -> list[float]:
    out = []
    for seed in range(games):
        t = time.process_time()
        play(bots, seed, side)
        out.append(time.process_time() - t)
    return out


def against_reference(games: int) -> list[tuple[float, float]]:
    """(pbem, reference) CPU time of the same whole greedy 4-player games (the same moves: the
    referee test checks it), played alternately so that a change of load hits both alike."""
    import reference_fc

    greedy = GAME.bots()["greedy"]
    out = []
    for seed in range(games):
        side = ("beginner", "advanced")[seed % 2]
        t = time.process_time()
        # The same loop as reference_fc.greedy_game: the bot's rng derived per move; apply takes
        # none (it uses no randomness once the stacks are shuffled).
        state = GAME.setup(4, {"side": side}, 3000 + seed)
        i = 0
        while GAME.pending(state):
            seat = state.to_move
            action = greedy.choose(GAME, state, seat, derive_rng(3000 + seed, "bot", i))
            state, _ = GAME.apply(state, seat, action)
            i += 1
        mine = time.process_time() - t
        t = time.process_time()
        reference_fc.greedy_game(4, 3000 + seed, side)
        out.append((mine, time.process_time() - t))
    return out


def per_apply(games: int, repeats: int = 20) -> list[float]:
    """CPU time of each apply of several greedy games, replayed (bot time excluded): each move
    applied ``repeats`` times between two clock reads, so that the clock's own cost (a system
    call, about 1 us here) is not counted in every move (``repeats=1``: one call timed, the
    figure before 2026-11-26)."""
    out = []
    for seed in range(games):
        _, moves, states = play(["greedy"] * 4, 1000 + seed)
        for (seat, action), state in zip(moves, states, strict=True):
            rng = derive_rng(seed, "apply", 0)
            t = time.process_time()
            for _ in range(repeats):
                GAME.apply(state, seat, action, rng)
            out.append((time.process_time() - t) / repeats)
    return out


def per_place(games: int) -> list[float]:
    """CPU time of the search bots' playout step (``Sim.copy`` + ``Sim.place``, no events, no
    State) on the same moves as :func:`per_apply`."""
    from pbem.rules.forbidden_city import board as B
    from pbem.rules.forbidden_city.search import Sim
    from pbem.rules.forbidden_city.tiles import orientations, tile

    out = []
    for seed in range(games):
        _, moves, states = play(["greedy"] * 4, 1000 + seed)
        for (_seat, action), state in zip(moves, states, strict=True):
            sim = Sim(state)
            o = orientations(tile(state.hands[state.to_move]))[action.rotation]
            k = B.key(action.x, action.y)
            t = time.process_time()
            sim.copy().place(k, o)
            out.append(time.process_time() - t)
    return out


def late_legal(games: int, repeats: int = 50) -> tuple[list[float], int]:
    """legal() on the board of the last moves of greedy games (the largest boards)."""
    out = []
    count = 0
    for seed in range(games):
        _, moves, states = play(["greedy"] * 4, 2000 + seed)
        state = states[-2]
        seat = moves[-2][0]
        for _ in range(repeats):
            t = time.process_time()
            count = len(GAME.legal(state, seat))
            out.append(time.process_time() - t)
    return out, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games per measurement (default 20)")
    args = parser.parse_args()
    n = args.games
    print(
        f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, {platform.platform()}"
    )
    play(["greedy"] * 4, 999)  # warm-up: data file, caches
    med = statistics.median
    for label, bots, side in (
        ("4-player greedy game (beginner)", ["greedy"] * 4, "beginner"),
        ("4-player greedy game (advanced)", ["greedy"] * 4, "advanced"),
        ("4-player random game (beginner)", ["random"] * 4, "beginner"),
        ("2-player greedy game (beginner)", ["greedy"] * 2, "beginner"),
    ):
        ts = whole_games(bots, n, side)
        print(
            f"{label:<34} median {med(ts) * 1e3:7.1f} ms CPU  (min {min(ts) * 1e3:.1f}, max {max(ts) * 1e3:.1f}; {n} games)"
        )
    pairs = against_reference(n)
    mine = med([a for a, _ in pairs])
    ref = med([b for _, b in pairs])
    ratios = sorted(b / a for a, b in pairs)
    print(
        f"{'4-player greedy game, pbem':<34} median {mine * 1e3:7.1f} ms CPU\n"
        f"{'the same games, reference engine':<34} median {ref * 1e3:7.1f} ms CPU  "
        f"(pbem {ref / mine:.1f}x faster; per game {ratios[0]:.1f}x-{ratios[-1]:.1f}x; {n} games)"
    )
    ts = per_apply(max(2, n // 4))
    ts.sort()
    print(
        f"{'apply, per move':<34} median {med(ts) * 1e6:7.1f} us CPU  (p90 {ts[int(len(ts) * 0.9)] * 1e6:.1f}; {len(ts)} moves, 20 calls each)"
    )
    ts = per_apply(max(2, n // 4), repeats=1)  # the figure before 2026-11-26
    ts.sort()
    print(
        f"{'apply, per move, one call timed':<34} median {med(ts) * 1e6:7.1f} us CPU  (p90 {ts[int(len(ts) * 0.9)] * 1e6:.1f}; clock reads included)"
    )
    ts = per_place(max(2, n // 4))
    ts.sort()
    print(
        f"{'playout copy: copy + place':<34} median {med(ts) * 1e6:7.1f} us CPU  (p90 {ts[int(len(ts) * 0.9)] * 1e6:.1f}; {len(ts)} moves)"
    )
    ts, count = late_legal(max(2, n // 4))
    print(
        f"{'legal, late board':<34} median {med(ts) * 1e6:7.1f} us CPU  ({count} placements; {len(ts)} calls)"
    )
    state, moves, states = play(["greedy"] * 4, 7)
    t = time.process_time()
    for _ in range(20):
        GAME.decode_state(GAME.encode_state(state))
    print(
        f"{'encode+decode, final state':<34} mean   {(time.process_time() - t) / 20 * 1e3:7.2f} ms CPU"
    )
    view = GAME.view(states[-2], moves[-2][0])
    t = time.process_time()
    for _ in range(50):
        GAME.render_text(view)
    print(
        f"{'render_text, late board':<34} mean   {(time.process_time() - t) / 50 * 1e3:7.2f} ms CPU"
    )


if __name__ == "__main__":
    main()
