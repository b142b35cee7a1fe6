"""A move named by its place in a list the answered mail showed (issue 31, seventh round).

"le premier coup de la liste", "la troisième de vos suggestions", "l'ultima mossa dell'elenco",
"den ersten Ihrer Vorschläge", "the last one you suggested", "das vierte Beispiel aus Ihrer Liste,
allerdings ohne Drehung", "in the last of the four rotations you drew": read as the move it names
when certain (the list known from the mail answered, its fingerprint holding it), asked back or
left unread otherwise, never read as another move. Replies are composed in the four languages
(leads, courtesy, word orders, numbers as words and figures) and read as the service reads them,
against the real turn and refusal mails of Forbidden City (:mod:`player_corpus`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import player_corpus as pc
import pytest

from pbem import i18n
from pbem.commands.pointing import pointed
from pbem.mail import fingerprint
from pbem.mail.parse import parse_message
from pbem.rules.base import RuleError
from pbem.service import orders

LISTS = {
    "list": ["L10 R0", "L12 R2", "M8 R1", "O13 R1", "P10 R1"],
    "eg": ["M8 R1", "P10 R0", "P12 R2"],
}
REFUSED = {**LISTS, "try": ["M8 R1", "L10 R0", "P11 R2", "M13 R0"]}


# ---------------------------------------------------------------------------------------------
# The rewriting alone, against lists given
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "lists", "want"),
    [
        ("Le premier coup de la liste me va.", LISTS, "L10 R0 me va."),
        ("Je prends la troisième de vos suggestions, merci.", REFUSED, "Je prends P11 R2, merci."),
        ("Va bene la seconda delle vostre proposte.", REFUSED, "Va bene L10 R0."),
        ("Dann bitte den ersten Ihrer Vorschläge.", REFUSED, "Dann bitte M8 R1."),
        ("I'll take the last one you suggested.", REFUSED, "I'll take M13 R0."),
        ("gioco l'ultima mossa dell'elenco, grazie", LISTS, "gioco P10 R1, grazie"),
        ("ich nehme das vierte Beispiel aus Ihrer Liste, ohne Drehung.", LISTS,
         "ich nehme O13, ohne Drehung."),
        ("la case du deuxième exemple de la liste (L12), tournée une fois", LISTS,
         "la case L12, tournée une fois"),
        ("your 2nd example (L12 R2) please", LISTS, "L12 R2 please"),
        ("the example number 4 in the list", LISTS, "O13 R1"),
        ("le 1er de vos coups possibles : L10 R0", REFUSED, "L10 R0"),
        ("L10, in the last of the four rotations you drew", {}, "L10 R3"),
        ("O9 nella seconda delle quattro rotazioni disegnate", {}, "O9 R1"),
    ],
)  # fmt: skip
def test_a_place_in_a_list_is_written_as_its_move(
    line: str, lists: dict[str, list[str]], want: str
) -> None:
    assert pointed(line, lists) == want


@pytest.mark.parametrize(
    ("line", "lists"),
    [
        # two lists the words may mean, and they differ: no move is certain
        ("I'll take the second example.", LISTS),
        ("the last one you suggested", LISTS),
        # "listed" is said of both lists (half-38 en-3804)
        ("Just play the first suggestion you listed", LISTS),
        ("den ersten Vorschlag, den Sie aufgelistet haben", LISTS),
        # a code beside it that the list does not hold there
        ("your second example (M13 R2) please", LISTS),
        # not a list of ours
        ("my first move of the game was L10 R0", LISTS),
        ("the last move was good", LISTS),
        ("the last one", REFUSED),
        # two places named
        ("the first or the second example of the list", LISTS),
        ("la première suggestion ou la deuxième suggestion", REFUSED),
        # a place beyond the list
        ("the fifth of your suggestions", REFUSED),
        # a rotation said as a change of the suggested one
        ("the second example of the list, turned once more", LISTS),
        ("das zweite Beispiel der Liste, noch einmal gedreht", LISTS),
        # no list known (no fingerprint)
        ("la troisième de vos suggestions", {}),
        # a rotation out of the four drawn, or with no square
        ("L10 in the fifth of the four rotations you drew", {}),
        ("the last of the four rotations you drew", {}),
    ],
)
def test_a_place_that_is_not_certain_is_left_as_written(
    line: str, lists: dict[str, list[str]]
) -> None:
    assert pointed(line, lists) == line


# ---------------------------------------------------------------------------------------------
# Composed replies read as the service reads them, against the real mails
# ---------------------------------------------------------------------------------------------

ORD = {
    "fr": {1: ["premier", "première", "1er", "1re"], 2: ["deuxième", "seconde", "2e"],
           3: ["troisième", "3e"], 4: ["quatrième", "4e"], -1: ["dernier", "dernière"]},
    "it": {1: ["primo", "prima"], 2: ["secondo", "seconda"], 3: ["terzo", "terza"],
           4: ["quarto", "quarta"], -1: ["ultimo", "ultima"]},
    "de": {1: ["ersten", "erste"], 2: ["zweiten", "zweite"], 3: ["dritten", "dritte"],
           4: ["vierten", "vierte"], -1: ["letzten", "letzte"]},
    "en": {1: ["first", "1st"], 2: ["second", "2nd"], 3: ["third", "3rd"], 4: ["fourth", "4th"],
           -1: ["last"]},
}  # fmt: skip
"""The ordinals, in the forms the templates below take."""

LIST_TEMPLATES = {
    "fr": ["Je joue le {o} coup de la liste.", "Le {o} exemple de la liste du bas, s'il vous plaît.",
           "Bonjour,\nje prends le {o} coup de la liste sous « Quoi répondre », merci !"],
    "it": ["Gioco la {o} mossa dell'elenco.", "Prendo il {o} esempio dell'elenco, grazie.",
           "Buongiorno,\nva bene la {o} mossa dell'elenco sotto \"Cosa rispondere\"."],
    "de": ["Ich nehme den {o} Zug aus der Liste.", "Bitte das {o} Beispiel aus Ihrer Liste.",
           "Hallo,\nich spiele den {o} Zug Ihrer Liste. Danke!"],
    "en": ["I'll play the {o} move in the list.", "The {o} example in your list, please.",
           "Hi,\nI'm taking the {o} move of the list under What to write back. Thanks!"],
}  # fmt: skip
"""A move named by its place in the examples under "What to write back" (a turn mail)."""

SUGGESTED_TEMPLATES = {
    "fr": ["Pardon. Je prends la {o} de vos suggestions.", "Oups. Alors la {o} suggestion, merci."],
    "it": ["Scusate. Va bene la {o} delle vostre proposte.", "Allora gioco la {o} proposta."],
    "de": ["Tippfehler. Dann bitte den {o} Ihrer Vorschläge.", "Dann nehme ich den {o} Vorschlag."],
    "en": ["Oops. I'll take the {o} one you suggested.", "Sorry. The {o} of your suggestions then."],
}  # fmt: skip
"""A move named by its place in a refusal's "Try: Legal placements include ..."."""

