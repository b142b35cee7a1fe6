"""Forbidden City replies a referee reads at once, each beside its dangerous neighbour (issue 31,
eighteenth round), read by the grammar alone (no game is built: a move is one of the legal
placements of the corpus's turn mail, tile P9), so each case costs a few milliseconds:

- PREVIEW asked in a sentence with its reason after the question, the player's doubt or worry
  ("Non capisco se chiude la stanza verde o no.", "I don't want to hand Tom the garden."), "show
  me first" after the conditional question ("What would N13 R3 score for me? Show me before I
  decide please"), "come viene", "avant que je valide"; a preview asked and a move played in one
  reply is asked back;
- NEXT said in a sentence: the queue verb before the next turn named ("mettez-moi de côté pour
  mon prochain tour : M13 R1, ou à défaut P10 R0"), the verb last ("Bitte N13 R1 für meinen
  nächsten Zug vormerken"), an absence said after it ("..., I'm out tomorrow evening"), a
  condition of possibility "bien sûr";
- a move beside chatter: an apology for being late ("M13 R3 - sorry, hat diesmal etwas
  gedauert"), an emoji ending a sentence, nothing better coming to mind, the tile said hard to
  place, "et on verra bien" (hope, no opinion awaited).

The cases are the corpus's format (``tests/fixtures/replies/players/half-1.txt``); their
whole-service reading is measured by /work/notes-style probes with ``player_corpus.judge_all``.
"""

from __future__ import annotations

import re

import player_corpus as pc
import pytest

import pbem.service.commands  # noqa: F401  (registers the commands' words the grammar reads)
from pbem import i18n
from pbem.commands import chatter, queued
from pbem.commands.grammar import read_commands
from pbem.rules.base import InvalidSyntax, RuleError

_ANY_ROTATION = ("L10", "L12", "M13", "N13", "O9", "O13", "P10", "P12")
LEGAL = {f"{square} R{r}" for square in _ANY_ROTATION for r in range(4)} | {
    "L9 R0",
    "L9 R1",
    "L11 R0",
    "L11 R1",
    "M8 R1",
    "M8 R2",
    "N9 R2",
    "N9 R3",
    "P11 R2",
    "P11 R3",
}
"""The legal placements of tile P9 in the corpus's turn mail (half-1.txt's header)."""
_PLACED = re.compile(r"\s*([A-Pa-p])\s*(\d{1,2})\s*[Rr]\s*([0-3])\s*[.!]?\s*")


def _parse(text: str) -> str:
    m = _PLACED.fullmatch(text)
    if m is None:
        raise InvalidSyntax("not a move")
    code = f"{m[1].upper()}{m[2]} R{m[3]}"
    if code not in LEGAL:
        raise RuleError("not legal here")
    return code


def _form(text: str) -> bool:
    return _PLACED.fullmatch(text) is not None


def _no_move(text: str) -> str:
    raise InvalidSyntax("a slide, read by no game here")


