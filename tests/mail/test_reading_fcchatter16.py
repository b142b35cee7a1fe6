"""One Forbidden City move among chatter (issue 31, sixteenth round), each beside the neighbour a
referee must ask back: asked back means nothing is carried out.

The words around a move are an open class; what makes them dangerous is a closed one
(:mod:`pbem.commands.chatter`): a question of the move, a take-back or correction, a condition,
a doubt, another choice or code, a preview, our example, another game, a short negation. So the
chatter here is of all kinds (to another player by name, about another game, who was consulted,
"ta", a remark in brackets) and each neighbour is the same chatter with one danger.
"""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

from pbem.commands import chatter

FC: dict[str, list[tuple[str, str]]] = {
    "fr": [
        ("O13 R1. Et Bernard, arrête de râler, c'est le jeu.", "O13 R1"),
        ("O13 R1. Et puis non, attends, pas ça.", ""),
        ("après avoir demandé à ma fille (elle joue aussi) : P10 R1.", "P10 R1"),
        ("après avoir demandé à ma fille : P10 R1 ? elle n'est pas sûre.", ""),
        ("M13 R2 (Jacqueline, désolée pour la salle, c'est le jeu)", "M13 R2"),
        ("M13 R2 (peut-être, je ne suis pas sûre)", ""),
        ("m13r3 peutetre jsp", ""),
        ("M13 R1. Au fait, quelqu'un a des nouvelles de Paul ?", "M13 R1"),
        ("M13 R1. Le vrai coup suit demain, je confirmerai.", ""),
    ],
    "it": [
        ("O9 R2. E no, Paolo, non ero d'accordo e lo sai.", "O9 R2"),
        ("O9 R2. Anzi no, aspetta.", ""),
        ("l12r1 grz", "L12 R1"),
        ("l12r1 forse", ""),
        ("Gioco N13 R3, stasera sono cotto, scusate il ritardo", "N13 R3"),
        ("Gioco N13 R3 qui, se la N13 è ancora libera", ""),
        ("M13 R1. A proposito, chi porta le birre giovedì?", "M13 R1"),
        ("M13 R1. Paolo, va bene così?", ""),
    ],
    "de": [
        ("O13 R3. Und Petra, du brauchst gar nicht zu schimpfen, das Zimmer gehört jetzt mir.",
         "O13 R3"),
        ("O13 R3. Nein, doch nicht.", ""),
        ("n9r2 danke dir", "N9 R2"),
        ("n9r2 vielleicht", ""),
        ("L11 R1 – die Vorschau hat mich überzeugt, danke dafür", "L11 R1"),
        ("L11 R1 – oder soll ich erst eine Vorschau machen?", ""),
        ("M13 R1 (eigentlich wollte ich M13 R0, bin mir aber unsicher)", ""),
        ("L11 R1 – ist für die andere Partie", ""),
    ],
    "en": [
        ("N13 R0. And no, Gary, we never agreed on that.", "N13 R0"),
        ("N13 R0. No, not that, sorry.", ""),
        ("o9r1 cheers", "O9 R1"),
        ("o9r1 or not", ""),
        ("Playing L12 R1 here, I'll get to the other game after lunch, swamped right now",
         "L12 R1"),
        ("Playing L12 R1 here, unless somebody took L12 already", ""),
        ("O13 R2. By the way, are you coming to the club on Thursday?", "O13 R2"),
        ("O13 R2. By the way, is that even allowed?", ""),
        ("L11 R0 was Bea's", ""),
    ],
}  # fmt: skip


@pytest.mark.parametrize("lang", sorted(FC))
def test_one_move_among_chatter_and_its_dangerous_neighbours(tmp_path: Path, lang: str) -> None:
    assert pc.turn_phrases("fc", tmp_path, lang, FC[lang]) == ([], [])


@pytest.mark.parametrize(
    ("part", "lang"),
    [
        ("Und nein, Klaus, das war nicht abgesprochen.", "de"),
        ("Marisa, non guardarmi così, lo so che quella stanza la volevi tu", "it"),
        ("I'll answer the Verbotene Stadt game tomorrow morning, too tired now", "en"),
        ("Übrigens, hat jemand Lust auf ne Partie am echten Brett?", "de"),
        ("die Vorschau von gestern hat mich überzeugt", "de"),
        ("ta", "en"),
    ],
)
def test_chatter_carries_no_danger(part: str, lang: str) -> None:
    assert chatter.danger(part, lang) is None


@pytest.mark.parametrize(
    ("part", "lang"),
    [
        ("Und nein.", "de"),  # a short negation points back at the move
        ("doch nicht", "de"),
        ("pas ça", "fr"),
        ("non, aspetta", "it"),
        ("no wait", "en"),
        ("ptet", "fr"),  # a doubt as it is typed
        ("vllt", "de"),
        ("se Paolo è d'accordo", "it"),  # a condition
        ("falls Klaus nichts dagegen hat", "de"),
        ("is that ok?", "en"),  # a question of the move
        ("l'aperçu d'abord", "fr"),  # a preview wanted now
        ("comme dans votre exemple", "fr"),  # our example
        ("Klaus meint, R2 wäre besser", "de"),  # another code
        ("c'est pour l'autre partie", "fr"),  # another game
        ("je confirmerai demain", "fr"),
        ("la prochaine fois", "fr"),  # another turn
        ("let's see what Tom thinks", "en"),  # an opinion awaited
    ],
)
def test_a_danger_beside_the_move(part: str, lang: str) -> None:
    assert chatter.danger(part, lang) is not None


def test_a_doubt_however_typed_leaves_the_move_unsettled() -> None:
    assert chatter.unsettled("peutetre jsp")
    assert chatter.unsettled("bin mir aber nicht sicher")
    assert not chatter.unsettled("dsl du retard jetais au boulot")
