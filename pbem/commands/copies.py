"""The answered mail's own text copied into a reply, and other games named around a move
(issue 31).

Players work from the mail they answer: they copy its list of examples and mark the one they
choose ("O13 R1   <-- celui-ci", "L12 R2   <- diesen", "M8 R1   <- R2 instead": M8 R2), or copy
its sentence and fill in the move ("À vous (mauve) : posez votre tuile : M8 R2", "Tocca a voi
(viola): piazzate la vostra tessera in P12 R2."). :func:`uncopied` writes such lines as the move
they say, so that the grammar then reads them as any other line; anything it is not sure of is
left as it was (read, or asked back, as before): a list with no mark or two marks, a mark that
asks or denies ("<- geht der?", "<-- non questa"), a line of the list that is none of the
examples the mail showed.

Around a move, the player's words on which game it is for are read too: another game named by
its name or by an id that is not the game read's ("Dans l'autre partie : L12 R1", "per la
partita fc-9m2x: N9 R3") is asked back, this game named ("Pour la partie fc-7k3q (celle du
jeudi) : N9 R3", "FC game: L12 R1") is read; and a question with no whole move that the
player answers "no" before stating the move ("la solita M13 di Franco? No, stavolta la prendo
io: M13 R1") is set aside with its "no".
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field

from pbem.commands.retraction import HESITATION, fold, is_take_back
from pbem.i18n import _, current
from pbem.mail.reply import denies, is_correction
from pbem.rules.base import RuleError

_MARK = re.compile(r"\s*(?:<[-=]{1,4}|<<+|[←⟵⇐⬅]+)\s*")
"""An arrow after a line of the list, pointing back at it (``<--``, ``<=``, ``<<``, ``←``)."""
_LINE = re.compile(r"^\s*(?P<move>[A-Za-z]{1,2}\d{1,2}\s+[Rr]\s?\d)\s*(?:(?P<mark>" + _MARK.pattern
                   + r")(?P<said>.*))?$")  # fmt: skip
"""A line of the list as the mail shows it (a square and its rotation), with a mark after it."""

_POINTING = frozenset(
    (
        "this", "that", "one", "these", "here", "it", "mine", "choice", "pick", "chosen", "choose",
        "take", "go", "with", "want", "ce", "ça", "ca", "cela", "celui", "celle", "ci", "là", "la",
        "celui-ci", "celui-là", "celle-ci", "celle-là", "ici", "lui", "mon", "choix", "coup",
        "prends", "choisis", "veux", "voilà", "voila", "questa", "questo", "quella", "quello", "qui",
        "qua", "lei", "mia", "mossa", "scelta", "scelgo", "prendo", "voglio", "ecco", "diesen",
        "diese", "dieser", "dieses", "dies", "das", "den", "der", "hier", "da", "mein", "meine",
        "meinen", "zug", "wahl", "nehme", "nehm", "wähle", "waehle", "will", "genau"
    )
)  # fmt: skip
"""The words of a mark that picks its line ("<-- this one", "<-- celui-ci", "<= questa qui",
"<- diesen", "<-- den nehme ich"), the player's own words (I, je, io, ich) and courtesy aside."""
_PERSONS = frozenset(("i", "i'll", "ill", "je", "j'", "me", "moi", "io", "ich"))
_COURTESY = frozenset(
    (
        "please", "pls", "thanks", "thank", "you", "svp", "stp", "s'il", "vous", "te", "plaît",
        "plait", "merci", "per", "favore", "grazie", "prego", "bitte", "danke", "schön", "schoen",
        "sehr"
    )
)  # fmt: skip
_INSTEAD = frozenset(
    (
        "instead", "rather", "then", "better", "plutôt", "plutot", "au", "lieu", "alors", "mieux",
        "invece", "piuttosto", "allora", "meglio", "stattdessen", "statt", "dessen", "lieber",
        "besser", "doch", "dann"
    )
)  # fmt: skip
"""The words of a mark that turns its line's tile ("<- R2 instead", "<-- plutôt R2", "<- lieber
R1")."""
_ROTATION = re.compile(r"(?i)^r\s?([0-3])$")


def _words(said: str) -> list[str]:
    return [w for w in re.split(r"[\s,.;:!()]+", said.casefold().replace("’", "'")) if w]


