"""OpenPGP against GnuPG: a key made by gpg receives our PGP/MIME; gpg's replies open with ours."""

from __future__ import annotations

import base64
import datetime as dt
from collections.abc import Callable
from email import message_from_bytes
from email.message import EmailMessage
from pathlib import Path

import pytest
from crypto_helpers import (
    SECRET_TILE,
    SERVICE,
    body_bytes,
    needs_gpg,
    personal_mail,
    subparts,
    wrap_pgp_mime,
)

from pbem.crypto import (
    KeyKind,
    PlayerKeys,
    ServiceIdentity,
    decrypt_incoming,
    encrypt_for,
    extract_keys_from_mail,
)
from pbem.crypto.mime import CRLF_POLICY

pytestmark = needs_gpg

Gpg = Callable[..., bytes]


def reply(to: str = SERVICE) -> EmailMessage:
    """A player's reply as a client builds it before encrypting."""
    msg = EmailMessage()
    msg["From"] = "Alice Player <alice@example.org>"
    msg["To"] = to
    msg["Subject"] = "Re: [fc-12] Forbidden City: your turn (move 17)"
    msg["In-Reply-To"] = "<fc-12.17.alice@games.example.org>"
    return msg


def filed_from_gpg(gnupg: Gpg, tmp_path: Path, now: dt.datetime) -> PlayerKeys:
    """Alice's gpg-made public key, filed from a mail with it attached (Thunderbird style)."""
    public = gnupg("--armor", "--export", "alice@example.org")
    mail = reply()
    mail.set_content("KEY\n")
    mail.add_attachment(
        public, maintype="application", subtype="pgp-keys", filename="OpenPGP_0xALICE.asc"
    )
    raw = mail.as_bytes(policy=CRLF_POLICY)
    found = extract_keys_from_mail(raw)
    assert len(found) == 1 and found[0].kind is KeyKind.OPENPGP
    assert "alice@example.org" in found[0].addresses
    store = PlayerKeys(tmp_path / "players")
    store.accept_from_mail(raw, "alice@example.org", now)
    return store


def test_pgp_mime_opens_with_gpg(gnupg: Gpg, tmp_path: Path, now: dt.datetime) -> None:
    store = filed_from_gpg(gnupg, tmp_path, now)
    key = store.get("alice@example.org", now)
    assert key is not None and key.kind is KeyKind.OPENPGP
    wire = encrypt_for(personal_mail(), key).as_bytes(policy=CRLF_POLICY)
    assert b"GARDEN" not in wire
    outer = message_from_bytes(wire)
    assert outer.get_content_type() == "multipart/encrypted"
    assert outer.get_param("protocol") == "application/pgp-encrypted"
    control, data = subparts(outer)
    assert control.get_content_type() == "application/pgp-encrypted"
    assert "Version: 1" in control.get_payload()
    assert data.get_content_type() == "application/octet-stream"
    assert outer["Message-ID"] == "<fc-12.17.alice@games.example.org>"
    assert "<fc-12.1.alice@games.example.org>" in outer["References"]
    # gpg decrypts the whole mail file (it finds the armored block) and the data part alone.
    whole, armored = tmp_path / "mail.eml", tmp_path / "encrypted.asc"
    whole.write_bytes(wire)
    armored.write_bytes(body_bytes(data))
    for path in (whole, armored):
        inner = message_from_bytes(gnupg("--decrypt", path))
        assert inner.get_content_type() == "multipart/alternative"
        texts = [
            p.get_payload(decode=True) for p in inner.walk() if p.get_content_maintype() == "text"
        ]
        assert len(texts) == 2 and all(SECRET_TILE.encode() in t for t in texts)


def test_signed_pgp_mime_verifies_in_gpg(
    gnupg: Gpg, identity: ServiceIdentity, tmp_path: Path, now: dt.datetime
) -> None:
    store = filed_from_gpg(gnupg, tmp_path, now)
    key = store.get("alice@example.org", now)
    assert key is not None
    gnupg("--import", stdin=identity.openpgp_public_key)
    outer = message_from_bytes(encrypt_for(personal_mail(), key, sign_with=identity).as_bytes())
    armored = tmp_path / "encrypted.asc"
    armored.write_bytes(body_bytes(subparts(outer)[1]))
    status = gnupg("--status-fd", "1", "--decrypt", "--output", tmp_path / "out", armored)
    assert (
        f"VALIDSIG {identity.openpgp.extract_certificate().fingerprint.upper()}".encode()
        in (status)
        or b"GOODSIG" in status
    )
    assert SECRET_TILE.encode() in (tmp_path / "out").read_bytes()


