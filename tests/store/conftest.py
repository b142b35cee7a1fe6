"""Fixtures of the store tests: fresh keys and a fresh data directory per test, and the toy game."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import toygame  # noqa: E402

from pbem.store import Keyring, Store, register_game  # noqa: E402

register_game(toygame.GAME)

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]
T0 = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


class Clock:
    """An injected clock that ticks one minute per call."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def keyring(tmp_path: Path) -> Keyring:
    return Keyring.create(tmp_path / "keys")


@pytest.fixture
def store(tmp_path: Path, keyring: Keyring) -> Iterator[Store]:
    yield Store(tmp_path / "games", keyring)
