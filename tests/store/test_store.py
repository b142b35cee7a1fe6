"""The store's mechanics with the toy game: commit, load, the envelope, admin events, the ledger."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import toygame
from store_helpers import PLAYERS, T0, Clock, engine_only, play

from pbem.errors import (
    CommandError,
    ConflictError,
    GameStopped,
    IllegalMove,
    NotYourDecision,
    StoreError,
)
from pbem.rules.base import derive_rng, json_str
from pbem.store import (
    ActionEntry,
    End,
    MessageHandled,
    Pause,
    Replace,
    Resume,
    SetDeadline,
    Store,
    Undo,
    ViewAccess,
    verify_shuffle,
)
from pbem.store.fold import seed_commitment
from pbem.store.payloads import ActionLine, UndoLine


def new(
    store: Store, seed: int = 7, deck: str = "8", players: list[tuple[str, str]] | None = None
) -> str:
    return store.create("toy-draw", players or PLAYERS[:2], {"deck": deck}, seed, T0)


def test_create_writes_setup_and_snapshot(store: Store) -> None:
    gid = new(store)
    assert gid.startswith("td-") and len(gid) == 7
    assert store.game_ids() == [gid]
    gdir = store.data_dir / gid
    assert sorted(p.name for p in gdir.iterdir()) == ["checkpoint.json", "log.jsonl", "state.json"]
    line = json.loads((gdir / "log.jsonl").read_text().splitlines()[0])
    assert line["seq"] == 1 and line["kind"] == "setup" and line["prev"] == "0" * 64
    assert line["payload"]["sealed_seed"].startswith("siv1:")
    rec = store.load(gid)
    assert rec.seq == 1 and rec.envelope.status == "active"
    assert rec.envelope.players[1].email == "bob@example.org"
    assert rec.envelope.seed_commitment == line["payload"]["seed_commitment"]
    assert rec.state == toygame.GAME.setup(2, {"deck": "8"}, 7)
    assert store.verify(gid).ok


def test_create_refuses_bad_input(store: Store) -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        store.create("toy-draw", PLAYERS[:1], {}, 1, T0)
    with pytest.raises(ValueError, match="different email"):
        store.create("toy-draw", [("A", "x@example.org"), ("B", "X@example.org")], {}, 1, T0)
    with pytest.raises(ValueError, match="deck"):
        store.create("toy-draw", PLAYERS[:2], {"deck": "7"}, 1, T0)
    with pytest.raises(KeyError, match="unknown game"):
        store.create("chess", PLAYERS[:2], {}, 1, T0)


def test_whole_game_matches_engine_replay(store: Store, clock: Clock) -> None:
    gid = new(store, seed=99, deck="24", players=PLAYERS)
    rec = play(store, gid, clock)
    notations, final = engine_only(99, 3, {"deck": "24"})
    assert rec.state == final
    assert rec.envelope.status == "ended"
    result = toygame.GAME.result(final)
    assert result is not None
    assert rec.envelope.result is not None and rec.envelope.result.scores == list(result.scores)
    assert rec.envelope.revealed_seed == 99
    assert rec.envelope.moves == len(notations)
    kinds = [e.kind for e in rec.entries]
    assert kinds[0] == "setup" and kinds[-2:] == ["end", "reveal"]
    report = store.verify(gid)
    assert report.ok and report.replayed, report
    shuffle = verify_shuffle(store.load(gid))
    assert shuffle.ok and shuffle.actions_checked == len(notations), shuffle
    with pytest.raises(GameStopped):
        store.commit(gid, rec.seq, [ActionEntry(0, text="PLAY x", source="gm")], clock())


def test_commit_returns_private_and_public_events(store: Store, clock: Clock) -> None:
    gid = new(store)
    rec = store.load(gid)
    rec = store.commit(
        gid,
        1,
        [ActionEntry(0, text=toygame.first_legal(rec.state, 0), message_id="<m1@x>")],
        clock(),
    )
    (p,) = rec.produced
    assert p.kind == "action" and p.seat == 0 and p.seq == 2
    private = [e for e in p.events if e.visible_to is not None]
    assert private and private[0].kind == "drew" and private[0].visible_to == 0
    line = (store.data_dir / gid / "log.jsonl").read_text().splitlines()[1]
    assert json_str(private[0].data["card"]) not in line  # the drawn card is never written in clear
    assert rec.envelope.applied_message_ids == ["<m1@x>"]
    assert rec.envelope.moves == 1
    assert store.load(gid).envelope == rec.envelope


def test_secret_notation_is_sealed_and_revealed_at_end(store: Store, clock: Clock) -> None:
    gid = new(store)
    rec = store.load(gid)
    assert isinstance(rec.state, toygame.ToyState)
    card = rec.state.hands[0][0]
    rec = store.commit(gid, 1, [ActionEntry(0, text=f"HIDE {card}", source="gm")], clock())
    log = (store.data_dir / gid / "log.jsonl").read_text()
    assert card not in log
    assert rec.history[-1].data["notation"] == "HIDE" and "sealed" not in rec.history[-1].data
    rec = store.commit(gid, rec.seq, [End(reason="gm")], clock())
    reveal = json.loads((store.data_dir / gid / "log.jsonl").read_text().splitlines()[-1])
    assert reveal["kind"] == "reveal" and reveal["payload"]["notations"] == {"2": f"HIDE {card}"}
    assert (
        seed_commitment(reveal["payload"]["seed"], reveal["payload"]["nonce"])
        == rec.envelope.seed_commitment
    )


def test_illegal_and_out_of_turn_moves_write_nothing(store: Store, clock: Clock) -> None:
    gid = new(store)
    before = (store.data_dir / gid / "log.jsonl").read_bytes()
    with pytest.raises(IllegalMove, match="do not hold"):
        store.commit(gid, 1, [ActionEntry(0, text="PLAY tok000000", source="gm")], clock())
    with pytest.raises(NotYourDecision):
        store.commit(gid, 1, [ActionEntry(1, text="PLAY tok000000", source="gm")], clock())
    # Two moves in one commit where the second is out of turn: all or nothing.
    rec = store.load(gid)
    good = toygame.first_legal(rec.state, 0)
    with pytest.raises(NotYourDecision):
        store.commit(gid, 1, [ActionEntry(0, text=good), ActionEntry(0, text=good)], clock())
    assert (store.data_dir / gid / "log.jsonl").read_bytes() == before


def test_stale_sequence_number_is_a_conflict(store: Store, clock: Clock) -> None:
    gid = new(store)
    play(store, gid, clock, moves=1)
    with pytest.raises(ConflictError, match="at seq 2"):
        store.commit(gid, 1, [Pause()], clock())


def test_message_ledger_is_exactly_once(store: Store, clock: Clock) -> None:
    gid = new(store)
    rec = store.commit(gid, 1, [MessageHandled("<help@x>", 1, "help")], clock())
    assert rec.envelope.has_message("<help@x>") and rec.envelope.moves == 0
    with pytest.raises(ConflictError, match="already applied"):
        store.commit(gid, rec.seq, [MessageHandled("<help@x>", 1, "help")], clock())
    text = toygame.first_legal(rec.state, 0)
    with pytest.raises(ConflictError, match="already applied"):
        store.commit(gid, rec.seq, [ActionEntry(0, text=text, message_id="<help@x>")], clock())
    assert store.verify(gid).ok


def test_undo_reverts_and_keeps_history(store: Store, clock: Clock) -> None:
    gid = new(store, deck="24")
    rec = play(store, gid, clock, moves=3)
    before_third = store.replay(gid, 3).state
    rec = store.commit(gid, rec.seq, [Undo(reason="phoned in by mistake")], clock())
    assert rec.state == before_third
    assert [e.kind for e in rec.entries][-2:] == ["action", "undo"]
    undone = rec.entries[-2].payload
    assert isinstance(undone, ActionLine)
    assert rec.entries[-1].payload == UndoLine(
        notation=undone.notation,
        reason="phoned in by mistake",
        seat=undone.seat,
        source="gm",
        undone=4,
    )
    assert rec.envelope.moves == 4  # monotonic: 3 moves + 1 undo
    # A fresh load starts from the snapshot; undo then needs (and gets) a replay from the setup.
    rec = store.commit(gid, rec.seq, [Undo()], clock())
    assert rec.state == store.replay(gid, 2).state
    rec = play(store, gid, clock, moves=2)
    assert store.verify(gid).ok
    with pytest.raises(CommandError, match="no move left"):
        s = store.load(gid)
        for _ in range(10):
            s = store.commit(gid, s.seq, [Undo()], clock())


def test_admin_events(store: Store, clock: Clock) -> None:
    gid = new(store)
    rec = store.commit(gid, 1, [Pause(reason="holiday")], clock())
    assert rec.envelope.status == "paused"
    with pytest.raises(GameStopped, match="paused"):
        store.commit(
            gid, rec.seq, [ActionEntry(0, text=toygame.first_legal(rec.state, 0))], clock()
        )
    with pytest.raises(CommandError, match="only an active game"):
        store.commit(gid, rec.seq, [Pause()], clock())
    rec = store.commit(gid, rec.seq, [Resume()], clock())
    assert rec.envelope.status == "active"
    rec = store.commit(gid, rec.seq, [Replace(1, "Dora", "Dora@Example.org")], clock())
    assert rec.envelope.active_player(1).email == "dora@example.org"
    assert rec.envelope.seat_of_email("bob@example.org") is None
    assert rec.envelope.seat_of_email("dora@example.org") == 1
    assert [p.status for p in rec.envelope.players] == ["active", "replaced", "active"]
    rec = store.commit(
        gid,
        rec.seq,
        [Replace(0, "Bot", "bot-0@example.org", source="mail", message_id="<r@x>", resigned=True)],
        clock(),
    )
    assert [p.status for p in rec.envelope.players] == ["resigned", "replaced", "active", "active"]
    assert (
        rec.envelope.has_message("<r@x>") and rec.envelope.seat_of_email("ann@example.org") is None
    )
    with pytest.raises(CommandError, match="already plays seat 0"):
        store.commit(gid, rec.seq, [Replace(1, "Bot", "bot-0@example.org")], clock())
    rec = store.commit(gid, rec.seq, [SetDeadline("move", seconds=86400), ViewAccess(1)], clock())
    assert rec.envelope.deadlines["move"].seconds == 86400
    assert rec.entries[-1].kind == "view-access"
    rec = store.commit(gid, rec.seq, [SetDeadline("move", at=T0)], clock())
    assert rec.envelope.deadlines["move"].at == "2026-05-01T12:00:00Z"
    rec = store.commit(gid, rec.seq, [SetDeadline("move")], clock())
    assert rec.envelope.deadlines == {}
    rec = store.commit(gid, rec.seq, [End(reason="abandoned")], clock())
    assert rec.envelope.status == "ended" and rec.envelope.result is not None
    assert rec.envelope.result.reason == "abandoned" and rec.envelope.revealed_seed == 7
    assert store.verify(gid).ok
    assert store.load(gid).envelope == rec.envelope


def test_replay_to(store: Store, clock: Clock) -> None:
    gid = new(store)
    play(store, gid, clock, moves=3)
    assert store.replay(gid, 1).state == toygame.GAME.setup(2, {"deck": "8"}, 7)
    _, two = engine_only(7, 2, {"deck": "8"}, moves=2)
    assert store.replay(gid, 3).state == two
    with pytest.raises(CommandError, match="no event 9"):
        store.replay(gid, 9)


def test_derived_rng_is_used_per_sequence_number(store: Store, clock: Clock) -> None:
    gid = new(store, seed=5)
    rec = store.load(gid)
    assert isinstance(rec.state, toygame.ToyState)
    card = rec.state.hands[0][0]
    rec = store.commit(gid, 1, [ActionEntry(0, text=f"PLAY {card}")], clock())
    assert rec.produced[0].events[0].data["bonus"] == derive_rng(5, "apply", 2).randrange(3)


def test_game_ids_skip_hidden_and_foreign_entries(store: Store) -> None:
    gid = new(store)
    # Creations in progress live in .new/ (only that small directory is swept, never the data dir).
    (store.data_dir / ".new" / "xx-123").mkdir(parents=True)
    old = store.data_dir / ".new" / "yy-456"
    old.mkdir()
    os.utime(old, (T0.timestamp() - 7200, T0.timestamp() - 7200))
    (store.data_dir / "README.md").write_text("hi")
    (store.data_dir / "Not_A_Game").mkdir()
    (store.data_dir / "outbox").mkdir(exist_ok=True)  # the mail loop keeps its queue here
    assert store.game_ids() == [gid]
    with pytest.raises(StoreError, match="not a game id"):
        store.load("../etc")
    with pytest.raises(StoreError, match="no game"):
        store.load("td-none")
    assert store.exists(gid) and not store.exists("td-none") and not store.exists("../x")
    new(store)  # a creation sweeps away what a crash left more than an hour ago
    assert not old.exists() and (store.data_dir / ".new" / "xx-123").exists()


def test_keys_dir_inside_data_dir_is_refused(tmp_path: Path) -> None:
    from pbem.errors import ConfigError
    from pbem.store import Keyring

    ring = Keyring.create(tmp_path / "games" / "keys")
    with pytest.raises(ConfigError, match="inside the data directory"):
        Store(tmp_path / "games", ring)
