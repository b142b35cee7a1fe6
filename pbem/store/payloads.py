"""The payload of each kind of log line, as a typed msgspec struct (docs/FILE-FORMATS.md).

A log line is a :class:`~pbem.store.records.LogEntry` frame (``v``, ``seq``, ``time``, ``kind``,
``payload``, ``msgid``, ``prev``, ``key``) whose ``payload`` is one of the structs below, chosen by
``kind``: a union tagged by the frame. Decoding checks every field, so a line with an unknown kind,
a misspelt or missing field, or a value of the wrong type is refused (and so is a writer that
builds one: a struct cannot hold a field it does not declare).

The bytes must stay those of the first version, whose payloads were dicts encoded with sorted
keys: the fields of every struct are therefore declared in alphabetical order (a test checks it),
and a field that is written only when it means something (``sealed``, ``resigned``) has a default
and its struct ``omit_defaults``. No struct here may hold a reference back to a line (``gc=False``:
they are plain data, and a long log is many of them).
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeAlias

import msgspec

from pbem.store.entries import Source


class _Payload(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, gc=False):
    KIND: ClassVar[str]
    """The line's ``kind``."""


class SetupPlayer(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """One seat of the setup line, in seat order."""

    email: str
    name: str
    seat: int


class LoggedEvent(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """A public engine event as an action line records it (the game's own ``kind`` and data)."""

    data: dict[str, Any]
    kind: str


class SetupLine(_Payload, kw_only=True):
    """Line 1: the game, its players and options, and the seed, sealed, with its commitment."""

    KIND: ClassVar[str] = "setup"
    commitment_scheme: str
    game_id: str
    game_name: str
    options: dict[str, str]
    players: list[SetupPlayer]
    sealed_seed: str
    """Sealed JSON ``{"seed": int, "nonce": hex}`` (context ``pbem-v1:<game>:seed``)."""
    seed_commitment: str


class ActionLine(_Payload, kw_only=True, omit_defaults=True):
    """A seat's move: its public notation and public events; the exact notation sealed when it is
    secret."""

    KIND: ClassVar[str] = "action"
    events: list[LoggedEvent]
    notation: str
    """The public notation."""
    sealed: str | None = None
    """The exact notation, sealed; only when it differs from the public one."""
    seat: int
    source: Source


class UndoLine(_Payload, kw_only=True):
    """The last action still in effect is taken back."""

    KIND: ClassVar[str] = "undo"
    notation: str
    """The public notation of the action taken back."""
    reason: str
    seat: int
    source: Source
    undone: int
    """The seq of the action taken back."""


class ReplaceLine(_Payload, kw_only=True, omit_defaults=True):
    """Another player takes over a seat."""

    KIND: ClassVar[str] = "replace"
    email: str
    name: str
    previous: str
    """The address of the player who left."""
    resigned: bool = False
    """The old player resigned (written only when true)."""
    seat: int
    source: Source


class PauseLine(_Payload, kw_only=True):
    KIND: ClassVar[str] = "pause"
    reason: str
    source: Source


class ResumeLine(_Payload, kw_only=True):
    KIND: ClassVar[str] = "resume"
    source: Source


class EndLine(_Payload, kw_only=True):
    """The game ended: ``finished`` by the rules, else the GM's words."""

    KIND: ClassVar[str] = "end"
    reason: str
    scores: list[int]
    winners: list[int]


class RevealLine(_Payload, kw_only=True):
    """The seed, its nonce and every sealed notation, made public at the end."""

    KIND: ClassVar[str] = "reveal"
    nonce: str
    notations: dict[str, str]
    """``{"<seq>": exact notation}`` of every action whose notation was sealed."""
    seed: int


class ViewAccessLine(_Payload, kw_only=True):
    """Someone looked at a seat's private view."""

    KIND: ClassVar[str] = "view-access"
    by: str
    seat: int


class DeadlineLine(_Payload, kw_only=True):
    """The deadline of one decision kind (``*``: every one); both ``None`` clears it."""

    KIND: ClassVar[str] = "deadline"
    at: str | None
    kind: str
    seconds: int | None
    source: Source


class MessageLine(_Payload, kw_only=True):
    """A mail handled without changing the game (its Message-ID is the line's ``msgid``)."""

    KIND: ClassVar[str] = "message"
    outcome: str
    seat: int | None


class VacationLine(_Payload, kw_only=True):
    """A seat is away from ``start`` to ``until`` (UTC): its deadlines stop meanwhile."""

    KIND: ClassVar[str] = "vacation"
    seat: int
    source: Source
    start: str
    until: str


class BackLine(_Payload, kw_only=True):
    """A seat's running vacation ends now."""

    KIND: ClassVar[str] = "back"
    seat: int
    source: Source


class PolicyLine(_Payload, kw_only=True):
    """A service setting of the game, folded into the envelope's options."""

    KIND: ClassVar[str] = "policy"
    name: str
    source: Source
    value: str


class OrdersLine(_Payload, kw_only=True):
    """A seat's standing orders changed (issue 25): the change, sealed, since whom it tells to
    answer a claim, to take a card from or to bribe anew is that seat's secret."""

    KIND: ClassVar[str] = "orders"
    sealed: str
    seat: int
    source: Source


Payload: TypeAlias = (
    SetupLine
    | ActionLine
    | UndoLine
    | ReplaceLine
    | PauseLine
    | ResumeLine
    | EndLine
    | RevealLine
    | ViewAccessLine
    | DeadlineLine
    | MessageLine
    | VacationLine
    | BackLine
    | PolicyLine
    | OrdersLine
)
"""The payload of any log line."""

PAYLOADS: dict[str, type[Payload]] = {
    cls.KIND: cls
    for cls in (
        SetupLine,
        ActionLine,
        UndoLine,
        ReplaceLine,
        PauseLine,
        ResumeLine,
        EndLine,
        RevealLine,
        ViewAccessLine,
        DeadlineLine,
        MessageLine,
        VacationLine,
        BackLine,
        PolicyLine,
        OrdersLine,
    )
}
"""Kind -> payload struct: the union's tags."""

KINDS = frozenset(PAYLOADS)

SECRET_FIELDS = frozenset({"sealed", "sealed_seed"})
"""Payload fields that are never shown (sealed values)."""

PAYLOAD_DECODERS = {kind: msgspec.json.Decoder(cls) for kind, cls in PAYLOADS.items()}
"""Kind -> the JSON decoder of its payload."""


def decode_payload(kind: str, raw: bytes | msgspec.Raw) -> Payload:
    """The payload of a line of ``kind`` from its JSON bytes; ``ValueError`` for an unknown kind,
    ``msgspec.ValidationError`` for a field that is missing, unknown or of the wrong type."""
    dec = PAYLOAD_DECODERS.get(kind)
    if dec is None:
        raise ValueError(f"unknown kind {kind!r}")
    return dec.decode(raw)


def convert_payload(kind: str, raw: Any) -> Payload:
    """The payload of a line of ``kind`` from decoded JSON (the upcasting path)."""
    cls = PAYLOADS.get(kind)
    if cls is None:
        raise ValueError(f"unknown kind {kind!r}")
    return msgspec.convert(raw, cls)


def public_data(payload: Payload) -> dict[str, Any]:
    """The payload as plain JSON data without its sealed fields (``admin history --json``)."""
    data: dict[str, Any] = msgspec.to_builtins(payload)
    for k in SECRET_FIELDS:
        data.pop(k, None)
    return data
