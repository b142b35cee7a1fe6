"""Moves written inside prose (issue 31, twelfth round), both games, each beside the neighbour a
referee must ask back (or leave alone): asked back means nothing is carried out.

Forbidden City: a move, then wishes to everyone or approval ("L12 R2 grazie e buona serata a
tutti"); the mail's example taken ("P10 R0 comme dans votre exemple"), or copied and edited ("J'ai
recopié la ligne d'exemple M8 R1 et j'ai seulement changé la rotation : M8 R2"); a lead-in of the
season's last game or of not giving up ("Dernière ligne droite de la saison, je ne lâche rien :
N13 R2"); a greeting of the morning or a sign-off of tomorrow ("Guten Morgen zusammen, P10 R2");
a correction by the Italian "anzi no" without commas ("P10 R1 anzi no P10 R3").
Die Verbotene Stadt: someone else's or an earlier slide remarked on, then the player's own ("Saw
Priya's RB north yesterday, nice. bk east south from me"); a slide in words, then a remark with no
sign between ("kb nach süden bin grad im zug lg"), its elisions typed without the apostrophe
("bk juste d une case vers l est"); words of being unsure after a correction
("kb nach süden oder doch br nach westen, bin unsicher" played BR W before).
"""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

from pbem.mail.reply import denies, is_filler

FC: dict[str, list[tuple[str, str]]] = {
    "fr": [
        ("O9 R0 merci et bonne soirée à tous", "O9 R0"),
        ("O9 R0 ne me convient pas du tout", ""),
        ("P10 R0 comme dans votre exemple, ça me convient", "P10 R0"),
        ("P10 R0 comme dans votre exemple ? Je n'ai pas compris", ""),
        ("Je prends simplement votre exemple : M8 R1", "M8 R1"),
        ("Votre exemple M8 R1 n'est pas clair pour moi", ""),
        ("J'ai recopié la ligne d'exemple M8 R1 et changé la rotation : M8 R2.", "M8 R2"),
        ("Votre exemple M8 R1 ou bien : M8 R2.", ""),
        ("Dernière manche du tournoi, je ne lâche rien : O13 R2.", "O13 R2"),
        ("La dernière fois j'ai joué : O13 R2.", ""),
        ("N13 R0, à demain tout le monde", "N13 R0"),
        ("Demain je jouerai N13 R0", ""),
    ],
    "it": [
        ("L10 R3 grazie e buona notte a tutti", "L10 R3"),
        ("L10 R3 grazie, ma ci penso ancora un attimo", ""),
        ("P12 R2 come nel vostro esempio, mi sta bene", "P12 R2"),
        ("Il vostro esempio P12 R2 non mi piace", ""),
        ("Ultima partita del campionato, non mollo: L12 R1.", "L12 R1"),
        ("L'ultima volta ho giocato: L12 R1.", ""),
        ("O13 R1, a domani!", "O13 R1"),
        ("Domani gioco O13 R1", ""),
        ("P10 R1 anzi no P10 R3", "P10 R3"),
        ("O9 R1 anzi no O9 R0, o forse no", ""),
    ],
    "de": [
        ("O13 R2 danke und schönen Abend euch allen", "O13 R2"),
        ("O13 R2 danke, aber ich überlege noch", ""),
        ("Ich nehme einfach das Beispiel aus eurer Mail: P12 R2", "P12 R2"),
        ("Euer Beispiel M8 R1 verstehe ich nicht", ""),
        ("Letztes Spiel der Saison, also: N13 R3.", "N13 R3"),
        ("Letztes Mal hatte ich gespielt: N13 R3.", ""),
        ("Guten Morgen allerseits, L12 R3. Bin heute Abend wieder online.", "L12 R3"),
        ("Morgen spiele ich L12 R3.", ""),
        ("Ich hau das Ding jetzt einfach auf L10 R1, mal schauen was passiert", "L10 R1"),
        ("Ich hau das Ding jetzt einfach auf L10 R1, mal schauen was Klaus dazu sagt", ""),
    ],
    "en": [
        ("N13 R1 cheers and have a good evening everyone", "N13 R1"),
        ("N13 R1 cheers, but let me think about it overnight", ""),
        ("P12 R2 like in your example, suits me fine", "P12 R2"),
        ("Your example P12 R2 is illegal, isn't it?", ""),
        ("I copied your example line P12 R2 and edited it to what I actually want: O13 R3.",
         "O13 R3"),
        ("Your example P12 R2 is better than what I had in mind: O13 R3.", ""),
        ("Last game of the league and I'm one point behind, so here goes: M13 R3.", "M13 R3"),
        ("Last time I played: M13 R3.", ""),
    ],
}  # fmt: skip

VS: dict[str, list[tuple[str, str]]] = {
    "fr": [
        ("J'ai vu que Paul a joué BK est hier, bien vu. Moi je fais KB sud.", "KB S"),
        ("Paul a joué BK est hier. Je fais pareil ?", ""),
        ("kb vers le sud et on croise les doigts", "KB S"),
        ("kb vers le sud ou bk vers l'est, je ne sais pas", ""),
        ("bk juste d une case vers l est", "BK step E"),
        ("bk juste d une case vers l est ?", ""),
    ],
    "it": [
        ("ho visto che Marco ha giocato BK est, bravo. io faccio RB nord", "RB N"),
        ("ho visto che Marco ha giocato BK est, bravo.", ""),
        ("ieri ho giocato RB nord. oggi forse KB sud", ""),
        ("Ho copiato l'esempio BK E N e ho cambiato l'ultima lettera: BK E S.", "BK E S"),
        ("BK E N anzi no BK E S", "BK E S"),
    ],
    "de": [
        ("Jan hat mit RB Nord angefangen, mutig 😄 ich mache kb süd", "KB S"),
        ("Gestern hat Jan BK Ost gespielt. Soll ich RB nach Norden ziehen", ""),
        ("kb nach süden bin grad im zug lg", "KB S"),
        ("kb nach süden oder doch br nach westen, bin unsicher", ""),
    ],
    "en": [
        ("Saw Anna's KB south last night, bold. br west from me", "BR W"),
        ("Saw Anna's KB south last night, bold.", ""),
        ("Let's do RB north. BK east too.", ""),
        ("kb south then east maybe", ""),
    ],
}


@pytest.mark.parametrize("lang", sorted(FC))
def test_forbidden_city_moves_in_prose_and_their_neighbours(tmp_path: Path, lang: str) -> None:
    assert pc.turn_phrases("fc", tmp_path, lang, FC[lang]) == ([], [])


@pytest.mark.parametrize("lang", sorted(VS))
def test_verbotene_stadt_slides_in_prose_and_their_neighbours(tmp_path: Path, lang: str) -> None:
    assert pc.turn_phrases("vs", tmp_path, lang, VS[lang]) == ([], [])


def test_a_greeting_of_the_morning_or_tomorrow_denies_nothing() -> None:
    assert is_filler(["Guten", "Morgen", "zusammen"])
    assert not denies(["à", "demain", "tout", "le", "monde"])
    assert denies(["Morgen", "spiele", "ich"])  # the move for tomorrow
    assert denies(["demain", "je", "jouerai"])
    assert denies(["bin", "unsicher"])
