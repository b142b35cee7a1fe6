"""The player's last word counts (issue 31, ninth round, :mod:`pbem.commands.retraction`): words
after the last command that take it back, correct it into something the reading did not take,
joke it away, put a condition on it or say not to play it stop the reply (asked back, nothing
carried out); courtesy and small talk after a move stop nothing. Read as the corpus judge reads
(:mod:`player_corpus`: the reply as its mail client writes it, through the service's reading)."""

from __future__ import annotations

import time

import player_corpus as pc
import pytest

from pbem.commands import retraction

HALF = "retraction"

# (id, lang, mail, expected, body): near-misses that must still play, and take-backs to ask.
CASES = [
    # small talk, courtesy and a "no" about something else after a move: still played
    ("en-keep-01", "en", "fc:turn", "move M13 R2", "M13 R2. Sorry for the late answer."),
    ("en-keep-02", "en", "fc:turn", "move P12 R1", "P12 R1\n\nNo rush, take your time."),
    ("en-keep-03", "en", "fc:turn", "move M13 R2", "M13 R2\n\nNo idea how Bea will answer that, good luck!"),
    ("en-keep-04", "en", "fc:turn", "move L12 R0", "L12 R0\n\nCan't wait to see the next board!"),
    ("en-keep-05", "en", "fc:turn", "move M13 R2", "M13 R2\nSorry, I was away all weekend."),
    ("fr-keep-01", "fr", "fc:turn", "move L12 R0", "L12 R0\n\nNon pas que ça change grand-chose, mais bon."),
    ("fr-keep-02", "fr", "fc:turn", "move M13 R2", "M13 R2. Pardon pour le retard !"),
    ("fr-keep-03", "fr", "fc:turn", "move P12 R1", "P12 R1\n\nRien ne presse pour la suite, prenez votre temps."),
    ("fr-keep-04", "fr", "fc:turn", "move M13 R2", "M13 R2\nJ'ai mis une minute à trouver la bonne case, merci."),
    ("fr-keep-05", "fr", "fc:turn", "move L12 R0", "L12 R0\n\nBonne soirée à tous."),
    ("it-keep-01", "it", "fc:turn", "move M13 R2", "M13 R2. Scusate il ritardo."),
    ("it-keep-02", "it", "fc:turn", "move P12 R1", "P12 R1, nessuna fretta per gli altri."),
    ("it-keep-03", "it", "fc:turn", "move L12 R0", "L12 R0\n\nNon vedo l'ora di vedere il tabellone!"),
    ("it-keep-04", "it", "fc:turn", "move M13 R2", "M13 R2\nGrazie e buona serata."),
    ("de-keep-01", "de", "fc:turn", "move M13 R2", "M13 R2. Entschuldigung für die späte Antwort."),
    ("de-keep-02", "de", "fc:turn", "move P12 R1", "P12 R1\n\nKeine Eile, lasst euch Zeit."),
    ("de-keep-03", "de", "fc:turn", "move L12 R0", "Ich spiele L12 R0. Bin gespannt auf das Brett."),
    ("de-keep-04", "de", "fc:turn", "move M13 R2", "M13 R2\nVielen Dank und schönen Abend noch."),
    # a correction the reading took: still the corrected move
    ("en-keep-06", "en", "fc:turn", "move M13 R2", "M13 R1... no wait, M13 R2"),
    ("fr-keep-06", "fr", "fc:turn", "move M13 R2", "M13 R1... non attendez, M13 R2"),
    # taken back after the move: asked back, never played
    ("en-back-01", "en", "fc:turn", "ask", "M13 R2... forget it, I need to think more."),
    ("en-back-02", "en", "fc:turn", "ask", "M13 R2. Just kidding, still thinking."),
    ("en-back-03", "en", "fc:turn", "ask", "O13 R2\n\nHmm, that opens the garden for Bea. Don't play it, I'll write again."),
    ("en-back-04", "en", "fc:turn", "ask", "P10 R0, oh no wait."),
    ("fr-back-01", "fr", "fc:turn", "ask", "N13 R2... laissez tomber, je dois encore réfléchir."),
    ("fr-back-02", "fr", "fc:turn", "ask", "M13 R1, je plaisante. Je réfléchis encore."),
    ("it-back-01", "it", "fc:turn", "ask", "N13 R2... lasciate perdere, ci devo ancora pensare."),
    ("it-back-02", "it", "fc:turn", "ask", "M13 R1, scherzo. Non giocatela."),
    ("de-back-01", "de", "fc:turn", "ask", "N13 R2... vergessen Sie das, ich muss noch überlegen."),
    ("de-back-02", "de", "fc:turn", "ask", "M13 R1, nur ein Scherz. Bitte nicht spielen."),
    ("en-back-05", "en", "fc:moved", "ask", "VACATION 7d - oh no, make it 10d."),
    ("fr-back-03", "fr", "fc:moved", "ask", "LANGUE en... non, gardez le français."),
    ("de-back-03", "de", "fc:moved", "ask", "URLAUB 7 Tage - ach nein, lieber 10 Tage."),
    ("it-back-03", "it", "fc:moved", "ask", "VACANZA 7 giorni - anzi no, 10 giorni."),
    # a move written right after a word that denies it: never played, whatever follows
    ("de-deny-01", "de", "fc:turn", "ask", "Nicht L12 R0 und nicht M8 R1."),
    ("en-deny-01", "en", "fc:turn", "ask", "Not L12 R0 and not M8 R1... I need to sleep on it."),
    ("fr-deny-01", "fr", "fc:turn", "ask", "Pas L12 R0 et pas M8 R1... je dois y réfléchir."),
    ("it-deny-01", "it", "fc:turn", "ask", "Né L12 R0 né M8 R1, ci penso."),
    ("en-deny-02", "en", "vs:turn", "ask", "Not BK E S, and not RB N either. Thinking."),
    # "not X but Y": Y, which no word denies, is played
    ("fr-deny-02", "fr", "fc:turn", "move L10 R2", "Pas L10 R0 mais L10 R2."),
    ("de-deny-02", "de", "fc:turn", "move L10 R2", "Nicht L10 R0, sondern L10 R2."),
    # tenth round: a SAY corrected by a later SAY; one more SAY is both
    ("fr-say-01", "fr", "fc:moved", "say Bonne partie Carl", "DIRE Bonne partie Béa\noups, DIRE Bonne partie Carl"),
    ("en-say-01", "en", "fc:moved", "ask", "SAY Well played Bea\noops, I mean SAY Well played Carl"),
    ("de-say-01", "de", "fc:moved", "say Bis bald Bea + say Bis bald Carl", "SAGE Bis bald Bea\nSAGE Bis bald Carl"),
    # a move meant for another game
    ("it-game-01", "it", "fc:turn", "ask", "L10 R2. Scusate, mi sono sbagliato di partita."),
    ("de-game-01", "de", "fc:turn", "ask", "O13 R1 - sorry, falsches Spiel!"),
    ("de-game-02", "de", "fc:turn", "move P12 R1", "P12 R1, wie in unserer anderen Partie."),
    # the move apologised for is not a new move; an apology before a new one corrects
    ("fr-sorry-01", "fr", "fc:turn", "move M13 R1", "M13 R1, désolé pour le Q99 de tout à l'heure."),
    ("it-sorry-01", "it", "fc:turn", "move P12 R1", "P12 R1, scusate per il Z12 di prima."),
    ("en-sorry-01", "en", "fc:turn", "ask", "L10 R2. Sorry, L10 R3?"),
    # a move excluded, refused, or a fallback taken where the first move can be played
    ("en-but-01", "en", "fc:turn", "ask", "Anything except M13 R1, please."),
    ("it-but-01", "it", "fc:turn", "ask", "Qualunque mossa tranne L10 R2."),
    ("de-ref-01", "de", "fc:turn", "ask", "Ich lehne es ab, M13 R3 zu spielen."),
    ("en-ref-01", "en", "fc:turn", "move M13 R1", "I refuse to wait any longer. M13 R1"),
    ("fr-fall-01", "fr", "fc:turn", "ask", "M13 R1, sauf si Béa prend le jardin, alors M13 R3."),
    ("it-fall-01", "it", "fc:turn", "ask", "L10 R2, a meno che Carl non chiuda la stanza, allora L10 R3."),
    # a question whether the move can be played, answered in advance; the turn as a condition
    ("en-ifso-01", "en", "fc:turn", "move M13 R1", "Can I play M13 R1? If so, that's my move."),
    ("en-ifso-02", "en", "fc:turn", "ask", "Should I play M13 R1? If so, that's my move."),
    ("en-else-01", "en", "fc:turn", "move P12 R1", "If it's still my turn: P12 R1. Otherwise forget it."),
    ("de-else-01", "de", "fc:turn", "ask", "P12 R1. Wenn nicht, vergiss es."),
    # a slide corrected by its directions alone; a condition on someone taking a thing
    ("fr-dir-01", "fr", "vs:turn", "move KB S W", "KB S E... non, plutôt S O"),
    ("en-dir-01", "en", "vs:turn", "move RB N E", "RB N W - no wait, N E"),
    ("en-dir-02", "en", "vs:turn", "ask", "KB S E... no, S W? Not sure."),
    ("it-taken-01", "it", "vs:waiting", "ask", "PROSSIMA KB S, a meno che Ovest abbia preso la giacca gialla."),
]  # fmt: skip

