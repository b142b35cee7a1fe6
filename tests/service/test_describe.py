"""Events become sentences for the mails; nothing is dropped."""

from __future__ import annotations

from pbem.commands.describe import describe_event, describe_line
from pbem.rules import find_game


def test_verbotene_stadt_events_read_as_sentences() -> None:
    game = find_game("verbotene-stadt")
    names = game.seat_names(4)
    moved = describe_event(game, "moved", {"to": "i13", "seat": 0, "official": "KB",
                                           "path": ["S", "E"], "step": False, "from": "h10"}, names)
    assert moved == f"{names[0]} moved KB from h10 to i13 (sliding S E)."
    die = describe_event(game, "fate-die", {"roller": 1, "die": "small", "face": "black"}, names)
    assert "the turn ends" in die and names[1] in die


def test_forbidden_city_uses_the_games_own_sentences() -> None:
    game = find_game("forbidden-city")
    names = game.seat_names(2)
    line = describe_line(game, "action", {"seat": 0, "notation": "M9 R1", "source": "gm",
                                          "events": []}, names, ["Ann", "Bob"])
    assert line == ["Ann (purple) played M9 R1. (entered by the game master)"]


def test_unknown_events_are_shown_generically() -> None:
    game = find_game("forbidden-city")
    text = describe_event(game, "comet", {"seat": 1, "size": 3}, game.seat_names(2))
    assert "comet" in text.lower() and "3" in text
