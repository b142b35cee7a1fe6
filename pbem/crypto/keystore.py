"""Players' keys on file: one S/MIME certificate or OpenPGP public key (or several) per address.

Keys belong to a mail address, not to a game: a player's key is reused by every game they join.
One JSON file per address under the store's directory, written atomically with mode 0600. Only
public material is stored (certificates and public keys); nothing here is secret, but it is
nobody else's business either.

Which key is used (:meth:`PlayerKeys.get`): among the usable keys of the address (not revoked,
inside their validity period), the one added most recently, whatever its kind: a player who sends a
new key, or asks for a certificate, means to be reached with that one.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import enum
import fcntl
import hashlib
import json
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from email.message import Message
from email.utils import parseaddr
from pathlib import Path
from urllib.parse import quote, unquote

import pysequoia
from cryptography import x509
from cryptography.hazmat.primitives import serialization

from pbem.crypto import pgp, smime
from pbem.crypto.errors import KeyRefused
from pbem.crypto.files import ensure_private_dir, write_private
from pbem.crypto.mime import parse

__all__ = [
    "KeyKind",
    "KeyStatus",
    "FoundKey",
    "KeyOnFile",
    "PlayerKeys",
    "parse_keys",
    "extract_keys_from_mail",
    "key_matches_address",
    "normalize_address",
]

_PEM_CERT_RE = re.compile(rb"-----BEGIN CERTIFICATE-----.*?-----END CERTIFICATE-----", re.DOTALL)
_CERT_NAMES = (".pem", ".cer", ".crt", ".der", ".p7b", ".p7c")
_CERT_TYPES = {
    "application/x-x509-ca-cert",
    "application/x-x509-user-cert",
    "application/x-x509-email-cert",
    "application/pkix-cert",
    "application/x-pem-file",
}
_PGP_NAMES = (".asc", ".gpg", ".pgp", ".key", ".pub")
_SIGNATURE_TYPES = {"application/pkcs7-signature", "application/x-pkcs7-signature"}


class KeyKind(enum.StrEnum):
    """The two standards a key on file can belong to."""

    SMIME = "smime"
    OPENPGP = "openpgp"


class KeyStatus(enum.StrEnum):
    """What the service can do for an address (see :meth:`PlayerKeys.status`)."""

    NONE = "none"
    """No key on file."""
    VALID = "valid"
    """A usable key is on file: personal mail is encrypted."""
    EXPIRED = "expired"
    """Keys are on file, but the newest is past its end of validity."""
    REVOKED = "revoked"
    """Keys are on file, but the newest was revoked by its owner or the GM."""
    NOT_YET_VALID = "not_yet_valid"
    """The newest key's validity starts in the future (a wrong clock somewhere)."""


def normalize_address(address: str) -> str:
    """``address`` as the key store files it: the bare addr-spec, lowercased."""
    _, addr = parseaddr(address)
    return (addr or address).strip().lower()


@dataclass(frozen=True)
class FoundKey:
    """A certificate or public key found in a mail or a file, not yet on file."""

    kind: KeyKind
    """S/MIME certificate or OpenPGP public key."""
    data: bytes
    """The public material: a PEM certificate or an ASCII-armored OpenPGP certificate."""
    fingerprint: str
    """SHA-256 of the certificate (S/MIME) or the OpenPGP v4/v6 fingerprint; uppercase hex."""
    addresses: frozenset[str]
    """The mail addresses the key names (lowercased)."""
    not_before: dt.datetime | None
    """Start of validity (None: OpenPGP, valid from creation)."""
    not_after: dt.datetime | None
    """End of validity (None: never expires)."""
    revoked: bool
    """Whether the key carries its owner's revocation (OpenPGP only)."""
    origin: str
    """Where it was found, for messages: "the S/MIME signature", "attachment alice.pem"..."""

    @property
    def display_fingerprint(self) -> str:
        """The fingerprint the way mail clients show it (colon pairs for X.509, groups of 4)."""
        return display_fingerprint(self.kind, self.fingerprint)

    def status(self, now: dt.datetime) -> KeyStatus:
        """Validity of this key at ``now``."""
        return _status(self.revoked, self.not_before, self.not_after, now)


