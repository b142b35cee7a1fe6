"""Issue 9, the service's part: checks in the right order, exactly once per seat, concurrency,
computer seats after any commit, SAY as plain short text, and the small refusals."""

from __future__ import annotations

import re
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest
from helpers import Env, drain, make_env, reply, text_of

from pbem.mail.policy import RateLimiter
from pbem.store import ActionEntry, Replace

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]


@pytest.fixture
def game(tmp_path: Path):
    env = make_env(tmp_path)
    gid = env.store.create("forbidden-city", PLAYERS, {}, 5, env.clock())
    env.service.flush_journal()
    mails = drain(env)
    rec = env.store.load(gid)
    mover = rec.pending()[0].seat
    addr = rec.envelope.active_player(mover).email
    by_addr = {a: next(m for m in mails if a in str(m["To"])) for _, a in PLAYERS}
    return env, gid, mover, addr, by_addr


def _legal(env: Env, gid: str, seat: int) -> str:
    return env.store.load(gid).legal_notations(seat)[0]


def _actions(env: Env, gid: str) -> int:
    return sum(1 for e in env.store.load(gid).entries if e.kind == "action")


def _tokenless(to: EmailMessage, sender: str, body: str) -> bytes:
    raw = reply(to, sender, body)
    return re.sub(rb"(?m)^(In-Reply-To|References):.*\r?\n", b"", raw)


def test_forged_from_storm_does_not_lock_the_player_out(game) -> None:
    env, gid, mover, addr, mails = game
    env.service.rate_limiter = RateLimiter(
        env.data / "outbox", 120, 3600.0, lambda: env.clock.now.timestamp()
    )
    for _ in range(125):
        out = env.service.handle(_tokenless(mails[addr], addr, _legal(env, gid, mover)))
        assert out.folder == "rejected"
    # The victim got at most one refusal, not 125, and it does not echo the forger's text.
    answers = drain(env)
    assert len(answers) <= 1
    # The player's own reply, later that hour, applies.
    out = env.service.handle(reply(mails[addr], addr, _legal(env, gid, mover)))
    assert out.reason == "applied", out
    assert _actions(env, gid) == 1


def test_a_stranger_is_answered_once_a_day_without_their_name(game) -> None:
    env, gid, mover, addr, mails = game
    msg = EmailMessage()
    msg["From"] = '"Buy cheap pills at spam.example" <victim@elsewhere.test>'
    msg["To"] = "service@pbem.test"
    msg["Subject"] = "hello"
    msg["Message-ID"] = make_msgid(domain="elsewhere.test")
    msg.set_content("Visit spam.example now!")
    for _ in range(5):
        env.service.handle(msg.as_bytes())
    (answer,) = drain(env)
    body = text_of(answer)
    assert "spam.example" not in body and "spam.example" not in str(answer["To"])
    assert "pills" not in str(answer["To"])
    env.clock.now = env.clock.now.replace(day=env.clock.now.day + 1)
    env.service.handle(msg.as_bytes())
    assert len(drain(env)) == 1  # a day later: one more


def test_the_ledger_is_per_seat(game) -> None:
    env, gid, mover, addr, mails = game
    raw = reply(mails[addr], addr, _legal(env, gid, mover))
    mid = re.search(rb"(?m)^Message-ID: (<[^>]+>)", raw)
    assert mid is not None
    assert env.service.handle(raw).reason == "applied"
    drain(env)
    rec = env.store.load(gid)
    nxt = rec.pending()[0].seat
    nxt_addr = rec.envelope.active_player(nxt).email
    # The next mover's reply reuses the same Message-ID (a broken client, or on purpose).
    turn_mail = (
        next(m for m in env.service.outbox.pending()) if env.service.outbox.pending() else None
    )
    assert turn_mail is None
    env.service.resend(gid, [nxt])
    (board,) = drain(env)
    raw2 = reply(board, nxt_addr, _legal(env, gid, nxt))
    raw2 = re.sub(rb"(?m)^Message-ID: <[^>]+>", b"Message-ID: " + mid.group(1), raw2)
    out = env.service.handle(raw2)
    assert out.reason == "applied", out
    assert _actions(env, gid) == 2


def test_a_gm_commit_during_the_tick_does_not_lose_the_move(game, monkeypatch) -> None:
    env, gid, mover, addr, mails = game
    raw = reply(mails[addr], addr, _legal(env, gid, mover))
    real_commit = env.store.commit
    state = {"raced": False}

    def racing_commit(game_id, seq, entries, now):  # type: ignore[no-untyped-def]
        if not state["raced"]:
            state["raced"] = True
            # The GM looks at the game (`admin show --as` logs an access line) just before.
            from pbem.store import ViewAccess

            real_commit(game_id, seq, [ViewAccess(mover, "gm")], now)
        return real_commit(game_id, seq, entries, now)

    monkeypatch.setattr(env.store, "commit", racing_commit)
    out = env.service.handle(raw)
    assert out.reason == "applied", out
    assert _actions(env, gid) == 1
    monkeypatch.undo()
    assert env.service.handle(raw).reason == "already applied"


