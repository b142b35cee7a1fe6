"""Moves and Die Verbotene Stadt turns beside chatter on a turn mail (issue 31, fourteenth
round), each beside the neighbour a referee must ask back: asked back means nothing is carried
out.

Forbidden City: a phone-typed apology after the move with no sign between them ("O9 R2 sorry
been mad busy"; a mistake owned there asks back: "L10 R1 sorry falsch"); a question to someone
by name, by the way, or of when the players meet, in a sentence of its own ("Metto in L10 R2.
Marco, venerdì vieni al circolo?"; one of the move asks back: "Au fait, c'est bien légal ?");
a hope not to regret it ("Spero di non pentirmene").
Die Verbotene Stadt: a one-field step beside the remark that the official still stands on its
start square ("BK d'une seule case vers l'est (il est encore sur sa case de départ)"); a turn
whose later slide waits for a second move ("2. KB au sud si j'ai droit à un deuxième
mouvement"; "wenn ich keinen zweiten Zug habe" asks back); "ce tour-ci" around a slide.
"""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

FC: dict[str, list[tuple[str, str]]] = {
    "fr": [
        ("n13r2 dsl pour le retard, jetais chez ma mere", "N13 R2"),
        ("n13r2 dsl je me suis gouré", ""),
        ("Je pose en L12 R1. Julie, tu viens dimanche au club ? J'apporte le gâteau.", "L12 R1"),
        ("Je pose en L12 R1. Julie, ça te va ?", ""),
        ("L12 R1. Au fait, c'est bien légal ?", ""),
        ("Je pose en L12 R1. On se voit mardi ?", "L12 R1"),
        ("L12 R1. Ou j'attends mardi ?", ""),
    ],
    "it": [
        ("o9 r3 scusate il ritardo ero al lavoro", "O9 R3"),
        ("o9 r3 scusate ho sbagliato", ""),
        ("Gioco P10 R2. Ah, Franca, giovedì ci sei al circolo?", "P10 R2"),
        ("Gioco P10 R2. Franca, è giusto?", ""),
        ("Metto in M13 R1. Spero di non pentirmene.", "M13 R1"),
        ("Metto in M13 R1. Spero di non pentirmene, ma non giocatela ancora.", ""),
    ],
    "de": [
        ("L9 R0 sorry war die ganze Zeit unterwegs", "L9 R0"),
        ("L9 R0 sorry falsch", ""),
        ("Ich lege M13 R2. Sorry, hatte mich vertan: M13 R3.", "M13 R3"),
        ("Ich lege P12 R3. Uwe, kommst du am Freitag zum Spieleabend?", "P12 R3"),
        ("Ich lege P12 R3. Uwe, geht das so?", ""),
        ("Ich lege P12 R3. Übrigens, wann ist das nächste Clubtreffen?", "P12 R3"),
    ],
    "en": [
        ("M8 R1 sorry been snowed under at work", "M8 R1"),
        ("M8 R1 sorry wrong one", ""),
        ("M8 R1 sorry ignore that", ""),
        ("O13 R0 for me. Kate, are you coming on Saturday?", "O13 R0"),
        ("O13 R0 for me. Kate, is that allowed?", ""),
        ("O13 R0 for me. Can it wait till Saturday?", ""),
        ("O13 R0 from me. Hope I won't regret it.", "O13 R0"),
        ("O13 R0 from me. Hope I won't regret it. Actually, scrap that.", ""),
    ],
}  # fmt: skip

VS: dict[str, list[tuple[str, str]]] = {
    "fr": [
        ("KB d'une seule case vers le sud (il est encore sur sa case de départ)", "KB step S"),
        ("KB d'une seule case vers le sud ? Il est encore sur sa case de départ.", ""),
        ("KB d'une case vers le sud si il est encore sur sa case de départ", ""),
        ("1. RB au nord\n2. BK à l'est si j'ai droit à un deuxième mouvement", "RB N; BK E"),
        ("1. RB au nord\n2. BK à l'est si Marc a droit à un deuxième mouvement", ""),
        ("Ce tour-ci je fais glisser BR vers l'ouest.", "BR W"),
        ("br w excusez le retard jetais en vacances", "BR W"),
        ("br w dsl je me suis trompé", ""),
    ],
    "it": [
        ("RB fa un passo solo verso nord, è ancora sulla casella di partenza", "RB step N"),
        ("RB fa un passo solo verso nord? è ancora sulla casella di partenza", ""),
        ("1. KB a sud\n2. BR a ovest se ho una seconda mossa", "KB S; BR W"),
        ("kb s scusate il ritardo ero al mare", "KB S"),
        ("kb s scusate ho sbagliato", ""),
    ],
    "de": [
        ("BK nur ein Feld nach Osten, er steht noch auf seinem Startfeld.", "BK step E"),
        ("BK nur ein Feld nach Osten, oder steht er noch auf seinem Startfeld?", ""),
        ("1. BR nach Westen\n2. KB nach Süden, wenn ich einen zweiten Zug habe", "BR W; KB S"),
        ("1. BR nach Westen\n2. KB nach Süden, wenn ich keinen zweiten Zug habe", ""),
    ],
    "en": [
        ("RB one step north (it's still on its starting square).", "RB step N"),
        ("RB one step north, but it's not on its start square any more, is it?", ""),
        ("KB south first. Then, only if I get a second move, BR west.", "KB S; BR W"),
        ("KB south first. Then, if I don't get a second move, BR west.", ""),
    ],
}  # fmt: skip


@pytest.mark.parametrize("lang", sorted(FC))
def test_forbidden_city_moves_beside_chatter_and_their_neighbours(
    tmp_path: Path, lang: str
) -> None:
    assert pc.turn_phrases("fc", tmp_path, lang, FC[lang]) == ([], [])


@pytest.mark.parametrize("lang", sorted(VS))
def test_verbotene_stadt_turns_beside_chatter_and_their_neighbours(
    tmp_path: Path, lang: str
) -> None:
    assert pc.turn_phrases("vs", tmp_path, lang, VS[lang]) == ([], [])
