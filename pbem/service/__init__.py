"""The transaction: one incoming message + the store -> events + outgoing mail. No sockets here.

A message goes down a pipeline of small named steps (:data:`STEPS`), each of which may stop it with
an :class:`Outcome` (a reply, or silence for loops and floods); nothing climbs back up:

    size -> parse -> loops -> decrypt -> requests -> authenticate -> rate -> ledger -> keys -> read
    -> carry out

Cheap screening comes first and costs a stranger nothing of a player's: the per-sender rate limit
counts only authenticated mail, per seat. Notifications are built from the *log*, never from
in-memory leftovers, so the same code path recovers after a crash between the commit and the
outbox (see :mod:`pbem.service.journal`).

:class:`Service` is the facade the runner, the CLI, the demo and the tests use.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path

from pbem.commands.grammar import Reading
from pbem.errors import PLAYER_ERRORS, CommandError, ConflictError, GameStopped, IntegrityError
from pbem.mail import fingerprint
from pbem.mail.outbox import Outbox
from pbem.mail.parse import parse_message
from pbem.mail.policy import (
    RateLimiter,
    is_loop_or_auto,
    reply_address_problem,
    size_problem,
)
from pbem.rules.base import RuleError, derive_rng
from pbem.service import orders, signup
from pbem.service.auth import Incoming, Refusal, Seated, authenticate
from pbem.service.commands import Desk
from pbem.service.journal import Journal
from pbem.service.keys import KeyDesk
from pbem.service.mailer import COMPUTER_PREFIX, Mail, Mailer
from pbem.service.notifier import Notifier
from pbem.service.outcome import Folder, Outcome, Reason
from pbem.service.ports import MailCryptoPort, Policy, RateLimiterPort
from pbem.service.prefs import Prefs
from pbem.service.timers import next_due
from pbem.store import ActionEntry, GameRecord, MessageHandled, NewEntry, Replace, Store

__all__ = [
    "COMPUTER_PREFIX",
    "Folder",
    "Outcome",
    "Policy",
    "Reason",
    "STEPS",
    "Service",
    "next_due",
]

log = logging.getLogger("pbem.service")

COMMIT_TRIES = 3
"""Optimistic concurrency: how often a reply is re-read against a fresh state after another
writer (a GM command) committed first."""


@dataclass
class Flow:
    """One message on its way down the steps; each step fills in what the next ones read."""

    raw: bytes
    incoming: Incoming | None = None
    seated: Seated | None = None
    order: orders.Order | None = None


Step = Callable[["Service", Flow], Outcome | None]


@dataclass
class Service:
    """Handles messages and queues notifications. ``clock`` is injected (tests, replay)."""

    store: Store
    outbox: Outbox
    policy: Policy
    clock: Callable[[], datetime]
    rate_limiter: RateLimiterPort | None = None
    """Per authenticated seat (``game:seat``), never per claimed sender."""
    crypto: MailCryptoPort | None = None
    """Optional :class:`pbem.crypto_mail.MailCrypto`: encrypts personal mail, decrypts replies."""
    secret: bytes = field(init=False)

    def __post_init__(self) -> None:
        self.secret = self.store.keyring.token_secret
        self.journal = Journal(self.store.data_dir, self.outbox, fsync=self.store.fsync)
        self.mailer = Mailer(
            self.outbox,
            self.policy,
            self.clock,
            self.secret,
            lambda: self.crypto,
            self.store.data_dir,
            fsync=self.store.fsync,
        )
        self.keys = KeyDesk(
            self.store, self.journal, self.mailer, self.clock, lambda: self.crypto, self.notify
        )
        self.prefs = Prefs(self.journal.path("prefs.json"), fsync=self.store.fsync)
        self.notifier = Notifier(
            self.store,
            self.journal,
            self.mailer,
            self.prefs,
            self.keys.welcome,
            self.keys.missing,
            self.schedule,
        )
        self.desk = Desk(self.mailer, self.keys, self.prefs, self.policy.max_say, self.store)
        day = 86400.0
        self.strangers = RateLimiter(
            self.journal.root,
            self.policy.stranger_answers_per_day,
            day,
            lambda: self.clock().timestamp(),
            filename="strangers.json",
        )
        self.stranger_flood = RateLimiter(
            self.journal.root,
            self.policy.stranger_answers_per_hour,
            3600.0,
            lambda: self.clock().timestamp(),
            filename="strangers-all.json",
        )

    @property
    def timers(self) -> Path:
        """The timer files' directory (see :class:`~pbem.service.journal.Journal`)."""
        return self.journal.timers

    # ================================================================== incoming mail

    def handle(self, raw: bytes) -> Outcome:
        """Process one raw message. Player mistakes are answered; our bugs raise (the runner
        shunts the message and tells the GM)."""
        flow = Flow(raw)
        for step in STEPS:
            outcome = step(self, flow)
            if outcome is not None:
                return outcome
        raise AssertionError("the last step always decides")  # pragma: no cover

    # -- screening ------------------------------------------------------------------------------

    def step_size(self, flow: Flow) -> Outcome | None:
        """Too large: refused before any parsing (a stranger's mail costs us nothing to read)."""
        problem = size_problem(len(flow.raw), self.policy.max_size)
        if problem is None:
            return None
        return self.refuse_stranger(parse_message(flow.raw, body=False), problem, Reason.TOO_LARGE)

    def step_parse(self, flow: Flow) -> Outcome | None:
        parsed = parse_message(flow.raw)
        flow.incoming = Incoming(flow.raw, parsed, parsed, flow.raw)
        if parsed.body_problem and is_loop_or_auto(parsed, self._own()) is None:
            # Too deep, too many parts: only the headers were read. Say so (once a day at most).
            return self.refuse_stranger(
                parsed,
                f"We could not read your mail: {parsed.body_problem} Please reply again with "
                "just your move as plain text.",
                Reason.UNREADABLE,
            )
        return None

    def _own(self) -> set[str]:
        return {self.policy.service_address.lower(), *self.policy.own_addresses}

    def step_loops(self, flow: Flow) -> Outcome | None:
        """Loops, bounces and auto-replies: dropped without an answer."""
        assert flow.incoming is not None
        p = flow.incoming.outer
        why = is_loop_or_auto(p, self._own())
        if why is None:
            return None
        log.info("dropped a message: %s", why)
        return Outcome(Folder.REJECTED, Reason.DROPPED_LOOP, detail=why)

    def step_decrypt(self, flow: Flow) -> Outcome | None:
        assert flow.incoming is not None
        outer = flow.incoming.outer
        if outer.encryption is None or self.crypto is None:
            return None
        try:
            decrypted = self.crypto.decrypt_incoming(flow.raw)
        except PLAYER_ERRORS as err:
            return self.refuse_stranger(
                outer,
                f"{err} Please send your reply again, encrypted to the service's "
                "current certificate or key (or not encrypted).",
                Reason.DECRYPTION_FAILED,
            )
        if decrypted is not None:
            flow.incoming = Incoming(flow.raw, outer, parse_message(decrypted), decrypted)
        return None

    def step_requests(self, flow: Flow) -> Outcome | None:
        """A mail without a game token asking to JOIN, LEAVE, WATCH, UNWATCH (confirmed by a
        mailed round trip first) or for its GAMES; see :mod:`pbem.service.signup`."""
        return signup.step_requests(self, flow)

    def step_authenticate(self, flow: Flow) -> Outcome | None:
        assert flow.incoming is not None
        result = authenticate(self.store, self.policy, self.secret, flow.incoming)
        if isinstance(result, Seated):
            flow.seated = result
            return None
        if isinstance(result, Refusal):
            return self.refuse_stranger(
                flow.incoming.mail, result.why or "", result.reason, game=result.game
            )
        self.alert_gm(
            f"Game {result.game_id} is stopped",
            [
                f"A reply for game {result.game_id} arrived, but the game's files fail "
                "their checks (run `pbem admin verify`). The reply waits in the Shunt "
                "folder."
            ],
            key=f"integrity-{result.game_id}",
        )
        return result

    def step_rate(self, flow: Flow) -> Outcome | None:
        """At most so many mails a seat an hour: counted only once the mail is authenticated, so
        nobody can spend a player's budget by forging their From line."""
        s = flow.seated
        assert s is not None
        if self.rate_limiter is None or self.rate_limiter.allow(f"{s.game_id}:{s.seat}"):
            return None
        log.warning("rate limit for %s seat %d", s.game_id, s.seat)
        return Outcome(Folder.REJECTED, Reason.DROPPED_RATE, s.game_id)

    def step_ledger(self, flow: Flow) -> Outcome | None:
        """Applied before a crash: the journal takes care of its mails."""
        s = flow.seated
        assert s is not None
        key = s.ledger_key
        if key and s.record.envelope.has_message(key):
            return Outcome(Folder.PROCESSED, Reason.ALREADY_APPLIED, s.game_id)
        return None

    def step_keys(self, flow: Flow) -> Outcome | None:
        """File the keys a reply carries (a certificate, an OpenPGP key)."""
        s = flow.seated
        assert s is not None
        p = s.mail
        fp = fingerprint.load_for(
            self.store.data_dir, [p.in_reply_to, *reversed(p.references)], key=self.secret
        )
        lines, subject = orders.command_lines(s, self.policy.max_commands, fp)
        flow.order = orders.Order(Reading(), lines, subject)
        if self.crypto is None or not self.crypto.keys_in(s.incoming.body_raw):
            return None
        filed = self.keys.file_keys(s.record, s.seat, s.mail, s.incoming.body_raw)
        if filed < 0:
            self.record_handled(s, "key refused")
            return Outcome(Folder.REJECTED, Reason.KEY_REFUSED, s.game_id, 1)
        flow.order.keys_filed = filed
        return None

    def step_read(self, flow: Flow) -> Outcome | None:
        """Read the player's lines; all or nothing, every problem listed."""
        s, order = flow.seated, flow.order
        assert s is not None and order is not None
        reading = orders.read(s, order.lines, self.keys.missing(s.record), order.subject)
        order.reading = reading
        if order.keys_filed and orders.only_key_words(reading):
            self.record_handled(s, "key")
            return Outcome(Folder.PROCESSED, Reason.KEY_FILED, s.game_id, 1)
        problem = orders.status_problem(s.record, reading)
        if problem is not None:
            reading.errors.append(("", problem))
        orders.check_commands(self.desk, s, reading)
        if reading.errors or not reading.commands:
            return self.reject(s, order)
        return None

    def step_carry_out(self, flow: Flow) -> Outcome:
        """Answer the talking commands, then commit a move or a resignation."""
        s, order = flow.seated, flow.order
        assert s is not None and order is not None
        reading = order.reading
        replies, expunge = orders.run_commands(self.desk, s, reading)
        action = reading.action
        if action is None and not order.changes_game:
            if reading.kinds() != {"preview"}:
                # (A preview alone leaves the log as it was: answering it twice after a crash
                # costs a mail, never a change.)
                self.record_handled(s, ",".join(sorted(reading.kinds())))
            return Outcome(Folder.PROCESSED, Reason.ANSWERED, s.game_id, replies, expunge)
        for attempt in range(COMMIT_TRIES):
            try:
                self.store.commit(s.game_id, s.record.seq, self._entries(s, order), self.clock())
                break
            except ConflictError:
                # Another writer (a GM command, a second runner) came first: read the reply
                # again against the fresh state; it may now be stale, or already applied.
                fresh = self.store.load(s.game_id)
                key = s.ledger_key
                if key and fresh.envelope.has_message(key):
                    return Outcome(Folder.PROCESSED, Reason.ALREADY_APPLIED, s.game_id)
                if attempt == COMMIT_TRIES - 1:
                    raise
                s = Seated(s.incoming, fresh, s.ref, fresh.envelope.active_player(s.seat))
                flow.seated = s
                order.reading = orders.read(s, order.lines, self.keys.missing(fresh), order.subject)
                reading = order.reading
                action = reading.action
                problem = orders.status_problem(fresh, reading)
                if problem is not None:
                    reading.errors.append(("", problem))
                if reading.errors or (action is None and not order.changes_game):
                    return self.reject(s, order)
            except GameStopped as err:
                reading.errors.append(("", CommandError(str(err))))
                return self.reject(s, order)
            except (CommandError, RuleError) as err:
                reading.errors.append((action.line if action else "", err))
                return self.reject(s, order)
        echo = action.echo if action is not None else order.change_line
        replies += self.notify(s.game_id, actor=s.seat, echo=echo, reply_to=s.mail)
        self.play_computers(s.game_id)
        return Outcome(Folder.PROCESSED, Reason.APPLIED, s.game_id, replies, expunge)

    def _entries(self, s: Seated, order: orders.Order) -> list[NewEntry]:
        action = order.reading.action
        entries: list[NewEntry] = []
        if action is not None:
            entries.append(
                ActionEntry(s.seat, action=action.action, source="mail", message_id=s.ledger_key)
            )
        if action is None and not order.resign:
            # VACATION / BACK: the ledger key rides on that line.
            entries.extend(orders.community_entries(s, order, self.clock()))
        elif order.changes_game:
            entries.extend(orders.community_entries(s, order, self.clock(), message_id=False))
        if order.resign:
            env = s.record.envelope
            host = self.mailer.host
            entries.append(
                Replace(
                    s.seat,
                    f"Computer (for {s.player.name})",
                    f"{COMPUTER_PREFIX}{env.game_id}.{s.seat}@{host}",
                    source="mail",
                    message_id=None if action is not None else s.ledger_key,
                    resigned=True,
                )
            )
        return entries

    # -- answers ---------------------------------------------------------------------------------

    def reject(self, s: Seated, order: orders.Order) -> Outcome:
        orders.reject(self.mailer, s, order.reading, order.lines)
        self.record_handled(s, "rejected")
        # A refused mail that carried a CERT passphrase is deleted, like a carried-out one.
        reasons = "; ".join(str(e) for _, e in order.reading.errors) or "no command"
        return Outcome(
            Folder.REJECTED,
            Reason.REFUSED,
            s.game_id,
            1,
            orders.carries_passphrase(order.lines),
            detail=reasons[:200],
        )

    def record_handled(self, s: Seated, outcome: str) -> None:
        """Put an answered mail in the game's ledger (no game change), so that a fetch replayed
        after a crash does not answer it twice."""
        key = s.ledger_key
        if not key:
            return
        try:
            self.store.commit(
                s.game_id, s.record.seq, [MessageHandled(key, s.seat, outcome)], self.clock()
            )
        except ConflictError:
            # Answered before a crash, or another writer came first: try once on the fresh
            # state (an answer is idempotent; the ledger only keeps it from being sent twice).
            fresh = self.store.load(s.game_id)
            if not fresh.envelope.has_message(key):
                with contextlib.suppress(ConflictError):
                    self.store.commit(
                        s.game_id, fresh.seq, [MessageHandled(key, s.seat, outcome)], self.clock()
                    )
        except GameStopped:
            pass
        self.notify(s.game_id)

    def refuse_stranger(
        self, p: object, why: str, reason: Reason, *, game: GameRecord | None = None
    ) -> Outcome:
        """Answer a mail we cannot attribute to a seat: at most once a day per address, and
        only so many an hour in all; it never echoes the sender's name or text, nor shows any
        game."""
        from pbem.mail.parse import ParsedMail

        assert isinstance(p, ParsedMail)
        gid = game.envelope.game_id if game else None
        addr = p.from_addr
        if reply_address_problem(addr) is not None:
            return Outcome(Folder.REJECTED, Reason.DROPPED_NO_SENDER, gid, detail=reason)
        if not why or not self.strangers.allow(addr) or not self.stranger_flood.allow("*"):
            return Outcome(Folder.REJECTED, Reason.DROPPED_STRANGER, gid, detail=reason)
        ctx = self.mailer.context(
            None,
            None,
            f"[{self.policy.service_name}] your mail was not accepted",
            "",
            game_id=gid or "-",
            paragraphs=[
                why,
                "Nothing was changed in any game. Questions go to the game master "
                f"at {self.policy.gm_address}.",
            ],
        )
        day = self.clock().strftime("%Y%m%d")
        self.mailer.send(Mail("notice", ctx, "", addr, f"refuse.{day}.{addr}", reply_to=p))
        return Outcome(Folder.REJECTED, reason, gid, 1)

    def alert_gm(self, subject: str, lines: list[str], key: str) -> None:
        """Tell the GM by mail (delivery failures, shunted messages, stopped games)."""
        self.mailer.alert_gm(subject, lines, key)

    # ================================================================== the journal

    def mark_dirty(self, game_id: str) -> None:
        """Ask for ``game_id``'s mails to be (re)built at the next journal flush. The store does
        this itself before every commit and after creating a game; this is for everything else."""
        self.journal.mark_dirty(game_id)

    def notified_seq(self, game_id: str) -> int:
        """The last log line whose mails are queued."""
        return self.journal.notified(game_id).seq

    def dirty_games(self) -> list[str]:
        return self.journal.dirty_games()

    def flush_journal(self) -> int:
        """Queue the mails of every game marked dirty (new games, GM commands, crash recovery),
        and let computer seats play what the GM's change left to them. One broken game never
        stops the others."""
        n = 0
        for gid in self.journal.dirty_games():
            try:
                n += self.notify(gid)
                self.play_computers(gid)
            except IntegrityError as err:
                log.error("game %s stopped: %s", gid, err)
                self.alert_gm(f"Game {gid} is stopped", [str(err)], key=f"integrity-{gid}")
                self.journal.clear_dirty(gid)
            except OSError:
                raise  # a fault of the machine: the marker stays, the next tick retries
            except Exception as err:  # noqa: BLE001 - one game's bug must not stop the others
                log.exception("game %s: its mails could not be built", gid)
                self.alert_gm(
                    f"Game {gid}: its mails could not be built (our bug)",
                    [
                        f"Error: {type(err).__name__}: {err}",
                        "The game's marker stays; the next tick tries again.",
                    ],
                    key=f"journal-{gid}-{type(err).__name__}",
                )
        return n

    def notify(
        self,
        game_id: str,
        *,
        actor: int | None = None,
        echo: str = "",
        reply_to: object | None = None,
    ) -> int:
        """Queue the mails for the log lines after the last notified one (see
        :mod:`pbem.service.notifier`)."""
        from pbem.mail.parse import ParsedMail

        n = self.notifier.notify(
            game_id,
            actor=actor,
            echo=echo,
            reply_to=reply_to if isinstance(reply_to, ParsedMail) else None,
        )
        return n + signup.mail_watchers(self, game_id)

    def schedule(self, game_id: str, record: GameRecord | None = None) -> None:
        """Record when the next deadline of ``game_id`` falls due, or clear it. Only games with a
        deadline have a timer file, so an idle tick does not read every game."""
        from pbem.service import community

        record = record or self.store.load(game_id, verify=False)
        mark = community.Reminders(self.journal.root, self.store.fsync).load(record)
        due = community.next_wakeup(record, mark)
        self.journal.set_timer(game_id, due if record.envelope.status == "active" else None)

    def send_digests(self) -> int:
        """The daily mails of players who chose MAIL DIGEST (called every tick; reads only the
        games holding news back for such a player)."""
        n = 0
        for gid in self.journal.digests_due(self.clock()):
            try:
                n += self.notifier.digest(gid)
            except IntegrityError as err:
                log.error("game %s stopped: %s", gid, err)
                self.journal.set_digest(gid, None)
        return n

    # ================================================================== keys

    def missing_keys(self, record: GameRecord) -> list[str]:
        return self.keys.missing(record)

    def remind_missing_keys(self, every: timedelta = timedelta(hours=24)) -> int:
        return self.keys.remind(every)

    # ================================================================== the GM's resend

    def resend(self, game_id: str, seats: list[int] | None = None) -> int:
        """Queue the current board again for ``seats`` (all by default): the GM's ``resend``."""
        record = self.store.load(game_id)
        m = self.mailer
        n = 0
        stamp = self.clock().strftime("%Y%m%d%H%M%S")
        for seat in seats if seats is not None else record.envelope.seats():
            pl = record.envelope.active_player(seat)
            ctx = m.context(
                record,
                seat,
                m.subject(record, "the board (sent again)"),
                pl.name,
                private_note=m.private_note(record, seat),
            )
            n += m.to_seat(record, seat, "board", ctx, f"resend.q{record.seq}.{stamp}")
        return n

    # ================================================================== computer seats

    def play_computers(self, game_id: str, limit: int = 1000) -> int:
        """Let the service's bot play every decision owed by a seat given to the computer. Called
        after every commit: a reply, a GM command (through the journal), a timer."""
        played = 0
        while played < limit:
            record = self.store.load(game_id)
            if record.envelope.status != "active":
                break
            todo = [
                d
                for d in record.pending()
                if record.envelope.active_player(d.seat).email.startswith(COMPUTER_PREFIX)
            ]
            if not todo:
                break
            d = todo[0]
            bots = record.game.bots()
            bot = bots.get("greedy") or bots.get("heuristic") or bots["random"]
            rng = derive_rng(record.envelope.moves, "computer", game_id, d.seat)
            action = bot.choose(record.game, record.state, d.seat, rng)
            try:
                self.store.commit(
                    game_id,
                    record.seq,
                    [ActionEntry(d.seat, action=action, source="bot")],
                    self.clock(),
                )
            except ConflictError:
                continue  # another writer came first: look again
            self.notify(game_id)
            played += 1
        return played


STEPS: tuple[Step, ...] = (
    Service.step_size,
    Service.step_parse,
    Service.step_loops,
    Service.step_decrypt,
    Service.step_requests,
    Service.step_authenticate,
    Service.step_rate,
    Service.step_ledger,
    Service.step_keys,
    Service.step_read,
    Service.step_carry_out,
)
"""The pipeline, in order: screening (cheap, before trust), authentication, then the order steps."""
