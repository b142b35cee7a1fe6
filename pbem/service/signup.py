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

import logging
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

import msgspec

from pbem import i18n, layout
from pbem.errors import IntegrityError, StoreError
from pbem.i18n import N_, _
from pbem.mail.policy import RateLimiter, dmarc_verdict, reply_address_problem
from pbem.mail.tokens import answers_our_notice, find_tokens, notice_hash, notice_hashes
from pbem.model import check_email, check_name, iso_time, parse_time
from pbem.rules import find_game, game_key
from pbem.service.confirmations import CONFIRM_DAYS, Pending, ask_confirmation, unconfirmable
from pbem.service.fresh import ACCOUNT, SIGN_UP, heard
from pbem.service.mailer import Mail, join, short_hash
from pbem.service.outcome import Folder, Outcome, Reason
from pbem.store.fsutil import atomic_write

if TYPE_CHECKING:
    from pbem.mail.parse import ParsedMail
    from pbem.service.deps import Deps
    from pbem.service.flow import Flow
    from pbem.service.fresh import Request as FreshRequest
    from pbem.service.mailer import Mailer
    from pbem.store import GameRecord, Store

log = logging.getLogger("pbem.service")


SIGNUPS_PER_ADDRESS_DAY = 6
"""Confirmations (and GAMES answers) one address is sent in a day: its own budget, apart from the
strangers' answers (:meth:`Service.refuse_stranger`), so that a refusal never silences a JOIN."""

SIGNUPS_PER_HOUR = 120
"""Confirmations and GAMES answers to all addresses together in an hour."""

WATCHERS_PER_GAME = 20
"""Observers one game takes: each of the game's mails goes to every one of them."""

FORGED_PER_HOUR = 10
"""Answers to requests whose aligned DMARC check failed at our server (a forged From), all
together in an hour: counted apart, so a forger never spends the budget of the address they
forge."""


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
    start_error: str = ""
    """Why the game could not be created at its last try (the GM was told once; ``""``: none)."""
    min_reliability: int | None = None
    """Only addresses whose reliability (percent, docs/STANDINGS.md) is at least this may join."""
    max_rating: float | None = None
    """Only addresses whose rating in the game's pool is at most this may join."""


class Request(Pending, kw_only=True):
    """A sign-up request (JOIN, LEAVE, WATCH, UNWATCH), or a new mail's LANG, VACATION or BACK
    (:mod:`pbem.service.account`), waiting for its confirmation."""

    name: str
    """The From name of the request (replaced by the confirming mail's)."""


class Watcher(msgspec.Struct, kw_only=True):
    address: str
    seen: int = 0
    """The log line the watcher's last mail told up to."""
    ended: str = ""
    """``"gm"`` once ``pbem admin unwatch`` removed the watcher: told at the next tick, then gone."""


class Watchers(msgspec.Struct, kw_only=True):
    watchers: list[Watcher] = msgspec.field(default_factory=list)


# ==================================================================== files


_Rec = TypeVar("_Rec", bound=msgspec.Struct)


