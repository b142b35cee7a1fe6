"""What one ended game gives the standings, read from its public log lines alone.

Everything here comes from lines every player holds in the export of the game-over mail (the setup's
players, the actions' sources, replacements, vacations, the end line), so anyone can recompute it.

How a game counts (docs/STANDINGS.md):

- a game is *rated* when it ended by the rules (end reason ``finished``); a game the GM ended (or any
  other reason) is not rated, but its reliability figures count;
- a seat played from the first move to the end by one address is rated at its rank (ties share a
  rank); a player who resigned or left a seat (a ``replace`` line names them as ``previous``) is rated
  last, below every seat that finished, whoever then played the seat; the address that took a seat
  over is not rated in that game;
- a computer seat (an address ``computer+...``) that played a seat from the start is rated as one
  calibration player per game, ``computer:<game>``; a seat the GM gave a computer level at creation
  (``computer+LEVEL.SEAT@...``, ``pbem admin new --player computer:LEVEL``) as one per game and
  level, ``computer:<game>:<level>`` (the levels differ in strength: each is its own anchor).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import msgspec

from pbem.store.payloads import ActionLine, EndLine, ReplaceLine, SetupLine, VacationLine
from pbem.store.records import LogEntry

COMPUTER_PREFIX = "computer+"
"""Addresses of seats the service's bot plays (``pbem.service.ports.COMPUTER_PREFIX``)."""


class SeatResult(msgspec.Struct, frozen=True, kw_only=True):
    """One address's part in one ended game."""

    address: str
    """The player's address, or ``computer:<game>`` for the service's bot."""
    name: str
    rank: int
    """1 the best; ties share a rank; 0 when not rated in this game."""
    on_time: int = 0
    """Decisions the address made itself (actions from mail or by the GM for it)."""
    missed: int = 0
    """Decisions the computer made for it at a deadline."""
    finished: bool = False
    """It held the seat when the game ended."""
    left: bool = False
    """It resigned or its seat was given to someone else."""
    leave_days: int = 0
    """Days of vacation it announced in this game."""
    stats: dict[str, int] = msgspec.field(default_factory=dict)
    """The seat's statistics (:mod:`pbem.standings.stats`) when the address played it from the
    first move to the end; empty otherwise."""


class GameResult(msgspec.Struct, frozen=True, kw_only=True):
    """The standings' input of one ended game."""

    game_id: str
    game_name: str
    ended: str
    """The time of the end line (UTC, ISO-8601): with the id, the game-end order."""
    rated: bool
    pool: str
    """``<game>/2`` or ``<game>/3-4``."""
    seats: list[SeatResult]

    @property
    def order(self) -> tuple[str, str]:
        return (self.ended, self.game_id)


def pool_of(game_name: str, n_players: int) -> str:
    """The pool of a game: 2-player games apart from 3-4-player games, per game."""
    return f"{game_name}/{'2' if n_players <= 2 else '3-4'}"


def computer_id(game_name: str, level: str | None = None) -> str:
    """The calibration player of a computer seat: ``computer:<game>``, or with the seat's level
    ``computer:<game>:<level>``."""
    return f"computer:{game_name}" if level is None else f"computer:{game_name}:{level}"


def computer_level(address: str, game_name: str) -> str | None:
    """The level a computer seat's address names (``computer+LEVEL.SEAT@...``: one of the game's
    bots), or ``None`` (a seat whose label names no bot, such as an older game's computer seat,
    was played by the stand-in of its time)."""
    label = address[len(COMPUTER_PREFIX) :].partition("@")[0].rpartition(".")[0]
    from pbem.rules import find_game

    try:
        bots = find_game(game_name).bots()
    except KeyError:
        return None
    return label if label in bots else None


def _ranks(scores: Sequence[int]) -> list[int]:
    return [1 + sum(1 for t in scores if t > s) for s in scores]


def _days(start: str, until: str) -> int:
    span = datetime.fromisoformat(until) - datetime.fromisoformat(start)
    return max(0, -(-int(span.total_seconds()) // 86400))


def game_result(entries: Sequence[LogEntry]) -> GameResult | None:
    """The result of an ended game from its log lines, or ``None`` while it runs."""
    setup = entries[0].payload
    if not isinstance(setup, SetupLine):
        raise ValueError("the log does not start with its setup line")
    end = next((e for e in entries if isinstance(e.payload, EndLine)), None)  # a lookup
    if end is None or not isinstance(end.payload, EndLine):
        return None
    from pbem.standings.stats import game_stats
    from pbem.store.fold import walk

    n = len(setup.players)
    per_seat = game_stats(entries)
    holders: list[list[tuple[str, str]]] = [[(p.email, p.name)] for p in setup.players]
    left: set[tuple[int, str]] = set()
    on_time: dict[str, int] = {}
    missed: dict[str, int] = {}
    leave: dict[str, int] = {}
    for step in walk(entries):
        match step.entry.payload:
            case ActionLine(seat=seat, source=source) if step.move is not None:
                who = holders[seat][-1][0]
                if source == "timer":
                    missed[who] = missed.get(who, 0) + 1
                elif source in ("mail", "gm"):
                    on_time[who] = on_time.get(who, 0) + 1
            case ReplaceLine(seat=seat, email=email, name=name, previous=previous):
                left.add((seat, previous))
                holders[seat].append((email, name))
            case VacationLine(seat=seat, start=start, until=until):
                who = holders[seat][-1][0]
                leave[who] = leave.get(who, 0) + _days(start, until)
            case _:
                pass
    rated = end.payload.reason == "finished"
    scores = list(end.payload.scores)
    ranks = _ranks(scores) if len(scores) == n else [0] * n
    worst = n + 1
    seats: list[SeatResult] = []
    for seat in range(n):
        chain = holders[seat]
        for i, (addr, name) in enumerate(chain):
            last = i == len(chain) - 1
            computer = addr.startswith(COMPUTER_PREFIX)
            if not rated:
                rank = 0
            elif len(chain) == 1:
                rank = ranks[seat]
            elif i == 0 and not computer:
                rank = worst  # resigned or left: below every seat that finished
            else:
                rank = 0
            if computer:
                if rank:
                    level = computer_level(addr, setup.game_name)
                    seats.append(
                        SeatResult(
                            address=computer_id(setup.game_name, level),
                            name="computer" if level is None else f"computer ({level})",
                            rank=rank,
                        )
                    )
                continue
            seats.append(
                SeatResult(
                    address=addr,
                    name=name,
                    rank=rank,
                    on_time=on_time.get(addr, 0),
                    missed=missed.get(addr, 0),
                    finished=last,
                    left=(seat, addr) in left and not last,
                    leave_days=leave.get(addr, 0),
                    stats=per_seat[seat] if len(chain) == 1 else {},
                )
            )
    # One address at most once (a player who left a seat and took another is counted once).
    seen: set[str] = set()
    unique: list[SeatResult] = []
    for s in seats:
        if s.address in seen:
            continue
        seen.add(s.address)
        unique.append(s)
    if sum(1 for s in unique if s.rank) < 2:
        rated = False
    return GameResult(
        game_id=setup.game_id,
        game_name=setup.game_name,
        ended=end.time,
        rated=rated,
        pool=pool_of(setup.game_name, n),
        seats=unique,
    )
