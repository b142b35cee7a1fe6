"""Reading an incoming message: raw bytes -> :class:`ParsedMail` facts. Pure: no I/O, no clock.

Two entry points:

- :func:`parse_message` decodes the headers the mail loop needs (sender, threading ids,
  Authentication-Results, auto-reply and bounce indicators), the body text (text/plain preferred;
  an HTML-only body is flattened to text with quotes kept as ``>`` lines) and the attachments.
- :func:`command_lines` keeps only what the player wrote *this time*: it drops quoted text,
  attribution lines ("On ... wrote:", "Am ... schrieb ...:", ...), forwarded/original-message blocks,
  signatures, "Sent from my iPhone" lines and blank lines. Reply-parsing libraries each fail on some
  client, so this scanner is deliberately conservative and the game's own grammar does the rest.

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

import codecs
import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from email import policy as email_policy
from email.message import EmailMessage, Message
from email.parser import BytesParser
from email.utils import getaddresses, parseaddr, parsedate_to_datetime
from typing import Literal

from pbem.mail.htmltext import html_to_text
from pbem.mail.identity import AuthMethod, AuthResult, clean, parse_auth_results, parse_from

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

    def command_lines(self) -> list[str]:
        """:func:`command_lines` of :attr:`text`."""
        return command_lines(self.text)


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


def _address_list(values: list[str]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    try:
        pairs = getaddresses(values)
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

_CONTAINER = re.compile(rb"(?im)^content-type:[ \t]*(?:\n[ \t]+)*(?:multipart|message)/")
_DELIMITER = re.compile(rb"(?m)^--")


def _structure_problem(raw: bytes) -> str:
    """Why the MIME structure of ``raw`` is too costly to build (``""`` when it is fine)."""
    if len(raw) > MAX_PARSE_BYTES:
        return f"The message is {len(raw)} bytes; only its headers were read."
    text = raw.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    containers = 0
    for _ in _CONTAINER.finditer(text):
        containers += 1
        if containers > MAX_MIME_CONTAINERS:
            return f"The message nests more than {MAX_MIME_CONTAINERS} MIME containers."
    if containers:
        for delimiters, _ in enumerate(_DELIMITER.finditer(text), start=1):
            if delimiters > MAX_MIME_PARTS:
                return f"The message has more than {MAX_MIME_PARTS} MIME parts."
    return ""


def _parse_structure(raw: bytes, body: bool = True) -> tuple[EmailMessage, str]:
    """The parsed message and the body problem (headers only when there is one)."""
    problem = _structure_problem(raw) if body else "The body was not read."
    if not problem:
        try:
            msg = BytesParser(policy=email_policy.default).parsebytes(raw)
            assert isinstance(msg, EmailMessage)
            return msg, ""
        except Exception as err:  # RecursionError and whatever else the stdlib parser meets
            problem = f"The message could not be parsed ({type(err).__name__})."
    head = raw[: min(len(raw), 256 * 1024)]
    try:
        msg = BytesParser(policy=email_policy.default).parsebytes(head, headersonly=True)
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
        return payload.decode(_charset(part), errors="replace")
    except Exception:  # any codec error at all: read it as UTF-8
        return payload.decode("utf-8", errors="replace")


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
    references = tuple(_MSGID.findall(" ".join(get("References"))))
    in_reply_to_ids = _MSGID.findall(" ".join(get("In-Reply-To")))
    message_ids = _MSGID.findall(" ".join(get("Message-ID")[:1]))
    attachments: list[Attachment] = []
    encryption: Encryption | None = None
    if body_problem:
        text = ""
    else:
        try:
            text, attachments, encryption = _body_and_attachments(msg)
        except Exception as err:  # a last resort: the body stays unread, the tick goes on
            text, attachments, encryption = "", [], None
            body_problem = f"The body could not be read ({type(err).__name__})."
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


# ---------------------------------------------------------------------------------------------
# Command lines: what the player wrote this time
# ---------------------------------------------------------------------------------------------

# Characters that clients sprinkle into text and that must not defeat a comparison.
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"), None)
_SPACES = dict.fromkeys(map(ord, "\u00a0\u202f\u2007\u2009\u3000\t"), " ")


def normalize_line(line: str) -> str:
    """Drop zero-width characters, turn non-breaking spaces into spaces, strip the ends."""
    return line.translate(_INVISIBLE).translate(_SPACES).strip()


# A line that starts an attribution in some language, and the ending that confirms it (the
# attribution may be wrapped over up to three lines, as Gmail does with long names).
_ATTRIBUTION_START = re.compile(r"^(On|Am|Le|Il|El|Op|Em|W dniu|Den|På)\b", re.IGNORECASE)
_ATTRIBUTION_END = re.compile(
    r"(\bwrote|\bschrieb\b.*|\ba écrit|\bha scritto|\bescribió|\bschreef\b.*|\bescreveu|"
    r"\bnapisał\b.*|\bskrev\b.*)\s*:$",
    re.IGNORECASE,
)
# "Forbidden City <service@...> wrote:" without a date (some webmails).
_BARE_ATTRIBUTION = re.compile(r"^.{1,120}<[^<>\s]+@[^<>\s]+>\s+(wrote|schrieb|a écrit)\s*:$", re.I)

_CUT_MARKERS = re.compile(
    r"^(-{2,}\s*(Original Message|Ursprüngliche Nachricht|Message d'origine|Messaggio originale|"
    r"Mensaje original|Forwarded message|Weitergeleitete Nachricht|Message transféré)\s*-{2,}"
    r"|Begin forwarded message:|Anfang der weitergeleiteten Nachricht:)",
    re.IGNORECASE,
)
_HEADER_FROM = re.compile(r"^\**(From|Von|De|Da|Van|Från|Od)\s?:\**\s", re.IGNORECASE)
_HEADER_OTHER = re.compile(
    r"^\**(Sent|Date|Gesendet|Datum|Envoyé|Inviato|Enviado|Enviado el|Verzonden|Skickat|Wysłano"
    r"|To|An|À|A|Para|Aan|Till|Do|Cc|Subject|Betreff|Objet|Oggetto|Asunto|Onderwerp|Ämne|Temat)"
    r"\s?:\**(\s|$)",
    re.IGNORECASE,
)
_SENT_FROM = re.compile(
    r"^(Sent from (my|Mail|Outlook|Yahoo|AOL)\b.*|Sent via .*|Get Outlook for .*"
    r"|Von meinem .* gesendet\.?|Gesendet von meinem .*|Gesendet mit .*|Envoyé de mon .*"
    r"|Envoyé depuis .*|Inviato da .*|Enviado desde mi .*|Télécharger Outlook pour .*"
    r"|Outlook für (iOS|Android) beziehen)$",
    re.IGNORECASE,
)
_DECORATION = re.compile(r"^[_\-=*~]{5,}$")


def _is_quoted(line: str) -> bool:
    return line.startswith(">") or line.startswith("|>")


def _attribution_span(lines: Sequence[str], i: int) -> int:
    """How many lines (1-3) starting at ``i`` form an attribution, or 0."""
    first = lines[i]
    if _BARE_ATTRIBUTION.match(first):
        return 1
    if not _ATTRIBUTION_START.match(first):
        return 0
    joined = first
    for span in range(1, 4):
        if _ATTRIBUTION_END.search(joined) and len(joined) <= 300:
            return span
        if i + span >= len(lines) or not lines[i + span] or _is_quoted(lines[i + span]):
            return 0
        joined = f"{joined} {lines[i + span]}"
    return 0


def _header_block_at(lines: Sequence[str], i: int) -> bool:
    """An Outlook-style header block (From:/Sent:/To:/Subject: in some language) starts at i."""
    if not _HEADER_FROM.match(lines[i]):
        return False
    following = [ln for ln in lines[i + 1 : i + 6] if ln]
    return any(_HEADER_OTHER.match(ln) for ln in following[:4])


def _next_content(lines: Sequence[str], i: int) -> str | None:
    for line in lines[i:]:
        if line:
            return line
    return None


def command_lines(text: str, max_lines: int | None = None) -> list[str]:
    """The lines the sender wrote this time, normalized, without quotes, signatures or blanks.

    Skipped: ``>`` quoted lines; attribution lines in several languages (also when wrapped over
    two or three lines); "Sent from my iPhone"-style lines. Cut (this line and everything after
    it): "-----Original Message-----" and forwarded-message separators, Outlook header blocks
    (From:/Sent:/To:/Subject:, Von:/Gesendet:/An:/Betreff:, De :/Envoyé :/À :/Objet :), the
    ``-- `` signature separator, and an attribution that is followed by an unquoted copy of the
    original. Text below a quote (bottom-posting) is kept. ``max_lines`` caps the result.
    """
    raw_lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    # The signature separator is "-- " exactly; clients that strip trailing blanks leave "--".
    lines = [normalize_line(ln) for ln in raw_lines]
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line:
            i += 1
            continue
        if line == "--" or _CUT_MARKERS.match(line) or _header_block_at(lines, i):
            break
        if _is_quoted(line):
            i += 1
            continue
        span = _attribution_span(lines, i)
        if span:
            following = _next_content(lines, i + span)
            if following is not None and not _is_quoted(following):
                break  # the original follows unquoted: nothing after this is the sender's
            i += span
            continue
        if _SENT_FROM.match(line) or _DECORATION.match(line):
            i += 1
            continue
        out.append(line)
        if max_lines is not None and len(out) >= max_lines:
            break
        i += 1
    return out
