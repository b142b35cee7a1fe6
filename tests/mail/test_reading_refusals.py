"""Replies to our refusal and to our HELP (issue 31, tenth round, :mod:`pbem.commands.refused`
and :mod:`pbem.commands.pointing`): the player corrects the refused move and says why in the
same line ("Q99 was a joke 😅 seriously: O9 R1", "richtig ist N13 R3", "intendevo P12 R2 (il Q99
era un errore di battitura)"), takes a move of our "Try:" line or one we suggested, asks a
question and then decides, asks a preview in prose after HELP; and the nearest neighbours a
referee asks back (two moves offered, a question left open, a condition, the refused move
insisted on) or reads as nothing (the refused move joked away, the move promised for later).
The refused move is never played, nor a move only mentioned. Read as the corpus judge reads
(:mod:`player_corpus`: the reply as its mail client writes it, through the service's reading)."""

from __future__ import annotations

import player_corpus as pc
import pytest

from pbem.commands import pointing, refused
from pbem.rules.base import RuleError

HALF = "refusals"

# (id, lang, mail, expected, body); fc:rejected answers the refusal of "Q99 R2" (Try: M8 R1,
# L10 R0, P11 R2, M13 R0), fc:help answers HELP. Legal: L9 R0-1, L10/L12/M13/N13/O9/O13/P10/P12
# any, L11 R0-1, M8 R1-2, N9 R2-3, P11 R2-3.
CASES = [
    ('en-01', 'en', 'fc:rejected', 'move O13 R1', 'Q99 was a fat finger, sorry. O13 R1.'),
    ('en-02', 'en', 'fc:rejected', 'nothing', "Q99 was a fat finger, sorry. I'll send the real move after dinner."),
    ('en-03', 'en', 'fc:rejected', 'move L12 R3', 'Oops, no idea where Q99 came from 🙈 L12 R3 is what I meant'),
    ('en-04', 'en', 'fc:rejected', 'ask', "Oops, no idea where Q99 came from 🙈 L12 R3 or L10 R3, can't decide"),
    ('en-05', 'en', 'fc:rejected', 'move P10 R2', "Silly me, I typed P11 R0 but P11 can't take R0. Make it P10 R2."),
    ('en-06', 'en', 'fc:rejected', 'ask', 'Silly me. Is P11 R0 not allowed? Maybe P10 R2 then, what do you think?'),
    ('en-07', 'en', 'fc:rejected', 'move N13 R1', "Right, Q99 isn't even on the board. N13 R1 then."),
    ('en-08', 'en', 'fc:rejected', 'ask', "Right, Q99 isn't even on the board. N13 R1 or L12 R0 then?"),
    ('en-09', 'en', 'fc:rejected', 'move M8 R1', 'Fine. The first one on your Try: line then.'),
    ('en-10', 'en', 'fc:rejected', 'move P11 R2', 'I\'ll take the third move from your "Try" list.'),
    ('en-11', 'en', 'fc:rejected', 'move L10 R0', 'Whatever. The L10 R0 you suggested then.'),
    ('en-12', 'en', 'fc:rejected', 'ask', 'Whatever. Was the L10 R0 you suggested any good?'),
    ('en-13', 'en', 'fc:help', 'move L9 R1', 'Thanks. So L9 only goes with R0 or R1? Then L9 R1.'),
    ('en-14', 'en', 'fc:help', 'ask', 'Thanks. So L9 only goes with R0 or R1? Which one is better?'),
    ('en-15', 'en', 'fc:help', 'preview O9 R3', 'Thanks for the help! Could you show me a preview of O9 R3 before I decide?'),
    ('en-16', 'en', 'fc:help', 'ask', 'Thanks for the help! Would O9 R3 or O13 R1 be better, do you think?'),
    ('fr-01', 'fr', 'fc:rejected', 'move O13 R1', "Q99 c'était une faute de frappe, désolé. O13 R1."),
    ('fr-02', 'fr', 'fc:rejected', 'nothing', "Q99 c'était une blague 😅 je réfléchis et je vous renvoie mon coup ce soir."),
    ('fr-03', 'fr', 'fc:rejected', 'move L12 R3', "Pardon, le correcteur m'a mis Q99. Je voulais dire L12 R3."),
    ('fr-04', 'fr', 'fc:rejected', 'ask', "Pardon, le correcteur m'a mis Q99. L12 R3 ou L10 R3, je ne sais pas encore."),
    ('fr-05', 'fr', 'fc:rejected', 'move P10 R2', 'Oups, je voulais écrire P11 R0... mais P11 ne va pas avec R0. Alors P10 R2.'),
    ('fr-06', 'fr', 'fc:rejected', 'ask', "Oups, P11 R0 n'est pas permis ? Alors peut-être P10 R2, qu'en pensez-vous ?"),
    ('fr-07', 'fr', 'fc:rejected', 'move N13 R1', "Ah oui, Q99 n'existe même pas sur le plateau. Bon, N13 R1 alors."),
    ('fr-08', 'fr', 'fc:rejected', 'ask', "Ah oui, Q99 n'existe même pas sur le plateau. N13 R1 ou L12 R0 alors ?"),
    ('fr-09', 'fr', 'fc:rejected', 'move M8 R1', 'Je prends votre M8 R1 alors.'),
    ('fr-10', 'fr', 'fc:help', 'move L9 R1', "Merci. Donc L9 ne va qu'avec R0 ou R1 ? Alors je joue L9 R1."),
    ('fr-11', 'fr', 'fc:help', 'ask', "Merci. Donc L9 ne va qu'avec R0 ou R1 ? Lequel est le mieux ?"),
    ('fr-12', 'fr', 'fc:help', 'preview O9 R3', "Merci pour l'aide. Avant de décider, pouvez-vous me montrer un aperçu de O9 R3 ?"),
    ('it-01', 'it', 'fc:rejected', 'move O13 R1', 'Q99 era un errore di battitura, scusate. O13 R1.'),
    ('it-02', 'it', 'fc:rejected', 'nothing', 'Q99 era uno sbaglio 😅 ci penso ancora e vi mando la mossa domani.'),
    ('it-03', 'it', 'fc:rejected', 'move L12 R3', 'Scusate, il correttore mi ha messo Q99. Intendevo L12 R3.'),
    ('it-04', 'it', 'fc:rejected', 'ask', 'Scusate, il correttore mi ha messo Q99. L12 R3 o L10 R3, non so ancora.'),
    ('it-05', 'it', 'fc:rejected', 'move P10 R2', 'Ops, volevo scrivere P11 R0... ma P11 non va con R0. Allora P10 R2.'),
    ('it-06', 'it', 'fc:rejected', 'ask', 'Ops, P11 R0 non è permesso? Allora forse P10 R2, che dite?'),
    ('it-07', 'it', 'fc:rejected', 'move N13 R1', 'Già, Q99 non esiste nemmeno sul tabellone. Allora N13 R1.'),
    ('it-08', 'it', 'fc:rejected', 'ask', 'Già, Q99 non esiste nemmeno sul tabellone. N13 R1 o L12 R0 allora?'),
    ('it-09', 'it', 'fc:rejected', 'move L10 R0', 'Va bene, prendo la seconda delle vostre proposte di "Provate".'),
    ('it-10', 'it', 'fc:help', 'move L9 R1', 'Grazie. Quindi L9 va solo con R0 o R1? Allora gioco L9 R1.'),
    ('it-11', 'it', 'fc:help', 'ask', 'Grazie. Quindi L9 va solo con R0 o R1? Quale conviene?'),
    ('it-12', 'it', 'fc:help', 'preview O9 R3', "Grazie dell'aiuto. Prima di decidere, potete mostrarmi un'anteprima di O9 R3?"),
    ('de-01', 'de', 'fc:rejected', 'move O13 R1', 'Q99 war ein Tippfehler, sorry. O13 R1.'),
    ('de-02', 'de', 'fc:rejected', 'nothing', 'Q99 war Quatsch 🙈 ich überlege noch und schicke den Zug heute Abend.'),
    ('de-03', 'de', 'fc:rejected', 'move L12 R3', 'Die Autokorrektur hat Q99 draus gemacht. Gemeint war L12 R3.'),
    ('de-04', 'de', 'fc:rejected', 'ask', 'Die Autokorrektur hat Q99 draus gemacht. L12 R3 oder L10 R3, weiß ich noch nicht.'),
    ('de-05', 'de', 'fc:rejected', 'move P10 R2', 'Hoppla, ich wollte P11 R0 schreiben... aber P11 geht nicht mit R0. Also P10 R2.'),
    ('de-06', 'de', 'fc:rejected', 'ask', 'Hoppla, P11 R0 geht nicht? Dann vielleicht P10 R2, was meint ihr?'),
    ('de-07', 'de', 'fc:rejected', 'move N13 R1', 'Stimmt, Q99 gibt es auf dem Brett gar nicht. Dann N13 R1.'),
    ('de-08', 'de', 'fc:rejected', 'ask', 'Stimmt, Q99 gibt es auf dem Brett gar nicht. N13 R1 oder L12 R0 dann?'),
    ('de-09', 'de', 'fc:rejected', 'move M13 R0', 'Na gut, dann den letzten Ihrer Vorschläge.'),
    ('de-10', 'de', 'fc:help', 'move L9 R1', 'Danke. Also geht L9 nur mit R0 oder R1? Dann spiele ich L9 R1.'),
    ('de-11', 'de', 'fc:help', 'ask', 'Danke. Also geht L9 nur mit R0 oder R1? Welche ist besser?'),
    ('de-12', 'de', 'fc:help', 'preview O9 R3', 'Danke für die Hilfe. Bevor ich mich entscheide: können Sie mir eine Vorschau von O9 R3 zeigen?'),
    ('en-17', 'en', 'fc:rejected', 'move O9 R1', 'Q99 was a joke 😅 seriously now: O9 R1'),
    ('en-18', 'en', 'fc:rejected', 'ask', 'Q99 was no joke, I really want it there! Not O9 R1.'),
    ('en-19', 'en', 'fc:rejected', 'move P12 R1', 'I meant P12 R1 (the Q99 was autocorrect).'),
    ('en-20', 'en', 'fc:rejected', 'move M13 R0', 'OK then, the last one on your Try: line.'),
    ('en-21', 'en', 'fc:rejected', 'ask', 'OK then, the last one or the first one on your Try: line, whichever is better.'),
    ('en-22', 'en', 'fc:rejected', 'ask', 'Q99 was a joke. O9 R1 or O13 R1, you pick.'),
    ('fr-13', 'fr', 'fc:rejected', 'move O9 R1', "Q99 c'était pour rire 😅 sérieusement : O9 R1"),
    ('fr-14', 'fr', 'fc:rejected', 'move P12 R1', 'Je voulais P12 R1 (le Q99 était une faute de frappe).'),
    ('fr-15', 'fr', 'fc:rejected', 'ask', 'Je voulais P12 R1 ou P12 R3 (le Q99 était une faute de frappe).'),
    ('it-13', 'it', 'fc:rejected', 'move O9 R1', 'Q99 era uno scherzo 😅 sul serio: O9 R1'),
    ('it-14', 'it', 'fc:rejected', 'move P12 R1', 'Volevo P12 R1 (Q99 era il correttore).'),
    ('it-15', 'it', 'fc:rejected', 'ask', 'Q99 era uno scherzo. O9 R1 o O13 R1, scegliete voi.'),
    ('de-13', 'de', 'fc:rejected', 'move O9 R1', 'Q99 war ein Scherz 😅 im Ernst: O9 R1'),
    ('de-14', 'de', 'fc:rejected', 'move P12 R1', 'Ich meinte P12 R1 (Q99 war die Autokorrektur).'),
    ('de-15', 'de', 'fc:rejected', 'ask', 'Q99 war kein Scherz, ich will da wirklich hin! Nicht O9 R1.'),
    ('de-16', 'de', 'fc:rejected', 'move M13 R0', 'Ok, dann den letzten Zug aus Ihrer "Versuchen Sie"-Zeile.'),
    ('en-23', 'en', 'fc:rejected', 'move M13 R2', 'Haha, Q99, what was I thinking. Correct move: M13 R2'),
    ('en-24', 'en', 'fc:rejected', 'ask', 'Haha, Q99, what was I thinking. Correct move: M13 R2 or M13 R3, not sure.'),
    ('en-25', 'en', 'fc:rejected', 'ask', "Q99 was a typo. I'll send the right move after I look at the board again, don't play M13 R2 for me."),
    ('en-26', 'en', 'fc:help', 'move P11 R3', "Thanks. So P11 can't take R0 or R1? Then P11 R3."),
    ('en-27', 'en', 'fc:help', 'ask', "Thanks. So P11 can't take R0 or R1? Then should I play P11 R3?"),
    ('fr-16', 'fr', 'fc:rejected', 'move N13 R2', "Zut, Q99 ça n'existe pas 🙄 c'est N13 R2 que je voulais"),
    ('fr-17', 'fr', 'fc:rejected', 'ask', "Zut, Q99 ça n'existe pas 🙄 c'est N13 R2 ou N13 R3 que je voulais ?"),
    ('fr-18', 'fr', 'fc:rejected', 'move P11 R2', 'Bon, je prends la troisième de votre ligne « Essayez ».'),
    ('fr-19', 'fr', 'fc:rejected', 'ask', "Q99 était une erreur. Si vous êtes d'accord, N13 R2, sinon je réfléchis encore."),
    ('it-16', 'it', 'fc:rejected', 'move N13 R2', 'Ops, Q99 era un refuso 🙈 la mossa giusta è N13 R2'),
    ('it-17', 'it', 'fc:rejected', 'ask', 'Ops, Q99 era un refuso 🙈 la mossa giusta è N13 R2? O era N13 R3?'),
    ('it-18', 'it', 'fc:rejected', 'nothing', 'Q99 era un errore, scusate, ci ripenso e ve la rimando domani.'),
    ('it-19', 'it', 'fc:help', 'move P11 R3', 'Grazie mille. Ma quindi P11 non va con R0? Allora P11 R3.'),
    ('de-17', 'de', 'fc:rejected', 'move N13 R2', 'Sorry, Q99 war ein Vertipper. Richtig wäre N13 R2.'),
    ('de-18', 'de', 'fc:rejected', 'ask', 'Q99 war ein Vertipper. Ob N13 R2 besser ist, weiß ich noch nicht.'),
    ('de-19', 'de', 'fc:rejected', 'move M8 R1', 'Gut, dann nehme ich den M8 R1, den Sie vorgeschlagen haben.'),
    ('fr-20', 'fr', 'fc:help', 'move L11 R1', "L11 R1. Merci quand même pour l'aide, mais je connais les règles depuis longtemps."),
    ('en-28', 'en', 'fc:help', 'ask', 'L11 R1. Thanks for the help, but hold on, let me read it again first.'),
    ('it-20', 'it', 'fc:help', 'move L11 R1', "L11 R1. Grazie per l'aiuto, ma conosco il gioco da anni 😉"),
    ('de-20', 'de', 'fc:help', 'ask', 'L11 R1. Danke für die Hilfe, aber bitte noch nicht spielen, ich lese erst nach.'),
]  # fmt: skip

