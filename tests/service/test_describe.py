"""Events become sentences for the mails; nothing is dropped, and no Python repr shows."""

from __future__ import annotations

import pytest

from pbem.commands.describe import describe_event, describe_line
from pbem.rules import find_game
from pbem.store.payloads import ActionLine

REPRS = ("[[", "{'", "=True", "=False", "None", "['")


def test_verbotene_stadt_events_read_as_sentences() -> None:
    game = find_game("verbotene-stadt")
    names = game.seat_names(4)
    moved = describe_event(
        game,
        "moved",
        {
            "to": "i13",
            "seat": 0,
            "official": "KB",
            "path": ["S", "E"],
            "step": False,
            "from": "h10",
        },
        names,
    )
    assert moved == "North slid KB south, then east, from h10 to i13."
    die = describe_event(game, "fate-die", {"roller": 1, "die": "small", "face": "black"}, names)
    assert die == "East rolled the small fate die for North: black, so North's turn is over."


@pytest.mark.parametrize(
    ("face", "says"),
    [
        ("black", "turn is over"),
        ("red", "moves again"),
        ("red+pavilion", "pavilion die is rolled again and West moves again"),
        (
            "red+dragon",
            "North takes one card of their choice from any other player, and West moves again",
        ),
    ],
)
def test_every_fate_die_face_says_what_it_does(face: str, says: str) -> None:
    game = find_game("verbotene-stadt")
    text = describe_event(
        game,
        "fate-die",
        {"roller": 0, "die": "medium", "face": face, "seat": 3},
        game.seat_names(4),
    )
    assert says in text
    assert ("turn is over" in text) == (face == "black")


def test_forbidden_city_uses_the_games_own_sentences() -> None:
    game = find_game("forbidden-city")
    names = game.seat_names(2)
    line = describe_line(
        game,
        ActionLine(events=[], notation="M9 R1", seat=0, source="gm"),
        names,
        ["Ann", "Bob"],
    )
    assert line == ["Ann (purple) played M9 R1. (entered by the game master)"]


@pytest.mark.parametrize("name", ["forbidden-city", "verbotene-stadt"])
def test_unknown_events_are_shown_plainly(name: str) -> None:
    game = find_game(name)
    names = game.seat_names(2)
    text = describe_event(
        game,
        "comet",
        {"seat": 1, "size": 3, "tail": [[1, 2]], "hot": True, "shape": {"a": 1}, "gone": None},
        names,
    )
    assert text == f"Comet: seat {names[1]}; size 3; hot yes."
    assert not any(r in text for r in REPRS)


def test_an_old_event_shape_is_still_described() -> None:
    game = find_game("verbotene-stadt")
    names = game.seat_names(3)
    text = describe_event(
        game, "no-card", {"reason": "nobody bribed the official that entered"}, names
    )
    assert text == "Nobody takes a card; the cards stay in the pavilion."
    assert describe_event(game, "extra-turn", {"seat": 2}, names).startswith("South takes")
