"""The player's last word counts: a guard at the end of the reading of a reply (issue 31).

The field readers (:mod:`pbem.commands.grammar`'s moves and plans, the commands' own forms) read a
correction as the new move or argument where they know its shape. This module is the one check
after all of them: when the words written AFTER the last command read take it back ("N13 R2...
laissez tomber"), correct it into something the reading did not take ("VACANCES 7j - ah non,
mettez 10j"), joke it away ("M13 R1, je plaisante"), make it conditional ("Je crois, si c'est le
jaune") or say not to play it ("Ne le jouez pas, je vous réécris"), nothing is carried out and the
reply is asked back with a line saying so (:func:`guard`).

Only words after the last command count (later on its line, later lines, a P.S.); words before it
are the field readers' business. A later correction the reading already took (the move read is
the one written after the take-back) is left alone. Courtesy and small talk after a move ("Sorry
for the late answer", "no rush", "Non pas que ça change grand-chose") stop nothing: a bare "no"
counts only as an interjection (followed by a comma, a stop, a dash or the end), "sorry" and
"pardon" only in front of a new move or argument.

The vocabularies are matched on the text folded to lower case without accents and with straight
apostrophes (:func:`fold`), so "réécris", "reecris" and "REECRIS" are one word.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pbem.errors import CommandError
from pbem.i18n import N_, _, current
from pbem.rules.base import RuleError

if TYPE_CHECKING:
    from pbem.commands.grammar import Command, Reading

_B = r"(?<![\w'])"
_E = r"(?![\w'])"


def _words(*alts: str) -> str:
    return _B + "(?:" + "|".join(alts) + ")" + _E


TAKE_BACK = _words(
    # en
    r"forget\s+(?:it|that|this|about\s+(?:it|that)|(?:about\s+)?(?:the|my)\s+\w+)",
    r"vergiss(?:t)?\s+(?:den|die|das)\s+\w+",
    r"never\s*mind",
    r"scratch\s+(?:that|this|it)",
    r"ignore\s+(?:that|this|it|the\s+above|what\s+i\s+(?:said|wrote))",
    r"cancel\s+(?:that|this|it)",
    r"(?:i\s+)?take\s+(?:that|it|this)\s+back",
    r"(?:i'?m\s+|i\s+am\s+|just\s+|only\s+){0,3}(?:joking|kidding)",
    r"jk",
    r"hold\s+off",
    # fr
    r"laiss(?:e|ez)\s+tomber",
    r"oubli(?:e|ez)(?:\s+(?:ca|cela|tout|le|la))?",
    r"annul(?:e|ez)(?:\s+(?:ca|cela|tout))?",
    r"je\s+(?:le\s+)?retire(?:\s+(?:ca|cela|ce\s+que))?",
    r"je\s+plaisante",
    r"(?:c'est\s+|c'etait\s+)?(?:une\s+)?blague",
    r"n'envoy(?:e|ez)\s+pas",
    r"ne\s+l'envoy(?:e|ez)\s+pas",
    # it
    r"lasci(?:a|ate)?\s+perdere",
    r"dimentica(?:te|telo|lo)?",
    r"annulla(?:te|telo|lo)?",
    r"cancella(?:te|telo|lo)?",
    r"(?:lo|la|li)\s+ritiro|ritiro\s+(?:tutto|quello|quanto)",
    r"(?:sto\s+|stavo\s+)?scherz(?:o|avo|ando)",
    r"non\s+(?:lo\s+|la\s+)?(?:mandar(?:lo|e)|mandate(?:lo)?|inviar(?:lo|e)|inviate(?:lo)?)",
    r"lasci(?:a|ate)?\s+stare",
    # de
    r"vergiss(?:\s+(?:es|das)|'?s)",
    r"vergesst\s+(?:es|das)",
    r"vergessen\s+sie\s+(?:es|das)",
    r"streich(?:t|en\s+sie)?\s+das",
    r"ignorier(?:t|en\s+sie)?\s+das",
    r"ich\s+nehme\s+(?:das|es)\s+zuruck",
    r"doch\s+nicht",
    r"(?:nur|war|kleiner)\s+(?:ein\s+)?(?:spass|spaß|scherz|witz)",
    r"(?:spielt|spielen\s+sie|zieht|ziehen\s+sie|schickt|schicken\s+sie)\s+(?:das|es|ihn|den\s+zug)\s+"
    r"(?:noch\s+)?nicht",
    r"streich(?:en|t)",
    r"(?:das|den|die)\s+\w+\s+vergessen",
    r"no{3,}",
)
"""Words that take back what was just written, in the four languages (folded, :func:`fold`)."""

_NO = re.compile(
    _B + r"(?:no|non|nein|nee|ne|no{2,}|nope|nah)" + r"(?=\s*(?:[,.!;:…\-–—)]|$|\s(?:"
    r"wait|hold|sorry|actually|attend(?:s|ez)?|pardon|en\s+fait|minute|aspett(?:a|ate|i)|scusa"
    r"|anzi|wart(?:e|et)?|moment|doch"
    r"|sorry|entschuldig|besser|lieber|plutot|rather|instead|make\s+it|mettez|metti|mach)(?![\w'])))"
)
"""A bare "no" said as an interjection: "ah non, mettez 10j", "bof non", "nein, das nicht", "no
wait"; not "no rush", "non pas que", "non giocarla" (read by :data:`TAKE_BACK` as its own)."""

