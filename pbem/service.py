"""The transaction: one incoming message + the store -> events + outgoing mail. No sockets here.

A message flows through small named steps, each of which may stop it with a reason that becomes the
reply (or no reply at all, for loops and bounces):

    parse -> policy (loops, bounces, size, rate) -> authenticate (seat's address AND its token)
          -> ledger (already applied?) -> read commands (all or nothing) -> commit -> notify

Notifications are built from the *log* (the public lines after the last notified sequence number)
plus each seat's current view, never from in-memory leftovers, so the same code path recovers after a
crash between the commit and the outbox: a journal marker (``<data>/outbox/dirty/<game>``) is written
before every commit and removed once the mails of that commit are queued.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from pbem.commands.describe import describe_line
from pbem.commands.grammar import Reading, read_commands
from pbem.errors import PLAYER_ERRORS, CommandError, ConflictError, GameStopped, IntegrityError
from pbem.mail import compose, fingerprint
from pbem.mail.outbox import Outbox
from pbem.mail.parse import ParsedMail, html_to_text, parse_message
from pbem.mail.reply import subject_text
from pbem.mail.tokens import TokenRef, check_token, find_tokens, message_id
from pbem.model import parse_time
from pbem.rules.base import Decision, InvalidSyntax, NotYourDecision, derive_rng
from pbem.store import ActionEntry, GameRecord, MessageHandled, Replace, Store
from pbem.store.fsutil import atomic_write

log = logging.getLogger("pbem.service")

EXAMPLES = 5
"""How many legal moves a mail shows as examples."""

_CERT_LINE = re.compile(r"(?i)^(\s*cert)\b.*$")
"""A CERT request line (its passphrase must never be echoed or kept)."""

QUIET_KINDS = frozenset({"message", "view-access", "reveal"})
"""Log lines that send nobody a mail by themselves."""

COMPUTER_PREFIX = "computer+"
"""Seats whose address starts with this are played by the service's bot (after RESIGN)."""


@dataclass
class Outcome:
    """What became of one incoming message (the runner moves it to ``folder``)."""

    folder: str
    """``processed`` (applied or answered), ``rejected`` (refused or dropped), ``shunt`` (our bug)."""
    reason: str
    game_id: str | None = None
    replies: int = 0
    expunge: bool = False
    """Delete the message outright (it carried a passphrase)."""


@dataclass
class Policy:
    """The service's limits and identity."""

    service_address: str
    gm_address: str
    service_name: str = "pbem"
    authserv_id: str | None = None
    """When set, the topmost Authentication-Results must carry this id and a pass."""
    max_size: int = 256 * 1024
    own_addresses: tuple[str, ...] = ()


