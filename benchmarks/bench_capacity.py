"""Capacity: a synthetic season through the real loop (``pbem daemon``, Dovecot, the SMTP relay).

Run: ``PYTHONPATH=$PWD .venv/bin/python benchmarks/bench_capacity.py [--games 10] [--players 2]
[--seconds 60] [--think 0]``

Starts its own Dovecot (IMAP IDLE + LMTP) and the aiosmtpd relay (delivering by LMTP), creates
``--games`` Forbidden City games (privacy plain) whose players are :class:`pbem.demo.BotPlayer`
bots reading their own IMAP mailboxes and answering by SMTP, and runs the real ``pbem daemon``
process over it for ``--seconds``. Every bot answers each turn mail ``--think`` seconds after it
arrives (0: at once, which measures the most the loop sustains; a season's real reply rate is
far lower, a few moves a game a day). Reports:

- moves applied (from the games' logs) and the sustained rate per hour;
- the daemon's answer time: from the relay handing a reply to Dovecot (service mailbox) to the
  relay receiving the daemon's next answer (of any game), p50 / p99; and matched: to the relay
  receiving the service's answer to *that* reply (its In-Reply-To), p50 / p99;
- the daemon's peak memory (``VmHWM`` of the process), and its resident memory (``VmRSS``) at
  each tenth of the run;
- the CPU the daemon used (user + system, ``/proc/<pid>/stat``) per move.

The bots run in this process and share the two cores with the daemon and the servers: the figures
are a lower bound of what one machine sustains.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pbem.demo import BotPlayer
from pbem.mail.inbound import ImapSource
from pbem.mail.localservers import DovecotServer, RelaySMTP, dovecot_available
from pbem.mail.outbound import SmtpSender
from pbem.store import Keyring, Store

SERVICE = "service@pbem.test"


class _TimedList(list):  # type: ignore[type-arg]
    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def append(self, item: Any) -> None:
        self.times.append(time.monotonic())
        super().append(item)


def _header(raw: bytes, name: bytes) -> str:
    head = raw.split(b"\r\n\r\n", 1)[0].replace(b"\r\n ", b" ").replace(b"\r\n\t", b" ")
    for line in head.split(b"\r\n"):
        if line.lower().startswith(name.lower() + b":"):
            return line.split(b":", 1)[1].strip().decode("ascii", "replace")
    return ""


def _matched_answers(timed: Any) -> list[float]:
    """For each player's reply handed to the service's mailbox: the time until the relay got the
    service's answer to *that* reply (its In-Reply-To names the reply's Message-ID), not the next
    service mail of any game (issue 32, item 8)."""
    answered_at: dict[str, float] = {}
    for t, d in zip(timed.times, timed, strict=True):
        if d.mail_from == SERVICE:
            irt = _header(d.data, b"In-Reply-To")
            if irt and irt not in answered_at:
                answered_at[irt] = t
    out: list[float] = []
    for t, d in zip(timed.times, timed, strict=True):
        if SERVICE in d.recipients and d.mail_from != SERVICE:
            mid = _header(d.data, b"Message-ID")
            if mid in answered_at and answered_at[mid] >= t:
                out.append(answered_at[mid] - t)
    return out


def _proc_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _status_kb(pid: int, field: str = "VmHWM") -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=0.0)
    args = parser.parse_args()
    if dovecot_available() is None:
        sys.exit("Dovecot is not installed")
    root = Path(tempfile.mkdtemp(prefix="pbem-bench-capacity-"))
    users = {SERVICE: "service-pw"}
    addresses = [f"p{g}-{s}@pbem.test" for g in range(args.games) for s in range(args.players)]
    users.update({a: f"pw-{a}" for a in addresses})
    with DovecotServer(None, users) as dovecot, RelaySMTP(lmtp=dovecot.lmtp_address) as relay:
        timed = _TimedList()
        relay.deliveries = timed
        data, keys = root / "games", root / "keys"
        Keyring.create(keys, data_dir=data)
        cfg = root / "pbem.toml"
        cfg.write_text(
            f'data_dir = "{data}"\nkeys_dir = "{keys}"\n'
            f'service_address = "{SERVICE}"\ngm_address = "{SERVICE}"\n'
            f'[imap]\nhost = "127.0.0.1"\nport = {dovecot.imap_port}\nsecurity = "none"\n'
            f'user = "{SERVICE}"\n'
            f'[smtp]\nhost = "127.0.0.1"\nport = {relay.port}\nsecurity = "none"\n'
            "[limits]\nmax_mails_per_sender_per_hour = 100000\n"
        )
        store = Store(data, Keyring.load(keys))
        bots: list[BotPlayer] = []
        for g in range(args.games):
            seats = []
            for s in range(args.players):
                addr = f"p{g}-{s}@pbem.test"
                bot = BotPlayer(
                    f"P{s}",
                    addr,
                    "random",
                    ImapSource(
                        "127.0.0.1",
                        dovecot.imap_port,
                        "none",
                        addr,
                        users[addr],
                        cursor_path=root / f"cursor-{addr}.json",
                    ),
                    store,
                    SmtpSender("127.0.0.1", relay.port, "none"),
                    g * 10 + s,
                )
                seats.append(bot)
            bots.extend(seats)
            store.create(
                "forbidden-city",
                [(b.name, b.address) for b in seats],
                {"privacy": "plain"},
                g,
                datetime.now(UTC),
            )
        env = {**os.environ, "PBEM_IMAP_PASSWORD": users[SERVICE]}
        log = (root / "daemon.log").open("wb")
        proc = subprocess.Popen(
            [sys.executable, "-m", "pbem", "daemon", "--config", str(cfg), "--interval", "300"],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd="/",
        )
        try:
            time.sleep(1.0)
            cpu0 = _proc_cpu(proc.pid)
            start = time.monotonic()
            due: dict[int, float] = {}
            rss: list[int] = []  # resident memory at each tenth of the run
            while time.monotonic() - start < args.seconds and proc.poll() is None:
                if time.monotonic() - start >= len(rss) * args.seconds / 10:
                    rss.append(_status_kb(proc.pid, "VmRSS"))
                for i, bot in enumerate(bots):
                    if args.think and i in due and time.monotonic() < due[i]:
                        continue
                    bot.playing = not args.think or i in due
                    before = len(bot.mails)
                    bot.read_and_answer()
                    if args.think and len(bot.mails) > before:
                        due[i] = time.monotonic() + args.think
                    elif i in due and bot.playing:
                        due.pop(i)
                time.sleep(0.05)
            elapsed = time.monotonic() - start
            cpu = _proc_cpu(proc.pid) - cpu0
            hwm = _status_kb(proc.pid)
            rss.append(_status_kb(proc.pid, "VmRSS"))
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=30)
        finally:
            if proc.poll() is None:
                proc.kill()
            log.close()
            for b in bots:
                b.source.close()
        moves = sum(store.load(gid).envelope.moves for gid in store.game_ids())
        matched = _matched_answers(timed)
        waits: list[float] = []
        for i, d in enumerate(timed):
            if SERVICE in d.recipients and d.mail_from != SERVICE:
                later = [
                    t
                    for t, e in zip(timed.times[i + 1 :], timed[i + 1 :], strict=True)
                    if d.mail_from != "" and e.mail_from == SERVICE
                ]
                if later:
                    waits.append(later[0] - timed.times[i])
    waits.sort()
    print(
        f"pbem capacity (python {sys.version.split()[0]}): {args.games} games x {args.players} "
        f"players, think {args.think} s, {elapsed:.0f} s of pbem daemon"
    )
    print(f"moves applied: {moves} ({moves / elapsed * 3600:.0f} an hour sustained)")
    if waits:
        p99 = waits[min(len(waits) - 1, int(len(waits) * 0.99))]
        print(
            f"reply at the service's mailbox -> next answer at the relay: p50 "
            f"{statistics.median(waits) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms (n={len(waits)})"
        )
    if matched:
        matched.sort()
        p99 = matched[min(len(matched) - 1, int(len(matched) * 0.99))]
        print(
            f"reply at the service's mailbox -> ITS OWN answer at the relay (In-Reply-To matched): "
            f"p50 {statistics.median(matched) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms "
            f"(n={len(matched)})"
        )
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(
        f"daemon: peak memory (VmHWM) {hwm / 1024:.1f} MB; CPU {cpu:.1f} s, "
        f"{cpu / max(1, moves) * 1000:.0f} ms a move"
    )
    print(
        "daemon: resident memory (VmRSS) at each tenth of the run, MB: "
        + " ".join(f"{k / 1024:.0f}" for k in rss)
    )


if __name__ == "__main__":
    main()
