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
from typing import Any

import pytest
from test_reading_vs_decisions8 import _as_meant, _wrong

P: dict[str, dict[str, list[list[str]]]] = tomllib.loads(
    (Path(__file__).parent / "reading_vs_decisions9.toml").read_text(encoding="utf-8")
)
"""The phrases, per class and language: [mail, reply, what is carried out ("" asked back)]."""

LANGS = ("fr", "it", "de", "en")


@pytest.mark.parametrize("lang", LANGS)
def test_decision_classes_are_read_as_meant_and_never_otherwise(lang: str, tmp_path: Path) -> None:
    import player_corpus as pc

    todo = [(s, m, t, w) for s, section in P.items() for m, t, w in section.get(lang, [])]
    missed: list[Any] = []
    wrong: list[Any] = []
    seen: set[str] = set()
    for name, stage in pc.vs_stages(tmp_path, lang):
        for section, mail, text, want in todo:
            if mail != name:
                continue
            seen.add(mail)
            v = pc.judge_stage(stage, pc.Case("t", "t", lang, name, "gmail", "nothing", text))
            if _as_meant(v.got, want):
                continue
            (wrong if _wrong(v.got) else missed).append((section, text, v.got, want))
    assert seen == {m for _s, m, _t, _w in todo}
    assert not wrong, wrong
    assert not missed, missed
