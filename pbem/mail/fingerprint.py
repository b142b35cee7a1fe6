"""What the service sent, remembered compactly, so that a reply's copy of it is never read as commands.

A fingerprint is the set of the word trigrams of a sent mail (its text part, its HTML part flattened
to text, and its subject), each kept as a 32-bit hash keyed with the service's secret (a mail's
words include the player's private tile: without the key a file cannot be tested against guesses). Words are runs of letters and digits,
case-folded, so the comparison does not care about whitespace, line breaks, re-wrapping, ``>``
prefixes, punctuation, HTML flattening or how a client marks the quote. A turn mail gives about
300 distinct trigrams: a file of about 1 KB.

A reply line is the service's text when every word of it lies in a trigram of the fingerprint and
the line is *connected* to the quote: a trigram of the fingerprint crosses its first or last word
into the neighbouring words of the reply (blank lines do not count). So a move that the player
types above, below or inside the quoted mail is kept even when it is one of the examples the mail
showed (``M13 R1`` between "Hello Alice," and the end of the player's text forms trigrams that the
sent mail never had), while every line of the quote itself, wherever it stands, is dropped. A line
of six words or more wholly made of the mail's trigrams is dropped even when not connected.

Fingerprints are files under ``<data>/outbox/fingerprints/`` (directory 0700, files 0600), named by
a keyed hash of the sent Message-ID (which carries a reply token: never stored or logged in
clear).
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import compress
from pathlib import Path
from typing import cast

from pbem import layout

__all__ = [
    "Fingerprint",
    "fingerprint_of",
    "holds",
    "load",
    "load_for",
    "prune",
    "quoted_mask",
    "save",
    "save_bytes",
    "file_name",
    "strip_subject",
    "words",
]

VERSION = 3
"""Version 3 adds the trigrams of text a player made us quote (:attr:`Fingerprint.foreign`);
version 2's are read as having none."""
"""Version 2 mixes a trigram's word hashes with the interpreter's tuple hash (a C loop, about four
times the speed of version 1's arithmetic in Python); version 1 files are still read, and matched
with version 1's mixing."""
_PROBE = struct.pack(">Q", hash((1, 1 << 61, 3, 4)) & ((1 << 64) - 1))
"""How this interpreter mixes a fixed tuple: stored in every version 2 file, so that a file made
by an interpreter that mixes differently (another Python, a 32-bit build) is not matched against
hashes that cannot agree (it reads as no fingerprint: quote shapes decide)."""
_MAGIC = b"PBFP"
_BITS = 32
_MASK = (1 << _BITS) - 1
N = 3
"""Words per shingle."""
MIN_ISOLATED_WORDS = 6
"""A fully matching line of this many words is the service's text even when not connected."""
SHORT_LINE_WORDS = 3
"""A matching line of at most this many words needs a matching neighbour line too."""

_WORD = re.compile(r"\w+", re.UNICODE)
_QUOTE_PREFIX = re.compile(r"^(\s*(>|\|(?!\S*\|)))+")


def _may_be_quoted(line: str) -> bool:
    """Whether ``_QUOTE_PREFIX`` can match ``line``: it starts with a quote mark or whitespace."""
    c = line[:1]
    return bool(c) and (c in ">|" or c.isspace())


def words(line: str) -> list[str]:
    """The words of ``line``: runs of letters and digits, case-folded (``_`` splits too)."""
    return _WORD.findall(line.casefold().replace("_", " "))  # (\w+: never an empty word)


_K1, _K2, _K3 = 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9
_M64 = (1 << 64) - 1


