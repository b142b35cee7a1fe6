"""Reading a game: its log (signatures checked only past what this process, or a signed checkpoint,
already checked), its snapshot rolled forward, and the recoveries after a crash (a torn last line
cut off, a missing newline added, a stale or missing snapshot rebuilt), under the game's lock."""

from __future__ import annotations

import os
from collections import OrderedDict

import msgspec

from pbem.errors import IntegrityError, StoreError
from pbem.rules.base import Game
from pbem.store.files import (
    LOCK_FILE,
    LOG_FILE,
    SNAPSHOT_FILE,
    TORN_FILE,
    ParsedLog,
    Prefix,
    check_snapshot_against_log,
    parse_log,
    read_reusing,
    unchanged,
)
from pbem.store.fold import Fold, NeedFullReplay, ReplayMismatch
from pbem.store.fsutil import append_durable, remove_temp_files
from pbem.store.gamerecord import GameRecord
from pbem.store.keys import SealError
from pbem.store.loglines import LogEntries
from pbem.store.payloads import SetupLine
from pbem.store.registry import game_for
from pbem.store.site import Site
from pbem.store.snapshots import STATE_CACHE, SnapshotFiles


class Loader:
    """Loads one store's games, and remembers per game how far its log was verified."""

    def __init__(self, site: Site, files: SnapshotFiles) -> None:
        self.site = site
        self.files = files
        self.verified: dict[str, tuple[int, str]] = {}
        """Per game, the last (seq, line hash) whose signatures this process checked: a commit
        right after a load then verifies only the new lines (see files.parse_log)."""
        self.parsed: OrderedDict[str, ParsedLog] = OrderedDict()
        """Per game, the last verified parse of its log, whose lines the next parse reuses."""
        self.seeds: OrderedDict[str, tuple[str, tuple[int, str]]] = OrderedDict()
        """Per game, its sealed seed and what it opened to (every load folds from the seed)."""

    def read_log(self, game_id: str, *, verify: bool, cached: bool = True) -> ParsedLog:
        path = self.site.game_dir(game_id) / LOG_FILE
        try:
            buf, size = read_reusing(path)
        except FileNotFoundError:
            if not self.site.game_dir(game_id).is_dir():
                raise StoreError(f"there is no game {game_id!r} in {self.site.data_dir}") from None
            raise IntegrityError("the log file is missing", game=game_id, path=str(path)) from None
        keys = self.site.keys if verify else None
        verified = self.verified.get(game_id) if cached else None
        known = self.parsed.get(game_id) if cached else None
        same = unchanged(buf, size, known, verified)
        if same is not None:
            # Byte for byte the log this process parsed last (the usual load: a reply loads its
            # game about ten times): no bytes object of the whole log is made (its memory was
            # a tenth of a reply late in a long game).
            return self.remember(game_id, same, verify)
        data = bytes(memoryview(buf)[:size])
        prefix: Prefix | None = None
        if verify and cached and verified is None:
            # A new process: the signed checkpoint says up to which line an earlier one checked
            # every signature. Version 2 also signs those lines' SHA-256: if the log still starts
            # with those bytes, they are neither checked nor decoded again. Version 1 names only
            # the last line's hash: the lines before it are decoded and their chain checked (it
            # pins their bytes), only their signatures are skipped.
            cp = self.files.read_checkpoint(game_id)
            if cp is not None and cp.size is not None and cp.digest is not None:
                prefix = (cp.seq, cp.size, cp.digest, cp.head_hash, cp.moves or 0)
            elif cp is not None:
                verified = (cp.seq, cp.head_hash)
        # A load without the signatures' check takes the lines checked earlier too (they are
        # checked, which is more than it asks): before, it split, chained and decoded the whole
        # log at every call, a reply's every scheduling (12 ms at 1,500 lines).
        try:
            log = parse_log(
                data,
                keys,
                game=game_id,
                path=str(path),
                verified=verified,
                known=known,
                prefix=prefix,
            )
        except IntegrityError:
            # Check again from scratch, so that the error names the line that was changed (with
            # the shortcut, a change before the cached point shows up one line later, at the chain).
            self.verified.pop(game_id, None)
            log = parse_log(data, keys, game=game_id, path=str(path))
        return self.remember(game_id, log, verify)

    def remember(self, game_id: str, log: ParsedLog, verify: bool) -> ParsedLog:
        if verify:
            self.verified[game_id] = (log.seq, log.head_hash)
            self.parsed[game_id] = log
            self.parsed.move_to_end(game_id)
            while len(self.parsed) > STATE_CACHE:
                self.parsed.popitem(last=False)
        return log

    def seed(self, game_id: str, log: ParsedLog) -> tuple[int, str]:
        setup = self.setup(game_id, log)
        hit = self.seeds.get(game_id)
        if hit is not None and hit[0] == setup.sealed_seed:
            # (The same sealed bytes open to the same seed: AES-SIV is deterministic.)
            return hit[1]
        ctx = self.site.ctx(game_id, "seed")
        raw = self.site.opened(
            game_id, setup.sealed_seed, ctx, what="line 1: the seed", file=LOG_FILE
        )
        d = msgspec.json.decode(raw)
        seed = int(d["seed"]), str(d["nonce"])
        self.seeds[game_id] = (setup.sealed_seed, seed)
        self.seeds.move_to_end(game_id)
        while len(self.seeds) > STATE_CACHE:
            self.seeds.popitem(last=False)
        return seed

    def fold_lines(
        self, game_id: str, fold: Fold, log: ParsedLog, start: int, stop: int, *, check: bool
    ) -> None:
        """Fold log lines ``start..stop`` (1-based, inclusive) into ``fold``."""
        path = str(self.site.game_dir(game_id) / LOG_FILE)
        for n in range(start, stop + 1):
            entry = log.entries[n - 1]
            try:
                fold.advance(entry, log.hash(n), self.site.exact(game_id, entry), check=check)
            except ReplayMismatch as exc:
                raise IntegrityError(
                    f"line {n}: replay mismatch: {exc}", game=game_id, path=path, line=n
                ) from None
            except SealError:
                raise IntegrityError(
                    f"line {n}: {SealError.REASON}", game=game_id, path=path, line=n
                ) from None

    def full_fold(self, game_id: str, log: ParsedLog, upto: int, *, check: bool) -> Fold:
        game = self.game_of(game_id, log)
        seed, nonce = self.seed(game_id, log)
        try:
            fold = Fold.from_setup(game, log.entries[0], seed, nonce)
        except ReplayMismatch as exc:
            raise IntegrityError(
                str(exc), game=game_id, path=str(self.site.game_dir(game_id) / LOG_FILE), line=1
            ) from None
        self.fold_lines(game_id, fold, log, 1, upto, check=check)
        return fold

    def setup(self, game_id: str, log: ParsedLog) -> SetupLine:
        """The setup line of a parsed log (parse_log made sure line 1 is one)."""
        setup = log.entries[0].payload
        assert isinstance(setup, SetupLine)
        return setup

    def game_of(self, game_id: str, log: ParsedLog) -> Game:
        setup = self.setup(game_id, log)
        if setup.game_id != game_id:
            raise IntegrityError(
                f"the setup line belongs to game {setup.game_id!r}, not to this directory",
                game=game_id,
                path=str(self.site.game_dir(game_id) / LOG_FILE),
                line=1,
            )
        try:
            return game_for(setup.game_name)
        except KeyError as exc:
            raise StoreError(f"{game_id}: {exc}") from None

    def open(self, game_id: str, *, verify: bool, full: bool) -> tuple[GameRecord, Fold]:
        """Load a game, recovering from a crash (torn last line, stale snapshot) under its lock."""
        # Long on purpose: the load transaction: checkpoint, snapshot, torn-line recovery and roll-forward, in order.
        # The snapshot first, then the log: a writer appends to the log before it replaces the
        # snapshot, so read in this order a concurrent commit can make the snapshot look behind
        # the log (harmless: repaired under the lock) but never ahead of it (tampering).
        snapped = self.files.read_snapshot(game_id, verify=verify)
        log = self.read_log(game_id, verify=verify)
        gdir = self.site.game_dir(game_id)
        if snapped is not None:
            try:
                check_snapshot_against_log(
                    snapped[0],
                    log,
                    game=game_id,
                    snap_path=str(gdir / SNAPSHOT_FILE),
                    log_path=str(gdir / LOG_FILE),
                )
            except IntegrityError:
                if self.holding(game_id):
                    raise
                with self.site.lock(game_id):  # rule out a writer we raced with, then decide
                    return self.open(game_id, verify=verify, full=full)
        needs_repair = (
            log.torn is not None
            or log.missing_newline
            or snapped is None
            or snapped[0].seq < log.seq
        )
        if needs_repair and not self.holding(game_id):
            with self.site.lock(game_id):
                return self.open(game_id, verify=verify, full=full)
        warnings: list[str] = []
        if log.torn is not None:
            warnings.append(self.cut_torn_line(game_id, log))
        if log.missing_newline:
            append_durable(gdir / LOG_FILE, b"\n", sync=self.site.fsync)
            warnings.append(
                f"{game_id}: log.jsonl line {log.seq} lacked its newline (crash during a write); added it."
            )
        fold: Fold | None = None
        if snapped is not None and not full:
            snap = snapped[0]
            seed, nonce = self.seed(game_id, log)
            game = self.game_of(game_id, log)
            fold = Fold(
                game,
                snap.envelope,
                self.files.snapshot_state(game_id, game, snap),
                seed,
                nonce,
                undo_stack=None,
            )
            try:
                self.fold_lines(game_id, fold, log, snap.seq + 1, log.seq, check=False)
            except NeedFullReplay:
                fold = None
        if fold is None:
            fold = self.full_fold(game_id, log, log.seq, check=False)
        if snapped is None or snapped[0].seq < log.seq:
            self.files.write_snapshot(gdir, fold, entries=log.entries)
            old = "missing" if snapped is None else f"at seq {snapped[0].seq}"
            warnings.append(
                f"{game_id}: state.json was {old} while the log is at seq {log.seq} (a crash after a "
                "commit); rebuilt it from the log."
            )
            remove_temp_files(gdir)
        record = GameRecord(
            fold.envelope, fold.state, fold.game, log.entries.copy(), warnings=warnings
        )
        return record, fold

    def holding(self, game_id: str) -> bool:
        from pbem.store.fsutil import lock_is_held_here

        return lock_is_held_here(self.site.game_dir(game_id) / LOCK_FILE)

    def cut_torn_line(self, game_id: str, log: ParsedLog) -> str:
        gdir = self.site.game_dir(game_id)
        torn = log.torn or b""
        good = sum(len(x) + 1 for x in log.lines)
        append_durable(gdir / TORN_FILE, torn + b"\n", sync=self.site.fsync)
        fd = os.open(gdir / LOG_FILE, os.O_WRONLY)
        try:
            os.ftruncate(fd, good)
            if self.site.fsync:
                os.fsync(fd)
        finally:
            os.close(fd)
        log.torn = None
        return (
            f"{game_id}: log.jsonl line {log.seq + 1} was incomplete ({len(torn)} bytes: a crash "
            f"during a write, before that commit finished); the game was recovered to its last good "
            f"event, seq {log.seq}. The cut bytes are kept in {gdir / TORN_FILE}."
        )

    def committed(
        self, game_id: str, expected_seq: int, fold: Fold, lines: list[bytes], entries: LogEntries
    ) -> tuple[int, str, int] | None:
        """Remember that ``lines`` were appended (signed here) to a log that was at
        ``expected_seq``; ``entries`` are the log's entries now. Returns ``(size, digest, moves)``
        of the whole log for its checkpoint (``None`` if this process did not parse it before)."""
        self.verified[game_id] = (fold.seq, fold.envelope.head_hash)
        known = self.parsed.get(game_id)
        if known is None or known.seq != expected_seq or known.sha is None or known.blob is None:
            return None
        block = b"".join(x + b"\n" for x in lines)
        sha = known.sha.copy()
        sha.update(block)
        moves = entries.in_effect()
        log = ParsedLog(entries=entries.copy(), sha=sha, blob=known.blob + block)
        self.parsed[game_id] = log
        return log.size, sha.hexdigest(), moves
