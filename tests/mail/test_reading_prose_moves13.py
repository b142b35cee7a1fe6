"""Moves and Die Verbotene Stadt turns written inside prose (issue 31, thirteenth round), each
beside the neighbour a referee must ask back (or leave alone): asked back means nothing is
carried out.

Forbidden City: the square in a sentence and its rotation in words, then a remark ("Tile on N13,
turned half way round, and hoping for the best", "Questa volta la piazzo in M13 con mezzo giro,
poi vediamo cosa fate voi", "... Mal sehen, was ihr daraus macht"), or corrected after an
ellipsis ("Je pose en M13 avec un quart de tour... non, plutôt un demi-tour").
Die Verbotene Stadt: a slide told with a verb, then a remark ("Je fais descendre KB vers le sud
et on croise les doigts": "Je fais descendre KB" already reads as KB S, the rest is still the
slide's); the Italian "e" after a direction in words before a remark ("KB a sud e incrociamo le
dita": "and", not east); a turn told in sentences ("Ich fange mit KB nach Süden an, dann RB nach
Norden"; a plan's last slide, then a remark); a slide restated with more detail, the slide
meant, never a second slide ("BR west. Well, to be exact: BR west and then south"; "RB nach
Norden, dann RB nach Norden und weiter nach Westen" asks back: it was RB N; RB N W).
"""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

FC: dict[str, list[tuple[str, str]]] = {
    "fr": [
        ("Je pose en M13 avec un quart de tour... non, plutôt un demi-tour.", "M13 R2"),
        ("Je pose en M13 avec un quart de tour... non, plutôt pas.", ""),
        ("Si je pose ma tuile en N9 avec un demi-tour, est-ce que je ferme la salle ?", ""),
    ],
    "it": [
        ("Questa volta la piazzo in M13 con mezzo giro, poi vediamo cosa fate voi.", "M13 R2"),
        ("Questa volta la piazzo in M13 con mezzo giro, poi vediamo cosa ne pensate.", ""),
        ("Se metto la tessera in P12 girata di un quarto chiudo la stanza di Marco?", ""),
    ],
    "de": [
        ("Ich lege meine Karte auf P10, um eine Dreivierteldrehung gedreht. Mal sehen, was ihr "
         "daraus macht.", "P10 R3"),
        ("Ich hau das Ding jetzt einfach auf L10 R1, mal schauen was Klaus dazu sagt", ""),
        ("Wenn ich meine Karte auf P10 lege, dreiviertel gedreht, schließe ich dann den Raum?", ""),
    ],
    "en": [
        ("Right, I'm putting my tile on N13, turned half way round, and hoping for the best.",
         "N13 R2"),
        ("If I put my tile on N13 turned half way round, does that close Mia's room?", ""),
        ("L10 R1, let's see what you do", "L10 R1"),
        ("L10 R1, let's see what Tom thinks", ""),
    ],
}  # fmt: skip

VS: dict[str, list[tuple[str, str]]] = {
    "fr": [
        ("Je fais descendre KB vers le sud et on croise les doigts.", "KB S"),
        ("Je fais descendre KB vers le sud, ou c'est trop risqué ?", ""),
        ("RB vers le nord. Enfin, plus précisément : RB vers le nord puis vers l'ouest.",
         "RB N W"),
        ("KB au sud ; KB au sud puis à l'est", ""),
        ("RB vers le nord. Enfin, plus précisément : pas de mouvement.", ""),
    ],
    "it": [
        ("KB a sud e incrociamo le dita", "KB S"),
        ("KB a sud o incrociamo le dita e aspettiamo?", ""),
        ("KB S e incrociamo le dita", ""),
        ("KB a sud e poi a est", "KB S E"),
        ("KB a sud. Anzi, per essere precisi: KB a sud e poi a est.", "KB S E"),
        ("BK a est, poi KB a sud e incrociamo le dita.", "BK E; KB S"),
        ("BK a est, poi KB S e incrociamo le dita.", ""),
    ],
    "de": [
        ("Ich fange mit KB nach Süden an, dann RB nach Norden, wenn die Würfel mitspielen.",
         "KB S; RB N"),
        ("Ich fange mit KB nach Süden an, dann RB nach Norden? Oder lieber umgekehrt?", ""),
        ("BK nach Osten. Genauer gesagt: BK nach Osten und dann nach Norden.", "BK E N"),
        ("RB nach Norden, dann RB nach Norden und weiter nach Westen.", ""),
    ],
    "en": [
        ("BR west. Well, to be exact: BR west and then south.", "BR W S"),
        ("RB north, then RB east.", "RB N; RB E"),
        ("Should I start with BR to the west, then KB to the south? Or the other way round?", ""),
    ],
}  # fmt: skip


@pytest.mark.parametrize("lang", sorted(FC))
def test_forbidden_city_moves_in_prose_and_their_neighbours(tmp_path: Path, lang: str) -> None:
    assert pc.turn_phrases("fc", tmp_path, lang, FC[lang]) == ([], [])


@pytest.mark.parametrize("lang", sorted(VS))
def test_verbotene_stadt_turns_in_prose_and_their_neighbours(tmp_path: Path, lang: str) -> None:
    assert pc.turn_phrases("vs", tmp_path, lang, VS[lang]) == ([], [])
