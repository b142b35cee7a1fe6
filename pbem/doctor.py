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
  aligned ``dmarc=pass`` (what a player at the same provider needs);
- ``spf``, ``dkim``, ``dmarc``: the service domain's DNS records, through a :class:`Resolver`
  (dnspython; tests give fixed answers);
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
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from pbem.config import Config

__all__ = ["Check", "Doctor", "Resolver", "DnsResolver", "FixedResolver", "run_doctor"]

Status = Literal["ok", "warn", "FAIL", "skip"]

MAX_SKEW = timedelta(minutes=5)
"""More clock difference than this from the mail server: deadlines and Date headers go wrong."""


@dataclass(frozen=True)
class Check:
    name: str
    status: Status
    text: str

    def line(self) -> str:
        return f"{self.status:<4} {self.name}: {self.text}"


class Resolver(Protocol):
    def txt(self, name: str) -> list[str]:
        """The TXT records of ``name`` (strings joined); [] when there are none. Raises
        ``OSError`` when the name cannot be looked up at all."""


class DnsResolver:
    """TXT look-ups through dnspython (the system's resolver configuration)."""

    def __init__(self, lifetime: float = 10.0) -> None:
        self.lifetime = lifetime

    def txt(self, name: str) -> list[str]:
        import dns.exception
        import dns.resolver

        try:
            answer = dns.resolver.resolve(name, "TXT", lifetime=self.lifetime)
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
            return []
        except dns.exception.DNSException as exc:
            raise OSError(f"DNS look-up of {name} failed: {exc}") from None
        return [b"".join(r.strings).decode("utf-8", "replace") for r in answer]


