"""Votes by mail (issue 27): PROPOSE UNDO / END / PAUSE 7d, ACCEPT, DECLINE, lapses; in-process
with the real store, engine, outbox and templates, the test's clock."""

from __future__ import annotations

from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

from helpers import Env, drain, make_env, reply, text_of

from pbem.runner import TickReport, run_timers
from pbem.service import votes
from pbem.service.ports import COMPUTER_PREFIX
from pbem.store import ActionEntry, Replace
from pbem.store.payloads import EndLine, PauseLine, ResumeLine, UndoLine, VoteLine

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cat", "cat@example.org")]


def _to(mails: list[EmailMessage], addr: str) -> list[EmailMessage]:
    return [m for m in mails if addr in str(m["To"])]


def _latest(env: Env, mails: list[EmailMessage], addr: str) -> EmailMessage:
    return _to(mails, addr)[-1]


def _game(env: Env) -> tuple[str, dict[str, EmailMessage]]:
    """A three-player game in which the first seat has played one move; each player's latest
    mail."""
    gid = env.store.create("forbidden-city", PLAYERS, {}, 5, env.clock())
    env.service.flush_journal()
    drain(env)
    rec = env.store.load(gid)
    d = rec.pending()[0]
    env.store.commit(
        gid,
        rec.seq,
        [ActionEntry(d.seat, text=rec.legal_notations(d.seat)[0], source="gm")],
        env.clock(),
    )
    env.service.flush_journal()
    mails = drain(env)
    return gid, {a: _latest(env, mails, a) for _n, a in PLAYERS}


def _steps(env: Env, gid: str) -> list[str]:
    rec = env.store.load(gid)
    return [e.payload.step for e in rec.entries if isinstance(e.payload, VoteLine)]


def _mover_of_last(env: Env, gid: str) -> str:
    rec = env.store.load(gid)
    last = votes.last_move_of(rec)
    assert last is not None
    return rec.envelope.active_player(last[1]).email


