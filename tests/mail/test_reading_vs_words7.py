"""Issue 31, seventh round: Die Verbotene Stadt in words, composed in the four languages and read
the whole way (the reply built by a client, :func:`pbem.service.orders.read` at the position of
the service's own mail), so that every reader on the path is tried, not only the notation.

The classes: a decision said in words and again in the notation; another card or official set
aside in a clause of its own; a hedge around a decision; spoken verbs; a keep of "what I have"
and a confirmation; a first intention set aside by "but no" or a habit; an official by its two
colours joined by a hyphen or a slash; a one-step move in words; an official's code in brackets
after its description, a description in brackets, a remark about how the move is written. Each
class comes with the near-misses that must be asked back (or read as nothing): never a decision
or a move the player did not settle on.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

LANGS = ("fr", "it", "de", "en")
ASK = None
"""Asked back, or nothing carried out (the service says it read no command)."""

# The positions (tests/mail/player_corpus.py vs_stages): at vs:take North takes South's
# red-pants or yellow-coat; at vs:steal South takes North's orange-pants or yellow-coat; at
# vs:reselect North keeps RK or selects any official but YY; at vs:turn North slides RB N, RB N
# E, RB N W, BR W, BR W N, BR W S, BK E, BK E N, BK E S, KB S, KB S E, KB S W (or one step).

SOUTH_RED = {
    "fr": ["Je prends le pantalon rouge de Sud", "Pour moi le pantalon rouge de Sud",
           "Le pantalon rouge de Sud, s'il vous plaît"],
    "it": ["Prendo i pantaloni rossi di Sud", "Per me i pantaloni rossi di Sud",
           "I pantaloni rossi di Sud, per favore"],
    "de": ["Ich nehme die rote Hose von Süd", "Für mich die rote Hose von Süd",
           "Die rote Hose von Süd, bitte"],
    "en": ["I take South's red pants", "The red pants from South for me",
           "South's red pants, please"],
}  # fmt: skip
SOUTH_YELLOW = {"fr": "Je prends le manteau jaune de Sud", "it": "Prendo il cappotto giallo di Sud",
                "de": "Ich nehme den gelben Mantel von Süd", "en": "I take South's yellow coat"}  # fmt: skip
NOT_RED = {"fr": "Pas le pantalon rouge", "it": "Non i pantaloni rossi", "de": "Nicht die rote Hose",
           "en": "Not the red pants"}  # fmt: skip
TWICE = (" : {code}", ", {code}", " ({code})", " – {code}", ": {code}.", " (donc {code})")


def _said_twice(lang: str) -> list[tuple[str, str, str | None]]:
    out: list[tuple[str, str, str | None]] = []
    for words, sep in itertools.product(SOUTH_RED[lang], TWICE):
        if "donc" in sep and lang != "fr":
            continue
        out.append(
            ("vs:take", words + sep.format(code="take south red-pants"), "take south red-pants")
        )
    # the words and the code disagree, or the words deny: asked
    for sep in TWICE[:3]:
        out.append(("vs:take", SOUTH_YELLOW[lang] + sep.format(code="take south red-pants"), ASK))
        out.append(("vs:take", NOT_RED[lang] + sep.format(code="take south red-pants"), ASK))
        out.append(("vs:take", SOUTH_RED[lang][0] + sep.format(code="take south yellow-coat"), ASK))
    return out


SELECT_GY = {
    "fr": ["Je passe au fonctionnaire au chapeau vert et au corps jaune",
           "Nouvelle sélection : chapeau vert, corps jaune", "Je change pour le vert-jaune"],
    "it": ["Passo al funzionario col cappello verde e il corpo giallo",
           "Nuova selezione: cappello verde, corpo giallo", "Cambio per il verde-giallo"],
    "de": ["Ich wechsle zum Beamten mit grünem Hut und gelbem Körper",
           "Neue Wahl: grüner Hut, gelber Körper", "Ich wechsle auf den grün-gelben"],
    "en": ["I'd like to switch to the green-hat, yellow-body official",
           "I'll switch to the green hat yellow body guy", "Switching to the green-yellow one"],
}  # fmt: skip
SELECT_OTHER = {
    "fr": "Je passe au fonctionnaire au chapeau noir et au corps jaune",
    "it": "Passo al funzionario col cappello nero e il corpo giallo",
    "de": "Ich wechsle zum Beamten mit schwarzem Hut und gelbem Körper",
    "en": "I'll switch to the black-hat yellow-body official",
}
KEEP = {
    "fr": ["Je garde ma sélection", "Je garde ce que j'ai", "Je confirme mon choix"],
    "it": ["Tengo la mia selezione", "Tengo quello che ho", "Confermo la mia scelta"],
    "de": ["Ich behalte meine Auswahl", "Ich bestätige meine Wahl", "Ich behalte, was ich habe"],
    "en": ["I keep my selection", "Stick with what I've got", "I confirm my selection"],
}  # fmt: skip
CHANGE = {"fr": "Je change", "it": "Cambio", "de": "Ich wechsle", "en": "I'm switching"}


def _selections(lang: str) -> list[tuple[str, str, str | None]]:
    out: list[tuple[str, str, str | None]] = []
    for words, code in itertools.product(SELECT_GY[lang], ("select GY", "GY")):
        for sep in (": {code}.", ", {code}.", " ({code})"):
            out.append(("vs:reselect", words + sep.format(code=code), "select GY"))
    out.append(("vs:reselect", SELECT_GY[lang][0], "select GY"))
    for words in KEEP[lang]:
        out.append(("vs:reselect", words, "keep"))
        out.append(("vs:reselect", words + " (keep), merci", "keep"))
    for sep in (": select GY.", ", GY.", " (GY)"):
        out.append(("vs:reselect", SELECT_OTHER[lang] + sep, ASK))  # another official described
        out.append(("vs:reselect", KEEP[lang][0] + sep, ASK))  # keep, and a selection
    out.append(("vs:reselect", CHANGE[lang] + " (keep)", ASK))
    return out


STEAL_COAT = {"fr": "Le manteau jaune de Nord, merci.", "it": "Il cappotto giallo di Nord, grazie.",
              "de": "Den gelben Mantel von Nord, bitte.", "en": "North's yellow coat, please."}  # fmt: skip
SET_ASIDE = {
    "fr": ["Pas le pantalon.", "Le pantalon ne m'intéresse pas.",
           "(J'ai pensé au pantalon orange, mais non.)"],
    "it": ["Non i pantaloni.", "I pantaloni non mi servono.",
           "(Avevo pensato ai pantaloni arancioni, ma no.)"],
    "de": ["Nicht die Hose.", "Die Hose brauche ich nicht.",
           "(Hab an die orange Hose gedacht, aber nein.)"],
    "en": ["Not the pants.", "I don't need the pants.",
           "(Thought about the orange pants but no.)"],
}  # fmt: skip
NOT_SET_ASIDE = {
    # the same card denied, a question: never the coat
    "fr": ["Pas le manteau.", "Ou le pantalon ?"],
    "it": ["Non il cappotto.", "O i pantaloni?"],
    "de": ["Nicht den Mantel.", "Oder die Hose?"],
    "en": ["Not the coat.", "Or the pants?"],
}  # fmt: skip
CORRECTED = {
    # a "no" that corrects: the player's last word (North's only pants), never the coat
    "fr": ["Non, le pantalon.", "Non, plutôt le pantalon."],
    "it": ["No, i pantaloni.", "No scusate, i pantaloni."],
    "de": ["Nein, die Hose.", "Nein, lieber die Hose."],
    "en": ["No, the pants.", "No, sorry, the pants."],
}  # fmt: skip
HEDGE = {
    "fr": ["Le manteau jaune, je pense", "Je pense le manteau jaune"],
    "it": ["Il cappotto giallo, credo", "Penso il cappotto giallo"],
    "de": ["Den gelben Mantel, denke ich", "Den gelben Mantel, würde ich sagen"],
    "en": ["yellow coat i guess", "I think the yellow coat"],
}  # fmt: skip
SPOKEN = {"fr": "Je chope le manteau jaune de Nord", "it": "Mi piglio il cappotto giallo di Nord",
          "de": "Ich nehm den gelben Mantel von Nord", "en": "I'll nick North's yellow coat"}  # fmt: skip
GIVEN = {"fr": "Nord doit me donner le manteau jaune.", "it": "Nord mi deve dare il cappotto giallo.",
         "de": "Nord soll mir den gelben Mantel geben.", "en": "North can hand me the yellow coat."}  # fmt: skip
CHANGED = {
    # a first card, then "but no" / "no, rather" and the card settled on
    "fr": ["Je prends le pantalon orange. Non, plutôt le manteau jaune.",
           "J'ai failli prendre le pantalon orange, mais non : le manteau jaune."],
    "it": ["Prendo i pantaloni arancioni. No, meglio il cappotto giallo.",
           "Volevo i pantaloni arancioni, ma no: il cappotto giallo."],
    "de": ["Ich nehme die orange Hose. Nein, lieber den gelben Mantel.",
           "Ich wollte erst die orange Hose, aber nein: den gelben Mantel."],
    "en": ["I'll take the orange pants. No, rather the yellow coat.",
           "I almost took the orange pants, but no: the yellow coat."],
}  # fmt: skip
TAKEN_BACK = {
    # a card, then a "no" that settles on nothing: never the first card
    "fr": ["Je prends le manteau jaune, mais non.", "Je prends le manteau jaune. Non, plutôt"],
    "it": ["Prendo il cappotto giallo, ma no.", "Prendo il cappotto giallo. No, meglio"],
    "de": ["Ich nehme den gelben Mantel, aber nein.", "Ich nehme den gelben Mantel, ach nein."],
    "en": ["I'll take the yellow coat, but no.", "I'll take the yellow coat. No, rather"],
}  # fmt: skip


def _cards(lang: str) -> list[tuple[str, str, str | None]]:
    coat = "take north yellow-coat"
    out: list[tuple[str, str, str | None]] = []
    for tail in SET_ASIDE[lang]:
        out.append(("vs:steal", f"{STEAL_COAT[lang]} {tail}", coat))
    for tail in NOT_SET_ASIDE[lang]:
        out.append(("vs:steal", f"{STEAL_COAT[lang]} {tail}", ASK))
    for tail in CORRECTED[lang]:
        out.append(("vs:steal", f"{STEAL_COAT[lang]} {tail}", "take north orange-pants"))
    for text in HEDGE[lang]:
        out.append(("vs:steal", text, coat))
        out.append(("vs:steal", text + " ?", ASK))
    out += [("vs:steal", SPOKEN[lang], coat), ("vs:steal", GIVEN[lang], coat)]
    out += [("vs:steal", text, coat) for text in CHANGED[lang]]
    out += [("vs:steal", text, ASK) for text in TAKEN_BACK[lang]]
    return out


OFFICIAL_ASIDE = {
    # another official denied, then the selection; the same official denied and chosen: asked
    "fr": [("Je ne garde pas RK, je prends GY.", "select GY"),
           ("J'ai failli garder, mais non : je sélectionne GY.", "select GY"),
           ("Je ne prends pas GY, je prends GY.", ASK),
           ("J'ai failli garder RK, mais non.", ASK)],
    "it": [("Non tengo RK, prendo GY.", "select GY"),
           ("Volevo tenere, ma no: scelgo GY.", "select GY"),
           ("Non prendo GY, prendo GY.", ASK),
           ("Volevo tenere RK, ma no.", ASK)],
    "de": [("RK behalte ich nicht, ich nehme GY.", "select GY"),
           ("Ich wollte erst KB nehmen, aber nein: GY.", "select GY"),
           ("Ich nehme nicht GY, ich nehme GY.", ASK),
           ("Ich wollte erst KB nehmen, aber nein.", ASK)],
    "en": [("I won't keep RK, I'll take GY.", "select GY"),
           ("I almost kept, but no: select GY.", "select GY"),
           ("I don't take GY, I take GY.", ASK),
           ("I was going to take KB, but no.", ASK)],
}  # fmt: skip
HABIT = {
    "fr": [("D'habitude je doute de tout, mais là je crois Est.", "believe"),
           ("D'habitude je crois, mais cette fois je doute.", "doubt")],
    "it": [("Di solito dubito, ma stavolta ci credo.", "believe"),
           ("Di solito credo, ma questa volta dubito.", "doubt")],
    "de": [("Normalerweise zweifle ich, aber diesmal glaube ich es.", "believe"),
           ("Normalerweise glaube ich, aber diesmal zweifle ich.", "doubt")],
    "en": [("Usually I doubt, but this time I believe East.", "believe"),
           ("Usually I believe, but this time I doubt it.", "doubt")],
}  # fmt: skip


CONCEDED = {
    # a concession takes nothing back; another answer beside the notation is asked
    "fr": [("believe (même si je ne devrais pas)", "believe"), ("believe (mais je doute)", ASK)],
    "it": [("believe (anche se non dovrei)", "believe"), ("believe (ma dubito)", ASK)],
    "de": [("believe (obwohl ich es nicht sollte)", "believe"), ("believe (aber ich zweifle)", ASK)],
    "en": [("believe (though I shouldn't)", "believe"), ("believe (though I doubt it)", ASK)],
}  # fmt: skip


def _aside(lang: str) -> list[tuple[str, str, str | None]]:
    out: list[tuple[str, str, str | None]] = [
        ("vs:reselect", t, w) for t, w in OFFICIAL_ASIDE[lang]
    ]
    out += [("vs:believe", t, w) for t, w in HABIT[lang]]
    out += [("vs:believe", t, w) for t, w in CONCEDED[lang]]
    out.append(("vs:believe", HABIT[lang][0][0].rsplit(",", 1)[0] + ", mais ?", ASK))
    return out


PAIR = {"fr": ("Je bouge le {c} vers le nord", "rouge-bleu", "bleu-rouge"),
        "it": ("Sposto il {c} a nord", "rosso-blu", "blu-rosso"),
        "de": ("Ich ziehe den {c} Beamten nach Norden", "rot-blauen", "blau-roten"),
        "en": ("Move the {c} guy up", "red/blue", "blue/red")}  # fmt: skip
STEP = {"fr": ["Je bouge BR d'un seul pas vers l'ouest", "BR d'un pas vers l'ouest",
               "Je fais faire un pas à BR vers l'ouest"],
        "it": ["Faccio fare un passo solo a BR, verso ovest", "BR di un passo verso ovest"],
        "de": ["Den blau-roten Beamten einen Schritt nach Westen", "BR einen Schritt nach Westen"],
        "en": ["BR one step west", "Move the blue/red piece a single step west"]}  # fmt: skip
CODED = {
    "fr": [("Je déplace le noir au chapeau bleu (BK) vers la droite, puis vers le bas.", "BK E S"),
           ("BK (le fonctionnaire au chapeau bleu et au corps noir) vers l'est", "BK E"),
           ("BR O (O comme ouest, je ne sais pas si vous écrivez W)", "BR W"),
           ("Je déplace le rouge au chapeau vert (BK) vers la droite", ASK),
           ("BR O (ou N ? je ne sais pas comment on écrit)", ASK)],
    "it": [("Sposto il nero col cappello blu (BK) a destra, poi in basso.", "BK E S"),
           ("KB verso sud (si scrive così?)", "KB S"),
           ("Sposto il rosso col cappello verde (BK) a destra", ASK)],
    "de": [("Ich ziehe den schwarz-blauen (KB) nach Süden", "KB S"),
           ("BR W (schreibt man das so?)", "BR W"),
           ("BR W (oder doch N? weiß nicht, wie man das schreibt)", ASK)],
    "en": [("Move the black one with the blue hat (BK) right, then down.", "BK E S"),
           ("BK E S (is that how you write it?)", "BK E S"),
           ("Move the red one with the green hat (BK) right", ASK)],
}  # fmt: skip


PLAN_LAST = {
    # the last slide of a plan said with "finally"
    "fr": ["BK E, ensuite BK S, et enfin KB S", "BK E puis BK S et enfin KB S"],
    "it": ["BK E, poi BK S, e infine KB S", "BK E poi BK S infine KB S"],
    "de": ["BK E, dann BK S und zuletzt KB S", "BK E, danach BK S und schließlich KB S"],
    "en": ["BK E, then BK S, and finally KB S", "BK E then BK S finally KB S"],
}  # fmt: skip
WOULD_BUT = {
    # what the player would do otherwise, then "but" and the decision
    "fr": [("Si RK n'était pas coincé contre le mur je le garderais, mais là je change pour GY.",
            "select GY"),
           ("Pas le pantalon orange : je prends plutôt le manteau jaune de Nord.",
            "take north yellow-coat")],
    "it": [("Se RK non fosse bloccato lo terrei, ma stavolta scelgo GY.", "select GY"),
           ("Non i pantaloni arancioni: prendo piuttosto il cappotto giallo di Nord.",
            "take north yellow-coat")],
    "de": [("Wenn RK nicht an der Wand klemmen würde, würde ich ihn behalten, aber diesmal "
            "wähle ich GY.", "select GY"),
           ("Nicht die orange Hose: ich nehme lieber den gelben Mantel von Nord.",
            "take north yellow-coat")],
    "en": [("If RK weren't stuck against the wall I'd keep it, but this time I switch to GY.",
            "select GY"),
           ("Not the orange pants: I'll rather take North's yellow coat.",
            "take north yellow-coat")],
}  # fmt: skip


DOUBTED = {
    # a decision with a doubt, a question or an open "but" beside it: asked
    "fr": [("Je prendrais bien le manteau jaune, mais je ne sais pas.", "vs:steal"),
           ("Si RK était libre je le garderais, mais GY ne me plaît pas.", "vs:reselect"),
           ("BK E, ensuite BK S, et enfin je ne sais pas", "vs:turn")],
    "it": [("Prenderei il cappotto giallo, ma non so.", "vs:steal"),
           ("Prenderei il cappotto giallo, ma non lo so.", "vs:steal"),
           ("BK E, poi BK S, e infine boh", "vs:turn")],
    "de": [("Ich würde den gelben Mantel nehmen, aber ich weiß nicht.", "vs:steal"),
           ("Wenn RK frei wäre, würde ich ihn behalten, aber GY oder KB?", "vs:reselect"),
           ("BK E, dann BK S und zuletzt?", "vs:turn")],
    "en": [("I'd take the yellow coat, but I don't know.", "vs:steal"),
           ("If RK were free I'd keep it, but I'm not sure about GY.", "vs:reselect"),
           ("BK E, then BK S, and finally?", "vs:turn")],
}  # fmt: skip


IN_PROSE: dict[str, list[tuple[str, str, str | None]]] = {
    # an official by its two colours joined (and with "e": which is the hat? asked), the
    # official "taken" to move, a verb that says
    # the way, being content with the selection
    "fr": [("vs:turn", "Je monte le rouge-bleu vers le nord.", "RB N"),
           ("vs:turn", "Le noir-bleu descend puis part à gauche.", "KB S W"),
           ("vs:turn", "Je prends BK : vers la droite, puis en bas.", "BK E S"),
           ("vs:turn", "RB monte tout droit vers le nord", "RB N"),
           ("vs:reselect", "Je suis content de mon choix.", "keep")],
    "it": [("vs:turn", "Muovo il funzionario rosso e blu verso nord.", ASK),  # which is the hat?
           ("vs:turn", "KB scende e poi va a sinistra.", "KB S W"),
           ("vs:turn", "Prendo BK: a destra, poi giù.", "BK E S"),
           ("vs:reselect", "Sono contento della mia scelta.", "keep")],
    "de": [("vs:turn", "Ich schiebe den rot-blauen Beamten nach oben.", "RB N"),
           ("vs:turn", "Ich nehme BK: nach rechts und dann runter.", "BK E S"),
           ("vs:turn", "KB geradeaus nach unten", "KB S"),
           ("vs:reselect", "Ich bin zufrieden mit meiner Wahl.", "keep")],
    "en": [("vs:turn", "I'll move the red and blue official north.", "RB N"),
           ("vs:turn", "I take BK: right, then down.", "BK E S"),
           ("vs:turn", "BR runs west", "BR W"),
           ("vs:reselect", "I'm happy with my current official.", "keep")],
}  # fmt: skip


def _moves(lang: str) -> list[tuple[str, str, str | None]]:
    out: list[tuple[str, str, str | None]] = list(IN_PROSE[lang])
    out += [(mail, text, ASK) for text, mail in DOUBTED[lang]]
    out.append(
        (
            "vs:reselect",
            {
                "fr": "Je voulais garder RK, mais GY finalement.",
                "it": "Volevo tenere RK, ma alla fine GY.",
                "de": "Ich wollte RK behalten, aber dann doch GY.",
                "en": "I wanted to keep RK, but GY it is.",
            }[lang],
            "select GY",
        )
    )
    out += [("vs:turn", t, "BK E; BK S; KB S") for t in PLAN_LAST[lang]]
    for text, want in WOULD_BUT[lang]:
        out.append(("vs:reselect" if want.startswith("select") else "vs:steal", text, want))
    form, rb, br = PAIR[lang]
    out.append(("vs:turn", form.format(c=rb), "RB N"))
    out.append(("vs:turn", form.format(c=br), ASK))  # BR north: not a legal slide, asked
    out += [("vs:turn", t, "BR step W") for t in STEP[lang]]
    out += [("vs:turn", t, w) for t, w in CODED[lang]]
    return out


CASES = {
    lang: [*_said_twice(lang), *_selections(lang), *_cards(lang), *_aside(lang), *_moves(lang)]
    for lang in LANGS
}


def _as_meant(got: list[str], want: str | None) -> bool:
    if want is None:
        return got in (["ask"], [])
    return got == ["move " + want]


@pytest.mark.parametrize("lang", LANGS)
def test_die_verbotene_stadt_in_words_is_read_as_meant_and_never_otherwise(
    lang: str, tmp_path: Path
) -> None:
    import player_corpus as pc

    todo = CASES[lang]
    missed, wrong, seen = [], [], set()
    for name, stage in pc.vs_stages(tmp_path, lang):
        for mail, text, want in todo:
            if mail != name:
                continue
            seen.add(mail)
            v = pc.judge_stage(stage, pc.Case("t", "t", lang, name, "gmail", "nothing", text))
            if _as_meant(v.got, want):
                continue
            if v.got not in (["ask"], []):
                wrong.append((text, v.got, want))  # something the player did not settle on
            else:
                missed.append((text, v.got, want))
    assert seen == {m for m, _t, _w in todo}
    assert not wrong, wrong
    assert not missed, missed
