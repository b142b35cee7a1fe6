"""Chatter beside one move: what makes it dangerous (issue 31, sixteenth round; a slide of Die
Verbotene Stadt, eighteenth round: :func:`slide_danger`, :func:`hedged`).

A Forbidden City reply often names one legal move among words for somebody else: "L9 R1. Und
nein, Klaus, das war nicht abgesprochen.", "P11 R2 (Marisa, non guardarmi così, ...)", "m8r2
ta", "Playing P11 R2 here, I'll answer the Verbotene Stadt game tomorrow morning", "nach
Rücksprache mit meinem Sohn (er spielt mit): M13 R3.". A referee plays it at once. What people
write around a move is an open class; what makes such words dangerous is a closed one, owned here:
a question, a take-back or correction, a condition, a doubt or hesitation, a request for a
preview or a test, another move or code of the games, our example, another game the move may be
for, or a short negation pointing back at the move ("not that", "pas ça", "doch nicht", "non,
aspetta"). A negation in a long part with its own content about someone named ("und nein, Klaus,
das war nicht abgesprochen", "Marisa, non guardarmi così") is chatter.

:func:`danger` says why a part beside the move (a sentence, a remark in brackets, the words
after a comma or a colon) is not mere chatter, or None; :mod:`pbem.commands.grammar`
(``_chatter_around``) splits the line, reads the move's own part as a move and asks this module
of every other part. The words are folded (lower case, no accents, umlauts written out: the
player's keyboard may have none) and reuse the owners of the classes they share:
:func:`pbem.commands.retraction.is_take_back` and
:func:`~pbem.commands.retraction.correction_rest` (take-backs and corrections),
:mod:`pbem.commands.conditions` (the condition words), :mod:`pbem.commands.copies` (another game
named), :mod:`pbem.commands.pointing` (our example).
"""

from __future__ import annotations

import re

from pbem.commands import conditions, retraction
from pbem.commands.copies import games_named, names_game, names_other_game
from pbem.commands.pointing import EXAMPLE
from pbem.commands.retraction import correction_rest, is_take_back
from pbem.commands.vocabulary import fold_word
from pbem.mail.reply import is_known_word, without_harmless

_DOUBT = frozenset(
    (
        # en
        "maybe", "mayb", "mebbe", "perhaps", "possibly", "probably", "prob", "probs", "guess",
        "think", "thinking", "dunno", "idk", "unsure", "uncertain", "undecided", "hesitate",
        "hesitating", "torn", "hmm", "hm", "hmmm", "erm", "umm", "whether", "either",
        # fr
        "peut-etre", "peutetre", "peut", "ptet", "ptetre", "p-e", "crois", "pense", "jsp",
        "chais", "chai", "hesite", "j'hesite", "hesitais", "indecis", "indecise", "incertain",
        "incertaine", "euh", "heu", "bof", "mmh", "probablement", "soit",
        # it
        "forse", "magari", "probabilmente", "credo", "penso", "boh", "mah", "ehm", "esito",
        "indeciso", "indecisa", "incerto", "incerta", "dubbio", "dubbi",
        # de
        "vielleicht", "vllt", "vlt", "viell", "evtl", "eventuell", "wahrscheinlich", "glaube",
        "glaub", "denke", "schwanke", "unsicher", "unschluessig", "unentschlossen", "aeh",
        "aehm", "hmm", "wohl",
        # leaning one way, not settled
        "leaning", "tempted", "penche", "propendo", "tendiere", "tendenziell",
    )
)  # fmt: skip
"""Doubt and hesitation: the player has not settled on the move."""

_STATE = frozenset(
    ("blocked", "illegal", "impossible", "invalid", "taken", "occupied", "gone", "played",
     "bloque", "bloquee", "illegale", "invalide", "pris", "prise", "occupe", "occupee",
     "bloccato", "bloccata", "impossibile", "preso", "presa", "occupato", "occupata",
     "giocato", "giocata", "blockiert", "unmoeglich", "ungueltig", "belegt", "besetzt",
     "gespielt", "gelegt")
)  # fmt: skip
"""The move said to be blocked, taken or played already: a statement of it, not a play."""

_OTHER_TURN = frozenset(
    ("next", "later", "tomorrow", "last", "previous", "then", "afterwards", "again", "once",
     "before", "avant", "prima", "bevor", "case", "cas", "caso", "fall",
     "twice", "rotate", "rotated", "rotation", "round", "turn", "turns", "time",
     "prochaine", "prochain", "demain", "tard", "dernier", "derniere", "precedent", "passee",
     "puis", "ensuite", "encore", "fois", "tourne", "tournee", "tour",
     "prossima", "prossimo", "domani", "ultima", "ultimo", "scorsa", "scorso", "poi",
     "ancora", "volta", "ruota", "ruotata", "ruotato", "ruotare", "gira", "girata", "giro",
     "turno", "naechste", "naechsten", "naechstes", "naechstem", "morgen", "spaeter", "letzte",
     "letzten", "letztes", "letztem", "vorige", "vorigen", "voriges", "dann", "danach",
     "nochmal", "wieder", "mal", "drehen", "dreh", "gedreht", "drehung", "runde")
)  # fmt: skip
"""Another turn, time or rotation than the move's ("la prochaine fois", "last time I played",
"then rotate it once more", "dann nächste Runde"): the move may be of another turn, or not the
one meant. Said of another game named ("I'll answer the Verbotene Stadt game tomorrow"), the
time is that game's."""

_NOW_SAID = re.compile(
    r"(?<=\s)(?:in\s+any\s+case|in\s+every\s+case|en\s+tout\s+cas|dans\s+tous\s+les\s+cas"
    r"|in\s+ogni\s+caso|in\s+tutti\s+i\s+casi|in\s+jedem\s+fall|auf\s+jeden\s+fall"
    r"|for\s+once|pour\s+une\s+fois|per\s+una\s+volta|fuer\s+einmal|(?:all\s+)?at\s+once"
    r"|a\s+la\s+fois|tout\s+a\s+la\s+fois|this\s+time|cette\s+fois(?:-ci)?|questa\s+volta"
    r"|dieses\s+mal)(?=\s)"
)
"""Set phrases with a word of :data:`_OTHER_TURN` that name no other turn (folded): "in any
case", "in ogni caso", "auf jeden Fall" (anyway), "for once", "pour une fois", "per una volta",
"at once", "à la fois" (together), and "this time", "cette fois", "questa volta" (this turn)."""

_FEMININE = frozenset(("la", "une", "sa", "ma", "ta", "cette", "quelle", "grande", "petite",
                        "haute", "vieille", "belle"))  # fmt: skip


def _a_tower(words: list[str], k: int) -> bool:
    """Is ``words[k]`` the French "tour" said after a feminine word ("la tour", "sa tour"): a
    tower, no turn ("le tour", "mon tour", "un tour")?"""
    return words[k] == "tour" and k > 0 and words[k - 1] in _FEMININE


_LETS_SEE = re.compile(
    r"(?<![\w'])(?:let'?s\s+see|we'?ll\s+see|on\s+verra|vediamo|mal\s+(?:schauen|sehen)"
    r"|schauen\s+wir)(?![\w'])"
)
"""An answer awaited ("let's see what Tom thinks", "mal schauen was Klaus dazu sagt")."""

_HOPE_ONLY = re.compile(
    r"(?:bien|then|alors|allora|dann|mal|what\s+happens|ce\s+que\s+(?:ça|ca)\s+donne"
    r"|(?:cosa|che)\s+succede|was\s+passiert)?\W*"
)
"""What may end a "let's see" that awaits nothing but the game ("N9 R3 et on verra bien", "we'll
see what happens"; eighteenth round): hope, no opinion awaited."""