CASES = pc.parse_cases(
    "fc18",
    """
=== p18-en-01 | en | fc:turn | gmail | preview O13 R0
Could you show me what O13 R0 would do first? Not playing it yet.

=== p18-en-02 | en | fc:turn | gmail | preview L12 R1
Can you show me what L12 R1 would give before I decide? I'm not sure whether it closes the red palace.

=== p18-en-03 | en | fc:turn | iphone | ask
Can you show me what L12 R1 would give before I decide? I'm not sure, so I'll play P10 R3 instead.

=== p18-en-04 | en | fc:turn | gmail | preview N13 R3
What would N13 R3 score for me? Show me before I decide please

=== p18-en-05 | en | fc:turn | samsung | ask
What would N13 R3 score for me? Tom says it's rubbish. Play it anyway.

=== p18-en-06 | en | fc:turn | outlook | preview M13 R2
Could you show me what M13 R2 would do before I commit? I don't want to hand Tom the garden.

=== p18-en-07 | en | fc:turn | thunderbird | ask
Tom asked me what M13 R2 would do. I told him I don't know.

=== p18-en-08 | en | fc:moved | thunderbird | next O13 R2
Queue O13 R2 for my next turn please, I'm out tomorrow evening.

=== p18-en-09 | en | fc:moved | gmail | next P12 R0
Please queue P12 R0 for my next turn, I'll be away all weekend.

=== p18-en-10 | en | fc:moved | gmail | ask
Please don't queue P12 R0 for my next turn, I'll be around.

=== p18-en-11 | en | vs:turn | gmail | preview KB S E
Before I decide, could you show me where KB S E would end up? I don't want to give the pavilion away.

=== p18-fr-01 | fr | fc:turn | gmail | preview O13 R0
Vous pouvez me montrer ce que donnerait O13 R0 avant que je valide ? Je ne sais pas si ça ferme le palais rouge.

=== p18-fr-02 | fr | fc:turn | gmail | preview M13 R2
Tu peux me montrer ce que donne M13 R2 avant que je valide ?

=== p18-fr-03 | fr | fc:turn | iphone | ask
Tu peux me montrer ce que donne M13 R2 ? Bon, je valide P10 R3 de toute façon.

=== p18-fr-04 | fr | fc:turn | outlook | preview L10 R2
Pourriez-vous me montrer ce que ferait L10 R2 avant de valider ? Je ne voudrais pas offrir le jardin à Marc.

=== p18-fr-05 | fr | fc:turn | thunderbird | ask
Marc m'a demandé ce que ferait L10 R2. Je ne sais pas.

=== p18-fr-06 | fr | vs:turn | gmail-android | preview KB S W
Tu peux me montrer ce que donne KB S W avant que je confirme ? Je ne vois pas si le pavillon se ferme.

=== p18-fr-07 | fr | fc:moved | gmail | next M13 R1 ELSE P10 R0
Pour gagner du temps, mettez-moi de côté pour mon prochain tour : M13 R1, ou à défaut P10 R0.

=== p18-fr-08 | fr | fc:moved | webde | next L12 R0
Gardez-moi de côté pour mon prochain tour : L12 R0. Je serai au marché toute la matinée.

=== p18-fr-09 | fr | fc:moved | gmail | ask
Gardez-moi de côté pour mon prochain tour : L12 R0 ou M13 R1, je ne sais pas encore.

=== p18-fr-10 | fr | fc:moved | orange | next P12 R3
Mettez P12 R3 de côté pour mon prochain tour svp, je suis au boulot demain.

=== p18-fr-11 | fr | fc:turn | samsung | preview P11 R2
Avant de jouer, vous me montrez ce que donnerait P11 R2 ? J'ai peur d'ouvrir le couloir à Jeanne.

=== p18-fr-12 | fr | fc:turn | samsung | ask
Avant de jouer, vous me montrez ce que donnerait P11 R2 ? J'ai peur d'ouvrir le couloir à Jeanne. Ou bien N9 R3 ?

=== p18-it-01 | it | fc:turn | gmail | preview N9 R2
prima di decidere mi fate vedere un'anteprima di N9 R2? Non capisco se chiude la stanza verde o no.

=== p18-it-02 | it | fc:turn | gmail-android | preview P11 R2
Prima di giocare mi fate vedere come verrebbe P11 R2? Non sono sicura che chiuda il palazzo.

=== p18-it-03 | it | fc:turn | gmail-android | preview L12 R3
fammi vedere prima come viene L12 R3, poi decido

=== p18-it-04 | it | fc:turn | iphone | ask
fammi vedere prima come viene L12 R3, poi gioco O9 R1

=== p18-it-05 | it | vs:turn | webde | preview KB S E
Prima di decidere, mi fate vedere dove finirebbe KB S E? Non voglio regalare il padiglione a nessuno.

=== p18-it-07 | it | vs:turn | gmail-android | preview BR W N
fammi vedere prima come viene BR W N, poi decido

=== p18-it-08 | it | fc:turn | thunderbird | preview O9 R1
Mi mostrate cosa darebbe O9 R1 prima che confermi? Ho paura di aprire il corridoio a Luca.

=== p18-it-09 | it | fc:turn | thunderbird | ask
Luca mi ha chiesto cosa darebbe O9 R1. Non lo so.

=== p18-it-10 | it | fc:moved | libero | next O13 R2
Mettetemi da parte per il mio prossimo turno: O13 R2. Domani sono al lavoro tutto il giorno.

=== p18-it-11 | it | fc:moved | gmail | next L10 R1
Segnatemi L10 R1 per il prossimo turno, per favore, domani sono in treno.

=== p18-it-12 | it | fc:moved | gmail | ask
Non segnatemi L10 R1 per il prossimo turno, domani ci sono.

=== p18-de-01 | de | vs:turn | thunderbird | preview RB N; BK E
Könnt ihr mir zeigen, wie das Brett nach RB N und danach BK E aussehen würde? Bitte noch nicht ausführen, ich will es mir erst anschauen.

=== p18-de-02 | de | fc:turn | thunderbird | preview M13 R1
Könnt ihr mir zeigen, was M13 R1 bringen würde, bevor ich mich festlege? Ich weiß nicht, ob das den Garten schließt.

=== p18-de-03 | de | fc:turn | thunderbird | ask
Könnt ihr mir zeigen, was M13 R1 bringen würde? Ich weiß nicht, ob das den Garten schließt, also lege ich P10 R3.

=== p18-de-04 | de | fc:turn | gmail | preview O9 R3
Was würde O9 R3 bringen? Zeigt es mir bitte, bevor ich mich entscheide.

=== p18-de-05 | de | fc:turn | gmail | ask
Was würde O9 R3 bringen? Egal, legt es einfach.

=== p18-de-06 | de | fc:turn | webde | preview L10 R2
Zeigt mir bitte vorher, was L10 R2 bewirken würde. Ich möchte Birgit nicht den Palast schenken.

=== p18-de-07 | de | fc:turn | webde | ask
Birgit wollte wissen, was L10 R2 bewirken würde. Keine Ahnung.

=== p18-de-08 | de | fc:moved | gmail | next N13 R1
Bitte N13 R1 für meinen nächsten Zug vormerken, ich bin morgen unterwegs.

=== p18-de-09 | de | fc:moved | gmail | next P10 R2
Merkt mir für meinen nächsten Zug vor: P10 R2. Ich bin morgen den ganzen Tag im Büro.

=== p18-de-10 | de | fc:moved | gmail | ask
Merkt mir für meinen nächsten Zug vor: P10 R2 oder N13 R1, weiß noch nicht.

=== p18-de-11 | de | vs:turn | thunderbird | preview KB S
Zeigt mir bitte erst, wo KB S landen würde? Ich sehe nicht, ob der Pavillon dann zu ist.

=== p18-en-20 | en | fc:turn | iphone | move L10 R1
Sorry for the delay, crazy week at work 😅 Going with L10 R1. Good luck all!

=== p18-en-21 | en | fc:turn | iphone | ask
Sorry for the delay. Going with L10 R1, sorry, I mean L10 R0... no wait.

=== p18-en-22 | en | fc:turn | gmail | move P12 R2
P12 R2 - sorry it took so long this time.

=== p18-en-23 | en | fc:turn | gmail | move O9 R0
Not easy this tile, it doesn't fit anywhere! O9 R0 and we'll see.

=== p18-en-24 | en | fc:turn | gmail | ask
O9 R0 and we'll see what Tom thinks of it.

=== p18-en-25 | en | fc:turn | gmail | move L9 R1
Tight up here. L9 R1, can't think of anything better to be honest.

=== p18-fr-20 | fr | fc:turn | samsung | move M13 R0
Désolé pour le retard, grosse semaine ! M13 R0.

=== p18-fr-21 | fr | fc:turn | samsung | ask
Désolé pour le retard. M13 R0, euh non, je ne sais plus.

=== p18-fr-22 | fr | fc:turn | thunderbird | move P10 R1
Pas évident cette tuile, elle ne va nulle part ! Bon, P10 R1 et on verra bien.

=== p18-fr-23 | fr | fc:turn | thunderbird | ask
P10 R1 et on verra bien ce que Paul en pense.

=== p18-fr-24 | fr | fc:turn | orange | move L11 R0
Ça se resserre par ici. L11 R0, j'ai pas mieux honnêtement.

=== p18-it-20 | it | fc:turn | gmail | move N13 R2
Scusate il ritardo, settimana di fuoco 🔥 Vado con N13 R2.

=== p18-it-21 | it | fc:turn | gmail | ask
Scusate il ritardo. Vado con N13 R2, o forse N13 R3.

=== p18-it-22 | it | fc:turn | libero | move M8 R2
Non è facile questa tessera, non va da nessuna parte! M8 R2 e vediamo cosa succede.

=== p18-it-23 | it | fc:turn | libero | move P11 R3
Qui si fa stretta. P11 R3, non mi viene in mente altro.

=== p18-de-20 | de | fc:turn | webde | move O13 R3
O13 R3 – sorry, hat diesmal etwas länger gedauert.

=== p18-de-21 | de | fc:turn | webde | ask
O13 R3 – sorry, meinte O13 R2. Oder doch nicht?

=== p18-de-22 | de | fc:turn | webde | move L12 R1
Nicht einfach, das Plättchen passt nirgends. L12 R1, mehr fällt mir leider nicht ein.

=== p18-de-23 | de | fc:turn | webde | ask
L12 R1, mal sehen was Klaus dazu sagt.

=== p18-de-24 | de | fc:turn | gmail | move N9 R2
Entschuldigung für die Verspätung, war im Urlaub 🏖️ N9 R2.
""",
)


