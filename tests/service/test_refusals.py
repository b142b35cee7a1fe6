"""Every kind of bad mail gets the right answer (or none, for loops) and changes nothing."""

from __future__ import annotations

import re
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from helpers import Env, drain, make_env, reply, text_of

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]


@pytest.fixture
def game(tmp_path: Path):
    env = make_env(tmp_path)
    gid = env.store.create("forbidden-city", PLAYERS, {}, 5, env.clock())
    env.service.mark_dirty(gid)
    env.service.flush_journal()
    mails = drain(env)
    rec = env.store.load(gid)
    mover = rec.pending()[0].seat
    mover_addr = rec.envelope.active_player(mover).email
    by_addr = {a: next(m for m in mails if a in str(m["To"])) for _, a in PLAYERS}
    return env, gid, mover, mover_addr, by_addr


def _state(env: Env, gid: str) -> tuple[int, int]:
    rec = env.store.load(gid)
    return rec.envelope.moves, sum(1 for e in rec.entries if e.kind == "action")


def _legal(env: Env, gid: str, seat: int) -> str:
    return env.store.load(gid).legal_notations(seat)[0]


def _no_change(env: Env, gid: str, before: tuple[int, int]) -> None:
    assert _state(env, gid) == before


def test_stranger(game) -> None:
    env, gid, mover, addr, mails = game
    before = _state(env, gid)
    out = env.service.handle(reply(mails[addr], "eve@evil.test", _legal(env, gid, mover)))
    assert out.folder == "rejected"
    _no_change(env, gid, before)
    (answer,) = drain(env)
    assert "eve@evil.test" in str(answer["To"])
    body = text_of(answer)
    assert "not a player" in body
    assert "Your tile" not in body  # a stranger never sees anyone's private view


def test_forged_from_without_token(game) -> None:
    env, gid, mover, addr, mails = game
    before = _state(env, gid)
    raw = reply(mails[addr], addr, _legal(env, gid, mover))
    raw = re.sub(rb"(?m)^(In-Reply-To|References):.*\r?\n", b"", raw)
    out = env.service.handle(raw)
    assert out.folder == "rejected" and out.reason == "no token"
    _no_change(env, gid, before)
    (answer,) = drain(env)
    assert "Reply on the last" in text_of(answer).replace("\n", " ")


def test_altered_token(game) -> None:
    env, gid, mover, addr, mails = game
    before = _state(env, gid)
    raw = reply(mails[addr], addr, _legal(env, gid, mover))
    raw = re.sub(rb"(pbem\.[a-z0-9-]+\.s\d+\.t\d+\.)([a-z2-7]{12})", rb"\1aaaaaaaaaaaa", raw)
    out = env.service.handle(raw)
    assert out.folder == "rejected" and out.reason == "bad token"
    _no_change(env, gid, before)


def test_another_seats_token(game) -> None:
    env, gid, mover, addr, mails = game
    other = next(a for _, a in PLAYERS if a != addr)
    before = _state(env, gid)
    # The other player answers the mover's mail (e.g. it was forwarded to them).
    out = env.service.handle(reply(mails[addr], other, _legal(env, gid, mover)))
    assert out.folder == "rejected"
    _no_change(env, gid, before)
    (answer,) = drain(env)
    assert other in str(answer["To"])
    assert "another player" in text_of(answer)


def test_old_mail_replayed_and_board_from_old_mail(game) -> None:
    env, gid, mover, addr, mails = game
    first = _legal(env, gid, mover)
    assert env.service.handle(reply(mails[addr], addr, first)).reason == "applied"
    drain(env)
    # Play around the table back to the same mover.
    while True:
        rec = env.store.load(gid)
        seat = rec.pending()[0].seat
        if seat == mover:
            break
        a = rec.envelope.active_player(seat).email
        latest = env.service.store.load(gid)
        raw = _fresh_turn_reply(env, gid, seat, a, latest.legal_notations(seat)[0])
        assert env.service.handle(raw).reason == "applied"
    before = _state(env, gid)
    # The mover answers the *old* start mail with a legal move of the new position: refused.
    now_legal = env.store.load(gid).legal_notations(mover)[0]
    out = env.service.handle(reply(mails[addr], addr, now_legal))
    assert out.folder == "rejected"
    _no_change(env, gid, before)
    answer = drain(env)[-1]
    assert "older mail" in text_of(answer).replace("\n", " ")
    assert "Your tile" in text_of(answer)  # the current board comes with the refusal
    # BOARD from the same old mail still works.
    out = env.service.handle(reply(mails[addr], addr, "BOARD"))
    assert out.folder == "processed"
    (board,) = drain(env)
    assert "the board" in str(board["Subject"])


