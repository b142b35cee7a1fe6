"""Seats taken over (issue 27): a vanished player's seat goes to the computer and is offered to
volunteers, who take it with a confirmed round trip.

- A seat whose player missed ``takeover`` decisions in a row (a game setting, 2 by default, 0
  never), each played by the computer when its deadline passed, is **given to the computer**: a
  ``replace`` line with ``source: timer`` (the fact the GM's reliability records read), the old
  player told. The seat is then **offered**.
- ``STANDBY forbidden-city`` (or ``STANDBY any``), a fresh mail to the service, confirmed by a
  mailed round trip like JOIN, puts the address on the list of volunteers (``STANDBY OFF``
  takes it off). The GM may offer any computer seat too: ``pbem admin offer GAME SEAT``.
- An offer mails every volunteer for that game (the seat, the game, the command to write;
  nothing of the seat's private part). ``TAKEOVER <game> <seat>`` asks for the seat: the
  service mails a confirmation (no private value in it either), and only the reply to that
  confirmation, from the same address, hands the seat over: a ``replace`` line with ``source:
  mail``. From then on the newcomer gets the seat's mails (its private part encrypted for them
  where the game sends it so); the player who vanished and the others are told. The moves the
  computer made keep their ``timer`` / ``bot`` source in the log and the history.

Files (under ``<data>/outbox``): ``standby.json`` (address -> game names), ``offers.json`` (the
offered seats), ``takeovers/<h>.json`` (the confirmations sent).
"""

from __future__ import annotations

import logging
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from pbem import i18n, layout
from pbem.errors import CommandError, ConflictError, GameStopped, IntegrityError, StoreError
from pbem.i18n import _, ngettext
from pbem.mail.tokens import find_tokens, notice_hash, notice_hashes
from pbem.model import iso_time
from pbem.service.confirmations import Pending, ask_confirmation, unconfirmable
from pbem.service.facts import missed_in_a_row
from pbem.service.fresh import SEATS, read
from pbem.service.mailer import Mail
from pbem.service.outcome import Folder, Outcome, Reason
from pbem.service.ports import COMPUTER_PREFIX
from pbem.store import GameRecord, Replace
from pbem.store.fsutil import atomic_write

if TYPE_CHECKING:
    from pbem.mail.parse import ParsedMail
    from pbem.service.deps import Deps
    from pbem.service.flow import Flow

log = logging.getLogger("pbem.service")


class Offer(msgspec.Struct, kw_only=True):
    game_id: str
    seat: int
    created: str
    by: str
    """``policy`` (missed decisions) or ``gm``."""


class _Files:
    def __init__(self, root: Path, fsync: bool = True) -> None:
        self.root = root
        self.fsync = fsync

    def _write(self, path: Path, data: bytes) -> None:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        atomic_write(path, data, mode=0o600, sync=self.fsync)

    def standby(self) -> dict[str, list[str]]:
        try:
            return msgspec.json.decode(
                (self.root / layout.STANDBY).read_bytes(), type=dict[str, list[str]]
            )
        except (OSError, msgspec.DecodeError):
            return {}

    def save_standby(self, data: dict[str, list[str]]) -> None:
        self._write(self.root / layout.STANDBY, msgspec.json.encode(dict(sorted(data.items()))))

    def offers(self) -> list[Offer]:
        try:
            return msgspec.json.decode((self.root / layout.OFFERS).read_bytes(), type=list[Offer])
        except (OSError, msgspec.DecodeError):
            return []

    def save_offers(self, offers: list[Offer]) -> None:
        self._write(self.root / layout.OFFERS, msgspec.json.encode(offers))

    def ask(self, h: str) -> Pending | None:
        """A STANDBY or TAKEOVER waiting for its confirmation."""
        try:
            return msgspec.json.decode(
                layout.record_file(self.root / layout.TAKEOVERS, h).read_bytes(), type=Pending
            )
        except (OSError, msgspec.DecodeError):
            return None

    def save_ask(self, h: str, ask: Pending) -> None:
        self._write(layout.record_file(self.root / layout.TAKEOVERS, h), msgspec.json.encode(ask))


def files_of(deps: Deps) -> _Files:
    return _Files(deps.journal.root, deps.store.fsync)


# ==================================================================== missed decisions


