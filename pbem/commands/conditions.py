"""A move on a condition the position decides (issue 31, eighth round).

"Se la M13 è ancora libera gioco M13 R2, altrimenti O9 R1", "Can I place on N11? If not, N9 R2 I
guess", "Si la case M13 est encore libre je joue M13 R2, sinon O9 R1", "O9 R1, falls M13 besetzt
ist, sonst M13 R2": the condition is whether a square can still take a tile, which the service
knows from the position as well as the player would. A careful referee plays the move the
condition picks and asks back when it picks none.

Read only when every word is of the condition (the square, "free", "taken", "still"...), of
taking the move ("je joue", "gioco", "I'll put it there") or of courtesy, with one move on each
side of the word that gives the fallback ("otherwise", "sinon", "altrimenti", "sonst", "if
not"...). A word of anyone else, of the past, a doubt, a negation inside the condition or a third
move: not this shape, and the line is read (and asked back) as before. The square "can take a
tile" when one of its four rotations is a legal move now (:func:`square_open`).

The module owns the condition words of the four languages (:data:`IF_WORDS`, :data:`UNLESS_WORDS`,
:data:`ONLY_IF_WORDS`, :data:`OTHERWISE_WORDS`, :data:`IF_NOT_WORDS`, :data:`OR_WORDS`, and
:data:`CONCESSION_WORDS`, which are none): :mod:`pbem.commands.queued` and
:mod:`pbem.commands.retraction` read them from here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pbem.mail.reply import denies, is_known_word
from pbem.rules.base import InvalidSyntax, RuleError

# ---------------------------------------------------------------------------------------------
# The condition words, in the four languages: one owner. Folded (lower case, no accents,
# straight apostrophes); :mod:`pbem.commands.queued` (NEXT's alternatives) and
# :mod:`pbem.commands.retraction` (a condition put after a command) read them from here.
# ---------------------------------------------------------------------------------------------

IF_WORDS = ("if", "si", "s'il", "s'ils", "se", "wenn", "falls", "sofern", "qualora", "provided")
"""The words that start a condition ("in case", "au cas où", "nel caso" are read as these)."""
UNLESS_WORDS = ("unless", "sauf si", "a moins que", "a meno che", "es sei denn")
"""A condition under which the command is not wanted."""
ONLY_IF_WORDS = ("only if", "but only if", "seulement si", "a condition que", "solo se", "nur wenn")
"""A condition the command is wanted under only."""
CONCESSION_WORDS = ("even if", "meme si", "anche se", "pure se", "auch wenn", "selbst wenn")
"""No condition: the command stands whatever the case ("même si je ne devrais pas")."""
OTHERWISE_WORDS = ("otherwise", "else", "sinon", "autrement", "altrimenti", "sonst",
                   "andernfalls", "ansonsten")  # fmt: skip
"""The words that give the fallback ("M13 R2, sinon O9 R1")."""
IF_NOT_WORDS = ("if not", "si non", "se no", "falls nicht", "wenn nicht")
""""If not" said for "otherwise" ("M13 R2, se no L10 R3")."""
OR_WORDS = ("or", "ou", "o", "oppure", "oder")
"""The words between two alternatives ("NEXT M13 R1, or P10 R0")."""
_UNDERSTOOD = {
    "if": r"i\s+(?:understood|understand|got\s+(?:it|that|this)\s+right)|i'?m\s+not\s+mistaken"
    r"|i\s+am\s+not\s+mistaken",
    "si": r"j'ai\s+(?:bien\s+)?compris|je\s+comprends\s+bien|je\s+ne\s+me\s+trompe\s+pas",
    "se": r"ho\s+(?:ben\s+)?capito|non\s+(?:mi\s+)?sbaglio",
    "wenn": r"ich\s+(?:das\s+|es\s+)?richtig\s+verstanden\s+habe|ich\s+mich\s+nicht\s+irre",
}
"""The player's own understanding, no condition ("si j'ai bien compris", "se ho capito bene")."""
NOT_A_CONDITION = {
    "if": r"possible|legal|allowed|valid|you|that'?s\s+(?:ok|okay|fine|legal|allowed|possible)"
    r"|it'?s\s+(?:legal|allowed|possible|valid)|" + _UNDERSTOOD["if"],
    "si": r"possible|c'est\s+(?:possible|legal|permis|valide|autorise|bon|ok)|vous\s+(?:voulez"
    r"|avez|pouvez)|besoin|jamais|" + _UNDERSTOOD["si"],
    "s'il": r"(?:vous|te)\s+plait",
    "se": r"ne|possibile|(?:e|è)\s+(?:possibile|valida|valido|legale|consentit[oa])|vi\s+(?:serve"
    r"|va)|volete|avete|potete|" + _UNDERSTOOD["se"],
    "wenn": r"auch|moglich|erlaubt|es\s+geht|gultig|sie\s+(?:wollen|mochten|konnen)|"
    + _UNDERSTOOD["wenn"],
    "falls": r"moglich|erlaubt|es\s+geht|gultig|" + _UNDERSTOOD["wenn"],
    "provided": r"you|it'?s\s+(?:legal|allowed|possible|valid)",
}
"""What after a word of :data:`IF_WORDS` makes it courtesy or a question of legality, not a
condition the service cannot know ("if possible", "si vous voulez", "s'il vous plaît", "se vi
va", "wenn Sie wollen"), as folded regular expressions."""


