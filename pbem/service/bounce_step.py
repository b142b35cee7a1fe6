"""The pipeline's bounce step: a bounce that arrives by mail, matched to our seat mails, counted in
the bounces file (:mod:`pbem.service.bounces`, which says what follows from the count), and the
GM told. Called by :func:`pbem.service.steps.step_loops` for automatic mail only, so the bounce
reader (flufl.bounce) loads only then.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from pbem.service.bounces import BounceBook

if TYPE_CHECKING:
    from pbem.service.deps import Deps
    from pbem.service.outcome import Outcome

log = logging.getLogger("pbem.service")


def _seat_addresses(record: object, seat: int) -> set[str]:
    env = getattr(record, "envelope", None)
    players = getattr(env, "players", []) if env is not None else []
    return {p.email.strip().lower() for p in players if p.seat == seat}


def on_bounce(deps: Deps, raw: bytes) -> Outcome | None:
    """When ``raw`` (already judged automatic mail) is a bounce: count it, tell the GM once per
    address, and end its way here without an answer. None when it is no bounce."""
    from pbem.errors import IntegrityError
    from pbem.mail.bounce import read_bounce
    from pbem.mail.tokens import check_token, redact
    from pbem.service.outcome import Folder, Outcome, Reason

    report = read_bounce(raw)
    if report is None:
        return None
    if report.kind == "delay":
        log.info("a delivery delay warning (not counted)")
        return Outcome(Folder.REJECTED, Reason.BOUNCE, detail="delivery delayed")
    matched: list[tuple[str, str, int, str]] = []  # (address, game, seat, message id)
    for ref in report.tokens:
        if not check_token(deps.secret, ref):
            continue
        try:
            record = deps.store.load(ref.game, verify=False)
        except (IntegrityError, OSError, KeyError, ValueError) as err:
            log.info("a bounce names game %s, which cannot be loaded: %s", ref.game, err)
            continue
        except Exception as err:  # an unknown game id: the store's own error
            log.info("a bounce names game %s: %s", ref.game, err)
            continue
        holders = _seat_addresses(record, ref.seat)
        if report.permanent:
            hits = sorted(holders & report.permanent)
        else:
            # The bounce names no address: the seat's mail went to its player of the time.
            try:
                hits = [record.envelope.active_player(ref.seat).email.strip().lower()]
            except (IndexError, KeyError, ValueError):
                hits = []
        mid = next((i for i in report.message_ids if f".s{ref.seat}.t{ref.turn}." in i.lower()), "")
        key = redact(mid) if mid else f"{ref.game}.s{ref.seat}.t{ref.turn}"  # no token at rest
        for addr in hits:
            matched.append((addr, ref.game, ref.seat, key))
    if not matched:
        log.info(
            "a bounce that names none of our players' mails (%d of our ids, %d failed addresses)",
            len(report.message_ids),
            len(report.permanent),
        )
        return Outcome(Folder.REJECTED, Reason.BOUNCE, detail="bounce not matched to a player")
    threshold = max(1, deps.policy.bounce_threshold)
    when = deps.clock().strftime("%Y-%m-%dT%H:%M:%SZ")
    books = BounceBook(deps.journal.root, fsync=deps.store.fsync)
    first_game = matched[0][1]
    seen: set[str] = set()
    for addr, game, seat, mid in matched:
        if addr in seen:
            continue
        seen.add(addr)
        entry, new = books.record(addr, f"{game}:{seat}", mid, when, _reason(raw), threshold)
        log.warning("a bounce for %s (game %s seat %d): %d so far", addr, game, seat, entry.count)
        if new and not entry.notified:
            _tell_gm(deps, addr, game, seat, threshold)
            books.mark_notified(addr)
        if new and entry.stopped and entry.count == threshold:
            _tell_gm_stopped(deps, addr, game, seat, threshold)
            deps.schedule(game)
    return Outcome(Folder.REJECTED, Reason.BOUNCE, first_game, detail="bounce counted")


def _reason(raw: bytes) -> str:
    """The first line of the bounce that says why (for the GM), in plain ASCII."""
    import re

    for pattern in (
        rb"(?im)^diagnostic-code:\s*(.+)$",
        rb"(?im)^status:\s*(5\.\d+\.\d+.*)$",
        rb"(?m)^\s*(5\d\d[ -].+)$",
    ):
        m = re.search(pattern, raw)
        if m:
            return m.group(1).decode("ascii", "replace").strip()[:200]
    return "delivery failed"


def _tell_gm(deps: Deps, address: str, game: str, seat: int, threshold: int) -> None:
    deps.alert_gm(
        f"mail to {address} bounced",
        [
            f"A mail of game {game} to seat {seat} ({address}) came back undelivered. Further "
            "bounces of this address are counted without another notice; after "
            f"{threshold} the service stops mailing it and holds that seat's deadlines.",
            f"To check: pbem admin show {game}; pbem admin bounces. A new address for the "
            f"player: pbem admin replace {game} {seat} ...",
        ],
        key=f"bounce-{address}",
    )


def _tell_gm_stopped(deps: Deps, address: str, game: str, seat: int, threshold: int) -> None:
    deps.alert_gm(
        f"stopped mailing {address}",
        [
            f"Mail to {address} bounced {threshold} times; the service no longer mails it, and "
            "the deadlines of its seats are held.",
            f"Put another address in the seat (pbem admin replace {game} {seat} ...), or when "
            f"the address works again: pbem admin bounces --clear {address}. A mail from the "
            "player that the service accepts clears it too.",
        ],
        key=f"bounce-stop-{address}",
    )
