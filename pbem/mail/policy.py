"""Which incoming mail the service answers at all: loops, bounces, auto-replies, floods, size.

Pure decisions on :class:`~pbem.mail.parse.ParsedMail` facts, plus :class:`RateLimiter`, whose
small state file lives in a directory the caller passes (the clock is injected too).

- :func:`is_loop_or_auto` says why a message must be dropped *silently* (answering an autoresponder
  or a bounce is how mail loops start), or None.
- :func:`dmarc_verdict` reads the topmost Authentication-Results of the GM's own server only.
- :func:`size_problem` is the player-readable refusal of an oversized message.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from pbem.mail.parse import ParsedMail

__all__ = [
    "is_loop_or_auto",
    "dmarc_verdict",
    "size_problem",
    "RateLimiter",
    "write_atomically",
    "DEFAULT_MAX_BYTES",
]

DEFAULT_MAX_BYTES = 1_000_000
"""A move is a line of text; a megabyte leaves room for a key or certificate attachment."""

_BOUNCE_LOCALPARTS = frozenset({"mailer-daemon", "postmaster", "mail-daemon", "mailerdaemon"})
_NOREPLY = re.compile(r"^(no-?reply|do-?not-?reply|donotreply|bounces?)([-+._].*)?$")
_AUTO_PRECEDENCE = frozenset({"bulk", "junk", "list", "auto_reply", "auto-reply"})


def _base_address(address: str) -> str:
    """``local+detail@Domain`` -> ``local@domain``: our reply addresses carry a +token."""
    local, at, domain = address.strip().lower().rpartition("@")
    if not at:
        return address.strip().lower()
    return f"{local.split('+', 1)[0]}@{domain}"


def is_loop_or_auto(parsed: ParsedMail, own_addresses: Iterable[str]) -> str | None:
    """Why ``parsed`` must be dropped without an answer, or None when a person sent it.

    ``own_addresses`` are the service's addresses (with or without ``+token``). Checked: no sender,
    our own address as sender, our address in X-Loop, Auto-Submitted other than "no", Precedence
    bulk/junk/list/auto_reply, vacation-responder headers, the null Return-Path, MAILER-DAEMON and
    postmaster senders, multipart/report (delivery and read reports), a List-Id (mailing-list
    traffic) and no-reply senders. The reason is for the log, not for a reply.
    """
    own = {_base_address(a) for a in own_addresses}
    sender = _base_address(parsed.from_addr) if parsed.from_addr else ""
    if not sender:
        return "The message has no readable From address."
    if sender in own:
        return f"The message comes from the service's own address {parsed.from_addr}."
    looped = [v for v in parsed.x_loop if any(o in v for o in own)]
    if looped:
        return f"The message already passed through this service (X-Loop: {looped[0]})."
    if parsed.auto_submitted and parsed.auto_submitted.split(";")[0].strip() != "no":
        return f"The message was sent automatically (Auto-Submitted: {parsed.auto_submitted})."
    if parsed.precedence in _AUTO_PRECEDENCE:
        return f"The message is bulk or automatic mail (Precedence: {parsed.precedence})."
    if parsed.autoreply_headers:
        return f"The message is an automatic reply ({parsed.autoreply_headers[0]} header)."
    if parsed.return_path == "":
        return "The message is a bounce (its Return-Path is empty)."
    if sender.partition("@")[0] in _BOUNCE_LOCALPARTS:
        return f"The message is a bounce or a server notice (from {parsed.from_addr})."
    if parsed.is_report:
        return "The message is a delivery or read report (multipart/report)."
    if parsed.list_id:
        # A list would distribute our answer to all its members, and maybe back to us.
        return f"The message came through a mailing list (List-Id: {parsed.list_id})."
    if _NOREPLY.match(sender.partition("@")[0]):
        return f"The message comes from an address that takes no replies ({parsed.from_addr})."
    return None


def dmarc_verdict(parsed: ParsedMail, authserv_id: str) -> str | None:
    """The DMARC result our own server recorded, or None when it recorded none.

    Only the *topmost* Authentication-Results header is considered, and only when it carries
    ``authserv_id``: lower ones may have been written by the sender to fool us.
    """
    if not parsed.auth_results:
        return None
    top = parsed.auth_results[0]
    if top.authserv_id != authserv_id.lower():
        return None
    return top.results.get("dmarc")


def size_problem(size: int, max_bytes: int = DEFAULT_MAX_BYTES) -> str | None:
    """A player-readable refusal when a message of ``size`` bytes exceeds ``max_bytes``."""
    if size <= max_bytes:
        return None
    return (
        f"Your message is {_human(size)}, more than the {_human(max_bytes)} this service reads. "
        "Please reply again with just your move as text, without attachments or pictures."
    )


def _human(n: int) -> str:
    if n >= 1_000_000:
        return f"{n / 1_000_000:.1f} MB"
    if n >= 1_000:
        return f"{n / 1_000:.0f} kB"
    return f"{n} bytes"


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` (mode 0600): the store's one atomic writer
    (:func:`pbem.store.fsutil.atomic_write`), creating the directory if needed.

    A reader (or a crash) sees the old file or the new one, never a mix.
    """
    from pbem.store.fsutil import atomic_write

    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    atomic_write(path, data, mode=0o600)


class RateLimiter:
    """At most ``limit`` messages per sender in any ``window`` seconds.

    State: ``<state_dir>/ratelimit.json`` mapping each (lowercased) sender to the times of their
    recent messages, pruned to the window on every write. ``clock`` returns seconds (e.g.
    ``time.time``); it is injected so tests and replays control time. One tick at a time uses the
    file (the service holds its tick lock), so there is no locking here.
    """

    FILENAME = "ratelimit.json"

    def __init__(
        self,
        state_dir: Path,
        limit: int,
        window: float,
        clock: Callable[[], float],
        *,
        filename: str = FILENAME,
    ) -> None:
        if limit < 1 or window <= 0:
            raise ValueError("RateLimiter needs limit >= 1 and window > 0")
        self.path = Path(state_dir) / filename
        self.limit = limit
        self.window = window
        self.clock = clock
        self._hits: dict[str, list[float]] = self._load()

    def _load(self) -> dict[str, list[float]]:
        try:
            data = json.loads(self.path.read_bytes())
        except FileNotFoundError:
            return {}
        except (OSError, ValueError):
            # A damaged limiter file must not stop the service: start counting afresh.
            return {}
        if not isinstance(data, dict):
            return {}
        return {
            str(k): [float(t) for t in v if isinstance(t, int | float)]
            for k, v in data.items()
            if isinstance(v, list)
        }

    def _recent(self, sender: str, now: float) -> list[float]:
        return [t for t in self._hits.get(sender, []) if now - self.window < t <= now]

    def count(self, sender: str) -> int:
        """How many messages of ``sender`` fall in the current window."""
        return len(self._recent(sender.strip().lower(), self.clock()))

    def allow(self, sender: str) -> bool:
        """Record a message from ``sender``; False when it is over the limit (then not recorded).

        A refused message is not counted, so a sender who keeps writing is let through again as
        soon as the window has moved past their earlier messages.
        """
        key = sender.strip().lower()
        now = self.clock()
        recent = self._recent(key, now)
        if len(recent) >= self.limit:
            return False
        recent.append(now)
        self._hits[key] = recent
        self._save(now)
        return True

    def _save(self, now: float) -> None:
        pruned = {k: [t for t in v if now - self.window < t <= now] for k, v in self._hits.items()}
        self._hits = {k: v for k, v in pruned.items() if v}
        write_atomically(self.path, json.dumps(self._hits, sort_keys=True).encode())
