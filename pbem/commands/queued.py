"""NEXT in words (issue 31, seventh round): a queued move's alternatives with the conditions
players write around them, and the next turn named in prose instead of the word NEXT.

What the service does with a queued move is fixed: when the turn comes, it plays the first
alternative that is legal then, else the next one (:mod:`pbem.service.standing`). So the only
conditions a reply may put on a queued move are the ones the service checks anyway, that a move
is still possible ("if it's still free", "si la case est encore libre", "se è ancora libera",
"falls P10 dann noch frei ist"), and that it is not ("if that's gone", "si M13 est déjà pris",
"se L10 non va più", "falls belegt"), which says when the next alternative is played: "NEXT O13
R1, or if that's gone, M13 R0", "M8 R1 si la case est encore libre, sinon L9 R0", "L11 R1, se non
si può più allora L12 R0", "N9 R1, falls das nicht mehr geht O9 R0", "M13 R2, sinon O13 R2 si M13
est déjà pris" are each "A ELSE B". A condition of any other word ("if Ann doesn't close the pink
room first"), about a square that is not the alternative's, or that makes no sense as said (a
move "if it is taken" with nothing before it) is not read: the line is then asked back.

The next turn named in words: "Pour mon prochain tour : ...", "For my next turn: ...", "Per il
turno dopo: ...", "Quando tocca di nuovo a me: ...", "Für meinen nächsten Zug schon mal: ...",
and "queue L12 R0 for my next turn", "pour mon tour suivant P12 R0": read as NEXT with what
follows (:func:`named_next`).

Pure: the standard library, and the condition words of :mod:`pbem.commands.conditions`.
"""

from __future__ import annotations

import re
import unicodedata

from pbem.commands.conditions import IF_NOT_WORDS, IF_WORDS, OR_WORDS, OTHERWISE_WORDS
from pbem.words import THEREFORE


def _fold(word: str) -> str:
    """A word without case, accents or curly apostrophes ("Déjà" and "deja" are one word)."""
    text = unicodedata.normalize("NFKD", word.casefold().replace("’", "'"))
    return "".join(c for c in text if not unicodedata.combining(c))


def _listed(text: str) -> frozenset[str]:
    return frozenset(_fold(w) for w in text.split())


_IF = frozenset((*IF_WORDS, "unless"))  # "unless" read in NEXT as a condition of possibility
"""The words that start a condition ("in case", "au cas où", "nel caso" are read as these)."""
_IN_CASE = re.compile(
    r"(?i)(?<![\w'’])(?:in\s+case|au\s+cas\s+o[uù]|nel\s+caso(?:\s+(?:che|in\s+cui))?|im\s+fall"
    r"(?:e)?\s*,?\s*(?:dass)?)(?![\w'’])"
)
_UNLESS = re.compile(
    r"(?i)(?<![\w'’])(?:unless|[àa]\s+moins\s+qu(?:e|['’])|a\s+meno\s+che(?:\s+non)?|es\s+sei\s+denn"
    r"|au(?:ß|ss)er\s+(?:wenn|falls))(?![\w'’])(?:\s*,)?"
)
"""A condition that the move is played unless it cannot be ("NEXT M13 R2 unless someone grabs it
first", "à moins que quelqu'un la prenne avant", "a meno che qualcuno non la prenda prima", "es
sei denn, jemand nimmt es vorher"; issue 31, tenth round): read as the word "unless", a condition
of possibility said the other way round."""
_VERB_FIRST_IF = re.compile(
    r"(?i)(?:(?<=^)|(?<=[.;,]\s))(?=(?:ist|sind|geht|klappt)\s+[^,.;!?]{1,40}?,\s*(?:dann|so)\s)"
)
"""A German condition said with its verb first, "then" after it ("P12 R1. Ist das Feld bis
dahin belegt, dann N13 R0"; nineteenth round): read as "falls"."""
_PLAYED_VERB = re.compile(
    r"(?i)(?<![\w'’])(?:mettez|jouez|prenez|mettete|giocate|prendete|spielt|nehmt|setzt|legt|play|put"
    r"|take|go\s+for|va\s+bene\s+anche|(?:[çc]a\s+)?ira\s+aussi|tut['’]?s\s+auch|geht\s+auch)\s+"
    r"(?=(?:[A-Za-z]\d{1,2}|[RYBGK]{2})(?![\w'’]))"
)
"""The verb before an alternative ("si jamais la case a été prise, mettez P10 R1 à la place",
"se non si può più, va bene anche L10 R3"; nineteenth round): the alternative is the move."""
_INSTEAD = re.compile(
    r"(?i)\s+(?:[àa]\s+la\s+place|instead|invece|al\s+suo\s+posto|stattdessen)(?=\s*(?:[,;.!]|$))"
)
"""After an alternative, "instead": it replaces the one before, as the word ELSE says."""
_ELSE_PHRASE = re.compile(
    r"(?i)(?<![\w'’])(?:failing\s+(?:that|this|which)|if\s+that\s+fails|[àa]\s+d[ée]faut"
    r"|faute\s+de\s+quoi|in\s+mancanza|in\s+alternativa|in\s+subordine|ersatzweise|notfalls"
    r"|hilfsweise|alternativ|second\s+choice|sinon\s+[àa]\s+d[ée]faut)(?![\w'’])"
)
"""The words between two alternatives said in more than one word ("NEXT O13 R1, failing that
M13 R0", "à défaut M13 R0", "in alternativa M13 R0", "notfalls M13 R0"): "else"."""
_IF_NOT = re.compile(
    r"(?i)(?<![\w'’])(?:" + "|".join(w.replace(" ", r"\s+") for w in IF_NOT_WORDS) + r")\s*,?\s*"
    r"(?=(?:[A-Za-z]\d{1,2}|[RYBGK]{2})\b)"
)
""""If not" right before the next alternative: "else" ("M13 R2, se no L10 R3")."""
_ELSE = frozenset((*OR_WORDS, *OTHERWISE_WORDS))
"""The words between two alternatives ("NEXT M13 R1, or P10 R0")."""
_THEN = _listed("then alors allora dann")
_AND = _listed("and et e und but mais ma aber only seulement uniquement solo soltanto nur")
"""Words before a condition ("et si elle n'est plus libre, P10 R0", "solo se è ancora libera"):
the condition says what they lead to."""
_GOOD = _listed(
    """legal legale legaux valid valide valida valido valable gultig possible possibile moglich
    playable jouable giocabile spielbar free libre libres libera libero frei open ouvert ouverte
    aperta aperto offen available disponible disponibile verfugbar allowed permis permise
    consentita erlaubt works work fits fit marche passe va geht klappt passt puo potra pourra"""
)
"""Words saying a move can still be played (the condition of its own alternative)."""
_ABLE = _listed("puo potra pourra peut can could kann darf")
"""Of :data:`_GOOD`, the verbs of being able: after someone named they say what that person can
do ("P10 R1, si Luc pourra"; nineteenth round), no condition of the move's own."""
_BAD = _listed(
    """gone taken occupied blocked illegal impossible pris prise occupe occupee bloque bloquee
    illegal illegale impossibile presa preso occupata occupato bloccata bloccato belegt besetzt
    blockiert weg unmoglich ungultig"""
)
"""Words saying a move cannot be played any more (the condition of the next alternative)."""
_TAKES = _listed(
    """takes take took taken grabs grab grabbed nicks nick nicked snags snag snagged steals steal
    stole gets get got prend prenne prennent prenait pique chope prende prenda prendono prendesse
    frega toglie tolga tolgono toglie togliere nimmt nehmen nimmt's schnappt wegschnappt klaut
    wegnimmt"""
)
"""Someone taking the square first: the move cannot be played ("if nobody takes it first", "se
nessuno me lo toglie")."""
_NOT = _listed(
    """not no never isn't doesn't don't can't cannot won't wasn't hasn't haven't isnt doesnt cant
    n' ne non nicht kein keine nobody personne nessuno niemand"""
)
_AROUND = _listed(
    """it it's its that that's this the square tile spot place one move is 's be been being has
    have had got gets get becomes become still already then too any more longer anymore by at
    that time point first yet else someone somebody anyone meanwhile played be can does do
    la le l' les case tuile place coup position elle il ils ça ca c' c'est cela est n'est a ete
    toujours encore deja plus a ce moment moment-la la entre-temps d'ici y n'y quelqu'un d'abord
    avant on
    il lo la l' quella quello casella mossa posto e ancora gia piu si puo fare stata stato
    qualcuno prima nel frattempo allora poi me
    das es der die den dem feld zug platz dann noch schon mehr ist sein sollte ware wird
    jemand vorher bis dahin inzwischen zu
    serait soit etait sera would were fosse sarebbe sara ware sollte
    jamais ever one one's ones first other celle-la celle-ci celui-la celui-ci premiere premier questa
    quest'ultima prima eine erste andere
    of course naturally obviously bien sur entendu evidemment naturellement ovviamente
    naturalmente certo natuerlich naturlich klar selbstverstandlich selbstverstaendlich
    """
)
"""The other words a condition of possibility is made of ("si c'est toujours jouable bien sûr",
"if it's still free of course"; eighteenth round), the alternative it is of pointed at ("if that
one's gone", "si celle-là est prise", "falls das eine weg ist"; nineteenth round)."""
_WAY = _listed(
    """north south east west northward southward eastward westward up down left right nord sud
    l'est ouest l'ouest ovest norden suden osten westen"""
)
"""A way an official goes ("if RB can't go north by then", "si RB ne peut plus aller au nord",
"se RB non può più andare a nord", "falls RB dann nicht mehr nach Norden kann"; nineteenth round,
second cycle): the slide the alternative is, its possibility, with the words of :data:`_GOING`
around it; not said of someone named ("if Sam can go north" is asked back). Not the French
"est" (also "is": "si M13 est déjà pris"), but "l'est"; the Italian "a est" is read by "può"."""
_GOING = _listed(
    """go move slide aller bouger glisser andare muovere spostare gehen ziehen schieben rutschen can
    could peut pourra puisse potra kann konnen darf au vers to towards verso nach richtung"""
)
_CODE = re.compile(r"^(?:[A-Za-z]\d{1,2}|[RYBGKrybgk]{2})$")
_ROTATION = re.compile(r"^[Rr]\d$")
_TOKEN = re.compile(r"[\w'’-]+|[,;:.!?()]")