class SignupFiles:
    """The open games, requests and watchers files."""

    def __init__(self, root: Path, fsync: bool = True) -> None:
        self.root = root
        self.fsync = fsync
        self.open_dir = root / layout.OPEN
        self.req_dir = root / layout.REQUESTS
        self.watch_dir = root / layout.WATCHERS

    def _write(self, path: Path, value: msgspec.Struct) -> None:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        atomic_write(path, msgspec.json.encode(value), mode=0o600, sync=self.fsync)

    @staticmethod
    def _read(directory: Path, name: str, kind: type[_Rec]) -> _Rec | None:
        """The record ``<directory>/<name>.json``, or None when it is missing or unreadable."""
        try:
            return msgspec.json.decode(layout.record_file(directory, name).read_bytes(), type=kind)
        except (OSError, msgspec.DecodeError):
            return None

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
        return self._read(self.open_dir, open_id, OpenGame)

    def save_open(self, og: OpenGame) -> None:
        self._write(layout.record_file(self.open_dir, og.open_id), og)

    def new_open(
        self,
        game_name: str,
        min_players: int,
        max_players: int,
        options: dict[str, str],
        start_at: datetime | None,
        invited: list[str],
        now: datetime,
        *,
        min_reliability: int | None = None,
        max_rating: float | None = None,
    ) -> OpenGame:
        game = find_game(game_name)
        lo, hi = game.min_players, game.max_players
        if not lo <= min_players <= max_players <= hi:
            raise ValueError(f"{game.title} is for {lo} to {hi} players.")
        from pbem.rules.base import check_options
        from pbem.service.policy import split_policy

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
            min_reliability=min_reliability,
            max_rating=max_rating,
        )
        self.save_open(og)
        return og

    # -- requests ------------------------------------------------------------------------------

    def get_request(self, h: str) -> Request | None:
        return self._read(self.req_dir, h, Request)

    def save_request(self, h: str, req: Request) -> None:
        self._write(layout.record_file(self.req_dir, h), req)

    # -- watchers ------------------------------------------------------------------------------

    def watchers(self, game_id: str) -> Watchers:
        return self._read(self.watch_dir, game_id, Watchers) or Watchers()

    def has_watchers(self, game_id: str) -> bool:
        return layout.record_file(self.watch_dir, game_id).exists()

    def ask_mails(self, game_id: str) -> None:
        """Have the next tick build ``game_id``'s mails (the journal's dirty marker): for a change
        made outside the mail loop, e.g. ``pbem admin unwatch``."""
        path = self.root / layout.DIRTY / game_id
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        atomic_write(path, b"", mode=0o600, sync=self.fsync)

    def save_watchers(self, game_id: str, w: Watchers) -> None:
        if not w.watchers:
            layout.record_file(self.watch_dir, game_id).unlink(missing_ok=True)
            return
        self._write(layout.record_file(self.watch_dir, game_id), w)


def prune_requests(root: Path, fsync: bool, now: datetime) -> int:
    """Delete the sign-up requests older than their confirmation's life (:data:`CONFIRM_DAYS`)
    and a day: a reply to one of those lapsed anyway. Called once a day; returns how many."""
    req_dir = board_at(root, fsync).req_dir
    if not req_dir.is_dir():
        return 0
    limit = now - timedelta(days=CONFIRM_DAYS + 1)
    n = 0
    for path in req_dir.glob("*.json"):
        try:
            req = msgspec.json.decode(path.read_bytes(), type=Request)
            old = parse_time(req.created) < limit
        except (OSError, msgspec.DecodeError, ValueError):
            old = True  # unreadable: nothing can use it
        if old:
            path.unlink(missing_ok=True)
            n += 1
    return n


Board = SignupFiles
"""The name this module's functions use for :class:`SignupFiles` (one class name, one meaning:
``Board`` is the game's board elsewhere)."""


def board_at(root: Path, fsync: bool) -> SignupFiles:
    """The sign-up files under the journal's ``root``."""
    return SignupFiles(root, fsync)


def board_of(deps: Deps) -> SignupFiles:
    return board_at(deps.journal.root, deps.store.fsync)


# ==================================================================== the pipeline step


@dataclass(frozen=True)
class Asked:
    verb: str
    target: str
    in_words: bool = False
    """Said in a sentence without its command word ("je voudrais rejoindre o-fc-3a9c"): always
    confirmed by mail, even in a reply to one of our mails (:mod:`pbem.service.fresh_words`)."""


def read_request(p: ParsedMail) -> Asked | None:
    """The sign-up request of a fresh mail (:func:`pbem.service.fresh.heard`: its first command
    line, or its Subject, or a request in words), None when it asks for none of
    :data:`~pbem.service.fresh.SIGN_UP`."""
    return _asked(heard(p))


def _asked(got: tuple[FreshRequest, bool] | None) -> Asked | None:
    """:func:`read_request` of what :func:`~pbem.service.fresh.heard` read."""
    if got is None or got[0][0] not in SIGN_UP:
        return None
    (verb, args), in_words = got
    return Asked(verb, args[0].lower() if args else "", in_words)


