"""The answered mail's own text worked on, and other games named around a move (issue 31, tenth
round; :mod:`pbem.commands.copies`).

Our list of examples copied with one line marked ("O13 R1   <-- celui-ci", "M8 R1   <- R2
instead"), our turn sentence with the move filled in ("À vous (mauve) : posez votre tuile : M8
R2"), the one line of the list kept ("    P10 R1" above "(insgesamt 42 erlaubte Züge.)"), this
game named before its move, another game's move set aside, a remark to another player by name:
read as the move meant. Their neighbours (a list with no mark or two, a mark that asks or
denies, a move for the other game, a remark that agrees with the other player and says no) are
asked back or read as nothing, never played. Each reply is read as the service reads it, against
the real turn mail of Forbidden City in its language (:mod:`player_corpus`).
"""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

from pbem import i18n
from pbem.commands.copies import other_game, uncopied
from pbem.rules.base import RuleError

LIST = "    L10 R0\n    L12 R2\n    M8 R1\n    O13 R1\n    P10 R1"

PHRASES: dict[str, list[tuple[str, str]]] = {
    "fr": [
        (LIST.replace("M8 R1", "M8 R1   <-- celui-là"), "M8 R1"),
        (LIST.replace("O13 R1", "O13 R1   <-- plutôt R2"), "O13 R2"),
        (
            LIST.replace("L12 R2", "L12 R2 <-- celui-ci").replace(
                "O13 R1", "O13 R1 <-- ou celui-ci"
            ),
            "",
        ),
        ("À vous (mauve)\u00a0: posez votre tuile\u00a0: O13 R3", "O13 R3"),
        ("    P10 R1\n(42 coups possibles en tout.)", "P10 R1"),
        ("Dans l'autre partie j'ai joué P12 R0 hier, ici je joue M13 R2.", "M13 R2"),
        ("C'est pour l'autre partie : L12 R1", ""),
        ("L12 R1 -- Paul, tu as raison, pas ça.", ""),
    ],
    "it": [
        (LIST.replace("P10 R1", "P10 R1   <== questa qui"), "P10 R1"),
        (LIST.replace("M8 R1", "M8 R1    <-- non questa"), ""),
        ("Tocca a voi (viola): piazzate la vostra tessera in L10 R2.", "L10 R2"),
        ("Piazzate la vostra tessera, per esempio M8 R1, P10 R0, P12 R2.", ""),
        ("Partita FC: L11 R0. Partita VS: aspetto ancora il mio turno.", "L11 R0"),
        ("Questo per l'altra partita: P10 R0", ""),
        ("P10 R2. Marco, smettila, in questo gioco non ci sono nemmeno i dadi.", "P10 R2"),
    ],
    "de": [
        (LIST.replace("L12 R2", "L12 R2   <- lieber R1"), "L12 R1"),
        (LIST.replace("L12 R2", "L12 R2   <- geht der?"), ""),
        ("Sie sind am Zug (lila): legen Sie Ihr Plättchen: N13 R0", "N13 R0"),
        ("    P10 R1\n(insgesamt 42 erlaubte Züge.)", "P10 R1"),
        ("    O13 R1\n    P10 R1\n(insgesamt 42 erlaubte Züge.)", ""),
        (
            "Gilt für die Partie mit Jonas (Forbidden City), nicht für die Verbotene Stadt: M13 R1.",
            "M13 R1",
        ),
        ("In der anderen Partie habe ich gestern P12 R0 gelegt, hier lege ich L12 R1.", "L12 R1"),
        ("Das ist für die andere Partie: L12 R1", ""),
        ("Für die Verbotene Stadt: M13 R1", ""),
        ("P11 R3 – und Klaus, dein „todsicherer Tipp“ von letzter Woche war Mist.", "P11 R3"),
        ("P11 R3 – Klaus, du hast recht, nicht so.", ""),
    ],
    "en": [
        (LIST.replace("L10 R0", "L10 R0   <- R3 instead"), "L10 R3"),
        (LIST.replace("M8 R1", "M8 R1   <- R2 instead?"), ""),
        (LIST, ""),
        ("Your turn (purple): place your tile: P12 R3", "P12 R3"),
        ("Your turn (purple): place your tile, e.g. M8 R1, P10 R0, P12 R2.", ""),
        ("FC game (the Knizia one with Dave and Sue): L12 R1.\nVS game: still waiting.", "L12 R1"),
        ("In the other game I'll play O9 R2 next.", ""),
        ("Regarding the other game: L12 R1.", ""),
        ("My wife means I should play P10 R0, but I take O9 R3.", "O9 R3"),
        ("My wife says I should play P10 R0. What do you think, Dave?", ""),
    ],
}


@pytest.mark.parametrize("lang", sorted(PHRASES))
def test_our_text_worked_on_and_other_games_are_read_as_meant(tmp_path: Path, lang: str) -> None:
    todo = [("fc:turn", text, want) for text, want in PHRASES[lang]]
    wrong, missed = pc.judge_phrases(pc.fc_stages(tmp_path, lang), lang, todo, pc.move_or_ask)
    assert (wrong, missed) == ([], [])


def _legal(text: str) -> object:
    if text not in {"L10 R0", "L12 R2", "M8 R1", "M8 R2", "O13 R1", "P10 R1"}:
        raise RuleError(text)
    return text


LISTS = {"list": ["L10 R0", "L12 R2", "M8 R1", "O13 R1", "P10 R1"]}


def test_a_marked_line_is_read_only_among_our_examples() -> None:
    """The other lines must be the mail's own examples; a line of the player's own beside the
    mark leaves the reply as it was (it is then asked back)."""
    marked = ["L10 R0", "M8 R1 <- R2 instead", "P10 R1"]
    with i18n.speaking("en"):
        assert uncopied(marked, _legal, LISTS) == ["M8 R2"]
        assert uncopied(["P12 R3", "M8 R1 <- this one"], _legal, LISTS) == [
            "P12 R3",
            "M8 R1 <- this one",
        ]
        # no fingerprint, the examples unknown; or the move the arrow makes not legal: the line
        # is written as the move it makes, marked, and read as such only among lines of our
        # list as they were (grammar's _marked_choice), else asked back
        assert uncopied(marked, _legal, {}) == ["L10 R0", "M8 R2 <-", "P10 R1"]
        assert uncopied(["M8 R1 <- R3 instead"], _legal, LISTS) == ["M8 R3 <-"]


def test_a_move_for_another_game_is_named() -> None:
    with i18n.speaking("de"):
        assert other_game("Für die andere Partie: L12 R1") == "L12 R1"
        assert other_game("In der anderen Partie nicht, hier: L12 R1") is None
        assert other_game("Forbidden City, nicht die Verbotene Stadt: L12 R1") is None
