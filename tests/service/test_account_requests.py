"""The email commands of a new mail for its sender's address (issue 31, thirteenth round;
:mod:`pbem.service.account`): STANDINGS, STATS and GUIDE answered to that address, LANG,
VACATION and BACK confirmed by mail first and then carried out in every game of the address;
a question about a command, someone else's leave or a stranger's request changes nothing."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from helpers import Env, drain, fresh, make_env, reply, text_of

from pbem.store import SetDeadline
from pbem.store.payloads import BackLine, VacationLine

ANN = "ann@example.org"


def _games(env: Env) -> list[str]:
    out = []
    for other in ("bob@example.org", "cat@example.org"):
        gid = env.store.create("forbidden-city", [("Ann", ANN), ("O", other)], {}, 5, env.clock())
        rec = env.store.load(gid)
        env.store.commit(gid, rec.seq, [SetDeadline("move", seconds=72 * 3600)], env.clock())
        out.append(gid)
    env.service.flush_journal()
    drain(env)
    return out


def _lines(env: Env, gid: str, kind: type) -> list[object]:
    return [e.payload for e in env.store.load(gid).entries if isinstance(e.payload, kind)]


@pytest.mark.parametrize(
    ("body", "what"),
    [
        ("Bonjour, pourriez-vous m'envoyer le classement actuel ? Merci", "standings"),
        ("Wie ist die aktuelle Rangliste?", "standings"),
        ("Ciao, posso avere le mie statistiche?", "statistics"),
        ("STATS please", "statistics"),
    ],
)
def test_standings_and_stats_in_a_new_mail_go_to_that_address(
    tmp_path: Path, body: str, what: str
) -> None:
    env = make_env(tmp_path)
    _games(env)
    out = env.service.handle(fresh(ANN, body))
    assert out.reason == "answered", out
    (m,) = drain(env)
    assert ANN in str(m["To"]) and what in str(m["Subject"])
    # an address that plays in no game gets a refusal, never the standings
    out = env.service.handle(fresh("zed@example.org", body))
    assert out.folder == "rejected"
    (m,) = drain(env)
    assert "plays in no game here" in text_of(m)


def test_the_guide_in_a_new_mail_is_attached(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    out = env.service.handle(fresh("new@example.org", "Hi, could you send me the player guide?"))
    assert out.reason == "answered", out
    (m,) = drain(env)
    names = [p.get_filename() for p in m.walk() if p.get_filename()]
    assert "PLAYER-GUIDE.md" in names


def test_a_vacation_in_a_new_mail_is_confirmed_then_stops_every_clock(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    g1, g2 = _games(env)
    out = env.service.handle(fresh(ANN, "VACANZA due settimane, scendo in Sicilia dai miei"))
    assert out.reason == "confirmation sent", out
    (conf,) = drain(env)
    assert "VACATION 14d" in str(conf["Subject"])
    assert not _lines(env, g1, VacationLine)  # nothing before the confirmation
    # a forger cannot confirm it from another address
    assert env.service.handle(reply(conf, "mallory@example.org", "ok")).folder == "rejected"
    drain(env)
    assert not _lines(env, g1, VacationLine)
    out = env.service.handle(reply(conf, ANN, "ok"))
    assert out.reason == "applied", out
    for gid in (g1, g2):
        (line,) = _lines(env, gid, VacationLine)
        assert line.seat == 0  # type: ignore[attr-defined]
    mails = drain(env)
    assert any(g1 in text_of(m) and ANN in str(m["To"]) for m in mails)
    # the same confirmation again changes nothing
    assert env.service.handle(reply(conf, ANN, "ok")).reason == "already applied"
    # BACK in words ends it everywhere, once confirmed
    env.clock.now += timedelta(days=2)
    out = env.service.handle(fresh(ANN, "I'm back from holiday, please restart my clocks."))
    assert out.reason == "confirmation sent", out
    (conf,) = drain(env)
    assert env.service.handle(reply(conf, ANN, "yes")).reason == "applied"
    for gid in (g1, g2):
        assert len(_lines(env, gid, BackLine)) == 1
    drain(env)
    # BACK when not away: refused, nothing changed
    out = env.service.handle(fresh(ANN, "BACK"))
    assert out.folder == "rejected"
    (m,) = drain(env)
    assert "not on vacation" in text_of(m)


def test_a_language_in_a_new_mail_is_confirmed_then_kept(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    _games(env)
    out = env.service.handle(fresh(ANN, "Hallo, könnt ihr mir auf Deutsch schreiben?"))
    assert out.reason == "confirmation sent", out
    (conf,) = drain(env)
    assert env.service.prefs.get(ANN).lang in (None, "en")
    assert env.service.handle(reply(conf, ANN, "ja")).reason == "applied"
    assert env.service.prefs.get(ANN).lang == "de"


@pytest.mark.parametrize(
    "body",
    [
        "What does STANDINGS show exactly? Only the top of each pool?",
        "My wife is going on vacation for 10 days, so I'll have more time to play.",
        "If I go to Spain in January, should I put myself on vacation?",
        "Wie lange darf ein Urlaub eigentlich höchstens dauern?",
        "Je serai de retour dimanche, je vous écrirai à ce moment-là.",
        "M13 R1\nVACATION 7d",  # a move in a new mail: nothing of it is read
    ],
)
def test_mentions_questions_and_other_peoples_leaves_change_nothing(
    tmp_path: Path, body: str
) -> None:
    env = make_env(tmp_path)
    g1, _g2 = _games(env)
    out = env.service.handle(fresh(ANN, body))
    assert out.reason not in ("confirmation sent", "answered", "applied"), out
    drain(env)
    assert not _lines(env, g1, VacationLine)
