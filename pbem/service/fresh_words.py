"""A fresh mail's request in words, without its command word (issue 31): "je voudrais rejoindre
une partie de Forbidden City, s'il reste une place", "vorrei seguire la partita fc-7k3q come
spettatore", "ich würde gern bei einer offenen Partie Verbotene Stadt mitspielen", "I'd like to
take over the yellow seat in fc-7k3q", "Happy to be a reserve player for Die Verbotene Stadt".

A sentence is read as JOIN, WATCH, LEAVE, TAKEOVER or STANDBY only when all of this holds:

- the writer asks for it, in the first person and now: a wish, an offer or a polite question
  ("I'd like", "could I", "je voudrais", "puis-je", "vorrei", "sono disponibile", "ich möchte",
  "darf ich": :data:`_WISH`), and no question word stands before it ("how can I join ...?");
- the thing asked follows the wish (:data:`_DOING`: "join", "rejoindre", "partecipare",
  "mitspielen", "take over", "spectateur", "riserva", "Ersatzspieler"), with nothing between
  them but articles, small words and the request's own target (:data:`_BETWEEN`): "I'd like my
  brother to join", "je voudrais savoir comment rejoindre", "ich möchte, dass mein Bruder
  mitspielt" are not the writer's request;
- nothing in the sentence denies or doubts (a negation, "maybe": :data:`_DOUBT`);
- the sentence names what the command needs, once: a game id ("fc-7k3q"; an open game's id
  "o-fc-3a9c" for LEAVE, a running game's for WATCH and TAKEOVER), or a kind of game by its name
  ("Forbidden City", "Verbotene Stadt") for JOIN and STANDBY, and a seat for TAKEOVER ("the
  yellow seat", "la place jaune", "il posto giallo", "den gelben Platz");
- and exactly one command fits: "take" with a seat is TAKEOVER, "remplacer" with a kind of game
  is STANDBY.

Anything else is no request: the mail gets the strangers' answer (the help), and what a
sentence about joining or leaving says ("my brother wants to join", "I left the game last
week", "should I join?") is never carried out. Every request read so is confirmed by a mailed
round trip before anything is done (:mod:`pbem.service.signup`, :mod:`pbem.service.takeover`).

Pure: the standard library and :mod:`pbem.rules` (the names of the games).
"""

from __future__ import annotations

import functools
import re

from pbem.commands.vocabulary import fold_word

Request = tuple[str, tuple[str, ...]]

MAX_CHARS = 300
"""Longer lines are not read word by word (the cost of a hostile line stays linear)."""


def _phrases(text: str) -> tuple[tuple[str, ...], ...]:
    """One phrase a line (``|`` separates phrases on a line too), its words folded."""
    out = []
    for line in text.split("\n"):
        for part in line.split("|"):
            if part.strip():
                out.append(tuple(part.split()))
    return tuple(out)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_WISH = _phrases(
    """
    i would like | i would love | i would be happy | i would be glad | i would be keen
    i want | i wish | i am happy | happy to | glad to | i am keen | keen to | i am available
    available | i am interested | interested in | i volunteer | i am up for | i can | could i
    can i | may i | please | let me | i would be up for | i am willing | willing to
    je voudrais | j' aimerais | je souhaite | je souhaiterais | je veux | je desire
    je desirerais | puis-je | pourrais-je | je peux | je pourrais | je suis disponible
    disponible | je me porte volontaire | volontaire | je serais ravi | je serais ravie
    je serais heureux | je serais heureuse | je serais content | je serais contente
    je suis partant | je suis partante | je me propose | je propose | volontiers
    vorrei | voglio | mi piacerebbe | desidero | desidererei | posso | potrei
    sono disponibile | disponibile | mi offro | mi candido | volentieri | gradirei
    sarei felice | sarei contento | sarei contenta | sarei lieto | sarei lieta
    ich moechte | moechte ich | ich mochte | ich wuerde | wuerde ich | ich wurde gern
    ich wurde gerne | ich will | ich haette gern | ich haette gerne | ich bin bereit | bereit
    kann ich | koennte ich | konnte ich | darf ich | duerfte ich | ich melde mich
    ich stehe | ich biete mich | gern | gerne
    would it be possible | is it possible | est-il possible | serait-il possible
    est-ce possible | sarebbe possibile | e possibile | ist es moeglich | waere es moeglich
    ich haette lust | ich habe lust | j' ai envie | ho voglia | i feel like
    ich haette zeit | haette ich zeit | i would have time | i have time | j' aurais le temps
    j' ai le temps | avrei tempo | ho tempo
    ich muss | muss ich | i have to | i must | je dois | devo
    """
)
_MUST = _phrases("ich muss | muss ich | i have to | i must | je dois | devo")
"""A wish of necessity ("Leider muss ich mich wieder abmelden"): asked as a question it is
advice asked ("Devo iscrivermi a o-fc-3a9c?", "Muss ich mich anmelden?"), never a request."""
"""The writer asking, offering or wishing now (folded: accents off, umlauts written out)."""

_WISH_WORDS = frozenset(w for phrase in _WISH for w in phrase)
"""A wish's words may stand again between a wish and the thing asked ("Gerne würde ich ...")."""

_SELF = frozenset(("i", "je", "j'", "me", "m'", "moi", "io", "mi", "ich", "mich", "mir"))
"""A sentence whose wish is only an adverb ("gern", "volontiers") or an adjective
("disponible", "happy to") must have its writer in it (:func:`_wish`), or start with the
adjective ("Happy to fill in ...")."""

_ADVERB_WISH = frozenset(
    (("gern",), ("gerne",), ("volontiers",), ("volentieri",), ("available",), ("disponible",),
     ("disponibile",), ("bereit",), ("happy", "to"), ("glad", "to"), ("keen", "to"),
     ("willing", "to"), ("interested", "in"), ("volontaire",))
)  # fmt: skip

_JOIN, _WATCH, _LEAVE, _TAKEOVER, _STANDBY = "join", "watch", "leave", "takeover", "standby"

_DOING: dict[tuple[str, ...], tuple[str, ...]] = {}
"""The words of the thing asked, each with the commands it may be."""


def _doing(kinds: tuple[str, ...], text: str) -> None:
    for phrase in _phrases(text):
        _DOING[phrase] = kinds


_doing(
    (_JOIN,),
    """
    join | play | participate | take part | sign up | register | enter | be part | be in
    joining | playing | participating | taking part | signing up | registering
    mitzuspielen | mitzumachen | teilzunehmen | anzumelden | einzusteigen
    rejoindre | participer | jouer | inscrire | faire partie | prendre part | en etre
    partecipare | unirmi | unire | giocare | iscrivermi | iscrivere | entrare | aggiungermi
    prendere parte | far parte | mitspielen | mitmachen | teilnehmen | anmelden | beitreten
    spielen | einsteigen | dabei sein | dabeisein
    """,
)
# a game wished for, by its noun ("Ich hätte gern eine neue Partie Forbidden City", "I'd like a
# new game of Forbidden City", "vorrei un'altra partita di Forbidden City"; nineteenth round)
_doing(
    (_JOIN,),
    """
    a new game | another game | une nouvelle partie | une autre partie | una nuova partita
    un' altra partita | un altra partita | eine neue partie | eine weitere partie
    noch eine partie | eine neue runde | noch eine runde
    """,
)
_doing(
    (_WATCH,),
    """
    watch | follow | spectate | observe | spectator | observer | follow along
    watching | following | observing | spectating | zuzuschauen | zuzusehen | folgen
    anschauen | anzuschauen | mitschauen | zugucken
    suivre | regarder | observer | spectateur | spectatrice | observateur | observatrice
    seguire | guardare | osservare | spettatore | spettatrice | osservatore | osservatrice
    zuschauen | zusehen | verfolgen | mitverfolgen | beobachten | mitlesen | zuschauer
    zuschauerin | beobachter | beobachterin
    seguirla | seguirlo | seguirle | guardarla | guardarlo | osservarla
    """,
)
_doing(
    (_LEAVE,),
    """
    leave | withdraw | quit | unregister | drop out | pull out | back out | sign off | sign out
    leaving | withdrawing | dropping out | abzumelden | auszutreten | auszusteigen
    quitter | retirer | desinscrire | desister | lasciare | ritirarmi | ritirare | cancellarmi
    disiscrivermi | uscire | abmelden | austreten | aussteigen | zurueckziehen | verlassen
    """,
)
_doing(
    (_TAKEOVER,),
    """
    take | have | prendre | prendere | occupare | nehmen
    """,
)
# a seat taken over, or (with a game's name and no id) any seat of that game: standing by
_doing(
    (_TAKEOVER, _STANDBY),
    """
    take over | takeover | reprendre | rilevare | uebernehmen | ubernehmen | taking over
    zu uebernehmen | zu ubernehmen
    """,
)
_doing(
    (_STANDBY,),
    """
    reserve | standby | stand by | substitute | replacement | stand-in | remplacant
    remplacante | suppleant | suppleante | riserva | sostituto | sostituta | rimpiazzo
    ersatz | ersatzspieler | ersatzspielerin | reservespieler | reservespielerin | nachruecker
    waiting list | reserve list | liste d' attente | lista d' attesa | lista di attesa
    lista delle riserve | warteliste | reserveliste | nachrueckerliste
    """,
)
_doing(
    (_TAKEOVER, _STANDBY),
    """
    replace | fill in | step in | stand in | remplacer | sostituire | subentrare | ersetzen
    einspringen
    """,
)

