"""Players' keys on file: refusals, expiry, revocation, preference, files; the service identity."""

from __future__ import annotations

import datetime as dt
import json
import stat
from email.message import EmailMessage
from pathlib import Path

import pysequoia
import pytest
from crypto_helpers import SERVICE, wrap_pgp_mime
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from pbem.crypto import (
    CryptoError,
    DecryptionFailed,
    KeyKind,
    KeyOnFile,
    KeyRefused,
    KeyStatus,
    PlayerKeys,
    ServiceIdentity,
    decrypt_incoming,
    encrypt_for,
    extract_keys_from_mail,
    key_matches_address,
    parse_keys,
)
from pbem.crypto.mime import CRLF_POLICY
from pbem.errors import CommandError, PbemError


def pem(cert: x509.Certificate) -> bytes:
    return cert.public_bytes(serialization.Encoding.PEM)


def mail_with(data: bytes, filename: str, sender: str = "bob@example.org") -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = SERVICE
    msg["Subject"] = "Re: [fc-12] key"
    msg.set_content("KEY\n")
    msg.add_attachment(data, maintype="application", subtype="octet-stream", filename=filename)
    return msg.as_bytes(policy=CRLF_POLICY)


@pytest.fixture
def store(tmp_path: Path) -> PlayerKeys:
    return PlayerKeys(tmp_path / "keys" / "players")


def test_errors_are_player_readable_pbem_errors() -> None:
    for cls in (KeyRefused, DecryptionFailed):
        assert issubclass(cls, CryptoError) and issubclass(cls, PbemError)
        assert issubclass(cls, CommandError)


def test_certificate_for_another_seat_is_refused(
    identity: ServiceIdentity, store: PlayerKeys, now: dt.datetime
) -> None:
    _, carol_cert = identity.issue("carol@example.org", "Carol", now, days=30)
    raw = mail_with(pem(carol_cert), "carol.pem")  # Bob sends Carol's certificate
    (found,) = extract_keys_from_mail(raw)
    assert key_matches_address(found, "carol@example.org")
    assert key_matches_address(found, "Carol <CAROL@example.org>")
    assert not key_matches_address(found, "bob@example.org")
    with pytest.raises(KeyRefused) as err:
        store.accept_from_mail(raw, "bob@example.org", now)
    assert "is for carol@example.org, not for bob@example.org" in str(err.value)
    assert store.status("bob@example.org", now) is KeyStatus.NONE
    assert store.keys("carol@example.org") == []


def test_openpgp_key_for_another_seat_is_refused(store: PlayerKeys, now: dt.datetime) -> None:
    carol = pysequoia.Tsk.generate("Carol <carol@example.org>", profile=pysequoia.Profile.RFC4880)
    raw = mail_with(str(carol.extract_certificate()).encode(), "carol.asc")
    (found,) = extract_keys_from_mail(raw)
    assert found.kind is KeyKind.OPENPGP
    assert not key_matches_address(found, "bob@example.org")
    with pytest.raises(KeyRefused):
        store.accept_from_mail(raw, "bob@example.org", now)


def test_mail_without_key_is_refused(store: PlayerKeys, now: dt.datetime) -> None:
    msg = EmailMessage()
    msg["From"] = "bob@example.org"
    msg.set_content("KEY\n")
    with pytest.raises(KeyRefused, match="No certificate or public key was found"):
        store.accept_from_mail(msg.as_bytes(), "bob@example.org", now)


def test_expired_certificate_is_reported_expired(
    identity: ServiceIdentity, store: PlayerKeys, now: dt.datetime
) -> None:
    _, cert = identity.issue("bob@example.org", "Bob", now, days=2)
    entry = store.add("bob@example.org", parse_keys(pem(cert))[0], source="mail", now=now)
    assert store.status("bob@example.org", now) is KeyStatus.VALID
    assert store.get("bob@example.org", now) == entry
    later = now + dt.timedelta(days=3)
    assert store.status("bob@example.org", later) is KeyStatus.EXPIRED
    assert store.get("bob@example.org", later) is None
    # Sending an already expired certificate is refused with the date.
    with pytest.raises(KeyRefused, match="expired on"):
        store.add("bob@example.org", parse_keys(pem(cert))[0], source="mail", now=later)


