"""Cost of the board picture (the PNG in a mail's HTML part) and of the text board.

Run: ``.venv/bin/python benchmarks/bench_picture.py [games]``. Plays 4-player greedy games and, for
every position, draws the view of the player to move (their tile and the squares where it fits: a
picture no other mail shares) and the public view. Then, per move, what the mails of one move cost:
the pictures of all four seats' views, with the cache emptied before each move (CPU time). Prints the median and 95th percentile ms per
picture without the cache (wall clock and CPU time, the latter robust to a busy machine), the median for a cache hit (the other players' identical public
pictures of one move), the mean PNG size, and the ms per text board for comparison.
"""

from __future__ import annotations

import statistics
import sys
import time
from typing import Any

from pbem.mail import picture
from pbem.rules.base import derive_rng
from pbem.rules.forbidden_city import GAME


def views(games: int) -> list[Any]:
    out: list[Any] = []
    for seed in range(games):
        state = GAME.setup(4, {"side": "beginner"}, seed)
        i = 0
        while GAME.pending(state):
            seat = GAME.pending(state)[0].seat
            out.append(GAME.view(state, seat))
            out.append(GAME.view(state, None))
            action = GAME.bots()["greedy"].choose(GAME, state, seat, derive_rng(seed, "b", i))
            state, _ = GAME.apply(state, seat, action, derive_rng(seed, "a", i))
            i += 1
        out.append(GAME.view(state, None))
    return out


def seat_views(games: int) -> list[list[object]]:
    """For every position of ``games`` greedy games, the views of the four seats."""
    out: list[list[object]] = []
    for seed in range(games):
        state = GAME.setup(4, {"side": "beginner"}, seed)
        i = 0
        while GAME.pending(state):
            out.append([GAME.view(state, s) for s in range(4)])
            seat = GAME.pending(state)[0].seat
            action = GAME.bots()["greedy"].choose(GAME, state, seat, derive_rng(seed, "b", i))
            state, _ = GAME.apply(state, seat, action, derive_rng(seed, "a", i))
            i += 1
    return out


def per_move(games: int) -> None:
    moves = seat_views(games)
    cpu, sizes = [], []
    for four in moves:
        picture._CACHE.clear()
        picture._BASES.clear()
        c = time.process_time()
        pics = [picture.board_picture("forbidden-city", v) for v in four]
        cpu.append(time.process_time() - c)
        # Distinct images the four mails carry (bytes on the wire for the move).
        seen: dict[bytes, int] = {}
        for pic in pics:
            assert pic is not None
            for p in getattr(pic, "images", [pic]):
                seen[p.png] = len(p.png)
        sizes.append(sum(seen.values()))
    print(
        f"one move's 4 mails: CPU median {statistics.median(cpu) * 1000:.1f} ms, "
        f"p95 {sorted(cpu)[int(len(cpu) * 0.95)] * 1000:.1f} ms over {len(moves)} moves; "
        f"distinct PNG bytes a move {statistics.mean(sizes) / 1024:.1f} KB"
    )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    vs = views(games)
    picture.board_picture("forbidden-city", vs[0])  # fonts loaded once per process
    cold, cpu, hot, sizes, text = [], [], [], [], []
    for v in vs:
        picture._CACHE.clear()
        picture._BASES.clear()
        t, c = time.perf_counter(), time.process_time()
        pic = picture.board_picture("forbidden-city", v)
        cold.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        t = time.perf_counter()
        picture.board_picture("forbidden-city", v)
        hot.append(time.perf_counter() - t)
        assert pic is not None
        sizes.append(len(pic.board.png))
        t = time.perf_counter()
        GAME.render_text(v)
        text.append(time.perf_counter() - t)
    cold.sort()
    print(f"{len(vs)} views of {games} 4-player game(s)")
    print(
        f"picture, drawn:   median {statistics.median(cold) * 1000:.1f} ms, "
        f"p95 {cold[int(len(cold) * 0.95)] * 1000:.1f} ms"
    )
    print(f"picture, CPU:     median {statistics.median(cpu) * 1000:.1f} ms (robust to load)")
    print(f"picture, cached:  median {statistics.median(hot) * 1000:.2f} ms")
    print(
        f"PNG size:         mean {statistics.mean(sizes) / 1024:.1f} KB, max {max(sizes) / 1024:.1f} KB"
    )
    print(f"text board:       median {statistics.median(text) * 1000:.2f} ms")
    per_move(games)


if __name__ == "__main__":
    main()
