"""Command words and their arguments in prose (issue 31, wt-31's fifth round): the classes the
hold-outs half-13..15 showed, read without a game (``parse_action`` None), and what must stay
unread."""

from __future__ import annotations

import pytest

import pbem.service.commands  # noqa: F401  (registers the commands)
from pbem.commands.grammar import read_commands


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.kind, c.arg) for c in read_commands(text.split("\n"), None, plans=True).commands]


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # what the player thanks for is not asked for (half-14 de-1408, the wrong reading)
        ("danke für die Hilfe. Können Sie mir bitte noch alle meine erlaubten Züge schicken?",
         [("legal", "")]),
        ("Thanks for the help, could you send me my legal moves please?", [("legal", "")]),
        ("Thank you for the rules! Could you send me the board?", [("board", "")]),
        ("Merci pour l'aide. Pourriez-vous m'envoyer mes coups possibles ?", [("legal", "")]),
        ("Merci beaucoup pour le plateau, vous pouvez m'envoyer les règles ?", [("rules", "")]),
        ("Grazie per l'aiuto! Mi mandate le mosse possibili?", [("legal", "")]),
        ("Grazie mille per il tabellone. Mi mandate l'aiuto?", [("help", "")]),
        ("Vielen Dank für die Regeln, schicken Sie mir bitte das Brett?", [("board", "")]),
        ("Thank you for the help!", []),
        ("Vielen Dank für die Hilfe!", []),
        ("Merci pour le plateau !", []),
        ("Grazie per il regolamento", []),
    ],
)  # fmt: skip
def test_what_is_thanked_for_is_not_asked_for(text: str, want: list[tuple[str, str]]) -> None:
    assert _read(text) == want
