"""The game-plugin protocol every game implements.

Games differ: in Knizia's *Forbidden City* one player places a tile, in *Die Verbotene Stadt* several
players may owe an answer at the same time (believe or doubt, a new bribe selection, a card to steal).
So the protocol is built on *pending decisions*, not on "the current player".

Everything here is pure: no I/O, no clock, no randomness except the ``random.Random`` passed in.
This module imports only the standard library; the rest of pbem imports it, never the reverse.

Contract (each game module provides one object satisfying :class:`Game`):

- ``setup(n_players, options, seed)`` builds the initial state. All hidden randomness of the set-up
  (shuffles) comes from ``seed`` alone, so that revealing the seed at the end lets anyone re-check it.
- ``pending(state)`` lists who owes what now. Empty when the game is over.
- ``parse(state, seat, text)`` returns a *legal* action or raises :class:`InvalidSyntax`,
  :class:`IllegalMove` or :class:`AmbiguousMove`; the message is shown to the player verbatim.
  It raises :class:`NotYourDecision` when the seat owes nothing now.
- ``legal(state, seat)`` every legal action of that seat now (empty if it owes nothing).
- ``apply(state, seat, action, rng)`` assumes legality (it came from ``parse`` or ``legal``) and returns
  the new state and the events it caused. It never mutates its input state. ``rng`` is derived by the
  caller from the game's secret seed and the action's position (see :func:`derive_rng`), so replaying the
  same actions rebuilds the same state.
- ``view(state, seat)`` what that seat (or the public, ``seat=None``) may see; rendering only ever gets
  a view. A view is made of msgspec-encodable values (Structs, dicts, lists, str, int, bool, None).
- ``render_text(view)`` the ASCII board and panel of a view (<= 72 columns, pure ASCII).
- ``result(state)`` the final result, or ``None`` while the game runs.
- ``encode_state`` / ``decode_state``: deterministic bytes of the whole state (private parts included);
  the store encrypts them at rest.
- ``sample_hidden(state, seat, rng)`` (optional, see :func:`sample_hidden`) redraws from ``rng``
  every value hidden from ``seat`` (the other hands, the stacks' order, secret selections),
  consistently with what ``seat`` may know, and depends on nothing else: two states ``seat``
  cannot tell apart give the same sample. The search bots see the game only through it.
- ``notation(action)`` is the canonical text of an action (``parse`` of it gives the action back);
  ``public_notation(state, seat, action)`` is what the other players may learn of it (for a secret bribe
  selection: that a selection was made, not which).
"""

from __future__ import annotations

import contextlib
import hashlib
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from typing import ClassVar, Generic, Protocol, TypeAlias, TypeVar, runtime_checkable

import msgspec

Seat: TypeAlias = int
"""A seat is the 0-based index of a player in turn order."""

PLAYER_NAMES: ContextVar[tuple[str, ...]] = ContextVar("player_names", default=())
"""The players' names by seat while the service reads one player's reply (issue 31, ninth round:
"I'll take Ann's yellow coat", "Prendo i pantaloni rossi a Carla"): a game's notation may read a
seat named by its player's name. Empty everywhere else (replays, bots, the canonical notation),
where only the seat's own name is read. The names are public (every mail shows them)."""


@contextlib.contextmanager
def players_named(names: Sequence[str]) -> Iterator[None]:
    """:data:`PLAYER_NAMES` set to ``names`` (by seat) for the reading inside the block."""
    token = PLAYER_NAMES.set(tuple(names))
    try:
        yield
    finally:
        PLAYER_NAMES.reset(token)


JSONValue: TypeAlias = object
"""A value msgspec can encode as JSON: dict, list, str, int, bool, None (never float: NaN is lossy).
A reader of one checks the shape it expects (:func:`json_int`, :func:`json_str`, :func:`json_list`,
:func:`json_dict`): an event of another shape (an older log) raises ``TypeError``, and a
describer then falls back to :func:`plain_sentence`. (Not a recursive union: msgspec reads the
annotations of :class:`Event` at run time and cannot follow a recursive alias.)"""


def json_int(value: JSONValue) -> int:
    """``value`` if it is an int, else ``TypeError``."""
    if isinstance(value, int):
        return value
    raise TypeError(f"not a number: {value!r}")


