"""Die Verbotene Stadt's decisions in words, composed from parts in the four languages (issue 31,
fifth round): a card to take named by colour and garment with the verb in several tenses and
persons (or none), the seat before or after, adverbs, courtesy and a remark about the player's own
cards; a reselection kept by naming the official already chosen or by denying a change; an
answer to a claim in idioms. Whatever the form, the decision read is the one written, and a
negated, asked or other card is never taken."""

from __future__ import annotations

import itertools

import pytest
from vs_helpers import Dice, act, build, card, off

from pbem.rules.base import RuleError
from pbem.rules.verbotene_stadt import GAME, notation
from pbem.rules.verbotene_stadt.state import Keep, Select, State, Take

ENTRY = {"RR": (4, 2), "RK": (2, 2), "GB": (8, 2)}
HANDS = [["orange-pants", "yellow-coat"], [], ["red-pants", "green-coat"], ["blue-hat"]]


def _steal() -> State:
    """East (seat 1) rolled the dragon: any card of North, South or West may be taken."""
    s = build(ENTRY, hands=HANDS)
    s, _ = act(s, 0, "RR N", Dice(5))  # the small fate die: red with the dragon
    return s


CARDS = {
    # card: (victim, {lang: phrase})
    "orange-pants": (0, {"fr": "le pantalon orange", "it": "i pantaloni arancioni",
                         "de": "die orange Hose", "en": "the orange pants"}),
    "yellow-coat": (0, {"fr": "le manteau jaune", "it": "il cappotto giallo",
                        "de": "den gelben Mantel", "en": "the yellow coat"}),
    "red-pants": (2, {"fr": "le pantalon rouge", "it": "i pantaloni rossi",
                      "de": "die rote Hose", "en": "the red pants"}),
    "green-coat": (2, {"fr": "le manteau vert", "it": "il cappotto verde",
                       "de": "den grünen Mantel", "en": "the green coat"}),
}  # fmt: skip
SEATS = {
    0: {"fr": ("de Nord", "à Nord"), "it": ("di Nord", "a Nord"), "de": ("von Nord", "von Norden"),
        "en": ("from North", "off North")},
    2: {"fr": ("de Sud", "à Sud"), "it": ("di Sud", "da Sud"), "de": ("von Süd", "von Süden"),
        "en": ("from South", "off South")},
}  # fmt: skip
VERBS = {
    "fr": ["Je prends", "Je prendrai", "Je vais prendre", "Je voudrais", "Je vole", "Je pique",
           "Bon, je prends", ""],
    "it": ["Prendo", "Mi prendo", "Prenderò", "Prenderei", "Vorrei", "Rubo", "Allora prendo", ""],
    "de": ["Ich nehme", "Ich hole mir", "Ich möchte", "Ich klaue", "Also, ich nehme", "Ich will",
           ""],
    "en": ["I take", "I'll take", "I'm taking", "I'd like", "I would like", "I want",
           "I'll steal", "So I take", ""],
}  # fmt: skip
FOR_ME = {
    # who the card is for, what it will be, deciding for it (sixth round)
    "fr": ["Pour moi", "Pour moi ce sera", "Alors pour moi", "Je me décide pour",
           "Ce sera"],
    "it": ["Per me", "Allora per me", "Per me sarà", "Opto per", "Io opto per"],
    "de": ["Für mich", "Dann für mich", "Ich entscheide mich für", "Dann klaue ich",
           "Also für mich"],
    "en": ["For me", "I'll go for", "I go for", "I opt for", "Then for me", "I'm going for"],
}  # fmt: skip
FOR_ME_AFTER = {"fr": " pour moi", "it": " per me", "de": " für mich", "en": " for me"}
TAILS = {
    "fr": ["", ", évidemment", ", merci", " bien sûr", ", ça me fait la paire avec mon chapeau "
           "bleu", ". Merci le dragon !"],
    "it": ["", ", ovviamente", ", grazie", ", naturalmente", ". Evviva il drago!",
           ", così fa coppia con il mio cappello blu"],
    "de": ["", ", natürlich", ", danke", ", bitte", ", passt zu meinem blauen Hut",
           ". Danke, Drache!"],
    "en": ["", ", of course", ", thanks", " please", ", it goes with my blue hat",
           ". Thanks, dragon!"],
}  # fmt: skip


