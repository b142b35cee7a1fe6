"""The player's last word counts: a guard at the end of the reading of a reply (issue 31).

The field readers (:mod:`pbem.commands.grammar`'s moves and plans, the commands' own forms) read a
correction as the new move or argument where they know its shape. This module is the one check
after all of them: when the words written AFTER the last command read take it back ("N13 R2...
laissez tomber"), correct it into something the reading did not take ("VACANCES 7j - ah non,
mettez 10j"), joke it away ("M13 R1, je plaisante"), make it conditional ("Je crois, si c'est le
jaune") or say not to play it ("Ne le jouez pas, je vous réécris"), nothing is carried out and the
reply is asked back with a line saying so (:func:`guard`).

Only words after the last command count (later on its line, later lines, a P.S.); words before it
are the field readers' business. A later correction the reading already took (the move read is
the one written after the take-back) is left alone. Courtesy and small talk after a move ("Sorry
for the late answer", "no rush", "Non pas que ça change grand-chose") stop nothing: a bare "no"
counts only as an interjection (followed by a comma, a stop, a dash or the end), "sorry" and
"pardon" only in front of a new move or argument.

The vocabularies are matched on the text folded to lower case without accents and with straight
apostrophes (:func:`fold`), so "réécris", "reecris" and "REECRIS" are one word.
"""

from __future__ import annotations

import bisect
import functools
import itertools
import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from pbem.commands import conditions, queued
from pbem.errors import CommandError
from pbem.i18n import N_, _, current
from pbem.mail.reply import corrected_rest, said_line
from pbem.rules.base import RuleError

if TYPE_CHECKING:
    from pbem.commands.grammar import Command, Reading

_B = r"(?<![\w'])"
_E = r"(?![\w'])"


def _words(*alts: str) -> str:
    return _B + "(?:" + "|".join(alts) + ")" + _E


TAKE_BACK = _words(
    # en
    # (not a forgetting denied, the purpose of a queued move: "don't want to forget this one",
    # "so I don't forget it"; fourteenth round)
    r"(?<!n't\s)(?<!dont\s)(?<!not\s)(?<!n't\swant\sto\s)(?<!dont\swant\sto\s)(?<!not\sto\s)"
    r"forget\s+(?:it|that|this|about\s+(?:it|that)|(?:about\s+)?(?:the|my)\s+\w+)",
    r"vergiss(?:t)?\s+(?:den|die|das)\s+\w+",
    r"never\s*mind",
    r"scr(?:atch|ap)\s+(?:that|this|it)",
    r"ignore\s+(?:that|this|it|the\s+above|what\s+i\s+(?:said|wrote))",
    r"cancel\s+(?:that|this|it)",
    r"(?:i\s+)?take\s+(?:that|it|this)\s+back",
    r"(?:i'?m\s+|i\s+am\s+|just\s+|only\s+){0,3}(?:joking|kidding)",
    r"jk",
    r"hold\s+off",
    # fr
    r"laiss(?:e|ez)\s+tomber",
    r"oubli(?:e|ez)(?:\s+(?:ca|cela|tout|le|la))?",
    r"annul(?:e|ez)(?:\s+(?:ca|cela|tout))?",
    r"je\s+(?:le\s+)?retire(?:\s+(?:ca|cela|ce\s+que))?",
    r"je\s+plaisante",
    r"(?:c'est\s+|c'etait\s+)?(?:une\s+)?blague",
    r"n'envoy(?:e|ez)\s+pas",
    r"ne\s+l'envoy(?:e|ez)\s+pas",
    # it
    r"lasci(?:a|ate)?\s+perdere",
    r"dimentica(?:te|telo|lo)?",
    r"annulla(?:te|telo|lo)?",
    r"cancella(?:te|telo|lo)?",
    r"(?:lo|la|li)\s+ritiro|ritiro\s+(?:tutto|quello|quanto)",
    r"(?:sto\s+|stavo\s+)?scherz(?:o|avo|ando)",
    r"non\s+(?:lo\s+|la\s+)?(?:mandar(?:lo|e)|mandate(?:lo)?|inviar(?:lo|e)|inviate(?:lo)?)",
    r"lasci(?:a|ate)?\s+stare",
    # de
    r"vergiss(?:\s+(?:es|das)|'?s)",
    r"vergesst\s+(?:es|das)",
    r"vergessen\s+sie\s+(?:es|das)",
    r"streich(?:t|en\s+sie)?\s+das",
    r"ignorier(?:t|en\s+sie)?\s+das",
    r"ich\s+nehme\s+(?:das|es)\s+zuruck",
    r"doch\s+nicht",
    r"(?:nur|war|kleiner)\s+(?:ein\s+)?(?:spass|spaß|scherz|witz)",
    r"(?:spielt|spielen\s+sie|zieht|ziehen\s+sie|schickt|schicken\s+sie)\s+(?:das|es|ihn|den\s+zug)\s+"
    r"(?:noch\s+)?nicht",
    r"streich(?:en|t)",
    r"(?:das|den|die)\s+\w+\s+vergessen",
    r"no{3,}",
    # the move meant for another game (of the player's, or a mistake of game)
    r"(?:for|meant\s+for)\s+(?:my|the|our)\s+other\s+(?:game|match)",
    r"wrong\s+game",
    r"pour\s+(?:mon|ma|l'|notre|une)\s*autre\s+partie",
    r"mauvaise\s+partie",
    r"(?:trompe|tromper|trompee)\s+de\s+partie",
    r"per\s+(?:l'|la\s+mia\s+|un'|la\s+nostra\s+)\s*altra\s+partita",
    r"partita\s+sbagliata",
    r"sbagliat[oa]\s+(?:di\s+)?partita",
    r"fur\s+(?:meine|die|unsere|eine)\s+andere(?:n)?\s+(?:partie|spiel|runde)",
    r"falsche(?:s|n)?\s+(?:partie|spiel)",
)
"""Words that take back what was just written, in the four languages (folded, :func:`fold`);
a move meant for another game ("oups, c'était pour mon autre partie", "sorry, wrong game") too."""

# fmt: off
TAKE_BACK_PHRASES = (
    # English
    "ignore that", "ignore this", "ignore the above", "ignore my", "disregard", "scratch that",
    "forget that", "forget it", "never mind", "nevermind", "no wait", "oh wait", "hold on",
    "not that one", "wrong one", "wrong move", "still thinking", "cancel that", "take it back",
    "oops", "whoops", "my mistake", "typo", "scrap that", "scrap this", "scrap it", "strike that",
    # French
    "ignorez", "ignore ça", "ignorer", "oubliez", "oublie ça", "oubliez ça", "laissez tomber",
    "laisse tomber", "attendez", "pas ça", "pas celui-là", "pas celui-ci", "mauvais coup",
    "erreur", "je me suis trompé", "je me suis trompée", "je réfléchis", "j'annule", "annulez",
    "oups",
    # Italian
    "ignorate", "ignora", "ignorare", "lasciate stare", "lascia stare", "dimenticate",
    "dimentica", "aspettate", "non quella", "non questa", "mossa sbagliata", "errore",
    "ho sbagliato", "ci penso", "annullate", "annulla", "ops",
    # German
    "ignoriert", "ignorieren", "ignoriere", "vergesst", "vergiss", "wartet", "nicht den",
    "nicht diesen", "nicht das", "falscher zug", "fehler", "vertippt", "vertan", "überlege",
    "ueberlege", "storniert", "ups", "hoppla",
    # none of the moves the mail above suggests ("None of those for me, I'm going with L11 R1";
    # issue 31)
    "none of those", "none of these", "none of them", "aucun de ceux-là", "aucun de ceux-ci",
    "aucune de celles-là", "aucune de celles-ci", "aucun de ces coups", "nessuna di queste",
    "nessuna di quelle", "nessuno di questi", "nessuno di quelli", "keiner davon", "keins davon",
    "keine davon", "keiner von denen", "keiner von diesen",
    # with a number or a noun between ("Aucune de ces trois propositions ne me convient", "keiner
    # dieser drei Vorschläge"; a line of the service's mail quoted in the middle; issue 31)
    "aucun de ces", "aucune de ces", "keiner dieser", "keine dieser", "keines dieser", "keins dieser",
    "aucun de vos exemples", "aucune de vos suggestions", "none of your examples",
    "none of your suggestions", "nessuno dei vostri esempi", "nessuno dei vostri suggerimenti",
    "keines ihrer beispiele", "keins ihrer beispiele", "keiner ihrer vorschläge",
    "ne me convient", "ne me conviennent", "ne me plaît", "ne me plaisent", "doesn't suit me",
    "don't suit me", "non mi convince", "non mi convincono", "non mi piace", "non mi piacciono",
    "gefällt mir nicht", "gefallen mir nicht", "passt mir nicht", "passen mir nicht",
    # the player's own "sent in error" (a company disclaimer's are dropped before the reading:
    # pbem/mail/footer.py; issue 31)
    "in error", "by mistake", "ignore it", "please ignore", "per sbaglio", "ignoratela",
    "ignoratelo", "ignoratemi", "aus versehen", "versehentlich",
    # the take-backs of every language that point at what was just written ("L12 R3, scrap that,
    # L12 R1", "N13 R2, anzi lasciate perdere"; issue 31, ninth round)
    "scrap that", "scrap it", "strike that", "cancel it", "forget about it", "disregard that",
    "laissez tomber", "on oublie", "lascia perdere", "lasciate perdere", "lasciamo perdere",
    "lasciamo stare", "come non detto", "scordatelo", "streich das", "streicht das",
    "streichen sie das", "vergessen sie das", "nicht beachten", "kommando zurück",
)
# fmt: on
"""Words that take back the move above them without naming another ("M13 R1" then "Ignore that,
I'll send my move later", "Oubliez ça", "No aspettate, ci penso ancora", "Vergesst das"; issue
31): the reply then plays nothing and asks for the move. Matched as whole words or phrases, any
case, on a line after the move that names no move (:func:`is_take_back`), and dropped from a
correction's words (:func:`correction_rest`). A line that is only "no", "non" or "nein", or starts
with "wait" or its translations, takes back too (:data:`_WAIT`)."""