def limit_of(record: GameRecord) -> int:
    from pbem.service.policy import policy_of

    return policy_of(record.envelope).takeover


def computer_address(deps: Deps, game_id: str, seat: int) -> str:
    return f"{COMPUTER_PREFIX}{game_id}.{seat}@{deps.mailer.host}"


def after_missed(deps: Deps, game_id: str, seat: int, now: datetime) -> bool:
    """After a decision the computer played for a missed deadline: give the seat to the
    computer and offer it when its player missed the game's number of them in a row."""
    record = deps.store.load(game_id)
    limit = limit_of(record)
    player = record.envelope.active_player(seat)
    if limit <= 0 or player.email.startswith(COMPUTER_PREFIX):
        return False
    if record.envelope.status != "active" or missed_in_a_row(record, seat) < limit:
        return False
    entry = Replace(
        seat,
        f"Computer (for {player.name})",
        computer_address(deps, game_id, seat),
        source="timer",
    )
    try:
        deps.store.commit(game_id, record.seq, [entry], now)
    except (ConflictError, GameStopped, CommandError) as err:
        log.warning("%s: seat %d not given to the computer: %s", game_id, seat, err)
        return False
    log.info("%s: seat %d given to the computer after %d missed decisions", game_id, seat, limit)
    offer(deps, game_id, seat, by="policy")
    return True


def lost_seat_text(record: GameRecord, seat: int, seat_name: str) -> str:
    """What the player whose seat went to the computer is told: why, and how to take it back
    (``TAKEOVER`` of their own seat, confirmed like a volunteer's, until a volunteer has it)."""
    word = record.game.seat_names(len(record.envelope.seats()))[seat].lower()
    return (
        ngettext(
            "You missed %(num)d decision in a row in game %(game)s, so the computer now plays "
            "your seat (%(seat)s), and it is offered to volunteers.",
            "You missed %(num)d decisions in a row in game %(game)s, so the computer now plays "
            "your seat (%(seat)s), and it is offered to volunteers.",
            limit_of(record),
        )
        % {"num": limit_of(record), "game": record.envelope.game_id, "seat": seat_name}
        + " "
        + _(
            "To take it back, write TAKEOVER %(game)s %(word)s in a new mail to this address "
            "(we then ask you to confirm); you can until a volunteer has taken it. Meanwhile you "
            "get no more mail for this game, and replies to its earlier mails are no longer "
            "accepted."
        )
        % {"game": record.envelope.game_id, "word": word}
    )


# ==================================================================== offers


def offer(deps: Deps, game_id: str, seat: int, *, by: str) -> int:
    """Offer a computer seat to the volunteers of its game; the mails queued."""
    record = deps.store.load(game_id, verify=False)
    env = record.envelope
    if not env.active_player(seat).email.startswith(COMPUTER_PREFIX):
        raise CommandError(f"seat {seat} of {game_id} is held by a person, not the computer.")
    if env.status == "ended":
        raise CommandError(f"{game_id} has ended.")
    f = files_of(deps)
    offers = [o for o in f.offers() if not (o.game_id == game_id and o.seat == seat)]
    offers.append(Offer(game_id=game_id, seat=seat, created=iso_time(deps.clock()), by=by))
    f.save_offers(offers)
    players = {p.email for p in env.players}
    names = record.game.seat_names(len(env.seats()))
    n = 0
    for addr, wanted in sorted(f.standby().items()):
        if addr in players or not ({env.game_name, "any"} & set(wanted)):
            continue
        m = deps.mailer
        with m.speaking_to(addr):
            ctx = m.notice_context(
                _("a seat to take over: %(game)s") % {"game": game_id},
                "",
                paragraphs=[
                    _(
                        "The seat %(seat)s of game %(game)s (%(title)s) is free: its player has "
                        "gone, and the computer plays it for now."
                    )
                    % {
                        "seat": _(names[seat]),
                        "game": game_id,
                        "title": record.game.title.split(" (")[0],
                    },
                    _(
                        "To take it over, write TAKEOVER %(game)s %(seat)s in a new mail to this "
                        "address; we then ask you to confirm."
                    )
                    % {"game": game_id, "seat": names[seat].lower()},
                ],
            )
        n += m.send(Mail("notice", ctx, "", addr, f"offer.{game_id}.{seat}.{env.seq}"))
    return n


