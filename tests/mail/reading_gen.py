"""Replies composed from parts, as French, Italian, German and English players write moves, plans
and corrections (issue 31), and what each must be read as (test and benchmark helper).

A hand-written corpus (``player_corpus``) holds the sentences someone thought of; this module
holds their *parts*: how each language writes a square and a rotation, a Die Verbotene Stadt
official and its directions, the verbs and lead-ins before a move (in several persons and tenses:
"I'll play", "je vais jouer", "gioco", "ich setze"), the remarks after it, the greetings and
signatures around it, a correction on the next line, an alternative, a question, a negation, the
past. :func:`cases` combines them (seeded), each with what it means:

- ``("move", text)``: the reply is that move (a plan: its actions joined by ``"; "``);
- ``("ask",)``: the reply names a move but is not one to play (a question, an alternative, a
  negation, the past): nothing may be played; asking back or reading nothing are both right.

:func:`read` reads a composed reply with the grammar at a real position of each game, and
:func:`judge` says whether it was read as meant and whether anything else would be played
(*wrong*: the hard line). ``tests/mail/test_reading_generated.py`` holds the properties.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from dataclasses import dataclass

import pbem.service.commands  # noqa: F401  (registers the commands' words the grammar reads)
from pbem.commands.grammar import Reading, read_commands
from pbem.i18n import speaking
from pbem.rules.base import InvalidSyntax, RuleError

LANGS = ("fr", "it", "de", "en")

# ---------------------------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    game: object
    state: object
    seat: int
    others: tuple[int, ...]
    plans: bool

    def parse(self, text: str) -> object:
        return self.game.parse(self.state, self.seat, text)  # type: ignore[attr-defined]

    def notation(self, action: object) -> str:
        return str(self.game.notation(action))  # type: ignore[attr-defined]

    def is_move_form(self, text: str) -> bool:
        for seat in self.others:
            try:
                self.game.parse(self.state, seat, text)  # type: ignore[attr-defined]
            except InvalidSyntax:
                continue
            except RuleError:
                return True
            return True
        return False

    def legal(self) -> list[str]:
        g = self.game
        return [self.notation(a) for a in g.legal(self.state, self.seat)]  # type: ignore[attr-defined]


@functools.cache
def fc_position(seed: int = 3, plies: int = 4) -> Position:
    """A Forbidden City game of two a few moves in, the seat to move."""
    from pbem.rules.forbidden_city import GAME

    s = GAME.setup(2, {}, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        seat = s.to_move
        s, _ev = GAME.apply(s, seat, rng.choice(GAME.legal(s, seat)), rng)
    seat = s.to_move
    return Position(GAME, s, seat, tuple(x for x in range(2) if x != seat), False)


@functools.cache
def vs_position(seed: int = 7) -> Position:
    """A Die Verbotene Stadt game of three after the selections, the seat to move."""
    from pbem.rules.verbotene_stadt import GAME

    s = GAME.setup(3, {}, seed)
    rng = random.Random(seed)
    for seat in range(3):
        s, _ev = GAME.apply(s, seat, GAME.legal(s, seat)[seat * 3], rng)
    seat = s.active
    return Position(GAME, s, seat, tuple(x for x in range(3) if x != seat), True)


# ---------------------------------------------------------------------------------------------
# Forbidden City: how a move is written
# ---------------------------------------------------------------------------------------------

ROTATION_WORDS = {
    "fr": ["rotation", "tournée", "pivotée", "Rotation"],
    "it": ["rotazione", "ruotata", "girata", "Rotazione"],
    "de": ["Drehung", "gedreht", "rotiert", "Rotation"],
    "en": ["rotation", "rotated", "turned", "turn"],
}


def fc_forms(move: str, lang: str, rng: random.Random) -> str:
    """One way of writing ``move`` (``"M13 R1"``) in ``lang``."""
    sq, rot = move.split()
    r = rot[1:]
    forms = [
        f"{sq} {rot}",
        f"{sq.lower()} {rot.lower()}",
        f"{sq}-{rot}",
        f"{sq} / {rot}",
        f"{sq}, {rot}",
        f"{sq}{rot}",
        f"{sq} {rng.choice(ROTATION_WORDS[lang])} {r}",
        f"{sq} {rot.lower()}",
        f"{sq} {int(r) * 90}°",
    ]
    return rng.choice(forms)


FC_LEAD = {
    "fr": [
        "Je joue {m}", "Je pose {m}", "je pose ma tuile en {m}", "Je place ma tuile en {m}",
        "Je vais jouer {m}", "Je mets {m}", "Mon coup : {m}", "Voici mon coup : {m}",
        "Pour moi ce sera {m}", "{m} pour moi", "Je tente {m}", "Allez, {m} !", "Bon, {m}",
        "Alors je joue {m}", "Je choisis {m}", "Coup : {m}", "Je propose {m}",
        "Ce tour-ci : {m}", "Je jouerai {m}", "On joue {m}", "Je vais poser {m}",
        "J'opte pour {m}", "Voila mon coup : {m}", "JE JOUE {m}",
        "{m}, j'espère que ça passe", "Je pose a {m}", "Après réflexion : {m}",
    ],
    "it": [
        "Gioco {m}", "Metto {m}", "Metto la tessera in {m}", "La mia mossa: {m}",
        "Ecco la mia mossa: {m}", "Piazzo {m}", "Vado con {m}", "Per me {m}", "Faccio {m}",
        "Allora, {m}", "Io gioco {m}", "Mossa: {m}", "Scelgo {m}", "Provo {m}",
        "Questa volta {m}", "Gioco la tessera in {m}", "Giocherò {m}", "Dai, {m}!",
        "Opto per {m}", "Metterò {m}", "Difficile... {m}", "{m}, spero vada bene",
        "GIOCO {m}", "Dopo averci pensato: {m}", "Allora io metto {m}",
    ],
    "de": [
        "Ich spiele {m}", "Ich setze {m}", "Ich setze auf {m}", "Ich lege {m}", "Mein Zug: {m}",
        "Ich nehme {m}", "Ich mache {m}", "Ich würde gerne {m} spielen", "Dann {m}",
        "Also gut, {m}", "Ich lege das Plättchen auf {m}", "Zug: {m}", "Ich versuche {m}",
        "Diesmal {m}", "Ich wähle {m}", "Ich spiele mal {m}", "Los geht's: {m}",
        "Ich lege mal {m}", "Schwierige Wahl. {m}", "{m}, hoffentlich passt das",
        "ICH SPIELE {m}", "Ich wahle {m}", "Nach langem Überlegen: {m}", "Ich setze diesmal {m}",
    ],
    "en": [
        "I'll play {m}", "I play {m}", "I'm going to play {m}", "Playing {m}", "My move: {m}",
        "{m} for me", "I'll go with {m}", "I'll put the tile on {m}", "Place at {m}",
        "Going with {m}", "Let's do {m}", "I choose {m}", "Move: {m}", "I'll try {m}",
        "This turn: {m}", "Ok, {m}", "I'd like to play {m}", "I want to play {m}",
        "I'm playing {m}", "I'll place {m}", "Placing {m}", "Tough one. {m}",
        "{m}, hope that works", "I'LL PLAY {m}", "Gonna play {m}", "After some thought: {m}",
    ],
}  # fmt: skip
"""Verbs and lead-ins before a move, in several persons and tenses."""

TAIL = {
    "fr": ["", " merci", " svp", ", merci !", " s'il vous plaît", " !", ".", " :)",
           " — bonne journée", " (enfin !)", ", bonne soirée à tous"],
    "it": ["", " grazie", " per favore", ", grazie!", "!", ".", " :)", " — buona serata",
           " (finalmente!)", ", a presto"],
    "de": ["", " bitte", " danke", ", danke!", "!", ".", " :)", " — schönen Abend noch",
           " (endlich!)", ", viele Grüße"],
    "en": ["", " please", " thanks", ", thanks!", "!", ".", " :)", " — have a nice evening",
           " (finally!)", ", cheers"],
}  # fmt: skip
"""What may follow a move on its line."""

ABOVE = {
    "fr": ["", "Bonjour,", "Salut tout le monde !", "Coucou,", "Bonsoir à tous,"],
    "it": ["", "Ciao,", "Ciao a tutti!", "Buongiorno,", "Salve,"],
    "de": ["", "Hallo,", "Hallo zusammen!", "Moin,", "Guten Abend,"],
    "en": ["", "Hi,", "Hi all!", "Hello everyone,", "Evening,"],
}
BELOW = {
    "fr": ["", "Merci", "Bises\nSophie", "Cordialement,\nJean", "À+"],
    "it": ["", "Grazie", "Ciao\nGiulia", "Saluti,\nMarco", "A presto"],
    "de": ["", "Danke", "Viele Grüße\nAnna", "LG\nJonas", "Bis bald"],
    "en": ["", "Thanks", "Cheers\nBob", "Best,\nAnn", "See you"],
}

CORRECTION = {
    "fr": [
        "non pardon, {m} !", "Oups, je voulais dire {m}", "Correction : {m}",
        "Pardon, erreur de frappe : {m}", "Désolé, plutôt {m}", "Ah non pardon, {m}",
        "Je rectifie : {m}", "Erreur de ma part, c'est {m}", "Zut, je me suis trompé : {m}",
        "Pardon, je voulais jouer {m}", "Euh non, {m} plutôt, pardon", "{m}, pardon !",
        "Non attendez, erreur : {m}",
    ],
    "it": [
        "no scusate, volevo dire {m}", "Scusa, intendevo {m}", "Correzione: {m}", "anzi {m}",
        "Scusate, errore mio: {m}", "Ho sbagliato, {m}", "Scusate, volevo giocare {m}",
        "Mi sono sbagliato: {m}", "Pardon, {m}", "{m}, scusate!", "No, scusate: {m}",
        "Errore, volevo dire {m}",
    ],
    "de": [
        "Korrektur: {m}", "Sorry, ich meinte {m}", "Entschuldigung, ich meinte {m}",
        "Vertippt, {m}", "Ups, {m}", "Nein, sorry: {m}", "Hab mich vertan: {m}",
        "Entschuldigung, ich wollte {m} spielen", "Fehler, richtig ist {m}",
        "{m}, sorry!", "Ach nein, Korrektur: {m}", "Sorry, vertippt: {m}",
    ],
    "en": [
        "sorry, I meant {m}", "Correction: {m}", "Oops, make that {m}", "Typo, sorry: {m}",
        "No wait, sorry - {m}", "Scratch that, {m}", "My mistake, {m}", "Sorry, {m} instead",
        "Oops, I meant to play {m}", "Sorry, typo. {m}", "{m}, sorry!",
        "Correction - {m} please", "Sorry, my mistake: {m}",
    ],
}  # fmt: skip
"""A correction on the line after a move: the move it names is the one meant (or ask back)."""

OFFER = {
    "fr": ["ou bien {m} ?", "ou alors {m}, je ne sais plus", "Hmm, ou {m} ?",
           "À moins que {m} soit mieux ?"],
    "it": ["oppure {m}?", "o forse {m}", "Oppure {m}, non so", "Magari {m}?"],
    "de": ["oder doch {m}?", "oder lieber {m}?", "Vielleicht doch {m}", "Oder {m}, weiß nicht"],
    "en": ["or maybe {m}?", "or {m}, not sure", "Hmm, or {m}?", "Perhaps {m} is better"],
}  # fmt: skip
"""A second move offered after the first: nothing may be played."""

IN_LINE = {
    "fr": ["Je joue {a}... euh non, {b} pardon", "{a}, non attendez, plutôt {b}",
           "Je pose en {a}, pardon je voulais dire {b}", "{a} ou plutôt non, {b}, désolé"],
    "it": ["Gioco {a}, anzi no, {b}", "{a}... scusate, volevo dire {b}", "Metto {a}, no scusa: {b}"],
    "de": ["Ich spiele {a} – Moment, nein, {b}", "{a}, sorry, ich meinte {b}",
           "Mein Zug: {a}, Korrektur: {b}"],
    "en": ["{a} - no wait, {b}", "I'll play {a}, sorry, I meant {b}", "{a}, oops, make that {b}"],
}  # fmt: skip
"""A move, then its correction on the same line: the last word counts."""

PART = {
    "fr": ["Non {r} pardon", "Euh non, en {r}", "Pardon, rotation {r}"],
    "it": ["anzi no, {r}", "Scusate, {r}", "No scusa, {r}"],
    "de": ["Sorry, {r}", "Korrektur: {r}", "Nein, {r} natürlich"],
    "en": ["sorry {r}*", "Oops, {r}", "Correction: {r}"],
}  # fmt: skip
"""A correction of the rotation alone, on the line after the move."""

EXPLAIN = {
    "fr": ["Après réflexion, je pose ma tuile en {sq}, tournée comme il faut, donc {m}.",
           "Je mets ma tuile en {sq} : {m}", "Je tourne ma tuile et je la pose en {sq}, soit {m}."],
    "it": ["Dopo averci pensato, metto la tessera in {sq}, ruotata, quindi {m}.",
           "Metto la tessera in {sq} così: {m}"],
    "de": ["Nach langem Überlegen lege ich mein Plättchen auf {sq}, gedreht, also {m}.",
           "Ich lege das Plättchen auf {sq}: {m}"],
    "en": ["Having slept on it, I'll put my tile on {sq}, turned, i.e. {m}.",
           "Going with {sq}, rotated, so {m}.", "OK, after staring at the board: {sq}, so {m}"],
}  # fmt: skip
"""A move explained, its square named first, then the move written."""

WEIGHED = {
    "fr": ["J'hésitais avec {a} mais bon, {b}", "Je ne joue pas {a}. {b}", "{a} serait nul, donc {b}"],
    "it": ["Non gioco {a} che regala punti. Metto {b}", "{a} sarebbe brutta, quindi {b}"],
    "de": ["{a} wäre blöd, also {b}", "Letzte Woche habe ich {a} gespielt. Diesmal also: {b}"],
    "en": ["Bob's {a} was nasty lol. {b}", "I played {a} last game. This time {b}"],
}  # fmt: skip
"""A move weighed or seen before, then the move played."""

CORRECTION_SPLIT = {
    "fr": ["Non pardon !\n{m}", "Oups, erreur.\n{m}", "Correction :\n{m}", "Ah zut, pas ça.\n{m}"],
    "it": ["No scusate!\n{m}", "Ops, errore.\n{m}", "Correzione:\n{m}", "Scusate, ho sbagliato.\n{m}"],
    "de": ["Nein, sorry!\n{m}", "Ups, Fehler.\n{m}", "Korrektur:\n{m}", "Mist, vertippt.\n{m}"],
    "en": ["No, sorry!\n{m}", "Oops, typo.\n{m}", "Correction:\n{m}", "Sorry, wrong one.\n{m}"],
}  # fmt: skip
"""A correction whose words stand on the line above its move."""

TAKE_BACK = {
    "fr": ["Non attendez, je réfléchis encore", "Oubliez ça, je renvoie mon coup plus tard",
           "Oups, pas ça ! Je vous réécris", "Pardon, ignorez ce message"],
    "it": ["No aspettate, ci penso ancora", "Scusate, ignorate questa mail",
           "Ops, non quella! Vi riscrivo", "Lasciate stare, vi mando la mossa dopo"],
    "de": ["Nein warte, ich überlege noch", "Vergesst das, ich melde mich später",
           "Ups, nicht den! Ich schreibe nochmal", "Sorry, bitte ignorieren"],
    "en": ["No wait, still thinking", "Ignore that, I'll send my move later",
           "Oops, not that one! Will write again", "Sorry, please disregard this"],
}  # fmt: skip
"""A line after a move that takes it back without naming another: nothing may be played."""

NOT_NOW = {
    "fr": ["Je ne joue pas {m}", "J'ai joué {m} la dernière fois", "Est-ce que {m} est légal ?",
           "{m} ?", "Je n'ose pas jouer {m}", "Béa a joué {m}, bien vu",
           "Je jouerais {m} si je pouvais", "Je ne vais pas jouer {m}", "La prochaine fois, {m}",
           "Pourquoi pas {m} ?", "Je préfère éviter {m}"],
    "it": ["Non gioco {m}", "Ho giocato {m} l'ultima volta", "{m} va bene?", "{m}?",
           "Marco ha giocato {m}, bella mossa", "Giocherei {m} se potessi",
           "Non metto {m}", "Forse {m}", "Meglio non giocare {m}", "Che ne dite di {m}?"],
    "de": ["Ich spiele nicht {m}", "Ich habe {m} letztes Mal gespielt", "Geht {m}?", "{m}?",
           "Anna hat {m} gespielt, gut gemacht", "Ich würde {m} spielen, wenn ich könnte",
           "Ich lege nicht auf {m}", "Vielleicht {m}", "Lieber nicht {m}", "Was haltet ihr von {m}?"],
    "en": ["I won't play {m}", "I played {m} last time", "Is {m} legal?", "{m}?",
           "Bob's {m} was clever", "I would play {m} if I could", "I'm not playing {m}",
           "Maybe {m}", "Next time I'll play {m}", "What about {m}?", "Don't play {m} for me"],
}  # fmt: skip
"""A move named but not played (negation, the past, a question, someone else's, a condition)."""

# ---------------------------------------------------------------------------------------------
# Die Verbotene Stadt: officials, directions, plans
# ---------------------------------------------------------------------------------------------

DIRS = {
    "fr": {"N": ["nord", "au nord", "vers le nord", "en haut", "vers le haut"],
           "E": ["est", "à l'est", "vers l'est", "à droite", "vers la droite"],
           "S": ["sud", "au sud", "vers le sud", "en bas", "vers le bas"],
           "W": ["ouest", "à l'ouest", "vers l'ouest", "à gauche", "vers la gauche"]},
    "it": {"N": ["nord", "a nord", "verso nord", "su", "in alto", "verso l'alto"],
           "E": ["est", "a est", "verso est", "a destra", "verso destra"],
           "S": ["sud", "a sud", "verso sud", "giù", "in basso", "verso il basso"],
           "W": ["ovest", "a ovest", "verso ovest", "a sinistra", "verso sinistra"]},
    "de": {"N": ["Norden", "nach Norden", "nord", "nach oben"],
           "E": ["Osten", "nach Osten", "ost", "nach rechts"],
           "S": ["Süden", "nach Süden", "süd", "nach unten"],
           "W": ["Westen", "nach Westen", "west", "nach links"]},
    "en": {"N": ["north", "N", "n", "up"],
           "E": ["east", "E", "e", "right"],
           "S": ["south", "S", "s", "down"],
           "W": ["west", "W", "w", "left"]},
}  # fmt: skip
"""Directions as each language writes them (the compass point, with its preposition)."""

THEN = {
    "fr": [" puis ", ", puis ", " et puis ", ", ensuite ", " et ensuite "],
    "it": [" poi ", ", poi ", " e poi ", ", quindi ", " e dopo "],
    "de": [" dann ", ", dann ", " und dann ", ", danach ", " und "],
    "en": [" then ", ", then ", " and then ", " and ", ", and then "],
}
"""Between the two directions of one slide (one move: a slide that turns)."""

VS_NEXT = {
    "fr": ["{o} {d}", "je déplace {o} {d}", "je bouge {o} {d}", "{o} va {d}",
           "je fais glisser {o} {d}"],
    "it": ["{o} {d}", "muovo {o} {d}", "sposto {o} {d}", "{o} va {d}"],
    "de": ["{o} {d}", "ziehe ich {o} {d}", "bewege ich {o} {d}", "{o} {d}", "schiebe ich {o} {d}"],
    "en": ["{o} {d}", "move {o} {d}", "I'll move {o} {d}", "{o} goes {d}", "slide {o} {d}"],
}  # fmt: skip
"""A plan's later slide after its plan word (German puts the verb before the subject)."""

VS_LEAD = {
    "fr": ["{o} {d}", "Je déplace {o} {d}", "Je bouge {o} {d}", "Je joue {o} {d}",
           "{o} va {d}", "Je fais glisser {o} {d}", "Mon coup : {o} {d}", "Je vais déplacer {o} {d}"],
    "it": ["{o} {d}", "Muovo {o} {d}", "Sposto {o} {d}", "Gioco {o} {d}", "La mia mossa: {o} {d}",
           "Faccio scivolare {o} {d}", "{o} va {d}"],
    "de": ["{o} {d}", "Ich ziehe {o} {d}", "Ich bewege {o} {d}", "Ich schiebe {o} {d}",
           "Mein Zug: {o} {d}", "{o} geht {d}", "Ich spiele {o} {d}"],
    "en": ["{o} {d}", "I move {o} {d}", "I'll move {o} {d}", "Move {o} {d}", "Sliding {o} {d}",
           "My move: {o} {d}", "I'll slide {o} {d}", "{o} goes {d}"],
}  # fmt: skip

PLAN_SEP = {
    "fr": ["; ", ", puis ", " puis ", ". Ensuite ", ", et ensuite ", " ; après ça "],
    "it": ["; ", ", poi ", " poi ", ". Dopo ", ", e dopo ", ", dopodiché "],
    "de": ["; ", ", dann ", " dann ", ". Danach ", ", und danach ", ", anschließend "],
    "en": ["; ", ", then ", " then ", ". After that ", ", and afterwards ", ". Then "],
}  # fmt: skip
"""Between the actions of a plan (each a slide of its own)."""


def vs_slide(
    off: str, dirs: tuple[str, ...], lang: str, rng: random.Random, later: bool = False
) -> str:
    """One official's slide (one or two directions) written in ``lang`` (``later``: a plan's
    later action, after its plan word)."""
    ds = [rng.choice(DIRS[lang][d]) for d in dirs]
    if len(ds) == 1:
        d = ds[0]
    else:
        d = rng.choice([ds[0] + rng.choice(THEN[lang]) + ds[1], f"{ds[0]} {ds[1]}"])
    leads = VS_NEXT[lang] if later else VS_LEAD[lang]
    return rng.choice(leads).format(o=rng.choice([off, off.lower()]), d=d)


# ---------------------------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    lang: str
    kind: str
    game: str
    lines: tuple[str, ...]
    meant: tuple[str, ...]
    """``("move", notation)`` or ``("ask",)``."""


def _wrap(lang: str, body: list[str], rng: random.Random) -> tuple[str, ...]:
    above = rng.choice(ABOVE[lang])
    below = rng.choice(BELOW[lang])
    return tuple([*above.splitlines(), *body, *below.splitlines()])


def fc_cases(lang: str, rng: random.Random, pos: Position) -> Iterator[Case]:
    """Forbidden City replies of ``lang``: one of each kind."""
    legal = pos.legal()
    a = rng.choice(legal)
    b = rng.choice([m for m in legal if m.split()[0] != a.split()[0]])

    def move(m: str) -> str:
        return rng.choice(FC_LEAD[lang]).format(m=fc_forms(m, lang, rng)) + rng.choice(TAIL[lang])

    yield Case(lang, "move", "fc", _wrap(lang, [move(a)], rng), ("move", a))
    yield Case(
        lang,
        "correction",
        "fc",
        _wrap(lang, [move(a), rng.choice(CORRECTION[lang]).format(m=fc_forms(b, lang, rng))], rng),
        ("move", b),
    )
    yield Case(
        lang,
        "correction-split",
        "fc",
        _wrap(
            lang,
            [
                move(a),
                *rng.choice(CORRECTION_SPLIT[lang]).format(m=fc_forms(b, lang, rng)).split("\n"),
            ],
            rng,
        ),
        ("move", b),
    )
    yield Case(
        lang,
        "in-line",
        "fc",
        _wrap(lang, [rng.choice(IN_LINE[lang]).format(a=a, b=b)], rng),
        ("move", b),
    )
    sq = a.split()[0]
    other = [m for m in legal if m.split()[0] == sq and m != a]
    if other:
        yield Case(
            lang,
            "part",
            "fc",
            _wrap(lang, [move(a), rng.choice(PART[lang]).format(r=other[0].split()[1])], rng),
            ("move", other[0]),
        )
    yield Case(
        lang,
        "explain",
        "fc",
        _wrap(lang, [rng.choice(EXPLAIN[lang]).format(sq=sq, m=a)], rng),
        ("move", a),
    )
    yield Case(
        lang,
        "weighed",
        "fc",
        _wrap(lang, [rng.choice(WEIGHED[lang]).format(a=b, b=a)], rng),
        ("move", a),
    )
    yield Case(
        lang,
        "take-back",
        "fc",
        _wrap(lang, [move(a), rng.choice(TAKE_BACK[lang])], rng),
        ("ask",),
    )
    yield Case(
        lang,
        "offer",
        "fc",
        _wrap(lang, [move(a), rng.choice(OFFER[lang]).format(m=fc_forms(b, lang, rng))], rng),
        ("ask",),
    )
    yield Case(
        lang,
        "not-now",
        "fc",
        _wrap(lang, [rng.choice(NOT_NOW[lang]).format(m=fc_forms(a, lang, rng))], rng),
        ("ask",),
    )
    yield Case(
        lang,
        "not-now+move",
        "fc",
        _wrap(lang, [rng.choice(NOT_NOW[lang]).format(m=fc_forms(b, lang, rng)), move(a)], rng),
        ("move", a),
    )


def vs_cases(lang: str, rng: random.Random, pos: Position) -> Iterator[Case]:
    """Die Verbotene Stadt replies of ``lang``: a slide, a turning slide, a plan, a correction."""
    legal = [m for m in pos.legal() if "step" not in m]
    one = [m for m in legal if len(m.split()) == 2]
    two = [m for m in legal if len(m.split()) == 3]

    def slide(m: str, later: bool = False) -> str:
        off, *dirs = m.split()
        return vs_slide(off, tuple(dirs), lang, rng, later)

    for m in (rng.choice(one), rng.choice(two)):
        yield Case(lang, "slide", "vs", _wrap(lang, [slide(m) + rng.choice(TAIL[lang])], rng),
                   ("move", m))  # fmt: skip
    a = rng.choice(one)
    b = rng.choice([m for m in legal if m.split()[0] != a.split()[0]])
    sep = rng.choice(PLAN_SEP[lang])
    plan_b = slide(b, later=sep.strip() != ";")
    yield Case(
        lang,
        "plan",
        "vs",
        _wrap(lang, [slide(a) + sep + plan_b + rng.choice(TAIL[lang])], rng),
        ("move", f"{a}; {b}"),
    )
    c = rng.choice([m for m in legal if m.split()[0] != a.split()[0]])
    yield Case(
        lang,
        "correction",
        "vs",
        _wrap(lang, [slide(a), rng.choice(CORRECTION[lang]).format(m=c)], rng),
        ("move", c),
    )


VS_NOT_NOW = {
    "fr": ["Je ne bouge pas {o} {d}", "J'ai déplacé {o} {d} hier", "{o} {d} ?",
           "Est-ce que {o} peut aller {d} ?", "Je pourrais déplacer {o} {d}", "Surtout pas {o} {d}"],
    "it": ["Non muovo {o} {d}", "Ho mosso {o} {d}", "{o} {d}?", "Posso muovere {o} {d}?",
           "Forse {o} {d}", "Potrei muovere {o} {d}"],
    "de": ["Ich ziehe {o} nicht {d}", "Ich habe {o} {d} gezogen", "{o} {d}?", "Kann {o} {d}?",
           "Vielleicht {o} {d}", "Ich könnte {o} {d} ziehen"],
    "en": ["I won't move {o} {d}", "I moved {o} {d} last time", "{o} {d}?", "Can {o} go {d}?",
           "Maybe {o} {d}", "I could move {o} {d}"],
}  # fmt: skip
"""A Die Verbotene Stadt slide named but not played."""


def vs_more(lang: str, rng: random.Random, pos: Position) -> Iterator[Case]:
    """Die Verbotene Stadt replies that must not be played, and corrections split over lines."""
    legal = [m for m in pos.legal() if "step" not in m]
    a = rng.choice(legal)
    b = rng.choice([m for m in legal if m.split()[0] != a.split()[0]])
    off, *dirs = a.split()
    d = " ".join(rng.choice(DIRS[lang][x]) for x in dirs)
    yield Case(
        lang,
        "not-now",
        "vs",
        _wrap(lang, [rng.choice(VS_NOT_NOW[lang]).format(o=off, d=d)], rng),
        ("ask",),
    )
    first = vs_slide(off, tuple(dirs), lang, rng)
    yield Case(
        lang,
        "offer",
        "vs",
        _wrap(lang, [first, rng.choice(OFFER[lang]).format(m=b)], rng),
        ("ask",),
    )
    yield Case(
        lang, "take-back", "vs", _wrap(lang, [first, rng.choice(TAKE_BACK[lang])], rng), ("ask",)
    )
    fix = rng.choice(CORRECTION_SPLIT[lang]).format(m=b).split("\n")
    yield Case(lang, "correction-split", "vs", _wrap(lang, [first, *fix], rng), ("move", b))


def cases(seed: int, n: int) -> list[Case]:
    """``n`` rounds of composed replies in the four languages, from ``seed``."""
    rng = random.Random(seed)
    fc, vs = fc_position(), vs_position()
    out: list[Case] = []
    for _ in range(n):
        for lang in LANGS:
            out.extend(fc_cases(lang, rng, fc))
            out.extend(vs_cases(lang, rng, vs))
            out.extend(vs_more(lang, rng, vs))
    return out


# ---------------------------------------------------------------------------------------------
# Reading and judging
# ---------------------------------------------------------------------------------------------


def read(case: Case) -> Reading:
    pos = fc_position() if case.game == "fc" else vs_position()
    with speaking(case.lang):
        return read_commands(
            list(case.lines),
            pos.parse,
            pos.is_move_form,
            notation=pos.notation,
            plans=pos.plans,
        )


def summary(case: Case, reading: Reading) -> tuple[str, ...]:
    """``("move", notation)`` (a plan's later actions as written, after ``;``), ``("ask",)``
    for a refusal, ``("nothing",)`` when nothing was read, or the kinds of other commands."""
    if reading.errors:
        return ("ask",)
    pos = fc_position() if case.game == "fc" else vs_position()
    for c in reading.commands:
        if c.kind == "next" and not _next_written(pos, c.arg):
            return ("ask",)  # NEXT's own check refuses it at carry-out (nothing done)
    acts = [c for c in reading.commands if c.kind == "action"]
    others = tuple(c.kind for c in reading.commands if c.kind != "action")
    if not acts:
        return others or ("nothing",)
    c = acts[0]
    later = [_later(pos, p) for p in c.plan]
    return ("move", "; ".join([pos.notation(c.action), *later]), *others)


def _next_written(pos: Position, arg: str) -> bool:
    """Is NEXT's argument written in the game's notation, as its own check wants?"""
    from pbem.commands.grammar import plan_parts
    from pbem.service.standing import next_alternatives

    alts = next_alternatives(arg)
    if alts is None:
        return False
    for alt in alts:
        for part in plan_parts(alt) if pos.plans else [alt]:
            try:
                pos.parse(part)
            except InvalidSyntax:
                return False
            except RuleError:
                pass
    return True


def _later(pos: Position, part: str) -> str:
    """A plan's later action in the game's notation, when it can be read now (else as written)."""
    try:
        return pos.notation(pos.parse(part))
    except RuleError:
        return part


@dataclass(frozen=True)
class Verdict:
    case: Case
    got: tuple[str, ...]

    @property
    def meant(self) -> bool:
        if self.case.meant == ("ask",):
            return self.got in (("ask",), ("nothing",))
        return self.got == self.case.meant

    @property
    def wrong(self) -> bool:
        """Anything played (or any command carried out) that the case does not mean."""
        return not self.meant and self.got not in (("ask",), ("nothing",))


def judge(case: Case) -> Verdict:
    return Verdict(case, summary(case, read(case)))
