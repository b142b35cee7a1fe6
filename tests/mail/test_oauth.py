"""OAuth2 for IMAP and SMTP (issue 28) against a private Dovecot whose oauth2 passdb asks a local
introspection endpoint, and the SMTP relay checking tokens the same way."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from email import message_from_bytes
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

import pytest

from pbem.config import load_config
from pbem.mail.localoauth import OAuthServer
from pbem.mail.localservers import DovecotServer, RelaySMTP, dovecot_available
from pbem.mail.oauth import OAuthCredentials, OAuthRevoked, TokenSource, sasl_initial
from pbem.mail.outbound import SmtpSender
from pbem.runner import build_sender, build_service, build_source, tick
from pbem.store import Keyring

pytestmark = pytest.mark.mailserver


class Servers:
    def __init__(self, oauth: OAuthServer, dovecot: DovecotServer, relay: RelaySMTP) -> None:
        self.oauth, self.dovecot, self.relay = oauth, dovecot, relay


@pytest.fixture(scope="module")
def servers() -> Iterator[Servers]:
    if dovecot_available() is None:
        pytest.skip("Dovecot is not installed (tests/mailservers.py says how)")
    with OAuthServer() as oauth:
        dc = DovecotServer(
            None, {"pw-user@pbem.test": "pw"}, oauth2_introspection_url=oauth.introspection_url
        )
        dc.start()
        try:
            with RelaySMTP(lmtp=dc.lmtp_address, oauth_check=oauth.check) as relay:
                yield Servers(oauth, dc, relay)
        finally:
            dc.stop()


def _user(s: Servers, user: str) -> str:
    """A mailbox (Dovecot needs the user to exist; its password is never used) and a refresh
    token for it."""
    s.dovecot.add_user(user, "never-used-" + user.split("@")[0])
    return s.oauth.add_user(user)


def _source(
    s: Servers, user: str, tokens: TokenSource, tmp: Path, mechanism: Any = "xoauth2"
) -> Any:
    from pbem.mail.inbound import ImapSource

    return ImapSource(
        s.dovecot.host,
        s.dovecot.imap_port,
        "none",
        user,
        "",
        cursor_path=tmp / f"{user}.cursor.json",
        oauth=tokens,
        mechanism=mechanism,
    )


def _note(to: str, n: int) -> EmailMessage:
    m = EmailMessage()
    m["From"] = "service@pbem.test"
    m["To"] = to
    m["Subject"] = f"note {n}"
    m["Message-ID"] = make_msgid(domain="pbem.test")
    m.set_content(f"note {n}\n")
    return m


def test_sasl_initial_responses() -> None:
    import base64

    x = base64.b64decode(sasl_initial("xoauth2", "a@b", "T")).decode()
    assert x == "user=a@b\x01auth=Bearer T\x01\x01"
    o = base64.b64decode(sasl_initial("oauthbearer", "a@b", "T")).decode()
    assert o == "n,a=a@b,\x01auth=Bearer T\x01\x01"


@pytest.mark.parametrize("mechanism", ["xoauth2", "oauthbearer"])
def test_imap_and_smtp_log_in_with_a_token(
    servers: Servers, tmp_path: Path, mechanism: str
) -> None:
    user = f"tok-{mechanism}@pbem.test"
    refresh = _user(servers, user)
    tokens = TokenSource(
        OAuthCredentials(
            token_endpoint=servers.oauth.token_endpoint, client_id="pbem", refresh_token=refresh
        )
    )
    sender = SmtpSender(
        servers.relay.host,
        servers.relay.port,
        "none",
        user,
        None,
        oauth=tokens,
        mechanism=mechanism,  # type: ignore[arg-type]
    )
    assert [r.status for r in sender.send_batch([_note(user, 1)])] == ["sent"]
    asked = servers.oauth.introspections
    with _source(servers, user, tokens, tmp_path, mechanism) as inbox:
        got = inbox.fetch_new()
    assert servers.oauth.introspections > asked  # Dovecot's oauth2 passdb checked the token
    assert [b"note 1" in m.raw for m in got] == [True]
    assert tokens.refreshes == 1  # one access token served both
    # A wrong token is refused by both servers (refreshed once, refused again: revoked).
    servers.oauth.revoke(refresh)
    tokens.invalidate()
    with pytest.raises(OAuthRevoked):
        tokens.token()


def test_a_token_is_refreshed_before_it_expires(servers: Servers) -> None:
    now = [1000.0]
    refresh = _user(servers, "early@pbem.test")
    tokens = TokenSource(
        OAuthCredentials(
            token_endpoint=servers.oauth.token_endpoint, client_id="pbem", refresh_token=refresh
        ),
        clock=lambda: now[0],
    )
    first = tokens.token()
    now[0] += 3600 - 400  # more than the margin left: the same token
    assert tokens.token() == first and tokens.refreshes == 1
    now[0] += 200  # within the margin of its end: a new one, before the server refuses it
    assert tokens.token() != first and tokens.refreshes == 2


def test_tokens_are_never_in_a_repr_or_the_log(
    servers: Servers, caplog: pytest.LogCaptureFixture
) -> None:
    import logging

    caplog.set_level(logging.DEBUG)
    refresh = _user(servers, "quiet@pbem.test")
    tokens = TokenSource(
        OAuthCredentials(
            token_endpoint=servers.oauth.token_endpoint, client_id="pbem", refresh_token=refresh
        )
    )
    access = tokens.token()
    assert access not in repr(tokens) and refresh not in repr(tokens)
    assert access not in caplog.text and refresh not in caplog.text


def _site(s: Servers, tmp: Path, service: str, refresh: str, **smtp: Any) -> Path:
    data, keys = tmp / "games", tmp / "keys"
    Keyring.create(keys, data_dir=data)
    creds = tmp / "oauth2.json"
    creds.write_text(
        json.dumps(
            {
                "token_endpoint": s.oauth.token_endpoint,
                "client_id": "pbem",
                "refresh_token": refresh,
            }
        )
    )
    os.chmod(creds, 0o600)
    smtp_lines = "".join(f"{k} = {json.dumps(v)}\n" for k, v in smtp.items())
    cfg = tmp / "pbem.toml"
    cfg.write_text(
        f'data_dir = "{data}"\nkeys_dir = "{keys}"\nservice_address = "{service}"\n'
        f'gm_address = "gm-{service}"\n'
        f'[imap]\nhost = "127.0.0.1"\nport = {s.dovecot.imap_port}\nsecurity = "none"\n'
        f'user = "{service}"\nauth = "xoauth2"\n'
        f'[smtp]\nhost = "127.0.0.1"\nsecurity = "none"\n{smtp_lines}'
        f'[oauth2]\nfile = "{creds}"\n'
    )
    return cfg


def _reply_to(s: Servers, service: str, mail: bytes, sender: str, text: str) -> None:
    orig = message_from_bytes(mail)
    m = EmailMessage()
    m["From"] = sender
    m["To"] = service
    m["Subject"] = "Re: " + str(orig["Subject"])
    m["Message-ID"] = make_msgid(domain="player.test")
    m["In-Reply-To"] = str(orig["Message-ID"])
    m["References"] = str(orig["Message-ID"])
    m.set_content(text + "\n")
    s.dovecot.deliver(service, m.as_bytes())


@dataclass
class Run:
    """A service on OAuth2 wired as ``pbem daemon`` wires it, with a new two-player game."""

    svc: Any
    source: Any
    sender: Any
    gid: str
    start: int
    """How many deliveries the relay had before the game."""
    clock: Any


def _oauth_run(s: Servers, tmp: Path, tag: str) -> Run:
    service = f"svc-{tag}@pbem.test"
    refresh = _user(s, service)
    players = [("Ann", f"ann-{tag}@pbem.test"), ("Bob", f"bob-{tag}@pbem.test")]
    for who in [a for _n, a in players] + [f"gm-{service}"]:
        s.dovecot.add_user(who, "unused")
    cfg = load_config(
        _site(s, tmp, service, refresh, port=s.relay.port, user=service, auth="xoauth2")
    )
    clock = lambda: datetime.now(UTC)  # noqa: E731
    svc = build_service(cfg, clock)
    source = build_source(cfg)
    sender = build_sender(cfg, keep_open=30.0)
    start = len(s.relay.deliveries)
    gid = svc.store.create("forbidden-city", players, {"privacy": "plain"}, 5, clock())
    return Run(svc, source, sender, gid, start, clock)


def test_an_expired_token_is_refreshed_mid_run_with_no_mail_lost_or_doubled(
    servers: Servers, tmp_path: Path
) -> None:
    """The daemon's objects (one ImapSource, one SmtpSender keeping its connection) tick on while
    the provider expires every access token between ticks: the next login is refused, the token
    refreshed, and every mail is read once and sent once."""
    s = servers
    service = "svc-expire@pbem.test"
    r = _oauth_run(s, tmp_path, "expire")
    svc, source, sender, gid, start, clock = r.svc, r.source, r.sender, r.gid, r.start, r.clock
    report = tick(svc, source, sender, clock=clock)
    assert report.sent == 2 and report.healthy, report
    first_refreshes = s.oauth.refreshes
    # The hour passes at the provider; the kept connections go (as they do) and log in again.
    s.oauth.expire()
    source._drop()
    sender.close()
    rec = svc.store.load(gid)
    mover = rec.pending()[0].seat
    addr = rec.envelope.active_player(mover).email
    turn = next(d.data for d in s.relay.deliveries[start:] if addr in d.recipients)
    _reply_to(s, service, turn, addr, rec.legal_notations(mover)[0])
    report = tick(svc, source, sender, clock=clock)
    assert report.applied == 1 and report.healthy, report
    assert s.oauth.refreshes == first_refreshes + 1  # refused once, refreshed once, for both
    assert svc.store.load(gid).envelope.moves == 1
    # Nothing lost, nothing doubled: every queued mail went out exactly once.
    ids = [message_from_bytes(d.data)["Message-ID"] for d in s.relay.deliveries[start:]]
    assert len(ids) == len(set(ids)) == report.sent + 2
    assert svc.outbox.pending() == []
    # And the reply is not read again.
    report = tick(svc, source, sender, clock=clock)
    assert report.fetched == 0 and report.applied == 0
    source.close()
    sender.close()


def test_a_revoked_refresh_token_tells_the_gm_once_and_exits_2(
    servers: Servers, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pbem.cli.tick import run_once

    s = servers
    service = "svc-revoked@pbem.test"
    refresh = _user(s, service)
    s.dovecot.add_user(f"gm-{service}", "unused")
    # SMTP through a relay that needs no login here, so that the GM's mail can go out.
    with RelaySMTP(lmtp=s.dovecot.lmtp_address) as open_relay:
        cfg_path = _site(s, tmp_path, service, refresh, port=open_relay.port)
        s.oauth.revoke(refresh)
        assert run_once(cfg_path, None, False) == 2
        err = capsys.readouterr().err
        assert "refused the refresh token" in err and "pbem auth" in err
        assert run_once(cfg_path, None, False) == 2  # a second tick: no second mail
        to_gm = [d for d in open_relay.deliveries if f"gm-{service}" in d.recipients]
        assert len(to_gm) == 1
        body = to_gm[0].data.decode()
        assert "OAuth2" in body and "pbem auth" in body
        assert refresh not in body


def test_pbem_auth_walks_the_device_code_consent_and_stores_the_token(
    servers: Servers, tmp_path: Path
) -> None:
    from typer.testing import CliRunner

    from pbem.cli import app

    user = "consent@pbem.test"
    servers.dovecot.add_user(user, "never-used")
    with OAuthServer(device_interval=0, approve_as=user) as provider:
        target = tmp_path / "oauth2.json"
        out = CliRunner().invoke(
            app,
            [
                "auth",
                "generic",
                "--client-id",
                "pbem-test",
                "--device-endpoint",
                provider.device_endpoint,
                "--token-endpoint",
                provider.token_endpoint,
                "--scope",
                "mail",
                "--file",
                str(target),
            ],
        )
        assert out.exit_code == 0, out.output
        assert "enter the code" in out.output and str(target) in out.output
        assert target.stat().st_mode & 0o777 == 0o600
        stored = json.loads(target.read_text())
        assert stored["client_id"] == "pbem-test" and stored["refresh_token"].startswith("r-")
        assert stored["refresh_token"] not in out.output
        # The stored refresh token works: an access token from it.
        from pbem.mail.oauth import load_credentials

        tokens = TokenSource(load_credentials(target))
        assert provider.check(tokens.token()) == user
    bad = CliRunner().invoke(app, ["auth", "aol", "--client-id", "x"])
    assert bad.exit_code == 2 and "unknown provider" in bad.output


def test_doctor_logs_in_with_oauth2_and_names_a_revoked_token(
    servers: Servers, tmp_path: Path
) -> None:
    from pbem.doctor import Doctor, FixedResolver

    s = servers
    service = "svc-doctor@pbem.test"
    refresh = _user(s, service)
    cfg = load_config(
        _site(s, tmp_path, service, refresh, port=s.relay.port, user=service, auth="xoauth2")
    )
    dns = FixedResolver(
        {"pbem.test": ["v=spf1 ip4:127.0.0.1 -all"], "_dmarc.pbem.test": ["v=DMARC1; p=none"]}
    )
    doctor = Doctor(cfg, resolver=dns, wait=30.0, schedule_probe=lambda: "cron")
    checks = {c.name: c for c in doctor.run()}
    assert checks["imap"].status == "ok" and checks["smtp"].status == "ok", checks
    assert checks["mail"].status == "ok", checks
    assert not doctor.failed, checks
    s.oauth.revoke(refresh)
    cfg = load_config(cfg.path)
    doctor = Doctor(cfg, resolver=dns, wait=5.0, schedule_probe=lambda: "cron")
    checks = {c.name: c for c in doctor.run()}
    assert checks["imap"].status == "FAIL"
    assert "refused the refresh token" in checks["imap"].text


def test_the_daemon_refreshes_an_expired_token_mid_run(servers: Servers, tmp_path: Path) -> None:
    """``run_daemon`` itself: after its first tick the provider expires every access token and
    the connections drop (as a server's restart would do); a reply arrives. The daemon logs in
    again (refused, refreshed), applies the reply once and sends every mail once."""
    import time

    from pbem.runner import run_daemon

    s = servers
    service = "svc-daemon@pbem.test"
    r = _oauth_run(s, tmp_path, "daemon")
    svc, source, sender, gid, start, clock = r.svc, r.source, r.sender, r.gid, r.start, r.clock
    fetches = [0]
    real_fetch = source.fetch_new

    def counting_fetch(*a: Any) -> Any:
        fetches[0] += 1
        return real_fetch(*a)

    source.fetch_new = counting_fetch  # type: ignore[method-assign]
    state = {"expired": False, "refreshes": 0}
    give_up = time.monotonic() + 120.0

    def should_stop() -> bool:
        # Called by the daemon's own thread between and during its waits.
        if time.monotonic() > give_up:
            return True
        ours = s.relay.deliveries[start:]
        if not state["expired"] and fetches[0] >= 1 and len(ours) >= 2:
            state["refreshes"] = s.oauth.refreshes
            s.oauth.expire()
            source._drop()
            sender.close()
            rec = svc.store.load(gid)
            mover = rec.pending()[0].seat
            addr = rec.envelope.active_player(mover).email
            turn = next(d.data for d in ours if addr in d.recipients)
            _reply_to(s, service, turn, addr, rec.legal_notations(mover)[0])
            state["expired"] = True
            return False
        return bool(
            state["expired"]
            and svc.store.load(gid, verify=False).envelope.moves == 1
            and not svc.outbox.pending()
        )

    run_daemon(svc, source, sender, clock=clock, should_stop=should_stop, interval=1.0)
    assert state["expired"]
    assert svc.store.load(gid).envelope.moves == 1
    assert svc.outbox.pending() == []
    assert s.oauth.refreshes == state["refreshes"] + 1
    ids = [message_from_bytes(d.data)["Message-ID"] for d in s.relay.deliveries[start:]]
    assert len(ids) == len(set(ids)) > 2  # the start mails and the move's, each once
    source.close()
    sender.close()