@dataclass(frozen=True)
class KeyOnFile(FoundKey):
    """A key filed for a player's address."""

    address: str = ""
    """The (lowercased) address it is filed for."""
    source: str = "mail"
    """How it came: "mail" (sent by the player), "gm" (imported by the GM), "issued" (our CA)."""
    added: dt.datetime = dt.datetime.min.replace(tzinfo=dt.UTC)
    """When it was filed (or last re-sent)."""

    @classmethod
    def from_found(
        cls,
        key: FoundKey,
        *,
        address: str = "",
        source: str = "mail",
        added: dt.datetime | None = None,
    ) -> KeyOnFile:
        """``key`` as an entry (no checks; :meth:`PlayerKeys.add` is the checked way to file)."""
        fields = {f: getattr(key, f) for f in FoundKey.__dataclass_fields__}
        addr = normalize_address(address) if address else min(key.addresses, default="")
        when = added or dt.datetime.min.replace(tzinfo=dt.UTC)
        return cls(**fields, address=addr, source=source, added=when)

    def certificate(self) -> x509.Certificate:
        """The S/MIME certificate (only for kind SMIME)."""
        if self.kind is not KeyKind.SMIME:
            raise TypeError("not an S/MIME key")
        return x509.load_pem_x509_certificate(self.data)

    def openpgp(self) -> pysequoia.Cert:
        """The OpenPGP certificate (only for kind OPENPGP)."""
        if self.kind is not KeyKind.OPENPGP:
            raise TypeError("not an OpenPGP key")
        return pysequoia.Cert.from_bytes(self.data)

    def to_json(self) -> dict[str, object]:
        """The JSON object stored in the address's file."""
        return {
            "kind": self.kind.value,
            "fingerprint": self.fingerprint,
            "addresses": sorted(self.addresses),
            "not_before": _iso(self.not_before),
            "not_after": _iso(self.not_after),
            "revoked": self.revoked,
            "origin": self.origin,
            "source": self.source,
            "added": _iso(self.added),
            "data": self.data.decode("ascii"),
        }

    @classmethod
    def from_json(cls, address: str, obj: dict[str, object]) -> KeyOnFile:
        """Inverse of :meth:`to_json`."""
        added = _parse_iso(obj.get("added"))
        return cls(
            kind=KeyKind(str(obj["kind"])),
            data=str(obj["data"]).encode("ascii"),
            fingerprint=str(obj["fingerprint"]),
            addresses=frozenset(str(a) for a in obj.get("addresses", []) or []),  # type: ignore[attr-defined]
            not_before=_parse_iso(obj.get("not_before")),
            not_after=_parse_iso(obj.get("not_after")),
            revoked=bool(obj.get("revoked", False)),
            origin=str(obj.get("origin", "")),
            address=address,
            source=str(obj.get("source", "mail")),
            added=added or dt.datetime.min.replace(tzinfo=dt.UTC),
        )


def display_fingerprint(kind: KeyKind, fingerprint: str) -> str:
    """``fingerprint`` grouped for people: "AB:CD:..." (X.509) or "ABCD EF01 ..." (OpenPGP)."""
    if kind is KeyKind.SMIME:
        return ":".join(fingerprint[i : i + 2] for i in range(0, len(fingerprint), 2))
    return " ".join(fingerprint[i : i + 4] for i in range(0, len(fingerprint), 4))


