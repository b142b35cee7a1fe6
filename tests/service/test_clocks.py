"""Time controls (issue 27): a time bank per seat, weekends that do not count; in-process with
the real store, engine, outbox and templates, the test's clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from helpers import Env, drain, make_env, reply, text_of

from pbem.errors import CommandError
from pbem.runner import TickReport, run_timers
from pbem.service import clocks, deadlines, vacations
from pbem.service import policy as game_policy
from pbem.store import Back, SetPolicy
from pbem.store.payloads import ActionLine, VacationLine

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]
MON = datetime(2026, 11, 23, 12, 0, tzinfo=UTC)  # a Monday


def test_control_values_are_checked() -> None:
    assert clocks.parse_control("move") is None
    assert clocks.parse_control("bank:10d+1d") == clocks.Bank(timedelta(days=10), timedelta(days=1))
    assert clocks.parse_control("bank:36h") == clocks.Bank(timedelta(hours=36), timedelta(0))
    assert game_policy.check_policy("time", "bank:10d+1d") == "bank:10d+1d"
    assert game_policy.check_policy("weekends", "PAUSE") == "pause"
    for name, value in (("time", "bank"), ("time", "fischer:1d"), ("weekends", "skip")):
        with pytest.raises(CommandError, match=name):
            game_policy.check_policy(name, value)


def test_weekends_do_not_count_when_paused() -> None:
    fri = MON + timedelta(days=4)  # Friday 12:00
    tue = MON + timedelta(days=8)  # the next Tuesday 12:00
    assert clocks.counted(fri, tue, False) == timedelta(days=4)
    assert clocks.counted(fri, tue, True) == timedelta(days=2)
    assert clocks.add_counted(fri, timedelta(days=2), True) == tue
    assert clocks.add_counted(fri, timedelta(hours=6), True) == fri + timedelta(hours=6)
    sat = fri + timedelta(days=1)
    assert clocks.add_counted(sat, timedelta(hours=1), True) == MON + timedelta(days=7, hours=-11)
    for a in (MON, fri, sat):
        for n in (1, 30, 100):
            d = timedelta(hours=n)
            assert clocks.counted(a, clocks.add_counted(a, d, True), True) == d


def _bank_game(env: Env, control: str = "bank:3d+1d", **more: str) -> str:
    gid = env.store.create("forbidden-city", PLAYERS, {}, 5, env.clock())
    entries = [SetPolicy("time", control), SetPolicy("remind", "24h")]
    entries += [SetPolicy(k, v) for k, v in more.items()]
    rec = env.store.load(gid)
    env.store.commit(gid, rec.seq, entries, env.clock())
    env.service.flush_journal()
    return gid


def _tick(env: Env) -> TickReport:
    report = TickReport()
    run_timers(env.service, env.clock, report)
    return report


def _bank(env: Env, gid: str) -> dict[int, timedelta]:
    rec = env.store.load(gid)
    pol = game_policy.policy_of(rec.envelope)
    assert pol.bank is not None
    return clocks.banks(rec, pol.bank, pol.weekends, vacations.vacations(rec))


def test_a_bank_runs_down_is_refilled_and_runs_out(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = _bank_game(env)
    rec = env.store.load(gid)
    first = rec.pending()[0].seat
    addr = rec.envelope.active_player(first).email
    mails = drain(env)
    turn = next(m for m in mails if addr in str(m["To"]) and "Your deadline" in text_of(m))
    text = " ".join(text_of(turn).split())
    assert "Your time bank: 3 days left" in text and "adds 1 day (at most 3 days)" in text
    (item,) = deadlines.deadlines(rec)
    assert item.due - item.since == timedelta(days=3)
    # 30 hours to answer: 3d - 30h + 1d = 2d18h, capped at 3d.
    env.clock.now += timedelta(hours=30)
    move = rec.legal_notations(first)[0]
    assert env.service.handle(reply(turn, addr, move)).reason == "applied"
    assert abs(_bank(env, gid)[first] - timedelta(days=2, hours=18)) < timedelta(minutes=1)
    drain(env)
    # The other seat answers nothing: a reminder 24 h before its bank runs out, then the
    # computer plays when it does, and its bank starts again from the increment.
    rec = env.store.load(gid)
    second = rec.pending()[0].seat
    (item,) = deadlines.deadlines(rec)
    assert item.decision.seat == second and item.due - item.since == timedelta(days=3)
    env.clock.now = item.due - timedelta(hours=23)
    _tick(env)
    (reminder,) = drain(env)
    assert "reminder" in str(reminder["Subject"])
    env.clock.now = item.due + timedelta(minutes=1)
    _tick(env)
    rec = env.store.load(gid)
    last = [e.payload for e in rec.entries if isinstance(e.payload, ActionLine)][-1]
    assert last.seat == second and last.source == "timer"
    assert _bank(env, gid)[second] == timedelta(days=1)
    assert env.store.verify(gid).ok


def test_a_bank_run_down_spends_the_leave_first_with_vacation_auto(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = _bank_game(env, "bank:2d+12h")
    rec = env.store.load(gid)
    first = rec.pending()[0].seat
    addr = rec.envelope.active_player(first).email
    turn = next(m for m in drain(env) if addr in str(m["To"]))
    assert env.service.handle(reply(turn, addr, "VACATION AUTO")).reason == "applied"
    drain(env)
    (item,) = deadlines.deadlines(env.store.load(gid))
    env.clock.now = item.due + timedelta(minutes=1)
    _tick(env)
    rec = env.store.load(gid)
    assert rec.envelope.moves == 0
    (auto,) = [e.payload for e in rec.entries if isinstance(e.payload, VacationLine)]
    assert auto.auto and auto.leave
    (again,) = deadlines.deadlines(rec)
    assert again.due == item.due + timedelta(days=1)
    # The leave does not count against the bank: the move a day later costs 2 days, not 3.
    env.clock.now = again.due - timedelta(hours=1)
    move = rec.legal_notations(first)[0]
    assert env.service.handle(reply(turn, addr, move)).reason == "applied"
    # The whole bank was spent (the day of leave held the deadline, it is not charged on top):
    # empty, then 12 hours added.
    assert abs(_bank(env, gid)[first] - timedelta(hours=12)) < timedelta(minutes=1)


def test_time_on_vacation_is_not_taken_from_the_bank(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = _bank_game(env, "bank:3d+12h")
    rec = env.store.load(gid)
    first = rec.pending()[0].seat
    addr = rec.envelope.active_player(first).email
    turn = next(m for m in drain(env) if addr in str(m["To"]))
    assert env.service.handle(reply(turn, addr, "VACATION 1d")).reason == "applied"
    env.clock.now += timedelta(hours=36)  # a day away, then 12 hours to answer
    move = rec.legal_notations(first)[0]
    assert env.service.handle(reply(turn, addr, move)).reason == "applied"
    # 3 days - 12 hours + 12 hours (not 3 days - 36 hours + 12 hours).
    assert abs(_bank(env, gid)[first] - timedelta(days=3)) < timedelta(minutes=1)
    other = 1 - first
    assert _bank(env, gid)[other] == timedelta(days=3)


def test_weekends_pause_a_per_decision_deadline(tmp_path: Path) -> None:
    from pbem.store import SetDeadline

    env = make_env(tmp_path)
    env.clock.now = MON + timedelta(days=4)  # Friday noon
    gid = env.store.create("forbidden-city", PLAYERS, {}, 5, env.clock())
    rec = env.store.load(gid)
    env.store.commit(
        gid,
        rec.seq,
        [SetDeadline("move", seconds=2 * 86400), SetPolicy("weekends", "pause")],
        env.clock(),
    )
    (item,) = deadlines.deadlines(env.store.load(gid))
    # Friday noon + 2 counted days = Tuesday noon.
    assert item.since.weekday() == 4 and item.due == item.since + timedelta(days=4)
    line = deadlines.deadline_line(env.store.load(gid), item.decision.seat, env.clock())
    assert "Saturdays and Sundays" in line


def _gone_with_vacation_auto(env: Env) -> tuple[str, int, str]:
    """A bank game whose first player writes VACATION AUTO and then nothing more: the clock
    runs to each deadline until the first move is made for them. (game, seat, address)"""
    gid = _bank_game(env, "bank:2d+12h", takeover="0")
    rec = env.store.load(gid)
    first = rec.pending()[0].seat
    addr = rec.envelope.active_player(first).email
    turn = next(m for m in drain(env) if addr in str(m["To"]))
    assert env.service.handle(reply(turn, addr, "VACATION AUTO")).reason == "applied"
    drain(env)
    for _day in range(40):
        (item,) = deadlines.deadlines(env.store.load(gid))
        env.clock.now = item.act + timedelta(minutes=1)
        _tick(env)
        drain(env)
        if env.store.load(gid).envelope.moves:
            break
    return gid, first, addr


def test_vacation_auto_holds_a_silent_player_no_longer_than_auto_max_days(tmp_path: Path) -> None:
    """A player who has gone with VACATION AUTO on: day after day of leave is spent, then after
    ``[leave] auto_max_days`` (14) in a row without an answer the nmr policy acts, with leave
    still left; a move of their own starts the count again."""
    from pbem.service import leave

    env = make_env(tmp_path)
    gid, first, addr = _gone_with_vacation_auto(env)
    rec = env.store.load(gid)
    autos = [e.payload for e in rec.entries if isinstance(e.payload, VacationLine)]
    assert len(autos) == 14 and all(a.auto for a in autos)
    assert leave.auto_run(rec, first) == timedelta(days=14)
    (played,) = [e.payload for e in rec.entries if isinstance(e.payload, ActionLine)]
    assert played.source == "timer" and played.seat == first
    rules = leave.rules_of(env.service.policy)
    assert leave.left_of(env.store, addr, rules, env.clock()) >= timedelta(days=16)  # unspent


def test_vacation_auto_counts_a_silent_address_over_all_its_games(tmp_path: Path) -> None:
    """``auto_max_days`` counts the address's silence in all its games: a player who has gone
    and whose automatic leave reached it in one game does not hold a game that starts later for
    another ``auto_max_days`` (the nmr policy acts when that game's bank runs out); a move of
    theirs anywhere starts the count again."""
    from pbem.service import leave

    env = make_env(tmp_path)
    old, first, addr = _gone_with_vacation_auto(env)
    assert leave.auto_run(env.store.load(old), first) == timedelta(days=14)
    assert leave.silent_auto_run(env.store, addr) == timedelta(days=14)

    new = _bank_game(env, "bank:2d+12h", takeover="0")  # the same players, who owes first
    rec = env.store.load(new)
    assert rec.envelope.active_player(rec.pending()[0].seat).email == addr
    assert leave.auto_run(rec, first) == timedelta(0)  # this game's own count is empty
    drain(env)
    (item,) = deadlines.deadlines(rec)
    env.clock.now = item.act + timedelta(minutes=1)
    _tick(env)
    rec = env.store.load(new)
    assert not [e for e in rec.entries if isinstance(e.payload, VacationLine)]
    (played,) = [e.payload for e in rec.entries if isinstance(e.payload, ActionLine)]
    assert played.source == "timer" and played.seat == first

    # An answer in any game starts the count again for all of them.
    env.store.commit(new, rec.seq, [Back(first, source="mail")], env.clock())
    assert leave.silent_auto_run(env.store, addr) == timedelta(0)
