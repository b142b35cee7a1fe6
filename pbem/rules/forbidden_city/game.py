"""Forbidden City (Knizia 2018): the game object that implements :class:`pbem.rules.base.Game`."""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import msgspec

from pbem.i18n import N_, _, ngettext
from pbem.rules.base import (
    AmbiguousMove,
    Bot,
    Decision,
    Event,
    GameDefaults,
    IllegalMove,
    InvalidSyntax,
    NotYourDecision,
    OptionSpec,
    Result,
    Seat,
    derive_rng,
    plain_sentence,
)
from pbem.rules.forbidden_city import board as B
from pbem.rules.forbidden_city.notation import (
    NotationError,
    Placement,
    read_move,
    square_name,
)
from pbem.rules.forbidden_city.tiles import (
    DIRECTION_NAMES,
    OPP,
    components,
    orientations,
    tile,
)


@dataclass(frozen=True, slots=True)
class State:
    """The whole game, private parts included. Never mutated: ``apply`` returns a new one."""

    n: int
    """Number of players; seat i plays colour i of purple, yellow, red, blue."""
    side: str
    """Start-tile side: ``beginner`` or ``advanced``."""
    first: Seat
    """The start player."""
    board: B.Board
    hands: tuple[str | None, ...]
    """Tile id in each seat's hand (private)."""
    stacks: tuple[tuple[str, ...], ...]
    """Each seat's face-down stack, top first (private; only the counts are public)."""
    coins: tuple[int, ...]
    """Coins earned from closed rooms, per seat."""
    to_move: Seat
    """Whose turn it is (-1 once the game is over)."""
    stopped: tuple[bool, ...]
    """Seats that have only their last 2 tiles left and place no more."""
    placed: tuple[int, ...]
    """Tiles placed per seat."""
    set_aside: tuple[tuple[Seat, str], ...]
    """Tiles that fitted nowhere (public), in order."""
    history: tuple[tuple[Seat, str, int, int, int], ...]
    """Every placement: seat, tile id, x, y, rotation."""


@functools.cache
def _end_bonus(tile_id: str) -> int:
    """What a tile left unplayed scores at the end (its advisors and dragons)."""
    c, t = components(), tile(tile_id)
    return c.end_per_advisor * t.advisors + c.end_per_dragon * t.dragons


STATE_VERSION = 3
"""The encoding :meth:`ForbiddenCity.encode_state` writes. Version 1 (games saved before
2026-11-23) had no board: decoding replayed every placement, which grew with the game. Version 2
adds the rooms (as flat records) and the region table, so that a late state decodes without
planning a placement. Both are JSON. Version 3 (2026-11-24) is MessagePack, half the bytes of the
JSON (a late game's state is sealed, signed, written and read at every commit), stores each room
as ``[id, room]``, decoded straight into the board's rooms, and the frontier, so that a late state
decodes with one pass over the placements and nothing else. All three decode;
:meth:`ForbiddenCity.encode_state_like` writes any of them (``pbem admin verify`` compares an old
snapshot with the replay in the snapshot's own version)."""
_VERSIONS = (1, 2, 3)


class _Record(msgspec.Struct, array_like=False, forbid_unknown_fields=True, omit_defaults=True):
    """The encoded state. Version 1 has no ``reg_room``/``rooms``: the board is rebuilt from the
    placements; version 2 stores them (see :func:`pbem.rules.forbidden_city.board.restore`)."""

    version: int
    n: int
    side: str
    first: int
    hands: list[str | None]
    stacks: list[list[str]]
    coins: list[int]
    to_move: int
    stopped: list[bool]
    placed: list[int]
    set_aside: list[tuple[int, str]]
    history: list[tuple[int, str, int, int, int]]
    reg_room: list[int] | None = None
    """Versions 2 and 3: the room of every region, in region order."""
    rooms: list[B.RoomRecord] | None = None
    """Version 2: every room, in the board's order, as one flat record."""
    room_map: list[tuple[int, B.Room]] | None = None
    """Version 3: every room, in the board's order, as ``[id, room]``."""
    frontier: frozenset[int] | None = None
    """Version 3: the empty squares next to a tile (encoded sorted)."""


