"""Mails people can read: Jinja2 templates (text + HTML twin) into one mail.

Every mail has a text/plain part (<= 72 columns, no format=flowed) and a text/html alternative. When
the game has a picture of the board (:mod:`pbem.mail.picture`), the HTML part is a
multipart/related with the PNGs attached inline and shown by ``cid:``; otherwise it shows the text
board, escaped, in ``<pre>``. :func:`build_raw` writes the usual mail as bytes, once
(:class:`RawMail`); :func:`build_message` builds an ``EmailMessage`` for the rare mails with
attachments. Templates live in the top-level ``templates/`` folder, installed as
the package data ``pbem.templates`` (``PBEM_TEMPLATES`` overrides both), and run with
``StrictUndefined``: a missing field is our bug, never an empty hole in a player's mail.
"""

from __future__ import annotations

import os
import re
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Jinja2 is imported when the first mail is rendered, not by an idle tick
    from email.message import EmailMessage  # the email package too

    import jinja2
    from markupsafe import Markup

    from pbem.rules.base import BoardPicture

WIDTH = 72

KINDS = (
    *("start", "turn", "moved", "rejected", "over", "help", "board", "history", "say", "notice"),
    "rules",  # issue 31
)


def templates_dir() -> Path:
    """Where the templates are: ``PBEM_TEMPLATES``, else the source checkout's ``templates/``
    (beside the ``pbem`` package: a checkout or an editable install), else the installed package
    ``pbem.templates`` (a wheel ships the same folder as package data)."""
    env = os.environ.get("PBEM_TEMPLATES")
    if env:
        return Path(env)
    return _shipped_templates()


@lru_cache(maxsize=1)
def _shipped_templates() -> Path:
    """:func:`templates_dir` without ``PBEM_TEMPLATES``, found once: resolving this file and
    looking for the checkout's folder cost about 0.4 ms, at every mail of a tick."""
    package = Path(__file__).resolve().parent.parent  # the ``pbem`` package directory
    checkout = package.parent / "templates"
    if (checkout / "_macros.j2").is_file():
        return checkout
    installed = resources.files("pbem").joinpath("templates")
    # A wheel installs as plain files; Jinja2's FileSystemLoader needs a real directory.
    return Path(str(installed))


def _wrap(text: str, width: int = WIDTH, indent: str = "") -> str:
    """Wrap a paragraph to ``width`` columns, keeping explicit line breaks."""
    return _wrapped(str(text), width, indent)


_GLUE = "\x00"
"""Holds a space that must not become a line break (replaced by a space after wrapping)."""
_BEFORE_PUNCT = re.compile(r" (?=[;:!?»](?:\s|$))|(?<=«) ")
"""French typography (issue 31): the space before ``;`` ``:`` ``!`` ``?`` ``»`` and after ``«``
never breaks, so the sign never starts a line alone. English text has no such spaces."""


@lru_cache(maxsize=4096)
def _wrapped(text: str, width: int, indent: str) -> str:
    """:func:`_wrap`, kept: the same sentences recur in every mail of a tick."""
    out: list[str] = []
    text = _BEFORE_PUNCT.sub(_GLUE, str(text))
    for para in text.split("\n"):
        if not para.strip():
            out.append("")
            continue
        out.extend(
            textwrap.wrap(
                para,
                width=width,
                subsequent_indent=indent,
                break_long_words=False,
                break_on_hyphens=False,
            )
        )
    return "\n".join(out).replace(_GLUE, " ")


_TABLE_ROW = re.compile(r"^(\s*)(\S.*?)\s{2,}(\S.*)$")


def _flush(out: list[str], para: list[str], items: list[str], rows: list[list[str]]) -> None:
    """:func:`_reflow`: the open paragraph, list or table as HTML, then empty."""
    from markupsafe import escape

    if para:
        out.append(f"<p>{escape(' '.join(para))}</p>")
        para.clear()
    if items:
        out.append("<ul>" + "".join(f"<li>{escape(i)}</li>" for i in items) + "</ul>")
        items.clear()
    if rows:
        cell = "padding: 0 0.8em 0.2em 0; vertical-align: top; white-space: nowrap;"
        out.append(
            '<table style="border-collapse: collapse;">'
            + "".join(
                f'<tr><td style="{cell}"><code>{escape(a)}</code></td>'
                f'<td style="padding: 0 0 0.2em 0;">{escape(b)}</td></tr>'
                for a, b in rows
            )
            + "</table>"
        )
        rows.clear()