class _Hasher:
    """Keyed hashes of words and trigrams. Each distinct word costs one keyed BLAKE2b; a trigram
    mixes its three word hashes, so without the service's secret nobody can test a guess against a
    fingerprint file (a player's private tile is in the words of their own mails)."""

    def __init__(self, key: bytes, version: int = VERSION) -> None:
        self.key = _subkey(key)
        self.version = version
        # One cache of word hashes per key for the whole process: the mails of a tick share most
        # of their words (the service's sentences, square names), each hashed once.
        cache = _WORD_HASHES.setdefault(self.key, {})
        if len(cache) > _WORD_CACHE_MAX:
            cache.clear()
        self.cache = cache

    def word(self, w: str) -> int:
        h = self.cache.get(w)
        if h is None:
            digest = hashlib.blake2b(w.encode(), key=self.key, digest_size=8).digest()
            h = self.cache[w] = int.from_bytes(digest, "big")
        return h

    def grams(self, stream: Sequence[str]) -> list[int]:
        """The hash of the trigram starting at each word of ``stream`` (len(stream) - 2 of them)."""
        got = list(map(self.cache.get, stream))  # each word's hash, None for a new word
        hs = (
            [self.word(w) if h is None else h for w, h in zip(stream, got, strict=True)]
            if None in got
            else cast(list[int], got)
        )
        if self.version >= 2:
            return list(map(_MASK.__and__, map(hash, zip(hs, hs[1:], hs[2:], strict=False))))
        shift, k1, k2, k3, m64 = 64 - _BITS, _K1, _K2, _K3, _M64
        # For each trigram: m = (a K1 + b K2 + c K3) mod 2^64; m ^= m >> 29; top bits of m K2.
        return [
            (((m := (a * k1 + b * k2 + c * k3) & m64) ^ (m >> 29)) * k2 & m64) >> shift
            for a, b, c in zip(hs, hs[1:], hs[2:], strict=False)
        ]

    def gram(self, gram: Sequence[str]) -> int:
        if len(gram) == N:
            return self.grams(gram)[0]
        if len(gram) > N:
            raise ValueError("one trigram at a time")
        if self.version >= 2:  # a stream shorter than a trigram: its length is in the tuple's
            return hash(tuple(self.word(w) for w in gram)) & _MASK
        mixed = 0  # a stream shorter than a trigram
        for w in gram:
            mixed = ((mixed ^ self.word(w)) * _K1) & _M64
        mixed ^= len(gram)
        mixed ^= mixed >> 29
        return (mixed * _K2 & _M64) >> (64 - _BITS)


_WORD_HASHES: dict[bytes, dict[str, int]] = {}
_WORD_CACHE_MAX = 50_000
"""Distinct words kept per key (a few MB at most; a tick's mails use a few thousand)."""


def _subkey(secret: bytes) -> bytes:
    return hashlib.blake2b(secret, digest_size=32, person=b"pbem-fprint").digest()


@dataclass(frozen=True)
class Fingerprint:
    """The trigram hashes of one or more sent mails, and the key they were made with (never
    stored: it is derived from the service's secret)."""

    grams: frozenset[int]
    key: bytes = b""
    version: int = VERSION
    """How the grams were mixed (:data:`VERSION`; 1 or 2 for an older file)."""
    foreign: frozenset[int] = frozenset()
    """The trigrams that hold a word of text a player made us send (a SAY relayed to the others):
    they are ours only inside a quote of our own text, never at its edge, so that nobody can
    write a SAY that makes another player's move below or above the quote read as quoted."""

    def __contains__(self, gram_hash: object) -> bool:
        return gram_hash in self.grams

    def __or__(self, other: Fingerprint) -> Fingerprint:
        if _mixing(other.version) != _mixing(self.version):
            return self  # mixed differently: the first (the mail answered) decides
        return Fingerprint(
            self.grams | other.grams,
            self.key,
            max(self.version, other.version),
            self.foreign | other.foreign,
        )

    def __bool__(self) -> bool:
        return bool(self.grams)

    def to_bytes(self) -> bytes:
        """``PBFP`` + version + (version 2 and 3: the interpreter's 8-byte probe) + count + the
        sorted 32-bit hashes (4 bytes each); version 3 then the count and hashes of
        :attr:`foreign`."""
        grams = sorted(self.grams)
        body = struct.pack(f">{len(grams)}I", *grams)
        probe = _PROBE if self.version >= 2 else b""
        out = _MAGIC + bytes([self.version]) + probe + struct.pack(">I", len(grams)) + body
        if self.version >= 3:
            foreign = sorted(self.foreign)
            out += struct.pack(f">I{len(foreign)}I", len(foreign), *foreign)
        return out

    @classmethod
    def from_bytes(cls, data: bytes, key: bytes = b"") -> Fingerprint | None:
        """The fingerprint in ``data``, or None when it is not one (of a version this reads, made
        by an interpreter that mixes as this one does)."""
        if len(data) < 9 or data[:4] != _MAGIC or data[4] not in (1, 2, 3):
            return None
        version, at = data[4], 5
        if version >= 2:
            if data[5:13] != _PROBE:
                return None
            at = 13
        if len(data) < at + 4:
            return None
        (count,) = struct.unpack(">I", data[at : at + 4])
        body = data[at + 4 :]
        foreign: frozenset[int] = frozenset()
        if version >= 3:
            end = 4 * count
            if len(body) < end + 4:
                return None
            (n_foreign,) = struct.unpack(">I", body[end : end + 4])
            rest = body[end + 4 :]
            if len(rest) != 4 * n_foreign:
                return None
            foreign = frozenset(struct.unpack(f">{n_foreign}I", rest))
            body = body[:end]
        if len(body) != 4 * count:
            return None
        return cls(frozenset(struct.unpack(f">{count}I", body)), key, version, foreign)


