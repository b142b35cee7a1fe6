"""Notation of *Die Verbotene Stadt*: parsing players' text into legal actions, and back.

Officials are two letters, hat then body colour (R red, Y yellow, B blue, G green, K black).
``RK north east`` / ``RK n e`` / ``RK NE`` slide the red-hat black-body official north, then east;
``RK step n`` is the one-field move from a start field; an entering move may end in ``claim`` or
``reveal``. Other decisions: ``select GB``, ``keep``, ``believe``, ``doubt``, ``take east red-hat``.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from pbem.i18n import N_, _
from pbem.rules.base import (
    PLAYER_NAMES,
    AmbiguousMove,
    IllegalMove,
    InvalidSyntax,
    NotYourDecision,
    RuleError,
    Seat,
)
from pbem.rules.verbotene_stadt import engine, steer
from pbem.rules.verbotene_stadt.board import PIECES, Board
from pbem.rules.verbotene_stadt.state import Action, Answer, Keep, Move, Select, State, Take
from pbem.words import RESTATE, THEREFORE, only_said

SEAT_NAMES: tuple[str, ...] = ("North", "East", "South", "West")
"""Seat names in turn (clockwise) order; partners in the team variant sit opposite."""

_DIR_WORDS: dict[str, str] = {
    "n": "N",
    "north": "N",
    "up": "N",
    "e": "E",
    "east": "E",
    "right": "E",
    "s": "S",
    "south": "S",
    "down": "S",
    "w": "W",
    "west": "W",
    "left": "W",
    # French, Italian, German (issue 31: "RB nach Norden, dann nach Westen")
    "nord": "N", "norden": "N", "haut": "N", "su": "N", "oben": "N", "hoch": "N",
    "est": "E", "osten": "E", "ost": "E", "droite": "E", "destra": "E", "rechts": "E",
    "sud": "S", "süd": "S", "sued": "S", "süden": "S", "sueden": "S", "bas": "S", "giù": "S",
    "giu": "S", "unten": "S", "runter": "S",
    "ouest": "W", "ovest": "W", "westen": "W", "gauche": "W", "sinistra": "W", "links": "W",
    "alto": "N", "basso": "S",  # "in alto", "verso il basso"
}  # fmt: skip
# Compass points written as one word ("RB northeast", "RB Nordost", "RB nordovest"): two
# directions, north or south first.
_SIDE_WORDS = frozenset(
    {"up", "down", "left", "right", "haut", "bas", "droite", "gauche", "su", "giù", "giu",
     "alto", "basso", "destra", "sinistra", "oben", "unten", "hoch", "runter", "rechts", "links"}
)  # fmt: skip
"""Directions said as a side of the board, not as a compass point."""


def _said_twice(tok: str, nxt: list[str]) -> bool:
    """Is ``tok`` a side of the board said again by the compass point right after it ("up to
    the north", "en haut vers le nord", "nach oben, Richtung Norden"; issue 31)? Two compass
    points or two sides ("N N") stay two directions (and the game refuses them)."""
    return (
        tok in _SIDE_WORDS
        and bool(nxt)
        and nxt[0] in _DIR_WORDS
        and nxt[0] not in _SIDE_WORDS
        and _DIR_WORDS[nxt[0]] == _DIR_WORDS[tok]
    )


_DIR_WORDS.update(
    {
        a + b: _DIR_WORDS[a] + " " + _DIR_WORDS[b]
        for a, b in (
            ("north", "east"), ("north", "west"), ("south", "east"), ("south", "west"),
            ("nord", "est"), ("nord", "ovest"), ("sud", "est"), ("sud", "ovest"),
            ("nord", "ost"), ("nord", "osten"), ("nord", "west"), ("nord", "westen"),
            ("süd", "ost"), ("süd", "osten"), ("süd", "west"), ("süd", "westen"),
            ("sued", "ost"), ("sued", "osten"), ("sued", "west"), ("sued", "westen"),
        )
    }
)  # fmt: skip
_FILLER = {
    "then", "and", "to", "move", "slide", "official", "the", "from", "of", "towards", "go",
    "first", "i", "i'll", "i'm", "sliding", "slides", "moving", "on", "further", "again",
    # French
    "puis", "et", "vers", "le", "la", "au", "à", "a", "l'", "ensuite", "je", "joue", "déplace",
    "deplace", "bouge", "jusqu'au", "direction", "officiel", "abord", "dabord", "fais", "glisser",
    "glisse", "encore",
    # Italian
    "poi", "verso", "il", "lo", "al", "muovo", "sposto", "gioco", "quindi", "dopo",
    "funzionario", "prima", "faccio", "scivolare", "ancora",
    # German
    "nach", "dann", "und", "zum", "zur", "richtung", "ich", "ziehe", "bewege", "schiebe",
    "spiele", "beamten", "beamter", "den", "der", "die", "zuerst", "erst", "weiter", "diesem",
    "anschließend", "anschliessend", "danach",
    # verbs of going and moving in more persons and forms ("BK goes east", "RB va au nord",
    # "je vais déplacer RB", "RB geht nach Norden", "voglio spostare RB")
    "goes", "going", "moves", "va", "vais", "vas", "déplacer", "deplacer", "bouger",
    "vai", "muovere", "spostare", "sposta", "muove", "geht", "gehe", "bewegen", "ziehen",
    "schieben", "fährt", "faehrt", "in", "ce", "coup", "mossa", "zug", "my", "mon", "mia", "mein",
    "après", "apres", "ça", "ca", "cela",
    # turning into the second direction ("KB glisse vers le sud, puis tourne vers l'ouest",
    # "RB heads north")
    "tourne", "tourner", "gira", "girare", "dreht", "biegt", "ab", "turns", "turning", "heads",
    "head", "heading",
    # this turn's move beside standing orders ("As for this turn, RB north", "Pour ce tour,
    # KB au sud", "Per questo turno BK verso est", "Für diesen Zug RB nach Norden")
    "as", "for", "this", "turn", "pour", "tour", "per", "questo", "turno", "für", "fuer",
    "diesen", "diesmal", "cette", "fois", "volta", "questa", "time",
    # the words around a one-step move (:data:`_STEP`: "BK di una sola casella verso est",
    # "BR einen Schritt nach Westen", "KB d'une seule case")
    "di", "una", "sola", "einen", "un", "une", "seul", "seule", "d'un", "d'une", "only", "just",
    "juste",
    # an official described by its colours (:func:`_described`: "le fonctionnaire au chapeau
    # noir et au corps bleu")
    "fonctionnaire", "officer", "figure", "figur", "beamte", "pion", "pedina",
    # its other name ("le mandarin rouge-bleu vers le nord", "il mandarino blu-rosso";
    # nineteenth round)
    "mandarin", "mandarins", "mandarino", "mandarini",
    # a slide said with its verb and how far ("KB descend vers le sud", "RB sale verso nord")
    "descend", "descends", "descendre", "monte", "montes", "monter", "avance", "avancer",
    "recule", "reculer", "scende", "scendere", "sale", "salire", "avanza", "avanzare",
    "rutscht", "rutschen", "gleitet", "gleiten", "wandert", "läuft", "laeuft",
    "tournant", "girando", "biegend",
    "toujours", "still", "sempre", "immer", "noch", "solo", "nur", "ein", "er", "he", "it",
    "me", "moi", "mir", "mich", "einziger", "einzigen", "single",
    # how far a one-step move goes, and from where the slide goes on ("BK just one square to the
    # right", "RB one field north", "BK nach Osten und von dort weiter nach Norden"; issue 31)
    "square", "field", "space", "von", "dort", "there", "là", "lì",
    # the official as a person or a piece ("Move the red/blue guy up", "le mec rouge-noir",
    # "il tizio giallo-verde", "den Typ rot-schwarz"; seventh round)
    "guy", "chap", "fellow", "bloke", "man", "piece", "pawn", "mec", "gars", "bonhomme",
    "pièce", "tipo", "tizio", "pezzo", "typ", "kerl", "mann", "männchen", "maennchen",
    "spielfigur",
    # making it move ("Faccio fare un passo solo a KB", "je fais faire un pas à BR", "Let's do
    # BK E N", "Ich lasse RB nach Norden ziehen")
    "fare", "faire", "lasse", "lassen", "let", "let's", "make", "do", "fai",
    # doing it ("ich mache rb nord", "Sabine hat ... eröffnet, ich mache kb süd"; twelfth round)
    "mache", "mach", "machen", "doing",
    # on its way ("le noir-bleu descend puis part à gauche", "BR file vers l'ouest", "BR corre
    # a ovest", "BR rennt nach Westen", "BR runs west"), and the official taken to move ("Ich
    # nehme BK: nach rechts", "je prends BK vers l'est", "prendo BK verso est")
    "part", "partir", "file", "filer", "fonce", "repart", "corre", "rennt", "saust", "runs",
    "run", "nehme", "nimm", "prends", "prendo", "take", "taking", "tout", "droit", "dritto",
    "geradeaus", "straight",
    # sending it on its way ("I'm sending BR west and after that north", "Ich schicke BR nach
    # Westen", "Faccio andare BR verso ovest", "Je fais aller BR", "Porto giù KB"; eighth round)
    "send", "sends", "sending", "envoie", "envoyer", "envoyé", "schicke", "schickt", "schicken",
    "mando", "mandare", "manda", "andare", "aller", "gehen", "porto", "bring", "bringe",
    "after", "that", "play", "plays", "playing", "jouer", "giocare", "spielen", "remonte", "redescend", "risale", "risalire", "ridiscende", "ridiscendere",
    "risalgo",
    # pushing it ("Push the blue-hatted black one east", "scoot him one space east", "Je
    # pousse BR", "Spingo BR a sinistra", "Ich schubse BK nach rechts", "envoye-le"; ninth round)
    "push", "pushes", "pushing", "shove", "shoves", "shoving", "scoot", "scoots", "nudge",
    "nudges", "shift", "shifts", "drag", "drags", "walk", "walks", "glide", "glides", "put",
    "puts", "him", "pousse", "pousser", "poussez", "poussé", "pousses", "décale", "décaler",
    "décalez", "amène", "amener", "emmène", "glissez", "bougez", "déplacez", "envoye",
    "envoyez", "avancez", "lui", "spingo", "spingere", "spingi", "spinge", "scorrere", "scorre",
    "scivola", "muovi", "metto", "mettere", "sposti", "schieb", "schiebt", "schubse", "schubs",
    "rücke", "rück", "rückt", "verschiebe", "verschieb", "setze", "setz", "zieh", "zieht",
    "fahre", "fahr", "lauf", "laufe", "beweg", "bewegt", "ihn", "abbiegen", "abbiegt",
    "abbiegend", "einbiegen",
    # the official after "with" ("just one step with BK, east", "Solo un passo a est per BK",
    # "celui avec le chapeau noir")
    "with", "avec", "con", "col", "mit", "celui", "celle", "quello", "quella",
    # the slide wished ("I'd like to move RB north", "Je voudrais jouer KB", "Vorrei spostare
    # BR", "Ich würde gerne BK nach Osten ziehen", "Ich möchte RB ziehen")
    "i'd", "like", "would", "want", "wanna", "gonna", "will", "shall", "voudrais", "aimerais",
    "veux", "compte", "souhaite", "vorrei", "voglio", "vado", "möchte", "moechte", "würde",
    "wuerde", "gerne", "gern", "werde", "far",
    # what the turn will be ("pour moi ce sera BR", "per me sarà BR", "bei mir wird es BR")
    "sera", "sarà", "sara", "c'est", "be", "it'll", "wird", "es", "bei",
    "seulement", "soltanto", "solamente", "lediglich", "merely", "simply",
    # the German particle of a choice made ("Na gut, dann eben RB N E"; nineteenth round)
    "eben",
    # what the official is to do ("Danach soll der Rote nach Norden", "BK muss nach Osten", "RB
    # should go north", "KB doit aller au sud", "BR deve andare a ovest"; issue 31, tenth round)
    "soll", "sollte", "sollen", "muss", "müsste", "muesste", "should", "must", "doit", "devrait",
    "deve", "dovrebbe", "dovrà", "dovra",
    # the first of a list of slides said alone ("Erstens RB nach Norden", "Premièrement BR à
    # l'ouest", "Primo: KB a sud", "Firstly BK east"; tenth round)
    "erstens", "premièrement", "premierement", "primo", "firstly", "innanzitutto", "anzitutto",
    # the official taking its step ("BR fa un passo solo verso ovest", "BK fait un pas vers
    # l'est", "KB takes one step south", "RB macht einen Schritt nach Norden"; fourteenth round)
    "fa", "fait", "takes", "macht",
    # this turn in French ("ce tour-ci je fais glisser RB vers le nord", "cette fois-ci BK")
    "tour-ci", "fois-ci",
    # turning into the second direction in more verbs ("file au nord puis bifurque à l'ouest",
    # "poi piega a ovest", "lasse ich ihn nach Westen weiterrutschen", "then veers west";
    # fifteenth round)
    "bifurque", "bifurquer", "oblique", "obliquer", "vire", "virer", "piega", "piegare",
    "svolta", "svoltare", "curva", "curvare", "weiterrutschen", "weiterrutscht",
    "weiterziehen", "weiterschieben", "schwenkt", "schwenken", "veers", "veer", "swings",
    # where the turn comes ("et, arrivé au bout, il descend vers le sud", "arrivato in fondo
    # gira a sud", "am Ende angekommen nach Süden", "once there, south")
    "arrivé", "arrivée", "arrive", "arrivato", "arrivata", "giunto", "giunta", "angekommen",
    "once",
    # the official's own move ("BK takes its one step east", "BK fait son petit pas vers l'est",
    # "RB fa il suo passo a nord", "KB macht seinen einen Schritt"; sixteenth round)
    "its", "son", "sa", "suo", "sua", "sein", "seinen", "seine", "seinem",
    # how small the step is ("son petit pas", "un piccolo passo", "ein einziges Feld", "one
    # little step", "una sola e unica casella")
    "petit", "petite", "piccolo", "kleinen", "kleines", "little", "tiny", "einziges", "einzige",
    "einzigem", "unica", "unico", "unique",
    # advancing it ("lo avanzo di una casella", "I advance BK one square", "ich rücke ihn vor")
    "avanzo", "avanzi", "avanzalo", "advance", "advances", "advancing", "vorrücken", "vorruecken",
    "rücken", "ruecken",
}  # fmt: skip
"""Words around an official and its directions, in the four languages (never "e": east; "en"
only before a direction word: see :func:`_tokens`)."""
_STEP = {"step", "one", "1", "single", "schritt", "casella", "case", "feld", "passo",
         # ninth round: the step's other nouns and numbers ("d'un cran", "un quadretto", "ein
         # Kästchen", "one notch", "one cell", "di uno", "um eins")
         "cran", "quadretto", "riquadro", "kästchen", "kaestchen", "notch", "cell", "tile",
         "uno", "eins", "schrittchen"}  # fmt: skip
_SQUARE_NOUNS = {"square", "squares", "field", "fields", "space", "spaces", "cells", "steps"}
"""Nouns of a step that also stand around a slide ("one square south" is one step)."""
_PACE = {"pas"}
"""The French step, read as one only after "un" or "seul" ("d'un seul pas"): alone it denies."""
_ONE_PACE = {"un", "seul", "petit", "d'un"}
"""A one-step move in words ("one step", "di una sola casella", "einen Schritt", "d'une case")."""
_ONLY_ONE = r"(?:un|une|d['’]\s*une?)(?![\w'’])"
"""The French "only" said as "ne ... que" before "one" ("RB ne fait qu'un pas", "BR n'avance que
d'une case"; seventeenth round): the verb alone, "RB fait un pas", and no "ne" to deny it."""
_FAR = {"wall", "mur", "muro", "wand", "mauer", "bout", "fondo", "anschlag", "way", "far"}
"""A slide as far as it goes, said in words ("jusqu'au mur", "all the way", "fino in fondo", "bis
zur Wand"; issue 31): the slide itself, never with a one-step move."""
_FAR_FILLER = {"all", "the", "fino", "bis", "as", "it", "goes", "can", "go", "a", "al", "in",
               # reaching it ("arrivé contre le mur", "arrivato contro il muro", "against the
               # wall", "gegen die Wand"; seventeenth round)
               "contre", "contro", "against", "gegen", "up"}  # fmt: skip
"""The words around :data:`_FAR` ("all the way", "fino al muro", "bis an die Wand")."""
_COLOUR_WORDS = {"red": "R", "yellow": "Y", "blue": "B", "green": "G", "black": "K"}


_O_WORD = {"fr": "ouest", "it": "ovest", "de": "Ost"}
"""The direction a lone "O" names in the player's language (issue 31: "BK O, dann RB N", "BR O
S (ouest puis sud)"); English has none."""
_O_RUN = re.compile(
    r"(?i)(?<![\w'’-])[rybgk]{2}((?:(?:[\s,]+|\s*(?:-|->|=>|→|⇒|>)\s*)(?:[nesw]|o|puis|then|dann|poi)"
    r"(?![\w'’]))+)"
)
_O = re.compile(r"(?i)(?<![\w'’])o(?![\w'’])")


def spelled(line: str, board: Board | None = None) -> str:
    """``line`` with each "O" that stands for a direction (in the directions after an official:
    "BK O", "RB N O", "BR O S", "BK o puis o") written as the word of the language being spoken
    (:func:`pbem.i18n.current`: ouest, ovest, Ost), so that a plan or a queued move is stored in
    words every language reads alike; with ``board``, an official named by its two colours in a
    slide written as its code (:func:`_slides_coded`). Other lines, and English, unchanged."""
    from pbem.i18n import current

    line = _slide_aside_dropped(_ACCENT_TYPED.sub(_accented, line))
    if board is not None:
        line = _slides_coded(board, line)
    word = _O_WORD.get(current())
    if word is None or not _O.search(line):
        return line
    return _O_RUN.sub(
        lambda m: m.group(0)[: m.start(1) - m.start()] + _O.sub(word, m.group(1)), line
    )


_ACCENT_TYPED = re.compile(
    r"(?i)(?<![\w'’])(giu|piu|gia|cosi|perche|finche|poiche|e)['’`](?![\w'’])"
)
"""An Italian word's closing accent typed as an apostrophe on a keyboard without it ("nero-blu
giu' a sud poi a est", "e' tutto": "è", never east; issue 31, seventeenth round)."""
_ACCENTS = {"e": "è", "giu": "giù", "piu": "più", "gia": "già", "cosi": "così", "perche": "perché",
            "finche": "finché", "poiche": "poiché"}  # fmt: skip


def _accented(m: re.Match[str]) -> str:
    word = _ACCENTS[m[1].lower()]
    return word.capitalize() if m[1][:1].isupper() else word


_SLIDE_ASIDE = re.compile(
    r"(?i)\s*,?\s*(?<![\w'’])(?:"
    # how far: a slide always goes as far as it can ("faccio scivolare il blu-rosso verso ovest,
    # finché non si ferma", "until it stops", "bis er stehen bleibt")
    r"finch[ée]\s+non\s+si\s+ferma|fino\s+a\s+quando\s+non\s+si\s+ferma|finch[ée]\s+pu[òo]"
    r"|until\s+it\s+(?:stops|can(?:['’]t|not)\s+go\s+(?:any\s+)?further)"
    r"|jusqu['’](?:à\s+ce\s+)?qu['’]il\s+s['’]arr[êe]te|aussi\s+loin\s+qu['’]il\s+(?:peut|va)"
    r"|(?:so\s*weit\s+(?:es|er)\s+(?:geht|kann)|bis\s+(?:er|es)\s+(?:stehen\s+bleibt|anh(?:ä|ae)lt"
    r"|nicht\s+mehr\s+weiter(?:geht|kann)))"
    # the turn into the second direction, always at a right angle ("den Blau-Roten nach Westen
    # und dann im rechten Winkel nach Norden", "then at a right angle north")
    r"|im\s+rechten\s+winkel|rechtwinklig|(?:at|in)\s+a\s+right\s+angle|[àa]\s+angle\s+droit"
    r"|ad\s+angolo\s+retto"
    r")(?![\w'’])\s*,?"
)
"""Words of a slide that say only what every slide does (issue 31, seventeenth round): dropped
from a line of the game before it is read, so that its directions stand together."""


def _slide_aside_dropped(line: str) -> str:
    """``line`` without :data:`_SLIDE_ASIDE`'s words (a space keeps the words apart)."""
    return _SLIDE_ASIDE.sub(" ", line).strip() if _SLIDE_ASIDE.search(line) else line


_COLOUR_PAIR = re.compile(r"(?<![\w'’-])([^\W\d_]+)\s*[-/]\s*([^\W\d_]+)(?![\w'’-])")
"""Two words joined by a hyphen or a slash: an official by its hat and body colours ("le
bleu-noir", "il rosso-blu", "der Schwarz-Blaue", "the red/blue one") when both are colours."""
_SEAT_NAMED = re.compile(
    r"(?<![\w'’])(?<!l['’])(?<!à\s)(?<!a\s)(?<!verso\s)(?<!nach\s)(?<!vers\s)(?<!to\s)"
    r"(?:North|East|South|West|Nord|Est|Sud|Ouest|Ovest|Ost|Süd|Sued)(?![\w'’])"
)
"""A seat named in a line (a capital, not a direction after its preposition): a slide beside it
may be that player's ("Nice move by East, the blue-red one west"), so its words stay."""
_SLIDE_CLAUSES = re.compile(
    r"[.;:!?\n]+|,\s*|\s[-–—]+\s"
    r"|(?i:(?<![\w'’])(?:puis|ensuite|then|after\s+that|poi|dopo|dann|danach|anschlie(?:ß|ss)end)"
    r"(?![\w'’]))"
)
"""Where one slide of a plan ends ("RB au nord, puis le bleu-noir à l'est")."""


_PAIR_COLON = re.compile(
    r"(?<![\w'’-])([^\W\d_]+\s*[-/]\s*[^\W\d_]+)\s*:\s*([^.;:!?\n]*[^\s.;:!?\n])"
)
"""An official by its colours, a colon, and the clause after it ("Rouge-bleu : nord, puis
ouest")."""


def _seat_named(line: str) -> bool:
    """Does ``line`` name a seat (:data:`_SEAT_NAMED`), not as the direction said right after an
    official by its code or colours ("Danach: Schwarz-Blau Sued.", "BR West"; seventeenth
    round)?"""
    for m in _SEAT_NAMED.finditer(line):
        before = line[: m.start()].rstrip()
        if _BARE_CODE.search(before[-3:]) and not before[-3:-2].isalnum():
            continue  # "BR West"
        pair = re.search(r"(?<![\w'’-])([^\W\d_]+)\s*[-/]\s*([^\W\d_]+)$", before)
        stems = _colour_stems()
        if pair is None or not (
            _stem(pair[1].lower()) in stems and _stem(pair[2].lower()) in stems
        ):
            return True
    return False


def _slides_coded(board: Board, line: str) -> str:
    """``line`` with an official named by its colours, hat then body, written as its code where
    the clause it stands in is one slide: it names a direction and no other official ("Aperçu :
    RB au nord, puis le bleu-noir à l'est" is "... puis le BK à l'est"; "Pour mon prochain tour :
    le bleu-rouge vers l'ouest"; sixteenth round). A plan's later slides and a queued move are
    then stored in the notation every language reads. A decision (no direction), a clause with
    two officials or a question keeps its words."""
    if "?" in line or not _COLOUR_PAIR.search(line) or _seat_named(line):
        return line  # ("Schöner Zug von Ost, den Schwarz-Blauen nach Süden": another's slide)
    stems = _colour_stems()

    def coded(part: str) -> str:
        pairs = [
            m
            for m in _COLOUR_PAIR.finditer(part)
            if _stem(m.group(1).lower()) in stems and _stem(m.group(2).lower()) in stems
        ]
        if (
            len(pairs) != 1
            or not _ways(part)
            or len(_official_codes(board, part)) != 1
            or _BARE_CODE.search(part)  # "den schwarz-blauen (KB) nach Süden": as written
        ):
            return part
        m = pairs[0]
        o = board.official_by_code(stems[_stem(m[1].lower())] + stems[_stem(m[2].lower())])
        if o is None:
            return part
        after = part[m.end() :]
        if (one := _PRONOUN_ONE.match(after)) is not None and not (
            _tokens(after[one.end() :])[:1] and _tokens(after[one.end() :])[0] in _STEP_NOUNS
        ):
            after = after[one.end() :]  # "black/blue one down": the official, not one step
        return part[: m.start()] + board.official_code(o) + after

    # the official named before a colon, its directions after it ("1. Rouge-bleu : nord, puis
    # ouest."; seventeenth round): the colon cuts no slide there
    def colon(m: re.Match[str]) -> str:
        joined = f"{m[1]} {m[2]}"
        done = coded(joined)
        if done == joined or not done.endswith(f" {m[2]}"):
            return m[0]
        return done[: -len(m[2]) - 1] + m[0][len(m[1]) :]

    line = _PAIR_COLON.sub(colon, line)

    out: list[str] = []
    at = 0
    for cut in _SLIDE_CLAUSES.finditer(line):
        out.append(coded(line[at : cut.start()]) + cut.group(0))
        at = cut.end()
    out.append(coded(line[at:]))
    return "".join(out)


_PRONOUN_ONE = re.compile(r"(?i)\s+ones?(?![\w'’])")
"""The English pronoun after an official named by its colours ("the blue-red one west", "black/blue
one down pls"; nineteenth round: read as one step), unless a step's noun follows it ("blue-red
one square west")."""
_STEP_NOUNS = (_STEP | _SQUARE_NOUNS) - {"one", "1", "uno", "eins"}


def seat_names(n: int) -> list[str]:
    """The names of ``n`` seats."""
    return list(SEAT_NAMES[:n])


def notation(board: Board, action: Action, n_players: int = 4) -> str:
    """Canonical text of an action (``parse`` of it gives the action back)."""
    if isinstance(action, Select):
        return f"select {board.official_code(action.official)}"
    if isinstance(action, Keep):
        return "keep"
    if isinstance(action, Answer):
        return "doubt" if action.doubt else "believe"
    if isinstance(action, Take):
        who = (
            SEAT_NAMES[action.victim].lower()
            if action.victim < len(SEAT_NAMES)
            else str(action.victim + 1)
        )
        return f"take {who} {board.card_name(action.card)}"
    parts = [board.official_code(action.official)]
    if action.step:
        parts.append("step")
    parts.extend(action.dirs)
    if action.mode:
        parts.append(action.mode)
    return " ".join(parts)


_AND_THEN = {"poi", "dopo", "quindi", "infine"}
"""Italian words after which "e" is "and", not east ("RB nord e poi est"; issue 31)."""


_IT_DIRECTIONS = frozenset(
    {"nord", "sud", "est", "ovest", "su", "giù", "giu", "destra", "sinistra", "alto", "basso"}
)
_IT_TOWARD = frozenset({"a", "verso", "in", "il", "al", "la", "lo"})
_IT_GOING = frozenset(
    {"gira", "girare", "girando", "piega", "piegare", "svolta", "svoltare", "curva", "curvare",
     "va", "scende", "sale", "scivola", "prosegue", "proseguire", "continua", "avanza", "torna",
     "risale", "ridiscende", "poi", "dopo", "quindi", "infine", "ancora", "subito", "lo", "si"}
)  # fmt: skip
"""The Italian verbs of going on and turning between a direction and the next ("scende a sud e
gira a est": the "e" is "and"; nineteenth round, read S E E in a plan's second slide)."""


def _between_italian_directions(words: list[str], k: int) -> bool:
    """Is the small "e" at ``words[k]`` the Italian "and" between two directions said in words
    ("rb su e a destra", "KB giù e poi a sinistra" is :data:`_AND_THEN`'s; twelfth round: "su e
    a destra" was N E E), with a verb of going on between ("a sud e gira a est")? After a letter
    ("RB N e") or before none it stays east."""
    if k == 0 or words[k - 1].lower() not in _IT_DIRECTIONS:
        return False
    for w in words[k + 1 : k + 5]:
        low = w.lower()
        if low in _IT_DIRECTIONS:
            return True
        if low not in _IT_TOWARD and low not in _IT_GOING:
            return False
    return False


def _tokens(text: str) -> list[str]:
    """Words in lower case; French elision taken off ("l'est" -> "est", "jusqu'au" stays), an
    English possessive too ("north's" -> "north"), and the Italian "e" of "e poi" ("and then")."""
    return list(_tokens_of(text))


@functools.lru_cache(maxsize=4096)
def _tokens_of(text: str) -> tuple[str, ...]:
    """:func:`_tokens`, found once for a text (a pure function of it; a reading asks for the same
    text's words a dozen times: eighteenth round)."""
    words = [t for t in re.split(r"[\s,;:.!/()]+", text.strip().replace("’", "'")) if t]
    # no emoji ("Ci credo 👍"); a question mark stays, and is no word the notation reads
    words = [t for t in words if "?" in t or any(c.isalnum() for c in t)]
    # "e" in small letters before "poi" is "and"; "RB N E poi ..." keeps its east
    words = [
        t
        for k, t in enumerate(words)
        if not (
            t == "e"
            and (
                (words[k + 1 : k + 2] and words[k + 1].lower() in _AND_THEN)
                or _between_italian_directions(words, k)
            )
        )
    ]
    toks = [t.lower() for t in words]
    toks = [t[2:] if re.fullmatch(r"[ldj]'[a-zé]+", t) else t for t in toks]
    # the same elision typed without its apostrophe on a phone ("d une case vers l est")
    toks = [
        t
        for k, t in enumerate(toks)
        if not (
            t in ("l", "d", "j")
            and re.match(r"[aeiouyhéèêà]", toks[k + 1] if k + 1 < len(toks) else "")
        )
    ]
    toks = [t[:-2] if t.endswith("'s") and len(t) > 3 else t for t in toks]
    # The French "en" before a direction word is "in" ("RB en haut", "KB en bas"), and before
    # a gerund "while" ("en tournant vers l'est"), not E N.
    return tuple(
        t
        for k, t in enumerate(toks)
        if not (
            t == "en"
            and toks[k + 1 : k + 2]
            and (
                toks[k + 1] in _DIR_WORDS or (len(toks[k + 1]) > 4 and toks[k + 1].endswith("ant"))
            )
        )
    )


def _official(board: Board, state: State, tok: str, text: str, hint: str) -> int:
    """An official from two letters (``rk``) or a word pair joined by ``-`` (``red-black``)."""
    if "-" in tok:
        # "red-black", and the colours in every language and form ("il rosso-blu", "den
        # blau-roten Beamten", "le rouge-noir"; seventh round)
        words = tok.split("-")
        if len(words) == 2 and all(_stem(w) in _colour_stems() for w in words):
            tok = _colour_stems()[_stem(words[0])] + _colour_stems()[_stem(words[1])]
    elif (closed := _closed_compound(tok)) is not None:
        tok = closed  # "den Rotblauen", "der schwarzblaue", "il rossoblu" (eleventh round)
    o = board.official_by_code(tok) if len(tok) == 2 else None
    if o is None:
        if len(tok) == 1 and tok.upper() in "RYBGK":
            codes = [
                board.official_code(x)
                for x in range(board.official_count)
                if board.official_code(x)[0] == tok.upper() and state.positions[x] >= 0
            ]
            raise AmbiguousMove(
                _(
                    "'%(letter)s' names only a hat colour; %(num)d officials on the board wear "
                    "it: %(officials)s. Write both letters, hat then body."
                )
                % {"letter": tok.upper(), "num": len(codes), "officials": ", ".join(codes)},
                text=text,
                hint=hint,
            )
        raise InvalidSyntax(
            _(
                "'%(word)s' is not an official. Name an official by two letters, hat colour then "
                "body colour, from R (red), Y (yellow), B (blue), G (green) and K (black), e.g. RK."
            )
            % {"word": tok},
            text=text,
            hint=hint,
        )
    return o


def examples(board: Board, actions: list[Action], n_players: int, k: int = 3) -> str:
    """A few legal actions spread over the list, for hints."""
    if not actions:
        return ""
    if len(actions) <= k:
        picks = actions
    else:
        step = len(actions) / k
        picks = [actions[int(i * step)] for i in range(k)]
    return _("For example: %(examples)s.") % {
        "examples": "; ".join(notation(board, a, n_players) for a in picks)
    }


_VERB_KINDS: dict[str, tuple[str, ...]] = {
    "believe": ("believe-or-doubt",),
    "doubt": ("believe-or-doubt",),
    "keep": ("reselect",),
    "select": ("select", "reselect"),
    "take": ("take-card", "steal"),
}
_KIND_WORDS: dict[str, str] = {
    "select": N_("a secret selection (e.g. select RK)"),
    "reselect": N_("a new selection or keep (e.g. select RK, or keep)"),
    "move": N_("a move (e.g. RK N E)"),
    "believe-or-doubt": N_("an answer to the claim (believe or doubt)"),
    "take-card": N_("the card you take (e.g. take east red-hat)"),
    "steal": N_("the card the dragon lets you take (e.g. take east red-hat)"),
}


_VERB_WORDS: dict[str, str] = {
    "bribe": "select", "choose": "select", "steal": "take", "believed": "believe",
    "doubted": "doubt", "keep-selection": "keep",
    # French, Italian, German (issue 31: "Je choisis RK")
    "choisis": "select", "choisir": "select", "sélectionne": "select", "selectionne": "select",
    "prends": "take", "prendre": "take", "vole": "take", "garde": "keep", "conserve": "keep",
    "crois": "believe", "doute": "doubt",
    "scelgo": "select", "scegliere": "select", "seleziono": "select", "prendo": "take",
    "rubo": "take", "tengo": "keep", "conservo": "keep", "credo": "believe", "dubito": "doubt",
    "wähle": "select", "waehle": "select", "auswahl": "select", "nehme": "take",
    "stehle": "take", "behalte": "keep", "glaube": "believe", "zweifle": "doubt",
    "bezweifle": "doubt",
    "garder": "keep", "tenere": "keep", "behalten": "keep", "keeping": "keep",
    "klaue": "take", "klauen": "take", "pique": "take", "frego": "take", "have": "take",
    # a new selection in words (issue 31: "Switch to RY", "Wechsel auf GY", "je change pour RK")
    "switch": "select", "switching": "select", "change": "select", "changing": "select",
    "wechsel": "select", "wechsle": "select", "wechseln": "select", "cambio": "select",
    "passo": "select", "passe": "select", "glaub": "believe",
    # leaving it as it is ("Lascio tutto com'è", "Je laisse comme ça", "Ich lasse es so",
    # "I'll leave it as it is")
    "lascio": "keep", "laisse": "keep", "lasse": "keep", "leave": "keep",
    # staying with the selection ("Je reste sur ma sélection", "Bleibe bei meiner Wahl")
    "reste": "keep", "resto": "keep", "bleibe": "keep", "stay": "keep", "stick": "keep",
    "staying": "keep", "sticking": "keep", "bleibt": "keep", "bleiben": "keep",
    # the future, the conditional, the infinitive after a wish and the gerund (issue 31: "Je
    # prendrai le pantalon rouge", "Prenderei i pantaloni rossi", "I'm taking the yellow coat",
    # "Ich hole mir den gelben Mantel")
    "prendrai": "take", "prendrais": "take", "prenderò": "take", "prendero": "take",
    "prenderei": "take", "prendere": "take", "rubare": "take", "nehmen": "take",
    "stehlen": "take", "taking": "take", "stealing": "take", "grabbing": "take", "pick": "take",
    "picking": "take", "hole": "take", "hol": "take", "holen": "take", "schnappe": "take",
    "voler": "take", "piquer": "take", "garderai": "keep", "garderais": "keep", "terrò": "keep",
    "terro": "keep", "terrei": "keep", "choisirai": "select", "sceglierò": "select",
    "sceglierei": "select", "wählen": "select", "waehlen": "select",
    # deciding for one ("Ich entscheide mich für RK", "Je me décide pour le manteau", "Opto per
    # GB", "I opt for the yellow coat")
    "entscheide": "select", "décide": "select", "decide": "select", "decido": "select",
    "opte": "select", "opto": "select", "opt": "select",
    # a bribe is the selection ("désormais je soudoie BY", "adesso corrompo GY", "Ich besteche
    # GB", "I'm bribing RK")
    "soudoie": "select", "soudoyer": "select", "corromps": "select", "corrompo": "select",
    "corrompere": "select", "besteche": "select", "bestechen": "select", "bribing": "select",
    # spoken forms, the German verb without its ending ("Ich nehm die rote Hose", "Ich hol mir
    # den Mantel", "Ich behalt meinen"), and the colloquial verbs of taking ("je chope le
    # manteau", "mi piglio i pantaloni", "I'll nab the coat"; seventh round)
    "nehm": "take", "klau": "take", "schnapp": "take", "behalt": "keep", "wähl": "select",
    "waehl": "select", "chope": "take", "choper": "take", "récupère": "take",
    "recupere": "take", "piglio": "take", "pigliare": "take", "nab": "take", "snag": "take",
    "snagging": "take", "nabbing": "take", "nick": "take", "pinch": "take", "swipe": "take",
    "snatch": "take", "nicking": "take", "pinching": "take",
    # a selection confirmed is kept ("Confermo la mia scelta", "Je confirme mon choix", "I
    # confirm my selection", "Ich bestätige meine Wahl")
    "confermo": "keep", "confirme": "keep", "confirm": "keep", "bestätige": "keep",
    "bestaetige": "keep", "confirming": "keep",
    # maintaining it ("je maintiens mon choix", "mantengo la mia scelta"; ninth round)
    "maintiens": "keep", "maintenir": "keep", "maintiendrai": "keep", "mantengo": "keep",
    "mantenere": "keep", "manterrò": "keep", "manterro": "keep",
    # swapping for one ("swap for GY", "ich tausche gegen GY", "j'échange pour GY")
    "swap": "select", "swapping": "select", "tausche": "select", "tauschen": "select",
    "échange": "select", "echange": "select", "scambio": "select",
    # preferring one ("je préfère GY", "I prefer the yellow coat", "preferisco GY", "ich
    # bevorzuge GY"; ninth round): a choice, read only while the player chooses
    "préfère": "select", "prefere": "select", "préférerais": "select", "préfèrerais": "select",
    "prefer": "select", "preferisco": "select", "preferirei": "select",
    "bevorzuge": "select", "bevorzug": "select",
}  # fmt: skip
"""Verbs as players write them, in the four languages, as the notation's verbs."""
_WHEN_CHOOSING = {"confermo", "confirme", "confirm", "bestätige", "bestaetige", "confirming",
                  "have", "switch", "switching", "change", "changing", "wechsel", "wechsle",
                  "lascio", "laisse", "lasse", "leave",
                  "wechseln", "passe", "cambio", "passo", "reste", "resto", "bleibe", "stay",
                  "stick", "staying", "sticking", "bleibt", "bleiben",
                  "préfère", "prefere", "préférerais", "préfèrerais", "prefer", "preferisco",
                  "preferirei", "bevorzuge", "bevorzug", "swap", "swapping", "tausche",
                  "tauschen", "échange", "echange", "scambio", "maintiens", "maintenir",
                  "maintiendrai", "mantengo", "mantenere", "manterrò", "manterro"}  # fmt: skip
"""Verbs read as select or take only while the player chooses ("Switch to RY"; "Change of
plans: RB N" in a move is no selection)."""
_PRONOUNS = {"i", "i'll", "i'm", "i'd", "je", "j'", "io", "ich", "we", "nous", "noi", "wir",
             "mi"}  # fmt: skip
"""Who decides, before the verb ("Je choisis RK", "Mi prendo i pantaloni", "I'd take ...")."""
_LEADING = {"finalement", "alors", "bon", "ok", "okay", "well", "so", "also", "allora", "quindi",
            "eigentlich", "doch", "na", "gut",
            # from now on ("désormais je soudoie BY", "adesso corrompo GY", "jetzt nehme ich")
            "désormais", "dorénavant", "maintenant", "now", "adesso", "ora", "jetzt", "nun",
            "ab", "sofort", "from", "on", "d'ora", "in", "poi",
            # ("da ora corrompo ...", "da qui in avanti", "von jetzt an", "henceforth";
            # eighteenth round)
            "da", "qui", "avanti", "von", "an", "henceforth", "onwards", "onward",
            # but this time ("..., mais là je change pour BY", "ma stavolta scelgo GY", "but
            # now I'll take ...", "aber diesmal nehme ich ..."; seventh round)
            "mais", "là", "but", "ma", "stavolta", "aber", "diesmal", "cette", "fois",
            "this", "time", "questa", "volta",
            # the conclusion after a wish set aside ("Donc le pantalon rouge"; last pass)
            "donc", "dunque", "therefore", "daher", "deshalb"}  # fmt: skip
"""Words before a decision's verb that only lead to it."""
_GIVE_ME = {"give", "gib", "gebt", "donnez", "donne", "dammi", "datemi", "want", "veux",
            "voudrais", "voglio", "vorrei", "grab", "möchte", "moechte", "nimm", "prenez",
            "donnez-moi", "donne-moi", "gimme", "gimmie"}  # fmt: skip
"""Verbs that ask for a card to take, read as take only when a card is owed."""
_TAKE_OR_SELECT = {"take", "have", "nehme", "prends", "prendo", "pick", "nehm",
                   # the infinitive after a wish and the future ("je vais prendre GY", "I'm
                   # taking GY"; ninth round)
                   "prendre", "prendrai", "prendrais", "prendere", "prenderò", "prendero",
                   "prenderei", "nehmen", "taking", "grab", "grabbing", "hole", "hol",
                   "picking"}  # fmt: skip
_COPULA = {"am", "suis", "sono", "bin", "'m"}
_HAPPY = {"happy", "content", "contente", "satisfait", "satisfaite", "contento", "contenta",
          "soddisfatto", "soddisfatta", "zufrieden", "fine"}  # fmt: skip
"""Content with the selection ("I'm happy with my current official", "Je suis content de mon
choix", "Sono contento della mia scelta", "Ich bin zufrieden mit meiner Wahl"): a keep."""
_WISH = {"would", "will", "shall", "want", "wanna", "like", "to", "going", "gonna", "let", "me",
         "vais", "veux", "voudrais", "aimerais", "vorrei", "voglio", "werde", "würde", "wuerde",
         "möchte", "moechte", "gerne", "gern", "mag", "just", "simply",
         # "Ich hätte gern den gelben Mantel", "I'd love the coat", "Mi piacerebbe il
         # cappotto" (eighth round)
         "hätte", "haette", "love", "piacerebbe",
         # "I prefer to keep", "je préfère garder", "preferisco tenere" (ninth round)
         "prefer", "préfère", "prefere", "préférerais", "preferisco", "preferirei", "rather",
         "bevorzuge"}  # fmt: skip
"""Words of a wish or of the future before a decision ("I'd like the red pants", "Je vais garder
RK", "Vorrei tenere RK", "Ich würde gerne die rote Hose nehmen")."""

_EVERY_TIME = re.compile(
    r"(?i)(?<![\w'’])(?:without\s+(?:asking|being\s+asked)|every\s+time|each\s+time"
    r"|automatically|sans\s+(?:me\s+|nous\s+)?(?:demander|poser)|[àa]\s+chaque\s+fois"
    r"|chaque\s+fois|automatiquement|senza\s+(?:chieder(?:e|mi|celo|melo)|domandar(?:e|mi))"
    r"|ogni\s+volta|automaticamente|ohne\s+(?:zu\s+|mich\s+zu\s+|nachzu)?fragen"
    r"|jedes\s+mal|automatisch)(?![\w'’])"
)
"""Words of a decision for every time ("keep it without asking", "à chaque fois", "senza
chiedermi", "ohne zu fragen"): a standing order in words, not this turn's decision."""


_DECIDE = {"choose", "decide", "chose", "decided", "opt", "choisis", "choisi", "décide",
           "décidé", "scelgo", "decido", "deciso", "scelto", "entscheide",
           "entschieden", "beschließe", "beschliesse", "prefer", "préfère", "preferisco"}  # fmt: skip
"""Verbs of a choice before the answer to a claim ("je choisis de croire", "decido di
dubitare", "ich entscheide mich zu glauben", "I choose to believe")."""
_DECIDE_TO = {"to", "de", "d'", "di", "zu", "mich", "for", "per", "pour", "für"}


def _decided(toks: list[str]) -> list[str]:
    """``toks`` without a choice's verb and its "to" before believe or doubt, when they are
    followed by one; else ``toks`` as written."""
    k = 1
    while k < len(toks) and toks[k] in _DECIDE_TO:
        k += 1
    if k < len(toks) and (toks[k] in _BELIEVE or toks[k] in _DOUBT):
        return toks[k:]
    return toks


def _wished(toks: list[str], kind: str) -> list[str]:
    """``toks`` without the words of a wish before the decision; the verb at the end of a German
    sentence brought to the front ("Ich möchte RK behalten"); a wish for a card without a verb is
    a take ("I'd like the red pants", "Je voudrais le pantalon rouge")."""
    rest = list(toks)
    while len(rest) > 1 and rest[0] in _WISH:
        rest = rest[1:]
    if len(rest) == len(toks):
        return toks
    if rest[0] not in _VERB_WORDS and rest[0] not in _VERB_KINDS:
        if len(rest) > 1 and _VERB_WORDS.get(rest[-1], rest[-1]) in _VERB_KINDS:
            return [rest[-1], *rest[:-1]]
        if kind in ("take-card", "steal"):
            return ["take", *rest]
    return rest


@dataclass(frozen=True)
class _Answer:
    """The answer being read: the position, whose answer it is, the text as written, the legal
    actions (none for a move: a move is traced on the board instead) and the examples a refusal
    shows. What every ``_parse_*`` helper reads it by."""

    board: Board
    state: State
    seat: Seat
    text: str
    legal: list[Action]
    hint: str


def _more_ways(text: str) -> RuleError:
    """The refusal of a slide followed by directions of their own (:func:`_directions_after`)."""
    return AmbiguousMove(
        _(
            "'%(text)s' gives more directions after the slide, apart from it: a correction or a "
            "slide too long? Write the move you mean alone, e.g. RB N E."
        )
        % {"text": text.strip()},
        text=text,
    )


def _unsettled(kind: type[RuleError], text: str, hint: str) -> RuleError:
    """The refusal of a decision that changes its mind and settles on nothing readable."""
    return kind(
        _(
            "'%(text)s' changes its mind, but what it settles on could not be read; "
            "write the decision you mean alone."
        )
        % {"text": text.strip()},
        text=text,
        hint=hint,
    )


_HOWEVER = {"however", "cependant", "pourtant", "tuttavia", "allerdings", "jedoch"}


def _objects(text: str) -> bool:
    """Does a sentence of ``text`` open on a "but" (:data:`_BUT`, :data:`_HOWEVER`) and say no
    answer of its own ("I believe. But East already lied twice tonight...", "Je crois. Mais Est
    a déjà bluffé deux fois ce soir")? Such an objection after a decision takes it back into
    doubt (fourteenth round)."""
    for sentence in _SENTENCE_STOP.split(text):
        toks = [t for t in _tokens(sentence) if any(c.isalnum() for c in t)]
        if (
            toks
            and (toks[0] in _BUT or toks[0] in _HOWEVER)
            and not any(t in _BELIEVE or t in _DOUBT or t in _KEEP_WORDS for t in toks)
        ):
            return True
    return False


_LIST_MARK = re.compile(
    r"^\s*(?:[(\[]?(?:\d{1,2}|[a-dA-D]|[ivIV]{1,3})[.)\]:/]|\d{1,2}\s*(?:[-–—]+|°)|#\d{1,2}[.):]?"
    r"|(?i:step|schritt|zug|move|slide|passo|mossa|étape|etape|coup|déplacement|deplacement)"
    r"\s*(?:n[°o.]\s*|nr\.?\s*|#)?(?:\d{1,2}|one|two|three|un|deux|trois|uno|due|tre|eins|zwei|drei)"
    r"\s*[:.)\-–—])\s*(?=\S)"
)
"""The number or letter of a list item before a slide ("1) RB north", "2. KB S", "1 - BR W",
"b) BK E", "ii) RB N", "Step 1 - RB north", "Zug 2: KB S"; issue 31, tenth round): the item's place in the player's list, never one
step (a step is "RB one north", "KB 1 S")."""


_SAME_SLIDE = re.compile(
    r"(?i)(?<![\w'’]),?\s*(?P<conj>(?:and|et|e|und)\s*,?\s*)?(?:"
    r"(?:in|within)\s+(?:the\s+)?same\s+(?:slide|move|go|turn)|in\s+(?:a\s+single|one)\s+(?:slide|move|go)"
    r"|(?:le\s+tout\s+)?(?:dans|en)\s+(?:la|le)\s+m[êe]me\s+(?:glissade|mouvement|d[ée]placement|coup|[ée]lan)"
    r"|(?:le\s+tout\s+)?en\s+un\s+seul\s+(?:coup|mouvement|d[ée]placement|glissement)"
    r"|(?:tutto\s+)?(?:nella\s+stessa|in\s+un(?:a)?\s+sol[ao]|in\s+una)\s+(?:mossa|scivolata|volta)"
    r"|(?:alles\s+)?(?:im\s+(?:selben|gleichen)|in\s+einem|in\s+ein\s+und\s+demselben)\s+(?:zug|rutsch)"
    r")(?![\w'’])\s*,?"
)
"""The slide said to go on as one ("puis il tourne à l'est dans la même glissade", "le tout en un
seul coup", "nella stessa mossa", "biegt im selben Zug nach Osten ab", "in the same slide";
fifteenth round): the turn of the slide before it, no second slide; the words say nothing else."""


_PAST_LEAD = re.compile(
    r"(?i)^\s*(?:apr[èe]s\s+(?:avoir|[êe]tre|m['’][êe]tre)|after(?:\s+(?:a|an|some|much|the|my|long"
    r"|careful|good|lot|of|hard))+|after\s+\w+ing|having|dopo\s+(?:aver(?:e|ci|lo)?|esser(?:e|mi)?)"
    r"|nachdem\s+ich|nach\s+(?:langem|reiflicher|kurzem|einigem|l(?:ä|ae)ngerem)\s+\w+)"
    r"(?P<clause>[^,;:.!?()]{1,120}?)(?:\s*,\s*|\s+(?=(?:i|i['’]m|i['’]ll|i['’]ve)\s))"
)
"""A clause of what the player did before deciding, leading the sentence of the slide ("Après
avoir longuement regardé le plateau, ...", "After a long look at the board I'm sending ...",
"Dopo averci pensato tutta la sera, ...", "Nachdem ich lange überlegt habe, ..."; fifteenth
round)."""


_AT_START = {"start", "starting", "départ", "depart", "partenza", "inizio", "startfeld",
             "startfeldes", "startplatz", "startposition", "startpunkt", "startquadrat",
             "ausgangsfeld", "ausgangsposition", "ausgangspunkt", "anfangsfeld"}  # fmt: skip
"""The official's start square, named in a remark that it has not left it ("BK is still on its
start square", "le bleu-noir est encore sur sa case de départ", "il rosso-blu è ancora sulla sua
casella di partenza", "der Schwarz-Blaue steht noch auf seinem Startfeld"; sixteenth round)."""
_STILL_AT = {"still", "yet", "encore", "toujours", "ancora", "noch", "immer", "pas", "not",
             "hasn't", "hasnt", "nicht", "non"}  # fmt: skip
"""The words that make :data:`_AT_START` a remark that the official is still there ("still",
"hasn't left ... yet", "n'a pas encore quitté", "non ha ancora lasciato", "noch nicht verlassen")."""
_NOT_YET = {"hasn't", "hasnt", "not", "never", "pas", "nicht", "non", "noch", "yet"}
"""The words of "not yet left" ("hasn't left the start yet", "n'a pas quitté", "non ha lasciato",
"noch nicht verlassen")."""
_NO_LONGER = {"anymore", "longer", "plus", "più", "piu", "mehr", "left", "quitté", "lasciato",
              "verlassen"}  # fmt: skip
"""The same remark denied ("n'est plus sur sa case de départ"): only "not ... left" keeps it."""
_NOT_A_WAY = re.compile(
    r"(?i)(?<![\w'’])est(?=\s+(?:encore|toujours|sur|au|à|a|là|resté|restée|bien|pas|immobile)(?![\w'’]))"
    r"|(?<=hasn't\s)left|(?<=hasnt\s)left|(?<=not\s)left|(?<=never\s)left|(?<=yet\s)left"
    r"|(?<=just\s)left|(?<=has\s)left"
)
"""In a remark on the start square, the French "is" before where the official stands ("est
encore sur sa case") and the English "left" after "hasn't": verbs, never east or west."""
_AT_START_CLAUSES = re.compile(
    r"\s*[,;:.!…\n]+\s*|\s+[-–—]+\s+"
    r"|\s+(?=(?:so|donc|alors|quindi|dunque|perciò|percio|also|daher|deshalb|deswegen)\s)"
)


def _still_at_start(board: Board, clause: str) -> bool:
    """Is ``clause`` a remark that an official is still on its start square (:data:`_AT_START`),
    naming no direction and no other condition?"""
    toks = _tokens(clause)
    if not any(t in _AT_START for t in toks) or not any(t in _STILL_AT for t in toks):
        return False
    denied = [t for t in toks if t in _NO_LONGER]
    left = {"left", "quitté", "lasciato", "verlassen"}
    if denied and not (set(denied) <= left and any(t in _NOT_YET for t in toks)):
        return False  # "n'est plus sur sa case de départ", "has left its start square"
    ways = _NOT_A_WAY.sub(" ", clause)  # "le bleu-noir est encore sur sa case": no east
    return not _ways(ways) and not _MAYBE.search(clause) and not any(t in _IF_ELSE for t in toks)


def _at_start_dropped(board: Board, text: str) -> str:
    """``text`` without a remark that the official is still on its start square (the reason for
    a one-step move: "Le bleu-noir est encore sur sa case de départ : je le fais avancer d'une
    seule case vers l'est", "BK takes its one step east, it hasn't left the start yet"; sixteenth
    round). The official it names stays, in front of the rest, when the rest names none but
    refers to it ("le", "lo", "ihn", "it"). A question, another official, or a remark that says
    more (a direction, a condition, a doubt) leaves ``text`` as it is, read (or refused) as before."""
    if "?" in text:
        return text
    cuts = [0, *(x for m in _AT_START_CLAUSES.finditer(text) for x in (m.start(), m.end())),
            len(text)]  # fmt: skip
    spans = [(cuts[k], cuts[k + 1]) for k in range(0, len(cuts) - 1, 2)]
    remarks = [(a, b) for a, b in spans if _still_at_start(board, text[a:b])]
    if len(remarks) != 1:
        return text
    a, b = remarks[0]
    said = _official_codes(board, text[a:b])
    rest = (text[:a] + " " + text[b:]).strip(" ,;:.!…–—-\n")
    rest = re.sub(r"(?i)^(?:so|donc|alors|quindi|dunque|perciò|percio|also|daher|deshalb|deswegen)"
                  r"(?![\w'’])[\s,]*", "", rest)  # fmt: skip
    named = _official_codes(board, rest)
    if len(said) > 1 or len(named) > 1 or (said and named and said != named):
        return text
    if not said and not named:
        return text
    if said and not named:
        rest = board.official_code(next(iter(said))) + " " + rest
    return rest


def _past_lead_dropped(text: str) -> str:
    """``text`` without a clause of :data:`_PAST_LEAD` that names no official and no direction,
    when the rest names an official: the slide is the rest's."""
    m = _PAST_LEAD.match(text)
    if m is None:
        return text
    said = [w for t in _tokens(m["clause"]) for w in _garment_apart(t)]
    if any(re.fullmatch(r"[rybgk]{2}", w) or w in _DIR_WORDS or _colour_of(w) for w in said):
        return text
    rest = text[m.end() :]
    if not any(re.fullmatch(r"[rybgk]{2}", w) for w in _named_by_colours(_tokens(rest))):
        return text
    return rest


_ASIDES_MAX = 4
"""The most brackets a reply's text may hold to be read around its asides: each aside is read by
reading the text without it again, so a hostile line of hundreds of brackets went as deep as it
had brackets (a RecursionError at about 330). A player writes one or two."""


def parse(
    board: Board,
    state: State,
    seat: Seat,
    text: str,
    kind: str | None,
    legal: list[Action],
    waiting: str,
    *,
    whole: bool = True,
    weighed: bool = False,
) -> Action:
    """Parse ``text`` from ``seat`` into a legal action; raise a precise :class:`RuleError`.
    A decision (a selection, a card to take) written in one sentence among remarks ("Evviva il
    drago! Prendo i pantaloni arancioni di Nord."; issue 31) is that sentence's, when no other
    sentence names an official, a card, a seat or a decision, or takes anything back
    (:func:`_one_decision`; ``whole=False`` reads ``text`` as one answer only). A decision is
    asked back when a question after it sets a condition or an alternative ("I'll keep mine.
    Unless the black-red is free?"), and an answer to a claim when a remark beside it argues
    for the other answer ("I doubt it. East is honest though."; sixteenth round; ``weighed``:
    already checked)."""
    if whole and not weighed and kind in (*_DECIDING, "believe-or-doubt"):
        if _asked_otherwise(text):
            raise _unsettled(AmbiguousMove, text, examples(board, legal, state.n))
        action = parse(board, state, seat, text, kind, legal, waiting, weighed=True)
        if isinstance(action, Answer) and _argued_against(text, action):
            raise _unsettled(AmbiguousMove, text, examples(board, legal, state.n))
        return action
    if kind == "move":
        text = _LIST_MARK.sub("", text, count=1)  # "1) RB north", "2. KB S": no step (tenth round)
        # "puis il tourne à l'est dans la même glissade", "a est e nella stessa mossa svolta a
        # nord" (the "and" before it: the slide goes on, "then")
        text = _SAME_SLIDE.sub(lambda m: " then " if m["conj"] else " ", text)
        text = _past_lead_dropped(text)  # "Après avoir regardé le plateau, je fais monter RB"
        text = _at_start_dropped(board, text)  # "BK is still on its start square, so one step E"
        text = only_said(text, _ONLY_ONE)  # "RB ne fait qu'un pas": "RB fait un pas"
    if kind in (*_DECIDING, "believe-or-doubt") and _DANGLING.search(text):
        # "Ich wollte RK behalten, aber" (the first part of "..., aber dann doch GY" cut at a
        # plan's "dann"): a decision that goes on is not one yet (seventh round); ambiguous,
        # so that no reader takes the part before the "but" alone ("I'd believe you, but...")
        raise AmbiguousMove(
            _("'%(text)s' is not finished; write the decision you mean alone.")
            % {"text": text.strip()},
            text=text,
            hint=examples(board, legal, state.n),
        )
    if kind in (*_DECIDING, "believe-or-doubt"):
        text = _undictated(text)  # "I believe them full stop", "Prendo ... punto" (ninth round)
    if kind == "believe-or-doubt":
        text = _claim_unqualified(text)  # "Je crois à l'annonce qui vient d'être faite"
        text = _claim_of_whom(text)  # "Credo alla dichiarazione di Marta"
    if whole:

        def alone(part: str) -> Action:
            return parse(board, state, seat, part, kind, legal, waiting, whole=False)

        if kind in (*_DECIDING, "believe-or-doubt") and (
            _taken_back_at_end(text) or _first_meant(text)
        ):
            # "Ich wollte erst KB nehmen, aber nein.", "Je prends le pantalon. Non, plutôt":
            # a change of mind that settles on nothing (seventh round): ambiguous, so that no
            # reader takes the decision before it alone
            raise _unsettled(AmbiguousMove, text, examples(board, legal, state.n))
        if kind in (*_DECIDING, "believe-or-doubt") and _unsure_at_end(text, alone):
            # "Je te crois... enfin je ne sais pas, laisse-moi réfléchir", "Ti credo... cioè,
            # non lo so": a doubt after the decision, with none after it (sixteenth round:
            # main believed); the player's last word counts
            raise _unsettled(AmbiguousMove, text, examples(board, legal, state.n))
        if kind in _DECIDING and _wish_but_nothing(board, text, alone):
            # "I'd like GG, but that's too risky.", "Vorrei GG, ma è troppo rischioso. Quindi?":
            # a wish its "but" takes back, with no decision after it (last pass: main selected GG)
            raise _unsettled(AmbiguousMove, text, examples(board, legal, state.n))
        if kind in (*_DECIDING, "believe-or-doubt") and (after := _after_change_of_mind(text)):
            # "Prenderei i pantaloni rossi di Sud... ripensandoci, meglio il cappotto giallo",
            # "Ich wähle BB – ach nein, doch lieber behalten": the player's last word counts; what
            # it says is read alone, or the answer is refused (never the first decision)
            try:
                return parse(board, state, seat, after, kind, legal, waiting)
            except RuleError as e:
                raise _unsettled(InvalidSyntax, text, examples(board, legal, state.n)) from e
        text = _unhedged(text, kind)  # "yellow coat i guess", "Je pense le manteau jaune"
        try:
            return alone(text)
        except IllegalMove as e:
            if kind == "move" and _directions_after(board, text):
                raise _more_ways(text) from e  # "BK E N. Vers l'est, puis vers le sud."
            raise
        except InvalidSyntax as unread:

            def whole_read(part: str) -> Action:
                return parse(board, state, seat, part, kind, legal, waiting)

            found = _in_notation_too(board, state, seat, text, kind, alone, whole_read)
            if found is not None:
                return found
            found = _one_decision(board, state, text, kind, alone, seat)
            if found is None and kind == "move":
                found = _move_beside_left_alone(board, text, alone)
            if found is None and kind == "move":
                # slides in prose (eighth round): a correction's last word, then the one slide
                # beside clauses that set others aside or remark
                found = _slide_corrected(board, text, alone) or _slide_beside_set_aside(
                    board, text, alone
                )
            if found is None and 0 < text.count("(") <= _ASIDES_MAX and kind == "move":
                found = _move_beside_aside(board, state, text, whole_read)
            if found is None:
                # "Nicht die rote Hose, sondern den gelben Mantel", "Keep? No - select GR."
                found = _set_against(board, state, seat, text, kind, whole_read)
            if found is None and 0 < text.count("(") <= _ASIDES_MAX and kind in _DECIDING:

                def whole_of(part: str) -> Action:
                    return parse(board, state, seat, part, kind, legal, waiting)

                found = _beside_aside(board, state, text, whole_of)
            if found is None and (fixed := _typo_fixed(board, text, kind)):
                # "beleive", "Je croix", "dubbito", "pantallon rouge" (eighth round)
                try:
                    found = whole_read(fixed)
                except RuleError:
                    found = None
            if found is None and kind in ("select", "reselect", "believe-or-doubt"):
                # "I believe East. She hasn't bluffed once all evening.", "Je garde mon
                # officiel, je ne change rien." (sixteenth round)
                found = _decision_beside_reasons(board, state, text, kind, alone)
            if found is None and kind == "move" and _directions_after(board, text):
                # "BK est puis nord. Zut, est puis sud." (ninth round)
                raise _more_ways(text) from unread
            if found is None and kind == "believe-or-doubt" and _objects(text):
                # "I believe. But East already lied twice tonight...": a "but" that answers
                # nothing leaves the decision before it open (fourteenth round: main believed)
                raise _unsettled(AmbiguousMove, text, examples(board, legal, state.n)) from unread
            if found is None:
                raise
            return found
    if kind in (*_DECIDING, "believe-or-doubt") and _EVERY_TIME.search(text):
        # "From now on just keep it without asking - STANDING RESELECT KEEP" (eighth round,
        # en-2819): the standing order in words, not this turn's decision
        raise InvalidSyntax(
            _(
                "'%(text)s' says what to do every time, which is a standing order (STANDING); "
                "write this turn's decision alone."
            )
            % {"text": text.strip()},
            text=text,
            hint=examples(board, legal, state.n),
        )
    # Long on purpose: one branch per kind of answer (select, keep, believe, doubt, take, move), each refusing with a hint.
    # "Ci credo 👍": a symbol is no word, but a question mark stays (a question is no move)
    toks = [t for t in _tokens(text) if "?" in t or any(c.isalnum() for c in t)]
    hint = examples(board, legal, state.n)
    if kind is not None and _signed(text, toks):
        raise InvalidSyntax(  # (a syntax error: read as the name it is, never as a decision)
            _("'%(text)s' does not answer what you owe now: the game expects %(what)s.")
            % {"text": text.strip(), "what": _(_KIND_WORDS[kind])},
            text=text,
            hint=hint,
        )
    verb = toks[0] if toks else ""
    while len(toks) > 1 and toks[0] in _LEADING:
        toks = toks[1:]  # "Finalement je passe sur GY", "Bon, je garde"
    verb = toks[0] if toks else ""
    while len(toks) > 1 and toks[0] in _PRONOUNS:
        toks = toks[1:]  # "Je choisis RK", "Ich wähle GB", "I choose RK"
        verb = toks[0]
    if (
        kind in (*_DECIDING, "believe-or-doubt")
        and len(toks) > 1
        and toks[0] in {"le", "la", "lo", "les", "li"}
        and _VERB_WORDS.get(toks[1], toks[1]) in ("keep", "take", "believe")
    ):
        toks = toks[1:]  # "Je le garde", "Lo tengo", "Je la prends" (eighth round)
        verb = toks[0]
    if kind == "reselect" and len(toks) > 2 and toks[0] in _COPULA and toks[1] in _HAPPY:
        toks = ["keep", *toks[2:]]  # "I'm happy with my current official", "Je suis content"
        verb = "keep"
    elif kind == "reselect" and len(toks) > 1 and toks[0] in _HAPPY:
        toks = ["keep", *toks[1:]]  # "happy with my official", "zufrieden mit meiner Wahl"
        verb = "keep"
    if kind in ("select", "reselect", "take-card", "steal"):
        toks = _wished(toks, kind)  # "I'd like the red pants", "Ich möchte RK behalten"
        verb = toks[0] if toks else ""
    if kind == "believe-or-doubt" and toks and toks[0] in _DECIDE:
        toks = _decided(toks)  # "je choisis de croire", "I decide to doubt" (ninth round)
        verb = toks[0] if toks else ""
    if verb not in _WHEN_CHOOSING or kind in ("select", "reselect", "take-card", "steal"):
        verb = _VERB_WORDS.get(verb, verb)  # ("have a nice evening" after a move takes nothing)
    if kind in ("take-card", "steal") and verb in _GIVE_ME:
        verb = "take"  # "Give me the yellow coat", "Gib mir die Hose", "I want the coat"
    if verb == "take" and kind in ("select", "reselect") and toks[0] in _TAKE_OR_SELECT:
        verb = "select"  # "Ich nehme RK", "je prends RK" while selecting
    if (
        kind == "move"
        and verb in ("take", "select")
        and len(toks) > 2
        and re.fullmatch(r"[rybgk]{2}", toks[1])
    ):
        toks = toks[1:]  # "Ich nehme BK: nach rechts", "je prends BK vers l'est": the official
        verb = toks[0]  # taken to move (seventh round)
    if verb == "select" and kind in ("take-card", "steal"):
        verb = "take"  # "Scelgo i pantaloni rossi di Sud", "I choose the yellow coat"
    if toks and verb in ("select", "take", "keep", "believe", "doubt"):
        toks = [verb, *toks[1:]]
    if kind is None:
        if verb == "doubt" and state.phase == "answer" and not state.hands[seat]:
            raise IllegalMove(
                _(
                    "You hold no garment card, so you may not doubt a claim; only players "
                    "holding a card are asked."
                ),
                text=text,
            )
        raise NotYourDecision(
            _("The game is not waiting for you now; it is waiting for %(who)s.") % {"who": waiting},
            text=text,
        )
    if not toks:
        raise InvalidSyntax(
            _("The command is empty; the game expects %(what)s.") % {"what": _(_KIND_WORDS[kind])},
            text=text,
            hint=hint,
        )
    if verb in _VERB_KINDS and kind not in _VERB_KINDS[verb]:
        raise NotYourDecision(
            _("'%(text)s' does not answer what you owe now: the game expects %(what)s.")
            % {"text": text.strip(), "what": _(_KIND_WORDS[kind])},
            text=text,
            hint=hint,
        )
    answer = _Answer(board, state, seat, text, legal, hint)
    if kind in ("select", "reselect"):
        return _parse_select(answer, toks, kind)
    if kind == "believe-or-doubt":
        if verb in ("believe", "doubt") and len(toks) == 1:
            return Answer(doubt=verb == "doubt")
        said = _answer_in_words(toks)
        if said is None:
            said = _answer_in_sentences(text)
        if said is not None:
            return Answer(doubt=said)
        raise InvalidSyntax(
            _("'%(text)s' is not an answer; write believe or doubt.") % {"text": text.strip()},
            text=text,
            hint=_("For example: %(examples)s.") % {"examples": "believe; doubt"},
        )
    if kind in ("take-card", "steal"):
        return _parse_take(answer, toks)
    return _parse_move(answer, toks)


def _signed(text: str, toks: list[str]) -> bool:
    """Is ``text`` a name alone that is also a verb of taking ("Nick" under a reply: a
    signature, no "take" without its object; eighteenth round)?"""
    word = text.strip(" .,!")
    return (
        len(toks) == 1
        and word.isalpha()
        and word[:1].isupper()
        and word[1:].islower()
        and _VERB_WORDS.get(toks[0]) == "take"
        and toks[0] not in ("take", "steal")
    )


_DICTATED = (
    (re.compile(r"(?i)(?<![\s,])[\s,]*(?<![\w'’])(?:point\s+d['’]interrogation|punto\s+interrogativo"
                r"|fragezeichen|question\s+mark)(?![\w'’])"), "?"),
    (re.compile(r"(?i)(?<![\s,])[\s,]*(?<![\w'’])(?:point\s+d['’]exclamation|punto\s+esclamativo"
                r"|ausrufezeichen|exclamation\s+(?:mark|point))(?![\w'’])"), "!"),
    (re.compile(r"(?i)(?<![\s,])[\s,]*(?<![\w'’])(?:point\s+final|point\s+à\s+la\s+ligne|point"
                r"|punto\s+e\s+a\s+capo|punto|punkt|full\s+stop|period|stop)"
                r"(?=\s*(?:$|\n|[A-ZÀ-Ý]))"), "."),
    (re.compile(r"(?i)(?<!\s)\s*(?<![\w'’])(?:virgule|virgola|komma|comma)(?![\w'’])"), ","),
)  # fmt: skip
"""Punctuation said aloud to a phone's dictation ("I believe them full stop", "Prendo i pantaloni
arancioni di Nord punto", "Von Nord nehme ich die orange Hose Punkt"; ninth round): a full stop
only at the end of a line or before a capital ("je ne crois point" keeps its word)."""


_CLAIM_WHICH = re.compile(
    r"(?i)(?<=\w)(?P<noun>(?:\s+|['’])(?:annonce|déclaration|affirmation|claim|statement|announcement"
    r"|annuncio|dichiarazione|affermazione|behauptung|aussage|ansage))\s*,?\s+(?:qui|that|which"
    r"|che|die|welche|dont|just)\s+(?P<rest>[^.!?;:\n]*)"
)
"""The claim and a relative clause that says which ("à l'annonce qui vient d'être faite", "the
claim that was just made", "l'annuncio che è stato appena fatto"; ninth round)."""


_FALSE = {"fausse", "faux", "false", "falsa", "falso", "falsch", "falsche", "wrong", "erronée",
          "sbagliata", "bogus", "untrue"}  # fmt: skip


def _claim_unqualified(text: str) -> str:
    """``text`` without the relative clause that says which claim, when the clause holds no word
    of believing, doubting, denying, bluffing or truth (:data:`_CLAIM_WHICH`)."""

    def cut(m: re.Match[str]) -> str:
        toks = set(_tokens(m.group("rest")))
        if toks & (_BELIEVE | _DOUBT | _NEGATION | _BLUFF | _TRUTH | _FALSE) or "?" in m.group(0):
            return m.group(0)
        return m.group("noun")

    return _CLAIM_WHICH.sub(cut, text)


_CLAIM_NOUNS = (
    r"claim|statement|announcement|declaration|d[ée]claration|annonce|affirmation|dichiarazione"
    r"|affermazione|annuncio|behauptung|aussage|ansage"
)
_CLAIM_OF = re.compile(
    rf"(?<!\w)(?P<noun>(?i:{_CLAIM_NOUNS}))\s+(?i:of|from|de|d['’]|du|di|della|dell['’]|da|von"
    r"|der)\s*(?P<name>[A-ZÀ-Ý][a-zà-ÿ]+)(?![\w'’])"
    rf"|(?<![\w'’])(?P<owner>[A-ZÀ-Ý][a-zà-ÿ]+)['’]s\s+(?P<noun2>(?i:{_CLAIM_NOUNS}))(?![\w'’])"
)
"""A claim said with whose it is, by a first name ("la dichiarazione di Marta", "l'annonce de
Paul", "Marta's claim", "die Behauptung von Jan"; eleventh round)."""


def _claim_of_whom(text: str) -> str:
    """``text`` with a claim said as a person's by a first name written as the claim alone: one
    claim is answered at a time, whoever the player calls its author. A seat ("di Ovest") or
    any word the tables read is kept, and so is a question."""

    def cut(m: re.Match[str]) -> str:
        name = m.group("name") or m.group("owner")
        word = name.lower()
        if "?" in text or _seat_name(word) or word in _AROUND | _BELIEVE | _DOUBT | _NEGATION:
            return m.group(0)
        return m.group("noun") or "the " + m.group("noun2")

    return _CLAIM_OF.sub(cut, text)


def _undictated(text: str) -> str:
    """``text`` with the punctuation said aloud written as the marks (:data:`_DICTATED`)."""
    for pattern, mark in _DICTATED:
        text = pattern.sub(mark, text)
    return text


_CHANGE_OF_MIND = re.compile(
    r"(?i)(?<![\w'’])(?:ripensandoci|a\s+pensarci\s+bene|anzi(?:\s+no)?|no\s*,?\s*aspett(?:a|ate)"
    r"|aspett(?:a|ate)|non\s*,?\s*attend(?:s|ez)|attend(?:s|ez)|en\s+fait|finalement"
    r"|r[ée]flexion\s+faite|tout\s+bien\s+r[ée]fl[ée]chi|[àa]\s+la\s+r[ée]flexion"
    r"|on\s+second\s+thoughts?|actually(?:\s+no)?|no\s*,?\s*wait|wait|hang\s+on|scratch\s+that"
    r"|ach\s+nein|nein\s*,?\s*doch|warte|korrektur|oder\s+doch|[äa]h+\s*,?\s*nein"
    r"|oops|oups|ops|ripensamento|changement\s+d'avis|change\s+of\s+mind"
    # a first intention set aside by "but no" ("J'ai failli garder, mais non : je sélectionne
    # BB", "Ich wollte erst KB nehmen, aber nein: GR"), a "no" then a preference ("Non, plutôt
    # le manteau jaune"), the player thinking again ("ma ci ho ripensato: ..."; seventh round)
    r"|(?:mais|but|ma|aber)\s+(?:non|no|nein|nope)|(?:non|no|nein|nope)\s*,?\s*(?:plutôt|plutot"
    r"|rather|lieber|meglio|piuttosto|eher|better)|ci\s+ho\s+ripensato|je\s+me\s+ravise"
    r"|I'?ve\s+changed\s+my\s+mind|j'ai\s+chang[ée]\s+d'avis|ich\s+habe\s+es\s+mir\s+anders"
    r"\s+überlegt|ho\s+cambiato\s+idea"
    # a sentence that starts with "no" and a comma after the decision ("Den gelben Mantel,
    # bitte. Nein, die Hose."; "Scelgo BY... no scusate, KY"), also after a hesitation or at
    # the end ("Je choisis RB. Hmm, non, je garde.", "Le pantalon rouge. Ah non,
    # le manteau jaune.", "Doubt! ... no, believe."; tenth round); after a question it answers
    # it (:func:`_answered`: "Keep? No, keep." asks)
    r"|(?:(?<=[.!;…]\s)|(?<=[.!;…]))(?:(?:hm+|mm+h*|ah+|oh+|euh+|eh|ach|äh|uh+|enfin|beh|mah"
    r"|boh|nun|bah)\s*[,.…]*\s+)?(?:no|non|nein|nope)(?=\s*(?:[,:–—-]|\.\.|…|[.!]*\s*$)"
    r"|\s+(?:scusa|scusate|sorry|pardon|d[ée]sol[ée]|entschuldigung|dai|allez)))"
    r"(?=[\s,.;:!?…–—-]|$)"
)
"""A change of mind inside a decision ("... ripensandoci, meglio il cappotto giallo", "Je prends
le manteau jaune de Nord. Non attendez, le pantalon orange plutôt", "Ich wähle BB – ach nein,
doch lieber behalten"; sixth round: it-2549 took the first card)."""
_PREFERENCE = {"no", "non", "nein", "nee", "nope", "plutôt", "plutot", "rather", "instead",
               "meglio", "lieber", "doch", "better", "finalement", "allora", "alors", "also",
               "dann", "then", "so", "invece", "stattdessen", "eher", "piuttosto", "mieux",
               "je", "préfère", "prefere", "preferisco", "prefer", "i'd", "i", "ich", "nehme",
               "scusa", "scusate", "sorry", "pardon", "désolé", "désolée", "desole",
               "entschuldigung", "sorry,", "scusate,", "pardon,"}  # fmt: skip
"""Words of preference around what a change of mind settles on ("meglio ...", "... plutôt")."""


_THOUGHT_OF = {"thought", "considered", "pensé", "pense", "pensato", "gedacht", "überlegt",
               "ueberlegt", "hésité", "hesite", "esitato", "tempted", "tenté", "tentato"}  # fmt: skip
"""Verbs of another decision thought of in an aside ("(Thought about the yellow coat but no.)")."""


def _changes_of_mind(text: str) -> list[re.Match[str]]:
    """The changes of mind in ``text``, but for those in an aside about another decision thought
    of ("Orange pants from North. (Thought about the yellow coat but no.)")."""
    asides = [
        m
        for m in re.finditer(r"\(([^()]*)\)", text)
        if _THOUGHT_OF.intersection(_tokens(m.group(1)))
    ]
    return [
        m
        for m in _CHANGE_OF_MIND.finditer(text)
        if not any(a.start() < m.start() < a.end() for a in asides)
    ]


_FIRST = {"eigentlich", "zuerst", "erst", "originally", "first", "initially", "abord",
          "initialement", "inizialmente", "all'inizio", "inizio"}  # fmt: skip


def _first_meant(text: str) -> bool:
    """Does ``text`` only say what the player first meant to decide ("Ich wollte eigentlich GY
    nehmen", "I originally wanted GY", "Je voulais d'abord GY"), with no "but" and what came
    after? (seventh round: main selected GY)"""
    toks = _tokens(text)
    return bool(
        {"wollte", "wanted", "voulais", "volevo", "meant"}.intersection(toks)
        and _FIRST.intersection(toks)
        and not _BUT.intersection(toks)
    )


def _taken_back_at_end(text: str) -> bool:
    """Does ``text`` end on a change of mind that says "no" and nothing after it ("..., aber
    nein.", "... Non, plutôt", "..., actually no")?"""
    found = _changes_of_mind(text)
    if not found or re.search(r"[^\W\d_]", text[found[-1].end() :]):
        return False
    return re.search(r"(?i)\b(?:no|non|nein|nope|anzi)\b", found[-1].group(0)) is not None


def _after_change_of_mind(text: str) -> str:
    """What the last change of mind in ``text`` settles on, without its words of preference
    ("" when there is none, or nothing after it)."""
    found = _changes_of_mind(text)
    if not found or "?" in text[found[-1].end() :]:
        return "" if not found else text[found[-1].end() :]
    words = text[found[-1].end() :].strip(" ,.;:!…–—-()").split()
    while words and words[0].casefold().strip(",.;:!") in _PREFERENCE - {"je", "i", "ich", "i'd"}:
        words = words[1:]
    while words and words[-1].casefold().strip(",.;:!") in _PREFERENCE:
        words = words[:-1]
    if (
        words
        and words[0].casefold() in {"je", "i'd", "ich"}
        and len(words) > 1
        and (words[1].casefold() in {"préfère", "prefere", "prefer", "nehme"})
    ):
        words = words[2:] if words[1].casefold() != "nehme" else words
    return " ".join(words)


_DECISION_PARTS = re.compile(r"(?<=[.!?;,:])\s+|\s+[-–—]\s+")
"""Where the sentences and clauses of an answer part (a colon too: "Pour le dragon : le manteau
jaune de Nord")."""
_SECOND_THOUGHTS = {"no", "non", "nein", "nope", "instead", "rather", "plutôt", "plutot",
                    "invece", "anzi", "lieber", "stattdessen", "actually", "wait", "attends",
                    "attendez", "aspetta", "warte", "oops", "sorry", "pardon", "scusa", "scusate",
                    "entschuldigung", "or", "ou", "o", "oder", "oppure",
                    "nah", "nee", "nö"}  # fmt: skip


_ALREADY = {"already", "déjà", "deja", "già", "gia", "schon", "bereits"}
_I_HAVE = {"have", "i've", "ive", "got", "ai", "j'ai", "ho", "habe", "hab"}


def _already_mine(toks: list[str]) -> bool:
    """Does a clause say the player already has what it names ("Die rote Hose habe ich schon",
    "Rote Hose hab ich schon zwei", "I already have the red pants", "j'ai déjà le pantalon rouge",
    "ho già i pantaloni rossi"): the player's own cards, no card to take. Never with a negation
    or a question ("I don't have the red pants yet")."""
    return (
        bool(_ALREADY.intersection(toks))
        and bool(_I_HAVE.intersection(toks))
        and not any(t in _NEGATION or t.endswith("n't") or "?" in t for t in toks)
    )


def _remark(board: Board, state: State, text: str) -> bool:
    """A sentence beside a decision that says nothing the game reads: no official, card, seat,
    verb of a decision, negation or second thought. A garment of the player's own ("ça me fait
    la paire avec mon chapeau rouge", "they go with my orange hat") is said of no card to take."""
    toks = _tokens(text)
    if _already_mine(toks):
        return True  # "Die rote Hose habe ich schon", "I've already got red pants" (tenth round)
    for k, t in enumerate(toks):
        w = t.strip("?!'\"")
        if any(p in _MINE for p in toks[max(0, k - 2) : k]) and (
            w in _COLOUR_WORDS or w in board.card_colours or _is_piece(w) or _colour_word(w)
        ):
            continue  # the player's own card ("ça me fait la paire avec mon chapeau rouge")
        if w in _VERB_WORDS or w in _VERB_KINDS or _names_or_denies(board, state, w):
            return False
    return True


def _names_or_denies(board: Board, state: State, w: str) -> bool:
    """Does the word name an official, a card, a colour or a seat, deny, or take back?"""
    return bool(
        re.fullmatch(r"[rybgk]{2}", w)
        or w in _NEGATION
        or w in _SECOND_THOUGHTS
        or w in _COLOUR_WORDS
        or w in board.card_colours
        or _seat_of(state, w) is not None
        or any(w in words for words in _PIECE_WORDS.values())
    )


_MINE = {"my", "mon", "ma", "mes", "mio", "mia", "miei", "mie", "mein", "meine", "meinem",
         "meinen", "meiner", "own"}  # fmt: skip
"""First-person possessives: a card after one is the player's own, named in a remark."""


def _is_piece(word: str) -> bool:
    return any(_stem(word) == _stem(w) for words in _PIECE_WORDS.values() for w in words)


def _colour_word(word: str) -> bool:
    return _stem(word) in _colour_stems()


_WOULD = {"si", "if", "se", "wenn", "falls", "would", "würde", "wuerde", "aurais", "serait",
          "avrei", "sarebbe", "hätte", "haette", "wäre", "waere",
          # a wish ("I'd like GG, but ...", "Vorrei GG, ma ..."; last pass)
          "i'd", "vorrei", "voudrais", "aimerais", "prendrais", "prenderei",
          # the conditional of every decision's verb ("Je garderais bien RK, mais je préfère
          # GY", "Terrei RK, ma ...", "Ich behielte RK, aber ..."; ninth round)
          "garderais", "garderait", "choisirais", "changerais", "croirais", "douterais",
          "prendrait", "terrei", "terrebbe", "sceglierei", "cambierei", "crederei", "dubiterei",
          "behielte", "nähme", "naehme", "wählte", "waehlte", "glaubte", "zweifelte",
          "we'd", "could", "might", "pourrais", "potrei", "könnte", "koennte"}  # fmt: skip
"""Words of what the player would have done ("Si RK n'était pas coincé je le garderais")."""


_UNSURE = re.compile(
    r"(?i)(?<![\w'’])(?:(?:i\s+)?don'?t\s+know|not\s+sure|no\s+idea|maybe|perhaps"
    r"|(?:je\s+)?ne\s+sais\s+pas|(?:je\s+)?sais\s+pas|pas\s+s[ûu]re?|aucune\s+id[ée]e|peut[-\s][êe]tre"
    r"|non\s+(?:lo\s+)?so|non\s+sono\s+sicur[oa]|forse|boh|magari"
    r"|wei(?:ß|ss)\s+(?:ich\s+)?nicht|nicht\s+sicher|keine\s+ahnung|vielleicht"
    # still thinking it over ("let me think", "laisse-moi réfléchir", "fammi pensare", "lass
    # mich überlegen"; sixteenth round)
    r"|let\s+me\s+think|(?:i\s+)?need\s+to\s+think|(?:i['’]ll\s+)?think\s+it\s+over"
    r"|laisse[-\s]moi\s+r[ée]fl[ée]chir|(?:je\s+)?dois\s+r[ée]fl[ée]chir|je\s+r[ée]fl[ée]chis"
    r"|fammi\s+pensare|(?:ci\s+)?devo\s+pensare|ci\s+penso|ci\s+devo\s+riflettere"
    r"|lass\s+mich\s+(?:nach)?(?:denken|[üu]berlegen)|muss\s+(?:noch\s+)?(?:[üu]berlegen|nachdenken))"
    r"(?![\w'’])"
)
"""A clause of doubt beside a decision ("Prenderei il cappotto giallo, ma non so", "I'd take
the yellow coat, not sure though"): the player is asked (seventh round; main read the card)."""


def _unsure_at_end(text: str, alone: Callable[[str], Action]) -> bool:
    """Does a clause of doubt (:data:`_UNSURE`) come after the decision in ``text``, with no
    decision read after it ("I believe you. Actually I don't know", "Je garde le mien... enfin je
    ne sais pas")? A doubt before the decision ("Je ne sais pas pourquoi, mais je te crois") is
    the decision's."""
    last = None
    for m in _UNSURE.finditer(text):
        last = m
    if last is None or not text[: last.start()].strip(" .,;:!…–—-"):
        return False
    after = text[last.end() :]
    after = after[after.find(".") + 1 :] if "." in after else ""
    if not after.strip(" .,;:!…–—-?"):
        return True
    try:
        alone(after)
    except RuleError:
        return True
    return False


_NEGATION_AFTER = {"pas", "jamais", "plus", "point", "rien", "guère", "mai", "più", "piu",
                   "niente", "nulla", "affatto"}  # fmt: skip
"""The second word of a French or Italian negation ("ne ... jamais", "non ... mai")."""


def _asked_otherwise(text: str) -> bool:
    """Does a question in ``text`` set a condition or an alternative ("Unless the black-red is
    free?", "Ou alors le noir-rouge ?", "O forse dubito?", "Oder doch den Mantel?")?"""
    return any(
        "?" in sentence and any(t.strip("?") in _IF_ELSE for t in _tokens(sentence))
        for sentence in re.split(r"(?<=[.!?…])\s+", text)
    )


def _argued_against(text: str, action: Answer) -> bool:
    """Does a part of ``text`` that says neither believe nor doubt argue for the other answer
    than ``action`` (:func:`_polarity`: "I doubt it. East is honest though.", "Je te crois. Il
    bluffe tout le temps.")? Scorn (:data:`_SCORN`) argues for a doubt."""
    if _SCORN.search(text):
        if not action.doubt:
            return True  # "No way East bribed him. I believe." (seventeenth round)
        text = _SCORN.sub(" ", text)
    for sentence in _SENTENCE_STOP.split(text):
        whole = _tokens(sentence)
        for part in _SENTENCE_END.split(sentence):
            toks = _tokens(part)
            if not toks or any(t in _BELIEVE or t in _DOUBT for t in toks):
                continue
            try:
                said = _polarity(toks)
                if said is not None and said != action.doubt and whole != toks:
                    said = _polarity(whole)  # "Zu schön, um wahr zu sein": the sentence's
            except ValueError:
                return True
            if said is not None and said != action.doubt:
                return True
    return False


def _too_good(toks: list[str]) -> bool:
    """Is the truth ``toks`` name the end of "too ... to be true" ("trop beau pour être vrai",
    "troppo bello per essere vero", "zu schön, um wahr zu sein"), which denies it? Not "too
    honest to bluff" ("troppo onesto per bluffare"): the truth comes before the "to"."""
    too = [k for k, t in enumerate(toks) if t in ("too", "trop", "troppo", "zu")]
    for k in too:
        to = [j for j in range(k + 1, len(toks)) if toks[j] in ("to", "pour", "per", "um")]
        if to and any(t in _TRUTH for t in toks[to[0] + 1 :]):
            return True
    return False


def _polarity(toks: list[str]) -> bool | None:
    """What a remark beside an answer to a claim argues for: True for a doubt (the claim called a
    bluff or a lie, or belief or truth denied: "Est a déjà menti", "Das glaube ich Ost nicht"),
    False for belief ("She hasn't bluffed once all evening", "Est non ha mai bluffato", "Er sagt
    die Wahrheit"), None when it argues neither way. Both ways in one remark: raises ValueError."""
    true = any(t in _BELIEVE or t in _TRUTH for t in toks)
    bluff = any(t in _BLUFF or t in _DOUBT for t in toks)
    if true and bluff:
        raise ValueError("both")
    if not true and not bluff:
        return None
    heads = [t for t in toks if t in _NEGATION or t in _NEVER or t.endswith("n't")]
    if any(t in ("ne", "non") or t.startswith(("n'", "n’")) for t in toks):
        # "ne ... jamais", "non ... mai": one negation in two words
        heads = ["ne", *(t for t in heads if t not in _NEGATION_AFTER and t not in ("ne", "non"))]
    if true and _too_good(toks):
        heads.append("too")  # "trop beau pour être vrai", "too good to be true": not true
    negated = len(heads)
    if negated > 1:
        raise ValueError("double negation")
    return bluff != bool(negated)


_SCORN = re.compile(
    r"(?i)(?<![\w'’])(?:"
    r"(?:ma\s+)?figurati(?:\s+se\s+[^.!?;]*)?|ma\s+va(?:\s+l[àa])?|ma\s+dai|seh?\s+vabb[èe]"
    r"|no\s+way(?:\s+(?:jos[ée]|man))?|yeah,?\s+right|as\s+if(?:\s+[^.!?;]*)?|(?<=^)nah|pull\s+the\s+other\s+one"
    r"|tu\s+parles(?:\s+charles)?|mon\s+[œo]e?il|c['’]est\s+[çc]a\s+oui|mais\s+bien\s+s[ûu]r"
    r"|ja\s*,?\s+klar|von\s+wegen(?:\s+[^.!?;]*)?|das\s+glaubst\s+du\s+(?:doch\s+)?selbst"
    r"\s+nicht|wer['’]?s\s+glaubt(?:\s+wird\s+selig)?"
    r")(?![\w'’])[\s,]*"
)
"""Scorn of a claim, the way a doubter says it ("Ma figurati se Est ha corrotto quello!", "no
way", "yeah right", "tu parles", "mon œil", "ja klar", "von wegen"; seventeenth round): the
reason of a doubt, never of a belief."""


def _decision_beside_reasons(
    board: Board, state: State, text: str, kind: str, alone: Callable[[str], Action]
) -> Action | None:
    """A decision said in one part of ``text`` (or the same in several: "Je garde mon officiel,
    je ne change rien.") beside remarks that give its reason ("I believe East. She hasn't bluffed
    once all evening.", "Gli credo, Est non ha mai bluffato in vita sua.", "Das glaube ich Ost
    nicht eine Sekunde. Ich zweifle."; sixteenth round). None when a remark asks, hesitates,
    sets a condition or a "but", says no, argues for the other answer, or names what a selection
    names (another decision); the other readers' refusal stands then."""
    if kind == "believe-or-doubt" and _SCORN.search(text) and "?" not in text:
        # "Ma figurati se Est ha davvero corrotto quello! Dubito.", "Nah East is bluffing, no
        # way. Doubt" (seventeenth round): the scorn is the doubt's reason; read without it, the
        # rest must be the doubt itself (a belief beside scorn is asked back)
        rest = _SCORN.sub(" ", text)
        if not any(c.isalnum() for c in rest):
            return None
        found: Action | None
        try:
            found = alone(rest)
        except RuleError:
            found = _decision_beside_reasons(board, state, rest, kind, alone)
        return found if isinstance(found, Answer) and found.doubt else None
    if "?" in text or _UNSURE.search(text) or _changes_of_mind(text) or _objects(text):
        return None  # ("Ci credo. Ma Est ha già mentito ieri...")
    parts = [p for p in _SENTENCE_END.split(text) if any(c.isalnum() for c in p)]
    if not 1 < len(parts) <= 4:
        return None
    for sentence in _SENTENCE_STOP.split(text):
        clauses = [c for c in sentence.split(",") if any(ch.isalnum() for ch in c)]
        if any(set(_tokens(c)) <= _I | _BELIEVE | _OPINION for c in clauses[:-1]) or any(
            _THAT.match(c) for c in clauses[1:]
        ):
            # "Ich glaube, Ost blufft nicht", "I believe, he never bluffs": the verb alone is "I
            # think" before its clause; "Ich glaube nicht, dass Ost blufft": one sentence
            return None
    read: list[Action] = []
    remarks: list[list[str]] = []
    for p in parts:
        try:
            read.append(alone(p))
        except InvalidSyntax:
            remarks.append(_tokens(p))
        except RuleError:
            return None
    if not read or any(a != read[0] for a in read[1:]):
        return None
    action = read[0]
    for toks in remarks:
        if any(t in _IF_ELSE or t in _BUTS or t in _OR for t in toks) or (
            set(toks) <= _NO or toks[0] in _NO - {"non"}  # ("non ha mai bluffato": never)
        ):
            return None  # "Je te crois. Non, attends", "I believe her. No wait"
        if isinstance(action, Answer):
            try:
                said = _polarity(toks)
            except ValueError:
                return None
            if said is not None and said != action.doubt:
                return None
        elif any(
            _names_or_denies(board, state, t)
            # "Bon, je change. Je soudoie le vert-bleu à la place." (seventeenth round): a change
            # is what a new selection is, never a keep
            or (t in _CHANGE and not isinstance(action, Select))
            or t in _KEEP_WORDS
            for t in toks
        ):
            return None
    return action


def _set_aside_before(part: str, after: str) -> bool:
    """A first intention, a habit or what the player would do otherwise, taken back by the next
    part's "but" ("Si RK n'était pas coincé contre le mur je le garderais, mais là je change
    pour BY", "Ich wollte erst KB, aber ..."; seventh round)."""
    toks = _tokens(part)
    if "?" in part or not (_MEANT_TO | _WOULD).intersection(toks):
        return False
    nxt = [t for t in _tokens(after) if any(c.isalnum() for c in t)]
    if nxt and nxt[0] in _SO:
        # "Ich würde gern GG nehmen, aber das ist mir zu riskant. Also KY.", "J'aurais bien pris
        # le manteau jaune, mais ... Donc le pantalon rouge": the wish, its "but", then the
        # conclusion (seventh round, last pass)
        at = next(k for k, t in enumerate(toks) if t in _MEANT_TO | _WOULD)
        return bool(_BUT.intersection(toks[at + 1 :]))
    return bool(nxt) and nxt[0] in _BUT


def _wish_but_nothing(board: Board, text: str, alone: Callable[[str], Action]) -> bool:
    """Does ``text`` say a wish or a first intention ("I'd like GG", "Ich würde gern GG nehmen")
    with a "but" after it, and no decision from that "but" on?"""
    toks = _tokens(text)
    at = next((k for k, t in enumerate(toks) if t in _WOULD | _MEANT_TO), None)
    if at is None or not _BUT.intersection(toks[at + 1 :]):
        return False
    parts = _parts_but_asides(text)
    first_but = next(
        (k for k, p in enumerate(parts) if k > 0 and _BUT.intersection(_tokens(p)[:1])), None
    )
    if first_but is None:
        return False
    wish = next(
        (k for k, p in enumerate(parts) if (_WOULD | _MEANT_TO).intersection(_tokens(p))), 0
    )
    for part in parts[:wish]:
        try:
            alone(part)
        except RuleError:
            continue
        return False  # "Je prends le manteau. Le pantalon me serait utile, mais ...": decided
    for part in parts[first_but:]:
        if _BARE_CODE.search(part) or _CODED.search(part) or _cards_like(board, _tokens(part)):
            return False  # a decision the other readers weigh ("..., aber dann doch GY")
        try:
            alone(part)
        except RuleError:
            continue
        return False
    return True


_SO = THEREFORE
"""Words of a conclusion that a decision starts with, after a first wish and its "but"."""


def _set_aside_parts(parts: list[str], read: set[int]) -> set[int]:
    """The parts before a decision that starts with "but" and that it sets aside
    (:func:`_set_aside_before`), however many clauses they run over ("Wenn RK nicht klemmen
    würde, würde ich ihn behalten, aber diesmal wähle ich GY")."""
    if not read:
        return set()
    j = max(read)  # the last decision said, after its "but"
    before = list(range(j))
    if before and _set_aside_before(" ".join(parts[i] for i in before), parts[j]):
        return set(before)
    return set()


def _parts_but_asides(text: str) -> list[str]:
    """The parts of ``text`` (:data:`_DECISION_PARTS`), an aside in brackets kept whole ("(J'ai
    pensé au pantalon orange, mais non.)")."""
    hidden = re.sub(r"\([^()]*\)", lambda m: m.group(0).replace(",", "\x00"), text)
    return [p.replace("\x00", ",") for p in _DECISION_PARTS.split(hidden) if p.strip()]


def _one_decision(
    board: Board,
    state: State,
    text: str,
    kind: str | None,
    alone: Callable[[str], Action],
    seat: Seat = 0,
) -> Action | None:
    """The one decision among the sentences of ``text`` (each read ``alone``), the others
    remarks; None when there is none, more than one, or a sentence is more than a remark."""
    parts = _parts_but_asides(text)
    if kind in ("take-card", "steal") and len(parts) == 1:
        parts = _framed(parts[0])  # "Tra i pantaloni rossi e il cappotto giallo prendo ..."
    if kind not in ("select", "reselect", "take-card", "steal") or len(parts) < 2:
        return None
    read: list[tuple[int, Action]] = []
    for k, part in enumerate(parts):
        try:
            read.append((k, alone(part)))
        except RuleError:
            continue
    firsts = _set_aside_parts(parts, set(dict(read)))
    # "Si RK n'était pas coincé je le garderais, mais là je change pour BY", "I wanted to keep
    # RK, but GY it is": what comes before the last decision's "but" is set aside
    read = [(k, action) for k, action in read if k not in firsts]
    said = {action for _k, action in read}
    if len(said) == 1:
        # "Hmm, the yellow coat would be nice but I need the red pants more. Red pants."
        firsts |= _weighed(board, state, parts, next(iter(said))) - set(dict(read))
    if len(said) > 1 and not _denies(text) and not _second_thought(text):
        # "Den gelben Mantel, bitte. Nein, die Hose.": two decisions, neither set aside
        raise AmbiguousMove(
            _("'%(text)s' holds more than one decision; write the one you mean alone.")
            % {"text": text.strip()},
            text=text,
        )
    if len(said) == 1 and any(
        _UNSURE.search(p) or _contradicts(board, state, p, read[0][1])
        for k, p in enumerate(parts)
        if k not in dict(read) and k not in firsts
    ):
        # "Non prendo GY, prendo GY.", "Den gelben Mantel, bitte. Nicht den Mantel.", "...
        # Nein, die Hose.": another part denies the decision or corrects it unreadably
        raise AmbiguousMove(
            _(
                "'%(text)s' both makes a decision and denies or corrects it; write the one you "
                "mean alone."
            )  # fmt: skip
            % {"text": text.strip()},
            text=text,
        )
    if len(said) == 1 and all(
        _remark(board, state, p)
        or _keep_denied(p, read[0][1])
        or _official_dropped(board, state, seat, p, read[0][1])
        or _lead_in(board, state, p)
        or _lone_verb(p, read[0][1])
        or _contrast(board, state, p, read[0][1])
        or _agrees(board, state, p, read[0][1])
        for k, p in enumerate(parts)
        if k not in dict(read) and k not in firsts
    ):
        return read[0][1]  # one decision, said once or twice ("Nessun cambio, tengo la mia")
    return None


_BETWEEN = {"entre", "between", "tra", "fra", "zwischen", "of", "among", "parmi", "unter", "von"}
"""Words that frame a choice among the cards named ("Entre le pantalon rouge et le manteau jaune
de Sud, je choisis le manteau jaune"; ninth round)."""


def _framed(part: str) -> list[str]:
    """``part`` cut before its verb of taking (and the pronoun before it) when it starts with a
    frame of the choice (:data:`_BETWEEN`; "Zwischen der roten Hose und dem gelben Mantel nehme
    ich die rote Hose", "Of the two cards South holds I take the yellow coat"; ninth round)."""
    words = part.split()
    if not words or words[0].lower() not in _BETWEEN:
        return [part]
    verbs = [k for k, w in enumerate(words) if k > 1
             and _VERB_WORDS.get(w.lower().strip(",.;:!"), w.lower()) in ("take", "select")]  # fmt: skip
    if not verbs:
        return [part]
    at = verbs[0] - (words[verbs[0] - 1].lower() in _PRONOUNS)
    return [" ".join(words[:at]), " ".join(words[at:])]


def _agrees(board: Board, state: State, part: str, action: Action) -> bool:
    """Does ``part``, beside the one decision read, say the same and nothing else (ninth round)?
    It names only what the decision names ("Nord, désolé : ton manteau jaune", "the orange pants
    from north are better for me. take the orange pants"), frames the choice among cards one of
    which is taken ("Entre le pantalon rouge et le manteau jaune de Sud, je choisis ..."), or, for
    a keep, says no change ("On ne change pas une équipe qui gagne", "Never change a running
    system"); never with a question, a doubt, a second thought or a wish."""
    toks = _hyphens_apart([t for t in _tokens(part) if any(c.isalnum() for c in t)])
    if not toks or "?" in part or _UNSURE.search(part):
        return False
    if set(toks) & (_WOULD | _MEANT_TO | _OR) - {"o", "si", "se"}:
        return False  # ("si", "se": the Italian "Squadra che vince non si cambia")
    if set(toks) & _SECOND_THOUGHTS - (_NEGATION if isinstance(action, Keep) else set()):
        return False
    if isinstance(action, Keep):
        return (
            any(t in _NEGATION or t.endswith("n't") for t in toks)
            and bool(_CHANGE & set(toks))
            and not _BARE_CODE.search(part)
            and not any(_stem(t) in _colour_stems() for t in toks)
        )
    if set(toks) & _NEGATION or any(t.endswith("n't") for t in toks):
        return False
    if isinstance(action, Take) and toks[0] in _BETWEEN:
        named = {
            c for k in range(len(toks) - 1) if (c := _card_of(board, toks[k : k + 2])) is not None
        }
        seats = {s for t in toks if len(t) > 2 and (s := _seat_of(state, t)) is not None}
        two = bool({"two", "deux", "due", "zwei", "both"} & set(toks))  # "Of South's two cards"
        return (action.card in named and len(named) > 1 or two) and seats <= {action.victim}
    return _names_only(board, state, part, toks, action) and not _remark(board, state, part)


def _keep_denied(part: str, action: Action) -> bool:
    """A clause that denies a keep beside a selection ("Je ne garde pas le mien cette fois : je
    prends le vert-noir", "Nicht behalten. Neue Wahl: rot-gelb."; eighth round, fr-4420,
    de-4420): a negation, a verb of keeping, and only the words around a keep."""
    toks = _tokens(part)
    keep = {w for w, v in _VERB_WORDS.items() if v == "keep"} | {"keep"}
    return (
        isinstance(action, Select)
        and "?" not in part
        and bool(keep.intersection(toks))
        and (_denies(part) or any(t.endswith("n't") for t in toks))
        and all(
            t in _AROUND | _NEGATION | keep | _PRONOUNS | _SELECT_FILLER | _MINE_ONE
            or t.endswith("n't")
            for t in toks
        )
        and not _changes_of_mind(part)
    )


_MINE_ONE = {"mien", "mienne", "miens", "mio", "mia", "meinen", "meiner", "mine", "will", "won't",
             "wont", "i'm", "am", "going", "to"}  # fmt: skip
_DROPPED = re.compile(r"(?i)(?:but|mais|ma|aber)\s+(?:no|non|nein|nope)[\s.!…)]*$")


def _official_dropped(board: Board, state: State, seat: Seat, part: str, action: Action) -> bool:
    """An official thought of and dropped, beside the decision ("Keep. (Was tempted by BY but
    no.)", "(J'ai pensé à GY, mais non.)"; eighth round, en-4420): a word of thinking of, the
    officials by code, none of them the one decided, and "but no" at the end."""
    inside = part.strip().strip("()").strip()
    toks = _tokens(inside)
    codes = [t for t in toks if re.fullmatch(r"[rybgk]{2}", t) and t.upper() in inside]
    if (
        "?" in part
        or not codes
        or not _DROPPED.search(inside)
        or not (_THOUGHT_OF | _CONSIDER).intersection(toks)
    ):
        return False
    named = {board.official_by_code(c.upper()) for c in codes}
    if None in named:
        return False
    if isinstance(action, Select):
        return action.official not in named
    chosen = state.selections[seat] if seat < len(state.selections) else None
    return isinstance(action, Keep) and chosen not in named


_TEMPTING = {"could", "might", "pourrait", "ferait", "sarebbe", "farebbe", "potrebbe", "könnte",
             "koennte", "tempting", "tentant", "tentante", "allettante", "verlockend", "tempted",
             "tenté", "tentée", "tentato", "tentata", "nice", "sympa", "bello", "schön",
             # the plural ("I pantaloni rossi mi farebbero comodo, ma ..."; it-4323)
             "farebbero", "sarebbero", "potrebbero", "wären", "waeren", "könnten", "koennten",
             "seraient", "feraient", "pourraient", "would", "comodo"}  # fmt: skip
"""Words of another card weighed and not taken ("the yellow coat would be nice", "le manteau
serait tentant", "il cappotto mi farebbe comodo", "der Mantel wäre schön")."""


def _weighed(board: Board, state: State, parts: list[str], action: Action) -> set[int]:
    """The parts that weigh another card against the one taken and conclude for it ("the yellow
    coat would be nice but I need the red pants more", "Der gelbe Mantel wäre schön, aber ich
    brauche die rote Hose mehr"; eighth round, en-2824): a clause of what would be, naming only
    other cards, then a "but" clause that names no other card, denies nothing and asks nothing.
    What the player decides is said in another part."""
    if not isinstance(action, Take):
        return set()
    out: set[int] = set()
    for k, part in enumerate(parts):
        toks = _hyphens_apart(_tokens(part))
        at = next((i for i, t in enumerate(toks) if t in _BUT), None)
        if at is None and k + 1 < len(parts) and _BUT.intersection(_tokens(parts[k + 1])[:1]):
            weighing, but, span = toks, _hyphens_apart(_tokens(parts[k + 1])[1:]), {k, k + 1}
        elif at is not None:
            weighing, but, span = toks[:at], toks[at + 1 :], {k}
        else:
            continue
        if "?" in part or not (_WOULD | _TEMPTING).intersection(weighing):
            continue
        before = [t for t in weighing if _cards_like(board, [t])]
        after = [t for t in but if _cards_like(board, [t])]
        if (
            not before
            or action.card in _cards_like(board, before)
            or (after and action.card not in _cards_like(board, after))
            or any(t in _NEGATION or t.endswith("n't") or "?" in t for t in weighing + but)
            or any(t in _SECOND_THOUGHTS for t in but)
        ):
            continue
        out |= span
    return out


def _one_typo(word: str, known: str) -> bool:
    """Is ``word`` ``known`` with one key wrong, missing, added or two swapped ("beleive",
    "doubth", "croix", "dubbito")? (difflib's ratio does not say "one keystroke".)"""
    if word == known or abs(len(word) - len(known)) > 1:
        return False
    if len(word) == len(known):
        diff = [k for k in range(len(word)) if word[k] != known[k]]
        return len(diff) == 1 or (
            len(diff) == 2
            and diff[1] == diff[0] + 1
            and word[diff[0]] == known[diff[1]]
            and word[diff[1]] == known[diff[0]]
        )
    short, long_ = sorted((word, known), key=len)
    return any(long_[:k] + long_[k + 1 :] == short for k in range(len(long_)))


def _meaning(word: str) -> str:
    """What a word of a decision means, whatever its language ("doute" and "doubt": doubt)."""
    if word in _DOUBT or word == "doubt":
        return "doubt"
    if word in _BELIEVE:
        return "believe"
    for piece, words in _PIECE_WORDS.items():
        if word in words:
            return piece
    for code, forms in _COLOUR_FORMS.items():
        if word in forms:
            return code
    return _VERB_WORDS.get(word, word)


def _typo_fixed(board: Board, text: str, kind: str | None) -> str:
    """``text`` with the one word of a decision mistyped put right, in a short answer ("I belive
    East", "Je croix", "pantallon rouge"): a word of at least four letters that the notation
    does not know, one keystroke from exactly one of the kind's words of five letters or more,
    with the same first letter. "" when there is none, or more than one."""
    toks = [t for t in _tokens(text) if any(c.isalnum() for c in t)]
    if not 1 <= len(toks) <= 5 or "?" in text or kind is None:
        return ""
    if kind == "believe-or-doubt":
        vocab = _BELIEVE | _DOUBT | {"believe", "doubt"}
    elif kind in ("select", "reselect"):
        vocab = {w for w, v in _VERB_WORDS.items() if v in ("select", "keep")} | {"select"}
    elif kind in ("take-card", "steal"):
        vocab = {w for w, v in _VERB_WORDS.items() if v == "take"} | {
            w for words in _PIECE_WORDS.values() for w in words
        }
        vocab |= {w for forms in _COLOUR_FORMS.values() for w in forms}
    else:
        return ""
    known = vocab | _AROUND | _TAKE_FILLER | _SELECT_FILLER | _PRONOUNS | _LEADING | _NEGATION
    fixes: dict[str, str] = {}
    for t in toks:
        if len(t) < 4 or not t.isalpha() or t in known or t in board.card_colours:
            continue
        near = sorted(w for w in vocab if len(w) >= 5 and w[0] == t[0] and _one_typo(t, w))
        if len({_meaning(w) for w in near}) == 1:
            fixes[t] = near[0]  # "dout": doubt or doute, one meaning
        elif near:
            return ""
    if len(fixes) != 1:
        return ""
    ((typo, word),) = fixes.items()
    return re.sub(rf"(?i)(?<![\w'’]){re.escape(typo)}(?![\w'’])", word, text, count=1)


_DECIDING = ("select", "reselect", "take-card", "steal")


def _beside_aside(
    board: Board, state: State, text: str, whole_of: Callable[[str], Action]
) -> Action | None:
    """The decision beside an aside in brackets that explains it ("Taking South's yellow coat.
    (The red pants would give me less.)", "I'll switch my bribe to BY (blue hat, yellow body)");
    None when the aside asks, takes back, decides (a verb of a decision) or describes another
    official."""
    m = re.search(r"\(([^()]*)\)", text)
    if m is None:
        return None
    inside = _tokens(m.group(1))
    if (
        _about_writing(m.group(1))
        and "?" in m.group(1)
        and _WRITING.intersection(t.strip("?!") for t in inside)
        and not any(_names_or_denies(board, state, t.strip("?!")) for t in inside)
    ):
        inside = []  # "take south red pants (ist das so richtig geschrieben?)": the writing
    elif "?" in m.group(1) or any(
        t in _SECOND_THOUGHTS or _VERB_WORDS.get(t, t) in _VERB_KINDS for t in inside
    ):
        return None
    try:
        action = whole_of((text[: m.start()] + " " + text[m.end() :]).strip())
    except RuleError:
        return None
    described = _official_described(board, inside)
    if described is not None and not (isinstance(action, Select) and action.official == described):
        return None
    return action


# -- a decision set against another (eighth round) ------------------------------------------

_BUT_INSTEAD = re.compile(
    r"(?i)(?<![\s,;:–—-])[\s,;:–—-]+(?:but|mais|ma|bensì|bensi|sondern|aber|jedoch)(?![\w'’])"
)
"""The "but" of "not X but Y" ("Nicht die rote Hose, sondern den gelben Mantel", "Non RK ma GY",
"Pas le pantalon mais le manteau", "Not RK but GY")."""
_INSTEAD_OF = re.compile(
    r"(?i)(?<![\w'’])(?:rather\s+than|instead\s+of|in\s+place\s+of|plut[ôo]t\s+qu[e'’]"
    r"|au\s+lieu\s+d[eu'’]?|[àa]\s+la\s+place\s+d[eu'’]?|invece\s+d(?:i|ei|el|ella|ello|egli"
    r"|elle)|anzich[ée]|piuttosto\s+che|al\s+posto\s+d(?:i|ei|el|ella|ello|egli|elle)|statt"
    r"|anstatt|anstelle(?:\s+vo[nm])?)(?![\w'’])"
)
"""The words of "Y rather than X" ("The yellow coat instead of the red pants", "le manteau au
lieu du pantalon", "il cappotto invece dei pantaloni", "den Mantel statt der Hose")."""
_THAN = re.compile(r"(?i)(?<![\w'’])(?:than|que|qu'|qu’|che|als)(?![\w'’])")
_COMPARATIVE = {"rather", "more", "better", "prefer", "plutôt", "plutot", "plus", "mieux",
                "préfère", "prefere", "piuttosto", "più", "piu", "meglio", "preferisco",
                "lieber", "eher", "mehr", "besser", "instead"}  # fmt: skip
"""Words of a preference before a "than" ("Lieber den Mantel als die Hose", "Meglio il cappotto
che i pantaloni", "I'd rather have the coat than the pants")."""
_KEEP_WORDS = {"keep", "keeping", "garder", "tenere", "behalten", "behalte", "garde", "tengo",
               "stay", "rester", "restare", "bleiben"}  # fmt: skip
_YES = {"yes", "yep", "yeah", "yup", "oui", "ouais", "sì", "si", "ja", "jawohl", "jep", "genau",
        "exactly", "exactement", "esatto", "certo", "klar"}  # fmt: skip
_NO = {"no", "nope", "nah", "non", "nein", "nee", "nö", "noe"}


def _only_other(board: Board, state: State, seat: Seat, part: str, action: Action) -> bool:
    """Does ``part`` name only another card, official or decision than ``action``, among the
    words of a decision and its negation ("not the red pants", "je ne prends pas RK", "keeping
    RK", "die rote Hose")? Nothing else may stand there: no question, second thought, doubt or
    other word."""
    if "?" in part or _UNSURE.search(part) or _changes_of_mind(part):
        return False
    toks = _hyphens_apart(_garments_apart(_tokens(part)))
    verbs = {w for w, v in _VERB_WORDS.items() if v in ("select", "keep", "take")}
    verbs |= {"select", "keep", "take", "want", "veux", "voglio", "will", "möchte", "need"}
    filler = (
        _TAKE_FILLER | _SELECT_FILLER | _PRONOUNS | _CONSIDER | _NEGATION | _NOT | verbs
        | _COMPARATIVE | _KEEP_WORDS | _CHANGE | {"i'm", "am", "won't", "wont", "go", "with"}
    ) - {"or", "ou", "o", "oder", "oppure"}  # fmt: skip

    def other_words(rest: list[str]) -> bool:
        return any(t not in filler and not t.endswith("n't") for t in rest)

    if isinstance(action, Take):
        cards = [t for t in toks if _cards_like(board, [t])]
        seats = [t for t in toks if len(t) > 2 and _seat_of(state, t) is not None]
        if not cards or other_words([t for t in toks if t not in cards and t not in seats]):
            return False
        like = _cards_like(board, cards)
        return bool(like) and action.card not in like
    if not isinstance(action, Select | Keep):
        return False
    d = _description(toks)
    if d is not None:
        toks = [*toks[: d[1]], *toks[d[2] + 1 :]]
    codes = [t for t in toks if re.fullmatch(r"[rybgk]{2}", t) and t.upper() in part]
    if d is not None:
        codes.append(d[0])  # the official described ("pas le rouge au chapeau noir")
    rest = [t for t in toks if t not in codes]
    if other_words(rest):
        return False
    named = [board.official_by_code(c.upper()) for c in codes]
    if any(o is None for o in named):
        return False
    if isinstance(action, Keep):
        # "GY? Non, je garde", "Je garde plutôt que de changer pour GY"
        chosen = state.selections[seat] if seat < len(state.selections) else None
        return all(o != chosen for o in named) and bool(named or _CHANGE.intersection(rest))
    if not codes:
        return bool(_KEEP_WORDS.intersection(rest))  # "GY rather than keep"
    return all(o != action.official for o in named)


def _clean(part: str) -> bool:
    """Is ``part`` free of a question, a doubt, a denial and a second thought (what a decision
    set against another must be)?"""
    return not (
        "?" in part
        or _UNSURE.search(part)
        or _changes_of_mind(part)
        or _denies(part)
        or {"or", "ou", "oder", "oppure"}.intersection(_tokens(part))
    )


def _set_against(
    board: Board,
    state: State,
    seat: Seat,
    text: str,
    kind: str | None,
    whole_of: Callable[[str], Action],
) -> Action | None:
    """A decision set against another in one sentence (eighth round: de-3435 "Nicht die rote
    Hose, sondern den gelben Mantel"; en-3532 "Keep? No - select GR."):
    - "not X but Y": "Pas le pantalon rouge mais le manteau jaune", "Non prendo RK ma GY",
      "I won't take the red pants but the yellow coat";
    - "Y rather than X": "Le manteau jaune plutôt que le pantalon", "Il cappotto invece dei
      pantaloni", "Lieber den Mantel als die Hose", "GY instead of keeping RK";
    - a question the player asks and answers: "Keep? No - select GR.", "Garder ? Non, GR.",
      "Il cappotto? Sì." (a "no" needs the decision after it).
    Y is read whole and must say no "no", "or", doubt or question; X must name only another
    card or official (:func:`_only_other`). None otherwise (the other readers, or the player is
    asked)."""
    if kind not in (*_DECIDING, "believe-or-doubt"):
        return None
    if "?" in text or _UNSURE.search(text):
        return _answered(board, state, seat, text, whole_of) if text.count("?") == 1 else None

    def chosen(mine: str, other: str) -> Action | None:
        """``mine`` read whole, when ``other`` names only another card or official."""
        try:
            action = whole_of(mine.strip())
        except RuleError:
            return None
        return action if _only_other(board, state, seat, other, action) else None

    for m in _BUT_INSTEAD.finditer(text):
        left, right = text[: m.start()], text[m.end() :]
        clause = _parts_but_asides(left)[-1] if left.strip() else ""
        if (
            not _denies(clause)
            or not _clean(right)
            or not all(_remark(board, state, p) for p in _parts_but_asides(left)[:-1])
        ):
            continue
        return chosen(right, clause)
    for m in [*_INSTEAD_OF.finditer(text), *_THAN.finditer(text)]:
        before, after = text[: m.start()], text[m.end() :]
        if m.re is _THAN and not _COMPARATIVE.intersection(_tokens(before)):
            continue
        chosen_first = bool(re.search(r"[^\W\d_]", before)) and not (
            _tokens(before) and set(_tokens(before)) <= _COMPARATIVE | {"but", "mais", "ma", "aber"}
        )
        if chosen_first:
            rest = _parts_but_asides(after)
            if not rest:
                continue  # "Plutôt le vert-bleu que" (RK read apart; tenth round: a crash)
            other, mine = rest[0], before
            tail = rest[1:]
        else:  # "Plutôt que le pantalon, je prends le manteau", "Statt der Hose den Mantel"
            rest = _parts_but_asides(after)
            if len(rest) < 2:
                continue
            other, mine, tail = rest[0], " ".join(rest[1:]), []
        mine = " ".join(t for t in mine.split() if t.casefold().strip(",.;:!") not in _COMPARATIVE)
        if not mine.strip() or not _clean(mine) or not all(_remark(board, state, p) for p in tail):
            continue
        return chosen(mine, other)
    return None


_ANSWERED = re.compile(
    r"(?is)^(?P<q>[^?]+)\?+\s*(?P<a>[^\W\d_]+)(?![\w'’])[\s,.;:!–—-]*(?P<rest>.*)$"
)


_NEVER = {"never", "jamais", "mai", "nie", "niemals", "nope", "nah", "nee"}
"""A "never" that answers a decision asked ("Crederle? Mai. Dubito."; ninth round): a no."""


def _answered(
    board: Board, state: State, seat: Seat, text: str, whole_of: Callable[[str], Action]
) -> Action | None:
    """A decision the player asks and answers ("Keep? No - select GR.", "Tenere? No, scelgo
    GR.", "Die rote Hose? Ja."): the question alone is one decision; after a "no" another one
    follows, after a "yes" nothing or the same."""
    m = _ANSWERED.match(text.strip())
    if _UNSURE.search(text):
        return None  # "The red pants? No idea. The yellow coat."
    if m is None or m.group("a").casefold() not in _YES | _NO | _NEVER:
        return None
    if not re.search(r"[^\W_]", m.group("q")):
        return None
    qparts = _parts_but_asides(m.group("q").strip())
    if not all(_remark(board, state, p) for p in qparts[:-1]):
        return None
    try:
        asked = whole_of(qparts[-1])
    except RuleError:
        return None
    rest = m.group("rest").strip()
    if m.group("a").casefold() in _YES:
        if not re.search(r"[^\W\d_]", rest):
            return asked
        try:
            again = whole_of(rest)
        except RuleError:
            return None
        return asked if again == asked else None
    if not rest or not _clean(rest):
        return None
    try:
        action = whole_of(rest)
    except RuleError:
        return None
    return action if action != asked else None


# -- a decision said twice: in words and in the notation (seventh round) ---------------------

_CODED = re.compile(
    r"(?i)(?<![\w'’-])(?:take\s+(?:north|east|south|west|[1-6])\s+[a-z]+-(?:hat|coat|pants)"
    r"|select\s+[rybgk]{2}|keep|believe|doubt)(?![\w'’-])"
)
"""A decision in the notation the mails teach ("take south red-pants", "select GY", "keep")."""
_BARE_CODE = re.compile(r"(?<![\w'’-])[RYBGK]{2}(?![\w'’-])")
"""An official's code in capitals ("I'll switch to the black-hat yellow-body official, KY")."""


_DANGLING = re.compile(
    r"(?i)(?:(?<![\w'’])(?:but|mais|ma|però|aber|doch|and|et|und|or|ou|oder|oppure|puis|poi)"
    r"|(?:[,;:–—-]\s*|(?<![\w'’])(?:but|mais|ma|però|aber|doch|and|et|und|or|ou|oder|oppure)\s+)"
    r"(?:then|dann))[\s,;:.…–—-]*$"
)
"""A decision that ends on a word that goes on ("..., aber", "..., but", "..., then"); "then" said
for "in that case" goes on nothing ("I'll have the trousers then", "Die Hose dann"; tenth
round)."""
_CONCESSION = re.compile(
    r"(?i)^[\s(,–—-]*(?:though|although|even\s+if|même\s+si|meme\s+si|bien\s+que|quoique"
    r"|anche\s+se|sebbene|benché|benche|obwohl|auch\s+wenn|wenn\s+auch)(?![\w'’])"
)
"""A clause that concedes and takes nothing back ("believe (though I shouldn't)", "je crois
(même si je ne devrais pas)"): its negation is about the wisdom of the decision, not the
decision."""


_DETERMINERS = {"the", "a", "an", "no", "any", "without", "of", "some", "my", "little", "beyond",
                "reasonable", "slight", "slightest", "shadow", "in", "your", "his", "her",
                "their", "our", "this", "that", "much", "own", "for"}  # fmt: skip
"""Words before "doubt", "keep" or "believe" that make it a noun ("the benefit of the doubt",
"without a doubt", "no doubt", "for keeps"; eighth round: main read a doubt)."""


_CLAUSE_EDGE = re.compile(r"[.!?;:,()\[\]{}\n…«»\"“”=]|\s[-–—]+\s|^[-–—]+\s")
"""Where a clause ends, around a decision written in the notation."""
_BY_ITSELF = {"ok", "okay", "please", "thanks", "thank", "you", "merci", "grazie", "danke",
              "bitte", "svp", "pls", "plz", "so", "then", "just", "simply", "yes", "oui", "sì",
              "si", "ja", "alors", "donc", "allora", "quindi", "also", "dann", "i.e", "ie",
              "i.e.", "d.h", "cioè", "cioe", "soit", "sprich", "heißt", "heisst", "das",
              "c'est-à-dire", "c'est", "à", "dire", "in", "short", "bref", "insomma", "kurz",
              "gesagt", "notation", "code", "command", "commande", "comando", "befehl",
              # who, and the question of it ("I doubt.", "Should I keep? No - select GR.")
              "i", "we", "should", "shall", "do"}  # fmt: skip
"""Words that may stand beside the notation's "keep", "believe", "doubt" in its clause ("OK,
keep", "Also: believe", "i.e. keep", "bref : doubt")."""


def _apart(text: str, m: re.Match[str]) -> bool:
    """Does the notation's decision ``m`` stand in a clause of its own ("Je garde ma sélection
    (keep)", "Je crois Est : believe", "keep, thanks for the game")? Always for "select GY" and
    "take south red-pants"; for a bare "keep", "believe", "doubt" (English verbs too) only with
    nothing but :data:`_BY_ITSELF` words between it and the clause's ends ("I believe it in my
    house", "I keep thinking about it" are English sentences: ninth round)."""
    if m.group(0).lower() not in ("keep", "believe", "doubt"):
        return True  # "select GY", "take south red-pants", a code alone ("..., KY")
    before = _CLAUSE_EDGE.split(text[: m.start()])[-1]
    after = _CLAUSE_EDGE.split(text[m.end() :])[0]
    words = [
        t.lower() for t in re.findall(r"[\w'’.-]+", before + " " + after) if re.search(r"\w", t)
    ]
    return all(w.strip(".").replace("’", "'") in _BY_ITSELF for w in words)


def _a_noun(text: str, m: re.Match[str]) -> bool:
    """Is the notation's word at ``m`` a noun in the prose around it (:data:`_DETERMINERS`)?"""
    before = [t for t in _tokens(text[: m.start()]) if any(c.isalnum() for c in t)]
    return bool(before) and before[-1] in _DETERMINERS and " " not in m.group(0)


def _in_notation_too(
    board: Board,
    state: State,
    seat: Seat,
    text: str,
    kind: str | None,
    alone: Callable[[str], Action],
    whole_of: Callable[[str], Action],
) -> Action | None:
    """A decision written in words and again in the notation ("Je prends le pantalon rouge de
    Sud s'il vous plaît : take south red-pants", "I'd like to switch to the green-hat,
    yellow-body official: select GY.", "Je garde ma sélection (keep), merci", "I'll switch to
    the black-hat yellow-body official, KY."; seventh round): the notation's decision, when every
    notation in ``text`` says the same and the words around it say it too (read whole) or name
    nothing else (:func:`_names_only`) with no negation, second thought or question. None when
    the words deny or doubt; :class:`AmbiguousMove` when they say another decision than the code
    (the player is asked, and no reader takes either alone)."""
    if kind not in (*_DECIDING, "believe-or-doubt"):
        return None
    # "I believe it in my house", "I keep thinking about GY": the English verb in a sentence,
    # not the notation's word (ninth round: main believed, kept); it stays in the words
    spans = [m for m in _CODED.finditer(text) if _apart(text, m)]
    if kind in ("select", "reselect"):
        # a code alone, not the one inside "select GY" (its overlap cut the "?" of "select GY?"
        # out of the words around it; eighth round)
        spans += [
            b
            for b in _BARE_CODE.finditer(text)
            if not any(m.start() <= b.start() < m.end() for m in spans)
        ]
    if not spans:
        return None
    said: set[Action] = set()
    coded: set[Action] = set()  # the decisions in the notation's words, not a code alone
    chosen = state.selections[seat] if seat < len(state.selections) else None
    for m in spans:
        if _a_noun(text, m):
            return None  # "the benefit of the doubt", "Without a doubt East is telling the truth"
        try:
            got = alone(m.group(0))
        except RuleError:
            return None
        if (
            kind == "reselect"
            and isinstance(got, Select)
            and got.official == chosen
            and not m.group(0).lower().startswith("select")
        ):
            got = Keep()  # (but "I shall select RK, the official with ...": half-48 en-4819)  # "Ich ändere nichts, ich behalte YY" (YY on the selector)
        said.add(got)
        if _CODED.fullmatch(m.group(0)):
            coded.add(got)
    if len(said) > 1:
        if (
            _denies(text)
            or _second_thought(text)
            or not coded
            or (_MEANT_TO | _WOULD).intersection(_tokens(text))
        ):
            # "Je ne garde pas RK, je prends GY", "I wanted to keep RK, but GY it is"
            # (:func:`_one_decision`)
            return None
        # "I keep my selection: select GY", "keep (GY)": two decisions in the notation
        raise AmbiguousMove(
            _("'%(text)s' holds more than one decision; write the one you mean alone.")
            % {"text": text.strip()},
            text=text,
        )
    action = said.pop()
    rest = text
    for m in sorted(spans, key=lambda m: -m.start()):
        rest = rest[: m.start()] + " " + rest[m.end() :]
    rest = re.sub(r"\(\s*[,.;:]?\s*\)", " ", rest)
    if "?" in rest or _EVERY_TIME.search(rest):
        # "Keep?", "Doubt?": a question, no decision (eighth round: main kept); "From now on
        # just keep it without asking": a standing order in words
        return None
    if not re.search(r"[^\W\d_]", rest):
        return action  # "(keep)", "select GY." alone with punctuation
    try:
        said_in_words: Action | None = whole_of(rest.strip())
    except RuleError:
        said_in_words = None
    if said_in_words == action:
        return action
    if (
        isinstance(action, Keep)
        and isinstance(said_in_words, Select)
        and said_in_words.official == chosen
        and not coded
    ):
        # "Ich wähle neu: den Rot-Schwarzen, RK.", "Cambio: prendo il rosso-nero, RK." (RK
        # held): the words select the official the code names, the same decision (fourteenth
        # round); the selection as the words say it
        return said_in_words
    if kind == "believe-or-doubt" and _objects(rest):
        return None  # "I believe. But East already lied twice tonight..." (fourteenth round)
    toks = _hyphens_apart(_tokens(rest))
    conceded = _CONCESSION.match(rest) is not None  # "believe (though I shouldn't)"
    if not conceded and (_denies(rest) or any(t in _SECOND_THOUGHTS for t in toks)):
        return None  # "Not the orange pants - take north yellow-coat" (:func:`_one_decision`)
    if said_in_words is not None or not _names_only(board, state, rest, toks, action):
        # "Je garde ma sélection (GY)", "the black-hat yellow-body official (GY)", "Je change
        # (keep)": the words say another decision than the code; asked, and never one of the
        # two read alone by another reader
        raise AmbiguousMove(
            _(
                "'%(text)s' says one decision in words and another in the notation; write the "
                "one you mean alone."
            )
            % {"text": text.strip()},
            text=text,
            hint=examples(board, [], state.n),
        )
    return action


_CONSIDER = {"thought", "considered", "pensé", "pense", "pensato", "gedacht", "überlegt",
             "ueberlegt", "hésité", "hesite", "esitato", "about", "of", "à", "a", "an", "au",
             "had", "was", "have", "j'ai", "ai", "ho", "hab", "habe", "avevo", "ich", "i",
             "need", "want", "needed", "brauche", "brauch", "will", "möchte", "moechte",
             "besoin", "veux", "voglio", "serve", "servono", "bisogno", "de", "du", "des",
             "interessa", "interessano", "interessiert", "mich", "me", "mi", "m'intéresse",
             "intéresse", "interesse", "taking", "take", "prends", "prendo", "nehme", "thinking",
             "pensavo", "dachte", "but", "mais", "ma", "aber", "tempted",
             "tenté", "tentato", "versucht", "non", "no", "nope", "nein"}  # fmt: skip
"""Words of a card considered and set aside ("(Thought about the yellow coat but no.)", "Die
Hose brauche ich nicht.", "I don't need the pants")."""


def _hyphens_apart(toks: list[str]) -> list[str]:
    return [w for t in toks for w in (t.split("-") if "-" in t else [t]) if w]


def _names_only(board: Board, state: State, rest: str, toks: list[str], action: Action) -> bool:
    """Do the words ``rest`` (as ``toks``) beside a decision in the notation name only what it
    says? No other verb of the kind of decision; a card named (in part) is the card taken, a
    seat named its owner; colours and a description of an official are the official selected;
    a keep names no change and no other official; believe or doubt says the same."""
    codes = {m.group(0) for m in _BARE_CODE.finditer(rest)}
    if isinstance(action, Take):
        if codes:
            return False
        for k, t in enumerate(toks):
            if any(w in _MINE for w in toks[max(0, k - 2) : k]):
                continue  # the player's own card ("ça ira avec mon chapeau rouge")
            seat = _seat_of(state, t) if len(t) > 2 and not t.isdigit() else None
            if seat is not None and t not in board.card_colours:
                if seat != action.victim:
                    return False
                continue
            like = _cards_like(board, [t])
            if like and action.card not in like:
                return False
        return True
    if isinstance(action, Select):
        code = board.official_code(action.official)
        if codes - {code}:
            return False
        colours = {_colour_stems()[_stem(t)] for t in toks if _stem(t) in _colour_stems()}
        if not colours <= set(code):
            return False
        d = _description(toks)
        keep = {w for w, v in _VERB_WORDS.items() if v == "keep"} | {"keep"}
        return (d is None or d[0] == code.lower()) and not keep & set(toks)
    if isinstance(action, Keep):
        selecting = {w for w, v in _VERB_WORDS.items() if v == "select"} | {"select"}
        return (
            not codes
            and not (_CHANGE | selecting) & set(toks)
            and not any(_stem(t) in _colour_stems() for t in toks)
        )
    if isinstance(action, Answer):
        said = {t in _DOUBT or t in _BLUFF for t in toks if t in _BELIEVE | _DOUBT | _BLUFF}
        return said <= {action.doubt}
    return False


_HEDGE = re.compile(
    r"(?i)(?:^\s*(?:i\s+(?:guess|think|suppose|reckon)|je\s+(?:pense|suppose)|penso|direi"
    r"|suppongo|ich\s+(?:denke|schätze|schaetze))\s*[,:]?\s+"
    r"|[\s,]+(?:i\s+(?:guess|think|suppose|reckon)|je\s+(?:pense|suppose|crois)|penso|direi"
    r"|credo|suppongo|denke\s+ich|glaube\s+ich|schätze\s+ich|schaetze\s+ich"
    r"|würde\s+ich\s+sagen|wuerde\s+ich\s+sagen)\s*[.!…]*\s*$)"
)
"""A hedge at the start or the end of a decision ("yellow coat i guess", "Je pense le manteau
jaune", "il cappotto giallo, credo", "Die rote Hose, denke ich"): the decision as said."""


def _unhedged(text: str, kind: str | None) -> str:
    """``text`` without a hedge at its start or end (:data:`_HEDGE`), for a card to take or an
    official to select; a question ("?") keeps it (and is asked back)."""
    if kind not in _DECIDING:
        return text
    if "?" in text:
        if _HEDGE.search(text.replace("?", " ").rstrip()):
            # "Le manteau jaune, je pense ?": a question, never the card before it
            raise AmbiguousMove(
                _("'%(text)s' asks rather than decides; write the decision you mean alone.")
                % {"text": text.strip()},
                text=text,
            )
        return text
    bare = _HEDGE.sub(" ", text).strip()
    return bare if re.search(r"[^\W\d_]", bare) else text


_WRITING = {"écrit", "écrire", "écrivez", "écris", "écrivons", "notation", "noter", "note",
            "write", "written", "writes", "spelled", "spelt", "spell", "spelling", "schreibt",
            "schreiben", "schreibe", "geschrieben", "schreibweise", "notiert", "scrive", "scrivere",
            "scrivete", "scritto", "scrivo", "notazione", "abbreviation", "abréviation",
            "abbreviazione", "abkürzung", "means", "signifie", "significa", "bedeutet", "stands",
            "veut"}  # fmt: skip
"""Words of a remark about how a move is written ("BR O (O comme ouest, je ne sais pas si vous
écrivez W)", "take south red pants (ist das so richtig geschrieben?)")."""
_DIR_LETTERS = {"n": "N", "e": "E", "s": "S", "w": "W"}
_ONES = {"one", "ones", "celui", "celle", "quello", "quella"}
"""The official as "the one" in its description ("the black one with the blue hat (BK)")."""


def _about_writing(inside: str) -> bool:
    return any(t.strip("?!") in _WRITING for t in _tokens(inside))


def _move_beside_aside(
    board: Board, state: State, text: str, whole_of: Callable[[str], Action]
) -> Action | None:
    """A move beside an aside in brackets (seventh round): the official's code after its
    description ("Je déplace le noir au chapeau bleu (BK) vers la droite"), read as the code when
    every colour said is the code's; a description of the same official ("BK (le noir au chapeau
    bleu) vers l'est"); a remark about how the move is written ("BR O (O comme ouest, je ne sais
    pas si vous écrivez W)"), dropped when it names no other official and no direction the move
    does not take. None otherwise (the aside may say another move: the player is asked)."""
    from pbem.i18n import current

    m = re.search(r"\(([^()]*)\)", text)
    if m is None:
        return None
    inside = m.group(1).strip()
    code = re.fullmatch(r"[RYBGKrybgk]{2}", inside)
    if code is not None:
        o = board.official_by_code(inside.upper())
        if o is None:
            return None
        words = list(re.finditer(r"[^\s,;:.!()]+", text[: m.start()]))
        start = m.start()
        said: list[str] = []
        for w in reversed(words):
            t = w.group(0).lower().replace("’", "'")
            t = t[2:] if re.fullmatch(r"[ld]'[a-zé]+", t) else t
            if not (_colour_word(t) or t in _JOINERS or t in _FILLER - {"in"} or t in _ONES
                    or _stem(t) in {_stem(x) for x in (*_HAT_FORMS, *_BODY_FORMS)}):  # fmt: skip
                break
            said.insert(0, t)
            start = w.start()
        colours = {_colour_stems()[_stem(t)] for t in said if _stem(t) in _colour_stems()}
        d = _description(said)
        if not colours:
            return None
        if not colours <= set(inside.upper()) or (d is not None and d[0] != inside.lower()):
            # "le rouge au chapeau vert (BK)": the words and the code name two officials
            raise AmbiguousMove(
                _(
                    "'%(text)s' describes one official in words and names another by its code; "
                    "write the move you mean alone."
                )
                % {"text": text.strip()},
                text=text,
            )
        try:
            return whole_of(text[:start] + " " + inside.upper() + " " + text[m.end() :])
        except RuleError:
            return None
    try:
        move = whole_of((text[: m.start()] + " " + text[m.end() :]).strip())
    except RuleError:
        return None
    if not isinstance(move, Move):
        return None
    toks = _tokens(inside)
    described = _official_described(board, toks)
    if described is not None:
        ok = described == move.official and not any(
            t in _NEGATION or t in _SECOND_THOUGHTS for t in toks
        )
        return move if ok and "?" not in inside else None
    if not _about_writing(inside):
        return None
    o_word = _O_WORD.get(current())
    for t in (t.strip("?!") for t in toks):
        named = re.fullmatch(r"[rybgk]{2}", t)
        if named and board.official_by_code(t.upper()) not in (None, move.official):
            return None
        way = _DIR_LETTERS.get(t) or (_DIR_WORDS.get(o_word.lower()) if t == "o" and o_word
                                      else _DIR_WORDS.get(t) if t not in _SIDE_WORDS else None)  # fmt: skip
        if way is not None and not set(way.split()) <= set(move.dirs):
            return None
        if t in _SECOND_THOUGHTS - {"no", "non", "nein", "o"}:
            return None
    return move


_LEAVE = {"lascio", "lasciamo", "laisse", "laissons", "lasse", "lassen", "leave", "leaving",
          "stays", "reste", "resta", "bleibt"}  # fmt: skip
"""Verbs of leaving an official where it stands ("BR lo lascio dov'è")."""


def _move_beside_left_alone(
    board: Board, text: str, alone: Callable[[str], Action]
) -> Action | None:
    """The one move among the clauses of ``text`` when every other clause leaves another
    official where it stands ("BR lo lascio dov'è, muovo KB a sud", "Je ne touche pas à RB pour
    l'instant. BR ouest.", "non muovo KB perché finirebbe in un vicolo cieco. Muovo BK a est";
    last pass): such a clause names one official by its code, not the one moved, says no
    direction, and denies or leaves (a negation, "lascio", "leave"); no question, no second
    thought. None otherwise."""
    parts = _parts_but_asides(text)
    if len(parts) < 2 or "?" in text:
        return None
    moves: list[Action] = []
    others: list[str] = []
    for part in parts:
        try:
            action = alone(part)
        except RuleError:
            others.append(part)
            continue
        if not isinstance(action, Move):
            return None
        moves.append(action)
    if len(moves) != 1:
        return None
    move = moves[0]
    assert isinstance(move, Move)
    for part in others:
        toks = _tokens(part)
        codes = [t for t in toks if re.fullmatch(r"[rybgk]{2}", t) and t.upper() in part]
        if (
            len(codes) != 1
            or board.official_by_code(codes[0].upper()) in (None, move.official)
            or any(t in _DIR_WORDS or t in _SECOND_THOUGHTS - {"no", "non"} for t in toks)
            or _changes_of_mind(part)
            or bool((_NEGATION - {"no"}) & set(toks)) == bool(_LEAVE & set(toks))
        ):
            return None
    return move


# ---------------------------------------------------------------------------------------------
# Slides in prose, eighth round: the player's last word among slides said and taken back, and
# the one slide among clauses that set another aside or remark on the game.

_SLIDE_FIX = re.compile(
    r"(?i)(?<![\w'’])(?:nein\s*,?\s*halt|halt\s*,?\s*nein|stopp|moment\s*,?\s*nein"
    r"|(?:(?:sorry|pardon|d[ée]sol[ée]e?|scusa(?:te)?|scusami|entschuldigung|sry|oops|oups)"
    r"\s*[,.!:]?\s*)?(?:i\s+meant|i\s+mean|what\s+i\s+meant\s+(?:is|was)|je\s+voulais\s+dire"
    r"|je\s+veux\s+dire|volevo\s+dire|intendevo|ich\s+meinte|ich\s+meine|gemeint\s+war|meinte\s+ich)"
    r"|(?:aeh|äh|ähm|aehm|ehm|euh|eh|uh|uhm|um|erm|hmm?|ah|ahh|oh|och|ach|ouh|zut|mince|mist"
    r"|merde|accidenti|cavolo|damn|dang|shoot|argh)\s*[,.!]*\s*(?:nein|non|no|nope|nee|nah)"
    r"|(?:ne|nee|nö|noe|nä|naa|nah|nan|naan|nope|no|non|nein)\s*[,.!]*\s*(?:doch|lieber|besser"
    r"|doch\s+lieber|doch\s+nur|plut[ôo]t|piuttosto|meglio|rather|better|actually)"
    r"|je\s+me\s+reprends|je\s+me\s+corrige|je\s+rectifie|rectification|correction|erratum"
    r"|i\s+correct\s+myself|let\s+me\s+correct\s+(?:that|myself)|mi\s+correggo|correggo"
    r"|correzione|rettifico|ich\s+korrigiere|korrigiere|korrektur|berichtigung|ich\s+berichtige"
    r"|make\s+that|disons|diciamo|sagen\s+wir|besser\s+gesagt|ou\s+plut[ôo]t|o\s+meglio|oder\s+besser"
    r"|no\s+dai\s*,?\s*scherzo|scherzo|je\s+plaisante|je\s+rigole|just\s+kidding|kidding|only\s+joking"
    r"|nur\s+(?:ein\s+)?spa(?:ß|ss)|spa(?:ß|ss)\s+beiseite|blague\s+[àa]\s+part|scherzi\s+a\s+parte"
    r"|(?:mais|but|ma|aber)\s+(?:finalement|en\s+fait|actually|alla\s+fine|in\s+realt[àa]"
    r"|eigentlich|doch)\s+(?:non|no|nein|nope)"
    # what was said taken back, "that is", a bare apology, "no, just", "forget the east, just"
    # ("BK east then north. I take that back: east then south.", "BR ovest poi sud, cioè ovest
    # poi nord", "KB south then east. Sorry, south then west.", "BR west then south / no, just
    # west", "KB sud puis est - oubliez l'est, juste sud"; tenth round)
    r"|i\s+take\s+(?:that|it)\s+back|je\s+retire\s+(?:ce\s+que\s+j['’]ai\s+dit|[çc]a)"
    r"|ritiro\s+(?:quello\s+che\s+ho\s+detto|tutto)|(?:ich\s+)?nehme\s+(?:das|es)\s+zur[üu]ck"
    r"|c['’]est[\s-]+[àa][\s-]+dire|cio[èe]|das\s+hei(?:ß|ss)t|that\s+is\s+to\s+say"
    r"|(?:sorry|pardon|d[ée]sol[ée]e?|scusa(?:te)?|scusami|entschuldigung|sry)(?=\s*[,:])"
    r"|(?:(?:no|non|nein|nope)\s*[,.!:]*\s*|(?:forget|oubliez|oublie|lasciate\s+perdere"
    r"|lascia\s+perdere|vergesst|vergiss)\s+(?:the\s+|l['’]|le\s+|la\s+|il\s+|lo\s+|das\s+|den\s+)?"
    r"(?:east|west|north|south|est|ouest|nord|sud|ovest|osten|westen|norden|s[üu]e?den)\s*[,;:]\s*"
    r"|(?:das\s+|den\s+)?(?:osten|westen|norden|s[üu]e?den)\s+vergessen\s*[,;:]\s*)"
    r"(?:just|only|juste|seulement|solo|soltanto|solamente|nur))(?![\w'’])"
)
"""Words of a slide corrected that :data:`_CHANGE_OF_MIND` does not hold ("RB N E, nein halt: RB
N W", "KB south, east. Sorry, I meant south, west.", "No dai, scherzo: KB verso sud", "Je voulais
bouger BR vers l'ouest mais finalement non : KB ..."; eighth round)."""
_APOLOGY = re.compile(r"(?i)sorry|pardon|d[ée]sol[ée]e?|scusa(?:te)?|scusami|entschuldigung|sry")
"""An apology alone, the mark of a correction only when directions follow it."""
_STRONG_FIX = re.compile(
    r"(?i)halt|stopp|meant|mean|dire|intendevo|meinte|meine|gemeint|non|no\b|nein|nope|ripens"
    r"|second|r[ée]flexion|ravise|avis|idea|anders|correct|korrektur|oops|oups|ops|scratch"
)
"""Of those, the ones that take back what came before (a "wait" or an "actually" may only lead
to a remark)."""
_MEANT = re.compile(
    r"(?i)meant|mean|dire|intendevo|meinte|meine|gemeint|make\s+that|disons|diciamo"
    r"|sagen|gesagt|plut[ôo]t|meglio|besser"
)
"""Of those, the ones after which only the slide meant can come: what does not read is asked."""
_IT_IS = {"it", "is", "it's", "c'est", "ce", "sera", "sarà", "sara", "è", "es", "ist", "wird",
          "alors", "allora", "dann", "then", "also", "donc", "quindi", "please", "svp", "merci",
          "thanks", "grazie", "danke", "bitte", "stattdessen", "instead", "invece", "plutôt",
          "plutot", "rather", "lieber", "meglio", "piuttosto", "doch", "finalement", "endlich",
          "alla", "fine", "ok", "okay", "va", "bene", "bien", "gut"}  # fmt: skip
"""Words around the slide a correction settles on ("RB N W it is", "c'est KB S alors")."""


def _official_codes(board: Board, part: str) -> set[int]:
    """The officials ``part`` names by code (but "by", a word: "BY" only in capitals) or by its colours
    ("le rouge-bleu", "the official with the red hat and the blue body")."""
    found = {
        o
        for m in re.finditer(r"(?i)(?<![\w'’-])([RYBGK]{2})(?![\w'’-])", part)
        if m.group(1) != "by" and (o := board.official_by_code(m.group(1))) is not None
    }
    toks = _tokens(part)
    described = _official_described(board, toks)
    if described is not None:
        found.add(described)
    for t in set(_named_by_colours(toks)) - set(toks):  # "le noir et bleu", "K B" (ninth round)
        if re.fullmatch(r"[rybgk]{2}", t) and (o := board.official_by_code(t)) is not None:
            found.add(o)
    for m in re.finditer(r"([^\W\d_]+)\s*[-/]\s*([^\W\d_]+)", part):
        words = [m.group(1).lower(), m.group(2).lower()]
        if all(_stem(w) in _colour_stems() for w in words):
            o = board.official_by_code(
                _colour_stems()[_stem(words[0])] + _colour_stems()[_stem(words[1])]
            )
            if o is not None:
                found.add(o)
    return found


def _ways(part: str) -> list[str]:
    """The directions ``part`` says, as letters; a one-letter one only in capitals (the Italian
    "e" and "o", the French "a" are words; a capital "O" is the language's ouest, ovest or Ost)."""
    from pbem.i18n import current

    o_word = _O_WORD.get(current(), "")
    out: list[str] = []
    for w in re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)?", part):
        t = w.lower().replace("’", "'")
        t = t[2:] if re.fullmatch(r"[ld]'[a-zé]+", t) else t
        if w == "O" and o_word:
            out.append(_DIR_WORDS[o_word.lower()])
        elif t in _DIR_WORDS and (len(t) > 1 or w.isupper()):
            out.extend(_DIR_WORDS[t].split())
    return out


def _only_ways(part: str) -> bool:
    """Does ``part`` say directions and nothing else but the words on a slide's way ("south,
    west", "N W", "plutôt vers l'ouest puis le nord")?"""
    from pbem.i18n import current

    toks = [t for t in _tokens(part) if t.strip("!.")]
    return bool(_ways(part)) and all(
        t in _DIR_WORDS
        or t in _FILLER
        or t in _ON_THE_WAY
        or t in _IT_IS
        or t in _THEN_WORDS
        or t in _FAR
        or t in _FAR_FILLER
        or (t == "o" and current() in _O_WORD)
        for t in toks
    )


def _settled_on(after: str) -> str:
    """What a slide's correction settles on, without the words around it."""
    words = after.strip(" ,.;:!…–—-()").split()
    around = _PREFERENCE | _IT_IS
    while words and words[0].casefold().strip(",.;:!") in around - {"je", "i", "ich", "i'd"}:
        words = words[1:]
    while words and words[-1].casefold().strip(",.;:!") in around:
        words = words[:-1]
    return " ".join(words).strip(" ,.;:!…–—-")


_A_NO = re.compile(r"(?i)(?<![\w'’])(?:no|non|nein|nope|nah|nee|nö|noe)(?![\w'’])")
_WAY_BEFORE = {"vers", "verso", "nach", "to", "towards", "toward", "à", "a", "au", "al", "richtung",
               "puis", "then", "poi", "dann", "and", "et", "e", "und"}  # fmt: skip


def _directions_after(board: Board, text: str) -> bool:
    """Does ``text`` name one official, and after the clause that names it a clause, sentence or
    line of directions with no official ("BK E N. Vers l'est, puis vers le sud.", "BK E N\nE S",
    "BK est puis nord. Zut, est puis sud."; ninth round: the first slide was played)? Read whole
    it is a second leg ("KB S. Then west."); when it does not read whole, a correction or a leg
    too many: never the first slide alone. A seat named alone ("BR W. Sorry East!") is no
    direction."""
    if len(_official_codes(board, text)) != 1:
        return False
    clauses = [c for c in _CLAUSE_ENDS.split(text) if c.strip()]
    named = [k for k, c in enumerate(clauses) if _official_codes(board, c)]
    if not named:
        return False
    if _changes_of_mind(text) or _SLIDE_FIX.search(text) or _A_NO.search(text):
        return False  # a correction: the readers of corrections decide, as before
    own = named[0] if _ways(clauses[named[0]]) else named[0] + 1  # "BR: ovest e poi nord"
    for clause in clauses[own + 1 :]:
        if _official_codes(board, clause) or not _ways(clause):
            continue
        words = re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)?", clause)
        ways = [k for k, w in enumerate(words) if _ways(w)]
        seat = (
            len(ways) == 1
            and len(words[ways[0]]) > 1
            and words[ways[0]][:1].isupper()
            and not (ways[0] and _tokens(words[ways[0] - 1])[-1:] in ([w] for w in _WAY_BEFORE))
        )
        if not seat:
            return True
    return False


