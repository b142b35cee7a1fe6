"""The Mailer: builds every mail the service sends, and owns what a mail carries.

It owns the Message-ID rule (a seat's mail carries that seat's reply token; a mail to a stranger or
to the GM carries none), whether the service's public keys ride along (:attr:`Mail.attach_keys`,
set by the caller, never guessed from a Message-ID), encryption for the recipient, and the queue.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import KW_ONLY, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pbem import i18n
from pbem.i18n import N_, _
from pbem.mail import compose
from pbem.mail.compose import MailContext
from pbem.mail.tokens import message_id, notice_id
from pbem.rules.base import BoardPicture, Decision
from pbem.service.facts import moves_played, private_part
from pbem.service.ports import COMPUTER_PREFIX, MailCryptoPort, Policy
from pbem.store import GameRecord

if TYPE_CHECKING:  # the reply reader and the email parser load with the first mail
    from email.message import EmailMessage

    from pbem.mail.compose import RawMail
    from pbem.mail.outbox import Outbox
    from pbem.mail.parse import ParsedMail
    from pbem.service.bounces import BounceBook
    from pbem.service.prefs import Prefs
    from pbem.store import Store

EXAMPLES = 5
"""How many legal moves a mail shows as examples."""


@dataclass(frozen=True)
class Mail:
    """One mail to queue."""

    kind: str
    """The template (``turn``, ``moved``, ``notice``...)."""
    ctx: MailContext
    to_name: str
    to_addr: str
    tail: str
    """Makes the Message-ID unique and stable (a mail rebuilt after a crash has the same one)."""
    record: GameRecord | None = None
    seat: int | None = None
    """The seat whose token the Message-ID carries (None: no token)."""
    reply_to: ParsedMail | None = None
    attach_keys: bool = False
    """Attach the service's public certificate and OpenPGP key (welcome and key mails)."""
    attachments: tuple[tuple[bytes, str, str], ...] = ()
    """``(data, filename, MIME type)`` each: a PKCS#12 file, a game's export, a public key."""
    protect: bool = True
    """Encrypt for the recipient when a key is on file."""
    headers: tuple[tuple[str, str], ...] = ()
    """More header fields (ASCII): List-Id and List-Unsubscribe of watchers' mail and digests."""


