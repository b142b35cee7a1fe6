"""Issue 25, fifth round: a helper's move toward the door (``BG door``), and the standing order
``BLOCKED PAVILION DOOR``: a slide that is illegal when its time comes is the seat's official's
move toward the pavilion, or when that is refused too, another official's move toward the door
(``RK pavilion or door``). The words, the store's plan with that fallback, and the service: the
order by mail, a plan with the word, and what only the seat's own mail says."""

from __future__ import annotations

from pathlib import Path

from helpers import (
    Env,
    drain,
    make_env,
    played_since,
    reply,
    vs_at_first_move,
    vs_illegal_slide,
)
from test_queued_turns import PLAYERS, _flat, _last_to

import pbem.service.commands  # noqa: F401  (registers the commands' words the grammar reads)
from pbem.rules.base import RuleError, derive_rng
from pbem.service import plans, standing
from pbem.store import ActionEntry


def test_the_words_of_the_order() -> None:
    door = standing.Orders(blocked="door")
    assert standing.parse("BLOCKED PAVILION DOOR", 0, 3) == door
    assert standing.parse("BLOCKED DOOR", 0, 3) == door
    assert standing.parse("BLOQUÉ PAVILLON PORTE", 0, 3) == door
    assert standing.parse("BLOCCATO PADIGLIONE PORTA", 0, 3) == door
    assert standing.parse("BLOCKIERT PAVILLON TÜR", 0, 3) == door
    assert standing.parse("CLAIM BELIEVE BLOCKED PAVILION DOOR", 0, 3) == standing.Orders(
        claim="believe", blocked="door"
    )
    # The order is shown in words, and STANDING OFF asks again.
    said = " ".join(standing.describe(door, ["North", "East", "South"]))
    assert "or when it cannot get nearer, another official's move toward the door" in said
    assert standing.OFF.blocked == "ask"
    never = standing.Orders(blocked="any")
    assert standing.parse("BLOCKED PAVILION DOOR ANY", 0, 3) == never
    assert standing.parse("BLOQUÉ PAVILLON PORTE QUELCONQUE", 0, 3) == never
    assert standing.parse("BLOCCATO PADIGLIONE PORTA QUALSIASI", 0, 3) == never
    assert standing.parse("BLOCKIERT PAVILLON TÜR BELIEBIG", 0, 3) == never
    said = " ".join(standing.describe(never, ["North", "East", "South"]))
    assert "a move of the official farthest from the pavilion; you are not asked" in said


def test_the_sentence_of_a_slide_played_instead() -> None:
    door = plans.echo("RK N; BG E", ["RK N", "YY S"], "", [("BG E", "YY S")], "RK pavilion or door")
    assert "'BG E' could not be played then: YY S was played instead (your official" in door
    assert "or else another official toward the door" in door
    never = plans.echo(
        "RK N; BG E", ["RK N", "KK W"], "", [("BG E", "KK W")], "RK pavilion or door or any"
    )
    assert "KK W was played instead (your standing order BLOCKED PAVILION DOOR ANY)" in never
    own = plans.echo("RK N; BG E", ["RK N", "RK S"], "", [("BG E", "RK S")], "RK pavilion")
    assert "your official's move toward the pavilion was played instead (RK S)" in own


def _where_only_a_helper_goes(env: Env, gid: str, seed: int) -> tuple[int, str, str] | None:
    """Heuristic moves (as the game master's) until the seat to move has an official that
    cannot get nearer to the pavilion while another can get nearer to the door, and a slide
    that is illegal: that seat, its fallback and the illegal slide (None: not in this game)."""
    for step in range(600):
        rec = env.store.load(gid)
        if rec.envelope.status != "active":
            return None
        d = rec.pending()[0]
        game, state = rec.game, rec.state
        if d.kind == "move" and state.move_no == 0 and state.selections[d.seat] >= 0:
            code = game.board.official_code(state.selections[d.seat])
            try:
                game.parse(state, d.seat, f"{code} pavilion")
            except RuleError:
                bad = vs_illegal_slide(rec, d.seat)
                try:
                    game.parse(state, d.seat, f"{code} pavilion or door")
                except RuleError:
                    bad = None
                if bad is not None:
                    return d.seat, f"{code} pavilion or door", bad
        action = game.bots()["heuristic"].choose(game, state, d.seat, derive_rng(seed, step))
        env.store.commit(
            gid, rec.seq, [ActionEntry(d.seat, action=action, source="gm")], env.clock()
        )
    return None