def _slide_corrected(board: Board, text: str, alone: Callable[[str], Action]) -> Action | None:
    """The slide a correction settles on ("RB N E, nein halt: RB N W", "I was going to do RB N E,
    but on second thought RB N W it is", "Avevo scritto RB N nella bozza ma ci ho ripensato: KB S
    W"; eighth round): what comes after the last change of mind, read alone, or its directions
    alone with the one official named before ("KB south, east. Sorry, I meant south, west.").
    :class:`AmbiguousMove` when what it settles on names a slide that does not read, or nothing
    after a correction that takes a slide back ("RB N E, nein halt."); None when there is no
    correction, or it leads to a remark only."""
    marks = sorted(
        [*_changes_of_mind(text), *_SLIDE_FIX.finditer(text)], key=lambda m: (m.end(), m.start())
    )
    if not marks or _GOES_ON.search(text):
        return None
    last = marks[-1]
    before, after = text[: last.start()], text[last.end() :]
    if "?" in after:
        return None  # a question after the correction: the readers of questions decide
    settled = _settled_on(after)
    if _APOLOGY.fullmatch(last.group(0)) and re.fullmatch(r"[A-ZÀ-Ý]\w+", settled):
        return None  # "BK E N. Sorry, East!": a word to a player, no direction
    named_before = _official_codes(board, before)
    # the correction set apart from what it corrects, as a player writes it ("RB N E, nein
    # halt."), not words the grammar strings together while it looks for a move
    said_apart = re.search(r"(?:[,.;:!…–—-]|(?<![\w'’])(?:but|mais|ma|aber|però))\s*$", before)
    if settled:
        try:
            move = alone(settled)
        except RuleError:
            move = None
        if isinstance(move, Move):
            return move
        if _only_ways(settled) and len(named_before) == 1:
            o = next(iter(named_before))
            try:
                move = alone(spelled(f"{board.official_code(o)} {settled}"))
            except RuleError:
                move = None
            if isinstance(move, Move):
                return move
        if not _MEANT.search(last[0]) or not named_before or not said_apart:
            # "BR W. En fait je n'ai pas le choix.": a remark after the slide; "RB S... non, pas
            # RB mais KB": the grammar's readers of corrections decide, as they do for a line that
            # corrects the one above it ("no scusate, volevo dire nord e poi est")
            return None
    elif not (named_before and said_apart and _STRONG_FIX.search(last.group(0))):
        return None
    raise AmbiguousMove(
        _(
            "'%(text)s' changes its mind, but the slide it settles on could not be read; "
            "write the move you mean alone, e.g. RB N E."
        )
        % {"text": text.strip()},
        text=text,
    )