TAKE_BACK_SAID = (
    # English
    r"scr(?:atch|ap)\s+(?:that|it|this)|forget\s+(?:that|it|this|about\s+(?:it|that))|never\s*mind"
    r"|cancel(?:\s+(?:that|it|this))?|ignore\s+(?:that|it|this)|disregard(?:\s+(?:that|it|this))?"
    r"|strike\s+that|undo(?:\s+(?:that|it))?|delete\s+(?:that|it)|take\s+(?:that|it)\s+back"
    r"|(?:don'?t|do\s+not)\s+play\s+(?:that|it)|not\s+that(?:\s+one)?|no\s+wait|wait\s+no"
    # French
    r"|oubli(?:ez|e)(?:\s+(?:ça|ca|cela|le|la))?|laiss(?:ez|e)\s+tomber|annul(?:ez|e)(?:\s+(?:ça|ca))?"
    r"|j['’]annule|ignor(?:ez|e)(?:\s+(?:ça|ca|cela))?|non\s+rien|pas\s+(?:ça|ca)|je\s+retire"
    r"|effac(?:ez|e)(?:\s+(?:ça|ca))?|on\s+oublie|ne\s+(?:la|le)\s+jouez\s+pas"
    # Italian
    r"|lascia(?:te|mo)?\s+(?:perdere|stare)|annulla(?:te)?|ignora(?:te)?(?:l[ao])?|dimentica(?:te)?(?:l[ao])?"
    r"|no\s+niente|cancella(?:te)?|scordatelo|come\s+non\s+detto"
    # German
    r"|verg(?:iss|esst|essen\s+sie)(?:\s+(?:es|das))?|streich(?:t|en\s+sie)?\s+das"
    r"|ignorier(?:t|en\s+sie)?\s+das|nicht\s+beachten|kommando\s+zur[üu]ck|doch\s+nicht"
    r"|l[öo]sch(?:t|en\s+sie)?\s+das|nimm\s+das\s+zur[üu]ck|storniert?|annullier(?:t|en)"
)
"""The take-back said right after the move on its line, as written (accents kept: "oubliez ça",
"zurück"), which :mod:`pbem.commands.grammar` reads with the words around it ("M13 R2, forget
it", "O13 R3, anzi no, lascia stare", "M13 R2 streich das")."""

_POINTING_END = re.compile(
    r"(?i)^(?:nicht|non)\s+(?:den|das|diesen|dieses|quella|questa|quello|questo)$"
)
"""A take-back phrase that is a negation and an article or a demonstrative ("nicht den", "non
quella"): "that one" only when nothing follows it; with a noun or a move after it, it denies
that thing ("Nicht den Mantel.", "Non quella giacca", "Nicht den M13 R1": never the thing read
as the correction; issue 31, tenth round)."""


def _alternation(phrases: Sequence[str]) -> str:
    return "|".join(re.escape(p) for p in sorted(set(phrases), key=len, reverse=True))


@functools.cache
def _phrased() -> re.Pattern[str]:
    """:data:`TAKE_BACK_PHRASES` as one pattern (on :func:`pbem.mail.reply.said_line`)."""
    phrases = [p.casefold() for p in TAKE_BACK_PHRASES]
    pointing = [p for p in phrases if _POINTING_END.search(p)]
    alone = r"(?:" + _alternation(pointing) + r")(?=\s*(?:[^\w\s'’]|$))"
    return re.compile(
        r"(?<![\w'’])(?:" + alone + r"|" + _alternation([p for p in phrases if p not in pointing])
        + r")(?![\w'’])"
    )  # fmt: skip


_WAIT = re.compile(
    r"^\W*(?:(?:no+|nope|nah|non|nein)\W+)?(?:wait|attends|aspetta|warte|moment)\b"
    r"|^\W*(?:no+|nope|nah|non|nein)\W*$"
)
"""A line that starts with "wait" (after a "no") or is only "no"."""


def is_take_back(line: str) -> bool:
    """Does the line take back what came before it ("Ignore that", "Oubliez ça", "No aspettate",
    "Vergesst das", "Non !"; :data:`TAKE_BACK_PHRASES`; issue 31)? Read only on a line after the
    move that names no move of its own."""
    folded = said_line(line)
    return bool(_phrased().search(folded) or _WAIT.match(folded))


def correction_rest(text: str) -> str | None:
    """``text`` without its words of correction, take-back (:data:`TAKE_BACK_PHRASES`), second
    thoughts and "no", when it names a correction or a take-back ("ah non, finalement", "anzi no",
    "Moment, nicht", "actually no"); None when it names neither (second thoughts alone: "sinon ...
    plutôt"; :func:`pbem.mail.reply.corrected_rest`; issue 31)."""
    return corrected_rest(text, _phrased())


_NO = re.compile(
    _B + r"(?:no|non|nein|nee|ne|no{2,}|nope|nah)" + r"(?=\s*(?:[,.!;:…\-–—)]|$|\s(?:"
    r"wait|hold|sorry|actually|attend(?:s|ez)?|pardon|en\s+fait|minute|aspett(?:a|ate|i)|scusa"
    r"|anzi|wart(?:e|et)?|moment|doch"
    r"|sorry|entschuldig|besser|lieber|plutot|rather|instead|make\s+it|mettez|metti|mach"
    r"|pas(?!\s+que)|not|nicht|non)(?![\w'])))"
)
"""A bare "no" said as an interjection: "ah non, mettez 10j", "bof non", "nein, das nicht", "no
wait", "ah non pas à l'est" (no, not ...: tenth round); not "no rush", "non pas que", "non giocarla" (read by :data:`TAKE_BACK` as its own)."""

RATHER = _words(
    r"or\s+rather",
    r"i\s+mean(?:t)?",
    r"instead",
    r"make\s+(?:it|that)",
    r"ou\s+plutot",
    r"plutot",
    r"je\s+veux\s+dire",
    r"je\s+voulais\s+dire",
    r"a\s+la\s+place",
    r"mettez\s+plutot",
    r"o\s+meglio",
    r"anzi",
    r"cioe",
    r"volevo\s+dire",
    r"invece",
    r"oder\s+(?:besser|lieber|eher)",
    r"vielmehr",
    r"ich\s+mein(?:e|te)",
    r"stattdessen",
    # the move changed into another ("Machen Sie daraus RB N W", "changez-le en ...")
    r"change\s+(?:it|that|this)\s+(?:to|into)",
    r"chang(?:e|ez)(?:-le|-la|\s+(?:ca|cela))?\s+(?:en|pour)",
    r"remplac(?:e|ez)(?:-le|-la|\s+(?:ca|cela|le|la))?\s+par",
    r"cambia(?:te)?(?:la|lo)?\s+(?:in|con)",
    r"sostituisci(?:te)?(?:la|lo)?\s+con",
    r"mach(?:t|en\s+sie)?\s+daraus",
    r"(?:ander|aender)(?:e|t|n\s+sie)\s+(?:das|es|ihn|den\s+zug)\s+(?:in|auf|zu)",
    r"ersetz(?:e|t|en\s+sie)\s+(?:das|es|ihn|den\s+zug)\s+durch",
)
"""A correction's lead: counts when the words after it name something the reading did not take,
or nothing at all ("M13 R2, or rather..." with no move after)."""