RATHER = _words(
    r"or\s+rather",
    r"i\s+mean(?:t)?",
    r"instead",
    r"make\s+(?:it|that)",
    r"ou\s+plutot",
    r"plutot",
    r"je\s+veux\s+dire",
    r"je\s+voulais\s+dire",
    r"a\s+la\s+place",
    r"mettez\s+plutot",
    r"o\s+meglio",
    r"anzi",
    r"cioe",
    r"volevo\s+dire",
    r"invece",
    r"oder\s+(?:besser|lieber|eher)",
    r"vielmehr",
    r"ich\s+mein(?:e|te)",
    r"stattdessen",
)
"""A correction's lead: counts when the words after it name something the reading did not take,
or nothing at all ("M13 R2, or rather..." with no move after)."""

SOFT = _words(
    r"sorry",
    r"oops",
    r"pardon",
    r"correction",
    r"typo",
    r"faute\s+de\s+frappe",
    r"en\s+fait",
    r"actually",
    r"scus(?:a|ate|ami|atemi)",
    r"correzione",
    r"errore\s+di\s+battitura",
    r"entschuldig(?:ung|en\s+sie)",
    r"korrektur",
    r"je\s+me\s+reprends",
    r"je\s+rectifie",
    r"i\s+correct\s+myself",
    r"let\s+me\s+correct(?:\s+that)?",
    r"mi\s+correggo",
    r"ich\s+korrigiere(?:\s+mich)?",
    r"tippfehler",
    r"sorry",
)
"""Courtesy that leads a correction: counts only in front of a new move or argument the reading
did not take ("P12 R1. Pardon, P12 R3." read as P12 R3 passes; "Sorry for the late answer" too)."""

CONDITION = _words(
    r"(?:but\s+)?only\s+if",
    r"unless",
    r"(?<!even\s)if(?!\s+(?:possible|legal|allowed|valid|you|that'?s\s+"
    r"(?:ok|okay|fine|legal|allowed|possible)|it'?s\s+(?:legal|allowed|possible|valid)))",
    r"sauf\s+si",
    r"seulement\s+si",
    r"a\s+condition\s+que",
    r"(?<!meme\s)si(?!\s+(?:possible|c'est\s+(?:possible|legal|permis|valide|autorise|bon|ok)|vous\s+"
    r"(?:voulez|avez|pouvez)|besoin|jamais))",
    r"a\s+meno\s+che",
    r"solo\s+se",
    r"(?<!anche\s)(?<!pure\s)se(?!\s+(?:ne|possibile|(?:e|è)\s+(?:possibile|valida|valido|legale|consentit[oa])|vi\s+"
    r"(?:serve|va)|volete|avete|potete))",
    r"(?<!auch\s)(?<!selbst\s)wenn(?!\s+(?:auch|moglich|erlaubt|es\s+geht|gultig|sie\s+(?:wollen|mochten|konnen)))",
    r"falls(?!\s+(?:moglich|erlaubt|es\s+geht|gultig))",
    r"es\s+sei\s+denn",
    r"au(?:ss|ß)er(?:\s+wenn|(?=\s+(?:der|die|das|dem|den|es|er|sie|falls)\s))",
    r"nur\s+wenn",
)
"""A condition put after the command: the service cannot know whether it holds. A concession
("even if", "même si", "anche se", "auch wenn", "selbst wenn") is no condition: the command
stands whatever the case."""