PROBES = [
    pc.Case(HALF, cid, lang, mail, "gmail", want, body) for cid, lang, mail, want, body in CASES
]


verdicts = pc.verdicts_fixture(HALF, PROBES)


@pytest.mark.parametrize("cid", [c.id for c in PROBES])
def test_a_reply_to_a_refusal_or_to_help(verdicts: dict[str, pc.Verdict], cid: str) -> None:
    v = verdicts[cid]
    assert v.meant, (v.got, v.want, v.case.body)


def test_the_cases_cover_every_language() -> None:
    for lang in pc.LANGS:
        assert sum(c.lang == lang and c.expect in ("ask", "nothing") for c in PROBES) >= 4, lang
        assert sum(c.lang == lang and c.expect.startswith("move") for c in PROBES) >= 6, lang


LEGAL = {"O9 R2", "N13 R3", "L11 R0", "P12 R0", "P12 R2", "L9 R1", "N9 R2", "M8 R1"}


def _parse(text: str) -> object:
    if text not in LEGAL:
        raise RuleError(f"not legal: {text}")
    return text


REFUSAL = {"list": ["L10 R0", "M8 R1"], "eg": ["M8 R1"], "try": ["M8 R1", "L10 R0", "P11 R2"]}
HELP = {"list": ["L10 R0", "M8 R1"]}
TURN = {"list": ["L10 R0", "M8 R1"], "eg": ["M8 R1"]}


