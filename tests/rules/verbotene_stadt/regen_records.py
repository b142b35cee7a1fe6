"""Regenerate records/*.json from their bot games after a deliberate change of the rules.

    PYTHONPATH=. python tests/rules/verbotene_stadt/regen_records.py

Each record keeps its game (players, options, seed, bots); the actions, result and state hash are
played again with :func:`vs_helpers.play_bots`, the tool that made them. Review the diff.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from vs_helpers import play_bots  # noqa: E402

from pbem.rules.verbotene_stadt import GAME  # noqa: E402

RECORDS = Path(__file__).parent / "records"
BOTS = {"bots-2p.json": ["heuristic"]}
"""The bots that played each record (the records were made before they named them)."""


def regenerate(path: Path) -> None:
    rec = json.loads(path.read_text(encoding="utf-8"))
    bots = rec.get("bots") or BOTS[path.name]
    state, log = play_bots(rec["players"], rec["seed"], bots, options=rec["options"])
    assert GAME.pending(state) == [], f"{path.name}: the game did not end"
    result = GAME.result(state)
    assert result is not None
    rec["actions"] = [[seat, GAME.notation(action)] for seat, action, _ in log]
    rec["result"] = {"scores": list(result.scores), "winners": list(result.winners)}
    rec["state_sha256"] = hashlib.sha256(GAME.encode_state(state)).hexdigest()
    path.write_text(json.dumps(rec, indent=0, ensure_ascii=False), encoding="utf-8")
    print(f"{path.name}: {len(log)} actions, scores {list(result.scores)}")


if __name__ == "__main__":
    for p in sorted(RECORDS.glob("*.json")):
        regenerate(p)