_GOES_ON = re.compile(
    r"(?i)(?<![\w'’])(?:then|puis|ensuite|poi|dann|danach|und|and|et|(?:(?<=nord\s)|(?<=sud\s)|(?<=est\s)|(?<=ovest\s)|(?<=giù\s)|(?<=su\s))(?-i:e)|nach|vers|verso|to"
    r"|towards|toward|richtung|à|(?-i:a)|al|au|zum|zur)[\s,;:–—-]*$"
)
"""A slide that ends on a word that goes on (a line wrapped in the middle of its directions). A
lone "e" goes on only after an Italian direction word ("a sud e": "and"); after a letter or any
other word it is east ("RK n e", "KB S e", "KB S and e")."""
_CLAUSE_ENDS = re.compile(r"(?<=[.!?;:…])\s+|\s+[-–—]\s+|\n+")
_PAST_MEANT = {"was", "allais", "voulais", "volevo", "stavo", "wollte", "pensais", "pensavo",
               "dachte", "thought", "wanted", "meant", "going", "avais", "avevo", "hatte"}  # fmt: skip
_DRAFT = {"draft", "brouillon", "bozza", "entwurf"}
_DOUBTED = re.compile(
    r"(?i)(?<![\w'’])(?:not\s+sure\s+(?:about|of|on)|unsure\s+(?:about|of)|don'?t\s+like"
    r"|pas\s+s[ûu]re?\s+(?:de|pour|pour\s+le|du)|je\s+doute\s+de|j'h[ée]site\s+(?:sur|pour)"
    r"|non\s+sono\s+(?:tanto\s+)?sicur[oa]\s+(?:di|del|della|dello|per)|non\s+mi\s+convince"
    r"|non\s+so\s+se|je\s+ne\s+sais\s+pas\s+si|i\s+don'?t\s+know\s+(?:if|whether|about)"
    r"|nicht\s+sicher\s+(?:bei|mit|ob|wegen)|wei(?:ß|ss)\s+nicht\s+ob|unsicher\s+(?:bei|mit))"
    r"(?![\w'’])"
)
"""Doubt about a slide, which sets it aside ("Not sure about BK E S", "Pas sûr de KB au sud",
"Non so se muovere il rosso-blu o il nero-blu"); "maybe" and "peut-être" propose, and are not."""
_DENIED = re.compile(
    r"(?i)(?<![\w'’])(?:not|never|n't|don't|won't|pas|jamais|plus\s+(?=bouger|jouer|toucher)"
    r"|non|mai|nicht|kein|keine|keinen|keinesfalls|nie|niemals|no\s+way|auf\s+keinen\s+fall"
    r"|surtout\s+pas|bloß\s+nicht|bloss\s+nicht|per\s+carit[àa])(?![\w'’])"
)
"""A slide denied ("pas KB", "nicht nach Süden"): see :func:`_denied`."""


