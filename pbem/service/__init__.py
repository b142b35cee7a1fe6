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
from datetime import datetime, timedelta
from functools import cache, cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from pbem import i18n, layout
from pbem.errors import IntegrityError
from pbem.i18n import _
from pbem.mail.outbox import Outbox
from pbem.service.deps import Hooks
from pbem.service.journal import Journal
from pbem.service.outcome import Folder, Outcome, Reason
from pbem.service.ports import COMPUTER_PREFIX, MailCryptoPort, Notify, Policy, RateLimiterPort
from pbem.service.prefs import Prefs
from pbem.service.timers import next_due
from pbem.store import GameRecord, Store

# The pipeline's steps, the mail builders (templates, the reply reader, pictures) and the email
# package load on first use: an idle tick (nothing in the inbox, nothing to notify) imports none
# of them (docs/PERFORMANCE.md, "Start-up"); :mod:`pbem.service.wiring` builds them.
if TYPE_CHECKING:
    from pbem.mail.parse import ParsedMail
    from pbem.service.deps import Deps
    from pbem.service.flow import Flow
    from pbem.service.keys import KeyDesk
    from pbem.service.mailer import Mailer
    from pbem.service.notifier import Notifier
    from pbem.service.wiring import Wired

__all__ = [
    "COMPUTER_PREFIX",
    "Folder",
    "Outcome",
    "Policy",
    "Reason",
    "STEPS",
    "Service",
    "build_service",
    "next_due",
]

log = logging.getLogger("pbem.service")


Step = Callable[["Deps", "Flow"], Outcome | None]


