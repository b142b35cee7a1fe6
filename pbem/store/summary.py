"""The list index: one summary line per game state, so that ``pbem admin list`` reads one file
instead of loading every game.

``<data dir>/.summaries.jsonl`` is an append-only file of JSON lines, one :class:`Summary` each,
appended (no fsync) every time the store writes a game's snapshot: at creation, after each commit
and after a crash repair. The last line of a game wins. It is a cache, not a record: everything in
it is re-derived from the signed snapshot, and ``Store.verify`` compares the two and rewrites a
stale or altered line (with a warning). A crash between a commit and its summary leaves the
snapshot behind the log too, so the next load of that game (the mail loop loads every game it has
a change marker for) repairs both.

Concurrency: appenders hold a shared ``flock`` on ``.summaries.lock`` while they append (an
``O_APPEND`` write of one short line); compaction (rewriting the file with one line per game when
it has grown to several lines per game) holds it exclusively, so no append is lost to the rename.
"""

from __future__ import annotations

import contextlib
import fcntl
import gc
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import msgspec

from pbem import layout
from pbem.store.fold import moves_in_effect
from pbem.store.fsutil import atomic_write
from pbem.store.loglines import LogEntries
from pbem.store.records import LogEntry

if TYPE_CHECKING:
    from pbem.model import Envelope
    from pbem.rules.base import Game

SUMMARY_FILE = layout.SUMMARIES
SUMMARY_LOCK = layout.SUMMARIES_LOCK
_COMPACT_SLACK = 100
"""Compact when the file holds more than ``1.25 * games + _COMPACT_SLACK`` lines."""


class Row(msgspec.Struct, kw_only=True, omit_defaults=True, gc=False):
    """The fields of a summary that the text of ``pbem admin list`` shows: decoding only these
    from the index skips the rest of each line's values (a third less time with 10,000 games).

    Not tracked by the garbage collector (``gc=False``): a summary holds strings, lists of
    strings and a dict of plain values, never itself, and 10,000 of them are read at once."""

    game_id: str
    game: str
    """Registry name of the rules."""
    status: str
    moves: int
    players: list[str]
    """The current player of each seat, by seat."""
    waiting_for: list[str] = msgspec.field(default_factory=list)
    """Seat names of the pending decisions (empty unless the game is active)."""
    error: str | None = None
    """Set (and nothing else meaningful) for a game that could not be loaded or that
    ``Store.verify`` found damaged."""


class Summary(Row, kw_only=True, omit_defaults=True, gc=False):
    """What ``pbem admin list`` shows of one game (no secret: the public envelope only): a
    :class:`Row` and the rest of the index line."""

    title: str
    """The rules' human title."""
    seq: int
    head_hash: str
    """The log line this summary describes (``Store.verify`` checks it against the snapshot)."""
    updated: str
    deadlines: dict[str, dict[str, int | str | None]] = msgspec.field(default_factory=dict)
    """Per decision kind, ``{"seconds": ...}`` or ``{"at": ...}``, as in the envelope."""


_encoder = msgspec.json.Encoder(order="deterministic")
_decoder = msgspec.json.Decoder(Summary)
_row_decoder = msgspec.json.Decoder(Row)

R = TypeVar("R", bound=Row)


def summary_of(
    envelope: Envelope, game: Game, state: object, entries: Sequence[LogEntry] | None = None
) -> Summary:
    """The summary of a game state (``envelope`` is a :class:`pbem.model.Envelope`); ``moves``
    counts the moves in effect when the log's ``entries`` are given."""
    seats = envelope.seats()
    waiting: list[str] = []
    if envelope.status == "active":
        names = game.seat_names(len(seats))
        waiting = [names[d.seat] for d in game.pending(state)]
    return Summary(
        game_id=envelope.game_id,
        game=envelope.game_name,
        title=game.title,
        status=envelope.status,
        seq=envelope.seq,
        head_hash=envelope.head_hash,
        moves=_moves(entries) if entries is not None else envelope.moves,
        updated=envelope.updated,
        players=[envelope.active_player(s).email for s in seats],
        waiting_for=waiting,
        deadlines=msgspec.to_builtins(envelope.deadlines),
    )


def _moves(entries: Sequence[LogEntry]) -> int:
    """How many moves are in effect: from the lines' kinds alone when the log's lines are at hand
    (no line decoded)."""
    if isinstance(entries, LogEntries):
        return entries.in_effect()
    return len(moves_in_effect(entries))


def damaged(game_id: str, error: str) -> Summary:
    """The index line of a game that cannot be loaded (shown by ``pbem admin list``)."""
    return Summary(
        game_id=game_id,
        game="",
        title="",
        status="damaged",
        seq=0,
        head_hash="",
        moves=0,
        updated="",
        players=[],
        error=error,
    )


@contextlib.contextmanager
def _index_lock(data_dir: Path, how: int) -> Iterator[None]:
    fd = os.open(data_dir / SUMMARY_LOCK, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, how)
        yield
    finally:
        os.close(fd)  # releases the lock


def append_summaries(data_dir: Path, summaries: list[Summary]) -> None:
    """Append summary lines (one ``write``; no fsync: the index is re-derivable)."""
    if not summaries:
        return
    data = b"".join(_encoder.encode(s) + b"\n" for s in summaries)
    with _index_lock(data_dir, fcntl.LOCK_SH):
        fd = os.open(data_dir / SUMMARY_FILE, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, data)
        finally:
            os.close(fd)


@contextlib.contextmanager
def _no_collection() -> Iterator[None]:
    """The garbage collector paused while many objects are made at once (its passes over the
    new lists and dicts were a third of decoding the index of 10,000 games)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _parse(data: bytes, decoder: msgspec.json.Decoder[R]) -> tuple[dict[str, R], int]:
    latest: dict[str, R] = {}
    count = data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)
    try:
        with _no_collection():
            decoded = decoder.decode_lines(data)
        for s in decoded:
            latest[s.game_id] = s
    except (msgspec.DecodeError, msgspec.ValidationError):
        # A torn or altered line (a crash mid-append, or a hand edit): keep every good line.
        latest = {}
        for line in data.split(b"\n"):
            try:
                s = decoder.decode(line)
            except (msgspec.DecodeError, msgspec.ValidationError):
                continue
            latest[s.game_id] = s
    return latest, count


def _read(data_dir: Path, decoder: msgspec.json.Decoder[R]) -> dict[str, R]:
    path = data_dir / SUMMARY_FILE
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return {}
    latest, count = _parse(data, decoder)
    if count > len(latest) * 5 // 4 + _COMPACT_SLACK:
        with contextlib.suppress(OSError), _index_lock(data_dir, fcntl.LOCK_EX | fcntl.LOCK_NB):
            full, _ = _parse(path.read_bytes(), _decoder)  # again, now that no append is under way
            body = b"".join(_encoder.encode(full[g]) + b"\n" for g in sorted(full))
            atomic_write(path, body, mode=0o600, sync=False)
    return latest


def read_summaries(data_dir: Path) -> dict[str, Summary]:
    """The latest summary of every game in the index (compacting the file when it has grown)."""
    return _read(data_dir, _decoder)


def read_rows(data_dir: Path) -> dict[str, Row]:
    """The latest :class:`Row` of every game in the index: :func:`read_summaries` with only the
    fields the text listing shows decoded."""
    return _read(data_dir, _row_decoder)
