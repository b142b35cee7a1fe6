"""Standings that anyone can recompute: ratings per game and pool, a reliability record per address.

``<data>/standings.json`` is the fold of every ended game of the service in game-end order
(:mod:`pbem.standings.ratings`), each game read from its public log lines alone
(:mod:`pbem.standings.results`). The service updates it when it mails a game's end
(:func:`record_end`); ``pbem standings --from EXPORT...`` rebuilds the same bytes from the signed
exports (:func:`from_exports`). docs/STANDINGS.md says how a game counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from pbem import layout
from pbem.errors import StoreError
from pbem.standings.ratings import (
    PROVISIONAL_SIGMA,
    Rating,
    Reliability,
    Standings,
    apply,
    decode,
    encode,
    fold,
)
from pbem.standings.results import GameResult, SeatResult, game_result, pool_of
from pbem.store import Store
from pbem.store.fsutil import atomic_write
from pbem.store.records import LogEntry

STANDINGS_FILE = layout.STANDINGS


def path_of(data_dir: Path) -> Path:
    return Path(data_dir) / STANDINGS_FILE


def load(data_dir: Path) -> Standings:
    """The service's standings (empty before the first game ends)."""
    try:
        return decode(path_of(data_dir).read_bytes())
    except FileNotFoundError:
        return Standings()


def save(data_dir: Path, standings: Standings, *, sync: bool = True) -> None:
    atomic_write(path_of(data_dir), encode(standings), mode=0o600, sync=sync)


def results_of_store(store: Store) -> list[GameResult]:
    """The result of every ended game of ``store`` (each log's signatures checked)."""
    out: list[GameResult] = []
    for row in store.rows():
        if row.status != "ended":
            continue
        r = game_result(list(store.load(row.game_id).entries))
        if r is not None:
            out.append(r)
    return out


def rebuild(store: Store) -> Standings:
    """The standings of every ended game of ``store``, written to its file."""
    standings = fold(results_of_store(store))
    save(store.data_dir, standings, sync=store.fsync)
    return standings


def record_end(store: Store, entries: Sequence[LogEntry]) -> Standings | None:
    """Fold a game that just ended into the service's standings file (once: a game already there
    is left alone); ``None`` while the game runs. A game that sorts before the last one folded (its
    end line's time is earlier: another game's end was committed first) rebuilds the whole file
    from the store, so the file is always the fold of the ended games in game-end order. The caller
    holds the service lock."""
    result = game_result(entries)
    if result is None:
        return None
    data_dir = store.data_dir
    if not path_of(data_dir).exists():
        return rebuild(store)
    standings = load(data_dir)
    if standings.has(result.game_id):
        return standings
    last = standings.last_order
    if last is not None and result.order < last:
        return rebuild(store)
    apply(standings, result)
    save(data_dir, standings, sync=store.fsync)
    return standings


def export_paths(sources: Iterable[Path]) -> list[Path]:
    """The exports named: a file as it is, a directory as its ``*.tar.gz`` files (sorted)."""
    out: list[Path] = []
    for src in sources:
        p = Path(src)
        if p.is_dir():
            out += sorted(p.glob("*.tar.gz"))
        elif p.exists():
            out.append(p)
        else:
            raise StoreError(f"{p}: no such export or directory")
    return out


def from_exports(sources: Iterable[Path], public_key: str) -> tuple[Standings, list[str]]:
    """The standings recomputed from signed exports alone, each checked with ``public_key`` (every
    signature, the chain and, for an ended game, the full public replay); and the problems met (an
    export that fails its check is left out and named). Running games count for nothing."""
    from pbem.store.shuffle import verified_export

    results: dict[str, GameResult] = {}
    problems: list[str] = []
    for path in export_paths(sources):
        report, entries = verified_export(path, public_key)
        if not report.ok:
            problems.append(f"{path}: {report.error}")
            continue
        r = game_result(entries)
        if r is not None:
            results[r.game_id] = r
    return fold(results.values()), problems


__all__ = [
    "PROVISIONAL_SIGMA",
    "STANDINGS_FILE",
    "GameResult",
    "Rating",
    "Reliability",
    "SeatResult",
    "Standings",
    "encode",
    "from_exports",
    "game_result",
    "load",
    "path_of",
    "pool_of",
    "rebuild",
    "record_end",
    "save",
]
