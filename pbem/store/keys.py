"""The service's keys: the Ed25519 signing key, the at-rest key, and the token secret.

All three live in one file, ``<keys_dir>/keyring.json`` (mode 0600, directory 0700), so that a key
rotation is one atomic rename. The keys directory must never be inside the data directory: an
exported or copied game must never carry the keys that protect it.

- Signing: Ed25519. A key is named by its *key id*, the first 16 hex digits of the SHA-256 of the raw
  public key. On rotation the old public key is kept (for verifying old lines) together with an
  *endorsement*: the new key's signature over the old public key, so that whoever trusts the newest
  public key can verify files signed by any earlier one.
- At rest: AES-SIV (RFC 5297, 512-bit key). Deterministic on purpose: the same plaintext and context
  give the same ciphertext, so replaying the log rebuilds byte-identical snapshots. The context is
  passed as associated data, which binds a sealed value to its game and place (a sealed value cut
  from one line and pasted into another does not open).
- Token secret: 32 random bytes; the mail loop derives per-seat reply tokens from it by HMAC.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
import stat
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from pbem import layout
from pbem.errors import ConfigError, IntegrityError
from pbem.store.fsutil import atomic_write

# cryptography (about a third of an idle tick's start-up) is imported where a key is used: an idle
# tick reads the keyring file but neither signs, verifies nor opens anything.
if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import (
        Ed25519PrivateKey,
        Ed25519PublicKey,
    )
    from cryptography.hazmat.primitives.ciphers.aead import AESSIV

KEYRING_FILE = layout.KEYRING
KEYRING_SCHEMA = 1
SEALED_PREFIX = "siv1:"
"""Prefix of every sealed value (see docs/FILE-FORMATS.md, "Sealed values")."""
PUBLIC_KEY_PREFIX = "pbem-ed25519"
ROTATION_DOMAIN = b"pbem-key-rotation-v1\x00"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


_URLSAFE = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_VALUE = {c: i for i, c in enumerate(_URLSAFE)}
_SPARE = {2: 0x0F, 3: 0x03}
"""By the length mod 4 of an unpadded text: the low bits of its last character that carry no data."""
_TO_STANDARD = bytes.maketrans(b"-_", b"+/")
_BASE64 = msgspec.json.Decoder(bytes)
"""msgspec reads standard base64 in a JSON string six times as fast as ``binascii`` (a sealed
state of a late game is 4 to 9 KB of it, by its encoding version, opened at every load)."""
_NOT_URLSAFE = (b"+", b"/", b"=", b"\\", b'"')


def _unb64(text: str) -> bytes:
    """The bytes of unpadded base64url ``text``; ``ValueError`` for any other spelling: another
    alphabet, padding, a character outside the alphabet, or spare bits set (two spellings of one
    value would make a flipped character go unnoticed)."""
    raw = text.encode("ascii")  # UnicodeEncodeError is a ValueError
    rem = len(raw) % 4
    # '+' and '/' (the standard alphabet), '=' and JSON's quote and escapes would all be read by
    # the JSON decoder below: refused here, so that exactly one text spells each value.
    if rem == 1 or any(c in raw for c in _NOT_URLSAFE):
        raise ValueError("not canonical unpadded base64url")
    if rem and _VALUE.get(raw[-1], 0) & _SPARE[rem]:
        raise ValueError("non-canonical base64 (spare bits set)")
    try:
        return _BASE64.decode(
            b'"' + raw.translate(_TO_STANDARD) + b"=" * (4 - rem if rem else 0) + b'"'
        )
    except msgspec.DecodeError:
        raise ValueError("not canonical unpadded base64url") from None


def _raw_public(key: Ed25519PublicKey) -> bytes:
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    return key.public_bytes(Encoding.Raw, PublicFormat.Raw)


def key_id_of(public: Ed25519PublicKey) -> str:
    """The key id: first 16 hex digits of the SHA-256 of the raw public key."""
    return hashlib.sha256(_raw_public(public)).hexdigest()[:16]


def format_public_key(public: Ed25519PublicKey) -> str:
    """One line: ``pbem-ed25519 <key id> <base64url raw key>``."""
    return f"{PUBLIC_KEY_PREFIX} {key_id_of(public)} {_b64(_raw_public(public))}"


def parse_public_keys(text: str) -> dict[str, Ed25519PublicKey]:
    """Every ``pbem-ed25519`` line in ``text`` (other lines are ignored) by key id.

    ``ValueError`` if a line is malformed or its key id does not match its key.
    """
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    keys: dict[str, Ed25519PublicKey] = {}
    for line in text.splitlines():
        parts = line.split()
        if len(parts) != 3 or parts[0] != PUBLIC_KEY_PREFIX:
            continue
        try:
            public = Ed25519PublicKey.from_public_bytes(_unb64(parts[2]))
        except ValueError as exc:
            raise ValueError(f"malformed public key line: {line!r}") from exc
        if key_id_of(public) != parts[1]:
            raise ValueError(f"public key line has the wrong key id: {line!r}")
        keys[parts[1]] = public
    if not keys:
        raise ValueError(f"no '{PUBLIC_KEY_PREFIX} <id> <key>' line found")
    return keys


class RetiredKey(msgspec.Struct, frozen=True, kw_only=True):
    """A public key no longer used for signing, kept to verify old lines."""

    key_id: str
    public: str
    """base64url raw Ed25519 public key."""
    retired: str
    """When it was retired (UTC, ISO-8601)."""
    endorsed_by: str
    """Key id of the key that replaced it."""
    endorsement: str
    """Hex Ed25519 signature by ``endorsed_by`` over ``ROTATION_DOMAIN + raw old public key``."""


class _KeyringFile(msgspec.Struct, kw_only=True):
    schema: int = KEYRING_SCHEMA
    signing_key: str
    """base64url raw Ed25519 private key (32 bytes)."""
    at_rest_key: str
    """base64url AES-SIV key (64 bytes)."""
    token_secret: str
    """base64url, 32 bytes."""
    retired: list[RetiredKey] = msgspec.field(default_factory=list)
    created: str = ""


def trusted_keys(
    anchors: dict[str, Ed25519PublicKey], retired: list[RetiredKey]
) -> dict[str, Ed25519PublicKey]:
    """The anchors plus every retired key endorsed, directly or through a chain, by one of them."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

    trusted = dict(anchors)
    changed = True
    while changed:
        changed = False
        for r in retired:
            if r.key_id in trusted or r.endorsed_by not in trusted:
                continue
            try:
                raw = _unb64(r.public)
                trusted[r.endorsed_by].verify(bytes.fromhex(r.endorsement), ROTATION_DOMAIN + raw)
                public = Ed25519PublicKey.from_public_bytes(raw)
            except (ValueError, InvalidSignature):
                continue
            if key_id_of(public) == r.key_id:
                trusted[r.key_id] = public
                changed = True
    return trusted


