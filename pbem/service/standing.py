"""Standing orders (issue 25): the decisions of *Die Verbotene Stadt* that come back again and
again, answered by the player once for the whole game.

- ``STANDING CLAIM BELIEVE | DOUBT | ASK``: how to answer another player's claimed entry;
- ``STANDING STEAL EAST SOUTH ... | ASK``: whom to take a card from (the dragon, an empty
  pavilion), in order of preference; the card taken is the one that adds most to the taker's
  score (the first such card in the order of the hand);
- ``STANDING RESELECT KEEP | NEAREST | ASK``: after an entry, keep the selection (and, when one's
  own official was exiled, bribe the one nearest to the active pavilion), or always bribe the
  official nearest to the active pavilion (fewest slides to enter it; the first in official order
  on a tie);
- ``STANDING BLOCKED PAVILION | ASK``: a slide written before its position could be seen (a
  plan's slide after a fate die, a queued turn's) that is illegal when its time comes: the move of
  the seat's own official toward the active pavilion instead (``RK pavilion``,
  :mod:`pbem.rules.verbotene_stadt.steer`), the rest of the plan going on after it; or the plan
  stops there and the seat is asked (ASK, the default). The mail says what was written and what
  was played instead;
- ``STANDING OFF``: ask for everything again; ``STANDING`` alone shows the orders.

A queued move may hold several turns (``NEXT RK N; BG E NEXT RK pavilion; CB S``): played one a
turn, in order, each as a queued move is (its own ELSE alternatives), until one cannot be played
or the seat replies.

Each change is one sealed ``orders`` log line of the seat (:class:`pbem.store.SetOrders`): part of
the signed record, read by nobody but the service. A decision a standing order answers is played
by the service as soon as it is owed (:func:`play_standing`), as an ordinary action line, so the
game replays and verifies as any other; "ask" leaves it to the player's reply, and at a deadline
the game's own default rule applies as before. A new player in the seat starts with none.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING

import msgspec

from pbem.commands.requests import NOT_ASKED_AGAIN
from pbem.errors import CommandError, ConflictError
from pbem.i18n import _
from pbem.rules.base import Game, RuleError
from pbem.store import ActionEntry, GameRecord, NewEntry, Plan, SetOrders, Store
from pbem.store.fold import context
from pbem.store.loglines import PrefixCache
from pbem.store.payloads import OrdersLine, ReplaceLine

if TYPE_CHECKING:
    from pbem.rules.verbotene_stadt.state import Select, Take

GAMES = frozenset({"verbotene-stadt"})
"""The games that take standing orders (every game takes a queued move, NEXT)."""

CLAIM = ("ask", "believe", "doubt")
RESELECT = ("ask", "keep", "nearest")
BLOCKED = ("ask", "pavilion", "door", "any")

_WORDS: dict[str, str] = {
    # subjects
    "CLAIM": "claim", "CLAIMS": "claim", "ANNONCE": "claim", "DICHIARAZIONE": "claim",
    "BEHAUPTUNG": "claim",
    "STEAL": "steal", "TAKE": "steal", "VOL": "steal", "PRENDRE": "steal", "PRENDERE": "steal",
    "RUBARE": "steal", "NEHMEN": "steal", "STEHLEN": "steal",
    "RESELECT": "reselect", "SELECT": "reselect", "RESELECTION": "reselect",
    "SELECTION": "reselect", "SELEZIONE": "reselect", "AUSWAHL": "reselect",
    "BLOCKED": "blocked", "BLOQUE": "blocked", "BLOCCATO": "blocked", "BLOCKIERT": "blocked",
    "PAVILION": "pavilion", "PAVILLON": "pavilion", "PADIGLIONE": "pavilion",
    "DOOR": "door", "PORTE": "door", "PORTA": "door", "TUER": "door",
    "ANY": "any", "QUELCONQUE": "any", "QUALSIASI": "any", "BELIEBIG": "any",
    # values
    "BELIEVE": "believe", "CROIRE": "believe", "CREDERE": "believe", "GLAUBEN": "believe",
    "DOUBT": "doubt", "DOUTER": "doubt", "DUBITARE": "doubt", "ZWEIFELN": "doubt",
    "ASK": "ask", "DEMANDER": "ask", "CHIEDERE": "ask", "FRAGEN": "ask",
    "KEEP": "keep", "GARDER": "keep", "TENERE": "keep", "BEHALTEN": "keep",
    "NEAREST": "nearest", "PROCHE": "nearest", "VICINO": "nearest", "NAECHSTER": "nearest",
    "NÄCHSTER": "nearest",
    "OFF": "off", "AUCUNE": "off", "NESSUNO": "off", "AUS": "off",
    # cancelling a queued move or the orders in words (issue 31: "NEXT cancel")
    "CANCEL": "off", "ANNULER": "off", "ANNULLA": "off", "ANNULLARE": "off",
    "ABBRECHEN": "off", "STORNIEREN": "off", "NONE": "off",
}  # fmt: skip
"""The words of STANDING in English, French, Italian and German."""

_SEATS: dict[str, int] = {
    "N": 0, "NORTH": 0, "NORD": 0,
    "E": 1, "EAST": 1, "EST": 1, "OST": 1,
    "S": 2, "SOUTH": 2, "SUD": 2, "SUED": 2, "SÜD": 2,
    "W": 3, "WEST": 3, "O": 3, "OUEST": 3, "OVEST": 3,
    "1": 0, "2": 1, "3": 2, "4": 3,
}  # fmt: skip


class Orders(msgspec.Struct, kw_only=True, omit_defaults=True):
    """One seat's standing orders (a change carries only the fields it sets)."""

    claim: str | None = None
    steal: list[int] | None = None
    """Seats in order of preference; ``[]``: ask."""
    reselect: str | None = None
    next: list[str] | None = None
    """A queued move (``NEXT M9 R1 ELSE P10 R0``): its alternatives in order, each an action or
    a plan as written; ``[]``: nothing queued."""
    guard: str | None = None
    """What the queued move was read against (``Game.plan_context`` when it was queued): when
    the turn comes and the game says otherwise, the queue is dropped (None: no condition, as
    for the lines written before it existed)."""
    later: list[list[str]] | None = None
    """The turns queued after the next one (``NEXT RK N; BG E NEXT RK pavilion``), each its
    alternatives as ``next``: when a queued turn is played, the first of them becomes the next
    (under the same ``guard``)."""
    blocked: str | None = None
    """``pavilion``: a slide written before it could be seen and illegal then is played as the
    seat's official's move toward the active pavilion; ``door``: that, or when it is refused too,
    another official's move toward the door (``RK pavilion or door``); ``any``: those, or when
    neither can be played, the move that changes least (``RK pavilion or door or any``,
    :func:`pbem.rules.verbotene_stadt.steer.aside`); ``ask`` (or None): the plan stops."""
    played: list[list[str]] | None = None
    """What the last queued turn played, for the seat's mails: each action's notation, and the
    slide written when the action was played instead of it (``BLOCKED PAVILION``). Written by the
    service after it played a queued turn; gone with the next change of the queue."""

    def merged(self, change: Orders) -> Orders:
        queued = change.next is not None
        return Orders(
            claim=change.claim if change.claim is not None else self.claim,
            steal=change.steal if change.steal is not None else self.steal,
            reselect=change.reselect if change.reselect is not None else self.reselect,
            next=change.next if queued else self.next,
            guard=change.guard if queued else self.guard,
            later=change.later if queued else self.later,
            played=change.played if change.played is not None or queued else self.played,
            blocked=change.blocked if change.blocked is not None else self.blocked,
        )

    @property
    def standing(self) -> Orders:
        """Only the standing orders (without a queued move)."""
        return Orders(
            claim=self.claim, steal=self.steal, reselect=self.reselect, blocked=self.blocked
        )


