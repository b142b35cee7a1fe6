"""A move named by its place in a list the answered mail showed (issue 31).

Players point at what the service suggested instead of copying it: "le premier coup de la liste
sous « Quoi répondre »", "la troisième de vos suggestions", "l'ultima mossa dell'elenco", "den
ersten Ihrer Vorschläge", "the last one you suggested", "your second example (L12 R2)", "das vierte
Beispiel aus Ihrer Liste, allerdings ohne Drehung", "la case du deuxième exemple ..., mais tournée
d'un quart de tour vers la droite"; and at the tile's four drawn rotations: "in the last of the
four rotations you drew".

:func:`pointed` writes such a reference as the move it names, so that the line is then read as
any other (its courtesy words, its doubts and corrections, a rotation said for the square). The
lists are the ones the service can show it sent in the mail answered (see
:func:`pbem.service.orders.suggestion_lists`: recomputed from the position, each kept only when
the fingerprint of the mail answered holds it). A reference is written out only when it is
certain: one reference in the line, its list known (a list named by its words, or every list it
may mean giving the same move), the place in the list, and a code the player wrote beside it
agreeing. Anything else leaves the line as it was (it is then read, or asked back, as before).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

# The place in a list: 1-based, -1 the last.
_ORDINALS: dict[str, int] = {}
for _n, _words in (
    (1, "first 1st premier première premiere 1er 1re 1ère 1ere primo prima primi prime 1° 1º "
        "erste ersten erster erstes erstem 1."),
    (2, "second 2nd deuxième deuxieme seconde 2e 2ème 2eme secondo seconda 2° 2º "
        "zweite zweiten zweiter zweites zweitem 2."),
    (3, "third 3rd troisième troisieme 3e 3ème 3eme terzo terza 3° 3º "
        "dritte dritten dritter drittes drittem 3."),
    (4, "fourth 4th quatrième quatrieme 4e 4ème 4eme quarto quarta 4° 4º "
        "vierte vierten vierter viertes viertem 4."),
    (5, "fifth 5th cinquième cinquieme 5e 5ème 5eme quinto quinta 5° 5º "
        "fünfte fünften fünfter fünftes fuenfte fuenften 5."),
    (-1, "last final dernier dernière derniere ultimo ultima ultimi ultime "
         "letzte letzten letzter letztes letztem"),
):  # fmt: skip
    for _w in _words.split():
        _ORDINALS[_w] = _n

_ORD = "|".join(re.escape(w) for w in sorted(_ORDINALS, key=len, reverse=True))

_SUGGESTION = (
    r"suggestions?|proposals?|propositions?|propost[ae]|suggeriment[oi]|consigli[oi]?"
    r"|vorschl(?:ag|ags|äge|ägen|aege|aegen)|empfehlung(?:en)?|recommendations?"
)
EXAMPLE = r"examples?|exemples?|esempi[oi]?|beispiel(?:e|en|s)?"
_MOVE = (
    r"moves?|coups?|moss[ae]|z(?:ug|üge|ügen|uege|uegen)|options?|opzion[ei]|choices?|choix"
    r"|possibilit(?:é|e|y|ies)s?|possibilit[àa]|scelt[ae]|möglichkeit(?:en)?|moeglichkeit(?:en)?"
    r"|variante?n?|placements?|lines?|lignes?|rig(?:a|he)|zeilen?"
)
_ONE = r"one|celui|celle|quell[ao]|quelle"

_OF_WORDS = (
    "of among from in on de d des du parmi di del della dello dei degli delle dell fra tra der "
    "aus von unter nell nella nelle dans sur"
)
_OF = frozenset(_OF_WORDS.split())
_DET_WORDS = (
    "the your these those le la les l vos votre ces il lo i gli vostra vostre vostri vostro "
    "questa queste questi die der den dem das des ihre ihrer ihren ihrem ihr deine deiner deinen "
    "deinem dein diese dieser diesen tes ta ton tuoi tue tua tuo"
)
_DET = frozenset(_DET_WORDS.split())
_NOUNS = (
    ("sug", re.compile(r"(?i)^(?:" + _SUGGESTION + r")$")),
    ("ex", re.compile(r"(?i)^(?:" + EXAMPLE + r")$")),
    ("mv", re.compile(r"(?i)^(?:" + _MOVE + r")$")),
    ("one", re.compile(r"(?i)^(?:" + _ONE + r")$")),
)
_TOKEN = re.compile(
    r"[1-5](?:st|nd|rd|th|ère|ere|ème|eme|er|re|e|°|º|\.)(?!\w)|[^\W\d_]+(?:-[^\W\d_]+)*|\S"
)
_VERB = (
    r"(?:suggest(?:ed)?|propos\w*|offer(?:ed)?|gave|give|list(?:ed)?|show(?:ed|n)?"
    r"|recommend(?:ed)?|sugg[ée]r\w*|donn\w*|indiqu\w*|conseill\w*|propon\w*|propost\w*"
    r"|suggerit\w*|indicat\w*|consigliat\w*|vorgeschlagen|vorschlagen|genannt|angegeben"
    r"|empfohlen|aufgelistet)"
)
_TRY_WORDS = (
    r"(?:(?<![\w'’])(?:try|essayez|provate|versuchen\s+sie)(?![\w'’])\s*:?\s*[\"”“»]?\s*-?\s*"
    r"(?:line|list|liste|ligne|riga|elenco|lista|zeile)(?![\w'’])"
    r"|(?:(?:la\s+)?(?:ligne|liste|riga|lista|line|list|zeile)\s+)?[\"“„«]\s*(?:try|essayez"
    r"|provate|versuchen\s+sie)\s*:?\s*[\"”“»](?:\s*-?\s*(?:line|list|liste|ligne|riga|elenco"
    r"|lista|zeile)(?![\w'’]))?)"
)
_TRY_LINE = re.compile(r"(?i)" + _TRY_WORDS)
"""The refusal's own line of legal moves named ("your Try: line", "from your "Try" list", "la
ligne « Essayez »", "le vostre proposte di "Provate"", "Ihrer "Versuchen Sie"-Zeile"): its
word as the refusal writes it in each language, quoted or before a word for a line or a list."""


_LOCATOR = re.compile(
    r"(?i)(?:\s*,?\s*(?:(?:that|which|que|qu['’]|che|die|den|das)\s+)?(?:you|vous|voi|sie)"
    r"(?:\s+[^\W\d]+){0,2}?\s+" + _VERB + r"(?:\s+(?:haben|hatten|habt|avez|avete|have|had))?"
    r"|\s+(?:of|in|on|from|de|dans|sur|di|del|della|dello|dei|delle|nel|nella|aus|von|unter"
    r"|im|sous|sotto|under)(?:\s+|(?<=['’]))(?:(?:the|la|le|les|l['’]|vos|votre|your|ihrer"
    r"|ihren|ihrem|ihre|der|dem|den|die|il|lo|vostr[aeio])(?:\s+|(?<=['’])))?"
    r"(?:list\w*|liste|elenco|lista|suggestions?|examples?|exemples?|esempi|beispiele?n?"
    r"|vorschl\w+|propost[ae]|proposals?|propositions?)"
    r"|\s*(?:dell|nell)['’](?:elenco|esempio|esempi)"
    r"|\s+(?:du\s+bas|en\s+bas|(?:più\s+)?in\s+basso|unten|at\s+the\s+bottom|below"
    r"|ci-dessous|qui\s+sotto)"
    r"|\s+(?:sous|sotto|under|unter)\s+(?:the\s+heading\s+|le\s+titre\s+)?(?:what\s+to\s+write"
    r"\s+back|quoi\s+r[ée]pondre|cosa\s+rispondere|was\s+sie\s+antworten(?:\s+k[öo]nnen)?)"
    r"|\s+(?:sous|sotto|under|unter)\s+[«»\"“”„\s]+[^«»\"“”„]{1,40}?[«»\"“”„\s]*[«»\"“”„]"
    r"|\s*(?:(?:on|from|in|of|de|du|dans|sur|di|da|nella|sulla|aus|von|auf)\s+)?(?:(?:the|your"
    r"|la|le|votre|vos|vostr[aeio]|ihrer|ihren|ihre|der|dem|die|il|lo)\s+)?" + _TRY_WORDS + r""
    r")+"
)
"""What may follow the reference and say where the list is: "you suggested", "de la liste du
bas", "dell'elenco sotto "Cosa rispondere"", "aus Ihrer Liste" (taken into it)."""


