"""Private files of the crypto package: written atomically, readable by the owner only."""

from __future__ import annotations

from pathlib import Path

from pbem.store.fsutil import atomic_write

__all__ = ["ensure_private_dir", "write_private"]


def ensure_private_dir(path: Path) -> Path:
    """Create ``path`` (mode 0700) if missing and return it."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def write_private(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (temp, fsync, rename, fsync dir), mode 0600.

    A crash leaves either the old or the new file, never a torn one.
    """
    ensure_private_dir(path.parent)
    atomic_write(path, data, mode=0o600)
