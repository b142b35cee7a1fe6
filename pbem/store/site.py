"""One store's place and seal: the data directory, the keyring, the per-game paths, locks and
sealing contexts, and the opening of sealed values. The store's parts (committer, loader,
snapshots, verifier, writer) are siblings that each get this object and the siblings they use from
:class:`~pbem.store.store.Store`, which wires them; none of them reaches into the store itself."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from pbem import layout
from pbem.errors import IntegrityError, StoreError
from pbem.model import GAME_ID_RE
from pbem.store.files import LOCK_FILE, LOG_FILE
from pbem.store.fold import context
from pbem.store.fsutil import ensure_private_dir, file_lock, fsync_dir
from pbem.store.keys import Keyring, SealError
from pbem.store.payloads import ActionLine
from pbem.store.records import LOG_DOMAIN, LogEntry, encoder, seal_record

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

CHANGED_DIR = f"{layout.OUTBOX}/{layout.DIRTY}"
"""Where :meth:`Site.mark_changed` leaves its markers (read by the mail loop's journal)."""


class Site:
    """The data directory and keyring of one store, and what every part does with them."""

    def __init__(self, data_dir: Path, keyring: Keyring, *, fsync: bool = True) -> None:
        self.data_dir = Path(data_dir)
        self.keyring = keyring
        self.fsync = fsync
        """Only benchmarks turn this off, to measure its cost."""
        self._keys: dict[str, Ed25519PublicKey] | None = None

    @property
    def keys(self) -> dict[str, Ed25519PublicKey]:
        """The verification keys, built on first use (an idle tick verifies nothing and so does
        not import cryptography)."""
        if self._keys is None:
            self._keys = self.keyring.verification_keys()
        return self._keys

    def game_dir(self, game_id: str) -> Path:
        """The directory of a game (the id is checked: it becomes a path)."""
        if not GAME_ID_RE.match(game_id):
            raise StoreError(f"{game_id!r} is not a game id (like fc-7k3q)")
        return self.data_dir / game_id

    @contextlib.contextmanager
    def lock(self, game_id: str) -> Iterator[None]:
        """Exclusive lock of one game (reentrant in this thread)."""
        gdir = self.game_dir(game_id)
        if not gdir.is_dir():
            raise StoreError(f"there is no game {game_id!r} in {self.data_dir}")
        with file_lock(gdir / LOCK_FILE, what=f"game {game_id}"):
            yield

    def mark_changed(self, game_id: str) -> None:
        """Leave a marker ``outbox/dirty/<game>`` for the mail loop: this game has news to mail
        (a new game, a move, a GM's undo...). The loop's next tick mails everyone and removes it."""
        d = ensure_private_dir(self.data_dir / CHANGED_DIR)
        fd = os.open(d / game_id, os.O_WRONLY | os.O_CREAT, 0o600)
        os.close(fd)
        if self.fsync:
            fsync_dir(d)

    @staticmethod
    def ctx(game_id: str, purpose: str, seq: int | None = None) -> bytes:
        """The sealing context of one value of a game (AES-SIV's associated data)."""
        return context(game_id, purpose, seq)

    def sign_line(self, entry: LogEntry) -> bytes:
        """A log line's bytes, signed."""
        body = encoder.encode(entry)
        return seal_record(body, self.keyring.sign(LOG_DOMAIN + body))

    def opened(self, game_id: str, sealed: str, ctx: bytes, *, what: str, file: str) -> bytes:
        """A sealed value of the game, opened; ``IntegrityError`` naming ``what`` and ``file``
        (line 1) when it was altered or sealed with another key."""
        try:
            return self.keyring.unseal(sealed, ctx)
        except SealError:
            raise IntegrityError(
                f"{what}: {SealError.REASON}",
                game=game_id,
                path=str(self.game_dir(game_id) / file),
                line=1,
            ) from None

    def exact(self, game_id: str, entry: LogEntry) -> str | None:
        """The exact words of a move line (sealed: they may hold a secret choice), or None."""
        p = entry.payload
        if not isinstance(p, ActionLine) or p.sealed is None:
            return None
        raw = self.keyring.unseal(
            p.sealed,
            self.ctx(game_id, "notation", entry.seq),
            where=f"{game_id} log.jsonl:{entry.seq}",
        )
        return raw.decode()


__all__ = ["CHANGED_DIR", "LOG_FILE", "Site"]