def _headers(flow: Flow) -> list[str]:
    inc = flow.incoming
    assert inc is not None
    p, outer = inc.mail, inc.outer
    return [p.in_reply_to, *p.references, *outer.references, outer.in_reply_to]


def step_requests(deps: Deps, flow: Flow) -> Outcome | None:
    """Before authentication: a fresh request gets a confirmation; a reply to a confirmation
    carries the request out. Anything else goes on to ``step_authenticate``."""
    headers = _headers(flow)
    if find_tokens(headers):
        return None  # a reply to a game mail: the normal path
    assert flow.incoming is not None
    p = flow.incoming.mail
    board = board_of(deps)
    # What we answer is in the language the address chose (English until it chooses one).
    if p.from_addr:
        i18n.use(deps.mailer.lang_of(p.from_addr))
    for h in notice_hashes(headers):  # the notice ids' one reader (pbem.mail.tokens)
        req = board.get_request(h)
        if req is not None:
            return _confirmed(deps, board, h, req, p)
    # A reply to a mail we sent to this very address (an invitation, a notice, an observer's
    # mail) carries its own proof: it is acted on at once, outside every budget.
    ours = answers_our_notice(deps.secret, p.from_addr, headers)
    got = heard(p)
    asked = _asked(got)
    account = got[0] if got is not None and got[0][0] in ACCOUNT else None
    if asked is None and account is None:
        return None if ours else _ask_back(deps, p)
    verb = asked.verb if asked is not None else account[0] if account is not None else ""
    addr = p.from_addr
    if not addr or "@" not in addr:
        return Outcome(Folder.REJECTED, Reason.DROPPED_NO_SENDER)
    unanswerable = reply_address_problem(addr)
    if unanswerable is not None:
        # An internationalised or malformed address: we send ASCII mail only, so the one line
        # is the log's (docs/SECURITY.md); never a shunt, never an alert to the GM.
        log.info("a %s request from an address we cannot answer: %s", verb, unanswerable)
        return Outcome(Folder.REJECTED, Reason.DROPPED_NO_SENDER, detail=verb)
    if account is not None:
        # STANDINGS, LANG, VACATION ... for the address (pbem.service.account; issue 31)
        import pbem.service.account as account_requests

        kind, args = account
        return account_requests.answer(deps, board, p, kind, " ".join(args), ours)
    assert asked is not None
    if asked.verb == "games":
        return _answer_games(deps, p, ours)
    if asked.verb == "join":
        problem = player_problem(joining_name(p), addr)
        if problem:
            return deps.strangers.refuse(p, problem, Reason.REFUSED)
    problem, target = _check(deps, board, asked, addr)
    if problem:
        return deps.strangers.refuse(p, problem, Reason.REFUSED)
    if ours and not asked.in_words:
        return _act_at_once(deps, board, asked.verb, target, p)
    # a request said in words is confirmed first, even in a reply to one of our mails
    return _ask_confirmation(deps, board, asked.verb, target, p, ours=ours)


ASK_BACK = N_(
    "We could not tell what this mail asks for. A request is read when it asks in your own name "
    "and names the game: its id (in the game master's announcement), or the game's name for "
    "JOIN and STANDBY. Write the command on a line of its own in a new mail:"
)
PLAY_INSTEAD = N_(
    "To play in a game you are in, reply to the newest mail of that game instead, and write "
    "your move above or below the quote."
)


def _ask_back(deps: Deps, p: ParsedMail) -> Outcome | None:
    """A fresh mail that speaks of signing up, watching or standing by, from which no request
    was read ("I'd like to join please", "my brother wants to join o-fc-3a9c"): answered with
    the commands to write (within the strangers' budget, as every answer to a stranger), never
    with a request guessed. Any other mail goes on (None)."""
    from pbem.commands.vocabulary import FRESH, help_table
    from pbem.service.fresh import WORDS_LINES, request_lines
    from pbem.service.fresh_words import about_a_request

    if not about_a_request([*request_lines(p), *p.command_lines()[3:WORDS_LINES]]):
        return None
    rows = [_(row) for section in help_table(FRESH) for row in section[1:]]
    text = "\n".join([_(ASK_BACK), *rows, "", _(PLAY_INSTEAD)])
    return deps.strangers.refuse(p, text, Reason.REFUSED)