def _denied(clause: str) -> re.Match[str] | None:
    """Does ``clause`` deny its slide (:data:`_DENIED`)? The French "pas" after a word of
    :data:`_ONE_PACE` is the noun, a step ("RB fait un pas vers le nord", "RB ne fait qu'un pas";
    seventeenth round: the slide said in words was set aside as denied, and the notation after
    its "puis" read alone)."""
    toks = _tokens(clause)
    paces = [k for k, t in enumerate(toks) if t in _PACE and k and toks[k - 1] in _ONE_PACE]
    if paces and not any(t in _PACE for k, t in enumerate(toks) if k not in paces):
        clause = re.sub(r"(?i)(?<![\w'’])pas(?![\w'’])", "step", clause)
    return _DENIED.search(clause)


_NOT_DENIED = re.compile(
    r"(?i)(?<![\w'’])(?:pourquoi\s+pas|why\s+not|perch[ée]\s+no|warum\s+nicht|wieso\s+nicht"
    r"|n'est-ce\s+pas|nicht\s+wahr|not\s+only|not\s+just|pas\s+seulement|non\s+solo"
    r"|nicht\s+nur|non\s+[^\s]+\s+che|ne\s+[^\s]+\s+que|nichts\s+anderes|nothing\s+but)(?![\w'’])"
)
"""A negation that proposes or restricts ("why not BR W", "je ne bouge que KB")."""
_IF_ELSE = {"if", "si", "s'il", "se", "wenn", "falls", "otherwise", "else", "sinon", "altrimenti",
            "sonst", "unless", "sauf", "tranne", "außer", "ausser", "or", "ou", "oder", "oppure",
            "either", "maybe", "perhaps", "peut-être", "forse", "vielleicht", "magari"}  # fmt: skip
