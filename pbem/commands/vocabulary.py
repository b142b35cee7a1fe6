"""The words of the email commands (issue 24), as each command declares them.

An email command is one class (:mod:`pbem.service.commands` for the commands of a reply to a game
mail, :mod:`pbem.service.fresh` for those of a fresh mail to the service) which says, besides
what it does, everything a player may write and read about it, the way Mailman's
``IEmailCommand`` does:

- ``name``: its English word (``BOARD``), read in every language;
- ``words``: its words in French, Italian and German (``{"fr": ("PLATEAU",), ...}``; the first of
  each language is the one the guides and HELP show, the others are variants);
- ``form`` (or its own :meth:`Spoken.hear`): the rule of its own arguments, which tells the
  command from prose ("BACK" alone is the command, "Back soon!" is prose), and the refusal of a
  missing argument ("VACATION needs a length.");
- ``help``: its lines in the HELP mail's table, each in a section of :data:`SECTIONS`.

Registering the class (:func:`pbem.service.commands.register`) puts it in :data:`VOCABULARY` (or
:data:`FRESH`), which the grammar (:mod:`pbem.commands.grammar`), the fresh-mail steps and the
HELP mail read. Adding a command is one class plus its catalog entries (the translations of its
refusals and help lines); ``tests/service/test_vocabulary.py`` shows it with a toy command.
Pure: the standard library, :mod:`pbem.i18n`, :mod:`pbem.errors` (and :mod:`pbem.mail.reply`'s
words of courtesy and denial, for a remark after a command).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Protocol, TypeVar, cast

from pbem.errors import CommandError
from pbem.i18n import N_, _

LANGS = ("en", "fr", "it", "de")
"""The languages a command's words are declared in (English is its ``name``)."""


@functools.lru_cache(maxsize=8192)  # a pure function of the text, asked again for the same words
def fold_word(word: str) -> str:
    """A word in upper case without its accents, German umlauts written out (``Aperçu`` ->
    ``APERCU``, ``BESTÄTIGEN`` -> ``BESTAETIGEN``, ``zurück`` -> ``ZURUECK``)."""
    w = word.strip().upper().replace("ß", "SS").replace("ẞ", "SS")
    for umlaut, out in (("Ä", "AE"), ("Ö", "OE"), ("Ü", "UE")):
        w = w.replace(umlaut, out)
    return "".join(c for c in unicodedata.normalize("NFKD", w) if not unicodedata.combining(c))


_REMARK = re.compile(
    r"\s*(?:[,;(]|\s[-–—]\s|[.!?](?:\s|$))|\s+(?=(?:if|si|se|wenn|falls|as|because|car|parce"
    r"|perché|perche|weil|da|so\s+(?:that\s+)?(?:i|we|nobody|no\s+one|you|they)|pour\s+ne\s+pas"
    r"|cos[iì]\s+(?:non|nessuno|che)|damit)\s)",
    re.I,
)
"""Where a remark after a command's argument starts: a clause's punctuation, or a
subordinating word ("if it's still open", "parce que...")."""

_PLAN_REMARK = re.compile(_REMARK.pattern.replace("[,;(]", "[,(]"), re.I)
"""The same for an argument that is a plan, whose ``;`` separates its actions ("ANTEPRIMA BR W S;
KB S per favore, prima di decidere" previews both)."""


_DOUBT = frozenset(
    {
        "or",
        "maybe",
        "perhaps",
        "unless",
        "ou",
        "peut-etre",
        "sinon",
        "sauf",
        "oppure",
        "forse",
        "altrimenti",
        "tranne",
        "oder",
        "vielleicht",
        "sonst",
        "ausser",
        "sure",
        "sur",
        "sicuro",
        "sicher",
        "wait",
        "attends",
        "aspetta",
        "warte",
    }  # fmt: skip
)
"""Words of a remark that put the command before it in doubt ("VACANCES 2 semaines, ou
peut-être pas", "PROPOSE END, or maybe not", "not sure"): it is then asked back. Other words,
negations included, only explain ("I won't be able to play", "je ne pourrai pas jouer")."""


