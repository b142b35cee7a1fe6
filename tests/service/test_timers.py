"""Deadlines: an overdue decision is played by the computer; an idle tick reads only games with
deadlines (the timer index), not every game."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from helpers import drain, make_env, text_of

from pbem.runner import TickReport, run_timers
from pbem.store import SetDeadline
from pbem.store.payloads import ActionLine

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]


def test_deadline_plays_the_default_and_tells_everyone(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = env.store.create("forbidden-city", PLAYERS, {}, 3, env.clock())
    rec = env.store.load(gid)
    env.store.commit(gid, rec.seq, [SetDeadline("move", seconds=3600)], env.clock())
    env.service.flush_journal()
    drain(env)
    assert (env.service.timers / gid).exists()
    mover = env.store.load(gid).pending()[0].seat

    report = TickReport()
    run_timers(env.service, env.clock, report)
    assert report.timers == 0  # not yet due

    env.clock.now += timedelta(hours=2)
    run_timers(env.service, env.clock, report)
    assert report.timers == 1
    rec = env.store.load(gid)
    assert rec.envelope.moves == 1
    last = [e.payload for e in rec.entries if isinstance(e.payload, ActionLine)][-1]
    assert last.seat == mover and last.source == "timer"
    mails = drain(env)
    assert len(mails) == 2
    assert any("played by the computer" in text_of(m) for m in mails)
    # The next decision has its own deadline, counted from now.
    assert (env.service.timers / gid).exists()


def test_games_without_deadlines_have_no_timer(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    for _ in range(5):
        env.store.create("forbidden-city", PLAYERS, {}, None, env.clock())
    env.service.flush_journal()
    assert list(env.service.timers.iterdir()) == []