PROBES = [
    pc.Case(HALF, cid, lang, mail, "gmail", want, body) for cid, lang, mail, want, body in CASES
]


verdicts = pc.verdicts_fixture(HALF, PROBES)


@pytest.mark.parametrize("cid", [c.id for c in PROBES])
def test_the_last_word_counts(verdicts: dict[str, pc.Verdict], cid: str) -> None:
    v = verdicts[cid]
    assert v.meant, (v.got, v.want, v.case.body)


def test_the_cases_cover_every_language() -> None:
    for lang in pc.LANGS:
        assert sum(c.lang == lang and c.expect == "ask" for c in PROBES) >= 3, lang
        assert sum(c.lang == lang and c.expect != "ask" for c in PROBES) >= 4, lang


@pytest.mark.parametrize(
    ("text", "takes_back"),
    [
        ("… laissez tomber", True),
        ("LAISSEZ TOMBER", True),
        (", je vous réécris", True),
        (", je vous reecris", True),
        (", ne le jouez pas", True),
        (", non giocatela", True),
        (", bitte nicht spielen", True),
        (", don't play it", True),
        (", I take that back", True),
        (" - hold on!", True),
        (" - scratch that", True),
        (", es sei denn, Bea ist schneller", True),
        (". No rush.", False),
        (". Non pas que ça change grand-chose.", False),
        (". I can't wait to see it.", False),
        (". Sorry for the late answer.", False),
        (". Vergiss nicht, morgen ist Spieleabend.", False),
    ],
)
def test_the_vocabularies(text: str, takes_back: bool) -> None:
    """The words themselves, folded (accents, capitals, apostrophes), after a command."""
    assert retraction.takes_back(text, ["m13", "r2"]) is takes_back


def test_the_guard_is_linear_on_a_long_reply() -> None:
    """A hostile tail of 100,000 characters (marker words and spaces) is read in about the time
    of ten times less, times ten (ratios in one run, no absolute clock limit)."""

    def cost(n: int) -> float:
        text = ("no wait non attendez si " * (n // 24))[:n]
        t0 = time.perf_counter()
        for _ in range(3):
            retraction.takes_back(text, ["m13", "r2"])
        return time.perf_counter() - t0

    small, big = cost(10_000), cost(100_000)
    assert big < small * 40 + 0.05