def _picks(said: str) -> bool:
    """Does a mark's text pick its line, and say nothing else?"""
    words = _words(said)
    if "?" in said or not words or denies(words):
        return False
    plain = [w for w in words if w not in _COURTESY and w not in _PERSONS]
    return bool(plain) and all(w in _POINTING for w in plain)


def _turned(said: str) -> str | None:
    """The rotation a mark's text turns its line's tile to ("R2 instead"), or None."""
    words = [w for w in _words(said.replace("R ", "R")) if w not in _COURTESY]
    if "?" in said:  # (the words are a closed list: "instead", "lieber" deny the line's own)
        return None
    turns = [m.group(1) for w in words if (m := _ROTATION.match(w))]
    rest = [w for w in words if not _ROTATION.match(w)]
    if len(turns) != 1 or not all(w in _INSTEAD or w in {"no", "non", "nein"} for w in rest):
        return None
    return f"R{turns[0]}"


def _legal(parse_action: Callable[[str], object], text: str) -> bool:
    try:
        parse_action(text)
    except RuleError:
        return False
    return True


def _norm(move: str) -> str:
    return " ".join(move.upper().replace("R ", "R").split())


def _marked_list(
    lines: list[str],
    parse_action: Callable[[str], object],
    suggested: Mapping[str, Sequence[str]],
) -> list[str]:
    """The reply's lines with each copied list that has one line marked written as that line's
    move (with the rotation the mark says, if any); the other lines of such a list dropped."""
    shown = {_norm(m) for moves in suggested.values() for m in moves}
    out: list[str] = []
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and _LINE.match(lines[j]):
            j += 1
        if j == i:
            out.append(lines[i])
            i += 1
            continue
        run = [_LINE.match(x) for x in lines[i:j]]
        marked = [m for m in run if m is not None and m["mark"] is not None]
        others = [_norm(m["move"]) for m in run if m is not None and m["mark"] is None]
        chosen: str | None = None
        if len(marked) == 1 and (not others or (shown and all(o in shown for o in others))):
            m = marked[0]
            move = _norm(m["move"])
            if _picks(m["said"]):
                chosen = move
            elif (turn := _turned(m["said"])) is not None:
                chosen = f"{move.rsplit(' ', 1)[0]} {turn}"
            if chosen is not None and not _legal(parse_action, chosen):
                chosen = None
        if chosen is None:
            out.extend(lines[i:j])
        else:
            out.append(chosen)
        i = j
    return out


_MARKED_EDIT = re.compile(
    r"(?i)^\s*(?P<move>[^<←⬅]*?[^\W\d_]+\d+)\s+(?P<old>R\s*[0-3])\s*(?:<-+|<=+|←|⬅|<<)\s*"
    r"(?P<new>R\s*[0-3])(?:\s+(?:instead|rather|plut[ôo]t|invece|piuttosto|stattdessen|lieber|please"
    r"|svp|stp|s['’]il\s+vous\s+pla[îi]t|per\s+favore|bitte))*\s*[!.]*\s*$"
)
"""A line of our examples with its rotation changed by an arrow ("M8 R1   <- R2 instead", "L12 R2
<- R3 plutôt", "P10 R1 <- R0 bitte"): the move with the new rotation."""
_EDIT_MAX = 200
"""The longest line read as such an edit: its move is found by trying every place a square may
start, so a hostile line of thousands of letters cost seconds (a line of our examples with its
arrow and courtesy words is a few dozen characters)."""


def _edited_example(todo: list[str]) -> list[str]:
    """The lines of a reply with the one line of our examples whose rotation an arrow changes
    (:data:`_MARKED_EDIT`: "M8 R1   <- R2 instead") written as that move, marked ("M8 R2 <-"),
    when the reply asks nothing: read as the move it makes, and as the one marked among the
    other lines of our list it copied (grammar's ``_marked_choice``)."""
    if any("?" in x for x in todo):
        return todo
    edits = [k for k, x in enumerate(todo) if len(x) <= _EDIT_MAX and _MARKED_EDIT.match(x)]
    if len(edits) != 1:
        return todo
    m = _MARKED_EDIT.match(todo[edits[0]])
    assert m is not None
    square = re.search(r"[^\W\d_]+\d+$", m["move"])
    assert square is not None  # (the pattern ends the move with its square)
    out = list(todo)
    out[edits[0]] = f"{square[0]} {m['new'].replace(' ', '').upper()} <-"
    return out