"""Words of a condition or an alternative: a clause with one is for the readers of conditions."""
_LATER = {"after", "afterwards", "later", "next", "après", "apres", "ensuite", "tard",
          "dopo", "poi", "tardi", "nachher", "später", "spaeter", "danach", "finally",
          "enfin", "infine", "zuletzt", "stop", "stops", "arrête", "arrete", "ferma", "fermati",
          "stopp", "halt", "dice", "dés", "dadi", "dado", "würfel", "wuerfel"}  # fmt: skip
"""Words of a plan's later slides or of where a slide stops: a clause with one is no remark (the
grammar reads plans and their parts)."""
_THE_REST = {"rest", "reste", "resto", "restlichen", "übrige", "uebrige", "suite"}
"""The rest of a plan left for later ("je verrai le reste après les dés", "il resto lo decido dopo
aver visto i dadi", "den Rest entscheide ich später"): a remark, though it says "later"."""
_COURTESY_ONLY = {"merci", "thanks", "thank", "you", "danke", "grazie", "please", "bitte", "svp",
                  "beaucoup", "mille", "schön", "schoen", "sehr", "tante", "cheers", "ciao",
                  "bye", "plaît", "plait", "s'il", "vous", "favore", "per", "prego"}  # fmt: skip
"""Courtesy after a slide (alone after it, the grammar reads it and keeps a plan's part without
it)."""
_OTHERWISE = {"otherwise", "else", "sinon", "altrimenti", "sonst"}
"""Of those, the ones a remark may say what would happen with ("sinon Est passe", "sonst kommt
Ost durch")."""
_MAYBE = re.compile(
    r"(?i)(?<![\w'’])(?:maybe|perhaps|peut[-\s][êe]tre|forse|magari|vielleicht|eventuell)(?![\w'’])"
)
_BUTS = {"but", "mais", "aber", "sondern", "però", "pero", "yet", "however", "cependant",
         "toutefois", "tuttavia", "jedoch"}  # fmt: skip


def _slide_clauses(text: str) -> list[str]:
    """The clauses of ``text``: its sentences, split again at a colon, a dash, a "but" and a
    comma, a comma's part joined back to the clause before when it only goes on with its
    directions ("KB vers le sud, puis vers l'ouest")."""
    from pbem.i18n import current

    buts = _BUTS | ({"ma"} if current() == "it" else set())
    out: list[str] = []
    for sentence in _CLAUSE_ENDS.split(text):
        pieces = re.split(
            r"(?i)\s+(?=(?:" + "|".join(sorted(buts)) + r")\s)|(?<=,)\s+", sentence.strip()
        )
        for piece in pieces:
            piece = piece.strip()
            if not piece:
                continue
            if (
                out
                and _only_ways(piece.rstrip(","))
                and not out[-1].rstrip().endswith(tuple(".!?;:…"))
            ):
                out[-1] = f"{out[-1]} {piece}"
            else:
                out.append(piece)
    return [c.strip().rstrip(",") for c in out if re.search(r"\w", c)]


def _set_aside_slide(board: Board, clause: str, nxt: str) -> bool:
    """Does ``clause`` name a slide or an official and set it aside: denied ("Surtout pas KB au
    sud", "Je ne vais pas bouger BK"), doubted ("Not sure about BK E S"), or a first intention
    taken back by the next clause's "but" or left in a draft ("I was going to do RB N E, but")?"""
    if "?" in clause or not (_official_codes(board, clause) or _BARE_CODE.search(clause)):
        return False
    toks = _tokens(clause)
    if _IF_ELSE.intersection(toks) or _NOT_DENIED.search(clause):
        return False
    if _DOUBTED.search(clause) or _THOUGHT_OF.intersection(toks):
        return True
    if _UNSURE.search(clause) and not _MAYBE.search(clause):
        return True  # "Bei KB nach Süden bin ich mir nicht sicher"
    if bool(_denied(clause)) != bool(_LEAVE.intersection(toks)):
        # "Surtout pas KB au sud", "Il rosso-blu lo lascio stare per ora"; not "KB lasse ich
        # nicht stehen" (KB is to move)
        return True
    if _PAST_MEANT.intersection(toks):
        first = [t for t in _tokens(nxt) if any(c.isalnum() for c in t)][:1]
        return bool(_DRAFT.intersection(toks)) or (bool(first) and first[0] in _BUTS | {"ma"})
    return False


def _slide_remark(board: Board, clause: str, before_move: bool) -> bool:
    """A clause beside the slide that says nothing of another: no official, no question, no
    change of mind, no condition; directions only before the slide ("Ost und Süd durften ja noch
    nichts bewegen", "ça ouvrirait le passage à Est"), never after it (a slide's second leg), nor
    how far after it ("BR W. Only one step.")."""
    toks = _tokens(clause)
    return not (
        "?" in clause
        or toks[:1] in (["no"], ["non"], ["nein"], ["nope"])
        or _UNSURE.search(clause)
        or _official_codes(board, clause)
        or _BARE_CODE.search(clause)
        or _changes_of_mind(clause)
        or _SLIDE_FIX.search(clause)
        or (_IF_ELSE - _OTHERWISE).intersection(toks)
        or bool((_THEN_WORDS | _LATER).intersection(toks) and not _THE_REST.intersection(toks))
        or (not before_move and (_ways(clause) or any(t in _STEP | _FAR | _PACE for t in toks)))
    )


_NO_FIRST = re.compile(
    r"(?i)\W*(?:(?:ah|oh|ach|och|aeh|äh|euh|eh|uh|um|hmm?|wait|attends|aspetta|warte|moment)\W+)*"
    r"(?:no|non|nein|nope|nah|nee|nö|noe)(?![\w'’])"
)
"""A clause that begins with a "no": after a slide, it takes the slide back (ninth round)."""


def _slide_beside_set_aside(
    board: Board, text: str, alone: Callable[[str], Action]
) -> Action | None:
    """The one slide among clauses that set other slides aside or remark on the game ("Surtout
    pas KB au sud, ça ouvrirait le passage à Est. Je joue BR vers l'ouest.", "Not sure about BK E
    S, looks like it runs into the dead end. Let's do BK E N.", "Ost und Süd durften ja noch
    nichts bewegen, ich fange also an: BR W.", "Solo BR W N per questo turno, il resto lo decido
    dopo aver visto i dadi."; eighth round). The slide's clause denies, doubts and asks nothing;
    None when no clause or more than one reads as a slide, or a clause is more than a remark."""
    clauses = _slide_clauses(text)
    if len(clauses) < 2 or _changes_of_mind(text) or _SLIDE_FIX.search(text):
        return None  # a correction: :func:`_slide_corrected` reads it, or nothing does
    last_word = _tokens(text)[-1].strip("….") if _tokens(text) else ""
    if last_word in _BUTS | {"ma", "doch", "pourtant", "though"}:
        return None  # "RB N E, aber": broken off on its "but" (ninth round), not settled
    read: list[tuple[int, Move]] = []
    for k, clause in enumerate(clauses):
        if _GOES_ON.search(clause):
            return None  # "... nach Süden und dann nach" (the line wrapped): not finished
        if _denied(clause) or _DOUBTED.search(clause) or "?" in clause:
            continue
        try:
            action = alone(clause)
        except RuleError:
            continue
        if not isinstance(action, Move):
            return None
        read.append((k, action))
    said = {k for k, m in read[:-1] if read and m == read[-1][1]}
    if said and len(said) == len(read) - 1 and _concluded(text, clauses, read[-1][0]):
        # "RB ne fait qu'un pas vers le nord, il est encore sur sa case de départ : RB step N.":
        # the slide in words, then the same in the notation as its conclusion (seventeenth
        # round): one slide
        read = read[-1:]
    else:
        said = set()
    if len(read) != 1:
        return None
    at, move = read[0]
    if any(_NO_FIRST.match(c) and _official_codes(board, c) for c in clauses[at + 1 :]):
        return None  # "RB nord. Ah non, RB un seul pas.": a correction, not a slide set aside
    words = _tokens(clauses[at])
    if _IF_ELSE.intersection(words) or _UNSURE.search(clauses[at]) or _PAST_MEANT & set(words):
        return None
    courtesy = {k for k, c in enumerate(clauses) if k > at and set(_tokens(c)) <= _COURTESY_ONLY}
    if len(courtesy) == len(clauses) - 1:
        return None  # "BK est. Merci!": the grammar reads it (and keeps a plan's part without it)
    step = False
    for k, clause in enumerate(clauses):
        if k == at or k in courtesy or k in said:
            continue
        if k > at and _one_step_only(clause):
            step = True  # "BR O. Juste d'une case.", "BR W. Aber nur einen Schritt."
            continue
        nxt = clauses[k + 1] if k + 1 < len(clauses) else ""
        if not (_set_aside_slide(board, clause, nxt) or _slide_remark(board, clause, k < at)):
            return None
    if step and not move.step:
        if len(move.dirs) != 1:
            raise AmbiguousMove(
                _("A one-step move has exactly one direction, e.g. %(code)s step N.")
                % {"code": board.official_code(move.official)},
                text=text,
            )
        stepped = alone(f"{board.official_code(move.official)} step {move.dirs[0]}")
        return stepped if isinstance(stepped, Move) else None
    return move


_CONCLUSION = RESTATE
"""Words that make a clause the conclusion of the ones before it."""


def _concluded(text: str, clauses: list[str], k: int) -> bool:
    """Is clause ``k`` of ``text`` drawn from those before it: after a colon ("...: RB step N")
    or led by a word of :data:`_CONCLUSION` ("Quindi RB step N", "donc RB step N"), never by
    a word of what comes next ("puis", "dann": a second slide)?"""
    words = _tokens(clauses[k])
    if not words or words[0] in _THEN_WORDS | _LATER:
        return False
    if words[0].rstrip(".") in _CONCLUSION:
        return True
    at = text.find(clauses[k])
    return at > 0 and text[:at].rstrip().endswith(":")


_ONLY = {"juste", "seulement", "only", "just", "nur", "solo", "soltanto", "solamente", "aber",
         "but", "mais", "ma", "please", "bitte", "svp", "merci", "grazie", "thanks", "danke",
         "pas", "plus", "non", "più", "nicht", "weiter", "further", "loin", "lontano", "mehr",
         "que", "qu'une", "que'un", "di", "d'", "by", "of", "avanti", "vor", "forward"}  # fmt: skip


def _one_step_only(clause: str) -> bool:
    """Does ``clause`` only say how far the slide before it goes: one step ("Juste d'une case",
    "Only one step", "Aber nur einen Schritt", "Ma solo di una casella")?"""
    toks = [t for t in _tokens(clause) if any(c.isalnum() for c in t)]
    return any(t in _STEP - {"one", "1"} or t in _PACE for t in toks) and all(
        t in _STEP or t in _PACE or t in _ONE_PACE or t in _FILLER or t in _ONLY for t in toks
    )


def _lead_in(board: Board, state: State, part: str) -> bool:
    """A clause before a colon that leads to the decision after it, naming nothing the game
    reads and denying nothing ("Le dragon me permet de prendre une carte : le pantalon orange
    de Nord")."""
    return part.rstrip().endswith(":") and not any(
        _names_or_denies(board, state, t) for t in _tokens(part)
    )


def _verb_of(action: Action) -> str:
    return {Select: "select", Keep: "keep", Take: "take"}.get(type(action), "")


def _lone_verb(part: str, action: Action) -> bool:
    """A clause that only says the kind of decision read ("Je change : désormais je soudoie BY",
    "Cambio selezione: adesso corrompo GY", "Behalten. ...")."""
    verbs = [t for t in _tokens(part) if t not in _AROUND | _LEADING | _PRONOUNS | _SELECT_FILLER]
    return bool(verbs) and all(_VERB_WORDS.get(t, t) == _verb_of(action) for t in verbs)


_NOT = {"not", "non", "nicht", "pas", "no", "nein", "but", "mais", "ma", "aber", "and", "et", "e",
        "und", "surtout", "jamais", "never", "mai", "nie", "keinesfalls", "certainly"}  # fmt: skip


def _contrast(board: Board, state: State, part: str, action: Action) -> bool:
    """A clause that sets another card or official aside ("prendo i pantaloni arancioni di
    Nord, non il mantello giallo", "Not the red pants — the yellow coat", "GB, pas RK"): a
    negation, then only the other one's name."""
    words = _tokens(part)
    toks = [t for t in words if t not in _TAKE_FILLER]
    if isinstance(action, Take) and _card_set_aside(board, state, part, action):
        return True
    if isinstance(action, Select | Keep) and _official_set_aside(board, part, action):
        return True
    if not toks or toks[0] not in _NOT or not set(toks) & _NEGATION - {"ne"}:
        return False
    at = words.index(next(t for t in words if t in _NEGATION))
    if words[at] in _NO_AFTER and (
        words[at + 1 : at + 2] == []
        or words[at + 1] not in _TAKE_FILLER
        or re.search(r"\b" + re.escape(words[at]) + r"\s*[,;:!]", part, re.I)
    ):
        return False  # "GY, non KY", "Non, le manteau": a "no" that corrects, not a "not"
    named = [t for t in toks if t not in _NOT]
    if isinstance(action, Take):
        seats = [t for t in named if _seat_of(state, t) is not None and t not in board.card_colours]
        rest = [t for t in named if t not in seats]
        other = _card_of(board, rest) if rest else None
        return other is not None and other != action.card
    if isinstance(action, Select) and len(named) == 1 and len(named[0]) == 2:
        other_o = board.official_by_code(named[0])
        return other_o is not None and other_o != action.official
    return False


def _corrects_first(part: str, toks: list[str]) -> bool:
    """Does ``part`` start with a "no" that corrects ("Nein, die Hose", "No, the pants", "Non,
    le pantalon"), not the Italian or French "not" ("Non i pantaloni", "non pas")?"""
    return toks[:1] in (["nein"], ["nope"], ["nee"]) or bool(
        re.match(r"(?i)\W*(?:no|non)\s*[,;:!.–—-]", part)
    )


def _second_thought(text: str) -> bool:
    """Does ``text`` hold a word of a second thought ("no", "sorry", "or", "instead")? The
    readers of corrections decide then."""
    return bool(_SECOND_THOUGHTS.intersection(_tokens(text)))


def _denies(text: str) -> bool:
    """Does ``text`` hold a negation ("not", "ne ... pas", "won't", "nicht")?"""
    toks = _tokens(text)
    return bool(_NEGATION.intersection(toks)) or any(t.endswith("n't") for t in toks)


def _contradicts(board: Board, state: State, part: str, action: Action) -> bool:
    """Does ``part`` deny the decision read beside it ("Non prendo GY" beside "prendo GY", "Nicht
    den Mantel" beside the yellow coat), or start with a "no" before a card or an official (a
    correction: "Nein, die Hose")? (seventh round)"""
    toks = _hyphens_apart(_tokens(part))
    content = [t for t in toks if t not in _TAKE_FILLER and t not in _PRONOUNS]
    cards = {k for k, t in enumerate(toks) if _cards_like(board, [t])}
    codes = {t for t in toks if re.fullmatch(r"[rybgk]{2}", t) and t.upper() in part}
    named = bool(cards or codes)
    if _corrects_first(part, content) and named:
        return True  # "Nein, die Hose.", "No, GY." (not "Non i pantaloni": the Italian "not")
    if not any(t in _NEGATION for t in toks):
        return False
    if isinstance(action, Take) and cards:
        return action.card in _cards_like(board, [toks[k] for k in sorted(cards)])
    if isinstance(action, Select):
        d = _description(toks)
        code = board.official_code(action.official).lower()
        return code in codes or (d is not None and d[0] == code)
    return False


def _official_set_aside(board: Board, part: str, action: Select | Keep) -> bool:
    """A clause that denies a decision about another official ("Je ne garde pas RK, je prends
    plutôt le GY", "Non tengo RK", "I won't keep RK", "RK behalte ich nicht"; seventh round): a
    negation, verbs of a selection or a keep, and only officials by code that are not the one
    selected (a keep names none)."""
    if "?" in part:
        return False
    toks = _tokens(part)
    codes = [t for t in toks if re.fullmatch(r"[rybgk]{2}", t) and t.upper() in part]
    denied = (
        any(t.endswith("n't") for t in toks)
        or bool(_NEGATION.intersection(toks) - {"no", "non"})
        or bool(re.search(r"(?i)\bnon\s+(?!pas\b)[^\W\d_]{3,}", part))
    )
    if not codes or not denied:
        return False
    verbs = {w for w, v in _VERB_WORDS.items() if v in ("select", "keep", "take")}
    verbs |= {"select", "keep", "take", "want", "veux", "voglio", "will", "möchte"}
    if any(
        t not in codes
        and t not in _NEGATION | _PRONOUNS | verbs | _SELECT_FILLER | _AROUND
        and not t.endswith("n't")
        for t in toks
    ):
        return False
    chosen = action.official if isinstance(action, Select) else None
    return all(board.official_by_code(c.upper()) not in (None, chosen) for c in codes)


