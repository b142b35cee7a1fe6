"""Issue 31, tenth round: Die Verbotene Stadt's decisions in words and single slides as classes,
composed in the four languages and read the whole way (the reply built by a client,
:func:`pbem.service.orders.read` at the position of the service's own mail).

The phrases are in reading_vs_decisions10.toml, one section per class (a doubt denied, a question
over a whole sentence, a negation and an article before the thing, a card by its place in the
mail, a decision corrected after a hesitation, remarks beside a decision, an official chosen over
another, slides asked or corrected), each with the neighbours a referee must ask back.
"""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest
from test_reading_vs_decisions8 import _as_meant

P = pc.sections("reading_vs_decisions10")


@pytest.mark.parametrize("lang", pc.LANGS)
def test_tenth_round_classes_are_read_as_meant_and_never_otherwise(
    lang: str, tmp_path: Path
) -> None:
    wrong, missed = pc.judge_sections(P, tmp_path, lang, _as_meant)
    assert not wrong, wrong  # never a decision the player did not settle on
    assert not missed, missed
