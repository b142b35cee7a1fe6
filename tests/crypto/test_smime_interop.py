"""S/MIME against OpenSSL: our mail opens with ``openssl smime``/``cms``; theirs opens with ours."""

from __future__ import annotations

import datetime as dt
import subprocess
from email import message_from_bytes
from email.message import EmailMessage
from pathlib import Path

import pytest
from crypto_helpers import SECRET_TILE, SERVICE, body_bytes, needs_openssl, personal_mail, run
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization

from pbem.crypto import (
    DecryptionFailed,
    KeyKind,
    KeyOnFile,
    PlayerKeys,
    ServiceIdentity,
    decrypt_incoming,
    encrypt_for,
    extract_keys_from_mail,
    parse_keys,
)
from pbem.crypto.mime import CRLF_POLICY
from pbem.crypto.smime import decrypt_mime, pkcs12_for

pytestmark = needs_openssl


def _pem(cert: x509.Certificate) -> bytes:
    return cert.public_bytes(serialization.Encoding.PEM)


def openssl_player(tmp: Path, address: str = "alice@example.org") -> tuple[Path, Path]:
    """A player's RSA key and S/MIME certificate made by ``openssl req`` (self-signed)."""
    key, cert = tmp / "alice-key.pem", tmp / "alice-cert.pem"
    run(
        "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "3650",
        "-keyout", key, "-out", cert, "-subj", f"/CN=Alice Player/emailAddress={address}",
        "-addext", f"subjectAltName=email:{address}",
        "-addext", "keyUsage=digitalSignature,keyEncipherment",
        "-addext", "extendedKeyUsage=emailProtection",
    )  # fmt: skip
    return key, cert


def mail_with_attachment(data: bytes, filename: str, ctype: str) -> bytes:
    """A player's reply carrying ``data`` as an attachment."""
    msg = EmailMessage()
    msg["From"] = "Alice Player <alice@example.org>"
    msg["To"] = SERVICE
    msg["Subject"] = "Re: [fc-12] my certificate"
    msg.set_content("KEY\n")
    maintype, subtype = ctype.split("/")
    msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=filename)
    return msg.as_bytes(policy=CRLF_POLICY)


@pytest.fixture
def alice(tmp_path: Path, now: dt.datetime) -> tuple[Path, Path, PlayerKeys]:
    """Alice's openssl-made key and certificate, filed from a mail with the .pem attached."""
    key, cert = openssl_player(tmp_path)
    store = PlayerKeys(tmp_path / "players")
    raw = mail_with_attachment(cert.read_bytes(), "alice.pem", "application/x-pem-file")
    accepted = store.accept_from_mail(raw, "Alice@Example.org", now)
    assert [k.kind for k in accepted] == [KeyKind.SMIME]
    return key, cert, store


def test_encrypted_mail_opens_with_openssl_smime_and_cms(
    alice: tuple[Path, Path, PlayerKeys], tmp_path: Path, now: dt.datetime
) -> None:
    key, cert, store = alice
    on_file = store.get("alice@example.org", now)
    assert on_file is not None
    wire = encrypt_for(personal_mail(), on_file).as_bytes(policy=CRLF_POLICY)
    assert SECRET_TILE.encode() not in wire and b"GARDEN" not in wire
    outer = message_from_bytes(wire)
    assert outer.get_content_type() == "application/pkcs7-mime"
    assert outer.get_param("smime-type") == "enveloped-data"
    assert outer["Subject"] == "[fc-12] Forbidden City: your turn (move 17)"
    assert outer["Message-ID"] == "<fc-12.17.alice@games.example.org>"
    assert outer["In-Reply-To"] == "<fc-12.16.alice@games.example.org>"
    assert "fc-12.1.alice" in outer["References"]
    mail = tmp_path / "mail.eml"
    mail.write_bytes(wire)

    for tool in ("smime", "cms"):
        plain = run("openssl", tool, "-decrypt", "-in", mail, "-recip", cert, "-inkey", key)
        inner = message_from_bytes(plain)
        assert inner.get_content_type() == "multipart/alternative"
        parts = {p.get_content_type(): p.get_payload(decode=True) for p in inner.walk()}
        assert SECRET_TILE.encode() in parts["text/plain"]
        assert SECRET_TILE.encode() in parts["text/html"]