def _refs(line: str) -> list[tuple[int, int, int, str]]:
    """Each reference of ``line``: its start, end, place and kind (``sug`` suggestions, ``ex``
    examples, ``mv`` moves or options, ``one``)."""
    toks = list(_TOKEN.finditer(line))
    out: list[tuple[int, int, int, str]] = []
    for i, t in enumerate(toks):
        place = _ORDINALS.get(t.group(0).casefold())
        if place is None:
            continue
        free = 1
        for u in toks[i + 1 : i + 5]:
            w = u.group(0).casefold()
            kind = next((k for k, rx in _NOUNS if rx.match(w)), None)
            if kind is not None:
                first = i
                while first > 0 and i - first < 3:
                    before = toks[first - 1].group(0).casefold()
                    if before in ("'", "’") and first > 1:
                        before = toks[first - 2].group(0).casefold()
                        if before not in _DET and before not in ("d", "dell", "dall"):
                            break
                        first -= 1
                    elif before not in _DET:
                        break
                    first -= 1
                out.append((toks[first].start(), u.end(), place, kind))
                break
            if w in _OF or w in _DET or w in ("'", "’"):
                continue
            if free and w.isalpha():
                free -= 1
                continue
            break
    return out


_NUMBERED = re.compile(
    r"(?i)(?<![\w'’])(?:(?:the|your|le|l['’]|la|il|lo|das|dem|den|ihr\w*)\s*)?"
    r"(?:(?P<sug>" + _SUGGESTION + r")|(?P<ex>" + EXAMPLE + r"))"
    r"\s*(?:number|numéro|numero|nummer|nr\.?|n[°º]\.?|no\.|#)?\s*(?P<num>[1-9])(?![\w'’])"
)
"""A place by its number: "example 2", "l'exemple n° 2", "Beispiel Nr. 4", "esempio numero 3"."""