def _code(token: str) -> str | None:
    """A square ("M13") or an official ("GB") a condition may name (upper case), else None."""
    if re.fullmatch(r"[A-Za-z]\d{1,2}", token) or re.fullmatch(r"[RYBGK]{2}", token):
        return token.upper()
    return None


class _Unread(Exception):
    """A condition that is not one of possibility, or placed where it makes no sense."""


def _condition_end(tokens: list[re.Match[str]], at: int) -> tuple[int, set[str], bool]:
    """The condition that starts at ``tokens[at]`` (a word of :data:`_IF`): the index after its
    last word, the codes it names and whether it says the move can NOT be played. Raises
    :class:`_Unread` when a word is not one of possibility."""
    words: list[str] = []
    codes: set[str] = set()
    k = at + 1
    seen = named = False
    while k < len(tokens):
        tok = tokens[k].group(0)
        word = _fold(tok)
        if tok in ",;:.!?()" or word in _ELSE:
            break
        if seen and word in _THEN:
            k += 1
            break
        if seen and word not in _AROUND | _NOT and not (codes and word in _GOING | _WAY):
            break  # the next alternative ("falls das nicht mehr geht O9 R0")
        if k == at + 1 and tok[:1].isupper() and tok[1:].islower() and _code(tok) is None:
            named = True  # someone named ("unless Carl takes it first", "falls Bea es nimmt")
        elif (code := _code(tok)) is not None and not (
            k + 1 < len(tokens) and _ROTATION.match(tokens[k + 1].group(0))
        ):
            codes.add(code)
        elif named and word in _ABLE:
            raise _Unread(tok)  # "si Luc pourra", "se Luca potrà": what someone can, not the move
        elif word in _GOOD or word in _BAD or word in _TAKES:
            seen = True
        elif word in _WAY and codes and not named:
            seen = True  # "if RB can't go north": the slide's possibility
        elif word not in _AROUND and word not in _NOT and word not in _IF and word not in _GOING:
            raise _Unread(tok)
        words.append(word)
        k += 1
    if not seen:
        raise _Unread(" ".join(words))
    negated = any(w in _NOT or w.endswith("n't") or w.startswith("n'") for w in words)
    if _fold(tokens[at].group(0)) == "unless":
        # "unless someone grabs it first": if nobody grabs it; the "non" of "a meno che
        # qualcuno non la prenda" and the "ne" of "à moins qu'on ne la prenne" deny nothing
        negated = True
    bad = any(w in _BAD or w in _TAKES for w in words)
    return k, codes, negated != bad


def _before_if(tokens: list[re.Match[str]], k: int) -> bool:
    """Do only words of :data:`_AND` and commas stand between ``tokens[k]`` and a condition?"""
    while k < len(tokens) and (tokens[k].group(0) == "," or _fold(tokens[k].group(0)) in _AND):
        k += 1
    return k < len(tokens) and _fold(tokens[k].group(0)) in _IF


def _only_punctuation(tokens: list[re.Match[str]], start: int, end: int) -> bool:
    return all(tokens[i].group(0) in ",;:.!?()" for i in range(start, end))


