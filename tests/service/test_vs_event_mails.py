"""Issue 12: a golden mail for each event kind of Die Verbotene Stadt.

A game is played through the service (bot moves committed, the mails built as the mail loop builds
them). The first time a move produces an event kind, the mails of that move are built and the one
that tells it is kept: for a private event (a secret selection) its owner's mail, otherwise the
mail of the seat that did not move. Each is compared with ``golden/vs-events/<kind>.txt``, so that
a change in what any event reads like, or in the mail around it, is a visible diff. Regenerate on
purpose with ``PBEM_REGEN_GOLDEN=1``.

Moves that bring no new kind are committed without building their mails: the notified mark is
moved on as the mail loop moves it, so that the next mail tells one move only.
"""

from __future__ import annotations

import os
import re
from email.message import EmailMessage
from pathlib import Path

import pytest
from helpers import drain, make_env, text_of

from pbem.rules.base import derive_rng
from pbem.rules.verbotene_stadt.notation import seat_names
from pbem.rules.verbotene_stadt.sentences import KNOWN_KINDS
from pbem.service.journal import NotifiedMark
from pbem.store import ActionEntry

GOLDEN = Path(__file__).parent / "golden" / "vs-events"
REGEN = os.environ.get("PBEM_REGEN_GOLDEN") == "1"
PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]
LEGACY = {"extra-turn"}
"""Kinds only games older than the rulings of 2026-11-22 hold (described, never produced now)."""
NEVER_IN_BOT_GAMES = {"no-move"}
"""A seat with no legal move when its turn comes: so rare in bot games that no seed here brings it;
its sentence is in the sentences golden (tests/rules/verbotene_stadt/test_vs_sentences.py)."""
RARE = {"reselect", "must-reselect", "reselected", "kept", "nothing-to-take", "no-card"}
"""Kinds that need an uncommon position; the seeds below happen to bring them, but a change of
bots may not: their golden is then checked only when the game brings them."""


def _play_and_collect(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """``kind -> (golden name, mail text)`` for the first occurrence of each kind."""
    found: dict[str, tuple[str, str]] = {}
    for seed in (11, 12, 13):
        env = make_env(tmp_path / f"s{seed}")
        gid = env.store.create(
            "verbotene-stadt", PLAYERS, {"privacy": "plain", "mail": "every"}, seed, env.clock()
        )
        env.service.flush_journal()
        drain(env)
        names = seat_names(len(PLAYERS))
        for i in range(6000):
            rec = env.store.load(gid)
            if rec.envelope.status != "active":
                break
            d = rec.pending()[0]
            bot = rec.game.bots()["random" if i % 3 == 0 else "heuristic"]
            action = bot.choose(rec.game, rec.state, d.seat, derive_rng(seed * 7919 + i, "t"))
            rec = env.store.commit(
                gid, rec.seq, [ActionEntry(d.seat, action=action, source="gm")], env.clock()
            )
            events = [e for p in rec.produced for e in p.events]
            new = [e for e in events if e.kind not in found]
            if not new:
                _skip_mails(env, gid, rec.seq, len(PLAYERS), sorted(x.seat for x in rec.pending()))
                continue
            env.service.flush_journal()
            mails = drain(env)
            for e in new:
                if e.kind in found:
                    continue
                if e.visible_to is not None:
                    # A private event is not told in "What happened": its owner's mail shows it
                    # in the private part.
                    sentence = str(e.data.get("official", ""))
                else:
                    sentence = rec.game.describe_event(e, names)
                mail = _telling(mails, sentence, e.visible_to, d.seat)
                if mail is not None:
                    found[e.kind] = (f"{e.kind}.txt", _stable(text_of(mail).replace(gid, "GAME")))
            _skip_mails(env, gid, rec.seq, len(PLAYERS), sorted(x.seat for x in rec.pending()))
        if set(found) >= KNOWN_KINDS - LEGACY - NEVER_IN_BOT_GAMES:
            break
    return found


def _stable(text: str) -> str:
    """The mail without what differs from run to run: the seed commitment (its nonce is random)
    and the id of the service's key (made anew for each test)."""
    text = re.sub(r"\b[0-9a-f]{64}\b", "<sha256>", text)
    return re.sub(r"key id [0-9a-f]{16}", "key id <key id>", text)


def _skip_mails(env: object, gid: str, seq: int, n: int, pending: list[int]) -> None:
    """Move the notified mark past ``seq`` as if its mails were sent (none are built)."""
    journal = env.service.journal  # type: ignore[attr-defined]
    mark: NotifiedMark = journal.notified(gid)
    mark.seq = seq
    mark.seats = {str(s): seq for s in range(n)}
    mark.pending = pending
    journal.save_notified(gid, mark)
    journal.clear_dirty(gid)


def _telling(
    mails: list[EmailMessage], sentence: str, owner: int | None, mover: int
) -> EmailMessage | None:
    """The mail that tells ``sentence``: the owner's for a private event, else preferably one to
    a seat that did not move; ``None`` when no mail of this move tells it (a seat held back)."""
    words = " ".join(sentence.split())

    def tells(m: EmailMessage) -> bool:
        return words in " ".join(text_of(m).split())

    seats = [owner] if owner is not None else [s for s in range(len(PLAYERS)) if s != mover]
    seats += [] if owner is not None else [mover]
    for seat in seats:
        for m in mails:
            if PLAYERS[seat][1] in str(m["To"]) and tells(m):
                return m
    return None


pytestmark = pytest.mark.slow  # a whole game is played first: out of the fast lane


@pytest.fixture(scope="module")
def collected(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[str, str]]:
    return _play_and_collect(tmp_path_factory.mktemp("vs-events"))


def test_every_common_kind_comes_up(collected: dict[str, tuple[str, str]]) -> None:
    missing = KNOWN_KINDS - LEGACY - NEVER_IN_BOT_GAMES - RARE - set(collected)
    assert not missing, f"no mail told these event kinds: {sorted(missing)}"


@pytest.mark.parametrize("kind", sorted(KNOWN_KINDS - LEGACY - NEVER_IN_BOT_GAMES))
def test_golden_mail_of_each_event_kind(kind: str, collected: dict[str, tuple[str, str]]) -> None:
    path = GOLDEN / f"{kind}.txt"
    if kind not in collected:
        if kind in RARE and not path.exists():
            pytest.skip(f"{kind}: not brought by these seeds")
        assert kind in RARE, kind
        pytest.skip(f"{kind}: not brought by these seeds (golden kept from an earlier run)")
    name, text = collected[kind]
    if REGEN:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    assert path.exists(), f"{path} is missing: create it with PBEM_REGEN_GOLDEN=1"
    assert text == path.read_text(), f"{name} changed: rerun with PBEM_REGEN_GOLDEN=1 if intended"
    assert all(len(line) <= 72 for line in text.splitlines()), name