def test_a_queued_slide_illegal_then_is_played_as_a_helper_toward_the_door(
    tmp_path: Path,
) -> None:
    """The store's plan with the fallback ``RK pavilion or door``: where RK cannot get nearer,
    the written slide that is illegal is played as another official's move toward the door, the
    same move as the words read there, and the written slide is kept for the seat's mail."""
    for seed in range(1, 30):
        env = make_env(tmp_path / str(seed))
        gid = vs_at_first_move(env, PLAYERS, seed)
        found = _where_only_a_helper_goes(env, gid, seed)
        if found is None:
            continue
        seat, fallback, bad = found
        rec = env.store.load(gid)
        mine = rec.state.selections[seat]
        want = rec.game.parse(rec.state, seat, fallback)
        assert want.official != mine  # a helper, not the seat's own official
        orders = standing.Orders(blocked="door")
        assert standing.fallback_text(rec, seat, orders) == fallback
        never = standing.Orders(blocked="any")
        assert standing.fallback_text(rec, seat, never) == f"{fallback} or any"
        ctx = rec.game.plan_context(rec.state, seat)
        out = standing.queued_entries(rec, seat, [bad], ctx, None, fallback)
        committed = env.store.commit(gid, rec.seq, out, env.clock())
        acts = [p for p in committed.produced if p.kind == "action"]
        assert acts[0].notation == rec.game.notation(want) and acts[0].instead == bad
        # The log holds the concrete move, never the words.
        raw = (env.data / gid / "log.jsonl").read_text()
        assert "or door" not in raw and " door" not in raw
        return
    raise AssertionError("no seed reached a position where only a helper could go")


def test_the_order_and_the_word_by_mail(tmp_path: Path) -> None:
    """``STANDING BLOCKED PAVILION DOOR`` by mail is applied, said in the seat's own mail and in
    no other's; a reply whose plan holds ``XX door`` plays the move it reads as, and the mail
    and the log name that move."""
    for seed in range(1, 30):
        env = make_env(tmp_path / str(seed))
        gid = vs_at_first_move(env, PLAYERS, seed)
        rec = env.store.load(gid)
        seat = rec.pending()[0].seat
        addr = rec.envelope.active_player(seat).email
        mails = drain(env)
        out = env.service.handle(
            reply(_last_to(mails, addr), addr, "STANDING BLOCKED PAVILION DOOR")
        )
        assert out.reason == "applied", out
        new = drain(env)
        assert "another official's move toward the door" in _flat(_last_to(new, addr))
        for m in new:
            if addr not in str(m["To"]):
                assert "toward the door" not in _flat(m)
        rec = env.store.load(gid)
        assert standing.orders_of(env.store, rec, seat).blocked == "door"
        # A helper's move toward the door, written as the first slide of a reply.
        game, state = rec.game, rec.state
        mine = state.selections[seat]
        helper = None
        for o, c in enumerate(state.positions):
            if o == mine or c < 0:
                continue
            try:
                helper = (
                    game.board.official_code(o),
                    game.parse(state, seat, f"{game.board.official_code(o)} door"),
                )
                break
            except RuleError:
                continue
        if helper is None:
            continue
        code, move = helper
        before = rec.seq
        out = env.service.handle(reply(_last_to(new, addr), addr, f"{code} door"))
        assert out.reason == "applied", out
        rec = env.store.load(gid)
        played = played_since(rec, before, seat)
        assert played[0] == game.notation(move)
        raw = (env.data / gid / "log.jsonl").read_text()
        assert f"{code} door" not in raw
        return
    raise AssertionError("no seed had a helper's move toward the door at the first move")


def test_the_words_by_mail_in_four_languages(tmp_path: Path) -> None:
    """The guides' examples: a queued turn with a helper toward the door, and the order, in the
    four languages; each kept as written (read when played), sealed in the log."""
    env = make_env(tmp_path)
    gid = vs_at_first_move(env, PLAYERS, 2)
    rec = env.store.load(gid)
    seat = (rec.pending()[0].seat + 1) % 3
    addr = rec.envelope.active_player(seat).email
    code = rec.game.board.official_code(rec.state.selections[seat])
    last = _last_to(drain(env), addr)
    for word, pavilion, door in (
        ("NEXT", "pavilion", "door"),
        ("PROCHAIN", "pavillon", "porte"),
        ("PROSSIMO", "padiglione", "porta"),
        ("NAECHSTER", "Pavillon", "Tür"),
    ):
        turn = f"{code} {pavilion}; BG {door}; {code} {pavilion}"
        out = env.service.handle(reply(last, addr, f"{word} {turn}"))
        assert out.reason == "applied", out
        last = _last_to(drain(env), addr)
        assert standing.orders_of(env.store, env.store.load(gid), seat).next == [turn]
    for order in (
        "STANDING BLOCKED PAVILION DOOR",
        "CONSIGNE BLOQUE PAVILLON PORTE",
        "ORDINE BLOCCATO PADIGLIONE PORTA",
        "DAUERAUFTRAG BLOCKIERT PAVILLON TÜR",
    ):
        out = env.service.handle(reply(last, addr, order))
        assert out.reason == "applied", out
        last = _last_to(drain(env), addr)
        assert standing.orders_of(env.store, env.store.load(gid), seat).blocked == "door"
    # The order that never asks: said to the seat alone.
    out = env.service.handle(reply(last, addr, "STANDING BLOCKED PAVILION DOOR ANY"))
    assert out.reason == "applied", out
    new = drain(env)
    assert "farthest from the pavilion; you are not asked" in _flat(_last_to(new, addr))
    assert not [m for m in new if addr not in str(m["To"]) and "farthest" in _flat(m)]
    assert standing.orders_of(env.store, env.store.load(gid), seat).blocked == "any"
    raw = (env.data / gid / "log.jsonl").read_text()
    assert "BG door" not in raw and "PAVILLON PORTE" not in raw and "DOOR" not in raw
