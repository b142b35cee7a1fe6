"""Property: a reply's copy of a service mail is never read, however it is quoted.

For every kind of mail the service sends and every way of quoting it (``>``-prefixed, unprefixed
below each language's Outlook header block, HTML blockquote, Outlook's divRplyFwdMsg, no marker at
all), the quote alone or with a greeting yields no command, and with one move added above or below
yields exactly that move (the move may well be one of the examples the quoted mail shows).
"""

from __future__ import annotations

import atexit
import html as htmlmod
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reply_corpus import (
    ADDR,
    LANGS,
    SENDER,
    SERVICE,
    Sent,
    World,
    _header_block,
    _html_body,
    _html_text,
    build_world,
)

from pbem.commands.grammar import Reading

KINDS = ("welcome", "turn", "moved", "help", "board", "refusal", "over")
WAYS = ("prefixed", *(f"header-{code}" for code in LANGS), "blockquote", "divRplyFwdMsg", "none")
GREETINGS = ("", "Thanks!", "Hi all,", "Cheers, Bob", "Viele Grüße", "Merci !", "Спасибо")

_WORLD: list[World] = []


def world() -> World:
    if not _WORLD:
        tmp = tempfile.mkdtemp(prefix="pbem-prop-")
        atexit.register(shutil.rmtree, tmp, ignore_errors=True)
        _WORLD.append(build_world(Path(tmp)))
    return _WORLD[0]


def _reply(sent: Sent, way: str, above: str, below: str) -> bytes:
    if way in ("blockquote", "divRplyFwdMsg"):
        if way == "blockquote":
            quote = f'<div class="gmail_quote"><blockquote>{_html_body(sent)}</blockquote></div>'
        else:
            quote = (
                f'<hr><div id="divRplyFwdMsg"><b>From:</b> {SENDER} &lt;{SERVICE}&gt;<br>'
                f"<b>Sent:</b> Monday<br><b>To:</b> Ann<br><b>Subject:</b> "
                f"{htmlmod.escape(str(sent.msg['Subject']))}</div><div>{_html_body(sent)}</div>"
            )
        body = f"<html><body>{_html_text(above)}{quote}{_html_text(below)}</body></html>"
        ctype = "text/html"
    else:
        if way == "prefixed":
            quote = f"On Mon, 16 Nov 2026, {SENDER} {ADDR} wrote:\n" + "\n".join(
                "> " + ln for ln in sent.text.splitlines()
            )
        elif way == "none":
            quote = sent.text
        else:
            lang = LANGS[way.removeprefix("header-")]
            quote = f"{'_' * 32}\n{_header_block(lang, sent, 'Ann')}\n\n{sent.text}"
        body = f"{above}\n\n{quote}\n\n{below}\n"
        ctype = "text/plain"
    head = (
        f"From: Ann <ann@example.org>\r\nTo: {SERVICE}\r\nSubject: Re: {sent.msg['Subject']}\r\n"
        f"Message-ID: <p@client.test>\r\nIn-Reply-To: {sent.msg['Message-ID']}\r\n"
        f"MIME-Version: 1.0\r\nContent-Type: {ctype}; charset=utf-8\r\n"
        "Content-Transfer-Encoding: 8bit\r\n\r\n"
    )
    return head.encode() + body.replace("\n", "\r\n").encode()


def _moves(reading: Reading) -> list[str]:
    game = world().store.load(world().gid).game
    return [game.notation(c.action) for c in reading.commands if c.kind == "action"]


SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(kind=st.sampled_from(KINDS), way=st.sampled_from(WAYS), greeting=st.sampled_from(GREETINGS))
def test_the_quote_alone_yields_no_command(kind: str, way: str, greeting: str) -> None:
    w = world()
    reading = w.read(_reply(w.mails[kind], way, greeting, ""))
    assert reading.commands == [], (kind, way, reading.commands)
    assert not [e for _, e in reading.errors if "more than one" in str(e)]


@SETTINGS
@given(
    kind=st.sampled_from(KINDS),
    way=st.sampled_from(WAYS),
    greeting=st.sampled_from(GREETINGS),
    where=st.sampled_from(("above", "below")),
    data=st.data(),
)
def test_one_added_move_is_exactly_what_is_read(
    kind: str, way: str, greeting: str, where: str, data: st.DataObject
) -> None:
    w = world()
    move = data.draw(st.sampled_from(w.legal))
    text = f"{greeting}\n{move}" if greeting else move
    above, below = (text, "") if where == "above" else ("", text)
    if way == "prefixed" and where == "below":
        pass  # bottom-posting under a > quote
    reading = w.read(_reply(w.mails[kind], way, above, below))
    assert _moves(reading) == [move], (kind, way, where, reading.commands, reading.errors)
    assert not reading.errors
