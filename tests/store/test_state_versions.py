"""Snapshots written with an older engine state encoding (Forbidden City version 1, without the
board, and version 2, without the frontier) still load, verify, and move on to the current encoding
at the next commit."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from store_helpers import PLAYERS, T0, Clock

from pbem.rules.base import derive_rng
from pbem.rules.forbidden_city import GAME
from pbem.rules.forbidden_city.game import STATE_VERSION, ForbiddenCity, State
from pbem.store import ActionEntry, Keyring, Store
from pbem.store.files import SNAPSHOT_FILE, parse_snapshot


def _state_version(store: Store, gid: str) -> int:
    data = (store.game_dir(gid) / SNAPSHOT_FILE).read_bytes()
    snap, _ = parse_snapshot(data, None, game=gid, path="state.json")
    raw = store.keyring.unseal(snap.state, store._site.ctx(gid, "state", snap.seq))
    fields = msgspec.json.decode(raw) if raw[:1] == b"{" else msgspec.msgpack.decode(raw)
    return int(fields["version"])


def _moves(store: Store, gid: str, clock: Clock, n: int) -> None:
    rec = store.load(gid)
    bot = GAME.bots()["greedy"]
    for i in range(n):
        d = rec.pending()[0]
        assert isinstance(rec.state, State)
        action = bot.choose(GAME, rec.state, d.seat, derive_rng(5, "bot", i))
        rec = store.commit(
            gid, rec.seq, [ActionEntry(d.seat, action=action, source="bot")], clock()
        )


@pytest.mark.parametrize("version", [1, 2])
def test_an_older_snapshot_verifies_and_is_rewritten_at_the_next_commit(
    tmp_path: Path, keyring: Keyring, clock: Clock, monkeypatch: pytest.MonkeyPatch, version: int
) -> None:
    store = Store(tmp_path / "games", keyring)
    # The engine as it was before version 2 (or 3): every snapshot in that version.
    old = b'{"version":%d}' % version

    def encode_old(self: ForbiddenCity, state: State) -> bytes:
        return self.encode_state_like(state, old)

    with monkeypatch.context() as m:
        m.setattr(ForbiddenCity, "encode_state", encode_old)
        gid = store.create("forbidden-city", PLAYERS, {"side": "advanced"}, 31, T0)
        _moves(store, gid, clock, 12)
    assert _state_version(store, gid) == version
    # A new process with today's engine: loads, verifies (the snapshot against a replay in the
    # snapshot's version), and the next commit writes the current version.
    fresh = Store(tmp_path / "games", keyring)
    report = fresh.verify(gid)
    assert report.ok, report
    rec = fresh.load(gid)
    assert rec.seq > 12
    _moves(fresh, gid, clock, 1)
    assert _state_version(fresh, gid) == STATE_VERSION == 3
    assert Store(tmp_path / "games", keyring).verify(gid).ok


def test_an_altered_version_1_snapshot_is_still_caught(
    tmp_path: Path, keyring: Keyring, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path / "games", keyring)

    def encode_wrong(self: ForbiddenCity, state: State) -> bytes:
        # Version 1 bytes of a state with one coin more: a snapshot that is not the replay's.
        from dataclasses import replace

        wrong = replace(state, coins=tuple(c + 1 for c in state.coins))
        return self.encode_state_like(wrong, b'{"version":1}')

    gid = store.create("forbidden-city", PLAYERS, {"side": "advanced"}, 31, T0)
    _moves(store, gid, clock, 3)
    with monkeypatch.context() as m:
        m.setattr(ForbiddenCity, "encode_state", encode_wrong)
        _moves(Store(tmp_path / "games", keyring), gid, clock, 1)
    report = Store(tmp_path / "games", keyring).verify(gid)
    assert not report.ok and "snapshot differs" in str(report.error)
