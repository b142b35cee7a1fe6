"""Issue 31, eleventh round: Die Verbotene Stadt's whole turns and slides, read the whole way
(:func:`pbem.service.orders.read` at North's turn in the service's own Verbotene Stadt game).

The phrases (reading_vs_turns11.toml), per class and language: a turn dictated one slide alone a
line, each official once (one plan; the same official twice or a question in the reply asked
back), a correction by slides after "ah non", "ach nein", "nee doch", a PREVIEW of a slide or a
plan asked in prose with "not yet" said, an official named by two colours in one word ("den
Schwarzblauen", "il rossoblu"). NEAR holds the neighbours that must be asked back.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

P: dict[str, dict[str, list[list[str]]]] = tomllib.loads(
    (Path(__file__).parent / "reading_vs_turns11.toml").read_text(encoding="utf-8")
)
"""The phrases, per class and language: [reply, what is carried out ("" for asked back)]."""

LANGS = ("fr", "it", "de", "en")


def _meant(got: list[str], want: str | None) -> bool:
    return got in (["ask"], []) if not want else got == [want]


@pytest.mark.parametrize("lang", LANGS)
def test_turns_are_read_as_meant_and_never_otherwise(lang: str, tmp_path: Path) -> None:
    import player_corpus as pc

    todo = [("vs:turn", text, want) for cls in P.values() for text, want in cls[lang]]
    assert todo
    wrong, missed = pc.judge_phrases(pc.vs_stages(tmp_path, lang), lang, todo, _meant)
    assert not wrong, wrong  # never a slide the player did not settle on
    assert not missed, missed


def test_every_class_has_phrases_in_every_language() -> None:
    for name, cls in P.items():
        for lang in LANGS:
            assert cls[lang], (name, lang)
    assert all(not want for lang in LANGS for _t, want in P["NEAR"][lang])