@functools.cache
def _turn_sentence(lang: str) -> tuple[re.Pattern[str], str]:
    """The mail's sentence that asks for the move, in the reader's language, up to the decision
    it names ("À vous (mauve) : posez votre tuile", "Place your tile"; the name of the seat's
    colour any), and the words that lead on to its examples (", par exemple"). ``lang``, the
    current language, keys the cache."""
    said = _("Your turn (%(who)s): place your tile, e.g. %(examples)s.")
    decision = _("place your tile")
    head, _sep, _examples = said.partition("%(examples)s")
    at = head.casefold().find(decision.casefold())
    if at < 0:  # (a catalog that words the two apart: the decision alone)
        lead, on = "", ""
    else:
        lead, on = head[:at], head[at + len(decision) :]
    parts = [
        r"\s*".join(re.escape(w) for w in chunk.split())
        for chunk in lead.replace("%(who)s", "\0").split("\0")
    ]
    lead_re = r"[^()\n]{0,40}".join(parts)
    decision_re = r"\s+".join(re.escape(w) for w in decision.split())
    pattern = (
        rf"(?i)^\W*(?:{lead_re}\s*)?{decision_re}(?:\s*[:,.;–—-])*\s*"
        if lead_re
        else (rf"(?i)^\W*{decision_re}(?:\s*[:,.;–—-])*\s*")
    )
    return re.compile(pattern), " ".join(on.strip(" ,.:;").split()).casefold()


def _filled_in(line: str) -> str:
    """``line`` without the mail's sentence the player filled the move into ("Tocca a voi
    (viola): piazzate la vostra tessera in P12 R2." -> "in P12 R2."); the line as it was when
    it is not that sentence, or when its examples follow ("..., e.g. M8 R1, P10 R0": a copy)."""
    pattern, on = _turn_sentence(current())
    m = pattern.match(line)
    if m is None or m.end() == len(line):
        return line
    rest = line[m.end() :]
    if on and " ".join(rest.split()).casefold().startswith(on):
        return line
    return rest


_FC = r"forbidden[\s-]*city|(?-i:FC)|knizia"
_VS = r"(?:die\s+)?verbotenen?[\s-]*stadt|(?-i:VS)|randolph|r[üu]e?ttinger"
_OTHER = (
    r"(?:the|my|that)\s+other(?:\s+(?:game|match|one))?|l['’]\s*autre(?:\s+partie)?"
    r"|autre\s+partie|(?:(?:nel|del|al|sul|dal|col)l['’]\s*|l['’]\s*|un['’]\s*|per\s+l['’]\s*)"
    r"altra(?:\s+partita)?"
    r"|altra\s+partita|(?:die|der|den|dem)\s+anderen?(?:\s+(?:partie|spiel|runde))?"
    r"|anderen?\s+(?:partie|spiel)"
    # the player's other games, several ("dans les deux autres", "the other two games", "nelle
    # altre due", "in den anderen beiden"; nineteenth round)
    r"|(?:the\s+)?other\s+(?:two|three|games|matches)(?:\s+(?:games|ones))?"
    r"|les\s+(?:deux\s+|trois\s+)?autres\s+parties|les\s+(?:deux|trois)\s+autres"
    r"|(?:le|nelle|delle|alle|sulle)\s+altre\s+(?:due|tre|partite)(?:\s+partite)?"
    r"|(?:die|den)\s+(?:anderen\s+(?:beiden|zwei|drei|partien|spiele)|beiden\s+anderen)"
    r"(?:\s+(?:partien|spiele))?"
)
"""Another game of the player's, named by the words that say it is another ("in the other
game", "dans l'autre partie", "nell'altra partita", "all'altra partita", "sull'altra", "in der
anderen Partie"; the Italian article elided in every preposition: seventeenth round)."""
_NAMED = re.compile(
    rf"(?i)(?<![\w'’])(?:(?P<fc>{_FC})|(?P<vs>{_VS})|(?P<other>{_OTHER}))(?![\w'’])"
)
_DENIED = re.compile(
    r"(?i)(?<![\w'’])(?:not|pas|non|nicht|kein|keine|nor|ni|né)(?:\s+(?:for|pour|per|für|fuer"
    r"|in|dans|nella|nel|the|la|le|die|der|den|quella|quello|celle|celui|de|di|della|dello"
    r"|del))*\s*$"
)
"""A game's name denied by the words before it ("not the Verbotene Stadt", "nicht für die
Verbotene Stadt", "pas la", "non quella della")."""
_HERE = {
    "en": r"here|in\s+this\s+(?:game|one)|this\s+game",
    "fr": r"ici|dans\s+celle-ci|dans\s+cette\s+partie|cette\s+partie",
    "it": r"qui|qua|in\s+questa(?:\s+partita)?|questa\s+partita",
    "de": r"hier|in\s+dieser(?:\s+partie)?|diese\s+partie",
}
"""This game, said against another one ("..., here I play N13 R1", "hier lege ich L12 R1")."""
_FC_MOVE = re.compile(r"(?<![\w'’])[A-Za-z]\d{1,2}(?:\s*,?\s*[Rr]\s?\d)?(?![\w'’])")


