"""The signed, tamper-evident game store (see docs/FILE-FORMATS.md).

Public API::

    from pbem.store import Store, Keyring, GameRecord, ActionEntry, ...
    store = Store(data_dir, Keyring.load(keys_dir))
    gid = store.create("forbidden-city", [("Ann", "ann@example.org"), ...], {}, None, now)
    with store.lock(gid):
        rec = store.load(gid)
        rec = store.commit(gid, rec.seq, [ActionEntry(seat, text="C4 R1", source="mail",
                                                     message_id="<...>")], now)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.store.entries import (
    ActionEntry,
    Back,
    End,
    MessageHandled,
    NewEntry,
    Pause,
    Plan,
    Produced,
    Replace,
    Resume,
    SetDeadline,
    SetOrders,
    SetPolicy,
    Source,
    Undo,
    Vacation,
    ViewAccess,
    Vote,
)
from pbem.store.keys import Keyring
from pbem.store.registry import game_for, register_game, unregister_game
from pbem.store.store import GameRecord, HistoryItem, Store, VerifyReport, service_lock

__all__ = [
    "ActionEntry",
    "Back",
    "End",
    "GameRecord",
    "HistoryItem",
    "Keyring",
    "MessageHandled",
    "NewEntry",
    "Pause",
    "Plan",
    "Produced",
    "Replace",
    "Resume",
    "SetDeadline",
    "SetOrders",
    "SetPolicy",
    "ShuffleReport",
    "Source",
    "Store",
    "Undo",
    "Vacation",
    "VerifyReport",
    "ViewAccess",
    "Vote",
    "game_for",
    "register_game",
    "service_lock",
    "unregister_game",
    "verify_export",
    "verify_shuffle",
]


_LAZY = {"ShuffleReport", "verify_export", "verify_shuffle"}
"""Imported on first use (:mod:`pbem.store.shuffle` brings tarfile and the export checks; a tick
needs none of it)."""


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from pbem.store import shuffle

        return getattr(shuffle, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


if TYPE_CHECKING:
    from pbem.store.shuffle import ShuffleReport, verify_export, verify_shuffle
