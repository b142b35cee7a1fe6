"""Per-seat reply tokens: what makes a reply authoritative (the From header alone never does).

A token is an HMAC of (game, seat, turn) under the service's secret. It travels in the Message-ID of
every mail we send to that seat; a reply carries it back in In-Reply-To / References (every mail
client we know of keeps them). The subject carries only the game id, for threading and for people.

``turn`` is the seat's own decision counter (how many actions that seat has made), so a decision owed
by several seats at once is not made stale by another seat's answer, while a move answering an older
mail of the same seat is recognised as old.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

import msgspec

TOKEN_LEN = 12

_MSGID = re.compile(
    r"<pbem\.(?P<game>[a-z0-9-]{1,64})\.s(?P<seat>\d{1,4})\.t(?P<turn>\d{1,9})\.(?P<token>[a-z2-7]{12})"
    r"\.(?P<tail>[a-z0-9.-]{1,200})@(?P<host>[^<>\s]{1,255})>",
    re.I | re.ASCII,
)
"""ASCII only: with Unicode case folding, ``K`` (KELVIN SIGN) would match ``k`` and ``\\d`` would
match Arabic-Indic digits; a reference spelled so is not one of ours. The host part may be anything
(an internationalised host name in UTF-8 too)."""

MAX_REFERENCES = 200
"""At most this many token-bearing ids are taken from one reply (each costs an HMAC to check)."""


class TokenRef(msgspec.Struct, frozen=True):
    """A token found in a reply's headers."""

    game: str
    seat: int
    turn: int
    token: str


def make_token(secret: bytes, game: str, seat: int, turn: int) -> str:
    """The token of (game, seat, turn): 12 base32 characters (60 bits)."""
    mac = hmac.new(secret, f"{game}\x00{seat}\x00{turn}".encode(), hashlib.sha256).digest()
    return base64.b32encode(mac).decode().lower()[:TOKEN_LEN]


def check_token(secret: bytes, ref: TokenRef) -> bool:
    """Constant-time check of a token found in a reply."""
    return hmac.compare_digest(make_token(secret, ref.game, ref.seat, ref.turn), ref.token.lower())


def message_id(secret: bytes, game: str, seat: int, turn: int, tail: str, host: str) -> str:
    """A Message-ID carrying the seat's token. ``tail`` makes it unique and stable (e.g. ``"e42.turn"``),
    so that a mail re-sent after a crash has the same Message-ID and duplicates are recognisable."""
    tok = make_token(secret, game, seat, turn)
    tail = re.sub(r"[^a-z0-9.-]", "-", tail.lower())
    return f"<pbem.{game}.s{seat}.t{turn}.{tok}.{tail}@{host}>"


def redact(message_id: str) -> str:
    """``message_id`` with any reply token replaced by ``*``: for logs, alerts and files at rest
    (a token lets whoever reads it move for that seat until the seat moves)."""
    return _MSGID.sub(
        lambda m: f"<pbem.{m['game']}.s{m['seat']}.t{m['turn']}.*.{m['tail']}@{m['host']}>",
        message_id,
    )


def find_tokens(header_values: list[str]) -> list[TokenRef]:
    """Every token-bearing Message-ID in In-Reply-To / References values, newest first.

    The values may hold any Unicode (UTF-8 headers): other ids around ours do not matter."""
    found: list[TokenRef] = []
    for value in header_values:
        if not isinstance(value, str):
            continue
        for m in _MSGID.finditer(value):
            found.append(
                TokenRef(
                    m.group("game").lower(),
                    int(m.group("seat")),
                    int(m.group("turn")),
                    m.group("token").lower(),
                )
            )
    if len(found) > MAX_REFERENCES:  # the first (In-Reply-To) and the newest references
        found = found[:1] + found[-(MAX_REFERENCES - 1) :]
    # References lists oldest first; the mail answered is the last one. In-Reply-To comes first in
    # the list we are given, so keep order but prefer the highest turn for the same game and seat.
    found.sort(key=lambda r: -r.turn)
    return found


# ---------------------------------------------------------------------------------------------
# Notices: the mails that are not a seat's (confirmations, invitations, JOIN/WATCH/LEAVE notices,
# observers' mails, key mails). Their Message-ID carries a MAC of the address they were sent to,
# so that a reply from that address is known to answer one of our mails (docs/SECURITY.md).
# ---------------------------------------------------------------------------------------------

_NOTICE = re.compile(
    r"<pbem\.notice\.(?P<h>[0-9a-f]{16})(?:\.(?P<mac>[0-9a-f]{16}))?@[^<>\s]{1,255}>", re.ASCII
)


def notice_hash(tail: str) -> str:
    """The public part of a notice's Message-ID: a hash of its tail (stable across a re-send)."""
    return hashlib.sha256(tail.encode()).hexdigest()[:16]


def _notice_mac(secret: bytes, address: str, h: str) -> str:
    msg = f"pbem-notice-v1\x00{address.strip().lower()}\x00{h}".encode()
    return hmac.new(secret, msg, hashlib.sha256).hexdigest()[:16]


def notice_id(secret: bytes, address: str, tail: str, host: str) -> str:
    """The Message-ID of a notice to ``address``: ``<pbem.notice.<hash of tail>.<mac>@host>``."""
    h = notice_hash(tail)
    return f"<pbem.notice.{h}.{_notice_mac(secret, address, h)}@{host}>"


def notice_hashes(header_values: list[str]) -> list[str]:
    """The tail hashes of every notice id (with or without its MAC) in threading headers."""
    out: list[str] = []
    for value in header_values:
        if isinstance(value, str):
            out.extend(m.group("h") for m in _NOTICE.finditer(value))
    return out[:MAX_REFERENCES]


def answers_our_notice(secret: bytes, address: str, header_values: list[str]) -> bool:
    """Whether these In-Reply-To / References values name a notice we sent to ``address``: the
    reply's sender is then someone who received our mail at that address (the MAC cannot be
    guessed), however the reply is worded. Replies to mails sent to another address do not
    count."""
    if not address:
        return False
    n = 0
    for value in header_values:
        if not isinstance(value, str):
            continue
        for m in _NOTICE.finditer(value):
            n += 1
            if n > MAX_REFERENCES:
                return False
            mac = m.group("mac")
            if mac and hmac.compare_digest(_notice_mac(secret, address, m.group("h")), mac):
                return True
    return False
