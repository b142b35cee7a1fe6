"""Keys for encrypted mail in the loop: who is still missing one, the welcome and reminders of a
game that waits for keys, and filing the keys a player's reply carries."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from pbem.errors import PLAYER_ERRORS
from pbem.i18n import _
from pbem.service.facts import private_part
from pbem.service.journal import AwaitingMark, Journal
from pbem.service.mailer import Mailer, join, reply_tail
from pbem.service.ports import COMPUTER_PREFIX, MailCryptoPort
from pbem.store import GameRecord, Store
from pbem.store.fold import has_started

if TYPE_CHECKING:
    from pbem.mail.parse import ParsedMail


def how_to_send_key(part: str = "tile") -> list[str]:
    from pbem.crypto import texts

    return texts.how_to_send_a_key(part)


@dataclass(eq=False, repr=False)
class KeyDesk:
    """The key business of the mail loop."""

    store: Store
    journal: Journal
    mailer: Mailer
    clock: Callable[[], datetime]
    crypto: Callable[[], MailCryptoPort | None]
    """The mail crypto, opened on first use (None: the service has none)."""
    notify: Callable[[str], int]

    def missing(self, record: GameRecord) -> list[str]:
        """Players (by name) still without a usable key in a ``required`` game that has not
        started; [] when the game may go on."""
        from pbem.crypto_mail import privacy_of

        crypto = self.crypto()
        if crypto is None or privacy_of(record) != "required":
            return []
        if self.journal.notified(record.envelope.game_id).seq > 0 or has_started(record.entries):
            return []  # started: a key that expires later falls back per mail instead
        now = self.clock()
        env = record.envelope
        return [
            env.active_player(s).name
            for s in env.seats()
            if not env.active_player(s).email.startswith(COMPUTER_PREFIX)
            and not crypto.has_key(env.active_player(s).email, now)
        ]

    def file_keys(
        self, record: GameRecord, seat: int, p: ParsedMail, found: Sequence[object]
    ) -> int:
        """File the keys a token-authenticated mail carries (``found``: what the crypto port's
        ``keys_in`` found in it); confirm or refuse by mail. Returns the number of confirmations
        sent, or -1 when the keys were refused."""
        crypto = self.crypto()
        assert crypto is not None
        pl = record.envelope.active_player(seat)
        try:
            paragraphs = crypto.accept_keys(found, pl.email, self.clock())
        except PLAYER_ERRORS as err:
            self.mailer.notice(
                record,
                seat,
                _("your key was not accepted"),
                [str(err), *how_to_send_key()],
                reply_tail(p, record, "keyrefused"),
                reply_to=p,
            )
            return -1
        n = self.mailer.notice(
            record,
            seat,
            _("your key is on file"),
            paragraphs,
            reply_tail(p, record, "key"),
            reply_to=p,
            attach_keys=True,
        )
        self.start_if_ready(record.envelope.game_id)
        return n

    def start_if_ready(self, game_id: str, *, now: bool = True) -> None:
        """A game waiting for keys starts once the last one is on file (the start mails are
        queued at once, or at the next journal flush when ``now`` is false)."""
        if self.journal.is_awaiting(game_id) and not self.missing(self.store.load(game_id)):
            self.journal.clear_awaiting(game_id)
            if now:
                self.notify(game_id)
            else:
                self.journal.mark_dirty(game_id)

    def welcome(self, record: GameRecord, *, reminder: bool = False) -> int:
        """A game that waits for keys: tell each player without one how to send it (the welcome
        once; a reminder to those still missing when ``reminder``)."""
        gid = record.envelope.game_id
        mark = self.journal.awaiting(gid) or AwaitingMark()
        told = set(mark.told)
        missing = self.missing(record)
        now = self.clock()
        crypto = self.crypto()
        env = record.envelope
        n = 0
        for seat in env.seats():
            pl = env.active_player(seat)
            if pl.email.startswith(COMPUTER_PREFIX):
                continue
            has = crypto is not None and crypto.has_key(pl.email, now)
            if (pl.email in told and not reminder) or (reminder and has):
                continue
            with self.mailer.speaking_to(pl.email, record):
                paras, what = self._welcome_text(record, missing, has=has, reminder=reminder)
                tail = f"remind.{now:%Y%m%d%H%M}" if reminder else "welcome"
                n += self.mailer.notice(record, seat, what, paras, tail, attach_keys=not reminder)
            told.add(pl.email)
        # The time of the last mail (a welcome that found everyone told, as at the GM's resume,
        # does not put the next reminder off).
        last = now.isoformat() if n or mark.last is None else mark.last
        self.journal.save_awaiting(gid, AwaitingMark(told=sorted(told), last=last))
        return n

    def _welcome_text(
        self, record: GameRecord, missing: list[str], *, has: bool, reminder: bool
    ) -> tuple[list[str], str]:
        """The paragraphs and subject of a welcome (or reminder) to send a key, in the language
        of the block it is built in."""
        args = {
            "title": record.game.title,
            "game": record.envelope.game_id,
            "players": self.mailer.context(record, None, "", "").players_line,
            "part": _(private_part(record)),
        }
        first = (
            _("A reminder: your game %(title)s (game %(game)s) with %(players)s.")
            if reminder
            else _("You are invited to a game of %(title)s (game %(game)s) with %(players)s.")
        )
        second = (
            _(
                "This game sends every player's private %(part)s encrypted, so it starts once "
                "every player has a key on file; yours is already there."
            )
            if has
            else _(
                "This game sends every player's private %(part)s encrypted, so it starts once "
                "every player has a key on file."
            )
        )
        paras = [first % args, second % args]
        if not has:
            paras += how_to_send_key(private_part(record))
        paras.append(_("Still missing: %(players)s.") % {"players": join(missing)})
        what = (
            _("reminder: a key for encrypted mail")
            if reminder
            else _("welcome: a key for encrypted mail")
        )
        return paras, what

    def remind(self, every: timedelta = timedelta(hours=24)) -> int:
        """Remind the players of games still waiting for keys, once per ``every``; start a game
        whose keys all arrived meanwhile (e.g. imported by the GM). Returns mails queued."""
        n = 0
        now = self.clock()
        for gid in self.journal.awaiting_games():
            if not self.store.exists(gid):
                self.journal.clear_awaiting(gid)
                continue
            record = self.store.load(gid)
            if record.envelope.status == "paused" and self.missing(record):
                continue  # still waiting; no reminder while the GM holds the game
            if not self.missing(record) or record.envelope.status != "active":
                self.journal.clear_awaiting(gid)
                n += self.notify(gid)
                continue
            mark = self.journal.awaiting(gid)
            last = mark.last if mark else None
            if last is None or now - datetime.fromisoformat(last) >= every:
                n += self.welcome(record, reminder=last is not None)
        return n