def test_detached_pgp_signature_verifies_in_gpg(
    gnupg: Gpg, identity: ServiceIdentity, tmp_path: Path
) -> None:
    gnupg("--import", stdin=identity.openpgp_public_key)
    signed = identity.sign_openpgp(personal_mail()).as_bytes(policy=CRLF_POLICY)
    msg = message_from_bytes(signed)
    assert msg.get_content_type() == "multipart/signed"
    assert msg.get_param("protocol") == "application/pgp-signature"
    assert str(msg.get_param("micalg")).startswith("pgp-sha")
    # RFC 3156: the signed data is the first part exactly as it sits between the boundaries.
    boundary = (msg.get_boundary() or "").encode()
    start = signed.index(b"--" + boundary + b"\r\n") + len(boundary) + 4
    first = signed[start : signed.index(b"\r\n--" + boundary, start)]
    (tmp_path / "data").write_bytes(first)
    (tmp_path / "sig.asc").write_bytes(body_bytes(subparts(msg)[1]))
    status = gnupg("--status-fd", "1", "--verify", tmp_path / "sig.asc", tmp_path / "data")
    assert b"GOODSIG" in status


@pytest.mark.parametrize("form", ["pgp-mime", "inline"])
def test_reply_encrypted_by_gpg_is_decrypted(
    form: str, gnupg: Gpg, identity: ServiceIdentity, tmp_path: Path
) -> None:
    gnupg("--import", stdin=identity.openpgp_public_key)
    msg = reply()
    if form == "pgp-mime":
        entity = b"Content-Type: text/plain; charset=utf-8\r\n\r\nMOVE B2\r\nSAY gl\r\n"
        encrypted = gnupg("--armor", "--encrypt", "-r", SERVICE, "-r", "alice@example.org",
                          stdin=entity)  # fmt: skip
        wrap_pgp_mime(msg, encrypted)
    else:
        encrypted = gnupg("--armor", "--encrypt", "-r", SERVICE, stdin=b"MOVE B2\nSAY gl\n")
        msg.set_content(encrypted.decode())
    opened = decrypt_incoming(msg.as_bytes(policy=CRLF_POLICY), identity)
    assert opened is not None
    result = message_from_bytes(opened)
    assert result["In-Reply-To"] == "<fc-12.17.alice@games.example.org>"
    assert result.get_content_type() == "text/plain"
    assert "MOVE B2" in body_bytes(result).decode()


def test_signed_and_encrypted_reply_from_gpg(gnupg: Gpg, identity: ServiceIdentity) -> None:
    gnupg("--import", stdin=identity.openpgp_public_key)
    entity = b"Content-Type: text/plain\r\n\r\nMOVE C3\r\n"
    encrypted = gnupg("--armor", "--sign", "--encrypt", "-u", "alice@example.org",
                      "-r", SERVICE, stdin=entity)  # fmt: skip
    msg = reply()
    msg.set_content(encrypted.decode())
    opened = decrypt_incoming(msg.as_bytes(), identity)
    assert opened is not None and b"MOVE C3" in opened


def test_autocrypt_header_key_is_found(gnupg: Gpg) -> None:
    binary = gnupg("--export", "alice@example.org")
    keydata = base64.b64encode(binary).decode()
    msg = reply()
    msg["Autocrypt"] = f"addr=alice@example.org; keydata={keydata}"
    msg.set_content("MOVE A1\n")
    found = extract_keys_from_mail(msg.as_bytes())
    assert [k.origin for k in found] == ["the Autocrypt header"]
    assert found[0].addresses == frozenset({"alice@example.org"})


def test_pasted_secret_key_keeps_only_public_part(gnupg: Gpg) -> None:
    secret = gnupg("--armor", "--pinentry-mode", "loopback", "--passphrase", "",
                   "--export-secret-keys", "alice@example.org")  # fmt: skip
    public = gnupg("--armor", "--export", "alice@example.org")
    msg = reply()
    msg.set_content("here is my key\n" + secret.decode() + "\n" + public.decode())
    found = extract_keys_from_mail(msg.as_bytes())
    assert len(found) == 1
    assert b"PRIVATE KEY" not in found[0].data
