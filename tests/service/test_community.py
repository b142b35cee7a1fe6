"""Deadlines that warn, the missed-deadline policy, vacations, PREVIEW, GAMES, a paused game
(issue 13), in-process: real store, engine, outbox and templates, the test's clock."""

from __future__ import annotations

from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from helpers import GM, Env, drain, make_env, reply, text_of

from pbem.errors import CommandError
from pbem.runner import TickReport, run_timers
from pbem.service import community, deadlines, vacations
from pbem.service import policy as game_policy
from pbem.store import ActionEntry, Pause, SetDeadline, SetPolicy, Vacation

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]


def _to(mails: list[EmailMessage], addr: str) -> list[EmailMessage]:
    return [m for m in mails if addr in str(m["To"])]


def _game(env: Env, hours: int | None = 72, **policy: str) -> tuple[str, int, str]:
    gid = env.store.create("forbidden-city", PLAYERS, {}, 5, env.clock())
    entries: list = [SetPolicy(k, game_policy.check_policy(k, v)) for k, v in policy.items()]
    if hours:
        entries.append(SetDeadline("move", seconds=hours * 3600))
    rec = env.store.load(gid)
    env.store.commit(gid, rec.seq, entries, env.clock())
    env.service.flush_journal()
    rec = env.store.load(gid)
    mover = rec.pending()[0].seat
    return gid, mover, rec.envelope.active_player(mover).email


def _tick(env: Env) -> TickReport:
    report = TickReport()
    run_timers(env.service, env.clock, report)
    return report


