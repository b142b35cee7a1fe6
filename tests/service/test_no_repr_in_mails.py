"""Issue 12: no mail of a whole game contains a Python repr, and every line stays within 72
columns, for both games (the terminal half is tests/rules/test_play_terminal.py)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from helpers import drain, make_env, text_of
from longtests import LONG

from pbem.rules.base import derive_rng
from pbem.store import ActionEntry

REPR = re.compile(r"\[\[|\{'|=True\b|=False\b|=None\b|\bNone\b|<[a-z_.]+ object at 0x")

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]


@pytest.mark.parametrize(
    "game",
    [
        # Die Verbotene Stadt's whole game by mail (tests/integration/test_email_verbotene_stadt.py)
        # checks every mail its players got the same way; this one runs with the long tests.
        pytest.param(
            "verbotene-stadt",
            marks=pytest.mark.skipif(not LONG, reason="PBEM_LONG_TESTS=1"),
        ),
        "forbidden-city",
    ],
)
def test_no_repr_in_any_mail_of_a_whole_game(tmp_path: Path, game: str) -> None:
    env = make_env(tmp_path)
    # Two players: every kind of mail and event comes up, in half the mails of three.
    gid = env.store.create(game, PLAYERS[:2], {"privacy": "plain"}, 4, env.clock())
    env.service.flush_journal()
    seen = 0
    rng = random.Random(5)
    # Mails go out every few moves (as when players answer in bursts): each tells every event
    # since the seat's last mail, so every event still reaches a mail, in fewer mails.
    for i in range(6000):
        for mail in drain(env):
            body = text_of(mail)
            bad = [ln for ln in body.splitlines() if REPR.search(ln)]
            assert not bad, (str(mail["Subject"]), bad[:3])
            assert all(len(ln) <= 72 for ln in body.splitlines()), str(mail["Subject"])
            seen += 1
        rec = env.store.load(gid)
        if rec.envelope.status != "active":
            break
        d = rec.pending()[0]
        bots = rec.game.bots()
        bot = bots.get("heuristic") or bots.get("greedy") or bots["random"]
        action = bot.choose(
            rec.game, rec.state, d.seat, derive_rng(rng.randrange(1 << 30), "t", d.seat)
        )
        env.store.commit(
            gid, rec.seq, [ActionEntry(d.seat, action=action, source="gm")], env.clock()
        )
        if game == "forbidden-city" or i % 4 == 0:
            env.service.flush_journal()
    env.service.flush_journal()
    assert env.store.load(gid).envelope.status == "ended"
    for mail in drain(env):
        assert not REPR.search(text_of(mail))
        seen += 1
    assert seen > 20