def _reflow(text: str) -> Markup:
    """Plain text of ours (a HELP or RULES text written for 72 columns) as HTML that reflows on a
    phone (issue 31): a block of one line in capitals is a heading; a block of aligned
    ``word   meaning`` lines (a command table) a table, its first line a caption when not
    aligned; ``- `` lines a list; any other block a paragraph, its lines joined. Escaped."""
    from markupsafe import Markup, escape

    out: list[str] = []
    blocks = [b for b in re.split(r"\n\s*\n", str(text).strip("\n")) if b.strip()]
    for block in blocks:
        lines = block.split("\n")
        first = lines[0].strip()
        if len(lines) == 1 and first.split(maxsplit=1)[0].isupper() and len(first) >= 4:
            out.append(f"<h3>{escape(first)}</h3>")
            continue
        rows: list[list[str]] = []
        para: list[str] = []
        items: list[str] = []

        for raw in lines:
            line = raw.rstrip()
            m = _TABLE_ROW.match(line)
            indented = line.startswith("  ")
            if m and (indented or rows) and not line.lstrip().startswith("- "):
                if para or items:
                    _flush(out, para, items, rows)
                rows.append([m.group(2), m.group(3)])
            elif rows and indented:
                rows[-1][1] += " " + line.strip()  # a meaning wrapped onto the next line
            elif line.lstrip().startswith("- "):
                if para or rows:
                    _flush(out, para, items, rows)
                items.append(line.lstrip()[2:])
            elif items and indented:
                items[-1] += " " + line.strip()
            else:
                if rows or items:
                    _flush(out, para, items, rows)
                para.append(line.strip())
        _flush(out, para, items, rows)
    return Markup("\n".join(out))


_bytecode_dir: Path | None = None


def use_bytecode_cache(directory: Path | None) -> None:
    """Keep the compiled templates in ``directory`` (Jinja2's ``FileSystemBytecodeCache``), so that
    a new process (each cron tick) loads them instead of compiling them again. The service puts it
    under its data directory (mode 0700: the cache holds code that Jinja2 runs). ``None``: compile
    in memory only. Call before the first mail is rendered."""
    global _bytecode_dir
    if directory is not None:
        directory.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.chmod(directory, 0o700)
    if directory != _bytecode_dir:
        _bytecode_dir = directory
        _env.cache_clear()


def _bytecode_subdir(name: str) -> str:
    assert _bytecode_dir is not None
    d = _bytecode_dir / name
    d.mkdir(exist_ok=True, mode=0o700)
    return str(d)


@lru_cache(maxsize=16)
def _env(path: str, html: bool, lang: str = "en") -> jinja2.Environment:
    """One environment per (templates, HTML or text, language): the language's catalog is
    installed in it (``jinja2.ext.i18n``), so two recipients of one game can read two languages."""
    import jinja2

    from pbem.i18n import translations

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(path),
        extensions=["jinja2.ext.i18n"],
        undefined=jinja2.StrictUndefined,
        autoescape=html,
        keep_trailing_newline=True,
        trim_blocks=False,
        # The cache key is the template's name and file, checked against its source (an edited
        # template is compiled again) and the Python version. One directory per environment: the
        # same macros compile differently with and without autoescape.
        bytecode_cache=(
            jinja2.FileSystemBytecodeCache(_bytecode_subdir("html" if html else "text"))
            if _bytecode_dir is not None
            else None
        ),
    )
    env.filters["wrap"] = _wrap
    env.filters["reflow"] = _reflow
    env.install_gettext_translations(translations(lang), newstyle=False)  # type: ignore[attr-defined]
    return env


