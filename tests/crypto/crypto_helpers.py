"""Helpers for the encrypted-mail tests: sample mails, real command runners.

Interop is checked against tools nobody here wrote: ``openssl`` and ``gpg`` run as subprocesses.
Keys are 2048-bit RSA here (3072 in production) to keep the suite fast.
"""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
from email.message import EmailMessage, Message
from pathlib import Path

import pytest


def library_now() -> dt.datetime:
    """ "Now" for the library, taken when a test (or fixture) asks, never at import: ten minutes
    ahead of the wall clock, so that certificates openssl and keys gpg make during that test
    (valid from the moment they are made) are already valid. A constant taken at import failed
    on a busy machine when a test ran more than ten minutes after collection."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0) + dt.timedelta(minutes=10)


SERVICE = "pbem@games.example.org"
SECRET_TILE = "Your tile in hand: GARDEN-7 (secret)"

needs_openssl = pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl not installed")
needs_gpg = pytest.mark.skipif(shutil.which("gpg") is None, reason="gpg not installed")


def run(*args: str | Path, stdin: bytes | None = None) -> bytes:
    """Run a real command; fail the test with its stderr if it fails."""
    proc = subprocess.run(
        [str(a) for a in args], input=stdin, capture_output=True, timeout=60, check=False
    )
    if proc.returncode != 0:
        pytest.fail(f"{args[0]} failed ({proc.returncode}): {proc.stderr.decode(errors='replace')}")
    return proc.stdout


def personal_mail(to: str = "alice@example.org", body: str = SECRET_TILE) -> EmailMessage:
    """A personal mail like the service sends: text plus an HTML twin, threaded headers."""
    msg = EmailMessage()
    msg["From"] = f"Forbidden City <{SERVICE}>"
    msg["To"] = to
    msg["Subject"] = "[fc-12] Forbidden City: your turn (move 17)"
    msg["Message-ID"] = "<fc-12.17.alice@games.example.org>"
    msg["In-Reply-To"] = "<fc-12.16.alice@games.example.org>"
    msg["References"] = "<fc-12.1.alice@games.example.org> <fc-12.16.alice@games.example.org>"
    msg["Date"] = "Sat, 21 Nov 2026 12:00:00 +0000"
    msg.set_content(f"Board\n  A B C\n1 . . .\n\n{body}\n\nReply with: MOVE B2\n")
    msg.add_alternative(f"<html><body><pre>{body}</pre></body></html>", subtype="html")
    return msg


def wrap_pgp_mime(msg: EmailMessage, armored: bytes) -> EmailMessage:
    """Make ``msg`` a PGP/MIME encrypted mail (RFC 3156) around ``armored``, as a client does."""
    msg.add_header("Content-Type", "multipart/encrypted", protocol="application/pgp-encrypted")
    control, data = EmailMessage(), EmailMessage()
    control["Content-Type"] = "application/pgp-encrypted"
    control.set_payload("Version: 1\r\n")
    data["Content-Type"] = 'application/octet-stream; name="encrypted.asc"'
    data.set_payload(armored.decode())
    msg.set_payload([control, data])
    return msg


def subparts(msg: Message) -> list[Message]:
    """The sub-parts of a multipart message (typed for mypy)."""
    payload = msg.get_payload()
    assert isinstance(payload, list)
    return [p for p in payload if isinstance(p, Message)]


def body_bytes(part: Message) -> bytes:
    """The decoded body of a single part."""
    data = part.get_payload(decode=True)
    assert isinstance(data, bytes)
    return data
