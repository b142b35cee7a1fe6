"""The word classes every reader shares (pbem/words.py, issue 31)."""

from __future__ import annotations

import pytest

from pbem.words import NAMELY, RESTATE, THEN, THEREFORE, only_said


def test_the_classes_are_lower_case_and_then_is_no_conclusion() -> None:
    for words in (THEREFORE, THEN, NAMELY):
        assert all(w == w.casefold() for w in words)
    assert not THEN & THEREFORE
    assert RESTATE == THEREFORE | NAMELY
    # each language has its words of a conclusion
    assert {"so", "donc", "quindi", "also"} <= THEREFORE


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("je ne rentre que dimanche", "je rentre dimanche"),
        ("RB ne fait qu'un pas", "RB fait un pas"),
        ("BR n’avance que d’une case", "BR avance d’une case"),
        ("je ne serai là que lundi", "je serai là lundi"),
        ("il ne s'arrête que mardi", "il s'arrête mardi"),
        ("je n' arrive qu' a dimanche", "je arrive a dimanche"),  # the reader's folded words
    ],
)
def test_ne_que_is_only_and_denies_nothing(text: str, said: str) -> None:
    assert only_said(text) == said


@pytest.mark.parametrize(
    "text",
    [
        "je ne joue pas que RB",  # "not only": the denial stays
        "il ne reste plus que deux",
        "je ne rentre pas dimanche",
        "que dire ? ne bouge pas",
    ],
)
def test_a_denial_stays(text: str) -> None:
    assert only_said(text) == text


def test_only_before_names_what_follows() -> None:
    one = r"(?:un|une)(?![\w'’])"
    assert only_said("RB ne fait qu'un pas", one) == "RB fait un pas"
    assert only_said("je ne rentre que dimanche", one) == "je ne rentre que dimanche"
