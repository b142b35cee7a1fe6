"""Issue 31, fourteenth round: Die Verbotene Stadt's decisions in words, the standing orders
given for them and plans of several slides as classes, composed in the four languages and read
the whole way (the reply built by a client, :func:`pbem.service.orders.read` at the position of
the service's own mail).

The phrases are in reading_vs_decisions14.toml, one section per class (a later slide on a second
move or a red die, plans in lower case, a belief beside a bluff denied, an objection after the
answer, keeping as loyalty and cards by a possessive or of no use, the held official selected in
words and code, a standing order with what it saves), each with the neighbours a referee must
ask back.
"""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

P = pc.sections("reading_vs_decisions14")


def _as_meant(got: list[str], want: str) -> bool:
    """:func:`player_corpus.move_or_ask`; ``standing claim=doubt``: that standing order alone."""
    if want.startswith("standing "):
        field, value = want.removeprefix("standing ").split("=")
        return (
            len(got) == 1
            and got[0].startswith("standing Orders(")
            and f"{field}='{value}'" in got[0]
            and got[0].count("=None") == 7
        )
    return pc.move_or_ask(got, want)


@pytest.mark.parametrize("lang", pc.LANGS)
def test_fourteenth_round_classes_are_read_as_meant_and_never_otherwise(
    lang: str, tmp_path: Path
) -> None:
    wrong, missed = pc.judge_sections(P, tmp_path, lang, _as_meant)
    assert not wrong, wrong  # never a decision or a slide the player did not settle on
    assert not missed, missed
