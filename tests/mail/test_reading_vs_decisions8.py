"""Issue 31, eighth round: Die Verbotene Stadt's decisions in words, composed in the four
languages and read the whole way (the reply built by a client, :func:`pbem.service.orders.read`
at the position of the service's own mail), so that every reader on the path is tried.

The classes (phrases in reading_vs_decisions8.toml): a decision set against another ("not X but
Y", "Y rather than X"), a decision the player asks and answers ("Keep? No - select GR."), another
card weighed before the one taken, the claim named beside believe or doubt, a standing order said
in words beside its STANDING line. Each class comes with the near-misses that must be asked back
(or read as nothing): a question alone, "doubt" as a noun, a disbelief of a bluff, the same card
on both sides, an "or", a doubt. Never a decision the player did not settle on.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

P: dict[str, dict[str, list[list[str]]]] = tomllib.loads(
    (Path(__file__).parent / "reading_vs_decisions8.toml").read_text(encoding="utf-8")
)
"""The phrases, per class and language: [mail, reply, what is carried out ("" asked back)]."""

LANGS = ("fr", "it", "de", "en")
CASES: dict[str, list[tuple[str, str, str]]] = {
    lang: [(m, t, w) for section in P.values() for m, t, w in section.get(lang, [])]
    for lang in LANGS
}


def _as_meant(got: list[str], want: str) -> bool:
    """:func:`player_corpus.move_or_ask`; ``keep+standing``: the keep and a standing order to
    keep."""
    import player_corpus as pc

    if want == "keep+standing":
        return (
            len(got) == 2
            and got[0] == "move keep"
            and got[1].startswith("standing ")
            and "reselect='keep'" in got[1]
        )
    return pc.move_or_ask(got, want)


@pytest.mark.parametrize("lang", LANGS)
def test_decisions_in_words_are_read_as_meant_and_never_otherwise(
    lang: str, tmp_path: Path
) -> None:
    import player_corpus as pc

    wrong, missed = pc.judge_phrases(pc.vs_stages(tmp_path, lang), lang, CASES[lang], _as_meant)
    assert not wrong, wrong  # never a decision the player did not settle on
    assert not missed, missed
