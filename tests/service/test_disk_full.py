"""A full disk is a fault of the machine: the reply waits in the inbox and applies exactly once when
space returns; nothing goes to the Shunt folder (issue 9). Runs on a small tmpfs (needs root,
which CI has)."""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from helpers import Clock, drain, reply

from pbem.mail.inbound import MaildirSource
from pbem.mail.outbox import Outbox
from pbem.runner import tick
from pbem.service import Policy, Service
from pbem.store import Keyring, Store

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    mnt = tmp_path / "disk"
    mnt.mkdir()
    if os.geteuid() != 0:
        if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
            pytest.fail("CI=true: the disk-full test needs root to mount a tmpfs")
        pytest.skip("needs root to mount a small tmpfs")
    res = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mnt)], capture_output=True, text=True
    )
    if res.returncode != 0:
        if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
            pytest.fail(f"CI=true: cannot mount a tmpfs: {res.stderr}")
        pytest.skip(f"cannot mount a tmpfs here: {res.stderr.strip()}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def _fill(disk: Path) -> Path:
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (65536, 512, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * size)
    finally:
        os.close(fd)
    return filler


def test_disk_full_then_space_returns(small_disk: Path, tmp_path: Path) -> None:
    data = small_disk / "games"
    keyring = Keyring.create(tmp_path / "keys", data_dir=data)
    clock = Clock()
    store = Store(data, keyring)
    outbox = Outbox(data, keyring)
    service = Service(store, outbox, Policy("service@pbem.test", "gm@pbem.test"), clock)
    gid = store.create("forbidden-city", PLAYERS, {}, 3, clock())
    service.flush_journal()
    mails = drain_env(service)
    rec = store.load(gid)
    mover = rec.pending()[0].seat
    addr = rec.envelope.active_player(mover).email
    turn = next(m for m in mails if addr in str(m["To"]))
    inbox = MaildirSource(tmp_path / "inbox")
    raw = reply(turn, addr, rec.legal_notations(mover)[0])
    (tmp_path / "inbox" / "new" / "1.reply").write_bytes(raw)

    filler = _fill(small_disk)
    report = tick(service, inbox, None, clock=clock)
    assert report.deferred >= 1 and report.shunted == 0, report
    assert list((tmp_path / "inbox" / "new").iterdir()), "the reply must wait in the inbox"
    assert not (tmp_path / "inbox" / ".Shunt").exists()
    report = tick(service, inbox, None, clock=clock)  # still full: still waiting, no harm
    assert report.shunted == 0

    filler.unlink()
    report = tick(service, inbox, None, clock=clock)
    # Applied now, or committed during the full-disk tick and recognised by the ledger now.
    assert report.applied + report.answered == 1 and report.shunted == 0, report
    rec = store.load(gid)
    assert sum(1 for e in rec.entries if e.kind == "action") == 1
    assert store.verify(gid).ok
    report = tick(service, inbox, None, clock=clock)
    assert report.fetched == 0
    # Every player hears of the move once space is back.
    assert any(addr not in str(m["To"]) for m in drain_env(service))


def drain_env(service: Service) -> list:  # type: ignore[type-arg]
    class _E:
        pass

    e = _E()
    e.outbox = service.outbox  # type: ignore[attr-defined]
    e.clock = service.clock  # type: ignore[attr-defined]
    return drain(e)  # type: ignore[arg-type]


def test_the_rate_limiter_on_a_full_disk(small_disk: Path) -> None:
    """Its file is written over in place: when it must grow and the disk is full, the write fails
    as a fault of the machine (the tick defers the message). What is left is read back as the
    counts or, torn, as nothing: never an error. With space back, it counts again."""
    from pbem.mail.policy import RateLimiter

    state = small_disk / "state"
    limiter = RateLimiter(state, limit=5, window=3600, clock=lambda: 1_000_000.0)
    name = "x" * 200
    for i in range(20):
        assert limiter.allow(f"{name}{i}@example.org")
    filler = _fill(small_disk)
    with pytest.raises(OSError):
        for i in range(20, 500):
            limiter.allow(f"{name}{i}@example.org")
    again = RateLimiter(state, limit=5, window=3600, clock=lambda: 1_000_000.0)
    assert again.count(f"{name}0@example.org") in (0, 1)
    filler.unlink()
    assert again.allow("bob@example.org") and again.count("bob@example.org") == 1
    assert (
        RateLimiter(state, limit=5, window=3600, clock=lambda: 1_000_000.0).count("bob@example.org")
        == 1
    )


def test_a_batch_of_mails_on_a_full_disk(small_disk: Path, tmp_path: Path) -> None:
    """A move's mails are one group file: on a full disk it is not written (no temp file left,
    nothing handed to the sender), the batch fails as a fault of the machine, and the next batch
    is written whole once space returns."""
    from pbem.mail.compose import RawMail

    keyring = Keyring.create(tmp_path / "keys", data_dir=small_disk / "games")
    outbox = Outbox(small_disk / "games", keyring)
    handed: list[object] = []
    outbox.on_durable = handed.append
    body = b"\r\n" + b"x" * 200_000 + b"\r\n"  # four of these cannot fit in what is left

    def batch(tag: str) -> None:
        with outbox.batch():
            for n in range(4):
                mid = f"<{tag}{n}.tok@pbem.test>"
                mail = RawMail(f"Message-ID: {mid}\r\n".encode(), body, mid, "service@pbem.test")
                outbox.put(
                    mail,
                    recipient=f"p{n}@example.org",
                    game="fc-abcd",
                    kind="moved",
                    now=datetime(2026, 11, 25, tzinfo=UTC),
                )

    filler = _fill(small_disk)
    with pytest.raises(OSError) as err:
        batch("a")
    assert err.value.errno == errno.ENOSPC
    assert handed == [] and list(outbox.queued.iterdir()) == [] and outbox.pending() == []
    filler.unlink()
    batch("b")
    assert len(handed) == 4 and len(outbox) == 4
    assert [n.name.endswith(".group.json") for n in outbox.queued.iterdir()] == [True]