OFF = Orders(claim="ask", steal=[], reselect="ask", blocked="ask")

_USAGE = (
    "STANDING CLAIM BELIEVE / DOUBT / ASK; STANDING STEAL EAST SOUTH / ASK; "
    "STANDING RESELECT KEEP / NEAREST / ASK; STANDING BLOCKED PAVILION / PAVILION DOOR / "
    "PAVILION DOOR ANY / ASK; STANDING OFF"
)


def takes_orders(record: GameRecord) -> bool:
    return record.game.name in GAMES


SUBJECTS = ("claim", "steal", "reselect", "blocked")


def parse(arg: str, seat: int, n_players: int) -> Orders | None:
    """The change ``STANDING <arg>`` asks for (None: only show the orders); several orders may
    share the line (``STANDING CLAIM BELIEVE STEAL EAST RESELECT KEEP``). Raises a
    :class:`CommandError` saying what to write."""
    # Folded: "CONSIGNE SÉLECTION GARDER" is "SELECTION GARDER" (issue 31).
    words = _order_words(arg.split(), ".,;:!")
    if not words:
        return None
    try:
        return _orders(words, arg, seat, n_players)
    except CommandError:
        if (got := _before_a_remark(arg, seat, n_players)) is None and (
            got := _clauses(arg, seat, n_players)
        ) is None:
            raise
        return got


_CLAUSE = re.compile(
    r"(?i)\s*;\s*|\s*,?\s+(?:and\s+also|and|et\s+aussi|et|e\s+anche|e|und\s+auch|und)\s+"
)
"""Where two orders written in prose meet ("toujours croire les annonces, et voler d'abord à
Sud puis à Nord", "always doubt claims, and keep my selection")."""


_AND_FIRST = re.compile(r"(?i)^\s*(?:and|et|e|und)\s+")


def _clauses(arg: str, seat: int, n_players: int) -> Orders | None:
    """Two or three orders in prose, one a clause (issue 31, seventh round): each clause reads
    whole as orders (the last may end in a remark), and no two set the same thing ("believe
    claims and doubt claims" is no order). None otherwise."""
    parts = [_AND_FIRST.sub("", p) for p in _CLAUSE.split(arg) if p.strip()]
    if not 1 < len(parts) <= 3:
        return None
    out = Orders()
    for k, part in enumerate(parts):
        words = _order_words(part.split(), ".,;:!")
        try:
            got = _orders(words, part, seat, n_players) if words else None
        except CommandError:
            got = _before_a_remark(part, seat, n_players) if k == len(parts) - 1 else None
        if got is None:
            return None
        for field in ("claim", "steal", "reselect", "blocked"):
            if getattr(got, field) is not None and getattr(out, field) is not None:
                return None
        out = out.merged(got)
    return out


def _orders(words: list[str], arg: str, seat: int, n_players: int) -> Orders:
    """The orders ``words`` (folded) say, strictly or as a short sentence; raises a
    :class:`CommandError` naming ``arg``."""
    if len(words) == 1 and _WORDS.get(words[0]) == "off":
        return OFF
    prose = _in_prose(words) or _steal_in_prose(words, seat, n_players)
    if prose is not None:
        return prose
    change = Orders()
    i = 0
    while i < len(words):
        what = _WORDS.get(words[i])
        j = i + 1
        while (
            j < len(words)
            and _WORDS.get(words[j]) not in SUBJECTS
            and not _of_another(what, words[j])
        ):
            j += 1
        args = words[i + 1 : j]
        vals = [_WORDS.get(w, w) for w in args]
        if what == "claim" and len(vals) == 1 and vals[0] in CLAIM:
            change.claim = vals[0]
        elif what == "reselect" and len(vals) == 1 and vals[0] in RESELECT:
            change.reselect = vals[0]
        elif what == "blocked" and len(vals) == 1 and vals[0] in BLOCKED:
            change.blocked = vals[0]
        elif what == "blocked" and vals == ["pavilion", "door"]:
            change.blocked = "door"  # BLOCKED PAVILION DOOR: the pavilion, else the door
        elif what == "blocked" and vals == ["pavilion", "door", "any"]:
            change.blocked = "any"  # ... else the move that changes least
        elif what == "steal" and vals == ["ask"]:
            change.steal = []
        elif what == "steal" and vals:
            change.steal = _seats(args, seat, n_players)
        elif what in ("keep", "nearest") and not args and change.reselect is None:
            change.reselect = what  # "... ZWEIFELN BEHALTEN": keeping is only of the selection
        elif what in ("believe", "doubt") and not args and change.claim is None and i:
            change.claim = what  # "RESELECT KEEP DOUBT": believing is only of claims
        else:
            raise CommandError(
                _("'STANDING %(arg)s' is not a standing order. Write one of: %(usage)s.")
                % {"arg": arg, "usage": _USAGE},
                hint="STANDING CLAIM ASK",
            )
        i = j
    return change


