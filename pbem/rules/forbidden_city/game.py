"""Forbidden City (Knizia 2018): the game object that implements :class:`pbem.rules.base.Game`."""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

import msgspec

from pbem.i18n import _
from pbem.rules.base import (
    BoardPicture,
    BotOf,
    Decision,
    Event,
    GameDefaults,
    OptionSpec,
    Result,
    Seat,
    derive_rng,
)
from pbem.rules.forbidden_city import board as B
from pbem.rules.forbidden_city import codec
from pbem.rules.forbidden_city.codec import STATE_VERSION as STATE_VERSION
from pbem.rules.forbidden_city.notation import (
    Placement,
    square_name,
)
from pbem.rules.forbidden_city.reading import read_placement, spread
from pbem.rules.forbidden_city.sentences import describe_event
from pbem.rules.forbidden_city.state import State as State
from pbem.rules.forbidden_city.state import colours as colours
from pbem.rules.forbidden_city.tiles import (
    components,
    tile,
    turned,
)


@functools.cache
def _end_bonus(tile_id: str) -> int:
    """What a tile left unplayed scores at the end (its advisors and dragons)."""
    c, t = components(), tile(tile_id)
    return c.end_per_advisor * t.advisors + c.end_per_dragon * t.dragons


def _end_of(state: State) -> tuple[list[list[str]], list[int]]:
    """Every seat's tiles shown at the end (its hand, then its stack) and their end bonus."""
    revealed = [[t for t in (state.hands[i], *state.stacks[i]) if t] for i in range(state.n)]
    return revealed, [sum(map(_end_bonus, r)) for r in revealed]


class ViewCell(msgspec.Struct, frozen=True):
    """A square on the table as everyone sees it."""

    x: int
    y: int
    tile: str
    """Tile id, or ``start-x-y`` for a start-tile square."""
    rotation: int
    owner: str | None
    """Colour of the player who placed it; None for the start tile."""


class ViewResult(msgspec.Struct, frozen=True):
    """The end of the game, as revealed to everyone."""

    scores: list[int]
    coins: list[int]
    end_bonus: list[int]
    revealed: list[list[str]]
    """Each seat's last 2 tiles."""
    winners: list[int]


class View(msgspec.Struct, frozen=True):
    """What one seat (or the public) may see."""

    side: str
    seat: int | None
    """The viewer, None for the public view."""
    colours: list[str]
    cells: list[ViewCell]
    coins: list[int]
    stack_counts: list[int]
    placed: list[int]
    to_move: int | None
    stopped: list[bool]
    set_aside: list[tuple[int, str]]
    last: str | None
    """The last placement, e.g. ``yellow placed P3 on L12 R0``."""
    hand: str | None
    """The viewer's hand tile (None in the public view)."""
    result: ViewResult | None
    examples: list[str] = []
    """A few of the viewer's legal moves, when it is the viewer's turn."""
    game: str = "forbidden-city"
    frontier: list[tuple[int, int]] = []
    """Every empty square next to a tile (public: where a tile may go)."""
    fits: list[tuple[int, int, list[int]]] = []
    """Where the viewer's hand tile fits now: (x, y, canonical rotations), empty without a hand."""
    last_square: tuple[int, int] | None = None
    """(x, y) of the last placement."""


SIDES = ("beginner", "advanced")

_new = object.__new__
(
    _set_n,
    _set_side,
    _set_first,
    _set_board,
    _set_hands,
    _set_stacks,
    _set_coins,
    _set_to_move,
    _set_stopped,
    _set_placed,
    _set_set_aside,
    _set_history,
) = (State.__dict__[f.name].__set__ for f in dataclasses.fields(State))


