"""Sign-up by mail and observers: requests that arrive without a game token.

A fresh mail (``JOIN o-fc-k3q2``, ``JOIN forbidden-city``, ``LEAVE ...``, ``WATCH fc-7k3q``,
``UNWATCH fc-7k3q``) cannot be authenticated by a reply token, and its From line can be forged.
So it is never acted on directly: the address gets a **confirmation** mail whose Message-ID is
derived from an HMAC of (address, request), and the request is carried out only when a reply to
that mail comes back from that same address. Nobody can sign up or subscribe someone else: the
forger never sees the confirmation. Like any answer to an unauthenticated mail, a confirmation is
rate limited (one per address a day, so many an hour in all: :meth:`Service.refuse_stranger`'s
limiters). ``GAMES`` from a fresh mail is answered directly: the answer goes to the address
itself, so a forged From only tells the real owner their own games.

Files (under ``<data>/outbox``, the mail loop's own):

- ``open/<id>.json``: an open game (``pbem admin open``) until it starts;
- ``requests/<h>.json``: a confirmation sent, keyed by the hash in its Message-ID;
- ``watchers/<game>.json``: a game's observers and what each was told last.

Observers get the **public** mails only: the public board and the public events since their last
mail, no reply token, never a player's private part. The GM allows or forbids watching per game
(``pbem admin policy GAME watch=no``).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from pbem import i18n
from pbem.errors import IntegrityError, StoreError
from pbem.i18n import _, ngettext
from pbem.mail.tokens import find_tokens
from pbem.model import iso_time, parse_time
from pbem.rules import find_game
from pbem.service.mailer import Mail, join
from pbem.service.outcome import Folder, Outcome, Reason
from pbem.store.fsutil import atomic_write

if TYPE_CHECKING:
    from pbem.mail.parse import ParsedMail
    from pbem.service import Service
    from pbem.service.steps import Flow

log = logging.getLogger("pbem.service")

REQUEST_WORDS = ("JOIN", "LEAVE", "WATCH", "UNWATCH", "GAMES")
"""The words of a fresh mail (documented in docs/PLAYER-GUIDE.md; a test checks it)."""

CONFIRM_DAYS = 7
"""How long a confirmation stays good."""

_REQUEST = re.compile(r"^\s*(JOIN|LEAVE|WATCH|UNWATCH)\s+([A-Za-z0-9-]{3,40})\s*$", re.I)
_GAMES = re.compile(r"^\s*GAMES\s*$", re.I)
_NOTICE_ID = re.compile(r"<pbem\.notice\.([0-9a-f]{16})@")


class OpenGame(msgspec.Struct, kw_only=True):
    """A game announced by ``pbem admin open``, waiting for players."""

    open_id: str
    game_name: str
    min_players: int
    max_players: int
    options: dict[str, str] = msgspec.field(default_factory=dict)
    start_at: str | None = None
    invited: list[str] = msgspec.field(default_factory=list)
    players: list[tuple[str, str]] = msgspec.field(default_factory=list)
    """(name, address), in the order they joined."""
    created: str
    game_id: str | None = None
    """Set once it started (the store's game id)."""
    gm_told_short: bool = False
    invites_sent: bool = False


class Request(msgspec.Struct, kw_only=True):
    address: str
    name: str
    verb: str
    target: str
    created: str
    done: bool = False


class Watcher(msgspec.Struct, kw_only=True):
    address: str
    seen: int = 0
    """The log line the watcher's last mail told up to."""


class Watchers(msgspec.Struct, kw_only=True):
    watchers: list[Watcher] = msgspec.field(default_factory=list)


# ==================================================================== files


class Board:
    """The open games, requests and watchers files."""

    def __init__(self, root: Path, fsync: bool = True) -> None:
        self.root = root
        self.fsync = fsync
        self.open_dir = root / "open"
        self.req_dir = root / "requests"
        self.watch_dir = root / "watchers"

    def _write(self, path: Path, value: msgspec.Struct) -> None:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        atomic_write(path, msgspec.json.encode(value), mode=0o600, sync=self.fsync)

    # -- open games ----------------------------------------------------------------------------

    def open_games(self) -> Iterator[OpenGame]:
        if not self.open_dir.is_dir():
            return
        for p in sorted(self.open_dir.glob("*.json")):
            try:
                yield msgspec.json.decode(p.read_bytes(), type=OpenGame)
            except (OSError, msgspec.DecodeError):
                continue

    def get_open(self, open_id: str) -> OpenGame | None:
        try:
            return msgspec.json.decode(
                (self.open_dir / f"{open_id}.json").read_bytes(), type=OpenGame
            )
        except (OSError, msgspec.DecodeError):
            return None

    def save_open(self, og: OpenGame) -> None:
        self._write(self.open_dir / f"{og.open_id}.json", og)

    def new_open(
        self,
        game_name: str,
        min_players: int,
        max_players: int,
        options: dict[str, str],
        start_at: datetime | None,
        invited: list[str],
        now: datetime,
    ) -> OpenGame:
        game = find_game(game_name)
        lo, hi = game.min_players, game.max_players
        if not lo <= min_players <= max_players <= hi:
            raise ValueError(f"{game.title} is for {lo} to {hi} players.")
        from pbem.rules.base import check_options
        from pbem.service.community import split_policy

        check_options(game, split_policy(options)[0])
        prefix = "".join(w[0] for w in game_name.split("-"))
        for _try in range(100):
            oid = f"o-{prefix}-{secrets.token_hex(2)}"
            if self.get_open(oid) is None:
                break
        og = OpenGame(
            open_id=oid,
            game_name=game_name,
            min_players=min_players,
            max_players=max_players,
            options=options,
            start_at=iso_time(start_at) if start_at else None,
            invited=[a.lower() for a in invited],
            created=iso_time(now),
        )
        self.save_open(og)
        return og

    # -- requests ------------------------------------------------------------------------------

    def get_request(self, h: str) -> Request | None:
        try:
            return msgspec.json.decode((self.req_dir / f"{h}.json").read_bytes(), type=Request)
        except (OSError, msgspec.DecodeError):
            return None

    def save_request(self, h: str, req: Request) -> None:
        self._write(self.req_dir / f"{h}.json", req)

    # -- watchers ------------------------------------------------------------------------------

    def watchers(self, game_id: str) -> Watchers:
        try:
            return msgspec.json.decode(
                (self.watch_dir / f"{game_id}.json").read_bytes(), type=Watchers
            )
        except (OSError, msgspec.DecodeError):
            return Watchers()

    def has_watchers(self, game_id: str) -> bool:
        return (self.watch_dir / f"{game_id}.json").exists()

    def save_watchers(self, game_id: str, w: Watchers) -> None:
        if not w.watchers:
            (self.watch_dir / f"{game_id}.json").unlink(missing_ok=True)
            return
        self._write(self.watch_dir / f"{game_id}.json", w)


def board_of(service: Service) -> Board:
    return Board(service.journal.root, service.store.fsync)


# ==================================================================== the pipeline step


@dataclass(frozen=True)
class Asked:
    verb: str
    target: str


def read_request(p: ParsedMail) -> Asked | None:
    """The request of a fresh mail: its first command line (or its subject)."""
    lines = p.command_lines()
    if not lines and p.subject:
        from pbem.mail.reply import subject_text

        s = subject_text(p.subject)
        lines = [s] if s else []
    for line in lines[:3]:
        m = _REQUEST.match(line)
        if m:
            return Asked(m.group(1).lower(), m.group(2).lower())
        if _GAMES.match(line):
            return Asked("games", "")
    return None


def _headers(flow: Flow) -> list[str]:
    inc = flow.incoming
    assert inc is not None
    p, outer = inc.mail, inc.outer
    return [p.in_reply_to, *p.references, *outer.references, outer.in_reply_to]


def step_requests(service: Service, flow: Flow) -> Outcome | None:
    """Before authentication: a fresh request gets a confirmation; a reply to a confirmation
    carries the request out. Anything else goes on to ``step_authenticate``."""
    headers = _headers(flow)
    if find_tokens(headers):
        return None  # a reply to a game mail: the normal path
    assert flow.incoming is not None
    p = flow.incoming.mail
    board = board_of(service)
    # What we answer is in the language the address chose (English until it chooses one).
    if p.from_addr:
        i18n.use(service.mailer.lang_of(p.from_addr))
    for value in headers:
        for m in _NOTICE_ID.finditer(value or ""):
            req = board.get_request(m.group(1))
            if req is not None:
                return _confirmed(service, board, m.group(1), req, p)
    asked = read_request(p)
    if asked is None:
        return None
    addr = p.from_addr
    if not addr or "@" not in addr:
        return Outcome(Folder.REJECTED, Reason.DROPPED_NO_SENDER)
    if asked.verb == "games":
        return _answer_games(service, p)
    problem, target = _check(service, board, asked, addr)
    if problem:
        return service.refuse_stranger(p, problem, Reason.REFUSED)
    return _ask_confirmation(service, board, asked.verb, target, p)


def _resolve_join(board: Board, target: str, addr: str) -> tuple[str | None, str]:
    og = board.get_open(target)
    if og is None:
        try:
            find_game(target)
        except (KeyError, ValueError):
            return (
                _(
                    "There is no open game %(target)s. Ask the game master which games are "
                    "open, or write JOIN forbidden-city to be placed in the next open game."
                )
                % {"target": repr(target)},
                "",
            )
        candidates = [
            g
            for g in board.open_games()
            if g.game_name == target and g.game_id is None and len(g.players) < g.max_players
        ]
        if not candidates:
            return (
                _("No %(game)s game is open now; the game master announces new ones.")
                % {"game": target},
                "",
            )
        og = min(candidates, key=lambda g: g.created)
    if og.game_id is not None:
        return (_("%(game)s has already started.") % {"game": og.open_id}, "")
    if any(a == addr for _, a in og.players):
        return (_("You are already in %(game)s.") % {"game": og.open_id}, "")
    if len(og.players) >= og.max_players:
        return (_("%(game)s is full.") % {"game": og.open_id}, "")
    return None, og.open_id


def _check(service: Service, board: Board, asked: Asked, addr: str) -> tuple[str | None, str]:
    """Why the request cannot be done (None: it can), and its resolved target."""
    if asked.verb == "join":
        return _resolve_join(board, asked.target, addr)
    if asked.verb == "leave":
        og = board.get_open(asked.target)
        if og is None or og.game_id is not None:
            return (
                _(
                    "%(game)s is not an open game (a game that has started is left with "
                    "RESIGN CONFIRM in a reply to one of its mails)."
                )
                % {"game": asked.target},
                "",
            )
        if not any(a == addr for _, a in og.players):
            return (_("You are not signed up for %(game)s.") % {"game": og.open_id}, "")
        return None, og.open_id
    # watch / unwatch
    gid = asked.target
    if not service.store.exists(gid):
        return (_("There is no game %(game)s.") % {"game": repr(gid)}, "")
    watching = any(w.address == addr for w in board.watchers(gid).watchers)
    if asked.verb == "unwatch":
        return (None, gid) if watching else (_("You do not watch %(game)s.") % {"game": gid}, "")
    try:
        rec = service.store.load(gid, verify=False)
    except (IntegrityError, StoreError):
        return (_("Game %(game)s cannot be watched now.") % {"game": gid}, "")
    if rec.envelope.options.get("watch", "yes") == "no":
        return (_("The game master does not allow watching %(game)s.") % {"game": gid}, "")
    if rec.envelope.status == "ended":
        return (
            _("Game %(game)s has ended; HISTORY is for its players, the GM has its record.")
            % {"game": gid},
            "",
        )
    if watching:
        return (_("You already watch %(game)s.") % {"game": gid}, "")
    if rec.envelope.seat_of_email(addr) is not None:
        return (
            _("You play in %(game)s: your own mails already tell you everything public.")
            % {"game": gid},
            "",
        )
    return None, gid


def _mac(service: Service, addr: str, verb: str, target: str, day: str) -> str:
    msg = f"pbem-request-v1\x00{addr}\x00{verb}\x00{target}\x00{day}".encode()
    return hmac.new(service.secret, msg, hashlib.sha256).hexdigest()


def _ask_confirmation(
    service: Service, board: Board, verb: str, target: str, p: ParsedMail
) -> Outcome:
    addr = p.from_addr
    if not service.strangers.allow(addr) or not service.stranger_flood.allow("*"):
        return Outcome(Folder.REJECTED, Reason.DROPPED_STRANGER, detail=verb)
    now = service.clock()
    tail = f"confirm.{_mac(service, addr, verb, target, now.strftime('%Y%m%d'))}"
    h = hashlib.sha256(tail.encode()).hexdigest()[:16]
    name = (p.from_name or addr.split("@")[0]).strip()[:60]
    board.save_request(
        h, Request(address=addr, name=name, verb=verb, target=target, created=iso_time(now))
    )
    asked = {
        "join": _("We were asked to join the game %(game)s for this address."),
        "leave": _("We were asked to leave the open game %(game)s for this address."),
        "watch": _("We were asked to watch the game %(game)s (its public mails) for this address."),
        "unwatch": _("We were asked to stop watching the game %(game)s for this address."),
    }[verb]
    m = service.mailer
    ctx = m.context(
        None,
        None,
        f"[{service.policy.service_name}] "
        + _("please confirm: %(request)s") % {"request": f"{verb.upper()} {target}"},
        "",  # never the request's From name: it may be a forger's text
        paragraphs=[
            asked % {"game": target},
            ngettext(
                "To confirm, reply to this mail (what you write does not matter). Nothing "
                "happens until you do; the request lapses after %(num)d day.",
                "To confirm, reply to this mail (what you write does not matter). Nothing "
                "happens until you do; the request lapses after %(num)d days.",
                CONFIRM_DAYS,
            )
            % {"num": CONFIRM_DAYS},
            _("If you did not ask for this, ignore this mail."),
        ],
    )
    m.send(Mail("notice", ctx, "", addr, tail, reply_to=p))
    return Outcome(Folder.PROCESSED, Reason.CONFIRMATION_SENT, None, 1, detail=verb)


def _confirmed(service: Service, board: Board, h: str, req: Request, p: ParsedMail) -> Outcome:
    # Long on purpose: one branch per confirmed request (join, leave, watch, unwatch), each short.
    addr = p.from_addr
    if addr != req.address:
        log.warning("a confirmation answered from another address: refused")
        return service.refuse_stranger(
            p,
            _(
                "The mail you answered was a confirmation sent to another address; it can only "
                "be confirmed from there."
            ),
            Reason.OTHER_SEAT,
        )
    now = service.clock()
    if req.done:
        return Outcome(Folder.PROCESSED, Reason.ALREADY_APPLIED)
    if now - parse_time(req.created) > timedelta(days=CONFIRM_DAYS):
        return service.refuse_stranger(
            p, _("That confirmation has lapsed; send your request again."), Reason.BAD_TOKEN
        )
    # The name is the one on the confirming mail (the address's owner wrote it), not the
    # request's, which anyone could have written.
    from pbem.service.commands import plain_say

    req.name = plain_say(p.from_name)[:60] or addr.split("@")[0]
    problem, target = _check(service, board, Asked(req.verb, req.target), addr)
    paragraphs: list[str]
    if problem:
        paragraphs = [problem, _("Nothing was changed.")]
    elif req.verb == "join":
        paragraphs = _join(service, board, target, req.name, addr)
    elif req.verb == "leave":
        og = board.get_open(target)
        assert og is not None
        og.players = [(n, a) for n, a in og.players if a != addr]
        board.save_open(og)
        paragraphs = [_("You have left %(game)s.") % {"game": target}]
    elif req.verb == "watch":
        w = board.watchers(target)
        seq = service.store.load(target, verify=False).seq
        w.watchers.append(Watcher(address=addr, seen=seq))
        board.save_watchers(target, w)
        paragraphs = [
            _(
                "You now watch %(game)s: you get its public mails (the board everyone sees and "
                "what happened), never a player's private part."
            )
            % {"game": target},
            _("To stop, write UNWATCH %(game)s in a new mail to this address.") % {"game": target},
        ]
    else:
        w = board.watchers(target)
        w.watchers = [x for x in w.watchers if x.address != addr]
        board.save_watchers(target, w)
        paragraphs = [_("You no longer watch %(game)s.") % {"game": target}]
    req.done = True
    board.save_request(h, req)
    m = service.mailer
    ctx = m.context(
        None,
        None,
        f"[{service.policy.service_name}] {req.verb.upper()} {req.target}",
        req.name,
        paragraphs=paragraphs,
    )
    m.send(Mail("notice", ctx, req.name, addr, f"confirmed.{h}", reply_to=p))
    reason = Reason.REFUSED if problem else Reason.APPLIED
    return Outcome(Folder.PROCESSED, reason, target or None, 1, detail=req.verb)


def _answer_games(service: Service, p: ParsedMail) -> Outcome:
    from pbem.service import community

    addr = p.from_addr
    if not service.strangers.allow(addr) or not service.stranger_flood.allow("*"):
        return Outcome(Folder.REJECTED, Reason.DROPPED_STRANGER, detail="games")
    now = service.clock()
    lines = community.games_of(service.store, addr, now)
    opened = [
        (
            _("%(game)s (%(title)s, %(num)d of %(min)d-%(max)d players): you are signed up.")
            if g.min_players != g.max_players
            else _("%(game)s (%(title)s, %(num)d of %(max)d players): you are signed up.")
        )
        % {
            "game": g.open_id,
            "title": find_game(g.game_name).title.split(" (")[0],
            "num": len(g.players),
            "min": g.min_players,
            "max": g.max_players,
        }
        for g in board_of(service).open_games()
        if g.game_id is None and any(a == addr for _, a in g.players)
    ]
    m = service.mailer
    ctx = m.context(
        None,
        None,
        f"[{service.policy.service_name}] " + _("your games"),
        "",  # never echo a From name we cannot trust
        paragraphs=[*lines, *opened],
    )
    m.send(Mail("notice", ctx, "", addr, f"games.{now.strftime('%Y%m%d')}.{addr}", reply_to=p))
    return Outcome(Folder.PROCESSED, Reason.ANSWERED, None, 1, detail="games")


# ==================================================================== open games


def _join(service: Service, board: Board, open_id: str, name: str, addr: str) -> list[str]:
    og = board.get_open(open_id)
    assert og is not None
    og.players.append((name, addr))
    board.save_open(og)
    late = start_if_ready(service, board, og, service.clock())
    if late is not None:
        return [
            _("You are in: %(open)s starts now as game %(game)s; its first mail follows.")
            % {"open": open_id, "game": late}
        ]
    if len(og.players) >= og.max_players:
        gid = start(service, board, og)
        return [
            _(
                "You are in: %(open)s is full and starts now as game %(game)s; its first mail "
                "follows."
            )
            % {"open": open_id, "game": gid}
        ]
    args = {"open": open_id, "num": len(og.players), "max": og.max_players,
            "at": og.start_at, "min": og.min_players}  # fmt: skip
    if og.start_at:
        first = _(
            "You are in %(open)s: %(num)d of at most %(max)d players. It starts when full or at "
            "%(at)s if %(min)d have joined by then; you will get its first mail then."
        )
    else:
        first = _(
            "You are in %(open)s: %(num)d of at most %(max)d players. It starts when full; you "
            "will get its first mail then."
        )
    return [
        first % args,
        _("Changed your mind? Write LEAVE %(open)s in a new mail.") % args,
    ]


def start(service: Service, board: Board, og: OpenGame) -> str:
    """Create the game of an open game with its players (in the order they joined), queue its
    start mails, and tell the GM."""
    from pbem.service.community import split_policy
    from pbem.store import SetPolicy

    now = service.clock()
    options, settings = split_policy(dict(og.options))
    gid = service.store.create(og.game_name, og.players, options, None, now)
    if settings:
        rec = service.store.load(gid)
        service.store.commit(
            gid, rec.seq, [SetPolicy(k, v) for k, v in settings.items()], service.clock()
        )
    og.game_id = gid
    board.save_open(og)
    service.notify(gid)
    service.alert_gm(
        f"open game {og.open_id} started as {gid}",
        [
            f"{og.open_id} ({og.game_name}) started as {gid} with "
            + join([f"{n} <{a}>" for n, a in og.players])
            + ".",
        ],
        key=f"open-{og.open_id}",
    )
    (board.open_dir / f"{og.open_id}.json").unlink(missing_ok=True)
    return gid


def start_due(service: Service, now: datetime) -> int:
    """At an open game's start time: start it with at least its minimum of players, or tell the
    GM (once) that too few joined. Returns the games started."""
    board = board_of(service)
    n = 0
    for og in list(board.open_games()):
        if og.invited and not og.invites_sent:
            _invite(service, og)
            og.invites_sent = True
            board.save_open(og)
        if og.game_id is not None or og.start_at is None or parse_time(og.start_at) > now:
            continue
        if len(og.players) >= og.min_players:
            start(service, board, og)
            n += 1
        elif not og.gm_told_short:
            service.alert_gm(
                f"open game {og.open_id}: too few players at its start time",
                [
                    f"{og.open_id} has {len(og.players)} of the {og.min_players} players it "
                    "needs. It stays open and starts as soon as the minimum is reached; "
                    f"'pbem admin open --cancel {og.open_id}' withdraws it.",
                ],
                key=f"short-{og.open_id}",
            )
            og.gm_told_short = True
            board.save_open(og)
    return n


def _invite(service: Service, og: OpenGame) -> None:
    title = find_game(og.game_name).title
    m = service.mailer
    for addr in og.invited:
        with m.speaking_to(addr):
            args = {"title": title, "min": og.min_players, "max": og.max_players,
                    "at": og.start_at, "open": og.open_id,
                    "address": service.policy.service_address,
                    "gm": service.policy.gm_address}  # fmt: skip
            if og.min_players == og.max_players:
                size = _(
                    "The game master invites you to a game of %(title)s by mail, for %(min)d players."
                )
            else:
                size = _(
                    "The game master invites you to a game of %(title)s by mail, for %(min)d to "
                    "%(max)d players."
                )
            when = (
                _(
                    "It starts at %(at)s (UTC) if at least %(min)d have joined, or as soon as it "
                    "is full."
                )
                if og.start_at
                else _("It starts as soon as it is full.")
            )
            ctx = m.context(
                None,
                None,
                f"[{service.policy.service_name}] "
                + _("an invitation: %(title)s (%(open)s)")
                % {"title": title.split(" (")[0], "open": og.open_id},
                "",
                paragraphs=[
                    size % args + " " + when % args,
                    _(
                        "To join, send a mail with the line JOIN %(open)s to %(address)s (a reply "
                        "to this mail will do). We then ask you to confirm, so that nobody can "
                        "sign you up but you."
                    )
                    % args,
                    _("Questions go to the game master at %(gm)s.") % args,
                ],
            )
        m.send(Mail("notice", ctx, "", addr, f"invite.{og.open_id}.{addr}"))


def start_if_ready(service: Service, board: Board, og: OpenGame, now: datetime) -> str | None:
    """After a join: a game past its start time starts as soon as it has its minimum."""
    if og.start_at and parse_time(og.start_at) <= now and len(og.players) >= og.min_players:
        return start(service, board, og)
    return None


# ==================================================================== observers' mails


def mail_watchers(service: Service, game_id: str) -> int:
    """The public mail of what happened since each observer's last one (the public board, the
    public events; no token, never a private part). Cheap when a game has no observers."""
    board = board_of(service)
    if not board.has_watchers(game_id):
        return 0
    w = board.watchers(game_id)
    record = service.store.load(game_id)
    m = service.mailer
    n = 0
    for watcher in w.watchers:
        if watcher.seen >= record.seq:
            continue
        seen = watcher.seen
        watcher.seen = record.seq
        env = record.envelope
        with m.speaking_to(watcher.address, record):
            events = service.notifier.events_since(record, seen)
            if not events:
                continue
            public = m.context(record, None, "", "")
            status = {
                "ended": _("The game is ended."),
                "paused": _("The game is paused."),
                "stopped": _("The game is stopped."),
            }
            ctx = m.context(
                record,
                None,
                m.subject(record, _("move %(num)d (you watch)") % {"num": env.moves}),
                watcher.address.split("@")[0],
                paragraphs=[
                    _("You watch %(game)s. Players: %(players)s.")
                    % {"game": game_id, "players": public.players_line}
                    + (
                        ""
                        if env.status == "active"
                        else " "
                        + status.get(env.status, _("The game is %(status)s."))
                        % {"status": env.status}
                    ),
                    _("What happened:"),
                    *[f"* {e}" for e in events],
                    _("Waiting for: %(who)s.") % {"who": public.waiting_for},
                ],
                board=record.render(None),
            )
        n += m.send(
            Mail(
                "notice",
                ctx,
                "",
                watcher.address,
                f"watch.{game_id}.{record.seq}.{watcher.address}",
                protect=False,
            )
        )
    board.save_watchers(game_id, w)
    return n