def _iso(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _parse_iso(value: object) -> dt.datetime | None:
    return dt.datetime.fromisoformat(str(value)) if value else None


def _status(
    revoked: bool, not_before: dt.datetime | None, not_after: dt.datetime | None, now: dt.datetime
) -> KeyStatus:
    if revoked:
        return KeyStatus.REVOKED
    if not_after is not None and not_after <= now:
        return KeyStatus.EXPIRED
    if not_before is not None and not_before > now:
        return KeyStatus.NOT_YET_VALID
    return KeyStatus.VALID


# --- finding keys --------------------------------------------------------------------------


def _from_certificate(cert: x509.Certificate, origin: str) -> FoundKey:
    der = cert.public_bytes(serialization.Encoding.DER)
    return FoundKey(
        kind=KeyKind.SMIME,
        data=cert.public_bytes(serialization.Encoding.PEM),
        fingerprint=hashlib.sha256(der).hexdigest().upper(),
        addresses=frozenset(smime.certificate_addresses(cert)),
        not_before=cert.not_valid_before_utc,
        not_after=cert.not_valid_after_utc,
        revoked=False,
        origin=origin,
    )


def _from_openpgp(cert: pysequoia.Cert, origin: str) -> FoundKey:
    return FoundKey(
        kind=KeyKind.OPENPGP,
        data=str(cert).encode("ascii"),
        fingerprint=cert.fingerprint.upper(),
        addresses=frozenset(pgp.key_addresses(cert)),
        not_before=None,
        not_after=cert.expiration,
        revoked=cert.is_revoked,
        origin=origin,
    )


def _is_ca(cert: x509.Certificate) -> bool:
    try:
        return bool(cert.extensions.get_extension_for_class(x509.BasicConstraints).value.ca)
    except x509.ExtensionNotFound:
        return False


def parse_keys(data: bytes, origin: str = "the file") -> list[FoundKey]:
    """The certificates (end-entity ones from a bundle) and OpenPGP public keys in ``data`` (any format).

    Formats: PEM/DER certificates, PKCS#7 bundles (.p7b/.p7s), armored or binary OpenPGP keys.
    Secret key material is never kept.
    """
    certs = smime.load_certificates(data)
    if not certs and b"-----BEGIN CERTIFICATE-----" in data:
        certs = [c for block in _PEM_CERT_RE.findall(data) for c in smime.load_certificates(block)]
    if certs:
        # A bundle (a signature's chain) holds CA certificates too: only the end entity is a
        # player's own. A lone self-signed certificate (openssl req marks it CA) is kept.
        people = [c for c in certs if not _is_ca(c)] if len(certs) > 1 else certs
        return [_from_certificate(c, origin) for c in people]
    blocks = pgp.ARMOR_RE.findall(data) or [data]
    return [_from_openpgp(c, origin) for block in blocks for c in pgp.load_keys(block)]


def _part_keys(part: Message) -> list[FoundKey]:
    ctype = part.get_content_type()
    name = (part.get_filename() or "").lower()
    if part.is_multipart():
        return []
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes) or not payload:
        return []
    label = f"attachment {part.get_filename()}" if part.get_filename() else f"a {ctype} part"
    if ctype in _SIGNATURE_TYPES or name.endswith(".p7s"):
        return parse_keys(payload, "the S/MIME signature")
    if ctype in smime.SMIME_TYPES:
        smime_type = str(part.get_param("smime-type", "") or "").lower()
        if smime_type in ("signed-data", "certs-only"):
            return parse_keys(payload, "the S/MIME signature")
        return []  # enveloped-data: the caller decrypts first
    if ctype in _CERT_TYPES or name.endswith(_CERT_NAMES):
        return parse_keys(payload, label)
    if ctype == "application/pgp-keys" or (
        name.endswith(_PGP_NAMES) and ctype != "application/pgp-signature"
    ):
        return [k for k in parse_keys(payload, label) if k.kind is KeyKind.OPENPGP]
    if part.get_content_maintype() == "text" and (
        b"-----BEGIN PGP PUBLIC KEY BLOCK-----" in payload
        or b"-----BEGIN CERTIFICATE-----" in payload
    ):
        return parse_keys(payload, "the text of the mail")
    return []