def _phrase(words: str) -> str:
    return r"\s+".join(re.escape(w) for w in words.split())


_B, _E = r"(?<![\w'])", r"(?![\w'])"
_UNLESS_ALTS = "|".join(
    [*(_phrase(w) for w in UNLESS_WORDS),
     r"au(?:ss|ß)er(?:\s+wenn|(?=\s+(?:der|die|das|dem|den|es|er|sie|falls)\s))"]
)  # fmt: skip
UNLESS = _B + "(?:" + _UNLESS_ALTS + ")" + _E
"""The words of :data:`UNLESS_WORDS` and the German "außer" before a clause ("außer der Drache
..."), as a folded regular expression."""


def _if_word(word: str) -> str:
    behind = "".join(
        f"(?<!{_phrase(c[: -len(word)])}\\s)" for c in CONCESSION_WORDS if c.endswith(" " + word)
    )
    after = NOT_A_CONDITION.get(word)
    return behind + re.escape(word) + (f"(?!\\s+(?:{after}))" if after else "")


CONDITION = (
    _B + "(?:" + "|".join([*(_phrase(w) for w in ONLY_IF_WORDS), _UNLESS_ALTS,
                           *(_if_word(w) for w in sorted(IF_WORDS, key=len, reverse=True))])
    + ")" + _E
)  # fmt: skip
"""A condition put after a command (:data:`ONLY_IF_WORDS`, :data:`UNLESS`, :data:`IF_WORDS`
but for :data:`NOT_A_CONDITION` and a concession), as a folded regular expression."""
ELSE = _B + "(?:" + "|".join(_phrase(w) for w in (*IF_NOT_WORDS, *OTHERWISE_WORDS)) + ")" + _E
"""The words that give a fallback (:data:`OTHERWISE_WORDS`, :data:`IF_NOT_WORDS`), as a folded
regular expression."""

MOVE, ILLEGAL, OPEN = "move", "illegal", "open"
"""What the condition decides: the move to play (its text), the move it picks but that is not
legal now (its text: the game's reason goes back), or that the square asked about is open and no
move on it was named (the square: asked back)."""