@dataclass
class MailContext:
    """Everything a template may use. Defaults keep optional parts empty, on purpose."""

    subject: str
    player_name: str
    service_address: str
    gm_address: str
    game_id: str = ""
    game_title: str = ""
    seat_name: str = ""
    players_line: str = ""
    board: str = ""
    events: list[str] = field(default_factory=list)
    your_turn: bool = False
    decision_prompt: str = ""
    deadline: str = ""
    """When the seat's owed decision falls due and what happens then (empty: no deadline)."""
    examples: list[str] = field(default_factory=list)
    legal_count: int = 0
    listed_title: str = ""
    """The heading of the moves the game lists in full (``Game.listed_moves``), or ""."""
    listed: list[str] = field(default_factory=list)
    """Those moves, one group a line (Die Verbotene Stadt: the entering moves per official)."""
    waiting_for: str = ""
    move_no: int = 0
    private_note: str = ""
    echo: str = ""
    reasons: list[str] = field(default_factory=list)
    understood: list[str] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    quoted: list[str] = field(default_factory=list)
    scores: list[str] = field(default_factory=list)
    winners_line: str = ""
    seed: str = ""
    seed_commitment: str = ""
    command_help: str = ""
    help_table: list[list[str]] = field(default_factory=list)
    """HELP's table of the service's commands: each section's heading and rows, message ids the
    template translates (:func:`pbem.commands.vocabulary.help_table`)."""
    history: list[str] = field(default_factory=list)
    speaker: str = ""
    said: list[str] = field(default_factory=list)
    paragraphs: list[str] = field(default_factory=list)
    guide_url: str = ""
    """The player guide on the web (config ``guide_url``), or empty."""
    newcomer: bool = False
    """The start mail goes to a player who took over a seat of a running game (issue 31)."""
    asked: bool = True
    """The board mail answers the reader's BOARD (else the GM sent it again: ``admin resend``)."""
    picture: BoardPicture | None = None
    """A :class:`pbem.mail.picture.Picture` of this reader's board, or None."""


def render(kind: str, ctx: MailContext, lang: str | None = None) -> tuple[str, str]:
    """The (text, html) bodies of a mail of ``kind``, in ``lang`` (None: the language of the mail
    being built, :func:`pbem.i18n.current`)."""
    from pbem import i18n

    if kind not in KINDS:
        raise ValueError(f"unknown mail kind {kind!r}")
    path = str(templates_dir())
    data: dict[str, object] = {"ctx": {f.name: getattr(ctx, f.name) for f in fields(ctx)}}
    lang = i18n.normalize(lang) or i18n.current()
    with i18n.speaking(lang):
        text = _env(path, False, lang).get_template(f"{kind}.txt.j2").render(data)
        html = _env(path, True, lang).get_template(f"{kind}.html.j2").render(data)
    text = _tidy(text)
    if lang == "fr":
        text, html = elide_fr(text), elide_fr(html)
    return text, html


_ELISION = re.compile(r"( ?)\b([Dd]e|[Qq]ue)(\s+)(?=[AEIOUÉÈÊÂÎÔ][a-zà-ÿ])")
"""French elision before a name or seat that starts with a vowel: "de Ann" is "d'Ann", "le tour de
Est" "le tour d'Est", "que Eve" "qu'Eve" (issue 31). Only before a capital vowel followed by a small
letter: a square (``O13``) or a notation is never touched."""


def elide_fr(text: str) -> str:
    """``text`` (French) with ``de``/``que`` elided before a capitalised word starting with a
    vowel, whether or not a line break stands between them."""

    def elided(m: re.Match[str]) -> str:
        word = m.group(2)[:-1] + "'"
        if "\n" in m.group(3):  # "de" ended a line: it moves to the next one, as "d'"
            return m.group(3) + word
        return m.group(1) + word

    return _ELISION.sub(elided, text)


def _tidy(text: str) -> str:
    """Collapse runs of blank lines and strip trailing spaces (some clients show them)."""
    lines = [ln.rstrip() for ln in text.splitlines()]
    out: list[str] = []
    for ln in lines:
        if ln == "" and out and out[-1] == "":
            continue
        out.append(ln)
    while out and out[0] == "":
        out.pop(0)
    while out and out[-1] == "":
        out.pop()
    return "\n".join(out) + "\n"