def json_str(value: JSONValue) -> str:
    """``value`` if it is a str, else ``TypeError``."""
    if isinstance(value, str):
        return value
    raise TypeError(f"not a text: {value!r}")


def json_list(value: JSONValue) -> Sequence[JSONValue]:
    """``value`` if it is a list (or a tuple, as an event made in memory may hold), else
    ``TypeError``."""
    if isinstance(value, list | tuple):
        return value
    raise TypeError(f"not a list: {value!r}")


def json_dict(value: JSONValue) -> Mapping[str, JSONValue]:
    """``value`` if it is a dict, else ``TypeError``."""
    if isinstance(value, dict):
        return value
    raise TypeError(f"not a mapping: {value!r}")


StateT = TypeVar("StateT")
"""A game's state type (Forbidden City's ``State``...); game-generic code sees ``object``."""
ActionT = TypeVar("ActionT")
"""A game's action type (Forbidden City's ``Placement``...); game-generic code sees ``object``."""


# --------------------------------------------------------------------------------------------------
# Errors a player can cause. Their messages go into the reply mail verbatim, so they must be
# complete sentences that name the input and say what would be accepted instead.
# --------------------------------------------------------------------------------------------------


class RuleError(ValueError):
    """A player's input that the rules do not accept. ``str(err)`` is player-readable."""

    def __init__(self, message: str, *, text: str = "", hint: str = "") -> None:
        super().__init__(message)
        self.text = text
        """The input as the player wrote it."""
        self._hint = hint
        self._later: Callable[[], str] | None = None

    @property
    def hint(self) -> str:
        """Optional: what to write instead (e.g. examples from the legal moves)."""
        if self._later is not None:
            self._hint, self._later = self._later(), None
        return self._hint

    @hint.setter
    def hint(self, hint: str) -> None:
        self._hint, self._later = hint, None

    def hint_later(self, make: Callable[[], str]) -> None:
        """The hint, made when it is first read: listing the legal moves costs more than
        reading a good move, and many a refusal is only a try (is this line a move? is the
        plan's next action written as one?) whose hint nobody reads."""
        self._later = make

    def __copy__(self) -> RuleError:
        """What ``copy.copy`` made by its generic reduce (the same class, ``args`` and
        attributes; no traceback, cause or context), made directly: the service's reading
        copies a refusal each time it reads a text refused before, about 75 times a reply
        (:func:`pbem.service.orders.read`; nineteenth round)."""
        new = type(self).__new__(type(self), *self.args)
        new.__dict__.update(self.__dict__)
        return new


class InvalidSyntax(RuleError):
    """The text is not a move in this game's notation."""


class IllegalMove(RuleError):
    """The text is a well-formed move, but the rules forbid it now; the message names the rule."""


class AmbiguousMove(RuleError):
    """The text could mean more than one legal move; the message lists them."""


class NotYourDecision(RuleError):
    """The seat owes no decision of that kind now (e.g. a move out of turn)."""


# --------------------------------------------------------------------------------------------------
# Value objects shared by every game.
# --------------------------------------------------------------------------------------------------


class Decision(msgspec.Struct, frozen=True):
    """Something a seat owes the game now."""

    seat: Seat
    """Who owes it."""
    kind: str
    """What kind: ``"move"``, ``"believe-or-doubt"``, ``"reselect"``, ``"steal"``... Deadlines and
    reminders address decisions by kind."""
    prompt: str
    """One line for people, e.g. ``"place your tile"``."""


class Event(msgspec.Struct, frozen=True):
    """Something that happened, for the history and the notification mails."""

    kind: str
    """E.g. ``"placed"``, ``"room-closed"``, ``"drew"``, ``"game-over"``."""
    data: dict[str, JSONValue] = msgspec.field(default_factory=dict)
    """JSON-able details (ints, strs, bools, lists, dicts; never floats)."""
    visible_to: Seat | None = None
    """``None``: public. A seat: only that seat may see this event (e.g. the tile it drew)."""


