"""Computer seats (a resigned player, a missed deadline under ``nmr=computer``): the service's bot
plays whatever such a seat owes, whenever its turn comes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from pbem.commands.describe import ALL_RESIGNED
from pbem.errors import ConflictError
from pbem.rules.base import derive_rng
from pbem.service.ports import COMPUTER_PREFIX
from pbem.store import ActionEntry, End, Store


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
        if all(env.active_player(s).email.startswith(COMPUTER_PREFIX) for s in env.seats()):
            # No player is left: the game ends here, rather than the computer playing it out
            # alone (up to a thousand moves and seconds inside the last RESIGN's mail).
            try:
                store.commit(game_id, record.seq, [End(reason=ALL_RESIGNED, source="bot")], clock())
            except ConflictError:
                continue
            notify(game_id)
            break
        todo = [
            d
            for d in record.pending()
            if record.envelope.active_player(d.seat).email.startswith(COMPUTER_PREFIX)
        ]
        if not todo:
            break
        d = todo[0]
        bots = record.game.bots()
        bot = bots.get("greedy") or bots.get("heuristic") or bots["random"]
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
