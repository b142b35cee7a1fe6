"""One leave for all of a player's games (issue 27), in-process: real store, engine, outbox and
templates, the test's clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path

from helpers import Env, drain, make_env, reply, text_of

from pbem.model import iso_time, parse_time
from pbem.runner import TickReport, run_timers
from pbem.service import deadlines, leave, vacations
from pbem.service import policy as game_policy
from pbem.store import SetDeadline, SetPolicy
from pbem.store.payloads import BackLine, VacationLine

ANN = "ann@example.org"
SEED_ANN_FIRST = 4


def _to(mails: list[EmailMessage], addr: str) -> list[EmailMessage]:
    return [m for m in mails if addr in str(m["To"])]


def _game(env: Env, other: str, hours: int = 72, seed: int = 5, **policy: str) -> str:
    gid = env.store.create(
        "forbidden-city", [("Ann", ANN), ("Other", other)], {}, seed, env.clock()
    )
    entries: list = [SetPolicy(k, game_policy.check_policy(k, v)) for k, v in policy.items()]
    entries.append(SetDeadline("move", seconds=hours * 3600))
    rec = env.store.load(gid)
    env.store.commit(gid, rec.seq, entries, env.clock())
    env.service.flush_journal()
    return gid


def _ann_mail(env: Env, gid: str, mails: list[EmailMessage]) -> EmailMessage:
    return next(m for m in _to(mails, ANN) if gid in str(m["Subject"]))


def _tick(env: Env) -> TickReport:
    report = TickReport()
    run_timers(env.service, env.clock, report)
    return report


def _leave_lines(env: Env, gid: str) -> list[VacationLine]:
    rec = env.store.load(gid)
    return [e.payload for e in rec.entries if isinstance(e.payload, VacationLine)]


def test_one_vacation_stops_the_clocks_of_every_game_but_a_tournament(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    g1 = _game(env, "bob@example.org")
    g2 = _game(env, "cat@example.org")
    g3 = _game(env, "dan@example.org", vacation="0")  # a tournament: never paused
    g4 = _game(env, "eve@example.org", vacation="4d")  # its own allowance is an upper bound
    mails = drain(env)
    turn = _ann_mail(env, g1, mails)
    out = env.service.handle(reply(turn, ANN, "VACATION 10d"))
    assert out.reason == "applied", out
    mails = drain(env)
    now = env.clock()
    # A line of the signed log in each paused game, all with the same leave id.
    (l1,) = _leave_lines(env, g1)
    (l2,) = _leave_lines(env, g2)
    (l4,) = _leave_lines(env, g4)
    assert _leave_lines(env, g3) == []
    assert l1.leave and l1.leave == l2.leave == l4.leave
    assert l1.until == l2.until and l1.auto is False
    assert parse_time(l4.until) - parse_time(l4.start) == timedelta(days=4)
    for gid in (g1, g2, g4):
        assert env.store.verify(gid).ok
        rec = env.store.load(gid)
        seat = rec.envelope.seat_of_email(ANN)
        assert vacations.away_until(rec, seat, now) is not None
    # The other players are told the return date, each in their game.
    for other in ("bob@example.org", "cat@example.org", "eve@example.org"):
        assert any("is on vacation until" in text_of(m) for m in _to(mails, other))
    assert not _to(mails, "dan@example.org")
    # The sender gets one summary: where, until when, and what is left (30 - 10 = 20 days).
    (summary,) = [m for m in _to(mails, ANN) if "your leave" in str(m["Subject"])]
    text = text_of(summary)
    assert g3 in text and "tournament" in text
    assert g4 in text and "4 days" in text
    assert "Leave left for all your games: 20 days" in text
    # GAMES says it too.
    out = env.service.handle(reply(turn, ANN, "GAMES"))
    (games,) = drain(env)
    assert "Leave left for all your games: 20 days" in text_of(games)
    # The account is read back from the logs: a leave counts once, for its longest stretch.
    (use,) = leave.uses_of(env.store, ANN)
    assert use.length == timedelta(days=10)


def test_the_yearly_leave_is_the_limit_and_a_use_lasts_a_day(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    g1 = _game(env, "bob@example.org", vacation="60d")
    turn = _ann_mail(env, g1, drain(env))
    out = env.service.handle(reply(turn, ANN, "VACATION 12h"))
    assert out.reason == "refused"
    assert "at least 1 day" in text_of(drain(env)[0])
    out = env.service.handle(reply(turn, ANN, "VACATION 31d"))
    assert out.reason == "refused"
    assert "30 days of leave left" in text_of(drain(env)[0])
    assert _leave_lines(env, g1) == []


def test_back_ends_the_leave_in_every_game_and_gives_back_the_rest(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    g1 = _game(env, "bob@example.org")
    g2 = _game(env, "cat@example.org")
    turn = _ann_mail(env, g1, drain(env))
    assert env.service.handle(reply(turn, ANN, "VACATION 10d")).reason == "applied"
    drain(env)
    env.clock.now += timedelta(days=2)
    assert env.service.handle(reply(turn, ANN, "BACK")).reason == "applied"
    drain(env)
    for gid in (g1, g2):
        rec = env.store.load(gid)
        assert any(isinstance(e.payload, BackLine) for e in rec.entries)
        assert (
            vacations.away_until(rec, 0 if rec.envelope.players[0].email == ANN else 1, env.clock())
            is None
        )
    rules = leave.rules_of(env.service.policy)
    left = leave.left_of(env.store, ANN, rules, env.clock())
    assert abs(left - timedelta(days=28)) < timedelta(minutes=1)


def test_the_allowance_comes_back_a_twelfth_a_month() -> None:
    rules = leave.LeaveRules(per_year=timedelta(days=30))
    t0 = datetime(2026, 1, 10, tzinfo=UTC)
    uses = [leave.Use("a", t0, t0 + timedelta(days=20))]
    assert leave.balance(uses, rules, t0 + timedelta(days=1)) == timedelta(days=10)
    # Two months begun: 5 days back.
    assert leave.balance(uses, rules, datetime(2026, 3, 2, tzinfo=UTC)) == timedelta(days=15)
    # Never more than the yearly allowance.
    assert leave.balance(uses, rules, datetime(2027, 6, 1, tzinfo=UTC)) == timedelta(days=30)
    # A second use in March: 15 left then, 5 after.
    t1 = datetime(2026, 3, 5, tzinfo=UTC)
    uses.append(leave.Use("b", t1, t1 + timedelta(days=10)))
    assert leave.balance(uses, rules, t1 + timedelta(days=1)) == timedelta(days=5)


def test_vacation_auto_spends_the_leave_before_the_computer_plays(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    g1 = _game(env, "bob@example.org", hours=48, seed=SEED_ANN_FIRST)
    g2 = _game(env, "cat@example.org", hours=48)
    mails = drain(env)
    turn = _ann_mail(env, g1, mails)
    assert env.service.handle(reply(turn, ANN, "VACATION AUTO")).reason == "applied"
    assert "VACATION AUTO" in text_of(drain(env)[0])
    rec = env.store.load(g1)
    seat = rec.envelope.seat_of_email(ANN)
    assert rec.pending()[0].seat == seat  # Ann starts
    (item,) = [i for i in deadlines.deadlines(rec) if i.decision.seat == seat]
    env.clock.now = item.act + timedelta(minutes=1)
    _tick(env)
    mails = drain(env)
    rec = env.store.load(g1)
    assert rec.envelope.moves == 0  # not played: the leave was spent instead
    auto = [v for v in _leave_lines(env, g1) if v.auto]
    assert auto and auto[0].start == iso_time(item.due)
    assert [v for v in _leave_lines(env, g2) if v.auto]  # the leave is for all games
    assert any("automatically" in text_of(m) for m in _to(mails, "bob@example.org"))
    (again,) = [i for i in deadlines.deadlines(rec) if i.decision.seat == seat]
    assert again.due == item.due + timedelta(days=1)
    rules = leave.rules_of(env.service.policy)
    left = leave.left_of(env.store, ANN, rules, env.clock())
    assert abs(left - timedelta(days=29)) < timedelta(minutes=1)


def test_turn_mails_read_the_games_only_once_leave_was_taken(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    g1 = _game(env, "bob@example.org")
    turn = _ann_mail(env, g1, drain(env))
    m = env.service.mailer
    assert not env.service.prefs.leave_taken(ANN)
    assert m.leave_left_line(ANN) == "Leave left for all your games: 30 days."
    assert env.service.handle(reply(turn, ANN, "VACATION 3d")).reason == "applied"
    assert env.service.prefs.leave_taken(ANN)
    assert m.leave_left_line(ANN) == "Leave left for all your games: 27 days."
