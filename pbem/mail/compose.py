"""Mails people can read: Jinja2 templates (text + HTML twin) into one ``EmailMessage``.

Every mail has a text/plain part (<= 72 columns, no format=flowed) and a text/html alternative that
shows the same board, escaped, in ``<pre>``. Templates live in the top-level ``templates/`` folder
(``PBEM_TEMPLATES`` overrides it) and run with ``StrictUndefined``: a missing field is our bug, never an
empty hole in a player's mail.
"""

from __future__ import annotations

import os
import textwrap
from dataclasses import asdict, dataclass, field
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, formataddr
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

WIDTH = 72

KINDS = ("start", "turn", "moved", "rejected", "over", "help", "board", "history", "say", "notice")


def templates_dir() -> Path:
    """Where the templates are: ``PBEM_TEMPLATES``, else the project's ``templates/``."""
    env = os.environ.get("PBEM_TEMPLATES")
    if env:
        return Path(env)
    here = Path(__file__).resolve()
    for parent in here.parents:
        cand = parent / "templates"
        if (cand / "_macros.j2").exists():
            return cand
    cand = here.parent.parent / "templates"  # installed as package data
    return cand


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
                break_long_words=True,
                break_on_hyphens=False,
            )
        )
    return "\n".join(out)


@lru_cache(maxsize=4)
def _env(path: str, html: bool) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(path),
        undefined=jinja2.StrictUndefined,
        autoescape=html,
        keep_trailing_newline=True,
        trim_blocks=False,
    )
    env.filters["wrap"] = _wrap
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


def render(kind: str, ctx: MailContext) -> tuple[str, str]:
    """The (text, html) bodies of a mail of ``kind``."""
    if kind not in KINDS:
        raise ValueError(f"unknown mail kind {kind!r}")
    path = str(templates_dir())
    data: dict[str, Any] = {"ctx": asdict(ctx)}
    text = _env(path, False).get_template(f"{kind}.txt.j2").render(data)
    html = _env(path, True).get_template(f"{kind}.html.j2").render(data)
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
) -> EmailMessage:
    """One mail to one player (never CC), as text/plain with an HTML alternative."""
    msg = EmailMessage()
    msg["From"] = formataddr((sender_name, sender))
    msg["To"] = formataddr((to_name, to_addr))
    msg["Subject"] = subject
    msg["Date"] = format_datetime(date)
    msg["Message-ID"] = message_id
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
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
    return msg


def longest_line(text: str) -> int:
    """Width check used by tests and by the service before sending."""
    return max((len(ln) for ln in text.splitlines()), default=0)


def address_line(name: str, addr: str) -> str:
    return formataddr((name, addr))
