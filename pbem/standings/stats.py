"""The statistics of one game, per seat, from its public log lines alone (the events every player
was mailed), so anyone holding the export recomputes them.

Forbidden City (``forbidden-city``), from the public events of the moves in effect:

- ``rooms_closed``: rooms the seat closed (``room-closed`` events it caused);
- ``coins_own_rooms``: coins its advisors earned in the rooms it closed itself;
- ``coins_other_rooms``: coins its advisors earned in the rooms the others closed;
- ``end_bonus``: the end-of-game bonus of the tiles it kept (the ``game-over`` event);
- ``set_aside``: its tiles that fit nowhere and were set aside;
- ``dragons`` and ``advisors``: on the tiles it placed.

Die Verbotene Stadt (``verbotene-stadt``):

- ``entries``: officials it moved into a pavilion;
- ``bribes_paid``: bribes it placed (the first selection and every new one);
- ``bribes_received``: pavilion cards it received (the reward of a bribe, or of a bluff believed);
- ``bluffs_made``: entries it claimed with an official it had not bribed;
- ``bluffs_called``: bluffs it doubted rightly;
- ``cards_taken``: cards it took from another player (the dragon, a penalty, an empty pavilion).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pbem.rules.base import JSONValue, json_dict, json_int, json_str
from pbem.store.payloads import ActionLine, SetupLine
from pbem.store.records import LogEntry

FIELDS: dict[str, tuple[str, ...]] = {
    "forbidden-city": (
        "rooms_closed",
        "coins_own_rooms",
        "coins_other_rooms",
        "end_bonus",
        "set_aside",
        "dragons",
        "advisors",
    ),
    "verbotene-stadt": (
        "entries",
        "bribes_paid",
        "bribes_received",
        "bluffs_made",
        "bluffs_called",
        "cards_taken",
    ),
}
"""The statistics of each game, in the order they are shown."""


def game_stats(entries: Sequence[LogEntry]) -> list[dict[str, int]]:
    """Each seat's statistics (:data:`FIELDS` of the game), from the public events of the moves
    in effect; empty dicts for a game without statistics."""
    from pbem.store.fold import walk

    setup = entries[0].payload
    if not isinstance(setup, SetupLine):
        raise ValueError("the log does not start with its setup line")
    n = len(setup.players)
    fields = FIELDS.get(setup.game_name, ())
    stats = [dict.fromkeys(fields, 0) for _ in range(n)]
    if not fields:
        return stats
    count = _forbidden_city if setup.game_name == "forbidden-city" else _verbotene_stadt
    for step in walk(entries):
        p = step.entry.payload
        if isinstance(p, ActionLine) and step.move is not None:
            for ev in p.events:
                count(stats, p.seat, ev.kind, ev.data, n)
    return stats


def _forbidden_city(
    stats: list[dict[str, int]], seat: int, kind: str, data: Mapping[str, JSONValue], n: int
) -> None:
    from pbem.rules.forbidden_city.game import colours
    from pbem.rules.forbidden_city.tiles import tile

    names = colours(n)
    if kind == "placed":
        t = tile(json_str(data["tile"]))
        stats[json_int(data["seat"])]["dragons"] += t.dragons
        stats[json_int(data["seat"])]["advisors"] += t.advisors
    elif kind == "room-closed":
        stats[json_int(data["closed_by"])]["rooms_closed"] += 1
        for colour, coins in json_dict(data["payouts"]).items():
            s = names.index(colour)
            key = "coins_own_rooms" if data["closed_by"] == s else "coins_other_rooms"
            stats[s][key] += json_int(coins)
    elif kind == "set-aside":
        stats[json_int(data["seat"])]["set_aside"] += 1
    elif kind == "game-over":
        for colour, bonus in json_dict(data["end_bonus"]).items():
            stats[names.index(colour)]["end_bonus"] = json_int(bonus)


def _verbotene_stadt(
    stats: list[dict[str, int]], seat: int, kind: str, data: Mapping[str, JSONValue], n: int
) -> None:
    if kind == "entered":
        stats[json_int(data.get("seat", seat))]["entries"] += 1
    elif kind in ("selected", "reselected"):
        stats[json_int(data["seat"])]["bribes_paid"] += 1
    elif kind == "card":
        to = json_int(data["to"])
        if data.get("source") == "pavilion":
            stats[to]["bribes_received"] += 1
        if "from" in data:
            stats[to]["cards_taken"] += 1
    elif kind == "outcome":
        result = data.get("result")
        if result in ("bluff-succeeded", "bluff-failed"):
            stats[json_int(data["mover"])]["bluffs_made"] += 1
        if result == "bluff-failed" and data.get("doubter") is not None:
            stats[json_int(data["doubter"])]["bluffs_called"] += 1
