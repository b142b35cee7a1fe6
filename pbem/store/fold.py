"""Folding the log: the one place where log lines change a game's envelope and engine state,
and the one walk of the log that its readers share.

The same steps serve a commit (build a new line from a request), a replay from the setup, a
roll-forward from a snapshot, a verification (recompute what a line claims and compare) and the
public replay of a finished game (:func:`pbem.store.shuffle.replay_public`). :func:`walk` gives
every reader that only reads (the move numbers, HISTORY, ``admin history``) each line with its
typed payload and whether an undo took it back, by the same rule as the fold.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from dataclasses import KW_ONLY, dataclass
from typing import assert_never

import msgspec

from pbem.model import Deadline, Envelope, GameResult, Player
from pbem.rules.base import Event, Game, RuleError, derive_rng, recorded_options
from pbem.store.payloads import (
    ActionLine,
    BackLine,
    DeadlineLine,
    EndLine,
    LoggedEvent,
    MessageLine,
    OrdersLine,
    PauseLine,
    PolicyLine,
    ReplaceLine,
    ResumeLine,
    RevealLine,
    SetupLine,
    UndoLine,
    VacationLine,
    ViewAccessLine,
    VoteLine,
)
from pbem.store.records import GENESIS_PREV, LogEntry, encoder

SEED_SCHEME = "sha256(pbem-seed-v1:<nonce>:<seed>)"
"""What the seed commitment hashes (documented in docs/FILE-FORMATS.md)."""


def seed_commitment(seed: int, nonce: str) -> str:
    """Hex SHA-256 commitment to ``seed``; the random ``nonce`` keeps a small seed unguessable."""
    return hashlib.sha256(f"pbem-seed-v1:{nonce}:{seed}".encode()).hexdigest()


def context(game_id: str, purpose: str, seq: int | None = None) -> bytes:
    """Associated data binding a sealed value to its game and place."""
    tail = "" if seq is None else f":{seq}"
    return f"pbem-v1:{game_id}:{purpose}{tail}".encode()


_events_decoder = msgspec.json.Decoder(list[LoggedEvent])


def public_events(events: Sequence[Event]) -> list[LoggedEvent]:
    """The public events as they are written in the log (their data JSON-normalised)."""
    out = [{"kind": e.kind, "data": e.data} for e in events if e.visible_to is None]
    return _events_decoder.decode(encoder.encode(out))


class ReplayMismatch(Exception):
    """A line's claim differs from what the rules compute (message says what)."""


class NeedFullReplay(Exception):
    """An undo was met while rolling forward from a snapshot (no earlier states in memory)."""


@dataclass
class Done:
    """An applied action that an undo may revert."""

    seq: int
    seat: int
    state_before: object


