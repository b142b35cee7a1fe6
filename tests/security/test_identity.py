"""Identity by the standards: one From mailbox, RFC 8601 Authentication-Results aligned with From."""

from __future__ import annotations

import pytest

from pbem.mail.identity import parse_auth_results, parse_from
from pbem.mail.parse import parse_message
from pbem.mail.policy import dmarc_verdict, is_loop_or_auto

MX = "mx.pbem.test"


def raw(headers: str, body: str = "C4 R1") -> bytes:
    if "From:" not in headers:
        headers = "From: Bob <bob@example.org>\n" + headers
    text = headers.strip("\n") + "\nTo: service@pbem.test\nSubject: Re: move\n\n" + body + "\n"
    return text.replace("\n", "\r\n").encode()


# ---- From ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "addr", "name"),
    [
        ("Bob <bob@example.org>", "bob@example.org", "Bob"),
        ("bob@example.org", "bob@example.org", ""),
        ("bob@example.org (Bob Smith)", "bob@example.org", "Bob Smith"),
        ('"Smith, Bob" <Bob@Example.ORG>', "bob@example.org", "Smith, Bob"),
        ("bob@example.org <evil@attacker.org>", "evil@attacker.org", "bob@example.org"),
        ('"bob@example.org" <evil@attacker.org>', "evil@attacker.org", "bob@example.org"),
        (
            "=?utf-8?q?bob=40example.org?= <evil@attacker.org>",
            "evil@attacker.org",
            "bob@example.org",
        ),
        ("=?utf-8?q?M=C3=BCller?= <mueller@example.org>", "mueller@example.org", "Müller"),
        ("Jörg <jörg@bücher.example>", "jörg@xn--bcher-kva.example", "Jörg"),
        ("Jörg <joerg@xn--bcher-kva.example>", "joerg@xn--bcher-kva.example", "Jörg"),
        ('<"a b"@example.org>', '"a b"@example.org', ""),
        ("Bob <bob@example.org> (work)", "bob@example.org", "Bob"),
    ],
)
def test_one_mailbox_is_read_and_the_display_name_is_never_the_address(
    value: str, addr: str, name: str
) -> None:
    assert parse_from([value]) == (addr, name, "")


@pytest.mark.parametrize(
    "values",
    [
        [],
        ["a@x.org", "b@y.org"],  # two From headers
        ["a@x.org, b@y.org"],  # two mailboxes
        ["Bob <a@x.org>, <b@y.org>"],
        ["<a@x.org> <b@y.org>"],
        ["Friends: a@x.org, b@y.org;"],  # a group
        ["undisclosed-recipients:;"],
        ["Bob <bob@example.org> evil@attacker.org"],  # text after the address
        ["Bob <bob@example.org"],  # unclosed
        ['"Bob <bob@example.org>'],
        ["Bob"],
        ["<>"],
        ["bob@"],
        ["@example.org"],
        ["Bob <bob@exa mple.org>"],
        ["Bob <bob\x00@example.org>"],
        ["Bob <b\udcffob@example.org>"],  # an 8-bit byte that is not UTF-8
        ["x" * 5000 + " <a@x.org>"],
    ],
)
def test_anything_but_one_mailbox_is_a_problem(values: list[str]) -> None:
    addr, name, problem = parse_from(values)
    assert (addr, name) == ("", "") and problem


def test_an_ambiguous_from_leaves_no_sender_and_is_dropped_unanswered() -> None:
    for headers in ("From: a@x.org\nFrom: b@y.org\n", "From: a@x.org, b@y.org\n"):
        parsed = parse_message(raw(headers))
        assert parsed.from_addr == "" and parsed.from_problem
        assert is_loop_or_auto(parsed, ["service@pbem.test"]) is not None
    spoof = parse_message(raw("From: bob@example.org <evil@attacker.org>\n"))
    assert spoof.from_addr == "evil@attacker.org" and spoof.from_problem == ""


def test_8bit_from_bytes_read_as_utf8() -> None:
    parsed = parse_message("From: Jörg <jörg@bücher.example>\r\n\r\nhi\r\n".encode())
    assert parsed.from_addr == "jörg@xn--bcher-kva.example" and parsed.from_name == "Jörg"
    latin1 = parse_message(b"From: J\xf6rg <joerg@example.org>\r\n\r\nhi\r\n")
    assert latin1.from_addr == "joerg@example.org"  # a stray byte in the name only spoils the name
    bad = parse_message(b"From: <j\xf6rg@example.org>\r\n\r\nhi\r\n")
    assert bad.from_addr == "" and bad.from_problem


# ---- Authentication-Results ------------------------------------------------------------------


def verdict(auth: str, from_: str = "Bob <bob@example.org>") -> str | None:
    return dmarc_verdict(parse_message(raw(f"Authentication-Results: {auth}\nFrom: {from_}\n")), MX)


def test_an_aligned_dmarc_pass_of_our_server_is_the_only_pass() -> None:
    assert verdict(f"{MX}; dmarc=pass (p=reject) header.from=example.org") == "pass"
    assert (
        verdict(
            f"{MX.upper()}; spf=pass smtp.mailfrom=bob@example.org; dkim=pass header.d=example.org; dmarc=pass header.from=Example.ORG"
        )
        == "pass"
    )
    # relaxed alignment without a public-suffix list: a subdomain relation of two-label domains
    assert (
        verdict(f"{MX}; dmarc=pass header.from=example.org", "Bob <bob@mail.example.org>") == "pass"
    )
    assert verdict(f"{MX}; dmarc=pass header.from=org", "Bob <bob@example.org>") == "unaligned"
    assert (
        verdict(f"{MX}; dmarc=pass header.from=bücher.example", "J <j@xn--bcher-kva.example>")
        == "pass"
    )


