"""Issue 31, fifteenth round: Die Verbotene Stadt's turns in sentences as classes, composed in the
four languages and read the whole way (the reply built by a client,
:func:`pbem.service.orders.read` at the position of the service's own mail).

The phrases are in reading_vs_prose15.toml, one section per class (the turn of one slide said
"in the same slide", a lead-in of what the player did before deciding, a heading above slides
written one a line and "Then:" with its colon, a queued move with a remark after it, and the
slide of another player praised), each with the neighbours a referee must ask back (a question,
someone else's slide, an undecided or conditional queued move).
"""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

P = pc.sections("reading_vs_prose15")


@pytest.mark.parametrize("lang", pc.LANGS)
def test_fifteenth_round_classes_are_read_as_meant_and_never_otherwise(
    lang: str, tmp_path: Path
) -> None:
    wrong, missed = pc.judge_sections(P, tmp_path, lang, pc.move_or_ask)
    assert not wrong, wrong  # never a slide or a queued move the player did not settle on
    assert not missed, missed
