"""Fixtures of the CLI tests: a service set up with 'pbem init' in a temporary directory.

The toy game of tests/store is registered too, for the mechanics; the acceptance tests use
Forbidden City itself.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parents[1] / "store"))

import toygame  # noqa: E402

from pbem.cli import app  # noqa: E402
from pbem.store import register_game  # noqa: E402

register_game(toygame.GAME)

Run = Callable[..., Any]


@pytest.fixture
def service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A directory with pbem.toml, games/ and keys/, made by 'pbem init'; the cwd is moved there."""
    monkeypatch.chdir(tmp_path)
    for var in ("PBEM_CONFIG", "PBEM_DATA_DIR", "PBEM_KEYS_DIR"):
        monkeypatch.delenv(var, raising=False)
    result = CliRunner().invoke(app, ["init", "--data-dir", str(tmp_path / "games")])
    assert result.exit_code == 0, result.output
    return tmp_path


@pytest.fixture
def run(service: Path) -> Run:
    """Invoke the CLI; ``ok=True`` (default) asserts exit status 0."""

    def invoke(*args: str, ok: bool = True) -> Any:
        result = CliRunner().invoke(app, list(args))
        if ok:
            assert result.exit_code == 0, f"{args}: {result.output}"
        return result

    return invoke
