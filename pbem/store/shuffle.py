"""Checking a game from its public record alone: the shuffle check and exported archives.

At creation the store publishes ``SHA-256("pbem-seed-v1:<nonce>:<seed>")`` in the setup line; at
the end it reveals the seed, the nonce and the exact notation of every secret move. Anyone holding
the log can then (1) check the commitment, (2) rebuild the set-up from the seed with the game's own
``setup``, (3) replay every move with ``derive_rng(seed, "apply", seq)`` and compare each line's
public notation and public events (the tiles drawn and placed, the scores...) with what the replay
gives, and (4) compare the final scores. A draw that the service changed after the commitment shows
up as a mismatch at the line where it happened.
"""

from __future__ import annotations

import tarfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import msgspec
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from pbem import layout
from pbem.errors import IntegrityError, StoreError
from pbem.rules.base import Game
from pbem.store.files import (
    LOG_FILE,
    SNAPSHOT_FILE,
    check_snapshot_against_log,
    parse_log,
    parse_snapshot,
)
from pbem.store.fold import Fold, ReplayMismatch, moves_in_effect, seed_commitment
from pbem.store.keys import RetiredKey, parse_public_keys, trusted_keys
from pbem.store.payloads import ActionLine, RevealLine, SetupLine
from pbem.store.records import LogEntry
from pbem.store.registry import game_for
from pbem.store.store import GameRecord, VerifyReport


@dataclass
class ShuffleReport:
    """The outcome of :func:`verify_shuffle`."""

    game_id: str
    ok: bool
    revealed: bool = False
    commitment: str = ""
    seed: int | None = None
    actions_checked: int = 0
    """Every action line replayed, those an undo took back included."""
    moves: int = 0
    """The moves in effect at the end: the game's one move number (mails, HISTORY, admin list)."""
    problems: list[str] = field(default_factory=list)
    problem_line: int | None = None
    """The log line of the first problem, if any."""

    def __str__(self) -> str:
        if not self.revealed:
            return (
                f"{self.game_id}: the seed is not revealed yet (it is revealed when the game ends); "
                f"its commitment is {self.commitment}"
            )
        if self.ok:
            return (
                f"{self.game_id}: OK: the revealed seed matches the commitment {self.commitment[:16]}..., "
                f"and replaying the {self.moves} move{'' if self.moves == 1 else 's'} of the game"
                + (
                    f" (and {self.actions_checked - self.moves} taken back)"
                    if self.actions_checked > self.moves
                    else ""
                )
                + " "
                "from it gives exactly the recorded draws and scores"
            )
        return f"{self.game_id}: FAILED: " + "; ".join(self.problems)


def replay_public(entries: Sequence[LogEntry], game: Game) -> ShuffleReport:
    """Check the shuffle of a game from its (already authenticated or not) decoded log lines: the
    store's own fold, from the revealed seed and with the revealed notations, checking each line."""
    setup = entries[0].payload
    if not isinstance(setup, SetupLine):
        raise IntegrityError("line 1 is not the setup", line=1)
    report = ShuffleReport(game_id=setup.game_id, ok=False, commitment=setup.seed_commitment)
    reveal = next((e for e in entries if isinstance(e.payload, RevealLine)), None)
    if reveal is None or not isinstance(reveal.payload, RevealLine):
        return report
    report.revealed = True
    seed, nonce = reveal.payload.seed, reveal.payload.nonce
    report.seed = seed
    notations = reveal.payload.notations

    def fail(line: int, text: str) -> ShuffleReport:
        report.problems.append(f"log.jsonl line {line}: {text}")
        report.problem_line = line
        return report

    if seed_commitment(seed, nonce) != report.commitment:
        return fail(
            reveal.seq,
            "the revealed seed and nonce do not match the commitment published at line 1",
        )
    fold = Fold.from_setup(game, entries[0], seed, nonce)
    for e in entries[1:]:
        try:
            fold.advance(e, "", notations.get(str(e.seq)), check=True)
        except ReplayMismatch as exc:
            return fail(e.seq, str(exc))
        if isinstance(e.payload, ActionLine):
            report.actions_checked += 1
    report.moves = len(moves_in_effect(entries))
    report.ok = True
    return report


