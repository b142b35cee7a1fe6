"""The fifth round's classes of command words in prose (issue 31): what half-13..15 showed,
read without a game by the last round's helper (:func:`test_reading_commands_b2._read`), and what
must stay unread."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_reading_commands_b2 import _read

from pbem.commands.grammar import read_commands

CASES = Path(__file__).resolve().parents[1] / "fixtures" / "replies" / "commands_in_prose.txt"


def _cases() -> list[tuple[str, list[tuple[str, str]]]]:
    """The lines of :data:`CASES` and what each is read as."""
    out = []
    for line in CASES.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        text, _sep, want = line.partition(" =>")
        items = [w.strip().partition(" ") for w in want.split(" + ") if w.strip()]
        out.append((text, [(kind, arg) for kind, _s, arg in items]))
    return out


@pytest.mark.parametrize(("text", "want"), _cases())
def test_a_command_in_prose_is_read_as_meant(text: str, want: list[tuple[str, str]]) -> None:
    """What is thanked for is not asked for (half-14 de-1408, the wrong reading); a request in
    the words people use; a language asked for in a sentence; a command beside its lead-in and
    remarks; a command named before a colon; help asked with the verb."""
    assert _read(text) == want


@pytest.mark.parametrize(
    "text",
    [
        "I don't want the mails in French.",
        "Do you speak French?",
        "My wife reads the mails in German.",
        "Les mails en anglais, je ne les lis pas.",
        "Meine Frau versteht kein Deutsch.",
        "I wrote to North in French",
    ],
)
def test_a_language_named_in_prose_is_not_asked_for(text: str) -> None:
    assert [k for k, _a in _read(text)] != ["lang"]


def test_a_decision_then_a_command_on_one_line() -> None:
    """ "Behalten. Und damit ihr mich nicht jedes Mal fragt: STANDING RESELECT KEEP": the
    decision (an action on its own, denying nothing), then the command with its lead-in."""
    from pbem.rules.base import InvalidSyntax

    def parse(text: str) -> str:
        if text.strip(" .!").casefold() in ("behalten", "keep", "je garde"):
            return "keep"
        raise InvalidSyntax("no")

    def read(text: str) -> list[tuple[str, str]]:
        got = read_commands([text], parse, plans=True)
        return [(c.kind, c.arg if c.kind != "action" else str(c.action)) for c in got.commands]

    for text in ("Behalten. Und damit ihr mich nicht jedes Mal fragt: STANDING RESELECT KEEP",
                 "Keep. And so that you don't have to ask me every time: STANDING RESELECT KEEP",
                 "Je garde. Et pour que vous ne demandiez plus : CONSIGNE SÉLECTION GARDER"):  # fmt: skip
        kinds = [k for k, _a in read(text)]
        assert kinds == ["action", "standing"], text
    assert [k for k, _a in read("Je ne garde pas. Et voilà : CONSIGNE SÉLECTION GARDER")] != [
        "action",
        "standing",
    ]


@pytest.mark.parametrize(
    ("line", "games"),
    [
        ("Bonjour, où en sont mes parties ? Merci", True),
        ("Hi, which games am I in at the moment? I've lost track after the holidays.", True),
        ("In welchen Partien spiele ich gerade?", True),
        ("A quali partite sto giocando?", True),
        ("I love your games", False),
        ("Thanks for the games!", False),
    ],
)
def test_games_asked_in_a_sentence_of_a_fresh_mail(line: str, games: bool) -> None:
    from pbem.service.signup import _games_word

    assert _games_word(line) is games
