"""The service's parts, built once and wired (issue 24): :func:`wire` makes the
:class:`~pbem.service.deps.Deps` the steps and the commands take, and the objects behind its
ports. The :class:`~pbem.service.Service` facade calls it on first use (an idle tick builds none
of this: it imports no mail-building code).

The one loop among the parts is cut here: the key desk starts a game through the notify port,
and the notifier asks the key desk who still lacks a key; :class:`Notifications` is made first
and given its notifier once that exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Unpack

from pbem.mail.outbox import Outbox
from pbem.service.bounces import BounceBook
from pbem.service.computers import play_computers
from pbem.service.deadlines import Reminders, held_seats, next_wakeup
from pbem.service.deps import Deps, Hooks
from pbem.service.journal import Journal
from pbem.service.keys import KeyDesk
from pbem.service.mailer import Mailer
from pbem.service.notifier import Notifier
from pbem.service.ports import Clock, Notice, Notify, Policy
from pbem.service.prefs import Prefs
from pbem.service.signup import board_at, mail_watchers
from pbem.service.standing import play_standing
from pbem.service.strangers import GmAlerts, StrangerDesk
from pbem.store import GameRecord, Store


@dataclass(frozen=True)
class Wired:
    """What :func:`wire` builds: the steps' and commands' :class:`Deps`, and the notifier (the
    facade's digests and tests reach it)."""

    deps: Deps
    notifier: Notifier


class Notifications:
    """The :class:`~pbem.service.ports.Notify` port: the decisions the players' standing orders
    answer are played first (issue 25), then the game's mails and its watchers' are queued."""

    def __init__(self, store: Store, clock: Clock, outbox: Outbox, journal: Journal) -> None:
        self.store = store
        self.clock = clock
        self.outbox = outbox
        self.journal = journal
        self.notifier: Notifier | None = None
        """Set by :func:`wire` once built (it needs the key desk, which needs this)."""

    def __call__(self, game_id: str, **notice: Unpack[Notice]) -> int:
        assert self.notifier is not None, "wired"
        _played, record = play_standing(self.store, self.store.load(game_id), self.clock)
        with self.outbox.batch():
            n = self.notifier.notify(game_id, record=record, **notice)
            board = board_at(self.journal.root, self.store.fsync)
            return n + mail_watchers(board, self.notifier, game_id)


class Scheduler:
    """The :class:`~pbem.service.ports.Schedule` port: when a game's next deadline falls due.
    Only games with a deadline have a timer file, so an idle tick does not read every game."""

    def __init__(self, store: Store, journal: Journal, mailer: Mailer) -> None:
        self.store = store
        self.journal = journal
        self.mailer = mailer

    def __call__(self, game_id: str, record: GameRecord | None = None) -> None:
        record = record or self.store.load(game_id, verify=False)
        mark = Reminders(self.journal.root, self.store.fsync).load(record)
        bounces = self.mailer.bounces
        stopped = bounces.stopped_addresses() if bounces is not None else frozenset[str]()
        due = next_wakeup(record, mark, held_seats(record, stopped))
        status = record.envelope.status
        # (A paused game wakes only to resume a pause agreed by vote, issue 27.)
        self.journal.set_timer(game_id, due if status in ("active", "paused") else None)


class ComputerSeats:
    """The :class:`~pbem.service.ports.PlayComputers` port (:mod:`pbem.service.computers`)."""

    def __init__(self, store: Store, clock: Clock, notify: Notify) -> None:
        self.store = store
        self.clock = clock
        self.notify = notify

    def __call__(self, game_id: str, limit: int = 1000) -> int:
        return play_computers(self.store, game_id, self.clock, self.notify, limit)


def wire(
    store: Store,
    outbox: Outbox,
    policy: Policy,
    clock: Clock,
    journal: Journal,
    prefs: Prefs,
    hooks: Hooks,
    template_cache: Path | None = None,
) -> Wired:
    """Build every part once, in the order each needs the others."""
    if template_cache is not None:
        from pbem.mail import compose

        compose.use_bytecode_cache(template_cache)
    secret = store.keyring.token_secret
    mailer = Mailer(
        outbox, policy, clock, secret, hooks.mail_crypto, store.data_dir, fsync=store.fsync
    )
    mailer.prefs = prefs  # each recipient's language
    mailer.store = store  # each reader's leave left (issue 27)
    mailer.bounces = BounceBook(journal.root, fsync=store.fsync)
    notifications = Notifications(store, clock, outbox, journal)
    keys = KeyDesk(store, journal, mailer, clock, hooks.mail_crypto, notifications)
    schedule = Scheduler(store, journal, mailer)
    notifier = Notifier(store, journal, mailer, prefs, keys.welcome, keys.missing, schedule)
    notifications.notifier = notifier
    deps = Deps(
        store=store,
        policy=policy,
        clock=clock,
        secret=secret,
        journal=journal,
        prefs=prefs,
        mailer=mailer,
        keys=keys,
        hooks=hooks,
        strangers=StrangerDesk(journal, policy, clock, secret, mailer),
        notify=notifications,
        schedule=schedule,
        alert_gm=GmAlerts(journal, mailer, clock),
        play_computers=ComputerSeats(store, clock, notifications),
    )
    return Wired(deps, notifier)
