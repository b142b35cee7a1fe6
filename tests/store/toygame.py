"""A tiny deterministic card game for testing the store's mechanics without the real engines.

Each player holds two cards (private); on a turn a player either PLAYs a card (public: the card and
its value score, plus a random bonus of 0-2 drawn with the passed-in rng) or HIDEs one (a secret
choice: the public only learns that a card was hidden). Then the player draws the top card of the
stack (a private event). The game ends when the player to move has no card left.

Card names are distinctive tokens (``tok`` + 6 hex digits) so that a scan of the data directory
can look for them.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import msgspec

from pbem.rules.base import (
    Bot,
    Decision,
    Event,
    GameDefaults,
    IllegalMove,
    InvalidSyntax,
    NotYourDecision,
    OptionSpec,
    Result,
    json_int,
    json_list,
    plain_sentence,
)

COLOURS = ["red", "blue", "green", "yellow"]


def card_name(i: int) -> str:
    return "tok" + hashlib.sha256(f"toy-card-{i}".encode()).hexdigest()[:6]


def card_value(card: str) -> int:
    return int(card[3:5], 16) % 9 + 1


class ToyState(msgspec.Struct, frozen=True):
    n: int
    stack: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]
    turn: int = 0


class ToyAction(msgspec.Struct, frozen=True):
    verb: str
    card: str


class ToyView(msgspec.Struct):
    seat: int | None
    to_move: int | None
    scores: list[int]
    stack_size: int
    hand_sizes: list[int]
    hand: list[str] | None


class RandomBot:
    name = "random"

    def choose(self, game: Any, state: Any, seat: int, rng: random.Random) -> Any:
        return rng.choice(list(game.legal(state, seat)))


class ToyGame(GameDefaults):
    name: ClassVar[str] = "toy-draw"
    title: ClassVar[str] = "Toy Draw (test game)"
    private_part: ClassVar[str] = "hand"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("deck", ("8", "24", "104"), "24", "number of cards"),
    )

    def setup(self, n_players: int, options: Mapping[str, str], seed: int) -> ToyState:
        deck = [card_name(i) for i in range(int(options.get("deck", "24")))]
        random.Random(seed).shuffle(deck)
        hands = tuple(tuple(deck[2 * s : 2 * s + 2]) for s in range(n_players))
        return ToyState(n_players, tuple(deck[2 * n_players :]), hands, (0,) * n_players)

    def _to_move(self, state: ToyState) -> int | None:
        seat = state.turn % state.n
        return seat if state.hands[seat] else None

    def pending(self, state: ToyState) -> list[Decision]:
        seat = self._to_move(state)
        return [] if seat is None else [Decision(seat, "move", "play or hide a card")]

    def parse(self, state: ToyState, seat: int, text: str) -> ToyAction:
        if self._to_move(state) != seat:
            raise NotYourDecision("It is not your turn.", text=text)
        parts = text.split()
        if len(parts) != 2 or parts[0].upper() not in ("PLAY", "HIDE"):
            raise InvalidSyntax(
                f"{text!r} is not a move; write PLAY <card> or HIDE <card>.", text=text
            )
        card = parts[1].lower()
        if card not in state.hands[seat]:
            raise IllegalMove(f"You do not hold {card}; play one of your own cards.", text=text)
        return ToyAction(parts[0].upper(), card)

    def legal(self, state: ToyState, seat: int) -> Iterable[ToyAction]:
        if self._to_move(state) != seat:
            return []
        return [ToyAction(v, c) for c in state.hands[seat] for v in ("PLAY", "HIDE")]

    def apply(
        self, state: ToyState, seat: int, action: ToyAction, rng: random.Random
    ) -> tuple[ToyState, list[Event]]:
        hand = list(state.hands[seat])
        hand.remove(action.card)
        scores = list(state.scores)
        events: list[Event] = []
        if action.verb == "PLAY":
            bonus = rng.randrange(3)
            scores[seat] += card_value(action.card) + bonus
            events.append(Event("played", {"seat": seat, "card": action.card, "bonus": bonus}))
        else:
            events.append(Event("hid", {"seat": seat}))
        stack = state.stack
        if stack:
            hand.append(stack[0])
            events.append(Event("drew", {"card": stack[0]}, visible_to=seat))
            events.append(Event("drew-public", {"seat": seat}))
            stack = stack[1:]
        hands = list(state.hands)
        hands[seat] = tuple(hand)
        new = ToyState(state.n, stack, tuple(hands), tuple(scores), state.turn + 1)
        if self._to_move(new) is None:
            events.append(Event("game-over", {"scores": list(scores)}))
        return new, events

    def view(self, state: ToyState, seat: int | None) -> ToyView:
        return ToyView(
            seat=seat,
            to_move=self._to_move(state),
            scores=list(state.scores),
            stack_size=len(state.stack),
            hand_sizes=[len(h) for h in state.hands],
            hand=None if seat is None else list(state.hands[seat]),
        )

    def render_text(self, view: ToyView) -> str:
        lines = [f"Scores: {' '.join(map(str, view.scores))}", f"Stack: {view.stack_size} cards"]
        if view.hand is not None:
            lines.append(f"Your hand: {' '.join(view.hand)}")
        lines.append("Game over." if view.to_move is None else f"To move: {COLOURS[view.to_move]}")
        return "\n".join(lines)

    def result(self, state: ToyState) -> Result | None:
        if self._to_move(state) is not None:
            return None
        best = max(state.scores)
        return Result(
            tuple(state.scores), tuple(i for i, s in enumerate(state.scores) if s == best)
        )

    def notation(self, action: ToyAction) -> str:
        return f"{action.verb} {action.card}"

    def public_notation(self, state: ToyState, seat: int, action: ToyAction) -> str:
        return "HIDE" if action.verb == "HIDE" else self.notation(action)

    def encode_state(self, state: ToyState) -> bytes:
        return msgspec.json.encode(state)

    def decode_state(self, data: bytes) -> ToyState:
        return msgspec.json.decode(data, type=ToyState)

    def seat_names(self, n_players: int) -> list[str]:
        return COLOURS[:n_players]

    def command_help(self) -> str:
        return "PLAY <card> or HIDE <card>"

    def rules_summary(self) -> str:
        return "Toy game: the rules in short."

    def bots(self) -> Mapping[str, Bot]:
        return {"random": RandomBot()}

    def describe_event(self, event: Event, names: Sequence[str] | None = None) -> str:
        d, who = event.data, (names or COLOURS)
        seat = who[json_int(d["seat"])].capitalize() if "seat" in d else ""
        if event.kind == "played":
            return f"{seat} played {d['card']} (bonus {d['bonus']})."
        if event.kind == "hid":
            return f"{seat} hid a card."
        if event.kind == "drew":
            return f"You drew {d['card']}."
        if event.kind == "drew-public":
            return f"{seat} drew a card."
        if event.kind == "game-over":
            return (
                "Game over: "
                + ", ".join(f"{w} {s}" for w, s in zip(who, json_list(d["scores"]), strict=False))
                + "."
            )
        return plain_sentence(event.kind, d, who)


GAME = ToyGame()


def first_legal(state: ToyState, seat: int) -> str:
    """A deterministic move choice that mixes PLAY and HIDE (by turn number)."""
    moves = sorted(GAME.notation(a) for a in GAME.legal(state, seat))
    return moves[(state.turn * 7 + 1) % len(moves)]
