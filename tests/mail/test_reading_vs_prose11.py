"""Issue 31, eleventh round: Die Verbotene Stadt's decisions said in prose, as classes in the four
languages, read the whole way (the reply built by a client, read at the position of the
service's own mail): a claim said with whose it is by a first name ("Credo alla dichiarazione di
Marta": one claim is answered at a time), a colour said with the German "-farben" ("die
orangefarbene Hose"), frankness around an answer ("Franchement je n'y crois pas du tout"), a
belief with the claimant said never to bluff ("Je crois Paul, il ne bluffe jamais"). Each
beside the neighbour a referee asks back (a question, a seat that is not the claimant's, a
colour no card has, a doubt beside "he never bluffs").
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_reading_vs_decisions8 import _as_meant

PHRASES: dict[str, list[tuple[str, str, str]]] = {
    "fr": [
        ("vs:believe", "Je crois Paul, il ne bluffe jamais.", "believe"),
        ("vs:believe", "Je doute, il ne bluffe jamais.", ""),
        ("vs:believe", "Je crois à l'annonce de Paul.", "believe"),
        ("vs:believe", "Je crois à l'annonce de Paul ?", ""),
        ("vs:believe", "Franchement je n'y crois pas du tout.", "doubt"),
        ("vs:believe", "Franchement, je ne sais pas.", ""),
    ],
    "it": [
        ("vs:believe", "Ci credo, lei non bluffa mai.", "believe"),
        ("vs:believe", "Dubito, lei non bluffa mai.", ""),
        ("vs:believe", "Credo, lei non bluffa mai.", ""),
        ("vs:believe", "Credo alla dichiarazione di Marta.", "believe"),
        ("vs:believe", "Non credo alla dichiarazione di Marta.", "doubt"),
        ("vs:believe", "Credo alla dichiarazione di Marta?", ""),
        ("vs:believe", "Onestamente non ci credo.", "doubt"),
    ],
    "de": [
        ("vs:believe", "Lange überlegt. Ich glaube Ost, der blufft nie.", "believe"),
        ("vs:believe", "Der blufft nie.", ""),
        ("vs:steal", "Ich nehme die orangefarbene Hose.", "take north orange-pants"),
        ("vs:steal", "Ich nehme die lilafarbene Hose.", ""),
        ("vs:believe", "Ich glaube der Behauptung von Jan.", "believe"),
        ("vs:believe", "Ehrlich gesagt glaube ich es nicht.", "doubt"),
    ],
    "en": [
        ("vs:believe", "I believe East, he never bluffs.", "believe"),
        ("vs:believe", "I believe East, he never bluffs?", ""),
        ("vs:believe", "I believe, he never bluffs.", ""),
        ("vs:believe", "I believe Marta's claim.", "believe"),
        ("vs:believe", "I doubt Marta's claim.", "doubt"),
        ("vs:believe", "Should I believe Marta's claim?", ""),
        ("vs:believe", "Frankly, I doubt it.", "doubt"),
    ],
}


@pytest.mark.parametrize("lang", sorted(PHRASES))
def test_eleventh_round_prose_decisions_are_read_as_meant(lang: str, tmp_path: Path) -> None:
    import player_corpus as pc

    wrong, missed = pc.judge_phrases(pc.vs_stages(tmp_path, lang), lang, PHRASES[lang], _as_meant)
    assert not wrong, wrong
    assert not missed, missed
