"""Sending mail: :class:`SmtpSender` (one SMTP connection per batch) and :class:`MaildirSink`.

Both take a list of mails and return one :class:`SendResult` per mail, in order, so that the durable outbox can mark each entry sent, retry it on a later tick
(``status == "temporary"``) or report it to the GM (``status == "permanent"``).

Security is explicit (aiosmtplib would otherwise only upgrade to TLS "if offered", which an attacker
in the middle can suppress): ``"tls"`` is implicit TLS (port 465), ``"starttls"`` requires the
upgrade (port 587), ``"none"`` is plain TCP for local relays and tests.

A mail is an :class:`email.message.EmailMessage` or a :class:`RawMail`: the outbox's stored bytes
with their envelope, sent as they are (``sendmail``), without parsing and serialising them again
(that cost 3 ms a mail, most of the mail loop's sending time).
"""

from __future__ import annotations

import contextlib
import copy
import logging
import re
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypeAlias

import msgspec

if TYPE_CHECKING:  # imported on the first SMTP connection, not by a tick with nothing to send
    import asyncio
    import ssl
    from email.message import EmailMessage  # the email package too

    import aiosmtplib

    from pbem.mail.oauth import Mechanism, TokenSource

__all__ = [
    "RawMail",
    "Security",
    "SendStatus",
    "SendResult",
    "SmtpSender",
    "MaildirSink",
    "deliver_to_maildir",
    "maildir_for",
    "envelope_recipients",
    "check_security",
]

log = logging.getLogger(__name__)

Security = Literal["tls", "starttls", "none"]
"""How a connection is protected: implicit TLS, required STARTTLS, or none (local only)."""

SendStatus = Literal["sent", "temporary", "permanent"]
"""``sent``; ``temporary`` (4xx or connection trouble after all retries: try again later);
``permanent`` (5xx: retrying cannot help, tell the GM)."""


def check_security(security: str) -> Security:
    """``security`` itself when it is one of tls, starttls, none; else a ValueError saying so."""
    if security not in ("tls", "starttls", "none"):
        raise ValueError(f"security must be 'tls', 'starttls' or 'none', not {security!r}")
    return security  # type: ignore[return-value]


class SendResult(msgspec.Struct, frozen=True):
    """What happened to one message of a batch."""

    message_id: str
    """The Message-ID header of the message (``""`` if it had none)."""
    recipients: tuple[str, ...]
    """The envelope recipients the message was addressed to."""
    status: SendStatus
    """``sent``, ``temporary`` or ``permanent``."""
    code: int | None = None
    """The SMTP reply code of the last attempt (None for connection errors)."""
    detail: str = ""
    """The server's text or the error, for logs and the GM's report."""
    attempts: int = 1
    """How many times the message was tried in this batch."""
    refused: dict[str, tuple[int, str]] = msgspec.field(default_factory=dict)
    """Recipients refused while others were accepted (a partial success is still ``sent``)."""

    @property
    def ok(self) -> bool:
        """True when the server accepted the message."""
        return self.status == "sent"


class RawMail(msgspec.Struct, frozen=True):
    """A mail as the outbox stores it: sent byte for byte (CRLF lines, no Bcc header: the
    service writes one mail per recipient), to ``recipients``."""

    message_id: str
    recipients: tuple[str, ...]
    data: bytes


Mail: TypeAlias = "EmailMessage | RawMail"

_BCC = re.compile(rb"(?im)^(resent-)?bcc:")


def _header_block(data: bytes) -> bytes:
    end = data.find(b"\r\n\r\n")
    if end < 0:
        end = data.find(b"\n\n")
    return data if end < 0 else data[:end]


def _as_parsed(mail: RawMail) -> EmailMessage:
    from email import policy
    from email.message import EmailMessage
    from email.parser import BytesParser

    msg = BytesParser(policy=policy.default).parsebytes(mail.data)
    assert isinstance(msg, EmailMessage)
    return msg


def _mail_id(mail: Mail) -> str:
    return mail.message_id if isinstance(mail, RawMail) else _message_id(mail)


def _mail_recipients(mail: Mail) -> tuple[str, ...]:
    return mail.recipients if isinstance(mail, RawMail) else envelope_recipients(mail)


