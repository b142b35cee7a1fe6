"""What a game's timer does when it fires (issue 13): the reminders due, VACATION AUTO's leave
spent before a deadline is missed (issue 27), and the missed-deadline policy (the computer plays
the owed decision, or the GM is told). The deadlines themselves are :mod:`pbem.service.deadlines`.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

import pbem.service.leave as leave
import pbem.service.takeover as takeover
import pbem.service.votes as votes
from pbem.commands.durations import say_duration, say_time
from pbem.i18n import _
from pbem.rules.base import derive_rng
from pbem.service.deadlines import Due, Reminders, deadlines, held_seats, mark_key, reminder_times
from pbem.service.deps import Deps
from pbem.service.policy import policy_of
from pbem.service.ports import COMPUTER_PREFIX
from pbem.service.vacations import away_until
from pbem.store import ActionEntry, GameRecord

log = logging.getLogger("pbem.service")


def on_timer(deps: Deps, game_id: str, now: datetime) -> int:
    """Send the reminders due by ``now``, and apply the missed-deadline policy to one overdue
    decision (the next one's clock starts with it). Returns how many decisions were played."""
    store = deps.store
    votes.on_timer(deps, game_id, now)  # a proposal lapsed, or an agreed pause is up
    record = store.load(game_id)
    if record.envelope.status != "active":
        return 0
    reminders = Reminders(deps.journal.root, deps.store.fsync)
    mark = reminders.load(record)
    pol = policy_of(record.envelope)
    bounces = deps.mailer.bounces
    stopped = bounces.stopped_addresses() if bounces is not None else frozenset[str]()
    held = held_seats(record, stopped)
    items = [i for i in deadlines(record) if i.decision.seat not in held]
    changed = False
    for item in items:
        due_now = [(lb, w) for lb, w in reminder_times(item, pol.remind) if w <= now]
        todo = [lb for lb, _ in due_now if mark_key(item, lb) not in mark.done]
        away = away_until(record, item.decision.seat, now) is not None
        if todo and item.due > now and not away:  # (no reminder during a vacation)
            _remind(deps, record, item, now)
        for lb in todo:
            mark.done.append(mark_key(item, lb))
            changed = True
    overdue = [i for i in items if i.act <= now and mark_key(i, "gm") not in mark.done]
    played = 0
    if overdue and _spend_leave(deps, record, overdue[0], now):
        overdue = []  # the clock stopped: the deadline moved on, the policy waits
    if overdue:
        item = overdue[0]
        if pol.nmr == "gm":
            _tell_gm(deps, record, item)
            mark.done.append(mark_key(item, "gm"))
            changed = True
        else:
            played = _play_for(deps, record, item, now)
    if changed:
        reminders.save(game_id, mark)
    return played


def _spend_leave(deps: Deps, record: GameRecord, item: Due, now: datetime) -> bool:
    """VACATION AUTO (issue 27): before the missed-decision policy acts, spend the shortest leave
    of the seat's player if they allowed it and have it left: from the deadline on, in this game
    and all their others; everyone is told by the vacation lines' mails. Whether it was spent."""
    seat = item.decision.seat
    address = record.envelope.active_player(seat).email
    if address.startswith(COMPUTER_PREFIX) or not deps.prefs.leave_auto(address):
        return False
    rules = leave.rules_of(deps.policy)
    if rules.auto_max > timedelta(0) and (
        leave.auto_run(record, seat) >= rules.auto_max
        or leave.silent_auto_run(deps.store, address) >= rules.auto_max
    ):
        return False  # no answer for that long, here or anywhere: gone, not away
    if leave.left_of(deps.store, address, rules, now, deps.prefs) < rules.min_use:
        return False
    gid = record.envelope.game_id
    lid = leave.leave_id(item.due)
    entry, _what = leave.game_entry(
        record, seat, rules.min_use, now, lid, source="timer", auto=True, start=item.due
    )
    if entry is None:
        return False  # this game allows no vacation (or its allowance is spent)
    leave.mark_taken(deps.prefs, address)
    deps.store.commit(gid, record.seq, [entry], now)
    deps.notify(gid)
    leave.take(
        deps,
        address,
        rules.min_use,
        now,
        source="timer",
        skip=gid,
        lid=lid,
        auto=True,
        start=item.due,  # the same moment in every game: each deadline at it holds
    )
    log.info("%s: seat %d's leave was spent automatically (%s)", gid, seat, lid)
    return True


def _remind(deps: Deps, record: GameRecord, item: Due, now: datetime) -> None:
    m = deps.mailer
    seat = item.decision.seat
    pol = policy_of(record.envelope)
    with m.speaking_to_seat(record, seat):
        then = (
            _("the computer plays for you then")
            if pol.nmr == "computer"
            else _("the game master is told then, and the game waits")
        )
        grace = (
            " " + _("(after %(grace)s of grace)") % {"grace": say_duration(pol.grace)}
            if pol.grace
            else ""
        )
        ctx = m.seat_context(
            record,
            seat,
            _("reminder: your turn (move %(num)d)") % {"num": record.envelope.moves + 1},
            private_note=m.private_note(record, seat),
            paragraphs=[
                _(
                    "A reminder: the game is waiting for you. Your deadline is %(when)s, in "
                    "%(left)s. If your answer has not arrived by then, %(then)s%(grace)s."
                )
                % {
                    "when": say_time(item.due),
                    "left": say_duration(item.due - now),
                    "then": then,
                    "grace": grace,
                },
                _(
                    "Reply to this mail with your move. Away for a while? Reply VACATION 7d (or "
                    "another length) and your deadlines stop meanwhile."
                ),
            ],
        )
    tail = f"remind.q{record.seq}.{seat}.{item.decision.kind}.{now.strftime('%Y%m%d%H%M%S')}"
    m.to_seat(record, seat, "notice", ctx, tail)


def _tell_gm(deps: Deps, record: GameRecord, item: Due) -> None:
    env = record.envelope
    names, players = deps.mailer.names(record)
    seat = item.decision.seat
    deps.alert_gm(
        f"{env.game_id}: {players[seat]} ({names[seat]}) missed a deadline",
        [
            f"The {item.decision.kind} decision of {players[seat]} ({names[seat]}) in "
            f"{env.game_id} was due {say_time(item.due)}. The game's policy is nmr=gm, so "
            "the game waits for you.",
            f"Your choices: pbem admin move {env.game_id} {seat} MOVE; pbem admin replace; "
            f"pbem admin deadline {env.game_id} {item.decision.kind} 2d (a new deadline); or "
            f"pbem admin policy {env.game_id} nmr=computer.",
        ],
        key=f"nmr-{env.game_id}-{record.seq}-{seat}",
    )


def _play_for(deps: Deps, record: GameRecord, item: Due, now: datetime) -> int:
    game, d = record.game, item.decision
    gid = record.envelope.game_id
    rng = derive_rng(record.envelope.moves, "timer", gid, d.seat)
    action = game.default_action(record.state, d.seat, d.kind, rng)
    deps.store.commit(gid, record.seq, [ActionEntry(d.seat, action=action, source="timer")], now)

    takeover.after_missed(deps, gid, d.seat, now)  # issue 27: a vanished player's seat
    deps.notify(gid)
    deps.play_computers(gid)
    return 1
