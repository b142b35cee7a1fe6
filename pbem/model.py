"""The envelope of a game: who plays, with which options, in which state of the service's life cycle.

The envelope is everything the service knows about a game that is *not* the engine's state: the
players and their addresses, the options, the deadlines, the position in the log (last sequence
number and hash), the seed commitment, and the ledger of Message-IDs already applied (the mail
loop's exactly-once guarantee). It is rebuilt deterministically by folding the log, and written
in clear (and signed) into ``state.json``; nothing in it is secret.

All times are ISO-8601 strings in UTC with second precision (``"2026-05-01T12:00:00Z"``), so that
the encoding is stable and replaying the log gives the same bytes.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Literal, TypeAlias

import msgspec

ENVELOPE_SCHEMA = 1
"""Schema version of :class:`Envelope` written by this code (see docs/FILE-FORMATS.md)."""

GameStatus: TypeAlias = Literal["active", "paused", "ended", "stopped"]
"""``stopped`` is never written by the store: it is what the service calls a game whose files
failed verification (the GM must repair it)."""

PlayerStatus: TypeAlias = Literal["active", "replaced", "resigned"]

GAME_ID_RE = re.compile(r"^(?=.{3,40}$)[a-z0-9]+(-[a-z0-9]+)+$")
"""What a game id looks like (also a safe directory name). The hyphen is required, so that other
directories the service keeps in the data directory (``outbox``...) are never taken for games."""


def iso_time(when: datetime) -> str:
    """``when`` as the canonical UTC string used in every pbem file. Naive datetimes are refused
    (a wrong time zone would silently shift deadlines)."""
    if when.tzinfo is None:
        raise ValueError("times must be timezone-aware (use datetime.now(UTC))")
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_time(text: str) -> datetime:
    """The inverse of :func:`iso_time`."""
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


class Player(msgspec.Struct, frozen=True, kw_only=True):
    """One person sitting at a seat. A replaced player stays in the list (history is kept)."""

    name: str
    """Display name, e.g. ``"Ann"``."""
    email: str
    """Address the service writes to and accepts moves from (lower-cased)."""
    seat: int
    """0-based seat in turn order."""
    status: PlayerStatus = "active"
    """``active``; ``replaced`` once another person took the seat; ``resigned``."""


class Deadline(msgspec.Struct, frozen=True, kw_only=True):
    """A deadline for one kind of decision. Stored only: the runner acts on it."""

    seconds: int | None = None
    """Relative: this many seconds after the decision became due."""
    at: str | None = None
    """Absolute: an :func:`iso_time` string."""


class GameResult(msgspec.Struct, frozen=True, kw_only=True):
    """The end of a game as recorded in the envelope."""

    scores: list[int]
    winners: list[int]
    reason: str
    """``finished`` (the rules ended it) or ``gm`` (the GM ended it), or the GM's words."""


class Envelope(msgspec.Struct, kw_only=True):
    """Everything about a game except the engine's state. Rebuilt by folding the log."""

    schema: int = ENVELOPE_SCHEMA
    game_id: str
    """Short, readable, unique id such as ``"fc-7k3q"``; also the directory name."""
    game_name: str
    """Registry name of the rules, e.g. ``"forbidden-city"``."""
    players: list[Player]
    """Every player who ever sat at the game, in the order they joined."""
    options: dict[str, str]
    status: GameStatus = "active"
    created: str
    """:func:`iso_time` of the setup event."""
    updated: str
    """:func:`iso_time` of the last event."""
    deadlines: dict[str, Deadline] = msgspec.field(default_factory=dict)
    """Per decision kind (``"move"``, ``"believe-or-doubt"``...)."""
    seq: int = 0
    """Sequence number of the last event in the log."""
    head_hash: str = ""
    """Hex SHA-256 of the last log line (without its newline)."""
    seed_commitment: str = ""
    """Hex SHA-256 published at creation; see docs/FILE-FORMATS.md for what it hashes."""
    revealed_seed: int | None = None
    """The shuffle seed, once the game has ended."""
    revealed_nonce: str | None = None
    """The commitment's nonce, revealed with the seed."""
    applied_message_ids: list[str] = msgspec.field(default_factory=list)
    """Message-IDs already applied (the mail loop's exactly-once ledger), oldest first."""
    moves: int = 0
    """Monotonic counter of position changes (each applied action and each undo adds one);
    the mail loop puts it in reply tokens so that a stale mail cannot act on a newer position."""
    result: GameResult | None = None

    def active_player(self, seat: int) -> Player:
        """The person currently holding ``seat`` (the last one who joined it)."""
        for p in reversed(self.players):
            if p.seat == seat:
                return p
        raise KeyError(f"no player at seat {seat}")

    def seats(self) -> list[int]:
        """The seats of the game, in order."""
        return sorted({p.seat for p in self.players})

    def seat_of_email(self, email: str) -> int | None:
        """The seat whose current (non-replaced) player has this address, if any."""
        email = email.strip().lower()
        for seat in self.seats():
            p = self.active_player(seat)
            if p.email == email and p.status != "replaced":
                return seat
        return None

    def has_message(self, message_id: str) -> bool:
        """Whether the Message-ID was already applied."""
        return message_id in self.applied_message_ids


ADDRESS_RE = re.compile(r"^\s*(?P<name>[^<>]*?)\s*<(?P<email>[^<>@\s]+@[^<>@\s]+)>\s*$")
BARE_ADDRESS_RE = re.compile(r"^\s*(?P<email>[^<>@\s]+@[^<>@\s]+)\s*$")


def parse_player(text: str) -> tuple[str, str]:
    """``"Ann <ann@example.org>"`` (or a bare address) as ``(name, email)``; ``ValueError`` with
    a readable message otherwise."""
    m = ADDRESS_RE.match(text)
    if m:
        name = m.group("name").strip().strip('"').strip()
        email = m.group("email").lower()
        return (name or email.split("@")[0], email)
    m = BARE_ADDRESS_RE.match(text)
    if m:
        email = m.group("email").lower()
        return (email.split("@")[0], email)
    raise ValueError(
        f'{text!r} is not a player; write it as "Name <name@example.org>" or just the address.'
    )
