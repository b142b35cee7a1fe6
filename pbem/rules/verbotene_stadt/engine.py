"""The rules of *Die Verbotene Stadt*: legal moves, and applying actions to the state.

Pure: the only randomness is the ``random.Random`` passed to :func:`apply` (fate dice, pavilion die,
the start player's roll). Every roll goes into a public event.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from pbem.i18n import N_, _
from pbem.rules.base import Event, Seat
from pbem.rules.verbotene_stadt.board import Board, Cell, Official, perpendicular
from pbem.rules.verbotene_stadt.scoring import ScoreTable, best_score
from pbem.rules.verbotene_stadt.sentences import direction, heading
from pbem.rules.verbotene_stadt.state import (
    RULINGS_BEFORE,
    Action,
    Answer,
    Entry,
    Keep,
    Move,
    Select,
    State,
    Take,
    Task,
)

# --------------------------------------------------------------------------------------------------
# Queries
# --------------------------------------------------------------------------------------------------


def occupied(state: State, without: Official = -1) -> dict[Cell, Official]:
    """Cells of the officials on the board (minus ``without``, the one moving)."""
    return {c: o for o, c in enumerate(state.positions) if c >= 0 and o != without}


def bluff_allowed(state: State, seat: Seat) -> bool:
    """The mover holds a card and at least one other player holds one."""
    return bool(state.hands[seat]) and any(state.hands[s] for s in range(state.n) if s != seat)


def left_of(state: State, seat: Seat) -> Seat:
    """The left neighbour (next clockwise): the fate-dice roller."""
    return (seat + 1) % state.n


def phase_two(board: Board, state: State) -> bool:
    """True when the next entry takes all cards (from the ``phase_two_from``-th exile on)."""
    return len(state.exiled) + 1 >= board.phase_two_from


@dataclass(frozen=True, slots=True)
class Trace:
    """The outcome of a move, or why it is illegal."""

    end: Cell
    entered: bool
    error: str = ""


ONE_TURN_AT_MOST = N_(
    "A move is one slide and at most one more slide at a right angle (option "
    "moves=right-angle-once); name at most two directions."
)
"""Three directions or more under the rules' option: wrong in every position, so the notation
refuses it as it is written, even as a plan's later slide (nineteenth round: "il nero-blu scende
a sud e piega a ovest" read S E W was kept for later)."""


def trace(board: Board, state: State, move: Move) -> Trace:
    """Follow ``move`` on the board; ``error`` is a player-readable sentence when it is illegal."""
    # Long on purpose: one branch per way an official can move; the rulebook's sliding rules in order.
    o = move.official
    code = board.official_code(o)
    start = state.positions[o]
    if start < 0:
        return Trace(
            start,
            False,
            _("%(code)s is on the Terrace of Exile and can no longer move.") % {"code": code},
        )
    occ = occupied(state, o)
    names = {c: board.official_code(x) for c, x in occ.items()}
    if move.step:
        if not board.is_start_field(start):
            return Trace(
                start,
                False,
                _(
                    "%(code)s stands on %(field)s, not on a start field, so it cannot make the "
                    "one-step move; slide it instead."
                )
                % {"code": code, "field": board.label(start)},
            )
        d = move.dirs[0]
        stop = board.slide(start, d, occ, state.active_pavilion, max_steps=1, names=names)
        if stop.cell == start and not stop.entered:
            return Trace(
                start,
                False,
                _(
                    "%(code)s cannot step %(heading)s from %(field)s: %(obstacle)s is directly "
                    "%(direction)s of it."
                )
                % {
                    "code": code,
                    "heading": heading(d),
                    "field": board.label(start),
                    "obstacle": stop.obstacle,
                    "direction": direction(d),
                },
            )
        return Trace(stop.cell, stop.entered)
    if not move.dirs:
        return Trace(start, False, _("The move of %(code)s names no direction.") % {"code": code})
    if state.moves_option == "right-angle-once" and len(move.dirs) > 2:
        return Trace(start, False, _(ONE_TURN_AT_MOST))
    cur = start
    for i, d in enumerate(move.dirs):
        prev = move.dirs[i - 1] if i else ""
        where = (
            _("After sliding %(heading)s to %(field)s, ")
            % {"heading": heading(prev), "field": board.label(cur)}
            if i
            else ""
        )
        if prev and not perpendicular(prev, d):
            side = _("east or west") if prev in "NS" else _("north or south")
            return Trace(
                start,
                False,
                where
                + _("%(code)s may only continue at a right angle (%(sides)s), not %(heading)s.")
                % {"code": code, "sides": side, "heading": heading(d)},
            )
        stop = board.slide(cur, d, occ, state.active_pavilion, names=names)
        if stop.cell == cur and not stop.entered:
            return Trace(
                start,
                False,
                where
                + _(
                    "%(code)s cannot slide %(heading)s from %(field)s: %(obstacle)s is directly "
                    "%(direction)s of it."
                )
                % {
                    "code": code,
                    "heading": heading(d),
                    "field": board.label(cur),
                    "obstacle": stop.obstacle,
                    "direction": direction(d),
                },
            )
        cur = stop.cell
        last = i == len(move.dirs) - 1
        if stop.entered:
            if not last:
                return Trace(
                    start,
                    False,
                    _(
                        "%(code)s enters pavilion %(pavilion)s with its slide %(heading)s; a move "
                        "ends there, so nothing may follow."
                    )
                    % {"code": code, "pavilion": state.active_pavilion, "heading": heading(d)},
                )
            return Trace(cur, True)
        if stop.dead_end and not last:
            return Trace(
                start,
                False,
                _(
                    "%(code)s slides %(heading)s into the dead end at %(field)s, where its move "
                    "ends at once; nothing may follow."
                )
                % {"code": code, "heading": heading(d), "field": board.label(cur)},
            )
    if cur == start:
        return Trace(
            start,
            False,
            _(
                "%(code)s would end on its own field %(field)s; a move must end on a different "
                "field."
            )
            % {"code": code, "field": board.label(start)},
        )
    return Trace(cur, False)