def _limiter(deps: Deps, filename: str, limit: int, window: float) -> RateLimiter:
    return RateLimiter(
        deps.journal.root, limit, window, lambda: deps.clock().timestamp(), filename=filename
    )


def forged(deps: Deps, p: ParsedMail) -> bool:
    """Whether our own server's aligned DMARC check failed for ``p``'s From (a verdict other
    than pass; none when no ``authserv_id`` is set or our server left no verdict)."""
    authserv = deps.policy.authserv_id
    return authserv is not None and dmarc_verdict(p, authserv) not in ("pass", None)


def signup_budget(deps: Deps, p: ParsedMail, verb: str) -> bool:
    """Whether a confirmation (or a GAMES answer) may be sent for ``p``: forged mail spends the
    forgers' own budget; LEAVE and UNWATCH have theirs, so that they always get through the same
    day as the JOIN or WATCH; none of them spends the strangers' answers."""
    if forged(deps, p):
        return _limiter(deps, layout.SIGNUPS_FORGED, FORGED_PER_HOUR, 3600.0).allow("*")
    name = layout.SIGNUPS_OUT if verb in ("leave", "unwatch") else layout.SIGNUPS_IN
    return _limiter(deps, name, SIGNUPS_PER_ADDRESS_DAY, 86400.0).allow(p.from_addr) and _limiter(
        deps, layout.SIGNUPS_ALL, SIGNUPS_PER_HOUR, 3600.0
    ).allow("*")


def _act_at_once(deps: Deps, board: Board, verb: str, target: str, p: ParsedMail) -> Outcome:
    """A request in a reply to one of our mails to this address: carried out without asking
    (idempotent: the same mail again changes nothing)."""
    key = p.message_id or f"{p.from_addr}.{verb}.{target}.{deps.clock():%Y%m%d}"
    h = notice_hash(f"direct.{verb}.{target}.{p.from_addr}.{key}")
    done = board.get_request(h)
    if done is not None and done.done:
        return Outcome(Folder.PROCESSED, Reason.ALREADY_APPLIED)
    req = Request(
        address=p.from_addr,
        name=joining_name(p),
        verb=verb,
        target=target,
        created=iso_time(deps.clock()),
    )
    board.save_request(h, req)
    return _confirmed(deps, board, h, req, p)


def joining_name(p: ParsedMail) -> str:
    """The player's name a JOIN (or its confirmation) gives: the From display name as one plain
    line, or the part of the address before the @."""
    from pbem.service.commands import plain_say

    return plain_say(p.from_name)[:60] or p.from_addr.split("@")[0]


def greeting_name(p: ParsedMail) -> str:
    """The From display name as one plain line (at most 60 characters), or ``""``: what a notice
    to the confirming address greets by (that mail came from the address's owner)."""
    from pbem.service.commands import plain_say

    return plain_say(p.from_name)[:60]


def player_problem(name: str, addr: str) -> str | None:
    """Why ``(name, addr)`` cannot be a player of a game (None: it can): the very checks of
    ``pbem admin new`` (:func:`pbem.model.check_player`), said in the reader's language and
    without echoing the name (a forger may have written it)."""
    try:
        check_email(addr)
    except ValueError:
        return _(
            "This address cannot be a player's address: the service writes to plain ASCII "
            "addresses (name@example.org) only. Please write from another address."
        )
    try:
        check_name(name)
    except ValueError:
        return _(
            "The name your mail program sends with your address cannot be a player's name: it "
            'is too long or holds one of < > " \\ or an invisible character. Change that name '
            "in your mail program (or leave it empty: the part of your address before the @ is "
            "then used) and write again."
        )
    return None