def envelope_recipients(message: EmailMessage) -> tuple[str, ...]:
    """The addresses of To, Cc and Bcc, lowercased, in order, without duplicates."""
    from email.utils import getaddresses

    fields = [str(v) for name in ("To", "Cc", "Bcc") for v in message.get_all(name, [])]
    seen: dict[str, None] = {}
    for _name, addr in getaddresses(fields):
        if addr:
            seen.setdefault(addr.lower(), None)
    return tuple(seen)


def _message_id(message: EmailMessage) -> str:
    return str(message.get("Message-ID", "")).strip()


_UNSAFE = re.compile(r"[^a-z0-9@._+=-]")


def maildir_for(root: Path, address: str) -> Path:
    """The Maildir directory of ``address`` under ``root`` (the address, lowercased and made safe)."""
    name = _UNSAFE.sub("_", address.strip().lower()) or "_"
    if name.startswith("."):
        name = "_" + name[1:]
    return root / name


def deliver_to_maildir(root: Path, address: str, data: bytes) -> str:
    """Deliver ``data`` into the Maildir of ``address`` under ``root`` (created on demand).

    ``mailbox.Maildir`` writes into tmp/ and renames into new/, so a reader never sees half a
    message. Returns the message's key.
    """
    import mailbox

    root.mkdir(parents=True, exist_ok=True)
    box = mailbox.Maildir(maildir_for(root, address), create=True)
    return box.add(data)


class MaildirSink:
    """Delivers messages into one Maildir per recipient under ``root``, without any SMTP.

    For a GM's dry run and for the demo without a mail server; same interface as
    :class:`SmtpSender`.
    """

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def send_batch(self, messages: Sequence[Mail]) -> list[SendResult]:
        """Write every message into the Maildir of each of its recipients; Bcc is not written."""
        results = []
        for message in messages:
            mid, rcpts = _mail_id(message), _mail_recipients(message)
            if not rcpts:
                results.append(
                    SendResult(mid, (), "permanent", None, "The message has no recipient.")
                )
                continue
            if isinstance(message, RawMail) and not _BCC.search(_header_block(message.data)):
                data = message.data.replace(b"\r\n", b"\n")  # a Maildir file has LF lines
            else:
                data = _without_bcc(
                    _as_parsed(message) if isinstance(message, RawMail) else message
                )
            for rcpt in rcpts:
                deliver_to_maildir(self.root, rcpt, data)
            results.append(SendResult(mid, rcpts, "sent", 250, "written to Maildir"))
        return results

    async def asend_batch(self, messages: Sequence[Mail]) -> list[SendResult]:
        """Async twin of :meth:`send_batch` (the writes are local and quick)."""
        return self.send_batch(messages)


def _without_bcc(message: EmailMessage) -> bytes:
    if "Bcc" not in message:
        return message.as_bytes()
    stripped = copy.deepcopy(message)  # the caller's message keeps its Bcc
    del stripped["Bcc"]
    return stripped.as_bytes()


def _smtp_errors() -> tuple[tuple[type[BaseException], ...], tuple[type[BaseException], ...]]:
    """(errors of a broken connection, errors of a failed connect), once aiosmtplib is loaded."""
    import asyncio

    import aiosmtplib

    connection: tuple[type[BaseException], ...] = (
        aiosmtplib.SMTPConnectError,
        aiosmtplib.SMTPServerDisconnected,
        aiosmtplib.SMTPTimeoutError,
        aiosmtplib.SMTPConnectTimeoutError,
        aiosmtplib.SMTPReadTimeoutError,
        ConnectionError,
        asyncio.TimeoutError,
        OSError,
    )
    return connection, (*connection, aiosmtplib.SMTPException)


RECENT = 1.0
"""Seconds after its last batch during which a kept SMTP connection is used without a NOOP."""


