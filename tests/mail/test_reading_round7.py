"""The classes of reading fixed for the seventh part of the players' corpus (issue 31): a leave
up to a weekday, a fortnight, standing orders in prose, compass points in one word, answers
after a hesitation; and what they must not read."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from pbem.commands.durations import leading_duration, parse_duration, read_duration, read_until
from pbem.errors import CommandError
from pbem.rules.verbotene_stadt import notation
from pbem.service import standing
from pbem.service.standing import Orders

SAT = datetime(2026, 11, 21, 13, 0, tzinfo=UTC)  # a Saturday


@pytest.mark.parametrize(
    ("text", "end"),
    [
        ("until Sunday", datetime(2026, 11, 23, tzinfo=UTC)),
        ("jusqu'à dimanche inclus", datetime(2026, 11, 23, tzinfo=UTC)),
        ("fino a domenica compresa", datetime(2026, 11, 23, tzinfo=UTC)),
        ("bis einschließlich Sonntag", datetime(2026, 11, 23, tzinfo=UTC)),
        ("through Saturday", datetime(2026, 11, 29, tzinfo=UTC)),  # today: the next one
        ("jusqu’au lundi 7 décembre", datetime(2026, 12, 8, tzinfo=UTC)),
        ("fino a lunedì 7 dicembre", datetime(2026, 12, 8, tzinfo=UTC)),
    ],
)
def test_a_leave_up_to_a_weekday_ends_with_that_day(text: str, end: datetime) -> None:
    until = read_until(text)
    assert until is not None
    assert SAT + parse_duration(until, now=SAT) == end


def test_a_weekday_and_its_date_after_a_comma_are_one_day() -> None:
    assert leading_duration("bis Montag, den 7. Dezember") == "until 12-07"
    assert leading_duration("until Monday, December 7th") == "until 12-07"
    assert leading_duration("through Sunday, I'm away for the weekend") == "until sunday"


def test_a_fortnight_is_two_weeks_and_a_weekday_alone_is_no_length() -> None:
    assert read_duration("a fortnight") == "14d"
    assert read_duration("Sunday") is None
    assert read_until("Sundays") is None


@pytest.mark.parametrize(
    ("arg", "orders"),
    [
        ("je crois toujours les annonces", Orders(claim="believe")),
        ("always doubt claims", Orders(claim="doubt")),
        ("credo sempre alle dichiarazioni", Orders(claim="believe")),
        ("Behauptungen immer glauben", Orders(claim="believe")),
        ("je garde toujours ma sélection", Orders(reselect="keep")),
    ],
)
def test_a_standing_order_in_prose(arg: str, orders: Orders) -> None:
    assert standing.parse(arg, 0, 4) == orders


@pytest.mark.parametrize(
    "arg", ["je ne crois jamais les annonces", "never believe claims", "believe and doubt claims"]
)
def test_a_standing_order_in_prose_that_denies_or_says_both_is_refused(arg: str) -> None:
    with pytest.raises(CommandError):
        standing.parse(arg, 0, 4)


def test_compass_points_in_one_word_are_two_directions() -> None:
    for word in ("northeast", "nordost", "nordest", "nordosten"):
        assert notation._DIR_WORDS[word].split() == ["N", "E"]
    assert notation._DIR_WORDS["südwesten"].split() == ["S", "W"]


@pytest.mark.parametrize(
    ("words", "doubt"),
    [
        ("Hmm, je doute fort.", True),
        ("Mah, ne dubito parecchio.", True),
        ("Hm, das bezweifle ich stark.", True),
        ("Bof, je te crois.", False),
        ("Je n'en doute pas", None),  # "ne ... pas": a doubt denied, asked back
    ],
)
def test_answers_after_a_hesitation(words: str, doubt: bool | None) -> None:
    assert notation._answer_in_words(notation._tokens(words)) is doubt


def test_a_weekday_today_means_the_next_one() -> None:
    assert parse_duration("until saturday", now=SAT) == timedelta(days=8) - timedelta(hours=13)


def test_a_long_line_just_above_an_attribution_is_the_players() -> None:
    from pbem.mail.reply import command_lines

    text = (
        "VACATION five days, thanks in advance\n"
        "On Thu, Nov 26, 2026 at 10:02 AM Forbidden City <service@pbem.test> wrote:\n"
        "> Hello Ann,\n"
    )
    assert command_lines(text) == ["VACATION five days, thanks in advance"]
    wrapped = (
        "On Thu, Nov 26, 2026 at 10:02 AM Forbidden City (fc) <\n"
        "service@pbem.test> wrote:\n"
        "> Hello Ann,\n"
    )
    assert command_lines("M13 R1\n" + wrapped) == ["M13 R1"]


@pytest.mark.parametrize(
    ("words", "doubt"),
    [
        ("Bon, je te crois.", False),
        ("Va bene, ti credo.", False),
        ("Na gut, ich glaube dir.", False),
    ],
)
def test_answers_after_giving_in(words: str, doubt: bool) -> None:
    assert notation._answer_in_words(notation._tokens(words)) is doubt


def test_a_standing_doubt_with_a_german_prefix_verb() -> None:
    assert standing.parse("Behauptungen immer bezweifeln", 0, 4) == Orders(claim="doubt")