@dataclass(frozen=True, slots=True, kw_only=True)
class MailParts:
    """One mail to one player (never CC): what :func:`build_raw` writes as bytes and
    :func:`build_message` as an ``EmailMessage``, with the header fields both write
    (:meth:`headers`).

    ``images`` are (content id, PNG) pairs the HTML shows as ``cid:``: the HTML part becomes a
    multipart/related holding them inline, so nothing is loaded from outside the mail."""

    sender: str
    sender_name: str
    to_name: str
    to_addr: str
    subject: str
    text: str
    html: str
    message_id: str
    date: datetime
    in_reply_to: str | None = None
    references: Sequence[str] | None = None
    extra_headers: Mapping[str, str] | None = None
    images: Sequence[tuple[str, bytes]] = ()

    def headers(self) -> list[tuple[str, tuple[str, ...]]]:
        """The header fields, in the order they are written, each with its value's parts (the
        name and the address of From and To, the ids of References, else one string): decided
        here once; :func:`build_message` sets them and :func:`build_raw` encodes and folds them."""
        from email.utils import format_datetime

        head: list[tuple[str, tuple[str, ...]]] = [
            ("From", (self.sender_name, self.sender)),
            ("To", (self.to_name, self.to_addr)),
            ("Subject", (self.subject,)),
            ("Date", (format_datetime(self.date),)),
            ("Message-ID", (self.message_id,)),
        ]
        # Our mail is ASCII (no SMTPUTF8): a sender's UTF-8 Message-ID cannot be referred to (the
        # stdlib would write it as an encoded word, or fail on one that looks like one).
        if self.in_reply_to and _plain_id(self.in_reply_to):
            head.append(("In-Reply-To", (self.in_reply_to,)))
        references = tuple(r for r in self.references or () if _plain_id(r))
        if references:
            head.append(("References", references))
        # Our mail is machine-made: auto-responders must not answer it (RFC 3834), and a loop of
        # ours is recognisable by X-Loop.
        head.append(("Auto-Submitted", ("auto-generated",)))
        head.append(("X-Loop", (self.sender,)))
        head.extend((k, (v,)) for k, v in (self.extra_headers or {}).items())
        return head


def build_message(parts: MailParts) -> EmailMessage:
    """The mail of ``parts`` as an ``EmailMessage``: text/plain with an HTML alternative."""
    from email.message import EmailMessage
    from email.utils import formataddr

    msg = EmailMessage()
    for name, value in parts.headers():
        msg[name] = formataddr((value[0], value[1])) if name in _ADDRESSES else " ".join(value)
    text, html, images = parts.text, parts.html, parts.images
    # 7bit when the text is ASCII (boards always are), quoted-printable otherwise; never
    # format=flowed, which would re-flow the board in some clients.
    cte = (
        "7bit"
        if text.isascii() and all(len(ln) <= 998 for ln in text.splitlines())
        else "quoted-printable"
    )
    msg.set_content(text, subtype="plain", charset="utf-8", cte=cte)
    msg.add_alternative(html, subtype="html", charset="utf-8", cte="quoted-printable")
    if images:
        payload = msg.get_payload()
        assert isinstance(payload, list)
        html_part = payload[1]
        assert isinstance(html_part, EmailMessage)
        for cid, png in images:
            html_part.add_related(
                png,
                maintype="image",
                subtype="png",
                cid=f"<{cid}>",
                disposition="inline",
                filename=cid.split("@")[0] + ".png",
            )
    return msg


# -- mails as bytes, built once ----------------------------------------------------------------
#
# The hot path of the mail loop builds every mail's bytes here, directly: headers encoded and folded
# as RFC 5322 / 2047 / 2231 want them, bodies in quoted-printable (``binascii``, C) or base64, CRLF
# line ends, no ``email.headerregistry`` and no second serialisation. ``build_message`` (the
# ``EmailMessage`` above) stays for what is rare: attachments, the service's keys, an address that
# is not ASCII. ``tests/mail/test_raw_mail.py`` parses many built mails back with the standard
# library's modern policy and compares them with what was meant.

