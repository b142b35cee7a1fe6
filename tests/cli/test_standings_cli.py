"""``pbem admin standings`` and ``pbem standings --from``: the exports give the service's file."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from pbem.cli import app
from pbem.cli.admin.common import _store
from pbem.cli.apps import Site
from pbem.rules.base import derive_rng
from pbem.store.entries import ActionEntry

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]


def finished_games(count: int) -> list[str]:
    store = _store(Site())
    now = datetime(2026, 11, 1, tzinfo=UTC)
    gids = []
    for k in range(count):
        players = PLAYERS[: 2 + k % 2]
        gid = store.create("forbidden-city", players, {}, 50 + k, now)
        i = 0
        while True:
            rec = store.load(gid)
            if rec.envelope.status != "active":
                break
            seat = rec.pending()[0].seat
            action = rec.game.bots()["greedy"].choose(
                rec.game, rec.state, seat, derive_rng(k, "t", i)
            )
            now += timedelta(minutes=1)
            store.commit(gid, rec.seq, [ActionEntry(seat, action=action)], now)
            i += 1
        gids.append(gid)
    return gids


def test_standings_from_exports_equal_the_service_file(
    run: Any, service: Path, tmp_path: Path
) -> None:
    gids = finished_games(3)
    shown = run("admin", "standings", "--rebuild").stdout
    assert "forbidden-city/2:" in shown and "forbidden-city/3-4:" in shown
    assert "Ann <ann@example.org>" in shown
    data = json.loads(run("admin", "standings", "--json").stdout)
    assert data["games"] == 3
    assert {r["address"] for r in data["pools"]["forbidden-city/2"]} == {
        "ann@example.org",
        "bob@example.org",
    }
    assert data["reliability"]["ann@example.org"]["games"] == 3
    key = run("admin", "pubkey").stdout.strip()
    exports = tmp_path / "exports"
    exports.mkdir()
    for gid in gids:
        run("admin", "export", gid, "-o", str(exports / f"{gid}.tar.gz"))
    service_file = service / "games" / "standings.json"
    # Another machine: the exports and the public key only.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.chdir(elsewhere)
    runner = CliRunner()
    result = runner.invoke(
        app,
        ["standings", "--from", str(exports), "--pubkey", key, "--check", str(service_file)],
    )
    assert result.exit_code == 0, result.output
    assert "the same, byte for byte (3 games)" in result.output
    printed = runner.invoke(
        app, ["standings", "--from", str(exports / f"{gids[0]}.tar.gz"), "--pubkey", key]
    )
    assert printed.exit_code == 0
    assert json.loads(printed.stdout)["games"][0][1] == gids[0]
    result = runner.invoke(
        app,
        [
            "standings",
            "--from",
            str(exports / f"{gids[0]}.tar.gz"),
            "--pubkey",
            key,
            "--check",
            str(service_file),
        ],
    )
    assert result.exit_code == 1 and "DIFFERENT" in result.output


def test_admin_standings_with_nothing_rated_and_an_unknown_pool(run: Any) -> None:
    assert "No rated game has ended yet." in run("admin", "standings").stdout
    result = run("admin", "standings", "--pool", "nope/2", ok=False)
    assert result.exit_code == 1 and "there is no pool 'nope/2'" in result.output


def test_admin_open_takes_the_join_filters_and_lists_them(run: Any) -> None:
    oid = run(
        "admin", "open", "forbidden-city", "--players", "3-4",
        "--min-reliability", "80", "--max-rating", "12.5",
    ).stdout.strip()  # fmt: skip
    listed = run("admin", "list", "--open").stdout
    assert oid in listed and "reliability >= 80%, rating <= 12.5" in listed
    shown = json.loads(run("admin", "list", "--open", "--json").stdout)
    assert shown[0]["min_reliability"] == 80 and shown[0]["max_rating"] == 12.5
    bad = run("admin", "open", "forbidden-city", "--min-reliability", "101", ok=False)
    assert bad.exit_code == 2
