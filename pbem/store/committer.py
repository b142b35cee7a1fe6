"""Writing games: creating one (built in ``.new/``, published by one rename) and the commit
transaction (check every request, append the signed lines with one write and an fsync, which is the
commit point, then write the snapshot and checkpoint). The requests become lines in
:mod:`pbem.store.writer`."""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import shutil
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from pbem import layout
from pbem.errors import ConflictError, StoreError
from pbem.model import check_player, iso_time
from pbem.rules.base import check_options
from pbem.store.entries import NewEntry, Undo
from pbem.store.files import LOG_FILE
from pbem.store.fold import SEED_SCHEME, Fold, seed_commitment
from pbem.store.fsutil import append_durable, atomic_write, ensure_private_dir, fsync_dir
from pbem.store.gamerecord import GameRecord
from pbem.store.loader import Loader
from pbem.store.payloads import SetupLine, SetupPlayer
from pbem.store.records import (
    GENESIS_PREV,
    encoder,
    line_hash,
    new_entry,
)
from pbem.store.registry import game_for
from pbem.store.site import Site
from pbem.store.snapshots import SnapshotFiles
from pbem.store.summary import append_summaries, summary_of
from pbem.store.writer import Writer

CREATING_DIR = layout.CREATING
"""Where :meth:`Store.create` builds a game before renaming it into place (swept of crash leftovers
at each creation: a small directory, unlike the data directory itself)."""
_ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0/o, 1/l/i: ids are read aloud and typed


def _unique_id(prefix: str) -> str:
    return prefix + "-" + "".join(secrets.choice(_ID_ALPHABET) for _ in range(4))


def _prefix(game_name: str) -> str:
    parts = [p for p in game_name.replace("_", "-").split("-") if p]
    return "".join(p[0] for p in parts)[:3] or "g"


