"""A game started under older rules keeps them after pbem is upgraded.

``fixtures/vs-before-rulings`` is a Die Verbotene Stadt game of 3 heuristic bots, 214 log lines,
made by pbem at commit 08d6f17, before the house rulings of 2026-11-22 (its log holds an
``extra-turn``: a successful bluff's whole new turn). Its setup line names no ``rulings`` option,
so it replays under the first rulings (``OptionSpec.unrecorded``); its snapshot was encoded before
the state had the ``rulings`` and ``bonus_move`` fields.
"""

from __future__ import annotations

import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import msgspec

from pbem.rules.base import derive_rng
from pbem.rules.verbotene_stadt.state import RULINGS_BEFORE, RULINGS_NOW, State
from pbem.store import ActionEntry, Keyring, Store

FIXTURE = Path(__file__).parent / "fixtures" / "vs-before-rulings"
GID = "vs-bacn"


def _copy(tmp_path: Path) -> Store:
    shutil.copytree(FIXTURE, tmp_path / "old")
    for p in (tmp_path / "old").rglob("*"):
        p.chmod(0o700 if p.is_dir() else 0o600)
    (tmp_path / "old").chmod(0o700)
    return Store(tmp_path / "old" / "games", Keyring.load(tmp_path / "old" / "keys"))


def test_an_old_game_verifies_under_the_rules_it_started_with(tmp_path: Path) -> None:
    store = _copy(tmp_path)
    report = store.verify(GID)
    assert report.ok and report.replayed, str(report)
    assert any("older engine encoding" in w for w in report.warnings), report.warnings
    rec = store.load(GID)
    assert isinstance(rec.state, State) and rec.state.rulings == RULINGS_BEFORE
    assert "rulings" not in rec.envelope.options  # the setup line is as it was written


def test_an_old_game_goes_on_under_its_rules_and_still_verifies(tmp_path: Path) -> None:
    store = _copy(tmp_path)
    now = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
    fate = []
    for i in range(5000):
        rec = store.load(GID)
        if rec.envelope.status != "active":
            break
        d = rec.pending()[0]
        action = rec.game.bots()["heuristic"].choose(
            rec.game, rec.state, d.seat, derive_rng(i, "old-game")
        )
        now += timedelta(minutes=1)
        rec = store.commit(GID, rec.seq, [ActionEntry(d.seat, action=action, source="gm")], now)
        fate += [e.data for p in rec.produced for e in p.events if e.kind == "fate-die"]
    assert store.load(GID).envelope.status == "ended"
    assert fate and all("seat" not in f for f in fate), "the old rules' event shapes"
    report = store.verify(GID)
    assert report.ok and report.replayed, str(report)
    assert not any("older engine encoding" in w for w in report.warnings)


def test_a_snapshot_that_holds_another_position_is_still_refused(tmp_path: Path) -> None:
    """Comparing an older snapshot by what it holds must not let an altered one through: a
    snapshot signed with the service's own key (as someone holding the keys could write it) whose
    state differs from the replay's in one field is refused."""
    store = _copy(tmp_path)
    _, fold = store._loader.open(GID, verify=True, full=False)
    assert isinstance(fold.state, State)
    fold.state = msgspec.structs.replace(fold.state, rulings=RULINGS_NOW)
    store._files.states.clear()
    store._files.write_snapshot(tmp_path / "old" / "games" / GID, fold, index=False)
    store = Store(tmp_path / "old" / "games", Keyring.load(tmp_path / "old" / "keys"))
    report = store.verify(GID)
    assert not report.ok
    assert "snapshot differs from the replay" in str(report.error)
