"""Issue 31, ninth round: Die Verbotene Stadt's decisions in words as whole classes, composed in
the four languages and read the whole way (the reply built by a client,
:func:`pbem.service.orders.read` at the position of the service's own mail, with the players'
names the service knows).

The phrases are in reading_vs_decisions9.toml: the probes written before the round's changes
(PROBES_1) and after them (PROBES_2), the closed classes (FORMS_*: each decision's verb in the
persons and tenses players use: believe, doubt, keep, select, take), and the near-misses the
widenings must still ask back (NEAR_MISSES_*: the English verb inside a sentence, "next time",
a question, a past wish, a name that is not the holder's or is the writer's own).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from test_reading_vs_decisions8 import _as_meant

P: dict[str, dict[str, list[list[str]]]] = tomllib.loads(
    (Path(__file__).parent / "reading_vs_decisions9.toml").read_text(encoding="utf-8")
)
"""The phrases, per class and language: [mail, reply, what is carried out ("" asked back)]."""

LANGS = ("fr", "it", "de", "en")


@pytest.mark.parametrize("lang", LANGS)
def test_decision_classes_are_read_as_meant_and_never_otherwise(lang: str, tmp_path: Path) -> None:
    import player_corpus as pc

    todo = [(m, t, w) for section in P.values() for m, t, w in section.get(lang, [])]
    wrong, missed = pc.judge_phrases(pc.vs_stages(tmp_path, lang), lang, todo, _as_meant)
    assert not wrong, wrong  # never a decision the player did not settle on
    assert not missed, missed