_ELSE = re.compile(
    r"(?i)(?<![\w'’])(?:"
    + "|".join(_phrase(w) for w in (*OTHERWISE_WORDS, *IF_NOT_WORDS))
    + r"|or\s+else|if\s+(?:it|that)(?:['’]s|\s+is)\s+not"
    r"(?:\s+the\s+case)?|if\s+(?:it|that)\s+isn['’]t(?:\s+the\s+case)?|failing\s+that|if\s+no"
    r"|si\s+(?:ce\s+n['’]est|c['’]est|elle\s+n['’]est)\s+pas"
    r"(?:\s+le\s+cas)?|senn[òo]|se\s+non\s+(?:lo\s+)?[èe]|in\s+caso\s+contrario"
    r"|falls\s+nein|wenn\s+nein)"
    r"(?:\s+(?:(?:still|encore|ancora|noch)\s+)?(?:free|available|possible|libre|disponible"
    r"|libera|libero|disponibile|possibile|frei|möglich|moeglich|verfügbar))?(?![\w'’])"
)
"""The words that give the fallback, with what they may repeat of the condition ("se non è
libera")."""

_SQUARE = re.compile(r"^([A-Za-z])(\d{1,2})$")
_ROTATION = re.compile(r"^R[0-3]$")
"""A square's name that is also a rotation's ("Can I play R2?"): never taken as the square."""

_IF = frozenset(IF_WORDS)
_FREE = frozenset(
    ("free", "available", "open", "empty", "possible", "legal", "valid", "playable", "allowed",
     "libre", "disponible", "vide", "légal", "legal", "valide", "jouable", "autorisé", "permis",
     "libera", "libero", "disponibile", "vuota", "vuoto", "possibile", "legale", "valida",
     "valido", "consentito", "permesso", "frei", "verfügbar", "leer", "möglich", "moeglich",
     "erlaubt", "gültig", "gueltig", "spielbar", "zulässig")
)  # fmt: skip
"""The square can still take a tile."""
_TAKEN = frozenset(
    ("taken", "occupied", "blocked", "gone", "full", "filled", "pris", "prise", "occupé",
     "occupée", "occupee", "occupe", "bloqué", "bloquée", "presa", "preso", "occupata",
     "occupato", "bloccata", "bloccato", "besetzt", "belegt", "blockiert", "vergeben", "weg")
)  # fmt: skip
"""The square cannot."""
_CAN = frozenset(
    ("can", "could", "may", "puis-je", "puis", "peux", "pourrais", "est-ce", "posso", "potrei",
     "si", "può", "kann", "könnte", "darf", "geht", "go", "goes", "fits", "fit", "works",
     "passe", "marche", "va", "passt", "klappt")
)  # fmt: skip
"""A question whether the player can place there ("Can I place on N11?", "Posso metterla in
N11?", "Kann ich auf N11 legen?") or a word of fitting."""
_WORDS = frozenset(
    # the square, its article, the verb "to be", "still"
    ("the", "square", "spot", "space", "cell", "field", "place", "la", "le", "l'", "case",
     "emplacement", "lo", "casella", "casa", "posto", "spazio", "posizione", "das", "der", "die",
     "dem", "den", "feld", "platz", "stelle", "is", "it's", "it", "est", "c'est", "è", "e", "ist",
     "es", "that", "that's", "ça", "cela", "still", "yet", "now", "encore", "toujours", "ancora",
     "sempre", "noch", "immer", "jetzt", "already", "déjà", "deja", "già", "schon", "bereits", "there", "y", "ci", "there's",
     # taking the move, "then", "so"
     "then", "so", "alors", "allora", "dann", "quindi", "donc", "i", "i'll", "i'd", "i'm", "play",
     "put", "place", "take", "go", "going", "with", "will", "one", "je", "j'", "joue", "jouerai",
     "pose", "poserai", "mets", "mettrai", "prends", "prendrai", "vais", "jouer", "poser",
     "mettre", "placer", "là", "ma", "tuile", "ce", "sera", "io", "gioco", "giocherò", "metto",
     "metterò", "piazzo", "prendo", "vado", "lì", "li", "mia", "tessera", "quella", "quello",
     "giocare", "mettere", "piazzare", "metterla", "ich", "spiele", "lege", "setze", "nehme",
     "gehe", "dort", "dahin", "da", "mein", "meine", "plättchen", "ihn", "legen", "setzen",
     "spielen", "tile", "my", "on", "at", "in", "to", "into", "en", "sur", "à", "dans", "su",
     "nella", "sulla", "nel", "sul", "auf", "an", "nach", "ins", "aufs", "hin", "yes", "oui", "sì",
     "ja", "case", "cas", "caso", "fall", "que", "est-ce", "qu'elle", "fosse", "sia",
     "dovesse", "essere", "were", "be", "happens", "to", "by", "then", "meanwhile",
     # courtesy
     "please", "thanks", "merci", "grazie", "danke", "bitte", "svp", "stp", "per", "favore", "ok",
     "okay", "bon", "ben", "beh", "tja", "well", "hmm", "euh", "mh")
)  # fmt: skip
"""Every other word a condition and its move may hold."""
_RESIGNED = frozenset(
    ("guess", "suppose", "suppongo", "immagino", "halt", "eben", "instead", "invece", "plutôt",
     "plutot", "stattdessen", "lieber", "direi")
)  # fmt: skip
"""Words of the fallback taken in resignation ("If not, N9 R2 I guess", "sonst halt O9 R1")."""
_NEGATIONS = frozenset(
    ("not", "no", "isn't", "n'", "ne", "pas", "non", "nicht", "kein", "keine", "never", "jamais",
     "mai", "nie", "plus", "più", "mehr")
)  # fmt: skip


