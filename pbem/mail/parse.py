"""Reading an incoming message: raw bytes -> :class:`ParsedMail` facts. Pure: no I/O, no clock.

Two entry points:

- :func:`parse_message` decodes the headers the mail loop needs (sender, threading ids,
  Authentication-Results, auto-reply and bounce indicators), the body text (text/plain preferred;
  an HTML-only body is flattened to text with quotes kept as ``>`` lines) and the attachments.
- :func:`command_lines` (re-exported from :mod:`pbem.mail.reply`, which owns the reading) keeps
  only what the player wrote *this time*.

Nothing here raises on malformed mail: a header that cannot be decoded reads as empty.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from email import policy as email_policy
from email.message import EmailMessage, Message
from email.parser import BytesParser
from email.utils import getaddresses, parseaddr, parsedate_to_datetime
from html.parser import HTMLParser
from typing import Literal

from pbem.mail.fingerprint import Fingerprint
from pbem.mail.reply import command_lines, decode_flowed, normalize_line

__all__ = [
    "Attachment",
    "AuthResult",
    "ParsedMail",
    "parse_message",
    "command_lines",
    "html_to_text",
    "normalize_line",
    "parse_auth_results",
]

Encryption = Literal["smime", "pgp", "pgp-inline"]


@dataclass(frozen=True)
class Attachment:
    """A part that is not the body text (keys, certificates, images...)."""

    filename: str
    """The declared file name (``""`` when none)."""
    content_type: str
    """Lowercased MIME type, e.g. ``application/pgp-keys``."""
    data: bytes
    """The decoded content."""


@dataclass(frozen=True)
class AuthResult:
    """One ``Authentication-Results`` header (RFC 8601), roughly parsed."""

    authserv_id: str
    """Who stamped it (lowercased); only your own server's id is trustworthy."""
    results: dict[str, str]
    """Method -> result, lowercased, e.g. ``{"dmarc": "pass", "spf": "pass"}`` (first of each)."""
    raw: str
    """The header value as it was (unfolded)."""


@dataclass(frozen=True, eq=False)
class ParsedMail:
    """The facts of one incoming message that the mail loop decides on."""

    from_addr: str
    """The From address, lowercased (``""`` when missing or unreadable)."""
    from_name: str
    """The From display name (``""`` when none)."""
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
    """The Message-ID with its angle brackets (``""`` when missing)."""
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
    """The parsed message itself (policy.default), for what the fields above do not cover."""
    list_id: str = ""
    """The List-Id header (``""`` when absent): the message came through a mailing list."""

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


def _header(msg: Message, name: str) -> str:
    """A header's decoded value, unfolded; ``""`` when absent or undecodable."""
    try:
        value = msg.get(name)
    except Exception:  # a malformed header must not stop the tick
        return ""
    if value is None:
        return ""
    try:
        text = str(value)
    except Exception:
        return ""
    return " ".join(text.split())


def _headers(msg: Message, name: str) -> list[str]:
    try:
        values = msg.get_all(name) or []
    except Exception:
        return []
    out = []
    for v in values:
        try:
            out.append(" ".join(str(v).split()))
        except Exception:
            continue
    return out


def _raw_headers(msg: Message) -> dict[str, list[str]]:
    """Header name (lowercased) -> unfolded raw values, top first, without the header registry.

    For the ASCII-only headers (ids, trace and loop headers): parsing every header through
    policy.default's registry is most of the cost of reading a message.
    """
    out: dict[str, list[str]] = {}
    for name, value in msg.raw_items():
        out.setdefault(name.lower(), []).append(" ".join(str(value).split()))
    return out