def alternatives(text: str) -> str | None:
    """NEXT's text with the conditions of possibility said in words read: its alternatives as
    "A ELSE B" (see the module's text), ``text`` itself when it holds no condition, or None
    when a condition is not one the service checks or stands where it makes no sense."""
    text = _VERB_FIRST_IF.sub("falls ", text)
    text = _ELSE_PHRASE.sub(" else ", _UNLESS.sub("unless", text))
    text = _IF_NOT.sub(" else ", _IN_CASE.sub("if", text))
    tokens = list(_TOKEN.finditer(text))
    if not any(_fold(t.group(0)) in _IF for t in tokens):
        return text
    if (bare := _INSTEAD.sub("", _PLAYED_VERB.sub("", text))) != text:
        text, tokens = bare, list(_TOKEN.finditer(bare))  # (only beside a condition)
    alts: list[list[int]] = [[]]  # the token indexes of each alternative's words
    conds: list[tuple[int, int, set[str], bool]] = []  # (start, end, codes, negative)
    split = False  # an else word or a condition since the last alternative's words
    k = 0
    try:
        while k < len(tokens):
            tok = tokens[k].group(0)
            word = _fold(tok)
            if word in _IF:
                end, codes, negative = _condition_end(tokens, k)
                conds.append((k, end, codes, negative))
                split = split or negative
                k = end
                continue
            prev = tokens[k - 1].group(0) if k else ""
            way = len(tok) == 1 and re.fullmatch(r"[RYBGKrybgk]{2}|[NSEWnsew]", prev) is not None
            if word in _AND and not way and _before_if(tokens, k + 1):
                pass  # "et si elle n'est plus libre", "solo se è ancora libera", "aber nur, wenn"
            elif word in _ELSE:
                split = True
            elif (
                word in _THEN
                and conds
                and conds[-1][3]
                and _only_punctuation(tokens, conds[-1][1], k)
            ):
                split = True  # "wenn das nicht mehr möglich ist, dann P10 R0"
            elif tok not in ",;:.!?()":
                if split and alts[-1]:
                    alts.append([])
                split = False
                alts[-1].append(k)
            k += 1
    except _Unread:
        return None
    if not alts[-1]:
        return None
    own = [{c for i in a if (c := _code(tokens[i].group(0))) is not None} for a in alts]
    for start, end, codes, negative in conds:
        before = [n for n, a in enumerate(alts) if a[-1] < start]
        after = [n for n, a in enumerate(alts) if a[0] >= end]
        leads = bool(after) and all(
            tokens[i].group(0) in ",;:.!?()" or _fold(tokens[i].group(0)) in _THEN | _ELSE
            for i in range(end, alts[after[0]][0])
        )
        if not negative:  # "M8 R1 si la case est encore libre", "or, if it's free, M13 R0"
            target = after[0] if leads else (before[-1] if before else None)
            if target is None or not codes <= own[target]:
                return None
        elif leads:  # "N9 R1, falls das nicht mehr geht O9 R0": of the one before
            if not before or before[-1] + 1 != after[0] or not codes <= own[before[-1]]:
                return None
        elif len(before) < 2 or not codes <= own[before[-2]]:
            return None  # "..., otherwise P12 R3 if that's gone": of the one before P12 R3
    words = [text[tokens[a[0]].start() : tokens[a[-1]].end()] for a in alts]
    return " ELSE ".join(w.strip(" ,;:.!?") for w in words)