_NO_LONGER = frozenset(("plus", "più", "piu", "mehr", "longer", "anymore", "any"))
"""With a negation before "free": the square is no longer free ("n'est plus libre", "non è più
libera", "nicht mehr frei", "no longer free", "isn't free anymore")."""


def _negation(word: str) -> bool:
    return word in _NEGATIONS or "n't" in word or word.startswith("n'")


def _no_longer(words: list[str]) -> list[str]:
    """``words`` of a condition with "no longer free" said as "taken" (issue 31, ninth round):
    a negation and "longer" ("plus", "più", "mehr", "anymore") around a word of :data:`_FREE`;
    other words unchanged (a negation alone still keeps the condition unread)."""
    out = list(words)
    for k, w in enumerate(words):
        if w not in _FREE:
            continue
        near = range(max(0, k - 4), min(len(words), k + 2))
        longer = [j for j in near if words[j] in _NO_LONGER and j != k]
        denied = [j for j in near if _negation(words[j]) and j != k]
        if longer and denied and not any(_negation(w) for w in words[k + 2 :] + words[: near[0]]):
            for j in set(longer) | set(denied):
                out[j] = ""
            out[k] = "taken"
    return [w for w in out if w]


@dataclass(frozen=True)
class Move:
    """A move of the line: its span of tokens, its text and whether it is legal now."""

    start: int
    end: int
    text: str
    legal: bool


def _fold(word: str) -> str:
    return word.casefold().replace("’", "'").strip(".,;:!?-\"'()«»")


def _square(tokens: Sequence[str], m: Move) -> str | None:
    """The square the move ``m`` names (its first square, "M13" of "M13 R2")."""
    sq = next((t for t in tokens[m.start : m.end] if _SQUARE.match(t)), None)
    return sq.upper() if sq else None


def _bare(tokens: Sequence[str], m: Move) -> bool:
    """Does ``m`` name a square alone ("N11", "place on N11", "in N11"), no rotation?"""
    span = tokens[m.start : m.end]
    words = [_fold(t) for t in span if not _SQUARE.match(t)]
    return len(span) - len(words) == 1 and all(w in _WORDS for w in words)


def square_open(parse_action: Callable[[str], object], square: str) -> bool | None:
    """Can ``square`` take the player's tile now, in one of its four rotations? None when the
    game does not read the square with a rotation as a move (not this notation)."""
    syntax = 0
    for r in range(4):
        try:
            parse_action(f"{square} R{r}")
        except InvalidSyntax:
            syntax += 1
        except RuleError:
            continue
        else:
            return True
    return None if syntax == 4 else False