def check_private_file(path: Path) -> None:
    """Refuse a secret file that the group or others may read (``ConfigError`` says how to fix)."""
    mode = path.stat().st_mode
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise ConfigError(
            f"{path} is readable by other users (mode {stat.S_IMODE(mode):04o}); it holds a secret. "
            f"Run: chmod 600 {path}"
        )


class SealError(IntegrityError):
    """A sealed value that does not open: altered, moved to another place, or sealed with another
    service's at-rest key."""

    REASON = (
        "a sealed value does not open with this service's at-rest key (it was altered, moved from "
        "another place, or sealed by another service)"
    )

    def __init__(self, where: str = "") -> None:
        super().__init__(self.REASON, path=where)


@dataclass
class Keyring:
    """The service's keys. Create once with :meth:`create`, then :meth:`load`."""

    keys_dir: Path
    signing_raw: bytes = field(repr=False)
    """The raw Ed25519 private key (32 bytes); :attr:`signing_key` is built from it on first use."""
    at_rest_key: bytes = field(repr=False)
    token_secret: bytes = field(repr=False)
    retired: list[RetiredKey] = field(default_factory=list)
    created: str = ""
    _signing: Ed25519PrivateKey | None = field(default=None, init=False, repr=False, compare=False)
    _siv: tuple[bytes, AESSIV] | None = field(default=None, init=False, repr=False, compare=False)
    """The AES-SIV cipher of :attr:`at_rest_key`, built once (building it cost twice what a small
    value's sealing does: the reveal of a game's end opens every hidden notation)."""
    _kid: tuple[bytes, str] | None = field(default=None, init=False, repr=False, compare=False)
    """:attr:`key_id` of :attr:`signing_raw`, computed once: every signed line, snapshot and
    checkpoint names it (deriving it costs a public key, its raw bytes and a SHA-256)."""

    def _aead(self) -> AESSIV:
        hit = self._siv
        if hit is None or hit[0] != self.at_rest_key:
            from cryptography.hazmat.primitives.ciphers.aead import AESSIV

            hit = self._siv = (self.at_rest_key, AESSIV(self.at_rest_key))
        return hit[1]

    @property
    def signing_key(self) -> Ed25519PrivateKey:
        """The current signing key."""
        if self._signing is None:
            from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

            self._signing = Ed25519PrivateKey.from_private_bytes(self.signing_raw)
        return self._signing

    @signing_key.setter
    def signing_key(self, key: Ed25519PrivateKey) -> None:
        self.signing_raw = key.private_bytes_raw()
        self._signing = key

    # ---------------------------------------------------------------- life cycle

    @classmethod
    def create(
        cls, keys_dir: Path, *, data_dir: Path | None = None, now: datetime | None = None
    ) -> Keyring:
        """Generate new keys into ``keys_dir`` (created 0700). Refuses to overwrite existing keys
        and refuses a keys directory inside ``data_dir``. ``now`` is only recorded."""
        keys_dir = Path(keys_dir)
        if data_dir is not None:
            check_keys_outside(keys_dir, data_dir)
        if (keys_dir / KEYRING_FILE).exists():
            raise ConfigError(
                f"{keys_dir / KEYRING_FILE} already exists; refusing to overwrite the service's keys "
                "(games signed with them could no longer be opened). Use 'pbem admin rotate-key' to "
                "change the signing key."
            )
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
        from cryptography.hazmat.primitives.ciphers.aead import AESSIV

        keys_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(keys_dir, 0o700)
        ring = cls(
            keys_dir=keys_dir,
            signing_raw=Ed25519PrivateKey.generate().private_bytes_raw(),
            at_rest_key=AESSIV.generate_key(512),
            token_secret=secrets.token_bytes(32),
            retired=[],
            created=(now or datetime.now(UTC)).astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        )
        ring._save()
        return ring

    @classmethod
    def load(cls, keys_dir: Path) -> Keyring:
        """Read the keys; ``ConfigError`` with what to do when they are missing or exposed."""
        path = Path(keys_dir) / KEYRING_FILE
        if not path.exists():
            raise ConfigError(
                f"no keys at {path}. Run 'pbem init' to create them (or point --config / keys_dir "
                "at the directory that holds keyring.json)."
            )
        check_private_file(path)
        try:
            f = msgspec.json.decode(path.read_bytes(), type=_KeyringFile)
            signing = _unb64(f.signing_key)
            if len(signing) != 32:
                raise ValueError("An Ed25519 private key is 32 bytes long.")
            at_rest = _unb64(f.at_rest_key)
            token = _unb64(f.token_secret)
        except (msgspec.DecodeError, msgspec.ValidationError, ValueError) as exc:
            raise ConfigError(f"{path} is damaged: {exc}") from exc
        return cls(Path(keys_dir), signing, at_rest, token, list(f.retired), f.created)

    def _save(self) -> None:
        raw = _KeyringFile(
            signing_key=_b64(self.signing_raw),
            at_rest_key=_b64(self.at_rest_key),
            token_secret=_b64(self.token_secret),
            retired=self.retired,
            created=self.created,
        )
        atomic_write(
            self.keys_dir / KEYRING_FILE,
            msgspec.json.format(msgspec.json.encode(raw)) + b"\n",
            mode=0o600,
        )
        pub = "\n".join(self.public_key_lines()) + "\n"
        atomic_write(self.keys_dir / layout.PUBLIC_KEYS, pub.encode(), mode=0o644)

    def rotate(self, now: datetime) -> str:
        """Replace the signing key; the old public key is kept, endorsed by the new one.
        Returns the new key id. The at-rest key and the token secret do not change."""
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

        new = Ed25519PrivateKey.generate()
        old_raw = _raw_public(self.signing_key.public_key())
        self.retired.append(
            RetiredKey(
                key_id=self.key_id,
                public=_b64(old_raw),
                retired=now.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
                endorsed_by=key_id_of(new.public_key()),
                endorsement=new.sign(ROTATION_DOMAIN + old_raw).hex(),
            )
        )
        self.signing_key = new
        self._save()
        return self.key_id

    # ---------------------------------------------------------------- signatures

    @property
    def key_id(self) -> str:
        """Id of the current signing key."""
        hit = self._kid
        if hit is None or hit[0] != self.signing_raw:
            hit = self._kid = (self.signing_raw, key_id_of(self.signing_key.public_key()))
        return hit[1]

    @property
    def public_key(self) -> Ed25519PublicKey:
        """The current public key."""
        return self.signing_key.public_key()

    def public_key_text(self) -> str:
        """The current public key as one line (what ``pbem admin pubkey`` prints)."""
        return format_public_key(self.public_key)

    def public_key_lines(self) -> list[str]:
        """The current public key, then every retired one."""
        lines = [self.public_key_text()]
        for r in self.retired:
            lines.append(f"{PUBLIC_KEY_PREFIX} {r.key_id} {r.public}")
        return lines

    def verification_keys(self) -> dict[str, Ed25519PublicKey]:
        """Every key this service ever signed with (current and endorsed retired ones) by id."""
        return trusted_keys({self.key_id: self.public_key}, self.retired)

    def sign(self, data: bytes) -> str:
        """Hex Ed25519 signature of ``data`` with the current key."""
        return self.signing_key.sign(data).hex()

    # ---------------------------------------------------------------- sealed values

    def seal(self, plaintext: bytes, context: bytes) -> str:
        """Encrypt ``plaintext`` bound to ``context`` (AES-SIV, deterministic): ``siv1:<base64url>``."""
        return SEALED_PREFIX + _b64(self._aead().encrypt(plaintext, [context]))

    def unseal(self, sealed: str, context: bytes, *, where: str = "") -> bytes:
        """Decrypt a value made by :meth:`seal` with the same context; ``IntegrityError`` if it was
        altered, moved, or sealed with another key."""
        from cryptography.exceptions import InvalidTag

        try:
            if not sealed.startswith(SEALED_PREFIX):
                raise ValueError("not a sealed value")
            return self._aead().decrypt(_unb64(sealed[len(SEALED_PREFIX) :]), [context])
        except (ValueError, InvalidTag) as exc:
            raise SealError(where) from exc

    # ---------------------------------------------------------------- tokens

    def derive_token(self, *parts: str | int, length: int = 16) -> str:
        """An unguessable token (lower-case hex) derived by HMAC-SHA256 from the token secret and
        ``parts``, e.g. ``derive_token("reply", game_id, seat, moves)``."""
        msg = b"\x00".join(str(p).encode() for p in parts)
        return hmac.new(self.token_secret, msg, hashlib.sha256).hexdigest()[:length]


def check_keys_outside(keys_dir: Path, data_dir: Path) -> None:
    """``ConfigError`` if ``keys_dir`` is the data directory or inside it."""
    k = Path(keys_dir).resolve()
    d = Path(data_dir).resolve()
    if k == d or d in k.parents:
        raise ConfigError(
            f"the keys directory {keys_dir} is inside the data directory {data_dir}; keep the keys "
            "outside, so that copying or exporting games never copies the keys. Set keys_dir in "
            "the config file to another directory."
        )