def test_revoked_and_preferred_keys(
    identity: ServiceIdentity, store: PlayerKeys, now: dt.datetime
) -> None:
    _, cert = identity.issue("bob@example.org", "Bob", now, days=30)
    smime_entry = store.add("bob@example.org", parse_keys(pem(cert))[0], source="gm", now=now)
    tsk = pysequoia.Tsk.generate(
        "Bob <bob@example.org>", profile=pysequoia.Profile.RFC4880, validity_seconds=86400
    )
    later = now + dt.timedelta(minutes=1)
    pgp_entry = store.add(
        "Bob@Example.org", parse_keys(str(tsk.extract_certificate()).encode())[0],
        source="mail", now=later,
    )  # fmt: skip
    # The most recently added usable key wins...
    assert store.get("bob@example.org", later) == pgp_entry
    # ...and when it expires, the older certificate takes over.
    in_two_days = now + dt.timedelta(days=2)
    assert store.get("bob@example.org", in_two_days) == smime_entry
    assert store.revoke("bob@example.org", smime_entry.display_fingerprint)
    assert store.status("bob@example.org", in_two_days) is KeyStatus.EXPIRED  # newest: expired
    assert store.status("bob@example.org", later) is KeyStatus.VALID
    assert store.remove("bob@example.org", pgp_entry.fingerprint) == 1
    assert store.status("bob@example.org", later) is KeyStatus.REVOKED
    assert store.remove("bob@example.org") == 1
    assert store.status("bob@example.org", later) is KeyStatus.NONE
    assert store.addresses() == []


def test_revocation_sent_by_the_player_marks_the_key(store: PlayerKeys, now: dt.datetime) -> None:
    tsk = pysequoia.Tsk.generate("Bob <bob@example.org>", profile=pysequoia.Profile.RFC4880)
    cert = tsk.extract_certificate()
    store.add("bob@example.org", parse_keys(str(cert).encode())[0], source="mail", now=now)
    revocation = cert.revoke(tsk.certifier())
    revoked = pysequoia.Cert.from_bytes(bytes(cert) + bytes(revocation))
    assert revoked.is_revoked
    with pytest.raises(KeyRefused, match="revoked"):
        store.add("bob@example.org", parse_keys(str(revoked).encode())[0], source="mail", now=now)
    assert store.status("bob@example.org", now) is KeyStatus.REVOKED


def test_files_are_private_and_keyed_by_lowercase_address(
    identity: ServiceIdentity, store: PlayerKeys, now: dt.datetime
) -> None:
    _, cert = identity.issue("dave+games@example.org", "Dave", now, days=30)
    store.add("Dave <Dave+Games@Example.ORG>", parse_keys(pem(cert))[0], source="gm", now=now)
    assert store.addresses() == ["dave+games@example.org"]
    (path,) = store.dir.glob("*.json")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(store.dir.stat().st_mode) == 0o700
    doc = json.loads(path.read_bytes())
    assert doc["keys"][0]["source"] == "gm" and "PRIVATE" not in doc["keys"][0]["data"]
    assert not list(store.dir.glob(".*tmp"))
    reread = PlayerKeys(store.dir).get("dave+games@example.org", now)
    assert reread is not None and reread.certificate() == cert


def _self_signed(
    key: ec.EllipticCurvePrivateKey, address: str, now: dt.datetime
) -> x509.Certificate:
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, address)])
    return (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(1)
        .not_valid_before(now - dt.timedelta(days=1))
        .not_valid_after(now + dt.timedelta(days=30))
        .add_extension(x509.SubjectAlternativeName([x509.RFC822Name(address)]), False)
        .sign(key, hashes.SHA256())
    )