def offered(deps: Deps, game_id: str, seat: int) -> bool:
    return any(o.game_id == game_id and o.seat == seat for o in files_of(deps).offers())


# ==================================================================== the pipeline's step


def step_takeover(deps: Deps, flow: Flow) -> Outcome | None:
    """Before the sign-up step: STANDBY and TAKEOVER in a fresh mail get a confirmation; a reply
    to one of those confirmations carries it out. Anything else goes on."""
    inc = flow.incoming
    assert inc is not None
    p, outer = inc.mail, inc.outer
    headers = [p.in_reply_to, *p.references, *outer.references, outer.in_reply_to]
    if find_tokens(headers):
        return None
    f = files_of(deps)
    for h in notice_hashes(headers):  # the notice ids' one reader (pbem.mail.tokens)
        ask = f.ask(h)
        if ask is not None:
            if p.from_addr:
                i18n.use(deps.mailer.lang_of(p.from_addr))
            return _confirmed(deps, f, h, ask, p)
    got = read(p)  # the first lines, then the Subject, then a request in words
    if got is None or got[0] not in SEATS:
        return None
    verb, target = got[0], " ".join(a.lower() for a in got[1])
    addr = p.from_addr
    if not addr or "@" not in addr:
        return Outcome(Folder.REJECTED, Reason.DROPPED_NO_SENDER)
    i18n.use(deps.mailer.lang_of(addr))
    problem, target = _check(deps, verb, target, addr)
    if problem:
        return deps.strangers.refuse(p, problem, Reason.REFUSED)
    return _ask(deps, f, verb, target, p)


def _seat_of(record: GameRecord, text: str) -> int | None:
    seats = record.envelope.seats()
    if text.isdigit() and int(text) in seats:
        return int(text)
    names = [n.lower() for n in record.game.seat_names(len(seats))]
    return names.index(text) if text in names else None


def _check(deps: Deps, verb: str, target: str, addr: str) -> tuple[str | None, str]:
    """Why the request cannot be done (None: it can), and its target as stored."""
    from pbem.rules import game_key

    if verb == "standby":
        if target in ("any", "off"):
            return None, target
        game = game_key(target)
        if game is None:
            return (
                _(
                    "%(name)s is not a game this service runs: write STANDBY forbidden-city, "
                    "STANDBY verbotene-stadt or STANDBY any (STANDBY OFF to stop)."
                )
                % {"name": repr(target)},
                "",
            )
        return None, game
    gid, _sp, seat_text = target.partition(" ")
    if not deps.store.exists(gid):
        return _("There is no game %(game)s.") % {"game": repr(gid)}, ""
    try:
        record = deps.store.load(gid, verify=False)
    except (IntegrityError, StoreError):
        return _("Game %(game)s cannot be joined now.") % {"game": gid}, ""
    seat = _seat_of(record, seat_text)
    if seat is None:
        names = ", ".join(n.lower() for n in record.game.seat_names(len(record.envelope.seats())))
        return (
            _("%(seat)s is not a seat of %(game)s; its seats are %(names)s.")
            % {"seat": repr(seat_text), "game": gid, "names": names},
            "",
        )
    if record.envelope.status != "active":
        return _("Game %(game)s is not in play.") % {"game": gid}, ""
    if record.envelope.seat_of_email(addr) is not None:
        return _("You already play in %(game)s.") % {"game": gid}, ""
    held = record.envelope.active_player(seat).email
    if not held.startswith(COMPUTER_PREFIX) or not offered(deps, gid, seat):
        return (
            _(
                "That seat of %(game)s is not offered: only a seat the computer plays for a player "
                "who has gone can be taken over, once the game master or the game offers it."
            )
            % {"game": gid},
            "",
        )
    return None, f"{gid} {seat}"


def _ask(deps: Deps, f: _Files, verb: str, target: str, p: ParsedMail) -> Outcome:
    addr = p.from_addr
    if not deps.strangers.allow(addr):
        return Outcome(Folder.REJECTED, Reason.DROPPED_STRANGER, detail=verb)
    now = deps.clock()
    ask = Pending(address=addr, verb=verb, target=target, created=iso_time(now))
    tail = ask.tail(deps.secret, "pbem-takeover-v1")
    f.save_ask(notice_hash(tail), ask)
    if verb == "standby":
        asked = _("We were asked to put this address on the list of volunteers for %(what)s.") % {
            "what": target
        }
    else:
        gid, _sp, seat = target.partition(" ")
        asked = _("We were asked to give this address the seat %(seat)s of game %(game)s.") % {
            "seat": seat,
            "game": gid,
        }
    return ask_confirmation(deps.mailer, verb, target, asked, tail, p)


