"""S/MIME (RFC 8551) with ``cryptography``: encrypt, decrypt, sign, and issue certificates.

What ``cryptography`` can do decides the shape: it encrypts only to RSA certificates (PKCS#1 v1.5
key transport, AES-CBC content), so a player's certificate must carry an RSA key. It signs with RSA
or EC keys and cannot verify S/MIME signatures, which the service never needs: a player is
authenticated by the token in their reply, not by a signature.
"""

from __future__ import annotations

import base64
import datetime as dt
from email.message import EmailMessage, Message

from cryptography import x509
from cryptography.exceptions import UnsupportedAlgorithm
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.hazmat.primitives.ciphers import algorithms
from cryptography.hazmat.primitives.serialization import pkcs7, pkcs12
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from pbem.crypto import mime
from pbem.crypto.cms import CMSError, decrypt_enveloped
from pbem.crypto.errors import DecryptionFailed, KeyRefused

__all__ = [
    "SMIME_TYPES",
    "encrypt_mime",
    "decrypt_mime",
    "decrypt_entity",
    "sign_mime",
    "signed_entity",
    "encrypt_entity",
    "find_enveloped",
    "issue_certificate",
    "make_ca",
    "pkcs12_for",
    "MIN_PASSPHRASE",
    "check_passphrase",
    "load_certificates",
    "certificate_addresses",
    "check_encryption_certificate",
]

SMIME_TYPES = {"application/pkcs7-mime", "application/x-pkcs7-mime"}
"""Content types of an S/MIME body (the ``x-`` one is what older clients and OpenSSL write)."""

MIN_PASSPHRASE = 8
"""Shortest passphrase accepted for a PKCS#12 file (it travels by mail)."""

_EMAIL_OID = x509.ObjectIdentifier("1.2.840.113549.1.9.1")


# --- certificates --------------------------------------------------------------------------


def load_certificates(data: bytes) -> list[x509.Certificate]:
    """Every X.509 certificate in ``data``: PEM (one or more), DER, or a PKCS#7 bundle.

    Returns an empty list when ``data`` holds none.
    """
    loaders = [
        x509.load_pem_x509_certificates,
        lambda d: [x509.load_der_x509_certificate(d)],
        pkcs7.load_der_pkcs7_certificates,
        pkcs7.load_pem_pkcs7_certificates,
    ]
    for loader in loaders:
        try:
            certs = loader(data)
        except (ValueError, UnsupportedAlgorithm):
            continue
        if certs:
            return list(certs)
    return []


def certificate_addresses(cert: x509.Certificate) -> set[str]:
    """The mail addresses a certificate names (SAN rfc822Name and subject emailAddress), lowercased."""
    found: set[str] = set()
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
        found.update(str(a).strip().lower() for a in san.get_values_for_type(x509.RFC822Name))
    except x509.ExtensionNotFound:
        pass
    for attr in cert.subject.get_attributes_for_oid(_EMAIL_OID):
        found.add(str(attr.value).strip().lower())
    return found


def _not_before(cert: x509.Certificate) -> dt.datetime:
    return cert.not_valid_before_utc


def _not_after(cert: x509.Certificate) -> dt.datetime:
    return cert.not_valid_after_utc


def check_encryption_certificate(cert: x509.Certificate, now: dt.datetime) -> None:
    """Raise :class:`KeyRefused` unless the service can encrypt mail to ``cert`` at ``now``."""
    if not isinstance(cert.public_key(), rsa.RSAPublicKey):
        raise KeyRefused(
            "Your certificate uses an elliptic-curve key, and the service can only encrypt to "
            "certificates with an RSA key. Please send an RSA certificate, your OpenPGP public "
            "key, or write CERT followed by a passphrase to get a certificate from the service."
        )
    try:
        usage = cert.extensions.get_extension_for_class(x509.KeyUsage).value
        if not usage.key_encipherment:
            raise KeyRefused(
                "Your certificate is for signing only and cannot receive encrypted mail. Please "
                "send the certificate your mail program uses for encryption, or write CERT "
                "followed by a passphrase to get one from the service."
            )
    except x509.ExtensionNotFound:
        pass
    try:
        eku = cert.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
        if ExtendedKeyUsageOID.EMAIL_PROTECTION not in eku and (
            ExtendedKeyUsageOID.ANY_EXTENDED_KEY_USAGE not in eku
        ):
            raise KeyRefused(
                "Your certificate is not meant for mail (it lacks the e-mail protection usage). "
                "Please send your S/MIME certificate, or write CERT followed by a passphrase to "
                "get one from the service."
            )
    except x509.ExtensionNotFound:
        pass
    if _not_after(cert) <= now:
        raise KeyRefused(
            f"Your certificate expired on {_not_after(cert):%Y-%m-%d}. Please send a current "
            "one, or write CERT followed by a passphrase to get a new one from the service."
        )
    if _not_before(cert) > now:
        raise KeyRefused(
            f"Your certificate is only valid from {_not_before(cert):%Y-%m-%d %H:%M} UTC. "
            "Please check your computer's clock and send it again after that time."
        )


