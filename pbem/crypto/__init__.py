"""Encrypted mail for players: S/MIME and OpenPGP, both natively read by mail clients.

The mail loop needs three calls:

- :func:`encrypt_for` a personal mail and the player's :class:`KeyOnFile` (from
  :meth:`PlayerKeys.get`): the whole body encrypted, routing headers outside;
- :func:`decrypt_incoming` on every fetched mail before parsing it: the decrypted message, or None
  when it was not encrypted;
- :meth:`PlayerKeys.accept_from_mail` for a token-authenticated mail that carries a key.

Errors are :class:`KeyRefused` and :class:`DecryptionFailed`, both player-readable
(:class:`~pbem.errors.CommandError` subclasses). See docs/ENCRYPTED-MAIL.md.
"""

from __future__ import annotations

import datetime as dt
from email.message import EmailMessage, Message

from cryptography.hazmat.primitives import serialization

from pbem.crypto import pgp, smime
from pbem.crypto.cms import CMSError, signed_content
from pbem.crypto.errors import CryptoError, DecryptionFailed, KeyRefused
from pbem.crypto.identity import ServiceIdentity
from pbem.crypto.keystore import (
    FoundKey,
    KeyKind,
    KeyOnFile,
    KeyStatus,
    PlayerKeys,
    extract_keys_from_mail,
    key_matches_address,
    normalize_address,
    parse_keys,
)
from pbem.crypto.mime import merge_decrypted, parse

__all__ = [
    "CryptoError",
    "DecryptionFailed",
    "KeyRefused",
    "ServiceIdentity",
    "FoundKey",
    "KeyKind",
    "KeyOnFile",
    "KeyStatus",
    "PlayerKeys",
    "extract_keys_from_mail",
    "key_matches_address",
    "normalize_address",
    "parse_keys",
    "encrypt_for",
    "decrypt_incoming",
    "is_encrypted",
    "issue_for_player",
]


def encrypt_for(
    msg: Message, key: KeyOnFile, *, sign_with: ServiceIdentity | None = None
) -> EmailMessage:
    """``msg`` encrypted whole for the player who owns ``key`` (S/MIME or PGP/MIME by its kind).

    With ``sign_with`` the service signs it inside the encryption (S/MIME: signed then enveloped;
    OpenPGP: the combined signed-and-encrypted form), so the player's client shows a verified
    service mail. Routing headers (From, To, Subject, Message-ID, In-Reply-To, References...) stay
    outside and readable: never put a secret in a header.
    """
    if key.kind is KeyKind.SMIME:
        if sign_with is None:
            return smime.encrypt_mime(msg, key.certificate())
        # Signed then enveloped, as bytes: no round trip through the email parser.
        signed = smime.signed_entity(
            msg, sign_with.smime[1], sign_with.smime[0], chain=[sign_with.ca[1]]
        )
        return smime.encrypt_entity(signed, msg, key.certificate())
    signer = sign_with.openpgp if sign_with is not None else None
    return pgp.encrypt_mime(msg, key.openpgp(), signer=signer)


def issue_for_player(
    identity: ServiceIdentity,
    store: PlayerKeys,
    address: str,
    passphrase: str,
    now: dt.datetime,
    *,
    name: str = "",
    days: int = 2 * 365,
) -> tuple[bytes, KeyOnFile]:
    """A new S/MIME key and certificate for ``address`` from the service CA, filed as its key.

    Returns the PKCS#12 file (key, certificate and CA, protected by ``passphrase``) and the filed
    entry. The passphrase is checked first (:class:`KeyRefused` if too short) and never stored;
    the private key exists only inside the returned bytes.
    """
    smime.check_passphrase(passphrase)
    addr = normalize_address(address)
    key, cert = identity.issue(addr, name or addr, now, days=days)
    p12 = smime.pkcs12_for(key, cert, identity.ca[1], passphrase, friendly_name=addr)
    found = parse_keys(cert.public_bytes(serialization.Encoding.PEM), "the issued certificate")
    return p12, store.add(addr, found[0], source="issued", now=now)


def is_encrypted(raw: bytes) -> bool:
    """Whether ``raw`` is an S/MIME- or OpenPGP-encrypted mail (what decrypt_incoming opens)."""
    msg = parse(raw)
    return smime.find_enveloped(msg) is not None or pgp.find_encrypted(msg) is not None


def _opaque_signed(msg: Message) -> bytes | None:
    if msg.get_content_type() not in smime.SMIME_TYPES:
        return None
    if str(msg.get_param("smime-type", "") or "").lower() != "signed-data":
        return None
    payload = msg.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return None
    try:
        return signed_content(payload)
    except CMSError:
        return None


def decrypt_incoming(
    raw: bytes, identity: ServiceIdentity, msg: Message | None = None
) -> bytes | None:
    """The decrypted whole message for an encrypted incoming mail, or None if it is not encrypted.

    Opens S/MIME EnvelopedData (AES-CBC/GCM, triple DES; RSA PKCS#1 v1.5 or OAEP) with the
    service's certificate(s) and PGP/MIME or inline PGP with its OpenPGP key(s). The result is a
    complete message: the outer headers (From, In-Reply-To, Authentication-Results... as
    received) over the decrypted body, so the mail loop parses it like any other mail. An opaque
    S/MIME signature (application/pkcs7-mime signed-data, inside or outside the encryption) is
    unwrapped too, unverified: authentication is the token's job.

    Raises :class:`DecryptionFailed` when the mail is encrypted but none of the service's keys
    opens it. ``msg``: ``raw`` as the caller already parsed it (modern policy), if it did.
    """
    if msg is None:
        msg = parse(raw)
    der = smime.find_enveloped(msg)
    if der is not None:
        plain = smime.decrypt_entity(der, identity.smime_keys())
    else:
        found = pgp.find_encrypted(msg)
        if found is None:
            inner = _opaque_signed(msg)
            if inner is None:
                return None
            return merge_decrypted(raw, inner)
        data, is_mime = found
        plain = pgp.decrypt_block(data, identity.openpgp_keys())
        if not is_mime:
            plain = pgp.inline_entity(plain)
    merged = merge_decrypted(raw, plain)
    if b"pkcs7-mime" not in plain.lower():
        # Not an opaque S/MIME signature inside (its Content-Type would name pkcs7-mime): no
        # second parse of the whole message.
        return merged
    inner = _opaque_signed(parse(merged))
    return merged if inner is None else merge_decrypted(merged, inner)
