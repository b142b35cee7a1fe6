"""MIME plumbing shared by S/MIME and PGP/MIME.

An encrypted (or signed) mail protects its *body entity*: the ``Content-*`` headers and the body.
The routing headers (From, To, Subject, Date, Message-ID, In-Reply-To, References, X-Loop...)
stay outside, so threading, loop detection and the mail loop's token check work unchanged.
Decryption puts the entity back under the outer headers.
"""

from __future__ import annotations

import email.policy
import re
import secrets
from collections.abc import Callable
from email.message import EmailMessage, Message
from email.parser import BytesParser
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pbem.mail.compose import RawMail

__all__ = [
    "CRLF_POLICY",
    "canonical",
    "body_entity",
    "outer_headers",
    "header_block",
    "merge_decrypted",
    "parse",
    "is_raw",
    "with_entity",
    "under_headers",
    "resealed",
    "decrypted",
    "multipart_signed",
]

CRLF_POLICY = email.policy.default.clone(linesep="\r\n")
"""Serialise with CRLF line ends: the canonical form that S/MIME and RFC 3156 sign and encrypt."""

# Headers a decrypted entity may carry that replace the outer ones ("protected headers": Thunderbird
# hides the real Subject inside and shows "..." outside). Deliberately only Subject: an inner
# Received or Authentication-Results must never look like the service's own trace headers.
_PROTECTED = {"subject"}


def canonical(data: bytes) -> bytes:
    """``data`` with every line ending as CRLF (bare LF and CRLF both accepted)."""
    return re.sub(rb"\r?\n", b"\r\n", data)


def parse(raw: bytes) -> EmailMessage:
    """Parse ``raw`` into an :class:`EmailMessage` with the modern policy."""
    msg = BytesParser(policy=email.policy.default).parsebytes(raw)
    assert isinstance(msg, EmailMessage)
    return msg


def body_entity(msg: Message) -> bytes:
    """The body entity of ``msg`` (its ``Content-*`` headers and body) in canonical CRLF form.

    Serialises ``msg`` once and keeps the content fields of its header block: no copy of the
    message object and no second pass through the header parser (the costly part of ``email``).
    A :class:`~pbem.mail.compose.RawMail` is built that way already: its entity as it is.
    """
    if is_raw(msg):
        return bytes(msg.entity)  # type: ignore[attr-defined]
    fields, body = _fields(msg.as_bytes(policy=CRLF_POLICY))
    content = [field for name, field in fields if name.startswith("content-")]
    if not any(name == "content-type" for name, _ in fields):
        # Say the implicit default out loud: some clients show a header-less entity as raw text.
        charset = msg.get_content_charset() or "us-ascii"
        content.insert(0, f"Content-Type: text/plain; charset={charset}".encode())
    return b"\r\n".join(content) + b"\r\n\r\n" + canonical(body)


def is_raw(msg: object) -> bool:
    """Whether ``msg`` is a :class:`~pbem.mail.compose.RawMail` (routing head + entity, bytes)."""
    from pbem.mail.compose import RawMail

    return isinstance(msg, RawMail)


def with_entity(msg: RawMail, entity: bytes) -> RawMail:
    """The same mail (its routing header fields, Message-ID, sender) over another body entity:
    how an encrypted ``RawMail`` is made, without parsing anything."""
    import dataclasses

    return dataclasses.replace(msg, entity=entity)


def outer_headers(msg: Message) -> EmailMessage:
    """A new message carrying every non-``Content-*`` header of ``msg`` (order kept), no body."""
    outer = EmailMessage()
    for name, value in msg.raw_items():
        low = name.lower()
        if low.startswith("content-") or low == "mime-version":
            continue
        # Stored as is: re-parsing every header value is what makes the email package slow.
        outer.set_raw(name, value)
    outer["MIME-Version"] = "1.0"
    return outer


def header_block(msg: Message) -> bytes:
    """The header fields of ``msg`` folded and CRLF-terminated, without the blank line or body."""
    return b"".join(CRLF_POLICY.fold_binary(name, str(value)) for name, value in msg.items())