def _key_usage(*, ca: bool) -> x509.KeyUsage:
    """Certificate signing for the CA; signing and key encipherment (RSA) for a mail certificate."""
    return x509.KeyUsage(
        digital_signature=not ca,
        content_commitment=False,
        key_encipherment=not ca,
        data_encipherment=False,
        key_agreement=False,
        key_cert_sign=ca,
        crl_sign=ca,
        encipher_only=False,
        decipher_only=False,
    )


def make_ca(
    name: str, now: dt.datetime, *, days: int = 3650, key_size: int = 3072
) -> tuple[rsa.RSAPrivateKey, x509.Certificate]:
    """A self-signed certificate authority for issuing players' and the service's certificates."""
    key = rsa.generate_private_key(public_exponent=65537, key_size=key_size)
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    ski = x509.SubjectKeyIdentifier.from_public_key(key.public_key())
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(hours=1))
        .not_valid_after(now + dt.timedelta(days=days))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            _key_usage(ca=True),
            critical=True,
        )
        .add_extension(ski, critical=False)
        .sign(key, hashes.SHA256())
    )
    return key, cert


def issue_certificate(
    ca: tuple[rsa.RSAPrivateKey, x509.Certificate],
    address: str,
    name: str,
    days: int,
    now: dt.datetime,
    *,
    key_size: int = 3072,
) -> tuple[rsa.RSAPrivateKey, x509.Certificate]:
    """A new RSA key and an S/MIME certificate for ``address`` signed by ``ca``.

    The certificate names the address in the SAN (RFC 8550) and in the subject, allows signing and
    key encipherment, and carries the e-mail protection extended usage that mail clients check.
    """
    ca_key, ca_cert = ca
    key = rsa.generate_private_key(public_exponent=65537, key_size=key_size)
    attrs = [x509.NameAttribute(NameOID.COMMON_NAME, name or address)]
    attrs.append(x509.NameAttribute(_EMAIL_OID, address))
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name(attrs))
        .issuer_name(ca_cert.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(hours=1))
        .not_valid_after(now + dt.timedelta(days=days))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            _key_usage(ca=False),
            critical=True,
        )
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.EMAIL_PROTECTION]), False)
        .add_extension(x509.SubjectAlternativeName([x509.RFC822Name(address)]), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), False
        )
        .sign(ca_key, hashes.SHA256())
    )
    return key, cert


def check_passphrase(passphrase: str) -> None:
    """Raise :class:`KeyRefused` if ``passphrase`` is too weak to protect a mailed PKCS#12."""
    if len(passphrase) < MIN_PASSPHRASE:
        raise KeyRefused(
            f"Please choose a passphrase of at least {MIN_PASSPHRASE} characters, one you use "
            "nowhere else, for example: CERT plum-blossom-river-42"
        )


def pkcs12_for(
    key: rsa.RSAPrivateKey,
    cert: x509.Certificate,
    ca_cert: x509.Certificate,
    passphrase: str,
    *,
    friendly_name: str = "",
) -> bytes:
    """A PKCS#12 file with ``key``, ``cert`` and the CA, protected by ``passphrase``.

    Encrypted with PBE-SHA1-3DES and an HMAC-SHA1 MAC: the one profile that macOS/iOS Keychain,
    Windows/Outlook, Thunderbird and OpenSSL 3 all import (Apple's importers reject the AES/PBKDF2
    profile with a misleading "wrong password"). The passphrase is the protection in transit.
    """
    check_passphrase(passphrase)
    encryption = (
        serialization.PrivateFormat.PKCS12.encryption_builder()
        .kdf_rounds(50000)
        .key_cert_algorithm(pkcs12.PBES.PBESv1SHA1And3KeyTripleDESCBC)
        .hmac_hash(hashes.SHA1())
        .build(passphrase.encode("utf-8"))
    )
    return pkcs12.serialize_key_and_certificates(
        (friendly_name or None) and friendly_name.encode("utf-8"),
        key,
        cert,
        [ca_cert],
        encryption,
    )


# --- messages ------------------------------------------------------------------------------


def encrypt_mime(msg: Message, cert: x509.Certificate) -> EmailMessage:
    """``msg`` with its whole body encrypted to ``cert`` (application/pkcs7-mime enveloped-data).

    The routing headers stay outside (see :mod:`pbem.crypto.mime`); the content is AES-256-CBC, the
    key wrapped with RSA PKCS#1 v1.5, which every S/MIME client and ``openssl smime`` read.
    """
    return encrypt_entity(mime.body_entity(msg), msg, cert)


