"""The game store: one directory per game, an append-only signed log, a signed snapshot.

See docs/FILE-FORMATS.md for the bytes. The log is the truth; ``state.json`` is a cache that a
replay from the setup rebuilds byte for byte. Appending the new line(s) with one write and an fsync
is the commit point; the snapshot is written after it. After a crash the store therefore finds at
most (a) an incomplete last line, which it cuts off (the caller never saw that commit succeed), or
(b) a snapshot behind the log, which it rolls forward. A snapshot *ahead* of the log, a bad
signature, a broken chain, or a replay that disagrees with a line is an :class:`IntegrityError`
naming the game, the file and the line: that game stops, the others go on.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, assert_never

import msgspec

from pbem.errors import CommandError, ConflictError, GameStopped, IntegrityError, StoreError
from pbem.model import GAME_ID_RE, Envelope, check_player, iso_time
from pbem.rules.base import Event, Game, check_options
from pbem.store.entries import (
    ActionEntry,
    Back,
    End,
    MessageHandled,
    NewEntry,
    Pause,
    Produced,
    Replace,
    Resume,
    SetDeadline,
    SetPolicy,
    Undo,
    Vacation,
    ViewAccess,
)
from pbem.store.files import (
    CHECKPOINT_FILE,
    LOCK_FILE,
    LOG_FILE,
    SNAPSHOT_FILE,
    TORN_FILE,
    ParsedLog,
    check_snapshot_against_log,
    checkpoint_matches,
    parse_checkpoint,
    parse_log,
    parse_snapshot,
)
from pbem.store.fold import (
    SEED_SCHEME,
    Fold,
    NeedFullReplay,
    ReplayMismatch,
    context,
    public_events,
    seed_commitment,
)
from pbem.store.fsutil import (
    append_durable,
    atomic_write,
    ensure_private_dir,
    file_lock,
    fsync_dir,
    make_private,
    remove_temp_files,
)
from pbem.store.keys import Keyring, SealError, check_keys_outside
from pbem.store.payloads import (
    ActionLine,
    BackLine,
    DeadlineLine,
    EndLine,
    MessageLine,
    PauseLine,
    Payload,
    PolicyLine,
    ReplaceLine,
    ResumeLine,
    RevealLine,
    SetupLine,
    SetupPlayer,
    UndoLine,
    VacationLine,
    ViewAccessLine,
    public_data,
)
from pbem.store.records import (
    CHECKPOINT_DOMAIN,
    GENESIS_PREV,
    LOG_DOMAIN,
    SNAPSHOT_DOMAIN,
    Checkpoint,
    LogEntry,
    Snapshot,
    encoder,
    line_hash,
    new_entry,
    seal_record,
)
from pbem.store.registry import game_for
from pbem.store.summary import (
    SUMMARY_FILE,
    Summary,
    append_summaries,
    read_summaries,
    summary_of,
)

SERVICE_LOCK = ".service.lock"
CREATING_DIR = ".new"
"""Where :meth:`Store.create` builds a game before renaming it into place (swept of crash leftovers
at each creation: a small directory, unlike the data directory itself)."""
CHANGED_DIR = "outbox/dirty"
"""Where :meth:`Store.mark_changed` leaves its markers (read by the mail loop's journal)."""
_STATE_CACHE = 256
"""How many decoded engine states a Store keeps (per process, least recently used dropped)."""
_ID_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0/o, 1/l/i: ids are read aloud and typed


class HistoryItem(msgspec.Struct, kw_only=True):
    """One log line as the public may see it (sealed fields removed)."""

    seq: int
    time: str
    kind: str
    msgid: str | None
    data: dict[str, Any]


@dataclass
class GameRecord:
    """A loaded game: envelope, engine state, and its public history."""

    envelope: Envelope
    state: Any
    game: Game
    entries: list[LogEntry]
    """Every log line, decoded (sealed fields still sealed)."""
    produced: list[Produced] = field(default_factory=list)
    """What the commit that returned this record wrote (empty after a plain load)."""
    warnings: list[str] = field(default_factory=list)
    """Recoveries performed while loading (for the GM)."""

    @property
    def game_id(self) -> str:
        return self.envelope.game_id

    @property
    def seq(self) -> int:
        return self.envelope.seq

    @property
    def head_hash(self) -> str:
        return self.envelope.head_hash

    @property
    def history(self) -> list[HistoryItem]:
        """The public history: every line, secrets removed."""
        return [
            HistoryItem(
                seq=e.seq,
                time=e.time,
                kind=e.kind,
                msgid=e.msgid,
                data=public_data(e.payload),
            )
            for e in self.entries
        ]

    @property
    def events(self) -> list[Event]:
        """Engine events produced by the commit that returned this record, in order."""
        return [ev for p in self.produced for ev in p.events]

    def pending(self) -> list[Any]:
        """The engine's pending decisions (empty unless the game is active)."""
        if self.envelope.status != "active":
            return []
        return list(self.game.pending(self.state))

    def legal_notations(self, seat: int) -> list[str]:
        """The seat's legal moves as notation strings."""
        return [self.game.notation(a) for a in self.game.legal(self.state, seat)]

    def seat_names(self) -> list[str]:
        return list(self.game.seat_names(len(self.envelope.seats())))

    def view(self, seat: int | None) -> Any:
        return self.game.view(self.state, seat)

    def render(self, seat: int | None) -> str:
        """The ASCII board of the public view or of one seat's view."""
        return self.game.render_text(self.game.view(self.state, seat))


@dataclass
class VerifyReport:
    """The outcome of verifying one game (or one export)."""

    game_id: str
    ok: bool
    seq: int = 0
    error: IntegrityError | None = None
    warnings: list[str] = field(default_factory=list)
    replayed: bool = False
    """Whether the engine replay was checked too (not possible for an export before the reveal)."""

    def __str__(self) -> str:
        if self.ok:
            how = "signatures, chain and replay" if self.replayed else "signatures and chain"
            return f"{self.game_id}: OK ({self.seq} events; {how} checked)"
        return f"{self.error}"


def _unique_id(prefix: str) -> str:
    return prefix + "-" + "".join(secrets.choice(_ID_ALPHABET) for _ in range(4))


def _prefix(game_name: str) -> str:
    parts = [p for p in game_name.replace("_", "-").split("-") if p]
    return "".join(p[0] for p in parts)[:3] or "g"


@contextlib.contextmanager
def service_lock(data_dir: Path, *, wait: bool = False) -> Iterator[None]:
    """The lock of one runner tick over a data directory. With ``wait=False`` (the default for cron
    ticks) raise :class:`ConflictError` if another tick is running."""
    ensure_private_dir(Path(data_dir))
    with file_lock(
        Path(data_dir) / SERVICE_LOCK, wait=wait, what="the service (another pbem run is active)"
    ):
        yield


def _damaged(game_id: str, error: str) -> Summary:
    return Summary(
        game_id=game_id,
        game="",
        title="",
        status="damaged",
        seq=0,
        head_hash="",
        moves=0,
        updated="",
        players=[],
        error=error,
    )


class Store:
    """All games under ``data_dir``, signed and sealed with ``keyring``."""

    # Long on purpose: the store's one public face (create, load, commit, verify, export) over its helpers; its writer (_Writer), fold and files are already apart. Next split: the load/verify path into its own class.

    def __init__(self, data_dir: Path, keyring: Keyring, *, fsync: bool = True) -> None:
        self.data_dir = Path(data_dir)
        self.keyring = keyring
        self.fsync = fsync
        """Only benchmarks turn this off, to measure its cost."""
        check_keys_outside(keyring.keys_dir, self.data_dir)
        make_private(self.data_dir)  # 0700, whatever an older version or the umask left
        self._keys_cache: dict[str, Any] | None = None
        self._states: OrderedDict[str, tuple[str, Any]] = OrderedDict()
        self._verified: dict[str, tuple[int, str]] = {}
        """Per game, the last (seq, line hash) whose signatures this process checked: a commit
        right after a load then verifies only the new lines (see files.parse_log)."""
        self._parsed: OrderedDict[str, ParsedLog] = OrderedDict()
        """Per game, the last verified parse of its log, whose lines the next parse reuses."""

    @property
    def _keys(self) -> dict[str, Any]:
        """The verification keys, built on first use (an idle tick verifies nothing and so does
        not import cryptography)."""
        if self._keys_cache is None:
            self._keys_cache = self.keyring.verification_keys()
        return self._keys_cache

    # ------------------------------------------------------------------ paths and locks

    def mark_changed(self, game_id: str) -> None:
        """Leave a marker ``outbox/dirty/<game>`` for the mail loop: this game has news to mail
        (a new game, a move, a GM's undo...). The loop's next tick mails everyone and removes it."""
        d = ensure_private_dir(self.data_dir / CHANGED_DIR)
        fd = os.open(d / game_id, os.O_WRONLY | os.O_CREAT, 0o600)
        os.close(fd)
        if self.fsync:
            fsync_dir(d)

    def game_dir(self, game_id: str) -> Path:
        """The directory of a game (the id is checked: it becomes a path)."""
        if not GAME_ID_RE.match(game_id):
            raise StoreError(f"{game_id!r} is not a game id (like fc-7k3q)")
        return self.data_dir / game_id

    def game_ids(self) -> list[str]:
        """The ids of every game, sorted. No file is opened (cheap with 10,000 games)."""
        try:
            with os.scandir(self.data_dir) as it:
                ids = [
                    e.name
                    for e in it
                    if not e.name.startswith(".") and GAME_ID_RE.match(e.name) and e.is_dir()
                ]
        except FileNotFoundError:
            return []
        return sorted(ids)

    def exists(self, game_id: str) -> bool:
        """Whether ``game_id`` is a game here (``False`` for anything that is not a game id)."""
        if not GAME_ID_RE.match(game_id):
            return False
        return (self.game_dir(game_id) / LOG_FILE).exists()

    @contextlib.contextmanager
    def lock(self, game_id: str) -> Iterator[None]:
        """Exclusive lock of one game (reentrant in this thread). Commit takes it itself; hold it
        across load + commit to make a read-modify-write sequence atomic."""
        gdir = self.game_dir(game_id)
        if not gdir.is_dir():
            raise StoreError(f"there is no game {game_id!r} in {self.data_dir}")
        with file_lock(gdir / LOCK_FILE, what=f"game {game_id}"):
            yield

    def _ctx(self, game_id: str, purpose: str, seq: int | None = None) -> bytes:
        return context(game_id, purpose, seq)

    # ------------------------------------------------------------------ create

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
        ensure_private_dir(self.data_dir)
        creating = self.data_dir / CREATING_DIR
        ensure_private_dir(creating)
        self._remove_abandoned_creations(now)
        for attempt in range(200):
            game_id = (
                _unique_id(_prefix(game.name))
                if attempt < 100
                else _unique_id(_prefix(game.name) + secrets.choice(_ID_ALPHABET))
            )
            if (self.data_dir / game_id).exists():
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
                sealed_seed=self.keyring.seal(
                    encoder.encode({"seed": seed, "nonce": nonce}), self._ctx(game_id, "seed")
                ),
                seed_commitment=seed_commitment(seed, nonce),
            )
            entry = new_entry(setup, seq=1, time=time, prev=GENESIS_PREV, key=self.keyring.key_id)
            line = self._sign_line(entry)
            fold = Fold.from_setup(game, entry, seed, nonce)
            fold.advance(entry, line_hash(line), None, check=False)
            # Build the game in a hidden directory, then rename it into place: a crash never leaves
            # a half-made game, and the rename fails if the id was taken meanwhile.
            import tempfile  # here: a tick that creates no game does not import it

            tmp = Path(tempfile.mkdtemp(prefix=f"{game_id}-", dir=creating))
            try:
                atomic_write(tmp / LOG_FILE, line + b"\n", sync=self.fsync)
                self._write_snapshot(tmp, fold, index=False)
                os.rename(tmp, self.data_dir / game_id)
            except OSError:
                shutil.rmtree(tmp, ignore_errors=True)
                if (self.data_dir / game_id).exists():
                    continue
                raise
            if self.fsync:
                fsync_dir(self.data_dir)
            append_summaries(self.data_dir, [summary_of(fold.envelope, game, fold.state, [])])
            self.mark_changed(game_id)
            return game_id
        raise StoreError("could not find a free game id (is the data directory writable?)")

    def _remove_abandoned_creations(self, now: datetime) -> None:
        """Delete directories in ``.new/`` left by a crash during :meth:`create` more than an hour
        ago (younger ones may belong to a creation running right now). Only ``.new/`` is read, never
        the data directory with its thousands of games."""
        cutoff = now.timestamp() - 3600
        with contextlib.suppress(FileNotFoundError), os.scandir(self.data_dir / CREATING_DIR) as it:
            for e in it:
                if e.is_dir() and e.stat().st_mtime < cutoff:
                    shutil.rmtree(e.path, ignore_errors=True)

    # ------------------------------------------------------------------ the list index

    def summaries(self) -> list[Summary]:
        """A summary of every game, sorted by id, read from the list index (one file) rather than
        from the games: flat in the number of games. A game missing from the index (created by an
        older pbem, or the index was deleted) is loaded once and added to it; a game that cannot be
        loaded is returned with ``error`` set."""
        index = read_summaries(self.data_dir)
        out: list[Summary] = []
        added: list[Summary] = []
        for gid in self.game_ids():
            s = index.get(gid)
            if s is None:
                try:
                    rec = self.load(gid, verify=False)
                except (IntegrityError, StoreError) as exc:
                    out.append(_damaged(gid, str(exc)))
                    continue
                s = summary_of(rec.envelope, rec.game, rec.state, rec.entries)
                added.append(s)
            out.append(s)
        append_summaries(self.data_dir, added)
        return out

    def _check_summary(
        self,
        game_id: str,
        fold: Fold,
        index: dict[str, Summary] | None,
        entries: Sequence[LogEntry] | None = None,
    ) -> str | None:
        """Compare the list index's line for a game with the verified state; rewrite it and return a
        warning if it differs."""
        if index is None:
            index = read_summaries(self.data_dir)
        want = summary_of(fold.envelope, fold.game, fold.state, entries)
        have = index.get(game_id)
        if have == want:
            return None
        append_summaries(self.data_dir, [want])
        index[game_id] = want
        what = "missing" if have is None else f"stale or altered (it said seq {have.seq})"
        return (
            f"{game_id}: its line in the list index ({self.data_dir / SUMMARY_FILE}) was {what}; "
            "rewrote it from the verified game."
        )

    # ------------------------------------------------------------------ writing records

    def _sign_line(self, entry: LogEntry) -> bytes:
        body = encoder.encode(entry)
        return seal_record(body, self.keyring.sign(LOG_DOMAIN + body))

    def _snapshot_body(self, fold: Fold, key_id: str, like: Snapshot | None = None) -> bytes:
        """The snapshot of ``fold``. With ``like`` (verify: the snapshot on disk), the state is
        encoded in the version of the engine encoding sealed in ``like``, when the engine has more
        than one (``encode_state_like``): a snapshot written before the current one verifies."""
        env = fold.envelope
        encoded = fold.game.encode_state(fold.state)
        encode_like = getattr(fold.game, "encode_state_like", None)
        if like is not None and encode_like is not None:
            with contextlib.suppress(SealError, ValueError, msgspec.DecodeError):
                old = self.keyring.unseal(like.state, self._ctx(env.game_id, "state", like.seq))
                encoded = encode_like(fold.state, old)
        sealed = self.keyring.seal(encoded, self._ctx(env.game_id, "state", env.seq))
        self._remember_state(env.game_id, sealed, fold.state)
        snap = Snapshot(
            game_id=env.game_id,
            seq=env.seq,
            head_hash=env.head_hash,
            envelope=env,
            state=sealed,
            key=key_id,
        )
        return encoder.encode(snap)

    def _same_position(self, game_id: str, fold: Fold, snap: Snapshot) -> bool:
        """Whether a snapshot whose bytes differ from the replay's holds the same position: an
        engine that added a state field with a default (or changed its encoding) decodes its
        older snapshots into the state the replay builds. Anything else is an alteration."""
        if (snap.game_id, snap.seq, snap.head_hash) != (game_id, fold.seq, fold.envelope.head_hash):
            return False
        if snap.envelope != fold.envelope:
            return False
        try:
            state = self._snapshot_state(game_id, fold.game, snap)
        except (IntegrityError, ValueError, msgspec.DecodeError):
            return False
        return bool(state == fold.state)

    def _snapshot_state(self, game_id: str, game: Game, snap: Snapshot) -> Any:
        """The engine state sealed in a snapshot. Decoding can be costly (an engine may rebuild its
        board), so the last state sealed or opened per game is kept: identical sealed bytes are the
        identical state (AES-SIV is deterministic and authenticated)."""
        hit = self._states.get(game_id)
        if hit is not None and hit[0] == snap.state:
            self._states.move_to_end(game_id)
            return hit[1]
        try:
            raw = self.keyring.unseal(snap.state, self._ctx(game_id, "state", snap.seq))
        except SealError:
            raise IntegrityError(
                f"the engine state: {SealError.REASON}",
                game=game_id,
                path=str(self.game_dir(game_id) / SNAPSHOT_FILE),
                line=1,
            ) from None
        state = game.decode_state(raw)
        self._remember_state(game_id, snap.state, state)
        return state

    def _remember_state(self, game_id: str, sealed: str, state: Any) -> None:
        self._states[game_id] = (sealed, state)
        self._states.move_to_end(game_id)
        while len(self._states) > _STATE_CACHE:
            self._states.popitem(last=False)

    def _write_snapshot(
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
                self.data_dir, [summary_of(fold.envelope, fold.game, fold.state, entries)]
            )
        body = self._snapshot_body(fold, self.keyring.key_id)
        data = seal_record(body, self.keyring.sign(SNAPSHOT_DOMAIN + body)) + b"\n"
        # The data is synced before the rename (a crash never leaves a torn snapshot), the rename
        # is not: a crash may bring back the previous snapshot, which is behind the log and rolled
        # forward by the next load, exactly like a crash between the append and this write.
        atomic_write(gdir / SNAPSHOT_FILE, data, sync=self.fsync, sync_dir=False)

    # ------------------------------------------------------------------ reading

    def _read_log(self, game_id: str, *, verify: bool, cached: bool = True) -> ParsedLog:
        path = self.game_dir(game_id) / LOG_FILE
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            if not self.game_dir(game_id).is_dir():
                raise StoreError(f"there is no game {game_id!r} in {self.data_dir}") from None
            raise IntegrityError("the log file is missing", game=game_id, path=str(path)) from None
        keys = self._keys if verify else None
        verified = self._verified.get(game_id) if cached else None
        cp: Checkpoint | None = None
        if verify and cached and verified is None:
            # A new process: the signed checkpoint says up to which line an earlier one checked
            # every signature, so only the lines after it are checked again (the chain of hashes,
            # still checked for every line, pins the bytes before it).
            cp = self._read_checkpoint(game_id)
            if cp is not None:
                verified = (cp.seq, cp.head_hash)
        try:
            log = parse_log(
                data,
                keys,
                game=game_id,
                path=str(path),
                verified=verified,
                known=self._parsed.get(game_id) if verify and cached else None,
            )
        except IntegrityError:
            # Check again from scratch, so that the error names the line that was changed (with
            # the shortcut, a change before the cached point shows up one line later, at the chain).
            self._verified.pop(game_id, None)
            log = parse_log(data, keys, game=game_id, path=str(path))
        if verify:
            self._verified[game_id] = (log.seq, log.head_hash)
            self._parsed[game_id] = log
            self._parsed.move_to_end(game_id)
            while len(self._parsed) > _STATE_CACHE:
                self._parsed.popitem(last=False)
        return log

    def _read_checkpoint(self, game_id: str) -> Checkpoint | None:
        path = self.game_dir(game_id) / CHECKPOINT_FILE
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        return parse_checkpoint(data, self._keys, game=game_id, path=str(path))

    def _write_checkpoint(self, gdir: Path, game_id: str, seq: int, head_hash: str) -> None:
        """Sign "every signature up to line ``seq`` (hash ``head_hash``) was checked". Written
        without fsync: it only saves work, and a lost or torn one means a full check."""
        cp = Checkpoint(game_id=game_id, seq=seq, head_hash=head_hash, key=self.keyring.key_id)
        body = encoder.encode(cp)
        data = seal_record(body, self.keyring.sign(CHECKPOINT_DOMAIN + body)) + b"\n"
        atomic_write(gdir / CHECKPOINT_FILE, data, sync=False)

    def _read_snapshot(self, game_id: str, *, verify: bool) -> tuple[Snapshot, bytes] | None:
        path = self.game_dir(game_id) / SNAPSHOT_FILE
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        return parse_snapshot(data, self._keys if verify else None, game=game_id, path=str(path))

    def _seed(self, game_id: str, log: ParsedLog) -> tuple[int, str]:
        setup = self._setup(game_id, log)
        try:
            raw = self.keyring.unseal(setup.sealed_seed, self._ctx(game_id, "seed"))
        except SealError:
            raise IntegrityError(
                f"line 1: the seed: {SealError.REASON}",
                game=game_id,
                path=str(self.game_dir(game_id) / LOG_FILE),
                line=1,
            ) from None
        d = msgspec.json.decode(raw)
        return int(d["seed"]), str(d["nonce"])

    def _exact(self, game_id: str, entry: LogEntry) -> str | None:
        p = entry.payload
        if not isinstance(p, ActionLine) or p.sealed is None:
            return None
        raw = self.keyring.unseal(
            p.sealed,
            self._ctx(game_id, "notation", entry.seq),
            where=f"{game_id} log.jsonl:{entry.seq}",
        )
        return raw.decode()

    def _fold_lines(
        self, game_id: str, fold: Fold, log: ParsedLog, start: int, stop: int, *, check: bool
    ) -> None:
        """Fold log lines ``start..stop`` (1-based, inclusive) into ``fold``."""
        path = str(self.game_dir(game_id) / LOG_FILE)
        for n in range(start, stop + 1):
            entry = log.entries[n - 1]
            try:
                fold.advance(entry, log.hashes[n - 1], self._exact(game_id, entry), check=check)
            except ReplayMismatch as exc:
                raise IntegrityError(
                    f"line {n}: replay mismatch: {exc}", game=game_id, path=path, line=n
                ) from None
            except SealError:
                raise IntegrityError(
                    f"line {n}: {SealError.REASON}", game=game_id, path=path, line=n
                ) from None

    def _full_fold(self, game_id: str, log: ParsedLog, upto: int, *, check: bool) -> Fold:
        game = self._game_of(game_id, log)
        seed, nonce = self._seed(game_id, log)
        try:
            fold = Fold.from_setup(game, log.entries[0], seed, nonce)
        except ReplayMismatch as exc:
            raise IntegrityError(
                str(exc), game=game_id, path=str(self.game_dir(game_id) / LOG_FILE), line=1
            ) from None
        self._fold_lines(game_id, fold, log, 1, upto, check=check)
        return fold

    def _setup(self, game_id: str, log: ParsedLog) -> SetupLine:
        """The setup line of a parsed log (parse_log made sure line 1 is one)."""
        setup = log.entries[0].payload
        assert isinstance(setup, SetupLine)
        return setup

    def _game_of(self, game_id: str, log: ParsedLog) -> Game:
        setup = self._setup(game_id, log)
        if setup.game_id != game_id:
            raise IntegrityError(
                f"the setup line belongs to game {setup.game_id!r}, not to this directory",
                game=game_id,
                path=str(self.game_dir(game_id) / LOG_FILE),
                line=1,
            )
        try:
            return game_for(setup.game_name)
        except KeyError as exc:
            raise StoreError(f"{game_id}: {exc}") from None

    def _open(self, game_id: str, *, verify: bool, full: bool) -> tuple[GameRecord, Fold]:
        """Load a game, recovering from a crash (torn last line, stale snapshot) under its lock."""
        # Long on purpose: the load transaction: checkpoint, snapshot, torn-line recovery and roll-forward, in order.
        # The snapshot first, then the log: a writer appends to the log before it replaces the
        # snapshot, so read in this order a concurrent commit can make the snapshot look behind
        # the log (harmless: repaired under the lock) but never ahead of it (tampering).
        snapped = self._read_snapshot(game_id, verify=verify)
        log = self._read_log(game_id, verify=verify)
        gdir = self.game_dir(game_id)
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
                if self._holding(game_id):
                    raise
                with self.lock(game_id):  # rule out a writer we raced with, then decide
                    return self._open(game_id, verify=verify, full=full)
        needs_repair = (
            log.torn is not None
            or log.missing_newline
            or snapped is None
            or snapped[0].seq < log.seq
        )
        if needs_repair and not self._holding(game_id):
            with self.lock(game_id):
                return self._open(game_id, verify=verify, full=full)
        warnings: list[str] = []
        if log.torn is not None:
            warnings.append(self._cut_torn_line(game_id, log))
        if log.missing_newline:
            append_durable(gdir / LOG_FILE, b"\n", sync=self.fsync)
            warnings.append(
                f"{game_id}: log.jsonl line {log.seq} lacked its newline (crash during a write); added it."
            )
        fold: Fold | None = None
        if snapped is not None and not full:
            snap = snapped[0]
            seed, nonce = self._seed(game_id, log)
            game = self._game_of(game_id, log)
            fold = Fold(
                game,
                snap.envelope,
                self._snapshot_state(game_id, game, snap),
                seed,
                nonce,
                undo_stack=None,
            )
            try:
                self._fold_lines(game_id, fold, log, snap.seq + 1, log.seq, check=False)
            except NeedFullReplay:
                fold = None
        if fold is None:
            fold = self._full_fold(game_id, log, log.seq, check=False)
        if snapped is None or snapped[0].seq < log.seq:
            self._write_snapshot(gdir, fold, entries=log.entries)
            old = "missing" if snapped is None else f"at seq {snapped[0].seq}"
            warnings.append(
                f"{game_id}: state.json was {old} while the log is at seq {log.seq} (a crash after a "
                "commit); rebuilt it from the log."
            )
            remove_temp_files(gdir)
        record = GameRecord(
            fold.envelope, fold.state, fold.game, list(log.entries), warnings=warnings
        )
        return record, fold

    def _holding(self, game_id: str) -> bool:
        from pbem.store.fsutil import lock_is_held_here

        return lock_is_held_here(self.game_dir(game_id) / LOCK_FILE)

    def _cut_torn_line(self, game_id: str, log: ParsedLog) -> str:
        gdir = self.game_dir(game_id)
        torn = log.torn or b""
        good = sum(len(x) + 1 for x in log.lines)
        append_durable(gdir / TORN_FILE, torn + b"\n", sync=self.fsync)
        fd = os.open(gdir / LOG_FILE, os.O_WRONLY)
        try:
            os.ftruncate(fd, good)
            if self.fsync:
                os.fsync(fd)
        finally:
            os.close(fd)
        log.torn = None
        return (
            f"{game_id}: log.jsonl line {log.seq + 1} was incomplete ({len(torn)} bytes: a crash "
            f"during a write, before that commit finished); the game was recovered to its last good "
            f"event, seq {log.seq}. The cut bytes are kept in {gdir / TORN_FILE}."
        )

    def load(self, game_id: str, verify: bool = True) -> GameRecord:
        """Load a game. With ``verify`` (the default) every line's signature and the chain, and the
        snapshot's signature and position, are checked (the full engine replay is :meth:`verify`).
        Raises :class:`IntegrityError` (game, file, line) on tampering; recovers from crashes
        (see ``record.warnings``)."""
        return self._open(game_id, verify=verify, full=False)[0]

    # ------------------------------------------------------------------ commit

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
        time = iso_time(now)
        with self.lock(game_id):
            full = any(isinstance(e, Undo) for e in entries)
            record, fold = self._open(game_id, verify=True, full=full)
            if fold.seq != expected_seq:
                raise ConflictError(
                    f"{game_id}: expected the log at seq {expected_seq}, but it is at seq {fold.seq} "
                    "(another writer committed first); reload the game and try again"
                )
            w = _Writer(self, fold, record.entries, time)
            for e in entries:
                w.add(e)
            if not w.lines:
                return record
            gdir = self.game_dir(game_id)
            # Tell the mail loop before the commit point, so that a crash right after it still
            # leaves the marker (an unneeded marker only costs the loop a look).
            self.mark_changed(game_id)
            append_durable(gdir / LOG_FILE, b"".join(x + b"\n" for x in w.lines), sync=self.fsync)
            # Committed. The snapshot is only a cache: failing to write it (disk full...) must
            # not turn a durable commit into an error the caller would retry.
            self._verified[game_id] = (fold.seq, fold.envelope.head_hash)
            known = self._parsed.get(game_id)
            if known is not None and known.seq == expected_seq and not known.missing_newline:
                self._parsed[game_id] = ParsedLog(
                    lines=known.lines + w.lines,
                    entries=w.all_entries,
                    hashes=known.hashes + [line_hash(x) for x in w.lines],
                )
            warnings = list(record.warnings)
            try:
                self._write_snapshot(gdir, fold, entries=w.all_entries)
                self._write_checkpoint(gdir, game_id, fold.seq, fold.envelope.head_hash)
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

    # ------------------------------------------------------------------ verify, replay, export

    def verify(self, game_id: str, *, index: dict[str, Summary] | None = None) -> VerifyReport:
        """Check everything: signatures, chain, snapshot, and a full engine replay from the setup
        (every action's notation and public events, the final scores, and the snapshot's bytes).
        Read-only for the game: a crash leftover (incomplete last line, stale snapshot) is a warning.
        The game's line in the list index (a cache) is compared too, and rewritten if it differs;
        ``index`` is that index, read once by :meth:`verify_all`."""
        # Long on purpose: every check of a game in order (signatures, chain, replay, snapshot, index).
        gdir = self.game_dir(game_id)
        report = VerifyReport(game_id=game_id, ok=False)
        try:
            snapped = self._read_snapshot(game_id, verify=True)  # before the log: see _open
            log = self._read_log(game_id, verify=True, cached=False)
            report.seq = log.seq
            cp = self._read_checkpoint(game_id)  # a forged one is an IntegrityError
            if log.torn is not None:
                report.warnings.append(
                    f"{game_id}: log.jsonl line {log.seq + 1} is incomplete (a crash during a write); "
                    "loading the game will cut it off."
                )
            if snapped is None:
                report.warnings.append(
                    f"{game_id}: state.json is missing; loading the game rebuilds it."
                )
            else:
                snap, body = snapped
                check_snapshot_against_log(
                    snap,
                    log,
                    game=game_id,
                    snap_path=str(gdir / SNAPSHOT_FILE),
                    log_path=str(gdir / LOG_FILE),
                )
                if snap.seq < log.seq:
                    report.warnings.append(
                        f"{game_id}: state.json is at seq {snap.seq}, the log at {log.seq} (a crash after "
                        "a commit); loading the game rolls it forward."
                    )
            fold = self._full_fold(game_id, log, snapped[0].seq if snapped else log.seq, check=True)
            if snapped is not None:
                snap, body = snapped
                if self._snapshot_body(fold, snap.key, like=snap) != body:
                    if not self._same_position(game_id, fold, snap):
                        raise IntegrityError(
                            "the snapshot differs from the replay of the log (it was altered, or written by a different engine version)",
                            game=game_id,
                            path=str(gdir / SNAPSHOT_FILE),
                            line=1,
                        )
                    report.warnings.append(
                        f"{game_id}: state.json holds the replayed position in an older engine "
                        "encoding; the next commit writes it anew."
                    )
                self._fold_lines(game_id, fold, log, snap.seq + 1, log.seq, check=True)
            report.ok = True
            report.replayed = True
            if cp is not None and not checkpoint_matches(cp, log):
                report.warnings.append(
                    f"{game_id}: checkpoint.json (seq {cp.seq}) is not a line of the log (files "
                    "restored from an older copy?); loads check every signature until the next "
                    "commit rewrites it."
                )
            stale = self._check_summary(game_id, fold, index, log.entries)
            if stale is not None:
                report.warnings.append(stale)
        except IntegrityError as exc:
            report.error = exc
            # Show the damage in 'pbem admin list' until the game is repaired (its next snapshot
            # writes a fresh line).
            have = (index if index is not None else read_summaries(self.data_dir)).get(game_id)
            if have is None or have.error != str(exc):
                append_summaries(self.data_dir, [_damaged(game_id, str(exc))])
        return report

    def verify_all(self) -> list[VerifyReport]:
        """:meth:`verify` every game; one bad game never hides the others."""
        out: list[VerifyReport] = []
        index = read_summaries(self.data_dir)
        for gid in self.game_ids():
            try:
                out.append(self.verify(gid, index=index))
            except StoreError as exc:
                out.append(
                    VerifyReport(game_id=gid, ok=False, error=IntegrityError(str(exc), game=gid))
                )
        return out

    def replay(self, game_id: str, to_seq: int) -> GameRecord:
        """The game as it was right after line ``to_seq`` (read-only, signatures checked)."""
        log = self._read_log(game_id, verify=True)
        if not 1 <= to_seq <= log.seq:
            raise CommandError(f"{game_id} has events 1 to {log.seq}; there is no event {to_seq}.")
        fold = self._full_fold(game_id, log, to_seq, check=True)
        return GameRecord(fold.envelope, fold.state, fold.game, log.entries[:to_seq])

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
            for name, data in ((LOG_FILE, log), (SNAPSHOT_FILE, snap), ("keys.json", keys + b"\n")):
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