def _awaits(text: str) -> bool:
    """Does ``text`` await something with a "let's see" (:data:`_LETS_SEE`), beyond hope?"""
    m = _LETS_SEE.search(text)
    return m is not None and _HOPE_ONLY.fullmatch(text[m.end() :].strip()) is None


_EXCEPT = frozenset(("except", "excepting", "sauf", "hormis", "tranne", "eccetto", "salvo",
                     "ausser", "auser"))  # fmt: skip
"""An exception to the move: a condition ("M8 R2, außer Dieter hat den Saal zugemacht")."""

_ALTERNATIVE = frozenset(
    ("or", "ou", "oder", "oppure", "instead", "rather", "better", "prefer", "plutot", "mieux",
     "prefere", "preferais", "invece", "piuttosto", "meglio", "preferisco", "lieber", "besser",
     "stattdessen", "statt", "anstatt", "sondern", "else", "otherwise", "sinon", "altrimenti",
     "sonst", "andernfalls")
)  # fmt: skip
"""Another choice offered or preferred beside the move (the Italian "o" is one in Italian only)."""

_WAIT = frozenset(
    ("w8", "stop", "stopp",
     "jk", "kidding", "joke", "joking", "blague", "rigole", "deconne", "scherzo", "scherzavo",
     "scherzi", "spass", "witz", "mistake", "wrong", "faux", "fausse", "erreur", "oups", "oops",
     "sbagliato", "sbagliata", "sbaglio", "errore", "falsch", "fehler", "vertan", "verklickt",
     "undo", "cancel", "annule", "annuler", "annulla", "rueckgaengig", "zurueck", "ignore",
     "ignorez", "ignorate", "ignoriert", "ignorieren", "forget", "oublie", "oubliez",
     "dimentica", "dimenticate", "vergiss", "vergesst", "scratch", "streich", "efface",
     "cancella", "confirm", "confirmerai", "confirmerais", "confirme", "confermo", "confermero",
     "confermer", "bestaetige", "bestaetigen",
     "draft", "brouillon", "bozza", "entwurf")
)  # fmt: skip
"""A take-back, a correction or a halt in the words of any of the four languages (beside
:func:`~pbem.commands.retraction.is_take_back`'s phrases and the interjections :mod:`retraction`
reads, "wait", "attends", "Moment": a single word is enough beside a move), and a
move still to be confirmed or a draft ("will confirm tomorrow", "je confirmerai")."""

_SURE = frozenset(("sure", "sur", "certain", "sicuro", "sicura", "sicher", "convinced",
                   "convaincu", "convaincue", "convinto", "convinta", "ueberzeugt"))  # fmt: skip
"""Sure words: a doubt when negated ("je ne suis pas sûr", "not sure", "nicht sicher")."""

_NEGATION = frozenset(
    ("not", "no", "nope", "nah", "never", "nothing", "n't", "pas", "non", "ne", "n'", "jamais",
     "rien", "nan", "mai", "niente", "nulla", "nessun", "nessuno", "nicht", "nein", "kein",
     "keine", "keinen", "keinem", "keiner", "nie", "niemals", "noe", "nee", "nix")
)  # fmt: skip
"""Negation words: a short part with one beside the move takes it back ("not that", "pas ça",
"doch nicht", "non così")."""

_PREVIEW = frozenset(
    ("preview", "apercu", "anteprima", "vorschau", "test", "testing", "tester", "teste",
     "testen", "essai", "essayer", "prova", "provare", "probe", "probieren", "simulate",
     "simuler", "simulare", "simulieren")
)  # fmt: skip
"""Words of a preview or a test: the move may be meant to be shown, not played."""

_DONE = frozenset(
    ("yesterday", "earlier", "already", "convinced", "hier", "deja", "convaincu", "convaincue",
     "ieri", "gia", "convinto", "convinta", "gestern", "vorhin", "schon", "bereits",
     "ueberzeugt", "showed", "montre", "mostrato", "gezeigt", "saw", "vu", "visto", "gesehen")
)  # fmt: skip
"""Words that put a preview in the past ("die Vorschau von gestern hat mich überzeugt"): then
it speaks of no preview wanted now."""

_LATER = frozenset(
    ("tomorrow", "later", "tonight", "demain", "tard", "ce soir", "domani", "dopo", "stasera",
     "piu tardi", "morgen", "spaeter", "heute abend", "next", "prochain", "prochaine",
     "prossima", "prossimo", "naechste", "naechstes", "naechsten")
)  # fmt: skip
"""Words that put the other game named beside the move later ("I'll answer the Verbotene Stadt
game tomorrow morning"): the move is not for it."""

_TOPIC_CHANGE = re.compile(
    r"^\W*(?:(?:and|et|e|und|oh|ah)\s+)?(?:btw|by\s+the\s+way|anyway|unrelated|off\s+topic"
    r"|a\s+propos|au\s+fait|hors\s+sujet|a\s+proposito|tra\s+l'altro|fuori\s+tema|uebrigens"
    r"|ubrigens|nebenbei|apropos|ps|p\.s\.?)(?![\w'])"
)
"""A question that opens with a change of subject ("Übrigens, hat jemand Lust ...?", "btw are
you coming on Thursday?") asks nothing of the move."""

_BACK = frozenset(("that", "this", "it", "ca", "cela", "ceci", "das", "dies", "dieses",
                   "questo", "questa", "quello", "quella", "ok", "okay", "right", "legal", "valid",
                   "allowed", "possible", "correct", "bon", "valide", "possibile", "giusto",
                   "giusta", "valida", "valido", "geht", "passt", "richtig", "erlaubt",
                   "moeglich", "gueltig", "move", "coup", "mossa", "zug", "tile", "tuile",
                   "tessera", "plaettchen"))  # fmt: skip
"""Words of a question about the move itself ("is that ok?", "ça va ?", "geht das?")."""

_LEADS = frozenset(("and", "et", "e", "und", "but", "mais", "ma", "aber", "oh", "ah", "so",
                    "alors", "allora", "also"))  # fmt: skip

_IFS = frozenset((*conditions.IF_WORDS, *conditions.UNLESS_WORDS))
_IFS_BY_LANG = {"it": _IFS - {"si"}, "fr": _IFS - {"se"}}
"""The words of a condition (:mod:`pbem.commands.conditions`), without the Italian "si"
(reflexive) in Italian and the Italian "se" in French."""
_IF_PHRASES = tuple(p for p in _IFS if " " in p)
_OPINION = re.compile(r"(?<![\w'])" + retraction.OPINION_WORD)

_NAMED_LONG = 4
"""A negation with a name in a part of at least this many words speaks to someone of something
else ("Und nein, Klaus, das war nicht abgesprochen")."""


def _words(part: str) -> list[str]:
    return [w for w in (fold_word(t).casefold().strip(".,;:!?-\"'()«»“”„…") for t in
                        part.replace("’", "'").split()) if w]  # fmt: skip


def _elided(words: list[str]) -> list[str]:
    """The words with French and Italian elisions apart ("n'est" -> "n'", "est")."""
    out: list[str] = []
    for w in words:
        head, sep, tail = w.partition("'")
        if sep and tail and len(head) <= 2:
            out.extend((head + "'", tail))
        elif w.endswith("n't"):
            out.extend((w[:-3], "n't"))
        else:
            out.append(w)
    return out


