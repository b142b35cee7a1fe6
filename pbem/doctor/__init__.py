"""``pbem doctor``: checks a site end to end, one line per check, and says what to change.

The checks, in order (a later one is skipped when what it needs failed):

- ``config``: the file loads; service_address and gm_address are set; a mailbox is configured;
- ``files``: the data and keys directories are private (0700), the password files 0600;
- ``keys``: the service's keys open;
- ``imap``: login (TLS as configured), INBOX and the service's folders;
- ``smtp``: connection with the TLS configured, login;
- ``mail``: a test mail from the service address to itself, sent by SMTP and read back over IMAP:
  that it arrives; ``clock`` compares this machine's clock with the server's arrival time;
  ``auth-results``: the topmost Authentication-Results header carries ``authserv_id`` and an
  aligned ``dmarc=pass`` (what a player at the same provider needs) (:mod:`pbem.doctor.verdicts`);
- ``spf``, ``dkim``, ``dmarc``: the service domain's DNS records, through a :class:`Resolver`
  (dnspython; tests give fixed answers) (:mod:`pbem.doctor.dns`);
- ``schedule``: something runs the mail loop (a crontab line or a ``pbem daemon``).

A check is ``ok``, ``warn`` (a game works, but something is worth knowing) or ``FAIL``; the exit
status is 0 only when nothing failed. No secret is ever printed.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pbem.doctor import dns, verdicts
from pbem.doctor.check import Check, Status, _short
from pbem.doctor.dns import DnsResolver, FixedResolver, Resolver

if TYPE_CHECKING:
    import aiosmtplib
    from imapclient import IMAPClient

    from pbem.config import Config

__all__ = ["Check", "Doctor", "Resolver", "DnsResolver", "FixedResolver", "run_doctor"]


def _schedule_probe() -> str | None:
    """What runs the mail loop here: a running ``pbem daemon``, or a crontab line with ``pbem
    run`` (the user's crontab, /etc/crontab, /etc/cron.d); None when nothing does."""
    import subprocess

    for proc in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            args = proc.read_bytes().split(b"\0")
        except OSError:
            continue
        if b"daemon" in args and any(a.endswith(b"pbem") or a == b"pbem.cli" for a in args):
            return f"pbem daemon is running (pid {proc.parent.name})"
    try:
        out = subprocess.run(
            ["crontab", "-l"], capture_output=True, text=True, timeout=10, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError):
        out = ""
    texts = [("your crontab", out)]
    for f in [Path("/etc/crontab"), *sorted(Path("/etc/cron.d").glob("*"))]:
        try:
            texts.append((str(f), f.read_text()))
        except OSError:
            continue
    for where, text in texts:
        for line in text.splitlines():
            if not line.lstrip().startswith("#") and re.search(r"pbem\S*\s+(run|daemon)\b", line):
                return f"{where} runs it: {line.strip()[:80]}"
    return None


class Doctor:
    """The checks of one site; :meth:`run` yields them in order."""

    def __init__(
        self,
        cfg: Config,
        *,
        resolver: Resolver | None = None,
        clock: Callable[[], datetime] | None = None,
        wait: float = 60.0,
        schedule_probe: Callable[[], str | None] = _schedule_probe,
        send: bool = True,
    ) -> None:
        self.cfg = cfg
        self.resolver: Resolver = resolver or DnsResolver()
        self.clock = clock or (lambda: datetime.now(UTC))
        self.wait = wait
        self.schedule_probe = schedule_probe
        self.send = send
        self.failed: set[str] = set()
        self.test_mail: bytes | None = None

    # -- helpers -------------------------------------------------------------------------------

    def _c(self, name: str, status: Status, text: str) -> Check:
        return self._keep(Check(name, status, text))

    def _keep(self, check: Check) -> Check:
        """``check``, its name noted among the failed ones when it failed."""
        if check.status == "FAIL":
            self.failed.add(check.name)
        return check

    @property
    def domain(self) -> str:
        return self.cfg.service_address.rpartition("@")[2].lower()

    # -- the checks ----------------------------------------------------------------------------

    def run(self) -> Iterator[Check]:
        yield self.check_config()
        yield from self.check_files()
        yield self.check_keys()
        imap = self.check_imap() if self.cfg.imap.host else None
        if imap is not None:
            yield imap
        smtp = self.check_smtp() if self.cfg.smtp.host else None
        if smtp is not None:
            yield smtp
        if imap is not None and smtp is not None and self.send:
            if imap.status != "ok" or smtp.status != "ok" or "config" in self.failed:
                yield self._c("mail", "skip", "no test mail: IMAP or SMTP does not work yet")
            else:
                yield from self.check_round_trip()
        yield from map(self._keep, dns.checks(self.domain, self.resolver, self.test_mail))
        yield self.check_schedule()

    def check_config(self) -> Check:
        cfg = self.cfg
        missing = [n for n in ("service_address", "gm_address") if not getattr(cfg, n)]
        if missing:
            return self._c("config", "FAIL", f"{' and '.join(missing)} not set in {cfg.path}")
        if not (cfg.imap.host or cfg.maildir_inbound):
            return self._c("config", "FAIL", f"no mailbox: set [imap] host in {cfg.path}")
        if not (cfg.smtp.host or cfg.maildir_outbound):
            return self._c("config", "FAIL", f"no outgoing mail: set [smtp] host in {cfg.path}")
        return self._c("config", "ok", f"{cfg.path or 'defaults'} (service {cfg.service_address})")

    def check_files(self) -> Iterator[Check]:
        cfg = self.cfg
        problems: list[str] = []
        for what, d in (("data", cfg.data_dir), ("keys", cfg.keys_dir)):
            if d.exists() and stat.S_IMODE(d.stat().st_mode) & 0o077:
                problems.append(f"{what} directory {d} is open to others: chmod 700 {d}")
        for kind in ("imap", "smtp"):
            section = cfg.imap if kind == "imap" else cfg.smtp
            if not section.host or not section.user:
                continue
            if section.auth != "password":
                p = cfg._resolve(cfg.oauth2.file) if cfg.oauth2.file else None
                if p is not None and p.exists() and stat.S_IMODE(p.stat().st_mode) & 0o077:
                    mode = stat.S_IMODE(p.stat().st_mode)
                    problems.append(f"the OAuth2 file {p} has mode {mode:04o}: chmod 600 {p}")
                continue
            if section.password_env and os.environ.get(section.password_env):
                continue
            p = cfg._resolve(section.password_file) if section.password_file else None
            if p is None:
                problems.append(
                    f"no {kind} password: set ${section.password_env} or {kind}.password_file"
                )
            elif not p.exists():
                problems.append(f"the {kind} password file {p} does not exist")
            elif stat.S_IMODE(p.stat().st_mode) & 0o077:
                mode = stat.S_IMODE(p.stat().st_mode)
                problems.append(f"the {kind} password file {p} has mode {mode:04o}: chmod 600 {p}")
        if problems:
            for text in dict.fromkeys(problems):
                yield self._c("files", "FAIL", text)
        else:
            yield self._c("files", "ok", "data and keys directories private, password files 0600")

    def check_keys(self) -> Check:
        from pbem.errors import ConfigError
        from pbem.store import Keyring

        try:
            Keyring.load(self.cfg.keys_dir)
        except ConfigError as exc:
            return self._c("keys", "FAIL", f"unreadable: {exc}")
        except (OSError, ValueError) as exc:
            return self._c("keys", "FAIL", f"unreadable: {self.cfg.keys_dir}: {exc}")
        except Exception as exc:  # a damaged key file: whatever its parser says
            return self._c("keys", "FAIL", f"unreadable: {self.cfg.keys_dir}: {exc}")
        return self._c("keys", "ok", f"{self.cfg.keys_dir} opens")

    def _password(self, kind: Literal["imap", "smtp"]) -> str | None:
        from pbem.errors import ConfigError

        try:
            return self.cfg.password(kind)
        except ConfigError:
            return None

    def _imap_client(self) -> IMAPClient:
        from imapclient import IMAPClient

        c = self.cfg.imap
        client = IMAPClient(
            c.host,
            c.port,
            ssl=c.security == "tls",
            ssl_context=self.cfg.ssl_context("imap"),
            timeout=30,
        )
        if c.security == "starttls":
            client.starttls(self.cfg.ssl_context("imap"))
        return client

    def check_imap(self) -> Check:
        import ssl

        from imapclient.exceptions import IMAPClientError, LoginError

        from pbem.errors import ConfigError

        c = self.cfg.imap
        where = f"{c.host}:{c.port} ({c.security})"
        if c.auth == "password" and self._password("imap") is None:
            return self._c("imap", "skip", f"no usable password for {c.user} (see files)")
        try:
            client = self._imap_client()
        except ssl.SSLError as exc:
            return self._c("imap", "FAIL", f"TLS refused by {where}: {_short(exc)}")
        except (OSError, IMAPClientError) as exc:
            if "STARTTLS" in str(exc).upper():
                return self._c("imap", "FAIL", f"TLS refused: {where} offers no STARTTLS")
            return self._c("imap", "FAIL", f"cannot connect to {where}: {_short(exc)}")
        try:
            try:
                self._imap_login(client)
            except LoginError:
                what = "the OAuth2 token" if c.auth != "password" else "wrong user or password"
                return self._c("imap", "FAIL", f"login of {c.user} refused at {where}: {what}")
            except ConfigError as exc:
                return self._c("imap", "FAIL", f"OAuth2: {exc}")
            folders = {f[2] for f in client.list_folders()}
            f = c.folders
            missing = [n for n in (f.processed, f.rejected, f.shunt) if n not in folders]
            if f.inbox != "INBOX" and f.inbox not in folders:
                return self._c("imap", "FAIL", f"logged in, but there is no folder {f.inbox}")
            extra = f"; {', '.join(missing)} created on first use" if missing else ""
            return self._c("imap", "ok", f"{c.user} logged in at {where}{extra}")
        except (OSError, IMAPClientError) as exc:
            return self._c("imap", "FAIL", f"{where}: {_short(exc)}")
        finally:
            _quietly(client.logout)

    def _imap_login(self, client: IMAPClient) -> None:
        """The password, or an OAuth2 token (refreshed once when refused)."""
        from imapclient.exceptions import LoginError

        c = self.cfg.imap
        if c.auth == "password":
            client.login(c.user, self._password("imap") or "")
            return
        tokens = self.cfg.token_source()
        assert tokens is not None  # an OAuth2 login: the config makes one
        for attempt in (1, 2):
            try:
                if c.auth == "oauthbearer":
                    client.oauthbearer_login(c.user, tokens.token())
                else:
                    client.oauth2_login(c.user, tokens.token())
                return
            except LoginError:
                if attempt == 2:
                    raise
                tokens.invalidate()

    async def _smtp_login(self, smtp: aiosmtplib.SMTP) -> None:
        from pbem.mail.outbound import SmtpSender

        c = self.cfg.smtp
        if c.auth == "password":
            await smtp.login(c.user, self._password("smtp") or "")
            return
        oauth = SmtpSender(
            c.host,
            c.port,
            c.security,
            c.user,
            None,
            oauth=self.cfg.token_source(),
            mechanism="oauthbearer" if c.auth == "oauthbearer" else "xoauth2",
        )
        await oauth._oauth_login(smtp)

    def _smtp(self) -> aiosmtplib.SMTP:
        import aiosmtplib

        c = self.cfg.smtp
        return aiosmtplib.SMTP(
            hostname=c.host,
            port=c.port,
            use_tls=c.security == "tls",
            start_tls=c.security == "starttls",
            tls_context=self.cfg.ssl_context("smtp"),
            timeout=30,
        )

    def check_smtp(self) -> Check:
        import asyncio

        return asyncio.run(self._check_smtp())

    async def _check_smtp(self) -> Check:
        import ssl

        import aiosmtplib

        from pbem.errors import ConfigError

        c = self.cfg.smtp
        where = f"{c.host}:{c.port} ({c.security})"
        smtp = self._smtp()
        try:
            await smtp.connect()
        except aiosmtplib.SMTPException as exc:
            if "STARTTLS" in str(exc).upper() or "TLS" in str(exc).upper():
                return self._c("smtp", "FAIL", f"TLS refused: {where}: {_short(exc)}")
            return self._c("smtp", "FAIL", f"cannot connect to {where}: {_short(exc)}")
        except ssl.SSLError as exc:
            return self._c("smtp", "FAIL", f"TLS refused by {where}: {_short(exc)}")
        except (OSError, TimeoutError) as exc:
            return self._c("smtp", "FAIL", f"cannot connect to {where}: {_short(exc)}")
        try:
            if c.user:
                if c.auth == "password" and self._password("smtp") is None:
                    return self._c("smtp", "skip", f"no usable password for {c.user} (see files)")
                try:
                    await self._smtp_login(smtp)
                except aiosmtplib.SMTPAuthenticationError:
                    what = "the OAuth2 token" if c.auth != "password" else "wrong user or password"
                    return self._c("smtp", "FAIL", f"login of {c.user} refused at {where}: {what}")
                except ConfigError as exc:
                    return self._c("smtp", "FAIL", f"OAuth2: {exc}")
                except aiosmtplib.SMTPException as exc:
                    return self._c("smtp", "FAIL", f"login at {where}: {_short(exc)}")
            tls = "TLS" if smtp.is_connected and c.security != "none" else "no TLS (local only)"
            return self._c("smtp", "ok", f"{c.user or 'no login'} at {where}, {tls}")
        finally:
            with _suppress():
                await smtp.quit()

    # -- the round trip ------------------------------------------------------------------------

    def _test_message(self, token: str) -> bytes:
        from email.utils import format_datetime

        addr = self.cfg.service_address
        return (
            f"From: pbem doctor <{addr}>\r\n"
            f"To: <{addr}>\r\n"
            f"Subject: pbem doctor test {token}\r\n"
            f"Date: {format_datetime(self.clock())}\r\n"
            f"Message-ID: <doctor.{token}@{self.domain or 'pbem.invalid'}>\r\n"
            "Auto-Submitted: auto-generated\r\n"
            f"X-Loop: {addr}\r\n"
            "MIME-Version: 1.0\r\n"
            'Content-Type: text/plain; charset="us-ascii"\r\n'
            "\r\n"
            "A test mail of pbem doctor. The service drops it unread.\r\n"
        ).encode()

    def check_round_trip(self) -> Iterator[Check]:
        import asyncio

        token = uuid.uuid4().hex[:16]
        sent_at = self.clock()
        problem = asyncio.run(self._send_test(self._test_message(token)))
        if problem:
            yield self._c("mail", "FAIL", problem)
            return
        found = self._find_test(token)
        if found is None:
            yield self._c(
                "mail",
                "FAIL",
                f"the test mail to {self.cfg.service_address} did not arrive in the INBOX of "
                f"{self.cfg.imap.user} within {self.wait:g} s: the service address is not "
                "delivered to this mailbox",
            )
            return
        raw, arrived = found
        self.test_mail = raw
        yield self._c("mail", "ok", f"a test mail to {self.cfg.service_address} arrived")
        yield self._keep(verdicts.clock(sent_at, arrived))
        yield self._keep(verdicts.auth_results(raw, self.cfg.authserv_id, self.domain))

    async def _send_test(self, raw: bytes) -> str | None:
        import aiosmtplib

        from pbem.errors import ConfigError

        c = self.cfg.smtp
        smtp = self._smtp()
        try:
            await smtp.connect()
            if c.user:
                await self._smtp_login(smtp)
            await smtp.sendmail(self.cfg.service_address, [self.cfg.service_address], raw)
        except aiosmtplib.SMTPRecipientsRefused as exc:
            why = "; ".join(f"{r.code} {r.message}" for r in exc.recipients)
            return f"the SMTP server refused the test mail to {self.cfg.service_address}: {why}"
        except aiosmtplib.SMTPResponseException as exc:
            return f"the SMTP server refused the test mail: {exc.code} {_short(exc.message)}"
        except (aiosmtplib.SMTPException, OSError, ConfigError) as exc:
            return f"sending the test mail failed: {_short(exc)}"
        finally:
            with _suppress():
                await smtp.quit()
        return None

    def _find_test(self, token: str) -> tuple[bytes, datetime | None] | None:
        """The test mail's bytes and arrival time, found in INBOX (or where a running service
        filed it), then deleted; None when it did not come within ``wait`` seconds."""
        c = self.cfg.imap
        client = self._imap_client()
        try:
            self._imap_login(client)
            deadline = time.monotonic() + self.wait
            folders = [c.folders.inbox, c.folders.rejected]
            while True:
                for folder in folders:
                    try:
                        client.select_folder(folder)
                    except Exception:
                        continue
                    uids = client.search(["HEADER", "Message-ID", f"doctor.{token}"])
                    if uids:
                        data = client.fetch(uids[:1], ["BODY.PEEK[]", "INTERNALDATE"])
                        item = data[uids[0]]
                        raw = item[b"BODY[]"]
                        arrived = item.get(b"INTERNALDATE")
                        client.delete_messages(uids)
                        _quietly(client.expunge)
                        return raw, _aware(arrived)
                if time.monotonic() >= deadline:
                    return None
                time.sleep(0.2)
        finally:
            _quietly(client.logout)

    # -- DNS -----------------------------------------------------------------------------------

    def check_schedule(self) -> Check:
        found = self.schedule_probe()
        if found:
            return self._c("schedule", "ok", found)
        return self._c(
            "schedule",
            "FAIL",
            "nothing runs the mail loop: add the crontab line of cron/ (pbem run) or start "
            "pbem daemon (cron/ has systemd units)",
        )


def run_doctor(doctor: Doctor, echo: Callable[[str], None]) -> int:
    """Print each check as it is done; 0 when nothing failed, else 1."""
    for check in doctor.run():
        echo(check.line())
    return 1 if doctor.failed else 0


def _aware(value: object) -> datetime | None:
    if not isinstance(value, datetime):
        return None
    return value.astimezone(UTC)  # imapclient gives local time, naive


def _quietly(fn: Callable[[], object]) -> None:
    with contextlib.suppress(Exception):  # closing a connection that is already gone
        fn()


def _suppress() -> contextlib.suppress:
    return contextlib.suppress(Exception)
