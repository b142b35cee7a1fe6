"""The eighth round's classes of command words and their arguments (issue 31): standing orders
in words with a negative pronoun, a standing order in capitals behind a reason that says the
same, RESIGN below a sentence, and the classes added to the end of the fixture. Each case of
tests/fixtures/replies/commands_b8.txt is read at the position of the mail it answers, through
the whole reading (:mod:`player_corpus`); the near-misses must be asked back, never carried out."""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

CASES = Path(__file__).resolve().parents[1] / "fixtures" / "replies" / "commands_b8.txt"


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory: pytest.TempPathFactory) -> list[pc.Verdict]:
    saved = pc.CORPUS
    pc.CORPUS = CASES.parent
    try:
        cases = pc.load(CASES.stem)
    finally:
        pc.CORPUS = saved
    return pc.judge_all(tmp_path_factory.mktemp("b8"), cases)


def test_every_case_is_read_as_meant(verdicts: list[pc.Verdict]) -> None:
    missed = [(v.case.id, v.got, v.want) for v in verdicts if not v.meant]
    assert not missed


def test_no_case_is_read_wrong(verdicts: list[pc.Verdict]) -> None:
    assert not [(v.case.id, v.got, v.want) for v in verdicts if v.wrong]


def test_every_language_and_the_near_misses_are_there(verdicts: list[pc.Verdict]) -> None:
    assert {v.case.lang for v in verdicts} == set(pc.LANGS)
    assert sum(v.want == ["ask"] for v in verdicts) >= 10
