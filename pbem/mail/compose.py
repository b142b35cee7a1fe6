"""Mails people can read: Jinja2 templates (text + HTML twin) into one ``EmailMessage``.

Every mail has a text/plain part (<= 72 columns, no format=flowed) and a text/html alternative. When
the game has a picture of the board (:mod:`pbem.mail.picture`), the HTML part is a
multipart/related with the PNG attached inline and shown by ``cid:``; otherwise it shows the text
board, escaped, in ``<pre>``. Templates live in the top-level ``templates/`` folder, installed as
the package data ``pbem.templates`` (``PBEM_TEMPLATES`` overrides both), and run with
``StrictUndefined``: a missing field is our bug, never an empty hole in a player's mail.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Jinja2 is imported when the first mail is rendered, not by an idle tick
    from email.message import EmailMessage  # the email package too

    import jinja2

WIDTH = 72

KINDS = ("start", "turn", "moved", "rejected", "over", "help", "board", "history", "say", "notice")


def templates_dir() -> Path:
    """Where the templates are: ``PBEM_TEMPLATES``, else the source checkout's ``templates/``
    (beside the ``pbem`` package: a checkout or an editable install), else the installed package
    ``pbem.templates`` (a wheel ships the same folder as package data)."""
    env = os.environ.get("PBEM_TEMPLATES")
    if env:
        return Path(env)
    package = Path(__file__).resolve().parent.parent  # the ``pbem`` package directory
    checkout = package.parent / "templates"
    if (checkout / "_macros.j2").is_file():
        return checkout
    installed = resources.files("pbem").joinpath("templates")
    # A wheel installs as plain files; Jinja2's FileSystemLoader needs a real directory.
    return Path(str(installed))


def _wrap(text: str, width: int = WIDTH, indent: str = "") -> str:
    """Wrap a paragraph to ``width`` columns, keeping explicit line breaks."""
    out: list[str] = []
    for para in str(text).split("\n"):
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
    return "\n".join(out)


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
    history: list[str] = field(default_factory=list)
    speaker: str = ""
    said: list[str] = field(default_factory=list)
    paragraphs: list[str] = field(default_factory=list)
    picture: Any = None
    """A :class:`pbem.mail.picture.Picture` of this reader's board, or None."""


def render(kind: str, ctx: MailContext, lang: str | None = None) -> tuple[str, str]:
    """The (text, html) bodies of a mail of ``kind``, in ``lang`` (None: the language of the mail
    being built, :func:`pbem.i18n.current`)."""
    from pbem import i18n

    if kind not in KINDS:
        raise ValueError(f"unknown mail kind {kind!r}")
    path = str(templates_dir())
    data: dict[str, Any] = {"ctx": {f.name: getattr(ctx, f.name) for f in fields(ctx)}}
    lang = i18n.normalize(lang) or i18n.current()
    with i18n.speaking(lang):
        text = _env(path, False, lang).get_template(f"{kind}.txt.j2").render(data)
        html = _env(path, True, lang).get_template(f"{kind}.html.j2").render(data)
    text = _tidy(text)
    return text, html


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


def build_message(
    *,
    sender: str,
    sender_name: str,
    to_name: str,
    to_addr: str,
    subject: str,
    text: str,
    html: str,
    message_id: str,
    date: datetime,
    in_reply_to: str | None = None,
    references: list[str] | None = None,
    extra_headers: dict[str, str] | None = None,
    images: Sequence[tuple[str, bytes]] = (),
) -> EmailMessage:
    """One mail to one player (never CC), as text/plain with an HTML alternative.

    ``images`` are (content id, PNG) pairs the HTML shows as ``cid:``: the HTML part becomes a
    multipart/related holding them inline, so nothing is loaded from outside the mail.
    """
    # Long on purpose: every header of an outgoing mail in one place, in the order they are written.
    from email.message import EmailMessage
    from email.utils import format_datetime, formataddr

    msg = EmailMessage()
    msg["From"] = formataddr((sender_name, sender))
    msg["To"] = formataddr((to_name, to_addr))
    msg["Subject"] = subject
    msg["Date"] = format_datetime(date)
    msg["Message-ID"] = message_id
    # Our mail is ASCII (no SMTPUTF8): a sender's UTF-8 Message-ID cannot be referred to (the
    # stdlib would write it as an encoded word, or fail on one that looks like one).
    if in_reply_to and _plain_id(in_reply_to):
        msg["In-Reply-To"] = in_reply_to
    references = [r for r in references or [] if _plain_id(r)]
    if references:
        msg["References"] = " ".join(references)
    # Our mail is machine-made: auto-responders must not answer it (RFC 3834), and a loop of ours
    # is recognisable by X-Loop.
    msg["Auto-Submitted"] = "auto-generated"
    msg["X-Loop"] = sender
    for k, v in (extra_headers or {}).items():
        msg[k] = v
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
        parts = msg.get_payload()
        assert isinstance(parts, list)
        html_part = parts[1]
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


def _plain_id(message_id: str) -> bool:
    """A Message-ID we can refer to in our ASCII mail: printable ASCII with no encoded-word
    look-alike (``=?utf-8?b?...?=``, which the stdlib would decode and fail to write back)."""
    return message_id.isascii() and message_id.isprintable() and "=?" not in message_id


def images(ctx: MailContext) -> list[tuple[str, bytes]]:
    """The inline images a mail of ``ctx`` shows: its board picture, if any."""
    pic = ctx.picture
    return [(pic.cid, pic.png)] if pic is not None else []


def longest_line(text: str) -> int:
    """Width check used by tests and by the service before sending."""
    return max((len(ln) for ln in text.splitlines()), default=0)


def address_line(name: str, addr: str) -> str:
    from email.utils import formataddr

    return formataddr((name, addr))
