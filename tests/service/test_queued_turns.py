"""Issue 25, fourth round: a queue that lasts more than one turn (``NEXT RK N; BG E NEXT RK
pavilion``) and a queued or planned slide that is illegal when its time comes played as the
seat's official's move toward the pavilion (``STANDING BLOCKED PAVILION``), through the service;
the words, the sealed orders and the store's plan with a fallback as units."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import msgspec
import pytest
from helpers import (
    Env,
    drain,
    make_env,
    played_since,
    reply,
    text_of,
    vs_at_first_move,
    vs_illegal_slide,
)

import pbem.service.commands  # noqa: F401  (registers the commands' words the grammar reads)
from pbem.rules.base import RuleError, derive_rng
from pbem.service import standing
from pbem.store import ActionEntry, Plan
from pbem.store.payloads import ActionLine

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]


def _at_first_move(env: Env, seed: int) -> str:
    return vs_at_first_move(env, PLAYERS, seed)


def _last_to(mails: list[EmailMessage], addr: str) -> EmailMessage:
    return [m for m in mails if addr in str(m["To"])][-1]


def _flat(m: EmailMessage) -> str:
    return " ".join(text_of(m).split())


def test_the_words_of_several_turns() -> None:
    turns = standing.next_turns("RK N; BG E NEXT RK pavilion ELSE CB S")
    assert turns == [["RK N; BG E"], ["RK pavilion", "CB S"]]
    assert standing.next_turns("RK N PROCHAIN RK vers le pavillon") == [
        ["RK N"],
        ["RK vers le pavillon"],
    ]
    assert standing.next_turns("RK N; NAECHSTER RK zum Pavillon PROSSIMO BG E") == [
        ["RK N"],
        ["RK zum Pavillon"],
        ["BG E"],
    ]
    assert standing.next_alternatives("M9 R1 ELSE P10 R0") == ["M9 R1", "P10 R0"]
    assert standing.next_turns("OFF") == []
    change = standing.parse("BLOCKED PAVILION", 0, 3)
    assert change == standing.Orders(blocked="pavilion")
    assert standing.parse("BLOQUÉ PAVILLON", 0, 3) == change
    assert standing.parse("BLOCCATO PADIGLIONE", 0, 3) == change
    assert standing.parse("BLOCKIERT ASK", 0, 3) == standing.Orders(blocked="ask")
    assert standing.OFF.blocked == "ask"


@pytest.mark.parametrize("seed", [3, 4, 5, 6])
def test_a_queued_turn_after_the_next_and_the_fallback_as_units(tmp_path: Path, seed: int) -> None:
    env = make_env(tmp_path)
    gid = _at_first_move(env, seed)
    rec = env.store.load(gid)
    seat = rec.pending()[0].seat
    legal = [m for m in rec.legal_notations(seat) if "claim" not in m and "reveal" not in m]
    ctx = rec.game.plan_context(rec.state, seat)
    out = standing.queued_entries(rec, seat, [legal[0]], ctx, [["RK N"], ["BG E"]])
    head = msgspec.json.decode(out[0].change, type=standing.Orders)  # type: ignore[union-attr]
    assert head == standing.Orders(next=["RK N"], later=[["BG E"]], guard=ctx)
    assert isinstance(out[1], ActionEntry) and out[1].text == legal[0]
    # None legal: the queue is emptied (the later turns too), the turn mail goes out.
    bad = vs_illegal_slide(rec, seat)
    assert bad is not None
    out = standing.queued_entries(rec, seat, [bad], ctx, [["RK N"]])
    assert len(out) == 1
    assert msgspec.json.decode(out[0].change, type=standing.Orders).next == []  # type: ignore[union-attr]
    # With the fallback: the written turn, played from its fallback.
    mine = rec.state.selections[seat]
    fallback = f"{rec.game.board.official_code(mine)} pavilion"
    orders = standing.Orders(blocked="pavilion")
    assert standing.fallback_text(rec, seat, orders) == fallback
    assert standing.fallback_text(rec, seat, standing.Orders()) == ""
    try:
        toward = rec.game.notation(rec.game.parse(rec.state, seat, fallback))
    except RuleError:
        return  # the seat's official cannot get nearer here (another seed can)
    out = standing.queued_entries(rec, seat, [f"{bad}; {legal[0]}"], ctx, None, fallback)
    assert isinstance(out[1], Plan) and out[1].texts == (bad, legal[0])
    committed = env.store.commit(gid, rec.seq, out, env.clock())
    acts = [p for p in committed.produced if p.kind == "action"]
    assert acts[0].notation == toward and acts[0].instead == bad


def test_a_slide_illegal_when_played_is_played_toward_the_pavilion(tmp_path: Path) -> None:
    """With ``STANDING BLOCKED PAVILION`` a plan's slide that is illegal after the die is the
    seat's official's move toward the pavilion, the plan goes on, and the mail says so."""
    seen = 0
    for seed in range(1, 40):
        env = make_env(tmp_path / str(seed))
        gid = _at_first_move(env, seed)
        rec = env.store.load(gid)
        seat = rec.pending()[0].seat
        addr = rec.envelope.active_player(seat).email
        mails = drain(env)
        out = env.service.handle(reply(_last_to(mails, addr), addr, "STANDING BLOCKED PAVILION"))
        assert out.reason == "applied", out
        mails = drain(env)
        assert "toward the active pavilion instead" in _flat(_last_to(mails, addr))
        rec = env.store.load(gid)
        quiet = [m for m in rec.legal_notations(seat) if "claim" not in m and "reveal" not in m]
        bad = vs_illegal_slide(rec, seat)
        if bad is None:
            continue
        before = rec.seq
        out = env.service.handle(reply(_last_to(mails, addr), addr, f"{quiet[0]}; {bad}"))
        assert out.reason == "applied", out
        rec = env.store.load(gid)
        played = played_since(rec, before, seat)
        if len(played) < 2 or played[1] == bad:
            continue  # the die ended the turn, or the slide became legal
        code = rec.game.board.official_code(rec.state.selections[seat])
        assert played[1].startswith(code)
        text = _flat(_last_to(drain(env), addr))
        assert f"'{bad}' could not be played then" in text and f"({played[1]})" in text
        seen += 1
        if seen == 2:
            break
    assert seen == 2


def test_several_turns_queued_are_played_one_a_turn(tmp_path: Path) -> None:
    """``NEXT A NEXT B``: A at the seat's next turn, then B at the one after, without a reply;
    the seat's mails say what is queued for which turn and what the queue played."""
    for seed in range(1, 40):
        env = make_env(tmp_path / str(seed))
        gid = _at_first_move(env, seed)
        rec = env.store.load(gid)
        mover = rec.pending()[0].seat
        seat = (mover + 1) % 3
        addr = rec.envelope.active_player(seat).email
        code = rec.game.board.official_code(rec.state.selections[seat])
        mails = drain(env)
        line = f"NEXT {code} pavilion NEXT {code} pavilion; {code} pavilion"
        out = env.service.handle(reply(_last_to(mails, addr), addr, line))
        assert out.reason == "applied", out
        mails += drain(env)
        notice = _flat(_last_to(mails, addr))
        assert f"Queued for your next turn: {code} pavilion." in notice
        assert f"Queued for your turn 2 from now: {code} pavilion; {code} pavilion." in notice
        rec = env.store.load(gid)
        orders = standing.orders_of(env.store, rec, seat)
        assert orders.next == [f"{code} pavilion"]
        assert orders.later == [[f"{code} pavilion; {code} pavilion"]]
        raw = (env.data / gid / "log.jsonl").read_text()
        assert f"{code} pavilion" not in raw  # sealed
        turns = _play_others(env, gid, seat, seed, 2, mails)
        if turns is None:
            continue
        first, second = turns
        # Each queued turn played without a reply of the seat; the second left nothing queued.
        assert first and second
        rec = env.store.load(gid)
        orders = standing.orders_of(env.store, rec, seat)
        assert not orders.next and not orders.later
        assert orders.played and orders.played[0][0] == second[0]
        # Never in another seat's mail.
        for m in mails:
            if addr not in str(m["To"]):
                assert "Queued for your" not in _flat(m) and "from your queue" not in _flat(m)
        return
    pytest.fail("no seed played two queued turns")


