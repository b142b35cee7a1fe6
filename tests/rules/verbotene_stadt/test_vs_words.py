"""Die Verbotene Stadt read in words, in the four languages (issue 31): directions ("RB nach
Norden, dann nach Westen"), selections in prose ("Je choisis RK"), keep/believe/doubt as verbs."""

from __future__ import annotations

import pytest
from vs_helpers import BOARD, Dice, act, build, off

from pbem.rules.base import InvalidSyntax, RuleError
from pbem.rules.verbotene_stadt import GAME
from pbem.rules.verbotene_stadt.state import Answer, Keep, Move, Select, Take

ENTRY = {"RR": (2, 2), "YY": (2, 0), "BB": (12, 12), "GG": (8, 2), "RK": (4, 2)}


@pytest.mark.parametrize(
    "text",
    [
        "RK nach Norden, dann nach Osten",
        "RK Norden Osten",
        "Ich ziehe RK nach Norden und dann nach Osten",
        "RK vers le nord, puis vers l'est",
        "RK nord puis est",
        "Je joue RK au nord, puis à l'est",
        "RK verso nord, poi verso est",
        "RK nord, poi est",
        "muovo RK a nord poi a est",
        "RK north, then east",
    ],
)
def test_directions_in_words(text: str) -> None:
    s = build(ENTRY)
    assert GAME.parse(s, 0, text) == Move(off("RK"), ("N", "E"))


def test_west_and_south_in_words() -> None:
    s = build({"RB": (7, 5)})
    for text, want in [
        ("RB nach Westen", "W"),
        ("RB vers l'ouest", "W"),
        ("RB verso ovest", "W"),
        ("RB nach Süden", "S"),
        ("RB au sud", "S"),
    ]:
        assert GAME.parse(s, 0, text) == Move(off("RB"), (want,)), text


@pytest.mark.parametrize(
    "text",
    [
        "Je choisis RK",
        "je sélectionne RK",
        "Ich wähle RK",
        "Ich nehme RK",
        "scelgo RK",
        "I choose RK",
    ],
)
def test_selection_in_prose(text: str) -> None:
    s = build(ENTRY, selections=["RR", "YY", "BB", "GG"])
    s, _ = act(s, 0, "RR N W")
    assert GAME.parse(s, 1, text) == Select(off("RK"))


def test_keep_believe_doubt_as_verbs() -> None:
    s = build(ENTRY, selections=["RR", "YY", "BB", "GG"])
    s, _ = act(s, 0, "RR N W")
    for text in ("je garde", "ich behalte", "tengo"):
        assert GAME.parse(s, 1, text) == Keep(), text
    assert GAME.notation(Answer(False)) == "believe"


def test_answers_to_a_claim_among_remarks() -> None:
    """Issue 31 (half-9, half-10): an answer among remarks, emoji, "bluff" words; a question or
    a negated bluff is asked back."""
    from pbem.rules.verbotene_stadt import notation

    for text, doubt in [
        ("Menteur ! 😂 je doute", True),
        ("Zweifel! Ost blufft doch, RK war nie im Leben seiner.", True),
        ("Nope, bluff. Doubt", True),
        ("Est qui aurait soudoyé RK ? Je n'y crois pas une seconde. Je doute.", True),
        ("Est dice di aver corrotto RK... ci credo, ha giocato in modo coerente finora.", False),
        ("Fine, I'll take East at their word. Believe.", False),
    ]:
        assert notation._answer_in_sentences(text) is doubt, text
    for text in ("Doubt?", "He's not bluffing", "Believe or doubt?", "I believe you. Doubt."):
        assert notation._answer_in_sentences(text) is None, text


def test_a_reselection_in_words() -> None:
    s = build(ENTRY, selections=["RR", "YY", "BB", "GG"])
    s, _ = act(s, 0, "RR N W")
    for text in ("Keep mine", "Gleicher wie vorher", "Same as before",
                 "Je garde ma sélection actuelle, merci."):  # fmt: skip
        assert GAME.parse(s, 1, text) == Keep(), text
    for text in ("Switch to RK", "Wechsel auf RK", "Switching my bribe to RK, please."):
        assert GAME.parse(s, 1, text) == Select(off("RK")), text


