"""The whole mail loop, end to end: N moves by mail through a real Dovecot and SMTP relay.

Run: ``.venv/bin/python benchmarks/bench_mail_loop.py [N] [--rounds=R] [--plain-only]
[--profile-all] [--no-fsync | --fsync-ab] [--relay-in-process]`` (default N = 50 games, R = 2
measured rounds per variant; about 3 minutes). ``--no-fsync`` makes os.fsync a no-op in this process, to see what the
disk costs; ``--fsync-ab`` does so in every second measured round only (same load for both).

It starts its own Dovecot (IMAP + LMTP on 127.0.0.1, as ``nobody`` when run as root) and an SMTP
relay (aiosmtpd) that delivers by LMTP, in a process of its own as a real mail server is (until
2026-11-23 it ran as a thread of the benchmark's process, where its Python work shared one
interpreter lock with the service's: ``--relay-in-process`` still runs it so), creates N four-player Forbidden City games with the same
four players, and lets one tick send the start mails. The players are :class:`pbem.demo.BotPlayer`
objects: each reads its own IMAP mailbox and answers the turn mails it got by SMTP, replying like a
mail client (In-Reply-To / References carry the token of the turn mail, the mail is quoted). One
move is then pending in each game, all N replies sit in the service's IMAP inbox, and ONE runner
tick (:func:`pbem.runner.tick`) is measured: fetch N, authenticate, parse, commit (fsync on), queue
4 notifications per move, file each reply away, send the 4N mails over one SMTP connection.

In the same run, the bare transport for the same volume: the same N raw replies, delivered into a
mailbox of their own, fetched with ImapSource and filed away, and the same 4N notification
messages (as the tick sent them) sent again with SmtpSender over one connection. The ratio
(full loop / bare transport) is what the service itself costs on top of the mail servers.

Then (privacy ``plain``; every variant with ``--profile-all``) one more round of replies is handled
by one tick under cProfile: the top 15 functions by cumulative time, the top 12 by own time, the
share of the tick's named steps, and who calls fsync.

Variants: privacy ``plain``; then privacy ``required`` with an OpenPGP key (Curve25519, as
Thunderbird makes it) on file for every player, so that every personal mail is signed and
encrypted, and the players' replies are encrypted to the service's key, as a mail client does
once it has that key. ``--plain-only`` skips the encrypted variant.
"""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pysequoia

from pbem.crypto import KeyOnFile, encrypt_for
from pbem.crypto.keystore import parse_keys
from pbem.crypto_mail import MailCrypto
from pbem.demo import BotPlayer
from pbem.mail.inbound import ImapSource, InboundMessage
from pbem.mail.localservers import DovecotServer, RelaySMTP, dovecot_available
from pbem.mail.outbound import Mail, SendResult, SmtpSender
from pbem.mail.outbox import Outbox
from pbem.mail.policy import RateLimiter
from pbem.runner import Source, TickReport, tick
from pbem.service import Policy, Service
from pbem.store import Keyring, Store

DOMAIN = "pbem.test"
GM = f"gm@{DOMAIN}"
PASSWORD = "bench-pw"


REAL_FSYNC = os.fsync
NO_FSYNC = False
FSYNC_AB = False


