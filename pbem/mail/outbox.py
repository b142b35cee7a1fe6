"""The durable outbox: mail is queued on disk before any IMAP message is marked done, and sent later.

Layout under ``<data_dir>/outbox/``::

    queued/<key>.json   one mail waiting to be sent (or re-tried)
    queued/<key>.group.json
                        the mails queued in one batch (a move's mails to every player), in one
                        file; ``<key>`` is its first mail's
    failed/<key>.json   given up (permanent SMTP failure or too many attempts); the GM is told
    sent.log            one line per mail handed to the SMTP server: time, key, Message-ID with
                        its reply token replaced by ``*`` (nothing in it lets anyone move)

Each entry holds the recipient, the Message-ID and the whole message *sealed* with the service's at-rest
key: a personal mail carries the player's private tile, and "no private value in plaintext in the data
directory" holds for the outbox too. The key of an entry is derived from its Message-ID, so queueing the
same mail twice (a crash between commit and marking the IMAP message done) overwrites one file instead of
sending two different mails; a mail that was already sent may go out again with the same Message-ID,
which mail clients recognise as a duplicate.

Writes are temp file + fsync + rename + directory fsync, with the game files' own
:func:`pbem.store.fsutil.atomic_write`; files are mode 0600 and directories 0700 whatever the umask.
Inside :meth:`Outbox.batch` (the service wraps the handling of one message and each ``notify`` in
one) the mails are kept in memory and written when the batch ends or when :meth:`Outbox.sync` is
called (the journal calls it before it records which log line was mailed about): all of them in one
*group* file, with one data fsync and one directory fsync, which is durable before the inbox message
is filed away or the notified mark is written. Creating a file is a journal transaction of its own
(about 1 ms on a busy ext4 disk), so a move's four mails cost one creation, one rename and two
fsyncs instead of four, four and five. A group file goes when every mail in it was sent (one
unlink). A mail of a group that must wait (a refusal: :meth:`Outbox.mark_retry`, or given up:
:meth:`Outbox.mark_failed`) first moves the group's unsent mails into files of their own, synced,
and the group file goes: retries, failures and everything a later tick reads work on single
entries, as before. A crash leaves a group file on disk: the next tick sends what is in it (a mail
also queued in another file is sent once).

Reply tokens are not kept in clear outside the sealed mail: an entry's ``message_id`` field and
``sent.log`` hold the Message-ID with the token replaced by ``*`` (:func:`pbem.mail.tokens.redact`),
and the entry key is a keyed hash (HMAC under the service's secret) of the Message-ID and recipient.

Marking a mail sent is idempotent and cannot fail the batch: the queued file is removed first
(that is the fact "sent"); the ``sent.log`` line is a journal for people and a failure to append it
(a full disk, a read-only file) is logged, never raised, so one bad append never makes a whole
queue go out again at the next tick.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import msgspec

from pbem import layout
from pbem.mail.tokens import redact
from pbem.store.fsutil import PRIVATE_FILE, atomic_write, ensure_private_dir, fsync_dir

if TYPE_CHECKING:
    from email.message import EmailMessage  # the email package loads on first use (idle ticks)

    from pbem.mail.compose import RawMail

log = logging.getLogger(__name__)

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
    """The Message-ID with its reply token replaced by ``*`` (the real one is in the sealed mail)."""
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
    fp_name: str = ""
    """The mail's fingerprint file (:func:`pbem.mail.fingerprint.file_name`), written with
    ``fp`` when the mail is marked sent, so that it exists before any reply can be read; empty
    for an entry without one (older entries)."""
    fp: bytes = b""
    """The fingerprint's bytes (keyed hashes; :meth:`~pbem.mail.fingerprint.Fingerprint.to_bytes`)."""


class Group(msgspec.Struct, kw_only=True):
    """The mails queued in one batch, in one file ``queued/<key>.group.json`` (schema version
    1): ``entries`` are :class:`Entry` records as a single file holds them."""

    v: int = 1
    entries: list[Entry]


