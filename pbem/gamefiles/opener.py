"""Opening a game file for ``pbem play --from``: a game record, a turn file or an export.

Every source is verified with the service's public key unless the caller says not to; what was
checked (or not) travels with the opened game, so that every screen can say it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pbem import layout
from pbem.gamefiles.record import (
    LOG_MARK,
    RecordError,
    check_chain,
    parse_record,
    seats_of,
    verify_record,
)
from pbem.rules.base import Game
from pbem.store.records import LogEntry

if TYPE_CHECKING:
    from pbem.gamefiles.turnfile import Private


class OpenError(ValueError):
    """The file is not a game file, or it does not verify (the message says why)."""


@dataclass
class Opened:
    """A game file, read (and verified unless ``verified`` is False)."""

    kind: str
    """``record``, ``turn`` or ``export``."""
    game: Game
    entries: list[LogEntry]
    names: list[str]
    players: list[str]
    verified: bool
    shuffle_checked: bool = False
    turn: Private | None = None
    """A turn file's private part (:class:`pbem.gamefiles.turnfile.Private`)."""
    notes: list[str] = field(default_factory=list)


def open_file(path: Path, public_key: str | None) -> Opened:
    """Read ``path`` (a record, a turn file, an export or a copied game directory) and verify it
    with ``public_key`` (``None``: ``--no-verify``)."""
    from pbem.store.registry import game_for

    if path.is_dir() or path.name.endswith((layout.EXPORT_SUFFIX, ".tgz", ".tar")):
        return _open_export(path, public_key)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise OpenError(f"cannot read {path}: {exc.strerror or exc}") from None
    if data.lstrip().startswith(b"{"):
        from pbem.gamefiles.turnfile import read_turn_file

        return read_turn_file(data, public_key)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise OpenError(f"{path} is not a game record, a turn file or an export") from None
    if LOG_MARK not in text:
        raise OpenError(f"{path} is not a game record, a turn file or an export")
    return open_record_text(text, public_key, game_for)


def open_record_text(text: str, public_key: str | None, game_for: Callable[[str], Game]) -> Opened:
    if public_key is not None:
        report, parsed = verify_record(text, public_key)
        if not report.ok or parsed is None:
            raise OpenError("the record does not verify: " + "; ".join(report.problems))
        shuffle = report.revealed
    else:
        try:
            parsed = parse_record(text)
            check_chain(parsed)
        except RecordError as exc:
            raise OpenError(str(exc)) from None
        shuffle = False
    game = game_for(parsed.entries[0].payload.game_name)  # type: ignore[union-attr]
    seats = seats_of(parsed.entries, game)
    return Opened(
        kind="record",
        game=game,
        entries=parsed.entries,
        names=seats.names,
        players=seats.players,
        verified=public_key is not None,
        shuffle_checked=shuffle,
    )


def _open_export(path: Path, public_key: str | None) -> Opened:
    from pbem.store.files import parse_log
    from pbem.store.keys import parse_public_keys, trusted_keys
    from pbem.store.registry import game_for
    from pbem.store.shuffle import _read_source, verify_export

    try:
        gid, log_bytes, _, retired, _ = _read_source(path)
    except Exception as exc:  # a StoreError: not an export
        raise OpenError(str(exc)) from None
    keys = None
    replayed = False
    if public_key is not None:
        report = verify_export(path, public_key)
        if not report.ok:
            raise OpenError(f"the export does not verify: {report.error}")
        keys = trusted_keys(parse_public_keys(public_key), retired)
        replayed = report.replayed
    try:
        log = parse_log(log_bytes, keys, game=gid, path=f"{path}")
    except Exception as exc:  # an IntegrityError: say it
        raise OpenError(str(exc)) from None
    entries = list(log.entries)
    game = game_for(entries[0].payload.game_name)  # type: ignore[union-attr]
    seats = seats_of(entries, game)
    return Opened(
        kind="export",
        game=game,
        entries=entries,
        names=seats.names,
        players=seats.players,
        verified=public_key is not None,
        shuffle_checked=replayed,
    )