class Result(msgspec.Struct, frozen=True):
    """The end of a game."""

    scores: tuple[int, ...]
    """Final score of each seat."""
    winners: tuple[Seat, ...]
    """Seats sharing the victory (more than one on a tie)."""
    detail: dict[str, JSONValue] = msgspec.field(default_factory=dict)
    """Game-specific breakdown (e.g. the end-tile bonus, the revealed tiles)."""


class OptionSpec(msgspec.Struct, frozen=True):
    """One game option the GM may set at creation."""

    name: str
    choices: tuple[str, ...]
    default: str
    help: str
    unrecorded: str | None = None
    """What a set-up line written before this option existed stands for, when that is not
    ``default`` (a rules change: games started before it go on under the old rules)."""


class Action(Protocol):
    """A game-specific, immutable, hashable action value."""

    def __hash__(self) -> int: ...


class Image(Protocol):
    """One inline image of a mail's HTML part (:class:`pbem.mail.picture.Png`)."""

    @property
    def png(self) -> bytes: ...
    @property
    def cid(self) -> str: ...
    @property
    def alt(self) -> str: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...


class BoardPicture(Protocol):
    """What a game's :meth:`GameOf.picture` gives the HTML part of a mail
    (:class:`pbem.mail.picture.Picture`): the board, the reader's own piece (or None) and the
    lines under them."""

    @property
    def board(self) -> Image: ...
    @property
    def hand(self) -> Image | None: ...
    @property
    def caption(self) -> str: ...
    @property
    def images(self) -> Sequence[Image]: ...


ViewT = TypeVar("ViewT")
"""A game's view type (what :meth:`GameOf.view` gives and the renderers take)."""


@runtime_checkable
class BotOf(Protocol[StateT, ActionT, ViewT]):
    """A computer player of a game of :class:`GameOf` ``[StateT, ActionT, ViewT]``. It must only
    use what its seat may see."""

    name: str

    def choose(
        self, game: GameOf[StateT, ActionT, ViewT], state: StateT, seat: Seat, rng: random.Random
    ) -> ActionT:
        """Return one legal action for ``seat`` (which owes a decision now)."""
        ...


