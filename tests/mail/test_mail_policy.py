"""policy: loop/auto-reply/bounce rules, DMARC from our own header only, size, rate limit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pbem.mail.parse import parse_message
from pbem.mail.policy import (
    RateLimiter,
    dmarc_verdict,
    is_loop_or_auto,
    size_problem,
    write_atomically,
)

OWN = ["service@pbem.test"]


def mail(headers: str, body: str = "C4 R1") -> bytes:
    if "From:" not in headers:
        headers = "From: Bob <bob@example.org>\n" + headers
    text = headers.strip("\n") + "\nTo: service+tok@pbem.test\nSubject: Re: move\n\n" + body + "\n"
    return text.replace("\n", "\r\n").encode()


def reason(headers: str) -> str | None:
    return is_loop_or_auto(parse_message(mail(headers)), OWN)


def test_a_person_passes() -> None:
    assert reason("") is None
    assert reason("Auto-Submitted: no") is None
    assert reason("Precedence: first-class") is None
    assert reason("Return-Path: <bob@example.org>") is None
    assert reason("X-Loop: other-list@example.org") is None
    assert reason("From: Norah <norah@example.org>") is None  # "no" + "rah" is a person


@pytest.mark.parametrize(
    ("headers", "needle"),
    [
        ("From: \n", "no readable From"),
        ("From: Forbidden City <SERVICE@pbem.test>", "own address"),
        ("From: <service+Abc123@pbem.test>", "own address"),
        ("X-Loop: service@pbem.test", "X-Loop"),
        ("Auto-Submitted: auto-replied", "Auto-Submitted"),
        ("Auto-Submitted: auto-generated", "Auto-Submitted"),
        ("Precedence: bulk", "Precedence"),
        ("Precedence: junk", "Precedence"),
        ("Precedence: list", "Precedence"),
        ("Precedence: auto_reply", "Precedence"),
        ("X-Autoreply: yes", "automatic reply"),
        ("X-Autorespond: on vacation", "automatic reply"),
        ("Return-Path: <>", "bounce"),
        ("From: MAILER-DAEMON@mx.example.org", "bounce"),
        ("From: Mail System <postmaster@example.org>", "bounce"),
        ("List-Id: Board gamers <gamers.lists.example.org>", "mailing list"),
        ("From: Shop <noreply@shop.example>", "no replies"),
        ("From: <no-reply+x@shop.example>", "no replies"),
        ("From: <do-not-reply@shop.example>", "no replies"),
        (
            "MIME-Version: 1.0\nContent-Type: multipart/report; report-type=disposition-notification;"
            ' boundary="x"',
            "multipart/report",
        ),
    ],
)
def test_each_rule_drops(headers: str, needle: str) -> None:
    got = reason(headers)
    assert got is not None and needle in got


def test_own_addresses_may_carry_a_token_too() -> None:
    parsed = parse_message(mail("From: service@pbem.test"))
    assert is_loop_or_auto(parsed, ["Service+x@PBEM.test"]) is not None
    assert is_loop_or_auto(parse_message(mail("")), []) is None


def test_dmarc_only_from_the_topmost_own_header() -> None:
    ours_fail = mail(
        "Authentication-Results: mx.pbem.test; dmarc=fail header.from=example.org\n"
        "Authentication-Results: mx.pbem.test; dmarc=pass header.from=example.org\n"
    )
    assert dmarc_verdict(parse_message(ours_fail), "mx.pbem.test") == "fail"
    # A header of someone else on top: ours is not there, so nothing is trusted.
    forged = mail(
        "Authentication-Results: evil.example; dmarc=pass\n"
        "Authentication-Results: mx.pbem.test; dmarc=pass\n"
    )
    assert dmarc_verdict(parse_message(forged), "mx.pbem.test") is None
    assert dmarc_verdict(parse_message(mail("")), "mx.pbem.test") is None
    ok = mail(
        "Authentication-Results: MX.pbem.test; spf=pass; dmarc=pass (p=none) header.from=example.org\n"
    )
    assert dmarc_verdict(parse_message(ok), "mx.pbem.test") == "pass"


def test_size_problem_is_a_sentence() -> None:
    assert size_problem(999, 1000) is None
    assert size_problem(1000, 1000) is None
    msg = size_problem(3_200_000, 1_000_000)
    assert msg is not None
    assert "3.2 MB" in msg and "1.0 MB" in msg and msg.endswith(".")


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_rate_limiter_window_and_persistence(tmp_path: Path) -> None:
    clock = Clock()
    limiter = RateLimiter(tmp_path, limit=3, window=60, clock=clock)
    assert [limiter.allow("Bob@Example.org") for _ in range(4)] == [True, True, True, False]
    assert limiter.allow("carol@example.org")  # per sender
    assert limiter.count("bob@example.org") == 3
    # A new process reads the same state.
    again = RateLimiter(tmp_path, limit=3, window=60, clock=clock)
    assert not again.allow("bob@example.org")
    clock.now += 30
    assert not again.allow("bob@example.org")
    clock.now += 31  # the first three are now outside the window
    assert again.allow("bob@example.org")
    assert again.count("bob@example.org") == 1
    # Pruned on write: carol's old hit is gone from the file.
    assert "carol@example.org" not in (tmp_path / "ratelimit.json").read_text()


def test_rate_limiter_survives_a_damaged_file(tmp_path: Path) -> None:
    (tmp_path / "ratelimit.json").write_text("{not json")
    limiter = RateLimiter(tmp_path, limit=1, window=10, clock=Clock())
    assert limiter.allow("bob@example.org")
    assert not limiter.allow("bob@example.org")
    with pytest.raises(ValueError):
        RateLimiter(tmp_path, limit=0, window=10, clock=Clock())


def test_write_atomically_replaces_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "f.json"
    write_atomically(target, b"one")
    write_atomically(target, b"two")
    assert target.read_bytes() == b"two"
    assert [p.name for p in target.parent.iterdir()] == ["f.json"]


def test_the_rate_limiter_file_is_written_over_in_place(tmp_path: Path) -> None:
    """No temp file and no rename (each a journal transaction): the file is written over, cut to
    its new length when it shrinks, private, and never written through a symlink."""
    clock = Clock()
    limiter = RateLimiter(tmp_path, limit=5, window=60, clock=clock)
    for i in range(5):
        assert limiter.allow(f"sender-{i}-with-a-long-address@example.org")
    path = tmp_path / "ratelimit.json"
    inode, size = path.stat().st_ino, path.stat().st_size
    clock.now += 61  # every earlier hit leaves the window: the next write is much shorter
    assert limiter.allow("bob@example.org")
    assert path.stat().st_ino == inode  # the same file, written over
    assert path.stat().st_size < size
    assert json.loads(path.read_bytes()) == {"bob@example.org": [clock.now]}
    assert path.stat().st_mode & 0o777 == 0o600
    assert [p.name for p in tmp_path.iterdir()] == ["ratelimit.json"]
    path.chmod(0o644)  # left readable by something else: the next write makes it private again
    assert limiter.allow("dan@example.org")
    assert path.stat().st_mode & 0o777 == 0o600
    # A symlink at its place is not followed: it is replaced by the file.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_text("untouched")
    path.unlink()
    path.symlink_to(elsewhere)
    assert limiter.allow("carol@example.org")
    assert elsewhere.read_text() == "untouched"
    assert not path.is_symlink() and "carol@example.org" in json.loads(path.read_bytes())
