"""Square names and the move grammar.

Squares are named like a spreadsheet, with a fixed origin so that a name never changes as the city
grows: the start tile always covers columns M, N, O and rows 10, 11, 12 (the temple is N11).
Column letter = x + 12 (A is x = -12, Z is x = 13); further east the names go on ZA, ZB, .. ZZ, ZZA,
and further west AZ, AY, .. AA, AAZ (an A prefix per 26 columns, counting back from Z). Row number
= y + 10, so rows north of row 1 are 0, -1, -2 ... A move is a square and a rotation: ``M9 R1``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import NamedTuple

from pbem.i18n import _, current

COLUMN_OFFSET = 12
"""x = 0 is column M."""
ROW_OFFSET = 10
"""y = 0 is row 10."""


class Placement(NamedTuple):
    """A move: put the hand tile on square (x, y), turned ``rotation`` quarter turns clockwise.

    A named tuple (not a dataclass) because ``legal`` builds dozens of them per call.
    """

    x: int
    """Column coordinate (east is positive)."""
    y: int
    """Row coordinate (south is positive)."""
    rotation: int
    """Quarter turns clockwise, 0..3 (canonical: the smallest rotation giving the same tile)."""

    def notation(self) -> str:
        """The canonical text, e.g. ``M9 R1``."""
        return f"{square_name(self.x, self.y)} R{self.rotation}"

    def __str__(self) -> str:
        return self.notation()


def column_name(x: int) -> str:
    """Column letters of x (see the module docstring)."""
    i = x + COLUMN_OFFSET
    if 0 <= i <= 25:
        return chr(65 + i)
    if i > 25:
        q, rem = divmod(i - 26, 26)
        return "Z" * (q + 1) + chr(65 + rem)
    q, rem = divmod(-i - 1, 26)
    return "A" * (q + 1) + chr(90 - rem)


def column_x(letters: str) -> int | None:
    """x of a column name, or None if it is not one."""
    s = letters.upper()
    if not s.isalpha() or not s.isascii():
        return None
    last = ord(s[-1]) - 65
    if len(s) == 1:
        return last - COLUMN_OFFSET
    prefix = s[:-1]
    if prefix == "Z" * len(prefix):
        return 26 * len(prefix) + last - COLUMN_OFFSET
    if prefix == "A" * len(prefix):
        return -(26 * (len(prefix) - 1) + (25 - last)) - 1 - COLUMN_OFFSET
    return None


def row_name(y: int) -> str:
    """Row number of y."""
    return str(y + ROW_OFFSET)


def square_name(x: int, y: int) -> str:
    """E.g. ``M10`` for (0, 0)."""
    return column_name(x) + row_name(y)


_MOVE = re.compile(
    r"""
    (?:(?:place|play|put|move|lay)\s+)?(?:(?:the\s+)?tile\s+)?(?:(?:at|on|to|in)\s+)?
    (?P<col>[a-z]+)\s*(?P<row>-?\d+)
    (?:\s*[,;]?\s*
      (?:(?:with\s+|and\s+|avec\s+|et\s+|con\s+|e\s+|mit\s+|und\s+)?(?:la\s+|le\s+|une\s+|un\s+|il\s+|the\s+|die\s+|der\s+|den\s+|einer\s+)?
         (?:r|rot|rotate|rotated|rotation|turn|turned|turns
           |tourn[ée]e?|tourner|pivot[ée]e?|rotazione|ruotat[ao]|ruota|girat[ao]|gira
           |drehung|gedreht|dreh|drehen|rotiert|rotieren|are|erre)
         \s*[:=]?\s*(?:(?:by|of|to|à|a|de|di|da|um|auf)\s+)?(?:(?<=[a-z])\s+r\s*)?(?P<rot>\d+)
        |(?:with|avec|con|mit|by|à|de|di|um)\s+(?P<deg>\d+)(?=\s*(?:°|deg|degr|grad))
        |(?P<none>(?:sans|without|no|senza|ohne)\s+(?:rotation|rotazione|drehung|turning))
        |(?P<bare>\d+))
      \s*(?P<unit>°|deg|degrees|degr[ée]s|gradi|grad|q|quarters?|quarter\s+turns?)?
    )?
    \s*[.!]?
    """,
    re.X,
)
"""A square and a rotation, the rotation word in English, French, Italian or German ("M13
ruotata R1", "M13 Drehung R3", "M13 rotation 2"; issue 31), its number after a preposition
("P11 tournée à 270°", "O13 ruotata di 180 gradi"), degrees after "with" ("O13 mit 90 Grad"), or
no rotation said in words ("N13 sans rotation")."""


@dataclass(frozen=True, slots=True)
class MoveText:
    """A move as written: the square and, if given, the rotation in quarter turns."""

    x: int
    y: int
    rotation: int | None


class NotationError(ValueError):
    """The text is not a move; the message says why, for the player."""


_NUMBER_WORDS = {
    "zero": "0", "zéro": "0", "null": "0", "one": "1", "un": "1", "une": "1", "uno": "1",
    "eins": "1", "two": "2", "too": "2", "deux": "2", "due": "2", "zwei": "2", "three": "3",
    "trois": "3", "tre": "3", "drei": "3",
}  # fmt: skip
_SPOKEN_ROTATION = re.compile(
    r"\b(r|rotation|rotazione|drehung|are|erre)\s+(" + "|".join(_NUMBER_WORDS) + r")\b"
)
"""A rotation's number in words, as dictated or typed ("P10 R trois", "L 10 R zwei", "N13
rotation two", "P 10 are too"; "are" and "erre" are how a phone hears R)."""


_ROW_WORDS = {
    w: str(n)
    for words in (
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen twenty",
        "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze "
        "seize dix-sept dix-huit dix-neuf vingt",
        "zero uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici "
        "quattordici quindici sedici diciassette diciotto diciannove venti",
        "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn "
        "fünfzehn sechzehn siebzehn achtzehn neunzehn zwanzig",
    )
    for n, w in enumerate(words.split())
}
_LETTER_NAMES = {"emme": "m", "enne": "n", "elle": "l", "pi": "p", "kappa": "k", "cappa": "k",
                 "erre": "r", "esse": "s", "effe": "f", "acca": "h", "zeta": "z"}  # fmt: skip
_LETTERS, _ROWS, _ROTATIONS = (
    "|".join(_LETTER_NAMES),
    "|".join(sorted(_ROW_WORDS, key=len)[::-1]),
    "|".join(_NUMBER_WORDS),
)
_DICTATED = re.compile(
    rf"([a-z]|{_LETTERS})\s+({_ROWS}|\d+)\s+(r|are|erre|rotation|rotazione|drehung)\s+(\d|{_ROTATIONS})"
)
"""A whole move dictated to a phone: the column's letter (or its Italian name), the row in words
or figures, R as heard, the rotation ("M thirteen are one", "Emme 13 erre 1"; issue 31)."""


_DICTATED_IN_LINE = re.compile(
    rf"(?<![\w'’])([A-Z]|(?i:{_LETTERS}))\s+((?i:{_ROWS})|\d{{1,2}})\s+"
    rf"(?:(?i:r)\s*(\d)|(?i:r|are|erre|rotation|rotazione|drehung)\s+(\d|(?i:{_ROTATIONS})))(?![\w'’])"
)
"""A move dictated to a phone inside a sentence ("Alors P onze R trois s'il vous plaît", "O nine
R one then"): the column a capital letter (or its Italian name), at least one of the row and the
rotation in words."""


_COLUMN_ROW = re.compile(
    r"(?i)(?<![\w'’])(?:(?:la\s+|the\s+|der\s+|in\s+)?(?:colonne|column|col\.|colonna|spalte)\s+"
    r"(?-i:([A-Z]))|(?-i:([A-Z]))\s*-?\s*(?:colonne|column|colonna|spalte))"
    r"\s*[,/]?\s*(?:(?:et|and|e|und|,)\s+)?(?:(?:la\s+|the\s+|die\s+|in\s+)?"
    r"(?:rang[ée]e|ligne|row|riga|fila|reihe|zeile)\s+(\d{1,2}|"
    + "|".join(sorted(_ROW_WORDS, key=len)[::-1])
    + r"))(?![\w'’])"
)
"""A square said as its column and row ("colonne M, rangée 13", "column M, row 13", "colonna M
riga 13", "Spalte M, Reihe dreizehn"): the square's name."""


# -----------------------------------------------------------------------------------------------
# A move spoken or spelled (issue 31, ninth round): the closed classes of how a column, a row and
# a rotation are said in the four languages, read as a whole vocabulary rather than by example
# -----------------------------------------------------------------------------------------------

_LETTER_SAID = {
    # Italian (the names of the letters)
    "bi": "b", "ci": "c", "di": "d", "effe": "f", "gi": "g", "acca": "h", "i lunga": "j",
    "kappa": "k", "cappa": "k", "elle": "l", "emme": "m", "enne": "n", "pi": "p", "cu": "q",
    "erre": "r", "esse": "s", "ti": "t", "vu": "v", "vi": "v", "doppia vu": "w", "ics": "x",
    "ipsilon": "y", "zeta": "z",
    # French
    "bé": "b", "cé": "c", "dé": "d", "èf": "f", "gé": "g", "ache": "h", "ji": "j", "ka": "k",
    "èl": "l", "èle": "l", "èm": "m", "ème": "m", "èn": "n", "ène": "n", "pé": "p", "ku": "q",
    "èr": "r", "ère": "r", "èss": "s", "té": "t", "vé": "v", "double vé": "w", "ixe": "x",
    "i grec": "y", "zède": "z",
    # German
    "be": "b", "ce": "c", "tse": "c", "de": "d", "ef": "f", "ge": "g", "ha": "h", "jot": "j",
    "el": "l", "em": "m", "en": "n", "pe": "p", "er": "r", "es": "s", "te": "t", "vau": "v",
    "we": "w", "ix": "x", "ypsilon": "y", "zett": "z",
    # English
    "bee": "b", "cee": "c", "dee": "d", "eff": "f", "gee": "g", "aitch": "h", "haitch": "h",
    "jay": "j", "kay": "k", "ell": "l", "pee": "p", "cue": "q", "ar": "r", "are": "r",
    "ess": "s", "tee": "t", "vee": "v", "double u": "w", "ex": "x", "wye": "y", "zed": "z",
    "zee": "z",
}  # fmt: skip
"""The names of the letters in Italian, French, German and English, as a phone writes them when
the player dictates a move ("emme", "èm", "Em", "em" are M). Many are short words of the
language ("de", "en", "es"): they are read as a column only inside a whole move, the row and the
rotation after them (:data:`_SPOKEN_MOVE`)."""

_ALPHABETS = (
    # NATO / ICAO
    "alfa alpha bravo charlie delta echo foxtrot golf hotel india juliet juliett kilo lima mike "
    "november oscar papa quebec romeo sierra tango uniform victor whiskey whisky xray yankee zulu "
    # German (DIN 5009, the old names and the cities of 2022)
    "anton berta caesar cäsar charlotte dora emil friedrich fritz gustav heinrich ida julius "
    "kaufmann konrad ludwig martha marta nordpol otto paula quelle richard samuel siegfried "
    "theodor ulrich viktor wilhelm xanthippe zacharias zeppelin aachen berlin chemnitz "
    "düsseldorf essen frankfurt goslar hamburg ingelheim jena köln leipzig münchen nürnberg "
    "offenbach potsdam quickborn rostock salzwedel tübingen unna völklingen wuppertal xanten "
    "zwickau "
    # Italian (the cities)
    "ancona bari bologna como catania domodossola empoli firenze genova imola jolly kursaal "
    "livorno milano napoli otranto padova palermo quarto roma savona torino udine venezia "
    "washington xeres york yacht zara "
    # French
    "anatole berthe célestin désiré eugène émile françois gaston henri irma joseph kléber louis "
    "marcel nicolas pierre quintal raoul suzanne thérèse ursule xavier yvonne zoé"
)
_ALPHABET_WORDS = frozenset(_ALPHABETS.split())
"""The spelling alphabets of the four languages: each word stands for its first letter
("Mike", "Martha", "Milano", "Marcel" are M). Alone, read as a column only inside a whole move;
after its letter ("M wie Martha", "M comme Marcel", "M come Milano", "M as in Mike") it is
dropped."""

_DIGIT_WORDS = {
    w: str(n % 10)
    for words in (
        "zero one two three four five six seven eight nine",
        "zéro un deux trois quatre cinq six sept huit neuf",
        "zero uno due tre quattro cinque sei sette otto nove",
        "null eins zwei drei vier fünf sechs sieben acht neun",
    )
    for n, w in enumerate(words.split())
}
_ROT_SAID = {**_NUMBER_WORDS, "nul": "0", "ein": "1", "eine": "1", "to": "2", "tree": "3",
             "0": "0", "1": "1", "2": "2", "3": "3"}  # fmt: skip
_R_SAID = (
    "r|are|ar|air|erre|er|èr|ère|romeo|raoul|richard|roma|rostock|rotation|rotazione|drehung"
    "|rotated|rotate|rotata|ruotata|ruotato|rot\\.?"
)


def _alternatives(words: Iterable[str]) -> str:
    """A regular expression's alternatives for ``words``, longest first, spaces as any space."""
    return "|".join(
        re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True)
    )


