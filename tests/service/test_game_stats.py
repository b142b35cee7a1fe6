"""The statistics of each game: recomputed from the signed export they equal those of the service's
record, and they agree with the engine's own final state.

By default a few games of each; ``PBEM_LONG_TESTS=1`` plays 600 of each game (docs/STANDINGS.md).
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from longtests import LONG

from pbem.rules.base import derive_rng, json_list
from pbem.rules.forbidden_city.state import State as FCState
from pbem.rules.forbidden_city.tiles import tile
from pbem.rules.verbotene_stadt.state import State as VSState
from pbem.standings.stats import FIELDS, game_stats
from pbem.store import ActionEntry, Keyring, Store
from pbem.store.shuffle import verified_export

_N = os.environ.get("PBEM_STATS_GAMES")
GAMES = (
    dict.fromkeys(("forbidden-city", "verbotene-stadt"), int(_N))
    if _N
    else {"forbidden-city": 600, "verbotene-stadt": 600}
    if LONG
    else {"forbidden-city": 3, "verbotene-stadt": 1}
)
"""Games of each game: a few by default; ``PBEM_LONG_TESTS=1`` 600; ``PBEM_STATS_GAMES=N`` N."""


def _finished(store: Store, game: str, n: int, seed: int, now: datetime) -> str:
    gid = store.create(game, [(f"P{i}", f"p{i}@example.org") for i in range(n)], {}, seed, now)
    i = 0
    rec = store.load(gid)
    bots = rec.game.bots()
    bot = (
        bots["random"]
        if seed % 3 == 0 and "greedy" in bots
        else bots.get("greedy") or bots["heuristic"]
    )
    while rec.envelope.status == "active":
        d = rec.pending()[0]
        action = bot.choose(rec.game, rec.state, d.seat, derive_rng(seed, "stats", i))
        now += timedelta(seconds=1)
        rec = store.commit(gid, rec.seq, [ActionEntry(d.seat, action=action)], now)
        i += 1
    return gid


@pytest.mark.parametrize("game", ["forbidden-city", "verbotene-stadt"])
def test_statistics_equal_a_recomputation_from_the_records(game: str, tmp_path: Path) -> None:
    keyring = Keyring.create(tmp_path / "keys", data_dir=tmp_path / "games")
    store = Store(tmp_path / "games", keyring, fsync=False)
    key = keyring.public_key_text()
    now = datetime(2026, 11, 1, tzinfo=UTC)
    for k in range(GAMES[game]):
        n = 2 + k % 3
        gid = _finished(store, game, n, k, now)
        rec = store.load(gid)
        stats = game_stats(list(rec.entries))
        assert [sorted(s) for s in stats] == [sorted(FIELDS[game])] * n
        export = tmp_path / f"{gid}.tar.gz"
        store.export(gid, export)
        report, entries = verified_export(export, key)
        assert report.ok and report.replayed
        assert game_stats(entries) == stats
        export.unlink()
        state = rec.state
        if isinstance(state, FCState):
            result = rec.game.result(state)
            assert result is not None
            for s in range(n):
                assert stats[s]["coins_own_rooms"] + stats[s]["coins_other_rooms"] == state.coins[s]
                assert stats[s]["end_bonus"] == json_list(result.detail["end_bonus"])[s]
                assert stats[s]["set_aside"] == sum(1 for seat, _ in state.set_aside if seat == s)
                mine = [h[1] for h in state.history if h[0] == s]
                assert stats[s]["dragons"] == sum(tile(t).dragons for t in mine)
                assert stats[s]["advisors"] == sum(tile(t).advisors for t in mine)
            assert sum(s["rooms_closed"] for s in stats) > 0
        else:
            assert isinstance(state, VSState)
            assert sum(s["entries"] for s in stats) == len(state.exiled)
            assert sum(s["bluffs_called"] for s in stats) <= sum(s["bluffs_made"] for s in stats)
            assert all(s["bribes_paid"] >= 1 for s in stats)