_TURN_NAMED = (
    r"(?:(?:for|on|at)\s+(?:my|the)\s+(?:next|following)\s+(?:turn|move|go)|next\s+turn"
    r"|(?:when|once)\s+(?:it['’]?s|it\s+is)\s+my\s+turn\s+again"
    r"|(?:pour|[àa]|au)\s+(?:mon\s+|le\s+)?(?:prochain\s+tour|tour\s+suivant|prochain\s+coup"
    r"|coup\s+suivant)|au\s+prochain\s+tour|(?:quand|lorsque)\s+ce\s+sera\s+[àa]\s+nouveau"
    r"\s+mon\s+tour"
    r"|(?:per|al)\s+(?:il\s+)?(?:mio\s+)?(?:prossimo\s+turno|turno\s+(?:dopo|successivo))"
    r"|quando\s+tocca\s+(?:di\s+nuovo|ancora)\s+a\s+me"
    r"|(?:f(?:ü|ue)r|bei|in)\s+(?:meinen|meinem|den|dem)\s+(?:n(?:ä|ae)chsten|folgenden)"
    r"\s+(?:zug|runde)|wenn\s+ich\s+wieder\s+dran\s+bin|beim\s+n(?:ä|ae)chsten\s+(?:zug|mal)"
    # (issue 31, ninth round, wt-28: the next turn named in more words)
    # (a bare "la prossima volta", "next time" after a slide of Die Verbotene Stadt is the plan's
    # next slide: "RB N; e la prossima volta KB S"; only with "for" it names the next turn)
    r"|(?:for|in)\s+(?:the\s+)?next\s+(?:time|round)"
    r"|pour\s+la\s+prochaine\s+fois|(?:au|pour\s+le)\s+(?:prochain\s+coup"
    r"|tour\s+d['’]apr[èe]s)"
    r"|(?:(?:per|nel)\s+)?(?:il\s+)?(?:prossimo\s+turno|giro\s+(?:dopo|successivo))"
    r"|(?:per\s+il|al)\s+prossimo\s+giro|per\s+la\s+prossima\s+volta"
    r"|f(?:ü|ue)rs\s+n(?:ä|ae)chste\s+mal|(?:in\s+der|f(?:ü|ue)r\s+die)"
    r"\s+n(?:ä|ae)chsten?\s+runde"
    # (issue 31, tenth round: "My next turn: ...", "x il prossimo turno P10 R3", "Quando tocca
    # a me: KB sud", "When it's my turn: ..."; not "my next move", the move of a turn mail)
    r"|(?:my|mon|il\s+mio)\s+(?:next\s+turn|prochain\s+tour|prossimo\s+turno)"
    r"|x\s+(?:il\s+)?(?:mio\s+)?prossimo\s+turno"
    r"|(?:when|once)\s+(?:it['’]?s|it\s+is)\s+my\s+turn|quand\s+ce\s+sera\s+(?:[àa]\s+)?mon\s+tour"
    r"|quando\s+tocca\s+a\s+me|quando\s+sar[àa]\s+il\s+mio\s+turno|wenn\s+ich\s+dran\s+bin"
    # (fifteenth round: "Quand ce sera à moi : RB N", "when its my go, BK E", "quando toccherà a
    # me", "wenn ich an der Reihe bin")
    r"|(?:quand|lorsque|d[èe]s\s+que)\s+(?:ce\s+sera|c['’]est|ça\s+sera|ca\s+sera)\s+"
    r"(?:de\s+nouveau\s+|[àa]\s+nouveau\s+)?[àa]\s+(?:moi|mon\s+tour)"
    r"|(?:when|once)\s+(?:it['’]?s|its|it\s+is)\s+my\s+(?:go|move)(?:\s+again)?"
    r"|(?:when|once)\s+i['’]?m\s+up(?:\s+again)?"
    r"|quando\s+(?:toccher[àa]|tocca|sar[àa])\s+(?:di\s+nuovo\s+|ancora\s+)?a\s+me"
    r"|(?:wenn|sobald)\s+ich\s+(?:wieder\s+|das\s+n(?:ä|ae)chste\s+mal\s+)?an\s+der\s+reihe\s+bin"
    r"|sobald\s+ich\s+(?:wieder\s+)?dran\s+bin"
    # (nineteenth round: the turn coming round, "When it comes round to me", "quand mon tour
    # viendra", "quando arriva il mio turno", "wenn ich wieder an die Reihe komme")
    r"|(?:when|once)\s+it\s+comes\s+(?:round|around|back)\s+to\s+me|(?:when|once)\s+my\s+turn\s+comes"
    r"(?:\s+(?:round|around|up))?|(?:quand|lorsque|d[èe]s\s+que)\s+(?:mon\s+tour\s+(?:viendra|arrivera|arrive)"
    r"|(?:ce\s+sera|c['’ ]\s*est)\s+mon\s+tour)|(?:per\s+)?quando\s+(?:arriva|arriver[àa])\s+il\s+mio\s+turno"
    r"|per\s+quando\s+(?:toccher[àa]|tocca)\s+(?:di\s+nuovo\s+|ancora\s+)?a\s+me"
    r"|(?:wenn|sobald)\s+ich\s+(?:wieder\s+)?an\s+die\s+reihe\s+komme)"
)
_WAITING = (
    r"(?:(?:while|whilst|pendant\s+que|en\s+attendant(?:\s+que)?|mentre|intanto\s+che"
    r"|nell['’]attesa(?:\s+che)?|w(?:ä|ae)hrend)\s+[^,;:.!?]{1,30}?[,;:]\s*)?"
)
"""What the player does meanwhile, before the next turn named ("Pendant que Nord cogite :",
"Mentre aspetto il mio turno:", "Intanto che aspetto:"; fourteenth round)."""
_SAVE_TIME = (
    r"(?:pour\s+gagner\s+du\s+temps|pour\s+aller\s+plus\s+vite|to\s+save\s+(?:some\s+)?time"
    r"|to\s+speed\s+(?:things\s+)?up|per\s+(?:guadagnare|risparmiare)\s+tempo|per\s+fare\s+prima"
    r"|um\s+zeit\s+zu\s+sparen|damit\s+es\s+schneller\s+geht"
    # (nineteenth round: not keeping the others waiting, "pour ne pas vous faire attendre",
    # "histoire de ne pas vous retarder", "si ça peut faire gagner du temps", "so as not to keep
    # you waiting", "per non farvi aspettare", "damit ihr nicht warten müsst")
    r"|(?:pour|afin\s+de|histoire\s+de)\s+ne\s+pas\s+(?:vous\s+|les\s+)?(?:faire\s+attendre"
    r"|retarder|bloquer)(?:\s+(?:tout\s+le\s+monde|les\s+autres))?"
    r"|histoire\s+de\s+(?:gagner\s+du\s+temps|faire\s+vite|ne\s+pas\s+tra[îi]ner)"
    r"|si\s+[çc]a\s+peut\s+(?:vous\s+)?(?:faire\s+)?gagner\s+du\s+temps"
    r"|so\s+as\s+not\s+to\s+(?:keep\s+(?:you|anyone|everyone)(?:\s+all)?\s+waiting|hold\s+"
    r"(?:you|things|anyone|everyone)(?:\s+all)?\s+up)"
    r"|so\s+(?:that\s+)?(?:you\s+(?:all\s+)?don['’]t\s+have\s+to|nobody\s+has\s+to|no\s+one\s+has"
    r"\s+to)\s+wait|so\s+i\s+don['’]t\s+hold\s+(?:you|things|anyone|everyone)(?:\s+all)?\s+up"
    r"|in\s+case\s+it\s+saves\s+time|if\s+it\s+saves\s+(?:some\s+)?time"
    r"|per\s+non\s+(?:farvi|far)\s+(?:aspettare|perdere\s+tempo)(?:\s+(?:tutti|nessuno))?"
    r"|cos[iì]\s+non\s+(?:dovete|vi\s+faccio)\s+aspettare|se\s+pu[òo]\s+far\s+(?:guadagnare|risparmiare)"
    r"\s+tempo"
    r"|damit\s+(?:ihr|sie|niemand|keiner)(?:\s+nicht)?\s+(?:auf\s+mich\s+)?warten\s+(?:m(?:ü|ue)sst"
    r"|m(?:ü|ue)ssen|muss)|damit\s+ich\s+(?:euch|sie|niemanden)\s+nicht\s+aufhalte"
    r"|falls\s+es\s+zeit\s+spart)"
)
"""Why a move is queued ahead: to save time, not to keep the others waiting (the words of
:data:`_PURPOSE` before the next turn named, and of the same said after it, before its colon:
"Mon prochain coup, pour ne pas vous faire attendre : BK vers l'est"; nineteenth round)."""
_PURPOSE = rf"(?:(?:{_SAVE_TIME}|pour\s+info|fyi|per\s+info|zur\s+info)\s*[:,]\s*)?"
"""Why the move is queued now, before the next turn named ("Pour gagner du temps : au prochain
tour je jouerai M13 R2", "To save time: for my next turn, M13 R2"; seventeenth round)."""
_HEAD_WORDS = (
    _PURPOSE
    + _WAITING
    + r"(?:(?:and|et|e|und|also|aussi|anche|auch|please|bitte|svp|puis|then|poi|dann|ensuite"
    r"|ok|okay|d['’]accord|schon\s+mal|schon|intanto|d[ée]j[àa]|already|queue|(?:please\s+)?queue"
    r"\s+(?:this|it|up)|mettez|mettete|metto)\s*,?\s+)*"
)
_IF_POSSIBLE = (
    r"(?:if\s+(?:still\s+)?possible|if\s+it['’]?s\s+(?:still\s+)?(?:free|possible)|si\s+possible"
    r"|si\s+c['’]est\s+(?:encore\s+|toujours\s+)?possible|se\s+(?:ancora\s+)?possibile"
    r"|se\s+(?:[èe]\s+)?ancora\s+liber[ao]|(?:falls|wenn)\s+(?:dann\s+)?(?:noch\s+)?m(?:ö|oe)glich"
    r"|falls\s+(?:dann\s+)?(?:noch\s+)?frei)"
)
"""A condition of possibility of the first alternative, before the colon ("Mein nächster Zug,
falls möglich: O13 R2, andernfalls L10 R1"): the service plays it only if legal anyway."""
_WHEN_MY_TURN = (
    r"(?:(?:sobald|wenn)\s+ich\s+(?:wieder\s+)?dran\s+bin|as\s+soon\s+as\s+it['’]?s\s+my\s+turn"
    r"|d[èe]s\s+que\s+c['’]est\s+(?:[àa]\s+)?mon\s+tour|d[èe]s\s+que\s+c['’]est\s+[àa]\s+moi|appena\s+tocca\s+(?:di\s+nuovo\s+)?a\s+me)"
)
"""The moment the queued move is for, said again after the turn ("Mein nächster Zug, sobald ich
dran bin: P12 R1")."""
_QUEUE_VERB_FIRST = (
    r"(?:mettez|gardez|notez|r[ée]servez|mettete|tenete|segnate|prenotate|merkt|notiert|reserviert"
    r"|please\s+(?:queue|keep|save|note|hold)|queue|keep|save|note|hold)"
    r"(?:-(?:moi|nous)|(?<=[e])mi|\s+(?:mir|uns|me))?"
    r"(?:\s+(?:en\s+attente|de\s+c[ôo]t[ée]|da\s+parte|in\s+coda|aside|in\s+(?:the\s+)?queue))?"
    r"\s*,?\s+"
)
"""The words that queue, said before the next turn named and its colon ("mettez-moi de côté pour
mon prochain tour : M13 R1", "Mettetemi da parte per il mio prossimo turno: O13 R2", "Merkt mir
für meinen nächsten Zug vor: P10 R2"; eighteenth round)."""
_COURTESY = r"(?:please|bitte|svp|per\s+favore|merci|thanks|grazie|danke)"
_AHEAD = (
    r"(?:vorab|im\s+voraus|d['’]avance|par\s+avance|[àa]\s+l['’]avance|in\s+anticipo|in\s+advance"
    r"|ahead\s+of\s+time|beforehand|in\s+early|early)"
)
"""Words that say the move is given ahead of its turn ("Für meinen nächsten Zug schon mal vorab:
RB nach Norden", "For my next turn, in advance: P10 R1"; nineteenth round)."""
_GIVING = (
    r"(?:getting|putting|sending|here['’]?s|here\s+is|je\s+(?:vous\s+)?(?:donne|envoie|transmets)"
    r"|voici|(?:vi|ti)\s+(?:do|mando)|ecco|ich\s+(?:gebe|schicke)(?:\s+euch|\s+ihnen)?|hier\s+(?:ist|kommt))"
)
"""The words that hand the next move over ("Je donne mon prochain coup d'avance :", "Getting my
next move in early:", "Vi do in anticipo la mia prossima mossa:"; nineteenth round, second
cycle): read only with the words of :data:`_AHEAD` or :data:`_SAVE_TIME` beside the move."""
_AHEAD_HEAD = (
    rf"(?:(?:mon\s+|le\s+)?coup\s+{_AHEAD}|(?:la\s+(?:mia\s+)?)?mossa\s+(?:prenotata|{_AHEAD})"
    rf"|(?:my\s+)?move\s+{_AHEAD}|(?:mein\s+)?zug\s+{_AHEAD}|{_AHEAD})\s*,?\s+"
)
"""The move said to be given ahead before the next turn named ("Coup d'avance pour mon prochain
tour :", "Mossa prenotata per il prossimo giro:", "Vorab für meinen nächsten Zug:", "In advance,
for my next turn:"; nineteenth round, second cycle)."""
_ALREADY = rf"(?:already|d[ée]j[àa]|intanto|gi[àa]|schon\s+mal|schon|gleich|{_AHEAD}|{_COURTESY})"
_LEAD_COLON = re.compile(
    rf"(?i)^\s*{_HEAD_WORDS}(?:{_AHEAD_HEAD})?(?:{_QUEUE_VERB_FIRST})?{_TURN_NAMED}(?:\s+(?:{_ALREADY}|vormerken|merken"
    rf"|notieren|reservieren|vor))*"
    rf"(?:\s*,?\s*(?:{_IF_POSSIBLE}|{_WHEN_MY_TURN}|{_SAVE_TIME}|{_AHEAD})){{0,2}}\s*[:,]\s*"
    rf"(?P<rest>\S.*)$"
)
_MOVE_QUEUED_COLON = re.compile(
    rf"(?i)^\s*{_HEAD_WORDS}(?:{_GIVING}\s+)?(?:my\s+next\s+move|mon\s+prochain\s+coup|la\s+mia\s+prossima\s+mossa"
    rf"|(?:mein\s+)?n(?:ä|ae)chster\s+zug)(?:\s+(?:already|d[ée]j[àa]|gi[àa]|schon\s+mal|schon|please"
    rf"|bitte|svp|per\s+favore))*\s*,?\s*(?:vormerken|merken|notieren|reservieren|queued|to\s+queue"
    rf"|{_WHEN_MY_TURN}|{_IF_POSSIBLE}|{_SAVE_TIME}|{_AHEAD})\s*[:,]\s*(?P<rest>\S.*)$"
)
"""The next move named, queued in so many words ("Nächster Zug bitte schon vormerken: P10 R1",
"Mein nächster Zug, sobald ich dran bin: P12 R1"), or given ahead, on a condition of possibility
or to save time ("Mein nächster Zug, falls möglich: O13 R2", "Mon prochain coup, pour ne pas
vous faire attendre : BK vers l'est"; nineteenth round): "My next move: M13 R1" alone is the move
of a turn mail (said so on a turn mail, the queued move is asked back: it is the player's turn)."""
_NEXT_MOVE = (
    r"(?:my\s+next\s+move|mon\s+prochain\s+coup|la\s+mia\s+prossima\s+mossa"
    r"|(?:mein(?:en)?\s+)?n(?:ä|ae)chste[nr]?\s+zug)"
)
_MOVE_GIVEN_AHEAD = re.compile(
    rf"(?i)^\s*{_HEAD_WORDS}(?:{_GIVING}\s*,?\s+)?(?:{_SAVE_TIME}|{_AHEAD})\s*,?\s*(?:{_GIVING}\s+)?"
    rf"{_NEXT_MOVE}(?:\s+{_ALREADY})*\s*[:,]\s*(?P<rest>\S.*)$"
)
"""The next move given ahead, the words that say so before it ("Pour gagner du temps, mon
prochain coup : L12 R3", "Vi do in anticipo la mia prossima mossa: L12 R3"; nineteenth round,
second cycle); after it, :data:`_MOVE_QUEUED_COLON` reads them."""
"""The next turn named before its move ("Pour mon prochain tour : M8 R1", "Für meinen nächsten
Zug schon mal: N13 R1", "Quando tocca di nuovo a me: O9 capovolta")."""
_BOOK = (
    r"(?:i['’]ll\s+(?:play|take)|je\s+(?:joue|jouerai|prends|prendrai|r[ée]serve)|(?:gioco|giocher[òo]"
    r"|prenoto|prender[òo])|(?:ich\s+)?(?:spiele|nehme|reserviere)(?:\s+ich)?|play|take"
    # wanting the move (issue 31, ninth round, wt-28): "Next turn I'd like P12 R0", "Il prossimo
    # turno vorrei P12 R0", "la prochaine fois je voudrais P12 R0", "nächstes Mal möchte ich"
    r"|i(?:['’]d|\s+would)\s+like(?:\s+to\s+(?:play|take))?|i\s+want(?:\s+to\s+(?:play|take))?"
    r"|i['’]ll\s+go\s+(?:with|for)|je\s+(?:voudrais|veux|souhaite)(?:\s+(?:jouer|prendre))?"
    r"|j['’]aimerais(?:\s+(?:jouer|prendre))?|vorrei(?:\s+(?:giocare|fare))?"
    # planned or said to be ("je prévois déjà KB vers le sud", "ce sera RB N puis BK E", "metto già
    # in coda P12 R3"; fourteenth round)
    r"|je\s+pr[ée]vois(?:\s+d[ée]j[àa])?|ce\s+sera|prevedo(?:\s+gi[àa])?|sar[àa]|i\s+plan(?:\s+to\s+play)?"
    r"|it['’]?ll\s+be|ich\s+plane|plane\s+ich|(?:metto|mettete)(?:\s+(?:pure|gi[àa]))*"
    r"(?:\s+in\s+coda)?"
    # the move played for the player ("jouez L12 R0 pour moi", "giocate P10 R2", "spielt für mich
    # N13 R1", "please play L11 R0"; nineteenth round)
    r"|jouez|jouez\s+pour\s+moi|giocate|giocate\s+per\s+me|fate|spielt|spielt\s+f(?:ü|ue)r\s+mich"
    r"|setzt|legt|please\s+play|play\s+for\s+me"
    r"|voglio(?:\s+(?:giocare|fare))?|(?:ich\s+)?(?:möchte|moechte|will|hätte|haette"
    r"|würde\s+gerne?|wuerde\s+gerne?)(?:\s+ich)?(?:\s+(?:gerne?|dann))*)"
)
_MOVE_START = r"(?:[A-Za-z]\d{1,2}|[RYBGK]{2})\b"
_LEAD = re.compile(
    rf"(?i)^\s*{_HEAD_WORDS}{_TURN_NAMED}(?:\s+{_ALREADY})*(?:\s*,?\s*{_BOOK})?\s+"
    rf"(?P<rest>{_MOVE_START}.*)$"
)
"""The same without a colon, the move right after ("et pour mon tour suivant P12 sans
rotation")."""
_OTHERWISE = (
    r"(?:or|else|otherwise|failing\s+that|ou|sinon|[àa]\s+d[ée]faut|oppure|altrimenti|o"
    r"|oder|sonst|andernfalls|notfalls)"
)
_QUEUE = re.compile(
    rf"(?i)^\s*{_HEAD_WORDS}(?:queue(?:\s+up)?|put|keep|save|mettez|mets|gardez|metti|mettete"
    rf"|tenete|tieni|merkt?|merken\s+sie|notiert?|notieren\s+sie|mettre|garder|noter|mettere"
    rf"|tenere|segnare|segnate|segnarmi|mettermi|tenermi|segnatemi|mettetemi|tenetemi|segnami"
    rf"|mettimi|tienimi|notez-moi|gardez-moi|mettez-moi)\s+(?P<rest>{_MOVE_START}"
    rf".*?)\s+(?:(?:in\s+(?:the\s+)?queue|en\s+attente|de\s+c[ôo]t[ée]|da\s+parte|in\s+coda"
    rf"|vor|bitte\s+vor)\s+)?{_TURN_NAMED}"
    rf"(?P<alt>\s*[,;]?\s+{_OTHERWISE}\s*,?\s+{_MOVE_START}[^,;:.!?]*?)?"
    rf"(?:[\s,]+(?:vor|vormerken|{_COURTESY}))*[\s.!]*$"
)
"""A move queued in words, the turn it is for after it ("please queue L12 R0 for my next turn",
"mettez P12 R0 de côté pour mon prochain tour", "merkt N13 R1 für meinen nächsten Zug vor")."""


