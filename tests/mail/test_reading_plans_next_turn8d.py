"""Issue 31, last pass of the eighth round (final hold-outs): Die Verbotene Stadt's plans over
sentences, composed in the four languages (read as :mod:`reading_gen` reads them, at its
position of the game).

The classes: a plan word left alone before a condition of going on ("RB N ; ensuite, si les dés
le permettent, BR W"); a conjunction with a comma before that condition ("KB nach Süden und,
falls ich nochmal darf, BR nach Westen"); a later action said to come on the player's next turn
("RB N puis au prochain tour BK E", "RB N; e la prossima volta KB S", "jetzt BK E und beim
nächsten Mal RB N", "RB N now, and BR W on my next go"): the rules call each slide the dice give
a turn. Each with the near-misses that must still be asked back: a condition the service cannot
decide, a musing ("vielleicht", "forse", "maybe"), no action after "next turn".
"""

from __future__ import annotations

import pytest
import reading_gen as rg


def _read(lang: str, *lines: str) -> tuple[str, ...]:
    case = rg.Case(lang, "x", "vs", lines, ("ask",))
    return rg.summary(case, rg.read(case))


READ = [
    # a plan word alone before the condition of the dice
    ("fr", "Mon tour : RB N ; ensuite, si les dés le permettent, BR W.", "RB N; BR W"),
    ("de", "RB N; danach, wenn die Würfel es erlauben, BR W.", "RB N; BR W"),
    ("en", "RB N; then, if the dice allow it, BR W.", "RB N; BR W"),
    ("it", "RB N; poi, se i dadi lo permettono, BR W.", "RB N; BR W"),
    # "and," before the condition of going on
    ("de", "KB nach Süden und, falls ich nochmal darf, BR nach Westen.", "KB S; BR W"),
    ("en", "KB south and, if I get another move, BR west.", "KB S; BR W"),
    ("fr", "KB au sud et, si je peux rejouer, BR à l'ouest", "KB S; BR W"),
    ("it", "KB a sud e, se posso proseguire, BR a ovest", "KB S; BR W"),
    # the later action on the next turn the dice give
    ("fr", "RB N puis au prochain tour BK E", "RB N; BK E"),
    ("it", "RB N; e la prossima volta KB S", "RB N; KB S"),
    ("de", "jetzt BK E und beim nächsten Mal RB N.", "BK E; RB N"),
    ("de", "BK E und im nächsten Zug RB N", "BK E; RB N"),
    ("en", "RB N now, and BR W on my next go.", "RB N; BR W"),
    ("en", "RB N, then BR W next turn", "RB N; BR W"),
]

ASKED = [
    ("en", "RB N; then, if the square is free, BR W."),
    ("fr", "RB N ; ensuite, si Bea ne bouge pas, BR W."),
    ("de", "RB N; dann, falls das Feld frei ist, BR W."),
    ("en", "RB N; and then, if Bea moves again, BR W."),
    ("de", "jetzt BK E und beim nächsten Mal vielleicht RB N."),
    ("it", "RB N; e la prossima volta forse KB S"),
    ("en", "RB N now, and maybe BR W next turn"),
    ("en", "RB N now, and BR W on my next go if the square is free."),
    ("fr", "RB N puis au prochain tour BK E si la case est libre"),
    ("fr", "RB N puis au prochain tour je verrai"),
    ("en", "RB N, and next turn I'll think again"),
]


@pytest.mark.parametrize(("lang", "line", "plan"), READ)
def test_a_plan_over_sentences_is_read(lang: str, line: str, plan: str) -> None:
    assert _read(lang, line) == ("move", plan)


@pytest.mark.parametrize(("lang", "line"), ASKED)
def test_a_later_action_the_service_cannot_decide_is_asked(lang: str, line: str) -> None:
    got = _read(lang, line)
    assert "move" not in got, got  # never half played
