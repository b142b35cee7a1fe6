"""Who a message claims to come from, read strictly: the From mailbox and Authentication-Results.

- :func:`parse_from` reads the From header(s) by RFC 5322 section 3.6.2 and 3.4: exactly one From
  header holding exactly one mailbox. The address is the ``<angle-addr>`` when there is one, else the
  bare addr-spec; a display name is never taken for the address, even when it looks like one
  (``From: bob@example.org <evil@attacker.org>`` is evil@attacker.org). Anything else (two headers,
  two mailboxes, a group, text after the ``>``, no ``@``, an unreadable byte) is a *problem*: the
  caller gets an empty address and the reason, and must not answer or act on the mail.
  Internationalised addresses (RFC 6531/6532: UTF-8 in the local part or domain) are kept; a
  Unicode domain is given in its ASCII form (``bücher.example`` -> ``xn--bcher-kva.example``),
  the form in which :func:`pbem.model.check_email` stores players' addresses.
- :func:`parse_auth_results` parses one Authentication-Results value (RFC 8601) with the ``authres``
  package, which handles comments, quoted strings (a ``;`` inside quotes is not a separator) and
  properties such as ``header.from``. A value that does not parse yields no results at all.

Header values arrive as the stdlib parser leaves them: 8-bit bytes as lone surrogates. :func:`clean`
turns them back into UTF-8 text (undecodable bytes become U+FFFD), so that nothing downstream
(logs, JSON, mail headers) meets a surrogate.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, replace
from email.header import decode_header, make_header

import authres

__all__ = [
    "AuthMethod",
    "AuthResult",
    "clean",
    "parse_auth_results",
    "parse_from",
    "MAX_AUTH_RESULTS_CHARS",
]

MAX_AUTH_RESULTS_CHARS = 3000
"""A longer Authentication-Results value is not parsed (ours are a few hundred characters)."""

MAX_FROM_CHARS = 2000
"""A longer From value is a problem in itself."""


def clean(value: str) -> str:
    """``value`` with the surrogate-escaped bytes of an 8-bit header decoded as UTF-8 (U+FFFD for
    what is not UTF-8), and no surrogate left."""
    try:
        value.encode("utf-8")
        return value
    except UnicodeEncodeError:
        pass
    try:
        return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeError:
        return value.encode("utf-8", "replace").decode("utf-8", "replace")


# ---------------------------------------------------------------------------------------------
# From
# ---------------------------------------------------------------------------------------------

_CTL = re.compile(r"[\x00-\x1f\x7f\u0080-\u009f\u2028\u2029]")
# RFC 5322 atext, plus any non-ASCII character (RFC 6532 UTF8-non-ascii). Each class is written
# as what it leaves out (below U+00A0: controls, space and the specials), the same characters as
# "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\-\u00a0-\U0010ffff]" (checked on every code point): a class up to
# U+10FFFF made the standard library walk 65,000 code points to compile it, 40 ms of every start.
_ATEXT = r"""[^\x00-\x20"(),.:;<>@\[\\\]\x7f-\x9f]"""
_DOT_ATOM = re.compile(rf"{_ATEXT}+(?:\.{_ATEXT}+)*")
_QUOTED_LOCAL = re.compile(r'"(?:[^"\\\r\n]|\\.)*"')
_LET_DIG = r"[^\x00-/:-@\[-`{-\x9f]"  # [A-Za-z0-9\u00a0-\U0010ffff], as _ATEXT
_LDH = r"[^\x00-,./:-@\[-`{-\x9f]"  # [A-Za-z0-9\-\u00a0-\U0010ffff]
_LABEL = rf"{_LET_DIG}(?:{_LDH}*{_LET_DIG})?"
_DOMAIN = re.compile(rf"(?:{_LABEL}\.)*{_LABEL}")
_DOMAIN_LITERAL = re.compile(r"\[[^\[\]\\\s]*\]")


def _tokens(value: str) -> list[tuple[str, str]] | None:
    """Split a From value into ("q", quoted), ("c", comment), ("<", angle content), ("t", text)
    and (",", ",") / (":", ":") tokens; None when a quote, comment or angle never closes."""
    out: list[tuple[str, str]] = []
    i, n = 0, len(value)
    text: list[str] = []

    def flush() -> None:
        if text:
            out.append(("t", "".join(text)))
            text.clear()

    while i < n:
        ch = value[i]
        if ch == '"':
            flush()
            j = i + 1
            while j < n and value[j] != '"':
                j += 2 if value[j] == "\\" else 1
            if j >= n:
                return None
            out.append(("q", value[i : j + 1]))
            i = j + 1
        elif ch == "(":
            flush()
            depth, j = 1, i + 1
            while j < n and depth:
                c = value[j]
                if c == "\\":
                    j += 2
                    continue
                depth += (c == "(") - (c == ")")
                j += 1
            if depth:
                return None
            out.append(("c", value[i + 1 : j - 1]))
            i = j
        elif ch == "<":
            flush()
            j = value.find(">", i + 1)
            if j < 0:
                return None
            out.append(("<", value[i + 1 : j]))
            i = j + 1
        elif ch in ",:;>":
            flush()
            out.append((ch, ch))
            i += 1
        else:
            text.append(ch)
            i += 1
    flush()
    return out


def _addr_spec(spec: str) -> str | None:
    """A valid addr-spec (local@domain), lowercased; None when it is not one."""
    spec = spec.strip()
    if "\ufffd" in spec:  # an 8-bit byte that is not UTF-8
        return None
    local, at, domain = spec.rpartition("@")
    if not at or not local or not domain:
        return None
    if not (_DOT_ATOM.fullmatch(local) or _QUOTED_LOCAL.fullmatch(local)):
        return None
    if not (_DOMAIN.fullmatch(domain) or _DOMAIN_LITERAL.fullmatch(domain)):
        return None
    if not domain.isascii():
        # One spelling for comparisons: the ASCII (A-label) form the GM's addresses are kept in.
        with contextlib.suppress(UnicodeError):
            domain = domain.encode("idna").decode("ascii")
    return f"{local}@{domain}".lower()


def _display_name(parts: list[str]) -> str:
    """The decoded display name (RFC 2047 encoded words decoded; never used as an address)."""
    raw = " ".join(p for p in parts if p).strip()
    if "=?" in raw:
        # an unknown charset or a broken encoded word: keep the raw text
        with contextlib.suppress(Exception):
            raw = str(make_header(decode_header(raw)))
    name = " ".join(raw.split())
    return clean(_CTL.sub("", name))


def parse_from(values: list[str]) -> tuple[str, str, str]:
    """``(address, display name, problem)`` from the raw values of every From header.

    ``problem`` is ``""`` when there is exactly one header with exactly one readable mailbox; else it
    says what is wrong (for the log) and the address and name are ``""``.
    """
    if not values:
        return "", "", "The message has no From header."
    if len(values) > 1:
        return "", "", f"The message has {len(values)} From headers."
    value = " ".join(clean(values[0]).split())
    if len(value) > MAX_FROM_CHARS:
        return "", "", "The From header is too long."
    if _CTL.search(value):
        return "", "", "The From header holds control characters."
    tokens = _tokens(value)
    if tokens is None:
        return "", "", "The From header has an unclosed quote, comment or angle bracket."
    kinds = [k for k, _ in tokens if k != "c"]
    if "," in kinds or ";" in kinds:
        return "", "", "The From header holds more than one address."
    if ":" in kinds:
        return "", "", "The From header holds a group, not one mailbox."
    if ">" in kinds:
        return "", "", "The From header has a stray '>'."
    angles = [i for i, (k, _) in enumerate(tokens) if k == "<"]
    if len(angles) > 1:
        return "", "", "The From header holds more than one address."
    if angles:
        at = angles[0]
        if any(k not in ("c",) for k, v in tokens[at + 1 :] if k != "t" or v.strip()):
            return "", "", "The From header has text after the address."
        addr = _addr_spec(tokens[at][1])
        if addr is None:
            return "", "", "The From address is not a valid address."
        name_parts = [
            v[1:-1].replace('\\"', '"') if k == "q" else v
            for k, v in tokens[:at]
            if k in ("t", "q")
        ]
        return addr, _display_name(name_parts), ""
    # No angle brackets: the whole value (comments aside) is the addr-spec; a comment may name it.
    spec = "".join(v for k, v in tokens if k in ("t", "q"))
    addr = _addr_spec(spec)
    if addr is None:
        return "", "", "The From header holds no valid address."
    comments = [v for k, v in tokens if k == "c"]
    return addr, _display_name(comments[:1]), ""


# ---------------------------------------------------------------------------------------------
# Authentication-Results
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AuthMethod:
    """One ``method=result`` of an Authentication-Results header with its properties."""

    method: str
    """Lowercased, e.g. ``dmarc``."""
    result: str
    """Lowercased, e.g. ``pass``."""
    properties: tuple[tuple[str, str], ...]
    """``("header.from", "example.org")``... names lowercased, values as written."""

    def prop(self, name: str) -> str:
        """The first value of property ``name`` (``""`` when absent)."""
        return next((v for k, v in self.properties if k == name), "")


@dataclass(frozen=True)
class AuthResult:
    """One ``Authentication-Results`` header (RFC 8601)."""

    authserv_id: str
    """Who stamped it (lowercased); only your own server's id is trustworthy."""
    results: dict[str, str]
    """Method -> result, lowercased, e.g. ``{"dmarc": "pass", "spf": "pass"}`` (first of each)."""
    raw: str
    """The header value as it was (unfolded)."""
    methods: tuple[AuthMethod, ...] = ()
    """Every result in order, with its properties."""
    parsed: bool = True
    """False when the value is not valid RFC 8601 (then ``results`` and ``methods`` are empty)."""


_SEPARATORS = re.compile(r'([\s;=()"@]+)')


def _idna(word: str) -> str:
    if word.isascii():
        return word
    try:
        return word.encode("idna").decode("ascii")
    except UnicodeError:
        return word


def _ascii_domains(value: str) -> str:
    """Internationalised domain names as A-labels (``xn--``): authres reads ASCII only. A
    non-ASCII local part stays as it is, and the header then does not parse (no results)."""
    if value.isascii():
        return value
    return "".join(_idna(w) for w in _SEPARATORS.split(value))


_PARSED: dict[str, AuthResult] = {}
"""Values parsed already (a relay stamps the same value on every mail of a sender's domain, and
authres costs about a millisecond a value): the result is a function of the value alone."""
_PARSED_MAX = 512


def parse_auth_results(value: str) -> AuthResult:
    """Parse one Authentication-Results value: ``authserv-id; method=result ptype.prop=value; ...``."""
    made = _PARSED.get(value)
    if made is None:
        made = _parse_auth_results(value)
        if len(value) <= MAX_AUTH_RESULTS_CHARS:
            if len(_PARSED) >= _PARSED_MAX:
                _PARSED.clear()
            _PARSED[value] = made
    return replace(made, results=dict(made.results))  # each caller its own dict


def _parse_auth_results(value: str) -> AuthResult:
    unfolded = " ".join(clean(value).split())
    crude_id = re.sub(r"\([^()]*\)", " ", unfolded).partition(";")[0].strip().split(" ")[0].lower()
    if len(unfolded) > MAX_AUTH_RESULTS_CHARS:
        return AuthResult(crude_id, {}, unfolded, (), False)
    try:
        header = authres.AuthenticationResultsHeader.parse_value(_ascii_domains(unfolded))
        methods = tuple(
            AuthMethod(
                str(r.method).lower(),
                str(r.result).lower(),
                tuple((f"{p.type}.{p.name}".lower(), str(p.value)) for p in (r.properties or [])),
            )
            for r in (header.results or [])
        )
        authserv_id = str(header.authserv_id or "").lower()
    except Exception:  # authres raises its own SyntaxError, RecursionError on deep comments...
        return AuthResult(crude_id, {}, unfolded, (), False)
    results: dict[str, str] = {}
    for m in methods:
        results.setdefault(m.method, m.result)
    return AuthResult(authserv_id, results, unfolded, methods, True)