_SAID: dict[tuple[str, ...], tuple[str, ...]] = {}
"""The writer's request in one phrase, wish and thing asked together: an imperative ("sign me
up", "inscrivez-moi", "iscrivetemi") or the first person's present ("je reprends", "prendo",
"ich übernehme", "I will join"), each with the commands it may be."""


def _said(kinds: tuple[str, ...], text: str) -> None:
    for phrase in _phrases(text):
        _SAID[phrase] = kinds


_said(
    (_JOIN,),
    """
    sign me up | count me in | add me | put me down | i will join | i will play | i will take part
    inscrivez-moi | inscris-moi | ajoutez-moi | je m' inscris | je rejoins | je participe
    iscrivetemi | iscrivimi | aggiungetemi | aggiungimi | mi iscrivo | partecipo | ci sto
    nehmen sie mich | nehmt mich | ich bin dabei | ich spiele mit
    ich mache mit | ich nehme teil
    put me on | mettez-moi | mettetemi | mettetemi pure | mettimi | segnatemi | segnami
    setzt mich | setzen sie mich
    """,
)
# a German verb whose particle says which: "ich melde mich für ... an" / "... ab", "tragen Sie
# mich ... ein" / "... aus" (:data:`_PARTICLES`)
_said((_JOIN, _LEAVE), "ich melde mich | melde mich | tragen sie mich | tragt mich")
_said((_WATCH,), "i will watch | i will follow | je suivrai | seguiro | ich schaue zu")
_said(
    (_LEAVE,),
    """
    i will withdraw | je me retire | je me desinscris
    i withdraw | i am withdrawing | i drop out | i am dropping out | i pull out | i am pulling out
    je me desiste | je me desengage | mi tiro indietro | mi sfilo | ich ziehe mich zurueck
    mi ritiro | mi cancello | ich steige aus | ich trete aus | remove me | take me off
    retirez-moi | desinscrivez-moi | toglietemi | cancellatemi | streichen sie mich
    """,
)
_said((_TAKEOVER,), "i will take | je prends | prendo | ich nehme | prendo io | je prends moi")
_said(
    (_TAKEOVER, _STANDBY),
    """
    i will take over | i take over | i am taking over | i can take over | je reprends
    je remplace | subentro | rilevo | ich uebernehme | subentro io | rilevo io | sostituisco io
    uebernehme ich | ich ubernehme | ich springe | springe ich | ich ersetze | sostituisco
    """,
)
# "als Ersatzspieler ... stehe ich gern bereit": a role named says which (:data:`_ROLES`)
_said(
    (_JOIN, _STANDBY),
    """
    stehe ich bereit | stehe ich gern bereit | stehe ich gerne bereit | stehe ich zur verfuegung
    stehe ich gern zur verfuegung | stehe ich gerne zur verfuegung
    """,
)

_BETWEEN = _words(
    """
    pour per um fare da faire juste seulement simplement solo soltanto semplicemente nur
    einfach erst erstmal zunaechst only simply first
    to be a an the also really very much too so kindly just now still gladly please able and
    then in on of for as into with at this that game games seat place spot one next new open
    another your of
    de du des d' la le les l' un une a au aux en tant que comme bien aussi vraiment donc
    partie parties prochaine nouvelle ouverte cette ce cet vous me m' etre moi place siege
    di del della dello dei degli delle a al alla allo ai alle la il lo i gli un una uno in
    nella nel come anche davvero partita partite prossima nuova aperta questa mi essere posto
    der die das den dem des ein eine einen einem einer bei an in im am als mich mit fuer zu
    dabei auch wirklich sehr gern gerne partie partien spiel spiels naechsten naechste neue
    neuen offenen offene diese dieser diesem platz sein von vom aus zum zur
    again encore ancora wieder list liste lista servir serve act sit auf sur su on waiting
    attente attesa riserve
    """
)
"""What may stand between the wish and the thing asked, besides the request's target."""

_DOUBT = _words(
    """
    not no never cannot nor maybe perhaps unless or instead rather but however someday
    sometime eventually later mais cependant pourtant tard ma tuttavia pero aber jedoch
    allerdings irgendwann spaeter
    ne n' pas jamais plus peut-etre non ou plutot
    non mai ne forse oppure invece piuttosto
    oder statt stattdessen lieber nicht kein keine keinen keinem keiner nie niemals vielleicht
    """
)
"""A negation, a doubt or an alternative anywhere in the sentence: no request is read from it."""

_VAGUE = _phrases(
    """
    some day | one day | one of these days | un jour | un de ces jours | plus tard | un giorno
    prima o poi | piu tardi | eines tages | in zukunft | in the future | a l' avenir | in futuro
    """
)
"""A time too vague for a request now ("I would love to play Forbidden City again some day")."""

_ASKING_HOW = _words(
    """
    how why when where what which whether should must shall
    comment pourquoi quand ou quel quelle quels quelles dois doit faut
    come perche quando dove quale quali devo dovrei bisogna
    wie warum wann wo welche welcher welches soll sollte muss ob
    """
)
"""Before the wish, a question about the request, not the request ("How can I join ...?")."""

_SEAT_NOUNS = _words(
    """
    seat place spot colour color position player siege couleur joueur joueuse posto colore
    postazione giocatore giocatrice platz sitz farbe spieler spielerin
    """
)

_PARTICLES = {"an": _JOIN, "ein": _JOIN, "ab": _LEAVE, "aus": _LEAVE}
"""The particle that ends a German sentence, for a verb of :data:`_SAID` that may be JOIN or
LEAVE."""

_ROLES = {
    **dict.fromkeys(
        _words(
            """
            spectator observer spectateur spectatrice observateur observatrice spettatore
            spettatrice osservatore osservatrice zuschauer zuschauerin beobachter beobachterin
            """
        ),
        _WATCH,
    ),
    **dict.fromkeys(
        _words(
            """
            reserve substitute replacement remplacant remplacante suppleant suppleante riserva
            sostituto sostituta ersatz ersatzspieler ersatzspielerin reservespieler
            reservespielerin warteliste wartelisten nachruecker nachrueckerin stand-in
            """
        ),
        _STANDBY,
    ),
}
"""A role named in the sentence says what signing up is for ("m'inscrire comme spectateur",
"iscrivermi come riserva", "join as a spectator"): it wins over a verb of joining."""
_COLOUR_BENDS = {"fr": ("e", "s", "es"), "it": ("a", "i", "e"), "de": ("e", "en", "er", "es", "em")}
"""The endings a colour takes beside a seat's noun ("la place bleue", "i posti gialli", "den
gelben Platz"): French adds them (a final "e" takes only the plural's "s"), Italian puts them
for the final "o"."""

_MORE_SEAT_WORDS = {"purple": "violet violette violett violetten violetter violettes lilanen"}
"""Words for a seat that no catalog holds (the catalogs say "mauve", "viola", "lila")."""


