"""What one seat of *Die Verbotene Stadt* cannot see, drawn afresh: the position a search bot
plays out (:meth:`pbem.rules.base.Game.sample_hidden`)."""

from __future__ import annotations

import random

import msgspec

from pbem.rules.base import Seat
from pbem.rules.verbotene_stadt.state import State

CLAIM_HONEST = 0.5
"""In :func:`sample_hidden`, the chance that a claimed entry being answered is drawn honest
(the claimer bribed the official that entered): a prior, since the rules let both happen."""


def sample_hidden(state: State, seat: Seat, rng: random.Random) -> State:
    """``state`` with everything ``seat`` cannot see drawn afresh from ``rng``.

    - Each pavilion's face-down cards (the set is public: its colour's three cards minus
      those taken) in a new order.
    - Every other seat's secret selection: an official still on the board, at random; a seat
      that has not selected yet stays so (the pending decisions say who has). While a claimed
      entry is being answered, the claimer's selection is the official that entered with
      probability :data:`CLAIM_HONEST`.
    - Who must select anew (``forced``): ``seat`` itself as it is (it knows); no other seat,
      since each now holds an official on the board (whether another seat's official was
      the one exiled is exactly what it cannot see).

    ``seat``'s own selection, the board, the cards face up and every public count stay. What
    comes back depends only on what ``seat`` may see and on ``rng`` (the choices are made
    from sorted lists), so two states ``seat`` cannot tell apart give the same sample. The
    dice to come are not in the state: they come from the ``rng`` given to the game's ``apply``.
    """
    piles = []
    for pile in state.pavilion_cards:
        cards = sorted(pile)
        rng.shuffle(cards)
        piles.append(tuple(cards))
    on_board = [o for o, c in enumerate(state.positions) if c >= 0]
    claim = state.entry
    selections = list(state.selections)
    for s in range(state.n):
        if s == seat or selections[s] < 0:
            continue
        if claim is not None and s == claim.mover and rng.random() < CLAIM_HONEST:
            selections[s] = claim.official
        else:
            selections[s] = on_board[rng.randrange(len(on_board))]
    # Every other seat now holds an official on the board: none of them is forced.
    forced = (seat,) if seat in state.forced else ()
    return msgspec.structs.replace(
        state, selections=tuple(selections), pavilion_cards=tuple(piles), forced=forced
    )