INTERJECTION = _words(
    r"wait(?:\s+a\s+(?:sec(?:ond)?|minute|moment))?",
    r"hold\s+on",
    r"hang\s+on",
    r"nope",
    r"nah",
    r"jk",
    r"attend(?:s|ez)",
    r"une\s+minute",
    r"minute",
    r"bof",
    r"aspett(?:a|ate|i)",
    r"un\s+(?:attimo|momento)",
    r"wart(?:e|et|en\s+sie)",
    r"moment(?:\s+mal)?",
    r"halt",
)
"""Words that take back only said as an interjection, at the head of a clause or before a stop
("no wait, ...", "M13 R2 - minute !"), not "I can't wait", "j'ai mis une minute"."""
_HEAD = re.compile(
    r"(?:^|[.!?,;:…(\-–—]|\b(?:oh|ah|hmm+|hum|euh|no|non|nein|ok|but|mais|ma|aber))\s*$"
)
_TAIL = re.compile(r"\s*(?:[,.!?;:…)\-–—]|$)")


def _alone(low: str, m: re.Match[str]) -> bool:
    """Is the interjection at ``m`` alone (a clause's head, or before a stop)?"""
    window = ("x" if m.start() > 12 else "") + low[max(0, m.start() - 12) : m.start()]
    if m.group().startswith(("moment", "minute", "une", "un ")):
        return bool(_HEAD.search(window))  # not "at the moment?", "j'ai mis une minute"
    return bool(_HEAD.search(window)) or bool(_TAIL.match(low, m.end()))


