"""Whole mails as people read them, compared with golden files, so that any change to a template or
to the board is a visible diff. Regenerate with PBEM_REGEN_GOLDEN=1 after checking the diff."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import drain, make_env, reply, text_of

GOLDEN = Path(__file__).parent / "golden"
PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]


def _check(name: str, text: str, gid: str) -> None:
    text = text.replace(gid, "GAME")
    path = GOLDEN / name
    if os.environ.get("PBEM_REGEN_GOLDEN"):
        path.write_text(text)
    assert path.exists(), f"{path} is missing: create it with PBEM_REGEN_GOLDEN=1"
    assert text == path.read_text(), f"{name} changed: rerun with PBEM_REGEN_GOLDEN=1 if intended"
    assert all(len(line) <= 72 for line in text.splitlines()), name
    assert text.isascii(), name


@pytest.mark.parametrize("kind", ["turn", "moved", "rejected"])
def test_mail_texts(tmp_path: Path, kind: str) -> None:
    env = make_env(tmp_path)
    gid = env.store.create("forbidden-city", PLAYERS, {"privacy": "plain"}, 42, env.clock())
    env.service.flush_journal()
    start = drain(env)
    rec = env.store.load(gid)
    mover = rec.pending()[0].seat
    addr = PLAYERS[mover][1]
    first = next(m for m in start if addr in str(m["To"]))
    if kind == "rejected":
        env.service.handle(reply(first, addr, "Q99 R2"))
        (mail,) = drain(env)
    else:
        env.service.handle(reply(first, addr, rec.legal_notations(mover)[0]))
        mails = drain(env)
        want = "your turn" if kind == "turn" else "played"
        mail = next(m for m in mails if want in str(m["Subject"]))
    _check(f"{kind}.txt", text_of(mail), gid)
    html = mail.get_body(preferencelist=("html",))
    assert html is not None and "<pre" in html.get_content()