_turn_mails: dict[str, EmailMessage] = {}


def _fresh_turn_reply(env: Env, gid: str, seat: int, addr: str, move: str) -> bytes:
    """Answer the newest mail this seat got (kept by the test as the outbox drains)."""
    rec = env.store.load(gid)
    from pbem.mail.tokens import message_id

    mid = message_id(
        env.store.keyring.token_secret, gid, seat, rec.envelope.moves, "x", "pbem.test"
    )
    m = EmailMessage()
    m["From"] = addr
    m["To"] = "service@pbem.test"
    m["Subject"] = "Re: your turn"
    m["Message-ID"] = make_msgid(domain="client.test")
    m["In-Reply-To"] = mid
    m.set_content(move + "\n")
    return m.as_bytes()


def test_move_out_of_turn(game) -> None:
    env, gid, mover, addr, mails = game
    other_seat, other = next((i, a) for i, (_, a) in enumerate(PLAYERS) if a != addr)
    before = _state(env, gid)
    out = env.service.handle(reply(mails[other], other, _legal(env, gid, mover)))
    assert out.folder == "rejected"
    _no_change(env, gid, before)
    (answer,) = drain(env)
    assert "not carried out" in text_of(answer)


def test_illegal_move_names_the_rule(game) -> None:
    env, gid, mover, addr, mails = game
    rec = env.store.load(gid)
    legal = set(rec.legal_notations(mover))
    # A square next to the start tile with a rotation that is not legal there.
    candidates = [f"{c}{r} R{k}" for c in "KLMNOP" for r in range(8, 15) for k in range(4)]
    illegal = next(
        c
        for c in candidates
        if c not in legal and any(c.split()[0] == lg.split()[0] for lg in legal)
    )
    before = _state(env, gid)
    out = env.service.handle(reply(mails[addr], addr, illegal))
    assert out.folder == "rejected"
    _no_change(env, gid, before)
    (answer,) = drain(env)
    body = text_of(answer).replace("\n", " ")
    assert "illegal" in body.lower() or "cannot" in body.lower()
    assert "For example" in body


def test_garbage(game) -> None:
    env, gid, mover, addr, mails = game
    before = _state(env, gid)
    out = env.service.handle(reply(mails[addr], addr, "blorp zzz"))
    assert out.folder == "rejected"
    _no_change(env, gid, before)
    (answer,) = drain(env)
    assert "blorp zzz" in text_of(answer)


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto-Submitted": "auto-replied"},
        {"Precedence": "bulk"},
        {"X-Autoreply": "yes"},
        {"X-Loop": "service@pbem.test"},
    ],
)
def test_auto_replies_get_no_answer(game, headers: dict[str, str]) -> None:
    env, gid, mover, addr, mails = game
    before = _state(env, gid)
    out = env.service.handle(reply(mails[addr], addr, _legal(env, gid, mover), extra=headers))
    assert out.folder == "rejected" and out.reason.startswith("no answer")
    _no_change(env, gid, before)
    assert drain(env) == []


def test_bounce_gets_no_answer(game) -> None:
    env, gid, mover, addr, mails = game
    before = _state(env, gid)
    m = EmailMessage()
    m["From"] = "MAILER-DAEMON@mx.example.org"
    m["To"] = "service@pbem.test"
    m["Subject"] = "Undelivered Mail Returned to Sender"
    m["Message-ID"] = make_msgid(domain="mx.example.org")
    m["In-Reply-To"] = str(mails[addr]["Message-ID"])
    m.set_content(
        "This is the mail system at host mx.example.org.\n\n<ann@example.org>: user unknown\n"
    )
    out = env.service.handle(m.as_bytes())
    assert out.folder == "rejected" and out.reason.startswith("no answer")
    _no_change(env, gid, before)
    # Never answered; the GM hears of the address's first bounce (pbem.service.bounces).
    assert [str(x["To"]) for x in drain(env)] == ["Game master <gm@pbem.test>"]


def test_the_move_applies_once_with_prose_and_signature(game) -> None:
    env, gid, mover, addr, mails = game
    move = _legal(env, gid, mover)
    out = env.service.handle(reply(mails[addr], addr, f"Hi all,\n\n{move}\n\nCheers\n-- \nAnn"))
    assert out.reason == "applied"
    mine = next(m for m in drain(env) if addr in str(m["To"]))
    assert f"Understood and applied: {move}" in text_of(mine)
