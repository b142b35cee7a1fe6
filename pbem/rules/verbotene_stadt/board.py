"""The board of *Die Verbotene Stadt*, read from the package's data file, and sliding movement.

Nothing of the layout lives in code: walls, roofs, pavilions, thresholds, start fields, dice faces and
the terrace limits all come from ``data/components.json`` (a proposed reconstruction; see its
``provenance`` field). Cells are ints ``y * width + x``; directions are ``"N" "E" "S" "W"``.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, TypeAlias

from pbem.i18n import _

Cell: TypeAlias = int
"""A field of the grid: ``y * width + x``."""

Official: TypeAlias = int
"""An official: ``hat * 5 + body`` with colour indices into :attr:`Board.official_colours`."""

Card: TypeAlias = int
"""A garment card: ``colour_index * 3 + piece`` (piece 0 hat, 1 coat, 2 pants)."""

DIRS: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
"""The four directions as (dx, dy)."""

DIR_NAMES: dict[str, str] = {"N": "north", "E": "east", "S": "south", "W": "west"}

#: Colour letters of the notation ("K" for black, so that it differs from blue).
COLOUR_LETTERS: dict[str, str] = {
    "red": "R",
    "yellow": "Y",
    "blue": "B",
    "green": "G",
    "black": "K",
}

PIECES: tuple[str, ...] = ("hat", "coat", "pants")


def perpendicular(a: str, b: str) -> bool:
    """True when directions ``a`` and ``b`` are at a right angle."""
    return (a in "NS") != (b in "NS")


@dataclass(frozen=True, slots=True)
class Pavilion:
    """One pavilion of the board."""

    number: int
    """1..8, as on the pavilion die."""
    colour: str
    """The colour of its garment cards."""
    cells: frozenset[Cell]
    """The fields it covers (obstacles unless it is the active pavilion entered through its door)."""
    threshold: Cell
    """The field in front of the door."""
    door: Cell
    """The pavilion field behind the door."""
    enter: str
    """The direction an official slides from the threshold to enter."""


@dataclass(frozen=True, slots=True)
class Stop:
    """Where one slide ends and why."""

    cell: Cell
    """The field where the official stands after the slide (its start field if it could not move)."""
    entered: bool
    """True when the slide went through the door of the active pavilion."""
    obstacle: str
    """What stopped it, in words ("a wall", "the official RK", "a dead end", ...)."""
    dead_end: bool
    """True when the slide ended in a dead end (the move ends there)."""


class Board:
    """The static board and the rules of sliding, built from the component data."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        # Long on purpose: builds the board's tables in one pass from the component data, step after step.
        grid = data["grid"]
        self.data = data
        """The raw component data (for provenance and the picture)."""
        self.width: int = int(grid["width"])
        self.height: int = int(grid["height"])
        self.pavilions: dict[int, Pavilion] = {}
        for p in data["pavilions"]:
            pav = Pavilion(
                number=int(p["number"]),
                colour=str(p["colour"]),
                cells=frozenset(self.cell(x, y) for x, y in p["cells"]),
                threshold=self.cell(*p["threshold"]),
                door=self.cell(*p["door_cell"]),
                enter=str(p["enter_moving"]),
            )
            self.pavilions[pav.number] = pav
        self.pavilion_at: dict[Cell, int] = {
            c: pav.number for pav in self.pavilions.values() for c in pav.cells
        }
        self.thresholds: dict[Cell, int] = {p.threshold: n for n, p in self.pavilions.items()}
        self.roofs: frozenset[Cell] = frozenset(self.cell(x, y) for x, y in data["roofs"])
        self.walls: frozenset[frozenset[Cell]] = frozenset(
            frozenset((self.cell(*a), self.cell(*b))) for a, b in data["walls"]
        )
        self.start_yellow: frozenset[Cell] = frozenset(
            self.cell(x, y) for x, y in data["start_fields_yellow"]
        )
        self.start_grey: frozenset[Cell] = frozenset(
            self.cell(x, y) for x, y in data["start_fields_grey_yellow"]
        )
        self.dead_ends: frozenset[Cell] = frozenset(
            self.cell(x, y) for x, y in data["dead_ends_derived"]
        )
        terrace = data["terrace_of_exile"]
        self.terrace_spaces: int = int(terrace["spaces"])
        self.phase_two_from: int = int(terrace["phase_two_from"])
        """The entry that exiles this many-th official (and every later one) takes all cards."""
        self.game_end_at: int = int(terrace["game_end_at"])
        officials = data["officials"]
        self.hat_colours: tuple[str, ...] = tuple(officials["hat_colours"])
        self.body_colours: tuple[str, ...] = tuple(officials["body_colours"])
        self.official_count = len(self.hat_colours) * len(self.body_colours)
        self.pavilion_faces: tuple[int, ...] = tuple(int(f) for f in data["pavilion_die"]["faces"])
        dice = data["fate_dice"]
        ordered = sorted(
            (int(v["roll_after_move"]), name, tuple(str(f) for f in v["faces"]))
            for name, v in dice.items()
            if isinstance(v, dict)
        )
        self.fate_dice: tuple[tuple[str, tuple[str, ...]], ...] = tuple(
            (name, faces) for _, name, faces in ordered
        )
        """(name, faces) of the fate dice in the order they are rolled (after move 1, 2, 3)."""
        self.max_moves: int = int(dice["max_moves_per_turn"])
        self.card_colours: tuple[str, ...] = tuple(
            self.pavilions[n].colour for n in sorted(self.pavilions)
        )
        """Garment colours by index; colour ``i`` belongs to pavilion ``i + 1``."""
        scoring = data["scoring"]
        self.score_single = int(scoring["single"])
        self.score_pair = int(scoring["two_same_colour"])
        self.score_suit = int(scoring["hat_coat_pants_three_colours"])
        self.score_triple = int(scoring["three_same_colour"])
        # Neighbour tables: -1 off the board. Kept as a flat tuple for speed.
        nb: list[int] = []
        for c in range(self.width * self.height):
            x, y = self.xy(c)
            for d in "NESW":
                dx, dy = DIRS[d]
                nx, ny = x + dx, y + dy
                nb.append(self.cell(nx, ny) if self.on_board(nx, ny) else -1)
        self._nb: tuple[int, ...] = tuple(nb)
        # Static step tables for fast slides: the next field when nothing but officials can stop
        # the step (-1 otherwise), and the pavilion whose door the step goes through (0: none).
        free: list[int] = []
        door: list[int] = []
        for c in range(self.width * self.height):
            for d in "NESW":
                blocked = self.static_obstacle(c, d, 0)
                free.append(-1 if blocked is not None else self.neighbour(c, d))
                entering = 0
                for num in self.pavilions:
                    if self.static_obstacle(c, d, num) == ("", True):
                        entering = num
                door.append(entering)
        self._free: tuple[int, ...] = tuple(free)
        self._door: tuple[int, ...] = tuple(door)
        self.initial: tuple[Cell, ...] = self._initial_positions()

    # -- coordinates ---------------------------------------------------------------------------

    def cell(self, x: int, y: int) -> Cell:
        """The cell index of column ``x``, row ``y``."""
        return y * self.width + x

    def xy(self, c: Cell) -> tuple[int, int]:
        """Column and row of a cell."""
        return c % self.width, c // self.width

    def on_board(self, x: int, y: int) -> bool:
        """True inside the grid."""
        return 0 <= x < self.width and 0 <= y < self.height

    def label(self, c: Cell) -> str:
        """A cell as players read it on the picture: column letter, row number (``"c5"``)."""
        x, y = self.xy(c)
        return f"{chr(ord('a') + x)}{y + 1}"

    def neighbour(self, c: Cell, d: str) -> Cell:
        """The adjacent cell in direction ``d``, or -1 off the board."""
        return self._nb[c * 4 + "NESW".index(d)]

    # -- officials and cards ---------------------------------------------------------------------

    def official_code(self, o: Official) -> str:
        """Two letters: hat colour, body colour (``"RK"``)."""
        n = len(self.body_colours)
        return COLOUR_LETTERS[self.hat_colours[o // n]] + COLOUR_LETTERS[self.body_colours[o % n]]

    def official_name(self, o: Official) -> str:
        """For sentences: ``"RK (red hat, black body)"``."""
        n = len(self.body_colours)
        hat, body = self.hat_colours[o // n], self.body_colours[o % n]
        return _("%(code)s (%(hat)s hat, %(body)s body)") % {
            "code": self.official_code(o),
            "hat": _(hat),
            "body": _(body),
        }

    def official_by_code(self, code: str) -> Official | None:
        """The official whose two letters are ``code`` (case-insensitive), or None."""
        code = code.upper()
        for o in range(self.official_count):
            if self.official_code(o) == code:
                return o
        return None

    def card_name(self, card: Card) -> str:
        """``"red-hat"``."""
        return f"{self.card_colours[card // 3]}-{PIECES[card % 3]}"

    def _initial_positions(self) -> tuple[Cell, ...]:
        # The data's proposal: hat colour = row of the start block, body colour = column.
        xs = sorted({self.xy(c)[0] for c in self.start_yellow})
        ys = sorted({self.xy(c)[1] for c in self.start_yellow})
        n = len(self.body_colours)
        cells = tuple(self.cell(xs[o % n], ys[o // n]) for o in range(self.official_count))
        if set(cells) != set(self.start_yellow):
            raise ValueError("the yellow start fields do not form a hat x body block")
        return cells

    # -- movement ---------------------------------------------------------------------------------

    def static_obstacle(self, c: Cell, d: str, active: int) -> tuple[str, bool] | None:
        """What blocks a step from ``c`` towards ``d`` regardless of officials.

        Returns None when the step is free, ``(reason, False)`` when blocked, and ``("", True)`` when
        the step enters the active pavilion ``active`` through its door.
        """
        n = self.neighbour(c, d)
        if n < 0:
            return (_("the edge of the board"), False)
        if frozenset((c, n)) in self.walls:
            return (_("a wall"), False)
        if n in self.roofs:
            return (_("a roof"), False)
        pav_no = self.pavilion_at.get(n)
        if pav_no is not None:
            pav = self.pavilions[pav_no]
            if pav_no == active and n == pav.door and c == pav.threshold and d == pav.enter:
                return ("", True)
            if pav_no == active:
                return (
                    _("the outer wall of the active pavilion %(num)d (enter through its door)")
                    % {"num": pav_no},
                    False,
                )
            return (
                _("pavilion %(num)d, which is not the active pavilion") % {"num": pav_no},
                False,
            )
        return None

    def slide(
        self,
        start: Cell,
        d: str,
        occupied: Mapping[Cell, Official] | frozenset[Cell] | set[Cell],
        active: int,
        *,
        max_steps: int = 0,
        names: Mapping[Cell, str] | None = None,
    ) -> Stop:
        """Slide from ``start`` towards ``d`` until an obstacle (``max_steps`` > 0 limits the steps).

        ``occupied`` holds the cells of the other officials (the moving one must not be in it);
        ``names`` their two letters, to word what stopped the slide (``obstacle``); without it
        (searches) the obstacle is left unworded.
        """
        di = "NESW".index(d)
        free = self._free
        dead = self.dead_ends
        cur = start
        steps = 0
        while True:
            nxt = free[cur * 4 + di]
            if nxt < 0:
                pav = self._door[cur * 4 + di]
                if pav and pav == active:
                    return Stop(self.pavilions[active].door, True, "", False)
                # The reason is only worded for error messages (names given), not in searches.
                blocked = self.static_obstacle(cur, d, active) if names is not None else None
                return Stop(cur, False, blocked[0] if blocked else "", False)
            if nxt in occupied:
                if names is None:
                    return Stop(cur, False, "", False)
                code = names.get(nxt)
                who = _("the official %(code)s") % {"code": code} if code else _("another official")
                return Stop(cur, False, who, False)
            cur = nxt
            steps += 1
            if cur in dead:
                return Stop(cur, False, _("a dead end") if names is not None else "", True)
            if max_steps and steps >= max_steps:
                why = _("the one-step limit of a start field") if names is not None else ""
                return Stop(cur, False, why, False)

    def slide_end(self, start: Cell, di: int, occupied: set[Cell], active: int) -> Cell:
        """Fast slide for searches: the end field, -1 on entering ``active``, -2 for no progress.

        ``di`` indexes ``"NESW"``. A dead end counts as an ordinary end field here.
        """
        free = self._free
        dead = self.dead_ends
        cur = start
        while True:
            nxt = free[cur * 4 + di]
            if nxt < 0:
                if active and self._door[cur * 4 + di] == active:
                    return -1
                return cur if cur != start else -2
            if nxt in occupied:
                return cur if cur != start else -2
            cur = nxt
            if cur in dead:
                return cur

    def slide_ends(self, occupied: set[Cell], active: int) -> list[Cell]:
        """:meth:`slide_end` of every field in every direction at once (index ``cell * 4 +
        di``): a slide that does not stop at once ends where the slide from the next field in
        its direction ends, so each field is looked at once a direction, the next field first."""
        reach = [0] * len(self._free)  # the end of a slide that may stop at once
        out = [0] * len(self._free)
        for c, k, nxt, door in self._sweep:
            if nxt < 0:
                end = -1 if active and door == active else c
            elif nxt in occupied:
                end = c
            else:
                end = reach[nxt * 4 + k % 4]
            reach[k] = end
            out[k] = -2 if end == c else end
        return out

    @functools.cached_property
    def _sweep(self) -> tuple[tuple[Cell, int, Cell, int], ...]:
        """(field, index ``field * 4 + di``, the next free field or -1, the pavilion whose door
        the step goes through) for every direction, each field after the next one in its
        direction (:meth:`slide_ends`)."""
        rows, cols = range(self.height), range(self.width)
        orders = {
            0: [(x, y) for y in rows for x in cols],  # N: the row above first
            1: [(x, y) for x in reversed(cols) for y in rows],  # E: the column to the east first
            2: [(x, y) for y in reversed(rows) for x in cols],  # S
            3: [(x, y) for x in cols for y in rows],  # W
        }
        out = []
        for di, order in orders.items():
            for x, y in order:
                c = self.cell(x, y)
                k = c * 4 + di
                out.append((c, k, self._free[k], self._door[k]))
        return tuple(out)

    def step_end(self, start: Cell, di: int, occupied: set[Cell], active: int) -> Cell:
        """The one-step move of a start field, for searches: the field it ends on, -1 on entering
        ``active``, -2 when blocked (:meth:`slide` with ``max_steps=1``, unworded)."""
        nxt = self._free[start * 4 + di]
        if nxt < 0:
            return -1 if active and self._door[start * 4 + di] == active else -2
        return -2 if nxt in occupied else nxt

    def is_start_field(self, c: Cell) -> bool:
        """Yellow or grey/yellow start field (the one-step move is allowed from there)."""
        return c in self.start_yellow or c in self.start_grey

    def derived_dead_ends(self) -> frozenset[Cell]:
        """Cells closed on three sides by walls, roofs, pavilions or the edge (checks the data)."""
        out = set()
        for c in range(self.width * self.height):
            if c in self.roofs or c in self.pavilion_at:
                continue
            closed = sum(1 for d in "NESW" if self.static_obstacle(c, d, 0) is not None)
            if closed == 3:
                out.add(c)
        return frozenset(out)


def load_components() -> dict[str, Any]:
    """The component data shipped in this package."""
    text = resources.files(__package__).joinpath("data/components.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def board_picture() -> str:
    """The reconstructed board as drawn in the data folder (for people checking the data)."""
    return resources.files(__package__).joinpath("data/board.txt").read_text("utf-8")


@functools.cache
def default_board() -> Board:
    """The board of the shipped data file (loaded once)."""
    return Board(load_components())
