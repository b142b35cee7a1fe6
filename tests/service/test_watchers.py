"""Observers (issue 32, item 5): ``watch=no`` ends the existing watches (each observer told once),
a game takes at most WATCHERS_PER_GAME observers, ``pbem admin unwatch`` removes one."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Env, drain, fresh, make_env, reply, text_of
from test_signup import PEOPLE, _confirm
from typer.testing import CliRunner

from pbem.cli import app
from pbem.service.signup import WATCHERS_PER_GAME, SignupFiles, Watcher
from pbem.store import ActionEntry, SetPolicy


def _game(env: Env) -> str:
    gid = env.store.create("forbidden-city", PEOPLE[:2], {}, 7, env.clock())
    env.service.flush_journal()
    drain(env)
    return gid


def _watch(env: Env, gid: str, addr: str) -> None:
    conf = _confirm(env, addr, f"WATCH {gid}", "")
    assert env.service.handle(reply(conf, addr, "ok")).reason == "applied"
    drain(env)


def _move(env: Env, gid: str) -> list[str]:
    rec = env.store.load(gid)
    seat = rec.pending()[0].seat
    env.store.commit(
        gid,
        rec.seq,
        [ActionEntry(seat, text=rec.legal_notations(seat)[0], source="gm")],
        env.clock(),
    )
    env.service.flush_journal()
    return [str(m["To"]) for m in drain(env)]


def test_watch_no_ends_every_existing_watch_each_told_once(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = _game(env)
    for addr in ("o1@example.org", "o2@example.org"):
        _watch(env, gid, addr)
    assert sum("@example.org" in to and to.startswith(("o1", "o2")) for to in _move(env, gid)) == 2
    rec = env.store.load(gid)
    env.store.commit(gid, rec.seq, [SetPolicy("watch", "no")], env.clock())
    env.service.flush_journal()
    told = [m for m in drain(env) if "UNWATCH" in str(m["Subject"])]
    assert sorted(str(m["To"]) for m in told) == ["o1@example.org", "o2@example.org"]
    assert "no longer allows watching" in text_of(told[0])
    assert SignupFiles(env.data / "outbox").watchers(gid).watchers == []
    for _ in range(3):
        assert not [to for to in _move(env, gid) if to.startswith(("o1", "o2"))]


def test_a_game_takes_so_many_observers(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = _game(env)
    board = SignupFiles(env.data / "outbox")
    w = board.watchers(gid)
    w.watchers = [Watcher(address=f"w{i}@example.org") for i in range(WATCHERS_PER_GAME)]
    board.save_watchers(gid, w)
    out = env.service.handle(fresh("late@example.org", f"WATCH {gid}"))
    assert out.folder == "rejected"
    (m,) = drain(env)
    assert "as many observers" in text_of(m)


@pytest.mark.parametrize("known", [True, False])
def test_admin_unwatch_removes_an_observer_who_is_told_once(tmp_path: Path, known: bool) -> None:
    env = make_env(tmp_path)
    gid = _game(env)
    _watch(env, gid, "obs@example.org")
    _watch(env, gid, "fan@example.org")
    who = "obs@example.org" if known else "nobody@example.org"
    result = CliRunner().invoke(app, ["admin", "unwatch", gid, who, "--data-dir", str(env.data)])
    if not known:
        assert result.exit_code != 0 and "does not watch" in result.output
        return
    assert result.exit_code == 0, result.output
    env.service.flush_journal()  # the next tick
    (told,) = drain(env)
    assert str(told["To"]) == "obs@example.org" and "ended your watch" in text_of(told)
    tos = _move(env, gid)
    assert "fan@example.org" in tos and "obs@example.org" not in tos
    env.service.flush_journal()
    assert drain(env) == []