def test_undo_accepted_by_all_is_carried_out(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, latest = _game(env)
    mover = _mover_of_last(env, gid)
    others = [a for _n, a in PLAYERS if a != mover]
    out = env.service.handle(reply(latest[mover], mover, "PROPOSE UNDO"))
    assert out.reason == "applied", out
    mails = drain(env)
    for _n, a in PLAYERS:  # every player is told
        assert any("proposes to take back" in text_of(m) for m in _to(mails, a))
    # Answering one's own proposal, or twice, is refused.
    assert env.service.handle(reply(latest[mover], mover, "ACCEPT")).reason == "refused"
    assert "your own proposal" in text_of(drain(env)[0])
    # One proposal at a time.
    out = env.service.handle(reply(latest[others[0]], others[0], "PROPOSE END"))
    assert out.reason == "refused" and "already open" in text_of(drain(env)[0])
    assert env.service.handle(reply(latest[others[0]], others[0], "ACCEPT")).reason == "applied"
    drain(env)
    assert env.store.load(gid).envelope.moves == 1  # not yet: one more answer awaited
    assert env.service.handle(reply(latest[others[1]], others[1], "ACCEPTER")).reason == "applied"
    mails = drain(env)
    rec = env.store.load(gid)
    assert _steps(env, gid) == ["propose", "accept", "accept", "carried"]
    assert isinstance(rec.entries[-1].payload, UndoLine)
    assert any("carried out" in text_of(m) for m in _to(mails, mover))
    assert env.store.verify(gid).ok


def test_end_declined_then_end_with_a_computer_seat_accepting(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, latest = _game(env)
    ann, bob, cat = (a for _n, a in PLAYERS)
    assert env.service.handle(reply(latest[ann], ann, "PROPOSE END")).reason == "applied"
    drain(env)
    assert env.service.handle(reply(latest[bob], bob, "DECLINE")).reason == "applied"
    mails = drain(env)
    assert any("declines the proposal" in text_of(m) for m in _to(mails, cat))
    assert _steps(env, gid) == ["propose", "decline"]
    assert env.store.load(gid).envelope.status == "active"
    # Cat's seat goes to the computer: it accepts by itself; Bob's ACCEPT carries it.
    rec = env.store.load(gid)
    cat_seat = rec.envelope.seat_of_email(cat)
    assert cat_seat is not None
    env.store.commit(
        gid,
        rec.seq,
        [Replace(cat_seat, "Computer", f"{COMPUTER_PREFIX}{gid}.{cat_seat}@pbem.test")],
        env.clock(),
    )
    env.service.flush_journal()
    mails = drain(env)
    for a in (ann, bob):
        if _to(mails, a):
            latest[a] = _latest(env, mails, a)
    assert env.service.handle(reply(latest[ann], ann, "PROPOSE END")).reason == "applied"
    assert _steps(env, gid)[-2:] == ["propose", "accept"]  # the computer's
    drain(env)
    assert env.service.handle(reply(latest[bob], bob, "ACCEPT")).reason == "applied"
    rec = env.store.load(gid)
    assert rec.envelope.status == "ended"
    ends = [e.payload for e in rec.entries if isinstance(e.payload, EndLine)]
    assert ends and ends[0].reason.startswith("agreed by vote") and ends[0].scores
    assert env.store.verify(gid).ok


def _tick(env: Env) -> TickReport:
    report = TickReport()
    run_timers(env.service, env.clock, report)
    return report


def test_a_proposal_lapses_after_72_hours_or_when_the_position_changes(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, latest = _game(env)
    ann, bob, _cat = (a for _n, a in PLAYERS)
    assert env.service.handle(reply(latest[ann], ann, "PROPOSE PAUSE 7d")).reason == "applied"
    drain(env)
    env.clock.now += timedelta(hours=71)
    _tick(env)
    assert _steps(env, gid) == ["propose"]
    env.clock.now += timedelta(hours=2)
    _tick(env)
    assert _steps(env, gid) == ["propose", "lapse"]
    mails = drain(env)
    assert any("lapsed" in text_of(m) for m in _to(mails, bob))
    out = env.service.handle(reply(latest[bob], bob, "ACCEPT"))
    assert out.reason == "refused" and "no open proposal" in text_of(drain(env)[0])
    # A new proposal; then a move changes the position: it lapses at the next tick.
    assert env.service.handle(reply(latest[ann], ann, "PROPOSE PAUSE 7d")).reason == "applied"
    drain(env)
    rec = env.store.load(gid)
    d = rec.pending()[0]
    env.store.commit(
        gid,
        rec.seq,
        [ActionEntry(d.seat, text=rec.legal_notations(d.seat)[0], source="gm")],
        env.clock(),
    )
    env.service.flush_journal()
    _tick(env)
    assert _steps(env, gid)[-2:] == ["propose", "lapse"]


def test_an_agreed_pause_resumes_by_itself(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, latest = _game(env)
    ann, bob, cat = (a for _n, a in PLAYERS)
    assert env.service.handle(reply(latest[ann], ann, "PROPOSE PAUSE 2d")).reason == "applied"
    for a in (bob, cat):
        drain(env)
        assert env.service.handle(reply(latest[a], a, "ACCEPT")).reason == "applied"
    rec = env.store.load(gid)
    assert rec.envelope.status == "paused"
    assert isinstance(rec.entries[-1].payload, PauseLine)
    env.clock.now += timedelta(days=2, minutes=-5)
    _tick(env)
    assert env.store.load(gid).envelope.status == "paused"
    env.clock.now += timedelta(minutes=10)
    _tick(env)
    rec = env.store.load(gid)
    assert rec.envelope.status == "active" and isinstance(rec.entries[-1].payload, ResumeLine)
    assert env.store.verify(gid).ok


def test_propose_mistakes_are_answered(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, latest = _game(env)
    mover = _mover_of_last(env, gid)
    other = next(a for _n, a in PLAYERS if a != mover)
    for text, says in (
        ("PROPOSE DRAW", "PROPOSE takes UNDO"),
        ("PROPOSE PAUSE 90d", "at most 30 days"),
        ("PROPOSE UNDO", "your own last move"),
    ):
        out = env.service.handle(reply(latest[other], other, text))
        assert out.reason == "refused", text
        assert says in " ".join(text_of(drain(env)[0]).split()), text
    assert _steps(env, gid) == []
