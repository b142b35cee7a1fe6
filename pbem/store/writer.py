"""Turning a commit's requests (:mod:`pbem.store.entries`) into signed log lines: each request is
checked against the game as it is at that point of the commit, then signed and folded in."""

from __future__ import annotations

from typing import assert_never

import msgspec

from pbem.errors import CommandError, ConflictError, GameStopped
from pbem.model import check_player, iso_time
from pbem.rules.base import Event, Game, RuleError
from pbem.store.entries import (
    ActionEntry,
    Back,
    End,
    MessageHandled,
    NewEntry,
    Pause,
    Plan,
    Produced,
    Replace,
    Resume,
    SetDeadline,
    SetOrders,
    SetPolicy,
    Undo,
    Vacation,
    ViewAccess,
    Vote,
)
from pbem.store.fold import Fold, context, public_events
from pbem.store.loglines import LogEntries
from pbem.store.payloads import (
    ActionLine,
    BackLine,
    DeadlineLine,
    EndLine,
    MessageLine,
    OrdersLine,
    PauseLine,
    Payload,
    PolicyLine,
    ReplaceLine,
    ResumeLine,
    RevealLine,
    UndoLine,
    VacationLine,
    ViewAccessLine,
    VoteLine,
)
from pbem.store.records import line_hash, new_entry
from pbem.store.site import Site