_QUEUE_VERB = (
    r"(?:queue(?:\s+up)?|put|keep|save|hold|note|mettez|mets|gardez|garde|notez|r[ée]servez"
    r"|metti|mettete|tenete|tieni|segnate|segna|prenotate|merkt?|notiert?|reserviert?)"
    r"(?:-(?:le|la|les|moi|lui)|(?<=[ei])(?:mi|melo|mela|lo|la|le))?"
)
_QUEUE_PLACE = (
    r"(?:in\s+(?:the\s+)?queue|aside|en\s+attente|de\s+c[ôo]t[ée]|da\s+parte|in\s+coda|pront[ao]"
    r"|ready|pr[êe]te?|bereit)"
)
_QUEUE_END = (
    r"(?:vormerken|merken|notieren|aufschreiben|reservieren|speichern|vorsehen|einplanen|vor"
    r"|queued|saved|noted)"
)
_IT_AFTER = (
    r"(?:\s*[,;]?\s+(?:please\s+|bitte\s+|svp\s+|per\s+favore\s+)?(?:queue|keep|save|note"
    r"|hold)\s+it(?:\s+(?:for\s+me|please))?(?:\s+{_QUEUE_PLACE})?"
    r"|\s*[,;]?\s+(?:mettez|gardez|notez|r[ée]servez)-le(?:-moi)?(?:\s+(?:en\s+attente|de\s+c[ôo]t[ée]"
    r"|d['’]avance))?"
    r"|\s*[,;]?\s+(?:mettetelo|mettetela|tenetelo|tenetela|segnatelo|segnatela|prenotatelo)"
    r"(?:\s+(?:in\s+coda|da\s+parte))?"
    r"|\s*[,;]?\s+(?:bitte\s+)?(?:vormerken|notieren|merken)(?:\s+bitte)?)"
).replace("{_QUEUE_PLACE}", _QUEUE_PLACE)
"""The move queued by a pronoun after it ("..., please queue it", "mettetelo in coda",
"mettez-le en attente", "bitte vormerken")."""
_NAMED_THEN_QUEUED = re.compile(
    rf"(?i)^\s*{_HEAD_WORDS}{_TURN_NAMED}(?:\s+{_ALREADY})*\s*[:,]?(?:\s+{_ALREADY})*"
    # (nineteenth round: to save time, given ahead, and a condition of possibility before the
    # move, "Per il prossimo turno, se nessuno me lo toglie, mettete P10 R2": read by
    # :func:`alternatives` with the move, or the line is not read so)
    rf"(?:\s*,?\s*(?:{_SAVE_TIME}|{_IF_POSSIBLE}|{_AHEAD})\s*[:,]?){{0,2}}"
    rf"(?:\s*(?P<cond>(?:si|se|if|falls|wenn)\s+[^,:;.!?\d]{{1,60}}?)\s*[,:])?"
    rf"(?:\s+{_QUEUE_VERB}(?:\s+{_QUEUE_PLACE})?(?:\s+{_ALREADY})*|\s*,?\s*{_BOOK})?"
    # ("Pour mon prochain tour, mettez en attente : RB N puis BK E"; seventeenth round)
    rf"(?:\s*:)?\s+(?P<rest>{_MOVE_START}.*?)(?:\s+{_QUEUE_PLACE})?(?:\s+(?:{_ALREADY}\s+)*{_QUEUE_END})?"
    rf"(?:\s*,?\s+{_QUEUE_VERB}(?:\s+{_QUEUE_PLACE})?)?(?:{_IT_AFTER})?(?:[\s,]+{_COURTESY})*"
    rf"[\s.!]*$"
)
"""The next turn named first, then the words that queue its move around it (issue 31, eighth
round, wt-28: "Per il prossimo turno mettete in coda P12 R0, altrimenti O13 R0", "Für meinen
nächsten Zug bitte schon mal N13 R2 vormerken", "For my next turn please queue P12 R0", "Pour
mon prochain tour, gardez de côté P12 R0")."""