SOFT = _words(
    r"sorry",
    r"oops",
    r"pardon",
    r"correction",
    r"typo",
    r"faute\s+de\s+frappe",
    r"en\s+fait",
    r"actually",
    r"scus(?:a|ate|ami|atemi)",
    r"correzione",
    r"errore\s+di\s+battitura",
    r"entschuldig(?:ung|en\s+sie)",
    r"korrektur",
    r"je\s+me\s+reprends",
    r"je\s+rectifie",
    r"i\s+correct\s+myself",
    r"let\s+me\s+correct(?:\s+that)?",
    r"mi\s+correggo",
    r"ich\s+korrigiere(?:\s+mich)?",
    r"tippfehler",
    r"desole(?:e|s|es)?",
    r"dsl",
    r"verzeihung",
    r"(?:wh)?oops(?:ie)?",
    r"oups",
    r"ops",
    r"hoppla",
    r"huch",
)
"""Courtesy that leads a correction: counts only in front of a new move or argument the reading
did not take ("P12 R1. Pardon, P12 R3." read as P12 R3 passes; "Sorry for the late answer" too).
What it is said for (:data:`_APOLOGY`) is no new move: "M8 R1, sorry for the Q99"."""
_APOLOGY = re.compile(
    r"\s+(?:for|about|over|pour|per|wegen|fur|um)\s+(?:(?:the|that|my|le|la|les|l'|ce|cet|mon|ma|mes"
    r"|il|lo|i|gli|mio|mia|das|den|dem|die|der|des|mein|meinen|meinem)\s*)?"
)
"""What an apology is said for, before the thing ("sorry for the", "désolé pour le", "scusate per
il", "Entschuldigung für das", "sorry wegen")."""
_CLAUSE = re.compile(r"[,.;!?:\n(]|\s[-–—]+\s|$")
"""Where what an apology is said for ends (within a short window: the guard stays linear)."""

CONDITION = conditions.CONDITION
"""A condition put after the command: the service cannot know whether it holds. A concession
("even if", "même si", "anche se", "auch wenn", "selbst wenn") is no condition: the command
stands whatever the case. The words are :mod:`pbem.commands.conditions`'."""

INTERJECTION = _words(
    r"wait(?:\s+a\s+(?:sec(?:ond)?|minute|moment))?",
    r"hold\s+on",
    r"hang\s+on",
    r"nope",
    r"nah",
    r"jk",
    r"attend(?:s|ez)",
    r"une\s+minute",
    r"minute",
    r"bof",
    r"aspett(?:a|ate|i)",
    r"un\s+(?:attimo|momento)",
    r"wart(?:e|et|en\s+sie)",
    r"moment(?:\s+mal)?",
    r"halt",
)
"""Words that take back only said as an interjection, at the head of a clause or before a stop
("no wait, ...", "M13 R2 - minute !"), not "I can't wait", "j'ai mis une minute"."""
_HEAD = re.compile(
    r"(?:^|[.!?,;:…(\-–—]|\b(?:oh|ah|hmm+|hum|euh|no|non|nein|ok|but|mais|ma|aber))\s*$"
)
_TAIL = re.compile(r"\s*(?:[,.!?;:…)\-–—]|$)")


_ARTICLE = re.compile(
    r"(?<![\w'])(?:the|a|an|this|that|my|your|our|long|le|la|l'|un|une|ce|cette|mon|ma|notre"
    r"|votre|il|lo|uno|una|questa|questo|mia|mio|der|die|das|den|dem|ein|eine|einen|diese|mein"
    r"|meine|lange)\s*$"
)
"""A determiner right before a word: the word is a noun there ("sorry for the wait", "désolé
pour la minute de retard"), never an interjection (issue 31, fifteenth round)."""


def _alone(low: str, m: re.Match[str]) -> bool:
    """Is the interjection at ``m`` alone (a clause's head, or before a stop), and no noun after
    a determiner ("sorry for the wait, lab report due")?"""
    if _ARTICLE.search(low, max(0, m.start() - 8), m.start()):
        return False
    window = ("x" if m.start() > 12 else "") + low[max(0, m.start() - 12) : m.start()]
    if m.group().startswith(("moment", "minute", "une", "un ")):
        return bool(_HEAD.search(window))  # not "at the moment?", "j'ai mis une minute"
    return bool(_HEAD.search(window)) or bool(_TAIL.match(low, m.end()))