class Service:
    """Handles messages and queues notifications. ``clock`` is injected (tests, replay).

    The facade: it holds the store, the outbox, the policy and the clock, builds the parts once
    on first use (:mod:`pbem.service.wiring`) and hands the steps their
    :class:`~pbem.service.deps.Deps`; nothing below calls back into it."""

    def __init__(
        self,
        store: Store,
        outbox: Outbox,
        policy: Policy,
        clock: Callable[[], datetime],
        rate_limiter: RateLimiterPort | None = None,
        crypto: MailCryptoPort | None = None,
        template_cache: Path | None = None,
    ) -> None:
        self.store = store
        self.outbox = outbox
        self.policy = policy
        self.clock = clock
        self.hooks = Hooks(rate_limiter, crypto)
        self.template_cache = template_cache
        """Where compiled templates are kept (Jinja2's bytecode cache), applied when the parts
        are built: a tick that mails nothing does not import the template code at all."""
        self.secret = store.keyring.token_secret
        self.journal = Journal(store.data_dir, outbox, fsync=store.fsync)
        self.prefs = Prefs(self.journal.path(layout.PREFS), fsync=store.fsync)

    # The two hooks a caller may set after building (the runner, the demo, tests).

    @property
    def rate_limiter(self) -> RateLimiterPort | None:
        """Per authenticated seat (``game:seat``), never per claimed sender."""
        return self.hooks.rate_limiter

    @rate_limiter.setter
    def rate_limiter(self, limiter: RateLimiterPort | None) -> None:
        self.hooks.rate_limiter = limiter

    @property
    def crypto(self) -> MailCryptoPort | None:
        """The mail crypto (:class:`pbem.crypto_mail.MailCrypto`): encrypts personal mail,
        decrypts replies; opened now when it was given as a factory."""
        return self.hooks.mail_crypto()

    @crypto.setter
    def crypto(self, crypto: MailCryptoPort | None) -> None:
        self.hooks.crypto = crypto
        self.hooks.open_crypto = None

    def open_crypto_on_first_use(self, factory: Callable[[], MailCryptoPort]) -> None:
        """The crypto as a factory, called when a mail first needs it (the runner: an idle tick
        never imports the crypto stack)."""
        self.hooks.crypto = None
        self.hooks.open_crypto = factory

    # The parts, built once on first use.

    @cached_property
    def wired(self) -> Wired:
        from pbem.service.wiring import wire

        return wire(
            self.store,
            self.outbox,
            self.policy,
            self.clock,
            self.journal,
            self.prefs,
            self.hooks,
            self.template_cache,
        )

    @property
    def deps(self) -> Deps:
        """What the steps and the commands take (:class:`~pbem.service.deps.Deps`)."""
        return self.wired.deps

    @property
    def mailer(self) -> Mailer:
        return self.deps.mailer

    @property
    def keys(self) -> KeyDesk:
        return self.deps.keys

    @property
    def notifier(self) -> Notifier:
        return self.wired.notifier

    @property
    def timers(self) -> Path:
        """The timer files' directory (see :class:`~pbem.service.journal.Journal`)."""
        return self.journal.timers

    # ================================================================== incoming mail

    def handle(self, raw: bytes) -> Outcome:
        """Process one raw message. Player mistakes are answered; our bugs raise (the runner
        shunts the message and tells the GM)."""
        from pbem.service.flow import Flow

        flow = Flow(raw)
        deps = self.deps
        # English until the sender is known (step_authenticate switches to their language).
        with self.outbox.batch(), i18n.speaking(None):  # every mail it queues, durable at the end
            for step in _steps():
                outcome = step(deps, flow)
                if outcome is not None:
                    return outcome
        raise AssertionError("the last step always decides")  # pragma: no cover

    def refuse_stranger(
        self, p: ParsedMail, why: str, reason: Reason, *, game: GameRecord | None = None
    ) -> Outcome:
        """Answer a mail we cannot attribute to a seat (:class:`pbem.service.strangers.StrangerDesk`)."""
        return self.deps.strangers.refuse(p, why, reason, game=game)

    def alert_gm(self, subject: str, lines: list[str], key: str) -> None:
        """Tell the GM by mail, once a day per ``key`` (:class:`pbem.service.strangers.GmAlerts`)."""
        self.deps.alert_gm(subject, lines, key)

    # ================================================================== timers

    def on_timer(self, game_id: str, now: datetime) -> int:
        """A game's timer fired: reminders, leave spent, the missed-deadline policy
        (:mod:`pbem.service.deadline_tick`); how many decisions were played."""
        from pbem.service.deadline_tick import on_timer

        return on_timer(self.deps, game_id, now)

    def start_due(self, now: datetime) -> int:
        """Start the open games whose start time came (:mod:`pbem.service.signup`)."""
        from pbem.service.signup import start_due

        return start_due(self.deps, now)

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

    @property
    def notify(self) -> Notify:
        """Queue the mails for the log lines after the last notified one (see
        :mod:`pbem.service.notifier` and :class:`pbem.service.wiring.Notifications`)."""
        return self.deps.notify

    def schedule(self, game_id: str, record: GameRecord | None = None) -> None:
        """Record when the next deadline of ``game_id`` falls due, or clear it."""
        self.deps.schedule(game_id, record)

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

            n += prune_requests(self.journal.root, self.store.fsync, self.clock())
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
            with m.speaking_to_seat(record, seat):
                ctx = m.seat_context(
                    record,
                    seat,
                    _("the board (sent again)"),
                    private_note=m.private_note(record, seat),
                    asked=False,
                )
            n += m.to_seat(record, seat, "board", ctx, f"resend.q{record.seq}.{stamp}")
        return n

    # ================================================================== computer seats

    def play_computers(self, game_id: str, limit: int = 1000) -> int:
        """Let the service's bot play every decision owed by a seat given to the computer. Called
        after every commit: a reply, a GM command (through the journal), a timer."""
        return self.deps.play_computers(game_id, limit)


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


def __getattr__(name: str) -> tuple[Step, ...]:
    if name == "STEPS":
        # The pipeline, in order: screening (cheap, before trust), authentication, then the order
        # steps. Built on first use (see the imports above).
        return _steps()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