_LIST_WORDS = re.compile(
    r"(?i)(?<!\w)(?:list|liste|elenco|lista|aufzählung"
    r"|what\s+to\s+write\s+back|quoi\s+répondre|quoi\s+repondre|cosa\s+rispondere"
    r"|was\s+sie\s+antworten|du\s+bas|en\s+bas|in\s+basso|unten|at\s+the\s+bottom|below"
    r"|ci-dessous|qui\s+sotto|sotto)(?![\w'’])"
)
"""Words that name the list of examples under "What to write back" (the mail's one list). Not
the verb ("the first suggestion you listed", "aufgelistet"): the turn line's examples are listed
too (issue 31, eighth round: half-38 en-3804 played the first of one list where the mail's two
lists begin differently)."""
_OFFERED = re.compile(
    r"(?i)(?<![\w'’])(?:you|vous|voi|sie|du|your|vos|votre|vostr[aeio]|ihr(?:e|er|en|em)?)"
    r"(?:\s+\w+){0,2}?\s+(?:suggest(?:ed)?|propos(?:e|ed|ez|é|ée|és|ées)|offer(?:ed)?|gave"
    r"|give|list(?:ed)?|show(?:ed|n)?|recommend(?:ed)?|sugg[ée]r(?:ez|é|ée|és|ées)"
    r"|donn(?:ez|é|ée|és|ées)|indiqu(?:ez|é|ée|és|ées)|conseill(?:ez|é|ée|és|ées)"
    r"|propon(?:ete|i)|propost[aeio]|suggerit[aeio]|suggerite|indicat[aeio]|consigliat[aeio]"
    r"|vorgeschlagen|vorschlagen|genannt|angegeben|empfohlen|aufgelistet)(?![\w'’])"
    r"|(?<![\w'’])(?:vos|votre|vostr[aeio]|your|ihr(?:e|er|en|em)?)(?![\w'’])"
)
"""Words that make "the first move" or "the last one" one the service offered: "you suggested",
"que vous proposez", "che avete proposto", "die Sie vorgeschlagen haben", "your", "vos",
"vostre", "Ihrer"."""