def named_next(line: str) -> str | None:
    """What NEXT queues when a line names the next turn in words instead of the word NEXT (see
    the module's text): the text after the words that name it, None when the line does not
    start so or asks ("?"), unless the question asks for the move to be queued ("Can you queue
    L10 R3 for my next turn?", "Pourriez-vous mettre de côté P12 R0 pour mon prochain tour ?")."""
    patterns: tuple[re.Pattern[str], ...] = (
        _NAMED_THEN_QUEUED,
        _LEAD_COLON,
        _MOVE_QUEUED_COLON,
        _MOVE_GIVEN_AHEAD,
        _LEAD,
        _QUEUE,
        _QUEUED_LAST,  # "Bitte N13 R1 für meinen nächsten Zug vormerken" (eighteenth round)
        _NEXT_TIME_QUEUED,  # "nächstes Mal O13 R2 bitte vormerken" (nineteenth round)
    )
    line = after_absence(line) or line
    if "?" in line:
        asked = _ASK_QUEUE.match(line)
        if asked is None:
            return None
        line, patterns = asked["ask"], (_QUEUE, _QUEUED_LAST)
    for pattern in patterns:
        m = pattern.match(line)
        if m is not None and re.search(r"\b(?:[A-Za-z]\d{1,2}|(?i:(?!by)[rybgk]{2}))\b", m["rest"]):
            alt = m.groupdict().get("alt") or ""
            said = _FOR_ME.sub("", m["rest"].strip() + alt).strip()
            if not (cond := m.groupdict().get("cond")):
                return said
            # a condition before the move: one of possibility, of the move after it, or none
            with_it = f"{cond}, {said}"
            read = alternatives(with_it)
            return said if read is not None and read != with_it else None
    return None


