"""The round trip (benchmarks/bench_gamefiles.py): bot games written by the store's own line
writer; each record, opened as ``pbem play --from`` does, gives the service's final position and
scores, the turn files give exactly the service's legal moves, and the statistics recomputed
from the record equal the service's (issue 29).

By default a dozen games (six of each; Die Verbotene Stadt ended by the game master after 150
decisions, its random-bot games run to thousands); ``PBEM_LONG_TESTS=1`` plays 600 of each to the
end (about 15 minutes of CPU for Die Verbotene Stadt; ``bench_gamefiles.py --jobs N`` plays the
same checks in N processes)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from longtests import LONG

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from bench_gamefiles import play_one  # noqa: E402

from pbem.store import Keyring, Store  # noqa: E402


@pytest.mark.slow  # out of the fast lane (the full suite runs it)
@pytest.mark.parametrize("name", ["forbidden-city", "verbotene-stadt"])
def test_records_and_turn_files_round_trip(tmp_path: Path, name: str) -> None:
    ring = Keyring.create(tmp_path / "keys")
    store = Store(tmp_path / "games", ring, fsync=False)
    rng = random.Random(26)
    games = 600 if LONG else 6
    cap = None if LONG or name == "forbidden-city" else 150
    players = set()
    for _ in range(games):
        r = play_one(
            store,
            name,
            rng,
            10,
            10 if name == "forbidden-city" else 50,
            ring.public_key_text(),
            cap,
        )
        assert r["mismatch"] == []
        assert r["turn_files"] > 0 and r["positions"] > 0
        players.add(r["n"])
    assert players == {2, 3, 4} or games < 20