def test_elliptic_curve_certificate_is_refused_with_advice(
    store: PlayerKeys, now: dt.datetime
) -> None:
    cert = _self_signed(ec.generate_private_key(ec.SECP256R1()), "bob@example.org", now)
    with pytest.raises(KeyRefused, match="RSA key"):
        store.add("bob@example.org", parse_keys(pem(cert))[0], source="mail", now=now)


def test_service_identity_reloads_and_renews(tmp_path: Path, now: dt.datetime) -> None:
    keys = tmp_path / "service"
    first = ServiceIdentity.create_or_load(keys, SERVICE, now, key_size=2048)
    again = ServiceIdentity.create_or_load(keys, SERVICE, now, key_size=2048)
    assert again.smime[1] == first.smime[1]
    assert again.openpgp_fingerprint == first.openpgp_fingerprint
    for path in keys.iterdir():
        if path.is_file():
            assert stat.S_IMODE(path.stat().st_mode) == 0o600
    # Near the end of its validity the certificate is renewed; the old key still decrypts.
    old_mail = encrypt_for(_reply(), _filed(first)).as_bytes()
    late = now + dt.timedelta(days=3 * 365 - 10)
    renewed = ServiceIdentity.create_or_load(keys, SERVICE, late, key_size=2048)
    assert renewed.smime[1] != first.smime[1]
    assert renewed.smime[1].not_valid_after_utc > late + dt.timedelta(days=365)
    opened = decrypt_incoming(old_mail, renewed)
    assert opened is not None and b"MOVE B2" in opened


def _reply() -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "alice@example.org"
    msg["To"] = SERVICE
    msg.set_content("MOVE B2\n")
    return msg


def _filed(identity: ServiceIdentity) -> KeyOnFile:
    return KeyOnFile.from_found(parse_keys(identity.smime_certificate_pem)[0])


def test_protected_subject_replaces_outer_one_but_not_trace_headers(
    identity: ServiceIdentity,
) -> None:
    inner = (
        b'Content-Type: text/plain; charset=utf-8; protected-headers="v1"\r\n'
        b"Subject: Re: [fc-12] your turn\r\n"
        b"Authentication-Results: mail.games.example.org; dmarc=pass\r\n"
        b"\r\nMOVE B2\r\n"
    )
    wire = pysequoia.encrypt(inner, recipients=[identity.openpgp.extract_certificate()])
    msg = EmailMessage()
    msg["From"] = "alice@example.org"
    msg["Subject"] = "..."
    wrap_pgp_mime(msg, wire)
    opened = decrypt_incoming(msg.as_bytes(), identity)
    assert opened is not None
    assert b"Subject: Re: [fc-12] your turn" in opened and b"Subject: ..." not in opened
    assert b"Authentication-Results" not in opened


def test_player_texts_name_the_fingerprint_and_the_problem(
    identity: ServiceIdentity, store: PlayerKeys, now: dt.datetime
) -> None:
    from pbem.crypto.texts import how_to_send_a_key, import_steps, key_confirmation, key_problem

    assert key_problem(store, "bob@example.org", now) == how_to_send_a_key()
    _, cert = identity.issue("bob@example.org", "Bob", now, days=2)
    entry = store.add("bob@example.org", parse_keys(pem(cert))[0], source="mail", now=now)
    (first, _) = key_confirmation([entry])
    assert entry.display_fingerprint in first and "S/MIME certificate" in first
    assert key_problem(store, "bob@example.org", now) == []
    expired = key_problem(store, "bob@example.org", now + dt.timedelta(days=3))
    assert "expired on" in expired[0] and entry.display_fingerprint in expired[0]
    steps = " ".join(import_steps("pbem-bob.p12"))
    for client in ("Thunderbird", "Apple Mail", "Outlook", "iPhone"):
        assert client in steps