@dataclass
class FixedResolver:
    """Fixed answers (tests, and a site without DNS): name -> TXT strings."""

    answers: dict[str, list[str]] = field(default_factory=dict)

    def txt(self, name: str) -> list[str]:
        return list(self.answers.get(name.rstrip(".").lower(), []))


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
        if status == "FAIL":
            self.failed.add(name)
        return Check(name, status, text)

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
        yield from self.check_dns()
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

    def _imap_client(self) -> Any:
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

    def _imap_login(self, client: Any) -> None:
        """The password, or an OAuth2 token (refreshed once when refused)."""
        from imapclient.exceptions import LoginError

        c = self.cfg.imap
        if c.auth == "password":
            client.login(c.user, self._password("imap") or "")
            return
        tokens = self.cfg.token_source()
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

    async def _smtp_login(self, smtp: Any) -> None:
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

    def _smtp(self) -> Any:
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
        yield self._check_clock(sent_at, arrived)
        yield self._check_auth_results(raw)

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

    def _check_clock(self, sent_at: datetime, arrived: datetime | None) -> Check:
        if arrived is None:
            return self._c("clock", "warn", "the server gave no arrival time to compare with")
        skew = sent_at - arrived
        if abs(skew) > MAX_SKEW:
            ahead = "ahead of" if skew > timedelta(0) else "behind"
            return self._c(
                "clock",
                "FAIL",
                f"this machine's clock is {_minutes(abs(skew))} {ahead} the mail server's: "
                "deadlines and dates would be wrong (set up NTP, e.g. systemd-timesyncd)",
            )
        return self._c("clock", "ok", f"within {_minutes(abs(skew))} of the mail server's")

    def _check_auth_results(self, raw: bytes) -> Check:
        from pbem.mail.parse import parse_message
        from pbem.mail.policy import dmarc_verdict

        authserv = self.cfg.authserv_id
        parsed = parse_message(raw)
        if not authserv:
            return self._c(
                "auth-results",
                "warn",
                "authserv_id is not set: a reply counts by its token alone "
                f"(headers seen: {_ids(parsed)})",
            )
        verdict = dmarc_verdict(parsed, authserv)
        if verdict == "pass":
            return self._c(
                "auth-results",
                "ok",
                f"{authserv} says dmarc=pass aligned with {self.domain}: "
                "players at this provider pass too",
            )
        if verdict is None:
            return self._c(
                "auth-results",
                "FAIL",
                f"the test mail has no Authentication-Results header from {authserv} on top "
                f"(headers seen: {_ids(parsed)}): set authserv_id to your MX's id",
            )
        if verdict == "unaligned":
            top = parsed.auth_results[0]
            got = [m.prop("header.from") for m in top.methods if m.method == "dmarc"]
            return self._c(
                "auth-results",
                "FAIL",
                f"dmarc=pass is for {', '.join(got) or '?'}, not aligned with the From "
                f"domain {self.domain}: players' replies would be refused",
            )
        return self._c(
            "auth-results",
            "FAIL",
            f"{authserv} says dmarc={verdict} for the service's own mail: fix the domain's "
            "SPF/DKIM/DMARC (below)",
        )

    # -- DNS -----------------------------------------------------------------------------------

    def check_dns(self) -> Iterator[Check]:
        domain = self.domain
        if not domain:
            return
        try:
            spf = [t for t in self.resolver.txt(domain) if t.lower().startswith("v=spf1")]
            dmarc = [
                t for t in self.resolver.txt(f"_dmarc.{domain}") if t.lower().startswith("v=dmarc1")
            ]
        except OSError as exc:
            yield self._c("dns", "FAIL", _short(exc))
            return
        if len(spf) == 1:
            yield self._c("spf", "ok", f"{domain}: {spf[0][:80]}")
        elif not spf:
            yield self._c("spf", "FAIL", f"{domain} has no SPF record (TXT v=spf1 ...)")
        else:
            yield self._c("spf", "FAIL", f"{domain} has {len(spf)} SPF records; SPF allows one")
        yield self._check_dkim(domain)
        if not dmarc:
            yield self._c(
                "dmarc",
                "FAIL",
                f"no DMARC record at _dmarc.{domain} (TXT v=DMARC1; p=none at least: Gmail and "
                "Yahoo ask for one)",
            )
        else:
            policy = re.search(r"\bp=(\w+)", dmarc[0])
            yield self._c("dmarc", "ok", f"_dmarc.{domain}: p={policy.group(1) if policy else '?'}")

    def _check_dkim(self, domain: str) -> Check:
        """The DKIM key of the signature the test mail got (when it was signed)."""
        if self.test_mail is None:
            return self._c("dkim", "skip", "no test mail to read a DKIM signature from")
        from email import message_from_bytes

        sigs = message_from_bytes(self.test_mail).get_all("DKIM-Signature") or []
        for sig in sigs:
            tags = dict(
                (k.strip().lower(), v.strip())
                for k, _eq, v in (t.partition("=") for t in re.sub(r"\s+", "", sig).split(";"))
            )
            d, s = tags.get("d", "").lower(), tags.get("s", "")
            if not d or not s:
                continue
            name = f"{s}._domainkey.{d}"
            try:
                keys = [t for t in self.resolver.txt(name) if "p=" in t]
            except OSError as exc:
                return self._c("dkim", "FAIL", _short(exc))
            if not keys:
                return self._c(
                    "dkim", "FAIL", f"the test mail is signed by {d}, but {name} has no key"
                )
            aligned = d == domain or domain.endswith("." + d) or d.endswith("." + domain)
            if not aligned:
                return self._c("dkim", "warn", f"signed by {d}, not aligned with {domain}")
            return self._c("dkim", "ok", f"signed by {d} (key at {name})")
        return self._c(
            "dkim",
            "warn",
            "the test mail is not DKIM-signed: DMARC for the service rests on SPF alone "
            "(turn DKIM signing on at your provider or in OpenDKIM/rspamd)",
        )

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


def _short(exc: object) -> str:
    text = str(exc).strip().replace("\n", " ")
    return (text[:160] + "...") if len(text) > 160 else text or type(exc).__name__


def _minutes(td: timedelta) -> str:
    s = int(td.total_seconds())
    return f"{s // 60} min {s % 60} s" if s >= 60 else f"{s} s"


def _aware(value: Any) -> datetime | None:
    if not isinstance(value, datetime):
        return None
    return value.astimezone(UTC)  # imapclient gives local time, naive


def _ids(parsed: Any) -> str:
    ids = [a.authserv_id for a in getattr(parsed, "auth_results", [])]
    return ", ".join(ids) if ids else "none"


def _quietly(fn: Callable[[], object]) -> None:
    with contextlib.suppress(Exception):  # closing a connection that is already gone
        fn()


def _suppress() -> contextlib.suppress:
    return contextlib.suppress(Exception)