_GLOSS = re.compile(
    r"(?<![\w'’])([A-Za-z])\s*[,(]?\s*(?i:comme|come|wie|as\s+in|like|for|für)\s+(?:(?i:dans|in)\s+)?"
    r"(?:[«\"“„']\s*)?([^\W\d_](?:[^\W\d_]|['’](?=[^\W\d_]))*)(?:\s*[»\"”“'])?\)?"
)
"""A letter spelled with a word of an alphabet after it ("M comme Marcel", "M wie Martha", "M
come Milano", "M as in Mike", "R for Romeo"): the letter, when the word starts with it."""

_SPOKEN_MOVE = re.compile(
    r"(?i)(?<![\w'’])(?P<col>[a-z]|"
    + _alternatives(set(_LETTER_SAID) | _ALPHABET_WORDS)
    + r")\s*-?\s*(?P<row>\d{1,2}|(?:"
    + _alternatives(_DIGIT_WORDS)
    + r")\s+(?:"
    + _alternatives(_DIGIT_WORDS)
    + r")(?=\s*[,;/-]?\s*(?:(?:and|et|e|und|with|avec|con|mit)\s+)?(?:"
    + _R_SAID
    + r"))|"
    + _alternatives(_ROW_WORDS)
    + r")\s*[,;/-]?\s*(?:(?:and|et|e|und|with|avec|con|mit)\s+)?(?:"
    + _R_SAID
    + r")\s*[-:=]?\s*(?P<rot>"
    + _alternatives(set(_ROT_SAID) - {"0", "1", "2", "3"})
    + r"|[0-3])(?![\w'’]|[.,]\d)(?!\s*[:=]?\s*(?:R\s*)?[0-3](?![\w'’]))(?!\s*(?:volt[ae]|times|fois|mal|x|quarts?|quarters?|quarti|viertel"
    r"|scatti?|crans?|clicks?|klicks?|°|grad|gradi|degrees?|degr[ée]s)(?![\w'’]))"
)
"""A whole move spoken: the column (a letter, its name in one of the four languages, or a word
of a spelling alphabet), the row (figures, a number in words, or its two figures said one by one:
"one three"), R as heard or a rotation word, and the rotation in figures or words ("em thirteen,
R two", "Mike one three, rotation two", "Lima ten Romeo zero", "èm treize èr deux", "elle dieci,
erre zero", "Em dreizehn, Er zwei", "Pe zwölf Er eins")."""

