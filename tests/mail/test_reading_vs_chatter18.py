"""Issue 31, eighteenth round: a slide of Die Verbotene Stadt among chatter, and its decisions
said in sentences, as classes composed in the four languages and read the whole way (the reply
built by a client, :func:`pbem.service.orders.read` at the position of the service's own mail).

The phrases are in reading_vs_chatter18.toml, one section per class, each with the neighbours a
referee must ask back. The words that make a part beside a slide dangerous are a closed class
(:func:`pbem.commands.chatter.slide_danger`); so are the words that leave a slide unsettled
(:func:`pbem.commands.chatter.hedged`).
"""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

from pbem.commands import chatter
from pbem.mail import reply

P = pc.sections("reading_vs_chatter18")


@pytest.mark.parametrize("lang", pc.LANGS)
def test_eighteenth_round_classes_are_read_as_meant_and_never_otherwise(
    lang: str, tmp_path: Path
) -> None:
    wrong, missed = pc.judge_sections(P, tmp_path, lang, pc.move_or_ask)
    assert not wrong, wrong  # never a slide or a decision the player did not settle on
    assert not missed, missed


@pytest.mark.parametrize(
    ("part", "danger"),
    [
        ("scusate il ritardo, ero al mare", False),
        ("bonne soirée à tous", False),
        ("Nice one, Paul!", False),
        ("und dann nach Norden", True),  # a direction in words
        ("then E", True),  # a direction in capitals
        ("d'une seule case", True),  # one field
        ("bis zur Wand", False),  # as far as it goes: what every slide does
        ("il rosso-blu invece", True),  # an official by its colours
        ("the black one too", True),
    ],
)
def test_the_words_beside_a_slide_that_may_be_of_it(part: str, danger: bool) -> None:
    assert (chatter.slide_danger(part) is not None) is danger


@pytest.mark.parametrize(
    ("part", "hedged"),
    [
        ("je crois", True),
        ("will confirm tomorrow", True),
        ("forse", True),
        ("vielleicht", True),
        ("merci", False),
        ("scusate il ritardo", False),
    ],
)
def test_the_words_after_a_slide_that_leave_it_unsettled(part: str, hedged: bool) -> None:
    assert chatter.hedged(part) is hedged


def test_a_move_alone_between_the_quotes_of_an_inline_answer_is_the_players() -> None:
    # (the mask of our mail's lines, as the fingerprint gives it: "RB N" is one of our examples)
    lines = ["> What to write back, e.g.:", "> RB N E", "", "RB N", "", "> What happened"]
    assert reply._typed_plan(lines, [False, False, False, True, False, False])[3] is False
    # our list copied unquoted (its intro line unquoted too) stays ours
    copied = ["For example:", "RB N", "> What happened"]
    assert reply._typed_plan(copied, [True, True, False])[1] is True