def _takes() -> list[tuple[str, Take]]:
    out = []
    for lang, verbs in VERBS.items():
        for (name, (victim, phrases)), verb, seat, tail in itertools.product(
            CARDS.items(), verbs, (0, 1), TAILS[lang]
        ):
            phrase = f"{phrases[lang]} {SEATS[victim][lang][seat]}"
            text = f"{verb} {phrase}{tail}".strip() if verb else (phrase + tail)
            out.append((text[0].upper() + text[1:], Take(victim, card(name))))
        # the German word orders: the seat first, the verb's particle at the end
        out.append(("Ich nehme Nord die orange Hose weg.", Take(0, card("orange-pants"))))
        out.append(("Ich würde gerne die rote Hose von Süd nehmen", Take(2, card("red-pants"))))
        out.append(("Die rote Hose von Süd nehme ich", Take(2, card("red-pants"))))
        out.append(("Pour le dragon : le manteau jaune de Nord.", Take(0, card("yellow-coat"))))
    for lang, leads in FOR_ME.items():
        for (name, (victim, phrases)), lead, tail in itertools.product(
            CARDS.items(), leads, TAILS[lang][:3]
        ):
            phrase = f"{phrases[lang]} {SEATS[victim][lang][0]}"
            out.append((f"{lead} {phrase}{tail}", Take(victim, card(name))))
            out.append((f"{phrase[0].upper()}{phrase[1:]}{FOR_ME_AFTER[lang]}{tail}",
                        Take(victim, card(name))))  # fmt: skip
    return out


def test_a_card_to_take_in_words_is_read_in_every_form() -> None:
    s = _steal()
    missed = []
    for text, want in _takes():
        try:
            got = GAME.parse(s, 1, text)
        except RuleError:
            missed.append(text)
            continue
        assert got == want, text  # never another card
    assert not missed, missed


def _reselect() -> State:
    s = build({"RR": (2, 2), "YY": (2, 0), "BB": (12, 12), "GG": (8, 2), "RK": (4, 2),
               "GB": (0, 12), "BY": (12, 0), "KB": (0, 6)})  # fmt: skip
    s, _ = act(s, 0, "RR N W")
    return s  # East (seat 1) selected YY


AT = {"steal": _steal, "reselect": _reselect}
KEEP = Keep()


def _take(name: str) -> Take:
    return Take(0 if name in ("orange-pants", "yellow-coat") else 2, card(name))