FOLD = 78
"""Header lines are folded at whitespace to this length where possible (RFC 5322: SHOULD 78)."""
_CTL = re.compile(r"[\x00-\x1f\x7f]")
_SPACES = re.compile(r"[\s\x00-\x1f\x7f]+")
_SPECIALS = re.compile(r'[][()<>@,;:\\".]')
_WORD_BYTES = 45
"""UTF-8 bytes in one encoded word: ``=?utf-8?b?`` + 60 base64 characters + ``?=`` = 72 <= 75."""


@dataclass(frozen=True, slots=True)
class RawMail:
    """One built mail: its routing header fields (folded, CRLF-terminated, ``MIME-Version`` last)
    and its body entity (the ``Content-*`` fields, a blank line and the body, CRLF line ends).

    The crypto wraps protect ``entity`` as it is and keep ``head`` outside (see
    :mod:`pbem.crypto.mime`); the outbox stores :meth:`as_bytes` without parsing it."""

    head: bytes
    entity: bytes
    message_id: str
    sender: str
    """The envelope sender (the service's address)."""

    def as_bytes(self) -> bytes:
        return self.head + self.entity


def _needs_encoding(word: str) -> bool:
    return (
        not word.isascii() or "=?" in word or len(word) > FOLD - 12 or _CTL.search(word) is not None
    )


def _encoded_words(text: str) -> list[str]:
    """``text`` as RFC 2047 encoded words (base64, UTF-8), each at most 75 characters, never
    splitting a character."""
    import base64

    out: list[str] = []
    chunk = bytearray()
    for ch in text:
        b = ch.encode("utf-8")
        if len(chunk) + len(b) > _WORD_BYTES:
            out.append("=?utf-8?b?" + base64.b64encode(bytes(chunk)).decode("ascii") + "?=")
            chunk.clear()
        chunk += b
    if chunk or not out:
        out.append("=?utf-8?b?" + base64.b64encode(bytes(chunk)).decode("ascii") + "?=")
    return out


def _clean(value: str) -> str:
    """One line of header text: line breaks and tabs become spaces (no header injection), lone
    surrogates are replaced."""
    value = value.replace("\r\n", " ").replace("\r", " ").replace("\n", " ").replace("\t", " ")
    return value.encode("utf-8", "replace").decode("utf-8") if not value.isascii() else value


def _text_tokens(value: str) -> list[str]:
    """The tokens of an unstructured value (RFC 2047 section 5(1)): ASCII words as they are, the
    run from the first word that needs encoding to the last one as encoded words (the spaces
    between encoded words are inside them: a reader drops the whitespace between two)."""
    words = value.split(" ")
    marks = [i for i, w in enumerate(words) if _needs_encoding(w)]
    if not marks:
        return words
    i, j = marks[0], marks[-1]
    return [*words[:i], *_encoded_words(" ".join(words[i : j + 1])), *words[j + 1 :]]


def _fold(name: str, tokens: Sequence[str]) -> bytes:
    """``Name: tokens`` joined by single spaces, folded before a token that would pass 78
    columns (every token is short: long text is in encoded words)."""
    lines: list[str] = []
    line = name + ":"
    for i, tok in enumerate(tokens):
        if i and tok and len(line) + 1 + len(tok) > FOLD:
            lines.append(line)
            line = " " + tok
        else:
            line += " " + tok
    lines.append(line)
    return ("\r\n".join(lines) + "\r\n").encode("ascii")


def _phrase(name: str) -> list[str]:
    """A display name as tokens (RFC 5322 section 3.4, RFC 2047 section 5(3)): atoms; a quoted
    string when it is ASCII with specials; else each run of words that are not plain atoms as ONE
    encoded word, spaces inside it. Never two encoded words side by side: RFC 2047 readers drop
    the space between them, Python's address parser keeps it, and the name must read the same in
    both. Names are cut at 200 characters (a header line stays far below 998)."""
    # Whitespace and control characters: one space (a reader collapses them; names are
    # checked for control characters before they get here: this is a second line).
    name = _SPACES.sub(" ", _clean(name)[:400])[:200].strip()
    if not name:
        return []
    words = name.split(" ")
    if name.isascii() and name.isprintable() and "=?" not in name:
        if not _SPECIALS.search(name):
            return words
        return ['"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"']
    out: list[str] = []
    run: list[str] = []
    for w in words:
        if w and w.isascii() and w.isprintable() and "=?" not in w and not _SPECIALS.search(w):
            if run:
                out.append(_encoded_word(" ".join(run)))
                run = []
            out.append(w)
        else:
            run.append(w)
    if run:
        out.append(_encoded_word(" ".join(run)))
    return out