class SmtpSender:
    """Sends batches of messages over ONE SMTP connection, with retries on temporary failures.

    A 4xx reply or a dropped connection is retried after ``backoff[i]`` seconds (reconnecting if
    needed), up to ``len(backoff) + 1`` attempts per message; a 5xx reply is permanent at once. When
    the server cannot be reached at all after the retries, the rest of the batch is reported
    ``temporary`` without further waiting, so one tick never hangs for long.

    ``sleep`` is injected so that tests and the benchmark need not wait for real.
    """

    def __init__(
        self,
        host: str,
        port: int,
        security: Security,
        user: str | None = None,
        password: str | None = None,
        ssl_context: ssl.SSLContext | None = None,
        *,
        envelope_from: str | None = None,
        timeout: float = 30.0,
        backoff: Sequence[float] = (1.0, 4.0, 15.0),
        sleep: Callable[[float], Awaitable[None]] | None = None,
        keep_open: float = 0.0,
        verp: bool = False,
        oauth: TokenSource | None = None,
        mechanism: Mechanism = "xoauth2",
    ) -> None:
        self.oauth = oauth
        """Log in with an OAuth2 access token (SASL ``mechanism``) instead of the password."""
        self.mechanism: Mechanism = mechanism
        self.oauth_revoked = ""
        """Set when the OAuth2 refresh token was refused (the runner tells the GM)."""
        self.verp = verp
        """Each seat mail's return path names its seat (:func:`pbem.mail.bounce.verp_address`)."""
        self.host = host
        self.port = port
        self.security: Security = check_security(security)
        self.user = user
        self.password = password
        self.ssl_context = ssl_context
        self.envelope_from = envelope_from
        self.timeout = timeout
        self.backoff = tuple(backoff)
        if sleep is None:
            import asyncio

            sleep = asyncio.sleep
        self.sleep = sleep
        self.connections = 0
        """How many connections this sender opened (one per batch unless the server dropped us)."""
        self.keep_open = max(0.0, keep_open)
        """Seconds a connection is kept open after a batch for the next one (``pbem daemon``: the
        next answer goes out without connecting, TLS and login again); 0 closes it after each
        batch. A kept connection is checked with NOOP before it is used, and replaced if the server
        closed it meanwhile. :meth:`close` ends it."""
        self._kept: aiosmtplib.SMTP | None = None
        self._kept_until = 0.0
        self._kept_at = 0.0
        """When the kept connection last finished a batch (``time.monotonic``)."""
        self._loop: asyncio.AbstractEventLoop | None = None

    def _client(self) -> aiosmtplib.SMTP:
        import aiosmtplib

        return aiosmtplib.SMTP(
            hostname=self.host,
            port=self.port,
            use_tls=self.security == "tls",
            start_tls=self.security == "starttls",
            tls_context=self.ssl_context,
            timeout=self.timeout,
        )

    async def _connect(self) -> aiosmtplib.SMTP:
        smtp = self._client()
        await smtp.connect()
        self.connections += 1
        try:
            if self.user is not None and self.oauth is not None:
                await self._oauth_login(smtp)
            elif self.user is not None:
                await smtp.login(self.user, self.password or "")
        except BaseException:
            smtp.close()
            raise
        return smtp

    async def _oauth_login(self, smtp: aiosmtplib.SMTP) -> None:
        """AUTH XOAUTH2 / OAUTHBEARER with an access token; a refused token is refreshed and
        tried once more. ``SMTPAuthenticationError`` when the second one is refused too."""
        import aiosmtplib

        from pbem.mail.oauth import sasl_initial

        assert self.oauth is not None and self.user is not None
        ehlo = getattr(smtp, "_ehlo_or_helo_if_needed", None)
        if ehlo is not None:
            await ehlo()
        for attempt in (1, 2):
            initial = sasl_initial(self.mechanism, self.user, self.oauth.token())
            reply = await smtp.execute_command(
                b"AUTH", self.mechanism.upper().encode(), initial.encode()
            )
            if reply.code == 334:  # the error challenge: an empty line ends the exchange
                reply = await smtp.execute_command(b"")
            if reply.code == 235:
                return
            if attempt == 2:
                raise aiosmtplib.SMTPAuthenticationError(reply.code, reply.message)
            log.info("smtp: the access token was refused; refreshing it")
            self.oauth.invalidate()

    async def asend_batch(self, messages: Sequence[Mail]) -> list[SendResult]:
        """Send every message; see the class docstring for retries. Never raises for SMTP trouble."""
        results: list[SendResult] = []
        smtp: aiosmtplib.SMTP | None = None
        unreachable: str | None = None
        if not messages:
            return results
        _, connect_errors = _smtp_errors()
        smtp, unchecked = await self._take_kept()
        try:
            for message in messages:
                if unreachable is not None:
                    results.append(
                        SendResult(
                            _mail_id(message),
                            _mail_recipients(message),
                            "temporary",
                            None,
                            unreachable,
                            attempts=0,
                        )
                    )
                    continue
                result, smtp = await self._send_one(smtp, message, unchecked=unchecked)
                unchecked = False
                if result.status == "temporary" and result.code is None:
                    unreachable = result.detail
                results.append(result)
        finally:
            if smtp is not None and self.keep_open > 0 and smtp.is_connected:
                self._kept_at = time.monotonic()
                self._kept, self._kept_until = smtp, self._kept_at + self.keep_open
            elif smtp is not None:
                with contextlib.suppress(*connect_errors):
                    await smtp.quit()
        return results

    async def _take_kept(self) -> tuple[aiosmtplib.SMTP | None, bool]:
        """The connection kept from the last batch, if still fresh, and whether it is unchecked.
        One that finished a batch less than :data:`RECENT` seconds ago is taken as it is (a tick's
        sending thread sends a batch for every message it reads: a NOOP each time was a round
        trip a message); an older one must answer NOOP."""
        smtp, self._kept = self._kept, None
        if smtp is None:
            return None, False
        _, connect_errors = _smtp_errors()
        now = time.monotonic()
        if now < self._kept_until and smtp.is_connected:
            if now - self._kept_at < RECENT:
                return smtp, True
            try:
                await smtp.noop()
                return smtp, False
            except connect_errors:
                pass
        await _drop(smtp)
        return None, False

    def send_batch(self, messages: Sequence[Mail]) -> list[SendResult]:
        """Synchronous :meth:`asend_batch`, for code without an event loop (the cron tick). With
        ``keep_open`` the sender keeps its own event loop (a connection belongs to one loop)."""
        import asyncio

        try:
            asyncio.get_running_loop()
        except RuntimeError:
            if self.keep_open <= 0:
                return asyncio.run(self.asend_batch(messages))
            if self._loop is None or self._loop.is_closed():
                self._loop = asyncio.new_event_loop()
            return self._loop.run_until_complete(self.asend_batch(messages))
        raise RuntimeError(
            "send_batch() was called inside an event loop; await asend_batch() instead."
        )

    @contextlib.contextmanager
    def session(self) -> Iterator[None]:
        """Keep one connection for every batch sent inside (a tick's sending thread sends each
        message's mails as they are queued); QUIT at the end, unless ``keep_open`` keeps it for
        the next tick anyway (the daemon)."""
        if self.keep_open > 0:
            yield
            return
        self.keep_open = 3600.0
        try:
            yield
        finally:
            self.keep_open = 0.0
            self.close()

    def close(self) -> None:
        """Say QUIT on a kept connection and close the sender's event loop (if it has them)."""
        loop, self._loop = self._loop, None
        smtp, self._kept = self._kept, None
        if loop is None:
            return
        if smtp is not None:
            with contextlib.suppress(*_smtp_errors()[1]):
                loop.run_until_complete(smtp.quit())
        loop.close()

    async def _transmit(
        self, smtp: aiosmtplib.SMTP, message: Mail, rcpts: tuple[str, ...]
    ) -> tuple[dict[str, aiosmtplib.SMTPResponse], str]:
        """Hand one mail to the server: stored bytes as they are when that is exactly what
        ``send_message`` would have sent (ASCII addresses, no Bcc header, 8BITMIME offered or
        an ASCII body), else through ``send_message``."""
        envelope_from = self.envelope_from
        if self.verp and envelope_from:
            from pbem.mail.bounce import verp_address

            envelope_from = verp_address(envelope_from, _mail_id(message)) or envelope_from
        if isinstance(message, RawMail) and envelope_from is not None:
            ascii_addresses = all(a.isascii() for a in (envelope_from, *rcpts))
            if ascii_addresses and not _BCC.search(_header_block(message.data)):
                ehlo = getattr(smtp, "_ehlo_or_helo_if_needed", None)
                if ehlo is not None:
                    await ehlo()  # so that the server's extensions are known
                options: list[str] = []
                if smtp.supports_extension("8BITMIME"):
                    options.append("BODY=8BITMIME")
                if options or message.data.isascii():
                    return await smtp.sendmail(
                        envelope_from, list(rcpts), message.data, mail_options=options
                    )
        parsed = _as_parsed(message) if isinstance(message, RawMail) else message
        return await smtp.send_message(parsed, sender=envelope_from, recipients=list(rcpts))

    async def _send_one(
        self, smtp: aiosmtplib.SMTP | None, message: Mail, *, unchecked: bool = False
    ) -> tuple[SendResult, aiosmtplib.SMTP | None]:
        """One mail, with retries. ``unchecked``: ``smtp`` is a kept connection taken without a
        NOOP; if it turns out closed, the first retry reconnects at once, without waiting."""
        # Long on purpose: one SMTP transaction with every reply code classified (retry, permanent, fallback).
        import aiosmtplib

        from pbem.mail.oauth import OAuthRevoked

        connection_errors, connect_errors = _smtp_errors()
        mid = _mail_id(message)
        rcpts = _mail_recipients(message)
        if not rcpts:
            return SendResult(mid, (), "permanent", None, "The message has no recipient."), smtp
        last_code: int | None = None
        last_detail = ""
        attempts = 0
        for delay in (*self.backoff, None):
            attempts += 1
            if smtp is None or not smtp.is_connected:
                try:
                    smtp = await self._connect()
                except OAuthRevoked as exc:
                    # No access token can be had: keep the mail queued; the runner tells the GM.
                    self.oauth_revoked = str(exc)
                    return SendResult(mid, rcpts, "temporary", None, str(exc), attempts), None
                except aiosmtplib.SMTPAuthenticationError as exc:
                    # Retrying a refused login cannot help and may lock the account: stop the
                    # batch (code None) and keep the mail queued until the GM fixes the config.
                    detail = (
                        f"The SMTP server {self.host}:{self.port} refused the login of "
                        f"{self.user} ({exc.code} {exc.message}): check the user name and password."
                    )
                    return SendResult(mid, rcpts, "temporary", None, detail, attempts), None
                except connect_errors as exc:
                    smtp, last_code = None, None
                    last_detail = (
                        f"Cannot connect to the SMTP server {self.host}:{self.port} "
                        f"({self.security}): {type(exc).__name__}: {exc}"
                    )
                    if delay is not None:
                        log.info("smtp: %s, retrying in %.1fs", last_detail, delay)
                        await self.sleep(delay)
                    continue
            try:
                refused, reply = await self._transmit(smtp, message, rcpts)
                partial = {k: (r.code, r.message) for k, r in refused.items()}
                return (
                    SendResult(mid, rcpts, "sent", 250, reply, attempts, partial),
                    smtp,
                )
            except aiosmtplib.SMTPRecipientsRefused as exc:
                # Every recipient refused: the codes say whether it may work later.
                codes = [r.code for r in exc.recipients]
                last_code = max(codes) if codes else None
                last_detail = "; ".join(
                    f"{r.recipient}: {r.code} {r.message}" for r in exc.recipients
                )
                await _rset(smtp)
            except aiosmtplib.SMTPResponseException as exc:
                last_code, last_detail = exc.code, exc.message
                if exc.code in (421,):  # the server is closing the connection
                    smtp = await _drop(smtp)  # always None: reconnect next time
                else:
                    await _rset(smtp)
            except connection_errors as exc:
                last_code, last_detail = None, f"{type(exc).__name__}: {exc}"
                smtp = await _drop(smtp)  # always None: reconnect next time
            except aiosmtplib.SMTPException as exc:
                last_code, last_detail = None, f"{type(exc).__name__}: {exc}"
                smtp = await _drop(smtp)  # always None: reconnect next time
            if last_code is not None and 500 <= last_code < 600:
                return (
                    SendResult(mid, rcpts, "permanent", last_code, last_detail, attempts),
                    smtp,
                )
            if delay is not None:
                if unchecked and attempts == 1 and smtp is None and last_code is None:
                    continue  # the kept connection was closed under us: a new one, at once
                log.info("smtp: %s for %s, retrying in %.1fs", last_detail, mid, delay)
                await self.sleep(delay)
        return SendResult(mid, rcpts, "temporary", last_code, last_detail, attempts), smtp


async def _rset(smtp: aiosmtplib.SMTP | None) -> None:
    if smtp is not None and smtp.is_connected:
        with contextlib.suppress(*_smtp_errors()[1]):
            await smtp.rset()


async def _drop(smtp: aiosmtplib.SMTP | None) -> aiosmtplib.SMTP | None:
    if smtp is not None:
        with contextlib.suppress(*_smtp_errors()[1]):
            smtp.close()
    return None