def after_absence(line: str) -> str | None:
    """What follows the reason of the player's absence said first, then a conclusion's word
    (nineteenth round: "I'm away tomorrow, so for my next turn please play L11 R0", "Pas sûr
    d'avoir du réseau demain, alors PROCHAIN RB N"): the queue, read as if the line started
    there; None when the line does not start so."""
    lead = _ABSENT_SO.match(line)
    return lead["rest"] if lead is not None and _absence(lead["why"]) else None


_ABSENT_SO = re.compile(
    r"(?i)^\s*(?P<why>[^,;:.!?]{3,80}?)\s*[,;]\s*(?:"
    + "|".join(sorted(THEREFORE, key=len, reverse=True))
    + r")\s*,?\s+(?P<rest>\S.*)$"
)
"""The reason of the player's absence first, then a conclusion's word and the queued move (its
reason read by :func:`_absence`)."""
_FOR_ME = re.compile(
    rf"(?i)(?<=\d)\s+(?:pour\s+moi|for\s+me|per\s+me|f(?:ü|ue)r\s+mich|{_WHEN_MY_TURN}"
    rf"|(?:bitte\s+)?{_QUEUE_END})"
    r"(?=\s*(?:[,;.!]|$))"
)
"""After a queued move, who it is played for or when ("jouez L12 R0 pour moi, et si ...", "L12 R0
dès que c'est à moi"; nineteenth round): words that change nothing of it."""


_NEXT_TIME_QUEUED = re.compile(
    rf"(?i)^\s*(?:n(?:ä|ae)chstes\s+mal|next\s+time|la\s+prochaine\s+fois|la\s+prossima\s+volta)"
    rf"\s*,?\s+(?P<rest>{_MOVE_START}[^,;:.!?]*?)(?:\s+(?:{_ALREADY}\s+)*{_QUEUE_END}|{_IT_AFTER})"
    rf"(?:[\s,]+{_COURTESY})*[\s.!]*$"
)
"""The next time named first, the move queued in so many words after it ("nächstes Mal O13 R2
bitte vormerken", "next time M13 R1, please queue it"): a bare "next time" before a slide is a
plan's next slide, and "next time I'd play M13 R1" a remark."""
_QUEUED_LAST = re.compile(
    rf"(?i)^\s*(?:(?:please|bitte)\s+)?(?P<rest>{_MOVE_START}[^,;:.!?]*?)\s+{_TURN_NAMED}(?:\s+{_ALREADY})*\s+{_QUEUE_END}"
    rf"[\s.!]*$"
)
"""The verb last, in a question ("Könnt ihr mir O9 R2 für meinen nächsten Zug vormerken?")."""
_ASK_QUEUE = re.compile(
    r"(?i)^\s*(?:(?:hi|hello|bonjour|salut|ciao|hallo)\W+)?(?:(?:can|could|would|will)\s+you"
    r"(?:\s+please)?|(?:pouvez|pourriez)[- ]vous|(?:peux|pourrais)[- ]tu|potete|potreste|puoi"
    r"|potresti|k(?:ö|oe)nnt(?:et)?\s+ihr|k(?:ö|oe)nn(?:en|ten)\s+sie|kannst\s+du|k(?:ö|oe)nntest\s+du)"
    r"(?:\s+(?:me|mir|mi|m['’]))?\s+(?P<ask>[^?]*?)(?:\s+(?:please|svp|per\s+favore|bitte))?"
    r"\s*\?\s*$"
)
"""A question that asks for a move to be queued: its request (read by :data:`_QUEUE` only)."""