def join_refusal(data_dir: Path | None, og: OpenGame, addr: str) -> str | None:
    """Why ``addr`` may not JOIN the open game ``og`` (``pbem admin open --min-reliability`` /
    ``--max-rating``), or ``None``. An address the GM invited is never refused; an address with no
    record counts as reliable (100%) and unrated (0)."""
    if data_dir is None or (og.min_reliability is None and og.max_rating is None):
        return None
    if addr in og.invited:
        return None
    from pbem.standings import load, pool_of

    standings = load(data_dir)
    if og.min_reliability is not None:
        rel = standings.reliability.get(addr)
        yours = rel.percent if rel is not None else 100
        if yours < og.min_reliability:
            return _(
                "%(game)s is open to players whose reliability is at least %(min)d percent "
                "(decisions made on time); yours is %(yours)d percent."
            ) % {"game": og.open_id, "min": og.min_reliability, "yours": yours}
    if og.max_rating is not None:
        pool = pool_of(og.game_name, og.max_players)
        rating = standings.pools.get(pool, {}).get(addr)
        value = rating.rating if rating is not None else 0.0
        if value > og.max_rating:
            return _(
                "%(game)s is open to players rated at most %(max)s; your rating is %(yours)s."
            ) % {"game": og.open_id, "max": f"{og.max_rating:.2f}", "yours": f"{value:.2f}"}
    return None


def _resolve_join(
    board: Board, target: str, addr: str, data_dir: Path | None = None
) -> tuple[str | None, str]:
    og = board.get_open(target)
    if og is None:
        game = game_key(target)
        if game is None:
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
            if g.game_name == game and g.game_id is None and len(g.players) < g.max_players
        ]
        if not candidates:
            return (
                _("No %(game)s game is open now; the game master announces new ones.")
                % {"game": game},
                "",
            )
        allowed = [g for g in candidates if join_refusal(data_dir, g, addr) is None]
        og = min(allowed or candidates, key=lambda g: g.created)
    if og.game_id is not None:
        return (_("%(game)s has already started.") % {"game": og.open_id}, "")
    if any(a == addr for _, a in og.players):
        return (_("You are already in %(game)s.") % {"game": og.open_id}, "")
    if len(og.players) >= og.max_players:
        return (_("%(game)s is full.") % {"game": og.open_id}, "")
    refusal = join_refusal(data_dir, og, addr)
    if refusal is not None:
        return (refusal, "")
    return None, og.open_id


def _check(deps: Deps, board: Board, asked: Asked, addr: str) -> tuple[str | None, str]:
    """Why the request cannot be done (None: it can), and its resolved target."""
    if asked.verb == "join":
        return _resolve_join(board, asked.target, addr, deps.store.data_dir)
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
    if not deps.store.exists(gid):
        return (_("There is no game %(game)s.") % {"game": repr(gid)}, "")
    watching = any(w.address == addr for w in board.watchers(gid).watchers)
    if asked.verb == "unwatch":
        return (None, gid) if watching else (_("You do not watch %(game)s.") % {"game": gid}, "")
    try:
        rec = deps.store.load(gid, verify=False)
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
    if len(board.watchers(gid).watchers) >= WATCHERS_PER_GAME:
        return (
            _("%(game)s has as many observers as it takes (%(max)d); try again later.")
            % {"game": gid, "max": WATCHERS_PER_GAME},
            "",
        )
    if rec.envelope.seat_of_email(addr) is not None:
        return (
            _("You play in %(game)s: your own mails already tell you everything public.")
            % {"game": gid},
            "",
        )
    return None, gid


def _ask_confirmation(
    deps: Deps, board: Board, verb: str, target: str, p: ParsedMail, *, ours: bool = False
) -> Outcome:
    """Mail the confirmation of a request; within the sign-up budget, except in a reply to one
    of our mails to this address (which carries its own proof and is never dropped)."""
    if not ours and not signup_budget(deps, p, verb):
        log.info("a %s request not confirmed: the sign-up budget is spent", verb)
        return Outcome(Folder.REJECTED, Reason.DROPPED_RATE, detail=verb)
    tail = save_confirmation(deps, board, verb, target, p)
    asked = {
        "join": _("We were asked to join the game %(game)s for this address."),
        "leave": _("We were asked to leave the open game %(game)s for this address."),
        "watch": _("We were asked to watch the game %(game)s (its public mails) for this address."),
        "unwatch": _("We were asked to stop watching the game %(game)s for this address."),
    }[verb]
    return ask_confirmation(deps.mailer, verb, target, asked % {"game": target}, tail, p)