def _named(part: str) -> bool:
    """Does ``part`` call someone by name (a capitalised word that is no word we know, set
    apart by commas: "Marisa, ...", "und nein, Klaus, ...")? German nouns are capitalised too:
    only a name called counts."""
    raw = part.split()
    toks = [t.strip(".,;:!?-\"'()«»“”„…") for t in raw]
    return any(
        t[:1].isupper()
        and t[1:].islower()
        and len(t) > 2
        and not is_known_word(t)
        and raw[k].endswith(",")
        and (k == 0 or raw[k - 1].endswith(","))
        for k, t in enumerate(toks)
    )


_PRAISE = frozenset(
    tuple(p.split())
    for p in (
        # en
        "nice", "nice one", "good one", "great", "well played", "well done", "nicely done",
        "nicely played", "not bad", "not bad at all", "nice move", "good move", "great move",
        "strong move", "clever move", "smart move", "brilliant", "bravo", "respect", "kudos",
        "touche", "ouch", "gg", "wp", "nice play", "good play", "clever", "sneaky",
        # fr
        "bien joue", "bien vu", "pas mal", "pas mal du tout", "pas bete", "beau coup",
        "joli coup", "bel coup", "bravo", "chapeau", "joli", "bien", "aie", "touche",
        "coup de maitre", "bien trouve", "malin", "futé", "fute",
        # it
        "bella mossa", "bel colpo", "ben giocato", "ben fatto", "niente male", "non male",
        "bravo", "brava", "bravi", "complimenti", "ottima mossa", "mossa furba", "gran mossa",
        "bella", "furbo", "furba", "ahia",
        # de
        "nicht schlecht", "nicht uebel", "gar nicht schlecht", "gar nicht uebel", "starker zug",
        "guter zug", "schoener zug", "toller zug", "cleverer zug", "feiner zug", "gut gespielt",
        "schoen gespielt", "stark gespielt", "respekt", "bravo", "autsch", "klasse", "stark",
        "schoen", "nett", "geschickt", "raffiniert",
    )
)  # fmt: skip
"""A verdict on the last move of someone else, the whole of a part beside the player's own move
("Nicht schlecht, Grün.", "Starker Zug, Blau.", "Bien joué, Paul !", "Bella mossa, Verde."):
neither a negation nor a move spoken of that touches the player's move (issue 31, seventeenth
round). Folded (:func:`_words`)."""
_PRAISE_MORE = frozenset(
    ("oh", "ah", "wow", "whoa", "ouah", "waouh", "oh la la", "accidenti", "caspita", "mensch",
     "boah", "really", "very", "so", "vraiment", "tres", "trop", "davvero", "proprio", "molto",
     "echt", "wirklich", "sehr", "ganz", "ja", "well", "eh", "hein", "indeed")
)  # fmt: skip
"""Words that may stand around a verdict of :data:`_PRAISE` ("Wow, echt starker Zug, Blau")."""
_SEATS = frozenset(
    ("green", "blue", "red", "yellow", "vert", "verte", "bleu", "rouge", "jaune", "verde", "blu",
     "rosso", "giallo", "gruen", "blau", "rot", "gelb", "everyone", "all", "tous", "tutti",
     "alle", "zusammen", "partner", "partenaire")
)  # fmt: skip
"""Who a verdict may be said to, besides a name: a seat by its colour, or everyone."""


def _praise(part: str) -> bool:
    """Is ``part`` only a verdict on someone else's move (:data:`_PRAISE`), said to a seat or a
    name after a comma or to nobody named ("Nicht schlecht, Grün.", "Well played, Sue!")? Never
    with a question, a code or any other word."""
    raw = part.replace("’", "'")
    if "?" in raw or any(_code(t.strip(".,;:!?-\"'()«»“”„…")) for t in raw.split()):
        return False
    head, comma, called = raw.rpartition(",")
    name = called.strip(" .!…")
    if comma and name and (set(_words(called)) <= _SEATS or _a_name(name)):
        raw = head  # "..., Grün." / "..., Paul !"
    words = [w for w in _words(raw.replace(",", " ")) if w not in _PRAISE_MORE]
    return tuple(words) in _PRAISE


def _a_name(word: str) -> bool:
    """Is ``word`` a name called (one capitalised word that is no word we know: "Paul")?"""
    return (
        " " not in word
        and word[:1].isupper()
        and word[1:].islower()
        and len(word) > 2
        and not is_known_word(word)
    )


_LEADING_NO = re.compile(r"(?i)^\W*(?:(?:and|et|e|und|oh|ah)\s+)?(?:no+|non|nein|nope|nah)\b[\s,]*")
"""The "no" that opens a part spoken to someone ("Und nein, Klaus, ..."): no take-back of the
move when the part goes on about something else."""


_CODE = re.compile(r"(?:[RYBGK]{2}|R[0-3]|[A-Za-z]{1,2}\d{1,2})")
"""A code of the games: an official ("RB"), a rotation ("R2"), a square ("M13")."""


def _code(token: str) -> bool:
    """A token that is (part of) a move: letters and digits mixed, or a code (:data:`_CODE`)."""
    mixed = any(c.isdigit() for c in token) and any(c.isalpha() for c in token)
    return mixed or _CODE.fullmatch(token) is not None


_MAYBE = frozenset(
    ("maybe", "mayb", "mebbe", "perhaps", "dunno", "idk", "unsure", "peut-etre", "peutetre",
     "ptet", "ptetre", "jsp", "chais", "forse", "magari", "boh", "vielleicht", "vllt", "vlt",
     "viell", "evtl", "eventuell", "unsicher", "incertain", "incertaine", "incerto", "incerta")
)  # fmt: skip
"""The doubts of :data:`_DOUBT` that are never of the past (not "j'ai hésité")."""

_MOVE_NOUN = frozenset(("move", "moves", "coup", "coups", "mossa", "mosse", "zug", "zuege"))
"""A move spoken of in words beside the one named: someone else's, praised ("what a move by
Sue!"), or the move itself discussed."""


_SLIDE_WORDS = frozenset(
    # the directions and compass points, in the four languages and as phones type them
    ("north", "east", "south", "west", "northeast", "northwest", "southeast", "southwest",
     "nord", "sud", "ouest", "nordest", "nordouest", "sudest", "sudouest", "ovest", "nordovest",
     "sudovest", "norden", "osten", "ost", "sued", "sueden", "westen", "nordost", "nordwest",
     "suedost", "suedwest", "up", "down", "left", "right", "upward", "upwards", "downward",
     "downwards", "haut", "bas", "droite", "gauche", "giu", "alto", "basso", "destra",
     "sinistra", "oben", "unten", "hoch", "runter", "rauf", "rechts", "links",
     # one field only (the French "pas" is also "not", and as far as it goes is what every
     # slide does: neither is here)
     "step", "steps", "single", "square", "field", "cell", "notch", "case", "cran",
     "casella", "caselle", "passo", "quadretto", "schritt", "feld", "felder", "kaestchen",
     # an official by its colours, or as an official
     "red", "yellow", "blue", "green", "black", "rouge", "jaune", "bleu", "vert", "noir",
     "rosso", "giallo", "blu", "verde", "nero", "rossa", "gialla", "nera", "rot", "gelb",
     "blau", "gruen", "schwarz", "official", "officiel", "mandarin", "fonctionnaire",
     "funzionario", "mandarino", "beamter", "beamte", "beamten")
)  # fmt: skip
"""Words of a slide of Die Verbotene Stadt (issue 31, eighteenth round): beside a slide read among
chatter ("BK E N ta", "KB S E, scusate il ritardo"), a direction, one field only or an official
named in another part may go on the slide or name another: never
chatter. Folded (:func:`_words`); a word that starts with a colour or a compass point counts
too ("rouge-noir", "Nordosten", "blu-nero")."""
_SLIDE_LETTERS = frozenset(("n", "e", "s", "w", "o", "ne", "nw", "se", "sw", "no", "so"))
"""A direction in one or two letters: of the slide when written in capitals ("RB N, E"), and "s",
"w" in any case; the lower-case "e", "o", "se", "no", "so" are words of the languages (the
Italian "and", "or", "if"; "no")."""
_SLIDE_PREFIXES = ("nord", "sued", "sud", "ouest", "ovest", "west", "ost", "north", "south",
                   "east", "rouge", "noir", "bleu", "jaune", "vert", "ross", "ner", "blu",
                   "giall", "verd", "rot", "schwarz", "blau", "gelb", "gruen", "red", "black",
                   "blue", "yellow", "green")  # fmt: skip