def extract_keys_from_mail(mail: bytes | Message) -> list[FoundKey]:
    """Every certificate or OpenPGP public key a mail carries, in order, without duplicates.

    Looks at: S/MIME signatures (multipart/signed's application/pkcs7-signature, and opaque
    application/pkcs7-mime signed-data), attached .pem/.cer/.crt/.der/.p7b certificates, attached
    OpenPGP keys (application/pgp-keys, .asc), keys pasted into the text, and the Autocrypt
    header. CA certificates from a signature's chain are skipped. An encrypted mail must be
    decrypted first (:func:`pbem.crypto.decrypt_incoming`). Nothing is checked here: see
    :func:`key_matches_address` and :meth:`PlayerKeys.add`. ``mail`` is the raw message or the
    message the caller already parsed (with the modern policy).
    """
    msg = parse(mail) if isinstance(mail, bytes) else mail
    found: list[FoundKey] = []
    for part in msg.walk():
        found.extend(_part_keys(part))
    for keydata in pgp.autocrypt_keys(msg):
        found.extend(_from_openpgp(c, "the Autocrypt header") for c in pgp.load_keys(keydata))
    unique: dict[str, FoundKey] = {}
    for key in found:
        unique.setdefault(key.fingerprint, key)
    return list(unique.values())


def key_matches_address(key: FoundKey, address: str) -> bool:
    """Whether ``key`` names ``address`` (SAN/subject e-mail for X.509, a user ID for OpenPGP).

    This is what refuses a key sent for another seat: a player may only file a key for the
    address the token-authenticated mail came from.
    """
    return normalize_address(address) in key.addresses


# --- the store -----------------------------------------------------------------------------


