"""The outbox writes the mails of one batch (a move's mails to every player) as one group file,
and loses none of them whatever happens next: all sent, some refused, a crash with a group left
on disk, the same mail queued twice."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from pbem.mail import outbox as outbox_mod
from pbem.mail.compose import RawMail
from pbem.mail.outbox import GROUP_SUFFIX, Outbox
from pbem.store import Keyring

NOW = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)


@pytest.fixture
def keyring(tmp_path: Path) -> Keyring:
    return Keyring.create(tmp_path / "keys", data_dir=tmp_path / "data")


def _mail(n: int) -> RawMail:
    mid = f"<m{n}.tok{n:04d}@pbem.test>"
    head = f"Message-ID: {mid}\r\nSubject: mail {n}\r\n".encode()
    return RawMail(head, f"\r\nbody {n}\r\n".encode(), mid, "service@pbem.test")


def _put(box: Outbox, n: int) -> str:
    return box.put(_mail(n), recipient=f"p{n}@example.org", game="fc-abcd", kind="moved", now=NOW)


def _files(box: Outbox) -> list[str]:
    return sorted(p.name for p in box.queued.iterdir())


def _queue_batch(box: Outbox, ns: range) -> list[str]:
    with box.batch():
        return [_put(box, n) for n in ns]


def _bodies(box: Outbox, entries: list[Any] | None = None) -> list[bytes]:
    return [
        box.message(e).split(b"\r\n\r\n", 1)[1]
        for e in (box.pending() if entries is None else entries)
    ]


def _watched(tmp_path: Path, keyring: Keyring) -> tuple[Outbox, list[Any]]:
    """An outbox and the list of the entries it hands to the sender."""
    box = Outbox(tmp_path / "data", keyring)
    handed: list[Any] = []
    box.on_durable = handed.append
    return box, handed


def test_a_batch_is_one_file_with_two_fsyncs_and_sent_mails_remove_it(
    tmp_path: Path, keyring: Keyring, monkeypatch: pytest.MonkeyPatch
) -> None:
    box, handed = _watched(tmp_path, keyring)
    synced: list[int] = []
    real = os.fsync

    def counting(fd: int) -> None:
        synced.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", counting)
    keys = _queue_batch(box, range(4))
    assert len(synced) == 2  # the group file's data, then its directory
    (name,) = _files(box)
    assert name == f"{keys[0]}{GROUP_SUFFIX}"
    assert os.stat(box.queued / name).st_mode & 0o777 == 0o600
    assert [e.key for e in handed] == keys  # handed to the sender once durable, in order
    assert [e.key for e in box.pending()] == keys and len(box) == 4
    for i, entry in enumerate(handed):
        assert box.mark_sent(entry, NOW)
        assert _files(box) == ([] if i == 3 else [name])  # the file goes with the last mail
        assert len(box) == 3 - i
    assert box.pending() == []
    assert (box.root / "sent.log").read_text().count("\n") == 4


def test_nothing_is_written_before_the_batch_ends(tmp_path: Path, keyring: Keyring) -> None:
    box = Outbox(tmp_path / "data", keyring)
    with box.batch():
        _put(box, 1)
        _put(box, 2)
        assert _files(box) == []
    assert len(_files(box)) == 1
    with box.batch():  # one mail alone: a file of its own
        key = _put(box, 3)
    assert f"{key}.json" in _files(box)
    assert _bodies(box) == [b"body 1\r\n", b"body 2\r\n", b"body 3\r\n"]


def test_a_refused_mail_of_a_group_moves_the_unsent_ones_to_files_of_their_own(
    tmp_path: Path, keyring: Keyring
) -> None:
    box = Outbox(tmp_path / "data", keyring)
    _queue_batch(box, range(4))
    e0, e1, e2, e3 = box.pending()
    box.mark_sent(e0, NOW)
    assert box.mark_retry(e1, "451 try later", NOW.timestamp())
    # The group is gone; e1 (retried) and the two not yet tried each have a file of their own.
    assert _files(box) == sorted(f"{e.key}.json" for e in (e1, e2, e3))
    assert [e.attempts for e in box.pending()] == [1, 0, 0]
    box.mark_failed(e2, "550 no such user")
    assert [e.key for e in box.failed_entries()] == [e2.key]
    assert [e.key for e in box.pending()] == [e1.key, e3.key]
    # A new Outbox (the next tick) reads the same.
    again = Outbox(tmp_path / "data", keyring)
    assert [(e.key, e.attempts) for e in again.pending()] == [(e1.key, 1), (e3.key, 0)]


def test_a_group_left_by_a_crash_is_sent_by_the_next_tick_once_per_mail(
    tmp_path: Path, keyring: Keyring
) -> None:
    box = Outbox(tmp_path / "data", keyring)
    keys = _queue_batch(box, range(3))
    box.mark_sent(box.pending()[0], NOW)  # then the process dies: the file still holds all 3
    # The same mails queued again after the crash (the journal's marker rebuilds them), in
    # another grouping, and one of them retried in a file of its own.
    after = Outbox(tmp_path / "data", keyring)
    _queue_batch(after, range(1, 4))
    nxt = Outbox(tmp_path / "data", keyring)
    pending = nxt.pending()
    assert sorted(e.key for e in pending) == sorted([*keys, _key_of(after, 3)])
    assert len(nxt) == 4
    retried = next(e for e in pending if e.key == keys[2])
    assert nxt.mark_retry(retried, "451", NOW.timestamp())
    pending = nxt.pending()
    assert len(pending) == 4 and len({e.key for e in pending}) == 4
    for e in pending:
        nxt.mark_sent(e, NOW)
    # Every group file went once the mails in it were sent or held by another file; the
    # retried mail's own file went when it was sent.
    assert _files(nxt) == []
    assert Outbox(tmp_path / "data", keyring).pending() == []


def _key_of(box: Outbox, n: int) -> str:
    return outbox_mod.entry_key(_mail(n).message_id, f"p{n}@example.org", box.sealer)


def test_a_group_read_again_lists_only_its_mails_not_yet_sent(
    tmp_path: Path, keyring: Keyring
) -> None:
    """The tick's sending thread may send part of a group before the tick's own flush reads
    the queue: the sent part is not listed (nor sent) again."""
    box = Outbox(tmp_path / "data", keyring)
    keys = _queue_batch(box, range(4))
    box.mark_sent(box.pending()[1], NOW)
    assert [e.key for e in box.pending()] == [keys[0], keys[2], keys[3]]
    assert len(box) == 3


def test_a_group_that_cannot_be_written_is_never_handed_to_the_sender(
    tmp_path: Path, keyring: Keyring, monkeypatch: pytest.MonkeyPatch
) -> None:
    box, handed = _watched(tmp_path, keyring)

    def full(*_a: Any, **_k: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(outbox_mod, "atomic_write", full)
    with pytest.raises(OSError), box.batch():
        _put(box, 1)
        _put(box, 2)
    monkeypatch.undo()
    assert handed == [] and box.pending() == []
    with box.batch():  # space again: the next batch is written and handed over alone
        _put(box, 3)
    assert _bodies(box, handed) == [b"body 3\r\n"]


def test_a_hostile_group_file_is_skipped(tmp_path: Path, keyring: Keyring) -> None:
    box = Outbox(tmp_path / "data", keyring)
    keys = _queue_batch(box, range(2))
    (box.queued / f"{'0' * 32}{GROUP_SUFFIX}").write_bytes(b'{"v": 1, "entries": [{"key": 5}]}')
    (box.queued / f"{'1' * 32}{GROUP_SUFFIX}").write_bytes(b"\xff not json")
    assert [e.key for e in Outbox(tmp_path / "data", keyring).pending()] == keys
