"""The :class:`pbem.rules.base.Game` object of *Die Verbotene Stadt* (``GAME``)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

import msgspec

from pbem.i18n import N_, _
from pbem.rules.base import (
    BoardPicture,
    BotOf,
    Decision,
    Event,
    GameDefaults,
    NotYourDecision,
    OptionSpec,
    Result,
    RuleError,
    Seat,
    check_options,
    derive_rng,
)
from pbem.rules.verbotene_stadt import engine, hidden, notation, render, sentences, views
from pbem.rules.verbotene_stadt.board import Board, default_board
from pbem.rules.verbotene_stadt.render import _awaited as awaited
from pbem.rules.verbotene_stadt.scoring import ScoreTable, best_score
from pbem.rules.verbotene_stadt.sentences import colour as colour_word
from pbem.rules.verbotene_stadt.state import (
    RULINGS_BEFORE,
    RULINGS_NOW,
    Action,
    Answer,
    Keep,
    Move,
    Select,
    State,
    Take,
)

_ENCODER = msgspec.json.Encoder(order="deterministic")
_DECODER = msgspec.json.Decoder(State)

HELP = N_("""\
DIE VERBOTENE STADT: THE GAME IN SHORT

Goal: collect garment cards (hat, coat, pants in 8 colours) with the
help of officials you bribe in secret. Most points wins.

Your turn: move an official (any one), then your left neighbour's
fate die decides: black ends your turn, red gives another move (the
small die after move 1, medium after 2, large after 3; at most 4
moves). Red with a pavilion: the pavilion die is rolled again. Red
with a dragon: the roller takes a card from any other player.

