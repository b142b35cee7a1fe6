"""Who gets which mail after a commit, and building those mails from the log.

:func:`who_gets` is the rule, a pure function of the situation (tested by a table). The
:class:`Notifier` applies it: mails are built from the *log* (the lines after the last notified
one) plus each seat's current view, never from in-memory leftovers, so the normal path and the
recovery after a crash are one code path.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from pbem.commands.describe import describe_line
from pbem.mail.parse import ParsedMail
from pbem.service.journal import Journal, NotifiedMark
from pbem.service.mailer import Mailer, join
from pbem.store import GameRecord, Store

MailKind = Literal["start", "turn", "moved", "over"]

QUIET_KINDS = frozenset({"message", "view-access", "reveal"})
"""Log lines that send nobody a mail by themselves."""

MAX_EVENTS = 60
"""Event sentences in one mail (a player back from a long silence gets the latest)."""


@dataclass(frozen=True)
class Situation:
    """What changed since the last mails of a game."""

    seats: tuple[int, ...]
    started: bool
    """No mail has gone out for this game yet."""
    status: str
    """``active``, ``paused`` or ``ended``."""
    gm_changed: bool
    """A line other than a player's action (undo, pause, replace, deadline...)."""
    pending_before: frozenset[int]
    """Seats that owed a decision at the last mails."""
    pending_now: frozenset[int]
    actors: frozenset[int]
    """Seats that acted since."""


def who_gets(s: Situation) -> dict[int, MailKind]:
    """The mail each seat gets now; a seat left out reads what it missed in its next mail.

    At the start and the end everyone gets the start or game-over mail. Otherwise: a seat that
    owes a decision it did not owe before (or owes again after acting) gets its turn mail; the
    seats that acted get the echo; and everyone hears of it when the turn passes to other seats,
    when nobody owes anything, when the GM changed something, or when the game is not active.
    So a player making several moves in a row does not flood the others' mailboxes.
    """
    if s.status == "ended":
        return {seat: "over" for seat in s.seats}
    if s.started:
        return {seat: "start" for seat in s.seats}
    everyone = (
        s.status != "active"
        or s.gm_changed
        or not s.pending_now <= s.pending_before | s.actors
        or not s.pending_now
    )
    out: dict[int, MailKind] = {}
    for seat in s.seats:
        owes = seat in s.pending_now
        acted = seat in s.actors
        if (owes and (seat not in s.pending_before or acted)) or acted or everyone:
            out[seat] = "turn" if owes else "moved"
    return out


class Notifier:
    """Queues the mails of the log lines after the last notified one."""

    def __init__(
        self,
        store: Store,
        journal: Journal,
        mailer: Mailer,
        welcome_for_keys: Callable[[GameRecord], int],
        missing_keys: Callable[[GameRecord], list[str]],
        schedule: Callable[[str, GameRecord], None],
    ) -> None:
        self.store = store
        self.journal = journal
        self.mailer = mailer
        self.welcome_for_keys = welcome_for_keys
        self.missing_keys = missing_keys
        self.schedule = schedule

    def notify(
        self,
        game_id: str,
        *,
        actor: int | None = None,
        echo: str = "",
        reply_to: ParsedMail | None = None,
    ) -> int:
        """Queue the mails for the log lines after the last notified one; returns how many."""
        record = self.store.load(game_id)
        mark = self.journal.notified(game_id)
        done = mark.seq
        if done >= record.seq:
            self.journal.clear_dirty(game_id)
            return 0
        if done == 0 and self.missing_keys(record):
            n = self.welcome_for_keys(record)
            self.journal.clear_dirty(game_id)
            return n
        new_lines = [e for e in record.entries if e.seq > done]
        if done > 0 and all(e.kind in QUIET_KINDS for e in new_lines):
            # Only bookkeeping since the last mails (answered messages, a GM's look): no mail.
            mark.seq = record.seq
            self.journal.save_notified(game_id, mark)
            self.journal.clear_dirty(game_id)
            return 0
        env = record.envelope
        actors = {e.payload.get("seat") for e in new_lines if e.kind == "action"}
        if actor is not None:
            actors.add(actor)
        pending_now = sorted({d.seat for d in record.pending()})
        situation = Situation(
            seats=tuple(env.seats()),
            started=done == 0,
            status=env.status,
            gm_changed=any(e.kind not in ("action", *QUIET_KINDS) for e in new_lines),
            pending_before=frozenset(mark.pending),
            pending_now=frozenset(pending_now),
            actors=frozenset(a for a in actors if isinstance(a, int)),
        )
        seat_seen = dict(mark.seats)
        n = 0
        for seat, kind in who_gets(situation).items():
            since = seat_seen.get(str(seat), done)
            n += self._mail(
                record,
                seat,
                kind,
                since,
                echo if seat == actor else "",
                reply_to if seat == actor else None,
            )
            seat_seen[str(seat)] = record.seq
        self.journal.save_notified(
            game_id, NotifiedMark(seq=record.seq, pending=pending_now, seats=seat_seen)
        )
        self.schedule(game_id, record)
        self.journal.clear_dirty(game_id)
        return n

    def events_since(self, record: GameRecord, since: int) -> list[str]:
        names, players = self.mailer.names(record)
        out: list[str] = []
        for e in record.entries:
            if e.seq > since and e.kind not in QUIET_KINDS and e.kind != "setup":
                out.extend(describe_line(record.game, e.kind, e.payload, names, players))
        return out[-MAX_EVENTS:]

    def _mail(
        self,
        record: GameRecord,
        seat: int,
        kind: MailKind,
        since: int,
        echo: str,
        reply_to: ParsedMail | None,
    ) -> int:
        m = self.mailer
        env = record.envelope
        pl = env.active_player(seat)
        tail = f"e{record.seq}.{kind}"
        if kind == "over":
            ctx = m.context(
                record,
                seat,
                m.subject(record, "game over"),
                pl.name,
                events=self.events_since(record, since),
            )
            ctx.scores, ctx.winners_line = self._result_lines(record)
            ctx.seed = str(env.revealed_seed) if env.revealed_seed is not None else "(not revealed)"
            ctx.board = record.render(None)
            ctx.your_turn = False
            return m.to_seat(record, seat, "over", ctx, tail)
        if kind == "start":
            ctx = m.context(
                record,
                seat,
                m.subject(record, "a new game starts"),
                pl.name,
                private_note=m.private_note(record, seat),
            )
            return m.to_seat(record, seat, "start", ctx, tail)
        subject = (
            f"your turn (move {env.moves + 1})" if kind == "turn" else f"move {env.moves} played"
        )
        ctx = m.context(
            record,
            seat,
            m.subject(record, subject),
            pl.name,
            events=self.events_since(record, since),
            private_note=m.private_note(record, seat),
            echo=echo,
        )
        return m.to_seat(record, seat, kind, ctx, tail, reply_to=reply_to)

    def _result_lines(self, record: GameRecord) -> tuple[list[str], str]:
        env = record.envelope
        names, players = self.mailer.names(record)
        result = env.result or record.game.result(record.state)
        scores = list(result.scores) if result else []
        winners = list(result.winners) if result else []
        lines = [
            f"{players[s]:<20} {names[s]:<8} {scores[s] if s < len(scores) else '-':>4}"
            for s in env.seats()
        ]
        if winners:
            won = (
                ("Winner: " if len(winners) == 1 else "Shared victory: ")
                + join([f"{players[w]} ({names[w]})" for w in winners])
                + "."
            )
        else:
            won = "The game master ended the game."
        return lines, won