_NOTHING_OF = {"nothing", "rien", "niente", "nulla", "nichts", "nix"}
"""Nothing, denying a card's use ("Le manteau ne me sert à rien", "der Mantel nützt mir nichts")."""
_OF_USE = {"use", "useful", "good", "sert", "servira", "utile", "serve", "servirà",
           "nützt", "nuetzt", "bringt", "hilft", "helps", "help", "mir", "me", "mi", "to", "à",
           "is", "are", "sono", "ist", "sind", "servono", "servent"}  # fmt: skip
"""A card's use, denied ("the coat's no use to me", "Le manteau ne me sert à rien", "il cappotto
non mi serve", "der Mantel nützt mir nichts"; fourteenth round)."""


def _card_set_aside(board: Board, state: State, part: str, action: Take) -> bool:
    """A clause that names another card, in part, and sets it aside, the denial anywhere but
    before the card as a "no" that corrects ("Not the pants.", "Die Hose brauche ich nicht.",
    "(Thought about the yellow coat but no.)", "I don't need the pants", "Il cappotto non mi
    serve"; seventh round): every word a negation, a word of needing or thinking about, a
    filler, or the card and its owner; the card named is not the one taken. "No, the pants" (a
    correction), a question, and any other word are not."""
    if "?" in part:
        return False
    toks = _hyphens_apart(_tokens(part))
    toks = [t[:-2] if t.endswith(("'s", "’s")) else t for t in toks]  # "the coat's no use"
    denial = [k for k, t in enumerate(toks) if t in _NEGATION or t in _NO_AFTER or t in _NOTHING_OF]
    cards = [k for k, t in enumerate(toks) if _cards_like(board, [t])]
    if not denial or not cards:
        return False
    if _corrects_first(part, toks) and any(toks[k] in _NO_AFTER for k in denial if k < cards[0]):
        return False  # "No, the pants": a correction
    seats = [t for t in toks if len(t) > 2 and _seat_of(state, t) is not None]
    rest = [t for k, t in enumerate(toks) if k not in cards and t not in seats and k not in denial]
    if any(
        t not in _TAKE_FILLER | _PRONOUNS | _NOT | _CONSIDER | _AROUND | _OF_USE
        or t in _SECOND_THOUGHTS
        for t in rest
    ):
        return False
    like = _cards_like(board, [toks[k] for k in cards])
    return bool(like) and action.card not in like


_BELIEVE = {"believe", "crois", "croire", "credo", "credere", "glaube", "glauben",
            # trust and belief in other words (issue 31: "I trust them", "mi fido", "Pas
            # crédible")
            "trust", "confiance", "fido", "fidarmi", "vertraue", "vertrauen", "credible",
            "crédible", "credibile", "glaubwürdig", "glaubwuerdig", "plausible", "plausibile",
            "fidiamoci", "trusting", "glaub", "buy",
            # every person and tense a player uses (ninth round: "nous croyons", "je croirai",
            # "ci crediamo", "ich werd's glauben", "crederci", "I'll trust her")
            "croit", "croyons", "croyez", "croient", "croirai", "croirons", "crois-le",
            "crois-la", "credi", "crede", "crediamo", "credete", "credono",
            "crederò", "credero", "crederemo", "crederci", "credergli", "crederle",
            "glaubst", "glaubt", "vertrau", "believes",
            "trusts", "believing", "buying", "fidarsi", "fidarci", "fidiamo",
            # "me la bevo" (I swallow it; tenth round)
            "bevo", "beviamo"}  # fmt: skip
_DOUBT = {"doubt", "doute", "douter", "dubito", "dubitare", "zweifle", "bezweifle", "zweifeln",
          "zweifel",
          "bezweifeln",
          # every person and tense, and the verbs of a challenge (ninth round: "nous doutons",
          # "je douterai", "dubiterò", "dubitiamo", "ich zweifel's an", "anzweifeln", "je
          # conteste", "contesto", "I challenge the claim", "ich misstraue Ost")
          "doutes", "doutons", "doutez", "doutent", "douterai", "douterons", "doute-je",
          "dubiti", "dubita", "dubitiamo", "dubitate", "dubiterò", "dubitero", "dubiteremo",
          "zweifele", "zweifelst", "zweifelt", "bezweifel",
          "bezweifele", "bezweifelst", "bezweifelt", "anzweifeln", "anzweifle", "zweifel's",
          "zweifle's", "doubts", "doubting", "conteste", "contester", "contesterai", "contesto",
          "contestare", "contesterò", "challenge", "challenging", "misstraue", "misstrau",
          "misstrauen"}  # fmt: skip
_NEGATION = {"not", "don't", "dont", "n't", "ne", "pas", "non", "nicht", "never", "jamais", "mai",
             "n'y", "n'en", "keine", "kein", "nie",
             # "I won't believe it", "I can't believe her" (ninth round)
             "won't", "wont", "can't", "cant", "cannot",
             # "I believe none of it" (tenth round)
             "none"}  # fmt: skip
_FRENCH_NEGATION = {"pas", "point", "plus", "jamais", "guère", "guere", "rien", "nullement"}
_LAUGHS = {"mdr", "ptdr", "lol", "haha", "ahah", "ahaha", "hehe", "hihi", "xd", "lmao", "rofl",
           "lool", "loool"}  # fmt: skip
"""Laughing in a chat's words ("mdr jy crois pas", "gimme South's red pants lol")."""
_AROUND = {
    # pronouns and objects ("I believe you", "Ich glaube es", "Ci credo", "Je te crois")
    "i", "i'll", "you", "it", "that", "this", "him", "her", "them", "so", "do", "really", "the",
    "claim", "je", "te", "le", "la", "y", "lui", "vous", "ça", "ca", "cela", "vraiment",
    "io", "ci", "ti", "gli", "lo", "davvero", "ich", "es", "dir", "ihm", "ihr", "euch",
    "das", "dies", "wirklich", "schon", "dem", "die", "der", "den",
    # how much ("Je doute fort !", "I really doubt it", "Ne dubito molto", "Ich zweifle sehr")
    "fort", "beaucoup", "bien", "much", "very", "strongly", "molto", "proprio", "sehr", "stark",
    "du", "tout", "per", "niente", "affatto", "überhaupt", "ueberhaupt", "at", "all",
    # keeping ("I'll keep my selection", "Je garde ma sélection", "Ich behalte meine Auswahl")
    "my", "same", "selection", "official", "mon", "ma", "même", "sélection", "fonctionnaire", "mia", "mio", "il", "stessa", "stesso", "selezione", "funzionario", "meine",
    "meinen", "mein", "gleiche", "gleichen", "auswahl", "wahl", "beamten",
    # courtesy
    "ok", "okay", "yes", "oui", "si", "sì", "ja", "please", "merci", "grazie", "danke", "bitte",
    "thanks", "no", "nope", "nah", "nein", "ouais", "yeah", "yep",
    # hesitation ("Hmm, je doute fort", "Mah, ne dubito parecchio", "Hm, das bezweifle ich")
    "hmm", "hm", "mmh", "mmm", "mah", "boh", "bof", "euh", "well", "naja", "tja", "ne",
    "parecchio", "assai", "tanto",
    # giving in ("Bon, je te crois", "Va bene, ti credo", "Na gut, ich glaube dir", "OK fine")
    "bon", "d'accord", "va", "bene", "allora", "alors", "na", "gut", "also", "fine", "alright",
    "right", "one", "denselben", "dieselbe", "denselbe", "dasselbe",
    # how long, and the current one ("Je n'y crois pas une seconde", "Keep mine", "Je garde ma
    # sélection actuelle"; issue 31)
    "une", "seconde", "un", "instant", "secondo", "attimo", "sekunde", "second", "moment",
    "mine", "current", "actuelle", "actuel", "attuale", "aktuelle", "aktuellen",
    "sur", "with", "con", "bei", "meiner", "meinem", "pick", "choice", "choix", "scelta",
    "avec", "mit",
    "fais", "leur", "trust", "mi", "di", "lei",
    "stavolta", "de", "della", "del", "dello", "nee", "nö", "noe", "fortemente", "assolutamente", "absolutely", "absolument", "absolut",
    "totalmente", "totally", "certo", "che", "wir", "uns", "que", "but", "mais", "aber",
    "allez", "cette", "fois", "time", "volta", "questa", "diesmal", "mal", "dai", "los",
    "nemmeno", "neanche", "po'", "po", "così", "cosi", "as", "is",
    # not at all, in the words of Quebec and of Rome ("Je te crois pas pantoute", "Non ci credo
    # manco morto"; tenth round)
    "pantoute", "manco", "morto", "morta",
    # a word of it, of course ("Je n'en crois pas un mot", "Non credo a una parola", "I don't
    # believe a word of it", "Of course I believe him", "Natürlich glaube ich ihm"; tenth round)
    "mot", "una", "of", "course", "natürlich", "natuerlich", "naturalmente", "ovviamente",
    "évidemment", "evidemment", "obviously", "me",
    "dabei", "ainsi", "comme",
    "north", "east", "south", "west", "nord", "est", "sud", "ouest", "ovest", "ost", "süd",
    "sued",
    "jetzige", "jetzigen",
    # the French "of it" ("J'en doute fort !"; issue 31)
    "en",
    # as it is ("Lascio tutto com'è", "Je laisse tout comme ça", "Ich lasse alles, wie es ist")
    "tutto", "alles", "everything", "com'è", "come", "è", "wie", "ist", "là",
    # the player's officials as they are ("Je garde mes officiels tels quels", "Tengo i miei
    # funzionari così come sono", "Ich behalte meine Beamten, wie sie sind", "I'll keep my
    # officials as they are"; eighteenth round)
    "mes", "officiels", "officiel", "fonctionnaires", "tel", "tels", "telle", "telles", "quel",
    "quels", "quelle", "quelles", "miei", "funzionari", "sono", "sind", "sie", "they",
    "are", "officials",
    # whom one believes ("Credo a Est", "Je crois à sa parole", "Ich glaube an Ost")
    "a", "à", "an", "sa", "parole", "parola", "wort", "word", "his", "their",
    # for this once, and after thinking ("pour cette fois", "but on reflection I believe East")
    "pour", "for", "für", "fuer", "on", "reflection", "thought", "thoughts",
    "réflexion", "reflexion", "finalement", "après", "riflessione", "alla",
    "finalmente", "überlegung", "ueberlegung", "nach", "letztlich", "schließlich",
    "schliesslich", "eventually", "finally", "after", "once", "fois-ci",
    # what is believed ("credo alla sua dichiarazione", "Je crois à son annonce", "Ich glaube
    # der Behauptung von Ost", "I believe East's statement"; eighth round, it-3824)
    "sua", "suo", "dichiarazione", "affermazione", "annuncio", "son", "annonce",
    "déclaration", "declaration", "affirmation", "behauptung", "aussage", "seiner", "ihrer",
    "statement", "announcement", "von", "des", "dell'", "sue", "worte", "ad", "ihn",
    "j",  # "j y crois pas" (fr-4223: no apostrophe)
    "jy", "ny", "jen", "nen",  # "jy crois pas", "je ny crois pas", "jen doute" (ninth round)
    # the future and the will ("I will believe", "je vais te croire", "ich werd's glauben",
    # "voglio crederci", "je veux bien le croire", "gonna believe her"; ninth round)
    "will", "shall", "going", "gonna", "to", "vais", "werde", "werd", "werd's", "voglio",
    "veux", "want", "wanna", "jte", "j'te", "u", "ya", "eh", "ah", "oh", "beh",
    "faire", "fare", "mets", "metto",
    # sorry, laughing, previous ("I'm afraid I don't believe that claim for one moment", "mdr
    # jy crois pas", "Ich bleibe bei meiner bisherigen Wahl"; ninth round)
    "i'm", "afraid", "sorry", "désolé", "désolée", "leider", "purtroppo", "malheureusement",
    "unfortunately", "bisherigen",
    "bisherige", "previous", "précédent", "précédente", "precedente", "vorherigen", "alten",
    "ancien", "ancienne", "old", "vecchio", "vecchia",
    # the conclusion ("..., quindi credo", "..., donc je doute"; ninth round)
    "quindi", "donc", "dunque", "daher", "deshalb", "therefore", "perciò", "percio",
    "mettre", "in",
    # mine, and "and" ("Je garde le mien", "..., und glaube ihr"; eighth round)
    "mien", "mienne", "miens", "und", "and", "et",
    # frankly ("Franchement je n'y crois pas du tout", "Honestly, I doubt it", "Ehrlich gesagt
    # glaube ich es nicht"; eleventh round)
    "franchement", "honnêtement", "honnetement", "sincèrement", "sincerement", "frankly",
    "honestly", "francamente", "onestamente", "sinceramente", "ehrlich", "gesagt", "offen",
    "ehrlicherweise",
    # loyal to it ("Je reste fidèle à mon fonctionnaire", "I'll stay loyal to my official",
    # "resto fedele al mio funzionario", "Ich bleibe meinem Beamten treu"; fourteenth round)
    "fidèle", "fidele", "loyal", "faithful", "fedele", "al", "treu",
} | _LAUGHS  # fmt: skip
_NO_CHANGE = {
    ("no", "change"), ("no", "changes"), ("unchanged",), ("as", "is"), ("nessun", "cambio"),
    ("nessun", "cambiamento"), ("invariato",), ("invariata",), ("pas", "de", "changement"),
    ("aucun", "changement"), ("inchangé",), ("inchangée",), ("keine", "änderung"),
    ("keine", "aenderung"), ("unverändert",), ("unveraendert",), ("wie", "gehabt"),
    ("bleibt", "so"), ("resta", "così"),
}  # fmt: skip
"""A reselection kept in words that say no change."""
_COURTESY_EDGE = {"ok", "okay", "please", "thanks", "merci", "grazie", "danke", "bitte", "svp"}
_SAME = {"same", "même", "meme", "stesso", "stessa", "gleich", "gleiche", "gleicher", "gleichen",
         "dieselbe", "denselben", "derselbe", "dasselbe"}  # fmt: skip
_AS_BEFORE = {"as", "before", "last", "time", "comme", "avant", "que", "come", "prima", "wie",
              "vorher", "zuvor", "letztes", "mal", "la", "fois", "derniere", "dernière", "volta",
              "scorsa", "qu'avant", "di", "like"}  # fmt: skip
"""A reselection kept in words without the verb ("Gleicher wie vorher", "Same as before",
"Come prima, lo stesso")."""
"""Words that may stand around believe, doubt or keep in a short sentence, in four languages."""


_BLUFF = {"bluff", "bluffs", "bluffe", "bluffes", "bluffer", "bluffing", "bluffed", "bluffst",
          "blufft", "bluffen", "bluffa", "bluffato", "menteur", "menteuse", "liar", "lies",
          "lying", "bugiardo", "bugiarda", "lügner", "luegner", "lügnerin", "zweifel", "faux",
          "falso", "quatsch", "unsinn", "nonsense", "rubbish", "gelogen", "mensonge",
          "bugia", "lie", "bluffi", "bluffano", "bluffando", "bluffant",
          # the past participle ("n'a jamais bluffé", "hat nie geblufft"; fourteenth round)
          "bluffé", "bluffée", "geblufft",
          # a claim called nonsense in a chat's words ("I call BS", "que des bobards", "una
          # cazzata", "Blödsinn"; tenth round)
          "bs", "bullshit", "baloney", "bobard", "bobards", "cazzata", "cazzate", "blödsinn",
          "bloedsinn"}  # fmt: skip
"""Words that call a claim a lie ("Menteur !", "Nope, bluff.", "Ost blufft doch"): a doubt."""
_SENTENCE_END = re.compile(r"(?<=[.!?;:…])\s*|\s+[-–—]\s+|,\s+")
"""Where a remark ends and the answer starts: a sentence's end, a colon ("Secondo me bluffa:
dubito"), a dash or a comma."""

_SENTENCE_STOP = re.compile(r"(?<=[.!?;:…])\s+|\s+[-–—]\s+|\n+")
"""Where a sentence ends (not its commas): a question mark at its end asks the whole of it."""

_NO_REASON = re.compile(
    r"(?i)(?<![\w'’])(?:no\s+reason|aucune\s+raison|pas\s+de\s+raison|nessun\s+motivo"
    r"|non\s+(?:ho|vedo|c'è|c’è)\s+(?:alcun\s+)?motivo|keinen\s+grund|kein\s+grund)(?![\w'’])"
)
"""No reason to doubt ("I have no reason to doubt East", "aucune raison de douter", "nessun
motivo di dubitare", "keinen Grund zu zweifeln"): a belief."""
_THAT = re.compile(r"(?i)\s*(?:that|dass|daß|que|qu['’]|che|ch['’])(?![\w])")
"""The start of a clause that is a verb's object ("..., dass Ost blufft")."""


_NOT_BEFORE = {"not", "don't", "dont", "never", "won't", "wont", "non", "mai", "nie"}
"""A negation that stands before the verb it denies (English, Italian: "I don't doubt it", "non
ne dubito"); not "can't" ("I can't doubt her": may not, or holds no card)."""
_NOT_AFTER = {"pas", "point", "jamais", "nicht", "nie", "niemals", "keine", "keinen", "keinesfalls"}
"""A negation that follows the verb it denies (French, German: "je ne doute pas", "j'en doute
pas", "Ich zweifle nicht daran", "das bezweifle ich nicht")."""
_BETWEEN_NOT = {"i", "je", "io", "ich", "really", "ne", "n'en", "n'y", "en", "do", "proprio",
                "davvero", "wirklich", "vraiment", "es", "das", "ich's"}  # fmt: skip
"""Words that may stand between a negation and the verb it denies ("I really don't doubt",
"non ne dubito", "je n'en doute vraiment pas")."""
_NO_DOUBT = re.compile(
    r"(?i)(?<![\w'’])(?:i\s+have\s+no|i['’]?ve\s+(?:got\s+)?no|j['’]ai\s+(?:aucun|pas\s+de|pas\s+un)"
    r"|je\s+n['’]ai\s+(?:aucun|pas\s+de|pas\s+un)|non\s+ho(?:\s+alcun|\s+nessun)?|ich\s+hab[e']?"
    r"\s+kein(?:en|e)?)\s+(?:doubts?|doutes?|dubbi[oi]?|zweifel)(?![\w'’])"
)
"""Doubt said to be absent ("I have no doubt", "je n'ai aucun doute", "non ho dubbi", "ich habe
keinen Zweifel"): a belief."""
_THEREOF = {"daran", "dran", "darüber", "drüber", "about", "de", "cela", "sa", "sincérité",
            "sincerità", "sincerity", "doubts", "doutes", "dubbi", "dubbio", "zweifel",
            "aucun", "alcun", "nessun", "keinen", "keine", "kein", "no", "have", "ho", "habe",
            "hab", "ai", "n'ai", "got", "i've", "ive", "ich"}  # fmt: skip
"""Words around a denied doubt besides :data:`_AROUND` ("Ich zweifle nicht daran")."""


_OTHER_TIME = re.compile(
    r"(?i)(?<![\w'’])(?:(?:the\s+)?(?:last|next|previous)\s+(?:time|one|claim)|(?:la\s+)?(?:derni[èe]re"
    r"|prochaine)\s+fois|la\s+fois\s+(?:d'avant|pr[ée]c[ée]dente|derni[èe]re)|(?:l['’])?ultima\s+volta"
    r"|(?:la\s+)?(?:prossima\s+volta|volta\s+scorsa)|(?:la\s+)?volta\s+prima|(?:beim\s+|das\s+)?(?:letzte[ns]?"
    r"|n[äa]chste[ns]?)\s+mal|vorhin)(?![\w'’])"
)
"""Another time than this claim ("la dernière fois", "last time", "l'ultima volta", "beim letzten
Mal"): a clause about it is a remark beside the answer."""


def _doubt_denied(part: str, toks: list[str]) -> bool:
    """Does ``part`` (one clause) deny a doubt and say nothing else ("I don't doubt it for a
    second", "Je ne doute pas de sa parole", "Non ne dubito", "Ich zweifle nicht daran", "Non ho
    dubbi", "I have no doubt"; tenth round): a belief. Not with a clause about a bluff ("Je ne
    doute pas qu'il bluffe") or another word the answer's vocabulary does not hold, nor a
    question."""
    if "?" in part or any(t in _BLUFF and t not in _DOUBT for t in toks):
        return False
    if any(t not in _AROUND | _NEGATION | _THEREOF | _DOUBT for t in toks):
        return False
    if _NO_DOUBT.search(part):
        return not any(t in _BELIEVE for t in toks)
    at = [k for k, t in enumerate(toks) if t in _DOUBT]
    if len(at) != 1 or any(t in _BELIEVE for t in toks):
        return False
    k = at[0]
    before = toks[:k]
    while before and before[-1] in _BETWEEN_NOT:
        before = before[:-1]
    denied_before = bool(before) and before[-1] in _NOT_BEFORE
    return denied_before or bool(_NOT_AFTER.intersection(toks[k + 1 :]))


def _answer_in_sentences(text: str) -> bool | None:
    """An answer to a claim among remarks (issue 31: "Menteur ! 😂 je doute", "Est dice di
    aver corrotto RK... ci credo, ha giocato in modo coerente finora", "Zweifel! Ost blufft doch,
    RK war nie im Leben seiner", "Fine, I'll take East at their word. Believe."): every part
    that says believe or doubt (or calls the claim a bluff) says the same, read as
    :func:`_answer_in_words`; parts without such a word are remarks. None when a part is unclear,
    asks ("Doubt?"), or the parts disagree."""
    if any(
        sentence.rstrip().endswith("?")
        and any(t.strip("?") in _BELIEVE or t.strip("?") in _DOUBT for t in _tokens(sentence))
        for sentence in _SENTENCE_STOP.split(text)
    ):
        return None  # "Vous y croyez, vous ?": the whole sentence asks (tenth round)
    if _objects(text):
        # "Je crois. Mais Est a déjà menti deux fois ce soir...", "I believe. But East lied
        # twice tonight": an objection after the answer, which it leaves open (fourteenth
        # round: main believed)
        return None
    said: set[bool] = set()
    denied_before = False  # the part before denied a bluff (a "but" after it objects)
    weak = False  # a long remark about bluffers: no answer, but against believing
    weak_belief = False  # "Je pense qu'elle bluffe pas": no answer alone, but for believing
    parts = _SENTENCE_END.split(text)
    # "Ich glaube, Ost blufft nicht", "I believe, he never bluffs": the verb alone is "I think"
    # before a clause, not an answer beside a remark (eleventh round)
    opinion = any(
        toks and set(toks) <= _I | _BELIEVE | _OPINION
        for toks in (
            [t for t in _tokens(p) if any(c.isalnum() for c in t)]
            # (a verb that is a sentence of its own answers: "Believe. East hasn't bluffed once
            # all game"; fourteenth round)
            for sentence in _SENTENCE_STOP.split(text)
            for p in [q for q in _SENTENCE_END.split(sentence) if any(c.isalnum() for c in q)][:-1]
        )
    )
    for k in range(len(parts) - 1, 0, -1):
        if (
            (
                # "Ich glaube, er blufft": the opinion and its clause, one part (issue 31)
                (
                    _thinks_bluff(
                        joined := [t.strip("?") for t in _tokens(parts[k - 1] + " " + parts[k])]
                    )
                    or _thinks_true(joined)
                )
                and not any(t in _BLUFF or t in _TRUTH for t in _tokens(parts[k - 1]))
            )
            or _THAT.match(parts[k])
            or (
                _NO_REASON.search(parts[k - 1])
                and not any(t in _BELIEVE or t in _DOUBT for t in _tokens(parts[k - 1]))
            )
        ):
            # "Ich glaube nicht, dass Ost blufft": the clause after the comma is the verb's
            # object, one part with it (eighth round: main read a doubt)
            parts[k - 1 : k + 1] = [parts[k - 1] + " " + parts[k]]
    parts = [_no_vocative(p) for p in parts]
    # the dots of "..." make empty parts: "J'avais bien envie de douter... mais non, je vous
    # crois" sets the doubt aside with the part that follows (seventh round)
    parts = [p for p in parts if any(c.isalnum() for c in p)]
    for k, part in enumerate(parts):
        # a question mark takes no word out of the tables ("Ich glaube, er blufft?": the bluff
        # asked, not a remark; issue 31, main believed)
        toks = [t.strip("?") for t in _tokens(part) if any(c.isalnum() for c in t)]
        if not toks:
            continue
        verbs = [t for t in toks if t in _BELIEVE or t in _DOUBT]
        bluffs = [t for t in toks if t in _BLUFF]
        if denied_before and toks[0] in _BUT and not verbs:
            # "Believe. East hasn't bluffed yet, but this must be the first time": a "but"
            # against the reason given for believing (fourteenth round)
            return None
        denied_before = False
        if "?" not in part and _thinks_true(toks):
            said.add(False)  # "Credo che dica la verità" (ninth round): a belief
            continue
        if _NO_REASON.search(part) and verbs and all(t in _DOUBT for t in verbs):
            # "Je n'ai aucune raison de douter d'Est", "keinen Grund, an der Behauptung zu
            # zweifeln": no doubt, a belief (eighth round, fr-4322, de-4322)
            if "?" in part or bluffs:
                return None
            said.add(False)
            continue
        if _OTHER_TIME.search(part) and "?" not in part:
            continue  # "(Je n'aurais pas dû douter la dernière fois...)": another claim (tenth round)
        if _doubt_denied(part, toks):
            said.add(False)  # "Je ne doute pas de sa parole", "Non ho dubbi" (tenth round)
            continue
        if not verbs and not bluffs:
            if all(t in _NEGATION for t in toks) and toks[0] not in ("no", "non", "nein", "nope"):
                return None  # "Believe. Not!"
            if toks[0] in _OR:
                return None  # "je vais croire... ou pas", "believe, or maybe not" (ninth round)
            continue  # a remark
        if _set_aside(toks, parts[k + 1 : k + 2]):
            continue  # "I was going to doubt, but ... I believe East"
        if "?" not in part and _thinks_bluff(toks):
            said.add(True)  # "credo che stia bluffando" (issue 31, it-4134): a doubt
            continue
        if "?" not in part and _thinks_bluff([t for t in toks if t not in _NEGATION]):
            # "Je pense qu'elle bluffe pas, donc je crois", "I don't think she's bluffing, I
            # believe her" (ninth round): for believing, with a belief said beside it
            weak_belief = True
            continue
        if (
            "?" not in part
            and bluffs
            and not verbs
            and not opinion
            and _bluff_denied_beside(toks, _subject_named(part))
        ):
            # "Je crois Paul, il ne bluffe jamais", "Ich glaube Ost, der blufft nie" (eleventh
            # round): for believing, with a belief said beside it
            weak_belief = denied_before = True
            continue
        if not verbs and len(toks) > 8 and "?" not in part:
            weak = True  # "which is exactly what a bluffer wants us to think"
            continue
        if part.rstrip().endswith("?") or len(toks) > 12:
            return None
        if [t for t in bluffs if t not in verbs] and (
            not all(t in _BELIEVE for t in verbs)
            or any(t in _NEGATION or t.endswith("n't") for t in toks)
        ):
            # "I don't believe East is bluffing", "Je doute qu'il bluffe": a doubt of a bluff,
            # a believing; we do not guess (eighth round: main read a doubt)
            return None
        if verbs:
            # ("Zweifel!" is a verb and a bluff word at once: it stays a verb)
            answer = _answer_in_words([t for t in toks if t not in _BLUFF or t in verbs])
            if answer is None or (bluffs and not answer):
                return None
        elif any(t in _NEGATION for t in toks if t not in ("no", "nope", "non", "nein")):
            return None  # "he's not bluffing": we do not guess
        else:
            answer = True
        said.add(answer)
    if (weak and said != {True}) or (weak_belief and said != {False}):
        return None
    return said.pop() if len(said) == 1 else None


_WHO_BLUFFS = {"he", "she", "they", "il", "elle", "ils", "elles", "lui", "lei", "er", "sie",
               "der", "die", "does", "do", "is", "ever", "ja", "doch", "mica",
               # you, and the tense of the past ("tu n'as jamais bluffé", "East hasn't bluffed",
               # "non ha mai bluffato", "Ost hat nie geblufft"; fourteenth round)
               "you", "tu", "du", "has", "have", "had", "did", "n'a", "n'as", "n'avait", "a",
               "as", "ha", "hai", "aveva", "hat", "hast", "hatte",
               # so far, once, all game ("once all game", "a single time so far", "une seule
               # fois de la partie", "depuis le début", "in tutta la partita", "finora", "die
               # ganze Partie noch kein einziges Mal", "bisher")
               "once", "all", "game", "the", "whole", "this", "single", "time", "times", "so",
               "far", "yet", "since", "start", "beginning", "tonight", "today", "up", "to", "now",
               "une", "seule", "fois", "de", "la", "partie", "toute", "depuis", "le",
               "début", "debut", "encore", "jusqu'ici", "jusqu'à", "jusqu'a", "présent",
               "ce", "soir", "in", "tutta", "partita", "finora", "una", "sola", "volta",
               "ancora", "fin", "qui", "dall'inizio", "stasera", "oggi", "ganze", "ganzen",
               "das", "spiel", "im", "noch", "einziges", "einzige", "mal", "bisher",
               "heute", "abend", "seit", "beginn", "anfang"}  # fmt: skip
"""The words of a sentence that says the claimant does not bluff besides the bluff, the
negation, a seat and a player's name ("il ne bluffe jamais", "he never bluffs", "der blufft
nie", "lei non bluffa mai", "East hasn't bluffed once all game"): who, the tense and how long
so far, never a word of what may come ("but", "this time", "must", "due")."""


def _bluff_denied(toks: list[str], subject: str = "") -> bool:
    """Is ``toks`` only the claimant said not to bluff (:data:`_WHO_BLUFFS`)? ``subject`` is the
    word the sentence opens on with a capital, a first name ("Marta non bluffa mai")."""
    denied = [t for t in toks if t in _NEGATION or t.endswith("n't")]
    return bool(denied) and all(
        t in _BLUFF
        or t in denied
        or t in _WHO_BLUFFS
        or _seat_name(t)
        or _a_player(t)
        or (k == 0 and t == subject)
        for k, t in enumerate(toks)
    )


_AND_CLAUSE = {"and", "et", "e", "und"}


def _bluff_denied_beside(toks: list[str], subject: str = "") -> bool:
    """:func:`_bluff_denied`, or a sentence of clauses joined by "and" whose clauses with a bluff
    deny it and whose others say neither a bluff, a negation nor an answer ("Est a l'air sûr de
    lui et il n'a jamais bluffé de la partie"; fourteenth round)."""
    if _bluff_denied(toks, subject):
        return True
    clauses: list[list[str]] = [[]]
    for t in toks:
        if t in _AND_CLAUSE:
            clauses.append([])
        else:
            clauses[-1].append(t)
    if len(clauses) < 2 or any(not c for c in clauses):
        return False
    bluffed = [c for c in clauses if any(t in _BLUFF for t in c)]
    others = [c for c in clauses if c not in bluffed]
    return (
        bool(bluffed)
        and all(_bluff_denied(c) for c in bluffed)
        and not any(
            t in _NEGATION or t.endswith("n't") or t in _BELIEVE or t in _DOUBT or t in _TRUTH
            for c in others
            for t in c
        )
    )


def _subject_named(part: str) -> str:
    """The first word of ``part`` in small letters when it is written with a capital and is no
    word of the answer's vocabulary (a first name: "Marta non bluffa mai"); "" otherwise."""
    m = re.match(r"\s*([A-ZÀ-Ý][a-zà-ÿ]{2,})(?![\w'’])", part)
    if m is None:
        return ""
    word = m.group(1).lower()
    known = _AROUND | _BELIEVE | _DOUBT | _BLUFF | _TRUTH | _NEGATION | _WHO_BLUFFS | _OPINION
    return "" if word in known else word


_OR = {"or", "ou", "o", "oder", "oppure", "otherwise", "sinon", "altrimenti", "sonst"}
"""A part that starts with "or" is another answer weighed, not a remark."""

_MEANT_TO = {"was", "allais", "voulais", "volevo", "stavo", "wollte", "pensais", "pensavo",
             "dachte", "thought", "wanted", "meant", "avais", "avevo", "hatte",
             # a habit set against this time ("D'habitude je doute de tout, mais là je crois
             # Est", "Usually I doubt, but ..."; seventh round)
             "habitude", "usually", "normally", "normalement", "généralement", "solito",
             "normalmente", "solitamente", "normalerweise", "sonst", "meistens",
             "generally"}  # fmt: skip
_BUT = {"but", "mais", "ma", "però", "pero", "aber", "doch"}


def _set_aside(toks: list[str], after: list[str]) -> bool:
    """A first intention in the past, taken back by the next part's "but" ("I was going to
    doubt, but ...", "J'allais douter, mais ...", "Volevo dubitare, ma ...", "Ich wollte erst
    zweifeln, aber ...")."""
    if not _MEANT_TO.intersection(toks) or not after:
        return False
    nxt = [t for t in _tokens(after[0]) if any(c.isalnum() for c in t)]
    return bool(nxt) and nxt[0] in _BUT


_VOCATIVE = re.compile(r"(?<=\S)\s*,?\s+([A-ZÀ-Ý][a-zà-ÿ]{2,})(?=\s*(?:[.!,…]|$))")


def _no_vocative(part: str) -> str:
    """A part without the first name it ends on ("je te crois Mathieu...", "I believe you,
    Tom", "Ti credo, Marco"): a word with a capital that the tables do not know."""
    m = _VOCATIVE.search(part)
    if m is None:
        return part
    word = m.group(1).lower()
    before = _tokens(part[: m.start()])
    if before and before[-1] in _TO_WHOM and not _a_player(word):
        return part  # "Je crois en Dieu", "Ich glaube an Gott": an object, no first name
    if word in _AROUND | _BELIEVE | _DOUBT | _BLUFF | _TRUTH | _NEGATION or _seat_name(word):
        return part
    if any(word in phrase for phrase in _IN_LIFE):
        return part  # "Das glaube ich nie im Leben" (de-4635): a German noun, no first name
    return part[: m.start()] + part[m.end() :]


def _a_player(word: str) -> bool:
    """Is ``word`` a word of a player's name (:data:`PLAYER_NAMES`; "Je crois à Béa")?"""
    return any(_fold(word) in _name_words(name) for name in PLAYER_NAMES.get())


def _name_words(name: str) -> set[str]:
    """The words of a player's name, in lower case without accents ("Béa Roux": bea, roux)."""
    return {_fold(w) for w in re.findall(r"[^\W\d_]+", name.lower())}


_TO_WHOM = {"en", "in", "an", "à", "a", "au", "at", "to", "de", "di", "von", "of", "with", "con",
            "mit", "avec", "for", "pour", "per", "für", "fuer", "auf", "on", "sur", "su",
            "la", "le", "il", "the", "der", "die", "das", "den", "dem"}  # fmt: skip
"""Words before a capital word that make it an object, not a first name said to someone."""


def _seat_name(word: str) -> bool:
    return word in {n.lower() for n in SEAT_NAMES} or word in _SEAT_WORDS