_CONDITION = re.compile(
    r"(?i)(?<![\w'’])(?:if|si|s'il|se|wenn|falls|sofern|provided|unless|only|nur|seulement|solo"
    r"|soltanto|purch[ée]|solange|tant\s+que|as\s+long\s+as|[àa]\s+condition)(?![\w'’])"
)


def _other_condition(tail: str) -> bool:
    """Does the remark after a queued move set a condition the service cannot check ("aber nur,
    wenn Ann vorher keinen rosa Raum schließt"; sixth round: de-2322 queued it), rather than
    the one it checks anyway, that the move is still possible then ("if it's still free")?"""
    from pbem.commands.grammar import _IMPOSSIBLE

    return (
        _CONDITION.search(tail) is not None
        and _IMPOSSIBLE.search(tail) is None
        and _FEASIBLE.search(tail) is None
    )


_FEASIBLE = re.compile(
    r"(?i)(?<![\w'’])(?:open|ouverte?|aperta|offen|jouable|playable|giocabile|spielbar|available"
    r"|disponibles?|disponibile|verfügbar|verfuegbar|gone|weg|vacant|libres?|valid[ae]?|valable"
    r"|gültig|gueltig|(?:takes?|took|prend|prende|nimmt|nehmen)\s+(?:it|la|le|lo|ihn|es|sie))"
    r"(?![\w'’])"
)
"""More words that a queued move may still be possible then ("if it's still open", "s'il est
toujours jouable", "if nobody takes it first")."""


def doubts(remark: str) -> bool:
    """Does the remark after a command put it in doubt (:data:`_DOUBT`)?"""
    remark = _WHERE.sub(" ", remark)  # "pas de réseau là où je vais", written "la ou"
    if _UNDECIDED.search(remark):
        return True  # "M13 R1 ou P10 R0, je ne sais pas encore"
    return any(fold_word(w).lower() in _DOUBT for w in re.findall(r"[^\W\d_][\w'’-]*", remark))


_UNDECIDED = re.compile(
    r"(?i)(?:don['’]?t|do\s+not|not)\s+(?:know|decided|sure)|(?:je\s+)?ne\s+sais\s+pas|sais\s+pas"
    r"|pas\s+encore\s+d[ée]cid|non\s+(?:lo\s+)?so|non\s+ho\s+(?:ancora\s+)?deciso|wei(?:ß|ss)\s+(?:es\s+)?"
    r"(?:noch\s+)?nicht|noch\s+nicht\s+entschieden|unsicher|undecided|h[ée]sit|indecis|not\s+yet"
)
"""A remark that the player has not decided ("je ne sais pas encore", "non so", "weiß noch
nicht", "not sure yet")."""

_WHERE = re.compile(
    r"(?i)(?<![\w'’])(?:l[àa]|d['’]|par|partout)\s+o[uù](?![\w'’])|(?<![\w'’])où(?![\w'’])"
)
"""The French "où" (where), also written without its accent after "là", "d'", "par": no "or"."""


@dataclass(frozen=True)
class Said:
    """A line that starts with a command word, as the grammar hands it to the command."""

    line: str
    """The line as written."""
    rest: str
    """What follows the word."""
    bare: str
    """The rest without courtesy and punctuation ("Help?", "Plateau s'il vous plaît": ``""``)."""


@dataclass(frozen=True)
class Heard:
    """What a command makes of its line: a command (``kind``, ``arg``), a refusal (``error``),
    a line to pass over (``ignore``), or marks that only the whole reply settles (``flags``:
    RESIGN wants CONFIRM in the same reply)."""

    kind: str = ""
    """The :class:`~pbem.commands.grammar.Command`'s kind; ``""``: the command's own."""
    arg: str = ""
    line: str | None = None
    """The line shown for it (CERT hides its passphrase); None: the line as written."""
    error: CommandError | None = None
    ignore: bool = False
    flags: frozenset[str] = frozenset()


