"""What the player wrote this time: a reply's own lines, without the mail it answers.

:func:`command_lines` keeps only the player's lines of a decoded body. Two layers decide:

1. **The fingerprint of the answered mail** (:mod:`pbem.mail.fingerprint`), when the service still
   has it: every line that is the service's own text is dropped wherever it stands and however the
   client marked it (``>``, a header block in any language, an HTML blockquote or Outlook's
   ``divRplyFwdMsg`` flattened to text, or no marker at all). Below a quote marker whose original is
   the service's mail, the player's lines typed *inside* the original are kept.
2. **Quote shapes**, as data (``pbem/mail/data/quote_forms.toml``): ``>`` quoted lines, attribution
   lines ("On ... wrote:", "Am ... schrieb ...:", "... 写道：", Zoho's "---- On ... wrote ----",
   Lotus Notes' "... wrote on ...:"), Outlook-style header blocks in 18 languages, "Original
   Message" and forwarded-message separators (Foxmail's "------------------ Original
   ------------------" too), the ``-- `` signature separator and "Sent from my iPhone" lines.
   A company's legal disclaimer, a signature's phone and address lines and "think of the
   environment" lines are dropped wherever they stand (:mod:`pbem.mail.footer`).
   Without a fingerprint, a marker followed by an unquoted original cuts everything below it, and
   the service's own fixed sentences (an unmarked copy of one of its mails) cut from that mail's
   greeting on.

:func:`decode_flowed` undoes RFC 3676 ``format=flowed`` soft line breaks (with ``DelSp``).
:func:`is_courtesy` tells greetings, thanks and sign-offs (data: ``courtesy.toml``).

Pure: no I/O besides reading the package's data files once.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from pbem.i18n import current
from pbem.mail.fingerprint import Fingerprint, quoted_mask, words
from pbem.mail.footer import footer_mask

__all__ = [
    "READ_LIMIT",
    "command_lines",
    "decode_flowed",
    "correction_stands",
    "is_correction",
    "is_courtesy",
    "is_filler",
    "is_known_word",
    "normalize_line",
    "strip_please",
]

READ_LIMIT = 2000
"""Lines of a body looked at (far above any real reply; a safety limit on work, not a guard)."""

_DATA = Path(__file__).parent / "data"

# Characters that clients sprinkle into text and that must not defeat a comparison.
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad\u200e\u200f"), None)
_SPACES = dict.fromkeys(map(ord, "\u00a0\u202f\u2007\u2009\u3000\t"), " ")


_NORMAL = {**_INVISIBLE, **_SPACES}
"""Both tables in one (no character is in both)."""
_INVISIBLE_RUN = re.compile("[" + "".join(re.escape(chr(c)) for c in _INVISIBLE) + "]+")
_SPACE_SIGN = re.compile("[" + "".join(re.escape(chr(c)) for c in _SPACES) + "]")
"""The characters of each table, found by a pattern: a whole reply's text is normalized four
times faster than by ``str.translate`` with a dict (eighteenth round)."""


def normalize_line(line: str) -> str:
    """Drop zero-width characters, turn non-breaking spaces into spaces, strip the ends."""
    if line.isascii():  # of both tables only the tab is ASCII
        return line.replace("\t", " ").strip()
    return line.translate(_NORMAL).strip()


# ---------------------------------------------------------------------------------------------
# RFC 3676 format=flowed
# ---------------------------------------------------------------------------------------------


def decode_flowed(text: str, delsp: bool = False) -> str:
    """Join the soft line breaks of a ``format=flowed`` body (RFC 3676 section 4).

    A line ending in a space continues on the next line of the same quote depth; ``delsp`` removes
    that space (``DelSp=yes``). Space-stuffing is undone; the signature separator ``-- `` is never
    flowed; quote depth is kept as ``>`` marks.
    """
    out: list[str] = []
    para: list[str] = []
    para_depth = -1
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        depth = len(raw) - len(raw.lstrip(">"))
        body = raw[depth:]
        if body.startswith(" "):
            body = body[1:]  # space-stuffing (or the space after the quote marks)
        if para and depth != para_depth:
            out.append(">" * para_depth + (" " if para_depth else "") + "".join(para))
            para = []
        soft = body.endswith(" ") and body != "-- "
        if soft:
            para_depth = depth
            para.append(body[:-1] if delsp else body)
            continue
        if para:
            para.append(body)
            line = "".join(para)
            para = []
        else:
            line = body
        out.append(">" * depth + (" " if depth and line else "") + line)
    if para:
        out.append(">" * para_depth + (" " if para_depth else "") + "".join(para).rstrip())
    return "\n".join(out)


# ---------------------------------------------------------------------------------------------
# The quote shapes (data)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Forms:
    header_from: re.Pattern[str]
    header_field: re.Pattern[str]
    separator: re.Pattern[str]
    attribution: re.Pattern[str]
    address_colon: re.Pattern[str]
    loose_attribution: re.Pattern[str]
    sent_from: re.Pattern[str]
    service_opening: re.Pattern[str]
    service_closing: re.Pattern[str]
    service_marker: re.Pattern[str]
    courtesy: frozenset[str]
    filler: frozenset[str]
    deny: frozenset[str]
    harmless: tuple[tuple[str, ...], ...]


def _alternation(names: Sequence[str]) -> str:
    uniq = sorted({n.strip() for n in names if n.strip()}, key=len, reverse=True)
    return "|".join(re.escape(n) for n in uniq)


_SPOKEN_END = re.compile(
    r"(?i)(?<=\w)\s+(?P<mark>question\s+mark|point\s+d['’]interrogation|punto\s+(?:interrogativo|di\s+domanda)"
    r"|fragezeichen|exclamation\s+(?:mark|point)|point\s+d['’]exclamation|punto\s+esclamativo"
    r"|ausrufezeichen|full\s+stop|period|point|punto|punkt)(?![\w'’])(?P<tail>[^\d]{0,40}?)\s*$"
)
_SPOKEN_MARKS = {"question": "?", "interrogation": "?", "interrogativo": "?", "domanda": "?",
                 "fragezeichen": "?", "exclamation": "!", "esclamativo": "!", "ausrufezeichen": "!"}  # fmt: skip
_NOUN_BEFORE = """a an the this that my your his her our their no one good fine main match exact at on to
    trial waiting grace time long short same whole
    le la un une ce cet mon ton son notre votre du de au bon bel quel premier dernier en
    il lo uno questo quel quello mio tuo suo nostro vostro del al nel dal buon bel un primo
    der die das den dem des ein einen einem einer diesen diesem jeden wichtigen springende
    zum am vom beim von auf"""
_NOT_SPOKEN_AFTER = frozenset(_NOUN_BEFORE.split())
"""Words after which "point", "punto", "Punkt" or "period" is a noun ("you have a point", "il
punto", "der Punkt", "a trial period"), not the end of a dictated sentence."""


def spoken_punctuation(line: str) -> str:
    """A line dictated by voice with its punctuation spoken at its end ("History please question
    mark", "Plateau s'il vous plaît point", "Statistiche per favore punto interrogativo",
    "Urlaub eine Woche Punkt"; issue 31, ninth round): the mark written. The plain stop words
    ("point", "punto", "Punkt", "period", "full stop") only after a word that is no article or
    determiner ("you have a point" stays). Courtesy may follow the mark ("Vacation seven days
    period thanks", "Urlaub drei Tage Punkt danke"; tenth round)."""
    m = next(
        (
            m
            for m in reversed(list(_SPOKEN_END.finditer(line)))
            if not m["tail"].strip() or is_courtesy(m["tail"])
        ),
        None,
    )
    if m is None:
        return line
    tail = m["tail"].strip()
    mark = m["mark"].casefold().split()
    written = next((_SPOKEN_MARKS[w] for w in mark if w in _SPOKEN_MARKS), ".")
    if written == "." and len(mark) == 1:
        before = line[: m.start()].split()
        if len(before) < 2 or before[-1].casefold().strip(".,;:!?") in _NOT_SPOKEN_AFTER:
            return line
    return line[: m.start()] + written + (" " + tail if tail else "")


def _footer(forms: _Forms, line: str) -> bool:
    """Is ``line`` a client's footer ("Sent from my iPhone", "Von meinem Samsung Galaxy
    gesendet")? Not a sentence of the player's that starts the same way ("Sent from my phone so
    can't see the picture properly, could you resend the board as text?"; ninth round): a footer
    asks nothing and is short, unless it carries its link."""
    if not forms.sent_from.match(line) or "?" in line:
        return False
    return len(line) <= 80 or "http" in line or "<" in line


@functools.cache
def _forms() -> _Forms:
    q = tomllib.loads((_DATA / "quote_forms.toml").read_text("utf-8"))
    c = tomllib.loads((_DATA / "courtesy.toml").read_text("utf-8"))
    hb = q["header_block"]
    field = r"^[*\s]*({names})[*\s]*[:：]"
    header_from = re.compile(field.format(names=_alternation(hb["from"])) + r"\**(\s|$)", re.I)
    header_field = re.compile(
        field.format(names=_alternation([*hb["from"], *hb["other"]])) + r"\**(\s|$)", re.I
    )
    sep = q["separators"]
    separator = re.compile(
        r"^(?:[-_=*\s]*[-_=]{2,}\s*(?:"
        + _alternation(sep["dashed"])
        + r")\s*:?\s*[-_=]{2,}[-_=*\s]*"
        r"|[*\s]*(?:" + _alternation(sep["line"]) + r")\s*[:：]?[*\s]*"
        r"|[-_=]{2,}\s*(?:" + _alternation(sep["dashed"]) + r")\s*:?)$",
        re.I,
    )
    attribution = re.compile("|".join(f"(?:{p})" for p in q["attribution"]["patterns"]), re.I)
    address_colon = re.compile(q["attribution"]["address_colon"], re.I)
    loose_attribution = re.compile("|".join(f"(?:{p})" for p in q["attribution"]["loose"]), re.I)
    sent_from = re.compile(
        "^(?:" + "|".join(f"(?:{p})" for p in q["sent_from"]["patterns"]) + ")$", re.I
    )
    svc = q["service"]
    service_opening = re.compile(svc["opening"])
    service_closing = re.compile(svc["closing"])
    service_marker = re.compile("|".join(f"(?:{p})" for p in svc["markers"]))
    courtesy = frozenset(w.casefold() for w in c["words"])
    filler = frozenset(
        w.casefold().replace("’", "'")
        for w in [*c["filler"], *(x for phrase in c["words"] for x in phrase.split())]
    )
    return _Forms(
        header_from,
        header_field,
        separator,
        attribution,
        address_colon,
        loose_attribution,
        sent_from,
        service_opening,
        service_closing,
        service_marker,
        courtesy,
        filler,
        frozenset(w.casefold().replace("’", "'") for w in c["deny"])
        | (frozenset(w.casefold().replace("’", "'") for w in c["deny_other"]) - filler),
        tuple(tuple(p.casefold().replace("’", "'").split()) for p in c["harmless"]),
    )


_DECORATION = re.compile(r"^[_\-=*~#.·•—–─━]{5,}$")
_DRAWING = re.compile(r"^[-+|:=_*~#.·•—–─━│┃┌┐└┘├┤┬┴┼\s]{3,}$")
"""A line of a drawing without a letter or a figure (a board's frame left by a client that
quotes without marks): nothing a player writes to be read (issue 31)."""
_PUNCT = re.compile(r"[^\w\s'’]+", re.UNICODE)


MAX_UNKNOWN_WORDS = 2
"""Words in no list of ``courtesy.toml`` that a sentence may hold around a move it is read as."""


def is_filler(words: Sequence[str]) -> bool:
    """May ``words`` stand around a move that is then read as the player's move?

    Yes when none of them is a word of doubt, negation, condition, the past or someone else's move
    (``deny`` in ``courtesy.toml``; also any possessive "Bob's" and "n't"), and at most
    :data:`MAX_UNKNOWN_WORDS` are in no list (filler, courtesy words, numbers and a final sign-off
    name do not count): "I'll play ... please", "Move: ... thanks, Bob", "... finally!" but not
    "I won't play ...", "Bob's ... was clever", "maybe ...".
    """
    forms = _forms()
    unknown = 0
    harmless = _harmless(words)
    for k, w in enumerate(words):
        folded = w.casefold().replace("’", "'").strip(".,;:!?-\"'()")
        if not folded or not any(ch.isalnum() for ch in folded) or folded.isdigit():
            continue
        if k in harmless:
            continue  # "pas terrible mais bon", "non rispondo fino a domani"
        if folded in forms.deny and k + 1 < len(words) and _wish(folded, words[k + 1]):
            continue  # "ich würde gerne", "I would like"
        if folded in forms.deny and _greeting_ends(words, k):
            continue  # "Guten Morgen zusammen, P10 R2", "M13 R1, à demain"
        if folded in forms.deny or _possessive(folded) or "nicht" in folded:
            return False
        if _third_person(words, k):
            return False  # "Paul joue L9 R0", "Il pose L9 R0": someone else's move
        if folded in forms.filler:
            continue
        if k == len(words) - 1 and k > 0 and w[:1].isupper() and w.strip(".,!").isalpha():
            continue  # a sign-off name: "Thanks, Bob"
        unknown += 1
    return unknown <= MAX_UNKNOWN_WORDS


def _greeting_ends(words: Sequence[str], k: int) -> bool:
    """Does ``words[k]`` end a greeting or sign-off of ``courtesy.toml`` said with the words
    before it ("Guten Morgen", "à demain", "bis morgen": no "tomorrow" of a move; issue 31,
    twelfth round)?"""
    said = [
        w.casefold().replace("’", "'").strip(".,;:!?-\"'()") for w in words[max(0, k - 2) : k + 1]
    ]
    if said[-1] not in _TOMORROW:
        return False  # ("well played": a verdict on someone's move, never a greeting's word)
    return any(" ".join(said[j:]) in _forms().courtesy for j in range(len(said) - 1))


_TOMORROW = frozenset({"morgen", "demain", "domani", "tomorrow"})
"""The deny words a greeting or a sign-off may end with ("Guten Morgen", "à demain")."""


_SAME_AS_THIRD = frozenset({"joue", "pose", "place", "met", "mets", "choisit", "prend"})
"""French verbs of a move whose first person is also the third ("je joue", "il joue")."""
_THIRD_ONLY = frozenset(
    {"mette", "posa", "piazza", "colloca", "sceglie", "prende", "muove", "sposta", "gioca",
     "spielt", "legt", "setzt", "nimmt", "zieht", "schiebt", "plays", "puts", "places", "takes",
     "moves", "slides", "pushes"}
)  # fmt: skip
"""Verbs of a move in the third person only (Italian, German, English): after a name or "he",
"she", someone else's move ("Luca mette N13 R1" was played for the writer; nineteenth round)."""
_HE_OR_SHE = frozenset({"lui", "lei", "er", "sie", "he", "she", "il", "elle"})


def _third_person(words: Sequence[str], k: int) -> bool:
    """Is ``words[k]`` the subject of a French verb of :data:`_SAME_AS_THIRD` that is not the
    writer: "il" or a name (a capitalised word in no list of ``courtesy.toml``) right
    before the verb ("Paul joue L9 R0", "Bon ben il joue L9 R0"; issue 31)?"""
    if k + 1 < len(words) and words[k + 1].casefold().strip(".,;:!?") in _THIRD_ONLY:
        w = words[k].strip("\"'()")
        if w.casefold() in _HE_OR_SHE:
            return True  # "lui mette N13 R1", "er zieht RB N"
        return w[:1].isupper() and w.isalpha() and w.casefold() not in _forms().filler
        # (a name with a comma after it is called, not the subject: "Luca, posa N13 R1")
    if k + 1 >= len(words) or words[k + 1].casefold() not in _SAME_AS_THIRD:
        return False
    w = words[k].strip(".,;:!?-\"'()")
    if w.casefold() == "il":  # (not "on": "On joue P12 R0" is the writer's own)
        return True
    return w[:1].isupper() and w.isalpha() and w.casefold() not in _forms().filler


def denies(words: Sequence[str]) -> bool:
    """Does any of ``words`` deny, doubt or put in the past (``deny`` in ``courtesy.toml``, a
    possessive, "n't", "nicht")? What :func:`is_filler` refuses whatever the count of unknown
    words: the test of a lead-in before a colon ("Après mûre réflexion : N13 R0"; issue 31)."""
    forms = _forms()
    harmless = _harmless(words)
    for k, w in enumerate(words):
        folded = w.casefold().replace("’", "'").strip(".,;:!?-\"'()")
        if k in harmless:
            continue
        if folded in forms.deny and k + 1 < len(words) and _wish(folded, words[k + 1]):
            continue
        if folded in forms.deny and _greeting_ends(words, k):
            continue
        if folded in forms.deny or _possessive(folded) or "nicht" in folded:
            return True
    return False


def without_harmless(words: Sequence[str]) -> list[str]:
    """``words`` without those inside a phrase of ``harmless`` (:func:`_harmless`): what may
    deny or doubt around a move ("L11 R1, no comment :)" leaves "L11 R1,")."""
    inside = _harmless(words)
    return [w for k, w in enumerate(words) if k not in inside]


def _harmless(words: Sequence[str]) -> frozenset[int]:
    """The places of ``words`` inside a phrase of ``harmless`` in ``courtesy.toml`` (a modest
    verdict on the player's own move, "pas terrible", "not pretty but it'll do", "besser als
    nichts"; the player away a while, "non rispondo fino a domani"): their deny words deny nothing
    of the move beside them (issue 31, fifteenth round). A phrase is matched whole, its words in
    order, and only where no sign parts its words ("pas, terrible" is no phrase)."""
    folded = [w.casefold().replace("’", "'") for w in words]
    bare = [w.strip(".,;:!?-\"'()") for w in folded]
    out: set[int] = set()
    starts = _harmless_starts()
    for k, first in enumerate(bare):
        for phrase in starts.get(first, ()):
            n = len(phrase)
            if (
                k + n <= len(bare)
                and bare[k : k + n] == list(phrase)
                and folded[k].endswith(bare[k])  # no sign after a word but the last
                and all(folded[j] == bare[j] for j in range(k + 1, k + n - 1))
                and folded[k + n - 1].startswith(bare[k + n - 1])
            ):
                out.update(range(k, k + n))
    return frozenset(out)


@functools.cache
def _harmless_starts() -> dict[str, tuple[tuple[str, ...], ...]]:
    """The phrases of ``harmless`` by their first word: :func:`_harmless` tries at each word only
    those starting with it (eighteenth round: each of the hundred phrases at each word before)."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for phrase in _forms().harmless:
        if phrase:  # (an empty one matches nowhere)
            out.setdefault(phrase[0], []).append(tuple(phrase))
    return {first: tuple(phrases) for first, phrases in out.items()}


_CONTRACTED = frozenset({"let's", "lets", "it's", "here's", "that's", "there's", "geht's", "ist's",
                         "gibt's", "wie's", "so's"})  # fmt: skip


def _possessive(folded: str) -> bool:
    """ "Bob's", "won't" (someone else's move, a negation); not "let's", "Los geht's"."""
    if folded.endswith("n't"):
        return True
    return folded.endswith("'s") and folded not in _CONTRACTED and folded not in _forms().filler


@functools.cache
def _wishes() -> frozenset[tuple[str, str]]:
    c = tomllib.loads((_DATA / "courtesy.toml").read_text("utf-8"))
    return frozenset((a.casefold(), b.casefold()) for a, b in c["wish"])


def _wish(word: str, nxt: str) -> bool:
    return (word, nxt.casefold().strip(".,;:!?")) in _wishes()


def is_known_word(word: str) -> bool:
    """Is ``word`` in one of the lists of ``courtesy.toml`` (filler, courtesy or deny words)?"""
    forms = _forms()
    folded = word.casefold().replace("’", "'").strip(".,;:!?-\"'()")
    return folded in forms.filler or folded in forms.deny


@functools.lru_cache(maxsize=4096)  # a pure function of the text, asked again for the same lines
def is_courtesy(line: str) -> bool:
    """A greeting, thanks or sign-off ("Hi all, here goes:", "Thanks!", "Viele Grüße"), or a bare
    name ("Bob", "-- Alice", "A."): at most eight words starting with a word of ``courtesy.toml``,
    or one or two capitalised words without digits."""
    text = " ".join(_PUNCT.sub(" ", normalize_line(line)).split())
    if not text:
        return True
    folded = text.casefold()
    n = len(folded.split())
    if n <= 8:
        # A word of the list that is the whole text or its start before a space: one look-up
        # for each such start (``text`` has single spaces).
        said = _forms().courtesy
        if folded in said or any(folded[:k] in said for k, ch in enumerate(folded) if ch == " "):
            return True
    tokens = text.split()
    return n <= 2 and all(t[:1].isupper() and t.replace("'", "").isalpha() for t in tokens)


@dataclass(frozen=True)
class _Phrases:
    please: re.Pattern[str]
    correction: re.Pattern[str]
    second_thoughts: re.Pattern[str]


def _phrase_pattern(phrases: Sequence[str]) -> re.Pattern[str]:
    return re.compile(
        r"(?<![\w'’])(?:" + _alternation([p.casefold() for p in phrases]) + r")(?![\w'’])"
    )


@functools.cache
def _phrases() -> _Phrases:
    c = tomllib.loads((_DATA / "courtesy.toml").read_text("utf-8"))
    return _Phrases(
        _phrase_pattern(c["please"]),
        _phrase_pattern(c["correction"]),
        _phrase_pattern(c["second_thoughts"]),
    )


_EDGE_PUNCT = " \t.,;:!?¡¿…-–—()\"'«»“”„"


@functools.lru_cache(maxsize=4096)  # a pure function of the text, asked again for the same lines
def strip_please(text: str) -> str:
    """``text`` without courtesy at its ends ("s'il vous plaît", "please", "bitte", "per
    favore", data: ``please`` in ``courtesy.toml``) nor punctuation: what is left of "Help?",
    "Plateau s'il vous plaît!" or "Aiuto, per favore" after the command word is ``""``."""
    t = normalize_line(text).replace("’", "'").strip(_EDGE_PUNCT)
    pat = _phrases().please
    while t:
        folded = t.casefold()
        m = pat.match(folded)
        if m:
            t = t[m.end() :].strip(_EDGE_PUNCT)
            continue
        tail = None
        for m in pat.finditer(folded):
            if m.end() == len(folded):
                tail = m
        if tail is None:
            break
        t = t[: tail.start()].strip(_EDGE_PUNCT)
    return t


_NO = re.compile(
    r"^\W*(?:(?:ah+|oh+|euh+|eh|ach|äh|uh+|hm+)\W+)?(no+|non|nein|nee|nope|niet)\b", re.I
)
"""A leading "no" (in a correction, also one after an interjection: "Ah non pardon")."""
_SAID_NO = re.compile(r"(?:no+|non|nein|nee|nope|niet|nö|noe|nä|nah|nan|naan)", re.I)
"""A "no" beside a word of correction, also as it is said ("L10 R1 nö falsch L10 R2", "nan
pardon", "nah sorry"): dropped from what the correction leaves."""


def _said_no(word: str) -> bool:
    """:data:`_SAID_NO`, and the German "ne" ("L10 R1 ne falsch L10 R2"; in French "ne" is
    a negation: "pardon, ne pas jouer L10 R2")."""
    return bool(_SAID_NO.fullmatch(word)) or (word.casefold() == "ne" and current() == "de")


_NOT_WAITING = re.compile(
    r"(?:don't|do\s+not|no\s+need\s+to|never)\s+wait\b|\bn'(?:m')?attendez\s+pas\b"
    r"|\bne\s+m'attendez\s+pas\b|\bnon\s+(?:mi\s+)?aspettate\b|\bnon\s+aspettatemi\b"
    r"|\b(?:nicht|nie)\s+(?:auf\s+mich\s+)?warten\b|\bwartet\s+nicht\b"
)
"""A request not to wait for the player ("please don't wait on me", "ne m'attendez pas",
"non aspettatemi", "wartet nicht auf mich"): no "wait, I meant" (issue 31)."""


def is_correction(line: str) -> bool:
    """Does the line take back what came before ("non pardon", "sorry, I meant", "volevo dire",
    "Korrektur", or a line that starts with "no"/"non"/"nein"; data: ``correction`` in
    ``courtesy.toml``)?"""
    folded = said_line(line)
    ph = _phrases()
    return bool(
        ph.correction.search(folded) or ph.second_thoughts.search(folded) or _NO.match(folded)
    )


def said_line(line: str) -> str:
    """``line`` as the phrase lists are matched on: lower case, straight apostrophes, a request
    not to wait dropped ("don't wait for me" is no "wait": :data:`_NOT_WAITING`)."""
    return _NOT_WAITING.sub(" ", normalize_line(line).casefold().replace("’", "'"))


def corrected_rest(text: str, take_back: re.Pattern[str]) -> str | None:
    """``text`` without its words of correction, of ``take_back`` (the take-back words, owned by
    :mod:`pbem.commands.retraction`, which reads this as ``correction_rest``), second thoughts and
    "no", when it names a correction or a take-back ("ah non, finalement", "anzi no", "Moment,
    nicht", "actually no"); None when it names neither (second thoughts alone: "sinon ...
    plutôt"; issue 31)."""
    folded = normalize_line(text).casefold().replace("’", "'")
    ph = _phrases()
    no_then = ph.second_thoughts.search(folded) is not None and any(
        _NO.fullmatch(w.strip(".,;:!?-\"'()")) for w in folded.split()
    )  # "actually no", "no aspettate", "non en fait": a "no" with second thoughts
    if not (ph.correction.search(folded) or take_back.search(folded) or no_then):
        return None
    rest = ph.second_thoughts.sub(" ", take_back.sub(" ", ph.correction.sub(" ", folded)))
    return " ".join(w for w in rest.split() if not _said_no(w.strip(".,;:!?-\"'()")))


_SECOND = frozenset({"rather", "instead", "plutôt", "plutot", "invece", "piuttosto", "lieber"})
"""The second-thoughts words that are also words of doubt (``deny``): said with an apology, they
say which move stands."""


def correction_stands(words: Sequence[str], lead: Sequence[str] = ()) -> bool:
    """Do ``words`` (a line without the move it names) only say that the move is a correction
    ("non pardon", "no scusate, volevo dire", "sorry, I meant", "Entschuldigung, ich meinte")?
    A phrase of ``correction`` must be there, and besides it, words of ``second_thoughts`` and a
    leading "no", nothing that :func:`is_filler` would refuse (negation, doubt, the past...).
    ``lead``: words before a colon ("Zut, erreur de frappe : P10 R1"), where any word may stand
    but none that :func:`denies`."""
    pat = _phrases().correction
    if lead:
        head = " ".join(lead).casefold().replace("’", "'")
        if not pat.search(head) or denies(pat.sub(" ", head).split()):
            return correction_stands([*lead, *words])
        return not words or correction_stands(["sorry", *words])
    text = " ".join(words).casefold().replace("’", "'")
    if not pat.search(text):
        return False
    # With an apology, a word of second thoughts only says which move stands ("non pardon,
    # plutôt M13 R3", "no wait, sorry - O9 R2"; issue 31); alone, it asks back.
    rest = _phrases().second_thoughts.sub(" ", pat.sub(" ", text))
    rest = " ".join(w for w in rest.split() if w.strip(".,;:!?-\"'()") not in _SECOND)
    toks = [t for t in (w.strip(".,;:!?-\"'()") for w in rest.split()) if t]
    return is_filler([t for t in toks if not _NO.fullmatch(t)])  # "Ah non pardon", "no, sorry"


# ---------------------------------------------------------------------------------------------
# Reading a body
# ---------------------------------------------------------------------------------------------


def _is_quoted(line: str) -> bool:
    return line.startswith((">", "|>", "| "))


_OPENS_ATTRIBUTION = re.compile(r"(?:On|Le|Il|Am|El|Em|Op|Den|Dne|W dniu)\s")
"""The first word of an attribution in the common clients' languages ("On Thu, ... wrote:",
"Le jeu. ... a écrit :", "Il giorno ...", "Am Do., ..."): a long line of the player's own just
above one is not its first half (issue 31: an HTML-only mail has no blank line between)."""


def _attribution_span(lines: Sequence[str], i: int) -> int:
    """How many lines (1-3) starting at ``i`` form an attribution, or 0."""
    forms = _forms()
    joined = ""
    for span in range(1, 4):
        if i + span - 1 >= len(lines):
            return 0
        nxt = lines[i + span - 1]
        if not nxt or _is_quoted(nxt):
            return 0
        if span > 1 and len(lines[i + span - 2]) < 25:
            return 0  # only a long line was wrapped: "C4 R1" does not start an attribution
        if span > 1 and _OPENS_ATTRIBUTION.match(nxt) and _attribution_span(lines, i + span - 1):
            return 0  # the attribution starts on the next line: this one is the player's
        joined = f"{joined} {nxt}".strip()
        if len(joined) > 300:
            return 0
        core = joined.strip("-–— ").strip()
        if not core or (span == 1 and len(core) < 6):
            continue
        dashed = core != joined
        if (core.endswith((":", "：")) or dashed) and forms.attribution.search(core):
            return span  # (the cheap test first)
        if forms.address_colon.search(core) and len(words(core)) >= 3:
            return span
        if forms.loose_attribution.search(core):
            return span
    return 0


def _is_header_field(line: str) -> bool:
    return bool(_forms().header_field.match(line))


def _header_block_at(lines: Sequence[str], i: int) -> int:
    """The number of lines of an Outlook-style header block (From:/Sent:/To:/Subject: in some
    language) that starts at ``i``, or 0."""
    if not _forms().header_from.match(lines[i]):
        # GMX and web.de put the date first: "Gesendet: ...", then "Von: ...".
        if not _is_header_field(lines[i]):
            return 0
        nxt = _next_content(lines, i + 1)
        if nxt is None or nxt > i + 2 or not _forms().header_from.match(lines[nxt]):
            return 0
        n = _header_block_at(lines, nxt)
        return nxt - i + n if n else 0
    following = [ln for ln in lines[i + 1 : i + 7] if ln]
    if not any(_is_header_field(ln) for ln in following[:4]):
        return 0
    j = i + 1
    while j < len(lines) and (not lines[j] or _is_header_field(lines[j])):
        if not lines[j] and j + 1 < len(lines) and not _is_header_field(lines[j + 1]):
            break
        j += 1
    return j - i


def _next_content(lines: Sequence[str], i: int) -> int | None:
    for j in range(i, len(lines)):
        if lines[j]:
            return j
    return None


def _marker_span(lines: Sequence[str], i: int) -> tuple[str, int]:
    """("cut", n) for a separator or header block of n lines at ``i``; ("attribution", n) for an
    attribution of n lines; ("", 0) otherwise."""
    line = lines[i]
    if _forms().separator.match(line):
        nxt = _next_content(lines, i + 1)
        if nxt is not None and nxt <= i + 2:
            n = _header_block_at(lines, nxt) or _attribution_span(lines, nxt)
            if n:
                return "cut", nxt - i + n  # "-----Original Message-----" over its header block
        return "cut", 1
    n = _header_block_at(lines, i)
    if n:
        return "cut", n
    n = _attribution_span(lines, i)
    if n:
        return "attribution", n
    return "", 0


def _ours_below(lines: Sequence[str], mask: Sequence[bool], i: int) -> bool:
    """Is the original below line ``i`` mostly the service's own mail (by its fingerprint)?

    Only the original that this marker opens counts: it ends at the next marker of the player's
    (not the service's) lines. A mail the player forwards ("---------- Message transféré
    ---------", "Messaggio inoltrato", Outlook's "De : / Envoyé : / Objet :" block) above the
    quote of the service's mail is someone else's words even when the service's mail follows it
    (issue 31: "Joue N9 R2, c'est évident" from a relative is not the player's move). An
    original whose first line is the service's is the service's however short ("Avete scritto:"
    or an Outlook header block, one line of the service's mail, then the player's answer)."""
    seen = hits = 0
    for j in range(i, min(len(lines), i + 60)):
        if not lines[j] or _is_quoted(lines[j]) or not words(lines[j]):
            continue
        if j > i and not mask[j] and _marker_span(lines, j)[0]:
            break
        seen += 1
        hits += mask[j]
    return (hits >= 2 and hits * 2 >= seen) or (i < len(mask) and mask[i])


def _service_copy_end(lines: Sequence[str], i: int) -> int | None:
    """The closing line of an unmarked copy of a service mail that starts at ``i`` (one of its
    fixed sentences must come first), or None when what follows is not a service mail."""
    forms = _forms()
    seen_marker = False
    for j in range(i, len(lines)):
        line = lines[j].lstrip("> ")  # the copy may be quoted too
        if forms.service_closing.match(line):
            return j if seen_marker else None
        seen_marker = seen_marker or bool(forms.service_marker.match(line))
    return None


def _service_copy_start(lines: Sequence[str], out_idx: Sequence[int], i: int) -> int:
    """Where an unmarked copy of a service mail begins, given one of its fixed sentences at ``i``:
    its "Hello <name>," greeting when one is among the last 400 lines, else ``i``."""
    opening = _forms().service_opening
    for j in range(i - 1, max(-1, i - 400), -1):
        if lines[j] and opening.match(lines[j]):
            return j
    return i


_QUOTE_OPEN = re.compile('[«“„"]')
_QUOTED_SPAN = re.compile(
    r'«([^«»]{12,400})»|“([^“”]{12,400})”|„([^„“”]{12,400})[“”]|"([^"]{12,400})"'
)
"""A span in quotation marks inside a line ("Vous m'écrivez « À vous (mauve) : posez votre
tuile, par exemple M8 R1, P10 R0 »", 'Quoting your mail: "place your tile, e.g. M8 R1"')."""


def _without_quoted_service_text(line: str, fingerprint: Fingerprint) -> str:
    """``line`` without the spans in quotation marks that are the service's own text (by its
    fingerprint: six words or more, each in a trigram of the mail answered): the player quotes
    a sentence of the mail, with its example moves, inside a sentence of their own (issue 31).
    What the player wrote around it stays."""

    def drop(m: re.Match[str]) -> str:
        span = next(g for g in m.groups() if g is not None)
        return " … " if quoted_mask([span], fingerprint)[0] else m.group(0)

    return " ".join(_QUOTED_SPAN.sub(drop, line).split())


_CODE = re.compile(r"^(?=\w*\d)(?=\w*[^\W\d])\w+$")


def _kept_choice(lines: Sequence[str], mask: list[bool]) -> list[bool]:
    """``mask`` with the one line of our list the player kept unmasked: a short line of codes
    (a move: "P10 R1") that starts a copy of our text of two lines, the other a line of no code
    ("(insgesamt 42 erlaubte Züge.)": the player deleted the other examples above it; issue 31,
    :mod:`pbem.commands.copies`). A copy of more lines, or of two moves, stays ours."""
    out = list(mask)
    shown = [i for i, ln in enumerate(lines) if ln.strip()]
    for k, i in enumerate(shown):
        if not mask[i]:
            continue
        run = shown[k : k + 3]
        if (
            (k == 0 or not mask[shown[k - 1]])
            and len(run) >= 2
            and mask[run[1]]
            and (len(run) == 2 or not mask[run[2]])
        ):
            ws = lines[i].split()
            if (
                2 <= len(ws) <= 3
                and all(_CODE.match(w) for w in ws)
                and not any(_CODE.match(w) for w in re.findall(r"\w+", lines[run[1]]))
            ):
                out[i] = False
    return out


_MOVE_LINE = re.compile(
    r"(?i)^\s*(?:[a-p]\d{1,2}\s*,?\s*r\s?\d|[rybgk]{2}(?:\s+(?:[nsew]|step))*)\s*[.!]?\s*$"
)
"""A line that is one move and nothing else: a square and rotation ("P10 R1"), an official and
its directions ("kb s e")."""


def _typed_run(lines: Sequence[str], mask: list[bool]) -> list[bool]:
    """``mask`` with a move line unmasked when the line above it (blanks aside) is a move line
    the player typed: a turn written one move a line ("br w / kb s e / rb n") is the player's
    even where each line also stands in our mail's list of moves; masking all but the first
    played the first slide alone (issue 31, tenth round's hold-out). A copy of our list has our
    own words above it (its intro line, a quote), which end such a run."""
    out = list(mask)
    prev: int | None = None
    for i, ln in enumerate(lines):
        if not ln.strip():
            continue
        if (
            out[i]
            and prev is not None
            and not out[prev]
            and not _is_quoted(lines[prev])
            and _MOVE_LINE.match(lines[prev])
            and _MOVE_LINE.match(ln)
        ):
            out[i] = False
        prev = i
    return out


def _typed_plan(lines: Sequence[str], mask: list[bool]) -> list[bool]:
    """``mask`` with a whole turn typed on one line unmasked: moves joined by ";" ("BR W S; KB
    S E"), each of them one of our mail's examples, read as a run of our list's words by the
    fingerprint. Our mails list their moves one a line, never joined, so such a line standing
    apart from our unquoted text (the lines above and below it, blanks aside) is the player's
    (eleventh round: the demo's computer players, answering a turn whole, were told "no
    command"). So is one move alone on its line between the quoted lines of an inline answer
    (a quote above and below it, blanks aside: "> What to write back, e.g.: / > RB N E / RB N /
    > What happened": our mail's lines are quoted there; eighteenth round)."""
    out = list(mask)
    shown = [i for i, ln in enumerate(lines) if ln.strip()]
    for k, i in enumerate(shown):
        if not mask[i] or _is_quoted(lines[i]):
            continue
        if ";" not in lines[i]:
            around = shown[max(0, k - 1) : k] + shown[k + 1 : k + 2]
            if (
                _MOVE_LINE.match(lines[i])
                and len(around) == 2
                and all(_is_quoted(lines[j]) for j in around)
            ):
                out[i] = False  # "> e.g. RB N E" / "RB N" / "> What happened"
            continue
        parts = lines[i].split(";")
        if not all(_MOVE_LINE.match(p) for p in parts):
            continue
        near = shown[max(0, k - 1) : k] + shown[k + 1 : k + 2]
        if not any(mask[j] and not _is_quoted(lines[j]) for j in near):
            out[i] = False
    return out


def command_lines(
    text: str, max_lines: int | None = None, fingerprint: Fingerprint | None = None
) -> list[str]:
    """The lines the sender wrote this time, normalized, without quotes, signatures or blanks.

    ``fingerprint`` is that of the mail(s) the reply answers (:func:`pbem.mail.fingerprint.load_for`);
    see the module docstring for what each layer removes. Text below a ``>`` quote (bottom-posting)
    is kept. ``max_lines`` caps the result.
    """
    # Long on purpose: the reply reader's one pass over the lines: quote shapes, fingerprints, markers.
    raw_lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")[:READ_LIMIT]
    # normalize_line of each line, its tables applied to all of them at once
    kept = "\n".join(raw_lines)
    if kept.isascii():
        kept = kept.replace("\t", " ")
    else:  # kept.translate(_NORMAL)
        kept = _SPACE_SIGN.sub(" ", _INVISIBLE_RUN.sub("", kept))
    lines = [ln.strip() for ln in kept.split("\n")]
    mask = _typed_plan(
        lines, _typed_run(lines, _kept_choice(lines, quoted_mask(lines, fingerprint)))
    )
    footer = footer_mask(
        lines, [m or _is_quoted(ln) for m, ln in zip(mask, lines, strict=True)], is_courtesy
    )
    have_fp = bool(fingerprint)
    forms = _forms()
    out: list[str] = []
    out_idx: list[int] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line or mask[i] or _is_quoted(line) or footer[i]:
            i += 1
            continue
        if line == "--":
            nxt = _next_content(lines, i + 1)
            if have_fp and nxt is not None and mask[nxt]:
                i += 1  # the footer separator of the service's quoted mail
                continue
            break
        kind, span = _marker_span(lines, i)
        if kind:
            nxt = _next_content(lines, i + span)
            if (kind == "attribution" or have_fp) and (nxt is None or _is_quoted(lines[nxt])):
                i += span  # "On ... wrote:" above a > quote: bottom-posting may follow
                continue
            if have_fp and nxt is not None and _ours_below(lines, mask, nxt):
                i += span  # the service's mail is below: lines typed inside it are the player's
                continue
            end = None if have_fp else _service_copy_end(lines, i + span)
            if end is None:
                break
            i = end + 1  # an unmarked copy of a service mail, read past its closing line
            continue
        if not have_fp and forms.service_marker.match(line):
            # An unmarked copy of one of the service's mails, and no fingerprint to tell its
            # lines: everything from its greeting to its closing line is the service's.
            start = _service_copy_start(lines, out_idx, i)
            while out_idx and out_idx[-1] >= start:
                out_idx.pop()
                out.pop()
            end = next(
                (j for j in range(i, len(lines)) if forms.service_closing.match(lines[j])), None
            )
            if end is None:
                break
            i = end + 1
            continue
        if _footer(forms, line) or _DECORATION.match(line) or _DRAWING.match(line):
            i += 1
            continue
        if have_fp and fingerprint is not None and len(line) <= 2000 and _QUOTE_OPEN.search(line):
            line = _without_quoted_service_text(line, fingerprint)
            if not words(line):
                i += 1
                continue
        out.append(spoken_punctuation(line))
        out_idx.append(i)
        if max_lines is not None and len(out) >= max_lines:
            break
        i += 1
    return out


@functools.cache
def _service_subjects() -> re.Pattern[str]:
    q = tomllib.loads((_DATA / "quote_forms.toml").read_text("utf-8"))
    return re.compile("|".join(f"(?:{p})" for p in q["subjects"]["service"]), re.I)


_SERVICE_SUBJECT = re.compile(r"^\s*\[[a-z0-9][a-z0-9.-]{0,40}\]\s*(?:[^:\[\]]{1,60}:\s*)?", re.I)


def ours_answered(subject: str) -> bool:
    """Is ``subject`` a reply to one of the service's own mails ("Re: [pbem] JOIN o-fc-3a9c", the
    Subject of a "You are in" notice that kept the request's words)?"""
    from pbem.mail.fingerprint import strip_subject

    return _SERVICE_SUBJECT.match(strip_subject(subject, None)) is not None


def subject_text(subject: str, fingerprint: Fingerprint | None = None) -> str:
    """What the player wrote in a reply's Subject: reply prefixes ("Re:", "AW:", "回复:") and the
    answered mail's own subject removed (by its fingerprint; without one, the service's known
    subject forms), and nothing when what is left is only a greeting, sign-off or attribution.

    ``Re: [fc-7k3q] Forbidden City: your turn (move 12) M9 R1`` gives ``M9 R1``."""
    from pbem.mail.fingerprint import strip_subject

    text = strip_subject(subject, fingerprint)
    if not fingerprint:
        m = _SERVICE_SUBJECT.match(text)
        if m:
            rest = text[m.end() :]
            k = _service_subjects().match(rest)
            if k:
                rest = rest[k.end() :]
            text = rest.strip()
    text = normalize_line(text)
    if not text or is_courtesy(text) or _forms().attribution.search(text):
        return ""
    return text