_GLOSS = re.compile(
    r"(?:\s+[^\W\d]+){0,2}?\s*(?:\(\s*|[:–—-]\s*|,\s*(?:i\.e\.|c['’]est-à-dire|cioè|also|d\.\s*h\.)?\s*)"
    r"(?P<sq>[A-Za-z]{1,2}\s*-?\d{1,2})(?:\s*(?P<r>R\s*[0-3]))?(?![\w'’])\s*\)?"
)
"""The code the player wrote beside the reference: "(L12 R2)", "(L12)", ": L10 R0"."""

_CODE = re.compile(r"(?i)(?<![\w'’])([A-Z]{1,2})\s*(-?\d{1,2})(?:\s*R\s*([0-3]))?(?![\w'’])")

_SQUARE_OF = re.compile(
    r"(?i)(?:\b(?:square|field|spot|place)\s+(?:of|from|in)|\bcase\s+(?:du|de\s+la|de\s+l['’]|des)"
    r"|\bcasell[ae]\s+(?:del|della|dello|dell['’]|dei|delle)|\bfeld\s+(?:des|der|vom|aus|von)"
    r"|\bposition\s+(?:du|de\s+la)|\bposto\s+(?:del|della))\s*$"
)
"""Just before the reference, words that take only its square ("la case du deuxième exemple")."""

_RELATIVE = re.compile(
    r"(?i)(?<![\w'’])(?:further|more|again|another|de\s+plus|encore|davantage|un\s+autre|noch"
    r"|weiter|zusätzlich|ancora|in\s+più|di\s+più|un\s+altro|un['’]altra)(?![\w'’])"
)
"""A rotation said as a change of the suggested one ("turned once more"): not read."""

_DRAWN = re.compile(
    r"(?i)(?<![\w'’])(?:(?:the|le|la|l['’]|il|lo|die|der|den|das)\s*)?(?P<ord>" + _ORD + r")"
    r"(?![\w'’°º])(?:\s+(?:of|de|des|di|delle|dei|der|von|among))?"
    r"(?:\s+(?:the|les|i|le|die|den|your|vos|vostre|ihrer))?"
    r"(?:\s+(?P<four>four|4|quatre|quattro|vier))?"
    r"\s+(?P<what>rotations?|orientations?|positions?|drawings?|pictures?|dessins?|rotazion[ei]"
    r"|orientament[oi]|posizion[ei]|disegn[oi]|drehung(?:en)?|ausrichtung(?:en)?|bild(?:er)?"
    r"|zeichnung(?:en)?|abbildung(?:en)?|stellung(?:en)?)(?![\w'’])"
    r"(?P<by>(?:\s+(?:you|vous|voi|sie|that|que|che|die))?(?:\s+\w+){0,2}?\s+"
    r"(?:drew|drawn|shown|showed|pictured|dessinée?s?|montrée?s?|disegnat[aei]|mostrat[aei]"
    r"|gezeichnet|abgebildet|gezeigt|dargestellt))?"
)
"""One of the hand tile's four rotations as the mail draws them, R0 to R3 from the left: "in
the last of the four rotations you drew", "la deuxième des quatre rotations dessinées",
"die dritte der vier Abbildungen"."""


def _place(word: str) -> int | None:
    return _ORDINALS.get(word.casefold())


def _lists_for(
    kind: str, line: str, lists: Mapping[str, Sequence[str]]
) -> list[Sequence[str]] | None:
    """The lists a reference of ``kind`` may mean (None: it is no reference to one)."""
    if "try" in lists and _TRY_LINE.search(line):
        return [lists["try"]]
    if _LIST_WORDS.search(line) and "list" in lists:
        return [lists["list"]]
    if kind == "sug":
        if "try" in lists:
            return [lists["try"]]
        return [lists[k] for k in ("list", "eg") if k in lists]
    if kind == "ex":
        return [lists[k] for k in ("list", "eg") if k in lists]
    if not _OFFERED.search(line):
        return None  # "my first move", "the last one": not a list of ours
    return list(lists.values())