def save_confirmation(deps: Deps, board: Board, verb: str, target: str, p: ParsedMail) -> str:
    """Store the request ``verb target`` of ``p``'s sender until it is confirmed; the Message-ID
    tail of its confirmation (:func:`~pbem.service.confirmations.ask_confirmation`)."""
    addr = p.from_addr
    name = (p.from_name or addr.split("@")[0]).strip()[:60]
    req = Request(address=addr, name=name, verb=verb, target=target, created=iso_time(deps.clock()))
    tail = req.tail(deps.secret, "pbem-request-v1")
    board.save_request(notice_hash(tail), req)
    return tail


def _confirmed(deps: Deps, board: Board, h: str, req: Request, p: ParsedMail) -> Outcome:
    # Long on purpose: one branch per confirmed request (join, leave, watch, unwatch), each short.
    addr = p.from_addr
    if addr != req.address:
        log.warning("a confirmation answered from another address: refused")
    now = deps.clock()
    not_now = unconfirmable(deps.strangers.refuse, p, req, now)
    if not_now is not None:
        return not_now
    # The name is the one on the confirming mail (the address's owner wrote it), not the
    # request's, which anyone could have written.
    req.name = joining_name(p)
    problem = player_problem(req.name, addr) if req.verb == "join" else None
    bad_name = problem is not None
    if req.verb in ACCOUNT:
        target = req.target  # its own checks: pbem.service.account
    elif bad_name:
        # Never stored; the same confirmation still works once the name is fixed.
        req.name = addr.split("@")[0]
        target = ""
    else:
        problem, target = _check(deps, board, Asked(req.verb, req.target), addr)
    paragraphs: list[str]
    if req.verb in ACCOUNT:  # LANG, VACATION, BACK of a new mail (issue 31)
        import pbem.service.account as account_requests

        paragraphs, done = account_requests.confirmed(deps, req)
        problem, target = (None if done else paragraphs[0]), ""
    elif problem:
        paragraphs = [problem, _("Nothing was changed.")]
    elif req.verb == "join":
        paragraphs = _join(deps, board, target, req.name, addr)
    elif req.verb == "leave":
        og = board.get_open(target)
        assert og is not None
        og.players = [(n, a) for n, a in og.players if a != addr]
        board.save_open(og)
        paragraphs = [_("You have left %(game)s.") % {"game": target}]
    elif req.verb == "watch":
        w = board.watchers(target)
        seq = deps.store.load(target, verify=False).seq
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
    if not bad_name:
        req.done = True
        board.save_request(h, req)
    m = deps.mailer
    # Greeted by the name the sender's mail program gives, or by none: never by the part of the
    # address before the @ ("Hello dee," read as a slip; issue 31).
    greet = "" if bad_name else greeting_name(p)
    ctx = m.notice_context(f"{req.verb.upper()} {req.target}".strip(), greet, paragraphs)
    tail = f"confirmed.{h}" + (f".name.{short_hash(p.message_id)}" if bad_name else "")
    m.send(Mail("notice", ctx, req.name, addr, tail, reply_to=p))
    reason = Reason.REFUSED if problem else Reason.APPLIED
    return Outcome(Folder.PROCESSED, reason, target or None, 1, detail=req.verb)


def _answer_games(deps: Deps, p: ParsedMail, ours: bool = False) -> Outcome:
    import pbem.service.community as community

    addr = p.from_addr
    if not ours and not signup_budget(deps, p, "games"):
        log.info("a games request not answered: the sign-up budget is spent")
        return Outcome(Folder.REJECTED, Reason.DROPPED_RATE, detail="games")
    now = deps.clock()
    lines = community.games_of(deps.store, addr, now, deps.policy)
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
        for g in board_of(deps).open_games()
        if g.game_id is None and any(a == addr for _, a in g.players)
    ]
    m = deps.mailer
    ctx = m.notice_context(
        _("your games"),
        "",  # never echo a From name we cannot trust
        paragraphs=[*lines, *opened],
    )
    m.send(Mail("notice", ctx, "", addr, f"games.{now.strftime('%Y%m%d')}.{addr}", reply_to=p))
    return Outcome(Folder.PROCESSED, Reason.ANSWERED, None, 1, detail="games")


