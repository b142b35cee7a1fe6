"""Which incoming mail the service answers at all: loops, bounces, auto-replies, floods, size.

Pure decisions on :class:`~pbem.mail.parse.ParsedMail` facts, plus :class:`RateLimiter`, whose
small state file lives in a directory the caller passes (the clock is injected too).

- :func:`is_loop_or_auto` says why a message must be dropped *silently* (answering an autoresponder
  or a bounce is how mail loops start), or None.
- :func:`dmarc_verdict` reads the topmost Authentication-Results of the GM's own server only and
  says ``"pass"`` only for a DMARC pass aligned with the (single) From domain.
- :func:`size_problem` is the player-readable refusal of an oversized message.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from pbem import layout
from pbem.store.fsutil import ensure_private_dir, overwrite

if TYPE_CHECKING:
    from pbem.mail.parse import ParsedMail  # the parser (email package) is imported by its callers

__all__ = [
    "is_loop_or_auto",
    "dmarc_verdict",
    "size_problem",
    "reply_address_problem",
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
        # No sender, or an ambiguous one (two From headers, two mailboxes...): never answered.
        why = f" ({parsed.from_problem})" if parsed.from_problem else ""
        return f"The message has no readable From address{why}."
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


def _aligned(reported: str, from_domain: str) -> bool:
    """Relaxed DMARC alignment without a public-suffix list: the same domain, or one a subdomain of
    the other, where the shorter of the two has at least two labels (so ``org`` never aligns with
    ``example.org``). A registrable-domain check would also accept two sibling subdomains
    (``a.example.org`` and ``b.example.org``); refusing those is the safe side of the difference,
    and accepting ``co.uk``-style suffixes is not reachable: the reported domain is the one our own
    server read from this very From header."""
    a = reported.strip().strip(".").lower()
    b = from_domain.strip().strip(".").lower()
    if not a or not b:
        return False
    try:  # compare internationalised domains in one form (U-labels as A-labels)
        a = a.encode("idna").decode("ascii")
        b = b.encode("idna").decode("ascii")
    except UnicodeError:
        if a != b:
            return False
    if a == b:
        return True
    shorter, longer = (a, b) if len(a) < len(b) else (b, a)
    return shorter.count(".") >= 1 and longer.endswith("." + shorter)


def dmarc_verdict(parsed: ParsedMail, authserv_id: str) -> str | None:
    """What our own server's DMARC check says of ``parsed``'s From: ``"pass"`` only when it may
    be trusted; else a short word for the log; None when our server left no verdict at all.

    The service accepts a mail only when this returns ``"pass"``. Rules:

    - only the *topmost* Authentication-Results header counts, and only when it carries
      ``authserv_id`` (our MX adds its header on top; anything below, or a header with another
      id, may have been written by the sender);
    - it must parse as RFC 8601 (``"unparseable"`` otherwise);
    - it must hold a ``dmarc`` result, and every ``dmarc`` result in it must be ``pass``
      (``"none"`` when there is none; the result word otherwise: ``fail``, ``temperror``...);
      ``spf=pass`` or ``dkim=pass`` alone never do: they say nothing about the From domain;
    - each ``dmarc`` result must name the From domain in ``header.from``, aligned as
      :func:`_aligned` says (``"unaligned"`` otherwise), so that a pass for the attacker's own
      domain does not vouch for the player's address;
    - the message must have exactly one readable From mailbox (``"no-from"`` otherwise).
    """
    if not parsed.auth_results:
        return None
    top = parsed.auth_results[0]
    if top.authserv_id != authserv_id.strip().lower():
        return None
    if not top.parsed:
        return "unparseable"
    if getattr(parsed, "from_problem", "") or not parsed.from_addr:
        return "no-from"
    dmarc = [m for m in top.methods if m.method == "dmarc"]
    if not dmarc:
        return "none"
    for m in dmarc:
        if m.result != "pass":
            return m.result or "fail"
    for m in dmarc:
        if not _aligned(m.prop("header.from"), parsed.sender_domain):
            return "unaligned"
    return "pass"


def reply_address_problem(address: str) -> str | None:
    """Why the service cannot send an answer to ``address`` (None when it can).

    The service sends ASCII mail only (no SMTPUTF8, docs/SECURITY.md): an internationalised
    address (UTF-8 local part) is read and kept, but cannot be answered; nor can an empty or
    malformed one. The service checks this before composing any answer to a sender.
    """
    if not address or "@" not in address:
        return "The sender has no address."
    if not address.isascii():
        return f"The sender's address {address.encode('ascii', 'backslashreplace').decode()} is not ASCII; this service sends ASCII mail only."
    if any(c.isspace() or ord(c) < 32 or c in '<>()[]\\,;:"' for c in address):
        return "The sender's address is malformed."
    return None


def size_problem(size: int, max_bytes: int = DEFAULT_MAX_BYTES) -> str | None:
    """A player-readable refusal when a message of ``size`` bytes exceeds ``max_bytes``.

    The service calls it on ``len(raw)`` *before* :func:`pbem.mail.parse.parse_message`, so that a
    big message costs nothing but its length: ``size_problem(len(raw), policy.max_size)``."""
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


def write_atomically(path: Path, data: bytes, *, sync: bool = True) -> None:
    """Replace ``path`` with ``data`` (mode 0600): the store's one atomic writer
    (:func:`pbem.store.fsutil.atomic_write`), creating the directory if needed.

    A reader sees the old file or the new one, never a mix. ``sync=False``: no fsync, for state
    whose loss in a power cut is harmless (after one, the file may be old, empty or missing).
    """
    from pbem.store.fsutil import atomic_write

    ensure_private_dir(path.parent)
    atomic_write(path, data, mode=0o600, sync=sync)


class RateLimiter:
    """At most ``limit`` messages per sender in any ``window`` seconds.

    State: ``<state_dir>/ratelimit.json`` mapping each (lowercased) sender to the times of their
    recent messages, pruned to the window on every write. ``clock`` returns seconds (e.g.
    ``time.time``); it is injected so tests and replays control time. One tick at a time uses the
    file (the service holds its tick lock), so there is no locking here.
    """

    FILENAME = layout.RATELIMIT

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
        return layout.rate_hits(data)

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
        # Written over in place, not fsynced (no temp file, rename or fsync: about 2 ms a message
        # less on a busy disk): a crash loses at most the latest counts or tears the file, which
        # is then read as empty (see _load), and lets a sender a few more messages through in
        # that window. Nothing else depends on it.
        ensure_private_dir(self.path.parent)
        overwrite(self.path, json.dumps(self._hits, sort_keys=True).encode())
