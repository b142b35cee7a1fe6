"""Answers to mail that no seat sent, and alerts to the GM: each bounded by its own counters
(issue 24: these were methods of the facade that the steps called back into).

- :class:`StrangerDesk` refuses a mail we cannot attribute to a seat: at most once a day per
  address, so many an hour in all, and a budget of its own for replies to our own notices;
- :class:`GmAlerts` mails the GM once a day per alert key.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from pbem import layout
from pbem.i18n import _
from pbem.mail.policy import RateLimiter
from pbem.service.outcome import Folder, Outcome, Reason
from pbem.service.ports import Clock, Policy

if TYPE_CHECKING:
    from pbem.mail.parse import ParsedMail
    from pbem.service.journal import Journal
    from pbem.service.mailer import Mailer
    from pbem.store import GameRecord

log = logging.getLogger("pbem.service")

GM_ALERTS_FILE = layout.GM_ALERTS
"""When each GM alert (by key) was last queued: an alert goes out once a day."""

ANSWERS_TO_OURS_PER_DAY = 20
"""Refusals a day to one address that replied to one of our notices (:meth:`StrangerDesk.refuse`)."""


@dataclass(eq=False, repr=False)
class StrangerDesk:
    """Answers to unauthenticated addresses (the :class:`~pbem.service.ports.Strangers` port)."""

    journal: Journal
    policy: Policy
    clock: Clock
    secret: bytes
    mailer: Mailer

    def _limiter(self, limit: int, window: float, filename: str) -> RateLimiter:
        return RateLimiter(
            self.journal.root, limit, window, lambda: self.clock().timestamp(), filename=filename
        )

    # The counters' files are read only when a stranger writes, not by every tick.

    @cached_property
    def per_address(self) -> RateLimiter:
        """Answers to one unauthenticated address: so many a day."""
        return self._limiter(self.policy.stranger_answers_per_day, 86400.0, layout.STRANGERS)

    @cached_property
    def flood(self) -> RateLimiter:
        """Answers to all unauthenticated addresses together: so many an hour."""
        return self._limiter(self.policy.stranger_answers_per_hour, 3600.0, layout.STRANGERS_ALL)

    def allow_ours(self, address: str) -> bool:
        """Whether one more answer to a reply to one of our notices fits ``address``'s own
        daily budget (spends it)."""
        return self.answers_to_ours.allow(address)

    @cached_property
    def answers_to_ours(self) -> RateLimiter:
        """Answers to replies to our own notices (issue 32): outside the strangers' budget, so
        many a day per address (bounds a loop with a broken client)."""
        return self._limiter(ANSWERS_TO_OURS_PER_DAY, 86400.0, layout.ANSWERS_OURS)

    def allow(self, address: str) -> bool:
        return self.per_address.allow(address) and self.flood.allow("*")

    def refuse(
        self, p: ParsedMail, why: str, reason: Reason, *, game: GameRecord | None = None
    ) -> Outcome:
        """Answer a mail we cannot attribute to a seat: at most once a day per address, and
        only so many an hour in all; it never echoes the sender's name or text, nor shows any
        game."""
        from pbem.mail.policy import reply_address_problem
        from pbem.mail.tokens import answers_our_notice
        from pbem.service.mailer import Mail, short_hash

        gid = game.envelope.game_id if game else None
        addr = p.from_addr
        unanswerable = reply_address_problem(addr)
        if unanswerable is not None:
            # We send ASCII mail only: the one line that refuses it is the log's.
            log.info("not answered (%s): %s", reason, unanswerable)
            return Outcome(Folder.REJECTED, Reason.DROPPED_NO_SENDER, gid, detail=reason)
        # A reply to one of our notices to this very address is ours (its Message-ID's MAC):
        # it is answered outside the strangers' budget (a budget of its own bounds a loop).
        ours = answers_our_notice(self.secret, addr, [p.in_reply_to, *p.references])
        if ours:
            allowed = bool(why) and self.answers_to_ours.allow(addr)
        else:
            allowed = bool(why) and self.allow(addr)
        if not allowed:
            return Outcome(Folder.REJECTED, Reason.DROPPED_STRANGER, gid, detail=reason)
        with self.mailer.speaking_to(addr):
            ctx = self.mailer.notice_context(
                _("your mail was not accepted"),
                "",
                game_id=gid or "-",
                paragraphs=[
                    _(why),
                    _("Nothing was changed in any game. Questions go to the game master at %(gm)s.")
                    % {"gm": self.policy.gm_address},
                ],
            )
        day = self.clock().strftime("%Y%m%d")
        tail = f"refuse.{day}.{addr}" + (f".{short_hash(p.message_id)}" if ours else "")
        self.mailer.send(Mail("notice", ctx, "", addr, tail, reply_to=p))
        return Outcome(Folder.REJECTED, reason, gid, 1)


class GmAlerts:
    """Mails to the GM (delivery failures, shunted messages, stopped games): once a day per key
    (the :class:`~pbem.service.ports.AlertGm` port)."""

    def __init__(self, journal: Journal, mailer: Mailer, clock: Clock) -> None:
        self.journal = journal
        self.mailer = mailer
        self.clock = clock

    def __call__(self, subject: str, lines: list[str], key: str) -> None:
        """``gm-alerts.json`` remembers when each alert was queued, however many ticks meet the
        same fault."""
        now = self.clock().timestamp()
        path = self.journal.path(GM_ALERTS_FILE)
        try:
            seen = json.loads(path.read_bytes())
        except (OSError, ValueError):
            seen = {}
        if not isinstance(seen, dict):
            seen = {}
        last = seen.get(key)
        if isinstance(last, int | float) and 0 <= now - last < 86400:
            log.info("GM alert %s already sent today", key)
            return
        self.mailer.alert_gm(subject, lines, key)
        seen = {k: v for k, v in seen.items() if isinstance(v, int | float) and now - v < 86400}
        seen[key] = now
        self.journal.write_marker(GM_ALERTS_FILE, json.dumps(seen, sort_keys=True).encode())