def test_reminders_half_way_and_a_day_before_then_the_computer_plays(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, mover, addr = _game(env, 72)
    start = env.store.load(gid).entries[-1].time
    drain(env)
    # 35 h: nothing yet; 36 h (half-way): a reminder to the mover only.
    env.clock.now += timedelta(hours=35)
    _tick(env)
    assert drain(env) == []
    env.clock.now += timedelta(hours=1)
    _tick(env)
    mails = drain(env)
    assert len(mails) == 1 and _to(mails, addr), [m["To"] for m in mails]
    text = text_of(mails[0])
    assert "reminder" in str(mails[0]["Subject"]) and "deadline" in text
    assert "the computer plays for you" in text
    # Not twice.
    _tick(env)
    assert drain(env) == []
    # 48 h (24 h before the deadline): the second reminder.
    env.clock.now += timedelta(hours=12)
    _tick(env)
    assert len(_to(drain(env), addr)) == 1
    # Past 72 h: the computer plays, and every player's mail says why.
    env.clock.now += timedelta(hours=24)
    report = _tick(env)
    assert report.timers == 1
    rec = env.store.load(gid)
    assert rec.envelope.moves == 1 and rec.entries[-1].time > start
    mails = drain(env)
    assert len(mails) == 2
    for m in mails:
        assert "played by the computer: the deadline had passed" in " ".join(text_of(m).split())


def test_remind_setting_and_grace(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, mover, addr = _game(env, 10, remind="2h", grace="1h")
    drain(env)
    env.clock.now += timedelta(hours=5)  # half-way is not asked for
    _tick(env)
    assert drain(env) == []
    env.clock.now += timedelta(hours=3)  # 8 h: 2 h before
    _tick(env)
    mails = drain(env)
    assert len(mails) == 1 and "after 1 hour of grace" in " ".join(text_of(mails[0]).split())
    # A reminder carries the seat's token: a reply to it is read like one to the turn mail.
    assert env.service.handle(reply(mails[0], addr, "BOARD")).reason == "answered"
    drain(env)
    env.clock.now += timedelta(hours=2, minutes=30)  # 10.5 h: past the deadline, within grace
    assert _tick(env).timers == 0
    env.clock.now += timedelta(hours=1)
    assert _tick(env).timers == 1


def test_nmr_gm_alerts_the_gm_once_and_the_game_waits(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, mover, addr = _game(env, 24, nmr="gm", remind="off")
    drain(env)
    env.clock.now += timedelta(hours=25)
    assert _tick(env).timers == 0
    mails = drain(env)
    assert [str(m["To"]) for m in mails] == [f"Game master <{GM}>"]
    assert "missed a deadline" in str(mails[0]["Subject"])
    env.clock.now += timedelta(hours=5)
    _tick(env)
    assert drain(env) == []
    assert env.store.load(gid).envelope.moves == 0


def test_vacation_by_mail_extends_the_deadline_and_everyone_is_told(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, mover, addr = _game(env, 48, remind="off")
    turn = _to(drain(env), addr)[0]
    out = env.service.handle(reply(turn, addr, "VACATION 3d"))
    assert out.reason == "applied", out
    mails = drain(env)
    # Each player is told; the sender also gets where their clocks stop and their leave left.
    assert len(mails) == 3
    told = [m for m in mails if "is on vacation until" in text_of(m)]
    assert len(told) == 2
    (summary,) = [m for m in mails if m not in told]
    assert "Leave left for all your games: 27 days" in text_of(summary)
    rec = env.store.load(gid)
    (item,) = deadlines.deadlines(rec)
    assert abs(item.due - item.since - timedelta(hours=48 + 72)) < timedelta(seconds=30)
    # 50 h: the plain deadline has passed, the vacation holds it.
    env.clock.now += timedelta(hours=50)
    assert _tick(env).timers == 0
    # Past the allowance (14 days by default): refused, nothing changed.
    out = env.service.handle(reply(turn, addr, "VACATION 12d"))
    assert out.reason == "refused"
    (m,) = drain(env)
    assert "at most 11 days are left" in text_of(m)
    # BACK: the rest of the vacation is not counted and the deadline comes back.
    out = env.service.handle(reply(turn, addr, "BACK"))
    assert out.reason == "applied", out
    rec = env.store.load(gid)
    assert vacations.vacation_used(rec, mover) < timedelta(hours=51)
    (item,) = deadlines.deadlines(rec)
    # Away 50 hours of a 48-hour deadline: the clock stood still, 48 hours are left.
    assert abs(item.due - env.clock.now - timedelta(hours=48)) < timedelta(minutes=1)
    drain(env)
    env.clock.now += timedelta(hours=47)
    assert _tick(env).timers == 0
    env.clock.now += timedelta(hours=2)
    assert _tick(env).timers == 1
    # The new log kinds replay and verify like every other line.
    assert env.store.verify(gid).ok


def test_vacation_allowance_is_per_game_setting(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, mover, addr = _game(env, 48, vacation="0")
    turn = _to(drain(env), addr)[0]
    assert env.service.handle(reply(turn, addr, "VACATION 1d")).reason == "refused"
    assert "allows no vacations" in text_of(drain(env)[0])
    rec = env.store.load(gid)
    assert vacations.vacation_problem(rec, mover, timedelta(days=1))


def test_preview_changes_nothing(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, mover, addr = _game(env, None)
    turn = _to(drain(env), addr)[0]
    before = env.store.load(gid)
    log_before = (env.data / gid / "log.jsonl").read_bytes()
    move = before.legal_notations(mover)[0]
    out = env.service.handle(reply(turn, addr, f"PREVIEW {move}"))
    assert out.reason == "answered", out
    (m,) = drain(env)
    text = text_of(m)
    assert "NOT been played" in text and "Scores after the move" in text
    assert (env.data / gid / "log.jsonl").read_bytes() == log_before
    # A tile drawn by the move is never told.
    assert "drew" not in text.lower()
    # A move that is not legal is refused with the reason.
    out = env.service.handle(reply(turn, addr, "PREVIEW Z99 R7"))
    assert out.reason == "refused"


def test_preview_closing_a_room_tells_the_payout(tmp_path: Path) -> None:
    """Play bot moves until some legal move of the mover closes a room; its preview names it."""
    env = make_env(tmp_path)
    gid, _, _ = _game(env, None)
    drain(env)
    for _ in range(40):
        rec = env.store.load(gid)
        seat = rec.pending()[0].seat
        names = env.service.mailer.names(rec)
        for move in rec.legal_notations(seat):
            lines = community.preview(rec, seat, move, names)
            if any("room" in ln.lower() and "closed" in ln.lower() for ln in lines):
                assert any("(+" in ln for ln in lines), lines
                return
        env.store.commit(
            gid,
            rec.seq,
            [ActionEntry(seat, text=rec.legal_notations(seat)[0], source="gm")],
            env.clock(),
        )
    pytest.fail("no room could be closed in 40 moves")


def test_games_lists_the_players_games(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, mover, addr = _game(env, 48)
    other = env.store.create(
        "verbotene-stadt", [PLAYERS[0], ("Cy", "cy@example.org")], {}, 3, env.clock()
    )
    env.service.flush_journal()
    turn = _to(drain(env), addr)[0]
    assert env.service.handle(reply(turn, addr, "GAMES")).reason == "answered"
    (m,) = drain(env)
    text = text_of(m)
    assert gid in text and "your deadline" in text
    assert (other in text) == (addr == "ann@example.org")
    assert "cy@example.org" not in text


def test_a_move_to_a_paused_game_is_answered_paused(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, mover, addr = _game(env, None)
    turn = _to(drain(env), addr)[0]
    rec = env.store.load(gid)
    move = rec.legal_notations(mover)[0]
    env.store.commit(gid, rec.seq, [Pause("a break")], env.clock())
    env.service.flush_journal()
    drain(env)
    out = env.service.handle(reply(turn, addr, move))
    assert out.reason == "refused"
    (m,) = drain(env)
    assert "is paused" in text_of(m)
    assert "We found no command" not in text_of(m)


def test_policy_values_are_checked() -> None:
    assert game_policy.check_policy("remind", "48h, half") == "48h,half"
    assert game_policy.check_policy("grace", "120m") == "2h"
    assert game_policy.check_policy("vacation", "21d") == "21d"
    for name, value in [("nmr", "robot"), ("remind", "soon"), ("grace", "x"), ("colour", "red")]:
        with pytest.raises(CommandError):
            game_policy.check_policy(name, value)


def test_vacation_line_with_a_past_start_is_refused_by_the_store(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, mover, _ = _game(env, 24)
    now = env.clock()
    rec = env.store.load(gid)
    with pytest.raises(CommandError):
        env.store.commit(gid, rec.seq, [Vacation(mover, now, now)], now)


def test_preview_in_die_verbotene_stadt_tells_where_the_official_ends(tmp_path: Path) -> None:
    from pbem.rules.base import derive_rng

    env = make_env(tmp_path)
    gid = env.store.create("verbotene-stadt", PLAYERS, {}, 4, env.clock())
    for i in range(40):  # the secret selections first, then a move decision
        rec = env.store.load(gid)
        d = rec.pending()[0]
        if d.kind == "move":
            break
        bot = rec.game.bots()["random"]
        action = bot.choose(rec.game, rec.state, d.seat, derive_rng(1, i))
        env.store.commit(
            gid, rec.seq, [ActionEntry(d.seat, action=action, source="gm")], env.clock()
        )
    rec = env.store.load(gid)
    d = rec.pending()[0]
    assert d.kind == "move"
    names = env.service.mailer.names(rec)
    told = [community.preview(rec, d.seat, m, names) for m in rec.legal_notations(d.seat)[:30]]
    assert all("NOT been played" in t[0] for t in told)
    assert any(" moved " in ln for t in told for ln in t)
    # No selection of anyone is ever told by a preview.
    assert not any("had bribed" in ln for t in told for ln in t)
    assert env.store.load(gid).seq == rec.seq


def test_a_move_to_an_ended_game_is_answered_ended(tmp_path: Path) -> None:
    from pbem.store import End

    env = make_env(tmp_path)
    gid, mover, addr = _game(env, None)
    turn = _to(drain(env), addr)[0]
    rec = env.store.load(gid)
    move = rec.legal_notations(mover)[0]
    env.store.commit(gid, rec.seq, [End()], env.clock())
    env.service.flush_journal()
    drain(env)
    assert env.service.handle(reply(turn, addr, move)).reason == "refused"
    (m,) = drain(env)
    assert "has ended" in text_of(m)


def test_turn_mails_tell_the_deadline(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, mover, addr = _game(env, 48, nmr="gm")
    mails = drain(env)
    mine = " ".join(text_of(_to(mails, addr)[0]).split())
    assert "Your deadline:" in mine and "the game master is told" in mine
    other = next(m for m in mails if addr not in str(m["To"]))
    assert "Your deadline:" not in text_of(other)


def test_resign_vacation_and_back_are_commands_that_give_their_lines(tmp_path: Path) -> None:
    from pbem.service.commands import REGISTRY
    from pbem.store.payloads import BackLine, ReplaceLine, VacationLine

    assert {k for k, h in REGISTRY.items() if h.changes_game} == {
        "resign",
        "vacation",
        "back",
        "propose",
        "accept",
        "decline",
        "standing",
        "next",
    }
    env = make_env(tmp_path)
    gid, mover, addr = _game(env, 48, remind="off")
    turn = _to(drain(env), addr)[0]
    out = env.service.handle(reply(turn, addr, "VACATION 2d"))
    assert out.reason == "applied", out
    rec = env.store.load(gid)
    vacation = rec.entries[-1]
    assert isinstance(vacation.payload, VacationLine) and vacation.payload.seat == mover
    assert vacation.msgid is not None and vacation.msgid.endswith(f"#s{mover}")
    drain(env)
    seq = rec.seq
    # Without a move the reply's Message-ID rides on the resignation, which comes last.
    out = env.service.handle(reply(turn, addr, "RESIGN\nBACK\nCONFIRM"))
    assert out.reason == "applied", out
    new = env.store.load(gid).entries[seq:]
    back, replace = new[0], new[1]
    assert isinstance(back.payload, BackLine) and back.msgid is None
    assert isinstance(replace.payload, ReplaceLine) and replace.payload.resigned
    assert replace.msgid is not None and replace.msgid.endswith(f"#s{mover}")
    assert env.store.verify(gid).ok
