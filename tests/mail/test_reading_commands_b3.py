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


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a command's noun with the words of asking people use (half-13..15)
        ("Welche Züge sind denn gerade erlaubt?", [("legal", "")]),
        ("Quels coups sont possibles maintenant ?", [("legal", "")]),
        ("Quali mosse sono possibili adesso?", [("legal", "")]),
        ("Which moves are allowed right now?", [("legal", "")]),
        ("Thanks. Can you also list every legal move I have right now?", [("legal", "")]),
        ("can u resend the board, cant see it properly on my phone", [("board", "")]),
        ("Thanks, that helps. Could you mail me the full player guide as well?",
         [("guide", "")]),
        ("Could I have the full move history? I want to check what happened on the first move.",
         [("history", "")]),
        ("Bella partita! Come sono messo in classifica adesso?", [("standings", "")]),
        ("Wie stehe ich in der Rangliste?", [("standings", "")]),
        ("Ich brauche Hilfe: wie schreibe ich nochmal eine Drehung?", [("help", "")]),
        # a purpose after the noun; the language the thing is wanted in
        ("Belle partie ! Vous pouvez m'envoyer la feuille de partie pour les archives du club ?",
         [("record", "")]),
        ("Thanks for running this one, GM! Could I get the game record for the club newsletter?",
         [("record", "")]),
        ("Potreste mandarmi il registro per il nostro club?", [("record", "")]),
        ("Könnten Sie mir das Protokoll für unseren Verein schicken?", [("record", "")]),
        ("Grazie. Potete mandarmi anche la guida completa in italiano?", [("guide", "")]),
        ("Could you send me the rules in French?", [("rules", "")]),
        ("Pouvez-vous m'envoyer les règles en allemand ?", [("rules", "")]),
        # what stays unread
        ("Is M13 R1 allowed?", []),
        ("Ist das nicht erlaubt, M13 R1?", []),
        ("Thanks for the rules for the club", []),
        ("Could you send me the board for M13 R1?", []),
        ("I don't need the rules in French.", []),
    ],
)  # fmt: skip
def test_a_request_in_the_words_people_use(text: str, want: list[tuple[str, str]]) -> None:
    assert _read(text) == want


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Can I get the mails in French please? Practising before my trip", "fr"),
        ("And could you switch my mails to French? Practising for our trip to Lyon.", "fr"),
        ("Could you send me the emails in German from now on?", "de"),
        ("könnten Sie mir die Mails künftig auf Englisch schicken? Meine Frau spielt mit und "
         "versteht kein Deutsch.", "en"),
        ("Können Sie die Nachrichten ab sofort auf Italienisch schicken?", "it"),
        ("Da oggi scrivetemi in inglese, per favore: mio marito vuole seguire le partite con me.",
         "en"),
        ("Potete mandarmi i messaggi in francese d'ora in poi?", "fr"),
        ("Pourriez-vous m'envoyer les messages en anglais désormais ?", "en"),
        ("Vous pouvez passer mes mails en italien ?", "it"),
    ],
)  # fmt: skip
def test_a_language_asked_for_in_a_sentence(text: str, lang: str) -> None:
    assert _read(text) == [("lang", lang)]


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


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # a standing order with words of time and a remark after it
        ("Also, STANDING CLAIM DOUBT from now on - I'm done believing Mike's claims.",
         [("standing", "CLAIM DOUBT from now on - I'm done believing Mike's claims")]),
        # the command word in capitals after a lead-in that starts with the same word
        ("Standing order for the dragon please: STANDING STEAL EAST SOUTH",
         [("standing", "STEAL EAST SOUTH")]),
        ("Consigne pour les annonces : CONSIGNE ANNONCE DOUTER",
         [("standing", "ANNONCE DOUTER")]),
        # a clause of purpose denies no command after it
        ("And so that you don't have to ask me every time: STANDING RESELECT KEEP",
         [("standing", "RESELECT KEEP")]),
        ("Et pour que vous ne me demandiez plus : CONSIGNE SÉLECTION GARDER",
         [("standing", "SÉLECTION GARDER")]),
        ("In modo che non dobbiate chiedere ogni volta: ORDINE SELEZIONE TENERE",
         [("standing", "SELEZIONE TENERE")]),
        ("Und damit ihr mich nicht jedes Mal fragt: STANDING RESELECT KEEP",
         [("standing", "RESELECT KEEP")]),
        ("Je ne garde pas. Et pour que vous ne demandiez pas : CONSIGNE SELECTION GARDER", []),
        ("I won't: RESIGN", []),
        # a leave "until then": the day named before it
        ("Away at my sister's this weekend, back on Monday. VACATION until then please.",
         [("vacation", "back monday")]),
        ("Je pars chez ma sœur ce week-end, de retour lundi. VACANCES jusque-là svp.",
         [("vacation", "back monday")]),
        ("Sono da mia sorella nel fine settimana, di ritorno lunedì. VACANZA fino ad allora.",
         [("vacation", "back monday")]),
        ("Ich bin am Wochenende bei meiner Schwester, zurück am Montag. URLAUB bis dahin bitte.",
         [("vacation", "back monday")]),
        ("Away this weekend. VACATION until then please.", []),
        # a preview with its purpose after the move
        ("ANTEPRIMA P11 R3 prima di decidere", [("preview", "P11 R3")]),
        ("PREVIEW M13 R2 before I decide", [("preview", "M13 R2")]),
        ("APERÇU P10 R2 avant de jouer", [("preview", "P10 R2")]),
        ("VORSCHAU N9 R1 bevor ich mich entscheide", [("preview", "N9 R1")]),
        ("ANTEPRIMA BK E per vedere", [("preview", "BK E")]),
        ("PREVIEW BK E then N", [("preview", "BK E then N")]),
    ],
)  # fmt: skip
def test_a_command_beside_its_lead_in_and_remarks(text: str, want: list[tuple[str, str]]) -> None:
    assert _read(text) == want


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