def _of_another(what: str | None, word: str) -> bool:
    """Is ``word`` a value only another subject than ``what`` takes ("BEHAUPTUNG ZWEIFELN
    BEHALTEN": keeping is the selection's; eighth round)? It then starts that order."""
    value = _WORDS.get(word)
    if value in ("keep", "nearest"):
        return what not in ("reselect", None)
    if value in ("believe", "doubt"):
        return what not in ("claim", None)
    return False


def _before_a_remark(orders: str, seat: int, n_players: int) -> Orders | None:
    """The orders at the head of ``orders``, when the words after them are only a remark ("RESELECT
    KEEP, saves us all a round of mail", "CLAIM BELIEVE pour la suite", "RESELECT KEEP così non
    dovete chiedermelo ogni volta"; issue 31): the longest head that reads as orders, and a tail
    that names no order, no seat in capitals and no figure, sets no condition or exception
    ("unless", "sauf", "tranne", "außer") and takes nothing back. None otherwise."""
    toks = orders.split()
    for k in range(len(toks) - 1, 0, -1):
        tail = " ".join(toks[k:])
        seats = _seats_said(tail)
        if not _only_a_remark(tail if not seats else _SEAT_WORD.sub(" ", tail)):
            continue
        head = _order_words(toks[:k], ".,;:!-–—")
        if not head:
            return None
        try:
            got = _orders(head, orders, seat, n_players)
        except CommandError:
            continue
        # "STANDING STEAL SOUTH NORTH (South first, they're winning.)": the remark's seats only
        # repeat the order's first ones (eighth round)
        if seats and (got.steal is None or got.steal[: len(seats)] != seats):
            continue
        return got
    return None


_SEAT_WORD = re.compile(
    r"(?i)(?<![\w'’])(?:north|east|south|west|nord|est|ost|sud|s[üu]d|sued|ouest|ovest)(?![\w'’])"
)


def _seats_said(tail: str) -> list[int]:
    """The seats a remark after orders names, in order, each once (the French "est" only as
    "Est")."""
    out: list[int] = []
    for m in _SEAT_WORD.finditer(tail):
        word = m.group()
        if word == "est":
            continue
        s = _SEATS.get(word.upper().replace("Ü", "UE"))
        if s is not None and s not in out:
            out.append(s)
    return out


_CONDITION = frozenset(
    re.split(
        r"\s+",
        """if unless except but only until otherwise else si sauf sinon seulement mais jusqu'a
        jusqu se tranne eccetto salvo solo ma altrimenti fino wenn falls ausser außer aber nur
        sonst bis""",
    )
)
"""Words that make a tail after orders a condition or an exception, not a remark."""
_NO_NEED = re.compile(
    r"(?i)^\W*(?:no\s+need|(?:pas|plus)\s+besoin|non\s+(?:serve|c'è\s+bisogno)|nicht\s+n[öo]tig"
    r"|kein(?:e)?\s+(?:bedarf|grund)"
    # not to be asked again (fourteenth round), and without asking
    r"|" + NOT_ASKED_AGAIN + r"|sans\s+me\s+(?:le\s+)?demander|without\s+asking(?:\s+me)?"
    r"|senza\s+chiedermel[oi]|senza\s+chiedermi|ohne\s+(?:mich\s+)?(?:zu\s+)?fragen)"
)
"""A tail whose negation is about the mail saved, not the orders ("no need to ask me again",
"pas besoin de me demander", "non serve chiedermelo")."""
_SO = re.compile(r"(?i)^\W*(?:so|that\s+way|comme\s+(?:ça|ca)|ainsi|cos[iì]|damit|sodass|dann)\b")
"""A tail that says what the orders save ("comme ça plus besoin de me demander", "così non dovete
chiedermelo ogni volta")."""


def _saves_asking(tail: str) -> bool:
    """Is the negation in ``tail`` about the mail the orders save?"""
    from pbem.commands.grammar import _PURPOSE
    from pbem.commands.retraction import is_take_back
    from pbem.mail.reply import is_correction

    tail = tail.lstrip(" ,;:-–—")
    if _NO_NEED.match(tail):
        return True
    lead = _SO.match(tail) or _PURPOSE.match(tail)
    if lead is None:
        return False
    rest = tail[lead.end() :].lstrip(" ,")
    if _NO_NEED.match(rest):
        return True
    rest = re.sub(r"(?i)^(?:no|non|not|nicht|pas|ne|n')\s*", "", rest)  # "così non dovete ..."
    return not (is_correction(rest) or is_take_back(rest))


_VALUES = frozenset({"believe", "doubt", "keep", "nearest", "ask", "off", "steal", "pavilion",
                     "door", "any"})  # fmt: skip
"""What a tail after orders may not say in any case: a value or a verb of an order."""


def _only_a_remark(tail: str) -> bool:
    from pbem.commands.vocabulary import fold_word
    from pbem.mail.reply import is_correction

    words = tail.split()
    saves = _saves_asking(tail)
    if not words or "?" in tail or any(c.isdigit() for c in tail):
        return False
    if not saves and is_correction(tail):
        return False
    for w in words:
        bare = w.strip(".,;:!()\"'")
        folded = bare.casefold().replace("’", "'")
        if folded in _CONDITION or (folded in _NOT and not saves):
            return False
        if bare.upper() in _SEATS or bare.isupper() and bare in _WORDS:
            return False  # "STEAL EAST, SOUTH" is orders in capitals, not a remark
        said = _WORDS.get(fold_word(bare)) or _PROSE_WORDS.get(fold_word(bare))
        if said in _VALUES and not (saves and said == "ask"):
            return False  # "believe and doubt claims": another order in words
    return True


