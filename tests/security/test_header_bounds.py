"""Every header bounded before trust (issue 32): the shapes that cost 20-40 s each on main (a
Content-Type of 26,000 parameters, RFC 2231 continuations, RFC 2047 encoded words...) are read at
a fixed cost. The tests assert on the work done (how many parameters and encoded words the
standard library's parser is handed), never on a clock; benchmarks/bench_hostile.py measures the
CPU time of each shape (docs/PERFORMANCE.md)."""

from __future__ import annotations

import email._header_value_parser as hvp
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fuzzcorpus import make_fuzz_env
from header_shapes import SHAPES

from pbem.mail.parse import (
    MAX_HEADER_CHARS,
    MAX_HEADER_FIELDS,
    MAX_HEADER_ITEMS,
    bound_header,
    parse_message,
)

SIZE = 900_000


@pytest.fixture
def parser_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    """How often the stdlib header parser reads a parameter, an encoded word, a comment."""
    calls: dict[str, int] = {}

    def counted(name: str) -> None:
        real: Callable[..., Any] = getattr(hvp, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            calls[name] = calls.get(name, 0) + 1
            return real(*args, **kwargs)

        monkeypatch.setattr(hvp, name, wrapper)

    for name in ("get_parameter", "get_encoded_word", "get_comment", "get_quoted_string"):
        counted(name)
    yield calls


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_every_header_shape_is_read_at_a_bounded_cost(
    shape: str, parser_calls: dict[str, int]
) -> None:
    raw = SHAPES[shape](SIZE)
    assert len(raw) > 40_000
    parsed = parse_message(raw)
    # A message reads a few headers a few times each; every read is bounded by the items cap.
    for name, n in parser_calls.items():
        assert n <= 40 * MAX_HEADER_ITEMS, f"{shape}: {n} calls of {name}"
    for name in ("Content-Type", "Content-Disposition", "Subject"):
        value = parsed.message.get(name)
        if value is not None:
            assert len(str(value)) <= MAX_HEADER_CHARS
    assert len(parsed.to) <= 1000


def test_the_issue_shapes_on_main_were_unbounded(parser_calls: dict[str, int]) -> None:
    """The 26,000-parameter Content-Type of the report: the parser now sees at most the cap."""
    raw = SHAPES["ct-parameters"](420_000)
    assert raw.count(b";") > 25_000
    parsed = parse_message(raw)
    ctype = parsed.message["Content-Type"]
    assert ctype.content_type == "text/plain"
    assert len(ctype.params) <= MAX_HEADER_ITEMS
    assert parser_calls.get("get_parameter", 0) <= 40 * MAX_HEADER_ITEMS
    assert parsed.text.strip() == "C4 R1"


def test_bound_header_keeps_every_real_value() -> None:
    real = [
        'multipart/signed; protocol="application/pkcs7-signature"; micalg=sha-256; '
        'boundary="----=_Part_1234_5678.1600000000000"',
        "attachment; filename*=utf-8''%E2%82%AC%20rates.pdf; size=12345",
        "=?utf-8?q?Re=3A_=5Bpbem=5D_fc-7k3q=3A_your_move_=28move_12=29?=",
        "Re: " + "a long subject " * 60,
    ]
    for value in real:
        assert bound_header(value) == value
    cut = bound_header("text/plain" + "; a=b" * 1000)
    assert cut.count(";") == MAX_HEADER_ITEMS
    assert len(bound_header("x" * 100_000)) == MAX_HEADER_CHARS
    assert bound_header("(" * 1000).count("(") == MAX_HEADER_ITEMS


def test_too_many_header_fields_are_not_all_read() -> None:
    raw = SHAPES["header-fields"](SIZE)
    parsed = parse_message(raw)
    assert "header fields" in parsed.body_problem
    assert len(parsed.message.keys()) <= MAX_HEADER_FIELDS
    assert parsed.text == ""
    # a real mail's few dozen fields are all read
    ok = b"".join(b"Received: from h%d\r\n" % i for i in range(60)) + SHAPES["references"](100)
    assert parse_message(ok).body_problem == ""


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_every_header_shape_through_the_whole_service(shape: str, tmp_path: Path) -> None:
    env = make_fuzz_env(tmp_path, authserv_id="mx.pbem.test")
    out = env.service.handle(SHAPES[shape](SIZE))
    assert out.folder in ("rejected", "processed")


def test_long_message_ids_encoded_by_python_clients_are_read() -> None:
    """Issue 32, item 7: Python's email package RFC 2047-encodes a Message-ID of 78 characters or
    more in In-Reply-To and References; the token must still be found."""
    from email.message import EmailMessage

    from pbem.mail.tokens import find_tokens, message_id

    mid = message_id(
        b"s" * 32, "fc-7k3q", 1, 12, "r0123456789ab.q42.move.and.a.long.tail", "h.example"
    )
    assert len(mid) >= 78
    msg = EmailMessage()
    msg["From"] = "ann@example.org"
    msg["In-Reply-To"] = mid
    msg["References"] = "<pbem.fc-7k3q.root@h.example> " + mid
    msg.set_content("C4 R1")
    raw = msg.as_bytes()
    assert b"=?utf-8?q?" in raw
    parsed = parse_message(raw)
    assert parsed.in_reply_to == mid
    assert parsed.references[-1] == mid
    assert find_tokens([parsed.in_reply_to, *parsed.references])
    # Hostile encoded words cost nothing and decode to nothing of ours.
    junk = parse_message(b"From: a@b.c\r\nReferences: " + b"=?x?b?////?= " * 5000 + b"\r\n\r\nx")
    assert junk.references == ()