Entering the active pavilion (the one the pavilion die shows) ends
your turn and sends the official to the Terrace of Exile. The card:
- you bribed it, nobody else did: you take the topmost card;
- nobody bribed it, or one other player did: nobody takes a card
  (and that other player's bribe stays secret);
- two or more players bribed it: they all show their selection, and
  the one farthest from you in turn order takes the card.
Once you and another player hold a card you may claim an entry
without showing your selector (a bluff, or not). Players holding a
card are asked in turn; the first doubt settles it:
  all believe, honest: as above (the bribe rule decides the card);
  all believe, bluff:  you take the card and make ONE more move,
                       with no fate die after it;
  a doubt, honest:     as above, and you take one card of your
                       choice from the doubter;
  a doubt, bluff:      the doubter takes the card and one of yours.
An empty pavilion: take one card of its colour from another player.
After every entry everybody may select anew (must, if their official
was exiled). From the 11th exile on an entry takes ALL cards left
(empty pavilion: all cards of its colour). The 15th exile ends it.

Scoring: each card counts once, your best grouping is taken:
a single card 1; two of one colour 4; hat, coat and pants in three
different colours 6; all three of one colour 10.

COMMANDS

Officials are two letters, hat colour then body colour:
R red, Y yellow, B blue, G green, K black. RK = red hat, black body.
Directions: N E S W (or north east south west).

Your move (when it is your turn):
  RK N           slide RK north as far as it goes
  RK N E         slide north, then once more at a right angle (east)
  RK north east  the same in words; RK NE also works
  RK step N      one field only (an official still on a start field)
  A move that enters the active pavilion may end in:
  GB S reveal    show your selector (the default for your own official)
  GB S claim     do not show it: the others believe or doubt (bluff)

Your secret selection (at the start, and after every entry):
  select GB      bribe the official with green hat, blue body
  keep           keep your selection (not if your official was exiled)

When someone claims an entry (players holding a card are asked):
  believe        you accept the claim
  doubt          you challenge it; the first doubter settles it

Taking a card (empty pavilion, a penalty, or the dragon die):
  take east red-hat    take East's red hat (player and card)

Players are North, East, South, West in turn order (N, E, S, W or
1-4 also work in take). Capitals do not matter.
""")


PLAN_HELP = N_("""\
A WHOLE TURN IN ONE REPLY, AND STANDING ORDERS

  RK N; BG E W; RK S   your slides in order, on one line (THEN works
                       too: RK N then BG E). They are played one after
                       another while the fate dice let your turn go on;
                       what the dice cut off is dropped, and a slide
                       that is no longer legal stops the plan there.
                       The mail says what was played. #N guards the
                       first slide.
  PREVIEW RK N; BG E   what the plan would do if the dice let it go on

Standing orders, set once, answer the decisions that come back again
and again (only you see them; the game's rule decides at a deadline):
  STANDING CLAIM BELIEVE      (or DOUBT, or ASK) others' claims
  STANDING STEAL EAST SOUTH   take a card from East first, else South
                              (or STEAL ASK)
  STANDING RESELECT KEEP      keep your selection after an entry (or
                              NEAREST: the official nearest to the
                              active pavilion; or ASK)
  STANDING OFF                ask me everything again
  STANDING                    show my standing orders
Several orders fit on one line: STANDING CLAIM BELIEVE RESELECT KEEP.
""")


STEER_HELP = N_("""\
A MOVE TOWARD THE ACTIVE PAVILION (IT HOLDS WHEN THE PAVILION CHANGES)

  RK pavilion    RK toward the active pavilion, read when it is
                 played: into it if it can enter (your own official
                 shows your selector; RK pavilion claim bluffs), else
                 the move that leaves RK the fewest slides from
                 entering, then the one ending nearest its threshold.
                 If no move brings RK nearer, it is refused (a plan
                 stops there and you are asked).
  RK pavilion; RK pavilion; BG E
                 a plan: after a fate die's pavilion symbol the next
                 RK pavilion heads for the new pavilion (a slide with
                 directions is played as written).
  NEXT RK pavilion; RK pavilion
                 your next turn, whatever happens before it.
The words pavilion, pavillon, padiglione and Pavillon all work.
""")


DOOR_HELP = N_("""\
A HELPER'S MOVE TOWARD THE DOOR (IT HOLDS WHEN THE BOARD CHANGES)

  BG door        BG toward a field beside the active pavilion's
                 threshold, read when it is played: an official
                 standing there stops the others on the threshold, so
                 that they can turn in. The move that ends there, else
                 the one that leaves BG the fewest slides from there.
                 Refused when an official already stands beside the
                 door or no move brings BG nearer (a plan stops there,
                 or plays STANDING BLOCKED PAVILION's move instead).
  RK pavilion; BG door; RK pavilion
                 a plan: your official, a helper, your official again.
The words door, porte, porta and Tuer all work.
""")


class VerboteneStadt(GameDefaults[State, Action, render.View]):
    """Die Verbotene Stadt (Randolph & Ruettinger, Ravensburger 1992) as a pbem game."""

    # Long on purpose: the plugin implements the whole game protocol; each member is short and delegates to the engine, board and notation.

    name: ClassVar[str] = "verbotene-stadt"
    title: ClassVar[str] = "Die Verbotene Stadt (Randolph & Ruettinger 1992)"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    private_part: ClassVar[str] = "bribe selection"
    """What each player keeps secret: the official set on their Confidential Bribe Selector."""
    decision_kinds: ClassVar[tuple[str, ...]] = (
        "select",
        "move",
        "believe-or-doubt",
        "take-card",
        "steal",
        "reselect",
    )
    """Every kind of :class:`Decision` this game asks for (deadlines are set per kind)."""
    preview_safe: ClassVar[frozenset[str]] = frozenset({"moved", "entered", "exiled", "phase-two"})
    options: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "moves",
            ("right-angle-once", "unlimited"),
            "right-angle-once",
            "right-angle-once: one slide, then at most one more at a right angle (the "
            "rulebook); unlimited: any number of right-angle slides.",
        ),
        OptionSpec(
            "teams",
            ("no", "yes"),
            "no",
            "yes (4 players only): partners sit opposite and add their scores.",
        ),
        OptionSpec(
            "rulings",
            (RULINGS_NOW, RULINGS_BEFORE),
            RULINGS_NOW,
            f"{RULINGS_NOW}: the house rulings of that day (docs/RULES-VERBOTENE-STADT.md); "
            f"{RULINGS_BEFORE}: the first ones, which games started before them keep.",
            unrecorded=RULINGS_BEFORE,
        ),
    )

    service_defaults: ClassVar[Mapping[str, str]] = {"mail": "digest"}
    """The service options this game starts with unless the GM says otherwise: a turn is one to
    four slides with a fate die after each, so a mail for every slide of every player would be
    hundreds of mails a game; DIGEST sends each player their own turns and decisions at once and
    the others' moves in one mail a day (issue 25)."""

    def __init__(self, board: Board | None = None) -> None:
        self.board = board or default_board()
        """The board this game plays on (the shipped data file by default)."""
        b = self.board
        self.table = ScoreTable(b.score_single, b.score_pair, b.score_suit, b.score_triple)

    # -- set-up ------------------------------------------------------------------------------------

    def setup(self, n_players: int, options: Mapping[str, str], seed: int) -> State:
        """Officials on the start fields, each pavilion's three cards shuffled face down."""
        opts = check_options(self, options)
        if not self.min_players <= n_players <= self.max_players:
            raise ValueError(f"{self.name} needs {self.min_players} to {self.max_players} players")
        if opts["teams"] == "yes" and n_players != 4:
            raise ValueError("the team variant (teams=yes) needs exactly 4 players")
        rng = derive_rng(seed, "setup")
        piles: list[tuple[int, ...]] = []
        for colour in range(len(self.board.card_colours)):
            pile = [colour * 3 + piece for piece in range(3)]
            rng.shuffle(pile)
            piles.append(tuple(pile))
        return State(
            n=n_players,
            moves_option=opts["moves"],
            teams=opts["teams"] == "yes",
            rulings=opts["rulings"],
            phase="select",
            positions=self.board.initial,
            exiled=(),
            selections=(-1,) * n_players,
            pavilion_cards=tuple(piles),
            hands=((),) * n_players,
            active_pavilion=0,
            active=0,
            move_no=0,
        )

    # -- decisions ---------------------------------------------------------------------------------

    def pending(self, state: State) -> list[Decision]:
        """Who owes what now (several seats at once when selecting)."""
        # Long on purpose: one branch per phase of the game, each with its prompt in the player's language.
        s = state
        names = notation.seat_names(s.n)
        if s.phase == "select":
            return [
                Decision(i, "select", _("secretly select the official you bribe"))
                for i in range(s.n)
                if s.selections[i] < 0
            ]
        if s.phase == "move" and s.bonus_move:
            return [
                Decision(
                    s.active,
                    "move",
                    _("make the one extra move of your successful bluff (no fate die follows it)"),
                )
            ]
        if s.phase == "move":
            return [
                Decision(
                    s.active,
                    "move",
                    _("move an official (move %(num)d of at most %(max)d)")
                    % {"num": s.move_no + 1, "max": self.board.max_moves},
                )
            ]
        if s.phase == "answer":
            assert s.entry is not None
            e = s.entry
            return [
                Decision(
                    e.to_ask[0],
                    "believe-or-doubt",
                    _(
                        "%(who)s claims that %(official)s entered pavilion %(pavilion)s as "
                        "their bribed official: believe or doubt"
                    )
                    % {
                        "who": _(names[e.mover]),
                        "official": self.board.official_code(e.official),
                        "pavilion": e.pavilion,
                    },
                )
            ]
        if s.phase == "take":
            t = s.tasks[0]
            if t.reason == "dragon":
                prompt = _("the dragon: take one card from another player")
            elif t.reason == "penalty":
                prompt = _("take one card of your choice from %(who)s") % {
                    "who": _(names[t.victims[0]])
                }
            else:
                prompt = _("take a %(colour)s card from another player (the pavilion is empty)") % {
                    "colour": colour_word(self.board.card_colours[t.colour])
                }
            return [Decision(t.taker, t.kind, prompt)]
        if s.phase == "reselect":
            # One prompt for all: whether a seat is forced would betray its selection.
            return [
                Decision(i, "reselect", _("select a new official, or keep your selection"))
                for i in s.owed
            ]
        return []

    def _kind(self, state: State, seat: Seat) -> str | None:
        for d in self.pending(state):
            if d.seat == seat:
                return d.kind
        return None

    def _waiting(self, state: State) -> str:
        names = notation.seat_names(state.n)
        parts = [f"{_(names[d.seat])} ({awaited(d.kind)})" for d in self.pending(state)]
        return ", ".join(parts) if parts else _("nobody (the game is over)")

    def legal(self, state: State, seat: Seat) -> list[Action]:
        """Every legal action of ``seat`` now (empty if it owes nothing)."""
        kind = self._kind(state, seat)
        if kind is None:
            return []
        b = self.board
        if kind in ("select", "reselect"):
            out: list[Action] = [Select(o) for o, c in enumerate(state.positions) if c >= 0]
            if kind == "reselect" and seat not in state.forced:
                out.insert(0, Keep())
            return out
        if kind == "believe-or-doubt":
            return [Answer(False), Answer(True)]
        if kind in ("take-card", "steal"):
            return [Take(v, c) for v, c in engine.take_candidates(state, state.tasks[0])]
        return list(engine.moves(b, state, seat))

    def parse(self, state: State, seat: Seat, text: str) -> Action:
        """A legal action from the player's text, or a precise :class:`RuleError`."""
        kind = self._kind(state, seat)
        if kind != "move":
            legal = self.legal(state, seat) if kind else []
            return notation.parse(self.board, state, seat, text, kind, legal, self._waiting(state))
        # A move is checked by tracing it on the board; the list of every legal move (a few ms,
        # and every commit and replay parses) only words the examples of a refusal: made when
        # the refusal's hint is read.
        try:
            return notation.parse(self.board, state, seat, text, kind, [], "")
        except RuleError as err:
            err.hint_later(lambda: notation.examples(self.board, self.legal(state, seat), state.n))
            raise

    def apply(
        self, state: State, seat: Seat, action: Action, rng: random.Random
    ) -> tuple[State, list[Event]]:
        """Apply a legal action (from parse or legal). Never mutates ``state``."""
        if self._kind(state, seat) is None:
            raise NotYourDecision(
                _("The game is not waiting for %(who)s.")
                % {"who": _(notation.seat_names(state.n)[seat])}
            )
        return engine.apply(self.board, state, seat, action, rng)

    def default_action(self, state: State, seat: Seat, kind: str, rng: random.Random) -> Action:
        """What happens when the deadline of ``seat``'s decision ``kind`` passes.

        select / forced reselect: a random official still on the board; reselect: keep;
        believe-or-doubt: believe; take-card / steal: a random card among those allowed;
        move: a random legal move that does not enter the pavilion (any move if there is none).
        """
        legal = self.legal(state, seat)
        if not legal or self._kind(state, seat) != kind:
            raise NotYourDecision(f"{notation.seat_names(state.n)[seat]} owes no {kind} decision.")
        if kind == "reselect" and seat not in state.forced:
            return Keep()
        if kind == "believe-or-doubt":
            return Answer(False)
        if kind == "move":
            quiet = [m for m in legal if isinstance(m, Move) and not m.mode]
            return rng.choice(quiet or legal)
        return rng.choice(legal)

    # -- what a seat cannot see --------------------------------------------------------------------

    def sample_hidden(self, state: State, seat: Seat, rng: random.Random) -> State:
        """``state`` with everything ``seat`` cannot see drawn afresh from ``rng``
        (:func:`pbem.rules.verbotene_stadt.hidden.sample_hidden`)."""
        return hidden.sample_hidden(state, seat, rng)

    # -- views -------------------------------------------------------------------------------------

    def view(self, state: State, seat: Seat | None) -> render.View:
        """What ``seat`` may see: the board, all cards, and only its own selection."""
        return views.view_of(self, state, seat)

    def render_text(self, view: render.View) -> str:
        """The ASCII board, legend and player panel (<= 72 columns)."""
        return render.render_text(self.board, view)

    def spelled(self, line: str) -> str:
        """The line with a direction "O" in the player's words, and an official named by its
        colours in a slide as its code (:func:`notation.spelled`)."""
        return notation.spelled(line, self.board)

    def plan_context(self, state: State, seat: Seat) -> str:
        """A queued next turn moves the seat's bribed official: once the seat bribed another
        (after an entry) it is dropped. Not the active pavilion: a fate die rolls it again in
        most turns (a queue read against it was dropped seven times in ten in the benchmark),
        and a player queues a next turn knowing that."""
        return str(state.selections[seat])

    def listed_moves(self, state: State, seat: Seat) -> tuple[str, list[str]]:
        """The moves that enter the active pavilion (that bring an official in and take its
        cards), one line per official, or a heading saying there is none."""
        return views.entering_moves(self, state, seat)

    def moves_named(self, action: Action, lines: Sequence[str]) -> list[str]:
        """After a slide, the sentences that name a slide (:func:`notation.slides_named`): a
        turn is several slides, and a later one named in words the reader did not read is asked
        back. None after any other action (a believe-or-doubt, a selection, a card taken)."""
        return notation.slides_named(list(lines)) if isinstance(action, Move) else []

    def picture(self, view: render.View) -> BoardPicture | None:
        """The board as a PNG (:mod:`pbem.rules.verbotene_stadt.picture`; Pillow is imported
        only when a mail is built)."""
        from pbem.rules.verbotene_stadt.picture import picture

        return picture(self.board, view)

    def result(self, state: State) -> Result | None:
        """Scores of the best partition per seat; with teams, partners' scores are added."""
        if state.phase != "over":
            return None
        scores = tuple(best_score(h, self.table) for h in state.hands)
        detail: dict[str, object] = {
            "cards": [[self.board.card_name(c) for c in h] for h in state.hands],
            "exiled": len(state.exiled),
            "blocked": state.ended_blocked,
        }
        if state.teams:
            team = [scores[0] + scores[2], scores[1] + scores[3]]
            detail["teams"] = {"North-South": team[0], "East-West": team[1]}
            best = max(team)
            winners = tuple(s for s in range(4) if team[s % 2] == best)
        else:
            best = max(scores)
            winners = tuple(s for s in range(state.n) if scores[s] == best)
        return Result(scores=scores, winners=winners, detail=detail)

    # -- notation, encoding, metadata --------------------------------------------------------------

    def notation(self, action: Action) -> str:
        """Canonical text of an action."""
        return notation.notation(self.board, action)

    def public_notation(self, state: State, seat: Seat, action: Action) -> str:
        """What the others may learn of an action: a selection's official stays secret."""
        if isinstance(action, Select):
            return "select (secret)"
        return self.notation(action)

    def redact(self, state: State, seat: Seat) -> State:
        """The position as ``seat`` knows it, for a turn file: another seat's secret selection
        becomes the first official still on the board (whether it has selected is public), and the
        face-down pavilion cards are dealt anew, in sorted order, in the same numbers (the cards
        not yet taken are public as a whole, not where each lies). ``seat``'s own view, legal moves
        and refusals are those of the real position."""
        on_board = [o for o, c in enumerate(state.positions) if c >= 0]
        stand_in = on_board[0] if on_board else 0
        selections = tuple(
            sel if s == seat or sel < 0 else stand_in for s, sel in enumerate(state.selections)
        )
        pool = sorted(c for cards in state.pavilion_cards for c in cards)
        dealt = []
        for cards in state.pavilion_cards:
            dealt.append(tuple(pool[: len(cards)]))
            pool = pool[len(cards) :]
        return msgspec.structs.replace(state, selections=selections, pavilion_cards=tuple(dealt))

    def encode_state(self, state: State) -> bytes:
        """Deterministic JSON bytes of the whole state (secrets included)."""
        return _ENCODER.encode(state)

    def decode_state(self, data: bytes) -> State:
        """The state encoded by :meth:`encode_state`."""
        return _DECODER.decode(data)

    def seat_names(self, n_players: int) -> list[str]:
        """North, East, South, West (clockwise turn order)."""
        return notation.seat_names(n_players)

    def command_help(self) -> str:
        """Every command with examples (plain text, <= 72 columns)."""
        return _(HELP) + "\n" + _(PLAN_HELP) + "\n" + _(STEER_HELP) + "\n" + _(DOOR_HELP)

    def rules_summary(self) -> str:
        """The game in short: HELP's first part, up to its second heading (the commands)."""
        lines = _(HELP).splitlines()
        heads = [
            i
            for i, ln in enumerate(lines)
            if i > 0
            and not lines[i - 1].strip()
            and (first := ln.split(maxsplit=1)[0] if ln.strip() else "")
            and len(first) >= 4
            and first.isalpha()
            and first.isupper()
        ]
        end = heads[0] if heads else len(lines)
        return "\n".join(lines[:end]).rstrip() + "\n"

    def describe_event(self, event: Event, names: Sequence[str] | None = None) -> str:
        """One or two plain sentences for ``event`` (``names``: the seat names of the game)."""
        return sentences.describe_event(self.board, event, names or notation.seat_names(4))

    def bots(self) -> Mapping[str, BotOf[State, Action, render.View]]:
        """``random`` (uniform over legal actions), ``heuristic``, and the search bots ``medium``
        and ``strong`` (:mod:`pbem.rules.verbotene_stadt.search`)."""
        from pbem.rules.verbotene_stadt.bots import HeuristicBot, RandomBot
        from pbem.rules.verbotene_stadt.search import MEDIUM, STRONG

        return {
            "random": RandomBot(),
            "heuristic": HeuristicBot(),
            "medium": MEDIUM,
            "strong": STRONG,
        }


GAME = VerboteneStadt()
"""The registered game object."""
