"""Issue 25: a plan (a whole turn of Die Verbotene Stadt in one reply) is the same game as the same
slides sent one by one, each answering the mail that asks for it; and a verification replays it.

Two stores, the same seed: in one every turn is committed as a :class:`~pbem.store.Plan`, in the
other each slide is committed alone when the game asks that seat for a move again (and the slide is
legal then), as a player sending them one by one would. The logs must tell the same moves, the
same dice and end in the same state, over many seeds, with plans that the dice cut short, plans
whose later slide has become illegal, plans that run to the end of the turn, and slides written
toward the active pavilion (``RK pavilion``: read when played, on the board they meet then) or a
helper's toward the door (``BG door``). Half the plans carry the fallback of ``STANDING BLOCKED
PAVILION`` (a later slide illegal when its turn comes is the seat's official's move toward the
pavilion) or of ``BLOCKED PAVILION DOOR`` (that, or else another official's toward the door: ``RK
pavilion or door``) or of ``BLOCKED PAVILION DOOR ANY`` (or else a move of the official farthest
from the pavilion: ``... or any``): one by one, the player sends that move instead.
"""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest
from longtests import sized

from pbem.rules.base import RuleError, derive_rng
from pbem.store import ActionEntry, Keyring, Plan, Store
from pbem.store.payloads import ActionLine

PLAYERS = [("Ann", "a@x.test"), ("Bob", "b@x.test"), ("Cy", "c@x.test"), ("Di", "d@x.test")]


def _stores(tmp: Path) -> tuple[Store, Store]:
    ring = Keyring.create(tmp / "keys", data_dir=tmp / "a")
    return Store(tmp / "a", ring, fsync=False), Store(tmp / "b", ring, fsync=False)


def _plan_texts(rec, seat: int, rng: random.Random) -> list[str]:  # type: ignore[no-untyped-def]
    """One to four slides: the first legal now; the later ones legal now too (so some have
    become illegal by their turn) or picked on a position where the turn went on."""
    game = rec.game
    bot = game.bots()["heuristic"]
    state = rec.state
    texts = [game.notation(bot.choose(game, state, seat, rng))]
    own = game.board.official_code(state.selections[seat])
    for _ in range(rng.randrange(4)):
        legal = rec.legal_notations(seat)
        # Some slides toward the active pavilion, read when played (another pavilion after a
        # fate die's pavilion symbol, refused when the official cannot get nearer).
        pick = rng.random()
        if pick < 0.3:
            texts.append(f"{own} pavilion")
        elif pick < 0.4:
            texts.append(rng.choice(legal).split()[0] + " pavilion")
        elif pick < 0.5:
            # A helper's move toward the door (refused when one stands there already).
            texts.append(rng.choice(legal).split()[0] + " door")
        else:
            texts.append(rng.choice(legal))
    return texts


def _one_by_one(
    store: Store, gid: str, seat: int, texts: list[str], now, fallback: str = ""
) -> None:  # type: ignore[no-untyped-def]  # noqa: E501
    """The slides of a plan each in its own commit, while the game asks ``seat`` for a move and
    the slide is legal (else its ``fallback``, when that is)."""
    for k, text in enumerate(texts):
        rec = store.load(gid)
        if k:
            if rec.envelope.status != "active":
                return
            if not any(d.seat == seat and d.kind == "move" for d in rec.pending()):
                return
            try:
                rec.game.parse(rec.state, seat, text)
            except RuleError:
                if not fallback:
                    return
                try:
                    rec.game.parse(rec.state, seat, fallback)
                except RuleError:
                    return
                text = fallback
        store.commit(gid, rec.seq, [ActionEntry(seat, text=text, source="mail")], now)


def _actions(store: Store, gid: str) -> list[tuple[int, int | None, str, object]]:
    rec = store.load(gid)
    out: list[tuple[int, int | None, str, object]] = []
    for e in rec.entries:
        p = e.payload
        if isinstance(p, ActionLine):
            out.append((e.seq, p.seat, p.notation, msgspec.to_builtins(p.events)))
    return out


@pytest.mark.slow  # out of the fast lane (the full suite runs it)
@pytest.mark.parametrize(
    "seed", range(sized(3, 40))
)  # (16 until the eleventh round, 6 in the twelfth)
def test_a_plan_is_the_same_game_as_its_slides_one_by_one(tmp_path: Path, seed: int) -> None:
    a, b = _stores(tmp_path)
    from datetime import UTC, datetime

    now = datetime(2026, 11, 26, tzinfo=UTC)
    n = 3 + seed % 2
    ga = a.create("verbotene-stadt", PLAYERS[:n], {}, seed, now)
    gb = b.create("verbotene-stadt", PLAYERS[:n], {}, seed, now)
    rng = random.Random(seed)
    plans = stopped = replaced = 0
    for i in range(250):
        ra, rb = a.load(ga), b.load(gb)
        assert a.game_dir(ga) != b.game_dir(gb)
        assert ra.game.encode_state(ra.state) == rb.game.encode_state(rb.state)
        if ra.envelope.status != "active":
            break
        d = ra.pending()[0]
        if d.kind != "move":
            action = ra.game.bots()["heuristic"].choose(
                ra.game, ra.state, d.seat, derive_rng(seed, "other", i)
            )
            for s, r, g in ((a, ra, ga), (b, rb, gb)):
                s.commit(g, r.seq, [ActionEntry(d.seat, action=action, source="gm")], now)
            continue
        texts = _plan_texts(ra, d.seat, rng)
        own = ra.game.board.official_code(ra.state.selections[d.seat])  # type: ignore[attr-defined]
        fallback = rng.choice(
            [
                "",
                "",
                "",
                f"{own} pavilion",
                f"{own} pavilion or door",
                f"{own} pavilion or door or any",
            ]
        )
        plan = Plan(d.seat, tuple(texts), source="mail", fallback=fallback)
        done = a.commit(ga, ra.seq, [plan], now)
        played = sum(1 for p in done.produced if p.kind == "action")
        plans += len(texts) > 1
        stopped += played < len(texts)
        replaced += sum(1 for p in done.produced if p.instead)
        _one_by_one(b, gb, d.seat, texts, now, fallback)
    assert _actions(a, ga) == _actions(b, gb)
    assert a.load(ga).seq == b.load(gb).seq
    assert plans > 10 and stopped > 0
    assert replaced > 0  # the fallback was played (and agreed with one by one)
    # The plan's log verifies: every slide and die recomputed from the sealed seed.
    report = a.verify(ga)
    assert report.ok, report


def test_a_plan_whose_first_slide_is_illegal_writes_nothing(tmp_path: Path) -> None:
    a, _ = _stores(tmp_path)
    from datetime import UTC, datetime

    now = datetime(2026, 11, 26, tzinfo=UTC)
    gid = a.create("verbotene-stadt", PLAYERS[:3], {}, 3, now)
    for i in range(20):
        rec = a.load(gid)
        d = rec.pending()[0]
        if d.kind == "move":
            break
        action = rec.game.bots()["random"].choose(rec.game, rec.state, d.seat, derive_rng(3, i))
        a.commit(gid, rec.seq, [ActionEntry(d.seat, action=action, source="gm")], now)
    rec = a.load(gid)
    d = rec.pending()[0]
    with pytest.raises(RuleError):
        a.commit(gid, rec.seq, [Plan(d.seat, ("ZZ N", "RK S"))], now)
    assert a.load(gid).seq == rec.seq