@pytest.mark.parametrize(
    "auth",
    [
        # spf for another domain, and dmarc failed
        f"{MX}; spf=pass smtp.mailfrom=evil@attacker.org; dmarc=fail header.from=example.org",
        # spf or dkim alone say nothing about From
        f"{MX}; spf=pass smtp.mailfrom=bob@example.org",
        f"{MX}; dkim=pass header.d=attacker.org",
        f"{MX}; dkim=pass header.d=example.org",
        # a ';' inside a quoted string is not a separator
        f'{MX}; spf=pass smtp.mailfrom="x; dmarc=pass header.from=example.org"',
        f'{MX}; dkim=pass header.b="; dmarc=pass header.from=example.org"; dmarc=fail header.from=example.org',
        # a pass for the attacker's own domain
        f"{MX}; dmarc=pass header.from=attacker.org",
        f"{MX}; dmarc=pass header.from=example.org.attacker.org",
        f"{MX}; dmarc=pass header.from=notexample.org",
        f"{MX}; dmarc=pass",
        # comments do not carry results
        f"{MX}; dkim=pass (dmarc=pass header.from=example.org) header.d=attacker.org",
        # a second dmarc verdict that fails
        f"{MX}; dmarc=pass header.from=example.org; dmarc=fail header.from=example.org",
        f"{MX}; dmarc=none header.from=example.org",
        f"{MX}; dmarc=temperror header.from=example.org",
        f"{MX}; none",
        f"{MX};;; garbage ((",
    ],
)
def test_every_bypass_is_refused(auth: str) -> None:
    assert verdict(auth) != "pass"


def test_only_the_topmost_header_of_our_server_counts() -> None:
    forged_below = raw(
        f"Authentication-Results: {MX}; dmarc=fail header.from=example.org\n"
        f"Authentication-Results: {MX}; dmarc=pass header.from=example.org\n"
    )
    assert dmarc_verdict(parse_message(forged_below), MX) == "fail"
    someone_else_on_top = raw(
        "Authentication-Results: evil.example; dmarc=pass header.from=example.org\n"
        f"Authentication-Results: {MX}; dmarc=pass header.from=example.org\n"
    )
    assert dmarc_verdict(parse_message(someone_else_on_top), MX) is None
    assert dmarc_verdict(parse_message(raw("")), MX) is None


def test_two_from_headers_never_pass_even_with_a_pass() -> None:
    two = raw(
        f"Authentication-Results: {MX}; dmarc=pass header.from=attacker.org\n"
        "From: evil@attacker.org\nFrom: Bob <bob@example.org>\n"
    )
    assert dmarc_verdict(parse_message(two), MX) != "pass"


def test_parse_auth_results_handles_comments_quotes_and_garbage() -> None:
    a = parse_auth_results(
        ' MX.Example (comment; x) ; dkim = pass header.d="a;b" (c) ; dmarc=pass header.from=x.org'
    )
    assert a.authserv_id == "mx.example" and a.parsed
    assert [(m.method, m.result) for m in a.methods] == [("dkim", "pass"), ("dmarc", "pass")]
    assert a.methods[0].prop("header.d") == "a;b"
    assert a.methods[1].prop("header.from") == "x.org"
    deep = parse_auth_results("mx; dkim=pass " + "(" * 5000 + ")" * 5000)
    assert not deep.parsed and deep.results == {}
    assert not parse_auth_results("mx; dmarc=pass header.from=" + "a" * 10_000).parsed
    assert parse_auth_results("mx; none").results == {}


def test_reply_address_problem_refuses_what_we_cannot_answer() -> None:
    from pbem.mail.policy import reply_address_problem

    assert reply_address_problem("bob@example.org") is None
    assert reply_address_problem("joerg@xn--bcher-kva.example") is None
    for bad in ("", "bob", "jörg@example.org", "a b@example.org", "a@b\r\n.org", '"a,b"@x.org'):
        assert reply_address_problem(bad) is not None
    utf8 = parse_message("From: Jörg <jörg@bücher.example>\r\n\r\nhi\r\n".encode())
    assert reply_address_problem(utf8.from_addr) is not None


def test_a_value_parsed_again_is_the_same_and_no_caller_shares_its_result() -> None:
    """Authentication-Results values are remembered (a bounded memo, fifteenth round): a value read
    again gives the same result, a caller changing its result changes no other's, a value over the
    length limit is refused alike every time, and a flood of distinct values stays bounded."""
    from pbem.mail import identity

    value = "mx.pbem.test; dmarc=pass header.from=exämple.org; spf=pass smtp.mailfrom=ü.example"
    first = parse_auth_results(value)
    first.results["dmarc"] = "forged"
    again = parse_auth_results(value)
    assert again.results["dmarc"] == "pass" and again.authserv_id == "mx.pbem.test"
    huge = "mx.pbem.test; dmarc=pass " + "x" * (identity.MAX_AUTH_RESULTS_CHARS + 10)
    assert parse_auth_results(huge) == parse_auth_results(huge)
    assert huge not in identity._PARSED
    for k in range(identity._PARSED_MAX * 3):
        parse_auth_results(f"mx{k}.pbem.test; dmarc=pass")
    assert len(identity._PARSED) <= identity._PARSED_MAX
