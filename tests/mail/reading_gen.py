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

import copy
import functools
import random
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pbem.service.commands  # noqa: F401  (registers the commands' words the grammar reads)
from pbem import i18n
from pbem.commands.grammar import Reading, read_commands
from pbem.i18n import speaking
from pbem.rules.base import PLAYER_NAMES, InvalidSyntax, RuleError

LANGS = ("fr", "it", "de", "en")

# ---------------------------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """A real position of a game and the seat that owes the move, read with the game's parse."""

    game: object
    state: object
    seat: int
    others: tuple[int, ...] = ()
    """The seats whose notation tells a move out of turn from prose."""
    plans: bool = False
    """The game takes a plan of several actions on one line (Die Verbotene Stadt)."""
    read: dict[tuple[str, str, tuple[str, ...], str], object] = field(
        default_factory=dict, compare=False, repr=False
    )
    """What this position's parse gave each text in each language (the action, the refusal as it
    was raised, or whether it is another seat's move): the grammar tries the same words over and
    over, in a reply and in every composed reply, 30,089 of 34,647 parses were a text parsed
    before (sixteenth round). The position is immutable; the language and the players named (the
    only context the games' parse reads) are in the key with the text: the whole input."""

    def parse(self, text: str) -> object:
        key = ("parse", i18n.current(), PLAYER_NAMES.get(), text)
        if key not in self.read:
            if len(self.read) > 200_000:
                self.read.clear()
            try:
                self.read[key] = self.game.parse(self.state, self.seat, text)  # type: ignore[attr-defined]
            except RuleError as err:
                self.read[key] = copy.copy(err)  # as raised, before the grammar rewrites it
                raise
        got = self.read[key]
        if isinstance(got, RuleError):
            raise copy.copy(got)  # each refusal the grammar keeps its own, as a parse gives
        return got

    def notation(self, action: object) -> str:
        return str(self.game.notation(action))  # type: ignore[attr-defined]

    def is_move_form(self, text: str) -> bool:
        key = ("form", i18n.current(), PLAYER_NAMES.get(), text)
        if key not in self.read:
            self.read[key] = self._is_move_form(text)
        return bool(self.read[key])

    def _is_move_form(self, text: str) -> bool:
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


# The parts, by language (tests/mail/reading_gen.toml)
_T = tomllib.loads((Path(__file__).with_suffix(".toml")).read_text("utf-8"))
ROTATION_WORDS = _T["rotation_words"]
FC_LEAD = _T["fc_lead"]
TAIL = _T["tail"]
ABOVE = _T["above"]
BELOW = _T["below"]
CORRECTION = _T["correction"]
IN_LINE = _T["in_line"]
PART = _T["part"]
EXPLAIN = _T["explain"]
WEIGHED = _T["weighed"]
CORRECTION_SPLIT = _T["correction_split"]
TAKE_BACK = _T["take_back"]
OFFER = _T["offer"]
NOT_NOW = _T["not_now"]
DIRS = _T["dirs"]
THEN = _T["then"]
VS_NEXT = _T["vs_next"]
VS_LEAD = _T["vs_lead"]
PLAN_SEP = _T["plan_sep"]
VS_NOT_NOW = _T["vs_not_now"]
DICTATION = _T["dictation"]
ROTATION_PHRASES = _T["rotation_phrases"]
ROTATION_DEGREES = _T["rotation_degrees"]

# ---------------------------------------------------------------------------------------------
# Forbidden City: how a move is written
# ---------------------------------------------------------------------------------------------


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
        f"{sq} {rng.choice(ROTATION_PHRASES[lang][r])}",
        f"{sq}, {rng.choice(ROTATION_PHRASES[lang][r])}",
    ]
    return rng.choice(forms)


# ---------------------------------------------------------------------------------------------
# Die Verbotene Stadt: officials, directions, plans
# ---------------------------------------------------------------------------------------------


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
    """One composed reply: its language, kind and game, its lines, and what it means."""

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

    def pick(table: dict[str, list[str]], **kw: str) -> str:
        return rng.choice(table[lang]).format(**kw)

    def fb(m: str) -> str:
        return fc_forms(m, lang, rng)

    sq = a.split()[0]
    other = [m for m in legal if m.split()[0] == sq and m != a]
    words = DICTATION[lang]
    col, row, rot = sq[0], int(sq[1:]), int(a.split()[1][1:])
    said = f"{col} {words['rows'][row]} {rng.choice(words['r'])} {words['rows'][rot]}"
    kinds: list[tuple[str, list[str], tuple[str, ...]]] = [
        ("dictated", [said], ("move", a)),
        ("move", [move(a)], ("move", a)),
        ("correction", [move(a), pick(CORRECTION, m=fb(b))], ("move", b)),
        ("correction-split", [move(a), *pick(CORRECTION_SPLIT, m=fb(b)).split("\n")], ("move", b)),
        ("in-line", [pick(IN_LINE, a=a, b=b)], ("move", b)),
        ("explain", [pick(EXPLAIN, sq=sq, m=a)], ("move", a)),
        ("weighed", [pick(WEIGHED, a=b, b=a)], ("move", a)),
        ("take-back", [move(a), pick(TAKE_BACK)], ("ask",)),
        ("offer", [move(a), pick(OFFER, m=fb(b))], ("ask",)),
        ("not-now", [pick(NOT_NOW, m=fb(a))], ("ask",)),
        ("not-now+move", [pick(NOT_NOW, m=fb(b)), move(a)], ("move", a)),
    ]
    if other:  # a correction of the rotation alone
        kinds.append(("part", [move(a), pick(PART, r=other[0].split()[1])], ("move", other[0])))
    for kind, body, meant in kinds:
        yield Case(lang, kind, "fc", _wrap(lang, body, rng), meant)


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
            spell=pos.game.spelled,  # type: ignore[attr-defined]  # as the service reads
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