def _state(
    n: int,
    side: str,
    first: Seat,
    board: B.Board,
    hands: tuple[str | None, ...],
    stacks: tuple[tuple[str, ...], ...],
    coins: tuple[int, ...],
    to_move: Seat,
    stopped: tuple[bool, ...],
    placed: tuple[int, ...],
    set_aside: tuple[tuple[Seat, str], ...],
    history: tuple[tuple[Seat, str, int, int, int], ...],
) -> State:
    """``State(...)``, the same frozen object, built by setting its slots directly: a frozen
    dataclass's ``__init__`` sets each field through ``object.__setattr__``, half the cost of
    an ``apply`` that builds one State per move."""
    s = _new(State)
    _set_n(s, n)
    _set_side(s, side)
    _set_first(s, first)
    _set_board(s, board)
    _set_hands(s, hands)
    _set_stacks(s, stacks)
    _set_coins(s, coins)
    _set_to_move(s, to_move)
    _set_stopped(s, stopped)
    _set_placed(s, placed)
    _set_set_aside(s, set_aside)
    _set_history(s, history)
    return s


@dataclass(slots=True)
class _Turn:
    """Scratch copy of a state's changing parts while one move is carried out (one State built at
    the end instead of a copy per step)."""

    n: int
    side: str
    first: Seat
    board: B.Board
    hands: list[str | None]
    stacks: list[tuple[str, ...]]
    coins: list[int]
    stopped: list[bool]
    placed: list[int]
    set_aside: tuple[tuple[Seat, str], ...]
    history: tuple[tuple[Seat, str, int, int, int], ...]

    @classmethod
    def thaw(cls, s: State) -> _Turn:
        return cls(
            s.n,
            s.side,
            s.first,
            s.board,
            list(s.hands),
            list(s.stacks),
            list(s.coins),
            list(s.stopped),
            list(s.placed),
            s.set_aside,
            s.history,
        )

    def freeze(self, to_move: Seat) -> State:
        return _state(
            self.n,
            self.side,
            self.first,
            self.board,
            tuple(self.hands),
            tuple(self.stacks),
            tuple(self.coins),
            to_move,
            tuple(self.stopped),
            tuple(self.placed),
            self.set_aside,
            self.history,
        )


def _tile_set(n: int, colour: str) -> list[str]:
    c = components()
    ids = [t.id for t in c.base_set]
    # With 2 players purple and yellow add their 6 tiles marked "2"; with 3-4 those stay in the box.
    if n == 2 and len(ids) + len(c.extra_set) == c.set_sizes[colour]:
        ids += [t.id for t in c.extra_set]
    return ids