def entry_error(board: Board, state: State, seat: Seat, move: Move) -> str:
    """Why an entering ``move`` (with its mode) is not allowed for ``seat`` now, or ``""``."""
    own = state.selections[seat] == move.official
    if move.mode == "claim" and not bluff_allowed(state, seat):
        return _(
            "You may claim an entry (and bluff) only when you hold a garment card and another "
            "player holds one too; enter openly with your bribed official instead."
        )
    if not own and not bluff_allowed(state, seat):
        return _(
            "%(code)s is not the official on your selector, and until you and another player "
            "hold a garment card an official may enter a pavilion only if the mover bribed it."
        ) % {"code": board.official_code(move.official)}
    return ""


def moves(board: Board, state: State, seat: Seat) -> Iterator[Move]:
    """Every legal move of ``seat`` (the active player), entries with each allowed mode."""
    for m, _end in moves_with_ends(board, state, seat):
        yield m


def moves_with_ends(board: Board, state: State, seat: Seat) -> Iterator[tuple[Move, Cell]]:
    """Every legal move of ``seat`` with the field it ends on (-1 for an entry)."""
    bluff = bluff_allowed(state, seat)
    occ = {c for c in state.positions if c >= 0}
    act = state.active_pavilion
    for o, start in enumerate(state.positions):
        if start < 0:
            continue
        occ.discard(start)
        try:
            yield from _moves_of(board, state, seat, o, start, occ, act, bluff)
        finally:
            occ.add(start)


def moves_of_official(
    board: Board, state: State, seat: Seat, official: Official
) -> Iterator[tuple[Move, Cell]]:
    """The pairs of :func:`moves_with_ends` whose move is ``official``'s, in the same order,
    without listing the other officials' moves (the steering words ask for one official's)."""
    start = state.positions[official]
    if start < 0:
        return
    occ = {c for c in state.positions if c >= 0}
    occ.discard(start)
    act = state.active_pavilion
    yield from _moves_of(board, state, seat, official, start, occ, act, bluff_allowed(state, seat))


_ACROSS = (((1, "E"), (3, "W")), ((0, "N"), (2, "S"))) * 2
"""The right-angle directions after a slide towards ``"NESW"[di]``, with their indexes."""


