"""The journal: every file the mail loop keeps under ``<data>/outbox/``, owned in one place.

- ``dirty/<game>``: the game's mails must be (re)built. The store writes it before every commit
  point, so a crash after a commit is recovered by the next tick; GM commands use it too.
- ``notified/<game>``: what was mailed last (:class:`NotifiedMark`).
- ``timers/<game>`` and ``timers/.next``: when a deadline falls due; ``.next`` is the earliest of
  them, so an idle tick reads one file whatever the number of games.
- ``awaiting-keys/<game>``: a game waiting for its players' keys (who was told, when).
- the :class:`~pbem.mail.outbox.Outbox` (``queue/``, ``failed/``, ``sent.log``) and the rate
  limiter's and IMAP cursor's state files live here too; their paths come from this class.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import msgspec

from pbem import layout
from pbem.mail.outbox import Outbox
from pbem.store.fsutil import atomic_write


class NotifiedMark(msgspec.Struct, kw_only=True):
    """What was mailed for one game: the last log line whose mails are queued, the seats that owed
    a decision then, and for each seat the line its own last mail told up to."""

    seq: int = 0
    pending: list[int] = msgspec.field(default_factory=list)
    seats: dict[str, int] = msgspec.field(default_factory=dict)
    mailed_at: dict[str, str] = msgspec.field(default_factory=dict)
    """For each seat, when its last mail of this game was queued (ISO time): daily digests."""


class AwaitingMark(msgspec.Struct, kw_only=True):
    """A game that waits for keys: who got the welcome, and when the last reminder went out."""

    told: list[str] = msgspec.field(default_factory=list)
    last: str | None = None


_decode_notified = msgspec.json.Decoder(NotifiedMark)
_decode_awaiting = msgspec.json.Decoder(AwaitingMark)
_encode = msgspec.json.Encoder(order="deterministic")


class Journal:
    """The marker files of the mail loop and the outbox, under ``<data_dir>/outbox``."""

    def __init__(self, data_dir: Path, outbox: Outbox, *, fsync: bool = True) -> None:
        self.root = layout.outbox(data_dir)
        self.outbox = outbox
        self.fsync = fsync
        self.dirty = self.root / layout.DIRTY
        self.notified_dir = self.root / layout.NOTIFIED
        self.timers = self.root / layout.TIMERS
        self.awaiting_dir = self.root / layout.AWAITING_KEYS
        self.digests = self.root / layout.DIGESTS
        for d in (self.dirty, self.notified_dir, self.timers, self.awaiting_dir, self.digests):
            d.mkdir(parents=True, exist_ok=True, mode=0o700)

    @staticmethod
    def state_file(data_dir: Path, name: str) -> Path:
        """A state file of the loop, before a journal exists (the IMAP cursor)."""
        return layout.outbox_file(data_dir, name)

    def path(self, name: str) -> Path:
        """A state file of the loop (``ratelimit.json``, ``imap-cursor.json``...)."""
        return self.root / name

    def write_marker(self, name: str, data: bytes) -> None:
        """A small state file of the loop (no fsync: losing it only repeats a daily chore)."""
        atomic_write(self.root / name, data, mode=0o600, sync=False)

    def _write(self, path: Path, data: bytes) -> None:
        atomic_write(path, data, mode=0o600, sync=self.fsync)

    # -- dirty markers ---------------------------------------------------------------------------

    def mark_dirty(self, game_id: str) -> None:
        self._write(self.dirty / game_id, b"")

    def clear_dirty(self, game_id: str) -> None:
        (self.dirty / game_id).unlink(missing_ok=True)

    def dirty_games(self) -> list[str]:
        return sorted(p.name for p in self.dirty.iterdir() if not p.name.startswith("."))

    # -- what was mailed -------------------------------------------------------------------------

    def notified(self, game_id: str) -> NotifiedMark:
        try:
            raw = (self.notified_dir / game_id).read_bytes()
        except OSError:
            return NotifiedMark()
        try:
            return _decode_notified.decode(raw or b"{}")
        except msgspec.DecodeError:
            try:  # the oldest format: a bare sequence number
                return NotifiedMark(seq=int(raw))
            except ValueError:
                return NotifiedMark()

    def save_notified(self, game_id: str, mark: NotifiedMark) -> None:
        # The mails it stands for are durable first (one directory fsync for all of them). The
        # mark itself needs only its data synced: if a crash brings back the older mark, the same
        # mails are queued again with the same Message-IDs (the same outbox entries).
        self.outbox.sync()
        atomic_write(
            self.notified_dir / game_id,
            _encode.encode(mark),
            mode=0o600,
            sync=self.fsync,
            sync_dir=False,
        )

    # -- timers ----------------------------------------------------------------------------------

    def set_timer(self, game_id: str, due: datetime | None) -> None:
        """Record when ``game_id``'s next deadline falls due (None clears it), keeping ``.next``
        no later than the earliest."""
        path = self.timers / game_id
        if due is None:
            path.unlink(missing_ok=True)
            return
        self._write(path, due.isoformat().encode())
        current = self.next_due()
        if current is None or due < current:
            self._write(self.timers / layout.TIMERS_NEXT, due.isoformat().encode())

    def timer(self, game_id: str) -> datetime | None:
        try:
            return datetime.fromisoformat((self.timers / game_id).read_text())
        except (OSError, ValueError):
            return None

    def next_due(self) -> datetime | None:
        try:
            return datetime.fromisoformat((self.timers / layout.TIMERS_NEXT).read_text())
        except (OSError, ValueError):
            return None

    def set_next_due(self, due: datetime | None) -> None:
        if due is None:
            (self.timers / layout.TIMERS_NEXT).unlink(missing_ok=True)
        else:
            self._write(self.timers / layout.TIMERS_NEXT, due.isoformat().encode())

    def timer_games(self) -> Iterator[str]:
        for path in sorted(self.timers.iterdir()):
            if not path.name.startswith("."):
                yield path.name

    # -- daily digests ---------------------------------------------------------------------------

    def set_digest(self, game_id: str, due: datetime | None) -> None:
        """A game with news held back for a digest seat: when the digest is due (None: none)."""
        path = self.digests / game_id
        if due is None:
            path.unlink(missing_ok=True)
        else:
            self._write(path, due.isoformat().encode())

    def digests_due(self, now: datetime) -> list[str]:
        out = []
        for path in sorted(self.digests.iterdir()):
            if path.name.startswith("."):
                continue
            try:
                due = datetime.fromisoformat(path.read_text())
            except (OSError, ValueError):
                due = now
            if due <= now:
                out.append(path.name)
        return out

    # -- games waiting for keys ------------------------------------------------------------------

    def awaiting(self, game_id: str) -> AwaitingMark | None:
        try:
            return _decode_awaiting.decode((self.awaiting_dir / game_id).read_bytes())
        except OSError:
            return None
        except msgspec.DecodeError:
            return AwaitingMark()

    def is_awaiting(self, game_id: str) -> bool:
        return (self.awaiting_dir / game_id).exists()

    def save_awaiting(self, game_id: str, mark: AwaitingMark) -> None:
        self._write(self.awaiting_dir / game_id, _encode.encode(mark))

    def clear_awaiting(self, game_id: str) -> None:
        (self.awaiting_dir / game_id).unlink(missing_ok=True)

    def awaiting_games(self) -> list[str]:
        return sorted(p.name for p in self.awaiting_dir.iterdir() if not p.name.startswith("."))
