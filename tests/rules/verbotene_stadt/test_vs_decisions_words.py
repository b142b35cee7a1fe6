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


@pytest.mark.parametrize(
    "text",
    [
        "Je ne prends pas le pantalon orange de Nord",
        "Ich nehme nicht die orange Hose von Nord",
        "I don't take the orange pants from North",
        "Non prendo i pantaloni arancioni di Nord",
        "Je prends le pantalon orange de Nord ?",
        "Should I take the orange pants from North?",
        "Pas le pantalon orange, plutôt le manteau jaune",
        "The orange pants, or maybe the yellow coat?",
        "I would like to thank the dragon",
    ],
)
def test_a_card_denied_asked_or_weighed_is_not_taken(text: str) -> None:
    s = _steal()
    try:
        got = GAME.parse(s, 1, text)
    except RuleError:
        return
    assert got != Take(0, card("orange-pants")), text


def _reselect() -> State:
    s = build({"RR": (2, 2), "YY": (2, 0), "BB": (12, 12), "GG": (8, 2), "RK": (4, 2),
               "GB": (0, 12), "BY": (12, 0), "KB": (0, 6)})  # fmt: skip
    s, _ = act(s, 0, "RR N W")
    return s  # East (seat 1) selected YY


@pytest.mark.parametrize(
    "text",
    [
        "Je ne change rien", "Je ne change rien, je garde.", "Rien ne change.",
        "Je n'ai rien changé", "je garde YY", "Je reste sur YY", "Je vais garder YY",
        "Non cambio niente", "Non cambio nulla, grazie", "Tengo YY", "Resto con YY",
        "Non cambio, tengo YY.", "Vorrei tenere YY",
        "Ich ändere nichts", "Ich wechsle nicht.", "Ich bleibe bei YY", "Ich behalte YY",
        "Ich möchte YY behalten", "Ich ändere nichts, ich behalte YY.",
        "keep YY", "Keep YY please", "I'm not changing anything", "I won't change my selection",
        "I don't change", "Stay with YY please", "I'd like to keep YY",
    ],
)  # fmt: skip
def test_a_reselection_kept_in_words(text: str) -> None:
    assert GAME.parse(_reselect(), 1, text) == Keep(), text


@pytest.mark.parametrize(
    "text",
    [
        "keep RK", "Je garde RK", "Ich bleibe bei RK", "Tengo RK",  # RK is not East's official
        "Je ne garde pas, je change pour RK", "Change?", "Je change, rien ne va plus",
        "I'm not sure, maybe change", "Non cambio idea: RK",
    ],
)  # fmt: skip
def test_a_keep_naming_another_official_or_a_change_is_not_kept(text: str) -> None:
    try:
        got = GAME.parse(_reselect(), 1, text)
    except RuleError:
        return
    assert got != Keep(), text
    assert got in (Select(off("RK")),), text


@pytest.mark.parametrize(
    ("text", "doubt"),
    [
        ("Credo a Est", False), ("Je crois à sa parole", False), ("Ich glaube an Ost", False),
        ("Das nehme ich dir ab", False), ("Das nehme ich Ost nicht ab", True),
        ("Das kaufe ich ihm nicht ab", True), ("I don't buy it", True), ("I buy it", False),
    ],
)  # fmt: skip
def test_an_answer_to_a_claim_in_idioms(text: str, doubt: bool) -> None:
    got = notation._answer_in_words(notation._tokens(text))
    if got is None:
        got = notation._answer_in_sentences(text)
    assert got is doubt, text


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # the card beside another one set aside ("X, not Y"; "Not Y — X")
        ("Il drago: prendo i pantaloni arancioni di Nord, non il mantello giallo.",
         ("orange-pants", 0)),
        ("Ich nehme Nord den gelben Mantel weg, nicht die orange Hose.", ("yellow-coat", 0)),
        ("Je prends le manteau jaune de Nord, pas le pantalon orange.", ("yellow-coat", 0)),
        ("Not the orange pants — the yellow coat please.", ("yellow-coat", 0)),
        ("The red pants from South, but not the green coat", ("red-pants", 2)),
        # an aside in brackets that explains
        ("Taking South's red pants. (The green coat would give me less.)", ("red-pants", 2)),
        ("Je prends le pantalon rouge de Sud (le manteau vert ne me sert à rien).",
         ("red-pants", 2)),
        ("Prendo i pantaloni rossi di Sud (il cappotto verde ce l'ho già).", ("red-pants", 2)),
        ("Ich nehme die rote Hose von Süd (den grünen Mantel brauche ich nicht).",
         ("red-pants", 2)),
    ],
)  # fmt: skip
def test_a_card_beside_another_set_aside(text: str, want: tuple[str, int]) -> None:
    assert GAME.parse(_steal(), 1, text) == Take(want[1], card(want[0])), text