_INTERJECTION = re.compile(INTERJECTION)
_TAKE_BACK = re.compile(TAKE_BACK)
DONT_PLAY = _words(
    r"(?:don'?t|do\s+not|dont)\s+(?:play|send|make|submit)\s+(?:it|that|this|the\s+move)",
    r"(?:don'?t|do\s+not|dont)\s+play",
    r"ne\s+(?:le\s+|la\s+|les\s+|l')?jou(?:e|ez)\s+pas",
    r"non\s+(?:la\s+|lo\s+)?(?:giocar(?:la|lo|e)|giocate(?:la|lo)?|gioca(?:la|lo)?)",
    r"nicht\s+(?:spielen|ziehen|abschicken|senden|ausfuhren)",
    # shown and not played, in the tile's own verbs ("sans le jouer", "senza metterla", "without
    # playing it", "ohne es zu legen", "noch nicht legen"; seventeenth round)
    r"without\s+(?:actually\s+|really\s+)?(?:playing|placing|putting)\s+(?:it|them|that)",
    r"(?:don'?t|do\s+not|dont)\s+(?:place|put|lay)\s+(?:it|that|this|the\s+tile)",
    # (the move itself named by its pronoun: "senza giocare", "sans jouer", "ohne zu spielen"
    # alone are a spectator's, "vorrei seguire la partita, senza giocare")
    r"sans\s+(?:le\s+|la\s+|les\s+|l')(?:jouer|poser|placer)",
    r"ne\s+(?:le\s+|la\s+|les\s+|l')?(?:pose|posez|place|placez)\s+pas",
    r"senza\s+(?:giocar|metter|piazzar|posar)(?:la|lo|li)",
    r"non\s+(?:metter(?:la|lo|e)|mettete(?:la|lo)?|piazzar(?:la|lo|e)|piazzate(?:la|lo)?)",
    r"ohne\s+(?:ihn|es|sie|das|den\s+zug)\s+zu\s+(?:spielen|ziehen|legen|setzen)",
    r"nicht\s+(?:legen|setzen)",
)
"""Not to play it ("ne le jouez pas", "sans le poser", "ohne es zu legen"); not said of a
PREVIEW, which plays nothing."""
_DONT_PLAY = re.compile(DONT_PLAY)
HESITATION = _words(
    r"(?:not\s+yet|pas\s+encore|non\s+ancora|noch\s+nicht)(?=\s*(?:[,.!;:…)\-–—]|$))",
    r"(?:i'?m\s+|i\s+am\s+)?still\s+thinking",
    r"let\s+me\s+think",
    # looking again before deciding (sixteenth round: "L10 R1. actually scrap that, let me have
    # another look first", "Laissez-moi réfléchir encore un peu", "fammi pensare")
    r"let\s+me\s+(?:have|take)\s+(?:another|a\s+second)\s+look",
    r"let\s+me\s+look\s+(?:again|at\s+it\s+again)",
    r"laisse(?:z|r)?-moi\s+(?:encore\s+)?reflechir",
    r"je\s+(?:regarde|revois)\s+(?:encore|ca)",
    r"(?:fammi|fatemi|lasciami|lasciatemi)\s+(?:ancora\s+)?(?:ri)?pensare",
    r"ci\s+ripenso",
    r"lass(?:t)?\s+mich\s+(?:(?:noch\s*mal|nochmals|erst)\s+)?(?:nachdenken|schauen|uberlegen)",
    r"ich\s+schau(?:e)?\s+(?:noch\s*mal|nochmals)",
    r"on\s+second\s+thoughts?",
    r"(?:i'?m\s+|i\s+am\s+)?not\s+(?:so\s+)?sure",
    r"je\s+(?:dois\s+)?(?:encore\s+)?reflechi(?:r|s)(?:\s+encore)?",
    r"a\s+la\s+reflexion",
    r"(?:je\s+ne\s+suis\s+)?pas\s+(?:tres\s+|si\s+)?sure?",
    r"ci\s+(?:devo\s+)?(?:ancora\s+)?pens(?:o|are)(?:\s+ancora)?",
    r"ripensandoci",
    r"non\s+(?:ne\s+)?sono\s+(?:(?:tanto|piu|cosi)\s+)?sicur[oa]",
    r"ich\s+(?:muss\s+)?(?:noch\s+)?(?:uberlege|nachdenken|uberlegen)(?:\s+noch)?",
    r"(?:ich\s+bin\s+)?(?:mir\s+)?(?:doch\s+)?nicht\s+(?:so\s+)?sicher",
    r"if\s+(?:so|yes|that'?s\s+the\s+case)",
    r"si\s+oui",
    r"se\s+si(?=\s*(?:[,.!;:…)]|$))",  # "se sì", not "se si può"
    r"(?:wenn|falls)\s+ja",
)
"""The player has not decided, or leaves it to an answer ("je dois encore réfléchir", "If so
I'll play it"); not said of a PREVIEW, which is asked to help decide."""
_HESITATION = re.compile(HESITATION)
OPINION_WORD = (
    r"(?:dit|dira|disent|diront|pense(?:s|nt|z)?|avis|accord|d['’]accord|sagt|sagen|meint|meinen"
    r"|denkt|einverstanden|dice|dicono|dirà|dira|pens(?:a|ano|i)|parere|d['’]accordo|accordo|says"
    r"|say|said|thinks?|agree\w*|approv\w*)(?![\w'’])"
)
"""Words of an opinion awaited (someone's "yes", "agrees", "thinks"; issue 31, fifteenth round),
with and without accents (:func:`fold`); not a thought of the past ("ci avevo pensato"), the
Italian "si" ("Se si può, fatelo") nor a bare "yes" or "OK", an answer taken in advance ("Si
oui, c'est mon coup", "O8 R0 if that's OK")."""
AWAITED = re.compile(
    r"(?i)(?<![\w'’])(?<!anche\s)(?<!même\s)(?<!meme\s)(?<!even\s)(?:si|s['’]|se|ob|if|whether)\s+"
    r"(?:[^\W\d][\w'’]*\s+){0,6}?" + OPINION_WORD
)
"""Someone's opinion awaited after a move ("mal sehen ob Klaus einverstanden ist", "on verra si
Paul est d'accord", "vediamo se Franca è d'accordo", "let's see if Bob agrees"): the move is
not settled yet, the reply asks back (a "let's see whether" of what the game brings is no
opinion: "on verra bien si Rouge me pique la salle", read by the grammar)."""
_LEGALITY = re.compile(
    r"legal|allowed|possible|valid|permis|autorise|valid[ao]|possibil|consentit|erlaubt|moglich"
    r"|gultig|zulassig|libre|libera|frei|free|open|ouvert|works|fits|geht|passt|marche|puo|peut"
    # someone taking the square first too ("NEXT M13 R2 unless someone grabs it first", "à moins
    # que quelqu'un la prenne", "a meno che qualcuno non la prenda"; tenth round, as queued.py reads)
    r"|(?<![\w'])(?:gone|taken|pris|pres[ao]|belegt|occup\w*|grab\w*|nick\w*|snag\w*|steal\w*|takes"
    r"|prenne\w*|prend\w*|frega\w*|nimmt|schnapp\w*|klau\w*)(?!\s+(?:the|an?|le|la|les|l'|une?|il|i|gli|lo"
    r"|una|der|die|das|den|dem|des|eine[nm]?|his|her|their|my|son|sa|ses|leurs?|su[oa]|suoi|sein\w*"
    r"|ihr\w*|mein\w*)(?![\w']))"
)
"""A question whether the move can be played ("si c'est encore libre", "if it's taken"); not
someone taking a thing ("unless South has taken the red pants", "a meno che Sud abbia preso i
pantaloni"), which is a condition on the game the service cannot know."""
_COMPARED = re.compile(
    r"(?i)(?:plut[oô]t\s+que|au\s+lieu\s+de|rather\s+than|instead\s+of|invece\s+d[i']|anzich[eé]"
    r"|piuttosto\s+che|(?<![\w])statt|anstatt)\s+[^.!?;\n]*"
)
"""What a correction is preferred to ("M13 R2 plutôt que R0"): not named as the move."""
_ELSE = re.compile(conditions.ELSE)
_WHAT = re.compile(r"(?:what|ce\s+que|quello\s+che|was|cio\s+che)\s+$")
"""Before "I meant": a confirmation ("L10 R0 is what I meant"), not a correction left open."""
_DANGLING = re.compile(r"(?:or|ou|o|oder)\s|i\s+mean|je\s+veux|cioe|ich\s+meine")
"""The corrections that leave the new thing to follow ("M13 R2, or rather..."); "L10 R1 plutôt",
"L12 R0 instead" name it before."""
_BUT = re.compile(
    r"(?:but|mais|ma|aber)\s+(?:(?:finalement|finally|in\s+the\s+end|alla\s+fine|infine"
    r"|schliesslich|schließlich|letztlich|dann\s+doch)\s+)?$"
)
"""A question whether the move can be played (the service checks that itself)."""
LATER = _words(
    r"i'?ll\s+(?:write|mail|get\s+back|come\s+back|send\s+(?:it|the\s+move))"
    r"(?:\s+(?:again|later|tomorrow|back|to\s+you))?",
    r"je\s+vous\s+r(?:e|ee)?ecri(?:s|rai)",
    r"je\s+(?:vous\s+)?reecri(?:s|rai)",
    r"je\s+reviens\s+vers\s+vous",
    r"(?:vi|ti)\s+(?:ri)?scrivo(?:\s+(?:dopo|domani|piu\s+tardi))?",
    r"ich\s+(?:schreibe|melde\s+mich)(?:\s+(?:nochmal|noch\s+mal|spater|morgen|wieder))",
)
"""The move promised for a later mail ("Ne le jouez pas, je vous réécris"); not said of a
PREVIEW, whose real move does come later."""
_LATER = re.compile(LATER)
_CLAUSE_ENDS = r"(?=\s*(?:[.,!;)]|$))"
NOT_NEEDED = _words(
    r"no\s+need" + _CLAUSE_ENDS,
    r"(?:i\s+)?(?:don'?t|do\s+not)\s+need\s+(?:it|that|this)" + _CLAUSE_ENDS,
    r"pas\s+besoin" + _CLAUSE_ENDS,
    r"(?:je\s+)?n'en\s+ai\s+pas\s+besoin",
    r"non\s+(?:mi\s+|ci\s+)?serve(?:\s+piu)?" + _CLAUSE_ENDS,
    r"brauch(?:e)?\s+ich\s+(?:doch\s+)?nicht" + _CLAUSE_ENDS,
    r"nicht\s+(?:mehr\s+)?notig" + _CLAUSE_ENDS,
)
"""Said after a command that only shows something (PREVIEW, HISTORY): it is not wanted. Only
where the clause ends there, or its object is the thing just asked for ("no need", "I don't need
it"): "I don't need the rules" after BOARD is about another thing."""
_NOT_NEEDED = re.compile(NOT_NEEDED)
_RATHER = re.compile(RATHER)
_WHETHER_OR_NOT = re.compile(
    r"(?<![\w'])(?:if|whether|si|se|ob)\s[^.!?;]*\s(?:or|ou|o|oder)\s+(?:not|non|no|pas|nicht)$"
)
"""A doubt's "whether ... or not" ("non capisco se chiude la stanza o no", "je ne sais pas si
ça ferme ou non"): beside a preview, no denial (eighteenth round)."""
_SOFT = re.compile(SOFT)
_CONDITION = re.compile(CONDITION)
_DONT_SEND = re.compile(
    _words(
        r"(?:don'?t|do\s+not|dont)\s+send(?:\s+(?:it|that|this))?",
        r"n'envoy(?:e|ez)\s+pas",
        r"ne\s+l'envoy(?:e|ez)\s+pas",
        r"non\s+(?:lo\s+|la\s+)?(?:mandar(?:lo|e)|mandate(?:lo)?|inviar(?:lo|e)|inviate(?:lo)?)",
        r"nicht\s+(?:abschicken|senden)",
        r"(?:schickt|schicken\s+sie)\s+(?:das|es)\s+nicht",
    )
)
"""What takes back a SAY on its own line (its message may say "no" or "wait" to the others)."""
_TOKEN = re.compile(r"[\w'-]+")
_SENTENCE_END = re.compile(r"[.!?;](?:\s|$)|$")

SHOWS = frozenset(
    {"board", "help", "history", "games", "standings", "stats", "rules", "guide", "standing-show",
     "legal", "record"}
)  # fmt: skip
"""Commands that only show something: one taken back is left out of the reply, the rest stays."""

TAKEN_BACK = N_(
    "The words after this take it back, correct it into something not read, or put a condition on "
    "it, so nothing was carried out. Reply with only what you want done (for example the move "
    "alone on its line)."
)


@functools.lru_cache(maxsize=4096)  # a pure function of the text, asked again for the same lines
def fold(text: str) -> str:
    """``text`` in lower case without accents, with straight apostrophes, of the same length
    (one character for one: the positions found in it are the positions in ``text``)."""
    out = []
    for ch in text.lower():
        if ch in "’‘`´":
            out.append("'")
            continue
        base = unicodedata.normalize("NFKD", ch)[:1] if ord(ch) > 127 else ch
        out.append(base if base else ch)
    return "".join(out)


def _said(cmd: Command, notation: Callable[[object], str] | None) -> list[str]:
    """The words of what the reading took for ``cmd`` (its move's notation, its argument), folded."""
    text = ""
    if cmd.kind == "action":
        text = cmd.read_as
        if not text and notation is not None and cmd.action is not None:
            try:
                text = notation(cmd.action)
            except Exception:  # noqa: BLE001  (a game's notation of its own action; never fails in practice)
                text = ""
        text = text or cmd.line
        text = " ".join([text, *cmd.plan])
    else:
        text = cmd.arg
    return [w for t in _TOKEN.findall(fold(text)) for w in re.split(r"[-_]", t) if w]


_COMPASS = {
    **dict.fromkeys(("north", "nord", "norden", "nordwarts"), "n"),
    **dict.fromkeys(("south", "sud", "suden", "sudwarts"), "s"),
    **dict.fromkeys(("east", "est", "osten", "ost", "ostwarts"), "e"),
    **dict.fromkeys(("west", "ouest", "ovest", "westen", "westwarts"), "w"),
}
"""The compass in words (folded), as the notation's letters."""