_LATER_SAID = frozenset(
    ("confirm", "confirmerai", "confirmerais", "confirme", "confermo", "confermero", "confermer",
     "bestaetige", "bestaetigen")
)  # fmt: skip
"""The words of :data:`_WAIT` that leave the move to be confirmed ("Will confirm tomorrow")."""
_DRAFT = frozenset(("draft", "brouillon", "bozza", "entwurf"))
"""The move called a draft ("KB S, only a draft"): to be confirmed, unless the draft is where
something was, a text before this one ("scusate il pasticcio nella bozza": :data:`_IN`)."""
_IN = frozenset(("in", "into", "dans", "nella", "nel", "della", "del", "im", "mon", "my",
                 "mia", "meinem", "meiner", "dem", "the", "le", "la", "il", "ma"))  # fmt: skip


def hedged(part: str) -> bool:
    """Do the words ``part``, after a slide the game read whole ("KB S, je crois", "KB S. Will
    confirm tomorrow."), leave it unsettled: a doubt or a hesitation (:func:`unsettled`,
    :data:`_DOUBT`), or a confirmation still to come (eighteenth round)?"""
    words = _elided(_words(part.replace("’", "'")))
    drafted = any(w in _DRAFT and (k == 0 or words[k - 1] not in _IN) for k, w in enumerate(words))
    return unsettled(part) or drafted or any(w in _DOUBT or w in _LATER_SAID for w in words)


def slide_danger(part: str) -> str | None:
    """Why ``part``, beside a slide of Die Verbotene Stadt read among chatter, may be of the slide
    (:data:`_SLIDE_WORDS`, :data:`_SLIDE_LETTERS`), or None. Asked besides :func:`danger`."""
    raw = part.replace("’", "'")
    for tok in raw.split():
        bare = tok.strip(".,;:!?-\"'()«»“”„…")
        if bare.lower() in _SLIDE_LETTERS and (bare.isupper() or bare.lower() in ("s", "w")):
            return "a direction"
    for w in _elided(_words(raw)):
        pieces = [x for x in re.split(r"[-/]", w) if x]
        if any(x in _SLIDE_WORDS or x.startswith(_SLIDE_PREFIXES) for x in pieces):
            return "a word of a slide"
    return None


def unsettled(part: str) -> bool:
    """Do the words ``part`` say the player has not settled (a doubt, a hesitation, "not sure",
    however typed: "peutetre", "jsp", "vllt")? The part of :func:`danger` that holds beside any
    move the grammar reads among other words, even one weighed against another."""
    words = _elided(_words(part.replace("’", "'")))
    if any(w in _MAYBE for w in words):
        return True
    return any(w in _NEGATION for w in words) and any(w in _SURE for w in words)


_SORRY = (
    r"(?:(?:so\s+|very\s+)?sorry|apologies|d[ée]sol[ée]e?s?|pardon|scus(?:a|ate|ami|atemi)"
    r"|entschuldig(?:ung|t)|verzeihung|sry)"
)
_WAITED = (
    r"(?:(?:the|my|this|le|la|l'|mon|ce|il|lo|mio|die|das|den|der|meine|for\s+the|for\s+my|pour\s+le"
    r"|pour\s+la|pour\s+l'|pour\s+mon|per\s+il|per\s+la|per\s+l'|f(?:ü|ue)r\s+die|f(?:ü|ue)r\s+das"
    r"|wegen\s+der|du|de\s+l')\s*)?"
    r"(?:wait|waiting|delay|late\s+(?:reply|answer|move|response)|slow\s+(?:reply|answer|move)"
    r"|retard|attente|ritardo|attesa|verz(?:ö|oe)gerung|versp(?:ä|ae)tung|wartezeit|warterei)"
)
_TOOK_LONG = (
    r"(?:(?:it|this|that)\s+took\s+(?:me\s+)?(?:so\s+|a\s+bit\s+|quite\s+|a\s+little\s+)?"
    r"(?:long|a\s+while|ages)"
    r"|(?:es\s+)?hat\s+(?:(?:diesmal|heute|wieder|etwas|ein\s+bisschen|ein\s+wenig|so|recht"
    r"|ganz\s+sch(?:ö|oe)n|l(?:ä|ae)nger|lange)\s+){0,4}gedauert"
    r"|j['’]ai\s+mis\s+(?:du|le)\s+temps|(?:ça|ca)\s+a\s+(?:un\s+peu\s+)?tra[îi]n[ée]"
    r"|ci\s+ho\s+messo\s+(?:un\s+po['’]?|tanto|parecchio)(?:\s+a\s+rispondere)?)"
)
_LATE_APOLOGY = re.compile(
    rf"(?i)(?<![\w'’])(?:{_SORRY}\s*(?:,\s*|\s+)?(?:{_WAITED}|{_TOOK_LONG})|{_SORRY}\s+(?:for|pour"
    rf"|per|f(?:ü|ue)r|wegen)\s+{_WAITED}|{_TOOK_LONG}(?:\s*,?\s*{_SORRY})?)(?![\w'’])"
)
"""The player's apology for being late, before or after the move ("Sorry for the wait", "M13 R3
- sorry, hat diesmal etwas gedauert", "désolé pour le retard", "scusate il ritardo"): it is said
for the delay, never for the move (issue 31, eighteenth round)."""


_WRITING = (
    r"(?:typos|spelling|fautes(?:\s+de\s+frappe)?|coquilles|refusi|errori(?:\s+di\s+battitura)?"
    r"|tippfehler|schreibfehler|vertipper)"
)
_TYPO_APOLOGY = re.compile(
    rf"(?i)(?<![\w'’]){_SORRY}\s*,?\s*(?:(?:for|pour|per|f(?:ü|ue)r|wegen)\s+)?"
    rf"(?:(?:the|my|any|les|mes|i|miei|gli|die|meine)\s+)?{_WRITING}(?![\w'’])"
)
"""The player's apology for the typing of the mail ("sorry for typos", "scusate i refusi",
"désolé pour les fautes", "sorry für die Tippfehler"; nineteenth round): said of the mail's
words, a plural, never of the move."""