@dataclass
class Service:
    """Handles messages and queues notifications. ``clock`` is injected (tests, replay)."""

    store: Store
    outbox: Outbox
    policy: Policy
    clock: Callable[[], datetime]
    rate_limiter: Any | None = None
    crypto: Any | None = None
    """Optional :class:`pbem.crypto_mail.MailCrypto`: encrypts personal mail, decrypts replies."""
    secret: bytes = field(init=False)

    def __post_init__(self) -> None:
        self.secret = self.store.keyring.token_secret
        self.host = self.policy.service_address.rpartition("@")[2] or "pbem.invalid"
        self.dirty = self.store.data_dir / "outbox" / "dirty"
        self.notified = self.store.data_dir / "outbox" / "notified"
        self.timers = self.store.data_dir / "outbox" / "timers"
        self.dirty.mkdir(parents=True, exist_ok=True)
        self.timers.mkdir(parents=True, exist_ok=True)
        self.notified.mkdir(parents=True, exist_ok=True)

    # ================================================================== the journal

    def mark_dirty(self, game_id: str) -> None:
        """Ask for ``game_id``'s mails to be (re)built at the next journal flush. The store does
        this itself before every commit and after creating a game; this is for everything else."""
        atomic_write(self.dirty / game_id, b"", sync=self.store.fsync)

    def _notified(self, game_id: str) -> dict[str, Any]:
        """What was mailed last: ``{"seq": N, "pending": [seats], "seats": {seat: seq}}``."""
        try:
            data = json.loads((self.notified / game_id).read_bytes() or b"{}")
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {"seq": int(data)}

    def _save_notified(self, game_id: str, mark: dict[str, Any]) -> None:
        atomic_write(self.notified / game_id, json.dumps(mark, sort_keys=True).encode(),
                     sync=self.store.fsync)

    def notified_seq(self, game_id: str) -> int:
        """The last log line whose mails are queued."""
        return int(self._notified(game_id).get("seq", 0))

    def dirty_games(self) -> list[str]:
        return sorted(p.name for p in self.dirty.iterdir() if not p.name.startswith("."))

    def flush_journal(self) -> int:
        """Queue the mails of every game marked dirty (new games, GM commands, crash recovery)."""
        n = 0
        for gid in self.dirty_games():
            try:
                n += self.notify(gid)
            except IntegrityError as err:
                log.error("game %s stopped: %s", gid, err)
                self._alert_gm(f"Game {gid} is stopped", [str(err)], key=f"integrity-{gid}")
                (self.dirty / gid).unlink(missing_ok=True)
        return n

    # ================================================================== incoming mail

    def handle(self, raw: bytes) -> Outcome:
        """Process one raw message. Player mistakes are answered; our bugs raise (the runner shunts)."""
        parsed = parse_message(raw)
        if parsed.size > self.policy.max_size:
            return self._refuse_plain(
                parsed,
                f"Your mail is {parsed.size // 1024} KB; this service reads mails up to "
                f"{self.policy.max_size // 1024} KB. Reply again without attachments or large quotes.",
                "too large",
            )
        loop = self._loop_reason(parsed)
        if loop:
            log.info("dropped %s: %s", parsed.message_id, loop)
            return Outcome("rejected", f"no answer: {loop}")
        if self.rate_limiter is not None and not self.rate_limiter.allow(parsed.from_addr):
            log.warning("rate limit for %s", parsed.from_addr)
            return Outcome("rejected", "no answer: rate limit")
        inner = parsed
        if parsed.encryption is not None and self.crypto is not None:
            try:
                decrypted = self.crypto.decrypt_incoming(raw)
            except PLAYER_ERRORS as err:
                return self._refuse_plain(
                    parsed, f"{err} Please send your reply again, encrypted to the service's "
                    "current certificate or key (or not encrypted).", "decryption failed")
            if decrypted is not None:
                raw = decrypted
                inner = parse_message(decrypted)
        return self._authenticated(parsed, inner, raw)

    def _loop_reason(self, p: ParsedMail) -> str | None:
        try:
            from pbem.mail.policy import is_loop_or_auto
        except ImportError:  # pragma: no cover - policy module always ships
            is_loop_or_auto = None
        own = {self.policy.service_address.lower(), *self.policy.own_addresses}
        if is_loop_or_auto is not None:
            return is_loop_or_auto(p, own)
        if p.from_addr in own:
            return "our own address"
        return None

    def _auth_results_ok(self, p: ParsedMail) -> bool:
        want = self.policy.authserv_id
        if not want:
            return True
        if not p.auth_results:
            return False
        top = p.auth_results[0]
        if top.authserv_id != want.lower():
            return False
        return any(top.results.get(m) == "pass" for m in ("dmarc", "dkim", "spf"))

    def _authenticated(self, outer: ParsedMail, p: ParsedMail, raw: bytes) -> Outcome:
        refs = find_tokens([p.in_reply_to, *p.references, *outer.references, outer.in_reply_to])
        sender = p.from_addr
        if not refs:
            # A fresh mail, or a client that dropped the references: From alone proves nothing.
            return self._refuse_plain(
                p,
                "This mail does not answer one of our game mails, so we cannot tell that it is "
                "really yours (the From line alone can be forged). Please use Reply on the last "
                "mail you got for your game, and write your command above or below the quote.",
                "no token",
            )
        # The newest reference whose token is genuine decides the game and the seat.
        ref: TokenRef | None = next((r for r in refs if check_token(self.secret, r)), None)
        if ref is None or not self.store.exists(ref.game):
            return self._refuse_plain(
                p,
                "The mail you answered is not one of ours (its reference is unknown or altered). "
                "Please reply to the last mail you got for your game.",
                "bad token",
            )
        gid = ref.game
        try:
            record = self.store.load(gid)
        except IntegrityError as err:
            self._alert_gm(f"Game {gid} is stopped", [str(err)], key=f"integrity-{gid}")
            return Outcome("shunt", f"{gid}: integrity error", gid)
        env = record.envelope
        owner = env.active_player(ref.seat)
        if sender != owner.email:
            seat_of_sender = env.seat_of_email(sender)
            why = (
                "The mail you answered was sent to another player of this game, so it cannot carry "
                "your commands. Reply to your own mails."
                if seat_of_sender is not None
                else "You are not a player of this game, so we cannot accept commands from you."
            )
            log.warning("refused %s for %s seat %d: token of another sender", sender, gid, ref.seat)
            return self._refuse_plain(p, why, "token of another seat", game=record)
        if not self._auth_results_ok(outer):
            return self._refuse_plain(
                p,
                "Your mail did not pass our mail server's sender check (Authentication-Results), "
                "so we cannot accept it. If this keeps happening, tell the game master.",
                "authentication-results",
                game=record,
            )
        if p.message_id and env.has_message(p.message_id):
            # Applied before a crash; the journal takes care of its mails.
            return Outcome("processed", "already applied", gid)
        return self._commands(record, ref, p, raw)

    # ================================================================== commands

    def _current_token_ok(self, record: GameRecord, ref: TokenRef) -> bool:
        """May a mail of turn ``ref.turn`` still move? Only if nothing changed for that seat since:
        no undo, and no action of that seat after the mail was sent."""
        env = record.envelope
        if ref.turn == env.moves:
            return True
        if ref.turn > env.moves:
            return False
        moves = 0
        for e in record.entries:
            if e.kind == "action":
                moves += 1
                if moves > ref.turn and e.payload.get("seat") == ref.seat:
                    return False
            elif e.kind == "undo":
                moves += 1
                if moves > ref.turn:
                    return False
        return True

    def _commands(self, record: GameRecord, ref: TokenRef, p: ParsedMail, raw: bytes) -> Outcome:
        game, state, env = record.game, record.state, record.envelope
        seat = ref.seat
        owes = [d for d in record.pending() if d.seat == seat]
        expunge = False
        keys_filed = 0
        if self.crypto is not None and self.crypto.keys_in(raw):
            keys_filed = self._file_keys(record, seat, p, raw)
            if keys_filed < 0:
                return Outcome("rejected", "key refused", env.game_id, 1)

        def parse_action(text: str) -> Any:
            return game.parse(state, seat, text)

        # What the service sent is never the player's: the fingerprint of the answered mail(s).
        fp = fingerprint.load_for(self.store.data_dir, [p.in_reply_to, *reversed(p.references)],
                              key=self.secret)
        lines = p.command_lines(fp)

        def is_move_form(text: str) -> bool:
            for d in record.pending():
                if d.seat == seat:
                    continue
                try:
                    game.parse(state, d.seat, text)
                except InvalidSyntax:
                    continue
                except PLAYER_ERRORS:
                    return True  # well formed, only not legal for that seat
                return True
            return False

        reading = read_commands(lines, parse_action if env.status == "active" else None,
                                is_move_form, notation=game.notation,
                                subject=subject_text(p.subject, fp))
        action = reading.action
        if action is not None and not self._current_token_ok(record, ref):
            reading.errors.append(
                (action.line, CommandError(
                    "This answers an older mail of the game: the position has changed since. "
                    "Here is the current board; reply to this mail with your move."))
            )
        if action is not None and action.guard is not None and action.guard != env.moves + 1:
            reading.errors.append(
                (action.line, CommandError(
                    f"Your move is marked #{action.guard}, but the game is at move {env.moves + 1}; "
                    "nothing was played. Check the board below and send the move again."))
            )
        missing = self.missing_keys(record)
        if missing and action is not None:
            reading.errors.append((action.line, CommandError(
                "The game starts once every player has a key on file for encrypted mail; still "
                "missing: " + _join(missing) + ". Your move was not played.")))
        if keys_filed and not reading.commands and all(
                isinstance(err, InvalidSyntax | NotYourDecision) for _, err in reading.errors):
            # A mail that brings a key and a few words ("here is my key"), perhaps from a player
            # who is not to move: the key was the point, the words are not a failed command.
            self._record_handled(record, seat, p, "key")
            return Outcome("processed", "key filed", env.game_id, 1)
        if env.status != "active" and (action is not None or reading.syntax_errors):
            reading.errors.append(("", CommandError(
                f"Game {env.game_id} is {env.status}; no moves are accepted now."
                + (" The game master will resume it." if env.status == "paused" else ""))))
        if reading.errors or (not reading.commands):
            return self._reject(record, seat, p, reading, owes)

        now = self.clock()
        replies = 0
        for cmd in reading.commands:
            if cmd.kind in ("board", "help", "history"):
                replies += self._service_reply(record, seat, p, cmd.kind)
            elif cmd.kind == "say":
                replies += self._say(record, seat, p, cmd.arg)
            elif cmd.kind == "cert":
                expunge = True
                replies += self._cert(record, seat, p, cmd.arg)
        if action is not None or any(c.kind == "resign" for c in reading.commands):
            entries: list[Any] = []
            if action is not None:
                entries.append(ActionEntry(seat, action=action.action, source="mail",
                                           message_id=p.message_id or None))
            if any(c.kind == "resign" for c in reading.commands):
                name = f"Computer (for {env.active_player(seat).name})"
                entries.append(Replace(seat, name, f"{COMPUTER_PREFIX}{env.game_id}.{seat}@{self.host}",
                                       source="mail",
                                       message_id=None if action is not None else p.message_id or None,
                                       resigned=True))
            try:
                self.store.commit(env.game_id, record.seq, entries, now)
            except ConflictError:
                fresh = self.store.load(env.game_id)
                if p.message_id and fresh.envelope.has_message(p.message_id):
                    return Outcome("processed", "already applied", env.game_id)
                raise
            except GameStopped as err:
                reading.errors.append(("", CommandError(str(err))))
                return self._reject(record, seat, p, reading, owes)
            except PLAYER_ERRORS as err:
                reading.errors.append((action.line if action else "", err))  # type: ignore[arg-type]
                return self._reject(record, seat, p, reading, owes)
            echo = action.echo if action is not None else "RESIGN CONFIRM"
            replies += self.notify(env.game_id, actor=seat, echo=echo, reply_to=p)
            self.play_computers(env.game_id)
            return Outcome("processed", "applied", env.game_id, replies, expunge)
        self._record_handled(record, seat, p, ",".join(sorted(reading.kinds())))
        return Outcome("processed", "answered", env.game_id, replies, expunge)

    # ================================================================== keys

    def missing_keys(self, record: GameRecord) -> list[str]:
        """Players (by name) still without a usable key in a ``required`` game that has not
        started; [] when the game may go on."""
        from pbem.crypto_mail import privacy_of

        if self.crypto is None or privacy_of(record) != "required":
            return []
        if self.notified_seq(record.envelope.game_id) > 0 or any(
                e.kind == "action" for e in record.entries):
            return []  # started: a key that expires later falls back per mail instead
        now = self.clock()
        env = record.envelope
        return [env.active_player(s).name for s in env.seats()
                if not env.active_player(s).email.startswith(COMPUTER_PREFIX)
                and not self.crypto.has_key(env.active_player(s).email, now)]

    def _file_keys(self, record: GameRecord, seat: int, p: ParsedMail, raw: bytes) -> int:
        """File the keys a token-authenticated mail carries; confirm or refuse by mail.
        Returns the number of confirmations sent, or -1 when the keys were refused."""
        assert self.crypto is not None
        pl = record.envelope.active_player(seat)
        try:
            paragraphs = self.crypto.accept_keys(raw, pl.email, self.clock())
        except PLAYER_ERRORS as err:
            ctx = self._ctx(record, None, self._subject(record, "your key was not accepted"),
                            pl.name, paragraphs=[str(err), *_how_to_send_key()])
            self._send(record, seat, pl.name, pl.email, "notice", ctx,
                       f"r{_h(p.message_id)}.q{record.seq}.keyrefused", reply_to=p)
            self._record_handled(record, seat, p, "key refused")
            return -1
        ctx = self._ctx(record, None, self._subject(record, "your key is on file"), pl.name,
                        paragraphs=paragraphs)
        n = self._send(record, seat, pl.name, pl.email, "notice", ctx,
                       f"r{_h(p.message_id)}.q{record.seq}.key", reply_to=p)
        # The game may start now that this key is here (the journal sends the start mails).
        if self._awaiting_path(record.envelope.game_id).exists() and not self.missing_keys(record):
            self._awaiting_path(record.envelope.game_id).unlink()
            self.notify(record.envelope.game_id)
        return n

    def _awaiting_path(self, game_id: str) -> Path:
        return self.store.data_dir / "outbox" / "awaiting-keys" / game_id

    def _awaiting(self, game_id: str) -> dict[str, Any]:
        path = self._awaiting_path(game_id)
        try:
            data = json.loads(path.read_bytes())
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _welcome_for_keys(self, record: GameRecord, *, reminder: bool = False) -> int:
        """A game that waits for keys: tell each player without one how to send it (the welcome
        once; a reminder to those still missing when ``reminder``)."""
        gid = record.envelope.game_id
        path = self._awaiting_path(gid)
        path.parent.mkdir(parents=True, exist_ok=True)
        mark = self._awaiting(gid)
        told = set(mark.get("told", []))
        missing = self.missing_keys(record)
        now = self.clock()
        n = 0
        env = record.envelope
        for seat in env.seats():
            pl = env.active_player(seat)
            if pl.email.startswith(COMPUTER_PREFIX):
                continue
            has = self.crypto is not None and self.crypto.has_key(pl.email, now)
            if (pl.email in told and not reminder) or (reminder and has):
                continue
            paras = [
                ("A reminder: your game " if reminder else "You are invited to a game of ")
                + f"{record.game.title} (game {gid}) with "
                + self._ctx(record, None, "", "").players_line + ".",
                "This game sends every player's private tile encrypted, so it starts once every "
                "player has a key on file" + ("; yours is already there." if has else "."),
            ]
            if not has:
                paras += _how_to_send_key()
            paras.append("Still missing: " + _join(missing) + ".")
            what = "reminder: a key for encrypted mail" if reminder else "welcome: a key for encrypted mail"
            ctx = self._ctx(record, None, self._subject(record, what), pl.name, paragraphs=paras)
            tail = f"remind.{now:%Y%m%d%H%M}" if reminder else "welcome"
            n += self._send(record, seat, pl.name, pl.email, "notice", ctx, tail)
            told.add(pl.email)
        mark = {"told": sorted(told), "last": now.isoformat()}
        atomic_write(path, json.dumps(mark).encode(), sync=self.store.fsync)
        return n

    def remind_missing_keys(self, every: timedelta = timedelta(hours=24)) -> int:
        """Remind the players of games still waiting for keys, once per ``every``; start a game
        whose keys all arrived meanwhile (e.g. imported by the GM). Returns mails queued."""
        d = self._awaiting_path("x").parent
        if not d.is_dir():
            return 0
        n = 0
        now = self.clock()
        for path in sorted(d.iterdir()):
            gid = path.name
            if not self.store.exists(gid):
                path.unlink(missing_ok=True)
                continue
            record = self.store.load(gid)
            if not self.missing_keys(record) or record.envelope.status != "active":
                path.unlink(missing_ok=True)
                n += self.notify(gid)
                continue
            last = self._awaiting(gid).get("last")
            if last is None or now - datetime.fromisoformat(last) >= every:
                n += self._welcome_for_keys(record, reminder=last is not None)
        return n

    # ================================================================== mails

    def _names(self, record: GameRecord) -> tuple[list[str], list[str]]:
        seats = record.envelope.seats()
        names = record.game.seat_names(len(seats))
        players = [record.envelope.active_player(s).name for s in seats]
        return names, players

    def _ctx(self, record: GameRecord | None, seat: int | None, subject: str, to_name: str,
             **kw: Any) -> compose.MailContext:
        ctx = compose.MailContext(
            subject=subject,
            player_name=to_name,
            service_address=self.policy.service_address,
            gm_address=self.policy.gm_address,
        )
        if record is not None:
            env = record.envelope
            names, players = self._names(record)
            ctx.game_id = env.game_id
            ctx.game_title = record.game.title
            ctx.players_line = _join([f"{pl} ({nm})" for pl, nm in zip(players, names, strict=False)])
            ctx.move_no = env.moves + 1
            ctx.seed_commitment = env.seed_commitment
            if seat is not None:
                ctx.seat_name = names[seat]
                email = env.active_player(seat).email
                if self.crypto is None or self.crypto.may_show_private(record, email, self.clock()):
                    ctx.board = record.render(seat)
                    self._decision(record, seat, ctx)
                else:
                    # No usable key in a game that sends private parts only encrypted: the
                    # public board, and no examples (legal moves would hint at the tile).
                    ctx.board = record.render(None)
                    self._decision(record, seat, ctx)
                    ctx.examples, ctx.legal_count = [], 0
            pend = record.pending()
            waiting = sorted({d.seat for d in pend})
            ctx.waiting_for = _join([f"{players[s]} ({names[s]})" for s in waiting]) or "nobody"
        for k, v in kw.items():
            setattr(ctx, k, v)
        return ctx

    def _decision(self, record: GameRecord, seat: int, ctx: compose.MailContext) -> None:
        owes: list[Decision] = [d for d in record.pending() if d.seat == seat]
        if not owes:
            return
        ctx.your_turn = True
        prompt = "; ".join(d.prompt for d in owes).rstrip(".") + "."
        ctx.decision_prompt = prompt[:1].upper() + prompt[1:]
        legal = record.legal_notations(seat)
        ctx.legal_count = len(legal)
        ctx.examples = _spread(sorted(set(legal)), EXAMPLES)

    def _subject(self, record: GameRecord | None, what: str) -> str:
        if record is None:
            return f"[{self.policy.service_name}] {what}"
        # The short title ("Forbidden City", not "... (Knizia 2018)"): a subject that fits on one
        # header line is not folded, and shows whole on a phone.
        title = record.game.title.split(" (")[0]
        return f"[{record.envelope.game_id}] {title}: {what}"

    def _send(self, record: GameRecord | None, seat: int | None, to_name: str, to_addr: str,
              kind: str, ctx: compose.MailContext, tail: str,
              reply_to: ParsedMail | None = None, *,
              attachment: tuple[bytes, str] | None = None, protect: bool = True) -> int:
        """Render, build, (attach,) encrypt for the recipient when a key is on file, and queue."""
        if to_addr.startswith(COMPUTER_PREFIX):
            return 0
        text, html = compose.render(kind, ctx)
        if record is not None and seat is not None:
            mid = message_id(self.secret, record.envelope.game_id, seat, record.envelope.moves,
                             tail, self.host)
            refs = [f"<pbem.{record.envelope.game_id}.root@{self.host}>"]
        else:
            h = hashlib.sha256(tail.encode()).hexdigest()[:16]
            mid = f"<pbem.notice.{h}@{self.host}>"
            refs = []
        with contextlib.suppress(OSError):  # no fsync, no failure: a lost one is harmless
            fingerprint.save(self.store.data_dir, mid, fingerprint.fingerprint_of(
                text, html_to_text(html) if html else "", ctx.subject, key=self.secret))
        in_reply_to = None
        if reply_to is not None and reply_to.message_id:
            in_reply_to = reply_to.message_id
            refs = [*refs, reply_to.message_id]
        msg = compose.build_message(
            sender=self.policy.service_address,
            sender_name=self.policy.service_name
            + (f" ({record.envelope.game_id})" if record is not None else ""),
            to_name=to_name,
            to_addr=to_addr,
            subject=ctx.subject,
            text=text,
            html=html,
            message_id=mid,
            date=self.clock(),
            in_reply_to=in_reply_to,
            references=refs,
        )
        if self.crypto is not None and (tail == "welcome" or tail.endswith(".key")):
            # So that players can encrypt their replies to the service, and check its signature.
            self.crypto.identity.attach_public_keys(msg)
        if attachment is not None:
            data, filename = attachment
            msg.add_attachment(data, maintype="application", subtype="x-pkcs12", filename=filename)
        if self.crypto is not None and record is not None and protect:
            msg = self.crypto.protect(msg, to_addr, self.clock())
        self.outbox.put(msg, recipient=to_addr,
                        game=record.envelope.game_id if record else "", kind=kind, now=self.clock())
        return 1

    def notify(self, game_id: str, *, actor: int | None = None, echo: str = "",
               reply_to: ParsedMail | None = None) -> int:
        """Queue the mails for the log lines after the last notified one.

        Who gets a mail: every seat that owes a decision it did not owe at the last notification
        (or owes again after acting), the seat that acted (the echo), and, when the turn passes to
        other seats, when the game master changed something, or at the start and the end,
        everyone. A seat that gets no mail now reads what it missed in its next mail: each mail
        tells the events since that seat's own previous mail. So a player making several moves
        in a row does not flood the others' mailboxes.
        """
        record = self.store.load(game_id)
        env = record.envelope
        mark = self._notified(game_id)
        done = int(mark.get("seq", 0))
        if done >= record.seq:
            (self.dirty / game_id).unlink(missing_ok=True)
            return 0
        if done == 0 and self.missing_keys(record):
            n = self._welcome_for_keys(record)
            (self.dirty / game_id).unlink(missing_ok=True)
            return n
        names, players = self._names(record)
        new_lines = [e for e in record.entries if e.seq > done]
        if done > 0 and not any(e.kind not in QUIET_KINDS for e in new_lines):
            # Only bookkeeping since the last mails (answered messages, a GM's look): no mail.
            mark["seq"] = record.seq
            self._save_notified(game_id, mark)
            (self.dirty / game_id).unlink(missing_ok=True)
            return 0
        started = done == 0
        seat_seen: dict[str, int] = dict(mark.get("seats", {}))
        prev_pending = list(mark.get("pending", []))
        pending_now = sorted({d.seat for d in record.pending()})
        actors = {e.payload.get("seat") for e in new_lines if e.kind == "action"}
        if actor is not None:
            actors.add(actor)
        everyone = (
            started
            or env.status != "active"
            or any(e.kind not in ("action", *QUIET_KINDS) for e in new_lines)
            or not set(pending_now) <= set(prev_pending) | actors
            or not pending_now
        )

        def events_for(seat: int) -> list[str]:
            since = seat_seen.get(str(seat), done)
            out: list[str] = []
            for e in record.entries:
                if e.seq > since and e.kind not in QUIET_KINDS and e.kind != "setup":
                    out.extend(describe_line(record.game, e.kind, e.payload, names, players))
            return out[-60:]

        n = 0
        last = record.seq
        result = record.game.result(record.state) if env.status == "ended" else None
        for seat in env.seats():
            pl = env.active_player(seat)
            tail = f"e{last}"
            owes = seat in pending_now
            acted = seat in actors
            if env.status == "ended":
                ctx = self._ctx(record, seat, self._subject(record, "game over"), pl.name,
                                events=events_for(seat))
                scores = list(env.result.scores) if env.result else (list(result.scores) if result else [])
                winners = list(env.result.winners) if env.result else (list(result.winners) if result else [])
                ctx.scores = [f"{players[s]:<20} {names[s]:<8} {scores[s] if s < len(scores) else '-':>4}"
                              for s in env.seats()]
                ctx.winners_line = (
                    ("Winner: " if len(winners) == 1 else "Shared victory: ")
                    + _join([f"{players[w]} ({names[w]})" for w in winners]) + "."
                    if winners else "The game master ended the game."
                )
                ctx.seed = str(env.revealed_seed) if env.revealed_seed is not None else "(not revealed)"
                ctx.board = record.render(None)
                ctx.your_turn = False
                n += self._send(record, seat, pl.name, pl.email, "over", ctx, tail + ".over")
            elif started:
                ctx = self._ctx(record, seat, self._subject(record, "a new game starts"), pl.name)
                ctx.private_note = self._private_note(record, seat)
                n += self._send(record, seat, pl.name, pl.email, "start", ctx, tail + ".start")
            elif (owes and (seat not in prev_pending or acted)) or acted or everyone:
                mine = seat == actor
                ctx = self._ctx(record, seat, "", pl.name, events=events_for(seat))
                ctx.private_note = self._private_note(record, seat)
                ctx.echo = echo if mine else ""
                if ctx.your_turn:
                    ctx.subject = self._subject(record, f"your turn (move {env.moves + 1})")
                    kind = "turn"
                else:
                    ctx.subject = self._subject(record, f"move {env.moves} played")
                    kind = "moved"
                n += self._send(record, seat, pl.name, pl.email, kind, ctx, f"{tail}.{kind}",
                                reply_to=reply_to if mine else None)
            else:
                continue  # nothing new for this seat to decide: its next mail tells what happened
            seat_seen[str(seat)] = last
        self._save_notified(game_id, {"seq": last, "pending": pending_now, "seats": seat_seen})
        self.schedule(game_id, record)
        (self.dirty / game_id).unlink(missing_ok=True)
        return n

    def schedule(self, game_id: str, record: GameRecord | None = None) -> None:
        """Record when the next deadline of ``game_id`` falls due, or clear it. Only games with a
        deadline have a timer file, so an idle tick does not read every game."""
        record = record or self.store.load(game_id, verify=False)
        path = self.timers / game_id
        due = next_due(record)
        if due is None or record.envelope.status != "active":
            path.unlink(missing_ok=True)
            return
        atomic_write(path, due.isoformat().encode(), sync=self.store.fsync)
        # Keep the index of the earliest due time correct when this one comes sooner.
        nxt = self.timers / ".next"
        try:
            current = datetime.fromisoformat(nxt.read_text())
        except (OSError, ValueError):
            current = None
        if current is None or due < current:
            atomic_write(nxt, due.isoformat().encode(), sync=self.store.fsync)

    def _private_note(self, record: GameRecord, seat: int) -> str:
        if self.crypto is not None:
            email = record.envelope.active_player(seat).email
            return str(self.crypto.private_note(record, email, self.clock()))
        return ("This mail is yours alone: it shows your private tile. "
                "Do not forward it to other players.")

    def _service_reply(self, record: GameRecord, seat: int, p: ParsedMail, kind: str) -> int:
        pl = record.envelope.active_player(seat)
        if kind == "board":
            ctx = self._ctx(record, seat, self._subject(record, "the board"), pl.name)
            ctx.private_note = self._private_note(record, seat)
        elif kind == "help":
            ctx = self._ctx(record, seat, self._subject(record, "help"), pl.name,
                            command_help=record.game.command_help())
            ctx.board = ""
        else:
            names, players = self._names(record)
            hist: list[str] = []
            n = 0
            for e in record.entries:
                if e.kind in ("setup", "message", "reveal", "view-access"):
                    continue
                if e.kind == "action":
                    n += 1
                for s in describe_line(record.game, e.kind, e.payload, names, players):
                    hist.append(f"{n:>4}. {s}" if e.kind == "action" else f"      {s}")
            ctx = self._ctx(record, None, self._subject(record, "history"), pl.name,
                            history=hist or ["No moves yet."])
        return self._send(record, seat, pl.name, pl.email, kind, ctx,
                          f"r{_h(p.message_id)}.q{record.seq}.{kind}", reply_to=p)

    def resend(self, game_id: str, seats: list[int] | None = None) -> int:
        """Queue the current board again for ``seats`` (all by default): the GM's ``resend``."""
        record = self.store.load(game_id)
        n = 0
        stamp = self.clock().strftime("%Y%m%d%H%M%S")
        for seat in seats if seats is not None else record.envelope.seats():
            pl = record.envelope.active_player(seat)
            ctx = self._ctx(record, seat, self._subject(record, "the board (sent again)"), pl.name)
            ctx.private_note = self._private_note(record, seat)
            n += self._send(record, seat, pl.name, pl.email, "board", ctx,
                            f"resend.q{record.seq}.{stamp}")
        return n

    def _say(self, record: GameRecord, seat: int, p: ParsedMail, text: str) -> int:
        names, players = self._names(record)
        speaker = f"{players[seat]} ({names[seat]})"
        n = 0
        for s in record.envelope.seats():
            pl = record.envelope.active_player(s)
            ctx = self._ctx(record, None, self._subject(record, f"{players[seat]} says"), pl.name,
                            speaker=speaker, said=[text])
            n += self._send(record, s, pl.name, pl.email, "say", ctx, f"r{_h(p.message_id)}.q{record.seq}.say{s}",
                            reply_to=p if s == seat else None)
        return n

    def _cert(self, record: GameRecord, seat: int, p: ParsedMail, passphrase: str) -> int:
        pl = record.envelope.active_player(seat)
        if self.crypto is None:
            ctx = self._ctx(record, None, self._subject(record, "certificates"), pl.name,
                            paragraphs=["This service does not issue certificates; ask the game "
                                        "master."])
            return self._send(record, seat, pl.name, pl.email, "notice", ctx,
                              f"r{_h(p.message_id)}.q{record.seq}.cert", reply_to=p)
        try:
            p12 = self.crypto.issue(pl.email, pl.name, passphrase, self.clock())
        except PLAYER_ERRORS as err:
            ctx = self._ctx(record, None, self._subject(record, "certificates"), pl.name,
                            paragraphs=[str(err)])
            return self._send(record, seat, pl.name, pl.email, "notice", ctx,
                              f"r{_h(p.message_id)}.q{record.seq}.cert", reply_to=p)
        from pbem.crypto import texts

        filename = f"pbem-{pl.email.split('@')[0]}.p12"
        ctx = self._ctx(record, None, self._subject(record, "your certificate for encrypted mail"),
                        pl.name, paragraphs=texts.import_steps(filename))
        # Not encrypted: the player can only open encrypted mail once this file is imported.
        self._send(record, seat, pl.name, pl.email, "notice", ctx,
                   f"r{_h(p.message_id)}.q{record.seq}.cert", reply_to=p,
                   attachment=(p12, filename), protect=False)
        # The game may start now (a required game waits for every key).
        if self._awaiting_path(record.envelope.game_id).exists() and not self.missing_keys(
                self.store.load(record.envelope.game_id)):
            self._awaiting_path(record.envelope.game_id).unlink()
            self.mark_dirty(record.envelope.game_id)
        return 1

    def _reject(self, record: GameRecord, seat: int, p: ParsedMail, reading: Reading,
                owes: Sequence[Decision]) -> Outcome:
        pl = record.envelope.active_player(seat)
        reasons: list[str] = []
        hints: list[str] = []
        for line, err in reading.errors:
            msg = str(err)
            reasons.append(f"{line}: {msg}" if line and line not in msg else msg)
            hint = getattr(err, "hint", "")
            if hint:
                hints.append(hint)
        if not reading.errors:
            reasons.append("We found no command in your mail. Write your move on a line of its own "
                           "(quoted lines are not read).")
        ctx = self._ctx(record, seat, self._subject(record, "your reply was not carried out"),
                        pl.name, reasons=reasons)
        ctx.private_note = self._private_note(record, seat)
        ctx.understood = [c.line for c in reading.commands]
        ctx.ignored = list(reading.ignored)
        # Never echo a passphrase: a CERT line is quoted without it. Never quote our own words.
        mine = p.command_lines(
            fingerprint.load_for(self.store.data_dir, [p.in_reply_to, *reversed(p.references)],
                              key=self.secret))
        ctx.quoted = [_CERT_LINE.sub(r"\1 (passphrase hidden)", ln) for ln in mine[:12]]
        for h in hints:
            if h not in ctx.reasons:
                ctx.reasons.append(f"Try: {h}")
        self._send(record, seat, pl.name, pl.email, "rejected", ctx,
                   f"r{_h(p.message_id)}.q{record.seq}.rejected", reply_to=p)
        self._record_handled(record, seat, p, "rejected")
        # A refused mail that carried a CERT passphrase is deleted, like a carried-out one.
        expunge = any(_CERT_LINE.match(ln) for ln in mine)
        return Outcome("rejected", "; ".join(reasons)[:200], record.envelope.game_id, 1, expunge)

    def _record_handled(self, record: GameRecord, seat: int, p: ParsedMail, outcome: str) -> None:
        """Put the Message-ID of an answered mail in the game's ledger (no game change), so that a
        fetch replayed after a crash does not answer it twice."""
        if not p.message_id:
            return
        gid = record.envelope.game_id
        # A ConflictError means it was answered before a crash, or a concurrent commit: the answer
        # is idempotent either way.
        with contextlib.suppress(ConflictError):
            self.store.commit(gid, record.seq, [MessageHandled(p.message_id, seat, outcome)],
                              self.clock())
        self.notify(gid)

    def _refuse_plain(self, p: ParsedMail, why: str, reason: str, *, game: GameRecord | None = None,
                      known_player: bool = False) -> Outcome:
        """Answer a mail we cannot attribute to a seat. Never shows any game's board."""
        if not p.from_addr or "@" not in p.from_addr:
            return Outcome("rejected", f"no answer: {reason} (no sender)")
        ctx = compose.MailContext(
            subject=f"[{self.policy.service_name}] your mail was not accepted",
            player_name=p.from_name or p.from_addr,
            service_address=self.policy.service_address,
            gm_address=self.policy.gm_address,
            game_id=game.envelope.game_id if game else "-",
            paragraphs=[why, "Nothing was changed in any game. Questions go to the game master "
                        f"at {self.policy.gm_address}."],
        )
        self._send(None, None, p.from_name, p.from_addr, "notice", ctx,
                   f"refuse.{p.message_id}.{p.from_addr}", reply_to=p)
        return Outcome("rejected", reason, game.envelope.game_id if game else None, 1)

    def _alert_gm(self, subject: str, lines: list[str], key: str) -> None:
        ctx = compose.MailContext(
            subject=f"[{self.policy.service_name}] GM: {subject}",
            player_name="game master",
            service_address=self.policy.service_address,
            gm_address=self.policy.gm_address,
            paragraphs=lines,
        )
        self._send(None, None, "Game master", self.policy.gm_address, "notice", ctx, f"gm.{key}")

    def alert_gm(self, subject: str, lines: list[str], key: str) -> None:
        """Tell the GM by mail (delivery failures, shunted messages, stopped games)."""
        self._alert_gm(subject, lines, key)

    # ================================================================== computers and timers

    def play_computers(self, game_id: str, limit: int = 1000) -> int:
        """Let the service's bot play every decision owed by a seat given to the computer."""
        played = 0
        while played < limit:
            record = self.store.load(game_id)
            if record.envelope.status != "active":
                break
            todo = [d for d in record.pending()
                    if record.envelope.active_player(d.seat).email.startswith(COMPUTER_PREFIX)]
            if not todo:
                break
            d = todo[0]
            bots = record.game.bots()
            bot = bots.get("greedy") or bots.get("heuristic") or bots["random"]
            rng = derive_rng(record.envelope.moves, "computer", game_id, d.seat)
            action = bot.choose(record.game, record.state, d.seat, rng)
            self.store.commit(game_id, record.seq, [ActionEntry(d.seat, action=action, source="bot")],
                              self.clock())
            self.notify(game_id)
            played += 1
        return played


