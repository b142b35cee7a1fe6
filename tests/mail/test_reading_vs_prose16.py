"""Issue 31, sixteenth round: Die Verbotene Stadt's turns and decisions told in words, as classes
composed in the four languages and read the whole way (the reply built by a client,
:func:`pbem.service.orders.read` at the position of the service's own mail).

The phrases are in reading_vs_prose16.toml, one section per class (a one-step move told with the
remark that the official is still on its start square, a decision beside its reason, a decision
followed by a doubt, an official by its colours in a preview, a queued move or a plan's later
slide, a later slide on its own line after the die's condition), each with the neighbours a
referee must ask back (a question, a condition, a remark for the other answer, a hesitation).
"""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

P = pc.sections("reading_vs_prose16")


@pytest.mark.parametrize("lang", pc.LANGS)
def test_sixteenth_round_classes_are_read_as_meant_and_never_otherwise(
    lang: str, tmp_path: Path
) -> None:
    wrong, missed = pc.judge_sections(P, tmp_path, lang, pc.move_or_ask)
    assert not wrong, wrong  # never a slide or a decision the player did not settle on
    assert not missed, missed
