"""``pbem play`` read from the screen alone, for every game: sentences, no Python repr, lines of at
most 72 columns, ``legal`` grouped without splitting an action, and the bots the CLI names being the
bots the game knows. Also the history sentences of a whole bot game, as the mails show them."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest
from typer.testing import CliRunner

from pbem.cli import app
from pbem.cli.play import BOT_NAMES, run_game
from pbem.commands.describe import describe_line, group_legal, wrap_items
from pbem.rules import find_game, game_names
from pbem.store.payloads import ActionLine

REPRS = ("[[", "{'", "=True", "=False", "None", "['")
BOTS = {"forbidden-city": "greedy,random,random", "verbotene-stadt": "random,heuristic"}


def check_screen(text: str) -> None:
    # In a terminal the player's input and its newline end the prompt's line.
    for line in (part for row in text.splitlines() for part in row.split(")> ")):
        assert len(line) <= 72, f"{len(line)} columns: {line!r}"
        for bad in REPRS:
            assert bad not in line, f"a Python repr ({bad!r}) in {line!r}"


def test_the_cli_names_the_bots_each_game_knows() -> None:
    assert set(BOT_NAMES) == set(game_names())
    for name in game_names():
        assert set(BOT_NAMES[name]) == set(find_game(name).bots()), name
    out = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert out.exit_code == 0
    flat = " ".join(out.output.split())
    for name, bots in BOT_NAMES.items():
        assert f"{name}: {', '.join(bots)}" in flat


@pytest.mark.parametrize("name", game_names())
def test_a_whole_bot_game_on_the_screen_has_no_python_repr(name: str) -> None:
    out = CliRunner().invoke(app, ["play", name, "--bots", BOTS[name], "--seed", "11"])
    assert out.exit_code == 0, out.output
    check_screen(out.output)
    assert "Final scores:" in out.output
    events = [line for line in out.output.splitlines() if line.startswith("  ")]
    assert len(events) > 20


def test_legal_is_grouped_by_official_and_never_splits_an_action() -> None:
    out = CliRunner().invoke(
        app,
        ["play", "verbotene-stadt", "--players", "human,random", "--seed", "4"],
        input="select GB\nlegal\nhelp\nquit\n",
    )
    assert out.exit_code == 1
    check_screen(out.output)
    text = out.output
    block = text[text.index("legal: (grouped") :].split("\n", 1)[1]
    block = block[: block.index("North: ")]
    groups: dict[str, list[str]] = {}
    current = ""
    for line in block.splitlines():
        m = re.match(r"^([A-Za-z]+): (.*)$", line)
        if m:
            current, rest = m.group(1), m.group(2)
        else:
            assert line.startswith("    ") and current, line
            rest = line.strip()
        groups.setdefault(current, []).extend(x for x in rest.rstrip(",").split(", "))
    shown = {f"{first} {rest}" for first, rests in groups.items() for rest in rests}
    count = re.search(r"(\d+) legal: \(grouped", text)
    assert count and len(shown) == int(count.group(1))
    assert all(re.fullmatch(r"[RYBGK]{2}", first) for first in groups)
    assert all(re.fullmatch(r"[RYBGK]{2}( step)?( [NESW])+( reveal| claim)?", a) for a in shown)
    # help: the rules in short and the scoring come before the notation.
    assert "THE GAME IN SHORT" in text and "Scoring:" in text and "COMMANDS" in text


def test_wrapping_breaks_only_between_actions() -> None:
    items = [f"N E claim {i}" for i in range(30)]
    lines = wrap_items(items, head="RK:")
    assert all(len(line) <= 72 for line in lines)
    joined = " ".join(line.strip() for line in lines)
    assert joined == "RK: " + ", ".join(items)
    assert group_legal(["keep", "select RR", "select GB"]) == ["keep", "select: RR, GB"]


@pytest.mark.parametrize("name", game_names())
def test_the_history_of_a_whole_bot_game_reads_as_sentences(name: str) -> None:
    """What HISTORY and the mails show: describe_line over every action of a game, with the
    events as the log stores them (public only, through JSON)."""
    game = find_game(name)
    bots = BOTS[name].split(",")
    history = run_game(game, bots, 11, {})
    names = game.seat_names(len(bots))
    players = [f"Player {i + 1}" for i in range(len(bots))]
    by_seq: dict[int, list[dict[str, Any]]] = {}
    for e in history["events"]:
        if e["visible_to"] is None:
            by_seq.setdefault(e["seq"], []).append({"kind": e["kind"], "data": e["data"]})
    lines: list[str] = []
    for move in history["moves"]:
        payload = {
            "seat": move["seat"],
            "notation": move["public"],
            "source": "bot",
            "events": by_seq.get(move["seq"], []),
        }
        logged = msgspec.json.decode(msgspec.json.encode(payload), type=ActionLine)
        lines += describe_line(game, logged, names, players)
    assert len(lines) >= len(history["moves"])
    for line in lines:
        assert (line[0].isupper() or line[0].isdigit()) and line.endswith((".", ")")), line
        for bad in REPRS:
            assert bad not in line, f"a Python repr ({bad!r}) in {line!r}"
