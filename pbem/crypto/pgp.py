"""OpenPGP mail (PGP/MIME, RFC 3156) with pysequoia, the Python binding of Sequoia-PGP.

pysequoia ships as a wheel with Sequoia inside: no ``gpg`` binary, no keyring directory, no agent.
Keys are plain bytes the service keeps in its own files; encryption and decryption are function
calls. Keys are generated in the RFC 4880 (v4) profile that GnuPG 2.2, Thunderbird and every
other OpenPGP client read.
"""

from __future__ import annotations

import base64
import datetime as dt
import email.policy
import re
import secrets
from email.message import EmailMessage, Message
from email.utils import parseaddr

import pysequoia

from pbem.crypto import mime
from pbem.crypto.errors import DecryptionFailed, KeyRefused

__all__ = [
    "ARMOR_RE",
    "load_keys",
    "key_addresses",
    "check_encryption_key",
    "generate_key",
    "encrypt_mime",
    "sign_mime",
    "signed_entity",
    "decrypt_mime",
    "decrypt_block",
    "find_encrypted",
    "first_line",
    "autocrypt_keys",
    "inline_entity",
]

ARMOR_RE = re.compile(
    rb"-----BEGIN PGP PUBLIC KEY BLOCK-----.*?-----END PGP PUBLIC KEY BLOCK-----", re.DOTALL
)
"""An ASCII-armored public key pasted into a text body."""

_MESSAGE_RE = re.compile(rb"-----BEGIN PGP MESSAGE-----.*?-----END PGP MESSAGE-----", re.DOTALL)
_MICALG = {
    "SHA1": "pgp-sha1",
    "SHA224": "pgp-sha224",
    "SHA256": "pgp-sha256",
    "SHA384": "pgp-sha384",
    "SHA512": "pgp-sha512",
}


def first_line(err: BaseException) -> str:
    """The first line of a pysequoia error (its messages carry a Rust backtrace after it)."""
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__


def load_keys(data: bytes) -> list[pysequoia.Cert]:
    """Every OpenPGP certificate in ``data`` (armored or binary); [] when there is none.

    Secret key material is never kept: only the public certificate of each key is returned.
    """
    try:
        certs = pysequoia.Cert.split_bytes(data)
    except Exception:  # pysequoia raises bare RuntimeError/ValueError on anything unparsable
        return []
    # str(cert) is the armored *public* certificate, so a pasted secret key leaves no trace.
    return [pysequoia.Cert.from_bytes(str(cert).encode()) for cert in certs]


def key_addresses(cert: pysequoia.Cert) -> set[str]:
    """The mail addresses in the certificate's valid, non-revoked user IDs, lowercased."""
    found: set[str] = set()
    for uid in cert.user_ids:
        text = str(uid)
        _, addr = parseaddr(text)
        if "@" not in addr and "@" in text and "<" not in text:
            addr = text  # a bare "alice@example.org" user ID
        if "@" in addr:
            found.add(addr.strip().lower())
    return found


def check_encryption_key(cert: pysequoia.Cert, now: dt.datetime) -> None:
    """Raise :class:`KeyRefused` unless mail can be encrypted to ``cert`` now."""
    if cert.is_revoked:
        raise KeyRefused(
            "The OpenPGP key you sent has been revoked by its owner. Please send your current "
            "public key (in Thunderbird: attach your public key to a reply)."
        )
    expiration = cert.expiration
    if expiration is not None and expiration <= now:
        raise KeyRefused(
            f"The OpenPGP key you sent expired on {expiration:%Y-%m-%d}. Please extend its "
            "expiry date in your mail program and send the public key again."
        )
    try:
        pysequoia.encrypt(b"probe", recipients=[cert])
    except Exception as err:
        raise KeyRefused(
            "The OpenPGP key you sent cannot receive encrypted mail (it has no usable "
            "encryption subkey). Please send a key made for mail encryption."
        ) from err


