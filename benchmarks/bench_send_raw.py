"""Sending the outbox's mails: stored bytes as they are (``RawMail``) against parse + re-serialise.

Run: ``PYTHONPATH=$PWD .venv/bin/python benchmarks/bench_send_raw.py [--mails 100] [--rounds 5]``

Real service mails (a 4-player Forbidden City game's start and turn mails, queued in an
:class:`~pbem.mail.outbox.Outbox`) are sent over one SMTP connection to the aiosmtpd relay of
``pbem.mail.localservers`` delivering into Maildirs (no Dovecot: the point is the client's cost).
Each round sends the same batch twice, interleaved: as the former loop did (``parse_raw`` of the
unsealed bytes, then ``SmtpSender`` with ``send_message``), and as it does now (``RawMail``: the
unsealed bytes through ``sendmail``). Wall time and this process's CPU time per mail, medians of
the rounds. The relay runs in this process too (its CPU is included in both columns alike).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from email import policy
from email.parser import BytesParser
from pathlib import Path

from pbem.mail.localservers import RelaySMTP
from pbem.mail.outbound import RawMail, SmtpSender
from pbem.mail.outbox import Outbox
from pbem.service import Policy, Service
from pbem.store import Keyring, Store

SERVICE = "service@pbem.test"


def _now() -> datetime:
    return datetime.now(UTC)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mails", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="pbem-bench-send-"))
    keyring = Keyring.create(root / "keys", data_dir=root / "games")
    store = Store(root / "games", keyring, fsync=False)
    outbox = Outbox(root / "games", keyring, fsync=False)
    service = Service(store, outbox, Policy(SERVICE, SERVICE), _now)
    players = [(f"P{i}", f"p{i}@pbem.test") for i in range(4)]
    while len(outbox.pending()) < args.mails:
        store.create("forbidden-city", players, {"privacy": "plain"}, None, _now())
        service.flush_journal()
    entries = outbox.pending()[: args.mails]
    raws = [(e, outbox.message(e)) for e in entries]
    size = statistics.mean(len(r) for _, r in raws)
    wall: dict[str, list[float]] = {"parse + send_message": [], "RawMail + sendmail": []}
    cpu: dict[str, list[float]] = {k: [] for k in wall}
    with RelaySMTP(maildir_root=root / "delivered") as relay:
        sender = SmtpSender(relay.host, relay.port, "none", envelope_from=SERVICE)
        for _ in range(args.rounds):
            for label in wall:
                t, c = time.perf_counter(), time.process_time()
                if label.startswith("parse"):
                    batch: list = [
                        BytesParser(policy=policy.default).parsebytes(r) for _, r in raws
                    ]
                else:
                    batch = [RawMail(e.message_id, (e.recipient,), r) for e, r in raws]
                results = sender.send_batch(batch)
                wall[label].append((time.perf_counter() - t) / len(raws))
                cpu[label].append((time.process_time() - c) / len(raws))
                assert all(r.ok for r in results), results[:3]
    print(
        f"pbem send benchmark (python {sys.version.split()[0]}): {len(raws)} mails of "
        f"{size / 1024:.1f} KB a mail, one connection, {args.rounds} rounds interleaved"
    )
    for label in wall:
        print(
            f"{label:<22} wall {statistics.median(wall[label]) * 1000:6.2f} ms a mail, "
            f"cpu {statistics.median(cpu[label]) * 1000:6.2f} ms a mail"
        )
    a, b = wall
    print(
        f"ratio now/before: wall {statistics.median(wall[b]) / statistics.median(wall[a]):.2f}, "
        f"cpu {statistics.median(cpu[b]) / statistics.median(cpu[a]):.2f}"
    )


if __name__ == "__main__":
    main()