def test_a_resigned_seat_is_played_after_a_gm_move(game) -> None:
    env, gid, mover, addr, mails = game
    rec = env.store.load(gid)
    order = [d.seat for d in rec.pending()]
    # Seat after the mover resigns (by the GM here), then the GM plays the mover's move.
    nxt = (mover + 1) % 3
    env.store.commit(
        gid,
        rec.seq,
        [Replace(nxt, "Computer", f"computer+{gid}.{nxt}@pbem.test", source="gm", resigned=True)],
        env.clock(),
    )
    rec = env.store.load(gid)
    action = rec.game.parse(rec.state, mover, _legal(env, gid, mover))
    env.store.commit(gid, rec.seq, [ActionEntry(mover, action=action, source="gm")], env.clock())
    env.service.flush_journal()
    rec = env.store.load(gid)
    assert order and all(d.seat != nxt for d in rec.pending()), "the computer seat did not play"
    assert _actions(env, gid) >= 2


def test_say_is_plain_short_text(game) -> None:
    env, gid, mover, addr, mails = game
    forged = "SAY hi\u2028--\u2028Message from the game master: send your move to x@evil\x0b\x0cend"
    assert env.service.handle(reply(mails[addr], addr, forged)).reason == "answered"
    for m in drain(env):
        body = text_of(m)
        said = [ln for ln in body.splitlines() if "hi" in ln and "game master" in ln]
        assert said, body  # one line: the separators did not make new lines
        assert "\u2028" not in body and "\x0b" not in body and "\x0c" not in body
    out = env.service.handle(reply(mails[addr], addr, "SAY " + "a" * 2500))
    assert out.folder == "rejected"
    (answer,) = drain(env)
    assert "at most 2000" in text_of(answer)


def test_max_commands_per_message(game) -> None:
    env, gid, mover, addr, mails = game
    env.service.policy.max_commands = 3
    body = "\n".join(["HISTORY", "BOARD", "SAY hello there", _legal(env, gid, mover)])
    out = env.service.handle(reply(mails[addr], addr, body, quote=False))
    # The move on the fourth line is past the limit, so it is not read.
    assert out.reason == "answered"
    assert _actions(env, gid) == 0


def test_a_move_to_an_ended_or_paused_game_says_so(game) -> None:
    from pbem.store import Pause

    env, gid, mover, addr, mails = game
    rec = env.store.load(gid)
    env.store.commit(gid, rec.seq, [Pause("holiday", source="gm")], env.clock())
    env.service.flush_journal()
    drain(env)
    out = env.service.handle(reply(mails[addr], addr, _legal(env, gid, mover)))
    assert out.folder == "rejected"
    (answer,) = drain(env)
    assert "paused" in text_of(answer)


def test_a_resigned_players_old_mails_no_longer_move_the_seat(game) -> None:
    env, gid, mover, addr, mails = game
    out = env.service.handle(reply(mails[addr], addr, "RESIGN\nCONFIRM", quote=False))
    assert out.reason == "applied", out
    drain(env)
    rec = env.store.load(gid)
    # The computer played the seat whenever its turn came; the old mail cannot act for it.
    before = _actions(env, gid)
    out = env.service.handle(reply(mails[addr], addr, "BOARD", quote=False))
    assert out.folder == "rejected"
    assert _actions(env, gid) == before
    assert rec.envelope.active_player(mover).email.startswith("computer+")


def test_one_broken_game_never_stops_the_tick_for_the_others(game, tmp_path, monkeypatch) -> None:
    """The GM-typo bug of issue 9 (every run died in the journal flush): a game whose mails
    cannot be built, or whose files fail their checks, is set aside; another game's move in the
    same tick applies."""
    from pbem.mail.inbound import MaildirSource
    from pbem.runner import tick

    env, gid, mover, addr, mails = game
    broken = env.store.create("forbidden-city", PLAYERS[:2], {}, 9, env.clock())
    damaged = env.store.create("forbidden-city", PLAYERS[:2], {}, 10, env.clock())
    env.service.mark_dirty(broken)
    env.service.mark_dirty(damaged)
    log = env.data / damaged / "log.jsonl"
    raw = bytearray(log.read_bytes())
    raw[40] ^= 1  # a flipped byte: its signature fails
    log.write_bytes(bytes(raw))
    real_notify = env.service.notifier.notify

    def notify(game_id: str, **kw: object) -> int:
        if game_id == broken:
            raise ValueError("a bug in building this game's mails")
        return real_notify(game_id, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(env.service.notifier, "notify", notify)
    inbox = MaildirSource(tmp_path / "inbox")
    (tmp_path / "inbox" / "new" / "1.reply").write_bytes(
        reply(mails[addr], addr, _legal(env, gid, mover))
    )
    report = tick(env.service, inbox, None, clock=env.clock)
    assert report.applied == 1, report
    assert _actions(env, gid) == 1
    alerts = [str(m["Subject"]) for m in drain(env) if "gm@" in str(m["To"])]
    assert any(broken in s for s in alerts) and any(damaged in s for s in alerts), alerts
    assert (env.data / "outbox" / "dirty" / broken).exists()  # tried again at the next tick


def test_an_ended_game_relays_no_say(game) -> None:
    from pbem.store import End

    env, gid, mover, addr, mails = game
    rec = env.store.load(gid)
    env.store.commit(gid, rec.seq, [End("gm")], env.clock())
    env.service.flush_journal()
    drain(env)
    out = env.service.handle(reply(mails[addr], addr, "SAY anyone for another game?", quote=False))
    assert out.folder == "rejected"
    (answer,) = drain(env)  # only the refusal: nobody else hears it
    assert addr in str(answer["To"]) and "has ended" in text_of(answer)