_SORRY_TYPED = rf"(?:{_SORRY}|dsl|desole|dispiace|sorri)"
"""An apology as typed in haste too ("dsl", "desole" without its accent)."""
_BUSY = (
    r"(?:busy|swamped|away|travel+ing|(?:in|at)\s+(?:a\s+|the\s+)?(?:meetings?|work|the\s+office"
    r"|hospital)|on\s+(?:a\s+|the\s+)?(?:train|road|trip|plane)|occup[ée]e?|d[ée]bord[ée]e?"
    r"|en\s+(?:r[ée]union|d[ée]placement|voyage|vacances|cong[ée]s?)|au\s+(?:boulot|travail"
    r"|bureau)|malade|impegnat[oa]|occupat[oa]|in\s+(?:riunione|ufficio|viaggio|trasferta"
    r"|ferie)|al\s+lavoro|malat[oa]|besch(?:ä|ae)ftigt|im\s+(?:meeting|b(?:ü|ue)ro|stress"
    r"|urlaub)|in\s+(?:besprechungen|meetings|einer\s+besprechung)|unterwegs|auf\s+reisen"
    r"|krank|sick|ill)"
)
_BUSY_WHEN = (
    r"(?:den\s+ganzen\s+tag|heute|gestern|die\s+ganze\s+woche|all\s+day|today|yesterday"
    r"|toute\s+la\s+journ[ée]e|aujourd['’]?hui|hier|tutto\s+il\s+giorno|oggi|ieri)"
)
_BUSY_APOLOGY = re.compile(
    rf"(?i)(?<![\w'’]){_SORRY_TYPED}\s*[,.!]?\s*(?:(?:i\s+was|i['’]?ve\s+been|i\s+have\s+been"
    rf"|was|been|j['’]?[ée]tais|jetais|j['’]?ai\s+[ée]t[ée]|jai\s+[ée]t[ée]|[ée]tais|ero|sono"
    rf"\s+stat[oa]|stat[oa]|ich\s+war|war)\s+(?:(?:really|so|very|super|tr[èe]s|vraiment|hyper"
    rf"|molto|davvero|sehr|total|voll)\s+)?(?:{_BUSY_WHEN}\s+)?{_BUSY})(?![\w'’])"
)
"""The player's apology for being late with its reason, being busy or away ("dsl jetais en
reunion toute la journee", "sorry, was in meetings all day", "scusate, ero al lavoro", "sorry,
war den ganzen Tag unterwegs"; issue 31, nineteenth round): said for the delay, never for the
move. Being wrong is no such reason ("dsl j'étais distrait" may take a move back)."""
_BRIEF = (
    r"(?:short|brief|curt|court|courte|bref|br[èe]ve|breve|corto|cort[ao]|kurz|knapp|laconique"
    r"|laconico|sec|secco)"
)
_BRIEF_APOLOGY = re.compile(
    rf"(?i)(?<![\w'’])(?:{_SORRY_TYPED}\s*,?\s*(?:if|si|se|falls|wenn|that|que|che|dass)\s+"
    rf"(?:(?:it['’]?s|its|this\s+is|c['’]?est|cest|c|ce\s+est|[èe]|sono|es\s+ist|ist|i['’]?m"
    rf"|je\s+suis|jsuis|sono|ich\s+bin|bin)\s+)(?:(?:a\s+bit|un\s+peu|un\s+po['’]?|etwas"
    rf"|bisschen|so|trop|too|troppo|zu|tr[èe]s|molto|sehr)\s+)?{_BRIEF}"
    rf"|{_SORRY_TYPED}\s*,?\s*(?:for|pour|per|f(?:ü|ue)r)\s+(?:the|my|la|ma|il|la|die|meine)?\s*"
    rf"(?:brevity|bri[èe]vet[ée]|brevit[àa]|k(?:ü|ue)rze)"
    rf"|(?:scusate|scusa|entschuldigt|entschuldige|excusez|pardonnez)\s+(?:la|die)\s+"
    rf"(?:brevit[àa]|k(?:ü|ue)rze|bri[èe]vet[ée])"
    rf"|{_SORRY_TYPED}\s*,?\s*(?:to\s+be|d['’]?[êe]tre|di\s+essere)\s+{_BRIEF})(?![\w'’])"
)
"""The player's apology for the mail being short ("dsl si c court", "sorry if this is brief",
"scusate la brevità", "sorry für die Kürze", "désolé d'être bref"; issue 31, nineteenth
round): said of the mail, never of the move, its "if" no condition."""


def late_apology_dropped(text: str) -> str:
    """``text`` without the apologies for being late (:data:`_LATE_APOLOGY`, with its reason:
    :data:`_BUSY_APOLOGY`), for the mail's typing (:data:`_TYPO_APOLOGY`) or for its brevity
    (:data:`_BRIEF_APOLOGY`)."""
    said = _BRIEF_APOLOGY.sub(" ", _BUSY_APOLOGY.sub(" ", text))
    return _TYPO_APOLOGY.sub(" ", _LATE_APOLOGY.sub(" ", said))


_WAITING = frozenset(
    ("waiting", "wait", "waits", "attends", "attend", "attente", "attendre", "aspetto",
     "aspettando", "attesa", "warte", "warten", "wartet")
)  # fmt: skip
_WHOSE_TURN = frozenset(("turn", "tour", "turno", "dran", "tocca", "reihe"))
_ALREADY = frozenset(("already", "deja", "gia", "schon", "bereits"))


def _not_now_there(part: str, words: list[str]) -> bool:
    """Does ``part`` name another game of the player's and say the player has nothing to play
    there now: waiting, not the player's turn, moved already, or later ("In der anderen bin ich
    noch nicht dran", "nell'altra aspetto ancora il mio turno", "Dans les deux autres ce n'est
    pas encore mon tour", "the other one's still waiting on Pat"; issue 31, nineteenth round)?
    Then the move beside it is for the game answered, and the part's words are of the other."""
    if not names_other_game(part):
        return False
    negated = any(w in _NEGATION for w in words)
    return bool(
        _WAITING.intersection(words)
        or (negated and _WHOSE_TURN.intersection(words))
        or _ALREADY.intersection(words)
        or any(f" {w} " in f" {' '.join(words)} " for w in _LATER)
    )


_QUALITY = frozenset(
    ("best", "finest", "greatest", "clever", "cleverest", "smart", "smartest", "wise", "wisest",
     "safe", "safest", "risky", "riskier", "riskiest", "brilliant", "optimal", "ideal", "strong",
     "strongest", "meilleur", "meilleure", "malin", "maline", "fute", "risque", "risquee",
     "risques", "risquees", "sage", "genial", "geniale", "brillant", "ideal", "ideale",
     "fort", "siecle", "migliore", "migliori", "ottima", "ottimo", "furba", "furbo",
     "intelligente", "rischiosa", "rischioso", "prudente", "massimo", "granche", "beste",
     "besten", "bester", "bestes", "klug", "kluge", "klugste", "klugste", "kluegste", "schlau",
     "schlaueste", "riskant", "riskante", "riskanteste", "sicherste", "optimale", "staerkste")
)  # fmt: skip
"""Words of how good a move is ("not the best", "la moins risquée", "la mossa migliore", "ob das
klug ist"): a doubt said of them is a verdict on the move, not a doubt about playing it."""
_STILL_DECIDING = frozenset(
    ("decide", "deciding", "decided", "decider", "decidere", "decido", "entscheide",
     "entscheiden", "let", "reflechir", "reflechis", "reflechirai", "pensarci", "ripensarci",
     "ripenso", "ueberlege", "ueberlegen", "nachdenken", "reconsider", "rethink", "sleep",
     "dormir", "dormirci", "schlafen", "change", "changer", "cambiare", "aendern", "check",
     "verifier", "verifie", "controllo", "pruefe", "later", "tard", "dopo", "spaeter", "first")
)  # fmt: skip
"""Words of a choice still to make ("let me think", "je vais réfléchir", "ci dormo sopra"):
never a verdict on a move played."""


