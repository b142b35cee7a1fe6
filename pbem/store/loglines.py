"""A log's lines and their entries, each line decoded (and hashed) only when something asks for it.

A load in a new process whose log is covered by a signed checkpoint (docs/FILE-FORMATS.md,
"checkpoint.json") trusts the bytes of the lines under it as one block, by their SHA-256, and so
has no reason to decode them: a commit needs the setup line, the lines after the snapshot and its
own new lines. :class:`LogEntries` holds every line's exact bytes and decodes a line into its
:data:`LogEntry` the first time it is read (then keeps it). Lines parsed by
:func:`pbem.store.files.parse_log` outside such a block are checked and decoded there, eagerly, and
handed over already decoded.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Generic, TypeVar, overload

from pbem.store.records import LOG_SCHEMA, LogEntry, line_hash

Decode = Callable[[int, bytes], LogEntry]
"""Decode line ``n`` (1-based) from its exact bytes (signature included)."""

_KIND_RE = re.compile(rb'\{"v":%d,"seq":\d+,"time":"[^"\\]*","kind":"([a-z-]+)",' % LOG_SCHEMA)
"""The head of a line at the current schema: the frame's fields are encoded in their declared
order (v, seq, time, kind, ...) and the time holds no quote, so its kind is read without decoding
the line."""
SEALED_MARK = b'"sealed":"'
"""Present in the bytes of every line whose payload holds a sealed notation: a JSON string escapes
each quote inside it, so these bytes occur only as the key of a string field."""


class LogEntries(Sequence[LogEntry]):
    """The entries of a log, in order: ``entries[n - 1]`` is line ``n``.

    The first lines may be held as one block of bytes (``block``: lines with their newlines, as a
    signed checkpoint vouches for them), split into lines only when a line of it other than the
    first is read: a commit reads the setup line and the lines after the block.

    Only :func:`pbem.store.files.parse_log` and the commit build or extend one; everyone else reads
    it like a list (indexing, slices, iteration, ``len``)."""

    __slots__ = ("_block", "_counted", "_decode", "_hashes", "_items", "_lines")

    def __init__(
        self,
        lines: list[bytes],
        items: list[LogEntry | None],
        hashes: list[str | None],
        decode: Decode,
        counted: tuple[int, int] = (0, 0),
        *,
        block: bytes | None = None,
    ) -> None:
        assert len(items) == len(hashes) >= counted[0]
        assert (block is None and len(lines) == len(items)) or (
            block is not None and block.endswith(b"\n") and len(lines) <= len(items)
        )
        self._block = block
        """The first ``len(items) - len(lines)`` lines, each with its newline, not split yet."""
        self._lines = lines
        """The lines after the block (every line once it is split), without their newlines."""
        self._items = items
        self._hashes = hashes
        self._decode = decode
        self._counted = counted
        """``(n, moves)``: after the first ``n`` lines, ``moves`` actions are in effect."""

    @property
    def lines(self) -> list[bytes]:
        """Each line's exact bytes, without the newline (the block split now, if it was not)."""
        if self._block is not None:
            self._lines = self._block[:-1].split(b"\n") + self._lines
            self._block = None
        return self._lines

    def _in_block(self) -> int:
        """How many lines the unsplit block holds."""
        return len(self._items) - len(self._lines) if self._block is not None else 0

    def line(self, i: int) -> bytes:
        """The exact bytes of line ``i + 1``, without its newline."""
        b = self._in_block()
        if i >= b:
            return self._lines[i - b]
        if i == 0:
            assert self._block is not None
            return self._block[: self._block.index(b"\n")]
        return self.lines[i]

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, i: int) -> LogEntry: ...
    @overload
    def __getitem__(self, i: slice) -> list[LogEntry]: ...
    def __getitem__(self, i: int | slice) -> LogEntry | list[LogEntry]:
        if isinstance(i, slice):
            return [self._entry(k) for k in range(*i.indices(len(self._items)))]
        if i < 0:
            i += len(self._items)
        if not 0 <= i < len(self._items):
            raise IndexError("log entry index out of range")
        return self._entry(i)

    def _entry(self, i: int) -> LogEntry:
        e = self._items[i]
        if e is None:
            e = self._items[i] = self._decode(i + 1, self.line(i))
        return e

    def __iter__(self) -> Iterator[LogEntry]:
        for i in range(len(self._items)):
            yield self._entry(i)

    def __reversed__(self) -> Iterator[LogEntry]:
        for i in range(len(self._items) - 1, -1, -1):
            yield self._entry(i)

    def hash(self, i: int) -> str:
        """The SHA-256 (hex) of line ``i + 1``."""
        h = self._hashes[i]
        if h is None:
            h = self._hashes[i] = line_hash(self.line(i))
        return h

    def kinds(self, start: int = 0) -> Iterator[str]:
        """Each line's kind from line ``start + 1`` on, read from its head where it can be (no
        decoding)."""
        for i in range(start, len(self._items)):
            e = self._items[i]
            if e is not None:
                yield e.kind
                continue
            m = _KIND_RE.match(self.line(i))
            yield m.group(1).decode("ascii") if m is not None else self._entry(i).kind

    def in_effect(self) -> int:
        """How many actions are in effect after the last line (``len(moves_in_effect(self))``),
        counted from where the last count, or a signed checkpoint's, left off."""
        n, moves = self._counted
        if n < len(self._items):
            moves = count_in_effect(self.kinds(n), moves)
            self._counted = (len(self._items), moves)
        return moves

    def sealed_candidates(self) -> list[int]:
        """The indexes of the lines that may hold a sealed notation: those decoded already, and
        those whose bytes hold :data:`SEALED_MARK` (any other line certainly holds none). An unsplit
        block without the mark is passed over whole (one search, no split)."""
        items = self._items
        b = self._in_block()
        if b and SEALED_MARK not in (self._block or b""):
            first = [i for i in range(b) if items[i] is not None]
            return first + [
                b + j
                for j, raw in enumerate(self._lines)
                if items[b + j] is not None or SEALED_MARK in raw
            ]
        return [i for i, raw in enumerate(self.lines) if items[i] is not None or SEALED_MARK in raw]

    def copy(self, upto: int | None = None) -> LogEntries:
        """A copy of the first ``upto`` lines (all by default), sharing what was decoded (and the
        unsplit block, when the copy holds all of it)."""
        n = len(self._items) if upto is None else upto
        counted = self._counted if self._counted[0] <= n else (0, 0)
        b = self._in_block()
        if b and n >= b:
            return LogEntries(
                self._lines[: n - b],
                self._items[:n],
                self._hashes[:n],
                self._decode,
                counted,
                block=self._block,
            )
        return LogEntries(self.lines[:n], self._items[:n], self._hashes[:n], self._decode, counted)

    def append(self, line: bytes, entry: LogEntry, hash_hex: str | None = None) -> None:
        self._lines.append(line)
        self._items.append(entry)
        self._hashes.append(hash_hex)