# ==================================================================== open games


def _join(deps: Deps, board: Board, open_id: str, name: str, addr: str) -> list[str]:
    og = board.get_open(open_id)
    assert og is not None
    og.players.append((name, addr))
    board.save_open(og)
    late = start_if_ready(deps, board, og, deps.clock())
    if late is not None:
        return [
            _("You are in: %(open)s starts now as game %(game)s; its first mail follows.")
            % {"open": open_id, "game": late}
        ]
    if len(og.players) >= og.max_players:
        gid = start(deps, board, og)
        if gid is not None:
            return [
                _(
                    "You are in: %(open)s is full and starts now as game %(game)s; its first "
                    "mail follows."
                )
                % {"open": open_id, "game": gid}
            ]
        og = board.get_open(open_id) or og
        if og.start_error:
            return [
                _(
                    "You are in %(open)s, but it could not start; the game master has been told "
                    "and will write to you."
                )
                % {"open": open_id}
            ]
    args = {"open": open_id, "num": len(og.players), "max": og.max_players,
            "at": i18n.say_datetime(og.start_at or ""), "min": og.min_players}  # fmt: skip
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


def _drop_unfit(deps: Deps, board: Board, og: OpenGame) -> bool:
    """Take out of ``og`` every player ``pbem admin new`` would refuse (stored before JOIN checked
    them, or by a hand-edited file): each is told (when the address can be answered), the GM once.
    True when someone was taken out."""
    unfit = [(n, a) for n, a in og.players if player_problem(n, a) is not None]
    if not unfit:
        return False
    og.players = [x for x in og.players if x not in unfit]
    board.save_open(og)
    m = deps.mailer
    for name, addr in unfit:
        if reply_address_problem(addr) is not None:
            continue
        with m.speaking_to(addr):
            why = player_problem(name, addr)
            ctx = m.notice_context(
                f"LEAVE {og.open_id}",
                "",
                paragraphs=[
                    _("You were taken out of the open game %(game)s before it started.")
                    % {"game": og.open_id},
                    why or "",
                ],
            )
        m.send(Mail("notice", ctx, "", addr, f"unfit.{og.open_id}.{addr}"))
    deps.alert_gm(
        f"open game {og.open_id}: players taken out before the start",
        [
            f"{og.open_id} could not start with "
            + join([a for _, a in unfit])
            + " (a name or address 'pbem admin new' refuses). They were taken out and told; "
            f"the game stays open with {len(og.players)} of {og.max_players} players.",
        ],
        key=f"unfit-{og.open_id}-{short_hash(' '.join(a for _, a in unfit))}",
    )
    return True


def start(deps: Deps, board: Board, og: OpenGame) -> str | None:
    """Create the game of an open game with its players (in the order they joined), queue its
    start mails, and tell the GM. None when it cannot start: players who cannot play are taken
    out (the game stays open to others), or the store refused the game (the GM is told once, the
    open game stays as it is, and later ticks go on)."""
    from pbem.service.policy import split_policy
    from pbem.store import SetPolicy

    now = deps.clock()
    if _drop_unfit(deps, board, og):
        return None
    try:
        options, settings = split_policy(dict(og.options))
        gid = deps.store.create(og.game_name, og.players, options, None, now)
    except (ValueError, KeyError) as err:
        if og.start_error != str(err):
            log.error("open game %s cannot start: %s", og.open_id, err)
            deps.alert_gm(
                f"open game {og.open_id} cannot start",
                [
                    f"{og.open_id} ({og.game_name}) could not be created: {err}",
                    "It stays open as it is; 'pbem admin open --cancel "
                    f"{og.open_id}' withdraws it. You are told once.",
                ],
                key=f"start-{og.open_id}-{short_hash(str(err))}",
            )
            og.start_error = str(err)
            board.save_open(og)
        return None
    if settings:
        rec = deps.store.load(gid)
        deps.store.commit(
            gid, rec.seq, [SetPolicy(k, v) for k, v in settings.items()], deps.clock()
        )
    og.game_id = gid
    board.save_open(og)
    deps.notify(gid)
    deps.alert_gm(
        f"open game {og.open_id} started as {gid}",
        [
            f"{og.open_id} ({og.game_name}) started as {gid} with "
            + join([f"{n} <{a}>" for n, a in og.players])
            + ".",
        ],
        key=f"open-{og.open_id}",
    )
    layout.record_file(board.open_dir, og.open_id).unlink(missing_ok=True)
    return gid