def _read_source(path: Path) -> tuple[str, bytes, bytes | None, list[RetiredKey], list[str]]:
    """``(game id, log bytes, snapshot bytes, retired keys, public key lines)`` of an export
    (``.tar.gz``) or a game directory."""
    path = Path(path)
    if path.is_dir():
        log = (path / LOG_FILE).read_bytes()
        snap = (path / SNAPSHOT_FILE).read_bytes() if (path / SNAPSHOT_FILE).exists() else None
        keys = (
            (path / layout.EXPORT_KEYS).read_bytes()
            if (path / layout.EXPORT_KEYS).exists()
            else None
        )
        gid = path.name
    else:
        files: dict[str, bytes] = {}
        try:
            with tarfile.open(path, "r:*") as tar:
                for m in tar.getmembers():
                    parts = m.name.split("/")
                    if (
                        m.isfile()
                        and len(parts) == 2
                        and parts[1] in (LOG_FILE, SNAPSHOT_FILE, layout.EXPORT_KEYS)
                    ):
                        f = tar.extractfile(m)
                        if f is not None:
                            files[parts[1]] = f.read()
                            gid = parts[0]
        except (tarfile.TarError, OSError) as exc:
            raise StoreError(f"{path} is not a pbem export: {exc}") from None
        if LOG_FILE not in files:
            raise StoreError(f"{path} is not a pbem export (no <game>/log.jsonl inside)")
        log, snap, keys = files[LOG_FILE], files.get(SNAPSHOT_FILE), files.get(layout.EXPORT_KEYS)
    retired: list[RetiredKey] = []
    lines: list[str] = []
    if keys is not None:
        raw = msgspec.json.decode(keys)
        retired = msgspec.convert(raw.get("retired", []), list[RetiredKey])
        lines = list(raw.get("public_keys", []))
    return gid, log, snap, retired, lines


def verify_export(path: Path, public_key: str) -> VerifyReport:
    """Check an exported game (or a copied game directory) with the service's public key alone:
    every signature and the chain (retired keys count only when endorsed by a trusted key), the
    snapshot's signature and position, and, once the game ended, the full public replay."""
    return verified_export(path, public_key)[0]


def verified_export(path: Path, public_key: str) -> tuple[VerifyReport, list[LogEntry]]:
    """:func:`verify_export`, and the log lines it checked (empty when the check failed): what
    ``pbem standings --from`` reads."""
    entries: list[LogEntry] = []
    gid, log_bytes, snap_bytes, retired, _ = _read_source(Path(path))
    report = VerifyReport(game_id=gid, ok=False)
    try:
        anchors = parse_public_keys(public_key)
    except ValueError as exc:
        raise StoreError(f"the public key is not usable: {exc}") from None
    keys: dict[str, Ed25519PublicKey] = trusted_keys(anchors, retired)
    try:
        log = parse_log(log_bytes, keys, game=gid, path=f"{path}:{gid}/{LOG_FILE}")
        report.seq = log.seq
        if log.torn is not None:
            report.warnings.append(f"{gid}: the last line of the log is incomplete (ignored)")
        if snap_bytes is not None:
            snap, _ = parse_snapshot(
                snap_bytes, keys, game=gid, path=f"{path}:{gid}/{SNAPSHOT_FILE}"
            )
            check_snapshot_against_log(
                snap,
                log,
                game=gid,
                snap_path=f"{gid}/{SNAPSHOT_FILE}",
                log_path=f"{gid}/{LOG_FILE}",
            )
        game = game_for(_game_name(log.entries))
        shuffle = replay_public(log.entries, game)
        if shuffle.revealed:
            if not shuffle.ok:
                raise IntegrityError(
                    shuffle.problems[0],
                    game=gid,
                    path=f"{gid}/{LOG_FILE}",
                    line=shuffle.problem_line,
                )
            report.replayed = True
        else:
            report.warnings.append(
                f"{gid}: the game is still running; its moves can be replayed once the seed is revealed at the end"
            )
        report.ok = True
        entries = list(log.entries)
    except IntegrityError as exc:
        report.error = exc
    return report, entries


def verify_shuffle(source: GameRecord | Path, public_key: str | None = None) -> ShuffleReport:
    """Check that no draw was rigged, from a loaded record or from an export / game directory.

    For a path, signatures are checked with ``public_key`` when given, else with the public keys
    shipped in the archive (which shows consistency, not authorship: pass the service's published
    key for that). Raises :class:`IntegrityError` if a signature or the chain is bad.
    """
    if isinstance(source, GameRecord):
        return replay_public(source.entries, source.game)
    gid, log_bytes, _, retired, lines = _read_source(Path(source))
    key_text = public_key if public_key is not None else "\n".join(lines)
    keys: dict[str, Ed25519PublicKey] | None = None
    if key_text.strip():
        keys = trusted_keys(parse_public_keys(key_text), retired)
    log = parse_log(log_bytes, keys, game=gid, path=f"{gid}/{LOG_FILE}")
    return replay_public(log.entries, game_for(_game_name(log.entries)))


def _game_name(entries: Sequence[LogEntry]) -> str:
    setup = entries[0].payload
    if not isinstance(setup, SetupLine):  # parse_log refuses such a log
        raise StoreError("the log does not start with its setup line")
    return setup.game_name


def read_public_key_arg(value: str) -> str:
    """A ``--pubkey`` argument: the key line itself, or a file that holds it."""
    if value.strip().startswith("pbem-ed25519"):
        return value
    p = Path(value)
    if p.exists():
        return p.read_text()
    raise StoreError(
        f"{value!r} is neither a 'pbem-ed25519 ...' public key line nor a readable file"
    )


__all__ = [
    "ShuffleReport",
    "read_public_key_arg",
    "replay_public",
    "verified_export",
    "verify_export",
    "verify_shuffle",
]