class PlayerKeys:
    """The players' keys on file, one JSON file per address in ``keys_dir``."""

    def __init__(self, keys_dir: Path) -> None:
        self.dir = Path(keys_dir)

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """Serialise read-modify-write of the store (the tick and a GM's command may overlap)."""
        ensure_private_dir(self.dir)
        fd = os.open(self.dir / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing releases the lock

    def _path(self, address: str) -> Path:
        return self.dir / (quote(normalize_address(address), safe="@._+-") + ".json")

    def keys(self, address: str) -> list[KeyOnFile]:
        """All keys filed for ``address``, newest first (whatever their status)."""
        path = self._path(address)
        try:
            doc = json.loads(path.read_bytes())
        except FileNotFoundError:
            return []
        addr = normalize_address(address)
        entries = [KeyOnFile.from_json(addr, obj) for obj in doc.get("keys", [])]
        return sorted(entries, key=lambda k: k.added, reverse=True)

    def _save(self, address: str, entries: Iterable[KeyOnFile]) -> None:
        entries = list(entries)
        path = self._path(address)
        if not entries:
            path.unlink(missing_ok=True)
            return
        doc = {
            "version": 1,
            "address": normalize_address(address),
            "keys": [k.to_json() for k in entries],
        }
        ensure_private_dir(self.dir)
        write_private(path, json.dumps(doc, indent=1, sort_keys=True).encode() + b"\n")

    def addresses(self) -> list[str]:
        """Every address with at least one key on file, sorted."""
        if not self.dir.is_dir():
            return []
        return sorted(unquote(p.stem) for p in self.dir.glob("*.json"))

    def add(self, address: str, key: FoundKey, *, source: str, now: dt.datetime) -> KeyOnFile:
        """File ``key`` for ``address`` and return the entry.

        Raises :class:`KeyRefused` (a player-readable sentence) when the key names another
        address, is expired, revoked, or cannot receive encrypted mail. Re-sending a key already
        on file refreshes it (and makes it the preferred one again). A revoked OpenPGP key that is
        on file is marked revoked before the refusal.
        """
        with self._locked():
            addr = normalize_address(address)
            entries = self.keys(addr)
            if not key_matches_address(key, addr):
                named = ", ".join(sorted(key.addresses)) or "no mail address at all"
                raise KeyRefused(
                    f"The key in {key.origin} is for {named}, not for {addr}, so it was not put on "
                    f"file. Please send a key made for {addr}, from that address."
                )
            if key.revoked and any(e.fingerprint == key.fingerprint for e in entries):
                self._save(
                    addr,
                    [
                        replace(e, revoked=True) if e.fingerprint == key.fingerprint else e
                        for e in entries
                    ],
                )
            if key.kind is KeyKind.SMIME:
                smime.check_encryption_certificate(x509.load_pem_x509_certificate(key.data), now)
            else:
                pgp.check_encryption_key(pysequoia.Cert.from_bytes(key.data), now)
            entry = KeyOnFile.from_found(key, address=addr, source=source, added=now)
            self._save(addr, [entry, *(e for e in entries if e.fingerprint != key.fingerprint)])
            return entry

    def accept_from_mail(
        self, mail: bytes | Message, address: str, now: dt.datetime
    ) -> list[KeyOnFile]:
        """File every usable key in ``mail`` (raw, or parsed) that names ``address``; return them.

        Call it only for a token-authenticated mail from ``address``. Raises :class:`KeyRefused`
        with the reason when the mail carries no key that could be filed.
        """
        return self.accept_found(extract_keys_from_mail(mail), address, now)

    def accept_found(
        self, found: list[FoundKey], address: str, now: dt.datetime
    ) -> list[KeyOnFile]:
        """:meth:`accept_from_mail` for the keys already found in a mail."""
        if not found:
            raise KeyRefused(
                "No certificate or public key was found in your mail. Please sign your reply "
                "with S/MIME, attach your certificate (.pem, .cer or .crt), or attach your "
                "OpenPGP public key (in Thunderbird: attach my public key)."
            )
        accepted: list[KeyOnFile] = []
        refusals: list[KeyRefused] = []
        # Foreign keys first in refusals only if nothing else explains the failure better.
        for key in found:
            try:
                accepted.append(self.add(address, key, source="mail", now=now))
            except KeyRefused as err:
                refusals.append(err)
        if not accepted:
            raise refusals[0]
        return accepted

    def get(self, address: str, now: dt.datetime) -> KeyOnFile | None:
        """The key to encrypt to: the most recently added usable key of ``address``, or None."""
        for entry in self.keys(address):
            if entry.status(now) is KeyStatus.VALID:
                return entry
        return None

    def status(self, address: str, now: dt.datetime) -> KeyStatus:
        """VALID if a usable key is on file; else the status of the newest key; NONE if none."""
        entries = self.keys(address)
        if not entries:
            return KeyStatus.NONE
        if any(e.status(now) is KeyStatus.VALID for e in entries):
            return KeyStatus.VALID
        return entries[0].status(now)

    def revoke(self, address: str, fingerprint: str) -> bool:
        """Mark the key with ``fingerprint`` revoked (the GM's or the player's word); found?"""
        with self._locked():
            fpr = _plain_fingerprint(fingerprint)
            entries = self.keys(address)
            if not any(e.fingerprint == fpr for e in entries):
                return False
            self._save(
                address, [replace(e, revoked=True) if e.fingerprint == fpr else e for e in entries]
            )
            return True

    def remove(self, address: str, fingerprint: str | None = None) -> int:
        """Forget the key with ``fingerprint``, or every key of ``address``; how many went."""
        with self._locked():
            entries = self.keys(address)
            fpr = _plain_fingerprint(fingerprint) if fingerprint else None
            kept = [e for e in entries if fpr is not None and e.fingerprint != fpr]
            self._save(address, kept)
            return len(entries) - len(kept)

    def all(self) -> list[KeyOnFile]:
        """Every key on file, by address then newest first."""
        return [k for addr in self.addresses() for k in self.keys(addr)]


def _plain_fingerprint(text: str) -> str:
    return re.sub(r"[^0-9A-Fa-f]", "", text).upper()
