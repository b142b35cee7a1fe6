"""Bounces: counting the delivery failures of each address, and what follows from them.

A bounce (:func:`pbem.mail.bounce.read_bounce`) is never answered. The pipeline's bounce step
(:func:`pbem.service.bounce_step.on_bounce`) counts it here only when it
quotes one of our seat mails by its Message-ID with a valid token (:mod:`pbem.mail.tokens`), and
only for an address that held that seat and that the bounce itself names as failed (or, when the
bounce names no address at all, the address that seat's mail went to). A bounce from a mailing
list that forwards another member's failure, a forwarded address failing further on, or a forged
bounce naming someone else counts for nobody.

``<data>/outbox/bounces.json`` keeps, per address: how many distinct mails of ours bounced
permanently, when, in which games and seats, whether the GM was told (once per address), and
whether the service stopped mailing it (at ``threshold`` bounces). While an address is stopped:

- :meth:`pbem.service.mailer.Mailer.send` queues nothing for it;
- the deadlines of the seats it holds are held (no reminders, the missed-deadline policy waits);
- ``pbem admin show`` marks the seat.

It is reachable again when the GM puts another address in the seat (``pbem admin replace``), when
the player writes to the service from it (a mail that authenticates proves it works), or with
``pbem admin bounces --clear ADDRESS``.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import msgspec

from pbem import layout
from pbem.store.fsutil import atomic_write, ensure_private_dir

if TYPE_CHECKING:
    from pathlib import Path

log = logging.getLogger("pbem.service")

DEFAULT_THRESHOLD = 3
"""Permanent failures of distinct mails before the service stops mailing an address."""

KEEP_IDS = 20
"""Message-IDs remembered per address (a bounce of the same mail twice counts once)."""


class AddressBounces(msgspec.Struct, kw_only=True, omit_defaults=True):
    count: int = 0
    """Permanent failures of distinct mails."""
    first: str = ""
    last: str = ""
    detail: str = ""
    """The last bounce's reason, as the bounce gave it (for the GM)."""
    seats: list[str] = msgspec.field(default_factory=list)
    """``game:seat`` of the seats whose mail bounced."""
    ids: list[str] = msgspec.field(default_factory=list)
    notified: bool = False
    stopped: bool = False


_decode = msgspec.json.Decoder(dict[str, AddressBounces])
_encode = msgspec.json.Encoder(order="deterministic")


class BounceBook:
    """The bounces file (small: one entry per address that ever bounced)."""

    FILENAME = layout.BOUNCES

    def __init__(self, root: Path, *, fsync: bool = True) -> None:
        self.path = root / self.FILENAME
        self.fsync = fsync
        self._stopped: tuple[tuple[int, int, int], frozenset[str]] | None = None

    def stopped_addresses(self) -> frozenset[str]:
        """The addresses the service no longer mails; read again only when the file changed
        (the Mailer asks once per mail: without the file, one failed stat)."""
        try:
            st = self.path.stat()
        except OSError:
            return frozenset()
        stamp = (st.st_mtime_ns, st.st_size, st.st_ino)
        if self._stopped is None or self._stopped[0] != stamp:
            self._stopped = (stamp, frozenset(a for a, e in self.all().items() if e.stopped))
        return self._stopped[1]

    def all(self) -> dict[str, AddressBounces]:
        try:
            return _decode.decode(self.path.read_bytes())
        except FileNotFoundError:
            return {}
        except (OSError, msgspec.DecodeError):
            log.error("%s is unreadable; bounces are counted afresh", self.path)
            return {}

    def get(self, address: str) -> AddressBounces | None:
        if not self.path.exists():
            return None
        return self.all().get(address.strip().lower())

    def stopped(self, address: str) -> bool:
        return address.strip().lower() in self.stopped_addresses()

    def _save(self, data: dict[str, AddressBounces]) -> None:
        ensure_private_dir(self.path.parent)
        atomic_write(self.path, _encode.encode(data), mode=0o600, sync=self.fsync)

    def record(
        self, address: str, seat: str, message_id: str, when: str, detail: str, threshold: int
    ) -> tuple[AddressBounces, bool]:
        """Count one permanent failure; returns the entry and whether it was new (a bounce of
        a mail already counted is not counted again)."""
        data = self.all()
        key = address.strip().lower()
        entry = data.get(key) or AddressBounces(first=when)
        if message_id in entry.ids:
            return entry, False
        entry.count += 1
        entry.last = when
        entry.detail = detail[:300]
        entry.ids = [*entry.ids, message_id][-KEEP_IDS:]
        if seat not in entry.seats:
            entry.seats.append(seat)
        if entry.count >= threshold:
            entry.stopped = True
        data[key] = entry
        self._save(data)
        return entry, True

    def mark_notified(self, address: str) -> None:
        data = self.all()
        key = address.strip().lower()
        if key in data:
            data[key].notified = True
            self._save(data)

    def clear(self, address: str) -> AddressBounces | None:
        """Forget an address's bounces (it works again); the entry forgotten, if there was one."""
        data = self.all()
        entry = data.pop(address.strip().lower(), None)
        if entry is not None:
            self._save(data)
        return entry