THIS_GAME: ContextVar[str] = ContextVar("this_game", default="")
"""The id of the game whose reply is being read ("fc-7k3q"), while the service reads it; empty
everywhere else, where a game named by its id is taken for another game."""


@contextlib.contextmanager
def this_game(game_id: str) -> Iterator[None]:
    """:data:`THIS_GAME` set to ``game_id`` for the reading inside the block."""
    token = THIS_GAME.set(game_id)
    try:
        yield
    finally:
        THIS_GAME.reset(token)


_GAME_ID = re.compile(
    r"(?i)(?<![\w'’-])(?P<kind>fc|vs|[a-z]{1,3}(?=-[2-9a-z]*\d))-[2-9a-z]{4,5}(?![\w'’-])"
)
"""A game's id as the service writes it (``fc-7k3q``, ``vs-f24n``: the initials of the game's
name and four letters or digits, pbem.store.committer), not an offer's (``o-fc-3a9c``)."""


_ID_WORD = re.compile(
    r"(?i)(?<![\w-])(?P<kind>fc|vs|[a-z]{1,3}(?=-[2-9a-z]*\d))-[2-9a-z]{4,5}(?![\w-])"
)
"""A game's id as :data:`_GAME_ID` finds it, and also between quotes or before "'s"
(``'fc-m8r2'``): every id a reply writes, masked before reading."""
_MASK_TAILS = tuple(
    "".join("zq"[(k >> b) & 1] for b in range(n)) for n in (4, 5) for k in range(2**n)
)
"""The tails of the words a game's id is read as (``fc-zzzz``, ``fc-zzzq``...): letters that
neither game reads as a square, a rotation, a piece or a way, so that ``fc-m8r2`` is never
the move M8 R2 (nor ``FC-N12A`` a square N12): 48 ids a reply."""


@dataclass(eq=False)
class IdMask:
    """The games' ids of a reply, each written as a word that reads as no move while the reply
    is read (:func:`masked_ids`); :meth:`restore` writes them back as the player wrote them."""

    here: str = ""
    """The word standing for the id of the game read (:data:`THIS_GAME` while reading), or ""."""
    back: dict[str, str] = field(default_factory=dict)
    """Each standing word and the id it stands for, as first written."""

    def restore(self, text: str) -> str:
        """``text`` with the ids as the player wrote them."""
        if not self.back or "-z" not in text.casefold():
            return text
        words = "|".join(sorted(self.back, key=len, reverse=True))
        return re.sub(
            rf"(?i)(?<![\w-])(?:{words})(?![\w-])",
            lambda m: self.back[m.group(0).casefold()],
            text,
        )


def masked_ids(texts: Sequence[str], game_id: str) -> tuple[list[str], IdMask]:
    """``texts`` with every game's id (:data:`_ID_WORD`) written as a word that reads as no move
    (:data:`_MASK_TAILS`; the same id in any case is one word), and the mask that writes them
    back. ``game_id``: the game read, whose id stands as :attr:`IdMask.here`. A text that already
    holds such a word keeps its ids; past 48 ids a reply's others all stand as the last word
    (written back as the first of them)."""
    mask = IdMask()
    if not any(_ID_WORD.search(t) for t in texts) or any(
        m.group(0).casefold().split("-", 1)[1] in _MASK_TAILS
        for t in texts
        for m in _ID_WORD.finditer(t)
    ):
        return list(texts), mask
    words: dict[str, str] = {}

    def word(m: re.Match[str]) -> str:
        said = m.group(0).casefold()
        if said not in words:
            if len(words) == len(_MASK_TAILS):  # more ids than words: the last word, read as
                return f"{m['kind'].casefold()}-{_MASK_TAILS[-1]}"  # no move all the same
            words[said] = f"{m['kind'].casefold()}-{_MASK_TAILS[len(words)]}"
            mask.back[words[said]] = m.group(0)
        return words[said]

    out = [_ID_WORD.sub(word, t) for t in texts]
    mask.here = words.get(game_id.casefold(), "")
    return out, mask


