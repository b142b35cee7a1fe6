"""Tamper evidence, crash recovery, conflicts, keys, exports and the shuffle check."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import msgspec
import pytest
import toygame
from store_helpers import PLAYERS, T0, Clock, play, resign_log, spy

from pbem.errors import ConfigError, ConflictError, IntegrityError
from pbem.store import (
    ActionEntry,
    Keyring,
    Pause,
    Store,
    ViewAccess,
    service_lock,
    verify_export,
    verify_shuffle,
)
from pbem.store.files import SNAPSHOT_FILE
from pbem.store.records import (
    SNAPSHOT_DOMAIN,
    UPCASTERS,
    decode_entry,
    split_signature,
    upcast,
)


def small_game(store: Store, clock: Clock) -> str:
    gid = store.create("toy-draw", PLAYERS[:2], {"deck": "8"}, 3, T0)
    rec = play(store, gid, clock, moves=2)
    store.commit(gid, rec.seq, [ViewAccess(0)], clock())
    return gid


def line_of(data: bytes, offset: int) -> int:
    """1-based line number of the byte at ``offset``."""
    return data.count(b"\n", 0, offset) + 1


@pytest.mark.parametrize("name", ["log.jsonl", "state.json"])
def test_flipping_any_byte_is_detected_with_file_and_line(
    store: Store, clock: Clock, name: str
) -> None:
    gid = small_game(store, clock)
    path = store.data_dir / gid / name
    original = path.read_bytes()
    for offset in range(len(original)):
        damaged = bytearray(original)
        damaged[offset] ^= 0x01 if offset % 2 else 0xFF
        path.write_bytes(bytes(damaged))
        report = store.verify(gid)
        assert not report.ok, f"flip at {name}:{offset} went unnoticed"
        err = report.error
        assert err is not None and err.game == gid
        assert err.path.endswith(name), (offset, str(err))
        expected_line = line_of(original, offset) if name == "log.jsonl" else 1
        assert err.line == expected_line, (offset, str(err))
        assert f"{name}:{expected_line}" in str(err)
        if offset % 5 == 0:  # load refuses it too (sampled: verify above covers every byte)
            with pytest.raises(IntegrityError):
                store.load(gid)
    path.write_bytes(original)
    assert store.verify(gid).ok


def test_one_bad_game_does_not_stop_the_others(store: Store, clock: Clock) -> None:
    good = small_game(store, clock)
    bad = small_game(store, clock)
    log = store.data_dir / bad / "log.jsonl"
    log.write_bytes(log.read_bytes().replace(b'"source":"gm"', b'"source":"bot"', 1))
    reports = {r.game_id: r for r in store.verify_all()}
    assert reports[good].ok and not reports[bad].ok
    assert f"{bad}: " in str(reports[bad].error) and "log.jsonl:2" in str(reports[bad].error)
    play(store, good, clock, moves=1)  # the good game goes on


def test_torn_last_line_recovers_to_last_good_event(store: Store, clock: Clock) -> None:
    gid = small_game(store, clock)
    gdir = store.data_dir / gid
    log_before, snap_before = (gdir / "log.jsonl").read_bytes(), (gdir / "state.json").read_bytes()
    rec = store.load(gid)
    play(store, gid, clock, moves=1)
    new_line = (gdir / "log.jsonl").read_bytes()[len(log_before) :]
    # What a crash in the middle of the append leaves: half a line, and the old snapshot.
    (gdir / "log.jsonl").write_bytes(log_before + new_line[: len(new_line) // 2])
    (gdir / "state.json").write_bytes(snap_before)
    report = store.verify(gid)
    assert report.ok and "incomplete" in report.warnings[0]
    loaded = store.load(gid)
    assert loaded.seq == rec.seq and loaded.state == rec.state
    assert any("recovered to its last good event" in w for w in loaded.warnings)
    assert (gdir / "log.jsonl").read_bytes() == log_before
    assert (gdir / "log.jsonl.torn").read_bytes() == new_line[: len(new_line) // 2] + b"\n"
    play(store, gid, clock, moves=1)
    assert store.verify(gid).ok


def test_cut_log_behind_the_snapshot_is_tampering(store: Store, clock: Clock) -> None:
    gid = small_game(store, clock)
    log = store.data_dir / gid / "log.jsonl"
    data = log.read_bytes()
    log.write_bytes(data[: len(data) - 20])  # the snapshot already records the last line
    with pytest.raises(
        IntegrityError,
        match=r"log.jsonl:4: line 4 is incomplete or damaged, but state.json already records seq 4",
    ):
        store.load(gid)
    log.write_bytes(data[: data.rindex(b"\n", 0, len(data) - 1) + 1])  # a whole line removed
    with pytest.raises(IntegrityError, match="line 4 is missing"):
        store.load(gid)


def test_stale_or_missing_snapshot_is_rebuilt(store: Store, clock: Clock) -> None:
    gid = small_game(store, clock)
    gdir = store.data_dir / gid
    snap = (gdir / "state.json").read_bytes()
    rec = play(store, gid, clock, moves=2)
    (gdir / "state.json").write_bytes(snap)  # crash after the append, before the snapshot
    report = store.verify(gid)
    assert report.ok and "rolls it forward" in report.warnings[0]
    loaded = store.load(gid)
    assert loaded.state == rec.state and loaded.envelope == rec.envelope
    assert "rebuilt it from the log" in loaded.warnings[0]
    fresh = (gdir / "state.json").read_bytes()
    (gdir / "state.json").unlink()
    assert store.load(gid).envelope == rec.envelope
    assert (gdir / "state.json").read_bytes() == fresh  # the replay gives the same bytes


def test_duplicate_sequence_number_in_the_log(store: Store, clock: Clock) -> None:
    gid = small_game(store, clock)
    log = store.data_dir / gid / "log.jsonl"
    lines = log.read_bytes().splitlines(keepends=True)
    log.write_bytes(b"".join(lines[:3] + [lines[2]] + lines[3:]))
    report = store.verify(gid)
    assert not report.ok and report.error is not None and report.error.line == 4
    assert "duplicate sequence number 3" in str(report.error)


def test_two_processes_writing_one_game(store: Store, clock: Clock) -> None:
    gid = small_game(store, clock)
    rec = store.load(gid)
    seat = rec.pending()[0].seat
    moves = sorted(toygame.GAME.notation(a) for a in toygame.GAME.legal(rec.state, seat))
    go_r, go_w = os.pipe()
    pids = []
    for text in moves[:2]:
        pid = os.fork()
        if pid == 0:  # child: wait for the start signal, then race
            code = 1
            try:
                os.read(go_r, 1)
                store.commit(gid, rec.seq, [ActionEntry(seat, text=text, source="gm")], clock())
                code = 0
            except ConflictError:
                code = 3
            finally:
                os._exit(code)
        pids.append(pid)
    os.write(go_w, b"xx")
    codes = sorted(os.waitstatus_to_exitcode(os.waitpid(p, 0)[1]) for p in pids)
    assert codes == [0, 3]
    after = store.load(gid)
    assert after.seq == rec.seq + 1
    assert store.verify(gid).ok


def test_service_lock_excludes_a_second_tick(tmp_path: Path) -> None:
    with service_lock(tmp_path):
        pid = os.fork()
        if pid == 0:
            try:
                with service_lock(tmp_path):
                    os._exit(0)
            except ConflictError:
                os._exit(3)
            os._exit(1)
        assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 3
        with service_lock(tmp_path):  # reentrant within the holder
            pass


def test_key_rotation_keeps_old_games_verifiable(
    tmp_path: Path, store: Store, keyring: Keyring, clock: Clock
) -> None:
    gid = small_game(store, clock)
    old_pub = keyring.public_key_text()
    keyring.rotate(T0)
    ring = Keyring.load(keyring.keys_dir)
    assert ring.key_id != old_pub.split()[1] and len(ring.public_key_lines()) == 2
    store2 = Store(store.data_dir, ring)
    assert store2.verify(gid).ok
    play(store2, gid, clock, moves=1)
    assert store2.verify(gid).ok
    lines = (store.data_dir / gid / "log.jsonl").read_text().splitlines()
    assert json.loads(lines[0])["key"] != json.loads(lines[-1])["key"]
    archive = store2.export(gid, tmp_path / "game.tar.gz")
    # The new public key alone suffices: it endorses the old one.
    assert verify_export(archive, ring.public_key_text()).ok
    other = Keyring.create(tmp_path / "other-keys")
    bad = verify_export(archive, other.public_key_text())
    assert not bad.ok and "unknown key" in str(bad.error)


def test_export_of_ended_game_replays_from_public_record(
    tmp_path: Path, store: Store, keyring: Keyring, clock: Clock
) -> None:
    gid = store.create("toy-draw", PLAYERS, {"deck": "24"}, 11, T0)
    play(store, gid, clock)
    archive = store.export(gid, tmp_path / "out.tar.gz")
    report = verify_export(archive, keyring.public_key_text())
    assert report.ok and report.replayed, report
    shuffle = verify_shuffle(archive)
    assert shuffle.ok and shuffle.revealed


def test_verify_shuffle_fails_when_draws_were_altered(
    tmp_path: Path, store: Store, keyring: Keyring, clock: Clock
) -> None:
    gid = store.create("toy-draw", PLAYERS[:2], {"deck": "24"}, 21, T0)
    play(store, gid, clock)
    log = store.data_dir / gid / "log.jsonl"
    lines = log.read_bytes().splitlines()
    target = next(n for n, raw in enumerate(lines, start=1) if b'"kind":"played"' in raw)
    body, _ = split_signature(lines[target - 1])
    bonus = json.loads(body)["payload"]["events"][0]["data"]["bonus"]
    forged = body.replace(f'"bonus":{bonus}'.encode(), f'"bonus":{(bonus + 1) % 3}'.encode())
    export = tmp_path / "forged"
    export.mkdir()
    (export / "log.jsonl").write_bytes(log.read_bytes())
    resign_log(export / "log.jsonl", keyring, {target: forged})
    report = verify_shuffle(export, keyring.public_key_text())
    assert not report.ok and report.problem_line == target and "draws" in str(report)
    # A different seed revealed than the one committed to.
    last = len(lines)
    body, _ = split_signature(lines[-1])
    raw = json.loads(body)
    raw["payload"]["seed"] = raw["payload"]["seed"] + 1
    (export / "log.jsonl").write_bytes(log.read_bytes())
    resign_log(export / "log.jsonl", keyring, {last: msgspec.json.encode(raw)})
    report = verify_shuffle(export, keyring.public_key_text())
    assert not report.ok and "commitment" in str(report)
    assert verify_shuffle(store.data_dir / gid, keyring.public_key_text()).ok


def test_verify_shuffle_before_the_end_says_not_revealed(store: Store, clock: Clock) -> None:
    gid = small_game(store, clock)
    report = verify_shuffle(store.load(gid))
    assert not report.ok and not report.revealed and "not revealed yet" in str(report)


def test_keyring_files_and_sealing(tmp_path: Path) -> None:
    ring = Keyring.create(tmp_path / "k", data_dir=tmp_path / "games")
    path = tmp_path / "k" / "keyring.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "k").stat().st_mode) == 0o700
    with pytest.raises(ConfigError, match="already exists"):
        Keyring.create(tmp_path / "k")
    with pytest.raises(ConfigError, match="inside the data directory"):
        Keyring.create(tmp_path / "games" / "k", data_dir=tmp_path / "games")
    loaded = Keyring.load(tmp_path / "k")
    assert loaded.key_id == ring.key_id and loaded.token_secret == ring.token_secret
    sealed = ring.seal(b"secret hand", b"ctx-1")
    assert sealed == ring.seal(b"secret hand", b"ctx-1")  # deterministic: replays give equal bytes
    assert b"secret" not in sealed.encode()
    assert loaded.unseal(sealed, b"ctx-1") == b"secret hand"
    with pytest.raises(IntegrityError):
        loaded.unseal(sealed, b"ctx-2")  # moved to another place: does not open
    assert ring.derive_token("reply", "td-abcd", 1, 5) == loaded.derive_token(
        "reply", "td-abcd", 1, 5
    )
    assert ring.derive_token("reply", "td-abcd", 1, 5) != ring.derive_token(
        "reply", "td-abcd", 1, 6
    )
    os.chmod(path, 0o644)
    with pytest.raises(ConfigError, match="chmod 600"):
        Keyring.load(tmp_path / "k")
    with pytest.raises(ConfigError, match="pbem init"):
        Keyring.load(tmp_path / "nowhere")


def test_upcasting_old_records() -> None:
    def rename_message_id(raw: dict[str, object]) -> dict[str, object]:
        raw["msgid"] = raw.pop("message_id", None)
        return raw

    UPCASTERS[("log", 0)] = rename_message_id
    try:
        old = {
            "v": 0,
            "seq": 1,
            "time": "2026-01-01T00:00:00Z",
            "kind": "pause",
            "payload": {"reason": "", "source": "gm"},
            "message_id": "<a@b>",
            "prev": "0" * 64,
            "key": "k",
        }
        new = upcast("log", old)
        assert new["v"] == 1 and new["msgid"] == "<a@b>" and "message_id" not in new
        assert decode_entry(json.dumps(old).encode()).msgid == "<a@b>"
    finally:
        del UPCASTERS[("log", 0)]
    with pytest.raises(ValueError, match="no upcaster"):
        upcast("log", {"v": 0})
    with pytest.raises(ValueError, match="newer than this pbem"):
        upcast("log", {"v": 99})


def test_pause_line_in_commit_returns_produced(store: Store, clock: Clock) -> None:
    gid = small_game(store, clock)
    rec = store.commit(gid, store.load(gid).seq, [Pause(reason="x")], clock())
    assert [p.kind for p in rec.produced] == ["pause"]


def test_readers_never_see_a_false_alarm_while_a_writer_commits(store: Store, clock: Clock) -> None:
    gid = store.create("toy-draw", PLAYERS[:2], {"deck": "104"}, 8, T0)
    pid = os.fork()
    if pid == 0:  # the writer: a whole game, as fast as it can
        code = 1
        try:
            play(store, gid, clock, moves=60)
            code = 0
        finally:
            os._exit(code)
    loads = 0
    while True:
        done, _ = os.waitpid(pid, os.WNOHANG)
        reader = Store(store.data_dir, store.keyring)  # a fresh process's view: no caches
        reader.load(gid)  # must never raise while the writer is mid-commit
        if loads % 10 == 0:
            assert reader.verify(gid).ok
        loads += 1
        if done:
            break
    assert loads > 5
    assert store.load(gid).envelope.moves == 60 and store.verify(gid).ok


def test_sealed_value_moved_to_another_line_does_not_open(
    store: Store, keyring: Keyring, clock: Clock
) -> None:
    gid = store.create("toy-draw", PLAYERS[:2], {"deck": "24"}, 5, T0)
    rec = store.load(gid)
    for seat in (0, 1):  # two secret moves
        assert isinstance(rec.state, toygame.ToyState)
        card = rec.state.hands[seat][0]
        rec = store.commit(gid, rec.seq, [ActionEntry(seat, text=f"HIDE {card}")], clock())
    other = store.create("toy-draw", PLAYERS[:2], {"deck": "24"}, 6, T0)
    log = store.data_dir / gid / "log.jsonl"
    lines = [json.loads(x) for x in log.read_bytes().splitlines()]
    # A dishonest operator re-signs the log with line 3's sealed notation copied into line 2...
    line2 = dict(lines[1], payload=dict(lines[1]["payload"], sealed=lines[2]["payload"]["sealed"]))
    del line2["sig"]
    resign_log(log, keyring, {2: msgspec.json.encode(line2)})
    (store.data_dir / gid / "state.json").unlink()  # (the operator would re-sign it too)
    report = store.verify(gid)
    assert not report.ok and report.error is not None and report.error.line == 2
    assert "does not open" in str(report.error)
    # ...or another game's sealed seed into the setup line.
    setup = json.loads(log.read_bytes().splitlines()[0])
    other_setup = json.loads((store.data_dir / other / "log.jsonl").read_bytes().splitlines()[0])
    setup["payload"]["sealed_seed"] = other_setup["payload"]["sealed_seed"]
    del setup["sig"]
    resign_log(log, keyring, {1: msgspec.json.encode(setup)})
    report = store.verify(gid)
    assert not report.ok and report.error is not None and report.error.line == 1
    assert "the seed" in str(report.error)


def test_snapshot_failure_after_the_commit_point_is_a_warning(
    store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = small_game(store, clock)
    seq = store.load(gid).seq

    def disk_full(*_: object, **__: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store._files, "write_snapshot", disk_full)
    rec = store.commit(gid, seq, [Pause()], clock())  # durable: no exception
    assert rec.envelope.status == "paused"
    assert any("could not be written" in w for w in rec.warnings)
    monkeypatch.undo()
    loaded = store.load(gid)
    assert loaded.envelope == rec.envelope and "rebuilt it from the log" in loaded.warnings[0]


def test_a_snapshot_is_checked_once_per_bytes_and_again_when_they_change(
    store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The snapshot's signature is checked once for the bytes this process wrote or checked (a
    reply loads a game many times), again whenever the file's bytes differ, and always by the
    full check (verify)."""
    gid = store.create("toy-draw", PLAYERS, {"deck": "24"}, 3, T0)
    play(store, gid, clock, moves=3)
    checked = spy(monkeypatch, "check_signature")
    store.load(gid)
    store.load(gid)
    assert checked.count(SNAPSHOT_DOMAIN) == 0  # the bytes it wrote itself
    fresh = Store(store.data_dir, store.keyring)
    fresh.load(gid)
    fresh.load(gid)
    assert checked.count(SNAPSHOT_DOMAIN) == 1
    assert fresh.verify(gid).ok
    assert checked.count(SNAPSHOT_DOMAIN) == 2
    snap = store.data_dir / gid / SNAPSHOT_FILE
    data = snap.read_bytes()
    i = data.index(b'"sig":"') + 7
    snap.write_bytes(data[:i] + (b"0" if data[i : i + 1] != b"0" else b"1") + data[i + 1 :])
    for s in (store, fresh):
        with pytest.raises(IntegrityError):
            s.load(gid)


def test_a_same_size_change_of_a_log_read_before_is_caught(
    store: Store, clock: Clock, tmp_path: Path
) -> None:
    """A load compares the log byte for byte with the one it parsed last (read into a buffer it
    keeps): a change that keeps the file's size is still caught, and a file larger than the
    buffer (another game's, read after) is read whole."""
    from pbem.store.files import read_reusing

    gid = store.create("toy-draw", PLAYERS, {"deck": "24"}, 3, T0)
    play(store, gid, clock, moves=3)
    store.load(gid)
    log = store.data_dir / gid / "log.jsonl"
    data = log.read_bytes()
    big = tmp_path / "big"
    big.write_bytes(data * 40)
    buf, n = read_reusing(big)
    assert n == len(data) * 40 and bytes(buf[:n]) == data * 40
    i = data.index(b'"source":"gm"')
    log.write_bytes(data[:i] + b'"source":"xx"' + data[i + len(b'"source":"gm"') :])
    with pytest.raises(IntegrityError):
        store.load(gid)
    log.write_bytes(data)
    assert store.load(gid).seq == 4