_NOT = frozenset(
    re.split(
        r"\s+",
        """not no never don't won't isn't non pas ne n' jamais nessuno mai nicht kein keine nein
        nie niemals maybe perhaps probably peut-être peut-etre probablement forse magari
        probabilmente vielleicht wahrscheinlich eventuell
        nobody noone no-one none nothing neither nor hardly rarely seldom personne rien aucun
        aucune nul nulle guère guere rarement nessuna niente nulla neanche nemmeno neppure mica
        raramente niemand niemandem niemanden nichts keinem keinen keiner keines kaum selten""",
    )
)
"""A negation or a doubt in the tail after orders (unless it is about the mail they save): the
negative pronouns and adverbs too ("STANDING I believe nobody", "DAUERAUFTRAG ich glaube
niemandem", "CONSIGNE je crois personne": never the order at its head; eighth round)."""


_PROSE_WORDS: dict[str, str] = {
    # subjects in the plural, values as conjugated verbs ("je crois toujours les annonces",
    # "always doubt claims", "credo sempre alle dichiarazioni", "Behauptungen immer glauben")
    "ANNONCES": "claim", "DICHIARAZIONI": "claim", "BEHAUPTUNGEN": "claim",
    "ANSAGE": "claim", "ANSAGEN": "claim",  # "jede Ansage anzweifeln" (fourteenth round)
    "CROIS": "believe", "CREDO": "believe", "GLAUBE": "believe",
    "DOUTE": "doubt", "DUBITO": "doubt", "ZWEIFLE": "doubt", "BEZWEIFLE": "doubt",
    "BEZWEIFELN": "doubt", "ANZWEIFELN": "doubt",
    "GARDE": "keep", "TENGO": "keep", "BEHALTE": "keep", "CONSERVE": "keep",
    # the imperative, to the service (issue 31: "croyez toujours pour moi")
    "CROYEZ": "believe", "DOUTEZ": "doubt", "CREDETE": "believe", "DUBITATE": "doubt",
    "GLAUBT": "believe", "GLAUBEN": "believe", "BEZWEIFELT": "doubt", "ZWEIFELT": "doubt",
    "GARDEZ": "keep", "TENETE": "keep", "BEHALTET": "keep",
    "CONSERVO": "keep", "CONSERVER": "keep", "CONSERVARE": "keep",
}  # fmt: skip
_PROSE_FILLER = frozenset(
    {
        "ALWAYS", "TOUJOURS", "SEMPRE", "IMMER", "I", "JE", "IO", "ICH", "THE", "LES", "LA",
        "LE", "DES", "AUX", "MA", "MES", "ALLE", "ALLA", "DELLE", "MIA", "DIE",
        "DEN", "MEINE", "MY", "EVERY", "ALL", "TOUTES", "TUTTE", "TUTTI", "JEDE", "ALLEN",
        "EACH", "CHAQUE", "OGNI", "JEDER",
        # the name of the thing before it ("Consigne permanente : je doute toujours des
        # annonces", "Standing order: always believe claims"; issue 31)
        "PERMANENTE", "PERMANENT", "ORDER", "ORDINE", "FISSO", "FISSA", "DAUERAUFTRAG",
        "AUFTRAG",
        # for whom ("croyez toujours pour moi", "always believe for me")
        "POUR", "MOI", "FOR", "ME", "PER", "FUER", "MICH",
        # when the order acts ("après chaque entrée, gardez ma sélection"; eighth round)
        "APRES", "ENTREE", "AFTER", "ENTRY", "AN", "DOPO", "ENTRATA", "INGRESSO", "NACH",
        "JEDEM", "EINTRITT",
        # whose claims ("toujours croire les annonces des autres", "always believe the other
        # players' claims"; tenth round)
        "AUTRES", "OTHERS", "OTHER", "OTHERS'", "PLAYERS", "PLAYERS'", "JOUEURS", "ALTRI",
        "DEGLI", "GIOCATORI", "ANDEREN", "DER", "SPIELER",
        # of what, and "just" ("je doute de toutes les annonces", "dubitate di tutte le
        # dichiarazioni", "after any entry, just keep my selection"; fourteenth round)
        "DE", "DI", "ANY", "JUST", "AUTOMATICALLY", "AUTOMATIQUEMENT", "AUTOMATICAMENTE",
        "AUTOMATISCH",
    }
)  # fmt: skip


_FROM_NOW_ON = (
    ("FROM", "NOW", "ON"), ("FROM", "NOW"), ("DESORMAIS",), ("DORENAVANT",),
    ("A", "PARTIR", "DE", "MAINTENANT"), ("D'ORA", "IN", "POI"), ("DA", "ORA", "IN", "POI"),
    ("D'ORA", "IN", "AVANTI"), ("AB", "JETZT"), ("AB", "SOFORT"), ("KUENFTIG",),
    ("IN", "ZUKUNFT"), ("PLEASE",), ("SVP",), ("PER", "FAVORE"), ("BITTE",), ("THANKS",),
    ("MERCI",), ("GRAZIE",), ("DANKE",), ("S'IL", "VOUS", "PLAIT"), ("S'IL", "TE", "PLAIT"),
)  # fmt: skip
"""Words of time and courtesy around standing orders, which they are anyway."""


def _order_words(toks: list[str], punctuation: str) -> list[str]:
    """The words of orders as they are read: ``punctuation`` stripped, folded, "from now on"
    and its kin left out."""
    from pbem.commands.vocabulary import fold_word

    return _without_from_now_on([w for w in (fold_word(t.strip(punctuation)) for t in toks) if w])


