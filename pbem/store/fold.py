"""Folding the log: the one place where log lines change a game's envelope and engine state.

The same steps serve a commit (build a new line from a request), a replay from the setup, a
roll-forward from a snapshot, and a verification (recompute what a line claims and compare).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import msgspec

from pbem.model import Deadline, Envelope, GameResult, Player
from pbem.rules.base import Event, Game, RuleError, derive_rng, recorded_options
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


def public_events(events: list[Event]) -> list[dict[str, Any]]:
    """The public events as they are written in the log (JSON-normalised)."""
    out = [{"kind": e.kind, "data": e.data} for e in events if e.visible_to is None]
    normal: list[dict[str, Any]] = msgspec.json.decode(encoder.encode(out))
    return normal


class ReplayMismatch(Exception):
    """A line's claim differs from what the rules compute (message says what)."""


class NeedFullReplay(Exception):
    """An undo was met while rolling forward from a snapshot (no earlier states in memory)."""


@dataclass
class Done:
    """An applied action that an undo may revert."""

    seq: int
    seat: int
    state_before: Any


class Fold:
    """Envelope + engine state at one log position, and the steps that advance it."""

    def __init__(
        self,
        game: Game,
        envelope: Envelope,
        state: Any,
        seed: int,
        nonce: str,
        *,
        undo_stack: list[Done] | None,
    ) -> None:
        self.game = game
        self.envelope = envelope
        self.state = state
        self.seed = seed
        self.nonce = nonce
        self.undo_stack = undo_stack
        """``None`` when started from a snapshot: undo then needs a replay from the setup."""

    @property
    def seq(self) -> int:
        return self.envelope.seq

    # ------------------------------------------------------------------ setup

    @classmethod
    def from_setup(cls, game: Game, entry: LogEntry, seed: int, nonce: str) -> Fold:
        """The position right after the setup line."""
        p = entry.payload
        players = [Player(name=x["name"], email=x["email"], seat=x["seat"]) for x in p["players"]]
        options = dict(p["options"])
        env = Envelope(
            game_id=p["game_id"],
            game_name=p["game_name"],
            players=players,
            options=options,
            created=entry.time,
            updated=entry.time,
            seq=0,
            head_hash=GENESIS_PREV,
            seed_commitment=p["seed_commitment"],
        )
        if seed_commitment(seed, nonce) != env.seed_commitment:
            raise ReplayMismatch("the sealed seed does not match the published seed commitment")
        state = game.setup(len(players), recorded_options(game, options), seed)
        fold = cls(game, env, state, seed, nonce, undo_stack=[])
        return fold

    # ------------------------------------------------------------------ actions

    def apply_action(self, seq: int, seat: int, action: Any) -> tuple[str, str, list[Event]]:
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

    def parse(self, seat: int, text: str) -> Any:
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
        # Long on purpose: one branch per log kind: the single fold every reader of the log goes through.
        env = self.envelope
        p = entry.payload
        events: list[Event] = []
        kind = entry.kind
        if kind in ("action", "undo") and engine_done:
            pass
        elif kind == "action":
            seat = int(p["seat"])
            text = exact if exact is not None else p["notation"]
            try:
                action = self.parse(seat, text)
            except RuleError as exc:
                raise ReplayMismatch(
                    f"the recorded move {p['notation']!r} of seat {seat} is not legal here: {exc}"
                ) from None
            public, _, events = self.apply_action(entry.seq, seat, action)
            if check:
                if public != p["notation"]:
                    raise ReplayMismatch(
                        f"recorded public notation {p['notation']!r}, the rules give {public!r}"
                    )
                got = public_events(events)
                if got != p.get("events", []):
                    raise ReplayMismatch(
                        f"recorded events {p.get('events')!r} differ from the replay's {got!r}"
                    )
        elif kind == "undo":
            done = self.undo()
            if check and done.seq != p.get("undone"):
                raise ReplayMismatch(
                    f"the undo names seq {p.get('undone')}, but the last action is seq {done.seq}"
                )
        elif kind == "replace":
            seat = int(p["seat"])
            env.players = [
                msgspec.structs.replace(pl, status="resigned" if p.get("resigned") else "replaced")
                if pl.seat == seat and pl.status == "active"
                else pl
                for pl in env.players
            ]
            env.players.append(Player(name=p["name"], email=p["email"], seat=seat))
        elif kind == "pause":
            env.status = "paused"
        elif kind == "resume":
            env.status = "active"
        elif kind == "end":
            env.status = "ended"
            if check and p.get("reason") == "finished":
                res = self.game.result(self.state)
                if res is None or list(res.scores) != p.get("scores"):
                    raise ReplayMismatch(
                        f"recorded final scores {p.get('scores')} differ from the replay's"
                    )
            env.result = GameResult(
                scores=list(p.get("scores", [])),
                winners=list(p.get("winners", [])),
                reason=str(p.get("reason", "")),
            )
        elif kind == "reveal":
            if check and (p.get("seed") != self.seed or p.get("nonce") != self.nonce):
                raise ReplayMismatch("the revealed seed is not the game's sealed seed")
            env.revealed_seed = int(p["seed"])
            env.revealed_nonce = str(p["nonce"])
        elif kind == "deadline":
            if p.get("seconds") is None and p.get("at") is None:
                env.deadlines.pop(p["kind"], None)
            else:
                env.deadlines[p["kind"]] = Deadline(seconds=p.get("seconds"), at=p.get("at"))
            env.deadlines = dict(sorted(env.deadlines.items()))
        elif kind == "policy":
            env.options = dict(sorted({**env.options, str(p["name"]): str(p["value"])}.items()))
        elif kind in ("setup", "view-access", "message", "vacation", "back"):
            # Vacations are read from the log lines themselves (pbem.service.community).
            # The setup's engine part is done by from_setup; the others change no game state.
            pass
        else:
            raise ReplayMismatch(f"unknown event kind {kind!r}")
        if entry.msgid is not None and entry.msgid not in env.applied_message_ids:
            env.applied_message_ids.append(entry.msgid)
        env.seq = entry.seq
        env.head_hash = line_hash_hex
        env.updated = entry.time
        return events
