"""The two signed record types: a log line and a snapshot, their exact bytes, and upcasting.

Signing exact bytes: msgspec's deterministic encoding is stable but not canonical JSON, so a
signature is computed over the bytes actually written, never over a re-encoding. A record is
written as ``BODY`` (the JSON object without its ``sig`` field) with ``,"sig":"<hex>"}`` spliced in
place of the closing brace; the signature covers a domain tag plus ``BODY``. To verify, cut the
``sig`` field off again and check it. Any changed byte either breaks the signature, breaks the
strict framing, or breaks the hash chain.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeAlias, TypeVar, cast

import msgspec

from pbem.model import ENVELOPE_SCHEMA, Envelope
from pbem.store.payloads import PAYLOAD_DECODERS, Payload, convert_payload

if TYPE_CHECKING:  # cryptography loads when a signature is checked (an idle tick checks none)
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

LOG_SCHEMA = 1
SNAPSHOT_SCHEMA = 1
LOG_DOMAIN = b"pbem-log-v1\x00"
SNAPSHOT_DOMAIN = b"pbem-snapshot-v1\x00"
CHECKPOINT_DOMAIN = b"pbem-checkpoint-v1\x00"
CHECKPOINT_SCHEMA = 2
GENESIS_PREV = "0" * 64
"""The ``prev`` of a game's first line."""

_SIG_MARK = b',"sig":"'
_SIG_RE = re.compile(rb"[0-9a-f]{128}")

encoder = msgspec.json.Encoder(order="deterministic")


P = TypeVar("P")


class Frame(msgspec.Struct, Generic[P], kw_only=True, gc=False):
    """One line of ``log.jsonl`` (without its signature). Field order is the on-disk order.

    Generic in its payload only so that a line is decoded in one struct: first with the payload
    left as raw JSON (``Frame[msgspec.Raw]``: the union of payloads is tagged by the frame's
    ``kind``, outside the payload), then the payload decoded by its kind in place. Everything
    else sees :data:`LogEntry`."""

    v: int = LOG_SCHEMA
    """Schema version of this line."""
    seq: int
    """1-based sequence number; line N of the file holds seq N."""
    time: str
    """UTC, ISO-8601, second precision."""
    kind: str
    """The payload's ``KIND``: ``setup``, ``action``, ``undo``, ``replace``... (the tag of the
    payload union, :data:`pbem.store.payloads.PAYLOADS`)."""
    payload: P
    msgid: str | None = None
    """The Message-ID the event came from (``None`` when it came from the GM or a timer)."""
    prev: str
    """Hex SHA-256 of the previous line (without its newline), or 64 zeros for seq 1."""
    key: str
    """Key id of the signing key."""


LogEntry: TypeAlias = Frame[Payload]
"""A log line with its typed payload (:mod:`pbem.store.payloads`); build a new one with
:func:`new_entry`, which takes the kind from the payload."""


def new_entry(
    payload: Payload, *, seq: int, time: str, prev: str, key: str, msgid: str | None = None
) -> LogEntry:
    """A new log line holding ``payload`` (its kind is the payload's)."""
    return Frame(
        seq=seq, time=time, kind=payload.KIND, payload=payload, msgid=msgid, prev=prev, key=key
    )


class Snapshot(msgspec.Struct, kw_only=True):
    """``state.json`` without its signature."""

    v: int = SNAPSHOT_SCHEMA
    game_id: str
    seq: int
    """The log position this snapshot was taken at."""
    head_hash: str
    """Hex SHA-256 of log line ``seq``."""
    envelope: Envelope
    state: str
    """The engine's encoded state, sealed (``siv1:...``)."""
    key: str


class Checkpoint(msgspec.Struct, kw_only=True, omit_defaults=True):
    """``checkpoint.json`` without its signature: the service checked every signature of the log
    up to line ``seq``, whose hash is ``head_hash``; from version 2 on, those lines are the first
    ``size`` bytes of the log, whose SHA-256 is ``digest``."""

    v: int
    game_id: str
    seq: int
    head_hash: str
    size: int | None = None
    """Version 2: the length in bytes of lines 1..``seq``, each with its newline."""
    digest: str | None = None
    """Version 2: the hex SHA-256 of those bytes."""
    moves: int | None = None
    """Version 2: how many actions are in effect after line ``seq`` (each undo takes one back)."""
    key: str


def line_hash(line: bytes) -> str:
    """Hex SHA-256 of one line without its trailing newline."""
    return hashlib.sha256(line).hexdigest()


def seal_record(body: bytes, signature_hex: str) -> bytes:
    """Splice the signature into the encoded body (which ends with ``}``)."""
    assert body.endswith(b"}")
    return body[:-1] + _SIG_MARK + signature_hex.encode("ascii") + b'"}'


