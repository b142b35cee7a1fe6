"""A game rebuilt from its public record, move by move (``pbem play --from``, the replay page).

Once the seed is revealed, the public lines hold everything: the setup from the seed, then each
move in effect with its exact notation (the reveal line names the secret ones) and the dice of its
own log position (``derive_rng(seed, "apply", seq)``), exactly as the store's fold does. A move an
undo took back drew nothing that a later move uses (each line has its own dice), so replaying the
moves in effect gives the same states as the store's fold with its undos.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pbem.rules.base import Game, RuleError, derive_rng, recorded_options
from pbem.store.fold import walk
from pbem.store.payloads import ActionLine, EndLine, RevealLine, SetupLine
from pbem.store.records import LogEntry

if TYPE_CHECKING:
    from pbem.store import GameRecord, Store


class ReplayError(ValueError):
    """The record cannot be replayed (no seed yet, or a move the rules refuse)."""


@dataclass
class Move:
    """One move in effect: its number, seat, notations and the position after it."""

    number: int
    seat: int
    notation: str
    """The exact notation (revealed after the end)."""
    public: str
    """As the log shows it (``select (secret)`` for a secret choice)."""
    state: object
    time: str
    source: str


@dataclass
class Replay:
    """Every position of a game: ``states[k]`` after ``k`` moves (``states[0]``: the setup)."""

    game: Game
    game_id: str
    names: list[str]
    players: list[str]
    states: list[object]
    moves: list[Move] = field(default_factory=list)
    ended: bool = False
    scores: list[int] | None = None
    """The final scores the end line records."""
    winners: list[int] | None = None

    def state(self, k: int) -> object:
        return self.states[max(0, min(k, len(self.states) - 1))]


def replay(entries: Sequence[LogEntry], game: Game, players: list[str]) -> Replay:
    """Rebuild every position from public lines whose seed is revealed; :class:`ReplayError`
    otherwise."""
    # A lookup of the one reveal line, not a walk (the replay below is the one fold).
    reveal = next((e.payload for e in entries if isinstance(e.payload, RevealLine)), None)
    if reveal is None:
        raise ReplayError(
            "the game is still running: its seed is revealed at the end, so the board can be "
            "rebuilt from a record only then (a turn file carries the board of a running game)"
        )
    notations = reveal.notations
    return replay_with(entries, game, players, reveal.seed, lambda e: notations.get(str(e.seq)))


def service_replay(store: Store, rec: GameRecord) -> Replay:
    """Every position of a loaded game (:class:`pbem.store.GameRecord`), running or not: the
    service opens the sealed seed and secret notations itself. For the service's own files (a
    seat's replay page during the game); never handed out as such."""
    seed, exact = store.secrets_of(rec.game_id)
    players = [rec.envelope.active_player(s).name for s in rec.envelope.seats()]
    return replay_with(rec.entries, rec.game, players, seed, exact)


def replay_with(
    entries: Sequence[LogEntry],
    game: Game,
    players: list[str],
    seed: int,
    exact_of: Callable[[LogEntry], str | None],
) -> Replay:
    """Every position, from the seed and each secret move's exact notation (``exact_of``)."""
    setup = entries[0].payload
    if not isinstance(setup, SetupLine):
        raise ReplayError("the record does not start with the game's setup")
    n = len(setup.players)
    state = game.setup(n, recorded_options(game, setup.options), seed)
    out = Replay(
        game=game,
        game_id=setup.game_id,
        names=list(game.seat_names(n)),
        players=players,
        states=[state],
    )
    for step in walk(entries):
        p = step.entry.payload
        if isinstance(p, EndLine):
            out.ended = True
            out.scores, out.winners = list(p.scores), list(p.winners)
        if not isinstance(p, ActionLine) or step.move is None:
            continue
        exact = exact_of(step.entry) or p.notation
        try:
            action = game.parse(state, p.seat, exact)
        except RuleError as exc:
            raise ReplayError(f"move {step.move} ({exact}) is not legal here: {exc}") from None
        state, _ = game.apply(state, p.seat, action, derive_rng(seed, "apply", step.entry.seq))
        out.states.append(state)
        out.moves.append(
            Move(step.move, p.seat, exact, p.notation, state, step.entry.time, p.source)
        )
    return out