def _fields(raw: bytes) -> tuple[list[tuple[str, bytes]], bytes]:
    """Split ``raw`` into its header fields ``(lower-case name, raw field bytes)`` and body."""
    crlf, lf = raw.find(b"\r\n\r\n"), raw.find(b"\n\n")
    if raw.startswith((b"\r\n", b"\n")):
        return [], raw[2 if raw.startswith(b"\r\n") else 1 :]
    if crlf == -1 and lf == -1:
        head, body = raw, b""
    elif lf == -1 or (crlf != -1 and crlf < lf):
        head, body = raw[:crlf], raw[crlf + 4 :]
    else:
        head, body = raw[:lf], raw[lf + 2 :]
    fields: list[tuple[str, bytes]] = []
    for line in canonical(head).split(b"\r\n"):
        if line[:1] in (b" ", b"\t") and fields:
            name, value = fields[-1]
            fields[-1] = (name, value + b"\r\n" + line)
        elif b":" in line:
            fields.append((line.split(b":", 1)[0].strip().decode("ascii", "replace").lower(), line))
        # else: an mbox "From " line or junk: not a header field, dropped.
    return fields, body


def merge_decrypted(outer_raw: bytes, inner: bytes) -> bytes:
    """The whole message: the outer routing headers of ``outer_raw`` over the decrypted ``inner``.

    The inner entity contributes its ``Content-*`` headers and body, and a protected Subject;
    any other header inside it is dropped (it cannot pose as a trace header of ours).
    """
    outer_fields, _ = _fields(outer_raw)
    inner_fields, body = _fields(canonical(inner))
    inner_names = {name for name, _ in inner_fields}
    out: list[bytes] = []
    for name, field in outer_fields:
        if name.startswith("content-") or (name in _PROTECTED and name in inner_names):
            continue
        out.append(field)
    for name, field in inner_fields:
        if name.startswith("content-") or name in _PROTECTED:
            out.append(field)
    return b"\r\n".join(out) + b"\r\n\r\n" + canonical(body)


def under_headers(
    msg: Message, raw_entity: Callable[[], bytes], fill: Callable[[EmailMessage], None]
) -> EmailMessage:
    """``msg``'s routing headers over a new body entity, the one place that tells the two kinds
    of mail apart: a :class:`~pbem.mail.compose.RawMail` gets ``raw_entity()`` (bytes, nothing
    parsed); any other message gets its :func:`outer_headers`, which ``fill`` gives a body."""
    if is_raw(msg):
        return with_entity(msg, raw_entity())  # type: ignore[arg-type,return-value]
    outer = outer_headers(msg)
    fill(outer)
    return outer


def resealed(msg: Message, entity: bytes) -> EmailMessage:
    """``msg``'s routing headers over ``entity`` (bytes), built as bytes and parsed back: the
    entity stays byte for byte what was signed."""
    return parse(header_block(outer_headers(msg)) + entity)


def decrypted(outer_raw: bytes, inner: bytes) -> EmailMessage:
    """:func:`merge_decrypted`, parsed: the message a decryption hands back."""
    return parse(merge_decrypted(outer_raw, inner))


def multipart_signed(
    entity: bytes, params: str, preamble: str, signature: bytes, boundary_prefix: str
) -> bytes:
    """The multipart/signed entity of RFC 1847 as bytes: ``entity`` byte for byte, then the
    detached ``signature`` part (its header fields, the blank line and its body).

    ``params``: the Content-Type's parameters before the boundary, folded as they are to be
    sent; ``preamble``: the line a client without MIME shows; the boundary is
    ``boundary_prefix`` and 24 random hex digits."""
    boundary = boundary_prefix + secrets.token_hex(12)
    return (
        f'Content-Type: multipart/signed; {params} boundary="{boundary}"\r\n\r\n'.encode()
        + f"{preamble}\r\n\r\n--{boundary}\r\n".encode()
        + entity
        + f"\r\n--{boundary}\r\n".encode()
        + signature
        + f"\r\n--{boundary}--\r\n".encode()
    )
