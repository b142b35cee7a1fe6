"""Forbidden City's moves spoken, spelled, turned in words and taken back (issue 31, ninth round).

The replies of :mod:`fc_probes9` (written before the reader was changed for them, in the four
languages: letters by name and by spelling alphabet, rows and rotations in words, corrections,
take-backs, conditions), read as the service reads them against the real turn mail of Forbidden
City (:mod:`player_corpus`); then the closed classes themselves, every member composed into a
whole move (:func:`pbem.rules.forbidden_city.notation.spoken`), with the near-misses that must
not become a move.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import fc_probes9 as fp
import player_corpus as pc
import pytest

from pbem.rules.forbidden_city import notation as fc


def _meant(want: str) -> list[str]:
    return ["ask"] if want == "ask" else [] if want == "nothing" else [f"move {want}"]


@pytest.mark.parametrize("lang", pc.LANGS)
@pytest.mark.parametrize("batch", ["FIRST", "NEAR", "FORMS", "SECOND"])
def test_the_probes_read_as_meant(tmp_path: Path, lang: str, batch: str) -> None:
    """Every probe of the batch in this language: the move meant, asked back where a referee
    would ask, nothing where it names no move."""
    todo = [
        ("fc:turn", body, _meant(want)) for lg, body, want in getattr(fp, batch, []) if lg == lang
    ]
    assert pc.judge_phrases(pc.fc_stages(tmp_path, lang), lang, todo) == ([], [])


# the closed classes, per language: how a column, a row and a rotation are said
_COLUMNS = {
    "en": {"M": ["M", "em", "Mike", "M as in Mike", "M for Mike"], "P": ["P", "pee", "Papa"],
           "L": ["L", "el", "Lima", "L as in Lima"], "O": ["O", "Oscar", "O for Oscar"]},
    "fr": {"M": ["M", "èm", "M comme Marcel"], "P": ["P", "pé", "P comme Pierre"],
           "L": ["L", "èl", "L comme Louis"], "O": ["O", "O comme Oscar"]},
    "it": {"M": ["M", "emme", "M come Milano", "Milano"], "P": ["P", "pi", "P come Palermo"],
           "L": ["L", "elle", "L come Livorno", "Livorno"], "O": ["O", "O come Otranto"]},
    "de": {"M": ["M", "Em", "M wie Martha", "Martha"], "P": ["P", "Pe", "P wie Paula"],
           "L": ["L", "El", "L wie Ludwig", "Ludwig"], "O": ["O", "O wie Otto"]},
}  # fmt: skip
_ROWS = {
    "en": {13: ["13", "thirteen", "one three"], 12: ["12", "twelve", "one two"], 10: ["ten"]},
    "fr": {13: ["13", "treize", "un trois"], 12: ["douze"], 10: ["dix", "un zéro"]},
    "it": {13: ["13", "tredici", "uno tre"], 12: ["dodici"], 10: ["dieci", "uno zero"]},
    "de": {13: ["13", "dreizehn", "eins drei"], 12: ["zwölf"], 10: ["zehn", "eins null"]},
}  # fmt: skip
_ROTATIONS = {
    "en": {0: ["R zero", "rotation zero", "Romeo zero"], 1: ["R one", "are one", "R1"],
           2: ["R two", "rotation two", "R for Romeo two"], 3: ["R three", "Romeo 3"]},
    "fr": {0: ["R zéro", "rotation zéro"], 1: ["R un", "èr un"], 2: ["R deux", "èr deux"],
           3: ["R trois", "R comme Raoul trois"]},
    "it": {0: ["erre zero", "rotazione zero"], 1: ["erre uno", "R uno"], 2: ["erre due"],
           3: ["erre tre", "R come Roma tre"]},
    "de": {0: ["R null", "Drehung null"], 1: ["Er eins", "R eins"], 2: ["Er zwei", "R zwei"],
           3: ["Er drei", "R wie Richard drei"]},
}  # fmt: skip
_BETWEEN = ["{c} {r}, {t}", "{c} {r} {t}", "{c}-{r} {t}"]


@pytest.mark.parametrize("lang", pc.LANGS)
def test_every_member_of_the_spoken_classes_is_a_move(lang: str) -> None:
    """Each way of saying the column, the row and the rotation, composed with each other: the
    notation's move."""
    for (col, forms), (row, rows), (rot, rots) in itertools.product(
        _COLUMNS[lang].items(), _ROWS[lang].items(), _ROTATIONS[lang].items()
    ):
        for c, r, t, shape in itertools.product(forms, rows, rots, _BETWEEN):
            said = shape.format(c=c, r=r, t=t)
            if "-" in shape and r.isdigit():
                continue  # "M-13" is a square of the notation (row minus 13), as written
            want = fc.read_move(f"{col}{row} R{rot}")
            assert fc.read_move(fc.spelled(said)) == want, (said, fc.spelled(said))


