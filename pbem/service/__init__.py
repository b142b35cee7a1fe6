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
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pbem import i18n, layout
from pbem.errors import IntegrityError
from pbem.i18n import _
from pbem.mail.outbox import Outbox
from pbem.mail.policy import RateLimiter
from pbem.service.journal import Journal
from pbem.service.outcome import Folder, Outcome, Reason
from pbem.service.ports import COMPUTER_PREFIX, MailCryptoPort, Policy, RateLimiterPort
from pbem.service.prefs import Prefs
from pbem.service.timers import next_due
from pbem.store import GameRecord, Store

# The pipeline's steps, the mail builders (templates, the reply reader, pictures) and the email
# package load on first use: an idle tick (nothing in the inbox, nothing to notify) imports none of
# them (docs/PERFORMANCE.md, "Start-up").
if TYPE_CHECKING:
    from pbem.service.commands import Desk
    from pbem.service.keys import KeyDesk
    from pbem.service.mailer import Mailer
    from pbem.service.notifier import Notifier
    from pbem.service.steps import Flow

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

GM_ALERTS_FILE = layout.GM_ALERTS
"""When each GM alert (by key) was last queued: an alert goes out once a day."""

ANSWERS_TO_OURS_PER_DAY = 20
"""Refusals a day to one address that replied to one of our notices (:meth:`refuse_stranger`)."""


