"""``pbem play``: try a game in the terminal (hot-seat and/or bots), or let bots play a whole game
and print its history as JSON.

Generic over the game protocol: it only uses :func:`pbem.rules.find_game` and the
:class:`~pbem.rules.base.Game` methods, so every registered game works unchanged.
"""

from __future__ import annotations

import secrets
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic

import msgspec
import typer

from pbem.cli.apps import admin_app, app  # noqa: F401  (admin_app: the module's documented hooks)
from pbem.commands.describe import (
    WIDTH,
    describe_event,
    group_legal,
    wrap_items,
)
from pbem.rules import find_game, game_names
from pbem.rules.base import (
    ActionT,
    Decision,
    Event,
    Game,
    GameOf,
    RuleError,
    StateT,
    ViewT,
    check_options,
    derive_rng,
)

HUMAN = "human"
BOT_NAMES: dict[str, tuple[str, ...]] = {
    "forbidden-city": ("strong", "medium", "greedy", "random"),
    "verbotene-stadt": ("strong", "medium", "heuristic", "random"),
}
"""Each game's bots, for ``--help`` without importing every game (a test keeps it equal to
``game.bots()``)."""


def _bots_help() -> str:
    return "; ".join(f"{g}: {', '.join(b)}" for g, b in BOT_NAMES.items())


def sentence_lines(text: str) -> list[str]:
    """An event's sentences, indented and wrapped at :data:`WIDTH` columns."""
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent="  ",
        subsequent_indent="    ",
        break_on_hyphens=False,
        break_long_words=False,
    )


def event_record(seq: int, event: Event) -> dict[str, object]:
    """An event as a JSON-able dict."""
    return {"seq": seq, "kind": event.kind, "data": event.data, "visible_to": event.visible_to}


def run_game(
    game: GameOf[StateT, ActionT, ViewT],
    players: list[str],
    seed: int,
    options: dict[str, str],
    human: Callable[[StateT, int, Decision], ActionT] | None = None,
    on_events: Callable[[StateT, int, str, list[Event]], None] | None = None,
) -> dict[str, Any]:
    """Play one game to its end and return its history (seed, options, seats, moves, events, result).

    ``players`` names each seat's player: ``"human"`` or a bot of ``game.bots()``. A human seat's
    action comes from ``human(state, seat, decision)``, which must return a legal action (or raise
    :class:`KeyboardInterrupt` / :class:`EOFError` to stop). ``on_events(state, seat, public, events)``
    sees each move's public notation and the events it caused.
    """
    # Long on purpose: the terminal game loop: prompt, read, apply, print, until the game ends.
    opts = check_options(game, options)
    bots = game.bots()
    state = game.setup(len(players), opts, seed)
    names = game.seat_names(len(players))
    moves: list[dict[str, object]] = []
    events: list[dict[str, object]] = []
    seq = 0
    while True:
        pending = game.pending(state)
        if not pending:
            break
        decision = pending[0]
        seat = decision.seat
        who = players[seat]
        if who == HUMAN:
            if human is None:
                raise ValueError("a human seat needs a terminal")
            action = human(state, seat, decision)
        else:
            action = bots[who].choose(game, state, seat, derive_rng(seed, "bot", seq, seat))
        public = game.public_notation(state, seat, action)
        state, new_events = game.apply(state, seat, action, derive_rng(seed, "apply", seq))
        moves.append(
            {
                "seq": seq,
                "seat": seat,
                "kind": decision.kind,
                "move": game.notation(action),
                "public": public,
            }
        )
        events.extend(event_record(seq, e) for e in new_events)
        if on_events is not None:
            on_events(state, seat, public, new_events)
        seq += 1
    result = game.result(state)
    assert result is not None
    return {
        "game": game.name,
        "title": game.title,
        "seed": seed,
        "options": opts,
        "seats": [{"seat": i, "name": names[i], "player": p} for i, p in enumerate(players)],
        "moves": moves,
        "events": events,
        "result": {
            "scores": list(result.scores),
            "winners": list(result.winners),
            "winner_names": [names[i] for i in result.winners],
            "detail": result.detail,
        },
    }