_MINE = re.compile(
    r"^(?:\w+\s+){0,2}(?:i|je|ich|io)\s+(?:think|pense|crois|denke|glaube|penso|credo)\b"
    r"|^(?:\w+\s+){0,2}(?:penso|credo)\b"
)
"""The player's own opinion, "I think", "je crois", "penso" (folded), not someone else's awaited."""
_NOT_SURE_THAT = re.compile(
    r"(?i)(?<![\w'’])(?:(?:i'?m|je\s+(?:ne\s+)?suis|ich\s+bin|non\s+sono)\s+)?(?:not|pas|nicht|non)"
    r"\s+(?:so\s+|si\s+|tr[èe]s\s+|ganz\s+|proprio\s+)?(?:sure|s[ûu]re?|sicher|sicur[oa])"
    r"(?=\s*,?\s*(?:that|if|whether|que|qu['’]|si|che|se|dass|ob)(?![\w'’]))"
)
""""Not sure that/whether ..." before a word of :data:`_QUALITY`: a verdict on how good the move
is ("Pas sûr que ce soit le plus malin"), no hesitation to play it."""


def _verdict(words: list[str]) -> bool:
    """Are ``words`` a verdict on how good the move is, however doubtful ("Probably not the best
    move on the board but I'll learn", "Je crois que c'est la moins risquée pour moi", "Ob das
    klug ist, weiß ich nicht", "non è la mossa migliore"; issue 31, nineteenth round): a word of
    :data:`_QUALITY`, none of a choice still to make (:data:`_STILL_DECIDING`) or of "maybe"?"""
    return (
        bool(_QUALITY.intersection(words))
        and not _STILL_DECIDING.intersection(words)
        and not _MAYBE.intersection(words)
    )


_OF_THE_MOVE_ASKED = frozenset(
    ("ok", "okay", "legal", "valid", "allowed", "possible", "correct", "valide", "possibile",
     "valida", "valido", "geht", "passt", "erlaubt", "moeglich", "gueltig", "move", "coup",
     "mossa", "zug", "tile", "tuile", "tessera", "plaettchen")
)  # fmt: skip
"""Words of :data:`_BACK` that ask about the move even in a question that names the game."""


def _this_game_asked(raw: str, words: list[str], this: str | None) -> bool:
    """Is ``raw`` a question of which game the reply is for, naming the game read ("Questa è
    la partita di Forbidden City con Marco, giusto?", "This is the Forbidden City one, right?";
    nineteenth round), and nothing of the move?"""
    named = games_named(raw)
    return (
        this is not None
        and bool(named)
        and named <= {this, "here"}
        and not _OF_THE_MOVE_ASKED.intersection(words)
    )


_AS_IN = re.compile(
    r"(?i)(?<![\w'’])(?:like|as|same\s+as|wie|comme|come|genauso\s+wie)\s+(?:in|dans|nella|nel"
    r"|nell['’]|im|in\s+der|in\s+unserer|dans\s+notre|nella\s+nostra|in\s+our)(?![\w'’])"
)
"""Another game named as the one the move is like ("wie in unserer anderen Partie", "comme dans
l'autre partie", "as in the other game"): no game the move is for."""


def for_another_game(part: str, this: str | None = None) -> bool:
    """Does ``part``, beside a move, name another game than ``this`` (the game read, "fc" or
    "vs", when known) for which the move may be meant: not one where the player has nothing to
    play now (:func:`_not_now_there`), nor one answered later ("I'll answer the Verbotene Stadt
    game tomorrow")?"""
    words = _elided(_words(part.replace("’", "'")))
    text = " ".join(words)
    another = games_named(part) - {this, "here"} if this else names_game(part)
    if _AS_IN.search(part):
        return False  # "P12 R1, wie in unserer anderen Partie": the other game compared
    return (
        bool(another)
        and not _not_now_there(part, words)
        and not any(f" {w} " in f" {text} " for w in _LATER)
    )


def danger(
    part: str, lang: str | None, *, own: bool = False, this: str | None = None
) -> str | None:
    """Why ``part`` (words beside the one move of a line, not the move's own words) is not mere
    chatter, or None. ``lang``: the reader's language (the Italian "o" and "se", the French
    "si"); ``own``: the words of the move's own clause beside it, which may call it a move ("My
    move is O9 R2"); ``this``: the game read ("fc", "vs"), which the words may name ("c'est pour
    la partie FC, pas la VS"), when known."""
    raw = late_apology_dropped(part.replace("’", "'"))
    if any(_code(t.strip(".,;:!?-\"'()«»“”„…")) for t in raw.split()):
        return "another move or code"
    words = _elided(_words(raw))
    if (
        "?" in raw
        and (not _TOPIC_CHANGE.match(fold_word(raw).casefold()) or any(w in _BACK for w in words))
        and not _this_game_asked(raw, words, this)
    ):
        return "a question"
    text = " ".join(words)
    if not words or _praise(raw):
        return None
    # (not the "no" of a set phrase: "no comment", "pas de souci", "kein Stress")
    negated = any(w in _NEGATION for w in _elided(_words(" ".join(without_harmless(raw.split())))))
    content = [w for w in words if w not in _LEADS and w not in _NEGATION]
    spoken_to = len(content) >= _NAMED_LONG and _named(raw)
    elsewhere = _not_now_there(raw, words)  # (its words are of the other game)
    verdict = _verdict(words)  # (a doubt of how good it is: "pas sûr que ce soit le meilleur")
    if is_take_back(raw) or correction_rest(raw) is not None:
        return "a take-back or correction"
    timed = _NOW_SAID.sub(" ", f" {text} ").split()  # "in any case", "for once", "this time"
    if any(w in _OTHER_TURN and not _a_tower(timed, k) for k, w in enumerate(timed)) and not (
        names_game(raw)
    ):
        return "another turn, time or rotation"
    if _awaits(text) or (
        _OPINION.search(text) and not spoken_to and not (verdict and _MINE.search(text))
    ):
        return "an opinion awaited"
    if not own and not verdict and any(w in _MOVE_NOUN for w in words):
        return "a move spoken of"
    if any(w in _STATE for w in words) and not elsewhere:
        return "the move's state"
    if retraction.takes_back(
        _LEADING_NO.sub("", raw) if spoken_to else _NOT_SURE_THAT.sub(" ", raw) if verdict else raw,
        [],
    ):
        return "a take-back, a hesitation or a condition"
    ifs = _IFS_BY_LANG.get(lang or "", _IFS)
    if (
        any(w in _EXCEPT for w in words)
        or any(w in ifs for w in words)
        or any(f" {p} " in f" {text} " for p in _IF_PHRASES)
    ):
        return "a condition"
    if any(w in _DOUBT for w in words) and not elsewhere and not verdict:
        return "a doubt"
    alternative = _ALTERNATIVE | ({"o"} if lang in (None, "it") else set())
    if any(w in alternative for w in words):
        return "another choice"
    if any(w in _WAIT for w in words):
        return "a take-back"
    if negated and any(w in _SURE for w in words) and not verdict:
        return "a doubt"
    if any(w in _PREVIEW for w in words) and not any(w in _DONE for w in words):
        return "a preview"
    if re.search(r"(?<![\w'])(?:" + EXAMPLE + r")(?![\w'])", text):
        return "our example"
    if for_another_game(raw, this):
        return "another game"
    if negated and not spoken_to and not elsewhere and not verdict:
        return "a negation of the move"
    return None


# ---------------------------------------------------------------------------------------------
# Another placement set aside beside the move (issue 31, nineteenth round)
# ---------------------------------------------------------------------------------------------

_PLACEMENT_CODE = re.compile(r"(?i)(?<![^\W\d_])([a-p]\d{1,2}|r[0-3])(?!\d)")
"""A square or a rotation of a Forbidden City placement, also typed together ("o13r1")."""

