"""The list index (admin list without loading games), creation without a data-dir sweep, and the
signed checkpoint that lets a new process skip the signatures an earlier one checked."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st
from store_helpers import PLAYERS, T0, Clock, play, spy

from pbem.errors import IntegrityError
from pbem.model import GAME_ID_RE, all_game_ids
from pbem.store import End, Keyring, Pause, Store
from pbem.store.records import CHECKPOINT_DOMAIN, encoder, seal_record
from pbem.store.summary import SUMMARY_FILE, Row, damaged, read_rows, read_summaries


def new(store: Store) -> str:
    return store.create("toy-draw", PLAYERS, {"deck": "24"}, 3, T0)


# ------------------------------------------------------------------------------ the list index


def test_summaries_follow_every_commit(store: Store, clock: Clock) -> None:
    a, b, c = new(store), new(store), new(store)
    play(store, a, clock, moves=2)
    store.commit(b, 1, [Pause(reason="holiday")], clock())
    store.commit(c, 1, [End()], clock())
    by_id = {s.game_id: s for s in store.summaries()}
    assert sorted(by_id) == sorted([a, b, c])
    rec = store.load(a)
    names = rec.seat_names()
    sa = by_id[a]
    assert (sa.status, sa.seq, sa.moves, sa.title) == ("active", rec.seq, 2, "Toy Draw (test game)")
    assert sa.waiting_for == [names[d.seat] for d in rec.pending()]
    assert sa.players == [p[1] for p in PLAYERS]
    assert (by_id[b].status, by_id[b].waiting_for) == ("paused", [])
    assert by_id[c].status == "ended"


def test_list_reads_no_game(store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    ids = [new(store) for _ in range(5)]
    store.summaries()  # warm
    fresh = Store(store.data_dir, store.keyring)

    def no_load(*a: Any, **k: Any) -> Any:
        raise AssertionError("admin list must not load a game that is in the index")

    monkeypatch.setattr(fresh._loader, "open", no_load)
    assert [s.game_id for s in fresh.summaries()] == sorted(ids)


def test_missing_index_is_rebuilt_and_damage_is_listed(store: Store, clock: Clock) -> None:
    a, b = new(store), new(store)
    play(store, a, clock, moves=1)
    (store.data_dir / SUMMARY_FILE).unlink()
    got = {s.game_id: s for s in store.summaries()}
    assert got[a].moves == 1 and got[b].moves == 0
    assert set(read_summaries(store.data_dir)) == {a, b}  # written back
    log = store.data_dir / a / "log.jsonl"
    log.write_bytes(log.read_bytes().replace(b'"seat":0', b'"seat":1', 1))
    assert not store.verify(a).ok
    got = {s.game_id: s for s in store.summaries()}
    assert got[a].status == "damaged" and got[a].error and got[b].error is None


def test_verify_rewrites_an_altered_index_line(store: Store, clock: Clock) -> None:
    a = new(store)
    play(store, a, clock, moves=2)
    path = store.data_dir / SUMMARY_FILE
    path.write_bytes(path.read_bytes().replace(b'"status":"active"', b'"status":"ended"'))
    assert read_summaries(store.data_dir)[a].status == "ended"
    report = store.verify(a)
    assert report.ok and any("list index" in w for w in report.warnings)
    assert read_summaries(store.data_dir)[a].status == "active"
    assert not any("list index" in w for w in store.verify(a).warnings)


def test_torn_index_line_keeps_the_good_ones(store: Store, clock: Clock) -> None:
    a, b = new(store), new(store)
    with open(store.data_dir / SUMMARY_FILE, "ab") as f:
        f.write(b'{"game_id":"' + b.encode() + b'","ga')  # a crash mid-append
    assert set(read_summaries(store.data_dir)) == {a, b}


def test_index_is_compacted(store: Store, clock: Clock) -> None:
    a = new(store)
    play(store, a, clock, moves=3)
    path = store.data_dir / SUMMARY_FILE
    line = path.read_bytes().splitlines()[-1] + b"\n"
    path.write_bytes(path.read_bytes() + line * 300)
    before = read_summaries(store.data_dir)
    assert len(path.read_bytes().splitlines()) == 1
    assert read_summaries(store.data_dir) == before


def test_rows_are_the_summaries_listed_fields(store: Store, clock: Clock) -> None:
    a, b, c = new(store), new(store), new(store)
    play(store, a, clock, moves=2)
    store.commit(b, 1, [End()], clock())
    fields = Row.__struct_fields__

    def shown(s: Row) -> tuple[Any, ...]:
        return tuple(getattr(s, f) for f in fields)

    assert [shown(r) for r in store.rows()] == [shown(s) for s in store.summaries()]
    assert set(read_rows(store.data_dir)) == {a, b, c}
    # A game missing from the index is loaded and written back; a damaged one is listed as such.
    (store.data_dir / SUMMARY_FILE).unlink()
    log = store.data_dir / c / "log.jsonl"
    log.write_bytes(log.read_bytes().replace(b'"seat":0', b'"seat":1', 1))
    rows = {r.game_id: r for r in store.rows()}
    assert (rows[a].moves, rows[b].status, rows[c].status) == (2, "ended", "damaged")
    assert set(read_rows(store.data_dir)) == {a, b}


def test_hand_edited_index_lists_only_games(store: Store, clock: Clock) -> None:
    """The index says which names are games' directories, but every name is still checked as a
    game id, and only names in the data directory count."""
    a, b = new(store), new(store)
    (store.data_dir / "outbox").mkdir(exist_ok=True)
    (store.data_dir / "Not_A_Game").mkdir()
    (store.data_dir / "fé-1").mkdir()  # non-ASCII: not a game id either
    (store.data_dir / "fc-\u0661").mkdir()  # an Arabic-Indic digit
    with open(store.data_dir / SUMMARY_FILE, "ab") as f:
        for fake in ("outbox", "Not_A_Game", "fc-gone", "x\n", "fé-1", "fc-\u0661", "a-" * 30):
            f.write(msgspec_line(damaged(fake, "hand-written")))
    lines = (store.data_dir / SUMMARY_FILE).read_bytes().splitlines()
    (store.data_dir / SUMMARY_FILE).write_bytes(  # b is no longer in the index
        b"\n".join(x for x in lines if b.encode() not in x) + b"\n"
    )
    assert store.game_ids(known=read_rows(store.data_dir)) == sorted([a, b]) == store.game_ids()
    assert [r.game_id for r in store.rows()] == sorted([a, b])


def msgspec_line(s: Row) -> bytes:
    return msgspec.json.encode(s) + b"\n"


@given(st.lists(st.text(alphabet="ab09-/\n_A.é\u0661", max_size=8), max_size=4))
def test_all_game_ids_is_game_id_re_for_every_name(names: list[str]) -> None:
    expected = bool(names) and all(GAME_ID_RE.match(n) for n in names)
    assert all_game_ids(names) == expected
    assert all_game_ids(["a-" + "b" * 38]) and not all_game_ids(["a-" + "b" * 39])


def test_create_does_not_sweep_the_data_dir(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    new(store)
    scanned: list[str] = []
    real = os.scandir

    def spy(path: Any = ".") -> Any:
        scanned.append(os.path.abspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", spy)
    new(store)
    assert os.path.abspath(store.data_dir) not in scanned


# ------------------------------------------------------------------------------ checkpoints


def test_cold_load_checks_only_lines_after_the_checkpoint(
    store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = new(store)
    rec = play(store, gid, clock, moves=6)
    assert (store.data_dir / gid / "checkpoint.json").exists()
    seen = spy(monkeypatch, "check_signature")
    cold = Store(store.data_dir, store.keyring)  # a new process: nothing verified in memory
    assert cold.load(gid).seq == rec.seq
    assert seen.count(b"pbem-log-v1\x00") == 0
    # Without the checkpoint every line is checked again.
    (store.data_dir / gid / "checkpoint.json").unlink()
    seen.clear()
    Store(store.data_dir, store.keyring).load(gid)
    assert seen.count(b"pbem-log-v1\x00") == rec.seq


@pytest.mark.parametrize("where", ["body", "signature"])
def test_tampering_before_the_checkpoint_is_caught(store: Store, clock: Clock, where: str) -> None:
    gid = new(store)
    play(store, gid, clock, moves=6)
    log = store.data_dir / gid / "log.jsonl"
    lines = log.read_bytes().split(b"\n")
    if where == "body":
        lines[2] = lines[2].replace(b'"source":"gm"', b'"source":"xx"')
    else:
        i = lines[2].rindex(b'"sig":"') + 8
        lines[2] = (
            lines[2][:i] + (b"0" if lines[2][i : i + 1] != b"0" else b"1") + lines[2][i + 1 :]
        )
    log.write_bytes(b"\n".join(lines))
    with pytest.raises(IntegrityError) as err:
        Store(store.data_dir, store.keyring).load(gid)
    assert "log.jsonl:3" in str(err.value)
    report = Store(store.data_dir, store.keyring).verify(gid)
    assert not report.ok and "log.jsonl:3" in str(report.error)


def test_a_forged_checkpoint_is_refused(store: Store, clock: Clock, tmp_path: Path) -> None:
    gid = new(store)
    play(store, gid, clock, moves=4)
    cp = store.data_dir / gid / "checkpoint.json"
    good = cp.read_bytes()
    # Altered without the key: the signature no longer holds.
    cp.write_bytes(good.replace(b'"seq":5', b'"seq":2'))
    with pytest.raises(IntegrityError, match="checkpoint"):
        Store(store.data_dir, store.keyring).load(gid)
    assert not Store(store.data_dir, store.keyring).verify(gid).ok
    # Signed with another key (an attacker's own): unknown key.
    other = Keyring.create(tmp_path / "other-keys")
    body = encoder.encode(
        {"v": 1, "game_id": gid, "seq": 5, "head_hash": "0" * 64, "key": other.key_id}
    )
    cp.write_bytes(seal_record(body, other.sign(CHECKPOINT_DOMAIN + body)) + b"\n")
    with pytest.raises(IntegrityError, match="checkpoint"):
        Store(store.data_dir, store.keyring).load(gid)
    # A checkpoint of another game, validly signed, is refused too.
    other_gid = new(store)
    play(store, other_gid, clock, moves=1)
    cp.write_bytes((store.data_dir / other_gid / "checkpoint.json").read_bytes())
    with pytest.raises(IntegrityError, match="checkpoint"):
        Store(store.data_dir, store.keyring).load(gid)
    cp.write_bytes(good)
    assert Store(store.data_dir, store.keyring).verify(gid).ok


def test_a_torn_or_stale_checkpoint_only_costs_a_full_check(
    store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = new(store)
    play(store, gid, clock, moves=2)
    cp = store.data_dir / gid / "checkpoint.json"
    old = cp.read_bytes()
    rec = play(store, gid, clock, moves=2)
    cp.write_bytes(cp.read_bytes()[:20])  # a crash while it was written (no fsync)
    seen = spy(monkeypatch, "check_signature")
    assert Store(store.data_dir, store.keyring).load(gid).seq == rec.seq
    assert seen.count(b"pbem-log-v1\x00") == rec.seq
    cp.write_bytes(old)  # behind the log: still valid, skips what it covers
    seen.clear()
    Store(store.data_dir, store.keyring).load(gid)
    assert 0 < seen.count(b"pbem-log-v1\x00") < rec.seq
    assert Store(store.data_dir, store.keyring).verify(gid).ok
