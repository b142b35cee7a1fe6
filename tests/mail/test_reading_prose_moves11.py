"""Forbidden City moves in prose (issue 31, eleventh round; :mod:`pbem.commands.copies`): a game
named by its id around a move, and a question answered by the player's own "no" before a move.

"Pour la partie fc-7k3q (celle du jeudi, pas celle avec les cousins) : N9 R3": the id of the
game the reply answers, with the player's words on which game it is, is this game named, and
the move after it is read. Another id ("fc-9m2x": another game of the player's) is another game:
its move is asked back, never played here, with or without the words on which game it is. The
corpus writes the game's own id as ``fc-7k3q`` (:data:`player_corpus.OWN_ID`), the judge puts the
id of the game played there.
"""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

from pbem import i18n
from pbem.commands.copies import other_game, this_game, uncopied

PHRASES: dict[str, list[tuple[str, str]]] = {
    "fr": [
        ("Pour la partie fc-7k3q (celle du jeudi, pas celle avec les cousins) : N9 R3.", "N9 R3"),
        ("Pour la partie fc-9m2x (celle du jeudi, pas celle avec les cousins) : N9 R3.", ""),
        ("Pour la partie fc-9m2x (celle avec Paul) : N9 R3.", ""),
        ("Partie FC-7K3Q : L12 R1.", "L12 R1"),
    ],
    "it": [
        ("per la partita fc-7k3q (quella del circolo, non quella con mio cognato): P11 R3.",
         "P11 R3"),
        ("per la partita fc-9m2x (quella con Franca): P11 R3.", ""),
        ("Nella partita fc-9m2x gioco P11 R3, qui aspetto.", ""),
    ],
    "de": [
        ("für fc-7k3q (die Stammtisch-Partie, nicht die mit Sabines Kollegen): L10 R0.", "L10 R0"),
        ("für fc-9m2x (die Stammtisch-Partie): L10 R0.", ""),
        ("In fc-9m2x habe ich gestern P12 R0 gelegt, hier lege ich L12 R1.", "L12 R1"),
    ],
    "en": [
        ("For fc-7k3q (the club game, not the one with my brother-in-law): P10 R2.", "P10 R2"),
        ("For fc-9m2x (the club game): P10 R2.", ""),
        ("fc-9m2x: P10 R2", ""),
        ("For fc-7k3q, not fc-9m2x: P10 R2.", "P10 R2"),
    ],
}  # fmt: skip


@pytest.mark.parametrize("lang", sorted(PHRASES))
def test_a_game_named_by_its_id_is_this_game_or_another(tmp_path: Path, lang: str) -> None:
    assert pc.turn_phrases("fc", tmp_path, lang, PHRASES[lang]) == ([], [])


def test_an_id_is_another_game_unless_it_is_the_one_read() -> None:
    line = "For fc-7k3q (the club game): P10 R2"
    with i18n.speaking("en"):
        assert other_game(line) == "P10 R2"  # the game read not known: another game
        with this_game("fc-9m2x"):
            assert other_game(line) == "P10 R2"
        with this_game("fc-7k3q"):
            assert other_game(line) is None
        # an offer's id is no game's
        with this_game("fc-7k3q"):
            assert other_game("JOIN o-fc-3a9c: P10 R2") is None


ANSWERED: dict[str, list[tuple[str, str]]] = {
    "fr": [
        ("Le M13 de Paul ? Non, cette fois c'est moi qui le prends : M13 R1.", "M13 R1"),
        ("Trop risqué ?\nNon : L12 R1.", "L12 R1"),
        ("M13 R1 ? Non, plutôt M13 R3 ou L10 R2.", ""),
    ],
    "it": [
        ("la solita M13 di Franco? No, stavolta la prendo io: M13 R1.", "M13 R1"),
        ("la solita M13 di Franco?\nNo, stavolta la prendo io: M13 R1.", "M13 R1"),
        ("la solita M13 di Franco? No, non stavolta: L10 R2.", ""),
    ],
    "de": [
        ("Das übliche P12 von Klaus? Nein, diesmal nehme ich es: P12 R2.", "P12 R2"),
        ("Das übliche P12 von Klaus? Nein, nicht diesmal: P12 R2.", ""),
        ("P12 R0? Nein, P12 R2? Oder L10 R2?", ""),
    ],
    "en": [
        ("Bob's usual M13?\nNo, this time I'm taking it: M13 R3.", "M13 R3"),
        ("Bob's usual M13? No, and Bob played M13 R3 yesterday.", ""),
        ("Is M13 R1 still legal? No, so M13 R3.", ""),
    ],
}


@pytest.mark.parametrize("lang", sorted(ANSWERED))
def test_a_question_answered_no_before_the_move(tmp_path: Path, lang: str) -> None:
    assert pc.turn_phrases("fc", tmp_path, lang, ANSWERED[lang]) == ([], [])


def test_only_a_question_without_a_whole_move_is_answered() -> None:
    def legal(text: str) -> object:
        return text

    with i18n.speaking("en"):
        assert uncopied(["Bob's M13?", "No, mine: M13 R3"], legal, {}) == ["", "mine: M13 R3"]
        assert uncopied(["M13 R1?", "No, M13 R3"], legal, {}) == ["M13 R1?", "No, M13 R3"]
        assert uncopied(["Bob's M13? No: M13 R3 or L10 R2"], legal, {}) == [
            "Bob's M13? No: M13 R3 or L10 R2"
        ]
