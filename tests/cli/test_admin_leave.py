"""``pbem admin vacation ADDRESS ...``: a player's leave for all their games (issue 27)."""

from __future__ import annotations

import json
from typing import Any

PLAYERS = ["-p", "Ann <ann@example.org>", "-p", "Bob <bob@example.org>"]
OTHERS = ["-p", "Ann <ann@example.org>", "-p", "Cat <cat@example.org>"]


def test_admin_vacation_for_an_address_pauses_all_its_games(run: Any) -> None:
    g1 = run("admin", "new", "forbidden-city", *PLAYERS, "--seed", "3").stdout.strip()
    g2 = run("admin", "new", "forbidden-city", *OTHERS, "--seed", "3").stdout.strip()
    g3 = run(
        "admin", "new", "forbidden-city", *PLAYERS, "--seed", "3", "-o", "vacation=0"
    ).stdout.strip()
    for gid in (g1, g2, g3):
        run("admin", "deadline", gid, "move", "2d")
    out = run("admin", "vacation", "ann@example.org", "10d").stdout
    assert f"{g1}: on vacation until" in out and f"{g2}: on vacation until" in out
    assert f"{g3}: not paused" in out
    assert "leave left 20d" in out
    # Beyond the leave left: refused unless forced.
    over = run("admin", "vacation", "ann@example.org", "25d", ok=False)
    assert over.exit_code != 0 and "20 days of leave left" in over.output
    # A player in no game.
    nobody = run("admin", "vacation", "zed@example.org", "2d", ok=False)
    assert nobody.exit_code != 0 and "plays in no game" in nobody.output
    # A line of each paused game's signed log, with the same leave id.
    ids = set()
    for gid in (g1, g2):
        history = json.loads(run("admin", "history", gid, "--json").stdout)
        (line,) = [h for h in history if h["kind"] == "vacation"]
        assert line["data"]["leave"].startswith("L")
        ids.add(line["data"]["leave"])
    assert len(ids) == 1
    # Back in every game; AUTO set.
    back = run("admin", "vacation", "ann@example.org", "back").stdout
    assert g1 in back and g2 in back
    assert "VACATION AUTO" in run("admin", "vacation", "ann@example.org", "auto").stdout
    # The per-game form is unchanged.
    assert "on vacation until" in run("admin", "vacation", g1, "1", "2d").stdout


def test_time_bank_and_weekends_at_creation(run: Any) -> None:
    gid = run(
        "admin",
        "new",
        "forbidden-city",
        *PLAYERS,
        "-o",
        "time=bank:10d+1d",
        "-o",
        "weekends=pause",
    ).stdout.strip()
    out = run("admin", "policy", gid).stdout
    assert "time=bank:10d+1d" in out and "weekends=pause" in out
    bad = run("admin", "new", "forbidden-city", *PLAYERS, "-o", "time=bank:soon", ok=False)
    assert bad.exit_code != 0 and "bank:10d+1d" in bad.output