# ====================================================================== helpers


def next_due(record: GameRecord) -> datetime | None:
    """When the earliest deadline of the decisions owed now falls due (None: no deadline)."""
    env = record.envelope
    if not env.deadlines or env.status != "active":
        return None
    since = _position_time(record)
    best: datetime | None = None
    for d in record.pending():
        dl = env.deadlines.get(d.kind) or env.deadlines.get("*")
        if dl is None:
            continue
        if dl.at:
            when = parse_time(dl.at)
        elif dl.seconds:
            when = since + timedelta(seconds=dl.seconds)
        else:
            continue
        best = when if best is None else min(best, when)
    return best


def _position_time(record: GameRecord) -> datetime:
    """When the position last changed (a deadline runs from there)."""
    for e in reversed(record.entries):
        if e.kind in ("setup", "action", "undo", "resume", "replace", "deadline"):
            return parse_time(e.time)
    return parse_time(record.envelope.created)


def _h(value: str) -> str:
    return hashlib.sha256((value or "").encode()).hexdigest()[:12]


def _join(items: Sequence[str]) -> str:
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def _spread(items: list[str], k: int) -> list[str]:
    """Up to ``k`` items evenly spread over the list (deterministic examples)."""
    if len(items) <= k:
        return items
    step = len(items) / k
    return [items[int(i * step)] for i in range(k)]


def _how_to_send_key() -> list[str]:
    from pbem.crypto import texts

    return texts.how_to_send_a_key()


def open_service(data_dir: Path, keys_dir: Path, policy: Policy, clock: Callable[[], datetime]) -> Service:
    """A service over the data directory with the keyring of ``keys_dir``."""
    from pbem.store import Keyring

    keyring = Keyring.load(keys_dir)
    store = Store(data_dir, keyring)
    outbox = Outbox(data_dir, keyring)
    return Service(store, outbox, policy, clock)