def test_trust_and_staying_in_words() -> None:
    from pbem.rules.verbotene_stadt import notation

    for text, doubt in [("I trust them", False), ("Je lui fais confiance", False),
                        ("Mi fido", False), ("Ich vertraue ihm", False),
                        ("I don't trust him", True), ("Pas crédible", True),
                        ("I think they're lying", True)]:  # fmt: skip
        got = notation._answer_in_words(notation._tokens(text))
        if got is None:
            got = notation._answer_in_sentences(text)
        assert got is doubt, text
    s = build(ENTRY, selections=["RR", "YY", "BB", "GG"])
    s, _ = act(s, 0, "RR N W")
    for text in (
        "Je reste sur ma sélection",
        "I'll stick with my choice",
        "Bleibe bei meiner Wahl",
    ):
        assert GAME.parse(s, 1, text) == Keep(), text


def test_a_no_after_the_verb_denies_it_before_it_only_answers() -> None:
    """ "Credo di no" (I think not) doubts; "No, non ci credo" doubts; "No, I believe you"
    believes; "I'm not sure. Believe" believes (the "not" is the remark's); "Je crois qu'il bluffe"
    (I think he is bluffing) doubts (eighth round's last pass, wt-27)."""
    from pbem.rules.verbotene_stadt import notation

    def said(text: str) -> bool | None:
        got = notation._answer_in_words(notation._tokens(text))
        return got if got is not None else notation._answer_in_sentences(text)

    for text, doubt in [("Credo di no", True), ("Credo di sì", False), ("Je crois que non", True),
                        ("Je crois que oui", False), ("No, I believe you", False),
                        ("No, non ci credo proprio", True), ("Nee, glaub ich nicht", True),
                        ("I'm not sure. Believe", False), ("Gelogen!", True),
                        ("Ne dubito fortemente", True), ("Ich vertraue Ost", False),
                        ("Je crois qu'il bluffe", True), ("Credo che bluffi", True)]:  # fmt: skip
        assert said(text) is doubt, text
    for text in ("Believe or doubt?",):
        assert said(text) is None, text


def test_a_reselection_kept_or_changed_in_other_words() -> None:
    s = build(ENTRY, selections=["RR", "YY", "BB", "GG"])
    s, _ = act(s, 0, "RR N W")
    for text in ("No change", "Keine Änderung", "Unverändert", "Nessun cambio", "Resto così",
                 "Ich bleibe dabei", "Bleibt so", "Pas de changement", "Keep it as is"):  # fmt: skip
        assert GAME.parse(s, 1, text) == Keep(), text
    for text in ("Cambio con RK", "Prendo RK stavolta"):
        assert GAME.parse(s, 1, text) == Select(off("RK")), text


# Issue 31, fifth round: officials by colour, the direction "O", keeping in words, cards beside
# the player's own.

DESCRIBED = [
    "Je déplace le fonctionnaire au chapeau rouge et au corps noir vers le nord",
    "le fonctionnaire au chapeau rouge et au corps noir va au nord",
    "the official with the red hat and the black body goes north",
    "red hat black body north",
    "sposto il funzionario col cappello rosso e il corpo nero verso nord",
    "il funzionario con cappello rosso e corpo nero va su",
    "Ich ziehe den Beamten mit rotem Hut und schwarzem Körper nach Norden",
    "der Beamte mit dem roten Hut und dem schwarzen Körper nach oben",
    # ninth round: the two colours in the code's order, or one garment that says which is which
    "il funzionario rosso e nero verso nord",
    "le rouge et noir monte vers le nord",
    "the red-hatted black one goes north",
    "the red one in the black coat goes up",
    "der Rote mit schwarzem Körper nach Norden",
    "le rouge au corps noir vers le nord",
    "R K north",
    "Romeo Kilo north",
    "R wie Richard, K wie Kaufmann: nach Norden",
]


@pytest.mark.parametrize("text", DESCRIBED)
def test_an_official_described_by_its_colours(text: str) -> None:
    s = build(ENTRY)
    assert GAME.parse(s, 0, text) == Move(off("RK"), ("N",))


