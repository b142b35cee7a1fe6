"""Forbidden City moves as players write them around a move (issue 31, fifteenth round), each
beside the neighbour a referee must ask back: asked back means nothing is carried out.

- a modest verdict on the player's own move after a dash or a comma, its negation denying
  nothing ("M8 R1 - pas terrible mais bon", "L10 R0 - not pretty but it'll do"; the phrases
  are ``harmless`` in ``pbem/mail/data/courtesy.toml``); a verdict beside a doubt or another
  move still asks;
- a word of waiting used as a noun ("sorry for the wait, lab report due"), never the
  interjection that takes the move back ("M8 R1 - wait, wrong game");
- a phone-typed apology said after the chatter ("L10 R2 jsuis en amphi dsl"), the player's own
  past in it ("désolé du retard j'avais partiel");
- "let's see whether" of what the game brings ("on verra bien si Rouge me pique la salle"),
  never of an opinion awaited ("on verra si Paul est d'accord");
- a move weighed and declined in a sentence of its own beside the move chosen ("J'ai
  longtemps hésité avec P12 R2 mais finalement non");
- someone else's move named by a possessive ("Chapeau à Martine pour son P12 R2. Pour ma part
  ce sera N9 R2, en espérant que ça tienne").
"""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

FC: dict[str, list[tuple[str, str]]] = {
    "fr": [
        ("P10 R1 - pas génial mais bon, faute de mieux", "P10 R1"),
        ("P10 R1 - pas génial, je préfère P10 R2 en fait", "P10 R2"),
        ("P10 R1 - pas génial, ou alors P10 R2 ?", ""),
        ("o9 r2 jsuis dans le bus dsl", "O9 R2"),
        ("o9 r2 autre partie dsl", ""),
        ("M13 R3 désolé du retard j'avais la grippe", "M13 R3"),
        ("L12 R0, on verra bien si Jaune me bloque au prochain tour", "L12 R0"),
        ("L12 R0, on verra si Paul est d'accord", ""),
        ("Je joue N13 R2. J'ai longtemps hésité avec O9 R1 mais finalement non, trop risqué.",
         "N13 R2"),
        ("Je joue N13 R2. J'ai longtemps hésité avec N13 R2 mais finalement non.", ""),
        ("Bravo à Paul pour son O13 R0. Pour ma part ce sera M8 R2, en espérant que ça tienne.",
         "M8 R2"),
        ("Bravo à Paul pour son O13 R0. Pour ma part M8 R2 ou M8 R1, je ne sais pas.", ""),
    ],
    "it": [
        ("L12 R3 - non è il massimo ma va bene così", "L12 R3"),
        ("L12 R3 - non è il massimo, ci penso ancora", ""),
        ("n13 r0 ero in riunione scusate", "N13 R0"),
        ("n13 r0 era per l'altra partita scusate", ""),
        ("P12 R1, poi vediamo chi ride per ultimo", "P12 R1"),
        ("P12 R1, vediamo se Franca è d'accordo", ""),
        ("Il tuo O13 R0 mi ha spiazzato. Io metto L10 R2, sperando che basti.", "L10 R2"),
        ("Il tuo O13 R0 mi ha spiazzato. Io metto L10 R2 o L10 R3, boh.", ""),
    ],
    "de": [
        ("M13 R0 – nicht berauschend, aber besser als nichts", "M13 R0"),
        ("M13 R0 – nicht berauschend, oder doch lieber M13 R1?", ""),
        ("P11 R2, mal sehen ob das reicht", "P11 R2"),
        ("P11 R2, mal sehen ob Klaus einverstanden ist", ""),
        ("Ich lege L9 R1. Ich hatte erst an P12 R0 gedacht, aber das hilft nur Rot.", "L9 R1"),
        ("Dein O13 R0 war fies, Jens. Ich lege N9 R3.", "N9 R3"),
        ("Dein O13 R0 war fies, Jens. Ich lege N9 R3 oder N9 R2.", ""),
    ],
    "en": [
        ("N9 R2 - not the prettiest but better than nothing", "N9 R2"),
        ("N9 R2 - not the prettiest, let me think again", ""),
        ("P10 R3 sorry for the wait, exams all week", "P10 R3"),
        ("P10 R3 - wait, wrong game", ""),
        ("O9 R0 - not my finest, but it keeps the garden", "O9 R0"),
        ("O9 R0, what a move by Sue!", ""),
        ("Your M13 R1 was sneaky, Dave. I'll go L12 R2, hoping it holds.", "L12 R2"),
        ("Your M13 R1 was sneaky, Dave. L12 R2 or L12 R3, not sure.", ""),
    ],
}  # fmt: skip


@pytest.mark.parametrize("lang", sorted(FC))
def test_forbidden_city_moves_written_around_a_move_and_their_neighbours(
    tmp_path: Path, lang: str
) -> None:
    assert pc.turn_phrases("fc", tmp_path, lang, FC[lang]) == ([], [])
