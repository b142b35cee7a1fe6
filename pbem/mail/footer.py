"""What a company or a client appends below a player's own words (issue 31): legal disclaimers,
"think of the environment" lines, and a signature's phone and postal-address lines.

:func:`footer_mask` tells, for the normalised lines of a reply, which of them are such a footer,
by the shapes of ``data/footers.toml``: a paragraph with the cues of a legal notice in any of
the four languages ("Ce message et ses pièces jointes sont confidentiels ... par erreur",
"AVVERTENZA: Le informazioni contenute in questa e-mail ... cancellarlo", "Diese E-Mail enthält
vertrauliche ... vernichten", "This email is confidential ... delete it"), a phone line ("Tél. :
+33 (0)1 44 55 66 77 | Mobile : ..."), an address ("18 avenue de la Grande Armée, 75017 Paris",
"Oxford Road, Manchester M13 9PL"). A word in them ("per errore", "delete") is not the player's
correction, and a postcode ("M13 9PL") is not a move.

Pure: no I/O besides reading the package's data file once.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = ["footer_mask", "is_contact_line", "is_disclaimer"]

_DATA = Path(__file__).parent / "data" / "footers.toml"
_STRONG = ("confidential", "legal")
"""The kinds of cue that make a legal notice with one other kind."""


@dataclass(frozen=True)
class _Shapes:
    min_words: int
    heading: re.Pattern[str]
    cues: tuple[tuple[str, re.Pattern[str]], ...]
    lines: re.Pattern[str]
    label: re.Pattern[str]
    street: re.Pattern[str]
    premises: re.Pattern[str]


def _words(names: Sequence[str]) -> str:
    return "|".join(sorted(names, key=len, reverse=True))


@functools.cache
def _shapes() -> _Shapes:
    d = tomllib.loads(_DATA.read_text("utf-8"))
    disc = d["disclaimer"]
    heading = re.compile(r"^[*_\s]*(?:" + _words(disc["heading"]) + r")[*_\s]*[:：.\-–—]", re.I)
    cues = tuple(
        (kind, re.compile(r"(?<![\w'])(?:" + "|".join(pats) + r")(?![\w])", re.I))
        for kind, pats in disc["cues"].items()
    )
    lines = re.compile("^(?:" + "|".join(f"(?:{p})" for p in d["lines"]["patterns"]) + ")$", re.I)
    label = re.compile(
        r"(?<![\w])(?:"
        + _words([re.escape(x) for x in d["contact"]["labels"]])
        + r")(?![^\W\d_])\.?\s*[:：]?",
        re.I,
    )
    street = re.compile(
        r"(?<![\w])(?:" + "|".join(re.escape(x) for x in d["contact"]["streets"]) + r")\.?(?![\w])",
        re.I,
    )
    premises = re.compile(
        r"^(?:" + "|".join(re.escape(x) for x in d["contact"]["premises"]) + r")\.?\s*[:n°#]*\s*"
        r"[A-Za-z]{0,3}-?\d[\w/.-]*(?:[\s,;–—|-]|$)",
        re.I,
    )
    return _Shapes(int(disc["min_words"]), heading, cues, lines, label, street, premises)


MAX_CONTACT_CHARS = 300
"""A signature's line is short: a longer one is never a contact line (no regex runs on it)."""
MAX_NOTICE_CHARS = 4000
"""A legal notice is a paragraph of at most this many characters (real ones: 200-2,500)."""
NOTICE_BUDGET = 40_000
"""Characters of paragraphs looked at for a legal notice, per reply: the work on a hostile body
of megabytes stays that of a few notices (a reply's notices are at its end, but its paragraphs are
looked at from the top; beyond the budget, none is a notice)."""
_DIGITS = re.compile(r"\d")
_NUMBER = re.compile(r"[\d()+][\d ().\-/]*")
_PHONE_CHARS = re.compile(r"^[\d\s()+./\-|•·,;–—]*$")
_WEB = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?:https?://|www\.)\S+", re.I)
_POSTCODE = re.compile(r"(?<![\w-])(?:[A-Z]{1,2}-)?\d{4,5}(?![\w-])\s*,?\s*[A-ZÀ-Ý][\w'’-]+")
"""A continental postcode and the town after it ("75017 Paris", "20122 Milano", "D-80331
München")."""
_UK_POSTCODE = re.compile(r"(?<![\w-])[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}(?![\w-])")
"""A British postcode ("M13 9PL", "SW1A 1AA"): whatever its first half, it is no square."""
_TOWN_WORD = re.compile(r"^(?:[A-ZÀ-Ý][\w'’.-]*|\d{1,5}[a-z]?|[A-Z]{1,2}-\d{4,5}|[,–—-])$")


def _plain(text: str) -> str:
    return text.replace("’", "'")


def _kinds(text: str, among: set[str] | None = None) -> set[str]:
    """The kinds of cue in ``text`` (only those of ``among``, when given)."""
    text = _plain(text)
    return {
        kind
        for kind, pat in _shapes().cues
        if (among is None or kind in among) and pat.search(text)
    }


def _qualifies(words: int, kinds: set[str], headed: bool) -> bool:
    if words < _shapes().min_words:
        return False
    if headed:
        return len(kinds) >= 1
    return len(kinds) >= 3 or (len(kinds) >= 2 and any(k in kinds for k in _STRONG))