class Form(Protocol):
    """The rule of a command's own arguments."""

    def read(self, said: Said) -> Heard | None:
        """What the line is (None: not this command, but prose or a move)."""


@dataclass(frozen=True)
class Alone:
    """The word alone on its line, courtesy aside (BOARD, HELP, BACK; "Back soon!" is prose)."""

    def read(self, said: Said) -> Heard | None:
        return None if said.bare else Heard()


ALONE = Alone()


def _bare(said: Said) -> str:
    return said.bare


@dataclass(frozen=True)
class Argument:
    """The word and an argument: ``fits`` tells the command from prose; ``take`` gives the
    argument kept; ``needs`` (marked for translation) refuses the word without one, with
    ``hint`` as what to write."""

    fits: Callable[[Said], bool]
    take: Callable[[Said], str] = _bare
    needs: str = ""
    hint: str = ""

    def read(self, said: Said) -> Heard | None:
        if not self.fits(said):
            return None
        if self.needs and not said.bare:
            return Heard(error=CommandError(_(self.needs), hint=self.hint))
        return Heard(arg=self.take(said))


SECTIONS: dict[str, str] = {
    "service": N_("Commands of the service"),
    "leave": N_("Your leave, for all your games at once"),
    "votes": N_("Votes (the other players answer ACCEPT or DECLINE within 72 hours)"),
    "standings": N_("Standings and statistics"),
    "next": N_("A move queued for your next turn"),
    "standing": N_("Standing orders (Die Verbotene Stadt; only you see them)"),
    "fresh": N_("In a new mail to the service (not a reply to a game mail)"),
    "seats": N_("Seats taken over (in a new mail to the service, then confirmed)"),
}
"""The sections of the HELP mail's table, in order: each a heading (marked for translation)."""


@dataclass(frozen=True)
class HelpLine:
    """One row of the HELP table (marked for translation: a command and what it does, aligned
    at column 21 in English; each language aligns its own)."""

    section: str
    """A key of :data:`SECTIONS`."""
    at: int
    """Its place in the section (rows are sorted by it)."""
    text: str


