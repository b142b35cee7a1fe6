"""Crash-safe file primitives and locks.

- :func:`atomic_write`: temp file in the same directory, fsync, rename, fsync of the directory. A
  reader sees the old bytes or the new bytes, never a mix, and after a crash the new name is durable.
- :func:`append_durable`: one ``write`` of whole lines to a file opened ``O_APPEND``, then fsync.
  This is the commit point of the store.
- :func:`file_lock`: an exclusive ``fcntl.flock`` held on a lock file, reentrant within a process
  (so that a caller holding a game's lock can call methods that take it again).
- :func:`ensure_private_dir`: a directory (and its missing parents) created mode 0700.

Everything under the data directory is private to the service's user, whatever the umask: files
are created 0600 (:data:`PRIVATE_FILE`; :func:`atomic_write` sets the mode exactly with fchmod) and
directories 0700 (:data:`PRIVATE_DIR`). The log and snapshots hold sealed secrets and the outbox
holds mail; a reply token read by another local account would let it move for a player.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import threading
from collections.abc import Iterator
from pathlib import Path

from pbem.errors import ConflictError

PRIVATE_FILE = 0o600
"""Mode of every file the service writes under the data directory."""

PRIVATE_DIR = 0o700
"""Mode of every directory the service creates under the data directory."""

TEMP_MARK = ".tmp-"
"""Temporary files are named ``.<name>.tmp-<random>``; leftovers of a crash are ignored and removed."""


def fsync_dir(path: Path) -> None:
    """Make a rename or a new file in ``path`` durable."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def ensure_private_dir(path: Path) -> Path:
    """Create ``path`` and its missing parents with mode 0700 exactly (the umask cannot widen or
    narrow it); an existing directory is left as it is. Returns ``path``."""
    path = Path(path)
    missing: list[Path] = []
    p = path
    while not p.is_dir():
        missing.append(p)
        if p.parent == p:
            break
        p = p.parent
    for d in reversed(missing):
        try:
            os.mkdir(d, PRIVATE_DIR)
        except FileExistsError:
            if not d.is_dir():
                raise
            continue
        os.chmod(d, PRIVATE_DIR)
    return path


def make_private(path: Path) -> None:
    """Mode 0700 on an existing directory (0600 on a file) when it is wider: the data directory
    itself, so that nothing in it is reachable by other accounts whatever older versions left."""
    with contextlib.suppress(OSError):
        st = os.stat(path)
        want = PRIVATE_DIR if os.path.isdir(path) else PRIVATE_FILE
        if st.st_mode & 0o777 & ~want:
            os.chmod(path, st.st_mode & 0o777 & want)


def atomic_write(
    path: Path, data: bytes, *, mode: int = PRIVATE_FILE, sync: bool = True, sync_dir: bool = True
) -> None:
    """Replace ``path`` with ``data`` atomically (temp + fsync + rename + directory fsync).

    ``sync_dir=False`` skips the directory fsync: after a crash the file may then be the old one
    (never a torn new one, as the data was synced before the rename), for files whose old version
    is still correct to find, like the store's snapshot (behind the log: rolled forward)."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}{TEMP_MARK}{os.urandom(4).hex()}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
    try:
        os.fchmod(fd, mode)  # the umask must not widen or narrow the intended mode
        view = memoryview(data)
        while view:
            n = os.write(fd, view)
            view = view[n:]
        if sync:
            os.fsync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    os.close(fd)
    os.replace(tmp, path)
    if sync and sync_dir:
        fsync_dir(path.parent)


def overwrite(path: Path, data: bytes, *, mode: int = PRIVATE_FILE) -> None:
    """Write ``data`` over ``path`` in place (created if missing, never through a symlink), no
    temp file, no rename, no fsync: for small state whose loss or tearing in a crash is harmless
    and whose reader treats a damaged file as missing. Creating and renaming a file cost a journal
    transaction each (about 1 ms on a busy ext4 disk); writing over an existing one does not. A
    symlink found at ``path`` is replaced by the file (its target is left alone)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW, mode)
    except OSError as exc:
        if exc.errno != errno.ELOOP:
            raise
        atomic_write(path, data, mode=mode, sync=False)
        return
    try:
        os.fchmod(fd, mode)  # an existing file keeps no wider mode, whatever made it
        view = memoryview(data)
        at = 0
        while at < len(data):
            at += os.pwrite(fd, view[at:], at)
        os.ftruncate(fd, len(data))
    finally:
        os.close(fd)


def append_durable(path: Path, data: bytes, *, sync: bool = True) -> None:
    """Append ``data`` (whole lines) with a single write, then fsync: the commit point."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, PRIVATE_FILE)
    try:
        n = os.write(fd, data)
        if n != len(data):  # a short write to a regular file means the disk is full
            raise OSError(errno.ENOSPC, f"short write to {path} ({n} of {len(data)} bytes)")
        if sync:
            os.fsync(fd)
    finally:
        os.close(fd)


def remove_temp_files(directory: Path) -> None:
    """Delete leftovers of interrupted :func:`atomic_write` calls in ``directory``."""
    with contextlib.suppress(FileNotFoundError):
        for entry in os.scandir(directory):
            if entry.name.startswith(".") and TEMP_MARK in entry.name and entry.is_file():
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(entry.path)


# -------------------------------------------------------------------------------------------------
# Locks. flock locks belong to an open file description: a second open() of the same file in the
# same process would block on its own lock, hence the per-process registry that makes them reentrant.
# -------------------------------------------------------------------------------------------------

_registry_guard = threading.Lock()
_held: dict[str, tuple[int, int, int]] = {}  # lock path -> (fd, depth, owner thread id)
_cond = threading.Condition(_registry_guard)
_registry_pid = os.getpid()


def _forget_inherited_locks() -> None:
    """A forked child inherits the registry but not the right to the parent's locks: start empty
    (the inherited descriptors share the parent's lock, so they must not be reused)."""
    global _registry_pid
    if _registry_pid != os.getpid():
        _held.clear()
        _registry_pid = os.getpid()


@contextlib.contextmanager
def file_lock(path: Path, *, wait: bool = True, what: str = "") -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if missing) for the ``with`` block.

    Reentrant within a thread. With ``wait=False`` raise :class:`ConflictError` when another
    process holds it.
    """
    key = os.path.abspath(path)
    me = threading.get_ident()
    with _cond:
        _forget_inherited_locks()
        while key in _held and _held[key][2] != me:
            if not wait:
                raise ConflictError(f"{what or key} is locked by another writer")
            _cond.wait()
        if key in _held:
            fd, depth, owner = _held[key]
            _held[key] = (fd, depth + 1, owner)
            acquired_here = False
        else:
            acquired_here = True
    if acquired_here:
        fd = os.open(key, os.O_RDWR | os.O_CREAT, PRIVATE_FILE)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            os.close(fd)
            raise ConflictError(f"{what or key} is locked by another process") from None
        except BaseException:
            os.close(fd)
            raise
        with _cond:
            _held[key] = (fd, 1, me)
    try:
        yield
    finally:
        with _cond:
            fd, depth, owner = _held[key]
            if depth > 1:
                _held[key] = (fd, depth - 1, owner)
            else:
                del _held[key]
                fcntl.flock(fd, fcntl.LOCK_UN)
                os.close(fd)
                _cond.notify_all()


def lock_is_held_here(path: Path) -> bool:
    """Whether this thread holds the lock on ``path``."""
    with _cond:
        _forget_inherited_locks()
        entry = _held.get(os.path.abspath(path))
        return entry is not None and entry[2] == threading.get_ident()