class RelayProcess:
    """:class:`RelaySMTP` delivering by LMTP, run in a child Python process (a mail server is not
    a thread of pbem's process). ``host`` and ``port`` as RelaySMTP's; ends with the block."""

    host = RelaySMTP.host

    def __init__(self, lmtp: tuple[str, int]) -> None:
        self.lmtp = lmtp
        self.port = 0
        self._proc: subprocess.Popen[str] | None = None

    def __enter__(self) -> RelayProcess:
        code = (
            "import sys\n"
            "from pbem.mail.localservers import RelaySMTP\n"
            f"r = RelaySMTP(lmtp=({self.lmtp[0]!r}, {self.lmtp[1]})).start()\n"
            "print(r.port, flush=True)\n"
            "sys.stdin.read()\n"
            "r.stop()\n"
        )
        self._proc = subprocess.Popen(
            [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self._proc.stdout is not None
        self.port = int(self._proc.stdout.readline())
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._proc is not None and self._proc.stdin is not None
        self._proc.stdin.close()
        try:
            self._proc.wait(10)
        except subprocess.TimeoutExpired:
            self._proc.kill()


def _no_fsync(fd: Any) -> None:
    """os.fsync replaced (``--no-fsync``, ``--fsync-ab``): measures what the disk costs."""


def _now() -> datetime:
    return datetime.now(UTC)


class RecordingSender(SmtpSender):
    """An SmtpSender that keeps what it sent (to send the very same messages again, bare)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sent: list[Mail] = []

    def send_batch(self, messages: Sequence[Mail]) -> list[SendResult]:
        self.sent.extend(messages)
        return super().send_batch(messages)


class RecordingSource(ImapSource):
    """An ImapSource that keeps the raw messages it fetched (for the bare transport run)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.raws: list[bytes] = []

    def fetch_new(self, limit: int | None = None) -> list[InboundMessage]:
        messages = super().fetch_new(limit)
        self.raws.extend(m.raw for m in messages)
        return messages


@dataclass
class EncryptingBot(BotPlayer):
    """A player whose mail client encrypts its replies to the service's OpenPGP key."""

    service_key: KeyOnFile | None = None

    def _reply(self, mail: Any, body: str) -> EmailMessage:
        reply = super()._reply(mail, body)
        if self.service_key is None:
            return reply
        return encrypt_for(reply, self.service_key)


@dataclass
class Timing:
    wall: float
    cpu_process: float
    """CPU of this process: the service, our SMTP client (and the relay, when it runs in-process)."""
    cpu_thread: float
    """CPU of the main thread alone: the service and its IMAP/SMTP clients."""


def timed(work: Any) -> tuple[Any, Timing]:
    w, p, t = time.perf_counter(), time.process_time(), time.thread_time()
    out = work()
    return out, Timing(time.perf_counter() - w, time.process_time() - p, time.thread_time() - t)


def users(variant: str) -> dict[str, str]:
    return {
        a: PASSWORD
        for a in [service_address(variant), bare_address(variant), *player_addresses(variant)]
    }


def service_address(variant: str) -> str:
    return f"service-{variant}@{DOMAIN}"


def bare_address(variant: str) -> str:
    return f"bare-{variant}@{DOMAIN}"


def player_addresses(variant: str) -> list[str]:
    return [f"{variant}{i}@{DOMAIN}" for i in range(4)]


def bots_answer(bots: list[BotPlayer]) -> int:
    """Every player reads its mailbox and answers; the number of replies sent."""
    return sum(bot.read_and_answer() for bot in bots)


def check(report: TickReport, n: int, what: str) -> None:
    """Every reply applied, and the notifications sent (4 a move in a 4-player Forbidden City
    game: the turn passes with every move, so every seat hears of it)."""
    if report.errors or report.applied != n or report.fetched != n or report.sent != 4 * n:
        raise SystemExit(
            f"{what}: expected {n} moves and {4 * n} mails, got: {report.line()} "
            f"{report.errors[:3]}"
        )


def run_variant(
    variant: str,
    privacy: str,
    n: int,
    rounds: int,
    dovecot: DovecotServer,
    relay: RelaySMTP | RelayProcess,
    work: Path,
    *,
    profile: bool,
) -> dict[str, float]:
    """Set up N games of one variant, measure one tick and the bare transport, profile a tick."""
    encrypted = privacy == "required"
    svc_addr = service_address(variant)
    root = work / variant
    keys_dir, data_dir = root / "keys", root / "games"
    keyring = Keyring.create(keys_dir, data_dir=data_dir)
    store = Store(data_dir, keyring)  # fsync on, as in production
    # As build_service wires it, with a rate limit that 4 players x N games stay under.
    limiter = RateLimiter(data_dir / "outbox", 100 * n, 3600.0, lambda: _now().timestamp())
    service = Service(
        store,
        Outbox(data_dir, keyring),
        Policy(svc_addr, GM, service_name="pbem bench"),
        _now,
        rate_limiter=limiter,
    )
    t = time.perf_counter()
    # As pbem.runner.build_service does (attach_crypto): the service always has its crypto hooks.
    service.crypto = MailCrypto.open(keys_dir, svc_addr, _now())
    print(
        f"  service identity (S/MIME CA + certificate, OpenPGP key) made in "
        f"{time.perf_counter() - t:.2f} s"
    )
    inbox = RecordingSource(
        dovecot.host,
        dovecot.imap_port,
        "none",
        svc_addr,
        PASSWORD,
        cursor_path=root / "cursor.json",
    )
    sender = RecordingSender(relay.host, relay.port, "none", envelope_from=svc_addr)
    # runner.Source declares done(msg, folder: str); ImapSource narrows folder to a Literal, which
    # mypy counts as a mismatch (pbem's own wiring has the same): the object is the real one.
    service_inbox: Source = inbox  # type: ignore[assignment]

    service_key = None
    if encrypted:
        service_key = KeyOnFile.from_found(
            parse_keys(service.crypto.identity.openpgp_public_key)[0], address=svc_addr
        )
    bots: list[BotPlayer] = []
    for i, addr in enumerate(player_addresses(variant)):
        name = f"{variant.capitalize()}{i}"
        pgp_key = None
        if encrypted:
            pgp_key = pysequoia.Tsk.generate(f"{name} <{addr}>")
            found = parse_keys(str(pgp_key.extract_certificate()).encode())[0]
            service.crypto.keys.add(addr, found, source="mail", now=_now())
        source = ImapSource(
            dovecot.host,
            dovecot.imap_port,
            "none",
            addr,
            PASSWORD,
            cursor_path=root / f"bot{i}.json",
        )
        bots.append(
            EncryptingBot(
                name,
                addr,
                "greedy" if i % 2 == 0 else "random",
                source,
                store,
                RecordingSender(relay.host, relay.port, "none"),
                7 + i,
                pgp_key=pgp_key,
                service_key=service_key,
            )
        )
    players = [(b.name, b.address) for b in bots]

    t = time.perf_counter()
    for g in range(n):
        gid = store.create("forbidden-city", players, {"privacy": privacy}, 1000 + g, _now())
        service.mark_dirty(gid)
    print(f"  {n} games created in {time.perf_counter() - t:.2f} s")
    start, t_start = timed(lambda: tick(service, service_inbox, sender, clock=_now))
    if start.sent != 4 * n:
        raise SystemExit(f"start tick: {start.line()} {start.errors[:3]}")
    print(f"  start tick: {start.sent} start mails queued and sent in {t_start.wall:.2f} s")
    t = time.perf_counter()
    replies = bots_answer(bots)
    print(
        f"  players read {sum(len(b.mails) for b in bots)} mails and sent {replies} replies "
        f"in {time.perf_counter() - t:.2f} s"
    )
    if replies != n:
        raise SystemExit(f"expected {n} replies (one pending move per game), got {replies}")

    bare_in = ImapSource(
        dovecot.host,
        dovecot.imap_port,
        "none",
        bare_address(variant),
        PASSWORD,
        cursor_path=root / "bare-cursor.json",
    )
    ticks: list[Timing] = []
    bares: list[tuple[Timing, Timing]] = []
    synced: list[bool] = []
    for r in range(rounds):
        # --fsync-ab: every second round with os.fsync a no-op, so that both see the same load.
        synced.append(not (FSYNC_AB and r % 2 == 1))
        os.fsync = REAL_FSYNC if synced[-1] else _no_fsync
        if r > 0:
            replies = bots_answer(bots)
            if replies != n:
                raise SystemExit(f"round {r + 1}: expected {n} replies, got {replies}")
        # ---- the measured tick ------------------------------------------------------------
        sender.sent.clear()
        inbox.raws.clear()
        report, t_tick = timed(lambda: tick(service, service_inbox, sender, clock=_now))
        check(report, n, "measured tick")
        notes = list(sender.sent)
        raws = list(inbox.raws)
        # ---- the bare transport, same volume, right after -----------------------------------
        for raw in raws:  # setup, not timed: the same N replies, into a mailbox of their own
            dovecot.deliver(bare_address(variant), raw)

        def fetch_and_file() -> int:
            msgs = bare_in.fetch_new()
            for m in msgs:
                bare_in.done(m, "processed")
            return len(msgs)

        fetched, t_fetch = timed(fetch_and_file)
        bare_out = SmtpSender(relay.host, relay.port, "none", envelope_from=svc_addr)
        results, t_send = timed(lambda: bare_out.send_batch(notes))  # noqa: B023 - called now
        if fetched != n or not all(res.ok for res in results) or bare_out.connections != 1:
            raise SystemExit(
                f"bare transport: fetched {fetched}, sent {sum(res.ok for res in results)}"
            )
        ticks.append(t_tick)
        bares.append((t_fetch, t_send))
    bare_in.close()

    print(
        f"\n  {'one tick, ' + str(n) + ' moves (' + privacy + ')':<52} {'wall s':>7} "
        f"{'cpu s':>6} {'main-thr. cpu s':>15} {'moves/s':>8} {'mails/s':>8}  ratio"
    )

    def row(label: str, t: Timing, moves: int, mails: int, ratio: str = "") -> None:
        mv = f"{moves / t.wall:8.1f}" if moves else f"{'':>8}"
        ml = f"{mails / t.wall:8.1f}" if mails else f"{'':>8}"
        print(
            f"  {label:<52} {t.wall:7.2f} {t.cpu_process:6.2f} {t.cpu_thread:15.2f} {mv} {ml}"
            f"  {ratio}"
        )

    os.fsync = REAL_FSYNC if not NO_FSYNC else _no_fsync
    ratios: list[float] = []
    for r, (t_tick, (t_fetch, t_send)) in enumerate(zip(ticks, bares, strict=True)):
        bare = Timing(
            t_fetch.wall + t_send.wall,
            t_fetch.cpu_process + t_send.cpu_process,
            t_fetch.cpu_thread + t_send.cpu_thread,
        )
        ratios.append(t_tick.wall / bare.wall)
        off = "" if synced[r] else " (no fsync)"
        row(
            f"round {r + 1}{off}: full loop, runner.tick",
            t_tick,
            n,
            5 * n,
            f"{ratios[-1]:.2f} wall, {t_tick.cpu_thread / max(bare.cpu_thread, 1e-9):.1f} cpu",
        )
        row(f"round {r + 1}{off}: bare transport (fetch+file, send)", bare, n, 5 * n)
        row("  bare: fetch + file away the N replies", t_fetch, 0, n)
        row("  bare: send the same 4N mails, 1 connection", t_send, 0, 4 * n)
    figures: dict[str, float] = {}
    for flag, what in ((True, ""), (False, " without fsync")):
        idx = [i for i in range(rounds) if synced[i] == flag]
        if not idx:
            continue
        tick_wall = statistics.median(ticks[i].wall for i in idx)
        bare_wall = statistics.median(bares[i][0].wall + bares[i][1].wall for i in idx)
        ratio = statistics.median(ratios[i] for i in idx)
        cpu_tick = statistics.median(ticks[i].cpu_thread for i in idx)
        cpu_bare = statistics.median(bares[i][0].cpu_thread + bares[i][1].cpu_thread for i in idx)
        print(
            f"  median over {len(idx)} rounds{what}: tick {tick_wall:.2f} s = "
            f"{n / tick_wall:.1f} moves/s, {5 * n / tick_wall:.1f} mails/s (N in + 4N out); "
            f"bare {bare_wall:.2f} s; ratio full / bare {ratio:.2f}"
        )
        print(
            f"    the service's own share: {(tick_wall - bare_wall) / n * 1000:.1f} ms wall a "
            f"move; main-thread CPU {cpu_tick / n * 1000:.1f} ms a move in the tick, "
            f"{cpu_bare / n * 1000:.1f} ms in the bare transport"
        )
        if not figures:
            figures = {
                "tick": tick_wall,
                "bare": bare_wall,
                "ratio": ratio,
                "moves_per_s": n / tick_wall,
            }

    # ---- a second round under cProfile ------------------------------------------------------
    if not profile:
        for closer in [inbox, *[b.source for b in bots]]:
            closer.close()
        return figures
    replies = bots_answer(bots)
    if replies != n:
        raise SystemExit(f"profiled round: expected {n} replies, got {replies}")
    prof = cProfile.Profile()
    prof.enable()
    report2 = tick(service, service_inbox, sender, clock=_now)
    prof.disable()
    check(report2, n, "profiled tick")
    if os.environ.get("PBEM_BENCH_PROFILE"):  # the whole profile, for pstats (python -m pstats F)
        prof.dump_stats(f"{os.environ['PBEM_BENCH_PROFILE']}.{privacy}")
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("cumulative").print_stats(int(os.environ.get("PBEM_PROFILE_TOP", "15")))
    print(
        f"\n  cProfile of one tick ({n} moves, {privacy}), top 15 by cumulative time "
        "(main thread only; the relay thread and Dovecot are not in it):"
    )
    lines = out.getvalue().splitlines()
    first = next(i for i, ln in enumerate(lines) if "ncalls" in ln)
    for ln in lines[first : first + 16]:
        print("   " + ln[:150])
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(12)
    print("\n  the same profile, top 12 by own time (tottime):")
    lines = out.getvalue().splitlines()
    first = next(i for i, ln in enumerate(lines) if "ncalls" in ln)
    for ln in lines[first : first + 13]:
        print("   " + ln[:150])
    print_breakdown(stats, n)
    print_fsyncs(stats, n)
    for closer in [inbox, *[b.source for b in bots]]:
        closer.close()
    return figures


PHASES = [
    # (label, file suffix, function): cumulative times, nested (a row includes the rows below it
    # that it calls); read them against the first row.
    ("runner.tick", "pbem/runner.py", "tick"),
    ("  ImapSource.fetch_new", "pbem/mail/inbound.py", "fetch_new"),
    (
        "  Service.handle (per reply: parse .. commit .. queue)",
        "pbem/service/__init__.py",
        "handle",
    ),
    ("    parse_message", "pbem/mail/parse.py", "parse_message"),
    ("    MailCrypto.decrypt_incoming", "pbem/crypto_mail.py", "decrypt_incoming"),
    ("    MailCrypto.keys_in (key attachments?)", "pbem/crypto_mail.py", "keys_in"),
    ("    Store.load", "pbem/store/store.py", "load"),
    ("    Store.commit", "pbem/store/store.py", "commit"),
    ("    Notifier.notify", "pbem/service/notifier.py", "notify"),
    ("      Mailer.context (board, legal moves)", "pbem/service/mailer.py", "context"),
    ("      compose.render", "pbem/mail/compose.py", "render"),
    ("      compose.build_message (attachments, keys)", "pbem/mail/compose.py", "build_message"),
    ("      compose.build_raw (the mail's bytes)", "pbem/mail/compose.py", "build_raw"),
    ("      fingerprint_of (reply fingerprint)", "pbem/mail/fingerprint.py", "fingerprint_of"),
    ("      board_picture", "pbem/mail/picture.py", "board_picture"),
    ("      MailCrypto.protect (sign + encrypt)", "pbem/crypto_mail.py", "protect"),
    ("      Outbox.put (serialise, seal, write)", "pbem/mail/outbox.py", "put"),
    ("    Service.play_computers", "pbem/service/__init__.py", "play_computers"),
    ("  ImapSource.done (flags, MOVE, cursor fsync)", "pbem/mail/inbound.py", "done"),
    ("  runner.flush_outbox", "pbem/runner.py", "flush_outbox"),
    ("    Outbox.message (read, unseal)", "pbem/mail/outbox.py", "message"),
    ("    SmtpSender.send_batch", "pbem/mail/outbound.py", "send_batch"),
    ("    Outbox.mark_sent", "pbem/mail/outbox.py", "mark_sent"),
    ("(all) email.headerregistry HeaderRegistry()", "email/headerregistry.py", "__call__"),
    ("(all) posix.fsync", "~", "<built-in method posix.fsync>"),
]


def print_breakdown(stats: pstats.Stats, n: int) -> None:
    """Cumulative time of the tick's named steps, from the profile (which inflates every call:
    read the shares, not the absolute times)."""
    table: dict[tuple[str, int, str], Any] = stats.stats  # type: ignore[attr-defined]
    total = next(
        v[3] for k, v in table.items() if k[0].endswith("pbem/runner.py") and k[2] == "tick"
    )
    print(
        f"\n  where the profiled tick's time goes ({n} moves; cumulative, nested; "
        "share of the tick):"
    )
    for label, suffix, func in PHASES:
        hits = [v for k, v in table.items() if k[0].endswith(suffix) and k[2] == func]
        if not hits:
            continue
        calls = sum(v[1] for v in hits)
        cum = sum(v[3] for v in hits)
        print(f"   {label:<52} {calls:>6} calls {cum:7.3f} s {100 * cum / total:5.1f} %")


def print_fsyncs(stats: pstats.Stats, n: int) -> None:
    """Who calls fsync in the tick, two levels up (the helper, then the code that wants it)."""
    table: dict[tuple[str, int, str], Any] = stats.stats  # type: ignore[attr-defined]
    key = next((k for k in table if k[2] == "<built-in method posix.fsync>"), None)
    if key is None:
        return
    total = table[key][1]
    print(f"\n  fsync calls in the tick: {total} ({total / n:.1f} a move), by caller:")

    def name(k: tuple[str, int, str]) -> str:
        parts = Path(k[0]).parts
        return f"{'/'.join(parts[-2:])}:{k[2]}"

    for helper, (_cc, nc, _tt, ct) in sorted(table[key][4].items(), key=lambda kv: -kv[1][1]):
        print(f"   {nc:>6} ({nc / n:4.1f}/move) {ct:6.2f} s  {name(helper)}")
        for caller, (_c2, n2, _t2, _ct2) in sorted(
            table[helper][4].items(), key=lambda kv: -kv[1][1]
        ):
            print(f"   {'':>6}   {n2:>5} calls of it from {name(caller)}")


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    n = int(args[0]) if args else 50
    plain_only = "--plain-only" in sys.argv
    profile_all = "--profile-all" in sys.argv
    global NO_FSYNC, FSYNC_AB
    # What the disk costs: every fsync of this process (store, outbox, journal, cursor, rate
    # limiter) becomes a no-op. Dovecot is another process and keeps its own. Not a setting for
    # production: it measures the upper bound of what fewer fsyncs could gain.
    NO_FSYNC = "--no-fsync" in sys.argv
    FSYNC_AB = "--fsync-ab" in sys.argv
    if NO_FSYNC:
        os.fsync = _no_fsync
        print("--no-fsync: os.fsync is a no-op in this process (Dovecot keeps its own)")
    if FSYNC_AB:
        print("--fsync-ab: every second measured round with os.fsync a no-op in this process")
    rounds = next((int(a.split("=", 1)[1]) for a in sys.argv if a.startswith("--rounds=")), 2)
    if dovecot_available() is None:
        raise SystemExit(
            "Dovecot is not installed (dovecot-imapd, dovecot-lmtpd): this benchmark "
            "measures the loop through a real IMAP server and cannot run without it."
        )
    print(
        f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}, "
        f"{os.cpu_count()} CPUs, python {sys.version.split()[0]}"
    )
    variants = [("plain", "plain")] + ([] if plain_only else [("enc", "required")])
    all_users: dict[str, str] = {GM: PASSWORD}
    for v, _ in variants:
        all_users.update(users(v))
    work = Path(tempfile.mkdtemp(prefix="pbem-bench-loop-"))
    dovecot = DovecotServer(None, all_users)
    results: dict[str, dict[str, float]] = {}
    try:
        dovecot.start()
        in_process = "--relay-in-process" in sys.argv
        print(f"relay: {'a thread of this process' if in_process else 'a process of its own'}")
        relay_cm: Any = (RelaySMTP if in_process else RelayProcess)(lmtp=dovecot.lmtp_address)
        with relay_cm as relay:
            for variant, privacy in variants:
                keys = (
                    "OpenPGP keys on file for every player" if privacy == "required" else "no keys"
                )
                print(f"\n== {n} games, privacy {privacy!r} ({keys})")
                results[privacy] = run_variant(
                    variant,
                    privacy,
                    n,
                    rounds,
                    dovecot,
                    relay,
                    work,
                    profile=privacy == "plain" or profile_all,
                )
    finally:
        dovecot.stop()
        shutil.rmtree(work, ignore_errors=True)
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if "required" in results:
        p, r = results["plain"], results["required"]
        print(
            f"encrypted / plain tick: {r['tick'] / p['tick']:.2f} "
            f"({p['moves_per_s']:.1f} vs {r['moves_per_s']:.1f} moves/s)"
        )
    print(
        "summary: "
        + "; ".join(
            f"{k}: {v['moves_per_s']:.1f} moves/s, ratio {v['ratio']:.2f}"
            for k, v in results.items()
        )
    )


if __name__ == "__main__":
    main()
