"""Whether the long runs are asked for: ``PBEM_LONG_TESTS=1`` (thousands of games, mutations or
examples instead of the default suite's few; README, "Tests and benchmarks"). The one place
that reads the variable, so that every test means the same by it."""

from __future__ import annotations

import os

LONG = os.environ.get("PBEM_LONG_TESTS") == "1"


def sized(default: int, long: int) -> int:
    """``long`` when the long runs are asked for, else ``default``."""
    return long if LONG else default
