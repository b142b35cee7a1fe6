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
import unicodedata
from datetime import UTC, datetime
from typing import Literal, TypeAlias

import msgspec

ENVELOPE_SCHEMA = 1
"""Schema version of :class:`Envelope` written by this code (see docs/FILE-FORMATS.md)."""

GameStatus: TypeAlias = Literal["active", "paused", "ended", "stopped"]
"""``stopped`` is never written by the store: it is what the service calls a game whose files
failed verification (the GM must repair it)."""

PlayerStatus: TypeAlias = Literal["active", "replaced", "resigned"]

GAME_ID_RE = re.compile(r"\A(?=.{3,40}\Z)[a-z0-9]+(-[a-z0-9]+)+\Z")
"""What a game id looks like (also a safe directory name). The hyphen is required, so that other
directories the service keeps in the data directory (``outbox``...) are never taken for games."""

_ID = r"(?=[a-z0-9-]{3,40}(?:/|\Z))[a-z0-9]+(?:-[a-z0-9]+)+"
_GAME_IDS_RE = re.compile(rf"(?:{_ID}/)*{_ID}")
"""Names joined by ``/`` (which no file name holds) that all look like game ids."""


def all_game_ids(names: list[str]) -> bool:
    """Whether every name matches :data:`GAME_ID_RE` (and there is one): one regular-expression
    call for all, where matching 10,000 names one by one costs a few milliseconds."""
    return _GAME_IDS_RE.fullmatch("/".join(names)) is not None


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


MAX_NAME_CHARS = 64
MAX_EMAIL_CHARS = 254
_LOCAL_PART = re.compile(r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*")
_DOMAIN_LABEL = re.compile(r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?")


def _bad_char(text: str) -> str | None:
    """The first character that must not appear in a name or address: control characters (CR,
    LF, TAB, NUL...), format characters (bidi overrides, zero-width joiners) and the Unicode line
    and paragraph separators; None when there is none."""
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
            return ch
    return None


def check_name(name: str) -> str:
    """``name`` stripped, or ``ValueError`` with a one-line reason. A name goes into mail headers
    and other players' mails: a line break in it would forge headers or lines."""
    bad = _bad_char(name)
    if bad is not None:
        raise ValueError(
            f"the name {name!r} contains the invisible or control character U+{ord(bad):04X}; "
            "write it on one line, without control characters."
        )
    name = name.strip()
    if not name:
        raise ValueError("the player's name is empty.")
    if len(name) > MAX_NAME_CHARS:
        raise ValueError(f"the name {name[:20]!r}... is longer than {MAX_NAME_CHARS} characters.")
    if any(c in name for c in '<>"\\'):
        raise ValueError(f'the name {name!r} contains one of < > " \\; leave them out.')
    return name


def check_email(email: str) -> str:
    """``email`` lowercased, or ``ValueError`` with a one-line reason.

    Addresses are ASCII: the service does not send SMTPUTF8 mail (docs/SECURITY.md). A domain in
    Unicode is converted to its ASCII form (``bücher.example`` -> ``xn--bcher-kva.example``), which
    every mail server accepts; a local part outside ASCII is refused.
    """
    bad = _bad_char(email)
    if bad is not None:
        raise ValueError(
            f"the address {email!r} contains the invisible or control character U+{ord(bad):04X}."
        )
    email = email.strip()
    local, at, domain = email.rpartition("@")
    if not at or not local or not domain:
        raise ValueError(f"{email!r} is not an email address (name@example.org).")
    if not local.isascii():
        raise ValueError(
            f"the address {email!r} has non-ASCII characters before the @; this service sends "
            "ASCII mail only: give another address of that player."
        )
    if not domain.isascii():
        try:
            domain = domain.encode("idna").decode("ascii")
        except UnicodeError:
            raise ValueError(f"the domain of {email!r} is not a valid domain name.") from None
    domain = domain.rstrip(".")
    if not _LOCAL_PART.fullmatch(local):
        raise ValueError(f"{email!r} is not an email address: check the part before the @.")
    labels = domain.split(".")
    if not all(_DOMAIN_LABEL.fullmatch(label) for label in labels):
        raise ValueError(f"{email!r} is not an email address: check the part after the @.")
    email = f"{local}@{domain}".lower()
    if len(email) > MAX_EMAIL_CHARS:
        raise ValueError(f"the address {email[:30]!r}... is too long.")
    return email


def check_player(name: str, email: str) -> tuple[str, str]:
    """``(name, email)`` checked and normalised (:func:`check_name`, :func:`check_email`), or
    ``ValueError`` with a one-line reason. Every way a player enters a game goes through it."""
    return check_name(name), check_email(email)


ADDRESS_RE = re.compile(r"^\s*(?P<name>[^<>]*?)\s*<(?P<email>[^<>@\s]+@[^<>@\s]+)>\s*$")
BARE_ADDRESS_RE = re.compile(r"^\s*(?P<email>[^<>@\s]+@[^<>@\s]+)\s*$")


def parse_player(text: str) -> tuple[str, str]:
    """``"Ann <ann@example.org>"`` (or a bare address) as ``(name, email)``, checked by
    :func:`check_player`; ``ValueError`` with a readable one-line message otherwise."""
    bad = _bad_char(text)
    if bad is not None:
        raise ValueError(
            f"{text!r} contains the invisible or control character U+{ord(bad):04X}; write the player on one "
            "line, without control characters."
        )
    m = ADDRESS_RE.match(text)
    if m:
        name = m.group("name").strip().strip('"').strip()
        email = check_email(m.group("email"))
        return check_player(name or email.split("@")[0], email)
    m = BARE_ADDRESS_RE.match(text)
    if m:
        email = check_email(m.group("email"))
        return check_player(email.split("@")[0], email)
    raise ValueError(
        f'{text!r} is not a player; write it as "Name <name@example.org>" or just the address.'
    )
