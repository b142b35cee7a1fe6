"""Command words and their arguments in prose (issue 31, wt-31's last round): the classes the
hold-outs half-10..12 showed, read without a game (``parse_action`` None), and what must stay
unread."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import pbem.service.commands  # noqa: F401  (registers the commands)
from pbem.commands.grammar import Reading, _after_standing, read_commands
from pbem.commands.vocabulary import FRESH
from pbem.mail.reply import strip_please


def _read(text: str) -> list[tuple[str, str]]:
    return [(c.kind, c.arg) for c in read_commands(text.split("\n"), None, plans=True).commands]


@pytest.mark.parametrize(
    ("line", "want"),
    [
        # a plan's PREVIEW with a remark after its last comma
        ("ANTEPRIMA BR W S; KB S per favore, prima di decidere", [("preview", "BR W S; KB S")]),
        ("PREVIEW M13 R2, not sure about it yet", [("preview", "M13 R2")]),
        ("PREVIEW BK E, then N", [("preview", "BK E, then N")]),  # a direction: no remark
        ("Could I see a PREVIEW O9 R2 first please?", [("preview", "O9 R2")]),
        # requests in a sentence
        ("Thanks. RULES too please, I never played the board game.", [("rules", "")]),
        ("Et les règles complètes, vous pouvez me les envoyer ?", [("rules", "")]),
        ("Mi rimandereste il tabellone aggiornato? Grazie", [("board", "")]),
        (
            "Gibt es auch eine ausführliche Spielanleitung? Die würde ich gerne haben.",
            [("guide", "")],
        ),
        ("Potete scrivermi in italiano? Grazie mille.", [("lang", "it")]),
        ("Können Sie mir auf Deutsch schreiben?", [("lang", "de")]),
        ("English please, my French is rusty.", [("lang", "en")]),
        ("English", []),  # a language's name alone asks nothing
        # a command that changes nothing after figures in a sentence that denies
        ("Je n'ai pas compris à quoi correspondent R0, R1 etc. AIDE svp", [("help", "")]),
        ("Je ne joue pas M13 R1. RESIGN", []),
        ("Could I play M13 R1? PREVIEW O9 R2", []),
        ("I could RESIGN now", []),
        # a leave after words of a later time, a remark sentence after its length
        (
            "Et je pars en vacances demain, donc VACANCES deux semaines. Bon jeu à tous !",
            [("vacation", "14d")],
        ),
        ("Je ne pars pas demain, donc pas de VACANCES deux semaines", []),
        # a queued slide that turns, written as a plan
        ("PROCHAIN GB vers le sud puis vers l'est", [("next", "GB vers le sud est")]),
        ("NEXT RK N; BG E", [("next", "RK N; BG E")]),
        ("NEXT M13 R1 ELSE P10 R0", [("next", "M13 R1 ELSE P10 R0")]),
    ],
)
def test_command_words_in_prose(line: str, want: list[tuple[str, str]]) -> None:
    assert _read(line) == want


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("ÜBERNEHMEN fc-7k3q yellow", ("takeover", ("fc-7k3q", "yellow"))),
        ("Réserve any", ("standby", ("any",))),
        ("JOIN o-fc-3a9c", ("join", ("o-fc-3a9c",))),
        # after prose that denies nothing
        ("Hi, I would like to JOIN o-fc-3a9c please", ("join", ("o-fc-3a9c",))),
        ("I would like to join o-fc-3a9c", ("join", ("o-fc-3a9c",))),
        ("Ich melde mich gern als ERSATZ forbidden-city", ("standby", ("forbidden-city",))),
        ("I would like to watch tonight", None),  # lower case, no game's id: prose
        ("I won't JOIN o-fc-3a9c", None),
        ("I do not want to join o-fc-3a9c", None),
        ("Thanks, but LEAVE o-fc-3a9c is not what I want", None),
    ],
)
def test_a_fresh_mails_word_with_an_umlaut_or_accent_or_after_prose(
    line: str, want: tuple[str, tuple[str, ...]] | None
) -> None:
    kinds = ("join", "leave", "watch", "unwatch", "games", "standby", "takeover")
    assert FRESH.read_fresh(line, kinds, strip_please) == want


def test_this_turn_set_against_a_standing_order() -> None:
    out = Reading()
    line = "Per questo turno invece BK verso est."
    assert _after_standing(line, out) == line  # no standing order: "invece" stays
    out.commands.append(SimpleNamespace(kind="standing"))  # type: ignore[arg-type]
    assert _after_standing(line, out) == "Per questo turno BK verso est."
    out.commands.append(SimpleNamespace(kind="action"))  # type: ignore[arg-type]
    assert _after_standing(line, out) == line  # a move before: a correction, as ever