_SPOKEN_SQUARE = re.compile(
    r"(?<![\w'’])([B-DF-HJ-Z])\s+(?i:(" + _alternatives(_ROW_WORDS) + r"))(?![\w'’-])"
    r"(?=\s*(?:[,.;:!)]|$)|\s+(?i:(?:at|by|of|in|en|to|à|a|di|de)\s+(?:\d|R\s*[0-3]))"
    r"|\s+(?i:with|avec|con|mit|sans|without|senza|ohne|um"
    r"|turned|rotated|upside|tourn[ée]e?|retourn[ée]e?|pivot[ée]e?|ruotat[ao]|girat[ao]|capovolt[ao]"
    r"|gedreht|umgedreht|auf|rotation|rotazione|drehung|half|demi|mezzo|halb|einmal|once|twice"
    r"|zweimal|dreimal|quarter|quart|quarto|viertel|please|svp|stp|bitte|grazie|merci|thanks)"
    r"(?![\w'’])|\s+R\s*[0-3](?![\w'’]))"
)
"""A square with its row in words after a capital letter ("L ten with no rotation", "P douze, un
quart de tour vers la droite"), then the end of a phrase or a word of rotation or courtesy ("Plan
B two days ago" is no square); not A, E or I, which are words ("I two ...", the Italian "E tre
ore dopo")."""


_CLEAR_NAMES = ("emme enne elle effe acca kappa cappa esse erre pi èm ème èn ène èl èle èf pé em el pe pee ell"
                " ess aitch")  # fmt: skip
_NAMED_SQUARE = re.compile(
    r"(?i)(?<![\w'’])("
    + _alternatives(set(_CLEAR_NAMES.split()) | _ALPHABET_WORDS)
    + r")\s*-?\s*(\d{1,2}|"
    + _alternatives(_ROW_WORDS)
    + r")(?![\w'’])(?=\s*,?\s*(?:turned|rotated|upside|tourn[ée]e?|retourn[ée]e?|pivot[ée]e?|ruotat[ao]"
    r"|girat[ao]|capovolt[ao]|gedreht|umgedreht|auf\s+de[mn]\s+kopf"
    r"|(?:with|avec|con|mit)\s+(?:(?:a|un|une|una|einer|la|the)\s+)?(?:rotation|rotazione|drehung|quart"
    r"|quarter|quarto|viertel|mezzo|demi|half|halbe)"
    r"|(?:sans|without|senza|ohne)\s+(?:rotation|rotazione|drehung|la\s+tourner|ruotarla|girarla|turning)"
    r"|(?:un|une|a|one|ein|eine|mezzo|demi|half)\s+(?:quart|quarter|quarto|viertel|giro|tour|turn"
    r"|drehung)|(?:once|twice|einmal|zweimal|dreimal)(?![\w'’])))"
)
"""A square said with the name of its letter (or a word of a spelling alphabet) and its row, then
the rotation in words ("pi dieci, ruotata una volta", "emme 13 capovolta", "Mike thirteen,
turned twice"): the square's name; not the names that are short words of a language ("en",
"de", "es")."""


def _named_square(m: re.Match[str]) -> str:
    said = " ".join(m[1].casefold().split())
    letter = _LETTER_SAID.get(said, _fold_accents(said[:1]))
    return f"{letter.upper()}{_ROW_WORDS.get(m[2].casefold(), m[2])}"


_COMMA_SAID = re.compile(r"(?i)(?<=\w)\s+(?:virgule|virgola|komma|comma)(?=\s+[^\W\d])")
_END_SAID = re.compile(
    r"(?i)(?<=\w)\s+(?:point\s+final|point|punto|punkt|full\s+stop|period|fine\s+frase"
    r"|(?P<x>point\s+d['’]exclamation|punto\s+esclamativo|ausrufezeichen|exclamation\s+(?:mark|point))"
    r"|(?P<q>point\s+d['’]interrogation|punto\s+interrogativo|fragezeichen|question\s+mark))"
    r"\s*$"
)
"""The signs a player dictates to a phone, said as words ("je joue M 13 R 1 point", "gioco emme
tredici erre uno punto", "M wie Martha 13 Komma R wie Richard 1 Punkt", "Mike thirteen Romeo one
full stop"): the sign (a comma between words, a full stop, "!" or "?" at the end of the line)."""


def _signs_said(line: str) -> str:
    """``line`` with the signs dictated as words written as signs, on a line that names a
    number (a move's row or rotation); other lines unchanged."""
    words = {w.casefold() for w in re.findall(r"[^\W\d_]+", line)}
    if not re.search(r"\d", line) and not words & (_ROW_WORDS.keys() | _DIGIT_WORDS.keys()):
        return line
    out = _END_SAID.sub(_sign, _COMMA_SAID.sub(",", line))
    return _END_SAID.sub(_sign, out)  # "... point d'exclamation point final"


def _sign(m: re.Match[str]) -> str:
    return "?" if m["q"] else "!" if m["x"] else "."


def _glossed(m: re.Match[str]) -> str:
    word = m[2].casefold()
    first = _fold_accents(word[:1])
    if first != m[1].casefold() or not (m[2][:1].isupper() or word in _ALPHABET_WORDS):
        return m.group(0)
    return m[1].upper()


def _fold_accents(text: str) -> str:
    return text.translate(str.maketrans("àâäáçéèêëíìîïóòôöúùûüÿ", "aaaaceeeeiiiioooouuuuy"))


def _spoken_move(m: re.Match[str]) -> str:
    col, row, rot = m["col"], m["row"], m["rot"]
    said = col.casefold()
    if len(said) == 1 and re.fullmatch(r"(?i)[a-z]\s*-\s*\d{1,2}\s*r\s*[0-3]", m.group(0)):
        return m.group(0)  # "M-13 R1": a square of the notation (row minus 13), as written
    if len(said) == 1:
        letter = said
    else:
        letter = _LETTER_SAID.get(" ".join(said.split()), _fold_accents(said[:1]))
    words = row.casefold().split()
    if len(words) == 2:
        number = _DIGIT_WORDS[words[0]] + _DIGIT_WORDS[words[1]]
    else:
        number = _ROW_WORDS.get(words[0], words[0])
    return f"{letter.upper()}{int(number)} R{_ROT_SAID[rot.casefold()]}"


def spoken(line: str) -> str:
    """``line`` with a move spoken or spelled written in the notation ("M comme Marcel 13,
    rotation 2" -> "M13 R2", "em thirteen, R two" -> "M13 R2", "L ten with no rotation" -> "L10
    with no rotation"); other lines unchanged (issue 31, ninth round)."""
    if len(line) > 2000:
        return line
    out = _signs_said(line)
    out = _GLOSS.sub(_glossed, out)
    out = _SPOKEN_MOVE.sub(_spoken_move, out)
    out = _NAMED_SQUARE.sub(_named_square, out)
    return _SPOKEN_SQUARE.sub(lambda m: f"{m[1]}{_ROW_WORDS[m[2].casefold()]}", out)


def _column_row(m: re.Match[str]) -> str:
    return f"{m[1] or m[2]}{_ROW_WORDS.get(m[3].lower(), m[3])}"