def _play_others(
    env: Env, gid: str, seat: int, seed: int, turns: int, mails: list[EmailMessage]
) -> list[list[str]] | None:
    """Every other seat answers its mails with the heuristic bot's moves, one by one, until
    ``seat`` has had ``turns`` turns played from its queue: the moves of each (None: the seat
    was asked for something, so the queue did not carry it)."""
    out: list[list[str]] = []
    for step in range(400):
        rec = env.store.load(gid)
        if rec.envelope.status != "active":
            return None
        d = rec.pending()[0]
        if len(out) == turns and d.seat != seat:
            break
        addr = rec.envelope.active_player(d.seat).email
        bot = rec.game.bots()["heuristic"]
        action = bot.choose(rec.game, rec.state, d.seat, derive_rng(seed, step))
        before = rec.seq
        if d.seat == seat:
            if rec.state.move_no == 0 and not rec.state.bonus_move:
                return None  # asked at a turn's start: the queue did not carry it
            # The rest of a turn the queue began (its plan ran out, the dice let it go on):
            # answered by the game master, so no reply of the seat cancels the queue.
            env.store.commit(
                gid, rec.seq, [ActionEntry(seat, action=action, source="gm")], env.clock()
            )
            env.service.notify(gid)
            mails += drain(env)
            continue
        res = env.service.handle(reply(_last_to(mails, addr), addr, rec.game.notation(action)))
        assert res.reason == "applied", res
        mails += drain(env)
        rec = env.store.load(gid)
        mine = [
            e.payload
            for e in rec.entries
            if e.seq > before and isinstance(e.payload, ActionLine) and e.payload.seat == seat
        ]
        if mine:
            out.append([p.notation for p in mine])
            if len(out) == 1:
                orders = standing.orders_of(env.store, rec, seat)
                if orders.next:
                    note = _flat(_last_to(mails, rec.envelope.active_player(seat).email))
                    assert "Played from your queue at your last turn: " in note
                    assert "Queued for your next turn:" in note
    return out if len(out) == turns else None


