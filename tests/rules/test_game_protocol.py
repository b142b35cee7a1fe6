"""The protocol test every registered game must pass (as OpenSpiel runs its API test on every game).

Generic: it only uses :func:`pbem.rules.find_game` and the :class:`pbem.rules.base.Game` methods,
over a few whole bot games per game (one per bot line-up), so a new game is checked by being
registered. What each game's rules mean is tested in its own folder.
"""

from __future__ import annotations

import random
import string
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pytest

from pbem.rules import find_game, game_key, game_names
from pbem.rules.base import Event, Game, GameDefaults, NotYourDecision, derive_rng, plain_sentence

REPRS = ("[[", "{'", "=True", "=False", "None", "['", "')", "<", "object at")
"""Fragments of Python reprs that a sentence for people never contains."""
SAMPLE_EVERY = 40
"""Check the expensive properties (every legal action's notation) at every 40th decision."""


@dataclass
class Played:
    """One whole bot game with what the checks need."""

    game: Game
    n: int
    seed: int
    events: list[tuple[int, Event]] = field(default_factory=list)
    """(action number, event) of every action, private events included."""
    actions: int = 0


SEARCH_BOTS = frozenset({"strong", "medium"})


def line_ups(game: Game) -> list[tuple[int, list[str]]]:
    """One game per bot kind (fewest players), and all bots mixed (most players)."""
    names = sorted(game.bots())
    # The search bots (seconds a decision) play in the mixed game only; their own tests play more.
    out = [(game.min_players, [b]) for b in names if b not in SEARCH_BOTS]
    out.append((game.max_players, [names[i % len(names)] for i in range(game.max_players)]))
    return out


def encoded(value: Any) -> bytes:
    return msgspec.json.encode(value, order="deterministic")


def check_sentence(text: str, where: str) -> None:
    assert text and text.strip() == text, f"{where}: empty or padded: {text!r}"
    assert text[0].isupper() or text[0].isdigit(), f"{where}: not a sentence: {text!r}"
    assert text[-1] in ".!?)", f"{where}: not a sentence: {text!r}"
    for bad in REPRS:
        assert bad not in text, f"{where}: a Python repr ({bad!r}) in {text!r}"
    assert all(c in string.printable for c in text), f"{where}: not plain ASCII: {text!r}"


def check_render(game: Game, view: Any, where: str) -> None:
    text = game.render_text(view)
    for line in text.splitlines():
        assert len(line) <= 72, f"{where}: a line of {len(line)} columns: {line!r}"
        assert line.isascii(), f"{where}: not ASCII: {line!r}"


def check_decisions(game: Game, state: Any, n: int) -> None:
    """Who owes a decision has legal actions; who owes none has none and is refused."""
    owing = {d.seat for d in game.pending(state)}
    for seat in range(n):
        legal = list(game.legal(state, seat))
        if seat in owing:
            assert legal, f"seat {seat} owes a decision but has no legal action"
        else:
            assert legal == [], f"seat {seat} owes nothing but has legal actions"
            with pytest.raises(NotYourDecision):
                game.parse(state, seat, "x")


def check_notation(game: Game, state: Any, seat: int) -> None:
    """parse(notation(a)) == a for every legal action."""
    for action in game.legal(state, seat):
        text = game.notation(action)
        assert game.parse(state, seat, text) == action, text
        public = game.public_notation(state, seat, action)
        assert public and isinstance(public, str)


def check_hidden_choice(
    game: Game, state: Any, n: int, seat: int, action: Any, rng_seed: int
) -> None:
    """An action whose public notation hides something (a secret selection): any other legal
    action with the same public notation must leave every other seat's view unchanged."""
    public = game.public_notation(state, seat, action)
    if public == game.notation(action):
        return
    twins = [
        a
        for a in game.legal(state, seat)
        if a != action and game.public_notation(state, seat, a) == public
    ]
    if not twins:
        return
    other = random.Random(rng_seed).choice(twins)
    a, _ = game.apply(state, seat, action, derive_rng(rng_seed, "apply"))
    b, _ = game.apply(state, seat, other, derive_rng(rng_seed, "apply"))
    for s in [None, *(x for x in range(n) if x != seat)]:
        va, vb = game.view(a, s), game.view(b, s)
        assert encoded(va) == encoded(vb), f"seat {s} can tell {public!r} choices of seat {seat}"
        assert game.render_text(va) == game.render_text(vb)