READ = [
    # a reselection kept in words: the official already chosen named, a change denied
    *(("reselect", text, KEEP) for text in (
        "Je ne change rien", "Je ne change rien, je garde.", "Rien ne change.",
        "Je n'ai rien changé", "je garde YY", "Je reste sur YY", "Je vais garder YY",
        "Non cambio niente", "Non cambio nulla, grazie", "Tengo YY", "Resto con YY",
        "Non cambio, tengo YY.", "Vorrei tenere YY",
        "Ich ändere nichts", "Ich wechsle nicht.", "Ich bleibe bei YY", "Ich behalte YY",
        "Ich möchte YY behalten", "Ich ändere nichts, ich behalte YY.",
        "keep YY", "Keep YY please", "I'm not changing anything", "I won't change my selection",
        "I don't change", "Stay with YY please", "I'd like to keep YY",
        # without accents, with a remark on the side, leaving it as it is, no change for me
        "je garde la meme", "Je garde mon fonctionnaire, rien ne change de mon côté.",
        "Ich behalte die gleiche Auswahl", "tengo lo stesso", "Lascio tutto com'è.",
        "Je laisse comme ça", "Ich lasse alles, wie es ist", "I'll leave it as it is",
        "Aucun changement pour moi.", "Keine Änderung bei mir.", "Nessun cambiamento per me",
        "No change for me",
        # staying with the same official (sixth round)
        "Je reste avec le même fonctionnaire, merci.", "Je reste avec mon fonctionnaire",
        "Resto con il mio funzionario.", "Resto con lo stesso funzionario",
        "Ich bleibe bei meinem Beamten.", "Ich bleibe mit dem gleichen Beamten",
        "I'll stick with my current official.", "I'm staying with the same official")),
    # a new selection in words, by code or by the official's colours
    ("reselect", "cambio: corrompo il funzionario con il cappello verde e il corpo blu, cioè GB.",
     Select(off("GB"))),
    ("reselect", "Je change : désormais je soudoie le fonctionnaire au chapeau noir et au corps "
     "bleu", Select(off("KB"))),
    ("reselect", "I'll switch my bribe to BY (blue hat, yellow body).", Select(off("BY"))),
    ("reselect", "Ich besteche jetzt den Beamten mit rotem Hut und schwarzem Körper",
     Select(off("RK"))),
    ("reselect", "Je change : désormais je soudoie GB.", Select(off("GB"))),
    ("reselect", "Cambio selezione: adesso corrompo GB.", Select(off("GB"))),
    ("reselect", "Wechsel: ab jetzt besteche ich RK", Select(off("RK"))),
    ("reselect", "Change of bribe: now I'm bribing RK", Select(off("RK"))),
    ("reselect", "Cambio e prendo GB.", Select(off("GB"))),
    # the card beside another one set aside ("X, not Y"; "Not Y — X") or a remark in brackets
    ("steal", "Il drago: prendo i pantaloni arancioni di Nord, non il mantello giallo.",
     _take("orange-pants")),
    ("steal", "Ich nehme Nord den gelben Mantel weg, nicht die orange Hose.",
     _take("yellow-coat")),
    ("steal", "Je prends le manteau jaune de Nord, pas le pantalon orange.", _take("yellow-coat")),
    ("steal", "Not the orange pants — the yellow coat please.", _take("yellow-coat")),
    ("steal", "The red pants from South, but not the green coat", _take("red-pants")),
    ("steal", "Taking South's red pants. (The green coat would give me less.)",
     _take("red-pants")),
    ("steal", "Je prends le pantalon rouge de Sud (le manteau vert ne me sert à rien).",
     _take("red-pants")),
    ("steal", "Prendo i pantaloni rossi di Sud (il cappotto verde ce l'ho già).",
     _take("red-pants")),
    ("steal", "Ich nehme die rote Hose von Süd (den grünen Mantel brauche ich nicht).",
     _take("red-pants")),
    # the verb of a selection for a card; a lead-in before a colon
    *(("steal", text, _take("red-pants")) for text in (
        "Scelgo i pantaloni rossi di Sud, ovviamente.", "I choose the red pants from South",
        "Je choisis le pantalon rouge de Sud", "Ich wähle die rote Hose von Süd")),
    ("steal", "Le dragon me permet de prendre une carte : le pantalon orange de Nord.",
     _take("orange-pants")),
]  # fmt: skip


@pytest.mark.parametrize(("at", "text", "want"), READ)
def test_a_decision_in_words_is_read(at: str, text: str, want: object) -> None:
    assert GAME.parse(AT[at](), 1, text) == want, text


NEVER = [
    # a card denied, asked or weighed is not taken
    *(("steal", text, _take("orange-pants")) for text in (
        "Je ne prends pas le pantalon orange de Nord", "Ich nehme nicht die orange Hose von Nord",
        "I don't take the orange pants from North", "Non prendo i pantaloni arancioni di Nord",
        "Je prends le pantalon orange de Nord ?", "Should I take the orange pants from North?",
        "Pas le pantalon orange, plutôt le manteau jaune",
        "The orange pants, or maybe the yellow coat?", "I would like to thank the dragon",
        # for whom, deciding: denied, weighed or asked (sixth round)
        "Pour moi pas le pantalon orange de Nord", "Per me non i pantaloni arancioni di Nord",
        "Für mich nicht die orange Hose von Nord", "Not the orange pants from North for me",
        "I can't decide: the orange pants from North?", "Ich entscheide mich nicht für die "
        "orange Hose von Nord", "Je ne me décide pas pour le pantalon orange de Nord",
        "For me the orange pants from North, or the yellow coat?",
        "Pour moi le pantalon orange de Nord ou le manteau jaune",
        "I'll go for the orange pants from North then the yellow coat")),
    # another official named with keep, or a change, is no keep (RK is not East's official)
    *(("reselect", text, KEEP) for text in (
        "keep RK", "Je garde RK", "Ich bleibe bei RK", "Tengo RK",
        "Je ne garde pas, je change pour RK", "Change?", "Je change, rien ne va plus",
        "I'm not sure, maybe change", "Non cambio idea: RK")),
]  # fmt: skip


@pytest.mark.parametrize(("at", "text", "never"), NEVER)
def test_a_decision_denied_asked_or_weighed_is_not_read(at: str, text: str, never: object) -> None:
    try:
        got = GAME.parse(AT[at](), 1, text)
    except RuleError:
        return
    assert got != never, text
    assert isinstance(got, Select | Take), text


