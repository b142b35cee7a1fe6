"""Every event kind of Die Verbotene Stadt (and every variant: die faces, outcomes, card sources)
in the sentences the mails, HISTORY and ``pbem play`` show, against a golden file.

Regenerate on purpose with ``PBEM_REGEN_GOLDEN=1``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from pbem.rules.base import Event
from pbem.rules.verbotene_stadt import GAME
from pbem.rules.verbotene_stadt.sentences import KNOWN_KINDS

GOLDEN = Path(__file__).parent / "golden" / "sentences.txt"
REGEN = os.environ.get("PBEM_REGEN_GOLDEN") == "1"

EVENTS: list[tuple[str, dict[str, Any]]] = [
    ("selected", {"seat": 1}),
    ("selection", {"seat": 1, "official": "GB"}),
    ("start-rolls", {"die": "large", "rolls": [[0, "black"], [1, "black"], [2, "red"]]}),
    ("start-player", {"seat": 2}),
    ("pavilion-die", {"roller": 2, "face": 7, "cards_left": 3}),
    ("pavilion-die", {"roller": 2, "face": 4, "cards_left": 1}),
    ("pavilion-die", {"roller": 0, "face": 1, "cards_left": 0}),
    ("turn", {"seat": 2}),
    (
        "moved",
        {"seat": 2, "official": "RK", "path": ["N"], "step": False, "from": "h6", "to": "h3"},
    ),
    (
        "moved",
        {"seat": 2, "official": "RK", "path": ["N", "E"], "step": False, "from": "h6", "to": "k3"},
    ),
    ("moved", {"seat": 2, "official": "GG", "path": ["W"], "step": True, "from": "h9", "to": "g9"}),
    ("fate-die", {"roller": 3, "die": "small", "face": "black", "seat": 2}),
    ("fate-die", {"roller": 3, "die": "small", "face": "red", "seat": 2}),
    ("fate-die", {"roller": 3, "die": "medium", "face": "red+pavilion", "seat": 2}),
    ("fate-die", {"roller": 3, "die": "medium", "face": "red+dragon", "seat": 2}),
    ("fate-die", {"roller": 0, "die": "large", "face": "red", "seat": 3}),
    (
        "entered",
        {
            "seat": 0,
            "official": "RR",
            "path": ["N", "W"],
            "step": False,
            "from": "c3",
            "pavilion": 1,
            "mode": "reveal",
        },
    ),
    (
        "entered",
        {
            "seat": 0,
            "official": "RR",
            "path": ["N", "W"],
            "step": False,
            "from": "c3",
            "pavilion": 1,
            "mode": "claim",
        },
    ),
    ("exiled", {"official": "RR", "count": 4}),
    ("phase-two", {"count": 10}),
    ("revealed", {"seat": 3, "official": "RR"}),
    ("no-card", {"seat": 0, "official": "RR", "pavilion": 1}),
    ("card", {"to": 0, "card": "red-hat", "source": "pavilion"}),
    ("card", {"to": 1, "card": "green-coat", "source": "dragon", "from": 2}),
    ("card", {"to": 0, "card": "blue-pants", "source": "penalty", "from": 1}),
    ("card", {"to": 0, "card": "red-coat", "source": "empty-pavilion", "from": 3}),
    ("nothing-to-take", {"seat": 1, "reason": "dragon"}),
    ("nothing-to-take", {"seat": 0, "reason": "empty-pavilion"}),
    ("nothing-to-take", {"seat": 0, "reason": "penalty"}),
    ("claimed", {"seat": 0, "official": "RR", "pavilion": 1, "ask": [1, 3]}),
    ("believed", {"seat": 1}),
    ("doubted", {"seat": 3}),
    ("outcome", {"result": "believed-honest", "mover": 0, "doubter": None}),
    ("outcome", {"result": "bluff-succeeded", "mover": 0, "doubter": None}),
    ("outcome", {"result": "doubter-punished", "mover": 0, "doubter": 3}),
    ("outcome", {"result": "bluff-failed", "mover": 0, "doubter": 3}),
    ("reselect", {"seats": [0, 1, 2, 3]}),
    ("must-reselect", {"seat": 0, "official": "RR"}),
    ("reselected", {"seat": 2}),
    ("kept", {"seat": 3}),
    ("extra-move", {"seat": 0}),
    ("extra-turn", {"seat": 0}),
    ("turn-over", {"seat": 0}),
    ("no-move", {"seat": 1}),
    (
        "game-over",
        {
            "exiled": 15,
            "blocked": False,
            "selections": ["GB", "RR", "", "KK"],
            "scores": [12, 9, 4, 6],
        },
    ),
    ("game-over", {"exiled": 9, "blocked": True, "selections": ["GB", "RR"]}),
]


def sentences() -> str:
    names = GAME.seat_names(4)
    return "".join(
        f"{kind}: {GAME.describe_event(Event(kind, data), names)}\n" for kind, data in EVENTS
    )


def test_every_event_kind_in_sentences_matches_its_golden_file() -> None:
    assert {kind for kind, _ in EVENTS} == KNOWN_KINDS
    text = sentences()
    if REGEN:
        GOLDEN.write_text(text, encoding="ascii")
    assert text == GOLDEN.read_text(encoding="ascii")


def test_red_faces_never_end_the_turn_and_black_always_does() -> None:
    names = GAME.seat_names(4)
    for kind, data in EVENTS:
        if kind == "fate-die":
            text = GAME.describe_event(Event(kind, data), names)
            black = data["face"] == "black"
            assert ("turn is over" in text) == black
            assert ("moves again" in text) == (not black)
