"""The game store: one directory per game, an append-only signed log, a signed snapshot.

See docs/FILE-FORMATS.md for the bytes. The log is the truth; ``state.json`` is a cache that a
replay from the setup rebuilds byte for byte. Appending the new line(s) with one write and an fsync
is the commit point; the snapshot is written after it. After a crash the store therefore finds at
most (a) an incomplete last line, which it cuts off (the caller never saw that commit succeed), or
(b) a snapshot behind the log, which it rolls forward. A snapshot *ahead* of the log, a bad
signature, a broken chain, or a replay that disagrees with a line is an :class:`IntegrityError`
naming the game, the file and the line: that game stops, the others go on.

:class:`Store` is the one public face over sibling parts that it wires, each given the
:class:`~pbem.store.site.Site` (paths, keys, locks, sealing) and the siblings it uses, none reaching
back into the store: :class:`Committer`
(creating games and the commit transaction, its requests turned into lines by :class:`Writer`),
:class:`Loader` (reading logs, rolling snapshots forward, crash recovery, and the caches of what
was verified), :class:`SnapshotFiles` (the snapshot and checkpoint files and the decoded-state
cache) and :class:`Verifier` (the full check of a game).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from datetime import datetime
from pathlib import Path

from pbem import layout
from pbem.errors import CommandError, IntegrityError, StoreError
from pbem.model import GAME_ID_RE, all_game_ids
from pbem.store.committer import CREATING_DIR, Committer
from pbem.store.entries import NewEntry
from pbem.store.files import LOG_FILE, SNAPSHOT_FILE
from pbem.store.fsutil import ensure_private_dir, file_lock, make_private
from pbem.store.gamerecord import GameRecord, HistoryItem, VerifyReport
from pbem.store.keys import Keyring, check_keys_outside
from pbem.store.loader import Loader
from pbem.store.records import LogEntry, encoder
from pbem.store.site import CHANGED_DIR, Site
from pbem.store.snapshots import SnapshotFiles
from pbem.store.summary import (
    R,
    Row,
    Summary,
    append_summaries,
    damaged,
    read_rows,
    read_summaries,
    summary_of,
)
from pbem.store.verifier import Verifier

__all__ = [
    "CHANGED_DIR",
    "CREATING_DIR",
    "SERVICE_LOCK",
    "GameRecord",
    "HistoryItem",
    "Store",
    "VerifyReport",
    "service_lock",
]

SERVICE_LOCK = layout.SERVICE_LOCK


@contextlib.contextmanager
def service_lock(data_dir: Path, *, wait: bool = False) -> Iterator[None]:
    """The lock of one runner tick over a data directory. With ``wait=False`` (the default for cron
    ticks) raise :class:`ConflictError` if another tick is running."""
    ensure_private_dir(Path(data_dir))
    with file_lock(
        Path(data_dir) / SERVICE_LOCK, wait=wait, what="the service (another pbem run is active)"
    ):
        yield


class Store:
    """All games under ``data_dir``, signed and sealed with ``keyring``."""

    def __init__(self, data_dir: Path, keyring: Keyring, *, fsync: bool = True) -> None:
        self.data_dir = Path(data_dir)
        self.keyring = keyring
        self.fsync = fsync
        """Only benchmarks turn this off, to measure its cost."""
        check_keys_outside(keyring.keys_dir, self.data_dir)
        make_private(self.data_dir)  # 0700, whatever an older version or the umask left
        # The parts are siblings, each given the site and the siblings it uses (none reaches
        # back into the store).
        self._site = site = Site(self.data_dir, keyring, fsync=fsync)
        self._files = SnapshotFiles(site)
        self._loader = Loader(site, self._files)
        self._committer = Committer(site, self._loader, self._files)
        self._verifier = Verifier(site, self._loader, self._files, self.game_ids)

    # ------------------------------------------------------------------ paths and locks

    def mark_changed(self, game_id: str) -> None:
        """Leave a marker ``outbox/dirty/<game>`` for the mail loop: this game has news to mail
        (a new game, a move, a GM's undo...). The loop's next tick mails everyone and removes it."""
        self._site.mark_changed(game_id)

    def game_dir(self, game_id: str) -> Path:
        """The directory of a game (the id is checked: it becomes a path)."""
        return self._site.game_dir(game_id)

    def game_ids(self, known: Mapping[str, object] | None = None) -> list[str]:
        """The ids of every game, sorted. No file is opened (cheap with 10,000 games). A game id
        in ``known`` (the list index, in its order) is taken as a game's directory without a look
        at it when the directory holds that name; every id is checked against the pattern."""
        try:
            names = os.listdir(self.data_dir)
        except FileNotFoundError:
            return []
        present = set(names)
        # Set operations in C rather than a test a name: the index's ids that are here (in its
        # order, which is sorted once compacted, so the sort below is one pass), then the names
        # the index does not know (outbox, a game it has not seen), each checked.
        index = known or {}
        gone = index.keys() - present
        ids = [g for g in index if g not in gone] if gone else list(index)
        if not all_game_ids(ids):  # a hand-edited index: check one by one
            ids = [g for g in ids if GAME_ID_RE.match(g)]
        d = self.data_dir
        unknown = present.difference(ids)
        ids += [n for n in unknown if GAME_ID_RE.match(n) and os.path.isdir(d / n)]
        ids.sort()
        return ids

    def exists(self, game_id: str) -> bool:
        """Whether ``game_id`` is a game here (``False`` for anything that is not a game id)."""
        if not GAME_ID_RE.match(game_id):
            return False
        return (self.game_dir(game_id) / LOG_FILE).exists()

    def lock(self, game_id: str) -> contextlib.AbstractContextManager[None]:
        """Exclusive lock of one game (reentrant in this thread). Commit takes it itself; hold it
        across load + commit to make a read-modify-write sequence atomic."""
        return self._site.lock(game_id)

    # ------------------------------------------------------------------ create and commit

    def create(
        self,
        game_name: str,
        players: Sequence[tuple[str, str]],
        options: dict[str, str],
        seed: int | None,
        now: datetime,
    ) -> str:
        """Create a game and return its id. The setup line holds the sealed seed and its public
        commitment. ``ValueError`` (readable) for a wrong number of players, bad options or a
        duplicate address."""
        return self._committer.create(game_name, players, options, seed, now)

    def commit(
        self, game_id: str, expected_seq: int, entries: Sequence[NewEntry], now: datetime
    ) -> GameRecord:
        """Append ``entries`` atomically if the log is still at ``expected_seq``.

        Raises :class:`ConflictError` (stale ``expected_seq`` or a Message-ID already applied),
        :class:`GameStopped` (moves in a paused or ended game), the engine's ``RuleError`` for an
        illegal move, :class:`CommandError` for a GM request that makes no sense now. Nothing is
        written unless every entry succeeds. Returns the new record; ``record.produced`` lists the
        lines written with their engine events (private ones included, for the notifications).
        """
        return self._committer.commit(game_id, expected_seq, entries, now)

    # ------------------------------------------------------------------ the list index

    def summaries(self) -> list[Summary]:
        """A summary of every game, sorted by id, read from the list index (one file) rather than
        from the games: flat in the number of games. A game missing from the index (created by an
        older pbem, or the index was deleted) is loaded once and added to it; a game that cannot be
        loaded is returned with ``error`` set."""
        return self._listing(read_summaries(self.data_dir))

    def rows(self) -> list[Row]:
        """:meth:`summaries` with only the fields of ``pbem admin list``'s text decoded (a game
        missing from the index is still loaded, and comes as a whole :class:`Summary`)."""
        return self._listing(read_rows(self.data_dir))

    def _listing(self, index: dict[str, R]) -> list[R | Summary]:
        ids = self.game_ids(known=index)
        missing = [gid for gid in ids if gid not in index]
        if not missing:  # the usual case: one lookup a game
            return [index[gid] for gid in ids]
        found: dict[str, R | Summary] = dict(index)
        added: list[Summary] = []
        for gid in missing:
            try:
                rec = self.load(gid, verify=False)
            except (IntegrityError, StoreError) as exc:
                found[gid] = damaged(gid, str(exc))
                continue
            found[gid] = s = summary_of(rec.envelope, rec.game, rec.state, rec.entries)
            added.append(s)
        append_summaries(self.data_dir, added)
        return [found[gid] for gid in ids]

    def load(self, game_id: str, verify: bool = True) -> GameRecord:
        """Load a game. With ``verify`` (the default) every line's signature and the chain, and the
        snapshot's signature and position, are checked (the full engine replay is :meth:`verify`).
        Raises :class:`IntegrityError` (game, file, line) on tampering; recovers from crashes
        (see ``record.warnings``)."""
        return self._loader.open(game_id, verify=verify, full=False)[0]

    # ------------------------------------------------------------------ verify, replay, export

    def verify(self, game_id: str, *, index: dict[str, Summary] | None = None) -> VerifyReport:
        """Check everything: signatures, chain, snapshot, and a full engine replay from the setup
        (every action's notation and public events, the final scores, and the snapshot's bytes).
        Read-only for the game: a crash leftover (incomplete last line, stale snapshot) is a warning.
        The game's line in the list index (a cache) is compared too, and rewritten if it differs;
        ``index`` is that index, read once by :meth:`verify_all`."""
        return self._verifier.verify(game_id, index=index)

    def verify_all(self) -> list[VerifyReport]:
        """:meth:`verify` every game; one bad game never hides the others."""
        return self._verifier.verify_all()

    def secrets_of(self, game_id: str) -> tuple[int, Callable[[LogEntry], str | None]]:
        """The game's seed and the exact words of each move line (sealed where they hold a secret
        choice), opened with the service's keys: the service's own full replay of a running game
        (a seat's replay page). Never for a file or mail that leaves the service as such."""
        log = self._loader.read_log(game_id, verify=True)
        seed, _nonce = self._loader.seed(game_id, log)
        return seed, lambda e: self._site.exact(game_id, e)

    def replay(self, game_id: str, to_seq: int) -> GameRecord:
        """The game as it was right after line ``to_seq`` (read-only, signatures checked)."""
        log = self._loader.read_log(game_id, verify=True)
        if not 1 <= to_seq <= log.seq:
            raise CommandError(f"{game_id} has events 1 to {log.seq}; there is no event {to_seq}.")
        fold = self._loader.full_fold(game_id, log, to_seq, check=True)
        return GameRecord(fold.envelope, fold.state, fold.game, log.entries.copy(to_seq))

    def export(self, game_id: str, dest: Path) -> Path:
        """Write a portable ``.tar.gz`` of the game (log, snapshot, public keys) that
        :func:`verify_export` checks with the service's public key alone."""
        import tarfile

        gdir = self.game_dir(game_id)
        with self.lock(game_id):
            self.load(game_id)  # refuse to export a damaged game; recovers a crashed one first
            log = (gdir / LOG_FILE).read_bytes()
            snap = (gdir / SNAPSHOT_FILE).read_bytes()
        keys = encoder.encode(
            {"public_keys": self.keyring.public_key_lines(), "retired": self.keyring.retired}
        )
        dest = Path(dest)
        tmp = dest.with_name(f".{dest.name}.tmp-{os.urandom(4).hex()}")
        with tarfile.open(tmp, "w:gz") as tar:
            for name, data in (
                (LOG_FILE, log),
                (SNAPSHOT_FILE, snap),
                (layout.EXPORT_KEYS, keys + b"\n"),
            ):
                info = tarfile.TarInfo(f"{game_id}/{name}")
                info.size = len(data)
                info.mode = 0o644
                tar.addfile(info, _BytesReader(data))
        os.replace(tmp, dest)
        return dest


class _BytesReader:
    """Minimal file object over bytes for tarfile.addfile."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._pos = 0

    def read(self, n: int = -1) -> bytes:
        if n < 0:
            n = len(self._data) - self._pos
        out = self._data[self._pos : self._pos + n]
        self._pos += len(out)
        return out
