"""From a screened message to a seat: the reply token, the seat's address, our own server's
Authentication-Results. The result is a typed :class:`Seated` context, or a refusal.

The From header alone never authorizes anything: the mail must answer one of our mails to that
seat (its token, an HMAC, travels in the Message-ID the reply references) *and* come from the
address of the player now holding that seat.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass

from pbem.errors import IntegrityError
from pbem.i18n import N_
from pbem.mail.parse import ParsedMail
from pbem.mail.policy import dmarc_verdict
from pbem.mail.tokens import TokenRef, check_token, find_tokens
from pbem.model import Player
from pbem.service.outcome import Folder, Outcome, Reason
from pbem.service.ports import COMPUTER_PREFIX, Policy
from pbem.store import GameRecord, Store

log = logging.getLogger("pbem.service")


@dataclass(frozen=True)
class Incoming:
    """One message as every step reads it: parsed once (and once more after decryption)."""

    raw: bytes
    """The bytes as fetched."""
    outer: ParsedMail
    """The routing headers as our server saw them (Authentication-Results, the envelope)."""
    mail: ParsedMail
    """The message the player wrote: ``outer``, or the decrypted inner message (its parsed
    ``message`` is what the keys step reads keys from: no step parses the bytes again)."""


@dataclass(frozen=True)
class Seated:
    """An authenticated message: whose seat, in which game, answering which mail."""

    incoming: Incoming
    record: GameRecord
    ref: TokenRef
    player: Player

    @property
    def seat(self) -> int:
        return self.ref.seat

    @property
    def game_id(self) -> str:
        return self.record.envelope.game_id

    @property
    def mail(self) -> ParsedMail:
        return self.incoming.mail

    @property
    def ledger_key(self) -> str | None:
        """The exactly-once key: the Message-ID *and* the seat, so one seat's Message-ID reused
        by another seat is not taken for the first seat's mail. A mail without a Message-ID is
        known by a hash of its bytes as fetched (a fetch replayed after a crash gives the same
        bytes), so that its SAY is not relayed twice."""
        mid = self.mail.message_id or self.incoming.outer.message_id
        if not mid:
            digest = hashlib.sha256(self.incoming.raw).hexdigest()[:32]
            mid = f"<no-message-id.{digest}@pbem.invalid>"
        return f"{mid}#s{self.seat}"


@dataclass(frozen=True)
class Refusal:
    """Why a message could not be tied to a seat; ``why`` is the answer's text (None: silence)."""

    reason: Reason
    why: str | None
    game: GameRecord | None = None


NO_TOKEN = N_(
    "This mail does not answer one of our game mails, so we cannot tell that it is "
    "really yours (the From line alone can be forged). Please use Reply on the last "
    "mail you got for your game, and write your command above or below the quote."
)
BAD_TOKEN = N_(
    "The mail you answered is not one of ours (its reference is unknown or altered). "
    "Please reply to the last mail you got for your game."
)
OTHER_SEAT = N_(
    "The mail you answered was sent to another player of this game, so it cannot carry "
    "your commands. Reply to your own mails."
)
NOT_A_PLAYER = N_("You are not a player of this game, so we cannot accept commands from you.")
AUTH_FAILED = N_(
    "Your mail did not pass our mail server's sender check (Authentication-Results), "
    "so we cannot accept it. If this keeps happening, tell the game master."
)


def authenticate(
    store: Store, policy: Policy, secret: bytes, incoming: Incoming
) -> Seated | Refusal | Outcome:
    """The seat this message speaks for, a :class:`Refusal`, or an :class:`Outcome` (a game whose
    files fail their checks: that message waits in the Shunt folder)."""
    p, outer = incoming.mail, incoming.outer
    refs = find_tokens([p.in_reply_to, *p.references, *outer.references, outer.in_reply_to])
    if not refs:
        # A fresh mail, or a client that dropped the references: From alone proves nothing.
        return Refusal(Reason.NO_TOKEN, NO_TOKEN)
    # The newest reference whose token is genuine decides the game and the seat.
    ref = next((r for r in refs if check_token(secret, r)), None)
    if ref is None or not store.exists(ref.game):
        return Refusal(Reason.BAD_TOKEN, BAD_TOKEN)
    try:
        record = store.load(ref.game)
    except IntegrityError:
        return Outcome(Folder.SHUNT, Reason.INTEGRITY, ref.game)
    env = record.envelope
    owner = env.active_player(ref.seat)
    sender = p.from_addr
    if owner.email.startswith(COMPUTER_PREFIX) or sender.startswith(COMPUTER_PREFIX):
        # The computer plays this seat (its player resigned): nobody writes for it by mail,
        # whatever the From says and whichever old token of the seat the mail carries.
        log.warning("refused a mail for %s seat %d: a computer seat", ref.game, ref.seat)
        why = OTHER_SEAT if env.seat_of_email(sender) is not None else NOT_A_PLAYER
        return Refusal(Reason.OTHER_SEAT, why, record)
    if sender != owner.email:
        log.warning("refused a mail for %s seat %d: token of another sender", ref.game, ref.seat)
        why = OTHER_SEAT if env.seat_of_email(sender) is not None else NOT_A_PLAYER
        return Refusal(Reason.OTHER_SEAT, why, record)
    if policy.authserv_id and dmarc_verdict(outer, policy.authserv_id) != "pass":
        return Refusal(Reason.AUTH_RESULTS, AUTH_FAILED, record)
    return Seated(incoming, record, ref, owner)
