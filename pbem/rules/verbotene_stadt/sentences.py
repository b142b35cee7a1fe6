"""Die Verbotene Stadt's events in plain sentences (mails, HISTORY, ``pbem play``).

One function per event kind, each a complete sentence built from the event's data; never a Python
repr. Older logs may hold events of an earlier shape (``extra-turn``, a ``no-card`` with only a
reason): they are described too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from pbem.i18n import N_, _, current, ngettext, pgettext
from pbem.rules.base import Event, JSONValue, json_int, json_list, plain_sentence
from pbem.rules.verbotene_stadt.board import DIR_NAMES, Board

Data = Mapping[str, JSONValue]

CARD_COLOURS = (N_("red"), N_("orange"), N_("yellow"), N_("purple"), N_("blue"), N_("turquoise"),
                N_("green"), N_("pink"), N_("black"))  # fmt: skip
"""Colour words of the board's data (pavilions, garment cards, officials' hats and bodies)."""

CARD_WORDS = {
    "red-hat": N_("red hat"), "red-coat": N_("red coat"), "red-pants": N_("red pants"),
    "orange-hat": N_("orange hat"), "orange-coat": N_("orange coat"),
    "orange-pants": N_("orange pants"),
    "yellow-hat": N_("yellow hat"), "yellow-coat": N_("yellow coat"),
    "yellow-pants": N_("yellow pants"),
    "purple-hat": N_("purple hat"), "purple-coat": N_("purple coat"),
    "purple-pants": N_("purple pants"),
    "blue-hat": N_("blue hat"), "blue-coat": N_("blue coat"), "blue-pants": N_("blue pants"),
    "turquoise-hat": N_("turquoise hat"), "turquoise-coat": N_("turquoise coat"),
    "turquoise-pants": N_("turquoise pants"),
    "green-hat": N_("green hat"), "green-coat": N_("green coat"),
    "green-pants": N_("green pants"),
    "pink-hat": N_("pink hat"), "pink-coat": N_("pink coat"), "pink-pants": N_("pink pants"),
}  # fmt: skip
"""A garment card's name in prose (a whole phrase: the colour agrees with the piece)."""

DICE = {"small": N_("the small fate die"), "medium": N_("the medium fate die"),
        "large": N_("the large fate die")}  # fmt: skip
FACES = {"black": N_("black"), "red": N_("red")}


def colour(name: object) -> str:
    """A colour word of the data in the current language (an unknown one as it is)."""
    return _(str(name)) if str(name) in CARD_COLOURS else str(name)


def card(name: object) -> str:
    """``red-hat`` -> ``red hat`` (in the current language)."""
    text = str(name)
    word = CARD_WORDS.get(text)
    if word is not None:
        return _(word)
    return text.replace("-", " ")


def card_label(name: str) -> str:
    """A card as the player panel lists it: its notation in English (``red-hat``, what ``take``
    is written with), the card's name in the other languages."""
    return name if current() == "en" or name not in CARD_WORDS else card(name)


def direction(d: object) -> str:
    """``N`` -> ``north``: a direction on the board (``"directly north of it"``)."""
    word = DIR_NAMES.get(str(d))
    return _(word) if word else str(d)


def heading(d: object) -> str:
    """``N`` -> ``north``: the direction of a slide (French "vers le nord")."""
    # Written out so that the extraction finds each one.
    if d == "N":
        return pgettext("slide", "north")
    if d == "E":
        return pgettext("slide", "east")
    if d == "S":
        return pgettext("slide", "south")
    if d == "W":
        return pgettext("slide", "west")
    return str(d)