@dataclass(eq=False, repr=False)
class Committer:
    """Creates one store's games and commits to them."""

    site: Site
    loader: Loader
    files: SnapshotFiles

    def create(
        self,
        game_name: str,
        players: Sequence[tuple[str, str]],
        options: dict[str, str],
        seed: int | None,
        now: datetime,
    ) -> str:
        """:meth:`Store.create`: build, sign, then publish by one rename."""
        # Long on purpose: creation is one transaction: build in .new/, sign, then publish by one rename.
        game = game_for(game_name)
        n = len(players)
        if not game.min_players <= n <= game.max_players:
            raise ValueError(
                f"{game.title} needs {game.min_players} to {game.max_players} players, not {n}."
            )
        opts = check_options(game, options)
        players = [check_player(nm, em) for nm, em in players]
        emails = [e for _, e in players]
        if len(set(emails)) != n:
            raise ValueError("each player needs a different email address.")
        if seed is None:
            seed = secrets.randbits(128)
        nonce = secrets.token_hex(16)
        time = iso_time(now)
        ensure_private_dir(self.site.data_dir)
        creating = self.site.data_dir / CREATING_DIR
        ensure_private_dir(creating)
        self.remove_abandoned_creations(now)
        for attempt in range(200):
            game_id = (
                _unique_id(_prefix(game.name))
                if attempt < 100
                else _unique_id(_prefix(game.name) + secrets.choice(_ID_ALPHABET))
            )
            if (self.site.data_dir / game_id).exists():
                continue
            setup = SetupLine(
                commitment_scheme=SEED_SCHEME,
                game_id=game_id,
                game_name=game.name,
                options=opts,
                players=[
                    SetupPlayer(email=em, name=nm.strip(), seat=i)
                    for i, ((nm, _), em) in enumerate(zip(players, emails, strict=True))
                ],
                sealed_seed=self.site.keyring.seal(
                    encoder.encode({"seed": seed, "nonce": nonce}), self.site.ctx(game_id, "seed")
                ),
                seed_commitment=seed_commitment(seed, nonce),
            )
            entry = new_entry(
                setup, seq=1, time=time, prev=GENESIS_PREV, key=self.site.keyring.key_id
            )
            line = self.site.sign_line(entry)
            fold = Fold.from_setup(game, entry, seed, nonce)
            fold.advance(entry, line_hash(line), None, check=False)
            # Build the game in a hidden directory, then rename it into place: a crash never leaves
            # a half-made game, and the rename fails if the id was taken meanwhile.
            import tempfile  # here: a tick that creates no game does not import it

            tmp = Path(tempfile.mkdtemp(prefix=f"{game_id}-", dir=creating))
            try:
                atomic_write(tmp / LOG_FILE, line + b"\n", sync=self.site.fsync)
                self.files.write_snapshot(tmp, fold, index=False)
                # The setup line is checked from the start: the first load in a new process
                # reads the checkpoint instead, as at every later move.
                digest = hashlib.sha256(line + b"\n").hexdigest()
                self.files.write_checkpoint(
                    tmp, game_id, 1, fold.envelope.head_hash, (len(line) + 1, digest, 0)
                )
                os.rename(tmp, self.site.data_dir / game_id)
            except OSError:
                shutil.rmtree(tmp, ignore_errors=True)
                if (self.site.data_dir / game_id).exists():
                    continue
                raise
            if self.site.fsync:
                fsync_dir(self.site.data_dir)
            append_summaries(self.site.data_dir, [summary_of(fold.envelope, game, fold.state, [])])
            self.site.mark_changed(game_id)
            return game_id
        raise StoreError("could not find a free game id (is the data directory writable?)")

    def remove_abandoned_creations(self, now: datetime) -> None:
        """Delete directories in ``.new/`` left by a crash during :meth:`create` more than an hour
        ago (younger ones may belong to a creation running right now). Only ``.new/`` is read, never
        the data directory with its thousands of games."""
        cutoff = now.timestamp() - 3600
        with (
            contextlib.suppress(FileNotFoundError),
            os.scandir(self.site.data_dir / CREATING_DIR) as it,
        ):
            for e in it:
                if e.is_dir() and e.stat().st_mtime < cutoff:
                    shutil.rmtree(e.path, ignore_errors=True)

    def commit(
        self, game_id: str, expected_seq: int, entries: Sequence[NewEntry], now: datetime
    ) -> GameRecord:
        """:meth:`Store.commit`: the commit transaction."""
        time = iso_time(now)
        with self.site.lock(game_id):
            full = any(isinstance(e, Undo) for e in entries)
            record, fold = self.loader.open(game_id, verify=True, full=full)
            if fold.seq != expected_seq:
                raise ConflictError(
                    f"{game_id}: expected the log at seq {expected_seq}, but it is at seq {fold.seq} "
                    "(another writer committed first); reload the game and try again"
                )
            w = Writer(self.site, fold, record.entries, time)
            for e in entries:
                w.add(e)
            if not w.lines:
                return record
            gdir = self.site.game_dir(game_id)
            # Tell the mail loop before the commit point, so that a crash right after it still
            # leaves the marker (an unneeded marker only costs the loop a look).
            self.site.mark_changed(game_id)
            append_durable(
                gdir / LOG_FILE, b"".join(x + b"\n" for x in w.lines), sync=self.site.fsync
            )
            # Committed. The snapshot is only a cache: failing to write it (disk full...) must
            # not turn a durable commit into an error the caller would retry.
            prefix = self.loader.committed(game_id, expected_seq, fold, w.lines, w.all_entries)
            warnings = list(record.warnings)
            try:
                self.files.write_snapshot(gdir, fold, entries=w.all_entries)
                self.files.write_checkpoint(
                    gdir, game_id, fold.seq, fold.envelope.head_hash, prefix
                )
            except OSError as exc:
                warnings.append(
                    f"{game_id}: committed seq {fold.seq}, but state.json could not be written "
                    f"({exc}); the next load rebuilds it from the log."
                )
            return GameRecord(
                fold.envelope,
                fold.state,
                fold.game,
                w.all_entries,
                produced=w.produced,
                warnings=warnings,
            )
