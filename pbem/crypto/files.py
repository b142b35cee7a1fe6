"""Private files of the crypto package: written atomically, readable by the owner only."""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

__all__ = ["ensure_private_dir", "write_private"]


def ensure_private_dir(path: Path) -> Path:
    """Create ``path`` (mode 0700) if missing and return it."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def write_private(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (temp file, fsync, rename, fsync dir), mode 0600.

    A crash leaves either the old or the new file, never a torn one.
    """
    ensure_private_dir(path.parent)
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)