def generate_key(user_id: str) -> pysequoia.Tsk:
    """A new Curve25519 OpenPGP key (v4, RFC 4880 profile) without expiry."""
    return pysequoia.Tsk.generate(user_id, profile=pysequoia.Profile.RFC4880)


def _encrypted_parts(armored: str) -> tuple[EmailMessage, EmailMessage]:
    """The two parts of multipart/encrypted: the version control part and the data part."""
    control = EmailMessage()
    control["Content-Type"] = "application/pgp-encrypted"
    control["Content-Description"] = "PGP/MIME version identification"
    control.set_payload("Version: 1\r\n")
    data = EmailMessage()
    data["Content-Type"] = 'application/octet-stream; name="encrypted.asc"'
    data["Content-Description"] = "OpenPGP encrypted message"
    data["Content-Disposition"] = 'inline; filename="encrypted.asc"'
    data.set_payload(armored)
    return control, data


def _encrypted_entity(armored: bytes) -> bytes:
    """The multipart/encrypted entity (RFC 3156 section 4) around ``armored``, as bytes: the same
    parts as :func:`_encrypted_parts` under the same headers."""
    boundary = "=_pgp_" + secrets.token_hex(12)
    return (
        b'Content-Type: multipart/encrypted; protocol="application/pgp-encrypted";\r\n'
        + f' boundary="{boundary}"\r\n\r\n'.encode()
        + b"This is an OpenPGP/MIME encrypted message (RFC 4880 and 3156)\r\n"
        + f"--{boundary}\r\n".encode()
        + b"Content-Type: application/pgp-encrypted\r\n"
        + b"Content-Description: PGP/MIME version identification\r\n\r\n"
        + b"Version: 1\r\n\r\n"
        + f"--{boundary}\r\n".encode()
        + b'Content-Type: application/octet-stream; name="encrypted.asc"\r\n'
        + b"Content-Description: OpenPGP encrypted message\r\n"
        + b'Content-Disposition: inline; filename="encrypted.asc"\r\n\r\n'
        + mime.canonical(armored).rstrip(b"\r\n")
        + f"\r\n\r\n--{boundary}--\r\n".encode()
    )


def encrypt_mime(
    msg: Message, cert: pysequoia.Cert, *, signer: pysequoia.Tsk | None = None
) -> EmailMessage:
    """``msg`` with its whole body encrypted to ``cert`` as PGP/MIME (RFC 3156 section 4).

    With ``signer`` the encrypted data is also signed by it (RFC 3156 section 6.2, the combined
    form every client verifies).
    """
    try:
        armored = pysequoia.encrypt(
            mime.body_entity(msg),
            recipients=[cert],
            signer=signer.signer() if signer is not None else None,
        )
    except Exception as err:
        raise KeyRefused(
            "The OpenPGP key on file cannot receive encrypted mail "
            f"({first_line(err)}). Please send your current public key."
        ) from err

    def fill(outer: EmailMessage) -> None:
        control, data = _encrypted_parts(armored.decode("ascii"))
        outer.add_header(
            "Content-Type", "multipart/encrypted", protocol="application/pgp-encrypted"
        )
        outer.set_payload([control, data])
        outer.preamble = "This is an OpenPGP/MIME encrypted message (RFC 4880 and 3156)"

    return mime.under_headers(msg, lambda: _encrypted_entity(armored), fill)


def signed_entity(msg: Message, signer: pysequoia.Tsk) -> bytes:
    """The body of ``msg`` as a multipart/signed entity (bytes) with a detached OpenPGP signature."""
    entity = mime.body_entity(msg)
    signature = pysequoia.sign(signer.signer(), entity, mode=pysequoia.SignatureMode.DETACHED)
    micalg = _MICALG.get(
        str(pysequoia.Sig.from_bytes(signature).hash_algorithm).rsplit(".", 1)[-1], "pgp-sha512"
    )
    return mime.multipart_signed(
        entity,
        f'micalg={micalg};\r\n protocol="application/pgp-signature";',
        "This is an OpenPGP/MIME signed message (RFC 4880 and 3156)",
        b'Content-Type: application/pgp-signature; name="signature.asc"\r\n'
        b"Content-Description: OpenPGP digital signature\r\n"
        b'Content-Disposition: attachment; filename="signature.asc"\r\n\r\n'
        + mime.canonical(signature),
        "----=_pgp_",
    )