def _dictated(m: re.Match[str]) -> str:
    rot = m[3] or m[4]
    if m[2].isdigit() and rot.isdigit():
        return m.group(0)  # "M 13 R 1": the notation's own reading takes it as written
    col = _LETTER_NAMES.get(m[1].lower(), m[1]).upper()
    row = _ROW_WORDS.get(m[2].lower(), m[2])
    return f"{col}{row} R{_NUMBER_WORDS.get(rot.lower(), rot)}"


def read_move(text: str) -> MoveText:
    """Read ``text`` as a square and an optional rotation (no rules checked here)."""
    s = " ".join(text.strip().lower().split())
    if d := _DICTATED.fullmatch(s):
        col = _LETTER_NAMES.get(d[1], d[1])
        row = _ROW_WORDS.get(d[2], d[2])
        s = f"{col}{row} r{_NUMBER_WORDS.get(d[4], d[4])}"
    s = _SPOKEN_ROTATION.sub(lambda m: f"{m[1]} {_NUMBER_WORDS[m[2]]}", s)
    m = _MOVE.fullmatch(s)
    if m is None:
        raise NotationError(
            _(
                "'%(text)s' is not a move. Write the square and the rotation, for example "
                "'M9 R1' (column letters, row number, then R0 to R3)."
            )
            % {"text": text.strip()}
        )
    x = column_x(m["col"])
    if x is None:
        raise NotationError(
            _(
                "'%(column)s' is not a column name. Columns are single letters A to Z, then ZA, "
                "ZB ... to the east and AZ, AY ... to the west, as printed above the board."
            )
            % {"column": m["col"].upper()}
        )
    y = int(m["row"]) - ROW_OFFSET
    if m["none"] is not None:
        return MoveText(x, y, 0)  # "N13 sans rotation", "O9 without rotation"
    raw = next((m[g] for g in ("rot", "deg", "bare") if m[g] is not None), None)
    if raw is None:
        return MoveText(x, y, None)
    value = int(raw)
    degrees = m["unit"] in ("°", "deg", "degrees", "degrés", "degres", "gradi", "grad")
    if not degrees and value <= 3:
        return MoveText(x, y, value)
    if value % 90 == 0 and value <= 360:
        return MoveText(x, y, (value // 90) % 4)
    raise NotationError(
        _(
            "'%(rotation)s' is not a rotation. Write R0, R1, R2 or R3 (quarter turns clockwise), "
            "or 0, 90, 180 or 270 degrees."
        )
        % {"rotation": raw}
    )


_CW_WORDS = (
    r"(?:dans\s+le\s+sens\s+des\s+aiguilles\s+d['’]une\s+montre|clockwise"
    r"|(?:dans\s+le\s+)?sens\s+horaire"
    r"|in\s+senso\s+orario|im\s+uhrzeigersinn|nach\s+rechts|rechts\s*herum|vers\s+la\s+droite"
    r"|[àa]\s+droite|(?:a|verso)\s+destra|to\s+the\s+right|rightwards?)"
)
_CLOCKWISE = r"(?P<cw>\s+" + _CW_WORDS + r")?"
_ANTI_WORDS = (
    r"(?:dans\s+le\s+sens\s+inverse(?:\s+des\s+aiguilles\s+d['’]une\s+montre)?"
    r"|(?:dans\s+le\s+)?sens\s+anti-?horaire"
    r"|anti-?clockwise|counter-?clockwise|in\s+senso\s+antiorario|gegen\s+den\s+uhrzeigersinn"
    r"|nach\s+links|links\s*herum|vers\s+la\s+gauche|[àa]\s+gauche|(?:a|verso)\s+sinistra"
    r"|to\s+the\s+left|leftwards?)"
)
_ANTI = r"(?P<anti>\s+" + _ANTI_WORDS + r")?"
_WAY_BEFORE = re.compile(
    r"(?i)(?<![\w'’])(?:(?P<anti>" + _ANTI_WORDS + r")|" + _CW_WORDS + r")[\s,:]*$"
)
"""The way round said before the amount ("P12 in senso antiorario di 90 gradi", "M13,
counter-clockwise, a quarter turn")."""

_TURNED = (
    r"(?P<verb>(?:tourn[ée]e?|retourn[ée]e?|pivot[ée]e?|ruotat[ao]|girat[ao]|gedreht|rotated|turned"
    r"|rotation|rotazione|(?:turn|rotate|spin|flip)\s+it|(?:tourne|pivote)[zr]?[\s-]+l[ae]"
    r"|(?:gira|ruota)(?:te)?l[ao]|dreh(?:e|t|en)?\s+(?:sie|es|ihn|das\s+pl[äa]ttchen)"
    r"|drehen\s+sie\s+(?:sie|es))\s+)?"
)
_QUARTERS = {"quart": 1, "quarter": 1, "quarto": 1, "viertel": 1, "demi": 2, "half": 2,
             "mezzo": 2, "halb": 2, "halbe": 2, "halben": 2, "halber": 2, "trois quarts": 3,
             "three quarter": 3, "three quarters": 3, "three-quarter": 3, "tre quarti": 3,
             "drei viertel": 3, "dreiviertel": 3, "deux quarts": 2, "two quarter": 2,
             "two quarters": 2, "due quarti": 2, "zwei viertel": 2, "zweiviertel": 2}  # fmt: skip
_COUNTS = {"einmal": 1, "zweimal": 2, "dreimal": 3, "once": 1, "twice": 2, "thrice": 3, "un": 1,
           "une": 1, "deux": 2, "trois": 3, "una": 1, "due": 2, "tre": 3, "one": 1, "two": 2,
           "three": 3, "ein": 1, "zwei": 2, "drei": 3, "1": 1, "2": 2, "3": 3}  # fmt: skip
_IN_WORDS = re.compile(
    r"(?i)(?<![\w'’])"
    + _TURNED
    + r"(?:(?:de|d['’]|di|um|by|of|a|mit|with|con|avec|en|in)\s*)?(?:(?:un|une|una|einer|eine|a|one)\s+)?"
    r"(?:(?P<q>"
    + "|".join(sorted((k.replace(" ", r"[\s-]+") for k in _QUARTERS), key=len, reverse=True))
    + r")(?P<qs>[\s-]*(?:a\s+)?(?:de\s+tour|tours?|turns?|di\s+giro|giro|drehung(?:en)?"
    r"|umdrehung(?:en)?|(?:way[\s-]+)?a?round))?"
    r"|(?P<k>zwei|two|deux|due|drei|three|trois|tre|2|3)\s+(?:vierteldrehungen|quarter[\s-]+turns"
    r"|quarts\s+de\s+tour|quarti\s+di\s+giro|scatti|crans|clics|clicks|notches|klicks|rasten)"
    r"|(?P<k1>un|uno|one|a|ein(?:en)?|einem)\s+(?:scatto|cran|clic|click|notch|klick|raste)"
    r"|(?P<n>einmal|zweimal|dreimal|once|twice|thrice"
    r"|(?:un|une|deux|trois|una|due|tre|one|two|three|ein|zwei|drei|[123])\s*(?:fois|volt[ae]|times|mal|x))"
    r"|(?P<flip>capovolt[ao]|à\s+l['’]envers|(?:la\s+)?t[êe]te\s+en\s+bas|upside[\s-]+down|umgedreht"
    r"|auf\s+de[mn]\s+kopf(?:\s+gestellt)?)"
    r"|(?P<asis>telle?\s+qu['’](?:elle|il)\s+est(?:\s+dessin[ée]e)?|tel(?:le)?\s+quel(?:le)?"
    r"|comme\s+(?:elle\s+est\s+)?dessin[ée]e|(?:così\s+)?com['’]è(?:\s+disegnata)?"
    r"|come\s+(?:è\s+)?disegnata|(?:so\s+)?wie\s+(?:sie\s+ist|abgebildet|gezeigt|gezeichnet)"
    r"|as\s+(?:it\s+is\s+)?(?:drawn|shown|pictured)|as\s+is))"
    + _CLOCKWISE
    + _ANTI
    + r"(?P<after>\s+(?:gedreht|tourn[ée]e?|turned|rotated|ruotat[ao]|girat[ao]|drehen|drehe"
    r"|dreh))?"
    r"(?![\w'’])"
)
_DEGREES = re.compile(
    r"(?i)(?<![\w'’])"
    + _TURNED
    + r"(?:(?:de|di|um|by|of|à|a|at|mit|with|con|avec|par|per|through)\s+)?"
    r"(?P<deg>\d{2,3})\s*(?:°|degrees?|degr[ée]s|gradi|grad(?:e|en)?)"
    + _CLOCKWISE
    + _ANTI
    + r"(?P<after>\s+(?:gedreht|tourn[ée]e?|turned|rotated|ruotat[ao]|girat[ao]|drehen|drehe"
    r"|dreh))?"
    r"(?![\w'’])"
)
"""A rotation in degrees with its direction ("M13 ruotata di 90 gradi in senso antiorario", "L12,
girata di 90° verso sinistra", "M13 um 90 Grad gegen den Uhrzeigersinn", "P11 à 270°"):
counter-clockwise degrees are the clockwise quarter turns R counts, the other way round."""
_WAY_ONLY = re.compile(
    r"(?i)(?<![\w'’])(?:(?:tourn[ée]e?|pivot[ée]e?|ruotat[ao]|girat[ao]|gedreht|rotated|turned)"
    r"(?:\s+(?:d['’]un\s+cran|once|di\s+uno\s+scatto))?\s+(?:(?P<anti>"
    + _ANTI_WORDS
    + r")|"
    + _CW_WORDS
    + r")|(?:(?P<anti2>"
    + _ANTI_WORDS
    + r")|"
    + _CW_WORDS
    + r")\s+"
    r"(?:gedreht|tourn[ée]e?|turned|rotated|ruotat[ao]|girat[ao]))(?![\w'’])"
    r"(?!\s*(?:,\s*)?(?:(?:de|di|um|by|of|à|a|mit|with|con|avec|par|per)\s+)?(?:\d|un|une|una"
    r"|ein|one|two|deux|due|zwei|three|trois|tre|drei|half|demi|mezzo|halb|quart|quarter|quarto"
    r"|viertel|fois|volte|times|mal))"
)
"""A way of turning with no amount ("L10 gegen den Uhrzeigersinn gedreht", "P12 turned
clockwise", "M13 tournée vers la droite"): one quarter turn that way."""
_NO_TURN = re.compile(
    r"(?i)(?<![\w'’])(?:(?:sans|without|senza|ohne)\s+(?:(?:aucune|any|alcuna|jede)\s+)?"
    r"(?:rotation|rotazione|drehung|turning(?:\s+it)?|rotating(?:\s+it)?|ruotarla|ruotarlo|ruotare"
    r"|girarla|girarlo|girare|(?:la\s+|le\s+)?tourner|(?:la\s+|le\s+)?pivoter|sie\s+zu\s+drehen"
    r"|zu\s+drehen)|(?:no|pas\s+de|nessuna|keine)\s+(?:rotation|rotazione|drehung)"
    r"|ungedreht|unrotated|non\s+ruotat[ao]|nicht\s+gedreht|not\s+rotated"
    r"|pas\s+tourn[ée]e?)(?![\w'’])"
)


_R_THEN_WAY = re.compile(
    r"(?i)(?<![\w'’])(R\s*[13])(?![\w'’])[\s,(]*(?=" + _ANTI_WORDS + r"(?![\w'’]))"
)
"""R and a number, then a way of turning against the clock ("M13 R1 anticlockwise"): R counts
clockwise quarter turns, so the line says two things and is asked back."""


_AFTER_SQUARE = re.compile(
    r"(?i)(?<![\w'’])[a-z]{1,2}\s*-?\d{1,2}\s*\)?\s*(?:[,–—-]|\.{2,}|…)?\s*"
    r"(?:[^\W\d]+(?:-[^\W\d]+)*(?:[\s,:]|\.{2,}|…)+){0,3}$"
)
"""What comes before a rotation in words: a square, and at most three words ("P10 capovolta",
"L10, retournée ...", "N13 mit einer ...", "M13 and then a quarter turn"), an ellipsis too ("M13
R1... non, plutôt un demi-tour": the rotation the correction names; thirteenth round)."""


_SAID_R = re.compile(
    r"(?i)(?<![\w'’])r([0-3])\s*[-–—,:(]?\s*(?:[^\W\d]+\s+)?(?:tile|tuile|pi[èe]ce|tessera"
    r"|pl[äa]ttchen|kachel|teil)\s+$"
)
"""A rotation in the notation, then the tile described with a rotation in words: the same said
again is a remark ("M8 R2 - the tile upside down fits better there"); another is read (and
asked back)."""
_AFTER_R = re.compile(r"(?i)(?<![\w'’])r[0-3]\s*[,:(]?\s*(?:[^\W\d]+[\s,:]+){0,3}$")
"""A rotation in the notation just before: degrees after it say it again ("O9 R2, 180°")."""


_MORE_AFTER = re.compile(
    r"(?i)\s*(?:more|again|further|extra|de\s+plus|encore|suppl[ée]mentaires?|in\s+pi[uù]"
    r"|ancora|di\s+pi[uù]|noch|mehr|weiter|zus[äa]tzlich)(?![\w'’])"
)
_MORE_BEFORE = re.compile(
    r"(?i)(?<![\w'’])(?:encore|ancora|noch|again|further|de\s+nouveau|di\s+nuovo|nochmal|erneut)"
    r"[\s,]*$"
)
"""A turn said with "more" or "again" ("M13 R1, turn it once more", "noch einmal drehen",
"tournez-la encore d'un quart de tour"): a turn from another rotation, not a rotation of its
own; left as written (the reader then asks back)."""


_R_NAMED = re.compile(
    r"(?i)(?<![\w'’])(?:(?:with|avec|con|mit|in|en)\s+)?(?:(?:the|la|l['’]|die|der|une|a)\s*)?"
    r"(?:rotation|rotazione|drehung|orientation|orientamento|orientazione|ausrichtung|orientierung"
    r"|tourn[ée]e?|pivot[ée]e?|ruotat[ao]|girat[ao]|gedreht|turned|rotated)"
    r"\s*(?:(?:en|in|à|a|to|auf|at|de|di)\s+)?[:=]?\s*R\s*([0-3])(?![\w'’])"
)
"""A rotation word before the notation's R ("orientation R1", "tournée en R3", "girata in R2",
"mit Ausrichtung R2"): the R alone, brought beside its square."""
_R_BARE = re.compile(
    r"(?i)(?<![\w'’])([a-z]{1,2}\d{1,2})(?:(?:\s*/\s*|-)([0-3])|\s+(?:a|à|at|um)\s+(90|180|270))"
    r"(?![\w'’°]|[.,]\d|\s*(?:°|grad|gradi|degrees?|degr[ée]s))"
)
"""A rotation with no R after its square, joined by a sign, or degrees after "a", "at", "um"
("M13/1", "m13-1", "L12 a 270"): the notation's R."""


def _r_bare(m: re.Match[str]) -> str:
    return f"{m[1]} R{m[2] if m[2] else int(m[3]) // 90}"


_R_STUCK = re.compile(
    r"(?i)(?<![\w'’])([a-z]{1,2}-?\d{1,2})(?:\s*[./|_]\s*r\s*\.?\s*|\s+r\s*\.\s*)([0-3])(?![\w'’])"
)
"""A rotation joined to its square by a sign ("m13.r2", "M13/R2", "M13 r.2"): the notation's."""
_R_FIRST = re.compile(
    r"(?i)(?<![\w'’])R\s*([0-3])\s*,?\s*(?:(?:on|at|in|en|sur|su|auf|an|to|nach)\s+)?"
    r"(?:(?:the\s+|la\s+)?(?:square|case|casella|feld)\s+)?(?!r\s*\d)([a-z]{1,2})\s*-?\s*(\d{1,2})"
    r"(?![\w'’])(?!\s*[,:]?\s*(?:R\s*\d|rotation|rotazione|drehung))"
)
_SQUARE_BEFORE = re.compile(r"(?i)(?<![\w'’])[a-z]{1,2}\s*-?\d{1,2}\s*[,;:/-]?\s*$")


def _rotation_first(line: str) -> str:
    """``line`` with a rotation written before its square put after it ("R2 M13", "rotation 2
    on M13", "R2 auf M13" -> "M13 R2"); an R after a square belongs to that square ("O13 R2
    M13" is left as written)."""

    def swap(m: re.Match[str]) -> str:
        if _SQUARE_BEFORE.search(m.string, 0, m.start()):
            return m.group(0)
        return f"{m[2].upper()}{m[3]} R{m[1]}"

    return _R_FIRST.sub(swap, line) if len(line) <= 2000 else line


_TURNED_AGAIN = re.compile(
    r"(?i)(?<![\w'’])(?:turn|rotat|tourn|pivot|ruot|gir|dreh|gedreht)\w*(?:\s+\S+){0,4}?\s+(?:more|again"
    r"|encore|ancora|noch|mehr|weiter|further)(?![\w'’])|(?<![\w'’])(?:encore|ancora|noch|again"
    r"|nochmal|erneut)(?:\s+\S+){0,3}?\s+(?:turn|rotat|tourn|pivot|ruot|gir|dreh|gedreht)"
)


def turned_again(text: str) -> bool:
    """Does ``text`` ask for a turn from another rotation ("turned once more", "noch einmal
    gedreht", "tournez-la encore d'un quart")? Such a turn is never spelled as an R
    (:data:`_MORE_AFTER`), but it still says a rotation."""
    return bool(_TURNED_AGAIN.search(text[:1000]))


def spelled(line: str) -> str:
    """``line`` with a rotation said in words written as the notation's (issue 31: "L10,
    dreimal im Uhrzeigersinn gedreht" -> "L10, R3", "tournée de trois quarts de tour dans le
    sens des aiguilles d'une montre" -> "R3", "mezzo giro" -> "R2", "a quarter turn
    anticlockwise" -> "R3", "senza ruotarla" -> "R0"): clockwise quarter turns, as R counts
    them. Other lines unchanged."""

    def turn(m: re.Match[str], before: str) -> tuple[str, int]:
        """The notation of the rotation ``m`` and how many characters of ``before`` it also
        replaces (the way round, said before the amount: "in senso antiorario di 90 gradi")."""
        if _MORE_AFTER.match(m.string, m.end()) or _MORE_BEFORE.search(before):
            return m.group(0), 0  # "turn it once more", "noch einmal drehen": a turn from another
        way = _WAY_BEFORE.search(before)
        if not _AFTER_SQUARE.search(before if way is None else before[: way.start()]):
            return m.group(0), 0  # "my drawing was upside down": a rotation only after a square
        said = _SAID_R.search(before)
        if m.re is _DEGREES:
            value = int(m["deg"])
            if value % 90 or value > 360 or _AFTER_R.search(before):
                return m.group(0), 0  # not a quarter turn, or one said again after "R2, 180°"
            n = value // 90 % 4
        elif m["q"] is not None:
            if m["qs"] is None and not (m["verb"] or m["cw"] or m["anti"] or m["after"] or way):
                return m.group(0), 0  # "un quart" with no word of turning: not a rotation
            n = _QUARTERS[" ".join(m["q"].lower().replace("-", " ").split())]
        elif m["k"] is not None:
            n = _COUNTS[m["k"].lower()]  # "mit zwei Vierteldrehungen"
        elif m["k1"] is not None:
            n = 1  # "ruotata di uno scatto"
        elif m["n"] is not None:
            if not (m["verb"] or m["cw"] or m["anti"] or m["after"] or way):
                return m.group(0), 0  # "once", "two times" without a word of turning
            n = _COUNTS[re.sub(r"\s*(?:fois|volt[ae]|times|mal|x)$", "", m["n"].lower()).strip()]
        elif m["asis"] is not None:
            n = 0  # "N13, così com'è disegnata": the tile as the mail draws it
        else:
            n = 2
        if m["anti"] or (way is not None and way["anti"] and not m["cw"]):
            n = (4 - n) % 4
        if said is not None and int(said[1]) == n and m.re is not _DEGREES:
            return m.group(0), 0  # "M8 R2 - the tile upside down fits better": said again
        return f"R{n}", (len(before) - way.start() if way is not None else 0)

    line = _R_THEN_WAY.sub(r"\1 ? ", line)  # "M13 R1 anticlockwise": asked back
    line = _times_degrees(line)  # "dreimal um 90 Grad" -> "270 Grad"
    line = _SQUARE_SENTENCE.sub(r"\1, ", line) if len(line) <= 2000 else line
    line = _own_tile(line)

    def kept(m: re.Match[str], before: str) -> tuple[str, int]:
        return m.group(0), 0  # "R0" as written: only brought beside its square

    out = _DICTATED_IN_LINE.sub(_dictated, spoken(_COLUMN_ROW.sub(_column_row, line)))
    out = _ROTATION_N.sub(r"R\1", out)
    out = _rotation_first(_R_STUCK.sub(r"\1 R\2", _R_NAMED.sub(r"R\1", out)))
    out = _R_BARE.sub(_r_bare, out)
    for words in (_DEGREES, _IN_WORDS):
        out = _rewritten(words, out, turn)

    def way(m: re.Match[str], before: str) -> tuple[str, int]:
        if not _AFTER_SQUARE.search(before):
            return m.group(0), 0
        return ("R3" if m["anti"] or m["anti2"] else "R1"), 0

    out = _rewritten(_WAY_ONLY, out, way)
    out = _rewritten(_R0, _NO_TURN.sub("R0", out), kept, always_beside=True)
    return _SAID_AGAIN.sub(r"R\1", out)


_SAID_AGAIN = re.compile(
    r"(?<![\w'’])R([0-3])\s*\(\s*(?:(?i:i\.?\s*e\.?|that\s+is|so|c['’]est-[àa]-dire|soit|donc|cio[èe]"
    r"|quindi|d\.\s*h\.|also|=)\s*,?\s*)?R\1\s*\)"
)
"""A rotation said again in brackets after itself ("P11 turned twice (R2)" -> "P11 R2 (R2)",
"L10 R3 (i.e. R3)"): said once. Another rotation in the brackets stays (the line asks back)."""


_SQUARE_SENTENCE = re.compile(
    r"(?<![\w'’])([A-Za-z]{1,2}\s*-?\d{1,2})\s*\.\s+(?=(?i:(?:(?:and|et|e|und|with|avec|con|mit)\s+)?"
    r"(?:(?:une?|a|one|una|eine?|la|the|die)\s+)?(?:rotation|rotazione|drehung|rotated|turned"
    r"|tourn[ée]e?|pivot[ée]e?|ruotat[ao]|girat[ao]|gedreht|um\s+\d|einmal|zweimal|dreimal|once"
    r"|twice|thrice|(?:un|une|deux|trois|una|due|tre|one|two|three|ein|zwei|drei)\s+(?:fois|volt[ae]"
    r"|times|mal|quarts?|quarti|quarters?|viertel)|quarter|quart|quarto|vierteldrehung"
    r"|\d{2,3}\s*(?:°|grad|degr)|sans|without|senza|ohne)(?![\w'’])))"
)
"""A square, then its rotation in words in a sentence of its own ("Je pose en O13. Tournée d'un
quart de tour.", "Ich lege auf O13. Einmal im Uhrzeigersinn gedreht.", "I'll put it on O13.
Turned once clockwise."): one phrase, the square and its rotation."""
_TIMES = (
    r"(?:einmal|zweimal|dreimal|viermal|once|twice|thrice|(?:un|une|deux|trois|quatre|una|due|tre"
    r"|quattro|one|two|three|four|ein|zwei|drei|vier|[1-4])\s*(?:fois|volt[ae]|times|mal|x))"
)
_DEGREE_UNIT = r"(?:°|degrees?|degr[ée]s|gradi|grad(?:e|en)?)"
_TIMES_DEGREES = re.compile(
    r"(?i)(?<![\w'’])(?:(?P<n>" + _TIMES + r")\s+(?:(?:by|of|de|di|da|um|à|a|per|through|jeweils"
    r"|ogni\s+volta\s+di|à\s+chaque\s+fois\s+de|each\s+time\s+by)\s+)?(?P<deg>\d{2,3})\s*"
    r"(?P<u>" + _DEGREE_UNIT + r")|(?P<deg2>\d{2,3})\s*(?P<u2>" + _DEGREE_UNIT + r")(?![\w'’])"
    r"[\s,]+(?P<n2>" + _TIMES + r"))(?![\w'’])"
)
"""A rotation said as a count of turns of so many degrees ("dreimal um 90 Grad", "three times 90
degrees", "rotated 90 degrees twice", "tournée trois fois de 90 degrés", "ruotata tre volte di 90
gradi"): the degrees in all."""
_TIMES_COUNT = {"einmal": 1, "zweimal": 2, "dreimal": 3, "viermal": 4, "once": 1, "twice": 2,
                "thrice": 3, "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "una": 1,
                "due": 2, "tre": 3, "quattro": 4, "one": 1, "two": 2, "three": 3, "four": 4,
                "ein": 1, "zwei": 2, "drei": 3, "vier": 4}  # fmt: skip


def _times_degrees(line: str) -> str:
    """``line`` with a rotation said as a count of turns of some degrees written as the degrees
    in all (:data:`_TIMES_DEGREES`: "dreimal um 90 Grad" -> "270 Grad"): a count and the degrees
    of one turn are never read apart (the count as a rotation of its own, the degrees as
    another)."""

    def total(m: re.Match[str]) -> str:
        said = (m["n"] or m["n2"]).casefold()
        word = re.sub(r"\s*(?:fois|volt[ae]|times|mal|x)$", "", said).strip()
        count = int(word) if word.isdigit() else _TIMES_COUNT.get(word, 0)
        deg = int(m["deg"] or m["deg2"])
        if not count:
            return m.group(0)
        return f"{count * deg} {m['u'] or m['u2']}"

    return _TIMES_DEGREES.sub(total, line) if len(line) <= 2000 else line


_OWN_TILE = re.compile(
    r"(?i)(?<![\w'’])(?P<mine>my|ma|mon|mia|mio|la\s+mia|il\s+mio|mein|meine|meinen|meinem|meiner)"
    r"(?P<noun>\s+(?:tile|tuile|pi[èe]ce|tessera|pl[äa]ttchen|kachel|teil))?"
    r"\s+[A-Za-z]\d{1,2}(?![\w'’])(?!\s*[,:(]?\s*R\s*\d)"
    r"(?=.*?(?<![\w'’])[A-Za-z]{1,2}\s*-?\d{1,2}(?![\w'’]))"
)
"""The player's own tile named by its id ("Ma tuile P9 en O9", "My P9 goes on L10", "meine P9
kommt auf L10") before the square it goes to: the id is no square (a tile id has the shape of
one)."""


_ONTO = (
    r"(?:on|onto|at|in|into|to|en|sur|dans|à|a|su|in|nella|nel|sulla|sul|auf|nach|an|in\s+die"
    r"|->|→|=>|>)"
)


def hand_tile_named(line: str, tile: str | None) -> str:
    """``line`` without the id of the tile in the player's hand where it is named before the
    square it goes to ("Placing P9 on O9, R1", "je pose la P9 en O9", "La P9 va in O9", "P9
    kommt auf O9"): the id has the shape of a square but names the tile (issue 31, ninth round)."""
    if not tile or len(line) > 2000:
        return line
    pat = re.compile(
        r"(?i)(?<![\w'’])"
        + re.escape(tile)
        + r"(?![\w'’])(?=(?:\s+[^\W\d_]+){0,2}?\s*"
        + _ONTO
        + r"\s*(?:(?:the\s+|la\s+|le\s+|die\s+|das\s+)?(?:square|case|casella|feld)\s+)?"
        r"[A-Za-z]{1,2}\s*-?\d{1,2}(?![\w'’]))"
    )
    noun = {"fr": "tuile", "it": "tessera", "de": "Plättchen"}.get(current(), "tile")
    return pat.sub(noun, line)


def _own_tile(line: str) -> str:
    """``line`` without the id of the player's own tile named before the move's square."""
    return _OWN_TILE.sub(lambda m: m["mine"] + (m["noun"] or " tile"), line)


_R0 = re.compile(r"(?<![\w'’])R[0-3](?![\w'’])")
"""A rotation in the notation, brought beside its square when only linking words stand between
("N9 en R2", "O9, R3", "L10 in R3", "O13, rotation 2")."""
_ROTATION_N = re.compile(
    r"(?i)(?<![\w'’])(?:rotation|rotazione|drehung|rotazione\s+numero|position|posizione"
    r"|stellung)\s*(?:n[°º]\s*|nr\.?\s*|numero\s+|number\s+)?([0-3])(?![\w'’°º.,]\d)(?![\w'’°º])"
)
"""A rotation named by its number in words ("rotation 2", "rotazione 3", "Drehung 1")."""
_LOOK_BACK = 200
"""How much of the text before a rotation is read with it (its square, a few words, the way
round, all far shorter): a line of thousands of rotation words is spelled in linear time."""


def _rewritten(
    words: re.Pattern[str],
    text: str,
    turn: Callable[[re.Match[str], str], tuple[str, int]],
    always_beside: bool = False,
) -> str:
    """``text`` with each match of ``words`` replaced by what ``turn(match, before)`` says (the
    notation, and how many characters of ``before`` it also replaces), the square brought beside
    a rotation written anew (:func:`beside_square`). ``before`` is the end of the text written
    so far (:data:`_LOOK_BACK` to twice that), so the work is linear in the line's length."""
    done: list[str] = []
    tail, at = "", 0
    for m in words.finditer(text):
        tail += text[at : m.start()]
        if len(tail) > 2 * _LOOK_BACK:
            done.append(tail[:-_LOOK_BACK])
            tail = tail[-_LOOK_BACK:]
        said, cut = turn(m, tail) if m.group(0).strip() else (m.group(0), 0)
        head = tail[: len(tail) - cut]
        if always_beside or said != m.group(0):
            head = beside_square(head)
        tail, at = head + said, m.end()
    return "".join(done) + tail + text[at:]


_BETWEEN = frozenset(
    ("alors", "donc", "puis", "et", "mais", "so", "then", "and", "but", "allora", "quindi", "e",
     "ma", "poi", "also", "dann", "und", "aber", "doch", "in", "allerdings", "jedoch", "however",
     "cependant", "toutefois", "però", "tuttavia", "nella", "nel", "dans", "en", "im", "on")
)  # fmt: skip
_SQUARE_AND = re.compile(
    r"(?i)(?<![\w'’])[a-z]{1,2}\s*-?\d{1,2}(?P<between>\s*\)?\s*[,–—-]?\s*(?:[^\W\d]+[\s,:]+){0,2})$"
)


def beside_square(before: str) -> str:
    """``before`` (a line up to a rotation said in words) with what stands between its square and
    the rotation dropped, when that is only punctuation and words that lead on ("M8 alors,
    tournée d'un quart" -> "M8 R1", "in N13, così com'è disegnata" -> "in N13 R0", "(M8),
    girata di mezzo giro" -> "(M8 R2"; issue 31): the square and its rotation side by side."""
    m = _SQUARE_AND.search(before)
    if m is None or not m["between"].strip():
        return before
    words = re.findall(r"[^\W\d]+", m["between"])
    if not words or any(w.casefold() not in _BETWEEN for w in words):
        return before
    return before[: m.start("between")] + " "


# -----------------------------------------------------------------------------------------------
# A square said relative to a tile on the board (issue 31, seventh round)
# -----------------------------------------------------------------------------------------------

_DIST = (
    r"(?:(?P<n>one|two|three|un|une|deux|trois|uno|una|due|tre|ein|eins|einem|zwei|drei|[1-3])\s+"
    r"(?:squares?|spaces?|cases?|casell[ae]|felder|feld(?:er)?|places?)\s+"
    r"|(?P<one>juste|just|right|directly|immediately|subito|direttamente|direkt|gleich)\s+)?"
)
_SIDE = (
    r"(?:(?:to\s+the\s+|on\s+the\s+)?(?P<en>left|right)\s+of|(?P<en2>above|below|under|over"
    r"|north\s+of|south\s+of|east\s+of|west\s+of)"
    r"|à\s+(?P<fr>gauche|droite)\s+(?:de\s+la|de\s+l['’]|du|de|d['’])"
    r"|(?P<fr2>au-dessus|au-dessous|en\s+dessous|en-dessous|au\s+nord|au\s+sud|à\s+l['’]est"
    r"|à\s+l['’]ouest)\s+(?:de\s+la|de\s+l['’]|du|de|d['’])"
    r"|a\s+(?P<it>sinistra|destra)\s+(?:della|dello|dell['’]|del|di)"
    r"|(?P<it2>sopra|sotto|a\s+nord|a\s+sud|a\s+est|a\s+ovest)\s+(?:alla|allo|all['’]|al|a|della"
    r"|dello|dell['’]|del|di)"
    r"|(?P<de>links|rechts)\s+(?:von|neben)(?:\s+de[mr])?"
    r"|(?P<de2>über|unter|oberhalb|unterhalb|nördlich|südlich|östlich|westlich)(?:\s+(?:von|de[mr]))?)"
)
_WHOSE = (
    r"(?:(?:[^\W\d_]+['’]s|sa|son|ses|la\s+sua|il\s+suo|sua|suo|seine[mnr]?|ihre[mnr]?|his|her"
    r"|its|their|the|la|le|l['’]|il|die|der|dem|den|das)\s*)?"
)
_TILE_NOUN = r"(?:tile|tuile|pi[èe]ce|tessera|pl[äa]ttchen|kachel|teil)"
_COLOUR_WORDS = {
    "W": ("white", "blanche", "blanc", "bianca", "bianco", "weiß", "weiße", "weißen", "weisse",
          "weissen"),
    "P": ("pink", "rose", "rosa", "rosane", "rosanen"),
    "G": ("green", "verte", "vert", "verde", "grün", "grüne", "grünen", "gruene", "gruenen"),
}  # fmt: skip
_COLOUR = "|".join(w for ws in _COLOUR_WORDS.values() for w in ws)
_RELATIVE_SQUARE = re.compile(
    r"(?i)(?<![\w'’])(?:(?:the\s+|la\s+|das\s+|la\s+)?(?:square|spot|case|casella|feld|platz)\s+)?"
    r"(?:(?:de\s+la|della|du)\s+)?"
    + _DIST
    + _SIDE
    + r"\s*"
    + _WHOSE
    + r"(?:(?:"
    + _TILE_NOUN
    + r"\s+)?(?P<id>[A-Z]\d{1,2})(?![\w'’])(?!\s*R\s*\d)"
    r"|(?:"
    + _TILE_NOUN
    + r"\s+(?P<c1>"
    + _COLOUR
    + r")|(?P<c2>"
    + _COLOUR
    + r")\s+"
    + _TILE_NOUN
    + r")(?![\w'’]))"
)
"""A square said by where it lies from a tile on the board: "la case juste à gauche de sa tuile
blanche", "two squares to the right of Béa's W1", "direkt unter dem Plättchen P9", "a destra
della tessera verde"."""
_STEP = {"left": (-1, 0), "right": (1, 0), "above": (0, -1), "over": (0, -1), "north": (0, -1),
         "below": (0, 1), "under": (0, 1), "south": (0, 1), "east": (1, 0), "west": (-1, 0),
         "gauche": (-1, 0), "droite": (1, 0), "au-dessus": (0, -1), "au-dessous": (0, 1),
         "dessous": (0, 1), "nord": (0, -1), "sud": (0, 1), "est": (1, 0), "ouest": (-1, 0),
         "sinistra": (-1, 0), "destra": (1, 0), "sopra": (0, -1), "sotto": (0, 1),
         "links": (-1, 0), "rechts": (1, 0), "über": (0, -1), "oberhalb": (0, -1),
         "unter": (0, 1), "unterhalb": (0, 1), "nördlich": (0, -1), "südlich": (0, 1),
         "östlich": (1, 0), "westlich": (-1, 0)}  # fmt: skip
_AMOUNT = {"one": 1, "un": 1, "une": 1, "uno": 1, "una": 1, "ein": 1, "eins": 1, "einem": 1,
           "two": 2, "deux": 2, "due": 2, "zwei": 2, "three": 3, "trois": 3, "tre": 3,
           "drei": 3, "1": 1, "2": 2, "3": 3}  # fmt: skip


def relative_squares(line: str, placed: list[tuple[str, int, int]]) -> str:
    """``line`` with each square said relative to a tile on the board written as its name
    (:data:`_RELATIVE_SQUARE`; ``placed``: each tile on the board by id and square). Only a
    tile named by its id, or by its floor colour when exactly one tile of that colour was
    placed, is found; a phrase naming none of those stays as written."""
    if len(line) > 1000 or not placed:
        return line

    def square(m: re.Match[str]) -> str:
        if m["id"]:
            at = [(x, y) for tid, x, y in placed if tid.upper() == m["id"].upper()]
        else:
            word = (m["c1"] or m["c2"]).casefold()
            letter = next(k for k, ws in _COLOUR_WORDS.items() if word in ws)
            at = [(x, y) for tid, x, y in placed if tid[:1].upper() == letter]
        if len(at) != 1:
            return m.group(0)
        side = next(m[g] for g in ("en", "en2", "fr", "fr2", "it", "it2", "de", "de2") if m[g])
        side = side.casefold().split()[-1].replace("l'", "").replace("l’", "")
        dx, dy = _STEP.get(side, (0, 0))
        if not (dx or dy):
            return m.group(0)
        n = _AMOUNT[m["n"].casefold()] if m["n"] else 1
        x, y = at[0]
        return square_name(x + n * dx, y + n * dy)

    return _RELATIVE_SQUARE.sub(square, line)
