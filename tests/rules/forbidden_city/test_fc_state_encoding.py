"""The encoded state (version 2 stores the board): a decoded state is the state ``apply`` made.

Version 1 (no board: decoding replays every placement) still decodes, and
``encode_state_like`` still writes it byte for byte, so games saved before version 2 verify.
"""

from __future__ import annotations

import hashlib

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


@pytest.mark.parametrize(("n", "side", "who", "seed"), GAMES)
def test_a_decoded_state_is_the_state_apply_made(
    n: int, side: str, who: list[str], seed: int
) -> None:
    states = _states(n, side, who, seed)
    assert len(states) > 20
    for state in states:
        data = GAME.encode_state(state)
        assert msgspec.json.decode(data)["version"] == STATE_VERSION == 2
        back = GAME.decode_state(data)
        assert back == state
        # The same iteration order too (so nothing downstream can tell them apart).
        assert list(back.board.rooms) == list(state.board.rooms)
        assert list(back.board.cells) == list(state.board.cells)
        assert GAME.encode_state(back) == data
        # Version 1 still decodes to the same state, and re-encodes at its own version.
        old = _v1(state)
        assert "rooms" not in msgspec.json.decode(old)
        assert GAME.decode_state(old) == state
        assert GAME.encode_state_like(state, old) == old
        assert GAME.encode_state_like(state, data) == data


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


def test_a_damaged_board_is_refused() -> None:
    state = _states(2, "beginner", ["greedy", "random"], 1)[10]
    rec = msgspec.json.decode(GAME.encode_state(state))
    rec["reg_room"] = rec["reg_room"][:-1]
    with pytest.raises(ValueError):
        GAME.decode_state(msgspec.json.encode(rec))
    rec = msgspec.json.decode(GAME.encode_state(state))
    rec["version"] = 3
    with pytest.raises(ValueError):
        GAME.decode_state(msgspec.json.encode(rec))


V1_DIGEST = "a53b1c230fe31c15bf0ba392270ce8b70ee102edf0237ce23e9835e97992702d"