def _confirmed(deps: Deps, f: _Files, h: str, ask: Pending, p: ParsedMail) -> Outcome:
    addr = p.from_addr
    now = deps.clock()
    not_now = unconfirmable(deps.strangers.refuse, p, ask, now)
    if not_now is not None:
        return not_now
    from pbem.service.commands import plain_say

    name = plain_say(p.from_name)[:60] or addr.split("@")[0]
    problem, target = _check(deps, ask.verb, ask.target, addr)
    game_id: str | None = None
    if problem:
        paragraphs = [problem, _("Nothing was changed.")]
    elif ask.verb == "standby":
        data = f.standby()
        if target == "off":
            data.pop(addr, None)
            paragraphs = [_("You are no longer on any list of volunteers.")]
        else:
            data[addr] = sorted({*data.get(addr, []), target})
            paragraphs = [
                _(
                    "You are now a volunteer for %(what)s: when a seat is free (its player has "
                    "gone), we mail you, and TAKEOVER <game> <seat> takes it. STANDBY OFF to stop."
                )
                % {"what": target}
            ]
        f.save_standby(data)
    else:
        game_id, _sp, seat_text = target.partition(" ")
        paragraphs = _hand_over(deps, f, game_id, int(seat_text), name, addr, now)
    ask.done = True
    f.save_ask(h, ask)
    m = deps.mailer
    ctx = m.notice_context(f"{ask.verb.upper()} {ask.target}", name, paragraphs)
    m.send(Mail("notice", ctx, name, addr, f"confirmed.{h}", reply_to=p))
    if game_id is not None and not problem:
        deps.notify(game_id)  # the newcomer's mail with the seat's board, and the others'
        deps.play_computers(game_id)
    reason = Reason.REFUSED if problem else Reason.APPLIED
    return Outcome(Folder.PROCESSED, reason, game_id, 1, detail=ask.verb)


def _hand_over(
    deps: Deps, f: _Files, game_id: str, seat: int, name: str, addr: str, now: datetime
) -> list[str]:
    store = deps.store
    with store.lock(game_id):
        record = store.load(game_id)
        gone = [
            p
            for p in record.envelope.players
            if p.seat == seat and not p.email.startswith(COMPUTER_PREFIX)
        ]
        try:
            store.commit(game_id, record.seq, [Replace(seat, name, addr, source="mail")], now)
        except (ConflictError, GameStopped, CommandError, ValueError) as err:
            return [str(err), _("Nothing was changed.")]
    f.save_offers([o for o in f.offers() if not (o.game_id == game_id and o.seat == seat)])
    names = record.game.seat_names(len(record.envelope.seats()))
    if gone and gone[-1].email == addr:  # the player who lost the seat took it back
        return [
            _(
                "You have your seat %(seat)s in game %(game)s back. Your mail for it, with the "
                "board and your part of it, follows; reply to it with your moves."
            )
            % {"seat": _(names[seat]), "game": game_id}
        ]
    if gone:  # the player who vanished hears who took their seat
        old = gone[-1]
        m = deps.mailer
        with m.speaking_to(old.email, record):
            ctx = m.notice_context(
                _("your seat was taken over"),
                old.name,
                record=record,
                paragraphs=[
                    _(
                        "You missed several decisions in game %(game)s, so the computer played "
                        "your seat (%(seat)s); %(name)s has now taken it over."
                    )
                    % {"game": game_id, "seat": _(names[seat]), "name": name}
                ],
            )
        m.send(Mail("notice", ctx, old.name, old.email, f"takenover.{game_id}.{seat}.{record.seq}"))
    return [
        _(
            "You now play %(seat)s in game %(game)s. Your first mail for it, with the board and "
            "your part of it, follows; reply to it with your moves."
        )
        % {"seat": _(names[seat]), "game": game_id}
    ]