def _address_list(values: list[str]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for _name, addr in getaddresses(values):
        local, at, domain = addr.strip().rpartition("@")
        if at and local:
            # The local part keeps its case: a reply token in "service+Token@" may be case-sensitive.
            seen.setdefault(f"{local}@{domain.lower()}", None)
    return tuple(seen)


def _addresses(msg: Message, *names: str) -> tuple[str, ...]:
    raw = [v for name in names for v in _headers(msg, name)]
    seen: dict[str, None] = {}
    for _name, addr in getaddresses(raw):
        local, at, domain = addr.strip().rpartition("@")
        if at and local:
            # The local part keeps its case: a reply token in "service+Token@" may be case-sensitive.
            seen.setdefault(f"{local}@{domain.lower()}", None)
    return tuple(seen)


def _from(msg: Message) -> tuple[str, str]:
    value = _header(msg, "From")
    name, addr = parseaddr(value)
    return addr.strip().lower(), name.strip()


def _return_path(values: list[str]) -> str | None:
    if not values:
        return None
    value = values[0].strip()
    if value in ("<>", ""):
        return ""
    return parseaddr(value)[1].strip().lower()


def parse_auth_results(value: str) -> AuthResult:
    """Parse one Authentication-Results value: ``authserv-id; method=result ...; ...``."""
    unfolded = " ".join(value.split())
    without_comments = re.sub(r"\([^()]*\)", " ", unfolded)
    head, _, rest = without_comments.partition(";")
    authserv_id = head.strip().split(" ")[0].lower() if head.strip() else ""
    results: dict[str, str] = {}
    for clause in rest.split(";"):
        match = re.match(r"\s*([A-Za-z0-9_.-]+)\s*=\s*([A-Za-z0-9_-]+)", clause)
        if match:
            results.setdefault(match.group(1).lower(), match.group(2).lower())
    return AuthResult(authserv_id, results, unfolded)


def _date(values: list[str]) -> dt.datetime | None:
    value = values[0] if values else ""
    if not value:
        return None
    try:
        return parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None


# ---------------------------------------------------------------------------------------------
# Body
# ---------------------------------------------------------------------------------------------


def _part_text(part: Message) -> str:
    """A text part's content, whatever its charset claims."""
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return ""
    charset = part.get_content_charset() or "utf-8"
    try:
        text = payload.decode(charset, errors="replace")
    except LookupError:  # an unknown charset name
        text = payload.decode("utf-8", errors="replace")
    if str(part.get_param("format") or "").lower() == "flowed":  # RFC 3676 soft line breaks
        text = decode_flowed(text, str(part.get_param("delsp") or "").lower() == "yes")
    return text


def _is_attachment(part: Message) -> bool:
    disposition = (part.get_content_disposition() or "").lower()
    return disposition == "attachment" or (
        disposition != "inline" and part.get_filename() is not None
    )


def _body_and_attachments(
    msg: Message,
) -> tuple[str, list[Attachment], Encryption | None]:
    """One walk over the parts: the body text, the attachments and the encryption kind."""
    plain: Message | None = None
    html: Message | None = None
    attachments: list[Attachment] = []
    encryption: Encryption | None = None
    for part in msg.walk():
        ctype = part.get_content_type().lower()
        if ctype == "multipart/encrypted":
            encryption = encryption or "pgp"
        if ctype in ("application/pkcs7-mime", "application/x-pkcs7-mime"):
            smime_type = str(part.get_param("smime-type") or "").lower()
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
        payload = part.get_payload(decode=True)
        if isinstance(payload, bytes) and payload:
            attachments.append(Attachment(part.get_filename() or "", ctype, payload))
    if plain is not None:
        text = _part_text(plain)
    elif html is not None:
        text = html_to_text(_part_text(html))
    else:
        text = ""
    if encryption is None and "-----BEGIN PGP MESSAGE-----" in text:
        encryption = "pgp-inline"
    return text, attachments, encryption


# ---------------------------------------------------------------------------------------------
# HTML -> text
# ---------------------------------------------------------------------------------------------

_BLOCK_TAGS = frozenset(
    [
        "address",
        "article",
        "aside",
        "blockquote",
        "center",
        "dd",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hr",
        "li",
        "main",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "table",
        "tbody",
        "thead",
        "tfoot",
        "tr",
        "ul",
    ]
)
_SKIP_TAGS = frozenset({"script", "style", "head", "title", "template"})


class _HtmlFlattener(HTMLParser):
    """Flatten HTML to lines; text inside <blockquote> comes out as ``>`` quoted lines."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.current: list[str] = []
        self.quote_depth = 0
        self.skip_depth = 0
        self.pre_depth = 0

    def _flush(self, line_break: bool = False) -> None:
        # A block boundary ends the current line if there is one; only <br> makes an empty line.
        if not self.current and not line_break:
            return
        text = "".join(self.current)
        self.current = []
        for line in text.split("\n"):
            if self.pre_depth == 0:
                line = " ".join(line.split())
            if not line.strip() and not self.lines:
                continue
            prefix = "> " * self.quote_depth
            self.lines.append((prefix + line).rstrip())

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP_TAGS:
            self.skip_depth += 1
            return
        if tag == "br":
            self._flush(line_break=True)
            return
        if tag in _BLOCK_TAGS:
            self._flush()
        if tag == "blockquote":
            self.quote_depth += 1
        elif tag == "pre":
            self.pre_depth += 1
        elif tag == "hr":
            self.lines.append("_" * 32)
        elif tag in ("td", "th"):
            self.current.append(" ")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP_TAGS:
            self.skip_depth = max(0, self.skip_depth - 1)
            return
        if tag in _BLOCK_TAGS:
            self._flush()
        if tag == "blockquote":
            self.quote_depth = max(0, self.quote_depth - 1)
        elif tag == "pre":
            self.pre_depth = max(0, self.pre_depth - 1)

    def handle_data(self, data: str) -> None:
        if self.skip_depth:
            return
        if self.pre_depth == 0:
            data = data.replace("\n", " ")
        self.current.append(data)


def html_to_text(html: str) -> str:
    """Flatten an HTML body to plain lines (stdlib html.parser); blockquotes become ``>`` lines."""
    parser = _HtmlFlattener()
    parser.feed(html)
    parser.close()
    parser._flush()
    lines: list[str] = []
    for line in parser.lines:  # collapse runs of blank lines left by nested blocks
        if line.strip(" >") == "" and lines and lines[-1].strip(" >") == "":
            continue
        lines.append(line)
    return "\n".join(lines).strip("\n")


# ---------------------------------------------------------------------------------------------
# The whole message
# ---------------------------------------------------------------------------------------------


def parse_message(raw: bytes) -> ParsedMail:
    """Decode ``raw`` (an RFC 5322 message) into the facts the mail loop needs. Never raises."""
    msg = BytesParser(policy=email_policy.default).parsebytes(raw)
    assert isinstance(msg, EmailMessage)
    raw_headers = _raw_headers(msg)

    def get(name: str) -> list[str]:
        return raw_headers.get(name.lower(), [])

    from_addr, from_name = _from(msg)
    references = tuple(_MSGID.findall(" ".join(get("References"))))
    in_reply_to_ids = _MSGID.findall(" ".join(get("In-Reply-To")))
    message_ids = _MSGID.findall(" ".join(get("Message-ID")[:1]))
    text, attachments, encryption = _body_and_attachments(msg)
    content_type = msg.get_content_type().lower()
    return ParsedMail(
        from_addr=from_addr,
        from_name=from_name,
        to=_addresses(msg, "To", "Cc"),
        delivered_to=_address_list(get("Delivered-To") + get("X-Original-To")),
        reply_to=_addresses(msg, "Reply-To"),
        subject=_header(msg, "Subject"),
        message_id=message_ids[0] if message_ids else "",
        in_reply_to=in_reply_to_ids[0] if in_reply_to_ids else "",
        references=references,
        date=_date(get("Date")),
        auth_results=tuple(parse_auth_results(v) for v in get("Authentication-Results")),
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
    )
