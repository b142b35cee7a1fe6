"""One cron tick: service lock, recover, fetch, process, timers, flush the outbox.

The order is what makes every move apply exactly once and every mail go out at least once:

1. the journal is flushed first (mails of commits that a crash left unqueued);
2. each fetched message is handled (commit + queue) and only *then* moved on the IMAP server,
   so a crash before the move replays the message and the Message-ID ledger makes it a no-op;
3. the outbox is flushed last; a crash during the flush leaves the unsent mails queued, and a mail
   that did go out may go out again with the same Message-ID (recognisable as a duplicate).

``PBEM_CRASH_AT=<point>[:<n>]`` makes the process die (``os._exit``) at the n-th passage of a step
boundary (``after-fetch``, ``after-commit``, ``after-flag``, ``during-flush``): the crash tests use
it to kill the runner at each boundary, like a power cut.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, Protocol

import msgspec

from pbem import layout
from pbem.errors import ConflictError, IntegrityError, PbemError, ServiceBusy
from pbem.service import Service
from pbem.service.journal import Journal
from pbem.store import service_lock

log = logging.getLogger("pbem.runner")

_crash_counts: dict[str, int] = {}


def crash_point(name: str) -> None:
    """Die here if ``PBEM_CRASH_AT`` names this step (fault injection for the crash tests)."""
    spec = os.environ.get("PBEM_CRASH_AT")
    if not spec:
        return
    point, _, nth = spec.partition(":")
    if point != name:
        return
    _crash_counts[name] = _crash_counts.get(name, 0) + 1
    if _crash_counts[name] >= int(nth or "1"):
        os._exit(137)


class Source(Protocol):
    """An inbound mailbox (IMAP or Maildir): see :mod:`pbem.mail.inbound`."""

    def fetch_new(self, limit: int | None = None) -> list[Any]: ...

    def done(self, msg: Any, folder: Literal["processed", "rejected", "shunt"]) -> None: ...

    def expunge(self, msg: Any) -> None: ...


class Sender(Protocol):
    def send_batch(self, messages: list[Any]) -> list[Any]: ...


class TickReport(msgspec.Struct):
    """What one tick did (logged, and printed by ``pbem run -v``)."""

    fetched: int = 0
    applied: int = 0
    answered: int = 0
    rejected: int = 0
    shunted: int = 0
    timers: int = 0
    sent: int = 0
    retry: int = 0
    failed: int = 0
    deferred: int = 0
    """Work left for the next tick because of a fault of the machine."""
    errors: list[str] = msgspec.field(default_factory=list)
    auth_failed: str = ""
    """The OAuth2 provider refused the refresh token: only the GM can fix it (exit status 2)."""

    @property
    def healthy(self) -> bool:
        return not self.errors and self.shunted == 0 and self.failed == 0

    def line(self) -> str:
        return (
            f"fetched {self.fetched}, applied {self.applied}, answered {self.answered}, "
            f"rejected {self.rejected}, shunted {self.shunted}, timers {self.timers}, "
            f"sent {self.sent}, retry {self.retry}, failed {self.failed}"
            + (f", deferred {self.deferred}" if self.deferred else "")
        )


def tick(
    service: Service,
    source: Source | None,
    sender: Sender | None,
    *,
    clock: Callable[[], datetime],
    wait_lock: bool = False,
    limit: int | None = None,
) -> TickReport:
    """One tick under the service lock. ``source`` or ``sender`` may be None (e.g. send-only).
    ``limit`` caps the messages read in one tick (the rest waits for the next)."""
    report = TickReport()
    lock = contextlib.ExitStack()
    try:
        lock.enter_context(service_lock(service.store.data_dir, wait=wait_lock))
    except ConflictError as err:  # only the lock itself: a conflict inside the tick is not "busy"
        raise ServiceBusy(
            f"another pbem run is active on {service.store.data_dir}; this one "
            "did nothing (the running one reads the mail)"
        ) from err
    with lock:
        fault: OSError | None = None
        try:
            service.flush_journal()
        except PbemError as err:
            report.errors.append(f"journal: {err}")
        except OSError as err:
            fault = err
            _machine_fault(service, report, err, "building the mails of the last commits")
        session = getattr(sender, "session", None)
        with session() if session is not None else contextlib.nullcontext():
            unreachable = False
            if source is not None and fault is None:
                from pbem.mail.oauth import OAuthRevoked

                try:
                    if sender is not None:
                        with SendWhileReading(service, sender, clock, report) as sending:
                            process_inbox(service, source, report, limit)
                        unreachable = sending.unreachable
                    else:
                        process_inbox(service, source, report, limit)
                except OAuthRevoked as err:
                    oauth_revoked(service, report, str(err))
            if fault is None:
                try:
                    run_timers(service, clock, report)
                except OSError as err:
                    _machine_fault(service, report, err, "playing deadlines and reminders")
            if sender is not None and not unreachable:
                try:
                    flush_outbox(service, sender, clock, report)
                except OSError as err:
                    _machine_fault(service, report, err, "sending the queued mail")
            revoked = getattr(sender, "oauth_revoked", None)
            if revoked:
                oauth_revoked(service, report, revoked)
            if not report.auth_failed:
                with contextlib.suppress(OSError):
                    service.journal.path(OAUTH_MARKER).unlink(missing_ok=True)
    return report


OAUTH_MARKER = layout.OAUTH_REVOKED
"""``outbox/oauth-revoked``: the GM was told that the refresh token is refused (told once)."""


def oauth_revoked(service: Service, report: TickReport, why: str) -> None:
    """The OAuth2 refresh token is refused: the tick ends with exit status 2, and the GM gets
    one mail about it (not one per tick: a marker file says it was sent; it goes when a tick
    logs in again)."""
    log.error("oauth2: %s", why)
    report.auth_failed = why
    report.errors.append(why)
    marker = service.journal.path(OAUTH_MARKER)
    if marker.exists():
        return
    service.alert_gm(
        "the mailbox login stopped working (OAuth2)",
        [
            f"pbem cannot log in to the service's mailbox: {why}",
            "No mail is read or sent until then. Give consent again with `pbem auth PROVIDER` "
            "(see docs/GM-GUIDE.md, 'OAuth2'); nothing is lost meanwhile: mail waits in the "
            "mailbox and in the outbox.",
        ],
        key=OAUTH_MARKER,
    )
    with contextlib.suppress(OSError):
        service.journal.write_marker(OAUTH_MARKER, why.encode())


def _machine_fault(service: Service, report: TickReport, err: OSError, doing: str) -> None:
    """A fault of the machine (disk full, a file we cannot write): nothing is parked; the same
    work is done again at the next tick. The GM hears of it once a day, if mail can be queued."""
    what = f"{type(err).__name__}: {err.strerror or err}" + (
        f" ({err.filename})" if err.filename else ""
    )
    log.error("machine fault while %s: %s; will retry at the next tick", doing, what)
    report.errors.append(f"fault while {doing}: {what}")
    report.deferred += 1
    with contextlib.suppress(OSError):
        service.alert_gm(
            "the service cannot write its files",
            [
                f"While {doing}, the machine said: {what}.",
                "Nothing was lost: the message stays in the inbox (or the game's marker stays) and "
                "is handled again at every tick until the fault clears. Check the disk space and "
                "the permissions of the data directory.",
            ],
            key=f"fault-{err.errno}-{datetime.now(UTC):%Y%m%d}",
        )


def process_inbox(
    service: Service, source: Source, report: TickReport, limit: int | None = None
) -> None:
    messages = source.fetch_new(limit) if limit else source.fetch_new()
    report.fetched += len(messages)
    crash_point("after-fetch")
    for msg in messages:
        raw: bytes = msg.raw
        try:
            outcome = service.handle(raw)
        except OSError as err:
            # Disk full, unwritable files: leave the message where it is (not flagged, the cursor
            # does not pass it) and stop reading this tick; the ledger makes a retry safe.
            _machine_fault(service, report, err, "handling a message")
            break
        except IntegrityError as err:
            log.error("integrity error while handling a message: %s", err)
            outcome = None
            report.errors.append(str(err))
        except Exception as err:  # noqa: BLE001 - anything else is our bug: shunt, tell the GM
            log.exception("shunting a message: %s", type(err).__name__)
            outcome = None
            service.alert_gm(
                "a message could not be processed (our bug)",
                [
                    f"Error: {type(err).__name__}: {err}",
                    "The raw message was moved to the Shunt folder of the service mailbox, "
                    "unchanged. If the error came before the game's commit, nothing was applied; "
                    "`pbem admin history` shows whether it was. Fix the cause, then move it back "
                    "to the inbox to process it again (an applied move is not applied twice).",
                ],
                key=f"shunt-{getattr(msg, 'uid', '')}-{hash(raw) & 0xFFFFFFFF:x}",
            )
        crash_point("after-commit")
        if outcome is None:
            report.shunted += 1
            source.done(msg, "shunt")
        else:
            if outcome.reason == "applied":
                report.applied += 1
            elif outcome.folder == "processed":
                report.answered += 1
            elif outcome.folder == "shunt":
                report.shunted += 1
            else:
                report.rejected += 1
            if outcome.expunge:
                source.expunge(msg)
            else:
                source.done(msg, outcome.folder.value)
        crash_point("after-flag")


def flush_outbox(
    service: Service, sender: Sender, clock: Callable[[], datetime], report: TickReport
) -> None:
    outbox = service.outbox
    now = clock()
    due = outbox.due(now.timestamp())
    if not due:
        return
    results = sender.send_batch(_raw_mails(outbox, due))
    with outbox.batch():  # one fsync of sent.log for the whole batch
        sent, refused = _mark_sent(outbox, due, results, now)
        report.sent += sent
        for entry, res in refused:
            _not_sent(service, entry, res, now, report)


def _mark_sent(
    outbox: Any, entries: list[Any], results: list[Any], now: datetime, *, defer_sync: bool = False
) -> tuple[int, list[tuple[Any, Any]]]:
    """Mark every mail the server accepted as sent; returns how many, and the refused ones
    (entry, result) in order."""
    sent = 0
    refused: list[tuple[Any, Any]] = []
    for entry, res in zip(entries, results, strict=True):
        if res.ok:
            outbox.mark_sent(entry, now, defer_sync=defer_sync)
            sent += 1
            crash_point("during-flush")
        else:
            refused.append((entry, res))
    return sent, refused


def _raw_mails(outbox: Any, entries: list[Any]) -> list[Any]:
    """The stored bytes of queued entries, to go out as they are (no parse, no second
    serialisation)."""
    from pbem.mail.outbound import RawMail

    return [RawMail(e.message_id, (e.recipient,), outbox.message(e)) for e in entries]


def _not_sent(service: Service, entry: Any, res: Any, now: datetime, report: TickReport) -> None:
    """A mail the server refused for good (failed, the GM told) or for now (retried later)."""
    outbox = service.outbox
    if res.status == "permanent":
        outbox.mark_failed(entry, res.detail)
        report.failed += 1
        _tell_gm_failed(service, entry, res.detail)
    elif outbox.mark_retry(entry, res.detail, now.timestamp()):
        report.retry += 1
    else:
        report.failed += 1
        _tell_gm_failed(service, entry, res.detail)


SWITCH_INTERVAL = 0.0005
"""Seconds the interpreter lets a thread run before another that waits may take over, while the
tick sends as it reads (Python's default: 0.005). The sending thread mostly waits for the SMTP
server; each answer wakes it, and it then waited for the reading thread's turn to end, up to
5 ms, four times a mail (MAIL, RCPT, DATA, the data's end). At 0.5 ms the tick of 50 moves took
2.1-2.3 s instead of 2.5-2.7 s (docs/PERFORMANCE.md, "Ninth pass")."""


class SendWhileReading:
    """Sends the mails a tick queues while it goes on reading the inbox, on a second thread.

    The SMTP transaction mostly waits for the server (which delivers before it answers), and
    handling the next message is mostly our CPU: done one after the other they add up, done side
    by side the tick takes about the longer of the two. What goes out is exactly what
    :func:`flush_outbox` would send at the end of the tick, in the same order: first the mails
    already due when the tick began (left by an earlier tick), then every mail as it becomes
    durable in the outbox (:attr:`pbem.mail.outbox.Outbox.on_durable`: after the fsync of its
    directory, so a mail is never sent before it is queued for good, nor before the commit it
    tells of). Only the sending thread sends during the block; everything else (filing the
    messages away, a refused mail's retry or failure, the GM's alert) stays on the tick's
    thread: refusals are kept and handled there when the block ends. After the first refusal
    the thread sends nothing more, and :func:`flush_outbox` at the end of the tick sends what
    is left, as before (unless the server could not be reached at all: then the rest waits for
    the next tick instead of waiting out the sender's retries twice).
    """

    def __init__(
        self, service: Service, sender: Sender, clock: Callable[[], datetime], report: TickReport
    ) -> None:
        import queue

        self.service, self.sender, self.clock, self.report = service, sender, clock, report
        self.queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.refused: list[tuple[Any, Any]] = []
        self.halted = False
        """Set at the first refusal or failure: the thread then sends nothing more."""
        self.unreachable = False
        """The server could not be reached even after the sender's retries: the tick does not
        try again (the mails stay queued for the next tick)."""
        self.sent = 0
        self._thread: Any = None
        self._switch = 0.0
        """The switch interval before the tick lowered it (restored at the end)."""

    def __enter__(self) -> SendWhileReading:
        import threading

        outbox = self.service.outbox
        for entry in outbox.due(self.clock().timestamp()):
            self.queue.put(entry)
        outbox.on_durable = self.queue.put
        self._switch = sys.getswitchinterval()
        sys.setswitchinterval(min(self._switch, SWITCH_INTERVAL))
        self._thread = threading.Thread(target=self._run, name="pbem-send", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        outbox = self.service.outbox
        outbox.on_durable = None
        self.queue.put(None)
        self._thread.join()
        sys.setswitchinterval(self._switch)
        self.report.sent += self.sent
        now = self.clock()
        outbox.sync_sent_log()  # one fsync for every line the thread appended
        with outbox.batch():
            for entry, res in self.refused:
                _not_sent(self.service, entry, res, now, self.report)

    def _run(self) -> None:
        outbox = self.service.outbox
        seen: set[str] = set()
        stopping = False
        while not stopping:
            batch = [self.queue.get()]
            while not self.queue.empty():
                batch.append(self.queue.get())
            if None in batch:
                stopping = True
            entries = []
            for entry in batch:
                if entry is not None and entry.key not in seen:
                    seen.add(entry.key)
                    entries.append(entry)
            if not entries or self.halted:
                continue  # after a refusal, the end of the tick sends the rest
            try:
                results = self.sender.send_batch(_raw_mails(outbox, entries))
            except Exception:  # noqa: BLE001 - the tick's own flush sends them, and reports
                log.debug("the sending thread stopped; the tick's flush sends the rest")
                self.halted = True
                continue
            sent, refused = _mark_sent(outbox, entries, results, self.clock(), defer_sync=True)
            self.sent += sent
            if refused:
                self.refused.extend(refused)
                self.halted = True
                self.unreachable |= any(
                    r.status == "temporary" and r.code is None for _, r in refused
                )


def _tell_gm_failed(service: Service, entry: Any, detail: str) -> None:
    log.error("mail %s to %s failed for good: %s", entry.message_id, entry.recipient, detail)
    if entry.recipient == service.policy.gm_address:
        return  # do not loop on the GM's own address
    service.alert_gm(
        f"mail to {entry.recipient} could not be delivered",
        [
            f"Game {entry.game or '-'}, mail {entry.kind}, Message-ID {entry.message_id}.",
            f"The server said: {detail}",
            "The mail is kept (sealed) in the outbox's failed/ folder. Check the address; "
            "`pbem admin replace` changes it, and `pbem admin resend` sends the board again.",
        ],
        key=f"fail-{entry.key}",
    )


# ====================================================================== timers


def run_timers(service: Service, clock: Callable[[], datetime], report: TickReport) -> None:
    """Play the default action of every decision whose deadline has passed.

    Only games with a deadline have a timer file, and ``timers/.next`` holds the earliest due time
    of them all: an idle tick reads that one file, whatever the number of games.
    """
    now = clock()
    try:
        service.remind_missing_keys()
        service.send_digests()
        service.prune_fingerprints()
    except PbemError as err:
        report.errors.append(f"reminders: {err}")
    try:
        if any(
            service.journal.root.glob(f"{layout.OPEN}/*{layout.JSON}")
        ):  # announced games still open
            from pbem.service.signup import start_due

            start_due(service, now)
    except (PbemError, ValueError) as err:
        report.errors.append(f"open games: {err}")
    journal = service.journal
    nxt = journal.next_due()
    if nxt is not None and nxt > now:
        return
    earliest: datetime | None = None
    for gid in list(journal.timer_games()):
        due = journal.timer(gid)
        if due is None:
            journal.set_timer(gid, None)
            continue
        if due <= now:
            try:
                report.timers += expire(service, gid, now)
            except (PbemError, ConflictError) as err:
                report.errors.append(f"timer {gid}: {err}")
            service.schedule(gid)
            due = journal.timer(gid)
            if due is None:
                continue
        earliest = due if earliest is None else min(earliest, due)
    journal.set_next_due(earliest)


def expire(service: Service, game_id: str, now: datetime) -> int:
    """Send the reminders due by now and apply the missed-deadline policy of one game
    (see :mod:`pbem.service.community`)."""
    from pbem.service.community import on_timer

    return on_timer(service, game_id, now)


# ====================================================================== the daemon


def run_daemon(
    service: Service,
    source: Any,
    sender: Sender | None,
    *,
    clock: Callable[[], datetime],
    should_stop: Callable[[], bool],
    interval: float = 300.0,
    limit: int | None = None,
) -> int:
    """Tick, then wait for new mail (IMAP IDLE, or polling a Maildir) or for ``interval`` seconds,
    and again, until ``should_stop()`` (set by SIGTERM/SIGINT). A tick under way is finished first;
    a wait ends within ``pbem.mail.inbound.STOP_CHECK`` seconds of the request. Returns the number
    of ticks."""
    dlog = logging.getLogger("pbem.daemon")
    ticks = 0
    while not should_stop():
        try:
            report = tick(service, source, sender, clock=clock, wait_lock=True, limit=limit)
            dlog.info("tick: %s", report.line())
        except Exception:  # noqa: BLE001 - the daemon must survive a bad tick; cron would too
            dlog.exception("tick failed")
        ticks += 1
        if should_stop():
            break
        until = time.monotonic() + interval
        while not should_stop() and time.monotonic() < until:
            remaining = until - time.monotonic()
            if source is None:
                time.sleep(min(remaining, 0.25))
                continue
            try:
                if source.idle_wait(min(remaining, 60.0), stop=should_stop):
                    break
            except Exception:  # noqa: BLE001 - a dropped IDLE connection: poll a little, go on
                dlog.exception("waiting for mail failed; retrying")
                pause = time.monotonic() + min(remaining, 5.0)
                while not should_stop() and time.monotonic() < pause:
                    time.sleep(0.25)
    return ticks


# ====================================================================== wiring from the configuration


def build_service(cfg: Any, clock: Callable[[], datetime]) -> Service:
    """The service of a configuration (keys, store, outbox, policy, rate limiter)."""
    from pbem.errors import ConfigError
    from pbem.mail.outbox import Outbox
    from pbem.mail.policy import RateLimiter
    from pbem.service import Policy
    from pbem.store import Store

    if not cfg.service_address:
        raise ConfigError(f"service_address is not set in {cfg.path or 'the configuration'}.")
    keyring = cfg.keyring()
    store = Store(cfg.data_dir, keyring)
    outbox = Outbox(cfg.data_dir, keyring)
    policy = Policy(
        service_address=cfg.service_address.lower(),
        gm_address=(cfg.gm_address or cfg.service_address).lower(),
        authserv_id=getattr(cfg, "authserv_id", "") or os.environ.get("PBEM_AUTHSERV_ID") or None,
        max_size=cfg.limits.max_message_bytes,
        guide_url=getattr(cfg, "guide_url", ""),
    )
    policy.max_commands = cfg.limits.max_commands_per_message
    leave_cfg = getattr(cfg, "leave", None)
    if leave_cfg is not None:
        policy.leave_days_per_year = leave_cfg.days_per_year
        policy.leave_min_hours = leave_cfg.min_hours
        policy.leave_auto_max_days = leave_cfg.auto_max_days
    policy.bounce_threshold = cfg.limits.bounce_threshold
    service = Service(store, outbox, policy, clock)
    # Per authenticated seat (the name of the setting is older than that rule).
    service.rate_limiter = RateLimiter(
        service.journal.root,
        cfg.limits.max_mails_per_sender_per_hour,
        3600.0,
        lambda: clock().timestamp(),
    )
    # Templates are compiled once and kept on disk: a cron tick that mails loads the bytecode
    # (applied when the mailer is first built, so that an idle tick imports no template code).
    service.template_cache = cfg.data_dir / layout.TEMPLATE_CACHE
    # The crypto hooks (what pbem.crypto_mail.attach_crypto sets) open on first use: an idle tick
    # never needs them, and importing the crypto stack is most of an idle tick's start-up.
    service.crypto = _LazyCrypto(Path(cfg.keys_dir), cfg.service_address, clock)
    return service


class _LazyCrypto:
    """Stands for :class:`pbem.crypto_mail.MailCrypto`, opened (identity created or loaded) when
    an attribute is first used."""

    def __init__(self, keys_dir: Path, service_address: str, clock: Callable[[], datetime]) -> None:
        self._args = (keys_dir, service_address, clock)
        self._real: Any = None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        real = self.__dict__.get("_real")
        if real is None:
            from pbem.crypto_mail import MailCrypto

            keys_dir, address, clock = self.__dict__["_args"]
            real = MailCrypto.open(keys_dir, address, clock())
            self.__dict__["_real"] = real
        return getattr(real, name)


def build_source(cfg: Any) -> Any:
    """The inbound mailbox: IMAP when configured, else a Maildir, else None (send-only)."""
    from pbem.mail.inbound import ImapSource, MaildirSource

    f = cfg.imap.folders
    if cfg.imap.host:
        return ImapSource(
            cfg.imap.host,
            cfg.imap.port,
            cfg.imap.security,
            cfg.imap.user or cfg.service_address,
            cfg.password("imap") if cfg.imap.auth == "password" else "",
            cursor_path=Journal.state_file(cfg.data_dir, layout.IMAP_CURSOR),
            ssl_context=cfg.ssl_context("imap"),
            inbox=f.inbox,
            processed=f.processed,
            rejected=f.rejected,
            shunt=f.shunt,
            idle_cycle=cfg.imap.idle_cycle,
            oauth=cfg.token_source() if cfg.imap.auth != "password" else None,
            mechanism="oauthbearer" if cfg.imap.auth == "oauthbearer" else "xoauth2",
        )
    if cfg.maildir_inbound:
        return MaildirSource(
            cfg.maildir_inbound, processed=f.processed, rejected=f.rejected, shunt=f.shunt
        )
    return None


def build_sender(cfg: Any, *, keep_open: float = 0.0) -> Any:
    """The outbound transport: SMTP when configured, else a Maildir sink, else None.
    ``keep_open``: seconds an SMTP connection is kept for the next batch (the daemon)."""
    from pbem.mail.outbound import MaildirSink, SmtpSender

    if cfg.smtp.host:
        user = cfg.smtp.user or None
        return SmtpSender(
            cfg.smtp.host,
            cfg.smtp.port,
            cfg.smtp.security,
            user,
            cfg.password("smtp") if user and cfg.smtp.auth == "password" else None,
            envelope_from=cfg.service_address,
            ssl_context=cfg.ssl_context("smtp"),
            keep_open=keep_open,
            verp=cfg.smtp.verp,
            oauth=cfg.token_source() if cfg.smtp.auth != "password" else None,
            mechanism="oauthbearer" if cfg.smtp.auth == "oauthbearer" else "xoauth2",
        )
    if cfg.maildir_outbound:
        return MaildirSink(cfg.maildir_outbound)
    return None