_INTERJECTION = re.compile(INTERJECTION)
_TAKE_BACK = re.compile(TAKE_BACK)
DONT_PLAY = _words(
    r"(?:don'?t|do\s+not|dont)\s+(?:play|send|make|submit)\s+(?:it|that|this|the\s+move)",
    r"(?:don'?t|do\s+not|dont)\s+play",
    r"ne\s+(?:le\s+|la\s+|les\s+|l')?jou(?:e|ez)\s+pas",
    r"non\s+(?:la\s+|lo\s+)?(?:giocar(?:la|lo|e)|giocate(?:la|lo)?|gioca(?:la|lo)?)",
    r"nicht\s+(?:spielen|ziehen|abschicken|senden|ausfuhren)",
)
"""Not to play it ("ne le jouez pas"); not said of a PREVIEW, which plays nothing."""
_DONT_PLAY = re.compile(DONT_PLAY)
HESITATION = _words(
    r"(?:not\s+yet|pas\s+encore|non\s+ancora|noch\s+nicht)(?=\s*(?:[,.!;:…)\-–—]|$))",
    r"(?:i'?m\s+|i\s+am\s+)?still\s+thinking",
    r"let\s+me\s+think",
    r"on\s+second\s+thoughts?",
    r"(?:i'?m\s+|i\s+am\s+)?not\s+(?:so\s+)?sure",
    r"je\s+(?:dois\s+)?(?:encore\s+)?reflechi(?:r|s)(?:\s+encore)?",
    r"a\s+la\s+reflexion",
    r"(?:je\s+ne\s+suis\s+)?pas\s+(?:tres\s+|si\s+)?sur",
    r"ci\s+(?:devo\s+)?(?:ancora\s+)?pens(?:o|are)(?:\s+ancora)?",
    r"ripensandoci",
    r"non\s+(?:ne\s+)?sono\s+(?:(?:tanto|piu|cosi)\s+)?sicur[oa]",
    r"ich\s+(?:muss\s+)?(?:noch\s+)?(?:uberlege|nachdenken|uberlegen)(?:\s+noch)?",
    r"(?:ich\s+bin\s+)?(?:mir\s+)?(?:doch\s+)?nicht\s+(?:so\s+)?sicher",
    r"if\s+(?:so|yes|that'?s\s+the\s+case)",
    r"si\s+oui",
    r"se\s+si(?=\s*(?:[,.!;:…)]|$))",  # "se sì", not "se si può"
    r"(?:wenn|falls)\s+ja",
)
"""The player has not decided, or leaves it to an answer ("je dois encore réfléchir", "If so
I'll play it"); not said of a PREVIEW, which is asked to help decide."""
_HESITATION = re.compile(HESITATION)
_LEGALITY = re.compile(
    r"legal|allowed|possible|valid|permis|autorise|valid[ao]|possibil|consentit|erlaubt|moglich"
    r"|gultig|zulassig|libre|libera|frei|free|open|ouvert|works|fits|geht|passt|marche|puo|peut"
    r"|gone|taken|pris|pres[ao]|belegt|occup"
    # someone taking the square first ("NEXT M13 R2 unless someone grabs it first", "à moins que
    # quelqu'un la prenne", "a meno che qualcuno non la prenda"; tenth round, as queued.py reads)
    r"|grab|nick|snag|steal|takes|prenne|prend|frega|nimmt|schnapp|klau"
)
_COMPARED = re.compile(
    r"(?i)(?:plut[oô]t\s+que|au\s+lieu\s+de|rather\s+than|instead\s+of|invece\s+d[i']|anzich[eé]"
    r"|piuttosto\s+che|(?<![\w])statt|anstatt)\s+[^.!?;\n]*"
)
"""What a correction is preferred to ("M13 R2 plutôt que R0"): not named as the move."""
_ELSE = re.compile(
    r"(?<![\w'])(?:sinon|altrimenti|sonst|otherwise|else|if\s+not|se\s+no|falls\s+nicht|wenn\s+nicht"
    r"|si\s+non|andernfalls)(?![\w'])"
)
_WHAT = re.compile(r"(?:what|ce\s+que|quello\s+che|was|cio\s+che)\s+$")
"""Before "I meant": a confirmation ("L10 R0 is what I meant"), not a correction left open."""
_DANGLING = re.compile(r"(?:or|ou|o|oder)\s|i\s+mean|je\s+veux|cioe|ich\s+meine")
"""The corrections that leave the new thing to follow ("M13 R2, or rather..."); "L10 R1 plutôt",
"L12 R0 instead" name it before."""
_BUT = re.compile(r"(?:but|mais|ma|aber)\s+$")
"""A question whether the move can be played (the service checks that itself)."""
LATER = _words(
    r"i'?ll\s+(?:write|mail|get\s+back|come\s+back|send\s+(?:it|the\s+move))"
    r"(?:\s+(?:again|later|tomorrow|back|to\s+you))?",
    r"je\s+vous\s+r(?:e|ee)?ecri(?:s|rai)",
    r"je\s+(?:vous\s+)?reecri(?:s|rai)",
    r"je\s+reviens\s+vers\s+vous",
    r"(?:vi|ti)\s+(?:ri)?scrivo(?:\s+(?:dopo|domani|piu\s+tardi))?",
    r"ich\s+(?:schreibe|melde\s+mich)(?:\s+(?:nochmal|noch\s+mal|spater|morgen|wieder))",
)
"""The move promised for a later mail ("Ne le jouez pas, je vous réécris"); not said of a
PREVIEW, whose real move does come later."""
_LATER = re.compile(LATER)
_CLAUSE_ENDS = r"(?=\s*(?:[.,!;)]|$))"
NOT_NEEDED = _words(
    r"no\s+need" + _CLAUSE_ENDS,
    r"(?:i\s+)?(?:don'?t|do\s+not)\s+need\s+(?:it|that|this)" + _CLAUSE_ENDS,
    r"pas\s+besoin" + _CLAUSE_ENDS,
    r"(?:je\s+)?n'en\s+ai\s+pas\s+besoin",
    r"non\s+(?:mi\s+|ci\s+)?serve(?:\s+piu)?" + _CLAUSE_ENDS,
    r"brauch(?:e)?\s+ich\s+(?:doch\s+)?nicht" + _CLAUSE_ENDS,
    r"nicht\s+(?:mehr\s+)?notig" + _CLAUSE_ENDS,
)
"""Said after a command that only shows something (PREVIEW, HISTORY): it is not wanted. Only
where the clause ends there, or its object is the thing just asked for ("no need", "I don't need
it"): "I don't need the rules" after BOARD is about another thing."""
_NOT_NEEDED = re.compile(NOT_NEEDED)
_RATHER = re.compile(RATHER)
_SOFT = re.compile(SOFT)
_CONDITION = re.compile(CONDITION)
_DONT_SEND = re.compile(
    _words(
        r"(?:don'?t|do\s+not|dont)\s+send(?:\s+(?:it|that|this))?",
        r"n'envoy(?:e|ez)\s+pas",
        r"ne\s+l'envoy(?:e|ez)\s+pas",
        r"non\s+(?:lo\s+|la\s+)?(?:mandar(?:lo|e)|mandate(?:lo)?|inviar(?:lo|e)|inviate(?:lo)?)",
        r"nicht\s+(?:abschicken|senden)",
        r"(?:schickt|schicken\s+sie)\s+(?:das|es)\s+nicht",
    )
)
"""What takes back a SAY on its own line (its message may say "no" or "wait" to the others)."""
_TOKEN = re.compile(r"[\w'-]+")
_SENTENCE_END = re.compile(r"[.!?;](?:\s|$)|$")

SHOWS = frozenset(
    {"board", "help", "history", "games", "standings", "stats", "rules", "guide", "standing-show",
     "legal", "record"}
)  # fmt: skip
"""Commands that only show something: one taken back is left out of the reply, the rest stays."""