class GameOf(Protocol[StateT, ActionT, ViewT]):
    """The plugin protocol (see the module docstring for the contract), for a game whose states
    are ``StateT``, actions ``ActionT`` and views ``ViewT``: each game declares its own three
    types (Forbidden City: ``GameOf[State, Placement, View]``), so its own code, its bots and its
    renderers are typed precisely. Code for any game uses :data:`Game`."""

    name: ClassVar[str]
    """Registry name, e.g. ``"forbidden-city"``."""
    title: ClassVar[str]
    """For people, e.g. ``"Forbidden City (Knizia 2018)"``."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]]
    private_part: ClassVar[str]
    """What a player's mail shows that the others may not see, in the rules' words, for mail
    templates: ``"tile"`` (Forbidden City), ``"bribe selection"`` (Die Verbotene Stadt)."""

    def setup(self, n_players: int, options: Mapping[str, str], seed: int) -> StateT: ...

    def pending(self, state: StateT) -> list[Decision]: ...

    def parse(self, state: StateT, seat: Seat, text: str) -> ActionT: ...

    def legal(self, state: StateT, seat: Seat) -> Sequence[ActionT]: ...

    def apply(
        self, state: StateT, seat: Seat, action: ActionT, rng: random.Random
    ) -> tuple[StateT, list[Event]]: ...

    def view(self, state: StateT, seat: Seat | None) -> ViewT: ...

    def render_text(self, view: ViewT) -> str: ...

    def result(self, state: StateT) -> Result | None: ...

    def notation(self, action: ActionT) -> str: ...

    def public_notation(self, state: StateT, seat: Seat, action: ActionT) -> str: ...

    def encode_state(self, state: StateT) -> bytes: ...

    def decode_state(self, data: bytes) -> StateT: ...

    def seat_names(self, n_players: int) -> list[str]:
        """What each seat is called in the game (e.g. its colour), by seat."""
        ...

    def command_help(self) -> str:
        """The notation explained for the HELP mail (plain text, <= 72 columns)."""
        ...

    def rules_summary(self) -> str:
        """The rules on one screen, for the RULES mail (plain text, <= 72 columns; issue 31)."""
        ...

    def bots(self) -> Mapping[str, BotOf[StateT, ActionT, ViewT]]:
        """Computer players by name (at least ``"random"``)."""
        ...

    def describe_event(self, event: Event, names: Sequence[str] | None = None) -> str:
        """Plain sentences for people about one of this game's events (mails, HISTORY, ``pbem
        play``): never a Python repr. ``names`` are the seat names (default: the game's own for
        the most players). An event visible to one seat only is worded for that seat ("You...").
        An unknown kind gets :func:`plain_sentence`."""
        ...

    # The hooks below have defaults in :class:`GameDefaults`, which each game subclasses.

    decision_kinds: ClassVar[tuple[str, ...]]
    """Every kind of :class:`Decision` this game asks for (deadlines are set per kind)."""
    service_defaults: ClassVar[Mapping[str, str]]
    """The service options (``SERVICE_OPTIONS``) this game starts with unless the GM says
    otherwise (Die Verbotene Stadt: ``mail=digest``)."""
    preview_safe: ClassVar[frozenset[str]]
    """Event kinds a PREVIEW may tell: those that follow from the move and the public board
    alone. The first other event (a tile drawn, a die rolled, a hidden selection revealed) ends
    the preview, so that it never tells what the player could not know yet."""

    def default_action(self, state: StateT, seat: Seat, kind: str, rng: random.Random) -> ActionT:
        """What happens when the deadline of ``seat``'s decision ``kind`` passes."""
        ...

    def encode_state_like(self, state: StateT, like: bytes) -> bytes:
        """``state`` in the encoding version of ``like`` (an earlier :meth:`encode_state`): how
        ``verify`` checks a snapshot written before the current version."""
        ...

    def sample_hidden(self, state: StateT, seat: Seat, rng: random.Random) -> StateT:
        """The state with every value hidden from ``seat`` redrawn from ``rng``, consistently
        with what ``seat`` may know and depending on nothing else (the search bots' only view)."""
        ...

    def redact(self, state: StateT, seat: Seat) -> StateT | None:
        """The position as ``seat`` knows it, every other seat's secret a stand-in."""
        ...

    def plan_context(self, state: StateT, seat: Seat) -> str:
        """What a move ``seat`` queues now for its next turn (``NEXT``) is read against: if the
        game says otherwise when that turn comes, the queued move is dropped and the turn mail
        goes as usual (Die Verbotene Stadt: the seat's bribed official, which a plan moves).
        ``""``: the same always."""
        ...

    def spelled(self, line: str) -> str:
        """A player's line with the words whose meaning depends on the player's language (the
        language being spoken, :func:`pbem.i18n.current`) written in words every language reads,
        so that what is stored (a plan, a queued move) reads the same in any language later
        (Die Verbotene Stadt: "BK O" is west in French and Italian, east in German)."""
        ...

    def listed_moves(self, state: StateT, seat: Seat) -> tuple[str, list[str]]:
        """The legal moves of ``seat`` its turn mail lists in full beside the examples, under a
        heading (Die Verbotene Stadt: the moves that enter the active pavilion, one line per
        official); ``("", [])``: none, a heading alone says there is none."""
        ...

    def spelled_at(self, state: StateT, seat: Seat, line: str) -> str:
        """:meth:`spelled`, with what only the position says written out too (Forbidden City: a
        square said by where it lies from a tile on the board, "la case juste à gauche de sa
        tuile blanche"; issue 31)."""
        ...

    def suggested(self, state: StateT, seat: Seat) -> list[tuple[str, list[str]]]:
        """The lists of moves the game's own texts suggest to ``seat`` now besides the mail's
        examples, each with its kind (Forbidden City: ``"eg"``, the turn line's "e.g. ...";
        ``"try"``, a refusal's "Legal placements include ..."), in notation and in the order
        shown: "the third of your suggestions" is read against them (issue 31)."""
        ...

    def picture(self, view: ViewT) -> BoardPicture | None:
        """The board of ``view`` (one reader's :meth:`view`, or the public one) as inline
        pictures for the HTML part of a mail (a :class:`BoardPicture`), or None:
        the text board only. Drawn from the view alone, so nothing hidden from its reader can
        reach it."""
        ...

    def moves_named(self, action: ActionT, lines: Sequence[str]) -> list[str]:
        """The sentences of ``lines``, in order, that each name a move (in the notation or in
        words) a turn begun by ``action`` may go on with (Die Verbotene Stadt: for a slide, the
        sentences naming an official and a direction). The service counts those after the
        action read that go on with the turn against the plan read and asks back a reply with
        more (:func:`pbem.service.orders.read`): never the first move alone. ``[]``: none."""
        ...


