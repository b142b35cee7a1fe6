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


SECOND = [
    # a decision or a move, then a command with its lead-in on the same line
    ("Behalten. Und damit ihr mich nicht jedes Mal fragt: STANDING RESELECT KEEP",
     ["action", "standing"]),
    ("Keep. And so that you don't have to ask me every time: STANDING RESELECT KEEP",
     ["action", "standing"]),
    ("Je garde. Et pour que vous ne demandiez plus : CONSIGNE SÉLECTION GARDER",
     ["action", "standing"]),
    ("M13 R1 and SAY good luck all", ["action", "say"]),
    ("M13 R1. Also VACATION 3 days please, sorry.", ["action", "vacation"]),
    ("M13 R1, et pouvez-vous me renvoyer le plateau ensuite ?", ["action", "board"]),
    ("M13 R1. E da ora scrivetemi in francese, grazie.", ["action", "lang"]),
    ("M13 R1, und schickt mir bitte die Regeln.", ["action", "rules"]),
    # what stays one move, or is asked back: a remark, a take-back, a resignation, a preview
    ("M13 R1, please", ["action"]),
    ("M13 R1 and RESIGN if it fails", None),
    ("M13 R1 - PREVIEW P10 R0 first?", None),
    ("Je ne garde pas. Et voilà : CONSIGNE SÉLECTION GARDER", None),
]  # fmt: skip


@pytest.mark.parametrize(("text", "kinds"), SECOND)
def test_a_second_command_on_the_line_of_a_move(text: str, kinds: list[str] | None) -> None:
    """What a line after its move or decision asks is read too (issue 31: "Behalten. Und damit
    ihr mich nicht jedes Mal fragt: STANDING RESELECT KEEP"); never a resignation, a vote or
    a preview beside the move (None: not read as the move and that command)."""
    from pbem.rules.base import InvalidSyntax

    def parse(text: str) -> str:
        if text.strip(" .!").casefold() in ("behalten", "keep", "je garde", "m13 r1"):
            return "played"
        raise InvalidSyntax("no")

    got = [c.kind for c in read_commands([text], parse, plans=True).commands]
    if kinds is None:
        assert got != ["action", "standing"] and "resign" not in got and "preview" not in got
    else:
        assert got == kinds, text


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
    from pbem.service.fresh import games_word

    assert games_word(line) is games


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # the player's last word counts for a command's argument (sixth round: it-2532 took the
        # first length)
        ("vacanza 10 giorni\nanzi no, facciamo 5 giorni", [("vacation", "5d")]),
        ("VACATION 2 weeks\nsorry, I meant 1 week", [("vacation", "7d")]),
        ("VACANCES 10 jours\nnon pardon, 5 jours", [("vacation", "5d")]),
        ("URLAUB 2 Wochen\nNein, doch nur 1 Woche", [("vacation", "7d")]),
        ("VACATION 5d\nNo, sorry: 6d", [("vacation", "6d")]),
        ("SPRACHE en\nNein, Quatsch: fr", [("lang", "fr")]),
        # a remark that starts with "no" changes nothing
        ("VACATION 5d\nNo idea if the hotel has wifi", [("vacation", "5d")]),
        ("VACATION 2 weeks\nThanks!", [("vacation", "14d")]),
        # taken back, doubted or unreadable: nothing (asked back)
        ("VACATION 2 weeks\nforget that", []),
        ("VACATION 2 weeks\nno wait, maybe 1 week?", []),
        ("VACANZA 10 giorni\nanzi no, boh, non so", []),
        ("STANDING CLAIM DOUBT\nno sorry, not that", []),
    ],
)
def test_a_command_argument_corrected_on_the_next_line(
    text: str, want: list[tuple[str, str]]
) -> None:
    reading = read_commands(text.split("\n"), None, plans=True)
    assert [(c.kind, c.arg) for c in reading.commands] == want
    assert bool(reading.errors) == (not want)
