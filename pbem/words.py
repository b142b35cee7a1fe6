"""The small closed classes of words that both readers of a player's text share, in the four
languages (en, fr, it, de): the reply reader (``pbem/commands``) and the games' own notations
(``pbem/rules/*/notation.py``), which may not import the commands (docs/ARCHITECTURE.md's layers).
One owner for each class, so that a word added here is heard by every reader at once (issue 31).

Words are lower case; the readers compare them folded with ``casefold()`` and, where a reader
strips accents first, this module lists both spellings.
"""

from __future__ import annotations

import functools
import re

THEREFORE = frozenset({
    "so", "therefore", "thus", "hence",
    "donc", "alors", "ainsi",
    "quindi", "dunque", "perciò", "percio", "pertanto",
    "also", "daher", "deshalb", "somit", "folglich", "darum", "deswegen",
})  # fmt: skip
"""The words of a conclusion: what follows them is drawn from what came before ("M13 R1 wäre
blöd, also L12 R3", "donc RB step N", "quindi stavolta N9 R3")."""

THEN = frozenset({"then", "allora", "dann"})
"""The words that are "then" as often as "so": a conclusion only where a sentence starts with
one ("Dann N9 R3"), never where they may order two things."""

NAMELY = frozenset({"i.e", "ie", "namely", "soit", "cioè", "cioe", "d.h", "sprich"})
"""The words that say the same thing again in other words ("RB two fields north, i.e. RB N")."""

RESTATE = THEREFORE | NAMELY
"""The words that make what follows the same as what was just said ("RB fa un passo solo verso
nord. Quindi RB step N.")."""

_NEGATIONS = r"(?:pas|plus|jamais|rien|personne|point|guère|guere)(?![\w'’])"
_WORD = rf"(?!{_NEGATIONS})(?!qu(?:e(?![\w'’])|['’]))[^\W\d_]+"
_NE_QUE = re.compile(
    rf"(?i)(?<![\w'’])n(?:e\s+|['’]\s*)(?P<verb>(?:[^\W\d_]['’]\s*)?{_WORD}(?:\s+{_WORD})?)"
    r"\s+qu(?:e(?![\w'’])\s*|['’]\s*)"
)
"""French "ne" (or "n'"), the verb (with "s'" or "y" and one more word: "ne serai là que"), then
"que" (or "qu'")."""


@functools.cache
def _ne_que(before: str) -> re.Pattern[str]:
    return re.compile(f"{_NE_QUE.pattern}(?={before})") if before else _NE_QUE


def only_said(text: str, before: str = "") -> str:
    """The text with the French "ne ... que" ("only") said without it, so that its "ne" denies
    nothing: "je ne rentre que dimanche" -> "je rentre dimanche", "RB ne fait qu'un pas" -> "RB
    fait un pas", "je ne serai là que lundi" -> "je serai là lundi". *before*, a pattern, limits it
    to an "only" before those words (the Die Verbotene Stadt notation's "qu'un pas"). "ne ... pas
    que" ("not only") and "ne ... plus que" keep their denial."""
    return _ne_que(before).sub(lambda m: f"{m['verb']} ", text)
