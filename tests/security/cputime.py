"""CPU time of a call, for cost tests that compare two sizes as a ratio within one run (never
against the wall clock: a loaded machine slows both sizes alike)."""

from __future__ import annotations

import time
from collections.abc import Callable


def best_cpu(call: Callable[[], object], runs: int) -> float:
    """The least CPU time (of this thread) of ``runs`` calls."""
    best = float("inf")
    for _ in range(runs):
        start = time.thread_time()
        call()
        best = min(best, time.thread_time() - start)
    return best