def _moves_of(
    board: Board,
    state: State,
    seat: Seat,
    o: Official,
    start: Cell,
    occ: set[Cell],
    act: int,
    bluff: bool,
) -> Iterator[tuple[Move, Cell]]:
    """The legal moves of official ``o`` (``occ``: the other officials' fields)."""

    def entries(dirs: tuple[str, ...], step: bool = False) -> Iterator[tuple[Move, Cell]]:
        # Before bluffing is allowed, only the mover's own official may enter (openly).
        if state.selections[seat] == o or bluff:
            yield Move(o, dirs, step, "reveal"), -1
        if bluff:
            yield Move(o, dirs, step, "claim"), -1

    # Board.slide_end, not Board.slide: this is the inner loop of every legal-move list (parse
    # errors, bots, turn files), and a search needs no worded obstacle. -1: enters the active
    # pavilion; -2: no progress.
    ends: list[Cell] = []
    if state.moves_option == "unlimited":
        yield from _unlimited(board, state, o, start, occ, entries)
        ends = [board.slide_end(start, di, occ, act) for di in range(4)]
    else:
        dead = board.dead_ends
        for di, d in enumerate("NESW"):
            e1 = board.slide_end(start, di, occ, act)
            ends.append(e1)
            if e1 == -1:
                yield from entries((d,))
                continue
            if e1 == -2:
                continue
            yield Move(o, (d,)), e1
            if e1 in dead:
                continue
            for di2, d2 in _ACROSS[di]:
                e2 = board.slide_end(e1, di2, occ, act)
                if e2 == -1:
                    yield from entries((d, d2))
                elif e2 >= 0 and e2 != start:
                    yield Move(o, (d, d2)), e2
    if board.is_start_field(start):
        for di, d in enumerate("NESW"):
            e = board.step_end(start, di, occ, act)
            if e == -1:
                yield from entries((d,), True)
            elif e >= 0 and e != ends[di]:
                yield Move(o, (d,), True), e


def _unlimited(
    board: Board,
    state: State,
    o: Official,
    start: Cell,
    occ: set[Cell],
    entries: Callable[[tuple[str, ...]], Iterator[tuple[Move, Cell]]],
) -> Iterator[tuple[Move, Cell]]:
    """Moves with any number of right-angle slides: one shortest path per end field."""
    act = state.active_pavilion
    seen: set[tuple[Cell, str]] = set()
    ends: set[Cell] = set()
    entered_done = False
    queue: deque[tuple[Cell, tuple[str, ...]]] = deque([(start, ())])
    while queue:
        cur, path = queue.popleft()
        nexts = "NESW" if not path else ("EW" if path[-1] in "NS" else "NS")
        for d in nexts:
            s = board.slide(cur, d, occ, act)
            if s.entered:
                if not entered_done:
                    entered_done = True
                    yield from entries(path + (d,))
                continue
            if s.cell == cur or (s.cell, d) in seen:
                continue
            seen.add((s.cell, d))
            if s.cell != start and s.cell not in ends:
                ends.add(s.cell)
                yield Move(o, path + (d,)), s.cell
            if not s.dead_end:
                queue.append((s.cell, path + (d,)))


def has_move(board: Board, state: State, seat: Seat) -> bool:
    """True when ``seat`` has at least one legal move."""
    return next(moves(board, state, seat), None) is not None


def take_candidates(state: State, task: Task) -> list[tuple[Seat, int]]:
    """(victim, card) pairs the taker of ``task`` may choose from."""
    return [
        (v, c)
        for v in task.victims
        for c in state.hands[v]
        if task.colour < 0 or c // 3 == task.colour
    ]


# --------------------------------------------------------------------------------------------------
# Applying actions: a mutable working copy, frozen again at the end
# --------------------------------------------------------------------------------------------------