TAKEN_BACK = N_(
    "The words after this take it back, correct it into something not read, or put a condition on "
    "it, so nothing was carried out. Reply with only what you want done (for example the move "
    "alone on its line)."
)


def fold(text: str) -> str:
    """``text`` in lower case without accents, with straight apostrophes, of the same length
    (one character for one: the positions found in it are the positions in ``text``)."""
    out = []
    for ch in text.lower():
        if ch in "’‘`´":
            out.append("'")
            continue
        base = unicodedata.normalize("NFKD", ch)[:1] if ord(ch) > 127 else ch
        out.append(base if base else ch)
    return "".join(out)


def _said(cmd: Command, notation: Callable[[object], str] | None) -> list[str]:
    """The words of what the reading took for ``cmd`` (its move's notation, its argument), folded."""
    text = ""
    if cmd.kind == "action":
        text = cmd.read_as
        if not text and notation is not None and cmd.action is not None:
            try:
                text = notation(cmd.action)
            except Exception:  # noqa: BLE001  (a game's notation of its own action; never fails in practice)
                text = ""
        text = text or cmd.line
        text = " ".join([text, *cmd.plan])
    else:
        text = cmd.arg
    return [w for t in _TOKEN.findall(fold(text)) for w in re.split(r"[-_]", t) if w]


_COMPASS = {
    **dict.fromkeys(("north", "nord", "norden", "nordwarts"), "n"),
    **dict.fromkeys(("south", "sud", "suden", "sudwarts"), "s"),
    **dict.fromkeys(("east", "est", "osten", "ost", "ostwarts"), "e"),
    **dict.fromkeys(("west", "ouest", "ovest", "westen", "westwarts"), "w"),
}
"""The compass in words (folded), as the notation's letters."""


def _codes(text: str, said: Sequence[str]) -> list[tuple[int, str]]:
    """The words of ``text`` that name a move or an argument, with where they end: with a digit,
    a one-letter compass word in capitals or the compass in words, a piece's two capitals, or a
    word of what was read."""
    out = []
    low = set(said)
    slides = bool(low & {"n", "e", "s", "w"})  # a slide in words ("sud puis ouest")
    for m in _TOKEN.finditer(text):
        t = m.group()
        f = fold(t)
        f = f.rsplit("'", 1)[-1] if f.rsplit("'", 1)[-1] in _COMPASS else f  # "vers l'est"
        if f in _COMPASS and slides:
            out.append((m.start(), _COMPASS[f]))
        elif (
            any(c.isdigit() for c in t)
            or t in ("N", "E", "S", "W")
            or (len(t) == 2 and t.isupper() and t.isalpha() and t not in ("OK", "PS"))
            or (f in low and len(f) > 1)
        ):
            out.append((m.start(), f))
    return out


class _Tail:
    """The words after a command, read once: where each word naming something is, and where each
    sentence ends (every marker is then judged in time independent of the tail's length)."""

    def __init__(self, text: str, said: Sequence[str], kind: str = "action") -> None:
        self.text = text
        self.low = fold(text)
        self.said = list(said)
        self.said_set = set(said)
        legal = _LEGALITY.search(self.low)
        self.first_legality = legal.start() if legal is not None else len(self.low) + 1
        self.last_else = max((e.start() for e in _ELSE.finditer(self.low)), default=-1)
        codes = _codes(_COMPARED.sub(lambda m: " " * len(m.group()), text), said)
        known = _command_words()
        self.others = [
            m.start() for m in _CAPS.finditer(text) if _other_command(m.group(), kind, known)
        ]
        self.starts = [at for at, _c in codes]
        self.codes = [c for _at, c in codes]
        self.ends = [m.start() for m in _SENTENCE_END.finditer(self.low)]
        stripped = self.low.rstrip(" ,.:;!?…-–—\n")
        self.last_word = len(stripped) - 1
        self.last_new = max(
            (k for k, c in enumerate(self.codes) if c not in self.said_set), default=-1
        )

    def after(self, at: int) -> int:
        """How many words naming something follow position ``at``."""
        return len(self.codes) - bisect.bisect_left(self.starts, at)

    def new_after(self, at: int) -> bool:
        """Is something named after position ``at`` that the reading did not take ("Sorry
        North!" names nothing new; "Pardon, P12 R3" does)?"""
        return self.last_new >= bisect.bisect_left(self.starts, at)

    def accounted(self, at: int) -> bool:
        """Does what was read end as the words after ``at`` name it (the correction after the
        take-back is what the reading took: "M13 R1... non attendez, M13 R2" read as M13 R2)?"""
        n, said = self.after(at), self.said
        if not n or not said or (self.others and self.others[-1] >= at):
            return False  # "M13 R1 - nein warte, erst VORSCHAU M13 R1": another command named
        if n <= len(said):
            return said[-n:] == self.codes[-n:]
        return self.codes[-len(said) :] == said  # named whole, then words ("M13 R2, merci")

    def sentence_end(self, at: int) -> int:
        """Where the sentence holding position ``at`` ends."""
        k = bisect.bisect_left(self.ends, at)
        return self.ends[k] if k < len(self.ends) else len(self.low)