# Italian and German ordinals agree with their noun: the templates take the forms that fit.
_AGREE = {
    ("it", "Gioco la {o} mossa dell'elenco."): 1,
    ("it", "Prendo il {o} esempio dell'elenco, grazie."): 0,
    ("it", 'Buongiorno,\nva bene la {o} mossa dell\'elenco sotto "Cosa rispondere".'): 1,
    ("it", "Scusate. Va bene la {o} delle vostre proposte."): 1,
    ("it", "Allora gioco la {o} proposta."): 1,
    ("de", "Bitte das {o} Beispiel aus Ihrer Liste."): 1,
    ("de", "Dann bitte den {o} Ihrer Vorschläge."): 0,
}


def _forms(lang: str, template: str, place: int) -> list[str]:
    forms = ORD[lang][place]
    k = _AGREE.get((lang, template))
    if k is not None and lang in ("it", "de"):
        pick = [f for i, f in enumerate(forms) if i % 2 == k] or forms
        return pick
    return forms


@pytest.fixture(scope="module")
def stages(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], pc.Stage]:
    """The turn mail and the refusal of the corpus's game, in each language."""
    out: dict[tuple[str, str], pc.Stage] = {}
    tmp = tmp_path_factory.mktemp("pointed")
    for lang in pc.LANGS:
        for name, stage in pc.fc_stages(tmp, lang):
            if name in ("fc:turn", "fc:rejected"):
                out[(lang, name)] = stage
            if name == "fc:rejected":
                break  # the game is left where the refusal left it
    return out


