"""Immutable state and action values of *Die Verbotene Stadt* (msgspec Structs, no floats)."""

from __future__ import annotations

import msgspec


class Select(msgspec.Struct, frozen=True, tag="select"):
    """Bribe an official (the secret selection), at the start or after an entry."""

    official: int
    """The official bribed (``hat * 5 + body``)."""


class Keep(msgspec.Struct, frozen=True, tag="keep"):
    """Keep the current selection after an entry."""


class Move(msgspec.Struct, frozen=True, tag="move"):
    """Move one official: one slide, or a slide with right-angle continuations, or one step."""

    official: int
    """Which official moves."""
    dirs: tuple[str, ...]
    """The slides in order, each ``"N" "E" "S" "W"`` (one entry for a step)."""
    step: bool = False
    """True for the one-field move of an official standing on a start field."""
    mode: str = ""
    """For a move that enters the active pavilion: ``"reveal"`` (show the selector) or ``"claim"``
    (bluff or not: the others are asked to believe or doubt). Empty for every other move."""


class Answer(msgspec.Struct, frozen=True, tag="answer"):
    """Believe or doubt a claimed entry."""

    doubt: bool
    """True: doubt. False: believe."""


class Take(msgspec.Struct, frozen=True, tag="take"):
    """Take a garment card from a player (empty pavilion, penalty, or the dragon)."""

    victim: int
    """The seat that loses the card."""
    card: int
    """The card (``colour * 3 + piece``)."""


Action = Select | Keep | Move | Answer | Take
"""Every action of the game."""


class Task(msgspec.Struct, frozen=True):
    """A card to be taken, waiting in the queue (resolved automatically when there is no choice)."""

    kind: str
    """Decision kind: ``"take-card"`` or ``"steal"`` (the dragon)."""
    taker: int
    """Who takes."""
    victims: tuple[int, ...]
    """Seats the card may come from."""
    colour: int
    """Only cards of this colour index, or -1 for any card."""
    reason: str
    """``"empty-pavilion"``, ``"penalty"`` or ``"dragon"``."""


class Entry(msgspec.Struct, frozen=True):
    """A claimed entry waiting for the other players' answers."""

    official: int
    """The official that entered (already on the terrace)."""
    pavilion: int
    """The pavilion entered."""
    mover: int
    """The active player who claimed."""
    to_ask: tuple[int, ...]
    """Players still to be asked, in clockwise order (only players holding a card are asked)."""
    phase_two: bool
    """True when this entry takes all cards (from the 11th exile on)."""


RULINGS_NOW = "2026-11-22"
"""The house rulings of 2026-11-22 (../shared/rules/VERBOTENE-STADT.md): an entry with an official
that exactly one other player bribed gives nobody a card; a successful bluff gives exactly one more
move with no fate die after it."""
RULINGS_BEFORE = "before-2026-11-22"
"""The first rulings: that one briber took the card (and was revealed); a successful bluff gave a
whole new turn of up to 4 moves. Kept so that games started under them replay and go on."""


class State(msgspec.Struct, frozen=True):
    """The whole state of one game, private parts included (the store encrypts it at rest)."""

    n: int
    """Number of players."""
    moves_option: str
    """``"right-angle-once"`` or ``"unlimited"``."""
    teams: bool
    """4-player team variant (partners sit opposite)."""
    phase: str
    """``"select" "move" "answer" "take" "reselect" "over"``."""
    positions: tuple[int, ...]
    """Per official its cell, or -1 once on the Terrace of Exile."""
    exiled: tuple[int, ...]
    """Officials on the terrace, in the order they arrived."""
    selections: tuple[int, ...]
    """Per seat the bribed official (-1 before the first selection). SECRET."""
    pavilion_cards: tuple[tuple[int, ...], ...]
    """Per pavilion (index = number - 1) its face-down cards, topmost first. SECRET order."""
    hands: tuple[tuple[int, ...], ...]
    """Per seat the garment cards taken (face up)."""
    active_pavilion: int
    """The pavilion die's number (0 before the first roll)."""
    active: int
    """The seat whose turn it is."""
    move_no: int
    """Moves made in the current turn."""
    entry: Entry | None = None
    """A claim being answered."""
    tasks: tuple[Task, ...] = ()
    """Cards still to be taken, in order."""
    then: str = ""
    """What follows the task queue: ``"move"`` (the turn goes on) or ``"entry-end"``."""
    owed: tuple[int, ...] = ()
    """Seats that still owe a reselection answer."""
    forced: tuple[int, ...] = ()
    """Seats whose official was exiled: they must select a new one."""
    extra_turn: bool = False
    """A successful bluff: the active player makes one more move after the reselection."""
    bonus_move: bool = False
    """The active player's move now is a successful bluff's extra move: no fate die follows it,
    then the turn passes."""
    ended_blocked: bool = False
    """The game ended because no official could move (never seen in practice)."""
    rulings: str = RULINGS_BEFORE
    """Which house rulings decide the points the rulebook leaves open (the option ``rulings``).
    A new game records it at set-up; a state encoded before the field existed was a game started
    under the rulings before 2026-11-22, hence that default."""
