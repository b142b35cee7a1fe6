"""The transaction in-process: real store, engine, outbox and templates (no sockets)."""

from __future__ import annotations

from pathlib import Path

from helpers import GM, Env, drain, make_env, reply, text_of

from pbem.rules import find_game

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]


def _turn_mail(mails, addr):
    return next(
        m
        for m in mails
        if addr in str(m["To"])
        and "your turn" in str(m["Subject"])
        or addr in str(m["To"])
        and "new game" in str(m["Subject"])
        and "What to write back" in text_of(m)
    )


def _started(tmp_path: Path) -> tuple[Env, str, list]:
    """A new 2-player game whose start mails were queued and taken out of the outbox."""
    env = make_env(tmp_path)
    gid = env.store.create("forbidden-city", PLAYERS, {}, 11, env.clock())
    env.service.flush_journal()
    return env, gid, drain(env)


def test_start_move_and_notifications(tmp_path: Path) -> None:
    env, gid, mails = _started(tmp_path)
    assert len(mails) == 2
    for m in mails:
        text = text_of(m)
        assert max(len(ln) for ln in text.splitlines()) <= 72, [
            ln for ln in text.splitlines() if len(ln) > 72
        ]
        assert m.get_body(preferencelist=("html",)) is not None
        assert str(m["Subject"]).startswith(f"[{gid}]")
    rec = env.store.load(gid)
    mover = rec.pending()[0].seat
    addr = rec.envelope.active_player(mover).email
    turn = _turn_mail(mails, addr)
    move = rec.legal_notations(mover)[0]
    raw = reply(turn, addr, move)
    out = env.service.handle(raw)
    assert out.reason == "applied", out
    rec2 = env.store.load(gid)
    assert rec2.envelope.moves == 1
    mails = drain(env)
    assert {str(m["To"]).split("<")[-1].rstrip(">") for m in mails} == {a for _, a in PLAYERS}
    mine = next(m for m in mails if addr in str(m["To"]))
    assert "Understood and applied" in text_of(mine)
    # The same mail again (a crash replay: same bytes, same Message-ID) changes nothing and
    # answers nothing.
    out = env.service.handle(raw)
    assert out.reason == "already applied"
    assert env.store.load(gid).envelope.moves == 1
    assert drain(env) == []


def test_illegal_move_is_answered_and_changes_nothing(tmp_path: Path) -> None:
    env, gid, mails = _started(tmp_path)
    rec = env.store.load(gid)
    mover = rec.pending()[0].seat
    addr = rec.envelope.active_player(mover).email
    turn = _turn_mail(mails, addr)
    out = env.service.handle(reply(turn, addr, "Z99 R7"))
    assert out.folder == "rejected"
    assert env.store.load(gid).envelope.moves == 0
    answer = drain(env)
    assert len(answer) == 1
    body = text_of(answer[0])
    assert "not carried out" in body
    assert "What to write back" in body


def test_stranger_and_forged_from(tmp_path: Path) -> None:
    env, gid, mails = _started(tmp_path)
    rec = env.store.load(gid)
    mover = rec.pending()[0].seat
    addr = rec.envelope.active_player(mover).email
    other = [a for _, a in PLAYERS if a != addr][0]
    turn = _turn_mail(mails, addr)
    move = rec.legal_notations(mover)[0]
    # Another seat's player answering the mover's mail: refused.
    out = env.service.handle(reply(turn, other, move))
    assert out.folder == "rejected"
    # A fresh mail with the right From but no token: refused.
    raw = reply(turn, addr, move)
    import re

    raw = re.sub(rb"(?m)^(In-Reply-To|References):.*\n", b"", raw)
    out = env.service.handle(raw)
    assert out.folder == "rejected" and out.reason == "no token"
    assert env.store.load(gid).envelope.moves == 0
    refusals = drain(env)
    assert all(gid not in text_of(m) or "board" not in text_of(m).lower() for m in refusals)
    assert GM not in [str(m["To"]) for m in refusals]
    assert find_game("forbidden-city")