def _words_ok(words: Sequence[str]) -> bool:
    """Are ``words`` all of a condition, of taking a move or of courtesy? "elle" only as the
    square ("si elle est libre"), never a player ("elle joue")."""
    for k, w in enumerate(words):
        if w in _WORDS or w in _IF or w in _FREE or w in _TAKEN or w in _CAN:
            continue
        if w == "elle" and k + 1 < len(words) and words[k + 1] == "est":
            continue
        return False
    return True


def of_the_square(words: Sequence[str]) -> bool:
    """Are ``words`` only of a condition on a move's square (:func:`_words_ok`, with negations:
    "la casella non sia già occupata", "if that's not possible")? Words as written: folded here."""
    folded = [_fold(w) for w in words]
    return _words_ok([w for w in folded if w and not _negation(w)])


def _tail_ok(words: Sequence[str]) -> bool:
    """The fallback's own words: of taking, of resignation, or filler that denies nothing."""
    return all(
        w in _WORDS or w in _RESIGNED or (is_known_word(w) and not denies([w])) for w in words
    )


def decided(
    line: str,
    tokens: Sequence[str],
    moves: Sequence[Move],
    tokens_of: Callable[[str], list[str]],
    parse_action: Callable[[str], object],
) -> tuple[str, str] | None:
    """What the condition of ``line`` decides (:data:`MOVE`, :data:`ILLEGAL` or :data:`OPEN`,
    with the move's text or the square); None when the line has another shape.

    ``tokens`` are the line's words (``tokens_of(line)``), ``moves`` the spans of them the game
    reads as a move (legal or not), in order."""
    found = list(_ELSE.finditer(line))
    if not found:
        return _taken_then(line, tokens, moves, parse_action)
    if len(found) != 1:
        return None
    cut = len(tokens_of(line[: found[0].start()]))
    after = cut + len(tokens_of(found[0][0]))
    full = [m for m in moves if _square(tokens, m) and not _bare(tokens, m)]
    bare = [m for m in moves if _bare(tokens, m)]
    head = [m for m in full if m.end <= cut]
    tail = [m for m in full if m.start >= after]
    if len(tail) != 1 or len(head) > 1 or len(head) + len(tail) + len(bare) != len(moves):
        return None
    if any(m.start >= after for m in bare):
        return None
    if any(cut < m.start < after or m.start < cut < m.end for m in moves):
        return None
    fallback = tail[0]
    said = [_fold(t) for t in tokens]
    head_words = [
        w
        for k, w in enumerate(said[:cut])
        if not any(m.start <= k < m.end for m in (*head, *bare)) and w
    ]
    tail_words = [w for w in said[fallback.end :] + said[after : fallback.start] if w]
    head_words = _no_longer(head_words)  # "Si N13 n'est plus libre": taken
    if not _words_ok(head_words) or not _tail_ok(tail_words):
        return None
    if _NEGATIONS.intersection(head_words) or any("n't" in w for w in head_words):
        return None  # "If M13 isn't taken yet": not read; "se non è libera" is the fallback's
    named = {sq for m in bare if (sq := _square(tokens, m))}
    question = line[: found[0].start()].rstrip(" ,;:-–—").endswith("?")
    asked = question and bool(_CAN.intersection(head_words) or _FREE.intersection(head_words))
    if not (asked or _IF.intersection(head_words)):
        return None
    free, taken = bool(_FREE.intersection(head_words)), bool(_TAKEN.intersection(head_words))
    if free == taken and not asked:
        return None
    if taken and (free or asked):
        return None
    on_it: Move | None
    if taken:
        # "O9 R1 if M13 is taken, otherwise M13 R2": the fallback is the square's move
        if len(head) != 1 or len(named) != 1 or _square(tokens, fallback) not in named:
            return None
        if any(_ROTATION.match(sq) for sq in named):
            return None
        square, on_it, off_it = named.pop(), fallback, head[0]
    else:
        squares = named | {sq for m in head if (sq := _square(tokens, m))}
        if len(squares) != 1 or any(_ROTATION.match(sq) for sq in squares):
            return None  # ("Can I place on N11?" names its square; "if it's free, M13 R2" too)
        square, off_it = squares.pop(), fallback
        on_it = head[0] if head else None
    if _square(tokens, off_it) == square:
        return None
    if on_it is not None and not named and not asked:
        ifs = [k for k, w in enumerate(said[:cut]) if w in _IF]
        states = [k for k, w in enumerate(said[:cut]) if w in _FREE or w in _TAKEN]
        if ifs and states and ifs[0] < on_it.start < states[0]:
            return None  # "If M8 R0 is still legal I'll take it": the move's own condition
    is_open = square_open(parse_action, square)
    if is_open is None:
        return None
    if not named and on_it is not None:
        is_open = on_it.legal  # "Can I play M8 R0? If not, O9 R1": the move's own legality
    if is_open and on_it is None:
        return OPEN, square
    picked = on_it if is_open and on_it is not None else off_it
    return (MOVE if picked.legal else ILLEGAL), picked.text