def _mixing(version: int) -> int:
    """How a version mixes a trigram's word hashes (3 mixes as 2)."""
    return min(version, 2)


def _foreign_marks(stream: Sequence[str], foreign: Sequence[Sequence[str]]) -> list[bool]:
    """For each word of ``stream``: does it belong to a run of words equal to one of the foreign
    texts' (wherever the mail wrapped or quoted it)?"""
    marks = [False] * len(stream)
    starts: dict[str, list[Sequence[str]]] = {}
    for fw in foreign:
        if fw:
            starts.setdefault(fw[0], []).append(fw)
    if not starts:
        return marks
    for i, w in enumerate(stream):
        for fw in starts.get(w, ()):
            if list(stream[i : i + len(fw)]) == list(fw):
                for k in range(i, i + len(fw)):
                    marks[k] = True
    return marks


def _stream_grams(
    texts: Iterable[str], hasher: _Hasher, foreign: Sequence[str] = ()
) -> tuple[set[int], set[int]]:
    """The trigrams of ``texts``: those of our own words, and those that hold a word of one of
    the ``foreign`` texts (see :attr:`Fingerprint.foreign`)."""
    out: set[int] = set()
    out_foreign: set[int] = set()
    foreign_words = [_WORD.findall(f.casefold().replace("_", " ")) for f in foreign]
    for text in texts:
        # The words of every line, quote marks taken off first: as ``words`` line by line, in
        # one pass (a word never crosses a line break).
        lines = text.splitlines()
        if any(map(_may_be_quoted, lines)):
            lines = [_QUOTE_PREFIX.sub("", ln) if _may_be_quoted(ln) else ln for ln in lines]
        stream = _WORD.findall("\n".join(lines).casefold().replace("_", " "))
        grams = hasher.grams(stream)
        marks = _foreign_marks(stream, foreign_words)
        if any(marks):
            for j, g in enumerate(grams):
                (out_foreign if any(marks[j : j + N]) else out).add(g)
        else:
            out.update(grams)
        if 0 < len(stream) < N:
            (out_foreign if any(marks) else out).add(hasher.gram(stream))
    return out, out_foreign - out


def fingerprint_of(
    text: str,
    html_text: str = "",
    subject: str = "",
    *,
    key: bytes = b"",
    foreign: Sequence[str] = (),
) -> Fingerprint:
    """The fingerprint of a mail: its text part, its HTML part flattened to text, its subject.
    ``key``: the service's secret (the token secret). ``foreign``: the texts a player made us
    send in it (a relayed SAY), whose trigrams are kept apart (:attr:`Fingerprint.foreign`)."""
    grams, foreign_grams = _stream_grams([text, html_text, subject], _Hasher(key), foreign)
    return Fingerprint(frozenset(grams), key, VERSION, frozenset(foreign_grams))


def holds(fp: Fingerprint | None, text: str) -> bool:
    """Did the mail of ``fp`` say ``text``, its words in this order (every trigram of them in the
    fingerprint; at least three words)? Tells which list of moves a mail showed (issue 31: "the
    third of your suggestions" is read against the lists the mail answered held)."""
    stream = words(text)
    if fp is None or len(stream) < N:
        return False
    return all(g in fp for g in _Hasher(fp.key, fp.version).grams(stream))


# ---------------------------------------------------------------------------------------------
# Storage
# ---------------------------------------------------------------------------------------------


def _dir(data_dir: Path) -> Path:
    return layout.outbox_file(Path(data_dir), layout.FINGERPRINTS)


def _name(message_id: str, key: bytes) -> str:
    mid = message_id.strip().strip("<>").lower()
    return hashlib.blake2b(mid.encode(), key=_subkey(key), digest_size=16).hexdigest()