def _parse_options(game: Game, side: str | None, option: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in option:
        key, sep, value = item.partition("=")
        if not sep:
            raise typer.BadParameter(
                f"write options as key=value, not {item!r}", param_hint="--option"
            )
        out[key.strip()] = value.strip()
    if side is not None:
        if "side" not in {o.name for o in game.options}:
            raise typer.BadParameter(f"{game.name} has no side option", param_hint="--side")
        out["side"] = side
    try:
        return check_options(game, out)
    except ValueError as err:
        raise typer.BadParameter(str(err)) from None


def _seats(game: Game, players: str, bots: str) -> list[str]:
    if players and bots:
        raise typer.BadParameter("give either --players or --bots, not both")
    known = game.bots()
    if players or bots:
        chosen = [p.strip().lower() for p in (players or bots).split(",") if p.strip()]
    else:
        strong = sorted(b for b in known if b != "random")
        filler = strong[0] if strong else "random"
        chosen = [HUMAN] + [filler] * (max(game.min_players, min(3, game.max_players)) - 1)
    for p in chosen:
        if p not in known and not (p == HUMAN and not bots):
            allowed = ", ".join(([HUMAN] if not bots else []) + sorted(known))
            raise typer.BadParameter(f"unknown player {p!r}; use {allowed}")
    if not game.min_players <= len(chosen) <= game.max_players:
        raise typer.BadParameter(
            f"{game.title} takes {game.min_players} to {game.max_players} players, not {len(chosen)}"
        )
    return chosen


class _Terminal(Generic[StateT, ActionT, ViewT]):
    """Hot-seat play: show the seat's own view, read its move, explain refused moves."""

    def __init__(
        self, game: GameOf[StateT, ActionT, ViewT], players: list[str], names: list[str]
    ) -> None:
        self.game = game
        self.players = players
        self.names = names
        self.humans = [i for i, p in enumerate(players) if p == HUMAN]
        self.last_human: int | None = None
        self.state: StateT | None = None

    def ask(self, state: StateT, seat: int, decision: Decision) -> ActionT:
        game = self.game
        name = self.names[seat]
        if len(self.humans) > 1 and self.last_human != seat:
            # Hot-seat: scroll the previous player's tile out of sight before the next one looks.
            typer.echo("\n" * 60 + f"--- Pass the terminal to {name}, then press Enter. ---")
            input()
        self.last_human = seat
        typer.echo("")
        typer.echo(game.render_text(game.view(state, seat)))
        while True:
            for line in textwrap.wrap(f"{name}: {decision.prompt}.", WIDTH):
                typer.echo(line)
            text = input(f"{name} (a move, or help, legal, board, quit)> ").strip()
            word = text.lower()
            if word in ("quit", "exit", "resign"):
                raise KeyboardInterrupt
            if word in ("help", "?"):
                typer.echo(game.command_help())
                continue
            if word in ("board", "show"):
                typer.echo(game.render_text(game.view(state, seat)))
                continue
            if word in ("legal", "hint", "moves"):
                legal = [game.notation(a) for a in game.legal(state, seat)]
                typer.echo(f"{len(legal)} legal: (grouped by their first word)")
                for line in group_legal(legal):
                    typer.echo(line)
                continue
            if not text:
                continue
            try:
                return game.parse(state, seat, text)
            except RuleError as err:
                typer.echo(str(err))
                if err.hint:
                    typer.echo(err.hint)

    def show(self, state: StateT, seat: int, public: str, events: list[Event]) -> None:
        self.state = state
        typer.echo(f"{self.names[seat]} ({self.players[seat]}) plays {public}")
        for e in events:
            if e.kind == "placed":
                continue  # said by the line above
            if e.visible_to is not None and self.players[e.visible_to] != HUMAN:
                continue  # a bot's private draw
            if e.visible_to is not None and len(self.humans) > 1:
                continue  # hot-seat: never show one human's private events to the others
            text = describe_event(self.game, e.kind, e.data, self.names)
            for line in sentence_lines(text):
                typer.echo(line)


@app.command("play")
def play(
    game_name: str | None = typer.Argument(
        None, metavar="GAME", help=f"One of: {', '.join(game_names())}."
    ),
    players: str = typer.Option(
        "",
        "--players",
        help=f"Each seat's player, comma-separated: human or a bot ({_bots_help()}).",
    ),
    bots: str = typer.Option(
        "", "--bots", help=f"Bots only, comma-separated ({_bots_help()}), e.g. random,random."
    ),
    seed: int | None = typer.Option(None, "--seed", help="Shuffle seed (default: a random one)."),
    side: str | None = typer.Option(
        None, "--side", help="Start-tile side (Forbidden City): beginner or advanced."
    ),
    option: list[str] = typer.Option(
        [], "--option", "-o", help="A game option as key=value (repeatable)."
    ),
    json_out: bool = typer.Option(
        False, "--json", help="Bots only: print the whole history as JSON."
    ),
    from_file: Path | None = typer.Option(
        None,
        "--from",
        help="Open a turn file, a game record or an export: look around, try moves, get the reply.",
    ),
    pubkey: str | None = typer.Option(
        None, "--pubkey", help="With --from: the service's public key (or a file holding it)."
    ),
    no_verify: bool = typer.Option(
        False,
        "--no-verify",
        help="With --from: do not check the signatures (said on every screen).",
    ),
    at: int | None = typer.Option(
        None, "--at", help="With --from: the position after this move (default: the last)."
    ),
    tries: list[str] = typer.Option(
        [], "--try", help="With --from: try this move locally (repeatable)."
    ),
    reply_file: Path | None = typer.Option(
        None,
        "--reply-file",
        help="With --from: write the reply into this file (name it NAME.pbem-reply.txt and "
        "attach it to your reply).",
    ),
) -> None:
    """Play a game in this terminal (hot-seat humans and/or bots), or bots only with --json;
    with --from FILE, open a turn file, a game record or an export."""
    if from_file is not None:
        from pbem.cli.playfrom import play_from

        play_from(
            from_file,
            pubkey=pubkey,
            no_verify=no_verify,
            at=at,
            tries=tries,
            reply_file=reply_file,
            json_out=json_out,
        )
        return
    if game_name is None:
        raise typer.BadParameter("name a game (or open a file with --from FILE)", param_hint="GAME")
    try:
        game = find_game(game_name)
    except KeyError as err:
        raise typer.BadParameter(str(err.args[0]), param_hint="GAME") from None
    options = _parse_options(game, side, option)
    seats = _seats(game, players, bots)
    if json_out and HUMAN in seats:
        raise typer.BadParameter("--json plays bots only: give --bots")
    if seed is None:
        seed = secrets.randbelow(2**31)
    if json_out:
        history = run_game(game, seats, seed, options)
        typer.echo(msgspec.json.format(msgspec.json.encode(history), indent=1).decode())
        return
    names = game.seat_names(len(seats))
    term = _Terminal(game, seats, names)
    typer.echo(game.title)
    for line in wrap_items(
        [f"{n} {p}" for n, p in zip(names, seats, strict=True)], head=f"Seed {seed}; players:"
    ):
        typer.echo(line)
    try:
        history = run_game(game, seats, seed, options, human=term.ask, on_events=term.show)
    except (KeyboardInterrupt, EOFError):
        typer.echo("\nGame abandoned.")
        raise typer.Exit(1) from None
    result = history["result"]
    typer.echo("")
    if term.state is not None:
        typer.echo(game.render_text(game.view(term.state, None)))
    scores = [f"{n} {s}" for n, s in zip(names, result["scores"], strict=True)]
    for line in wrap_items(scores, head="Final scores:"):
        typer.echo(line)
    typer.echo("Winner: " + " and ".join(result["winner_names"]) + ".")
    typer.echo(f"Replay this game with --seed {seed}.")
