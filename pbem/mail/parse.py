"""Reading an incoming message: raw bytes -> :class:`ParsedMail` facts. Pure: no I/O, no clock.

Two entry points:

- :func:`parse_message` decodes the headers the mail loop needs (sender, threading ids,
  Authentication-Results, auto-reply and bounce indicators), the body text (text/plain preferred;
  an HTML-only body is flattened to text with quotes kept as ``>`` lines) and the attachments.
- :func:`command_lines` (re-exported from :mod:`pbem.mail.reply`, which owns the reading) keeps
  only what the player wrote *this time*.

Nothing here raises on malformed mail, and the cost of a message is bounded before anything in it
is trusted (docs/SECURITY.md):

- a message larger than :data:`MAX_PARSE_BYTES` has only its header section read;
- the MIME structure is screened on the raw bytes before the stdlib parser builds it: more than
  :data:`MAX_MIME_CONTAINERS` multipart/message containers (nesting) or more than
  :data:`MAX_MIME_PARTS` boundary lines, and only the headers are read (``body_problem`` says why);
- every charset and transfer-encoding error falls back to UTF-8 with replacement characters, and
  charsets that are not text encodings of mail (``idna``, ``punycode``, ``undefined``, the escape
  codecs) are never used to decode;
- HTML is flattened by a linear tokenizer with a capped output (:mod:`pbem.mail.htmltext`);
- header values are decoded from 8-bit bytes as UTF-8 (never left as surrogates).

The From header is read strictly (:func:`pbem.mail.identity.parse_from`): one header, one mailbox,
the display name never taken for the address. When it is not so, ``from_addr`` is ``""`` and
``from_problem`` says why, so every later check treats the mail as having no sender.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import datetime as dt
import quopri
import re
from dataclasses import dataclass, field
from email.message import EmailMessage, Message
from email.parser import BytesParser
from email.policy import EmailPolicy
from email.utils import getaddresses, parseaddr, parsedate_to_datetime
from typing import Literal

from pbem.i18n import N_
from pbem.mail.fingerprint import Fingerprint
from pbem.mail.htmltext import html_to_text
from pbem.mail.identity import AuthMethod, AuthResult, clean, parse_auth_results, parse_from
from pbem.mail.reply import command_lines, decode_flowed, normalize_line

__all__ = [
    "Attachment",
    "AuthMethod",
    "AuthResult",
    "ParsedMail",
    "parse_message",
    "command_lines",
    "html_to_text",
    "normalize_line",
    "parse_auth_results",
    "MAX_PARSE_BYTES",
    "MAX_MIME_CONTAINERS",
    "MAX_MIME_PARTS",
    "MAX_HEADER_CHARS",
    "MAX_HEADER_ITEMS",
    "bound_header",
]

Encryption = Literal["smime", "pgp", "pgp-inline"]

MAX_PARSE_BYTES = 4_000_000
"""Beyond this only the header section is read (the service refuses far smaller mails anyway:
:func:`pbem.mail.policy.size_problem` on the raw bytes comes first)."""

MAX_MIME_CONTAINERS = 32
"""multipart/* and message/* parts in one message; a deeper or busier structure is not parsed."""

MAX_MIME_PARTS = 500
"""Boundary lines in one multipart message."""

MAX_TEXT_CHARS = 200_000
"""The body text is cut here: a move is a line."""

MAX_AUTH_RESULTS_HEADERS = 3
"""Authentication-Results headers parsed (from the top); only the topmost can be ours anyway."""

_UNSAFE_CHARSETS = frozenset(
    {"idna", "punycode", "undefined", "unicode_escape", "raw_unicode_escape", "mbcs", "oem"}
)
"""Codecs that are no mail charset: they raise on ``errors="replace"`` or cost quadratic time."""


@dataclass(frozen=True)
class Attachment:
    """A part that is not the body text (keys, certificates, images...)."""

    filename: str
    """The declared file name (``""`` when none)."""
    content_type: str
    """Lowercased MIME type, e.g. ``application/pgp-keys``."""
    data: bytes
    """The decoded content."""


@dataclass(frozen=True, eq=False)
class ParsedMail:
    """The facts of one incoming message that the mail loop decides on."""

    from_addr: str
    """The From address, lowercased (``""`` when missing, unreadable or ambiguous: see
    :attr:`from_problem`). Internationalised (UTF-8) addresses are kept as they are."""
    from_name: str
    """The From display name (``""`` when none). Never an address, whatever it looks like."""
    to: tuple[str, ...]
    """To and Cc addresses (domain lowercased; the local part keeps its case, for tokens)."""
    delivered_to: tuple[str, ...]
    """Delivered-To / X-Original-To addresses: the envelope recipients, e.g. the token-bearing
    ``service+Token@host`` (domain lowercased, local part as delivered)."""
    reply_to: tuple[str, ...]
    """Reply-To addresses (domain lowercased)."""
    subject: str
    """The decoded subject, whitespace collapsed."""
    message_id: str
    """The Message-ID with its angle brackets (``""`` when missing); UTF-8 ids are kept."""
    in_reply_to: str
    """The first id of In-Reply-To, with angle brackets (``""`` when missing)."""
    references: tuple[str, ...]
    """The ids of References, oldest first, with angle brackets."""
    date: dt.datetime | None
    """The Date header (None when missing or unparseable)."""
    auth_results: tuple[AuthResult, ...]
    """Authentication-Results headers from the top of the message down: ``auth_results[0]`` is
    the one the last receiving server added, the only candidate worth trusting."""
    auto_submitted: str
    """Auto-Submitted value lowercased (``""`` when absent; ``"no"`` means a human sent it)."""
    precedence: str
    """Precedence value lowercased (bulk, junk, list, auto_reply...)."""
    x_loop: tuple[str, ...]
    """X-Loop values, lowercased."""
    autoreply_headers: tuple[str, ...]
    """Names of vacation-responder headers present (X-Autoreply, X-Autorespond, ...)."""
    return_path: str | None
    """The Return-Path address lowercased, ``""`` for the null sender ``<>``, None when absent."""
    content_type: str
    """The top-level MIME type, lowercased."""
    is_report: bool
    """True for ``multipart/report`` (delivery status and disposition notifications)."""
    size: int
    """Length of the raw message in bytes."""
    text: str
    """The body text: text/plain preferred, else the flattened HTML (quotes as ``>`` lines)."""
    attachments: tuple[Attachment, ...]
    """Every non-body part with content (including S/MIME or PGP payloads)."""
    encryption: Encryption | None
    """``smime`` (application/pkcs7-mime enveloped), ``pgp`` (multipart/encrypted), ``pgp-inline``
    (an armored PGP MESSAGE in the text), or None."""
    message: EmailMessage = field(repr=False)
    """The parsed message itself (policy.default), for what the fields above do not cover. When
    :attr:`body_problem` is set it holds the headers only."""
    list_id: str = ""
    """The List-Id header (``""`` when absent): the message came through a mailing list."""
    from_problem: str = ""
    """Why the From header cannot name a sender (``""`` when it names exactly one mailbox): no
    From, two From headers, two addresses, a group, an unreadable address... The service must
    neither act on nor answer such a mail (:attr:`from_addr` is ``""``, so the loop screen
    :func:`pbem.mail.policy.is_loop_or_auto` drops it)."""
    body_problem: str = ""
    """Why the body was not read (``""`` when it was): too large, too deeply nested, too many
    parts. The text is then empty."""

    @property
    def sender_domain(self) -> str:
        """The domain of :attr:`from_addr` (``""`` when none)."""
        return self.from_addr.rpartition("@")[2]

    def command_lines(self, fingerprint: Fingerprint | None = None) -> list[str]:
        """:func:`pbem.mail.reply.command_lines` of :attr:`text` (``fingerprint``: of the answered
        mail, so that its lines are never read as the player's)."""
        return command_lines(self.text, fingerprint=fingerprint)


# ---------------------------------------------------------------------------------------------
# Headers
# ---------------------------------------------------------------------------------------------

_MSGID = re.compile(r"<[^<>\s]+>")
_AUTORESPONDER_HEADERS = (
    "X-Autoreply",
    "X-Autorespond",
    "X-Autoresponder",
    "X-Autogenerated",
    "X-AutoReply-From",
    "X-Mail-Autoreply",
)


_ENCODED_WORD = re.compile(r"=\?([^?\s]{1,40})\?([bBqQ])\?([^?\s]*)\?=")
_BETWEEN_WORDS = re.compile(r"(\?=)\s+(?==\?)")
MAX_ID_WORDS = 200
"""RFC 2047 encoded words decoded in one threading header (In-Reply-To, References, Message-ID)."""


def _decoded_ids(value: str) -> str:
    """``value`` with its RFC 2047 encoded words decoded: mail programs built on Python's email
    package encode a Message-ID of 78 characters or more so in In-Reply-To and References (ids are
    ASCII: a word in another charset, or one that does not decode, is left as it is)."""
    if "=?" not in value:
        return value
    value = _BETWEEN_WORDS.sub(r"\1", value)  # whitespace between two words is not text
    count = 0

    def one(m: re.Match[str]) -> str:
        nonlocal count
        count += 1
        if count > MAX_ID_WORDS:
            return m.group(0)
        data = m.group(3).encode("ascii", "replace")
        try:
            if m.group(2) in "bB":
                raw = base64.b64decode(data + b"=" * (-len(data) % 4), validate=False)
            else:
                raw = quopri.decodestring(data.replace(b"_", b" "), header=True)
            return raw.decode("ascii")
        except (ValueError, UnicodeDecodeError, binascii.Error):
            return m.group(0)

    return _ENCODED_WORD.sub(one, value)


def _header(msg: Message, name: str) -> str:
    """A header's decoded value (RFC 2047 words decoded), unfolded; ``""`` when absent or
    undecodable."""
    try:
        value = msg.get(name)
        if value is None:
            return ""
        text = str(value)
    except Exception:  # a malformed header must not stop the tick
        return ""
    return " ".join(clean(text).split())


def _raw_headers(msg: Message) -> dict[str, list[str]]:
    """Header name (lowercased) -> unfolded raw values (8-bit bytes read as UTF-8), top first,
    without the header registry.

    For the ASCII-only headers (ids, trace and loop headers): parsing every header through
    policy.default's registry is most of the cost of reading a message.
    """
    out: dict[str, list[str]] = {}
    for name, value in msg.raw_items():
        out.setdefault(clean(str(name)).lower(), []).append(" ".join(clean(str(value)).split()))
    return out


MAX_ADDRESS_LIST_CHARS = 8192
"""To, Cc, Delivered-To and Reply-To are read up to here (cut after the last whole address):
``getaddresses`` on a 900 KB list cost most of a second, and the service needs none of it to
decide (tokens come from the threading headers)."""


def _bounded_list(values: list[str]) -> list[str]:
    out: list[str] = []
    left = MAX_ADDRESS_LIST_CHARS
    for value in values:
        if len(value) > left:
            value = value[:left].rpartition(",")[0]
            if value:
                out.append(value)
            break
        out.append(value)
        left -= len(value)
    return out


def _address_list(values: list[str]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    try:
        pairs = getaddresses(_bounded_list(values))
    except Exception:
        return ()
    for _name, addr in pairs:
        local, at, domain = addr.strip().rpartition("@")
        if at and local:
            # The local part keeps its case: a reply token in "service+Token@" may be case-sensitive.
            seen.setdefault(f"{local}@{domain.lower()}", None)
    return tuple(seen)


def _return_path(values: list[str]) -> str | None:
    if not values:
        return None
    value = values[0].strip()
    if value in ("<>", ""):
        return ""
    if len(value) > 998:  # longer than a line may be: no address of ours to answer
        return ""
    try:
        return parseaddr(value)[1].strip().lower()
    except Exception:
        return ""


def _date(values: list[str]) -> dt.datetime | None:
    value = values[0] if values else ""
    if not value:
        return None
    try:
        return parsedate_to_datetime(value)
    except Exception:  # TypeError, ValueError, IndexError, OverflowError...
        return None


# ---------------------------------------------------------------------------------------------
# Structure screening (on the raw bytes, before the stdlib parser builds anything)
# ---------------------------------------------------------------------------------------------

_CONTAINER = re.compile(rb"(?i)\ncontent-type:[ \t]*(?:\n[ \t]+)*(?:multipart|message)/")
"""A multipart or message Content-Type at a line's start, newline first: searched in the text with
a newline put before its first line, the engine finds the literal by a fast search (``(?m)^``
tries every position: 0.7 ms of a 35 KB turn mail, a tenth of reading it; sixteenth round)."""


class Problem(str):
    """Why a mail could not be read: the English sentence (as logged), which also keeps its
    template and values, so that the refusal can say it in the reader's language (the mail is
    parsed before its sender, and so their language, is known)."""

    template: str
    args: dict[str, object]

    def __new__(cls, template: str, **args: object) -> Problem:
        self = super().__new__(cls, template % args if args else template)
        self.template = template
        self.args = args
        return self

    def translated(self) -> str:
        """The sentence in the language being spoken (:mod:`pbem.i18n`)."""
        from pbem.i18n import _

        return _(self.template) % self.args if self.args else _(self.template)


def _structure_problem(raw: bytes) -> str:
    """Why the MIME structure of ``raw`` is too costly to build (``""`` when it is fine)."""
    if len(raw) > MAX_PARSE_BYTES:
        return Problem(
            N_("The message is %(size)d bytes; only its headers were read."), size=len(raw)
        )
    # every line starts after a newline, the first one too (see _CONTAINER)
    text = b"\n" + raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    containers = 0
    for _ in _CONTAINER.finditer(text):
        containers += 1
        if containers > MAX_MIME_CONTAINERS:
            return Problem(
                N_("The message nests more than %(max)d MIME containers."), max=MAX_MIME_CONTAINERS
            )
    if containers and text.count(b"\n--") > MAX_MIME_PARTS:  # the lines starting "--"
        return Problem(N_("The message has more than %(max)d MIME parts."), max=MAX_MIME_PARTS)
    return ""


MAX_HEADER_CHARS = 2048
"""A header value the standard library's header registry parses is cut here (at the bound
below, whichever comes first): its parser costs time that grows faster than the length (a
Content-Type of 26,000 parameters cost 20 s, RFC 2231 continuations and encoded words as much).
Nothing the service reads needs more: the Message-ID, References and other ids are read from the
raw values, never through the registry."""

MAX_HEADER_ITEMS = 64
"""At most this many of each of ``;`` (parameters and their RFC 2231 continuations), ``=?``
(RFC 2047 encoded words), ``(`` (comments, which the parser reads recursively), ``"`` and ``\\``
in one registry-parsed header value; the value is cut before the next one."""

_HEADER_ITEM_MARKS = (";", "=?", "(", '"', "\\")


def bound_header(value: str) -> str:
    """``value`` cut so that parsing it costs a bounded amount of work: at most
    :data:`MAX_HEADER_CHARS` characters and :data:`MAX_HEADER_ITEMS` of each costly mark. A value
    within the bounds (every header of a real mail) is returned as it is."""
    if len(value) <= MAX_HEADER_CHARS and all(
        value.count(mark) <= MAX_HEADER_ITEMS for mark in _HEADER_ITEM_MARKS
    ):
        return value
    cut = min(len(value), MAX_HEADER_CHARS)
    for mark in _HEADER_ITEM_MARKS:
        at = -1
        for _n in range(MAX_HEADER_ITEMS + 1):
            at = value.find(mark, at + 1, cut)
            if at < 0:
                break
        if at >= 0:
            cut = at
    return value[:cut].rstrip()


class ReadPolicy(EmailPolicy):
    """``policy.default`` that builds each header object once: the standard library parses a
    header again at every read (``get_content_type``, ``get_param``, ``get_body`` and
    ``iter_parts`` read a part's Content-Type up to eight times), which was most of the cost of
    reading a player's reply. Header objects are immutable; one built for the same name and
    value is the same header, in this message or the next. Long values (hostile ones) are not
    kept, and the cache is emptied when it holds :attr:`KEEP` of them.

    Every value is first cut to a bounded cost (:func:`bound_header`): the header objects, and
    so ``get_param``, ``get_filename``, ``get_content_type`` and the parser's own reads of a
    part's Content-Type, only ever see the bounded value; the raw bytes are left as they came."""

    KEEP = 512
    LONGEST = 998

    def header_fetch_parse(self, name: str, value: str) -> str:
        if hasattr(value, "name"):
            return super().header_fetch_parse(name, value)  # type: ignore[no-any-return]
        # A value kept is a bounded one, which bounds to itself: a value found as it came needs
        # no bounding again (2,519 -> 2,233 calls a reply parsed; sixteenth round).
        hit = _HEADERS.get((name, value))
        if hit is not None:
            return hit
        value = bound_header(value)
        if len(value) > self.LONGEST:
            return super().header_fetch_parse(name, value)  # type: ignore[no-any-return]
        key = (name, value)
        hit = _HEADERS.get(key)
        if hit is None:
            hit = super().header_fetch_parse(name, value)
            if len(_HEADERS) >= self.KEEP:
                _HEADERS.clear()
            _HEADERS[key] = hit
        return hit


_HEADERS: dict[tuple[str, str], str] = {}
READ_POLICY = ReadPolicy()
"""The policy every received message is parsed with."""


MAX_HEADER_FIELDS = 300
"""Header fields of the message read (from the top); a message with more is read headers-only,
and only its first fields: a real mail has a few dozen, and 100,000 fields cost 0.3 s."""

_FIELD_START = re.compile(rb"(?m)^(?![ \t\r\n])")
_HEAD_END = re.compile(rb"\r?\n\r?\n|\r\r")


def _too_many_fields(raw: bytes) -> int:
    """Where the header field past :data:`MAX_HEADER_FIELDS` starts (0: there is none)."""
    end = _HEAD_END.search(raw)
    stop = end.start() if end else len(raw)
    for n, m in enumerate(_FIELD_START.finditer(raw, 0, stop), start=1):
        if n > MAX_HEADER_FIELDS:
            return m.start()
    return 0


def _parse_structure(raw: bytes, body: bool = True) -> tuple[EmailMessage, str]:
    """The parsed message and the body problem (headers only when there is one)."""
    problem = _structure_problem(raw) if body else Problem(N_("The body was not read."))
    cut = _too_many_fields(raw)
    if cut:
        raw = raw[:cut] + b"\r\n"
        problem = Problem(
            N_("The message has more than %(max)d header fields; only its headers were read."),
            max=MAX_HEADER_FIELDS,
        )
    if not problem:
        try:
            msg = BytesParser(policy=READ_POLICY).parsebytes(raw)
            assert isinstance(msg, EmailMessage)
            return msg, ""
        except Exception as err:  # RecursionError and whatever else the stdlib parser meets
            problem = Problem(
                N_("The message could not be parsed (%(error)s)."), error=type(err).__name__
            )
    head = raw[: min(len(raw), 256 * 1024)]
    try:
        msg = BytesParser(policy=READ_POLICY).parsebytes(head, headersonly=True)
        assert isinstance(msg, EmailMessage)
        msg.set_payload("")
    except Exception:
        msg = EmailMessage()
    return msg, problem


# ---------------------------------------------------------------------------------------------
# Body
# ---------------------------------------------------------------------------------------------


def _charset(part: Message) -> str:
    try:
        charset = part.get_content_charset() or "utf-8"
        info = codecs.lookup(charset)
    except Exception:  # LookupError, or a charset parameter that is not a string
        return "utf-8"
    if info.name in _UNSAFE_CHARSETS or not getattr(info, "_is_text_encoding", True):
        return "utf-8"
    return info.name


def _payload(part: Message) -> bytes | None:
    try:
        payload = part.get_payload(decode=True)
    except Exception:  # broken base64, quoted-printable or uuencode
        return None
    return payload if isinstance(payload, bytes) else None


def _part_text(part: Message) -> str:
    """A text part's content, whatever its charset claims."""
    payload = _payload(part)
    if payload is None:
        return ""
    payload = payload[: 4 * MAX_TEXT_CHARS]
    try:
        text = payload.decode(_charset(part), errors="replace")
    except Exception:  # any codec error at all: read it as UTF-8
        text = payload.decode("utf-8", errors="replace")
    try:
        flowed = str(part.get_param("format") or "").lower() == "flowed"
        delsp = str(part.get_param("delsp") or "").lower() == "yes"
    except Exception:  # a malformed Content-Type: read the lines as they are
        flowed = delsp = False
    if flowed:  # RFC 3676 soft line breaks
        text = decode_flowed(text, delsp)
    return text


def _is_attachment(part: Message) -> bool:
    try:
        disposition = (part.get_content_disposition() or "").lower()
        return disposition == "attachment" or (
            disposition != "inline" and part.get_filename() is not None
        )
    except Exception:
        return True


def _walk(msg: Message) -> list[Message]:
    """Every part, depth first, without recursion (the structure was screened already)."""
    out: list[Message] = []
    stack: list[Message] = [msg]
    while stack and len(out) <= 2 * MAX_MIME_PARTS:
        part = stack.pop()
        out.append(part)
        if part.is_multipart():
            children = part.get_payload()
            if isinstance(children, list):
                stack.extend(reversed([c for c in children if isinstance(c, Message)]))
    return out


def _content_type(part: Message) -> str:
    try:
        return part.get_content_type().lower()
    except Exception:
        return "application/octet-stream"


def _body_and_attachments(
    msg: Message,
) -> tuple[str, list[Attachment], Encryption | None]:
    """One walk over the parts: the body text, the attachments and the encryption kind."""
    plain: Message | None = None
    html: Message | None = None
    attachments: list[Attachment] = []
    encryption: Encryption | None = None
    for part in _walk(msg):
        ctype = _content_type(part)
        if ctype == "multipart/encrypted":
            encryption = encryption or "pgp"
        if ctype in ("application/pkcs7-mime", "application/x-pkcs7-mime"):
            try:
                smime_type = str(part.get_param("smime-type") or "").lower()
            except Exception:
                smime_type = "?"
            if smime_type in ("", "enveloped-data", "authenveloped-data"):
                encryption = encryption or "smime"
        if part.is_multipart():
            continue
        if not _is_attachment(part):
            # The first inline text/plain and text/html are the body; any later text part (a
            # forwarded message, a calendar invitation) is kept as an attachment.
            if ctype == "text/plain" and plain is None:
                plain = part
                continue
            if ctype == "text/html" and html is None:
                html = part
                continue
        payload = _payload(part)
        if payload:
            try:
                filename = clean(part.get_filename() or "")
            except Exception:
                filename = ""
            attachments.append(Attachment(filename, ctype, payload))
    if plain is not None:
        text = _part_text(plain)
    elif html is not None:
        text = html_to_text(_part_text(html))
    else:
        text = ""
    text = text[:MAX_TEXT_CHARS]
    if encryption is None and "-----BEGIN PGP MESSAGE-----" in text:
        encryption = "pgp-inline"
    return text, attachments, encryption


# ---------------------------------------------------------------------------------------------
# The whole message
# ---------------------------------------------------------------------------------------------


def parse_message(raw: bytes, *, body: bool = True) -> ParsedMail:
    """Decode ``raw`` (an RFC 5322 message) into the facts the mail loop needs. Never raises.

    The caller checks the size first (:func:`pbem.mail.policy.size_problem` on ``len(raw)``) and
    reads an oversized message with ``body=False``: the header section only (enough to answer its
    sender), its body never parsed. Whatever the caller does, the work done here is bounded (see
    the module's docstring).
    """
    msg, body_problem = _parse_structure(raw, body)
    raw_headers = _raw_headers(msg)

    def get(name: str) -> list[str]:
        return raw_headers.get(name.lower(), [])

    from_addr, from_name, from_problem = parse_from(get("From"))
    references = tuple(_MSGID.findall(_decoded_ids(" ".join(get("References")))))
    in_reply_to_ids = _MSGID.findall(_decoded_ids(" ".join(get("In-Reply-To"))))
    message_ids = _MSGID.findall(_decoded_ids(" ".join(get("Message-ID")[:1])))
    attachments: list[Attachment] = []
    encryption: Encryption | None = None
    if body_problem:
        text = ""
    else:
        try:
            text, attachments, encryption = _body_and_attachments(msg)
        except Exception as err:  # a last resort: the body stays unread, the tick goes on
            text, attachments, encryption = "", [], None
            body_problem = Problem(
                N_("The body could not be read (%(error)s)."), error=type(err).__name__
            )
    content_type = _content_type(msg)
    auth_values = get("Authentication-Results")
    return ParsedMail(
        from_addr=from_addr,
        from_name=from_name,
        to=_address_list(get("To") + get("Cc")),
        delivered_to=_address_list(get("Delivered-To") + get("X-Original-To")),
        reply_to=_address_list(get("Reply-To")),
        subject=_header(msg, "Subject"),
        message_id=message_ids[0] if message_ids else "",
        in_reply_to=in_reply_to_ids[0] if in_reply_to_ids else "",
        references=references,
        date=_date(get("Date")),
        auth_results=tuple(parse_auth_results(v) for v in auth_values[:MAX_AUTH_RESULTS_HEADERS]),
        auto_submitted=" ".join(get("Auto-Submitted")[:1]).lower(),
        precedence=" ".join(get("Precedence")[:1]).lower(),
        x_loop=tuple(v.lower() for v in get("X-Loop")),
        autoreply_headers=tuple(h for h in _AUTORESPONDER_HEADERS if h.lower() in raw_headers),
        return_path=_return_path(get("Return-Path")),
        content_type=content_type,
        is_report=content_type == "multipart/report",
        size=len(raw),
        text=text,
        attachments=tuple(attachments),
        encryption=encryption,
        message=msg,
        list_id=" ".join(get("List-Id")[:1]),
        from_problem=from_problem,
        body_problem=body_problem,
    )