def _bent(word: str, lang: str) -> list[str]:
    """The forms of the colour ``word`` with the endings of ``lang`` (:data:`_COLOUR_BENDS`);
    none for the colours that never bend ("viola", "lila", "blu")."""
    if word.endswith("a") or (lang == "it" and not word.endswith("o")):
        return []
    stem = word[:-1] if lang == "it" else word
    ends = ("s",) if lang == "fr" and word.endswith("e") else _COLOUR_BENDS.get(lang, ())
    return [stem + end for end in ends if stem + end != word]


@functools.cache
def _seat_of() -> dict[str, str]:
    """A seat's name in the four languages, as the sentence's folded words (the English name
    is the service's), from where the words live: each game's seat names (Forbidden City's
    colours, Die Verbotene Stadt's compass points) and the catalogs' translations of them, with
    the endings a colour takes (:data:`_COLOUR_BENDS`); Die Verbotene Stadt's seat words in its
    notation (the German "Norden", "Süden"); and :data:`_MORE_SEAT_WORDS`. The French "est" is
    left out (it is "is" too): :func:`_seats` and :func:`seat_name` read it apart."""
    from pbem.i18n import LANGS, translations
    from pbem.rules import find_game, game_names
    from pbem.rules.verbotene_stadt.notation import _SEAT_WORDS, SEAT_NAMES

    def folded(word: str) -> str:
        return fold_word(word).lower()

    out: dict[str, str] = {}
    for name in game_names():
        game = find_game(name)
        for seat in game.seat_names(game.max_players):
            colour = seat not in SEAT_NAMES  # a colour bends, a compass point does not
            for lang in LANGS:
                word = folded(translations(lang).gettext(seat))
                for form in (word, *(_bent(word, lang) if colour else ())):
                    out.setdefault(form, seat.lower())
    for word, index in _SEAT_WORDS.items():
        out.setdefault(folded(word), SEAT_NAMES[index].lower())
    for seat, words in _MORE_SEAT_WORDS.items():
        out.update(dict.fromkeys(words.split(), seat))
    out.pop("est", None)
    return out


_KINDS = {
    ("forbidden", "city"): "forbidden-city",
    ("verbotene", "stadt"): "verbotene-stadt",
    ("verbotenen", "stadt"): "verbotene-stadt",
}
"""A kind of game named in words (the hyphenated names are read by :func:`pbem.rules.game_key`)."""

_ANY = _phrases(
    """
    any game | either game | both games | n' importe quelle partie | qualsiasi partita
    ogni partita | jede partie | irgendeine partie | egal welche partie
    any of them | either of them | whichever game | n' importe quel jeu | n' importe lequel
    n' importe laquelle | les deux jeux | qualsiasi gioco | qualunque partita | qualunque gioco
    entrambi i giochi | jedes spiel | egal welches spiel | irgendein spiel | beide spiele
    """
)

OPEN_PREFIX = "o-"
"""The start of an open game's id (:meth:`pbem.service.signup.SignupFiles.new_open`)."""

_GAME_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)+$")


def _shaped_ids() -> re.Pattern[str]:
    """The ids the service makes: ``fc-7k3q`` (:func:`pbem.store.committer._unique_id`: a
    game's initials and four letters or figures, a fifth after many tries), ``o-fc-3a9c`` (an
    open game, :meth:`pbem.service.signup.SignupFiles.new_open`)."""
    from pbem.rules import game_names

    initials = {"".join(p[0] for p in name.split("-") if p)[:3] for name in game_names()}
    return re.compile(rf"^(?:o-)?(?:{'|'.join(sorted(initials))})-[a-z0-9]{{4,5}}$")


_SHAPED = _shaped_ids()


def _ids(words: list[str]) -> set[str]:
    """The game ids a sentence names: a word shaped as the service's ids, or any hyphenated
    word with a figure (a game master's own name for a game, "club-2026"); never a word of
    prose ("peut-être", "stand-in") nor a game's name ("forbidden-city")."""
    return {
        w for w in words if _GAME_ID.match(w) and (_SHAPED.match(w) or any(c.isdigit() for c in w))
    }


_CONTRACTIONS = (
    (re.compile(r"\bi'd\b"), "i would"),
    (re.compile(r"\bi'm\b"), "i am"),
    (re.compile(r"\bi'll\b"), "i will"),
    (re.compile(r"\bi've\b"), "i have"),
    (re.compile(r"n't\b"), " not"),
    (re.compile(r"'re\b"), " are"),
    (re.compile(r"\bcan't\b"), "can not"),
    # chat-style English without apostrophes (ninth round): only where the word is no other
    (re.compile(r"\bid(?= (?:like|love|prefer|be|rather|want)\b)"), "i would"),
    (
        re.compile(
            r"\bim(?= (?:available|happy|glad|keen|interested|up|willing|in|out|leaving"
            r"|withdrawing|dropping|free|around|ready)\b)"
        ),
        "i am",
    ),
    (re.compile(r"\bill(?= (?:join|play|watch|take|leave|stand|withdraw|follow|be)\b)"), "i will"),
    (re.compile(r"\b(can|don|won|isn|aren|didn|doesn|couldn|wouldn)t\b"), r"\1 not"),
    # both kinds named as the choice left to us (eighteenth round): either game
    (
        re.compile(
            r"(?:,\s*)?\b(?:egal\s+ob|either|soit|sia|entweder|que\s+ce\s+soit)?\s*(?:(?:die|la|le|il)\s+)?"
            r"(?:forbidden\s+city|verbotenen?\s+stadt)\s*,?\s+(?:or|ou|o|oder)\s+(?:(?:die|la|le|il)\s+)?"
            r"(?:forbidden\s+city|verbotenen?\s+stadt)\b(?![^.!;]*\?)"
        ),
        " either game",
    ),
)
_TOKEN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*'?")
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\s+[-\u2013\u2014]\s+")


def in_words(line: str) -> Request | None:
    """The request a line says in words (see the module's docstring), or None. Each sentence of
    the line is read alone (:func:`_sentence_or_last_clause`); the line's sentences must not ask
    for two different things."""
    if len(line) > MAX_CHARS:
        return None
    said = {
        got
        for s in _SENTENCE.split(line)
        if (got := _sentence_or_last_clause(s) or _standby_offered(s)) is not None
    }
    return said.pop() if len(said) == 1 else None


_SOMEONE_LEAVES = re.compile(
    r"(?i)(?:^|[,;:]?\s+)(?:if|in\s+case|should|si|au\s+cas\s+o[uù]|se|nel\s+caso\s+(?:in\s+cui|che)"
    r"|qualora|falls|wenn|sofern)\s+(?:someone|somebody|anyone|anybody|a\s+player|one\s+of\s+the\s+players"
    r"|quelqu['’]\s*un|un\s+joueur|une\s+joueuse|qualcuno|un\s+giocatore|una\s+giocatrice|jemand"
    r"|einer|ein\s+spieler|eine\s+spielerin)(?![\w'’])[^.,;:!?]*?"
    r"(?:drops?\s+out|dropping\s+out|quits?|leaves?|pulls?\s+out|can['’]?t\s+(?:continue|go\s+on)"
    r"|abandonne[rz]?|l[âa]che[rz]?|arr[êe]te[rz]?|partir|se\s+retire|quitte[rz]?|d[ée]croche"
    r"|ritira(?:rsi)?|abbandona(?:re)?|lascia(?:re)?|molla(?:re)?|esce|uscire"
    r"|ausf[äa]llt|ausfaellt|aussteigt|abspringt|aufh[öo]rt|ausscheidet|aufgibt|aussteigen|ausfallen)"
    r"(?![\w'’])(?:\s+(?:en\s+route|in\s+corsa|unterwegs|midway|halfway|along\s+the\s+way))?"
    r"|(?:^|[,;:]?\s+)(?:if\s+(?:needed|necessary|required)|si\s+(?:besoin|n[ée]cessaire)|au\s+besoin"
    r"|se\s+(?:serve|necessario|c['’][èe]\s+bisogno)|all['’]occorrenza|bei\s+bedarf"
    r"|(?:falls|wenn)\s+n(?:ö|oe)tig)(?![\w'’])"
)  # fmt: skip
"""What a stand-by offer says it is for ("if someone drops out", "si quelqu'un doit lâcher en
route", "se qualcuno si ritira", "falls jemand ausfällt", "if needed", "se serve"): no condition
of the offer, and no LEAVE (seventeenth round)."""
_CONTRAST = re.compile(r"(?i),?\s+(?:but|mais|ma|per[oò]|aber|jedoch)\s+")