_REASON_OPENER = re.compile(
    r"(?i)(?:\s+[-–—]+\s+|\s*[,;(]\s*|\s+)(?=(?:in\s+case|since|as|because|['’]?cause|so\s+(?:that\s+)?i"
    r"|au\s+cas\s+o[uù]|car|parce\s+qu|puisque|comme|vu\s+que|nel\s+caso|perch[ée]|siccome"
    r"|visto\s+che|dato\s+che|falls|wenn|weil|da|denn|f(?:ü|ue)r\s+den\s+fall)(?![\w'’]))"
    r"|\s+[-–—]+\s+|\s*\(\s*"
)
"""Where the reason of a queued move may start after it ("NEXT KB S in case I'm asleep ...",
"NEXT BK E falls ich morgen nicht dazukomme", "NEXT RB N E - board meeting till 4 ...", "...,
altrimenti N13 R3 (domani ho il consiglio tutto il giorno)")."""
_AWAY = _listed(
    """asleep sleeping sleep bed away out offline busy meeting travelling traveling train flight
    plane work office mail mails email online around signal reception connection network
    checking shift lectures lecture class classes seminar conference training exam exams
    dors dormir dormirai dodo absent absente reseau ter avion boulot travail bureau reunion
    connexion courriel dispo disponible seminaire formation cours fac conference colloque
    examen examens garde
    dormo dormiro letto assente lavoro ufficio riunione treno aereo connessione rete campo
    convegno consiglio seminario lezione lezioni corso esame esami turno trasferta
    schlafe schlafen bett unterwegs abwesend arbeit buro buero besprechung netz empfang flug
    flugzeug bahn dazukomme dazukommen erreichbar weg uni seminar vorlesung vorlesungen
    konferenz tagung schicht dienst spatdienst fruhdienst nachtdienst spaetdienst fruehdienst
    prufung pruefung klausur lehrgang
    computer laptop pc ordinateur l'ordinateur ordi l'ordi ecran l'ecran rechner"""
)
"""The player's absence, the reason of a queued move (asleep, away, at work, on a train, no
network, a meeting, a seminar, lectures, a shift, not getting to the mail)."""
_FIRST_PERSON = _listed(
    "i i'm i'll i'd me my je j' j'ai j'y moi mon ma io mi sono saro ich mir mich mein meine bin"
)
_ELIDED = _listed(
    """got have having off won't can't cannot will am out away stuck no not ho avro staro saro
    sono parto niente senza hab habe bin muss kein keine pas sans"""
)
"""The words a reason starts with when its "I" is left unsaid, as Italian always does and a hurried
note does ("got a 9am tomorrow and won't be checking", "domani ho il consiglio tutto il giorno",
"hab morgen Seminar", "pas sûr d'avoir du réseau", "no signal tomorrow"; nineteenth round)."""
_NOT_REASON = _listed(
    """or else otherwise ou sinon autrement oppure altrimenti oder sonst andernfalls instead
    plutot invece stattdessen lieber rather unless sauf tranne ausser"""
)
_WAYS_SAID = _listed(
    """north south east west nord sud est ouest ovest ost sued norden sueden osten westen"""
)


_WHEN_WORDS = _listed("tomorrow tonight today demain ce soir domani stasera oggi morgen heute heut")
"""A day before the verb of a reason whose "I" is unsaid ("domani ho il consiglio")."""


_REASON_MAX = 400
"""The longest tail read as a reason (16 words at most: :func:`reason_dropped`), so that a reply
of many openers costs one pass, not one search of the rest after each."""


def reason_dropped(text: str) -> str:
    """NEXT's text without the reason the player gives for queueing it, after the move (issue
    31, seventeenth round: "RB N E - board meeting till 4 so I won't see the mail in time", "BK
    E falls ich morgen nicht dazukomme", "KB S in case I'm asleep when it comes round"): a
    clause that says the player will be away (:data:`_AWAY`), in the first person, naming no
    move, official, direction or seat, and no other choice; ``text`` itself otherwise (then
    :func:`alternatives` reads or refuses its condition)."""
    for m in _REASON_OPENER.finditer(text):
        if len(text) - m.end() > _REASON_MAX:
            continue  # (a reason is a few words: a long tail is none, and not searched again)
        head, tail = text[: m.start()], text[m.end() :]
        if not re.search(r"\d|(?<![\w'’])(?i:[rybgk]{2})(?![\w'’])", head):
            continue
        if not _absence(tail):
            continue
        return head.rstrip(" ,;-–—(")
    return text


_UNSURE_TO_BE_THERE = re.compile(
    r"(?i)(?<![\w'’])(?:(?:je\s+ne\s+suis\s+)?pas\s+s[ûu]re?\s+(?:de\s+pouvoir|d['’]avoir|de)"
    r"|not\s+sure\s+(?:i['’]ll\s+be\s+able\s+to|i\s+(?:will|can)|i['’]ll|of\s+(?:getting|having))"
    r"|non\s+(?:so\s+se|sono\s+sicur[oa]\s+di)|nicht\s+sicher,?\s+ob|wei(?:ß|ss)\s+nicht,?\s+ob)"
    r"\s+(?P<what>[^,.;!?()]{1,60})"
)
"""A doubt of the player's, in the reason of a queued move, about being there to answer, not
about the move ("PROCHAIN O13 R1, sinon P12 R3 -- je suis en séminaire toute la journée demain,
pas sûr de pouvoir lire mes mails"; nineteenth round)."""


def doubt_of_absence_dropped(text: str) -> str:
    """``text`` (the words after a queued move) without the player's doubt of being able to get
    to the mail (:data:`_UNSURE_TO_BE_THERE`, whose object says an absence, :data:`_AWAY`), so
    that it is not read as a doubt about the move; ``text`` itself otherwise."""

    def cut(m: re.Match[str]) -> str:
        said = [_fold(w) for w in re.findall(r"[\w'’]+", m["what"])]
        away = _AWAY.intersection(said) and not re.search(r"\d|(?i:\b[rybgk]{2}\b)", m["what"])
        return " " if away else m[0]

    return _UNSURE_TO_BE_THERE.sub(cut, text)


_AFTER_CLAUSE = re.compile(r"[,;.!]\s+")


def absence_dropped(line: str) -> str:
    """The line without the reason of an absence said after the words that queue a move (issue
    31, eighteenth round: "Queue O13 R2 for my next turn please, I'm out tomorrow evening",
    "Segnatemi L10 R1 per il prossimo turno, domani sono in treno", "Bitte N13 R1 für meinen
    nächsten Zug vormerken, ich bin morgen unterwegs"): the first clause after a comma or a
    full stop from which the rest is such a reason (:func:`reason_dropped`'s test), the move
    before it; ``line`` itself otherwise."""
    for m in _AFTER_CLAUSE.finditer(line):
        if len(line) - m.end() > _REASON_MAX:
            continue
        head, tail = line[: m.start()], line[m.end() :]
        if re.search(r"\d|(?<![\w'’])(?i:[rybgk]{2})(?![\w'’])", head) and _absence(tail):
            return head
    return line


def _absence(tail: str) -> bool:
    """Is ``tail`` only the reason of the player's absence: a clause that says the player will be
    away (:data:`_AWAY`), in the first person, naming no move, official, direction or seat, and
    no other choice."""
    said = re.sub(r"(?i)^(?:au\s+cas\s+o[uù]|nel\s+caso|in\s+case)(?![\w'’])", " ", tail)
    words = [_fold(t) for t in re.findall(r"[\w'’]+", said)]
    return not (
        "?" in tail
        or not 0 < len(words) <= 16
        or not _AWAY.intersection(words)
        or not (
            _FIRST_PERSON.intersection(words)
            or any(w.startswith("j'") for w in words)
            or words[0] in _ELIDED
            or (len(words) > 1 and words[0] in _WHEN_WORDS and words[1] in _ELIDED)
        )
        or _NOT_REASON.intersection(words)
        or _WAYS_SAID.intersection(words)
        or re.search(r"\d{2}|(?<![\w'’])[A-Pa-p]\d|(?<![\w'’])(?i:[rybgk]{2})(?![\w'’])", tail)
        or re.search(r"(?<![\w'’-])[^\W\d_]+-[^\W\d_]+", tail)
        or re.search(
            r"(?<![\w'’])(?:North|East|South|West|Nord|Est|Sud|Ouest|Ovest|Ost|Süd)"
            r"(?![\w'’])",
            tail,
        )  # fmt: skip
    )
