"""The bare mail transport: relay -> Dovecot, IMAP fetch + file away, one-connection SMTP batches.

Run: ``.venv/bin/python benchmarks/bench_transport.py [N]`` (default N = 200). Starts its own
Dovecot (as ``nobody`` when run as root) and SMTP relay on 127.0.0.1, and prints mails/s for:

1. N player mails sent over one SMTP connection to the relay, each delivered by LMTP into Dovecot
   before the relay answers 250;
2. fetching those N mails with ImapSource (BODY.PEEK[] in batches), then filing each one away
   (``done(msg, "processed")``: flags + MOVE + cursor written with fsync);
3. N*4 notifications (4 players) over one SMTP connection, delivered into Dovecot;
4. parse_message + command_lines over the reply corpus (pure CPU, for scale).

Without Dovecot it falls back to the relay's Maildir delivery and MaildirSource, and says so.
No game logic is involved: this is the floor under the service's own per-message cost.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from email.message import EmailMessage
from pathlib import Path

from pbem.mail.inbound import ImapSource, MaildirSource
from pbem.mail.localservers import DovecotServer, RelaySMTP, dovecot_available
from pbem.mail.outbound import SmtpSender, maildir_for
from pbem.mail.parse import parse_message

SERVICE = "service@pbem.test"
PLAYERS = [f"player{i}@pbem.test" for i in range(1, 5)]
CORPUS = Path(__file__).resolve().parent.parent / "tests" / "mail" / "corpus"


def player_mail(n: int) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = PLAYERS[n % 4]
    msg["To"] = f"service+tok{n % 4}@pbem.test"
    msg["Subject"] = f"Re: [fc-1] your turn (move {n})"
    msg["Message-ID"] = f"<reply{n}@example.org>"
    msg.set_content("C4 R1\n\n> quoted board\n> B2 R0\n")
    return msg


def notification(n: int, to: str) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = f"Forbidden City <{SERVICE}>"
    msg["To"] = to
    msg["Subject"] = f"[fc-1] Forbidden City: your turn (move {n})"
    msg["Message-ID"] = f"<fc-1.m{n}.{to}@pbem.test>"
    board = "\n".join("  " + "  .  " * 5 for _ in range(5))
    msg.set_content(f"Move {n}.\n\n{board}\n\nReply with your move, e.g. C4 R1.\n")
    msg.add_alternative(f"<pre>{board}</pre>", subtype="html")
    return msg


def rate(label: str, count: int, seconds: float) -> None:
    print(f"{label:<58} {count:>6} in {seconds:6.3f} s = {count / seconds:8.1f} /s")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    work = Path(tempfile.mkdtemp(prefix="pbem-bench-"))
    have_dovecot = dovecot_available() is not None
    dovecot: DovecotServer | None = None
    try:
        if have_dovecot:
            dovecot = DovecotServer(None, {a: "pw" for a in [SERVICE, *PLAYERS]})
            t = time.perf_counter()
            dovecot.start()
            print(f"Dovecot started in {time.perf_counter() - t:.3f} s")
            relay = RelaySMTP(lmtp=dovecot.lmtp_address, authserv_id="mx.pbem.test")
        else:
            print("Dovecot is not installed: relay -> Maildir and MaildirSource instead of IMAP")
            relay = RelaySMTP(maildir_root=work / "maildirs")
        with relay:
            sender = SmtpSender(relay.host, relay.port, "none")
            t = time.perf_counter()
            results = sender.send_batch([player_mail(i) for i in range(n)])
            rate(
                "1. inbound: SMTP (1 connection) -> relay -> LMTP -> Dovecot",
                n,
                time.perf_counter() - t,
            )
            assert all(r.ok for r in results), results[:3]

            source: ImapSource | MaildirSource
            if dovecot is not None:
                source = ImapSource(
                    dovecot.host,
                    dovecot.imap_port,
                    "none",
                    SERVICE,
                    "pw",
                    cursor_path=work / "cursor.json",
                )
            else:
                source = MaildirSource(maildir_for(work / "maildirs", SERVICE))
            with source:
                t = time.perf_counter()
                msgs = source.fetch_new()
                fetched = time.perf_counter() - t
                rate("2a. fetch_new (BODY.PEEK[] in batches)", len(msgs), fetched)
                t = time.perf_counter()
                for msg in msgs:
                    source.done(msg, "processed")
                rate(
                    "2b. done(processed): flags + MOVE + cursor fsync",
                    len(msgs),
                    time.perf_counter() - t,
                )
                assert len(msgs) == n, (len(msgs), n)

            notes = [notification(i, to) for i in range(n) for to in PLAYERS]
            sender = SmtpSender(relay.host, relay.port, "none")
            t = time.perf_counter()
            results = sender.send_batch(notes)
            rate(
                "3. outbound: N*4 notifications, 1 SMTP connection",
                len(notes),
                time.perf_counter() - t,
            )
            assert all(r.ok for r in results) and sender.connections == 1

        # The same batch into a relay that writes Maildirs: our client's share of step 3.
        with RelaySMTP(maildir_root=work / "sink") as sink_relay:
            sender = SmtpSender(sink_relay.host, sink_relay.port, "none")
            t = time.perf_counter()
            results = sender.send_batch(notes)
            rate(
                "3b. the same N*4, relay -> Maildir (no Dovecot)",
                len(notes),
                time.perf_counter() - t,
            )
            assert all(r.ok for r in results)

        corpus = [p.read_bytes() for p in sorted(CORPUS.glob("*.eml"))]
        rounds = max(1, n // len(corpus))
        t = time.perf_counter()
        for _ in range(rounds):
            for raw in corpus:
                parse_message(raw).command_lines()
        rate(
            "4. parse_message + command_lines (reply corpus)",
            rounds * len(corpus),
            time.perf_counter() - t,
        )
    finally:
        if dovecot is not None:
            dovecot.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