GROUP_SUFFIX = layout.GROUP_SUFFIX
"""The end of a group file's name (a single entry's is ``<key>.json``)."""

_encode = msgspec.json.Encoder()
_decode_entry = msgspec.json.Decoder(Entry)
_decode_group = msgspec.json.Decoder(Group)


class _Live:
    """A group file of this process and its mails not yet sent (by key)."""

    __slots__ = ("path", "todo")

    def __init__(self, path: Path) -> None:
        self.path = path
        self.todo: dict[str, Entry] = {}


def entry_key(message_id: str, recipient: str, sealer: object = None) -> str:
    """Stable file name for a mail: the same Message-ID and recipient give the same key.

    Keyed (HMAC under the service's secret, through the keyring's ``derive_token``) when the
    sealer offers it: an unkeyed hash of a token-bearing Message-ID is a target for guessing."""
    derive = getattr(sealer, "derive_token", None)
    if callable(derive):
        return str(derive("outbox-entry", message_id, recipient.lower(), length=32))
    return hashlib.sha256(f"{message_id}\x00{recipient.lower()}".encode()).hexdigest()[:32]


class Outbox:
    """The queue. ``sealer`` is the service keyring (seal/unseal with the at-rest key)."""

    def __init__(self, data_dir: Path, sealer: Sealer, *, fsync: bool = True) -> None:
        self.root = layout.outbox(Path(data_dir))
        self.queued = self.root / layout.QUEUED
        self.failed = self.root / layout.FAILED
        for d in (self.queued, self.failed):
            ensure_private_dir(d)
        self.sealer = sealer
        self.fsync = fsync
        """Only tests and benchmarks turn this off (like the store's)."""
        self._batch = 0
        self._unsynced = False
        """A mail was renamed into ``queued/`` since its directory was last fsynced."""
        self._sent_unsynced = False
        """A ``sent.log`` line was appended in a batch and not yet fsynced."""
        self._sent_deferred = False
        """The same, by ``mark_sent(defer_sync=True)``: synced only by :meth:`sync_sent_log`."""
        self.on_durable: Callable[[Entry], None] | None = None
        """Called with each queued entry once it is durable (its directory fsynced): the tick's
        sending thread (:class:`pbem.runner.SendWhileReading`) sends it while the next messages
        are read. Only set for the length of one tick."""
        self._fresh: list[Entry] = []
        """Entries queued in the current batch, handed to ``on_durable`` at :meth:`sync`."""
        self._unwritten: list[Entry] = []
        """Entries queued in the current batch and not yet written (one group file at
        :meth:`sync`)."""
        self._lock = threading.Lock()
        """Guards the group bookkeeping: the tick's sending thread marks mails sent."""
        self._live: dict[Path, _Live] = {}
        """Group files known to this process, with the mails in them not yet sent."""
        self._group_of: dict[str, _Live] = {}
        """Entry key -> the group file that holds it (for a mail not yet sent)."""
        self._scrub_old_sent_log()

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Queue several mails with one directory fsync (at the end, or at :meth:`sync`)."""
        self._batch += 1
        try:
            yield
        finally:
            self._batch -= 1
            if self._batch == 0:
                self.sync()

    def sync(self) -> None:
        """Make every mail queued so far durable (the group file of the batch's mails and the
        directory fsync a batch put off)."""
        try:
            written = self._write_batch() if self._unwritten else None
            if self._unsynced:
                if self.fsync:
                    fsync_dir(self.queued)
                self._unsynced = False
        except BaseException:
            self._fresh.clear()  # not written: never handed to the sender
            raise
        if isinstance(written, _Live):  # durable now: its mails may leave other groups
            with self._lock:
                for e in written.todo.values():
                    self._adopt(written, e)
        elif written is not None:
            self._release(written.key)
        self._hand_over()
        if self._sent_unsynced:
            self.sync_sent_log()

    def sync_sent_log(self) -> None:
        """fsync ``sent.log`` if a line was appended without one (in a batch, or by the tick's
        sending thread, whose lines are synced once when the reading ends)."""
        if self._sent_unsynced or self._sent_deferred:
            self._sent_unsynced = self._sent_deferred = False
            try:
                fd = os.open(self.root / layout.SENT_LOG, os.O_WRONLY)
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
            except OSError as err:  # best effort, as the line itself
                log.warning("outbox: sent.log not synced: %s", err)

    def _write_batch(self) -> _Live | Entry:
        """Write the batch's mails, not yet synced to the directory: one alone as a file of its
        own (returned), several as one group file (returned as its :class:`_Live`)."""
        entries, self._unwritten = self._unwritten, []
        self._unsynced = True
        if len(entries) == 1:
            self._write_entry(entries[0], sync_dir=False)
            return entries[0]
        live = _Live(self.queued / f"{entries[0].key}{GROUP_SUFFIX}")
        atomic_write(
            live.path,
            _encode.encode(Group(entries=entries)),
            mode=0o600,
            sync=self.fsync,
            sync_dir=False,
        )
        live.todo = {e.key: e for e in entries}
        return live

    def _adopt(self, live: _Live, entry: Entry) -> None:
        """Record that ``entry`` waits in the (durable) group file ``live``, and in no other
        (under the lock)."""
        old = self._group_of.get(entry.key)
        if old is not None and old is not live:
            self._forget(old, entry.key)
        live.todo[entry.key] = entry
        self._group_of[entry.key] = live
        self._live[live.path] = live

    def _release(self, key: str) -> None:
        """A file of its own now holds ``key``: no group file waits for it any more."""
        with self._lock:
            live = self._group_of.get(key)
            if live is not None:
                self._forget(live, key)

    def _forget(self, live: _Live, key: str) -> bool:
        """``key`` no longer waits in ``live`` (sent, or queued elsewhere) (under the lock)."""
        live.todo.pop(key, None)
        if self._group_of.get(key) is live:
            del self._group_of[key]
        return self._settle(live)

    def _settle(self, live: _Live) -> bool:
        """Remove the group file when nothing waits in it (under the lock). False when it could
        not be removed."""
        if live.todo:
            return True
        self._live.pop(live.path, None)
        try:
            live.path.unlink(missing_ok=True)
        except OSError as err:  # sent again at the next tick, with the same Message-IDs
            log.error("outbox: cannot remove the sent group %s: %s", live.path.name, err)
            return False
        return True

    def _detach(self, entry: Entry) -> None:
        """Before a mail of a group is retried or given up: every unsent mail of the group,
        ``entry`` too, moves to a file of its own (synced), then the group file goes."""
        with self._lock:
            live = self._group_of.get(entry.key)
            if live is None:
                return
            for other in list(live.todo.values()):
                self._write_entry(other, sync_dir=False)
            if self.fsync:
                fsync_dir(self.queued)
            for key in list(live.todo):
                self._forget(live, key)

    def _write_entry(self, entry: Entry, *, sync_dir: bool = True) -> None:
        atomic_write(
            layout.record_file(self.queued, entry.key),
            _encode.encode(entry),
            mode=0o600,
            sync=self.fsync,
            sync_dir=sync_dir,
        )

    def _hand_over(self) -> None:
        fresh, self._fresh = self._fresh, []
        if self.on_durable is not None:
            for entry in fresh:
                self.on_durable(entry)

    def _scrub_old_sent_log(self) -> None:
        """A sent.log of an older version (mode wider than 0600) listed reply tokens in clear:
        rewrite it with the tokens redacted, mode 0600. Done once: the new file is 0600."""
        path = self.root / layout.SENT_LOG
        try:
            if os.stat(path).st_mode & 0o077 == 0:
                return
            text = path.read_bytes().decode("ascii", "replace")
            atomic_write(path, redact(text).encode("ascii", "replace"), sync=self.fsync)
        except OSError as err:
            if not isinstance(err, FileNotFoundError):
                log.warning("outbox: cannot rewrite the old sent.log: %s", err)

    def put(
        self,
        msg: EmailMessage | RawMail,
        *,
        recipient: str,
        game: str,
        kind: str,
        now: datetime,
        fingerprint: tuple[str, bytes] | None = None,
    ) -> str:
        """Queue ``msg`` for ``recipient``; returns the entry key. Idempotent per Message-ID.
        ``fingerprint``: the file name and bytes of the mail's fingerprint, written when the mail
        is marked sent (by whichever thread or tick sends it).

        A :class:`~pbem.mail.compose.RawMail` is stored as it was built (its bytes, Message-ID
        and sender given): nothing is parsed or serialised again. An ``EmailMessage`` (a mail
        with attachments, or one built by a test) is serialised with the SMTP policy."""
        from pbem.mail.compose import RawMail

        if isinstance(msg, RawMail):
            message_id, sender, raw = msg.message_id, msg.sender, msg.as_bytes()
        else:
            from email import policy

            message_id = str(msg["Message-ID"])
            sender = str(msg["X-Loop"] or msg["From"])
            raw = msg.as_bytes(policy=policy.SMTP)
        key = entry_key(message_id, recipient, self.sealer)
        entry = Entry(
            key=key,
            message_id=redact(message_id),
            sender=sender,
            recipient=recipient,
            game=game,
            kind=kind,
            queued_at=now.astimezone(UTC).isoformat(timespec="seconds"),
            order=time.time_ns(),
            sealed=self.sealer.seal(raw, key.encode()),
        )
        if fingerprint is not None:
            entry.fp_name, entry.fp = fingerprint
        if self.on_durable is not None:
            self._fresh.append(entry)
        if self._batch > 0:
            # Written with the batch's other mails at sync(); the same mail queued twice in
            # one batch is written once.
            self._unwritten = [e for e in self._unwritten if e.key != key]
            self._unwritten.append(entry)
        else:
            self._write_entry(entry)
            self._release(key)
            self._hand_over()
        return key

    def _read_queue(self) -> tuple[dict[str, Entry], list[tuple[Path, list[Entry]]]]:
        """The files of ``queued/`` as they are: single entries by key, and each group file's
        path and entries (unreadable or malformed files skipped)."""
        singles: dict[str, Entry] = {}
        groups: list[tuple[Path, list[Entry]]] = []
        for p in sorted(self.queued.glob("*.json")):
            if p.name.startswith("."):
                continue
            try:
                data = p.read_bytes()
                if p.name.endswith(GROUP_SUFFIX):
                    groups.append((p, _decode_group.decode(data).entries))
                else:
                    e = _decode_entry.decode(data)
                    singles[e.key] = e
            except (OSError, msgspec.DecodeError):
                continue
        return singles, groups

    def pending(self) -> list[Entry]:
        """Every queued entry, oldest first; each mail once, whether it waits in a file of its
        own or in a group file (a crash may leave it in both: the file of its own wins, as a
        retry wrote it). A group file this process wrote lists only its mails not yet sent."""
        out, groups = self._read_queue()
        with self._lock:
            for path, entries in groups:
                live = self._live.get(path)
                if live is None:  # left by a crash, or by another process
                    live = self._live[path] = _Live(path)
                    for e in entries:
                        if e.key not in self._group_of:  # else another group holds it
                            live.todo[e.key] = e
                            self._group_of[e.key] = live
                for key, e in list(live.todo.items()):
                    if key in out:  # a file of its own holds it too: that copy is sent
                        self._forget(live, key)
                    else:
                        out[key] = e
                self._settle(live)
        entries_out = list(out.values())
        entries_out.sort(key=lambda e: (e.order, e.queued_at, e.key))
        return entries_out

    def due(self, now_ts: float) -> list[Entry]:
        return [e for e in self.pending() if e.next_attempt <= now_ts]

    def message(self, entry: Entry) -> bytes:
        """The raw mail of an entry (unsealed)."""
        return self.sealer.unseal(entry.sealed, entry.key.encode())

    def mark_sent(self, entry: Entry, now: datetime, *, defer_sync: bool = False) -> bool:
        """Record that ``entry`` was handed to the SMTP server. Idempotent; never raises.

        The queued file goes first: once it is gone the mail is not sent again. Returns False when
        it could not be removed (the mail may then go out once more at the next tick, with the
        same Message-ID); the sent.log line is best effort (see the module's docstring).
        ``defer_sync``: leave the fsync of ``sent.log`` to :meth:`sync_sent_log` (the sending
        thread of a tick marks many mails)."""
        if entry.fp_name:
            # Before the queued file goes: a crash in between writes it again at the resend.
            from pbem.mail.fingerprint import save_bytes

            try:  # a fingerprint never stops a mail: without it, quote shapes read the reply
                save_bytes(self.root.parent, entry.fp_name, entry.fp)
            except (OSError, ValueError) as err:
                log.warning("outbox: fingerprint of %s not written: %s", entry.key, err)
        removed = True
        with self._lock:
            live = self._group_of.get(entry.key)
            if live is not None:
                removed = self._forget(live, entry.key)
        if live is None:
            try:
                layout.record_file(self.queued, entry.key).unlink(missing_ok=True)
            except OSError as err:
                log.error("outbox: cannot remove sent mail %s: %s", entry.key, err)
                removed = False
        line = (
            f"{now.astimezone(UTC).isoformat(timespec='seconds')} {entry.key} "
            f"{redact(entry.message_id).encode('ascii', 'replace').decode()}\n"
        ).encode("ascii")
        try:
            fd = os.open(
                self.root / layout.SENT_LOG, os.O_WRONLY | os.O_APPEND | os.O_CREAT, PRIVATE_FILE
            )
            try:
                os.write(fd, line)
                if self.fsync and defer_sync:
                    self._sent_deferred = True  # one fsync when the tick's reading ends
                elif self.fsync and self._batch > 0:
                    self._sent_unsynced = True  # one fsync when the batch ends
                elif self.fsync:
                    os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as err:
            log.warning("outbox: sent.log not written for %s: %s", entry.key, err)
        return removed

    def mark_retry(self, entry: Entry, error: str, now_ts: float) -> bool:
        """Record a temporary failure; returns False when the entry was given up instead."""
        self._detach(entry)
        entry.attempts += 1
        entry.last_error = error[:500]
        if entry.attempts > len(BACKOFF_SECONDS):
            self.mark_failed(entry, error)
            return False
        entry.next_attempt = now_ts + BACKOFF_SECONDS[entry.attempts - 1]
        self._write_entry(entry)
        return True

    def mark_failed(self, entry: Entry, error: str) -> None:
        self._detach(entry)
        entry.last_error = error[:500]
        atomic_write(
            layout.record_file(self.failed, entry.key),
            msgspec.json.encode(entry),
            mode=0o600,
            sync=self.fsync,
        )
        layout.record_file(self.queued, entry.key).unlink(missing_ok=True)

    def failed_entries(self) -> Iterator[Entry]:
        for p in sorted(self.failed.glob("*.json")):
            yield msgspec.json.decode(p.read_bytes(), type=Entry)

    def __len__(self) -> int:
        """How many mails wait (read-only: nothing is adopted or removed)."""
        singles, groups = self._read_queue()
        keys = set(singles)
        for path, entries in groups:
            live = self._live.get(path)
            keys.update(e.key for e in entries if live is None or e.key in live.todo)
        return len(keys)