def _standby_offered(text: str) -> Request | None:
    """A STANDBY offered in a sentence whose other parts say what it is for or what the writer
    cannot do instead ("I can't commit to a full game right now, but I'm happy to be a standby
    for either game if someone has to drop out", "für eine eigene Partie fehlt mir die Zeit,
    aber als Ersatzspieler für Forbidden City stehe ich gern bereit, falls jemand ausfällt";
    seventeenth round): :data:`_SOMEONE_LEAVES` taken out, then the sentence or its part after
    its last "but" read; the part before that may name no game, seat nor kind, and ask nothing.
    Only a STANDBY read so counts."""
    if "?" in text:
        return None
    clauses = re.split(r"\s*(?:[,:;]|\s[-\u2013\u2014])\s+", text, maxsplit=1)
    if len(clauses) > 1 and set(_fold(clauses[0])) <= _GREETING:
        text = clauses[1]  # "Hi, happy to be a reserve player ..." (eighteenth round)
    plain = _SOMEONE_LEAVES.sub("", text)
    parts = _CONTRAST.split(plain)
    offer, before = parts[-1], " ".join(parts[:-1])
    head = _fold(before)
    if head and (_ids(head) or _kinds(head) or _seats(before, head)):
        return None
    got = _sentence(offer)
    return got if got is not None and got[0] == _STANDBY else None


def _sentence_or_last_clause(text: str) -> Request | None:
    """:func:`_sentence`; failing that, a LEAVE or UNWATCH asked in the sentence's last clause
    after a regret ("Ich kann leider doch nicht mitspielen, bitte streichen Sie mich aus
    o-fc-3a9c", "non posso più partecipare: toglietemi da o-fc-3a9c"): the regret's negation
    is not said of the request; the clauses before it name no game."""
    got = _sentence(text)
    if got is not None and got[0] == _WATCH and _CONDITION.search(text):
        return None  # "I'd like to watch fc-7k3q, if my colleague agrees" (eighth round)
    if got is not None:
        return got
    clauses = re.split(r"\s*(?:[,:;]|\s[-\u2013\u2014])\s+", text)
    while len(clauses) > 1 and set(_fold(clauses[0])) <= _GREETING:
        clauses = clauses[1:]  # "Hi, I'd like to watch fc-7k3q, my son is playing in it"
        if len(clauses) == 1 or (got := _sentence(", ".join(clauses))) is not None:
            return got if got is None or got[0] != _WATCH or not _CONDITION.search(text) else None
    if len(clauses) < 2:
        return None
    if (first := _remark_after(clauses)) is not None:
        return first
    last = _sentence(clauses[-1])
    before = _fold(" ".join(clauses[:-1]))
    named = _ids(before)
    if (
        last is None
        and len(named) == 1
        and not _ids(_fold(clauses[-1]))
        and not _kinds(before)
        and _REGRET & set(before)
        and not set(before) & _ASKING_HOW
    ):
        # "Je ne peux plus jouer à o-fc-3a9c, désolé, retirez-moi svp": the regret names the
        # game, the request after it takes it as its own (ninth round)
        last = _sentence(f"{clauses[-1]} {next(iter(named))}")
        return last if last is not None and last[0] in (_LEAVE, _UNWATCH) else None
    if last is None or last[0] not in (_LEAVE, _UNWATCH) or named or _kinds(before):
        return None
    return last


_GREETING = _words(
    """hi hello hey dear all everyone bonjour bonsoir salut coucou tous tout le monde ciao
    buongiorno buonasera salve a tutti hallo moin servus guten tag abend morgen zusammen
    liebe lieber good morning afternoon evening"""
)
"""A greeting clause before the request ("Hi, I'd like to watch ...", "Bonjour, je veux bien
..."): passed over."""

_REGRET = _words("not no plus more longer piu mehr nicht kein keine leider desole desolee sorry")
"""A regret or an inability said before a LEAVE or UNWATCH ("can not play any more", "ne peux
plus", "non posso più", "kann leider nicht mehr")."""


_CONDITION = re.compile(
    r"(?i)[,;:]\s*(?:if|si|se|wenn|falls|sofern|provided|pourvu|purch[ée]|a\s+condition|[àa]\s+condition)"
    r"(?![\w'’])(?!\s+(?:possible|possibile|m[öo]glich|moeglich|possible\b)\s*[.!]?\s*$)"
)
"""A condition after a WATCH's clause ("..., if my colleague agrees", "..., si mon collègue est
d'accord"): asked back; "if possible" is courtesy. (A JOIN "if there is room" or a stand-by "if
someone drops out" says what the request already means: read.)"""


def _remark_after(clauses: list[str]) -> Request | None:
    """A JOIN, WATCH or TAKEOVER asked in a sentence's first clause with its game, then a remark
    that names no game or seat and neither asks, doubts, denies nor sets a condition ("ich würde
    gern bei der Partie fc-7k3q zuschauen, mein Kollege spielt da mit"; eighth round; "ich möchte
    Gelb in fc-7k3q übernehmen, der bisherige Spieler ist ja ausgestiegen", fifteenth). None
    otherwise ("...,
    but not before Monday", "..., if there is room", "..., or o-vs-77kd")."""
    first = _sentence(clauses[0])
    if first is None or first[0] not in (_JOIN, _WATCH, _TAKEOVER, _LEAVE):
        return None
    rest = " ".join(clauses[1:])
    if first[0] == _LEAVE:
        rest = _NO_TIME.sub(" ", rest)  # "je me désiste de o-fc-3a9c, je n'aurai pas le temps"
    words = _fold(rest)
    if (
        "?" in rest
        or _ids(words)
        or any(w in _seat_of() for w in words)  # (a TAKEOVER's remark names no other seat)
        or _kinds(words)
        or (_DOUBT | _CLAUSE | _OTHERS_WISH) & set(words)
        or any(_wished(words, k, phrase) for k in range(len(words)) for phrase in _WISH)
        or any(_sentence(c) is not None for c in clauses[1:])
    ):
        return None
    return first


_NO_TIME = re.compile(
    r"(?i)(?<![\w'’])(?:i\s+(?:won['’]?t|will\s+not|don['’]?t|do\s+not)\s+have\s+(?:the\s+)?time"
    r"|(?:je\s+)?n['’]\s*(?:ai|aurai|aurais)\s+pas\s+le\s+temps|(?:je\s+)?(?:ne\s+)?peux\s+plus\s+suivre"
    r"|non\s+(?:ho|avr[òo]|avrei)\s+(?:il\s+)?tempo|(?:ich\s+)?(?:habe|hab|werde)\s+keine\s+zeit(?:\s+haben)?"
    r"|mir\s+fehlt\s+(?:die\s+)?zeit)(?![\w'’])"
)
"""The reason of a LEAVE said with a negation, no time to play ("je n'aurai pas le temps de jouer
correctement ce mois-ci", "I won't have the time", "non ho tempo", "ich habe keine Zeit";
eighteenth round): no doubt of the leave before it."""

_OTHERS_WISH = _words(
    """want wants wanted would wish wishes like likes veut veulent voudrait voudraient souhaite
    souhaitent aimerait vuole vogliono vorrebbe vorrebbero desidera will wollen moechte
    moechten wuerde wuerden wurde mag"""
)
"""Someone's wish in a remark after the request ("..., my son wants to join"): a second
request, perhaps, asked back."""


def _wished(words: list[str], k: int, phrase: tuple[str, ...]) -> bool:
    """Does a wish ``phrase`` stand at ``words[k]`` ("my son would like to play too"), not
    only one of its small words ("my son is playing in it": "in", "it", "is")? The wish of
    someone else counts too: the phrase without its "I"."""
    if len(phrase) > 1 and phrase[0] in _SELF:
        phrase = phrase[1:]
    return tuple(words[k : k + len(phrase)]) == phrase


def _without(words: list[str], phrase: tuple[str, ...]) -> list[str]:
    """``words`` without the occurrences of ``phrase``."""
    out: list[str] = []
    k = 0
    while k < len(words):
        if tuple(words[k : k + len(phrase)]) == phrase:
            k += len(phrase)
            continue
        out.append(words[k])
        k += 1
    return out


