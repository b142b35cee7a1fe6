"""One reading of an order: the reading again after a commit conflict is the first reading's
function, with every command's own checks (it once skipped them)."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from helpers import Env, drain, make_env, reply, text_of

from pbem.errors import CommandError, ConflictError
from pbem.service.commands import REGISTRY

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]


def _game(tmp_path: Path) -> tuple[Env, str, str, EmailMessage, str]:
    """A started game: its id, the mover's address and turn mail, and a legal move."""
    env = make_env(tmp_path)
    gid = env.store.create("forbidden-city", PLAYERS, {}, 11, env.clock())
    env.service.flush_journal()
    mails = drain(env)
    rec = env.store.load(gid)
    mover = rec.pending()[0].seat
    addr = rec.envelope.active_player(mover).email
    turn = next(m for m in mails if addr in str(m["To"]))
    return env, gid, addr, turn, rec.legal_notations(mover)[0]


def _conflict_once(env: Env, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The next commit meets another writer that came first (once); the list says it did."""
    real_commit = env.store.commit
    conflicts: list[int] = []

    def commit(*args: Any, **kwargs: Any) -> Any:
        if not conflicts:
            conflicts.append(1)
            raise ConflictError("another writer came first")
        return real_commit(*args, **kwargs)

    monkeypatch.setattr(env.store, "commit", commit)
    return conflicts


def test_the_retry_after_a_conflict_refuses_what_a_first_read_refuses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env, gid, addr, turn, move = _game(tmp_path)
    say = REGISTRY["say"]
    original = say.check
    checked: list[int] = []

    def check(desk: Any, seated: Any, cmd: Any) -> CommandError | None:
        checked.append(seated.record.seq)
        if len(checked) > 1:  # what the fresh state no longer allows
            return CommandError("refused on the fresh state")
        return original(desk, seated, cmd)

    monkeypatch.setattr(say, "check", check)
    conflicts = _conflict_once(env, monkeypatch)
    out = env.service.handle(reply(turn, addr, f"{move}\nSAY good luck"))
    assert conflicts and len(checked) == 2, checked
    assert out.folder == "rejected", out
    assert env.store.load(gid).envelope.moves == 0
    answers = [text_of(m) for m in drain(env) if addr in str(m["To"])]
    assert any("refused on the fresh state" in a for a in answers), [a[:300] for a in answers]


def test_a_first_read_and_the_retry_accept_the_same_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env, gid, addr, turn, move = _game(tmp_path)
    conflicts = _conflict_once(env, monkeypatch)
    out = env.service.handle(reply(turn, addr, move))
    assert conflicts and out.reason == "applied", out
    assert env.store.load(gid).envelope.moves == 1
