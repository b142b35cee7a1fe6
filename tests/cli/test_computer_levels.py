"""Computer seats chosen by level: ``pbem admin new ... --player computer:LEVEL``, and the bot
each computer seat gets (a resigned player's seat: the stand-in, the lighter search budget)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pbem.config import load_config
from pbem.rules import find_game
from pbem.rules.base import stand_in
from pbem.service.computers import computer_address, level_of, play_computers


def test_a_seat_given_to_the_computer_at_creation_plays_at_its_level(
    run: Any, service: Path
) -> None:
    result = run(
        "admin", "new", "forbidden-city", "-p", "computer:medium", "-p", "computer:greedy",
        "-o", "privacy=plain", "--seed", "5",
    )  # fmt: skip
    gid = result.stdout.strip()
    shown = json.loads(run("admin", "show", gid, "--json").stdout)
    text = json.dumps(shown)
    assert "computer+medium.0@" in text and "computer+greedy.1@" in text
    store = load_config(service / "pbem.toml").store()
    played = play_computers(store, gid, lambda: datetime(2026, 11, 26, tzinfo=UTC), lambda g: 0)
    assert played > 40
    assert store.load(gid).envelope.status != "active"


def test_an_unknown_level_is_refused_naming_the_levels(run: Any) -> None:
    result = run(
        "admin", "new", "forbidden-city", "-p", "computer:grandmaster", "-p", "Bob <bob@example.org>",
        ok=False,
    )  # fmt: skip
    assert result.exit_code != 0
    assert "greedy, medium, random, strong" in result.output


def test_levels_of_computer_addresses() -> None:
    fc = find_game("forbidden-city").bots()
    vs = find_game("verbotene-stadt").bots()
    assert level_of(computer_address("strong", 2), fc) == "strong"
    assert level_of(computer_address("greedy", 0), fc) == "greedy"
    # A resigned player's seat (named after the game id) gets the stand-in.
    assert level_of("computer+fc-4.1@pbem.test", fc) == stand_in(fc) == "medium"
    assert level_of("computer+vs-2.3@pbem.test", vs) == stand_in(vs)
    assert stand_in(vs) in vs