@pytest.mark.parametrize(
    "command",
    [
        ["smime", "-encrypt"],  # OpenSSL's default: triple DES, RSA PKCS#1 v1.5
        ["smime", "-encrypt", "-aes256"],
        ["cms", "-encrypt", "-aes128"],
        ["cms", "-encrypt", "-aes256", "OAEP"],
        ["cms", "-encrypt", "-aes-256-gcm"],
    ],
    ids=["smime-default-3des", "smime-aes256", "cms-aes128", "cms-oaep", "cms-aes-gcm"],
)
def test_reply_encrypted_by_openssl_is_decrypted(
    command: list[str], identity: ServiceIdentity, tmp_path: Path
) -> None:
    body = tmp_path / "body.txt"
    body.write_bytes(b"Content-Type: text/plain; charset=utf-8\r\n\r\nMOVE B2\r\nSAY good luck\r\n")
    service_cert = tmp_path / "service.pem"
    service_cert.write_bytes(identity.smime_certificate_pem)
    # A player's client encrypts to the service *and* to themselves: two recipients.
    _, own_cert = openssl_player(tmp_path)
    oaep = ["-keyopt", "rsa_padding_mode:oaep"] if "OAEP" in command else []
    command = [c for c in command if c != "OAEP"]
    recips: list[str | Path] = (
        ["-recip", service_cert, *oaep, "-recip", own_cert] if command[0] == "cms" else []
    )
    targets: list[str | Path] = [] if recips else [service_cert, own_cert]
    wire = run(
        "openssl", *command, "-in", body, "-from", "alice@example.org", "-to", SERVICE,
        "-subject", "Re: [fc-12] your turn", *recips, *targets,
    )  # fmt: skip
    raw = b"In-Reply-To: <fc-12.17.alice@games.example.org>\r\n" + wire.replace(b"\n", b"\r\n")
    opened = decrypt_incoming(raw, identity)
    assert opened is not None
    msg = message_from_bytes(opened)
    assert msg["From"] == "alice@example.org"
    assert msg["In-Reply-To"] == "<fc-12.17.alice@games.example.org>"
    assert msg.get_content_type() == "text/plain"
    assert "MOVE B2" in body_bytes(msg).decode()


def test_plain_mail_is_not_decrypted(identity: ServiceIdentity) -> None:
    assert decrypt_incoming(personal_mail().as_bytes(), identity) is None


def test_mail_for_another_certificate_fails_clearly(
    alice: tuple[Path, Path, PlayerKeys], identity: ServiceIdentity, now: dt.datetime
) -> None:
    _, _, store = alice
    on_file = store.get("alice@example.org", now)
    assert on_file is not None
    wire = encrypt_for(personal_mail(), on_file).as_bytes()
    with pytest.raises(DecryptionFailed) as err:
        decrypt_incoming(wire, identity)
    assert "not encrypted to the service's current certificate" in str(err.value)
    assert "GARDEN" not in str(err.value)


def test_own_decrypt_roundtrip_keeps_headers(identity: ServiceIdentity) -> None:
    key, cert = identity.smime
    msg = personal_mail(to=SERVICE)
    wire = encrypt_for(msg, _filed(cert)).as_bytes()
    opened = decrypt_mime(wire, key, cert)
    assert opened["Message-ID"] == msg["Message-ID"]
    assert opened.get_content_type() == "multipart/alternative"
    plain = opened.get_body(("plain",))
    assert plain is not None and SECRET_TILE in plain.get_content()


def _filed(cert: x509.Certificate) -> KeyOnFile:
    """A KeyOnFile for ``cert`` without going through a store."""
    return KeyOnFile.from_found(parse_keys(_pem(cert))[0])


def test_issued_pkcs12_loads_in_openssl(
    identity: ServiceIdentity, tmp_path: Path, now: dt.datetime
) -> None:
    key, cert = identity.issue("bob@example.org", "Bob", now, days=365)
    p12 = tmp_path / "bob.p12"
    p12.write_bytes(pkcs12_for(key, cert, identity.ca[1], "tiger lily 42", friendly_name="bob"))
    out = run("openssl", "pkcs12", "-in", p12, "-passin", "pass:tiger lily 42", "-nodes")
    assert b"-----BEGIN PRIVATE KEY-----" in out
    assert out.count(b"-----BEGIN CERTIFICATE-----") == 2  # the player's and the CA's
    wrong = subprocess.run(
        ["openssl", "pkcs12", "-in", str(p12), "-passin", "pass:wrong", "-nodes"],
        capture_output=True,
    )
    assert wrong.returncode != 0
    # OpenSSL accepts the issued certificate for S/MIME under the service CA.
    ca, leaf = tmp_path / "ca.pem", tmp_path / "leaf.pem"
    ca.write_bytes(identity.ca_certificate_pem)
    leaf.write_bytes(_pem(cert))
    for purpose in ("smimeencrypt", "smimesign"):
        assert b"OK" in run("openssl", "verify", "-purpose", purpose, "-CAfile", ca, leaf)
    # And the key from the PKCS#12 opens mail the service encrypts to that certificate.
    keyfile = tmp_path / "bob-key.pem"
    keyfile.write_bytes(out)
    mail = tmp_path / "m.eml"
    mail.write_bytes(encrypt_for(personal_mail(to="bob@example.org"), _filed(cert)).as_bytes())
    plain = run("openssl", "smime", "-decrypt", "-in", mail, "-inkey", keyfile, "-recip", leaf)
    assert SECRET_TILE.encode() in plain