@dataclass(eq=False, repr=False)
class Mailer:
    """Builds mail contexts and queues mails in the outbox."""

    outbox: Outbox
    policy: Policy
    clock: Callable[[], datetime]
    secret: bytes
    _crypto: Callable[[], MailCryptoPort | None]
    data_dir: Path
    _: KW_ONLY
    fsync: bool = True
    prefs: Prefs | None = field(default=None, init=False)
    """Each address's choices (its language); set by the Service."""
    store: Store | None = field(default=None, init=False)
    """The game store (a turn mail with a deadline tells the reader's leave left, read
    from their games); set by the Service."""
    bounces: BounceBook | None = field(default=None, init=False)
    """Addresses whose mail bounced too often are not mailed (set by the Service)."""
    host: str = field(init=False)
    """The domain of the service's address: the right-hand side of its Message-IDs."""

    def __post_init__(self) -> None:
        self.host = self.policy.service_address.rpartition("@")[2] or "pbem.invalid"

    def leave_left_line(self, address: str) -> str:
        """The sentence of the reader's leave left (issue 27)."""
        import pbem.service.leave as leave

        rules = leave.rules_of(self.policy)
        if self.prefs is not None and not self.prefs.leave_taken(address):
            return leave.left_line(rules.per_year)  # never taken: no game needs reading
        assert self.store is not None, "the caller checks"
        return leave.left_line(leave.left_of(self.store, address, rules, self.clock()))

    # -- languages -------------------------------------------------------------------------------

    def lang_of(self, address: str, record: GameRecord | None = None) -> str:
        """The language of mail to ``address``: its own choice (``LANG``), else the game's
        ``lang`` option, else English."""
        default = record.envelope.options.get("lang") if record is not None else None
        if self.prefs is None:
            return i18n.normalize(default) or i18n.DEFAULT
        return self.prefs.lang(address, default)

    @contextmanager
    def speaking_to(self, address: str, record: GameRecord | None = None) -> Iterator[str]:
        """Build everything inside the block (subject, sentences, refusals) in the language of
        ``address``: wrap the building of each mail to one recipient."""
        with i18n.speaking(self.lang_of(address, record)) as lang:
            yield lang

    @contextmanager
    def speaking_to_seat(self, record: GameRecord, seat: int) -> Iterator[str]:
        with self.speaking_to(record.envelope.active_player(seat).email, record) as lang:
            yield lang

    @property
    def crypto(self) -> MailCryptoPort | None:
        return self._crypto()

    # -- contexts --------------------------------------------------------------------------------

    def names(self, record: GameRecord) -> tuple[list[str], list[str]]:
        """(seat names, player names) of the game's seats."""
        seats = record.envelope.seats()
        names = [_(n) for n in record.game.seat_names(len(seats))]
        players = [record.envelope.active_player(s).name for s in seats]
        return names, players

    def context(
        self, record: GameRecord | None, seat: int | None, subject: str, to_name: str, **fields: Any
    ) -> MailContext:
        """The context of one mail: the game's public facts, the seat's own board and decision
        when ``seat`` is given, then ``fields`` (a misspelt field is an error, not a silent no-op)."""
        ctx = MailContext(
            subject=subject,
            player_name=to_name,
            service_address=self.policy.service_address,
            gm_address=self.policy.gm_address,
            guide_url=getattr(self.policy, "guide_url", ""),
        )
        if record is not None:
            env = record.envelope
            names, players = self.names(record)
            ctx.game_id = env.game_id
            ctx.game_title = record.game.title
            ctx.players_line = join(
                [f"{pl} ({nm})" for pl, nm in zip(players, names, strict=False)]
            )
            ctx.move_no = moves_played(record) + 1
            ctx.seed_commitment = env.seed_commitment
            if seat is not None:
                ctx.seat_name = names[seat]
                self._seat_view(record, seat, ctx)
            waiting = sorted({d.seat for d in record.pending()})
            ctx.waiting_for = join([f"{players[s]} ({names[s]})" for s in waiting]) or _("nobody")
        return dataclasses.replace(ctx, **fields) if fields else ctx

    def seat_context(
        self, record: GameRecord, seat: int, what: str, **fields: object
    ) -> MailContext:
        """The context of a mail to the player holding ``seat``: the subject ``[game] Title:
        what``, greeting the player by name, with the seat's own board and decision, then
        ``fields``. Build it inside :meth:`speaking_to_seat`: ``what`` and the fields are in the
        reader's language."""
        name = record.envelope.active_player(seat).name
        return self.context(record, seat, self.subject(record, what), name, **fields)

    def notice_context(
        self,
        what: str,
        to_name: str,
        paragraphs: Sequence[str],
        *,
        record: GameRecord | None = None,
        **fields: object,
    ) -> MailContext:
        """The context of a notice: paragraphs of text, greeting ``to_name`` (``""``: no name),
        with no seat's board. Of ``record``'s game (a seat's notice, the player who lost a seat)
        its subject is the game's; of no game (a sign-up, a refusal, an answer to one of our
        notices, the GM's alerts) ``[service name] what``."""
        subject = self.subject(record, what)
        return self.context(record, None, subject, to_name, paragraphs=list(paragraphs), **fields)

    def private_ok(self, record: GameRecord, seat: int) -> bool:
        """Whether the seat's private part may go into its mail (a game that sends it only
        encrypted, to a player without a usable key: no)."""
        email = record.envelope.active_player(seat).email
        crypto = self.crypto
        return crypto is None or crypto.may_show_private(record, email, self.clock())

    def _seat_view(self, record: GameRecord, seat: int, ctx: MailContext) -> None:
        private_ok = self.private_ok(record, seat)
        # Without a usable key in a game that sends private parts only encrypted: the public
        # board, and no examples (legal moves would hint at the tile).
        view = record.view(seat if private_ok else None)  # one view for the text and the picture
        ctx.board = record.game.render_text(view)
        ctx.picture = _picture(record, view)
        owes: list[Decision] = [d for d in record.pending() if d.seat == seat]
        if not owes:
            return
        ctx.your_turn = True
        prompt = "; ".join(d.prompt for d in owes).rstrip(".") + "."
        ctx.decision_prompt = prompt[:1].upper() + prompt[1:]
        from pbem.service.deadlines import deadline_line

        ctx.deadline = deadline_line(record, seat, self.clock())
        if ctx.deadline and self.store is not None:
            ctx.deadline += " " + self.leave_left_line(record.envelope.active_player(seat).email)
        if private_ok:
            legal = record.legal_notations(seat)
            ctx.legal_count = len(legal)
            ctx.examples = spread(sorted(set(legal)), EXAMPLES)
            ctx.listed_title, ctx.listed = record.game.listed_moves(record.state, seat)

    def private_note(self, record: GameRecord, seat: int, *, full: bool = False) -> str:
        """How the seat's private part travels (see ``MailCrypto.private_note``): ``full`` in
        the start mail and BOARD answers, a short paragraph elsewhere."""
        crypto = self.crypto
        if crypto is not None:
            email = record.envelope.active_player(seat).email
            return str(crypto.private_note(record, email, self.clock(), full=full))
        part = _(private_part(record))
        return _("This mail is yours alone: it shows your private %(part)s. Do not forward it.") % {
            "part": part
        }

    def subject(self, record: GameRecord | None, what: str) -> str:
        """The Subject of every mail the service sends: ``[game] Title: what`` for a game's mail,
        ``[service name] what`` for any other (a sign-up, a notice, the GM's alerts)."""
        if record is None:
            return f"[{self.policy.service_name}] {what}"
        # The short title ("Forbidden City", not "... (Knizia 2018)"): a subject that fits on one
        # header line is not folded, and shows whole on a phone.
        title = record.game.title.split(" (")[0]
        return f"[{record.envelope.game_id}] {title}: {what}"

    # -- sending ---------------------------------------------------------------------------------

    def message_id(self, mail: Mail) -> str:
        """A seat's mail carries the seat's token; anything else a hash of its tail."""
        if mail.record is not None and mail.seat is not None:
            env = mail.record.envelope
            return message_id(self.secret, env.game_id, mail.seat, env.moves, mail.tail, self.host)
        return notice_id(self.secret, mail.to_addr, mail.tail, self.host)

    def send(self, mail: Mail) -> int:
        """Render, build, attach, encrypt for the recipient when a key is on file, and queue.
        Returns the number of mails queued (0 for a computer seat)."""
        # Long on purpose: one outgoing mail from template to queue: render, fingerprint, headers, keys, encryption.
        if mail.to_addr.startswith(COMPUTER_PREFIX):
            return 0
        if (
            self.bounces is not None
            and mail.to_addr.strip().lower() != self.policy.gm_address.strip().lower()
            and self.bounces.stopped(mail.to_addr)
        ):
            return 0  # its mail bounced too often (pbem.service.bounces)
        from pbem.mail import fingerprint
        from pbem.mail.htmltext import html_to_text

        # In the recipient's language: the block that built the context speaks it too
        # (speaking_to), so the Python-side texts and the template's agree.
        text, html = compose.render(mail.kind, mail.ctx, self.lang_of(mail.to_addr, mail.record))
        record = mail.record
        mid = self.message_id(mail)
        # What we say is never read back as the player's words (pbem.mail.fingerprint). The
        # outbox writes the file when the mail is marked sent (often on the tick's sending
        # thread), without fsync: a fingerprint lost in a crash only means quote shapes decide.
        # A SAY relayed from another player is text a player made us send: kept apart, so it
        # cannot make this reader's own lines read as our quote (issue 32).
        fp = fingerprint.fingerprint_of(
            text,
            html_to_text(html) if html else "",
            mail.ctx.subject,
            key=self.secret,
            foreign=mail.ctx.said,
        )
        fp_file = (fingerprint.file_name(mid, self.secret), fp.to_bytes())
        refs = (
            [f"<pbem.{record.envelope.game_id}.root@{self.host}>"]
            if record is not None and mail.seat is not None
            else []
        )
        in_reply_to = None
        if mail.reply_to is not None and mail.reply_to.message_id:
            in_reply_to = mail.reply_to.message_id
            refs = [*refs, mail.reply_to.message_id]
        sender_name = self.policy.service_name + (
            f" ({record.envelope.game_id})" if record is not None else ""
        )
        crypto = self.crypto
        parts = compose.MailParts(
            sender=self.policy.service_address,
            sender_name=sender_name,
            to_name=mail.to_name,
            to_addr=mail.to_addr,
            subject=mail.ctx.subject,
            text=text,
            html=html,
            message_id=mid,
            date=self.clock(),
            in_reply_to=in_reply_to,
            references=refs,
            extra_headers=dict(mail.headers) if mail.headers else None,
            images=compose.images(mail.ctx),
        )
        msg: EmailMessage | RawMail
        if (
            not (crypto is not None and mail.attach_keys)
            and compose.raw_possible([self.policy.service_address, mail.to_addr])
            and compose.raw_attachable(mail.attachments)
        ):
            # The usual mail (a turn file too): its bytes built once, stored as they are.
            msg = compose.build_raw(parts, mail.attachments)
        else:
            msg = compose.build_message(parts)
            if crypto is not None and mail.attach_keys:
                # So that players can encrypt their replies to the service, and check its signature.
                crypto.identity.attach_public_keys(msg)
            for data, filename, mime in mail.attachments:
                maintype, _sep, subtype = mime.partition("/")
                if maintype == "text":  # a text file (the player guide): UTF-8, said so
                    msg.add_attachment(
                        data.decode("utf-8"), subtype=subtype, filename=filename, cte="base64"
                    )
                else:
                    msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=filename)
        if crypto is not None and record is not None and mail.protect:
            if isinstance(msg, compose.RawMail):
                msg = crypto.protect(msg, mail.to_addr, parts.date)
            else:
                msg = crypto.protect(msg, mail.to_addr, parts.date)
        self.outbox.put(
            msg,
            recipient=mail.to_addr,
            game=record.envelope.game_id if record else "",
            kind=mail.kind,
            now=parts.date,
            fingerprint=fp_file,
        )
        return 1

    def list_headers(
        self, game_id: str, what: str, unsubscribe: str | None = None
    ) -> tuple[tuple[str, str], ...]:
        """A stable List-Id for one kind of a game's mail (``what``: ``watch``, ``digest``), so
        that filters can sort it; and a List-Unsubscribe mailto whose ``unsubscribe`` words, sent
        to the service, stop that kind of mail (RFC 2919, RFC 2369)."""
        from urllib.parse import quote

        out = [
            (
                "List-Id",
                f"{self.policy.service_name} {game_id} {what} <{game_id}.{what}.{self.host}>",
            )
        ]
        if unsubscribe:
            q = quote(unsubscribe)
            out.append(
                ("List-Unsubscribe", f"<mailto:{self.policy.service_address}?subject={q}&body={q}>")
            )
        return tuple(out)

    def to_seat(
        self, record: GameRecord, seat: int, kind: str, ctx: MailContext, tail: str, **kw: Any
    ) -> int:
        """Queue a mail to the player holding ``seat``, carrying that seat's token."""
        pl = record.envelope.active_player(seat)
        return self.send(Mail(kind, ctx, pl.name, pl.email, tail, record, seat, **kw))

    def notice(
        self,
        record: GameRecord,
        seat: int,
        what: str,
        paragraphs: Sequence[str],
        tail: str,
        **kw: Any,
    ) -> int:
        """A short notice (paragraphs of text) to a seat."""
        name = record.envelope.active_player(seat).name
        ctx = self.notice_context(what, name, paragraphs, record=record)
        return self.to_seat(record, seat, "notice", ctx, tail, **kw)

    def alert_gm(self, subject: str, lines: list[str], key: str) -> None:
        """Tell the GM by mail (delivery failures, shunted messages, stopped games)."""
        with i18n.speaking(self.lang_of(self.policy.gm_address)):
            self._alert_gm(subject, lines, key)

    def _alert_gm(self, subject: str, lines: list[str], key: str) -> None:
        ctx = self.notice_context(f"GM: {subject}", "game master", lines)
        self.send(Mail("notice", ctx, "Game master", self.policy.gm_address, f"gm.{key}"))


SEAT_WORDS = (N_("North"), N_("East"), N_("South"), N_("West"))
"""Die Verbotene Stadt's seat names, shown translated like Forbidden City's colours."""


def picture_of(record: GameRecord, seat: int | None) -> BoardPicture | None:
    """The board picture of ``seat``'s view (None: the public view) for the HTML part, or None
    for a game that is not drawn. Pillow is imported only when a mail is built."""
    return _picture(record, record.view(seat))


def _picture(record: GameRecord, view: object) -> BoardPicture | None:
    return record.game.picture(view)


def reply_tail(p: ParsedMail, record: GameRecord, what: str) -> str:
    """The Message-ID tail of an answer to ``p``: stable for the same mail at the same position."""
    return f"r{short_hash(p.message_id)}.q{record.seq}.{what}"


def short_hash(value: str) -> str:
    return hashlib.sha256((value or "").encode()).hexdigest()[:12]


def join(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + _(" and ") + items[-1]


def spread(items: list[str], k: int) -> list[str]:
    """Up to ``k`` items evenly spread over the list (deterministic examples)."""
    if len(items) <= k:
        return items
    step = len(items) / k
    return [items[int(i * step)] for i in range(k)]