def _ids(text: str) -> set[str]:
    """The games ``text`` names by their id: this game's (``"fc"`` in a game of Forbidden City,
    ``"vs"`` in one of Die Verbotene Stadt), any other id ``"other"`` (another game of the
    player's: asked back, never played here; every id is another game's where the game read is
    not known)."""
    here = THIS_GAME.get().casefold()
    return {
        (here.split("-")[0] if m.group(0).casefold() == here else "other")
        for m in _GAME_ID.finditer(text)
        if not _DENIED.search(text[: m.start()].split(",")[-1][-40:])
    }


def _games(text: str) -> set[str]:
    """The games ``text`` names and does not deny: ``"fc"``, ``"vs"``, ``"other"`` (by their
    names, or by their ids, :func:`_ids`)."""
    named = _GAME_ID.sub(lambda m: " " * len(m.group(0)), text)  # ("FC-7K3Q" names by its id)
    return {
        str(m.lastgroup)
        for m in _NAMED.finditer(named)
        if not _DENIED.search(named[: m.start()].split(",")[-1][-40:])
    } | _ids(text)


def names_game(text: str) -> bool:
    """Does ``text`` name a game, this one or another, by its name or its id ("autre partie",
    "the other game", "la VS", "fc-7k3q")? Chatter after a move that does is no apology for a
    delay ("o9 r2 autre partie dsl"; issue 31, fifteenth round)."""
    return bool(_games(text))


def games_named(text: str) -> set[str]:
    """The games ``text`` names and does not deny (``"fc"``, ``"vs"``, ``"other"``), and
    ``"here"`` when it says "this game" in the reader's language ("questa partita", "in this
    one")."""
    here = _HERE.get(current(), _HERE["en"])
    said = {"here"} if re.search(rf"(?i)(?<![\w'’])(?:{here})(?![\w'’])", text) else set()
    return _games(text) | said


def names_other_game(text: str) -> bool:
    """Does ``text`` name another game than the one answered, in words ("the other one", "in
    der anderen", "nell'altra", "les deux autres")?"""
    return "other" in _games(text)


def other_game(line: str) -> str | None:
    """The first move of Forbidden City in ``line`` when the words before it say it is for
    another game ("Das ist für die andere Partie: L12 R1", "Pour la Verbotene Stadt : M13 R1",
    "In the other game I'll play O9 R2"): no move of this game, the reply is asked back. None
    otherwise."""
    move = _FC_MOVE.search(line)
    if move is None:
        return None
    lead = line[: move.start()]
    named = _games(lead)
    here = _HERE.get(current(), _HERE["en"])
    if (
        named & {"other", "vs"}
        and "fc" not in named
        and not re.search(rf"(?i)(?<![\w'’])(?:{here})(?![\w'’])", lead)
    ):
        return move.group(0)
    return None


def _fc_led(sentence: str) -> str | None:
    """The move of a sentence whose lead-in names this game, Forbidden City, and no other but
    denied ("FC game (the Knizia one with Dave and Sue): L12 R1.", "(Zug für die
    Forbidden-City-Partie, nicht für die Verbotene Stadt!) L11 R1"), or None."""
    move = _FC_MOVE.search(sentence)
    if move is None:
        return None
    lead, rest = sentence[: move.start()].rstrip(), sentence[move.start() :]
    if not (lead.endswith(":") or lead.endswith(")")) or "?" in sentence:
        return None
    if (
        _games(lead) != {"fc"}
        or _NAMED.search(rest)
        or _GAME_ID.search(rest)
        or _FC_MOVE.search(rest[move.end() - move.start() :])
    ):
        return None
    return rest


