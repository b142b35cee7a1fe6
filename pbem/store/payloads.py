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

from typing import ClassVar, TypeAlias

import msgspec

from pbem.i18n import N_
from pbem.store.entries import Source


class _Payload(msgspec.Struct, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The facts every reader of the log asks of a kind of line are class attributes here, set
    once per kind (a new kind of line says them where it is defined; readers ask the type)."""

    KIND: ClassVar[str]
    """The line's ``kind``."""
    QUIET: ClassVar[bool] = False
    """Sends nobody a mail by itself (bookkeeping: a handled message, a look, the reveal)."""
    TOLD: ClassVar[bool] = True
    """Told to players: a sentence in HISTORY and in the mails' list of what happened."""
    PLAYER_MOVE: ClassVar[bool] = False
    """A seat's own move: the one kind of line that is not "the GM (or the service) changed
    something" when it is not quiet."""
    RESTARTS_CLOCK: ClassVar[bool] = False
    """Counts as a new position: the clock of the decisions owed starts again from its time."""
    GM_SUBJECT: ClassVar[str] = ""
    """The subject of a mail that tells of this change ("" when it has none of its own); marked
    for translation, translated when the mail is built."""
    PAUSES: ClassVar[bool | None] = None
    """After this line the game is paused (True) or runs again (False); None: the line does not
    say (the latest line that says is the pause in force)."""


class SetupPlayer(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """One seat of the setup line, in seat order."""

    email: str
    name: str
    seat: int


class LoggedEvent(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    """A public engine event as an action line records it (the game's own ``kind`` and data)."""

    data: dict[str, object]
    kind: str


class SetupLine(_Payload, kw_only=True):
    """Line 1: the game, its players and options, and the seed, sealed, with its commitment."""

    KIND: ClassVar[str] = "setup"
    TOLD: ClassVar[bool] = False
    RESTARTS_CLOCK: ClassVar[bool] = True
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
    PLAYER_MOVE: ClassVar[bool] = True
    RESTARTS_CLOCK: ClassVar[bool] = True
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
    RESTARTS_CLOCK: ClassVar[bool] = True
    GM_SUBJECT: ClassVar[str] = N_("a move was taken back")
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
    RESTARTS_CLOCK: ClassVar[bool] = True
    GM_SUBJECT: ClassVar[str] = N_("seat replaced")
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
    GM_SUBJECT: ClassVar[str] = N_("game paused")
    PAUSES: ClassVar[bool | None] = True
    reason: str
    source: Source


class ResumeLine(_Payload, kw_only=True):
    KIND: ClassVar[str] = "resume"
    RESTARTS_CLOCK: ClassVar[bool] = True
    GM_SUBJECT: ClassVar[str] = N_("game resumed")
    PAUSES: ClassVar[bool | None] = False
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
    QUIET: ClassVar[bool] = True
    TOLD: ClassVar[bool] = False
    nonce: str
    notations: dict[str, str]
    """``{"<seq>": exact notation}`` of every action whose notation was sealed."""
    seed: int


class ViewAccessLine(_Payload, kw_only=True):
    """Someone looked at a seat's private view."""

    KIND: ClassVar[str] = "view-access"
    QUIET: ClassVar[bool] = True
    TOLD: ClassVar[bool] = False
    by: str
    seat: int


class DeadlineLine(_Payload, kw_only=True):
    """The deadline of one decision kind (``*``: every one); both ``None`` clears it."""

    KIND: ClassVar[str] = "deadline"
    RESTARTS_CLOCK: ClassVar[bool] = True
    GM_SUBJECT: ClassVar[str] = N_("deadline set")
    at: str | None
    kind: str
    seconds: int | None
    source: Source


class MessageLine(_Payload, kw_only=True):
    """A mail handled without changing the game (its Message-ID is the line's ``msgid``)."""

    KIND: ClassVar[str] = "message"
    QUIET: ClassVar[bool] = True
    TOLD: ClassVar[bool] = False
    outcome: str
    seat: int | None


class VacationLine(_Payload, kw_only=True, omit_defaults=True):
    """A seat is away from ``start`` to ``until`` (UTC): its deadlines stop meanwhile.

    ``leave`` (issue 27) names the player's leave for all their games that this line is part of
    (the same id in each of their games, see :mod:`pbem.service.leave`); ``auto`` says the service
    spent it by itself before a missed decision (``VACATION AUTO``). Both are written only when
    set, so a per-game vacation's line keeps the bytes of the first version."""

    KIND: ClassVar[str] = "vacation"
    auto: bool = False
    leave: str = ""
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


class VoteLine(_Payload, kw_only=True, omit_defaults=True):
    """A step of a vote by mail (issue 27): a seat proposes (``PROPOSE UNDO``, ``END``,
    ``PAUSE 7d``), another accepts or declines, or the proposal lapses or is carried out.

    ``proposal`` is the proposal's id (the same on each of its lines); ``what`` is ``undo``,
    ``end`` or ``pause``; ``length`` the pause's length (``7d``, written only for a pause);
    ``step`` is ``propose``, ``accept``, ``decline``, ``lapse`` or ``carried``; ``seat`` who
    took the step (None for a lapse and for the carrying out)."""

    KIND: ClassVar[str] = "vote"
    length: str = ""
    proposal: str
    seat: int | None = None
    source: Source
    step: str
    what: str


class OrdersLine(_Payload, kw_only=True):
    """A seat's standing orders changed (issue 25): the change, sealed, since whom it tells to
    answer a claim, to take a card from or to bribe anew is that seat's secret."""

    KIND: ClassVar[str] = "orders"
    QUIET: ClassVar[bool] = True
    TOLD: ClassVar[bool] = False
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
    | VoteLine
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
        VoteLine,
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


def convert_payload(kind: str, raw: object) -> Payload:
    """The payload of a line of ``kind`` from decoded JSON (the upcasting path)."""
    cls = PAYLOADS.get(kind)
    if cls is None:
        raise ValueError(f"unknown kind {kind!r}")
    return msgspec.convert(raw, cls)


def public_data(payload: Payload) -> dict[str, object]:
    """The payload as plain JSON data without its sealed fields (``admin history --json``)."""
    data: dict[str, object] = msgspec.to_builtins(payload)
    for k in SECRET_FIELDS:
        data.pop(k, None)
    return data
