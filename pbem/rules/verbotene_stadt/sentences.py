"""Die Verbotene Stadt's events in plain sentences (mails, HISTORY, ``pbem play``).

One function per event kind, each a complete sentence built from the event's data; never a Python
repr. Older logs may hold events of an earlier shape (``extra-turn``, a ``no-card`` with only a
reason): they are described too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pbem.rules.base import Event, plain_sentence
from pbem.rules.verbotene_stadt.board import DIR_NAMES, Board

Data = Mapping[str, Any]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _card(name: object) -> str:
    """``red-hat`` -> ``red hat``."""
    return str(name).replace("-", " ")


def _join(items: Sequence[str]) -> str:
    if not items:
        return ""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class Describer:
    """Sentences for one board (its dice and terrace sizes) and the seat names of one game."""

    def __init__(self, board: Board, names: Sequence[str]) -> None:
        self.board = board
        self.names = list(names)

    def who(self, seat: object) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return f"seat {seat}"

    def mover_of(self, d: Data) -> str:
        """The active player of a fate-die roll (older events name only the roller)."""
        if "seat" in d:
            return self.who(d["seat"])
        roller = d.get("roller")
        if isinstance(roller, int) and self.names:
            return self.who((roller - 1) % len(self.names))
        return "the active player"

    def describe(self, event: Event) -> str:
        fn = _KINDS.get(event.kind)
        if fn is None:
            return plain_sentence(event.kind, event.data, self.names)
        return fn(self, event.data)

    # -- the turn ----------------------------------------------------------------------------------

    def selected(self, d: Data) -> str:
        return f"{self.who(d.get('seat'))} made a secret bribe selection."

    def selection(self, d: Data) -> str:
        return f"Your secret bribe selection is now {d.get('official')} (only you see this)."

    def start_rolls(self, d: Data) -> str:
        rolls = [f"{self.who(r[0])} {r[1]}" for r in d.get("rolls", []) if len(r) == 2]
        return (
            f"To find the start player each player in turn rolled the {d.get('die')} fate "
            f"die until one rolled red: {_join(rolls)}."
        )

    def start_player(self, d: Data) -> str:
        return f"{self.who(d.get('seat'))} rolled red first and starts."

    def pavilion_die(self, d: Data) -> str:
        left = d.get("cards_left")
        cards = "it is empty" if left == 0 else f"{_plural(int(left or 0), 'card')} in it"
        return (
            f"{self.who(d.get('roller'))} rolled the pavilion die: pavilion {d.get('face')} is "
            f"now the active one ({cards})."
        )

    def turn(self, d: Data) -> str:
        return f"It is {self.who(d.get('seat'))}'s turn (at most {self.board.max_moves} moves)."

    def turn_over(self, d: Data) -> str:
        return f"{self.who(d.get('seat'))}'s turn is over."

    def no_move(self, d: Data) -> str:
        return f"{self.who(d.get('seat'))} cannot move any official, so the turn passes."

    def extra_move(self, d: Data) -> str:
        return (
            f"{self.who(d.get('seat'))} makes one extra move for the successful bluff; no "
            "fate die follows it."
        )

    def extra_turn(self, d: Data) -> str:
        return f"{self.who(d.get('seat'))} takes another turn for the successful bluff."

    def _path(self, d: Data) -> str:
        words = [DIR_NAMES.get(str(x), str(x)) for x in d.get("path", [])]
        return ", then ".join(words)

    def moved(self, d: Data) -> str:
        who, off = self.who(d.get("seat")), d.get("official")
        if d.get("step"):
            return (
                f"{who} moved {off} one field {self._path(d)}, from {d.get('from')} to "
                f"{d.get('to')}."
            )
        return f"{who} slid {off} {self._path(d)}, from {d.get('from')} to {d.get('to')}."

    def fate_die(self, d: Data) -> str:
        mover = self.mover_of(d)
        roller = self.who(d.get("roller"))
        face = str(d.get("face", ""))
        head = f"{roller} rolled the {d.get('die')} fate die for {mover}: "
        if face.startswith("black"):
            return head + f"black, so {mover}'s turn is over."
        if "pavilion" in face:
            return (
                head + f"red with the pavilion symbol, so the pavilion die is rolled again and "
                f"{mover} moves again."
            )
        if "dragon" in face:
            return (
                head + f"red with the dragon, so {roller} takes one card of their choice from "
                f"any other player, and {mover} moves again."
            )
        return head + f"red, so {mover} moves again."

    # -- entering a pavilion -----------------------------------------------------------------------

    def entered(self, d: Data) -> str:
        who = self.who(d.get("seat"))
        how = (
            "without showing the selector (a claim)"
            if d.get("mode") == "claim"
            else "and shows the selector"
        )
        slide = f" ({self._path(d)})" if d.get("path") else ""
        return (
            f"{who} moved {d.get('official')} from {d.get('from')}{slide} into the active "
            f"pavilion {d.get('pavilion')} {how}."
        )

    def exiled(self, d: Data) -> str:
        return (
            f"{d.get('official')} goes to the Terrace of Exile ({d.get('count')} of "
            f"{self.board.game_end_at})."
        )

    def phase_two(self, d: Data) -> str:
        return (
            f"{d.get('count')} officials are on the Terrace of Exile: from now on an entry "
            "takes all the cards left in the pavilion, and an empty pavilion all cards of "
            "its colour that other players hold."
        )

    def revealed(self, d: Data) -> str:
        return f"{self.who(d.get('seat'))} shows the selector: {d.get('official')}."

    def no_card(self, d: Data) -> str:
        if "official" in d:
            return (
                f"Nobody takes a card: {d.get('official')} was not on "
                f"{self.who(d.get('seat'))}'s selector. The cards stay in the pavilion."
            )
        return "Nobody takes a card; the cards stay in the pavilion."

    def card(self, d: Data) -> str:
        to, card, source = self.who(d.get("to")), _card(d.get("card")), d.get("source")
        if source == "pavilion":
            return f"{to} takes the {card} from the pavilion."
        victim = self.who(d.get("from"))
        why = {
            "dragon": "for the dragon",
            "penalty": "as the penalty",
            "empty-pavilion": "because the pavilion is empty",
        }.get(str(source), f"({source})")
        return f"{to} takes the {card} from {victim} {why}."

    def nothing_to_take(self, d: Data) -> str:
        why = {
            "dragon": "no other player holds a card",
            "penalty": "the punished player holds no card",
            "empty-pavilion": "no other player holds a card of the empty pavilion's colour",
        }.get(str(d.get("reason")), str(d.get("reason")).replace("-", " "))
        return f"{self.who(d.get('seat'))} takes nothing: {why}."

    # -- claims and bluffs -------------------------------------------------------------------------

    def claimed(self, d: Data) -> str:
        who = self.who(d.get("seat"))
        asked = [self.who(s) for s in d.get("ask", [])]
        ask = f"Asked in turn to believe or doubt: {_join(asked)}." if asked else "Nobody is asked."
        return f"{who} claims that {d.get('official')} is the official on their selector. {ask}"

    def believed(self, d: Data) -> str:
        return f"{self.who(d.get('seat'))} believes the claim."

    def doubted(self, d: Data) -> str:
        return f"{self.who(d.get('seat'))} doubts the claim."

    def outcome(self, d: Data) -> str:
        mover, doubter = self.who(d.get("mover")), self.who(d.get("doubter"))
        result = d.get("result")
        if result == "believed-honest":
            return f"Everybody believed, and {mover} had not bluffed: the card goes as for an open entry."
        if result == "bluff-succeeded":
            return (
                f"Everybody believed, but {mover} had bluffed: a successful bluff. {mover} "
                "takes the pavilion's card and makes one more move (unless the game ends)."
            )
        if result == "doubter-punished":
            return (
                f"{doubter} doubted, but {mover} had not bluffed: {doubter} is punished, and "
                f"{mover} takes one card of their choice from {doubter}."
            )
        if result == "bluff-failed":
            return (
                f"{doubter} doubted, and {mover} had bluffed: {doubter} takes the pavilion's "
                f"card and one card of their choice from {mover}."
            )
        return f"The claim is settled ({str(result).replace('-', ' ')})."

    # -- after an entry, and the end ---------------------------------------------------------------

    def reselect(self, d: Data) -> str:
        return (
            "Every player may now select a new official or keep their selection (a player "
            "whose official was just exiled must select a new one)."
        )

    def must_reselect(self, d: Data) -> str:
        return (
            f"Your official {d.get('official')} was exiled: select a new one (only you see this)."
        )

    def reselected(self, d: Data) -> str:
        return f"{self.who(d.get('seat'))} made a new secret selection."

    def kept(self, d: Data) -> str:
        return f"{self.who(d.get('seat'))} keeps their selection."

    def game_over(self, d: Data) -> str:
        if d.get("blocked"):
            head = "Game over: no official can move any more."
        else:
            head = f"Game over: official number {d.get('exiled')} reached the Terrace of Exile."
        picks = [f"{self.who(i)} {o}" for i, o in enumerate(d.get("selections", [])) if o]
        out = head + (f" The last selections: {_join(picks)}." if picks else "")
        scores = d.get("scores")
        if isinstance(scores, list) and scores:
            out += " Scores: " + _join([f"{self.who(i)} {s}" for i, s in enumerate(scores)]) + "."
        return out


_KINDS: dict[str, Callable[[Describer, Data], str]] = {
    "selected": Describer.selected,
    "selection": Describer.selection,
    "start-rolls": Describer.start_rolls,
    "start-player": Describer.start_player,
    "pavilion-die": Describer.pavilion_die,
    "turn": Describer.turn,
    "turn-over": Describer.turn_over,
    "no-move": Describer.no_move,
    "extra-move": Describer.extra_move,
    "extra-turn": Describer.extra_turn,
    "moved": Describer.moved,
    "fate-die": Describer.fate_die,
    "entered": Describer.entered,
    "exiled": Describer.exiled,
    "phase-two": Describer.phase_two,
    "revealed": Describer.revealed,
    "no-card": Describer.no_card,
    "card": Describer.card,
    "nothing-to-take": Describer.nothing_to_take,
    "claimed": Describer.claimed,
    "believed": Describer.believed,
    "doubted": Describer.doubted,
    "outcome": Describer.outcome,
    "reselect": Describer.reselect,
    "must-reselect": Describer.must_reselect,
    "reselected": Describer.reselected,
    "kept": Describer.kept,
    "game-over": Describer.game_over,
}
"""Every event kind the engine emits (and the older ``extra-turn``)."""

KNOWN_KINDS: frozenset[str] = frozenset(_KINDS)


def describe_event(board: Board, event: Event, names: Sequence[str]) -> str:
    """One or two sentences for ``event``; ``names`` are the seat names of the game."""
    return Describer(board, names).describe(event)
