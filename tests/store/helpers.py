"""Helpers shared by the store tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import toygame

from pbem.store import ActionEntry, GameRecord, Store


def play(store: Store, gid: str, clock: Callable[[], datetime], moves: int | None = None) -> GameRecord:
    """Play ``moves`` moves (or to the end) with the toy game's deterministic choice."""
    rec = store.load(gid)
    done = 0
    while rec.envelope.status == "active" and (moves is None or done < moves):
        seat = rec.pending()[0].seat
        text = toygame.first_legal(rec.state, seat)
        rec = store.commit(gid, rec.seq, [ActionEntry(seat, text=text, source="gm")], clock())
        done += 1
    return rec


def engine_only(seed: int, n: int, options: dict[str, str], moves: int | None = None) -> tuple[list[str], object]:
    """The same game played by the engine alone: (notations, final state)."""
    from pbem.rules.base import derive_rng

    game = toygame.GAME
    state = game.setup(n, options, seed)
    notations: list[str] = []
    seq = 1
    while game.pending(state) and (moves is None or len(notations) < moves):
        seat = game.pending(state)[0].seat
        text = toygame.first_legal(state, seat)
        seq += 1
        state, _ = game.apply(state, seat, game.parse(state, seat, text), derive_rng(seed, "apply", seq))
        notations.append(text)
    return notations, state
