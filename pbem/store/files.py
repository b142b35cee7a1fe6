"""Reading and checking a game's two files, with errors that name the game, the file and the line.

These functions need only public keys (no keyring), so an exported game can be checked on another
machine with the service's public key alone.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

import msgspec

from pbem import layout
from pbem.errors import IntegrityError
from pbem.store.fold import moves_in_effect
from pbem.store.loglines import Decode, LogEntries
from pbem.store.payloads import SetupLine
from pbem.store.records import (
    CHECKPOINT_DOMAIN,
    GENESIS_PREV,
    LOG_DOMAIN,
    SNAPSHOT_DOMAIN,
    Checkpoint,
    LogEntry,
    Snapshot,
    check_signature,
    decode_entry,
    decode_snapshot,
    line_hash,
    split_signature,
)

if TYPE_CHECKING:  # only the public keys' type: cryptography loads when a signature is checked
    from _hashlib import HASH
    from pathlib import Path

    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

LOG_FILE = layout.LOG
SNAPSHOT_FILE = layout.SNAPSHOT
LOCK_FILE = layout.LOCK
TORN_FILE = layout.TORN
CHECKPOINT_FILE = layout.CHECKPOINT

_HEX64 = re.compile(r"[0-9a-f]{64}")

Prefix: TypeAlias = tuple[int, int, str, str, int]
"""What a checkpoint vouches for: ``(seq, size, digest, head hash, moves)``, see
:func:`parse_log`."""


@dataclass
class ParsedLog:
    """The good lines of a log, and what is wrong with its end, if anything."""

    entries: LogEntries
    """Every good line (its bytes in ``entries.lines``), decoded when first read."""
    torn: bytes | None = None
    """An incomplete last line (no newline, not a valid record): what a crash mid-append leaves."""
    missing_newline: bool = False
    """The last line is a complete, valid record whose newline is missing."""
    sha: HASH | None = None
    """SHA-256 (a ``hashlib`` object, still open) of :attr:`blob`: what a checkpoint of this log
    signs (docs/FILE-FORMATS.md, "checkpoint.json")."""
    blob: bytes | None = None
    """The good lines, each with its newline: the log file's bytes once a torn line is cut off or
    a missing newline added."""

    @property
    def size(self) -> int:
        return len(self.blob) if self.blob is not None else 0

    @property
    def lines(self) -> list[bytes]:
        """Each line's exact bytes, without the newline."""
        return self.entries.lines

    @property
    def seq(self) -> int:
        return len(self.entries)

    def hash(self, n: int) -> str:
        """The SHA-256 (hex) of line ``n`` (1-based)."""
        return self.entries.hash(n - 1)

    @property
    def head_hash(self) -> str:
        return self.entries.hash(self.seq - 1) if self.seq else GENESIS_PREV


def _forged(
    body: bytes, sig: bytes, n: int, keys: dict[str, Ed25519PublicKey], game: str, path: str
) -> None:
    """A line that does not decode: if its signature fails too, say that (it was altered) rather
    than what the alteration broke."""
    try:
        frame = msgspec.json.decode(body)
    except ValueError:  # msgspec.DecodeError, or bytes that are not UTF-8
        return
    key = frame.get("key") if isinstance(frame, dict) else None
    if isinstance(key, str):
        try:
            check_signature(body, sig, key, keys, LOG_DOMAIN)
        except ValueError as exc:
            raise IntegrityError(f"line {n}: {exc}", game=game, path=path, line=n) from None


def _check_line(
    raw: bytes, n: int, prev: str, keys: dict[str, Ed25519PublicKey] | None, game: str, path: str
) -> LogEntry:
    try:
        body, sig = split_signature(raw)
    except ValueError as exc:
        raise IntegrityError(
            f"line {n} is not a valid signed record: {exc}", game=game, path=path, line=n
        ) from None
    try:
        entry = decode_entry(body)
    except (ValueError, msgspec.DecodeError, msgspec.ValidationError) as exc:
        if keys is not None:
            _forged(body, sig, n, keys, game, path)
        raise IntegrityError(
            f"line {n} is not a valid signed record: {exc}", game=game, path=path, line=n
        ) from None
    if keys is not None:
        try:
            check_signature(body, sig, entry.key, keys, LOG_DOMAIN)
        except ValueError as exc:
            raise IntegrityError(f"line {n}: {exc}", game=game, path=path, line=n) from None
    if entry.seq != n:
        what = "a duplicate" if entry.seq < n else "an unexpected"
        raise IntegrityError(
            f"line {n} carries {what} sequence number {entry.seq} (expected {n})",
            game=game,
            path=path,
            line=n,
        )
    if entry.prev != prev:
        raise IntegrityError(
            f"line {n} does not chain to line {n - 1} (its prev hash differs): a line was changed, "
            "removed or inserted",
            game=game,
            path=path,
            line=n,
        )
    if isinstance(entry.payload, SetupLine) != (n == 1):
        raise IntegrityError(
            "the setup must be line 1, and only line 1", game=game, path=path, line=n
        )
    return entry


