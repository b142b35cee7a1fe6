"""What a caller asks the store to append (:meth:`pbem.store.Store.commit` takes a list of these),
and what a commit hands back for notifications.

Frozen ``msgspec.Struct`` classes rather than dataclasses: defining a dataclass runs generated code
(about 0.8 ms each, 11 ms for these 13 at every start, an idle tick's largest single import);
a Struct is built in C. Same use: positional or keyword fields, equality, hashing, immutability."""

from __future__ import annotations

from datetime import datetime
from typing import Literal, TypeAlias

import msgspec

from pbem.rules.base import Event

Source: TypeAlias = Literal["mail", "gm", "bot", "timer"]


class ActionEntry(msgspec.Struct, frozen=True):
    """A seat's move. Give either ``action`` (from ``parse``/``legal``) or ``text`` (notation as
    typed). Either way the store re-parses the notation against the position it is applied to, so
    an action that became illegal (e.g. the second of two moves in one mail) raises the engine's
    :class:`~pbem.rules.base.RuleError` and nothing is written."""

    seat: int
    action: object = None
    text: str | None = None
    source: Source = "mail"
    message_id: str | None = None
    """Recorded in the Message-ID ledger; a Message-ID already applied is a conflict."""


class Plan(msgspec.Struct, frozen=True):
    """Several actions of one seat in order, sent in one mail (a whole turn of *Die Verbotene
    Stadt*: "RK N; BG E W; RK S"). The first must be legal now (else the engine's
    :class:`~pbem.rules.base.RuleError` is raised and nothing is written, as for
    :class:`ActionEntry`). Each later one is written as its own action line, with its own log
    position and so its own random generator (the fate die after it), exactly as if it had come
    in its own mail, as long as the game still owes ``seat`` a decision of kind ``kind`` and the
    text is legal then; the first one that is not stops the plan, and the rest is not played
    (no error: the caller tells the player what was played and why the rest was not)."""

    seat: int
    texts: tuple[str, ...]
    kind: str = "move"
    source: Source = "mail"
    message_id: str | None = None
    """Carried by the first action line (the Message-ID ledger key)."""
    fallback: str = ""
    """An action played instead of a later one that is not legal when its turn comes (the
    seat's standing order ``BLOCKED PAVILION`` in *Die Verbotene Stadt*: ``RK pavilion``); the
    plan then goes on. ``""``: the plan stops there."""


class Undo(msgspec.Struct, frozen=True):
    """Revert the last applied action (the undone line stays in the log)."""

    source: Source = "gm"
    reason: str = ""


class Replace(msgspec.Struct, frozen=True):
    """Another person takes over ``seat``."""

    seat: int
    name: str
    email: str
    source: Source = "gm"
    message_id: str | None = None
    """The mail that asked for it (e.g. a RESIGN), recorded in the Message-ID ledger."""
    resigned: bool = False
    """The old player resigned (their status becomes ``resigned`` instead of ``replaced``)."""


class Pause(msgspec.Struct, frozen=True):
    """Stop accepting moves until :class:`Resume`."""

    reason: str = ""
    source: Source = "gm"


class Resume(msgspec.Struct, frozen=True):
    """Accept moves again after :class:`Pause`."""

    source: Source = "gm"


class End(msgspec.Struct, frozen=True):
    """End the game now (the seed is revealed with it)."""

    reason: str = "gm"
    source: Source = "gm"
    standing: list[int] | None = None
    """The scores as they stand, for a game ended before its rules end it (an END agreed by
    vote, issue 27); the winners are the seats with the highest. None: the rules' result, if
    any."""


class ViewAccess(msgspec.Struct, frozen=True):
    """Someone looked at a seat's private view (recorded so that players can see it happened)."""

    seat: int
    by: str = "gm"


class SetDeadline(msgspec.Struct, frozen=True):
    """Set (or, with neither field, clear) the deadline of one decision kind."""

    kind: str
    seconds: int | None = None
    at: datetime | None = None
    source: Source = "gm"


class MessageHandled(msgspec.Struct, frozen=True):
    """A mail was handled without changing the game (a rejected move, HELP, a chat line...): only
    its Message-ID goes into the ledger, so that a replayed fetch does not answer it twice."""

    message_id: str
    seat: int | None
    outcome: str
    """Short, e.g. ``"rejected: illegal move"``, ``"help"``. Must not contain secrets."""


class Vacation(msgspec.Struct, frozen=True):
    """``seat`` is away from ``start`` to ``until``: its deadlines stop meanwhile."""

    seat: int
    start: datetime
    until: datetime
    source: Source = "mail"
    message_id: str | None = None
    leave: str = ""
    """The id of the player's leave for all their games (issue 27); empty for a per-game one."""
    auto: bool = False
    """Spent by the service before a missed decision (``VACATION AUTO``)."""


class Back(msgspec.Struct, frozen=True):
    """``seat`` is back before its vacation's end (the rest of it is not counted)."""

    seat: int
    source: Source = "mail"
    message_id: str | None = None


class SetPolicy(msgspec.Struct, frozen=True):
    """A service setting of the game (``nmr``, ``remind``, ``grace``, ``vacation``, ``watch``),
    kept in the envelope's options; the value is checked by the caller."""

    name: str
    value: str
    source: Source = "gm"


class Vote(msgspec.Struct, frozen=True):
    """A step of a vote by mail (issue 27; see :class:`~pbem.store.payloads.VoteLine`)."""

    proposal: str
    step: str
    what: str
    seat: int | None = None
    length: str = ""
    source: Source = "mail"
    message_id: str | None = None


class SetOrders(msgspec.Struct, frozen=True):
    """A change of ``seat``'s standing orders (issue 25): ``change`` is JSON text, sealed in the
    log line (only the service and, at the end, nobody else reads it)."""

    seat: int
    change: str
    source: Source = "mail"
    message_id: str | None = None


NewEntry: TypeAlias = (
    ActionEntry
    | Plan
    | Undo
    | Replace
    | Pause
    | Resume
    | End
    | ViewAccess
    | SetDeadline
    | MessageHandled
    | Vacation
    | Back
    | SetPolicy
    | Vote
    | SetOrders
)


class Produced(msgspec.Struct, frozen=True):
    """One log line written by a commit, with the engine events it caused (private ones too:
    each carries ``visible_to``; only public ones were written to the log)."""

    seq: int
    kind: str
    seat: int | None
    notation: str | None = None
    """The public notation of an action line."""
    instead: str | None = None
    """For an action a plan played as its ``fallback``: the text written, which was not legal."""
    events: list[Event] = msgspec.field(default_factory=list)
