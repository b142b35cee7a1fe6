"""The durable outbox: mail is queued on disk before any IMAP message is marked done, and sent later.

Layout under ``<data_dir>/outbox/``::

    queued/<key>.json   one mail waiting to be sent (or re-tried)
    failed/<key>.json   given up (permanent SMTP failure or too many attempts); the GM is told
    sent.log            one line per mail handed to the SMTP server: time, key, Message-ID

Each entry holds the recipient, the Message-ID and the whole message *sealed* with the service's at-rest
key: a personal mail carries the player's private tile, and "no private value in plaintext in the data
directory" holds for the outbox too. The key of an entry is derived from its Message-ID, so queueing the
same mail twice (a crash between commit and marking the IMAP message done) overwrites one file instead of
sending two different mails; a mail that was already sent may go out again with the same Message-ID,
which mail clients recognise as a duplicate.

Writes are temp file + fsync + rename + directory fsync, with the game files' own
:func:`pbem.store.fsutil.atomic_write`; entries are mode 0600.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from typing import Protocol

import msgspec

from pbem.store.fsutil import atomic_write

BACKOFF_SECONDS = (60, 300, 900, 3600, 3 * 3600, 6 * 3600)
"""Wait before attempt 2, 3, ...; after the last one the mail is given up and the GM told."""


class Sealer(Protocol):
    """What the outbox needs of the keyring."""

    def seal(self, plaintext: bytes, context: bytes) -> str: ...

    def unseal(self, sealed: str, context: bytes) -> bytes: ...


class Entry(msgspec.Struct, kw_only=True):
    """One queued mail (schema version 1)."""

    v: int = 1
    key: str
    message_id: str
    sender: str
    recipient: str
    game: str
    kind: str
    queued_at: str
    order: int = 0
    """Nanosecond stamp of queueing: mails go out in the order they were queued."""
    attempts: int = 0
    next_attempt: float = 0.0
    last_error: str = ""
    sealed: str


@dataclass
class FlushReport:
    sent: list[str]
    retry: list[tuple[str, str]]
    failed: list[Entry]


def entry_key(message_id: str, recipient: str) -> str:
    """Stable file name for a mail: the same Message-ID and recipient give the same key."""
    return hashlib.sha256(f"{message_id}\x00{recipient.lower()}".encode()).hexdigest()[:32]


class Outbox:
    """The queue. ``sealer`` is the service keyring (seal/unseal with the at-rest key)."""

    def __init__(self, data_dir: Path, sealer: Sealer, *, fsync: bool = True) -> None:
        self.root = Path(data_dir) / "outbox"
        self.queued = self.root / "queued"
        self.failed = self.root / "failed"
        for d in (self.queued, self.failed):
            d.mkdir(parents=True, exist_ok=True)
        self.sealer = sealer
        self.fsync = fsync
        """Only tests and benchmarks turn this off (like the store's)."""

    def put(self, msg: EmailMessage, *, recipient: str, game: str, kind: str, now: datetime) -> str:
        """Queue ``msg`` for ``recipient``; returns the entry key. Idempotent per Message-ID."""
        message_id = str(msg["Message-ID"])
        key = entry_key(message_id, recipient)
        raw = msg.as_bytes(policy=policy.SMTP)
        entry = Entry(
            key=key,
            message_id=message_id,
            sender=str(msg["X-Loop"] or msg["From"]),
            recipient=recipient,
            game=game,
            kind=kind,
            queued_at=now.astimezone(UTC).isoformat(timespec="seconds"),
            order=time.time_ns(),
            sealed=self.sealer.seal(raw, key.encode()),
        )
        atomic_write(self.queued / f"{key}.json", msgspec.json.encode(entry), mode=0o600, sync=self.fsync)
        return key

    def pending(self) -> list[Entry]:
        """Every queued entry, oldest first."""
        out = []
        for p in self.queued.glob("*.json"):
            try:
                out.append(msgspec.json.decode(p.read_bytes(), type=Entry))
            except (OSError, msgspec.DecodeError):
                continue
        out.sort(key=lambda e: (e.order, e.queued_at, e.key))
        return out

    def due(self, now_ts: float) -> list[Entry]:
        return [e for e in self.pending() if e.next_attempt <= now_ts]

    def message(self, entry: Entry) -> bytes:
        """The raw mail of an entry (unsealed)."""
        return self.sealer.unseal(entry.sealed, entry.key.encode())

    def mark_sent(self, entry: Entry, now: datetime) -> None:
        with open(self.root / "sent.log", "a", encoding="ascii") as fh:
            fh.write(
                f"{now.astimezone(UTC).isoformat(timespec='seconds')} {entry.key} "
                f"{entry.message_id.encode('ascii', 'replace').decode()}\n"
            )
            fh.flush()
            if self.fsync:
                os.fsync(fh.fileno())
        (self.queued / f"{entry.key}.json").unlink(missing_ok=True)

    def mark_retry(self, entry: Entry, error: str, now_ts: float) -> bool:
        """Record a temporary failure; returns False when the entry was given up instead."""
        entry.attempts += 1
        entry.last_error = error[:500]
        if entry.attempts > len(BACKOFF_SECONDS):
            self.mark_failed(entry, error)
            return False
        entry.next_attempt = now_ts + BACKOFF_SECONDS[entry.attempts - 1]
        atomic_write(self.queued / f"{entry.key}.json", msgspec.json.encode(entry), mode=0o600, sync=self.fsync)
        return True

    def mark_failed(self, entry: Entry, error: str) -> None:
        entry.last_error = error[:500]
        atomic_write(self.failed / f"{entry.key}.json", msgspec.json.encode(entry), mode=0o600, sync=self.fsync)
        (self.queued / f"{entry.key}.json").unlink(missing_ok=True)

    def failed_entries(self) -> Iterator[Entry]:
        for p in sorted(self.failed.glob("*.json")):
            yield msgspec.json.decode(p.read_bytes(), type=Entry)

    def __len__(self) -> int:
        return sum(1 for _ in self.queued.glob("*.json"))


def parse_raw(raw: bytes) -> EmailMessage:
    msg = BytesParser(policy=policy.default).parsebytes(raw)
    assert isinstance(msg, EmailMessage)
    return msg


def now_ts() -> float:
    return time.time()