_NOT_BEFORE = r"not|pas|nicht|kein|keine|keinen|statt|anstatt"
"""The words that set a placement aside when written right before it ("pas O9 R0", "not O9 R2",
"nicht O13 R3", "statt R1"). Never the bare "no", "nein" and the French "non": "non o13 r2"
corrects to that move; the Italian "non" is "not"."""
_SET_ASIDE = (
    r"(?i)(?<![\w'’])(?:{nots})\s+(?:(?:the|le|la|l['’]|il|lo|die|das|den|der|en|in|on|auf|su"
    r"|sur|mit|with|avec|con)\s*)?(?P<move>(?:[a-p]\d{{1,2}}\s*,?\s*)?(?:r\s*[0-3])?)(?![\w'’])"
)
_CONTRAST = frozenset(
    ("but", "instead", "mais", "plutot", "ma", "invece", "aber", "sondern", "stattdessen",
     "statt", "anstatt", "changed", "changing", "change", "changeant", "change", "modifie",
     "cambiato", "cambio", "cambiando", "geaendert", "aendere")
)  # fmt: skip
"""Words that set our example apart from the move the player writes ("your example said R0, but
I want R3", "Your example had M8 R1; I'm going M8 R2 instead")."""
_EXAMPLE_SAID = re.compile(
    r"(?i)(?<![\w'’])(?:(?:your|the|our|votre|vos|l['’]|le|il|vostro|nel(?:l['’])?|euer|eure"
    r"|ihr|das|im)\s*)?(?:" + EXAMPLE + r")(?:\s+(?:said|says|had|has|was|showed|shows|disait"
    r"|dit|avait|a|était|montrait|diceva|dice|aveva|ha|era|sagte|sagt|hatte|hat|war|zeigte))?"
    r"(?![\w'’])"
)
"""Our example named as what the player changes ("your example said", "votre exemple avait")."""
_INSTEAD = frozenset(("instead", "plutot", "invece", "stattdessen", "sondern", "lieber",
                      "rather"))  # fmt: skip
"""Words that point to the move written against the one set aside ("M8 R2 instead")."""


_UNREAL = re.compile(
    r"(?i)(?<![\w'’])(?:would\s+have|would['’]ve|['’]d\s+have|could\s+have|could['’]ve"
    r"|aurai[st]|aurions|auriez|auraient|avrei|avresti|avrebbe|avremmo|avrebbero"
    r"|sarebbe\s+stat[oa]|h[äa]tte|h[äa]tten|haette|haetten|w[äa]re\s+\S+\s+gewesen"
    r"|had\s+(?:it\s+)?(?:in\s+mind|pencilled\s+in)|(?:j['’])?avais\s+en\s+t[êe]te"
    r"|avevo\s+in\s+mente|(?:hatte|habe)\s+(?:ich\s+)?(?:\S+\s+){0,3}im\s+kopf)(?![\w'’])"
)
"""A placement weighed and not played: said in the unreal past ("la R1 m'aurait fait fermer le
jardin", "con R3 avrebbe chiuso", "damit hätte ich Gisela den Saal geschenkt", "R2 would have
handed Jo the palace") or as what the player had in mind ("Eigentlich hatte ich O13 R3 im
Kopf")."""


_WITH = frozenset(("with", "without", "avec", "sans", "con", "senza", "col", "mit", "ohne"))
_CLAUSE_END = re.compile(r"[,.;:!?()\[\]«»\"]|\s[-–—]+\s|…")


def named_in_reasons(part: str, codes: set[str]) -> bool:
    """Is every placement code of ``codes`` that ``part`` names again the subject or the means of
    a reason, never the choice taken up again (issue 31, nineteenth round)? A reason goes on for
    at least three words after the code in its clause ("R0 leaves the garden open", "le r1 ouvre
    le couloir a Jeanne", "R2 would give Priya the corridor"), or two after "with" ("avec R0 je
    donnais", "con R3 chiuderei", "mit R1 hätte Jens"), and holds no word that speaks for it
    (:data:`_APPROVAL`); "actually yes, R2", "R0 quand même", "r1 it is", "R2 dai", "doch, R1"
    take it up again."""
    for clause in _CLAUSE_END.split(part):
        if _UNREAL.search(clause) or re.search(
            r"(?i)(?<![\w'’])(?:" + EXAMPLE + r")(?![\w'’])", clause
        ):
            continue  # the clause that sets it aside ("hatte ich O13 R3 im Kopf", "your example")
        toks = clause.split()
        for k, t in enumerate(toks):
            found = placement_codes(t)
            if not found or not found & codes:
                continue
            after = [w for w in toks[k + 1 :] if not placement_codes(w) & codes]
            with_ = k > 0 and fold_word(toks[k - 1]).casefold() in _WITH
            if len(after) < (2 if with_ else 3):
                return False
            if _APPROVAL.intersection(_elided(_words(clause.replace("’", "'")))):
                return False
    return True


def placement_codes(text: str) -> set[str]:
    """The squares and rotations of ``text`` ("O9 R2" -> {"O9", "R2"}), in capitals."""
    return {m.upper() for m in _PLACEMENT_CODE.findall(text)}


def set_aside(line: str, lang: str | None, move: set[str]) -> set[str]:
    """The codes of the placements ``line`` sets aside beside the move it plays, whose codes are
    ``move`` (issue 31, nineteenth round): written right after a word that denies them ("O9 R2.
    Pas O9 R0, avec R0 je donnais la tour a Mathieu", "P10 R3 (R3 et pas R2, c'est voulu.)"), or
    named as our example where the line changes it ("P10 R3 (your example said R0, but I want
    R3)"). A code of the move itself is never set aside ("O9 R2, pas O9" takes it back)."""
    nots = _NOT_BEFORE + ("|non" if lang == "it" else "")
    out: set[str] = set()
    for m in re.finditer(_SET_ASIDE.format(nots=nots), line):
        codes = placement_codes(m["move"])
        if not codes or codes <= move:
            return set()  # "not R2" of the move's own rotation: the move is taken back
        out |= codes - move
    words = set(_words(line.replace("’", "'")))
    for part in re.split(r"[.;:()!?]|\s[-–—]\s", line):
        if re.search(r"(?i)(?<![\w'’])(?:" + EXAMPLE + r")(?![\w'’])", part) and words & _CONTRAST:
            out |= placement_codes(part) - move
        if _UNREAL.search(part):
            out |= placement_codes(part) - move
    return out


_PREFER_MINE = re.compile(
    r"(?i)(?<![\w'’])(?:prefer|pr[ée]f[èe]re|preferisco|bevorzuge|nehme\s+lieber|want|veux|voglio"
    r"|will|choose|choisis|scelgo|w[äa]hle)\s+(?P<code>(?:[a-p]\d{1,2}\s*)?r\s*[0-3])(?![\w'’])"
)
"""A preference or a choice named with a code ("je préfère R1", "but I want R3")."""