def file_name(message_id: str, key: bytes) -> str:
    """The name of the fingerprint file of the mail ``message_id`` (a keyed hash: no token in it)."""
    return _name(message_id, key)


def save(data_dir: Path, message_id: str, fp: Fingerprint) -> Path:
    """Keep ``fp`` for the mail ``message_id`` (overwrites: a re-sent mail has the same id)."""
    return save_bytes(data_dir, _name(message_id, fp.key), fp.to_bytes())


def save_bytes(data_dir: Path, name: str, data: bytes) -> Path:
    """Write the fingerprint file ``name`` (from :func:`file_name`) with ``data`` (from
    :meth:`Fingerprint.to_bytes`): the outbox does this when it marks the mail sent."""
    if not re.fullmatch(r"[0-9a-f]{32}", name):
        raise ValueError("not a fingerprint file name")
    d = _dir(data_dir)
    if not d.is_dir():
        d.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(d, 0o700)
    path = d / name
    # Written in place, no temp file and rename (half the file system calls): a torn or missing
    # file reads as no fingerprint (``from_bytes`` checks the count against the length), and
    # without one the quote shapes alone read the reply, as after a lost write.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    try:
        os.fchmod(fd, 0o600)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)
    return path


def load(data_dir: Path, message_id: str, key: bytes = b"") -> Fingerprint | None:
    """The fingerprint kept for ``message_id`` (made with ``key``), or None."""
    if not message_id:
        return None
    try:
        data = (_dir(data_dir) / _name(message_id, key)).read_bytes()
    except OSError:
        return None
    return Fingerprint.from_bytes(data, key)


def load_for(
    data_dir: Path, message_ids: Iterable[str], limit: int = 12, *, key: bytes = b""
) -> Fingerprint | None:
    """The union of the fingerprints of the mails a reply answers (its In-Reply-To first, then its
    References, newest first), or None when none is known."""
    seen: set[str] = set()
    found: Fingerprint | None = None
    for mid in message_ids:
        if not mid or mid in seen:
            continue
        seen.add(mid)
        if len(seen) > limit:
            break
        fp = load(data_dir, mid, key)
        if fp is not None:
            found = fp if found is None else found | fp
    return found


# ---------------------------------------------------------------------------------------------
# Matching
# ---------------------------------------------------------------------------------------------


def quoted_mask(lines: Sequence[str], fp: Fingerprint | None) -> list[bool]:
    """For each line: is it the service's own text (see the module docstring)?

    Text a player made us send (:attr:`Fingerprint.foreign`) counts only inside a quote of our
    own text: a line that matches only with it is ours when lines of our own text stand both above
    and below it, never at the quote's edge, where a reply's own lines are."""
    if not fp:
        return [False] * len(lines)
    stream, spans = _line_words(lines)
    hashes = _Hasher(fp.key, fp.version).grams(stream)
    ours = _mask(lines, fp, stream, spans, hashes, fp.grams)
    if not fp.foreign:
        return ours
    both = _mask(lines, fp, stream, spans, hashes, fp.grams | fp.foreign)
    above = [False] * len(lines)
    seen = False
    for i, m in enumerate(ours):
        above[i] = seen
        seen = seen or m
    out = list(ours)
    seen = False
    for i in range(len(lines) - 1, -1, -1):
        if not ours[i] and both[i] and above[i] and seen:
            out[i] = True
        seen = seen or ours[i]
    return out


def _line_words(lines: Sequence[str]) -> tuple[list[str], list[tuple[int, int, int]]]:
    """The words of ``lines`` (quote marks taken off) as one stream, and for each line that has
    words: (its index, the stream position of its first word, that of its last)."""
    stream: list[str] = []
    spans: list[tuple[int, int, int]] = []
    for i, line in enumerate(lines):
        ws = _words_unquoted(line)
        if ws:
            a = len(stream)
            stream.extend(ws)
            spans.append((i, a, len(stream) - 1))
    return stream, spans


@functools.lru_cache(maxsize=8192)
def _words_unquoted(line: str) -> tuple[str, ...]:
    """:func:`words` of ``line`` without its quote marks: a pure function of the line, found
    once for the lines every reply to a mail quotes (nineteenth round)."""
    if line[:1] in ">|" or line[:1].isspace():  # _may_be_quoted(line), inlined
        line = _QUOTE_PREFIX.sub("", line)
    return tuple(_WORD.findall(line.casefold().replace("_", " ")))  # words(line)


