"""The eighth round's classes of requests and settings in prose (issue 31): a request with a word
of summary, update or attachment, or a familiar imperative; the standing orders asked to be
shown; LEGAL as the squares that still work; GAMES as a deadline asked; LANG for the next games;
BACK and MAIL TURNS said in words; PROPOSE UNDO after the mistake it takes back; a line a client
hard-wrapped before a command's noun. Each case of tests/fixtures/replies/requests_g8.txt is read
at the position of the mail it answers, through the whole reading (:mod:`player_corpus`); the
near-misses must stay prose or be asked back, never carried out."""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

CASES = Path(__file__).resolve().parents[1] / "fixtures" / "replies" / "requests_g8.txt"


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory: pytest.TempPathFactory) -> list[pc.Verdict]:
    saved = pc.CORPUS
    pc.CORPUS = CASES.parent
    try:
        cases = pc.load(CASES.stem)
    finally:
        pc.CORPUS = saved
    return pc.judge_all(tmp_path_factory.mktemp("g8"), cases)


def test_every_case_is_read_as_meant(verdicts: list[pc.Verdict]) -> None:
    missed = [(v.case.id, v.got, v.want) for v in verdicts if not v.meant]
    assert not missed


def test_no_case_is_read_wrong(verdicts: list[pc.Verdict]) -> None:
    assert not [(v.case.id, v.got, v.want) for v in verdicts if v.wrong]


def test_every_language_and_the_near_misses_are_there(verdicts: list[pc.Verdict]) -> None:
    assert {v.case.lang for v in verdicts} == set(pc.LANGS)
    assert sum(v.want in ([], ["ask"]) for v in verdicts) >= 12
