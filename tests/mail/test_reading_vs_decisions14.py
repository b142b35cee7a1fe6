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

import tomllib
from pathlib import Path

import pytest

P: dict[str, dict[str, list[list[str]]]] = tomllib.loads(
    (Path(__file__).parent / "reading_vs_decisions14.toml").read_text(encoding="utf-8")
)
"""The phrases, per class and language: [mail, reply, what is carried out ("" asked back)]."""

LANGS = ("fr", "it", "de", "en")


def _as_meant(got: list[str], want: str) -> bool:
    """:func:`player_corpus.move_or_ask`; ``standing claim=doubt``: that standing order alone."""
    import player_corpus as pc

    if want.startswith("standing "):
        field, value = want.removeprefix("standing ").split("=")
        return (
            len(got) == 1
            and got[0].startswith("standing Orders(")
            and f"{field}='{value}'" in got[0]
            and got[0].count("=None") == 7
        )
    return pc.move_or_ask(got, want)


@pytest.mark.parametrize("lang", LANGS)
def test_fourteenth_round_classes_are_read_as_meant_and_never_otherwise(
    lang: str, tmp_path: Path
) -> None:
    import player_corpus as pc

    wrong, missed = pc.judge_sections(P, tmp_path, lang, _as_meant)
    assert not wrong, wrong  # never a decision or a slide the player did not settle on
    assert not missed, missed