def _decoder(game: str, path: str) -> Decode:
    """Decode a line whose bytes were checked earlier (under a signed checkpoint's digest)."""

    def decode(n: int, raw: bytes) -> LogEntry:
        try:
            body, _ = split_signature(raw)
            entry = decode_entry(body)
        except (ValueError, msgspec.DecodeError, msgspec.ValidationError) as exc:
            raise IntegrityError(
                f"line {n} is not a valid signed record: {exc}", game=game, path=path, line=n
            ) from None
        if entry.seq != n:
            raise IntegrityError(
                f"line {n} carries sequence number {entry.seq} (expected {n})",
                game=game,
                path=path,
                line=n,
            )
        return entry

    return decode


def _trusted_prefix(data: bytes, prefix: Prefix) -> tuple[bytes, HASH] | None:
    """``data[:size]`` and its open SHA-256 if those bytes are the ``seq`` lines a signed
    checkpoint vouches for (same length, same digest, line ``seq`` with the same hash), else
    ``None``. The lines are not split here: :class:`LogEntries` splits them if it needs them."""
    seq, size, digest, head, _ = prefix
    if not (0 < size <= len(data) and data[size - 1] == 0x0A):
        return None
    sha = hashlib.sha256(memoryview(data)[:size])
    if not hmac.compare_digest(sha.hexdigest(), digest):
        return None
    if data.count(b"\n", 0, size) != seq:
        return None
    last = data[data.rfind(b"\n", 0, size - 1) + 1 : size - 1]
    if line_hash(last) != head:
        return None
    return (data if size == len(data) else data[:size]), sha  # most often the whole file


def _same_start(
    data: bytes | bytearray, known: ParsedLog | None, verified: tuple[int, str] | None
) -> bool:
    """Whether ``data`` starts with every line of ``known`` (checked earlier in this process, and
    the log this process last verified when ``verified`` is given), byte for byte."""
    return (
        known is not None
        and known.torn is None
        and known.blob is not None
        and (verified is None or (known.seq, known.head_hash) == verified)
        and data.startswith(known.blob)
    )


_READ = threading.local()
"""Each thread's buffer that log files are read into (kept: a fresh bytes object of a whole long
log at every load cost more in memory faults than the reading)."""
_KEEP = 64 << 20
"""A larger buffer is not kept."""


def read_reusing(path: Path) -> tuple[bytearray, int]:
    """The bytes of the file ``path`` at the start of this thread's buffer, and how many there
    are (the buffer is overwritten by the next read in this thread: copy what you keep)."""
    with open(path, "rb", buffering=0) as f:
        want = os.fstat(f.fileno()).st_size + 1  # one more: the end of the file is seen
        buf: bytearray | None = getattr(_READ, "buf", None)
        if buf is None or len(buf) < want:
            buf = bytearray(max(want, 2 * len(buf or b""), 1 << 16))
        n = 0
        while True:
            with memoryview(buf) as view:
                got = f.readinto(view[n:])
            if not got:
                break
            n += got
            if n == len(buf):  # grown since its size was read
                buf = buf + bytearray(len(buf))
    if len(buf) <= _KEEP:
        _READ.buf = buf
    return buf, n


def unchanged(
    buf: bytearray, size: int, known: ParsedLog | None, verified: tuple[int, str] | None
) -> ParsedLog | None:
    """``known`` again (a copy) if the ``size`` bytes of ``buf`` are exactly its lines (what
    :func:`parse_log` makes of them, without a bytes object of them), else None."""
    if (
        known is None
        or known.blob is None
        or known.sha is None
        or len(known.blob) != size
        or not _same_start(buf, known, verified)
    ):
        return None
    return ParsedLog(entries=known.entries.copy(), sha=known.sha.copy(), blob=known.blob)