CHANGED_MIND = [
    # the player's last word counts inside a decision (sixth round: it-2549 took the first card)
    ("steal", "Prenderei i pantaloni rossi di Sud... ripensandoci, meglio il cappotto verde.",
     _take("green-coat")),
    ("steal", "Je prends le pantalon rouge de Sud. Non attendez, le manteau vert plutôt.",
     _take("green-coat")),
    ("steal", "Alors... le pantalon rouge de Sud ? Non, finalement le manteau vert de Sud.",
     _take("green-coat")),
    ("steal", "I'll take the red pants from South. Actually no, the green coat from South.",
     _take("green-coat")),
    ("steal", "Taking South's red pants (no wait, the green coat)", _take("green-coat")),
    ("steal", "Ich nehme die rote Hose von Süd – ach nein, doch lieber den grünen Mantel.",
     _take("green-coat")),
    ("steal", "Prendo il cappotto verde di Sud, anzi no, i pantaloni rossi.", _take("red-pants")),
    ("reselect", "Ich wähle BB – ach nein, doch lieber behalten.", KEEP),
    ("reselect", "Je choisis RK, non attendez, je garde.", KEEP),
    ("reselect", "select RK, actually keep", KEEP),
    ("reselect", "Scelgo RK... ripensandoci, tengo il mio.", KEEP),
    ("reselect", "Keep. On second thought, select GB.", Select(off("GB"))),
]  # fmt: skip


@pytest.mark.parametrize(("at", "text", "want"), CHANGED_MIND)
def test_a_decision_changed_in_the_sentence_is_the_last_one(
    at: str, text: str, want: object
) -> None:
    assert GAME.parse(AT[at](), 1, text) == want, text


REFUSED = [
    # a change of mind that settles on nothing readable, or asks
    ("steal", "Je prends le pantalon rouge de Sud, non attendez, pas le rouge"),
    ("steal", "The red pants from South... wait, is the green coat better?"),
    ("steal", "Prendo i pantaloni rossi di Sud, anzi no, boh"),
    ("reselect", "Ich wähle BB – ach nein, doch nicht"),
    ("steal", "Prendo i pantaloni arancioni di Nord, non i pantaloni arancioni"),  # the same one
    ("steal", "Je prends le pantalon rouge de Sud (ou plutôt le manteau vert ?)"),
    ("steal", "Taking South's red pants (I'd take the green coat too)"),
    ("steal", "Non il mantello giallo"),
    ("steal", "Je ne prends pas de carte : le pantalon orange de Nord."),  # a lead-in that denies
    ("reselect", "I'll switch my bribe to BY (green hat, blue body)."),  # the colours say another
    ("reselect", "Not the one with the green hat and blue body"),
    ("reselect", "Je change : pas le fonctionnaire au chapeau vert et au corps bleu"),
]


@pytest.mark.parametrize(("at", "text"), REFUSED)
def test_a_decision_taken_back_or_disagreeing_is_refused(at: str, text: str) -> None:
    with pytest.raises(RuleError):
        GAME.parse(AT[at](), 1, text)


ANSWERS = [
    # idioms
    ("Credo a Est", False), ("Je crois à sa parole", False), ("Ich glaube an Ost", False),
    ("Das nehme ich dir ab", False), ("Das nehme ich Ost nicht ab", True),
    ("Das kaufe ich ihm nicht ab", True), ("I don't buy it", True), ("I buy it", False),
    # a first name, a first intention taken back, a long remark about bluffers
    ("Bon, je te crois Mathieu... pour cette fois 😉", False),
    ("Ti credo, Marco, per questa volta", False), ("Ich glaube dir, Petra.", False),
    ("I was going to doubt, but on reflection I believe East this time.", False),
    ("J'allais douter, mais finalement je te crois.", False),
    ("Volevo dubitare, ma alla fine ci credo.", False),
    ("Ich wollte erst zweifeln, aber ich glaube Ost.", False),
    ("I was going to believe, but I doubt it.", True),
    ("Doubt. Nobody walks an official that far unless they've bribed it... which is exactly "
     "what a bluffer wants us to think.", True),
    ("Believe. Nobody walks an official that far unless they bribed it, so says a bluffer.",
     None),
]  # fmt: skip


@pytest.mark.parametrize(("text", "doubt"), ANSWERS)
def test_an_answer_to_a_claim_in_words(text: str, doubt: bool | None) -> None:
    got = notation._answer_in_words(notation._tokens(text))
    if got is None:
        got = notation._answer_in_sentences(text)
    assert got is doubt, text