def _mask(
    lines: Sequence[str],
    fp: Fingerprint,
    stream: Sequence[str],
    spans: Sequence[tuple[int, int, int]],
    hashes: Sequence[int],
    grams: frozenset[int],
) -> list[bool]:
    """:func:`quoted_mask` against ``grams`` (the fingerprint's, or those and its foreign ones),
    given the words of ``lines`` (:func:`_line_words`) and the hash of each of their trigrams."""
    mask = [False] * len(lines)
    n = len(stream)
    hits = list(map(grams.__contains__, hashes))  # hits[j]: the trigram at word j is in fp
    covered = [False] * n
    for j in compress(range(len(hits)), hits):
        covered[j] = covered[j + 1] = covered[j + 2] = True  # (N words a trigram)
    if 0 < n < N and _Hasher(fp.key, fp.version).gram(stream) in grams:
        return [bool(words(line)) for line in lines]
    last_start = n - N  # the last word a trigram starts at
    candidate = [False] * len(spans)
    for k, (_, a, b) in enumerate(spans):
        if not all(covered[a : b + 1]):
            continue
        # A hit trigram that holds a word of this line and a word of another line.
        lo, hi = max(0, a - N + 1), min(b, last_start)
        connected = any(hits[lo : min(a, hi + 1)]) or any(hits[max(b - N + 2, lo) : hi + 1])
        candidate[k] = connected or b - a + 1 >= MIN_ISOLATED_WORDS
    for k, (i, a, b) in enumerate(spans):
        if not candidate[k]:
            continue
        if b - a + 1 > SHORT_LINE_WORDS:
            mask[i] = True
            continue
        # A short line ("M13 R1") is the service's only beside another line of the service's
        # text: one chance collision of its trigram with the fingerprint cannot hide it.
        mask[i] = (k > 0 and candidate[k - 1]) or (k + 1 < len(spans) and candidate[k + 1])
    # A quoted mail whose whole text is shorter than a trigram run is handled above; a lone short
    # line inside the quote (two words between two quoted blocks) is connected by construction.
    return mask


_REPLY_PREFIX = re.compile(
    r"^\s*((re|res|aw|sv|vs|fw|fwd|wg|tr|rv|r|rif|odp|ynt|ant|antw|vá|továbbítás|返信|回复|回覆|答复|转发|轉寄|ответ|отв|ha|yan[ıi]t)"
    r"\s*(\[\d+\])?\s*[:：]\s*)+",
    re.IGNORECASE,
)


def strip_subject(subject: str, fp: Fingerprint | None) -> str:
    """What the player added to a subject: reply prefixes and the words of the answered mail's own
    subject (found through ``fp``) removed; ``""`` when nothing is left."""
    s = _REPLY_PREFIX.sub("", subject).strip()
    if not s or not fp:
        return s
    spans = [
        (m.start(), m.end(), m.group().casefold()) for m in _WORD.finditer(s.replace("_", " "))
    ]
    stream = [w for _, _, w in spans]
    n = len(stream)
    hasher = _Hasher(fp.key, fp.version)
    covered = [False] * n
    for j, h in enumerate(hasher.grams(stream)):
        if h in fp:
            for k in range(j, j + N):
                covered[k] = True
    runs: list[str] = []
    k = 0
    while k < n:
        if covered[k]:
            k += 1
            continue
        start = k
        while k < n and not covered[k]:
            k += 1
        a = spans[start][0]
        b = spans[k - 1][1]
        # Keep punctuation glued to the run's ends ("M9-R1!", "#12").
        while a > 0 and s[a - 1] in "#-+":
            a -= 1
        while b < len(s) and s[b] in ".!-":
            b += 1
        runs.append(s[a:b])
    return " ".join(runs).strip()


def prune(data_dir: Path, older_than_seconds: float, now: float | None = None) -> int:
    """Delete fingerprints older than ``older_than_seconds`` (a reply to a mail that old is refused
    as stale anyway, or read with the quote shapes alone); returns how many were deleted."""
    import time

    limit = (time.time() if now is None else now) - older_than_seconds
    n = 0
    d = _dir(data_dir)
    if not d.is_dir():
        return 0
    for f in d.iterdir():
        try:
            if f.is_file() and f.stat().st_mtime < limit:
                f.unlink()
                n += 1
        except OSError:
            continue
    return n