def _encoded_word(text: str) -> str:
    import base64

    return "=?utf-8?b?" + base64.b64encode(text.encode("utf-8")).decode("ascii") + "?="


def _address(name: str, addr: str) -> list[str]:
    phrase = _phrase(name)
    return [*phrase, f"<{addr}>"] if phrase else [addr]


def raw_possible(addresses: Sequence[str]) -> bool:
    """Whether :func:`build_raw` can write these addresses (plain ASCII, no spaces or brackets);
    anything else goes through ``build_message``."""
    return all(
        a.isascii() and a.isprintable() and "@" in a and not re.search(r"[\s<>()\",;]", a)
        for a in addresses
    )


def _qp(text: str) -> bytes:
    """``text`` (any line ends) as quoted-printable UTF-8 with CRLF line ends."""
    import binascii

    # Lines split as the email package splits them (bytes: CR, LF, CRLF only).
    body = b"\n".join(text.encode("utf-8", "replace").splitlines()) + b"\n"
    return binascii.b2a_qp(body, istext=True).replace(b"\n", b"\r\n")


def _seven_bit(text: str) -> bytes:
    return b"\r\n".join(text.encode("ascii").splitlines()) + b"\r\n"


def _boundary(seed: str, parts: Sequence[bytes], n: int) -> str:
    """A boundary that none of ``parts`` contains (RFC 2046 section 5.1.1), stable for the same
    mail. ``=_`` never occurs in quoted-printable or base64 text."""
    import hashlib

    for i in range(100):
        b = "=_pbem_" + hashlib.sha256(f"{seed}\x00{n}\x00{i}".encode()).hexdigest()[:24]
        marker = b"--" + b.encode("ascii")
        if not any(marker in p for p in parts):
            return b
    raise ValueError("no boundary found")  # pragma: no cover - 100 hash collisions


def _multipart(subtype: str, parts: Sequence[bytes], seed: str, n: int, extra: str = "") -> bytes:
    """A multipart entity (``Content-Type`` field, blank line, parts, close delimiter). Each
    part ends with a line break; the delimiter's own CRLF comes after it (RFC 2046 5.1.1), as the
    email package writes it, so a part reads back with its final line break."""
    boundary = _boundary(seed, parts, n)
    ctype = f"Content-Type: multipart/{subtype};{extra}"
    sep = " " if len(ctype) + len(boundary) + 13 <= FOLD else "\r\n "
    out = [f'{ctype}{sep}boundary="{boundary}"\r\n\r\n'.encode("ascii")]
    for i, p in enumerate(parts):
        out.append(f"{chr(13) + chr(10) if i else ''}--{boundary}\r\n".encode("ascii"))
        out.append(p)
    out.append(f"\r\n--{boundary}--\r\n".encode("ascii"))
    return b"".join(out)


_ADDRESSES = ("From", "To")


def _raw_field(name: str, value: tuple[str, ...]) -> bytes:
    """One field of :meth:`MailParts.headers`, encoded and folded (see :func:`build_raw`)."""
    if name in _ADDRESSES:
        return _fold(name, _address(value[0], value[1]))
    if name == "Subject":  # outer spaces trimmed: a reader drops them anyway
        return _fold(name, _text_tokens(_clean(value[0]).strip()))
    if name == "Message-ID":
        return _fold(name, [_clean(value[0]).strip()])
    if name == "In-Reply-To":
        return _fold(name, [value[0].strip()])
    if name == "References":  # ids of spaces alone dropped, and the field with them
        ids = [r.strip() for r in value if r.strip()]
        return _fold(name, ids) if ids else b""
    return _fold(name, value[0].split(" "))  # ASCII: the date, X-Loop, List-Id, List-Unsubscribe