STAND_IN = ("medium", "greedy", "heuristic", "random")
"""The bot that plays for a player who left or missed a deadline: the first of these the game
has (the lighter search budget, at most 0.3 s of CPU a decision)."""


def stand_in(bots: Mapping[str, object]) -> str:
    """The name of the game's stand-in bot (:data:`STAND_IN`, else the first by name)."""
    return next(name for name in (*STAND_IN, *sorted(bots)) if name in bots)


Game: TypeAlias = "GameOf[object, object, object]"
"""A game seen from code for every game (the service, the store, the mail...): its states,
actions and views are opaque values that only ever go back into the same game (the registry,
:func:`pbem.rules.find_game`, hands games out so)."""

Bot: TypeAlias = "BotOf[object, object, object]"
"""A computer player of any game (see :data:`Game`)."""


class GameDefaults(Generic[StateT, ActionT, ViewT]):
    """The defaults of the optional hooks of :class:`Game`: a game subclasses this and overrides
    what it needs (a third game touches only its own folder and the registry line)."""

    decision_kinds: ClassVar[tuple[str, ...]] = ("move",)
    service_defaults: ClassVar[Mapping[str, str]] = {}
    """None by default: the service's own defaults."""
    preview_safe: ClassVar[frozenset[str]] = frozenset()
    """None by default: a PREVIEW then tells the move's validity and nothing of what follows."""

    def default_action(
        self: GameOf[StateT, ActionT, ViewT],
        state: StateT,
        seat: Seat,
        kind: str,
        rng: random.Random,
    ) -> ActionT:
        """The game's stand-in bot plays (:func:`stand_in`)."""
        bots = self.bots()
        return bots[stand_in(bots)].choose(self, state, seat, rng)

    def sample_hidden(self, state: StateT, seat: Seat, rng: random.Random) -> StateT:
        """``state`` itself: right only for a game that hides nothing from any seat (every
        registered game hides something and overrides this; a test checks it)."""
        return state

    def redact(self, state: StateT, seat: Seat) -> StateT | None:
        """The position as ``seat`` knows it, every other seat's secret a stand-in (a turn
        file's position); None: the game gives none (its turn files carry the record only)."""
        return None

    def plan_context(self, state: StateT, seat: Seat) -> str:
        """The same always: a queued move is played whenever it is legal."""
        return ""

    def spelled(self, line: str) -> str:
        """The line itself: no word of the notation depends on the language."""
        return line

    def listed_moves(self, state: StateT, seat: Seat) -> tuple[str, list[str]]:
        """None by default: the examples only."""
        return "", []

    def suggested(self, state: StateT, seat: Seat) -> list[tuple[str, list[str]]]:
        """None by default: the mail's examples only."""
        return []

    def spelled_at(
        self: GameOf[StateT, ActionT, ViewT], state: StateT, seat: Seat, line: str
    ) -> str:
        """:meth:`spelled` alone by default."""
        return self.spelled(line)

    def picture(self, view: ViewT) -> BoardPicture | None:
        """None by default: the HTML part shows the text board."""
        return None

    def moves_named(self, action: ActionT, lines: Sequence[str]) -> list[str]:
        """None by default: a turn is one move (Forbidden City: one placement)."""
        return []

    def encode_state_like(
        self: GameOf[StateT, ActionT, ViewT], state: StateT, like: bytes
    ) -> bytes:
        """One encoding version only: today's."""
        return self.encode_state(state)


def sample_hidden(
    game: GameOf[StateT, ActionT, ViewT], state: StateT, seat: Seat, rng: random.Random
) -> StateT:
    """What a bot of ``seat`` may search: ``game.sample_hidden(state, seat, rng)`` when the game
    declares the hook; otherwise (the documented default) ``state`` itself, which is right only
    for a game that hides nothing from any seat. Every registered game hides something and
    declares the hook (a test checks it)."""
    return game.sample_hidden(state, seat, rng)