def _game_led(line: str, fc: bool) -> str:
    """``line`` without the words that name this game before its move ("Betrifft die Partie
    mit Heike und Tom (Forbidden City), nicht die Verbotene Stadt: N13 R2.", "FC game: L12
    R1.") or that set another game's move aside ("In der anderen Partie habe ich gestern P12
    R0 gelegt, hier lege ich L12 R1"); when ``fc`` (the player named this game, Forbidden City,
    before a move of it), without the sentences of another game's news that name no move ("VS
    game: still waiting on North."). The line as it was when not sure."""
    if not _NAMED.search(line) and not _GAME_ID.search(line):
        return line
    here = _HERE.get(current(), _HERE["en"])
    m = re.search(rf"(?i)[,;:.]\s+(?:(?:but|mais|ma|aber|doch)\s+)?(?=(?:{here})(?![\w'’]))", line)
    if (
        m is not None
        and _games(line[: m.start()]) == {"other"}
        and not _NAMED.search(line[m.end() :])
    ):
        return line[m.end() :]  # "In the other game I played O9 R2; here I play N13 R1."
    kept: list[str] = []
    for sentence in re.split(r"(?<=[.!])\s+(?=\S)", line):
        named = _games(sentence)
        if not named:
            kept.append(sentence)
        elif (rest := _fc_led(sentence)) is not None:
            kept.append(rest)  # "FC game: L12 R1."
        elif (
            fc
            and named <= {"other", "vs"}
            and not _FC_MOVE.search(sentence)
            and "?" not in sentence
        ):
            continue  # "VS game: still waiting on North." (another game's news)
        else:
            return line
    return " ".join(kept)


_TO_SOMEONE = re.compile(
    r"^(?P<move>[^?]*?(?<![\w'’])[A-Za-z]\d{1,2}\s+[Rr]\s?\d(?![\w'’]))\s*(?:[.!]+\s+|\s+[-–—]+\s+|\s*;\s+)"
    r"(?:(?:and|et|e|und)\s+)?(?P<name>[A-ZÀ-Ý][a-zà-ÿß]+),\s+(?P<said>[^?]+)$"
)
"""A move, then a sentence to another player by name ("P11 R3 – und Klaus, dein Tipp war Mist",
"L9 r0. Luca, smettila di lamentarti")."""
_YOU = frozenset(
    (
        "you", "your", "you're", "you've", "yours", "tu", "ton", "ta", "tes", "toi", "t'", "vous",
        "votre", "vos", "ti", "tuo", "tua", "tuoi", "tue", "smettila", "smetti", "hai", "sei",
        "du", "dein", "deine", "deinen", "deiner", "dir", "dich", "hast", "bist",
    )
)  # fmt: skip
"""The words that speak to the person named (the remark is theirs, not the move's)."""
_ABOUT_A_MOVE = frozenset(
    (
        "move", "moves", "coup", "coups", "mossa", "mosse", "zug", "züge", "tile", "tuile",
        "tessera", "plättchen", "plaettchen", "rotation", "rotazione", "drehung", "square", "case",
        "casella", "feld", "mean", "meant", "right", "raison", "ragione", "recht", "instead",
        "plutôt", "plutot", "invece", "anzi", "stattdessen", "lieber", "sorry", "pardon", "scusa",
        "scusate", "entschuldigung", "wait", "attends", "aspetta", "warte", "moment", "ignore",
        "oubliez", "ignorate", "vergiss", "vergesst",
    )
)  # fmt: skip
"""The words of a remark that may be about the move after all (a correction, a take-back, the
player agreeing: "tu as raison"): the remark is then left to the grammar and its guard."""


_HESITATION = re.compile(HESITATION)
_NO_NAME = frozenset(
    (
        "hmm", "hm", "mmh", "mh", "oh", "ah", "eh", "euh", "bah", "beh", "boh", "mah", "bon",
        "bref", "ben", "alors", "allez", "enfin", "voila", "voilà", "ouais", "oui", "non", "allora",
        "dai", "quindi", "comunque", "insomma", "ecco", "sì", "si", "also", "naja", "nun", "egal",
        "jedenfalls", "gut", "ja", "nein", "doch", "well", "ok", "okay", "so", "anyway", "right",
        "yes", "no", "nah", "yeah", "sorry", "pardon", "et", "mais", "ma", "und", "aber", "and",
        "but", "or", "ou", "oder", "o", "then", "puis", "poi", "dann", "sinon", "altrimenti",
        "sonst", "otherwise", "wait", "attends", "aspetta", "warte", "moment",
    )
)  # fmt: skip
"""Words that open a sentence as names do but address nobody ("M13 R2. Hmm, à la réflexion je
ne suis pas sûr du tout." is the player doubting, not a remark to a "Hmm")."""


