"""Issue 31, eighth round: Die Verbotene Stadt's slides in prose, composed in the four languages
and read the whole way (the reply built by a client, :func:`pbem.service.orders.read` at North's
turn in the service's own Verbotene Stadt game), so that every reader on the path is tried.

The classes (phrases in reading_vs_slides8.toml): a slide corrected, where the last word counts,
its directions alone too ("KB S E. Pardon, je voulais dire S O."); other slides or officials set
aside (denied, doubted, left where they stand, a first intention with its "but"), then the slide;
the slide among remarks (a lead-in before it, the rest of the turn left for later after it); the
slide and then how far it goes ("BR W. Only one step."). Each class comes with the near-misses
that must be asked back (or read as nothing): never a slide the player did not settle on.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

P: dict[str, dict[str, list[list[str]]]] = tomllib.loads(
    (Path(__file__).parent / "reading_vs_slides8.toml").read_text(encoding="utf-8")
)
"""The phrases, per class and language: [reply, what is carried out ("" for asked back)]."""

LANGS = ("fr", "it", "de", "en")


@pytest.mark.parametrize("lang", LANGS)
def test_slides_in_prose_are_read_as_meant_and_never_otherwise(lang: str, tmp_path: Path) -> None:
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
    assert any(not want for cls in P.values() for _t, want in cls["en"])
