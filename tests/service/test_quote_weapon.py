"""Quoting used as a weapon (issue 32, item 6): a player cannot SAY text built so that another
player's move, bottom-posted (or top-posted) under the quoted SAY mail, is read as our quote. Text a
player made us send counts as ours only inside a quote of our own text (pbem.mail.fingerprint)."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest
from helpers import drain, make_env, text_of

from pbem.mail.fingerprint import words

PEOPLE = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]


def _answer(to: EmailMessage, sender: str, body: str, *, top: bool) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = str(to["From"])
    msg["Subject"] = "Re: " + str(to["Subject"])
    msg["Message-ID"] = f"<{abs(hash((sender, body, top)))}@client.test>"
    msg["In-Reply-To"] = str(to["Message-ID"])
    msg["References"] = str(to["Message-ID"])
    quote = "".join("> " + ln + "\n" for ln in text_of(to).splitlines())
    text = f"{body}\n\nOn Sat, 21 Nov 2026, pbem wrote:\n{quote}" if top else f"{quote}\n{body}\n"
    msg.set_content(text)
    return msg.as_bytes()


@pytest.mark.parametrize("top", [False, True])
def test_a_say_cannot_make_the_next_players_move_read_as_quoted(tmp_path: Path, top: bool) -> None:
    env = make_env(tmp_path)
    gid = env.store.create("forbidden-city", PEOPLE, {}, 5, env.clock())
    env.service.flush_journal()
    mails = drain(env)
    rec = env.store.load(gid)
    mover = rec.pending()[0].seat
    victim = rec.envelope.active_player(mover).email
    eve = next(a for _, a in PEOPLE if a != victim)
    moves = rec.legal_notations(mover)
    eve_mail = [m for m in mails if eve in str(m["To"])][-1]

    def say(text: str) -> EmailMessage:
        out = env.service.handle(_answer(eve_mail, eve, f"SAY {text}", top=True))
        assert out.folder == "processed", out
        (relayed,) = [m for m in drain(env) if victim in str(m["To"])]
        return relayed

    # Eve learns how a relayed SAY ends, then says the victim's likely moves glued to that end
    # (and to its start, for a top-posted reply).
    sample = text_of(say("hello"))
    lines = [ln for ln in sample.splitlines() if words(ln)]
    tail, head = words(lines[-1])[-2:], words(lines[0])[:2]
    bait = " ".join(f"{m} {' '.join(tail)} {m} {' '.join(head)}" for m in moves[:6])
    relayed = say(bait[:400])
    # The victim answers that mail with a move Eve said.
    move = next(m for m in moves[:6] if m.lower() in bait[:400].lower())
    out = env.service.handle(_answer(relayed, victim, move, top=top))
    assert out.reason == "applied", (out, move)
    assert env.store.load(gid).seq > rec.seq
