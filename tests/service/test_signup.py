"""Sign-up by mail and observers (issue 13), in-process: a fresh mail is confirmed by a mailed
round trip before anything happens; observers get public mails only."""

from __future__ import annotations

import re
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from helpers import GM, Env, drain, fresh, make_env, reply, text_of

from pbem.runner import TickReport, run_timers
from pbem.service.signup import SignupFiles
from pbem.store import ActionEntry, SetPolicy

PEOPLE = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]


def _board(env: Env) -> SignupFiles:
    return SignupFiles(env.data / "outbox")


def _confirm(env: Env, addr: str, body: str, name: str) -> EmailMessage:
    out = env.service.handle(fresh(addr, body, name))
    assert out.reason == "confirmation sent", out
    (conf,) = drain(env)
    assert addr in str(conf["To"]) and "please confirm" in str(conf["Subject"])
    return conf


def test_an_open_game_filled_by_joins_starts_and_a_forged_join_does_nothing(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    og = _board(env).new_open("forbidden-city", 3, 3, {}, None, [], env.clock())
    # A forger asks for Bob: the confirmation goes to Bob, who never answers...
    forged = _confirm(env, "bob@example.org", f"JOIN {og.open_id}", "Bob")
    # ...and the forger cannot answer it in Bob's name from their own address.
    out = env.service.handle(reply(forged, "mallory@example.org", "yes"))
    assert out.folder == "rejected"
    drain(env)
    assert _board(env).get_open(og.open_id).players == []  # type: ignore[union-attr]
    # Nor by forging Bob's From on a reply to Mallory's own confirmation.
    env.clock.now += timedelta(days=1)
    mal = _confirm(env, "mallory@example.org", f"JOIN {og.open_id}", "Mallory")
    env.service.handle(reply(mal, "bob@example.org", "yes"))
    drain(env)
    assert _board(env).get_open(og.open_id).players == []  # type: ignore[union-attr]

    # Three real joins (one by the game's name): the third fills it and it starts.
    env.clock.now += timedelta(days=1)
    for i, (name, addr) in enumerate(PEOPLE):
        target = og.open_id if i != 1 else "forbidden-city"
        conf = _confirm(env, addr, f"JOIN {target}", name)
        out = env.service.handle(reply(conf, addr, "confirm"))
        assert out.reason == "applied", out
        mails = drain(env)
        mine = [m for m in mails if addr in str(m["To"]) and "JOIN" in str(m["Subject"])]
        assert mine, [m["Subject"] for m in mails]
    starts = [m for m in mails if "new game starts" in str(m["Subject"])]
    assert len(starts) == 3
    gm = [m for m in mails if GM in str(m["To"])]
    assert gm and "started as" in str(gm[0]["Subject"])
    gid = re.search(r"started as (\S+)", str(gm[0]["Subject"])).group(1)  # type: ignore[union-attr]
    rec = env.store.load(gid)
    assert [p.email for p in rec.envelope.players] == [a for _, a in PEOPLE]
    assert "mallory" not in str(rec.envelope.players)
    # The same confirmation again changes nothing.
    assert env.service.handle(reply(conf, addr, "confirm")).reason == "already applied"


def test_leave_before_the_start_and_start_at_the_time(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    og = _board(env).new_open(
        "forbidden-city",
        2,
        4,
        {},
        env.clock.now + timedelta(days=2),
        ["dee@example.org"],
        env.clock(),
    )
    run_timers(env.service, env.clock, TickReport())
    (inv,) = drain(env)
    assert "dee@example.org" in str(inv["To"]) and f"JOIN {og.open_id}" in text_of(inv)
    for name, addr in PEOPLE[:2]:
        conf = _confirm(env, addr, f"JOIN {og.open_id}", name)
        env.service.handle(reply(conf, addr, "ok"))
        drain(env)
    env.clock.now += timedelta(hours=25)  # (one answer an address a day)
    conf = _confirm(env, "bob@example.org", f"LEAVE {og.open_id}", "Bob")
    env.service.handle(reply(conf, "bob@example.org", "ok"))
    drain(env)
    assert [a for _, a in _board(env).get_open(og.open_id).players] == ["ann@example.org"]  # type: ignore[union-attr]
    # At the start time with one player: not started, the GM is told once.
    env.clock.now += timedelta(days=1, hours=1)
    run_timers(env.service, env.clock, TickReport())
    (gm,) = drain(env)
    assert GM in str(gm["To"]) and "too few" in str(gm["Subject"])
    run_timers(env.service, env.clock, TickReport())
    assert drain(env) == []
    # A second join after the start time: it starts at once.
    conf = _confirm(env, "cy@example.org", f"JOIN {og.open_id}", "Cy")
    env.service.handle(reply(conf, "cy@example.org", "ok"))
    mails = drain(env)
    assert sum("new game starts" in str(m["Subject"]) for m in mails) == 2


def test_an_observer_gets_every_public_mail_and_nothing_private(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = env.store.create("forbidden-city", PEOPLE[:2], {}, 7, env.clock())
    env.service.flush_journal()
    drain(env)
    conf = _confirm(env, "obs@example.org", f"WATCH {gid}", "Obs")
    assert env.service.handle(reply(conf, "obs@example.org", "ok")).reason == "applied"
    drain(env)
    seen: list[EmailMessage] = []
    for _ in range(12):
        rec = env.store.load(gid)
        if rec.envelope.status != "active":
            break
        seat = rec.pending()[0].seat
        env.store.commit(
            gid,
            rec.seq,
            [ActionEntry(seat, text=rec.legal_notations(seat)[0], source="gm")],
            env.clock(),
        )
        env.service.flush_journal()
        mails = [m for m in drain(env) if "obs@example.org" in str(m["To"])]
        assert len(mails) == 1
        m = mails[0]
        seen.append(m)
        raw = m.as_string()
        # The leak scan: no tile in anybody's hand now (the one just placed is public), no reply
        # token, no private note.
        after = env.store.load(gid)
        public = set(after.render(None).splitlines())
        for s in after.envelope.seats():
            for line in after.render(s).splitlines():
                if line.strip() and line not in public:
                    assert line not in text_of(m), line
        assert "Your tile" not in raw and "yours alone" not in raw
        assert "\n" + after.render(None).splitlines()[0] in text_of(m)
        assert not re.search(r"<pbem\.[a-z0-9-]+\.s\d+\.t\d+\.", raw)  # a seat token
    assert len(seen) >= 10
    # UNWATCH (confirmed too): no more mails.
    env.clock.now += timedelta(days=1)
    conf = _confirm(env, "obs@example.org", f"UNWATCH {gid}", "Obs")
    env.service.handle(reply(conf, "obs@example.org", "ok"))
    drain(env)
    rec = env.store.load(gid)
    seat = rec.pending()[0].seat
    env.store.commit(
        gid,
        rec.seq,
        [ActionEntry(seat, text=rec.legal_notations(seat)[0], source="gm")],
        env.clock(),
    )
    env.service.flush_journal()
    assert not [m for m in drain(env) if "obs@example.org" in str(m["To"])]


def test_the_gm_may_forbid_watching(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = env.store.create("forbidden-city", PEOPLE[:2], {}, 7, env.clock())
    rec = env.store.load(gid)
    env.store.commit(gid, rec.seq, [SetPolicy("watch", "no")], env.clock())
    env.service.flush_journal()
    drain(env)
    out = env.service.handle(fresh("obs@example.org", f"WATCH {gid}"))
    assert out.folder == "rejected"
    (m,) = drain(env)
    assert "does not allow watching" in text_of(m)


def test_games_from_a_fresh_mail_goes_to_that_address_only(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = env.store.create("forbidden-city", PEOPLE[:2], {}, 7, env.clock())
    env.service.flush_journal()
    drain(env)
    out = env.service.handle(fresh("bob@example.org", "GAMES"))
    assert out.reason == "answered"
    (m,) = drain(env)
    assert "bob@example.org" in str(m["To"]) and gid in text_of(m)
    # Rate limited (by the sign-up budget, apart from the strangers' answers: issue 32).
    from pbem.service.signup import SIGNUPS_PER_ADDRESS_DAY

    for _ in range(SIGNUPS_PER_ADDRESS_DAY - 1):
        env.service.handle(fresh("bob@example.org", "GAMES"))
    drain(env)
    env.service.handle(fresh("bob@example.org", "GAMES"))
    assert drain(env) == []


@pytest.mark.parametrize("word", ["fc", "FC", "knizia"])
def test_join_by_a_games_short_name_finds_its_open_game(tmp_path: Path, word: str) -> None:
    """JOIN fc is JOIN forbidden-city: it was compared as written and answered "No fc game is
    open now" while one was."""
    env = make_env(tmp_path)
    og = _board(env).new_open("forbidden-city", 3, 3, {}, None, [], env.clock())
    name, addr = PEOPLE[0]
    conf = _confirm(env, addr, f"JOIN {word}", name)
    assert env.service.handle(reply(conf, addr, "confirm")).reason == "applied"
    drain(env)
    joined = _board(env).get_open(og.open_id)
    assert joined is not None and [a for _n, a in joined.players] == [addr]