def _codes(text: str, said: Sequence[str]) -> list[tuple[int, str]]:
    """The words of ``text`` that name a move or an argument, with where they end: with a digit,
    a one-letter compass word in capitals or the compass in words, a piece's two capitals, or a
    word of what was read."""
    out = []
    low = set(said)
    slides = bool(low & {"n", "e", "s", "w"})  # a slide in words ("sud puis ouest")
    for m in _TOKEN.finditer(text):
        t = m.group()
        f = fold(t)
        f = f.rsplit("'", 1)[-1] if f.rsplit("'", 1)[-1] in _COMPASS else f  # "vers l'est"
        if f in _COMPASS and slides:
            out.append((m.start(), _COMPASS[f]))
        elif (
            any(c.isdigit() for c in t)
            or t in ("N", "E", "S", "W")
            or (len(t) == 2 and t.isupper() and t.isalpha() and t not in ("OK", "PS"))
            or (f in low and len(f) > 1)
        ):
            out.append((m.start(), f))
    return out


_DENIAL = re.compile(
    r"(?<![\w'])(?:not|nicht|pas|non|kein\w*|nie|never|jamais|mai)"
    r"(?:\s+(?:to|the|a|au|aux|vers|l'?|le|la|les|nach|den|das|die|dem|verso|al|il))*\s*$"
)
"""A word that denies what follows it, at the end of the text before a code (the code named
after a take-back is then not the correction: "rb n e / ah non pas à l'est", "nein, nicht nach
Osten"; tenth round)."""


class _Tail:
    """The words after a command, read once: where each word naming something is, and where each
    sentence ends (every marker is then judged in time independent of the tail's length)."""

    def __init__(self, text: str, said: Sequence[str], kind: str = "action") -> None:
        self.text = text
        self.low = fold(text)
        self.said = list(said)
        self.said_set = set(said)
        legal = _LEGALITY.search(self.low)
        self.first_legality = legal.start() if legal is not None else len(self.low) + 1
        self.last_else = max((e.start() for e in _ELSE.finditer(self.low)), default=-1)
        codes = _codes(_COMPARED.sub(lambda m: " " * len(m.group()), text), said)
        known = _command_words()
        self.others = [
            m.start() for m in _CAPS.finditer(text) if _other_command(m.group(), kind, known)
        ]
        self.starts = [at for at, _c in codes]
        self.codes = [c for _at, c in codes]
        self.ends = [m.start() for m in _SENTENCE_END.finditer(self.low)]
        stripped = self.low.rstrip(" ,.:;!?…-–—\n")
        self.last_word = len(stripped) - 1
        self.last_new = max(
            (k for k, c in enumerate(self.codes) if c not in self.said_set), default=-1
        )

    def after(self, at: int) -> int:
        """How many words naming something follow position ``at``."""
        return len(self.codes) - bisect.bisect_left(self.starts, at)

    def new_after(self, at: int) -> bool:
        """Is something named after position ``at`` that the reading did not take ("Sorry
        North!" names nothing new; "Pardon, P12 R3" does)?"""
        return self.last_new >= bisect.bisect_left(self.starts, at)

    def accounted(self, at: int) -> bool:
        """Does what was read end as the words after ``at`` name it (the correction after the
        take-back is what the reading took: "M13 R1... non attendez, M13 R2" read as M13 R2)?"""
        n, said = self.after(at), self.said
        if not n or not said or (self.others and self.others[-1] >= at):
            return False  # "M13 R1 - nein warte, erst VORSCHAU M13 R1": another command named
        first = len(self.codes) - min(n, len(said))  # the first of the codes that account
        since = (
            at
            if first == len(self.codes) - n
            else self.starts[first - 1] + len(self.codes[first - 1])
        )
        if _DENIAL.search(self.low, since, self.starts[first]):
            return False  # "RB N E / non pas à l'est": the code that accounts is denied
        if n <= len(said):
            return said[-n:] == self.codes[-n:]
        return self.codes[-len(said) :] == said  # named whole, then words ("M13 R2, merci")

    def apologised(self, at: int) -> int:
        """After an apology at ``at``: where what it is said for ends, when that is a thing named
        ("sorry for the Q99, I misread": its clause), else ``at`` ("sorry about that, M13 R2")."""
        lead = _APOLOGY.match(self.low, at)
        if lead is None:
            return at
        k = bisect.bisect_left(self.starts, lead.end())
        if k >= len(self.starts) or self.starts[k] != lead.end():
            return at  # "sorry for the delay": no thing named right after
        end = _CLAUSE.search(self.low, lead.end(), lead.end() + 160)
        if end is None:
            return at
        stop = end.start()
        named = bisect.bisect_left(self.starts, stop) - k
        return stop if named <= 3 else at

    def sentence_end(self, at: int) -> int:
        """Where the sentence holding position ``at`` ends."""
        k = bisect.bisect_left(self.ends, at)
        return self.ends[k] if k < len(self.ends) else len(self.low)


def _say_again(text: str) -> bool:
    """Do the lines below a SAY correct it with a SAY the reading did not take ("SAY Well played
    Bea" / "oops, I mean SAY Well played Carl")? The SAY's own line may say "no" or "wait"."""
    if "\n" not in text:
        return False
    from pbem.commands.vocabulary import fold_word

    below = text.split("\n", 1)[1]
    low = fold(below)
    marks = [m.start() for p in _MARKS if (m := p.search(low)) is not None]
    marks += [m.start() for m in _INTERJECTION.finditer(low) if _alone(low, m)][:1]
    if not marks:
        return False
    known = _command_words()
    return any(
        fold_word(m.group()) in known and not _other_command(m.group(), "say", known)
        for m in re.finditer(r"(?<![\w'])[^\W\d_a-z]{3,}(?![\w'])", below[min(marks) :])
    )  # "SAY", "DIRE", "SAGE"


def _sentence_start(low: str, at: int) -> int:
    """Where the sentence holding position ``at`` of ``low`` starts."""
    return max((low.rfind(c, 0, at) for c in ".!?;\n"), default=-1) + 1


def takes_back(
    tail: str,
    said: Sequence[str],
    kind: str = "action",
    same: Callable[[str], bool] | None = None,
    plan: bool = False,
    head: str = "",
) -> bool:
    """Do the words ``tail`` (written after a command of ``kind``, as written) take it back?
    ``said``: the words (folded) of what the reading took for the command (its move's notation,
    its argument). ``same(text)``: is ``text`` the command read, in other words (a correction the
    field reader took: "Non attendez, le manteau jaune")? ``head``: the words of the command's
    line before it ("Posso giocare", "If it's still my turn:")."""
    t = _Tail(tail, said, kind)
    low_head = fold(head)
    head_sentence = re.split(r"[.!?;]\s", low_head)[-1]
    asked = _ASKS_CAN.search(head_sentence) is not None  # "Posso giocare O8 R0? Se sì, ..."
    decided = _MY_TURN.search(head_sentence) is not None  # "If it's still my turn: O8 R0"
    tries = [3]

    def settled(at: int) -> bool:
        if t.accounted(at):
            return True
        if same is None or not tries[0] or (t.others and t.others[-1] >= at):
            return False
        tries[0] -= 1
        said_next = tail[at : t.sentence_end(at)].strip(" ,.:;!?…-–—")
        return 0 < len(said_next) <= 80 and same(said_next)

    low = t.low
    if kind == "say":
        return _DONT_SEND.search(low) is not None or _say_again(tail)
    if (kind == "preview" or kind in SHOWS) and _NOT_NEEDED.search(low):
        return True
    long_said = {w for w in said if len(w) > 2}
    pats = [_TAKE_BACK, _NO, _INTERJECTION]
    shows = kind == "preview" or kind in SHOWS
    pats += [] if shows else [_LATER, _HESITATION, _DONT_PLAY]
    for pat in pats:
        for m in pat.finditer(low):
            if pat is _INTERJECTION and not _alone(low, m):
                continue
            if pat is _NO and _BUT.search(low, max(0, m.start() - 24), m.start()):
                continue  # "(Was tempted by BY but no.)", "mais finalement non": declined
            if (
                shows
                and pat is _NO
                and _WHETHER_OR_NOT.search(low, _sentence_start(low, m.start()), m.end())
            ):
                continue  # "..., a preview of N9 R2? Non capisco se chiude la stanza o no."
            if kind != "action" and tail[m.start() : m.end()].isupper():
                continue  # a word of the command itself ("PROPONI ANNULLA")
            if pat is _HESITATION and t.first_legality < m.start():
                continue  # "Is P11 R3 legal? If so that's my move"
            if pat is _HESITATION and asked and _IF_SO.match(m.group()) and "?" in low[: m.start()]:
                continue  # "Can I play P11 R3? If so, that's my move"
            if pat is _TAKE_BACK and decided and _in_else(low, m.start()):
                continue  # "If it's still my turn: M13 R1. If not, ignore this mail."
            if pat is _HESITATION and t.after(m.end()) and t.last_else >= m.end():
                continue  # "If so M13 R0, if not O9 R1": the reading's fallback
            if long_said and set(_TOKEN.findall(m.group())) & long_said:
                return True  # the take-back read into the command ("BK E; back E S")
            if not settled(m.end()):
                return True
    for m in _RATHER.finditer(low):
        if t.new_after(m.end()):
            if not settled(m.end()):
                return True
        elif (
            _DANGLING.match(m.group())
            and t.last_word < m.end()
            and not _WHAT.search(low, max(0, m.start() - 16), m.start())
        ):
            return True  # "M13 R2, or rather..." and nothing after (not "L10 R1 plutôt !")
    for m in _SOFT.finditer(low):
        at = t.apologised(m.end())
        if t.new_after(at) and not settled(at):
            return True
    if kind == "action" and not plan and AWAITED.search(low):
        return True  # "P11 R2. Mal sehen, ob Klaus einverstanden ist."
    if (kind != "action" and kind != "next") or plan:
        return False  # a PREVIEW's condition; a plan's ("if I get another move")
    end = t.sentence_end(0)
    if kind == "next" and any(_ONLY_IF_LEAD.match(x) for x in _SENTENCES.split(low[end:])):
        return True  # "NEXT RB N. Only if East hasn't moved BK yet." (fifteenth round)
    cond = _first_condition(_CONDITION if kind == "action" else _UNLESS, low, 0, end)
    # "Je crois, si c'est le jaune."; not a fallback the reading took ("M13 R2, a meno che ...
    # (in quel caso P10 R0)") nor a question of legality ("si c'est encore libre")
    return (
        cond is not None
        and (kind == "next" or not t.after(cond.end()))
        and not _LEGALITY.search(low, cond.end(), end)
    )