def build_raw(parts: MailParts, attachments: Sequence[tuple[bytes, str, str]] = ()) -> RawMail:
    """The same mail as :func:`build_message` (headers, text/plain + text/html alternative, inline
    images in a multipart/related), built as bytes. The addresses must pass :func:`raw_possible`.

    ``attachments`` are (data, file name, MIME type) triples, as ``EmailMessage.add_attachment``
    writes them: the alternative becomes the first part of a multipart/mixed, each file a base64
    part after it (a text file said UTF-8). Their names must pass :func:`raw_attachable`."""
    import base64

    head = [_raw_field(name, value) for name, value in parts.headers()]
    text, html, images, message_id = parts.text, parts.html, parts.images, parts.message_id
    head.append(b"MIME-Version: 1.0\r\n")
    # 7bit when the text is ASCII with short lines (boards always are), quoted-printable
    # otherwise; never format=flowed, which would re-flow the board in some clients.
    lines = text.splitlines()
    if text.isascii() and all(len(ln) <= 998 for ln in lines) and not _CTL_BODY.search(text):
        plain = (
            b'Content-Type: text/plain; charset="utf-8"\r\n'
            b"Content-Transfer-Encoding: 7bit\r\n\r\n" + _seven_bit(text)
        )
    else:
        plain = (
            b'Content-Type: text/plain; charset="utf-8"\r\n'
            b"Content-Transfer-Encoding: quoted-printable\r\n\r\n" + _qp(text)
        )
    rich = (
        b'Content-Type: text/html; charset="utf-8"\r\n'
        b"Content-Transfer-Encoding: quoted-printable\r\n\r\n" + _qp(html)
    )
    if images:
        related = [rich]
        for cid, png in images:
            filename = cid.split("@")[0] + ".png"
            related.append(
                b"Content-Type: image/png\r\n"
                b"Content-Transfer-Encoding: base64\r\n"
                + f"Content-ID: <{cid}>\r\n".encode("ascii")
                + f'Content-Disposition: inline; filename="{filename}"\r\n\r\n'.encode("ascii")
                + base64.encodebytes(png).replace(b"\n", b"\r\n")
            )
        rich = _multipart("related", related, message_id, 2, ' type="text/html";')
    entity = _multipart("alternative", [plain, rich], message_id, 1)
    if attachments:
        files = [entity]
        for data, filename, mime in attachments:
            charset = '; charset="utf-8"' if mime.startswith("text/") else ""
            files.append(
                f"Content-Type: {mime}{charset}\r\n"
                "Content-Transfer-Encoding: base64\r\n"
                f'Content-Disposition: attachment; filename="{filename}"\r\n\r\n'.encode("ascii")
                + base64.encodebytes(data).replace(b"\n", b"\r\n")
            )
        entity = _multipart("mixed", files, message_id, 3)
    return RawMail(b"".join(head), entity, message_id, parts.sender)


_FILE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,60}")
_MIME_TYPE = re.compile(r"[a-z]+/[a-z0-9.+-]+")


def raw_attachable(attachments: Sequence[tuple[bytes, str, str]]) -> bool:
    """Whether :func:`build_raw` can write these attachments: short ASCII file names of letters,
    digits, dots, dashes and pluses (every game file pbem makes), plain MIME types; anything
    else (a name that needs RFC 2231) goes through ``build_message``."""
    return all(
        _FILE_NAME.fullmatch(name) is not None and _MIME_TYPE.fullmatch(mime) is not None
        for _data, name, mime in attachments
    )


_CTL_BODY = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""Control characters other than tab and line ends: such a text goes quoted-printable."""


def _plain_id(message_id: str) -> bool:
    """A Message-ID we can refer to in our ASCII mail: printable ASCII with no encoded-word
    look-alike (``=?utf-8?b?...?=``, which the stdlib would decode and fail to write back)."""
    return message_id.isascii() and message_id.isprintable() and "=?" not in message_id


def images(ctx: MailContext) -> list[tuple[str, bytes]]:
    """The inline images a mail of ``ctx`` shows: its board picture and the reader's tile, if
    any."""
    pic = ctx.picture
    if pic is None:
        return []
    return [(p.cid, p.png) for p in getattr(pic, "images", [pic])]