def count_in_effect(kinds: Iterable[str], n: int = 0) -> int:
    """How many actions are in effect after lines of these kinds, ``n`` before them (each undo
    takes one back): ``len(moves_in_effect(entries))`` from the kinds alone."""
    for k in kinds:
        if k == "action":
            n += 1
        elif k == "undo" and n:
            n -= 1
    return n


T = TypeVar("T")


class PrefixCache(Generic[T]):
    """Per game, a value folded over the first ``n`` lines of its log, kept with the hash of line
    ``n``: a log whose line ``n`` has that hash starts, by the chain, with those very lines, so
    only the lines after them are folded into it. What a reply asks of the record several times
    (a seat's standing orders, the votes) then costs the few lines it added, not the whole log;
    a log that differs (another game, a rewritten or shorter one) is folded from its first line.
    The values are shared: ``extend`` returns a new value and never changes the one it is given."""

    def __init__(self, kept: int = 256) -> None:
        self._kept = kept
        self._values: OrderedDict[str, tuple[int, str, T]] = OrderedDict()
        self._lock = threading.Lock()

    def get(
        self,
        key: str,
        entries: LogEntries,
        fresh: Callable[[], T],
        extend: Callable[[T, int], T],
    ) -> T:
        """The value over every line of ``entries``: ``extend(value, start)`` folds the lines from
        index ``start`` on into the value kept for ``key`` (or ``fresh()``)."""
        end = len(entries)
        with self._lock:
            hit = self._values.get(key)
        start, value = 0, None
        if hit is not None and 0 < hit[0] <= end and entries.hash(hit[0] - 1) == hit[1]:
            start, value = hit[0], hit[2]
            if start == end:
                return value
        value = extend(fresh() if value is None else value, start)
        if end:
            with self._lock:
                self._values[key] = (end, entries.hash(end - 1), value)
                self._values.move_to_end(key)
                while len(self._values) > self._kept:
                    self._values.popitem(last=False)
        return value
