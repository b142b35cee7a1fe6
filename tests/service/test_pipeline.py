"""The service as a pipeline: its steps in order, and the rule of who gets which mail."""

from __future__ import annotations

import pytest

from pbem.service import STEPS
from pbem.service.notifier import Situation, who_gets


def test_the_steps_in_order() -> None:
    assert [s.__name__ for s in STEPS] == [
        "step_size",  # before any parsing: a huge mail costs nothing
        "step_parse",
        "step_loops",  # silent drops
        "step_decrypt",
        "step_takeover",  # no token: STANDBY/TAKEOVER, confirmed by a mailed round trip
        "step_requests",  # no token: JOIN/WATCH... confirmed by a mailed round trip; GAMES
        "step_authenticate",  # token + the seat's address (+ our A-R)
        "step_rate",  # per authenticated seat: a forger cannot spend a player's budget
        "step_ledger",
        "step_keys",
        "step_read",
        "step_carry_out",
    ]


def _s(**kw: object) -> Situation:
    base: dict[str, object] = dict(
        seats=(0, 1, 2),
        started=False,
        status="active",
        gm_changed=False,
        pending_before=frozenset({0}),
        pending_now=frozenset({1}),
        actors=frozenset({0}),
    )
    base.update(kw)
    return Situation(**base)  # type: ignore[arg-type]


# (situation, expected mails per seat)
TABLE = [
    pytest.param(_s(started=True), {0: "start", 1: "start", 2: "start"}, id="start"),
    pytest.param(_s(status="ended"), {0: "over", 1: "over", 2: "over"}, id="end"),
    # The turn passes from 0 to 1: everyone hears of it.
    pytest.param(_s(), {0: "moved", 1: "turn", 2: "moved"}, id="turn passes"),
    # Seat 0 moves again (Die Verbotene Stadt): only seat 0 gets its turn mail.
    pytest.param(_s(pending_now=frozenset({0})), {0: "turn"}, id="several moves in a row"),
    # Several owe at once; seat 0 answered, seat 1 still owes: only the actor's echo.
    pytest.param(
        _s(pending_before=frozenset({0, 1}), pending_now=frozenset({1})),
        {0: "moved"},
        id="one of several answered",
    ),
    # A new decision for seat 2 while seat 1 still owes.
    pytest.param(
        _s(pending_before=frozenset({1}), pending_now=frozenset({1, 2}), actors=frozenset()),
        {0: "moved", 1: "turn", 2: "turn"},
        id="a new seat owes",
    ),
    # A GM change reaches everyone.
    pytest.param(
        _s(
            pending_before=frozenset({1}),
            pending_now=frozenset({1}),
            actors=frozenset(),
            gm_changed=True,
        ),
        {0: "moved", 1: "turn", 2: "moved"},
        id="gm change",
    ),
    pytest.param(
        _s(
            status="paused",
            pending_before=frozenset({1}),
            pending_now=frozenset({1}),
            actors=frozenset(),
            gm_changed=True,
        ),
        {0: "moved", 1: "turn", 2: "moved"},
        id="paused",
    ),
    # Nobody owes anything (e.g. waiting for the GM): everyone hears.
    pytest.param(
        _s(pending_now=frozenset()), {0: "moved", 1: "moved", 2: "moved"}, id="nobody to move"
    ),
]


@pytest.mark.parametrize(("situation", "expected"), TABLE)
def test_who_gets_which_mail(situation: Situation, expected: dict[int, str]) -> None:
    assert who_gets(situation) == expected
