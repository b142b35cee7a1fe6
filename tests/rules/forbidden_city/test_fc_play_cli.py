"""``pbem play``: bot games as JSON, the terminal game, and the generic runner."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from typer.testing import CliRunner

from pbem.cli import app
from pbem.cli.play import run_game
from pbem.rules.base import (
    Decision,
    Event,
    GameDefaults,
    InvalidSyntax,
    OptionSpec,
    Result,
    derive_rng,
)
from pbem.rules.forbidden_city import GAME, Placement


def _json_game(*extra: str) -> dict[str, Any]:
    args = [
        "play",
        "forbidden-city",
        "--bots",
        "greedy,random,greedy",
        "--seed",
        "7",
        *extra,
        "--json",
    ]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)  # type: ignore[no-any-return]


def test_json_history_of_a_bot_game() -> None:
    history = _json_game("--side", "advanced")
    assert history["seed"] == 7 and history["options"]["side"] == "advanced"
    assert [s["name"] for s in history["seats"]] == ["purple", "yellow", "red"]
    assert [s["player"] for s in history["seats"]] == ["greedy", "random", "greedy"]
    placed = [e for e in history["events"] if e["kind"] == "placed"]
    assert len(placed) == 3 * 22 - sum(1 for e in history["events"] if e["kind"] == "set-aside")
    first = placed[0]["data"]
    assert set(first) >= {"seat", "colour", "tile", "x", "y", "rotation", "square", "notation"}
    closed = [e["data"] for e in history["events"] if e["kind"] == "room-closed"]
    assert closed and all({"value", "payouts", "squares", "breakdown"} <= set(d) for d in closed)
    assert history["events"][-1]["kind"] == "game-over"
    assert len(history["result"]["scores"]) == 3
    assert all(e["visible_to"] in (None, e["data"].get("seat")) for e in history["events"])


def test_json_history_is_deterministic_and_replays() -> None:
    a = _json_game()
    assert a == _json_game()
    state = GAME.setup(3, a["options"], a["seed"])
    for move in a["moves"]:
        action = GAME.parse(state, move["seat"], move["move"])
        state, _ = GAME.apply(
            state, move["seat"], action, derive_rng(a["seed"], "apply", move["seq"])
        )
    result = GAME.result(state)
    assert result is not None and list(result.scores) == a["result"]["scores"]


def test_bad_arguments_are_explained() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["play", "forbidden-city", "--bots", "greedy,clever", "--json"])
    assert out.exit_code != 0 and "unknown player 'clever'" in out.output
    out = runner.invoke(app, ["play", "forbidden-city", "--bots", "greedy", "--json"])
    assert out.exit_code != 0 and "2 to 4 players" in out.output
    out = runner.invoke(app, ["play", "forbidden-city", "--players", "human,greedy", "--json"])
    assert out.exit_code != 0 and "bots only" in out.output
    out = runner.invoke(app, ["play", "chess"])
    assert out.exit_code != 0 and "unknown game" in out.output


def test_terminal_game_explains_refused_moves() -> None:
    state = GAME.setup(2, {"side": "beginner", "first": "0"}, 3)
    move = GAME.legal(state, 0)[0].notation()
    result = CliRunner().invoke(
        app,
        ["play", "fc", "--players", "human,random", "--seed", "3", "-o", "first=0"],
        input=f"help\nlegal\nC4 R1\n{move}\nquit\n",
    )
    assert result.exit_code == 1
    out = result.output
    assert "A move is a square and a rotation" in out  # help
    assert "legal: " in out
    assert "C4 is illegal: no tile borders it." in out
    assert f"purple (human) plays {move}" in out
    assert "yellow (random) plays" in out
    assert "Game abandoned." in out
    assert "Your tile:" in out


def test_hot_seat_game_to_the_end() -> None:
    picks = []

    def human(state: Any, seat: int, decision: Decision) -> Placement:
        move = GAME.legal(state, seat)[-1]
        picks.append(seat)
        return move

    history = run_game(GAME, ["human", "human"], 5, {}, human=human)
    assert len(picks) == 56
    assert history["result"]["winner_names"]


# -- a toy game with simultaneous decisions: the runner must not assume one player at a time --------


@dataclass(frozen=True)
class _Toy:
    owed: tuple[int, ...]
    total: int = 0


class _Bot:
    name = "first"

    def choose(self, game: Any, state: Any, seat: int, rng: random.Random) -> int:
        return 1


class ToyGame(GameDefaults):
    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    options: ClassVar[tuple[OptionSpec, ...]] = ()

    def setup(self, n: int, options: Mapping[str, str], seed: int) -> _Toy:
        return _Toy(tuple(range(n)))

    def pending(self, s: _Toy) -> list[Decision]:
        if s.total >= 6:
            return []
        return [Decision(i, "answer", "say a number") for i in s.owed]

    def parse(self, s: _Toy, seat: int, text: str) -> int:
        if not text.isdigit():
            raise InvalidSyntax("Write a number.")
        return int(text)

    def legal(self, s: _Toy, seat: int) -> list[int]:
        return [1, 2] if seat in s.owed else []

    def apply(
        self, s: _Toy, seat: int, action: int, rng: random.Random
    ) -> tuple[_Toy, list[Event]]:
        owed = tuple(o for o in s.owed if o != seat) or (0, 1)
        return _Toy(owed, s.total + action), [Event("said", {"seat": seat, "n": action})]

    def view(self, s: _Toy, seat: int | None) -> Any:
        return {"total": s.total}

    def render_text(self, view: Any) -> str:
        return f"total {view['total']}\n"

    def result(self, s: _Toy) -> Result | None:
        return Result((s.total, 0), (0,)) if s.total >= 6 else None

    def notation(self, action: int) -> str:
        return str(action)

    def public_notation(self, s: _Toy, seat: int, action: int) -> str:
        return "a number"

    def encode_state(self, s: _Toy) -> bytes:
        return b""

    def decode_state(self, data: bytes) -> _Toy:
        return _Toy((0, 1))

    def seat_names(self, n: int) -> list[str]:
        return [f"p{i}" for i in range(n)]

    def command_help(self) -> str:
        return "Say a number."

    def rules_summary(self) -> str:
        return "Toy game: the rules in short."

    def bots(self) -> Mapping[str, Any]:
        return {"first": _Bot()}

    private_part: ClassVar[str] = "number"

    def describe_event(self, event: Any, names: Sequence[str] | None = None) -> str:
        return f"{event.kind}."


def test_runner_is_generic_over_the_protocol() -> None:
    history = run_game(ToyGame(), ["first", "human"], 1, {}, human=lambda s, seat, d: 2)
    assert history["result"]["scores"] == [6, 0]
    assert [m["seat"] for m in history["moves"]] == [0, 1, 0, 1]
    assert history["moves"][0]["public"] == "a number"