def join(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if not items:
        return ""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + _(" and ") + items[-1]


class Describer:
    """Sentences for one board (its dice and terrace sizes) and the seat names of one game."""

    # Long on purpose: one short method per event kind of the game (28), each sentence whole for
    # the translators.

    def __init__(self, board: Board, names: Sequence[str]) -> None:
        self.board = board
        self.names = list(names)

    def who(self, seat: object) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return _("seat %(num)s") % {"num": seat}

    def mover_of(self, d: Data) -> str:
        """The active player of a fate-die roll (older events name only the roller)."""
        if "seat" in d:
            return self.who(d["seat"])
        roller = d.get("roller")
        if isinstance(roller, int) and self.names:
            return self.who((roller - 1) % len(self.names))
        return _("the active player")

    def describe(self, event: Event) -> str:
        fn = _KINDS.get(event.kind)
        if fn is None:
            return plain_sentence(event.kind, event.data, self.names)
        return fn(self, event.data)

    @staticmethod
    def die(name: object) -> str:
        phrase = DICE.get(str(name))
        return _(phrase) if phrase else _("the %(die)s fate die") % {"die": name}

    # -- the turn ----------------------------------------------------------------------------------

    def selected(self, d: Data) -> str:
        return _("%(who)s made a secret bribe selection.") % {"who": self.who(d.get("seat"))}

    def selection(self, d: Data) -> str:
        return _("Your secret bribe selection is now %(official)s (only you see this).") % {
            "official": d.get("official")
        }

    def start_rolls(self, d: Data) -> str:
        rolls = [
            f"{self.who(r[0])} {_(FACES[r[1]]) if r[1] in FACES else r[1]}"
            for r in map(json_list, json_list(d.get("rolls", [])))
            if len(r) == 2
        ]
        return _(
            "To find the start player each player in turn rolled %(die)s until one rolled red: "
            "%(rolls)s."
        ) % {"die": self.die(d.get("die")), "rolls": join(rolls)}

    def start_player(self, d: Data) -> str:
        return _("%(who)s rolled red first and starts.") % {"who": self.who(d.get("seat"))}

    def pavilion_die(self, d: Data) -> str:
        left = json_int(d.get("cards_left") or 0)
        args = {"who": self.who(d.get("roller")), "face": d.get("face"), "num": left}
        if d.get("cards_left") == 0:
            return (
                _(
                    "%(who)s rolled the pavilion die: pavilion %(face)s is now the active one "
                    "(it is empty)."
                )
                % args
            )
        return (
            ngettext(
                "%(who)s rolled the pavilion die: pavilion %(face)s is now the active one "
                "(%(num)d card in it).",
                "%(who)s rolled the pavilion die: pavilion %(face)s is now the active one "
                "(%(num)d cards in it).",
                left,
            )
            % args
        )

    def turn(self, d: Data) -> str:
        return _("It is %(who)s's turn (at most %(num)d moves).") % {
            "who": self.who(d.get("seat")),
            "num": self.board.max_moves,
        }

    def turn_over(self, d: Data) -> str:
        return _("%(who)s's turn is over.") % {"who": self.who(d.get("seat"))}

    def no_move(self, d: Data) -> str:
        return _("%(who)s cannot move any official, so the turn passes.") % {
            "who": self.who(d.get("seat"))
        }

    def extra_move(self, d: Data) -> str:
        return _(
            "%(who)s makes one extra move for the successful bluff; no fate die follows it."
        ) % {"who": self.who(d.get("seat"))}

    def extra_turn(self, d: Data) -> str:
        return _("%(who)s takes another turn for the successful bluff.") % {
            "who": self.who(d.get("seat"))
        }

    def _path(self, d: Data) -> str:
        words = [heading(x) for x in json_list(d.get("path", []))]
        out = words[0] if words else ""
        for w in words[1:]:
            out = _("%(path)s, then %(direction)s") % {"path": out, "direction": w}
        return out

    def moved(self, d: Data) -> str:
        args = {
            "who": self.who(d.get("seat")),
            "official": d.get("official"),
            "path": self._path(d),
            "from": d.get("from"),
            "to": d.get("to"),
        }
        if d.get("step"):
            return (
                _("%(who)s moved %(official)s one field %(path)s, from %(from)s to %(to)s.") % args
            )
        return _("%(who)s slid %(official)s %(path)s, from %(from)s to %(to)s.") % args

    def fate_die(self, d: Data) -> str:
        mover = self.mover_of(d)
        roller = self.who(d.get("roller"))
        face = str(d.get("face", ""))
        args = {"roller": roller, "die": self.die(d.get("die")), "mover": mover}
        if face.startswith("black"):
            text = _("%(roller)s rolled %(die)s for %(mover)s: black, so %(mover)s's turn is over.")
        elif "pavilion" in face:
            text = _(
                "%(roller)s rolled %(die)s for %(mover)s: red with the pavilion symbol, so the "
                "pavilion die is rolled again and %(mover)s moves again."
            )
        elif "dragon" in face:
            text = _(
                "%(roller)s rolled %(die)s for %(mover)s: red with the dragon, so %(roller)s "
                "takes one card of their choice from any other player, and %(mover)s moves again."
            )
        else:
            text = _("%(roller)s rolled %(die)s for %(mover)s: red, so %(mover)s moves again.")
        return text % args

    # -- entering a pavilion -----------------------------------------------------------------------

    def entered(self, d: Data) -> str:
        args = {
            "who": self.who(d.get("seat")),
            "official": d.get("official"),
            "from": d.get("from"),
            "path": f" ({self._path(d)})" if d.get("path") else "",
            "pavilion": d.get("pavilion"),
        }
        if d.get("mode") == "claim":
            return (
                _(
                    "%(who)s moved %(official)s from %(from)s%(path)s into the active pavilion "
                    "%(pavilion)s without showing the selector (a claim)."
                )
                % args
            )
        return (
            _(
                "%(who)s moved %(official)s from %(from)s%(path)s into the active pavilion "
                "%(pavilion)s and shows the selector."
            )
            % args
        )

    def exiled(self, d: Data) -> str:
        return _("%(official)s goes to the Terrace of Exile (%(count)s of %(end)d).") % {
            "official": d.get("official"),
            "count": d.get("count"),
            "end": self.board.game_end_at,
        }

    def phase_two(self, d: Data) -> str:
        return _(
            "%(count)s officials are on the Terrace of Exile: from now on an entry takes all the "
            "cards left in the pavilion, and an empty pavilion all cards of its colour that "
            "other players hold."
        ) % {"count": d.get("count")}

    def revealed(self, d: Data) -> str:
        return _("%(who)s shows the selector: %(official)s.") % {
            "who": self.who(d.get("seat")),
            "official": d.get("official"),
        }

    def no_card(self, d: Data) -> str:
        if "official" in d:
            return _(
                "Nobody takes a card: %(official)s was not on %(who)s's selector. The cards "
                "stay in the pavilion."
            ) % {"official": d.get("official"), "who": self.who(d.get("seat"))}
        return _("Nobody takes a card; the cards stay in the pavilion.")

    def card(self, d: Data) -> str:
        args = {"to": self.who(d.get("to")), "card": card(d.get("card")),
                "from": self.who(d.get("from")), "source": d.get("source")}  # fmt: skip
        source = str(d.get("source"))
        if source == "pavilion":
            return _("%(to)s takes the %(card)s from the pavilion.") % args
        if source == "dragon":
            return _("%(to)s takes the %(card)s from %(from)s for the dragon.") % args
        if source == "penalty":
            return _("%(to)s takes the %(card)s from %(from)s as the penalty.") % args
        if source == "empty-pavilion":
            return (
                _("%(to)s takes the %(card)s from %(from)s because the pavilion is empty.") % args
            )
        return _("%(to)s takes the %(card)s from %(from)s (%(source)s).") % args

    def nothing_to_take(self, d: Data) -> str:
        reason = str(d.get("reason"))
        who = {"who": self.who(d.get("seat"))}
        if reason == "dragon":
            return _("%(who)s takes nothing: no other player holds a card.") % who
        if reason == "penalty":
            return _("%(who)s takes nothing: the punished player holds no card.") % who
        if reason == "empty-pavilion":
            return (
                _(
                    "%(who)s takes nothing: no other player holds a card of the empty "
                    "pavilion's colour."
                )
                % who
            )
        return _("%(who)s takes nothing: %(why)s.") % {**who, "why": reason.replace("-", " ")}

    # -- claims and bluffs -------------------------------------------------------------------------

    def claimed(self, d: Data) -> str:
        asked = [self.who(s) for s in json_list(d.get("ask", []))]
        ask = (
            _("Asked in turn to believe or doubt: %(players)s.") % {"players": join(asked)}
            if asked
            else _("Nobody is asked.")
        )
        return _("%(who)s claims that %(official)s is the official on their selector.") % {
            "who": self.who(d.get("seat")),
            "official": d.get("official"),
        } + (" " + ask)

    def believed(self, d: Data) -> str:
        return _("%(who)s believes the claim.") % {"who": self.who(d.get("seat"))}

    def doubted(self, d: Data) -> str:
        return _("%(who)s doubts the claim.") % {"who": self.who(d.get("seat"))}

    def outcome(self, d: Data) -> str:
        args = {"mover": self.who(d.get("mover")), "doubter": self.who(d.get("doubter"))}
        result = d.get("result")
        if result == "believed-honest":
            return (
                _(
                    "Everybody believed, and %(mover)s had not bluffed: the card goes as for an "
                    "open entry."
                )
                % args
            )
        if result == "bluff-succeeded":
            return (
                _(
                    "Everybody believed, but %(mover)s had bluffed: a successful bluff. %(mover)s "
                    "takes the pavilion's card and makes one more move (unless the game ends)."
                )
                % args
            )
        if result == "doubter-punished":
            return (
                _(
                    "%(doubter)s doubted, but %(mover)s had not bluffed: %(doubter)s is punished, "
                    "and %(mover)s takes one card of their choice from %(doubter)s."
                )
                % args
            )
        if result == "bluff-failed":
            return (
                _(
                    "%(doubter)s doubted, and %(mover)s had bluffed: %(doubter)s takes the "
                    "pavilion's card and one card of their choice from %(mover)s."
                )
                % args
            )
        return _("The claim is settled (%(result)s).") % {"result": str(result).replace("-", " ")}

    # -- after an entry, and the end ---------------------------------------------------------------

    def reselect(self, d: Data) -> str:
        return _(
            "Every player may now select a new official or keep their selection (a player "
            "whose official was just exiled must select a new one)."
        )

    def must_reselect(self, d: Data) -> str:
        return _("Your official %(official)s was exiled: select a new one (only you see this).") % {
            "official": d.get("official")
        }

    def reselected(self, d: Data) -> str:
        return _("%(who)s made a new secret selection.") % {"who": self.who(d.get("seat"))}

    def kept(self, d: Data) -> str:
        return _("%(who)s keeps their selection.") % {"who": self.who(d.get("seat"))}

    def game_over(self, d: Data) -> str:
        if d.get("blocked"):
            out = _("Game over: no official can move any more.")
        else:
            out = _("Game over: official number %(num)s reached the Terrace of Exile.") % {
                "num": d.get("exiled")
            }
        picks = [
            f"{self.who(i)} {o}" for i, o in enumerate(json_list(d.get("selections", []))) if o
        ]
        if picks:
            out += " " + _("The last selections: %(picks)s.") % {"picks": join(picks)}
        scores = d.get("scores")
        if isinstance(scores, list) and scores:
            each = join([f"{self.who(i)} {s}" for i, s in enumerate(scores)])
            out += " " + _("Scores: %(scores)s.") % {"scores": each}
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
