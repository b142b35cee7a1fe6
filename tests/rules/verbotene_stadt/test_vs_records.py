"""Recorded games (records/*.json) replayed from their text: a change of rules shows as a diff."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from pbem.rules.base import derive_rng
from pbem.rules.verbotene_stadt import GAME

RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_record_replays_to_the_same_end(path: Path) -> None:
    rec = json.loads(path.read_text(encoding="utf-8"))
    state = GAME.setup(rec["players"], rec["options"], rec["seed"])
    for seq, (seat, text) in enumerate(rec["actions"]):
        action = GAME.parse(state, seat, text)
        state, _ = GAME.apply(state, seat, action, derive_rng(rec["seed"], "apply", seq))
    assert GAME.pending(state) == []
    result = GAME.result(state)
    assert result is not None
    assert list(result.scores) == rec["result"]["scores"]
    assert list(result.winners) == rec["result"]["winners"]
    assert hashlib.sha256(GAME.encode_state(state)).hexdigest() == rec["state_sha256"]
