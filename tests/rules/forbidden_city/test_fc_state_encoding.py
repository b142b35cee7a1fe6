"""The encoded state (version 3, MessagePack, stores the board: its rooms and frontier): a decoded
state is the state ``apply`` made.

Versions 1 (no board: decoding replays every placement) and 2 (the rooms as flat records, no
frontier) still decode, and ``encode_state_like`` still writes them byte for byte, so games saved
before version 3 verify.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec
import pytest

from pbem.rules.base import derive_rng
from pbem.rules.forbidden_city import GAME
from pbem.rules.forbidden_city.game import STATE_VERSION, State

GAMES = [
    (2, "beginner", ["greedy", "random"], 1),
    (3, "advanced", ["random", "greedy", "greedy"], 7),
    (4, "beginner", ["greedy"] * 4, 11),
    (4, "advanced", ["random"] * 4, 2026),
    (4, "advanced", ["greedy", "random", "greedy", "random"], 99),
]


def _states(n: int, side: str, who: list[str], seed: int) -> list[State]:
    state = GAME.setup(n, {"side": side}, seed)
    out = [state]
    i = 0
    while GAME.pending(state):
        seat = GAME.pending(state)[0].seat
        action = GAME.bots()[who[seat]].choose(GAME, state, seat, derive_rng(seed, "bot", i))
        state, _ = GAME.apply(state, seat, action, derive_rng(seed, "apply", i))
        out.append(state)
        i += 1
    return out


def _v1(state: State) -> bytes:
    return GAME.encode_state_like(state, b'{"version":1}')


def _v2(state: State) -> bytes:
    return GAME.encode_state_like(state, b'{"version":2}')


def _fields(data: bytes) -> dict[str, Any]:
    """An encoded state as plain data: JSON (versions 1 and 2) or MessagePack (version 3)."""
    out = msgspec.json.decode(data) if data[:1] == b"{" else msgspec.msgpack.decode(data)
    assert isinstance(out, dict)
    return out


def _same_encoding(like: bytes, fields: dict[str, Any]) -> bytes:
    return msgspec.json.encode(fields) if like[:1] == b"{" else msgspec.msgpack.encode(fields)


@pytest.mark.parametrize(("n", "side", "who", "seed"), GAMES)
def test_a_decoded_state_is_the_state_apply_made(
    n: int, side: str, who: list[str], seed: int
) -> None:
    states = _states(n, side, who, seed)
    assert len(states) > 20
    for state in states:
        data = GAME.encode_state(state)
        assert data[:1] != b"{"  # MessagePack
        assert _fields(data)["version"] == STATE_VERSION == 3
        back = GAME.decode_state(data)
        assert back == state
        # The same iteration order too (so nothing downstream can tell them apart).
        assert list(back.board.rooms) == list(state.board.rooms)
        assert list(back.board.cells) == list(state.board.cells)
        assert GAME.encode_state(back) == data
        # Version 1 still decodes to the same state, and re-encodes at its own version.
        old = _v1(state)
        assert "rooms" not in _fields(old)
        assert GAME.decode_state(old) == state
        assert GAME.encode_state_like(state, old) == old
        assert GAME.encode_state_like(state, data) == data
        # So does version 2, iteration order included.
        two = _v2(state)
        assert {"rooms", "reg_room"} <= _fields(two).keys()
        assert "frontier" not in _fields(two)
        back = GAME.decode_state(two)
        assert back == state
        assert list(back.board.rooms) == list(state.board.rooms)
        assert GAME.encode_state_like(state, two) == two


@pytest.mark.parametrize(("n", "side", "who", "seed"), GAMES[:2])
def test_play_goes_on_the_same_from_a_decoded_state(
    n: int, side: str, who: list[str], seed: int
) -> None:
    states = _states(n, side, who, seed)
    for i, state in enumerate(states[:-1]):
        back = GAME.decode_state(GAME.encode_state(state))
        seat = GAME.pending(state)[0].seat
        action = GAME.bots()[who[seat]].choose(GAME, state, seat, derive_rng(seed, "bot", i))
        assert GAME.legal(back, seat) == GAME.legal(state, seat)
        assert GAME.bots()[who[seat]].choose(GAME, back, seat, derive_rng(seed, "bot", i)) == action
        a = GAME.apply(state, seat, action, derive_rng(seed, "apply", i))
        b = GAME.apply(back, seat, action, derive_rng(seed, "apply", i))
        assert a == b
        assert GAME.view(back, seat) == GAME.view(state, seat)


def test_version_1_bytes_are_those_of_the_engine_before_version_2() -> None:
    """The sha256 of every version-1 encoding of one whole game, as the engine wrote them before
    version 2 (commit 68ddd8f): old snapshots verify against the replay's version-1 bytes."""
    h = hashlib.sha256()
    for state in _states(4, "advanced", ["greedy", "random", "greedy", "random"], 99):
        h.update(_v1(state))
    assert h.hexdigest() == V1_DIGEST


def test_version_2_bytes_are_those_of_the_engine_before_version_3() -> None:
    """The sha256 of every version-2 encoding of one whole game, as the engine wrote them before
    version 3 (commit b96f5eb): snapshots of version 2 verify against the replay's bytes."""
    h = hashlib.sha256()
    for state in _states(4, "advanced", ["greedy", "random", "greedy", "random"], 99):
        h.update(_v2(state))
    assert h.hexdigest() == V2_DIGEST


def test_a_damaged_board_is_refused() -> None:
    state = _states(2, "beginner", ["greedy", "random"], 1)[10]
    three = GAME.encode_state(state)
    for data in (three, _v2(state)):
        rec = _fields(data)
        rec["reg_room"] = rec["reg_room"][:-1]
        with pytest.raises(ValueError):
            GAME.decode_state(_same_encoding(data, rec))
    rec = _fields(three)
    rec["version"] = 4
    with pytest.raises(ValueError):
        GAME.decode_state(_same_encoding(three, rec))
    # Version 3 without its frontier, or with an occupied square in it.
    rec = _fields(three)
    del rec["frontier"]
    with pytest.raises(ValueError):
        GAME.decode_state(_same_encoding(three, rec))
    rec = _fields(three)
    rec["frontier"] = sorted([*rec["frontier"], next(iter(state.board.cells))])
    with pytest.raises(ValueError):
        GAME.decode_state(_same_encoding(three, rec))
    # Each version in the other's encoding, or with the other's fields, is not a board.
    rec = _fields(three)
    assert GAME.decode_state(_same_encoding(three, rec)) == state  # the control
    with pytest.raises(ValueError):
        GAME.decode_state(msgspec.json.encode(rec))
    two = _fields(_v2(state))
    with pytest.raises(ValueError):
        GAME.decode_state(msgspec.msgpack.encode(two))
    two["version"] = 3
    with pytest.raises(ValueError):
        GAME.decode_state(msgspec.msgpack.encode(two))
    rec["version"] = 2
    with pytest.raises(ValueError):
        GAME.decode_state(msgspec.json.encode(rec))


V2_DIGEST = "6aa9a78a2fbb5e83252c8f1efbf370bcb46401d24f7f187dd63357482d00203c"
V1_DIGEST = "a53b1c230fe31c15bf0ba392270ce8b70ee102edf0237ce23e9835e97992702d"
