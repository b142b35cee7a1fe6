"""Issue 31, seventeenth round: Die Verbotene Stadt's turns and decisions written in words, as
classes composed in the four languages and read the whole way (the reply built by a client,
:func:`pbem.service.orders.read` at the position of the service's own mail).

The phrases are in reading_vs_turns17.toml, one section per class (a preview asked in a sentence,
a slide said in words and then in brackets in the notation, what every slide does said beside
it, a plan in ranked lines with the going-on conditions players write, a doubt beside scorn, NEXT
with the reason of the player's absence), each with the neighbours a referee must ask back.
"""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

P = pc.sections("reading_vs_turns17")


@pytest.mark.parametrize("lang", pc.LANGS)
def test_seventeenth_round_classes_are_read_as_meant_and_never_otherwise(
    lang: str, tmp_path: Path
) -> None:
    wrong, missed = pc.judge_sections(P, tmp_path, lang, pc.move_or_ask)
    assert not wrong, wrong  # never a slide, a plan or a decision the player did not settle on
    assert not missed, missed