@pytest.mark.parametrize(
    ("lists", "line", "read"),
    [
        (REFUSAL, "Q99 war natürlich Quatsch 🙈 Dann L11 R0", "L11 R0"),
        (REFUSAL, "Chiedo scusa, intendevo P12 R2 (il Q99 era un errore di battitura).",
         "Chiedo scusa, intendevo P12 R2"),
        (REFUSAL, "Handy hat mir das verhunzt, richtig ist N13 R3", "N13 R3"),
        (REFUSAL, "Ich wollte P11 R0 schreiben... aber P11 geht nicht mit R0. Dann P12 R0.",
         "P12 R0"),
        (REFUSAL, "Q99 era uno scherzo 😅 vi rimando la mossa stasera", "vi rimando la mossa stasera"),
        (HELP, "Grazie. Quindi L9 va solo con R0 o R1? Allora vado con L9 R1.",
         "Grazie. Allora vado con L9 R1."),
        # as written: two moves, a question left open, a condition, the refused move insisted on
        # after the move, a move promised with another code named, another mail answered
        (REFUSAL, "Q99 was a joke. O9 R2 or P12 R2, you pick.", None),
        (REFUSAL, "Q99 was a joke. Is O9 R2 any good?", None),
        (REFUSAL, "Q99 was a joke. If you agree, O9 R2.", None),
        (REFUSAL, "O9 R2. Q99 R2 is what I really want.", None),
        (REFUSAL, "Q99 R2 is what I want. O9 R2 would be silly.", None),
        (REFUSAL, "Q99 was a typo, I meant Q9 R2, more tomorrow", None),
        (REFUSAL, "Q99 R2 again please", None),
        (HELP, "So L9 only goes with R0 or R1? L9 R1 is the better one?", None),
        (TURN, "Q99 war natürlich Quatsch 🙈 Dann L11 R0", None),
        # a remark about the HELP after the move: dropped, unless it takes the move back
        (HELP, "L9 R1. Et vous pouvez garder votre aide ;-)", "L9 R1."),
        (HELP, "L9 R1. Thanks for the help, but hold on, let me read it first.", None),
    ],
)  # fmt: skip
def test_the_parts_dropped(lists: dict[str, list[str]], line: str, read: str | None) -> None:
    assert refused.answered(line, lists, _parse) == (line if read is None else read)


@pytest.mark.parametrize(
    ("line", "read"),
    [
        ("Fine, the last one on your Try: line.", "Fine, P11 R2."),
        ('The first one from your "Try" list then.', "M8 R1 then."),
        ('Ok, dann den zweiten Zug aus Ihrer "Versuchen Sie"-Zeile.', "Ok, dann L10 R0."),
        ("je prends la troisième de la ligne « Essayez »", "je prends P11 R2"),
        ("The M8 R1 you suggested then.", "M8 R1 then."),
        ("Je prends une de vos suggestions, M8 R1.", "Je prends M8 R1."),
        ("Prendo la L10 R0 che avete proposto.", "Prendo L10 R0."),
        # not one we offered, or not said to be: as written
        ("The P12 R2 you suggested then.", "The P12 R2 you suggested then."),
        ("The M8 R1 then.", "The M8 R1 then."),
    ],
)
def test_the_try_line_and_the_moves_we_offered(line: str, read: str) -> None:
    assert pointing.pointed(line, REFUSAL) == read
