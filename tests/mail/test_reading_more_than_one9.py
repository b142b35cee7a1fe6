"""Issue 31, ninth round (wt-28): replies with more than one thing in them, written new for this
round the way players of the four languages write them (phones, chat-style lower case, dictation,
non-native speakers, a P.S., our example line copied and edited), read the whole way (the reply
built by a client around the service's real mail, :func:`pbem.service.orders.read` at its
position; :mod:`player_corpus`).

PROBES were written before the reader was changed in this round and measured first (the report's
"probes before"); SECOND after the changes, measured before anything they showed was fixed. Each
holds what it must be read as, near-misses included (a refusal of the turn, a question, a musing,
a past plan named in a remark: asked back, or only the one action meant). Classes: a plan over
sentences and lines ("Erst ..., danach ...", "Je tente ..., puis ...", "poi"), a refusal of the
turn before a plan, a move beside NEXT in prose, a decision beside a standing order in prose.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PROBES = """
=== p-fr-01 | fr | vs:turn | gmail | move RB N; KB S
salut, je monte RB au nord et ensuite KB descend au sud si j'ai le droit de continuer
=== p-fr-02 | fr | vs:turn | thunderbird | move BR W; KB S
Je tente BR à l'ouest, puis KB au sud.
=== p-fr-03 | fr | vs:turn | iphone | move RB N; BK E
Premier coup RB vers le haut
si les dés sont d'accord, BK vers la droite
=== p-fr-04 | fr | vs:turn | orange | ask
Je ne joue pas ce tour-ci. BR ouest puis KB sud.
=== p-fr-05 | fr | vs:turn | gmail | move RB N; KB S
RB nord. Et après, KB sud.
=== p-fr-06 | fr | vs:turn | outlook | move BR W; RB N
Alors : d'abord BR vers l'ouest, ensuite RB vers le nord. Merci !
=== p-fr-07 | fr | vs:turn | gmail | ask
RB N puis KB S ? ou l'inverse ?
=== p-fr-08 | fr | vs:turn | apple-mail | move BK E
La dernière fois j'ai fait RB N puis KB S, cette fois BK E.
=== p-fr-09 | fr | fc:turn | gmail | move L11 R1 + next P12 R0
Je joue L11 R1, et au prochain tour P12 R0 si c'est encore possible.
=== p-fr-10 | fr | fc:turn | k9 | move L11 R1
L11 R1 stp. Pour la suite je pense à P12 R0 mais je verrai.
=== p-fr-11 | fr | vs:believe | gmail | move believe + standing CLAIM BELIEVE
Je vous crois. Et dorénavant croyez toujours les annonces à ma place.
=== p-fr-12 | fr | vs:reselect | samsung | move keep + standing RESELECT KEEP
je garde mon fonctionnaire, et pour les prochaines fois aussi gardez-le automatiquement
=== p-fr-13 | fr | vs:turn | gmail | move RB N; KB S
Je ne veux pas passer mon tour : RB nord puis KB sud.
=== p-fr-14 | fr | vs:turn | zimbra | move RB N
J'aurais voulu faire RB N puis KB S mais KB est bloqué, donc juste RB N.
=== p-fr-15 | fr | vs:turn | iphone | move RB N; KB S
rb nord
kb sud
=== p-fr-16 | fr | vs:turn | gmail | move RB N; KB S
Je vais jouer RB vers le nord, puis KB vers le sud si je peux.
=== p-fr-17 | fr | vs:believe | outlook | move doubt + standing CLAIM DOUBT
Je doute. Pour la suite, doutez systématiquement.
=== p-it-01 | it | vs:turn | gmail | move RB N; KB S
Muovo RB verso nord, poi se il dado lo consente KB verso sud.
=== p-it-02 | it | vs:turn | libero | move RB N; KB S
Prima RB a nord. Dopodiché KB giù.
=== p-it-03 | it | vs:turn | gmail | ask
Questo turno passo. RB nord poi KB sud
=== p-it-04 | it | vs:turn | iphone | move RB N; BK E
allora faccio RB su e poi BK a destra
=== p-it-05 | it | vs:turn | gmail | ask
RB a nord e poi KB a sud? non so
=== p-it-06 | it | fc:turn | gmail | move L11 R1 + next P12 R0
Gioco L11 R1. Il prossimo turno vorrei P12 R0, mettetelo in coda.
=== p-it-07 | it | fc:turn | libero | move L11 R1
L11 R1, e al prossimo giro forse P12 R0
=== p-it-08 | it | vs:believe | gmail | move believe + standing CLAIM BELIEVE
Ci credo. Da ora in poi credete sempre alle dichiarazioni per me.
=== p-it-09 | it | vs:believe | k9 | move doubt + standing CLAIM DOUBT
Dubito. E d'ora in avanti dubitate sempre.
=== p-it-10 | it | vs:turn | gmail | move BR W; RB N
Provo BR a ovest, poi RB a nord se posso continuare.
=== p-it-11 | it | vs:turn | mutt | move RB N; KB S
1) RB nord 2) KB sud
=== p-it-12 | it | vs:turn | gmail | move RB N; KB S
rb nord poi kb sud grazie
=== p-it-13 | it | vs:turn | outlook | move RB N; KB S
Vorrei spostare RB a nord, poi KB a sud.
=== p-de-01 | de | vs:turn | webde | move RB N; KB S
Erst RB nach Norden, danach KB nach Süden.
=== p-de-02 | de | vs:turn | gmail | move BR W; RB N
Zuerst ziehe ich BR nach Westen und anschließend, falls erlaubt, RB nach Norden.
=== p-de-03 | de | vs:turn | webde | ask
Ich setze diese Runde aus. RB nach Norden, dann KB nach Süden.
=== p-de-04 | de | vs:turn | gmail | move RB N; KB S
RB nach oben, dann KB nach unten
=== p-de-05 | de | vs:turn | thunderbird | move RB N; BK E
Ich würde gerne RB nach Norden ziehen und danach BK nach Osten.
=== p-de-06 | de | vs:turn | gmail | ask
RB nach Norden oder lieber KB nach Süden, dann BK nach Osten?
=== p-de-07 | de | fc:turn | webde | move L11 R1 + next P12 R0
Ich spiele L11 R1. Fürs nächste Mal bitte P12 R0 vormerken.
=== p-de-08 | de | fc:turn | gmail | move L11 R1
L11 R1 – nächste Runde vielleicht P12 R0
=== p-de-09 | de | vs:believe | webde | move believe + standing CLAIM BELIEVE
Ich glaube dir. Und künftig bitte immer glauben, ohne mich zu fragen.
=== p-de-10 | de | vs:reselect | gmail | move keep + standing RESELECT KEEP
Ich behalte meinen Beamten. Ab jetzt immer behalten bitte.
=== p-de-11 | de | vs:turn | iphone | move RB N; KB S
erst rb n dann kb s
=== p-de-12 | de | vs:turn | gmail | ask
Ich passe. RB nach Norden, dann KB nach Süden
=== p-de-13 | de | vs:turn | outlook | move RB N; KB S
Ich bewege RB nach Norden und dann KB nach Süden, bitte.
=== p-de-14 | de | vs:turn | gmail | move BK E; KB S
Ich will nicht RB nach Norden, sondern BK nach Osten und dann KB nach Süden.
=== p-en-01 | en | vs:turn | gmail | move RB N; KB S
I'll go RB north first, and then KB south if the dice let me.
=== p-en-02 | en | vs:turn | apple-mail | move BR W; RB N
Step one: BR west. Step two: RB north.
=== p-en-03 | en | vs:turn | gmail | ask
Not moving this time. RB north then KB south.
=== p-en-04 | en | vs:turn | iphone | move RB N; KB S
RB up, then KB down pls
=== p-en-05 | en | vs:turn | gmail | ask
Thinking RB north then KB south, but I'm not sure - what do you reckon?
=== p-en-06 | en | vs:turn | outlook | move BK E
Last turn I did RB north then KB south. This time: BK east.
=== p-en-07 | en | fc:turn | gmail | move L11 R1 + next P12 R0
Playing L11 R1. Next turn I'd like P12 R0, please queue it.
=== p-en-08 | en | fc:turn | iphone | move L11 R1
L11 R1 and maybe P12 R0 next time
=== p-en-09 | en | vs:believe | gmail | move believe + standing CLAIM BELIEVE
I believe them. And from now on, always believe claims for me.
=== p-en-10 | en | vs:reselect | k9 | move keep + standing RESELECT KEEP
Keep. And please keep it automatically from now on.
=== p-en-11 | en | vs:turn | gmail | ask
i pass this turn
RB N then KB S
=== p-en-12 | en | vs:turn | gmail | move RB N; KB S
RB north. If I roll another move: KB south.
=== p-en-13 | en | vs:turn | gmail | move RB N; KB S
I make RB to north and then KB to south.
=== p-en-14 | en | vs:turn | mutt | move RB N; KB S
RB N; KB S   <- my plan
=== p-en-15 | en | vs:believe | gmail | move doubt + standing CLAIM BELIEVE
Doubt. But for future claims just believe them automatically.
=== p-en-16 | en | vs:turn | gmail | move RB N; KB S + standing CLAIM BELIEVE
RB N then KB S. Oh and STANDING CLAIM BELIEVE please
=== p-en-17 | en | vs:turn | gmail | move BK E
Anna wrote "RB north then KB south" but I'll do BK east.
=== p-fr-18 | fr | vs:turn | gmail | move RB N; KB S
Je bouge RB au nord, après KB au sud.
=== p-fr-19 | fr | vs:turn | iphone | move RB N; KB S
RB nord puis KB sud point
"""

SECOND = """
=== s-fr-01 | fr | vs:turn | gmail | move RB N; KB S
bonjour ! je fais monter RB vers le nord puis KB descend vers le sud. bonne journée
=== s-fr-02 | fr | vs:turn | orange | move BK E; RB N
Mon plan : BK à l'est. Si les dés me donnent un autre coup, RB au nord.
=== s-fr-03 | fr | vs:turn | iphone | ask
Je passe mon tour cette fois, désolé.
RB nord
=== s-fr-04 | fr | vs:turn | gmail | move BR W; KB S
Je ne passe pas mon tour ! BR ouest, ensuite KB sud.
=== s-fr-05 | fr | vs:turn | samsung | move BR W; KB S
BR vers la gauche et après KB vers le bas
=== s-fr-06 | fr | vs:believe | gmail | move believe + standing CLAIM DOUBT
je te crois Paul. par contre pour les prochaines annonces doutez toujours svp
=== s-fr-07 | fr | fc:turn | thunderbird | move L11 R1 + next P12 R0
Je pose L11 R1. Au prochain coup j'aimerais P12 R0, gardez-le de côté merci
=== s-fr-08 | fr | vs:turn | gmail | ask
RB N puis KB S... ou bien BK E ? je sais pas
=== s-fr-09 | fr | vs:turn | outlook | move RB N; KB S
Premièrement RB au nord, deuxièmement KB au sud.
=== s-fr-10 | fr | vs:reselect | gmail | move keep + standing RESELECT KEEP
Je conserve mon fonctionnaire. À partir de maintenant gardez-le systématiquement.
=== s-it-01 | it | vs:turn | libero | move RB N; KB S
Ciao a tutti, sposto RB in alto e poi KB in basso. Buona serata
=== s-it-02 | it | vs:turn | gmail | move RB N; BK E
RB nord, dopodiché se posso ancora muovere BK est
=== s-it-03 | it | vs:turn | iphone | ask
Salto il turno stavolta, scusate. BR ovest
=== s-it-04 | it | vs:turn | gmail | move BR W; KB S
Non salto il turno: BR ovest e poi KB sud
=== s-it-05 | it | vs:turn | k9 | move BK E; RB N
Primo: BK a est. Secondo: RB a nord.
=== s-it-06 | it | vs:believe | gmail | move believe + standing CLAIM BELIEVE
Ti credo. In futuro credete sempre per me, grazie.
=== s-it-07 | it | fc:turn | libero | move L11 R1 + next P12 R0
Metto L11 R1. Per la prossima volta vorrei P12 R0, tenetemelo da parte
=== s-it-08 | it | vs:turn | gmail | ask
RB nord e poi KB sud, oppure BK est... decidete voi
=== s-it-09 | it | vs:turn | iphone | move RB N; KB S
faccio RB verso nord poi KB verso sud punto
=== s-it-10 | it | vs:turn | outlook | move BR W; RB N
Vorrei provare BR verso ovest, quindi RB a nord se il dado lo permette
=== s-de-01 | de | vs:turn | webde | move RB N; KB S
Hallo zusammen, ich schiebe RB nach oben und danach KB nach unten. Gruß
=== s-de-02 | de | vs:turn | gmail | move BR W; RB N
Erstens BR nach Westen, zweitens RB nach Norden.
=== s-de-03 | de | vs:turn | webde | ask
Diese Runde verzichte ich. BK nach Osten
=== s-de-04 | de | vs:turn | gmail | move RB N; KB S
Ich will nicht aussetzen: RB nach Norden, dann KB nach Süden.
=== s-de-05 | de | vs:turn | thunderbird | move RB N; KB S
RB nach Norden. Wenn die Würfel es zulassen, anschließend KB nach Süden.
=== s-de-06 | de | vs:believe | webde | move doubt + standing CLAIM DOUBT
Ich zweifle. Ab sofort bitte immer anzweifeln.
=== s-de-07 | de | fc:turn | gmail | move L11 R1 + next P12 R0
L11 R1 bitte. Und beim nächsten Zug hätte ich gern P12 R0, bitte vormerken.
=== s-de-08 | de | vs:turn | gmail | ask
Ich dachte an RB nach Norden und dann KB nach Süden – geht das überhaupt?
=== s-de-09 | de | vs:turn | iphone | move RB N; KB S
mein zug: rb nach norden danach kb nach süden
=== s-de-10 | de | vs:reselect | webde | move keep + standing RESELECT KEEP
Behalten. Und in Zukunft bitte immer automatisch behalten.
=== s-en-01 | en | vs:turn | gmail | move RB N; KB S
hey all - gonna push RB up, then KB down. cheers
=== s-en-02 | en | vs:turn | apple-mail | move BK E; RB N
First BK east; second, if the dice are kind, RB north.
=== s-en-03 | en | vs:turn | iphone | ask
I'm skipping this turn.
BR west
=== s-en-04 | en | vs:turn | gmail | move BR W; KB S
Not passing this time: BR west then KB south.
=== s-en-05 | en | vs:turn | mutt | move RB N; KB S
1. RB north
2. KB south
=== s-en-06 | en | vs:believe | gmail | move believe + standing CLAIM BELIEVE
I'll believe it. Going forward please always believe claims for me.
=== s-en-07 | en | fc:turn | outlook | move L11 R1 + next P12 R0
L11 R1 now please. For my next go I'd like P12 R0 - keep it for me.
=== s-en-08 | en | vs:turn | gmail | move BK E
Was going to do RB north then KB south but on second thought just BK east.
=== s-en-09 | en | vs:turn | k9 | move RB N; KB S
RB N, followed by KB S if I get another slide
=== s-en-10 | en | vs:turn | gmail | ask
Should I do RB north then KB south?
"""

_HEAD = re.compile(r"^=== (\S+) \| (\w\w) \| ([\w:]+) \| ([\w/-]+) \| (.*)$")


def cases(text: str) -> list[tuple[str, str, str, str, str, str]]:
    """(id, lang, mail, client, expect, body) of each probe."""
    out = []
    for block in text.split("\n=== ")[1:] if text.strip() else []:
        head, _, body = ("=== " + block).partition("\n")
        m = _HEAD.match(head)
        assert m is not None, head
        ident, lang, mail, client, expect = m.groups()
        out.append((ident, lang, mail, client, expect, body.strip("\n")))
    return out


def judge(tmp: Path, text: str) -> list[tuple[str, list[str], list[str], bool, bool]]:
    """(id, got, want, meant, wrong) of each probe, read at the mail it answers."""
    import player_corpus as pc

    todo = [pc.Case("probe", *c) for c in cases(text)]
    return [(v.case.id, v.got, v.want, v.meant, v.wrong) for v in pc.judge_all(tmp, todo)]


@pytest.mark.parametrize("batch", ["PROBES", "SECOND"])
def test_replies_with_more_than_one_thing_are_read_as_meant(batch: str, tmp_path: Path) -> None:
    got = judge(tmp_path, globals()[batch])
    wrong = [g for g in got if g[4]]
    assert not wrong, wrong  # never a move or a command the player did not settle on
    missed = [g for g in got if not g[3] and g[0] not in STILL_MISSED]
    assert not missed, missed


STILL_MISSED = frozenset(
    {
        # a past plan named in a remark beside this turn's slide, or a quote of someone's plan:
        # nothing read (the player is told no command was read)
        "p-fr-08", "p-fr-14", "p-en-06", "p-en-17",
        # musing about the next turn beside the move ("L11 R1 and maybe P12 R0 next time"):
        # asked ("another move on this line"), never queued
        "p-fr-10", "p-it-07", "p-de-08", "p-en-08",
        # two bare slides on two lines without a plan word: asked ("only one move per reply")
        "p-fr-15",
        # a slide denied, then a plan ("Ich will nicht RB nach Norden, sondern BK ... und dann
        # KB ..."): nothing read
        "p-de-14",
    }
)  # fmt: skip
"""Probes still missed (left for a later round): asked back or nothing read, never played."""


# A refusal of the turn, the whole closed class in the four languages (pass, skip, sit out; will
# not play or move; first person; this turn or no time said): beside a move, asked, never played.
REFUSALS = {
    "fr": ["Je passe mon tour.", "Cette fois je passe.", "Je ne joue pas ce tour-ci.",
           "je ne veux pas jouer ce tour", "Pas de coup pour moi.", "Je m'abstiens.",
           "Je vais passer mon tour, désolé.", "Je saute mon tour.", "Je ne bouge pas."],
    "it": ["Questo turno passo.", "Passo il turno.", "Salto questo turno", "Stavolta passo.",
           "Non voglio giocare questo turno.", "non gioco stavolta", "Nessuna mossa per me.",
           "Io passo.", "Non muovo."],
    "de": ["Ich setze diese Runde aus.", "Ich passe.", "Diesmal passe ich.", "Kein Zug von mir.",
           "Ich will diesmal nicht ziehen.", "Ich ziehe diesmal nicht.", "Diese Runde setze ich aus.",
           "Ich verzichte.", "Ich möchte nicht spielen."],
    "en": ["I don't want to play this turn.", "Not moving this time.", "i pass this turn",
           "I'll pass.", "Pass.", "Skipping my turn.", "I'll sit this one out.", "No move from me.",
           "I won't move this turn."],
}  # fmt: skip
NOT_REFUSALS = {
    "fr": ["Je ne veux pas passer mon tour :", "La dernière fois je passais.",
           "Si je ne peux pas bouger, je passe.", "Béa a dit « je passe ».",
           "J'espère que ça passe !"],
    "it": ["Non passo il turno:", "L'ultima volta passavo.", "Se non posso muovere, passo.",
           "Bea ha scritto «passo».", "Un passo alla volta:"],
    "de": ["Ich passe nicht:", "Letztes Mal habe ich gepasst.", "Falls ich nicht kann, passe ich.",
           "Bea schrieb „ich passe“.", "Ich passe auf:"],
    "en": ["I don't want to pass:", "Last turn I passed.", "If I can't move, I pass.",
           "Bea wrote \"I pass\".", "I'm not skipping this turn:"],
}  # fmt: skip
SLIDES = {"fr": ("RB vers le nord.", "RB nord puis KB sud."),
          "it": ("RB verso nord.", "RB nord poi KB sud."),
          "de": ("RB nach Norden.", "RB nach Norden, dann KB nach Süden."),
          "en": ("RB north.", "RB north, then KB south.")}  # fmt: skip
"""A slide and a plan at vs:turn ("move RB N", "move RB N; KB S")."""


@pytest.mark.parametrize("lang", ["fr", "it", "de", "en"])
def test_a_refusal_of_the_turn_beside_a_move_is_asked(lang: str, tmp_path: Path) -> None:
    import player_corpus as pc

    one, plan = SLIDES[lang]
    todo = []
    for k, refusal in enumerate(REFUSALS[lang]):
        for text in (f"{refusal} {plan}", f"{refusal}\n{one}", f"{one}\n{refusal}"):
            todo.append(("vs:turn", text, ""))  # asked (or nothing done); never the move
        if k < 2:
            todo.append(("vs:turn", f"{plan} {refusal}", ""))
    for said in NOT_REFUSALS[lang]:  # the near-misses refuse nothing: the plan is read
        todo.append(("vs:turn", f"{said} {plan}" if said.endswith(":") else f"{said}\n{plan}",
                     "RB N; KB S"))  # fmt: skip
    assert pc.judge_phrases(pc.vs_stages(tmp_path, lang), lang, todo, pc.move_or_ask) == ([], [])


# The classes built in the ninth round, composed over their closed vocabularies (vs:turn: a plan
# "move RB N; KB S"), each with near-misses that must still ask.
LEADS = {
    "fr": ["Je tente", "Je vais jouer", "Je bouge", "J'essaie", "On tente", "Je voudrais déplacer"],
    "it": ["Provo", "Vorrei spostare", "Voglio muovere", "Tento", "Faccio", "Allora provo a spostare"],
    "de": ["Ich versuche", "Zuerst ziehe ich", "Ich würde gerne", "Ich möchte", "Erst schiebe ich",
           "Ich probiere"],
    "en": ["I'll try", "Gonna push", "I want to move", "Let's try", "I'd like to slide",
           "Going with"],
}  # fmt: skip
SLIDE_WORDS = {"fr": ("RB au nord", "KB au sud"), "it": ("RB a nord", "KB a sud"),
               "de": ("RB nach Norden", "KB nach Süden"), "en": ("RB north", "KB south")}  # fmt: skip
THEN_WORDS = {
    "fr": ["{a}, puis {b}", "{a}, après {b}", "{a}. Et après, {b}", "{a}, par la suite {b}",
           "{a}, suivi de {b}",
           "{a} point virgule {b}"],
    "it": ["{a}, poi {b}", "{a}, dopo {b}", "{a}, quindi {b}", "{a}, in seguito {b}",
           "{a}, dopodiché {b}",
           "{a} punto e virgola {b}"],
    "de": ["{a}, dann {b}", "{a}, danach {b}", "{a}, anschließend {b}", "{a}, daraufhin {b}",
           "{a}, gefolgt von {b}",
           "{a} Semikolon {b}"],
    "en": ["{a}, then {b}", "{a}, afterwards {b}", "{a}, followed by {b}", "{a}, after that {b}",
           "{a} and then {b}",
           "{a} semicolon {b}"],
}  # fmt: skip
NUMBERED_ITEMS = {
    "fr": ["1) {a} 2) {b}", "Premièrement {a}, deuxièmement {b}.", "Étape 1 : {a}. Étape 2 : {b}.",
           "1. {a}\n2. {b}", "Premier coup {a}\nDeuxième coup : {b}"],
    "it": ["1) {a} 2) {b}", "Primo: {a}. Secondo: {b}.", "Prima mossa: {a}, seconda mossa: {b}.",
           "1. {a}\n2. {b}"],
    "de": ["1) {a} 2) {b}", "Erstens {a}, zweitens {b}.", "Schritt 1: {a}. Schritt 2: {b}.",
           "1. {a}\n2. {b}"],
    "en": ["1) {a} 2) {b}", "Firstly {a}, secondly {b}.", "Step one: {a}. Step two: {b}.",
           "1. {a}\n2. {b}", "First {a}; second, {b}."],
}  # fmt: skip
ASKED_PLANS = {
    "fr": ["{a}, puis {b} ?", "1) {a} 3) {b}", "{b} après {a}", "Je tente {a}, puis {b}, ou pas ?",
           "Je passe. {a}, puis {b}."],
    "it": ["{a}, poi {b}?", "1) {a} 3) {b}", "Provo {a}, poi {b}, o forse no?",
           "Passo il turno. {a}, poi {b}."],
    "de": ["{a}, dann {b}?", "1) {a} 3) {b}", "Ich versuche {a}, dann {b} – oder doch nicht?",
           "Ich setze aus. {a}, dann {b}."],
    "en": ["{a}, then {b}?", "1) {a} 3) {b}", "{b} after {a}", "I'll try {a}, then {b}, or not?",
           "I'll pass. {a}, then {b}."],
}  # fmt: skip
"""Near-misses: a question, numbers out of order, the order said the other way, a doubt, a
refusal of the turn: asked (or nothing done), never played."""


@pytest.mark.parametrize("lang", ["fr", "it", "de", "en"])
def test_plan_classes_over_their_vocabularies(lang: str, tmp_path: Path) -> None:
    import player_corpus as pc

    a, b = SLIDE_WORDS[lang]
    plan = "RB N; KB S"
    then = THEN_WORDS[lang][0]
    todo = [("vs:turn", f"{lead} " + then.format(a=a, b=b), plan) for lead in LEADS[lang]]
    todo += [("vs:turn", f.format(a=a, b=b), plan) for f in THEN_WORDS[lang] + NUMBERED_ITEMS[lang]]
    todo += [("vs:turn", f.format(a=a, b=b), "") for f in ASKED_PLANS[lang]]  # asked: never played
    assert pc.judge_phrases(pc.vs_stages(tmp_path, lang), lang, todo, pc.move_or_ask) == ([], [])


STANDING_IN_PROSE = {
    "fr": [("Je crois. Et dorénavant croyez toujours les annonces à ma place.", "believe", "believe"),
           ("Je doute. Pour les prochaines annonces, doutez systématiquement.", "doubt", "doubt"),
           ("Je crois. Mais à partir de maintenant, doutez toujours pour moi.", "believe", "doubt")],
    "it": [("Ci credo. In futuro credete sempre per me.", "believe", "believe"),
           ("Dubito. E d'ora in poi dubitate sempre, senza chiedermi.", "doubt", "doubt")],
    "de": [("Ich glaube. Und künftig bitte immer glauben, ohne mich zu fragen.", "believe", "believe"),
           ("Ich zweifle. Ab sofort bitte immer automatisch anzweifeln.", "doubt", "doubt")],
    "en": [("I believe. Going forward please always believe claims for me.", "believe", "believe"),
           ("Doubt. But for future claims just believe them automatically.", "doubt", "believe"),
           ("I believe. And please always doubt from now on.", "believe", "doubt")],
}  # fmt: skip
"""A decision, then a standing order in prose for the claims to come (text, decision, order):
both read."""
NOT_STANDING = {
    "fr": "Je crois. Les prochaines fois, je verrai.",
    "it": "Ci credo. In futuro vedremo.",
    "de": "Ich glaube. Künftig schauen wir mal.",
    "en": "I believe. From now on I'll think harder.",
}
"""No order in it: the decision alone."""


@pytest.mark.parametrize("lang", ["fr", "it", "de", "en"])
def test_a_decision_beside_a_standing_order_in_prose(lang: str, tmp_path: Path) -> None:
    import player_corpus as pc

    todo = [(text, f"move {decision}", f"standing CLAIM {order.upper()}")
            for text, decision, order in STANDING_IN_PROSE[lang]]  # fmt: skip
    for name, stage in pc.vs_stages(tmp_path, lang):
        if name != "vs:believe":
            continue
        for text, decision, order in todo:
            case = pc.Case("t", "t", lang, name, "gmail", f"{decision} + {order}", text)
            v = pc.judge_stage(stage, case)
            assert v.meant, (text, v.got, v.want)
        case = pc.Case("t", "t", lang, name, "gmail", "move believe", NOT_STANDING[lang])
        v = pc.judge_stage(stage, case)
        assert not v.wrong and v.got in (v.want, ["ask"]), (NOT_STANDING[lang], v.got)
        break
