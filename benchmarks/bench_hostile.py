"""Hostile mail: time per message for the mutation-fuzzer corpus and the 1 MB poison shapes.

Run: ``PYTHONPATH=. .venv/bin/python benchmarks/bench_hostile.py [N]`` (default N = 2000 mutated
replies; about a minute). Prints p50 / p99 / max per message:

- ``fuzz handle``: N mutated replies (tests/security/fuzzcorpus.py, seed 9) through the whole
  ``Service.handle(raw)`` (parse, screen, authenticate, commands, commit, queue the answer; fsync
  off, as in the fuzzer test), wall time per message;
- ``fuzz parse``: the same messages through ``parse_message`` only;
- every poison shape of tests/security/test_hostile_parse.py at 100 KB and 1 MB through
  ``parse_message`` (best of 3), and the ratio 1 MB / 100 KB (linear: about 10);
- every header shape of tests/security/header_shapes.py (the 26,000-parameter Content-Type, RFC
  2231 continuations, encoded words...) at 900 KB through ``parse_message``, CPU time
  (``time.process_time``, best of 3; the target is under 0.1 s each).

CPU time (``time.thread_time``) is reported next to wall time: the machine may be shared.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "security"))
sys.path.insert(0, str(ROOT / "tests" / "service"))
sys.path.insert(0, str(ROOT))

from fuzzcorpus import corpus, make_fuzz_env  # noqa: E402
from header_shapes import SHAPES  # noqa: E402
from test_hostile_parse import POISON, html_mail  # noqa: E402

from pbem.mail.parse import parse_message  # noqa: E402


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def _line(label: str, values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (
        f"{label:32} n={len(ms):5}  p50 {statistics.median(ms):7.2f} ms  "
        f"p99 {_pct(ms, 0.99):7.2f} ms  max {max(ms):7.2f} ms"
    )


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    with tempfile.TemporaryDirectory() as tmp:
        env = make_fuzz_env(Path(tmp), authserv_id="mx.pbem.test")
        items = list(corpus(env, n, 9))
        wall: list[float] = []
        cpu: list[float] = []
        parse_wall: list[float] = []
        worst = ("", 0.0)
        for ops, raw in items:
            t0, c0 = time.perf_counter(), time.thread_time()
            env.service.handle(raw)
            dt = time.perf_counter() - t0
            wall.append(dt)
            cpu.append(time.thread_time() - c0)
            if dt > worst[1]:
                worst = (ops, dt)
            t0 = time.perf_counter()
            parse_message(raw)
            parse_wall.append(time.perf_counter() - t0)
    print(_line("fuzz handle (wall)", wall))
    print(_line("fuzz handle (cpu)", cpu))
    print(_line("fuzz parse_message (wall)", parse_wall))
    print(f"slowest fuzz message: {worst[0]} {worst[1] * 1000:.1f} ms")
    print()
    print(f"{'poison shape (parse_message)':32} {'100 KB':>10} {'1 MB':>10} {'1 MB cpu':>10} ratio")
    for shape in sorted(POISON):
        row = []
        for size in (100_000, 1_000_000):
            raw = html_mail(POISON[shape](size))
            best_wall = best_cpu = float("inf")
            for _ in range(3):
                t0, c0 = time.perf_counter(), time.thread_time()
                parse_message(raw)
                best_wall = min(best_wall, time.perf_counter() - t0)
                best_cpu = min(best_cpu, time.thread_time() - c0)
            row.append((best_wall, best_cpu))
        (small, _), (big, big_cpu) = row
        print(
            f"{shape:32} {small * 1000:8.1f}ms {big * 1000:8.1f}ms {big_cpu * 1000:8.1f}ms "
            f"{big / small:5.1f}"
        )

    print()
    print(f"{'header shape (parse_message)':32} {'bytes':>8} {'cpu':>10}")
    for shape in sorted(SHAPES):
        raw = SHAPES[shape](900_000)
        best = float("inf")
        for _ in range(3):
            c0 = time.process_time()
            parse_message(raw)
            best = min(best, time.process_time() - c0)
        print(f"{shape:32} {len(raw):8} {best * 1000:8.1f}ms")


if __name__ == "__main__":
    main()
