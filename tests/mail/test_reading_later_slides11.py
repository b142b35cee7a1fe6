"""A Die Verbotene Stadt turn whose later slides are named in words the reader does not read is
asked back, never played as its first slide alone (eleventh round's hold-outs: "kb sud / se i
dadi me lo permettono rb nord ovest", a turn told in sentences of officials described by their
colours, each played as its first slide only). The service counts the sentences that name a
slide (an official and a direction word, :func:`pbem.rules.verbotene_stadt.notation.slides_named`,
which the game gives through the protocol's ``moves_named``) against the slides read, counting only those after the move read that go on with the turn (lead
with "then" or name the dice): a slide named before is one the move corrects, one named in a
remark is read as before."""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

from pbem.rules import find_game
from pbem.rules.verbotene_stadt.notation import slides_named
from pbem.rules.verbotene_stadt.state import Answer, Move

PHRASES: dict[str, list[tuple[str, str]]] = {
    "en": [
        # the later slide named in words the reader does not read: asked (a9a1a67 played KB S)
        (
            "KB S.\nThen the official with the red hat and the blue body goes north and carries"
            " on to the east.",
            "",
        ),
        # read whole: the plan (the dice are the plan's own condition)
        ("KB S\nand if the dice let me, the red-blue one north", "KB S; RB N"),
        ("First the blue-hatted red official goes west. Then KB south.", "BR W; KB S"),
        ("RB N. Good luck, all!", "RB N"),
        ("RB N; BK E", "RB N; BK E"),
    ],
    "fr": [
        (
            "KB sud. Ensuite le fonctionnaire au chapeau rouge et au corps bleu monte vers le"
            " nord, puis continue vers l'est.",
            "",
        ),
        ("kb sud\net si le dé le veut bien, rb vers le nord", "KB S; RB N"),
        ("RB N. Bonne chance à tous !", "RB N"),
    ],
    "it": [
        (
            "kb sud\npoi, se i dadi lo permettono, il funzionario col cappello rosso e il corpo"
            " blu va a nord e poi a est",
            "KB S; RB N E",
        ),
        ("RB N. In bocca al lupo!", "RB N"),
    ],
    "de": [
        (
            "KB nach Süden.\nDanach schiebe ich den Beamten mit dem roten Hut und dem blauen"
            " Körper nach Norden und weiter nach Osten.",
            "KB S; RB N E",
        ),
        ("KB nach Süden.\nUnd wenn die Würfel es erlauben, danach RB nach Norden.", "KB S; RB N"),
        ("RB N. Viel Glück euch!", "RB N"),
    ],
}


@pytest.mark.parametrize("lang", sorted(PHRASES))
def test_a_later_slide_not_read_stops_the_turn(tmp_path: Path, lang: str) -> None:
    todo = [("vs:turn", text, want) for text, want in PHRASES[lang]]
    wrong, missed = pc.judge_phrases(pc.vs_stages(tmp_path, lang), lang, todo, pc.move_or_ask)
    assert (wrong, missed) == ([], [])


@pytest.mark.parametrize(
    ("text", "n"),
    [
        ("Then the black-hatted one with the blue body slides south.", 1),
        ("KB S. Danach RB nach Norden.", 2),
        ("rb n e", 1),
        ("Thanks and good luck, North.", 0),  # a seat, no official
        ("The red one is stuck.", 0),  # an official, no direction
        ("KB is on the left side.", 0),  # a side of the board alone is no slide here
    ],
)
def test_the_sentences_that_name_a_slide(text: str, n: int) -> None:
    assert len(slides_named([text])) == n


def test_the_game_names_the_later_moves_through_the_protocol() -> None:
    lines = ["KB S.", "Then the official with the red hat and the blue body goes north."]
    vs, fc = find_game("verbotene-stadt"), find_game("forbidden-city")
    # after a slide: the sentences naming a slide; after an answer to a claim, none
    assert vs.moves_named(Move(official=0, dirs=("S",)), lines) == ["KB S."] + lines[1:]
    assert vs.moves_named(Answer(doubt=True), lines) == []
    # a game whose turn is one move names none (the protocol's default)
    state = fc.setup(2, {}, 3)
    seat = fc.pending(state)[0].seat
    assert fc.moves_named(fc.legal(state, seat)[0], lines) == []
