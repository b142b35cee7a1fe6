"""Who gets which mail after a commit, and building those mails from the log.

:func:`who_gets` is the rule, a pure function of the situation (tested by a table). The
:class:`Notifier` applies it: mails are built from the *log* (the lines after the last notified
one) plus each seat's current view, never from in-memory leftovers, so the normal path and the
recovery after a crash are one code path.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Literal

import pbem.service.standings_mail as standings_mail
from pbem import layout
from pbem.commands.describe import describe_line
from pbem.gamefiles.attach import files_paragraphs, game_files, turn_file, wants_turn_file
from pbem.i18n import _
from pbem.mail.parse import ParsedMail
from pbem.service.facts import moves_played
from pbem.service.journal import Journal, NotifiedMark
from pbem.service.mailer import Mail, Mailer, join, picture_of
from pbem.service.prefs import MailMode, Prefs
from pbem.store import GameRecord, Store
from pbem.store.payloads import (
    ActionLine,
    EndLine,
    ReplaceLine,
)
from pbem.store.records import LogEntry

log = logging.getLogger(__name__)

MailKind = Literal["start", "turn", "moved", "over"]

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


def gm_subject(new_lines: list[LogEntry]) -> str:
    """The subject of the latest GM change among ``new_lines`` ("" when there is none)."""
    for e in reversed(new_lines):
        if e.payload.GM_SUBJECT:
            return e.payload.GM_SUBJECT
    return ""


DIGEST_EVERY = timedelta(hours=24)


def held_back(kind: MailKind, mode: MailMode, gm_changed: bool) -> bool:
    """Whether a player's mail mode holds this mail back (for their next mail, or the digest).

    TURNS and DIGEST keep back every "moved" mail, the echo of the player's own move included:
    their next turn mail tells what happened since (a refusal is its own mail and always goes)."""
    return kind == "moved" and not gm_changed and mode is not MailMode.EVERY


def situation_of(
    record: GameRecord, mark: NotifiedMark, new_lines: list[LogEntry], actor: int | None
) -> Situation:
    """What changed since the last mails: the input of :func:`who_gets`."""
    env = record.envelope
    actors = {e.payload.seat for e in new_lines if isinstance(e.payload, ActionLine)}
    if actor is not None:
        actors.add(actor)
    return Situation(
        seats=tuple(env.seats()),
        started=mark.seq == 0,
        status=env.status,
        gm_changed=any(not (e.payload.PLAYER_MOVE or e.payload.QUIET) for e in new_lines),
        pending_before=frozenset(mark.pending),
        pending_now=frozenset(d.seat for d in record.pending()),
        actors=frozenset(actors),
    )


Attachment = tuple[bytes, str, str]


def export_attachments(
    store: Store, tmp_dir: Path, record: GameRecord
) -> tuple[Attachment, Attachment]:
    """The game's public export (log, snapshot, public keys) and the service's public key, for
    the game-over mail: with them any player can run ``pbem verify-shuffle``."""
    gid = record.envelope.game_id
    tmp = tmp_dir / f".export-{layout.export_name(gid)}"
    try:
        store.export(gid, tmp)
        data = tmp.read_bytes()
    finally:
        tmp.unlink(missing_ok=True)
    key = (store.keyring.public_key_text() + "\n").encode()
    return (data, layout.export_name(gid), "application/gzip"), (
        key,
        "pbem-public-key.txt",
        "text/plain",
    )


@dataclass(eq=False, repr=False)
class Notifier:
    """Queues the mails of the log lines after the last notified one."""

    store: Store
    journal: Journal
    mailer: Mailer
    prefs: Prefs
    welcome_for_keys: Callable[[GameRecord], int]
    missing_keys: Callable[[GameRecord], list[str]]
    schedule: Callable[[str, GameRecord], None]
    _standings: standings_mail.Outcome | None = field(default=None, init=False, repr=False)
    """The standings after the game whose end is being mailed (its players' changes)."""

    def notify(
        self,
        game_id: str,
        *,
        actor: int | None = None,
        echo: str = "",
        reply_to: ParsedMail | None = None,
        record: GameRecord | None = None,
    ) -> int:
        """Queue the mails for the log lines after the last notified one; returns how many.
        ``record``: the game as a load or commit just gave it (else it is loaded)."""
        # Long on purpose: the notification transaction: read the mark, decide per seat, queue, save the mark.
        record = record or self.store.load(game_id)
        mark = self.journal.notified(game_id)
        done = mark.seq
        if done >= record.seq:
            self.journal.clear_dirty(game_id)
            return 0
        status = record.envelope.status
        if done == 0 and status in ("active", "paused") and self.missing_keys(record):
            # Not started: it waits for keys. The welcome goes once (not again after the GM's
            # pause, nor at his resume); an ended game goes on below and says that it ended.
            n = self.welcome_for_keys(record) if status == "active" else 0
            self.journal.clear_dirty(game_id)
            return n
        new_lines = record.entries[done:]  # line n is entries[n - 1]: only these are decoded
        self._standings = None
        if status == "ended" and any(isinstance(e.payload, EndLine) for e in new_lines):
            self._standings = standings_mail.record_end(self.store, record)
        if done > 0 and all(e.payload.QUIET for e in new_lines):
            # Only bookkeeping since the last mails (answered messages, a GM's look): no mail.
            mark.seq = record.seq
            self.journal.save_notified(game_id, mark)
            self.journal.clear_dirty(game_id)
            return 0
        env = record.envelope
        situation = situation_of(record, mark, new_lines, actor)
        pending_now = sorted(situation.pending_now)
        gm_what = gm_subject(new_lines)
        newcomers = {e.payload.seat for e in new_lines if isinstance(e.payload, ReplaceLine)}
        n = self._tell_replaced(record, new_lines)
        now = self.mailer.clock()
        seat_seen = dict(mark.seats)
        mailed_at = dict(mark.mailed_at)
        digest_due: datetime | None = None
        for seat, kind in who_gets(situation).items():
            pl = env.active_player(seat)
            mode = self.prefs.mail_mode(pl.email, env.options.get("mail"))
            since = seat_seen.get(str(seat), done)
            if held_back(kind, mode, situation.gm_changed):
                if mode is MailMode.DIGEST:
                    last = mailed_at.get(str(seat))
                    due = (datetime.fromisoformat(last) + DIGEST_EVERY) if last else now
                    digest_due = due if digest_due is None else min(digest_due, due)
                continue
            if seat in newcomers and kind in ("turn", "moved"):
                with self.mailer.speaking_to_seat(record, seat):
                    n += self._welcome_newcomer(record, seat)
            else:
                with self.mailer.speaking_to_seat(record, seat):
                    n += self._mail(
                        record,
                        seat,
                        kind,
                        since,
                        echo if seat == actor else "",
                        reply_to if seat == actor else None,
                        gm_what,
                    )
            seat_seen[str(seat)] = record.seq
            mailed_at[str(seat)] = now.isoformat()
        self.journal.save_notified(
            game_id,
            NotifiedMark(seq=record.seq, pending=pending_now, seats=seat_seen, mailed_at=mailed_at),
        )
        if digest_due is not None:
            self.journal.set_digest(game_id, digest_due)
        self.schedule(game_id, record)
        self.journal.clear_dirty(game_id)
        return n

    def digest(self, game_id: str) -> int:
        """The daily mail of the seats whose mode is DIGEST: what happened since their last mail."""
        record = self.store.load(game_id)
        env = record.envelope
        mark = self.journal.notified(game_id)
        now = self.mailer.clock()
        n = 0
        later: datetime | None = None
        for seat in env.seats():
            pl = env.active_player(seat)
            if self.prefs.mail_mode(pl.email, env.options.get("mail")) is not MailMode.DIGEST:
                continue
            since = mark.seats.get(str(seat), 0)
            if since >= mark.seq:
                continue
            last = mark.mailed_at.get(str(seat))
            due = (datetime.fromisoformat(last) + DIGEST_EVERY) if last else now
            if due > now:
                later = due if later is None else min(later, due)
                continue
            m = self.mailer
            with m.speaking_to_seat(record, seat):
                ctx = m.seat_context(
                    record,
                    seat,
                    _("the day's moves"),
                    events=self.events_since(record, since),
                    private_note=m.private_note(record, seat),
                )
            n += m.to_seat(
                record,
                seat,
                "moved",
                ctx,
                f"e{mark.seq}.digest.{now:%Y%m%d}",
                headers=m.list_headers(game_id, "digest"),
            )
            mark.seats[str(seat)] = mark.seq
            mark.mailed_at[str(seat)] = now.isoformat()
        self.journal.save_notified(game_id, mark)
        self.journal.set_digest(game_id, later)
        return n

    def events_since(self, record: GameRecord, since: int) -> list[str]:
        names, players = self.mailer.names(record)
        out: list[str] = []
        for e in record.entries[since:]:
            if e.payload.TOLD:
                out.extend(describe_line(record.game, e.payload, names, players))
        return out[-MAX_EVENTS:]

    def _tell_replaced(self, record: GameRecord, new_lines: list[LogEntry]) -> int:
        """The player who left a seat hears of it (their old mails can no longer move it)."""
        env = record.envelope
        n = 0
        for e in new_lines:
            if not isinstance(e.payload, ReplaceLine):
                continue
            seat = e.payload.seat
            gone = [
                p for p in env.players if p.seat == seat and p.status in ("replaced", "resigned")
            ]
            if not gone:
                continue
            old = gone[-1]
            new = env.active_player(seat)
            names = self.mailer.names(record)[0]
            m = self.mailer
            with m.speaking_to(old.email, record):
                if e.payload.source == "timer" and old.status == "replaced":
                    from pbem.service.takeover import lost_seat_text  # issue 27

                    text = lost_seat_text(record, seat, names[seat])
                elif old.status == "resigned":
                    text = _(
                        "You resigned from game %(game)s; the computer now plays %(seat)s. You "
                        "get no more mail for this game except its end."
                    ) % {"game": env.game_id, "seat": names[seat]}
                else:
                    text = _(
                        "The game master gave your seat (%(seat)s) in game %(game)s to %(name)s. "
                        "You get no more mail for this game, and replies to its earlier mails are "
                        "no longer accepted."
                    ) % {"seat": names[seat], "game": env.game_id, "name": new.name}
                what = (
                    _("you left the game")
                    if old.status == "resigned"
                    else _("your seat goes to the computer")
                    if e.payload.source == "timer"
                    else _("your seat was given to another player")
                )
                ctx = m.notice_context(what, old.name, [text], record=record)
            n += m.send(
                Mail("notice", ctx, old.name, old.email, f"left.{env.game_id}.{e.seq}", record)
            )
        return n

    def _welcome_newcomer(self, record: GameRecord, seat: int) -> int:
        """The new holder of a seat gets what a new player needs: the start mail, as it is now."""
        m = self.mailer
        names = m.names(record)[0]
        ctx = m.seat_context(
            record,
            seat,
            _("welcome: you now play %(seat)s") % {"seat": names[seat]},
            private_note=m.private_note(record, seat, full=True),
            newcomer=True,
        )
        return m.to_seat(record, seat, "start", ctx, f"e{record.seq}.welcome{seat}")

    def _mail(
        self,
        record: GameRecord,
        seat: int,
        kind: MailKind,
        since: int,
        echo: str,
        reply_to: ParsedMail | None,
        gm_what: str = "",
    ) -> int:
        m = self.mailer
        env = record.envelope
        tail = f"e{record.seq}.{kind}"
        if kind == "over":
            ctx = m.seat_context(
                record,
                seat,
                _("game over"),
                events=self.events_since(record, since),
            )
            ctx.scores, ctx.winners_line = self._result_lines(record)
            ctx.seed = (
                str(env.revealed_seed) if env.revealed_seed is not None else _("(not revealed)")
            )
            ctx.board = record.render(None)
            ctx.picture = picture_of(record, None)
            ctx.your_turn = False
            export, key = export_attachments(self.store, self.journal.root, record)
            names, players = m.names(record)
            ctx.paragraphs = standings_mail.stats_paragraphs(record, players, names)
            ctx.paragraphs += standings_mail.over_paragraphs(self._standings, record, seat)
            ctx.paragraphs += self._verify_paragraphs(record, export[1], key[1])
            files = self._game_files(record, seat)
            if files:
                ctx.paragraphs += files_paragraphs(files[0][1], files[1][1], key[1])
            return m.to_seat(record, seat, "over", ctx, tail, attachments=(export, key, *files))
        if kind == "start":
            subject = _("a new game starts")
            if any(d.seat == seat for d in record.pending()):
                # The seat that moves first: its subject says so, as a turn mail's does.
                your_turn = _("your turn (move %(num)d)") % {"num": moves_played(record) + 1}
                subject = f"{subject}: {your_turn}"
            ctx = m.seat_context(
                record,
                seat,
                subject,
                private_note=m.private_note(record, seat, full=True),
            )
            return m.to_seat(
                record,
                seat,
                "start",
                ctx,
                tail,
                attachments=self._turn_file(record, seat, kind, ctx.board),
            )
        played = moves_played(record)
        your_turn = _("your turn (move %(num)d)") % {"num": played + 1}
        subject = your_turn if kind == "turn" else _("move %(num)d played") % {"num": played}
        if gm_what:
            subject = f"{_(gm_what)}: {your_turn}" if kind == "turn" else _(gm_what)
        ctx = m.seat_context(
            record,
            seat,
            subject,
            events=self.events_since(record, since),
            private_note=self._private_note(record, seat),
            echo=echo,
        )
        return m.to_seat(
            record,
            seat,
            kind,
            ctx,
            tail,
            reply_to=reply_to,
            attachments=self._turn_file(record, seat, kind, ctx.board),
        )

    def _turn_file(
        self, record: GameRecord, seat: int, kind: str, board: str
    ) -> tuple[Attachment, ...]:
        """The seat's turn file, if its player's choice puts one on this mail (issue 26).
        ``board``: the one the mail shows."""
        email = record.envelope.active_player(seat).email
        owes = any(d.seat == seat for d in record.pending())
        if not wants_turn_file(self.prefs.files(email), kind, owes):
            return ()
        if not self.mailer.private_ok(record, seat):
            return ()  # it holds the private part: only where the mail may show it
        # The mail's board is the seat's own (private_ok) in the seat's language: drawn once.
        made = turn_file(self.store, record, seat, self.mailer.lang_of(email, record), board)
        return (made,) if made is not None else ()

    def _game_files(self, record: GameRecord, seat: int) -> list[Attachment]:
        """The record and the replay page for the game-over mail (never its reason to fail)."""
        email = record.envelope.active_player(seat).email
        try:
            return game_files(self.store, record, seat, self.mailer.lang_of(email, record))
        except Exception:
            log.exception("%s: the record or replay page could not be built", record.game_id)
            return []

    def _private_note(self, record: GameRecord, seat: int) -> str:
        """The private paragraph of a seat's mail, with its standing orders and queued move when
        it has any (they travel with the seat's own secret, in its mail alone)."""
        import pbem.service.standing as standing

        note = self.mailer.private_note(record, seat)
        orders = standing.summary(standing.orders_of(self.store, record, seat), record.seat_names())
        return f"{note}\n\n{orders}" if orders else note

    def _verify_paragraphs(self, record: GameRecord, export: str, key: str) -> list[str]:
        env = record.envelope
        key_id = self.store.keyring.public_key_text().split()[1]
        seed = str(env.revealed_seed) if env.revealed_seed is not None else _("(not revealed)")
        return [
            _(
                "The shuffle seed is now public: %(seed)s. Its SHA-256, announced in the first "
                "mail, was %(commitment)s."
            )
            % {"seed": seed, "commitment": env.seed_commitment},
            _(
                "Attached are %(export)s, the game's signed record, and %(key)s, the service's "
                "public key (key id %(key_id)s; the game master publishes it too). To check that "
                "no draw was rigged, install the pbem software that runs this service (the game "
                "master tells you where to get it; a package of that name on the Python package "
                "index may be another project) and run:"
            )
            % {"export": export, "key": key, "key_id": key_id},
            f"  pbem verify-shuffle {export} --pubkey {key}",
        ]

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
            who = join([f"{players[w]} ({names[w]})" for w in winners])
            won = (
                _("Winner: %(who)s.") if len(winners) == 1 else _("Shared victory: %(who)s.")
            ) % {"who": who}
        else:
            won = _("The game master ended the game.")
        return lines, won