@dataclass(eq=False)
class Fold:
    """Envelope + engine state at one log position, and the steps that advance it."""

    game: Game
    envelope: Envelope
    state: object
    seed: int
    nonce: str
    _: KW_ONLY
    undo_stack: list[Done] | None
    """``None`` when started from a snapshot: undo then needs a replay from the setup."""

    @property
    def seq(self) -> int:
        return self.envelope.seq

    # ------------------------------------------------------------------ setup

    @classmethod
    def from_setup(cls, game: Game, entry: LogEntry, seed: int, nonce: str) -> Fold:
        """The position right after the setup line."""
        p = entry.payload
        if not isinstance(p, SetupLine):
            raise ReplayMismatch(f"line 1 is a {entry.kind!r} line, not the setup")
        players = [Player(name=x.name, email=x.email, seat=x.seat) for x in p.players]
        options = dict(p.options)
        env = Envelope(
            game_id=p.game_id,
            game_name=p.game_name,
            players=players,
            options=options,
            created=entry.time,
            updated=entry.time,
            seq=0,
            head_hash=GENESIS_PREV,
            seed_commitment=p.seed_commitment,
        )
        if seed_commitment(seed, nonce) != env.seed_commitment:
            raise ReplayMismatch("the sealed seed does not match the published seed commitment")
        state = game.setup(len(players), recorded_options(game, options), seed)
        fold = cls(game, env, state, seed, nonce, undo_stack=[])
        return fold

    # ------------------------------------------------------------------ actions

    def apply_action(self, seq: int, seat: int, action: object) -> tuple[str, str, list[Event]]:
        """Apply a legal action at log position ``seq``: ``(public notation, notation, events)``."""
        public = self.game.public_notation(self.state, seat, action)
        exact = self.game.notation(action)
        before = self.state
        self.state, events = self.game.apply(
            before, seat, action, derive_rng(self.seed, "apply", seq)
        )
        if self.undo_stack is not None:
            self.undo_stack.append(Done(seq, seat, before))
        self.envelope.moves += 1
        return public, exact, list(events)

    def parse(self, seat: int, text: str) -> object:
        """The engine's parse in the current position (raises the engine's RuleError)."""
        return self.game.parse(self.state, seat, text)

    def undo(self) -> Done:
        """Revert the last applied action."""
        if self.undo_stack is None:
            raise NeedFullReplay
        if not self.undo_stack:
            raise ReplayMismatch("undo with no action left to undo")
        done = self.undo_stack.pop()
        self.state = done.state_before
        self.envelope.moves += 1
        return done

    # ------------------------------------------------------------------ folding a line

    def advance(
        self,
        entry: LogEntry,
        line_hash_hex: str,
        exact: str | None,
        *,
        check: bool,
        engine_done: bool = False,
    ) -> list[Event]:
        """Fold one (already authenticated) line. ``exact`` is the unsealed notation of an action
        line whose notation is secret. With ``check``, recompute the line's claims and raise
        :class:`ReplayMismatch` on a difference. ``engine_done``: a commit already ran the engine
        step of this action or undo line (to build its payload); fold only the bookkeeping.
        Returns the engine events of an action line."""
        # Long on purpose: one case per kind of line, the single fold every reader goes through.
        env = self.envelope
        events: list[Event] = []
        match entry.payload:
            case ActionLine() | UndoLine() if engine_done:
                pass
            case ActionLine() as p:
                events = self._replay_action(entry.seq, p, exact, check=check)
            case UndoLine() as p:
                done = self.undo()
                if check and done.seq != p.undone:
                    raise ReplayMismatch(
                        f"the undo names seq {p.undone}, but the last action is seq {done.seq}"
                    )
            case ReplaceLine() as p:
                env.players = [
                    msgspec.structs.replace(pl, status="resigned" if p.resigned else "replaced")
                    if pl.seat == p.seat and pl.status == "active"
                    else pl
                    for pl in env.players
                ]
                env.players.append(Player(name=p.name, email=p.email, seat=p.seat))
            case PauseLine():
                env.status = "paused"
            case ResumeLine():
                env.status = "active"
            case EndLine() as p:
                env.status = "ended"
                if check and p.reason == "finished":
                    res = self.game.result(self.state)
                    if res is None or list(res.scores) != p.scores:
                        raise ReplayMismatch(
                            f"the recorded final scores {p.scores} differ from the replay's"
                        )
                env.result = GameResult(
                    scores=list(p.scores), winners=list(p.winners), reason=p.reason
                )
            case RevealLine() as p:
                if check and (p.seed != self.seed or p.nonce != self.nonce):
                    raise ReplayMismatch("the revealed seed is not the game's sealed seed")
                env.revealed_seed = p.seed
                env.revealed_nonce = p.nonce
            case DeadlineLine() as p:
                if p.seconds is None and p.at is None:
                    env.deadlines.pop(p.kind, None)
                else:
                    env.deadlines[p.kind] = Deadline(seconds=p.seconds, at=p.at)
                env.deadlines = dict(sorted(env.deadlines.items()))
            case PolicyLine() as p:
                env.options = dict(sorted({**env.options, p.name: p.value}.items()))
            case (
                SetupLine()
                | ViewAccessLine()
                | MessageLine()
                | VacationLine()
                | BackLine()
                | VoteLine()
                | OrdersLine()
            ):
                # Standing orders are read from their sealed lines (pbem.service.standing).
                # Vacations are read from the log lines themselves (pbem.service.community).
                # The setup's engine part is done by from_setup; the others change no game state.
                pass
            case _ as unknown:
                assert_never(unknown)
        if entry.msgid is not None and entry.msgid not in env.applied_message_ids:
            env.applied_message_ids.append(entry.msgid)
        env.seq = entry.seq
        env.head_hash = line_hash_hex
        env.updated = entry.time
        return events

    def _replay_action(
        self, seq: int, p: ActionLine, exact: str | None, *, check: bool
    ) -> list[Event]:
        text = exact if exact is not None else p.notation
        try:
            action = self.parse(p.seat, text)
        except RuleError as exc:
            raise ReplayMismatch(
                f"the recorded move {p.notation!r} of seat {p.seat} is not legal here: {exc}"
            ) from None
        public, _, events = self.apply_action(seq, p.seat, action)
        if check:
            if public != p.notation:
                raise ReplayMismatch(
                    f"recorded public notation {p.notation!r}, the rules give {public!r}"
                )
            got = public_events(events)
            if got != p.events:
                raise ReplayMismatch(
                    "the recorded events (draws) differ from the replay's: recorded "
                    f"{msgspec.to_builtins(p.events)!r}, replayed {msgspec.to_builtins(got)!r}"
                )
        return events


# -------------------------------------------------------------------------------------------------
# The one walk of the log for its readers
# -------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One line of the log as its readers see it."""

    entry: LogEntry
    move: int | None
    """For an action still in effect at the end of the walk: its move number (1, 2, ...), the
    game's one move number (mails, HISTORY, ``#N`` guards, ``admin list``); else ``None``."""
    taken_back: bool
    """An action that a later undo took back."""


def moves_in_effect(entries: Sequence[LogEntry]) -> list[int]:
    """The seqs of the actions in effect, in order. An undo takes back the action it names (the
    latest one in effect, as :meth:`Fold.undo` checks), else the latest one."""
    stack: list[int] = []
    for e in entries:
        step_in_effect(stack, e)
    return stack


def step_in_effect(stack: list[int], entry: LogEntry) -> None:
    """One line's effect on ``stack``, the seqs of the actions in effect (:func:`moves_in_effect`
    line by line; the game record continued from where it left off takes the same steps)."""
    match entry.payload:
        case ActionLine():
            stack.append(entry.seq)
        case UndoLine(undone=undone) if stack:
            if undone in stack:
                stack.remove(undone)
            else:
                stack.pop()


def last_position(entries: Sequence[LogEntry]) -> LogEntry | None:
    """The latest line that makes a new position (its kind ``RESTARTS_CLOCK``): a deadline's
    clock runs from its time. The one backward walk of the log; None before any."""
    for e in reversed(entries):
        if e.payload.RESTARTS_CLOCK:
            return e
    return None


def has_started(entries: Sequence[LogEntry]) -> bool:
    """Whether any seat has moved yet (an action line, even one taken back later)."""
    return any(e.payload.PLAYER_MOVE for e in entries)


def walk(entries: Sequence[LogEntry]) -> Iterator[Step]:
    """Every line in order, each action numbered if it is still in effect."""
    live = set(moves_in_effect(entries))
    n = 0
    for e in entries:
        if isinstance(e.payload, ActionLine):
            if e.seq in live:
                n += 1
                yield Step(e, n, False)
            else:
                yield Step(e, None, True)
        else:
            yield Step(e, None, False)