def _lists(stage: pc.Stage) -> dict[str, list[str]]:
    rec = stage.env.store.load(stage.gid)
    return orders.suggestion_lists(rec, stage.seat, _fp(stage))


def _fp(stage: pc.Stage) -> fingerprint.Fingerprint | None:
    return fingerprint.load_for(
        stage.env.data, [str(stage.mail["Message-ID"])], key=stage.env.service.secret
    )


def _read(stage: pc.Stage, lang: str, body: str, client: str = "gmail") -> list[str]:
    case = pc.Case("x", "x", lang, "fc:turn", client, "ask", body)
    rec = stage.env.store.load(stage.gid)
    raw = pc.make_reply(case, stage.mail, rec.envelope.active_player(stage.seat).email)
    with i18n.speaking(lang):
        return pc.summary(stage, pc.read_reply(stage, raw))


def _composed(lang: str, templates: dict[str, list[str]]) -> Iterator[tuple[str, int]]:
    for template, place in itertools.product(templates[lang], (1, 2, 3, 4, -1)):
        for o in _forms(lang, template, place):
            yield template.format(o=o), place


@pytest.mark.parametrize("lang", pc.LANGS)
def test_the_mails_lists_are_known_from_its_fingerprint(
    stages: dict[tuple[str, str], pc.Stage], lang: str
) -> None:
    """The turn mail shows its examples and the turn line's; the refusal adds its "Try:" list.
    Each is known only because the mail answered holds it."""
    turn = _lists(stages[(lang, "fc:turn")])
    refused = _lists(stages[(lang, "fc:rejected")])
    assert set(turn) == {"list", "eg"}
    assert set(refused) == {"list", "eg", "try"}
    assert len(turn["list"]) == 5 and len(refused["try"]) == 4
    rec = stages[(lang, "fc:turn")].env.store.load(stages[(lang, "fc:turn")].gid)
    assert orders.suggestion_lists(rec, stages[(lang, "fc:turn")].seat, None) == {}


@pytest.mark.parametrize("lang", pc.LANGS)
@pytest.mark.parametrize(
    ("mail", "kind", "client"),
    [("fc:turn", "list", "gmail"), ("fc:rejected", "try", "thunderbird")],
)
def test_a_move_named_by_its_place_in_a_list_of_the_mail_is_played(
    stages: dict[tuple[str, str], pc.Stage], lang: str, mail: str, kind: str, client: str
) -> None:
    """A turn mail's examples under "What to write back" ("le premier coup de la liste"), a
    refusal's "Try:" line ("la troisième de vos suggestions"): every place, in every form of
    the ordinal, read as the move there and never as another."""
    stage = stages[(lang, mail)]
    moves = _lists(stage)[kind]
    templates = LIST_TEMPLATES if kind == "list" else SUGGESTED_TEMPLATES
    missed = []
    for body, place in _composed(lang, templates):
        want = f"move {moves[place - 1 if place > 0 else -1]}"
        got = _read(stage, lang, body, client=client)
        assert got in ([want], ["ask"], []), (body, got, want)  # never another move
        if got != [want]:
            missed.append((body, got, want))
    assert not missed, missed