def _read(case: pc.Case) -> list[tuple[str, str]]:
    fc = case.mail.startswith("fc:")
    with i18n.speaking(case.lang):
        r = read_commands(
            case.body.splitlines(), _parse if fc else _no_move, _form if fc else None, notation=str
        )
    if r.errors or r.mentions or r.syntax_errors:
        return [("ask", "")]
    return [(c.kind, str(c.action) if c.kind == "action" else c.arg) for c in r.commands]


def _meant(expect: str) -> list[tuple[str, str]]:
    kind, _, arg = expect.partition(" ")
    return [("action" if kind == "move" else kind, arg)]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_read_as_a_referee_would(case: pc.Case) -> None:
    got = _read(case)
    want = _meant(case.expect)
    if want[0][0] == "next":  # NEXT's text as said: the service writes its alternatives
        assert [k for k, _ in got] == ["next"], (got, case.body)
        codes = re.findall(r"[A-P]\d{1,2} R\d|[RYBGK]{2}(?: [NSEW])*", got[0][1])
        assert " ELSE ".join(codes) == want[0][1], (got, case.body)
    else:
        assert got == want, case.body


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("Queue O13 R2 for my next turn please, I'm out tomorrow evening.", "Queue O13 R2 for my next turn please"),
        ("Segnatemi L10 R1 per il prossimo turno, domani sono in treno.", "Segnatemi L10 R1 per il prossimo turno"),
        ("Bitte N13 R1 vormerken, ich bin morgen unterwegs.", "Bitte N13 R1 vormerken"),
        ("Mettez P12 R3 de côté svp, je suis au boulot demain.", "Mettez P12 R3 de côté svp"),
        # no absence, or another choice in it: kept whole
        ("Queue O13 R2 for my next turn, I'm not sure yet.", None),
        ("Queue O13 R2 for my next turn, or P10 R0 if I'm away.", None),
        ("Queue O13 R2 for my next turn, I'm away so play L12 R0 now.", None),
    ],
)  # fmt: skip
def test_an_absence_said_after_a_queued_move_is_no_part_of_it(text: str, kept: str | None) -> None:
    assert queued.absence_dropped(text) == (text if kept is None else kept)


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("Sorry for the wait, M13 R1", ", M13 R1"),
        ("M13 R3 – sorry, hat diesmal etwas länger gedauert.", "M13 R3 – ."),
        ("désolé pour le retard ! M13 R1", "! M13 R1"),
        ("scusate il ritardo, N13 R2", ", N13 R2"),
        ("Entschuldigung für die Verspätung. N9 R2", ". N9 R2"),
        # said for the move, not for the delay: kept
        ("Sorry, M13 R2", None),
        ("sorry for the typo, M13 R2", None),
        ("désolé, je voulais dire M13 R2", None),
    ],
)
def test_an_apology_for_being_late_is_said_for_no_move(text: str, left: str | None) -> None:
    got = " ".join(chatter.late_apology_dropped(text).split())
    assert got == (text if left is None else left)


@pytest.mark.parametrize(
    ("lang", "part", "danger"),
    [
        ("fr", "et on verra bien", False),
        ("en", "and we'll see what happens", False),
        ("fr", "et on verra bien ce que Paul en pense", True),
        ("de", "mal sehen was Klaus dazu sagt", True),
        ("de", "mehr fällt mir ehrlich gesagt nicht ein.", False),
        ("it", "non mi viene in mente altro", False),
        ("fr", "Pas facile cette tuile, elle ne va nulle part !", False),
        ("en", "not that one", True),
    ],
)
def test_chatter_beside_a_move(lang: str, part: str, danger: bool) -> None:
    with i18n.speaking(lang):
        assert (chatter.danger(part, lang, own=True) is not None) is danger