def in_words_with(line: str, subject: str) -> Request | None:
    """The request a line says in words whose target only the Subject names (Subject "Forbidden
    City" or "o-fc-3a9c", the body "I'd like to join please"): the Subject a few words that name
    one game (its id or its name) and deny nothing, the line's sentence read with that target
    after what it asks. None otherwise."""
    words = _fold(subject[:MAX_CHARS])
    if not words or len(words) > 6 or _DOUBT & set(words) or len(line) > MAX_CHARS:
        return None
    ids, kinds = _ids(words), _kinds(words)
    if len(ids) + len(kinds) != 1:
        return None
    target = next(iter(ids)) if ids else _NAMES[next(iter(kinds))]
    said = set()
    for sentence in _SENTENCE.split(line):
        sentence = _AGAIN.sub("encore", sentence)  # "di nuovo" is "again", not "new"
        own = _fold(sentence)
        if not own or _ids(own) or _kinds(own):
            continue  # a sentence that names its own target is read alone
        said_to = sentence.rstrip(" .!?;")
        if cond := _CONDITION_AFTER.search(said_to):
            # "Setzt mich bitte auf die Warteliste, falls ein Platz frei wird": the target
            # before the condition, as the writer would have put it (nineteenth round)
            said_to = f"{said_to[: cond.start()]} {target}{said_to[cond.start() :]}"
        else:
            said_to = f"{said_to} {target}"
        got = _sentence(said_to)
        if got is not None:
            said.add(got)
    return said.pop() if len(said) == 1 else None


_CONDITION_AFTER = re.compile(
    r"(?i),\s*(?:if|when|once|si|quand|d[èe]s\s+que|se|quando|appena|falls|wenn|sobald)(?![\w'’])"
)
"""A request's condition after a comma ("..., falls irgendwo ein Platz frei wird")."""
_NAMES = {"forbidden-city": "Forbidden City", "verbotene-stadt": "Verbotene Stadt"}

_ANOTHER = _words(
    """
    next another other new prochaine prochain autre nouvelle nouveau prossima prossimo altra
    altro nuova nuovo naechste naechsten andere anderen neue neuen
    """
)
"""Words of a sentence that asks for another game than the one its id names ("I'd like to join
the next one, o-fc-3a9c is full"; with the id in another sentence: "o-fc-3a9c is full, right?
I'd like to join the next one"; eighth round): no request."""
_AGAIN = re.compile(r"(?i)(?<![\w'])(?:di\s+nuovo|de\s+nouveau)(?![\w'])")


def in_words_across(lines: list[str]) -> Request | None:
    """The request said in words in one sentence whose target another sentence of the mail
    names (issue 31, eighth round: "Is there still room in o-fc-3a9c? I'd love to play", "J'ai
    vu que la partie o-fc-3a9c cherche des joueurs. Je voudrais m'inscrire", "fc-7k3q klingt
    spannend. Darf ich zuschauen?"): exactly one sentence of the mail names a game (one id or
    one game's name), and it denies and doubts nothing; the other sentences are read as with a
    target in the Subject (:func:`in_words_with`), the one request they ask for. None otherwise
    ("Is there room in o-fc-3a9c or o-vs-77kd? I'd like to join", "My brother told me about
    o-fc-3a9c. He'd love to play")."""
    sentences = [
        x for line in lines if len(line) <= MAX_CHARS for x in _SENTENCE.split(line) if _fold(x)
    ]
    naming = [x for x in sentences if _ids(_fold(x)) or _kinds(_fold(x))]
    if len(naming) != 1:
        return None
    words = _fold(naming[0])
    ids, kinds = _ids(words), _kinds(words)
    if len(ids) + len(kinds) != 1 or _DOUBT & set(words) or _sentence(naming[0]) is not None:
        return None
    target = next(iter(ids)) if ids else _NAMES[next(iter(kinds))]
    said = {got for x in sentences if x is not naming[0] and (got := in_words_with(x, target))}
    return said.pop() if len(said) == 1 else _taken_over_across(sentences)


_POINTING_SEAT = re.compile(
    r"(?i)(?<![\w'’])(?:it|sa\s+place|son\s+si[èe]ge|la\s+place|cette\s+place|il\s+suo\s+posto"
    r"|la\s+sua\s+postazione|il\s+posto|quel\s+posto|den\s+platz|seinen\s+platz|ihren\s+platz"
    r"|diesen\s+platz|(?:his|her|their|the|that)\s+(?:seat|place|spot))(?![\w'’])"
)
"""The seat taken over named back in the request ("I'd like to take it over", "je veux bien
reprendre sa place", "prendo volentieri il suo posto", "Den Platz würde ich gern übernehmen")."""


def _taken_over_across(sentences: list[str]) -> Request | None:
    """TAKEOVER asked by a sentence that names the seat back (:data:`_POINTING_SEAT`), the game
    and the seat named by the mail's other sentences (issue 31, fifteenth round: "I saw that the
    yellow seat in fc-7k3q has been empty since Mark dropped out. I'd like to take it over", "J'ai
    appris que le joueur jaune de fc-7k3q a abandonné. Je veux bien reprendre sa place", "ho
    saputo che in fc-7k3q il giallo si è ritirato: prendo volentieri il suo posto"): the mail
    names one running game and one seat; exactly one sentence asks, read as if it named them
    (:func:`_sentence`); the others neither ask nor doubt. None otherwise ("Who took over the
    yellow seat in fc-7k3q?", "... My brother would like to take it over")."""
    parts = [p for x in sentences for p in re.split(r"(?<=:)\s+", x) if _fold(p)]
    ids: set[str] = set()
    seats: set[str] = set()
    for part in parts:
        words = _fold(part)
        ids |= _ids(words)
        seats |= {seat for w in words if (seat := _seat_of().get(w)) is not None}
    if len(ids) != 1 or len(seats) != 1 or next(iter(ids)).startswith(OPEN_PREFIX):
        return None
    game, seat = next(iter(ids)), next(iter(seats))
    wanted: Request = (_TAKEOVER, (game, seat))
    asking = [
        part
        for part in parts
        if _POINTING_SEAT.search(part)
        and not _ids(words := _fold(part))
        and not any(w in _seat_of() for w in words)
        and _sentence(_POINTING_SEAT.sub(f" the {seat} seat in {game} ", part, count=1)) == wanted
    ]
    if len(asking) != 1:
        return None
    for part in parts:
        if part is not asking[0] and ("?" in part or _DOUBT & set(_fold(part))):
            return None
    return wanted


def _fold(text: str) -> list[str]:
    t = fold_word(text.replace("\u2019", "'").replace("`", "'")).lower()
    t = t.replace("cannot", "can not")
    for pat, out in _CONTRACTIONS:
        t = pat.sub(out, t)
    t = _CHAT.sub(lambda m: _CHAT_WORDS[m[0]], t)
    return _TOKEN.findall(t)


_CHAT_WORDS = {"x": "per", "grz": "grazie", "thx": "thanks", "tnx": "thanks", "pls": "please",
               "plz": "please", "mrc": "merci", "mci": "merci", "dnk": "danke", "bjr": "bonjour",
               "slt": "salut", "cmq": "comunque", "nn": "non", "vlt": "vielleicht",
               "vllt": "vielleicht"}  # fmt: skip
"""Chat and phone abbreviations (ninth round: "vorrei fare da riserva x die verbotene stadt
grz"); "x" only between two words, as the Italian "per"."""
_CHAT = re.compile(
    r"(?<=[a-z] )x(?= [a-z])|\b(?:grz|thx|tnx|pls|plz|mrc|mci|dnk|bjr|slt|cmq|nn|vlt|vllt)\b"
)


def _find(words: list[str], phrase: tuple[str, ...], start: int = 0) -> int:
    n = len(phrase)
    for k in range(start, len(words) - n + 1):
        if tuple(words[k : k + n]) == phrase:
            return k
    return -1


