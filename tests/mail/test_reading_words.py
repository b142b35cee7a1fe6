"""Issue 31: the command words and their arguments, composed from their parts in the four
languages (hypothesis): lengths and days of leave, a language, the commands that show something
asked for in a sentence. Each property checks what is read, and above all that nothing is ever
read as another command or another length; the "never" properties compose the sentences that
must stay prose (thanks, negations, the past).

The parts are what players write: the command word in any case, with or without its accents, a
colon, a preposition ("for", "pendant", "per", "für"), a number in figures or words, a unit in the
singular, plural or short, a day and a month, courtesy and a remark around it.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pbem.service.commands  # noqa: F401  (registers the commands' words the grammar reads)
from pbem.commands.durations import parse_duration
from pbem.commands.grammar import read_commands
from pbem.rules.base import InvalidSyntax

NOW = datetime(2026, 11, 21, 13, 0, tzinfo=UTC)  # a Saturday
LANGS = ("en", "fr", "it", "de")

VACATION = {
    "en": ["VACATION", "Vacation", "vacation", "HOLIDAY", "Holidays"],
    "fr": ["VACANCES", "Vacances", "vacances", "CONGÉ", "Congés"],
    "it": ["VACANZA", "Vacanza", "vacanze", "FERIE", "Ferie"],
    "de": ["URLAUB", "Urlaub", "urlaub", "FERIEN", "Ferien"],
}
FOR = {
    "en": ["", "for", "for the next"],
    "fr": ["", "pendant", "pour", "durant"],
    "it": ["", "per", "per i prossimi"],
    "de": ["", "für", "für die nächsten", "fuer"],
}
NUMBER_WORDS = {
    "en": {1: "one", 2: "two", 3: "three", 5: "five", 10: "ten", 12: "twelve", 20: "twenty"},
    "fr": {1: "un", 2: "deux", 3: "trois", 5: "cinq", 10: "dix", 12: "douze", 20: "vingt"},
    "it": {1: "un", 2: "due", 3: "tre", 5: "cinque", 10: "dieci", 12: "dodici", 20: "venti"},
    "de": {1: "ein", 2: "zwei", 3: "drei", 5: "fünf", 10: "zehn", 12: "zwölf", 20: "zwanzig"},
}
UNITS = {  # (seconds, singular forms, plural forms)
    "en": [(86400, ["day"], ["days", "d"]), (7 * 86400, ["week"], ["weeks", "w"]),
           (3600, ["hour"], ["hours", "h"])],
    "fr": [(86400, ["jour"], ["jours", "j"]), (7 * 86400, ["semaine"], ["semaines"]),
           (3600, ["heure"], ["heures", "h"])],
    "it": [(86400, ["giorno"], ["giorni", "gg"]), (7 * 86400, ["settimana"], ["settimane"]),
           (3600, ["ora"], ["ore"])],
    "de": [(86400, ["Tag"], ["Tage", "T"]), (7 * 86400, ["Woche"], ["Wochen"]),
           (3600, ["Stunde"], ["Stunden", "Std"])],
}  # fmt: skip
COURTESY = {
    "en": ["", "please", "thanks", ", cheers"],
    "fr": ["", "svp", "s'il vous plaît", "merci"],
    "it": ["", "per favore", "grazie"],
    "de": ["", "bitte", "danke"],
}
REMARK = {
    "en": ["", ", I'm away on business", " - travelling, sorry", " (trip to Italy)"],
    "fr": ["", ", je pars au ski", " - déplacement pro", " (voyage au Japon)"],
    "it": ["", ", sono via per lavoro", " - viaggio, scusate", " (ferie in montagna)"],
    "de": ["", ", ich bin auf Dienstreise", " - Skiurlaub", " (Reise nach Rom)"],
}
FROM_NOW = {
    "en": ["", " from today", " starting today"],
    "fr": ["", " à partir d'aujourd'hui", " dès aujourd'hui"],
    "it": ["", " a partire da oggi", " da oggi"],
    "de": ["", " ab heute", " ab sofort"],
}
MONTHS = {
    "en": ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"],
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
           "octobre", "novembre", "décembre"],
    "it": ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto",
           "settembre", "ottobre", "novembre", "dicembre"],
    "de": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
           "Oktober", "November", "Dezember"],
}  # fmt: skip
SHORT_MONTHS = {
    "en": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
    "fr": ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.",
           "nov.", "déc."],
    "it": ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"],
    "de": ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.",
           "Dez."],
}  # fmt: skip
UNTIL = {
    "en": ["until", "till", "through", "up to"],
    "fr": ["jusqu'au", "jusqu’au"],
    "it": ["fino al", "sino al"],
    "de": ["bis", "bis zum", "bis einschließlich"],
}


def _read(lines: list[str]) -> list[tuple[str, str]]:
    reading = read_commands(lines, None)
    return [(c.kind, c.arg) for c in reading.commands] + [("error", e) for e, _x in reading.errors]


@st.composite
def leaves(draw: st.DrawFn) -> tuple[str, str, timedelta]:
    """(language, a VACATION line with a length, that length)."""
    lang = draw(st.sampled_from(LANGS))
    secs, singular, plural = draw(st.sampled_from(UNITS[lang]))
    n = draw(st.sampled_from([1, 2, 3, 5, 10, 12, 20]))
    unit = draw(st.sampled_from(singular if n == 1 else plural))
    if len(unit) <= 3:
        number = str(n)  # "10d", "3 gg": the short units only after figures
    else:
        number = draw(st.sampled_from([str(n), NUMBER_WORDS[lang][n]]))
        if lang == "de" and n == 1 and unit in ("Woche", "Stunde"):
            number = "eine" if number == "ein" else number
        if lang in ("fr", "it") and n == 1 and unit in ("semaine", "heure", "settimana", "ora"):
            number = {"un": "une" if lang == "fr" else "una"}.get(number, number)
    glue = draw(st.sampled_from(["", " "])) if len(unit) <= 3 else " "
    length = f"{number}{glue}{unit}"
    prep = draw(st.sampled_from(FOR[lang]))
    if prep.endswith(("next", "nächsten", "prossimi")) and n == 1:
        prep = ""
    word = draw(st.sampled_from(VACATION[lang]))
    colon = draw(st.sampled_from(["", ":", " :"]))
    line = f"{word}{colon} {prep} {length}{draw(st.sampled_from(FROM_NOW[lang]))}"
    line = " ".join(line.split())
    courtesy = draw(st.sampled_from(COURTESY[lang]))
    line += (" " if courtesy and not courtesy.startswith(",") else "") + courtesy
    line += draw(st.sampled_from(REMARK[lang])) + draw(st.sampled_from(["", ".", "!"]))
    return lang, line, timedelta(seconds=n * secs)


@settings(max_examples=500, deadline=None)
@given(leaves(), st.sampled_from(["", "Bonjour,", "Ciao a tutti,", "Hallo,", "Hi all,"]))
def test_a_leave_of_any_length_in_any_language_is_read_as_that_length(
    leave: tuple[str, str, timedelta], before: str
) -> None:
    lang, line, length = leave
    got = _read([x for x in (before, line) if x])
    assert [k for k, _a in got] == ["vacation"], (line, got)
    assert parse_duration(got[0][1], now=NOW) == length, (line, got)


@st.composite
def days_of_leave(draw: st.DrawFn) -> tuple[str, datetime]:
    """(a VACATION line up to a day, the end of that day)."""
    lang = draw(st.sampled_from(LANGS))
    month = draw(st.integers(1, 12))
    day = draw(st.integers(1, 28))
    name = MONTHS[lang][month - 1]
    name = draw(st.sampled_from([name, name.lower(), SHORT_MONTHS[lang][month - 1]]))
    if lang == "en":
        date = draw(
            st.sampled_from(
                [f"{name} {day}", f"{day} {name}", f"the {day}th of {name}", f"{name} {day}th"]
            )
        )
    elif lang == "de":
        date = draw(st.sampled_from([f"{day}. {name}", f"{day}.{month}.", f"{day}.{month:02d}."]))
    else:
        date = draw(st.sampled_from([f"{day} {name}", f"{day}/{month}"]))
    year = draw(st.sampled_from(["", " 2026", " 2027"])) if "/" not in date else ""
    if lang == "de" and date.endswith("."):
        year = ""
    word = draw(st.sampled_from(VACATION[lang]))
    inclusive = draw(
        st.sampled_from(
            {
                "en": ["", " inclusive"],
                "fr": ["", " inclus"],
                "it": ["", " compreso"],
                "de": ["", " inklusive"],
            }[lang]  # fmt: skip
        )
    )
    line = f"{word} {draw(st.sampled_from(UNTIL[lang]))} {date}{year}{inclusive}"
    line += draw(st.sampled_from(["", ", " + COURTESY[lang][-1], "."]))
    end = datetime(NOW.year, month, day, tzinfo=UTC) + timedelta(days=1)
    if end <= NOW:
        end = datetime(NOW.year + 1, month, day, tzinfo=UTC) + timedelta(days=1)
    return line, end


@settings(max_examples=400, deadline=None)
@given(days_of_leave())
def test_a_leave_up_to_a_day_ends_with_that_day(leave: tuple[str, datetime]) -> None:
    line, end = leave
    got = _read([line])
    assert [k for k, _a in got] == ["vacation"], (line, got)
    assert NOW + parse_duration(got[0][1], now=NOW) == end, (line, got)


UNREADABLE = [
    "2 weeks from tomorrow", "du 3 au 10 décembre", "dal 3 al 10 dicembre", "vom 3. bis 10. Dezember",
    "a partire da domani 2 settimane", "ab morgen zwei Wochen", "dès demain deux semaines",
    "some days", "quelques jours", "qualche giorno", "ein paar Tage", "3 or 4 days",
]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(UNREADABLE), st.sampled_from([w for ws in VACATION.values() for w in ws]))
def test_a_leave_that_cannot_be_read_is_asked_back_never_guessed(text: str, word: str) -> None:
    got = _read([f"{word} {text}"])
    assert all(k == "error" for k, _a in got), (text, got)


# ---------------------------------------------------------------------------------------------
# LANG
# ---------------------------------------------------------------------------------------------

LANG_NAMES = {
    "en": ["en", "EN", "English", "anglais", "anglaise", "inglese", "Englisch", "englisch"],
    "fr": ["fr", "FR", "French", "français", "francais", "francese", "Französisch"],
    "it": ["it", "IT", "Italian", "italien", "italienne", "italiano", "italiana", "Italienisch"],
    "de": ["de", "DE", "German", "allemand", "allemande", "tedesco", "tedesca", "Deutsch"],
}
LANG_WORDS = ["LANG", "Lang", "LANGUAGE", "Language", "LANGUE", "Langue", "LINGUA", "Lingua",
              "SPRACHE", "Sprache"]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(LANG_WORDS),
    st.sampled_from(LANGS),
    st.data(),
    st.sampled_from(["", ":", " :"]),
    st.sampled_from(["", "please", "s'il vous plaît", "per favore", "bitte", "merci"]),
)
def test_a_language_in_any_language_is_read_as_its_code(
    word: str, code: str, data: st.DataObject, colon: str, courtesy: str
) -> None:
    name = data.draw(st.sampled_from(LANG_NAMES[code]))
    prep = data.draw(st.sampled_from(["", "en", "in", "auf"])) if len(name) > 2 else ""
    line = " ".join(f"{word}{colon} {prep} {name} {courtesy}".split())
    got = _read([line])
    assert got == [("lang", code)], (line, got)


# ---------------------------------------------------------------------------------------------
# The commands that show something, asked for in a sentence
# ---------------------------------------------------------------------------------------------

NOUNS = {
    "board": {"en": ["the board", "the current board", "the board again"],
              "fr": ["le plateau", "le plateau actuel", "le plateau de jeu"],
              "it": ["il tabellone", "il tabellone attuale", "la plancia"],
              "de": ["das Brett", "das aktuelle Brett", "den Spielplan"]},
    "rules": {"en": ["the rules", "the rules of the game"],
              "fr": ["les règles", "les règles du jeu", "les regles"],
              "it": ["le regole", "le regole del gioco", "il regolamento"],
              "de": ["die Regeln", "die Spielregeln"]},
    "history": {"en": ["the history", "the game history"],
                "fr": ["l'historique", "l'historique des coups"],
                "it": ["la storia della partita", "la cronologia"],
                "de": ["den Verlauf", "den Spielverlauf"]},
    "legal": {"en": ["my legal moves", "the possible moves"],
              "fr": ["mes coups légaux", "les coups possibles"],
              "it": ["le mie mosse legali", "le mosse possibili"],
              "de": ["meine erlaubten Züge", "die möglichen Züge"]},
    "help": {"en": ["help", "some help"], "fr": ["de l'aide", "l'aide"],
             "it": ["aiuto", "un aiuto"], "de": ["Hilfe"]},
    "games": {"en": ["my games", "my current games"], "fr": ["mes parties", "mes parties en cours"],
              "it": ["le mie partite", "le mie partite in corso"],
              "de": ["meine Partien", "meine laufenden Partien"]},
    "guide": {"en": ["the player guide", "the manual"], "fr": ["le guide du joueur", "le guide"],
              "it": ["la guida", "il manuale"], "de": ["die Anleitung", "das Handbuch"]},
    "stats": {"en": ["my stats", "my statistics"], "fr": ["mes statistiques"],
              "it": ["le mie statistiche"], "de": ["meine Statistik"]},
}  # fmt: skip
ASKING = {
    "en": ["Could you send me {n}?", "Can I see {n}?", "Please send {n} again", "{N}, please",
           "I need {n}", "Send me {n}", "{N}?", "Hi, {n} please", "Where can I find {n}?"],
    "fr": ["Pouvez-vous me renvoyer {n} ?", "Envoyez-moi {n} s'il vous plaît", "{N} svp",
           "J'ai besoin de {n}", "{N} ?", "Je voudrais voir {n}", "Bonjour, {n} svp",
           "Vous pouvez m'envoyer {n} ?"],
    "it": ["Potete mandarmi {n}?", "Mi mandate {n}?", "{N} per favore", "Vorrei vedere {n}",
           "Mandami {n}", "{N}?", "Ciao, {n} per favore", "Ho bisogno di {n}"],
    "de": ["Könnt ihr mir {n} schicken?", "Kannst du mir {n} schicken?", "{N} bitte",
           "Schick mir {n}", "Ich brauche {n}", "{N}?", "Hallo, {n} bitte",
           "Ich möchte {n} sehen"],
}  # fmt: skip
NEVER = {
    "en": ["Thanks for {n}!", "I don't need {n}", "{N} was clear, thanks", "I read {n} yesterday",
           "No need for {n}", "Nice of you to write {n}"],
    "fr": ["Merci pour {n} !", "Je n'ai pas besoin de {n}", "J'ai lu {n} hier",
           "{N} était clair, merci", "Pas besoin de {n}"],
    "it": ["Grazie per {n}!", "Non ho bisogno di {n}", "Ho letto {n} ieri", "{N} era chiaro"],
    "de": ["Danke für {n}!", "Ich brauche {n} nicht", "Ich habe {n} gestern gelesen",
           "{N} war klar, danke", "Kein Bedarf an {n}"],
}  # fmt: skip


def _fill(template: str, noun: str) -> str:
    text = template.replace("{N}", noun[:1].upper() + noun[1:]).replace("{n}", noun)
    return text.replace("de le ", "du ").replace("de les ", "des ").replace("de l'", "de l'")


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(NOUNS)), st.sampled_from(LANGS), st.data())
def test_a_command_asked_for_in_a_sentence_is_read_as_that_command(
    kind: str, lang: str, data: st.DataObject
) -> None:
    noun = data.draw(st.sampled_from(NOUNS[kind][lang]))
    template = data.draw(st.sampled_from(ASKING[lang]))
    if kind == "help" and template.startswith("{N}") and lang == "fr":
        noun = "aide"
    line = _fill(template, noun)
    assert _read([line]) == [(kind, "")], line


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(NOUNS)), st.sampled_from(LANGS), st.data())
def test_thanks_a_negation_or_the_past_is_never_read_as_a_command(
    kind: str, lang: str, data: st.DataObject
) -> None:
    noun = data.draw(st.sampled_from(NOUNS[kind][lang]))
    line = _fill(data.draw(st.sampled_from(NEVER[lang])), noun)
    assert _read([line]) == [], line


def _fake_move(text: str) -> str:
    if re.fullmatch(r"[L-P]\d{1,2} R[0-3]", text.strip()):
        return text.strip()
    raise InvalidSyntax(f"{text!r} is not a move")


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(NOUNS)), st.sampled_from(LANGS), st.data())
def test_a_request_beside_a_move_is_read_beside_it_and_never_changes_the_move(
    kind: str, lang: str, data: st.DataObject
) -> None:
    noun = data.draw(st.sampled_from(NOUNS[kind][lang]))
    line = _fill(data.draw(st.sampled_from(ASKING[lang])), noun)
    if kind == "help" and line.startswith(("De l'aide", "L'aide")):
        line = "Aide ?"
    lines = data.draw(st.permutations(["M13 R1", line]))
    reading = read_commands(list(lines), _fake_move)
    kinds = sorted(c.kind for c in reading.commands)
    assert kinds == sorted(["action", kind]), (lines, kinds)
    assert reading.action is not None and reading.action.action == "M13 R1"
    assert not reading.errors, (lines, reading.errors)


# ---------------------------------------------------------------------------------------------
# Whole-line phrases: a language, an answer to a proposal; SAY's addressee
# ---------------------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(LANGS),
    st.data(),
    st.sampled_from(["", " please", " s'il vous plaît", " per favore", " bitte", ", merci"]),
    st.sampled_from(["", ".", "!", " !"]),
)
def test_a_language_asked_for_in_a_sentence_is_read_as_its_code(
    code: str, data: st.DataObject, courtesy: str, punct: str
) -> None:
    name = data.draw(st.sampled_from([n for n in LANG_NAMES[code] if len(n) > 2]))
    lead = data.draw(
        st.sampled_from(
            [
                "In {}",
                "En {}",
                "Auf {}",
                "Please write to me in {}",
                "Écrivez-moi en {}",
                "Scrivetemi in {}",
                "Schreibt mir auf {}",
                "In {} from now on",
            ]  # fmt: skip
        )
    )
    line = lead.format(name) + courtesy + punct
    assert _read([line]) == [("lang", code)], line


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(
        [
            "In Ordnung",
            "In bocca al lupo",
            "En fait, non",
            "In it",
            "Auf geht's",
            "In the end",
            "En effet",
            "In realtà no",
            "Auf Wiedersehen",
            "In any case",
            "En tout cas",
        ]  # fmt: skip
    ),
    st.sampled_from(["", "!", ".", " merci", " danke"]),
)
def test_a_preposition_before_no_language_is_no_language(line: str, end: str) -> None:
    assert _read([line + end]) == [], line


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("J'accepte", "accept"), ("J'accepte la proposition, merci", "accept"),
        ("OK, I accept, thanks", "accept"), ("Accetto la proposta", "accept"),
        ("Ich nehme den Vorschlag an", "accept"), ("Je refuse", "decline"),
        ("I decline the proposal.", "decline"), ("Ich lehne ab", "decline"),
        ("Rifiuto la proposta", "decline"),
    ],
)  # fmt: skip
def test_an_answer_to_a_proposal_in_a_sentence(line: str, kind: str) -> None:
    assert _read([line]) == [(kind, "")]


@pytest.mark.parametrize(
    "line",
    [
        "I accept your apology",
        "Je refuse de jouer comme ça",
        "I don't accept",
        "Ich nehme an, dass du recht hast",
        "Je n'accepte pas",
        "Non accetto",
    ],  # fmt: skip
)
def test_a_sentence_that_is_no_answer_to_a_proposal(line: str) -> None:
    assert not {k for k, _a in _read([line])} & {"accept", "decline"}, line


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("DIRE à tous : bonne chance", "bonne chance"),
        ("SAY to all: good luck", "good luck"),
        ("SAGE allen: viel Glück", "viel Glück"),
        ("DIRE a tutti: in bocca al lupo", "in bocca al lupo"),
        ("SAY everyone, good luck", "everyone, good luck"),  # part of the message
        ("SAY Tutti: ciao", "Tutti: ciao"),
    ],
)
def test_say_to_all_is_said_without_its_addressee(line: str, said: str) -> None:
    assert _read([line]) == [("say", said)]


# ---------------------------------------------------------------------------------------------
# Classes of the first reading of half-9 and half-10 (issue 31, fourth round)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "want"),
    [
        # a command in capitals after prose, whatever comma comes first
        ("Je suis italienne, alors si possible : LANGUE it", [("lang", "it")]),
        ("E vorrei le mail in inglese d'ora in poi, per esercitarmi: LINGUA en", [("lang", "en")]),
        ("Partie serrée, merci à tous. Pour voir le classement : CLASSEMENT", [("standings", "")]),
        ("Which other games am I in at the moment? GAMES", [("games", "")]),
        ("What would M13 R2 score me? Don't play it yet - PREVIEW M13 R2", [("preview", "M13 R2")]),
        ("Off to Munich for five days, so VACATION 5d.", [("vacation", "5d")]),
        ("From now on please write to me in French.", [("lang", "fr")]),
        ("NEXT rb north", [("next", "rb north")]),
        ("Quick question: which games am I in right now?", [("games", "")]),
        ("Potreste mandarmi lo storico delle mosse? Grazie", [("history", "")]),
        ("Je ne comprends pas bien comment répondre, de l'aide svp", [("help", "")]),
        ("Could you queue this for when my turn comes? NEXT BR west", [("next", "BR west")]),
        # its argument, then a remark
        ("Sprache Englisch bitte, meine Frau spielt mit", [("lang", "en")]),
        ("Preview M13 R2 please, not sure about it yet", [("preview", "M13 R2")]),
        ("Next turn P10 R1 if it's still open", [("next", "P10 R1")]),
        ("PROPOSE UNDO, sorry my mistake", [("propose", "UNDO")]),
        # a command word after prose, with a sure argument
        ("Je pars une semaine au ski, vacances 7 jours", [("vacation", "7d")]),
        ("In vacanza fino a lunedì", [("vacation", "until monday")]),
        ("I'm on holiday until Monday", [("vacation", "until monday")]),
        ("Ich bin im Urlaub bis Montag", [("vacation", "until monday")]),
        # a request among remarks
        ("Mi rimandate il tabellone? Dal telefono non si vede bene", [("board", "")]),
        ("rules, please? the notation is clear now but the scoring isn't", [("rules", "")]),
        ("Can I get the record? Thanks", [("record", "")]),
        # the day one is back, anywhere in the line
        ("URLAUB – ich bin auf Dienstreise und am 3. wieder da.", [("vacation", "back day 03")]),
        ("VACANCES, en déplacement, de retour le 7 décembre", [("vacation", "back 12-07")]),
        # a command word alone, then a remark
        ("HISTORY please, I lost track", [("history", "")]),
        ("AIUTO: non capisco come si gioca", [("help", "")]),
        ("HILFE - ich verstehe die Notation nicht", [("help", "")]),
        ("Board please (lost the last mail)", [("board", "")]),
        ("ACCEPT, fine by me", [("accept", "")]),
        # a queued move in words, its alternatives with "or", "otherwise", "oppure", "oder"
        ("NEXT M13 R1, otherwise P10 R0", [("next", "M13 R1 ELSE P10 R0")]),
        ("PROSSIMA M13 R1 oppure P10 R0", [("next", "M13 R1 ELSE P10 R0")]),
        ("NÄCHSTER M13 R1 oder P10 R0", [("next", "M13 R1 ELSE P10 R0")]),
        # a proposal among filler words
        ("PROPOSE to undo my last move", [("propose", "UNDO")]),
        ("PROPOSER d'annuler le dernier coup", [("propose", "UNDO")]),
        ("VORSCHLAGEN RÜCKGÄNGIG", [("propose", "UNDO")]),
        ("PROPOSE to end the game now", [("propose", "END")]),
    ],
)
def test_a_command_among_prose(line: str, want: list[tuple[str, str]]) -> None:
    assert _read([line]) == want, line


@pytest.mark.parametrize(
    "line",
    [
        "I won't: RESIGN",
        "The BOARD looks great",
        "I'll SAY it again: nice move",
        "Don't send me the BOARD",
        "I won't take a VACATION 3 days",
        "Bonne fin de vacances à tous",
        "Mes vacances étaient super, merci",
        "Je ne pars pas en vacances 3 jours",
        "Can I see the board? Never mind, found it",
        "PROPOSE UNDO, or maybe not",
        "Next time I'll think longer before playing!",
        "Nächste Woche nehme ich Urlaub, dann schicke ich URLAUB.",
        "My holiday starts next week, I'll send VACATION then.",
        "Next time I'll go by bus",
    ],
)
def test_what_stays_prose_among_prose(line: str) -> None:
    assert not [k for k, _a in _read([line]) if k != "error"], line


def test_a_leave_put_in_doubt_after_it_is_asked_back() -> None:
    assert [k for k, _a in _read(["VACANCES 2 semaines, ou peut-être pas"])] == ["error"]
    assert _read(["Vacation 10 days, I won't be able to play"]) == [("vacation", "10d")]


def test_a_command_asked_twice_is_one_and_a_say_ends_before_its_sign_off() -> None:
    assert _read(["Could I see my statistics?", "STATS"]) == [("stats", "")]
    said = "DIRE Désolée pour le retard, j'étais en déplacement toute la semaine."
    assert _read([said, "Cordialement,", "Sophie Marchand"]) == [
        ("say", "Désolée pour le retard, j'étais en déplacement toute la semaine.")
    ]
    wrapped = ["SAY Apologies for the slow reply, I was snowed under at work and could",
               "not answer before today.", "Best,", "Helen"]  # fmt: skip
    assert _read(wrapped)[0][1].endswith("could not answer before today.")


def test_a_fresh_request_with_a_greeting_or_a_name_in_words() -> None:
    from pbem.commands.vocabulary import FRESH
    from pbem.mail.reply import strip_please
    from pbem.service.fresh import SEATS

    for line, arg in [
        ("Standby Forbidden City", "forbidden-city"),
        ("Bonjour, standby verbotene-stadt svp", "verbotene-stadt"),
        ("Standby Verbotene Stadt please", "verbotene-stadt"),
    ]:
        got = FRESH.read_fresh(line, SEATS, strip_please)
        assert got is not None and got[0] == "standby" and got[1][0].lower() == arg, line


@pytest.mark.parametrize(
    "line",
    ["ACCEPT, or maybe not", "Back soon!", "My next move: M13 R1", "Mon prochain coup : M13 R1", "Board games are fun", "History repeats itself, ha",
     "Aide, M13 R1 est légal ?", "PROPOSE to undo and end", "Help me understand the rules"],
)  # fmt: skip
def test_no_command_word_alone_before_these(line: str) -> None:
    assert not [k for k, _a in _read([line]) if k not in ("error", "rules")], line


@pytest.mark.parametrize(
    "arg",
    [
        "steal from East first, then South",
        "vol : Est puis Sud",
        "rubo da Est, poi Sud",
        "zuerst von Ost stehlen, dann von Süd",
    ],  # fmt: skip
)
def test_a_standing_order_to_steal_in_prose(arg: str) -> None:
    from pbem.service import standing

    assert standing.parse(arg, 0, 3) == standing.Orders(steal=[1, 2])


@pytest.mark.parametrize("arg", ["steal from North", "never steal from East", "take East or West"])
def test_a_standing_order_to_steal_that_cannot_be_is_refused(arg: str) -> None:
    from pbem.errors import CommandError
    from pbem.service import standing

    with pytest.raises(CommandError):
        standing.parse(arg, 0, 3)


# ---------------------------------------------------------------------------------------------
# Die Verbotene Stadt's decisions in words, through the whole reading (the service's own mails)
# ---------------------------------------------------------------------------------------------

DECISIONS: dict[str, list[tuple[str, str | None]]] = {
    "vs:believe": [("Nope, bluff. Doubt", "move doubt"), ("Ci credo 👍", "move believe"),
                   ("Bon, allez, je te crois cette fois.", "move believe"),
                   ("Non ci credo nemmeno un po'", "move doubt"),
                   ("Credo di no", "move doubt"), ("I trust them", "move believe"),
                   ("Believe or doubt?", None)],
    "vs:reselect": [("Keep mine", "move keep"), ("No change", "move keep"),
                    ("Nessun cambio, tengo la mia", "move keep"),
                    ("Finalement je passe sur GY", "move select GY"), ("GY, non KY", None),
                    ("KY, GY", None),
                    # the player's last word (seventh round: "Non, plutôt" corrects)
                    ("Je prends GY. Non, plutôt KY.", "move select KY")],
    "vs:steal": [("Orange pants pls", "move take north orange-pants"),
                 ("Evviva il drago! Prendo i pantaloni arancioni di Nord.",
                  "move take north orange-pants"),
                 ("Gib mir die Hose", "move take north orange-pants")],
    "vs:take": [("The yellow one, please.", "move take south yellow-coat"),
                ("Give me the yellow coat", "move take south yellow-coat")],
}  # fmt: skip
"""(what a player writes, what is carried out; None: nothing, the reply is asked back)."""


def test_decisions_in_words_through_the_whole_reading(tmp_path: Path) -> None:
    import player_corpus as pc

    seen = set()
    for name, stage in pc.vs_stages(tmp_path, "en"):
        for text, want in DECISIONS.get(name, []):
            v = pc.judge_stage(stage, pc.Case("t", "t", "en", name, "gmail", "nothing", text))
            assert v.got == ([want] if want else []) or (want is None and v.got == ["ask"]), (
                text,
                v.got,
            )
            seen.add(name)
    assert seen == set(DECISIONS)


@pytest.mark.parametrize(
    ("line", "mode"),
    [
        ("MAIL tours", "TURNS"),
        ("MAIL RÉSUMÉ", "DIGEST"),
        ("MAIL turni", "TURNS"),
        ("MAIL Züge", "TURNS"),
        ("MAIL tout", "EVERY"),
        ("MAIL TURNS", "TURNS"),
    ],  # fmt: skip
)
def test_mail_modes_in_the_four_languages(line: str, mode: str) -> None:
    assert _read([line]) == [("mail", mode)]


# ---------------------------------------------------------------------------------------------
# A move and a command asked in a sentence, in every client's shape (the service's own mail)
# ---------------------------------------------------------------------------------------------

ASKED = [
    ("Pouvez-vous me renvoyer le plateau ?", "board"), ("Les règles du jeu svp", "rules"),
    ("Mi rimandate il tabellone? Dal telefono non si vede bene", "board"),
    ("Könnt ihr mir das Brett schicken? BRETT", "board"), ("Meine erlaubten Züge?", "legal"),
    ("Which other games am I in at the moment? GAMES", "games"), ("I need help", "help"),
    ("HISTORY please, I lost track", "history"), ("In English please", "lang en"),
    ("Je pars une semaine au ski, vacances 7 jours", "vacation 168h"),
    ("Off to Munich for five days, so VACATION 5d.", "vacation 120h"),
]  # fmt: skip


def _fc_stage(tmp_path_factory: pytest.TempPathFactory, want: str) -> object:
    import player_corpus as pc

    for name, stage in pc.fc_stages(tmp_path_factory.mktemp("fc"), "fr"):
        if name == want:
            return stage
    raise AssertionError(f"no {want} mail")


@pytest.fixture(scope="module")
def fc_turn(tmp_path_factory: pytest.TempPathFactory) -> object:
    return _fc_stage(tmp_path_factory, "fc:turn")


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(ASKED),
    st.sampled_from(["M13 R1", "M13 R2", "N13 R1", "P10 R3"]),
    st.sampled_from(sorted(__import__("player_corpus").CLIENTS)),
    st.booleans(),
)
def test_a_move_and_a_command_in_a_sentence_in_every_client(
    fc_turn: object, asked: tuple[str, str], move: str, client: str, first: bool
) -> None:
    """Whatever the client's shape, the move is played as written and the command beside it is
    read; nothing else is ever carried out."""
    import player_corpus as pc

    text, want = asked
    body = f"{move}\n{text}" if first else f"{text}\n{move}"
    v = pc.judge_stage(fc_turn, pc.Case("t", "t", "fr", "fc:turn", client, "nothing", body))  # type: ignore[arg-type]
    assert sorted(v.got) == sorted([f"move {move}", want]), (client, body, v.got)


def test_a_correction_naming_an_official_among_words_asks_back(tmp_path: Path) -> None:
    """half-9 fr-922 was played as the first selection: "Je prends GY" then "non attendez,
    plutot KY" (a correction whose line is no move shape: a code among words). It asks back or
    reads the correction (KY), never GY."""
    import player_corpus as pc

    for name, stage in pc.vs_stages(tmp_path, "fr"):
        if name == "vs:reselect":
            body = "Je prends GY\nnon attendez, plutot KY"
            v = pc.judge_stage(stage, pc.Case("t", "t", "fr", name, "bare", "ask", body))
            assert v.got in (["ask"], [], ["move select KY"]), v.got  # (the correction read)
            return
    raise AssertionError("no reselection")


def test_a_move_in_prose_that_explains_a_preview_is_not_played(fc_turn: object) -> None:
    """ "Je voudrais voir ce que donne M13 R1 :" above "APERÇU M13 R1" played M13 R1 and
    previewed it: the prose only says why the preview is asked."""
    import player_corpus as pc

    for body, want in [
        ("Je voudrais voir ce que donne M13 R1 :\nAPERÇU M13 R1", ["preview M13 R1"]),
        ("I'd like to see what M13 R1 would do first:\nPREVIEW M13 R1", ["preview M13 R1"]),
        ("M13 R1\nPREVIEW P10 R3", ["move M13 R1", "preview P10 R3"]),
    ]:
        case = pc.Case("t", "t", "fr", "fc:turn", "gmail", "nothing", body)
        assert pc.judge_stage(fc_turn, case).got == want, body  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def fc_moved(tmp_path_factory: pytest.TempPathFactory) -> object:
    return _fc_stage(tmp_path_factory, "fc:moved")


@pytest.mark.parametrize(
    "body",
    [
        "Bien joué Sophie, ton P10 R1 de tout à l'heure m'a fait mal 😅",
        "J'aurais joué P10 R1 à ta place.",
        "Bel colpo Marco, il tuo P10 R1 mi ha rovinato la partita",
        "Avrei giocato P10 R1 anch'io.",
        "Mist, hätte doch P10 R1 spielen sollen. Naja.",
        "Schöner Zug, dein P10 R1 war fies!",
        "Nice one Claire - I was eyeing P10 R1 myself!",
        "Well played, your P10 R1 hurt.",
        # sixth round: a move regretted, seen or not seen coming
        "Nice one Marco, didn't see that P10 R1 coming.",
        "Ugh, should have gone for P10 R1 last turn.",
        "Je n'avais pas vu venir ce P10 R1, bravo.",
        "Il fallait jouer P10 R1 avant, tant pis.",
        "Accidenti, dovevo giocare P10 R1 prima.",
        "Quel P10 R1 non me l'aspettavo proprio.",
        "Starker Zug, Peter! Das P10 R1 habe ich nicht kommen sehen.",
        "Diesen P10 R1 hatte ich nicht erwartet.",
    ],
)
def test_a_remark_about_a_move_on_a_mail_that_is_no_turn(
    fc_moved: object, fc_turn: object, body: str
) -> None:
    """A move played or not played, named in a remark on a mail that asks the player for
    nothing (half-16 fr-1620, de-1620, en-1620): nothing to do, no question back; a question
    about it still asks back, and on a turn mail the same remark is never played."""
    import player_corpus as pc

    case = pc.Case("t", "t", "fr", "fc:moved", "gmail", "nothing", body)
    assert pc.judge_stage(fc_moved, case).got == [], body  # type: ignore[arg-type]
    question = pc.Case("t", "t", "fr", "fc:moved", "gmail", "ask", body.rstrip(".!😅 ") + " ?")
    assert pc.judge_stage(fc_moved, question).got == ["ask"], body  # type: ignore[arg-type]
    turn = pc.Case("t", "t", "fr", "fc:turn", "gmail", "ask", body)
    assert pc.judge_stage(fc_turn, turn).got == ["ask"], body  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "body",
    [
        "ANTEPRIMA M13 R1 per favore, poi decido.",
        "APERÇU M13 R1 s'il vous plaît, puis je décide",
        "VORSCHAU M13 R1 bitte, dann entscheide ich",
        "PREVIEW M13 R1 please - want to see what it scores before committing.",
        "APERÇU M13 R1 - je veux voir ce que ça donne",
        "VORSCHAU M13 R1 – will sehen, was es bringt",
    ],
)
def test_a_preview_with_its_purpose_after_then_or_a_dash(fc_turn: object, body: str) -> None:
    """ "ANTEPRIMA L12 R1 per favore, poi decido", "PREVIEW P11 R3 please - want to see what it
    scores" (half-16 it-1608, en-1608): the remark after the move is no part of it; a "then"
    before a direction or a code still is (nothing is played either way)."""
    import player_corpus as pc

    case = pc.Case("t", "t", "fr", "fc:turn", "gmail", "nothing", body)
    assert pc.judge_stage(fc_turn, case).got == ["preview M13 R1"], body  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("body", "want"),
    [
        # a line of sentences that is no command whole: its sentences read as lines (sixth
        # round: fr-1901, en-1901, en-1910, de-1902)
        ("Je joue M13 R1. Pourriez-vous m'envoyer les règles ? Je ne les ai jamais lues.",
         ["move M13 R1", "rules"]),
        ("M13 R1 for me. Could you send me the board again?", ["move M13 R1", "board"]),
        ("Gioco M13 R1. Mi mandate la storia della partita?", ["move M13 R1", "history"]),
        ("Ich spiele M13 R1. Könnt ihr mir die Rangliste schicken?", ["move M13 R1", "standings"]),
        ("M13 R1 bitte. Übrigens, wann ist eigentlich das nächste Treffen?", ["move M13 R1"]),
        ("Right, that square doesn't exist, my bad. Going with M13 R1 then.", ["move M13 R1"]),
        # and never when a sentence denies, doubts, corrects, asks about or names the move
        ("M13 R1. Not sure though.", ["ask"]),
        ("M13 R1. Or maybe P10 R0, what do you think?", ["ask"]),
        ("Not now. Then M13 R1.", ["ask"]),
        ("M13 R1. Wait, no.", ["ask"]),
        ("Je joue M13 R1. Non, attendez.", ["ask"]),
        ("Je joue M13 R1. Ou plutôt P10 R0.", ["ask"]),
        ("Gioco M13 R1. Anzi no.", ["ask"]),
        ("Forse M13 R1. Non so.", ["ask"]),
        ("Ich spiele M13 R1. Oder doch lieber nicht.", ["ask"]),
        ("Nicht jetzt. Dann M13 R1.", ["ask"]),
        ("M13 R1. If Bob plays P10 first, then P12 R0.", ["ask"]),
        ("I was going to play M13 R1. Is that allowed?", ["ask"]),
        ("Bob said M13 R1. I don't know.", ["ask"]),
        ("M13 R1. I'd rather keep M13 for later.", ["ask"]),
    ],
)  # fmt: skip
def test_the_sentences_of_a_line_read_apart(fc_turn: object, body: str, want: list[str]) -> None:
    import player_corpus as pc

    case = pc.Case("t", "t", "en", "fc:turn", "gmail", "nothing", body)
    got = pc.judge_stage(fc_turn, case).got  # type: ignore[arg-type]
    assert got == want or (want == ["ask"] and got == []), body
