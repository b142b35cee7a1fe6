"""A reply to our refusal or to our HELP (issue 31): the part of the reading that knows which mail
was answered.

The mail answered is known by the lists of moves it showed (:func:`pbem.service.orders.
suggestion_lists`, each kept only when the fingerprint of the mail answered holds it): only a
refusal shows the game's "Try:" line (``"try"``); a HELP mail shows the examples under "What to
write back" (``"list"``) but not the turn line's own (``"eg"``).

A player who answers a refusal corrects the move refused, and says why in the same line: "Q99 was
a joke 😅 seriously: O9 R2", "Handy hat mir das verhunzt, richtig ist N13 R3", "intendevo P12 R2
(il Q99 era un errore di battitura)", "ich wollte P11 R0 schreiben... aber P11 geht nicht mit R0.
Dann P12 R0"; a player who answers HELP asks a question, then decides in the same reply ("Quindi
L9 va solo con R0 o R1? Allora vado con L9 R1"). :func:`answered` writes such a line without its
parts that only name moves that cannot be played (the refused one, a rotation asked about), when
what is left names one legal move and nothing else about moves: the rest is then read as any
other line (its courtesy words, its doubts and corrections). The refused move itself is never
played: a part that names it is either dropped (and the line's one legal move is what is read) or
the line is left as it was (it is then read, or asked back, as before). Two moves offered, a
question left open, a condition on an answer, or a part after the move that might take it back:
the line is left as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

OWNED_UP = re.compile(
    r"(?i)(?<![\w'’])(?:you['’]?re\s+right|you\s+are\s+right|vous\s+avez\s+raison|tu\s+as\s+raison"
    r"|avete\s+ragione|hai\s+ragione|ha\s+ragione|sie\s+haben\s+recht|ihr\s+habt\s+recht"
    r"|du\s+hast\s+recht|my\s+bad|my\s+mistake|ma\s+faute|mea\s+culpa|colpa\s+mia|mein\s+fehler"
    r"|doesn['’]t\s+exist|does\s+not\s+exist|n['’]existe\s+pas|non\s+esiste|existiert\s+nicht"
    r"|gibt\s+es\s+(?:gar\s+)?nicht|gibt['’]s\s+nicht|sorry\s+about\s+that|désolée?\s+pour\s+ça"
    r"|scusate\s+per\s+(?:quello|l['’]errore)|entschuldigung\s+dafür|fat[\s-]+finger(?:s|ed)?"
    r"|typo|tippfehler|vertippt|faute\s+de\s+frappe|coquille|errore\s+di\s+battitura"
    r"|refuso|no\s+idea\s+where\s+that\s+came\s+from|mangled|auto-?correct(?:ed|ion)?"
    r"|(?:le\s+)?correcteur(?:\s+automatique)?|(?:il\s+)?correttore(?:\s+automatico)?"
    r"|autokorrektur|was\s+(?:obviously\s+|clearly\s+|just\s+)?a\s+typo"
    r"|c['’]était\s+n['’]importe\s+quoi|je\s+ne\s+sais\s+pas\s+d['’]où\s+(?:ça|il)\s+sort"
    r"|non\s+so\s+da\s+dove\s+(?:sia\s+)?(?:uscit[oa]|venut[oa])|keine\s+ahnung\s+wo\s+das"
    r"\s+herkommt)(?![\w'’])"
)
"""Words that own up to the mistake the refusal pointed out ("Right, that square doesn't exist,
my bad.", "Vous avez raison, Q99 n'existe pas.", "Sorry about that, I copied the wrong thing")."""

NOT_MEANT = re.compile(
    r"(?i)(?<![\w'’])(?:jok(?:e|es|ed|ing)|kidding|nonsense|rubbish|gibberish|silly|oops|whoops"
    r"|wrong|mistake|error|slip|blague|blagu(?:ais|é)|rigol(?:ais|ade|é)|pour\s+rire|erreur"
    r"|bêtise|betise|n['’]importe\s+quoi|oups|scherz(?:o|avo|ando|etto)|sbaglio|sbagliat[oa]"
    r"|errore|sciocchezza|cavolata|stupidaggine|ops|scherz|spa(?:ß|ss)|quatsch|unsinn|blödsinn"
    r"|bloedsinn|fehler|falsch|verhunzt|vertan|versehen|hoppla|ups)(?![\w'’])"
)
"""Words that say the refused move was not meant, the four languages ("Q99 was a joke", "Q99
c'était pour rire", "Q99, scherzavo", "Q99 war natürlich Quatsch", "Handy hat mir das verhunzt"),
with :data:`OWNED_UP`."""

_CODE = re.compile(r"(?<![\w'’])[A-Za-z]{1,2}-?\d{1,3}(?:\s*[Rr]\s*\d)?(?![\w'’])")
"""A code a player writes for a move, a square or a rotation ("Q99", "P11 R0", "R1")."""

_PART_END = re.compile(
    r"(?<=[.!?;…])\s+|\s*[\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F]+\s*|\s*(?=\()|(?<=\))\s*"
)
"""The parts of a line: its sentences, its brackets, the text either side of an emoji."""

_QUESTION_ABOUT_REFUSAL = re.compile(
    r"(?i)(?<![\w'’])(?:why|how|illegal|refused|rejected|wrong|pourquoi|comment|refusée?"
    r"|interdit|perch[ée]|come\s+mai|rifiutat[oa]|vietat[oa]|warum|wieso|weshalb|abgelehnt"
    r"|verboten|ungültig)(?![\w'’])"
)
"""A question without a move that complains of the refusal ("How is that illegal??", "pourquoi
refusé ?", "perché??", "warum?"): no question about the move played after it."""

_DECIDED = re.compile(
    r"(?i)^\W*(?:(?:ok(?:ay)?|fine|right|well|bon|d['’]accord|va\s+bene|ok|gut|na\s+gut|also)"
    r"\W+)*(?:then|so|alors|donc|allora|quindi|dann|also)(?![\w'’])"
)
"""The decision after a question ("Then L11 R1 please", "Allora vado con L9 R1", "Dann L11 R0")."""

_CORRECTING = re.compile(
    r"(?i)(?<![\w'’])(?:meant|mean|should\s+(?:have\s+)?(?:read|been|be)|instead|actually"
    r"|seriously|correct(?:ion)?|voulais|voulu|plutôt|plutot|en\s+fait|sérieusement"
    r"|serieusement|intendevo|intendo|volevo|invece|in\s+realtà|sul\s+serio|meinte|gemeint"
    r"|wollte|richtig|eigentlich|stattdessen|sollte|im\s+ernst|ernsthaft)(?![\w'’])"
)
"""Words that say the move is the one meant instead ("I meant O13 R2", "intendevo P12 R2",
"richtig ist N13 R3", "sul serio: O9 R2")."""

_CONDITION = re.compile(
    r"(?i)(?<![\w'’])(?:if|unless|otherwise|else|or|si|sinon|ou|se|altrimenti|o|oppure|wenn"
    r"|falls|sonst|andernfalls|oder|yes|oui|sì|si|ja|no|non|nein|maybe|perhaps|peut-être"
    r"|forse|vielleicht)(?![\w'’])"
)
"""Words that make what is left depend on something the dropped part said, or leave it open."""


def answered(
    line: str,
    lists: Mapping[str, Sequence[str]],
    parse_action: Callable[[str], object],
    spell: Callable[[str], str] | None = None,
) -> str:
    """``line`` of a reply to a refusal or to HELP (known by ``lists``, the lists of moves of the
    mail answered) without its parts that name only moves that cannot be played, when that
    certainly leaves the one move the player means; ``line`` unchanged otherwise. A reply to a
    refusal that names only the refused move, to say it was not meant, and promises the move
    later, is written without that part (nothing is then read)."""
    refusal = "try" in lists
    helped = "list" in lists and "eg" not in lists and not refusal
    if not (refusal or helped) or len(line) > 600 or not _CODE.search(line):
        return line
    parts = [p for p in _PART_END.split(line) if p.strip(" .!?;…")]
    kinds = [_kind(p, parse_action, spell) for p in parts]
    moving = [k for k, (kind, _codes) in enumerate(kinds) if kind == "legal"]
    if not moving:
        return _not_meant_only(line, parts) if refusal else line
    if len(moving) != 1:
        return line
    at = moving[0]
    move = parts[at]
    if len(set(kinds[at][1])) != 1 or "?" in move or _CONDITION.search(move):
        return line  # two moves, a question, an alternative or a condition: as written
    keep = []
    owned = dropped = False
    gone = -1  # the last part dropped
    for k, p in enumerate(parts):
        kind = kinds[k][0]
        if kind == "plain" and gone == k - 1 and p.startswith("(") and "?" not in p:
            gone = k
            continue  # the aside of a part dropped ("Q99 c'était n'importe quoi (je regardais
            # la mauvaise partie).")
        if kind == "plain" and helped and k > at and _about_help(p, kinds[at][1][0]):
            dropped = True
            continue  # "L11 R1. Et vous pouvez garder votre aide, je joue depuis ..."
        if k == at or kind == "plain":
            if kind == "plain" and "?" in p:
                if not (refusal and k < at and _QUESTION_ABOUT_REFUSAL.search(p)):
                    return line  # a question left open beside the move
                owned = True
                gone = k
                continue  # "How is that illegal?? Fine, whatever. M8 R1 then."
            keep.append(p)
            continue
        if "?" in p:
            # a question about moves that cannot be played, then the decision ("So R1 is a
            # quarter turn clockwise? Then L11 R1 please."), never a question after the move
            if k != at - 1 or not _DECIDED.search(move):
                return line
            gone = k
            continue
        if not refusal:
            return line
        if k > at and not (OWNED_UP.search(p) or NOT_MEANT.search(p)):
            return line  # "O9 R1. Q99 R2 is what I really want": the last word
        if _CONDITION.search(p) and not (OWNED_UP.search(p) or NOT_MEANT.search(p)):
            return line
        owned = owned or bool(OWNED_UP.search(p) or NOT_MEANT.search(p))
        gone = k
    first = _CODE.search(move)
    said = move[: first.start()] if first is not None else ""  # ("O9 R2 would be silly")
    owned = owned or bool(OWNED_UP.search(said) or NOT_MEANT.search(said))
    unplayable = any(kind == "unplayable" for kind, _m in kinds)
    if unplayable and not (owned or _DECIDED.search(move) or _CORRECTING.search(move)):
        return line  # "Q99 R2 is what I want. O9 R2 would be silly.": not a correction
    reduced = _reduced(move, kinds[at][1][0]) if refusal else move
    if reduced == move and not dropped and not unplayable:
        # only a question about the refusal set aside: as written ("Wieso das denn? Sei's drum,
        # L9 R0" is read whole)
        return line
    return " ".join((reduced if p is move else p).strip() for p in keep).strip()


_CLAUSE = re.compile(r"\s*[,:;]\s+|\s*:\s*|\s+[-–—]+\s+")

_LEAD = """so then therefore ok okay fine right correct correction the my move should have has read
    been be is it was meant mean i actually seriously instead now well alors donc bon le la mon
    coup est était etait c c'est voulais voulu dire je plutôt plutot en fait sérieusement
    serieusement correct correcte bien ce doit être etre allora quindi mia mossa era è e giusta
    corretta intendevo volevo dire sul serio invece ok dunque dann also richtig ist war mein zug
    der die das gemeint meinte ich sollte lauten heißen heissen sein im ernst eigentlich
    stattdessen korrekt gut na so"""
_LEAD_WORDS = frozenset(_LEAD.split())
"""The words of a lead-in that states the correction ("The move should have read N9 R2",
"richtig ist N13 R3", "so: N9 R2", "sul serio: O9 R2", "c'est L12 R3 que je voulais")."""

_AFTER = """please thanks thank you then instead merci svp stp alors plutôt plutot grazie per favore
    allora invece danke bitte dann stattdessen"""
_AFTER_WORDS = frozenset(_AFTER.split())


def _words(text: str) -> list[str]:
    return [w.casefold() for w in re.findall(r"[^\W\d_]+(?:['’][^\W\d_]+)?", text)]


def _reduced(part: str, move: str) -> str:
    """The part of a reply to a refusal that holds its one legal move, written as the move alone
    when the words before it only state the correction (:data:`_LEAD_WORDS`) after clauses that
    only speak of the refusal ("Handy hat mir das verhunzt, richtig ist N13 R3", "Apparently
    that's wrong, so: N9 R2"), and nothing but courtesy follows it; ``part`` unchanged
    otherwise."""
    m = _CODE.search(part)
    while m is not None and " ".join(m.group(0).upper().split()) != move:
        m = _CODE.search(part, m.end())
    if m is None or not set(_words(part[m.end() :])) <= _AFTER_WORDS:
        return part
    clauses = _CLAUSE.split(part[: m.start()])
    lead, before = clauses[-1], clauses[:-1]
    if not set(_words(lead)) <= _LEAD_WORDS:
        return part
    for c in before:
        if _words(c) and not (
            OWNED_UP.search(c) or NOT_MEANT.search(c) or _QUESTION_ABOUT_REFUSAL.search(c)
        ):
            if set(_words(c)) <= _LEAD_WORDS:
                continue
            return part
    return move


_HELP_WORDS = re.compile(
    r"(?i)(?<!\w)(?:help|aide|aiuto|hilfe|explanations?|explications?|spiegazion[ei]"
    r"|erkl(?:ä|ae)rung(?:en)?|rules|règles|regles|regole|regeln)(?![\w'’])"
)
"""The HELP answered, named in a remark after the move ("vous pouvez garder votre aide",
"thanks for the help", "die Regeln kenne ich schon")."""


def _about_help(part: str, move: str) -> bool:
    """Is ``part``, after the move of a reply to HELP, a remark about the help that neither asks
    nor takes the move back?"""
    from pbem.commands import retraction

    return (
        "?" not in part
        and bool(_HELP_WORDS.search(part))
        and not _CONDITION.search(part)
        and not retraction.takes_back(" " + part, move.casefold().split())
    )


def _kind(
    part: str, parse_action: Callable[[str], object], spell: Callable[[str], str] | None
) -> tuple[str, list[str]]:
    """``("legal", moves)`` for a part that names a legal move (and its codes that are moves),
    ``("unplayable", [])`` for one that names only codes that are no legal move, ``("plain", [])``
    for one that names none."""
    text = spell(part) if spell is not None else part
    codes = [m.group(0) for m in _CODE.finditer(text)]
    if not codes:
        return ("plain", [])
    moves = []
    legal = False
    for c in codes:
        norm = " ".join(re.sub(r"(?i)\s*(R)\s*(\d)$", r" R\2", c).upper().split())
        try:
            parse_action(norm)
        except Exception:  # noqa: BLE001  (the game's refusal: no legal move)
            moves.append("?" + norm)
            continue
        legal = True
        moves.append(norm)
    if not legal:
        return ("unplayable", [])
    return ("legal", moves)


_LATER = re.compile(
    r"(?i)(?<![\w'’])(?:later|tonight|tomorrow|soon|after|plus\s+tard|ce\s+soir|demain|tout\s+à"
    r"\s+l['’]heure|bientôt|dopo|più\s+tardi|stasera|domani|presto|später|spaeter|heute\s+abend"
    r"|morgen|gleich|nachher|bald)(?![\w'’])"
)
"""When the move will come instead ("I'll send the move tonight", "je vous renvoie mon coup ce
soir", "vi rimando la mossa stasera", "schicke den Zug heute Abend")."""


def _not_meant_only(line: str, parts: list[str]) -> str:
    """``line`` without its parts that say the refused move was not meant, when every part that
    names a code does so, they name one code, and the rest says the move comes later ("Q99 was a
    joke 😅 I'll send the move tonight"); ``line`` unchanged otherwise."""
    clauses = [c for p in parts for c in _CLAUSE.split(p) if c.strip(" .!?;…")]
    said = [c for c in clauses if _CODE.search(c)]
    rest = [c for c in clauses if not _CODE.search(c)]
    named = {" ".join(m.group(0).upper().split()) for p in said for m in _CODE.finditer(p)}
    if len(named) != 1 or "?" in line or not rest or not _LATER.search(" ".join(rest)):
        return line
    if not all(OWNED_UP.search(p) or NOT_MEANT.search(p) for p in said):
        return line
    return " ".join(p.strip() for p in rest)
