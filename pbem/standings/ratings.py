"""The standings: Weng-Lin ratings per game and pool through ``openskill``, and a reliability record
per address, folded over the ended games in game-end order.

The model and its parameters were chosen by the simulation in ``benchmarks/bench_ratings.py``
(docs/STANDINGS.md). Byte-for-byte recomputation: the games are applied in one order (the time of
their end line, then the game id), and every mean and deviation is rounded to :data:`DIGITS`
decimals after each game, so the next update starts from exactly the numbers the file holds; the
file is msgspec JSON with sorted keys.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import msgspec

from pbem.standings.results import GameResult

if TYPE_CHECKING:  # openskill loads when a game ends
    from openskill.models import BradleyTerryPart

VERSION = 1
MODEL = "BradleyTerryPart"
"""The openskill model, chosen by ``benchmarks/bench_ratings.py`` (docs/STANDINGS.md): of the
systems that reach the targets (Spearman >= 0.90 with mixed tables, >= 0.80 with two clubs), the
one that also ranks best across a strong and a weak club, ranked by :attr:`Rating.rating`."""
MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
TAU = 25.0 / 300.0
DIGITS = 6
"""Decimals kept of every mean and deviation, after every game."""
PROVISIONAL_SIGMA = 6.5
"""A rating is provisional while its deviation is at or above this: a new player starts at 8.33
and falls below it after about 9 games of 3-4 players (benchmarks/bench_ratings.py)."""
MISSED_PER_LEFT = 10
"""A game left counts as this many missed decisions in the reliability figure."""


class Rating(msgspec.Struct, kw_only=True):
    """One address in one pool."""

    name: str
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0
    wins: int = 0
    change: float = 0.0
    """The change of :attr:`rating` in the address's last game of this pool."""
    last: str = ""
    """The id of that game."""

    @property
    def rating(self) -> float:
        """The number shown: the mean less three deviations (it rises as the deviation falls)."""
        return round(self.mu - 3 * self.sigma, 2)

    @property
    def provisional(self) -> bool:
        return self.sigma >= PROVISIONAL_SIGMA


class Reliability(msgspec.Struct, kw_only=True):
    """One address's record over every ended game, rated or not."""

    on_time: int = 0
    missed: int = 0
    games: int = 0
    finished: int = 0
    left: int = 0
    leave_days: int = 0

    @property
    def percent(self) -> int:
        """On-time decisions in percent of all decisions owed, a game left counting as
        :data:`MISSED_PER_LEFT` missed; 100 for an address with no decision yet."""
        owed = self.on_time + self.missed + MISSED_PER_LEFT * self.left
        return 100 if owed == 0 else (100 * self.on_time) // owed


class Applied(msgspec.Struct, array_like=True):
    """One game in the standings: its end time and id (the order) and whether it was rated."""

    ended: str
    game_id: str
    rated: bool


class Standings(msgspec.Struct, kw_only=True):
    """The whole standings file."""

    version: int = VERSION
    model: str = MODEL
    games: list[Applied] = msgspec.field(default_factory=list)
    pools: dict[str, dict[str, Rating]] = msgspec.field(default_factory=dict)
    """Pool (``<game>/2``, ``<game>/3-4``) -> address -> rating."""
    reliability: dict[str, Reliability] = msgspec.field(default_factory=dict)
    totals: dict[str, dict[str, dict[str, int]]] = msgspec.field(default_factory=dict)
    """Address -> game -> each statistic summed over the games it played from start to end, and
    ``games``: how many (``STATS``)."""

    @property
    def last_order(self) -> tuple[str, str] | None:
        if not self.games:
            return None
        g = self.games[-1]
        return (g.ended, g.game_id)

    def has(self, game_id: str) -> bool:
        return any(g.game_id == game_id for g in reversed(self.games))


_model_cache: list[BradleyTerryPart] = []


def model() -> BradleyTerryPart:
    """The openskill model (imported on first use: a tick that ends no game never imports it)."""
    if not _model_cache:
        from openskill.models import BradleyTerryPart

        _model_cache.append(BradleyTerryPart(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU))
    return _model_cache[0]


def _round(x: float) -> float:
    return round(x, DIGITS) + 0.0  # + 0.0: never a negative zero


def apply(standings: Standings, result: GameResult) -> dict[str, float]:
    """Fold one ended game into ``standings`` (in place); the change of each rated address's
    rating. The caller keeps the game-end order."""
    standings.games.append(Applied(result.ended, result.game_id, result.rated))
    for s in result.seats:
        if s.address.startswith("computer:"):
            continue
        rel = standings.reliability.setdefault(s.address, Reliability())
        rel.on_time += s.on_time
        rel.missed += s.missed
        rel.games += 1
        rel.finished += int(s.finished)
        rel.left += int(s.left)
        rel.leave_days += s.leave_days
        if s.stats:
            mine = standings.totals.setdefault(s.address, {}).setdefault(result.game_name, {})
            mine["games"] = mine.get("games", 0) + 1
            for k, v in s.stats.items():
                mine[k] = mine.get(k, 0) + v
    if not result.rated:
        return {}
    pool = standings.pools.setdefault(result.pool, {})
    rated = [s for s in result.seats if s.rank]
    before = [pool.get(s.address) or Rating(name=s.name) for s in rated]
    m = model()
    teams = [[m.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = m.rate(teams, ranks=[s.rank for s in rated])
    changes: dict[str, float] = {}
    best = min(s.rank for s in rated)
    for s, old, new in zip(rated, before, after, strict=True):
        was = old.rating
        old.mu = _round(new[0].mu)
        old.sigma = _round(new[0].sigma)
        old.name = s.name
        old.games += 1
        old.wins += int(s.rank == best)
        old.change = round(old.rating - was, 2) + 0.0
        old.last = result.game_id
        pool[s.address] = old
        changes[s.address] = old.change
    return changes


def fold(results: Iterable[GameResult]) -> Standings:
    """The standings of these games, applied in game-end order."""
    standings = Standings()
    for r in sorted(results, key=lambda r: r.order):
        apply(standings, r)
    return standings


_encoder = msgspec.json.Encoder(order="sorted")
_decoder = msgspec.json.Decoder(Standings)


def encode(standings: Standings) -> bytes:
    """The file's bytes: sorted keys, one line, a final newline."""
    return _encoder.encode(standings) + b"\n"


def decode(data: bytes) -> Standings:
    return _decoder.decode(data)