class _W:
    """Mutable copy of a :class:`State` used while applying one action."""

    def __init__(self, board: Board, s: State, rng: random.Random) -> None:
        self.board = board
        self.s = s
        self.rng = rng
        self.events: list[Event] = []
        self.positions = list(s.positions)
        self.exiled = list(s.exiled)
        self.selections = list(s.selections)
        self.pavilion_cards = list(s.pavilion_cards)
        self.hands = [list(h) for h in s.hands]
        self.phase = s.phase
        self.active_pavilion = s.active_pavilion
        self.active = s.active
        self.move_no = s.move_no
        self.entry = s.entry
        self.tasks = list(s.tasks)
        self.then = s.then
        self.owed = list(s.owed)
        self.forced = list(s.forced)
        self.extra_turn = s.extra_turn
        self.bonus_move = s.bonus_move
        self.ended_blocked = s.ended_blocked
        self.before = s.rulings == RULINGS_BEFORE
        """The game plays under the rulings before 2026-11-22 (and their event shapes)."""

    def freeze(self) -> State:
        """The frozen state of the working copy."""
        return State(
            n=self.s.n,
            moves_option=self.s.moves_option,
            teams=self.s.teams,
            phase=self.phase,
            positions=tuple(self.positions),
            exiled=tuple(self.exiled),
            selections=tuple(self.selections),
            pavilion_cards=tuple(self.pavilion_cards),
            hands=tuple(tuple(h) for h in self.hands),
            active_pavilion=self.active_pavilion,
            active=self.active,
            move_no=self.move_no,
            entry=self.entry,
            tasks=tuple(self.tasks),
            then=self.then,
            owed=tuple(self.owed),
            forced=tuple(self.forced),
            extra_turn=self.extra_turn,
            bonus_move=self.bonus_move,
            ended_blocked=self.ended_blocked,
            rulings=self.s.rulings,
        )

    # -- helpers -----------------------------------------------------------------------------------

    @property
    def n(self) -> int:
        return self.s.n

    def ev(self, kind: str, visible_to: Seat | None = None, /, **data: object) -> None:
        """Record an event (``visible_to``: the one seat that may see it, None for all)."""
        self.events.append(Event(kind, dict(data), visible_to))

    def code(self, o: Official) -> str:
        return self.board.official_code(o)

    def roll_pavilion(self, seat: Seat) -> None:
        faces = self.board.pavilion_faces
        face = faces[self.rng.randrange(len(faces))]
        self.active_pavilion = face
        self.ev(
            "pavilion-die", roller=seat, face=face, cards_left=len(self.pavilion_cards[face - 1])
        )

    def give(self, to: Seat, card: int, source: str, victim: Seat | None = None) -> None:
        if victim is not None:
            self.hands[victim].remove(card)
        self.hands[to].append(card)
        self.hands[to].sort()
        self.ev(
            "card",
            to=to,
            card=self.board.card_name(card),
            source=source,
            **({"from": victim} if victim is not None else {}),
        )


def apply(
    board: Board, state: State, seat: Seat, action: Action, rng: random.Random
) -> tuple[State, list[Event]]:
    """Apply a legal ``action`` of ``seat``. Assumes legality (it came from parse or legal)."""
    w = _W(board, state, rng)
    if isinstance(action, Select) and state.phase == "select":
        w.selections[seat] = action.official
        w.ev("selected", seat=seat)
        w.ev("selection", seat, seat=seat, official=w.code(action.official))
        if all(s >= 0 for s in w.selections):
            _start_game(w)
    elif isinstance(action, Select | Keep):
        _reselect(w, seat, action)
    elif isinstance(action, Move):
        _move(w, seat, action)
    elif isinstance(action, Answer):
        _answer(w, seat, action)
    elif isinstance(action, Take):
        task = w.tasks.pop(0)
        w.give(seat, action.card, task.reason, action.victim)
        _run_tasks(w)
    else:  # pragma: no cover - parse never returns anything else
        raise TypeError(f"not an action of this game: {action!r}")
    return w.freeze(), w.events


def _start_game(w: _W) -> None:
    # "Whoever first rolls red on the large fate die goes first": each player rolls in turn.
    name, faces = w.board.fate_dice[-1]
    rolls: list[list[object]] = []
    seat = 0
    while True:
        face = faces[w.rng.randrange(len(faces))]
        rolls.append([seat, face])
        if face.startswith("red"):
            break
        seat = (seat + 1) % w.n
    w.ev("start-rolls", die=name, rolls=rolls)
    w.active = seat
    w.ev("start-player", seat=seat)
    w.roll_pavilion(seat)
    _begin_turn(w, seat)


def _begin_turn(w: _W, seat: Seat) -> None:
    """Give ``seat`` a fresh turn (skipping players who cannot move at all)."""
    w.extra_turn = False
    w.bonus_move = False
    for _i in range(w.n):
        w.active = seat
        w.move_no = 0
        w.phase = "move"
        if has_move(w.board, w.freeze(), seat):
            w.ev("turn", seat=seat)
            return
        w.ev("no-move", seat=seat)
        seat = (seat + 1) % w.n
    w.ended_blocked = True
    _game_over(w)


def _begin_bonus_move(w: _W, seat: Seat) -> None:
    """A successful bluff "immediately takes another turn": exactly one more move, with no fate
    die after it; then the turn passes (VERBOTENE-STADT.md, "Bluffing")."""
    w.extra_turn = False
    w.active = seat
    w.move_no = 0
    w.phase = "move"
    if has_move(w.board, w.freeze(), seat):
        w.bonus_move = True
        w.ev("extra-move", seat=seat)
        return
    w.ev("no-move", seat=seat)
    _begin_turn(w, (seat + 1) % w.n)


