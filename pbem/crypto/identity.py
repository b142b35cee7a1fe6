"""The service's own keys: its CA, its S/MIME certificate and its OpenPGP key.

Players encrypt their replies to the service's certificate or OpenPGP key, and the service can sign
its mail with them. The CA issues players' certificates on request (``CERT <passphrase>``) and the
service's own. All of it lives in one directory, private files (0600) in a 0700 directory; call
:meth:`ServiceIdentity.create_or_load` under the service's tick lock (two processes creating the
identity at the same moment would each make their own).

Files: ``ca-key.pem``, ``ca-cert.pem``, ``smime-key.pem``, ``smime-cert.pem``, ``openpgp-key.asc``
and, after a renewal or an address change, ``previous/`` with the old keys, still used to decrypt
late replies encrypted to them.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from email.message import EmailMessage, Message
from pathlib import Path

import pysequoia
from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import rsa

from pbem.crypto import pgp, smime
from pbem.crypto.files import ensure_private_dir, write_private
from pbem.errors import ConfigError

__all__ = ["ServiceIdentity", "SMIME_DAYS", "RENEW_BEFORE_DAYS"]

SMIME_DAYS = 3 * 365
"""Validity of the service's own S/MIME certificate."""
RENEW_BEFORE_DAYS = 30
"""The service certificate is renewed when it has fewer days left than this."""

SmimePair = tuple[rsa.RSAPrivateKey, x509.Certificate]


def _key_pem(key: rsa.RSAPrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )


def _cert_pem(cert: x509.Certificate) -> bytes:
    return cert.public_bytes(serialization.Encoding.PEM)


def _load_key(path: Path) -> rsa.RSAPrivateKey:
    # Our own key, written by us (0600): re-validating the RSA key costs ~170 ms per key at every
    # start of `pbem run`, which cron does every few minutes.
    key = serialization.load_pem_private_key(
        path.read_bytes(), password=None, unsafe_skip_rsa_key_validation=True
    )
    if not isinstance(key, rsa.RSAPrivateKey):
        raise ConfigError(f"{path} does not hold an RSA private key; move it away to regenerate.")
    return key


