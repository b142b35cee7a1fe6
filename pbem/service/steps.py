"""The steps of the pipeline, in order (:data:`pbem.service.STEPS`): each reads the one
:class:`Flow` of a message and returns an :class:`Outcome` that ends it, or None to go on.

Screening comes first (cheap, before trust), then authentication, then the order steps. A step
never calls back up: what a later step needs, an earlier one puts on the flow.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING

import pbem.service.orders as orders
import pbem.service.plans as plans
import pbem.service.signup as signup
from pbem import i18n
from pbem.commands.grammar import Reading
from pbem.errors import PLAYER_ERRORS, CommandError, ConflictError, GameStopped, RuleError
from pbem.i18n import _
from pbem.mail import fingerprint
from pbem.mail.parse import parse_message
from pbem.mail.policy import is_loop_or_auto, size_problem
from pbem.service.auth import Incoming, Refusal, Seated, authenticate
from pbem.service.flow import Flow as Flow  # (the steps pass it on)
from pbem.service.outcome import Folder, Outcome, Reason
from pbem.service.ports import Policy
from pbem.store import MessageHandled

if TYPE_CHECKING:
    from pbem.service.deps import Deps

log = logging.getLogger("pbem.service")

COMMIT_TRIES = 3
"""Optimistic concurrency: how often a reply is re-read against a fresh state after another
writer (a GM command) committed first."""


def step_size(deps: Deps, flow: Flow) -> Outcome | None:
    """Too large: refused before any parsing (a stranger's mail costs us nothing to read)."""
    problem = size_problem(len(flow.raw), deps.policy.max_size)
    if problem is None:
        return None
    return deps.strangers.refuse(parse_message(flow.raw, body=False), problem, Reason.TOO_LARGE)


def step_parse(deps: Deps, flow: Flow) -> Outcome | None:
    parsed = parse_message(flow.raw)
    flow.incoming = Incoming(flow.raw, parsed, parsed)
    if (
        parsed.body_problem
        and is_loop_or_auto(
            parsed,
            _own(deps.policy),
        )
        is None
    ):
        # Too deep, too many parts: only the headers were read. Say so (once a day at most).
        with deps.mailer.speaking_to(parsed.from_addr or ""):
            why = _(
                "We could not read your mail: %(problem)s Please reply again with just your "
                "move as plain text."
            ) % {"problem": _problem_text(parsed.body_problem)}
        return deps.strangers.refuse(parsed, why, Reason.UNREADABLE)
    return None


def _problem_text(problem: str) -> str:
    """A parse problem in the reader's language (an older plain string stays as it is)."""
    from pbem.mail.parse import Problem

    return problem.translated() if isinstance(problem, Problem) else problem


def _own(policy: Policy) -> set[str]:
    return {policy.service_address.lower(), *policy.own_addresses}


def step_loops(deps: Deps, flow: Flow) -> Outcome | None:
    """Loops, bounces and auto-replies: dropped without an answer."""
    assert flow.incoming is not None
    p = flow.incoming.outer
    why = is_loop_or_auto(p, _own(deps.policy))
    if why is None:
        return None
    from pbem.service.bounce_step import on_bounce  # flufl.bounce: only for automatic mail

    bounced = on_bounce(deps, flow.raw)
    if bounced is not None:
        return bounced
    log.info("dropped a message: %s", why)
    return Outcome(Folder.REJECTED, Reason.DROPPED_LOOP, detail=why)


def step_decrypt(deps: Deps, flow: Flow) -> Outcome | None:
    assert flow.incoming is not None
    outer = flow.incoming.outer
    if outer.encryption is None or not deps.hooks.has_crypto:
        return None
    crypto = deps.crypto()
    assert crypto is not None
    try:
        decrypted = crypto.decrypt_incoming(flow.raw, outer.message)
    except PLAYER_ERRORS as err:
        with deps.mailer.speaking_to(outer.from_addr or ""):
            why = _(
                "%(problem)s Please send your reply again, encrypted to the service's current "
                "certificate or key (or not encrypted)."
            ) % {"problem": err}
        return deps.strangers.refuse(outer, why, Reason.DECRYPTION_FAILED)
    if decrypted is not None:
        flow.incoming = Incoming(flow.raw, outer, parse_message(decrypted))
    return None


def step_requests(deps: Deps, flow: Flow) -> Outcome | None:
    """A mail without a game token asking to JOIN, LEAVE, WATCH, UNWATCH (confirmed by a
    mailed round trip first) or for its GAMES; see :mod:`pbem.service.signup`. Its email
    commands for the address (STANDINGS ... LANG, VACATION, BACK): :mod:`pbem.service.account`."""
    return signup.step_requests(deps, flow)


def step_authenticate(deps: Deps, flow: Flow) -> Outcome | None:
    assert flow.incoming is not None
    result = authenticate(deps.store, deps.policy, deps.secret, flow.incoming)
    if isinstance(result, Seated):
        flow.seated = result
        bounces = deps.mailer.bounces
        if bounces is not None and bounces.get(result.player.email) is not None:
            # A mail from the address that the service accepts: it works again.
            bounces.clear(result.player.email)
            deps.schedule(result.game_id)
        # From here on, what is said to the sender is in their language.
        i18n.use(deps.mailer.lang_of(result.player.email, result.record))
        return None
    if isinstance(result, Refusal):
        if result.reason is Reason.NO_TOKEN:
            # A reply to one of our notices to this address is ours (issue 31): keys in it are
            # filed, anything else gets a real answer.
            import pbem.service.notice_replies as notice_replies

            answered = notice_replies.answer(deps, flow)
            if answered is not None:
                return answered
        return deps.strangers.refuse(
            flow.incoming.mail, result.why or "", result.reason, game=result.game
        )
    deps.alert_gm(
        f"Game {result.game_id} is stopped",
        [
            f"A reply for game {result.game_id} arrived, but the game's files fail "
            "their checks (run `pbem admin verify`). The reply waits in the Shunt "
            "folder."
        ],
        key=f"integrity-{result.game_id}",
    )
    return result


def step_rate(deps: Deps, flow: Flow) -> Outcome | None:
    """At most so many mails a seat an hour: counted only once the mail is authenticated, so
    nobody can spend a player's budget by forging their From line."""
    s = flow.seated
    assert s is not None
    if deps.hooks.rate_limiter is None or deps.hooks.rate_limiter.allow(f"{s.game_id}:{s.seat}"):
        return None
    log.warning("rate limit for %s seat %d", s.game_id, s.seat)
    return Outcome(Folder.REJECTED, Reason.DROPPED_RATE, s.game_id)


def step_ledger(deps: Deps, flow: Flow) -> Outcome | None:
    """Applied before a crash: the journal takes care of its mails."""
    s = flow.seated
    assert s is not None
    key = s.ledger_key
    if key and s.record.envelope.has_message(key):
        return Outcome(Folder.PROCESSED, Reason.ALREADY_APPLIED, s.game_id)
    return None


def step_keys(deps: Deps, flow: Flow) -> Outcome | None:
    """File the keys a reply carries (a certificate, an OpenPGP key)."""
    s = flow.seated
    assert s is not None
    p = s.mail
    fp = fingerprint.load_for(
        deps.store.data_dir, [p.in_reply_to, *reversed(p.references)], key=deps.secret
    )
    lines, subject = orders.command_lines(s, deps.policy.max_commands, fp)
    flow.order = orders.Order(Reading(), lines, subject, answered=fp)
    crypto = deps.crypto()
    if crypto is None:
        return None
    found = crypto.keys_in(s.mail.message)  # the message parsed once (decrypted)
    if not found:
        return None
    filed = deps.keys.file_keys(s.record, s.seat, s.mail, found)
    if filed < 0:
        record_handled(deps, s, "key refused")
        return Outcome(Folder.REJECTED, Reason.KEY_REFUSED, s.game_id, 1)
    flow.order.keys_filed = filed
    return None


def step_read(deps: Deps, flow: Flow) -> Outcome | None:
    """Read the player's lines; all or nothing, every problem listed."""
    s, order = flow.seated, flow.order
    assert s is not None and order is not None
    reading = read_order(deps, s, order)
    if order.keys_filed and orders.only_key_words(reading):
        record_handled(deps, s, "key")
        return Outcome(Folder.PROCESSED, Reason.KEY_FILED, s.game_id, 1)
    if not check_order(deps, s, reading):
        return reject(deps, s, order)
    return None


def read_order(deps: Deps, s: Seated, order: orders.Order) -> Reading:
    """Read the order's lines against the seat's game as it is now. The first reading and the
    reading again after a commit conflict are this one function, then ``check_order``."""
    order.reading = orders.read(
        s, order.lines, deps.keys.missing(s.record), order.subject, order.answered
    )
    return order.reading


def check_order(deps: Deps, s: Seated, reading: Reading) -> bool:
    """Every check of a reading that needs the game: the game's status, each command's own
    checks (SAY's length...). False when the reply must be refused (the errors are listed)."""
    problem = orders.status_problem(s.record, reading)
    if problem is not None:
        reading.errors.append(("", problem))
    orders.check_commands(deps, s, reading)
    return not reading.errors and bool(reading.commands)


def step_carry_out(deps: Deps, flow: Flow) -> Outcome:
    """Answer the talking commands, then commit a move or a resignation."""
    s, order = flow.seated, flow.order
    assert s is not None and order is not None
    reading = order.reading
    replies, expunge = orders.run_commands(deps, s, reading)
    action = reading.action
    if action is None and not order.changes_game and orders.cancels_next(deps, s, order):
        # A reply that only talks still cancels the seat's queued move (issue 25).
        with contextlib.suppress(ConflictError, GameStopped):
            deps.store.commit(s.game_id, s.record.seq, orders.entries(deps, s, order), deps.clock())
        return Outcome(Folder.PROCESSED, Reason.ANSWERED, s.game_id, replies, expunge)
    if action is None and not order.changes_game:
        if reading.kinds() != {"preview"}:
            # (A preview alone leaves the log as it was: answering it twice after a crash
            # costs a mail, never a change.)
            record_handled(deps, s, ",".join(sorted(reading.kinds())))
        return Outcome(Folder.PROCESSED, Reason.ANSWERED, s.game_id, replies, expunge)
    committed = None
    for attempt in range(COMMIT_TRIES):
        try:
            committed = deps.store.commit(
                s.game_id, s.record.seq, orders.entries(deps, s, order), deps.clock()
            )
            break
        except ConflictError:
            # Another writer (a GM command, a second runner) came first: read the reply
            # again against the fresh state; it may now be stale, or already applied.
            fresh = deps.store.load(s.game_id)
            key = s.ledger_key
            if key and fresh.envelope.has_message(key):
                return Outcome(Folder.PROCESSED, Reason.ALREADY_APPLIED, s.game_id)
            if attempt == COMMIT_TRIES - 1:
                raise
            s = Seated(s.incoming, fresh, s.ref, fresh.envelope.active_player(s.seat))
            flow.seated = s
            reading = read_order(deps, s, order)
            action = reading.action
            if not check_order(deps, s, reading) or (action is None and not order.changes_game):
                return reject(deps, s, order)
        except GameStopped as err:
            reading.errors.append(("", CommandError(str(err))))
            return reject(deps, s, order)
        except (CommandError, RuleError) as err:
            reading.errors.append((action.line if action else "", err))
            return reject(deps, s, order)
    echo = action.echo if action is not None else order.change_line
    if action is not None and action.plan and committed is not None:
        import pbem.service.standing as standing

        texts = [s.record.game.notation(action.action), *action.plan]
        now = standing.orders_of(deps.store, s.record, s.seat)
        fallback = standing.fallback_text(s.record, s.seat, now)
        last, played, instead = plans.play_on(
            deps.store, committed, s.seat, texts, deps.clock, fallback
        )
        note = plans.account(last, s.seat, texts, len(played), fallback)
        echo = plans.echo(action.echo, played, note, instead, fallback)
    replies += deps.notify(s.game_id, actor=s.seat, echo=echo, reply_to=s.mail)
    replies += _after_commit(deps, s, order)
    deps.play_computers(s.game_id)
    return Outcome(Folder.PROCESSED, Reason.APPLIED, s.game_id, replies, expunge)


def _after_commit(deps: Deps, s: Seated, order: orders.Order) -> int:
    """What a committed command does beyond its game (issue 27: a leave pauses the sender's
    other games too); the mails it queued."""
    n = 0
    for handler, cmd in order.changes():
        n += handler.after_commit(deps, s, cmd)
    return n


def reject(deps: Deps, s: Seated, order: orders.Order) -> Outcome:
    orders.reject(deps.mailer, s, order.reading, order.lines)
    if order.reading.kinds() != {"preview"} or order.reading.action is not None:
        # (A refused PREVIEW alone leaves the log as it was, as an answered one does: answering
        # it twice after a crash costs a mail, never a change.)
        record_handled(deps, s, "rejected")
    # A refused mail that carried a CERT passphrase is deleted, like a carried-out one.
    reasons = "; ".join(str(e) for _, e in order.reading.errors) or "no command"
    return Outcome(
        Folder.REJECTED,
        Reason.REFUSED,
        s.game_id,
        1,
        orders.carries_passphrase(order.lines),
        detail=reasons[:200],
    )


def record_handled(deps: Deps, s: Seated, outcome: str) -> None:
    """Put an answered mail in the game's ledger (no game change), so that a fetch replayed
    after a crash does not answer it twice."""
    key = s.ledger_key
    if not key:
        return
    try:
        deps.store.commit(
            s.game_id, s.record.seq, [MessageHandled(key, s.seat, outcome)], deps.clock()
        )
    except ConflictError:
        # Answered before a crash, or another writer came first: try once on the fresh
        # state (an answer is idempotent; the ledger only keeps it from being sent twice).
        fresh = deps.store.load(s.game_id)
        if not fresh.envelope.has_message(key):
            with contextlib.suppress(ConflictError):
                deps.store.commit(
                    s.game_id, fresh.seq, [MessageHandled(key, s.seat, outcome)], deps.clock()
                )
    except GameStopped:
        pass
    deps.notify(s.game_id)
