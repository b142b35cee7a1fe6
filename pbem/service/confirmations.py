"""A request by mail that waits for its sender's confirmation (issue 24: sign-up's JOIN, LEAVE,
WATCH, UNWATCH and take-over's STANDBY, TAKEOVER each had a copy): the confirmation's Message-ID
tail, the mail asking for it, and the checks of the answer every such request shares.

A request is stored as a :class:`Pending` (sign-up's adds the From name). The tail is
``confirm.<HMAC>`` of the address, the request and the day with the token secret,
under a purpose string of its own per kind of request, so that one kind's confirmation never
confirms another's. Nothing here keeps a file: each caller stores its request under the hash of
the tail (sign-up in ``requests/``, take-over in ``takeovers/``).
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import msgspec

from pbem.i18n import _, ngettext
from pbem.model import parse_time
from pbem.service.mailer import Mail
from pbem.service.outcome import Folder, Outcome, Reason

if TYPE_CHECKING:
    from pbem.mail.parse import ParsedMail
    from pbem.service.mailer import Mailer

CONFIRM_DAYS = 7
"""A request not confirmed within this many days lapses."""

Refuse = Callable[["ParsedMail", str, Reason], Outcome]
"""How an answer that cannot confirm is refused (the facade's ``refuse_stranger``)."""


class Pending(msgspec.Struct, kw_only=True):
    """A request waiting for its confirmation, as its caller stores it (docs/FILE-FORMATS.md:
    ``requests/<h>.json``, ``takeovers/<h>.json``)."""

    address: str
    """Who asked: only a reply from this address confirms."""
    verb: str
    """``join``, ``leave``, ``watch``, ``unwatch``, ``standby`` or ``takeover``; ``lang``,
    ``vacation`` or ``back`` of a new mail (:mod:`pbem.service.account`)."""
    target: str
    """What it is asked of: a game or open game (its name or id), ``<game> <seat>`` for a
    take-over, ``any`` or ``off`` for STANDBY."""
    created: str
    """When it was asked (ISO time): it lapses :data:`CONFIRM_DAYS` later."""
    done: bool = False
    """Carried out: a second reply to the confirmation changes nothing."""

    def tail(self, secret: bytes, purpose: str) -> str:
        """The Message-ID tail of this request's confirmation (the caller stores the request
        under its :func:`~pbem.mail.tokens.notice_hash`): the same request the same day gets the
        same tail (one stored request, not two)."""
        day = parse_time(self.created).strftime("%Y%m%d")
        msg = f"{purpose}\x00{self.address}\x00{self.verb}\x00{self.target}\x00{day}".encode()
        return f"confirm.{hmac.new(secret, msg, hashlib.sha256).hexdigest()}"


def ask_confirmation(
    mailer: Mailer, verb: str, target: str, asked: str, tail: str, p: ParsedMail
) -> Outcome:
    """Mail ``p``'s sender the confirmation of ``verb target`` (``asked`` says what was asked),
    with the Message-ID tail ``tail``; the request itself is stored by the caller."""
    ctx = mailer.notice_context(
        _("please confirm: %(request)s") % {"request": f"{verb.upper()} {target}".strip()},
        "",  # never the request's From name: it may be a forger's text
        paragraphs=[
            asked,
            ngettext(
                "To confirm, reply to this mail (what you write does not matter). Nothing "
                "happens until you do; the request lapses after %(num)d day.",
                "To confirm, reply to this mail (what you write does not matter). Nothing "
                "happens until you do; the request lapses after %(num)d days.",
                CONFIRM_DAYS,
            )
            % {"num": CONFIRM_DAYS},
            _("If you did not ask for this, ignore this mail."),
        ],
    )
    mailer.send(Mail("notice", ctx, "", p.from_addr, tail, reply_to=p))
    return Outcome(Folder.PROCESSED, Reason.CONFIRMATION_SENT, None, 1, detail=verb)


def unconfirmable(refuse: Refuse, p: ParsedMail, asked: Pending, now: datetime) -> Outcome | None:
    """Why an answer to the confirmation of ``asked`` confirms nothing, or None when it confirms:
    it comes from another address than the one asked for (refused), the request is done already
    (filed), or it has lapsed (refused)."""
    if p.from_addr != asked.address:
        return refuse(
            p,
            _(
                "The mail you answered was a confirmation sent to another address; it can only "
                "be confirmed from there."
            ),
            Reason.OTHER_SEAT,
        )
    if asked.done:
        return Outcome(Folder.PROCESSED, Reason.ALREADY_APPLIED)
    if now - parse_time(asked.created) > timedelta(days=CONFIRM_DAYS):
        return refuse(
            p, _("That confirmation has lapsed; send your request again."), Reason.BAD_TOKEN
        )
    return None
