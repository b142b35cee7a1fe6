"""A running game put right by hand: ``pbem admin move``, ``undo``, ``replace``, ``pause``,
``resume``, ``end``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from pbem.cli.apps import DEFAULT_SITE, Site
from pbem.errors import (
    GameStopped,
)
from pbem.model import parse_player

if TYPE_CHECKING:  # the store and its crypto load inside the commands: 'pbem --help' needs neither
    from pbem.store import GameRecord
from pbem.cli.admin.common import (
    GameArg,
    ReasonOpt,
    SeatArg,
    _admin_commit,
    _errors,
    _fail,
    _now,
    _store,
    resolve_seat,
)


def _describe(record: GameRecord) -> str:
    """What a commit did, for the GM."""
    from pbem.commands.describe import describe_event

    out = []
    names = record.seat_names()
    for p in record.produced:
        who = f"{names[p.seat]} " if p.seat is not None and p.seat < len(names) else ""
        what = p.notation if p.kind == "action" else p.kind
        out.append(f"event {p.seq}: {who}{what}")
        for ev in p.events:
            if ev.visible_to is None:
                out.append(f"  {describe_event(record.game, ev.kind, ev.data, names)}")
    return "\n".join(out)


def _say_next(record: GameRecord) -> None:
    """A line per decision the game now waits for: the seat, its player and the decision's kind."""
    names = record.seat_names()
    for d in record.pending():
        typer.echo(f"Next: seat {d.seat} ({names[d.seat]}) [{d.kind}]")


def move(
    game: GameArg,
    seat: SeatArg,
    text: Annotated[str, typer.Argument(help='The move in the game\'s notation, e.g. "C4 R1".')],
    site: Site = DEFAULT_SITE,
) -> None:
    """Enter a move for a seat, such as one a player phoned in. It is validated exactly like a mail
    move and recorded as entered by the GM."""
    from pbem.store import ActionEntry

    store = _store(site)
    with _errors(), store.lock(game):
        rec = store.load(game)
        s = resolve_seat(rec, seat)
        if rec.envelope.status != "active":
            raise GameStopped(f"{game} is {rec.envelope.status}: no moves are accepted now.")
        action = rec.game.parse(rec.state, s, text)  # the player's own error message on a mistake
        rec = store.commit(game, rec.seq, [ActionEntry(s, action=action, source="gm")], _now())
    typer.echo(_describe(rec))
    if rec.envelope.result is not None:
        names = rec.seat_names()
        typer.echo(
            f"The game is over: scores {rec.envelope.result.scores}, winners {[names[w] for w in rec.envelope.result.winners]}."
        )
    else:
        _say_next(rec)


def undo(game: GameArg, reason: ReasonOpt = "", site: Site = DEFAULT_SITE) -> None:
    """Revert the last move. This is an event of its own: history is never deleted."""
    from pbem.store import Undo

    rec = _admin_commit(game, Undo(source="gm", reason=reason), site)
    from pbem.store.payloads import UndoLine

    p = rec.produced[-1]
    line = rec.entries[-1].payload
    assert isinstance(line, UndoLine)
    typer.echo(f"event {p.seq}: undid event {line.undone} ({line.notation}).")
    _say_next(rec)


def replace(
    game: GameArg,
    seat: SeatArg,
    player: Annotated[str, typer.Argument(help='The new player, `"Name <name@example.org>"`.')],
    site: Site = DEFAULT_SITE,
) -> None:
    """Give a seat to another person (the old player stays in the history)."""
    from pbem.store import Replace

    try:
        name, email = parse_player(player)
    except ValueError as exc:
        _fail(f"PLAYER: {exc}")
    store = _store(site)
    with _errors():
        s = resolve_seat(store.load(game), seat)
    rec = _admin_commit(game, Replace(s, name, email), site)
    typer.echo(f"Seat {s} ({rec.seat_names()[s]}) of {game} is now played by {name} <{email}>.")


def pause(game: GameArg, reason: ReasonOpt = "", site: Site = DEFAULT_SITE) -> None:
    """Stop accepting moves (and deadlines) until 'resume'."""
    from pbem.store import Pause

    _admin_commit(game, Pause(reason=reason), site)
    typer.echo(f"{game} is paused.")


def resume(game: GameArg, site: Site = DEFAULT_SITE) -> None:
    """Accept moves again after 'pause'."""
    from pbem.store import Resume

    _admin_commit(game, Resume(), site)
    typer.echo(f"{game} is active again.")


def end(
    game: GameArg,
    reason: ReasonOpt = "ended by the GM",
    site: Site = DEFAULT_SITE,
) -> None:
    """End a game now. The shuffle seed is revealed, so players can run 'pbem verify-shuffle'."""
    from pbem.store import End

    rec = _admin_commit(game, End(reason=reason or "gm"), site)
    typer.echo(f"{game} has ended ({reason}); the seed {rec.envelope.revealed_seed} is revealed.")
