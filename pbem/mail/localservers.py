"""Real, self-contained mail servers on 127.0.0.1: for the tests and for ``pbem demo``.

Nothing here is a mock: :class:`DovecotServer` runs the real Dovecot binary (IMAP, LMTP) with a
private configuration, and :class:`RelaySMTP` is a real SMTP server (aiosmtpd) that delivers what it
accepts into that Dovecot by LMTP, or into plain Maildirs when Dovecot is not installed.

Facts this module relies on (docs in ``design/MAIL-TEST-SERVERS.md``):

- Dovecot refuses to run such a configuration as root, so as root it is started with
  ``runuser -u nobody`` and its directory is handed to ``nobody``; the directory and all its parents
  must therefore be reachable by ``nobody`` (use :func:`make_server_dir`, not pytest's private
  ``tmp_path``).
- The IMAP greeting arrives after about 50 ms; shutdown can take seconds, so :meth:`DovecotServer.stop`
  waits on the master process.
- LMTP delivery is synchronous, so a message is in the mailbox when the relay answers 250: tests are
  deterministic without sleeping.

Typical use::

    with DovecotServer(make_server_dir(), {"service@pbem.test": "secret"}) as dovecot, \\
         RelaySMTP(lmtp=dovecot.lmtp_address) as relay:
        ...  # SMTP to relay.port, IMAP to dovecot.imap_port
"""

from __future__ import annotations

import atexit
import contextlib
import datetime as dt
import ipaddress
import logging
import os
import pwd
import shutil
import signal
import smtplib
import socket
import ssl
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP as SMTPServer
from aiosmtpd.smtp import AuthResult, Envelope, LoginPassword, Session

from pbem.errors import ConfigError
from pbem.mail.lifetimes import Started
from pbem.mail.outbound import deliver_to_maildir

__all__ = [
    "DovecotServer",
    "RelaySMTP",
    "Delivery",
    "dovecot_available",
    "make_server_dir",
    "make_self_signed_cert",
    "client_ssl_context",
    "free_port",
]

log = logging.getLogger(__name__)

#: Mailboxes every user gets (``auto = create``): where the service files handled mail.
SERVICE_MAILBOXES = ("Processed", "Rejected", "Shunt")

# Dovecot's sockets live under base_dir; a UNIX socket path is limited to 107 bytes and the longest
# socket name Dovecot uses is about 30 bytes, so keep the directory short.
_MAX_DIR_LEN = 70


