"""Count the fsyncs of one move through the whole loop, by the code that asks for them.

Run: ``PYTHONPATH=$PWD .venv/bin/python benchmarks/count_fsyncs.py [--players 4]``

A Forbidden City game (plain mail) is created and its start mails are sent; then the player to move
replies with a legal move, the reply is put into a Maildir inbox, and one :func:`pbem.runner.tick`
runs (read the mail, commit, queue the answers, send them into a Maildir sink) with ``os.fsync`` and
``os.fdatasync`` counted. Each fsync is attributed to the innermost pbem function that asked for it
and the one that called it. The Maildir source and sink stand for IMAP and SMTP (whose servers do
their own fsyncs, not counted here).
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import tempfile
import traceback
from datetime import UTC, datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import make_msgid
from pathlib import Path
from typing import Any

from pbem.mail.inbound import MaildirSource
from pbem.mail.outbound import MaildirSink, deliver_to_maildir
from pbem.mail.outbox import Outbox
from pbem.runner import tick
from pbem.service import Policy, Service
from pbem.store import Keyring, Store

SERVICE = "service@pbem.test"


def _now() -> datetime:
    return datetime.now(UTC)


def _site() -> str:
    frames = [
        f
        for f in traceback.extract_stack()[:-2]
        if "/pbem/" in f.filename and "count_fsyncs" not in f.filename
    ]
    names = [f"{Path(f.filename).stem}.{f.name}" for f in frames[-3:]]
    return " <- ".join(reversed(names)) or "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="pbem-fsyncs-"))
    keyring = Keyring.create(root / "keys", data_dir=root / "games")
    store = Store(root / "games", keyring)
    service = Service(store, Outbox(root / "games", keyring), Policy(SERVICE, SERVICE), _now)
    inbox, sink = MaildirSource(root / "inbox"), MaildirSink(root / "sent")
    players = [(f"P{i}", f"p{i}@pbem.test") for i in range(args.players)]
    gid = store.create("forbidden-city", players, {"privacy": "plain"}, 7, _now())
    tick(service, inbox, sink, clock=_now)  # the start mails
    rec = store.load(gid)
    seat = rec.pending()[0].seat
    addr = rec.envelope.active_player(seat).email
    mails = [
        BytesParser(policy=policy.default).parsebytes(p.read_bytes())
        for p in sorted((root / "sent").glob(f"{addr}/new/*"))
    ]
    assert mails, addr
    turn = mails[-1]
    reply = EmailMessage()
    reply["From"] = addr
    reply["To"] = SERVICE
    reply["Subject"] = "Re: " + str(turn["Subject"])
    reply["Message-ID"] = make_msgid(domain="client.test")
    reply["In-Reply-To"] = str(turn["Message-ID"])
    reply["References"] = str(turn["Message-ID"])
    reply.set_content(rec.legal_notations(seat)[0] + "\n")
    deliver_to_maildir(root, "inbox", reply.as_bytes())
    counts: collections.Counter[str] = collections.Counter()
    real_fsync, real_fdatasync = os.fsync, os.fdatasync

    def fsync(fd: Any) -> None:
        counts[_site()] += 1
        real_fsync(fd)

    def fdatasync(fd: Any) -> None:
        counts[_site() + " (fdatasync)"] += 1
        real_fdatasync(fd)

    os.fsync, os.fdatasync = fsync, fdatasync  # type: ignore[assignment]
    try:
        report = tick(service, MaildirSource(root / "inbox"), sink, clock=_now)
    finally:
        os.fsync, os.fdatasync = real_fsync, real_fdatasync  # type: ignore[assignment]
    print(f"one move, {args.players} players: {report.line()}")
    if report.applied != 1:
        sys.exit("the move was not applied; nothing to count")
    for site, n in counts.most_common():
        print(f"{n:4d}  {site}")
    print(f"{sum(counts.values()):4d}  fsyncs in all")


if __name__ == "__main__":
    main()