_ONLY_IF_LEAD = re.compile(
    r"^\W*(?:"
    + "|".join(
        r"\s+".join(map(re.escape, w.split()))
        for w in (*conditions.ONLY_IF_WORDS, *conditions.UNLESS_WORDS)
    )
    + r")(?![\w'])"
)
"""A sentence after a queued move that puts it on a condition of its own ("Only if East hasn't
moved BK yet", "Solo se Est non ha ancora mosso", "Seulement si ...", "Nur wenn ..."), folded: a
condition the service does not check (it plays a queued move whenever it is legal), so the
reply is asked back. A plain "if" there may give the fallback ("If that's gone, M13 R2")."""
_SENTENCES = re.compile(r"(?<=[.!?;])\s+|\n+")

_ASKS_CAN = re.compile(
    _words(
        r"can\s+i",
        r"could\s+i",
        r"may\s+i",
        r"am\s+i\s+allowed\s+to",
        r"puis-je",
        r"est-ce\s+que\s+je\s+peux",
        r"je\s+peux",
        r"pourrais-je",
        r"posso",
        r"potrei",
        r"si\s+puo",
        r"darf\s+ich",
        r"kann\s+ich",
        r"konnte\s+ich",
    )
)
"""A question whether the player may play the move (the service knows the answer), before it:
"Can I play M13 R1? If so, that's my move"; not "Should I play...", which asks for advice."""
_MY_TURN = re.compile(
    _words(
        r"if\s+(?:it'?s|it\s+is)\s+(?:still\s+)?my\s+(?:turn|move)",
        r"if\s+i'?m\s+still\s+(?:to\s+move|on\s+turn|up)",
        r"si\s+c'est\s+(?:encore\s+|toujours\s+)?(?:mon\s+tour|a\s+moi)",
        r"si\s+(?:c'est\s+)?(?:encore\s+|toujours\s+)?(?:mon\s+tour|a\s+moi\s+de\s+jouer)",
        r"se\s+(?:e|tocca)\s+(?:ancora\s+)?(?:il\s+mio\s+turno|a\s+me)",
        r"se\s+sono\s+ancora\s+di\s+turno",
        r"(?:wenn|falls)\s+ich\s+(?:noch\s+|immer\s+noch\s+)?(?:dran|am\s+zug)\s+bin",
        r"(?:wenn|falls)\s+(?:es\s+)?(?:noch\s+)?mein\s+zug\s+ist",
    )
)
"""A condition the service decides by reading the move at all: that it is the player's turn."""
_IF_SO = re.compile(r"if|si|se|wenn|falls")
"""The hesitations that answer a question ("if so", "si oui", "se sì", "wenn ja")."""


def _in_else(low: str, at: int) -> bool:
    """Does the clause holding ``at`` start with a word of the fallback ("If not, ignore this
    mail", "Sinon, oubliez ce mail")?"""
    clause = low[max(0, at - 24) : at]
    found = list(_ELSE.finditer(clause))
    m = found[-1] if found else None
    return m is not None and re.fullmatch(r"[\s,:]*(?:\w+\s*){0,2}", clause[m.end() :]) is not None


_UNLESS = re.compile(conditions.UNLESS)
"""The conditions a queued move (itself conditional on the position) cannot carry."""


def _first_condition(
    pattern: re.Pattern[str], low: str, start: int, end: int
) -> re.Match[str] | None:
    """The first condition word of ``low[start:end]``; French "si" is no condition in an Italian
    reply, where it is the reflexive pronoun ("KB verso sud (si scrive così?)")."""
    for m in pattern.finditer(low, start, end):
        if m.group() == "si" and current() == "it":
            continue
        if _SEE_WHETHER.search(low, max(0, m.start() - 40), m.start()):
            continue  # "on verra bien si Jaune me bloque": whether, no condition
        return m
    return None


_SEE_WHETHER = re.compile(
    r"(?<![\w'])(?:on\s+verra(?:\s+bien)?|we'?ll\s+see|let'?s\s+see|vediamo|staremo\s+a\s+vedere"
    r"|mal\s+(?:sehen|schauen)|sehen\s+wir\s+mal|schauen\s+wir\s+mal)\s*,?\s*$"
)
""""Let's see" right before an "if" (folded): the "if" is "whether", of what the game brings
("L12 R0, on verra bien si Jaune me bloque"; issue 31, fifteenth round); an opinion awaited
there still asks (:data:`AWAITED`)."""


def conditional(line: str) -> bool:
    """Does ``line``, a decision read in other words ("Je crois, si c'est le jaune", "Behalten,
    außer der Drache ..."), put a condition after its first words (not one it starts with: "Si RK
    n'était pas coincé ..., je change pour BY")?"""
    low = fold(line)
    cut = low.find(",")
    if cut <= 0:
        return False
    end = _SENTENCE_END.search(low, cut).start()  # type: ignore[union-attr]
    cond = _first_condition(_CONDITION, low, cut, end)
    return (
        cond is not None
        and not _codes(line[cond.end() : end], [])
        and not _LEGALITY.search(low, cond.end(), end)
    )


_CAPS = re.compile(r"(?<![\w'])[^\W\d_a-z]{4,}(?![\w'])")


def _command_words() -> frozenset[str]:
    from pbem.commands.vocabulary import vocabulary

    try:
        return vocabulary().all_words()
    except RuntimeError:  # no command registered (the grammar read alone)
        return frozenset()


def _other_command(word: str, kind: str, known: frozenset[str]) -> bool:
    """Is ``word`` (in capitals) the word of a command other than one of ``kind``?"""
    from pbem.commands.vocabulary import fold_word, vocabulary

    if fold_word(word) not in known:
        return False
    return vocabulary().english(word).lower() != kind


def _first_command_word(line: str) -> list[str]:
    """The first word of ``line`` that is a command's word (folded), or none."""
    from pbem.commands.vocabulary import fold_word

    known = _command_words()
    for m in _TOKEN.finditer(line):
        if fold_word(m.group()) in known:
            return [fold(m.group())]
    return []


def _start(line: str, said: list[str], cmd: Command) -> int:
    """Where in ``line`` the command has been said: after the first word of what was read, or
    after the command's first word, or after another word of what was read ("Scelgo RB", read
    as "select RB"); -1 when none is found."""
    low = fold(line)
    first = [] if cmd.kind == "action" else _first_command_word(line)
    for word in [*said[:1], *first, *(w for w in said[1:] if len(w) > 1)]:
        m = re.search(_B + re.escape(word) + _E, low)
        if m is not None:
            return m.end()
    return -1


_MARKS = (_TAKE_BACK, _NO, _SOFT, _RATHER)


