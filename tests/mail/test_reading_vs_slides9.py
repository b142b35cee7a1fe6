"""Issue 31, ninth round: Die Verbotene Stadt's slides in words, as whole vocabularies, composed
in the four languages and read the whole way (:func:`pbem.service.orders.read` at North's turn in
the service's own Verbotene Stadt game).

The phrases (reading_vs_slides9.toml) were written before the reader changed (PROBES1) and after
it (PROBES2), as players write them: the official by its two colours ("le noir et bleu", "the
blue-hatted black one", "Der Blaue mit schwarzem Körper"), by its letters apart or spelled ("K
B", "b k", "Kilo Bravo", "K wie Kaufmann, B wie Berta"), one official denied for another ("Pas
RB, mais KB"), the official after "with" ("one step east with BK"), the step's nouns and numbers
("d'un cran", "un quadretto", "ein Kästchen", "di uno"), verbs of pushing and wishing ("Push",
"Spingo", "Ich schubse", "I'd like to move", "vorrei spostare"), a slide closed by "that's all"
("e basta", "mehr nicht"), a correction after "ah non", and a slide broken off on its "but"
("Ich wollte RB N E ziehen, aber": asked). NEAR holds the near-misses that must still be asked.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

P: dict[str, dict[str, list[list[str]]]] = tomllib.loads(
    (Path(__file__).parent / "reading_vs_slides9.toml").read_text(encoding="utf-8")
)
"""The phrases, per class and language: [reply, what is carried out ("" for asked back)]."""

LANGS = ("fr", "it", "de", "en")


@pytest.mark.parametrize("lang", LANGS)
def test_slides_in_words_are_read_as_meant_and_never_otherwise(lang: str, tmp_path: Path) -> None:
    import player_corpus as pc

    todo = [("vs:turn", text, want) for cls in P.values() for text, want in cls[lang]]
    assert todo
    wrong, missed = pc.judge_phrases(pc.vs_stages(tmp_path, lang), lang, todo, pc.move_or_ask)
    assert not wrong, wrong  # never a slide the player did not settle on
    assert not missed, missed


def test_every_class_has_phrases_in_every_language() -> None:
    for name, cls in P.items():
        for lang in LANGS:
            assert cls[lang], (name, lang)
    assert all(not want for cls in [P["NEAR"]] for lang in LANGS for _t, want in cls[lang])