def _wish(words: list[str]) -> int | None:
    """Where the first wish of ``words`` ends (None: none), with no question word before it."""
    best: tuple[int, int] | None = None
    for phrase in _WISH:
        k = _find(words, phrase)
        if k < 0:
            continue
        if phrase in _ADVERB_WISH and not _SELF & set(words) and not (k == 0 and len(phrase) > 1):
            continue  # "Happy to be a reserve ...": the writer, at the sentence's start
        if best is None or k < best[0] or (k == best[0] and k + len(phrase) > best[1]):
            best = (k, k + len(phrase))
    if best is None or _ASKING_HOW & set(words[: best[0]]):
        return None
    return best[1]


def _sentence(text: str) -> Request | None:
    words = _fold(text)
    if not words:
        return None
    stop = _stopping(words)
    if stop is not None:
        return stop
    plain = _without(words, ("n'", "importe"))  # "n'importe quelle partie" denies nothing
    if _DOUBT & set(plain) or any(_find(words, p) >= 0 for p in _VAGUE):
        return None
    ids = _ids(words)
    if ids and _ANOTHER & set(words):
        return None  # "Je voudrais rejoindre la prochaine partie, o-fc-3a9c est complète"
    kinds = _kinds(words)
    seats = _seats(text, words)
    first = _said_first(words) or _leading(words, text)
    said = first[0] if first is not None else None
    if said is not None and _JOIN in said and _LEAVE in said:
        particle = _PARTICLES.get(words[-1])
        said = (particle,) if particle else None
    if said is not None and _LEAVE in said and "?" in text and _wish(words) is None:
        return None  # "Je me retire de o-fc-3a9c ?": a leave asked about ("Could I withdraw
        # from ...?" asks for it)
    if said is not None:
        said = _agreeing(words, 0, _as_role(said, words))
    if said is not None and first is not None and not _object_is_target(words, first[1], False):
        return None
    if said is not None:
        fits = {got for kind in said if (got := _fits(kind, ids, kinds, seats, words))}
        return fits.pop() if len(fits) == 1 else None
    if "?" in text and any(_find(words, p) >= 0 for p in _MUST):
        return None
    end = _wish(words)
    if end is None:
        return None
    for at in range(end, len(words)):
        found = [(p, ks) for p, ks in _DOING.items() if tuple(words[at : at + len(p)]) == p]
        if not found:
            continue
        phrase, can_be = max(found, key=lambda f: len(f[0]))
        agreed = _agreeing(words, at, _as_role(can_be, words[at:]))
        if agreed is None:
            return None  # two things asked ("I'd like to leave early, then join o-fc-3a9c")
        can_be = agreed
        between = words[end:at]
        targets = ids | {w for w in between if w in _seat_of()} | _kind_words(words)
        if any(w not in _BETWEEN and w not in _WISH_WORDS and w not in targets for w in between):
            return None  # the wish is for something else ("I'd like my brother to join")
        if not _object_is_target(words, at + len(phrase), bool(targets & set(between))):
            return None  # "I want to leave a comment about o-fc-3a9c", "spielen lernen"
        fits = {got for kind in can_be if (got := _fits(kind, ids, kinds, seats, words))}
        return fits.pop() if len(fits) == 1 else None
    return None


_STOP = _phrases(
    """
    stop | unsubscribe | unsubscribe me | arreter | arretez | desabonner | desabonnez-moi
    desinscrire | smettere | smettete | smettetela | basta | disiscrivermi | disiscrivetemi
    aufhoeren | hoeren sie auf | hort auf | abbestellen | austragen | tragen sie mich aus
    """
)
"""A stop asked for (the infinitive or the imperative: "I'd like to stop watching", "arrêtez de
m'envoyer"; not "I stopped", "j'ai arrêté")."""

_UNSUBSCRIBE = _words(
    "unsubscribe desabonner desabonnez-moi disiscrivermi disiscrivetemi abbestellen austragen"
)
"""A stop that says what stops: a game's mails."""

_NO_LONGER = _phrases(
    """
    no longer | not anymore | not any more | not any longer | ne plus | n' plus | non piu
    nicht mehr | keine mehr | keinen mehr
    """
)
"""A cessation: its words may stand apart ("je ne veux plus suivre", "non mandatemi più",
"keine Mails mehr"), in this order, in one sentence."""

_WATCHING = _words(
    """
    watch watching follow following spectate observe observing mails mail emails email messages
    sending send updates suivre regarder observer envoyer mails courriels messages
    seguire guardare osservare mandare inviare mandarmi inviarmi mandatemi inviatemi
    messaggi verfolgen zuschauen beobachten mitlesen schicken senden zusenden nachrichten
    spectator spectateur spettatore zuschauer observer observateur osservatore
    """
)
"""What is stopped, for UNWATCH: watching a game, or its mails sent."""

_STANDING_BY = _words(
    """
    reserve standby substitute replacement remplacant remplacante remplacer riserva sostituto
    sostituta sostituire ersatz ersatzspieler ersatzspielerin einspringen
    """
)

_ASK_TO_STOP = _phrases(
    """
    please | kindly | s' il vous plait | svp | merci de | per favore | per piacere | bitte
    """
)


def _stopping(words: list[str]) -> Request | None:
    """UNWATCH or STANDBY OFF said in words: the writer asks (:data:`_WISH`, "please", an
    imperative stop) that watching a game (one running game's id) or standing by stop ("Please
    stop sending me the fc-7k3q mails", "je ne veux plus suivre fc-7k3q", "vorrei smettere di
    seguire fc-7k3q", "ich möchte fc-7k3q nicht mehr verfolgen", "I no longer want to be a
    reserve"). Either a stop or a cessation, not both, and no other negation or doubt ("I don't
    want to stop watching" is no request); None otherwise."""
    stops = [k for p in _STOP if (k := _find(words, p)) >= 0]
    ceases = [_apart(words, p) for p in _NO_LONGER]
    ceased = [k for k in ceases if k is not None]
    if not stops and not ceased:
        return None
    start = min(stops or ceased)
    negations = {"not", "ne", "n'", "non", "nicht", "keine", "keinen", "no"}
    if stops and ceased:
        # "Ich möchte fc-7k3q nicht mehr beobachten, bitte austragen": a cessation and a stop
        # that say the same (ninth round); never a stop denied ("don't stop ..., no longer")
        if any(negations & set(words[max(0, k - 2) : k]) for k in stops):
            return None
        stops = []
    elif stops and (_DOUBT & set(words)):
        return None
    if ceased and (_DOUBT - negations - {"plus"}) & set(words):
        return None
    ceasing = {w for p in _NO_LONGER for w in p} | {"anymore", "do"}
    bare = [w for w in words if w not in ceasing] if ceased else words  # "je (ne) veux (plus)"
    asked = _wish(bare) is not None or any(_find(words, p) >= 0 for p in _ASK_TO_STOP)
    imperative = stops and words[start] not in ("stop", "arreter", "smettere", "aufhoeren")
    if not (asked or imperative or (stops and start == 0)):
        return None
    if _ASKING_HOW & set(words[:start]):
        return None
    ids = _ids(words)
    unsubscribed = stops and words[start] in _UNSUBSCRIBE
    watching = unsubscribed or _WATCHING & set(words[start:]) or (ceased and _WATCHING & set(words))
    standing = _STANDING_BY & set(words)
    if watching and not standing and len(ids) == 1:
        game = next(iter(ids))
        return None if game.startswith(OPEN_PREFIX) else ("unwatch", (game,))
    if standing and not watching and not ids:
        return "standby", ("off",)
    return None


def _apart(words: list[str], phrase: tuple[str, ...]) -> int | None:
    """Where ``phrase`` starts when its words stand in order in ``words`` within six words of
    each other ("ne veux plus", "keine Mails mehr")."""
    if not phrase:
        return None
    for k, w in enumerate(words):
        if w != phrase[0]:
            continue
        at = k
        for nxt in phrase[1:]:
            window = words[at + 1 : at + 7]
            if nxt not in window:
                break
            at = at + 1 + window.index(nxt)
        else:
            return k
    return None


_AFTER = _words(
    """
    from dans sur avec nella sulla sul nello auf im vom any either both n' importe quelle
    qualsiasi ogni jede irgendeine egal welche bitte danke svp stp merci grazie favore piacere
    quel lequel laquelle qualunque welches irgendein whichever of them jeu jeux gioco giochi
    spiele
    s' il vous plait thanks thank
    """
)
"""Words that may stand between the thing asked and its target, besides :data:`_BETWEEN`."""