class Spoken:
    """The vocabulary a command class declares (see the module's text). A command of a reply
    subclasses it through :class:`pbem.service.commands.EmailCommand`'s base."""

    kind: ClassVar[str]
    name: ClassVar[str] = ""
    """Its English word; ``""``: a command without words of its own (STANDING alone is read by
    STANDING's form as ``standing-show``)."""
    words: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    form: ClassVar[Form] = ALONE
    help: ClassVar[tuple[HelpLine, ...]] = ()
    nouns: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """What it shows, as nouns in the four languages ("the board", "le plateau", "coups
    légaux"): a sentence that asks for one is read as the command (:mod:`pbem.commands.requests`;
    only for a command that changes nothing)."""
    phrases: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """Whole lines that say it in a sentence, courtesy aside ("I accept", "j'accepte la
    proposition", "ich lehne ab"): :mod:`pbem.commands.requests`. A ``*`` stands for one word,
    the argument, which :meth:`slot` must accept ("in *": "In English please")."""
    asked: ClassVar[str] = ""
    """The kind its nouns asked for in a sentence stand for (``""``: its own): STANDING's nouns
    ("Quelles sont mes consignes actuelles ?") ask to see the orders, ``standing-show``, which
    changes nothing."""
    after_article: ClassVar[bool] = False
    """Read after an article too ("Le plateau", "Das Brett bitte")."""
    wraps: ClassVar[bool] = False
    """Its text may run over several lines a mail client hard-wrapped (SAY)."""
    plans: ClassVar[bool] = False
    """Its argument may be a plan ("RK N; BG E"): a ``;`` in it starts no remark (PREVIEW, NEXT)."""
    pattern: ClassVar[str] = ""
    """A fresh mail's command: the regular expression of its arguments after the word."""

    def hear(self, said: Said) -> Heard | None:
        """What this command makes of a line that starts with its word (None: not this
        command)."""
        heard = self.form.read(said)
        if heard is None and isinstance(self.form, Argument):
            return self.before_remark(said)
        if heard is None and isinstance(self.form, Alone):
            return self.alone_before_remark(said)
        return heard

    def alone_before_remark(self, said: Said) -> Heard | None:
        """A command word alone, then a remark after a clause break ("HISTORY please, I lost
        track", "AIUTO: non capisco come si gioca", "Board please (lost the last mail)"; issue
        31). None when the remark holds a figure (a move), or doubts a command that changes the
        game ("ACCEPT, or maybe not")."""
        from pbem.mail.reply import strip_please

        if not said.rest or any(c.isdigit() for c in said.rest):
            return None
        gap = said.line[: said.line.rfind(said.rest)].rstrip()
        m = _REMARK.search(said.rest)
        alone = (
            gap.endswith((":", "-", "–", "—", "(", ",", ";"))
            or said.rest.startswith(("-", "–", "—", ":", "("))
            or (m is not None and not strip_please(said.rest[: m.start()]))
        )
        if not alone:
            return None
        if getattr(self, "changes_game", False) and doubts(said.rest):
            return None
        return Heard()

    def before_remark(self, said: Said) -> Heard | None:
        """The command and its argument before a remark ("Sprache Englisch bitte, meine Frau
        spielt mit", "Preview M13 R2 please, not sure about it yet", "NEXT P10 R1 if it's still
        open"; issue 31): the part before the first clause break, read by the form, with an
        argument :meth:`sure` of. None when the remark holds a figure (a move), or denies for a
        command that changes the game (a queued move is conditional itself)."""
        from pbem.mail.reply import strip_please

        m = (_PLAN_REMARK if self.plans else _REMARK).search(said.rest)
        if m is None or not said.rest[: m.start()].strip():
            return None
        head, tail = said.rest[: m.start()].strip(), said.rest[m.start() :]
        heard = self.form.read(Said(said.line, head, strip_please(head)))
        if heard is None or heard.error is not None or not heard.arg or not self.sure(heard.arg):
            return None
        if any(c.isdigit() for c in tail):
            return None
        if getattr(self, "changes_game", False) and doubts(tail):
            return None
        if getattr(self, "conditional", False) and _other_condition(tail):
            return None  # "NÄCHSTER M8 R1, aber nur, wenn Ann vorher keinen rosa Raum schließt"
        return heard

    def same_as(self, arg: str) -> str:
        """``arg`` in one spelling, so that the same command said twice in one reply is one
        ("always doubt" and "CLAIM DOUBT" are the same standing order)."""
        return arg

    def sure(self, arg: str) -> bool:
        """Is ``arg`` surely this command's argument (read in a sentence, where the word alone
        does not make the line a command)? The commands with an argument say."""
        return False

    def restates(self, arg: str, reason: str) -> bool:
        """Does ``reason``, the prose before the command in capitals, say the same as ``arg``, so
        that a negation in it is its own and no denial of the command (STANDING says: "Non mi fido
        di nessuno: ORDINE DICHIARAZIONE DUBITARE")?"""
        return False

    def slot(self, word: str) -> str | None:
        """The argument a phrase's ``*`` stands for, from the word written there (None: the
        line is not this command)."""
        return None

    def settle(self, flags: frozenset[str]) -> Heard | None:
        """Once per reply, after its lines: what the marks of the whole reply make (RESIGN and
        CONFIRM)."""
        return None


_T = TypeVar("_T")

PROSE_MAX = 300
"""The longest line read as prose around a command word (characters): every word of such a line
is tried as the command, so the work grows with the square of its length; people write a command
in prose in a sentence, and a hostile mail's long line is read only as a command line."""