def test_signed_mail_verifies_with_openssl(identity: ServiceIdentity, tmp_path: Path) -> None:
    ca = tmp_path / "ca.pem"
    ca.write_bytes(identity.ca_certificate_pem)
    signed = tmp_path / "signed.eml"
    signed.write_bytes(identity.sign_smime(personal_mail()).as_bytes(policy=CRLF_POLICY))
    content = run("openssl", "smime", "-verify", "-in", signed, "-CAfile", ca, "-purpose", "any")
    assert SECRET_TILE.encode() in content
    # Re-serialised by the default generator (as an SMTP client would), it still verifies.
    again = tmp_path / "again.eml"
    again.write_bytes(message_from_bytes(signed.read_bytes()).as_bytes())
    run("openssl", "smime", "-verify", "-in", again, "-CAfile", ca, "-purpose", "any")


def test_signed_and_encrypted_opens_and_verifies(
    alice: tuple[Path, Path, PlayerKeys],
    identity: ServiceIdentity,
    tmp_path: Path,
    now: dt.datetime,
) -> None:
    key, cert, store = alice
    on_file = store.get("alice@example.org", now)
    assert on_file is not None
    mail = tmp_path / "mail.eml"
    mail.write_bytes(encrypt_for(personal_mail(), on_file, sign_with=identity).as_bytes())
    inner = tmp_path / "inner.eml"
    inner.write_bytes(
        run("openssl", "smime", "-decrypt", "-in", mail, "-recip", cert, "-inkey", key)
    )
    ca = tmp_path / "ca.pem"
    ca.write_bytes(identity.ca_certificate_pem)
    content = run("openssl", "smime", "-verify", "-in", inner, "-CAfile", ca, "-purpose", "any")
    assert SECRET_TILE.encode() in content


def test_keys_from_openssl_signed_mails(tmp_path: Path, identity: ServiceIdentity) -> None:
    key, cert = openssl_player(tmp_path)
    body = tmp_path / "body.txt"
    body.write_bytes(b"Content-Type: text/plain\r\n\r\nKEY\r\n")
    detached = run("openssl", "smime", "-sign", "-in", body, "-signer", cert, "-inkey", key,
                   "-from", "alice@example.org", "-to", SERVICE, "-subject", "key")  # fmt: skip
    opaque = run("openssl", "smime", "-sign", "-nodetach", "-in", body, "-signer", cert,
                 "-inkey", key, "-from", "alice@example.org", "-to", SERVICE)  # fmt: skip
    fingerprint = x509.load_pem_x509_certificate(cert.read_bytes()).fingerprint(hashes.SHA256())
    for raw in (detached, opaque):
        found = extract_keys_from_mail(raw)
        assert [k.fingerprint for k in found] == [fingerprint.hex().upper()]
        assert found[0].origin == "the S/MIME signature"
    # An opaque signature is unwrapped for the mail loop (not verified: the token authenticates).
    opened = decrypt_incoming(opaque, identity)
    assert opened is not None and b"KEY" in opened
    assert message_from_bytes(opened).get_content_type() == "text/plain"


def test_opaque_signed_then_encrypted_reply_is_unwrapped(
    identity: ServiceIdentity, tmp_path: Path
) -> None:
    """Outlook's opaque signing inside encryption: the mail loop still gets plain MIME."""
    key, cert = openssl_player(tmp_path)
    body = tmp_path / "body.txt"
    body.write_bytes(b"Content-Type: text/plain\r\n\r\nMOVE D4\r\n")
    signed = tmp_path / "signed.p7m"
    signed.write_bytes(run("openssl", "smime", "-sign", "-nodetach", "-in", body,
                           "-signer", cert, "-inkey", key))  # fmt: skip
    service_cert = tmp_path / "service.pem"
    service_cert.write_bytes(identity.smime_certificate_pem)
    wire = run("openssl", "smime", "-encrypt", "-aes256", "-in", signed, "-from",
               "alice@example.org", "-to", SERVICE, service_cert)  # fmt: skip
    opened = decrypt_incoming(wire, identity)
    assert opened is not None
    msg = message_from_bytes(opened)
    assert msg["From"] == "alice@example.org"
    assert msg.get_content_type() == "text/plain"
    assert body_bytes(msg).strip() == b"MOVE D4"


def test_issue_for_player_checks_passphrase_and_files_the_certificate(
    identity: ServiceIdentity, tmp_path: Path, now: dt.datetime
) -> None:
    from cryptography.hazmat.primitives.serialization import pkcs12

    from pbem.crypto import KeyRefused, issue_for_player

    store = PlayerKeys(tmp_path / "players")
    with pytest.raises(KeyRefused, match="at least 8 characters"):
        issue_for_player(identity, store, "erin@example.org", "short", now)
    assert store.addresses() == []
    p12, entry = issue_for_player(identity, store, "Erin@Example.org", "long enough 1", now)
    assert entry.source == "issued" and entry.address == "erin@example.org"
    assert store.get("erin@example.org", now) == entry
    loaded = pkcs12.load_pkcs12(p12, b"long enough 1")
    assert loaded.cert is not None and loaded.cert.certificate == entry.certificate()
    assert b"long enough" not in b"".join(p.read_bytes() for p in store.dir.glob("*.json"))