def start_due(deps: Deps, now: datetime) -> int:
    """At an open game's start time: start it with at least its minimum of players, or tell the
    GM (once) that too few joined. Returns the games started."""
    board = board_of(deps)
    n = 0
    for og in list(board.open_games()):
        if og.invited and not og.invites_sent:
            _invite(deps, og)
            og.invites_sent = True
            board.save_open(og)
        if og.game_id is not None or og.start_at is None or parse_time(og.start_at) > now:
            continue
        if len(og.players) >= og.min_players:
            n += start(deps, board, og) is not None
        elif not og.gm_told_short:
            deps.alert_gm(
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


def _invite(deps: Deps, og: OpenGame) -> None:
    title = find_game(og.game_name).title
    m = deps.mailer
    for addr in og.invited:
        with m.speaking_to(addr):
            args = {"title": title, "min": og.min_players, "max": og.max_players,
                    "at": i18n.say_datetime(og.start_at or "", utc=False), "open": og.open_id,
                    "address": deps.policy.service_address,
                    "gm": deps.policy.gm_address}  # fmt: skip
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
            ctx = m.notice_context(
                _("an invitation: %(title)s (%(open)s)")
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


def start_if_ready(deps: Deps, board: Board, og: OpenGame, now: datetime) -> str | None:
    """After a join: a game past its start time starts as soon as it has its minimum."""
    if og.start_at and parse_time(og.start_at) <= now and len(og.players) >= og.min_players:
        return start(deps, board, og)
    return None


# ==================================================================== observers' mails


class WatchNotices(Protocol):
    """What the observers' mails need: the store, the mailer, and the public sentences of the
    log lines since a point (:meth:`pbem.service.notifier.Notifier.events_since`)."""

    @property
    def store(self) -> Store: ...

    @property
    def mailer(self) -> Mailer: ...

    def events_since(self, record: GameRecord, since: int) -> list[str]: ...


def mail_watchers(board: Board, notices: WatchNotices, game_id: str) -> int:
    """The public mail of what happened since each observer's last one (the public board, the
    public events; no token, never a private part). Cheap when a game has no observers."""
    if not board.has_watchers(game_id):
        return 0
    w = board.watchers(game_id)
    record = notices.store.load(game_id)
    m = notices.mailer
    n = 0
    closed = record.envelope.options.get("watch", "yes") == "no"
    staying = [x for x in w.watchers if not (closed or x.ended)]
    for watcher in w.watchers:
        if watcher in staying:
            continue
        # Told once: the watcher is gone from the file with this mail.
        with m.speaking_to(watcher.address, record):
            why = (
                _("The game master ended your watch of %(game)s.")
                if watcher.ended
                else _("The game master no longer allows watching %(game)s.")
            )
            ctx = m.notice_context(
                f"UNWATCH {game_id}",
                "",
                paragraphs=[
                    why % {"game": game_id},
                    _("You get no more mail of this game."),
                ],
            )
        n += m.send(
            Mail("notice", ctx, "", watcher.address, f"unwatched.{game_id}.{watcher.address}")
        )
    if len(staying) != len(w.watchers):
        w.watchers = staying
        board.save_watchers(game_id, w)
    for watcher in w.watchers:
        if watcher.seen >= record.seq:
            continue
        seen = watcher.seen
        watcher.seen = record.seq
        env = record.envelope
        with m.speaking_to(watcher.address, record):
            events = notices.events_since(record, seen)
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
                headers=m.list_headers(game_id, "watch", f"UNWATCH {game_id}"),
            )
        )
    board.save_watchers(game_id, w)
    return n
