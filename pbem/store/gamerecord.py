"""What the store hands out: a loaded game (:class:`GameRecord`, with its public history) and the
outcome of verifying one (:class:`VerifyReport`). Apart from :mod:`pbem.store.store` so that its
loader, committer and verifier can build them without importing the facade."""

from __future__ import annotations

from dataclasses import dataclass, field

import msgspec

from pbem.errors import IntegrityError
from pbem.model import Envelope
from pbem.rules.base import Decision, Event, Game
from pbem.store.entries import Produced
from pbem.store.loglines import LogEntries
from pbem.store.payloads import public_data


class HistoryItem(msgspec.Struct, kw_only=True):
    """One log line as the public may see it (sealed fields removed)."""

    seq: int
    time: str
    kind: str
    msgid: str | None
    data: dict[str, object]


@dataclass
class GameRecord:
    """A loaded game: envelope, engine state, and its public history."""

    envelope: Envelope
    state: object
    game: Game
    entries: LogEntries
    """Every log line (sealed fields still sealed), read like a list: a line is decoded when first
    read, so a load or commit that reads few of them decodes few."""
    produced: list[Produced] = field(default_factory=list)
    """What the commit that returned this record wrote (empty after a plain load)."""
    warnings: list[str] = field(default_factory=list)
    """Recoveries performed while loading (for the GM)."""
    _legal: dict[int, tuple[object, list[str]]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Each seat's legal moves in notation, with the state they are of."""

    @property
    def game_id(self) -> str:
        return self.envelope.game_id

    @property
    def seq(self) -> int:
        return self.envelope.seq

    @property
    def head_hash(self) -> str:
        return self.envelope.head_hash

    @property
    def history(self) -> list[HistoryItem]:
        """The public history: every line, secrets removed."""
        return [
            HistoryItem(
                seq=e.seq,
                time=e.time,
                kind=e.kind,
                msgid=e.msgid,
                data=public_data(e.payload),
            )
            for e in self.entries  # not fold.walk: every line as it is, for an export
        ]

    @property
    def events(self) -> list[Event]:
        """Engine events produced by the commit that returned this record, in order."""
        return [ev for p in self.produced for ev in p.events]

    def pending(self) -> list[Decision]:
        """The engine's pending decisions (empty unless the game is active)."""
        if self.envelope.status != "active":
            return []
        return list(self.game.pending(self.state))

    def legal_notations(self, seat: int) -> list[str]:
        """The seat's legal moves as notation strings (worked out once a position: a turn mail
        lists them and its turn file carries them)."""
        state = self.state
        known = self._legal.get(seat)
        if known is None or known[0] is not state:  # a state is a value: never changed in place
            known = (state, [self.game.notation(a) for a in self.game.legal(state, seat)])
            self._legal[seat] = known
        return list(known[1])

    def seat_names(self) -> list[str]:
        return list(self.game.seat_names(len(self.envelope.seats())))

    def view(self, seat: int | None) -> object:
        return self.game.view(self.state, seat)

    def render(self, seat: int | None) -> str:
        """The ASCII board of the public view or of one seat's view."""
        return self.game.render_text(self.game.view(self.state, seat))


@dataclass
class VerifyReport:
    """The outcome of verifying one game (or one export)."""

    game_id: str
    ok: bool
    seq: int = 0
    error: IntegrityError | None = None
    warnings: list[str] = field(default_factory=list)
    replayed: bool = False
    """Whether the engine replay was checked too (not possible for an export before the reveal)."""

    def __str__(self) -> str:
        if self.ok:
            how = "signatures, chain and replay" if self.replayed else "signatures and chain"
            return f"{self.game_id}: OK ({self.seq} events; {how} checked)"
        return f"{self.error}"
