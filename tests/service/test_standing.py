"""Issue 25: standing orders for the recurring decisions of Die Verbotene Stadt (claims, taking a
card, reselection): set by mail, sealed in the signed log, shown to their seat alone, played by the
service as soon as they are owed, and the game verifies."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Env, drain, make_env, reply, text_of
from longtests import LONG

from pbem.errors import CommandError
from pbem.rules.base import derive_rng
from pbem.service import standing
from pbem.service.standing import Orders
from pbem.store import ActionEntry
from pbem.store.payloads import ActionLine, OrdersLine

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]


def test_parse_several_orders_on_one_line_in_four_languages() -> None:
    assert standing.parse("CLAIM BELIEVE STEAL EAST SOUTH RESELECT KEEP", 0, 3) == Orders(
        claim="believe", steal=[1, 2], reselect="keep"
    )
    assert standing.parse("annonce douter vol est", 0, 3) == Orders(claim="doubt", steal=[1])
    assert standing.parse("selezione vicino", 0, 3) == Orders(reselect="nearest")
    assert standing.parse("Behauptung fragen stehlen fragen", 0, 3) == Orders(claim="ask", steal=[])
    assert standing.parse("OFF", 0, 3) == standing.OFF
    assert standing.parse("", 0, 3) is None
    with pytest.raises(CommandError, match="not one of them"):
        standing.parse("STEAL NORTH", 0, 3)  # one's own seat
    with pytest.raises(CommandError, match="not one of them"):
        standing.parse("STEAL WEST", 0, 3)  # no West with three players
    with pytest.raises(CommandError, match="not a standing order"):
        standing.parse("CLAIM MAYBE", 0, 3)


@pytest.mark.parametrize(
    ("arg", "want"),
    [
        # the orders, then a remark about what they save or when they hold (issue 31)
        ("RESELECT KEEP, saves us all a round of mail.", Orders(reselect="keep")),
        ("RESELECT KEEP - no need to ask me again", Orders(reselect="keep")),
        ("CLAIM BELIEVE from now on, it saves time.", Orders(claim="believe")),
        ("CLAIM DOUBT from now on - I'm done believing Mike's claims", Orders(claim="doubt")),
        ("RESELECT KEEP, comme ça plus besoin de me demander.", Orders(reselect="keep")),
        ("CLAIM BELIEVE pour la suite", Orders(claim="believe")),
        ("RESELECT KEEP così non dovete chiedermelo ogni volta.", Orders(reselect="keep")),
        ("CLAIM DOUBT d'ora in poi, grazie", Orders(claim="doubt")),
        ("RESELECT KEEP, das spart uns allen eine Runde.", Orders(reselect="keep")),
        ("CLAIM DOUBT, damit ihr nicht jedes Mal fragen müsst", Orders(claim="doubt")),
        ("STEAL EAST SOUTH, they always have the best cards", Orders(steal=[1, 2])),
    ],
)
def test_orders_then_a_remark(arg: str, want: Orders) -> None:
    assert standing.parse(arg, 0, 3) == want


@pytest.mark.parametrize(
    "arg",
    [
        # a tail that takes back, corrects, sets a condition or names more orders: refused
        "CLAIM DOUBT. Not really",
        "CLAIM DOUBT - no wait, BELIEVE",
        "CLAIM DOUBT, non, je crois",
        "CLAIM DOUBT, not sure",
        "CLAIM BELIEVE unless Mike claims",
        "CLAIM BELIEVE but not for Mike",
        "CLAIM DOUBT sauf pour Marc",
        "CLAIM DOUBT tranne quando gioca Anna",
        "CLAIM DOUBT außer bei Bob",
        "STEAL EAST - then SOUTH",
        "STEAL EAST, and south if East has nothing",
        "CLAIM DOUBT, so no wait",
        "RESELECT KEEP, is that right?",
        "RESELECT KEEP for 2 rounds",
    ],
)
def test_orders_then_no_mere_remark_are_refused(arg: str) -> None:
    with pytest.raises(CommandError):
        standing.parse(arg, 0, 3)


def _game(env: Env, seed: int) -> str:
    gid = env.store.create("verbotene-stadt", PLAYERS, {}, seed, env.clock())
    env.service.flush_journal()
    return gid


def _mail_to(env: Env, addr: str) -> list:  # type: ignore[type-arg]
    return [m for m in drain(env) if addr in str(m["To"])]


@pytest.mark.slow  # out of the fast lane (the full suite runs it)
def test_standing_orders_by_mail_are_sealed_private_and_played(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = _game(env, 21)
    first = _mail_to(env, "ann@example.org")[-1]
    out = env.service.handle(
        reply(first, "ann@example.org", "STANDING CLAIM BELIEVE STEAL EAST SOUTH RESELECT KEEP")
    )
    assert out.reason == "applied", out
    mails = drain(env)
    (notice,) = [m for m in mails if "ann@example.org" in str(m["To"])]
    text = " ".join(text_of(notice).split())
    assert "you believe every claim" in text and "from East, South, in that order" in text
    assert not [m for m in mails if "ann@example.org" not in str(m["To"])]
    rec = env.store.load(gid)
    (line,) = [e for e in rec.entries if isinstance(e.payload, OrdersLine)]
    raw = (env.data / gid / "log.jsonl").read_text()
    assert "believe" not in raw and "nearest" not in raw and line.payload.seat == 0
    assert standing.orders_of(env.store, rec, 0) == Orders(
        claim="believe", steal=[1, 2], reselect="keep"
    )
    # STANDING alone shows them, privately.
    out = env.service.handle(reply(first, "ann@example.org", "STANDING"))
    assert out.reason == "answered", out
    (shown,) = drain(env)
    assert "you keep your selection" in " ".join(text_of(shown).split())
    # Play on with bots: North never owes a claim, a steal or a reselection for long, and
    # nobody else ever reads North's orders.
    # (The whole game with PBEM_LONG_TESTS=1; by default until North's orders have answered a
    # claim or a reselection three times: a third of a game, 89 s of a whole one before.)
    answered = {"believe-or-doubt": 0, "steal": 0, "take-card": 0, "reselect": 0}
    for i in range(3000):
        rec = env.store.load(gid)
        if rec.envelope.status != "active":
            break
        if not LONG and answered["believe-or-doubt"] + answered["reselect"] >= 3:
            break
        for d in rec.pending():
            assert not (d.seat == 0 and d.kind in ("believe-or-doubt", "reselect")), d
            if d.seat == 0 and d.kind in ("steal", "take-card"):
                # Only when neither East nor South holds a card it may take.
                cands = {a.victim for a in rec.game.legal(rec.state, 0)}
                assert not cands & {1, 2}, (d, cands)
        d = rec.pending()[0]
        bot = rec.game.bots()["heuristic"]
        action = bot.choose(rec.game, rec.state, d.seat, derive_rng(21, "t", i))
        before = rec.seq
        env.store.commit(
            gid, rec.seq, [ActionEntry(d.seat, action=action, source="gm")], env.clock()
        )
        env.service.notify(gid)
        for m in drain(env):
            body = text_of(m)
            if "ann@example.org" not in str(m["To"]):
                assert "standing orders" not in body.lower()
        rec = env.store.load(gid)
        for e in rec.entries[before + 1 :]:
            p = e.payload
            if isinstance(p, ActionLine) and p.seat == 0 and p.source == "mail":
                kind = (
                    "believe-or-doubt"
                    if p.notation in ("believe", "doubt")
                    else "reselect"
                    if p.notation.startswith(("keep", "select"))
                    else "steal"
                )
                answered[kind] += 1
    assert answered["believe-or-doubt"] + answered["reselect"] > 0, answered
    assert env.store.verify(gid).ok


def test_a_game_without_standing_orders_refuses_the_command(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = env.store.create("forbidden-city", PLAYERS[:2], {}, 3, env.clock())
    env.service.flush_journal()
    rec = env.store.load(gid)
    mover = rec.pending()[0].seat
    addr = rec.envelope.active_player(mover).email
    turn = _mail_to(env, addr)[-1]
    out = env.service.handle(reply(turn, addr, "STANDING CLAIM BELIEVE"))
    assert out.reason == "refused"
    assert "has no standing orders" in " ".join(text_of(drain(env)[0]).split())


def test_a_turn_file_is_built_and_read_after_standing_orders(tmp_path: Path) -> None:
    """A game whose log holds an ``orders`` line still gives each seat its turn file (its
    record once failed on the sealed field it leaves out), and the file tells nothing of the
    orders."""
    from pbem.gamefiles.turnfile import build_turn_file, read_turn_file

    env = make_env(tmp_path)
    gid = _game(env, 21)
    first = _mail_to(env, "ann@example.org")[-1]
    out = env.service.handle(
        reply(first, "ann@example.org", "STANDING CLAIM DOUBT RESELECT NEAREST")
    )
    assert out.reason == "applied", out
    rec = env.store.load(gid)
    assert any(isinstance(e.payload, OrdersLine) for e in rec.entries)
    for seat in range(len(PLAYERS)):
        data = build_turn_file(rec, env.store.keyring, seat, lang="en")
        assert b"doubt" not in data.lower() and b"nearest" not in data.lower()
        read_turn_file(data, env.store.keyring.public_key_text())