def test_next_off_or_any_reply_cancels_the_later_turns_too(tmp_path: Path) -> None:
    queued = standing.Orders(next=["RK N"], later=[["BG E"]], guard="2", played=[["RK S"]])
    cleared = queued.merged(standing.CLEAR_NEXT)
    assert not cleared.next and not cleared.later and not cleared.played
    # Through the service: any other reply of the seat empties the whole queue.
    env = make_env(tmp_path)
    gid = _at_first_move(env, 2)
    rec = env.store.load(gid)
    seat = (rec.pending()[0].seat + 1) % 3
    addr = rec.envelope.active_player(seat).email
    a, b, c = (f"{rec.game.board.official_code(o)} {d}" for o, d in ((0, "N"), (1, "E"), (2, "S")))
    mails = drain(env)
    out = env.service.handle(reply(_last_to(mails, addr), addr, f"NEXT {a} NEXT {b} NEXT {c}"))
    assert out.reason == "applied", out
    mails += drain(env)
    orders = standing.orders_of(env.store, env.store.load(gid), seat)
    assert orders.next == [a] and orders.later == [[b], [c]]
    out = env.service.handle(reply(_last_to(mails, addr), addr, "STANDING CLAIM BELIEVE"))
    assert out.reason == "applied", out
    orders = standing.orders_of(env.store, env.store.load(gid), seat)
    assert not orders.next and not orders.later and orders.claim == "believe"
