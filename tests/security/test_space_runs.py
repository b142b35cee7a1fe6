"""A hostile line of thousands of spaces between words is read in linear time, and as the same
line with one space (issue 31's hostile inputs: a run of spaces between a move and "(" took
25 s at 20,000 spaces, because every pattern that may start at a space scanned the rest of the
run). Cost is compared as a ratio within one run (CPU time of this thread, best of three), never
against the wall clock: 10 times the spaces must cost less than 25 times the time (linear is 10x,
the quadratic reading this replaced took about 85x)."""

from __future__ import annotations

import pytest
from cputime import best_cpu

import pbem.service.commands  # noqa: F401  (registers the commands' words)
from pbem.commands.grammar import read_commands
from pbem.rules.base import RuleError


def _parse(text: str) -> object:
    if text.strip().upper() == "M13 R1":
        return "M13 R1"
    raise RuleError("not a legal move here")


def _read(line: str) -> list[tuple[str, str, str]]:
    got = read_commands([line], _parse, None, plans=True, spell=lambda s: s)
    return [(c.kind, " ".join(c.arg.split()), str(c.action)) for c in got.commands]


def _cpu(line: str) -> float:
    return best_cpu(lambda: _read(line), 3)


SHAPES = {
    "spaces-before-bracket": lambda n: "M13 R1" + " " * n + "(",
    "tabs-and-no-break-spaces": lambda n: "M13 R1" + "\t\u00a0 " * (n // 3) + "(thanks)",
    "spaces-between-plan-words": lambda n: "M13 R1" + " " * n + "and" + " " * n + "SAY hi",
    "spaces-before-comma": lambda n: "SAY hello" + " " * n + "," + " " * n + "all",
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_run_of_spaces_reads_as_one_space(shape: str) -> None:
    make = SHAPES[shape]
    assert _read(make(5000)) == _read(" ".join(make(5000).split()))


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_run_of_spaces_costs_linear_time(shape: str) -> None:
    make = SHAPES[shape]
    small, large = _cpu(make(2_000)), _cpu(make(20_000))
    assert large < 25 * max(small, 1e-4), (small, large)
