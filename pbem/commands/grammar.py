"""The player command grammar shared by every game.

A player's mail is read line by line (only the lines the player wrote: see :mod:`pbem.mail.reply`).
Each line is one of:

- an email command: its word (in any of the four languages) first, then what that command's own
  form accepts (``BOARD``, ``SAY <text>``, ``VACATION 2 Wochen``, ``RESIGN`` + ``CONFIRM``...).
  The grammar knows no command word itself: it asks the registered commands
  (:data:`pbem.commands.vocabulary.VOCABULARY`, filled by :mod:`pbem.service.commands`);
- a game action in the game's own notation (``C4 R1``, ``RK north east``, ``doubt``...), optionally
  guarded by a move number ``#17`` anywhere on the line;
- a line of prose whose only move-shaped part is a move ("I'll play m13 r1 please", "Move: N8 R3",
  "O9-R2."): read as that move, and the answer says how it was read ("Read as: M13 R1");
- a greeting, thanks or sign-off ("Hi all, here goes:", "Thanks!", "Bob"), ignored quietly;
- other prose, ignored and listed as such in the answer.

A message is all-or-nothing: if any line is a command that cannot be carried out, nothing is, and the
answer lists every problem. A likely typo (``P10 RO`` for ``P10 R0``) is suggested, never applied.
When the body holds no command, the Subject (what the player added to it) is read the same way.
The grammar is pure: it only needs the game's ``parse`` (passed in as a callable); what is a move is
decided by that parse alone, so every game's notation works.
"""

from __future__ import annotations

import copy
import difflib
import functools
import itertools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any

from pbem.commands import chatter, conditions, retraction
from pbem.commands.copies import conceded, games_named, names_game, other_game, uncopied
from pbem.commands.durations import leave_before, then_named
from pbem.commands.pointing import EXAMPLE, pointed, unresolved
from pbem.commands.queued import (
    absence_dropped,
    after_absence,
    doubt_of_absence_dropped,
    named_next,
)
from pbem.commands.refused import OWNED_UP as _OWNED_UP
from pbem.commands.refused import answered
from pbem.commands.requests import (
    MOVE_NAMED,
    asked_about,
    board_after,
    greeting,
    is_noun,
    leads_on,
    leave_announced,
    orders_in_words,
    plays_anyway,
    preview_asked,
    preview_unread,
    requested,
    resign_alone,
    told_to_table,
    until_then,
    without_offline,
)
from pbem.commands.retraction import correction_rest, is_take_back
from pbem.commands.vocabulary import PROSE_MAX, Heard, Said, Spoken, fold_word, vocabulary
from pbem.errors import CommandError
from pbem.i18n import N_, _, current, ngettext
from pbem.mail.reply import (
    correction_stands,
    denies,
    is_correction,
    is_courtesy,
    is_filler,
    is_known_word,
    strip_please,
)
from pbem.rules.base import AmbiguousMove, InvalidSyntax, NotYourDecision, RuleError
from pbem.words import RESTATE, THEN, THEREFORE

MAX_LINES = 500
"""Lines read from one message (a limit on work, far above any real reply); the rest is ignored
(and said so). What is quoted is removed before this point, by the reply reader, not by a cap."""

_SPACE_RUN = re.compile(r"[^\S\n]{3,}")
"""Three or more spaces (tabs, no-break spaces) in a row: read as one space. A run of spaces says
nothing a single space does not, and a hostile line of thousands of them would otherwise make
every pattern that may start at each space scan the rest of the run (quadratic time)."""

MAX_PROSE_WORDS = 40
"""Longer lines are not searched for a move inside prose."""


def command_word(word: str) -> str:
    """A command word as its English word, in any of the four languages, with or without its
    accents (``CONFIRMER`` -> ``CONFIRM``, ``APERÇU`` -> ``PREVIEW``, ``BESTÄTIGEN`` ->
    ``CONFIRM``); any other word in upper case, folded. The words are the commands' own
    (:mod:`pbem.commands.vocabulary`)."""
    return vocabulary().english(word.strip().rstrip(".!?:"))


def help_copy(text: str) -> bool:
    """Does ``text`` hold a placeholder of the HELP table (``SAY <text>``, ``CERT
    <passphrase>``)? Then the line is a copy of the help, never a command."""
    return _PLACEHOLDER.search(text) is not None


_GUARD = re.compile(r"(?:^|\s)#\s*(\d{1,5})\b")
_WORD = re.compile(r"^([^\W\d_]+)\b[ \t]?[:.!?]?\s*(.*)$")
"""A line's first word (any letters: ``APERÇU``, ``BESTÄTIGEN``) and the rest, after a colon
even with the space French puts before it ("Dire : Bonjour à tous")."""
_ARTICLES = {"THE", "LE", "LA", "LES", "IL", "LO", "DAS", "DEN", "DIE", "DER", "MY", "MON", "MA",
             "MES", "MIO", "MIA", "MIEI", "MIE", "MEIN", "MEINE", "MEINEN"}  # fmt: skip
"""Articles and possessives a command word may follow, up to two ("Le plateau, s'il vous
plaît", "Das Brett bitte", "Mes parties ?", "Le mie partite?")."""
_PLACEHOLDER = re.compile(r"<\s*(text|passphrase|message|move)\s*>", re.I)
"""The HELP table's ``SAY <text>`` / ``CERT <passphrase>``: a copy of the help, never a command."""
_TOKEN = re.compile(r"[^\s,;:!?()\[\]{}\"“”„«»]+")
_EDGE = "'’.!?*_\"`"
_HYPHEN = re.compile(r"(?<=[0-9A-Za-z])[-–/](?=[A-Za-z])")
"""``O9-R2`` -> ``O9 R2`` (a minus before a digit is kept: ``M-1`` is a row)."""
_CONFUSABLE = str.maketrans({"O": "0", "o": "0", "I": "1", "l": "1", "i": "1", "|": "1"})
_MAX_SPAN = 5


@dataclass(frozen=True)
class Command:
    """One understood line."""

    kind: str
    """``"board"``, ``"help"``, ``"history"``, ``"say"``, ``"resign"``, ``"cert"`` or ``"action"``."""
    line: str
    """The line as written."""
    arg: str = ""
    """The text after the keyword (SAY's message, CERT's passphrase)."""
    action: object = None
    """For ``"action"``: the game's parsed, legal action."""
    guard: int | None = None
    """The ``#N`` move-number guard, if written."""
    read_as: str = ""
    """For a move found inside prose: the game's notation of what was read (``"M13 R1"``)."""
    from_subject: bool = False
    """Read from the Subject line (the body held no command)."""
    plan: tuple[str, ...] = ()
    """For ``"action"``: the later actions of a plan ("RK N; BG E W; RK S"), as written; each is
    read against the position it meets when its turn comes (see :func:`plan_parts`)."""
    chatter: str = ""
    """For ``"action"``: the words read as one move among chatter, each other part asked of
    :func:`pbem.commands.chatter.danger` (:func:`_chatter_around`); when they are all of its line,
    the guard of the player's last word (:func:`pbem.commands.retraction.guard`) reads only the
    lines below it."""

    @property
    def echo(self) -> str:
        """How the answer repeats this command: the line, and how it was read when that differs."""
        where = " " + _("(from the Subject)") if self.from_subject else ""
        if self.read_as and self.read_as != self.line:
            shown = self.line if len(self.line) <= 60 else self.line[:57] + "..."
            return f"{shown}{where}. " + _("Read as: %(move)s") % {"move": self.read_as}
        return self.line + where


@dataclass
class Reading:
    """What one message says."""

    commands: list[Command] = field(default_factory=list)
    errors: list[tuple[str, RuleError | CommandError]] = field(default_factory=list)
    """(line, error) for each problem: a command that cannot be carried out, or (when the reply
    has problems or nothing else) a line that tried to be one."""
    ignored: list[str] = field(default_factory=list)
    """Lines that are not commands (prose)."""
    syntax_errors: list[tuple[str, InvalidSyntax | NotYourDecision]] = field(default_factory=list)
    """Short lines that looked like an attempt at a move but are not in the notation."""
    courtesy: list[str] = field(default_factory=list)
    """Greetings, thanks and sign-offs (ignored quietly)."""
    mentions: list[tuple[str, CommandError]] = field(default_factory=list)
    """Lines that mention a move among other words ("I won't play M13 R1"): never read as a
    move; a problem when the reply has problems or nothing else."""
    mention_moves: list[tuple[str, object]] = field(default_factory=list)
    """For each mention of a move: the line and the game's action (None when the move the line
    names is not legal). Read by :func:`_last_word` (a correction after a move)."""

    @property
    def action(self) -> Command | None:
        acts = [c for c in self.commands if c.kind == "action"]
        return acts[0] if acts else None

    def kinds(self) -> set[str]:
        return {c.kind for c in self.commands}

    def rewrite(self, fix: Callable[[str], str]) -> None:
        """Every text of the reading, and of its errors, passed through ``fix`` (the games' ids
        written back as the player wrote them, :class:`pbem.commands.copies.IdMask`)."""
        self.commands = [
            replace(c, line=fix(c.line), arg=fix(c.arg), read_as=fix(c.read_as))
            for c in self.commands
        ]
        for _line, err in [*self.errors, *self.syntax_errors, *self.mentions]:
            _rewrite_error(err, fix)
        self.errors = [(fix(line), err) for line, err in self.errors]
        self.syntax_errors = [(fix(line), err) for line, err in self.syntax_errors]
        self.mentions = [(fix(line), err) for line, err in self.mentions]
        self.mention_moves = [(fix(line), act) for line, act in self.mention_moves]
        self.ignored = [fix(line) for line in self.ignored]
        self.courtesy = [fix(line) for line in self.courtesy]


def _rewrite_error(err: RuleError | CommandError, fix: Callable[[str], str]) -> None:
    """``err``'s message, hint and text passed through ``fix`` (a hint made later, when read)."""
    if err.args and isinstance(err.args[0], str):
        err.args = (fix(err.args[0]), *err.args[1:])
    if isinstance(err, RuleError):
        err.text = fix(err.text)
        later = err._later
        if later is not None:
            err.hint_later(lambda: fix(later()))
        else:
            err.hint = fix(err.hint)
    else:
        err.hint = fix(err.hint)


PLAN_WORDS = ("THEN", "AFTER THAT", "AFTERWARDS", "PUIS", "ENSUITE", "APRÈS ÇA", "APRES CA",
              "APRÈS CELA", "POI", "DOPO", "DOPODICHÉ", "DOPODICHE", "DANN", "DANACH",
              "ANSCHLIESSEND", "ANSCHLIEßEND")  # fmt: skip
"""Words that separate the actions of a plan besides ``;`` (en, fr, it, de), read only when the
whole line is not one move (``RK north then east`` is one slide in two directions)."""
_AGAIN = (
    r"(?:I\s+get\s+another\s+(?:move|turn|slide)|it'?s\s+still\s+my\s+turn"
    r"|I\s+(?:can\s+)?move\s+again|je\s+rejoue|c'est\s+encore\s+(?:à\s+)?moi"
    r"|j'ai\s+encore\s+un\s+(?:coup|déplacement)|tocca\s+ancora\s+a\s+me"
    r"|(?:posso|muovo)\s+ancora|ho\s+ancora\s+una\s+mossa"
    r"|ich\s+(?:nochmal|noch\s*mal|wieder)\s+(?:dran\s+bin|darf|ziehe|ziehen\s+darf))"
)
"""The condition of a plan's later action said in words ("RB N, and if I get another move BK
E", "RB nord e se tocca ancora a me BK est"): it is what a plan means."""
_PLAN_SPLIT = re.compile(
    r"\s*+;\s*|\s++(?:(?i:AND|ET|UND)\s+)?(?i:" + "|".join(PLAN_WORDS) + r")(?:\s*+:)?\s+"
    # (not after a bare code, where the "e" is its east: "bk e poi kb s"; fourteenth round)
    r"|(?<![rybgkRYBGK]{2})\s++e\s+(?i:POI|DOPO|DOPODICHÉ|DOPODICHE)\s+"
    # the last slide of a plan (wt-26, seventh round: "BK E, ensuite BK S, et enfin KB S", "...
    # and finally KB S", "... e infine KB S", "... und zuletzt KB S"); "enfin" only after "et"
    # ("enfin non, plutôt ..." corrects)
    r"|(?:\s*+,)?\s++(?i:(?:and|et|e|und)\s+)?(?i:FINALLY|INFINE|ZULETZT|SCHLIESSLICH|SCHLIEẞLICH"
    r"|SCHLIEßLICH|ZUM\s+SCHLUSS|ALS\s+LETZTES|LASTLY|PER\s+FINIRE|PER\s+ULTIMO|POUR\s+FINIR"
    r"|POUR\s+TERMINER|EN\s+DERNIER)(?:\s*+,)?\s+|(?:\s*+,)?\s++(?i:et)\s+(?i:ENFIN)\s+"
    r"|(?:\s*+,)?\s++(?i:(?:and|et|e|und)\s+)?(?i:if|si|se|wenn|falls)\s+(?i:" + _AGAIN + r")"
    r"(?:\s*+,)?\s++"
    # more words of "then" before an action (issue 31, ninth round: "RB au nord, après KB au
    # sud", "RB nord. Et après, KB sud", "RB nord, dopo KB sud", "..., gefolgt von KB S"), only
    # after a comma or "and" and before an official's code ("KB S après RB N" says the order
    # the other way)
    r"|(?:\s*+,|\s++(?i:and|et|e|und)|(?<=[.!])(?=\s))\s++(?i:après|apres|dopo|par\s+la\s+suite|in\s+seguito"
    r"|successivamente|hinterher|daraufhin|als\s+nächstes|als\s+naechstes|followed\s+by"
    r"|suivi\s+de|seguito\s+da|gefolgt\s+von|after\s+which|après\s+quoi|apres\s+quoi"
    r"|subito\s+dopo|gleich\s+danach|juste\s+après|right\s+after(?:wards)?|quindi|e\s+quindi"
    r"|after\s+that|afterwards|and\s+after\s+that)(?:\s*+,)?\s++"
    r"(?=(?i:[rybgk]{2})\b)"
    # a semicolon dictated by voice (issue 31, ninth round: "BK est point virgule KB sud", "KB
    # sud punto e virgola BR ovest", "KB Süd Semikolon RB Nord", "BR west semicolon KB south")
    r"|\s++(?i:point[\s-]virgule|punto\s+e\s+virgola|punto\s+virgola|semikolon|strichpunkt"
    r"|semi[\s-]?colon)\s++"
)
# Possessive spaces (\s*+, \s++): a run of spaces is taken whole, never given back one by one,
# so a hostile line of thousands of spaces splits in linear time (it took minutes: the
# optional comma between two runs of spaces backtracked over every split of the run)."""
"""``;`` or a plan word, with the "and" before it ("KB S e poi RB N": the "e" in small letters
is Italian for "and"; "RB N E then BK E" keeps its east)."""


_PLAN_WORD_SET = frozenset(w for p in PLAN_WORDS for w in p.split())
_PLAN_PHRASES = tuple(tuple(p.split()) for p in PLAN_WORDS)


def _plan_word_at(toks: Sequence[str], k: int) -> bool:
    """Does a word of :data:`PLAN_WORDS` start at ``toks[k]``, a phrase of them whole ("après
    ça", not the "ça" of "en espérant que ça tienne"; issue 31, fifteenth round)?"""
    said = [t.upper() for t in toks[k : k + 3]]
    return any(list(p) == said[: len(p)] for p in _PLAN_PHRASES)


ELSE_WORDS = ("ELSE", "SINON", "ALTRIMENTI", "SONST")
"""Words that separate the alternatives of a queued move (``NEXT M9 R1 ELSE P10 R0``)."""
_ELSE_SPLIT = re.compile(r"\s+(?:" + "|".join(ELSE_WORDS) + r")\s+", re.I)


NEXT_WORDS = ("NEXT", "PROCHAIN", "PROCHAINE", "PROSSIMO", "PROSSIMA", "NAECHSTER", "NAECHSTE",
              "NÄCHSTER", "NÄCHSTE")  # fmt: skip
"""The command word of a queued move (en, fr, it, de), which also starts each turn queued after
the next one (``NEXT RK N; BG E NEXT RK pavilion``)."""
_TURN_SPLIT = re.compile(r"\s+(?:" + "|".join(NEXT_WORDS) + r")\s+", re.I)


def turn_parts(text: str) -> list[str]:
    """The turns of a queued move as written, in order (one when ``text`` names one turn)."""
    return [p.strip(" ;,.") for p in _TURN_SPLIT.split(text.strip()) if p.strip(" ;,.")]


def else_parts(text: str) -> list[str]:
    """The alternatives of a queued move as written, in order."""
    return [p.strip() for p in _ELSE_SPLIT.split(text.strip()) if p.strip()]


def next_form(rest: str) -> bool:
    """Is ``NEXT <rest>`` the command (else prose such as "Next time, then")? OFF, or
    alternatives whose actions are each a short move."""
    return all(
        len(p.split()) <= 5
        for turn in turn_parts(rest)
        for alt in else_parts(turn)
        for p in plan_parts(alt)
    )


_PLAN_LEAD = re.compile(
    r"^(?:(?i:AND|ET|UND)\s+)?(?i:" + "|".join(PLAN_WORDS) + r")(?:\s*[,:]\s*|\s+)"
    r"|^(?:(?i:AND|ET|UND|E)\s+)?(?i:après|apres|dopo|hinterher|daraufhin|par\s+la\s+suite"
    r"|in\s+seguito|successivamente)(?:\s*,\s*|\s+)(?=(?i:[rybgk]{2})\b)"
)
"""A plan word that starts a part after a semicolon ("RB N ; après ça KB S")."""


_PLAN_WORD_ALONE = re.compile(r"^(?:(?i:AND|ET|UND|E)\s+)?(?i:" + "|".join(PLAN_WORDS) + r")$")
"""A part that is a plan word and nothing else: the word before a condition of going on that
:func:`_as_plan` made a separator ("RB N ; ensuite, si les dés le permettent, BR W" -> "RB N ;
ensuite ; BR W"); it says when the next action comes, no action of its own."""


_ORDINAL_ALONE = re.compile(
    r"(?i)^(?:(?:and|et|e|und)\s+)?(?:second(?:ly)?|third(?:ly)?|fourth(?:ly)?|deuxièmement"
    r"|deuxiemement|ensuite|secondo|terzo|zweitens|drittens|zweiter|dritter)$"
)
"""A part that is an ordinal and nothing else, left before a condition of going on ("First BK
east; second, if the dice are kind, RB north"; issue 31, ninth round)."""


def plan_parts(text: str) -> list[str]:
    """The actions of a plan as written, in order (one part when ``text`` holds no separator).
    A later action ends with its sentence: "I'll slide RB north, and then BR west. If that
    doesn't slow East down, nothing will." is RB N then BR W (twelfth round: the remark's "East
    down" was read into the second slide); a slide named in a later sentence is the later-slide
    guard's (:meth:`pbem.rules.base.Game.moves_named`)."""
    parts = [_PLAN_LEAD.sub("", p.strip(" .,")) for p in _PLAN_SPLIT.split(text.strip())]
    parts[1:] = [_PART_ENDS.split(p, maxsplit=1)[0] for p in parts[1:]]
    return [
        p.strip(" .,")
        for p in parts
        if p.strip(" .,")
        and not _PLAN_WORD_ALONE.match(p.strip(" .,"))
        and not _ORDINAL_ALONE.match(p.strip(" .,"))
    ]


_PART_ENDS = re.compile(r"(?<=[^\W\d_][.!?])\s+(?=[^\W\d_])")
"""The end of a sentence inside a plan's later action: a word, its full stop, and a new word."""


def _parses(parse_action: Callable[[str], object], text: str) -> bool:
    try:
        parse_action(text)
    except RuleError:
        return False
    return True


def _join_split_moves(
    lines: list[str],
    parse_action: Callable[[str], object] | None,
    spell: Callable[[str], str] | None = None,
    notation: Callable[[object], str] | None = None,
) -> list[str]:
    """A move a phone split over two lines ("M13" then "R1") is one line again, when neither
    half is a move and the two together are a legal one."""
    if parse_action is None:
        return lines
    out: list[str] = []
    i = 0
    while i < len(lines):
        a = lines[i].strip()
        b = lines[i + 1].strip() if i + 1 < len(lines) else ""
        ta, tb = _tokens(a), _tokens(b)
        if (
            ta
            and tb
            and len(ta) + len(tb) <= 3
            and all(_code_like(t) for t in [*ta, *tb])
            and not _parses(parse_action, a)
            and not _parses(parse_action, b)
            and _parses(parse_action, f"{a} {b}")
        ):
            out.append(f"{a} {b}")
            i += 2
            continue
        if _continues(a, b, parse_action, spell or (lambda x: x), notation) or _rotation_below(
            a, b, parse_action, spell
        ):
            out.append(f"{a} {b}")  # "Moving RB north" / "then east" (issue 31, wt-26)
            i += 2
            continue
        out.append(lines[i])
        i += 1
    return out


_ROTATION_LINE = re.compile(r"^\W*R\s*([0-3])(?![\w'’])")
_SQUARE_END = re.compile(r"(?<![\w'’])([A-Za-z]{1,2}\s*-?\d{1,2})(?![\w'’])\W*$")


def _rotation_below(
    a: str,
    b: str,
    parse_action: Callable[[str], object],
    spell: Callable[[str], str] | None,
) -> bool:
    """Is ``b`` the rotation of the square ``a`` ends with, the two said in sentences of their
    own ("Casella M13." / "Rotazione 2.", "Feld M13." / "Drehung: 2", "I'll put it on O13." /
    "Rotation 1, please")? Only when ``a`` is no move, ``b`` starts with the rotation (in the
    notation or in words the game spells) and the square and the rotation make a legal move;
    the two are then read as one line, with every rule of a line (a question, another move, a
    doubt after the rotation still ask back)."""
    if spell is None or len(b) > 200 or len(a) > 1000:
        return False
    square = _SQUARE_END.search(spell(strip_please(a) or a))
    if square is None or _parses(parse_action, a) or _parses(parse_action, b):
        return False
    # the rotation in words is spelled only after its square ("Rotated 90 degrees.")
    said = spell(f"{square[1]} {b.strip()}")
    rot = _ROTATION_LINE.match(said[len(square[1]) :].lstrip(" ,"))
    if rot is None and not said.startswith(square[1]):
        rot = _ROTATION_LINE.match(spell(b))
    return rot is not None and _parses(parse_action, f"{square[1]} R{rot[1]}")


def _continues(
    a: str,
    b: str,
    parse_action: Callable[[str], object],
    spell: Callable[[str], str],
    notation: Callable[[object], str] | None,
) -> bool:
    """Does ``b`` finish the move of ``a``, a sentence broken by a ``<br>``, a phone or a hard
    wrap ("Moving RB north" / "then east. Cheers", "RB N" / "E", "BR vers l'ouest" / "puis vers
    le sud")? Only a short line in lower case or of codes, that is no move of its own, after a
    line that ends no sentence, and only when the two read as more of the same move than ``a``
    alone (which would play a shorter slide). A line that corrects, doubts or asks about the
    directions ("non, E", "ou E ?") is joined too, so that the line is read as one correction or
    question (it was ignored and the first slide played)."""
    tb, ta = _tokens(b), _tokens(a)
    if not tb or not ta or len(tb) > 8 or denies(ta):
        return False
    if (nth := _ordinal(b)) is not None and nth[0] >= 2:
        return False  # "1) BR a sinistra" / "2) se posso, KB in basso": the next item of a list
    # a line that doubts, corrects or asks about the move's directions ("RB N" / "non, E",
    # "ou plutôt E, je ne sais pas", "ou E ?"): read with the move, as one line (the reading of
    # a correction or a question in a line), never the first move alone
    doubt = is_correction(b) or is_take_back(b) or denies(tb) or "?" in b
    if not doubt and a.rstrip().endswith((".", "!", "?", "…", ";", ":")):
        return False
    if (
        not doubt
        and _code_like(ta[-1])
        and _code_like(tb[0])
        and not _parses(parse_action, a)
        and not _parses(parse_action, b)
        and _parses(parse_action, f"{ta[-1]} {tb[0]}")
    ):
        return True  # the move itself split in a sentence: "je joue L11" / "R1, merci !"
    if not (doubt or b[:1].islower() or _code_like(tb[0])) or _parses(parse_action, b):
        return False
    head, _sep, rest = b.partition(". ")
    core = _tokens(strip_please(head if rest and is_courtesy(rest) else b))  # "then east. Cheers"
    if not doubt and _code_like(ta[-1]) and not _parses(parse_action, spell(a)):
        for k in range(len(core)):  # "I'll put my tile on P12," / "rotated once clockwise."
            if _parses(parse_action, spell(" ".join([ta[-1], *core[k:]]))):
                return True
    # "after that east": the words that link it may be any; in a doubt, the words after it too
    spans = [(k, len(core)) for k in range(len(core))]
    if doubt:
        spans += [(k, n) for k in range(len(core)) for n in range(k + 1, len(core))]
    for k, n in spans:
        try:
            whole = parse_action(spell(" ".join([a, *core[k:n]])))
        except RuleError:
            continue
        try:
            first = parse_action(spell(a))
        except RuleError:
            return not doubt  # "a" is prose around a part of the move: one sentence
        if notation is not None and notation(whole).startswith(notation(first) + " "):
            return True  # more of the same slide ("RB N" then "RB N E"), never another move
    return False


WRAP_WIDTH = 55
"""A SAY line at least this long, followed by more prose, was hard-wrapped by the client."""


def _join_wrapped_say(lines: list[str]) -> list[str]:
    """A long SAY that the client hard-wrapped (mutt, Gnus, some webmails: no format=flowed) is
    one line again: while a physical line is at least :data:`WRAP_WIDTH` long, the next line
    continues it, unless it is a command or a move-like line of its own, or a short sign-off
    or name ("Cordialement,", "Best,\nHelen": the blank line before it is gone; issue 31), or a
    greeting or name after a finished sentence."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        w = _WORD.match(line)
        said = vocabulary().lookup(w.group(1)) if w else None
        if said is not None and said.wraps and len(line) >= WRAP_WIDTH:
            last = line
            while i + 1 < len(lines):
                nxt = lines[i + 1].strip()
                nw = _WORD.match(nxt)
                toks = _tokens(nxt)
                if (
                    len(last) < WRAP_WIDTH
                    or not nxt
                    or (nw and vocabulary().lookup(nw.group(1)) is not None)
                    or (toks and all(_code_like(t) for t in toks))
                    or (len(nxt.split()) <= 4 and is_courtesy(nxt))  # "Cordialement,", "Helen"
                    or (last.rstrip().endswith((".", "!", "?", "…")) and is_courtesy(nxt))
                ):
                    break
                line = f"{line} {nxt}"
                last = nxt
                i += 1
        out.append(line)
        i += 1
    return out


def _looks_like_attempt(line: str) -> bool:
    """Short lines are taken as attempts at a command; longer ones as prose."""
    words = line.split()
    return 0 < len(words) <= 5 and len(line) <= 40


def _tokens(line: str) -> list[str]:
    """The words of a line; a sign standing alone between them ("M13 / R1", "M13 - R1") is no
    word."""
    return list(_tokens_of(line))


@functools.lru_cache(maxsize=4096)
def _tokens_of(line: str) -> tuple[str, ...]:
    """:func:`_tokens`, found once for a text (a reading asks for a line's words about 30 times;
    a pure function of the text: eighteenth round)."""
    out = []
    for t in _TOKEN.findall(line):
        t = t.strip(_EDGE)
        if t and any(c.isalnum() for c in t):
            out.extend(_HYPHEN.sub(" ", t).split())
    return tuple(out)


def _shaped(tokens: list[str]) -> bool:
    """Could these tokens be a move in some notation, inside prose? A token mixing letters and
    digits (``M13``, ``R1``), or short codes written in capitals (``RK N E``)."""
    if any(any(c.isdigit() for c in t) and any(c.isalpha() for c in t) for t in tokens):
        return True
    return len(tokens) >= 2 and all(_code_like(t) for t in tokens)


def mentioned(text: str) -> CommandError:
    """The refusal of a reply that names a move among other words, which was not read
    (:func:`_mention`'s, for a reader outside this module)."""
    return _mention(None, None, text)


def _mention(notation: Callable[[object], str] | None, action: object, text: str) -> CommandError:
    shown = notation(action) if action is not None and notation is not None else text
    return CommandError(
        _(
            "This line mentions %(move)s among other words or as a question, so it was not read "
            "as a move. If it is your move, send it on a line of its own."
        )
        % {"move": shown},
        hint=shown,
    )


@functools.lru_cache(maxsize=4096)
def _code_like(token: str) -> bool:
    """A token that can only be part of a move: letters and digits mixed, or a short code in
    capitals (``M13``, ``R1``, ``RK``, ``N``)."""
    mixed = any(c.isdigit() for c in token) and any(c.isalpha() for c in token)
    return mixed or (len(token) <= 3 and token.isalpha() and token.isupper())


@dataclass
class _Candidate:
    start: int
    end: int
    text: str
    action: object = None
    error: RuleError | None = None


def _spans(tokens: list[str]) -> Iterator[tuple[int, int]]:
    for a in range(len(tokens)):
        for b in range(a + 1, min(len(tokens), a + _MAX_SPAN) + 1):
            yield a, b


_Found = Callable[
    [list[str], Callable[[str], object], Callable[[str], bool] | None], list[_Candidate]
]

_SPANS_READ: ContextVar[dict[tuple[int, int, tuple[str, ...]], tuple[object, object, list[_Candidate]]] | None] = ContextVar("_SPANS_READ", default=None)  # fmt: skip
"""The candidates of each token list found in this reply (:func:`read_commands`)."""


def _once_a_reply(find: _Found) -> _Found:
    """``find(tokens, parse_action, is_move_form)`` once for each token list, parse and form
    test in one reply: the readers of a reply ask about the same words again (83 % of the calls
    of :func:`_candidates`; nineteenth round), and within a reply the game's reading of a text
    does not change (:func:`pbem.service.orders.read` keeps it). Each caller gets candidates
    of its own, each refusal a copy, as a new search made them."""

    @functools.wraps(find)
    def once(
        tokens: list[str],
        parse_action: Callable[[str], object],
        is_move_form: Callable[[str], bool] | None,
    ) -> list[_Candidate]:
        memo = _SPANS_READ.get()
        if memo is None:
            return find(tokens, parse_action, is_move_form)
        key = (id(parse_action), id(is_move_form), tuple(tokens))
        hit = memo.get(key)
        if hit is None or hit[0] is not parse_action or hit[1] is not is_move_form:
            # (the memo holds the callables: an id is not reused while it lives)
            hit = memo[key] = (parse_action, is_move_form, find(tokens, parse_action, is_move_form))
        return [
            _Candidate(
                c.start, c.end, c.text, c.action, None if c.error is None else copy.copy(c.error)
            )
            for c in hit[2]
        ]

    return once


@_once_a_reply
def _candidates(
    tokens: list[str],
    parse_action: Callable[[str], object],
    is_move_form: Callable[[str], bool] | None,
) -> list[_Candidate]:
    """The maximal move-shaped spans of ``tokens`` that the game reads as a move (legal or not)."""
    found: list[_Candidate] = []
    # _shaped(tokens[a:b]) of each span of _spans(tokens), in its order, from each token's shape
    # found once (a code-like token that is no word of letters mixes letters and digits) and
    # carried from a span to the next one longer (eighteenth round)
    code = [_code_like(t) for t in tokens]
    mixed = [c and not t.isalpha() for c, t in zip(code, tokens, strict=True)]
    for a in range(len(tokens)):
        any_mixed, all_code = False, True
        for b in range(a + 1, min(len(tokens), a + _MAX_SPAN) + 1):
            any_mixed, all_code = any_mixed or mixed[b - 1], all_code and code[b - 1]
            shaped = any_mixed or (b - a >= 2 and all_code)
            if shaped and (c := _candidate(tokens, a, b, parse_action, is_move_form)):
                found.append(c)
    kept = [
        c
        for c in found
        if not any(o is not c and o.start <= c.start and c.end <= o.end for o in found)
    ]
    # Two readings of overlapping words ("put the tile on L12" and "the tile on L12 R0": more
    # than a span's tokens): the words of both together, when the game reads them as one move.
    for _k in range(len(kept)):
        pair = next(((c, o) for c in kept for o in kept if c.start < o.start < c.end < o.end), None)
        if pair is None:
            break
        union = _candidate(tokens, pair[0].start, pair[1].end, parse_action, is_move_form)
        if union is None:
            break
        kept = [union, *(c for c in kept if c not in pair)]
    return sorted(kept, key=lambda c: c.start)


def _candidate(
    tokens: list[str],
    a: int,
    b: int,
    parse_action: Callable[[str], object],
    is_move_form: Callable[[str], bool] | None,
) -> _Candidate | None:
    """``tokens[a:b]`` as a candidate when the game reads it as a move (legal or not)."""
    text = " ".join(tokens[a:b])
    try:
        action = parse_action(text)
    except NotYourDecision as err:
        if is_move_form is not None and is_move_form(text):
            return _Candidate(a, b, text, error=err)
        return None
    except InvalidSyntax:
        return None
    except RuleError as err:
        return _Candidate(a, b, text, error=err)
    return _Candidate(a, b, text, action=action)


def _typo_suggestion(line: str, parse_action: Callable[[str], object]) -> str:
    """A likely typo's correction (``RO`` -> ``R0``, ``RI`` -> ``R1``) that the game reads as a
    legal move, or ``""``. Suggested to the player, never applied."""
    tokens = _tokens(line)
    if not tokens or len(tokens) > 6:
        return ""
    for k, tok in enumerate(tokens):
        if len(tok) > 5 or not (tok.isupper() or any(c.isdigit() for c in tok)):
            continue  # "RO", "Pl0" may be typos; "Hi" is not "H1"
        fixed = tok[:1] + tok[1:].translate(_CONFUSABLE)
        if fixed == tok:
            continue
        text = " ".join([*tokens[:k], fixed, *tokens[k + 1 :]])
        try:
            parse_action(text)
        except RuleError:
            continue
        return text
    return ""


def _suggested(line: str, err: RuleError, suggestion: str) -> CommandError:
    return CommandError(
        _(
            "'%(line)s' is not a move. Did you mean %(move)s? Nothing was played; if so, send it "
            "on a line of its own."
        )
        % {"line": line, "move": suggestion},
        hint=suggestion,
    )


def _another_move(first: str) -> CommandError:
    """The refusal of a line that names ``first`` and then another move."""
    return CommandError(
        _(
            "This reply names %(first)s and then another move on this line, so "
            "nothing was played: we do not guess which one you mean. Send the move "
            "you mean on a line of its own."
        )
        % {"first": first}
    )


def read_commands(
    lines: list[str],
    parse_action: Callable[[str], object] | None,
    is_move_form: Callable[[str], bool] | None = None,
    *,
    notation: Callable[[object], str] | None = None,
    subject: str = "",
    plans: bool = False,
    spell: Callable[[str], str] | None = None,
    suggested: Mapping[str, Sequence[str]] | None = None,
) -> Reading:
    """Classify the command lines of one message.

    ``parse_action(text)`` is the game's parse bound to the state and the seat (``None`` when the mail
    belongs to no game): it returns a legal action or raises a :class:`RuleError`.
    ``is_move_form(text)`` says whether a line is written in the game's move notation at all
    (used to tell a move out of turn from a word of thanks). ``notation(action)`` writes an action
    in the game's notation (for "Read as: ..."). ``subject`` is what the player added to the
    Subject; it is read when the body holds no command. ``plans``: the game takes a plan of
    several actions on one line (:func:`plan_parts`), the first legal now, the others in the
    notation (each is checked when its turn comes). ``spell(line)``: the line with the words
    whose meaning depends on the player's language in words every language reads (the game's
    :meth:`~pbem.rules.base.GameOf.spelled`), for a line read as a move or a plan.
    ``suggested``: the lists of moves the mail answered showed, by kind
    (:func:`pbem.commands.pointing.pointed`: "the third of your suggestions" is read as the move
    it names).
    """
    if _TRIALS.get() is not None:  # a reading inside a reading: the reply's budget goes on
        return _read_commands(lines, parse_action, is_move_form, notation, subject, plans, spell,
                              suggested)  # fmt: skip
    token = _TRIALS.set([MAX_PLAN_TRIALS])
    spans = _SPANS_READ.set({})
    try:
        return _read_commands(lines, parse_action, is_move_form, notation, subject, plans, spell,
                              suggested)  # fmt: skip
    finally:
        _SPANS_READ.reset(spans)
        _TRIALS.reset(token)


_TRIALS: ContextVar[list[int] | None] = ContextVar("_TRIALS", default=None)
"""The trial readings of a plan over lines left to one reply (:func:`_plan_over_lines`)."""
MAX_PLAN_TRIALS = 12
"""Pairs of lines one reply may try as one plan (a turn has at most four slides; a hostile reply
of hundreds of "then ..." lines stays linear)."""


def _read_commands(
    lines: list[str],
    parse_action: Callable[[str], object] | None,
    is_move_form: Callable[[str], bool] | None,
    notation: Callable[[object], str] | None,
    subject: str,
    plans: bool,
    spell: Callable[[str], str] | None,
    suggested: Mapping[str, Sequence[str]] | None,
) -> Reading:
    """:func:`read_commands` under the reply's budget of trial readings."""
    # Long on purpose: the reading of a whole reply in order (body lines, then the Subject), with each refusal worded for the player.
    out = Reading()
    flags: set[str] = set()  # marks only the whole reply settles (RESIGN and CONFIRM)
    todo = [_SPACE_RUN.sub(" ", x) for x in lines[:MAX_LINES]]
    if parse_action is not None:
        # a move named by its place in a list of the mail answered; a reply to a refusal or a
        # HELP without its parts that name only moves that cannot be played
        said = suggested or {}
        todo = [
            x if _item_of_list(x) else answered(pointed(x, said), said, parse_action, spell)
            for x in todo
        ]
        todo = uncopied(todo, parse_action, said)
    todo = _join_wrapped_say(_join_split_moves(todo, parse_action, spell, notation))
    todo = _join_wrapped_words(todo)
    if plans and parse_action is not None:
        todo = _plan_over_lines(todo, parse_action, is_move_form, notation, spell, True)
    todo = _join_conditions(todo, parse_action, is_move_form)
    where: dict[int, int] = {}  # id of an action Command or a mention entry -> its line
    wrapped: set[str] = set()  # the last sentences of lines the client wrapped onto the next
    flag_row = -1
    idx = 0
    while idx < len(todo):
        raw = todo[idx]
        n_cmd, n_men = len(out.commands), len(out.mention_moves)
        if _condition_of_next(raw, out, [x for x in todo[:idx] if x.strip()][-1:]):
            out.ignored.append(raw)  # "NÄCHSTER KB S" / "falls das dann noch geht"
            idx += 1
            continue
        raw = _after_standing(raw, out)
        before = _mark(out, flags)
        n_ign = len(out.ignored)
        whole = _WHOLE_LINE.set(raw)
        try:
            _read_line(raw, out, flags, parse_action, is_move_form, notation, False, plans, spell)
        finally:
            _WHOLE_LINE.reset(whole)
        if idx and _wrapped_on(todo[idx - 1], raw) and _said_in_prose(out, n_cmd):
            # "... Après avoir longuement étudié le / plateau, il me semble que ...": a word of a
            # paragraph wrapped by the client, not a command (eighth round)
            _back_to(out, flags, before)
            out.ignored.append(raw)
            idx += 1
            continue
        if raw in wrapped or (idx + 1 < len(todo) and _sentence_goes_on(raw, todo[idx + 1])):
            # "My move is M13 R1. The board" / "picture came through nicely": the line's last
            # sentence goes on below, so no command is read from it in words (eighth round)
            _unfinished_dropped(out, n_cmd, raw)
        sentences = _sentences(raw)
        apart = len(out.commands) == n_cmd and _problems(out) > _problems_at(before)
        if (
            not apart
            and parse_action is not None
            and len(out.commands) == n_cmd
            and len(out.ignored) > n_ign  # (the line as spelled for the game)
            and len(long := _paragraph_sentences(raw, plans and _coded_once(raw, spell))) > 1
        ):
            # "Long week here, the kids were sick ... Anyway, I put my pink tile on P12, turned
            # 180 degrees so that the garden faces the wall. Let's see ...": a paragraph too long
            # to be searched whole, read as its sentences (tenth round)
            sentences, apart = long, True
        if apart and plans and parse_action is not None and len(sentences) > 1:
            # "Pavilion 7 is far. I'll slide KB south then west. If the die gives me another
            # move: BR west.": a plan over its sentences read as one (issue 31, eighth round)
            sentences = _plan_over_lines(sentences, parse_action, is_move_form, notation, spell)
        if (
            apart
            and len(sentences) > 1
            and _read_apart(sentences, parse_action, is_move_form, notation, plans, spell)
        ):
            # "Je joue N13 R2. Et au passage, pourriez-vous m'envoyer le classement ? On attaque
            # la troisième saison...": a line of sentences that is no command whole is read as
            # the lines of its sentences, with every rule between lines (corrections,
            # take-backs, a second move)
            _back_to(out, flags, before)
            if idx + 1 < len(todo) and _sentence_goes_on(raw, todo[idx + 1]):
                wrapped.add(sentences[-1])  # its last sentence goes on below
            todo[idx : idx + 1] = sentences
            continue
        for c in out.commands[n_cmd:]:
            where[id(c)] = idx
        for m in out.mention_moves[n_men:]:
            where[id(m)] = idx
        if flags != before[1]:
            flag_row = idx  # the last line that said RESIGN or CONFIRM
        idx += 1
    # the timeline of corrections reads each line as the moves were read ("N13 trois quarts de
    # tour dans le sens inverse" as "N13 R1")
    _last_word(
        out,
        [spell(x) for x in todo] if spell else todo,
        where,
        notation,
        parse_action,
        spell,
        todo,
    )
    _argument_corrected(out, todo, where)
    if plans and parse_action is not None:
        _undecided_later(out, todo, where, parse_action)
        _list_unread(out, todo, where, parse_action)
    if parse_action is not None:
        _refused_turn(out, todo)
    _leave_written_over_said(out)
    _once(out)
    _both_answers(out)
    _previewed_and_played(out, todo)
    _someone_proved_right(out, todo)
    _explained(out, notation)
    if parse_action is not None and not any(c.kind == "action" for c in out.commands):
        for x in lines[:MAX_LINES]:
            if unresolved(_SPACE_RUN.sub(" ", x), suggested or {}):
                out.errors.append((x, CommandError(_(_POINTED_UNSURE))))
                break
    if len(lines) > MAX_LINES:
        more = len(lines) - MAX_LINES
        out.ignored.append(
            ngettext(
                "(and %(num)d more line, not read)", "(and %(num)d more lines, not read)", more
            )
            % {"num": more}
        )
    if subject and not out.commands and not out.errors and not flags:
        _read_line(subject, out, flags, parse_action, is_move_form, notation, True, plans, spell)
    for cmd in vocabulary():
        settled = cmd.settle(frozenset(flags))
        if settled is not None:
            n_cmd = len(out.commands)
            _take(settled, cmd, "", out, flags, False)
            for c in out.commands[n_cmd:]:
                if flag_row >= 0:
                    # its line, so that the words below it can take it back ("RESIGN CONFIRM"
                    # / "no wait, forget that"; twelfth round: read as a resignation)
                    where[id(c)] = flag_row
    resign_alone(out)
    actions = [c for c in out.commands if c.kind == "action"]
    chosen = _marked_choice(actions, todo)
    if chosen is not None:
        # "    L10 R0" / "    L12 R2   <-- this one" / "    M8 R1": our examples copied, one
        # marked; the others are the list, not moves (issue 31, tenth round)
        for c in actions:
            if c is not chosen:
                out.commands.remove(c)
                out.ignored.append(c.line)
        actions = [chosen]
    for c in actions[1:]:
        out.errors.append(
            (
                c.line,
                CommandError(
                    _(
                        "Only one move per reply is read; send the next one after the board "
                        "comes back."
                    )
                ),
            )
        )
    later = _later_unread(out, actions, parse_action)
    for line in later:
        if line in out.ignored:  # (a syntax error's line is among the problems already)
            out.ignored.remove(line)
            out.mentions.append((line, _mention(notation, None, line)))
    # a queued move beside another move named and not read: perhaps its fallback on a condition
    # unread ("PROCHAIN N13 R2. Si Hélène ferme le jardin, P12 R1.", "... Ist Klaus schneller,
    # dann N13 R0."), never queued without it (nineteenth round)
    queued_beside = bool(out.mentions) and any(c.kind == "next" for c in out.commands)
    if (out.syntax_errors or out.mentions) and (
        out.errors or not out.commands or later or queued_beside
    ):
        # Problems (or nothing understood): every line that tried to be a command is a problem.
        out.errors.extend(out.syntax_errors)
        out.errors.extend(out.mentions)
    else:
        out.ignored.extend(line for line, _ in out.syntax_errors)
        out.ignored.extend(line for line, _ in out.mentions)
    # the player's last word counts: words after the last command that take it back (wt-24f)
    retraction.guard(out, todo, where, notation, parse_action, spell)
    if plans and parse_action is not None and not out.commands and not out.errors:
        # a legal slide named in prose that no reader took: asked back, never nothing at all
        # ("Je glisse BR à l'ouest et on verra bien ce que l'Est en pense"; nineteenth round)
        named = _slide_in_prose(out.ignored, parse_action)
        if named is not None and not any(_MOVE_LATER.search(x) for x in todo):
            out.errors.append((named, mentioned(named)))
    return out


_MOVE_LATER = re.compile(
    r"(?i)(?<![\w'’])(?:tomorrow|later|demain|plus\s+tard|domani|pi[uù]\s+tardi|morgen"
    r"|sp(?:ä|ae)ter)(?![\w'’])"
)
"""The player's move said to come later ("Ost hat RB nach Norden gezogen, clever. Mein Zug kommt
morgen."): a slide named in prose beside it is someone else's or a thought, no reply to ask."""
_SLIDE_WORDS_MAX = 4
"""The most words after an official's code that :func:`_slide_in_prose` reads as its slide ("BR
à l'ouest puis au nord")."""


def _slide_in_prose(lines: list[str], parse_action: Callable[[str], object]) -> str | None:
    """The first of ``lines`` (read as prose) where an official's code in capitals and the few
    words after it are a legal slide ("Je glisse BR à l'ouest et on verra bien", "KB S W"), or
    None."""
    for line in lines:
        toks = _tokens(line)
        for k, t in enumerate(toks):
            if not _OFFICIAL_CODE.fullmatch(t) or not t.isupper():
                continue
            for n in range(k + 2, min(len(toks), k + 1 + _SLIDE_WORDS_MAX) + 1):
                if _parsed(parse_action, " ".join(toks[k:n])) is not None:
                    return line
    return None


_MARK_THIS = (
    r"(?:this\s+one|that\s+one|mine|my\s+move|my\s+choice|chosen|celui-ci|celui-l[àa]|celui\s+l[àa]"
    r"|ce\s+coup-l[àa]|mon\s+coup|mon\s+choix|choisi|questa|questo|quella|quello|la\s+mia\s+mossa"
    r"|la\s+mia\s+scelta|scelta|diese[rns]?|den\s+hier|der\s+hier|mein\s+zug|meine\s+wahl|gew[äa]hlt)"
)
_MARKED = re.compile(
    r"(?i)^\s*(?:\[\s*[x✓✔]\s*\]|[✓✔☑✅]|[-=]+>|→|⇒)\s*(?P<a>[^<←⬅\[\]✓✔☑✅]+?)\s*$"
    r"|^\s*(?P<b>[^<←⬅\[\]✓✔☑✅]+?)\s*(?:\[\s*[x✓✔]\s*\]|[✓✔☑✅]|(?:<-+|<=+|←|⬅|<<)\s*"
    r"(?:[!.]*|" + _MARK_THIS + r"(?:\s*[!.]*)?(?:\s+(?:please|svp|stp|per\s+favore|bitte|merci"
    r"|grazie|danke|thanks))?[!.]*))\s*$"
)
"""A move marked in a copy of the list of our examples: a box ticked or a tick before or after
it, an arrow pointing at it, with at most "this one" ("L12 R2 <-- this one", "[x] M8 R1", "->
O13 R1", "M8 R2 ✓", "L12 R2 <- celui-ci", "L12 R2 <- questa", "L12 R2 <- diesen")."""


def _marked_choice(actions: list[Command], todo: list[str]) -> Command | None:
    """The one move marked in a copy of our list of examples (:data:`_MARKED`), when every other
    move of the reply is a line of that list as it was, a move alone, and the reply asks
    nothing; None otherwise."""
    if len(actions) < 2 or any("?" in x for x in todo):
        return None
    marked = []
    for c in actions:
        m = _MARKED.match(c.line)
        if (
            m is not None
            and (move := m["a"] or m["b"])
            and all(_code_like(t) for t in _tokens(move))
        ):
            marked.append(c)
    if len(marked) != 1:
        return None
    if not all(
        c in marked or (_tokens(c.line) and all(_code_like(t) for t in _tokens(c.line)))
        for c in actions
    ):
        return None
    return marked[0]


THEN_LEAD = frozenset(
    {"then", "afterwards", "puis", "ensuite", "après", "apres", "poi", "dopo", "quindi", "dann",
     "danach", "anschließend", "anschliessend", "nachher"}
)  # fmt: skip


def _later_unread(
    out: Reading, actions: list[Command], parse_action: Callable[[str], object] | None
) -> list[str]:
    """Beside a move read, a line or sentence that leads with "then" and names a move it does not
    read whole ("Sliding KB s. Then rb n e thanks", "... Then rb up and e thanks"): a plan's
    later part not read, so the reply is asked back, never played without it (issue 31, eighth
    round)."""
    if not actions or parse_action is None:
        return []
    lines = [line for line, _e in out.syntax_errors] + list(out.ignored)
    found: list[str] = []
    for line in lines:
        toks = _tokens(line)[: _MAX_SPAN + 2]
        low = [t.casefold() for t in toks]
        lead = 1 if low[:1] and low[0] in THEN_LEAD else 0
        if not lead and low[:1] and low[0] in _AND and low[1:2] and low[1] in THEN_LEAD:
            lead = 2
        if lead and _names_a_move(toks[lead:], parse_action):
            found.append(line)
    return found


def _names_a_move(toks: list[str], parse_action: Callable[[str], object]) -> bool:
    """Does a start of ``toks`` (two words or more) parse as a move, legal or not, as written or
    with its one-letter words in capitals ("bk e": the "e" the notation leaves to "and")?"""
    caps = [t.upper() if len(t) == 1 else t for t in toks]
    for words in (toks, caps) if caps != toks else (toks,):
        for b in range(2, min(len(words), _MAX_SPAN) + 1):
            try:
                parse_action(" ".join(words[:b]))
                return True
            except InvalidSyntax:
                continue
            except RuleError:  # a move, illegal now: it names one all the same
                return True
    return False


def _wrapped_on(above: str, line: str) -> bool:
    """Is ``line`` the rest of a sentence that the client wrapped at the end of ``above`` ("...
    Après avoir longuement étudié le" / "plateau, il me semble que ...", "... vous pouvez" /
    "m'aider ?")? The line above is long and stops without a sign, and this one starts in lower
    case (issue 31, eighth round)."""
    above = above.rstrip()
    if not (above[-1:].isalpha() and line[:1].isalpha() and line[:1].islower()):
        return False
    last = above.split()[-1].casefold()
    # not "... I hope we play again soon" / "history please": two sentences (requests.leads_on)
    return (len(above) >= _WRAPPED_AT and leads_on(last)) or last in _LEADS_ON_WORDS


def _sentence_goes_on(above: str, line: str) -> bool:
    """Does the last sentence of the long line ``above`` go on in ``line`` ("... my move is M13
    R1. The board" / "picture came through nicely")? ``line`` starts in lower case and asks for
    nothing by itself ("... again soon" / "history please" is a request of its own)."""
    above = above.rstrip()
    return (
        len(above) >= _WRAPPED_AT
        and above[-1:].isalpha()
        and line[:1].isalpha()
        and line[:1].islower()
        and not requested(line)
    )


_WRAPPED_AT = 50
"""The shortest line a client wraps a paragraph after (clients wrap at 66 to 80 characters)."""
_LEADS_ON_WORDS = frozenset(
    ("the", "a", "an", "of", "to", "and", "my", "your", "our", "this", "le", "la", "les", "de",
     "du", "des", "un", "une", "et", "à", "au", "aux", "mon", "ma", "mes", "ce", "cette", "il",
     "lo", "gli", "di", "del", "della", "dei", "e", "al", "alla", "mio", "mia", "un", "una",
     "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "und", "zu", "zum", "zur",
     "mit", "mein", "meine", "meinen", "dieses", "diese")
)  # fmt: skip
"""Words a sentence never ends on: a line that stops on one goes on below, however short."""


def _said_in_prose(out: Reading, n_cmd: int) -> bool:
    """Did the line just read give commands (no move) from its words in lower case, not from a
    command word in capitals?"""
    new = out.commands[n_cmd:]
    return bool(new) and all(c.kind != "action" and not _shouts_command(c.line) for c in new)


def _unfinished_dropped(out: Reading, n_cmd: int, raw: str) -> None:
    """The commands just read in words from the last sentence of ``raw``, whose end the client
    wrapped onto the next line, taken out (the line's move stays)."""
    last = _sentences(raw)[-1].strip() if _sentences(raw) else raw.strip()
    for c in out.commands[n_cmd:]:
        if c.kind != "action" and not _shouts_command(c.line) and c.line.strip() == last:
            out.commands.remove(c)
            out.ignored.append(c.line)


def _shouts_command(line: str) -> bool:
    return any(w.isupper() and vocabulary().lookup(w) is not None for w in _CAPITALS.findall(line))


_ENDS_IN_WORD = re.compile(r"[^\W\d_]$")
_ELIDED = re.compile(r"^(?:[^\W\d_]{1,2}['’])?([^\W\d_]+)(?![\w'’])")
"""A line's first word, after an elided pronoun or article ("m'aider ?", "l'aide")."""


def _wrapped_word(prev: str, line: str) -> bool:
    """Is ``line`` one a mail client hard-wrapped in the middle of the sentence of ``prev``, with
    a command word or a command's noun first, not in capitals ("...Après avoir longuement étudié
    le" / "plateau, il me semble que le jardin ..."; issue 31, the reader of requests in prose)?
    The line before is long and ends in a word that leads on to a noun (:func:`leads_on`: "le",
    "the updated", "vous pouvez"); the first word is in lower case (after an elided
    pronoun: "m'aider ?"), or is a noun after an article that ends the line before ("das" /
    "Brett, ehrlich gesagt ...")."""
    first = _ELIDED.match(line)
    if (
        first is None
        or len(prev) < 50
        or _ENDS_IN_WORD.search(prev.rstrip()) is None
        or first.group(1).isupper()
        or (vocabulary().lookup(first.group(1)) is None and not is_noun(first.group(1)))
    ):
        return False
    last = prev.split()[-1]
    if not leads_on(last):
        return False  # "... we play again soon" / "history please": two sentences
    return first.group(1)[:1].islower() or fold_word(last) in _ARTICLES


def _join_wrapped_words(lines: list[str]) -> list[str]:
    """The lines with each one hard-wrapped before a command's word or noun
    (:func:`_wrapped_word`) joined to the line before, so that the sentence is read whole, as
    it would be on one line: never BOARD for "... étudié le" / "plateau, il me semble ...";
    "... could you also send me the updated" / "standings please?" asks for STANDINGS beside
    the move; "... en N9 mais ..., vous pouvez" / "m'aider ?" asks back. A sentence is joined
    up to :data:`PROSE_MAX` characters (a hostile mail's lines stay lines)."""
    out: list[str] = []
    for line in lines:
        if out and len(out[-1]) + len(line) < PROSE_MAX and _wrapped_word(out[-1], line):
            out[-1] = f"{out[-1].rstrip()} {line.strip()}"
        else:
            out.append(line)
    return out


_POINTED_UNSURE = N_(
    "This line names a move by its place in a list of our mail, but which move it means cannot "
    "be told for certain; write the move itself on a line of its own."
)
"""A move named by its place in a list (:func:`pbem.commands.pointing.unresolved`) not read."""


_SENTENCE_END = re.compile(r"(?<=[.!?])(?<!\.\.)\s+(?=\S)")
"""Where a sentence ends inside a line (not after "...", which hesitates)."""


def _sentences(line: str) -> list[str]:
    """The sentences of a line of prose (one: the line itself); none of a long line."""
    if len(line) > PROSE_MAX:
        return [line]
    parts = [p for p in _SENTENCE_END.split(line.strip()) if p.strip()]
    return parts if 1 < len(parts) <= 8 else [line]


_PARAGRAPH_SENTENCES = 12
"""The most sentences a paragraph is read as (:func:`_paragraph_sentences`)."""


def _paragraph_sentences(line: str, coded: bool = False) -> list[str]:
    """The sentences of a paragraph too long to be searched for a move whole (more than
    :data:`MAX_PROSE_WORDS` words or :data:`PROSE_MAX` characters), when it has a few, each short
    enough to be read as a line, and one of them holds a square's shape (letters and figures);
    [] otherwise. ``coded``: the line, in a game of slides whose reading of it whole found
    nothing, names an official by its code in one sentence (:func:`_coded_once`); then a line of
    any length ("Oi Sarah, stop whinging, it's not my fault the dice hate you. BK east.";
    nineteenth round)."""
    if len(line) <= PROSE_MAX and len(_tokens(line)) <= MAX_PROSE_WORDS and not coded:
        return []
    if len(line) > _PARAGRAPH_SENTENCES * PROSE_MAX:
        return []
    parts = [p for p in _SENTENCE_END.split(line.strip()) if p.strip()]
    if not 1 < len(parts) <= _PARAGRAPH_SENTENCES or any(len(p) > PROSE_MAX for p in parts):
        return []
    if not coded and not any(_shaped([t]) for t in _tokens(line)):
        return []
    return parts


_OFFICIAL_CODE = re.compile(
    r"(?<![\w'’-])(?:[RYBGK]{2}|(?!by\s)[rybgk]{2}(?=\s+(?:[nesw]|[^\W\d_]{3,})(?![\w'’])))"
    r"(?![\w'’-])"
)
"""An official of Die Verbotene Stadt by its code: in capitals ("BK", "RB"), or in lower case
before a word or a direction's letter, not the English "by" ("kb south then west")."""


def _coded_once(line: str, spell: Callable[[str], str] | None) -> bool:
    """Does exactly one sentence of ``line`` name an official by its code (as the game spells
    it: "le bleu-noir" is BK)? Two name two slides or officials, one of them set aside or
    suggested ("Pourquoi pas BK vers l'est. BR vers l'ouest.": asked back)."""
    said = [
        p
        for p in _SENTENCE_END.split(line.strip())
        if _OFFICIAL_CODE.search(spell(p) if spell else p) is not None
    ]
    return len(said) == 1


def _corrected_after(line: str, move: str) -> bool:
    """Does a sentence after ``move`` in ``line`` correct it ("Gioco M13 R1. Anzi no.")?"""
    at = line.find(move)
    after = line[at + len(move) :] if at >= 0 else ""
    return re.match(r"\s*[.;!]+\s*\S", after) is not None and is_correction(after.lstrip(" .;!"))


_NEGATION_FIRST = re.compile(r"(?i)^\W*(?:not|no|non|nicht|nein|pas|never|jamais|mai|nie)\b")
"""A sentence before the move that starts by denying ("Not now.", "Nicht jetzt.")."""
_TOPIC = re.compile(
    r"(?i)^\W*(?:by\s+the\s+way|btw|also|au\s+fait|au\s+passage|d'ailleurs|par\s+ailleurs"
    r"|a\s+proposito|tra\s+l'altro|comunque|übrigens|uebrigens|apropos|nebenbei)(?![\w'’])"
)
"""A sentence that turns to another topic ("Übrigens, wann ist das nächste Clubtreffen?")."""


_APART: ContextVar[frozenset[tuple[str, ...]]] = ContextVar("_APART", default=frozenset())
"""The sentences being read apart (a line the reading joins again is not split again)."""


def _ambiguous_whole(text: str, parse_action: Callable[[str], object]) -> bool:
    """Does the game find ``text`` read whole ambiguous (a slide with its correction apart, "BK E
    N. Er, E S.")? Then its sentences are not read as lines of their own."""
    try:
        parse_action(text)
    except AmbiguousMove:
        return True
    except RuleError:
        return False
    return False


def _read_apart(
    sentences: list[str],
    parse_action: Callable[[str], object] | None,
    is_move_form: Callable[[str], bool] | None,
    notation: Callable[[object], str] | None,
    plans: bool,
    spell: Callable[[str], str] | None,
) -> bool:
    """May the sentences of a line that is no command whole be read as lines of their own? When,
    read so, they make commands and no problem; no sentence before the move denies anything
    but another move ("Not now. Then O8 R0" is no move; "Vous avez raison, Q99 n'existe pas.
    Alors L11 R0" is L11 R0); and every sentence that makes no command holds no figure, no
    question, no doubt and no correction ("O8 R0. I'd rather keep O8 for later"), and the one
    right after the move denies nothing ("Bob said M13 R1. I don't know.")."""
    from pbem.commands.vocabulary import doubts

    key = tuple(sentences)
    if key in _APART.get():
        return False  # joined again into the same line (a slide and its directions below)
    if parse_action is not None and _ambiguous_whole(" ".join(sentences), parse_action):
        return False  # "BK E N. Er, E S.": the game asks back on the line whole (ninth round)
    token = _APART.set(_APART.get() | {key})
    try:
        trial = read_commands(
            sentences, parse_action, is_move_form, notation=notation, plans=plans, spell=spell
        )
    finally:
        _APART.reset(token)
    if trial.errors or not trial.commands:
        return False
    said = {c.line for c in trial.commands}
    played = {c.line for c in trial.commands if c.kind == "action"}
    moves = [k for k, x in enumerate(sentences) if x in played]
    after_move = {k + 1 for k in moves}
    first = moves[0] if moves else len(sentences)
    for k, x in enumerate(sentences):
        if x in said:
            continue
        if k < first and (_NEGATION_FIRST.match(x) or doubts(x)):
            return False  # "Not now. Then O8 R0"
        aside = bool(moves) and (
            _question_aside(x)
            or (k in after_move and _no_regret(x))
            or (k > first and _asks_information(x))
        )
        if (
            k in after_move
            and not _TOPIC.match(x)
            and not aside
            and (denies(_tokens(x)) or doubts(x))
        ):
            return False  # "Bob said M13 R1. I don't know."
        if ("?" in x and not aside) or (
            k >= first
            and (
                any(ch.isdigit() for ch in x)
                # ("Übrigens, wann ist eigentlich", "Wie viele sind eigentlich noch übrig?")
                or (is_correction(x) and not _TOPIC.match(x) and not aside)
                or is_take_back(x)
            )
        ):
            return False
    return True


_ASIDE_NAME = re.compile(
    r"^\W*(?:(?i:ah|oh|and|et|e|und|btw|ps|p\.s\.)\W+)?(?P<first>[A-ZÀ-Ý][a-zà-ÿ]{1,20})\s*,\s*\S"
    r"|,\s*(?P<last>[A-ZÀ-Ý][a-zà-ÿ]{1,20})\s*[?!.]*\s*$"
)
"""A sentence addressed to someone by name, at its start or at its end ("Ah, Giorgio, sabato ci
sei al circolo?", "How was everyone's weekend, Sue?")."""
_MEETING = re.compile(
    r"(?i)(?<![\w'’])(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend"
    r"|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|week-end|luned[ìi]|marted[ìi]"
    r"|mercoled[ìi]|gioved[ìi]|venerd[ìi]|sabato|domenica|fine\s+settimana|montag|dienstag"
    r"|mittwoch|donnerstag|freitag|samstag|sonntag|wochenende|club|circolo|verein|clubabend"
    r"|spieleabend|stammtisch)(?![\w'’])"
)
"""A day of the week, the weekend or the club: a question of when the players meet ("On se voit
jeudi au club ?", "Ci vediamo sabato?"), not of the move."""
_OF_THE_MOVE = re.compile(
    r"(?i)(?<![\w'’])(?:it|that|this|these|those|ok|okay|fine|good|right|legal|allowed|possible"
    r"|correct|valid|works?|think|ça|ca|cela|ceci|bon|bonne|bien|permis|autoris[ée]e?|l[ée]gale?"
    r"|juste|valable|marche|passe|d'accord|pensez|penses|trouves|trouvez|feriez|ferais|questo"
    r"|questa|quello|quella|ciò|cio|così|cosi|bene|giust[oa]|possibile|permess[oa]|valid[oa]"
    r"|corrett[oa]|funziona|dici|dite|pensi|pensate|faresti|fareste|lo|dies|davon|dazu|damit|so"
    r"|gut|richtig|erlaubt|m[öo]glich|geht|klappt|passt|stimmt|korrekt|g[üu]ltig|meinst|meint"
    r"|findest|findet|würdest|würdet|not|n't|no|ne|pas|non|nicht|kein\w*|nie|never|jamais|mai"
    r"|secondo|selon|avis|opinion|meinung|reckon|chang\w*|cambi\w*|änder\w*|aender\w*|move|moves"
    r"|coup|coups|mossa|mosse|zug|züge|zuege|tile|tuile|tessera|pl[äa]ttchen|square|case|casella"
    r"|feld|slide|glissade|official|fonctionnaire|funzionario|beamte\w*)"
    r"(?![\w'’])"
)
"""Words of a question that may be about the move beside it: a pronoun that points back at it,
a verdict asked for ("ok", "légal", "giusto", "erlaubt"), an opinion asked, a negation."""


def _names_official(tokens: list[str]) -> bool:
    """Does one of ``tokens`` name an official by its code, in capitals ("BK") or before a
    direction ("rb nord"), not the English "by" of a question ("By the way, ...")?"""
    return any(
        _OFFICIAL_CODE.fullmatch(t)
        and (t.isupper() or (k + 1 < len(tokens) and tokens[k + 1].casefold() in _WAY_WORDS))
        for k, t in enumerate(tokens)
    )


def _question_aside(sentence: str) -> bool:
    """Is ``sentence``, beside a move in a line of sentences, a question to someone by name or on
    another topic (:data:`_TOPIC`) that can be no question about the move: no figure, no code,
    no word of the move (:data:`_ABOUT_THE_MOVE`, :data:`_OF_THE_MOVE`), no doubt, correction or
    take-back ("Metto in L10 R2. Marco, venerdì vieni al circolo?", "Übrigens, hat jemand Lust
    auf ne Partie am echten Brett?"; issue 31, fourteenth round)? Not "Paul, c'est possible ça
    ?", "Au fait, c'est bien légal ?", "Jana, wäre BR W S besser?"."""

    if "?" not in sentence or not (
        _TOPIC.match(sentence) or _ASIDE_NAME.search(sentence) or _MEETING.search(sentence)
    ):
        return False
    m = _ASIDE_NAME.search(sentence)
    name = (m["first"] or m["last"]) if m else ""
    return not (name and is_known_word(name)) and _asks_nothing_of_move(sentence)


_INFORMATION = re.compile(
    r"(?i)(?<![\w'’])(?:how\s+(?:many|much|long|often)|when|where|who|whose|what\s+time"
    r"|combien|quand|où|(?<!ce\s)qui|[àa]\s+quelle\s+heure|quant[oaie]|quando|dove|chi|a\s+che\s+ora"
    r"|wie\s+(?:viele?|lange|oft)|wann|wo|wer|um\s+wie\s+viel\s+uhr)(?![\w'’])"
)
"""The words of a question that asks for a fact (how many, when, where, who), in the four
languages: beside a move said before it, such a question asks nothing of the move ("Je joue M13
R1. Il reste combien de tuiles dans le sac ?"; issue 31, fifteenth round)."""
_COUNTED = re.compile(
    r"(?i)(?<=many|much|bien|anto|anta|anti|ante|viel|iele)\s+(?:(?:de|d['’]|di|of)\s*)?"
    r"[^\W\d_]+"
)
"""The thing counted after "how many", "combien de", "quante", "wie viele" ("tuiles",
"Plättchen"): what is counted, not a word of the move."""
_PARTICLES = re.compile(
    r"(?i)(?<![\w'’])(?:eigentlich|actually|en\s+fait|in\s+realt[àa]"
    r"|(?:alla|la|della|a|in)\s+fine)(?![\w'’])"
)
"""In a question for a fact, a particle ("Wie viele sind eigentlich noch übrig?") is no
correction, and the Italian end ("alla fine della partita") no verdict "fine"."""


def _asks_information(sentence: str) -> bool:
    """Is ``sentence``, after the move in a line of sentences, a question that asks for a fact
    (:data:`_INFORMATION`: "how many tiles are left?", "Quanto manca alla fine della partita?",
    "Wann ist die Partie zu Ende?"), with no name, no by-the-way word and no meeting word,
    that asks nothing of the move (:func:`_asks_nothing_of_move`, the thing counted aside)?
    Not "M13 R1, ça ferme la salle ?" (one sentence), "Combien de points ça me rapporte ?"
    (a pronoun of the move), "Quand est-ce que je peux jouer R2 ?" (a figure)."""
    if not sentence.rstrip().endswith("?") or sentence.count("?") != 1:
        return False
    if _INFORMATION.search(sentence) is None or _RECONSIDER.search(sentence):
        return False
    tokens = _tokens(sentence)
    if any(
        t.casefold() in ("das", "es") and not (k + 1 < len(tokens) and tokens[k + 1][:1].isupper())
        for k, t in enumerate(tokens)
    ):
        return False  # "Wie viele Punkte bringt das?": the German pronoun of the move
    return _asks_nothing_of_move(_PARTICLES.sub(" ", _COUNTED.sub(" ", sentence)))


_RECONSIDER = re.compile(
    r"(?i)(?<![\w'’])(?:reconsider\w*|rethink\w*|mind|else|otherwise|instead|r[ée]fl[ée]chi\w*"
    r"|avis|sinon|autrement|ripens\w*|idea|altrimenti|(?:ü|ue)berleg\w*|anders|sonst)(?![\w'’])"
)
"""Words of a player still weighing the move ("how long do I have to change my mind?", "Wie
lange habe ich noch, es mir anders zu überlegen?"): a question with them asks of the move."""


_NO_REGRET = re.compile(
    r"(?i)^\W*(?:(?:and|et|e|und|ma|but|mais|aber)\s+)?(?:i\s+)?(?:hope|hopefully|j['’]esp[èe]re"
    r"|esp[ée]rons|spero|speriamo|ich\s+hoffe|hoffe|hoffentlich)(?![\w'’])[^?]*(?<![\w'’])"
    r"(?:regret\w*|rue|pentir\w*|pentirò|pentiro|rimpiang\w*|bereu\w*)(?![\w'’])"
    r"(?:\s+(?:it|this|that|later|ich|es|das|dies|nicht|sp[äa]ter|plus\s+tard|dopo))*"
    r"(?:\s+(?:come|comme|like|as|wie)(?:\s+[^\s?]+){1,3})?[\s.!…]*$"
)
"""A hope not to regret the move, after it ("Spero di non pentirmene", "J'espère ne pas le
regretter", "Hope I don't regret it", "Hoffentlich bereue ich das nicht"): the move stands."""


def _no_regret(sentence: str) -> bool:
    """Is ``sentence`` only a hope not to regret the move before it (:data:`_NO_REGRET`; issue 31,
    fourteenth round), with no figure, code, correction or take-back?"""
    return (
        _NO_REGRET.match(sentence) is not None
        and not any(ch.isdigit() for ch in sentence)
        and not _OFFICIAL_CODE.search(sentence)
        and not is_take_back(sentence)
    )


def _asks_nothing_of_move(sentence: str) -> bool:
    """Can the question ``sentence`` be no question about a move beside it (no figure, no code,
    no word of the move, no doubt, correction or take-back)? See :func:`_question_aside`."""
    from pbem.commands.vocabulary import doubts

    return (
        not any(ch.isdigit() for ch in sentence)
        and not any(_code_like(t) for t in _tokens(sentence))
        and not _names_official(_tokens(sentence))
        # ("Spieleabend" is the club's evening, no "spielen")
        and not _ABOUT_THE_MOVE.search(_MEETING.sub(" ", sentence))
        and not _OF_THE_MOVE.search(sentence)
        and not doubts(sentence)
        and not is_take_back(sentence)
        and not (is_correction(sentence) and not _TOPIC.match(sentence))
    )


def _problems(out: Reading) -> int:
    return len(out.errors) + len(out.mentions) + len(out.syntax_errors)


def _problems_at(mark: tuple[tuple[int, ...], frozenset[str]]) -> int:
    counts = mark[0]
    return counts[1] + counts[3] + counts[5]


def _mark(out: Reading, flags: set[str]) -> tuple[tuple[int, ...], frozenset[str]]:
    """Where the reading stands (to read a line again another way: :func:`_back_to`)."""
    return tuple(len(x) for x in _lists(out)), frozenset(flags)


def _lists(out: Reading) -> tuple[list[Any], ...]:
    return (out.commands, out.errors, out.ignored, out.syntax_errors, out.courtesy,
            out.mentions, out.mention_moves)  # fmt: skip


def _back_to(out: Reading, flags: set[str], mark: tuple[tuple[int, ...], frozenset[str]]) -> None:
    for lst, n in zip(_lists(out), mark[0], strict=True):
        del lst[n:]
    flags.clear()
    flags.update(mark[1])


_NOT_CORRECTED = frozenset({"action", "say", "next", "preview"})
"""Commands whose correction on the next line is read elsewhere (a move, a queued move, a preview:
:func:`_last_word`) or is itself a command (SAY)."""


def _argument_corrected(out: Reading, todo: list[str], where: dict[int, int]) -> None:
    """The player's last word counts for a command's argument too (sixth round: "vacanza 10
    giorni" / "anzi no, facciamo 5 giorni" took 10 days): a line right below a command with an
    argument that corrects or takes it back, and is read as nothing itself, gives the argument
    it names instead ("5 giorni": VACATION 5 days), or stops the command and asks back."""
    lines_read = {where[id(c)] for c in out.commands if id(c) in where}
    for c in list(out.commands):
        if c.kind in _NOT_CORRECTED or not c.arg or c.from_subject or id(c) not in where:
            continue
        cmd = vocabulary().commands.get(c.kind)
        below = next((k for k in range(where[id(c)] + 1, len(todo)) if todo[k].strip()), None)
        if cmd is None or below is None or below in lines_read:
            continue
        line = todo[below]
        if not (is_correction(line) or is_take_back(line)):
            continue
        arg = _corrected_to(cmd, line)
        if arg is None and not _corrects(line):
            continue  # "VACATION 5d" / "No idea if the hotel has wifi", "sorry for the hold-up"
        at = out.commands.index(c)
        out.commands.remove(c)
        if arg is not None:
            out.commands.insert(at, replace(c, arg=arg, line=line))
            if line in out.ignored:
                out.ignored.remove(line)
            continue
        out.errors.append(
            (
                line,
                CommandError(
                    _(
                        "This line corrects the command above it (%(command)s), but what it "
                        "says instead could not be read, so nothing was done. Send the command "
                        "you mean on a line of its own."
                    )
                    % {"command": c.line.strip()}
                ),
            )
        )


def _corrects(line: str) -> bool:
    """Does ``line`` take back or correct what is above it, more than by a leading "no" ("No idea
    if ...") or an apology ("Family visit, sorry for the hold-up", "(désolé)")?"""
    return is_take_back(line) or (
        is_correction(_LEADING_NO.sub("", line)) and _CHANGED.search(line) is not None
    )


_CHANGED = re.compile(
    r"(?i)(?<![\w'’])(?:anzi|wait|aspett\w*|attend\w*|warte|moment|meant|mean|volevo|voulais"
    r"|meinte|korrektur|correction|correzione|actually|en\s+fait|plut[ôo]t|rather|lieber|invece"
    r"|instead|stattdessen|oops|oups|ops|hoppla|i\s+mean|cio[èe]|doch|quatsch|not\s+that"
    r"|pas\s+[çc]a|non\s+quell[oa]|nicht\s+das)(?![\w'’])"
)
"""Words that change what was written, beyond an apology."""


_LEADING_NO = re.compile(r"(?i)^\W*(?:no+|non|nein|nope|nah|nee)\b\W*")


def _corrected_to(cmd: Spoken, line: str) -> str | None:
    """The argument of ``cmd`` that a correcting ``line`` names after its words of correction
    ("anzi no, facciamo 5 giorni": "5 giorni"), when the command is sure of it; None otherwise
    (a question, a doubt, nothing readable)."""
    from pbem.commands.vocabulary import doubts

    if "?" in line or doubts(line):
        return None
    toks = line.split()
    for k in range(1, len(toks)):
        head, rest = " ".join(toks[:k]), " ".join(toks[k:]).strip(" .!")
        if any(ch.isdigit() for ch in head) or not is_correction(head):
            continue
        heard = cmd.hear(Said(line, rest, strip_please(rest)))
        if heard is not None and heard.error is None and heard.arg and cmd.sure(heard.arg):
            return heard.arg
    return None


_IF_WORDS = frozenset({"if", "si", "se", "wenn", "falls", "sofern", "provided"})


def _condition_of_next(raw: str, out: Reading, above: list[str]) -> bool:
    """A line right below a NEXT that only says it holds if the move is still possible then
    ("NÄCHSTER KB S" / "falls das dann noch geht", "if it's still free by then"; issue 31): a
    queued move is checked when its turn comes, so the condition is NEXT's own. A line with a
    code, a question or a word that denies is read as always."""
    if not out.commands or out.commands[-1].kind != "next" or out.commands[-1].line not in above:
        return False
    toks = [t.casefold() for t in _tokens(raw)]
    return (
        len(toks) >= 2
        and toks[0] in _IF_WORDS
        and "?" not in raw
        and not any(_code_like(t) for t in _tokens(raw))
        and not denies(toks[1:])
        and _IMPOSSIBLE.search(raw) is not None
    )


_CONTRAST = re.compile(
    r"(?<![\w'’])(?:instead|though|however|invece|però|pero|par\s+contre|en\s+revanche"
    r"|cependant|stattdessen|dagegen|hingegen|jedoch)(?![\w'’])\s*,?",
    re.I,
)
"""Words that set this turn against a standing order ("Per questo turno invece BK verso est")."""


def _after_standing(raw: str, out: Reading) -> str:
    """A line after a standing order of the same reply, before any move, without the word that
    sets this turn against the order ("ORDINE DICHIARAZIONE CREDERE" then "Per questo turno
    invece BK verso est"; issue 31): the move is no correction there."""
    if (
        any(c.kind == "standing" for c in out.commands)
        and not any(c.kind == "action" for c in out.commands)
        and not out.mention_moves
        and _CONTRAST.search(raw)
    ):
        return " ".join(_CONTRAST.sub(" ", raw).split())
    return raw


def _explained(out: Reading, notation: Callable[[object], str] | None) -> None:
    """A move found in prose that only explains a PREVIEW or a NEXT of the same move ("Je
    voudrais voir ce que donne M13 R1 :" above "APERÇU M13 R1") is no move of the reply: it is
    never played (issue 31)."""
    asked = {
        " ".join(part.upper().split())
        for c in out.commands
        if c.kind in ("preview", "next")
        for alt in else_parts(c.arg)
        for part in plan_parts(alt)
    }
    if not asked or notation is None:
        return
    for c in [c for c in out.commands if c.kind == "action" and c.read_as]:
        if " ".join(notation(c.action).upper().split()) in asked:
            out.commands.remove(c)
            out.ignored.append(c.line)
    # A line of prose naming only the queued or previewed moves ("wenn ich wieder dran bin,
    # bitte L12 R2, und falls das nicht mehr geht, M13 R2:" above "NAECHSTER L12 R2 SONST M13
    # R2") explains them: it is no problem of the reply.
    codes = {t for a in asked for t in a.split()}
    for found in (out.errors, out.mentions):
        for line, err in list(found):
            named = [t.upper() for t in _tokens(line) if _moved(t)]
            if isinstance(err, CommandError) and named and set(named) <= codes:
                found.remove((line, err))
                out.ignored.append(line)


_ALWAYS = (
    r"(?:always|toujours|sempre|immer|automatically|automatiquement|automaticamente|automatisch"
    r"|systematically|systématiquement|systematiquement|sistematicamente|grundsätzlich|stets"
    r"|every\s+time|each\s+time|à\s+chaque\s+fois|a\s+chaque\s+fois|chaque\s+fois|ogni\s+volta"
    r"|jedes\s+mal|d['’]office|di\s+default|par\s+d[ée]faut|by\s+default)"
)
_FROM_NOW_ON = (
    r"(?:from\s+now\s+on|in\s+(?:the\s+)?future|pour\s+la\s+suite|d[ée]sormais"
    r"|dor[ée]navant|[àa]\s+l['’]avenir|d['’]ora\s+in\s+(?:poi|avanti)|da\s+ora\s+in\s+poi|ab\s+jetzt"
    r"|von\s+nun\s+an|k(?:ü|ue)nftig|in\s+zukunft"
    # (issue 31, ninth round, wt-28: the closed class of "from now on" in the four languages)
    r"|going\s+forward|henceforth|from\s+here\s+on|for\s+(?:the\s+)?future(?:\s+\w+)?"
    r"|for\s+all\s+future\s+\w+|next\s+times|[àa]\s+partir\s+de\s+maintenant"
    r"|(?:pour\s+)?les\s+prochaines\s+fois|(?:pour\s+)?les\s+fois\s+suivantes"
    r"|da\s+adesso\s+in\s+poi|d['’]ora\s+innanzi|in\s+futuro|per\s+il\s+futuro"
    r"|(?:per\s+)?le\s+prossime\s+volte|ab\s+sofort|zuk(?:ü|ue)nftig|fortan|ab\s+heute"
    r"|die\s+n(?:ä|ae)chsten\s+male|(?:f(?:ü|ue)r\s+)?(?:die\s+)?zukunft"
    # "for the next claims", "pour les prochaines annonces", "per le prossime dichiarazioni"
    r"|(?:for|pour|per|f(?:ü|ue)r|bei)\s+(?:the\s+|les\s+|le\s+|die\s+|den\s+)?(?:next|future"
    r"|coming|prochaines|futures|prossime|future|n(?:ä|ae)chsten|zuk(?:ü|ue)nftigen|kommenden)"
    r"\s+(?:claims?|annonces|d[ée]clarations|dichiarazioni|behauptungen|reselections?"
    r"|res[ée]lections|decisions?|d[ée]cisions|decisioni|entscheidungen|times|fois|volte|male))"
)
_FROM_NOW_ON_ORDER = re.compile(
    r"(?i)^\W*(?:(?:and|et|e|und|but|mais|ma|aber|also|aussi|anche|auch|par\s+contre|however"
    r"|though|però|pero|invece|jedoch|allerdings|sonst)\s*,?\s+)*"
    + _FROM_NOW_ON
    + r"(?:\s+(?:aussi|also|too|anche|auch|as\s+well))?\s*[,:]?\s+(?P<rest>.*(?<![\w'’])"
    + _ALWAYS
    + r"(?![\w'’]).*)$"
    # the same with "from now on" at its end ("And please keep it automatically from now on")
    r"|^\W*(?:(?:and|et|e|und|but|mais|ma|aber|also|aussi|anche|auch)\s*,?\s+)*"
    r"(?P<rest2>[^,;:]*(?<![\w'’])"
    + _ALWAYS
    + r"(?![\w'’])[^,;:]*?)\s*,?\s+"
    + _FROM_NOW_ON
    + r"(?:\s+(?:aussi|also|too|anche|auch|as\s+well))?[\s.!]*$"
)
_ORDER_FILLER = re.compile(
    r"(?i)(?<![\w'’])(?:[àa]\s+ma\s+place|pour\s+moi|for\s+me|per\s+me|f(?:ü|ue)r\s+mich"
    r"|sans\s+me\s+(?:demander|consulter)|without\s+asking(?:\s+me)?|senza\s+chiedermelo"
    r"|senza\s+chiedermi(?:\s+niente|\s+nulla)?|ohne\s+(?:mich\s+zu\s+fragen|r(?:ü|ue)ckfrage|nachzufragen)"
    r"|just|simply|aussi|also|too|anche|auch|bitte|please|svp|s['’]il\s+vous\s+pla[îi]t"
    r"|per\s+favore|them|(?:toutes\s+)?les\s+annonces|(?:toutes\s+)?les\s+d[ée]clarations"
    r"|(?:all\s+|every\s+|the\s+|future\s+)*claims?|(?:alle\s+)?behauptungen|(?:tutte\s+)?le\s+dichiarazioni)"
    r"(?![\w'’])|(?<=\w)-(?:le|la|les|lo)(?![\w'’])"
)
_AUTOMATIC = re.compile(
    r"(?i)(?<![\w'’])(?:automatically|automatiquement|automaticamente|automatisch|systematically"
    r"|systématiquement|systematiquement|sistematicamente|grundsätzlich|stets)(?![\w'’])"
)
"""Words of a standing order in prose that name nothing the order needs ("croyez toujours les
annonces à ma place", "immer glauben, ohne mich zu fragen", "just believe them automatically",
"gardez-le automatiquement"): left out before the order is read (issue 31, ninth round)."""
"""A standing order in words after "from now on", with "always" ("Et pour la suite, croyez
toujours pour moi"; issue 31): read as STANDING when its words are whole orders."""

_LEADS_ON = re.compile(
    r"[,;]?\s*(?i:so|donc|alors|also|quindi|allora|dann|thus)\s*[.!:]?\s*$|\b[A-Z]{4,}\b"
)
"""A line of "from now on ..." that leads on to the command written after it ("And from now on
always doubt, so STANDING CLAIM DOUBT"): that command is the order, read once."""

_SAID_TWICE = frozenset({"next", "vacation", "lang", "standing", "propose", "back"})
"""Commands that change something but are one when said twice alike ("I'll be away until
December 5th. VACATION until December 5")."""


def _once(out: Reading) -> None:
    """A command that changes nothing, asked for twice in one reply ("Could I see my
    statistics?" and then "STATS"), is one command, and so is the same move queued twice (said
    in prose, then as NEXT; issue 31)."""
    seen: set[tuple[str, str]] = set()
    keep = []
    for c in out.commands:
        cmd = vocabulary().commands.get(c.kind)
        key = (c.kind, cmd.same_as(c.arg) if cmd is not None else c.arg)
        once = not getattr(cmd, "changes_game", True) or c.kind in _SAID_TWICE
        if c.kind != "action" and once and key in seen:
            continue
        seen.add(key)
        keep.append(c)
    out.commands[:] = keep


def _leave_written_over_said(out: Reading) -> None:
    """A leave announced in prose (:func:`requests.leave_announced`: "parto domani per le ferie
    e torno l'8 dicembre") beside VACATION written as a command on a line of its own
    ("VACANZA fino al 7 dicembre") is that command's leave: the written one is read (issue 31,
    sixteenth round)."""
    leaves = [c for c in out.commands if c.kind == "vacation"]
    if len(leaves) < 2:
        return
    written = [c for c in leaves if _written_leave(c.line)]
    if len(written) != 1:
        return
    for c in leaves:
        if c is not written[0] and leave_announced(c.line):
            out.commands.remove(c)


def _written_leave(line: str) -> bool:
    """Does ``line`` start with VACATION's word ("VACANZA fino al 7 dicembre")?"""
    first = _WORD.match(line)
    cmd = vocabulary().lookup(first.group(1)) if first is not None else None
    return cmd is not None and cmd.kind == "vacation"


_BOTH_ANSWERS = N_(
    "This reply both accepts and declines the proposal; write ACCEPT or DECLINE alone."
)


def _both_answers(out: Reading) -> None:
    """ACCEPT and DECLINE in one reply ("I accept. I decline."; eighth round): neither is carried
    out, the reply asks back."""
    answers = [c for c in out.commands if c.kind in ("accept", "decline")]
    if len({c.kind for c in answers}) < 2:
        return
    for c in answers:
        out.commands.remove(c)
    out.errors.append((answers[-1].line, CommandError(_(_BOTH_ANSWERS))))


_PREVIEWED_AND_PLAYED = N_(
    "This reply asks for a preview of a move and says you play it; write the move alone to play"
    " it, or PREVIEW with the move alone to see it first."
)


_PLAY_SENTENCE = re.compile(r"[^.?!;]+[.?!;]*")


def _previewed_and_played(out: Reading, todo: list[str]) -> None:
    """A PREVIEW beside a sentence that plays the move ("Can I see a preview of M13 R2? I'll
    play it anyway.", "ANTEPRIMA M13 R2 - la gioco lo stesso"; issue 31, ninth round), or asked
    in words beside a move read: a preview and a play, so neither is carried out, the reply asks
    back."""
    previews = [c for c in out.commands if c.kind == "preview"]
    said = {c.line for c in out.commands} - {c.line for c in previews}
    clauses = [y for x in todo if x not in said for y in _PLAY_SENTENCE.findall(x)]
    # a preview asked in words and a move played ("Zeigt mir bitte erst, wo KB S landen würde?
    # Ach was, ich ziehe BR W."; eighteenth round): neither, asked back (a move and the command
    # PREVIEW are both carried out: "M13 R1" above "PREVIEW P10 R3")
    heads = [_command_head(c.line)[0] for c in previews]
    in_words = any(h is None or h.kind != "preview" for h in heads)
    played = in_words and any(c.kind == "action" for c in out.commands)
    if not previews or not (played or any(plays_anyway(x) for x in clauses)):
        return
    for c in previews:
        out.commands.remove(c)
    out.errors.append((previews[-1].line, CommandError(_(_PREVIEWED_AND_PLAYED))))


_PROVED_RIGHT = re.compile(
    r"(?i)(?<![\w'’])(?:(?:is|was|'s)\s+right|you['’]re\s+right|a\s+raison|avait\s+raison"
    r"|as\s+raison|avez\s+raison|ha\s+ragione|aveva\s+ragione|hai\s+ragione|avete\s+ragione"
    r"|(?:hat|hatte|hast|habt|haben)\s+(?:[\w'’]+\s+){0,2}recht)(?![\w'’])"
)


def _someone_proved_right(out: Reading, todo: list[str]) -> None:
    """A move read beside another move someone else named, then that person said right after
    it ("Tom says M13 R2 is better. But I play L12 R0. Hmm, actually Tom is right.", "... eigentlich
    hat Tom recht"; nineteenth round: L12 R0 was played): the player's last word takes the other
    move up, so the line is asked back, nothing played."""
    for c in [c for c in out.commands if c.kind == "action"]:
        line = c.line
        right = _PROVED_RIGHT.search(line)
        if right is None:
            continue
        before = {" ".join(m.split()).upper() for m in MOVE_NAMED.findall(line[: right.start()])}
        if len(before) < 2:
            continue  # "L12 R0. You're right, Tom, the garden was a trap."
        out.commands.remove(c)
        shown = ", ".join(sorted(before))
        out.errors.append((line, CommandError(_(_MORE_THAN_ONE) % {"moves": shown})))


def _command_head(line: str) -> tuple[Spoken | None, str]:
    """The command whose word starts the line (None: no command word) and the rest. An article
    or a courtesy word before a command word is passed over ("Le plateau", "Please HELP", "Bitte
    Hilfe"); an article only before the commands that take one (:attr:`Spoken.after_article`)."""
    vocab = vocabulary()
    w = _WORD.match(line)
    if not w:
        return None, ""
    cmd, rest = vocab.lookup(w.group(1)), w.group(2).strip()
    if cmd is not None:
        return cmd, rest
    lead = strip_please(line)
    if lead and lead != line.strip(" .!?"):
        w2 = _WORD.match(lead)
        if w2 and (cmd := vocab.lookup(w2.group(1))) is not None:
            return cmd, w2.group(2).strip()
    after = w
    for _k in range(2):
        if fold_word(after.group(1)) not in _ARTICLES:
            break
        w2 = _WORD.match(after.group(2).strip())
        if w2 is None:
            break
        if (cmd := vocab.lookup(w2.group(1))) is not None and cmd.after_article:
            return cmd, w2.group(2).strip()
        after = w2
    return None, rest


_SHOUTED = re.compile(r"(?:[:?!.,]|\s[-–—])\s+([^\W\d_]{3,})\b[ \t]?[:.!?]?\s*(.*)$")


_PURPOSE = re.compile(
    r"(?<![\w'’])(?:damit|sodass|so\s+dass|so\s+that|in\s+order|afin\s+(?:que|de)|pour\s+que"
    r"|pour\s+ne|affinch[eé]|in\s+modo\s+(?:che|da)|cosicch[eé]|um\s+nicht)(?![\w'’])",
    re.I,
)
"""A clause of purpose, whose negation denies no command after it ("Und damit ihr mich nicht
jedes Mal fragt: STANDING RESELECT KEEP", "so that you don't have to ask: STANDING CLAIM
DOUBT"; issue 31)."""


def _denies_command(before: list[str]) -> bool:
    """Does the prose before a command word deny it? A possessive there is someone's place or
    thing ("Away at my sister's this weekend. VACATION ..."), not someone else's command."""
    return denies([t for t in before if not re.search(r"[’']s$", t, re.I)])


def _for_a_purpose(before: str) -> bool:
    """Is the only denial before a command word that of a clause of purpose, or of a reason
    that starts the line up to its comma ("Visto che la sera non riesco mai a rispondere,
    credete pure ... : ORDINE DICHIARAZIONE CREDERE"; issue 31)?"""
    m = _PURPOSE.search(before)
    if m is not None and not denies(_tokens(before[: m.start()])):
        return True
    r = _REASON.match(before)
    return (
        r is not None
        and "," in before[r.end() :]
        and not denies(_tokens(before[r.end() :].split(",", 1)[1]))
    )


_REASON = re.compile(
    r"(?i)^\W*(?:(?:and|et|e|und)\s+)?(?:since|because|as|visto\s+che|dato\s+che|siccome|poich[ée]"
    r"|perch[ée]|puisque|comme|parce\s+que|vu\s+que|[ée]tant\s+donn[ée]\s+que|da|weil|nachdem"
    # a purpose (tenth round: "Pour ne pas bloquer la partie quand je ne suis pas là, mettez-moi
    # une consigne : ...", "So that you don't have to ask me, ...", "Damit ihr nicht fragen müsst")
    r"|pour\s+ne\s+pas|pour\s+que|afin\s+de|afin\s+que|so\s+that|so\s+as\s+not\s+to|to\s+avoid"
    r"|in\s+order\s+(?:not\s+)?to|per\s+non|per\s+evitare|affinch[ée]|cos[iì]\s+che|damit|um\s+nicht)"
    r"(?![\w'’])"
)


_IF = frozenset({"if", "si", "s'il", "se", "wenn", "falls", "qualora", "case", "cas", "caso"})
"""The words of a condition ("if", "in case"), which a queued move's lead-in may hold."""


_LEAD_TO_COLON = frozenset(
    re.split(
        r"\s+",
        """please set make put add new a an my un une nouvelle nouveau ma mon mettez mets mettre
        metti imposta impostate nuovo nuova una mio mia setze setzt setzen bitte ein eine neue
        neuen mein meine order permanent permanente fisso fissa dauerhaft svp merci thanks grazie
        danke voici here's here is ecco hier ist einen neuer neues meinen and et e und also
        aussi anche auch als as comme come mettez-moi mettetemi give donnez-moi datemi geben
        gebt for me pour moi per mich fuer für hi hello hey bonjour salut ciao salve hallo
        moin servus""".strip(),
    )
)
"""Words around a command's name before a colon ("Please set a standing order: ...")."""


_NAMED_WITH_ARGUMENT = frozenset({"standing", "vacation", "lang", "say", "preview", "next"})
"""The commands read so: those whose argument says what they do (never RESIGN or a vote)."""


_ORDER_TO = re.compile(
    r"(?i)(?P<noun>standing\s+order|consigne(?:\s+permanente)?|ordine(?:\s+(?:fisso|permanente))?)"
    r"\s+(?P<to>to|de|d['’]|di)\s*(?=\S)"
)
"""A standing order named, then what it says after "to" ("set a standing order to always believe
claims", "mettez une consigne de toujours douter", "un ordine di credere sempre")."""


def _named_before_colon(line: str) -> tuple[Spoken | None, str]:
    """A command named in words before a colon, with its argument after it ("Please set a
    standing order: always believe claims", "Voici ma consigne : je doute toujours"; issue 31):
    the head holds the command's word (any case) and only words that lead to it."""
    head, sep, tail = line.partition(":")
    if not sep and (m := _ORDER_TO.search(line)) is not None:
        # "And please set a standing order to always believe claims" (issue 31)
        head, sep, tail = line[: m.end("noun")], m["to"], line[m.end() :]
    if not sep or not tail.strip():
        return None, ""
    if (r := _REASON.match(head)) is not None and "," in head[r.end() :]:
        head = head[r.end() :].split(",", 1)[1]  # "Comme je ne suis jamais là le soir, mettez-moi"
    words = [w.strip(".,!?").casefold() for w in head.split()]
    found = [c for w in words if w and (c := vocabulary().lookup(w)) is not None]
    if len(found) != 1 or found[0].kind not in _NAMED_WITH_ARGUMENT:
        return None, ""
    if not all(w in _LEAD_TO_COLON or vocabulary().lookup(w) is found[0] for w in words if w):
        return None, ""
    return found[0], tail.strip()


def _order_after_its_noun(line: str) -> tuple[Spoken | None, str]:
    """A command whose nouns both ask to see and set (STANDING's "standing orders",
    "Dauerauftrag": :attr:`Spoken.asked`) named before a colon, with words after it that ask
    nothing ("Standing order for this game: always doubt claims"): the command and those words,
    its argument; ``(None, "")`` otherwise ("My standing orders: what are they again?")."""
    head, sep, tail = line.partition(":")
    tail = tail.strip(" .!")
    if not sep or not tail or "?" in tail or len(line) > PROSE_MAX:
        return None, ""
    for c, _arg in requested(head):
        if c.asked and c.asked != c.kind:
            return c, tail
    return None, ""


def _before_shouted(line: str, parse_action: Callable[[str], object]) -> list[str]:
    """A line split before the sentence that leads to a command word in capitals, when what
    comes before is an action of the game on its own, denying nothing ("Behalten. Und damit
    ihr mich nicht jedes Mal fragt: STANDING RESELECT KEEP"; issue 31): ``[]`` otherwise."""
    if _shouted(line)[0] is None:
        return []
    at = 0
    while (m := _SHOUTED.search(line, at)) is not None:  # (the matches overlap: as _shouted)
        if m.group(1).isupper() and vocabulary().lookup(m.group(1)) is not None:
            break
        at = m.start(1)
    if m is None:
        return []
    ends = [e.end() for e in re.finditer(r"(?<=[.!?])\s+", line[: m.start()])]
    if not ends:
        return []
    head, tail = line[: ends[-1]].strip(), line[ends[-1] :].strip()
    if denies(_tokens(head)) or not _parses(parse_action, head):
        return []
    return [head, tail]


_THEN_ALSO = re.compile(
    r"\s*[.;!]\s+|,\s+|\s+[-–—]\s+|\s+(?:and|et|(?-i:e)|und|also|plus|aussi|anche|auch)\s+", re.I
)
"""Where a second command may follow a move on its line; the Italian "e" in small letters only
("BK E S und bitte die Zughistorie": a capital E is a direction; seventeenth round)."""
_SECOND_KINDS = frozenset(
    {"board", "help", "history", "say", "record", "lang", "vacation", "back", "games",
     "standings", "stats", "rules", "guide", "standing", "standing-show", "legal", "next"}
)  # fmt: skip
"""The commands read after a move on its line (never RESIGN, a vote or a certificate, nor a
PREVIEW, whose own move beside the one played is a question; NEXT is for a later turn: "Je
joue L11 R1, et pour mon tour suivant P12 R0")."""


def _move_then_command(
    line: str, parse_action: Callable[[str], object], plans: bool = False
) -> list[str]:
    """A move, then a command on the same line ("M13 R1 and SAY good luck all", "M13 R1, und
    schickt mir bitte die Regeln.", "BK E. E da ora scrivetemi in francese"; issue 31): split
    after the move when what comes before the first separator is a move as written and what
    follows, read alone, is only commands that change no move; ``[]`` otherwise. In a game of
    plans a later action is the plan's, no NEXT ("jetzt BK E und beim nächsten Mal RB N")."""
    m = _THEN_ALSO.search(line)
    if m is None or m.start() == 0:
        return []
    head, tail = line[: m.start()].strip(), line[m.end() :].strip()
    if not tail or not (_parses(parse_action, head) or _move_in_filler(head, parse_action)):
        return _move_after_remark_then_command(line, parse_action)
    if plans and not _commands_only(tail, _SECOND_KINDS - {"next"}):
        return []
    return [head, tail] if _commands_only(tail) else []


def _move_after_remark_then_command(line: str, parse_action: Callable[[str], object]) -> list[str]:
    """The same after a first sentence of remark ("Pardon pour l'erreur. Je joue L10 R0 et
    renvoyez-moi le plateau ensuite, s'il vous plaît"; issue 31): split at a later separator
    (of the first three) when what comes before reads whole as one move and nothing else, and
    what follows as commands that change no move. Each part is read whole (:data:`_SPLITTING`)."""

    def one_move(head: str) -> bool:
        if not re.search(r"[.!?]\s", head):
            return False
        first = read_commands([head], parse_action)
        return not first.errors and [c.kind for c in first.commands] == ["action"]

    return _split_before_commands(line, slice(1, 3), one_move)


def _split_before_commands(line: str, seps: slice, head_ok: Callable[[str], bool]) -> list[str]:
    """``line`` split at the first of its separators ``seps`` (:data:`_THEN_ALSO`, by place)
    where what comes before passes ``head_ok`` and what follows is only commands
    (:func:`_commands_only`); ``[]`` when there is none, the line is long, or a split is being
    read already (each part is read whole, :data:`_SPLITTING`)."""
    if len(line) > PROSE_MAX or _SPLITTING.get():
        return []
    token = _SPLITTING.set(True)
    try:
        for m in list(_THEN_ALSO.finditer(line))[seps]:
            head, tail = line[: m.start()].strip(), line[m.end() :].strip()
            if tail and head_ok(head) and _commands_only(tail):
                return [head, tail]
        return []
    finally:
        _SPLITTING.reset(token)


def _commands_only(text: str, allowed: frozenset[str] = _SECOND_KINDS) -> bool:
    """Does ``text``, read alone, hold commands, all of them commands that change no move
    (:data:`_SECOND_KINDS`, or those ``allowed``), and no problem?"""
    alone = read_commands([text], None)
    kinds = [c.kind for c in alone.commands]
    return bool(kinds) and not alone.errors and set(kinds) <= allowed


_BEFORE_LEAVE = re.compile(
    r"(?i)(?<![\w'’])(?:before\s+(?:i\s+(?:go|leave)|i['’]m\s+off|leaving)|avant\s+(?:de\s+partir"
    r"|mon\s+d[ée]part)|prima\s+di\s+partire|prima\s+della\s+partenza|vorher|vor\s+(?:der|meiner)"
    r"\s+abreise|bevor\s+ich\s+(?:gehe|fahre|weg\s+bin|abreise))(?![\w'’])"
)
"""The time before a leave asked for in the same reply: the move then is the move now ("My move
before I go: L10 R0", "und vorher noch schnell O13 R0"; issue 31)."""
_THEN_MOVE = re.compile(r"(?<=[.!;])\s+(?=\S)|,?\s+(?:and|und|et|e)\s+|\s+[-–—]+\s+", re.I)


def _command_then_move(line: str, parse_action: Callable[[str], object]) -> list[str]:
    """A command, then a move on the same line ("VACANZA 2 settimane. Nel frattempo la mia
    mossa è N13 R3", "Urlaub bis Montag bitte, und vorher noch schnell O13 R0"; issue 31):
    split where what comes before reads alone as one command that changes no move
    (:data:`_SECOND_KINDS`, not NEXT) and what follows reads alone as one move and nothing
    else; ``[]`` otherwise."""
    if len(line) > PROSE_MAX or _SPLITTING.get():
        return []  # (a part is read whole: no split inside a split, so the cost stays linear)
    token = _SPLITTING.set(True)
    try:
        return _split_after_command(line, parse_action)
    finally:
        _SPLITTING.reset(token)


_SPLITTING: ContextVar[bool] = ContextVar("_SPLITTING", default=False)


def _split_after_command(line: str, parse_action: Callable[[str], object]) -> list[str]:
    for m in list(_THEN_MOVE.finditer(line))[:3]:
        head, tail = line[: m.start()].strip(), line[m.end() :].strip()
        if not head or not tail:
            continue
        first = read_commands([head], None)
        kinds = [c.kind for c in first.commands]
        if first.errors or len(kinds) != 1 or kinds[0] not in _SECOND_KINDS - {"next"}:
            continue
        if kinds == ["vacation"]:
            tail = _BEFORE_LEAVE.sub(" ", tail).strip()
        then = read_commands([tail], parse_action)
        got = [c.kind for c in then.commands]
        more = bool(got) and set(got) <= _SECOND_KINDS - {"next"} and kinds[0] != "say"
        if then.errors or (got != ["action"] and not more) or kinds[0] in got:
            continue  # (the same command twice, "Away ..., back Sunday evening. Vacation until
            # Sunday please", is read whole: one leave)
        return [head, tail]
    return []


_SENTENCE_BREAK = re.compile(r"(?<=[.!])\s+(?=\S)")


def _sentences_apart(
    line: str,
    parse_action: Callable[[str], object],
    is_move_form: Callable[[str], bool] | None,
    notation: Callable[[object], str] | None,
    plans: bool,
    spell: Callable[[str], str] | None,
) -> list[str]:
    """A line of sentences, one a move and the others commands that change no move or remarks
    ("muovo RB di una sola casella verso nord (...). Poi sono via cinque giorni per lavoro:
    vacanza 5 giorni per favore.", "ab morgen bin ich zwei Wochen an der Ostsee. Mein Zug noch
    schnell: P10 R1. Und dann bitte URLAUB 14 Tage."; issue 31, eleventh round): split into its
    sentences when each, read alone, is exactly one move in all, at least one command of
    :data:`_SECOND_KINDS` (not NEXT), or a remark (no figure, denial, correction or taking
    back), and nothing is refused or mentioned; ``[]`` otherwise (a question in the line, two
    moves, a sentence that reads as anything else)."""
    from pbem.commands.vocabulary import doubts

    if len(line) > PROSE_MAX or _SPLITTING.get() or "?" in line:
        return []
    parts = [p.strip() for p in _SENTENCE_BREAK.split(line) if p.strip()]
    if not 2 <= len(parts) <= 4:
        return []
    token = _SPLITTING.set(True)
    try:
        moves = 0
        others: list[str] = []
        for k, part in enumerate(parts):
            if (
                k
                and (then := until_then(part))
                and (day := then_named(then[0], " ".join(parts[:k])))
            ):
                # "Off to Lisbon till Sunday. L12 R3 for now, and VACATION until then please."
                part = parts[k] = part[: then.start()] + day + part[then.end() :]
            alone = read_commands(
                [part], parse_action, is_move_form, notation=notation, plans=plans, spell=spell
            )
            kinds = [c.kind for c in alone.commands]
            prose = (
                not kinds
                and not alone.mentions
                and len(alone.errors) == len(alone.syntax_errors)
                and is_move_form is not None
                and not is_move_form(part)
            )  # "Off to Lisbon till Sunday.": no move tried, whatever the short line looked like
            if (alone.errors or alone.mentions or alone.syntax_errors) and not prose:
                return []
            if not kinds:
                if (
                    any(c.isdigit() for c in part)
                    or _NEGATION_FIRST.match(part)
                    or doubts(part)
                    or is_correction(part)
                    or is_take_back(part)
                ):
                    return []  # ("ab morgen bin ich zwei Wochen an der Ostsee." is a remark)
                continue
            moves += kinds.count("action")
            said = [k for k in kinds if k != "action"]
            if not set(said) <= _SECOND_KINDS - {"next"} or set(said) & set(others):
                return []  # (a command said twice is read whole)
            others.extend(said)
        return parts if moves == 1 and others else []
    finally:
        _SPLITTING.reset(token)


def _plan_then_command(line: str, parse_action: Callable[[str], object]) -> list[str]:
    """A plan, then a command on the same line ("RB vers le nord puis KB vers le sud. Et merci
    de m'envoyer les règles.", "RB N, dann KB S. STANDING RESELECT KEEP", "BK E poi KB S.
    VACANZA 7 giorni"; issue 31, eighth round): split where what comes before reads as a whole
    plan (:func:`_reads_as_plan`) and what follows, read alone, is only commands that change no
    move (:data:`_SECOND_KINDS`); ``[]`` otherwise. (A plan never parses as one move, so the
    splits of a move and a command do not see it.)"""
    if "?" in line.split(".")[0]:
        return []
    return _split_before_commands(line, slice(4), lambda head: _reads_as_plan(head, parse_action))


def _reads_as_plan(text: str, parse_action: Callable[[str], object]) -> bool:
    """Is ``text`` a whole plan: two actions or more, the first legal now, each later one written
    in the game's notation, nothing denied or asked?"""
    if "?" in text or denies(_tokens(text)):
        return False
    parts = plan_parts(_as_plan(text, parse_action))
    if len(parts) < 2:
        return False
    acts = _plan_actions(parts, parse_action)
    return (
        len(acts) >= 2
        and _parses(parse_action, acts[0])
        and all(_written(parse_action, p) for p in acts[1:])
    )


def _move_in_filler(head: str, parse_action: Callable[[str], object]) -> bool:
    """Is ``head`` a move among words that only lead to it ("Je joue L11 R1", "P10 R1 now"),
    before a second command on its line (:func:`_move_then_command`; issue 31)?"""
    toks = _tokens(head)
    codes = [t for t in toks if _code_like(t)]
    words = [t for t in toks if not _code_like(t)]
    return (
        bool(codes)
        and bool(words)
        and is_filler(words)
        and not denies(words)
        and _parses(parse_action, " ".join(codes))
    )


def _shouted(line: str) -> tuple[Spoken | None, str]:
    """A command word written in capitals after a sentence of prose on the same line ("Can
    you send me the board? BOARD", "Fine by me: ACCEPT", "Je suis perdu, AIDE svp", "... don't
    play it yet - PREVIEW M13 R2"; issue 31): the command and what follows it. None when the
    sentence before it denies ("I won't: RESIGN") or holds a move that is not the command's own
    argument. The first such word in capitals counts, whatever prose comes before it ("...,
    alors si possible : LANGUE it")."""
    at = 0
    while (m := _SHOUTED.search(line, at)) is not None:
        at = m.start(1)  # the next try starts after this punctuation (the matches overlap)
        if not m.group(1).isupper() or (cmd := vocabulary().lookup(m.group(1))) is None:
            continue
        before = _tokens(_AGREEING.sub(" ", line[: m.start()]))
        deny_in: str | None = None
        if _asked(cmd, m.group(2)):
            return None, ""  # "Est-ce que je peux mettre VACANCES 10 jours ?"
        if cmd.kind == "vacation" or _pause_vote(cmd, m.group(2)):
            # "Je serai absent à partir de demain : VACANCES 7 jours", "La settimana prossima
            # ho gli esami, PROPOSE PAUSE 10d": a later time is the reason for a pause
            before = [t for t in before if t.casefold() not in _LATER_WORDS]
            before = [t for t in before if not _DAY_OF_MONTH.match(t)]  # "until December 5th."
            # "Off camping, no signal. VACATION for the next 10 days": the sentences before
            # give the reason; only the one that leads to the word may deny it
            deny_in = re.split(r"(?<=[.!?])\s+", line[: m.start(1)])[-1]
            if cmd.kind == "vacation":  # "Je n'aurai pas internet : VACANCES 7 jours"
                deny_in = without_offline(deny_in)
                offline = set(_tokens(line[: m.start()])) - set(
                    _tokens(without_offline(line[: m.start()]))
                )
                before = [t for t in before if t not in offline]
        if _undo_vote(cmd, m.group(2)):
            before = _without_mistake(before)  # "Oops, wrong square. PROPOSE UNDO"
            deny_in = re.split(r"(?<=[.!?])\s+", line[: m.start(1)])[-1]
        own = {t.upper() for t in _tokens(m.group(2)) if _code_like(t)}
        changes = getattr(cmd, "changes_game", False) and not getattr(cmd, "conditional", False)
        # "Je n'ai pas compris à quoi correspondent R0, R1. AIDE svp": figures in a sentence
        # that denies, before a command that changes nothing and takes nothing
        shown = not changes and not strip_please(m.group(2)) and denies(before)
        if any(_moved(t) and t.upper() not in own for t in before) and not shown:
            return None, ""
        led = before if deny_in is None else [t for t in _tokens(deny_in) if t in before]
        denied = _denies_command(led) and not _for_a_purpose(line[: m.start()])
        denied = denied and not _declined_so(cmd, line[: m.start()])
        if changes and denied and not _order_restated(cmd, m.group(2), line[: m.start()]):
            return None, ""  # "Non capisco: AIUTO" is help; "I won't: RESIGN" is not
        return cmd, m.group(2).strip()
    # Without punctuation before it ("Off to Munich, so VACATION 5d", "I need HELP"): a word in
    # capitals that its command reads whole, after prose that denies nothing and holds no move.
    for m in _CAPITALS.finditer(line):
        if not m.group(1).isupper():
            continue
        cmd = vocabulary().lookup(m.group(1))
        if cmd is None or cmd.wraps or cmd.kind == "cert" or m.start() == 0:
            continue
        before, rest = _tokens(_AGREEING.sub(" ", line[: m.start()])), line[m.end() :].strip()
        if _asked(cmd, rest):
            return None, ""  # "Can I put VACATION 10d?", "Soll ich URLAUB 2 Wochen eintragen?"
        if cmd.kind == "vacation" or _pause_vote(cmd, line[m.end() :]):
            # "Et je pars en vacances demain, donc VACANCES 2 semaines"
            if cmd.kind == "vacation":  # "Kein Netz auf der Hütte, also URLAUB 6 Tage"
                before = _tokens(_AGREEING.sub(" ", without_offline(line[: m.start()])))
            before = [t for t in before if t.casefold() not in _LATER_WORDS]
            before = [  # "until the 2nd of December"
                t
                for k, t in enumerate(before)
                if not _DAY_OF_MONTH.match(t)
                and not (k and t.casefold() == "of" and _DAY_OF_MONTH.match(before[k - 1]))
            ]
        if _undo_vote(cmd, line[m.end() :]):
            before = _without_mistake(before)  # "Sorry wrong square PROPOSE UNDO"
        if not getattr(cmd, "changes_game", False):  # "Could I see a PREVIEW O9 R2 first?"
            before = [t for t in before if t.casefold() not in _MODALS]
        concluded = _CONCLUDED.search(line[: m.start()]) is not None
        if any(_moved(t) for t in before) or (_denies_command(before) and not concluded):
            return None, ""
        first, *after = re.split(r"(?<=[.!?])\s+", rest, maxsplit=1)
        if after and not any(_moved(t) or t.isdigit() for t in _tokens(after[0])):
            rest = first.rstrip(".!? ")  # "..., donc VACANCES deux semaines. Bon jeu à tous !"
        if cmd.kind == "vacation" and (day := leave_before(strip_please(rest), line[: m.start()])):
            rest = day  # "I'm off the grid until Sunday, so VACATION until then."
        heard = cmd.hear(Said(line, rest, strip_please(rest)))
        ok = heard is not None and heard.error is None and not heard.ignore
        if ok and heard is not None and cmd.kind == "standing" and not cmd.sure(heard.arg):
            rest = _order_then_remark(cmd, rest)
            heard = cmd.hear(Said(line, rest, strip_please(rest))) if rest else None
            ok = heard is not None and heard.error is None and not heard.ignore
        if ok and heard is not None and (not heard.arg or cmd.sure(heard.arg)):
            return cmd, rest  # "I'll send VACATION then" is prose: "then" is no length
        return None, ""
    return None, ""


def _undo_vote(cmd: Spoken, rest: str) -> bool:
    """A vote that proposes to take back the last move ("PROPOSE UNDO"; issue 31, the reader of
    requests in prose): the mistake said before it is its reason, not a denial of it."""
    return cmd.kind == "propose" and re.match(r"(?i)\s*undo\b", rest) is not None


_MISTAKE_WORDS = frozenset(
    ("wrong", "mistake", "mistakes", "misclick", "misclicked", "oops", "last", "played",
     "accident", "dernier", "dernière", "derniere", "joué", "jouée", "joue", "ultima", "ultimo",
     "giocato", "giocata", "letzten", "letzte", "letzter", "gespielt", "gezogen", "falsch",
     "falschen", "falsches", "falsche",
     # eighth round (wt-31): "je me suis trompée", "ho sbagliato", "mich vertan"
     "trompé", "trompée", "trompe", "erreur", "mince", "oups", "sbagliato", "sbagliata",
     "errore", "ops", "fehler", "vertan", "verklickt", "hoppla")
)  # fmt: skip
"""Words of the mistake an undo takes back ("Oops, wrong square", "mon dernier coup", "meinen
letzten Zug"): before PROPOSE UNDO they give its reason. Negations still deny."""


_MISTAKE_SAID = _MISTAKE_WORDS - {"last", "played", "dernier", "dernière", "derniere", "joué",
                                  "jouée", "joue", "ultima", "ultimo", "giocato", "giocata",
                                  "letzten", "letzte", "letzter", "gespielt", "gezogen"} | {
    "faux", "fausse", "gouré", "goure", "trompée", "sbagliati", "sbaglio", "verkehrt", "irrtum",
    "geirrt", "vertippt", "verschrieben", "misclick"}  # fmt: skip
"""The words of :data:`_MISTAKE_WORDS` that own a mistake whatever it is of (not those of a
move of the past)."""


def _mistake_after(words: Sequence[str]) -> bool:
    """Does one of ``words`` (what follows a move) own a mistake ("L10 R1 sorry falsch", "M13
    R1 oops", "n13 r1 scusate ho sbagliato"; issue 31, fourteenth round)?"""
    return any(w.casefold().strip(".,;:!?-\"'()…") in _MISTAKE_SAID for w in words)


def _owned_after(line: str, fix: str) -> bool:
    """Is ``fix`` (``line`` without its words of correction) the start of ``line``, the words
    after it owning a mistake ("kb s scusate ho sbagliato", "KB S sorry falsch": the mistake is
    of the slide before it, which is no correction's new move; fourteenth round: played KB S)?"""
    head, toks = _tokens(fix), _tokens(line)
    return [t.casefold() for t in toks[: len(head)]] == [t.casefold() for t in head] and (
        _mistake_after(toks[len(head) :])
    )


def _without_mistake(before: list[str]) -> list[str]:
    """The words before PROPOSE UNDO without those of the mistake it takes back."""
    return [t for t in before if t.casefold().strip(".,;:!?()") not in _MISTAKE_WORDS]


_AGREEING = re.compile(
    r"(?i)(?<![\w'’])(?:no\s+(?:problem|worries|objection)s?|not\s+a\s+problem|why\s+not|pas\s+de"
    r"\s+(?:souci|soucis|probl[èe]me|probl[èe]mes)|aucun\s+(?:souci|probl[èe]me)|pourquoi\s+pas"
    r"|rien\s+contre|nessun\s+problema|perch[ée]\s+no|niente\s+in\s+contrario|non\s+c['’][èe]"
    r"\s+problema|kein\s+problem|warum\s+nicht|nichts\s+dagegen)(?![\w'’])"
)
"""An agreement said with a negation ("Pas de souci pour moi, ACCEPTER", "No problem: VACATION
7d", "Warum nicht? ANNEHMEN"): no denial of the command after it (issue 31, eighth round)."""


def _asked(cmd: Spoken, rest: str) -> bool:
    """Is a command that changes the game inside a question, its own sentence ending in "?"
    ("Est-ce que je peux mettre VACANCES 10 jours ?", "Should we PROPOSE PAUSE 7d?"; issue 31,
    eighth round)? It is then asked back, never carried out."""
    if not getattr(cmd, "changes_game", False):
        return False  # "Could I see a PREVIEW O9 R2 first?"
    return re.match(r"[^.!?]*\?", rest) is not None


_DECLINE_DOUBT = frozenset(
    ("maybe", "perhaps", "sure", "peut-être", "sûr", "sûre", "sais", "forse", "sicuro", "sicura",
     "so", "vielleicht", "sicher", "weiß", "know", "if", "si", "se", "wenn", "falls", "but",
     "mais", "ma", "aber", "accept", "accepter", "accetto", "accetta", "annehmen", "won't",
     "wont")
)  # fmt: skip
"""Words before DECLINE that doubt it or name the other answer ("Not sure, maybe DECLINE")."""


def _declined_so(cmd: Spoken, before: str) -> bool:
    """Is the negation before DECLINE the refusal itself ("No pause for me, sorry: DECLINE", "No,
    preferisco continuare: RIFIUTO", "Ich möchte lieber weiterspielen. ABLEHNEN"; issue 31, eighth
    round)? Not when the prose doubts, sets a condition or names accepting."""
    if cmd.kind != "decline" or "?" in before:
        return False
    return not any(t.casefold() in _DECLINE_DOUBT for t in _tokens(before))


def _order_restated(cmd: Spoken, rest: str, before: str) -> bool:
    """A standing order in capitals whose reason before it says the same, its negation its own
    ("Non mi fido di nessuno: ORDINE DICHIARAZIONE DUBITARE"; :func:`pbem.service.standing.restated`;
    issue 31, eighth round)."""
    return cmd.restates(rest, before)


def _pause_vote(cmd: Spoken, rest: str) -> bool:
    """A vote that proposes a pause ("PROPOSE PAUSE 10d"; issue 31): a later time in the prose
    before it is the reason for the pause, as before VACATION."""
    return cmd.kind == "propose" and re.match(r"(?i)\s*pause\b", rest) is not None


_REMARK_CUT = re.compile(r"\s*,\s*|\s+[-–—]\s+|(?<=[.;!])\s+")
"""Where a remark after a standing order begins: a comma, a dash, a sentence's end."""
_REMARK_TURNS = frozenset(
    ("if", "unless", "but", "except", "else", "otherwise", "only", "when", "si", "sauf", "mais",
     "sinon", "seulement", "quand", "se", "tranne", "ma", "però", "altrimenti", "solo", "quando",
     "wenn", "falls", "außer", "ausser", "aber", "sonst", "nur", "sobald", "not", "pas", "non")
)  # fmt: skip
"""Words that make a remark after a standing order a condition or a limit of it."""


_ORDER_WORDS = tuple(
    frozenset(g.split())
    for g in (
        "keep keeps garder garde gardez tenere tengo tieni tenete behalten behalte reselect",
        "believe believes doubt doubts claim claims croire crois croyez douter doute doutez annonce"
        " annonces credere credo dubitare dubito dichiarazione dichiarazioni glauben glaube"
        " zweifeln zweifle ansage ansagen",
        "steal steals dragon voler vole dragon rubare rubo drago stehlen stehle drache",
    )
)
"""The words of each standing setting that a remark after an order may name (its own only)."""


def _order_then_remark(cmd: Spoken, rest: str) -> str:
    """A standing order in capitals, then a remark after its comma that only says why ("Please
    set STANDING RESELECT KEEP, I always keep anyway"; issue 31): the order alone, or "" when the
    remark holds a code, a word in capitals, a denial or a condition, or the order is not whole."""
    cut = _REMARK_CUT.search(rest)
    if cut is None:
        return ""
    head, tail = rest[: cut.start()], rest[cut.end() :]
    words = _tokens(tail)
    if (
        not words
        or any(_moved(t) or (len(t) > 1 and t.isupper()) for t in words)
        or any(t.casefold() in _REMARK_TURNS for t in words)
    ):
        return ""
    for sentence in re.split(r"(?<=[.;!])\s+", tail):
        # "STANDING RESELECT KEEP - I never change my bribe anyway. Slide to follow later
        # today." (tenth round): a negation that says the order again, a time of the day
        said = _tokens(sentence)
        denying = [t for t in said if denies([t])]
        if (
            denying
            and not cmd.restates(head, sentence)
            and not all(t.casefold() in _LATER_WORDS for t in denying)
        ):
            return ""
    # "..., I doubt claims too" names another order: only the head's own setting may be named
    own = {w for g in _ORDER_WORDS if g & {t.casefold() for t in _tokens(head)} for w in g}
    if any(t.casefold() in w and t.casefold() not in own for w in _ORDER_WORDS for t in words):
        return ""
    heard = cmd.hear(Said(head, head.strip(), strip_please(head.strip())))
    ok = heard is not None and heard.error is None and not heard.ignore and heard.arg
    return head.strip() if ok and heard is not None and cmd.sure(heard.arg) else ""


_DAY_OF_MONTH = re.compile(r"(?i)^\d{1,2}(?:st|nd|rd|th|er|re|e|ème|eme|°|\.)?$")
"""A day of the month in the prose before VACATION ("I'm away until the 2nd of December, so
VACATION until 2 December"; issue 31): no move."""

_CONCLUDED = re.compile(
    r"(?i)[,;.]\s*(?:so|therefore|hence|donc|alors|du\s+coup|quindi|allora|perci[òo]|also|daher"
    r"|deshalb|deswegen)\s*,?\s*(?:(?:please|bitte|svp|per\s+favore|s['’]il\s+vous\s+pla[iî]t)\s*,?\s*)?$"
)
"""A command word right after "so" ending a reason ("... und versteht kein Deutsch, also bitte
SPRACHE en"; issue 31): the negation before it is the reason's, not a denial of the command."""

_LATER_WORDS = frozenset(
    ("next", "later", "tomorrow", "prochaine", "prochain", "demain", "prossima", "prossimo",
     "domani", "nächstes", "nächste", "nächsten", "naechstes", "naechste", "naechsten", "morgen",
     "später", "spaeter")
)  # fmt: skip
"""Words of a later time: they deny a move, never a leave that starts then."""

_MODALS = frozenset(
    ("could", "would", "can", "may", "pourriez", "pourrais", "pourrait", "potreste", "potrei",
     "potrebbe", "könnten", "koennten", "könnte", "koennte", "würden", "wuerden")
)  # fmt: skip
"""Words that ask, before a command that changes nothing: they deny no move there."""

_CAPITALS = re.compile(r"(?<![\w'’])([^\W\d_]{3,})(?![\w'’])")


def _moved(token: str) -> bool:
    """A token of a move in prose before a command word: with a figure (``M13``, ``R1``) or a
    code of two or three capitals (``RK``); a word of one letter ("E", "I") is prose there."""
    return _code_like(token) and (len(token) > 1 or token.isdigit())


def _take(heard: Heard, cmd: Spoken, line: str, out: Reading, flags: set[str], subj: bool) -> None:
    """What a command made of its line, into the reading."""
    shown = line if heard.line is None else heard.line
    if heard.ignore:
        out.ignored.append(shown)
    elif heard.error is not None:
        out.errors.append((shown, heard.error))
    elif heard.flags:
        flags.update(heard.flags)
    else:
        out.commands.append(
            Command(heard.kind or cmd.kind, shown, arg=heard.arg, from_subject=subj)
        )


def _same(notation: Callable[[object], str] | None, a: object, b: object) -> bool:
    if a is None or b is None:
        return False
    if notation is not None:
        return notation(a) == notation(b)
    return bool(a == b)


def _wordy(token: str) -> bool:
    """A word of the sentence around a move (the pronoun "I" too, not a code like "N" or "R1")."""
    return token == "I" or not _code_like(token)


def _shape(token: str) -> str:
    return re.sub(r"[^\W\d_]", "a", re.sub(r"\d", "9", token.upper()))


def _one_part_corrected(
    line: str,
    chosen: object,
    notation: Callable[[object], str] | None,
    parse_action: Callable[[str], object] | None,
) -> object | None:
    """A correction that names one part of the move above it ("N13 R1" then "Non R0 pardon",
    "O13 R2" then "anzi no, R3", "sorry R0*"): the move with that part replaced, when exactly
    one part of its notation has that part's shape and the result is legal. None otherwise."""
    if notation is None or parse_action is None:
        return None
    codes = [t for t in _tokens(line) if _code_like(t)]
    if len(codes) != 1:
        return None
    parts = notation(chosen).split()
    same = [k for k, p in enumerate(parts) if _shape(p) == _shape(codes[0]) and p != codes[0]]
    if len(same) > 1:  # "N13 R1" and "R0": the part with the same letters
        letters = re.sub(r"\d", "", codes[0].upper())
        same = [k for k in same if re.sub(r"\d", "", parts[k]) == letters]
    if len(same) != 1:
        return None
    parts[same[0]] = codes[0].upper()
    try:
        return parse_action(" ".join(parts))
    except RuleError:
        return None


def _last_word(
    out: Reading,
    todo: list[str],
    where: dict[int, int],
    notation: Callable[[object], str] | None,
    parse_action: Callable[[str], object] | None = None,
    spell: Callable[[str], str] | None = None,
    written: list[str] | None = None,
) -> None:
    """The player's last word counts (issue 31): a move written after the move of the reply
    ("M13 R1" then "non pardon, M13 R3 !", "sorry, I meant M13 R2", "volevo dire M13 R2")
    replaces it when the player says it is a correction and the new move is legal; any other
    later move, or a correction that cannot be read, stops the reply and asks back. The first move
    is never played then."""
    # Long on purpose: the timeline of the reply's moves (actions, mentions, corrections) in order.
    acts = [c for c in out.commands if c.kind == "action" and not c.from_subject]
    if not acts:
        return
    chosen = acts[0]
    at = where[id(chosen)]
    # A later line that corrects, naming one other legal move among words about the first
    # ("BK E S" / "Actually no, BK E N is what I want", "O9 R0" / "Korrektur: O9 R2, das R0 war
    # ein Vertipper"): that move, whatever the line said of the first.
    for j in range(at + 1, len(todo)):
        if (fix := _next_line_fix(todo[j], chosen.action, notation, parse_action)) is None:
            continue
        lines = {todo[j], (written or todo)[j]}
        for c in [c for c in out.commands if where.get(id(c)) == j or c is chosen]:
            out.commands.remove(c)
        keep = [
            (m, e)
            for m, e in zip(out.mention_moves, out.mentions, strict=False)
            if m[0] not in lines and where.get(id(m)) != j
        ]
        out.mention_moves[:] = [m for m, _e in keep]
        out.mentions[:] = [e for _m, e in keep]
        out.errors[:] = [(ln, e) for ln, e in out.errors if ln not in lines]
        out.syntax_errors[:] = [(ln, e) for ln, e in out.syntax_errors if ln not in lines]
        out.ignored[:] = [ln for ln in out.ignored if ln not in lines]
        read_as = notation(fix) if notation is not None else todo[j]
        chosen = Command(
            "action", (written or todo)[j], action=fix, guard=chosen.guard, read_as=read_as
        )
        out.commands.append(chosen)
        where[id(chosen)] = at = j
    events: list[tuple[int, str, object, Command | None, tuple[str, object] | None]] = []
    for c in acts[1:]:
        events.append((where[id(c)], c.line, c.action, c, None))
    for m in out.mention_moves:
        events.append((where[id(m)], m[0], m[1], None, m))
    events.sort(key=lambda e: e[0])
    handled: set[int] = set()
    again: set[int] = set()  # lines that name the reply's move again
    for idx, line, action, cmd, men in events:
        if idx <= at:
            continue
        between = todo[at + 1 : idx + 1]
        if men is not None and _considered(line):
            handled.add(id(men))  # "(Eigentlich wollte ich erst BK E ziehen, aber dann ...)"
            continue
        if _same(notation, action, chosen.action):
            if men is not None:
                handled.add(id(men))  # "M13 R1 ... I hope M13 R1 is fine"
            elif cmd is not None:
                out.commands.remove(cmd)  # the same move again ("sorry", "I hope ..."): one move
                again.add(idx)
            continue
        taken = any(_takes_back(b) for b in between[:-1])  # "Ah zut, pas ça." then the move
        if action is None and men is not None and (is_correction(line) or _NO_WORD.search(line)):
            action = _one_part_corrected(line, chosen.action, notation, parse_action)
            if action is not None:
                words = [t for t in _tokens(line) if _wordy(t)]
                plain = [w for w in words if not _NO_WORD.fullmatch(w)]  # "Euh non, en R0"
                if "?" not in line and (
                    correction_stands(words)
                    or (len(plain) < len(words) and is_filler(plain) and not denies(plain))
                ):
                    read_as = notation(action) if notation is not None else line
                    new = Command(
                        "action", line, action=action, guard=chosen.guard, read_as=read_as
                    )
                    handled.add(id(men))
                    out.commands.append(new)
                    out.commands.remove(chosen)
                    chosen, at = new, idx
                    continue
        if (
            not taken
            and not any(is_correction(b) for b in between)
            and (cmd is not None or action is None)
            and not (action is None and _NO_WORD.search(line))  # "Euh non, en R0"
        ):
            continue  # two moves get "only one move per reply"; a move not legal now is listed
        # A later line names another legal move: it corrects ("sorry, I meant M13 R2": read
        # as that move), or offers it ("ou bien M13 R3 ?"), or regrets it ("Argh, I wanted N9
        # R2"): the first move is never played then; unless the line corrects, we ask back.
        lead = [t for b in between for t in _tokens(_lead_in(b)[0]) if _wordy(t)]
        words = [t for b in between for t in _tokens(_lead_in(b)[1]) if _wordy(t)]
        if taken:  # the line above took the move back: this line's own words say the rest
            lead = [t for t in _tokens(_lead_in(line)[0]) if _wordy(t)]
            words = [t for t in _tokens(_lead_in(line)[1]) if _wordy(t)]
        if (
            action is not None
            and "?" not in line
            and (
                correction_stands(words, lead)
                or (taken and (cmd is not None or (is_filler(words) and not denies(lead))))
                or (cmd is not None and bool(_after_correction(line)))  # "non attendez, KY"
            )
        ):
            read_as = notation(action) if notation is not None else line
            if cmd is not None:
                new = cmd
            else:
                new = Command("action", line, action=action, guard=chosen.guard, read_as=read_as)
                handled.add(id(men))
                out.commands.append(new)
            out.commands.remove(chosen)
            chosen, at = new, idx
            continue
        if men is not None:
            handled.add(id(men))
        first = notation(chosen.action) if notation is not None else chosen.line
        out.errors.append(
            (
                line,
                _another_move(first),
            )
        )
        break
    if _rotation_said_below(out, todo, where, chosen, notation, parse_action, handled, again):
        return
    mention_lines = {where[id(m)] for m in out.mention_moves}
    if handled:
        keep = [
            (m, e)
            for m, e in zip(out.mention_moves, out.mentions, strict=False)
            if id(m) not in handled
        ]
        out.mention_moves[:] = [m for m, _e in keep]
        out.mentions[:] = [e for _m, e in keep]
    # A correction that names only the rest of the move ("BR vers l'ouest puis le sud" / "non
    # pardon : ouest puis nord", "M13 R1" / "sorry, a half turn"): read with the move's first
    # codes; the move it names replaces the first, or, when it cannot be played, asks back.
    for j in range(at + 1, len(todo)):
        if (
            j in mention_lines
            or j in again
            or any(where.get(id(c)) == j for c in out.commands)
            or not is_correction(todo[j])
            or _considered(todo[j])
        ):
            continue
        fixed = _rest_corrected(todo[j], chosen.action, notation, parse_action, spell)
        if fixed is None:
            continue
        if isinstance(fixed, RuleError):
            out.errors.append((todo[j], fixed))
            return
        read_as = notation(fixed) if notation is not None else todo[j]
        new = Command("action", todo[j], action=fixed, guard=chosen.guard, read_as=read_as)
        out.commands[out.commands.index(chosen)] = new
        where[id(new)] = j
        out.syntax_errors[:] = [(ln, e) for ln, e in out.syntax_errors if ln != todo[j]]
        out.ignored[:] = [ln for ln in out.ignored if ln != todo[j]]
        chosen, at = new, j
    # A correction whose move could not be read at all ("non pardon, M13 R9"): ask back.
    for j in range(at + 1, len(todo)):
        line = todo[j]
        if (
            is_correction(line)
            and not _considered(line)
            and (
                _shaped(_tokens(line))
                # (capitals alone in a long line are no move: a disclaimer's "UE", "per errore")
                or (len(line.split()) <= _TAKE_BACK_WORDS and any(_moved(t) for t in _tokens(line)))
            )
            and j not in mention_lines
            and j not in again
            and not any(where.get(id(c)) == j for c in out.commands)
            and not any(e_line == line for e_line, _e in out.errors)
        ):
            out.errors.append(
                (
                    line,
                    CommandError(
                        _(
                            "This line corrects the move above it, but the move it names could "
                            "not be read, so nothing was played. Send the move you mean on a "
                            "line of its own."
                        )
                    ),
                )
            )
            return
    # A line after the move that takes it back and names no other ("Ignore that, I'll send my
    # move later", "No aspettate, ci penso ancora"): the player's last word; ask back.
    last = max([at, *(i for i in again if i > at)])
    for j in range(last + 1, len(todo)):
        if (
            _takes_back(todo[j])
            and j not in mention_lines
            and not any(where.get(id(c)) == j for c in out.commands)
            and not out.errors
        ):
            out.errors.append(
                (
                    todo[j],
                    CommandError(
                        _(
                            "This line takes back the move above it and names no other, so "
                            "nothing was played. When you know your move, send it on a line "
                            "of its own."
                        )
                    ),
                )
            )
            return


_SAME_PLACE = re.compile(
    r"(?i)(?<![\w'’])(?:same\s+(?:square|spot|place|position|tile)|m[êe]me\s+(?:case|endroit|place"
    r"|position|tuile)|stess[ao]\s+(?:casella|posto|casa|posizione|tessera)|(?:gleiche[sn]?|selbe[sn]?"
    r"|dasselbe|derselbe)\s+(?:feld|platz|stelle|position|pl[äa]e?ttchen)|(?:the\s+)?rotation\s+"
    r"(?:should\s+be|is|must\s+be)|(?:la\s+)?rotation\s*(?:,\s*)?(?:c['’]est|est|doit\s+[êe]tre"
    r"|devrait\s+[êe]tre)|(?:la\s+)?rotazione\s+(?:giusta\s+)?(?:è|e|deve\s+essere|dovrebbe"
    r"\s+essere)|(?:die\s+)?drehung\s+(?:ist|sollte|muss|soll))(?![\w'’])"
)
"""A line below the move that keeps its square and names another rotation ("Same square but
R2", "Même case mais en R2", "la rotazione giusta è R2", "Die Drehung sollte R2 sein"; issue
31, eighth round): a correction of the rotation alone."""


_TURN_AGAIN = re.compile(
    r"(?i)(?<![\w'’])(?:(?:turn|rotate|twist|spin)\w*\s+(?:it|that|the\s+tile|my\s+tile)\b"
    r"|rotate|(?:one\s+more|another|a|an\s+extra)\s+(?:quarter\s+|half\s+)?turn\b|half\s+turn"
    r"|quarter\s+turn|tourne[rz]?(?:-la|-le)?|pivote[rz]?(?:-la|-le)?|(?:un|d['’]un|encore\s+un)"
    r"\s+(?:quart|demi)(?:[\s-]+de)?\s+tour|demi-tour|ruota(?:la|rla|re|tela|te)?|gira(?:la|rla|tela)?"
    r"|(?:un\s+altro\s+|mezzo\s+|un\s+quarto\s+di\s+)giro|dreh(?:e|en|t|st)?(?:\s+(?:es|ihn|sie|das))?"
    r"|gedreht|vierteldrehung|halbe\s+drehung|noch\s+eine\s+drehung)(?![\w'’])"
)
"""Words that turn the tile, in a line below the move that names no rotation ("Actually, turn it
once more", "tournez-la encore d'un quart de tour", "ruotala ancora", "noch einmal drehen"):
the rotation is changed but not said; the reply is asked back (issue 31, eighth round)."""
_TURN_UNREAD = N_(
    "This reply names %(first)s and then asks below it for another rotation without naming it, "
    "so nothing was played. Send the move with the rotation you mean (R0 to R3) on a line of its "
    "own."
)


def _rotation_said_below(
    out: Reading,
    todo: list[str],
    where: dict[int, int],
    chosen: Command,
    notation: Callable[[object], str] | None,
    parse_action: Callable[[str], object] | None,
    handled: set[int],
    again: set[int],
) -> bool:
    """A line below the move that names another rotation, alone among words ("M13 R1" then
    "Same square but R2", "the rotation should be R2", "Sorry, I meant R2."): the move with that
    rotation when the line says it corrects it and leaves nothing open; otherwise asked back
    (True: the reading stops). The first move is never played then (issue 31, eighth round:
    such lines were left as prose and the first move played)."""
    if notation is None or parse_action is None or not out.commands:
        return False
    at = where.get(id(chosen))
    if at is None:
        return False
    parts = notation(chosen.action).split()
    rotations = [p for p in parts if re.fullmatch(r"R\d", p)]
    if len(rotations) != 1:
        return False
    busy = {where[id(m)] for m in out.mention_moves if id(m) not in handled and m[1] is not None}
    busy |= {where.get(id(c), -1) for c in out.commands if c is not chosen} | again
    for j in range(at + 1, len(todo)):
        line = todo[j]
        if j in busy:
            continue
        toks = _tokens(line)
        unread = line in out.ignored or any(ln == line for ln, _e in out.syntax_errors)
        if unread and _TURN_AGAIN.search(line) and not _moved_in(line):
            out.ignored[:] = [ln for ln in out.ignored if ln != line]
            out.syntax_errors[:] = [(ln, e) for ln, e in out.syntax_errors if ln != line]
            out.errors.append(
                (line, CommandError(_(_TURN_UNREAD) % {"first": notation(chosen.action)}))
            )
            return True  # "M13 R1" / "Actually, turn it once more": never M13 R1
        said = [t.upper() for t in toks if re.fullmatch(r"(?i)r\s*\d", t)]
        new = [t for t in said if t != rotations[0]]
        if not new or any(_moved(t) and t.upper() not in said for t in toks):
            continue
        fixed = None
        old_set_aside = all(
            any(w.casefold() in _NOT for w in toks[max(0, k - 2) : k])
            for k, t in enumerate(toks)
            if t.upper() == rotations[0]
        )
        if (
            len(set(new)) == 1
            and old_set_aside
            and "?" not in line
            and (_SAME_PLACE.search(line) or is_correction(line))
            and not any(t.casefold().strip(".,") in _DOUBT for t in toks)
        ):
            fixed = _parsed(
                parse_action, " ".join(p if p != rotations[0] else new[0] for p in parts)
            )
        out.ignored[:] = [ln for ln in out.ignored if ln != line]
        out.syntax_errors[:] = [(ln, e) for ln, e in out.syntax_errors if ln != line]
        out.courtesy[:] = [ln for ln in out.courtesy if ln != line]
        out.errors[:] = [(ln, e) for ln, e in out.errors if ln != line]  # ("R2" as a square)
        keep = [
            (m, e)
            for m, e in zip(out.mention_moves, out.mentions, strict=False)
            if where.get(id(m)) != j
        ]
        out.mention_moves[:] = [m for m, _e in keep]
        out.mentions[:] = [e for _m, e in keep]
        if fixed is None:
            first = notation(chosen.action)
            out.errors.append(
                (
                    line,
                    _another_move(first),
                )
            )
            return True
        new_cmd = Command("action", line, action=fixed, guard=chosen.guard, read_as=notation(fixed))
        out.commands[out.commands.index(chosen)] = new_cmd
        where[id(new_cmd)] = j
        chosen, at = new_cmd, j
    return False


_DOUBT = frozenset(
    ("maybe", "perhaps", "possibly", "probably", "if", "unless", "or", "whether", "might",
     "could", "later", "tomorrow", "peut-être", "peut-etre", "probablement", "si", "s'il", "ou",
     "sinon", "plus tard", "demain", "forse", "magari", "se", "o", "oppure", "altrimenti",
     "dopo", "domani", "vielleicht", "eventuell", "wohl", "wenn", "falls", "oder", "sonst",
     "später", "spaeter", "morgen", "either", "soit")
)  # fmt: skip
"""Words that leave a correction's move open (doubt, a condition, an alternative, a later
turn): the line is asked back."""


_SURE = re.compile(
    r"(?i)(?<![\w'’])(?:natürlich|natuerlich|selbstverständlich|klar|of\s+course|obviously"
    r"|bien\s+sûr|bien\s+sur|évidemment|evidemment|naturellement|certo|ovviamente"
    r"|naturalmente)(?![\w'’])"
)
_UNSURE = re.compile(r"(?i)(?<![\w'’])(?:sure|sûr|sûre|sur|sicuro|sicura|sicher|certain)(?![\w'’])")


def _says_correction(line: str) -> bool:
    """Does a line below the move say that it corrects it? A word of correction or take-back,
    "no" with second thoughts ("Actually no", "Nee, doch lieber"), "no" with a word of course
    ("Äh, nein – natürlich M13 R3"), or second thoughts that set a part aside ("Wait, not west -
    east"). A bare "no" or "rather" alone asks back (issue 31)."""
    if correction_rest(line) is not None:
        return True
    if _NO_WORD.search(line) and _SURE.search(line):
        return True
    segs = [p.split() for p in _SEGMENT.split(line) if p.strip()]
    aside = any(p[0].casefold() in _NOT and len(p) > 1 for p in segs)
    return aside and is_correction(line) and not _UNSURE.search(line)


def _next_line_fix(
    line: str,
    chosen: object,
    notation: Callable[[object], str] | None,
    parse_action: Callable[[str], object] | None,
) -> object | None:
    """The move a correction line below the move names, among words about the first one ("Ah
    non pardon, BR vers l'ouest puis vers le sud, je voulais le faire descendre", "oops, sorry, I
    meant M13 R1 - turned once, not twice", "Nein, Moment – RB N E, nicht W. Entschuldigung!";
    issue 31): the line says it corrects (a word of correction, of second thoughts or "no"), names
    exactly one legal move other than the first (in a part of its own or among words; a move set
    aside by "not", or one made of the first move's own parts, does not count), asks nothing and
    holds no word that leaves it open (:data:`_DOUBT`). None otherwise."""
    if notation is None or parse_action is None or "?" in line or _INDECISION.search(line):
        return None
    if not _says_correction(line) or _considered(line):
        return None
    tokens = _tokens(line)
    if not tokens or len(tokens) > MAX_PROSE_WORDS:
        return None
    if any(t.casefold().strip(".,") in _DOUBT for t in tokens):
        return None
    found: list[object] = []
    old = {t.upper() for t in _tokens(notation(chosen))}
    for c in _candidates(tokens, parse_action, None):
        codes = _codes(c, tokens)
        if _set_aside(c, tokens, line) or codes <= old and c.action is None:
            continue  # "nicht W", "das R0 war ein Vertipper": the first move's parts
        if c.error is not None and not isinstance(c.error, InvalidSyntax):
            return None  # a move named that cannot be played: ask
        found.append(c.action)
    for seg in re.split(r"(?<=[.!])\s+|" + _SEGMENT.pattern, line):
        seg = (seg or "").strip(" .!")
        words = seg.split()
        if not seg or (words and words[0].casefold() in _NOT):
            continue
        toks = _tokens(seg)
        start = next((k for k, t in enumerate(toks) if _moved(t)), len(toks))
        head = next(  # "RB north east is what I want": the move the segment starts with
            (
                act
                for n in range(len(toks), start + 1, -1)
                if (act := _parsed(parse_action, " ".join(toks[start:n]))) is not None
            ),
            None,
        )
        for text in (strip_please(seg), _cased(seg, correction_rest(seg))):
            if text and (act := _parsed(parse_action, text)) is not None:
                found.append(act)
                break
        else:
            if head is not None:
                found.append(head)
    new = [a for a in found if not _same(notation, a, chosen)]
    if not new or any(not _same(notation, a, new[0]) for a in new):
        return None
    fixes = [t for t in _tokens(notation(new[0])) if _code_like(t)]
    for said in re.findall(r"\(([^()]*)\)", line):  # "I meant BR W N (north then west)"
        for k in range(1, len(fixes)):
            try:
                again = parse_action(" ".join([*fixes[:k], said]))
            except InvalidSyntax:
                continue
            except RuleError:
                return None  # another move, not legal
            if not _same(notation, again, new[0]):
                return None
    # the words said with the new move deny nothing ("sorry for the delay, M9 R0 was tempting")
    own = {t.upper() for t in _tokens(notation(new[0]))} - old
    for seg in re.split(r"(?<=[.!])\s+|" + _SEGMENT.pattern, _WHAT_I_MEANT.sub(" ", line)):
        toks = _tokens(seg or "")
        if not any(t.upper() in own for t in toks):
            continue
        rest = correction_rest(" ".join(toks))
        words = rest.split() if rest is not None else toks
        words = [
            w
            for w in words
            if not _code_like(w) and not _NO_WORD.fullmatch(w) and w.casefold() not in _SECOND_WORDS
        ]
        if denies(words):
            return None
    return new[0]


_WHAT_I_MEANT = re.compile(
    r"(?i)(?<![\w'’])(?:is\s+what\s+i\s+(?:want|meant|mean)|c['’]est\s+ce\s+que\s+je\s+(?:veux"
    r"|voulais)|è\s+quello\s+che\s+(?:voglio|volevo)|ist\s+(?:das\s+)?was\s+ich\s+(?:will"
    r"|wollte|meine|meinte))(?![\w'’])"
)
"""'BK E N is what I want': the move meant, said with it."""


def _rest_corrected(
    line: str,
    chosen: object,
    notation: Callable[[object], str] | None,
    parse_action: Callable[[str], object] | None,
    spell: Callable[[str], str] | None = None,
) -> object | RuleError | None:
    """A correction line that names the rest of the move above it without its first codes ("non
    pardon : ouest puis nord" below "BR vers l'ouest puis le sud"; issue 31): the words after the
    correction read with the first codes of the move chosen (its official, its square). The move
    they name when it is legal, the game's refusal when it is not (the reply asks back), None
    when they name no other move (they may then be anything: "Sorry for the delay")."""
    if notation is None or parse_action is None or "?" in line or is_take_back(line):
        return None
    rest = correction_rest(line)
    if not rest or any(_moved(t) for t in _tokens(rest)):
        return None  # (a code of its own: read as a move or a mention)
    if denies(_tokens(rest)):
        return None
    codes = [t for t in _tokens(notation(chosen)) if _code_like(t)]
    for k in range(1, len(codes)):
        text = " ".join([*codes[:k], rest])
        try:
            action = parse_action(spell(text) if spell is not None else text)
        except InvalidSyntax:
            continue
        except RuleError as err:
            return err
        if _same(notation, action, chosen) or _same(
            notation, action, _parsed(parse_action, " ".join(codes[:k]))
        ):
            return None  # (the words say nothing of the move: "KB S" and "ancora")
        return action
    return None


_TAKE_BACK_WORDS = 16
"""A take-back is said in a few words ("Ignore that, I'll send my move later"); a longer line
with such a word is prose of its own: a legal disclaimer's "if you received this message in
error, ..." below a signature takes nothing back (issue 31, fifth round)."""


_INTENDED = re.compile(
    r"(?i)(?<![\w'’])(?:i\s+wanted|i\s+was\s+going|was\s+going|i\s+thought\s+of|i\s+considered"
    r"|je\s+voulais|j['’]avais\s+pensé|j['’]ai\s+pensé|j['’]hésitais|volevo|avevo\s+pensato"
    r"|pensavo|ich\s+wollte|wollte\s+ich|ich\s+hatte\s+überlegt|hatte\s+ich\s+überlegt"
    r"|ich\s+dachte|je\s+pensais|je\s+comptais|j['’]allais|je\s+songeais|i\s+was\s+thinking"
    r"|i\s+thought\s+about|i\s+had\s+in\s+mind|i\s+meant\s+to|stavo\s+per|pensavo\s+di"
    r"|avevo\s+in\s+mente|ich\s+hatte\s+vor|hatte\s+ich\s+vor|ich\s+wollte\s+erst|dachte\s+ich"
    r"|i\s+first\s+thought|at\s+first\s+i\s+thought|j['’]ai\s+d['’]abord\s+pensé"
    r"|d['’]abord\s+j['’]ai\s+pensé|prima\s+pensavo|all['’]inizio\s+pensavo"
    # a move weighed, in a P.S. below the move (issue 31, eighth round: "P.S. I did consider
    # M8 R1, but it felt far too generous to Yellow")
    r"|i\s+(?:did|also|had)\s+(?:also\s+)?consider(?:ed)?|i['’]d\s+(?:also\s+)?considered"
    r"|i\s+(?:also\s+|did\s+)?(?:think|thought)\s+(?:of|about)|j['’](?:ai|avais)\s+(?:aussi\s+"
    r"|également\s+|bien\s+)?(?:pensé|envisagé|songé)|(?:ho|avevo)\s+(?:anche\s+|pure\s+)?"
    r"(?:pensato|considerato|valutato)|(?:ich\s+habe|ich\s+hatte|hatte\s+ich|habe\s+ich)\s+"
    r"(?:auch\s+|kurz\s+|schon\s+)?(?:überlegt|erwogen|an)|(?:ich\s+hatte|hatte\s+ich|ich\s+habe"
    r"|habe\s+ich)(?:\s+\S+){1,4}?\s+(?:erwogen|überlegt|in\s+erwägung\s+gezogen)"
    # a move hesitated over or tempting (fifteenth round: "J'ai longtemps hésité avec P12 R2 mais
    # finalement non", "I was tempted by O9 R1 but", "ero tentato da L10 R1 ma")
    r"|j['’]ai\s+(?:longtemps\s+|beaucoup\s+|un\s+moment\s+|bien\s+)?hésité|i\s+was\s+tempted"
    r"|i\s+was\s+torn|ero\s+tentat[oa]|ho\s+(?:a\s+lungo\s+|un\s+po['’]\s+)?esitato"
    r"|ich\s+war\s+versucht|(?:ich\s+hatte|hatte\s+ich)\s+erst)(?![\w'’])"
)


def _considered(line: str) -> bool:
    """A line after the move that names another move the player thought of and then set aside
    with a reason ("(Eigentlich wollte ich erst BK E ziehen, aber dann stünde er mir im Weg.)",
    "I wanted M13 R1 at first, but it helps Bea"; issue 31): an explanation, no correction. The
    move named in a clause of intention, then "but" and a clause that names no move, corrects
    nothing, takes nothing back and asks nothing."""
    text = line.strip().strip("()").strip()
    toks = _tokens(text)
    codes = [k for k, t in enumerate(toks) if _code_like(t)]
    if "?" in text or not codes or not _INTENDED.search(text):
        return False
    buts = [k for k in range(codes[-1] + 1, len(toks)) if toks[k].casefold() in _BUT]
    if not buts:
        return False
    # ("..., aber das überlasse ich lieber Ihnen": "lieber" sets nothing aside here)
    reason = " ".join(
        t for t in toks[buts[0] + 1 :] if fold_word(t).casefold() not in _SECOND_WORDS
    )
    declined = _DECLINED.match(reason)  # "mais finalement non, trop risqué": that one declined
    if declined is not None:
        reason = reason[declined.end() :]
    return (bool(reason) or declined is not None) and not (
        is_correction(reason) or is_take_back(reason) or _shaped(toks[buts[0] + 1 :])
    )


_DECLINED = re.compile(
    r"(?i)^\W*(?:(?:finalement|finally|in\s+the\s+end|alla\s+fine|infine|schließlich"
    r"|schliesslich|letztlich|dann\s+doch|doch)\W+)?(?:non|no|nein|nope|nö)(?![\w'’])[\W]*"
)
"""A "no" right after the "but" of a move considered, which declines that move ("J'ai longtemps
hésité avec P12 R2 mais finalement non, trop risqué", "Was tempted by O9 R1 but no"; issue 31,
fifteenth round): no correction of the move chosen."""


def _chosen_beside_considered(line: str, at: _At) -> bool:
    """A line of sentences: the move chosen in some, another move thought of and set aside with
    its reason in the others (:func:`_considered`: "nach langem Grübeln: P10 R3. Eigentlich
    wollte ich erst O9 R1 spielen, aber das hilft nur Gelb.", "Je place ma tuile en L9 (R1).
    J'ai longtemps hésité avec P12 R2 mais finalement non, trop risqué."; issue 31, fifteenth
    round): the sentences without the ones set aside, read alone as exactly one move that is
    none of the moves set aside. False otherwise (the caller then asks back)."""
    if "?" in line or at.notation is None:
        return False
    parts = [p for p in _SENTENCE.split(line) if p.strip(" ()")]
    aside = [p for p in parts if _considered(p)]
    if not aside or len(aside) == len(parts):
        return False
    rest = " ".join(p for p in parts if p not in aside).strip(" ,;:-–—(")
    sub = Reading()
    _read_move(rest, replace(at, out=sub))
    acts = [c for c in sub.commands if c.kind == "action"]
    if len(sub.commands) != 1 or len(acts) != 1 or sub.errors or sub.mentions:
        return False
    chosen = at.notation(acts[0].action).upper()
    if any(chosen in " ".join(_tokens(p)).upper() for p in aside):
        return False  # "P10 R3. I wanted P10 R3 at first, but ...": which is it?
    if any(chatter.unsettled(p) for p in aside):
        return False  # "M13 R1 (eigentlich wollte ich M13 R0, bin mir aber unsicher)"
    _as_read(at, acts[0].action, at.notation(acts[0].action))
    return True


_BROKEN_OFF = re.compile(
    r"(?i)(?<![\w'’])(?:but|mais|ma|però|pero|aber|doch|sondern|however|though|yet|cependant"
    r"|pourtant|tuttavia|comunque|jedoch|allerdings|except|sauf|tranne|außer|ausser)"
    r"[\s,;:–—-]*(?:\.\.\.|…)?\s*$"
)


def _broken_off(line: str) -> bool:
    """A line that names a move and breaks off on its "but" ("Ich wollte RB N E ziehen, aber",
    "I wanted to play BK E S but", "Je voulais jouer M13 R1, mais"; ninth round: the move was
    played): the player did not settle on it."""
    return _BROKEN_OFF.search(line) is not None and any(_code_like(t) for t in _tokens(line))


def _takes_back(line: str) -> bool:
    """A line that takes back the move above it and names no move itself."""
    return (
        is_take_back(line) and not _shaped(_tokens(line)) and len(line.split()) <= _TAKE_BACK_WORDS
    )


_COLON = re.compile(r"\s*:\s+|\s+:\s*")
_COMMA = re.compile(r"\s*,\s+")
_DASH = re.compile(r"\s+[-–—]+\s+")


_AS_SUGGESTED = re.compile(
    r"(?i)(?<![\w'’])(?:as\s+(?:you\s+)?suggest(?:ed)?|comme\s+(?:vous\s+(?:l['’])?(?:avez\s+)?)?"
    r"sugg[ée]r[ée]e?|comme\s+propos[ée]e?|come\s+(?:mi\s+)?(?:avete\s+)?suggerit[oa]"
    r"|come\s+propost[oa]|wie\s+(?:von\s+ihnen\s+)?vorgeschlagen|wie\s+empfohlen"
    r"|(?:following\s+|going\s+with\s+)?(?:the\s+mail['’]s|your)\s+(?:own\s+)?suggestion"
    r"(?:\s+for\s+once)?|(?:en\s+suivant\s+)?(?:votre|la)\s+suggestion(?:\s+du\s+mail)?"
    r"|(?:seguendo\s+)?il\s+vostro\s+suggerimento|(?:nach\s+)?(?:ihrem|eurem)\s+vorschlag"
    # the mail's example taken ("P10 R0 comme dans votre exemple", "M8 R1 as in your example",
    # "lo prendo pari pari dal vostro esempio", "Ich nehme einfach euer Beispiel: P10 R0")
    r"|(?:(?:just\s+)?(?:as|like)\s+(?:in\s+)?|from\s+)?(?:the\s+mail['’]s|your|the)\s+"
    r"(?:own\s+)?example(?:\s+line)?(?:\s+(?:from|in)\s+(?:your|the)\s+mail)?"
    r"|(?:comme\s+(?:dans\s+)?)?(?:votre\s+|l['’]\s*)exemple(?:\s+du\s+mail)?"
    r"|(?:come\s+(?:nel|da)\s+|(?:pari\s+pari\s+)?dal\s+|il\s+)?vostro\s+esempio"
    r"|(?:come\s+)?(?:nell|l)['’]\s*esempio(?:\s+della\s+mail)?"
    r"|(?:(?:genau\s+)?wie\s+(?:in\s+)?|aus\s+)?(?:eurem|ihrem|euer|ihr|dem|das|im)\s+beispiel"
    r"(?:\s+aus\s+(?:eurer|ihrer|der)\s+mail)?)(?![\w'’])"
)
"""Following the hint or the example of our mail ("As suggested: L10 R0", "allora P11 R2 come
suggerito", "P10 R0 comme dans votre exemple"; issue 31): the move stands. "suggested" alone
stays a word of advice to someone else, "example" alone one of a move spoken of."""
_AFTER_THOUGHT = re.compile(
    r"(?i)^\W*(?:after|après|apres|dopo|nach)\s+(?:a\s+|une\s+|un\s+|una\s+|langem\s+|lunga\s+"
    r"|longue\s+|mûre\s+|much\s+|long\s+|reifer\s+)*(?:long\s+)?(?:think|thought|thinking"
    r"|reflection|réflexion|reflexion|riflessione|überlegung|ueberlegung|überlegen|ueberlegen"
    r"|nachdenken|averci\s+pensato|aver\s+pensato)\W*$"
)
"""A lead-in that says the player thought ("After a long think: P11 R3")."""


_UNDERSTOOD = re.compile(
    r"(?i)(?<![\w'’])(?:si\s+j['’]ai\s+(?:bien\s+)?compris|if\s+i\s+(?:understood|understand|got\s+it)"
    r"(?:\s+(?:right|correctly))?|se\s+ho\s+capito(?:\s+bene)?|wenn\s+ich\s+(?:das\s+)?(?:richtig\s+)?"
    r"versteh(?:e|e\s+richtig)?|wenn\s+ich\s+(?:das\s+)?richtig\s+verstanden\s+habe"
    r"|(?:if|si|se|wenn|falls)\s+(?:it(?:'s|\s+is)\s+still\s+my\s+turn|c['’]est\s+toujours\s+"
    r"(?:mon\s+tour|à\s+moi)|tocca\s+ancora\s+a\s+me|è\s+ancora\s+il\s+mio\s+turno"
    r"|ich\s+noch\s+dran\s+bin|ich\s+noch\s+am\s+zug\s+bin))(?![\w'’])"
)
"""A lead-in's condition that holds whenever the move is read: the player understood the
notation ("Donc si j'ai bien compris, je joue L12 R2"), or it is still the player's turn
("falls ich noch dran bin: M8 R1"; a move out of turn is refused anyway)."""
_GIVING_IN = re.compile(
    r"(?i)^\W*(?:ach\s+was|ach\s+so|na\s+ja|naja|egal|oh\s+well|ah\s+well|whatever|never\s+mind"
    r"|bah|tant\s+pis|bon\s+bref|enfin|pazienza|vabb[eè]|va\s+be(?:ne)?|boh)\W*$"
)
"""An interjection of giving in before the move ("Ach was, ich nehme P10 R3", "Tant pis : M13
R1"): it denies nothing, whatever its words ("was" is German here)."""


_THAT_CASE = re.compile(
    r"(?i)^\s*(?P<thanks>[^.!?]+[.!]+)\s*(?:dans\s+ce\s+cas|en\s+ce\s+cas|in\s+(?:that|this)\s+case"
    r"|in\s+(?:diesem|dem)\s+fall|in\s+(?:questo|tal)\s+caso)\s*$"
)
"""Thanks for the mail, then "in that case" (the case the mail explained: "Merci pour
l'explication ! Dans ce cas : L11 R1"; issue 31): a lead-in, no condition of the player's."""


_THOUGHT_OVER = re.compile(
    r"(?i)^\W*(?:apr[èe]s\s+(?:avoir|m['’][eê]tre|mûre|mure|longue|une\s+longue|bien\s+des"
    r"|beaucoup\s+de|de\s+longues)\b|after\s+(?:\w+ing|a\s+lot\s+of|lots\s+of|much|long|some"
    r"|a\s+long|a\s+bit\s+of)\b|having\s+\w+(?:ed|ought|ept)\b|dopo\s+(?:aver(?:e|ci|lo|la)?"
    r"|lunga|lunghe|molta|tanta|una\s+lunga)\b|nach\s+(?:langem|l[äa]ngerem|reiflicher|einigem"
    r"|vielem|viel|langer|kurzem|reiflichem)\b|nachdem\s+ich\b)"
)
"""A lead-in that tells how the player came to the move, already done ("Après avoir retourné la
question dans tous les sens hier soir, je me décide pour M13 R2", "After going back and forth all
evening, ...", "Dopo averci dormito sopra, ...", "Nach langem Hin und Her, ..."; issue 31, eighth
round): whatever its words, it names no move (:func:`_lead_in`) and the move after it is read
alone, with its own words."""
_THOUGHT_PHRASE = re.compile(
    r"(?i)^\W*(?:nach\s+(?:langem|l[äa]ngerem|reiflichem|kurzem|einigem|vielem|viel)\s+(?:hin\s+und"
    r"\s+her|[üu]e?berlegen|nachdenken|gr[üu]e?beln|abw[äa]e?gen)|nach\s+(?:reiflicher|langer"
    r"|einiger)\s+(?:[üu]e?berlegung|bedenkzeit)|alles\s+in\s+allem|r[ée]flexion\s+faite"
    r"|tout\s+bien\s+r[ée]fl[ée]chi|tout\s+compte\s+fait|apr[èe]s\s+(?:mûre|mure|longue|une"
    r"\s+longue)\s+r[ée]flexion|a\s+pensarci\s+bene|pensandoci\s+bene|tutto\s+sommato"
    r"|dopo\s+(?:lunga|una\s+lunga|molta|tanta)\s+riflessione|after\s+(?:a\s+lot\s+of|lots\s+of"
    r"|much|long|some|a\s+long)\s+(?:thought|thinking|deliberation|back\s+and\s+forth)"
    r"|all\s+things\s+considered|on\s+reflection)\b[\s,:;.!-]*"
)
"""The same, said in a set phrase with no sign after it ("Nach langem Hin und Her habe ich mich
für M13 R2 entschieden", "Tout compte fait je joue M13 R2"): the rest of the line is read
alone."""
_FINALLY = re.compile(
    r"(?i),?\s+(?:and|et|e|und)\s+(?=(?:alla\s+fine|in\s+the\s+end|finally|eventually|finalement"
    r"|au\s+final|à\s+la\s+fin|a\s+la\s+fin|am\s+ende|schlie(?:ß|ss)lich|letztendlich|endlich"
    r"|alla\s+fin\s+fine|infine)\b)"
)
"""Where a clause of thinking gives way to the choice ("Ci ho pensato tutta la sera e alla fine
ho deciso per M13 R2", "I thought about it all evening and in the end went for M13 R2")."""


_SPIRIT = re.compile(
    r"(?i)(?<![\w'’])(?:(?:the\s+)?(?:last|final)\s+(?:game|round|match|stretch|leg|day)\s+of\s+"
    r"(?:the\s+|this\s+)?(?:season|league|tournament|championship|cup|year)"
    r"|(?:la\s+)?derni[èe]re\s+(?:partie|manche|ligne\s+droite|journ[ée]e|ronde)\s+(?:de\s+la|du|de)"
    r"\s+(?:saison|ligue|tournoi|championnat|coupe|ann[ée]e)|(?:le\s+)?dernier\s+(?:match|tour"
    r"|round)\s+(?:de\s+la|du|de)\s+(?:saison|ligue|tournoi|championnat|coupe)"
    r"|(?:l['’]\s*)?ultim[ao]\s+(?:partita|giornata|turno|round|gara|manche)\s+(?:del|della|dello)"
    r"\s+(?:stagione|campionato|torneo|lega|coppa|anno)|(?:die\s+|das\s+)?letzte[sn]?\s+(?:spiel"
    r"|runde|partie|spieltag|match)\s+(?:der|des|dieser|dieses)\s+(?:saison|liga|turniers?"
    r"|meisterschaft|jahres)"
    # not giving up
    r"|(?:je|on)\s+(?:ne\s+)?l[âa]che\s+rien|non\s+(?:mollo(?:\s+niente)?|si\s+molla|mi\s+arrendo)"
    r"|(?:i['’]m\s+|i\s+am\s+)?not\s+giving\s+up|never\s+give\s+up|ich\s+geb(?:e)?\s+nicht\s+auf"
    r"|aufgeben\s+gilt\s+nicht)(?![\w'’])"
)
"""A lead-in's words of the season's last game or of not giving up ("Dernière ligne droite de
la saison, je ne lâche rien : N13 R2", "letzte Runde der Liga, also: L12 R3", "Last game of the
season and I'm only two points behind, so here goes: P12 R0"; issue 31, twelfth round): the last
of a series, not a move of the past, and a negation that denies nothing of the move."""


_APPOINTMENT = re.compile(
    r"(?i)(?<![\w'’])(?:before|avant|prima\s+(?:del(?:la|le|l['’])?|di)|vor)\s+(?:(?:my|the|ma|mon|"
    r"la|le|mes|les|il|la|mia|mio|dem|der|meinem|meiner|meine|den)\s+)?(?:(?:next|prochaine?|"
    r"prossim[ao]|n(?:ä|ae)chste[nmr]?)\s+)?(?:meeting|class|lecture|lesson|shift|call|appointment"
    r"|exam|lunch|réunion|reunion|cours|partiel|examen|boulot|rdv|rendez-vous|riunione|lezione|esame"
    r"|pranzo|termin|besprechung|vorlesung|schicht|pr(?:ü|ue)fung|mittagessen"
    r"|\d{1,2}\s*(?:o['’]clock|h|uhr|am|pm)|\d{1,2}[:h.]\d\d)"
    r"(?:\s+(?:de|delle|alle|um|at)\s+\d{1,2}(?:[:h.]\d\d)?\s*(?:h|uhr|o['’]clock|am|pm)?)?"
    r"(?![\w'’])"
)
"""A lead-in's appointment the player plays before ("Quick one before my 1 o'clock: N13 R0", "je
joue vite fait avant la réunion de 14h : L12 R2", "kurz vor dem Termin um 15 Uhr: L12 R2"; issue
31, fourteenth round): a time of the player's day, no move of the past nor another player's; the
time in it is no move's figure."""


def _leads(head: str) -> bool:
    """May ``head`` (a lead-in with no move-shaped part: :func:`_lead_in`) stand before the move
    of its line? When it denies nothing, or when it only takes back something it names no move
    of: the mail quoted or a thought ("None of those for me, I'm going with L11 R1", "Not that
    one - P12 R3 please", "Pas celui-là : M13 R1", "Nein, nicht das, sondern N9 R3"; issue 31)."""
    if _SOMEONE_SAYS.search(_AS_SUGGESTED.sub(" ", head)):
        return False  # "My husband said: P12 R2", "Bea told me I play P12 R2": theirs
    if (
        (m := _PROMPT.match(head))
        and not head[m.end() :].strip(" :,.!-")
        and re.search(_TILE_NOUN, m.group(0), re.I)
    ):
        return True  # our turn line copied: "À vous (mauve) : posez votre tuile : M8 R2"
    head = _APPOINTMENT.sub(" ", head)
    toks = _tokens(_UNDERSTOOD.sub(" ", _AS_SUGGESTED.sub(" ", _SPIRIT.sub(" ", head))))
    if current() == "it":  # the Italian "si" is "one" or "oneself", never "if" ("si scrive")
        toks = [t for t in toks if t.casefold() != "si"]
    if not denies(toks) or _AFTER_THOUGHT.match(head) or _GIVING_IN.match(head):
        return True
    if _THOUGHT_OVER.match(head):
        return True
    if (m := _THAT_CASE.match(head)) and is_courtesy(m["thanks"]):
        return not denies(_tokens(m["thanks"]))  # "Merci pour l'explication ! Dans ce cas :"
    rest = correction_rest(head)
    return rest is not None and not denies([w for w in rest.split() if w not in _NOT])


def _lead_in(line: str, sep: re.Pattern[str] = _COLON) -> tuple[str, str]:
    """(the lead-in, the rest) of a line whose last colon (or ``sep``: a comma) comes before a
    move-shaped part ("Après mûre réflexion : N13 R0", "Zut, erreur de frappe : P10 R1"); ("",
    the line) when there is none. The lead-in is prose the move follows: any words but none that
    deny, and no move-shaped part."""
    parts = sep.split(line)
    if len(parts) < 2:
        return "", line
    head, tail = " ".join(parts[:-1]), parts[-1]
    head_tokens = _tokens(_APPOINTMENT.sub(" appointment ", head))  # "avant la réunion de 14h"
    if not head_tokens or any(_moved(t) for t in head_tokens):  # (the pronoun "I" is no code)
        return "", line
    if not any(_code_like(t) for t in _tokens(tail)):
        return "", line
    return head, tail


def _lead_before_move(line: str) -> tuple[str, str]:
    """(the lead-in, the rest) of a line at the last comma, colon or dash before its first
    move-shaped part, when more such signs follow ("metto la tessera sotto il tempio, in N13,
    R0.": the square and its rotation apart; issue 31); ("", the line) otherwise, and as
    :func:`_lead_in` says."""
    first = re.search(r"(?<![\w'’])(?:[A-Za-z]{1,2}\d{1,2}|[A-Z]{2})(?![\w'’])", line)
    if first is None:
        return "", line
    seps = [
        m for m in re.finditer(r"\s*[,:]\s+|\s+[-–—]+\s+|\s+\(", line) if m.end() <= first.start()
    ]
    if not seps:
        return "", line
    head, tail = line[: seps[-1].start()], line[seps[-1].end() :]
    if not _tokens(head) or any(_moved(t) for t in _tokens(head)):
        return "", line
    return head, tail


_PLACING = re.compile(
    r"(?<![\w'’])(?:(?i:i['’]m|i\s+am)\s+(?i:putting|placing|playing|laying|going\s+(?:with|for))"
    r"|(?i:i['’]ll|i\s+will)\s+(?i:put|place|play|lay|go\s+(?:with|for))"
    r"|(?i:i)\s+(?i:put|place|play|lay|choose|pick|take|go\s+(?:with|for))"
    r"|(?i:je)\s+(?i:pose|place|mets|joue|choisis|prends|vais\s+(?:poser|jouer|mettre|placer))"
    r"|(?i:j['’](?:opte|ai\s+d[ée]cid[ée]))"
    r"|(?i:(?:io\s+)?(?:metto|gioco|piazzo|poso|scelgo|prendo|opto))"
    r"|(?i:ich)\s+(?i:lege|spiele|setze|nehme|wähle|waehle)|(?i:lege|spiele|setze|nehme)\s+(?i:ich))"
    r"(?![\w'’])"
)
"""The player saying, in the first person, that they place their tile ("I'm putting", "je pose",
"metto", "ich lege"): what comes before it in its sentence is a lead-in."""


_TILE_NOUN = r"(?:tile|tuile|tessera|pl[äa]ttchen)"
_PROMPT = re.compile(
    r"(?i)^\W*(?:(?:it['’]s\s+)?your\s+turn|(?:c['’]est\s+)?[àa]\s+(?:vous|toi)|tocca\s+a\s+(?:voi|te)"
    r"|(?:sie\s+sind|du\s+bist)\s+(?:am\s+zug|dran))(?:\s*\([^()]{1,24}\))?\s*[:,.!-]?\s*"
    r"(?:(?:place|put)\s+your\s+tile|posez\s+votre\s+tuile|pose\s+ta\s+tuile"
    r"|piazzate\s+la\s+vostra\s+tessera|piazza\s+la\s+tua\s+tessera|mettete\s+la\s+vostra\s+tessera"
    r"|legen\s+sie\s+ihr\s+pl[äa]ttchen|leg\s+dein\s+pl[äa]ttchen)?"
    r"|^\W*(?:(?:place|put)\s+your\s+tile|posez\s+votre\s+tuile|pose\s+ta\s+tuile"
    r"|piazzate\s+la\s+vostra\s+tessera|piazza\s+la\s+tua\s+tessera|mettete\s+la\s+vostra\s+tessera"
    r"|legen\s+sie\s+ihr\s+pl[äa]ttchen|leg\s+dein\s+pl[äa]ttchen)"
)
"""The turn line of our mail, as the player copies it before the move ("À vous (mauve) : posez
votre tuile : M8 R2", "Tocca a voi (viola): piazzate la vostra tessera in P12 R2", "Your turn:
place your tile: L10 R1"): our words, not the player's ("your" is the player)."""


def _after_prompt(line: str) -> tuple[str, str]:
    """(our turn line, the rest) of a line that starts with the turn line of our mail
    (:data:`_PROMPT`); ("", the line) otherwise."""
    m = _PROMPT.match(line)
    if m is None or not _tokens(line[m.end() :]) or not re.search(_TILE_NOUN, m.group(0), re.I):
        return "", line  # (the turn alone, "À toi Béa : L10 R1", may speak to someone)
    return m.group(0), line[m.end() :].lstrip(" :,.-")


def _lead_before_placing(line: str) -> tuple[str, str]:
    """(the lead-in, the rest) of a line at the player's first word of placing their tile
    (:data:`_PLACING`), when words that name no move, no condition and no question come before
    it ("Anyway, after staring at it over breakfast I'm putting my pink tile on P12, turned 180
    degrees", "Bref, après un bon café ce matin, je pose ma tuile en P12"; issue 31, tenth
    round); ("", the line) otherwise. The rest is read alone, with all its rules."""
    m = _PLACING.search(line) if len(line) <= PROSE_MAX else None
    if m is None or m.start() == 0 or "?" in line:
        return "", line
    head, tail = line[: m.start()], line[m.start() :]
    toks = _tokens(head)
    if not toks or any(_moved(t) for t in toks) or any(t.casefold() in _IF_WORD for t in toks):
        return "", line
    if is_correction(head) or is_take_back(head):
        return "", line
    return head, tail


def _unknown_command(word: str) -> bool:
    """Does ``word``, first on a line before a move, look like a command word the reader does not
    know ("PREVEIW M13 R1", "APERCEVOIR M13 R1", "Vorshau M13 R1")? A word in capitals of four
    letters or more, or a word close to one of the command words, that is no filler word."""
    if len(word) < 4 or not word.isalpha() or is_known_word(word):
        return False
    folded = fold_word(word)
    if word.isupper():
        return True
    words = vocabulary().all_words()
    return bool(difflib.get_close_matches(folded, words, n=1, cutoff=0.8))


def _not_a_command(word: str) -> CommandError:
    return CommandError(
        _(
            "'%(word)s' is not a command we know, so nothing in this reply was carried out. "
            "The commands are listed in HELP; to play a move, send it on a line of its own."
        )
        % {"word": word},
        hint="HELP",
    )


def _named_next(line: str) -> str | None:
    """:func:`named_next` of ``line``, without the
    remarks after the queued move's last sentence that names a move ("Quand ce sera à moi : RB N.
    Demain je suis en randonnée sans réseau", "NEXT RB N E - board meeting till 4"; fifteenth
    round)."""
    queued = named_next(line)
    if queued is None and (hello := greeting(line)) is not None:
        queued = named_next(line[hello:])  # "Hi, for my next turn please queue O13 R2."
    if queued is None and (cut := absence_dropped(line)) != line:
        queued = named_next(cut)  # "Queue O13 R2 for my next turn please, I'm out tomorrow."
    if queued is None and (rest := after_absence(line)) is not None:
        word, said = _command_head(rest)
        if word is not None and word.kind == "next":
            queued = said  # "Pas sûr d'avoir du réseau demain, alors PROCHAIN RB N"
    if queued is None or _queue_unsure(line, queued):
        return queued
    parts = _QUEUED_PARTS.split(queued)
    while len(parts) > 1 and not _CODE_NAMED.search(parts[-1]):
        parts.pop()  # "NEXT RB N E - board meeting till 4", "..., BK E. In lectures all day"
    return " ".join(parts)


_QUEUE_UNDECIDED = re.compile(
    r"(?<![\w'])(?:(?:i\s+)?(?:haven'?t|have\s+not|not)\s+(?:yet\s+)?decided|undecided"
    r"|we'?ll\s+see|(?:je\s+)?(?:ne\s+)?sais\s+pas|on\s+verra|je\s+verrai|(?:je\s+)?verrai"
    r"|non\s+(?:lo\s+)?so|vedremo|vedro|boh|mal\s+sehen|wei(?:ss|ß)\s+(?:es\s+)?(?:noch\s+)?nicht"
    r"|perhaps|maybe|peut-etre|forse|vielleicht|or\s+not|ou\s+pas|o\s+no|oder\s+nicht"
    r"|doch\s+nicht)(?![\w'])"
)
"""Words of a player who has not decided, or takes the queued move back ("RB N or BK E, haven't
decided", "Ou peut-être pas", "mal sehen", "Nein, doch nicht"), folded: a queued move's text
said with them is heard whole, remarks and all, so that it is asked back."""


def _plain_remark(part: str) -> bool:
    """Is ``part``, after a queued move, a remark that changes nothing of it: no question, no
    condition, fallback, correction, hesitation or taking back (:mod:`pbem.commands.retraction`
    and :mod:`pbem.commands.conditions` words)?"""
    low = retraction.fold(part)
    return "?" not in part and not any(
        re.search(words, low)
        for words in (
            retraction.TAKE_BACK,
            retraction.DONT_PLAY,
            retraction.HESITATION,
            retraction.RATHER,
            conditions.CONDITION,
            conditions.ELSE,
        )
    )


def _queue_unsure(line: str, queued: str) -> bool:
    """Does ``line``, a queued move's (``queued``: its text after the words that name the next
    turn or the command word), say the player has not decided ("For my next turn: RB N or BK E,
    haven't decided"), or go on after its sentence with a condition, a fallback, a correction or
    a taking back that is no plan's "then" ("Per il mio prossimo turno: RB N. Solo se Est non ha
    ancora mosso.", "Quand ce sera à moi : RB N. Ou peut-être pas")? Then it is asked back. A
    part with a move is the queued move's fallback ("If that's blocked, KB south"), read by NEXT's
    own form (a condition of its own there: :mod:`pbem.commands.retraction`)."""
    if _QUEUE_UNDECIDED.search(retraction.fold(line)):
        return True
    return any(
        not _plain_remark(doubt_of_absence_dropped(p))
        and not _CODE_NAMED.search(p)
        and (_tokens(p)[:1] or [""])[0].casefold() not in THEN_LEAD
        for p in _QUEUED_PARTS.split(queued)[1:]
    )


_QUEUED_PARTS = re.compile(r"(?<=[.!])\s+|\s+[-–—]+\s+")
"""Where a queued move's sentence ends and a remark may begin (a full stop, a dash)."""
_CODE_NAMED = re.compile(r"(?<![\w'’])(?:[A-Za-z]\d{1,2}|(?i:(?!by)[rybgk]{2}))(?![\w'’])")
"""A move's code in a part of a queued move's text: the parts after the last one that names
none are the player's remarks ("Quand ce sera à moi : RB N. Demain je suis en randonnée"), not
the move queued; the words that take it back or make it conditional are still read by the
guard of the whole reply (:mod:`pbem.commands.retraction`)."""


def _read_line(
    raw: str,
    out: Reading,
    flags: set[str],
    parse_action: Callable[[str], object] | None,
    is_move_form: Callable[[str], bool] | None,
    notation: Callable[[object], str] | None,
    from_subject: bool,
    plans: bool = False,
    spell: Callable[[str], str] | None = None,
) -> None:
    """One line: a command (its word, then its own form: :mod:`pbem.commands.vocabulary`), or
    else the game's own notation (the line ``spell``-ed first: see :func:`read_commands`)."""
    line = raw.strip()
    if not line:
        return
    guard: int | None = None
    m = _GUARD.search(line)
    if m:
        guard = int(m.group(1))
        line_wo = (line[: m.start()] + " " + line[m.end() :]).strip()
    else:
        line_wo = line
    if any(c.kind == "vacation" for c in out.commands):
        line_wo = _BEFORE_LEAVE.sub(" ", line_wo)  # "My move before I go: L10 R0"
    if plans and parse_action is not None:
        line_wo = _lower_slide_raised(line_wo, parse_action)  # "rb n w ta"
    if parse_action is not None and (
        split := _sentences_apart(line_wo, parse_action, is_move_form, notation, plans, spell)
        or _before_shouted(line_wo, parse_action)
        or (plans and _plan_then_command(line_wo, parse_action))
        or _move_then_command(line_wo, parse_action, plans)
        or _command_then_move(line_wo, parse_action)
    ):
        # "Behalten. Und damit ihr mich nicht jedes Mal fragt: STANDING RESELECT KEEP": the
        # decision, then the command with its lead-in, each read as a line of its own
        for part in split:
            _read_line(
                part, out, flags, parse_action, is_move_form, notation, from_subject, plans, spell
            )
        return
    cmd, rest = _command_head(line_wo)
    first = _WORD.match(line_wo)
    if cmd is not None and first is not None and not first.group(1).isupper():
        shout_cmd, shout_rest = _shouted(line_wo)
        if shout_cmd is cmd:
            # "Standing order for the dragon please: STANDING STEAL NORTH SOUTH": the word in
            # capitals after the lead-in is the command written
            cmd, rest = shout_cmd, shout_rest
    if cmd is not None and cmd.plans and spell is not None:
        rest = spell(rest)  # "Aperçu KB S O": a move's words as every language reads them
    # What follows the word, courtesy and punctuation aside ("Help?", "Plateau s'il vous plaît").
    heard = cmd.hear(Said(line, rest, strip_please(rest))) if cmd is not None else None
    if cmd is not None and heard is not None and not heard.arg and asked_about(cmd, rest):
        # "Le classement, il est mis à jour quand exactement ?": a question about it, no
        # request (eleventh round)
        out.ignored.append(line)
        return
    if cmd is not None and cmd.kind == "next" and _named_next(line_wo) is not None:
        heard = None  # "Next turn I'd like P12 R0, please queue it": read below, in words
    if (
        cmd is not None
        and cmd.kind == "next"
        and heard is not None
        and _queue_unsure(line_wo, rest)
    ):
        out.errors.append((line, CommandError(_(retraction.TAKEN_BACK))))
        return  # "Next turn: RB N or BK E, haven't decided" (fifteenth round)
    if (
        cmd is not None
        and cmd.kind == "standing"
        and heard is None
        and (head := _order_then_remark(cmd, rest))
    ):
        # "STANDING RESELECT KEEP - I never change my bribe anyway" (tenth round)
        heard = cmd.hear(Said(line, head, strip_please(head)))
    if (
        cmd is not None
        and cmd.kind == "standing"
        and heard is not None
        and heard.arg
        and not cmd.sure(heard.arg)
        and (orders := orders_in_words(line_wo))
    ):
        # "Consigne permanente pour cette partie : doutez toujours des annonces.": the command's
        # word leads the order's name, the order is said in words (nineteenth round)
        cmd, rest = orders[0]
        heard = cmd.hear(Said(line, rest, rest))
    if heard is None and (shout := _shouted(line_wo))[0] is not None:
        # "The record please: RECORD" (the line's first words are the command's, in prose)
        cmd, rest = shout
        assert cmd is not None
        if cmd.kind == "vacation" and (day := leave_before(strip_please(rest), line_wo)):
            rest = day  # "..., back on Monday. VACATION until then please."
        heard = cmd.hear(Said(line, rest, strip_please(rest)))
        if heard is not None and len(asked := requested(line_wo)) > 1 and cmd in dict(asked):
            # "Could I have the game record for the newsletter, and the updated STANDINGS?"
            for c, arg in asked:
                _take(Heard(kind=c.asked, arg=arg), c, line, out, flags, from_subject)
            return
    if heard is None and (named := _named_before_colon(line_wo))[0] is not None:
        # "Please set a standing order: always believe claims"
        cmd, rest = named
        assert cmd is not None
        heard = cmd.hear(Said(line, rest, strip_please(rest)))
        if (
            heard is not None
            and not (heard.error is None and heard.arg and cmd.sure(heard.arg))
            and (orders := orders_in_words(line_wo))
        ):
            # "Bitte als Dauerauftrag: Ansprüchen der anderen immer glauben." (seventeenth
            # round): the order in words after its name, read as the orders in words are
            cmd, rest = orders[0]
            heard = cmd.hear(Said(line, rest, rest))
    if heard is None and (named_order := _order_after_its_noun(line_wo))[0] is not None:
        # "bitte als Dauerauftrag für diese Partie: Ansagen der anderen meistens anzweifeln":
        # the orders named, then said after a colon, set orders (an order the service cannot
        # read is refused with the orders' usage), never the orders shown (nineteenth round)
        cmd, rest = orders[0] if (orders := orders_in_words(line_wo)) else named_order
        assert cmd is not None
        heard = cmd.hear(Said(line, rest, strip_please(rest))) or Heard(kind=cmd.kind, arg=rest)
    if heard is None and (told := told_to_table(line_wo)) is not None:
        # "Tell the table: Well played everyone so far!", "Dite a tutti: ..." (SAY in words)
        cmd = vocabulary().lookup("SAY")
        assert cmd is not None
        heard = cmd.hear(Said(line, told, told))
    if (
        heard is None
        and len(line_wo) <= PROSE_MAX
        and (order := _FROM_NOW_ON_ORDER.match(line_wo)) is not None
        and not _LEADS_ON.search(line_wo)
    ):
        # "Et pour la suite, croyez toujours pour moi", "From now on always doubt claims"
        said_cmd = vocabulary().lookup("STANDING")
        assert said_cmd is not None
        rest = order["rest"] or order["rest2"]
        plain = _ORDER_FILLER.sub(" ", rest).replace(",", " ")
        if re.search(r"(?i)(?<![\w'’])(?:always|toujours|sempre|immer)(?![\w'’])", plain):
            plain = _AUTOMATIC.sub(" ", plain)  # "immer automatisch behalten": one "always"
        if (plain := " ".join(plain.split())) != rest:
            rest = plain if plain else rest
        ordered = said_cmd.hear(Said(line, rest, strip_please(rest)))
        if (
            ordered is not None
            and ordered.error is None
            and ordered.arg
            and said_cmd.sure(ordered.arg)
        ):
            cmd, heard = said_cmd, ordered
    if heard is None and (orders := orders_in_words(line_wo)):
        # "Whenever someone makes a claim, please always believe it for me" (tenth round)
        cmd, rest = orders[0]
        heard = cmd.hear(Said(line, rest, rest))
    if heard is None and (queued := _named_next(line_wo)) is not None:
        if _queue_unsure(line_wo, queued):
            out.errors.append((line, CommandError(_(retraction.TAKEN_BACK))))
            return  # "Per il mio prossimo turno: RB N. Solo se Est non ha ancora mosso."
        # "Pour mon prochain tour : M8 R1 si la case est encore libre, sinon L9 R0"
        cmd = vocabulary().lookup("NEXT")
        assert cmd is not None
        rest = spell(queued) if spell is not None else queued
        heard = cmd.hear(Said(line, rest, strip_please(rest)))
    previewed = preview_asked(line_wo) if heard is None else None
    if previewed is None and heard is None and spell is not None and "?" in line_wo:
        # a slide's preview asked as a question, its official by colours ("pourriez-vous me
        # montrer ce que ferait le noir-bleu glissé au sud puis à l'est ?", "where would red-blue
        # end up if it went north then east?"; seventeenth round): the game spells a question's
        # words as they are, so the question's marks are set apart (a line holds no newline) and
        # put back; only a preview is read so
        previewed = preview_asked(spell(line_wo.replace("?", "\n")).replace("\n", "?"))
    if previewed is None and heard is None and (seen := board_after(line_wo)) is not None:
        # "Pouvez-vous me montrer le plateau après KB S E ?": a preview, or asked back when
        # the line may say more; never the board alone (eighteenth round)
        if not seen[1]:
            out.mentions.append((line, _mention(None, None, seen[0])))
            return
        previewed = seen[0]
    if previewed is not None:
        # "Mi fate vedere l'anteprima di O9 R1? Poi decido."
        cmd = vocabulary().lookup("PREVIEW")
        assert cmd is not None
        heard = cmd.hear(Said(line, previewed, previewed))
    if (
        heard is None
        and previewed is None
        and (spell is None or spell(line_wo) == line_wo)
        and (unread := preview_unread(line_wo)) is not None
    ):
        # "Ich hätte gern eine Vorschau für M13 R1 oder P10 R0": asked back, never played
        out.mentions.append((line, _mention(None, None, unread)))
        return
    if (
        heard is None
        and (asked := requested(line_wo))
        # a command named before a colon with its argument after it sets something, it asks to
        # see nothing ("Bitte als Dauerauftrag: Ansprüchen der anderen immer misstrauen, also
        # anzweifeln": not the orders shown; seventeenth round)
        and _named_before_colon(line_wo)[0] is None
    ):
        # "Could you send me the board again?", "Les règles du jeu svp" (issue 31)
        for c, arg in asked:  # (STANDING's nouns ask to see the orders: Spoken.asked)
            _take(Heard(kind=c.asked, arg=arg), c, line, out, flags, from_subject)
        return

    if cmd is not None and heard is not None:
        _take(heard, cmd, line, out, flags, from_subject)
    elif parse_action is None:
        out.ignored.append(line)
    elif spell is not None and (spelt := spell(line)) != line:
        n = len(out.commands)
        _read_line(spelt, out, flags, parse_action, is_move_form, notation, from_subject, plans)
        for k, got in enumerate(out.commands[n:], start=n):  # the line as written, in the echo
            shown = notation(got.action) if notation and got.action is not None else ""
            out.commands[k] = replace(got, line=line, read_as=got.read_as or shown)
    elif (
        answered := _if_so(line_wo, _LoneMove(parse_action, is_move_form, notation, plans))
    ) is not None:
        out.commands.append(replace(answered, line=line, guard=guard, from_subject=from_subject))
    elif (
        said := _said_again(line_wo, _LoneMove(parse_action, is_move_form, notation, plans))
    ) is not None:
        out.commands.append(replace(said, line=line, guard=guard, from_subject=from_subject))
    elif (
        both := _bracket_says_other(line_wo, _LoneMove(parse_action, is_move_form, notation, plans))
    ) is not None:
        # "KB south (BK E).", "RB nach Norden (BK E)": the words and the brackets name two
        # moves; neither is played (seventeenth round: main played the bracket's)
        out.errors.append((line, CommandError(_(_MORE_THAN_ONE) % {"moves": both})))
    elif (
        contrast := _but_not(line_wo, _LoneMove(parse_action, is_move_form, notation, plans))
    ) is not None:
        out.commands.append(replace(contrast, line=line, guard=guard, from_subject=from_subject))
    elif (
        (calm := _calmed(line_wo)) != line_wo
        and "?" not in calm
        and (sealed := _LoneMove(parse_action, is_move_form, notation, plans)(calm)) is not None
    ):
        out.commands.append(
            replace(
                sealed,
                line=line,
                guard=guard,
                from_subject=from_subject,
                read_as=sealed.read_as or (notation(sealed.action) if notation else calm),
            )
        )
    elif plans and _one_slide_corrected(line_wo, parse_action):
        # "BR west. Well, to be exact: BR west and then south.", "KB a sud, anzi no, BR a ovest
        # e poi a nord": one slide, then the one meant; its "then" makes no plan (thirteenth
        # round)
        _read_move(
            line_wo, _At(line, guard, out, parse_action, is_move_form, notation, from_subject)
        )
    elif (
        plans
        and len(parts := plan_parts(_as_plan(line_wo, parse_action))) > 1
        and not _parses(parse_action, line_wo)
    ):
        whole = (
            strip_please(line_wo)
            # "BK east then north, please"; never a question's mark taken off ("KB south then
            # east?", "..., just south?": asked back; tenth round)
            if "?" not in line_wo and _parses(parse_action, strip_please(line_wo))
            else _move_then_remark(line_wo, parse_action, is_move_form)
        )
        at = _At(line, guard, out, parse_action, is_move_form, notation, from_subject)
        if whole is not None:
            _read_move(whole, at)
            return
        if "?" not in line_wo:
            parts = _plan_actions(parts, parse_action)
        if len(parts) == 1:  # one slide that turns, in words ("KB en bas, ensuite à droite")
            if not _read_alone(parts[0], at):
                _read_move(line_wo, at)
            return
        _read_plan(line, parts, guard, out, parse_action, from_subject, notation)
    else:
        _read_move(
            line_wo, _At(line, guard, out, parse_action, is_move_form, notation, from_subject)
        )


_LOWER_SLIDE = re.compile(
    r"^(?P<code>[rybgk][rybgk]|[RYBGK][rybgk])(?P<ways>(?:\s+[nesw]){1,2})(?=\s+[^\W\d_])"
)
"""A slide typed in lower case at the start of a line, words after it with no sign between
("rb n w ta", "Kb s bises à tous": a phone's keyboard; the capital of its first letter too)."""


def _lower_slide_raised(line: str, parse_action: Callable[[str], object]) -> str:
    """``line`` with the slide it starts with in lower case written in capitals, when that is a
    legal slide ("rb n w ta": "RB N W ta", then read as a slide among chatter, whose words beside
    it may not be of a slide: :func:`pbem.commands.chatter.slide_danger`; nineteenth round).
    Not a last "e" in Italian, which is also "and" ("kb s e ciao": KB S, or KB S E?)."""
    m = _LOWER_SLIDE.match(line)
    if m is None:
        return line
    ways = m["ways"].split()
    if ways[-1] == "e" and current() == "it":
        return line
    head = " ".join([m["code"].upper(), *(w.upper() for w in ways)])
    if _parsed(parse_action, head) is None:
        return line
    return head + line[m.end() :]


_MORE_MOVES = re.compile(
    r"(?i)\s*,?\s*\(?\s*(?:(?<![\w'’])(?-i:and|And|et|Et|e|und|Und)(?:\s*,\s*|\s+))?"
    r"(?:if|si|s['’]il|se|wenn|falls|should|sollten?|dovessero|dovesse)\s+"
    r"(?P<c>[^,;.()?]{1,80}?)\s*(?:\)|(?=[,;.]|$)|(?=\s+(?-i:[A-Z]{2}|[rybgk]{2})\b))"
)
_AGAIN_WORDS = frozenset(
    ("again", "another", "more", "still", "encore", "ancora", "noch", "nochmal", "wieder",
     "dés", "dé", "dice", "die", "dadi", "dado", "würfel", "wuerfel", "déplacements", "moves",
     "mosse", "züge", "zuege",
     # a second slide said by its number ("if I get a second move", "si j'ai droit à un
     # deuxième coup", "se ho una seconda mossa", "wenn ich einen zweiten Zug habe"; issue 31,
     # fourteenth round)
     "second", "deuxième", "deuxieme", "seconde", "secondo",
     "seconda", "zweite", "zweiten", "zweiter", "zweites")
)  # fmt: skip
_MINE = frozenset(("i", "i'm", "i'll", "me", "my", "je", "j'ai", "j'", "moi", "mi", "io", "posso",
                   "ho", "ich", "mir", "darf", "kann", "bin", "habe",
                   # without the apostrophe, as phones write it ("si jai le droit de rejouer")
                   "jai",
                   # the Italian first person without its pronoun ("se ottengo una seconda
                   # mossa", "se riesco a giocare ancora"; fourteenth round)
                   "ottengo", "ricevo", "riesco", "avrò", "avro", "potrò", "potro"))  # fmt: skip
_BLACK = frozenset(("black", "noir", "noire", "nero", "nera", "schwarz", "schwarze", "schwarzen"))
"""The face of the fate dice that ends the turn: a condition on it is no going on ("if the die
comes up black"; fourteenth round: main read the plan)."""
_DICE = frozenset(("dés", "dé", "dice", "die", "die's", "dadi", "dado", "würfel", "wuerfel",
                   # the game's own name of it ("falls der Schicksalswürfel rot zeigt", "if the
                   # fate die is red"; fourteenth round)
                   "schicksalswürfel", "schicksalswuerfel", "fate", "destin"))  # fmt: skip
_NEGATIONS = frozenset(("not", "pas", "non", "nicht", "kein", "keine", "no", "never", "jamais",
                        "mai", "nie", "keinen", "keiner", "keinem", "keines", "aucun", "aucune",
                        "nessun", "nessuna", "nessuno", "none"))  # fmt: skip


def _as_plan(line: str, parse_action: Callable[[str], object]) -> str:
    """``line`` as the plan it says (issue 31): a lead-in before a colon that names no code and
    denies nothing dropped ("Allora, dopo averci pensato un po' faccio così: RB nord-est; BK
    est"), and each condition of being allowed to move again made a separator of the plan ("RB
    vers le haut, ensuite KB vers le bas, et si les dés me laissent encore jouer, BR à gauche",
    "BK E (si j'ai encore des déplacements)", "RB a nord, poi BK a est, e se posso muovere ancora
    KB a sud"): a plan's later action is only played when the dice allow it."""
    line = _last_said(_numbered_items(line))
    head, sep, tail = line.partition(":")
    said = _tokens(head)
    if (
        sep
        and said
        and ";" not in head
        and not any(_code_like(t) for t in said)
        and not _written(parse_action, head)
        and not any(_written(parse_action, p) for p in _PLAN_SPLIT.split(head) if p.strip())
        and (_leads(head) or _pass_denied(head))
        and any(_moved(t) for t in _tokens(tail))
    ):
        line = tail

    def cut(m: re.Match[str]) -> str:
        return " ; " if _goes_on(m["c"]) else m.group(0)

    return _NEXT_GO_AFTER.sub(" ; ", _NEXT_GO_BEFORE.sub(" ; ", _MORE_MOVES.sub(cut, line)))


_NEXT_GO = (
    r"(?:(?:au|à\s+mon|pour\s+(?:le|mon))\s+(?:prochain\s+(?:tour|coup)|tour\s+suivant)"
    r"|la\s+prochaine\s+fois|(?:al|nel|per\s+il)\s+(?:prossimo\s+turno|turno\s+successivo)"
    r"|la\s+prossima\s+volta|alla\s+prossima\s+mossa"
    r"|(?:beim|im)\s+(?:nächsten|naechsten)\s+(?:Mal|Zug)|nächstes\s+Mal|naechstes\s+Mal"
    r"|(?:(?:on|for|in|at)\s+)?(?:my|the)\s+next\s+(?:go|turn|move)|next\s+(?:go|turn|time))"
)
"""A plan's later action said to come on the player's next turn ("RB N puis au prochain tour BK
E", "RB N; e la prossima volta KB S", "jetzt BK E und beim nächsten Mal RB N", "RB N now, and BR
W on my next go"; issue 31, final hold-outs): the rules call each slide the dice give a turn, so
this is the plan's next action (played only when the dice let the turn go on)."""
_NEXT_GO_BEFORE = re.compile(
    r"(?i)(?<=\S)(?:\s*,\s*|\s+)(?:(?:and|et|(?-i:e)|und|then|puis|ensuite|poi|dann|danach)\s*,?\s+)*"
    + _NEXT_GO
    + r"\s*,?\s*(?=[rybgk]{2}\b)"
)
_NEXT_GO_AFTER = re.compile(
    r"(?i)(?<=\S)\s*,?\s+(?:and|et|(?-i:e)|und)\s+(?=[rybgk]{2}\b[^,;.!?]*?\s" + _NEXT_GO + r"\b)"
)
_NOW_SAID = re.compile(
    r"(?i)^\s*(?:now|right\s+now|maintenant|adesso|ora|jetzt|gleich)\s*,?\s+"
    r"|\s*,?\s+(?:now|right\s+now|maintenant|adesso|ora|jetzt)\s*$"
)
""""Now" of a plan's first action beside a later one on the next turn ("RB N now, and BR W on
my next go")."""
_NEXT_GO_END = re.compile(r"(?i)\s*,?\s+" + _NEXT_GO + r"\s*[.!]*$")


_GO_ON_WORDS = frozenset(
    ("continue", "continues", "continuer", "continuez", "poursuivre", "rejouer", "rejoue",
     "continuare", "continua", "continuo", "proseguire", "prosegue", "proseguo", "rigiocare",
     "avanti", "weiter", "weiterziehen", "weiterziehe", "weitermachen", "weiterspielen",
     "weitergehen", "weitergeht", "fortfahren", "fortsetzen", "carry", "proceed", "going",
     "encore", "ancora", "noch", "nochmal", "again", "another", "more", "still")
)  # fmt: skip
"""Verbs and adverbs of going on with the turn (issue 31, eighth round: "si le dé me laisse
continuer", "falls ich weiterziehen darf", "se posso proseguire", "if I may carry on")."""
_GO_ON_PHRASE = re.compile(r"(?i)(?<![\w'’])(?:go|play|move|keep)\s+(?:on|going|moving|playing)\b")
_WHOSE_TURN = frozenset(("turn", "tour", "turno", "zug"))


_MAY_WORDS = frozenset(
    ("i", "may", "can", "could", "am", "allowed", "permitted", "possible", "it's", "it", "is",
     "je", "peux", "pouvais", "le", "c'est", "possible", "permis", "io", "posso", "potessi", "è",
     "possibile", "ich", "darf", "kann", "dürfte", "es", "geht", "möglich", "moeglich",
     "allowed", "permitted", "erlaubt", "gestattet", "permis", "permise", "autorisé", "autorise",
     "consentito", "permesso", "ammesso", "lecito", "das", "ça", "ca", "that")
)  # fmt: skip
"""The words of a condition that only says "if I may" or "if possible" ("Danach, wenn ich darf,
KB nach Süden", "puis, si possible, KB vers le sud"): of a plan's later action, its turn coming
is all it can mean (the store plays it only if the dice allow it and it is legal then)."""


_STILL_THEN = frozenset(("still", "then", "encore", "toujours", "alors", "ensuite", "ancora",
                         "allora", "poi", "noch", "immer", "dann", "danach"))  # fmt: skip
"""Words of time in a condition that only says "if I may" ("if still possible", "si c'est encore
possible", "se ancora possibile", "wenn dann noch möglich"; tenth round; seventeenth round: its
name was taken again by the words around a part corrected, so "falls dann immer noch" went
unread)."""
_GOES_WELL = frozenset(
    ("va", "bene", "marche", "works", "work", "goes", "well", "fine", "ok", "okay", "passt",
     "klappt", "gut", "good",
     # luck, the fate dice's ("should I be so lucky", "si j'ai de la chance", "se sono
     # fortunato", "wenn ich Glück habe")
     "lucky", "luck", "chance", "fortunato", "fortunata", "fortuna", "glück", "glueck")
)  # fmt: skip
_WELL_AROUND = frozenset(("be", "so", "enough", "i'm", "j'ai", "ai", "de", "la", "sono", "ho",
                          "habe", "bin", "get"))  # fmt: skip
"""A condition that says only that the turn still goes well ("Se va ancora bene:", "if it still
works", "falls es noch klappt", "should I be so lucky"; seventeenth round): the dice letting the
player go on, as "if I may" says it."""


_POSSIBLE = frozenset(("geht", "possible", "possibile", "möglich", "moeglich", "allowed", "permitted",
                       "erlaubt", "permis", "consentito", "permesso"))  # fmt: skip
"""Words that say the turn goes on without naming whose ("falls danach noch einer geht", "if
another is still possible"; tenth round)."""


_DICE_AGREE = frozenset(
    ("agree", "agrees", "allow", "allows", "let", "lets", "permit", "permits", "favour", "favor",
     "d'accord", "accord", "permettent", "permet", "laissent", "laisse", "veulent", "veut",
     "d'accordo", "accordo", "consentono", "consente", "permettono", "permette", "vogliono",
     "lasciano", "einverstanden", "erlauben", "erlaubt", "lassen", "zulassen", "wollen", "mitspielen",
     "mitmachen", "ok", "okay", "kind", "nice", "generous", "cléments", "gentils", "généreux",
     "favorables", "favorevoli", "generosi", "gnädig", "gnaedig", "gut",
     # the face that goes on: any but black is red ("if the die is red", "si le dé est rouge",
     # "se il dado è rosso", "falls der Würfel rot zeigt"; fourteenth round)
     "red", "rouge", "rosso", "rot")
)  # fmt: skip
"""What the fate dice do when they let the turn go on ("si les dés sont d'accord", "if the dice
allow", "se i dadi lo consentono", "wenn die Würfel mitspielen"; issue 31, ninth round)."""


def _goes_on(condition: str) -> bool:
    """Does ``condition`` (the words after "if") only say that the player's turn goes on: that
    the fate dice let them move again ("if I get another move", "si le dé me laisse continuer",
    "se posso proseguire", "falls ich weiterziehen darf", "if my turn carries on")? Such a later
    action is what a plan means (the store plays it only then). Not when it names a move, denies,
    or is another player's ("if Bea moves again")."""
    toks = _tokens(condition)
    words = [t.casefold() for t in toks]
    if (
        words
        and set(words) <= _MAY_WORDS | _STILL_THEN | _GOES_WELL | _WELL_AROUND
        and any(w not in ("i", "je", "io", "ich", "it", "es", "le", "is", "am") for w in words)
        and (not _WELL_AROUND.intersection(words) or _GOES_WELL.intersection(words))
    ):
        return True  # "if I may", "si possible", "wenn ich darf"
    going = (
        (_DICE.intersection(words) and _DICE_AGREE.intersection(words))
        or _AGAIN_WORDS.intersection(words)
        or _GO_ON_WORDS.intersection(words)
        or _GO_ON_PHRASE.search(condition) is not None
    )
    named = any(t[:1].isupper() and len(t) > 2 and t.casefold() not in _DICE for t in toks)
    return bool(
        going
        and (
            (_MINE | _DICE | _WHOSE_TURN).intersection(words)
            # the French "je" elided before any verb ("si j'obtiens un deuxième coup")
            or any(w.startswith(("j'", "j’")) for w in words)
            # (not "if it is still possible for Bea")
            or (_POSSIBLE.intersection(words) and not named)
        )
        and not _NEGATIONS.intersection(words)
        and not _BLACK.intersection(words)
        and not any(w.endswith("n't") for w in words)
        and not any(_moved(t) for t in toks)
    )


_OPEN_END = re.compile(
    r"(?i)(?:(?<![\w'’])(?:if|si|se|wenn|falls)(?![\w'’])[^,;.:!?()]*"
    r"|(?<![\w'’])(?:" + "|".join(PLAN_WORDS) + r"|and|et|e|und)\s*,?)\s*$"
)
"""A line that stops inside a condition or after a plan word ("..., et si je peux encore" /
"jouer, le rouge-bleu monte au nord": a hard wrap)."""


def _plan_over_lines(
    lines: list[str],
    parse_action: Callable[[str], object],
    is_move_form: Callable[[str], bool] | None,
    notation: Callable[[object], str] | None,
    spell: Callable[[str], str] | None,
    by_lines: bool = False,
) -> list[str]:
    """A whole turn said over several lines (issue 31, eighth round): a line that goes on with
    the plan of the line before it, after a condition of going on ("Premier déplacement : RB vers
    le nord." / "Si le dé me laisse continuer : KB vers le sud.", "Erster Zug: BR nach Westen,
    dann nach Norden." / "Falls ich weiterziehen darf: RB nach Norden."), a plan word ("RB N." /
    "Then KB S.") or the wrap of an unfinished sentence ("..., et si je peux encore" / "jouer,
    le rouge-bleu monte au nord."), is read with it as one line. Only when the two read together
    as one plan with more actions than the first line alone, with no question and nothing
    refused: a line whose condition the service cannot decide ("Si la case est libre : KB S")
    is no such line."""
    out: list[str] = []
    ranks: list[int | None] = []  # the rank of each line's last slide, as read so far
    # slides alone on their lines (``by_lines``: ``lines`` are the reply's) are one turn only in
    # a reply of nothing else but courtesy words ("lg", "merci"; not "Which is better?",
    # "Options:", "ou l'inverse", nor a bare name, which is_courtesy takes for a signature)
    alone = by_lines and all(
        _slide_alone(x, parse_action) or is_courtesy(x.casefold()) or _TURN_HEADING.match(x)
        for x in lines
        if x.strip()
    )
    for line in lines:
        if alone and _TURN_HEADING.match(line):
            continue  # "Mossa del turno:" above the slides (fifteenth round)
        if not out:
            out.append(line)
            ranks.append(_rank_after(line, None))
            continue
        rank = _rank_after(out[-1], ranks[-1])
        joined = _goes_on_line(
            out[-1], line, parse_action, is_move_form, notation, spell, rank, alone
        )
        if joined is not None:
            out[-1] = joined
            ranks[-1] = _next_rank(line, rank)
            continue
        said = _sentences(line)
        if len(said) > 1 and (
            joined := _goes_on_line(
                out[-1], said[0], parse_action, is_move_form, notation, spell, rank
            )
        ):
            # "Si je peux continuer, KB vers le sud. Sinon tant pis.": the rest read after it
            out[-1] = joined
            ranks[-1] = _next_rank(said[0], rank)
            out.append(" ".join(said[1:]))
            ranks.append(_rank_after(out[-1], None))
            continue
        out.append(line)
        ranks.append(_rank_after(line, None))
    return out


_TURN_HEADING = re.compile(
    r"(?i)^\W*(?:(?:here(?:'s|\s+is)|voici|voil[àa]|ecco|hier(?:\s+ist)?)\s+)?(?:(?:my|mon|ma|il"
    r"\s+mio|la\s+mia|mein(?:e|en)?|the|le|la|il|der|die|das)\s+)?(?:(?:whole|full|complete"
    r"|entire|ganzer?|ganzen|kompletter?|kompletten|gesamter?|gesamten)\s+)?(?:turn|move|moves"
    r"|slides|plan|tour|coup|coups|d[ée]placements?|turno|mossa|mosse|giro|zug|z(?:ü|ue)ge"
    r"|runde)(?:\s+(?:complet|compl[eè]te|completo|intero|del\s+turno|du\s+tour"
    r"|(?:for|pour|per|f(?:ü|ue)r)\s+(?:this|ce|questo|diese[nr]?)\s+(?:round|turn|tour|turno"
    r"|runde|zug)|in\s+full|en\s+entier|per\s+intero))?\s*:\s*$"
)
"""A heading above a turn's slides listed one a line ("Mossa del turno:", "My whole turn:", "Il
mio turno:", "Voici mon tour :", "Mein ganzer Zug:"; fifteenth round): no move, dropped when
every other line is a slide alone or courtesy."""


def _next_rank(line: str, before: int | None) -> int | None:
    """The rank of the slide of ``line`` read after one of rank ``before``: its own, or one more
    ("Then KB S" after "1) BK E")."""
    if (nth := _ordinal(line)) is not None:
        return nth[0]
    return (before or 1) + 1


_ORDINALS = {
    1: ("premier", "première", "premiere", "1er", "1re", "d'abord", "dabord", "primo", "prima",
        "erster",
        "erste", "erstes", "zuerst", "first", "firstly", "1st", "1"),
    2: ("deuxième", "deuxieme", "second", "seconde", "2e", "2ème", "secondo", "seconda",
        "zweiter", "zweite", "zweites", "2nd", "2"),
    3: ("troisième", "troisieme", "3e", "3ème", "terzo", "terza", "dritter", "dritte", "drittes",
        "third", "3rd", "3"),
    4: ("quatrième", "quatrieme", "4e", "quarto", "quarta", "vierter", "vierte", "fourth", "4th",
        "4"),
}  # fmt: skip
_ADVERBS = {1: ("premièrement", "premierement", "primo", "primariamente", "erstens", "firstly"),
            2: ("deuxièmement", "deuxiemement", "secundo", "secondariamente", "zweitens",
                "secondly"),
            3: ("troisièmement", "troisiemement", "tertio", "terzo", "drittens", "thirdly"),
            4: ("quatrièmement", "quatriemement", "viertens", "fourthly")}  # fmt: skip
"""Ordinal adverbs ("Premièrement RB au nord, deuxièmement KB au sud", "Erstens ..., zweitens
..."; issue 31, ninth round)."""
for _k, _words in _ADVERBS.items():
    _ORDINALS[_k] = _ORDINALS[_k] + _words
_NUMBERED = {1: ("one", "un", "une", "uno", "una", "eins"), 2: ("two", "deux", "due", "zwei"),
             3: ("three", "trois", "tre", "drei"), 4: ("four", "quatre", "quattro", "vier")}  # fmt: skip
"""Numbers in words after a step's noun ("Step two: RB north", "Étape deux", "Schritt zwei")."""
_STEP_NOUN = (
    r"(?:step|étape|etape|schritt|passo|fase|stage|move|mossa|zug|coup|slide|déplacement"
    r"|deplacement|mouvement|spostamento|movimento)"
)
_RANK = {w: k for k, words in _ORDINALS.items() for w in words}
_STEP_RANK = _RANK | {w: k for k, words in _NUMBERED.items() for w in words}
_FIRST_PHRASES = ("als erstes", "als erster", "als erste", "zu allererst", "zunächst", "zunaechst",
                  "tout d'abord", "tout d’abord", "pour commencer", "en premier", "first of all",
                  "to start", "to begin with", "per prima cosa", "per cominciare",
                  "innanzitutto", "anzitutto", "prima di tutto", "per primo", "in primo luogo",
                  "en premier lieu", "in the first place", "je commence par", "on commence par",
                  "i start with", "i'll start with", "starting with", "ich beginne mit",
                  "ich fange mit", "ich fang mit", "comincio con", "inizio con", "parto con")  # fmt: skip
_SEPARABLE_AN = frozenset({"ich fange mit", "ich fang mit"})
"""The first phrases whose German verb ends with its particle "an" after the slide."""
_PARTICLE_AN = re.compile(r"(?i)\s+an(?=\s*(?:[,;.!:–—-]|$))")
"""The particle "an" of "ich fange mit KB nach Süden an", at the end of the slide's clause."""
"""A plan's first slide said in more words than an ordinal ("Als Erstes schiebe ich BR nach
Westen", "Tout d'abord BK à l'est", "Per prima cosa KB a sud"; issue 31, tenth round)."""
_LAST_PHRASES = ("finally", "lastly", "last of all", "and finally", "enfin", "et enfin",
                 "pour finir", "pour terminer", "en dernier", "infine", "e infine", "per finire",
                 "per ultimo", "zum schluss", "zum schluß", "zuletzt", "als letztes", "und zuletzt",
                 "schließlich", "schliesslich", "und schließlich", "und schliesslich")  # fmt: skip
"""The last slide of a plan at the head of its line or sentence ("Zum Schluss RB nach Norden",
"Enfin BK à l'est", "Infine KB a sud", "Finally RB north"; issue 31, tenth round): read as the
next slide only after a line that began the list (a rank, a "then": never a correction's
"enfin, non...")."""
LAST_RANK = 99
"""The rank :func:`_ordinal` gives a slide led by one of :data:`_LAST_PHRASES`."""
_LETTERS = {"a": 1, "b": 2, "c": 3, "d": 4, "i": 1, "ii": 2, "iii": 3, "iv": 4}
"""Letters and Roman numerals of a list ("a) BK east", "b) RB north", "ii) KB S"), only with
the list's ")" or "." after them."""
_THEN_PHRASES = {"in secondo luogo": 2, "en second lieu": 2, "en deuxième lieu": 2,
                 "en deuxième": 2, "en deuxieme": 2, "en second": 2, "en troisième": 3,
                 "en deuxieme lieu": 2, "in the second place": 2, "in terzo luogo": 3,
                 "en troisième lieu": 3, "en troisieme lieu": 3}  # fmt: skip
"""The later ranks said in a phrase ("in primo luogo BR a ovest, in secondo luogo KB a sud")."""
_PHRASE_RANK = (
    {w.replace("’", "'"): 1 for w in _FIRST_PHRASES}
    | {w: LAST_RANK for w in _LAST_PHRASES}
    | _THEN_PHRASES
)
_PHRASE = "|".join(
    re.escape(w).replace(r"\ ", r"\s+")
    for w in sorted((*_FIRST_PHRASES, *_LAST_PHRASES, *_THEN_PHRASES), key=len, reverse=True)
)
_ORDINAL_LEAD = re.compile(
    r"(?i)^\W*(?:(?P<letter>[a-d]|i{1,3}|iv)[.)]\s*"
    r"|(?:(?:and|et|e|und)\s+)?(?P<p>"
    + _PHRASE
    + r")(?:\s*[:.,]\s*|\s+(?!(?:non|no|nein|not|pas|nicht|nee)(?![\w'’])))"
    r"|(?:(?P<noun>" + _STEP_NOUN + r")\s*(?:n[°o.]\s*|nr\.?\s*|#)?)?"
    r"(?P<n>[^\W_]+|d['’]abord)"
    r"(?:\s+(?:déplacement|deplacement|coup|mouvement|glissement"
    r"|mossa|spostamento|movimento|zug|schritt|slide|move|step))?"
    r"(?:\s*(?:[:.)/°]|[-–—]+)\s*|\s*,\s*|\s+(?=[rybgkRYBGK]{2}\b|\()"
    # an official by its colours after the rank ("Erstens Rot-Blau nach Norden"; seventeenth
    # round)
    r"|\s+(?=(?:(?:the|le|la|il|den|der|die)\s+)?[^\W\d_]{3,}-[^\W\d_]{3,}(?![\w'’-]))))"
    r"(?P<rest>\S.*)$"
)
"""A slide numbered by the player ("Deuxième déplacement : KB vers le sud", "2. KB S",
"Zweiter Zug: KB nach Süden", "Second: KB south", "1- BR ovest", "Zweitens, falls ich dann noch
darf: KB nach Süden", "b) RB north", "Zum Schluss RB nach Norden")."""
_OVER_PARTS = re.compile(r"(?<=[.!;])\s+")


_ITEM = re.compile(
    r"(?i)(?:^|(?<=[\s.,;]))(?:(?P<noun>" + _STEP_NOUN + r")\s*(?:n[°o.]\s*|nr\.?\s*|#)?)?"
    r"(?P<n>(?:" + _PHRASE + r")(?![\w'’])|[^\W_]+)(?:\s+" + _STEP_NOUN + r")?"
    r"(?:\s*(?:[:.)/°]|\s[-–—]|[-–—])\s*|\s*,?\s+)(?=[rybgk]{2}\b)"
)


_ADVERB_ITEM = re.compile(
    r"(?i)(?:^|(?<=[\s.,;]))(?P<n>"
    + "|".join(w for words in _ADVERBS.values() for w in words)
    + r")(?![\w'’])(?:\s*[:,.)]\s*|\s+)"
)
"""An ordinal adverb before its slide, whatever the slide's words ("Premièrement", "Erstens",
"secondly"; tenth round)."""


def _item_rank(m: re.Match[str]) -> int | None:
    said = " ".join(m["n"].casefold().split()).replace("’", "'")
    return _PHRASE_RANK.get(said) or (_STEP_RANK if m["noun"] else _RANK).get(said)


def _numbered_items(line: str) -> str:
    """``line`` with the slides it numbers in order ("1) RB nord 2) KB sud", "Step one: BR
    west. Step two: RB north.", "Erster Zug: RB nach Norden, zweiter Zug: KB nach Süden"; issue
    31, ninth round) as a plan's parts; as it is unless the numbers run 1, 2, ... and there are
    at least two."""
    items = list(_ITEM.finditer(line))
    ranks = [_item_rank(m) for m in items]
    if len(items) < 2 or ranks != list(range(1, len(items) + 1)):
        # "Premièrement le fonctionnaire au chapeau noir ..., deuxièmement RB au nord": the
        # ordinal adverbs, whatever follows them
        items = list(_ADVERB_ITEM.finditer(line))
        ranks = [_RANK.get(m["n"].casefold()) for m in items]
    if len(items) < 2 or ranks != list(range(1, len(items) + 1)):
        return line
    out, at = [], 0
    for k, m in enumerate(items):
        out.append(line[at : m.start()].rstrip(" ,;"))
        out.append("" if k == 0 else " ; ")
        at = m.end()
    out.append(line[at:])
    return "".join(out).strip()


def _last_said(line: str) -> str:
    """``line`` with a sentence that says the last slide of a list ("D'abord KB vers le sud.
    Ensuite RB au nord. Enfin BK à l'est.", "Als Erstes ... Anschließend ... Zum Schluss RB nach
    Norden."; issue 31, tenth round) as the plan's next part, after a sentence that began the list
    (a rank or a plan word); as it is otherwise ("RB N. Enfin, BK E" may correct)."""
    parts = _OVER_PARTS.split(line)
    if len(parts) < 2:
        return line
    out, listing = parts[0], _begins_list(parts[0])
    for part in parts[1:]:
        nth = _ordinal(part)
        if listing and nth is not None and nth[0] == LAST_RANK:
            out = f"{out} ; {nth[1]}"
        elif _ends_going_on(part) and not _ends_going_on(out):
            out = f"{out} ; {part}"  # "RB north. KB south if the dice allow."
        else:
            out = f"{out} {part}"
        listing = listing or _begins_list(part)
    return out


def _ends_going_on(sentence: str) -> bool:
    """Does ``sentence`` end in a condition of going on ("KB south if the dice allow.")?"""
    ends = list(_MORE_MOVES.finditer(sentence))
    return bool(ends and _goes_on(ends[-1]["c"]) and not sentence[ends[-1].end() :].strip(" .!)"))


def _item_of_list(line: str) -> bool:
    """Is ``line`` an item of the player's own list that names its move ("Second coup (si les
    dés le veulent) : KB en bas", "2nd move: KB S"; tenth round), no place in the mail's list?"""
    nth = _ordinal(line)
    return nth is not None and any(
        _moved(t) and t.upper() not in _NOT_CODES for t in _tokens(nth[1])
    )


def _begins_list(sentence: str) -> bool:
    """Does ``sentence`` begin or go on with a list of slides (a rank, a plan word)?"""
    return _ordinal(sentence) is not None or len(_PLAN_SPLIT.split(sentence)) > 1


def _ordinal(line: str) -> tuple[int, str] | None:
    """The rank a line gives its slide ("Deuxième déplacement : KB S": 2) and the rest
    (:data:`LAST_RANK` for "Zum Schluss", "Enfin", "Finally")."""
    m = _ORDINAL_LEAD.match(line.strip())
    if m is None:
        return None
    if m["letter"]:
        return _LETTERS[m["letter"].casefold()], m["rest"]
    if m["p"]:
        phrase = " ".join(m["p"].casefold().split()).replace("’", "'")
        if phrase == "enfin" and correction_rest(" ".join(m["rest"].split()[:4])) is not None:
            return None  # "Enfin, plus précisément : RB N W", "enfin non, ...": "I mean"
        if phrase in _SEPARABLE_AN:  # "Ich fange mit KB nach Süden an, dann ...": its "an" out
            return _PHRASE_RANK[phrase], _PARTICLE_AN.sub("", m["rest"], count=1)
        return _PHRASE_RANK[phrase], m["rest"]
    rank = (_STEP_RANK if m["noun"] else _RANK).get(m["n"].casefold())
    return None if rank is None else (rank, m["rest"])


def _rank_after(a: str, before: int | None) -> int | None:
    """The rank of the last slide of ``a`` (a line, or lines read as one plan, ``before`` the
    rank the reading gave it so far): its last sentence's own, else the last given."""
    ranks = [o[0] for p in [a, *_OVER_PARTS.split(a)] if (o := _ordinal(p)) is not None]
    return ranks[-1] if ranks and before is None else before


def _goes_on_line(
    a: str,
    b: str,
    parse_action: Callable[[str], object],
    is_move_form: Callable[[str], bool] | None,
    notation: Callable[[object], str] | None,
    spell: Callable[[str], str] | None,
    rank: int | None = None,
    slides: bool = False,
) -> str | None:
    """Lines ``a`` and ``b`` as one line when ``b`` goes on with the plan of ``a``
    (:func:`_plan_over_lines`; ``rank``: the rank of the last slide of ``a``, when the player
    numbered them; ``slides``: slides alone on their lines may be joined); None otherwise."""
    a, b = a.strip(), b.strip()
    if not a or not b or "?" in a or "?" in b or len(a) + len(b) > PROSE_MAX:
        return None
    sep = ""
    if slides and _slides_alone(a, b, parse_action):
        # "br w" / "kb s e" / "rb n": a turn dictated one slide a line, each official once
        lead, sep = b.rstrip(" .!"), " ; "
    elif (nth := _ordinal(b)) is not None and nth[0] >= 2:
        # "Premier déplacement : RB vers le nord." / "Deuxième déplacement : KB vers le sud.",
        # "1) BK east" / "2) RB north" / "3) KB south", "Erstens: ..." / "Zum Schluss ..."
        if rank is None or not (nth[0] == rank + 1 or (nth[0] == LAST_RANK and rank < LAST_RANK)):
            return None
        lead, sep = nth[1], " ; "
    else:
        lead = re.sub(r"^E(?=\s+se\s)", "e", re.sub(r"^\W+", "", b))  # "E se tocca ancora"
        # (an official by its colours in the game's code: "Se il dado lo permette: il blu-nero
        # a est"; sixteenth round)
        planned = _as_plan(spell(lead) if spell is not None else lead, parse_action)
        if planned.rstrip(" .!").endswith(";") and not planned.lstrip().startswith(";"):
            sep = " ; "  # "RB north." / "KB south if the dice allow."
        goes_on = (
            sep
            or planned.lstrip().startswith(";")  # "Si le dé me laisse ... :"
            or _PLAN_LEAD.match(lead) is not None  # "Then KB S", "Dann RB nach Norden"
            or (not a.endswith((".", "!", ";", ":")) and lead[:1].islower() and _OPEN_END.search(a))
        )
        if not goes_on:
            return None
    key = (a, b)
    budget = _TRIALS.get()
    if key in _OVER_LINES.get() or _OVER_LINES.get() or budget is None or budget[0] <= 0:
        return None  # (no trial inside a trial; a bounded number per reply)
    budget[0] -= 1
    # a sentence of its own stays one ("rb n" / "And if it's still my turn, KB south")
    if not sep:
        sep = ". " if lead[:1].isupper() and not a.endswith((".", "!", ";", ":", ",")) else " "
    text = f"{a}{sep}{lead}"
    token = _OVER_LINES.set(_OVER_LINES.get() | {key})
    try:
        alone = read_commands([a], parse_action, is_move_form, notation=notation, plans=True,
                              spell=spell)  # fmt: skip
        whole = read_commands([text], parse_action, is_move_form, notation=notation,
                              plans=True, spell=spell)  # fmt: skip
    finally:
        _OVER_LINES.reset(token)
    played = [c for c in whole.commands if c.kind == "action"]
    before = [c for c in alone.commands if c.kind == "action"]
    return (
        text
        if (
            not whole.errors
            and not whole.mentions
            and len(played) == 1
            and len(whole.commands) == 1
            and len(played[0].plan) >= 1
            and len(before) <= 1
            and (not before or len(played[0].plan) > len(before[0].plan))
        )
        else None
    )


_SLIDE_ALONE = re.compile(r"(?i)^\W*(?P<code>[rybgk]{2})(?P<rest>(?:[\s,]+[^\W\d_]+){1,3})[\s.!]*$")
"""A line that is one slide and nothing else ("KB S E", "rb n", "BR west"): an official's code
and at most three words, which the game must read as its slide."""


def _slide_alone(line: str, parse_action: Callable[[str], object]) -> str | None:
    """The official's code of ``line`` when it is a slide alone on its line (:data:`_SLIDE_ALONE`:
    a slide the game reads, legal now or not, with no word of correction); None otherwise ("rb n
    w ta", "KB S?", "BK E N, scusate!")."""
    m = _SLIDE_ALONE.match(line.strip())
    if m is None or m["code"].upper() in _NOT_CODES or is_correction(line):
        return None  # (nor "BK E N, scusate!": a correction of the slide above)
    try:
        parse_action(line)
    except (InvalidSyntax, AmbiguousMove):
        return None
    except RuleError:
        pass  # (a later slide is read against the position its turn meets)
    return m["code"].upper()


def _slides_alone(a: str, b: str, parse_action: Callable[[str], object]) -> bool:
    """Is ``b`` a slide alone on its line after lines ``a`` that are slides alone too, each of
    another official ("BR W" / "KB S E" / "RB N"; issue 31, eleventh round)? The same official
    again ("KB S" / "KB S E") is a correction or a doubt: the lines are not joined and the reply
    is asked back."""
    parts = [p.strip() for p in a.split(" ; ")]
    codes = [_slide_alone(p, parse_action) for p in [*parts, b]]
    return None not in codes and len(set(codes)) == len(codes)


_IF_LEAD = re.compile(
    r"(?i)^\W*(?:(?:and|et|e|und|mais|but|ma|aber)\s+)?"
    r"(?:if|si|s['’]il|se|wenn|falls|sofern|qualora)(?![\w'’])"
)
_COND_END = re.compile(r"\s*[:,]\s+|\s+[-–—]+\s+")
_UNDECIDED = N_(
    "This reply names another slide beside your move ('%(line)s') that could not be read with "
    "it, so nothing was played. Write the slides one after the other, e.g. RB N; KB S (a later "
    "slide is played only if the fate dice let your turn go on), or send one slide at a time."
)
_OR_LEAD = re.compile(
    r"(?i)^\W*(?:or|ou(?:\s+bien)?|oppure|o|oder|bzw\.?|beziehungsweise|sinon|altrimenti"
    r"|sonst|otherwise)(?![\w'’])\s*,?\s*"
)
_NOT_CODES = frozenset(("OK", "PS", "NB", "PPS", "TV", "AM", "PM"))


def _undecided_later(
    out: Reading, todo: list[str], where: dict[int, int], parse_action: Callable[[str], object]
) -> None:
    """A turn whose move is read while another sentence of the reply sets a later slide on a
    condition not read with it as its plan: one the service cannot decide ("RB vers le nord. Si
    la case est libre : KB vers le sud.", "BR W." / "Falls Bea nicht zieht: RB N"), or the dice
    letting the turn go on in a line that could not be read with the move (issue 31, eighth
    round). Only the first slide was read: the reply is asked back, never half played."""
    actions = [c for c in out.commands if c.kind == "action"]
    if len(actions) != 1 or out.errors:
        return
    act = actions[0]
    at = where.get(id(act))
    said = {where.get(id(c)) for c in out.commands if c is not act}
    if (
        at is not None
        and (first := _sentences(todo[at])[0])
        and _PLAN_LEAD.match(re.sub(r"^\W+", "", first))
    ):
        # "Je pousse RB vers le nord." / "Ensuite KB vers le sud.": the later slide read, the
        # first not
        before = [t for k, x in enumerate(todo[:at]) if k not in said for t in _tokens(x)]
        if any(_moved(t) and t.upper() not in _NOT_CODES for t in before):
            out.errors.append((act.line, CommandError(_(_UNDECIDED) % {"line": first})))
            return
    for k, line in enumerate(todo):
        if k in said:
            continue
        sentences = _sentences(line)
        if k == at:
            sentences = sentences[1:]  # the move's own sentence is the move
        for sentence in sentences:
            if "?" in sentence:
                continue
            shown = sentence
            then = _PLAN_LEAD.match(bare := re.sub(r"^\W+", "", sentence))
            if then is not None:  # "Danach, wenn ich darf, KB nach Süden."
                sentence = bare[then.end() :]
            pieces = _COND_END.split(sentence.strip(), maxsplit=1)
            if (alt := _OR_LEAD.match(sentence)) is not None:
                head, tail = "", sentence[alt.end() :]  # "Ou bien KB vers le sud."
            elif _IF_LEAD.match(sentence) and len(pieces) == 2:
                head, tail = pieces
            elif then is not None:
                head, tail = "", sentence
            else:
                continue
            core = _later_slide(tail, parse_action)
            if (
                (
                    k == at
                    and alt is None
                    and act.plan
                    and (then or _goes_on(_IF_LEAD.sub("", head)))
                )  # its plan
                or core is None
                or denies(_tokens(core))
            ):
                continue
            try:
                if parse_action(core) == act.action and not (
                    k == at and _other_move(line, act, parse_action)
                ):
                    continue  # the move itself, said again under its condition
            except RuleError:
                pass
            out.errors.append((act.line, CommandError(_(_UNDECIDED) % {"line": shown})))
            return


_LIST_UNREAD = N_(
    "This reply lists more slides than could be read as one plan ('%(line)s'), so nothing was "
    "played. Write the slides one after the other, e.g. RB N; KB S (a later slide is played only "
    "if the fate dice let your turn go on), or send one slide at a time."
)
_OR_SPLIT = re.compile(
    r"[,;:?!()]|\s+[-–—]+\s+|\s(?i:or|ou|o|oppure|oder|bzw\.?|beziehungsweise)\s"
)


def _names_slide(text: str, parse_action: Callable[[str], object], code: bool = True) -> bool:
    """Does ``text`` name a slide: a piece of it (between commas, colons, brackets, an "or")
    written in the game's notation, or (``code``) an official's code in capitals ("could KB go
    south")?"""
    if code and any(_moved(t) and t.isupper() and t not in _NOT_CODES for t in _tokens(text)):
        return True
    for p in _OR_SPLIT.split(text):
        piece = p.strip(" .")
        if not piece or len(piece) > PROSE_MAX:
            continue
        head = _SLIDE_END.split(piece, maxsplit=1)[0].strip(" .!")  # "KB S if the board allows"
        if _a_slide(parse_action, piece) or (head != piece and _a_slide(parse_action, head)):
            return True
    return False


def _a_slide(parse_action: Callable[[str], object], text: str) -> bool:
    """Is ``text`` a move in the game's notation, legal now or not (not another decision's words:
    "je crois que c'est le mieux" is no slide)?"""
    try:
        parse_action(text)
    except (InvalidSyntax, NotYourDecision):
        return False
    except RuleError:
        return True
    return True


_IF_WITHIN = re.compile(
    r"(?i)(?<![\w'’])(?:if|si|s['’]il|se|wenn|falls|sofern|qualora|unless)(?![\w'’])"
)


_COMPACT_WAY = re.compile(r"(?<![\w'’])(?:[RYBGK]{2}|[NESW])\s+$")
"""An official's code or a direction in capitals just before a word ("KB SE", "KB S SE")."""


def _if_within(text: str) -> re.Match[str] | None:
    """The first condition word of ``text`` (:data:`_IF_WITHIN`), not the two directions of a
    slide written as one word in capitals after its official ("KB SE": south-east, never the
    Italian "se"; eighteenth round)."""
    for m in _IF_WITHIN.finditer(text):
        if m[0] == "SE" and _COMPACT_WAY.search(text[: m.start()]):
            continue
        return m
    return None


def _lead_of(sentence: str, parse_action: Callable[[str], object]) -> tuple[str, str] | None:
    """The kind of lead of a sentence that lists a slide of a plan, and the rest: "rank" (the
    second or a later item: "2)", "Zweitens", "Zum Schluss"), "then" ("Danach", "Poi"), "or"
    ("Oder", "Ou bien"), "if" (a slide that ends in a condition of going on: "KB south if the
    dice allow"); None for any other sentence."""
    bare = re.sub(r"^\W+", "", sentence)
    if len(bare) > PROSE_MAX:
        return None
    if (planned := _as_plan(bare, parse_action).rstrip(" .!")).endswith(";"):
        return "if", planned.rstrip(" ;")
    if (cond := _if_within(bare)) is not None and cond.start():
        return "if", bare  # "KB south if the board allows" (a condition after the slide)
    if (nth := _ordinal(bare)) is not None and nth[0] >= 2:
        return "rank", nth[1]
    if (then := _PLAN_LEAD.match(bare)) is not None and not _DONE_FIRST.match(bare):
        return "then", bare[then.end() :]
    if (alt := _OR_LEAD.match(bare)) is not None:
        return "or", bare[alt.end() :]
    return None


_DONE_FIRST = re.compile(
    r"(?i)^(?:dopo\s+(?:aver(?:e|ci|lo|la)?|esser(?:e|mi)?)|apr[èe]s\s+(?:avoir|[êe]tre)"
    r"|after\s+(?:a|an|some|much|long|careful|\w+ing)\s)"
)
""""After" said of what the player did before deciding ("Dopo averci pensato tutta la notte, il
nero-blu ...", "Après avoir regardé le plateau, ..."; fifteenth round): no later slide of a plan
(Die Verbotene Stadt's notation reads the clause away before the slide)."""
_JUST = frozenset(("just", "only", "juste", "seulement", "uniquement", "solo", "soltanto",
                   "solamente", "unicamente", "nur", "lediglich", "bloß", "bloss"))  # fmt: skip
"""The words that keep one slide alone ("just RB north", "nur KB nach Süden")."""


def _plan_dropped(
    act: Command, after: list[str], parse_action: Callable[[str], object]
) -> str | None:
    """The last line after a plan that corrects it to its first slide alone ("Sorry, scratch the
    second one, just RB north", "Nein, streicht das Zweite, nur KB nach Süden", "Anzi no: solo RB
    a nord"; issue 31, tenth round): a correction with "just" that names that slide and no
    other; None otherwise. The player's last word: the first slide alone."""
    lines = [x for x in after if x.strip()]
    if not lines:
        return None
    last = lines[-1]
    words = {t.casefold() for t in _tokens(last)}
    if not is_correction(last) or not words & _JUST or "?" in last:
        return None
    named = [p.strip(" .") for p in _OR_SPLIT.split(last) if _names_slide(p, parse_action)]
    cores = [c for p in named if (c := _later_slide(strip_please(p) or p, parse_action))]
    if len(named) != 1 or len(cores) != 1:
        return None
    bare = " ".join(t for t in _tokens(cores[0]) if t.casefold() not in _JUST)
    try:
        return last if parse_action(bare) == act.action else None
    except RuleError:
        return None


_ITEM_NAMED = re.compile(
    r"(?i)(?<![\w'’])(?:\d{1,2}[.)°]|[b-d]\)|(?:the|le|la|il|lo|das|der|die|den)\s+(?:"
    + "|".join(w for k in (2, 3, 4) for w in _ORDINALS[k] if not w.isdigit())
    + r")|"
    + "|".join(w for k in (2, 3, 4) for w in _ADVERBS[k])
    + r")(?![\w'’])"
)
"""A reference to an item of the player's own list ("2)", "the second", "le deuxième", "das
Zweite", "il secondo")."""


def _item_corrected(
    todo: list[str], at: int, said: set[int | None], parse_action: Callable[[str], object]
) -> bool:
    """Is the move read from a correction of one item of a list of slides above it ("1) RB
    north" / "2) KB south" / "No wait, 2) should be BR west")? Which slides the player now
    means is not said: asked back (tenth round)."""
    line = todo[at]
    if not is_correction(line) or not _ITEM_NAMED.search(line):
        return False
    return any(
        k not in said
        and (";" in todo[k] or _begins_list(todo[k]))
        and _names_slide(todo[k], parse_action)
        for k in range(at)
    )


def _said_move(text: str, act: Command, parse_action: Callable[[str], object]) -> bool:
    """Is the slide at the start of ``text`` the move ``act`` read?"""
    core = _later_slide(_SLIDE_END.split(text.strip(), maxsplit=1)[0], parse_action)
    try:
        return core is not None and parse_action(core) == act.action
    except RuleError:
        return False


def _marked_sentences(line: str) -> list[str]:
    """The sentences of ``line``, a list's mark that the split left alone ("2." of "2. ???")
    kept with the sentence after it."""
    out: list[str] = []
    for sentence in _sentences(line):
        if out and (
            re.fullmatch(r"\W*(?:\d{1,2}|[a-dA-D]|[ivIV]{1,3})[.)/°]", out[-1])
            or ((then := _PLAN_LEAD.match(out[-1])) and not re.search(r"\w", out[-1][then.end() :]))
        ):  # "2." / "???", "Ensuite ?" / "Je ne sais pas, KB au sud peut-être."
            out[-1] = f"{out[-1]} {sentence}"
        else:
            out.append(sentence)
    return out


def _list_unread(
    out: Reading, todo: list[str], where: dict[int, int], parse_action: Callable[[str], object]
) -> None:
    """The player's list of slides not read whole (issue 31, tenth round): beside the one move
    read, a sentence that lists a later slide ("3) KB south", "Zweitens, ... KB nach Süden", "Zum
    Schluss RB N", "Oder ... BK E") not read with it, a later item that asks ("2. ???",
    "Secondo: KB a sud, si può?"), or more such sentences in the move's own line than its plan
    has later slides. The first slide of a plan is never played alone: the reply is asked back."""
    actions = [c for c in out.commands if c.kind == "action"]
    if len(actions) != 1 or out.errors:
        return
    act = actions[0]
    at = where.get(id(act))
    said = {where.get(id(c)) for c in out.commands if c is not act}
    if act.plan and at is not None and (alone := _plan_dropped(act, todo[at + 1 :], parse_action)):
        # "1) RB north" / "2) KB south" / "Sorry, scratch the second one, just RB north."
        out.commands[out.commands.index(act)] = act = replace(act, plan=(), line=alone)
        said.add(at)  # (the plan's own lines, taken back, list nothing more)
        said.update(k for k in range(at + 1, len(todo)) if todo[k].strip())
    if at is not None and _item_corrected(todo, at, said, parse_action):
        # "1) RB north" / "2) KB south" / "No wait, 2) should be BR west."
        out.errors.append((act.line, CommandError(_(_LIST_UNREAD) % {"line": todo[at]})))
        return
    listed = 0
    for k, line in enumerate(todo):
        if k in said:
            continue
        for sentence in _marked_sentences(line):
            lead = _lead_of(sentence, parse_action)
            if lead is None:
                continue
            kind, rest = lead
            # a code alone names a slide in a list's item or a question ("2) KB?"), not in a
            # remark after "then" ("Then I'll see what BK does")
            named = _names_slide(rest, parse_action, code=kind in ("rank", "or") or "?" in rest)
            if kind == "if" and named and _said_move(rest, act, parse_action):
                continue  # "RB N, if that's allowed": the move itself under its condition
            if k == at and kind != "or" and named and "?" not in rest:
                itself = kind == "then" and not act.plan
                if itself and _then_is_the_move(todo, (k, sentence), act, rest, parse_action):
                    continue  # "Uff. Dann KB S.", "Ugh. Then KB south.": the move itself
                listed += 1  # a later slide of the move's own line: its plan's, if it has as many
                continue
            if (
                named
                or (kind == "rank" and re.match(r"[^\w?]*\?", rest))  # "2. ???"
                or (kind == "or" and "?" in rest)  # "(or the other way round?)"
            ):
                out.errors.append((act.line, CommandError(_(_LIST_UNREAD) % {"line": sentence})))
                return
    if listed > len(act.plan):
        out.errors.append((act.line, CommandError(_(_LIST_UNREAD) % {"line": todo[at or 0]})))


def _then_is_the_move(
    todo: list[str],
    at: tuple[int, str],
    act: Command,
    rest: str,
    parse_action: Callable[[str], object],
) -> bool:
    """Is the sentence led by "then" (``at``: its line and itself) that names ``act``'s slide
    the move itself, not a later slide of a plan ("> Süd hat GB nach Westen geschoben." / "Uff.
    Dann KB S.", "Ugh. Then KB south.": a conclusion after a remark; nineteenth round)? Only when
    no other sentence of the reply names a slide or an official's code: "BK E vielleicht. Dann
    KB S." is asked back."""
    if not _said_move(rest, act, parse_action):
        return False
    for k, line in enumerate(todo):
        for other in _marked_sentences(line):
            if (k, other) != at and _names_slide(other, parse_action):
                return False
    return True


_TURN_NOW = (
    r"(?:\s+(?:on\s+)?(?:this|that|my)\s+(?:turn|time|round|go|move)|\s+(?:for\s+)?now"
    r"|\s+today|\s+(?:ce|mon)\s+(?:tour|coup)(?:-ci)?|\s+cette\s+fois(?:-ci)?"
    r"|\s+pour\s+(?:ce|le)\s+tour(?:-ci)?|\s+pour\s+l['’]instant|\s+maintenant"
    r"|\s+aujourd['’]hui|\s+(?:questo|sto|il\s+mio|il)\s+(?:turno|giro)|\s+stavolta"
    r"|\s+questa\s+volta|\s+per\s+ora|\s+adesso|\s+ora|\s+oggi|\s+diesmal|\s+diese\s+runde"
    r"|\s+dieses\s+mal|\s+jetzt|\s+heute|\s+in\s+dieser\s+runde|\s+erstmal|\s+einmal|\s+mal)?"
)
_CLAUSE_ENDS = (
    r"(?=\s*(?:$|[,.;:!…()\[\]]|[-–—])|\s+(?:but|mais|ma|però|pero|aber|sondern|and|et|e|und"
    r"|because|car|parce|perché|perche|weil|denn|so|donc|quindi|also|sorry|désolé|desole"
    r"|scusate|scusa|leider|thanks|merci|grazie|danke)(?![\w'’]))"
)
_PASSES = re.compile(
    r"(?i)(?<![\w'’])(?:"
    # en: "I pass", "I'll pass this turn", "I'm skipping my turn", "I'll sit this one out"
    r"I(?:['’]ll|\s+will|['’]m|\s+am|['’]d|\s+would)?\s+(?:(?:just|simply|rather|going\s+to)\s+)*"
    r"(?:pass(?:ing)?|skip(?:ping)?(?:\s+(?:this|my|the)\s+(?:turn|go|round|move))?"
    r"|sit(?:ting)?\s+(?:(?:this|that)\s+(?:one|turn|round)\s+)?out)"
    r"|(?<![^\s.!;:,])(?:pass(?:ing)?|skip(?:ping)?\s+(?:this|my)\s+(?:turn|go|round))"
    # fr: "je passe (mon tour)", "je saute mon tour", "je m'abstiens", "je vais passer"
    r"|je\s+(?:(?:vais|préfère|prefere|préfèrerais|préférerais|prefererais)\s+)?"
    r"(?:passe(?:r)?|saute(?:r)?\s+(?:mon|ce|le)\s+tour|m['’]abstiens|m['’]abstenir)"
    r"(?:\s+(?:mon|ce|le)\s+(?:tour|coup)(?:-ci)?)?"
    # it: "passo (il turno)", "salto il turno", "questo turno passo", "stavolta passo"
    r"|(?:io\s+)?(?:pass(?:o|erò|ero)|salt(?:o|erò|ero))\s+(?:il|questo|sto|il\s+mio)\s+"
    r"(?:turno|giro)|(?:(?:questo|sto|il\s+mio)\s+(?:turno|giro)|(?:questa\s+)?volta|stavolta"
    r"|io|allora|ok|okay)\s*,?\s+pass(?:o|erò|ero)"
    r"|(?<![^\s.!;:,])pass(?:o|erò|ero)"
    # de: "ich passe", "ich setze (diese Runde) aus", "diesmal passe ich", "ich verzichte"
    r"|ich\s+(?:passe|verzichte|setze\s+(?:diese\s+runde\s+|diesmal\s+|einmal\s+|mal\s+"
    r"|eine\s+runde\s+|lieber\s+)?aus|(?:lasse|überspringe|ueberspringe)\s+(?:diese\s+runde"
    r"|diesen\s+zug|meinen\s+zug|die\s+runde)(?:\s+aus)?)|(?:(?:diesmal|diese\s+runde|heute"
    r"|jetzt|also|dann)\s+)?(?:passe|verzichte)\s+ich|(?:(?:diesmal|diese\s+runde|heute|jetzt"
    r"|also|dann)\s+)?setze\s+ich\s+(?:diese\s+runde\s+|diesmal\s+|einmal\s+|mal\s+"
    r"|lieber\s+)?aus"
    r")"
    + _TURN_NOW
    + r"(?:\s+(?:for\s+now|this\s+time|pour\s+l['’]instant|per\s+ora))?"
    + _CLAUSE_ENDS
)
_WONT_PLAY = re.compile(
    r"(?i)(?<![\w'’])(?:"
    # en: "I don't want to play this turn", "I won't move", "not moving this time"
    r"I\s+(?:do\s+not|don['’]t|won['’]t|will\s+not|would\s+rather\s+not|['’]d\s+rather\s+not"
    r"|am\s+not\s+going\s+to|['’]m\s+not\s+going\s+to|['’]m\s+not|am\s+not)\s+(?:really\s+)?"
    r"(?:want\s+to\s+|wanna\s+|feel\s+like\s+)?(?:play(?:ing)?|mov(?:e|ing))"
    r"|(?<![^\s.!;:,])not\s+(?:playing|moving)|(?<![^\s.!;:,])no\s+move(?:\s+from\s+me"
    r"|\s+for\s+me)?"
    # fr: "je ne (veux|vais) pas jouer", "je ne joue pas", "pas de coup pour moi"
    r"|je\s+ne\s+(?:veux|vais|souhaite|compte|préfère|prefere|tiens)\s+pas\s+(?:à\s+)?"
    r"(?:jouer|bouger)|je\s+ne\s+(?:joue|bouge|jouerai|bougerai)\s+(?:pas|rien)"
    r"|je\s+n['’]ai\s+pas\s+envie\s+de\s+(?:jouer|bouger)|(?<![^\s.!;:,])pas\s+de\s+coup"
    r"(?:\s+pour\s+moi)?"
    # it: "non (voglio) giocare", "non gioco", "non muovo", "nessuna mossa"
    r"|(?:io\s+)?non\s+(?:voglio\s+|vado\s+a\s+|intendo\s+|ho\s+voglia\s+di\s+)?"
    r"(?:gioc(?:o|are|herò|hero)|muov(?:o|ere|erò|ero))|(?<![^\s.!;:,])nessuna\s+mossa"
    r"(?:\s+(?:per|da)\s+(?:me|parte\s+mia))?"
    # de: "ich will (diesmal) nicht ziehen", "ich ziehe nicht", "kein Zug von mir"
    r"|ich\s+(?:will|möchte|moechte|werde|mag)\s+(?:diesmal\s+|jetzt\s+|diese\s+runde\s+"
    r"|heute\s+|lieber\s+)?(?:gar\s+)?nicht\s+(?:ziehen|spielen)|ich\s+(?:ziehe|spiele)"
    r"(?:\s+diesmal|\s+diese\s+runde|\s+jetzt|\s+heute)?\s+(?:gar\s+)?nicht"
    r"|(?:diesmal|diese\s+runde|heute|jetzt)\s+(?:ziehe|spiele)\s+ich\s+(?:gar\s+)?nicht"
    r"|(?<![^\s.!;:,])kein\s+zug(?:\s+(?:von|für|fuer)\s+mir|\s+für\s+mich|\s+fuer\s+mich)?"
    r")" + _TURN_NOW + _CLAUSE_ENDS
)
"""A refusal of the turn (issue 31, ninth round), as a whole closed class in the four languages:
the player says they pass, skip or sit out the turn ("I'll pass this turn", "je passe mon tour",
"questo turno passo", "ich setze diese Runde aus") or will not play or move ("I don't want to
play this turn", "not moving this time", "je ne joue pas ce tour-ci", "non voglio giocare",
"ich will diesmal nicht ziehen", "kein Zug von mir"), in the first person and with nothing after
the verb but the turn it refuses: "I don't want to move RB but BK" denies one move, not the
turn. The game has no pass: a move beside such a sentence is not meant to be played now."""
_NOT_NOW = re.compile(
    r"(?i)(?<![\w'’])(?:if|si|s['’]il|se|wenn|falls|unless|sofern|qualora|when|quand|lorsque"
    r"|quando|als|sobald|next|prochain|prochaine|prossim[oa]|nächst\w*|naechst\w*|tomorrow"
    r"|demain|domani|morgen|week|weekend|semaine|settimana|woche|yesterday|hier|ieri|gestern"
    r"|last|dernier|dernière|derniere|scors[oa]|letzt\w*|until|till|jusqu\w*|fino|bis"
    r"|before|avant|prima|vor|after|après|apres|dopo|later|plus\s+tard|più\s+tardi|später"
    r"|said|wrote|a\s+dit|a\s+écrit|ha\s+detto|ha\s+scritto|sagte|schrieb|says|dit|dice|sagt"
    r"|could|couldn['’]t|would\s+have|aurais|avrei|hätte|haette|was|war|étais|etais|ero"
    r"|wanted|voulais|volevo|wollte|thought|pensais|pensavo|dachte)(?![\w'’])"
)
"""Words that put a refusal elsewhere than on this turn (a condition, another turn or day, the
past, someone else's words): such a sentence refuses nothing of the move beside it."""
_DENIED_REFUSAL = re.compile(
    r"(?i)(?<![\w'’])(?:not|never|no|non|ne|n['’]|pas|nicht|nie|kein|mai|jamais)(?![\w'’])"
    r"|n['’]t(?![\w'’])"
)
_REFUSAL_LEAD = re.compile(
    r"(?i)^\s*(?:(?:ok|okay|well|so|ah|oh|hmm+|sorry|honestly|frankly|this\s+time|then|and|but"
    r"|bon|alors|donc|bref|désolé|desole|désolée|franchement|cette\s+fois(?:-ci)?|et|mais|allora"
    r"|beh|quindi|scusate|scusa|sinceramente|questa\s+volta|stavolta|e|ma|also|nun|gut|na\s+ja"
    r"|naja|tja|sorry|leider|ehrlich\s+gesagt|diesmal|und|aber|ne)(?![\w'’])\s*,?\s*)*$"
)
"""What may stand before a refusal in its clause: interjections and "this time" only."""
_TURN_REFUSED = N_(
    "This reply says you do not play this turn ('%(line)s') and also names a move, so nothing "
    "was played. There is no passing in this game: to play, send the move alone."
)


def _refusal(sentence: str) -> bool:
    """Does ``sentence`` refuse the player's turn now (:data:`_PASSES`, :data:`_WONT_PLAY`)?
    Not as a question, a condition, of another turn or day, in the past or in someone's words
    (:data:`_NOT_NOW`), in quotes, nor a pass denied ("je ne veux pas passer mon tour", "I'm not
    skipping", "non passo il turno")."""
    if "?" in sentence or any(q in sentence for q in '"“”„«»'):
        return False
    if len(sentence) > PROSE_MAX:
        sentence = sentence[:PROSE_MAX]  # (a refusal is said in a few words; linear cost)
    for pattern, denied_ok in ((_PASSES, False), (_WONT_PLAY, True)):
        for m in itertools.islice(pattern.finditer(sentence), 4):
            clause = re.split(r"[,.;:!…]", sentence[: m.start()])[-1]
            after = re.split(r"[,.;:!…]", sentence[m.end() :])[0]
            if not _REFUSAL_LEAD.match(clause) or _NOT_NOW.search(
                " ".join((sentence[: m.start()], m.group(0), after))
            ):
                continue
            if not denied_ok and _DENIED_REFUSAL.search(clause + " " + m.group(0)):
                continue  # "je ne veux pas passer mon tour", "I won't pass"
            return True
    return False


_PASS_VERB = re.compile(
    r"(?i)(?<![\w'’])(?:pass|passing|skip|skipping|passer|passe|sauter|saute|pass(?:o|are)"
    r"|salt(?:o|are)|passen|aussetzen|setze\s+(?:\w+\s+)?aus)(?![\w'’])"
)


def _pass_denied(head: str) -> bool:
    """Does the lead-in ``head`` only deny a pass ("Je ne veux pas passer mon tour", "Non passo
    il turno", "Ich passe nicht", "I don't want to pass")? It then says the plan after it is
    played (issue 31, ninth round)."""
    return (
        _PASS_VERB.search(head) is not None
        and _DENIED_REFUSAL.search(head) is not None
        and "?" not in head
        and not _NOT_NOW.search(head)
        and len(_tokens(head)) <= 8
    )


def _refused_turn(out: Reading, todo: list[str]) -> None:
    """A move read beside a sentence of the reply that refuses the turn ("I don't want to play
    this turn. RB north, then KB south.", "Questo turno passo. RB nord poi KB sud", "Ich setze
    diese Runde aus." / "RB nach Norden"; issue 31, ninth round): the move is asked back, never
    played. The game has no pass, so one of the two is not meant."""
    actions = [c for c in out.commands if c.kind == "action"]
    if not actions or out.errors:
        return
    for line in todo:
        for sentence in _sentences(line):
            if _refusal(sentence):
                out.errors.append(
                    (actions[0].line, CommandError(_(_TURN_REFUSED) % {"line": sentence.strip()}))
                )
                return


_SLIDE_END = re.compile(
    r"\s*[,(]\s*|\s+[-–—]+\s+|\s+(?=(?i:if|si|se|wenn|falls|sofern|qualora|unless)(?![\w'’]))"
)


def _later_slide(tail: str, parse_action: Callable[[str], object]) -> str | None:
    """The slide written at the start of ``tail`` ("KB nach Süden, falls das Feld frei ist": KB
    nach Süden), None when it starts with none."""
    core = strip_please(tail.strip(" .!")) or tail.strip(" .!")
    if _written(parse_action, core):
        return core
    head = _SLIDE_END.split(core, maxsplit=1)[0].strip(" .!")
    return head if head and head != core and _written(parse_action, head) else None


def _other_move(line: str, act: Command, parse_action: Callable[[str], object]) -> bool:
    """Does the first sentence of ``line`` name a move other than ``act``'s ("rb n. And if
    it's still my turn, KB south" read as KB S)?"""
    first = _sentences(line)[0]
    if first == line:
        return False
    try:
        return parse_action(strip_please(first.strip(" .!")) or first) != act.action
    except RuleError:
        return False


_OVER_LINES: ContextVar[frozenset[tuple[str, str]]] = ContextVar("_OVER_LINES", default=frozenset())
"""The pairs of lines being tried as one plan (the trial readings do not try them again)."""


def _written(parse_action: Callable[[str], object], text: str) -> bool:
    """Is ``text`` in the game's notation (legal now or not)?"""
    try:
        parse_action(text)
    except InvalidSyntax:
        return False
    except RuleError:
        return True
    return True


def _adds_to(head: str, remark: str, parse_action: Callable[[str], object]) -> bool:
    """Does a word of ``remark`` say more about the move ``head`` names ("BR west, turning south
    at the end": "south" is a direction of the same slide; issue 31)? When ``head`` is a move and
    ``head`` with that word reads as another move, or as one that cannot be played."""
    try:
        base = parse_action(strip_please(head) or head)
    except RuleError:
        return False
    for word in _tokens(remark):
        try:
            if parse_action(f"{strip_please(head) or head} {word}") != base:
                return True
        except InvalidSyntax:
            continue
        except RuleError:
            return True
    return False


def _joined(head: str, more: str, parse_action: Callable[[str], object]) -> str | None:
    """The move ``head`` names with the words of ``more`` that the game reads with it ("I'll
    slide BR west" and "turning south at the end": "... west turning south"), when that is a
    legal move and the words left out deny nothing; None otherwise."""
    kept, left = [], []
    for word in _tokens(more):
        try:
            parse_action(f"{head} {word}")
        except InvalidSyntax:
            left.append(word)
            continue
        except RuleError:
            pass
        kept.append(word)
    if not kept or denies(left) or len(left) > MAX_UNKNOWN:
        return None
    text = " ".join([head, *kept])
    return text if _parses(parse_action, text) else None


MAX_UNKNOWN = 3
"""Words of a remark left out when its directions are joined to the slide before it."""


def _aside(text: str, parse_action: Callable[[str], object]) -> bool:
    """May ``text`` be left out of a plan's action (a lead-in, a remark, a greeting)? Words that
    deny nothing, hold no code, no plan word and nothing the game reads."""
    toks = _tokens(text)
    return (
        not denies(toks)
        and not any(_code_like(t) or t.upper() in _PLAN_WORD_SET for t in toks)
        and not (toks and _written(parse_action, text))
    )


_DICE_IF = re.compile(
    r"(?i)(?:^|\s*,?\s+)(?:(?:and|et|e|und)\s+)?(?:si|if|se|wenn|falls)\s+"
    r"(?:les\s+dés|le\s+dé|the\s+dice|the\s+die|i\s+dadi|il\s+dado|die\s+würfel"
    r"|der\s+würfel|die\s+wuerfel|der\s+wuerfel)\s+(?:le\s+|lo\s+|es\s+|me\s+|mi\s+|mir\s+)?"
    r"(?:permettent|permet|allow(?:s)?(?:\s+it)?|let\s+me|permettono|permette|consentono"
    r"|consente|erlauben|erlaubt|zulassen|lassen|laissent|laisse)(?:\s+it)?"
    r"(?:\s+(?:carry\s+on|go\s+on|continue|play\s+on|rejouer|continuer|jouer\s+encore"
    r"|continuare|rigiocare|weitermachen|weiterspielen|weiterziehen))?\s*(?=$|[,.;!])"
    r"|(?:^|\s*,?\s+)(?:(?:and|et|e|und)\s+)?(?:si|if|se|wenn|falls)\s+"
    + _AGAIN
    + r"\s*(?=$|[,.;!])"
    r"|(?:^|\s*,?\s+)(?:(?:the\s+)?dice|(?:the\s+)?die|luck)\s+permitting\s*(?=$|[,.;!])"
)
"""The condition of a plan's later action on the fate dice ("BK E puis KB S si les dés le
permettent", "RB N ; ensuite, si les dés le permettent, KB S"; issue 31): what a plan means."""


_LEAD_VERB = re.compile(
    r"(?i)^\W*(?:(?:so|ok|okay|well|alors|bon|donc|allora|dunque|ok|also|gut|na)\s*,?\s+)?(?:"
    # en: "I'll try", "I want to move", "I'd like to slide", "going with"
    r"(?:I(?=['’])|I\s+)?(?:(?:['’]ll|will|would\s+like\s+to|['’]d\s+like\s+to|want\s+to|wanna"
    r"|am\s+going\s+to|['’]m\s+going\s+to|['’]m\s+gonna|gonna|going\s+to|shall"
    r"|think\s+I['’]ll)\s*)?"
    r"(?:try|play|move|slide|push|go(?:\s+with)?|do|make|take|shift)|(?:I['’]m\s+)?going\s+with"
    r"|(?:let['’]?s|lemme|let\s+me)\s+(?:try|move|slide|push|go(?:\s+with)?|do|play)"
    # fr: "je tente", "je vais jouer", "je voudrais déplacer", "j'essaie", "on tente"
    r"|(?:je|j['’]|on)\s*(?:(?:vais|voudrais|veux|préfère|prefere|souhaite|aimerais|compte)\s+)?"
    r"(?:tente[rz]?|joue[rz]?|bouge[rz]?|déplace[rz]?|deplace[rz]?|pousse[rz]?|glisse[rz]?"
    r"|fais|faire|avance[rz]?|essaie|essaye|essayer|opte\s+pour|mets|mettre)"
    # it: "provo", "vorrei spostare", "voglio muovere", "faccio", "tento"
    r"|(?:io\s+)?(?:(?:vorrei|voglio|preferisco|provo\s+a|vado\s+a)\s+)?"
    r"(?:provo|tento|gioco|giocare|muovo|muovere|sposto|spostare|spingo|spingere|faccio|fare"
    r"|provare|tentare|farò|faro|proverò|provero|muoverò|muovero|sposterò|spostero)"
    # de: "ich versuche", "ich würde gerne", "ich möchte", "zuerst ziehe ich", "erst schiebe ich"
    r"|(?:(?:zuerst|erst|zunächst|zunaechst|jetzt|nun|also)\s+)?(?:ich\s+)?(?:versuche|probiere"
    r"|ziehe|schiebe|spiele|bewege|mache|nehme|würde\s+gerne|wuerde\s+gerne|würde|möchte"
    r"|moechte|will|werde|mag)(?:\s+(?:ich|es|mal|gerne|gern|jetzt|lieber))*"
    r")(?:\s+(?:it|ça|ca|lo|es|mal|with|avec|con|mit|par|per|pour|à|a))?\s+(?=[rybgk]{2}\b)"
)
"""A first-person verb that only announces the first action of a plan ("Je tente BR à l'ouest,
puis ...", "Provo BR a ovest, poi ...", "Ich würde gerne RB nach Norden ziehen und danach ...",
"I'll try BR west, then ..."; issue 31, ninth round): the closed class of the four languages'
verbs of playing, moving, trying and wanting, in the persons and tenses a player writes."""
_ARROW_REMARK = re.compile(r"\s*(?:<-+|<=+|←|⬅|<<)\s*(?P<r>[^<←⬅]*)$")
"""A note pointing back at the action ("RB N; KB S  <- my plan", "← mon coup")."""
_TRAILING_VERB = re.compile(
    r"(?i)\s+(?:ziehen|schieben|bewegen|spielen|machen|versuchen|rücken|ruecken|setzen)\s*$"
)
"""The infinitive at the end of a German clause ("RB nach Norden ziehen")."""
_DICTATED = re.compile(
    r"(?i)(?:\s+(?:point(?:\s+final)?|virgule|punto|virgola|punkt|komma|period|full\s+stop"
    r"|comma|dot))+\s*$"
)
"""Punctuation a voice dictation wrote as a word at the end of an action ("RB nord puis KB sud
point")."""


def _cores(part: str, parse_action: Callable[[str], object]) -> list[str]:
    """A plan's action without what stands around it: courtesy at its ends, a lead-in before a
    colon ("La mia mossa: kb verso il basso"), a remark after a dash, in brackets or after its
    last comma ("rb nach oben — schönen Abend noch"), each only when it is :func:`_aside`. Every
    such form, the part as written first."""
    bare = strip_please(part) or part
    forms = [part, bare]
    if (nth := _ordinal(bare)) is not None and re.match(r"(?i)[rybgk]{2}\b", nth[1]):
        # "Premier coup RB vers le haut", "1. RB north" (the list's number is no count of steps:
        # the form without it is tried first)
        forms.insert(0, bare := strip_please(nth[1]) or nth[1])
    elif nth is not None and nth[0] == 1:
        # "Per prima cosa il funzionario col cappello nero ...", "Als Erstes schiebe ich BR ..."
        forms.append(bare := strip_please(nth[1]) or nth[1])
    short = len(part) <= PROSE_MAX  # (the forms below are of a few words; linear cost)
    if short and (m := _ARROW_REMARK.search(bare)) and _aside(m["r"], parse_action):
        forms.append(bare := strip_please(bare[: m.start()]) or bare[: m.start()])  # "<- my plan"
    for pattern in (_DICTATED, _LEAD_VERB, _TRAILING_VERB) if short else ():
        if (plain := pattern.sub("", bare).strip(" ,")) and plain != bare.strip(" ,"):
            # "Je tente BR à l'ouest", "RB nach Norden ziehen", "KB sud point"
            forms.append(bare := strip_please(plain) or plain)
    if (undiced := _DICE_IF.sub(" ", part).strip(" ,")) != part.strip(" ,"):
        forms.append(strip_please(undiced) or undiced)  # "KB S si les dés le permettent"
        bare = forms[-1]
    if (unnexted := _NEXT_GO_END.sub("", bare).strip(" ,")) != bare.strip(" ,"):
        forms.append(strip_please(unnexted) or unnexted)  # "BR W on my next go"
        bare = forms[-1]
    if (unnow := _NOW_SAID.sub("", bare).strip(" ,")) != bare.strip(" ,"):
        forms.append(strip_please(unnow) or unnow)  # "jetzt BK E" before "beim nächsten Mal"
        bare = forms[-1]
    heads = _COLON.split(bare, maxsplit=1)
    if len(heads) == 2 and heads[1] and _aside(heads[0], parse_action):
        forms.append(strip_please(heads[1]))
    for f in list(forms):
        pieces = [p for p in _SENTENCE.split(f) if p.strip(" ()")]
        if len(pieces) > 1 and all(
            _aside(p.strip(" ()"), parse_action) and not _adds_to(pieces[0], p, parse_action)
            for p in pieces[1:]
        ):
            forms.append(strip_please(pieces[0].strip(" ()")))
        if len(pieces) > 1 and all(
            _remark_before(p.strip(" ()"), parse_action) for p in pieces[:-1]
        ):
            # a remark or a greeting before the first action ("Bonsoir à tous. RB vers le nord")
            forms.append(strip_please(pieces[-1].strip(" ()")))
        if "," in f:
            head, tail = f.rsplit(",", 1)
            if _aside(tail, parse_action) and not _adds_to(head, tail, parse_action):
                forms.append(strip_please(head))
    for f in list(forms[1:]) if short else []:  # "hey all - gonna push RB up": remark, verb
        for pattern in (_DICTATED, _LEAD_VERB, _TRAILING_VERB):
            if (plain := pattern.sub("", f).strip(" ,")) and plain != f.strip(" ,"):
                forms.append(f := strip_please(plain) or plain)
    return [f for f in dict.fromkeys(forms) if f]


def _remark_before(text: str, parse_action: Callable[[str], object]) -> bool:
    """May the sentence ``text`` before a plan's first action be left out ("Pavilion 7 is miles
    away, so this turn is about positioning.")? No code, no plan word, nothing the game reads,
    no negation, question, correction or take-back: a remark (words that only weigh, "about",
    "thought", deny nothing of a move it does not name)."""
    toks = _tokens(text)
    words = {t.casefold() for t in toks}
    return (
        bool(toks)
        and "?" not in text
        and not any(_code_like(t) or t.upper() in _PLAN_WORD_SET for t in toks)
        and not words & _NEGATIONS
        and not any(w.endswith("n't") for w in words)
        and not is_correction(text)
        and not is_take_back(text)
        and not _written(parse_action, text)
    )


def _plan_actions(parts: list[str], parse_action: Callable[[str], object]) -> list[str]:
    """A plan's actions as the game reads them (issue 31): each without what stands around it
    (:func:`_core`), and a part that names no action of its own (directions only: "BK à droite,
    ensuite en bas") joined to the action before it, when the two read together."""
    out: list[str] = []
    for raw in parts:
        forms = _cores(raw, parse_action)
        alone = next((f for f in forms if _parses(parse_action, f)), None) or next(
            (f for f in forms if _written(parse_action, f)), None
        )
        if alone is None and out:
            joined = next((j for f in forms if _written(parse_action, j := f"{out[-1]} {f}")), None)
            if joined is not None:
                out[-1] = joined
                continue
        out.append(alone or strip_please(raw) or raw)
    return out


def _one_slide_corrected(line: str, parse_action: Callable[[str], object]) -> bool:
    """Does ``line`` name one slide, then correct or restate it with the slide meant, which reads
    as one move whatever its "then" ("RB vers le nord. Plus précisément : RB vers le nord puis
    vers l'ouest", "KB S, oh sorry, BR west then north"; thirteenth round)? A plan before the
    correction ("RB N then BK E. Sorry, BK E S") is not one slide: the correction may be of its
    second, and the line is left to the plan's reading."""
    if "?" in line or not (tail := _after_correction(line)):
        return False
    at = line.rfind(tail.split()[0])
    head = line[:at] if at > 0 else ""
    if not _OFFICIAL_CODE.search(head) or len(plan_parts(_as_plan(head, parse_action))) != 1:
        return False
    return _parses(parse_action, strip_please(tail).rstrip(" .!"))


def _read_plan(
    line: str,
    parts: list[str],
    guard: int | None,
    out: Reading,
    parse_action: Callable[[str], object],
    from_subject: bool,
    notation: Callable[[object], str] | None = None,
) -> None:
    """A plan: its first action must be legal now; each later one must at least be written in
    the game's notation (whether it is legal is known only when its turn comes). A later action
    legal now is kept in the game's notation when that reads as the same action ("le rouge-bleu
    monte au nord" as RB N: the echo and the log then say what will be played)."""
    try:
        first = parse_action(parts[0])
    except RuleError as err:
        if isinstance(err, InvalidSyntax | NotYourDecision) and not _looks_like_attempt(line):
            out.ignored.append(line)  # prose with a semicolon, not a plan
        else:
            out.errors.append((line, err))
        return
    later: list[str] = []
    for k, part in enumerate(parts[1:], start=2):
        if k == len(parts) and not _parses(parse_action, part):
            # "BK a est, poi KB a sud e incrociamo le dita": the last slide, then a remark
            at = _At(line, guard, Reading(), parse_action, None, notation, from_subject)
            part = _slide_before_remark(part, at) or part
        try:
            action = parse_action(part)
        except InvalidSyntax as err:
            out.errors.append(
                (
                    line,
                    CommandError(
                        _(
                            "Action %(num)d of your plan, '%(part)s', is not written as a move: "
                            "%(why)s Nothing was played."
                        )
                        % {"num": k, "part": part, "why": err},
                        hint=err.hint,
                    ),
                )
            )
            return
        except RuleError:
            later.append(part)  # not legal in today's position: checked when its turn comes
        else:
            later.append(_in_notation(part, action, parse_action, notation))
    if notation is not None and (said := _said_twice(line, parts, notation(first), later)):
        if said is not True:
            # "RB N ... RB N" in two forms with nothing that makes it a conclusion: a slide
            # said twice, or two slides? Asked back.
            out.errors.append((line, CommandError(_(_MORE_THAN_ONE) % {"moves": said})))
            return
        later = later[1:]
    if notation is not None and (said := _restated_in_plan(notation(first), later)):
        # "RB nach Norden, RB nach Norden und dann nach Westen": the slide said again with more
        # detail corrects it; it is no second slide (thirteenth round). Asked back.
        out.errors.append((line, CommandError(_(_MORE_THAN_ONE) % {"moves": said})))
        return
    out.commands.append(
        Command(
            "action",
            line,
            action=first,
            guard=guard,
            from_subject=from_subject,
            plan=tuple(later),
        )
    )


def _said_twice(line: str, parts: list[str], first: str, later: list[str]) -> str | bool:
    """Is a plan's first slide said again as its second, once in words and once in the game's
    notation ("RB fa un passo solo verso nord, è ancora sulla casella di partenza. Quindi RB step
    N.": one slide, not two steps; seventeenth round)? True when the second is drawn from the
    first as a conclusion (:data:`_RESTATE`: "so", "donc", "quindi", "also", "d.h." ...); the two
    slides (for the question back) when nothing says so; False when the second slide is another,
    or both are written alike ("1. RB step N 2. RB step N": two steps, the player's plan)."""
    if not later or later[0] != first or " ".join(parts[0].split()) == " ".join(parts[1].split()):
        return False
    start = line.find(parts[0])
    end = line.find(parts[1], start + len(parts[0]) if start >= 0 else 0)
    between = line[start + len(parts[0]) : end] if 0 <= start < end else ""
    if any(w.casefold() in _RESTATE for w in _tokens(between)):
        return True
    return f"{first}, {first}"


def _restated_in_plan(first: str, later: list[str]) -> str:
    """The two slides of a plan (``first`` and ``later`` in the game's notation where it reads
    them) of which the second is the first said again with more: the same official, the same
    directions, and more after them ("RB N" then "RB N W"); "" when there are none. A plan
    that moves an official twice is "RB N; RB E", never a slide's own start then the slide."""
    slides = [first.split(), *(p.split() for p in later)]
    for a, b in itertools.pairwise(slides):
        if len(a) >= 2 and len(b) > len(a) and b[: len(a)] == a:
            return f"{' '.join(a)}, {' '.join(b)}"
    return ""


_MORE_THAN_ONE = N_(
    "This line holds more than one move (%(moves)s); write the one you mean on a line of its own."
)


def _in_notation(
    part: str,
    action: object,
    parse_action: Callable[[str], object],
    notation: Callable[[object], str] | None,
) -> str:
    """A plan's later action ``part`` (``action`` now) in the game's notation, when that reads as
    the same action; else as written."""
    if notation is None:
        return part
    written = notation(action)
    try:
        same = parse_action(written) == action
    except RuleError:
        same = False
    return written if same else part


_AND = frozenset({"and", "et", "e", "und", "but", "mais", "ma", "aber"})

_SENTENCE = re.compile(r"(?<=[.!])\s+(?=\S)|\s+[—–]\s*|\s-\s|\s*\((?=[^)]*\)?\s*$)")
"""Where a line holds parts of its own: after a sentence's full stop or "!", at a dash, before
a closing remark in brackets."""


def _move_part(
    line: str,
    parse_action: Callable[[str], object],
    is_move_form: Callable[[str], bool] | None,
) -> str | None:
    """The one part of a line that holds a move, when the line has several parts (sentences, a
    dash, a remark in brackets) and the others hold no move, deny nothing (:data:`_PAST_ALONE`
    and conditions aside) and ask nothing (issue 31). None otherwise."""
    if "?" in line:
        return None
    parts = [p.strip(" ()") for p in _SENTENCE.split(line) if p.strip(" ()")]
    if len(parts) < 2:
        return None
    where = [
        k
        for k, p in enumerate(parts)
        if _holds(p, parse_action, is_move_form)
        # an official's code in capitals in words the game does not read: a slide named all
        # the same ("Let's do RB north. BK east too." played RB N alone; issue 31, twelfth round)
        # unless weighed on a condition ("Wenn ich KB nach Süden ziehe, steht er blöd da. Also
        # BK nach Osten.")
        or (
            not _candidates(_tokens(p), parse_action, is_move_form)
            and _names_slide(p, parse_action)
            and not denies(_tokens(p))
        )
    ]
    if len(where) > 1:
        # Several parts name moves ("I played P12 R2 last week. This time: L10 R1"): the span
        # from the first to the last, when it is not the whole line, is read as one line
        # (its last word counts: :func:`_final_move`), the parts around it denying nothing.
        span = parts[where[0] : where[-1] + 1]
        rest = [t for p in parts if p not in span for t in _tokens(p)]
        if len(span) == len(parts) or denies(
            [t for t in rest if t.casefold() not in _IF | _PAST_ALONE | _ELSE]
        ):
            return None
        return ". ".join(span)
    holding = [parts[k] for k in where]
    if len(holding) != 1:
        return None
    if any(retraction.AWAITED.search(p) for p in parts if p is not holding[0]):
        return None  # "P11 R2. Mal sehen, ob Klaus einverstanden ist.": not settled yet
    held = _UNDERSTOOD.search(holding[0]) is not None  # "falls ich noch dran bin: M8 R1."
    if any(
        re.search(retraction.TAKE_BACK, retraction.fold(p))
        or re.search(retraction.HESITATION, retraction.fold(p))
        for p in parts[where[0] + 1 :]
        if not (held and _IF_NOT.match(p))  # "If it's still my turn: P12 R1. Otherwise forget it."
    ):
        return None  # "L10 R1. Laissez-moi réfléchir encore un peu.": taken back after it
    others = [
        t
        for p in parts
        if p is not holding[0] and not (held and _IF_NOT.match(p))  # "Falls nicht, ignorieren ..."
        # "(I saw the garden too late last time!)", "On verra bien si Rouge me pique la salle"
        for t in _tokens(_LETS_SEE.sub(" ", _LAST_TIME.sub(" ", p)))
    ]
    if denies([t for t in others if t.casefold() not in _IF | _PAST_ALONE | _ELSE]):
        # "Ach so, die Spalte Q gibt es gar nicht. Dann N9 R3": what came before is settled by
        # the move drawn from it; a denial after the move still stops it
        after = [t for p in parts[where[0] + 1 :] for t in _tokens(p)]
        head = _tokens(holding[0])[:1]
        if (
            denies(after)
            or not head
            or head[0].casefold() not in _CONCLUDE
            or any(t.casefold() in _NOW | _LATER_WORDS for t in others)  # "Not now. Then ..."
        ):
            return None
    return holding[0]


_NOW = frozenset({"now", "yet", "today", "maintenant", "encore", "aujourd'hui", "ora",
                  "adesso", "ancora", "oggi", "jetzt", "noch", "heute"})  # fmt: skip
_IF_NOT = re.compile(
    r"(?i)^\W*(?:if\s+not|otherwise|else|sinon|si\s+non|autrement|altrimenti|se\s+no|se\s+non"
    r"|falls\s+nicht|wenn\s+nicht|sonst|andernfalls)(?![\w'’])"
)
"""The other branch of a condition that holds when the move is read ("falls ich noch dran bin:
M8 R1. Falls nicht, ignorieren Sie diese Mail einfach.")."""
_CONCLUDE = THEREFORE | THEN
"""Words that start a sentence drawing its move from the sentences before ("Dann N9 R3")."""


def _holds(
    part: str, parse_action: Callable[[str], object], is_move_form: Callable[[str], bool] | None
) -> bool:
    """Does ``part`` of a line name a move (legal or not)?"""
    return bool(_tokens(part)) and (
        _parses(parse_action, strip_please(part))  # a move in the game's words ("rb nach oben")
        or bool(_candidates(_tokens(part), parse_action, is_move_form))
        or _move_then_remark(part, parse_action, is_move_form) is not None  # "..., turning S"
    )


_PAST_ALONE = frozenset({"was", "were", "had", "war", "waren", "hatte", "était", "etait",
                         "avait", "era", "erano", "aveva",
                         # the player's own past ("désolé du retard j'avais partiel toute la
                         # semaine", "scusate, avevo la febbre"; fifteenth round)
                         "avais", "j'avais", "étais", "j'étais", "etais", "j'etais", "avevo",
                         "ero"})  # fmt: skip
"""The past and conditions in a part that holds no move say nothing about the move in another
part ("Sorry, that spot was taken. L11 R1 then", "O13 R3 (sorry if you got a weird one)")."""
_ELSE = frozenset({"sinon", "otherwise", "altrimenti", "sonst", "else"})
"""Nor does "otherwise" in a part without a move: a reason ("O9 R3. Sinon je bouche mon propre
jardin"; issue 31)."""


_LIKE_LAST_TIME = re.compile(
    r"(?i)(?<![\w'’])(?:(?:the\s+)?same\s+as|just\s+like|like|as|comme|tout\s+comme|come|proprio"
    r"\s+come|wie|genau\s+wie|wie\s+beim)\s+(?:(?:the\s+)?last\s+(?:game|time|round)|(?:la\s+)?"
    r"derni[èe]re\s+(?:fois|partie)|(?:le\s+)?dernier\s+(?:tour|coup)|(?:l['’])?ultima\s+(?:volta"
    r"|partita)|(?:das\s+)?letzte[sn]?\s+(?:mal|spiel|runde|partie))(?![\w'’])"
)
"""A move compared with one of the past ("same as last time", "comme la dernière fois", "come
l'ultima volta", "wie letztes Mal"): the move is of now."""
_LAST_TIME = re.compile(
    r"(?i)(?<![\w'’])(?:(?:the\s+)?last\s+(?:game|time|round)|(?:la\s+)?derni[èe]re\s+(?:fois|partie)"
    r"|(?:le\s+)?dernier\s+(?:tour|coup)|(?:l['’])?ultima\s+(?:volta|partita)|(?:das\s+)?letzte[sn]?"
    r"\s+(?:mal|spiel|runde|partie))(?![\w'’])"
)
"""A remark's reference to an earlier game ("M13 R0 for me, same spot I'd have picked last
game"): the past of the player, not a word against the move."""
_REMARK = frozenset(
    {
        *("was", "were", "played", "placed", "your", "his", "her", "their", "yours"),
        *("ton", "ta", "tes", "votre", "vos", "joué", "jouée", "posé", "posée", "aurais"),
        *("j'aurais", "aurait", "avais", "j'avais", "avait"),
        *("tuo", "tua", "tuoi", "vostra", "vostro", "giocato", "messo", "avrei", "avevo", "era"),
        *("hätte", "hättest", "hatte", "hättet", "dein", "deine", "deinen", "deinem", "euer"),
        *("eure", "euren", "gespielt", "gelegt", "gesetzt", "war"),
        # a move already seen, regretted or not seen coming (sixth round: "didn't see that L12
        # R2 coming", "dovevo giocare M13 R1 prima", "Das L12 R2 habe ich nicht kommen sehen")
        *("did", "didn't", "should", "shouldn't", "should've", "could've", "would've", "that"),
        *("coming", "seen", "saw", "expected", "j'ai", "vu", "vue", "attendais", "aurait"),
        *("dû", "fallait", "devais", "cet", "cette", "dovevo", "dovevi", "doveva", "dovuto"),
        *("aspettavo", "aspettato", "visto", "quel", "quella", "quello", "habe", "hab", "hast"),
        *("hat", "sehen", "gesehen", "erwartet", "diesen", "dieses", "diese", "jenen"),
    }
)
"""Words of the past and of another player's move: a move named with one of them on a mail that
is no turn of the player's is a remark ("Bien joué Sophie, ton M13 R1 m'a fait mal", "Mist,
hätte doch P12 R2 spielen sollen", "I was eyeing P10 R1 myself!")."""


def _remark_out_of_turn(text: str, tokens: list[str], cand: _Candidate) -> bool:
    """Is the one move named among ``tokens`` a remark about a move played or not played, on a
    mail where the player owes no move (the game says it is not the player's decision)? Then it
    is nothing to do, not a question back (issue 31). A question mark still asks back."""
    if "?" in text or not isinstance(cand.error, NotYourDecision):
        return False
    words = [
        t.casefold().replace("’", "'").strip(".,;:!?-\"'()")
        for k, t in enumerate(tokens)
        if not cand.start <= k < cand.end
    ]
    return any(w in _REMARK or w.endswith("'s") and w not in ("let's", "it's") for w in words)


_SORRY_FOR = re.compile(
    r"(?i)(?<![\w'’])(?:sorry|dsl|d[ée]sol[ée]e?|pardon|scusa(?:te)?|scusami|entschuldigung)"
    r"\s+(?:for|about|pour|per|wegen|für|fuer)(?:\s+(?:the|my|le|la|mon|il|lo|la\s+mia|den|das"
    r"|die|meinen))?\s*$"
)
"""An apology for the move refused before, named right after it ("sorry for the Q99")."""


def _moved_in(text: str) -> bool:
    return any(_moved(t) for t in _tokens(text))


_IN_A_HEAD: ContextVar[bool] = ContextVar("_IN_A_HEAD", default=False)
"""Set while :func:`_fixed_in_line` reads the head of a line: the head's own heads are not tried
again (each separator's head read with every shorter head of its own made a hostile line of many
commas cost exponential time)."""


def _fixed_in_line(line: str, at: _At) -> bool:
    """A move, then in the same line a correction of it with words after ("O9 R1, enfin non,
    plutôt O9 R3 : je préfère garder la porte tournée vers le temple"; issue 31): the line up to
    a sign reads as exactly one legal move, and what follows reads as a correction line below
    that move would (:func:`_next_line_fix`, with all its care). False otherwise."""
    if "?" in line or at.notation is None or _IN_A_HEAD.get():
        return False  # a head is one move as written, never itself a move and its correction
    if len(_tokens(line)) > MAX_PROSE_WORDS:
        return False  # as for any move in prose: a line of ordinary length only
    for sep in _SEGMENT.finditer(line):
        head, rest = line[: sep.start()], line[sep.end() :]
        if not _tokens(head) or not _tokens(rest):
            continue
        sub = Reading()
        token = _IN_A_HEAD.set(True)
        try:
            _read_move(head, replace(at, out=sub))
        finally:
            _IN_A_HEAD.reset(token)
        acts = [c for c in sub.commands if c.kind == "action"]
        if len(sub.commands) != 1 or len(acts) != 1 or sub.errors or sub.mentions:
            continue
        first = _SEGMENT.split(rest, maxsplit=1)[0]
        if _moved_in(first) or not _says_correction(rest):
            return False  # (the correction comes first: "enfin non, plutôt ...")
        fix = _next_line_fix(rest, acts[0].action, at.notation, at.parse_action)
        if fix is None:
            return False
        _as_read(at, fix, at.notation(fix))
        return True
    return False


_SORRY_CODE = re.compile(
    r"(?i)(?<![\w'’])(?:sorry|dsl|d[ée]sol[ée]e?|pardon|scusa(?:te)?|scusami|entschuldigung)"
    r"\s+(?:for|about|pour|per|wegen|für|fuer)(?:\s+(?:the|my|le|la|mon|il|lo|la\s+mia|den|das"
    r"|die|meinen))?\s+(?P<code>[^\W_]*\d[^\W_]*)(?:\s+R\d)?(?![\w'’])"
)
"""An apology for the move refused before, with the code it named ("dsl pour le Q99")."""


def _sorry_after(line: str, at: _At) -> bool:
    """A move, then an apology for the move refused before and its reason ("Ok je prends M8 R1
    alors, dsl pour le Q99 je me suis trompé de ligne en recopiant", "M9 R1 then, sorry for the
    Q99, I misread the columns"; issue 31): the part before the apology read alone, when the
    reason names no code and takes nothing back. False otherwise."""
    m = _SORRY_CODE.search(line)
    if m is None or "?" in line:
        return False
    head, tail = line[: m.start()].strip(" ,;.:-–—"), line[m.end() :]
    if not head or any(_moved(t) for t in _tokens(tail)) or is_take_back(tail):
        return False
    return _read_alone(head, at)


_KEEP = re.compile(
    r"(?i)(?<![\w'’])(?:keep|keeping|save|saving|garde|garder|gardes|conserve|conserver|réserve"
    r"|reserve|tengo|tenere|tenerla|tenerlo|conservo|conservare|lascio|lasciare|behalte|behalten"
    r"|hebe|aufheben|aufsparen|spare|freihalten|halte)(?![\w'’])"
)
_LATER = re.compile(
    r"(?i)(?<![\w'’])(?:later|for\s+later|another\s+time|next\s+(?:turn|round|time)|plus\s+tard"
    r"|pour\s+après|pour\s+apres|pour\s+la\s+suite|per\s+dopo|più\s+tardi|piu\s+tardi"
    r"|dopo|prossimo\s+turno|später|spaeter|für\s+später|für\s+nachher|nächste\s+runde"
    r"|naechste\s+runde|auf)(?![\w'’])"
)
"""A sentence that keeps a square for later ("I'd rather keep L12 for later", "je garde L12
pour plus tard", "L12 la tengo per dopo", "L12 hebe ich mir für später auf"; issue 31)."""


def _kept_for_later(line: str, at: _At) -> bool:
    """A move, and beside it a sentence that keeps another square for later (:data:`_KEEP`,
    :data:`_LATER`): the line without that sentence read alone as one move, whose notation
    holds no code the kept sentence names. False otherwise."""
    if "?" in line or at.notation is None:
        return False
    for sep in (_SENTENCE, _COMMA):
        parts = [p for p in sep.split(line) if p.strip(" ()")]
        kept = [p for p in parts if _KEEP.search(p) and _LATER.search(p)]
        if kept and len(kept) < len(parts):
            break
    else:
        return False
    named = {t.upper() for p in kept for t in _tokens(p) if _moved(t)}
    if not named or any(correction_rest(p) is not None or is_take_back(p) for p in kept):
        return False
    rest = line
    for p in kept:
        rest = rest.replace(p, " ")
    sub = Reading()
    _read_move(rest.strip(" ,;:-–—("), replace(at, out=sub))
    acts = [c for c in sub.commands if c.kind == "action"]
    if len(sub.commands) != 1 or len(acts) != 1 or sub.errors or sub.mentions:
        return False
    if named & {t.upper() for t in _tokens(at.notation(acts[0].action))}:
        return False  # "P12 R3. I'd rather keep P12 for later": which is it?
    _as_read(at, acts[0].action, at.notation(acts[0].action))
    return True


def _thanks_only(tail: str) -> bool:
    """Is ``tail`` only thanks, whatever it thanks for ("et merci pour votre patience", "thanks
    for your patience", "grazie per la pazienza", "danke für eure Geduld"; issue 31)? No code, no
    correction, no take-back, no negation and no doubt."""
    text = re.sub(r"(?i)^\s*(?:and|et|e|und)\s+", "", tail)
    toks = [t.casefold() for t in _tokens(text)]
    return (
        bool(toks)
        and toks[0] in _THANKS
        and is_courtesy(text)
        and not any(_code_like(t) for t in _tokens(text))
        and not is_correction(text)
        and not is_take_back(text)
        and not (_NEGATIONS | _UNSURE_WORDS | _DOUBT).intersection(toks)
        and not any(t.endswith("n't") for t in toks)
    )


_THANKS = frozenset(("thanks", "thank", "merci", "grazie", "danke", "cheers", "thx", "ty"))


_REMARK_SEP = re.compile(r",|\s+[-–—]+\s+|\s*--\s*")
"""What stands between a move and a remark after it: a comma or a dash (a dash only before a
remark, never before the rest of a move; a semicolon parts a plan's actions)."""


def _move_then_remark(
    line: str,
    parse_action: Callable[[str], object],
    is_move_form: Callable[[str], bool] | None,
    *,
    in_words: bool = False,
) -> str | None:
    """A whole move, then a remark after its last comma that holds no move, denies nothing and
    asks nothing ("I'm sliding BR west and then on to the south, all in one move"; issue 31): the
    move. ``in_words``: the part before may be a move among words, which the caller reads alone
    ("Dann eben L10 R0, wie vorgeschlagen"; not for a plan's line, whose parts are read apart).
    None otherwise."""
    if "?" in line:
        return None
    cut = max(
        ((m.start(), m.end()) for m in _REMARK_SEP.finditer(line)), default=None, key=lambda x: x[0]
    )
    if cut is None:
        return None
    head, tail = line[: cut[0]].strip(" .!"), line[cut[1] :].strip(" .!")
    toks = _tokens(tail)
    if toks and all(len(t) <= 2 and t.isalpha() and t.isupper() for t in toks):
        return None  # "RB N nein, E": letters of the notation, no remark
    if retraction.AWAITED.search(tail):
        return None  # "P11 R2, mal sehen ob Klaus einverstanden ist": not settled yet
    if (
        _thanks_only(tail)
        and head
        and (
            _parses(parse_action, strip_please(head) or head)
            or (in_words and _holds(head, parse_action, is_move_form))
        )
    ):
        return head  # "M9 R1, et merci pour votre patience"
    # "..., war krank": the player's past; "Dann eben L10 R0, wie vorgeschlagen": our hint
    said = [
        t
        for t in _tokens(_LAST_TIME.sub(" ", _AS_SUGGESTED.sub(" ", tail)))
        if t.casefold() not in _PAST_ALONE
    ]
    named = [
        c
        for c in _candidates(toks, parse_action, is_move_form)
        if not _SORRY_FOR.search(" ".join(toks[: c.start]))
    ]  # "..., dsl pour le Q99 je me suis trompé de ligne": a move apologised for, not meant
    if not head or not toks or denies(said) or named:
        return None
    if any(
        (_code_like(t) and not _SORRY_FOR.search(" ".join(toks[:k]))) or _plan_word_at(toks, k)
        for k, t in enumerate(toks)
    ):
        return None  # "KB S, then RB N W": a plan, not a remark
    try:
        parse_action(tail)
    except InvalidSyntax:
        pass  # words the game does not know: a remark
    except RuleError:
        return None  # something the game reads ("then rb north"), legal or not
    else:
        return None
    dash = line[cut[0] : cut[1]].strip() != ","
    if dash and (_adds_to(head, tail, parse_action) or _tokens(head)[-1:] == ["then"]):
        return None  # "BR W - then S": no remark
    if _adds_to(head, tail, parse_action) or _adds_to(" ".join(_tokens(head)), tail, parse_action):
        # "I'll slide BR west, turning south at the end": no remark, the rest of the slide
        return _joined(head, tail, parse_action)
    if _parses(parse_action, head) or _parses(parse_action, " ".join(_tokens(head))):
        return head  # ("P13-R0, spero vada bene": the move with its sign)
    if in_words and _holds(head, parse_action, is_move_form):
        return head  # "Dann eben L10 R0, wie vorgeschlagen"
    return None


_NOT = frozenset({"not", "no", "non", "pas", "nicht", "kein", "keine", "statt", "anstatt"})
"""Words right before a move-shaped part that set it aside ("pas O13 mais M13", "not R2 but
R0", "nicht N13, sondern M13"), with no sign between them ("anzi no, Q10 R1" sets nothing
aside)."""
_WAIT_START = re.compile(r"(?i)^\W*(?:moment|wait|attends|attendez|aspetta|aspettate|warte)\b")
_OR = frozenset({"ou", "or", "oder", "o"})
"""An "or" beside a correction ("M13 R1 ou plutôt non, N13 R2, désolé") offers nothing."""
_NO_WORD = re.compile(r"(?i)(?<![\w'’])(?:no+|non|nein|nope)(?![\w'’])")
_NO_SAID = re.compile(
    r"(?i)(?:no+|non|nein|nope|nee|niet|nö|noe|nä|nah+|naa+h?|nan|naan|nay|naw|nix)"
)
"""A "no" as people say and type it, in the four languages (issue 31, ninth round)."""


def _no_after(words: Sequence[str]) -> bool:
    """Is one of ``words`` (what follows a move) a "no" as it is said ("L10 R1 nö falsch",
    "M13 R1 nah sorry", "O13 R3 ne doch nicht": the move taken back, however the "no" is
    typed; the German "ne" in German mails only, in French it is a negation; the Italian "non"
    is a negation too)?"""
    for w in words:
        w = w.strip(".,;:!?-\"'()…")
        if w.casefold() == "non" and current() == "it":
            continue  # the Italian "non" is "not": "Quel P10 R1 non me l'aspettavo proprio"
        if _NO_SAID.fullmatch(w) or (w.casefold() == "ne" and current() == "de"):
            return True
    return False


_SO = RESTATE | THEN | {"bon", "eben", "but", "mais", "ma", "però", "pero", "aber", "doch"}
"""Words that lead to the move a sentence ends on ("..., donc N13 R2", "..., i.e. P10 R3",
"M13 R1 wäre blöd, also L12 R3")."""
_BUT = frozenset({"but", "mais", "ma", "però", "pero", "aber", "doch", "sondern"})
_PREFER = frozenset({"prefer", "rather", "préfère", "prefere", "préférerais", "preferirei",
                     "preferisco", "piuttosto", "plutôt", "plutot", "lieber", "bevorzuge",
                     "bevorzugen", "vorziehen", "ziehe", "vor"})  # fmt: skip
"""A preference for the move a line ends on, after "but" and another move named ("Marc m'a
soufflé RB N, mais je préfère BK E"; issue 31): the move preferred."""
_THEREFORE = THEREFORE
"""Those that make the move a conclusion, even after a move named without a denial ("L'ultima
volta con N9 R2 mi è andata male, quindi stavolta N9 R3")."""
_RESTATE = RESTATE
"""Words that make a slide written in the game's notation the one just said in words."""


def _sentence_of(line: str, tokens: list[str]) -> list[int]:
    """For each token of ``line``, the number of the part (:data:`_SENTENCE`) it stands in (all
    0 when the parts do not add up to the tokens)."""
    out: list[int] = []
    for k, part in enumerate(_SENTENCE.split(line)):
        out.extend([k] * len(_tokens(part)))
    return out if len(out) == len(tokens) else [0] * len(tokens)


def _codes(c: _Candidate, tokens: list[str]) -> set[str]:
    return {tokens[k].upper() for k in range(c.start, c.end) if _code_like(tokens[k])}


_IF_TOKENS = frozenset(w for w in conditions.IF_WORDS if " " not in w)
"""The one-word conditions ("if", "si", "se", "wenn", "falls", ...)."""


def _on_a_condition(tokens: list[str], ordered: list[_Candidate], line: str) -> bool:
    """Is the line's last move offered on a condition after an earlier move: a word of
    :data:`pbem.commands.conditions.IF_WORDS` that starts a sentence, or follows the earlier move
    at once, or only "but"/"and" between them ("RB N W. Se invece il padiglione attivo cambia,
    allora meglio BK E", "M13 R1. Si jamais Paul pose avant moi, alors N9 R3"; thirteenth round;
    "Metterei L9 R1, ma se Luca chiude prima la stanza rossa allora preferirei P10 R2", "I'd play
    L9 R1, but if Luca closes it first, P10 R2"; fifteenth round)? The words of correction or
    denial inside that clause ("invece", "jamais", "meglio", "preferirei") take nothing back:
    nobody can decide the condition, so the reply is asked back."""
    if len(ordered) < 2:
        return False
    sentence = _sentence_of(line, tokens)
    first_end, last_start = ordered[0].end, ordered[-1].start
    for k in range(first_end, last_start):
        if tokens[k].casefold() not in _IF_TOKENS:
            continue
        if k == first_end or (k and sentence[k] != sentence[k - 1]):
            return True
        if all(t.strip(",;:").casefold() in _AND for t in tokens[first_end:k]):
            return True
    return False


def _final_move(tokens: list[str], cands: list[_Candidate], line: str) -> _Candidate | None:
    """The move a line ends on, when everything else it names leads to it (issue 31: the last
    word counts within a line too): the last move-shaped part is a legal move with only filler
    after it, and each other part is a piece of it ("je pose ma tuile en N13, tournée d'un
    demi-tour, donc N13 R2"), set aside by a negation ("pas O13 mais M13", "not R2 but R0"),
    corrected after it ("gioco P12 R3, anzi no ... P12 R1"), or named in a clause that denies
    before a word that leads to the move ("M13 R1 wäre blöd, also L12 R3"). Without a
    correction, the words around may not deny. None otherwise (the line then asks back)."""
    if "?" in line or line.rstrip(" .!").endswith(")") or _INDECISION.search(line):
        return None  # (a move in a closing bracket is a remark: "(in quel caso P10 R0)")
    if any(_bare_no(c, tokens, line) for c in cands):
        return None  # "P12 R2 no R1": "no, R1" or "not R1"
    ordered = sorted(cands, key=lambda c: c.start)
    if _on_a_condition(tokens, ordered, line):
        return None  # "RB N W. Se invece il padiglione cambia, allora meglio BK E": asked back
    aside: list[_Candidate] = []
    while len(ordered) > 1:
        tail = ordered[-1]
        if _set_aside(tail, tokens, line):
            aside.append(ordered.pop())  # "je voulais dire P11 R3 et pas Q99 R2"
        elif tail.error is not None and (
            said := [
                o
                for o in ordered[:-1]
                if o.error is None and _codes(tail, tokens) <= _codes(o, tokens)
            ]
        ):
            if all(_set_aside(o, tokens, line) for o in said):
                return None  # a part of a move set aside taken up again, the player's last
                # word: "P12 R1, not P12 R2. Hmm, R2 then." (nineteenth round: P12 R1 played)
            ordered.pop()  # a part said again: "N13 R0, ruotata R0"
        else:
            break
    last = ordered[-1]
    if any(_codes(c, tokens) <= _codes(last, tokens) for c in aside):
        return None  # "M13 R1, not R1": the move and its own part set aside
    instead = bool(tokens[last.end :]) and fold_word(tokens[last.end]).casefold() in _SECOND_WORDS
    after = [
        t
        for k, t in enumerate(tokens[last.end :], start=last.end)
        if t.casefold() not in _NOT | _AND
        and not any(c.start <= k < c.end for c in cands)
        and not (instead and k == last.end)  # "O13 R1 instead": the word points to the move
    ]
    if last.error is not None or not is_filler(after) or any(_code_like(t) for t in after):
        return None
    codes = _codes(last, tokens)
    lasts = set(range(last.start, last.end))
    prev_end = deny_from = 0
    chosen = False
    corrected: set[str] = set()  # the codes of the moves a correction set aside
    sentence = _sentence_of(line, tokens)
    tail_words = tokens[last.end + 1 :] if instead else tokens[last.end :]
    ends = not tail_words or is_courtesy(" ".join(tail_words))  # the line's end ("... instead")
    for o in ordered[:-1]:
        between = " ".join(t for k, t in enumerate(tokens[o.end :], o.end) if k not in lasts)
        lead = [t.casefold().strip(".") for t in tokens[max(0, last.start - 2) : last.start]]
        clause = [t for t in tokens[prev_end : last.start] if not _code_like(t)]
        prev_end = o.end
        rest = correction_rest(between)
        if rest is None and (wait := _WAIT_START.match(between)):
            rest = between[wait.end() :]  # "L11 R1 – Moment, nein, P13 R1"
        if rest is None and last.start == o.end + 1 and _no_between(last, tokens, line):
            rest = ""  # "n9 r2 nope n9 r3": the "no" typed between two whole moves
        skip = _NOT | _OR if _NO_WORD.search(between) else _NOT  # "ou plutôt non" corrects
        if rest is not None and not denies(
            [w for w in rest.split() if w.strip(",.;:!") not in skip]
        ):
            deny_from = max(deny_from, last.start)  # "N13 R3 – Moment, nicht N13, sondern M13"
            corrected |= _codes(o, tokens)
        elif corrected and _codes(o, tokens) <= corrected:
            # a piece of the move corrected, in the reason of the correction ("L9 R0. Attends...
            # avec R0 le mur est du mauvais côté. L9 R1 c'est mieux"; seventeenth round)
            continue
        elif _codes(o, tokens) <= codes:
            continue  # a piece of the move ("je pose ma tuile en N13, ..., donc N13 R2")
        elif _set_aside(o, tokens, line):
            # "Je ne joue pas O14 R1. N9 R1"; what stands between the move set aside and the
            # "but" before the last is said of the first ("pas M13 R1 comme je l'avais dit à
            # Béa mais M13 R2")
            buts = [k for k in range(o.end, last.start) if tokens[k].casefold() in _BUT]
            deny_from = max(deny_from, buts[-1] if buts else o.end)
        elif denies(clause) and _SO.intersection(lead):
            deny_from = max(deny_from, last.start - len(lead))  # "M13 R1 wäre blöd, also L12 R3"
        elif (
            ends
            and (denies(clause) or _INTENDED.search(" ".join(clause)) is not None)
            and o.end < last.start
            and (so := _so_after(tokens, o.end, last.start)) is not None
            and not any(_code_like(t) for t in tokens[o.end : last.start])
            and not _HESITATE.search(" ".join(tokens[so : last.start]))
        ):  # "avevo pensato a P10 R0, ma alla fine la mia mossa è M13 R1", "Zuerst wollte ich
            # L9 R1 spielen, aber ich nehme doch L9 R0" (the verb after the move set aside)
            deny_from = max(deny_from, so)
        elif (
            ends
            and _THEREFORE.intersection(lead)
            and not denies(clause)
            and any(_wordy(t) for t in tokens[o.end : last.start - len(lead)])
        ):  # (words about the first move between them: "I play M13 R1, so P10 R0" asks back)
            deny_from = max(deny_from, last.start - len(lead))  # "..., quindi stavolta N9 R3"
        elif (
            ends
            and (but := _but_prefer(tokens, o.end, last.start)) is not None
            and not any(_code_like(t) for t in tokens[o.end : last.start])
        ):  # "Marc m'a soufflé RB N, mais je préfère BK E", "M9 R0 wäre gut, aber lieber N9 R1"
            deny_from = max(deny_from, but)
        elif (denies(clause) or _someone_elses(tokens, o)) and sentence[o.start] < sentence[
            last.start
        ]:
            # "Bea's M9 ...", "Le coup de Paul en M9 R0 m'embête bien... Bon, je joue L9 R1"
            deny_from = max(deny_from, sentence.index(sentence[last.start]))
        elif ends and len(ordered) == 2 and (but := _chosen_after_but(tokens, o, last)) is not None:
            # "I was going to play L10 R2 but I'll go with L9 R1 instead", "Bob suggested P11 R3,
            # but I'm going with P11 R2", "Je pensais jouer L12 R1 mais finalement ce sera P12 R3"
            deny_from, chosen = max(deny_from, but), True
        else:
            return None
    # a word that points to the last move stands beside it ("Also lieber L12 R3", "L12 R3
    # instead")
    pointing = {last.start - 1} if last.start and _points(tokens[last.start - 1]) else set()
    words = [
        t
        for k, t in enumerate(tokens[deny_from:], deny_from)
        if not _code_like(t) and not (instead and k == last.end) and k not in pointing
    ]
    if (rest := correction_rest(" ".join(words))) is not None:
        words = rest.split()  # "... gibt es natürlich nicht. Gemeint war P11 R2"
    skip = _NOT
    if deny_from < last.start and tokens[deny_from].casefold() in _BUT:
        skip = _NOT | _PREFER  # "..., but I'd rather play N9 R1": the preference is the move
    if chosen:
        skip = skip | _SECOND_WORDS | _CHOICE
    more = _MORE - {"also"} if current() == "de" else _MORE  # German "also" is "so"
    if deny_from and more.intersection(t.casefold().strip(".,;:!") for t in words):
        return None  # "I was going to play M13 R1 but also L12 R0": a second move, not a choice
    if (
        deny_from
        and tokens[deny_from].casefold() in _BUT
        and _another_person(tokens, deny_from + 1, last.start)
    ):
        return None  # "Ich wollte L10 R0 spielen, aber Paul nimmt M8 R1": Paul's move
    if denies([t for t in words if t.casefold() not in skip]):
        return None
    return last


_CHOICE = frozenset(
    {"finally", "finalement", "actually", "fait", "fine", "schließlich", "schliesslich",
     "letztendlich", "letztlich", "eigentlich", "endlich", "instead", "invece", "stattdessen",
     "rather", "plutôt", "plutot", "lieber", "prefer", "préfère", "prefere", "preferisco",
     "preferirei", "préférerais", "bevorzuge", "go", "going", "choose", "pick", "take", "play",
     "do", "opt", "joue", "prends", "pose", "mets", "choisis", "sera", "opte", "gioco", "vado",
     "prendo", "metto", "scelgo", "opto", "nehme", "spiele", "lege", "setze", "wähle", "mache",
     "entscheide", "tengo", "faccio", "fais", "reste", "resto", "bleibe", "stick", "playing",
     "placing", "putting", "taking", "picking", "choosing", "doing", "using", "put", "place",
     "pongo"}
)  # fmt: skip
"""Words of the clause after "but" that choose the move it ends on ("but I'll go with ...",
"mais finalement ce sera ...", "ma vado su ...", "aber ich nehme doch ...")."""
_MORE = frozenset(
    {"also", "too", "aussi", "anche", "pure", "auch", "ebenfalls", "both", "beide", "beiden",
     "entrambi", "entrambe", "deux", "either", "ou", "or", "oder", "o", "oppure", "next",
     "prochain", "prochaine", "prossimo", "prossima", "nächsten", "nächste", "later", "puis",
     "then", "poi", "dann", "danach", "ensuite"}
)  # fmt: skip
"""Words that make the move after "but" one more, not the one chosen ("but also ...", "but
then ...", "mais aussi ...")."""


_OF_NAME = frozenset({"de", "di", "von", "of", "du", "del", "della", "vom"})


def _someone_elses(tokens: list[str], c: _Candidate) -> bool:
    """Is the move ``c`` said to be another player's ("le coup de Paul en M9 R0", "le M9 R0 de
    Béa", "la mossa di Paolo in M9 R0", "der Zug von Paul auf M9 R0")? A name (a capitalised word
    that is no code) after "de", "di", "von", "of" just before or after the move."""

    def named(k: int) -> bool:
        if not 0 <= k < len(tokens) - 1 or tokens[k].casefold() not in _OF_NAME:
            return False
        w = tokens[k + 1].strip(".,;:!")
        return w[:1].isupper() and w.isalpha() and not _code_like(w)

    return named(c.end) or any(named(k) for k in range(max(0, c.start - 4), c.start - 1))


_IF_WORD = frozenset({"if", "si", "se", "wenn", "falls", "unless", "sofern", "qualora"})
_PERSONS = frozenset(
    {"you", "you're", "you'll", "you'd", "vous", "tu", "toi", "voi", "du", "ihr", "sie",
     "he", "she", "they", "he's", "she's", "they're", "il", "elle", "ils", "elles", "lui", "lei",
     "loro", "er", "we", "nous", "noi", "wir", "everyone", "everybody", "tout", "tutti", "alle",
     "somebody", "someone", "quelqu'un", "qualcuno", "jemand", "nimmt", "wählt", "zieht",
     "schiebt", "dreht", "macht", "nimmst", "wählst", "ziehst", "machst"}
)  # fmt: skip
"""Other people than the writer: a move after "but" in their words is theirs ("but Bea is
taking M8 R1", "aber Paul nimmt M8 R1", "but you play M8 R1")."""


def _another_person(tokens: list[str], start: int, end: int) -> bool:
    """Does the clause ``tokens[start:end]`` (from after its last sentence end: "... la salle
    de Paul… Finalement") speak of someone else: a pronoun of :data:`_PERSONS`, or a name (a
    capitalised word that is no code and not "I"; a sentence's own first word has its capital)?"""
    ends = [k for k in range(start, end) if tokens[k].endswith((".", "!", "…"))]
    first = ends[-1] + 1 if ends else start
    for k in range(first, end):
        w = tokens[k].strip(",.;:!()\"'")
        if w.casefold() in _PERSONS:
            return True
        if (
            not (ends and k == first)
            and w[:1].isupper()
            and w.isalpha()
            and not _code_like(w)
            and w not in ("I", "OK", "Ok")
            and current() != "de"  # (German nouns are capitalised; its verbs tell the person)
        ):
            return True
    return False


def _but_i_choose(line: str, tokens: list[str], c: _Candidate) -> bool:
    """A line whose one move comes after "but" and a word that chooses it, the words before
    "but" naming no move ("Mon mari me conseille autre chose (voir plus bas) mais je préfère L10
    R1", "Everyone says to wait, but I'm playing M13 R1 now"): the move. The words before may say
    anything but ask, hesitate or set a condition; those after "but" must stand around a move."""
    if "?" in line or _INDECISION.search(line) or _HESITATE.search(line):
        return False
    buts = [k for k in range(c.start) if tokens[k].casefold().strip(",.;:") in _BUT]
    if not buts or buts[0] == 0:
        return False
    but = buts[-1]
    head = [t.casefold().strip(",.;:()!") for t in tokens[:but]]
    clause = [t.casefold().strip(",.;:()!") for t in tokens[but + 1 : c.start]]
    after = tokens[c.end :]
    if _IF_WORD.intersection(head) or not _CHOICE.intersection(clause):
        return False
    if _another_person(tokens, but + 1, c.start):
        return False  # "..., but he prefers M8 R1": someone else's choice
    more = _MORE - {"also"} if current() == "de" else _MORE
    if more.intersection(clause) or more.intersection(t.casefold() for t in after):
        return False
    words = [t for t in clause if t not in _NOT | _PREFER | _SECOND_WORDS | _CHOICE]
    return not denies(words) and is_filler([*words, *after])


def _chosen_after_but(tokens: list[str], o: _Candidate, last: _Candidate) -> int | None:
    """Where "but" stands when a line names one move, then after "but" (and no other move)
    chooses the move it ends on: the clause after "but" holds a word that chooses
    (:data:`_CHOICE`), says nothing that denies and adds no second move (:data:`_MORE`). The
    first move was only thought of, suggested or liked ("I was going to play L10 R2 but I'll go
    with L9 R1 instead", "The example in your mail, P12 R2, looks good to me but I'll actually do
    P12 R3", "Avevo pensato a P10 R2 ma lascio perdere, vado su O13 R0"); the player's last word
    counts. None otherwise."""
    buts = [k for k in range(o.end, last.start) if tokens[k].casefold() in _BUT]
    if not buts:
        return None
    but = buts[-1]
    clause = [t.casefold().strip(".,;:!") for t in tokens[but + 1 : last.start]]
    if any(_code_like(t) and t != "I" for t in tokens[o.end : last.start]) or not clause:
        return None  # (the pronoun "I" is no code: "..., but I take O9 R3")
    more = _MORE - {"also"} if current() == "de" else _MORE
    if not _CHOICE.intersection(clause) or more.intersection(clause):
        return None
    if _another_person(tokens, but + 1, last.start):
        return None  # "but Bea is taking M8 R1": someone else's move
    if _HESITATE.search(" ".join(clause)) or denies(
        [t for t in clause if t not in _NOT | _PREFER | _SECOND_WORDS | _CHOICE]
    ):
        return None
    return but


def _so_after(tokens: list[str], start: int, end: int) -> int | None:
    """Where a word that leads to the last move (:data:`_SO`: "but", "aber", "so") stands right
    after the move set aside, or after at most four words that end its clause ("wollte ich L9 R1
    spielen, aber", "hatte erst an M8 R1 gedacht, wie im Beispiel, aber"); None otherwise."""
    for k in range(start, min(end, start + 5)):
        if tokens[k].casefold() in _SO:
            return k
        if tokens[k].casefold() not in _CLAUSE_END:
            return None  # "Ich hätte Lust auf M13 R1, schwanke aber noch mit P10 R0"
    return None


_HESITATE = re.compile(
    r"(?i)(?<![\w'’])(?:j['’]hésite|hésite|schwanke|indecis[oa]|tentenno|torn|undecided"
    r"|unentschlossen|waver(?:ing)?)(?![\w'’])"
)
"""Hesitation between the move set aside and the last ("J'avais pensé à M8 R1, mais j'hésite
avec L9 R1"): no choice made; ask back."""
_CLAUSE_END = frozenset(
    ("spielen", "gedacht", "genommen", "gespielt", "gelegt", "legen", "nehmen", "setzen", "zu",
     "wie", "im", "beispiel", "play", "playing", "like", "in", "the", "example", "jouer", "comme",
     "dans", "l'exemple", "exemple", "giocare", "come", "nell'esempio", "esempio", "mettere")
)  # fmt: skip
"""The words that end a clause of intention after its move ("wollte ich L9 R1 spielen, aber")."""


def _points(token: str) -> bool:
    """A word of second thoughts or preference (rather, plutôt, invece, lieber...)."""
    folded = fold_word(token).casefold()
    return folded in _SECOND_WORDS or token.casefold() in _PREFER


_OTHERWISE = re.compile(
    r"(?i)(?<![\w'’])(?:unless|otherwise|or\s+else|if\s+(?:not|that(?:'s|\s+is)\s+(?:not\s+possible"
    r"|taken|illegal))|à\s+moins\s+que|sinon|si\s+(?:ce\s+n['’]est\s+pas\s+possible|c['’]est\s+pris"
    r"|elle\s+est\s+prise)|dans\s+ce\s+cas|a\s+meno\s+che|altrimenti|se\s+(?:non\s+(?:è|e)"
    r"\s+possibile|è\s+occupata)|in\s+quel\s+caso|es\s+sei\s+denn|sonst|andernfalls|falls\s+(?:nicht"
    r"|das\s+nicht\s+geht|es\s+nicht\s+geht|besetzt)|in\s+dem\s+fall|in\s+that\s+case)(?![\w'’])"
)
"""Words that make the second move of a line the first one's fallback ("gioco M13 R2, a meno
che la casella M13 non sia già occupata (in quel caso P10 R0)", "M13 R2, sinon P10 R0")."""


_IMPOSSIBLE = re.compile(
    r"(?i)(?<![\w'’])(?:occupied|taken|illegal|impossible|possible|blocked|can['’]?t|cannot"
    r"|occup[ée]e?|pris[e]?|ill[ée]gal[e]?|bloqu[ée]e?|occupat[ao]|pres[ao]|illegale|impossibile"
    r"|possibile|bloccat[ao]|besetzt|belegt|möglich|moeglich|unmöglich|unmoeglich|erlaubt"
    r"|geht|blockiert|legal|free|libre|libera|frei)(?![\w'’])"
)
"""What the fallback's condition says of the first move: that it may not be playable."""


def _of_the_square(said: Sequence[str]) -> bool:
    """Do ``said`` (a fallback's condition, without its word of fallback) only say that the
    first move's square may be taken or the move not possible ("a meno che la casella M13 non
    sia già occupata", "if that's taken")? A word of :data:`_IMPOSSIBLE`, and every other word
    one of a condition on the square (:func:`pbem.commands.conditions.of_the_square`), a
    negation or a code; a player, a piece or an event named ("si Bleu n'a pas pris le
    conseiller") is a condition nobody can decide here (sixteenth round: played the first)."""
    return bool(_IMPOSSIBLE.search(" ".join(said))) and conditions.of_the_square(
        [w for w in said if not _code_like(w) and not _IMPOSSIBLE.fullmatch(w)]
    )


_IF_FIRST = (["if"], ["si"], ["se"], ["wenn"], ["falls"])
"""The one word before a move that the line then gives a fallback ("Se P12 R2 è ancora valida
gioco quella, altrimenti P12 R0"; issue 31)."""

_STILL_VALID = re.compile(
    r"(?i)^\W*(?:is|it's|est|è|e|ist|es)?\s*(?:still|encore|ancora|noch|toujours)\s+"
    r"(?:valid|valide|valida|valido|valable|gültig|gueltig|legal|légal|legale|possible|possibile"
    r"|möglich|moeglich|free|libre|libera|frei|ok|okay)(?:\s+(?:ist|est))?\W*"
    r"(?:(?:then|alors|allora|dann)\s+)?(?:i\s+play\s+(?:it|that\s+one)|i'll\s+play\s+(?:it"
    r"|that\s+one)|je\s+(?:le\s+)?joue(?:\s+celui[\s-](?:là|ci))?|gioco\s+quella|la\s+gioco"
    r"|gioco\s+quello|spiele\s+ich\s+(?:den|das|ihn|es)|nehme\s+ich\s+(?:den|das|ihn|es))?\W*"
)
"""The condition of a move first named after "if", up to its fallback: that it is still legal,
and that the player then plays it ("è ancora valida gioco quella", "is still free I play it")."""


def _still_valid(between: str) -> bool:
    """Do the words between a move after "if" and its fallback only say that the move is still
    legal (:data:`_STILL_VALID`) and give the fallback (:data:`_OTHERWISE`)?"""
    m = _OTHERWISE.search(between)
    return m is not None and _STILL_VALID.fullmatch(between[: m.start()]) is not None


def _fallback(tokens: list[str], cands: list[_Candidate], line: str) -> _Candidate | None:
    """A move, then its fallback for when it cannot be played (:data:`_OTHERWISE`; issue 31):
    the first when it is legal, else the fallback when that is; None when the line says more
    (a third move, a question, words around that deny, both not legal)."""
    if "?" in line:
        return None
    first = cands[0]
    moves = [c for c in cands[1:] if not _codes(c, tokens) <= _codes(first, tokens)]
    if len(moves) != 1 or any(c.start < first.end for c in moves):
        return None  # ("la casella M13": a piece of the first move, said again)
    second = moves[0]
    between = " ".join(tokens[first.end : second.start])
    if not _OTHERWISE.search(between) or not _OTHERWISE.search(line):
        return None
    before = tokens[: first.start]
    after = [t for t in tokens[second.end :] if t.strip("()")]
    if_first = [t.casefold() for t in before] in _IF_FIRST
    if if_first and not _still_valid(between):
        return None
    said = _tokens(_OTHERWISE.sub(" ", between))
    if said and not if_first and not is_filler(said) and not _of_the_square(said):
        # "M13 R1 unless you think that hands Béa the garden, in which case ...", "N13 R1 si
        # Bleu n'a pas pris le conseiller, sinon O13 R0": a condition on something else
        return None
    if not (if_first or is_filler(before)) or (after and not is_filler(after)):
        return None
    if first.error is None:
        return first
    return second if second.error is None else None


_ELSE_SAID = re.compile(
    r"(?i)(?<![\w'’])(?:otherwise|else|or\s+else|if\s+not|if\s+it\s+(?:isn['’]t|is\s+not|doesn['’]t"
    r"|does\s+not)(?:\s+(?:fit|work|legal))?|if\s+(?:it['’]s|that['’]s)\s+not(?:\s+legal)?|sinon"
    r"|autrement|si\s+(?:ce\s+n['’]est|c['’]est)\s+pas(?:\s+possible)?|altrimenti|se\s+no|se\s+non"
    r"(?:\s+(?:va|si\s+può))?|sonst|ansonsten|andernfalls|falls\s+nicht|wenn\s+nicht)(?![\w'’])"
)
_FEASIBLE = re.compile(
    r"(?i)(?<![\w'’])(?:legal|légal|legale|valid|valide|valida|possible|possibile|möglich|moeglich"
    r"|allowed|erlaubt|fits?|works?|free|libre|libera|frei|geht|passt|va|marche|passe"
    r"|si\s+può(?:\s+fare)?|goes|klappt)(?![\w'’])"
)
_UNSURE_LEGAL = re.compile(
    r"(?i)(?:\s*,?\s*(?:but|mais|ma|aber)\s+)?(?:i['’]m|i\s+am|je\s+ne\s+suis|non\s+sono|ich\s+bin)"
    r"\s+(?:not\s+sure|pas\s+sûre?|sicur[oa]|nicht\s+sicher)\s*,?\s*(?:it['’]s|it\s+is|if\s+it['’]s"
    r"|whether\s+it['’]s|que\s+ce\s+soit|che\s+sia|ob\s+(?:das|es))\s+(?:legal|possible|allowed"
    r"|légal|valide|valida|legale|possibile|geht|erlaubt\s+ist|möglich\s+ist)"
)
"""A doubt whether the first move is legal, before its fallback ("I think M8 R2 fits there but
I'm not sure it's legal... if it isn't, do L10 R2 instead"): the fallback says what then."""
_TAKEN_AS = frozenset(
    ("take", "prends", "prendo", "nehme", "giocate", "gioca", "play", "spiele", "joue", "do",
     "fais", "faites", "mach", "macht", "that", "it", "ça", "cela", "das", "quella", "quello",
     "still", "encore", "ancora", "noch", "toujours", "is", "est", "è", "ist", "ce", "sera",
     "instead", "plutôt", "invece", "stattdessen", "bitte", "please", "there", "là", "think",
     "le", "la", "den", "ihn", "one", "then", "alors", "allora", "dann", "i'll", "je", "ich",
     "fare", "go", "with", "prenez", "nehmt", "spielt", "jouez", "per", "favore", "svp")
)  # fmt: skip
"""Words a move played if it is legal, and its fallback, stand among ("If L9 R1 is still
legal I'll take it; if not, L11 R1")."""
_TAKING = frozenset(
    ("take", "prends", "prendo", "nehme", "giocate", "gioca", "gioco", "play", "spiele", "joue",
     "bitte", "please", "do", "fais", "faites", "mach", "macht", "prenez", "nehmt", "spielt",
     "jouez", "per", "svp", "i'll")
)  # fmt: skip


def _if_legal_else(tokens: list[str], cands: list[_Candidate], line: str) -> _Candidate | None:
    """A move on the condition that it can be played, then a fallback ("Si P11 R2 est encore
    légal, je le prends. Sinon, ce sera P12 R0.", "Falls M8 R0 geht, nehme ich das, sonst L11
    R1", "N9 R0 if that fits, otherwise N9 R2", "Se L9 R2 si può fare giocate quella,
    altrimenti L9 R1"; issue 31): the first when it is legal, else the fallback when that is.
    Every other word is one of feasibility, of taking or filler; a remark in brackets without a
    code aside. None otherwise."""
    if "?" in line:
        return None
    first = cands[0]
    moves = [c for c in cands[1:] if not _codes(c, tokens) <= _codes(first, tokens)]
    if len(moves) != 1 or any(c.start < first.end for c in moves):
        return None
    second = moves[0]
    text = re.sub(r"\([^()]*\)", lambda m: " " if not _shaped(_tokens(m[0])) else m[0], line)
    text = _UNSURE_LEGAL.sub(" ", text)
    m = _ELSE_SAID.search(text)
    if m is None:
        return None
    head, tail = text[: m.start()], text[m.end() :]
    if not _FEASIBLE.search(head) or _ELSE_SAID.search(tail):
        return None
    a_codes, b_codes = _codes(first, tokens), _codes(second, tokens)
    if not any(t.upper() in a_codes for t in _tokens(head)):
        return None
    if not any(t.upper() in b_codes - a_codes for t in _tokens(tail)):
        return None
    said = [t.casefold() for t in _tokens(head)]
    if said[: first.start] and said[0] in _IF and not _TAKING.intersection(said[first.end :]):
        return None  # "Se M13 R0 è libera, altrimenti M9 R0": no word that takes the first
    words = [
        t
        for t in _tokens(_FEASIBLE.sub(" ", head) + " " + tail)
        if t.upper() not in a_codes | b_codes
        and t.casefold() not in _IF
        and t.casefold() not in _TAKEN_AS
    ]
    if not is_filler(words):
        return None
    if first.error is None:
        return first
    return second if second.error is None else None


_STILL = frozenset({"still", "always", "same", "toujours", "encore", "même", "meme", "sempre",
                    "ancora", "stesso", "stessa", "immer", "noch", "gleich", "gleiche", "weiterhin",
                    "but", "mais", "ma", "però", "aber", "sondern", "plutôt", "plutot",
                    "invece", "rather", "lieber", "instead", "stattdessen"})  # fmt: skip
"""Words around the part of a move corrected in its line ("pas O13 mais M13, toujours en R0")."""


def _part_fixed(
    tokens: list[str],
    cands: list[_Candidate],
    line: str,
    parse_action: Callable[[str], object],
) -> tuple[object, str] | None:
    """A move corrected in its own line by the part that changes ("Je pose en O13 R0... euh
    non, pas O13 mais M13, toujours en R0", "M13 R1, no sorry, R2"; issue 31): the first move
    named, a correction after it, then parts of one code each (a part set aside by a negation
    left out) that each replace the one part of the same shape, the rest said again or words
    that only stand around. The legal move and its text; None otherwise."""
    if "?" in line:
        return None
    first = cands[0]
    if first.end - first.start < 2 or not all(
        _code_like(t) for t in tokens[first.start : first.end]
    ):
        return None
    later = cands[1:]
    mark = " ".join(tokens[first.end : later[0].start])
    if not (is_correction(mark) or _NO_WORD.search(mark)) or _bare_no(later[0], tokens):
        return None  # ("P12 R2 no R1": "no, R1" or "not R1")
    parts = list(tokens[first.start : first.end])
    changed: set[int] = set()
    for c in later:
        if c.end - c.start != 1:
            return None
        code = tokens[c.start]
        if _set_aside(c, tokens, line) or code.upper() in (p.upper() for p in parts):
            continue  # "pas O13", "toujours en R0"
        letters = re.sub(r"\d", "", code.upper())
        same = [k for k, p in enumerate(parts) if re.sub(r"\d", "", p.upper()) == letters]
        if not same:  # "O13 R0", then "M13": the part the game reads the new code in
            kind = re.sub(r"\d+", "9", _shape(code))
            same = [
                k
                for k, p in enumerate(parts)
                if re.sub(r"\d+", "9", _shape(p)) == kind
                and _written(parse_action, " ".join([*parts[:k], code, *parts[k + 1 :]]))
            ]
        if len(same) != 1 or same[0] in changed:
            return None  # (a part changed twice: "M13 R1, no, R2, R3" asks back)
        parts[same[0]] = code
        changed.add(same[0])
    if parts == tokens[first.start : first.end]:
        return None
    rest = correction_rest(" ".join(t for t in tokens[first.end :] if not _code_like(t)))
    words = (
        (rest or "").split()
        if rest is not None
        else [t for t in tokens[first.end :] if not _code_like(t) and not _NO_WORD.fullmatch(t)]
    )
    words = [w for w in words if w.casefold() not in _NOT | _STILL]
    before = [t for t in tokens[: first.start] if not _code_like(t)]
    if not is_filler(words) or not is_filler(before):
        return None
    text = " ".join(parts)
    try:
        return parse_action(text), text
    except RuleError:
        return None


_NO_AT = re.compile(r"(?i)^\W*(?:(?:ah+|oh+|euh+|eh|ach|äh|uh+|hm+)\W+)?(?:no+|non|nein|nope)\b")


def _part_fixed_in_words(line: str, at: _At) -> bool:
    """A move among words, then a correction in the same line that names the part that changes
    ("Je fais glisser RB vers le sud... non, pas RB mais KB, toujours vers le sud", "RB N... no
    sorry, KB"; issue 31): the words before the correction with each code after it (but one set
    aside by a negation) in place of the one code of theirs with its shape, read alone as one
    move, and the words after the correction only saying the rest again. True when so read."""
    if "?" in line or at.notation is None:
        return False
    segs = [p for p in _SEGMENT.split(line) if p.strip()]
    mark = next(
        (
            k
            for k, p in enumerate(segs)
            if k and (correction_rest(p) is not None or _NO_AT.match(p))
        ),
        None,
    )
    if mark is None:
        return False
    head = _tokens(" ".join(segs[:mark]))
    toks = _tokens(" ".join(segs[mark:]))
    # a code right after a negation in its own segment is set aside ("pas RB"; not the "non"
    # of "euh non, L11 R1", which a comma ends)
    aside: set[str] = set()
    for seg in segs[mark:]:
        st = _tokens(seg)
        aside.update(t for k, t in enumerate(st) if k and st[k - 1].casefold() in _NOT)
    codes = [j for j, t in enumerate(head) if _code_like(t)]
    changed: set[int] = set()
    for t in toks:
        if not _code_like(t) or t in aside:
            continue  # "pas RB": the part set aside
        if any(head[j] == t for j in codes):
            continue  # said again ("toujours en R0")
        letters = re.sub(r"\d", "", t)
        same = [j for j in codes if _shape(head[j]) == _shape(t)]
        same = [j for j in same if re.sub(r"\d", "", head[j]) != letters] or same
        if len(same) != 1 or same[0] in changed:
            return False
        head[same[0]] = t
        changed.add(same[0])
    if not changed:
        return False
    sub = Reading()
    _read_move(" ".join(head), replace(at, out=sub))
    acts = [c for c in sub.commands if c.kind == "action"]
    if len(sub.commands) != 1 or len(acts) != 1 or sub.errors or sub.mentions:
        return False
    action = acts[0].action
    plain = " ".join(t for t in toks if not _code_like(t))
    rest = correction_rest(plain)
    words = [
        w
        for w in (plain if rest is None else rest).split()
        if w.casefold() not in _NOT | _STILL | _BUT and not _NO_WORD.fullmatch(w)
    ]
    said = " ".join(words)
    if words and (not is_filler(words) or _adds_to(at.notation(action), said, at.parse_action)):
        new = [head[j] for j in codes]
        if not any(
            _same(at.notation, _parsed(at.parse_action, " ".join([*new[:k], said])), action)
            for k in range(1, len(new) + 1)
        ):
            return False  # the words after the correction say another move ("..., vers l'est")
    _as_read(at, action, " ".join(head))
    return True


def _parsed(parse_action: Callable[[str], object], text: str) -> object:
    try:
        return parse_action(text)
    except RuleError:
        return None


def _but_prefer(tokens: list[str], start: int, end: int) -> int | None:
    """Where "but" stands in ``tokens[start:end]`` (between two moves named), when a word of
    preference follows it there and nothing after it denies; None otherwise."""
    for k in range(start, end):
        if tokens[k].casefold() in _BUT:
            after = [t for t in tokens[k + 1 : end] if t.casefold() not in _PREFER]
            if len(after) < end - k - 1 and not denies(after):
                return k
    return None


def _set_aside(c: _Candidate, tokens: list[str], line: str) -> bool:
    """Is the move-shaped part ``c`` set aside by a negation right before it, with only a space
    between ("pas O13", "not R2", "nicht N13", "non R3 ma R1")?"""
    first = re.escape(tokens[c.start])
    # this occurrence of the part's first word, not an earlier one ("Not L11 R1 but L11 R0")
    nth = sum(t.casefold() == tokens[c.start].casefold() for t in tokens[: c.start])
    found = list(re.finditer(rf"(?i)(?<![\w'’]){first}(?![\w])", line))
    if nth >= len(found):
        return False
    before = line[: found[nth].start()]
    for w in _NOT:
        m = re.search(rf"(?i)(?<![\w'’]){re.escape(w)}\s+$", before)
        if m is None:
            continue
        # "M13 R0, no R1" may be "no, R1" (a correction): a bare "no" sets nothing aside after a
        # sign, nor right after the move or a word of correction ("P12 R2 anzi no R1", "P12 R2
        # no R1"); only after "and" or "but" ("et non R1") (the Italian "non" is "not")
        bare = w in ("no", "nein") or (w == "non" and current() != "it")
        if not bare:
            return True
        ahead = _tokens(before[: m.start()])
        return bool(ahead) and ahead[-1].casefold() in _AND
    return False


def _italian_or(words: Sequence[str]) -> bool:
    """Is one of ``words`` (beside a move) the Italian "o" ("or"), in an Italian reply? The
    courtesy lists cannot hold it (it is also the article of other languages): another choice
    offered beside the move ("Mettete L12 R3 o fatemela vedere"; seventeenth round)."""
    return current() == "it" and any(w.strip(".,;:!?-\"'()").casefold() == "o" for w in words)


def _bare_no(c: _Candidate, tokens: list[str], line: str = "") -> bool:
    """Is the move-shaped part ``c`` right after a bare "no" (or a "non" outside Italian) that
    stands right after a code, with no sign and no word of correction ("P12 R2 no R1",
    "P12 R2 non R1")? That "no" may be "no, R1" or "not R1": the line asks back. Not a whole
    move (square and rotation) after a whole move, with no sign on either side of the "no"
    (:func:`_no_between`: "o9 r2 non o9 r1" is typed as a correction; "O9 R2, non O9 R1" stays
    asked back: the French "non" after a comma is also "and not")."""
    if c.start < 2 or not _code_like(tokens[c.start - 2]):
        return False
    w = tokens[c.start - 1]
    if not (w.casefold() == "no" or (w.casefold() == "non" and current() != "it")):
        return False
    return not _no_between(c, tokens, line)


def _no_between(c: _Candidate, tokens: list[str], line: str) -> bool:
    """Is the "no" right before the move-shaped part ``c`` typed between two whole moves (a
    square and its rotation on each side), with nothing but spaces around it ("n9 r2 nope n9 r3",
    "o9 r2 non o9 r1", "L10 R1 nein L10 R2": the typo corrected at once; issue 31, seventeenth
    round)? Only a "no" as it is said (:func:`_no_after`: never the Italian "non", which is
    "not")."""
    if c.start < 3 or c.end - c.start < 2 or not _no_after([tokens[c.start - 1]]):
        return False
    if not (_WHOLE_MOVE.fullmatch(" ".join(tokens[c.start - 3 : c.start - 1]))):
        return False
    if not _WHOLE_MOVE.fullmatch(" ".join(tokens[c.start : c.end])):
        return False
    said = r"\s+".join(re.escape(t) for t in tokens[c.start - 3 : c.end])
    return re.search(rf"(?i)(?<![\w'’]){said}(?![\w'’])", line) is not None


_WHOLE_MOVE = re.compile(r"(?i)[a-z]\d{1,2}\s+r[0-3]")
"""A tile's move written whole: its square and its rotation ("N9 R2")."""


_QUOTED = re.compile(r"«[^»]*»|“[^”]*”|„[^“”]*[“”]|\"[^\"]*\"|‘[^’]*’")


def _cited(line: str, tokens: list[str], cands: list[_Candidate]) -> list[_Candidate]:
    """The candidates written inside quotation marks in ``line``."""
    spans = []
    for m in _QUOTED.finditer(line):
        a = len(_tokens(line[: m.start()]))
        spans.append((a, a + len(_tokens(m.group(0)))))
    if len(_tokens(line)) != len(tokens):
        return []
    return [c for c in cands if any(a <= c.start and c.end <= b for a, b in spans)]


_SEGMENT = re.compile(r"\s*[,;:]\s+|\s+[-–—]\s+|\.{2,}\s*")


_INDECISION = re.compile(
    r"(?i)(?<![\w'’])(?:(?:don['’]t|do\s+not)\s+know|not\s+sure|unsure|weiß\s+nicht|weiss\s+nicht"
    r"|nicht\s+sicher|keine\s+ahnung|non\s+so|non\s+sono\s+sicur[oa]|(?:ne\s+)?sais\s+pas"
    r"|pas\s+sûre?|aucune\s+idée|no\s+idea|boh)(?![\w'’])"
)
"""Words of indecision ("I wanted M9 R0 but I don't know, M9 R1"): the line's last move is no
correction then; the reply asks back."""


def _after_correction(line: str) -> str:
    """What follows the last segment of a line that corrects or takes back ("BK est, no scusa,
    BR ovest": "BR ovest"), without second thoughts; "" when no segment does or nothing follows.
    The caller reads it alone: it must be one move with nothing around it that denies."""
    if "?" in line or _INDECISION.search(line):
        return ""
    segs = [p for p in _SEGMENT.split(line) if p.strip()]
    marks = [
        k
        for k, p in enumerate(segs[:-1])
        if correction_rest(p) is not None  # (a bare "no" asks back: "M13 R1" / "no, M13 R2")
        or (  # "Pas BK, RB nord": a code set aside
            (w := p.split()) and w[0].casefold() in _NOT and any(_code_like(t) for t in w[1:])
        )
    ]
    if not marks:
        return ""
    tail = " ".join(segs[marks[-1] + 1 :])
    words = tail.split()
    added = {"and", "et", "e", "und", "also", "aussi", "anche", "auch", "too", "pure", "ebenfalls"}
    lead = [w.casefold().strip(",;:") for w in words[:2]]
    if lead and (lead[0] in added or (lead[0] in _BUT and lead[1:] and lead[1] in added)):
        return ""  # "I wanted to play M9 R0, and M9 R1", "..., but also M9 R1": an addition
    while words and fold_word(words[0]).casefold() in _SECOND_WORDS:
        words = words[1:]  # "plutôt KY", "invece BR ovest"
    return " ".join(words)


_INSTEAD = frozenset({"instead", "invece", "stattdessen", "plutôt", "plutot"})
_SECOND_WORDS = frozenset({"plutot", "plutôt", "invece", "piuttosto", "lieber", "stattdessen",
                           "rather", "instead", "finalement", "alors", "doch"})  # fmt: skip


_LETS_SEE = re.compile(
    r"(?i)(?<![\w'’])(?:(?:and|et|e|und|poi|puis|dann|then|ensuite|alors|allora)\s+)?"
    r"(?:(?:mal\s+)?(?:schauen|sehen)(?:\s+wir\s+mal)?(?:\s+was\s+(?:passiert|kommt"
    r"|draus\s+wird))?|on\s+verra(?:\s+bien)?(?:\s+ce\s+que\s+(?:ça|ca)\s+donne)?"
    r"|(?:staremo\s+a\s+)?vedere(?:\s+(?:cosa|che)\s+succede)?|vediamo(?:\s+(?:un\s+po['’]\s+)?"
    r"(?:cosa|che)\s+succede)?|(?:we['’]ll|let['’]?s)\s+see(?:\s+what\s+happens)?)"
    r"(?:\s*,?\s*(?:was|cosa|che|ce\s+que|ce\s+qu['’]|what)"
    r"(?:\s+(?![rybgk]{2}(?![\w'’]))[^\W\d_][\w'’]*){0,4}?\s+(?:macht|machen|tut|tun|spielt"
    r"|spielen|fate|farete|fa|fanno|faranno|giocate|faites|ferez|fait|feront|jouez|do|does|play"
    r"|plays)(?:\s+(?:voi|vous|next|dopo|danach|ensuite|then|now|adesso|jetzt|maintenant))?)?"
    # whether or who, of what the game brings ("on verra bien si Rouge me pique la salle au
    # prochain tour", "poi vediamo chi ride per ultimo", "mal sehen, ob das reicht"; fifteenth
    # round): up to ten words with no figure to the clause's end, none of an opinion awaited
    # ("si Paul est d'accord")
    r"(?:\s*,?\s*(?:si|s['’]|se|ob|if|whether|chi|qui|wer|who)(?:\s+(?!"
    + retraction.OPINION_WORD
    + r")"
    r"[^\W\d][^\W\d]*(?:['’][^\W\d]+)*){1,10}(?=\s*(?:[.,;:!…)]|$)))?"
    r"(?![\w'’])"
)
"""After a move, "let's see what happens" ("L10 R1, mal schauen was passiert", "on verra bien",
"vediamo cosa succede", "we'll see"; issue 31, twelfth round), or what the others do next
("poi vediamo cosa fate voi", "Mal sehen, was ihr daraus macht", "let's see what you do";
thirteenth round): hope, no question of the move. Not what someone says or thinks of it ("mal
schauen was Klaus dazu sagt": an opinion awaited, the move perhaps not yet decided)."""


def _filler_then_clause(tokens: list[str], cand: _Candidate) -> bool:
    """Do the words around a move only stand around it (:func:`is_filler`)? After the move, a
    clause that starts with "and" or "but" may say anything that does not deny ("N13 R2 et je
    croise les doigts", "M13 R1 and fingers crossed"; issue 31)."""
    before, after = tokens[: cand.start], tokens[cand.end :]
    if _SORRY_FOR.search(" ".join(before)):
        return False  # "sorry for the L12 R0": the move apologised for
    # "Same as last time: P12 R2", "Je rejoue P12 R2 comme la dernière fois": a move of now
    before = _tokens(_LIKE_LAST_TIME.sub(" ", " ".join(before)))
    after = _tokens(_LETS_SEE.sub(" ", _LIKE_LAST_TIME.sub(" ", " ".join(after))))
    if _AS_SUGGESTED.fullmatch(" ".join(after[:4])) or _AS_SUGGESTED.fullmatch(" ".join(after)):
        after = []  # "Ok, allora P11 R2 come suggerito"
    # "P10 R0 comme dans votre exemple, ça me convient": the hint followed, the rest said of it
    after = _tokens(_AS_SUGGESTED.sub(" ", " ".join(after)))
    if before and fold_word(before[-1]).casefold() in _SECOND_WORDS:
        before = before[:-1]  # "Also lieber N13 R2, bitte", "Alors plutôt M13 R1"
    if len(after) == 1 and fold_word(after[0]).casefold().strip(".!") in _INSTEAD:
        after = []  # "let's try L11 R0 instead": in place of the move refused or above
    if after and after[0] == "e" and _ends_with_way(cand.text):
        # "I'll move KB S e.", "KB S e thanks": an "e" after a slide's direction may be its
        # east as much as the Italian "and"; a mention, asked back (issue 31, eighth round)
        return False
    if _no_after(after):
        return False  # "L10 R1 nö falsch", "M13 R1 nah sorry", "M13 R1 nope": taken back
    if _mistake_after(after):
        return False  # "n13 r1 scusate ho sbagliato", "L10 R1 sorry falsch" (fourteenth round)
    if is_filler([*before, *after]):
        return True
    if after and after[0].casefold() in _AND:
        return is_filler(before) and not denies(after[1:])
    if after and _apology_for_delay(after):
        return is_filler(before)  # "O9 R2 sorry been mad busy", "p10r3 dsl pr le retard"
    return False


_APOLOGY_FIRST = frozenset(
    {"sorry", "sry", "soz", "sorri", "apologies", "dsl", "désolé", "désolée", "desole", "desolee",
     "déso", "deso", "pardon", "scusate", "scusa", "scusami", "scusatemi", "entschuldigung",
     "entschuldigt", "sorryy", "excusez", "excuse", "excusez-moi", "scusez"}
)  # fmt: skip
"""Words a phone-typed apology starts with, in the four languages."""


def _apology_for_delay(after: list[str]) -> bool:
    """Are the words after a move, with no sign between them, an apology and what it is for,
    the player's delay or day ("O9 R2 sorry been mad busy", "p10r3 dsl pr le retard", "kb s e
    scusate il ritardo ero al mare", "L10 R1 sorry war unterwegs"; issue 31, fourteenth round)?
    Not when they deny, doubt, own a mistake (:func:`denies`, courtesy.toml), take back, or speak
    of the move ("sorry wrong one", "scusate ho sbagliato", "sorry ignore that")."""
    from pbem.commands.vocabulary import doubts

    if len(after) > 2 and fold_word(after[-1]).casefold().strip(".,!") in _APOLOGY_FIRST:
        after = [after[-1], *after[:-1]]  # "L10 R2 jsuis en amphi dsl": the apology said last
    rest = " ".join(after[1:])
    return (
        fold_word(after[0]).casefold().strip(".,!") in _APOLOGY_FIRST
        and not any(_code_like(t) or any(ch.isdigit() for ch in t) for t in after)
        and not denies([t for t in after[1:] if t.casefold().replace("’", "'") not in _PAST_ALONE])
        and not _mistake_after(after)
        and not doubts(rest)
        and not is_take_back(rest)
        and not _ABOUT_THE_MOVE.search(rest)
        and not _SORRY_FOR.search(" ".join(after))
        and not names_game(rest)  # "o9 r2 autre partie dsl": which game is it for?
    )


_WAY_WORDS = frozenset(
    {"n", "e", "s", "w", "o", "north", "east", "south", "west", "nord", "est", "sud", "ouest",
     "ovest", "ost", "süd", "norden", "osten", "süden", "westen", "up", "down", "left", "right",
     "haut", "bas", "droite", "gauche", "su", "giù", "giu", "destra", "sinistra", "oben", "unten",
     "links", "rechts"}
)  # fmt: skip
"""Directions a slide's text may end with (Die Verbotene Stadt), in the four languages."""


def _ends_with_way(text: str) -> bool:
    """Does a move's text end with a direction ("KB S", "RB nach Norden")?"""
    words = _tokens(text)
    return bool(words) and words[-1].casefold() in _WAY_WORDS


@dataclass(frozen=True)
class _At:
    """A line being read as a move, and what reading it needs: where the result goes and the
    game's callables."""

    line: str
    guard: int | None
    out: Reading
    parse_action: Callable[[str], object]
    is_move_form: Callable[[str], bool] | None
    notation: Callable[[object], str] | None
    from_subject: bool


_EITHER_WAY = re.compile(
    r"(?i)\?\s*(?:either\s+way|whatever\s+the\s+answer|in\s+any\s+case|de\s+toute\s+fa[çc]on"
    r"|dans\s+tous\s+les\s+cas|quoi\s+qu['’]il\s+en\s+soit|in\s+ogni\s+caso|comunque\s+vada"
    r"|comunque|so\s+oder\s+so|auf\s+jeden\s+fall|wie\s+auch\s+immer|egal(?:\s+wie)?|whatever"
    r"|never\s+mind|oh\s+well|peu\s+importe|tant\s+pis|bref|pazienza|vabb[eè]|sei['’]s\s+drum)(?![\w'’])"
    r"[\s,:–—-]*(?P<rest>[^?]*)$"
)
"""A question about a move, then the move played whatever the answer ("Does P12 R2 close the
top room? Either way I'm playing P12 R0."; issue 31), or a question set aside ("why was that
refused?? whatever, L12 R0", "pourquoi refusé ? Tant pis, ...", "perché? Vabbè, ...", "warum?
Egal, ..."): the part after it is read alone."""


_SETTLED = re.compile(
    r"(?i)(?:\s*[,;:–—-]\s*|\s+|^)(?:(?:and|et|e|und|so|donc|alors|quindi|also|dann|but|mais|ma"
    r"|aber)\s+)?(?:(?:that(?:'s|\s+is)\s+)?final|that(?:'s|\s+is)\s+that|end\s+of\s+(?:story"
    r"|discussion)|final\s+answer|no\s+(?:more\s+)?discussion|(?:(?:it|that|this)\s+)?(?:doesn['’]t"
    r"|does\s+not|won['’]t|will\s+not)\s+(?:really\s+)?matter|no\s+matter|(?:it\s+)?makes\s+no"
    r"\s+difference|no\s+big\s+deal|(?:un\s+)?point\s+final|(?:(?:et\s+)?puis\s+)?c['’]est\s+tout"
    r"|n['’]en\s+parlons\s+plus|on\s+n['’]en\s+parle\s+plus|c['’]est\s+d[ée]cid[ée]|peu\s+importe"
    r"|(?:ça|ca|cela)\s+ne\s+(?:change|fait)\s+rien|(?:ça|ca|cela)\s+n['’]a\s+pas\s+d['’]importance"
    r"|(?:ce\s+n['’]est\s+)?pas\s+grave|non\s+se\s+ne\s+parla\s+più|punto\s+e\s+basta|basta"
    r"|(?:(?:tanto|comunque)\s+)?non\s+(?:importa|cambia\s+(?:niente|nulla)|fa\s+niente)"
    r"|poco\s+importa|fa\s+lo\s+stesso|è\s+deciso|schluss(?:\s+aus)?|fertig|gut\s+ist"
    r"|keine\s+diskussion(?:\s+mehr)?|ende\s+der\s+diskussion|(?:(?:ist|wäre)\s+)?(?:doch\s+)?egal"
    r"|(?:das\s+)?spielt\s+keine\s+rolle|(?:das\s+)?macht\s+(?:nichts|keinen\s+unterschied))"
    r"(?:\s+(?:this\s+time|anyway|here|now|much|cette\s+fois(?:-ci)?|ici|questa\s+volta|stavolta"
    r"|qui|diesmal|hier|jetzt))?(?![\w'’])[\s.!…]*(?=$|[,;)–—]|\s[^\w\s])"
)
"""Idioms after a move that seal it or say that something else does not matter ("Allora L10 R0
e non se ne parla più", "P10 R0 for now, so it doesn't matter this time", "M13 R1, point
final", "und Schluss"; issue 31): their negation denies nothing of the move."""
_NOT_THIS_TIME = re.compile(
    r"(?i)(?:\s*,\s*|\s+)(?:(?:but|mais|ma|aber)\s+)?(?:not|pas|non|nicht)\s+(?:this\s+time"
    r"|cette\s+fois(?:-ci)?|questa\s+volta|stavolta|diesmal|dieses\s+mal)(?![\w'’])"
)
"""The contrast of this time with the time before ("j'ai vu le jardin trop tard la dernière
fois, pas cette fois-ci !"): read only beside a mention of the last time (:data:`_LAST_TIME`)."""


_AUTOCORRECT = re.compile(
    r"(?i)(?<![\w'’])(?:auto-?correct\w*|autocorrection|(?:le\s+)?correcteur|correttore"
    r"|auto-?korrektur|autokorrektur|t9|spell-?check\w*|correction\s+automatique"
    r"|correzione\s+automatica|rechtschreibprüfung)(?![\w'’])"
)
_TYPO_REMARK = re.compile(r"\s*(?:\((?P<b>[^()]*)\)|\s[-–—]+\s*(?P<c>[^()–—]*))[\s.!…]*$")


def _typo_remark(line: str) -> tuple[str, set[str]] | None:
    """A closing remark that blames the phone's autocorrection for a typo of the move, quoting it
    or not ("P12 R0 (le correcteur m'avait mis "P12 Ro", c'est bien R zéro)"; issue 31): the line
    before it and the codes the remark names outside its quotes (the move's own, said again, when
    the caller reads it), when it corrects and takes back nothing. None otherwise."""
    m = _TYPO_REMARK.search(line)
    said = m["b"] or m["c"] or "" if m is not None else ""
    if m is None or not _AUTOCORRECT.search(said):
        return None
    plain = _QUOTED.sub(" ", said)
    if is_correction(_AUTOCORRECT.sub(" ", plain)) or is_take_back(plain):
        return None
    return line[: m.start()], {t.upper() for t in _tokens(plain) if _moved(t)}


def _typo_after(line: str, at: _At) -> bool:
    """The move of a line whose closing remark is about the phone's typo (:func:`_typo_remark`),
    the remark naming no code but the move's own."""
    typo = _typo_remark(line)
    if typo is None or "?" in line or at.notation is None:
        return False
    sub = Reading()
    _read_move(typo[0], replace(at, out=sub))
    acts = [c for c in sub.commands if c.kind == "action"]
    if len(sub.commands) != 1 or len(acts) != 1 or sub.errors or sub.mentions:
        return False
    if not typo[1] <= {t.upper() for t in _tokens(at.notation(acts[0].action))}:
        return False  # "P12 R0 (autocorrect wrote P12 R1 ...)": which is it?
    _as_read(at, acts[0].action, typo[0])
    return True


_IF_IT_CAN = re.compile(
    r"(?i)\s*,?\s*(?:(?:if|si|se|wenn|falls)\s+(?:(?:that|it|this|ça|ca|cela|c['’]|das|es|questo"
    r"|quella|la\s+mossa|le\s+coup|der\s+zug)\s*)?(?:is\s+|['’]s\s+|est\s+|è\s+|ist\s+)?"
    r"(?:still\s+|encore\s+|toujours\s+|ancora\s+|sempre\s+|noch\s+|immer\s+noch\s+)?"
    r"(?:ok|okay|fine|legal|possible|allowed|valid|works"
    r"|fits|goes|marche|passe|possible|légal|valide|autorisé|va(?:\s+bene)?|possibile|legale"
    r"|valida|consentita|si\s+può(?:\s+fare)?|(?:so\s+)?geht|passt|klappt|möglich(?:\s+ist)?"
    r"|erlaubt(?:\s+ist)?|in\s+ordnung(?:\s+ist)?)(?:\s+(?:ist|so))?)"
    r"(?:\s*[,;]?\s*(?:otherwise|else|sinon|altrimenti|sonst|andernfalls)\s+(?:please\s+)?"
    r"(?:let\s+me\s+know|tell\s+me|dites-le-moi|dites-moi|prévenez-moi|faites-moi\s+signe"
    r"|fatemi\s+sapere|avvisatemi|ditemelo|sagt\s+(?:mir\s+)?bescheid|sagen\s+sie\s+(?:mir\s+)?"
    r"bescheid|gebt\s+mir\s+bescheid|geben\s+sie\s+mir\s+bescheid|melden\s+sie\s+sich))?"
    r"(?=\s*[.!,;)]*\s*$)"
)
"""A condition of the move on itself, that it can be played ("Ich würde gerne P11 R3 spielen,
wenn das so geht", "M13 R1 if that's OK", "M13 R1 si c'est possible"; issue 31): a move that
cannot be played is refused anyway, so it holds whenever the move is read."""
_BY_THE_WAY = re.compile(
    r"(?i)(?:(?<=[.!])|^)\s*(?:by\s+the\s+way|btw|incidentally|au\s+fait|d['’]ailleurs"
    r"|à\s+propos|a\s+proposito|tra\s+l['’]altro|übrigens|uebrigens|nebenbei)\b[^?]*\?\s*$"
)
"""A question by the way, at the end of a line, that is no part of the move ("O9 R3 bitte.
Übrigens, wann ist eigentlich das nächste Clubtreffen?"; issue 31): read apart only when it names
no code (the caller reads the rest alone)."""


_UNSURE_WORDS = frozenset(
    ("maybe", "perhaps", "sure", "peut-être", "sûr", "sûre", "forse", "sicuro", "sicura",
     "vielleicht", "sicher", "later", "plus", "tard", "dopo", "später")
)  # fmt: skip


def _owned_up(line: str, parse_action: Callable[[str], object]) -> str:
    """``line`` without its sentences that own up to the mistake the refusal pointed out
    (:data:`_OWNED_UP`), when they name no legal move, doubt nothing and take nothing back, and
    another sentence follows (issue 31): what the player then plays is the reply's move."""
    parts = [p for p in re.split(r"(?<=[.!?;])\s+", line) if p.strip()]
    keep = []
    for k, p in enumerate(parts):
        toks = _tokens(p)
        cands = _candidates(toks, parse_action, None)
        asked = (  # "Q99?", "Ma quale Q99??": the refused code asked about, nothing more
            p.rstrip().endswith("?")
            and len(cands) == 1
            and cands[0].error is not None
            and len(toks) - (cands[0].end - cands[0].start) <= 3
        )
        if (
            k < len(parts) - 1
            and (_OWNED_UP.search(p) or asked)
            and not _UNSURE_WORDS.intersection(t.casefold() for t in toks)
            and not is_take_back(p)
            and not any(c.action is not None for c in cands)
        ):
            continue
        keep.append(p)
    if "?" in line and any("?" in p for p in keep):
        return line  # a question left beside the move: asked back
    return " ".join(keep) if keep and len(keep) < len(parts) else line


_COUNTERFACTUAL = re.compile(
    r"(?i)(?<![\w'’])(?:would\s+(?:also\s+)?have\s+(?:worked|been\s+(?:fine|ok|possible|good))"
    r"|could\s+(?:also\s+)?have\s+(?:worked|played|gone)|wäre\s+(?:auch\s+)?(?:gegangen|möglich"
    r"|gut|ok)|hätte\s+(?:auch\s+)?(?:funktioniert|gepasst|geklappt)|aurait\s+(?:aussi\s+|pu\s+)?"
    r"(?:marché|été\s+possible|fonctionné|convenu)|sarebbe\s+(?:anche\s+)?(?:andat[ao]\s+bene"
    r"|stat[ao]\s+possibile|andat[ao])|avrebbe\s+(?:anche\s+)?funzionato)(?![\w'’])"
)
_WOULD_HARM = re.compile(
    r"(?i)^\W*(?:(?:la|le|l['’]|il|the|die|der|das|en|in|avec|con|mit|with)\s+)?"
    r"(?:R\s*[0-3]|[A-Z]{1,2}\d{1,2}(?:\s*R\s*[0-3])?)\s+(?:would\s+(?!be\b)\w+"
    r"|\w+(?:erebbe|irebbe|arebbe)|\w+rait|würde\s+\w+)(?![\w'’])"
)
"""A closing remark that says what another rotation or square would do ("Gioco M13 R3 (la R1
lascerebbe aperto il giardino a Paolo)", "(R1 would leave the garden open)", "(la R1
ouvrirait la salle)"): the reason it was not chosen."""
_BETTER = re.compile(
    r"(?i)(?<![\w'’])(?:better|best|mieux|meilleur[e]?|meglio|migliore|besser|beste[rn]?"
    r"|prefer\w*|préf[ée]r\w*|prefer\w*|lieber|plutôt|plutot|rather|invece|instead)(?![\w'’])"
)
_COUNTERFACTUAL_REMARK = re.compile(r"\s*\(([^()]*)\)[\s.!]*$|\s+[-–—]+\s+([^()–—]*)$")


def _counterfactual(m: re.Match[str]) -> str:
    """A closing remark that names another move that would also have done ("p10 r1 (M13 R1 wäre
    auch gegangen, aber egal)"; issue 31): no part of the reply's move, unless it corrects, takes
    back or asks."""
    said = m[1] if m[1] is not None else m[2] or ""
    if (
        not (_COUNTERFACTUAL.search(said) or _WOULD_HARM.search(said))
        or _BETTER.search(said)
        or "?" in said
        or correction_rest(said) is not None
        or is_take_back(said)
    ):
        return m[0]
    return " "


_NOT_PLAYABLE = (
    r"(?:doesn['’]t\s+work|does\s+not\s+work|won['’]t\s+work|is\s+(?:not\s+possible|impossible"
    r"|illegal|not\s+legal|not\s+allowed)|isn['’]t\s+(?:possible|legal|allowed)"
    r"|ne\s+(?:marche|va|passe|fonctionne)\s+pas|n['’]est\s+pas\s+(?:possible|légal|valide|permis)"
    r"|est\s+(?:impossible|illégal)|non\s+(?:va|è\s+possibile|è\s+valid[ao]|è\s+legale|funziona)"
    r"|è\s+impossibile|nicht\s+(?:geht|möglich\s+ist|erlaubt\s+ist|klappt|passt|gültig\s+ist)"
    r"|ungültig\s+ist|unmöglich\s+ist)"
)
_CODE_RE = r"(?P<code>[A-Za-z]{1,2}\s*-?\d{1,3}(?:\s*R\s*\d)?)"
_REFUSED_AFTER = re.compile(
    r"(?i)\s*[,;]?\s*(?:if|since|as|si|puisque|comme|se|visto\s+che|dato\s+che|poiché|wenn|falls"
    r"|da|weil)\s+" + _CODE_RE + r"\s+" + _NOT_PLAYABLE + r"[\s.!]*$"
)
_REFUSED_BEFORE = re.compile(
    r"(?i)^\W*(?:if|since|as|si|puisque|comme|se|visto\s+che|dato\s+che|poiché|wenn|falls|da"
    r"|weil)\s+" + _CODE_RE + r"\s+" + _NOT_PLAYABLE + r"\s*[,;:]\s*(?:then\s+|alors\s+|allora"
    r"\s+|dann\s+)?"
)
"""A condition that the refused move cannot be played ("M13 R1, wenn Q99 nicht geht", "Since
Q99 doesn't work, L10 R2", "Se Q99 non va, allora L9 R0"): true when that code is no legal move,
so the move beside it stands."""


def _refused_clause(line: str, parse_action: Callable[[str], object]) -> str:
    """``line`` without its condition that a code which is no legal move cannot be played
    (:data:`_REFUSED_AFTER`, :data:`_REFUSED_BEFORE`); the line itself otherwise."""
    for rx in (_REFUSED_AFTER, _REFUSED_BEFORE):
        m = rx.search(line)
        if m is None:
            continue
        if _parsed(parse_action, m["code"]) is not None:
            return line  # a move that can be played: the condition is about it
        return (line[: m.start()] + " " + line[m.end() :]).strip()
    return line


_FORGET_SAID = re.compile(
    r"(?i)^\W*(?:(?:actually|en\s+fait|in\s+realtà|eigentlich|bon|ok|okay)\W+)?"
    r"(?:forget|ignore|never\s+mind|disregard|oubliez|oublie|ignorez|dimenticate|dimentica"
    r"|ignorate|vergesst|vergessen\s+sie|vergiss|ignoriert)\s+(?:what|ce\s+que|quello\s+che|was)"
    r"\s+(?:i|j['’]ai|je|ho|ich)\s+(?:[^\W\d]+\s+){0,4}?(?:about|sur|pour|à\s+propos\s+de|su|di"
    r"|per|über|zu|wegen)\s+[A-Za-z]{1,2}\s*\d{1,2}(?:\s*R\s*[0-3])?\s*(?:--|[-–—:;,.]+)\s*"
    r"(?=\S)"
)
"""What the player said of another move elsewhere, taken back before the move ("Actually, forget
what I told Yellow about O9 R1 -- I'm playing O9 R2", "Oubliez ce que j'ai dit à Paul sur M13
R1 : je joue M13 R2")."""
_NO_THANKS = re.compile(
    r"(?i)^\W*(?:non\s+merci|no\s+thanks?(?:\s+you)?|no\s+grazie|nein\s+danke)\s*[,.!;:–—-]+\s*"
    r"(?=(?:je|j['’]|i|i['’]ll|i['’]d|io|ich|preferisco|gioco|lieber|rather)\b)"
)
"""A polite no to the mail's examples before the move chosen ("Non merci, je préfère N13 R3",
"No thanks, I'd rather play M13 R1", "Nein danke, ich nehme lieber L10 R0")."""


def _calmed(line: str) -> str:
    """``line`` without the idioms of :data:`_SETTLED` and, beside a mention of the last time,
    without "not this time": what is left is read as the line (issue 31)."""
    out = _SETTLED.sub(" ", _COUNTERFACTUAL_REMARK.sub(_counterfactual, line))
    out = _WHAT_I_MEANT.sub(" ", out)  # "N13 R3 is what I meant"
    out = _NO_THANKS.sub(" ", out)  # "Non merci, je préfère N13 R3" (to the mail's examples)
    out = _FORGET_SAID.sub(" ", out)  # "Actually, forget what I told Yellow about O9 R1 -- ..."
    # "(donc M13 R1 si j'ai bien compris la notation)": a condition that holds when it is read
    out = re.sub(
        _UNDERSTOOD.pattern + r"(?:\s+(?:la|the|die|il\s+sistema\s+di)?\s*(?:notation|notazione))?",
        " ",
        out,
    )
    out = _IF_IT_CAN.sub(
        " ",
        _AS_SUGGESTED.sub(
            " ",
            # ("Au fait, c'est bien légal ?" asks of the move: kept, fourteenth round)
            _BY_THE_WAY.sub(
                lambda m: (
                    m[0] if _shaped(_tokens(m[0])) or not _asks_nothing_of_move(m[0]) else " "
                ),
                out,
            ),
        ),
    )
    if _LAST_TIME.search(out):
        out = _NOT_THIS_TIME.sub(" ", out)
    out = re.sub(r"\(\s*[!.]*\s*\)", " ", out)
    return " ".join(out.split()) if _tokens(out) else line


_ANYWAY = re.compile(
    r"(?i)\?(?P<mid>[^?]*?)(?:(?<=[?.!])|(?<=[.!]\s))\s*(?:anyway|anyhow|in\s+any\s+case|either\s+way"
    r"|regardless|en\s+tout\s+cas|de\s+toute\s+fa[çc]on|dans\s+tous\s+les\s+cas"
    r"|quoi\s+qu['’]il\s+en\s+soit|comunque|in\s+ogni\s+caso|ad\s+ogni\s+modo|jedenfalls"
    r"|sowieso|wie\s+dem\s+auch\s+sei|auf\s+jeden\s+fall|so\s+oder\s+so)(?![\w'’])"
    r"[\s,:–—-]*(?P<rest>[^?]*)$"
)
"""A question (about the notation or a move), sentences that name no move, then "anyway" and the
move ("... is R1 a turn clockwise or anticlockwise? I'm assuming clockwise. Anyway, P10 R0 for
now"; issue 31): the part after it is read alone."""


def _anyway(line: str) -> str:
    """The part of ``line`` after :data:`_ANYWAY`'s word, or ``""``."""
    m = _ANYWAY.search(line)
    if m is None or any(_code_like(t) for t in _tokens(m["mid"])) or not _tokens(m["rest"]):
        return ""
    return m["rest"]


_BUT_NOT = re.compile(
    r"^(?P<head>.*?[^\s,;(–—-])\s*(?:\((?P<b>[^()]*)\)|(?:[,;]|\s[-–—]+)\s*(?P<c>[^,;:()–—]*))"
    r"[\s.!…]*$"
)
_NOT_X = re.compile(
    r"(?i)^\W*(?:(?P<and>and|but|et|mais|e|ma|und|aber|also)\s+)?(?:(?:surtout|certainly|definitely"
    r"|absolument|assolutamente|bloß|bloss|ja|auf\s+keinen\s+fall)\s+)?(?P<neg>not|pas|non\s+pas"
    r"|non|nicht|mica)\s+(?P<x>[^,;:?]+?)[\s.!…]*$"
)
"""A remark that sets aside another way of making the move ("BR a ovest e poi a sud (non a
nord!)", "BR d'une seule case vers l'ouest (pas jusqu'au mur !)", "M13 R1, not R2")."""


_WHY = re.compile(
    r"(?i)\s+[-–—]+\s+|\s*[,:;]\s+(?=(?:that|this|it|which|ça|ca|cela|ce|elle|il|quello|quella"
    r"|questa|das|es|sie|er|because|since|car|parce|puisque|perché|perche|poiché|weil|denn|da)\b)"
    r"|\s+(?=(?:because|since|as\s+it|car|parce\s+que|puisque|perché|perche|poiché|weil|denn)\b)"
)
"""Where the reason for setting a move aside starts ("Not P10 - that would open the garden",
"pas N9, car ça ouvre la salle", "nicht P10, weil ..."): the reason is not read."""
_LIKE_SAID = re.compile(
    r"(?i)\s+(?:like|as|comme|come|wie)\s+(?:i|j['’]|je|l['’]|io|ich|you|vous|voi|ihr|sie|bob"
    r"|[A-Z][a-zé]+)\b[^,;:?()]*$"
)


def _but_not(line: str, lone: _LoneMove) -> Command | None:
    """The move of a line whose closing remark only sets aside another way of making it
    (:data:`_NOT_X`; issue 31): the line without the remark read as one move, and the words set
    aside, read with the first codes of that move (or alone), a move that is written in the
    game's notation and is another one, never the same. None otherwise. A bare "no" or "nein"
    corrects ("M13 R1, no, R2"), so only words of "not" count ("non" only in Italian)."""
    if "?" in line or lone.notation is None:
        return None
    m = _BUT_NOT.match(line)
    if m is None:
        return None
    n = _NOT_X.match(_WHY.split(m["b"] if m["b"] is not None else m["c"] or "", maxsplit=1)[0])
    if n is None or (
        n["neg"].casefold() == "non"
        and current() != "it"
        and (n["and"] or "").casefold() not in ("et", "and", "e")  # "et non R1": "and not R1"
    ):
        return None
    # "(not O13 R3 like I told Bob on the phone)", "et pas nord comme je l'avais annoncé à Marc":
    # the comparison after what is set aside says where it came from
    x = _LIKE_SAID.sub("", n["x"]).strip()
    toks = _tokens(x)
    if not toks or len(toks) > 5 or denies(toks) or is_correction(x) or is_take_back(x):
        return None
    act = lone(m["head"])
    if act is None or act.plan:
        return None
    codes = [t for t in _tokens(lone.notation(act.action)) if _code_like(t)]
    whole = _parsed(lone.parse_action, x)  # "(not M13 R0)": a whole move of its own
    if whole is not None:
        return (
            None
            if _same(lone.notation, whole, act.action)
            else replace(act, read_as=act.read_as or lone.notation(act.action))
        )
    if any(t.upper() in codes for t in toks if _code_like(t)):
        return None  # "M13 R1 (not R1)": a part of the move set aside
    other = False
    for k in range(len(codes) + 1):
        try:
            again = lone.parse_action(" ".join([*codes[:k], x]))
        except InvalidSyntax:
            continue
        except RuleError:
            other = True
            continue
        said = [t for t in _tokens(lone.notation(again)) if _code_like(t)]
        added = said[k:] if said[:k] == codes[:k] else said
        if _same(lone.notation, again, act.action) or set(added) & set(codes[k:]):
            return None  # "BR W e poi S (non W!)": a part of the move set aside
        other = True
    if not other:
        return None
    return replace(act, read_as=act.read_as or lone.notation(act.action))


_START_SQUARE = (
    r"(?:case|position|point)\s+de\s+d[ée]part|(?:casella|casa|posizione|punto)\s+di\s+partenza"
    r"|(?:start|ausgangs)(?:feld|platz|position|punkt)|start(?:ing)?\s+(?:square|field|space|spot"
    r"|position|point)|home\s+(?:square|field)"
)
_ON_ITS_START = re.compile(
    r"(?i)(?:\s*[,;:]\s*|\s+[-–—]+\s+|(?<=[.!])\s+|\s*\(\s*)"
    r"(?:(?:car|parce\s+qu['’]|puisqu['’]|since|as|because|weil|da|denn|perch[ée]|poich[ée]"
    r"|visto\s+che|siccome|and|et|e|und)\s*)?(?:il|elle|it|he|she|er|es|lui|esso|essa|lei)?\s*"
    r"(?:est|is|['’]s|è|sta|steht|ist|stands|sits|se\s+trouve|si\s+trova|reste|rimane|bleibt)"
    r"\s+(?:encore|toujours|still|ancora|noch)\s+(?:sur|on|in|at|sulla|sul|nella|nel|auf|an)\s+"
    r"(?:(?:sa|son|la|le|its|his|her|the|sua|seinem|seiner|ihrem|dem|der)\s+)?"
    r"(?:propre\s+|own\s+|eigenen\s+)?(?:" + _START_SQUARE + r")(?![\w'’])[\s.!…]*\)?"
)
"""A remark that the official still stands on its start square, the reason of a one-field step
("BK d'une seule case vers l'est (il est encore sur sa case de départ)", "BR fa un passo solo
verso ovest, è ancora sulla casella di partenza", "KB one square south, it's still on its
starting square"): read only beside a step (:func:`_step_from_start`)."""
_STEP_WORDS = frozenset(
    {"le", "la", "un", "une", "petit", "pas", "seul", "de", "d", "glissade", "depuis", "case",
     "départ", "depart", "the", "a", "small", "little", "one", "single", "step", "only", "just",
     "no", "slide", "from", "start", "square", "il", "lo", "piccolo", "passo", "solo", "niente",
     "scivolata", "dalla", "casella", "di", "partenza", "der", "die", "das", "kleine", "kleiner",
     "schritt", "nur", "ein", "einen", "kein", "vom", "startfeld", "feld"}
)  # fmt: skip
"""The words a remark in brackets beside a step may say of it ("(le petit pas)", "(pas de
glissade)", "(just one step)", "(nur ein Schritt)")."""
_BRACKETED = re.compile(r"\s*\(([^()]{1,60})\)\s*[.!]*\s*$")


def _step_from_start(line: str, at: _At) -> bool:
    """A one-field step beside a remark that says why, that the official still stands on its
    start square (:data:`_ON_ITS_START`), or a remark in brackets only of steps
    (:data:`_STEP_WORDS`: "(le petit pas)"; issue 31, fourteenth round): the line without the
    remark, read alone, when it is a step (the game's notation says "step"). False otherwise,
    and for a question."""
    if "?" in line or at.notation is None:
        return False
    rest = _ON_ITS_START.sub(" ", line)
    if (m := _BRACKETED.search(rest)) is not None and all(
        t.casefold().replace("’", "'").split("'")[-1] in _STEP_WORDS for t in _tokens(m[1])
    ):
        rest = rest[: m.start()]
    rest = " ".join(rest.split()).strip(" ,;:-–—")
    if rest == " ".join(line.split()).strip(" ,;:-–—") or not _tokens(rest):
        return False
    try:
        action = at.parse_action(rest.rstrip(" .!"))
    except RuleError:
        return False
    if "step" not in at.notation(action).split():
        return False
    return _read_alone(rest, at)


def _read_alone(part: str, at: _At) -> bool:
    """Read ``part`` of ``at.line`` alone; when it is exactly one move, that move is the line's."""
    sub = Reading()
    _read_move(part, replace(at, out=sub))
    if [c.kind for c in sub.commands] != ["action"] or sub.errors or sub.mentions:
        return False
    _as_read(at, sub.commands[0].action, part)
    if sub.commands[0].chatter:  # (the guard checks that it is all of the line)
        at.out.commands[-1] = replace(at.out.commands[-1], chatter=sub.commands[0].chatter)
    return True


def _as_read(at: _At, action: object, text: str) -> None:
    """``action`` as the move of ``at.line``, and how it was read (the game's notation)."""
    read_as = at.notation(action) if at.notation is not None else text
    at.out.commands.append(
        Command(
            "action",
            at.line,
            action=action,
            guard=at.guard,
            read_as=read_as,
            from_subject=at.from_subject,
        )
    )


_IF_SO = re.compile(
    r"(?i)^(?P<q>[^?]+)\?+\s*(?P<a>(?:(?:and|et|e|und)\s+)?(?:if\s+(?:so|yes|it\s+is|possible|it\s+can"
    r"|(?:it|that)(?:'s|\s+is)\s+(?:legal|ok|possible|allowed))|si\s+(?:oui|possible"
    r"|c['’]est\s+(?:possible|bon|le\s+cas|légal|autorisé)|ça\s+passe)|se\s+(?:s[iì]|possibile"
    r"|si\s+può|è\s+possibile|va\s+bene|è\s+legale|è\s+valida)|(?:wenn|falls)\s+(?:ja"
    r"|möglich|moeglich|(?:es|das)\s+(?:geht|erlaubt\s+ist|möglich\s+ist|moeglich\s+ist)))"
    r"(?![\w'’])[^?]*)$"
)
"""A question whether a move may be played, then its answer taken in advance ("Is P11 R3
legal? If so that's my move", "Posso muovere RB verso nord e poi verso est? Se si può, fatelo;
altrimenti ci penso ancora"; issue 31): the move, played if legal (else refused as always)."""
_ASKING = re.compile(
    r"(?i)^\W*(?:(?:can|may|could)\s+i(?:\s+(?:play|move|go|put|place|slide))?|is|would"
    r"|puis-je|je\s+peux|est-ce\s+que\s+je\s+peux|peut-on|est-ce\s+que|posso|potrei|si\s+può"
    r"|è|kann\s+ich|darf\s+ich|könnte\s+ich|geht|ist)(?![\w'’])"
)
_ALLOWED = re.compile(
    r"(?i)(?<![\w'’])(?:legal|allowed|possible|valid|ok|légal|autorisé|valide|possibile|legale"
    r"|valida|consentit[ao]|erlaubt|möglich|moeglich|gültig|zulässig|okay"
    r"|(?:in|dans|nella|im)\s+(?:the\s+|le\s+)?(?:same|même|stessa|selben|gleichen)"
    r"\s+(?:move|coup|mossa|zug|tour|turno))(?![\w'’])"
)
_ELSE_TAIL = re.compile(r"(?i)[,;]?\s*(?:otherwise|else|sinon|altrimenti|sonst|andernfalls)\b.*$")


@dataclass(frozen=True)
class _LoneMove:
    """Reads a piece of a line on its own as exactly one move, with the reading's own parts."""

    parse_action: Callable[[str], object]
    is_move_form: Callable[[str], bool] | None
    notation: Callable[[object], str] | None
    plans: bool

    def __call__(self, text: str) -> Command | None:
        """The one move ``text`` reads as (no other command, error or mention), or None."""
        sub = Reading()
        _read_line(
            text, sub, set(), self.parse_action, self.is_move_form, self.notation, False, self.plans
        )
        acts = [c for c in sub.commands if c.kind == "action"]
        if len(sub.commands) != 1 or len(acts) != 1 or sub.errors or sub.mentions:
            return None
        return acts[0]


def _if_so(line: str, lone: _LoneMove) -> Command | None:
    """The move of a question answered in advance (:data:`_IF_SO`): the question without its
    asking words read as one move, the answer's other words denying nothing and naming no other
    move. None otherwise."""
    m = _IF_SO.match(line)
    if m is None:
        return None
    answer = _ELSE_TAIL.sub("", m["a"])
    rest = [t for t in _tokens(answer) if t.casefold() not in _IF | {"so", "yes", "oui", "ja"}]
    lead = re.match(r"(?i)\W*(?:(?:and|et|e|und)\s+)?\S+\s+\S+", answer)
    words = _tokens(answer[lead.end() :] if lead else answer)
    if any(_code_like(t) for t in rest) or denies(words) or not is_filler(words):
        return None
    question = _ALLOWED.sub(" ", _ASKING.sub(" ", m["q"]))
    act = lone(question)
    if act is None:
        return None
    read_as = lone.notation(act.action) if lone.notation is not None else question
    return replace(act, read_as=read_as)


def _said_again(line: str, lone: _LoneMove) -> Command | None:
    """A line whose move is said again in words in a closing bracket ("oups, je voulais dire BR
    O S (ouest puis sud)"; issue 31): the move of the line without the bracket, when the
    bracket holds no code and reads, with the move's first codes, as the same move. None
    otherwise (the line is read as it is)."""
    m = _BRACKET.match(line)
    if m is None or "?" in line:
        return None
    if any(_code_like(t) for t in _tokens(m.group(2))):
        return _coded_again(m.group(1), m.group(2), lone)
    act = lone(m.group(1))
    if act is None or act.plan:
        return None
    action, notation = act.action, lone.notation
    text = notation(action) if notation is not None else act.read_as or m.group(1)
    codes = [t for t in _tokens(text) if _code_like(t)]
    for k in range(1, len(codes) + 1):
        try:
            again = lone.parse_action(" ".join([*codes[:k], m.group(2)]))
        except RuleError:
            continue
        if _same(notation, again, action):
            return replace(act, read_as=act.read_as or text)
    return None


def _bracket_says_other(line: str, lone: _LoneMove) -> str | None:
    """The two moves of a line whose words read as one move and whose closing bracket, in the
    notation, as another ("KB south (BK E).", "Sorry. RB nach Norden (BK E).", "KB south (KB S
    E)"), as the refusal shows them; None otherwise."""
    m = _BRACKET.match(line)
    if m is None or "?" in line or not _written(lone.parse_action, m.group(2).strip(" .!")):
        return None  # (a correction in words in the bracket, "(ignorez, je voulais dire P11 R3)")
    coded = lone(m.group(2))
    said = lone(m.group(1)) if coded is not None else None
    if coded is None or said is None or _same(lone.notation, said.action, coded.action):
        return None
    shown = [
        lone.notation(c.action) if lone.notation is not None else c.read_as for c in (said, coded)
    ]
    return ", ".join(shown)


def _coded_again(head: str, inside: str, lone: _LoneMove) -> Command | None:
    """A move said in words, then in a closing bracket in the notation ("RB nord puis ouest (RB
    N W).", "BK verso est e poi verso nord (BK E N).", "Sorry für die Funkstille. BK nach Osten,
    dann nach Süden (BK E S)."; issue 31, seventeenth round): the same move said twice, read
    once, when the bracket alone reads as one move and the words before it, read alone (their
    remarks too), as exactly that move; a bracket naming another ("BK verso est (BK E N)": the
    words say BK E) is no such move, and the line is read as it is (asked back)."""
    coded = lone(inside)
    if coded is None or coded.plan:
        return None
    said = lone(head)
    if said is None or said.plan or not _same(lone.notation, said.action, coded.action):
        return None
    return replace(said, read_as=said.read_as or coded.read_as)


_BRACKET = re.compile(r"^(.*\S)\s*\(([^()]*)\)[\s.!]*$")


def _restated(line: str, parse_action: Callable[[str], object]) -> tuple[object, str] | None:
    """A move, then in brackets the same move said again in other words ("BR O S (ouest puis
    sud)", "M13 R1 (un quart de tour)"; issue 31): the move and its text when the codes of the
    move before the bracket, with the words in it, read as the same move; None otherwise."""
    m = _BRACKET.match(line)
    if m is None:
        return None
    head, said = m.group(1).strip(" ,;:-–—"), m.group(2).strip()
    try:
        action = parse_action(head)
    except RuleError:
        return None
    codes = [t for t in _tokens(head) if _code_like(t)]
    for k in range(1, len(codes) + 1):
        try:
            again = parse_action(" ".join([*codes[:k], said]))
        except RuleError:
            continue
        if again == action:
            return action, head
    return None


def _weighed_then_chosen(line: str, at: _At) -> bool:
    """A question that weighs moves, then a sentence that chooses one of them ("Mein Zug: P10 R0
    – oder doch lieber P10 R3? Ach was, ich nehme P10 R3.", "M13 R1 or L12 R0? L12 R0, final
    answer"; issue 31): the move chosen, read alone (the line's last word), when the question
    named it. False otherwise (a question with no answer after it asks back)."""
    if "?" not in line:
        return False
    head, _q, tail = line.rpartition("?")
    tail = _LEADING_NO.sub("", tail.strip())  # "... O13 R0? Nein, es bleibt bei O13 R2": the answer
    if not tail.strip(" .!") or not _tokens(tail):
        return False
    sub = Reading()
    _read_move(tail.strip(), replace(at, out=sub))
    acts = [c for c in sub.commands if c.kind == "action"]
    if len(sub.commands) != 1 or len(acts) != 1 or sub.errors or sub.mentions:
        # "... is R1 clockwise? The help says so. OK, P12 R1 it is.": the last sentence, when
        # those before it in the answer name no move
        parts = [p for p in re.split(r"(?<=[.!])\s+", tail.strip()) if p.strip()]
        if len(parts) < 2 or any(_moved_in(p) for p in parts[:-1]):
            return False
        tail = parts[-1]
        sub = Reading()
        _read_move(tail.strip(), replace(at, out=sub))
        acts = [c for c in sub.commands if c.kind == "action"]
        if len(sub.commands) != 1 or len(acts) != 1 or sub.errors or sub.mentions:
            return False
    named = _candidates(_tokens(head), at.parse_action, at.is_move_form)
    if not any(
        c.action is not None and _same(at.notation, c.action, acts[0].action) for c in named
    ):
        return False
    _as_read(at, acts[0].action, tail.strip())
    return True


def _cased(line: str, rest: str | None) -> str:
    """``rest`` (what :func:`correction_rest` leaves of ``line``, folded) in the words of
    ``line`` as written: a code keeps its capitals ("rb north... , bk" is "RB north BK", never a
    move and a remark)."""
    if not rest:
        return ""
    want = [w for w in (t.strip(_EDGE + ",;:") for t in rest.split()) if w]
    out: list[str] = []
    for t in _tokens(line):
        if want and t.casefold() == want[0].casefold():
            out.append(t)
            want.pop(0)
    return " ".join(out) if not want else ""


def _after_move(line: str, tokens: list[str], cand: _Candidate) -> str:
    """What ``line`` says after the move-shaped part ``cand`` of its ``tokens``."""
    last = tokens[cand.end - 1]
    at = [m.end() for m in re.finditer(re.escape(last), line)]
    nth = sum(t == last for t in tokens[: cand.end]) - 1
    return line[at[nth] :] if 0 <= nth < len(at) else ""


_MOVE_DEPTH: ContextVar[int] = ContextVar("_MOVE_DEPTH", default=0)
MAX_MOVE_DEPTH = 8
"""How deep the readings of a move inside a move may nest (a correction inside the line, a piece
read alone): real replies need two or three; a hostile line made them recurse without end."""


def _read_move(line_wo: str, at: _At) -> None:
    """``line_wo`` as a move (:func:`_read_move_at`), the nesting bounded: past
    :data:`MAX_MOVE_DEPTH` the line is not read as a move (the reply then says what it read)."""
    # "Für die andere Partie: L12 R1", "P11 R3 – Klaus, du hast recht, nicht so." (issue 31:
    # another game's move, a move conceded to another player; :mod:`pbem.commands.copies`)
    if (elsewhere := other_game(line_wo) or conceded(line_wo)) is not None:
        at.out.mentions.append((at.line, _mention(None, None, elsewhere)))
        return
    depth = _MOVE_DEPTH.get()
    if depth >= MAX_MOVE_DEPTH:
        at.out.ignored.append(at.line)
        return
    token = _MOVE_DEPTH.set(depth + 1)
    try:
        _read_move_at(line_wo, at)
    finally:
        _MOVE_DEPTH.reset(token)


_CONSEQUENCE = re.compile(
    r"(?i)(?:\s*,|\s*;|\s+[-–—]+|\.{2,}|…)\s*(?=(?:so|so\s+that|that\s+way|this\s+way|then|otherwise"
    r"|or\s+else|because|since|which|comme\s+[çc]a|ainsi|pour\s+que|sinon|donc|alors|car|parce"
    r"\s+que|puisque|ce\s+qui|de\s+(?:fa[çc]on|sorte|mani[èe]re)\s+(?:à|a|que)|histoire\s+de|cos[iì]"
    r"|in\s+modo\s+(?:che|da)|cosicch[ée]|altrimenti|senn[òo]|quindi|perch[ée]|poich[ée]"
    r"|dato\s+che|visto\s+che|dann|damit|sodass|so\s+dass|sonst|weil|denn|also|wodurch)"
    r"(?![\w'’]))"
    r"|\s+(?=(?:so\s+that|so\s+as\s+to|in\s+order\s+to|pour\s+que|afin\s+que|afin\s+de"
    r"|de\s+(?:fa[çc]on|sorte|mani[èe]re)\s+(?:à|a|que)|affinch[ée]|in\s+modo\s+(?:che|da)"
    r"|cosicch[ée]|damit|sodass|so\s+dass|um\s+(?:\S+\s+){0,4}zu)(?![\w'’]))"
)
"""Where a clause on what the move does starts ("Ich lege mein Plättchen auf O13 in R3, dann
zeigt der rosa Raum nach Westen", "N13 R0, sinon je lui ouvre la salle", "M13 R2, that way the
pink room faces west"; issue 31, eighth round); a clause of purpose needs no sign before it
("P12, turned 180 degrees so that the garden faces the wall", "P12 R2 damit der Garten an der
Mauer liegt"; tenth round)."""
_NOT_A_CONSEQUENCE = frozenset(
    ("maybe", "perhaps", "probably", "possibly", "peut-être", "peut-etre", "probablement", "forse",
     "magari", "probabilmente", "vielleicht", "eventuell", "wohl", "or", "ou", "oder", "o",
     "oppure", "either", "soit", "instead", "rather", "plutôt", "plutot", "invece", "piuttosto",
     "lieber", "stattdessen", "wait", "attends", "attendez", "aspetta", "aspettate", "warte",
     "moment", "actually", "anzi", "doch", "sorry", "pardon", "désolé", "desole", "scusa",
     "scusate", "entschuldigung", "mistake", "erreur", "errore", "fehler", "typo", "forget",
     "oublie", "oubliez", "ignore", "ignorez", "ignorate", "vergiss", "vergessen", "no", "nope",
     "nein", "nah", "better", "mieux", "meglio", "besser", "prefer", "préfère", "preferisco",
     "next", "later", "prochain", "prochaine", "prossimo", "prossima", "nächste", "nächsten",
     "später", "tomorrow", "demain", "domani", "morgen", "play", "put", "place", "take", "joue",
     "jouerai", "pose", "poserai", "mets", "prends", "gioco", "giocherò", "metto", "prendo",
     "spiele", "lege", "setze", "nehme", "rotation", "rotate", "turn", "turned", "tourne",
     "tournée", "ruota", "ruotata", "drehe", "gedreht", "drehung", "move", "coup", "mossa", "zug")
)  # fmt: skip
"""Words that make a clause after the move more than what the move does: a doubt, an
alternative, a correction or a take-back, a later turn, another move or rotation."""


def _move_then_consequence(line: str, at: _At) -> bool:
    """A move, then a clause on what it does or why ("..., dann zeigt der rosa Raum nach
    Westen", "..., sinon je lui ouvre la salle", "..., così Bea non chiude la stanza"): the
    part before, read alone. Only for a move with a square (letters and digits: the clause may
    hold direction words that Die Verbotene Stadt reads); never when the clause names a move or
    a part of one, asks, or holds a word of :data:`_NOT_A_CONSEQUENCE`."""
    if "?" in line:
        return False
    for m in _CONSEQUENCE.finditer(line):
        head, tail = line[: m.start()], line[m.end() :]
        said = _tokens(tail)
        if len(said) < 2 or any(_code_like(t) or any(c.isdigit() for c in t) for t in said):
            continue
        if not any(
            any(c.isdigit() for c in t) and any(c.isalpha() for c in t) for t in _tokens(head)
        ):
            return False
        folded = {t.casefold().replace("’", "'") for t in said}
        if m.group(0).strip(" ,;") == "" and tail[:1].isalpha():
            folded -= {"soit", "sia"}  # "pour que le jardin soit contre le mur": no "either"
        if folded & _NOT_A_CONSEQUENCE or is_correction(tail) or is_take_back(tail):
            return False
        return _read_alone(head, at)
    return False


_CONDITION_LINE = re.compile(
    r"(?i)^\W*(?:if|si|se|wenn|falls|sofern|qualora|otherwise|else|sinon|autrement|altrimenti"
    r"|senn[òo]|sonst|ansonsten|andernfalls|failing\s+that|in\s+caso\s+contrario)(?![\w'’])"
)
"""A line that starts a condition or its fallback ("Otherwise O9 R1.", "Si M13 est déjà prise,
alors O9 R1"): it may belong with the lines above it."""
_SQUARE_CODE = re.compile(r"(?<![\w'’])[A-Za-z]\d{1,2}(?![\w'’])")
_JOINS = 50
"""At most this many windows of lines are tried as one condition per reply (a hostile reply of
condition words stays linear)."""


def _join_conditions(
    todo: list[str],
    parse_action: Callable[[str], object] | None,
    is_move_form: Callable[[str], bool] | None,
) -> list[str]:
    """A move on a condition and its fallback written over two to four lines ("If M13 is still
    free, M13 R2." / "Otherwise O9 R1.", "M13 R2" / "If M13 is gone, O9 R1 instead", "Si la M13
    est encore libre :" / "M13 R2" / "Sinon :" / "O9 R1"; issue 31, eighth round): joined into one
    line when the joined line has the shape :func:`conditions.decided` reads; left apart
    otherwise."""
    if parse_action is None:
        return todo
    out: list[str] = []
    tries = 0
    i = 0
    while i < len(todo):
        joined = None
        for k in (2, 3, 4):
            part = todo[i : i + k]
            if len(part) < k or not all(p.strip() for p in part) or tries >= _JOINS:
                break
            if not any(_CONDITION_LINE.match(p) for p in part[1:]):
                continue
            if len(_SQUARE_CODE.findall(" ".join(part))) < 2:
                continue
            if any(len(p.split()) > MAX_PROSE_WORDS for p in part):
                break
            tries += 1
            text = " ".join(p.strip() for p in part)
            tokens = _tokens(text)
            cands = _candidates(tokens, parse_action, is_move_form)
            moves = [conditions.Move(c.start, c.end, c.text, c.error is None) for c in cands]
            if len(moves) >= 2 and conditions.decided(text, tokens, moves, _tokens, parse_action):
                joined = (k, text)
                break
        if joined is None:
            out.append(todo[i])
            i += 1
        else:
            out.append(joined[1])
            i += joined[0]
    return out


def _position_decides(line: str, at: _At) -> bool:
    """A move on a condition the position decides, with its fallback ("Can I place on N11? If
    not, N9 R2 I guess"; :mod:`pbem.commands.conditions`): the move it picks, read alone; the
    game's reason when that move is not legal; asked back when the square asked about is open
    and no move on it was named."""
    tokens = _tokens(line)
    if len(tokens) > MAX_PROSE_WORDS or len(tokens) < 3:
        return False
    cands = _candidates(tokens, at.parse_action, at.is_move_form)
    moves = [conditions.Move(c.start, c.end, c.text, c.error is None) for c in cands]
    if len(moves) < 2:
        return False
    decision = conditions.decided(line, tokens, moves, _tokens, at.parse_action)
    if decision is None:
        return False
    kind, said = decision
    if kind == conditions.MOVE:
        return _read_alone(said, at)
    if kind == conditions.ILLEGAL:
        err = next((c.error for c in cands if c.text == said and c.error is not None), None)
        if err is None:
            return False
        at.out.errors.append((at.line, err))
        return True
    at.out.errors.append(
        (
            at.line,
            CommandError(
                _(
                    "%(square)s can still take your tile, so the move you gave for the other case "
                    "was not played. If you want %(square)s, send the move with its rotation (for "
                    "example %(square)s R0) on a line of its own."
                )
                % {"square": said}
            ),
        )
    )
    return True


_TAKEN_BACK_TAIL = re.compile(
    r"(?i)^(?:(?:no+|non|nein|nö|nee|nah|nope|ah|oh|och|ach|eh|euh|äh|ähm|ehm|hm+|mh+|bah|boh|mah|beh"
    r"|bof|ok|okay|wait|attendez|aspetta"
    r"|warte|sorry|pardon|scusa(?:te)?|d[ée]sol[ée]e?|actually|en\s+fait|anzi|eigentlich|also)\s+)*"
    r"(?:" + retraction.TAKE_BACK_SAID + r")"
    r"(?:\s+(?:sorry|pardon|scusa(?:te)?|d[ée]sol[ée]e?|entschuldigung|sry|please|pls|svp|stp|bitte"
    r"|per\s+favore|grazie|merci|thanks|danke|lol|haha))*"
    r"(?:$|\s+(?!(?:the|my|your|his|her|that|this|le|la|les|mon|ma|mes|il|lo|mio|mia|miei|den|die"
    r"|das|dem|meinen|meine|meinem|mein|previous|last|earlier|above|précédent|précédente|dernier"
    r"|dernière|precedente|ultimo|ultima|vorherige|vorherigen|letzte|letzten|oben|about|de|di"
    r"|von|of|for|pour|per|für)(?![\w'’]))\S)"
)
"""A take-back said after the move on its line ("M13 R2, forget it", "N13 R3, ach vergesst es,
ich überlege noch", "M13 R2 - scratch that", "O13 R3, anzi no, lascia stare", "M13 R2 streich das", "M13 R2,
oubliez ça"): the move is taken back (issue 31, ninth round). Only words that point back at the
move ("that", "it", "ça", "das") or need no object; "ignore my last mail" names something else."""


_WRONG_WORD = re.compile(
    r"(?i)|wrong|faux|fausse|erreur|sbagliato|sbagliata|errore|falsch|fehler|sorry|sry|soz|pardon"
    r"|scusa|scusate|scusami|désolé|désolée|dsl|entschuldigung|sorri|oops|oups|ops|ups|mist|zut"
    r"|damn|merde|cazzo|mannaggia|mince|no+|non|nein|nö|nee|nah|nope|wait|attendez|aspetta|warte"
)
"""The words a "no" after a move may have beside it and still take the move back alone."""


def _taken_back_in_line(line_wo: str, tokens: list[str], at: _At) -> bool:
    """Is the last move of the line taken back by what follows it (:data:`_TAKEN_BACK_TAIL`, or
    a "no" as it is said: :func:`_no_after`)? Then the line is a mention, asked back."""
    if "?" in line_wo or len(tokens) > MAX_PROSE_WORDS:
        return False
    if at.line.startswith(line_wo) and at.line != line_wo:
        tokens = _tokens(at.line)  # "M13 R2 - scratch that": "that" was read as a guard
    cands = _candidates(tokens, at.parse_action, at.is_move_form)
    if not cands:
        return False
    last = max(cands, key=lambda c: c.end)
    after = tokens[last.end :]
    tail = " ".join(t.strip(".,;:!?-\"'()…") for t in after).strip()
    said_no = _no_after(after[:1]) and all(
        _WRONG_WORD.fullmatch(t.strip(".,;:!?-\"'()…")) for t in after[1:]
    )  # "L10 R1 nö falsch", "M13 R1 nah sorry", "M13 R1 nope": not "Quel P10 R1 non me ..."
    if not tail or not (_TAKEN_BACK_TAIL.match(" ".join(tail.split())) or said_no):
        return False
    at.out.mentions.append((at.line, _mention(at.notation, last.action, last.text)))
    at.out.mention_moves.append((at.line, last.action))
    return True


_REMARK_SPLIT = re.compile(
    r"[()]|[.!;:…]+(?:\s|$)|\s[-–—]+\s|[\U0001F300-\U0001FAFF\u2600-\u27BF]+"
    r"|(?i:\s(?=(?:but|mais|ma|aber|comunque|anyway|bref|bon|dann|allora|alors|donc|so|also)\s))"
)
"""Where a sentence or a clause of remark ends: a full stop or its likes, a dash, an emoji, or a
word that turns to the move ("but", "comunque", "alors", "dann")."""
_BARE_SQUARE = re.compile(r"(?i)[a-z]{1,2}\s*-?\d{1,2}")
_REMARK_MARK = re.compile(
    r"(?i)(?<!\w)(?:"
    # someone else's, or a tile placed (its id before the square)
    r"[A-Z]\d{1,2}\s+(?:on|at|in|en|sur|su|in|auf|nach)|your|yours|his|her|their|[\w]+['’]s|ton|ta|tes|votre"
    r"|vos|son|sa|ses|leur|tuo|tua|tuoi|vostro|vostra|suo|sua|loro|dein|deine|deinen|euer|eure|ihr|ihre"
    r"|ihren|sein|seine|seinen|yellow|jaune|giallo|gelb|red|rouge|rosso|rot|blue|bleu|blu|blau|purple"
    r"|violet|viola|lila"
    # the past, the unreal, the draft
    r"|had|have\s+done|['’]d\s+have|would\s+have|did|was|were|last|earlier|draft|avais|avait|aurais"
    r"|aurait|ai\s+écrit|dernier|dernière|brouillon|avevo|aveva|avrei|ho\s+scritto|ultimo|ultima"
    r"|bozza|hatte|hätte|habe\s+geschrieben|wollte|letzte|letzten|entwurf|gesetzt|gelegt|posé|posée"
    r"|placed|played|joué|giocato|messo|gespielt"
    # a verdict on it
    r"|nice|good|great|clever|nasty|mean|joli|beau|bien\s+joué|bravo|sympa|vache|bello|bella|bel"
    r"|cattivo|schön|fies|gemein|geschickt|gut)"
    r"(?![\w'’])"
)
"""What says that a square in a clause is a remark (someone else's tile, the past, a draft, a
verdict), not a move of the reply (issue 31, ninth round)."""
_ALTERNATIVE = re.compile(
    r"(?i)(?<![\w'’])(?:or|ou|o|oppure|oder|rather|plutôt|plutot|piuttosto|invece|lieber|instead"
    r"|stattdessen|maybe|perhaps|peut-être|forse|vielleicht|better|mieux|meglio|besser|prefer|préfère"
    r"|preferisco|bevorzuge|next|prochain|prossimo|nächste|nächsten|will|['’]ll|vais|vado|werde"
    r"|now|maintenant|ora|adesso|jetzt|play|playing|joue|gioco|spiele|put|putting|place|placing"
    r"|pose|mets|metto|lege|setze|go|going)(?![\w'’])"
)
"""What makes a square in a clause a move after all, or an alternative to the move (asked)."""


_PRAISE = re.compile(
    r"(?i)(?<![\w'’])(?:nice|great|good|well\s+played|well\s+done|clever|brilliant|smart|lovely"
    r"|bravo|congrats|congratulations|kudos|joli|jolie|beau|belle|bien\s+jou[ée]e?|chapeau|super"
    r"|superbe|félicitations|felicitations|malin|bella|bello|bel|ottim[ao]|complimenti"
    r"|bravissim[ao]|gran|grande|furb[ao]|sch[öo]ne[rsnm]?|sch[öo]n|toll(?:e[rsnm]?)?"
    r"|gute[rsnm]?|starke[rsnm]?|klasse|gl[üu]ckwunsch|respekt|cleverer?|geschickte[rsnm]?"
    r"|gut\s+gespielt)(?![\w'’])"
)
"""A verdict on a move, said right before it in its clause ("Bella mossa P12 R2, Bea!", "Joli
coup en P12 R2", "Schöner Zug mit P12 R2", "Well played P12 R2"): someone else's move praised."""
_FIRST_PERSON = re.compile(
    r"(?i)(?<![\w'’])(?:i|i['’]ll|i['’]m|i['’]d|me|my|mine|je|j['’]\w*|moi|mon|ma|mes|io|mi|mio"
    r"|mia|ich|mein|meine|meinen|meinem|mir|mich)(?![\w'’])"
)
_BEFORE_NOW = re.compile(
    r"(?i)^[^\S\n]*(?:(?P<w>[^\W\d_]+)[^\S\n]+)?(?:"
    + _LAST_TIME.pattern.removeprefix("(?i)")
    + r"|(?:the\s+)?last\s+(?:turn|move|week)|(?:au\s+)?tour\s+pr[ée]c[ée]dent|(?:l['’])?altra"
    r"\s+volta|(?:al\s+)?turno\s+precedente|(?:all['’])?ultimo\s+turno|letzte[sn]?\s+(?:zug|woche)"
    r"|beim\s+letzten\s+mal|in\s+der\s+letzten\s+runde|yesterday|ieri|gestern)"
)
"""An earlier time said right after a move, in its clause ("P12 R2 last time", "O13 R2 la
dernière fois", "P12 R2 l'ultima volta", "O13 R2 letztes Mal"): a move of the past."""
_LIKE = frozenset({"like", "as", "comme", "come", "wie", "same", "même", "stessa", "gleich"})
"""A move "like last time" is a move of now."""
_SOMEONE_PLAYED = re.compile(
    r"(?<![\w'’])(?:[A-ZÀ-Ý][a-zà-ÿ]+|(?i:he|she|il|elle|lui|lei|er|sie|they|ils|elles))\s+"
    r"(?i:(?:has\s+|had\s+|just\s+)?(?:played|placed|put|laid|went\s+(?:for|with))"
    r"|a\s+(?:d[ée]j[àa]\s+)?(?:jou[ée]|pos[ée]|mis|plac[ée])|avait\s+(?:jou[ée]|pos[ée]|mis)"
    r"|ha\s+(?:gi[àa]\s+)?(?:giocato|messo|piazzato|posato)|aveva\s+(?:giocato|messo)"
    r"|hat(?=.*(?:gespielt|gelegt|gesetzt))|hatte(?=.*(?:gespielt|gelegt|gesetzt)))(?![\w'’])"
)
"""Someone else who played a move ("Bea played", "Béa a joué", "Bea ha giocato", "Bea hat
letztes Mal ... gespielt"): the move after it in its clause is theirs."""
_CLAUSE_MARK = re.compile(r"[,;:.!?()]")
_THEIRS_BEFORE = re.compile(
    r"(?<![\w'’])(?:(?i:son|ton|leur|your|his|her|their|tuo|tua|suo|sua|vostro|vostra|loro|dein"
    r"|deine|deinen|deinem|seinen|seinem|euer|eure|euren|eurem)|[A-ZÀ-Ý][a-zà-ÿ]+['’]s)"
    r"(?:\s+(?i:coup|move|mossa|zug|nice|great|clever|beau|joli|bel|bello|bella|schöne[nrm]?"
    r"|starke[nrm]?|cleveren?))?\s*$"
)
"""Someone else's possessive right before a move ("Chapeau à Martine pour son P12 R2 du tour
dernier", "Nice, your M8 R1", "il tuo P10 R0", "dein M8 R1", "Sue's M13 R1"; issue 31,
fifteenth round): that move is no move of the reply."""
_I_PLAYED = re.compile(
    r"(?i)(?<![\w'’])(?:i\s+(?:already\s+|just\s+)?(?:played|placed|laid)|i['’]ve\s+(?:already\s+)?"
    r"(?:played|placed|put)|i\s+had\s+(?:played|placed|put)|j['’](?:ai|avais)\s+(?:d[ée]j[àa]\s+)?"
    r"(?:jou[ée]|pos[ée]|mis|plac[ée])|(?:io\s+)?(?:ho|avevo)\s+(?:gi[àa]\s+)?(?:giocato|messo"
    r"|piazzato)|(?:habe|hatte)\s+ich(?=.*(?:gespielt|gelegt|gesetzt))|ich\s+(?:habe|hatte)"
    r"(?=.*(?:gespielt|gelegt|gesetzt)))(?![\w'’])"
)
"""The player's own move of the past ("I played", "j'ai posé", "ho giocato", "habe ich ...
gelegt"): the move after it in its clause was played before, not now."""
_SOMEONE_SAYS = re.compile(
    r"(?<![\w'’])(?!(?:I|Je|Ich|Io|Moi|Mi|Me|Wir|We|Nous|Noi|On|Man|That|This|It|Which|What|There"
    r"|Here|Ce|Cela|Ça|Ca|Questo|Quello|Questa|Das|Dies|Es|Man)(?![\w'’]))"
    r"(?:[A-ZÀ-Ý][a-zà-ÿ]+|(?i:my|mon|ma|mio|mia|mein|meine)\s+[^\W\d_]+"
    r"|(?i:he|she|they|il|elle|ils|elles|lui|lei|loro|er|sie))"
    r"(?:\s+[^\W\d_]+)?\s+"
    r"(?i:said|says|told\s+me|tells\s+me|suggest(?:s|ed)|recommend(?:s|ed)|propos(?:es|ed)"
    r"|thinks|thought|wants|wanted|means|meant|would\s+(?:play|go|put)|advis(?:es|ed)|a\s+dit"
    r"|m['’]a\s+dit|dit"
    r"|me\s+dit|sugg[èe]re|a\s+sugg[ée]r[ée]|conseille|m['’]a\s+conseill[ée]|me\s+conseille"
    r"|propose|a\s+propos[ée]|pense|voudrait|veut|ha\s+detto|mi\s+ha\s+detto|dice|mi\s+dice"
    r"|suggerisce|mi\s+suggerisce|ha\s+suggerito|consiglia|mi\s+consiglia|ha\s+consigliato"
    r"|propone|ha\s+proposto|pensa|vorrebbe|vuole|sagt|sagte|hat\s+gesagt|meint|meinte"
    r"|schlägt|schlug|rät|riet|empfiehlt|empfahl|will|wollte|würde|denkt|findet)(?![\w'’])"
)
"""Someone else who says, suggests or wants a move ("My husband said: P12 R2", "Bea told me to
play P12 R2", "Mon mari dit que je joue P12 R2", "Mein Mann meint, ich lege P12 R2"): the move
after it in its sentence is theirs, named, not played."""
_MOVE_SHAPE = re.compile(r"(?<![\w'’])(?:[A-Za-z]{1,2}\d{1,2}|R\s*[0-3])(?![\w'’])")


def _not_played(line: str, tokens: list[str], cand: _Candidate) -> bool:
    """Is the move ``cand`` of ``line`` named in its clause as a move that is not the reply's:
    praised ("Bella mossa P12 R2, Bea!"), of an earlier time ("Nice P12 R2 last time"), or
    played by someone else ("Béa a joué O13 R2 la dernière fois")? Words of the clause only,
    never of the sentences around (issue 31, tenth round)."""
    if len(line) > 2000:
        return False
    words = tokens[cand.start : cand.end]
    m = re.search(
        r"(?<![\w'’])" + r"[^\w]{1,4}".join(re.escape(w) for w in words) + r"(?![\w'’])", line
    )
    if m is None:
        return False
    before, after = line[: m.start()], line[m.end() :]
    clause = _CLAUSE_MARK.split(before)[-1]
    later = _CLAUSE_MARK.split(after)[0]
    if _PRAISE.search(clause) and not _FIRST_PERSON.search(clause + later):
        return True
    if _THEIRS_BEFORE.search(clause):
        return True  # "Chapeau à Martine pour son P12 R2", "dein M8 R1", "Sue's M13 R1"
    past = _BEFORE_NOW.match(later)
    if past is not None and (past["w"] or "").casefold() not in _LIKE:
        return True
    whole = clause + m.group(0) + later
    if any(p.start() < len(clause) for p in _SOMEONE_PLAYED.finditer(whole)):
        return True
    if any(p.start() < len(clause) for p in _I_PLAYED.finditer(whole)):
        return True  # "In der anderen Partie habe ich gestern P12 R0 gelegt"
    sentence = re.split(r"[.!?]\s", before)[-1]
    shapes = list(_MOVE_SHAPE.finditer(sentence))
    return _SOMEONE_SAYS.search(sentence[shapes[-1].end() :] if shapes else sentence) is not None


def _after_not_played(line: str, tokens: list[str], cands: list[_Candidate]) -> str | None:
    """The rest of ``line`` after the clauses of its first moves, when each of them is named
    as not the reply's (:func:`_not_played`: "Bea ha giocato O13 R2 l'altra volta, io invece
    metto in L10 R1", "My partner suggests N13 R3 and I agree: N13 R3"), and the words before
    hold no condition, correction or question; None otherwise. The rest is read alone, with all
    its rules (a doubt or another move there still asks back)."""
    if "?" in line or len(line) > PROSE_MAX:
        return None
    named = 0
    while named < len(cands) and _not_played(line, tokens, cands[named]):
        named += 1
    if named == 0 or named == len(cands):
        return None
    last = cands[named - 1]
    m = re.search(
        r"(?<![\w'’])"
        + r"[^\w]{1,4}".join(re.escape(w) for w in tokens[last.start : last.end])
        + r"(?![\w'’])",
        line,
    )
    if m is None:
        return None
    cut = _CLAUSE_MARK.search(line, m.end())
    if cut is None:
        return None
    head, rest = line[: cut.end()], line[cut.end() :]
    if _MOVE_SHAPE.search(line, m.end(), cut.start()) or not _MOVE_SHAPE.search(rest):
        return None
    if any(t.casefold() in _IF_WORD for t in _tokens(head)) or is_correction(head):
        return None
    return _CONTRAST_WORD.sub(" ", rest).strip()


_CONTRAST_WORD = re.compile(
    r"(?i)(?<![\w'’])(?:invece|instead|par\s+contre|en\s+revanche|dagegen|hingegen|however"
    r"|cependant|per[òo]|tuttavia|jedoch)(?![\w'’])"
)
"""A word that sets the reply's move against someone else's named before it ("io invece
metto in L10", "ich dagegen lege auf L10"): no correction there."""


_PART_SPLIT = re.compile(r"(?<=[.!;…])\s+|\s[-–—]+\s|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF]+\s*")
"""Where a line's sentences or remarks part: a sentence's end, a dash, an emoji."""
_OPENED_WITH = re.compile(
    r"(?<![\w'’])(?:[A-ZÀ-Ý][a-zà-ÿ]+|(?i:he|she|il|elle|er|sie|lui|lei))\s+(?i:(?:has\s+|had\s+)?"
    r"(?:opened|started|begun|began)\s+with|a\s+(?:ouvert|commenc[ée])\s+(?:avec|par)"
    r"|ha\s+(?:aperto|iniziato|cominciato)\s+con|hat\s+mit\b.*?(?:er[öo]e?ffnet|angefangen|begonnen))"
)
_EARLIER_TIME = re.compile(
    r"(?i)(?<![\w'’])(?:yesterday|last\s+(?:round|turn|night|time|week)|earlier|ieri|l['’]altra"
    r"\s+volta|(?:al\s+)?turno\s+precedente|gestern|vorhin|letzte[sn]?\s+(?:runde|mal|zug|woche)"
    r"|la\s+derni[èe]re\s+fois|au\s+tour\s+pr[ée]c[ée]dent|au\s+dernier\s+tour|avant-hier)(?![\w'’])"
)
_HIER = re.compile(r"(?i)(?<![\w'’])hier(?![\w'’])")
_NAME_S = re.compile(r"(?<![\w'’])[A-ZÀ-Ý][a-zà-ÿ]+['’]s(?![\w'’])")
_NOT_NAME_S = frozenset({"let's", "it's", "here's", "that's", "there's", "what's", "who's",
                         "he's", "she's", "today's", "tonight's"})  # fmt: skip


_BY_SOMEONE = re.compile(r"(?<![\w'’])(?i:by|par|di|da|von|vom)\s+(?:[A-ZÀ-Ý][a-zà-ÿ]+)(?![\w'’])")
"""Someone named as the one who made a move ("Nice move by East", "joli coup de la part de ...
par Est", "bella mossa di Est", "starker Zug von Ost")."""


def _praised_of_another(line: str, said: str) -> bool:
    """Does ``line``, read as the slide ``said`` (Die Verbotene Stadt's notation) in words, with
    no official's code in it, speak of a slide that is someone else's or of an earlier time: a
    verdict with who made it ("Nice move by East yesterday, sliding the blue-red one west"), or
    :func:`_of_another`'s words? A move of the reply is not named so: it is asked back."""
    if not re.match(r"[RYBGK]{2}\b", said) or _CODE_NAMED.search(line):
        return False  # (a code's own rules: "Nice move by East, BR west" is read there)
    return bool(_PRAISE.search(line) and _BY_SOMEONE.search(line)) or _of_another(line)


def _of_another(part: str) -> bool:
    """Does ``part`` (a sentence or remark of a line) speak of a move not of this reply: someone
    else's ("Luca ha giocato", "Sabine hat mit BK Ost eröffnet", "Priya's RB north"), or one
    of an earlier time ("ieri", "yesterday", "gestern", "hier" in French, "last round")?"""
    if _SOMEONE_PLAYED.search(part) or _I_PLAYED.search(part) or _OPENED_WITH.search(part):
        return True
    if any(
        m.group(0).casefold().replace("’", "'") not in _NOT_NAME_S for m in _NAME_S.finditer(part)
    ):
        return True
    return bool(_EARLIER_TIME.search(part)) or (current() == "fr" and bool(_HIER.search(part)))


def _others_then_mine(line_wo: str, at: _At) -> bool:
    """A line of sentences or remarks without a move in code (a move in the game's words),
    where every part that names a move but the last speaks of someone else's or an earlier
    one (:func:`_of_another`), and the parts after the last deny, correct and take back
    nothing ("Saw Priya's RB north yesterday, nice. bk east south from me", "Sabine hat mit BK
    Ost eröffnet, frech 😄 ich mache rb nord"; issue 31, twelfth round): the last is read alone,
    with all its rules, into ``at.out``."""
    if "?" in line_wo or len(line_wo) > PROSE_MAX:
        return False
    if _candidates(_tokens(line_wo), at.parse_action, at.is_move_form):
        return False  # (a move in code: read by the rules of candidates)
    parts = [p.strip() for p in _PART_SPLIT.split(line_wo) if p and p.strip()]
    if not 2 <= len(parts) <= 4:
        return False
    holding = [
        k
        for k, p in enumerate(parts)
        if _holds(p, at.parse_action, at.is_move_form) or _names_slide(p, at.parse_action)
    ]
    if len(holding) < 2:
        return False
    *theirs, mine = holding
    if not all(_of_another(parts[k]) for k in theirs) or _of_another(parts[mine]):
        return False
    if _ASKING.match(parts[mine]) or _ASKED_START.match(parts[mine]):
        return False  # "Gestern hat Jan BK Ost gespielt. Soll ich RB nach Norden ziehen"
    if not _OFFICIAL_CODE.search(parts[mine]):
        return False  # (a slide named by its official; another decision's words are not read)
    later = parts[mine + 1 :]
    if denies([t for p in later for t in _tokens(p)]) or any(
        is_take_back(p) or is_correction(p) for p in later
    ):
        return False
    return _read_alone(parts[mine], at)


_ASKED_START = re.compile(
    r"(?i)^\W*(?:(?:should|shall|can|could|may|must|do|would)\s+i|(?:soll|sollte|kann|könnte|darf"
    r"|muss|müsste)\s+ich|(?:dois|devrais|puis|peux|faut|pourrais)(?:-je|\s+je)?|est-ce\s+qu"
    r"|devo|dovrei|posso|potrei|conviene)(?![\w'’])"
)
"""A part that starts as a question asked by inversion, its mark left out ("Soll ich RB nach
Norden ziehen", "Should I go BR west", "Devo fare KB sud"): no move of the reply."""
_OFFICIAL_CODE = re.compile(r"(?i)(?<![\w'’])[rybgk]{2}(?![\w'’])")
"""An official's code (Die Verbotene Stadt), in any case: what names a slide of the reply."""
_EXTENT_WORDS = frozenset(
    {"way", "far", "step", "steps", "square", "squares", "field", "space", "wall", "end", "edge",
     "pas", "case", "cases", "mur", "bout", "bord", "jusqu'au", "jusqu", "loin", "passo",
     "casella", "caselle", "muro", "fondo", "fino", "bordo", "schritt", "schritte", "feld",
     "felder", "mauer", "wand", "ende", "rand", "weit", "bis"}
)  # fmt: skip
"""Words of how far a slide goes, in the four languages: in a remark after a slide, they speak
of the slide itself (not read as a remark)."""
_SLIDE_REMARK_WORDS = 8
"""Words a remark may have after a move in the game's words with no sign between them."""
_AND_OR = frozenset({"e", "o", "et", "ou", "und", "oder", "and", "or"})


def _slide_then_remark(line_wo: str, at: _At) -> bool:
    """A move in the game's words at the start of a line (no move in code), then a remark with
    no sign between them (:func:`_slide_before_remark`), the move read alone into ``at.out``."""
    head = _slide_before_remark(line_wo, at)
    return head is not None and _read_alone(head, at)


def _slide_before_remark(line_wo: str, at: _At) -> str | None:
    """The move in the game's words at the start of ``line_wo`` (no move in code) when a remark
    follows it with no sign between them, of filler words that deny nothing and name no
    direction, official or further step ("kb nach süden bin grad im zug lg", "bk east south
    from me"; issue 31, twelfth round): the shortest start that the game reads as the longest
    does and that leaves no word of the slide to the remark; None otherwise. A start that ends
    in a one-letter direction that is also a word ("RB N e speriamo bene": "e", east or "and")
    is not read; after a direction said in words it is "and" ("KB a sud e incrociamo le dita";
    thirteenth round)."""
    if "?" in line_wo or len(line_wo) > PROSE_MAX:
        return None
    words = line_wo.split()
    if len(words) < 2 or _candidates(_tokens(line_wo), at.parse_action, at.is_move_form):
        return None
    if _ASKING.match(line_wo) or _ASKED_START.match(line_wo):
        return None  # a question without its mark: "soll ich kb nach süden ziehen"
    for k in range(len(words) - 1, max(0, len(words) - 1 - _SLIDE_REMARK_WORDS), -1):
        head = " ".join(words[:k]).rstrip(",;:.!")
        if _parses(at.parse_action, head):
            break
    else:
        return None
    action = _parsed(at.parse_action, head)
    for j in range(1, k):  # the shortest start read as the same move: the rest is the remark
        shorter = " ".join(words[:j]).rstrip(",;:.!")
        # (a start that leaves a word of the slide to the remark is too short: "Je fais
        # descendre KB" is already KB S, "vers le sud" is still the slide's; thirteenth round)
        if _same(at.notation, _parsed(at.parse_action, shorter), action) and not any(
            _of_the_slide(t) for t in _tokens(" ".join(words[j:]))
        ):
            k, head = j, shorter  # "kb vers le sud et on croise les doigts" ("et", "on")
            break
    if (
        words[k - 1] == "se"
        and k < len(words)
        and not _apology_for_delay(_tokens(" ".join(words[k:])))
    ):
        return None  # "KB se posso": the Italian "if", no south-east (eighteenth round)
    # "KB a sud e incrociamo le dita": "e" is "and" after "sud", not east
    italian_and = _italian_and_at(words, k, at) or _italian_and_at(words, k - 1, at)
    if italian_and and words[k - 1] == "e":
        k, head = k - 1, " ".join(words[: k - 1]).rstrip(",;:.!")
    if not _OFFICIAL_CODE.search(head):
        return None  # "ci credo poco": a decision's words and a remark, not read so
    rest = _tokens(" ".join(words[k:]))
    last = words[k - 1].strip(",;:.!")
    if not rest or (last.casefold() in _AND_OR and last.islower()):
        return None
    if rest[0] in ("e", "o") and not italian_and:
        return None
    if any(_of_the_slide(t) for t in (rest[1:] if italian_and else rest)):
        return None  # (a direction, a plan or how far: "KB one step E all the way" asks)
    tail = " ".join(words[k:])
    # (a clause after "and" or "but" may say anything that does not deny, as after a move in
    # code: "... et on croise les doigts"; not the Italian "e", also east, unless it stands
    # after a direction said in words and before a word that is none)
    clause = rest[0].casefold() in _AND and (rest[0].casefold() != "e" or italian_and)
    if _apology_for_delay(rest):
        return head  # "kb s e scusate il ritardo ero al mare" (fourteenth round)
    if denies(rest) or not (is_filler(rest) or clause) or is_take_back(tail) or is_correction(tail):
        return None
    return head


def _of_the_slide(token: str) -> bool:
    """Is ``token`` a word of a slide (a code, a direction, how far, a plan's word), no word of
    a remark after it?"""
    return (
        _code_like(token)
        or token.casefold() in _WAY_WORDS | _EXTENT_WORDS
        or token.upper() in _PLAN_WORD_SET
    )


_IT_TOWARD = frozenset({"a", "verso", "in", "al", "poi", "ancora", "anche", "di", "un", "uno"})
"""Italian words that may stand between "e" and a further direction ("e poi a est", "e verso
est", "e ancora un passo"): after them the "e" may still lead a slide's words."""


def _italian_and_at(words: list[str], k: int, at: _At) -> bool:
    """Is the small "e" at ``words[k]`` the Italian "and" before a remark, not east: it stands
    after a direction said in words ("sud", not "S") and before a word that is neither a
    direction nor a word of the slide ("KB a sud e incrociamo le dita"; thirteenth round), and the
    start before it reads as a slide?"""
    if k < 1 or k + 1 >= len(words) or words[k] != "e":
        return False
    before, after = words[k - 1].strip(",;:.!").casefold(), words[k + 1].strip(",;:.!").casefold()
    if len(before) < 2 or before not in _WAY_WORDS or not after:
        return False
    if after in _IT_TOWARD or _of_the_slide(after):
        return False
    return _parses(at.parse_action, " ".join(words[:k]).rstrip(",;:.!"))


_EXAMPLE_NAMED = re.compile(r"(?i)^(?:[dl]['’])?(?:" + EXAMPLE + r")$")
_WHAT_I_WANT = re.compile(
    r"(?i)(?<![\w'’])(?:to\s+)?what\s+i\s+(?:actually\s+|really\s+)?(?:want|wanted|mean|meant)(?![\w'’])"
)


def _example_edited(line_wo: str, at: _At) -> bool:
    """The move after the last colon of a line whose words before it name only moves of our
    mail's examples, each right after the word "example" in the four languages, and otherwise
    deny nothing: the example copied and edited into the move ("J'ai recopié la ligne d'exemple
    M8 R1 et j'ai seulement changé la rotation : M8 R2", "Aus dem Beispiel BR W übernommen und
    ein N drangehängt: BR W N"; issue 31, twelfth round), read alone into ``at.out``."""
    if "?" in line_wo:
        return False
    parts = _COLON.split(line_wo)
    if len(parts) < 2:
        return False
    head, tail = " ".join(parts[:-1]), parts[-1]
    toks = _tokens(head)
    cands = _candidates(toks, at.parse_action, at.is_move_form)
    if not cands or any(
        not any(_EXAMPLE_NAMED.match(t) for t in toks[max(0, c.start - 3) : c.start]) for c in cands
    ):
        return False
    rest = " ".join(t for k, t in enumerate(toks) if not any(c.start <= k < c.end for c in cands))
    said = _tokens(_WHAT_I_WANT.sub(" ", _AS_SUGGESTED.sub(" ", rest)))
    if denies([t for t in said if not _EXAMPLE_NAMED.match(t)]):
        return False
    return _read_alone(tail, at)


def _beside_remarks(line_wo: str, at: _At) -> str | None:
    """The one clause of ``line_wo`` that holds a legal move with its rotation, when every other
    square of the line stands in a clause of remark (:data:`_REMARK_MARK`) and names no move of
    its own (a square alone, or a move no longer legal: "Joli coup, le W1 en M9 R0 ! Pour moi ce
    sera L9 R1", "O9 R0 please. I'd have done P12 but it doesn't close anything"); else None."""
    segs = [x for x in _REMARK_SPLIT.split(line_wo) if x and x.strip()]
    if len(segs) < 2 or len(segs) > 8:
        return None
    kept: list[str] = []
    turns: set[str] = set()
    for seg in segs:
        cs = _candidates(_tokens(seg), at.parse_action, at.is_move_form)
        legal = [
            c
            for c in cs
            if c.error is None
            and not _BARE_SQUARE.fullmatch(c.text)
            and not _not_played(seg, _tokens(seg), c)  # "Bea played O13 R2 last time"
        ]
        if legal:
            kept.append(seg)
            turns |= {t.casefold() for t in _TURN_ALONE.findall(legal[0].text)}
            continue
        if cs and (not _REMARK_MARK.search(seg) or _ALTERNATIVE.search(seg)):
            return None  # "O9 R0. Or P12", "P12, or O9 R0": an alternative, asked back
        if re.search(conditions.CONDITION, retraction.fold(seg)):
            return None  # "wenn Gelb den Drachen nicht legt, dann M13 R3": the move's condition
    if len(kept) != 1:
        return None
    for seg in segs:
        words = _tokens(seg)
        said = {t.casefold() for t in words if _TURN_ALONE.fullmatch(t)}
        if seg is not kept[0] and len(words) <= _TURN_TAKEN_UP and said - turns:
            return None  # "P12 R1, nicht P12 R2. Na gut, doch R2.": another rotation taken up
    return kept[0].strip()


_TURN_ALONE = re.compile(r"(?i)(?<![\w'’])R[0-3](?![\w'’])")
_TURN_TAKEN_UP = 4
"""A rotation alone in a few words after the move (nineteenth round: "Na gut, doch R2.", "R0
after all"): another rotation than the move's taken up again, the player's last word, so the
line is asked back, never the first move played; a remark names no rotation so briefly."""


_VOCATIVE = re.compile(
    r"^(?P<move>[^.!?]{2,40}?)(?:[.!]+\s+|\s+[-–—]+\s+|\s*[-–—]{2,}\s*)"
    r"(?P<rest>(?:(?i:and|et|e|und|oh|ah)\s+)?(?P<name>[A-ZÀ-Ý][a-zà-ÿ]{1,20})\s*,\s*\S.*"
    r"|[^,]{1,40},\s*(?P<end>[A-ZÀ-Ý][a-zà-ÿ]{1,20})[.!]*)$"
)
"""A move, then a sentence addressed to someone by name ("L9 r0. Luca, smettila di lamentarti
della sfortuna", "P11 R3 – und Klaus, dein Tipp war Mist", "m13 1. your move, Dave.")."""
_ABOUT_THE_MOVE = re.compile(
    r"(?i)(?<![\w'’])(?:sure|sicher|s[ûu]re?|sicur[oa]|maybe|perhaps|peut-[êe]tre|forse|vielleicht"
    r"|instead|rather|better|plut[ôo]t|meglio|invece|lieber|besser|stattdessen|prefer\w*|pr[ée]f[èée]r\w*"
    r"|bevorzug\w*|or|ou|oder|o|oppure|mistake|wrong|faux|fausse|erreur|sbagli\w*|errore|falsch"
    r"|fehler|undo|cancel|annul\w*|wait|attend\w*|aspett\w*|wart\w*|rotation|rotazione|drehung"
    r"|turn\w*|tourn\w*|ruot\w*|gir\w*|dreh\w*|play\w*|jou\w*|gioc\w*|spiel\w*|instead)(?![\w'’])"
)
"""Words that make a sentence after the move speak of the move (a doubt, a correction, another
rotation or another play): such a sentence is no remark to someone else."""


def _move_then_vocative(line_wo: str, at: _At) -> bool:
    """The move of a line whose next sentence is addressed to someone by name and names no
    move, no doubt, no correction and no take-back (:data:`_VOCATIVE`); else False."""
    m = _VOCATIVE.match(line_wo.strip())
    if m is None or "?" in m["rest"]:
        return False
    name = m["name"] or m["end"]
    rest = m["rest"]
    if is_known_word(name) or _ABOUT_THE_MOVE.search(rest) or is_take_back(rest):
        return False
    if any(_code_like(t) for t in _tokens(rest)) or correction_rest(rest) is not None:
        return False
    return _read_alone(m["move"].strip(), at)


_CHATTER: ContextVar[bool] = ContextVar("_CHATTER", default=False)
_WHOLE_LINE: ContextVar[str] = ContextVar("_WHOLE_LINE", default="")
"""The reply's line being read (:func:`_read_commands`): a move is read among chatter only on
the whole of it, never on a piece another reader cut out and left the rest of unread."""
_CHATTER_PARTS = re.compile(
    r"(?<=[.!?])\s+|\s*;\s*|\s*:\s+|\s+[-–—]+\s+|\s*[()]\s*"
    r"|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF]+\uFE0F?\s*"  # an emoji ends a part as a full stop
)
_CHATTER_COMMA = re.compile(r"\s*,\s+")
_CHATTER_TAIL = 3
"""At most this many words after a move with no sign between ("m8r2 ta", "n9r2 danke dir")."""
_TILE_PLACED = re.compile(r"^[A-Z]\d{1,2} R[0-3]$")
_A_SLIDE = re.compile(r"^[RYBGK]{2} (?:step [NESW]|[NESW](?: [NESW])?)$")
"""A slide of Die Verbotene Stadt as the game writes it ("BK E N", "RB step N")."""


def _reads_as(part: str, action: object, at: _At) -> bool:
    """Is ``part``, read alone, exactly the move ``action`` (bare or in a play frame)?"""
    sub = Reading()
    _read_move(part, replace(at, out=sub))
    if [c.kind for c in sub.commands] != ["action"] or sub.errors or sub.mentions:
        return False
    return _same(at.notation, sub.commands[0].action, action)


def _chatter_around(line_wo: str, cand: _Candidate, at: _At) -> bool:
    """One legal tile placement among words for someone else (issue 31, sixteenth round): the
    line's parts (sentences, remarks in brackets, what a colon, a semicolon or a dash parts), the
    move's own part cut at its commas; the move's own clause must read alone as playing it (bare
    or in a play frame the grammar knows), and every other part is chatter unless it carries a
    danger of :func:`pbem.commands.chatter.danger` (a question, a take-back, a condition, a
    doubt, another move, a preview, our example, a short negation ...). Then the move is read;
    else False (the caller asks back). Words after the move with no sign between ("m8r2 ta")
    are such a part when they are few (:data:`_CHATTER_TAIL`)."""
    if _CHATTER.get() or at.notation is None or cand.action is None:
        return False
    if not retraction.same_words(line_wo, _WHOLE_LINE.get()):
        return False  # a part of the line another reader cut out: the parts it left are unread
    slide = not _TILE_PLACED.match(at.notation(cand.action))
    if slide and not _A_SLIDE.match(at.notation(cand.action)):
        return False  # a decision of Die Verbotene Stadt is read by the game's own reader
    said = chatter.late_apology_dropped(line_wo)  # "M13 R3 - sorry, hat etwas gedauert"
    parts = [p.strip() for p in _CHATTER_PARTS.split(said) if p and p.strip(" .,!")]
    found = [_candidates(_tokens(p), at.parse_action, at.is_move_form) for p in parts]
    # another placement set aside beside the move, by a word that denies it or as our example
    # changed ("O9 R2. Pas O9 R0, avec R0 je donnais la tour a Mathieu"; nineteenth round): its
    # part is one more beside the move, its codes (and the move's said again) dropped from it
    this = "vs" if slide else "fc"  # the game read, which the words may name
    mine = chatter.placement_codes(cand.text) if not slide else set()
    aside = chatter.set_aside(said, current(), mine) if mine else set()
    allowed = aside | mine if aside else set()

    def set_apart(c: _Candidate) -> bool:
        # a placement set aside, or a piece of the move said again ("mais je préfère R1")
        codes = chatter.placement_codes(c.text)
        return bool(aside) and codes <= allowed and bool(codes & aside or codes < mine)

    found = [[c for c in f if not set_apart(c)] for f in found]
    holding = [k for k, f in enumerate(found) if f]
    if len(holding) != 1 or len(found[holding[0]]) != 1:
        return False
    k = holding[0]
    others = [*parts[:k], *parts[k + 1 :]]
    pieces = _CHATTER_COMMA.split(parts[k])
    where = [
        j
        for j, p in enumerate(pieces)
        if [c for c in _candidates(_tokens(p), at.parse_action, None) if not set_apart(c)]
    ]
    if len(where) != 1:
        return False
    j = where[0]
    others += [", ".join(pieces[:j]), ", ".join(pieces[j + 1 :])]
    own = pieces[j]
    toks = _tokens(own)
    c = _candidates(toks, at.parse_action, at.is_move_form)
    if "?" in own or len(c) != 1:
        return False  # "Soll ich P10 R3 spielen?": a question of the move
    # the move's own clause, its frame aside, holds no danger either ("Leaning towards L12 R1
    # but ..."), and no word of the past or of someone else's ("Ich hätte gern M13 R1 ...")
    rest = " ".join([*toks[: c[0].start], *toks[c[0].end :]])
    mark = _CHATTER.set(True)
    try:
        if not _reads_as(own, cand.action, at):
            # words after a move with no sign between ("m8r2 ta"): a few, nothing before it
            # but a play frame ("je pose N13R3 jsuis dans le metro"; nineteenth round), which
            # the move's head must read alone as playing it
            tail = toks[c[0].end :]
            if not tail or (len(tail) > 1 and denies(tail)):
                return False  # (words said of the move: "P12 R2 was Bea's")
            if len(tail) > _CHATTER_TAIL and not chatter.own_clause(" ".join(tail), current()):
                return False  # (a clause of the player's own: "n13 r1 il pleut des cordes ici")
            if not _reads_as(" ".join(toks[: c[0].end]), cand.action, at):
                return False
    finally:
        _CHATTER.reset(mark)
    if any(
        chatter.aside_danger(p, current(), allowed, aside, this=this)
        for p in others
        if p.strip(" .,!")
    ):
        return False
    if rest.strip(" .,!") and chatter.aside_danger(
        rest, current(), allowed, aside, own=True, this=this
    ):
        return False
    # a slide of Die Verbotene Stadt may go on, or be another, in the words beside it
    if slide and any(chatter.slide_danger(p) for p in (*others, rest)):
        return False
    _as_read(at, cand.action, cand.text)
    at.out.commands[-1] = replace(at.out.commands[-1], chatter=line_wo)
    return True


def _beside_set_aside(line_wo: str, at: _At) -> bool:
    """The one legal placement of a line that names others only to set them aside, by a word
    that denies them or as our example changed (:func:`pbem.commands.chatter.set_aside`: "O9
    R0 - not O9 R2, which I had pencilled in, because R2 would give Priya the corridor", "Your
    example had M8 R1; I'm going M8 R2 instead"; issue 31, nineteenth round), read among the
    line's chatter by :func:`_chatter_around`; else False."""
    cands = _candidates(_tokens(line_wo), at.parse_action, at.is_move_form)
    if len(cands) < 2 or at.notation is None:
        return False
    for c in (c for c in cands if c.error is None):
        mine = chatter.placement_codes(c.text)
        aside = chatter.set_aside(line_wo, current(), mine)
        if aside and all(o is c or chatter.placement_codes(o.text) <= aside | mine for o in cands):
            return _chatter_around(line_wo, c, at)
    return False


_REASON_CUT = re.compile(r",\s+|\s+[-–—]+\s+|(?<=[.;!])\s+")


def _corrected_then_reason(line_wo: str, at: _At) -> bool:
    """A correction read whole, then its reason after a comma, a dash or a full stop, naming the
    placement it took back again ("m13 r1 wait no m13 r2, r1 hands Tom the garden", "o13 r1...
    non o13 r2 pardon, le r1 ouvre le couloir a Jeanne", "Playing P12 R0. Wait no - P12 R3, R0
    leaves the garden open"; issue 31, nineteenth round): the move the head reads alone, when the
    reason names only codes of the move taken back and carries no danger
    (:func:`pbem.commands.chatter.reason_of_correction`); else False."""
    if at.notation is None or "?" in line_wo:
        return False
    cuts = list(_REASON_CUT.finditer(line_wo))
    for cut in reversed(cuts):
        head, reason = line_wo[: cut.start()], line_wo[cut.end() :]
        said = _candidates(_tokens(head), at.parse_action, at.is_move_form)
        legal = [c for c in said if c.error is None and c.action is not None]
        if len(said) < 2 or not legal:
            continue
        final = max(legal, key=lambda c: c.start)
        mine = chatter.placement_codes(final.text)
        taken_back = chatter.placement_codes(head) - mine
        if not chatter.reason_of_correction(reason, current(), taken_back):
            return False
        if not _reads_as(head, final.action, at):
            return False
        _as_read(at, final.action, head)
        at.out.commands[-1] = replace(at.out.commands[-1], chatter=line_wo)
        return True
    return False


def _for_another_game(line_wo: str, part: str, at: _At) -> bool:
    """Do the words of ``line_wo`` beside its move ``part`` say it may be for another game of
    the player's (:func:`pbem.commands.chatter.for_another_game`: "M13 R1 (this is for the
    Verbotene Stadt game)"; nineteenth round)?"""
    at_part = line_wo.find(part)
    if at_part < 0:
        return False
    rest = f"{line_wo[:at_part]} {line_wo[at_part + len(part) :]}"
    if "here" in games_named(part):
        return False  # "Playing L12 R1 here, I'll get to the other game after lunch"
    try:
        action = at.parse_action(part)
    except RuleError:
        return chatter.for_another_game(rest)
    written = at.notation(action) if at.notation is not None else ""
    return chatter.for_another_game(rest, "fc" if _TILE_PLACED.match(written) else "vs")


def _slide_said_beside(line_wo: str, part: str, at: _At) -> object | None:
    """The slide ``part`` of ``line_wo`` reads as, when the line's other words may be of it
    (:func:`pbem.commands.chatter.slide_danger`: a direction, one field, an official: "BR W
    bonne soirée, d'une seule case"; eighteenth round); else None."""
    if at.notation is None:
        return None
    try:
        action = at.parse_action(part)
        said = part
    except RuleError:
        cands = _candidates(_tokens(part), at.parse_action, at.is_move_form)
        if len(cands) != 1 or cands[0].action is None:
            return None
        action, said = cands[0].action, cands[0].text  # "BR W bonne soirée"
    written = at.notation(action)
    if not _A_SLIDE.match(written) or " step " in written:
        return None  # (a step already: "kb one step south (its still on its start square)")
    rest = list(_tokens(line_wo))
    for t in _tokens(said):
        if t in rest:
            rest.remove(t)
    return action if rest and chatter.slide_danger(" ".join(rest)) else None


def _hedged_after_slide(line_wo: str, written: str) -> bool:
    """Does ``line_wo``, which the game read whole as the slide ``written`` ("KB S"), leave it
    unsettled in its words after the slide's last word (:func:`pbem.commands.chatter.hedged`:
    "KB S, je crois", "KB S. Will confirm tomorrow."; eighteenth round)? The game's reader
    drops such words as a remark; a referee asks."""
    if not _A_SLIDE.match(written):
        return False
    toks = _tokens(line_wo)
    last = max((k for k, t in enumerate(toks) if _of_the_slide(t)), default=-1)
    tail = toks[last + 1 :]
    return bool(tail) and chatter.hedged(" ".join(tail))


def _read_move_at(line_wo: str, at: _At) -> None:
    """``line_wo`` (``at.line`` without its guard) as a move, or why not, into ``at.out``."""
    # Long on purpose: a move among other words: filler, deny words, typos and guards, in that order.
    line, guard, out, parse_action = at.line, at.guard, at.out, at.parse_action
    is_move_form, notation, from_subject = at.is_move_form, at.notation, at.from_subject
    try:
        action = parse_action(line_wo)
    except InvalidSyntax as err:
        first: InvalidSyntax | NotYourDecision = err
    except NotYourDecision as err:
        # "Not your turn" comes before the syntax check in the engines, so for a seat that owes
        # nothing a word of thanks raises it too. A line in the game's notation is a real move
        # out of turn (an error); anything else is prose.
        if is_move_form is not None and is_move_form(line_wo):
            out.errors.append((line, err))
            return
        first = err
    except RuleError as err:
        restated = _restated(line_wo, parse_action)
        if _step_from_start(line_wo, at):
            return  # "BK d'une case vers l'est. Il est encore sur sa case de départ." ("est")
        if restated is not None:  # "BR O S (ouest puis sud)": the move said again in words
            _as_read(at, restated[0], restated[1])
        else:
            out.errors.append((line, err))
        return
    else:
        if _praised_of_another(line_wo, notation(action) if notation is not None else "") or (
            _hedged_after_slide(line_wo, notation(action) if notation is not None else "")
        ):
            # "Nice move by East yesterday, sliding the blue-red one west." (fifteenth round);
            # "KB S, je crois", "KB S. Will confirm tomorrow." (eighteenth round)
            out.mentions.append((line, _mention(notation, action, line_wo)))
            out.mention_moves.append((line, action))
            return
        out.commands.append(
            Command("action", line, action=action, guard=guard, from_subject=from_subject)
        )
        return
    bare = strip_please(line_wo)
    if "?" not in line_wo and bare and bare != line_wo and _read_alone(bare, at):
        return  # "bk vers l'est merci", "RB N please!": courtesy at the ends of a move
    if _considered(line_wo) and _chosen_beside_considered(line_wo, at):
        return  # "P10 R3. Eigentlich wollte ich erst O9 R1 spielen, aber das hilft nur Gelb."
    if _considered(line_wo) or _broken_off(line_wo):
        # "I wanted BK E at first, but it helps Bea": no move of the reply; "Ich wollte RB N E
        # ziehen, aber" (a move that breaks off on its "but"): not settled, asked back
        toks = _tokens(line_wo)
        found = _candidates(toks, parse_action, is_move_form)
        action = found[0].action if len(found) == 1 else None
        out.mentions.append((line, _mention(notation, action, found[0].text if found else line)))
        out.mention_moves.append((line, action))
        return
    if _weighed_then_chosen(line_wo, at):
        return  # "P10 R0 – oder doch lieber P10 R3? Ach was, ich nehme P10 R3."
    if _looks_like_attempt(line_wo) and not is_courtesy(line_wo):
        suggestion = _typo_suggestion(line_wo, parse_action)
        if suggestion:
            out.errors.append((line, _suggested(line, first, suggestion)))
            return
    tokens = _tokens(line_wo)
    if tokens and all(_code_like(t) for t in tokens):
        # The whole line is an attempt at a move ("O9-R2", "Z99 R7"): read it whole, with
        # punctuation normalised, or report the game's own reason for the line as written.
        try:
            action = parse_action(" ".join(tokens))
        except RuleError:
            pass
        else:
            if "?" in line_wo:  # a question about a move is not a move
                out.mentions.append((line, _mention(notation, action, " ".join(tokens))))
                out.mention_moves.append((line, action))
                return
            read_as = notation(action) if notation is not None else " ".join(tokens)
            out.commands.append(
                Command(
                    "action",
                    line,
                    action=action,
                    guard=guard,
                    read_as=read_as,
                    from_subject=from_subject,
                )
            )
            return
        prose = len(tokens) > 2 and any(
            c.error is None for c in _candidates(tokens, parse_action, is_move_form)
        )  # "OK, M13 R1": a move after a courtesy word, read as in prose below
        if prose:
            pass
        elif is_courtesy(line_wo):  # "OK", "GG", "Bob"
            out.courtesy.append(line)
            return
        elif isinstance(first, InvalidSyntax) and not from_subject:
            out.syntax_errors.append((line, first))
            return
        else:
            if not from_subject:
                out.errors.append((line, first))
            return
    if _taken_back_in_line(line_wo, tokens, at):
        return  # "M13 R2, forget it", "L10 R1 nö falsch", "M13 R2 streich das"
    if _move_then_vocative(line_wo, at):
        return  # "L9 r0. Luca, smettila di lamentarti ...", "p12 r2. And Sue, that room ..."
    if _position_decides(line_wo, at):
        return  # "Se la M13 è ancora libera gioco M13 R2, altrimenti O9 R1"
    either = _EITHER_WAY.search(line_wo)
    if either is not None and "?" not in either["rest"] and _read_alone(either["rest"], at):
        return  # "Does P12 R2 close the top room? Either way I'm playing P12 R0."
    if (anyway := _anyway(line_wo)) and _read_alone(anyway, at):
        return  # "... is R1 a turn clockwise? I'm assuming clockwise. Anyway, P10 R0 for now."
    calm = _calmed(line_wo)
    if calm != line_wo and "?" not in calm and _read_alone(calm, at):
        return  # "Allora L10 R0 e non se ne parla più"
    refused = _refused_clause(line_wo, parse_action)
    if refused != line_wo and "?" not in line_wo and _read_alone(refused, at):
        return  # "Dann halt M13 R1, wenn Q99 nicht geht.", "Puisque Q99 ne marche pas, M13 R1"
    owned = _owned_up(line_wo, parse_action)
    if owned != line_wo and "?" not in owned and _read_alone(_calmed(owned), at):
        return  # "Right, that square doesn't exist, my bad. Going with L11 R1 then."
    if _typo_after(line_wo, at):
        return  # "P12 R0 (le correcteur m'avait mis "P12 Ro", c'est bien R zéro)"
    if _kept_for_later(line_wo, at):
        return  # "Not that one - P12 R3 please. I'd rather keep L12 for later."
    if _fixed_in_line(line_wo, at):
        return  # "O9 R1, enfin non, plutôt O9 R3 : je préfère garder la porte tournée vers le temple"
    if _sorry_after(line_wo, at):
        return  # "Ok je prends M8 R1 alors, dsl pour le Q99 je me suis trompé de ligne"
    if _move_then_consequence(line_wo, at):
        return  # "Ich lege mein Plättchen auf O13 in R3, dann zeigt der rosa Raum nach Westen"
    if _others_then_mine(line_wo, at):
        return  # "ho visto che Luca ieri ha giocato RB nord, furbo. io faccio KB sud"
    if _step_from_start(line_wo, at):
        return  # "BK d'une seule case vers l'est (il est encore sur sa case de départ)"
    if _beside_set_aside(line_wo, at):
        return  # "O9 R2. Pas O9 R0, avec R0 je donnais la tour a Mathieu"
    if _corrected_then_reason(line_wo, at):
        return  # "m13 r1 wait no m13 r2, r1 hands Tom the garden"
    part = _move_part(line_wo, parse_action, is_move_form) or _move_then_remark(
        line_wo, parse_action, is_move_form, in_words=True
    )
    # "M13 R2 — buona serata", "O13 R3 (sorry, autocorrect)", "Sorry, that spot was taken.
    # L11 R1 then": the one sentence or part that holds a move, read alone.
    if part is not None and (slide := _slide_said_beside(line_wo, part, at)) is not None:
        # "BR W bonne soirée, d'une seule case": the words beside the slide may be of it
        out.mentions.append((line, _mention(notation, slide, part)))
        out.mention_moves.append((line, slide))
        return
    if part is not None and _for_another_game(line_wo, part, at):
        # "M13 R1 (this is for the Verbotene Stadt game)": the move may be of the other game
        out.mentions.append((line, _mention(notation, None, part)))
        out.mention_moves.append((line, None))
        return
    if part is not None and _read_alone(part, at):
        return
    tail_fix = _after_correction(line_wo)
    if tail_fix and _read_alone(tail_fix, at):
        return  # "BK est, no scusa, BR ovest": the last word of the line
    if _part_fixed_in_words(line_wo, at):
        return  # "Je fais glisser RB vers le sud... non, pas RB mais KB, toujours vers le sud."
    said = _tokens(line_wo)
    sorry_for = any(
        _code_like(t) and _SORRY_FOR.search(" ".join(said[:k])) for k, t in enumerate(said)
    )  # "sorry for the Q99": an apology for a move, no correction
    first_code = next((k for k, t in enumerate(said) if _moved(t)), len(said))
    fix = (
        _cased(line_wo, correction_rest(line_wo))
        if "?" not in line_wo
        and not sorry_for
        # the correction comes before the move it names ("M9 R1, wait no" takes M9 R1 back)
        and correction_rest(" ".join(said[:first_code])) is not None
        else ""
    )
    if (
        fix
        and fix.casefold() != line_wo.casefold()
        # one move named ("Ich wollte M9 R0 spielen, aber ich weiß nicht, M9 R1" names two,
        # and the rest without its commas would set the second aside)
        and len(_candidates(_tokens(fix), parse_action, is_move_form)) <= 1
        and not _owned_after(line_wo, fix)
        and _read_alone(fix, at)
    ):
        return  # "oups, je voulais dire BR ouest S": the move the correction names
    # "Après mûre réflexion : N13 R0", "Après mûre réflexion, je joue P11 tournée à 270°": the
    # move after a lead-in, read alone.
    thought = _THOUGHT_PHRASE.match(line_wo)
    if thought and "?" not in line_wo and _read_alone(line_wo[thought.end() :], at):
        return  # "Nach langem Hin und Her habe ich mich für M13 R2 entschieden"
    for head, tail in (
        _lead_in(line_wo),
        _lead_in(line_wo, _COMMA),
        _lead_in(line_wo, _DASH),
        _lead_before_move(line_wo),  # "metto la tessera sotto il tempio, in N13, R0."
        _lead_before_placing(line_wo),  # "Anyway, after a coffee I'm putting my tile on P12 R2"
        _after_prompt(line_wo),  # "À vous (mauve) : posez votre tuile : M8 R2"
    ):
        if head and "?" not in line_wo and _leads(head) and _read_alone(tail, at):
            return
    # "Ci ho pensato tutta la sera e alla fine ho deciso per M13 R2": the choice after the
    # thinking, whatever the thinking's words (it names no move), read alone
    head, tail = _lead_in(line_wo, _FINALLY)
    if head and "?" not in line_wo and _read_alone(tail, at):
        return
    if len(tokens) <= MAX_PROSE_WORDS:
        cands = _candidates(tokens, parse_action, is_move_form)
        if len(cands) > 1 and any(_SORRY_FOR.search(" ".join(tokens[: c.start])) for c in cands):
            # "M9 R1 then, sorry for the L12 R0": the move apologised for is no move of the line
            cands = [c for c in cands if not _SORRY_FOR.search(" ".join(tokens[: c.start]))]
            if not cands:
                out.ignored.append(line)
                return
        cited = _cited(line_wo, tokens, cands) if len(cands) > 1 else []
        if cited and len(cited) < len(cands) and "?" not in line_wo:
            # 'avevo scritto nella bozza "L12 R2", poi ci ho ripensato: gioco O9 R0': the move
            # in quotes corrected by the last one (seventeenth round)
            final = _final_move(tokens, cands, line_wo)
            if final is not None and final not in cited and final is cands[-1]:
                _as_read(at, final.action, final.text)
                return
        if cited and len(cited) < len(cands):
            # "vous me suggérez « M8 R1 », mais je préfère garder la case M8": a move in
            # quotes beside other words of moves is cited, not played
            cands = [c for c in cands if c not in cited]
        legal = [c for c in cands if c.error is None]
        if len(cands) == 1 and legal and _but_i_choose(line_wo, tokens, cands[0]):
            # "Mon mari me conseille autre chose (voir plus bas) mais je préfère L10 R1"
            _as_read(at, legal[0].action, legal[0].text)
            return
        around = [*tokens[: cands[0].start], *tokens[cands[0].end :]] if len(cands) == 1 else []
        # "Bella mossa P12 R2, Bea!": someone else's move, never read among chatter
        not_played = len(cands) == 1 and _not_played(line_wo, tokens, cands[0])
        if (
            len(cands) == 1
            and ("?" in line_wo or not _filler_then_clause(tokens, cands[0]) or not_played)
            and not (
                "?" not in line_wo
                and legal
                and correction_stands(around)
                and not _SORRY_FOR.search(" ".join(tokens[: cands[0].start]))
                # "RB N anzi no, E": a "no" after the move takes it back, it corrects nothing
                # (also a "no" as it is said: "L10 R1 nö falsch", "M13 R1 nah sorry")
                and not _no_after(tokens[cands[0].end :])
                # "L10 R1 sorry falsch", "n13 r1 scusate ho sbagliato": a mistake owned after
                # the move is of the move (fourteenth round: played it)
                and not _mistake_after(tokens[cands[0].end :])
                # "Gioco M13 R1. Anzi no.": a correction in a sentence after the move takes it
                # back ("N13 R3 is what I meant" still corrects)
                and not _corrected_after(line_wo, cands[0].text)
                # ("M9 R1, sorry for the Q99, wait no": the move taken back after it)
                and not any(
                    is_take_back(p) for p in _SEGMENT.split(_after_move(line_wo, tokens, cands[0]))
                )
            )
        ):  # (a correction alone is the move meant: "Sorry, I meant L9 R0." after a refusal)
            if _remark_out_of_turn(line_wo, tokens, cands[0]):
                out.ignored.append(line)  # "Bien joué Sophie, ton M13 R1 m'a fait mal"
                return
            if legal and not not_played and _chatter_around(line_wo, cands[0], at):
                return  # "L9 R1. Und nein, Klaus, das war nicht abgesprochen.", "m8r2 ta"
            # A move among other words is a mention, not a move: we do not guess.
            out.mentions.append((line, _mention(notation, cands[0].action, cands[0].text)))
            out.mention_moves.append((line, cands[0].action))
            return
        if len(cands) == 1 and legal and cands[0].start > 0 and _unknown_command(tokens[0]):
            out.errors.append((line, _not_a_command(tokens[0])))
            return
        if (
            len(cands) == 1
            and legal
            and (chatter.unsettled(" ".join(around)) or _italian_or(around))
        ):
            # "m13r3 peutetre jsp": few words the grammar would take for filler, of a doubt;
            # "Mettete L12 R3 o fatemela vedere": another choice offered
            out.mentions.append((line, _mention(notation, cands[0].action, cands[0].text)))
            out.mention_moves.append((line, cands[0].action))
            return
        if len(cands) == 1 and legal:
            _as_read(at, legal[0].action, legal[0].text)
            return
        if len(cands) == 1 and is_correction(line_wo):
            # "sorry R0*" after "O9 R1": a correction of a part, read by _last_word
            out.mentions.append((line, _mention(notation, None, cands[0].text)))
            out.mention_moves.append((line, None))
            return
        if len(cands) == 1:
            cand_err = cands[0].error
            assert cand_err is not None
            out.errors.append((line, cand_err))
            return
        final = _final_move(tokens, cands, line_wo) if len(cands) > 1 else None
        if final is not None:
            _as_read(at, final.action, final.text)
            return
        fallback = _fallback(tokens, cands, line_wo) if len(cands) > 1 else None
        if fallback is None and len(cands) > 1:
            fallback = _if_legal_else(tokens, cands, line_wo)
        if fallback is not None:
            _as_read(at, fallback.action, fallback.text)
            return
        fixed = _part_fixed(tokens, cands, line_wo, parse_action) if len(cands) > 1 else None
        if fixed is not None:
            _as_read(at, fixed[0], fixed[1])
            return
        if len(cands) > 1 and _example_edited(line_wo, at):
            return  # "I copied your example line P12 R2 and edited it ...: O13 R3"
        kept = _beside_remarks(line_wo, at) if len(cands) > 1 and "?" not in line_wo else None
        if kept and _read_alone(kept, at):
            return  # "Nice one with M9. I'll go O9 R0.", "Il tuo ultimo P10 ... metto L11 R0"
        rest = _after_not_played(line_wo, tokens, cands) if len(cands) > 1 else None
        if rest and _read_alone(rest, at):
            return  # "Bea ha giocato O13 R2 l'altra volta, io invece metto in L10 R1"
        if len(cands) > 1:
            shown = ", ".join(c.text for c in cands)
            out.errors.append(
                (
                    line,
                    CommandError(_(_MORE_THAN_ONE) % {"moves": shown}),
                )
            )
            return
    if _slide_then_remark(line_wo, at):
        return  # "kb nach süden bin grad im zug lg", "bk east south from me"
    if is_courtesy(line_wo):
        out.courtesy.append(line)
        return
    if _looks_like_attempt(line_wo) and not from_subject:
        out.syntax_errors.append((line, first))
    else:
        out.ignored.append(line)
