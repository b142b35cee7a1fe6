"""Computer seats (a resigned player, a missed deadline under ``nmr=computer``, or a seat the GM
gave the computer at creation with ``--player computer:LEVEL``): the service's bot plays whatever
such a seat owes, whenever its turn comes.

A computer seat's address is ``computer+LABEL.SEAT@host``. When ``LABEL`` names one of the game's
bots (``strong``, ``medium``, ``greedy``...), that bot plays the seat; otherwise (a resigned
player's seat is ``computer+GAMEID.SEAT@host``) the stand-in plays it: the lighter search budget,
``medium`` (:data:`pbem.rules.base.STAND_IN`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime

from pbem.commands.describe import ALL_RESIGNED
from pbem.errors import ConflictError
from pbem.rules.base import Bot, derive_rng, stand_in
from pbem.service.ports import COMPUTER_PREFIX
from pbem.store import ActionEntry, End, Store

COMPUTER_HOST = "pbem.invalid"
"""The domain of the computer seats the GM creates (no mail is ever sent to a computer seat)."""


def computer_address(level: str, seat: int) -> str:
    """The address of a computer seat of bot ``level`` created at seat ``seat``."""
    return f"{COMPUTER_PREFIX}{level}.{seat}@{COMPUTER_HOST}"


def is_computer(email: str) -> bool:
    """Whether ``email`` is a computer seat's address."""
    return email.startswith(COMPUTER_PREFIX)


def level_of(email: str, bots: Mapping[str, Bot]) -> str:
    """The name of the bot that plays the computer seat ``email`` (see the module docstring)."""
    label = email[len(COMPUTER_PREFIX) :].partition("@")[0].rpartition(".")[0]
    if label in bots:
        return label
    return stand_in(bots)


def _vacated(email: str, game_id: str) -> bool:
    """Whether a computer seat's address is that of a player who left (``computer+GAMEID.SEAT``),
    not a seat the GM gave the computer at creation (``computer+LEVEL.SEAT``)."""
    return email[len(COMPUTER_PREFIX) :].partition("@")[0].rpartition(".")[0] == game_id


def play_computers(
    store: Store,
    game_id: str,
    clock: Callable[[], datetime],
    notify: Callable[[str], int],
    limit: int = 1000,
) -> int:
    """Play every decision of ``game_id`` owed by a computer seat (at most ``limit``), mailing
    after each; returns how many were played."""
    played = 0
    while played < limit:
        record = store.load(game_id)
        if record.envelope.status != "active":
            break
        env = record.envelope
        emails = [env.active_player(s).email for s in env.seats()]
        if all(map(is_computer, emails)) and any(_vacated(e, game_id) for e in emails):
            # Every player has left: the game ends here, rather than the computer playing it
            # out alone (up to a thousand moves and seconds inside the last RESIGN's mail). A
            # game the GM made with computer seats only is played out: that was asked for.
            try:
                store.commit(game_id, record.seq, [End(reason=ALL_RESIGNED, source="bot")], clock())
            except ConflictError:
                continue
            notify(game_id)
            break
        todo = [
            d for d in record.pending() if is_computer(record.envelope.active_player(d.seat).email)
        ]
        if not todo:
            break
        d = todo[0]
        bots = record.game.bots()
        bot = bots[level_of(record.envelope.active_player(d.seat).email, bots)]
        rng = derive_rng(record.envelope.moves, "computer", game_id, d.seat)
        action = bot.choose(record.game, record.state, d.seat, rng)
        try:
            store.commit(
                game_id, record.seq, [ActionEntry(d.seat, action=action, source="bot")], clock()
            )
        except ConflictError:
            continue  # another writer came first: look again
        notify(game_id)
        played += 1
    return played
