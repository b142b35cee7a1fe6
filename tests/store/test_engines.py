"""The store with the two real engines, played by their bots through commit (as the mail loop does)."""

from __future__ import annotations

from typing import Any

from store_helpers import PLAYERS, T0, Clock

from pbem.rules import find_game
from pbem.rules.base import derive_rng
from pbem.store import ActionEntry, End, Store, verify_shuffle
from pbem.store.payloads import ActionLine, RevealLine


def bot_moves(store: Store, gid: str, clock: Clock, limit: int) -> Any:
    rec = store.load(gid)
    game = rec.game
    bot = game.bots()["random"]
    for n in range(limit):
        pending = rec.pending()
        if not pending:
            break
        d = pending[n % len(pending)]  # several seats may owe a decision at once
        action = bot.choose(game, rec.state, d.seat, derive_rng(99, "bot", n))
        rec = store.commit(
            gid, rec.seq, [ActionEntry(d.seat, action=action, source="bot")], clock()
        )
    return rec


def test_forbidden_city_whole_game_by_bots(store: Store, clock: Clock) -> None:
    gid = store.create("forbidden-city", PLAYERS[:2], {"side": "advanced"}, 1234, T0)
    rec = bot_moves(store, gid, clock, 500)
    assert rec.envelope.status == "ended" and rec.envelope.result is not None
    result = find_game("forbidden-city").result(rec.state)
    assert result is not None and rec.envelope.result.scores == list(result.scores)
    assert store.verify(gid).ok
    assert verify_shuffle(store.load(gid)).ok


def test_verbotene_stadt_secret_choices_are_sealed_then_revealed(
    store: Store, clock: Clock
) -> None:
    gid = store.create("verbotene-stadt", PLAYERS, {}, 77, T0)
    rec = bot_moves(store, gid, clock, 40)
    secret = [
        store._site.exact(gid, e)
        for e in rec.entries
        if isinstance(e.payload, ActionLine) and e.payload.sealed is not None
    ]
    assert secret, "the bots made no secret choice in 40 moves"
    files = b"".join(p.read_bytes() for p in (store.data_dir / gid).iterdir() if p.is_file())
    for exact in secret:
        assert exact is not None and f'"{exact}"'.encode() not in files
    assert store.verify(gid).ok
    rec = store.commit(gid, rec.seq, [End(reason="test")], clock())
    assert rec.entries[-1].kind == "reveal"
    reveal = rec.entries[-1].payload
    assert isinstance(reveal, RevealLine)
    assert sorted(reveal.notations.values()) == sorted(s for s in secret if s)
    report = verify_shuffle(rec)
    assert report.ok, report
    assert store.verify(gid).ok