def _end_turn(w: _W) -> None:
    w.ev("turn-over", seat=w.active)
    _begin_turn(w, (w.active + 1) % w.n)


def _move(w: _W, seat: Seat, m: Move) -> None:
    tr = trace(w.board, w.s, m)
    o = m.official
    src = w.positions[o]
    data = {
        "seat": seat,
        "official": w.code(o),
        "path": list(m.dirs),
        "step": m.step,
        "from": w.board.label(src),
    }
    if tr.entered:
        _enter(w, seat, m, data)
        return
    w.positions[o] = tr.end
    w.ev("moved", to=w.board.label(tr.end), **data)
    w.move_no += 1
    if w.bonus_move or w.move_no >= w.board.max_moves:
        # A successful bluff's one extra move, or the 4th move: no fate die follows.
        _end_turn(w)
        return
    roller = left_of(w.s, seat)
    name, faces = w.board.fate_dice[w.move_no - 1]
    face = faces[w.rng.randrange(len(faces))]
    if w.before:
        w.ev("fate-die", roller=roller, die=name, face=face)
    else:
        w.ev("fate-die", roller=roller, die=name, face=face, seat=seat)
    if face.startswith("black"):
        _end_turn(w)
        return
    if "pavilion" in face:
        w.roll_pavilion(seat)
    if "dragon" in face:
        victims = tuple(v for v in range(w.n) if v != roller)
        w.tasks.append(Task("steal", roller, victims, -1, "dragon"))
    w.then = "move"
    _run_tasks(w)


def _continue_turn(w: _W) -> None:
    w.phase = "move"
    if not has_move(w.board, w.freeze(), w.active):
        w.ev("no-move", seat=w.active)
        _end_turn(w)


def _enter(w: _W, seat: Seat, m: Move, data: dict[str, object]) -> None:
    o = m.official
    pav = w.active_pavilion
    two = phase_two(w.board, w.s)
    w.bonus_move = False  # an entry by a bluff's extra move is resolved like any other
    w.positions[o] = -1
    w.exiled.append(o)
    w.ev("entered", pavilion=pav, mode=m.mode, **data)
    w.ev("exiled", official=w.code(o), count=len(w.exiled))
    if len(w.exiled) == w.board.phase_two_from - 1:
        w.ev("phase-two", count=len(w.exiled))
    if m.mode == "claim":
        order = [(seat + i) % w.n for i in range(1, w.n)]
        to_ask = tuple(s for s in order if w.hands[s])
        w.entry = Entry(o, pav, seat, to_ask, two)
        w.phase = "answer"
        w.ev("claimed", seat=seat, official=w.code(o), pavilion=pav, ask=list(to_ask))
        return
    w.ev("revealed", seat=seat, official=w.code(w.selections[seat]))
    recipient = _recipient(w, seat, o)
    if recipient is None:
        # The same event whether nobody or exactly one other player bribed it: that bribe stays
        # secret (VERBOTENE-STADT.md, "Entering the active pavilion").
        if w.before:
            w.ev("no-card", reason="nobody bribed the official that entered")
        else:
            w.ev("no-card", seat=seat, official=w.code(o), pavilion=pav)
    else:
        _award(w, recipient, pav, two)
    w.then = "entry-end"
    _run_tasks(w)


def _recipient(w: _W, mover: Seat, o: Official) -> Seat | None:
    """Who gets the pavilion's card(s) for an honest entry, by how many players bribed ``o``.

    Nobody, or exactly one player who is not the mover: nobody (and that bribe stays secret, the
    multiple-bribe rule needs more than one briber). Only the mover: the mover. Two or more: they
    all reveal, and the one farthest from the mover in turn order takes the card(s).
    """
    bribers = [s for s in range(w.n) if w.selections[s] == o]
    if not bribers or bribers == [mover]:
        return bribers[0] if bribers else None
    if len(bribers) == 1 and not w.before:
        return None
    for s in bribers:
        if s != mover:
            w.ev("revealed", seat=s, official=w.code(o))
    return max(bribers, key=lambda s: (s - mover) % w.n)