def parse_log(
    data: bytes,
    keys: dict[str, Ed25519PublicKey] | None,
    *,
    game: str,
    path: str,
    verified: tuple[int, str] | None = None,
    known: ParsedLog | None = None,
    prefix: Prefix | None = None,
) -> ParsedLog:
    """Check every line (framing, signature when ``keys`` is given, sequence, chain).

    ``known``: a parse of this log made earlier in this process. If the log still starts with
    its lines, byte for byte, they are reused as they are (neither checked nor decoded again).

    ``prefix = (seq, size, digest, hash, moves)`` (a signed checkpoint): if the first ``size``
    bytes of the log still have that SHA-256 and hold ``seq`` lines, the last with that hash, they
    are the lines an earlier check passed, byte for byte: they are neither checked nor decoded here
    (the entries decode them when read; ``moves`` actions are in effect after them). Otherwise it
    is ignored.

    ``verified = (seq, hash)``: lines 1..seq were verified earlier and line ``seq`` had that hash.
    If it still has, the signatures of those lines are not checked again: the hash of line ``seq``
    covers its ``prev`` field, hence (by the chain) every byte before it.

    An incomplete last line is not an error here: it is reported in ``torn`` so that the caller can
    decide (recover after a crash, or refuse because the snapshot is ahead of it).
    """
    # Long on purpose: a strict parser of the signed log: framing, signature, chain, schema, line by line.
    if not data:
        raise IntegrityError(
            "the log is empty (it must start with the setup line)", game=game, path=path, line=1
        )
    decode = _decoder(game, path)
    out = LogEntries([], [], [], decode)
    prev = GENESIS_PREV
    sha: HASH | None = None
    hashed = (
        0  # the bytes before this offset are lines reused or vouched for, and hashed in ``sha``
    )
    trusted = None
    if known is not None and known.blob is not None and _same_start(data, known, verified):
        out = known.entries.copy()
        prev = known.head_hash
        assert known.sha is not None  # parse_log sets it with the blob
        sha = known.sha.copy()
        hashed = len(known.blob)
    elif prefix is not None and (trusted := _trusted_prefix(data, prefix)) is not None:
        block, sha = trusted
        prev = prefix[3]
        hashed = prefix[1]
        n = prefix[0]
        out = LogEntries(
            [], [None] * n, [None] * (n - 1) + [prev], decode, (n, prefix[4]), block=block
        )
    parts = data[hashed:].split(b"\n") if hashed else data.split(b"\n")
    tail = parts.pop()  # b"" when the file ends with a newline
    skip = 0
    if (
        not hashed
        and verified is not None
        and 0 < verified[0] <= len(parts)
        and line_hash(parts[verified[0] - 1]) == verified[1]
    ):
        skip = verified[0]
    first = len(out) + 1  # the number of the line in parts[0]
    for j, raw in enumerate(parts):
        n = first + j
        entry = _check_line(raw, n, prev, None if n <= skip else keys, game, path)
        prev = line_hash(raw)
        out.append(raw, entry, prev)
    torn: bytes | None = None
    missing_newline = False
    if tail:
        n = first + len(parts)
        try:
            entry = _check_line(tail, n, prev, keys, game, path)
        except IntegrityError:
            torn = tail
        else:
            out.append(tail, entry, line_hash(tail))
            missing_newline = True
    if not out:
        raise IntegrityError("the log holds no complete line", game=game, path=path, line=1)
    if sha is None:
        sha = hashlib.sha256()
    if torn is not None:
        blob = data[: len(data) - len(torn)]
    elif missing_newline:
        blob = data + b"\n"
    else:
        blob = data
    sha.update(memoryview(blob)[hashed:])
    return ParsedLog(entries=out, torn=torn, missing_newline=missing_newline, sha=sha, blob=blob)


def _one_line(data: bytes, name: str, game: str, path: str) -> None:
    """A snapshot or checkpoint file is one line ending with a newline: else an IntegrityError."""
    if not data.endswith(b"\n") or data.count(b"\n") != 1:
        raise IntegrityError(
            f"{name} must be exactly one line ending with a newline", game=game, path=path, line=1
        )


