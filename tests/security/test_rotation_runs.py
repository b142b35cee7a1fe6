"""A hostile line of thousands of rotations said in words or degrees is spelled in linear time
(issue 31's hostile inputs: a 50,000-character line of "M13 90° " took 89 s, because every
rotation rewrote the whole line before it and looked back over all of it for its square). Cost
is compared as a ratio within one run (CPU time of this thread, best of three), never against
the wall clock: 10 times the line must cost less than 25 times the time (linear is 10x)."""

from __future__ import annotations

import pytest
from cputime import best_cpu
from longtests import sized

from pbem.rules.forbidden_city.notation import spelled

SHAPES = {
    "degrees": "M13 90° ",
    "in-words": "M13 upside down ",
    "no-turn": "M13 as it is, ",
    "anticlockwise": "M13 90 degrees anticlockwise ",
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_line_of_rotations_is_spelled_as_its_parts(shape: str) -> None:
    one = spelled(SHAPES[shape].strip())
    assert spelled(SHAPES[shape] * 300).split() == (one.split() * 300)


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_line_of_rotations_costs_linear_time(shape: str) -> None:
    unit = SHAPES[shape]
    # 2,000 and 20,000 characters (a quadratic spelling would cost 100 times, not 10; the
    # 50,000-character line of the issue: PBEM_LONG_TESTS=1)
    small_n, large_n = sized(2_000, 5_000), sized(20_000, 50_000)
    small = best_cpu(lambda: spelled(unit * (small_n // len(unit))), 3)
    large = best_cpu(lambda: spelled(unit * (large_n // len(unit))), 3)
    assert large < 25 * max(small, 1e-4), (small, large)
