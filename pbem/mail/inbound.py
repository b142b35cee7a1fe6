"""Reading the service mailbox: :class:`ImapSource` (any IMAP server) and :class:`MaildirSource`.

Both hand out :class:`InboundMessage` objects and are told afterwards what became of each one:

1. ``fetch_new()`` returns the messages not yet handled, oldest first, without marking them read
   (IMAP ``BODY.PEEK[]``);
2. the caller commits the result of a message to disk;
3. only then ``done(msg, "processed" | "rejected" | "shunt")`` files it away (IMAP: ``\\Seen`` and a
   ``$Pbem...`` keyword, then MOVE, or COPY + ``\\Deleted`` + UID EXPUNGE) and, for IMAP, advances
   the stored UID cursor.

A crash between 1 and 3 leaves the message in the inbox, so the next tick sees it again; the
caller's ledger of applied Message-IDs makes the replay harmless. ``expunge(msg)`` deletes a message
outright (a certificate request that carried a passphrase must not be kept anywhere).

The IMAP cursor (``{"uidvalidity", "last_uid"}`` as JSON, :mod:`pbem.mail.cursor`) is written
temp+fsync+rename. When the server's UIDVALIDITY differs from the stored one, the UIDs mean other
messages now: the cursor restarts at 0, a warning is logged and :attr:`ImapSource.reset_notice`
says so.
"""

from __future__ import annotations

import contextlib
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Literal, TypeVar

import msgspec

if TYPE_CHECKING:  # imapclient is imported on the first IMAP connection (a Maildir never needs it)
    import ssl

    from imapclient import IMAPClient

    from pbem.mail.oauth import Mechanism, TokenSource

from pbem.errors import ConfigError
from pbem.mail.cursor import UidCursor
from pbem.mail.lifetimes import Closing
from pbem.mail.outbound import Security, check_security

__all__ = ["Folder", "InboundMessage", "ImapSource", "MaildirSource"]

log = logging.getLogger(__name__)

Folder = Literal["processed", "rejected", "shunt"]
"""Where a handled message goes: applied, refused with a reply, or shunted for the GM."""

_KEYWORDS: dict[str, bytes] = {
    "processed": b"$PbemProcessed",
    "rejected": b"$PbemRejected",
    "shunt": b"$PbemShunt",
}
_SEEN = b"\\Seen"
_DELETED = b"\\Deleted"

T = TypeVar("T")


class InboundMessage(msgspec.Struct, frozen=True):
    """One message to handle."""

    uid: int
    """The IMAP UID (0 for a Maildir message)."""
    raw: bytes
    """The complete message as stored on the server."""
    key: str = ""
    """The Maildir key (``""`` for IMAP)."""


