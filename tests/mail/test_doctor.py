"""``pbem doctor`` (issue 28) against the local Dovecot and SMTP relay: a good site passes, and each
broken set-up is named by its own one-line cause."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from mailservers import AUTHSERV_ID, MailAccount

from pbem.config import load_config
from pbem.doctor import Check, Doctor, FixedResolver, run_doctor
from pbem.mail.localservers import DovecotServer, RelaySMTP, free_port
from pbem.store import Keyring
from pbem.store.keys import KEYRING_FILE

GOOD_DNS = {
    "pbem.test": ["v=spf1 ip4:127.0.0.1 -all"],
    "_dmarc.pbem.test": ["v=DMARC1; p=reject; rua=mailto:dmarc@pbem.test"],
}


class UnalignedRelay(RelaySMTP):
    """A relay whose DMARC pass is for another domain than the From's."""

    def _stamp(self, mail_from: str, data: bytes) -> bytes:
        return (
            f"Authentication-Results: {self.authserv_id}; dmarc=pass header.from=other.example;"
            f" spf=pass smtp.mailfrom=x@other.example\r\n"
        ).encode() + data


@pytest.fixture(scope="module")
def bare_relay(_dovecot_session: DovecotServer | None) -> Iterator[RelaySMTP | None]:
    """A relay that writes no Authentication-Results at all."""
    if _dovecot_session is None:
        yield None
        return
    with RelaySMTP(lmtp=_dovecot_session.lmtp_address) as relay:
        yield relay


@pytest.fixture(scope="module")
def unaligned_relay(_dovecot_session: DovecotServer | None) -> Iterator[RelaySMTP | None]:
    if _dovecot_session is None:
        yield None
        return
    with UnalignedRelay(lmtp=_dovecot_session.lmtp_address, authserv_id=AUTHSERV_ID) as relay:
        yield relay


Site = Callable[..., list[Check]]


@pytest.fixture
def site(
    tmp_path: Path,
    dovecot: DovecotServer,
    smtp_relay: RelaySMTP,
    mail_account: Callable[[str], MailAccount],
) -> Site:
    """Builds a site (pbem.toml, keys, password file) on the local servers, with changes, and runs
    the doctor on it; returns the checks."""

    def run(
        *,
        relay: RelaySMTP | None = None,
        imap: dict[str, Any] | None = None,
        smtp: dict[str, Any] | None = None,
        top: dict[str, str] | None = None,
        dns: dict[str, list[str]] | None = None,
        clock: Callable[[], datetime] | None = None,
        schedule: str | None = "a test crontab line runs pbem run",
        password: str | None = None,
        mode: int = 0o600,
        damage_keys: bool = False,
        wait: float = 30.0,
        lines: list[str] | None = None,
    ) -> list[Check]:
        account = mail_account("service")
        r = relay or smtp_relay
        root = tmp_path / f"site-{account.address.split('@')[0]}"
        root.mkdir()
        data, keys = root / "games", root / "keys"
        Keyring.create(keys, data_dir=data)
        data.mkdir(mode=0o700, exist_ok=True)
        os.chmod(data, 0o700)
        if damage_keys:
            (keys / KEYRING_FILE).write_text("{not json")
        pw = root / "mail.password"
        pw.write_text((password or account.password) + "\n")
        os.chmod(pw, mode)
        values: dict[str, dict[str, Any]] = {
            "": {
                "data_dir": str(data),
                "keys_dir": str(keys),
                "service_address": account.address,
                "gm_address": "gm@pbem.test",
                "authserv_id": AUTHSERV_ID,
                **(top or {}),
            },
            "imap": {
                "host": account.host,
                "port": account.imap_port,
                "security": "none",
                "user": account.address,
                "password_env": "",
                "password_file": str(pw),
                **(imap or {}),
            },
            "smtp": {
                "host": r.host,
                "port": r.port,
                "security": "none",
                "password_env": "",
                **(smtp or {}),
            },
        }
        text = []
        for section, kv in values.items():
            if section:
                text.append(f"[{section}]")
            for k, v in kv.items():
                text.append(
                    f"{k} = {v!r}".replace("'", '"') if isinstance(v, str) else f"{k} = {v}"
                )
        cfg_file = root / "pbem.toml"
        cfg_file.write_text("\n".join(text) + "\n")
        cfg = load_config(cfg_file)
        doctor = Doctor(
            cfg,
            resolver=FixedResolver(GOOD_DNS if dns is None else dns),
            clock=clock,
            wait=wait,
            schedule_probe=lambda: schedule,
        )
        out: list[str] = []
        code = run_doctor(doctor, out.append)
        checks = list(doctor_checks(out))
        assert (code == 0) == all(c.status != "FAIL" for c in checks)
        if lines is not None:
            lines.extend(out)
        return checks

    return run