def is_disclaimer(paragraph: str) -> bool:
    """Is ``paragraph`` (its lines joined) a company's legal notice? See ``data/footers.toml``."""
    headed = bool(_shapes().heading.match(_plain(paragraph)))
    return _qualifies(len(paragraph.split()), _kinds(paragraph), headed)


def _notice_start(lines: Sequence[str], para: Sequence[int]) -> int | None:
    """Where the legal notice at the end of the paragraph ``para`` (indices into ``lines``)
    starts, or None when the paragraph ends with none.

    The notice is the shortest end of the paragraph that is one (from a line with a cue or a
    heading), grown upwards over the lines whose sentence it continues (a wrapped line starting
    in lower case) and over a heading line ("AVVERTENZA", "DISCLAIMER:"). Never further: a line
    of the player's own right above it ("Non, M13 R3, supprimez l'autre") stays the player's,
    even in an HTML mail, whose paragraphs have no blank line between them. Linear: the kinds of
    cue are gathered per line (and per pair of lines, for a cue wrapped over the break)."""
    shapes = _shapes()
    if sum(len(lines[k].split()) for k in para) < shapes.min_words:
        return None  # too short for a notice, whatever its words
    # The kinds of cue in the whole paragraph: those of each of its lines and pairs of lines are
    # among them (a cue is searched with no anchor, a line break read as a space), so a paragraph
    # with none is no notice, and the lines are searched for these kinds only.
    among = _kinds(" ".join(lines[k] for k in para))
    if not among:
        return None
    kinds: set[str] = set()
    words = 0
    start = None
    for n in range(len(para) - 1, -1, -1):
        line = lines[para[n]]
        pair = line if n + 1 == len(para) else f"{line} {lines[para[n + 1]]}"
        own = _kinds(line, among)
        kinds |= _kinds(pair, among - kinds)
        words += len(line.split())
        headed = bool(shapes.heading.match(_plain(line)))
        if (own or headed) and _qualifies(words, kinds, headed):
            start = n
            break
    if start is None:
        return None
    while start > 0 and (
        lines[para[start]][:1].islower() or shapes.heading.match(_plain(lines[para[start - 1]]))
    ):
        start -= 1
    return para[start]


def _phone(line: str) -> bool:
    """Labels ("Tél. :", "Mobile", "T:"), phone numbers, web and e-mail addresses only, and a
    number of at least 8 digits written as a phone number: after a label, an international "+"
    or an area code in brackets (never a move, nor two dates "01.12.2026 - 14.12.2026"). One
    character class for what is left: no backtracking on long lines."""
    if len(line) > 160 or line[:1].isdigit() or len(_DIGITS.findall(line)) < 8:
        return False  # (taking labels and addresses off below leaves no more digits than this)
    rest = _shapes().label.sub(" ", _WEB.sub(" ", line))
    if not _PHONE_CHARS.match(rest):
        return False
    return any(len(_DIGITS.findall(n)) >= 8 for n in _NUMBER.findall(rest))


def _address(line: str) -> bool:
    words = line.split()
    if len(words) > 12:
        return False
    uk = _UK_POSTCODE.search(line)
    code = uk or _POSTCODE.search(line)
    if code is None:
        return False
    if _shapes().street.search(line):
        return True
    # a short line of a postcode and a town (and a country): "75017 Paris", "Manchester M13 9PL"
    rest = (line[: code.start()] + " " + line[code.end() :]).replace(",", " , ")
    return len(words) <= 6 and all(_TOWN_WORD.match(w) for w in rest.split())


@functools.lru_cache(maxsize=4096)  # a pure function of the line, asked again for the same lines
def is_contact_line(line: str) -> bool:
    """A signature's phone line, postal address or "think of the environment" line (never a
    line longer than :data:`MAX_CONTACT_CHARS`)."""
    if len(line) > MAX_CONTACT_CHARS:
        return False
    return bool(_shapes().lines.match(_plain(line))) or _phone(line) or _address(line)


def footer_mask(
    lines: Sequence[str], skip: Sequence[bool], signs: Callable[[str], bool] | None = None
) -> list[bool]:
    """For each of ``lines`` (normalised), is it a footer: a line of the legal notice that ends
    a paragraph (:func:`_notice_start`), a phone, address or environment line, or, below a line
    that ``signs`` (a sign-off or a name: :func:`pbem.mail.reply.is_courtesy`) in the same
    paragraph, a line naming a room or an office with its code ("Room L12, Schuster Building")?
    Lines where ``skip`` is true (quoted, the service's own) are never a footer and end a
    paragraph."""
    out = [False] * len(lines)
    para: list[int] = []
    shapes = _shapes()
    signed = False
    budget = NOTICE_BUDGET

    def close() -> None:
        nonlocal budget
        if not para:
            return
        size = sum(len(lines[k]) + 1 for k in para)
        if size <= min(MAX_NOTICE_CHARS, budget):
            budget -= size
            first = _notice_start(lines, para)
            if first is not None:
                for k in para:
                    out[k] = out[k] or k >= first
        para.clear()

    for k, line in enumerate(lines):
        if not line or skip[k]:
            if para:
                close()
            signed = False
            continue
        para.append(k)
        office = signed and len(line.split()) <= 10 and bool(shapes.premises.match(line))
        if office or is_contact_line(line):
            out[k] = True
        elif signs is not None and not signed and len(line) <= MAX_CONTACT_CHARS:
            signed = signs(line)
    close()
    return out