def takes_back(
    tail: str,
    said: Sequence[str],
    kind: str = "action",
    same: Callable[[str], bool] | None = None,
    plan: bool = False,
) -> bool:
    """Do the words ``tail`` (written after a command of ``kind``, as written) take it back?
    ``said``: the words (folded) of what the reading took for the command (its move's notation,
    its argument). ``same(text)``: is ``text`` the command read, in other words (a correction the
    field reader took: "Non attendez, le manteau jaune")?"""
    t = _Tail(tail, said, kind)
    tries = [3]

    def settled(at: int) -> bool:
        if t.accounted(at):
            return True
        if same is None or not tries[0] or (t.others and t.others[-1] >= at):
            return False
        tries[0] -= 1
        said_next = tail[at : t.sentence_end(at)].strip(" ,.:;!?…-–—")
        return 0 < len(said_next) <= 80 and same(said_next)

    low = t.low
    if kind == "say":
        return _DONT_SEND.search(low) is not None
    if (kind == "preview" or kind in SHOWS) and _NOT_NEEDED.search(low):
        return True
    long_said = {w for w in said if len(w) > 2}
    pats = [_TAKE_BACK, _NO, _INTERJECTION]
    shows = kind == "preview" or kind in SHOWS
    pats += [] if shows else [_LATER, _HESITATION, _DONT_PLAY]
    for pat in pats:
        for m in pat.finditer(low):
            if pat is _INTERJECTION and not _alone(low, m):
                continue
            if pat is _NO and _BUT.search(low, max(0, m.start() - 8), m.start()):
                continue  # "(Was tempted by BY but no.)": the other one declined
            if kind != "action" and tail[m.start() : m.end()].isupper():
                continue  # a word of the command itself ("PROPONI ANNULLA")
            if pat is _HESITATION and t.first_legality < m.start():
                continue  # "Is P11 R3 legal? If so that's my move"
            if pat is _HESITATION and t.after(m.end()) and t.last_else >= m.end():
                continue  # "If so M13 R0, if not O9 R1": the reading's fallback
            if long_said and set(_TOKEN.findall(m.group())) & long_said:
                return True  # the take-back read into the command ("BK E; back E S")
            if not settled(m.end()):
                return True
    for m in _RATHER.finditer(low):
        if t.new_after(m.end()):
            if not settled(m.end()):
                return True
        elif (
            _DANGLING.match(m.group())
            and t.last_word < m.end()
            and not _WHAT.search(low, max(0, m.start() - 16), m.start())
        ):
            return True  # "M13 R2, or rather..." and nothing after (not "L10 R1 plutôt !")
    for m in _SOFT.finditer(low):
        if t.new_after(m.end()) and not settled(m.end()):
            return True
    if (kind != "action" and kind != "next") or plan:
        return False  # a PREVIEW's condition; a plan's ("if I get another move")
    end = t.sentence_end(0)
    cond = _first_condition(_CONDITION if kind == "action" else _UNLESS, low, 0, end)
    # "Je crois, si c'est le jaune."; not a fallback the reading took ("M13 R2, a meno che ...
    # (in quel caso P10 R0)") nor a question of legality ("si c'est encore libre")
    return (
        cond is not None
        and (kind == "next" or not t.after(cond.end()))
        and not _LEGALITY.search(low, cond.end(), end)
    )


_UNLESS = re.compile(
    _words(r"unless", r"sauf\s+si", r"a\s+moins\s+que", r"a\s+meno\s+che", r"es\s+sei\s+denn")
)
"""The conditions a queued move (itself conditional on the position) cannot carry."""


def _first_condition(
    pattern: re.Pattern[str], low: str, start: int, end: int
) -> re.Match[str] | None:
    """The first condition word of ``low[start:end]``; French "si" is no condition in an Italian
    reply, where it is the reflexive pronoun ("KB verso sud (si scrive così?)")."""
    for m in pattern.finditer(low, start, end):
        if m.group() == "si" and current() == "it":
            continue
        return m
    return None


