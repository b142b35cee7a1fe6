"""``pbem daemon`` against the real servers: it answers replies as they arrive (IMAP IDLE on
Dovecot) and stops promptly on SIGTERM, even while it waits in IDLE.

The bounds are generous (this is a check of behaviour, not a benchmark; the machine is shared):
the measured figures are printed (``pytest -s``) and the benchmark figures are in
docs/PERFORMANCE.md.
"""

from __future__ import annotations

import signal
import statistics
import time
from pathlib import Path
from typing import Any

import pytest
from botgame import bot_game, service_config, service_env, start_daemon

pytestmark = pytest.mark.mailserver


class _TimedList(list):  # type: ignore[type-arg]
    """The relay's list of deliveries, with the time each one was handed to Dovecot."""

    def __init__(self) -> None:
        super().__init__()
        self.times: list[float] = []

    def append(self, item: Any) -> None:
        self.times.append(time.monotonic())
        super().append(item)


def test_daemon_answers_replies_and_stops_on_sigterm(
    tmp_path: Path, dovecot: Any, smtp_relay: Any, mail_account: Any
) -> None:
    service, gm = mail_account("service"), mail_account("gm")
    players = [mail_account("daemon") for _ in range(2)]
    cfg = service_config(tmp_path, service, gm, smtp_relay.port)
    bots = bot_game(tmp_path, players, smtp_relay.port, 5).bots
    timed = _TimedList()
    smtp_relay.deliveries = timed
    log = (tmp_path / "daemon.log").open("wb")
    proc = start_daemon(cfg, service_env(service), log)
    try:
        latencies: list[float] = []
        sent_at: float | None = None
        moves = 0
        deadline = time.monotonic() + 90
        while moves < 6 and time.monotonic() < deadline:
            for b in bots:
                before = len(b.mails)
                sent = b.read_and_answer()
                got = b.mails[before:]
                if sent_at is not None and any("What to write back" in m.text for m in got):
                    latencies.append(time.monotonic() - sent_at)
                    sent_at = None
                if sent:
                    sent_at = time.monotonic()
                    moves += 1
            time.sleep(0.02)
        assert moves >= 6, (tmp_path / "daemon.log").read_text()[-2000:]
        assert latencies, "no answer to a reply was seen"
        p50 = statistics.median(latencies)
        print(
            f"\nreply -> next player's turn mail (relay, Dovecot, IDLE, tick, relay): "
            f"p50 {p50 * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms, n={len(latencies)}"
        )
        assert p50 < 5.0
        # The daemon's own share: from the relay handing a reply to Dovecot (for the service) to
        # the relay receiving the daemon's first answer to it.
        own: list[float] = []
        for i, d in enumerate(timed):
            if service.address in d.recipients:
                later = [
                    t
                    for t, e in zip(timed.times[i + 1 :], timed[i + 1 :], strict=True)
                    if service.address not in e.recipients
                ]
                if later:
                    own.append(later[0] - timed.times[i])
        if own:
            print(
                f"reply delivered to the service -> first answer at the relay: "
                f"p50 {statistics.median(own) * 1000:.0f} ms, max {max(own) * 1000:.0f} ms, "
                f"n={len(own)}"
            )
        time.sleep(1.5)  # the daemon is now waiting in IDLE
        assert proc.poll() is None, (tmp_path / "daemon.log").read_text()[-2000:]
        t = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=30)
        stopped = time.monotonic() - t
        print(f"SIGTERM -> exit: {stopped * 1000:.0f} ms")
        assert code == 0, (tmp_path / "daemon.log").read_text()[-2000:]
        assert stopped < 3.0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        log.close()
        for b in bots:
            b.source.close()
