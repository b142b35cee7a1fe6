"""A game's id is never read as a move (issue 31, fourteenth round).

Ids are four letters or digits after the game's initials (:mod:`pbem.store.committer`), so some
look like a move of Forbidden City: ``fc-m8r2`` holds ``m8r2``, the square M8 turned R2. A CI run
drew such an id for the shared English game and "For fc-m8r2 (the club game): P10 R2" was asked
back as two moves; "fc-m8r2" on a line of its own was played as M8 R2. Every game's id in a reply
is now read as a word that is no move (:func:`pbem.commands.copies.masked_ids`) and written back
as the player wrote it in every answer.
"""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

from pbem import i18n
from pbem.commands.copies import masked_ids
from pbem.store import committer

MOVE_SHAPED = ["m8r2", "q9r3", "k5r2"]
"""Ids of the alphabet (no 0, 1, i, l, o) whose tail is a square and a rotation."""

PHRASES: list[tuple[str, str]] = [
    ("For fc-7k3q (the club game, not the one with my brother-in-law): P10 R2.", "P10 R2"),
    ("fc-7k3q: P10 R2", "P10 R2"),
    ("P10 R2 (fc-7k3q)", "P10 R2"),
    ("'FC-7K3Q': P10 R2", "P10 R2"),
    ("For fc-7k3q, not fc-k6r3: P10 R2.", "P10 R2"),
    ("fc-7k3q", ""),
    ("Game fc-7k3q", ""),
    ("fc-q8r2: P10 R2", ""),
    ("fc-q8r2", ""),
]
"""Replies to the turn mail of the game ``fc-7k3q`` (:data:`player_corpus.OWN_ID`, written as
the game's id), with the move meant ("" for none: asked back or nothing read, never played)."""


def turn_stage(tmp: Path, monkeypatch: pytest.MonkeyPatch, tail: str) -> tuple[str, pc.Stage]:
    """The English turn mail of a game of its own whose id is ``fc-<tail>``."""
    monkeypatch.setattr(committer, "_unique_id", lambda prefix: f"{prefix}-{tail}")
    walk = pc.fc_stages.__wrapped__  # type: ignore[attr-defined]  # not the run's shared game
    name, stage = next(iter(walk(tmp, "en")))
    assert (name, stage.gid) == ("fc:turn", f"fc-{tail}")
    return name, stage


@pytest.mark.parametrize("tail", MOVE_SHAPED)
def test_a_game_id_shaped_like_a_move_is_never_read_as_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tail: str
) -> None:
    stage = turn_stage(tmp_path, monkeypatch, tail)
    todo = [("fc:turn", text, want) for text, want in PHRASES]
    assert pc.judge_phrases([stage], "en", todo, pc.move_or_ask) == ([], [])


def test_an_answer_quotes_the_id_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name, stage = turn_stage(tmp_path, monkeypatch, "m8r2")
    rec = stage.env.store.load(stage.gid)
    case = pc.Case("t", "t", "en", name, "gmail", "nothing", "Game FC-M8R2 please")
    raw = pc.make_reply(case, stage.mail, rec.envelope.active_player(stage.seat).email)
    with i18n.speaking("en"):
        reading = pc.read_reply(stage, raw)
    assert reading.action is None
    said = [line for line, _err in reading.errors] + [str(err) for _l, err in reading.errors]
    assert said and any("FC-M8R2" in s for s in said)
    assert not any("zz" in s.casefold() for s in said)


def test_ids_masked_and_written_back() -> None:
    texts = ["For fc-m8r2 and FC-M8R2, not 'vs-k9r3': L12 R1", "o-fc-3a9c stays", "plain"]
    out, mask = masked_ids(texts, "fc-m8r2")
    assert mask.here == "fc-zzzz"
    assert out == ["For fc-zzzz and fc-zzzz, not 'vs-qzzz': L12 R1", "o-fc-3a9c stays", "plain"]
    assert [mask.restore(t) for t in out][1:] == texts[1:]
    assert mask.restore(out[0]) == "For fc-m8r2 and fc-m8r2, not 'vs-k9r3': L12 R1"
    # this game not named: every id is another's
    assert masked_ids(["vs-k9r3"], "fc-7k3q")[1].here == ""
    # a text already holding a standing word keeps its ids (nothing to write back wrongly)
    kept, none = masked_ids(["fc-zzzz fc-m8r2"], "fc-m8r2")
    assert kept == ["fc-zzzz fc-m8r2"] and (none.here, none.back) == ("", {})


def test_a_huge_or_hostile_reply_of_ids_is_masked_in_linear_time_and_reads_no_move() -> None:
    """Tens of thousands of move-shaped ids, non-ASCII around them: every one stands as a word
    that is no move (past the 48 words, the last one), and the text is written back."""
    import re

    ids = [f"fc-{c}{d}r{r}" for c in "kmnpq" for d in "23456789" for r in "23"]  # 80 ids
    line = " ".join(f"«{i}»é" for i in ids * 500)  # 40,000 ids, about 400,000 characters
    (out,), mask = masked_ids([line], "fc-m8r2")
    assert not re.search(r"(?i)[k-q]\d", out)  # no square left to read
    assert mask.here and len(mask.back) == 48
    assert mask.restore(out).count("«fc-") == len(ids) * 500