_BUT = frozenset({"but", "mais", "ma", "però", "aber", "and", "et", "e", "und"})
_OR = frozenset({"or", "ou", "oder", "o", "oppure"})


def _taken_then(
    line: str,
    tokens: Sequence[str],
    moves: Sequence[Move],
    parse_action: Callable[[str], object],
) -> tuple[str, str] | None:
    """A move, then what to play if its square is taken ("M13 R2. If M13 is gone, O9 R1
    instead", "M13 R2 / Si M13 est déjà prise, alors O9 R1", "M13 R2, aber falls M13 schon
    belegt ist: O9 R1"): the move when its square can take the tile, else the other one; as
    :func:`decided` says, and None for any other shape."""
    if "?" in line:
        return None
    said = [_fold(t) for t in tokens]
    ifs = [k for k, w in enumerate(said) if w in _IF]
    full = [m for m in moves if _square(tokens, m) and not _bare(tokens, m)]
    bare = [m for m in moves if _bare(tokens, m)]
    if len(ifs) != 1 or len(full) != 2 or len(full) + len(bare) != len(moves) or len(bare) > 1:
        return None
    k = ifs[0]
    first, then = full
    inside = [m.start for m in bare]
    if first.end <= k < then.start and all(k < m.start < then.start for m in bare):
        before = said[: first.start] + said[first.end : k]
        condition = [w for j, w in enumerate(said[k : then.start], k) if j not in inside and w]
        after = said[then.end :]
    elif then.end <= k and all(m.start > k for m in bare):
        # "M13 R2 (or O9 R1 if M13 is already taken)": the other move, then its condition
        between = said[first.end : then.start]
        if (
            not between
            or not set(between) & _OR
            or not _tail_ok([w for w in between if w not in _OR])
        ):
            return None
        before = said[: first.start]
        condition = [w for j, w in enumerate(said[k:], k) if j not in inside and w]
        after = []
    else:
        return None
    if not _tail_ok([w for w in before if w not in _BUT]) or not _tail_ok(after):
        return None
    if not _words_ok(condition) or _NEGATIONS.intersection(condition):
        return None
    if not _TAKEN.intersection(condition) or _FREE.intersection(condition):
        return None
    square = _square(tokens, first)
    named = {_square(tokens, m) for m in bare}
    if square is None or (named and named != {square}) or _square(tokens, then) == square:
        return None
    if _ROTATION.match(square):
        return None
    is_open = square_open(parse_action, square)
    if is_open is None:
        return None
    picked = first if is_open else then
    return (MOVE if picked.legal else ILLEGAL), picked.text