def _resolve(
    place: int,
    kind: str,
    line: str,
    lists: Mapping[str, Sequence[str]],
    gloss: re.Match[str] | None,
) -> str | None:
    """The move a reference names, when certain."""
    chosen = _lists_for(kind, line, lists)
    if not chosen:
        return None
    moves = {ms[place - 1 if place > 0 else -1] for ms in chosen if ms and len(ms) >= abs(place)}
    if gloss is not None:
        sq = re.sub(r"[\s-]", "", gloss["sq"]).upper()
        r = re.sub(r"\s", "", gloss["r"]).upper() if gloss["r"] else None
        moves = {m for m in moves if m.split()[0] == sq and (r is None or m.split()[1] == r)}
    return next(iter(moves)) if len(moves) == 1 else None


_AS_IS = re.compile(
    r"(?i)(?<![\w'’])(?:telle?\s+quel(?:le)?|as\s+(?:it\s+)?is|as\s+(?:you\s+)?(?:suggested|shown|given)"
    r"|così\s+com['’]è|così\s+come\s+(?:è|sta)|so\s+wie\s+(?:er|sie|es)\s+ist|unverändert"
    r"|wie\s+vorgeschlagen|comme\s+(?:vous\s+)?(?:proposé|suggéré|indiqué))(?![\w'’])"
)
"""The move as the list gives it ("je le prends tel quel"): no rotation of its own."""


def _turned(rest: str) -> bool:
    """Does ``rest`` (the line after the reference, up to another square) say a rotation, in
    the notation or in words?"""
    from pbem.rules.forbidden_city import notation

    other = _CODE.search(rest)
    part = _AS_IS.sub(" ", rest[: other.start()] if other is not None else rest)
    if notation.turned_again(part):
        return True  # "..., turned once more": a turn from the example's rotation
    return bool(re.search(r"(?<![\w'’])R[0-3](?![\w'’])", notation.spelled("M13" + part)))


_NAMED_CODE = r"(?P<code>[A-Za-z]{1,2}-?\d{1,2}\s*[Rr]\s*[0-3])(?![\w'’])"
_CODE_OFFERED = re.compile(
    r"(?i)(?<![\w'’])(?:(?P<own>your|votre|vos|vostr[aeio]|ihren|ihre|ihr|euren|eure|deinen|dein)"
    r"\s+|(?:the|le|la|il|lo|den|die|das)\s+)?" + _NAMED_CODE + r"(?P<rel>,?\s+(?:(?:that|which"
    r"|que|qu['’]|che|den|die|das)\s*)?(?:(?:you|vous|voi|sie|ihr)\s+(?:m['’]|me\s+|mir\s+)?"
    r"(?:(?:have|had|avez|haben|habt|hattet)\s+)?|(?:mi\s+|ci\s+)?avete\s+)"
    + _VERB
    + r"(?:\s+(?:haben|hatten|habt|hattet))?(?![\w'’]))?"
)
"""A move the player says we offered ("the M8 R1 you suggested", "votre M8 R1", "la P11 R2 che
avete proposto", "den M8 R1, den Sie vorgeschlagen haben")."""
_ONE_OF_OFFERED = re.compile(
    r"(?i)(?<![\w'’])(?:one|une|un|una|uno|einen|eine|einer|eins)\s+(?:of|de|d['’]|delle|dei"
    r"|degli|der|von|aus|fra|tra)\s*(?:your|vos|vostre|vostri|ihren|ihrer|euren|deinen|the|les"
    r"|le)\s+(?:"
    + _SUGGESTION
    + r")(?:\s+(?:on\s+)?"
    + _TRY_WORDS
    + r")?\s*[,:–—-]?\s*"
    + _NAMED_CODE
)
"""A move named as one we offered ("je prends une de vos suggestions, M13 R0", "one of your
suggestions: M13 R0", "una delle vostre proposte, M13 R0", "einen Ihrer Vorschläge: M13 R0")."""