def _replaced(out: Reading, lines: Sequence[str], placed: list[tuple[int, int, Command]]) -> None:
    """A command followed, on a later line, by one of the same kind after a take-back or a
    correction ("PROCHAIN KB S" / "non attendez, PROCHAIN RB N"): the later one is the one meant,
    the first is left out. A SAY too ("SAY Good luck Bea" / "sorry, SAY Good luck Carl"), by the
    words between its message and the later SAY only (its message may say "no" or "wait" to the
    others), unless the later one says it is one more ("SAY ... too")."""
    order = sorted(placed, key=lambda p: (p[0], p[1]))
    for (at1, _n1, c1), (at2, _n2, c2) in zip(order, order[1:], strict=False):
        if at1 == at2 or c1.kind != c2.kind or c1.kind == "action":
            continue
        said = _said(c1, None)
        start = len(lines[at1]) if c1.kind == "say" else max(_start(lines[at1], said, c1), 0)
        lead = lines[at2]
        cut = fold(lead).rfind(fold(c2.arg)) if c2.arg else -1
        between = " \n".join([lines[at1][start:], *lines[at1 + 1 : at2], lead[: max(cut, 0)]])
        low = fold(between)
        marked = any(p.search(low) for p in _MARKS) or _INTERJECTION.search(low) is not None
        if c1.kind == "say" and _ALSO.search(fold(lead)):
            continue  # "oops, SAY Good luck Carl too": one more message, both meant
        if marked and c1 in out.commands:
            out.commands.remove(c1)
            out.ignored.append(c1.line)


_ALSO = re.compile(
    _words(r"too", r"also", r"as\s+well", r"aussi", r"egalement", r"anche", r"pure", r"auch",
           r"ebenfalls")
)  # fmt: skip
"""One more, not instead: a second SAY that says so."""

_LEAD = re.compile(
    r"(?i)^(?:(?:"
    + "|".join([TAKE_BACK, RATHER, SOFT, INTERJECTION])
    + r"|(?<![\w'])(?:no|non|nein"
    r"|just|only|juste|seulement|simplement|solo|soltanto|semplicemente|nur|einfach|meglio|better"
    r"|besser|lieber|eher|piuttosto)(?![\w']))[\s,:;.!…\-–—]*)+"
)
"""The words that lead a correction, before what it says ("non, plutôt S O", "no, just W")."""


def _same(
    cmd: Command,
    parse_action: Callable[[str], object] | None,
    notation: Callable[[object], str] | None,
    spell: Callable[[str], str] | None,
) -> Callable[[str], bool] | None:
    """For a move read: does a text parse as that same move (as written, or spelled)?"""
    if cmd.kind != "action" or parse_action is None or cmd.plan:
        return None
    act = cmd.action
    try:
        piece = notation(act).split()[0] if notation is not None else ""
    except Exception:  # noqa: BLE001  (a game's notation of its own action; never fails in practice)
        piece = ""

    def same(text: str) -> bool:
        lead = _LEAD.match(fold(text))
        bare = text[lead.end() :] if lead is not None else text
        forms = [text, bare] if bare != text else [text]
        if piece:  # "KB S E... non, plutôt S O": the directions alone, of the same official
            forms += [f"{piece} {f}" for f in forms if f and fold(f).split()[:1] != [fold(piece)]]
        for form in (x for f in forms for x in (f, spell(f) if spell is not None else f)):
            try:
                got = parse_action(form)
            except RuleError:  # not that move
                continue
            if got == act or (notation is not None and notation(got) == notation(act)):
                return True
        return False

    return same


def _subject_taken_back(
    out: Reading, lines: Sequence[str], notation: Callable[[object], str] | None
) -> None:
    """A command read from the Subject (the body held none) whose body says otherwise ("Sorry,
    the subject is wrong: M13 R2"): asked back."""
    subj = [c for c in out.commands if c.from_subject and c.kind not in SHOWS]
    body = " \n".join(x for x in lines if x.strip())
    if subj and body and takes_back(body, _said(subj[-1], notation), subj[-1].kind):
        out.errors.append((subj[-1].line, CommandError(_(TAKEN_BACK))))


def guard(
    out: Reading,
    lines: Sequence[str],
    where: dict[int, int],
    notation: Callable[[object], str] | None,
    parse_action: Callable[[str], object] | None,
    spell: Callable[[str], str] | None,
) -> None:
    """Stop the reply when the words after its last command take that command back (see the
    module): the commands stay unread and the reply is asked back. A command that only shows
    something (HISTORY, BOARD) taken back is left out, the rest stays. ``lines``: the reply's lines
    as read, ``where`` the line of each command; the game's ``parse_action``, ``notation`` and
    ``spell`` (:func:`pbem.commands.grammar.read_commands`) tell a correction the reading took."""
    spelled = [spell(x) for x in lines] if spell is not None else lines
    placed = [(where[id(c)], n, c) for n, c in enumerate(out.commands) if id(c) in where]
    if not placed:
        _subject_taken_back(out, lines, notation)
        return
    _replaced(out, lines, placed)
    placed = [p for p in placed if p[2] in out.commands]
    if _final_taken_back(out, lines, placed, notation) or _denied_above(out, lines, placed):
        return
    at = max(i for i, _n, _c in placed)
    last = [c for i, _n, c in placed if i == at]
    cmd = last[-1]
    said = _said(cmd, notation)
    line = (spelled if cmd.kind == "action" and len(spelled) == len(lines) else lines)[at]
    # (a move among chatter, every part of its line asked of pbem.commands.chatter: only the
    # lines below count)
    beside = cmd.kind == "action" and bool(cmd.chatter) and same_words(cmd.chatter, line)
    start = len(line) if beside else _start(line, said, cmd)
    head = line[:start] if start >= 0 and not beside else ""
    if start < 0:
        start = len(line)  # read in other words ("je doute"): only the words below count
        if cmd.kind == "action" and not cmd.plan and conditional(line):
            out.errors.append((cmd.line, CommandError(_(TAKEN_BACK))))
            return
    if (
        cmd.kind == "action"
        and not beside
        and (
            _denied(line, said)
            or _refused(line, said)
            or (not cmd.plan and _fallback_over(line, said, cmd, parse_action, spell))
        )
    ):
        out.errors.append((cmd.line, CommandError(_(TAKEN_BACK))))
        return
    tail = line[start:]
    if cmd.kind == "action" and (joined := _COMPACT_WAYS.match(tail)) is not None:
        ways = list(itertools.takewhile(lambda w: w in ("n", "e", "s", "w"), said[1:]))
        if joined[1].casefold() == "".join(ways):
            tail = tail[joined.end() :]  # "RB NE", "1 rb ne": the slide's own directions
    src = spelled if cmd.kind == "action" and len(spelled) == len(lines) else lines
    later = [x for x in src[at + 1 :] if x.strip()]
    text = " \n".join([tail, *later]) if later else tail
    if cmd.kind == "say":
        text = " \n".join([line, *later])
    if cmd.kind == "next":
        text = queued.doubt_of_absence_dropped(text)  # "..., pas sûr de pouvoir lire mes mails"
    same = _same(cmd, parse_action, notation, spell)
    if not takes_back(text, said, cmd.kind, same, bool(cmd.plan), head):
        return
    if cmd.kind in SHOWS:
        for c in last:
            if c.kind in SHOWS and c in out.commands:
                out.commands.remove(c)
                out.ignored.append(c.line)
        return
    out.errors.append((cmd.line, CommandError(_(TAKEN_BACK))))


_COMPACT_WAYS = re.compile(r"(?i)\s*([nesw]{2,3})(?![\w'’])")
"""A slide's directions written as one word after its official ("RB NE", "rb ne"; seventeenth
round)."""


def same_words(a: str, b: str) -> bool:
    """Are ``a`` and ``b`` the same words, whatever their spaces, case, accents and signs (a move
    read among chatter, :attr:`Command.chatter`, and the line it was read from)?"""
    return _LETTER.findall(fold(a)) == _LETTER.findall(fold(b))


_LETTER = re.compile(r"\w")


FINAL = frozenset({"resign"})
"""The commands that cannot be undone: taken back anywhere below them, even before another
command, they stop the reply."""


def _final_taken_back(
    out: Reading,
    lines: Sequence[str],
    placed: list[tuple[int, int, Command]],
    notation: Callable[[object], str] | None,
) -> bool:
    """A command that cannot be undone (:data:`FINAL`) with words below it, before a later
    command's line, that take it back ("RESIGN CONFIRM" / "Actually no, M13 R1"; twelfth round:
    both carried out): the reply is asked back, nothing carried out."""
    for i, _n, cmd in placed:
        if cmd.kind not in FINAL:
            continue
        said = _said(cmd, notation)
        start = _start(lines[i], said, cmd)
        rest = lines[i][start:] if start >= 0 else ""
        below = [x for x in lines[i + 1 :] if x.strip()]
        if not below:
            continue  # the words on its own line and below the last command: guard's own check
        if takes_back(" \n".join([rest, *below]), said, cmd.kind, None, False, ""):
            out.errors.append((cmd.line, CommandError(_(TAKEN_BACK))))
            return True
    return False


