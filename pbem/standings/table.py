"""The standings as rows: each pool's players in order, with their reliability beside the rating
(``pbem admin standings``, the ``STANDINGS`` mail)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgspec

from pbem.standings.ratings import Rating, Reliability, Standings


@dataclass(frozen=True)
class Row:
    place: int
    address: str
    rating: Rating
    reliability: Reliability | None

    @property
    def computer(self) -> bool:
        return self.address.startswith("computer:")


def rows(standings: Standings, pool: str) -> list[Row]:
    """The players of ``pool``, the best rating first (ties: by address), numbered from 1."""
    players = standings.pools.get(pool, {})
    order = sorted(players.items(), key=lambda kv: (-kv[1].rating, kv[0]))
    rel = standings.reliability
    return [Row(i, addr, r, rel.get(addr)) for i, (addr, r) in enumerate(order, start=1)]


def pools(standings: Standings) -> list[str]:
    return sorted(standings.pools)


def text_lines(standings: Standings, pool: str, top: int | None = None) -> list[str]:
    """The GM's table of one pool: place, rating (``?`` provisional), change in the last game,
    games, wins, reliability (percent on time, games left), name and address."""
    out = [f"{pool}:", "     #  rating      last  games  wins  on time  left  player"]
    for row in rows(standings, pool)[:top]:
        r = row.rating
        mark = "?" if r.provisional else " "
        rel = row.reliability
        on_time = f"{rel.percent:>6}%" if rel else "      -"
        left = f"{rel.left:>4}" if rel else "   -"
        out.append(
            f"  {row.place:>4}  {r.rating:>7.2f}{mark} {r.change:>+7.2f}  {r.games:>5}  "
            f"{r.wins:>4}  {on_time}  {left}  {r.name} <{row.address}>"
        )
    return out


def json_data(standings: Standings) -> dict[str, Any]:
    """``pbem admin standings --json``: every pool's rows and every address's reliability."""
    return {
        "model": standings.model,
        "games": len(standings.games),
        "pools": {
            pool: [
                {
                    "place": row.place,
                    "address": row.address,
                    "name": row.rating.name,
                    "rating": row.rating.rating,
                    "provisional": row.rating.provisional,
                    "mu": row.rating.mu,
                    "sigma": row.rating.sigma,
                    "games": row.rating.games,
                    "wins": row.rating.wins,
                    "change": row.rating.change,
                    "reliability": row.reliability.percent if row.reliability else None,
                }
                for row in rows(standings, pool)
            ]
            for pool in pools(standings)
        },
        "reliability": {
            addr: {"percent": rel.percent, **msgspec.structs.asdict(rel)}
            for addr, rel in sorted(standings.reliability.items())
        },
    }


def pool_title(game_title: str, pool: str) -> str:
    """``Forbidden City, 2 players`` / ``Forbidden City, 3-4 players``, in the language spoken."""
    from pbem.i18n import _

    if pool.endswith("/2"):
        return _("%(game)s, 2 players") % {"game": game_title}
    return _("%(game)s, 3-4 players") % {"game": game_title}


def game_title(game_name: str) -> str:
    """The title of the game ``game_name`` (the name itself for a game this pbem does not know)."""
    from pbem.rules import find_game

    try:
        return find_game(game_name).title
    except (KeyError, ValueError):
        return game_name
