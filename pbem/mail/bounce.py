"""Delivery failures that come back: recognising a bounce and what it is about.

Recognition is :mod:`flufl.bounce` (GNU Mailman's detector: RFC 3464 DSNs and the non-standard
shapes of Exim, qmail, Yahoo, Exchange, Postfix and a dozen more), run only on a mail that
:func:`pbem.mail.policy.is_loop_or_auto` already drops (so a player's reply is never read as one)
and that carries none of the marks of an auto-reply (a vacation notice is not a delivery failure).

What it is about is found without trusting the bounce's words: the Message-IDs of our own mails
that the bounce quotes (a DSN returns the original headers; most others quote them). A seat's mail
carries that seat's token (:mod:`pbem.mail.tokens`), so a valid token names the one game and seat
the failed mail was sent to, and nobody can forge a bounce against a player without having seen
one of that player's mails. A VERP-style return path (``service+b.<game>.s<seat>.t<turn>.<token>
@domain``, with ``[smtp] verp = true``) names the same seat through the address the bounce was
delivered to, for the bounces that quote nothing.

Pure: bytes in, a :class:`BounceReport` out; counting and acting are
:mod:`pbem.service.bounces`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import Message

from pbem.mail.tokens import TokenRef, find_tokens

__all__ = ["BounceReport", "read_bounce", "verp_address", "is_auto_reply"]

_OUR_ID = re.compile(rb"<pbem\.[a-z0-9.*-]{1,300}@[^<>\s]{1,255}>", re.I)

_AUTO_REPLY_SUBJECT = re.compile(
    r"^\s*(auto(matic)?[ -]?(reply|response|antwort)|out of (the )?office|abwesenheit|"
    r"r[ée]ponse automatique|risposta automatica|absence|vacation|urlaub|away from)",
    re.I,
)
_AUTO_REPLY_HEADERS = ("x-autoreply", "x-autorespond", "x-vacation", "x-auto-response-suppress")

_VERP_LOCAL = re.compile(
    r"\+b\.([a-z0-9-]{1,64})\.s(\d{1,4})\.t(\d{1,9})\.([a-z2-7]{12})$", re.I | re.ASCII
)


@dataclass(frozen=True)
class BounceReport:
    """What one bounce says, as far as it can be trusted."""

    permanent: frozenset[str]
    """Addresses whose delivery failed for good (lowercased), as the bounce names them."""
    temporary: frozenset[str]
    """Addresses whose delivery is only delayed (a warning; never counted)."""
    tokens: tuple[TokenRef, ...] = ()
    """Seat tokens of our mails that the bounce quotes (not yet checked)."""
    message_ids: tuple[str, ...] = ()
    """Every Message-ID of ours the bounce quotes (seat mails and others)."""
    verp: tuple[TokenRef, ...] = ()
    """Seat tokens of the VERP return paths the bounce was delivered to (also in ``tokens``)."""
    kind: str = "failure"
    """``failure`` (a delivery failed), ``delay`` (only delayed: a warning)."""
    detector: str = field(default="", compare=False)

    @property
    def ours(self) -> bool:
        """The bounce is about a mail we sent (it quotes our Message-ID or return path)."""
        return bool(self.message_ids or self.verp)


def is_auto_reply(msg: Message) -> bool:
    """An auto-reply (vacation, out-of-office, read receipt), not a delivery failure.

    A delivery report (multipart/report of delivery-status) and a mail from a mail system
    (MAILER-DAEMON, postmaster: Exim marks its bounces ``Auto-Submitted: auto-replied`` too) are
    never auto-replies; otherwise the marks of RFC 3834 and of the common responders count."""
    ctype = msg.get_content_type()
    report = str(msg.get_param("report-type") or "").lower() if ctype == "multipart/report" else ""
    if report == "delivery-status":
        return False
    if report == "disposition-notification":
        return True  # a read receipt (RFC 8098)
    sender = str(msg.get("from") or "").lower()
    if _MAIL_SYSTEM.search(sender):
        return False
    auto = (msg.get("auto-submitted") or "").split(";")[0].strip().lower()
    if auto == "auto-replied":
        return True
    if any(msg.get(h) for h in _AUTO_REPLY_HEADERS):
        return True
    if (msg.get("precedence") or "").strip().lower() in ("auto_reply", "auto-reply"):
        return True
    subject = str(msg.get("subject") or "")
    return bool(_AUTO_REPLY_SUBJECT.match(subject))


_MAIL_SYSTEM = re.compile(r"(mailer-?daemon|postmaster|mail delivery|microsoftexchange)", re.I)


def verp_address(service_address: str, message_id: str) -> str | None:
    """The return path of one seat mail (VERP): ``local+b.<game>.s<seat>.t<turn>.<token>@domain``,
    the seat token of its Message-ID (which the mail carries anyway), so that a bounce delivered
    to it names the seat even when it quotes nothing of the mail. None for a mail without a token
    (the plain service address is its return path)."""
    refs = find_tokens([message_id])
    local, at, domain = service_address.rpartition("@")
    if not refs or not at:
        return None
    r = refs[0]
    return f"{local}+b.{r.game}.s{r.seat}.t{r.turn}.{r.token}@{domain}"


def _delivered_to(msg: Message) -> list[str]:
    out: list[str] = []
    for h in ("delivered-to", "x-original-to", "envelope-to", "to"):
        for v in msg.get_all(h) or []:
            out.extend(re.findall(r"[^\s<>,;\"]+@[^\s<>,;\"]+", str(v)))
    return out


def _texts(msg: Message) -> list[bytes]:
    """Every part's content as bytes (decoded from base64/quoted-printable), headers of attached
    messages included: where the original Message-ID may stand."""
    out: list[bytes] = []
    for part in msg.walk():
        if part.is_multipart():
            continue
        payload = part.get_payload(decode=True)
        if isinstance(payload, bytes):
            out.append(payload)
        else:
            raw = part.get_payload()
            if isinstance(raw, str):
                out.append(raw.encode("utf-8", "replace"))
    return out


def read_bounce(raw: bytes, max_bytes: int = 2_000_000) -> BounceReport | None:
    """The bounce report of ``raw``, or None when it is no delivery failure (a person's mail, an
    auto-reply, a read receipt). The caller has already judged ``raw`` automatic mail."""
    from flufl.bounce import all_failures

    raw = raw[:max_bytes]
    msg = message_from_bytes(raw)
    if is_auto_reply(msg):
        return None
    try:
        temporary, permanent = all_failures(msg)
    except Exception:  # a detector tripping over a malformed part: no verdict, not a crash
        temporary, permanent = frozenset(), frozenset()
    perm = frozenset(a.decode("ascii", "replace").lower() for a in permanent)
    temp = frozenset(a.decode("ascii", "replace").lower() for a in temporary) - perm
    texts = [raw, *_texts(msg)]
    ids: dict[str, None] = {}
    for blob in texts:
        for m in _OUR_ID.finditer(blob):
            ids.setdefault(m.group().decode("ascii", "replace"), None)
    verps: list[TokenRef] = []
    for addr in _delivered_to(msg):
        vm = _VERP_LOCAL.search(addr.rpartition("@")[0])
        if vm:
            ref = TokenRef(vm[1].lower(), int(vm[2]), int(vm[3]), vm[4].lower())
            if ref not in verps:
                verps.append(ref)
    if not perm and not temp and (not (ids or verps) or not _looks_like_failure(msg)):
        # No detector named a recipient: still a failure when it comes from a mail system about
        # a mail of ours (the caller knows it is automatic mail, and it is no auto-reply).
        return None
    kind = "delay" if temp and not perm else "failure"
    if not perm and not temp and _looks_like_delay(msg):
        kind = "delay"
    tokens = [*find_tokens(list(ids)), *(v for v in verps if v not in find_tokens(list(ids)))]
    return BounceReport(perm, temp, tuple(tokens), tuple(ids), tuple(verps), kind)


_FAILURE_WORDS = re.compile(
    rb"(undeliverable|undelivered|delivery (status notification|has failed|failed|failure)|"
    rb"returned mail|failure notice|could not be delivered|permanent(ly)? (error|fail)|"
    rb"mail delivery (system|subsystem|failed)|user unknown|no such user|mailbox unavailable|"
    rb"does not exist|non[- ]?delivery|not delivered|550[ -]|5\.\d\.\d)",
    re.I,
)
_DELAY_WORDS = re.compile(
    rb"(delayed|will retry|still trying|not yet been delivered|4\.\d\.\d)", re.I
)


def _looks_like_failure(msg: Message) -> bool:
    head = str(msg.get("subject") or "").encode("utf-8", "replace")
    body = b"\n".join(_texts(msg))[:20000]
    return bool(_FAILURE_WORDS.search(head) or _FAILURE_WORDS.search(body))


def _looks_like_delay(msg: Message) -> bool:
    head = str(msg.get("subject") or "").encode("utf-8", "replace")
    return bool(_DELAY_WORDS.search(head)) and not _FAILURE_WORDS.search(head)
