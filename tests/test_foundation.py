"""The foundation: registry, options, derived RNGs, the CLI's help."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pbem.cli import app
from pbem.rules import find_game, game_names
from pbem.rules.base import derive_rng


def test_registry_knows_both_games() -> None:
    assert game_names() == ["forbidden-city", "verbotene-stadt"]
    with pytest.raises(KeyError, match="known games"):
        find_game("chess")


def test_derive_rng_is_stable_and_position_dependent() -> None:
    a = [derive_rng(7, "apply", 3).random() for _ in range(2)]
    assert a[0] == a[1]
    assert derive_rng(7, "apply", 3).random() != derive_rng(7, "apply", 4).random()
    assert derive_rng(7, "apply", 3).random() != derive_rng(8, "apply", 3).random()


def test_cli_help() -> None:
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "admin" in result.output
