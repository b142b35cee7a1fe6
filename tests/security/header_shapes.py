"""The header shapes that cost seconds before any check (issue 32): each builds a whole message
of about ``size`` bytes whose cost is all in one header. Shared by tests/security/
test_header_bounds.py, the fuzzer's ``header-bloat`` mutation and benchmarks/bench_hostile.py."""

from __future__ import annotations

from collections.abc import Callable

HEAD = (
    b"From: Stranger <s@example.org>\r\nTo: service@pbem.test\r\nSubject: hi\r\n"
    b"Message-ID: <shape@example.org>\r\nMIME-Version: 1.0\r\n"
)


def _fill(unit: bytes, size: int) -> bytes:
    return unit * max(1, size // len(unit))


def _numbered(template: bytes, size: int) -> bytes:
    out = bytearray()
    i = 0
    while len(out) < size:
        out += template % i
        i += 1
    return bytes(out)


def _ct(value: bytes) -> bytes:
    return HEAD + b"Content-Type: " + value + b"\r\n\r\nC4 R1\r\n"


def _field(name: bytes, value: bytes) -> bytes:
    return HEAD + name + b": " + value + b"\r\nContent-Type: text/plain\r\n\r\nC4 R1\r\n"


SHAPES: dict[str, Callable[[int], bytes]] = {
    # the three: 26,000 parameters, RFC 2231 continuations, RFC 2047 encoded words
    "ct-parameters": lambda n: _ct(b"text/plain" + _numbered(b";\r\n p%d=v", n)),
    "ct-continuations": lambda n: _ct(
        b"text/plain; charset=utf-8" + _numbered(b";\r\n name*%d*=utf-8''a%%41", n)
    ),
    "ct-encoded-words": lambda n: _ct(
        b'text/plain; name="' + _numbered(b"=?utf-8?q?a%d?= ", n) + b'"'
    ),
    "subject-encoded-words": lambda n: _field(b"Subject", _numbered(b"=?utf-8?b?YQ==?=%d ", n)),
    "cd-continuations": lambda n: _field(
        b"Content-Disposition", b"attachment" + _numbered(b"; filename*%d=a", n)
    ),
    "ct-quoted-pairs": lambda n: _ct(b'text/plain; a="' + _fill(b'\\"', n) + b'"'),
    "ct-comments": lambda n: _ct(b"text/plain" + _fill(b"(", min(n, 50_000))),
    "to-addresses": lambda n: _field(b"To", _fill(b'"x, y" <a@b.example>, ', n)),
    "cc-groups": lambda n: _field(b"Cc", _fill(b"g: a@b.example, c@d.example; ", n)),
    "return-path": lambda n: _field(b"Return-Path", _fill(b"<", n)),
    "references": lambda n: _field(b"References", _fill(b"<a@b.example> ", n)),
    "authentication-results": lambda n: _field(
        b"Authentication-Results", b"mx.pbem.test; " + _fill(b"dmarc=pass header.from=x; ", n)
    ),
    "header-fields": lambda n: _fill(b"X-A: b\r\n", n) + _field(b"X-B", b"c"),
    "part-parameters": lambda n: (
        HEAD
        + b"Content-Type: multipart/mixed; boundary=b\r\n\r\n"
        + b"".join(
            b"--b\r\nContent-Type: text/plain" + _numbered(b"; a%d=b", n // 40) + b"\r\n\r\nx\r\n"
            for _ in range(40)
        )
        + b"--b--\r\n"
    ),
}
"""Shape name -> message of about the given size (the service refuses more than 1 MB anyway)."""