@pytest.mark.parametrize(
    "text",
    [
        "le fonctionnaire au chapeau rouge vers le nord",  # the body's colour is missing
        "the official with the red hat and the black hat goes north",
        # one colour only (ninth round: "rosso e nero", two colours with no garment, are read
        # in the order of the official's code, hat then body, as "rosso-nero" always was)
        "il funzionario rosso verso nord",
        "il funzionario rosso e nero e blu verso nord",  # three colours
        "der Beamte mit rotem Hut nach Norden",
    ],
)
def test_an_official_described_in_part_is_no_official(text: str) -> None:
    s = build(ENTRY)
    with pytest.raises(RuleError):
        GAME.parse(s, 0, text)


def test_the_described_official_selected() -> None:
    s = build(ENTRY, selections=["RR", "YY", "BB", "GG"])
    s, _ = act(s, 0, "RR N W")
    for text in ("Je choisis le fonctionnaire au chapeau rouge et au corps noir",
                 "I select the one with the red hat and the black body",
                 "Scelgo quello col cappello rosso e il corpo nero",
                 "Ich wähle den mit rotem Hut und schwarzem Körper"):  # fmt: skip
        assert GAME.parse(s, 1, text) == Select(off("RK")), text


def test_a_lone_o_is_west_in_french_and_italian_east_in_german() -> None:
    from pbem.i18n import speaking
    from pbem.rules.verbotene_stadt.notation import spelled

    for lang, word in (("fr", "ouest"), ("it", "ovest"), ("de", "Ost")):
        with speaking(lang):
            assert spelled("BK O, dann RB N") == f"BK {word}, dann RB N"
            assert spelled("rb n o") == f"rb n {word}"
            assert spelled("Je joue BK o puis o") == f"Je joue BK {word} puis {word}"
            assert spelled("SAY O là là") == "SAY O là là"  # no official before it
            assert spelled("O13 R1") == "O13 R1"
    with speaking("en"):
        assert spelled("BK O") == "BK O"  # English has no "O" direction
    s = build({"RB": (7, 5)})
    for lang, want in (("fr", "W"), ("it", "W"), ("de", "E")):
        with speaking(lang):
            text = spelled("RB O")
        # what is stored reads the same in any language later
        for later in ("en", "fr", "it", "de"):
            with speaking(later):
                assert GAME.parse(s, 0, text) == Move(off("RB"), (want,)), (lang, later)
    with pytest.raises(InvalidSyntax):
        GAME.parse(s, 0, "RB O")  # unspelled, "O" is no direction in any language


@pytest.mark.parametrize(
    "text",
    ["Je ne change rien", "Je ne change rien, je garde.", "I won't change anything",
     "I don't change", "Non cambio niente", "Non cambio nulla, tengo", "Ich ändere nichts",
     "keep YY", "Je garde YY", "Tengo YY"],
)  # fmt: skip
def test_a_selection_kept_in_words_that_change_nothing(text: str) -> None:
    s = build(ENTRY, selections=["RR", "YY", "BB", "GG"])
    s, _ = act(s, 0, "RR N W")
    assert GAME.parse(s, 1, text) == Keep()


@pytest.mark.parametrize(
    "text", ["I don't keep", "Je ne garde pas", "keep RK", "Non tengo YY", "Ich behalte nichts"]
)
def test_a_selection_not_kept_is_no_keep(text: str) -> None:
    s = build(ENTRY, selections=["RR", "YY", "BB", "GG"])
    s, _ = act(s, 0, "RR N W")
    try:
        got = GAME.parse(s, 1, text)
    except RuleError:
        return
    assert got != Keep(), text


def test_a_card_taken_beside_the_players_own_card() -> None:
    s = build({"RR": (4, 2)}, hands=[[], [], ["red-hat", "green-coat"], ["blue-hat"]])
    s, _ = act(s, 0, "RR N", Dice(5))
    coat = Take(2, BOARD.card_colours.index("green") * 3 + 1)
    for text in (
        "le manteau vert évidemment, ça me fait la paire avec mon chapeau vert",
        "the green coat obviously, it goes with my green hat",
        "il cappotto verde ovviamente, fa coppia con il mio cappello verde",
        "den grünen Mantel natürlich, der passt zu meinem grünen Hut",
        "Ich nehme Süd den grünen Mantel weg.",
    ):
        assert GAME.parse(s, 1, text) == coat, text
    # a card named without "my" is no remark: asked back
    with pytest.raises(RuleError):
        GAME.parse(s, 1, "le manteau vert, ou le chapeau rouge")