def _offered(line: str, lists: Mapping[str, Sequence[str]]) -> str:
    """``line`` with a move it says we offered (:data:`_CODE_OFFERED`, :data:`_ONE_OF_OFFERED`)
    written as the move alone, when one of ``lists`` holds it; unchanged otherwise (a move we
    did not offer is read, or asked back, as written)."""
    offered = {m for ms in lists.values() for m in ms}
    found = [
        m
        for rx in (_ONE_OF_OFFERED, _CODE_OFFERED)
        for m in rx.finditer(line)
        if rx is _ONE_OF_OFFERED or m["own"] or m["rel"]
    ]
    if len(found) != 1:
        return line
    m = found[0]
    code = re.sub(r"(?i)\s*r\s*", " R", m["code"].replace("-", "")).upper()
    if code not in offered:
        return line
    return line[: m.start()] + code + line[m.end() :]


def pointed(line: str, lists: Mapping[str, Sequence[str]]) -> str:
    """``line`` with a reference to a place in one of ``lists`` (kind -> moves in the order the
    mail showed them: ``"list"`` the examples under "What to write back", ``"eg"`` and ``"try"``
    the game's own, :meth:`~pbem.rules.base.GameOf.suggested`) written as the move it names, and a
    reference to one of the tile's drawn rotations as its R; other lines unchanged."""
    if len(line) > 1000:
        return line
    line = _drawn(line)
    if not lists:
        return line
    line = _offered(line, lists)
    refs = _refs(line)
    numbered = list(_NUMBERED.finditer(line))
    if len(refs) + len(numbered) != 1:
        return line  # none, or two places named: read as written
    if sum(t.group(0).casefold() in _ORDINALS for t in _TOKEN.finditer(line)) > len(refs):
        return line  # "the first or the second example": another place named with it
    if refs:
        start, stop, place, kind = refs[0]
        if kind == "one" and not (
            _OFFERED.search(line[stop : stop + 60]) or _TRY_LINE.search(line[stop : stop + 60])
        ):
            return line  # "the last one": of what?
    else:
        n = numbered[0]
        start, stop, place, kind = n.start(), n.end(), int(n["num"]), "sug" if n["sug"] else "ex"
    tail = _LOCATOR.match(line, stop)
    if tail is not None:
        if kind in ("mv", "one") and re.search(
            r"(?i)(?<![\w'’])" + _VERB + r"(?![\w'’])", tail.group(0)
        ):
            kind = "sug"  # "the last one you suggested", "le premier coup que vous proposez"
        stop = tail.end()
    gloss = _GLOSS.match(line, stop)
    move = _resolve(place, kind, line, lists, gloss)
    if move is None:
        return line
    end = gloss.end() if gloss is not None else stop
    head, rest = line[:start], line[end:]
    square_of = _SQUARE_OF.search(head)
    said = move
    if square_of is not None or _turned(rest):
        if _RELATIVE.search(rest):
            return line  # "the second example, turned once more": from which rotation?
        said = move.split()[0]
    if square_of is not None:
        head = head[: square_of.start()] + head[square_of.start() :].split()[0] + " "
    if head and not head.endswith((" ", "(", "«", "\n")):
        head += " "
    if rest and rest[0].isalnum():
        rest = " " + rest
    return head + said + rest


def _drawn(line: str) -> str:
    """``line`` with "the last of the four rotations you drew" written as ``R3``."""
    found = [m for m in _DRAWN.finditer(line) if _place(m["ord"]) is not None]
    if len(found) != 1:
        return line
    m = found[0]
    if not (m["four"] or m["by"]):
        return line  # "the second position": of what?
    place = _place(m["ord"])
    assert place is not None
    if place > 4 or not _CODE.search(line[: m.start()]):
        return line
    n = 3 if place == -1 else place - 1
    from pbem.rules.forbidden_city.notation import beside_square

    return f"{beside_square(line[: m.start()])}R{n}{line[m.end() :]}"


def unresolved(line: str, lists: Mapping[str, Sequence[str]]) -> bool:
    """Does ``line`` name a move by its place in a list of the mail answered that
    :func:`pointed` could not write with certainty (two lists that differ there, no such place,
    no list known, a code beside it that the list does not hold there)? The reply then asks
    back rather than finding no command."""
    if len(line) > 1000 or pointed(line, lists) != line:
        return False
    refs = [
        r
        for r in _refs(line)
        if r[3] in ("sug", "ex") or _OFFERED.search(line) or _LIST_WORDS.search(line)
    ]
    return bool(refs or _NUMBERED.search(line))
