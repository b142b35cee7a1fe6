"""Issue 27 through the real mail loop (Dovecot IMAP + the SMTP relay), time moved by the test's
clock: one VACATION pauses two games (and not a tournament), everyone of each game is told, the
sender's summary and GAMES show the leave left; VACATION AUTO spends a day of leave when a
deadline runs out, before the computer plays."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from test_community_loop import _setup, flat

from pbem.service import deadlines, leave
from pbem.store import SetDeadline, SetPolicy
from pbem.store.payloads import VacationLine

pytestmark = pytest.mark.mailserver


def _vacation_lines(store, gid: str) -> list[VacationLine]:
    return [e.payload for e in store.load(gid).entries if isinstance(e.payload, VacationLine)]


def test_one_vacation_pauses_two_games_and_auto_spends_leave(
    tmp_path: Path, dovecot, smtp_relay, mail_account
) -> None:
    loop, (ann, bob, cat) = _setup(
        tmp_path, dovecot, smtp_relay, mail_account, ["Ann", "Bob", "Cat"]
    )
    store = loop.store
    games = []
    for other, opts in ((bob, {}), (cat, {}), (bob, {"vacation": "0"})):
        gid = store.create(
            "forbidden-city",
            [(ann.name, ann.address), (other.name, other.address)],
            {"privacy": "plain"},
            4,
            loop.clock(),
        )
        rec = store.load(gid)
        entries: list = [SetDeadline("move", seconds=48 * 3600)]
        entries += [SetPolicy(k, v) for k, v in opts.items()]
        store.commit(gid, rec.seq, entries, loop.clock())
        games.append(gid)
    g1, g2, tournament = games
    loop.service.flush_journal()
    loop.tick()
    first = [m for m in ann.read() if g1 in m.subject][0]
    bob.read()
    cat.read()

    ann.send("VACATION 10d", to=loop.service_address, answer=first)
    loop.tick()
    mine = ann.read()
    (summary,) = [m for m in mine if "your leave" in m.subject]
    text = flat(summary.text)
    assert g1 in text and g2 in text and "Leave left for all your games: 20 days" in text
    assert f"{tournament}: not paused" in text
    for gid in (g1, g2):
        (line,) = _vacation_lines(store, gid)
        assert line.leave and not line.auto
        assert store.verify(gid).ok
    assert _vacation_lines(store, tournament) == []
    assert any("on vacation until" in flat(m.text) for m in bob.read() if g1 in m.subject)
    assert any("on vacation until" in flat(m.text) for m in cat.read() if g2 in m.subject)

    # GAMES (a reply in any game) shows the leave left.
    ann.send("GAMES", to=loop.service_address, answer=first)
    loop.tick()
    (games_mail,) = ann.read()
    assert "Leave left for all your games: 20 days" in flat(games_mail.text)

    # BACK, then VACATION AUTO: when Ann's deadline in g1 runs out, a day of leave is spent in
    # all her games (everyone told), and the computer does not play.
    ann.send("BACK\nVACATION AUTO", to=loop.service_address, answer=first)
    loop.tick()
    ann.read()
    bob.read()
    cat.read()
    rec = store.load(g1)
    seat = rec.envelope.seat_of_email(ann.address)
    dues = [i for i in deadlines.deadlines(rec) if i.decision.seat == seat]
    assert dues, "Ann owes the first move of g1"
    loop.clock.now = dues[0].act + timedelta(minutes=1)
    loop.tick()
    assert store.load(g1).envelope.moves == 0
    assert store.load(g2).envelope.moves == 0  # the same leave holds its deadline too
    assert [v for v in _vacation_lines(store, g1) if v.auto]
    assert [v for v in _vacation_lines(store, g2) if v.auto]
    assert any("automatically" in flat(m.text) for m in bob.read())
    left = leave.left_of(store, ann.address, leave.rules_of(loop.service.policy), loop.clock())
    assert abs(left - timedelta(days=29)) < timedelta(minutes=5)  # 10d taken back at once, 1d spent
