"""Fixtures of the store tests: fresh keys and a fresh data directory per test, and the toy game."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import toygame  # noqa: E402
from store_helpers import Clock  # noqa: E402

from pbem.store import Keyring, Store, register_game  # noqa: E402

register_game(toygame.GAME)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def keyring(tmp_path: Path) -> Keyring:
    return Keyring.create(tmp_path / "keys")


@pytest.fixture
def store(tmp_path: Path, keyring: Keyring) -> Iterator[Store]:
    yield Store(tmp_path / "games", keyring)