class _RecordIn(msgspec.Struct, forbid_unknown_fields=True):
    """:class:`_Record` as :meth:`ForbiddenCity.decode_state` reads it: the same fields, decoded
    straight into the state's tuples and the board's frozensets (no conversion afterwards)."""

    version: int
    n: int
    side: str
    first: int
    hands: tuple[str | None, ...]
    stacks: tuple[tuple[str, ...], ...]
    coins: tuple[int, ...]
    to_move: int
    stopped: tuple[bool, ...]
    placed: tuple[int, ...]
    set_aside: tuple[tuple[int, str], ...]
    history: tuple[tuple[int, str, int, int, int], ...]
    reg_room: list[int] | None = None
    rooms: list[B.RoomRecord] | None = None
    room_map: list[tuple[int, B.Room]] | None = None
    frontier: frozenset[int] | None = None


_decode_record = msgspec.json.Decoder(_RecordIn)
_decode_packed = msgspec.msgpack.Decoder(_RecordIn)
_pack = msgspec.msgpack.Encoder(order="deterministic")
_JSON_START = b"{"
"""Versions 1 and 2 are a JSON object; version 3 a MessagePack map, which never starts with this
byte (it is the MessagePack of the integer 123)."""


class _Version(msgspec.Struct):
    """Only the version of an encoded state (other fields are ignored)."""

    version: int


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
        return State(
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


def colours(n: int) -> list[str]:
    """Seat colours for ``n`` players: purple, yellow, red, blue, in that order."""
    return list(components().colours[:n])


def _tile_set(n: int, colour: str) -> list[str]:
    c = components()
    ids = [t.id for t in c.base_set]
    # With 2 players purple and yellow add their 6 tiles marked "2"; with 3-4 those stay in the box.
    if n == 2 and len(ids) + len(c.extra_set) == c.set_sizes[colour]:
        ids += [t.id for t in c.extra_set]
    return ids


def _describe_at(board: B.Board, k: int, colour_names: list[str]) -> str:
    cell = board.cells[k]
    x, y = B.xy(k)
    sq = square_name(x, y)
    if cell.owner < 0:
        if cell.tile.kind == "temple":
            return _("the temple on %(square)s") % {"square": sq}
        if cell.tile.kind == "garden":
            return _("the garden on %(square)s") % {"square": sq}
        return _("the start tile on %(square)s") % {"square": sq}
    return _("%(who)s's %(tile)s on %(square)s") % {
        "who": _(colour_names[cell.owner]),
        "tile": cell.tile.id,
        "square": sq,
    }


EDGE_WORDS = (N_("north"), N_("east"), N_("south"), N_("west"), N_("open"), N_("walled"),
              N_("archway"))  # fmt: skip
"""Direction and edge words of the refusals (translated where used)."""


class ForbiddenCity(GameDefaults):
    """Reiner Knizia's *Forbidden City* (Jumbo 2018) for 2 to 4 players."""

    # Long on purpose: the plugin implements the whole game protocol (about 20 members: setup, pending, legal, parse, apply, view, render, notation, encode, describe...); each member is short and delegates to tiles, board and scoring.

    name: ClassVar[str] = "forbidden-city"
    title: ClassVar[str] = "Forbidden City (Knizia 2018)"
    private_part: ClassVar[str] = "tile"
    """What each player keeps secret: the tile in hand (and the stack under it)."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    decision_kinds: ClassVar[tuple[str, ...]] = ("move",)
    """Every kind of :class:`Decision` this game asks for (deadlines are set per kind)."""
    preview_safe: ClassVar[frozenset[str]] = frozenset({"placed", "room-closed"})
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
        events.append(
            Event(
                "game-over",
                {
                    "scores": {names[i]: s for i, s in enumerate(res.scores)},
                    "coins": {names[i]: s for i, s in enumerate(state.coins)},
                    "end_bonus": {names[i]: s for i, s in enumerate(res.detail["end_bonus"])},
                    "revealed": {names[i]: r for i, r in enumerate(res.detail["revealed"])},
                    "winners": [names[i] for i in res.winners],
                },
            )
        )
        return state, events

    def _final(self, state: State) -> Result:
        revealed = [[t for t in (state.hands[i], *state.stacks[i]) if t] for i in range(state.n)]
        bonus = [sum(map(_end_bonus, r)) for r in revealed]
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
        o = orientations(tile(hand))[action.rotation]
        k = B.key(action.x, action.y)
        p = B.plan(state.board, o, k, seat)
        assert p is not None
        closed = B.score(state.board, p)
        board = B.commit(state.board, p)
        text = action.notation()
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
                    "square": square_name(action.x, action.y),
                    "notation": text,
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

    def notation(self, action: Placement) -> str:
        """E.g. ``M9 R1``."""
        return action.notation()

    def public_notation(self, state: State, seat: Seat, action: Placement) -> str:
        """Placements are public: the same as :meth:`notation`."""
        return action.notation()

    def _examples(self, moves: list[Placement], n: int = 4) -> str:
        if not moves:
            return ""
        return _("Legal placements include %(moves)s.") % {
            "moves": ", ".join(m.notation() for m in _spread(moves, n))
        }

    def parse(self, state: State, seat: Seat, text: str) -> Placement:
        """Read a move; only legal moves come back, otherwise a player-readable RuleError."""
        # Long on purpose: one branch per form a placement may be written in, tried in order.
        names = colours(state.n)
        if state.to_move < 0:
            raise NotYourDecision(
                _("The game is over: there are no more tiles to place."), text=text
            )
        if seat != state.to_move:
            raise NotYourDecision(
                _(
                    "It is not your turn: %(who)s places the next tile. Wait for the mail that "
                    "says it is your turn."
                )
                % {"who": _(names[state.to_move])},
                text=text,
            )
        hints: list[str] = []

        def hint() -> str:
            """A few legal moves, for the error message (listing them all costs more than
            reading a good move: only a mistake pays for it)."""
            if not hints:
                hints.append(self._examples(self.legal(state, seat)))
            return hints[0]

        try:
            mt = read_move(text)
        except NotationError as err:
            raise InvalidSyntax(str(err), text=text, hint=hint()) from None
        board = state.board
        k = B.key(mt.x, mt.y)
        sq = square_name(mt.x, mt.y)
        hand = state.hands[seat]
        assert hand is not None
        tdef = tile(hand)
        if k in board.cells:
            raise IllegalMove(
                _(
                    "%(square)s is illegal: that square already holds %(what)s. A tile goes on an "
                    "empty square next to a tile."
                )
                % {"square": sq, "what": _describe_at(board, k, names)},
                text=text,
                hint=hint(),
            )
        if k not in board.frontier:
            raise IllegalMove(
                _(
                    "%(square)s is illegal: no tile borders it. A tile must share a side with a "
                    "tile already on the table (diagonal contact is not enough)."
                )
                % {"square": sq},
                text=text,
                hint=hint(),
            )
        req = B.requirement(board, k)
        here = [Placement(mt.x, mt.y, o.rotation) for o in B.fitting(tdef, req)]
        there = (
            _("On %(square)s these fit: %(moves)s.")
            % {"square": sq, "moves": ", ".join(m.notation() for m in here)}
            if here
            else _("Your %(tile)s fits nowhere on %(square)s. %(hint)s")
            % {"tile": hand, "square": sq, "hint": hint()}
        )
        if mt.rotation is None:
            if len(here) == 1:
                return here[0]
            if not here:
                o = orientations(tdef)[0]
                raise IllegalMove(
                    _("%(square)s is illegal in every rotation: %(why)s")
                    % {"square": sq, "why": self._why(board, o, k, names, req)},
                    text=text,
                    hint=hint(),
                )
            raise AmbiguousMove(
                _(
                    "'%(text)s' needs a rotation: your %(tile)s fits on %(square)s as %(moves)s. "
                    "Write one of them."
                )
                % {
                    "text": text.strip(),
                    "tile": hand,
                    "square": sq,
                    "moves": _either([m.notation() for m in here]),
                },
                text=text,
                hint=there,
            )
        o = orientations(tdef)[mt.rotation]
        if B.conflict(o, req) is not None:
            move = f"{sq} R{mt.rotation}"
            raise IllegalMove(
                _("%(move)s is illegal: %(why)s")
                % {"move": move, "why": self._why(board, o, k, names, req)},
                text=text,
                hint=there,
            )
        return Placement(mt.x, mt.y, o.canonical)

    def _why(self, board: B.Board, o: Any, k: int, names: list[str], req: B.Requirement) -> str:
        d = B.conflict(o, req)
        if d is None:  # every rotation fails, but this one for another side: find a failing one
            for other in orientations(o.tile):
                d = B.conflict(other, req)
                if d is not None:
                    o = other
                    break
        assert d is not None
        nk = k + B.DELTA[d]
        return _(
            "its %(colour)s %(side)s edge would meet the %(other)s %(open)s %(other_side)s edge "
            "of %(what)s; floor colours may only meet across a wall."
        ) % {
            "colour": _(o.colours[d]),
            "side": _(DIRECTION_NAMES[d]),
            "other": _(str(req[d])),
            "open": _("open"),
            "other_side": _(DIRECTION_NAMES[OPP[d]]),
            "what": _describe_at(board, nk, names),
        }

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
            view_result = ViewResult(
                scores=list(res.scores),
                coins=list(state.coins),
                end_bonus=list(res.detail["end_bonus"]),
                revealed=res.detail["revealed"],
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
                [m.notation() for m in _spread(self.legal(state, seat), 3)]
                if seat is not None and seat == state.to_move
                else []
            ),
            frontier=[B.xy(k) for k in sorted(board.frontier)],
            fits=fits,
            last_square=(state.history[-1][2], state.history[-1][3]) if state.history else None,
        )

    def picture(self, view: View) -> Any:
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
        """Deterministic JSON of the whole state (private parts included), board included
        (:data:`STATE_VERSION`)."""
        return self._encode(state, STATE_VERSION)

    def encode_state_like(self, state: State, like: bytes) -> bytes:
        """``state`` in the encoding version of ``like`` (an earlier :meth:`encode_state`): how
        ``verify`` checks a snapshot written before the current version."""
        if like[:1] == _JSON_START:
            version = msgspec.json.decode(like, type=_Version).version
        else:
            version = msgspec.msgpack.decode(like, type=_Version).version
        return self._encode(state, version if version in _VERSIONS else STATE_VERSION)

    def _encode(self, state: State, version: int) -> bytes:
        board = state.board
        rec = _Record(
            version=version,
            n=state.n,
            side=state.side,
            first=state.first,
            hands=list(state.hands),
            stacks=[list(s) for s in state.stacks],
            coins=list(state.coins),
            to_move=state.to_move,
            stopped=list(state.stopped),
            placed=list(state.placed),
            set_aside=list(state.set_aside),
            history=list(state.history),
            reg_room=board.reg_room if version >= 2 else None,
            rooms=B.room_records(board) if version == 2 else None,
            room_map=list(board.rooms.items()) if version >= 3 else None,
            frontier=board.frontier if version >= 3 else None,
        )
        if version >= 3:
            return _pack.encode(rec)
        return msgspec.json.encode(rec, order="deterministic")

    def decode_state(self, data: bytes) -> State:
        """The state back from :meth:`encode_state`, of any version (version 1: the board is
        rebuilt by replaying the placements; versions 2 and 3: from the stored rooms, no replay)."""
        packed = data[:1] != _JSON_START
        rec = (_decode_packed if packed else _decode_record).decode(data)
        if packed != (rec.version >= 3):
            raise ValueError(
                f"a Forbidden City state of version {rec.version} in the wrong encoding"
            )
        if rec.version == 1:
            board = B.replay(rec.side, rec.history)
        elif rec.version == 2 and rec.reg_room is not None and rec.rooms is not None:
            board = B.restore(rec.side, rec.history, rec.reg_room, B.rooms_of_records(rec.rooms))
        elif (
            rec.version == 3
            and rec.reg_room is not None
            and rec.room_map is not None
            and rec.frontier is not None
        ):
            board = B.restore(rec.side, rec.history, rec.reg_room, dict(rec.room_map), rec.frontier)
        else:
            raise ValueError(f"unknown Forbidden City state version {rec.version}")
        return State(
            n=rec.n,
            side=rec.side,
            first=rec.first,
            board=board,
            hands=rec.hands,
            stacks=rec.stacks,
            coins=rec.coins,
            to_move=rec.to_move,
            stopped=rec.stopped,
            placed=rec.placed,
            set_aside=rec.set_aside,
            history=rec.history,
        )

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

    def bots(self) -> Mapping[str, Bot]:
        """``random``, ``greedy`` and the search bots ``medium`` and ``strong``."""
        from pbem.rules.forbidden_city.bots import BOTS

        return BOTS

    def describe_event(self, event: Event, names: Sequence[str] | None = None) -> str:
        """One sentence for people about an event (the seat colours are in the events)."""
        text = self._describe(event, names)
        return text[:1].upper() + text[1:]

    def _describe(self, event: Event, names: Sequence[str] | None) -> str:
        d = event.data
        kind = event.kind
        if kind == "placed":
            return _("%(who)s placed %(tile)s on %(square)s.") % {
                "who": _(d[COLOUR]),
                "tile": d["tile"],
                "square": d["notation"],
            }
        if kind == "room-closed":
            squares = [square_name(x, y) for x, y in d["squares"]]
            where = squares[0] if len(squares) == 1 else f"{squares[0]} .. {squares[-1]}"
            b = d["breakdown"]
            parts = [ngettext("%(num)d tile", "%(num)d tiles", b["tiles"]) % {"num": b["tiles"]}]
            if b["dragons"]:
                parts.append(
                    ngettext("%(num)d dragon", "%(num)d dragons", b["dragons"])
                    % {"num": b["dragons"]}
                )
            adjacent = sum(a["value"] for a in b["adjacent"])
            if adjacent:
                n = len(b["adjacent"])
                parts.append(
                    ngettext(
                        "%(value)d for %(num)d linked room", "%(value)d for %(num)d linked rooms", n
                    )
                    % {"value": adjacent, "num": n}
                )
            ranked = sorted(d["payouts"].items(), key=lambda cv: -cv[1])
            paid = ", ".join(f"{_(c)} {v}" for c, v in ranked) or _("nobody (no advisors)")
            return _(
                "The %(colour)s room at %(where)s is closed: worth %(value)s (%(parts)s); "
                "paid: %(paid)s."
            ) % {
                "colour": _(d[COLOUR]),
                "where": where,
                "value": d["value"],
                "parts": ", ".join(parts),
                "paid": paid,
            }
        if kind == "set-aside":
            return _("%(who)s's %(tile)s fits nowhere: it is shown and set aside.") % {
                "who": _(d[COLOUR]),
                "tile": d["tile"],
            }
        if kind == "drew":
            return _("You drew %(tile)s.") % {"tile": d["tile"]}
        if kind == "stopped":
            return _("%(who)s keeps the last 2 tiles and places no more.") % {"who": _(d[COLOUR])}
        if kind == "game-over":
            scores = ", ".join(f"{_(c)} {v}" for c, v in d["scores"].items())
            winners = _(" and ").join(_(w) for w in d["winners"])
            won = (
                _("%(who)s wins.") if len(d["winners"]) == 1 else _("%(who)s share the victory.")
            ) % {"who": winners}
            return (
                _("Game over: %(scores)s.") % {"scores": scores} + " " + won[:1].upper() + won[1:]
            )
        return plain_sentence(kind, d, names or colours(4))

    # -- helpers for tools and tests ----------------------------------------------------------------


COLOUR = "colour"
"""The events' colour field (a name, not a text to extract: the colour is translated)."""


def _either(items: list[str]) -> str:
    """``a, b or c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + _(" or ") + items[-1]


def _spread(moves: list[Placement], n: int) -> list[Placement]:
    """Up to ``n`` moves spread over the list (examples from different parts of the board)."""
    step = max(1, len(moves) // n)
    return moves[::step][:n]


def _closed_data(c: B.Closed, names: list[str], seat: Seat) -> dict[str, Any]:
    def part(room: B.Room, value: int) -> dict[str, Any]:
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
