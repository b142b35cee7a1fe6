"""A whole Die Verbotene Stadt turn typed on one line from our mail's examples, joined by ";"
("BR W S; KB S E"), is the player's plan (eleventh round): the fingerprint of the mail answered,
which reads word runs and not the ";" between them, took it for a copy of our list of moves, and
the reply was answered "no command" (the demo's computer players, answering their turns whole,
were refused on every such turn). Our mails list their moves one a line, never joined; a joined
line inside a copy of our text (our lines above and below it) stays ours."""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

from pbem import i18n
from pbem.mail.fingerprint import fingerprint_of
from pbem.mail.reply import command_lines

PLANS = {
    "en": [
        ("BR W S; KB S E", "BR W S; KB S E"),
        ("KB S E; KB S E", "KB S E; KB S E"),
        ("kb s e; rb n", "KB S E; RB N"),
        ("BK E; BK step E; RB N", "BK E; BK step E; RB N"),
    ],
    "fr": [("BR W S ; KB S E", "BR W S; KB S E"), ("KB S E; RB N\nMerci !", "KB S E; RB N")],
    "it": [("BR W S; KB S E\nGrazie", "BR W S; KB S E")],
    "de": [("RB N; KB S E\nGruß, Jens", "RB N; KB S E")],
}


@pytest.mark.parametrize("lang", sorted(PLANS))
def test_a_turn_joined_from_our_examples_is_read(tmp_path: Path, lang: str) -> None:
    todo = [("vs:turn", text, want) for text, want in PLANS[lang]]
    wrong, missed = pc.judge_phrases(pc.vs_stages(tmp_path, lang), lang, todo, pc.move_or_ask)
    assert (wrong, missed) == ([], [])


def test_a_joined_line_inside_a_copy_of_our_text_stays_ours(tmp_path: Path) -> None:
    """Our mail pasted without quote marks (a client that quotes nothing), with a joined line
    inside it: every line of the copy is ours, the joined one too."""
    for name, stage in pc.vs_stages(tmp_path, "en"):
        if name != "vs:turn":
            continue
        ours = pc._text(stage.mail).splitlines()
        at = next(i for i, ln in enumerate(ours) if ln.strip() == "KB S E")
        copy = [*ours[: at + 1], "BR W S; KB S E", *ours[at + 1 :]]
        fp = fingerprint_of(pc._text(stage.mail))
        with i18n.speaking("en"):
            kept = command_lines("\n".join(["Thanks", "", *copy]), fingerprint=fp)
        assert "BR W S; KB S E" not in kept, kept
        with i18n.speaking("en"):
            alone = command_lines("\n".join(["BR W S; KB S E", ""]), fingerprint=fp)
        assert alone == ["BR W S; KB S E"]
        break