def conditional(line: str) -> bool:
    """Does ``line``, a decision read in other words ("Je crois, si c'est le jaune", "Behalten,
    außer der Drache ..."), put a condition after its first words (not one it starts with: "Si RK
    n'était pas coincé ..., je change pour BY")?"""
    low = fold(line)
    cut = low.find(",")
    if cut <= 0:
        return False
    end = _SENTENCE_END.search(low, cut).start()  # type: ignore[union-attr]
    cond = _first_condition(_CONDITION, low, cut, end)
    return (
        cond is not None
        and not _codes(line[cond.end() : end], [])
        and not _LEGALITY.search(low, cond.end(), end)
    )


_CAPS = re.compile(r"(?<![\w'])[^\W\d_a-z]{4,}(?![\w'])")


def _command_words() -> frozenset[str]:
    from pbem.commands.vocabulary import vocabulary

    try:
        return vocabulary().all_words()
    except RuntimeError:  # no command registered (the grammar read alone)
        return frozenset()


def _other_command(word: str, kind: str, known: frozenset[str]) -> bool:
    """Is ``word`` (in capitals) the word of a command other than one of ``kind``?"""
    from pbem.commands.vocabulary import fold_word, vocabulary

    if fold_word(word) not in known:
        return False
    return vocabulary().english(word).lower() != kind


def _first_command_word(line: str) -> list[str]:
    """The first word of ``line`` that is a command's word (folded), or none."""
    from pbem.commands.vocabulary import fold_word

    known = _command_words()
    for m in _TOKEN.finditer(line):
        if fold_word(m.group()) in known:
            return [fold(m.group())]
    return []


def _start(line: str, said: list[str], cmd: Command) -> int:
    """Where in ``line`` the command has been said: after the first word of what was read, or
    after the command's first word; -1 when neither is found."""
    low = fold(line)
    first = [] if cmd.kind == "action" else _first_command_word(line)
    for word in [*said[:1], *first]:
        m = re.search(_B + re.escape(word) + _E, low)
        if m is not None:
            return m.end()
    return -1


_MARKS = (_TAKE_BACK, _NO, _SOFT, _RATHER)


def _replaced(out: Reading, lines: Sequence[str], placed: list[tuple[int, int, Command]]) -> None:
    """A command followed, on a later line, by one of the same kind after a take-back or a
    correction ("PROCHAIN KB S" / "non attendez, PROCHAIN RB N"): the later one is the one meant,
    the first is left out."""
    order = sorted(placed, key=lambda p: (p[0], p[1]))
    for (at1, _n1, c1), (at2, _n2, c2) in zip(order, order[1:], strict=False):
        if at1 == at2 or c1.kind != c2.kind or c1.kind in ("action", "say"):
            continue
        said = _said(c1, None)
        start = max(_start(lines[at1], said, c1), 0)
        lead = lines[at2]
        cut = fold(lead).rfind(fold(c2.arg)) if c2.arg else -1
        between = " \n".join([lines[at1][start:], *lines[at1 + 1 : at2], lead[: max(cut, 0)]])
        low = fold(between)
        marked = any(p.search(low) for p in _MARKS) or _INTERJECTION.search(low) is not None
        if marked and c1 in out.commands:
            out.commands.remove(c1)
            out.ignored.append(c1.line)


def _same(
    cmd: Command,
    parse_action: Callable[[str], object] | None,
    notation: Callable[[object], str] | None,
    spell: Callable[[str], str] | None,
) -> Callable[[str], bool] | None:
    """For a move read: does a text parse as that same move (as written, or spelled)?"""
    if cmd.kind != "action" or parse_action is None or cmd.plan:
        return None
    act = cmd.action

    def same(text: str) -> bool:
        for form in (text, spell(text) if spell is not None else text):
            try:
                got = parse_action(form)
            except RuleError:  # not that move
                continue
            if got == act or (notation is not None and notation(got) == notation(act)):
                return True
        return False

    return same


def _subject_taken_back(
    out: Reading, lines: Sequence[str], notation: Callable[[object], str] | None
) -> None:
    """A command read from the Subject (the body held none) whose body says otherwise ("Sorry,
    the subject is wrong: M13 R2"): asked back."""
    subj = [c for c in out.commands if c.from_subject and c.kind not in SHOWS]
    body = " \n".join(x for x in lines if x.strip())
    if subj and body and takes_back(body, _said(subj[-1], notation), subj[-1].kind):
        out.errors.append((subj[-1].line, CommandError(_(TAKEN_BACK))))