_NO_AFTER = {"no", "nope", "nein", "nee", "nö", "noe", "non"}
_TAKE_IT_FROM = {"nehme", "nehm", "nimmt", "kaufe", "kauf", "kauft"}
"""German verbs that believe with "ab" ("Das nehme ich dir ab", "Das kaufe ich ihm nicht ab")."""


def _answer_in_words(toks: list[str]) -> bool | None:
    """An answer to a claim in a short sentence ("Ich glaube es", "I doubt it!", "Non ci credo",
    "Je n'y crois pas"): True to doubt, False to believe, None when the words say neither, or
    both, or doubt a doubt ("I don't doubt it": we do not guess)."""
    if not 1 <= len(toks) <= 12:
        return None
    toks = [_ITALIAN_ELISION.sub("", t) for t in toks]  # "non credo all'annuncio" (ninth round)
    toks, never = _without_never_in_life(toks)
    if never is False:
        return None
    verbs_at = [k for k, t in enumerate(toks) if t in _BELIEVE or t in _DOUBT]
    if len(verbs_at) == 2:
        # "jy crois pas du tout je doute" (ninth round, fr-4722: no punctuation): two clauses,
        # the second from its pronoun, read each; the answer when both say the same
        cut = max((k for k in range(verbs_at[0] + 1, verbs_at[1]) if toks[k] in _I), default=None)
        if cut is not None:
            both = {_answer_in_words(toks[:cut]), _answer_in_words(toks[cut:])}
            return both.pop() if len(both) == 1 else None
    if "ab" in toks and _TAKE_IT_FROM.intersection(toks):
        # "Das nehme ich Ost nicht ab", "Das kauf ich dir ab": the German "believe"
        toks = ["glaube" if t in _TAKE_IT_FROM else t for t in toks if t != "ab"]
    verbs = {t for t in toks if t in _BELIEVE or t in _DOUBT}
    # The French "ne" denies with its partner ("ne ... pas", "n'y ... point"); alone it is the
    # Italian "of it" ("Ne dubito": I doubt it).
    negated = any(
        t in _NEGATION and (t != "ne" or _FRENCH_NEGATION.intersection(toks)) for t in toks
    )
    if len(verbs) != 1 or any(
        t not in _AROUND | _NEGATION | verbs and not _a_player(t) for t in toks
    ):
        return None  # (a player named: "je fais confiance à Béa"; ninth round)
    # A "no" after the verb denies it ("Credo di no", "I believe no": a doubt); before it, it
    # only answers ("No, non ci credo").
    first = min(k for k, t in enumerate(toks) if t in verbs)
    negated = negated or any(t in _NO_AFTER for t in toks[first + 1 :])
    doubt = next(iter(verbs)) in _DOUBT
    if doubt and negated:
        return None
    return doubt or negated


_ITALIAN_ELISION = re.compile(r"^(?:all|dell|nell|sull|dall|coll|quest|quell)['’](?=\w)")
"""An Italian article joined to its noun ("all'annuncio", "dell'Est")."""
_I = {"je", "j'", "i", "ich", "io"}


_IN_LIFE = (("im", "leben"), ("de", "la", "vie"), ("nella", "vita"), ("in", "my", "life"))
"""Words that make a "never" stronger ("Das glaube ich nie im Leben", "Je n'y crois jamais de la
vie", "Non ci credo mai nella vita", "I'd never believe it in my life"; issue 31, de-4635)."""


def _without_never_in_life(toks: list[str]) -> tuple[list[str], bool | None]:
    """``toks`` without a phrase of :data:`_IN_LIFE`, and whether one was there: True after a
    negation, False without one ("Ich glaube es im Leben": no answer, we do not guess), None when
    there was none."""
    for phrase in _IN_LIFE:
        n = len(phrase)
        at = next((k for k in range(len(toks) - n + 1) if tuple(toks[k : k + n]) == phrase), None)
        if at is None:
            continue
        if not any(t in _NEGATION for t in toks[:at]):
            return toks, False
        return toks[:at] + toks[at + n :], True
    return toks, None


_OPINION = {"believe", "think", "reckon", "crois", "pense", "credo", "penso", "glaube", "denke",
            # in my opinion ("Secondo me dice la verità", "À mon avis il bluffe", "Meiner
            # Meinung nach blufft sie", "imo she's bluffing"; ninth round)
            "secondo", "avis", "meinung", "opinion", "imo", "guess", "suppose", "feel",
            "sembra", "semble", "scheint", "trovo", "finde", "trouve"}  # fmt: skip
_BLUFF_CLAUSE = {"me", "mon", "my", "in", "nach", "meiner", "mi", "mir", "à",
                 "i", "je", "io", "ich", "che", "qu'il", "qu'elle", "que", "that", "dass", "daß",
                 "he", "she", "they", "il", "elle", "er", "sie", "lui", "lei", "stia", "sta",
                 "is", "are", "it", "es", "doch", "wohl", "really", "vraiment", "davvero",
                 "wirklich", "just", "juste", "solo", "nur", "gerade", "ist",
                 # the claimer pointed at ("Ich glaube, der blufft", "credo che quello bluffi";
                 # tenth round)
                 "der", "dieser", "diese", "quello", "quella", "celui-là", "guy", "the",
                 # rather, and the seat after "que" ("Je crois plutôt qu'Est bluffe", "I rather
                 # think East is bluffing"; fourteenth round)
                 "plutôt", "plutot", "rather", "piuttosto", "eher", "qu'est", "qu'ouest"}  # fmt: skip
"""Words of a clause that says the claimer bluffs ("Je crois qu'il bluffe", "credo che stia
bluffando", "Ich glaube, er blufft", "I think East is bluffing")."""


_TRUTH = {"truth", "true", "honest", "sincere", "right", "vrai", "vérité", "verite", "honnête",
          "honnete", "sincère", "raison", "vero", "verità", "verita", "onesto",
          "onesta", "sincero", "sincera", "ragione", "wahrheit", "wahr", "ehrlich", "recht",
          "stimmt"}  # fmt: skip
"""Words that call a claim true ("Je crois qu'il dit vrai", "credo che dica la verità", "Ich
glaube, sie sagt die Wahrheit", "I think East is telling the truth"; ninth round): a belief."""
_TRUTH_CLAUSE = {"dit", "dise", "dice", "dica", "sagt", "says", "tells", "telling", "tell",
                 "speaks", "the", "la", "le", "il", "l'", "die", "est", "è", "e", "sia", "c'est",
                 "it's", "that's", "'s", "she's", "he's", "they're", "ist", "has", "a", "ha",
                 "hat", "have", "avoir", "abbia", "was", "war", "être", "essere", "being",
                 "qu'ils", "qu'elles", "dicendo", "dire", "sagen", "es", "das", "quite",
                 "probably", "probablement", "probabilmente", "wahrscheinlich"}  # fmt: skip
"""Words of a clause that says the claimer tells the truth (:data:`_TRUTH`)."""


def _thinks_bluff(toks: list[str]) -> bool:
    """An opinion that the claim is a bluff (issue 31, it-4134: "credo che stia bluffando"): a
    doubt. Only an opinion verb, then a word that calls the claim a bluff, with nothing but the
    words of such a clause (:data:`_BLUFF_CLAUSE`, a seat) and no negation around them ("Je ne
    crois pas qu'il bluffe", "I don't think he's bluffing": we do not guess)."""
    return _thinks(toks, _BLUFF, _BLUFF_CLAUSE)


def _thinks_true(toks: list[str]) -> bool:
    """An opinion that the claim is true ("Je crois qu'il dit vrai", "Credo che dica la
    verità", "Ich glaube, sie sagt die Wahrheit", "I think she's telling the truth"; ninth
    round): a belief, read as :func:`_thinks_bluff` reads a bluff."""
    return _thinks(toks, _TRUTH, _BLUFF_CLAUSE | _TRUTH_CLAUSE) and not _BLUFF.intersection(toks)


def _thinks(toks: list[str], said: set[str], clause: set[str]) -> bool:
    if not 3 <= len(toks) <= 9 or toks[0] not in _OPINION | clause:
        return False
    verbs = [k for k, t in enumerate(toks) if t in _OPINION]
    bluffs = [k for k, t in enumerate(toks) if t in said]
    if len(verbs) != 1 or len(bluffs) != 1 or bluffs[0] < verbs[0]:
        return False
    for k, t in enumerate(toks):
        if k in verbs or k in bluffs:
            continue
        if t in _NEGATION or t.endswith("n't") or "?" in t:
            return False
        if t not in clause and not _seat_name(t):
            return False
    return True


_COLOUR_FORMS = {
    "R": ("red", "rouge", "rosso", "rot"),
    "Y": ("yellow", "jaune", "giallo", "gelb"),
    "B": ("blue", "bleu", "blu", "blau"),
    "G": ("green", "vert", "verde", "grün", "gruen"),
    "K": ("black", "noir", "nero", "schwarz"),
}
_HAT_FORMS = ("hat", "hats", "cap", "chapeau", "cappello", "hut", "mütze", "muetze", "kappe")
_BODY_FORMS = ("body", "robe", "tunic", "torso", "corps", "corpo", "körper", "koerper",
               "gewand", "leib", "kleid", "vestito", "abito")  # fmt: skip
_JOINERS = {"and", "with", "a", "an", "the", "of", "et", "avec", "au", "aux", "à", "le", "la",
            "les", "du", "de", "des", "un", "une", "e", "con", "col", "coi", "il", "lo", "dal",
            "dalla", "di", "del", "della", "al", "alla", "und", "mit", "dem", "der", "den", "die",
            "das", "einem", "einen", "ein", "eine", "im", "am"}  # fmt: skip
"""Words between the colours and garments of an official described in words."""


_COMPOUND_HEADS = {"rot": "R", "gelb": "Y", "blau": "B", "grün": "G", "gruen": "G",
                   "schwarz": "K", "rosso": "R", "giallo": "Y", "blu": "B", "verde": "G",
                   "nero": "K"}  # fmt: skip
"""The hat colours a German or Italian closed compound of two colours starts with
("Rotblauen", "schwarzblaue", "rossoblu"): the languages that write them as one word."""


def _closed_compound(tok: str) -> str | None:
    """The official's code a two-colour word without a hyphen names, declined or not ("den
    Rotblauen": RB, "der Schwarzblaue": KB, "il rossoblu": RB; issue 31, eleventh round); None
    for any other word."""
    low = tok.lower()
    for head, code in _COMPOUND_HEADS.items():
        rest = low[len(head) :]
        if low.startswith(head) and rest and _stem(rest) in _colour_stems():
            return code + _colour_stems()[_stem(rest)]
    return None


@functools.cache
def _colour_stems() -> dict[str, str]:
    return {_stem(w): code for code, forms in _COLOUR_FORMS.items() for w in forms}


@functools.cache
def _garment_stems(garment: str) -> frozenset[str]:
    """The stems of the words for an official's hat or body (:func:`_stem`)."""
    return frozenset(_stem(w) for w in (_HAT_FORMS if garment == "hat" else _BODY_FORMS))


def _garments_apart(toks: list[str]) -> list[str]:
    """``toks`` with a colour and its garment joined by a hyphen as two words ("the black-hat
    yellow-body official", "le fonctionnaire chapeau-vert"; seventh round)."""
    garments = _garment_stems("hat") | _garment_stems("body")
    out: list[str] = []
    for t in toks:
        parts = t.split("-")
        if len(parts) == 2 and {_stem(p) in garments for p in parts} == {True, False}:
            out.extend(parts)
        else:
            out.append(t)
    return out


def _described(toks: list[str]) -> list[str]:
    """``toks`` with an official described by its colours written as its code (:func:`_description`)."""
    toks = _garments_apart(toks)
    d = _description(toks)
    if d is None:
        return toks
    code, first, last = d
    return [*toks[:first], code, *toks[last + 1 :]]


def _official_described(board: Board, toks: list[str]) -> int | None:
    """The official described by its colours in ``toks`` (:func:`_description`), or None (the
    aside of a decision, "I'll switch my bribe to BY (blue hat, yellow body)")."""
    d = _description(_garments_apart(toks))
    return board.official_by_code(d[0].upper()) if d is not None else None


def _description(toks: list[str]) -> tuple[str, int, int] | None:
    """An official described by its colours, as its code and the first and last word of the
    description (issue 31: "le
    fonctionnaire au chapeau noir et au corps bleu", "the official with the red hat and the
    black body", "il funzionario col cappello giallo e il corpo verde", "der Beamte mit
    schwarzem Hut und blauem Körper"): the hat's colour and the body's, each a colour word
    beside its garment, the adjective before its noun (English, German) or after it (French,
    Italian); read only when one of the two orders names exactly one colour for each and the
    other names none; the description runs from the first colour or garment to the last, with
    the joining words before it."""
    colours = {k: _colour_stems().get(_stem(t)) for k, t in enumerate(toks)}
    hats = {k for k, t in enumerate(toks) if _stem(t) in _garment_stems("hat")}
    bodies = {k for k, t in enumerate(toks) if _stem(t) in _garment_stems("body")}
    if not hats and len(bodies) == 1:
        return _hat_by_colour(toks, colours, min(bodies))
    if not hats or not bodies:
        return None
    found: list[tuple[str, str, int, int]] = []
    for side in (-1, 1):  # the adjective before its noun, or after it
        hat = [(colours[k + side], k + side) for k in hats if colours.get(k + side)]
        body = [(colours[k + side], k + side) for k in bodies if colours.get(k + side)]
        if len(hat) == 1 and len(body) == 1:
            ends = [*hats, *bodies, hat[0][1], body[0][1]]
            found.append((str(hat[0][0]), str(body[0][0]), min(ends), max(ends)))
    if len(found) != 1:
        return None
    h, b, first, last = found[0]
    inside = [t for k, t in enumerate(toks[first : last + 1], first) if k not in hats | bodies]
    if any(t not in _JOINERS and not colours.get(toks.index(t, first)) for t in inside):
        return None
    while first > 0 and toks[first - 1] in _JOINERS - {"e"}:
        first -= 1  # "with the", "au", "col": the description's own words
    return (h + b).lower(), first, last


def _hat_by_colour(
    toks: list[str], colours: dict[int, str | None], body: int
) -> tuple[str, int, int] | None:
    """An official named by its hat's colour alone, then its body with its colour ("le noir à
    corps rouge", "the black one with the red body", "il nero col corpo rosso", "den Schwarzen
    mit rotem Körper"; eighteenth round): the code, first and last word, as :func:`_description`.
    The body's colour stands on one side of its noun, the hat's colour before them with only
    joining words (and "one") between; any other colour word makes it no description."""
    for side in (-1, 1):
        k = body + side
        if not colours.get(k):
            continue
        start = min(k, body)
        j = start - 1
        while j >= 0 and (toks[j] in _JOINERS or toks[j] in ("one", "ones")) and not colours.get(j):
            j -= 1
        if j < 0 or j == start - 1 or not colours.get(j):
            continue
        others = [i for i, c in colours.items() if c and i not in (j, k)]
        if others:
            return None
        return (str(colours[j]) + str(colours[k])).lower(), j, max(k, body)
    return None


def _kept_as_named(a: _Answer, toks: list[str]) -> bool:
    """Keep with the official already selected named ("keep RK", "Ich bleibe bei RK", "Tengo
    RK"); another official named is no keep."""
    chosen = a.state.selections[a.seat] if a.seat < len(a.state.selections) else -1
    named = [t for t in toks[1:] if t not in _AROUND and t not in _SELECT_FILLER]
    return (
        toks[:1] == ["keep"]
        and chosen is not None
        and chosen >= 0
        and named == [a.board.official_code(chosen).lower()]
    )


_CHANGE = {"change", "changes", "changing", "changer", "changé", "cambio", "cambiare", "cambia",
           "cambiato", "ändere", "aendere", "ändern", "aendern", "geändert", "wechsle",
           "wechsel", "wechseln", "switch", "switching", "modifie", "modifier", "modifico",
           "modificare", "changed", "changement", "changements", "cambiamento", "cambiamenti",
           "änderung", "aenderung", "änderungen", "modification", "modifica"}  # fmt: skip
_NOTHING = {"nothing", "anything", "rien", "niente", "nulla", "nichts", "won't", "wont",
            "nessun", "nessuna", "aucun", "aucune", "non", "not", "n't", "don't", "dont",
            "doesn't", "ne", "nicht", "no", "pas", "mai", "never", "jamais", "nie", "keine",
            "kein", "keinen", "none"}  # fmt: skip
_UNCHANGED_AROUND = {"i'm", "am", "will", "do", "does", "going", "to", "want", "have", "ai",
                     "ho", "habe", "hab", "veux", "voglio", "a", "va", "è", "est", "is",
                     "bleibt", "resta", "reste", "rimane", "stays", "n'a", "n'ai", "de", "côté", "side",
                     "on", "parte", "per", "me", "meinerseits", "mich", "for", "moi", "mir",
                     "bei", "da", "mia", "mio", "mine"}  # fmt: skip


def _unchanged(text: str) -> bool:
    """A reselection kept in words that deny a change ("Je ne change rien", "rien ne change",
    "I'm not changing anything", "Non cambio niente", "Ich ändere nichts", "Ich wechsle nicht"):
    one verb of change, a negation just before it or "nothing" just after, no official named and
    no other word than those around a keep."""
    toks = [t.strip("!.'\"") for t in _tokens(text)]
    at = [k for k, t in enumerate(toks) if t in _CHANGE]
    if len(at) != 1:
        return False
    k = at[0]
    denied = bool(_NOTHING.intersection(toks[max(0, k - 3) : k])) or (
        toks[k + 1 : k + 2] != [] and toks[k + 1] in _NOTHING
    )
    keep = {w for w, v in _VERB_WORDS.items() if v == "keep"} | {"keep"}
    around = _AROUND | _NOTHING | _CHANGE | _UNCHANGED_AROUND | keep | _PRONOUNS
    return denied and all(t in around for t in toks)


_WHAT_I_HAVE = ({"what", "i've", "i", "ive", "got", "have", "already", "ce", "que", "j'ai",
                 "ai", "déjà", "quello", "che", "ho", "già", "was", "ich", "habe", "hab",
                 "schon", "dem", "das"})  # fmt: skip
"""What the player already has, as the object of a keep ("Stick with what I've got", "Je garde
ce que j'ai", "Tengo quello che ho", "Ich bleibe bei dem, was ich habe"; seventh round)."""


def _what_i_have(toks: list[str]) -> bool:
    """Are ``toks`` (after a keep's verb) what the player has, and the words around a keep?"""
    return (
        bool(toks)
        and any(t in {"got", "have", "j'ai", "ai", "ho", "habe", "hab"} for t in toks)
        and all(t in _AROUND or t in _WHAT_I_HAVE for t in toks)
    )


def _parse_select(a: _Answer, toks: list[str], kind: str) -> Action:
    if kind == "reselect" and (_unchanged(a.text) or _kept_as_named(a, toks)):
        toks = ["keep"]  # "Je ne change rien", "keep RK" (RK selected), "Ich bleibe bei RK"
    if toks[:1] == ["keep"] and all(t in _AROUND for t in toks[1:]):
        toks = ["keep"]  # "Je garde ma sélection", "Keep it."
    elif toks[:1] == ["keep"] and _what_i_have(toks[1:]):
        toks = ["keep"]  # "Stick with what I've got", "Je garde ce que j'ai"
    elif (
        kind == "reselect"
        and _CHANGE & set(toks)
        and _NOTHING & set(toks)
        and all(t in _CHANGE | _NOTHING | _AROUND | _NEGATION | _PRONOUNS for t in toks)
    ):
        toks = ["keep"]  # "Je ne change rien", "Non cambio niente", "Ich ändere nichts"
    elif kind == "reselect" and tuple(t for t in toks if t not in _COURTESY_EDGE) in _NO_CHANGE:
        toks = ["keep"]  # "No change", "Keine Änderung", "Unverändert"
    elif (
        kind == "reselect"
        and _SAME & set(toks)
        and all(t in _AROUND | _AS_BEFORE | _SAME for t in toks)
    ):
        toks = ["keep"]  # "Gleicher wie vorher", "Same as before"
    if toks == ["keep"]:
        if a.seat in a.state.forced:
            raise _about(
                a.board,
                a.state.selections[a.seat],
                _(
                    "Your official %(official)s is on the Terrace of Exile, so you must select a "
                    "new one; keep is not possible."
                ),
                a.text,
                a.hint,
            )
        return Keep()
    words = _described(toks[1:] if toks[0] == "select" else toks)
    if len(words) > 1:  # "Switching my bribe to RY, please", "Wechsel auf GY"
        words = [
            w
            for w in words
            if w not in _SELECT_FILLER
            and w not in _PRONOUNS
            and _VERB_WORDS.get(w) not in ("select", "take")  # "Cambio e prendo GB"
        ] or words
    if len(words) == 2 and all(w in _COLOUR_WORDS for w in words):
        words = [words[0] + "-" + words[1]]
    elif len(words) == 2 and all(_stem(w) in _colour_stems() for w in words):
        # "le fonctionnaire vert et jaune", "il funzionario verde e giallo", "den grün-gelben"
        # (ninth round): two colours in the code's order, hat then body
        words = ["".join(_colour_stems()[_stem(w)] for w in words).lower()]
    if len(words) == 2 and all(len(w) == 1 and w in "rybgk" for w in words):
        words = [words[0] + words[1]]  # "G K bitte", "select K K" (eighth round)
    described = _official_described(a.board, words) if len(words) > 1 else None
    if (
        described is not None
        and not set(toks) & (_NEGATION | _SECOND_THOUGHTS)
        and not any(re.fullmatch(r"[rybgk]{2}", w) for w in words)
    ):  # "corrompo il funzionario con il cappello verde e il corpo blu"
        words = [a.board.official_code(described).lower()]
    if len(words) != 1:
        if kind == "reselect":
            why = _(
                "'%(text)s' is not a selection; write select and one official, e.g. select GB "
                "or keep."
            )
        else:
            why = _("'%(text)s' is not a selection; write select and one official, e.g. select GB.")
        raise InvalidSyntax(
            why % {"text": a.text.strip()},
            text=a.text,
            hint=a.hint,
        )
    o = _official(a.board, a.state, words[0], a.text, a.hint)
    if a.state.positions[o] < 0:
        raise _about(
            a.board,
            o,
            _(
                "%(official)s is on the Terrace of Exile; select an official that is still on "
                "the board."
            ),
            a.text,
            a.hint,
        )
    return Select(o)


_SELECT_FILLER = {
    "to", "for", "auf", "zu", "à", "a", "au", "su", "per", "pour", "für", "fuer", "my", "mon",
    "ma", "mia", "mio", "meine", "meinen", "mein", "bribe", "official", "fonctionnaire",
    "officiel", "officier", "officer", "meinem",
    "funzionario", "beamten", "please", "pls", "thanks", "merci", "grazie", "bitte", "danke",
    "the", "le", "la", "il", "den", "die", "der", "new", "nouveau", "nuovo", "neuen", "now",
    "maintenant", "ora", "jetzt", "instead", "plutôt", "plutot", "invece", "stattdessen",
    "con", "mit", "with", "avec", "stavolta", "volta", "questa", "diesmal", "this", "time",
    # to whom the selection goes ("Passo al funzionario ...", "Ich wechsle zum Beamten ...")
    "al", "allo", "alla", "zum", "zur", "aux",
    "cette", "fois", "on", "sur", "onto", "bestechung", "corruption", "corruzione", "svp",
    # "the one with the red hat and the black body" (:func:`_described`)
    "one", "celui", "celle", "quello", "quella", "denjenigen",
    # "..., cioè GB", "c'est-à-dire BY", "also RK", "i.e. GB", "namely RK"
    "cioè", "cioe", "c'est-à-dire", "c'est", "à-dire", "dire", "sprich", "namely", "i", "e",
    "ie", "that", "is", "d", "h", "dh", "of", "di", "de",
    # who and what, in prose (sixth round: "I'll switch to the blue hat green body guy",
    # "Nouvelle sélection : chapeau vert, corps jaune", "Neue Wahl: grüner Hut, schwarzer
    # Körper", "Ich wähle neu, und zwar BY")
    "guy", "person", "chap", "fellow", "mec", "gars", "type", "tipo", "tizio", "typ", "kerl",
    "it",  # "GY it is"
    "nouvelle", "neue", "neu", "wahl", "sélection", "selection", "selezione", "auswahl",
    "nuova", "zwar", "und", "et", "and", "an", "un", "une", "ein", "einen",
    # rather this one ("ich nehme lieber GY", "prendo piuttosto GY", "I'd rather go with GY";
    # ninth round)
    "lieber", "eher", "piuttosto", "rather", "doch", "go", "going", "then", "dann", "alors",
    "allora", "puis", "poi", "in", "gegen", "contre",
    # in the old one's place, from now on ("Je soudoie le vert-bleu à la place", "je soudoie
    # désormais le noir-rouge", "prendo quello al suo posto"; seventeenth round)
    "place", "posto", "suo", "désormais", "desormais", "dorénavant", "dorenavant",
}  # fmt: skip
"""Words around the official of a selection in a sentence, in four languages."""


def _about(board: Board, official: int, why: str, text: str, hint: str) -> IllegalMove:
    """The refusal ``why`` (a sentence naming ``%(official)s``) about one official."""
    return IllegalMove(why % {"official": board.official_code(official)}, text=text, hint=hint)


_SEAT_WORDS = {"nord": 0, "est": 1, "ost": 1, "sud": 2, "süd": 2, "sued": 2, "ouest": 3,
               "ovest": 3, "norden": 0, "osten": 1, "süden": 2, "sueden": 2, "westen": 3}  # fmt: skip
"""Seat names in French, Italian and German (issue 31: "Je prends le pantalon rouge de Sud"; the
German compass words too: "die orange Hose von Norden")."""


def _seat_of(state: State, tok: str) -> int | None:
    names = [n.lower() for n in SEAT_NAMES[: state.n]]
    if tok in names:
        return names.index(tok)
    if tok.endswith("s") and tok[:-1] in names:
        return names.index(tok[:-1])  # "norths orange pants": the English possessive without
        # its apostrophe, as phones write it (fourteenth round)
    if _SEAT_WORDS.get(tok, state.n) < state.n:
        return _SEAT_WORDS[tok]
    if len(tok) == 1 and tok in [n[0] for n in names]:
        return [n[0] for n in names].index(tok)
    if tok.isdigit() and 1 <= int(tok) <= state.n:
        return int(tok) - 1
    return None


def _named_seat(a: _Answer, tok: str) -> int | None:
    """The seat whose player ``tok`` names, by any word of the player's name ("I'll take Ann's
    yellow coat", "le manteau d'Ann", "Prendo i pantaloni rossi a Carla", "Ich nehme Carla die
    rote Hose ab"; ninth round): never the writer's own seat (a sign-off), only a word that
    names one player, and never a word the notation reads otherwise (a player called "Rosa" or
    "Nord" is read as the colour or the seat, as before). The names come from the service
    (:data:`PLAYER_NAMES`); without them no name is read."""
    word = _fold(tok.lower())
    if len(word) < 2 or _seat_of(a.state, tok) is not None or _cards_like(a.board, [tok]):
        return None
    named = {
        s for s, name in enumerate(PLAYER_NAMES.get()[: a.state.n]) if word in _name_words(name)
    }
    return named.pop() if len(named) == 1 and a.seat not in named else None


def _card_of(board: Board, words: list[str]) -> int | None:
    joined = "-".join(words)
    for c in range(len(board.card_colours) * 3):
        if board.card_name(c) == joined:
            return c
    said = frozenset(_stem(w) for w in words)
    for c in range(len(board.card_colours) * 3):
        if said in _card_stems(board.card_name(c)):
            return c
    return None


def _cards_like(board: Board, words: list[str]) -> set[int]:
    """The cards one word names in part: a colour or a garment alone."""
    said = {_stem(w) for w in words}
    return {
        c
        for c in range(len(board.card_colours) * 3)
        if any(said <= stems for stems in _card_stems(board.card_name(c)))
    }


_COLOURED = re.compile(r"(?<=[a-z]{3})-?(?:farben|farbig)(?:e[nrsm]?|e)?$")
"""The German ending that says "-coloured" after a colour ("orangefarbene", "türkisfarbig")."""


@functools.lru_cache(maxsize=8192)
def _stem(word: str) -> str:
    """A word without accents and without the endings of gender, number and case ("rouges",
    "rossi", "roten", "Hüte" -> "roug", "ross", "rot", "hut"), so that a card's name matches
    however the sentence bends it. Remembered: a long reply asks for the same few words'
    stems hundreds of thousands of times (a 40-line plan in prose; eleventh round)."""
    w = "".join(
        c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c)
    )
    # a colour said with German "-coloured" ("die orangefarbene Hose", "lilafarbig"; eleventh
    # round): the colour's own word
    w = _COLOURED.sub("", w)
    for end in ("s", "x", ""):  # a plural's s or x first ("rouges", "chapeaux")
        if end and not w.endswith(end):
            continue
        w = w[: len(w) - len(end)]
        for ending in ("en", "er", "es", "em", "e", "i", "a", "o"):
            if len(w) > 3 and w.endswith(ending):
                return w[: -len(ending)]
        return w
    return w  # pragma: no cover - the empty ending always matches


_PIECE_WORDS = {
    "hat": ("hat", "cap", "chapeau", "cappello", "hut", "mütze"),
    "coat": ("coat", "jacket", "manteau", "veste", "cappotto", "mantello", "giacca", "mantel",
             "jacke"),
    "pants": ("pants", "trousers", "pantalon", "pantaloni", "hose"),
}  # fmt: skip
"""The garments in the words players use, besides the cards' own names in each language."""


@functools.cache
def _card_stems(name: str) -> frozenset[frozenset[str]]:
    """The words of a card's name in each language, as stems (``red-pants``: "red pants",
    "pantalon rouge", "pantaloni rossi", "rote Hose")."""
    from pbem.i18n import speaking
    from pbem.rules.verbotene_stadt.sentences import card

    colour, piece = name.split("-")
    colours = {_stem(colour)}
    out = set()
    for lang in ("en", "fr", "it", "de"):
        with speaking(lang):
            colours.add(_stem(_(colour)))
            out.add(frozenset(_stem(w) for w in re.findall(r"[^\W\d_]+", card(name))))
    out.update(frozenset({c, _stem(p)}) for c in colours for p in _PIECE_WORDS[piece])
    return frozenset(out)


_TAKE_FILLER = {
    "from", "the", "card", "of", "le", "la", "les", "l'", "de", "du", "des", "à", "a", "au",
    "carte", "il", "lo", "i", "gli", "di", "del", "della", "dal", "dalla", "da", "carta", "der",
    "die", "das", "den", "dem", "von", "vom", "karte",
    # courtesy ("Le manteau jaune de Sud, merci.", "The red pants from South, please.")
    "please", "thanks", "merci", "svp", "grazie", "prego", "danke", "bitte", "i'll",
    # a card taken away, and of course ("Ich nehme Nord die orange Hose weg", "le pantalon
    # rouge évidemment"; issue 31)
    "weg", "évidemment", "evidemment", "obviously", "ovviamente", "natürlich", "natuerlich",
    "naturalmente", "naturellement", "course", "sûr", "certo", "klar",
    # issue 31: "Orange pants pls", "The yellow one, please", "Je prends son pantalon rouge"
    "pls", "plz", "one", "son", "sa", "ses", "suo", "sua", "sein", "seine", "seinen", "his",
    "me", "moi", "mir", "mi", "celui", "celle", "quello", "quella", "that", "this", "ce",
    "her", "their", "leur", "ihre", "ihren",
    # "The orange ones", "ceux-là", "x favore", "player 3's red pants" (eighth round)
    "ones", "those", "ceux", "celles", "quelli", "x", "favore", "player", "joueur", "joueuse",
    "giocatore", "giocatrice", "spieler", "spielerin",
    # what goes without saying ("le pantalon rouge évidemment", "Definitely the orange pants",
    # "Ovviamente i pantaloni", "Natürlich die rote Hose"), and the German verb's particle
    # ("Ich nehme Nord die orange Hose weg", "... ab"); "off" ("the yellow coat off North")
    "bien", "forcément", "forcement",
    "certainement", "naturally", "definitely", "clearly", "surely",
    "certainly", "sicuramente", "certamente",
    "chiaramente", "logisch", "selbstverständlich",
    "selbstverstaendlich", "sicher", "offensichtlich", "ab", "off",
    # for whom, and what it will be ("Pour moi ce sera le pantalon rouge de Sud", "Per me i
    # pantaloni rossi", "Für mich die rote Hose", "South's red pants for me", "I'll go for the
    # yellow coat", "Ich entscheide mich für den gelben Mantel"; issue 31)
    "for", "pour", "per", "für", "fuer", "mich", "sera", "ça", "ca", "it'll", "be",
    "go", "going", "opt", "it's", "c'est", "sarà", "sara", "es", "wird", "dann", "then", "alors",
    "puis", "allora", "quindi", "so", "also", "okay", "ok", "bon", "allez", "dai", "na", "gut",
    # the owner giving it ("Nord soll mir die orange Hose geben", "Sud doit me donner le
    # pantalon rouge", "North can hand me the yellow coat"; seventh round)
    "soll", "geben", "give", "hand", "over", "donner", "doit", "dare", "deve", "can", "kann",
    "peut", "può", "puo",
    # rather this card (another set aside: "Pas le pantalon orange : je prends plutôt le
    # manteau jaune de Nord")
    "plutôt", "plutot", "rather", "instead", "invece", "piuttosto", "lieber", "stattdessen",
    "eher",
    # at whose place ("Je prends chez Sud le manteau jaune"; eighth round)
    "chez", "bei", "beim", "presso",
    # from him or her ("je lui prends le pantalon rouge", "ich nehme ihr die Hose ab"; ninth
    # round)
    "lui", "ihr", "ihm",
    # yours, said to the owner ("Nord, désolé : ton manteau jaune"), and of the two cards ("Of
    # South's two cards I choose the red pants"; ninth round)
    "ton", "ta", "tes", "tuo", "tua", "tuoi", "tue", "dein", "deine", "deinen", "your",
    "yours", "two", "deux", "due", "zwei", "cards", "cartes", "karten", "s'il", "vous",
    "plaît", "plait",
    # from whom, in Italian ("Al Nord prendo i pantaloni arancioni", "rubo all'Est"; it-3920)
    "al", "all'", "allo", "alla", "ai", "agli", "alle", "ad",
    # from you, said to the owner ("ich nehm dir die orange Hose weg", "ti prendo i pantaloni",
    # "je te prends le manteau"; tenth round)
    "dir", "ti", "te", "toi",
} | _LAUGHS | _SO  # fmt: skip
"""Words around whose card and which in a take, in four languages ("take the red hat from East",
"je prends le pantalon rouge de Sud", "prendo il cappotto giallo di Nord", "ich nehme die
orange Hose von Nord")."""


_PLACES = {
    **dict.fromkeys(("first", "1st", "former", "premier", "première", "premiere", "primo", "prima",
                     "erste", "ersten", "erster", "erstes"), 1),
    **dict.fromkeys(("second", "2nd", "deuxième", "deuxieme", "seconde", "secondo", "seconda",
                     "zweite", "zweiten", "zweiter", "zweites"), 2),
    **dict.fromkeys(("last", "latter", "dernier", "dernière", "derniere", "ultimo", "ultima",
                     "letzte", "letzten", "letzter", "letztes"), -1),
}  # fmt: skip
"""A card's place among the takes the mail lists ("the first one", "la dernière")."""
_THE = r"(?:the|le|la|l['’]|il|lo|die|der|den|das)"