def _to_someone(line: str) -> str:
    """``line`` without a remark to another player after its move, which names no move and
    speaks to that player ("P11 R3 – und Klaus, dein „todsicherer Tipp“ von letzter Woche war
    Mist.", "L9 r0. Luca, smettila di lamentarti della sfortuna, ... non ci sono nemmeno i
    dadi."): its words of no and never are about that player, not the move. The line as it
    was otherwise."""
    m = _TO_SOMEONE.match(line)
    if m is None:
        return line
    said = m["said"]
    words = _words(said)
    if (
        not set(words) & _YOU
        or set(words) & _ABOUT_A_MOVE
        or _FC_MOVE.search(said)
        or is_take_back(said)
        or _ROTATION.match(m["name"])
        or m["name"].lower() in _NO_NAME
        or _HESITATION.search(fold(said))
    ):
        return line
    if words[0] not in _YOU and is_correction(said):
        return line  # (one that starts on the person's own, "dein Tipp war Mist", is theirs)
    return m["move"]


_ANSWERED = re.compile(
    r"(?i)^(?P<asked>[^?]*\?)\s+(?:(?:ma|mais|but|aber|eh|oh|ah)\s+)?(?:no|non|nein|nope|nah|nö|noe"
    r"|nee)\s*[,.!:;–—-]*\s+(?P<rest>\S[^?]*)$"
)
_FULL_MOVE = re.compile(r"(?<![\w'’])[A-Za-z]\d{1,2}\s*,?\s*[Rr]\s?\d(?![\w'’])")


def _question_answered(line: str) -> str:
    """``line`` without a question that names no whole move and the player's own "no" that
    answers it, when a move follows ("la solita M13 di Franco? No, stavolta la prendo io: M13
    R1.", "Bob's usual M13? No, this time it's mine: M13 R3", "Trop risqué ? Non : L12 R1"): the
    "no" answers the question, it does not deny the move after it. A question that names a
    whole move ("M13 R1? No, M13 R3") and any other line stay as they were."""
    m = _ANSWERED.match(line)
    if m is None or _FULL_MOVE.search(m["asked"]) or len(_FULL_MOVE.findall(m["rest"])) != 1:
        return line
    return m["rest"]


def _questions_answered(lines: list[str]) -> list[str]:
    """``lines`` with :func:`_question_answered` on each line, and on a question with the line
    after it that answers it ("Bob's usual M13?" / "No, this time it's mine: M13 R3"): the
    question's line is then left empty."""
    out = [_question_answered(x) for x in lines]
    for k in range(1, len(out)):
        prev = max((j for j in range(k) if out[j].strip()), default=None)
        if prev is None or not out[prev].rstrip().endswith("?"):
            continue
        joined = f"{out[prev].strip()} {out[k].strip()}"
        if (rest := _question_answered(joined)) != joined:
            out[prev], out[k] = "", rest
    return out


_AGREED = re.compile(
    r"(?i)(?<![\w'’])(?:you(?:'re|\s+are)\s+right|(?:tu\s+as|vous\s+avez)\s+raison"
    r"|(?:hai|avete|ha)\s+ragione|(?:du\s+hast|sie\s+haben|ihr\s+habt)\s+recht)(?![\w'’])"
)
_NO_WORDS = frozenset(("no", "not", "non", "pas", "nicht", "nein", "nope", "nö"))


def conceded(line: str) -> str | None:
    """The move of a line whose remark to another player after it agrees with them and says no
    ("P11 R3 – Klaus, du hast recht, nicht so."): the move may be taken back, so the reply is
    asked back. None otherwise."""
    m = _TO_SOMEONE.match(line)
    if m is None or not _AGREED.search(m["said"]) or not _NO_WORDS & set(_words(m["said"])):
        return None
    move = _FC_MOVE.search(m["move"])
    return move.group(0) if move else None


def uncopied(
    lines: list[str],
    parse_action: Callable[[str], object],
    suggested: Mapping[str, Sequence[str]],
) -> list[str]:
    """``lines`` with what the player copied from the mail answered and worked on written as
    the move it says (see the module docstring); every other line as it was."""
    lines = [_filled_in(x) for x in lines]
    fc = any(_fc_led(y) is not None for x in lines for y in re.split(r"(?<=[.!])\s+(?=\S)", x))
    lines = [_to_someone(_game_led(x, fc)) for x in _questions_answered(lines)]
    # a list of our examples with one line marked, then a line's rotation changed by an arrow
    # where the other lines are not all our examples (read as the move marked)
    return _edited_example(_marked_list(lines, parse_action, suggested))