def encrypt_entity(entity: bytes, headers_of: Message, cert: x509.Certificate) -> EmailMessage:
    """The MIME ``entity`` (bytes) encrypted to ``cert``, under the routing headers of ``headers_of``."""
    der = (
        pkcs7.PKCS7EnvelopeBuilder()
        .set_data(entity)
        .add_recipient(cert)
        .set_content_encryption_algorithm(algorithms.AES256)
        .encrypt(serialization.Encoding.DER, [pkcs7.PKCS7Options.Binary])
    )

    def fill(outer: EmailMessage) -> None:
        outer.set_content(
            der,
            maintype="application",
            subtype="pkcs7-mime",
            params={"smime-type": "enveloped-data", "name": "smime.p7m"},
            disposition="attachment",
            filename="smime.p7m",
        )

    return mime.under_headers(
        headers_of,
        lambda: (
            b'Content-Type: application/pkcs7-mime; smime-type="enveloped-data";\r\n'
            b' name="smime.p7m"\r\n'
            b"Content-Transfer-Encoding: base64\r\n"
            b'Content-Disposition: attachment; filename="smime.p7m"\r\n\r\n'
            + base64.encodebytes(der).replace(b"\n", b"\r\n")
        ),
        fill,
    )


def find_enveloped(msg: Message) -> bytes | None:
    """The DER of the S/MIME EnvelopedData ``msg`` carries as its body, or None if it carries none.

    Accepts ``application/(x-)pkcs7-mime`` with smime-type enveloped-data (or none given, as some
    clients omit it) and the ``application/octet-stream; name=smime.p7m`` some gateways produce.
    """
    ctype = msg.get_content_type()
    smime_type = str(msg.get_param("smime-type", "") or "").lower()
    name = (msg.get_filename() or str(msg.get_param("name", "") or "")).lower()
    is_smime = ctype in SMIME_TYPES and smime_type in ("", "enveloped-data", "authenveloped-data")
    if ctype == "application/octet-stream" and name.endswith(".p7m"):
        is_smime = True
    if not is_smime:
        return None
    payload = msg.get_payload(decode=True)
    return payload if isinstance(payload, bytes) and payload else None


def decrypt_entity(der: bytes, keys: list[tuple[rsa.RSAPrivateKey, x509.Certificate]]) -> bytes:
    """The plaintext of EnvelopedData ``der`` for the first of ``keys`` it is encrypted to.

    Raises :class:`DecryptionFailed` when none opens it.
    """
    for key, cert in keys:
        try:
            return pkcs7.pkcs7_decrypt_der(der, cert, key, [])
        except (UnsupportedAlgorithm, ValueError):
            pass
        # Triple DES, RSA-OAEP or AES-GCM (AuthEnvelopedData): the small CMS reader handles
        # those; for a message not meant for this key it fails the same way.
        try:
            return decrypt_enveloped(der, cert, key)
        except CMSError:
            continue
    raise DecryptionFailed(
        "Your encrypted mail could not be opened: it was not encrypted to the service's current "
        "certificate. Please encrypt to the certificate attached to the service's latest mail, "
        "or send your reply unencrypted (it holds no secret)."
    )


def decrypt_mime(msg_bytes: bytes, key: rsa.RSAPrivateKey, cert: x509.Certificate) -> EmailMessage:
    """Decrypt an S/MIME-encrypted message: its outer headers over the decrypted body entity.

    Raises :class:`DecryptionFailed` if ``msg_bytes`` is not S/MIME-encrypted or not for ``cert``.
    """
    der = find_enveloped(mime.parse(msg_bytes))
    if der is None:
        raise DecryptionFailed("This mail is not S/MIME-encrypted.")
    return mime.decrypted(msg_bytes, decrypt_entity(der, [(key, cert)]))


def signed_entity(
    msg: Message,
    cert: x509.Certificate,
    key: rsa.RSAPrivateKey,
    *,
    chain: list[x509.Certificate] | None = None,
) -> bytes:
    """The body of ``msg`` as a multipart/signed entity (bytes), detached SHA-256 RSA signature.

    The signature carries ``cert`` (and ``chain``) so that a client can reply encrypted at once.
    """
    entity = mime.body_entity(msg)
    builder = pkcs7.PKCS7SignatureBuilder().set_data(entity).add_signer(cert, key, hashes.SHA256())
    for extra in chain or []:
        builder = builder.add_certificate(extra)
    signature = builder.sign(
        serialization.Encoding.DER,
        [pkcs7.PKCS7Options.DetachedSignature, pkcs7.PKCS7Options.Binary],
    )
    return mime.multipart_signed(
        entity,
        'protocol="application/pkcs7-signature";\r\n micalg=sha-256;',
        "This is a cryptographically signed message in MIME format.",
        b'Content-Type: application/pkcs7-signature; name="smime.p7s"\r\n'
        b"Content-Transfer-Encoding: base64\r\n"
        b'Content-Disposition: attachment; filename="smime.p7s"\r\n\r\n'
        + base64.encodebytes(signature).replace(b"\n", b"\r\n"),
        "----=_smime_",
    )


def sign_mime(
    msg: Message,
    cert: x509.Certificate,
    key: rsa.RSAPrivateKey,
    *,
    chain: list[x509.Certificate] | None = None,
) -> EmailMessage:
    """``msg`` as multipart/signed with a detached SHA-256 RSA signature (smime.p7s).

    The first part is kept byte for byte: the result is built as bytes and parsed back.
    """
    return mime.resealed(msg, signed_entity(msg, cert, key, chain=chain))