# words of the classes in prose, naming no move: left as written
_PROSE = [
    "We are two players at this table", "See you on Tuesday, Mike", "Merci Louis, à demain",
    "E tre ore dopo ancora niente", "Grüße an Otto, bis morgen", "I am one of three players",
    "Es war eins der besten Spiele", "Je suis en dix minutes de retard",
    "Plan B two days ago was better", "ci vediamo alle dieci", "Er war zwei Tage weg",
    "Il y a deux ou trois coups possibles", "My rotation two turns ago was bad",
    "Roma tre con gli amici", "Plan B two of us", "Otto zehn Minuten später",
]  # fmt: skip


def test_the_words_of_the_classes_in_prose_stay_prose() -> None:
    """Letter names, alphabet words and numbers in a sentence that names no move: no square and
    no rotation is made of them."""
    for said in _PROSE:
        assert not any(c.isdigit() and c not in said for c in fc.spelled(said)), (
            said,
            fc.spelled(said),
        )


# the signs a player dictates, said as words: {m} is a move said in that language
_SIGNS = {
    "fr": [("{m} point", "."), ("{m} point final", "."), ("{m} point d'exclamation", "!"),
           ("Bonjour virgule je joue {m} point", "."), ("{m} point d'interrogation", "?")],
    "it": [("{m} punto", "."), ("Ciao virgola gioco {m} punto", "."),
           ("{m} punto esclamativo", "!"), ("{m} punto interrogativo", "?")],
    "de": [("{m} Punkt", "."), ("Hallo Komma ich lege {m} Punkt", "."), ("{m} Ausrufezeichen", "!"),
           ("{m} Fragezeichen", "?")],
    "en": [("{m} full stop", "."), ("{m} period", "."), ("Hi comma {m} full stop", "."),
           ("{m} exclamation mark", "!"), ("{m} question mark", "?")],
}  # fmt: skip
_SAID_MOVE = {"fr": "M 13 R 1", "it": "emme tredici erre uno", "de": "M wie Martha 13 Komma R 1",
              "en": "Mike thirteen Romeo one"}  # fmt: skip


@pytest.mark.parametrize("lang", pc.LANGS)
def test_signs_dictated_as_words(lang: str) -> None:
    """A full stop, an exclamation or a question mark said at the end of a dictated move, and a
    comma said between words: the sign, so the move stands alone (and a question stays one)."""
    for form, sign in _SIGNS[lang]:
        out = fc.spelled(form.format(m=_SAID_MOVE[lang]))
        assert out.endswith(sign), (form, out)
        assert re.search(r"M\s*13\s*,?\s*R\s*1", out), (form, out)
    # not a sign: a word of the sentence, or a line that names no number
    for prose in ["Je suis d'accord sur ce point", "Das ist der springende Punkt",
                  "Bonne soirée point d'exclamation", "Good point, period"]:  # fmt: skip
        assert fc.spelled(prose) == prose