class ImapSource(Closing):
    """The service's IMAP inbox: fetch new messages past a persisted UID cursor, file them away.

    ``security``: ``"tls"`` (implicit, port 993), ``"starttls"`` (required upgrade, port 143) or
    ``"none"`` (local servers only). ``ssl_context`` defaults to the system's trust store.
    ``use_move``: None uses MOVE when the server offers it; False forces the COPY + EXPUNGE path.
    The connection is opened on first use and kept until :meth:`close`.
    """

    # Long on purpose: one IMAP session's whole life: connect, cursor, fetch, file, expunge, IDLE; each method is one IMAP exchange.

    def __init__(
        self,
        host: str,
        port: int,
        security: Security,
        user: str,
        password: str,
        *,
        cursor_path: Path,
        inbox: str = "INBOX",
        processed: str = "Processed",
        rejected: str = "Rejected",
        shunt: str = "Shunt",
        ssl_context: ssl.SSLContext | None = None,
        batch_size: int = 50,
        timeout: float = 60.0,
        use_move: bool | None = None,
        idle_cycle: float = 0.0,
        oauth: TokenSource | None = None,
        mechanism: Mechanism = "xoauth2",
    ) -> None:
        self.oauth = oauth
        """Log in with an OAuth2 access token (SASL ``mechanism``) instead of the password."""
        self.mechanism: Mechanism = mechanism
        self.host = host
        self.port = port
        self.security: Security = check_security(security)
        self.user = user
        self.password = password
        self.cursor_path = Path(cursor_path)
        self.inbox = inbox
        self.folders: dict[str, str] = {
            "processed": processed,
            "rejected": rejected,
            "shunt": shunt,
        }
        self.ssl_context = ssl_context
        self.batch_size = max(1, batch_size)
        self.timeout = timeout
        self.use_move = use_move
        self.idle_cycle = max(0.0, idle_cycle)
        """Seconds after which :meth:`idle_wait` ends its IDLE, asks (NOOP) and starts it again;
        0 waits for the server's own notification (see :meth:`idle_wait`)."""
        self.reset_notice: str | None = None
        """Set when a changed UIDVALIDITY reset the cursor: a sentence for the log and the GM."""
        self._client: IMAPClient | None = None
        self._uidvalidity: int | None = None
        self._keywords_ok = False
        self._known_folders: set[str] = set()
        self._cursor = UidCursor(self.cursor_path, self.inbox)
        self._fetched: set[int] = set()
        self._done: set[int] = set()

    # -- cursor ---------------------------------------------------------------------------------

    @property
    def cursor(self) -> int:
        """The highest UID below which every fetched message has been handled."""
        return self._cursor.last_uid

    # -- connection -----------------------------------------------------------------------------

    def _connect(self) -> IMAPClient:
        import ssl

        from imapclient import IMAPClient
        from imapclient.exceptions import LoginError

        try:
            client = IMAPClient(
                self.host,
                self.port,
                ssl=self.security == "tls",
                ssl_context=self.ssl_context,
                timeout=self.timeout,
            )
            if self.security == "starttls":
                client.starttls(self.ssl_context)
            self._login(client)
        except LoginError as exc:
            raise ConfigError(
                f"The IMAP server {self.host}:{self.port} refused the login of {self.user}: "
                "check the user name and password in the configuration."
            ) from exc
        except (TimeoutError, OSError, ssl.SSLError) as exc:
            raise ConfigError(
                f"Cannot reach the IMAP server {self.host}:{self.port} ({self.security}): {exc}."
            ) from exc
        self._known_folders = set()
        selected = client.select_folder(self.inbox)
        permanent = selected.get(b"PERMANENTFLAGS", ())
        self._keywords_ok = b"\\*" in permanent
        uidvalidity = int(selected[b"UIDVALIDITY"])
        stored = self._cursor.follow(uidvalidity)
        if stored is not None:
            self.reset_notice = (
                f"The IMAP server changed the UIDVALIDITY of {self.inbox} from {stored} to "
                f"{uidvalidity}: every message still in {self.inbox} is read again (messages "
                "already applied are recognised by their Message-ID and skipped)."
            )
            log.warning("imap: %s", self.reset_notice)
            self._fetched.clear()
            self._done.clear()
        self._uidvalidity = uidvalidity
        self._client = client
        return client

    def _login(self, client: IMAPClient) -> None:
        """The password, or an OAuth2 access token: on a refusal the token is refreshed and
        tried once more (it may have expired early or been revoked server-side)."""
        from imapclient.exceptions import LoginError

        if self.oauth is None:
            client.login(self.user, self.password)
            return
        for attempt in (1, 2):
            token = self.oauth.token()
            try:
                if self.mechanism == "oauthbearer":
                    client.oauthbearer_login(self.user, token)
                else:
                    client.oauth2_login(self.user, token)
                return
            except LoginError:
                if attempt == 2:
                    raise
                log.info("imap: the access token was refused; refreshing it")
                self.oauth.invalidate()

    def _imap(self) -> IMAPClient:
        return self._client if self._client is not None else self._connect()

    def _retrying(self, op: Callable[[IMAPClient], T]) -> T:
        """Run ``op`` on the connection; reconnect once if the server dropped it."""
        from imapclient.exceptions import IMAPClientAbortError

        try:
            return op(self._imap())
        except (IMAPClientAbortError, OSError) as exc:
            log.info("imap: connection lost (%s), reconnecting", exc)
            self._drop()
            before = self._uidvalidity
            client = self._connect()
            if before is not None and self._uidvalidity != before:
                raise ConfigError(self.reset_notice or "UIDVALIDITY changed") from exc
            return op(client)
        finally:
            self._forget_unsolicited()

    def _forget_unsolicited(self) -> None:
        """Drop the untagged responses no command asked for. ``imaplib`` keeps every one of them
        (RECENT, EXISTS, EXPUNGE, COPYUID: three for each message filed away) until the next
        SELECT, which a connection kept open by the daemon never sends: without this, its memory
        grows with every message for as long as the connection lives. Called between commands,
        when what each command needed has been read (imapclient has no public way: its issue
        #152)."""
        client = self._client
        imap = getattr(client, "_imap", None) if client is not None else None
        responses = getattr(imap, "untagged_responses", None)
        if isinstance(responses, dict):
            responses.clear()

    def _drop(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            with contextlib.suppress(Exception):
                client.shutdown()

    def close(self) -> None:
        """Log out and close the connection (the cursor is already on disk)."""
        client, self._client = self._client, None
        if client is not None:
            from imapclient.exceptions import IMAPClientError

            with contextlib.suppress(IMAPClientError, OSError):
                client.logout()

    # -- the interface --------------------------------------------------------------------------

    def fetch_new(self, limit: int | None = None) -> list[InboundMessage]:
        """The messages with a UID above the cursor, oldest first (at most ``limit``).

        Messages already fetched by this object and not yet :meth:`done` are returned again (the
        caller may retry them); ``\\Seen`` is not set.
        """

        def run(client: IMAPClient) -> list[InboundMessage]:
            after = self.cursor
            # On a connection kept open, Dovecot only shows mail delivered since the last command
            # once the session syncs: NOOP makes it do so (without it a new reply waits a tick).
            client.noop()
            # "UID n:*" always matches the newest message even when its UID is below n.
            found = client.search(["UID", f"{after + 1}:*", "UNDELETED"])
            uids = sorted(int(u) for u in found if int(u) > after and int(u) not in self._done)
            if limit is not None:
                uids = uids[:limit]
            messages: list[InboundMessage] = []
            for start in range(0, len(uids), self.batch_size):
                chunk = uids[start : start + self.batch_size]
                response = client.fetch(chunk, [b"BODY.PEEK[]"])
                for uid in chunk:
                    raw = response.get(uid, {}).get(b"BODY[]")
                    if raw is None:  # expunged by someone else meanwhile
                        continue
                    messages.append(InboundMessage(uid, bytes(raw)))
            self._fetched.update(m.uid for m in messages)
            return messages

        return self._retrying(run)

    def done(self, msg: InboundMessage, folder: Folder) -> None:
        """File ``msg`` into the processed, rejected or shunt folder, then advance the cursor.

        Call it only after the result of the message is safely on disk.
        """
        if folder not in self.folders:
            raise ValueError(f"folder must be one of {sorted(self.folders)}, not {folder!r}")
        target = self.folders[folder]

        def run(client: IMAPClient) -> None:
            flags = [_SEEN, _KEYWORDS[folder]] if self._keywords_ok else [_SEEN]
            client.add_flags([msg.uid], flags, silent=True)
            self._ensure_folder(client, target)
            move = self.use_move
            if move is None:
                move = client.has_capability("MOVE")
            if move:
                client.move([msg.uid], target)
            else:
                client.copy([msg.uid], target)
                self._delete(client, msg.uid)

        self._retrying(run)
        self._mark_done(msg.uid)

    def expunge(self, msg: InboundMessage) -> None:
        """Delete ``msg`` from the inbox for good (no copy anywhere), then advance the cursor."""
        self._retrying(lambda client: self._delete(client, msg.uid))
        self._mark_done(msg.uid)

    def idle_wait(
        self, timeout: float, poll: float = 5.0, stop: Callable[[], bool] | None = None
    ) -> bool:
        """Wait up to ``timeout`` seconds for new mail (IMAP IDLE; NOOP every ``poll`` s without it).

        With :attr:`idle_cycle` > 0 the IDLE is ended (DONE) every ``idle_cycle`` seconds, a NOOP
        asks the server for news, and the IDLE starts again: a server that delays its IDLE
        notifications (Dovecot 2.3: by 0.5 s) then reports a new message within about
        ``idle_cycle`` seconds (three short commands a cycle). With 0 the wait ends when the
        server announces the message.

        True when the server announced new messages; False on timeout, or soon (within
        :data:`STOP_CHECK` seconds) after ``stop()`` became true (the daemon's SIGTERM). Either
        way the caller then calls :meth:`fetch_new`.
        """
        try:
            return self._wait(timeout, poll, stop)
        finally:
            self._forget_unsolicited()

    def _wait(self, timeout: float, poll: float, stop: Callable[[], bool] | None) -> bool:
        # Long on purpose: one wait loop over its three ways (IDLE cycled, plain IDLE, NOOP polling), each checking the stop request every STOP_CHECK.
        stopping = stop or (lambda: False)
        client = self._imap()
        # Mail that arrived since the last fetch would not be announced during IDLE: NOOP makes
        # the server report it (a SEARCH alone may not see it yet).
        _text, responses = client.noop()
        if _announces_mail(list(responses)):
            return True
        waiting = client.search(["UID", f"{self.cursor + 1}:*", "UNDELETED"])
        if any(int(u) > self.cursor and int(u) not in self._fetched for u in waiting):
            return True
        deadline = time.monotonic() + timeout
        if not client.has_capability("IDLE"):
            if self.idle_cycle > 0:
                poll = min(poll, self.idle_cycle)
            next_noop = 0.0
            while not stopping():
                if time.monotonic() >= next_noop:
                    _text, responses = client.noop()
                    if _announces_mail(responses):
                        return True
                    next_noop = time.monotonic() + poll
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                time.sleep(min(STOP_CHECK, remaining, max(0.0, next_noop - time.monotonic())))
            return False
        cycle = self.idle_cycle
        client.idle()
        idling = True
        responses = []
        tail: list[object] = []
        try:
            # Short waits in a row (the IDLE stays open): a new message still ends the wait at
            # once, and a stop request is seen within STOP_CHECK seconds.
            next_cycle = time.monotonic() + cycle
            while not stopping():
                now = time.monotonic()
                remaining = deadline - now
                if remaining <= 0:
                    break
                wait = min(STOP_CHECK, remaining)
                if cycle > 0:
                    wait = min(wait, max(0.0, next_cycle - now))
                responses = list(client.idle_check(timeout=wait))
                if _announces_mail(responses):
                    break
                if cycle > 0 and time.monotonic() >= next_cycle:
                    # Dovecot 2.3 holds back every IDLE notification for half a second (a fixed
                    # delay), but a command makes it look at the mailbox at once: end the IDLE,
                    # ask with NOOP, and go on waiting.
                    idling = False
                    _text, tail = client.idle_done()
                    if _announces_mail(list(tail)):
                        return True
                    _text, responses = client.noop()
                    if _announces_mail(list(responses)):
                        return True
                    client.idle()
                    idling = True
                    next_cycle = time.monotonic() + cycle
        finally:
            if idling:
                _text, tail = client.idle_done()
        return _announces_mail(list(responses) + list(tail))

    # -- internals ------------------------------------------------------------------------------

    def _delete(self, client: IMAPClient, uid: int) -> None:
        client.add_flags([uid], [_DELETED], silent=True)
        if client.has_capability("UIDPLUS"):
            client.uid_expunge([uid])
        else:  # without UIDPLUS, EXPUNGE removes every \Deleted message: only ours are flagged
            client.expunge()

    def _ensure_folder(self, client: IMAPClient, name: str) -> None:
        if name in self._known_folders:
            return
        if not client.folder_exists(name):
            from imapclient.exceptions import IMAPClientError

            log.info("imap: creating folder %s", name)
            with contextlib.suppress(IMAPClientError):  # created concurrently: fine
                client.create_folder(name)
        self._known_folders.add(name)

    def _mark_done(self, uid: int) -> None:
        if uid not in self._fetched:
            # Not fetched by this object (e.g. a UID from an earlier run): the messages below it
            # are unknown here, so the cursor must not jump over them.
            return
        self._done.add(uid)
        pending = [u for u in self._fetched if u not in self._done]
        # Never move past a message that was fetched but not handled: it must be seen again.
        ceiling = min(pending) - 1 if pending else max(self._done)
        handled = [u for u in self._done if u <= ceiling]
        new_cursor = max([self.cursor, *handled])
        if new_cursor != self.cursor:
            self._cursor.advance(new_cursor)
        self._done = {u for u in self._done if u > new_cursor}
        self._fetched = {u for u in self._fetched if u > new_cursor}


STOP_CHECK = 0.25
"""Seconds between two looks at the daemon's stop request while waiting for mail."""


def _announces_mail(responses: list[object]) -> bool:
    return any(
        isinstance(r, tuple) and len(r) >= 2 and r[1] in (b"EXISTS", b"RECENT") for r in responses
    )


class MaildirSource(Closing):
    """A local Maildir as the service inbox (same interface as :class:`ImapSource`).

    Unhandled messages are those in ``new/`` and ``cur/`` of the top-level Maildir; :meth:`done`
    renames a message into ``cur/`` of the Maildir++ sub-folder (``.Processed``, ``.Rejected``,
    ``.Shunt``) with the Seen flag, atomically.
    """

    def __init__(
        self,
        path: Path,
        *,
        processed: str = "Processed",
        rejected: str = "Rejected",
        shunt: str = "Shunt",
    ) -> None:
        self.path = Path(path)
        self.folders: dict[str, str] = {
            "processed": processed,
            "rejected": rejected,
            "shunt": shunt,
        }
        for sub in ("new", "cur", "tmp"):
            (self.path / sub).mkdir(parents=True, exist_ok=True)
        self._files: dict[str, Path] = {}

    def _scan(self) -> list[Path]:
        files: list[Path] = []
        for sub in ("new", "cur"):
            with os.scandir(self.path / sub) as entries:
                files.extend(
                    Path(e.path) for e in entries if e.is_file() and not e.name.startswith(".")
                )
        # Delivery order: Maildir names start with the delivery time; mtime breaks no ties better.
        return sorted(files, key=lambda p: (p.stat().st_mtime, p.name))

    def fetch_new(self, limit: int | None = None) -> list[InboundMessage]:
        """The messages waiting in the Maildir, oldest first (at most ``limit``)."""
        messages = []
        for path in self._scan():
            key = path.name.split(":", 1)[0]
            try:
                raw = path.read_bytes()
            except FileNotFoundError:  # handled by another reader meanwhile
                continue
            self._files[key] = path
            messages.append(InboundMessage(0, raw, key))
            if limit is not None and len(messages) >= limit:
                break
        return messages

    def _path_of(self, msg: InboundMessage) -> Path:
        path = self._files.get(msg.key)
        if path is not None and path.exists():
            return path
        for sub in ("new", "cur"):
            for candidate in (self.path / sub).glob(f"{msg.key}*"):
                if candidate.name.split(":", 1)[0] == msg.key:
                    return candidate
        raise FileNotFoundError(f"The message {msg.key} is no longer in {self.path}.")

    def folder_path(self, folder: Folder) -> Path:
        """The Maildir++ directory of ``folder`` (created on demand)."""
        path = self.path / f".{self.folders[folder]}"
        for sub in ("new", "cur", "tmp"):
            (path / sub).mkdir(parents=True, exist_ok=True)
        (path / "maildirfolder").touch()
        return path

    def done(self, msg: InboundMessage, folder: Folder) -> None:
        """Move ``msg`` into ``cur/`` of the folder's Maildir with the Seen flag (one rename)."""
        if folder not in self.folders:
            raise ValueError(f"folder must be one of {sorted(self.folders)}, not {folder!r}")
        source = self._path_of(msg)
        os.rename(source, self.folder_path(folder) / "cur" / f"{msg.key}:2,S")
        _fsync_dir(source.parent)
        self._files.pop(msg.key, None)

    def expunge(self, msg: InboundMessage) -> None:
        """Delete ``msg`` for good."""
        source = self._path_of(msg)
        source.unlink()
        _fsync_dir(source.parent)
        self._files.pop(msg.key, None)

    def idle_wait(
        self, timeout: float, poll: float = 0.2, stop: Callable[[], bool] | None = None
    ) -> bool:
        """Wait up to ``timeout`` seconds for a message not yet fetched; True when one came.
        False on timeout or once ``stop()`` is true."""
        deadline = time.monotonic() + timeout
        while stop is None or not stop():
            known = {p.name.split(":", 1)[0] for p in self._files.values()}
            if any(p.name.split(":", 1)[0] not in known for p in self._scan()):
                return True
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            time.sleep(min(poll, remaining))
        return False

    def close(self) -> None:
        """Nothing to close; for symmetry with :class:`ImapSource`."""


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