def _award(w: _W, to: Seat, pav: int, two: bool) -> None:
    cards = w.pavilion_cards[pav - 1]
    if cards:
        taken = cards if two else cards[:1]
        w.pavilion_cards[pav - 1] = cards[len(taken) :]
        for c in taken:
            w.give(to, c, "pavilion")
        return
    colour = pav - 1
    if two:
        found = False
        for v in range(w.n):
            if v == to:
                continue
            for c in [c for c in w.hands[v] if c // 3 == colour]:
                w.give(to, c, "empty-pavilion", v)
                found = True
        if not found:
            w.ev("nothing-to-take", seat=to, reason="empty-pavilion")
        return
    victims = tuple(v for v in range(w.n) if v != to)
    w.tasks.append(Task("take-card", to, victims, colour, "empty-pavilion"))


def _run_tasks(w: _W) -> None:
    """Resolve queued takes that leave no choice; stop at the first real decision."""
    while w.tasks:
        task = w.tasks[0]
        cands = take_candidates(w.freeze(), task)
        if len(cands) > 1:
            w.phase = "take"
            return
        w.tasks.pop(0)
        if not cands:
            w.ev("nothing-to-take", seat=task.taker, reason=task.reason)
        else:
            v, c = cands[0]
            w.give(task.taker, c, task.reason, v)
    if w.then == "move":
        _continue_turn(w)
    else:
        _entry_end(w)


def _answer(w: _W, seat: Seat, a: Answer) -> None:
    entry = w.entry
    assert entry is not None
    w.ev("doubted" if a.doubt else "believed", seat=seat)
    if not a.doubt and len(entry.to_ask) > 1:
        w.entry = Entry(
            entry.official, entry.pavilion, entry.mover, entry.to_ask[1:], entry.phase_two
        )
        return
    w.entry = None
    doubter = seat if a.doubt else None
    mover, o = entry.mover, entry.official
    w.ev("revealed", seat=mover, official=w.code(w.selections[mover]))
    honest = w.selections[mover] == o
    if honest:
        recipient = _recipient(w, mover, o)
        w.ev(
            "outcome",
            result="doubter-punished" if doubter is not None else "believed-honest",
            mover=mover,
            doubter=doubter,
        )
        if recipient is not None:
            _award(w, recipient, entry.pavilion, entry.phase_two)
        if doubter is not None:
            w.tasks.append(Task("take-card", mover, (doubter,), -1, "penalty"))
    elif doubter is None:
        w.ev("outcome", result="bluff-succeeded", mover=mover, doubter=None)
        _award(w, mover, entry.pavilion, entry.phase_two)
        w.extra_turn = len(w.exiled) < w.board.game_end_at
    else:
        w.ev("outcome", result="bluff-failed", mover=mover, doubter=doubter)
        _award(w, doubter, entry.pavilion, entry.phase_two)
        w.tasks.append(Task("take-card", doubter, (mover,), -1, "penalty"))
    w.then = "entry-end"
    _run_tasks(w)


def _entry_end(w: _W) -> None:
    if len(w.exiled) >= w.board.game_end_at:
        _game_over(w)
        return
    w.phase = "reselect"
    w.owed = list(range(w.n))
    w.forced = [s for s in range(w.n) if w.selections[s] in w.exiled]
    w.ev("reselect", seats=list(w.owed))
    # Who must choose betrays whose official was exiled: tell each of them alone.
    for s in w.forced:
        w.ev("must-reselect", s, seat=s, official=w.code(w.selections[s]))


def _reselect(w: _W, seat: Seat, action: Select | Keep) -> None:
    w.owed.remove(seat)
    if isinstance(action, Select):
        w.selections[seat] = action.official
        if seat in w.forced:
            w.forced.remove(seat)
        w.ev("reselected", seat=seat)
        w.ev("selection", seat, seat=seat, official=w.code(action.official))
    else:
        w.ev("kept", seat=seat)
    if w.owed:
        return
    w.forced = []
    w.roll_pavilion(w.active)
    if w.extra_turn and w.before:
        w.ev("extra-turn", seat=w.active)
        _begin_turn(w, w.active)
    elif w.extra_turn:
        _begin_bonus_move(w, w.active)
    else:
        _begin_turn(w, (w.active + 1) % w.n)


def _game_over(w: _W) -> None:
    w.phase = "over"
    w.bonus_move = False
    w.tasks = []
    w.owed = []
    w.forced = []
    w.entry = None
    b = w.board
    table = ScoreTable(b.score_single, b.score_pair, b.score_suit, b.score_triple)
    over: dict[str, object] = {
        "exiled": len(w.exiled),
        "blocked": w.ended_blocked,
        "selections": [w.code(o) if o >= 0 else "" for o in w.selections],
    }
    if not w.before:
        over["scores"] = [best_score(h, table) for h in w.hands]
    w.ev("game-over", **over)