@dataclass
class ServiceIdentity:
    """The service's keys (see the module docstring for the files)."""

    address: str
    """The service's mail address, named by its certificate and OpenPGP user ID."""
    ca: SmimePair
    """The service CA's key and self-signed certificate."""
    smime: SmimePair
    """The service's current S/MIME key and certificate (issued by ``ca``)."""
    openpgp: pysequoia.Tsk
    """The service's current OpenPGP key (secret)."""
    previous_smime: list[SmimePair] = field(default_factory=list)
    """Earlier S/MIME keys, still tried when decrypting."""
    previous_openpgp: list[pysequoia.Tsk] = field(default_factory=list)
    """Earlier OpenPGP keys, still tried when decrypting."""

    @classmethod
    def create_or_load(
        cls, keys_dir: Path, service_address: str, now: dt.datetime, *, key_size: int = 3072
    ) -> ServiceIdentity:
        """Load the identity from ``keys_dir``, creating or renewing what is missing or stale.

        Creates the CA (10 years), the S/MIME certificate (3 years, renewed 30 days before its
        end, or when the service address changes) and the OpenPGP key (no expiry; replaced when
        the address changes). Replaced keys move to ``previous/``.
        """
        directory = ensure_private_dir(Path(keys_dir))
        address = service_address.strip().lower()
        previous = directory / "previous"
        ca_key_path, ca_cert_path = directory / "ca-key.pem", directory / "ca-cert.pem"
        if ca_key_path.exists() and ca_cert_path.exists():
            ca = (_load_key(ca_key_path), x509.load_pem_x509_certificate(ca_cert_path.read_bytes()))
        else:
            ca = smime.make_ca(f"pbem service CA ({address})", now, key_size=key_size)
            write_private(ca_key_path, _key_pem(ca[0]))
            write_private(ca_cert_path, _cert_pem(ca[1]))

        key_path, cert_path = directory / "smime-key.pem", directory / "smime-cert.pem"
        current: SmimePair | None = None
        if key_path.exists() and cert_path.exists():
            current = (_load_key(key_path), x509.load_pem_x509_certificate(cert_path.read_bytes()))
            stale = current[1].not_valid_after_utc - now < dt.timedelta(days=RENEW_BEFORE_DAYS)
            if stale or address not in smime.certificate_addresses(current[1]):
                serial = f"{current[1].serial_number:x}"
                write_private(previous / f"smime-{serial}-key.pem", _key_pem(current[0]))
                write_private(previous / f"smime-{serial}-cert.pem", _cert_pem(current[1]))
                current = None
        if current is None:
            current = smime.issue_certificate(
                ca, address, "pbem service", SMIME_DAYS, now, key_size=key_size
            )
            write_private(key_path, _key_pem(current[0]))
            write_private(cert_path, _cert_pem(current[1]))

        pgp_path = directory / "openpgp-key.asc"
        tsk: pysequoia.Tsk | None = None
        if pgp_path.exists():
            tsk = pysequoia.Tsk.from_bytes(pgp_path.read_bytes())
            if address not in pgp.key_addresses(tsk.extract_certificate()):
                fpr = tsk.extract_certificate().fingerprint
                write_private(previous / f"openpgp-{fpr}.asc", str(tsk).encode())
                tsk = None
        if tsk is None:
            tsk = pgp.generate_key(f"pbem service <{address}>")
            write_private(pgp_path, str(tsk).encode())

        old_smime: list[SmimePair] = []
        old_pgp: list[pysequoia.Tsk] = []
        if previous.is_dir():
            for old_key in sorted(previous.glob("smime-*-key.pem"), reverse=True):
                old_cert = old_key.with_name(old_key.name.replace("-key.pem", "-cert.pem"))
                if old_cert.exists():
                    cert = x509.load_pem_x509_certificate(old_cert.read_bytes())
                    old_smime.append((_load_key(old_key), cert))
            for old in sorted(previous.glob("openpgp-*.asc")):
                old_pgp.append(pysequoia.Tsk.from_bytes(old.read_bytes()))
        return cls(address, ca, current, tsk, old_smime, old_pgp)

    def smime_keys(self) -> list[SmimePair]:
        """The S/MIME keys to try when decrypting, current first."""
        return [self.smime, *self.previous_smime]

    def openpgp_keys(self) -> list[pysequoia.Tsk]:
        """The OpenPGP keys to try when decrypting, current first."""
        return [self.openpgp, *self.previous_openpgp]

    @property
    def smime_certificate_pem(self) -> bytes:
        """The service's certificate (PEM), to attach so that players can encrypt to it."""
        return _cert_pem(self.smime[1])

    @property
    def ca_certificate_pem(self) -> bytes:
        """The service CA's certificate (PEM)."""
        return _cert_pem(self.ca[1])

    @property
    def openpgp_public_key(self) -> bytes:
        """The service's OpenPGP public key, ASCII-armored, to attach."""
        return str(self.openpgp.extract_certificate()).encode("ascii")

    @property
    def openpgp_fingerprint(self) -> str:
        """The OpenPGP fingerprint, uppercase hex."""
        return self.openpgp.extract_certificate().fingerprint.upper()

    def attach_public_keys(self, msg: EmailMessage) -> None:
        """Attach the service's certificate and OpenPGP key to ``msg`` (a welcome mail, say).

        ``msg`` must not be encrypted yet; call before :func:`pbem.crypto.encrypt_for`.
        """
        msg.add_attachment(
            self.smime_certificate_pem,
            maintype="application",
            subtype="pkix-cert",
            filename="pbem-service.pem",
        )
        msg.add_attachment(
            self.openpgp_public_key,
            maintype="application",
            subtype="pgp-keys",
            filename="pbem-service.asc",
        )
        # The CA that signs the service's certificate (issue 31): a mail program that encrypts a
        # reply to the service must trust it (mutt: "Not trusted?"); docs/ENCRYPTED-MAIL.md says
        # how to import it.
        msg.add_attachment(
            self.ca_certificate_pem,
            maintype="application",
            subtype="pkix-cert",
            filename="pbem-service-ca.pem",
        )
        # Autocrypt (https://autocrypt.org/level1.html): Thunderbird, K-9/FairEmail and Delta Chat
        # learn the service's OpenPGP key from this header and can encrypt a plain Reply.
        if "Autocrypt" not in msg:
            msg["Autocrypt"] = self.autocrypt_header()

    def autocrypt_header(self) -> str:
        """The ``Autocrypt:`` header value: the service's address and its OpenPGP key (base64 of
        the binary key, the armour taken off)."""
        armored = self.openpgp_public_key.decode("ascii", "replace")
        body = []
        inside = False
        for line in armored.splitlines():
            line = line.strip()
            if line.startswith("-----BEGIN"):
                inside = True
                continue
            if line.startswith("-----END"):
                break
            if not inside or not line or ":" in line or line.startswith("="):
                continue  # armour headers, the blank line, the CRC
            body.append(line)
        return f"addr={self.address}; prefer-encrypt=mutual; keydata={''.join(body)}"

    def sign_smime(self, msg: Message) -> EmailMessage:
        """``msg`` signed (S/MIME, detached) with the service's certificate and CA chain."""
        return smime.sign_mime(msg, self.smime[1], self.smime[0], chain=[self.ca[1]])

    def sign_openpgp(self, msg: Message) -> EmailMessage:
        """``msg`` signed (PGP/MIME, detached) with the service's OpenPGP key."""
        return pgp.sign_mime(msg, self.openpgp)

    def issue(self, address: str, name: str, now: dt.datetime, *, days: int = 2 * 365) -> SmimePair:
        """A new key and certificate for a player, signed by the service CA."""
        key_size = self.ca[0].key_size
        return smime.issue_certificate(self.ca, address, name, days, now, key_size=key_size)