_CLAUSE = _words("if when si quand se quando appena wenn falls sobald")
_RELATIVE = _words("that which who qui que che dove das die der wo")
"""A relative clause after "any game" ("any game that loses a player", "n'importe quelle partie
qui ..."): what the stand-by is for, read as its condition."""
"""Where a clause of condition starts: the thing asked ends there."""


def _object_is_target(words: list[str], after: int, target_before: bool) -> bool:
    """Whether what follows the thing asked (from ``after``) is its target, not another object
    ("leave a comment about o-fc-3a9c", "suivre vos conseils pour fc-7k3q", "seguire le regole
    di fc-7k3q"): only small words, roles and seat nouns up to the first target; when the target
    came before (German: "bei o-fc-3a9c mitspielen"), nothing but a clause of condition or
    courtesy after ("Verbotene Stadt spielen lernen" is not a request)."""
    targets = _ids(words) | _kind_words(words) | {w for w in words if w in _seat_of()}
    for k, w in enumerate(words[after:], after):
        if w in targets:
            return True
        if w in _RELATIVE and any(_find(words[:k], p) >= 0 for p in _ANY):
            return True  # "any game that needs a replacement player" (fifteenth round)
        if w in _CLAUSE:
            return target_before or bool(targets & set(words[:after]))
        if w in _BETWEEN or w in _AFTER or w in _SEAT_NOUNS or w in _ROLES or w in _WISH_WORDS:
            continue
        if (w,) in _DOING:  # the verb after its role ("als Zuschauer verfolgen"): agreed before
            continue
        return False
    return True


def _agreeing(words: list[str], start: int, can_be: tuple[str, ...]) -> tuple[str, ...] | None:
    """The commands of ``can_be`` that every other thing asked from ``start`` on may be too
    (:data:`_DOING`, :data:`_SAID`; a verb of joining beside a role named counts as the role),
    or None when two of them ask different things."""
    roles = _roles(words)
    out = list(can_be)
    at = start
    while at < len(words):
        found = [
            (p, ks)
            for table in (_DOING, _SAID)
            for p, ks in table.items()
            if tuple(words[at : at + len(p)]) == p
        ]
        if not found:
            at += 1
            continue
        phrase, kinds = max(found, key=lambda f: len(f[0]))
        if at > start and len(phrase) == 1 and phrase[0] in _GENERIC:
            at += 1
            continue  # "I've seen enough, I have other plans": too general to ask a thing
        at += len(phrase)
        if kinds == (_JOIN,) and len(roles) == 1:
            kinds = (next(iter(roles)),)
        if _JOIN in kinds and _LEAVE in kinds:
            continue  # a German verb whose particle decides (read by the caller)
        out = [k for k in out if k in kinds]
    return tuple(out) or None


def _as_role(kinds: tuple[str, ...], words: list[str]) -> tuple[str, ...]:
    """JOIN as the role ``words`` name, when they name one and only one (:data:`_ROLES`)."""
    roles = _roles(words)
    return (roles.pop(),) if kinds == (_JOIN,) and len(roles) == 1 else kinds


def standby_named(lines: list[str]) -> bool:
    """Does a line name standing by as a role ("Setzt mich bitte auf die Warteliste", "as a
    reserve")? Then a JOIN read elsewhere in the mail ("ich hätte Lust auf eine weitere Partie
    Die Verbotene Stadt") is not the request alone (nineteenth round)."""
    return any(_STANDBY in _roles(_fold(line)) for line in lines if len(line) <= MAX_CHARS)


def _roles(words: list[str]) -> set[str]:
    """The commands of the roles ``words`` name (:data:`_ROLES`, :data:`_WAITING_LIST`)."""
    roles = {_ROLES[w] for w in words if w in _ROLES}
    return roles | {_STANDBY for p in _WAITING_LIST if _find(words, p) >= 0}


_WAITING_LIST = _phrases(
    """
    waiting list | reserve list | liste d' attente | lista d' attesa | lista di attesa
    lista delle riserve
    """
)
"""A list of players waiting for a seat, named as the role signed up for ("put me on the waiting
list", "mettez-moi sur la liste d'attente", "mettetemi in lista d'attesa"; nineteenth round;
the German "Warteliste" is one word of :data:`_ROLES`)."""


_UNWATCH = "unwatch"

_ORDERS = {
    **dict.fromkeys(("join",), (_JOIN,)),
    **dict.fromkeys(("leave",), (_LEAVE,)),
    **dict.fromkeys(("watch",), (_WATCH,)),
    **dict.fromkeys(("unwatch",), (_UNWATCH,)),
    **dict.fromkeys(("standby", "reserve", "riserva", "ersatz"), (_STANDBY,)),
    **dict.fromkeys(("takeover", "subentra", "uebernehmen", "ubernehmen"), (_TAKEOVER, _STANDBY)),
}
"""A command's word (:mod:`pbem.service.fresh`) that starts a line whose arguments are said in
words ("JOIN the next Forbidden City game", "TAKEOVER the yellow seat in fc-7k3q")."""

_GENERIC = _words(
    "play take have enter be follow quit jouer prendre prendere giocare spielen nehmen"
)
"""Verbs too general to order a request by themselves at a line's start."""

_GREETING = _words(
    """
    hi hello hey dear bonjour salut coucou ciao buongiorno buonasera salve hallo moin servus
    guten tag morgen abend please svp bitte ok okay
    """
)


def _orders_in(text: str) -> set[str]:
    """The command words written in capitals in ``text``, folded and in lower case."""
    return {fold_word(w).lower() for w in re.findall(r"[^\W\d_]{4,}", text) if w.isupper()}


def _leading(words: list[str], text: str) -> tuple[tuple[str, ...], int] | None:
    """The commands a line's first word orders, a greeting aside: a command's word, or an
    infinitive or imperative of :data:`_DOING` ("Rejoindre o-fc-3a9c", "Partecipare a
    o-fc-3a9c", "Zuschauen bei fc-7k3q"), not a verb as general as "play"."""
    k = 0
    while k < len(words) and words[k] in _GREETING:
        k += 1
    if k == len(words):
        return None
    first = words[k]
    if first in _ORDERS:
        # written as a command, in capitals ("Watch out, ..." and "Leave it to me" are not)
        return (_ORDERS[first], k + 1) if first in _orders_in(text) else None
    kinds = _DOING.get((first,))
    if (
        kinds is None
        or first in _GENERIC
        or (k + 1 < len(words) and (first, words[k + 1]) in _DOING)
    ):
        return None
    return kinds, k + 1


def _said_first(words: list[str]) -> tuple[tuple[str, ...], int] | None:
    """The commands of the first phrase of :data:`_SAID` in ``words`` with no question word
    before it ("Comment je m'inscris ?" is a question), with where the phrase ends, or None."""
    best: tuple[int, int, tuple[str, ...]] | None = None
    for phrase, kinds in _SAID.items():
        k = _find(words, phrase)
        if k >= 0 and (best is None or k < best[0] or (k == best[0] and len(phrase) > best[1])):
            best = (k, len(phrase), kinds)
    if best is None or _ASKING_HOW & set(words[: best[0]]):
        return None
    return best[2], best[0] + best[1]


def _fits(
    kind: str, ids: set[str], kinds: set[str], seats: set[str], words: list[str]
) -> Request | None:
    """The request ``kind`` with the sentence's targets, when they are what it needs, once."""
    one_id = next(iter(ids)) if len(ids) == 1 else None
    running = one_id is not None and not one_id.startswith(OPEN_PREFIX)
    if kind == _JOIN and one_id is not None and not running and not seats:
        return kind, (one_id,)
    if kind == _JOIN and not ids and len(kinds) == 1 and not seats:
        return kind, (next(iter(kinds)),)
    if kind == _UNWATCH and running and not seats:
        return kind, (one_id,)  # type: ignore[return-value]
    if kind == _WATCH and running and not seats:
        return kind, (one_id,)  # type: ignore[return-value]
    if kind == _LEAVE and one_id is not None and not running and not seats:
        return kind, (one_id,)
    if kind == _TAKEOVER and running and len(seats) == 1:
        return kind, (one_id, next(iter(seats)))  # type: ignore[return-value]
    if kind == _STANDBY and not ids and not seats:
        if len(kinds) == 1:
            return kind, (next(iter(kinds)),)
        if not kinds and any(_find(words, p) >= 0 for p in _ANY):
            return kind, ("any",)
    return None