def _denied_above(
    out: Reading, lines: Sequence[str], placed: list[tuple[int, int, Command]]
) -> bool:
    """A command of no argument right below a sentence that denies it in its own word ("I'm not
    back yet. BACK", "Je ne suis pas encore de retour. RETOUR"; twelfth round: read as BACK):
    the reply is asked back, nothing carried out."""
    from pbem.commands.requests import _NEGATED_ANY
    from pbem.commands.vocabulary import fold_word, vocabulary

    for i, _n, cmd in placed:
        spoken = vocabulary().commands.get(cmd.kind)
        if cmd.arg or cmd.kind in SHOWS or spoken is None or not spoken.name:
            continue  # (one that only shows something costs nothing: "No board came. BOARD")
        said = {fold_word(w).lower() for w in (spoken.name, *sum(spoken.words.values(), ()))}
        above = next((lines[k] for k in range(i - 1, -1, -1) if lines[k].strip()), "")
        low = fold(above)
        for m in _TOKEN.finditer(low):
            # the denial in the word's own clause, a few words before it ("not back yet", "pas
            # encore de retour"; not "Pas de souci, je suis de retour")
            if m.group() in said and _NEGATED_ANY.search(low, max(0, m.start() - 24), m.start()):
                out.errors.append((cmd.line, CommandError(_(TAKEN_BACK))))
                return True
    return False


_DENIED_BEFORE = re.compile(
    r"(?:^|[\s(])(?<!if\s)(?<!se\s)(?<!si\s)(?<!wenn\s)(?<!falls\s)(?<!or\s)(?<!ou\s)(?<!o\s)"
    r"(?<!oder\s)(?<!anzi\s)(?:not|nicht|pas|non|no|kein|keinen|ni|ne|weder|neither|nor)\s*$"
)
"""A word right before a move that denies it; not the Italian "anzi no" ("rather, no": "P10 R1
anzi no P10 R3" corrects to P10 R3; issue 31, twelfth round)."""


_EXCLUDED_BEFORE = re.compile(
    r"(?:^|[\s(])(?:(?:anything|everything|all|whatever|any\s+move|any\s+other)(?:\s+\w+){0,3}\s+but"
    r"|except|excepting|other\s+than|apart\s+from|sauf|hormis|excepte|a\s+part|tranne|eccetto"
    r"|fuorche|salvo|ausser|außer|bis\s+auf|ausgenommen)\s*:?\s*$"
)
"""A move named as the one not to play ("Play anything but P12 R0", "Tout sauf P12 R1",
"qualsiasi cosa tranne P12 R0", "alles außer P12 R0")."""
_REFUSE = re.compile(
    _words(
        r"(?:refuse|decline)\s+to\s+(?:play|make|do)",
        r"(?:won'?t|will\s+not|wont|not\s+going\s+to|(?:don'?t|do\s+not)\s+want\s+to)"
        r"\s+(?:play|make|do)",
        r"refuse\s+de\s+(?:jouer|faire|poser)",
        r"ne\s+(?:vais|veux|voudrais)\s+pas\s+(?:jouer|faire|poser)",
        r"ne\s+(?:jouerai|poserai|ferai)\s+pas",
        r"rifiut(?:o|a|iamo)\s+di\s+(?:giocare|fare|mettere)",
        r"non\s+(?:voglio|vado\s+a|intendo)\s+(?:giocare|fare|mettere)",
        r"non\s+(?:giochero|faro|mettero)",
        r"weiger(?:e|t)\s+mich",
        r"verweigere",
        r"lehne\s+(?:es\s+)?ab",
        r"(?:will|werde|mochte)\s+(?:ich\s+)?nicht",
    )
)
"""A refusal of the move named after it ("Ich weigere mich, M13 R1 zu spielen", "I won't play
M13 R1", "Je refuse de jouer M13 R1", "Mi rifiuto di giocare M13 R1")."""


def _occurrences(line: str, said: Sequence[str]) -> list[re.Match[str]]:
    """Where the move read is written whole in ``line`` (folded)."""
    return list(_said_whole(tuple(said)).finditer(fold(line)))


@functools.lru_cache(
    maxsize=1024
)  # compiled once for each move read (re's cache of 512 overflowed)
def _said_whole(said: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(
        r"\b"
        + r"[\s,]*".join(re.escape(w) for w in said)
        + r"\b(?![\s,]*(?:[nsewo]|step|r\d)\b)"  # "nicht BR W N" denies another slide than BR W
    )


def _refused(line: str, said: Sequence[str]) -> bool:
    """Is the move read the first one named after a refusal in its sentence ("Ich weigere mich,
    M13 R1 zu spielen")?"""
    if not said:
        return False
    low = fold(line)
    found = [m.start() for m in _occurrences(line, said)]
    if not found:
        return False
    ends = [m.start() for m in re.finditer(r"[.!?;:]\s", low)]
    codes = [at for at, _c in _codes(line, [])]
    for ref in _REFUSE.finditer(low):
        k = bisect.bisect_left(found, ref.end())
        if k == len(found):
            break
        at = found[k]  # the first move read named after the refusal
        in_sentence = bisect.bisect_left(ends, ref.end()) == bisect.bisect_left(ends, at)
        if in_sentence and bisect.bisect_left(codes, ref.end()) == bisect.bisect_left(codes, at):
            return True
    return False


def _fallback_over(
    line: str,
    said: Sequence[str],
    cmd: Command,
    parse_action: Callable[[str], object] | None,
    spell: Callable[[str], str] | None,
) -> bool:
    """Is the move read the fallback of a move named before it on its line that is legal now
    ("M13 R1, sauf si c'est illégal, alors M13 R2": M13 R1 is meant when it can be played; "M13
    R1, sauf si Béa prend le jardin, alors M13 R3": the service cannot know)? Not a condition
    naming a square, which the position decides (:mod:`pbem.commands.conditions`), nor a
    correction between the condition and the move read, the player's last word ("M13 R1 if it's
    my turn. No wait, M13 R2")."""
    if parse_action is None or not said:
        return False
    found = _occurrences(line, said)
    if not found:
        return False
    low = fold(line)
    at = found[-1].start()
    cond = _first_condition(_CONDITION, low, 0, at)
    if cond is None:
        return False
    between = low[cond.end() : at]
    if _codes(line[cond.end() : at], []):
        return False  # "O9 R1 if M13 is taken, else M13 R0": the position decides (conditions)
    if any(p.search(between) for p in _MARKS) or any(
        _alone(between, m) for m in _INTERJECTION.finditer(between)
    ):
        return False
    codes = _codes(line[: cond.start()], [])
    for n in (2, 1, 3):
        if len(codes) < n:
            continue
        text = line[codes[-n][0] : cond.start()].strip(" ,.:;!?…-–—(")
        for form in (text, spell(text) if spell is not None else text):
            try:
                got = parse_action(form)
            except RuleError:
                continue
            if got != cmd.action:
                return True
    return False


def _denied(line: str, said: Sequence[str]) -> bool:
    """Is the move read written right after a word that denies it ("Nicht L12 R0 und nicht M8
    R1", "Not L12 R0 and not M8 R1", "Pas L12 R0 ni M8 R1")? Not a fallback ("if not N9 R2", "se
    no N9 R2", "or not"). A move denied is never the one
    played, whatever else the line says: the reply is asked back. Only the move's whole
    notation counts ("Pas L10 R0 mais L10 R2" reads L10 R2, which no word denies)."""
    if not said:
        return False
    low = fold(line)
    return any(
        (
            (d := _DENIED_BEFORE.search(low[: m.start()])) is not None
            and not (
                _NO_CORRECTING.search(low, max(0, d.start() - 24), m.start())
                and not (current() == "it" and d.group().strip() == "non")
            )
        )
        or _EXCLUDED_BEFORE.search(low[max(0, m.start() - 60) : m.start()])
        for m in _occurrences(line, said)
    )


_NO_CORRECTING = re.compile(
    r"(?:(?<![\w'])(?:sorry|sry|soz|oops|whoops|wait|pardon|oups|attends|attendez|desole|desolee"
    r"|scusa|scusate|scusami|ops|aspetta|aspettate|entschuldigung|sorry|ups|hoppla|warte|moment)"
    r"|(?<![\w'])[a-z]\d{1,2}\s+r[0-3])\s+(?=(?:no|non|nein|nope|nah)\s*$)"
)
"""A bare "no" right after an apology, a "wait" or a whole move, before the move read: the
correction's "no", which denies the move before it ("P11 R3 sorry no P11 R2", "O13 R1 wait no
O13 R0", "o9 r2 non o9 r1"; issue 31, seventeenth round). The Italian "non" is "not" and is
never matched here: the "non" of this class stands after a whole move only in French, where
:mod:`pbem.commands.grammar` reads it the same way (a sign before it stays asked back)."""


def request_taken_back(line: str, args: Sequence[str], later: Sequence[str], kind: str) -> bool:
    """Do the words after a fresh mail's request (``kind`` with ``args`` read from ``line``, then
    the ``later`` lines) take it back ("JOIN o-fc-3a9c... non attendez, o-fc-7k2p", "STANDBY
    forbidden-city. En fait oubliez, je suis trop occupé ce mois-ci")?"""
    said = [w for a in args for t in _TOKEN.findall(fold(a)) for w in re.split(r"[-_]", t) if w]
    low = fold(line)
    start = -1
    for a in args[-1:]:
        start = low.find(fold(a))
        if start >= 0:
            start += len(a)
    if start < 0:
        head = _TOKEN.search(low)
        start = head.end() if head is not None else 0
    text = " \n".join([line[start:], *(x for x in later if x.strip())])
    return takes_back(text, said, kind)