@dataclass
class Vocabulary:
    """Registered commands, by kind, and their words folded (:func:`fold_word`)."""

    commands: dict[str, Spoken] = field(default_factory=dict)
    _by_word: dict[str, Spoken] | None = None
    _derived: dict[str, object] = field(default_factory=dict)

    def derived(self, name: str, build: Callable[[], _T]) -> _T:
        """A table built from the registered commands (``build()``), kept until a command is
        added or removed: readers that fold every command's words or phrases build them once,
        not for every line they read."""
        if name not in self._derived:
            self._derived[name] = build()
        return cast(_T, self._derived[name])

    def add(self, cmd: Spoken) -> None:
        for word in (cmd.name, *(w for ws in cmd.words.values() for w in ws)):
            other = self.lookup(word)
            if other is not None and other.kind != cmd.kind:
                raise ValueError(f"{word} is already {other.name}'s word")
        self.commands[cmd.kind] = cmd
        self._by_word = None
        self._derived.clear()

    def remove(self, kind: str) -> None:
        self.commands.pop(kind, None)
        self._by_word = None
        self._derived.clear()

    def _index(self) -> dict[str, Spoken]:
        if self._by_word is None:
            index: dict[str, Spoken] = {}
            for cmd in self.commands.values():
                for word in (cmd.name, *(w for ws in cmd.words.values() for w in ws)):
                    index[fold_word(word)] = cmd
            self._by_word = index
        return self._by_word

    def lookup(self, word: str) -> Spoken | None:
        """The command whose word (in any of the four languages, accents or not) ``word`` is."""
        return self._index().get(fold_word(word))

    def english(self, word: str) -> str:
        """A command word as its English word (``CONFIRMER`` -> ``CONFIRM``); any other word
        in upper case, folded."""
        w = fold_word(word)
        cmd = self._index().get(w)
        return cmd.name if cmd is not None else w

    def all_words(self) -> frozenset[str]:
        """Every command word, folded, in the four languages."""
        return frozenset(self._index())

    def names(self) -> frozenset[str]:
        return frozenset(c.name for c in self.commands.values())

    def __iter__(self) -> Iterator[Spoken]:
        return iter(list(self.commands.values()))

    def read_fresh(
        self, line: str, kinds: Iterable[str], strip: Callable[[str], str] | None = None
    ) -> tuple[str, tuple[str, ...]] | None:
        """A fresh mail's line as one of the commands ``kinds`` (its word in any language, then
        its ``pattern``): the kind and the arguments, or None. ``strip`` takes courtesy off the
        line's ends when it is not a command as it stands ("Please JOIN o-fc-3a9c", "JOIN
        o-fc-3a9c, merci"; :func:`pbem.mail.reply.strip_please`)."""
        tries = [line]
        if strip is not None:
            tries.append(strip(line))
            # "Bonjour, standby verbotene-stadt svp": a greeting before the word
            head, sep, rest = line.partition(",")
            if sep and len(head.split()) <= 3 and rest.strip():
                tries.append(strip(rest))
        for text in tries:
            if (got := self._fresh(text, kinds)) is not None:
                return got
        if strip is not None and (got := self._fresh_in_prose(line, kinds, strip)) is not None:
            return got
        for text in tries[1:] if strip is not None else tries:
            m = re.match(r"^\s*(\S+)\s+([^\W\d_]+(?:\s+[^\W\d_]+){1,2})\s*[.!]?\s*$", text)
            if m is not None:
                # "Standby Forbidden City": a game's name in words is its name with hyphens
                got = self._fresh(f"{m.group(1)} {'-'.join(m.group(2).split())}", kinds)
                if got is not None:
                    return got
        return None

    def _fresh_in_prose(
        self, line: str, kinds: Iterable[str], strip: Callable[[str], str]
    ) -> tuple[str, tuple[str, ...]] | None:
        """A command word after prose on its line ("Hi, I'd like to JOIN o-fc-3a9c", "Je
        voudrais rejoindre, REPRENDRE fc-7k3q yellow svp"; issue 31): the word and its arguments
        end the line (courtesy aside), the prose before denies nothing. A word in lower case
        only with an argument that holds a figure or a hyphen ("I'd like to join o-fc-3a9c";
        "I'd like to watch tonight" is prose)."""
        from pbem.mail.reply import denies

        if len(line) > PROSE_MAX:
            return None  # a command in prose is a short line; a long one is not read word by word
        kinds = tuple(kinds)
        for m in re.finditer(r"(?<![\w'’-])([^\W\d_]{4,})(?![\w'’-])", line):
            if m.start() == 0:
                continue
            # the sentence that leads to the word: the ones before give reasons ("ich kann
            # leider doch nicht mitspielen. LEAVE o-fc-3a9c"; issue 31)
            lead = re.split(r"(?<=[.!?])\s+", line[: m.start()])[-1]
            before = [w for w in lead.split() if w.casefold() not in _ASKING]
            got = self._fresh(strip(line[m.start() :]), kinds)
            if got is not None and got[0] == "standby":
                # "Happy to be a reserve player if anyone drops out: STANDBY verbotene-stadt",
                # "se si libera un posto ... come riserva: STANDBY forbidden-city": a standby
                # is for when a seat frees up (issue 31)
                before = [w for w in before if w.casefold() not in _IF_SEAT]
            if got is None:
                continue
            if denies(before):
                return None
            if m.group(1).isupper() or any(re.search(r"[\d-]", a) for a in got[1]):
                return got
        return None

    def _fresh(self, line: str, kinds: Iterable[str]) -> tuple[str, tuple[str, ...]] | None:
        head = re.match(r"\s*(\S+)", line)
        if head is not None:  # "ÜBERNEHMEN fc-7k3q yellow", "RÉSERVE any": the word folded
            line = fold_word(head.group(1)) + line[head.end() :]
        for kind in kinds:
            cmd = self.commands[kind]
            words = "|".join(
                re.escape(w) for w in (cmd.name, *(w for ws in cmd.words.values() for w in ws))
            )
            args = r"\s+" + cmd.pattern if cmd.pattern else ""
            m = re.match(rf"^\s*(?:{words}){args}\s*$", line, re.I)
            if m:
                return kind, m.groups()
        return None


