"""Issue 31: replies as French, Italian, German and English players write them, read as meant.

The corpus (tests/fixtures/replies/players/, read by :mod:`player_corpus`) answers the service's
real mails of both games in 20 client shapes; each case says what it must be read as. The bar, on
every half of the corpus and every language: no wrong reading (nothing carried out that the player
did not mean), and at least 98 % read as meant (asking back counts where the case says the reply
is truly ambiguous). ``benchmarks/reading_players.py`` prints the same figures and every miss.

Then properties over the command words of the four languages: any command word, in any case,
with or without its accents, with courtesy and punctuation around it and prose lines before and
after, is read as that command and never as another.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import player_corpus as pc
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pbem.service.commands  # noqa: F401  (registers the commands' words the grammar reads)
from pbem.commands.grammar import read_commands
from pbem.commands.vocabulary import LANGS, VOCABULARY, fold_word

# ---------------------------------------------------------------------------------------------
# The corpus
# ---------------------------------------------------------------------------------------------


def test_the_corpus_is_as_described() -> None:
    cases = pc.all_cases()
    assert len(cases) >= 800
    assert {c.half for c in cases} == set(pc.HALVES)
    for half in pc.HALVES:
        per_lang = Counter(c.lang for c in pc.load(half))
        assert set(per_lang) == set(pc.LANGS), half
        assert min(per_lang.values()) >= 20, (half, per_lang)  # at 98 %: none missed
    assert {c.client for c in cases} == set(pc.CLIENTS)
    assert {c.mail for c in cases} >= {*pc.FC_STAGES, *pc.VS_STAGES, "fresh"} - {"vs:over"}
    assert len({c.id for c in cases}) == len(cases)
    assert sum(c.expect == "ask" for c in cases) >= 60  # the truly ambiguous: ask back


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory: pytest.TempPathFactory) -> list[pc.Verdict]:
    return pc.judge_all(tmp_path_factory.mktemp("corpus"), pc.all_cases())


@pytest.mark.slow  # reads every part (45 s of CPU): out of the fast lane, in the full suite and CI
def test_replies_of_players_are_read_as_meant(verdicts: list[pc.Verdict]) -> None:
    print("\n" + pc.report(verdicts))
    wrong = [(v.case.half, v.case.id, v.got, v.want) for v in verdicts if v.wrong]
    assert wrong == [], wrong
    figures = pc.figures(verdicts)
    low = {
        key: f"{meant}/{n}"
        for key, (meant, _wrong, n) in figures.items()
        if key[0] in pc.HALVES and key[1] in pc.LANGS and meant / n < pc.TARGET
    }
    missed = [(v.case.half, v.case.id, v.got, v.want) for v in verdicts if not v.meant]
    assert low == {}, (low, missed)


def test_the_judge_can_fail(tmp_path: Path) -> None:
    """A reply read as another move is wrong; a clear move asked back is missed, not wrong."""
    for name, stage in pc.fc_stages(tmp_path, "en"):
        if name != "fc:turn":
            continue
        other = pc.Case("t", "t", "en", "fc:turn", "gmail", "move M13 R2", "M13 R1")
        v = pc.judge_stage(stage, other)
        assert v.wrong and not v.meant
        asked = pc.Case("t", "t", "en", "fc:turn", "gmail", "move M13 R1", "M13 RO")
        v = pc.judge_stage(stage, asked)
        assert not v.wrong and not v.meant and v.got == ["ask"]
        played = pc.Case("t", "t", "en", "fc:turn", "gmail", "ask", "M13 R1")
        assert pc.judge_stage(stage, played).wrong
        break


def test_the_judge_compares_each_kind_in_order() -> None:
    """Commands of two kinds match in any order; two of one kind only in the order written."""
    case = pc.Case("t", "t", "en", "fc:turn", "gmail", "ask", "")

    def meant(got: list[str], want: list[str]) -> bool:
        return pc.Verdict(case, got, want).meant

    assert meant(["move N13 R0", "vacation 14d"], ["vacation 14d", "move N13 R0"])
    assert meant(["say a", "board", "say b"], ["board", "say a", "say b"])
    assert not meant(["say b", "say a"], ["say a", "say b"])
    assert not meant(["move N13 R0", "board"], ["vacation 14d", "move N13 R0"])
    assert not meant(["move N13 R0"], ["move N13 R0", "board"])


# ---------------------------------------------------------------------------------------------
# Properties over the command words of the four languages
# ---------------------------------------------------------------------------------------------

ACCENTED = {
    "APERCU": "APERÇU", "REGLES": "RÈGLES", "LEGAUX": "LÉGAUX", "NAECHSTER": "NÄCHSTER",
    "NAECHSTE": "NÄCHSTE", "ZURUECK": "ZURÜCK", "BESTAETIGEN": "BESTÄTIGEN",
}  # fmt: skip
"""The words whose language writes them with an accent or an umlaut (declared folded)."""

ARGUMENTS: dict[str, tuple[str, str]] = {
    # kind: (what follows the word, the argument read)
    "say": ("Bonne chance à tous", "Bonne chance à tous"),
    "mail": ("TURNS", "TURNS"),
    "lang": ("it", "it"),
    "vacation": ("2 semaines", "14d"),
    "preview": ("M13 R1", "M13 R1"),
    "propose": ("UNDO", "UNDO"),
    "next": ("M13 R1", "M13 R1"),
    "cert": ("correct horse battery", "correct horse battery"),
}
"""A valid argument for each command that takes one (the others stand alone)."""

SKIP = {"confirm"}
"""CONFIRM is RESIGN's second word, no command of its own (its property is RESIGN's below)."""

COURTESY = ["", "please", "merci", "s'il vous plaît", "svp", "grazie", "per favore", "bitte",
            "danke", "thanks"]  # fmt: skip
PUNCT = ["", "?", "!", ".", " ?", " !", "!!"]
BEFORE = ["", "Bonjour,", "Ciao a tutti,", "Hallo zusammen,", "Hi all,", "Sorry for the delay."]
AFTER = ["", "Merci !", "Grazie, a presto", "Viele Grüße\nAnna", "Cheers,\nBob",
         "Envoyé de mon iPhone", "Von meinem iPhone gesendet"]  # fmt: skip


def _spellings() -> list[tuple[str, str]]:
    """(a command word as a player of one of the four languages may write it, its kind)."""
    out = []
    for cmd in VOCABULARY:
        if cmd.kind in SKIP or not cmd.name:
            continue
        words = [cmd.name, *(w for lang in LANGS for w in cmd.words.get(lang, ()))]
        for w in dict.fromkeys(words):
            out.append((w, cmd.kind))
            if w in ACCENTED:
                out.append((ACCENTED[w], cmd.kind))
    return out


SPELLINGS = _spellings()


def _case(word: str, how: str) -> str:
    return {"upper": word.upper(), "lower": word.lower(), "title": word.title()}[how]


def test_every_command_word_is_in_the_properties() -> None:
    kinds = {k for _w, k in SPELLINGS}
    assert kinds == {c.kind for c in VOCABULARY} - SKIP
    assert all(fold_word(a) == w for w, a in ACCENTED.items())


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(SPELLINGS),
    st.sampled_from(["upper", "lower", "title"]),
    st.sampled_from(COURTESY),
    st.sampled_from(PUNCT),
    st.sampled_from(BEFORE),
    st.sampled_from(AFTER),
)
def test_any_command_word_with_courtesy_reads_as_that_command(
    spelled: tuple[str, str], how: str, courtesy: str, punct: str, before: str, after: str
) -> None:
    word, kind = spelled
    arg, read = ARGUMENTS.get(kind, ("", ""))
    if kind in ("say", "cert"):
        courtesy = punct = ""  # SAY's text and CERT's passphrase are taken whole, as written
    line = " ".join(x for x in (_case(word, how), arg, courtesy) if x) + punct
    lines = [*before.splitlines(), line, *after.splitlines()]
    if kind == "resign":  # RESIGN wants CONFIRM in the same reply
        lines.append({"upper": "CONFIRM", "lower": "confirm", "title": "Confirm"}[how])
    reading = read_commands(lines, None)
    want = "standing-show" if kind == "standing" else kind
    assert [c.kind for c in reading.commands] == [want], (lines, reading.commands)
    assert not reading.errors, (lines, reading.errors)
    got = reading.commands[0].arg
    if kind in ("mail", "propose"):
        got = got.upper()
    assert got == read, (lines, got)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from([(w, k) for w, k in SPELLINGS if k not in ARGUMENTS and k != "resign"]),
    st.sampled_from(["upper", "lower", "title"]),
    st.sampled_from(["Mes", "Le mie", "Meine", "My", "Le", "La", "Il", "Das", "Die", "The"]),
    st.sampled_from(PUNCT),
)
def test_a_command_word_is_never_read_as_another(
    spelled: tuple[str, str], how: str, article: str, punct: str
) -> None:
    """After an article or a possessive, a command word reads as its own command (the commands
    that take one) or as nothing, never as another command."""
    word, kind = spelled
    reading = read_commands([f"{article} {_case(word, how)}{punct}"], None)
    kinds = [c.kind for c in reading.commands]
    assert kinds in ([], ["standing-show" if kind == "standing" else kind]), (word, kinds)


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(SPELLINGS),
    st.sampled_from(["upper", "lower", "title"]),
    st.sampled_from(
        [
            "{w} was great, thanks",
            "I'll {w} you later about it",
            "Sur le {w} de la semaine dernière, rien à dire",
            "Quel {w} ieri sera, che partita",
            "Das {w} von gestern war lustig",
        ]
    ),
)
def test_a_command_word_inside_a_sentence_is_no_command_that_changes_the_game(
    spelled: tuple[str, str], how: str, sentence: str
) -> None:
    """A command word in the middle of a sentence of prose never resigns, answers a vote or
    takes leave. (NEXT, STANDING and PROPOSE read any short argument, which their own check
    refuses at carry-out when it is no move, no order or no proposal: nothing is done, and the
    answer says what to write.)"""
    word, _kind = spelled
    line = sentence.format(w=_case(word, how))
    reading = read_commands([line], None)
    changing = {"resign", "vacation", "back", "accept", "decline"}
    assert not changing & {c.kind for c in reading.commands}, (line, reading.commands)