Step = Callable[["Service", "Flow"], Outcome | None]


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
    template_cache: Path | None = None
    """Where compiled templates are kept (Jinja2's bytecode cache), set when the mailer is built:
    a tick that mails nothing does not import the template code at all."""
    secret: bytes = field(init=False)

    def __post_init__(self) -> None:
        self.secret = self.store.keyring.token_secret
        self.journal = Journal(self.store.data_dir, self.outbox, fsync=self.store.fsync)
        self.prefs = Prefs(self.journal.path(layout.PREFS), fsync=self.store.fsync)

    # The collaborators below are built on first use (each imports its modules then); assigning
    # one (tests) replaces it as an ordinary attribute would.

    @cached_property
    def strangers(self) -> RateLimiter:
        """Answers to one unauthenticated address: so many a day (its file is read only when a
        stranger writes, not by every tick)."""
        return RateLimiter(
            self.journal.root,
            self.policy.stranger_answers_per_day,
            86400.0,
            lambda: self.clock().timestamp(),
            filename=layout.STRANGERS,
        )

    @cached_property
    def stranger_flood(self) -> RateLimiter:
        """Answers to all unauthenticated addresses together: so many an hour."""
        return RateLimiter(
            self.journal.root,
            self.policy.stranger_answers_per_hour,
            3600.0,
            lambda: self.clock().timestamp(),
            filename=layout.STRANGERS_ALL,
        )

    @cached_property
    def answers_to_ours(self) -> RateLimiter:
        """Answers to replies to our own notices (issue 32): outside the strangers' budget, so
        many a day per address (bounds a loop with a broken client)."""
        return RateLimiter(
            self.journal.root,
            ANSWERS_TO_OURS_PER_DAY,
            86400.0,
            lambda: self.clock().timestamp(),
            filename=layout.ANSWERS_OURS,
        )

    @cached_property
    def mailer(self) -> Mailer:
        from pbem.service.mailer import Mailer

        if self.template_cache is not None:
            from pbem.mail import compose

            compose.use_bytecode_cache(self.template_cache)

        mailer = Mailer(
            self.outbox,
            self.policy,
            self.clock,
            self.secret,
            lambda: self.crypto,
            self.store.data_dir,
            fsync=self.store.fsync,
        )
        mailer.prefs = self.prefs  # each recipient's language
        mailer.store = self.store  # each reader's leave left (issue 27)
        from pbem.service.bounces import BounceBook

        mailer.bounces = BounceBook(self.journal.root, fsync=self.store.fsync)
        return mailer

    @cached_property
    def keys(self) -> KeyDesk:
        from pbem.service.keys import KeyDesk

        return KeyDesk(
            self.store, self.journal, self.mailer, self.clock, lambda: self.crypto, self.notify
        )

    @cached_property
    def notifier(self) -> Notifier:
        from pbem.service.notifier import Notifier

        return Notifier(
            self.store,
            self.journal,
            self.mailer,
            self.prefs,
            self.keys.welcome,
            self.keys.missing,
            self.schedule,
        )

    @cached_property
    def desk(self) -> Desk:
        from pbem.service.commands import Desk

        return Desk(self.mailer, self.keys, self.prefs, self.policy.max_say, self.store)

    @property
    def timers(self) -> Path:
        """The timer files' directory (see :class:`~pbem.service.journal.Journal`)."""
        return self.journal.timers

    # ================================================================== incoming mail

    def handle(self, raw: bytes) -> Outcome:
        """Process one raw message. Player mistakes are answered; our bugs raise (the runner
        shunts the message and tells the GM)."""
        from pbem.service.steps import Flow

        flow = Flow(raw)
        # English until the sender is known (step_authenticate switches to their language).
        with self.outbox.batch(), i18n.speaking(None):  # every mail it queues, durable at the end
            for step in _steps():
                outcome = step(self, flow)
                if outcome is not None:
                    return outcome
        raise AssertionError("the last step always decides")  # pragma: no cover

    def refuse_stranger(
        self, p: object, why: str, reason: Reason, *, game: GameRecord | None = None
    ) -> Outcome:
        """Answer a mail we cannot attribute to a seat: at most once a day per address, and
        only so many an hour in all; it never echoes the sender's name or text, nor shows any
        game."""
        from pbem.mail.parse import ParsedMail
        from pbem.mail.policy import reply_address_problem
        from pbem.mail.tokens import answers_our_notice
        from pbem.service.mailer import Mail, short_hash

        assert isinstance(p, ParsedMail)
        gid = game.envelope.game_id if game else None
        addr = p.from_addr
        unanswerable = reply_address_problem(addr)
        if unanswerable is not None:
            # We send ASCII mail only: the one line that refuses it is the log's.
            log.info("not answered (%s): %s", reason, unanswerable)
            return Outcome(Folder.REJECTED, Reason.DROPPED_NO_SENDER, gid, detail=reason)
        # A reply to one of our notices to this very address is ours (its Message-ID's MAC):
        # it is answered outside the strangers' budget (a budget of its own bounds a loop).
        ours = answers_our_notice(self.secret, addr, [p.in_reply_to, *p.references])
        if ours:
            allowed = bool(why) and self.answers_to_ours.allow(addr)
        else:
            allowed = bool(why) and self.strangers.allow(addr) and self.stranger_flood.allow("*")
        if not allowed:
            return Outcome(Folder.REJECTED, Reason.DROPPED_STRANGER, gid, detail=reason)
        with self.mailer.speaking_to(addr):
            ctx = self.mailer.context(
                None,
                None,
                f"[{self.policy.service_name}] " + _("your mail was not accepted"),
                "",
                game_id=gid or "-",
                paragraphs=[
                    _(why),
                    _("Nothing was changed in any game. Questions go to the game master at %(gm)s.")
                    % {"gm": self.policy.gm_address},
                ],
            )
        day = self.clock().strftime("%Y%m%d")
        tail = f"refuse.{day}.{addr}" + (f".{short_hash(p.message_id)}" if ours else "")
        self.mailer.send(Mail("notice", ctx, "", addr, tail, reply_to=p))
        return Outcome(Folder.REJECTED, reason, gid, 1)

    def alert_gm(self, subject: str, lines: list[str], key: str) -> None:
        """Tell the GM by mail (delivery failures, shunted messages, stopped games): once a day
        per ``key`` (``gm-alerts.json`` remembers when each was queued), however many ticks meet
        the same fault."""
        now = self.clock().timestamp()
        path = self.journal.path(GM_ALERTS_FILE)
        try:
            seen = json.loads(path.read_bytes())
        except (OSError, ValueError):
            seen = {}
        if not isinstance(seen, dict):
            seen = {}
        last = seen.get(key)
        if isinstance(last, int | float) and 0 <= now - last < 86400:
            log.info("GM alert %s already sent today", key)
            return
        self.mailer.alert_gm(subject, lines, key)
        seen = {k: v for k, v in seen.items() if isinstance(v, int | float) and now - v < 86400}
        seen[key] = now
        self.journal.write_marker(GM_ALERTS_FILE, json.dumps(seen, sort_keys=True).encode())

    # ================================================================== the journal

    def mark_dirty(self, game_id: str) -> None:
        """Ask for ``game_id``'s mails to be (re)built at the next journal flush. The store does
        this itself before every commit and after creating a game; this is for everything else."""
        self.journal.mark_dirty(game_id)

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
        from pbem.service import signup, standing

        # The decisions the players' standing orders answer are played first (issue 25): their
        # lines go out with the mails below, and nobody is asked for them.
        standing.play_standing(self.store, game_id, self.clock)
        with self.outbox.batch():
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
        due = community.next_wakeup(record, mark, community.held_seats(self, record))
        status = record.envelope.status
        # (A paused game wakes only to resume a pause agreed by vote, issue 27.)
        self.journal.set_timer(game_id, due if status in ("active", "paused") else None)

    def prune_fingerprints(self, keep: timedelta = timedelta(days=90)) -> int:
        """Once a day, delete the fingerprints of mails older than ``keep`` (a reply to one of
        those is stale anyway, or read with the quote shapes alone)."""
        today = self.clock().strftime("%Y-%m-%d")
        mark = self.journal.path(layout.FINGERPRINTS_PRUNED)
        try:
            if mark.read_text() == today:
                return 0
        except OSError:
            pass
        from pbem.mail import fingerprint  # only on the day's first tick

        n = fingerprint.prune(self.store.data_dir, keep.total_seconds(), self.clock().timestamp())
        if (self.journal.root / layout.REQUESTS).is_dir():  # sign-up (and mail building) only then
            from pbem.service.signup import prune_requests

            n += prune_requests(self, self.clock())
        with contextlib.suppress(OSError):  # a full disk only means pruning again tomorrow
            self.journal.write_marker(layout.FINGERPRINTS_PRUNED, today.encode())
        return n

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
        if not self.journal.awaiting_games():
            return 0  # the usual tick: no game waits for keys, nothing of the mail side loads
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
            with m.speaking_to(pl.email, record):
                ctx = m.context(
                    record,
                    seat,
                    m.subject(record, _("the board (sent again)")),
                    pl.name,
                    private_note=m.private_note(record, seat),
                    asked=False,
                )
            n += m.to_seat(record, seat, "board", ctx, f"resend.q{record.seq}.{stamp}")
        return n

    # ================================================================== computer seats

    def play_computers(self, game_id: str, limit: int = 1000) -> int:
        """Let the service's bot play every decision owed by a seat given to the computer. Called
        after every commit: a reply, a GM command (through the journal), a timer."""
        from pbem.service.computers import play_computers

        return play_computers(self.store, game_id, self.clock, self.notify, limit)


@cache
def _steps() -> tuple[Step, ...]:
    """The pipeline (:data:`STEPS`), imported on first use."""
    from pbem.service import steps, takeover

    return (
        steps.step_size,
        steps.step_parse,
        steps.step_loops,
        steps.step_decrypt,
        takeover.step_takeover,
        steps.step_requests,
        steps.step_authenticate,
        steps.step_rate,
        steps.step_ledger,
        steps.step_keys,
        steps.step_read,
        steps.step_carry_out,
    )


def __getattr__(name: str) -> Any:
    if name == "STEPS":
        # The pipeline, in order: screening (cheap, before trust), authentication, then the order
        # steps. Built on first use (see the imports above).
        return _steps()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