class _Writer:
    """Turns requests into signed lines, advancing the fold as it goes."""

    def __init__(self, store: Store, fold: Fold, entries: list[LogEntry], time: str) -> None:
        self.store = store
        self.fold = fold
        self.game_id = fold.envelope.game_id
        self.time = time
        self.lines: list[bytes] = []
        self.produced: list[Produced] = []
        self.all_entries = list(entries)
        self.ledger = frozenset(fold.envelope.applied_message_ids)

    def _emit(
        self,
        payload: Payload,
        msgid: str | None = None,
        *,
        engine_done: bool = False,
        seat: int | None = None,
        notation: str | None = None,
        events: list[Event] | None = None,
    ) -> None:
        fold = self.fold
        entry = new_entry(
            payload,
            seq=fold.seq + 1,
            time=self.time,
            msgid=msgid,
            prev=fold.envelope.head_hash,
            key=self.store.keyring.key_id,
        )
        line = self.store._sign_line(entry)
        fold.advance(entry, line_hash(line), None, check=False, engine_done=engine_done)
        self.lines.append(line)
        self.all_entries.append(entry)
        self.produced.append(
            Produced(
                seq=entry.seq, kind=entry.kind, seat=seat, notation=notation, events=events or []
            )
        )

    def _check_msgid(self, msgid: str | None) -> None:
        # Against the ledger as it was before this commit: one mail may carry several moves.
        if msgid is not None and msgid in self.ledger:
            raise ConflictError(f"{self.game_id}: message {msgid} was already applied")

    def _seat(self, seat: int) -> int:
        if seat not in self.fold.envelope.seats():
            raise CommandError(
                f"{self.game_id} has seats 0 to {len(self.fold.envelope.seats()) - 1}; there is no seat {seat}."
            )
        return seat

    def add(self, e: NewEntry) -> None:
        """Check one request against the game as it is now and write its line (an action that
        ends the game writes the end and the reveal too)."""
        env = self.fold.envelope
        gid = self.game_id
        match e:
            case ActionEntry():
                self._action(e)
            case Undo():
                self._undo(e)
            case Replace():
                self._replace(e)
            case Pause():
                if env.status != "active":
                    raise CommandError(f"{gid} is {env.status}; only an active game can be paused.")
                self._emit(PauseLine(reason=e.reason, source=e.source))
            case Resume():
                if env.status != "paused":
                    raise CommandError(f"{gid} is {env.status}; only a paused game can be resumed.")
                self._emit(ResumeLine(source=e.source))
            case End():
                if env.status == "ended":
                    raise CommandError(f"{gid} has already ended.")
                result = self.fold.game.result(self.fold.state)
                scores = list(result.scores) if result else []
                winners = list(result.winners) if result else []
                self._end(e.reason or "gm", scores, winners)
            case ViewAccess():
                self._emit(ViewAccessLine(by=e.by, seat=self._seat(e.seat)), seat=e.seat)
            case SetDeadline():
                if e.seconds is not None and e.seconds <= 0:
                    raise CommandError("a deadline must be a positive number of seconds.")
                at = iso_time(e.at) if e.at else None
                self._emit(DeadlineLine(at=at, kind=e.kind, seconds=e.seconds, source=e.source))
            case MessageHandled():
                self._check_msgid(e.message_id)
                self._emit(MessageLine(outcome=e.outcome, seat=e.seat), e.message_id, seat=e.seat)
            case Vacation():
                self._vacation(e)
            case Back():
                self._check_msgid(e.message_id)
                line = BackLine(seat=self._seat(e.seat), source=e.source)
                self._emit(line, e.message_id, seat=e.seat)
            case SetPolicy():
                self._emit(PolicyLine(name=e.name, source=e.source, value=e.value))
            case _ as unknown:
                assert_never(unknown)

    def _action(self, e: ActionEntry) -> None:
        env, gid = self.fold.envelope, self.game_id
        if env.status != "active":
            raise GameStopped(f"{gid} is {env.status}: no moves are accepted now.")
        self._seat(e.seat)
        self._check_msgid(e.message_id)
        text = e.text if e.action is None else self.fold.game.notation(e.action)
        if text is None:
            raise ValueError("ActionEntry needs an action or a text")
        action = self.fold.parse(e.seat, text)  # legal *now* (raises the engine's RuleError)
        seq = self.fold.seq + 1
        public, exact, events = self.fold.apply_action(seq, e.seat, action)
        sealed = None
        if exact != public:
            sealed = self.store.keyring.seal(exact.encode(), context(gid, "notation", seq))
        line = ActionLine(
            events=public_events(events),
            notation=public,
            sealed=sealed,
            seat=e.seat,
            source=e.source,
        )
        self._emit(
            line, e.message_id, engine_done=True, seat=e.seat, notation=public, events=events
        )
        result = self.fold.game.result(self.fold.state)
        if result is not None:
            self._end("finished", list(result.scores), list(result.winners))

    def _undo(self, e: Undo) -> None:
        gid = self.game_id
        if self.fold.envelope.status == "ended":
            raise CommandError(f"{gid} has ended; a finished game cannot be undone.")
        if not self.fold.undo_stack:
            raise CommandError(f"{gid} has no move left to undo.")
        done = self.fold.undo()
        last = self.all_entries[done.seq - 1].payload
        assert isinstance(last, ActionLine)
        line = UndoLine(
            notation=last.notation,
            reason=e.reason,
            seat=done.seat,
            source=e.source,
            undone=done.seq,
        )
        self._emit(line, engine_done=True, seat=done.seat)

    def _replace(self, e: Replace) -> None:
        env = self.fold.envelope
        seat = self._seat(e.seat)
        try:
            name, email = check_player(e.name, e.email)
        except ValueError as err:
            raise CommandError(str(err)) from None
        other = env.seat_of_email(email)
        if other is not None and other != seat:
            raise CommandError(
                f"{email} already plays seat {other} of {self.game_id}; choose another address."
            )
        self._check_msgid(e.message_id)
        line = ReplaceLine(
            email=email,
            name=name,
            previous=env.active_player(seat).email,
            resigned=e.resigned,
            seat=seat,
            source=e.source,
        )
        self._emit(line, e.message_id, seat=seat)

    def _vacation(self, e: Vacation) -> None:
        if self.fold.envelope.status == "ended":
            raise CommandError(f"{self.game_id} has ended; there is no deadline to stop.")
        self._check_msgid(e.message_id)
        if e.until <= e.start:
            raise CommandError("a vacation must end after it starts.")
        line = VacationLine(
            seat=self._seat(e.seat),
            source=e.source,
            start=iso_time(e.start),
            until=iso_time(e.until),
        )
        self._emit(line, e.message_id, seat=e.seat)

    def _end(self, reason: str, scores: list[int], winners: list[int]) -> None:
        self._emit(EndLine(reason=reason, scores=scores, winners=winners))
        notations: dict[str, str] = {}
        for x in self.all_entries:
            exact = self.store._exact(self.game_id, x)
            if exact is not None:
                notations[str(x.seq)] = exact
        self._emit(RevealLine(nonce=self.fold.nonce, notations=notations, seed=self.fold.seed))