@pytest.mark.parametrize(
    ("lang", "body", "square", "rotation"),
    [
        ("fr", "Je reprends la case du deuxième exemple de la liste, mais tournée d'un quart de tour "
               "vers la droite.", 2, "R1"),
        ("de", "Ich nehme das vierte Beispiel aus Ihrer Liste, allerdings ohne Drehung.", 4, "R0"),
        ("it", "Gioco la terza mossa dell'elenco, ma capovolta.", 3, "R2"),
        ("en", "The first example in the list, but turned a quarter turn clockwise.", 1, "R1"),
        ("en", "The last example in the list, but without rotating it.", -1, "R0"),
    ],
)  # fmt: skip
def test_the_square_of_a_listed_move_with_a_rotation_of_its_own(
    stages: dict[tuple[str, str], pc.Stage], lang: str, body: str, square: int, rotation: str
) -> None:
    stage = stages[(lang, "fc:turn")]
    move = _lists(stage)["list"][square - 1 if square > 0 else -1]
    want = f"move {move.split()[0]} {rotation}"
    rec = stage.env.store.load(stage.gid)
    legal = set(rec.legal_notations(stage.seat))
    got = _read(stage, lang, body)
    if want[5:] in legal:
        assert got == [want], (body, got)
    else:
        assert got in (["ask"], []), (body, got)


@pytest.mark.parametrize(
    ("lang", "body"),
    [
        ("en", "I'll take the second example."),  # the examples or the turn line's e.g.
        ("fr", "Je prends le dernier exemple."),
        ("en", "Your second example (M13 R2) please."),  # the list holds another move there
        ("de", "Ich nehme das zweite Beispiel der Liste, noch einmal gedreht."),
        ("it", "Gioco la prima o la seconda mossa dell'elenco."),
        ("en", "I'll take the last one you suggested."),  # a turn mail: which list?
    ],
)
def test_a_place_that_is_not_certain_is_never_played(
    stages: dict[tuple[str, str], pc.Stage], lang: str, body: str
) -> None:
    assert _read(stages[(lang, "fc:turn")], lang, body) == ["ask"]  # asked back, never played


def test_the_lists_kept_are_only_those_the_mail_said(tmp_path: Path) -> None:
    """A list the mail did not show (a turn mail has no "Try:" line) is not used, so "the last
    one you suggested" in a reply to a turn mail is not read from it."""
    for name, stage in pc.fc_stages(tmp_path, "en"):
        if name != "fc:turn":
            continue
        p = parse_message(stage.mail.as_bytes())
        assert p is not None
        fp = _fp(stage)
        rec = stage.env.store.load(stage.gid)
        lists = orders.suggestion_lists(rec, stage.seat, fp)
        assert "try" not in lists
        (_, tried), *_ = [x for x in rec.game.suggested(rec.state, stage.seat) if x[0] == "try"]
        assert not fingerprint.holds(fp, " ".join(tried))
        break


# ---------------------------------------------------------------------------------------------
# A square said relative to a tile on the board
# ---------------------------------------------------------------------------------------------


def test_a_square_relative_to_a_tile_is_written_as_its_name() -> None:
    from pbem.rules.forbidden_city.notation import relative_squares

    placed = [("W1", 0, -1), ("P9", 3, 0)]  # W1 on M9, P9 on P10
    for line, want in [
        ("la case juste à gauche de sa tuile blanche, sans la tourner", "L9, sans la tourner"),
        ("two squares to the right of Béa's W1, on O9", "O9, on O9"),
        ("direkt rechts neben das Plättchen W1", "N9"),
        ("a destra della tessera bianca", "N9"),
        ("just above the pink tile", "P9"),
        ("à gauche de la tuile P9", "O10"),
    ]:
        assert relative_squares(line, placed) == want, line
    for line in [
        "left of the temple",  # no tile of the board named
        "à gauche de la tuile verte",  # no green tile placed
        "right of W1 R0",  # a move, not a tile
    ]:
        assert relative_squares(line, placed) == line
    two_white = [("W1", 0, -1), ("W4", 2, 2)]
    assert relative_squares("left of the white tile", two_white) == "left of the white tile"