def doctor_checks(lines: list[str]) -> Iterator[Check]:
    for line in lines:
        status, _sp, rest = line.partition(" ")
        name, _c, text = rest.strip().partition(": ")
        yield Check(name, status, text)  # type: ignore[arg-type]


def failures(checks: list[Check]) -> list[Check]:
    return [c for c in checks if c.status == "FAIL"]


@pytest.mark.mailserver
def test_a_good_site_passes(site: Site) -> None:
    lines: list[str] = []
    checks = site(lines=lines)
    print("\n".join(lines))
    assert failures(checks) == []
    names = [c.name for c in checks]
    for n in ("config", "files", "keys", "imap", "smtp", "mail", "clock", "auth-results", "spf"):
        assert n in names
    assert {"dkim", "dmarc", "schedule"} <= set(names)
    auth = next(c for c in checks if c.name == "auth-results")
    assert auth.status == "ok" and "aligned" in auth.text
    # Every line is one line, and no password is printed.
    assert all("\n" not in ln and "pw-" not in ln for ln in lines)


BROKEN: list[tuple[str, dict[str, Any], str, str]] = [
    ("wrong password", {"password": "not-the-password"}, "imap", "wrong user or password"),
    ("wrong host", {"imap": {"port": "FREE"}}, "imap", "cannot connect to"),
    ("TLS refused", {"smtp": {"security": "starttls"}}, "smtp", "TLS refused"),
    ("no Authentication-Results", {"relay": "bare"}, "auth-results", "no Authentication-Results"),
    ("unaligned DMARC", {"relay": "unaligned"}, "auth-results", "not aligned"),
    (
        "service address not delivered",
        {"top": {"service_address": "OTHER"}, "wait": 3.0},
        "mail",
        "did not arrive",
    ),
    ("keys unreadable", {"damage_keys": True}, "keys", "unreadable"),
    ("clock skew", {"clock": "SKEW"}, "clock", "ahead of the mail server's"),
    ("password file readable by others", {"mode": 0o644}, "files", "chmod 600"),
    ("no DMARC record", {"dns": {"pbem.test": GOOD_DNS["pbem.test"]}}, "dmarc", "no DMARC record"),
    ("nothing runs the loop", {"schedule": None}, "schedule", "nothing runs the mail loop"),
]


@pytest.mark.mailserver
@pytest.mark.parametrize(("what", "change", "check", "cause"), BROKEN, ids=[b[0] for b in BROKEN])
def test_each_broken_site_is_named_by_its_cause(
    site: Site,
    bare_relay: RelaySMTP,
    unaligned_relay: RelaySMTP,
    mail_account: Callable[[str], MailAccount],
    what: str,
    change: dict[str, Any],
    check: str,
    cause: str,
) -> None:
    kw = dict(change)
    if kw.get("relay") == "bare":
        kw["relay"] = bare_relay
    elif kw.get("relay") == "unaligned":
        kw["relay"] = unaligned_relay
    if kw.get("imap", {}).get("port") == "FREE":
        kw["imap"] = {"port": free_port()}
    if kw.get("top", {}).get("service_address") == "OTHER":
        kw["top"] = {"service_address": mail_account("elsewhere").address}
    if kw.get("clock") == "SKEW":
        kw["clock"] = lambda: datetime.now(UTC) + timedelta(hours=1)
    lines: list[str] = []
    checks = site(lines=lines, **kw)
    failed = failures(checks)
    assert [c.name for c in failed] == [check], (what, lines)
    assert cause in failed[0].text, (what, lines)


def test_the_command_exits_1_and_names_the_cause(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pbem.cli import app

    cfg = tmp_path / "pbem.toml"
    cfg.write_text(f'data_dir = "{tmp_path / "games"}"\nservice_address = "pbem@pbem.test"\n')
    out = CliRunner().invoke(app, ["doctor", "--config", str(cfg), "--no-mail"])
    assert out.exit_code == 1
    first = out.output.splitlines()[0]
    assert first.startswith("FAIL config: gm_address not set in ")