def _kind_words(words: list[str]) -> set[str]:
    out = {w for w in words if _kind_of(w)}
    for phrase in _KINDS:
        if _find(words, phrase) >= 0:
            out.update(phrase)
    return out


def _kind_of(word: str) -> str | None:
    from pbem.rules import game_key

    return game_key(word) if "-" in word and not any(c.isdigit() for c in word) else None


def _kinds(words: list[str]) -> set[str]:
    """The kinds of game the sentence names ("Forbidden City", "verbotene-stadt")."""
    out = {k for w in words if (k := _kind_of(w))}
    out.update(kind for phrase, kind in _KINDS.items() if _find(words, phrase) >= 0)
    return out


def _seats(text: str, words: list[str]) -> set[str]:
    """The seats the sentence names beside a seat's noun ("the yellow seat", "la place jaune",
    "il posto di Nord", "den gelben Platz"); the French "est" only as "Est" (it is "is" too)."""
    out, near_noun = set(), False
    for k, w in enumerate(words):
        seat = _seat_of().get(w)
        if seat is None and w == "est" and re.search(r"\bEst\b", text):
            seat = "east"
        if seat is None:
            continue
        out.add(seat)
        near = words[max(0, k - 3) : k] + words[k + 1 : k + 3]
        near_noun = near_noun or bool(_SEAT_NOUNS & set(near))
        # the seat as the object of a verb of taking over ("ich übernehme Gelb", "I'll take
        # over yellow", "je reprends le Jaune", "rilevo il Giallo"; ninth round)
        near_noun = near_noun or bool(_TAKING & set(words[max(0, k - 3) : k]))
        # the German verb last ("ich möchte Gelb in fc-7k3q übernehmen"; fifteenth round)
        near_noun = near_noun or bool(_TAKING & set(words[k + 1 : k + 4]))
    # every seat the sentence names counts once one stands by a seat's noun ("the yellow or
    # the blue seat": two seats, no request)
    return out if near_noun else set()


_TAKING = _words(
    """
    over uebernehme ubernehme uebernehmen ubernehmen reprends reprendre rilevo rilevare subentro
    replace remplace remplacer sostituisco sostituire ersetze ersetzen springe einspringen
    """
)
"""The verbs of taking a seat over, whose object may be the seat alone ("ich übernehme Gelb",
"ich springe gern für Gelb ein")."""

_ABOUT = _words(
    """
    join joining sign-up signup register registration rejoindre inscrire inscription inscrivez-moi
    participer partecipare iscrivermi iscrizione iscrivetemi mitspielen mitmachen teilnehmen
    anmelden anmeldung watch watching spectator spectate spectateur spectatrice spettatore
    spettatrice zuschauen zuschauer zuschauerin reserve standby remplacant remplacante riserva
    sostituto ersatz ersatzspieler ersatzspielerin takeover unsubscribe desabonner abbestellen
    """
)
"""Words that speak of signing up, watching or standing by (not "play", "take": a player's
move sent in a new mail speaks of those)."""


def about_a_request(lines: list[str]) -> bool:
    """Whether ``lines`` speak of joining, watching, leaving or standing by ("I'd like to join
    please", "my brother wants to join o-fc-3a9c") though no request was read from them: the
    mail is then answered with the commands to write, not with the answer to a player's move
    sent in a new mail. Each line is read only to :data:`MAX_CHARS`."""
    for line in lines:
        words = set(_fold(line[:MAX_CHARS]))
        if _ABOUT & words or any(_SHAPED.match(w) and w.startswith(OPEN_PREFIX) for w in words):
            return True
    return False


def seat_name(word: str) -> str | None:
    """The service's name of the seat ``word`` names in one of the four languages ("jaune",
    "Gelb", "giallo", "YELLOW": ``yellow``), or None."""
    folded = fold_word(word).lower()
    return _seat_of().get(folded) or ("east" if folded in ("est", "east", "ost") else None)


def argument_problem(kind: str, arg: str) -> bool:
    """Whether the first argument of a JOIN or STANDBY read from its command word is neither a
    game id nor a game's name nor ``any``/``off`` (the words of a sentence joined: "RISERVA per
    Forbidden City" gave ``per-Forbidden-City``): the line is then read as words."""
    from pbem.rules import game_key

    a = arg.lower()
    if kind in (_LEAVE, _WATCH, _UNWATCH):  # a game's id ("Leave it to me" is not "it-to-me")
        return not _ids([a]) and not a.startswith(OPEN_PREFIX)
    if kind not in (_JOIN, _STANDBY):
        return False
    if kind == _STANDBY and a in ("any", "off"):
        return False
    return game_key(a) is None and not _ids([a]) and not a.startswith(OPEN_PREFIX)


_GAMES_NOUNS = _words("games parties partite partien spiele")
_WHICH = _words(
    """
    which what list tell quelles quels quelle quel liste dites dire quali quale elenco lista
    dirmi ditemi welche welchen welcher liste sagen che
    """
)
_MINE = _words(
    """
    i me my am je suis-je mes moi suis io sono mie miei mi ich mich meine meinen mir bin sto
    """
)


def games_in_words(line: str) -> bool:
    """GAMES asked in a fresh mail's sentence, which changes nothing: a question about the
    writer's own games ("Dans quelles parties suis-je inscrit ?", "In quali partite sono
    iscritto?", "In welchen Partien bin ich angemeldet?", "Could you tell me which games I'm
    playing?"): the games' plural, a word of asking which, the writer, in a short line with no
    negation, no game id and nothing asked of :data:`_DOING` ("Which games can I join?" asks
    something else)."""
    if len(line) > MAX_CHARS:
        return False
    # the French "où" (where) is no "ou" (or, a doubt) once folded ("où j'en suis dans mes
    # parties ?"; thirteenth round)
    line = _WHERE_FR.sub("where", line)
    words = _fold(line)
    if not words:
        return False
    sentences = [x for x in _QUESTION_END.split(line) if x.strip()]
    if len(sentences) > 1:
        # "Ciao! In che partite sto giocando adesso? Non mi ricordo più": one question of one's
        # games, the other sentences remarks that name no game and ask nothing (tenth round)
        asked = [x for x in sentences if _games_asked(_fold(x))]
        others = [_fold(x) for x in sentences if x not in asked]
        return (
            len(asked) == 1
            and all(
                not _ids(o)
                and not any(_find(o, p) >= 0 and not set(p) <= _PLAYING for p in _DOING)
                and not _ADVICE & set(o)
                for o in others
            )
            and not any("?" in x for x in sentences if x not in asked)
        )
    return _games_asked(words)


_QUESTION_END = re.compile(r"(?<=[.!?])\s+")
_WHERE_FR = re.compile(r"(?i)(?<![\w'’])où(?![\w'’])")


def _games_asked(words: list[str]) -> bool:
    """:func:`games_in_words` for one sentence's folded ``words``."""
    if not words or len(words) > 16:
        return False
    w = set(words)
    asked = [p for p in _DOING if _find(words, p) >= 0 and not set(p) <= _PLAYING]
    if _DOUBT & w or _ADVICE & w or _OTHERS & w or _ids(words) or asked:
        return False
    return bool(_GAMES_NOUNS & w and _WHICH & w and _MINE & w)


_OTHERS = _words(
    """
    he she they his her their brother sister friend wife husband son daughter il elle ils
    elles frere soeur ami amie femme mari fils fille lui lei loro fratello sorella amico amica
    moglie marito figlio figlia er sie bruder schwester freund freundin frau mann sohn tochter
    """
)
"""Someone else: a question about their games is not the writer's GAMES."""

_PLAYING = _words("play playing jouer joue giocare gioco giocando spielen spiele")
"""Playing, in a question about one's games ("which games I'm playing"), asks for nothing."""

_ADVICE = _words(
    """
    should shall must try recommend suggest dois doit devrais faut essayer conseillez
    conseiller devo dovrei bisogna provare consigliate consigliare soll sollte muss
    ausprobieren empfehlen empfehlt
    """
)
"""Advice asked ("Which games should I try?"), not one's games."""