def _without_from_now_on(words: list[str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(words):
        for phrase in _FROM_NOW_ON:
            if tuple(words[i : i + len(phrase)]) == phrase:
                i += len(phrase)
                break
        else:
            out.append(words[i])
            i += 1
    return out


def _in_prose(words: list[str]) -> Orders | None:
    """One order written as a short sentence, its words in any order around filler ("CONSIGNE :
    je crois toujours les annonces", "STANDING: always doubt claims"; issue 31): exactly one
    subject and one of its values, nothing else (a negation or any other word: None, and the
    strict form then says what to write)."""
    subjects: list[str] = []
    values: list[str] = []
    for w in words:
        meaning = _PROSE_WORDS.get(w) or _WORDS.get(w)
        if meaning in ("claim", "reselect"):
            subjects.append(meaning)
        elif meaning in ("believe", "doubt", "keep"):
            values.append(meaning)
        elif w not in _PROSE_FILLER:
            return None
    if len(subjects) > 1 or len(values) != 1:
        return None
    subject = subjects[0] if subjects else ("reselect" if values[0] == "keep" else "claim")
    if subject == "claim" and values[0] in CLAIM:
        return Orders(claim=values[0])
    if subject == "reselect" and values[0] in RESELECT:
        return Orders(reselect=values[0])
    return None


_STEAL_FILLER = frozenset(
    {
        "FROM",
        "DE",
        "DA",
        "DI",
        "VON",
        "VOM",
        "BEI",
        "CHEZ",
        "FIRST",
        "THEN",
        "PUIS",
        "ENSUITE",
        "DANN",
        "POI",
        "ZUERST",
        "D'ABORD",
        "ABORD",
        "PRIMA",
        "ELSE",
        "OTHERWISE",
        "SINON",
        "SONST",
        "ALTRIMENTI",
        "AND",
        "ET",
        "E",
        "UND",
        "OR",
        "OU",
        "O",
        "ODER",
        "ALWAYS",
        "TOUJOURS",
        "SEMPRE",
        "IMMER",
        "I",
        "JE",
        "ICH",
        "IO",
        "THE",
        "LE",
        "LA",
        "L'",
        "A",
        "AU",
        "AL",
        "DAL",
        "DALLA",
        "DEM",
        "DER",
        "BEIM",
        "CARD",
        "CARDS",
        "CARTE",
        "CARTES",
        "KARTE",
        "KARTEN",
        "CARTA",
        "ONE",
        "UNE",
        "UNA",
        "EINE",
        "PLAYER",
        "JOUEUR",
        "GIOCATORE",
        "SPIELER",
        "WITH",
        "AVEC",
        "CON",
        "MIT",
        # ninth round: the occasion and the card as a pronoun ("whenever I may take a card
        # from another player, take it from North first, then from South")
        "IT",
        "THEM",
        "LUI",
        "LES",
        "LO",
        "IHN",
        "SIE",
        "ES",
        "WHENEVER",
        "WHEN",
        "MAY",
        "CAN",
        "ANOTHER",
        "OTHER",
        "AUTRE",
        "ALTRO",
        "ANDEREN",
        "ANDEREM",
        "QUAND",
        "CHAQUE",
        "FOIS",
        "QUANDO",
        "OGNI",
        "VOLTA",
        "WENN",
        "JEDES",
        "MAL",
        "ME",
        "MOI",
        "MI",
        "MIR",
        "FOR",
        "POUR",
        "PER",
        "FUER",
        "FÜR",
        "PEUX",
        "POSSO",
        "KANN",
        "DARF",
    }  # fmt: skip
)
_STEAL_VERBS = frozenset({"STEAL", "TAKE", "VOL", "VOLER", "VOLE", "PRENDRE", "PRENDS",
                          "PRENDERE", "PRENDO", "RUBARE", "RUBO", "NEHMEN", "NEHME", "STEHLEN",
                          "STEHLE", "KLAUEN", "KLAUE", "PIQUER", "PIQUE"})  # fmt: skip


def _steal_in_prose(words: list[str], seat: int, n_players: int) -> Orders | None:
    """Whom to take a card from, in a short sentence ("STANDING steal from East first, then
    South", "CONSIGNE vol : Est puis Sud", "ORDINE: rubo da Est, poi Sud"; issue 31): a word
    of stealing, then seats among filler words, in the order written. None otherwise (the strict
    form then says what to write)."""
    if not any(w in _STEAL_VERBS for w in words):
        return None
    seats = [w for w in words if w in _SEATS and not w.isdigit()]
    rest = [w for w in words if w not in _STEAL_VERBS and w not in seats]
    if not seats or any(w not in _STEAL_FILLER for w in rest):
        return None
    try:
        return Orders(steal=_seats(seats, seat, n_players))
    except CommandError:
        return None


def _seats(words: list[str], seat: int, n_players: int) -> list[int]:
    order: list[int] = []
    for w in words:
        s = _SEATS.get(w)
        if s is None or s >= n_players or s == seat:
            raise CommandError(
                _(
                    "STANDING STEAL takes the other players' seats in your order of preference "
                    "(e.g. STANDING STEAL EAST SOUTH), or ASK; '%(word)s' is not one of them."
                )
                % {"word": w},
                hint="STANDING STEAL ASK",
            )
        if s not in order:
            order.append(s)
    return order


def entry(seat: int, change: Orders, message_id: str | None) -> SetOrders:
    return SetOrders(seat, msgspec.json.encode(change).decode(), message_id=message_id)


def orders_of(store: Store, record: GameRecord, seat: int) -> Orders:
    """The seat's standing orders now: its sealed order lines merged in log order (a new player
    in the seat starts again from none)."""
    mine = _folded(store, record).get(seat)
    return Orders() if mine is None else msgspec.structs.replace(mine)  # the cached one stays


_FOLDS: PrefixCache[dict[int, Orders]] = PrefixCache()
"""Per game, every seat's orders folded over the log so far (a reply asks for them several
times; the log grows by a few lines a reply)."""


def _folded(store: Store, record: GameRecord) -> dict[int, Orders]:
    gid = record.envelope.game_id
    ents = record.entries

    def extend(seats: dict[int, Orders], start: int) -> dict[int, Orders]:
        seats = dict(seats)
        # Not fold.walk, which decodes every line: the order and replace lines only. The kinds
        # are read from the lines' heads: only the few order and replace lines are decoded.
        for i, k in enumerate(ents.kinds(start), start):
            if k not in (OrdersLine.KIND, ReplaceLine.KIND):
                continue
            e = ents[i]
            p = e.payload
            if isinstance(p, ReplaceLine):
                seats.pop(p.seat, None)
            elif isinstance(p, OrdersLine):
                raw = store.keyring.unseal(p.sealed, context(gid, "orders", e.seq))
                now = seats.get(p.seat, Orders())
                seats[p.seat] = now.merged(msgspec.json.decode(raw, type=Orders))
        return seats

    return _FOLDS.get(gid, ents, dict, extend)


def describe(orders: Orders, names: Sequence[str]) -> list[str]:
    """The orders in words, for the seat's own mails."""
    claim = {
        "believe": _("you believe every claim"),
        "doubt": _("you doubt every claim"),
    }.get(orders.claim or "ask", _("you are asked"))
    if orders.steal:
        steal = _("from %(order)s, in that order") % {
            "order": ", ".join(_(names[s]) for s in orders.steal if s < len(names))
        }
    else:
        steal = _("you are asked")
    reselect = {
        "keep": _("you keep your selection (the official nearest to the active pavilion when "
                  "yours was exiled)"),
        "nearest": _("you bribe the official nearest to the active pavilion"),
    }.get(orders.reselect or "ask", _("you are asked"))  # fmt: skip
    out = [
        _("Claims: %(what)s.") % {"what": claim},
        _("Taking a card: %(what)s.") % {"what": steal},
        _("After an entry: %(what)s.") % {"what": reselect},
    ]
    if orders.blocked == "pavilion":
        out.append(
            _(
                "A slide you wrote that is illegal when its time comes: your official's move "
                "toward the active pavilion instead."
            )
        )
    if orders.blocked == "door":
        out.append(
            _(
                "A slide you wrote that is illegal when its time comes: your official's move "
                "toward the active pavilion instead, or when it cannot get nearer, another "
                "official's move toward the door."
            )
        )
    if orders.blocked == "any":
        out.append(
            _(
                "A slide you wrote that is illegal when its time comes: your official's move "
                "toward the active pavilion instead, or when it cannot get nearer, another "
                "official's move toward the door, or when neither can be played, a move of the "
                "official farthest from the pavilion; you are not asked."
            )
        )
    return out


def summary(orders: Orders, names: Sequence[str]) -> str:
    """One paragraph for the private part of the seat's mails ("" when nothing is set)."""
    out = []
    if orders.played:
        out.append(
            _("Played from your queue at your last turn: %(moves)s.")
            % {"moves": "; ".join(p[0] for p in orders.played)}
        )
        for p in orders.played:
            if len(p) > 1:
                out.append(instead_sentence(p[1], p[0], orders.blocked or "pavilion"))
    if orders.next:
        out.append(
            _("Queued for your next turn: %(moves)s.")
            % {"moves": (" " + _("else") + " ").join(orders.next)}
        )
    for k, turn in enumerate(orders.later or [], 2):
        out.append(
            _("Queued for your turn %(num)d from now: %(moves)s.")
            % {"num": k, "moves": (" " + _("else") + " ").join(turn)}
        )
    rules = orders.standing
    if rules not in (Orders(), OFF):
        out.append(
            _("Your standing orders (only you see them; change them with STANDING):")
            + " "
            + " ".join(describe(rules, names))
        )
    return " ".join(out)


# -------------------------------------------------------------------------------- answering


def action_for(record: GameRecord, seat: int, kind: str, orders: Orders) -> object | None:
    """The action the seat's standing orders give for the decision ``kind`` it owes (None: ask)."""
    game, state = record.game, record.state
    legal = list(game.legal(state, seat))
    if not legal:
        return None
    if kind == "believe-or-doubt" and orders.claim in ("believe", "doubt"):
        want = orders.claim == "doubt"
        return next((a for a in legal if getattr(a, "doubt", None) == want), None)
    if kind in ("steal", "take-card") and orders.steal:
        return _take(game, state, seat, legal, orders.steal)
    if kind == "reselect" and orders.reselect in ("keep", "nearest"):
        keep = next((a for a in legal if type(a).__name__ == "Keep"), None)
        if orders.reselect == "keep" and keep is not None:
            return keep
        return _nearest(game, state, legal)
    return None


def _take(
    game: Game, state: object, seat: int, legal: list[object], order: list[int]
) -> Take | None:
    """Die Verbotene Stadt's: the card to take, by the seat's order of victims."""
    from pbem.rules.verbotene_stadt.scoring import ScoreTable, best_score
    from pbem.rules.verbotene_stadt.state import State, Take

    table: ScoreTable = getattr(game, "table")  # noqa: B009 (Die Verbotene Stadt's)
    for victim in order:
        mine = [a for a in legal if isinstance(a, Take) and a.victim == victim]
        if mine:
            assert isinstance(state, State)
            hand = tuple(state.hands[seat])
            return max(mine, key=lambda a: best_score((*hand, a.card), table))
    return None


def _nearest(game: Game, state: object, legal: list[object]) -> Select | None:
    """Die Verbotene Stadt's: the official nearest to entering the active pavilion."""
    from pbem.rules.verbotene_stadt.board import Board
    from pbem.rules.verbotene_stadt.bots import entry_distances
    from pbem.rules.verbotene_stadt.state import Select, State

    board: Board = getattr(game, "board")  # noqa: B009 (Die Verbotene Stadt's)
    assert isinstance(state, State)
    dist = entry_distances(board, state)
    picks = [a for a in legal if isinstance(a, Select)]
    if not picks:
        return None
    return min(picks, key=lambda a: (dist[state.positions[a.official]], a.official))


def play_standing(
    store: Store, record: GameRecord, clock: Callable[[], datetime], limit: int = 1000
) -> tuple[int, GameRecord]:
    """Play every decision of the game of ``record`` (as a load or commit just gave it) that a
    standing order answers (at most ``limit``): how many were played, and the game after them
    (each commit's record; a load only after another writer came first). Called before the
    game's mails are built, so that nobody is asked for a decision their standing orders
    answer."""
    played = 0
    game_id = record.envelope.game_id
    rest: dict[int, tuple[tuple[str, ...], str]] = {}
    """The slides of a queued turn that another seat's decision cut off (a card taken after the
    dragon, the answers to a claim): played on when that decision is answered here and the turn
    goes on, as a plan in a reply goes on (:func:`pbem.service.plans.play_on`)."""
    while played < limit:
        if record.envelope.status != "active":
            break
        todo: list[NewEntry] | None = None
        queued = -1
        for d in record.pending():
            todo = _rest_of_queue(record, d.seat, d.kind, *rest.pop(d.seat, ((), "")))
            if todo is not None:
                break
            orders = orders_of(store, record, d.seat)
            if orders == Orders():
                continue
            if orders.next and d.kind == "move" and _turn_starts(record):
                fallback = fallback_text(record, d.seat, orders)
                todo = queued_entries(
                    record, d.seat, orders.next, orders.guard, orders.later, fallback
                )
                queued = d.seat if len(todo) > 1 else -1
                break
            action = action_for(record, d.seat, d.kind, orders)
            if action is not None:
                todo = [ActionEntry(d.seat, action=action, source="mail")]
                break
        if todo is None:
            break
        try:
            record = store.commit(game_id, record.seq, todo, clock())
        except ConflictError:
            record = store.load(game_id)
            continue
        played += 1
        for e in todo:
            if isinstance(e, Plan):
                n = sum(1 for p in record.produced if p.kind == "action" and p.seat == e.seat)
                if n < len(e.texts):
                    rest[e.seat] = (e.texts[n:], e.fallback)
        if queued >= 0:
            record = _note_played(store, record, queued, clock)
    return played, record


def _note_played(
    store: Store, record: GameRecord, seat: int, clock: Callable[[], datetime]
) -> GameRecord:
    """After a queued turn was played: what it played, sealed for the seat's own mails."""
    done = [
        [p.notation or "", *([p.instead] if p.instead else [])]
        for p in record.produced
        if p.kind == "action" and p.seat == seat
    ]
    if not done or record.envelope.status == "ended":
        return record
    try:
        return store.commit(
            record.envelope.game_id, record.seq, [entry(seat, Orders(played=done), None)], clock()
        )
    except ConflictError:
        return store.load(record.envelope.game_id)


def fallback_text(record: GameRecord, seat: int, orders: Orders | None) -> str:
    """The action a plan of ``seat`` plays instead of a slide that is illegal when its time
    comes (``STANDING BLOCKED PAVILION``): its bribed official's move toward the active
    pavilion (``BLOCKED PAVILION DOOR``: or else another official's toward the door, ``RK
    pavilion or door``; ``BLOCKED PAVILION DOOR ANY``: or else the move that changes least, ``RK
    pavilion or door or any``); ``""``: none (the plan stops there)."""
    if orders is None or orders.blocked not in ("pavilion", "door", "any"):
        return ""
    if record.game.name not in GAMES:
        return ""
    mine = getattr(record.state, "selections", ())[seat]
    if mine < 0:
        return ""
    code = getattr(record.game, "board").official_code(mine)  # noqa: B009
    return (
        f"{code} "
        + {
            "pavilion": "pavilion",
            "door": "pavilion or door",
            "any": "pavilion or door or any",
        }[orders.blocked]
    )


def instead_sentence(slide: str, move: str, blocked: str) -> str:
    """The seat's own sentence on a ``slide`` it wrote that was played as ``move`` (the standing
    order BLOCKED: ``blocked`` ``pavilion``, ``door`` or ``any``)."""
    if blocked == "any":
        return _(
            "'%(slide)s' could not be played then: %(move)s was played instead (your standing "
            "order BLOCKED PAVILION DOOR ANY)."
        ) % {"slide": slide, "move": move}
    if blocked == "door":
        return _(
            "'%(slide)s' could not be played then: %(move)s was played instead (your official "
            "toward the pavilion, or else another official toward the door)."
        ) % {"slide": slide, "move": move}
    return _(
        "'%(slide)s' could not be played then: your official's move toward the pavilion was "
        "played instead (%(move)s)."
    ) % {"slide": slide, "move": move}


def _rest_of_queue(
    record: GameRecord, seat: int, kind: str, left: tuple[str, ...], fallback: str
) -> list[NewEntry] | None:
    """The rest of a queued turn, when the game asks ``seat`` for a move of the same turn again
    and the next slide is legal then (or its ``fallback``; None: nothing to play)."""
    from pbem.store.writer import plan_stop

    if not left or kind != "move" or _turn_starts(record):
        return None
    game, status, state = record.game, record.envelope.status, record.state
    if plan_stop(game, status, state, seat, kind, left[0], fallback) is not None:
        return None
    if plan_stop(game, status, state, seat, kind, left[0]) is not None:
        left = (fallback, *left[1:])
    return [Plan(seat, left, kind=kind, source="mail", fallback=fallback)]


# -------------------------------------------------------------------------------- NEXT

CLEAR_NEXT = Orders(next=[])


def next_alternatives(arg: str) -> list[str] | None:
    """``NEXT <arg>``: the queued alternatives of the next turn in order (``[]``: NEXT OFF;
    None: nothing)."""
    turns = next_turns(arg)
    return None if turns is None else (turns[0] if turns else [])


def next_turns(arg: str) -> list[list[str]] | None:
    """``NEXT <arg>``: the queued turns in order (``NEXT RK N; BG E NEXT RK pavilion``: the
    command word again starts the turn after), each its alternatives in order (``[]``: NEXT
    OFF; None: nothing)."""
    text = arg.strip()
    if not text:
        return None
    if _WORDS.get(text.upper().rstrip(".!")) == "off":
        return []
    from pbem.commands.grammar import else_parts, turn_parts

    return [else_parts(t) for t in turn_parts(text)]


def _turn_starts(record: GameRecord) -> bool:
    """Is the move owed the first of a turn (not a later slide of a turn in Die Verbotene
    Stadt, nor the bonus move of a believed bluff)?"""
    st = record.state
    return getattr(st, "move_no", 0) == 0 and not getattr(st, "bonus_move", False)


def queued_entries(
    record: GameRecord,
    seat: int,
    alternatives: Sequence[str],
    guard: str | None = None,
    later: Sequence[Sequence[str]] | None = None,
    fallback: str = "",
) -> list[NewEntry]:
    """The lines that play a queued move now: the queue emptied (or, with turns queued after
    this one, ``later``, the first of them queued next), then the first alternative whose first
    action is legal (as a plan where the game takes plans; with a ``fallback``, see
    :func:`fallback_text`, the first alternative with the fallback for its first action when
    none is legal and the fallback is). None legal, or the position no longer the one the move
    was read against (``guard``, see ``Game.plan_context``: in Die Verbotene Stadt another
    bribed official): only the emptied queue (the seat then gets its turn mail as usual)."""
    from pbem.commands.grammar import plan_parts
    from pbem.service.facts import plan_kind

    game, state = record.game, record.state
    out: list[NewEntry] = [entry(seat, CLEAR_NEXT, None)]
    if guard is not None and game.plan_context(state, seat) != guard:
        return out
    kind = plan_kind(game.name)
    chosen: list[str] | None = None
    for alt in alternatives:
        parts = plan_parts(alt) if kind else [alt]
        try:
            game.parse(state, seat, parts[0])
        except RuleError:
            continue
        chosen = parts
        break
    if chosen is None and fallback and alternatives:
        with contextlib.suppress(RuleError):
            game.parse(state, seat, fallback)
            chosen = plan_parts(alternatives[0]) if kind else [alternatives[0]]
    if chosen is None:
        return out
    if later:
        rest = [list(t) for t in later]
        out = [entry(seat, Orders(next=rest[0], later=rest[1:] or None, guard=guard), None)]
    if kind and (len(chosen) > 1 or fallback):
        out.append(Plan(seat, tuple(chosen), kind=kind, source="mail", fallback=fallback))
    else:
        out.append(ActionEntry(seat, text=chosen[0], source="mail"))
    return out
    if later:
        rest = [list(t) for t in later]
        out = [entry(seat, Orders(next=rest[0], later=rest[1:] or None, guard=guard), None)]
    if kind and len(chosen) > 1:
        out.append(Plan(seat, tuple(chosen), kind=kind, source="mail", fallback=fallback))
    elif chosen[0] == fallback and fallback:
        out.append(Plan(seat, (fallback,), kind=kind or "move", source="mail", fallback=fallback))
    else:
        out.append(ActionEntry(seat, text=chosen[0], source="mail"))
    return out


_TRUST = frozenset(
    re.split(
        r"\s+",
        """believe believes trust trusts crois croit croire croyez confiance crede credo credere
        credete fido fida fidarmi fidarsi fiducia glaube glauben glaubt traue trauen traut
        vertraue vertrauen""",
    )
)
"""Words of believing others (the stance of "STANDING CLAIM BELIEVE", denied: of DOUBT)."""
_MISTRUST = frozenset(
    re.split(
        r"\s+",
        """doubt doubts suspect lie lies lying liar liars bluff bluffs bluffing doute doutes douter
        doutez soupconne mentent ment menteur menteurs bluffe bluffent dubito dubitare dubitate
        sospetto mentono mente bugiardi bugiardo bluffano zweifle zweifeln bezweifle misstraue
        luegen luegt luegner bluffen blufft""",
    )
)
"""Words of doubting others, or of their lying (the stance of DOUBT, denied: of BELIEVE)."""
_KEEPING = frozenset(
    re.split(r"\s+", "keep keeps garde garder gardez tengo tenere tenete behalte behalten")
)
_CHANGING = frozenset(
    re.split(
        r"\s+", "change changes switch changer cambio cambiare aendere aendern wechsle wechseln"
    )
)
"""Words of keeping a selection, and of changing it (denied: of keeping it)."""
_NEGATIVE = frozenset(
    re.split(
        r"\s+",
        """not no never ne pas plus jamais personne rien aucun aucune non mai nessuno nessuna
        niente nulla nicht nie niemals niemand niemandem niemanden keinem keinen keiner kein keine
        nichts nobody noone none nothing""",
    )
)
"""A negation in a reason before orders (negative concord: "je ne fais confiance à personne"
and "non credo mai a nessuno" deny once)."""
_UNSURE = frozenset(
    re.split(
        r"\s+",
        """maybe perhaps probably unless except only but if peut-etre probablement sauf seulement
        mais forse magari probabilmente tranne solo ma vielleicht wahrscheinlich eventuell ausser
        nur aber wenn falls whether se si ob know knows sais sait so sa weiss sure sur sure
        sicuro sicura sicher""",
    )
)
"""A doubt, a limit or a condition in a reason: the reason then does not restate the orders."""


def restated(arg: str, reason: str, n_players: int = 4) -> bool:
    """Does ``reason``, the prose before an order in capitals, say the same as the order ``arg``
    (issue 31, eighth round)? Then a negation in it is its own, not a denial of the order: "Non mi
    fido di nessuno: ORDINE DICHIARAZIONE DUBITARE", "I never trust anyone: STANDING CLAIM DOUBT"
    (trust denied is doubt), "Pour le dragon, prenez d'abord à Nord, sinon à Sud : CONSIGNE VOL
    NORD SUD" (the same seats in the same order), "I never change my selection: STANDING RESELECT
    KEEP". False when the order sets more than one thing, when the reason holds a question, a
    doubt, a limit or a condition, or says anything else ("I don't trust anyone: STANDING CLAIM
    BELIEVE", "Not yet: STANDING CLAIM DOUBT", "Never from North: STANDING STEAL NORTH SOUTH")."""
    from pbem.commands.vocabulary import fold_word

    try:
        orders = parse(arg, -1, n_players)
    except CommandError:
        return False
    if orders is None or "?" in reason:
        return False
    set_ = [f for f in SUBJECTS if getattr(orders, f) is not None]
    raw = re.findall(r"[^\W\d_][\w'’-]*", reason)
    words = [fold_word(t.split("'")[-1].split("’")[-1]).lower() for t in raw]
    if len(set_) != 1 or any(w in _UNSURE for w in words):
        return False
    negated = any(w in _NEGATIVE or w.endswith("n't") for w in words) or any(
        fold_word(t).lower().endswith("n't") for t in raw
    )
    if set_ == ["claim"]:
        trust, mistrust = _TRUST.intersection(words), _MISTRUST.intersection(words)
        if bool(trust) == bool(mistrust):
            return False
        return orders.claim == ("doubt" if bool(trust) == negated else "believe")
    if set_ == ["reselect"]:
        keep, change = _KEEPING.intersection(words), _CHANGING.intersection(words)
        if bool(keep) == bool(change) or orders.reselect != "keep":
            return False
        return bool(keep) != negated
    if set_ == ["steal"] and not negated:
        said = [
            _SEATS[w.upper()]
            for t, w in zip(raw, words, strict=True)
            if len(w) > 2 and w.upper() in _SEATS and (w != "est" or t[0].isupper())
        ]
        said = [s for k, s in enumerate(said) if s not in said[:k]]
        return bool(said) and said == orders.steal
    return False
