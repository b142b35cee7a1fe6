"""Loads in a new process under a version-2 checkpoint: the lines it vouches for (by their SHA-256)
are neither checked nor decoded, yet any changed byte among them is still caught, by a load (the
digest no longer matches, so every line is checked) and by verify; the entries decode on demand."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import msgspec
import pytest
import toygame
from store_helpers import PLAYERS, T0, Clock, play, spy

from pbem.errors import IntegrityError
from pbem.store import ActionEntry, Store, Undo
from pbem.store.fold import moves_in_effect
from pbem.store.payloads import ActionLine, RevealLine
from pbem.store.records import CHECKPOINT_DOMAIN, encoder, line_hash, seal_record
from pbem.store.summary import read_summaries


def new(store: Store) -> str:
    return store.create("toy-draw", PLAYERS, {"deck": "24"}, 3, T0)


def cold(store: Store) -> Store:
    """The same files in a new process: nothing verified or parsed in memory."""
    return Store(store.data_dir, store.keyring)


def log_signatures(seen: list[Any]) -> int:
    return seen.count(b"pbem-log-v1\x00")


def as_data(entries: Any) -> list[Any]:
    return [msgspec.to_builtins(e) for e in entries]


def rewrite_line(path: Path, n: int, old: bytes, new: bytes) -> list[bytes]:
    lines = path.read_bytes().split(b"\n")
    assert old in lines[n - 1]
    lines[n - 1] = lines[n - 1].replace(old, new, 1)
    path.write_bytes(b"\n".join(lines))
    return lines


def test_a_cold_load_decodes_only_the_setup_line(
    store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = new(store)
    warm = play(store, gid, clock, moves=8)
    assert b'"v":2,' in (store.data_dir / gid / "checkpoint.json").read_bytes()
    decoded = spy(monkeypatch, "decode_entry")
    checked = spy(monkeypatch, "check_signature")
    rec = cold(store).load(gid)
    assert rec.seq == warm.seq
    assert len(decoded) == 1  # the setup line: its seed and players start the fold
    assert log_signatures(checked) == 0
    # Every line decodes when read, into what the commits wrote.
    assert as_data(rec.entries) == as_data(warm.entries)
    assert len(decoded) == warm.seq
    assert [h.seq for h in rec.history] == list(range(1, warm.seq + 1))
    assert as_data(rec.entries[2:5]) == as_data(warm.entries[2:5])
    assert as_data([rec.entries[-1]]) == as_data([warm.entries[-1]])
    assert [e.seq for e in reversed(rec.entries)] == list(range(warm.seq, 0, -1))


def test_a_cold_commit_decodes_only_its_own_lines(
    store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = new(store)
    rec = play(store, gid, clock, moves=8)
    decoded = spy(monkeypatch, "decode_entry")
    fresh = cold(store)
    rec = fresh.load(gid)
    seat = rec.pending()[0].seat
    text = toygame.first_legal(rec.state, seat)
    after = fresh.commit(gid, rec.seq, [ActionEntry(seat, text=text, source="gm")], clock())
    assert after.seq == rec.seq + 1
    assert len(decoded) == 1  # the setup line; the commit's own line is made, not parsed
    assert read_summaries(store.data_dir)[gid].moves == len(moves_in_effect(after.entries))
    assert cold(store).verify(gid).ok


@pytest.mark.parametrize("line", [3, 9])  # a line under the checkpoint, and the last one it covers
def test_a_changed_line_under_the_checkpoint_with_a_mended_chain_is_caught(
    store: Store, clock: Clock, line: int
) -> None:
    gid = new(store)
    rec = play(store, gid, clock, moves=8)
    assert rec.seq == 9
    log = store.data_dir / gid / "log.jsonl"
    lines = rewrite_line(log, line, b'"source":"gm"', b'"source":"xx"')
    if line < rec.seq:
        # Make the chain look right: the next line's prev is the altered line's new hash (that
        # line's own signature no longer holds, and its hash no longer matches the one after it).
        new_prev = line_hash(lines[line - 1]).encode()
        old_prev = lines[line].split(b'"prev":"')[1][:64]
        lines[line] = lines[line].replace(b'"prev":"' + old_prev, b'"prev":"' + new_prev)
        log.write_bytes(b"\n".join(lines))
    with pytest.raises(IntegrityError) as err:
        cold(store).load(gid)
    assert f"log.jsonl:{line}" in str(err.value)
    report = cold(store).verify(gid)
    assert not report.ok and f"log.jsonl:{line}" in str(report.error)


def test_a_changed_line_after_the_checkpoint_is_caught(store: Store, clock: Clock) -> None:
    gid = new(store)
    play(store, gid, clock, moves=3)
    cp = store.data_dir / gid / "checkpoint.json"
    old = cp.read_bytes()  # vouches for lines 1-4
    play(store, gid, clock, moves=3)
    cp.write_bytes(old)
    rewrite_line(store.data_dir / gid / "log.jsonl", 6, b'"source":"gm"', b'"source":"xx"')
    with pytest.raises(IntegrityError) as err:
        cold(store).load(gid)
    assert "log.jsonl:6" in str(err.value)


def test_a_checkpoint_that_no_longer_fits_the_log_means_a_full_check(
    store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = new(store)
    play(store, gid, clock, moves=3)
    log = store.data_dir / gid / "log.jsonl"
    cp = store.data_dir / gid / "checkpoint.json"
    short, old = log.read_bytes(), cp.read_bytes()  # 4 lines, and the checkpoint of them
    rec = play(store, gid, clock, moves=3)
    newer = cp.read_bytes()
    checked = spy(monkeypatch, "check_signature")
    # Behind the log (a later checkpoint was lost): only the lines after it are checked.
    cp.write_bytes(old)
    assert cold(store).load(gid).seq == rec.seq
    assert log_signatures(checked) == rec.seq - 4
    # The log restored from an older copy, shorter than the checkpoint's bytes: every line.
    cp.write_bytes(newer)
    (store.data_dir / gid / "state.json").unlink()
    log.write_bytes(short)
    checked.clear()
    assert cold(store).load(gid).seq == 4
    assert log_signatures(checked) == 4
    assert cold(store).verify(gid).ok


def test_a_version_1_checkpoint_still_skips_the_signatures(
    store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = new(store)
    rec = play(store, gid, clock, moves=5)
    gdir = store.data_dir / gid
    store._files.write_checkpoint(gdir, gid, rec.seq, rec.head_hash, None)  # as pbem wrote before
    assert b'"v":1,' in (gdir / "checkpoint.json").read_bytes()
    checked = spy(monkeypatch, "check_signature")
    decoded = spy(monkeypatch, "decode_entry")
    fresh = cold(store)
    assert fresh.load(gid).seq == rec.seq
    assert log_signatures(checked) == 0
    assert len(decoded) == rec.seq  # decoded, and the chain checked, but not the signatures
    play(fresh, gid, clock, moves=1)  # the next commit writes version 2
    assert b'"v":2,' in (gdir / "checkpoint.json").read_bytes()


@pytest.mark.parametrize(
    "fields",
    [
        {"v": 2},  # no size, digest or moves
        {"v": 2, "size": 10, "digest": "x" * 64, "moves": 1},
        {"v": 1, "size": 10, "digest": "0" * 64, "moves": 1},
        {"v": 3, "size": 10, "digest": "0" * 64, "moves": 1},
    ],
)
def test_a_malformed_checkpoint_is_refused_even_if_signed(
    store: Store, clock: Clock, fields: dict[str, Any]
) -> None:
    gid = new(store)
    rec = play(store, gid, clock, moves=2)
    cp = {"game_id": gid, "seq": rec.seq, "head_hash": rec.head_hash, **fields}
    body = encoder.encode({**cp, "key": store.keyring.key_id})
    data = seal_record(body, store.keyring.sign(CHECKPOINT_DOMAIN + body)) + b"\n"
    (store.data_dir / gid / "checkpoint.json").write_bytes(data)
    with pytest.raises(IntegrityError, match="checkpoint"):
        cold(store).load(gid)


def test_cold_commits_to_the_end_keep_the_summary_and_the_reveal_right(
    store: Store, clock: Clock
) -> None:
    """Every commit in a new process, an undo on the way: the list index counts the moves in
    effect, and the reveal holds the exact notation of every hidden move (decoding only the lines
    that hold one)."""
    gid = new(store)
    play(store, gid, clock, moves=4)
    rec = store.commit(gid, store.load(gid).seq, [Undo(reason="misclick")], clock())
    while rec.envelope.status == "active":
        fresh = cold(store)
        rec = fresh.load(gid)
        seat = rec.pending()[0].seat
        text = toygame.first_legal(rec.state, seat)
        rec = fresh.commit(gid, rec.seq, [ActionEntry(seat, text=text, source="gm")], clock())
        assert read_summaries(store.data_dir)[gid].moves == len(moves_in_effect(rec.entries))
    final = cold(store).load(gid)
    reveal = final.entries[-1].payload
    assert isinstance(reveal, RevealLine)
    hidden = {
        str(e.seq): store._site.exact(gid, e)
        for e in final.entries
        if isinstance(e.payload, ActionLine) and e.payload.sealed is not None
    }
    assert hidden and reveal.notations == hidden
    assert all(v is not None and v.startswith("HIDE ") for v in hidden.values())
    assert cold(store).verify(gid).ok


def test_a_signed_checkpoint_that_does_not_fit_is_ignored_by_loads_and_reported_by_verify(
    store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = new(store)
    rec = play(store, gid, clock, moves=4)
    gdir = store.data_dir / gid
    size = len((gdir / "log.jsonl").read_bytes())
    # Signed by the service, but the digest is not the log's: a load checks every line.
    store._files.write_checkpoint(gdir, gid, rec.seq, rec.head_hash, (size, "0" * 64, 4))
    checked = spy(monkeypatch, "check_signature")
    assert cold(store).load(gid).seq == rec.seq
    assert log_signatures(checked) == rec.seq
    report = cold(store).verify(gid)
    assert report.ok and any("checkpoint.json" in w for w in report.warnings)
    # The right bytes but a wrong count of moves: verify says so too.
    digest = hashlib.sha256((gdir / "log.jsonl").read_bytes()).hexdigest()
    store._files.write_checkpoint(gdir, gid, rec.seq, rec.head_hash, (size, digest, 3))
    report = cold(store).verify(gid)
    assert report.ok and any("checkpoint.json" in w for w in report.warnings)
    store._files.write_checkpoint(gdir, gid, rec.seq, rec.head_hash, (size, digest, 4))
    assert not cold(store).verify(gid).warnings


def test_a_load_without_the_signatures_takes_the_lines_checked_before(
    store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``load(verify=False)`` (the scheduler's, the readers') after a checked load decodes and
    chains only the lines added since, not the whole log again; a line changed among those it
    takes is still caught (they are no longer the bytes it took: the whole log is read again)."""
    gid = new(store)
    play(store, gid, clock, moves=6)
    fresh = cold(store)
    checked = fresh.load(gid)
    decoded = spy(monkeypatch, "decode_entry")
    rec = fresh.load(gid, verify=False)
    assert decoded == [] and rec.seq == checked.seq
    assert as_data(rec.entries) == as_data(checked.entries)
    play(store, gid, clock, moves=1)  # another process's commit
    decoded.clear()
    assert fresh.load(gid, verify=False).seq == checked.seq + 1 and len(decoded) == 1
    rewrite_line(store.data_dir / gid / "log.jsonl", 3, b'"source":"gm"', b'"source":"xx"')
    with pytest.raises(IntegrityError) as err:
        fresh.load(gid, verify=False)
    assert "log.jsonl:3" in str(err.value)  # no longer the bytes taken: read again
