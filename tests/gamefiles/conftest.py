"""Fixtures of the game-file tests: fresh keys and a store per test (helpers: gamefile_helpers)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from gamefile_helpers import Table  # noqa: E402

from pbem.store import Keyring, Store  # noqa: E402


@pytest.fixture
def keyring(tmp_path: Path) -> Keyring:
    return Keyring.create(tmp_path / "keys")


@pytest.fixture
def table(tmp_path: Path, keyring: Keyring) -> Iterator[Table]:
    yield Table(Store(tmp_path / "games", keyring, fsync=False))