def play(game: Game, n: int, bots: list[str], seed: int) -> Played:
    """A whole bot game, checking the protocol's promises along the way."""
    table = game.bots()
    state = game.setup(n, {}, seed)
    out = Played(game, n, seed)
    seq = 0
    while game.pending(state):
        assert seq < 20_000, f"{game.name} {n}p seed {seed} did not end"
        decision = game.pending(state)[0]
        seat = decision.seat
        assert decision.prompt and decision.kind
        # Deadlines are set per declared kind: every kind a game asks for is declared.
        assert decision.kind in game.decision_kinds, decision.kind
        action = table[bots[seat % len(bots)]].choose(
            game, state, seat, derive_rng(seed, "bot", seq)
        )
        sample = seq % SAMPLE_EVERY == 0
        if sample:
            check_decisions(game, state, n)
            check_notation(game, state, seat)
        if sample or game.public_notation(state, seat, action) != game.notation(action):
            check_hidden_choice(game, state, n, seat, action, seed * 100_003 + seq)
        before = game.encode_state(state)
        new, events = game.apply(state, seat, action, derive_rng(seed, "apply", seq))
        assert game.encode_state(state) == before, "apply mutated its input state"
        for e in events:
            assert isinstance(e, Event) and e.kind
            assert e.visible_to is None or 0 <= e.visible_to < n
            msgspec.json.encode(e.data)  # JSON-able
            out.events.append((seq, e))
        state = new
        if sample:
            data = game.encode_state(state)
            assert game.encode_state(game.decode_state(data)) == data, "encode/decode round trip"
            for s in [None, *range(n)]:
                check_render(game, game.view(state, s), f"{game.name} seat {s}")
        seq += 1
    out.actions = seq
    result = game.result(state)
    assert result is not None and len(result.scores) == n
    assert result.winners and all(0 <= w < n for w in result.winners)
    for s in [None, *range(n)]:
        check_render(game, game.view(state, s), f"{game.name} over, seat {s}")
    return out


def games() -> Iterator[Any]:
    for name in game_names():
        game = find_game(name)
        for i, (n, bots) in enumerate(line_ups(game)):
            yield pytest.param(name, n, bots, 7 + i, id=f"{name}-{n}p-{'+'.join(bots)}")


@pytest.mark.parametrize(("name", "n", "bots", "seed"), list(games()))
def test_a_whole_bot_game_keeps_the_protocol(name: str, n: int, bots: list[str], seed: int) -> None:
    game = find_game(name)
    played = play(game, n, bots, seed)
    names = game.seat_names(n)
    seen: set[str] = set()
    for _, e in played.events:
        text = game.describe_event(e, names)
        check_sentence(text, f"{name} {e.kind}")
        if e.kind not in seen:
            # The game's own sentence, not the fallback for kinds it does not know.
            assert text != plain_sentence(e.kind, e.data, names), f"{e.kind} is not described"
            seen.add(e.kind)
    assert len(seen) >= 3


@pytest.mark.parametrize("name", game_names())
def test_an_unknown_event_still_reads_as_a_sentence(name: str) -> None:
    game = find_game(name)
    event = Event("comet", {"seat": 0, "hot": True, "tail": [[1, 2]], "gone": None})
    check_sentence(game.describe_event(event, game.seat_names(game.max_players)), "unknown")


@pytest.mark.parametrize(
    "name", [*game_names(), "FC", "vs", "Die-Verbotene-Stadt", "chess", "forbidden", ""]
)
def test_game_key_answers_as_find_game_does(name: str) -> None:
    """What sign-up and take-over ask of a name (JOIN, STANDBY), without loading the game: the
    registered name of the game find_game finds, or None."""
    try:
        found: str | None = find_game(name).name
    except KeyError:
        found = None
    assert game_key(name) == found


@pytest.mark.parametrize("name", game_names())
def test_the_games_metadata(name: str) -> None:
    game = find_game(name)
    assert game.name == name and game.title
    assert 1 <= game.min_players <= game.max_players
    assert isinstance(game.private_part, str) and game.private_part.strip()
    assert game.private_part == game.private_part.lower() or game.private_part[0].isupper()
    bots = game.bots()
    assert "random" in bots
    # The optional hooks are declared (GameDefaults gives what a game does not override).
    assert isinstance(game, GameDefaults) and game.decision_kinds
    assert isinstance(game.preview_safe, frozenset)
    for key, bot in bots.items():
        assert bot.name == key
    names = game.seat_names(game.max_players)
    assert len(names) == len(set(names)) == game.max_players
    assert game.seat_names(game.min_players) == names[: game.min_players]
    for line in game.command_help().splitlines():
        assert len(line) <= 72 and line.isascii(), line
    for n in range(game.min_players, game.max_players + 1):
        state = game.setup(n, {}, 3)
        assert game.pending(state), "a new game owes a decision"
        assert game.result(state) is None
        data = game.encode_state(state)
        assert game.encode_state(game.decode_state(data)) == data
        assert game.encode_state(game.setup(n, {}, 3)) == data, "setup is not deterministic"
    with pytest.raises(ValueError):
        game.setup(game.max_players + 1, {}, 3)
