"""Issue 32, item 7: small points, each with its test."""

from __future__ import annotations

import errno
from datetime import timedelta
from pathlib import Path

from helpers import GM, drain, make_env

from pbem.runner import TickReport, _machine_fault


def test_the_gms_fault_alert_goes_once_a_day_not_every_tick(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    err = OSError(errno.ENOSPC, "No space left on device")
    sent = []
    for _tick in range(5):
        _machine_fault(env.service, TickReport(), err, "handling a message")
        sent += [m for m in drain(env) if GM in str(m["To"])]
        env.clock.now += timedelta(minutes=10)
    assert len(sent) == 1
    env.clock.now += timedelta(days=1)
    _machine_fault(env.service, TickReport(), err, "handling a message")
    assert len([m for m in drain(env) if GM in str(m["To"])]) == 1
    # Any other alert, by its key, the same way.
    for _ in range(3):
        env.service.alert_gm("game x is stopped", ["why"], key="integrity-x")
    assert len(drain(env)) == 1