def parse_snapshot(
    data: bytes, keys: dict[str, Ed25519PublicKey] | None, *, game: str, path: str
) -> tuple[Snapshot, bytes]:
    """Check ``state.json`` (framing, signature when ``keys`` is given): ``(snapshot, body)``."""
    _one_line(data, SNAPSHOT_FILE, game, path)
    try:
        body, sig = split_signature(data[:-1])
        snap = decode_snapshot(body)
    except (ValueError, msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise IntegrityError(
            f"not a valid signed snapshot: {exc}", game=game, path=path, line=1
        ) from None
    if keys is not None:
        try:
            check_signature(body, sig, snap.key, keys, SNAPSHOT_DOMAIN)
        except ValueError as exc:
            raise IntegrityError(str(exc), game=game, path=path, line=1) from None
    if snap.game_id != game and game:
        raise IntegrityError(
            f"the snapshot belongs to game {snap.game_id!r}", game=game, path=path, line=1
        )
    return snap, body


def check_snapshot_against_log(
    snap: Snapshot, log: ParsedLog, *, game: str, snap_path: str, log_path: str
) -> None:
    """The snapshot must point at a line of the log, by sequence number and hash."""
    if snap.seq > log.seq:
        n = log.seq + 1
        what = "is incomplete or damaged" if log.torn is not None else "is missing"
        raise IntegrityError(
            f"line {n} {what}, but state.json already records seq {snap.seq}: the log was cut or "
            "altered after the commit",
            game=game,
            path=log_path,
            line=n,
        )
    if snap.seq < 1 or log.hash(snap.seq) != snap.head_hash or snap.envelope.seq != snap.seq:
        raise IntegrityError(
            f"the snapshot's head (seq {snap.seq}, hash {snap.head_hash[:12]}...) is not line "
            f"{snap.seq} of the log",
            game=game,
            path=snap_path,
            line=1,
        )


def parse_checkpoint(
    data: bytes, keys: dict[str, Ed25519PublicKey], *, game: str, path: str
) -> Checkpoint | None:
    """Check ``checkpoint.json`` (framing, signature, game). ``None`` for an empty or unterminated
    file: it is written without fsync, so a crash may leave it so (the load then verifies every
    line, as without a checkpoint). Anything else that does not verify is an :class:`IntegrityError`."""
    if not data.endswith(b"\n"):
        return None
    _one_line(data, CHECKPOINT_FILE, game, path)
    try:
        body, sig = split_signature(data[:-1])
        cp = msgspec.json.decode(body, type=Checkpoint)
        check_signature(body, sig, cp.key, keys, CHECKPOINT_DOMAIN)
    except (ValueError, msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise IntegrityError(
            f"not a valid signed checkpoint: {exc}", game=game, path=path, line=1
        ) from None
    if cp.game_id != game or cp.seq < 1 or not _known_version(cp):
        raise IntegrityError(
            f"the checkpoint belongs to game {cp.game_id!r} (version {cp.v}, seq {cp.seq})",
            game=game,
            path=path,
            line=1,
        )
    return cp


def _known_version(cp: Checkpoint) -> bool:
    if cp.v == 1:
        return cp.size is None and cp.digest is None and cp.moves is None
    return (
        cp.v == 2
        and cp.size is not None
        and cp.size > 0
        and cp.digest is not None
        and _HEX64.fullmatch(cp.digest) is not None
        and cp.moves is not None
        and 0 <= cp.moves <= cp.seq
    )


def checkpoint_matches(cp: Checkpoint, log: ParsedLog) -> bool:
    """Whether the checkpoint names a line of the log, by sequence number and hash. When it does
    not (the files were restored from an older copy, or a test rewound them), loads ignore it and
    check every signature, so a mismatch is never a reason to trust less."""
    if not (cp.seq <= log.seq and log.hash(cp.seq) == cp.head_hash):
        return False
    if cp.digest is None:
        return True
    joined = b"".join(x + b"\n" for x in log.lines[: cp.seq])
    return (
        cp.size == len(joined)
        and hashlib.sha256(joined).hexdigest() == cp.digest
        and cp.moves == len(moves_in_effect(log.entries[: cp.seq]))
    )