@pytest.mark.parametrize(
    "text",
    [
        "Prendo i pantaloni arancioni di Nord, non i pantaloni arancioni",  # the same one denied
        "Je prends le pantalon rouge de Sud (ou plutôt le manteau vert ?)",
        "Taking South's red pants (no wait, the green coat)",
        "Taking South's red pants (I'd take the green coat too)",
        "Non il mantello giallo",
    ],
)
def test_a_card_taken_back_or_doubted_beside_another_is_not_taken(text: str) -> None:
    with pytest.raises(RuleError):
        GAME.parse(_steal(), 1, text)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("cambio: corrompo il funzionario con il cappello verde e il corpo blu, cioè GB.", "GB"),
        ("Je change : désormais je soudoie le fonctionnaire au chapeau noir et au corps bleu",
         "KB"),
        ("I'll switch my bribe to BY (blue hat, yellow body).", "BY"),
        ("Ich besteche jetzt den Beamten mit rotem Hut und schwarzem Körper", "RK"),
        ("Je change : désormais je soudoie GB.", "GB"),
        ("Cambio selezione: adesso corrompo GB.", "GB"),
        ("Wechsel: ab jetzt besteche ich RK", "RK"),
        ("Change of bribe: now I'm bribing RK", "RK"),
    ],
)  # fmt: skip
def test_a_new_selection_in_words_and_colours(text: str, code: str) -> None:
    assert GAME.parse(_reselect(), 1, text) == Select(off(code)), text


@pytest.mark.parametrize(
    "text",
    [
        "I'll switch my bribe to BY (green hat, blue body).",  # the colours say another
        "Not the one with the green hat and blue body",
        "Je change : pas le fonctionnaire au chapeau vert et au corps bleu",
    ],
)
def test_a_selection_whose_words_disagree_is_not_read(text: str) -> None:
    with pytest.raises(RuleError):
        GAME.parse(_reselect(), 1, text)


@pytest.mark.parametrize(
    "text", ["je garde la meme", "Je garde mon fonctionnaire, rien ne change de mon côté.",
             "Ich behalte die gleiche Auswahl", "tengo lo stesso"],
)  # fmt: skip
def test_a_keep_without_accents_or_with_a_side_remark(text: str) -> None:
    assert GAME.parse(_reselect(), 1, text) == Keep(), text


@pytest.mark.parametrize(
    ("text", "doubt"),
    [
        ("Bon, je te crois Mathieu... pour cette fois 😉", False),
        ("Ti credo, Marco, per questa volta", False),
        ("Ich glaube dir, Petra.", False),
        ("I was going to doubt, but on reflection I believe East this time.", False),
        ("J'allais douter, mais finalement je te crois.", False),
        ("Volevo dubitare, ma alla fine ci credo.", False),
        ("Ich wollte erst zweifeln, aber ich glaube Ost.", False),
        ("I was going to believe, but I doubt it.", True),
        ("Doubt. Nobody walks an official that far unless they've bribed it... which is exactly "
         "what a bluffer wants us to think.", True),
    ],
)  # fmt: skip
def test_an_answer_beside_a_name_a_first_intention_or_a_long_remark(text: str, doubt: bool) -> None:
    assert notation._answer_in_sentences(text) is doubt, text


def test_a_long_remark_about_bluffers_does_not_believe() -> None:
    text = "Believe. Nobody walks an official that far unless they bribed it, so says a bluffer."
    assert notation._answer_in_sentences(text) is None