def derive_rng(seed: int, *parts: int | str) -> random.Random:
    """A ``random.Random`` derived from the game's seed and a position, e.g. ``(seed, "apply", 17)``.

    Deterministic across processes and Python versions (SHA-256, not ``hash()``), so replaying the log
    rebuilds the same dice rolls; unpredictable to players while the seed is secret.
    """
    h = hashlib.sha256(str(seed).encode())
    for p in parts:
        h.update(b"\x00" + str(p).encode())
    return random.Random(int.from_bytes(h.digest(), "big"))


SERVICE_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "privacy",
        ("required", "preferred", "plain"),
        "required",
        "required: the game starts once every player has a key on file and every personal mail "
        "is encrypted; preferred: encrypted where a key is on file, else the private part in "
        "plain text in that player's own mail; plain: no encryption (the GM's explicit choice).",
    ),
    OptionSpec(
        "mail",
        ("every", "turns", "digest"),
        "every",
        "how much mail each player gets unless they chose for themselves (MAIL ...): every: a "
        "mail for every move; turns: only their turn, decisions they owe and game events; "
        "digest: their turn and game events, the rest in one mail a day.",
    ),
    OptionSpec(
        "lang",
        ("en", "fr", "it", "de"),
        "en",
        "the language of the game's mails unless a player chose for themselves (LANG ...): "
        "en English, fr French, it Italian, de German.",
    ),
)
"""Options every game accepts; the service reads them, the engines ignore them."""


def check_options(
    game: GameOf[StateT, ActionT, ViewT], options: Mapping[str, str]
) -> dict[str, str]:
    """Validate ``options`` against ``game.options`` and the service's options; fill in defaults."""
    specs = {o.name: o for o in (*game.options, *SERVICE_OPTIONS)}
    out: dict[str, str] = {}
    for key in options:
        if key not in specs:
            known = ", ".join(sorted(specs)) or "none"
            raise ValueError(f"unknown option {key!r} for {game.name} (known: {known})")
    own_defaults: Mapping[str, str] = game.service_defaults
    for name, spec in specs.items():
        value = options.get(name, own_defaults.get(name, spec.default))
        if value not in spec.choices:
            shown = value if len(value) <= 40 else value[:40] + "..."  # a GM's paste, not a page
            raise ValueError(
                f"option {name} must be one of {', '.join(spec.choices)}, not {shown!r}"
            )
        out[name] = value
    return out


def recorded_options(
    game: GameOf[StateT, ActionT, ViewT], options: Mapping[str, str]
) -> dict[str, str]:
    """The options of a recorded set-up line, for replaying it: an option the line does not name
    because it did not exist yet takes its ``unrecorded`` value (every new game records them all,
    :func:`check_options` fills in the defaults at creation)."""
    out = dict(options)
    for spec in game.options:
        if spec.name not in out and spec.unrecorded is not None:
            out[spec.name] = spec.unrecorded
    return out


_WHO_KEYS = frozenset({"seat", "to", "from", "roller", "mover", "doubter", "closed_by"})


def plain_sentence(kind: str, data: Mapping[str, JSONValue], names: Sequence[str] = ()) -> str:
    """A sentence for an event no describer knows: its kind and its plain values, never a repr
    (nested lists and mappings are left out, booleans read yes/no, seats are named)."""
    parts = []
    for k, v in data.items():
        if k in _WHO_KEYS and isinstance(v, int) and not isinstance(v, bool):
            v = names[v] if 0 <= v < len(names) else f"seat {v + 1}"
        elif isinstance(v, bool):
            v = "yes" if v else "no"
        elif isinstance(v, list):
            flat = [str(x) for x in v if not isinstance(x, (list, dict))]
            if not flat:
                continue
            v = ", ".join(flat)
        elif isinstance(v, dict) or v is None:
            continue
        parts.append(f"{k.replace('_', ' ')} {v}")
    head = kind.replace("-", " ").replace("_", " ").capitalize() or "Event"
    return f"{head}: {'; '.join(parts)}." if parts else f"{head}."
