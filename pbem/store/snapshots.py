"""The signed files beside a game's log: its snapshot (``state.json``) and checkpoint
(``checkpoint.json``), and the cache of engine states decoded from snapshots. See
docs/FILE-FORMATS.md for the bytes; the log itself is read by :mod:`pbem.store.loader`."""

from __future__ import annotations

import contextlib
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path

import msgspec

from pbem.rules.base import Game
from pbem.store.files import CHECKPOINT_FILE, SNAPSHOT_FILE, parse_checkpoint, parse_snapshot
from pbem.store.fold import Fold
from pbem.store.fsutil import atomic_write
from pbem.store.keys import SealError
from pbem.store.records import (
    CHECKPOINT_DOMAIN,
    CHECKPOINT_SCHEMA,
    SNAPSHOT_DOMAIN,
    Checkpoint,
    LogEntry,
    Snapshot,
    encoder,
    seal_record,
)
from pbem.store.site import Site
from pbem.store.summary import append_summaries, summary_of

STATE_CACHE = 256
"""How many decoded engine states (and parsed logs) a Store keeps (per process, least recently used
dropped)."""


class SnapshotFiles:
    """Writes and reads one store's snapshots and checkpoints, sealing and signing them."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.states: OrderedDict[str, tuple[str, object]] = OrderedDict()
        """Per game, the last (sealed bytes, decoded state) sealed or opened."""
        self.signed: OrderedDict[str, bytes] = OrderedDict()
        """Per game, the bytes of the last snapshot file whose signature this process checked
        or made: the same bytes read again need no second check (a reply loads a game ten
        times; each check was an Ed25519 verification)."""

    def snapshot_body(self, fold: Fold, key_id: str, like: Snapshot | None = None) -> bytes:
        """The snapshot of ``fold``. With ``like`` (verify: the snapshot on disk), the state is
        encoded in the version of the engine encoding sealed in ``like``, when the engine has more
        than one (``encode_state_like``): a snapshot written before the current one verifies."""
        env = fold.envelope
        keyring = self.site.keyring
        encoded = fold.game.encode_state(fold.state)
        if like is not None:
            with contextlib.suppress(SealError, ValueError, msgspec.DecodeError):
                old = keyring.unseal(like.state, self.site.ctx(env.game_id, "state", like.seq))
                encoded = fold.game.encode_state_like(fold.state, old)
        sealed = keyring.seal(encoded, self.site.ctx(env.game_id, "state", env.seq))
        self.remember_state(env.game_id, sealed, fold.state)
        snap = Snapshot(
            game_id=env.game_id,
            seq=env.seq,
            head_hash=env.head_hash,
            envelope=env,
            state=sealed,
            key=key_id,
        )
        return encoder.encode(snap)

    def snapshot_state(self, game_id: str, game: Game, snap: Snapshot) -> object:
        """The engine state sealed in a snapshot. Decoding can be costly (an engine may rebuild its
        board), so the last state sealed or opened per game is kept: identical sealed bytes are the
        identical state (AES-SIV is deterministic and authenticated)."""
        hit = self.states.get(game_id)
        if hit is not None and hit[0] == snap.state:
            self.states.move_to_end(game_id)
            return hit[1]
        ctx = self.site.ctx(game_id, "state", snap.seq)
        raw = self.site.opened(
            game_id, snap.state, ctx, what="the engine state", file=SNAPSHOT_FILE
        )
        state = game.decode_state(raw)
        self.remember_state(game_id, snap.state, state)
        return state

    def remember_state(self, game_id: str, sealed: str, state: object) -> None:
        self.states[game_id] = (sealed, state)
        self.states.move_to_end(game_id)
        while len(self.states) > STATE_CACHE:
            self.states.popitem(last=False)

    def write_snapshot(
        self,
        gdir: Path,
        fold: Fold,
        *,
        index: bool = True,
        entries: Sequence[LogEntry] | None = None,
    ) -> None:
        # The list index first: a crash between the two leaves the snapshot behind the log, which
        # the next load repairs (writing the summary again); see pbem.store.summary.
        if index:
            append_summaries(
                self.site.data_dir, [summary_of(fold.envelope, fold.game, fold.state, entries)]
            )
        body = self.snapshot_body(fold, self.site.keyring.key_id)
        data = seal_record(body, self.site.keyring.sign(SNAPSHOT_DOMAIN + body)) + b"\n"
        # The data is synced before the rename (a crash never leaves a torn snapshot), the rename
        # is not: a crash may bring back the previous snapshot, which is behind the log and rolled
        # forward by the next load, exactly like a crash between the append and this write.
        atomic_write(gdir / SNAPSHOT_FILE, data, sync=self.site.fsync, sync_dir=False)
        if index:  # (a game being created is not in place yet)
            self.remember_signed(fold.envelope.game_id, data)

    def remember_signed(self, game_id: str, data: bytes) -> None:
        self.signed[game_id] = data
        self.signed.move_to_end(game_id)
        while len(self.signed) > STATE_CACHE:
            self.signed.popitem(last=False)

    def read_checkpoint(self, game_id: str) -> Checkpoint | None:
        path = self.site.game_dir(game_id) / CHECKPOINT_FILE
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        return parse_checkpoint(data, self.site.keys, game=game_id, path=str(path))

    def write_checkpoint(
        self,
        gdir: Path,
        game_id: str,
        seq: int,
        head_hash: str,
        prefix: tuple[int, str, int] | None,
    ) -> None:
        """Sign "every signature up to line ``seq`` (hash ``head_hash``) was checked", and with
        ``prefix = (size, digest, moves)`` "those lines are the log's first ``size`` bytes, whose
        SHA-256 is ``digest``, and leave ``moves`` actions in effect" (version 2: a load then
        neither checks nor decodes them). Written without fsync: it only saves work, and a lost or
        torn one means a full check."""
        if prefix is None:
            cp = Checkpoint(
                v=1, game_id=game_id, seq=seq, head_hash=head_hash, key=self.site.keyring.key_id
            )
        else:
            cp = Checkpoint(
                v=CHECKPOINT_SCHEMA,
                game_id=game_id,
                seq=seq,
                head_hash=head_hash,
                size=prefix[0],
                digest=prefix[1],
                moves=prefix[2],
                key=self.site.keyring.key_id,
            )
        body = encoder.encode(cp)
        data = seal_record(body, self.site.keyring.sign(CHECKPOINT_DOMAIN + body)) + b"\n"
        atomic_write(gdir / CHECKPOINT_FILE, data, sync=False)

    def read_snapshot(
        self, game_id: str, *, verify: bool, cached: bool = True
    ) -> tuple[Snapshot, bytes] | None:
        """The snapshot file, its signature checked with ``verify`` (not again for the bytes
        this process checked or wrote last, unless ``cached`` is False: the full check)."""
        path = self.site.game_dir(game_id) / SNAPSHOT_FILE
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        if not verify or (cached and self.signed.get(game_id) == data):
            # (Checked already: the same bytes bear the same signature.)
            return parse_snapshot(data, None, game=game_id, path=str(path))
        parsed = parse_snapshot(data, self.site.keys, game=game_id, path=str(path))
        self.remember_signed(game_id, data)
        return parsed