_IF_SEAT = frozenset(
    ("if", "si", "s'il", "se", "wenn", "falls", "sobald", "when", "quand", "quando")
)
"""The condition a standby has anyway: when a seat frees up."""
_ASKING = frozenset(("would", "could", "may", "würde", "wuerde", "würden", "wuerden", "als"))
"""Words before a fresh mail's command that ask and deny nothing ("I would like to JOIN ...",
"Ich melde mich als ERSATZ ...")."""

VOCABULARY = Vocabulary()
"""The commands of a reply to a game mail (registered by :mod:`pbem.service.commands`)."""

FRESH = Vocabulary()
"""The commands of a fresh mail to the service: sign-up and seats (:mod:`pbem.service.fresh`)."""


def vocabulary() -> Vocabulary:
    """:data:`VOCABULARY`, which must hold the service's commands: the grammar without them
    would read every command word as prose."""
    if not VOCABULARY.commands:
        raise RuntimeError("no email command is registered: import pbem.service.commands first")
    return VOCABULARY


def help_table(*vocabularies: Vocabulary) -> list[list[str]]:
    """The HELP mail's table: for each section with rows, its heading and its rows (message ids,
    translated by the template), from the commands' own help lines."""
    rows: dict[str, list[HelpLine]] = {key: [] for key in SECTIONS}
    for vocab in vocabularies or (VOCABULARY, FRESH):
        for cmd in vocab:
            for line in cmd.help:
                rows[line.section].append(line)
    return [
        [SECTIONS[key], *(r.text for r in sorted(lines, key=lambda r: r.at))]
        for key, lines in rows.items()
        if lines
    ]
