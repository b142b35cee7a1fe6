"""Bounces: counting the delivery failures of each address, and what follows from them.

A bounce (:func:`pbem.mail.bounce.read_bounce`) is never answered. It is counted only when it
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
from typing import TYPE_CHECKING, Protocol

import msgspec

from pbem import layout
from pbem.store.fsutil import atomic_write, ensure_private_dir

if TYPE_CHECKING:
    from pathlib import Path

    from pbem.service.journal import Journal
    from pbem.service.outcome import Outcome
    from pbem.service.ports import AlertGm, Clock, Policy, Schedule
    from pbem.store import Store

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


class BouncePorts(Protocol):
    """What counting a bounce needs (:class:`pbem.service.deps.Deps` has it all)."""

    @property
    def store(self) -> Store: ...

    @property
    def policy(self) -> Policy: ...

    @property
    def clock(self) -> Clock: ...

    @property
    def secret(self) -> bytes: ...

    @property
    def journal(self) -> Journal: ...

    @property
    def alert_gm(self) -> AlertGm: ...

    @property
    def schedule(self) -> Schedule: ...


def book(ports: BouncePorts) -> BounceBook:
    return BounceBook(ports.journal.root, fsync=ports.store.fsync)


def _seat_addresses(record: object, seat: int) -> set[str]:
    env = getattr(record, "envelope", None)
    players = getattr(env, "players", []) if env is not None else []
    return {p.email.strip().lower() for p in players if p.seat == seat}


def on_bounce(ports: BouncePorts, raw: bytes) -> Outcome | None:
    """When ``raw`` (already judged automatic mail) is a bounce: count it, tell the GM once per
    address, and end its way here without an answer. None when it is no bounce."""
    from pbem.errors import IntegrityError
    from pbem.mail.bounce import read_bounce
    from pbem.mail.tokens import check_token, redact
    from pbem.service.outcome import Folder, Outcome, Reason

    report = read_bounce(raw)
    if report is None:
        return None
    if report.kind == "delay":
        log.info("a delivery delay warning (not counted)")
        return Outcome(Folder.REJECTED, Reason.BOUNCE, detail="delivery delayed")
    matched: list[tuple[str, str, int, str]] = []  # (address, game, seat, message id)
    for ref in report.tokens:
        if not check_token(ports.secret, ref):
            continue
        try:
            record = ports.store.load(ref.game, verify=False)
        except (IntegrityError, OSError, KeyError, ValueError) as err:
            log.info("a bounce names game %s, which cannot be loaded: %s", ref.game, err)
            continue
        except Exception as err:  # an unknown game id: the store's own error
            log.info("a bounce names game %s: %s", ref.game, err)
            continue
        holders = _seat_addresses(record, ref.seat)
        if report.permanent:
            hits = sorted(holders & report.permanent)
        else:
            # The bounce names no address: the seat's mail went to its player of the time.
            try:
                hits = [record.envelope.active_player(ref.seat).email.strip().lower()]
            except (IndexError, KeyError, ValueError):
                hits = []
        mid = next((i for i in report.message_ids if f".s{ref.seat}.t{ref.turn}." in i.lower()), "")
        key = redact(mid) if mid else f"{ref.game}.s{ref.seat}.t{ref.turn}"  # no token at rest
        for addr in hits:
            matched.append((addr, ref.game, ref.seat, key))
    if not matched:
        log.info(
            "a bounce that names none of our players' mails (%d of our ids, %d failed addresses)",
            len(report.message_ids),
            len(report.permanent),
        )
        return Outcome(Folder.REJECTED, Reason.BOUNCE, detail="bounce not matched to a player")
    threshold = max(1, ports.policy.bounce_threshold)
    when = ports.clock().strftime("%Y-%m-%dT%H:%M:%SZ")
    books = book(ports)
    first_game = matched[0][1]
    seen: set[str] = set()
    for addr, game, seat, mid in matched:
        if addr in seen:
            continue
        seen.add(addr)
        entry, new = books.record(addr, f"{game}:{seat}", mid, when, _reason(raw), threshold)
        log.warning("a bounce for %s (game %s seat %d): %d so far", addr, game, seat, entry.count)
        if new and not entry.notified:
            _tell_gm(ports, addr, game, seat, threshold)
            books.mark_notified(addr)
        if new and entry.stopped and entry.count == threshold:
            _tell_gm_stopped(ports, addr, game, seat, threshold)
            ports.schedule(game)
    return Outcome(Folder.REJECTED, Reason.BOUNCE, first_game, detail="bounce counted")


def _reason(raw: bytes) -> str:
    """The first line of the bounce that says why (for the GM), in plain ASCII."""
    import re

    for pattern in (
        rb"(?im)^diagnostic-code:\s*(.+)$",
        rb"(?im)^status:\s*(5\.\d+\.\d+.*)$",
        rb"(?m)^\s*(5\d\d[ -].+)$",
    ):
        m = re.search(pattern, raw)
        if m:
            return m.group(1).decode("ascii", "replace").strip()[:200]
    return "delivery failed"


def _tell_gm(ports: BouncePorts, address: str, game: str, seat: int, threshold: int) -> None:
    ports.alert_gm(
        f"mail to {address} bounced",
        [
            f"A mail of game {game} to seat {seat} ({address}) came back undelivered. Further "
            "bounces of this address are counted without another notice; after "
            f"{threshold} the service stops mailing it and holds that seat's deadlines.",
            f"To check: pbem admin show {game}; pbem admin bounces. A new address for the "
            f"player: pbem admin replace {game} {seat} ...",
        ],
        key=f"bounce-{address}",
    )


def _tell_gm_stopped(
    ports: BouncePorts, address: str, game: str, seat: int, threshold: int
) -> None:
    ports.alert_gm(
        f"stopped mailing {address}",
        [
            f"Mail to {address} bounced {threshold} times; the service no longer mails it, and "
            "the deadlines of its seats are held.",
            f"Put another address in the seat (pbem admin replace {game} {seat} ...), or when "
            f"the address works again: pbem admin bounces --clear {address}. A mail from the "
            "player that the service accepts clears it too.",
        ],
        key=f"bounce-stop-{address}",
    )
