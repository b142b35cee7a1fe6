"""``pbem sandbox``: local servers, a config that the service runs on, a muttrc per player, a
clean stop on Ctrl-C."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pbem.config import load_config
from pbem.mail.localservers import dovecot_available
from pbem.runner import build_sender, build_service, build_source, tick
from pbem.sandbox import sandbox

needs_dovecot = pytest.mark.skipif(dovecot_available() is None, reason="Dovecot is not installed")


@needs_dovecot
@pytest.mark.mailserver
def test_the_sandbox_config_runs_a_game_over_starttls(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from pbem.mail.inbound import ImapSource

    def clock() -> datetime:
        return datetime.now(UTC)

    with sandbox(tmp_path / "sb", players=2) as sb:
        cfg = load_config(sb.config)
        assert cfg.imap.security == "starttls" and cfg.imap.ca_file
        service = build_service(cfg, clock)
        gid = service.store.create("forbidden-city", sb.players, {"privacy": "plain"}, 5, clock())
        service.mark_dirty(gid)
        report = tick(service, build_source(cfg), build_sender(cfg), clock=clock)
        assert report.healthy and report.sent == 2, report.line()
        # A player reads it with the muttrc's account.
        rc = sb.muttrcs["Ann"].read_text()
        assert oct(sb.muttrcs["Ann"].stat().st_mode & 0o777) == "0o600"
        user = rc.split('imap_user="')[1].split('"')[0]
        password = rc.split('imap_pass="')[1].split('"')[0]
        assert sb.dovecot is not None
        src = ImapSource(
            "127.0.0.1",
            sb.dovecot.imap_port,
            "none",
            user,
            password,
            cursor_path=tmp_path / "c.json",
        )
        got = []
        for _ in range(50):
            got = src.fetch_new()
            if got:
                break
            time.sleep(0.1)
        assert got and gid.encode() in got[0].raw
        assert f"smtp://127.0.0.1:{sb.relay.port}/" in rc  # type: ignore[union-attr]
    assert "export PBEM_CONFIG" in sb.instructions()


def test_ctrl_c_stops_the_sandbox_cleanly(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parents[2]))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "pbem",
            "sandbox",
            str(tmp_path / "sb"),
            "--interval",
            "0.5",
            "--players",
            "3",
            *([] if dovecot_available() else ["--maildir"]),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    lines = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        if line.strip() == "ready":
            break
    assert lines and lines[-1].strip() == "ready", "".join(lines)
    time.sleep(1.0)  # a tick or two
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0, "".join(lines) + out
    assert "sandbox stopped" in out
    text = "".join(lines)
    assert "mutt -F" in text and "pbem admin new" in text
    assert (tmp_path / "sb" / "pbem.toml").exists()
    # One muttrc per player and one for the GM, each noticing new mail (issue 31).
    rcs = sorted((tmp_path / "sb" / "mutt").glob("*.muttrc"))
    assert len(rcs) == 4 and (tmp_path / "sb" / "mutt" / "gm.muttrc") in rcs
    assert all("set mail_check=" in rc.read_text() for rc in rcs)
    assert "gm.muttrc" in text
    # The pbem it prints is the one installed beside this Python (.venv/bin/pbem), when there.
    beside = Path(sys.executable).with_name("pbem")
    if beside.exists():
        assert f"{beside} admin new" in text, text
    # The loop writes the log_file its pbem.toml names, readable by its user only.
    log = tmp_path / "sb" / "run.log"
    assert log.exists() and oct(log.stat().st_mode & 0o777) == "0o600"
