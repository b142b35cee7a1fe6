"""Forbidden City's state as bytes, in each of its encoding versions (the sealed snapshot and the
engine state of every commit hold it)."""

from __future__ import annotations

import msgspec

from pbem.rules.forbidden_city import board as B
from pbem.rules.forbidden_city.state import State

STATE_VERSION = 3
"""The encoding :meth:`ForbiddenCity.encode_state` writes. Version 1 (games saved before
2026-11-23) had no board: decoding replayed every placement, which grew with the game. Version 2
adds the rooms (as flat records) and the region table, so that a late state decodes without
planning a placement. Both are JSON. Version 3 (2026-11-24) is MessagePack, half the bytes of the
JSON (a late game's state is sealed, signed, written and read at every commit), stores each room
as ``[id, room]``, decoded straight into the board's rooms, and the frontier, so that a late state
decodes with one pass over the placements and nothing else. All three decode;
:meth:`ForbiddenCity.encode_state_like` writes any of them (``pbem admin verify`` compares an old
snapshot with the replay in the snapshot's own version)."""


_VERSIONS = (1, 2, 3)


class _Record(msgspec.Struct, array_like=False, forbid_unknown_fields=True, omit_defaults=True):
    """The encoded state. Version 1 has no ``reg_room``/``rooms``: the board is rebuilt from the
    placements; version 2 stores them (see :func:`pbem.rules.forbidden_city.board.restore`)."""

    version: int
    n: int
    side: str
    first: int
    hands: list[str | None]
    stacks: list[list[str]]
    coins: list[int]
    to_move: int
    stopped: list[bool]
    placed: list[int]
    set_aside: list[tuple[int, str]]
    history: list[tuple[int, str, int, int, int]]
    reg_room: list[int] | None = None
    """Versions 2 and 3: the room of every region, in region order."""
    rooms: list[B.RoomRecord] | None = None
    """Version 2: every room, in the board's order, as one flat record."""
    room_map: list[tuple[int, B.Room]] | None = None
    """Version 3: every room, in the board's order, as ``[id, room]``."""
    frontier: frozenset[int] | None = None
    """Version 3: the empty squares next to a tile (encoded sorted)."""


class _RecordIn(msgspec.Struct, forbid_unknown_fields=True):
    """:class:`_Record` as :meth:`ForbiddenCity.decode_state` reads it: the same fields, decoded
    straight into the state's tuples and the board's frozensets (no conversion afterwards)."""

    version: int
    n: int
    side: str
    first: int
    hands: tuple[str | None, ...]
    stacks: tuple[tuple[str, ...], ...]
    coins: tuple[int, ...]
    to_move: int
    stopped: tuple[bool, ...]
    placed: tuple[int, ...]
    set_aside: tuple[tuple[int, str], ...]
    history: tuple[tuple[int, str, int, int, int], ...]
    reg_room: list[int] | None = None
    rooms: list[B.RoomRecord] | None = None
    room_map: list[tuple[int, B.Room]] | None = None
    frontier: frozenset[int] | None = None


_decode_record = msgspec.json.Decoder(_RecordIn)


_decode_packed = msgspec.msgpack.Decoder(_RecordIn)


_pack = msgspec.msgpack.Encoder(order="deterministic")


_JSON_START = b"{"
"""Versions 1 and 2 are a JSON object; version 3 a MessagePack map, which never starts with this
byte (it is the MessagePack of the integer 123)."""


class _Version(msgspec.Struct):
    """Only the version of an encoded state (other fields are ignored)."""

    version: int


def encode(state: State, version: int = STATE_VERSION) -> bytes:
    """Deterministic bytes of the whole state (private parts included), board included, in
    encoding ``version`` (:data:`STATE_VERSION`: MessagePack; 1 and 2: JSON)."""
    board = state.board
    rec = _Record(
        version=version,
        n=state.n,
        side=state.side,
        first=state.first,
        hands=list(state.hands),
        stacks=[list(s) for s in state.stacks],
        coins=list(state.coins),
        to_move=state.to_move,
        stopped=list(state.stopped),
        placed=list(state.placed),
        set_aside=list(state.set_aside),
        history=list(state.history),
        reg_room=board.reg_room if version >= 2 else None,
        rooms=B.room_records(board) if version == 2 else None,
        room_map=list(board.rooms.items()) if version >= 3 else None,
        frontier=board.frontier if version >= 3 else None,
    )
    if version >= 3:
        return _pack.encode(rec)
    return msgspec.json.encode(rec, order="deterministic")


def encode_like(state: State, like: bytes) -> bytes:
    """``state`` in the encoding version of ``like`` (an earlier :func:`encode`): how
    ``verify`` checks a snapshot written before the current version."""
    if like[:1] == _JSON_START:
        version = msgspec.json.decode(like, type=_Version).version
    else:
        version = msgspec.msgpack.decode(like, type=_Version).version
    return encode(state, version if version in _VERSIONS else STATE_VERSION)


def decode(data: bytes) -> State:
    """The state back from :func:`encode`, of any version (version 1: the board is
    rebuilt by replaying the placements; versions 2 and 3: from the stored rooms, no replay)."""
    packed = data[:1] != _JSON_START
    rec = (_decode_packed if packed else _decode_record).decode(data)
    if packed != (rec.version >= 3):
        raise ValueError(f"a Forbidden City state of version {rec.version} in the wrong encoding")
    if rec.version == 1:
        board = B.replay(rec.side, rec.history)
    elif rec.version == 2 and rec.reg_room is not None and rec.rooms is not None:
        board = B.restore(rec.side, rec.history, rec.reg_room, B.rooms_of_records(rec.rooms))
    elif (
        rec.version == 3
        and rec.reg_room is not None
        and rec.room_map is not None
        and rec.frontier is not None
    ):
        board = B.restore(rec.side, rec.history, rec.reg_room, dict(rec.room_map), rec.frontier)
    else:
        raise ValueError(f"unknown Forbidden City state version {rec.version}")
    return State(
        n=rec.n,
        side=rec.side,
        first=rec.first,
        board=board,
        hands=rec.hands,
        stacks=rec.stacks,
        coins=rec.coins,
        to_move=rec.to_move,
        stopped=rec.stopped,
        placed=rec.placed,
        set_aside=rec.set_aside,
        history=rec.history,
    )
