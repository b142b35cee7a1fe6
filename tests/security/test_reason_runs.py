"""NEXT's reason of the player's absence ("NEXT KB S in case I'm asleep when it comes round";
issue 31, seventeenth round) is looked for after each place a reason may start: a reply of
thousands of such places searched the whole rest after each of them (10 KB: 1.6 s of CPU, the
cost growing with the square of the length). A reason is a few words, so a long rest is none,
and is not searched."""

from __future__ import annotations

from cputime import best_cpu

from pbem.commands.queued import reason_dropped


def _text(n: int) -> str:
    return "RB N; BK E please" + ", in case I'm asleep" * n


def test_the_reason_after_the_move_is_dropped() -> None:
    assert reason_dropped("KB S in case I'm asleep when it comes round") == "KB S"
    assert reason_dropped(_text(1)) == "RB N; BK E please"


def test_many_places_a_reason_may_start_cost_linear_time() -> None:
    small = best_cpu(lambda: reason_dropped(_text(500)), 3)
    large = best_cpu(lambda: reason_dropped(_text(5_000)), 3)
    assert large < 25 * max(small, 1e-4), (small, large)
