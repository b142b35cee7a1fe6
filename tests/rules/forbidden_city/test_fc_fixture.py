"""The component data's 15-placement fixture reproduces the rulebook's four worked examples."""

from __future__ import annotations

from fc_helpers import build, named

from pbem.rules.forbidden_city.tiles import components


def test_fixture_reproduces_the_four_rulebook_examples_and_nothing_else_pays() -> None:
    fixture = components().fixture
    placements = [
        (p["player"], p["tile"], p["x"], p["y"], p["rotation"]) for p in fixture["placements"]
    ]
    _, closings = build(fixture["start_side"], placements)
    expected = fixture["expected_scoring_after_index"]
    paid = {
        str(i): [(c.value, named(c.payouts)) for c in closed if c.payouts]
        for i, closed in enumerate(closings)
        if any(c.payouts for c in closed)
    }
    assert paid == {i: [(e["room_total"], e["payouts"])] for i, e in expected.items()}
    # The rulebook's own breakdowns.
    ex1 = closings[5][0]
    assert (ex1.own, sorted(v for _, v in ex1.adjacent)) == (
        2,
        [1, 1, 7],
    )  # 4 tiles + 3 dragon, temple, white
    ex2 = closings[6][0]
    assert (ex2.own, sorted(v for _, v in ex2.adjacent)) == (9, [1, 2])
    ex3 = [c for c in closings[9] if c.payouts][0]
    assert (ex3.own, [v for _, v in ex3.adjacent]) == (4, [2])  # the green room is not adjacent
    ex4 = closings[14][0]
    assert (ex4.own, sorted(v for _, v in ex4.adjacent)) == (5, [1, 9])


def test_fixture_closings_without_advisors_pay_nobody() -> None:
    fixture = components().fixture
    placements = [
        (p["player"], p["tile"], p["x"], p["y"], p["rotation"]) for p in fixture["placements"]
    ]
    _, closings = build(fixture["start_side"], placements)
    unpaid = [c for closed in closings for c in closed if not c.payouts]
    assert all(not any(c.room.advisors) for c in unpaid)