@pytest.mark.parametrize(
    ("lang", "body", "dx", "rotation"),
    [
        ("fr", "Moi je me contente de la case juste à gauche de sa tuile blanche, sans la tourner.",
         -1, "R0"),
        ("en", "I'll put my tile two squares to the right of Béa's W1, turned upside down.", 2, "R2"),
        ("it", "Metto la tessera subito a sinistra della tessera bianca, senza ruotarla.", -1, "R0"),
        ("de", "Ich lege direkt links neben das Plättchen W1, ohne Drehung.", -1, "R0"),
    ],
)  # fmt: skip
def test_a_move_on_a_square_relative_to_a_tile(
    stages: dict[tuple[str, str], pc.Stage], lang: str, body: str, dx: int, rotation: str
) -> None:
    """The turn mail's game: yellow's W1 on the board; the square beside it, read as the
    square's name with the rotation said (asked back when that move is not legal)."""
    from pbem.rules.forbidden_city import board as B
    from pbem.rules.forbidden_city.notation import square_name

    stage = stages[(lang, "fc:turn")]
    rec = stage.env.store.load(stage.gid)
    state = rec.state
    (x, y), *_ = [B.xy(k) for k, c in state.board.cells.items() if c.tile.id == "W1"]
    text = f"{square_name(x + dx, y)} {rotation}"
    try:
        want = ["move " + rec.game.notation(rec.game.parse(state, stage.seat, text))]
    except RuleError:  # illegal there: asked back
        want = ["ask"]
    assert _read(stage, lang, body) == want, body


# The seventh round's last pass (issue 31): a particle of resignation before the move, a
# question set aside, someone else's subject before a French verb whose persons sound alike.
_READ = {
    "fr": ["Ah zut. Bon ben {m} du coup", "Bon, ben {m} alors", "Bon ben {m}",
           "Pourquoi ça n'a pas marché ?? Tant pis, {m}", "Pourquoi refusé ? Bref, {m}"],
    "it": ["Beh, quindi {m}", "Uffa. Beh, allora {m}", "Allora {m}",
           "Perché non va? Vabbè, allora {m}", "Come mai? Pazienza, {m}"],
    "de": ["Tja, dann {m}", "Mist. Tja, dann halt {m}", "Tja, {m}",
           "Warum ging das nicht? Egal, dann {m}", "Wieso das denn? Sei's drum, {m}"],
    "en": ["Welp, {m} then", "Oh no. Welp, {m}", "well, {m} then",
           "why was that not accepted?? whatever, {m}", "Why? Oh well, {m}"],
}  # fmt: skip
_STILL_ASK = {
    "fr": ["Bon ben {m} peut-être du coup", "Bon ben Paul joue {m} du coup", "Il joue {m}",
           "Elle pose {m}", "Pourquoi ça n'a pas marché ?? Tant pis, {m} ou {o}",
           "Pourquoi refusé ? Bref, {m} ?", "Bon ben il pose {m} du coup"],
    "it": ["Beh, quindi forse {m}", "Perché non va? Vabbè, {m} o {o}",
           "Perché non va? Vabbè, lei gioca {m}", "Come mai? Pazienza, {m}?"],
    "de": ["Tja, dann vielleicht {m}", "Warum ging das nicht? Egal, dann {m} oder {o}",
           "Warum? Egal, Paul spielt {m}", "Tja, {m} wäre gut"],
    "en": ["Welp, maybe {m} then", "why was that not accepted?? whatever, {m}?",
           "Why? Whatever, I played {m} last time", "Why? Oh well, she will play {m}",
           "why was that refused? whatever, {m} or {o}"],
}  # fmt: skip


@pytest.mark.parametrize("lang", pc.LANGS)
def test_a_move_after_a_particle_or_a_question_set_aside(
    stages: dict[tuple[str, str], pc.Stage], lang: str
) -> None:
    """Each form with every legal move of the refusal's position that the corpus names (the
    refusal of "Q99 R2"): the move; the near-misses (a doubt, a second move, someone else, a
    question after) are asked back."""
    stage = stages[(lang, "fc:rejected")]
    moves = ["L9 R0", "L12 R0", "M13 R2", "N9 R3"]
    for m, o in itertools.permutations(moves, 2):
        for form in _READ[lang]:
            body = form.format(m=m)
            assert _read(stage, lang, body) == [f"move {m}"], body
        for form in _STILL_ASK[lang]:
            body = form.format(m=m, o=o)
            assert _read(stage, lang, body) == ["ask"], body