class Writer:
    """Turns requests into signed lines, advancing the fold as it goes."""

    def __init__(self, site: Site, fold: Fold, entries: LogEntries, time: str) -> None:
        self.site = site
        self.fold = fold
        self.game_id = fold.envelope.game_id
        self.time = time
        self.lines: list[bytes] = []
        self.produced: list[Produced] = []
        self.all_entries = entries.copy()
        """The log's entries with this commit's (lines before it decoded only when read)."""
        self.ledger = frozenset(fold.envelope.applied_message_ids)

    def _emit(
        self,
        payload: Payload,
        msgid: str | None = None,
        *,
        engine_done: bool = False,
        seat: int | None = None,
        notation: str | None = None,
        events: list[Event] | None = None,
    ) -> None:
        fold = self.fold
        entry = new_entry(
            payload,
            seq=fold.seq + 1,
            time=self.time,
            msgid=msgid,
            prev=fold.envelope.head_hash,
            key=self.site.keyring.key_id,
        )
        line = self.site.sign_line(entry)
        h = line_hash(line)
        fold.advance(entry, h, None, check=False, engine_done=engine_done)
        self.lines.append(line)
        self.all_entries.append(line, entry, h)
        self.produced.append(
            Produced(
                seq=entry.seq, kind=entry.kind, seat=seat, notation=notation, events=events or []
            )
        )

    def _check_msgid(self, msgid: str | None) -> None:
        # Against the ledger as it was before this commit: one mail may carry several moves.
        if msgid is not None and msgid in self.ledger:
            raise ConflictError(f"{self.game_id}: message {msgid} was already applied")

    def _seat(self, seat: int) -> int:
        if seat not in self.fold.envelope.seats():
            raise CommandError(
                f"{self.game_id} has seats 0 to {len(self.fold.envelope.seats()) - 1}; there is no seat {seat}."
            )
        return seat

    def add(self, e: NewEntry) -> None:
        """Check one request against the game as it is now and write its line (an action that
        ends the game writes the end and the reveal too)."""
        env = self.fold.envelope
        gid = self.game_id
        match e:
            case ActionEntry():
                self._action(e)
            case Plan():
                self._plan(e)
            case Undo():
                self._undo(e)
            case Replace():
                self._replace(e)
            case Pause():
                if env.status != "active":
                    raise CommandError(f"{gid} is {env.status}; only an active game can be paused.")
                self._emit(PauseLine(reason=e.reason, source=e.source))
            case Resume():
                if env.status != "paused":
                    raise CommandError(f"{gid} is {env.status}; only a paused game can be resumed.")
                self._emit(ResumeLine(source=e.source))
            case End():
                if env.status == "ended":
                    raise CommandError(f"{gid} has already ended.")
                result = self.fold.game.result(self.fold.state)
                scores = list(result.scores) if result else []
                winners = list(result.winners) if result else []
                if result is None and e.standing:  # ended by a vote: the scores as they stand
                    scores = list(e.standing)
                    winners = [i for i, v in enumerate(scores) if v == max(scores)]
                self._end(e.reason or "gm", scores, winners)
            case ViewAccess():
                self._emit(ViewAccessLine(by=e.by, seat=self._seat(e.seat)), seat=e.seat)
            case SetDeadline():
                if e.seconds is not None and e.seconds <= 0:
                    raise CommandError("a deadline must be a positive number of seconds.")
                at = iso_time(e.at) if e.at else None
                self._emit(DeadlineLine(at=at, kind=e.kind, seconds=e.seconds, source=e.source))
            case MessageHandled():
                self._check_msgid(e.message_id)
                self._emit(MessageLine(outcome=e.outcome, seat=e.seat), e.message_id, seat=e.seat)
            case Vacation():
                self._vacation(e)
            case Back():
                self._check_msgid(e.message_id)
                line = BackLine(seat=self._seat(e.seat), source=e.source)
                self._emit(line, e.message_id, seat=e.seat)
            case SetOrders():
                self._check_msgid(e.message_id)
                seq = self.fold.seq + 1
                sealed = self.site.keyring.seal(
                    e.change.encode(), context(self.game_id, "orders", seq)
                )
                orders = OrdersLine(seat=self._seat(e.seat), sealed=sealed, source=e.source)
                self._emit(orders, e.message_id, seat=e.seat)
            case SetPolicy():
                self._emit(PolicyLine(name=e.name, source=e.source, value=e.value))
            case Vote():
                self._check_msgid(e.message_id)
                vote = VoteLine(
                    length=e.length,
                    proposal=e.proposal,
                    seat=None if e.seat is None else self._seat(e.seat),
                    source=e.source,
                    step=e.step,
                    what=e.what,
                )
                self._emit(vote, e.message_id, seat=e.seat)
            case _ as unknown:
                assert_never(unknown)

    def _action(self, e: ActionEntry) -> None:
        env, gid = self.fold.envelope, self.game_id
        if env.status != "active":
            raise GameStopped(f"{gid} is {env.status}: no moves are accepted now.")
        self._seat(e.seat)
        self._check_msgid(e.message_id)
        text = e.text if e.action is None else self.fold.game.notation(e.action)
        if text is None:
            raise ValueError("ActionEntry needs an action or a text")
        action = self.fold.parse(e.seat, text)  # legal *now* (raises the engine's RuleError)
        seq = self.fold.seq + 1
        public, exact, events = self.fold.apply_action(seq, e.seat, action)
        sealed = None
        if exact != public:
            sealed = self.site.keyring.seal(exact.encode(), context(gid, "notation", seq))
        line = ActionLine(
            events=public_events(events),
            notation=public,
            sealed=sealed,
            seat=e.seat,
            source=e.source,
        )
        self._emit(
            line, e.message_id, engine_done=True, seat=e.seat, notation=public, events=events
        )
        result = self.fold.game.result(self.fold.state)
        if result is not None:
            self._end("finished", list(result.scores), list(result.winners))

    def _plan(self, e: Plan) -> None:
        """The first action as an :class:`ActionEntry`; each later one while the game still
        owes the seat a decision of the plan's kind and the text is legal at that point."""
        if not e.texts:
            raise ValueError("a plan needs at least one action")
        msgid = e.message_id
        for i, text in enumerate(e.texts):
            game, state = self.fold.game, self.fold.state
            status = self.fold.envelope.status
            if i and plan_stop(game, status, state, e.seat, e.kind, text, e.fallback):
                return
            # The first action must be legal now (its fallback, for a queued turn's): else the
            # engine's RuleError, and nothing is written.
            legal = not e.fallback or plan_stop(game, status, state, e.seat, e.kind, text) is None
            k = len(self.produced)
            self._action(
                ActionEntry(
                    e.seat, text=text if legal else e.fallback, source=e.source, message_id=msgid
                )
            )
            msgid = None
            if not legal:
                self.produced[k] = msgspec.structs.replace(self.produced[k], instead=text)

    def _undo(self, e: Undo) -> None:
        gid = self.game_id
        if self.fold.envelope.status == "ended":
            raise CommandError(f"{gid} has ended; a finished game cannot be undone.")
        if not self.fold.undo_stack:
            raise CommandError(f"{gid} has no move left to undo.")
        done = self.fold.undo()
        last = self.all_entries[done.seq - 1].payload
        assert isinstance(last, ActionLine)
        line = UndoLine(
            notation=last.notation,
            reason=e.reason,
            seat=done.seat,
            source=e.source,
            undone=done.seq,
        )
        self._emit(line, engine_done=True, seat=done.seat)

    def _replace(self, e: Replace) -> None:
        env = self.fold.envelope
        seat = self._seat(e.seat)
        try:
            name, email = check_player(e.name, e.email)
        except ValueError as err:
            raise CommandError(str(err)) from None
        other = env.seat_of_email(email)
        if other is not None and other != seat:
            raise CommandError(
                f"{email} already plays seat {other} of {self.game_id}; choose another address."
            )
        self._check_msgid(e.message_id)
        line = ReplaceLine(
            email=email,
            name=name,
            previous=env.active_player(seat).email,
            resigned=e.resigned,
            seat=seat,
            source=e.source,
        )
        self._emit(line, e.message_id, seat=seat)

    def _vacation(self, e: Vacation) -> None:
        if self.fold.envelope.status == "ended":
            raise CommandError(f"{self.game_id} has ended; there is no deadline to stop.")
        self._check_msgid(e.message_id)
        if e.until <= e.start:
            raise CommandError("a vacation must end after it starts.")
        line = VacationLine(
            auto=e.auto,
            leave=e.leave,
            seat=self._seat(e.seat),
            source=e.source,
            start=iso_time(e.start),
            until=iso_time(e.until),
        )
        self._emit(line, e.message_id, seat=e.seat)

    def _end(self, reason: str, scores: list[int], winners: list[int]) -> None:
        self._emit(EndLine(reason=reason, scores=scores, winners=winners))
        notations: dict[str, str] = {}
        entries = self.all_entries
        for i in entries.sealed_candidates():  # only lines that may hold one are decoded
            exact = self.site.exact(self.game_id, entries[i])
            if exact is not None:
                notations[str(i + 1)] = exact
        self._emit(RevealLine(nonce=self.fold.nonce, notations=notations, seed=self.fold.seed))


def plan_stop(
    game: Game, status: str, state: object, seat: int, kind: str, text: str, fallback: str = ""
) -> RuleError | str | None:
    """Why the next action ``text`` of a plan is not played now (None: it is played, or its
    ``fallback`` when ``text`` is not legal and the fallback is). ``"turn"``: the game no longer
    owes ``seat`` a decision of ``kind`` (the dice ended the turn, another seat must decide
    first, the game ended); a :class:`RuleError`: the action is not legal now. The one rule the
    store's commit and the service's account of a plan share."""
    if status != "active":
        return "turn"
    if not any(d.seat == seat and d.kind == kind for d in game.pending(state)):
        return "turn"
    try:
        game.parse(state, seat, text)
    except RuleError as err:
        if fallback and fallback != text:
            try:
                game.parse(state, seat, fallback)
            except RuleError:
                return err
            return None
        return err
    return None