def split_signature(record: bytes) -> tuple[bytes, bytes]:
    """``(body, signature)`` of a signed record; ``ValueError`` if the framing is not exact."""
    i = record.rfind(_SIG_MARK)
    if i < 0 or not record.endswith(b'"}'):
        raise ValueError("no signature field at the end of the record")
    sig_hex = record[i + len(_SIG_MARK) : -2]
    if not _SIG_RE.fullmatch(sig_hex):
        raise ValueError("the signature is not 128 lower-case hex digits")
    return record[:i] + b"}", bytes.fromhex(sig_hex.decode("ascii"))


def check_signature(
    body: bytes, signature: bytes, key_id: str, keys: dict[str, Ed25519PublicKey], domain: bytes
) -> None:
    """``ValueError`` naming the problem unless ``signature`` is a valid one by ``key_id``."""
    from cryptography.exceptions import InvalidSignature

    key = keys.get(key_id)
    if key is None:
        raise ValueError(
            f"signed with unknown key {key_id} (not this service's, nor an endorsed old one)"
        )
    try:
        key.verify(signature, domain + body)
    except InvalidSignature:
        raise ValueError("bad signature (the line was altered after it was signed)") from None


# -------------------------------------------------------------------------------------------------
# Upcasting: a decoded record (a plain dict) of an older schema version is brought to the current
# one before it is typed. Signatures are checked on the bytes as written, before upcasting, so old
# files stay verifiable forever. Register one function per (record type, from-version).
# -------------------------------------------------------------------------------------------------

Upcaster = Callable[[dict[str, object]], dict[str, object]]
UPCASTERS: dict[tuple[str, int], Upcaster] = {}
"""``(record type, version) -> function`` returning the record at ``version + 1``. Record types:
``"log"``, ``"snapshot"``, ``"envelope"``."""
CURRENT = {"log": LOG_SCHEMA, "snapshot": SNAPSHOT_SCHEMA, "envelope": ENVELOPE_SCHEMA}


def upcast(kind: str, raw: dict[str, object], version_field: str = "v") -> dict[str, object]:
    """Apply the registered upcasters until ``raw`` is at the current version of ``kind``."""
    version = raw.get(version_field, 0)
    if not isinstance(version, int):
        raise ValueError(f"{kind} record has a non-integer version {version!r}")
    current = CURRENT[kind]
    if version > current:
        raise ValueError(
            f"{kind} record version {version} is newer than this pbem understands ({current}); "
            "upgrade pbem"
        )
    while version < current:
        fn = UPCASTERS.get((kind, version))
        if fn is None:
            raise ValueError(f"no upcaster for {kind} records of version {version}")
        raw = fn(dict(raw))
        version += 1
        raw[version_field] = version
    return raw


_frame_decoder = msgspec.json.Decoder(Frame[msgspec.Raw])
_CURRENT_LOG_HEAD = b'{"v":%d,' % LOG_SCHEMA


def decode_entry(body: bytes) -> LogEntry:
    """Typed log entry from a line's body (already signature-checked). ``ValueError`` (unknown
    kind) or ``msgspec.ValidationError`` (a field missing, unknown or mistyped) if it is not one."""
    if body.startswith(_CURRENT_LOG_HEAD):
        # Written at the current schema (a struct is encoded in field order, "v" first): no
        # upcasting, so decode straight into the structs (faster than a dict, then convert).
        f = _frame_decoder.decode(body)
        if f.v == LOG_SCHEMA:
            dec = PAYLOAD_DECODERS.get(f.kind)
            if dec is None:
                raise ValueError(f"unknown kind {f.kind!r}")
            # The same struct, its payload now typed (the hot path of every load: no copy).
            f.payload = dec.decode(f.payload)  # type: ignore[assignment]
            return f  # type: ignore[return-value]
    raw = msgspec.json.decode(body)
    if not isinstance(raw, dict):
        raise ValueError("a log line must be a JSON object")
    frame = msgspec.convert(upcast("log", raw), Frame[object])
    frame.payload = convert_payload(frame.kind, frame.payload)
    return cast(LogEntry, frame)


def decode_snapshot(body: bytes) -> Snapshot:
    """Typed snapshot from its body (already signature-checked)."""
    raw = msgspec.json.decode(body)
    if not isinstance(raw, dict):
        raise ValueError("state.json must hold a JSON object")
    raw = upcast("snapshot", raw)
    env = raw.get("envelope")
    if isinstance(env, dict):
        raw["envelope"] = upcast("envelope", env, "schema")
    return msgspec.convert(raw, Snapshot)