def dovecot_available() -> str | None:
    """The path of the Dovecot binary, or None when Dovecot is not installed.

    ``PBEM_DOVECOT`` overrides the search: a path to the binary, or empty to act as if Dovecot
    were missing (to check the skip path of the tests).
    """
    override = os.environ.get("PBEM_DOVECOT")
    if override is not None:
        return override if override and os.access(override, os.X_OK) else None
    found = shutil.which("dovecot")
    if found:
        return found
    return "/usr/sbin/dovecot" if os.access("/usr/sbin/dovecot", os.X_OK) else None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago (the kernel picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def make_server_dir(prefix: str = "pbem-mail-") -> Path:
    """A fresh, short directory under the system temp dir that the ``nobody`` user can reach.

    Needed when running as root: pytest's ``tmp_path`` lives under a root-only directory, where an
    unprivileged Dovecot could not read its own configuration.
    """
    return Path(tempfile.mkdtemp(prefix=prefix))


def make_self_signed_cert(directory: Path, hostname: str = "localhost") -> tuple[Path, Path]:
    """Write ``cert.pem`` and ``key.pem`` (EC P-256, self-signed, for ``hostname`` and 127.0.0.1).

    Returns (certificate path, key path). Clients trust it with :func:`client_ssl_context`.
    """
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, hostname)])
    now = dt.datetime.now(dt.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=30))
        .add_extension(
            x509.SubjectAlternativeName(
                [x509.DNSName(hostname), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    directory.mkdir(parents=True, exist_ok=True)
    cert_path = directory / "cert.pem"
    key_path = directory / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    key_path.chmod(0o600)
    return cert_path, key_path


def client_ssl_context(cert_path: Path) -> ssl.SSLContext:
    """A client context that trusts exactly the self-signed certificate at ``cert_path``."""
    ctx = ssl.create_default_context(cafile=str(cert_path))
    ctx.check_hostname = False  # the tests connect to 127.0.0.1 or localhost alike
    return ctx


def _server_ssl_context(cert_path: Path, key_path: Path) -> ssl.SSLContext:
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(str(cert_path), str(key_path))
    return ctx


# --------------------------------------------------------------------------------------------
# Dovecot
# --------------------------------------------------------------------------------------------

_DOVECOT_CONF = """\
# Generated by pbem.mail.localservers: a private, unprivileged Dovecot on 127.0.0.1.
base_dir = {dir}/run
state_dir = {dir}/state
log_path = {dir}/dovecot.log
info_log_path = {dir}/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
default_internal_user = {user}
default_internal_group = {group}
default_login_user = {user}
first_valid_uid = 1
first_valid_gid = 1
ssl = yes
ssl_cert = <{dir}/tls/cert.pem
ssl_key = <{dir}/tls/key.pem
# Tests and the demo log in over plain TCP too; real deployments use TLS (security="tls").
disable_plaintext_auth = no
auth_mechanisms = plain login
# A failed login answers at once (the default waits 2 s): tests exercise wrong passwords.
auth_failure_delay = 0
mail_location = maildir:~/Maildir
# A private instance for tests and the demo: nothing here must survive a power cut, and fsync is
# most of the cost of a delivery on a shared machine. (A real deployment's server is its own.)
mail_fsync = never
# IDLE notices new mail by inotify where it works; poll every second where it does not.
mailbox_idle_check_interval = 1 secs
recipient_delimiter = +
lmtp_save_to_detail_mailbox = no
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {dir}/passwd.d/%u
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={dir}/home/%u
}}
namespace inbox {{
  inbox = yes
  separator = /
{mailboxes}
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {imap_port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {imaps_port}
    ssl = yes
  }}
}}
service pop3-login {{
  chroot =
}}
service lmtp {{
  inet_listener lmtp {{
    address = 127.0.0.1
    port = {lmtp_port}
  }}
}}
service anvil {{
  chroot =
  # No growing delay for an address after failed logins: every test connects from 127.0.0.1.
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
service stats {{
  chroot =
}}
service auth-worker {{
  user = $default_internal_user
}}
"""


class DovecotServer(Started):
    """A private Dovecot (IMAP + LMTP) on 127.0.0.1, everything under ``base_dir``.

    ``base_dir`` None makes a fresh directory (see :func:`make_server_dir`) that :meth:`stop`
    removes; a directory passed in is left in place for inspection (the caller removes it).
    When Dovecot could not use the directory passed in (too long a path for its sockets, or,
    as root, not reachable by ``nobody``), :meth:`start` logs a warning and falls back to a
    fresh directory of its own: read :attr:`base_dir` and :meth:`maildir` after starting.

    ``users`` maps login (the email address) to password ({PLAIN} passwd-file). Every user has a
    Maildir under ``base_dir/home/<login>/Maildir`` with INBOX and the mailboxes Processed, Rejected
    and Shunt. TLS: STARTTLS on :attr:`imap_port` (not required) and implicit TLS on
    :attr:`imaps_port`, with a self-signed certificate; :meth:`client_ssl_context` trusts it.
    """

    host = "127.0.0.1"

    def __init__(
        self,
        base_dir: Path | None,
        users: Mapping[str, str],
        *,
        imap_capability: str | None = None,
        oauth2_introspection_url: str | None = None,
    ) -> None:
        # OAuth2 logins (XOAUTH2, OAUTHBEARER) checked at this RFC 7662 introspection endpoint
        # (pbem.mail.localoauth.OAuthServer), besides the passwords. None: passwords only.
        self.oauth2_introspection_url = oauth2_introspection_url
        # None: a fresh directory from make_server_dir(), removed again by stop().
        self._own_dir = base_dir is None
        self.base_dir = (
            make_server_dir("pbem-dc-") if base_dir is None else Path(base_dir)
        ).resolve()
        self.users: dict[str, str] = dict(users)
        # The capability list announced after login, to imitate a plainer server (no MOVE,
        # UIDPLUS or IDLE) and exercise the clients' fallbacks. None: Dovecot's own list.
        self.imap_capability = imap_capability
        self.imap_port = 0
        self.imaps_port = 0
        self.lmtp_port = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._master_pid: int | None = None

    # -- public API ---------------------------------------------------------------------------

    @property
    def lmtp_address(self) -> tuple[str, int]:
        """(host, port) of the LMTP listener, for :class:`RelaySMTP`."""
        return (self.host, self.lmtp_port)

    @property
    def cert_path(self) -> Path:
        """The server's self-signed certificate (PEM)."""
        return self.base_dir / "tls" / "cert.pem"

    @property
    def running(self) -> bool:
        """True while the Dovecot master process is alive."""
        return self._proc is not None and self._proc.poll() is None

    def client_ssl_context(self) -> ssl.SSLContext:
        """An SSL context for IMAP clients that trusts this server's certificate."""
        return client_ssl_context(self.cert_path)

    def maildir(self, login: str) -> Path:
        """The Maildir of ``login`` on disk (for inspection in tests)."""
        return self.base_dir / "home" / login / "Maildir"

    def start(self, timeout: float = 10.0) -> DovecotServer:
        """Write the configuration, start Dovecot in the foreground and wait for the IMAP greeting.

        Raises :class:`ConfigError` when Dovecot is missing or does not come up (the message quotes
        the end of Dovecot's log).
        """
        binary = dovecot_available()
        if binary is None:
            raise ConfigError(
                "Dovecot is not installed: install the Debian packages dovecot-imapd and "
                "dovecot-lmtpd to run the real IMAP server."
            )
        if self.running:
            return self
        as_root = os.geteuid() == 0
        run_as = pwd.getpwnam("nobody") if as_root else pwd.getpwuid(os.geteuid())
        problem = self._unusable_because(run_as if as_root else None)
        if problem is not None:
            # Rather than fail (e.g. a demo's private temp dir as root), run from a directory of
            # our own, which stop() removes; the mailboxes are then there, not in base_dir.
            fallback = make_server_dir("pbem-dc-").resolve()
            log.warning("Dovecot: %s; running from %s instead", problem, fallback)
            self.base_dir = fallback
            self._own_dir = True
        last_error = ""
        for _attempt in range(3):  # a free port can be taken between probing and binding
            self.imap_port, self.imaps_port, self.lmtp_port = free_port(), free_port(), free_port()
            self._write_files(run_as)
            cmd = [binary, "-F", "-c", str(self.base_dir / "dovecot.conf")]
            if as_root:
                cmd = ["runuser", "-u", run_as.pw_name, "--", *cmd]
            self._proc = subprocess.Popen(
                cmd,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                start_new_session=True,  # a Ctrl-C in the test runner must not race our stop()
            )
            try:
                self._wait_ready(timeout)
                # A test run or demo that ends without stop() must not leave Dovecot behind.
                atexit.register(self.stop)
                return self
            except ConfigError as exc:
                last_error = str(exc)
                self.stop()
                if "in use" not in last_error:
                    break
        raise ConfigError(last_error)

    def stop(self, timeout: float = 10.0) -> None:
        """Stop Dovecot (SIGTERM to the master) and wait until the master process has exited."""
        proc = self._proc
        if proc is None:
            return
        atexit.unregister(self.stop)
        pid = self._master_pid or self._read_master_pid()
        if pid:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGTERM)
            deadline = time.monotonic() + timeout
            while _pid_alive(pid) and time.monotonic() < deadline:
                time.sleep(0.02)
        # Once the master is gone only its log child lingers (for about 1.5 s, flushing nothing
        # we need): end our own process group instead of waiting for it.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGTERM if pid is None else signal.SIGKILL)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
        if proc.stderr is not None:
            proc.stderr.close()
        self._proc = None
        self._master_pid = None
        if self._own_dir:
            shutil.rmtree(self.base_dir, ignore_errors=True)

    def add_user(self, login: str, password: str) -> None:
        """Add a user (a new passwd-file that Dovecot reads on the user's first lookup).

        Changing an existing user's password can take up to a second to be seen.
        """
        self.users[login] = password
        if self._proc is not None:
            self._write_passwd(pwd.getpwnam("nobody") if os.geteuid() == 0 else None)

    def deliver(self, recipient: str, raw: bytes, mail_from: str | None = None) -> None:
        """Deliver one message by LMTP (synchronous: it is in the mailbox on return).

        ``mail_from`` is the envelope sender, which Dovecot records as Return-Path; by default the
        From address of ``raw``, as a real MTA would have it. Pass ``""`` for a bounce.
        """
        if mail_from is None:
            from email.parser import BytesHeaderParser
            from email.utils import parseaddr

            mail_from = parseaddr(str(BytesHeaderParser().parsebytes(raw).get("From", "")))[1]
        with smtplib.LMTP(self.host, self.lmtp_port, timeout=10) as lmtp:
            lmtp.sendmail(mail_from, [recipient], raw)

    def log_tail(self, lines: int = 20) -> str:
        """The last lines of Dovecot's log (for error messages)."""
        try:
            text = (self.base_dir / "dovecot.log").read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    # -- internals ----------------------------------------------------------------------------

    def _unusable_because(self, unprivileged: pwd.struct_passwd | None) -> str | None:
        """Why Dovecot cannot run from base_dir, or None (length; as root, nobody's access)."""
        if len(str(self.base_dir)) > _MAX_DIR_LEN:
            return f"the directory {self.base_dir} is too long for Dovecot's socket paths"
        if unprivileged is None:
            return None
        # As root we cannot ask os.access() on nobody's behalf: check the parents' modes instead.
        for parent in self.base_dir.parents:
            try:
                st = parent.stat()
            except FileNotFoundError:
                continue  # created by us below, with the default (traversable) mode
            if st.st_uid != unprivileged.pw_uid and not st.st_mode & 0o001:
                return f"{unprivileged.pw_name} (which Dovecot runs as) cannot enter {parent}"
        return None

    def _write_files(self, run_as: pwd.struct_passwd) -> None:
        d = self.base_dir
        for sub in ("run", "state", "home", "tls"):
            (d / sub).mkdir(parents=True, exist_ok=True)
        if not self.cert_path.exists():
            make_self_signed_cert(d / "tls")
        mailboxes = "\n".join(
            f"  mailbox {name} {{\n    auto = create\n  }}" for name in SERVICE_MAILBOXES
        )
        conf = _DOVECOT_CONF.format(
            dir=d,
            user=run_as.pw_name,
            group=_group_name(run_as.pw_gid),
            uid=run_as.pw_uid,
            gid=run_as.pw_gid,
            imap_port=self.imap_port,
            imaps_port=self.imaps_port,
            lmtp_port=self.lmtp_port,
            mailboxes=mailboxes,
        )
        if self.imap_capability is not None:
            conf += f"imap_capability = {self.imap_capability}\n"
        if self.oauth2_introspection_url is not None:
            (d / "oauth2.conf.ext").write_text(
                "introspection_mode = post\n"
                f"introspection_url = {self.oauth2_introspection_url}\n"
                "force_introspection = yes\n"
                "username_attribute = username\n"
                "active_attribute = active\n"
                "active_value = true\n"
            )
            conf += (
                "auth_mechanisms = plain login xoauth2 oauthbearer\n"
                "passdb {\n  driver = oauth2\n  mechanisms = xoauth2 oauthbearer\n"
                f"  args = {d}/oauth2.conf.ext\n}}\n"
            )
        (d / "dovecot.conf").write_text(conf)
        with contextlib.suppress(FileNotFoundError):
            (d / "dovecot.log").unlink()  # so that errors quoted on failure are this run's
        self._write_passwd(run_as if os.geteuid() == 0 else None)
        if os.geteuid() == 0:
            for path in [d, *d.rglob("*")]:
                os.chown(path, run_as.pw_uid, run_as.pw_gid, follow_symlinks=False)

    def _write_passwd(self, owner: pwd.struct_passwd | None) -> None:
        # One passwd-file per user: Dovecot looks at a known file's mtime at most once a second,
        # but opens a file it has not seen at once, so a user added mid-test logs in immediately.
        directory = self.base_dir / "passwd.d"
        directory.mkdir(exist_ok=True)
        for login, password in self.users.items():
            if any(c in login + password for c in ":\n/") or login.startswith("."):
                raise ConfigError(
                    f"The login {login!r} or its password contains ':', '/' or a newline."
                )
            path = directory / login
            tmp = directory / f".{login}.tmp"
            tmp.write_text(f"{login}:{{PLAIN}}{password}::::::\n")
            tmp.chmod(0o600)
            if owner is not None:
                os.chown(tmp, owner.pw_uid, owner.pw_gid)
            os.replace(tmp, path)
        if owner is not None:
            os.chown(directory, owner.pw_uid, owner.pw_gid)

    def _read_master_pid(self) -> int | None:
        try:
            return int((self.base_dir / "run" / "master.pid").read_text().strip())
        except (OSError, ValueError):
            return None

    def _wait_ready(self, timeout: float) -> None:
        assert self._proc is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                err = self._proc.stderr.read().decode(errors="replace") if self._proc.stderr else ""
                raise ConfigError(
                    f"Dovecot exited with status {self._proc.returncode}: "
                    f"{err.strip()}\n{self.log_tail()}"
                )
            try:
                with socket.create_connection((self.host, self.imap_port), timeout=1) as sock:
                    sock.settimeout(2)
                    greeting = sock.recv(200)
                if greeting.startswith(b"* OK"):
                    self._master_pid = self._read_master_pid()
                    # LMTP is served by the same master; make sure its listener is bound too.
                    with socket.create_connection((self.host, self.lmtp_port), timeout=2):
                        pass
                    return
            except OSError:
                pass
            time.sleep(0.02)
        raise ConfigError(f"Dovecot did not greet on port {self.imap_port}.\n{self.log_tail()}")


def _group_name(gid: int) -> str:
    import grp

    return grp.getgrgid(gid).gr_name


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# --------------------------------------------------------------------------------------------
# SMTP relay
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Delivery:
    """One message the relay accepted (for tests and the demo's log)."""

    mail_from: str
    """The envelope sender (``""`` for a bounce)."""
    recipients: tuple[str, ...]
    """The envelope recipients that were delivered."""
    data: bytes
    """The message as delivered, including any header the relay stamped."""


class _RelayHandler:
    def __init__(self, relay: RelaySMTP) -> None:
        self.relay = relay

    async def handle_RCPT(
        self,
        server: SMTPServer,
        session: Session,
        envelope: Envelope,
        address: str,
        rcpt_options: list[str],
    ) -> str:
        answer = self.relay.fail.get(address.lower())
        if answer is not None:
            return f"{answer[0]} {answer[1]}"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SMTPServer, session: Session, envelope: Envelope) -> str:
        return self.relay._deliver(envelope)


class _OAuthRelayHandler(_RelayHandler):
    """The relay's handler when it takes OAuth2 (``RelaySMTP(oauth_check=...)``): the SASL
    mechanisms XOAUTH2 and OAUTHBEARER, the token checked by the relay's ``oauth_check``."""

    async def auth_XOAUTH2(self, server: SMTPServer, args: list[str]) -> AuthResult:
        return await self._oauth(server, args)

    async def auth_OAUTHBEARER(self, server: SMTPServer, args: list[str]) -> AuthResult:
        return await self._oauth(server, args)

    async def _oauth(self, server: SMTPServer, args: list[str]) -> AuthResult:
        import base64

        if len(args) > 1:
            blob: Any = args[1].encode()
        else:
            blob = await server.challenge_auth("", encode_to_b64=False)
            if not isinstance(blob, bytes):
                return AuthResult(success=False, handled=False)
        try:
            text = base64.b64decode(blob, validate=True).decode()
        except (ValueError, UnicodeDecodeError):
            return AuthResult(success=False, handled=False)
        fields = dict(f.split("=", 1) for f in text.split("\x01") if "=" in f)
        user = fields.get("user") or ""
        if not user:  # OAUTHBEARER: "n,a=USER,"
            head = text.split("\x01", 1)[0]
            user = next((p[2:] for p in head.split(",") if p.startswith("a=")), "")
        token = fields.get("auth", "").removeprefix("Bearer ").strip()
        check = self.relay.oauth_check
        ok = check is not None and bool(user) and check(token) == user
        return AuthResult(success=ok, handled=False, auth_data=user if ok else None)


class RelaySMTP(Started):
    """A real SMTP server (aiosmtpd) on 127.0.0.1 that delivers what it accepts before saying 250.

    - ``lmtp``: (host, port) of a Dovecot LMTP listener to deliver into (see
      :attr:`DovecotServer.lmtp_address`); otherwise ``maildir_root``: one Maildir per recipient
      address under that directory (see :func:`~pbem.mail.outbound.maildir_for`; when Dovecot is
      absent). As with Dovecot, ``user+detail@host`` is delivered to ``user@host`` with a
      ``Delivered-To: user+detail@host`` header on top.
    - ``security``: ``"none"``, ``"starttls"`` (offered and required before AUTH/MAIL) or ``"tls"``
      (implicit TLS); a self-signed certificate is made in ``cert_dir`` (default: a temp dir).
    - ``users``: when given, AUTH (PLAIN/LOGIN) with these logins and passwords is required.
    - ``authserv_id``: when given, an ``Authentication-Results`` header with that id is stamped on
      top of each message: ``dmarc=pass`` unless the envelope sender is in ``dmarc_fail``.
    - ``fail``: recipient address -> (code, text) answered at RCPT, to exercise 4xx/5xx paths; the
      dict may be changed while the server runs.
    """

    host = "127.0.0.1"

    def __init__(
        self,
        *,
        lmtp: tuple[str, int] | None = None,
        maildir_root: Path | None = None,
        security: Literal["none", "starttls", "tls"] = "none",
        users: Mapping[str, str] | None = None,
        authserv_id: str | None = None,
        dmarc_fail: set[str] | None = None,
        fail: Mapping[str, tuple[int, str]] | None = None,
        cert_dir: Path | None = None,
        oauth_check: Callable[[str], str | None] | None = None,
    ) -> None:
        # OAuth2 logins: the user a live access token belongs to (None: refused).
        self.oauth_check = oauth_check
        if lmtp is None and maildir_root is None:
            raise ConfigError(
                "RelaySMTP needs somewhere to deliver: an LMTP address or a Maildir root."
            )
        self.lmtp = lmtp
        self.maildir_root = maildir_root
        self.security = security
        self.users = dict(users) if users is not None else None
        self.authserv_id = authserv_id
        self.dmarc_fail = {a.lower() for a in (dmarc_fail or set())}
        self.fail: dict[str, tuple[int, str]] = {k.lower(): v for k, v in (fail or {}).items()}
        self.deliveries: list[Delivery] = []
        self.port = 0
        self._cert_dir = cert_dir
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        self._controller: Controller | None = None
        self._lock = threading.Lock()

    @property
    def cert_path(self) -> Path | None:
        """The self-signed certificate when TLS is on (trust it with :func:`client_ssl_context`)."""
        return self._cert_path if self.security != "none" else None

    def client_ssl_context(self) -> ssl.SSLContext | None:
        """An SSL context that trusts this relay's certificate, or None without TLS."""
        return client_ssl_context(self._cert_path) if self.security != "none" else None

    def start(self) -> RelaySMTP:
        """Start listening on a free port of 127.0.0.1 (in a background thread)."""
        if self._controller is not None:
            return self
        kwargs: dict[str, Any] = {}
        ssl_ctx: ssl.SSLContext | None = None
        if self.security != "none":
            if self._cert_dir is None:
                self._tmp = tempfile.TemporaryDirectory(prefix="pbem-relay-")
                self._cert_dir = Path(self._tmp.name)
            self._cert_path, key_path = make_self_signed_cert(self._cert_dir)
            ctx = _server_ssl_context(self._cert_path, key_path)
            if self.security == "starttls":
                kwargs.update(tls_context=ctx, require_starttls=True)
            else:
                ssl_ctx = ctx
        if self.users is not None or self.oauth_check is not None:
            kwargs.update(
                auth_required=True,
                authenticator=self._authenticate,
                # Without TLS the demo and tests still log in; aiosmtpd would refuse by default.
                auth_require_tls=self.security != "none",
            )
        last: Exception | None = None
        for _attempt in range(3):
            self.port = free_port()
            controller = Controller(
                (_OAuthRelayHandler if self.oauth_check is not None else _RelayHandler)(self),
                hostname=self.host,
                port=self.port,
                ssl_context=ssl_ctx,
                server_hostname="localhost",
                ready_timeout=10,
                **kwargs,
            )
            try:
                controller.start()
            except Exception as exc:  # a port taken between probe and bind: try another
                last = exc
                continue
            self._controller = controller
            return self
        raise ConfigError(f"The SMTP relay could not start: {last}")

    def stop(self) -> None:
        """Stop the server and remove its temporary certificate directory."""
        if self._controller is not None:
            self._controller.stop()
            self._controller = None
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None
            self._cert_dir = None

    # -- internals ----------------------------------------------------------------------------

    _cert_path: Path

    def _authenticate(
        self,
        server: SMTPServer,
        session: Session,
        envelope: Envelope,
        mechanism: str,
        auth_data: Any,
    ) -> AuthResult:
        if not isinstance(auth_data, LoginPassword) or not self.users:
            return AuthResult(success=False, handled=False)
        login = auth_data.login.decode(errors="replace")
        ok = self.users.get(login) == auth_data.password.decode(errors="replace")
        return AuthResult(success=ok, handled=False)

    def _stamp(self, mail_from: str, data: bytes) -> bytes:
        sender = mail_from.lower()
        domain = sender.rpartition("@")[2] or "unknown"
        result = "fail" if sender in self.dmarc_fail else "pass"
        header = (
            f"Authentication-Results: {self.authserv_id};\r\n"
            f"\tdmarc={result} header.from={domain};\r\n"
            f"\tspf={result} smtp.mailfrom={mail_from or '<>'}\r\n"
        )
        return header.encode() + data

    def _deliver(self, envelope: Envelope) -> str:
        mail_from = envelope.mail_from or ""
        content = envelope.original_content or b""
        if isinstance(content, str):
            content = content.encode()
        if self.authserv_id:
            content = self._stamp(mail_from, content)
        rcpts = list(envelope.rcpt_tos)
        refused: dict[str, tuple[int, bytes]] = {}
        if self.lmtp is not None:
            try:
                with smtplib.LMTP(self.lmtp[0], self.lmtp[1], timeout=30) as lmtp:
                    refused = dict(lmtp.sendmail(mail_from, rcpts, content))
            except smtplib.SMTPRecipientsRefused as exc:
                refused = dict(exc.recipients)
            except (smtplib.SMTPException, OSError) as exc:
                log.warning("relay: LMTP delivery failed: %s", exc)
                return "451 4.3.0 Delivery to the mailbox server failed, try again later"
        else:
            assert self.maildir_root is not None
            for rcpt in rcpts:
                # Like Dovecot: "service+Token@host" lands in the Maildir of "service@host", and
                # a Delivered-To header keeps the full address (the token) for the reader.
                local, _at, domain = rcpt.rpartition("@")
                mailbox_addr = f"{local.split('+', 1)[0]}@{domain}" if local else rcpt
                stamped = f"Delivered-To: {rcpt}\r\n".encode() + content
                deliver_to_maildir(self.maildir_root, mailbox_addr, stamped)
        delivered = tuple(r for r in rcpts if r not in refused)
        with self._lock:
            if delivered:
                self.deliveries.append(Delivery(mail_from, delivered, content))
        if refused and not delivered:
            code, text = next(iter(refused.values()))
            return f"{code} {text.decode(errors='replace') if isinstance(text, bytes) else text}"
        if refused:
            # SMTP cannot refuse some recipients after DATA; a real MTA would bounce later.
            log.warning("relay: partially refused: %s", sorted(refused))
        return "250 OK delivered"
