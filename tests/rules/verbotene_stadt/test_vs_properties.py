"""Properties over whole bot games (2, 3, 4 players).

By default six games (each bot line-up twice) keep this file fast; ``PBEM_LONG_TESTS=1`` plays
``PBEM_LONG_GAMES`` (default 1000) games, split into chunks so that ``-n 2`` can share them.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from longtests import LONG
from vs_helpers import BOARD, play_bots

from pbem.rules.base import Event, derive_rng
from pbem.rules.verbotene_stadt import GAME
from pbem.rules.verbotene_stadt.state import Select, State

LONG_GAMES = int(os.environ.get("PBEM_LONG_GAMES", "1000"))
CHUNKS = 20
KINDS = ("heuristic", "mixed", "random")
"""The bot line-ups: heuristic only, heuristic and random seats mixed, random only."""
MIXES = {
    2: {"heuristic": ["heuristic"], "mixed": ["heuristic", "random"], "random": ["random"]},
    3: {
        "heuristic": ["heuristic"],
        "mixed": ["random", "heuristic", "random"],
        "random": ["random"],
    },
    4: {
        "heuristic": ["heuristic"],
        "mixed": ["heuristic", "random", "heuristic", "random"],
        "random": ["random"],
    },
}
CAP = 20_000
"""Reaching this many actions fails the 'always ends' property. Measured: heuristic games up to
about 2,300 actions, random-only games up to about 5,100 (median 3,200)."""


def check_invariants(state: State) -> None:
    on_board = [c for c in state.positions if c >= 0]
    assert len(on_board) == len(set(on_board)), "two officials on one field"
    for c in on_board:
        assert 0 <= c < BOARD.width * BOARD.height
        assert c not in BOARD.roofs and c not in BOARD.pavilion_at
    assert {o for o, c in enumerate(state.positions) if c < 0} == set(state.exiled)
    cards = [c for p in state.pavilion_cards for c in p] + [c for h in state.hands for c in h]
    assert sorted(cards) == list(range(24)), "garment cards lost or duplicated"
    for d in GAME.pending(state):
        assert list(GAME.legal(state, d.seat)), f"{d} has no legal answer"


def check_secrets(state: State, action: Any, seat: int, events: list[Event]) -> None:
    for e in events:
        # Only these kinds carry a selection before the rules reveal it: never public.
        if e.kind in ("selection", "must-reselect"):
            assert e.visible_to == e.data["seat"]
    if isinstance(action, Select):
        assert GAME.public_notation(state, seat, action) == "select (secret)"
    public = GAME.view(state, None)
    assert public.my_selection is None and not public.must_reselect
    for s in range(state.n):
        v = GAME.view(state, s)
        mine = state.selections[s]
        assert v.my_selection == (BOARD.official_name(mine) if mine >= 0 else None)
    reselect_prompts = {d.prompt for d in GAME.pending(state) if d.kind == "reselect"}
    assert len(reselect_prompts) <= 1, "the prompts betray who must reselect"


def run_game(n: int, seed: int, bots: list[str], thorough: bool) -> int:
    count = [0]

    def check(before: State, seat: int, action: Any, events: list[Event], after: State) -> None:
        count[0] += 1
        check_invariants(after)
        if thorough or count[0] % 25 == 0:
            check_secrets(after, action, seat, events)
            assert GAME.decode_state(GAME.encode_state(after)) == after

    state, log = play_bots(n, seed, bots, cap=CAP, check=check)
    assert GAME.pending(state) == [], f"game {n}p seed {seed} did not end in {CAP} actions"
    res = GAME.result(state)
    assert res is not None and len(res.scores) == n
    # Replay from the seed: the same actions rebuild the same state byte for byte.
    replay = GAME.setup(n, {}, seed)
    for seq, (seat, action, events) in enumerate(log):
        text = GAME.notation(action)
        parsed = GAME.parse(replay, seat, text)
        assert parsed == action, text
        replay, again = GAME.apply(replay, seat, parsed, derive_rng(seed, "apply", seq))
        assert again == events
    assert GAME.encode_state(replay) == GAME.encode_state(state)
    return len(log)


@pytest.mark.parametrize(
    ("n", "kind"),
    [(2, "heuristic"), (3, "mixed"), (4, "random"), (2, "random"), (3, "heuristic"), (4, "mixed")],
)
def test_bot_games_end_replay_and_keep_invariants(n: int, kind: str) -> None:
    run_game(n, 1000 * n + KINDS.index(kind), MIXES[n][kind], thorough=True)


def test_bluffs_and_doubts_occur_in_bot_games() -> None:
    seen: set[str] = set()
    for seed in range(2):
        _, log = play_bots(4, seed, ["heuristic"], cap=CAP)
        for _, _, events in log:
            seen.update(e.data["result"] for e in events if e.kind == "outcome")
    assert {"bluff-succeeded", "bluff-failed"} & seen
    assert "doubter-punished" in seen or "bluff-failed" in seen


@pytest.mark.slow
@pytest.mark.skipif(not LONG, reason="set PBEM_LONG_TESTS=1 for thousands of bot games")
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_thousands_of_bot_games(chunk: int) -> None:
    """``PBEM_LONG_GAMES`` games (1000 by default) of 2, 3 and 4 players, cycling through the
    heuristic, mixed and random line-ups: all end, replay, and keep the invariants."""
    for i in range(chunk, LONG_GAMES, CHUNKS):
        n = 2 + i % 3
        kind = KINDS[(i // 3) % 3]
        run_game(n, 100_000 + i, MIXES[n][kind], thorough=False)