def aside_danger(
    part: str,
    lang: str | None,
    allowed: set[str],
    aside: set[str],
    *,
    own: bool = False,
    this: str | None = None,
) -> str | None:
    """:func:`danger` of ``part`` beside the move, its placements set aside (:func:`set_aside`)
    or the move's own codes said again dropped with the word that denies them, and our example
    named as what the player changed: "Pas O9 R0, avec R0 je donnais la tour a Mathieu" is read
    as ", avec je donnais la tour a Mathieu". ``own``: the move's own clause, whose word pointing
    to it against the one set aside ("instead", "invece") is no other choice. Without ``allowed``
    (nothing set aside), :func:`danger` itself."""
    if not allowed:
        return danger(part, lang, own=own, this=this)
    nots = _NOT_BEFORE + ("|non" if lang == "it" else "")
    said = re.sub(_SET_ASIDE.format(nots=nots), lambda m: " " if m["move"].strip() else m[0], part)
    if not named_in_reasons(said, aside):
        return "a placement set aside taken up again"
    said = _EXAMPLE_SAID.sub(" ", said)
    # "... mais je préfère R1": the preference named with the move's own code is the move
    said = _PREFER_MINE.sub(
        lambda m: m[0] if placement_codes(m["code"]) - (allowed - aside) else m["code"], said
    )
    said = _PLACEMENT_CODE.sub(lambda m: " " if m[0].upper() in allowed else m[0], said)
    if own:
        said = " ".join(w for w in said.split() if fold_word(w).casefold() not in _INSTEAD)
    return danger(said, lang, own=own, this=this)


# ---------------------------------------------------------------------------------------------
# A clause of its own typed after the move with no sign between (issue 31, nineteenth round)
# ---------------------------------------------------------------------------------------------

_SAID_OF_THE_MOVE = frozenset(
    # en: a verb, a comparison or a word that binds what follows to the move
    ("is", "isn't", "was", "wasn't", "were", "would", "wouldn't", "will", "won't", "should",
     "shouldn't", "could", "couldn't", "can", "can't", "might", "may", "must", "looks", "seems",
     "sounds", "feels", "be", "been", "being", "as", "like", "by", "from", "for", "of", "with",
     "than", "too", "also", "and", "or", "but", "then", "instead", "same", "again", "if", "unless",
     "suggested", "proposed", "recommended", "please", "pls", "plz", "right", "ok", "okay",
     # fr
     "est", "etait", "serait", "sera", "c'est", "semble", "parait", "comme", "par", "de", "du",
     "des", "pour", "avec", "que", "aussi", "et", "ou", "mais", "puis", "plutot", "suggere",
     "propose", "conseille", "encore", "si", "sinon", "sauf", "svp", "stp",
     # it
     "e", "era", "sarebbe", "sara", "sembra", "come", "da", "di", "per", "con", "anche", "o", "ma",
     "poi", "invece", "suggerito", "proposto", "consigliato", "ancora", "che", "se", "tranne",
     "giusto", "va",
     # de
     "ist", "war", "waere", "wird", "wuerde", "scheint", "wie", "von", "vom", "fuer", "mit",
     "als", "auch", "und", "oder", "aber", "dann", "statt", "vorgeschlagen", "empfohlen",
     "nochmal", "wieder", "sieht", "klingt", "geht", "passt", "wenn", "falls", "ausser", "bitte",
     "oder", "gell", "ne")
)  # fmt: skip
"""The first words of words typed after a move that bind them to it ("M13 R2 is what Tom
played", "m13 r2 for Tom", "m13 r2 wie Klaus", "m13 r2 e poi vediamo", "m13 r2 giusto"): such
words are said of the move, never a clause of the player's own (:func:`own_clause`). Folded."""


_NOT_YET = frozenset(
    ("dont", "didnt", "doesnt", "wont", "cant", "isnt", "wasnt", "shouldnt", "wouldnt", "aint",
     "check", "checking", "verify", "verifie", "verifier", "controllo", "controllare",
     "verifico", "verificare", "pruefe", "pruefen", "checke", "nachsehen", "nachschauen",
     "first", "abord", "prima", "erst", "zuerst", "typo", "tippfehler", "vertippt", "refuso",
     "coquille", "frappe", "wants", "want", "veut", "veulent", "vuole", "vogliono", "will",
     "moechte", "told", "asked", "conseille", "suggests", "suggere", "consiglia", "empfiehlt",
     "hold", "later", "apres", "dopo", "nachher", "sure", "sur", "sicuro", "sicura", "sicher",
     "but", "mais", "ma", "aber", "pero", "naja", "tja")
)  # fmt: skip
"""Words that, in a clause typed after a move with no sign between, leave it unsettled: a
negation typed without its apostrophe ("m13 r2 dont send yet"), a check still to make ("faut
que je vérifie d'abord"), a typo owned, someone else's wish ("Tom wants me to"), a later time or
a word of certainty. Folded."""


def own_clause(tail: str, lang: str | None) -> bool:
    """Are ``tail``, many words typed after a move at the start of its part with no sign
    between ("n13 r1 il pleut des cordes ici", "m13 r2 typing this in the queue at tesco lol",
    "P12 R3 tippe mit einer hand"; issue 31, nineteenth round), a clause of the player's own:
    opened by no word said of the move (:data:`_SAID_OF_THE_MOVE`), denying nothing and holding
    no :func:`danger`?"""
    if re.search(
        rf"(?i)(?<![\w'’]){_SORRY}|(?<![\w'’])(?:dsl|desole|scusa|scusate|sorry|sry)(?![\w'’])",
        late_apology_dropped(tail),
    ):
        return False  # an apology said of the move ("n13r2 dsl je me suis gouré")
    words = _elided(_words(tail.replace("’", "'")))
    if not words or words[0] in _SAID_OF_THE_MOVE or words[0].endswith("'"):
        return False  # (also an elided word: "c'est", "l'ho", "n'est")
    if any(w in _NEGATION or w in _NOT_YET for w in words):
        return False
    return danger(tail, lang) is None


_APPROVAL = frozenset(
    ("right", "correct", "good", "fine", "ok", "okay", "better", "best", "works", "work", "safer",
     "juste", "bon", "bonne", "bien", "mieux", "meilleur", "meilleure", "marche", "correct",
     "giusto", "giusta", "buono", "buona", "bene", "meglio", "migliore", "funziona", "va",
     "richtig", "gut", "besser", "beste", "geht", "passt", "klappt", "stimmt", "also", "aussi",
     "anche", "auch", "too", "either", "after", "apres", "dopotutto", "doch", "finalement",
     "finally", "actually", "alla", "fine", "eigentlich", "yes", "yeah", "yep", "oui", "si",
     "ja", "jawohl", "quand", "meme", "comunque", "trotzdem", "anyway", "dai", "egal", "then",
     "alors", "allora", "dann", "so", "donc", "quindi", "also", "instead", "plutot", "invece",
     "lieber", "rather", "choose", "take", "prends", "prendo", "nehme", "play", "joue", "gioco",
     "spiele", "lege", "metto", "pose", "go", "going")
)  # fmt: skip
"""Words that would speak for the placement taken back in the reason after a correction ("r1
was right after all", "le r1 est mieux", "R1 geht doch auch"): never a reason against it."""


def reason_of_correction(reason: str, lang: str | None, taken_back: set[str]) -> bool:
    """Are the words ``reason``, after a correction the line's head reads whole, the reason it
    was made, naming the placement taken back again ("r1 hands Tom the garden", "le r1 ouvre le
    couloir a Jeanne", "R0 leaves the garden open"; issue 31, nineteenth round): codes of that
    placement only (``taken_back``), no word that speaks for it (:data:`_APPROVAL`), no
    negation and no :func:`danger` once its codes are dropped?"""
    codes = placement_codes(reason)
    if not codes or not codes <= taken_back or not named_in_reasons(reason, taken_back):
        return False
    said = _PLACEMENT_CODE.sub(" ", reason)
    words = _elided(_words(said.replace("’", "'")))
    if _APPROVAL.intersection(words) or any(w in _NEGATION or w in _NOT_YET for w in words):
        return False
    return danger(said, lang) is None
