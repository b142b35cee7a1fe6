"""Games played through a real store by the games' own bots, for the game-file tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from pbem.rules.base import derive_rng
from pbem.store import ActionEntry, GameRecord, Source, Store

T0 = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
BOT = {"forbidden-city": "greedy", "verbotene-stadt": "heuristic"}


class Table:
    """One store and a clock; plays bot games in it."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.now = T0

    def tick(self) -> datetime:
        self.now += timedelta(minutes=7)
        return self.now

    def new(self, name: str, n: int, seed: int = 42, options: dict[str, str] | None = None) -> str:
        players = [(f"Player {i}", f"p{i}@example.org") for i in range(n)]
        return self.store.create(name, players, options or {}, seed, self.tick())

    def play(
        self,
        gid: str,
        moves: int | None = None,
        choose: Callable[[GameRecord, int, int], Any] | None = None,
    ) -> GameRecord:
        """Play ``moves`` moves (or to the end) with the game's strong bot, or ``choose(record,
        seat, k)`` where it returns an action."""
        rec = self.store.load(gid)
        bot = rec.game.bots()[BOT[rec.game.name]]
        k = 0
        while rec.envelope.status == "active" and (moves is None or k < moves):
            seat = rec.pending()[0].seat
            action = choose(rec, seat, k) if choose is not None else None
            if action is None:
                action = bot.choose(rec.game, rec.state, seat, derive_rng(7, "bot", rec.seq))
            source: Source = "bot" if k % 5 == 4 else "mail"
            rec = self.store.commit(
                gid, rec.seq, [ActionEntry(seat, action=action, source=source)], self.tick()
            )
            k += 1
        return rec