class ForbiddenCity(GameDefaults[State, Placement, View]):
    """Reiner Knizia's *Forbidden City* (Jumbo 2018) for 2 to 4 players."""

    # The plugin implements the whole game protocol (about 20 members: setup, pending, legal,
    # parse, apply, view, render, notation, encode, describe...); each member is short and
    # delegates to tiles, board and scoring, reading (parse), codec (encode, decode) and
    # sentences (describe).

    name: ClassVar[str] = "forbidden-city"
    title: ClassVar[str] = "Forbidden City (Knizia 2018)"
    private_part: ClassVar[str] = "tile"
    """What each player keeps secret: the tile in hand (and the stack under it)."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    decision_kinds: ClassVar[tuple[str, ...]] = ("move",)
    """Every kind of :class:`Decision` this game asks for (deadlines are set per kind)."""
    preview_safe: ClassVar[frozenset[str]] = frozenset({"placed", "room-closed"})
    _last_legal: tuple[State, tuple[Placement, ...]] | None = None
    """The last state :meth:`legal` listed, and its moves (set on the instance)."""
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("side", SIDES, "beginner", "start-tile side: beginner (gardens) or advanced"),
        OptionSpec(
            "first",
            ("random", "0", "1", "2", "3", "purple", "yellow", "red", "blue"),
            "random",
            "start player: random (from the seed), a seat number 0-3, or a colour",
        ),
    )

    # -- set-up and turn flow ---------------------------------------------------------------------

    def setup(self, n_players: int, options: Mapping[str, str], seed: int) -> State:
        """Shuffle every stack and choose the start player, all from ``seed``."""
        if not self.min_players <= n_players <= self.max_players:
            raise ValueError(f"Forbidden City needs 2 to 4 players, not {n_players}.")
        side = options.get("side", "beginner")
        if side not in SIDES:
            raise ValueError(f"side must be beginner or advanced, not {side!r}")
        names = colours(n_players)
        rng = derive_rng(seed, "setup")
        stacks = []
        for colour in names:
            ids = _tile_set(n_players, colour)
            rng.shuffle(ids)
            stacks.append(ids)
        first_opt = options.get("first", "random")
        if first_opt == "random":
            first = rng.randrange(n_players)
        elif first_opt in names:
            first = names.index(first_opt)
        elif first_opt.isdigit() and int(first_opt) < n_players:
            first = int(first_opt)
        else:
            raise ValueError(
                f"first must be random, a seat 0-{n_players - 1} or a colour of {names}"
            )
        turn = _Turn(
            n=n_players,
            side=side,
            first=first,
            board=B.start_board(side),
            hands=[st[0] for st in stacks],
            stacks=[tuple(st[1:]) for st in stacks],
            coins=[0] * n_players,
            stopped=[False] * n_players,
            placed=[0] * n_players,
            set_aside=(),
            history=(),
        )
        # A start tile never blocks a tile, but the rule is general: check the first hand too.
        state, _unused = self._begin_turn(turn, first, [])
        return state

    def _draw(self, t: _Turn, seat: Seat, events: list[Event]) -> None:
        """Draw the next tile into the hand; stop the seat when its last 2 tiles are reached."""
        stack = t.stacks[seat]
        t.hands[seat] = stack[0] if stack else None
        t.stacks[seat] = stack[1:]
        if t.hands[seat] is not None:
            events.append(Event("drew", {"seat": seat, "tile": t.hands[seat]}, visible_to=seat))
        supply = (t.hands[seat] is not None) + len(t.stacks[seat])
        if supply <= components().tiles_left_unplayed:
            t.stopped[seat] = True
            events.append(Event("stopped", {"seat": seat, "colour": colours(t.n)[seat]}))

    def _begin_turn(self, t: _Turn, seat: Seat, events: list[Event]) -> tuple[State, list[Event]]:
        """Make ``seat`` (or the next seat still playing) the player to move, setting aside tiles
        that fit nowhere; end the game when everyone has stopped."""
        n = t.n
        for _pass in range(n * 40):  # each pass consumes a tile or moves on: bounded
            if all(t.stopped):
                return self._end(t.freeze(-1), events)
            if t.stopped[seat]:
                seat = (seat + 1) % n
                continue
            hand = t.hands[seat]
            assert hand is not None
            if B.has_legal_placement(t.board, tile(hand)):
                return t.freeze(seat), events
            # No legal placement anywhere: shown to everyone, set aside unscored; same turn goes on.
            events.append(
                Event("set-aside", {"seat": seat, "colour": colours(n)[seat], "tile": hand})
            )
            t.set_aside += ((seat, hand),)
            self._draw(t, seat, events)
        raise AssertionError("turn loop did not settle")

    def _end(self, state: State, events: list[Event]) -> tuple[State, list[Event]]:
        names = colours(state.n)
        res = self._final(state)
        revealed, bonus = _end_of(state)
        events.append(
            Event(
                "game-over",
                {
                    "scores": {names[i]: s for i, s in enumerate(res.scores)},
                    "coins": {names[i]: s for i, s in enumerate(state.coins)},
                    "end_bonus": {names[i]: s for i, s in enumerate(bonus)},
                    "revealed": {names[i]: r for i, r in enumerate(revealed)},
                    "winners": [names[i] for i in res.winners],
                },
            )
        )
        return state, events

    def _final(self, state: State) -> Result:
        revealed, bonus = _end_of(state)
        scores = tuple(state.coins[i] + bonus[i] for i in range(state.n))
        top = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == top)
        return Result(
            scores=scores,
            winners=winners,
            detail={
                "coins": list(state.coins),
                "end_bonus": bonus,
                "revealed": revealed,
                "colours": colours(state.n),
                "placed": list(state.placed),
                "set_aside": [[s, t] for s, t in state.set_aside],
            },
        )

    def pending(self, state: State) -> list[Decision]:
        """The seat to move owes a placement; nothing once the game is over."""
        if state.to_move < 0:
            return []
        # No tile id here: pending decisions are shown to everyone (whose turn it is).
        return [Decision(state.to_move, "move", _("place your tile"))]

    def legal(self, state: State, seat: Seat) -> list[Placement]:
        """Every legal placement of ``seat``'s hand tile (each distinct look of the tile once)."""
        if seat != state.to_move:
            return []
        last = self._last_legal
        if last is not None and last[0] is state:
            return list(last[1])
        hand = state.hands[seat]
        assert hand is not None
        board = state.board
        t = tile(hand)
        out: list[Placement] = []
        for k in sorted(board.frontier):
            fits = B.fitting(t, B.requirement(board, k))
            if fits:
                x, y = B.xy(k)
                out.extend(Placement(x, y, o.rotation) for o in fits)
        # States are never changed, and only the seat to move has legal moves: the list is the
        # same at the next call on this state (reading one reply asks for it at each refusal
        # it weighs, about a tenth of the cost of reading a move).
        self._last_legal = (state, tuple(out))
        return out

    def apply(
        self, state: State, seat: Seat, action: Placement, rng: random.Random | None = None
    ) -> tuple[State, list[Event]]:
        """Place ``seat``'s hand tile as ``action`` says; assumes the move is legal (from ``parse``
        or ``legal``). Pays closed rooms, draws, and passes the turn. ``rng`` is unused: nothing
        is random once the stacks are shuffled."""
        hand = state.hands[seat]
        assert hand is not None and seat == state.to_move
        names = colours(state.n)
        o = turned(hand)[action.rotation]
        k = B.key(action.x, action.y)
        p = B.plan(state.board, o, k, seat)
        assert p is not None
        closed = B.score(state.board, p) if p.closing else ()
        board = B.commit(state.board, p)
        square = square_name(action.x, action.y)
        events = [
            Event(
                "placed",
                {
                    "seat": seat,
                    "colour": names[seat],
                    "tile": hand,
                    "x": action.x,
                    "y": action.y,
                    "rotation": action.rotation,
                    "square": square,
                    "notation": f"{square} R{action.rotation}",  # action.notation()
                },
            )
        ]
        t = _Turn.thaw(state)
        t.board = board
        for c in closed:
            for colour, amount in c.payouts.items():
                t.coins[colour] += amount
            events.append(Event("room-closed", _closed_data(c, names, seat)))
        t.placed[seat] += 1
        t.history += ((seat, hand, action.x, action.y, action.rotation),)
        self._draw(t, seat, events)
        return self._begin_turn(t, (seat + 1) % state.n, events)

    def sample_hidden(self, state: State, seat: Seat, rng: random.Random) -> State:
        """``state`` with everything ``seat`` cannot see drawn afresh from ``rng``: every other
        seat's hand and stack dealt again from the tiles that seat has not shown yet (its set, minus
        its placed and set-aside tiles), and ``seat``'s own stack reshuffled (it knows which tiles
        are in it, not their order). Its own hand, the board, the coins and every count stay.

        What comes back depends only on what ``seat`` may know and on ``rng``: each pool is sorted
        before it is shuffled, so two states ``seat`` cannot tell apart give the same sample."""
        hands = list(state.hands)
        stacks = list(state.stacks)
        for s in range(state.n):
            own = s == seat
            hand = hands[s]
            pool = sorted(stacks[s]) if own or hand is None else sorted((hand, *stacks[s]))
            rng.shuffle(pool)
            if own or hand is None:
                stacks[s] = tuple(pool)
            else:
                hands[s] = pool[0]
                stacks[s] = tuple(pool[1:])
        return State(
            state.n,
            state.side,
            state.first,
            state.board,
            tuple(hands),
            tuple(stacks),
            state.coins,
            state.to_move,
            state.stopped,
            state.placed,
            state.set_aside,
            state.history,
        )

    def result(self, state: State) -> Result | None:
        """Scores (coins + end-tile bonus) and the winners, once everyone has stopped."""
        if state.to_move >= 0:
            return None
        return self._final(state)

    # -- notation -----------------------------------------------------------------------------------

    def spelled_at(self, state: State, seat: Seat, line: str) -> str:
        """:meth:`spelled`, a square said relative to a tile on the board written as its name
        first (:func:`notation.relative_squares`: "la case juste à gauche de sa tuile blanche",
        "two squares to the right of Béa's W1")."""
        from pbem.rules.forbidden_city import notation as fc_notation

        placed = [(c.tile.id, *B.xy(k)) for k, c in state.board.cells.items() if c.owner >= 0]
        own = state.hands[seat] if 0 <= seat < len(state.hands) else None
        line = fc_notation.hand_tile_named(line, own)  # "Placing P9 on O9, R1"
        return fc_notation.spelled(fc_notation.relative_squares(line, placed))

    def suggested(self, state: State, seat: Seat) -> list[tuple[str, list[str]]]:
        """The turn line's examples (:meth:`view`) and a refusal's "Legal placements include"
        (:func:`reading._examples`), as the mails write them."""
        if seat != state.to_move:
            return []
        legal = self.legal(state, seat)
        return [
            (kind, [m.notation() for m in spread(legal, n)]) for kind, n in (("eg", 3), ("try", 4))
        ]

    def spelled(self, line: str) -> str:
        """The line with a rotation said in words in the notation's (:func:`notation.spelled`:
        "dreimal im Uhrzeigersinn gedreht" -> "R3")."""
        from pbem.rules.forbidden_city import notation as fc_notation

        return fc_notation.spelled(line)

    def notation(self, action: Placement) -> str:
        """E.g. ``M9 R1``."""
        return action.notation()

    def public_notation(self, state: State, seat: Seat, action: Placement) -> str:
        """Placements are public: the same as :meth:`notation`."""
        return action.notation()

    def parse(self, state: State, seat: Seat, text: str) -> Placement:
        """Read a move; only legal moves come back, otherwise a player-readable RuleError
        (:mod:`pbem.rules.forbidden_city.reading`)."""
        return read_placement(state, seat, text, lambda: self.legal(state, seat))

    # -- views and storage ------------------------------------------------------------------------

    def view(self, state: State, seat: Seat | None) -> View:
        """The table, scores and stack counts; the hand only for its own seat."""
        names = colours(state.n)
        cells = [
            ViewCell(x, y, c.tile.id, c.rotation, names[c.owner] if c.owner >= 0 else None)
            for k, c in sorted(state.board.cells.items())
            for x, y in [B.xy(k)]
        ]
        last = None
        if state.history:
            s, t, x, y, r = state.history[-1]
            last = f"{names[s]} placed {t} on {square_name(x, y)} R{r}"
        res = self.result(state)
        board = state.board
        hand = state.hands[seat] if seat is not None and state.to_move >= 0 else None
        fits: list[tuple[int, int, list[int]]] = []
        if hand is not None:
            hand_def = tile(hand)
            for k in sorted(board.frontier):
                rotations = [o.rotation for o in B.fitting(hand_def, B.requirement(board, k))]
                if rotations:
                    fits.append((*B.xy(k), rotations))
        view_result = None
        if res is not None:
            revealed, bonus = _end_of(state)
            view_result = ViewResult(
                scores=list(res.scores),
                coins=list(state.coins),
                end_bonus=bonus,
                revealed=revealed,
                winners=list(res.winners),
            )
        return View(
            side=state.side,
            seat=seat,
            colours=names,
            cells=cells,
            coins=list(state.coins),
            stack_counts=[len(s) for s in state.stacks],
            placed=list(state.placed),
            to_move=state.to_move if state.to_move >= 0 else None,
            stopped=list(state.stopped),
            set_aside=list(state.set_aside),
            last=last,
            hand=hand,
            result=view_result,
            examples=(
                [m.notation() for m in spread(self.legal(state, seat), 3)]
                if seat is not None and seat == state.to_move
                else []
            ),
            frontier=[B.xy(k) for k in sorted(board.frontier)],
            fits=fits,
            last_square=(state.history[-1][2], state.history[-1][3]) if state.history else None,
        )

    def picture(self, view: View) -> BoardPicture | None:
        """The board and the reader's tile as PNGs (:mod:`pbem.mail.picture`; Pillow is
        imported only when a mail is built)."""
        from pbem.mail.picture import board_picture

        return board_picture(self.name, view)

    def render_text(self, view: View) -> str:
        """The ASCII board and panel (see :mod:`pbem.rules.forbidden_city.render`)."""
        from pbem.rules.forbidden_city.render import render_view

        return render_view(view)

    def redact(self, state: State, seat: Seat) -> State:
        """The position as ``seat`` knows it, for a turn file: every face-down tile (the other
        seats' hands and every stack, its own included) is replaced by a stand-in that depends only
        on what ``seat`` knows (each colour's tiles are public, so each seat's unseen tiles are
        too, in sorted order). ``seat``'s own view, legal moves and refusals are those of the
        real position."""
        hands = list(state.hands)
        stacks = []
        for s, stack in enumerate(state.stacks):
            if s != seat and hands[s] is not None:
                pool = sorted([*stack, hands[s] or ""])
                hands[s] = pool[0]
                stacks.append(tuple(pool[1:]))
            else:
                stacks.append(tuple(sorted(stack)))
        return dataclasses.replace(state, hands=tuple(hands), stacks=tuple(stacks))

    def encode_state(self, state: State) -> bytes:
        """Deterministic bytes of the whole state (private parts included), board included
        (:data:`~pbem.rules.forbidden_city.codec.STATE_VERSION`)."""
        return codec.encode(state)

    def encode_state_like(self, state: State, like: bytes) -> bytes:
        """``state`` in the encoding version of ``like`` (an earlier :meth:`encode_state`): how
        ``verify`` checks a snapshot written before the current version."""
        return codec.encode_like(state, like)

    def decode_state(self, data: bytes) -> State:
        """The state back from :meth:`encode_state`, of any version."""
        return codec.decode(data)

    # -- people -----------------------------------------------------------------------------------

    def seat_names(self, n_players: int) -> list[str]:
        """Seat colours: purple, yellow (2 players), red (3), blue (4)."""
        return colours(n_players)

    def command_help(self) -> str:
        """The notation, for the HELP mail."""
        from pbem.rules.forbidden_city.render import COMMAND_HELP

        return _(COMMAND_HELP)

    def rules_summary(self) -> str:
        """Rooms, payouts, advisors, dragons and the end, for the RULES mail."""
        from pbem.rules.forbidden_city.render import RULES_SUMMARY

        return _(RULES_SUMMARY)

    def bots(self) -> Mapping[str, BotOf[State, Placement, View]]:
        """``random``, ``greedy`` and the search bots ``medium`` and ``strong``."""
        from pbem.rules.forbidden_city.bots import BOTS

        return BOTS

    def describe_event(self, event: Event, names: Sequence[str] | None = None) -> str:
        """One sentence for people about an event (the seat colours are in the events)."""
        return describe_event(event, names)

    # -- helpers for tools and tests ----------------------------------------------------------------


def _closed_data(c: B.Closed, names: list[str], seat: Seat) -> dict[str, object]:
    def part(room: B.Room, value: int) -> dict[str, object]:
        return {
            "colour": room.colour,
            "tiles": room.grey if room.grey else len(room.squares),
            "dragons": room.dragons,
            "value": value,
        }

    squares = sorted((B.xy(k) for k in c.room.squares), key=lambda p: (p[1], p[0]))
    return {
        "closed_by": seat,
        "colour": c.room.colour,
        "value": c.value,
        "breakdown": {
            "tiles": len(c.room.squares),
            "dragons": c.room.dragons,
            "own": c.own,
            "adjacent": [part(room, v) for room, v in c.adjacent],
        },
        "advisors": {names[i]: n for i, n in enumerate(c.room.advisors) if n and i < len(names)},
        "payouts": {names[i]: v for i, v in sorted(c.payouts.items())},
        "squares": [[x, y] for x, y in squares],
    }