def guard(
    out: Reading,
    lines: Sequence[str],
    where: dict[int, int],
    notation: Callable[[object], str] | None,
    parse_action: Callable[[str], object] | None,
    spell: Callable[[str], str] | None,
) -> None:
    """Stop the reply when the words after its last command take that command back (see the
    module): the commands stay unread and the reply is asked back. A command that only shows
    something (HISTORY, BOARD) taken back is left out, the rest stays. ``lines``: the reply's lines
    as read, ``where`` the line of each command; the game's ``parse_action``, ``notation`` and
    ``spell`` (:func:`pbem.commands.grammar.read_commands`) tell a correction the reading took."""
    spelled = [spell(x) for x in lines] if spell is not None else lines
    placed = [(where[id(c)], n, c) for n, c in enumerate(out.commands) if id(c) in where]
    if not placed:
        _subject_taken_back(out, lines, notation)
        return
    _replaced(out, lines, placed)
    placed = [p for p in placed if p[2] in out.commands]
    at = max(i for i, _n, _c in placed)
    last = [c for i, _n, c in placed if i == at]
    cmd = last[-1]
    said = _said(cmd, notation)
    line = (spelled if cmd.kind == "action" and len(spelled) == len(lines) else lines)[at]
    start = _start(line, said, cmd)
    if start < 0:
        start = len(line)  # read in other words ("je doute"): only the words below count
        if cmd.kind == "action" and not cmd.plan and conditional(line):
            out.errors.append((cmd.line, CommandError(_(TAKEN_BACK))))
            return
    if cmd.kind == "action" and _denied(line, said):
        out.errors.append((cmd.line, CommandError(_(TAKEN_BACK))))
        return
    tail = line[start:]
    src = spelled if cmd.kind == "action" and len(spelled) == len(lines) else lines
    later = [x for x in src[at + 1 :] if x.strip()]
    text = " \n".join([tail, *later]) if later else tail
    if cmd.kind == "say":
        text = " \n".join([line, *later])
    same = _same(cmd, parse_action, notation, spell)
    if not takes_back(text, said, cmd.kind, same, bool(cmd.plan)):
        return
    if cmd.kind in SHOWS:
        for c in last:
            if c.kind in SHOWS and c in out.commands:
                out.commands.remove(c)
                out.ignored.append(c.line)
        return
    out.errors.append((cmd.line, CommandError(_(TAKEN_BACK))))


_DENIED_BEFORE = re.compile(
    r"(?:^|[\s(])(?<!if\s)(?<!se\s)(?<!si\s)(?<!wenn\s)(?<!falls\s)(?<!or\s)(?<!ou\s)(?<!o\s)"
    r"(?<!oder\s)(?:not|nicht|pas|non|no|kein|keinen|ni|ne|weder|neither|nor)\s*$"
)


def _denied(line: str, said: Sequence[str]) -> bool:
    """Is the move read written right after a word that denies it ("Nicht L12 R0 und nicht M8
    R1", "Not L12 R0 and not M8 R1", "Pas L12 R0 ni M8 R1")? Not a fallback ("if not N9 R2", "se
    no N9 R2", "or not"). A move denied is never the one
    played, whatever else the line says: the reply is asked back. Only the move's whole
    notation counts ("Pas L10 R0 mais L10 R2" reads L10 R2, which no word denies)."""
    if not said:
        return False
    low = fold(line)
    whole = re.compile(
        r"\b"
        + r"[\s,]*".join(re.escape(w) for w in said)
        + r"\b(?![\s,]*(?:[nsewo]|step|r\d)\b)"  # "nicht BR W N" denies another slide than BR W
    )
    return any(_DENIED_BEFORE.search(low[: m.start()]) for m in whole.finditer(low))


def request_taken_back(line: str, args: Sequence[str], later: Sequence[str], kind: str) -> bool:
    """Do the words after a fresh mail's request (``kind`` with ``args`` read from ``line``, then
    the ``later`` lines) take it back ("JOIN o-fc-3a9c... non attendez, o-fc-7k2p", "STANDBY
    forbidden-city. En fait oubliez, je suis trop occupé ce mois-ci")?"""
    said = [w for a in args for t in _TOKEN.findall(fold(a)) for w in re.split(r"[-_]", t) if w]
    low = fold(line)
    start = -1
    for a in args[-1:]:
        start = low.find(fold(a))
        if start >= 0:
            start += len(a)
    if start < 0:
        head = _TOKEN.search(low)
        start = head.end() if head is not None else 0
    text = " \n".join([line[start:], *(x for x in later if x.strip())])
    return takes_back(text, said, kind)
