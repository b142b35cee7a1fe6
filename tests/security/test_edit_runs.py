"""A line of our examples with its rotation changed by an arrow ("M8 R1 <- R2 instead") is found
by a pattern that tries every place the move's square may start: one line of 20,000 letters
("Tell the table: ééé...") cost 10 s of CPU, the square of its length (issue 31, eighteenth
round). Such an edit is a short line, so a long one is not tried."""

from __future__ import annotations

from cputime import best_cpu

from pbem.commands.copies import _edited_example


def test_the_edited_line_is_the_move_it_makes() -> None:
    assert _edited_example(["M8 R1   <- R2 instead"]) == ["M8 R2 <-"]
    assert _edited_example(["L12 R2 <- R3 plutôt", "N9 R0"]) == ["L12 R3 <-", "N9 R0"]


def test_a_long_line_of_letters_costs_linear_time() -> None:
    small = best_cpu(lambda: _edited_example(["Tell the table: " + "é" * 1_000]), 3)
    large = best_cpu(lambda: _edited_example(["Tell the table: " + "é" * 10_000]), 3)
    assert large < 25 * max(small, 1e-4), (small, large)
