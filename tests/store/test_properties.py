"""Properties over random sequences of commits: whatever the GM and the players do, the log replays
to the same envelope, state and snapshot bytes, and verifies."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

import toygame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import PLAYERS, T0, Clock

from pbem.errors import CommandError, ConflictError, GameStopped
from pbem.store import (
    ActionEntry,
    End,
    Keyring,
    MessageHandled,
    Pause,
    Replace,
    Resume,
    SetDeadline,
    Store,
    Undo,
    ViewAccess,
)

OPS = st.lists(
    st.one_of(
        st.tuples(st.just("move"), st.integers(0, 3)),
        st.tuples(st.just("undo"), st.just(0)),
        st.tuples(st.just("pause"), st.just(0)),
        st.tuples(st.just("resume"), st.just(0)),
        st.tuples(st.just("replace"), st.integers(0, 2)),
        st.tuples(st.just("view"), st.integers(0, 2)),
        st.tuples(st.just("deadline"), st.integers(0, 3)),
        st.tuples(st.just("message"), st.integers(0, 5)),
        st.tuples(st.just("end"), st.just(0)),
    ),
    max_size=25,
)

_KEYS_DIR = tempfile.mkdtemp(prefix="pbem-prop-keys-")
atexit.register(shutil.rmtree, _KEYS_DIR, True)
_KEYS = Keyring.create(Path(_KEYS_DIR))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=OPS, seed=st.integers(0, 2**64))
def test_any_history_replays_to_identical_files(ops: list[tuple[str, int]], seed: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "games", _KEYS, fsync=False)
        clock = Clock()
        gid = store.create("toy-draw", PLAYERS, {"deck": "24"}, seed, T0)
        rec = store.load(gid)
        for n, (op, arg) in enumerate(ops):
            entry: object
            if op == "move":
                pending = rec.pending()
                if not pending:
                    continue
                seat = pending[0].seat
                moves = sorted(
                    toygame.GAME.notation(a) for a in toygame.GAME.legal(rec.state, seat)
                )
                entry = ActionEntry(seat, text=moves[arg % len(moves)], message_id=f"<m{n}@x>")
            elif op == "undo":
                entry = Undo()
            elif op == "pause":
                entry = Pause()
            elif op == "resume":
                entry = Resume()
            elif op == "replace":
                entry = Replace(arg, f"P{n}", f"p{n}@example.org")
            elif op == "view":
                entry = ViewAccess(arg)
            elif op == "deadline":
                entry = SetDeadline(
                    ["move", "*"][arg % 2], seconds=None if arg > 1 else 3600 * (arg + 1)
                )
            elif op == "message":
                entry = MessageHandled(f"<h{arg}@x>", None, "help")
            else:
                entry = End()
            try:
                rec = store.commit(gid, rec.seq, [entry], clock())  # type: ignore[list-item]
            except (CommandError, GameStopped):
                continue
            except ConflictError as exc:  # a repeated Message-ID: the ledger works
                assert "already applied" in str(exc)
        report = store.verify(gid)
        assert report.ok, report
        snap = store.data_dir / gid / "state.json"
        written = snap.read_bytes()
        snap.unlink()
        again = Store(store.data_dir, _KEYS, fsync=False).load(gid)
        assert snap.read_bytes() == written
        assert again.envelope == rec.envelope and again.state == rec.state