def sign_mime(msg: Message, signer: pysequoia.Tsk) -> EmailMessage:
    """``msg`` as multipart/signed with a detached OpenPGP signature (RFC 3156 section 5).

    The signed part is kept byte for byte: the result is built as bytes and parsed back.
    """
    return mime.resealed(msg, signed_entity(msg, signer))


def find_encrypted(msg: Message) -> tuple[bytes, bool] | None:
    """The OpenPGP message ``msg`` carries: ``(data, is_pgp_mime)``, or None.

    PGP/MIME (multipart/encrypted) gives the encrypted MIME entity; an inline
    ``-----BEGIN PGP MESSAGE-----`` block in a text part (what ``gpg --encrypt --armor`` pasted into
    a mail gives) yields ``is_pgp_mime`` False: its plaintext is bare text, not a MIME entity.
    """
    if msg.get_content_type() == "multipart/encrypted":
        parts = msg.get_payload()
        if isinstance(parts, list):
            for part in parts:
                if (
                    isinstance(part, Message)
                    and part.get_content_type() == "application/octet-stream"
                ):
                    data = part.get_payload(decode=True)
                    if isinstance(data, bytes) and data:
                        return data, True
        return None
    for part in msg.walk():
        if part.get_content_maintype() == "text" or (
            part.get_content_type() == "application/pgp-encrypted"
        ):
            data = part.get_payload(decode=True)
            if isinstance(data, bytes):
                found = _MESSAGE_RE.search(data)
                if found:
                    return found.group(0), False
        # Only the first text part counts: a quoted old mail further down is not the reply.
        if part.get_content_maintype() == "text":
            break
    return None


def decrypt_block(data: bytes, keys: list[pysequoia.Tsk]) -> bytes:
    """The plaintext of the OpenPGP message ``data`` for the first of ``keys`` that opens it."""
    for key in keys:
        try:
            result = pysequoia.decrypt(data, decryptor=key.decryptor())
        except Exception:
            continue
        if result.bytes is not None:
            return result.bytes
    raise DecryptionFailed(
        "Your encrypted mail could not be opened: it was not encrypted to the service's current "
        "OpenPGP key. Please encrypt to the key attached to the service's latest mail, or send "
        "your reply unencrypted (it holds no secret)."
    )


def inline_entity(plain: bytes) -> bytes:
    """A text/plain entity for the plaintext of an inline PGP block (bare text, not MIME)."""
    part = EmailMessage()
    part.set_content(plain.decode("utf-8", "replace"))
    del part["MIME-Version"]
    return part.as_bytes(policy=email.policy.default.clone(linesep="\r\n"))


def decrypt_mime(msg_bytes: bytes, keys: list[pysequoia.Tsk]) -> EmailMessage:
    """Decrypt a PGP/MIME (or inline PGP) message: outer headers over the decrypted entity."""
    found = find_encrypted(mime.parse(msg_bytes))
    if found is None:
        raise DecryptionFailed("This mail is not OpenPGP-encrypted.")
    data, is_mime = found
    plain = decrypt_block(data, keys)
    if not is_mime:
        plain = inline_entity(plain)
    return mime.decrypted(msg_bytes, plain)


def autocrypt_keys(msg: Message) -> list[bytes]:
    """The key data of the Autocrypt headers (Thunderbird and others send one by default)."""
    found: list[bytes] = []
    for value in msg.get_all("Autocrypt") or []:
        for attr in str(value).split(";"):
            name, _, data = attr.strip().partition("=")
            if name.strip().lower() == "keydata":
                try:
                    found.append(base64.b64decode("".join(data.split()), validate=False))
                except ValueError:
                    continue
    return found