def _take_by_place(a: _Answer, word: str, victim: int | None) -> Take | None:
    """The take a place names, said alone after its article ("The first one.", "Je prends le
    premier", "Prendo il primo", "Die erste"; tenth round): only where the mail lists every
    take, in the same order as the Players line shows the cards (two or three takes), and never
    in a question; None otherwise ("une seconde" is no place, "the first or the second?" asks)."""
    if word not in _PLACES or "?" in a.text:
        return None
    if not re.search(r"(?i)(?<![\w'’])" + _THE + r"\s*" + re.escape(word) + r"(?![\w'’])", a.text):
        return None  # "une seconde", "first, ...": no place said
    takes = [t for t in a.legal if isinstance(t, Take) and (victim is None or t.victim == victim)]
    if not 2 <= len(takes) <= 3:
        return None
    listed = sorted(takes, key=lambda t: notation(a.board, t, a.state.n))
    if listed != sorted(takes, key=lambda t: (t.victim, t.card)):
        return None  # the mail's list and the players' cards in another order: which one?
    place = _PLACES[word]
    return listed[place - 1] if place > 0 else listed[-1]


_WISH_FOR = {"gern", "gerne", "hätte", "haette", "aimerais", "piacerebbe"}
"""Words of a wish for a card said after it or its owner ("Da Sud voglio i pantaloni rossi", "Die
Hose hätte ich gern"; tenth round), besides :data:`_GIVE_ME`."""


def _parse_take(a: _Answer, toks: list[str]) -> Action:
    """A ``take`` answer: whose card and which, in any order and with filler words."""
    # Long on purpose: every way a take can be wrong (whose card, which card, none to take) gets
    # its own sentence for the player.
    words = toks[1:] if toks[0] == "take" else toks
    words = [w for p in words for w in p.split("-") if w]
    words = [w[:-2] if w.endswith("'s") and len(w) > 2 else w for w in words]  # "player 3's"
    # the verb and who takes, wherever the sentence puts them ("Die rote Hose nehme ich")
    words = [w for w in words if w not in _TAKE_FILLER and w not in _PRONOUNS
             and _VERB_WORDS.get(w, w) not in ("take", "select")
             and w not in _GIVE_ME | _WISH_FOR]  # fmt: skip
    if not words and toks[0] != "take":
        # "so", "lo so" (the end of "ma non lo so"): no verb, no card, no seat: no answer
        raise InvalidSyntax(
            _("'%(text)s' names no card to take.") % {"text": a.text.strip()},
            text=a.text,
            hint=a.hint,
        )
    victim: int | None = None
    rest: list[str] = []
    for w in words:
        v = _seat_of(a.state, w) if victim is None and w not in PIECES else None
        if v is None and w not in PIECES:
            v = _named_seat(a, w)  # "Ann's yellow coat" (ninth round)
            if v is not None and victim == v:
                continue  # the player's other name ("Ann Smith's")
        if v is not None and victim is None and w not in a.board.card_colours:
            victim = v
        else:
            rest.append(w)
    if len(rest) == 1 and (placed := _take_by_place(a, rest[0], victim)) is not None:
        return placed  # "The first one", "Je prends le premier", "Die erste" (tenth round)
    card = _card_of(a.board, rest) if rest else None
    like = _cards_like(a.board, rest) if rest and card is None else set()
    if len(rest) == 1 and like:
        # a colour or a garment alone ("The yellow one", "the coat"): the legal takes decide
        cands = [t for t in a.legal if isinstance(t, Take) and t.card in like
                 and (victim is None or t.victim == victim)]  # fmt: skip
        if len(cands) == 1:
            return cands[0]
    if rest and card is None:
        raise InvalidSyntax(
            _(
                "'%(words)s' is not a garment card; name it by colour and piece, e.g. red-hat "
                "(colours: %(colours)s; pieces: hat, coat, pants)."
            )
            % {"words": " ".join(rest), "colours": ", ".join(a.board.card_colours)},
            text=a.text,
            hint=a.hint,
        )
    cands = [
        t
        for t in a.legal
        if isinstance(t, Take)
        and (victim is None or t.victim == victim)
        and (card is None or t.card == card)
    ]
    if len(cands) == 1:
        return cands[0]
    if not cands:
        what = a.board.card_name(card) if card is not None else _("that card")
        who = _(SEAT_NAMES[victim]) if victim is not None else _("any player you may take from")
        raise IllegalMove(
            _(
                "You cannot take %(card)s from %(who)s now: only the cards listed in the hint "
                "may be taken."
            )
            % {"card": what, "who": who},
            text=a.text,
            hint=a.hint,
        )
    raise AmbiguousMove(
        _("'%(text)s' fits %(num)d cards: %(cards)s. Name the player and the card.")
        % {
            "text": a.text.strip(),
            "num": len(cands),
            "cards": ", ".join(notation(a.board, t, a.state.n) for t in cands),
        },
        text=a.text,
        hint=a.hint,
    )


_GOING = {"descend": "sud", "descends": "sud", "scende": "sud", "scendo": "sud",
          "monte": "nord", "montes": "nord", "sale": "nord", "salgo": "nord",
          # going back up or down ("et ensuite il remonte vers le nord", "poi risale")
          "remonte": "nord", "redescend": "sud", "risale": "nord", "risalire": "nord",
          "ridiscende": "sud", "ridiscendere": "sud", "risalgo": "nord",
          # their other persons and infinitives ("faire descendre KB", "far salire RB"; ninth
          # round)
          "descendre": "sud", "descendez": "sud", "descendons": "sud", "monter": "nord",
          "montez": "nord", "montons": "nord", "scendere": "sud", "scendi": "sud",
          "scendiamo": "sud", "salire": "nord", "sali": "nord", "saliamo": "nord"}  # fmt: skip
"""Verbs that say the way ("Le noir-bleu descend puis part à gauche", "KB scende"): read as
their direction when no direction follows them (:func:`_going`)."""
_ON_THE_WAY = {"vers", "à", "a", "au", "le", "la", "en", "verso", "il", "al", "in", "fino",
               "jusqu'au", "tout", "droit", "dritto", "directement", "direttamente", "di",
               "d'un", "d'une", "un", "une", "una", "seul", "seule", "sola", "solo", "case",
               "casella", "pas", "passo", "step", "encore", "ancora"}  # fmt: skip


_THEN_WORDS = {"puis", "ensuite", "then", "poi", "dopo", "dann", "danach", "anschließend",
               "anschliessend"}  # fmt: skip


_HAT_AFTER = {"chapeau", "chapeaux", "cappello", "cappelli", "coiffe", "berretto", "cappellino"}
_HAT_BEFORE = {"hat", "hats", "hatted", "cap", "capped", "hut", "hüte", "huete", "mütze",
               "muetze", "kappe"}  # fmt: skip
_BODY_AFTER = {"corps", "corpo", "habit", "manteau", "veste", "tunique", "robe", "vestito",
               "abito", "tunica", "giacca", "cappotto", "mantello", "vestiti"}  # fmt: skip
_BODY_BEFORE = {"body", "bodied", "robe", "robed", "tunic", "torso", "coat", "coated", "jacket",
                "suit", "suited", "dress", "körper", "koerper", "gewand", "leib", "kleid",
                "mantel", "jacke", "rock"}  # fmt: skip
"""The garments of an official named in a slide (the hat, and the body by any cloth on it), the
French and Italian noun before its colour ("chapeau noir", "col corpo blu"), the English and
German after it ("blue-hatted", "schwarzem Körper"); ninth round."""
_COLOURS_JOINED = {"and", "&", "n", "'n'", "an'", "et", "e", "und", "with", "mit", "col",
                   "con", "avec", "à", "au", "a", "in", "the", "le", "la", "il", "dal", "dalla",
                   "del", "della", "di", "de", "du", "wearing", "im", "am", "dem",
                   "den", "der", "einem", "-"}  # fmt: skip
"""Words between the two colours of an official said by its colours ("noir et bleu", "rosso e
blu", "black-and-blue", "Le noir à corps bleu", "der Blaue mit schwarzem Körper")."""
_LETTER_ALPHABET = {
    # the colour letters spelled out (NATO and the names of the four languages' alphabets)
    "romeo": "r", "roma": "r", "raoul": "r", "richard": "r",
    "yankee": "y", "yvonne": "y", "ypsilon": "y", "york": "y", "yacht": "y", "yogurt": "y",
    "bravo": "b", "berthe": "b", "berta": "b", "bologna": "b", "bari": "b",
    "golf": "g", "gaston": "g", "gustav": "g", "genova": "g",
    "kilo": "k", "kléber": "k", "kleber": "k", "kaufmann": "k", "konrad": "k", "kappa": "k",
    "kursaal": "k",
}  # fmt: skip
_AS_IN = {"wie", "comme", "come", "as", "like", "for"}
_SPELLED_LETTER = re.compile(r"(?i)^(?:[rybgk]|[rybgk]\.)$")
_PRONOUN_AFTER_VERB = re.compile(r"(?i)^([^\W\d_]+)-(?:le|la|lui|les|lo|la|ihn)$")
_NOTHING_MORE = tuple(
    tuple(phrase.split())
    for phrase in (
        "that it", "thats it", "that all", "thats all", "that it from me", "that all from me",
        "nothing more", "no further", "not further", "and that it", "and thats it", "it is",
        "c'est tout", "et c'est tout", "pis c'est tout", "c'est tout pour moi", "pas plus",
        "rien de plus", "pas plus loin", "et puis c'est tout",
        "basta", "e basta", "e basta così", "basta così", "e stop", "niente di più", "niente di piu",
        "non di più", "non di piu", "e nient'altro", "nient'altro",
        "das war", "das wars", "das ist alles", "mehr nicht", "nicht weiter", "nicht mehr",
        "und das war", "und fertig", "fertig",
        # the whole slide as one move ("Red blue north then west as one slide", "in un'unica
        # mossa", "ein Zug", "d'un seul coup")
        "as one slide", "as one move", "in one move", "in one go", "in one slide", "one move",
        "en un seul coup", "d'un seul coup", "en une fois", "en un seul mouvement", "un seul coup",
        "in un'unica mossa", "in una sola mossa", "in un colpo solo", "un'unica mossa",
        "in einem zug", "ein zug", "in einem rutsch", "einem zug",
        # the full stop said to a phone's dictation ("Rot blau nach Norden Punkt")
        "point", "punto", "punkt", "period", "full stop",
        # courtesy with "if" ("KB south, if you please")
        "if you please", "if you don't mind", "si vous le voulez bien", "se non vi dispiace",
        "wenn es recht ist", "wenn's recht ist",
    )
)  # fmt: skip
"""A slide closed by "that's all" in the four languages ("KB vers le sud, et c'est tout", "BR
ovest e basta", "BK east, nothing more", "KB nach Süden, mehr nicht"; ninth round), with the
courtesy words that may follow it (:data:`_COURTESY_ONLY`)."""


_NOTHING_MORE_ENDING: dict[str, list[tuple[str, ...]]] = {}
for _said in sorted(_NOTHING_MORE, key=len, reverse=True):
    _NOTHING_MORE_ENDING.setdefault(_said[-1], []).append(_said)
"""The phrases of :data:`_NOTHING_MORE` by their last word, longest first (eighteenth round)."""

_THANKS_AFTER = {"là", "ok", "okay", "pls", "plz", "thx", "ta", "stp", "merci"}


def _nothing_more(toks: list[str]) -> list[str]:
    """``toks`` without a closing "that's all" (:data:`_NOTHING_MORE`) and the courtesy after it."""
    end = len(toks)
    ends = [end]
    while end and toks[end - 1] in _COURTESY_ONLY | _THANKS_AFTER:
        end -= 1
    ends.append(end)
    for end in ends:  # "if you please" first, then "that's all" before "thanks"
        for phrase in _NOTHING_MORE_ENDING.get(toks[end - 1], ()) if end else ():
            n = len(phrase)
            if end > n and tuple(toks[end - n : end]) == phrase:
                return toks[: end - n]
    return toks


_THE_OFFICIAL = {"official", "officer", "one", "fonctionnaire", "funzionario", "beamte",
                 "beamten", "beamter", "figure", "figur", "guy", "piece", "pawn", "pion",
                 "pedina", "tipo", "tizio", "typ", "mec", "gars", "bonhomme", "pezzo", "kerl"}  # fmt: skip
_NOT_THIS = {"pas", "not", "non", "nicht", "no", "nein", "kein", "keinen"}
_BUT_THAT = {"mais", "but", "ma", "sondern", "aber", "però", "pero", "rather", "plutôt",
             "plutot", "piuttosto", "lieber", "instead", "merely", "simply", "only", "just",
             "seulement", "juste", "simplement", "solo", "soltanto", "semplicemente", "nur",
             "bloß", "bloss", "lediglich", "einfach"}  # fmt: skip


def _colour_of(word: str) -> str | None:
    return _colour_stems().get(_stem(word)) if len(word) > 2 else None


def _garment_apart(word: str) -> list[str]:
    """A word of the official's colours written in one ("blue-hatted", "black-and-blue",
    "blau-schwarze", "envoye-le") as its words."""
    m = _PRONOUN_AFTER_VERB.match(word)
    if m:
        return [m.group(1)]  # "envoye-le", "pousse-le": the verb, the official said elsewhere
    parts = [p for p in re.split(r"(-)", word) if p]
    if "-" not in parts:
        return [word]
    words = [p for p in parts if p != "-"]
    ok = all(
        _colour_of(w) or w in _COLOURS_JOINED or w in _HAT_BEFORE | _BODY_BEFORE for w in words
    )
    if ok and len(words) > 2:
        return words
    if ok and len(words) == 2 and any(w in _HAT_BEFORE | _BODY_BEFORE for w in words):
        return words
    return [word]


def _colour_pair(word: str) -> str:
    """A hat and body colour joined by a hyphen ("nero-blu", "blau-schwarzen") as the code."""
    parts = word.split("-")
    if len(parts) == 2 and all(_colour_of(p) for p in parts):
        return (str(_colour_of(parts[0])) + str(_colour_of(parts[1]))).lower()
    return word


def _named_by_colours(toks: list[str]) -> list[str]:
    """``toks`` with an official said by its two colours written as its code (ninth round): in
    the order hat, body ("le noir et bleu", "il rosso e blu", "the black-and-blue one", "der
    schwarz-blaue"), or with one garment that says which colour is which ("the blue-hatted black
    one", "Le noir à corps bleu", "Il nero col corpo blu", "Der Blaue mit schwarzem Körper");
    also two colour letters written apart or spelled ("K B", "b k", "B.R.", "Kilo Bravo"). Only
    when exactly two colours are named, with nothing but joining words and garments between
    them; the both-garments description is :func:`_description`'s."""
    toks = [w for t in toks for w in _garment_apart(t)]
    toks = [_colour_pair(t) for t in toks]
    toks = [  # "K wie Kaufmann", "B comme Berthe", "R come Roma", "B as in Bravo": the letter
        t
        for k, t in enumerate(toks)
        if not (
            (t in _AS_IN and toks[k - 1 : k] and _SPELLED_LETTER.match(toks[k - 1]))
            or (t in _LETTER_ALPHABET and toks[k - 1 : k] and toks[k - 1] in _AS_IN)
            or (t == "in" and toks[k - 1 : k] == ["as"])
        )
    ]
    letters = [k for k, t in enumerate(toks) if _SPELLED_LETTER.match(t) or t in _LETTER_ALPHABET]
    if len(letters) == 2 and letters[1] == letters[0] + 1:
        a, b = (_LETTER_ALPHABET.get(toks[k], toks[k].strip(".")) for k in letters)
        if not any(re.fullmatch(r"[rybgk]{2}", t) for t in toks):
            return [*toks[: letters[0]], a + b, *toks[letters[1] + 1 :]]
    coloured = [k for k, t in enumerate(toks) if _colour_of(t)]
    if len(coloured) != 2 or any(re.fullmatch(r"[rybgk]{2}", t) for t in toks):
        return toks
    first, last = coloured
    garments = {k for k, t in enumerate(toks) if t in _HAT_BEFORE | _HAT_AFTER | _BODY_BEFORE
                | _BODY_AFTER}  # fmt: skip
    hat = body = -1
    for k in garments:
        before = [c for c in coloured if c == k - 1]  # "blue hat", "schwarzem Körper"
        after = [c for c in coloured if c == k + 1]  # "chapeau noir", "corpo blu"
        near = ([*before] if toks[k] in _HAT_BEFORE | _BODY_BEFORE else []) + (
            [*after] if toks[k] in _HAT_AFTER | _BODY_AFTER else []
        )
        if len(near) != 1:
            return toks
        if toks[k] in _HAT_BEFORE | _HAT_AFTER and toks[k] not in _BODY_BEFORE | _BODY_AFTER:
            if hat >= 0:
                return toks
            hat = near[0]
        elif toks[k] in _BODY_BEFORE | _BODY_AFTER and toks[k] not in _HAT_BEFORE | _HAT_AFTER:
            if body >= 0:
                return toks
            body = near[0]
        else:
            return toks
    if hat >= 0 and body >= 0 and hat == body:
        return toks
    if hat < 0 and body < 0:
        hat, body = first, last
    elif hat < 0:
        hat = first if body == last else last
    elif body < 0:
        body = last if hat == first else first
    start = min([first, *garments])
    end = max([last, *garments])
    if any(
        k not in garments
        and k not in coloured
        and toks[k] not in _COLOURS_JOINED
        and toks[k] not in _THE_OFFICIAL
        for k in range(start, end + 1)
    ):
        return toks
    code = str(_colour_of(toks[hat])) + str(_colour_of(toks[body]))
    tail = toks[end + 1 :]
    if tail[:1] in (["one"], ["ones"], ["officer"], ["official"]):
        tail = tail[1:]  # "the black-and-blue one", not one step
    return [*toks[:start], code.lower(), *tail]


_ARTICLES = {"il", "lo", "le", "la", "l'", "the", "den", "der", "die", "das", "dem", "this"}
_DIR_LETTERS_SET = {"n", "e", "s", "w"}


def _not_this_but(toks: list[str]) -> list[str]:
    """``toks`` from the official that an official denied before it gives way to ("Pas RB,
    mais KB : sud puis est", "Nicht KB, sondern BK", "Non il blu-rosso, il blu-nero", "Not RB
    — BR, west then north", "Nicht den Schwarzen, sondern BR", "Pas KB cette fois : BK"; ninth
    round): the denied one named alone (by its code or a colour), or with its slide and a "but",
    the other named after it by its code."""
    if len(toks) < 3 or toks[0] not in _NOT_THIS:
        return toks
    k = 1
    while k < len(toks) and toks[k] in _ARTICLES:
        k += 1
    if k < len(toks) and re.fullmatch(r"[rybgk]{2}", toks[k]):
        denied = toks[k]
        k += 1
    elif k < len(toks) and _colour_of(toks[k]):
        denied = ""
        k += 1
        while k < len(toks) and (_colour_of(toks[k]) or toks[k] in _THE_OFFICIAL):
            k += 1  # "Not the black one", "den Schwarzen"
    else:
        return toks
    start = k
    while k < len(toks) and (
        toks[k] in _DIR_WORDS or toks[k] in _FILLER or toks[k] in _DIR_LETTERS_SET
    ):
        k += 1  # "Not BK east and then north, merely BK east": the slide denied
    denied_slide = any(t in _DIR_WORDS or t in _DIR_LETTERS_SET for t in toks[start:k])
    if denied_slide and (k == len(toks) or toks[k] not in _BUT_THAT):
        return toks
    while k < len(toks) and toks[k] in _BUT_THAT | _ARTICLES:
        k += 1
    if (
        k < len(toks)
        and re.fullmatch(r"[rybgk]{2}", toks[k])
        and (toks[k] != denied or denied_slide)
    ):
        return toks[k:]  # (the same official, when the slide denied had its directions)
    return toks


def _going(toks: list[str]) -> list[str]:
    """``toks`` with each verb of :data:`_GOING` written as its direction when the next word
    that is not on its way (:data:`_ON_THE_WAY`) is no direction ("descend puis part à
    gauche": S then W; "descend vers le sud": the verb only; seventh round)."""
    out = list(toks)
    for k, t in enumerate(toks):
        if t not in _GOING:
            continue
        for w in toks[k + 1 :]:
            if w in _DIR_WORDS and w not in _THEN_WORDS:
                break  # "monte le fonctionnaire rouge et bleu vers le nord": the verb only
            if w in _THEN_WORDS:
                out[k] = _GOING[t]  # "descend puis part à gauche"
                break
        else:
            out[k] = _GOING[t]  # "KB descend."
    for k in range(len(out) - 1):
        t = toks[k]
        if (t in _GOING or t in {"porto", "bring", "bringe"}) and out[k + 1] in _DIR_WORDS:
            way, k2 = out[k + 1], k + 1
        elif t in _GOING and out[k] in _DIR_WORDS:
            way, k2 = out[k], k
        else:
            continue
        if (
            k2 + 1 < len(out)
            and re.fullmatch(r"[rybgk]{2}", out[k2 + 1])
            and all(w in _DIR_WORDS or w in _FILLER or w in _STEP for w in out[k2 + 2 :])
        ):
            # "Je descends KB", "Porto giù KB": the way said before the official
            out[k2], out[k2 + 1] = out[k2 + 1], way
            break
    return out


_FOR_THE = {"per", "with", "con", "col", "avec", "mit", "for", "pour"}


def _official_first(toks: list[str], rest: list[str]) -> list[str]:
    """``rest`` with the official named last after "with" ("just one step east with BK", "Solo
    un passo a est per BK", "un pas vers l'est avec BK"; ninth round) put first; only when every
    other word is a direction."""
    codes = [k for k, t in enumerate(rest) if re.fullmatch(r"[rybgk]{2}", t)]
    if len(codes) != 1 or codes[0] != len(rest) - 1 or codes[0] == 0:
        return rest
    at = max(k for k, t in enumerate(toks) if t == rest[-1])
    if not (at and toks[at - 1] in _FOR_THE):
        return rest
    if all(t in _DIR_WORDS or re.fullmatch(r"[nesw]", t) for t in rest[:-1]):
        return [rest[-1], *rest[:-1]]
    return rest


_AT_THE_END = (("at", "the", "end"), ("in", "the", "end"), ("à", "la", "fin"), ("a", "la", "fin"),
               ("en", "fin", "de", "course"), ("alla", "fine"), ("am", "ende"),
               ("am", "schluss"))  # fmt: skip
"""Where a slide turns, said in words ("south and turn it west at the end", "puis à la fin vers
l'ouest", "e alla fine a ovest", "und am Ende nach Westen"; issue 31, tenth round): no word of
its own."""


def _at_the_end(toks: list[str]) -> list[str]:
    """``toks`` without the words of :data:`_AT_THE_END`."""
    out: list[str] = []
    k = 0
    while k < len(toks):
        phrase = next((p for p in _AT_THE_END if tuple(toks[k : k + len(p)]) == p), None)
        if phrase is not None and k:
            k += len(phrase)
            continue
        out.append(toks[k])
        k += 1
    return out


@functools.lru_cache(maxsize=4096)
def _move_words(toks: tuple[str, ...]) -> tuple[str, ...]:
    """A move's words as :func:`_parse_move` reads them: its words at the end, its closing
    courtesy, its official described, named by colours or denied for another and its verbs of
    going each taken as the reader writes them. A pure function of the words, found once for the
    words a reply's readers try again (three in four; nineteenth round)."""
    return tuple(
        _going(_not_this_but(_named_by_colours(_described(_nothing_more(_at_the_end(list(toks)))))))
    )


def _parse_move(a: _Answer, toks: list[str]) -> Action:
    # Long on purpose: one branch per written form of a move, tried in order; a split scatters the grammar.
    if (going_on := _GOES_ON.search(a.text.strip(" .!…"))) is not None and "\n" not in a.text:
        # "... nach Süden und dann nach" (a line wrapped in its directions; eighth round: the
        # first direction was played): not finished
        raise InvalidSyntax(
            _(
                "'%(word)s' is not a direction. Write N, E, S or W (or north, east, south, "
                "west), e.g. RK N E."
            )
            % {"word": going_on.group(0).strip(" ,;:–—-")},
            text=a.text,
            hint=a.hint,
        )
    toks = list(_move_words(tuple(toks)))
    mode = ""
    rest: list[str] = []
    step = far = False
    for k, t in enumerate(toks):
        if t in ("claim", "bluff"):
            mode = "claim"
        elif t in ("reveal", "enter", "open"):
            mode = "reveal"
        elif t in ("one", "ones") and (
            (k and (toks[k - 1] in _COLOUR_WORDS or re.fullmatch(r"\w+-\w+", toks[k - 1])))
            or toks[k + 1 : k + 2] in (["with"], ["wearing"], ["in"])
            or (
                k + 1 < len(toks)
                and re.fullmatch(r"[rybgk]{2}", toks[k + 1])
                and toks[k - 1 : k] == ["the"]
            )
            or (k > 1 and re.fullmatch(r"[rybgk]{2}", toks[k - 1]) and toks[k - 2] == "the")
            or (
                # "the black-hat, blue-body one goes south" (KB one goes): a word that is no
                # direction and no step's noun after it, so the official's pronoun (13th round)
                k
                and re.fullmatch(r"[rybgk]{2}", toks[k - 1])
                and toks[k + 1 : k + 2]
                and toks[k + 1] not in _DIR_WORDS
                and toks[k + 1] not in _DIR_LETTERS_SET
                and toks[k + 1] not in _STEP
                and toks[k + 1] not in _PACE
                and toks[k + 1] not in _FAR
                and toks[k + 1] not in _SQUARE_NOUNS
            )
        ):
            # "the blue/red one goes west", "the one with the blue hat": the official, not one
            # step (eighth round)
            continue
        elif t in _STEP or (t in _PACE and toks[k - 1 : k] and toks[k - 1] in _ONE_PACE):
            step = True  # ("d'un seul pas", "un passo solo", "einen Schritt")
        elif t in _FILLER:
            continue
        elif t in ("l", "d") and toks[k + 1 : k + 2] and toks[k + 1] in _DIR_WORDS:
            continue  # "BR vers l ouest": a phone's elision without its apostrophe
        elif t in _FAR and k and (toks[k - 1] in _FILLER or toks[k - 1] in _FAR_FILLER):
            far = True  # "jusqu'au mur", "all the way", "fino in fondo"
        elif t in _FAR_FILLER and any(w in _FAR for w in toks[k + 1 : k + 4]):
            continue
        else:
            rest.append(t)
    if not rest:
        raise InvalidSyntax(
            _(
                "'%(text)s' names no official. A move is an official and directions, e.g. "
                "RK N E; claim or reveal go after a move that enters the active pavilion."
            )
            % {"text": a.text.strip()},
            text=a.text,
            hint=a.hint,
        )
    rest = _official_first(toks, rest)
    if rest[0] in _COLOUR_WORDS and len(rest) > 1 and rest[1] in _COLOUR_WORDS:
        rest = [rest[0] + "-" + rest[1], *rest[2:]]
    head = rest[0]
    dirs_tok = rest[1:]
    # Also accept the compact "RKNE" / "rk-n".
    if len(head) > 2 and "-" not in head and re.fullmatch(r"[a-z]{2}[nesw]+", head):
        head, dirs_tok = head[:2], [head[2:], *dirs_tok]
    o = _official(a.board, a.state, head, a.text, a.hint)
    code = a.board.official_code(o)
    words = _steer_words(a, code, dirs_tok, step, mode)
    if words == "door":
        return steer.door(a.board, a.state, a.seat, o, a.text, a.hint)
    if words:
        # "RK pavilion", or "RK pavilion or door": else another official toward the door.
        try:
            move = steer.toward(a.board, a.state, a.seat, o, a.text, a.hint)
        except IllegalMove:
            if words == "pavilion":
                raise
            try:
                return steer.helper(a.board, a.state, a.seat, o, a.text, a.hint)
            except IllegalMove:
                if words != "pavilion or door or any":
                    raise
                return steer.aside(a.board, a.state, a.seat, o, a.text, a.hint)
        if not engine.trace(a.board, a.state, move).entered:
            return move  # a written claim or reveal is for the case it enters: not now
        return _entering(a, move, mode)
    # "RB up to the north": one direction, said as a side and as a compass point
    dirs_tok = [t for k, t in enumerate(dirs_tok) if not _said_twice(t, dirs_tok[k + 1 : k + 2])]
    dirs: list[str] = []
    for t in dirs_tok:
        if t in _DIR_WORDS:
            dirs.extend(_DIR_WORDS[t].split())
        elif "-" in t and all(p in _DIR_WORDS for p in t.split("-")):
            dirs.extend(d for p in t.split("-") for d in _DIR_WORDS[p].split())  # "sud-est"
        elif re.fullmatch(r"[nesw]+", t):
            dirs.extend(t.upper())
        else:
            raise InvalidSyntax(
                _(
                    "'%(word)s' is not a direction. Write N, E, S or W (or north, east, south, "
                    "west), e.g. RK N E."
                )
                % {"word": t},
                text=a.text,
                hint=a.hint,
            )
    if not dirs:
        raise InvalidSyntax(
            _("The move names %(code)s but no direction; write e.g. %(code)s N or %(code)s N E.")
            % {"code": code},
            text=a.text,
            hint=a.hint,
        )
    if step and far:
        raise InvalidSyntax(
            _("A one-step move has exactly one direction, e.g. %(code)s step N.") % {"code": code},
            text=a.text,
            hint=a.hint,
        )
    if step and len(dirs) != 1:
        raise InvalidSyntax(
            _("A one-step move has exactly one direction, e.g. %(code)s step N.") % {"code": code},
            text=a.text,
            hint=a.hint,
        )
    if a.state.moves_option == "right-angle-once" and len(dirs) > 2:
        raise InvalidSyntax(_(engine.ONE_TURN_AT_MOST), text=a.text, hint=a.hint)
    move = Move(o, tuple(dirs), step, "")
    tr = engine.trace(a.board, a.state, move)
    if tr.error:
        raise IllegalMove(tr.error, text=a.text, hint=a.hint)
    if step:
        plain = engine.trace(a.board, a.state, Move(o, tuple(dirs)))
        if plain.end == tr.end and plain.entered == tr.entered:
            move = Move(o, tuple(dirs))
    if not tr.entered:
        if mode:
            raise IllegalMove(
                _(
                    "%(code)s does not enter the active pavilion %(pavilion)s with this move, so "
                    "'%(mode)s' does not apply; leave it out."
                )
                % {"code": code, "pavilion": a.state.active_pavilion, "mode": mode},
                text=a.text,
                hint=a.hint,
            )
        return move
    return _entering(a, move, mode)


def _steer_words(a: _Answer, code: str, dirs_tok: list[str], step: bool, mode: str) -> str:
    """Which move read when played the words after the official ask for (:mod:`steer`):
    ``pavilion``, ``door``, ``pavilion or door``, ``pavilion or door or any``, or ``""``
    (written directions). Raises
    :class:`InvalidSyntax` when such a word comes with a direction or a one-step move (or, for the
    door, a mode)."""
    if not step and len(dirs_tok) in (3, 5):
        first, between, last = dirs_tok[:3]
        if first in steer.WORDS and between in steer.OR_WORDS and last in steer.DOOR_WORDS:
            if len(dirs_tok) == 3:
                return "pavilion or door"
            if dirs_tok[3] in steer.OR_WORDS and dirs_tok[4] in steer.ANY_WORDS:
                return "pavilion or door or any"
    for words, what, bad, message in (
        (
            steer.DOOR_WORDS,
            "door",
            bool(mode),
            N_(
                "A helper's move toward the door names the official and no direction, "
                "e.g. %(code)s door."
            ),
        ),
        (
            steer.WORDS,
            "pavilion",
            False,
            N_(
                "A move toward the active pavilion names the official and no direction, "
                "e.g. %(code)s pavilion (or %(code)s pavilion claim)."
            ),
        ),
    ):
        if any(t in words for t in dirs_tok):
            if step or bad or len(dirs_tok) != 1:
                raise InvalidSyntax(_(message) % {"code": code}, text=a.text, hint=a.hint)
            return what
    return ""


def _entering(a: _Answer, move: Move, mode: str) -> Move:
    """An entering ``move`` with its ``mode`` as written (``""``: reveal for one's own official);
    refused when the mode is missing and the choice is the player's, or not allowed."""
    o = move.official
    code = a.board.official_code(o)
    own = a.state.selections[a.seat] == o
    if not mode:
        if own:
            mode = "reveal"
        elif engine.bluff_allowed(a.state, a.seat):
            raise AmbiguousMove(
                _(
                    "%(code)s enters pavilion %(pavilion)s, but it is not the official on your "
                    "selector: add claim to bluff (the others believe or doubt) or reveal to show "
                    "your selector and get no card, e.g. %(move)s claim."
                )
                % {
                    "code": code,
                    "pavilion": a.state.active_pavilion,
                    "move": notation(a.board, move),
                },
                text=a.text,
                hint=a.hint,
            )
    move = Move(move.official, move.dirs, move.step, mode or "reveal")
    err = engine.entry_error(a.board, a.state, a.seat, move)
    if err:
        raise IllegalMove(err, text=a.text, hint=a.hint)
    return move


def _fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def _with_unaccented() -> None:
    """The words of the decisions also as phones write them, without accents ("je garde la
    meme", "Ich wahle GB", "Je prefere"): each table gains its words' unaccented spellings."""
    for table in (_AROUND, _SAME, _AS_BEFORE, _CHANGE, _NOTHING, _UNCHANGED_AROUND, _TAKE_FILLER,
                  _SELECT_FILLER, _BELIEVE, _DOUBT, _NEGATION, _WISH, _LEADING, _GIVE_ME,
                  _PRONOUNS, _TAKE_IT_FROM, _NOT, _JOINERS):  # fmt: skip
        table.update({_fold(w) for w in table})
    _VERB_WORDS.update(
        {_fold(w): v for w, v in list(_VERB_WORDS.items()) if _fold(w) not in _VERB_WORDS}
    )


_with_unaccented()


_SLIDE_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def slides_named(lines: list[str]) -> list[str]:
    """The sentences of ``lines`` that name a slide: an official (its code, a colour or a
    garment word) and a direction word (a compass point or a side of the board in the four
    languages; a single letter only after a code: "rb n"). A reply whose sentences name more
    slides than were read holds a later part of the turn the reader did not understand
    ("Then the black-hatted one with the blue body slides south", "se i dadi me lo permettono
    rb nord ovest"; eleventh round's hold-outs): the service asks back instead of playing the
    first slide alone."""
    return [s for line in lines for s in _SLIDE_SENTENCE.split(line) if _names_a_slide(s)]


def _names_a_slide(sentence: str) -> bool:
    words = [w.casefold() for w in re.findall(r"[^\W\d_]+", sentence)]
    official = False
    direction = False
    for k, w in enumerate(words):
        code = re.fullmatch(r"[rybgk]{2}", w) is not None
        stem = _stem(w)
        if (
            code
            or stem in _colour_stems()
            or stem in _garment_stems("hat")
            or stem in (_garment_stems("body"))
        ):
            official = True
        if (
            len(w) >= 3
            and w in _DIR_WORDS
            and w not in _SIDE_WORDS
            or (
                len(w) == 1
                and w in "nsew"
                and k > 0
                and re.fullmatch(r"[rybgk]{2}|[nsew]", words[k - 1])
            )
        ):
            direction = True
    return official and direction
