"""Commands asked for in a sentence (issue 31): "Could you send me the board again?", "Les règles
du jeu svp", "Mi mandate il tabellone?", "Meine erlaubten Züge?", "I need help".

Only the commands that show something and change nothing (BOARD, HELP, HISTORY, RULES, GUIDE,
LEGAL, GAMES, STATS, STANDINGS, RECORD) are read this way: each declares its nouns in the four
languages (:attr:`pbem.commands.vocabulary.Spoken.nouns`). A line is such a request when, besides
the nouns, every word is one of a closed list: articles, possessives, "again", "current", courtesy
(:data:`PLAIN`), and the words of asking (pronouns, "can", "send", "voir", "schicken":
:data:`ASKING`), the latter only when the line asks (a question mark, "please", a modal, an
imperative: :data:`ASKS`, or the noun first: "Board again", "Aide-moi"). Any other word (a
negation, the past, "thanks for", a move, a figure) and the line is not read as a request: "Thanks
for the board", "Je n'ai pas besoin d'aide", "The rules say I can" stay prose. Past that list, a
request FRAME at the start of a clause and a command's CONCEPT after it (:func:`asked_in_frame`,
sixteenth round) is a request whatever follows in the sentence, unless it denies or makes a
condition; a leave is read from a going-away word and one span (:func:`leave_announced`).

Pure: the standard library and :mod:`pbem.commands.vocabulary`.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable
from typing import Any

from pbem.commands.vocabulary import PROSE_MAX, Spoken, fold_word, vocabulary
from pbem.words import THEREFORE, only_said


def _listed(text: str) -> frozenset[str]:
    return frozenset(text.split())


MAX_WORDS = 20
"""Longer lines are not read as a request."""

PLAIN = _listed(
    """
    the a an le la les l' un une il lo i gli un una der die das den dem des ein eine einen
    my mon ma mes mio mia miei mie mein meine meinen meiner meines
    of de du d' di del della dei delle dello degli von vom zum zur
    again once more encore nouveau ancora nuovo nochmal noch einmal mal erneut wieder
    current latest updated new full complete whole actuel actuelle actuels actuelles complet
    complete completo completa intero intera attuale attuali aggiornato aggiornata aktuell
    aktuelle aktuellen aktuelles neue neuen ganze ganzen vollstaendige vollstaendigen
    game jeu partie partita gioco spiel spiels this ce cette cet questa questo diese dieses
    dieser diesem player joueur giocatore spieler list liste elenco lista all tous toutes tutte
    tutti alle en cours in corso laufenden laufende ongoing running open active actives attive
    aktiven
    please pls plz svp stp s' vous plait perfavore perpiacere bitte danke merci grazie thanks
    thank mille beaucoup schoen
    hi hello hey yo bonjour salut coucou ciao buongiorno buonasera hallo moin servus ok okay
    with avec con mit notation notazione rotation rotations rotazione rotazioni drehung
    drehungen and et e und also aussi anche auch some peu po' bisschen etwas other others autres altre
    altri anderen andere
    after afterwards later next time apres ensuite prochaine fois dopo poi prossima volta danach
    spaeter naechstes mal now right maintenant ora adesso jetzt currently moment quick question
    moves coups mosse zuege
    too well still completes complets completi dettagliato dettagliata detailed detaillee detaille
    ausfuehrliche ausfuehrlichen ausfuehrlich
    as move every each ogni chaque jede jeden jedes
    general generale generali overall gesamt gesamte gesamten global globale insgesamt
    globalement complessivamente
    alors allora also so then donc quindi dunque daher actually en fait effectivement
    infatti eigentlich these ces questi queste diese final finale finali finales finaux
    endgueltige letzte letzten bisherigen bisherige pagina page seite
    actual actuals ainsi bella bello bravi bravo complimenti congrats congratulations felicitations
    glueckwunsch gg wp nice good great super partie jouee
    summary short brief summarised summarized resumees resumee court courte bref breve riassunto
    riassunte riassunti sintesi sintetico sintetica kurz kurze kurzen zusammengefasst
    zusammenfassung ueberblick overview apercu mis mise jour aggiornate aggiornati
    aktualisiert aktualisierte aktualisierten dann
    briefly courtes brevi kurzfassung
    club clubs circolo circoli verein vereins league ligue lega liga ladder pure
    complessive complessivo complessiva complessivi komplett komplette kompletten kompletter
    proper vraie vrai vero vera richtige richtigen quel quella quello quelle quei jener jene
    one that-one celle-ci celui-ci celle celui ci since start beginning depuis debut inizio
    dall' dal seit beginn anfang aller service servizio dienst site sito seite
    tel telle etat state situation situazione zustand
    longer longue lunga laengere laengeren ausfuehrlichere ausfuehrlicheren
    """
)
"""Words that may stand around a command's noun in any request ("the current board again,
please", "le plateau actuel svp", "il tabellone aggiornato", "das aktuelle Brett bitte")."""

ASKING = _listed(
    """
    i me us you we je j' moi m' nous tu te t' io mi ci ti voi lei ich mir uns du ihr sie dir euch
    ihnen
    can could would will may pouvez pourriez peux pourrais peut pourrait potete potreste puoi
    potresti puo potrebbe kannst koennt koennen koennten koenntest kann konnt konnen konnten
    want need like wish voudrais veux voulez souhaite souhaiterais aimerais besoin ai vorrei
    voglio bisogno ho moechte mochte brauche haette gern gerne
    send resend show give mail email get see view find look at receive have list lister listez
    prefer rather i' d préfère prefere prefererais preferirei preferisco lieber servirebbe
    servirebbero serve servono faudrait brauchte braeuchte
    elencare elencarmi elencatemi elenca auflisten listen aufzaehlen
    envoyer renvoyer envoyez renvoyez envoie renvoie montrer montrez montre donner donnez donne
    voir avoir recevoir trouver consulter
    mandare rimandare inviare mandami rimandami inviami mandatemi rimandatemi inviatemi mandate
    rimandate inviate manda rimanda invia mostrare mostrami mostratemi vedere avere ricevere
    trovare mandarmi rimandarmi inviarmi mostrarmi
    schicken schickt schick schicke senden sendet sende zeigen zeigt zeig zeige geben gebt gib
    sehen haben bekommen erhalten finden
    is are where what what's where's which est sont ou quel quels quelle quelles dove sono
    quali quale cosa wo ist sind welche welches was what' where' s to am
    est-ce ce que qu' serait possible bien posso potrei sarebbe possibile haette haettet habt
    mich fuer mind sending getting chance any there
    gibt es dazu davon bin drin dabei eigentlich gerade grad momentan c' y a-t-il t-il
    text texte testo plain ascii format
    might indiquer indiquez communiquer communiquez transmettre transmettez faire parvenir
    indicare indicarmi comunicarmi comunicare um zusendung uebersendung uebermittlung zukommen
    lassen kindly
    vous c' y gibt es rimandereste mandereste inviereste mostrereste renverriez enverriez
    montreriez wuerden wuerdest wuerdet wurden
    u ur ya denn gerade eigentlich mal doch how comment come wie messo messa place placee placed
    koennte
    ranked classe classee stehe steht suis sono list welchen welcher play playing joue jouer
    gioco giocando sto spielen spiele
    auriez bei bonsoir buonasera guten abend tag morgen evening it possible moeglich zu
    puis petite small little kleine piccola domanda frage trovo trova finde findet trouve
    somewhere quelque part qualche parte irgendwo au im nel nella sieht sieht' aus looks look semble
    sembra avez avete habt pdf file fichier allegato anhang datei attachment
    read check tell know let kindly possibly just quickly so far also about copy version do
    revoir lire consulter savoir dire faire faites fais il en actuellement donc aussi jusqu'ici
    jusqu ici quoi
    rimandi mandi invii mostri rimanderesti manderesti invieresti mostreresti rimandarlo
    mandarlo inviarlo mostrarlo renvoies envoies renvoyer renvoyez-moi schickst schicken
    sendest zeigst rappeler rappelez rappelle remind ricordare ricordarmi ricordatemi ricordami ricordate
    erinnern erinnert erinnere when quand quando wann ab laeuft does doing situe dans bin way moyen modo t moeglichkeit but mais ma aber als come comme piece pieces jointe jointes by par per email e-mail
    fate fare farmi fatemi vedere rivedere leggere consultare sapere dirmi ditemi com' finora
    koenntet konntet lesen ansehen anschauen nachlesen kriegen kriege krieg ueberhaupt bisher
    habe hab hast
    be kind so amabilite aimable assez gentile gentilmente cortese freundlich nett waeren waert
    seriez auriez sarebbe sareste cosi da rimandi mandi invii mostri rimandarmelo
    mandarmelo
    intanto frattempo nel meanwhile meantime entre-temps entre temps attendant inzwischen
    bien quest' year annee anno jahr jahres saison stagione season this cette
    got rispedire rispedirmi rispeditemi rispedisci rispediscimi rispedite rispediresti
    rispedireste rispedirmela rispedirmelo
    whose turn through
    m ve ll re che waiting wait on attendent attend aspettano aspetta aspetto warten wartet warte
    tocca dran remind rappelez-moi ricordatemi exist exists existe existent esiste esistono
    c'e existiert
    stand stood finish finished did do
    """
)
"""The words of asking, read only in a line that asks (:data:`ASKS`)."""

ASKS = _listed(
    """
    can could would will may pouvez pourriez peux pourrais peut pourrait potete potreste puoi
    potresti puo potrebbe kannst koennt koennen koennten koenntest kann konnt konnen konnten
    want need wish voudrais veux voulez souhaite souhaiterais aimerais besoin vorrei voglio
    bisogno moechte mochte brauche
    send resend show give envoyez renvoyez envoie renvoie montrez montre donnez donne listez
    elencatemi
    mandami rimandami inviami mandatemi rimandatemi inviatemi mandate rimandate inviate manda
    rimanda invia mostrami mostratemi schick schickt schicke sende sendet zeig zeigt zeige gebt
    gib
    please pls plz svp stp plait perfavore perpiacere bitte merci haette haettet posso potrei
    serait sarebbe mind chance rimandereste mandereste inviereste mostrereste renverriez
    enverriez montreriez wuerden wuerdest wuerdet
    aimerais voudrions serve servono fate fatemi faites koenntet konntet ditemi dirmi tell let prefer
    prefererais preferirei servirebbe servirebbero faudrait braeuchte
    rimandi mandi invii mostri rimanderesti manderesti invieresti mostreresti renvoies envoies
    schickst sendest zeigst allegato anhang attachment jointe
    kind amabilite aimable gentile gentilmente freundlich nett
    rispeditemi rispediscimi rispediresti rispedireste koennte
    """
)
"""Words that make a line a request: a modal, a wish, an imperative, "please"."""

_TOKEN = re.compile(r"[^\W\d_]+'?|\d")


_CHAT_WORDS = {"whats": "what's", "wheres": "where's", "grz": "grazie", "grazie1000": "grazie", "thx": "thanks", "tnx": "thanks", "ty": "thanks",
               "mrc": "merci", "mci": "merci", "dnk": "danke", "dk": "danke", "plz": "please",
               "pls": "please", "bjr": "bonjour", "slt": "salut", "cmq": "comunque",
               "xfavore": "perfavore"}  # fmt: skip
"""Chat and phone abbreviations of courtesy words in the four languages (a closed class)."""
_CHAT = re.compile(r"\b(?:" + "|".join(_CHAT_WORDS) + r")\b")


def _words(line: str) -> list[str]:
    folded = fold_word(line.replace("’", "'")).lower()
    folded = re.sub(
        r"\b(?:per|x)\s+(favore|piacere)\b", r"per\1", folded
    )  # not "grazie per l'aiuto"
    folded = _CHAT.sub(lambda m: _CHAT_WORDS[m[0]], folded)  # "grz", "thx", "mrc" (ninth round)
    # fold_word writes umlauts out ("ZÜGE" -> "zuege"); the lists hold both spellings
    return _TOKEN.findall(folded)


def _nouns() -> list[tuple[tuple[str, ...], Spoken]]:
    """Every command's nouns, as folded words, longest first."""
    return vocabulary().derived("request nouns", _build_nouns)


def _build_nouns() -> list[tuple[tuple[str, ...], Spoken]]:
    out = []
    for cmd in vocabulary():
        for phrases in cmd.nouns.values():
            for phrase in phrases:
                out.append((tuple(_words(phrase)), cmd))
    return sorted(out, key=lambda x: -len(x[0]))


def _nouns_at(word: str) -> list[tuple[tuple[str, ...], Spoken]]:
    """The nouns of :func:`_nouns` whose first word is ``word``, in the same order (longest
    first): a line's words are looked up, not compared with every noun (eleventh round)."""
    return vocabulary().derived("request nouns by first word", _build_nouns_at).get(word, [])


def _build_nouns_at() -> dict[str, list[tuple[tuple[str, ...], Spoken]]]:
    out: dict[str, list[tuple[tuple[str, ...], Spoken]]] = {}
    for phrase, cmd in _nouns():
        out.setdefault(phrase[0], []).append((phrase, cmd))
    return out


def is_noun(word: str) -> bool:
    """Is ``word`` a command's noun, or the first word of one (:attr:`Spoken.nouns`: "aider",
    "plateau", "Regeln")?"""
    folded = _words(word)
    return len(folded) == 1 and bool(_nouns_at(folded[0]))


def leads_on(word: str) -> bool:
    """Can ``word`` end a line in the middle of a sentence that goes on with a command's noun
    ("... vous pouvez me renvoyer le" / "plateau svp ?", "... the updated" / "standings please?",
    "... vous pouvez" / "m'aider ?")? An article, a possessive, a word of asking or around a noun,
    not courtesy ("... I hope we play again soon" / "history please" is two sentences)."""
    folded = _words(word)
    return len(folded) == 1 and folded[0] in (PLAIN | ASKING) - _COURTESY_ENDS


_COURTESY_ENDS = _listed(
    """please pls plz svp stp plait perfavore perpiacere bitte danke merci grazie thanks thank
    you mille beaucoup schoen hi hello hey yo bonjour salut coucou ciao buongiorno buonasera
    hallo moin servus ok okay now maintenant ora adesso jetzt too aussi anche auch"""
)


EDGES = _listed(
    """
    please pls plz svp stp s' il vous plait perfavore perpiacere bitte danke merci grazie thanks
    thank you mille beaucoup schoen hi hello hey bonjour salut coucou ciao buongiorno buonasera
    hallo moin servus ok okay alors so also bon allora well from now on desormais dorenavant
    """
)
"""Courtesy at either end of a whole-line phrase ("OK, I accept, thanks")."""


def _phrases() -> list[tuple[tuple[str, ...], Spoken]]:
    """Every command's whole-line phrases, as folded words (``*`` as ``zzslot``)."""
    return vocabulary().derived("request phrases", _build_phrases)


def _build_phrases() -> list[tuple[tuple[str, ...], Spoken]]:
    return [
        (tuple(_words(phrase.replace("*", "zzslot"))), cmd)
        for cmd in vocabulary()
        for phrases in cmd.phrases.values()
        for phrase in phrases
    ]


def _phrases_of_length() -> dict[int, list[tuple[tuple[str, ...], Spoken]]]:
    """:func:`_phrases` by their number of words, each length's in their order (eighteenth round:
    :func:`_phrase` tried every phrase at each line)."""
    return vocabulary().derived("request phrases by length", _build_phrases_of_length)


def _build_phrases_of_length() -> dict[int, list[tuple[tuple[str, ...], Spoken]]]:
    out: dict[int, list[tuple[tuple[str, ...], Spoken]]] = {}
    for phrase, cmd in _phrases():
        out.setdefault(len(phrase), []).append((phrase, cmd))
    return out


def _phrase(core: list[str]) -> tuple[Spoken, str] | None:
    """The command whose whole-line phrase ``core`` is, and the argument its ``*`` stands for."""
    for phrase, cmd in _phrases_of_length().get(len(core), ()):
        arg = ""
        for want, got in zip(phrase, core, strict=True):
            if want == "zzslot":
                arg = cmd.slot(got) or ""
                if not arg:
                    break
            elif want != got:
                break
        else:
            return cmd, arg
    return None


Asked = list[tuple[Spoken, str]]

_MEMO_MAX = 4096


def _per_line(read: Callable[[str], Asked]) -> Callable[[str], Asked]:
    """``read`` once for each line while the registered commands stay the same (a table of
    :meth:`Vocabulary.derived`, emptied at 4,096 lines): this module is pure, and a reply's
    lines are asked about again by each reader that tries them (nineteenth round). Each call
    gets a list of its own."""
    name = f"memo of {read.__name__}"

    @functools.wraps(read)
    def once(line: str) -> Asked:
        memo = vocabulary().derived(name, _new_memo)
        got = memo.get(line)
        if got is None:
            if len(memo) >= _MEMO_MAX:
                memo.clear()
            got = memo[line] = tuple(read(line))
        return list(got)

    return once


def _new_memo() -> dict[str, tuple[tuple[Spoken, str], ...]]:
    return {}


@_per_line
def requested(line: str) -> list[tuple[Spoken, str]]:
    """The commands ``line`` asks for in a sentence, in order, each with its argument (``[]``:
    it is no such request): a command's whole-line phrase (:attr:`Spoken.phrases`, courtesy
    aside), the nouns of the commands that change nothing among the words of asking (in one
    sentence of the line, the others remarks: "Mi rimandate il tabellone? Dal telefono non si
    vede bene"), or a command word with a sure argument after prose ("Je pars une semaine au
    ski, vacances 7 jours", "In vacanza fino a lunedì": :func:`said_later`)."""
    line = _POSTSCRIPT.sub("", line)  # "PS from now on please write to me in French"
    line = _FORMAL.sub(" please ", line)  # "I should be grateful if you would send me ..."
    line = _AT_LEISURE.sub(" please", line)  # "Send me my STATS when you can."
    line = _WHILE_WAITING.sub(" ", line)  # "While I wait for North, could you send me ..."
    line = _SAID_PLAINLY.sub(_plainly, line)
    line = _TO_SEE_WHERE.sub("", line)  # "..., que je voie où j'en suis."
    got = _requested(line)
    if got:
        return got
    if (please := _PLEASE_THEN.search(line)) is not None and _remark(line[please.end() :]):
        # "le plateau svp j'ai effacé le mail par erreur": the request, then why
        got = _requested(line[: please.end()])
        if got and not any(changes(cmd) for cmd, _arg in got):
            return got
    if (why := _REASON.search(line)) is not None and _remark(why["why"]):
        # "E mandatemi pure il tabellone che non ci capisco più niente": the reason for it
        got = _requested(line[: why.start()] + ("?" if "?" in why[0] else ""))
        if got and not any(changes(cmd) for cmd, _arg in got):
            return got
    if (
        (scope := _PURPOSE_END.search(line)) is not None
        and not _NEGATED_ANY.search(scope[0])
        and (scope["over"] is None or "?" in scope[0])
    ):
        # "Would you kindly send me my statistics for the games I have played?": the games of
        # the scope are no second request (ninth round)
        got = _requested(line[: scope.start()] + ("?" if "?" in scope[0] else ""))
        if got:
            return got
    sentences = [x for x in _SENTENCE.split(line) if x.strip()]
    if len(sentences) > 1 and _SCOPE_OF.match(" " + sentences[-1]) is not None:
        # "Potete scrivermi in italiano, per tutte le partite?": the scope of the sentence it
        # ends, split from it at its comma (the pattern holds to the end; seventeenth round)
        sentences[-2:] = [f"{sentences[-2]} {sentences[-1]}"]
    greeted = (
        bool(sentences)
        and (g := _GREETING.match(sentences[0])) is not None
        and g.end() >= len(sentences[0])
    )
    asked_it = sentences[1:] if greeted else sentences  # ("Guten Tag," a sentence of its own)
    if (
        len(asked_it) == 2
        and "?" in asked_it[0]
        and (send := _words(asked_it[1]))
        and all(w in _SEND_IT for w in send)
        and (asked_first := requested(asked_it[0]))
        and not any(changes(cmd) for cmd, _arg in asked_first)
    ):
        # "Wie sieht eigentlich meine Statistik über alle Partien aus? Bitte zuschicken.": the
        # thing asked about, then a bare "send it" (seventeenth round)
        return asked_first
    if len(sentences) > 1:
        # Only the commands that change nothing: "Ich nehme an, dass du recht hast" is no vote.
        asked = [
            (k, r)
            for k, x in enumerate(sentences)
            if (r := _requested(x))
            and not any(changes(cmd) for cmd, _arg in r)
            and (_asks(x, " ".join(sentences[k:])) or _deadline_asked(x, r))
        ]
        others = [x for k, x in enumerate(sentences) if k not in {k for k, _r in asked}]
        # one request, or the same said twice ("Wie sieht jetzt die Rangliste aus? Bitte
        # STANDINGS schicken.")
        if asked and all(r == asked[0][1] for _k, r in asked) and all(_remark(x) for x in others):
            after = asked[-1][0] + 1
            if (
                after < len(sentences)
                and (more := _joined_after(sentences[after], asked[0][1]))
                and all(
                    all(w in PLAIN or w in _CURIOUS for w in _words(x))
                    for x in sentences[after + 1 :]
                )
            ):
                # "Envoyez-moi la feuille de partie s'il vous plaît, et mes statistiques aussi,
                # par curiosité": a second thing asked, joined to the request (seventeenth round)
                return [*asked[0][1], *more]
            return asked[0][1]
        if (
            len(asked) > 1
            and all(_asks_alone(sentences[k]) for k, _r in asked)
            and all(_remark(x) for x in others)
        ):
            # "Could I have the game record for the newsletter, and the updated STANDINGS?":
            # several things asked for, each sentence asking on its own
            out: list[tuple[Spoken, str]] = []
            for _k, r in asked:
                out.extend(x for x in r if x not in out)
            return out
        if not asked and (named := _asked_by_pronoun(sentences)):
            return named
        if not asked and (answered := _vote_answered(sentences)):
            return answered
    got = (
        said_later(line)
        or leave_in_words(line)
        or leave_asked_after(line)
        or my_games_paused(line)
        or back_in_words(line)
        or mail_in_words(line)
        or _help_then_confused(line)
        or pause_in_words(line)
        or vote_in_words(line)
        or resign_in_words(line)
        or typed_after_prose(line)
        or asked_in_frame(line)
        or leave_announced(line)
        or language_instead(line)
    )
    if any(cmd.kind == "vacation" for cmd, _arg in got) and clock_spoken_against(line):
        return []
    return got


def clock_spoken_against(line: str) -> bool:
    """Does ``line``, which says a leave, speak of the player's clock otherwise than asking
    plainly to stop it for that leave (:func:`_leave_clause_asked`): denied, asked about, put
    off or given another length ("I'm away for ten days. Please don't stop my clock.", "Est-ce
    que vous bloquez mon temps automatiquement ?", "Bitte meine Uhr anhalten, aber erst ab
    Montag", "Please stop my clock for a week" after "until Sunday"; eighteenth round)? The
    clauses beside the request may only be courtesy or a remark (a reason without network
    aside: "non riuscirò a giocare"); those before it say the leave, read by the leave's own
    readers."""
    from pbem.mail.reply import is_courtesy

    for sentence in _SENTENCE_CUT.split(line):
        clauses = [c for c in re.split(r"\s*[,;:]\s+|\s+[-–—]\s+", sentence) if c.strip()]
        held = [k for k, c in enumerate(clauses) if _clock_held(c)]
        if not held:
            continue
        for k, clause in enumerate(clauses[held[0] :], start=held[0]):
            # (the clauses before the request say the leave: its readers' own)
            if k in held:
                end = _leave_clause_asked(clause.strip(" .!"))
                if end is None or end[0] == "length":
                    return True
            elif "?" in clause or not (
                is_courtesy(clause) or _aside(without_offline(clause).strip(" .!"))
            ):
                return True
    return False


_REASON = re.compile(
    r"(?i)\s*,?\s+(?:because|as|since|cause|['’]cause|parce\s+qu(?:e|['’])|car|puisque|vu\s+que"
    r"|che|perch[ée]|visto\s+che|dato\s+che|siccome|weil|denn|da)\s+(?P<why>[^\d?]{3,80}?)[.!?]*$"
)
"""The reason given after a request ("... il tabellone che non ci capisco più niente", "... the
board because I can't see the picture", "... le plateau car je ne vois rien", "... das Brett,
weil ich nichts sehe"; issue 31, tenth round): no figure, a remark (:func:`_remark`)."""
_AT_LEISURE = re.compile(
    r"(?i)\s*,?\s*(?<![\w'’])(?:when(?:ever)?\s+you\s+(?:can|get\s+(?:a\s+)?(?:chance|moment|minute)"
    r"|have\s+(?:a\s+)?(?:moment|minute|time)|get\s+round\s+to\s+it)|at\s+your\s+convenience"
    r"|no\s+rush|quand\s+(?:vous\s+pourrez|tu\s+pourras|vous\s+avez\s+(?:un\s+moment|le\s+temps)"
    r"|tu\s+as\s+(?:un\s+moment|le\s+temps))|quand\s+vous\s+aurez\s+(?:un\s+moment|le\s+temps)"
    r"|(?:rien\s+ne\s+)?presse|quando\s+(?:potete|puoi|avete\s+(?:un\s+attimo|tempo)|hai\s+(?:un\s+attimo"
    r"|tempo))|con\s+calma|senza\s+fretta|wenn\s+(?:ihr|du|sie)\s+(?:zeit\s+(?:habt|hast|haben)|k(?:ö|oe)nnt"
    r"|kannst|k(?:ö|oe)nnen|dazu\s+komm(?:t|st|en))|keine\s+eile|ohne\s+eile)(?![\w'’])"
)
"""A request's "whenever convenient" ("Send me my STATS when you can", "quand vous aurez un
moment", "quando potete", "wenn ihr Zeit habt"; issue 31, tenth round): courtesy, not a question
of when."""
_WHILE_WAITING = re.compile(
    r"(?i)^\W*(?:while|whilst|pendant\s+que|en\s+attendant(?:\s+que)?|mentre|nell['’]attesa(?:\s+che)?"
    r"|w(?:ä|ae)hrend|solange)\s+(?:i|j['’]|je|io|ich)?\s*(?:wait|am\s+waiting|attends|aspetto"
    r"|warte|auf\s+\w+\s+warte)\b[^,;:.!?]{0,30}[,;:]"
)
"""What the player does meanwhile, before the request ("While I wait for North, could you send me
the history?", "Pendant que j'attends Nord, ...", "Mentre aspetto Nord, ...", "Während ich auf
Nord warte, ..."): not the "wait" of a correction."""


_PLAINLY = {
    "where": r"where\s+does\s+(?:that|this)\s+leave\s+me",
    "now": r"these\s+days",
    "c'est": r"c\s+est",
    "have I": r"(?:have\s+i\s+got|i['’]?ve\s+got|have\s+i)\s+set",
    "whose turn": r"whose\s+turn\s+it\s+is(?:\s+in\s+each(?:\s+one)?)?",
}
_SAID_PLAINLY = re.compile(
    r"(?i)(?<![\w'’])(?:" + "|".join(f"(?P<g{k}>{p})" for k, p in enumerate(_PLAINLY.values()))
    + r")(?![\w'’])"
)  # fmt: skip
"""Phrases of a request said in the words the lists read (fourteenth round): "Where does that
leave me in the ratings?" asks where the player is, "these days" is now, "c est" (a phone's
missing apostrophe) is "c'est", the orders "I've got set" are the ones I have, "whose turn it
is in each" beside the player's games asks for them."""


def _plainly(m: re.Match[str]) -> str:
    """The words :data:`_PLAINLY` gives for the phrase ``m`` found."""
    return list(_PLAINLY)[int(next(k for k, v in m.groupdict().items() if v is not None)[1:])]


_SCOPE_OF = re.compile(
    r"(?i)\s*,?\s+(?:(?:sur|dans|pour|de)\s+(?:l['’]ensemble\s+de\s+|toutes\s+)?mes\s+parties"
    r"|(?:over|across|in|for)\s+(?:all\s+(?:of\s+)?)?my\s+games|(?:su|in|per|di)\s+tutte\s+le\s+mie"
    r"\s+partite|for\s+all\s+(?:of\s+)?(?:the\s+)?games|pour\s+toutes\s+les\s+parties"
    r"|(?:su|in|per)\s+tutte\s+le\s+partite|f(?:ü|ue)r\s+alle\s+(?:partien|spiele)|(?:(?:ü|ue)ber|in|aus|f(?:ü|ue)r)\s+(?:alle|allen)\s+meine[n]?\s+(?:partien|spiele[n]?)"
    r"|apr[èe]s\s+mon\s+coup|after\s+my\s+(?:move|turn)|dopo\s+la\s+mia\s+mossa"
    r"|nach\s+meinem\s+zug|(?:zum|am)\s+saisonende|(?:[àa]\s+la\s+)?fin\s+de\s+(?:la\s+)?saison"
    r"|a\s+fine\s+stagione|at\s+the\s+end\s+of\s+the\s+season"
    r"|(?:while\s+i(?:['’]m)?\s+wait(?:ing)?|en\s+attendant|pendant\s+que\s+j['’]attends"
    r"|mentre\s+aspetto|nell['’]attesa|w(?:ä|ae)hrend\s+ich)[^\d,;:.!?]{0,30})(?=\s*[?.!,;:]*\s*$)"
)
"""The scope that ends a request for a thing that changes nothing: over all the player's games
("mon bilan sur toutes mes parties ?", "le mie statistiche su tutte le mie partite"), after
the move just played ("revoir le plateau après mon coup ?"), at the season's end ("die
Rangliste zum Saisonende"), while the player waits ("il tabellone mentre aspetto il mio
turno?"; twelfth round): not a second thing asked ("parties" is GAMES' noun)."""
_PLEASE_THEN = re.compile(
    r"(?i)(?<![\w'’])(?:svp|stp|s['’]il\s+(?:vous|te)\s+pla[iî]t|please|pls|plz|bitte"
    r"|per\s+favore|perfavore)\s+(?=[^\W\d_])"
)
"""Courtesy that ends a request with more words after it and no punctuation between ("le
plateau svp j'ai effacé le mail par erreur"; twelfth round): the words after it are a remark."""


_VOTE_FOR = re.compile(
    r"(?i)(?<![\w'’])(?:i\s+(?:accept|agree)|accept(?:ed)?|agreed|i['’]?m\s+(?:in\s+favou?r|for\s+it"
    r"|ok\s+with\s+(?:it|that|the\s+(?:pause|break|proposal|undo)))|i\s+vote\s+(?:yes|for|in\s+favou?r)"
    r"|(?:ok|okay|fine|happy)\s+with\s+(?:the|a)\s+(?:pause|break|proposal|undo)|yes\s+to\s+the"
    r"\s+(?:pause|break|proposal|undo)"
    r"|j['’]accepte|accept[ée]e?|je\s+suis\s+d['’]accord|d['’]accord\s+pour|je\s+vote\s+(?:pour|oui)"
    r"|je\s+suis\s+pour|oui\s+(?:à|a|pour)\s+la\s+(?:pause|proposition)"
    r"|(?:io\s+)?accetto|sono\s+d['’]accordo|voto\s+(?:s[iì]|a\s+favore|per\s+la)|sono\s+favorevole"
    r"|(?:va|andrebbe)\s+bene\s+(?:la\s+(?:pausa|proposta)|l['’]annullamento)|s[iì]\s+alla\s+(?:pausa|proposta)"
    r"|ich\s+(?:bin\s+)?einverstanden|einverstanden|ich\s+stimme\s+(?:zu|daf[üu]r)|ich\s+bin\s+daf[üu]r"
    r"|ja\s+zu[rm]?\s+(?:pause|vorschlag)|ich\s+nehme\s+(?:den\s+vorschlag\s+)?an)(?![\w'’])"
)
_VOTE_AGAINST = re.compile(
    r"(?i)(?<![\w'’])(?:i\s+(?:decline|refuse)|declined?|i\s+vote\s+(?:no|against)|i['’]?m\s+against"
    r"|against\s+the\s+(?:pause|break|proposal|undo)|no\s+to\s+the\s+(?:pause|break|proposal|undo)"
    r"|i\s+(?:don['’]?t|do\s+not)\s+agree"
    r"|je\s+refuse|je\s+vote\s+(?:contre|non)|je\s+suis\s+contre|contre\s+la\s+(?:pause|proposition)"
    r"|non\s+(?:à|a)\s+la\s+(?:pause|proposition)|je\s+ne\s+suis\s+pas\s+d['’]accord|pas\s+d['’]accord"
    r"|(?:io\s+)?rifiuto|voto\s+(?:no|contro)|sono\s+contrari[oa]|contro\s+la\s+(?:pausa|proposta)"
    r"|no\s+alla\s+(?:pausa|proposta)|non\s+sono\s+d['’]accordo"
    r"|ich\s+lehne\s+(?:den\s+vorschlag\s+)?ab|ich\s+bin\s+dagegen|ich\s+stimme\s+dagegen"
    r"|ich\s+bin\s+gegen\s+die\s+(?:pause|unterbrechung)|gegen\s+die\s+pause"
    r"|nein\s+zu[rm]?\s+(?:pause|vorschlag)|nicht\s+einverstanden)(?![\w'’])"
)
_VOTE_NOT_NOW = re.compile(
    r"(?i)(?<![\w'’])(?:if|unless|whether|only|maybe|perhaps|probably|would|si|sauf|seulement"
    r"|peut[-\s]?[êe]tre|sans\s+doute|se|solo|soltanto|forse|magari|tranne|wenn|falls|sofern|nur"
    r"|vielleicht|wohl|w[üu]rde|ob|not\s+sure|pas\s+s[ûu]r|non\s+so|wei[ßs]\s+nicht|later|plus\s+tard"
    r"|pi[ùu]\s+tardi|sp[äa]ter|you|vous|tu|toi|voi|ihr|du|he|she|elle|lui|er|sie)(?![\w'’])"
)
"""What makes a vote said in words no vote of the player's now: a condition, a doubt, a later
time, or someone else ("if it's one week", "peut-être", "vielleicht später", "you agree")."""
_VOTE_OBJECT = _listed(
    "pause break proposal proposition undo annulation pausa proposta annullamento vorschlag"
    " unterbrechung pausieren pausare pauser fermer stop"
)


def vote_in_words(line: str) -> list[tuple[Spoken, str]]:
    """ACCEPT or DECLINE said in words (issue 31, ninth round): "ok with the pause, accept",
    "Je vote contre la pause.", "per me va bene la pausa, accetto", "Ich bin gegen die Pause.",
    "i vote no on the pause, sorry". Exactly one side is said, in a line with no question, no
    figure, no condition, doubt, later time or other person, that names the proposal (its
    pause, undo, proposal) or says nothing but the answer and courtesy. ("I agree with you that
    M13 was strong" is no vote; "I'd accept if we pause only a week" asks.)"""
    from pbem.mail.reply import strip_please

    if len(line) > PROSE_MAX or "?" in line or any(c.isdigit() for c in line):
        return []
    said_for = list(_VOTE_FOR.finditer(line))
    said_against = list(_VOTE_AGAINST.finditer(line))
    if bool(said_for) == bool(said_against) or _VOTE_NOT_NOW.search(line):
        return []
    if said_for and _NEGATED_ANY.search(line):
        return []  # ("No problem" is read elsewhere: a negation beside ACCEPT asks here)
    found = said_for or said_against
    rest = line
    for m in reversed(found):
        rest = rest[: m.start()] + " " + rest[m.end() :]
    left = [w for w in _words(strip_please(rest)) if w not in PLAIN]
    if not _VOTE_OBJECT.intersection(_words(line)) and left:
        return []  # "I agree with Anna" / "Je suis d'accord avec toi"
    kind = "accept" if said_for else "decline"
    cmd = vocabulary().commands.get(kind)
    return [(cmd, "")] if cmd is not None else []


_CONFUSED = re.compile(
    r"(?i)(?<![\w'’])(?:je\s+(?:ne\s+)?comprends\s+(?:rien|pas|plus\s+rien)|j['’]ai\s+(?:rien|pas)"
    r"\s+compris|je\s+suis\s+perdue?|non\s+(?:ci\s+)?capisco|non\s+ho\s+capito|sono\s+confus[oa]"
    r"|ich\s+versteh[e']?\s+(?:nix|nichts|das\s+nicht|nicht)|ich\s+bin\s+verwirrt"
    r"|i\s+(?:don['’]?t|do\s+not)\s+(?:understand|get\s+it)|i['’]?m\s+(?:lost|confused))(?![\w'’])"
)
"""A player who does not understand ("je comprends rien aux rotations", "non capisco", "ich
versteh nix", "I don't understand"): the reason of a request for HELP after it."""


def _help_then_confused(line: str) -> list[tuple[Spoken, str]]:
    """HELP asked, then why, with no punctuation between ("Aidez-moi svp je comprends rien aux
    rotations", "Help please I don't understand the rotations"): the request before the words of
    not understanding is HELP alone, and the reason holds no figure."""
    m = _CONFUSED.search(line)
    if m is None or m.start() == 0 or any(c.isdigit() for c in line) or len(line) > PROSE_MAX:
        return []
    got = _requested(line[: m.start()])
    return got if [cmd.kind for cmd, _arg in got] == ["help"] else []


def changes(cmd: Spoken) -> bool:
    """Does asking for ``cmd`` in a sentence change the game (STANDING's nouns only show the
    orders: :attr:`Spoken.asked`)?"""
    return bool(getattr(cmd, "changes_game", False)) and not cmd.asked


_PURPOSE_END = re.compile(
    r"(?i)(?<!\s)\s+(?:for|pour|per|f(?:ü|ue)r|(?P<over>across|over|sur|su|(?:ü|ue)ber))\s+"
    r"[^\W\d][^\d,.;:!?]{0,40}[?.!]*\s*$"
)
"""A purpose or scope that ends a request ("... for the games I have played?"); a scope "over"
them ("le mie statistiche su tutte le partite che ho giocato?"; thirteenth round) only in a
question (:func:`requested`): "Mes statistiques sur toutes mes parties sont nulles." is none."""

_FORMAL = re.compile(
    r"(?i)(?<![\w'’])(?:i\s+(?:should|would|'d)\s+be\s+(?:very\s+|most\s+|so\s+)?(?:grateful|obliged)\s+if"
    r"\s+you\s+(?:would|could)(?:\s+kindly)?|i\s+(?:should|would)\s+appreciate\s+it\s+if\s+you"
    r"\s+(?:would|could)|i\s+should\s+like\s+to\s+(?:have|receive|get)|je\s+vous\s+prie\s+de"
    r"|je\s+vous\s+serais\s+(?:tr[èe]s\s+)?(?:reconnaissante?|oblig[ée]e?)\s+de|(?:de\s+)?bien\s+vouloir"
    r"|veuillez|voudriez-vous|auriez-vous\s+l['’]obligeance\s+de"
    r"|vi\s+(?:prego|pregherei)\s+di|vi\s+sarei\s+(?:molto\s+)?grat[oa]\s+se\s+(?:poteste|voleste)"
    r"|ich\s+bitte\s+(?:sie\s+)?(?:um|darum)|ich\s+w(?:ä|ae)re\s+(?:ihnen\s+|euch\s+)?(?:sehr\s+)?"
    r"dankbar,?\s+wenn\s+(?:sie|ihr)|h(?:ä|ae)tten\s+sie\s+die\s+g(?:ü|ue)te)(?![\w'’])"
)
"""The formulas of a formal letter that ask ("I should be grateful if you would send me ...",
"je vous prie de", "vi prego di", "ich bitte um Zusendung ..."; ninth round): read as "please"."""

_POSTSCRIPT = re.compile(
    r"^\s*(?:P\.?\s?P\.?\s?S|p\.\s?p\.\s?s|p\.\s?s|PS|Ps|ps|N\.\s?B|NB)\.?(?:\s*[:.\-–—]\s*|\s+)(?=\S)"
)
"""A postscript's mark before a request ("PS from now on please write to me in French", "NB:
...", "P.S. ..."; eighth round)."""


_ACCEPTING = _listed(
    """accept accepte accepter accetto accetta accettare annehmen nehme stimme zu agree accord
    ok okay va bene einverstanden"""
)


def _vote_answered(sentences: list[str]) -> list[tuple[Spoken, str]]:
    """ACCEPT or DECLINE said as a whole sentence beside sentences that agree with it (eighth
    round: "Fine by me, let's pause. I accept.", "Per me va bene, accetto la proposta.", "Non
    merci, je refuse la proposition, je préfère continuer.", "Nein danke, ich lehne den Vorschlag
    ab."): exactly one sentence is the answer's phrase; beside ACCEPT no sentence denies, takes
    back or asks; beside DECLINE none doubts or names accepting ("I accept that I made a
    mistake, but no pause" is neither)."""
    from pbem.commands.retraction import is_take_back
    from pbem.mail.reply import denies, is_correction

    answers = [
        (k, got)
        for k, x in enumerate(sentences)
        if (got := _requested(x)) and all(c.kind in ("accept", "decline") for c, _a in got)
    ]
    if len(answers) != 1 or len(answers[0][1]) != 1:
        return []
    at, got = answers[0]
    kind = got[0][0].kind
    if at + 1 < len(sentences) and _words(sentences[at + 1])[:1] in _SUBORDINATE:
        return []  # "Ich nehme an, dass du recht hast": a verb of thinking, not the answer
    for k, x in enumerate(sentences):
        if k == at:
            continue
        words = _words(x)
        if any(c.isdigit() for c in x) or is_take_back(x):
            return []
        if kind == "accept" and ("?" in x or denies(x.split()) or is_correction(x)):
            return []
        if kind == "decline" and (_ACCEPTING & set(words) or _DOUBTING & set(words)):
            return []
    return got


_SUBORDINATE = [
    [w]
    for w in (
        "dass",
        "dass",
        "ob",
        "que",
        "qu'",
        "che",
        "whether",
        "if",
        "si",
        "se",
        "wenn",
        "falls",
        "wie",
        "comme",
        "come",
    )
]

_DOUBTING = _listed(
    """maybe perhaps sure not-sure if unless but peut-etre sur si sauf mais forse sicuro se
    tranne ma vielleicht sicher wenn falls ausser aber know sais so weiss"""
)


_AGAIN = _listed("again encore nouveau ancora nochmal nochmals erneut wieder")


def _asks(sentence: str, onwards: str) -> bool:
    """Does ``sentence`` (a clause of a longer line, ``onwards`` the line from it on) ask? A noun
    alone among other clauses is their topic ("The board, I don't care about"), not a request: a
    question mark ending its sentence ("Et le CLASSEMENT, ça donne quoi maintenant ?"), a word
    of asking (:data:`ASKS`) or "again" says it is one ("Le plateau svp, je ne vois rien",
    "Board again, can't see it")."""
    words = set(_words(sentence))
    if words & (ASKS | _AGAIN | _IMPERATIVE):
        return True
    end = re.search(r"[.!?]", onwards)
    clause = _words(onwards[len(sentence) : end.start() if end is not None else len(onwards)])
    if clause and all(w in _PLEASE for w in clause):
        return True  # "Le mie statistiche, per favore." (eleventh round)
    if end is None or end.group() != "?":
        return False
    # the question the noun's sentence is the topic of: not one about it ("La feuille de partie,
    # vous la gardez combien de temps ?", "The rules, why are they so long?"; eleventh round)
    return not _ABOUT_IT.intersection(_words(onwards[: end.end()]))


def _deadline_asked(sentence: str, got: list[tuple[Spoken, str]]) -> bool:
    """Is ``sentence`` the question of when the player's deadline runs out ("Wann läuft
    eigentlich meine Frist ab?", "When does my deadline expire?"; eighteenth round), read as
    GAMES, which shows it? Its "when" asks for what GAMES answers, not about the thing."""
    words = set(_words(sentence))
    return (
        [cmd.kind for cmd, _arg in got] == ["games"]
        and sentence.rstrip().endswith("?")
        and bool(_WHEN & words)
        and bool(_MY_CLOCK & words)  # the player's own ("for Paul" is someone else's)
        and not _FOR & words
    )


def asked_about(cmd: Spoken, rest: str) -> bool:
    """Is ``rest``, after the noun of a command that changes nothing, a question about the thing
    rather than for it ("Le classement, il est mis à jour quand exactement ?", "The history, how
    long do you keep it?"; eleventh round): a question with a word of :data:`_ABOUT_IT`."""
    rest = _AT_LEISURE.sub(" ", rest)  # ("Le plateau quand vous pourrez ?" asks for it)
    return (
        "?" in rest
        and bool(cmd.nouns)
        and not changes(cmd)
        and bool(_ABOUT_IT.intersection(_words(rest)))
    )


_PLEASE = _listed("please pls plz svp stp s' il vous plait perfavore perpiacere bitte schoen")
_ABOUT_IT = _listed(
    """long why when combien pourquoi quand quanto quanta quanti quante perche
    perché quando lange wieviel wieviele warum wann weshalb wieso keep kept store
    stored gardez garde conservez conserve tenete tenuto conservate conservato behaltet
    aufbewahrt speichert gespeichert count counts compte comptent conta contano zaehlt zaehlen"""
)
"""The words of a question about a thing rather than for it (how long, why, when, kept,
counted; not "updated": "and the updated STANDINGS?" asks for them)."""


def _asks_alone(sentence: str) -> bool:
    """Does ``sentence`` ask by itself: its own question mark, a word of asking
    (:data:`ASKS`), or the command's word in capitals ("and the updated STANDINGS?")?"""
    words = set(_words(sentence))
    shouted = any(
        w.isupper() and len(w) > 2 and vocabulary().lookup(w) is not None
        for w in re.findall(r"[^\W\d_]+", sentence)
    )
    return "?" in sentence or bool(words & (ASKS | _IMPERATIVE)) or shouted


_IT = _listed("it them one le la les l' lo li gli ne es sie ihn ihm")
"""Object pronouns: "vous pouvez me le renvoyer ?" asks for what the sentence before named."""


_BEFORE_I_PLAY = re.compile(
    r"(?i)(?<![\w'’])(?:avant\s+(?:que\s+je\s+(?:ne\s+)?joue|de\s+jouer)|before\s+i\s+(?:play|move)"
    r"|prima\s+(?:che\s+io\s+giochi|che\s+giochi|di\s+giocare)|bevor\s+ich\s+(?:ziehe|spiele))"
    r"(?![\w'’])"
)
"""When the thing asked is wanted: before the player's turn ("Vous pouvez me les renvoyer avant
que je joue ?", "Could you send them before I play?"; fifteenth round)."""


_THEN_I_PLAY = re.compile(
    r"(?i)^\W*(?:poi|dopo|then|after\s+that|ensuite|puis|apr[èe]s|dann|danach)\s+(?:gioco|muovo"
    r"|i['’]ll\s+(?:play|move)|i\s+(?:play|move)|je\s+(?:joue|jouerai)|spiele\s+ich|ziehe\s+ich)"
    r"(?:\s+(?:subito|right\s+away|straight\s+away|tout\s+de\s+suite|directement|sofort|gleich))?"
    r"\W*$"
    # the move promised once the thing asked is read ("Je jouerai mon coup après les avoir lues.";
    # eighteenth round)
    r"|^\W*(?:je\s+jouerai|je\s+joue|i['’]ll\s+(?:play|move)|i\s+will\s+(?:play|move)|gioco|giocher[òo]"
    r"|ich\s+(?:ziehe|spiele))(?:\s+(?:mon\s+coup|my\s+move|my\s+turn|la\s+mia\s+mossa|meinen\s+zug))?"
    r"\s+(?:apr[èe]s\s+(?:les|la|le|l['’])\s*avoir\s+lue?s?|after\s+(?:reading|i['’]ve\s+read)\s+(?:it|them)"
    r"|dopo\s+averl[aeio]\s+lett[aeio]|nachdem\s+ich\s+(?:sie|es)\s+gelesen\s+habe)\W*$"
)
"""The player's move promised after the thing asked ("Poi gioco subito.", "Then I'll play right
away."): no second request, no move now."""


def _asked_by_pronoun(sentences: list[str]) -> list[tuple[Spoken, str]]:
    """A request of the last sentence by a pronoun, for the one thing (of a command that changes
    nothing) the sentence before names ("Je ne vois pas bien le plateau sur mon téléphone, vous
    pouvez me le renvoyer ?", "Is there a player guide somewhere? Could you send it?")."""
    while len(sentences) > 2 and (
        _THEN_I_PLAY.match(sentences[-1]) or not _words(_BEFORE_I_PLAY.sub(" ", sentences[-1]))
    ):
        # "Me lo rimandate? Poi gioco subito." (seventeenth round); "Könnt ihr sie mir bitte
        # schicken, bevor ich ziehe?": the clause of when, its question the request's
        ask = "?" if "?" in sentences[-1] and not _THEN_I_PLAY.match(sentences[-1]) else ""
        sentences = [*sentences[:-2], sentences[-2] + ask]

    if len(sentences) < 2:
        return []
    last = _words(_BEFORE_I_PLAY.sub(" ", sentences[-1]))
    if not last or not _IT & set(last) or not ("?" in sentences[-1] or ASKS & set(last)):
        return []
    if not all(w in PLAIN or w in ASKING or w in _IT for w in last):
        return []
    # the whole sentence before, its clauses together ("gibt es irgendwo eine Anleitung, wie das
    # Spielen per Mail funktioniert? Könnt ihr sie mir schicken?"; twelfth round)
    said = _SENTENCE_END.split(" ".join(sentences[:-1]).strip())[-1]
    before = _words(said)
    if any(w.isdigit() for w in before) or not _remark(said):
        return []
    found = {
        cmd
        for i in range(len(before))
        for phrase, cmd in _nouns_at(before[i])
        if tuple(before[i : i + len(phrase)]) == phrase and not changes(cmd)
    }
    return [(found.pop(), "")] if len(found) == 1 else []


_SENTENCE = re.compile(r"(?<=[.?!,;:])\s+|(?<!\s)\s+[-–—]\s+")


_YEAR = re.compile(
    r"(?i)(?<![\w'’])(?:since|in|from|depuis|en|dal|nel|dal|seit|im|ab)\s+(?:19|20)\d\d(?![\w'’])"
)
"""A year in a remark ("Ich spiele seit 2009", "I've played since 1998"; eleventh round): no
figure of a move."""


_WHERE_WRONG = re.compile(
    r"(?i)(?<![\w'’])(?:(?:where|what|how)\s+i\s+went\s+wrong|(?:where|what)\s+i\s+messed\s+up"
    r"|(?:o[ùu]|comment|quand)\s+(?:je\s+me\s+suis\s+tromp[ée]e?|j['’]\s*ai\s+(?:fait\s+(?:une\s+|des\s+)?"
    r"erreurs?|rat[ée]|d[ée]rap[ée]|perdu))"
    r"|(?:dove|cosa|come|quando)\s+(?:ho\s+sbagliato|ho\s+fatto\s+(?:l['’]\s*)?errore|ho\s+perso)"
    r"|wo\s+ich\s+(?:falsch\s+lag|fehler\s+gemacht\s+habe|mich\s+vertan\s+habe|verloren\s+habe"
    r"|danebenlag))(?![\w'’])"
)
"""Where the player went wrong in the game, as what a record asked for is for ("Voglio rivedere
dove ho sbagliato con il drago", "pour voir où je me suis trompé"): the past of the play, never a
correction of the request (seventeenth round)."""


_TO_SEE_WHERE = re.compile(
    r"(?i)\s*,?\s*(?<![\w'’])(?:que\s+je\s+voie|pour\s+(?:que\s+je\s+voie|voir)|(?:just\s+)?to\s+see"
    r"|per\s+vedere|(?:damit|dass)\s+ich\s+sehe|um\s+zu\s+sehen)\s*,?\s+(?:o[uù]\s+j['’]\s*en\s+suis"
    r"|o[uù]\s+je\s+me\s+situe|where\s+i\s+stand|how\s+i['’]?m\s+doing|come\s+sto(?:\s+messo|\s+messa)?"
    r"|a\s+che\s+punto\s+sono|dove\s+sono|wo\s+ich\s+stehe)(?![\w'’])(?=\s*[.!?]*\s*$)"
)
"""Why the standings or the statistics are asked, at the end of the request ("Et le classement
aussi, que je voie où j'en suis.", "just to see where I stand", "per vedere come sto", "damit
ich sehe, wo ich stehe"; eighteenth round): the purpose, read past."""
_CURIOUS = _listed(
    """par pour per for out of aus just juste curiosite curiosita curiosity neugier interesse
    interest fun plaisir piacere spass info information informazione"""
)
"""Why a second thing is asked, the only words that may follow it ("par curiosité", "just out
of curiosity", "per curiosità", "aus Neugier")."""


_SEND_IT = _listed(
    """please pls plz svp stp s' il vous plait bitte per favore perfavore danke merci grazie
    thanks send it over me mail email zuschicken schicken zusenden senden mailen mir mal doch
    envoyez envoyer renvoyez envoie moi la le me mandate mandatemela mandatemelo mandatela
    mandatelo inviatemela inviatemelo inviate mandami mandamela mandamelo"""
)
"""A bare "send it" after a question about a thing ("Bitte zuschicken.", "Send it over
please.", "Envoyez-la-moi svp.")."""


def _joined_after(text: str, got: list[tuple[Spoken, str]]) -> list[tuple[Spoken, str]]:
    """A second thing that changes nothing, asked in the part after a request by "and" and its
    concept alone ("..., et mes statistiques aussi, ...", "..., and my stats too"): ``[]`` when
    the part is anything else, denies, doubts or speaks of the past."""
    words = _words(text)
    folded = " ".join(words)
    if (
        len(words) < 2
        or words[0] not in _JOINERS
        or "?" in text
        or any(c.isdigit() for c in text)
        or _DENIED.search(folded)
        or _CONDITION.search(folded)
        or _FRAME_PAST.search(folded)
    ):
        return []
    rest = words[1:]
    at = next((k for k in range(len(rest)) if _concept_at(rest, k) is not None), None)
    if at is None:
        return []
    size, cmd = _concept_at(rest, at) or (0, None)
    if cmd is None or changes(cmd) or any(cmd is c for c, _arg in got):
        return []
    if not all(w in PLAIN for w in rest[:at] + rest[at + size :]):
        return []  # "..., and my stats would be nice to have": only its concept and plain words
    return [(cmd, "")]


_SORRY_FIRST = re.compile(
    r"(?i)^(?:\W*(?:sorry|oops|scusate(?:mi)?|scusa(?:mi)?|pardon|d[ée]sol[ée]e?|excusez(?:-moi)?"
    r"|oups|entschuldigung|entschuldigt|hoppla)(?![\w'’])[\s,.!:;]*)+"
)


def _remark(text: str) -> bool:
    """A sentence beside a request that changes nothing of it: no figure (a move), no taking
    back ("never mind", "laisse tomber"), no noun of another command."""
    from pbem.commands.retraction import is_take_back
    from pbem.mail.reply import is_correction

    if any(c.isdigit() for c in _YEAR.sub(" ", text)):
        return False
    if _JUST_WANTED.search(text) and not is_take_back(text):
        # "volevo solo vedere la situazione": what the player came for, no move meant
        return _NEVER_MIND.search(text) is None
    if text.rstrip().endswith("?") and not is_take_back(text):
        # "Was ist denn jetzt schon wieder falsch??": a question beside a request asks, it
        # corrects nothing
        return _NEVER_MIND.search(text) is None
    if _words(text) and all(w in _EXCUSE or w in PLAIN for w in _words(text)):
        return True  # "Scusate, potreste rimandarmi il tabellone?", "Actually, could I ..."
    text = _BY_MISTAKE.sub(" ", text)  # "I deleted the mail by mistake": no correction
    text = _WHERE_WRONG.sub(" ", text)  # "Voglio rivedere dove ho sbagliato": no correction
    text = _SORRY_FIRST.sub("", text)  # "Scusate, non trovo più l'elenco ...": the negation first
    negated = _NEGATED.match(text)
    if negated is not None:
        # "Non le ho capite bene": a sentence that starts with a negation takes nothing back
        if is_take_back(text) or is_correction(text[negated.end() :]):
            return False
    elif is_correction(text):
        return False
    return _NEVER_MIND.search(text) is None


_JUST_WANTED = re.compile(
    r"(?i)(?<![\w'’])(?:i\s+(?:only|just)\s+wanted|i\s+wanted\s+(?:only|just)|je\s+voulais"
    r"\s+(?:juste|seulement|simplement)|volevo\s+(?:solo|soltanto|solamente|semplicemente)"
    r"|ich\s+wollte\s+(?:nur|bloß|bloss|einfach|nur\s+mal))\s+(?:to\s+)?(?:see|check|know|ask|look"
    r"|voir|savoir|demander|regarder|v[ée]rifier|vedere|sapere|chiedere|guardare|controllare"
    r"|sehen|wissen|fragen|schauen|nachsehen|kurz|mal)(?![\w'’])"
)
"""What the player only wanted ("volevo solo vedere la situazione", "I just wanted to check",
"je voulais juste voir", "ich wollte nur mal sehen"): an explanation beside a request, not the
"volevo"/"I wanted" of a correction."""


_BY_MISTAKE = re.compile(
    r"(?i)(?<![\w'’])(?:by\s+(?:mistake|accident)|par\s+(?:erreur|m[ée]garde|accident)"
    r"|per\s+(?:errore|sbaglio)|aus\s+versehen|versehentlich)(?![\w'’])"
)
"""An accident told beside a request ("I deleted the mail by mistake", "J'ai effacé le mail par
erreur"): no correction of it."""


_EXCUSE = _listed(
    """sorry excuse me pardon desole desolee excusez-moi excusez moi scusate scusa scusami
    scusatemi entschuldigung entschuldigt entschuldige verzeihung hi hello bonjour salut ciao
    hallo for the trouble bother pour le derangement per il disturbo fuer die muehe umstaende
    i've i ve lost track je suis perdu perdue j'y m'y perds mi sono perso persa ich habe hab
    den ueberblick verloren zut mince mist accidenti uffa"""
)
"""A sentence of only these words before a request is courtesy, not a correction (and being lost,
or an exclamation at a refusal: "I've lost track.", "mi sono perso:", "zut."; fourteenth
round)."""
_NEGATED = re.compile(r"^\W*(?:non|nicht|not|pas)\s+(?=[^\W\d_])", re.I)


_NEVER_MIND = re.compile(
    r"\b(?:never\s*mind|laisse[zr]?\s+tomber|lascia(?:te)?\s+perdere|vergiss|egal)\b", re.I
)


LEADS = _listed(
    """
    i i' m i'm im am will be we are je j' suis serai serons nous sommes ich bin sind wir werde
    io sono saro siamo noi in en on im au auf a al da des partir pars parto fahre leave off
    mettez moi mets mettetemi mettimi metteteci put me set setzen setzt sie mich bitte please
    svp so donc alors quindi dunque allora daher also deshalb then puis ensuite poi dann danach
    """
)
"""Words that may lead to a command word in a sentence ("Je suis en vacances jusqu'au 12",
"In vacanza fino a lunedì", "I'm on holiday until Monday", "Ich bin im Urlaub bis Montag")."""


def said_later(line: str) -> list[tuple[Spoken, str]]:
    """A command word (of a command with an argument) after the start of the line, with an
    argument the command is sure of (:meth:`Spoken.sure`): after a clause's punctuation ("Je
    pars une semaine au ski, vacances 7 jours"), or after words that only lead to it
    (:data:`LEADS`). The prose before it denies nothing and holds no move."""
    from pbem.commands.vocabulary import Said
    from pbem.mail.reply import denies, strip_please

    for m in re.finditer(r"(?<![\w'’])([^\W\d_]{3,})(?![\w'’])", line):
        if m.start() == 0:
            continue
        cmd = vocabulary().lookup(m.group(1))
        if cmd is None or cmd.wraps or cmd.kind == "next" or not hasattr(cmd.form, "fits"):
            continue  # "My next move: M13 R1" on a turn mail is the move, not a queued one
        before = line[: m.start()]
        clause = re.split(r"[,;:.!?–—]\s", before)[-1]  # "je pars au ski, mettez-moi en"
        led = all(w in LEADS for w in _words(clause))
        if not led and not re.search(r"[,;:.!?–—-]\s*$", before):
            continue
        rest = line[m.end() :].strip()
        if cmd.kind == "vacation" and not strip_please(rest.strip(" .!")):
            # "Away to Skye for a fortnight, no signal up there. Vacation please." (eighth round)
            from pbem.commands.durations import leave_before

            named = (
                leave_before("", before)
                if not denies(without_offline(_SENTENCE_END.split(before)[-1]).split())
                else None
            )
            heard = cmd.hear(Said(line, named, strip_please(named))) if named else None
            if heard is None or heard.error is not None or not cmd.sure(heard.arg):
                return []  # ("until Sunday" is heard as its own form, "until sunday")
            return [(cmd, heard.arg)]
        said_before = without_offline(before) if cmd.kind == "vacation" else before
        if any(c.isdigit() for c in before) or denies(said_before.split()):
            return []
        heard = cmd.hear(Said(line, rest, strip_please(rest)))
        if heard is None or heard.error is not None or not heard.arg or not cmd.sure(heard.arg):
            return []
        return [(cmd, heard.arg)]
    return []


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")

_OFFLINE = re.compile(
    r"(?i)(?<![\w'’])(?:no|not|without|won['’]?t\s+have|will\s+not\s+have|don['’]?t\s+have|sans|pas\s+d['’]"
    r"|pas\s+de|n['’]aurai\s+pas(?:\s+d['’]|\s+de)?|je\s+n['’]aurai\s+pas(?:\s+d['’]|\s+de)?"
    r"|senza|non\s+avr[òo]|non\s+ho|non\s+porto|non\s+mi\s+porto|niente|kein|keine|keinen|ohne"
    r"|habe\s+kein\w*|hab\s+kein\w*|je\s+n['’]emporte\s+pas|i['’]?m\s+not\s+(?:taking|bringing)"
    r"|won['’]?t\s+(?:take|bring)|nehme\s+kein\w*)"
    r"\s*(?:(?:any|much|good|stable|reliable|de|d['’]|un|una|il|l['’]|la|le|mon|mio|mein\w*|my|a|the"
    r"|accès\s+à|acc[eè]s|accesso\s+a|zugang\s+zu\w*|r[ée]seau|mobile|wlan-?)\s*){0,3}"
    r"(?:internet|wifi|wi-fi|wlan|r[ée]seau|rete|campo|signal|reception|netz|empfang|connection"
    r"|connexion|connessione|verbindung|laptop|computer|ordinateur|ordi|pc|handy|phone"
    r"|t[ée]l[ée]phone|telefono|cellulare|portatile|mails?|e-?mails?|posta)(?![\w'’])"
)
"""A leave's reason said with a negation ("non avrò internet", "no signal up there", "sans
réseau", "kein WLAN", "I won't have my laptop"; ninth round): no denial of the leave."""


_NOT_AROUND = re.compile(
    r"(?i)(?<![\w'’])(?:non\s+ci\s+sono|non\s+ci\s+sar[òo]|je\s+ne\s+suis\s+pas\s+l[àa]"
    r"|je\s+ne\s+serai\s+pas\s+l[àa]|ich\s+bin\s+nicht\s+da|(?:und\s+)?komme\s+nicht\s+zum\s+spielen"
    r"|i['’]?m\s+not\s+around|i\s+won['’]?t\s+be\s+around|(?:i\s+)?can['’]?t\s+play"
    r"|(?:et\s+)?je\s+ne\s+pourrai\s+pas\s+jouer|(?:e\s+)?non\s+(?:riuscir[òo]|potr[òo])\s+(?:a\s+)?giocare"
    r"|(?:i\s+)?won['’]?t\s+be\s+able\s+to\s+play|(?:und\s+)?kann\s+nicht\s+spielen"
    # the time away said in the reason ("und kann in der Zeit nicht spielen", "und komme dort
    # nicht ins Internet"; eighteenth round)
    r"|(?:und\s+)?kann\s+(?:in\s+der\s+zeit|dann|da|dort|solange|so\s+lange)\s+nicht\s+spielen"
    r"|(?:und\s+)?komme\s+(?:(?:dort|da)\s+)?nicht\s+(?:ans|ins)\s+(?:internet|netz)"
    # no signal where the player goes, said with a verb ("e lì non prende niente", "ça ne capte
    # pas là-haut", "there's no signal"; seventeenth round)
    r"|(?:e\s+)?(?:l[àì]\s+)?non\s+prende\s+(?:niente|nulla|il\s+telefono|internet|bene)"
    r"|non\s+c['’]\s*[èe]\s+(?:campo|rete|segnale|linea)"
    r"|(?:et\s+)?(?:[çc]a|le\s+t[ée]l[ée]phone|mon\s+t[ée]l[ée]phone)\s+ne\s+capte\s+pas"
    r"|il\s+n['’]\s*y\s+a\s+pas\s+de\s+r[ée]seau"
    r"|there['’]?s\s+no\s+(?:signal|reception|internet|wifi|wi-fi)"
    r"|(?:und\s+)?(?:dort|da)\s+(?:gibt\s+es|gibt['’]s|hab\s+ich|habe\s+ich)\s+kein(?:en)?\s+(?:empfang|netz|internet))"
    r"(?![\w'’])"
)
"""The player not there or not playing while away, a leave's reason said with a negation ("Fino
ad allora non ci sono", "... und komme nicht zum Spielen"; fourteenth round): no denial."""


def without_offline(text: str) -> str:
    """``text`` without the reasons of a leave said with a negation (:data:`_OFFLINE`,
    :data:`_NOT_AROUND`)."""
    return _NOT_AROUND.sub(" ", _OFFLINE.sub(" ", text))


_THANKS = _listed("thanks thank you danke dank merci grazie mille vielen beaucoup tante")
_FOR = _listed("for fuer pour per")
_ARTICLES = _listed(
    """
    the a your this le la les l' un une votre vos ce cette il lo i gli la l' vostro vostra
    vostri questo questa die der das den dem ihre ihren eure euren deine diese diesen
    all tous toute toutes tutto tutti alle quick rapide veloce schnelle schnellen
    """
)


def _thanked_for(words: list[str], at: int) -> bool:
    """Is the noun at ``at`` what the player thanks for ("danke für die Hilfe", "thanks for the
    board", "merci pour l'aide", "grazie per il tabellone")? Then it is no request."""
    j = at - 1
    while j >= 0 and words[j] in _ARTICLES:
        j -= 1
    if j >= 1 and words[j] in _FOR and words[j - 1] in _THANKS:
        return True
    # "Merci de m'avoir aidé", "Grazie per avermi aiutato": thanks for what was done (the past
    # infinitive; "Merci de m'envoyer les règles" asks)
    return any(
        words[k] in _THANKS
        and words[k + 1 : k + 2] in (["de"], ["d'"], ["per"], ["di"], ["for"])
        and _PAST & set(words[k + 2 : k + 5])
        for k in range(at)
    )


_PAST = _listed("avoir avermi averci avere having")
_HELP_VERBS = _listed("help aider aiutare helfen")
_MODAL = _listed(
    """would will could might may should can pourrait pourra peut pourraient potrebbe puo
    potrebbero wuerde wird kann koennte koennten wuerden"""
)


def _helps(words: list[str], at: int, phrase: tuple[str, ...]) -> bool:
    """Is the noun at ``at`` the verb "help" said of something ("The history would help", "ça
    pourrait aider", "das würde helfen")? A modal right before it, with no "you" between."""
    return phrase[0] in _HELP_VERBS and at > 0 and words[at - 1] in _MODAL


_MOVE_WORDS = _listed(
    """moves move coups coup mosse mossa zuege zug squares spaces cases caselle felder feld
    places posti plaetze"""
)
_ALLOWED = _listed(
    """allowed legal possible valid possibles autorises legaux valides possibili consentite
    legali valide erlaubt moeglich gueltig zulaessig free libres libre libere liberi frei freien
    gehen geht go work marchent vanno funzionano funktionieren droit droits darf duerfen
    consentito consentiti permesso permessi permises permis"""
)
"""Words of a move allowed ("Welche Felder gehen denn überhaupt?", "Which squares are still
free?", "Quali caselle vanno?")."""


_MOVES = _listed("moves coups mosse zuege squares cases caselle felder")
_WHICH = _listed("what which quels quelles quali welche")
_RELATIVE = _listed("that que qu' che")
_LIST = _listed("list liste elenco lista")
_ABLE = _listed(
    """can could peux puis pourrais peut pouvons posso possiamo potrei kann koennte konnte
    darf duerfte have habe hab ai ho"""
)
_PLAY = _listed(
    """make play jouer faire fare giocare machen spielen ziehen actually really vraiment use
    utiliser usare nutzen benutzen verwenden put place poser placer mettre mettere legen setzen
    with this avec cette ce con questa mit diesem dieser tile tuile tessera plaettchen kachel
    teil"""
)
"""LEGAL asked as the moves one can play ("Quels sont les coups que je peux jouer ?", "Quali
mosse posso fare adesso?", "Was für Züge habe ich denn überhaupt?", "So what moves can I actually
make?"): the moves in the plural after a question word of the plural, a verb of being able or
having, and only words of asking."""


def _moves_said_allowed(words: list[str], line: str) -> list[tuple[Spoken, str]]:
    """LEGAL asked with the moves and their adjective apart ("Welche Züge sind denn gerade
    erlaubt?", "Which moves are allowed right now?", "Quels coups sont possibles ?"), or as the
    moves one can play (:data:`_PLAY`): a word of moves, a word of allowed (or a question word,
    a verb of being able or having), and only words of asking, in a line that asks."""
    legal = vocabulary().commands.get("legal")
    if legal is None or not _MOVE_WORDS & set(words):
        return []
    rest = [w for w in words if w not in _MOVE_WORDS and w not in _ALLOWED]
    if _ALLOWED & set(words):
        # "every move I'm allowed to make", "les coups que j'ai le droit de jouer"
        rest = [w for w in rest if w not in _PLAY and w not in _ABLE]
    else:
        which = (
            _WHICH & set(words)
            or any(a == "was" and b == "fuer" for a, b in zip(words, words[1:], strict=False))
            or (_RELATIVE & set(words) and _LIST & set(words))
        )  # ("l'elenco delle mosse che posso fare": the list of the moves one can play)
        if not (_MOVES & set(words) and which and _ABLE & set(words) and "?" in line):
            return []
        rest = [w for w in rest if w not in _PLAY and w not in _ABLE]
    if not ("?" in line or ASKS & set(rest)):
        return []
    return [(legal, "")] if all(w in PLAIN or w in ASKING for w in rest) else []


def _compounds() -> list[tuple[str, Spoken]]:
    """German nouns (capitalised where a command declares them) that end a compound: "das
    Partieprotokoll", "die Gesamtwertung", "das Spielbrett"."""
    return vocabulary().derived("request compounds", _build_compounds)


def _build_compounds() -> list[tuple[str, Spoken]]:
    return [
        (_words(noun)[0], cmd)
        for cmd in vocabulary()
        for noun in cmd.nouns.get("de", ())
        if noun[:1].isupper() and " " not in noun and len(noun) >= 5 and cmd.kind != "games"
    ]  # ("Brettspiele" are board games, not GAMES)


def _compound(word: str) -> Spoken | None:
    """The command whose German noun ``word`` ends, after a first part of four letters or more."""
    nouns, lengths = _compound_endings()
    # the first noun of :func:`_compounds` that ends the word (each ending looked up once:
    # eighteenth round, every noun tried at each word before)
    found = [nouns[word[-n:]] for n in lengths if n + 4 <= len(word) and word[-n:] in nouns]
    return min(found, key=lambda hit: hit[0])[1] if found else None


def _compound_endings() -> tuple[dict[str, tuple[int, Spoken]], tuple[int, ...]]:
    """:func:`_compounds` as noun -> (its first place in the list, its command), and the nouns'
    lengths."""
    return vocabulary().derived("request compound endings", _build_compound_endings)


def _build_compound_endings() -> tuple[dict[str, tuple[int, Spoken]], tuple[int, ...]]:
    nouns: dict[str, tuple[int, Spoken]] = {}
    for k, (noun, cmd) in enumerate(_compounds()):
        if noun:  # (an empty one ends no word: word[-0:] would be the whole word)
            nouns.setdefault(noun, (k, cmd))
    return nouns, tuple(sorted({len(noun) for noun in nouns}))


_COPULA = _listed("is are were ist sind war waren")  # (not "was": German "what")


_SCOPE = re.compile(
    r"^(?:(?:for|in|pour|per|fuer|bei|in)\s+(?:the\s+|my\s+|les\s+|mes\s+|le\s+|la\s+|i\s+|gli\s+"
    r"|die\s+|den\s+|meine\s+|meinen\s+)?(?:next|future|coming|other|prochaines|prochains"
    r"|futures|futurs|autres|prossime|prossimi|future|altre|altri|naechsten|kuenftigen|kommenden"
    r"|anderen)\s+(?:games?|mails?|emails?|parties|partie|mails?|partite|partita|mail|partien"
    r"|spiele|spielen|mails)|(?:from\s+now\s+on|desormais|dorenavant|d'ora\s+in\s+poi"
    r"|ab\s+jetzt|kuenftig|in\s+zukunft))\s+"
)
"""Words that say for which mails a setting of the address holds ("Per le prossime partite
scrivetemi in tedesco"; eighth round): every mail, which the setting does anyway."""


def _without_scope(core: list[str]) -> list[str]:
    m = _SCOPE.match(" ".join(core) + " ")
    return " ".join(core)[m.end() :].split() if m is not None else core


def _requested(line: str) -> list[tuple[Spoken, str]]:
    got = _requested_as_is(line)
    if not got and (scope := _SCOPE_OF.search(line)) is not None:
        # "c'est quoi mon bilan sur toutes mes parties ?": the scope of what is asked
        got = _requested(line[: scope.start()] + line[scope.end() :])
        if any(changes(cmd) for cmd, _arg in got):
            return []
    return got


def _requested_as_is(line: str) -> list[tuple[Spoken, str]]:
    words = _words(line)
    if not words or len(words) > MAX_WORDS or any(w.isdigit() for w in words):
        return []
    if words[0] in _COPULA and words[1:2] not in (["there"], ["es"], ["it"]):
        return []  # "Are the standings updated after every game?" asks about them, not for them
    core = list(words)
    while core and core[0] in EDGES:
        core.pop(0)
    while core and core[-1] in EDGES:
        core.pop()
    core = _without_scope(core)
    while core and core[0] in EDGES:  # "For future games please write to me in German"
        core.pop(0)
    said = _phrase(core)
    # a language's name alone asks only with courtesy or a question ("English please")
    if said is not None and (len(core) > 1 or "?" in line or any(w in ASKS for w in words)):
        return [said]
    if spoken := _language_asked(words, line):
        return spoken  # "Per le prossime partite scrivetemi in tedesco" (not GAMES)
    found: list[Spoken] = []
    rest: list[str] = []
    first_is_noun = False
    spans: list[tuple[str, int, int]] = []  # (kind, first word, past its last) of each noun
    i = 0
    while i < len(words):
        for phrase, cmd in _nouns_at(words[i]):
            if tuple(words[i : i + len(phrase)]) != phrase:
                continue
            spans.append((cmd.kind, i, i + len(phrase)))
            if _helps(words, i, phrase):
                i += len(phrase)  # "The history would help": the verb, no request of its own
                break
            if _thanked_for(words, i):
                rest.extend(phrase)  # "danke für die Hilfe": thanked for, not asked for
                i += len(phrase)
                break
            if cmd not in found:
                found.append(cmd)
            first_is_noun = first_is_noun or i == 0
            i += len(phrase)
            break
        else:
            compound = _compound(words[i])
            if compound is not None and not _thanked_for(words, i):
                if compound not in found:
                    found.append(compound)
                first_is_noun = first_is_noun or i == 0
            else:
                rest.append(words[i])
            i += 1
    if not found:
        return _moves_said_allowed(words, line)
    found, rest = _history_as_record(words, spans, found, rest)
    if [cmd.kind for cmd in found] == ["history"] and (legal := _moves_said_allowed(words, line)):
        return legal  # "l'elenco delle mosse che posso fare" lists the moves one may play now
    if _WHEN & set(rest) and any(cmd.kind != "games" for cmd in found):
        return []  # "Le classement est mis à jour quand ?" asks about it; a deadline is GAMES'
    asks = first_is_noun or "?" in line or any(w in ASKS for w in rest)
    if asks:
        rest = _without_language(_without_purpose(words, rest))
    for w in rest:
        if w in PLAIN or (asks and w in ASKING):
            continue
        return []
    return [(cmd, "") for cmd in found]


_WHEN = _listed("when quand quando wann does")

_AS_FORM = _listed("as als comme come sous forme de d' in forma form of von eines einer")
"""The words between a thing and the form it is asked in ("the history as a record", "den
Spielverlauf als Protokoll", "l'historique sous forme de feuille de partie", "lo storico in
forma di verbale"), with :data:`_ARTICLES`."""


def _history_as_record(
    words: list[str], spans: list[tuple[str, int, int]], found: list[Spoken], rest: list[str]
) -> tuple[list[Spoken], list[str]]:
    """``found`` without HISTORY where its noun is asked as RECORD's ("Könnt ihr mir den
    kompletten Spielverlauf als Protokoll schicken?"), and ``rest`` without the words that say
    so: the game's record is its history as a file, one request, not two (issue 31, fourteenth
    round: both were sent)."""
    for (kind, _start, end), (then, start, _end) in itertools.pairwise(spans):
        between = words[end:start]
        if (
            (kind, then) == ("history", "record")
            and any(w in _AS_FORM - _ARTICLES for w in between)
            and all(w in _AS_FORM or w in _ARTICLES for w in between)
        ):
            left = list(rest)
            for w in between:
                if w in left:
                    left.remove(w)
            return [cmd for cmd in found if cmd.kind != "history"], left
    return found, rest


def _without_purpose(words: list[str], rest: list[str]) -> list[str]:
    """``rest`` without the purpose that ends a request after its noun ("Could I get the game
    record for the club newsletter?", "la feuille de partie pour les archives du club ?"):
    "for/pour/per/für" and at most five words after the noun, none of them a figure."""
    for k in range(len(words) - 1, -1, -1):
        if words[k] in _FOR:
            tail = words[k:]
            if len(tail) <= 6 and len(rest) >= len(tail) and rest[-len(tail) :] == tail:
                return rest[: -len(tail)]
            break
    return rest


def _without_language(rest: list[str]) -> list[str]:
    """``rest`` without the language the thing asked for is wanted in ("la guida completa in
    italiano", "the rules in French", "die Regeln auf Deutsch")."""
    lang = vocabulary().commands.get("lang")
    out: list[str] = []
    for w in rest:
        if out and out[-1] in _TO and lang is not None and lang.slot(w):
            out.pop()
            continue
        out.append(w)
    return out


_TO = _listed("in en auf to into")
_LANG_WORDS = _listed(
    """
    mails mail emails email e-mails messages messaggi mail nachrichten courriels courriel
    write ecrire ecrivez ecris scrivere scrivetemi scrivimi scrivete schreiben schreibt schreib
    scrivermi ecrire m'ecrire ora avanti
    switch change changer passer passez passare passate umstellen stellen um
    future futur futuro kuenftig zukuenftig desormais dorenavant from on now da oggi ab sofort
    jetzt d'ora poi la suite partir maintenant answer reply repondre rispondere antworten
    prossime prossimi prochaines prochains next future futures kuenftigen zukuenftigen
    naechsten partite parties games partien spiele giochi jeux for pour fuer
    your vos votre vostri vostre vostro vostra eure euren eurer ihre ihren
    """
)
"""Words of a language asked for in a sentence ("Can I get the mails in French please?")."""


def _language_asked(words: list[str], line: str) -> list[tuple[Spoken, str]]:
    """LANG asked for in a sentence that asks ("Can I get the mails in French please?", "could
    you switch my mails to French?", "könnten Sie mir die Mails künftig auf Englisch schicken?",
    "Da oggi scrivetemi in inglese"): "in/en/auf/to" and a language's name, a word of mail or of
    writing, and only words of asking around."""
    lang = vocabulary().commands.get("lang")
    if lang is None:
        return []
    at = [k for k in range(1, len(words)) if words[k - 1] in _TO and lang.slot(words[k])]
    if len(at) != 1:
        return []
    k = at[0]
    rest = words[: k - 1] + words[k + 1 :]
    asks = "?" in line or any(w in ASKS for w in rest) or bool(_IMPERATIVE & set(rest))
    if not asks or not _LANG_WORDS & set(rest):
        return []
    if _SELF & set(rest) and not _TO_ME & set(rest) and not _MAIL_NOUNS & set(rest):
        return []  # "For the next games I will write in German": the player's own writing
    if all(w in PLAIN or w in ASKING or w in _LANG_WORDS for w in rest):
        return [(lang, lang.slot(words[k]) or "")]
    return []


_GET_MAILS = re.compile(
    r"(?i)(?<![\w'’])(?:je\s+re[çc]ois|i\s+(?:get|receive)|i(?:['’]m|\s+am)\s+(?:getting|receiving)"
    r"|(?:io\s+)?ricevo|mi\s+arrivano|ich\s+(?:bekomme|kriege|erhalte)|(?:bekomme|kriege|erhalte)\s+ich)"
    r"(?P<what>[^.?!;:,]{0,50}?)\s+(?:en|in|auf)\s+(?P<was>[^\W\d_]+)(?![\w'’])"
)
"""The language the player gets our mails in now, said before the one asked for ("je reçois tous
vos mails en anglais", "ricevo le vostre email in inglese", "I get your mails in English",
"ich bekomme eure Mails auf Englisch"; eighteenth round)."""
_CONTRARY = re.compile(
    r"(?i)^\W*(?:(?:alors\s+que|tandis\s+que|bien\s+que|while|although|whereas|mentre|anche\s+se"
    r"|obwohl|dabei|obgleich)(?![\w'’])[^,.;:!?]*[,.;:!?]\s*)?(?:(?:but|mais|ma|aber|however|pero|per[òo]|also|alors|allora"
    r"|donc|quindi|so)(?![\w'’])\s*,?\s*)?"
)
_CAN_CHANGE = re.compile(
    r"(?i)(?<=[.!])\s+(?:si\s+pu[òo]\s+(?:cambiare|fare)|[èe]\s+possibile|c['’]est\s+possible"
    r"|est-ce\s+possible|(?:is\s+)?(?:that|it|this)\s+possible|can\s+(?:that|it|this)\s+be\s+(?:done|changed)"
    r"|geht\s+das|ist\s+das\s+m(?:ö|oe)glich|kann\s+man\s+das\s+(?:(?:ä|ae)ndern|umstellen))\s*\?\s*$"
)
"""Whether the language can be changed, asked after the one preferred ("... ma preferirei
l'italiano. Si può cambiare?"): the request's question."""
_THEM = re.compile(
    r"(?i)(?<![\w'’])(?:les|them|le|li|sie)(?=\s+(?:\w+\s+)?(?:avoir|recevoir|have|get"
    r"|receive|avere|ricevere|bekommen|kriegen|erhalten|haben)\b|\s+(?:en|in|auf)\s)"
)


def language_instead(line: str) -> list[tuple[Spoken, str]]:
    """LANG asked after the player says the language our mails come in now ("je reçois tous vos
    mails en anglais alors que je suis française, est-ce que je pourrais les avoir en français
    s'il vous plaît ?", "ricevo le vostre email in inglese ma preferirei l'italiano. Si può
    cambiare?"; eighteenth round): the mails named in the complaint, the request after it names
    one other language, by "them" ("les", "sie") or as the one preferred, and is read as
    :func:`_language_asked` reads a request for it. ``[]`` otherwise (no request: "..., et c'est
    très bien"; someone else's wish: "mon mari les voudrait en français")."""
    lang = vocabulary().commands.get("lang")
    m = _GET_MAILS.search(line)
    if lang is None or m is None or len(line) > PROSE_MAX or lang.slot(m["was"]) is None:
        return []
    if not _MAIL_NOUNS & set(_words(m["what"])):
        return []
    rest = _CONTRARY.sub("", line[m.end() :], count=1)
    named = [w for w in re.findall(r"[^\W\d_]+", rest) if lang.slot(w)]
    if len(named) != 1 or lang.slot(named[0]) == lang.slot(m["was"]):
        return []
    rest = _THEM.sub("mails", _CAN_CHANGE.sub(" ?", rest))
    rest = re.sub(
        r"(?i)(?<![\w'’])(aver|ricever)(?:le|li)(?![\w'’])", r"\1e mails", rest
    )  # "averle"
    if not re.search(r"(?i)(?<![\w'’])(?:en|in|auf|to)\s+" + named[0], rest):
        rest = re.sub(  # "preferirei l'italiano", "I'd prefer French"
            r"(?i)(?<![\w'’])(?:(?:l['’]\s*|le\s+|the\s+|das\s+|lo\s+|il\s+))?" + named[0],
            "mails in " + named[0],
            rest,
            count=1,
        )
    words = _words(rest.replace("?", " "))
    got = _language_asked(words, rest) if len(words) <= MAX_WORDS else []
    return got if [s for s, _a in got] == [lang] else []


_SELF = _listed("i je j' io ich")
_TO_ME = _listed("me moi m' mi mir mich")
_MAIL_NOUNS = _listed(
    "mails mail emails email e-mails messages messaggi nachrichten courriels courriel"
)
_IMPERATIVE = _listed("scrivetemi scrivimi ecrivez ecris schreibt schreib write")


_PREVIEW_NOUNS = _listed("preview previews apercu apercus anteprima vorschau")
_BEFORE = _listed(
    """before avant prima vorher first d'abord dabord deciding decide decider decision commit
    choose choisir playing play jouer giocare decidere scegliere entscheiden entscheide spielen
    ziehen i je me de decida decido decidiamo ich i'll ill dann then poi puis ensuite what it'd
    would look like donnerait ferait farebbe darebbe wurde aussehen ergibt ergeben result
    resultat risultato ergebnis un une a an ein eine einer einen una uno l' of du di von vom
    for pour per fuer la le il lo gli die der das den dem des move coup mossa zug this ce cette
    questa diesen dieses quick short petit breve kurze abord do does faire fa fait macht
    bevor ziehe ziehen setze lege que qu' che io i un'
    anything to myself engager m'engager impegnarmi impegnare festlegen festzulegen mich
    now for ora adesso instant l'instant erstmal erst mal vorerst
    melde meinem reviens vers vous redis dico faccio sapere get back you
    repondrai repondrais rispondo rispondero antworte antworten reply answer respond later
    quoi soit they they' d
    lancer plateau board tabellone brett spielbrett sur sul auf points punti punkte tuile
    tessera mia ma my en in at on su actually vraiment davvero wirklich with avec con mit
    instant
    valide valider validate confirme confirmer confirm confirmi confermi confermo confermare
    bestaetige bestaetigen nach
    """
)
"""The other words a sentence asking for a preview may hold ("pourriez-vous me montrer un
aperçu de N13 R1 avant que je décide", "eine Vorschau von P11 R2 schicken")."""
_OUTCOME = _listed(
    """score scores scoring give get earn bring donnerait rapporterait ferait darebbe farebbe
    porterebbe frutterebbe renderebbe bringen braechte ergeben ergaebe geben ca ça cela
    finirebbe come viene vient
    do bewirken bewirkt aussaehe aussehen ressemblerait verrebbe donne points punti punkte look
    """
)
_CONDITIONAL = _listed(
    "would donnerait rapporterait ferait darebbe farebbe porterebbe frutterebbe renderebbe finirebbe"
    " wuerde wurde braechte ergaebe verrebbe ressemblerait aussaehe darebbero farebbero donneraient feraient"
    " rapporteraient finirebbero arriverebbero"
)
"""A move's outcome asked in the conditional ("What would M13 R2 score?", "Qu'est-ce que ça
donnerait, BR W N ?", "Was würde M13 R2 bringen?"; eighth round): a preview asked in words."""
_NOT_YET = re.compile(
    r"(?i)(?<![\w'’])(?:je\s+ne\s+(?:la\s+|le\s+)?joue\s+pas\s+encore|(?:i['’]m\s+)?not\s+playing\s+(?:it\s+)?yet"
    r"|i\s+haven['’]t\s+(?:played|committed)\s+(?:it\s+)?yet|non\s+(?:la\s+|lo\s+)?gioco\s+ancora"
    r"|ich\s+(?:ziehe|spiele)\s+(?:ihn\s+|es\s+|das\s+)?noch\s+nicht"
    # "don't play it yet", "sans le jouer", "non giocarla ancora", "noch nicht ziehen" (issue
    # 31, eleventh round): the player asks not to play it yet
    r"|(?:don['’]?t|do\s+not)\s+(?:play|place|put|lay)\s+(?:it\s+|them\s+|that\s+)?(?:yet|now)"
    # "don't move it", "non giocate", beside a slide's preview asked (fifteenth round)
    r"|(?:don['’]?t|do\s+not)\s+(?:move|slide)\s+(?:it|them)(?:\s+yet)?"
    r"|without\s+(?:actually\s+|really\s+)?(?:playing|placing|putting)\s+(?:it|them)(?:\s+down)?"
    r"|sans\s+(?:le\s+|la\s+|les\s+)?(?:jouer|poser|placer)(?:\s+pour\s+de\s+vrai)?"
    r"|ne\s+(?:le\s+|la\s+|les\s+)?(?:jouez|posez|placez)\s+(?:pas|rien)(?:\s+encore"
    r"|\s+tout\s+de\s+suite)?"
    r"|non\s+(?:giocar(?:la|lo|li|e)|giocate(?:la|lo|li|le)|la\s+giocate|lo\s+giocate"
    r"|giocate\s+(?:niente|nulla)|giocate)(?:\s+ancora)?"
    r"|senza\s+(?:giocar|muover|spostar|metter|piazzar|posar)(?:la|lo|li|e)"
    r"|non\s+(?:metter(?:la|lo|e)|mettete(?:la|lo)?|piazzar(?:la|lo|e)|piazzate(?:la|lo)?)"
    r"(?:\s+ancora)?"
    # the tile's own verbs ("noch nicht legen", "ohne es zu legen", "sans la poser", "senza
    # metterla", "without placing it"; seventeenth round)
    r"|(?:noch\s+)?nicht(?:s)?\s+(?:ziehen|spielen|ausf(?:ü|ue)hren|legen|setzen)"
    r"|ohne\s+(?:ihn\s+|es\s+|sie\s+)?zu\s+(?:ziehen|spielen|legen|setzen)"
    # the reason of a preview: not to get it wrong
    r"|(?:i\s+)?(?:don['’]?t|do\s+not)\s+want\s+to\s+get\s+it\s+wrong"
    r"|je\s+ne\s+veux\s+pas\s+me\s+tromper|non\s+voglio\s+sbagliare"
    r"|ich\s+will\s+(?:mich\s+nicht\s+vertun|nichts\s+falsch\s+machen)"
    # issue 31, seventeenth round: the not-yet of a slide's preview in the players' other words,
    # "Je ne veux pas encore le jouer", "non muovete niente", "just show me, don't play it",
    # "gespielt wird noch nicht", "before I play it", "je jouerai après"; and its reason, the
    # player unsure or not seeing where the official stops ("je ne suis pas sûr de moi", "je
    # vois pas bien où il s'arrête", "I can't see where it ends up")
    r"|(?:i\s+)?(?:don['’]?t|do\s+not)\s+(?:want\s+to\s+)?play\s+(?:it|them|that)"
    r"|i\s+(?:don['’]?t|do\s+not)\s+want\s+to\s+(?:play|move)\s+(?:it|them)(?:\s+yet)?"
    r"|(?:je\s+)?ne\s+(?:veux|voudrais)\s+pas\s+(?:encore\s+)?(?:le\s+|la\s+|les\s+)?jouer(?:\s+encore)?"
    r"|non\s+(?:voglio|vorrei)\s+(?:ancora\s+)?(?:giocarl[aoie]|muoverl[aoie])(?:\s+ancora)?"
    r"|ich\s+will\s+(?:ihn|es|sie|das)\s+noch\s+nicht\s+(?:spielen|ziehen)"
    r"|(?:non\s+)?(?:muovete|spostate|toccate)\s+(?:niente|nulla)|non\s+(?:muovete|spostate)(?:la|lo|li)?"
    r"|ne\s+(?:bougez|d[ée]placez|touchez)\s+(?:rien|pas)"
    r"|(?:don['’]?t|do\s+not)\s+move\s+anything|nichts\s+(?:bewegen|verschieben|anfassen)"
    r"|gespielt\s+wird\s+(?:noch\s+nicht|erst\s+sp(?:ä|ae)ter)|noch\s+nicht\s+gespielt"
    r"|before\s+(?:i|we)\s+(?:play|move|slide)\s+(?:it|them)"
    r"|avant\s+de\s+(?:le\s+|la\s+|les\s+)?jouer|prima\s+di\s+giocarl[aoie]"
    r"|bevor\s+ich\s+(?:ihn|es|sie)\s+(?:spiele|ziehe)"
    r"|je\s+(?:le\s+|la\s+)?jouerai\s+(?:apr[èe]s|ensuite|plus\s+tard)"
    r"|i['’]?ll\s+play\s+(?:it\s+)?(?:after(?:wards)?|later)"
    r"|(?:la\s+|lo\s+)?giocher[òo]\s+(?:dopo|poi|pi[ùu]\s+tardi)"
    r"|(?:ich\s+)?(?:spiele|ziehe)\s+(?:ihn\s+|es\s+)?(?:danach|sp(?:ä|ae)ter)"
    r"|je\s+ne\s+suis\s+pas\s+s[ûu]re?(?:\s+de\s+moi)?|i['’]?m\s+not\s+sure(?:\s+of\s+it)?"
    r"|non\s+sono\s+sicur[oa]|ich\s+bin\s+(?:mir\s+)?(?:nicht|un)sicher"
    r"|je\s+(?:ne\s+)?vois\s+pas\s+(?:bien\s+|tr[èe]s\s+bien\s+)?o[ùu]\s+(?:il|elle)\s+"
    r"(?:s['’]arr[êe]te|arrive|finit|atterrit|s['’]arr[êe]terait|arriverait|finirait)"
    r"|i\s+(?:can['’]?t|cannot|don['’]?t)\s+(?:see|tell|work\s+out)\s+where\s+(?:it|they)"
    r"\s+(?:stops?|ends?\s+up|lands?|would\s+(?:stop|end\s+up|land))"
    r"|non\s+(?:vedo|capisco)\s+(?:bene\s+)?dove\s+(?:si\s+ferma|finisce|arriva|finirebbe"
    r"|si\s+fermerebbe|arriverebbe)"
    r"|ich\s+sehe\s+nicht(?:\s+genau)?,?\s+wo\s+(?:er|sie|es)\s+(?:landet|stehen\s+bleibt|h(?:ä|ae)lt))"
    r"(?![\w'’])"
)
"""The player not playing the move yet, beside a preview asked for: says the same, no denial."""
_FIRST = _listed("before avant prima bevor vorher first d'abord dabord erstmal erst zuerst")
"""The outcome asked before the move is played ("... before I commit?"): the other sentences of
the line are read apart, so the question must say it is asked first."""
_PLAYS = _listed("play playing joue jouer gioco giocare spiele spielen ziehe ziehen i'll ill")
"""The move played after the question ("What would M13 R2 score? I'll play it."): asked back."""
_JUST = _listed("just juste seulement only solo soltanto nur bloss")
_SHOWN = _listed(
    """show see view voir montrer montrez montre farmi fammi fatemi faites vedere mostrare mostrarmi
    mostratemi mostrami sehen zeigen zeigt zeig zeige mostrate anzeigen fammelo fammela fatemelo
    fatemela mostramelo mostramela mostratemelo mostratemela montrez-moi montre-moi"""
)
_SHOW_ME = _listed(
    """fammi fatemi mostrami mostratemi fammelo fammela fatemelo fatemela mostramelo mostramela
    mostratemelo mostratemela zeig zeigt zeige montre montrez montre-moi montrez-moi show"""
)
"""The imperative that asks to be shown ("fammi vedere prima come viene BR W N, poi decido")."""
_HAPPENS = _listed(
    """happens happen would happen succede succederebbe accade accadrebbe passe passerait arrive
    arriverait passiert passieren geschieht what cosa ce qui was with avec con mit anything
    engager m'engager impegnarmi festlege festlegen
    result resultat risultato ergebnis"""
) | _listed("where ou dove wo")
"""A move's outcome asked to be shown in the present ("potete farmi vedere cosa succede con P12
R1?", "can you show me what happens with M13 R2 before I decide?"; tenth round)."""
_WAYS_WRITTEN = (
    r"(?:[NSEWnsw]|e(?!\s+(?:poi|dopo|quindi|infine)\b)"
    r"|north|east|south|west|nord|est|sud|ouest|ovest|ost|sued|norden|osten|sueden"
    r"|westen|nordest|nordovest|sudest|sudovest|northeast|northwest|southeast|southwest|nordost"
    r"|nordwest|suedost|suedwest)"
)
"""A slide's directions as :func:`_slides_said` writes them (letters, or compass points folded);
a small "e" before the Italian "poi" ("and then") is no east."""
MOVE_NAMED = re.compile(
    r"(?<![\w'’])(?:[A-Pa-p]\d{1,2}(?:\s+[Rr]\d)?|[RYBGK]{2}(?:\s+" + _WAYS_WRITTEN + r"\b)*)"
    r"(?![\w'’])"
)
"""A move named in a request: a square (and its rotation), or an official and its directions; a
small "e" before the Italian "poi" ("and then": "RB N e poi BK E") is no east, as in the
notation's own words (fifteenth round: that preview was of "RB N E; BK E")."""
_PREVIEW_SENTENCE = re.compile(r"(?<=[.?!])\s+(?=\S)")
_ROTATION_NAMED = re.compile(
    r"(?i)(?<![\w'’])([A-P]\d{1,2})\s+(?:(?:with|avec|con|mit)\s+)?(?:(?:a|the|la|une|una|einer|der)\s+)?"
    r"(?:rotation|rotazione|drehung)\s+(R\d)(?![\w'’])"
)
"""A square and its rotation with the word "rotation" between them ("O13 rotation R1", "L12
con rotazione R1"): the move, read as "O13 R1" in a preview asked in words (fourteenth round)."""
_TILE_PUT = re.compile(
    r"(?i)(?<![\w'’])(?:si\s+je\s+(?:pose|posais|mets|mettais|place|pla[çc]ais)(?:\s+ma\s+tuile)?"
    r"\s+(?:en|sur|[àa])|se\s+(?:metto|mettessi|piazzo|piazzassi)(?:\s+la\s+(?:mia\s+)?tessera)?"
    r"\s+(?:in|su|a)|if\s+i\s+(?:put|place|placed)(?:\s+my\s+tile)?\s+(?:at|on|in))(?![\w'’])"
)
"""The player's own tile put on the square of a preview asked ("ce que ça donnerait si je posais
ma tuile en O13", "cosa succede se metto la tessera in L12", "what happens if I put my tile on
L12"): read as "with" that move; another's tile ("se Marco mette") is no such words."""
_AS_ASIDE = re.compile(
    r"(?i)(?<![\w'’])(?:if\s+possible|si\s+possible|se\s+possibile|wenn\s+m(?:ö|oe)glich"
    r"|falls\s+m(?:ö|oe)glich|mi\s+raccomando|per\s+carit[àa])(?![\w'’])"
)
"""Courtesy beside a preview asked ("se possibile", "mi raccomando"): no word of its own."""


_UNSURE = _listed(
    """unsure undecided hesitating hesitant uncertain torn am still yet i'm
    indecis indecise hesite hesitant hesitante incertain incertaine suis encore
    indeciso indecisa incerto incerta titubante sono ancora
    unsicher unentschlossen zoegere schwanke bin noch"""
)
"""The player unsure of the move, as the reason of a preview ("Zeig mir bitte vorher die Vorschau
für M13 R2, ich bin noch unsicher", "I'm still undecided"; ninth round); a negation ("not sure")
still asks."""


_DOUBT_LEAD = re.compile(
    r"(?i)^\W*(?:(?:but|mais|ma|aber|because|car|parce\s+que|perch[ée]|weil|denn|honestly"
    r"|franchement|sinceramente|ehrlich\s+gesagt)\s*,?\s+)?(?:"
    r"(?:i['’]?m|i\s+am)\s+(?:not\s+sure|unsure|afraid|worried|scared)|not\s+sure"
    r"|i\s+(?:don['’]?t|do\s+not|can['’]?t|cannot)\s+(?:know|tell|see|want|work\s+out)"
    r"|i['’]?d\s+rather\s+not|i\s+wonder|i\s+fear"
    r"|(?:je\s+)?(?:ne\s+|n['’])?(?:sais|vois|comprends)\s+pas|je\s+ne\s+suis\s+pas\s+s[ûu]re?"
    r"|pas\s+s[ûu]re?|je\s+ne\s+(?:veux|voudrais)\s+pas|j['’]ai\s+peur|je\s+crains"
    r"|je\s+me\s+demande"
    r"|non\s+(?:capisco|so|vedo|sono\s+sicur[oa]|voglio|vorrei)|ho\s+paura|temo|mi\s+chiedo"
    r"|ich\s+(?:wei(?:ß|ss)|sehe|verstehe)\s+nicht|ich\s+bin\s+(?:mir\s+)?(?:nicht\s+sicher|unsicher)"
    r"|ich\s+(?:will|m(?:ö|oe)chte|mag)\s+(?:[^\W\d_]+\s+){0,3}nicht|ich\s+habe\s+angst"
    r"|ich\s+f(?:ü|ue)rchte|ich\s+frage\s+mich|keine\s+ahnung\s+ob)(?![\w'’])"
)
"""The start of the reason of a preview asked, said after the question: the player's doubt or
worry about what the move does ("Non capisco se chiude la stanza verde o no.", "I don't want to
hand Tom the garden.", "J'ai peur d'ouvrir le couloir à Jeanne.", "Ich weiß nicht, ob das den
Garten schließt."; eighteenth round)."""
_DECIDED = _listed(
    """instead anyway anyhow plutot invece comunque quand meme toute facon stattdessen sowieso
    trotzdem egal lieber rather"""
)
"""Words that turn a reason into a decision ("..., so I'll play P10 R3 instead")."""
_PLACES = _listed(
    """put putting place placing lay laying go going pose poser posez place placer mets mettre
    metto mettere piazzo piazzare poso posare lege legen setze setzen nehme nehmen"""
)
"""The tile's verbs: a reason that places the tile ("..., mais je la pose") is a decision."""


def _preview_reason(sentence: str) -> bool:
    """Is ``sentence``, said after a preview asked, only its reason (:data:`_DOUBT_LEAD`): at most
    24 words, no question, naming no move, no play or decision ("so", "anyway", "je joue", "je la
    pose"), no take-back."""
    words = _words(sentence)
    return (
        0 < len(words) <= 24
        and "?"
        not in sentence  # (a question of its own is asked back: "Not sure, what do you reckon?")
        and _DOUBT_LEAD.search(sentence) is not None
        and MOVE_NAMED.search(sentence) is None
        and not _PLAYS.intersection(words)
        and not _PLACES.intersection(words)
        and not THEREFORE.intersection(words)
        and not _DECIDED.intersection(words)
        and _PLAYED_ANYWAY.search(sentence) is None
    )


def preview_asked(line: str) -> str | None:
    """The move a line asks a preview of in a sentence, without the word PREVIEW first ("Avant
    de me décider, pourriez-vous me montrer un aperçu de N13 R1 ? Merci !", "Mi fate vedere
    l'anteprima di O9 R1? Poi decido.", "könnten Sie mir bitte vorher eine Vorschau von P11 R2
    schicken?", "What would L9 R1 do? Can I see a preview before I commit?"; issue 31): None
    unless one sentence asks for a preview (:data:`ASKS`) with the preview's noun and only
    words of asking around it, the line names one move in all (in that sentence, or in a
    question just before it), and no sentence denies, thanks for or doubts."""
    if len(line) > PROSE_MAX:
        return None
    # "not yet" in a sentence after the question ("Könnt ihr mir zeigen, was P12 R1 bringen
    # würde? Bitte noch nicht ausführen", "Mi fate vedere cosa succede con N13 R3? Non giocatela
    # ancora."; twelfth round)
    not_yet = _NOT_YET.search(line) is not None
    # the player's doubt after the question, its reason (eighteenth round: "Non sono sicura che
    # chiuda il palazzo."), set aside before its words are read
    told = [s for s in _PREVIEW_SENTENCE.split(line.strip()) if s.strip()]
    kept = [
        s
        for k, s in enumerate(told)
        if k == 0 or not _preview_reason(s) or not any(MOVE_NAMED.search(t) for t in told[:k])
    ]
    line = " ".join(kept)
    line = _NOT_YET.sub(" first ", line)  # "Juste un aperçu, je ne joue pas encore."
    line = _slides_said(line)  # "où arriverait RB si je le pousse vers le nord" (fifteenth round)
    line = _AS_ASIDE.sub(" ", _TILE_PUT.sub(" with ", _ROTATION_NAMED.sub(r"\1 \2", line)))
    sentences = [s for s in _PREVIEW_SENTENCE.split(line.strip()) if s.strip()]
    moves = list(MOVE_NAMED.finditer(line))
    joins: frozenset[str] = frozenset()
    if len({m[0].upper() for m in moves}) == 1:
        move = moves[0][0]
    elif (plan := _slides_planned(line, moves)) is not None:
        move, joins = plan, _PLAN_JOINS  # "What would RB N then BK E give?"
    else:
        return None
    asked = [k for k, s in enumerate(sentences) if _PREVIEW_NOUNS.intersection(_words(s))]
    if not asked:  # the outcome asked in the conditional, as a question
        asked = [
            k
            for k, s in enumerate(sentences)
            if (s.rstrip().endswith("?") or _SHOWN.intersection(_words(s)))
            and (
                (_CONDITIONAL.intersection(ws := _words(s)) and _OUTCOME_OR_LANDS.intersection(ws))
                or (_SHOWN.intersection(ws) and _HAPPENS_OR_LANDS.intersection(ws))
                # the move shown and not played ("Montrez-moi O13 R2 sans le jouer", "Just show
                # me O13 R2, don't play it yet"; seventeenth round)
                or (
                    _SHOWN.intersection(ws)
                    and (not_yet or _FIRST.intersection(ws))
                    and MOVE_NAMED.search(s) is not None
                )
            )
            and (_NOT_YET.search(s) or _FIRST.intersection(ws) or not_yet)
        ]
    if not asked:
        # "What would O9 R1 do for me? Show me before I decide please" (eighteenth round): shown
        # first, the move in the conditional question just before
        asked = [
            k
            for k, s in enumerate(sentences)
            if k > 0
            and _SHOWN.intersection(ws := _words(s))
            and _FIRST.intersection(ws)
            and MOVE_NAMED.search(s) is None
            and sentences[k - 1].rstrip().endswith("?")
            and _CONDITIONAL.intersection(_words(sentences[k - 1]))
        ]
    if len(asked) != 1:
        return None
    at = asked[0]
    words = _words(MOVE_NAMED.sub(" ", sentences[at]))
    before_asks = at > 0 and (
        sentences[at - 1].rstrip().endswith("?")
        # "vorrei vedere dove finirebbe il RB ... . Solo un'anteprima" (seventeenth round)
        or bool(
            _SHOWN.intersection(ws := _words(sentences[at - 1]))
            and _HAPPENS_OR_LANDS.intersection(ws)
        )
    )
    if (
        not ASKS.intersection(words)
        and not _SHOW_ME.intersection(words)
        and not sentences[at].rstrip().endswith("?")
        and not (before_asks and _JUST.intersection(words))
    ):
        return None  # (not "Qu'est-ce que ça donnerait, BR W N ? Juste un aperçu")
    allowed = (
        PLAIN | ASKING | _BEFORE | _PREVIEW_NOUNS | _OUTCOME_OR_LANDS | _CONDITIONAL | _JUST | _UNSURE
        | _SHOWN | _HAPPENS_OR_LANDS | joins
    )  # fmt: skip
    if any(w not in allowed for w in words if not w.isdigit()):
        return None
    thanks = {k for k, s in enumerate(sentences) if k != at and _thanks_only(s)}
    said = " ".join(s for k, s in enumerate(sentences) if k not in thanks)
    if _NEGATED_ANY.search(said) or _THANKED_FOR.search(said):
        return None
    where = [k for k, s in enumerate(sentences) if MOVE_NAMED.search(s)]
    if where != [at] and not (
        where == [at - 1]
        and (
            sentences[at - 1].rstrip().endswith("?")
            or (
                _SHOWN.intersection(ws := _words(sentences[at - 1]))
                and _HAPPENS_OR_LANDS.intersection(ws)
            )
        )
    ):  # (the move in a question just before, or where the player asks to see what it does)
        return None
    for k, s in enumerate(sentences):
        if k == at or k in thanks:
            continue
        other = (
            PLAIN
            | ASKING
            | _BEFORE
            | _OUTCOME
            | _CONDITIONAL
            | _SHOWN
            | _HAPPENS_OR_LANDS
            | _JUST
            | _UNSURE  # "Ich bin mir noch unsicher." (seventeenth round)
            | joins
        )
        ws = _words(MOVE_NAMED.sub(" ", s))
        if any(w not in other for w in ws) or (k > at and _PLAYS.intersection(ws)):
            return None  # "Poi decido.", "Merci !" and nothing else; never "Je le joue."
    return move


_COMPASS = frozenset(
    {"north", "east", "south", "west", "nord", "est", "sud", "ouest", "ovest", "ost", "süd",
     "sued", "norden", "osten", "süden", "sueden", "westen", "nordest", "nordovest", "sudest",
     "sudovest", "northeast", "northwest", "southeast", "southwest", "nordost", "nordwest",
     "südost", "südwest", "suedost", "suedwest"}
)  # fmt: skip
"""The compass points written out, which a preview asked in words reads after its official
("RB vers le nord puis vers l'ouest"): the side words ("up", "haut", "su") may be other words."""
_SLIDE_VERBS = _listed(
    """pousse pousses glisse glisses glissais poussais deplace deplacais bouge bougeais
    sposto spostassi spostasse faccio facessi scivolare scivola muovo muovessi spingo
    schiebe schiebst ziehe bewege slide slid slides move moved push pushed sliding moving
    went goes go spinto spinta spostato spostata mosso geschoben gezogen bewegt"""
)
_SLIDE_BETWEEN = _SLIDE_VERBS | _listed(
    """si je j' le la les l' lo it es ihn sie i if se wenn ich when quand quando
    vers au a al verso nach to towards toward direction richtung direzione in
    puis et ensuite then and poi e dopo dann und anschliessend danach first d'abord dabord
    prima zuerst erst"""
)
"""The words between an official and the directions of a slide said in a sentence ("RB si je le
pousse vers le nord puis vers l'ouest", "BR se la sposto a ovest e poi a sud", "KB, wenn ich es
nach Süden und dann nach Osten schiebe", "RB if I slid it north and then east")."""
_LANDS = _listed(
    """arriverait arrive arriverai finirait finit atterrit atterrirait finirebbe finisce arriva
    arriverebbe andrebbe landet landen landete ankommt ankaeme lands land ends end-up
    would will wuerde wurde finirebbero arriverebbero andrebbero arriveraient finiraient
    atterriraient landen"""
)
"""The official's ending up after a slide, in a preview asked ("où arriverait RB", "dove
finisce BR", "wo KB landet", "where RB would end up"): what the slide's outcome is."""
_OFFICIAL_AT = re.compile(r"(?<![\w'’])[RYBGK]{2}(?![\w'’])")


def _slides_said(line: str) -> str:
    """``line`` with each slide said in words after its official written as the official and its
    compass points ("où arriverait RB si je le pousse vers le nord puis vers l'ouest" -> "où
    arriverait RB nord ouest", "dove finisce BR se la sposto a ovest e poi a sud" -> "dove
    finisce BR ovest sud"; issue 31, fifteenth round): only where every word between the
    official and its last direction is a word of :data:`_SLIDE_BETWEEN` or :data:`_LANDS` (the
    latter kept after the slide); the game reads the directions when PREVIEW is checked."""
    line = re.sub(r"(?i)\b(?:end|ends|ended)\s+up\b", "lands", line)
    out, done = [], 0
    for m in _OFFICIAL_AT.finditer(line):
        if m.start() < done:
            continue
        ways: list[str] = []
        kept: list[str] = []
        end = None
        for t in re.finditer(r"[^\s,]+", line[m.end() :]):
            raw = t[0].replace("’", "'")
            word = fold_word(raw.strip(".?!;:")).lower()
            word = re.sub(r"^[ld]'", "", word) if word not in ("l'", "d'") else word
            parts = word.split("-")
            if fold_word(raw.strip(".?!;:")).lower() in _COMPASS or word in _COMPASS:
                ways.append(word)
                end = m.end() + t.start() + len(raw.rstrip(".?!;:"))
            elif len(parts) == 2 and all(p in _COMPASS for p in parts):
                ways.extend(parts)  # "au nord-ouest", "a sud-est"
                end = m.end() + t.start() + len(raw.rstrip(".?!;:"))
            elif word in _SLIDE_BETWEEN or word in _LANDS:
                if word in _LANDS:
                    kept.append(raw.strip(".?!;:"))
            else:
                break
            if raw[-1:] in ".?!;:":
                break
        if not ways or end is None:
            continue
        tail = line[end:]
        verb = re.match(r"\s+([^\W\d_]+)(?=[\s.?!;:,]|$)", tail)
        if verb is not None and fold_word(verb[1]).lower() in _SLIDE_VERBS:
            end += verb.end()  # "... nach Osten schiebe"
        start = m.start()
        while (w := re.search(r"([^\s,.?!;:]+)\s+$", line[done:start])) is not None and fold_word(
            w[1].replace("’", "'")
        ).lower() in _SLIDE_BETWEEN - _PLAN_JOINS:
            start = done + w.start()  # "si je glisse KB au sud"
        out.append(line[done:start])
        out.append(" ".join([m[0], *ways, *kept]))
        done = end
    out.append(line[done:])
    return "".join(out)


_PLAN_JOINS = _listed(
    "then and puis et ensuite poi e dopo dann und danach followed by suivi suivie seguito seguita"
    " da gefolgt von"
)
"""The words between the slides of a plan whose preview is asked ("RB N then BK E", "RB N puis
BK E", "RB N und dann BK E"), besides ";" and ","."""
_HAPPENS_OR_LANDS = _HAPPENS | _LANDS
_OUTCOME_OR_LANDS = _OUTCOME | _LANDS
_SLIDE_CODE = re.compile(r"(?i)^[RYBGK]{2}(?:\s+" + _WAYS_WRITTEN + r")+$")


def _slides_planned(line: str, moves: list[re.Match[str]]) -> str | None:
    """The plan ``moves`` say, as the PREVIEW argument ("RB N; BK E"), when they are two to four
    slides of different officials, one after the other with nothing but ";", "," or a word of
    :data:`_PLAN_JOINS` between them (issue 31, eleventh round: "Was würde RB N; BK E
    ergeben?"); None otherwise ("RB N or BK E", "RB N, KB S or BK E")."""
    if not 2 <= len(moves) <= 4 or not all(_SLIDE_CODE.match(m[0]) for m in moves):
        return None
    if len({m[0][:2].upper() for m in moves}) != len(moves):
        return None
    for a, b in itertools.pairwise(moves):
        between = line[a.end() : b.start()].replace(";", " ").replace(",", " ")
        if any(w not in _PLAN_JOINS for w in _words(between)):
            return None
    return "; ".join(" ".join(m[0].upper().split()) for m in moves)


def _thanks_only(sentence: str) -> bool:
    """A sentence of thanks for something else beside a preview asked ("Thanks for the help.",
    "Grazie."): no move, no preview's noun, no negation, at most eight words."""
    words = _words(sentence)
    return (
        0 < len(words) <= 8
        and MOVE_NAMED.search(sentence) is None
        and not _PREVIEW_NOUNS.intersection(words)
        and _NEGATED_ANY.search(sentence) is None
        and (_THANKED_FOR.search(sentence) is not None or all(w in _COURTESY_ENDS for w in words))
    )


_THANKED_FOR = re.compile(
    r"(?i)(?<![\w'’])(?:thanks?|merci|grazie|danke|dank)(?:\s+(?:you|beaucoup|mille|sch(?:ö|oe)n))?"
    r"\s+(?:for|pour|per|f(?:ü|ue)r)(?![\w'’])"
)
_NEGATED_ANY = re.compile(
    r"(?i)(?<![\w'’])(?:not|no|don['’]?t|never|pas|jamais|non|nicht|kein|keine|nie|mai|niente)"
    r"(?![\w'’])"
)


_PLAYED_ANYWAY = re.compile(
    r"(?i)(?<![\w'’])(?:"
    r"(?:i['’]?ll|i\s+will|i['’]?m\s+going\s+to|i['’]?m\s+gonna|gonna|i['’]?m|i|we['’]?ll|we)\s+"
    r"(?:just\s+|probably\s+|still\s+|then\s+)?play(?:ing)?\s+(?:it|that|this|the\s+move)"
    r"|play(?:ing)?\s+it\s+(?:anyway|regardless)"
    r"|je\s+(?:le\s+|la\s+)?jou(?:e|erai)\b|je\s+vais\s+(?:le\s+|la\s+)?jouer"
    r"|on\s+(?:le\s+|la\s+)?jou(?:e|era)\b"
    r"|(?:la|lo)\s+(?:gioco|giocher[òo]|faccio|far[òo])\b|gioco\s+(?:comunque|lo\s+stesso)"
    r"|(?:ich\s+)?(?:spiele|ziehe|mache|nehme)\s+(?:ihn|es|den|das|die|sie)\b"
    r"|(?:werde|will)\s+(?:ihn|es|den(?:\s+zug)?|das)\s+(?:\w+\s+)?(?:spielen|ziehen|machen)"
    # the play asked for after the preview (seventeenth round: "Then play it straight away.")
    r"|(?:then|and\s+then|just|now)\s+play\s+(?:it|them|that)\b"
    r"|play\s+(?:it|them)\s+(?:straight\s+away|right\s+away|immediately|now|at\s+once)"
    r"|(?:puis|ensuite|et)\s+jouez[- ](?:le|la|les)\b"
    r"|jouez[- ](?:le|la|les)\s+(?:ensuite|tout\s+de\s+suite|directement)"
    r"|(?:poi|e)\s+(?:giocate|gioca)(?:la|lo|le|li)\b"
    r"|(?:giocate|gioca)(?:la|lo|le|li)\s+(?:subito|comunque|direttamente)"
    r"|dann\s+(?:spielt|zieht|ausf(?:ü|ue)hren)\b|(?:spielt|zieht)\s+(?:ihn|es|sie)\s+(?:dann|gleich|sofort)"
    r")"
)
_PLAY_ASIDE = re.compile(
    r"(?i)(?<![\w'’])(?:if|whether|unless|si|se|wenn|falls|ob|sauf|tranne|au\s+cas|nel\s+caso"
    r"|before|avant|prima|bevor|vorher|only\s+after|after|après|dopo|nachdem|once|quand|quando|sobald)(?![\w'’])"
)


def plays_anyway(line: str) -> bool:
    """Does a line say the player plays the move (a pronoun's or "anyway"'s move: "I'll play it
    anyway.", "Je le joue de toute façon.", "Tanto la gioco comunque.", "Ich spiele ihn
    sowieso.")? Beside a PREVIEW that asks to see the same move, the reply both previews and
    plays: asked back (issue 31, ninth round). Not a question, a denial ("I'm not playing it
    yet") or a play after a condition or a time ("I'll play it if it scores", "une fois que je
    l'aurai vu")."""
    if len(line) > PROSE_MAX or "?" in line or (m := _PLAYED_ANYWAY.search(line)) is None:
        return False
    # the negation of the play's own clause ("I'm not playing it yet"), not of another ("Non
    # sono sicuro, ANTEPRIMA M13 R2 e poi la gioco comunque" plays it)
    start = max((k.end() for k in re.finditer(r"[,;:(]|\s[-–—]\s", line[: m.start()])), default=0)
    end = next((k.start() for k in re.finditer(r"[,;:)]|\s[-–—]\s", line[m.end() :])), None)
    clause = line[start : m.end() + end if end is not None else len(line)]
    aside = _PLAY_ASIDE.search(re.sub(r"(?i)quand\s+m[êe]me", " ", line))  # ("anyway")
    return not (_NEGATED_ANY.search(clause) or aside)


_AFTER_MOVE = _listed("after apres dopo nach with avec con col mit")
"""The words that put a move on the board a player asks to see ("le plateau après KB S E", "the
board with M13 R1")."""
_BOARD_AFTER_FILLER = _listed(
    """the my a ma mon mes le la les il la mia mio lo das dem den der die meinem meiner
    move coup mossa zug slide glissade again encore ancora nochmal noch einmal"""
)
"""The words a player may put between the board's noun and "after", or between "after" and the
move ("the board again after my move M13 R1")."""


def _board_nouns() -> frozenset[str]:
    return vocabulary().derived(
        "board nouns", lambda: frozenset(w[-1] for w, c in _nouns() if c.name == "BOARD")
    )


def board_after(line: str) -> tuple[str, bool] | None:
    """A preview asked as the board after a move, with the BOARD command's noun ("Pouvez-vous me
    montrer le plateau après KB S E ?", "Zeig mir das Brett nach M13 R1", "Mi mandi il tabellone
    con BK E?"; eighteenth round: main sent the board and dropped the move): ``(move, read)``
    when one sentence asks for the board with an "after" or "with" word (:data:`_AFTER_MOVE`)
    right before the one move the line names; ``read`` when nothing else in the line may change
    it (every other sentence a remark that plays nothing: the preview is sent), else the line is
    asked back, never answered by the board alone. None for no such shape ("Could you send me
    the board? After M13 R1 last time I lost track": the move is in another sentence)."""
    if len(line) > PROSE_MAX:
        return None
    moves = list(MOVE_NAMED.finditer(line))
    if not moves:
        return None
    sentences = [s for s in _PREVIEW_SENTENCE.split(line.strip()) if s.strip()]
    board = _board_nouns()
    for at, sentence in enumerate(sentences):
        code = MOVE_NAMED.search(sentence)
        if code is None:
            continue
        before = _words(sentence[: code.start()])
        k = len(before) - 1
        while k >= 0 and before[k] in _BOARD_AFTER_FILLER:
            k -= 1
        if k < 0 or before[k] not in _AFTER_MOVE:
            continue
        k -= 1
        while k >= 0 and before[k] in _BOARD_AFTER_FILLER:
            k -= 1
        if k < 0 or before[k] not in board:
            continue
        asks = sentence.rstrip().endswith("?") or bool(
            (ASKS | _SHOWN).intersection(_words(MOVE_NAMED.sub(" ", sentence)))
        )
        if not asks:
            continue
        move = code[0]
        rest = [s for k2, s in enumerate(sentences) if k2 != at]
        read = (
            len({m[0].upper() for m in moves}) == 1
            and not MOVE_NAMED.search(sentence[code.end() :])
            and not _NEGATED_ANY.search(sentence)
            and not _PLAYS.intersection(_words(sentence[code.end() :]))
            and all(_remark(s) and not _PLAYS.intersection(_words(s)) for s in rest)
        )
        return move, read
    return None


def preview_unread(line: str) -> str | None:
    """A move named in a line that asks for a preview but is not read as one (two moves, other
    words: :func:`preview_asked`): the move, so that the line is asked back and never played
    ("Ich hätte gern eine Vorschau für M13 R1 oder P10 R0, bevor ich ziehe"); None when the
    line names no preview, or thanks for one ("Danke für die Vorschau von M13 R1, die spiele
    ich")."""
    if len(line) > PROSE_MAX or not _PREVIEW_NOUNS.intersection(_words(line)):
        return None
    moves = list(MOVE_NAMED.finditer(line))
    if not moves or _THANKED_FOR.search(line):
        return None
    asks = "?" in line or ASKS.intersection(_words(MOVE_NAMED.sub(" ", line)))
    return moves[0][0] if asks else None


_AWAY = re.compile(
    r"(?i)^\W*(?:(?:then|and\s+then|also|btw|by\s+the\s+way|ensuite|puis|et\s+puis|et|par\s+ailleurs"
    r"|sinon|poi|e\s+poi|inoltre|intanto|dann|danach|und\s+dann|au(?:ß|ss)erdem|und)\s*,?\s+)?"
    r"(?:(?:from\s+tomorrow|da\s+domani|d[èe]s\s+demain|[àa]\s+partir\s+de\s+demain|ab\s+morgen)"
    r"\s*,?\s+)?(?:(?:i['’]ll\s+be|i\s+will\s+be|i['’]m|i\s+am)\s+(?:away|travelling|traveling|offline"
    r"|on\s+(?:holiday|vacation|leave|a\s+(?:business\s+)?trip)|in\s+(?:the\s+)?hospital|abroad"
    r"|off\s+the\s+grid|out\s+of\s+town|unreachable)"
    r"|i['’]?m\s+off(?:\s+on\s+(?:holiday|vacation|a\s+trip))?"
    r"|je\s+(?:serai|suis)\s+(?:absente?|en\s+(?:vacances|d[ée]placement|voyage|cong[ée])"
    r"|[àa]\s+l['’](?:h[ôo]pital|[ée]tranger)|hospitalis[ée]e?|hors\s+ligne|injoignable)"
    r"|je\s+pars(?:\s+en\s+(?:vacances|d[ée]placement|voyage|cong[ée]))?"
    r"|away|(?:io\s+)?(?:sar[òo]|sono|star[òo]|sto)\s+(?:via|assente|fuori|irraggiungibile|offline"
    r"|in\s+(?:vacanza|viaggio|ferie|trasferta|ospedale)|all['’]estero|ricoverat[oa])"
    r"|(?:io\s+)?parto|(?:io\s+)?vado|je\s+file|absente?|assente)(?![\w'’])(?P<rest>.*)$"
)
_ON_BUSINESS = re.compile(
    r"(?i)^\s*(?:for\s+work|on\s+business|pour\s+(?:le\s+)?(?:travail|boulot)|par\s+le\s+travail"
    r"|per\s+lavoro|beruflich|dienstlich|geschäftlich|geschaeftlich)(?![\w'’])\s*,?"
)
"""Why the player is away, before the day or length ("I'm travelling for work until 12 December",
"Ich bin beruflich bis Sonntag unterwegs"; eighth round): read past."""
_UNTIL_THEN = re.compile(
    r"(?i)(?<![\w'’])(?:until\s+then|till\s+then|d['’]ici\s+l[àa]|jusque[- ]?l[àa]|fino\s+ad?\s+allora"
    r"|bis\s+dahin|bis\s+dann|so\s+lange|solange|aussi\s+longtemps|per\s+tutto\s+quel\s+tempo"
    # the time between, said as "meanwhile" (eighteenth round)
    r"|nel\s+frattempo|in\s+the\s+meantime|meanwhile|entre-?temps|pendant\s+ce\s+temps(?:-l[àa])?"
    r"|in\s+der\s+zwischenzeit|w(?:ä|ae)hrenddessen"
    # the player's return itself ("till I'm down", "jusqu'à mon retour", "bis ich zurück bin")
    r"|(?:until|till|til)\s+i(?:['’]m|\s+am|\s+get|\s+come)\s+(?:back|down|home|out)"
    r"|jusqu['’]\s*[àa]\s+mon\s+retour|fino\s+al\s+mio\s+(?:ritorno|rientro)"
    r"|bis\s+(?:zu\s+meiner\s+r(?:ü|ue)ckkehr|ich\s+(?:wieder\s+)?(?:zur(?:ü|ue)ck|da)\s+bin))(?![\w'’])"
)
"""The day named before, in the tail of a leave in words ("Please put me on vacation until
then"): no second length (another length, "puis pendant deux semaines", is asked back)."""


def until_then(text: str) -> re.Match[str] | None:
    """Where ``text`` says "until then" (:data:`_UNTIL_THEN`), or None."""
    return _UNTIL_THEN.search(text)


_WITHOUT = re.compile(
    r"(?i)(?<!\s)\s+(?:with|without|sans|avec|senza|con|ohne|mit)\s+[^\W\d_][^\d]{0,30}$"
)
"""What the player will be without while away, after the day ("until 12 December with no
laptop", "jusqu'au 7 sans ordinateur"; eighth round): a remark without a figure."""
_AWAY_DE = re.compile(
    r"(?i)^\W*(?:(?:danach|dann|anschlie(?:ß|ss)end)\s+bin\s+ich|(?:ich\s+)?bin)\s+(?P<rest>.*?)"
    r"\s+(?:im\s+urlaub|weg|abwesend|verreist|unterwegs"
    r"|im\s+krankenhaus|im\s+spital|in\s+der\s+klinik|in\s+kur|im\s+ausland|auf\s+(?:reisen|dienstreise"
    r"|gesch(?:ä|ae)ftsreise|montage)|offline|nicht\s+erreichbar|ohne\s+(?:internet|netz|wlan))"
    r"(?P<tail>(?:\s+(?:in|nach|bei|an\s+der|am|auf)\s+[^\W\d][^\s,;.!]*)?"
    r"(?:\s+(?:ohne|without)\s+[^\W\d]+)?(?:\s*[,;.!]\s*.*)?)$"
)
_AWAY_LATE = re.compile(
    r"(?i)^\W*(?:je\s+serai|je\s+suis|(?:io\s+)?sar[òo]|(?:io\s+)?star[òo]|i['’]ll\s+be"
    r"|i\s+will\s+be)\s+(?P<rest>.*?)\s+(?:sans\s+(?:r[ée]seau|internet|connexion|wifi|wi-fi)"
    r"|hors\s+ligne|injoignable|senza\s+(?:rete|campo|internet|connessione|wifi)|offline"
    r"|irraggiungibile|without\s+(?:signal|network|internet|reception|wifi)|unreachable)"
    r"(?P<tail>(?:\s*[,;.!]\s*.*)?)$"
)
"""A leave said with its length before the word of being offline, as German says it ("Je serai
deux semaines sans réseau", "Sarò dieci giorni senza campo", "I'll be two weeks without
signal"; thirteenth round): the length is read as :data:`_AWAY_DE`'s."""
_BRACKETED = re.compile(r"\s*\((?P<aside>[^()\d]{1,40})\)")
"""An aside in brackets ("zwei Wochen im Urlaub (Teneriffa!), bitte ..."): where the player goes,
read past when it holds no figure, no time, no doubt and no negation (thirteenth round)."""
_HOLD_VERBS = _listed(
    """
    hold stop freeze pause suspend halt arretez arretes suspendez suspends gelez bloquez stoppez
    arreter suspendre geler bloquer stopper
    fermate fermatemi fermare sospendete sospendetemi sospendere bloccate congelate bloccare
    congelare haltet halten anhalten stoppt stoppen friert einfrieren pausiert pausieren
    """
)
_CLOCK_NOUNS = _listed(
    """
    deadline deadlines clock clocks timer timers delais delai echeances horloge horloges pendule
    pendules chrono chronos temps scadenza scadenze orologio orologi tempo fristen frist uhr uhren
    bedenkzeit zeit
    """
)
"""The request to stop the player's clocks, after a leave said in words ("please hold my
deadlines", "Fermate pure le mie scadenze", "bitte haltet meine Fristen an", "arrêtez mes
délais"; thirteenth round): a verb of stopping, the player's own deadlines or clocks."""


def _holds_clocks(tail: str) -> bool:
    """Does ``tail`` ask to stop the player's own clocks (:data:`_CLOCK_NOUNS`), with no
    negation?"""
    words = set(_words(tail))
    return (
        bool(words & _HOLD_VERBS)
        and bool(words & _CLOCK_NOUNS)
        and bool(words & _MY_CLOCK)
        and _NEGATED_ANY.search(tail) is None
    )


_MY_CLOCK = _listed("me m' moi mi mich mir my mes mon ma mie miei mio mia meine meinen mein meiner")
"""Whose clock a clause asks to stop: the player's own ("mon temps", "il mio orologio", "meine
Bedenkzeit"; never "son délai", "seine Uhr")."""
_ASK_TO = _listed(
    """vi vous ihr euch you chiedo chiediamo demande demandons prie bitten ask far faire
    pure gentilmente cortesemente kindly doch mal now maintenant ora subito jetzt sofort"""
)
"""Who asks to stop the player's clock and of whom ("Vi chiedo di fermare ...", "je vous demande
de bloquer ...", "I ask you to stop ..."), besides :data:`_LEAVE_ASK_WORDS`."""


def _clock_held(clause: str) -> bool:
    """Does ``clause`` name a verb of stopping and a clock (:data:`_HOLD_VERBS`,
    :data:`_CLOCK_NOUNS`), as the request to stop the player's clock that stands for a leave's
    word ("Merci de bloquer mon temps d'ici là", "Vi chiedo di fermare il mio orologio nel
    frattempo", "Bitte meine Bedenkzeit bis dahin anhalten"; eighteenth round)?"""
    said = _words(_HOLD_IT.sub(r"anhalten \g<obj>", _UNTIL_THEN.sub(" ", clause)))
    clocks = [
        w
        for k, w in enumerate(said)
        if w in _CLOCK_NOUNS
        and (w not in _TIME_WORDS or said[k - 1 : k] and said[k - 1] in _MY_CLOCK)
    ]
    return bool(set(said) & _HOLD_VERBS) and bool(clocks)


_TIME_WORDS = _listed("temps tempo zeit")
"""Clock nouns that are the player's clock only after a possessive ("bloquez mon temps", "meine
Zeit anhalten"; not "pendant ce temps", "pas le temps", "in der Zeit")."""


def _without_asides(line: str) -> str:
    """``line`` without its asides in brackets that say only a place or an exclamation
    (:data:`_BRACKETED`)."""
    from pbem.commands.durations import mentions_time
    from pbem.commands.vocabulary import doubts

    def aside(m: re.Match[str]) -> str:
        text = m["aside"]
        if doubts(text) or mentions_time(text) or _NEGATED_ANY.search(text) or "?" in text:
            return m[0]
        return ""

    return _BRACKETED.sub(aside, line)


_STARTING = re.compile(
    r"(?i)^\s*(?:(?:ensuite|puis|then|poi|dann|danach|aussi|also|anche|auch|demain|tomorrow|domani"
    r"|morgen)\s*,?\s+|from\s+(?:tomorrow|today|tonight)|(?:[àa]\s+partir\s+de|d[èe]s)\s+(?:demain|ce\s+soir"
    r"|aujourd['’]hui)|da\s+(?:domani|oggi|stasera)|ab\s+(?:morgen|heute|sofort))\s*,?"
)
_PAUSE = re.compile(
    r"(?i)(?<![\w'’])(?:pause|pausa|pausieren|on\s+hold|vacances|vacation|holiday|urlaub|vacanza"
    r"|cong[ée]|urlaubsmodus)(?![\w'’])"
)


_PUT_ME = _listed(
    """
    put set mark place switch pause mettre mettez mets mettiez placer passer passez mettete
    mettetemi mettermi metti mettimi segnate segnatemi segnami segnarmi mettereste setzen setzt
    setze setz eintragen tragt trag trage markieren markiert stellen stellt stell
    einschalten aktivieren aktiviert schaltet activer activez activate enable attivare attivate
    attivatemi
    """
)
"""The verbs of putting the player on leave, in the four languages ("could you put me on
vacation?", "pouvez-vous me mettre en vacances ?", "mi mettete in vacanza?", "bitte setzt mich
auf Urlaub")."""
_ME = _listed("me m' moi mi mich mir my mes mon mie miei meine meinen")


def _asks_leave(tail: str) -> bool:
    """Is ``tail``, after a leave said in words, the request to put the player on leave, asked
    (a modal, a question, "please") with a verb of putting, the player as its object and a word
    of pausing, and no negation ("Could you put me on vacation?", "bitte setzt mich auf Urlaub";
    issue 31, tenth round)? Such a tail is no doubt of the leave said before it, though its
    "could" or "setzt" is one of a move."""
    words = _words(tail)
    return (
        _PAUSE.search(tail) is not None
        and _NEGATED_ANY.search(tail) is None
        and bool(_PUT_ME.intersection(words) or any(w.endswith("mi") and w[:-2] in _PUT_ME
                                                    for w in words))
        and bool(_ME.intersection(words) or any(w.endswith("mi") for w in words))
        and ("?" in tail or bool(ASKS.intersection(words)) or words[0] in _PUT_ME)
    )  # fmt: skip


def _same_length(tail: str, got: str) -> bool:
    """Do the figures of ``tail`` only say the length ``got`` again ("Ich bin ab morgen zwei
    Wochen im Urlaub, bitte 14 Tage Urlaub eintragen"; eighth round)?"""
    from pbem.commands.durations import read_duration

    said = re.findall(r"\d+\s*[^\W\d_]+", tail)
    return (
        bool(said)
        and all(read_duration(x) == got for x in said)
        and not re.search(r"\d(?![\d\s]*[^\W\d_])", tail)
    )


_STARTING_END = re.compile(
    r"(?i)\s*,?\s*(?:from\s+(?:tomorrow|today|tonight)|(?:[àa]\s+partir\s+de|d[èe]s)\s+(?:demain"
    r"|ce\s+soir|aujourd['’]hui)|da\s+(?:domani|oggi|stasera)|ab\s+(?:morgen|heute|sofort))\s*$"
)
"""A leave's start said after its length ("dix jours à partir de demain", "a week from
tomorrow"): the leave starts now, as "from tomorrow" before it is read (eleventh round)."""
_ENTER_IT = re.compile(
    r"(?i)(?<![\w'’])(?:tragt|trag|tragen\s+sie|tragen)(?P<obj>[^,.;:!?\d]{0,30}?)\s+ein(?![\w'’])"
)
"""German "tragt ... ein" (enter it), whose "ein" is no figure ("bitte tragt mir Urlaub ein")."""
_HOLD_IT = re.compile(
    r"(?i)(?<![\w'’])(?:haltet|halte|halt|halten\s+sie|halten)(?P<obj>[^,.;:!?\d]{0,30}?)\s+an"
    r"(?![\w'’])"
)
"""German "haltet ... an" (stop it), whose "an" is no time ("bitte haltet meine Fristen an";
thirteenth round), as :data:`_ENTER_IT`."""
_PLACE_FIRST = re.compile(r"(?i)^\s*(?:in|nach|bei|an\s+der|am|auf)\s+[^\W\d][^\s,;.!]*")
"""Where the player goes, before the tail of a German leave ("... auf Geschäftsreise in Wien,
bitte ...")."""
_NOTE_IT = re.compile(
    r"(?i)\W*(?:bitte\s+)?(?:eintragen\s+(?:das|es|mich)(?:\s+bitte)?"
    r"|(?:das\s+)?(?:bitte\s+)?eintragen|(?:please\s+)?(?:note|log|record)\s+(?:it|that)"
    r"|(?:merci\s+de\s+)?(?:le\s+)?noter|notez(?:-le)?|(?:segnatelo|annotatelo|segnatevelo))"
    r"(?:\s+(?:bitte|please|svp|merci|per\s+favore|grazie|danke))?\W*"
)
"""The request to note the leave said before ("Ich bin zehn Tage im Urlaub, bitte tragt das
ein", "please note it", "segnatelo"; eleventh round)."""
_OVER_THERE = re.compile(
    r"(?i)(?<![\w'’])(?:up\s+there|down\s+there|out\s+there|there|l[àa][- ]?(?:bas|haut)?|laggi[ùu]"
    r"|lass[ùu]|l[iì]|dort(?:\s+(?:oben|unten))?|da\s+(?:oben|unten)|probably|probablement"
    r"|probabilmente|wahrscheinlich|at\s+all|du\s+tout|affatto|(?:for|pour|per|f(?:ü|ue)r)\s+(?:work"
    r"|le\s+travail|lavoro|die\s+arbeit)|anyway|de\s+toute\s+fa[çc]on|comunque|sowieso)(?![\w'’])"
)
"""Where the player will be without network, beside a leave's reason said with a negation ("pas
de réseau là-bas", "no signal up there", "kein Netz dort")."""


def _length_then_remark(clause: str) -> str | None:
    """The length a leave's clause starts with, then where or why the player goes ("2 semaines en
    rando", "una settimana per lavoro", "zwei Wochen an der Ostsee", "ten days in Crete"; eleventh
    round), or None: the remark holds no figure, no time, no later start, no denial (a reason
    said with a negation, "sans réseau", aside)."""
    from pbem.commands.durations import leading_duration, mentions_time
    from pbem.mail.reply import strip_please

    clause = _STARTING_END.sub("", clause)
    words = clause.split()
    for j in range(len(words), 0, -1):
        got = leading_duration(" ".join(words[:j]), strip_please)
        if got is None:
            continue
        remark = without_offline(" ".join(words[j:]))
        if (
            any(c.isdigit() for c in remark)
            or mentions_time(remark)
            or _LATER_START.search(remark)
            or _NEGATED_ANY.search(remark)
            or "?" in remark
        ):
            return None
        return got if not got.startswith("until") else None
    return None


def _back_first(tail: str) -> tuple[str, str] | None:
    """The day of return said in the first clause of ``tail`` ("je rentre dimanche soir", "torno
    domenica sera"), as VACATION hears it, and the rest of ``tail``; None when that clause says
    no return day or anything more than it."""
    from pbem.commands.durations import back_on
    from pbem.commands.vocabulary import Said

    tail = tail.strip(" ,;:")
    while (
        (parts := re.split(r"\s*[,;:.!]\s+|\s*[.!]$", tail, maxsplit=1))[0]
        and len(parts) > 1
        and without_offline(parts[0]) != parts[0]
        and not _OVER_THERE.sub(" ", without_offline(parts[0])).strip(" ,;:.!")
    ):
        tail = tail[len(parts[0]) :].strip(" ,;:")  # "..., pas de réseau, de retour dimanche soir"
    parts = re.split(r"\s*[,;:.!]\s+|\s*[.!]$", tail, maxsplit=1)
    first = parts[0]
    cmd = vocabulary().commands.get("vacation")
    if cmd is None or not first or back_on(first) is None or _NEGATED_ANY.search(first):
        return None
    if _IF.intersection(_words(first)) or "?" in first:
        return None  # "forse torno domenica", "retour dimanche ou lundi": asked back
    heard = cmd.hear(Said(first, first, first))
    if heard is None or heard.error is not None or not heard.arg or not cmd.sure(heard.arg):
        return None
    return heard.arg, tail.strip(" ,;:")[len(first) :]


def leave_in_words(line: str) -> list[tuple[Spoken, str]]:
    """VACATION said in words without the command's word ("Je serai absent jusqu'au 30 novembre
    inclus, merci de mettre mes parties en pause", "Ich bin ab morgen bis einschließlich Sonntag
    im Urlaub", "I'll be away for 10 days, please pause my games"; issue 31): the player away
    now or from tomorrow, until a day or for a length the service reads, then nothing but a
    request to pause or courtesy. ``[]`` for anything else (a question, a figure or a denial
    after it, the past)."""
    from pbem.commands.durations import LATER_PERIOD, leading_duration, mentions_time, read_until
    from pbem.mail.reply import denies, is_courtesy, strip_please

    if len(line) > PROSE_MAX or LATER_PERIOD.search(line):
        return []  # ("I'm away ten days next month": not now)
    line = line[g.end() :] if (g := _GREETING.match(line)) else line  # ("Salve, sarò via ...")
    line = _without_asides(line)
    line = re.sub(r"\s+([.!])", r"\1", _NOT_AROUND.sub(" ", line)).rstrip()  # ("und komme nicht
    # zum Spielen": a reason)
    m = _AWAY.match(line)
    de = _AWAY_DE.match(line) if m is None else None
    if m is None and de is None:
        de = _AWAY_LATE.match(line)  # "Je serai deux semaines sans réseau, ..."
    if m is None and de is None:
        return []
    rest = _STARTING.sub("", (m or de)["rest"]).strip(" ,")  # type: ignore[index]
    rest = _ON_BUSINESS.sub("", rest).strip(" ,")
    if de is not None:
        # "Ich bin ab heute zwei Wochen weg": a length too (eighth round)
        got, tail = (
            read_until(strip_please(rest)) or leading_duration(rest, strip_please),
            de["tail"],
        )
    else:
        clause = re.split(r"\s*[,;:.!]\s+|\s*[.!]$", rest, maxsplit=1)
        got = leading_duration(clause[0], strip_please)
        if got is None and (w := _WITHOUT.search(clause[0])):
            got = leading_duration(clause[0][: w.start()], strip_please)
        if got is None:
            got = _length_then_remark(clause[0])
        tail = rest[len(clause[0]) :]
        if got is None and clause[0].strip() and (back := _back_first(tail)) is not None:
            # "je pars en week-end chez mes beaux-parents, je rentre dimanche soir : merci de
            # me mettre en vacances jusque-là" (eleventh round): the day of return said after
            got, tail = back
    if got is None:
        return []
    tail = _HOLD_IT.sub(r"anhalten \g<obj>", _ENTER_IT.sub(r"eintragen \g<obj>", tail))
    tail = _PLACE_FIRST.sub("", tail).strip(" ,;:.!")
    if tail and (offline := without_offline(tail)) != tail:
        # "je serai absent deux semaines, pas de reseau la bas", "..., no laptop", "ohne
        # Internet. Bitte Urlaub für mich eintragen.": the reason, no denial
        tail = _OVER_THERE.sub(" ", offline).strip(" ,;:.!")
    if _NOTE_IT.fullmatch(tail):
        tail = ""  # ("ein" of "tragt das ein" is no figure)
    if tail and not _UNTIL_THEN.sub(" ", tail).strip(" ,;:.!"):
        tail = ""  # "..., torno domenica. Fino ad allora non ci sono." (the reason aside above)
    if "?" in line[: len(line) - len(tail)] or ("?" in tail and not _asks_leave(tail)):
        return []  # "Je serai absent jusqu'au 30, c'est grave ?"
    if tail and (
        (any(c.isdigit() for c in tail) and not _same_length(tail, got))
        or (mentions_time(_UNTIL_THEN.sub(" ", tail)) and not _same_length(tail, got))
        or (denies(tail.split()) and not _asks_leave(tail))
        or not (_PAUSE.search(tail) or _holds_clocks(tail) or is_courtesy(tail))
    ):
        return []
    cmd = vocabulary().commands.get("vacation")
    return [(cmd, got)] if cmd is not None else []


_LEAVE_NOUNS = re.compile(
    r"(?i)(?<![\w'’])(?:vacation|vacations|holiday|holidays|leave|vacances|cong[ée]s?|vacanza"
    r"|vacanze|ferie|urlaub|ferien|pause|pausa|on\s+hold|urlaubsmodus|abwesenheitsmodus"
    r"|vacation\s+mode|holiday\s+mode|mode\s+vacances|modalit[àa]\s+(?:vacanza|ferie)"
    r"|als\s+abwesend|comme\s+absente?|come\s+assente|as\s+(?:away|absent))(?![\w'’])"
)
"""The words of the leave the player asks to be put on ("put me on holiday", "mettez-moi en
vacances", "mettetemi in ferie", "Urlaub eintragen", "pause me")."""
_LEAVE_ASK_WORDS = _listed(
    """
    you vous tu voi ihr sie euch
    can could would will pouvez pourriez peux pourrais potete potreste puoi potresti koennt
    koenntet koennen koennten kannst
    please pls plz svp stp s' il plait perfavore perpiacere bitte merci grazie danke thanks
    thank mille beaucoup schoen
    so then and also donc alors et puis ensuite quindi allora e poi dunque dann und daher
    deshalb
    me moi m' mi mich mir my mes mon mie miei meine meinen
    games game parties partie partite partita spiele partien clock clocks pendule horloge
    orologio uhr
    all toutes tutte alle le la les i on in en auf into a
    de di for pour per fuer su
    """
)
"""The words around a request to be put on leave, besides its verb (:data:`_PUT_ME`) and its
noun (:data:`_LEAVE_NOUNS`): who asks, courtesy, the player and their games ("Merci de mettre
mes parties en pause jusque-là", "grazie di mettermi in ferie fino ad allora")."""
_INFINITIVE_ASKS = _listed("eintragen setzen markieren stellen einschalten aktivieren")
"""German infinitives that ask with "bitte" and no pronoun ("bitte bis dahin Urlaub eintragen")."""
_IF = _listed(
    """if whether si se wenn falls ob maybe perhaps forse magari vielleicht eventuell or ou o oder
    was were war waren etais etait ero era stato stata had avais avait hatte"""
)
"""Words that make the prose before a request for leave a condition, a doubt or the past ("If
I'm off ...", "Away until Friday maybe", "I was away until Monday")."""
_MOVE_CODE_IN = re.compile(
    r"(?i)(?<![\w'’])[a-p]\s?\d{1,2}(?![\w'’])|(?<![\w'’])r\s?[0-3](?![\w'’])"
)
_OFFICIAL = re.compile(r"(?i)(?<![\w'’])(?!by)[rybgk]{2}(?![\w'’])")
_A_LENGTH = re.compile(r"(?i)(?<![\w'’])(?:for|per|pour|pendant|f(?:ü|ue)r)\s+(?P<len>[^,;:.!?]+)")


def _leave_clause_asked(clause: str) -> tuple[str, str] | None:
    """``clause`` as the request to be put on leave ("vous pouvez me mettre en vacances
    jusque-là ?", "mettetemi in ferie per 14 giorni", "pls pause me till then", "bitte bis dahin
    Urlaub eintragen"), and what it says of the leave's end: ``("then", "")`` for "until then",
    ``("length", text)`` for a length after "for/per/für", ``("", "")`` for nothing; None when
    the clause holds any other word or does not ask for the player."""
    from pbem.commands.durations import read_duration

    said = ""
    end: tuple[str, str] = ("", "")
    if (then := until_then(clause)) is not None:
        clause = clause[: then.start()] + " " + clause[then.end() :]
        end = ("then", "")
    for m in _A_LENGTH.finditer(clause):
        words = m["len"].split()
        for k in range(min(len(words), 4), 0, -1):
            if read_duration(" ".join(words[:k])):
                said = " ".join(words[:k])
                break
        if said:
            if end[0]:
                return None  # "until then" and a length: asked back
            clause = clause[: m.start()] + " " + " ".join(words[len(said.split()) :])
            end = ("length", said)
            break
    clause = _ENTER_IT.sub(r"eintragen \g<obj>", clause)
    nouns = list(_LEAVE_NOUNS.finditer(clause))
    if _clock_held(clause) and (held := _clock_clause_asked(clause, end)) is not None:
        return held  # ("can you pause my deadlines until then?": "pause" the verb)
    if not nouns and _clock_held(clause):
        return None
    if len(nouns) != 1:
        return None
    words = _words(clause[: nouns[0].start()] + " " + clause[nouns[0].end() :])
    verb = [w for w in words if w in _PUT_ME or (w.endswith("mi") and w[:-2] in _PUT_ME)]
    me = _ME.intersection(words) or any(w.endswith("mi") and w[:-2] in _PUT_ME for w in words)
    pausing = nouns[0][0].casefold() == "pause" and "me" in words  # ("pls pause me till then")
    typed = vocabulary().lookup(nouns[0][0]) if nouns[0][0].isupper() else None
    if typed is not None and typed.kind == "vacation" and not _words(clause[: nouns[0].start()]):
        pausing = True  # the command's word ("VACATION until then please")
    if end[0] and _PLEASE.intersection(words) and _ME.intersection(words):
        pausing = True  # "Bis dahin bitte Urlaub für alle meine Spiele" (a noun, no verb)
    if not (verb or pausing) or _NEGATED_ANY.search(clause):
        return None
    if not (me or pausing or ("bitte" in words and _INFINITIVE_ASKS.intersection(words))):
        return None  # "il faudrait le mettre en vacances ?": someone else
    if any(w not in _LEAVE_ASK_WORDS and w not in verb for w in words):
        return None
    asks = "?" in clause or ASKS.intersection(words) or words[:1] == verb[:1] or pausing
    return end if asks or "bitte" in words else None


def _clock_clause_asked(clause: str, end: tuple[str, str]) -> tuple[str, str] | None:
    """``clause``, which holds no word of leave, as the request to stop the player's own clock
    (:func:`_clock_held`) that asks for the leave the prose before names ("Merci de bloquer mon
    temps d'ici là", "Vi chiedo di fermare il mio orologio nel frattempo", "Bitte meine
    Bedenkzeit so lange anhalten", "please pause my clock till then"), as
    :func:`_leave_clause_asked` says it; None for any other word (someone else's clock, "son
    délai", "seine Uhr"), a negation, or no asking."""
    clause = _HOLD_IT.sub(r"anhalten \g<obj>", clause)
    words = _words(clause)
    if _NEGATED_ANY.search(clause):
        return None  # (whose clock: the closed lists hold only the player's own possessives)
    if any(
        w not in _LEAVE_ASK_WORDS
        and w not in _HOLD_VERBS
        and w not in _CLOCK_NOUNS
        and w not in _MY_CLOCK
        and w not in _ASK_TO
        and w not in _PLEASE
        for w in words
    ):
        return None
    asks = (
        "?" in clause
        or ASKS.intersection(words)
        or _PLEASE.intersection(words)
        or words[:1] == [w for w in words if w in _HOLD_VERBS][:1]
        or (_ASK_TO - {"vi", "vous", "ihr", "euch", "you", "far", "faire"}).intersection(words)
    )
    return end if asks else None


def _aside(text: str) -> bool:
    """A remark after a request for leave that changes nothing of it ("I'll move when I'm
    home", "così nessuno mi aspetta"): no figure, no time, no leave, no negation, no taking
    back."""
    from pbem.commands.durations import mentions_time
    from pbem.commands.retraction import is_take_back

    return not (
        any(c.isdigit() for c in text)
        or mentions_time(text)
        or _LEAVE_NOUNS.search(text)
        or _NEGATED_ANY.search(text)
        or _IF.intersection(_words(text))
        or is_take_back(text)
        or _NEVER_MIND.search(text)
    )


_STARTED = re.compile(
    r"(?i)(?<![\w'’])(?:(?:from\s+)?(?:tomorrow|today|tonight)|(?:[àa]\s+partir\s+de\s+|d[èe]s\s+)?"
    r"(?:demain|aujourd['’]hui|ce\s+soir)|(?:da\s+)?(?:domani|oggi|stasera)|(?:ab\s+)?(?:morgen|heute)"
    r"|(?:ce|this|questo|dieses|(?:(?:for|pour)\s+)?the)\s+(?:week-?end|fine\s+settimana|wochenende)"
    r"|(?:pour\s+le|le|per\s+il|il)\s+(?:week-?end|fine\s+settimana)|(?:(?:ü|ue)bers|am)\s+wochenende)"
    r"(?![\w'’])"
)
"""When a leave starts, in the prose before a request for it ("Flying out tomorrow, back on the
4th"): no second time (another one, "then for another week", is asked back)."""


_PLACE = re.compile(
    r"(?<![\w'’])(?:[aà]|au|en|in|nach|to|at|chez|bei|da|dai|zu)\s+(?:[A-ZÀ-Ý][\w'’-]*)(?![\w'’])"
)
"""Where the player goes, a capitalised name after its preposition ("je file chez ma soeur a
Lyon"): no time, though "a" is one ("a week"); fourteenth round."""


def _one_date(clause: str) -> bool:
    """Are the figures of ``clause`` one day's ("until 12 December", "bis zum 4.12.", "jusqu'au
    20/12"), not a figure besides it ("until 12 December with 3 laptops")?"""
    groups = re.findall(r"\d+", clause)
    return len(groups) == 1 or (
        len(groups) == 2 and re.search(r"\d{1,2}[./]\d{1,2}(?!\d)", clause) is not None
    )


def leave_asked_after(line: str) -> list[tuple[Spoken, str]]:
    """VACATION asked in words after the prose that names its end or length ("Je suis en
    séminaire jusqu'à jeudi, vous pouvez me mettre en vacances jusque-là ?", "fino a martedì sono
    in trasferta, mettetemi in vacanza fino ad allora", "Ab morgen bin ich auf einer Hochzeit und
    erst Sonntag wieder da, bitte bis dahin Urlaub eintragen", "I'm off to Canada for two weeks,
    so please put me on vacation for 14 days"; issue 31, twelfth round): the line's last clause
    with a word of leave is the request (:func:`_leave_clause_asked`), the prose before it names
    the day or the length of the player's leave once (:func:`durations.leave_before`) and holds
    no question, no doubt or condition, no negation (a reason without network aside), no one
    else's leave and no move; after the request only courtesy or a remark. ``[]`` otherwise."""
    from pbem.commands.durations import (
        _CLAUSE,
        _day_in,
        _someone_else,
        back_on,
        leave_before,
        length_named,
        mentions_time,
        read_duration,
    )
    from pbem.mail.reply import is_courtesy

    if len(line) > PROSE_MAX:
        return []
    line = line[g.end() :] if (g := _GREETING.match(line)) else line
    clauses = [(m.start(), m.end()) for m in _CLAUSE.finditer(line)]
    starts = [0, *(e for _s, e in clauses)]
    ends = [*(s for s, _e in clauses), len(line)]
    found = [
        (s, e)
        for s, e in zip(starts, ends, strict=True)
        if _LEAVE_NOUNS.search(line[s:e]) or _clock_held(line[s:e])
    ]
    if len(found) != 1:
        return []
    start, stop = found[0]
    end = _leave_clause_asked(line[start:stop] + ("?" if line[stop:].lstrip()[:1] == "?" else ""))
    before, after = line[:start], line[stop:]
    if end is None or not before.strip(" ,;:.!-–—"):
        return []
    if "?" in after.lstrip()[1:] or _IF.intersection(_words(after)):
        return []  # "..., or is that silly?"
    for rest in _CLAUSE.split(after):
        if rest.strip() and not (is_courtesy(rest) or _aside(without_offline(rest))):
            return []  # "..., I'll move when I'm home", "così nessuno mi aspetta" are remarks
    words = _words(before)
    if (
        "?" in before
        or _IF.intersection(words)
        or _OFFICIAL.search(before)
        or _MOVE_CODE_IN.search(before)
    ):
        return []
    if _NEGATED_ANY.search(without_offline(before)):
        return []
    said = [c.strip() for c in _CLAUSE.split(before) if c.strip()]
    if any(_someone_else(c) for c in said):
        return []
    if any(
        any(ch.isdigit() for ch in c) and not ((_day_in(c) or back_on(c)) and _one_date(c))
        for c in said
    ):
        return []  # a figure that is no day (a move, a time) or a second day ("until next
        # Friday (4 December)": which Friday?)
    days = [c for c in said if _day_in(c) or back_on(c)]
    if days and any(
        c not in days and mentions_time(_PLACE.sub(" ", _STARTED.sub(" ", c))) for c in said
    ):
        return []  # a day and another time ("until 12 December, then for another week")
    if end[0] == "then":
        named = leave_before("until then", before)
    elif end[0] == "length":
        named = end[1]
        other = length_named(before)
        if any(_day_in(c) or back_on(c) for c in said) or (
            other is not None and other != read_duration(named)
        ):
            return []  # "jusqu'à mardi, mettez-moi en vacances 7 jours": which?
    else:
        named = leave_before("", before)
    return _leave_heard(line, named)


_RESIGNED = re.compile(
    r"(?i)^(?:(?:ok|okay|so|well|right|honestly|alors|bon|bref|donc|allora|va\s+bene|ok\s+allora|also"
    r"|na\s+ja|naja|gut|tja|ehrlich\s+gesagt)\s*,?\s+)?(?P<said>"
    r"i\s+resign(?:\s+(?:the|this)\s+game)?|i\s+am\s+resigning|i['’]m\s+resigning"
    # (nineteenth round: the resignation said as about to be, "I'm going to resign this one",
    # "je vais abandonner la partie", "ich steig aus dieser Partie aus")
    r"|i(?:['’]m|\s+am)\s+going\s+to\s+resign(?:\s+(?:the|this)\s+(?:game|one))?"
    r"|je\s+vais\s+abandonner\s+(?:la|cette)\s+partie|(?:sto\s+per|adesso)\s+abbandon(?:o|are)"
    r"\s+(?:la|questa)\s+partita|ich\s+werde\s+(?:die|diese)\s+partie\s+aufgeben"
    r"|i(?:['’]d|\s+would)\s+like\s+to\s+resign\s+from\s+(?:the|this)\s+game"
    r"|i(?:\s+(?:want|wish)|(?:['’]ve|\s+have)?\s+decided)\s+to\s+resign\s+from\s+(?:the|this)\s+game"
    r"|je\s+(?:souhaite|voudrais|veux|pr[ée]f[èée]re|pr[ée]f[ée]rerais)\s+(?:abandonner|me\s+retirer\s+de)"
    r"\s+(?:la|cette)\s+partie"
    r"|(?:vorrei|voglio|preferisco|ho\s+deciso\s+di)\s+(?:ritirarmi\s+(?:dalla|da\s+questa)"
    r"|abbandonare\s+(?:la|questa))\s+partita"
    r"|ich\s+(?:m(?:ö|oe)chte|will|w(?:ü|ue)rde\s+gerne?)\s+(?:aus\s+(?:der|dieser)\s+partie\s+aussteigen"
    r"|(?:die|diese)\s+partie\s+aufgeben)"
    r"|i\s+concede(?:\s+(?:the|this)\s+game)?|i\s+give\s+up(?:\s+(?:on\s+)?(?:the|this)\s+game)?"
    r"|j['’]\s*abandonne(?:\s+(?:la|cette)\s+partie)?|je\s+d[ée]clare\s+forfait"
    r"|je\s+me\s+retire(?:\s+de\s+(?:la|cette)\s+partie)?|je\s+jette\s+l['’]\s*[ée]ponge"
    r"|mi\s+ritiro(?:\s+(?:dalla|da\s+questa)\s+partita)?|abbandono(?:\s+(?:la|questa)\s+partita)?"
    r"|mi\s+arrendo|getto\s+la\s+spugna"
    r"|ich\s+gebe\s+(?:die\s+partie\s+|das\s+spiel\s+)?auf|ich\s+kapituliere"
    r"|ich\s+steig(?:e)?\s+(?:aus\s+(?:der|dieser)\s+partie\s+aus|hier\s+aus)"
    r"|resign|abandonner|abbandona|aufgeben)\s*[.!]*$"
)
"""The player resigning, in the first person and now, as a whole clause ("I resign", "j'abandonne
la partie", "mi ritiro da questa partita", "Ich gebe auf"), or the command's word alone."""
_RESIGNED_STRONG = re.compile(
    r"(?i)(?:i\s+resign|resigning|resign\s+(?:the|this)\s+(?:game|one)"
    r"|resign\s+from\s+(?:the|this)\s+game|concede\s+(?:the|this)\s+game|(?:la|cette)\s+partie"
    r"|give\s+up\s+(?:on\s+)?(?:the|this)\s+game"
    r"|d[ée]clare\s+forfait|(?:dalla|questa)\s+partita|die\s+partie\s+auf|das\s+spiel\s+auf"
    r"|partie\s+aus|^(?:resign|abandonner|abbandona|aufgeben)\s*[.!]*$)"
)
"""A resignation that names the game or is the command's word ("I resign", "j'abandonne la
partie", "mi ritiro da questa partita", "ich gebe die Partie auf"); a bare giving up ("Ich gebe
auf", "I give up") is despair as much, and is read only beside a farewell (:data:`_FAREWELL`)."""
_THANKS_FOR_GAMES = (
    r"|thanks?\s+(?:you\s+)?(?:all\s+)?for\s+the\s+(?:games|rounds)|merci\s+(?:[àa]\s+tous\s+)?pour\s+les\s+parties"
    r"|grazie\s+(?:a\s+tutti\s+)?(?:per|delle)\s+(?:le\s+)?partite"
    r"|danke\s+(?:euch\s+)?(?:f(?:ü|ue)rs\s+spiel(?:en)?|f(?:ü|ue)r\s+(?:das\s+spiel|die\s+(?:sch(?:ö|oe)nen\s+)?(?:runden"
    r"|partien|spiele)))"
)
"""Thanks for the games played, a farewell beside a resignation ("Danke fürs Spiel!", "Danke für
die schönen Runden!", "merci pour les parties"; eighteenth round)."""
_NOT_KEEP_WAITING = (
    r"|(?:i\s+)?(?:don['’]?t|do\s+not)\s+want\s+to\s+keep\s+(?:you|everyone)\s+waiting"
    r"|(?:je\s+)?(?:ne\s+veux\s+pas|pr[ée]f[èe]re\s+ne\s+pas)\s+vous\s+faire\s+attendre"
    r"|(?:non\s+)?voglio\s+farvi\s+aspettare|(?:und\s+)?ich\s+will\s+euch\s+nicht\s+(?:ewig\s+|l(?:ä|ae)nger\s+)?"
    r"warten\s+lassen|(?:ich\s+)?schaffe\s+(?:ich\s+)?(?:das|es)\s+(?:einfach\s+)?nicht\s+mehr"
    r"|schaffe\s+ich\s+(?:das|es)\s+(?:einfach\s+)?nicht\s+mehr"
    # (nineteenth round: "don't want to hold you all up", "plutôt que de vous faire attendre")
    r"|(?:i\s+)?(?:don['’]?t|do\s+not)\s+want\s+to\s+hold\s+(?:you|everyone|anyone)(?:\s+all)?\s+up"
    r"|rather\s+than\s+(?:keep|keeping)\s+(?:you|everyone)(?:\s+all)?\s+waiting"
    r"|plut[ôo]t\s+que\s+de\s+vous\s+faire\s+attendre|piuttosto\s+che\s+farvi\s+aspettare"
    r"|statt\s+euch\s+(?:ewig\s+)?warten\s+zu\s+lassen"
)
"""Why a player resigns, said with a negation: no time to keep the others waiting ("ich will euch
nicht ewig warten lassen", "je ne veux pas vous faire attendre", "Mit dem neuen Job schaffe ich
das einfach nicht mehr"; eighteenth round)."""
_FAREWELL = re.compile(
    r"(?i)(?<![\w'’])(?:let\s+the\s+computer|(?:free|freeing)\s+(?:up\s+)?(?:the|my)\s+seat"
    r"|thanks?\s+(?:you\s+)?(?:for|all\s+for)\s+the\s+game|good\s+luck\s+(?:all|everyone|to\s+all)"
    r"|sorry\s+(?:to|all)|laissez\s+l['’]ordinateur|lib[ée]rer?\s+(?:la|ma)\s+place"
    r"|merci\s+(?:[àa]\s+tous\s+)?pour\s+la\s+partie|bonne\s+(?:continuation|chance)"
    r"|lasciate\s+(?:giocare\s+)?il\s+computer|liberare?\s+il\s+(?:mio\s+)?posto"
    r"|grazie\s+(?:a\s+tutti\s+)?(?:per|della)\s+(?:la\s+)?partita|buona\s+(?:continuazione|fortuna)"
    r"|lasst\s+den\s+computer|danke\s+f(?:ü|ue)r\s+die\s+partie|viel\s+gl(?:ü|ue)ck|sorry\s+an\s+alle"
    + _THANKS_FOR_GAMES
    + r")(?![\w'’])"
)
"""A farewell to the game or its seat handed over ("thanks for the game", "lasst den Computer
weiterspielen"): what confirms a bare giving up ("Ich gebe auf, habe keine Chance mehr" alone is
despair: asked back)."""
_RESIGNED_WHY = re.compile(
    r"(?i)(?<![\w'’])(?:too\s+far\s+behind|(?:can['’]?t|cannot|can\s+not)\s+catch\s+up|no\s+chance"
    r"|(?:hopelessly|way|miles|so\s+far)\s+behind|(?:can['’]?t|cannot|can\s+not)\s+see\s+a\s+way\s+(?:back|out)"
    r"|no\s+way\s+back|no\s+way\s+(?:i\s+can|to)\s+catch\s+up|thanks?\s+(?:all|everyone|everybody)|(?:it\s+)?was\s+(?:fun|a\s+pleasure)"
    r"|largu[ée]e?|(?:aucune\s+chance|plus\s+moyen)\s+de\s+(?:revenir|rattraper)|merci\s+[àa]\s+tous"
    r"|c['’][ée]tait\s+(?:sympa|un\s+plaisir)"
    r"|non\s+vedo\s+come\s+recuperare|(?:irrimediabilmente|troppo|molto)\s+indietro|grazie\s+a\s+tutti"
    r"|[èe]\s+stato\s+(?:bello|divertente|un\s+piacere)"
    r"|hoffnungslos\s+(?:zur(?:ü|ue)ck|hinten)|nichts\s+mehr\s+zu\s+(?:holen|machen)"
    r"|danke\s+(?:euch\s+)?allen|hat\s+spa(?:ß|ss)\s+gemacht"
    r"|(?:it['’]s|the\s+game\s+is)\s+lost|no\s+(?:more\s+)?time(?:\s+(?:left|any\s*more))?"
    r"|let\s+the\s+computer|(?:free|freeing)\s+(?:up\s+)?(?:the|my)\s+seat"
    r"|thanks?\s+(?:you\s+)?(?:for|all\s+for)\s+the\s+game|good\s+luck\s+(?:all|everyone|to\s+all)"
    r"|sorry\s+(?:to|all)"
    r"|trop\s+loin\s+derri[èe]re|(?:plus\s+)?aucune\s+chance|c['’]est\s+perdu|plus\s+le\s+temps"
    r"|inutile\s+de\s+faire\s+tra[îi]ner|laissez\s+l['’]ordinateur|lib[ée]rer?\s+(?:la|ma)\s+place"
    r"|merci\s+(?:[àa]\s+tous\s+)?pour\s+la\s+partie|bonne\s+(?:continuation|chance)"
    r"|troppo\s+indietro|nessuna\s+(?:possibilit[àa]|speranza)|(?:la\s+partita\s+)?[èe]\s+persa"
    r"|non\s+ho\s+pi[ùu]\s+tempo|lasciate\s+(?:giocare\s+)?il\s+computer|liberare?\s+il\s+(?:mio\s+)?posto"
    r"|grazie\s+(?:a\s+tutti\s+)?(?:per|della)\s+(?:la\s+)?partita|buona\s+(?:continuazione|fortuna)"
    r"|zu\s+weit\s+(?:hinten|zur(?:ü|ue)ck)|keine\s+chance|(?:ist\s+)?(?:f(?:ü|ue)r\s+mich\s+)?gelaufen"
    r"|das\s+wird\s+nichts\s+mehr|keine\s+zeit\s+mehr|lasst\s+den\s+computer|(?:ist\s+)?verloren"
    r"|danke\s+f(?:ü|ue)r\s+die\s+partie|viel\s+gl(?:ü|ue)ck|sorry\s+an\s+alle"
    + _THANKS_FOR_GAMES
    + _NOT_KEEP_WAITING
    + r")(?![\w'’])"
)
"""Why a player resigns, or the farewell beside it (too far behind, no time any more, let the
computer play, thanks for the game): what confirms a resignation said in words."""
_RESIGN_LIMITED = _listed(
    """turn move round coup tour mossa turno mano zug runde now today tonight maintenant
    aujourd'hui soir ora oggi stasera jetzt heute abend moment instant joke kidding blague
    plaisante scherzo scherzando witz spass rules regles regole regeln understand comprends
    capisco verstehe tile tuile tessera plaettchen actually finalement anzi eigentlich wait
    attendez attends aspetta aspettate warte wartet again encore ancora nochmal try essayer
    provare versuchen"""
)
"""Words that limit a giving up to a turn, a moment, a joke or a thing ("I give up for tonight",
"j'abandonne, je comprends rien aux règles", "ich gebe auf, dieses Plättchen passt nie"): no
resignation from the game."""


_WAS_FUN = re.compile(
    r"(?i)(?<![\w'’])(?:(?:it\s+)?was\s+(?:fun|a\s+pleasure)|c['’][ée]tait\s+(?:sympa|un\s+plaisir)"
    r"|[èe]\s+stato\s+(?:bello|divertente|un\s+piacere)|hat\s+spa(?:ß|ss)\s+gemacht"
    # the others wished fun (eighteenth round)
    r"|(?:und\s+)?viel\s+spa(?:ß|ss)(?:\s+noch)?|have\s+fun|amusez-vous\s+bien|divertitevi)(?![\w'’])"
)
"""A farewell said in the past ("was fun", "c'était sympa", "hat Spaß gemacht") or fun wished to
the others ("viel Spaß noch", "have fun"): its "was" is no past of the resignation, its "Spaß" no
joke (seventeenth round)."""


def resign_in_words(line: str) -> list[tuple[Spoken, str]]:
    """RESIGN said in words, confirmed in the same line (issue 31, twelfth round): a clause that
    resigns in the first person and now (:data:`_RESIGNED`: "I resign", "j'abandonne la
    partie", "mi ritiro da questa partita", "Ich gebe auf"), and beside it a second one that
    says it again (the command's word, "RESIGN") or why (:data:`_RESIGNED_WHY`: "can't catch up
    from here", "non ho più tempo", "die Partie ist für mich gelaufen, lasst den Computer
    weiterspielen", "thanks for the game"), as the service wants RESIGN and CONFIRM. Nothing in
    the line asks, sets a condition, doubts, takes back, names a move or limits it to a turn or
    a thing (:data:`_RESIGN_LIMITED`). ``[]`` otherwise: the player is asked back (a resignation
    cannot be undone)."""
    from pbem.commands.durations import _CLAUSE
    from pbem.commands.retraction import is_take_back
    from pbem.mail.reply import is_courtesy

    if len(line) > PROSE_MAX or "?" in line or any(c.isdigit() for c in line):
        return []
    line = line[g.end() :] if (g := _GREETING.match(line)) else line
    line = _RATHER_THAN.sub(r", \1", line)  # "... la partie plutôt que de vous faire attendre"
    words = _words(_WAS_FUN.sub(" ", line))
    limited = _words(
        " ".join(
            _EVERY_TURN.sub(" ", c) if _RESIGNED_WHY.search(c) else c
            for c in _CLAUSE.split(_WAS_FUN.sub(" ", line))
        )
    )
    if (
        _IF.intersection(words)
        or _RESIGN_LIMITED.intersection(limited)
        or _OFFICIAL.search(line)
        or is_take_back(line)
        or _NEVER_MIND.search(line)
        or re.search(
            r"(?i)(?<![\w'’])(?:doch\s+nicht|not\s+really|pas\s+vraiment|non\s+davvero)", line
        )
    ):
        return []
    clauses = [c.strip() for c in _CLAUSE.split(line) if c.strip()]
    said = [k for k, c in enumerate(clauses) if _RESIGNED.match(c)]
    if not said:
        return []
    typed = [k for k in said if clauses[k].strip(" .!").isupper()]
    whys = [k for k, c in enumerate(clauses) if k not in said and _RESIGNED_WHY.search(c)]
    if len(said) - len(typed) < 1 and not whys:
        return []
    if len(said) < 2 and not whys:
        return []  # "I resign." alone asks for CONFIRM, as RESIGN alone does
    if not any(_RESIGNED_STRONG.search(clauses[k]) for k in said) and not any(
        _FAREWELL.search(c) for c in clauses
    ):
        return []  # "Ich gebe auf, habe keine Chance mehr": despair, asked back
    if any(
        k not in whys and not is_courtesy(c) and not _ADDRESSED.fullmatch(c)
        for k, c in enumerate(clauses)
        if k > said[-1]
    ):
        return []  # only why or farewell after it ("No chance, I give up. Actually no, ...")
    cmd = vocabulary().commands.get("resign")
    return [(cmd, "")] if cmd is not None else []


_ADDRESSED = re.compile(
    r"(?i)(?:(?:and\s+|et\s+|e\s+|und\s+)?(?:everyone|everybody|all|folks|guys|y['’]all|[àa]\s+tous"
    r"|tout\s+le\s+monde|tutti|a\s+tutti|ragazzi|alle|leute|ihr\s+lieben))\s*[.!]*"
)
"""The others named after a farewell ("Thanks for the game, everyone.", "Merci, à tous"): a
clause that says nothing more (nineteenth round)."""
_RATHER_THAN = re.compile(
    r"(?i)\s+(rather\s+than|plut[ôo]t\s+que\s+de|piuttosto\s+che|statt|anstatt)(?=\s)"
)
"""What a resignation is preferred to, set apart as a clause of its own ("Je préfère abandonner
la partie plutôt que de vous faire attendre à chaque tour"; nineteenth round)."""
_EVERY_TURN = re.compile(
    r"(?i)(?<![\w'’])(?:now|maintenant|ora|jetzt|(?:[àa]\s+)?chaque\s+tour|every\s+(?:turn|move)"
    r"|(?:a\s+)?ogni\s+turno|(?:bei\s+)?jedem?\s+(?:zug|runde))(?![\w'’])"
)
"""In the reason of a resignation, the time words that do not limit it to a turn or a moment
("Too far behind to catch up now", "plutôt que de vous faire attendre à chaque tour")."""


_LAST_SENTENCE = re.compile(r"[.!;:]\s+(?P<word>[^\W\d_]{4,})\s*[.!]*\s*$")


def typed_after_prose(line: str) -> list[tuple[Spoken, str]]:
    """A command of no argument typed in capitals as the last sentence of a line of prose that
    says why ("The trip was cancelled, so I'm back earlier than planned. BACK", "Je ne vois plus
    rien sur mon téléphone. PLATEAU"; issue 31, twelfth round): the command, when it takes no
    argument (:class:`~pbem.commands.vocabulary.Alone`), changes nothing or only ends a leave
    (BACK), and the prose before it holds no figure, move, question, negation, condition or
    doubt. RESIGN is :func:`resign_in_words`'s."""
    from pbem.commands.vocabulary import ALONE, Said

    m = _LAST_SENTENCE.search(line)
    if m is None or len(line) > PROSE_MAX or not m["word"].isupper():
        return []
    cmd = vocabulary().lookup(m["word"])
    if cmd is None or cmd.form is not ALONE or (changes(cmd) and cmd.kind != "back"):
        return []
    before = line[: m.start()]
    if (
        "?" in before
        or any(c.isdigit() for c in before)
        or _OFFICIAL.search(before)
        or _NEGATED_ANY.search(before)
        or _IF.intersection(_words(before)) - {"was", "were", "war", "ero", "era", "etait"}
        or {"might", "may", "could", "should", "would"}.intersection(_words(before))
        or _NEVER_MIND.search(before)
    ):
        return []
    heard = cmd.hear(Said(m["word"], "", ""))
    if heard is None or heard.error is not None or heard.flags or heard.ignore:
        return []
    return [(cmd, heard.arg)]


def resign_alone(out: Any) -> None:
    """A resignation said in words (:func:`resign_in_words`) stands alone in its reply: beside
    another command or move, or a line of prose that is neither its reason nor courtesy ("I
    resign, no chance." / "Actually no, M13 R1"), it is asked back as RESIGN without CONFIRM is
    (``out``: the reply's :class:`~pbem.commands.grammar.Reading`; twelfth round)."""
    from pbem.mail.reply import is_courtesy

    said = [c for c in out.commands if c.kind == "resign" and resign_in_words(c.line)]
    if not said:
        return
    others = [c for c in out.commands if c not in said]
    prose = [x for x in out.ignored if not (is_courtesy(x) or _RESIGNED_WHY.search(x))]
    if not others and not prose and len(said) == 1:
        return
    cmd = vocabulary().commands.get("resign")
    heard = cmd.settle(frozenset({"resign"})) if cmd is not None else None
    for c in said:
        out.commands.remove(c)
        if heard is not None and heard.error is not None:
            out.errors.append((c.line, heard.error))


_PAUSE_ASK = (
    r"(?:please\s+|(?:can|could|would|will)\s+you\s+(?:please\s+)?|(?:pouvez|pourriez)[- ]vous\s+"
    r"|merci\s+de\s+|(?:potete|potreste)\s+|per\s+favore\s+|(?:k(?:ö|oe)nnt|k(?:ö|oe)nntet)\s+ihr\s+"
    r"|k(?:ö|oe)nn(?:en|ten)\s+sie\s+|bitte\s+)?"
)
_MY_GAMES = (
    r"(?:(?:all\s+)?my\s+(?:games?|deadlines|clocks?|timers?)|(?:toutes\s+)?mes\s+(?:parties|d[ée]lais"
    r"|horloges?|pendules?)|ma\s+partie|(?:tutte\s+)?le\s+mie\s+(?:partite|scadenze)|la\s+mia\s+partita"
    r"|il\s+mio\s+orologio|(?:alle\s+)?meine\s+(?:partien|partie|spiele|fristen|uhren?))"
)
_MY_GAMES_PAUSED = re.compile(
    r"(?i)(?:^|(?<=[,;:.!?])\s*)\W*" + _PAUSE_ASK
    + r"(?:pause|freeze|suspend|hold|stop|mettez\s+en\s+pause|mettre\s+en\s+pause|suspendez|suspendre"
    r"|gelez|geler|sospendete|sospendere|congelate|congelare|fermate|mettete\s+in\s+pausa"
    r"|mettere\s+in\s+pausa|pausiert|pausieren|friert\s+ein|anhalten|haltet\s+an)"
    r"(?:\s+(?:pure|donc|bitte|please|svp|per\s+favore))?\s+"
    + _MY_GAMES + r"(?P<tail>[^.!?]*)[.!?]*\s*$"
)  # fmt: skip
_MY_GAMES_PUT = re.compile(
    r"(?i)(?:^|(?<=[,;:.!?])\s*)\W*" + _PAUSE_ASK
    + r"(?:put|mettre|mettez|mettiez|mettete|mettere|metti)(?:\s+(?:pure|donc|please|svp))?\s+"
    + _MY_GAMES + r"\s+(?:en\s+pause|en\s+attente|in\s+pausa|on\s+hold)"
    + r"(?P<tail>[^.!?]*)[.!?]*\s*$"
)  # fmt: skip
"""The same with the pause after the games ("Merci de mettre mes parties en pause", "put my
games on hold"; fourteenth round)."""
_MY_GAMES_PAUSED_DE = re.compile(
    r"(?i)(?:^|(?<=[,;:.!?])\s*)\W*" + _PAUSE_ASK + _MY_GAMES
    + r"(?P<tail>[^.!?]*?)\s+(?:pausieren|anhalten|einfrieren|ruhen\s+lassen)(?:\s+bitte)?[.!?]*\s*$"
)  # fmt: skip
"""The player's own games paused, asked in words ("Vado in ferie, sospendete le mie partite per
dieci giorni", "Away on a work trip till the 5th of December, can you pause my deadlines until
then?", "Bitte meine Partien zwei Wochen pausieren"; issue 31, tenth round): a leave, VACATION
(a pause of the game for everyone is PROPOSE PAUSE, :func:`pause_in_words`)."""


def my_games_paused(line: str) -> list[tuple[Spoken, str]]:
    """VACATION asked as the player's games paused (:data:`_MY_GAMES_PAUSED`), with its length
    or day after the request or named in the prose before it (one of them, never both); ``[]``
    for anything else (a negation, a figure beside them, someone else's)."""
    from pbem.commands.durations import (
        day_named,
        leading_duration,
        leave_before,
        length_named,
        mentions_time,
    )
    from pbem.mail.reply import strip_please

    if len(line) > PROSE_MAX:
        return []
    m = (
        _MY_GAMES_PAUSED.search(line)
        or _MY_GAMES_PAUSED_DE.search(line)
        or _MY_GAMES_PUT.search(line)
    )
    if m is None or _NEGATED_ANY.search(line[m.start() :]) or "?" in line[: m.start()]:
        return []  # ("Starò via dieci giorni? Fermate le mie scadenze.": which?)
    before, tail = line[: m.start()], strip_please(m["tail"].strip(" ,;"))
    said = leading_duration(_PAUSE_LEAD.sub("", tail), strip_please) if tail else None
    if said is not None:
        if (any(c.isdigit() for c in before) or mentions_time(before)) and (
            length_named(before) != said or day_named(before)
        ):
            return []  # a length after, a day before: which? (the same length said twice is one)
        got: str | None = said
    else:
        got = leave_before(tail, before)
    return _leave_heard(line, got)


def _leave_heard(line: str, named: str | None) -> list[tuple[Spoken, str]]:
    """VACATION with the length or end ``named`` in ``line``, read by its own form ("until
    12-05"), when it is sure of it; else nothing."""
    from pbem.commands.vocabulary import Said
    from pbem.mail.reply import strip_please

    cmd = vocabulary().commands.get("vacation")
    if cmd is None or not named:
        return []
    heard = cmd.hear(Said(line, named, strip_please(named)))
    if heard is None or heard.error is not None or not heard.arg or not cmd.sure(heard.arg):
        return []
    return [(cmd, heard.arg)]


_BACK = re.compile(
    r"(?i)^\W*(?:(?:hi|hello|bonjour|salut|ciao|buongiorno|buonasera|hallo|guten\s+tag|eccomi"
    r"|me\s+voil[àa]|da\s+bin\s+ich)(?:\s+(?:all|everyone|[àa]\s+tous|a\s+tutti|tutti|zusammen))?\W+)?"
    r"(?:(?:i['’]?m|i\s+am|i['’]ve\s+(?:come|got)|i\s+(?:came|got))\s+back(?:\s+home)?"
    r"|(?:i['’]?m|i\s+am)\s+home(?:\s+again)?|home\s+again|back(?:\s+again)?|de\s+retour"
    # out of the hospital, the place the leave was for (eighteenth round)
    r"|(?:i['’]?m|i\s+am|i['’]ve\s+been\s+let|i\s+got)\s+out\s+of\s+(?:the\s+)?(?:hospital|clinic)"
    r"|je\s+suis\s+sortie?\s+de\s+l['’]\s*(?:h[ôo]pital|clinique)"
    r"|(?:io\s+)?sono\s+uscit[oa]\s+dall['’]\s*ospedale|(?:io\s+)?sono\s+uscit[oa]\s+dalla\s+clinica"
    r"|(?:ich\s+)?bin\s+(?:wieder\s+)?(?:aus\s+dem\s+(?:krankenhaus|spital)|aus\s+der\s+klinik)"
    r"\s+(?:raus|entlassen|heraus)"
    r"|(?:rientrat|tornat)[oa]|(?:io\s+)?ci\s+sono\s+di\s+nuovo|(?:io\s+)?sono\s+di\s+nuovo\s+qui"
    r"|je\s+suis\s+(?:de\s+retour|rentr[ée]e?|revenue?)|me\s+(?:revoil[àa]|voil[àa]\s+de\s+retour)"
    r"|rentr[ée]e?|revenue?|enfin\s+rentr[ée]e?|zur(?:ü|ue)ck(?=\s+(?:aus|vom|von)\s)|wieder\s+da"
    r"|(?:io\s+)?sono\s+(?:di\s+ritorno|(?:tornat|rientrat)[oa](?:\s+a\s+casa)?)"
    r"|eccomi\s+di\s+ritorno"
    r"|(?:ich\s+)?bin\s+(?:(?:schon|wieder|fr(?:ü|ue)her(?:\s+als\s+(?:geplant|gedacht))?"
    r"|(?:aus|von)\s+(?:dem|der|meinem|meiner)\s+[^\W\d_]{3,}|vom\s+[^\W\d_]{3,})\s+)*"
    r"(?:zur(?:ü|ue)ck(?:gekommen)?|wieder\s+da))"
    r"(?P<rest>(?![\w'’]).*)$"
)
"""The player back in words ("Je suis rentré plus tôt que prévu", "I'm back early", "Sono
tornata dalle vacanze", "Ich bin früher als geplant zurück"): the present perfect only, never
"je serai de retour" (a leave's end to come)."""
_FROM_EVENT = (
    r"(?:de\s+)?chez\s+(?:(?:mon|ma|mes|le|la|les)\s+)?[^\W\d_]{3,}"
    r"|(?:from|de|du|des|dal|dalla|dallo|dall['’]|dai|dalle|vom|von|aus)\s+(?:(?:the|my|a|an|la|le|les|l['’]"
    r"|mon|ma|mes|il|lo|mio|mia|dem|der|meinem|meiner|einem|einer)\s*)?[^\W\d_]{3,}"
)
"""Where the player is back from ("back from the conference", "rentré du salon", "tornato
dall'ospedale", "zurück von der Messe"; eleventh round): read past after "I'm back" (a leave
that is over only with a request to resume: "I'm back from lunch" greets)."""
_BACK_EARLY = re.compile(
    r"(?i)^(?:\s*[,:;]?\s*(?:"
    + _FROM_EVENT
    + r"|early|earlier|sooner|than|expected|planned|from|my|the|holidays?|vacation"
    r"|trip|leave|plus|t[ôo]t|que|pr[ée]vu|de|des|mes|vacances|voyage|cong[ée]s?|en|avance|prima"
    r"|del|previsto|in|anticipo|dalle|dal|mie|vacanze|viaggio|ferie|fr(?:ü|ue)her|als|geplant"
    r"|gedacht|aus|dem|vom|urlaub|der|reise|schon|wieder|zur(?:ü|ue)ck|already|d[ée]j[àa]|gi[àa]"
    r"|home|maison|casa|hause|a|à|zu|now|maintenant|ora|adesso|jetzt|last\s+night|yesterday"
    r"|this\s+morning|hier(?:\s+soir)?|ce\s+matin|ieri(?:\s+sera)?|stamattina|gestern(?:\s+abend)?"
    r"|after|apr[èe]s|dopo|nach|the|l['’]|la|le|les|il|lo|das|die|den|hospital|h[ôo]pital|ospedale"
    r"|krankenhaus|klinik|spital|clinic|clinique|clinica|kur|reha|surgery|operation|op[ée]ration"
    r"|operazione|intervento|house\s+move|move|d[ée]m[ée]nagement|trasloco|umzug|funeral"
    r"|enterrement|funerale|beerdigung|business\s+trip|work\s+trip|d[ée]placement|trasferta"
    r"|dienstreise|gesch(?:ä|ae)ftsreise|mission|montage"
    # the return said twice ("Rentrée plus tôt que prévu : je suis de retour"; fourteenth round)
    r"|je\s+suis\s+(?:de\s+retour|rentr[ée]e?)|i['’]?m\s+back|sono\s+(?:tornat|rientrat)[oa]"
    r"|ich\s+bin\s+(?:wieder\s+)?(?:zur(?:ü|ue)ck|da)"
    # the leave said over after its name ("Me revoilà, les vacances sont finies !"; eighteenth
    # round)
    r"|(?:is|are|est|sont|[èe]|sono|ist|sind)\s+(?:over|finie?s?|termin[ée]e?s?|finit[ae]|finit[oi]"
    r"|vorbei|zu\s+ende)|over)"
    r"(?![\w'’]))*"
)
"""What may follow "I'm back" in its clause: early, from the holiday, home, now."""
_RESUMING = _listed(
    """resume restart reactivate unpause continue start restarting resuming relancer relancez
    reprendre reprenez reactiver reactivez redemarrer redemarrez remettre remettez marche route
    riprendere riprendete riattivare riattivate ripartire ripartite rimettere rimettete
    riavviare riavviate weiter weiterlaufen laufen lassen fortsetzen aktivieren reaktivieren
    rimettetemi riattivatemi riavviatemi
    starten anlaufen deadlines deadline timers timer clocks clock delais delai horloges
    scadenze scadenza fristen frist uhren games parties partite partien spiele normal normally
    normalement normale normalmente normalen gang usual as far orologi uhr waiting wait attente
    attendu attesa warten fuers everyone everybody tous tutti alle allen euch d' l' avoir for
    pure carry on go ahead continuer continuons continuare continuiamo proseguire proseguiamo
    weitergehen weitermachen weiterspielen geht kann es on peut possiamo possono can riprendiamo
    reprenons horloge orologio clock play jouer giocare spielen today aujourd hui oggi heute
    from partir da ab
    pendule pendules chrono chronos duerfen darf koennen koennt far faire
    wake up again reveiller reveillez svegliare svegliate wecken weckt aufwecken"""
)
"""Words of a request to resume after "I'm back" ("vous pouvez relancer mes délais", "please
resume my games", "riattivate pure le mie partite", "ihr könnt meine Fristen wieder laufen
lassen")."""


_LEAVE_OVER = re.compile(
    r"(?i)(?<![\w'’])(?:early|earlier|sooner|t[ôo]t|pr[ée]vu|avance|previsto|anticipo|fr(?:ü|ue)her"
    r"|geplant|gedacht|holidays?|vacation|trip|leave|vacances|voyage|cong[ée]s?|vacanze|viaggio"
    r"|ferie|urlaub|reise|de\s+retour\s+de|rientrat[oa]|hospital|h[ôo]pital|ospedale|krankenhaus"
    r"|klinik|spital|clinic|clinique|clinica|kur|reha|house\s+move|d[ée]m[ée]nagement|trasloco"
    r"|umzug|home\s+again|di\s+nuovo|me\s+revoil[àa]|wieder\s+da|absence|assenza|abwesenheit"
    r"|vanishing|disappearing|silence|silenzio|funkstille)(?![\w'’])"
)
_SORRY_ABSENT = re.compile(
    r"(?i)[,;.!]?\s*(?<![\w'’])(?:sorry|apologies|d[ée]sol[ée]e?s?|pardon|excusez(?:[- ]moi)?"
    r"|scusate(?:mi)?|scusa(?:mi)?|entschuldigt|entschuldigung|sorry)\s+(?:for|pour|per|f(?:ü|ue)r"
    r"|de)?\s*(?:the|my|l['’]\s*|l\s+|la|le|mon|ma|mia|mio|die|meine|das)?\s*(?:absence|long\s+absence"
    r"|vanishing|disappearing|silence|radio\s+silence|delay|retard|assenza|sparizione|silenzio"
    r"|ritardo|abwesenheit|funkstille|versp(?:ä|ae)tung)(?![\w'’])[.!]*"
)
"""An apology for the absence after "I'm back" ("sorry for vanishing", "désolé pour l'absence",
"scusate l'assenza", "sorry für die Funkstille"): courtesy, and a word of the leave that is over
(eleventh round)."""
_LEAVE_IS_OVER = re.compile(
    r"(?i)[,;.!]?\s*(?<![\w'’])(?:the|my|les|mes|le|la|il|le\s+mie|der|mein|die|meine)?\s*"
    r"(?:holidays?|vacation|leave|trip|vacances|cong[ée]s?|voyage|vacanz[ae]|ferie|viaggio|urlaub"
    r"|ferien|reise)\s+(?:is|are|(?:is\s+)?over|est|sont|[èe]|sono|ist|sind)\s*(?:over|finie?s?"
    r"|termin[ée]e?s?|finit[ae]|finit[oi]|vorbei|zu\s+ende)?(?![\w'’])[.!]*"
)
"""The leave said over after "I'm back" ("Der Urlaub ist vorbei", "les vacances sont finies",
"holiday's over"; eleventh round)."""
"""Words of a leave that is over ("back early", "plus tôt que prévu", "dalle vacanze", "aus dem
Urlaub"): with them "I'm back" is BACK; alone it may only greet ("Hi, I'm back! M13 R1")."""
_RESUME = _listed(
    """resume restart reactivate unpause relancer relancez reprendre reprenez reactiver
    reactivez redemarrer redemarrez remettre remettez riprendere riprendete riattivare
    riattivate ripartire ripartite rimettere rimettete riavviare riavviate weiter weiterlaufen
    rimettetemi riattivatemi riavviatemi
    laufen fortsetzen aktivieren reaktivieren starten anlaufen deadlines deadline timers timer
    clocks clock delais delai horloges scadenze scadenza orologi fristen frist uhren carry
    continue continuer continuons continuare continuiamo proseguire proseguiamo weitergehen
    weitermachen weiterspielen horloge orologio uhr pendule pendules chrono chronos"""
)
"""A request to resume after "I'm back" ("you can restart the clocks", "relancer mes délais")."""


_BACK_AGAIN = re.compile(
    r"(?i)[,;:.!]?\s*(?<![\w'’])(?:(?:and|so|donc|et|e|quindi|also|und)\s+)?(?:je\s+suis\s+(?:de\s+retour"
    r"|rentr[ée]e?)|i['’]?m\s+back|i\s+am\s+back|sono\s+(?:tornat|rientrat)[oa]"
    r"|ich\s+bin\s+(?:wieder\s+)?(?:zur(?:ü|ue)ck|da))(?:\s+(?:now|maintenant|ora|adesso|jetzt))?"
    r"(?![\w'’])\s*[.!]*\s*$"
)
"""The return said again at the end, after the request to resume ("Vous pouvez relancer mes
parties, je suis de retour.", "Bitte meine Partien wieder starten, ich bin zurück."; seventeenth
round)."""
_WELL_AGAIN = re.compile(
    r"(?i)[,;:.!]?\s*(?<![\w'’])(?:(?:and|et|e|und)\s+)?(?:(?:i['’]?m\s+|i\s+am\s+)?feeling\s+(?:much\s+|a\s+lot\s+)?"
    r"(?:better|fine|well)|all\s+(?:is\s+)?(?:well|good|fine)|everything(?:['’]s|\s+is)\s+(?:fine|ok|good)"
    r"|tout\s+va\s+bien|[çc]a\s+va\s+(?:mieux|bien)|je\s+vais\s+(?:bien|mieux)"
    r"|(?:sto|va)\s+(?:bene|meglio)|va\s+tutto\s+bene|tutto\s+(?:bene|ok)"
    r"|mir\s+geht(?:['’]?s|\s+es)\s+(?:wieder\s+)?(?:gut|besser)|alles\s+(?:gut|ok|in\s+ordnung))"
    r"(?![\w'’])[.!]*"
)
"""How the player is, said beside the return ("tout va bien", "feeling much better", "sto
meglio", "mir geht's wieder gut"): courtesy (seventeenth round)."""


_SIGN_OFF = _listed("cheers best regards cordialement saluti cari gruss gruesse lg bises ciao")
"""The first word of a sign-off after a request, besides :data:`_THANKS` ("Cheers, Bob")."""
_AS_FOR_ME = re.compile(
    r"(?i)(?<![\w'’])(?:von\s+mir\s+aus|meinetwegen|pour\s+ma\s+part|de\s+mon\s+c[ôo]t[ée]"
    r"|per\s+quanto\s+mi\s+riguarda|da\s+parte\s+mia|per\s+me|as\s+far\s+as\s+i['’]?m\s+concerned"
    r"|from\s+my\s+side|on\s+my\s+side)(?![\w'’])"
)
""""As far as I'm concerned" beside the request to resume ("Bin wieder da, von mir aus kann's
weitergehen"; eighteenth round): the player speaks for themself, read past."""


def back_in_words(line: str) -> list[tuple[Spoken, str]]:
    """BACK said in words without the command's word ("Je suis rentré plus tôt que prévu, vous
    pouvez relancer mes délais", "I'm back early, please resume my games", "Sono tornato dalle
    vacanze", "Ich bin schon zurück, danke"; issue 31): the player back now, then nothing but a
    request to resume or courtesy, and a word of the leave that is over ("early", "from the
    holiday") or the request to resume. ``[]`` for anything else: a greeting alone ("Hi, I'm
    back!"), a question, a figure, a day or any other word after it ("I'm back on Monday", "je
    suis rentré mais je repars demain"), a denial."""
    from pbem.mail.reply import is_courtesy

    if len(line) > PROSE_MAX or "?" in line or any(c.isdigit() for c in line):
        return []
    said_apart = re.split(r"(?<=[.!])\s+", line.strip())
    while (
        len(said_apart) > 1
        and is_courtesy(said_apart[-1])
        and _words(said_apart[-1])[:1] in ([w] for w in _THANKS | _SIGN_OFF)
    ):
        said_apart.pop()  # "..., please restart my clocks. Thanks, Doris" (eighteenth round)
    line = " ".join(said_apart)
    line = _AS_FOR_ME.sub(" ", re.sub(r"(?i)(?<=\w)['’]s(?![\w'’])", " es", line))
    # "de l'hôpital", "dall'ospedale": the article apart
    m = _BACK.match(
        re.sub(r"(?i)(?<![\w'’])(l|d|dall|dell|nell|all|sull)['’](?=\w)", r"\1' ", line)
    )
    if m is None:
        return []
    said = m[0][: len(m[0]) - len(m["rest"])]
    early = _BACK_EARLY.match(m["rest"])
    assert early is not None  # (it matches the empty string)
    rest = m["rest"][early.end() :]
    rest = _BACK_AGAIN.sub(" ", _WELL_AGAIN.sub(" ", rest))
    over = _SORRY_ABSENT.search(rest) or _LEAVE_IS_OVER.search(rest)
    if over is not None and not _NEGATED_ANY.search(over[0]):
        said += " absence"  # "back now, sorry for vanishing", "Wieder da! Der Urlaub ist vorbei."
        rest = rest[: over.start()] + " " + rest[over.end() :]
    words = _words(rest)
    if _NEGATED_ANY.search(rest) or any(
        w not in PLAIN and w not in ASKING and w not in _RESUMING for w in words
    ):
        return []
    if not _LEAVE_OVER.search(said + early[0]) and not _RESUME.intersection(words):
        return []  # "Hi, I'm back!" greets: a leave's end, or a request to resume, says BACK
    cmd = vocabulary().commands.get("back")
    return [(cmd, "")] if cmd is not None else []


_MY_TURN = re.compile(
    r"(?i)(?<![\w'’])(?:when|whenever|quand|lorsque|lorsqu['’]|quando|wenn|sobald)\s*(?:"
    r"(?:it['’]?s|it\s+is)\s+(?:my\s+(?:turn|move|go)|me\s+to\s+(?:play|move))|i['’]?m\s+up"
    r"|i\s+(?:have\s+to|must|need\s+to"
    r"|can)\s+(?:play|move)"
    r"|c['’]est\s+(?:(?:mon\s+tour|mon\s+coup|[àa]\s+moi)(?:\s+de\s+jouer)?)|je\s+dois\s+jouer"
    r"|(?:[èe]\s+(?:il\s+mio\s+turno|la\s+mia\s+mossa|il\s+mio\s+tiro)|tocca\s+a\s+me"
    r"|devo\s+(?:giocare|muovere))"
    r"|ich\s+(?:dran|an\s+der\s+reihe|am\s+zug)\s+bin|ich\s+ziehen\s+muss)(?![\w'’])"
)
"""When it is the player's turn, in words ("when it's my turn", "quand c'est à moi de jouer",
"quando tocca a me", "wenn ich dran bin")."""
_MAIL_ME = _listed(
    """please pls plz svp stp s' il vous plait perfavore perpiacere bitte only just solely
    seulement uniquement que ne n' solo soltanto unicamente nur noch mail email e-mail mails
    emails write send notify contact message me mail me mi mir mich m' moi ecrivez ecris
    ecrivez-moi envoyez prevenez contactez scrivetemi scrivimi scrivete mandatemi avvisatemi
    contattatemi schreibt schreiben schickt benachrichtigt kontaktiert sie mir uns mails
    messages to and et e und i would like d' want je voudrais voudrais aimerais prefere
    prefererais vorrei preferisco preferirei ich moechte haette gern gerne lieber from now on
    desormais dorenavant d'ora in poi ab jetzt kuenftig future a partir maintenant da ora poi
    hi hello bonjour salut ciao buongiorno hallo thanks thank you merci grazie danke receive
    get recevoir ricevere bekommen erhalten des delle dei a an un une una uno ein eine einen
    de di ecrire envoyer scrivermi scrivere mandarmi"""
)
"""The words around "when it's my turn" in MAIL TURNS asked in a sentence ("Please only mail me
when it's my turn", "Écrivez-moi seulement quand c'est à moi de jouer svp")."""
_ONLY = _listed("only just solely seulement uniquement que solo soltanto unicamente nur")
_ASKS_MAIL = _listed(
    """please pls plz svp stp plait perfavore perpiacere bitte voudrais aimerais prefere
    prefererais vorrei preferisco preferirei moechte gern gerne lieber like want would
    suffirait basterebbe reichen reicht genuegt enough
    ecrivez envoyez prevenez contactez scrivetemi scrivimi mandatemi avvisatemi contattatemi
    schreibt benachrichtigt kontaktiert"""
)
_TOO_MANY = _listed(
    """too many much mails mail emails e-mails messages trop de courriels troppe troppi
    messaggi email zu viele nachrichten it's it is c'est sono sind ist es the les le la i gli
    die das il y a there are ci gibt get i je j' recois io ricevo ich bekomme kriege"""
)
"""A reason after the request: "too many messages", "trop de mails", "troppe mail", "zu viele
Mails"."""


_EVERY_MOVE = re.compile(
    r"(?i)(?<![\w'’])(?:(?:for|at|after|on)\s+(?:every|each)\s+(?:single\s+)?(?:move|turn)"
    r"|(?:[àa]|pour|apr[èe]s)\s+chaque\s+(?:coup|tour)|(?:ad|per|dopo)\s+ogni\s+(?:mossa|turno)"
    r"|(?:bei|nach|f(?:ü|ue)r)\s+jed(?:em|en)\s+(?:zug|spielzug))(?![\w'’])"
)
"""A mail for every move, in words ("for every move", "à chaque coup", "ad ogni mossa", "bei
jedem Zug"): MAIL EVERY."""
_DAILY = re.compile(
    r"(?i)(?<![\w'’])(?:(?:once|one\s+(?:e-?)?mail|a\s+single\s+(?:e-?)?mail)\s+(?:a|per)\s+day"
    r"|(?:a\s+)?daily\s+(?:digest|summary)|(?:une\s+fois|un\s+(?:seul\s+)?(?:e-?)?mail"
    r"|un\s+(?:seul\s+)?courriel)\s+par\s+jour|un\s+r[ée]sum[ée]\s+quotidien"
    r"|(?:una\s+volta|una\s+(?:sola\s+)?(?:e-?)?mail)\s+al\s+giorno|un\s+riepilogo\s+giornaliero"
    r"|(?:einmal|eine\s+(?:e-?)?mail)\s+(?:am|pro|im)\s+tag|eine\s+t(?:ä|ae)gliche"
    r"\s+zusammenfassung)(?![\w'’])"
)
"""One mail a day, in words ("once a day", "un mail par jour", "una volta al giorno", "einmal am
Tag"): MAIL DIGEST."""
_MODE_WORDS = _listed(
    """again de nouveau nouveau di nuovo nuovo wieder back retour like before comme avant come
    prima wie vorher instead plutot piuttosto stattdessen prefer rather
    go going to sending send receiving getting envoyer recevoir mandare ricevere schicken senden
    bekommen revenir tornare zurueck
    be enough sufficient suffice suffices suffit suffirait suffiraient assez largement basta
    basterebbe bastano sufficiente reicht reichen wuerde genuegt genuegen voellig mir mi me"""
)
"""(Ninth round: "Un seul mail par jour me suffirait", "One mail a day would be enough", "Una
mail al giorno basterebbe", "Eine Mail am Tag würde mir reichen".)"""


_POLITE_ASK = re.compile(
    r"(?i)^\W*(?:merci\s+de|je\s+vous\s+prie\s+de|grazie\s+se|vi\s+prego\s+di|kindly|go\s+back\s+to"
    r"|switch\s+back\s+to)(?![\w'’])"
)
"""A request written as thanks in advance or a polite formula ("Merci de ne m'écrire que quand
c'est mon tour", "Please go back to sending me a mail for every move"; ninth round)."""


def mail_in_words(line: str) -> list[tuple[Spoken, str]]:
    """MAIL TURNS, EVERY or DIGEST asked in a sentence ("Please only mail me when it's my turn,
    too many messages", "Écrivez-moi seulement quand c'est à moi de jouer svp", "Scrivetemi solo
    quando tocca a me, per favore", "Bitte schreibt mir nur, wenn ich dran bin"; "Please mail me
    for every move again", "Je préférerais un seul mail par jour"; issue 31): the mode's words
    ("only" and "when it's my turn"; "for every move"; "once a day"), a word of asking (please, a
    wish, an imperative of writing), and only words of mail and courtesy around, a reason of too
    many mails at most. ``[]`` for a question ("Do you only mail me when it's my turn?"), a
    statement ("You only mail me when it's my turn", "I get a mail for every move"), a negation
    or any other word."""
    if len(line) > PROSE_MAX or "?" in line or any(c.isdigit() for c in line):
        return []
    if _NEGATED_ANY.search(line):
        return []
    found = [
        (mode, m)
        for mode, pattern in (("TURNS", _MY_TURN), ("EVERY", _EVERY_MOVE), ("DIGEST", _DAILY))
        if (m := pattern.search(line)) is not None
    ]
    if len(found) != 1:
        return []
    mode, m = found[0]
    head = line[: m.start()]
    tail = [x for x in re.split(r"[,;.!]\s*|\s[-–—]\s", line[m.end() :]) if x.strip()]
    words = _words(head)
    imperative = words[:1] in (["only"], ["mail"], ["email"]) and (
        words[1:2] in (["mail"], ["email"], ["write"], ["me"])
    )
    if mode == "TURNS" and not _ONLY & set(words):
        return []
    if not (imperative or _ASKS_MAIL & set(_words(line)) or _POLITE_ASK.search(line)):
        return []
    allowed = _MAIL_ME if mode == "TURNS" else _MAIL_ME | _MODE_WORDS
    if any(w not in allowed for w in words):
        return []
    for clause in tail:
        said = _words(clause)
        if not all(w in allowed for w in said) and not all(w in _TOO_MANY for w in said):
            return []
    cmd = vocabulary().commands.get("mail")
    return [(cmd, mode)] if cmd is not None else []


_PROPOSED_PAUSE = re.compile(
    r"(?i)^\W*(?:(?:so|alors|donc|quindi|allora|also)\s*,?\s+)?(?:"
    r"(?:i(?:\s+would\s+like\s+to|\s*['’]d\s+like\s+to)?\s+(?:propose|suggest)\s+(?:that\s+)?(?:we\s+)?"
    r"|(?:i['’]m\s+)?(?:proposing|suggesting)\s+(?:that\s+)?we\s+)(?:take\s+)?"
    r"(?:a\s+)?(?:pause|break)(?:\s+(?:the|this)\s+(?:game|one))?"
    r"|je\s+(?:voudrais\s+|vous\s+)?propose[rz]?\s+(?:(?:qu['’]on\s+fasse\s+|de\s+faire\s+"
    r"|que\s+nous\s+fassions\s+)?une\s+pause|(?:qu['’]on\s+mette|de\s+mettre)\s+(?:la\s+partie\s+)?"
    r"en\s+pause)"
    # asked of the others with "could we" ("Could we pause the game for two weeks?"; fourteenth
    # round; not "should we", "maybe we should": asked back)
    r"|(?:could|can)\s+we\s+(?:please\s+)?(?:pause|take\s+a\s+break\s+(?:from|in))"
    r"(?:\s+(?:the|this)\s+(?:game|one))?"
    r"|(?:could|can)\s+we\s+(?:please\s+)?(?:propose|suggest)\s+(?:a\s+)?(?:pause|break)"
    r"|(?:io\s+)?(?:vi\s+|ti\s+)?propongo\s+(?:di\s+fare\s+|di\s+fermarci|di\s+fermare(?:\s+la\s+partita)?"
    r"|di\s+sospendere(?:\s+la\s+partita)?"
    r"|di\s+mettere\s+(?:la\s+partita\s+)?in\s+pausa(?:\s+la\s+partita)?)?"
    r"(?:una\s+pausa)?"
    r"|ich\s+(?:schlage|m[öo]chte)\s+(?:vor,?\s+)?(?:eine\s+)?pause\s+(?:von\s+)?(?P<de>.+?)\s+"
    r"(?:vor|vorschlagen)(?=\s*(?:[,.;!]|$))"
    r"|ich\s+schlage\s+vor,?\s+(?:dass\s+wir\s+)?(?:die\s+partie\s+|das\s+spiel\s+)?(?P<de2>.+?)"
    r"\s+(?:zu\s+pausieren|pausieren|ruhen\s+zu\s+lassen|ruhen\s+lassen)(?=\s*(?:[,.;!–—]|$))"
    r"|ich\s+schlage\s+vor,?\s+(?:dass\s+wir\s+|wir\s+machen\s+)?(?P<de3>.+?)\s+(?:eine\s+)?pause"
    r"(?:\s+(?:machen|einlegen|ein))?(?=\s*(?:[,.;!]|$))"
    r")(?![\w'’])(?P<rest>.*)$"
)
"""A pause proposed in words, in the first person and now ("I propose we pause the game for a
week", "Je propose une pause de deux semaines", "Propongo una pausa di 10 giorni", "Ich schlage
eine Pause von einer Woche vor")."""
_GREETING = re.compile(
    r"(?i)^\W*(?:hallo|hi|hello|hey|bonjour|bonsoir|salut|ciao|salve|buongiorno|buonasera"
    r"|guten\s+(?:tag|abend|morgen)|moin|servus)"
    r"(?:\s+(?:zusammen|alle|all|everyone|everybody|[àa]\s+tous|a\s+tutti|tutti|ragazzi))?\s*[,!.]\s*"
)


def greeting(line: str) -> int | None:
    """Where the words after a greeting that opens ``line`` start ("Hi, for my next turn ...",
    "Salve, sarò via ..."); None when the line opens with no greeting."""
    g = _GREETING.match(line)
    return g.end() if g is not None else None


_PAUSE_LEAD = re.compile(r"(?i)^\s*(?:(?:of|for|de|pendant|di|per|von|für|fuer)\s+|d['’]\s*)")


def _length_in(text: str, strip: Callable[[str], str]) -> tuple[str | None, str]:
    """The one length a pause's words name, with a reason or a time around it ("une semaine pour
    les fêtes", "über Weihnachten zwei Wochen"; ninth round), and the words around it (which the
    caller checks hold no figure and deny nothing); ``(None, "")`` when none is read, or a second
    length stands in what is left."""
    from pbem.commands.durations import leading_duration

    words = text.split()
    for i in range(min(4, len(words))):
        for j in range(len(words), i, -1):
            got = leading_duration(" ".join(words[i:j]), strip)
            if got is None:
                continue
            around = " ".join(words[:i] + words[j:])
            short = next(
                x
                for k in range(i + 1, j + 1)
                if (x := leading_duration(" ".join(words[i:k]), strip))
            )
            if short != got or _length_in_rest(around, strip) or _LATER_START.search(around):
                return None, ""  # "une semaine pour les 3 prochains jours", "..., voire deux"
            return got, around
    return None, ""


_LATER_START = re.compile(
    r"(?i)(?<![\w'’])(?:after|from|starting|beginning|next|once|when|until|till|apr[èe]s|[àa]\s+partir"
    r"|d[èe]s|prochaine?s?|quand|jusqu['’]|d[èe]but|fin|dopo|dal|dalla|da|prossim[aoie]|quando|fino"
    r"|inizio|fine|nach|ab|n(?:ä|ae)chste[nrs]?|wenn|sobald|bis|anfang|ende|end|start|january|february"
    r"|march|april|may|june|july|august|september|october|november|december|janvier|f[ée]vrier|mars"
    r"|avril|mai|juin|juillet|ao[ûu]t|septembre|octobre|novembre|d[ée]cembre|gennaio|febbraio|marzo"
    r"|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|dicembre|januar|februar|m(?:ä|ae)rz|juni"
    r"|juli|oktober|dezember|monday|tuesday|wednesday|thursday|friday|saturday|sunday|lundi|mardi"
    r"|mercredi|jeudi|vendredi|samedi|dimanche|luned[iì]|marted[iì]|mercoled[iì]|gioved[iì]|venerd[iì]"
    r"|sabato|domenica|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|tomorrow|demain"
    r"|domani|morgen)(?![\w'’])"
)
"""A later start beside a pause's length ("for a week after Christmas", "ab Montag", "da
gennaio"): a pause proposed is from now, so it is asked back. (A reason with a time after the
length's clause is read as the reason, as the corpus does: "..., a dicembre ho gli esami".)"""


def _length_in_rest(text: str, strip: Callable[[str], str]) -> bool:
    from pbem.commands.durations import leading_duration

    words = text.split()
    return any(leading_duration(" ".join(words[i : i + 3]), strip) for i in range(len(words)))


_PAUSE_DOUBTED = _listed(
    """sure sur sicuro sicura sicher wait attendez attends aspettate aspetta warte wartet but
    mais ma aber instead plutot invece lieber stattdessen rather unless sauf tranne ausser
    against contre contro dagegen joke blague scherzo witz kidding plaisante scherzo
    what which how why think thoughts opinion opinions pensez penser avis quoi pensate pensi
    parere meinung denkt meint findet agree objections einverstanden"""
)
"""Words that doubt or take back a pause proposed before them ("..., not sure though", "...,
mais pas maintenant", "... aber nicht jetzt"): its reason may deny ("je n'aurai pas internet",
"non riesco a pensarci"; twelfth round), these may not."""


_ASKED_PAUSE = re.compile(
    r"(?is)^(?P<q>\W*(?:(?:could|can)\s+we|(?:can|could|may)\s+i\s+(?:suggest|propose)"
    r"|puis-je\s+proposer|posso\s+proporre|darf\s+ich\s+vorschlagen),?\s[^?]*?)\s*\?(?P<after>.*)$"
)
"""A pause asked of the others as a question ("Could we pause the game for two weeks?"), then the
reason: the question read as the proposal when it is the line's only one."""
_MAY_I = (
    (r"(?i)^\W*(?:can|could|may)\s+i\s+(?=suggest|propose)", "I "),
    (r"(?i)^\W*puis-je\s+proposer\s+", "je propose "),
    (r"(?i)^\W*posso\s+proporre\s+", "propongo "),
    (r"(?i)^\W*darf\s+ich\s+vorschlagen,?\s+", "ich schlage vor, "),
)
"""A proposal asked leave for ("Can I suggest we pause the game for a fortnight?", "Puis-je
proposer qu'on mette la partie en pause ?", "Posso proporre di sospendere ...?", "Darf ich
vorschlagen, dass wir ... pausieren?"; nineteenth round): the proposal itself."""
_CLAUSE_START = re.compile(
    r"(?<=[,;:.!])\s+"
    # a season or an event coming up, the reason said without a comma (nineteenth round: "With
    # Christmas coming up I'd like to propose we pause ...", "Avec Noël qui approche je propose
    # ...", "Con il Natale in arrivo propongo ...")
    r"|(?i:(?<=\scoming\sup)|(?<=approaching)|(?<=qui\sarrive)|(?<=qui\sapproche)|(?<=in\sarrivo)"
    r"|(?<=alle\sporte))\s+"
)
_REPORTED = re.compile(
    r"(?i)(?<![\w'’])(?:said|says|say|wrote|writes|write|told|asked|dit|dis|disait|[ée]crit|[ée]crivait"
    r"|demand[ée]|detto|dice|scritto|scrive|chiesto|gesagt|sagt|sagte|geschrieben|schreibt|schrieb"
    r"|gefragt|propos[ée]e?|proposait|suggested|proposed|proposto|suggerito|vorgeschlagen|yesterday"
    r"|hier|ieri|gestern|last|derni[eè]re?|scors[ao]|letzte[nrs]?|wenn|falls|if|si|se|once|lorsque"
    r"|quand|quando|sobald|when)(?![\w'’])"
)
"""Words that make a proposal after them someone's saying, the past or a condition ("Marc a écrit
: je propose ...", "Last week I said: I propose ...", "Wenn Anna zustimmt: ich schlage vor ..."):
not read."""
"""Where a clause starts, after its punctuation."""


def _doubts_pause(tail: str) -> bool:
    """Does the reason after a pause proposed in words doubt it, set a condition, ask, or take
    it back (:data:`_PAUSE_DOUBTED`, :data:`_IF`)? A negation in a reason is no doubt ("I won't
    have internet"); "next week", "ce week-end" say when, not another length."""
    from pbem.commands.retraction import is_take_back
    from pbem.mail.reply import is_correction

    words = _words(tail)
    return (
        "?" in tail
        or bool(_PAUSE_DOUBTED.intersection(words) or _IF.intersection(words))
        or is_take_back(tail)
        or is_correction(tail)
        or _NEVER_MIND.search(tail) is not None
    )


_GROUP = (
    r"(?:the\s+others?|everyone|everybody|all\s+of\s+you|you\s+all|the\s+rest(?:\s+of\s+you)?"
    r"|you(?:\s+guys)?|les\s+autres|tout\s+le\s+monde|vous(?:\s+tous)?|tous|gli\s+altri|tutti"
    r"|voi|alle(?:\s+anderen)?|die\s+anderen|ihr(?:\s+alle)?)"
)
_OTHERS_AGREE = re.compile(
    r"(?i)[,;:.!]?\s*(?<![\w'’])(?:"
    r"(?:if|provided|as\s+long\s+as)\s+" + _GROUP + r"(?:['’]s|\s+(?:is|are))?\s*"
    r"(?:agrees?|ok(?:ay)?(?:\s+with\s+(?:it|that))?|fine(?:\s+with\s+(?:it|that))?"
    r"|(?:do\s+not|don['’]t|doesn['’]t)\s+mind|(?:has|have)\s+no\s+objections?)"
    # "if that's OK with everyone", "if it works for you all" (seventeenth round)
    r"|if\s+(?:that|it|this)(?:['’]s|\s+is)\s+(?:ok(?:ay)?|fine|alright|all\s+right)\s+(?:with|for|by)\s+"
    + _GROUP
    + r"|if\s+(?:that|it|this)\s+works\s+for\s+"
    + _GROUP
    + r"|si\s+(?:[çc]a|cela)\s+(?:vous\s+)?(?:va|convient)(?:\s+[àa]\s+(?:tous|tout\s+le\s+monde))?"
    r"|se\s+(?:vi|ti)\s+(?:va|sta)(?:\s+bene)?|se\s+(?:va|sta)\s+bene\s+a\s+tutti"
    r"|se\s+(?:per|a)\s+tutti\s+va\s+bene"
    r"|(?:wenn|falls)\s+(?:es|das)\s+(?:f(?:ü|ue)r\s+)?(?:allen|alle|euch(?:\s+allen)?|euch\s+alle)"
    r"\s+(?:recht|ok(?:ay)?|in\s+ordnung)\s+ist"
    r"|si\s+" + _GROUP + r"\s+(?:sont|est|[êe]tes)\s+d['’]\s*accord"
    r"|si\s+personne\s+ne\s+s['’]\s*y\s+oppose|si\s+(?:[çc]a|cela)\s+convient\s+(?:[àa]\s+tous"
    r"|aux\s+autres|[àa]\s+tout\s+le\s+monde)"
    r"|se\s+(?:(?:gli\s+altri|tutti)\s+sono|siete(?:\s+tutti)?|sono\s+tutti|tutti\s+siete)"
    r"\s+d['’]\s*accordo|se\s+(?:per|a)\s+voi\s+va\s+bene"
    r"|se\s+nessuno\s+ha\s+(?:niente|nulla)\s+in\s+contrario"
    r"|(?:wenn|falls|sofern)\s+" + _GROUP + r"\s+(?:einverstanden\s+(?:sind|seid)|zustimm(?:en|t)"
    r"|nichts\s+dagegen\s+(?:haben|habt))"
    r")(?:\s*,?\s*(?:of\s+course|naturally|obviously|bien\s+s[ûu]r|[ée]videmment|naturellement"
    r"|naturalmente|ovviamente|nat(?:ü|ue)rlich|selbstverst(?:ä|ae)ndlich))?(?![\w'’])[,;:.!]?"
)
"""The others' agreement to a pause proposed, as its condition ("if the others agree", "si les
autres sont d'accord, évidemment", "se siete tutti d'accordo", "wenn alle einverstanden sind";
issue 31, fifteenth round): every proposal waits for their votes, so it is no condition of the
player's own. A name ("Wenn Anna zustimmt") or the past ("si les autres avaient été d'accord")
is none of these."""
_AGREE_ASKED = re.compile(
    r"(?i)(?:^|(?<=[.!:;–—]))\s*(?:che\s+ne\s+dite|siete\s+d['’]\s*accordo|cosa\s+ne\s+pensate"
    r"|qu['’]\s*en\s+pensez[- ]vous|vous\s+[êe]tes\s+d['’]\s*accord|d['’]\s*accord"
    r"|what\s+do\s+you\s+(?:all\s+)?(?:think|say)|any\s+objections|(?:is\s+)?everyone\s+ok(?:ay)?"
    r"(?:\s+with\s+that)?|was\s+meint\s+ihr|was\s+haltet\s+ihr\s+davon|seid\s+ihr"
    r"\s+einverstanden|einverstanden"
    # is it all right with the others, asked (eighteenth round)
    r"|(?:would|will|is)\s+(?:that|this|it)\s+(?:be\s+)?(?:ok(?:ay)?|fine|alright|all\s+right)"
    r"(?:\s+(?:with|for)\s+" + _GROUP + r")?"
    r"|(?:est-ce\s+que\s+)?(?:[çc]a|cela)\s+vous\s+(?:va|irait|convient|conviendrait)"
    r"|(?:vi|ti)\s+va\s+bene|va\s+bene\s+(?:per|a)\s+(?:tutti|voi)|(?:vi|ti)\s+sta\s+bene"
    r"|(?:w(?:ä|ae)re|ist)\s+(?:das|es)\s+(?:f(?:ü|ue)r\s+(?:euch|alle|sie)\s+)?(?:in\s+ordnung|ok(?:ay)?"
    r"|recht)(?:\s+f(?:ü|ue)r\s+(?:euch|alle))?|passt\s+(?:das|es)(?:\s+(?:f(?:ü|ue)r\s+)?(?:euch|allen))?"
    r")\s*\?\s*$"
)
"""The others' agreement asked after a pause proposed, as the line's last sentence ("Che ne
dite?", "Qu'en pensez-vous ?", "What do you think?", "Einverstanden?"): the vote it opens."""
_TOGETHER = (
    (r"(?i)^\W*(?:on\s+fait|faisons)\s+une\s+pause", "je propose qu'on fasse une pause"),
    (
        r"(?i)^\W*(?:on\s+met|mettons)\s+la\s+partie\s+en\s+pause",
        "je propose qu'on mette la partie en pause",
    ),
    (r"(?i)^\W*facciamo\s+una\s+pausa", "propongo di fare una pausa"),
    (r"(?i)^\W*fermiamo\s+la\s+partita", "propongo di fermare la partita"),
    (
        r"(?i)^\W*mettiamo\s+(?:la\s+partita\s+)?in\s+pausa(?:\s+la\s+partita)?",
        "propongo di mettere la partita in pausa",
    ),
    (r"(?i)^\W*let['’]?s\s+(?=pause|take\s+a\s+(?:pause|break))", "I propose we "),
    (
        r"(?i)^\W*(?:machen|legen)\s+wir\s+(?P<len>.+?)\s+pause(?:\s+ein)?(?=\s*(?:[,.;!–—-]|$))",
        r"ich schlage vor, wir machen \g<len> Pause,",
    ),
    (
        r"(?i)^\W*pausieren\s+wir\s+(?:die\s+partie\s+|das\s+spiel\s+)?(?P<len>.+?)(?=\s*(?:[,.;!–—-]|$))",
        r"ich schlage vor, die Partie \g<len> zu pausieren,",
    ),
)
"""A pause proposed in the first person plural ("on fait une pause", "facciamo una pausa",
"let's pause the game", "machen wir eine Woche Pause"), read only beside the others' agreement
(:data:`_OTHERS_AGREE`): the proposal's own words."""


def _agreed_pause(line: str) -> str | None:
    """``line`` without the others' agreement to the pause it proposes (:data:`_OTHERS_AGREE`,
    :data:`_AGREE_ASKED`), its plural proposal said in the first person (:data:`_TOGETHER`);
    None when it names no such agreement, or more than one."""
    found = list(_OTHERS_AGREE.finditer(line))
    asked = _AGREE_ASKED.search(line)
    if len(found) + (asked is not None) != 1:
        return None
    if asked is not None:
        return line[: asked.start()].rstrip()
    m = found[0]
    rest = (line[: m.start()] + (". " if m.end() < len(line) and m.start() > 0 else " ")
            + line[m.end() :]).strip()  # fmt: skip
    for pattern, said in _TOGETHER:
        rest = re.sub(pattern, said, rest, count=1)
    return rest


_ENDS_SENTENCE = re.compile(r"[.!]\s*$")


_UNTIL_EVENT = re.compile(
    r"(?:\s*,)?\s*(?<![\w'’])(?:[Uu]ntil|[Tt]ill|[Bb]is|[Ff]inch[ée]|[Jj]usqu['’]\s*[àa]\s+ce\s+qu['’]?\s*"
    r"|le\s+temps\s+que?\s*)\s*(?P<who>[A-ZÀ-Ý][\w'’-]+|alle|everyone|everybody|tout\s+le\s+monde"
    r"|tutti|he|she|they|il|elle|ils|elles|lui|lei|loro|er|sie)(?P<what>\s[^,.;:!?\d]{1,60})"
)
"""The end of a pause proposed said as an event, not a day ("for a week until Sam is out of
hospital", "eine Woche ruhen lassen, bis Heinz aus dem Krankenhaus zurück ist", "finché Luca
non torna", "le temps que Marc se remette"; eighteenth round): its reason, read past when it
names no time (a day is :data:`_LATER_START`'s, asked back)."""


def _without_event(line: str) -> str:
    """``line`` without the end of a pause said as an event (:data:`_UNTIL_EVENT`)."""
    from pbem.commands.durations import mentions_time

    def event(m: re.Match[str]) -> str:
        said = m["who"] + m["what"]
        if (
            mentions_time(said)
            or _LATER_START.search(said)
            or (_IF - {"se", "si"}).intersection(_words(said))
        ):
            return m[0]
        return " "

    return re.sub(r"\s+([,.;!])", r"\1", _UNTIL_EVENT.sub(event, line))


_LENGTH_OF_PAUSE = re.compile(
    r"(?i)(?<![\w'’])(?P<len>(?:an?|one|two|three|four|\d{1,2})\s+(?:days?|weeks?|fortnight|months?))"
    r"['’]s?\s+(?P<what>pause|break)(?![\w'’])"
)
"""A pause's length said before it as a possessive ("a week's pause", "two weeks' break";
eighteenth round): read as "a pause of a week"."""


def _said_again(tail: str, got: str) -> bool:
    """Do the lengths of ``tail`` only say the pause's length ``got`` again ("Could we pause this
    game for a week? ... I'm proposing a 7 day pause if the others agree"; eighteenth round),
    with no other figure?"""
    from pbem.commands.durations import leading_duration
    from pbem.mail.reply import strip_please

    words = tail.split()
    said = {
        x
        for i in range(len(words))
        for k in (3, 2, 1)
        if (x := leading_duration(" ".join(words[i : i + k]), strip_please))
    }
    figures = re.findall(r"\d+", tail)
    return said == {got} and len(figures) <= 1 and not _ADDED.intersection(_words(tail))


_ADDED = _listed(
    """then puis ensuite encore more another again additional further extra plus autres
    noch weitere weiteren nochmal dann danach zusaetzlich ancora altri altre altro poi dopo
    inoltre after apres"""
)
"""Words that add a second length to the first, not say it again ("une semaine, puis 7 jours
encore", "a week, then another 7 days")."""


def pause_in_words(line: str) -> list[tuple[Spoken, str]]:
    """PROPOSE PAUSE said in words without the command's words (issue 31, eighth round): a
    proposal in the first person and now, then the pause's length that the service reads, then
    nothing but courtesy or a reason without a figure, a denial or a condition ("Propongo una pausa
    di 10 giorni, ho gli esami"). ``[]`` for anything else: a question ("Maybe we should pause
    for a week?", "Sollen wir eine Pause machen?"), no length, the past."""
    from pbem.mail.reply import strip_please

    line = _GREETING.sub("", line)  # "Hallo zusammen, ich schlage vor, ..."
    if len(line) > PROSE_MAX:
        return []
    line = _LENGTH_OF_PAUSE.sub(r"\g<what> of \g<len>", _without_event(line))
    line = _agreed_pause(line) or line  # "Si les autres sont d'accord, on fait une pause ..."
    asked = _ASKED_PAUSE.match(line)
    if asked is not None and "?" not in asked["after"]:
        line = asked["q"] + "." + asked["after"]  # "Could we pause ... for two weeks? Exams."
        for may_i, said in _MAY_I:  # "Can I suggest we pause ...?": "I suggest we pause ..."
            line = re.sub(may_i, said, line)
    if "?" in line:
        return []
    m = _PROPOSED_PAUSE.match(line)
    for at in _CLAUSE_START.finditer(line) if m is None else ():
        # the proposal after its reason ("Avec les examens, je propose ...", "nächste Woche ist
        # Weihnachtsfeier: ich schlage vor, ..."; fourteenth round): a reason with no figure,
        # no length, no doubt
        before = line[: at.start()]
        if (m := _PROPOSED_PAUSE.match(line[at.end() :])) is not None:
            if (
                any(c.isdigit() for c in before)
                # a length in the reason's own sentence ("je ne vais pas avoir la tête au jeu
                # pendant une quinzaine. Je propose ... 14 jours": the proposal says its own;
                # seventeenth round), never in the proposal's ("Für zwei Wochen: ich schlage vor")
                or (_length_in_rest(before, strip_please) and not _ENDS_SENTENCE.search(before))
                or _doubts_pause(before)
                or _REPORTED.search(before)
                or re.search(r"[\"«»“”„]", line)
            ):
                return []
            break
    if m is None:
        return []
    german = next((m[g] for g in ("de", "de2", "de3") if m[g] is not None), None)
    rest = german if german is not None else _PAUSE_LEAD.sub("", m["rest"].strip(" ,:"))
    tail = m["rest"] if german is not None else ""
    if german is None:
        clause = re.split(r"\s*[,;:.!]\s+|\s+[-–—]\s+|\s*[.!]$", rest, maxsplit=1)
        rest, tail = clause[0], rest[len(clause[0]) :]
    got, around = _length_in(_PAUSE_LEAD.sub("", rest), strip_please)
    if got is None or not re.fullmatch(r"\d+[dh]", got):
        return []
    tail = f"{around} {tail}".strip(" ,;.!")
    again = bool(tail) and _said_again(tail, got)
    if tail and _length_in_rest(tail, strip_please) and not again:
        return []  # "Je propose une pause d'une semaine, voire deux semaines"
    if tail and ((any(c.isdigit() for c in tail) and not again) or _doubts_pause(tail)):
        return []
    cmd = vocabulary().commands.get("propose")
    return [(cmd, f"PAUSE {got}")] if cmd is not None else []


_CLAIMS_SAID = re.compile(
    r"(?i)(?<![\w'’])(?:(?:whenever|when|every\s+time|each\s+time|if)\s+(?:someone|somebody|anyone"
    r"|anybody|a\s+player|another\s+player|others|they)\s+(?:makes?\s+a\s+claim|claims?(?:\s+something)?"
    r"|announces?(?:\s+something)?)"
    r"|(?:quand|lorsqu['’]\s*|si|(?:[àa]\s+)?chaque\s+fois\s+qu['’]\s*)\s*(?:on|quelqu['’]un|un\s+joueur)"
    r"\s+(?:m['’]\s*)?(?:annonce|fait\s+une\s+annonce)(?:\s+quelque\s+chose)?"
    r"|(?:quando|se|ogni\s+volta\s+che)\s+qualcuno\s+(?:fa\s+una\s+dichiarazione|dichiara(?:\s+qualcosa)?)"
    r"|bei\s+(?:allen\s+)?(?:ansagen|behauptungen)|(?:wenn|sobald)\s+jemand\s+(?:etwas\s+)?(?:ansagt"
    r"|behauptet)"
    # the others' claims by their noun ("Ansprüchen der anderen", "les annonces des autres",
    # "the others' claims", "le dichiarazioni degli altri"; seventeenth round)
    r"|(?:den\s+|die\s+)?(?:anspr(?:ü|ue)che[n]?|ansagen|behauptungen)\s+der\s+anderen"
    r"|(?:aux\s+|les\s+)?annonces\s+des\s+autres|(?:the\s+)?others['’]?\s+claims"
    r"|(?:alle\s+|le\s+)?dichiarazioni\s+degli\s+altri)(?![\w'’])"
)
"""A claim of another player said as a clause ("Whenever someone makes a claim", "Quand on
m'annonce quelque chose", "Quando qualcuno fa una dichiarazione", "Bei Ansagen"): the orders'
subject, as the word "claims"."""
_SUBJECT_SAID = re.compile(
    r"(?i)(?<![\w'’])(?:claims|annonces|dichiarazioni|ansagen|behauptungen|selection|s[ée]lection"
    r"|selezione|auswahl"
    # one claim after "every" ("jede Behauptung", "every claim", "chaque annonce", "ogni
    # dichiarazione"; fourteenth round)
    r"|(?:every|each|any|chaque|toute|ogni|qualsiasi|jede)\s+(?:claim|annonce|dichiarazione"
    r"|behauptung|ansage))(?![\w'’])"
)
_PERMANENT = re.compile(
    r"(?i)(?<![\w'’])(?:always|toujours|sempre|immer|from\s+now\s+on|in\s+(?:the\s+)?future"
    r"|[àa]\s+l['’]avenir|dor[ée]navant|d[ée]sormais|d['’]ora\s+in\s+(?:poi|avanti)|in\s+futuro"
    r"|k(?:ü|ue)nftig|in\s+zukunft|ab\s+jetzt|whenever|every\s+time|chaque\s+fois|ogni\s+volta"
    r"|jedes\s+mal|bei\s+(?:allen\s+)?ansagen"
    # as a rule, whatever comes ("Ansagen der anderen grundsätzlich anzweifeln", "doutez
    # systématiquement", "by default", "di regola"; nineteenth round)
    r"|grunds(?:ä|ae)tzlich|prinzipiell|stets|syst[ée]matiquement|sistematicamente"
    r"|as\s+a\s+rule|by\s+default|par\s+d[ée]faut|di\s+regola|standardm(?:ä|ae)(?:ß|ss)ig)(?![\w'’])"
)
_TO_THE_SERVICE = re.compile(
    r"(?i)(?<![\w'’])(?:for\s+me|pour\s+moi|per\s+me|f(?:ü|ue)r\s+mich|please|s['’]il\s+vous\s+pla[iî]t"
    r"|svp|per\s+favore|bitte|croyez|doutez|gardez|credete|dubitate|tenete|glaubt|bezweifelt|zweifelt"
    r"|behaltet)(?![\w'’])"
)
NOT_ASKED_AGAIN = (
    # so that nobody has to ask ("so you don't have to ask me every time", "pour ne pas avoir à
    # me le demander", "così non dovete chiedermelo", "damit ihr mich nicht jedes Mal fragen
    # müsst"; seventeenth round)
    r"so\s+(?:that\s+)?you\s+don['’]?t\s+(?:have|need)\s+to\s+ask\s+me(?:\s+(?:again|each\s+time"
    r"|every\s+time|any\s*more))?"
    r"|pour\s+ne\s+(?:pas|plus)\s+(?:avoir\s+[àa]\s+)?me\s+(?:le\s+)?demander(?:\s+[àa]\s+chaque\s+fois)?"
    r"|cos[iì]\s+non\s+(?:dovete|serve)\s+chiedermelo(?:\s+ogni\s+volta)?"
    r"|damit\s+ihr\s+mich\s+nicht\s+(?:jedes\s+mal|immer)\s+fragen\s+m(?:ü|ue)sst"
    r"|ne\s+me\s+(?:le\s+)?demandez\s+plus|inutile\s+de\s+me\s+(?:le\s+)?demander"
    r"(?:\s+(?:à|a)\s+chaque\s+fois)?"
    r"|je\s+ne\s+veux\s+plus\s+(?:être|etre)\s+(?:dérangée?|derangee?|sollicitée?)"
    r"|(?:please\s+)?don['’]?t\s+ask\s+me\s+(?:again|any\s*more|each\s+time|every\s+time)"
    r"|(?:i\s+)?don['’]?t\s+want\s+to\s+be\s+asked(?:\s+(?:again|any\s*more|each\s+time"
    r"|every\s+time))?"
    r"|non\s+(?:chiedetemelo|chiedetemi|domandatemelo)\s+più|non\s+voglio\s+più\s+essere"
    r"\s+disturbat[oa]"
    r"|(?:ich\s+)?will\s+nicht\s+(?:jedes\s+mal|mehr|immer)\s+gefragt\s+werden"
    r"|fragt\s+mich\s+nicht\s+mehr"
)
"""Not to be asked again, said after a standing order (issue 31, fourteenth round: "ne me
demandez plus", "inutile de me demander à chaque fois", "je ne veux plus être dérangé pour ça",
"don't ask me again", "non chiedetemelo più", "ich will nicht jedes Mal gefragt werden"): what
the order saves, no negation of it. Read here and by ``pbem.service.standing``."""
_WITHOUT_ASKING = re.compile(
    r"(?i)\s*,?\s*(?<![\w'’])(?:sans\s+me\s+(?:le\s+)?demander|without\s+asking(?:\s+me)?"
    r"|senza\s+chiedermelo|senza\s+chiedermi(?:\s+nulla|\s+niente)?|senza\s+chiedere"
    r"|ohne\s+(?:mich\s+)?(?:zu\s+)?fragen|ohne\s+nachzufragen|ohne\s+r(?:ü|ue)ckfrage|"
    + NOT_ASKED_AGAIN
    + r")(?![\w'’])"
)
"""What a standing order saves ("sans me demander"): no negation of the order."""
_LEAD_AND = re.compile(r"(?i)^\W*(?:and|et|e|und|also|alors|allora|dann|so)\s*,?\s+")


_ORDER_NAMED = re.compile(
    r"(?i)^(?P<lead>[^:]{0,120}?(?<![\w'’])(?:standing\s+orders?|consignes?\s+permanentes?"
    r"|ordin[ei]\s+permanent[ei]|dauerauftr(?:ag|(?:ä|ae)ge)|en\s+consigne\s+permanente)(?![\w'’])"
    r"[^:]{0,80}?)\s*:\s*(?P<order>[^:]+)$"
)
"""A standing order asked for by its name, then said after a colon ("Please set a standing order
so you don't have to ask me every time: STANDING RESELECT KEEP", "Could you set a standing
order for me: always doubt claims.", "Bitte als Dauerauftrag: Ansprüchen ... immer glauben")."""
_ORDER_UNSAFE = re.compile(
    r"(?i)(?<![\w'’])(?:if|unless|except|si|sauf|se|tranne|salvo|wenn|falls|au(?:ß|ss)er|or|ou"
    r"|oppure|oder|but|mais|ma|aber|sinon|otherwise|altrimenti|sonst|maybe|perhaps|peut-[êe]tre"
    r"|forse|vielleicht|don['’]?t|do\s+not|ne|non|nicht|never|jamais|mai|nie)(?![\w'’])"
)
"""What may not stand beside a standing order asked by its name: a condition, another choice, a
"but", a doubt or a negation (the negation of the lead is read first: what the order saves)."""
_MORE_ORDERS = re.compile(
    r"(?i)[,;]|(?<![\w'’])(?:and|et|e|und|also|aussi|anche|auch|take|prends|prenez|prendre|prendete"
    r"|nehmt|nehmen|steal|vole[rz]?|rubate|rubare|stehlt|cards?|cartes?|carte|karten?)(?![\w'’])"
)
"""More than one order, or the dragon's (which orders its seats), in the words after the
colon: read by the command itself only ("Set my standing orders please: always doubt every
claim, and take cards from North first." above STANDING CLAIM DOUBT STEAL NORTH SOUTH)."""
_ORDER_WORD = re.compile(r"(?i)^\s*(?:standing|consigne|ordine|dauerauftrag)(?![\w'’])")


def orders_in_words(line: str) -> list[tuple[Spoken, str]]:
    """A standing order said in words without the command's word or name ("Whenever someone
    makes a claim, please always believe it for me", "Et à l'avenir, croyez toutes les annonces
    pour moi sans me demander", "Bei Ansagen bitte immer für mich anzweifeln"; issue 31, tenth
    round): its subject (claims, the selection, or a claim said as a clause), a word of always or
    from now on, and the order addressed to the service (an imperative, "for me", "please");
    what is left the STANDING command reads whole (:meth:`Spoken.sure`). ``[]`` otherwise: "Je
    doute toujours de tout" and "I always believe him" are remarks."""
    from pbem.commands.vocabulary import Said

    if len(line) > PROSE_MAX or "?" in line or any(c.isdigit() for c in line):
        return []
    if (named := _ORDER_NAMED.match(line)) is not None:
        # "Could you set a standing order for me: always doubt claims. I'm not around much this
        # week.", "Bitte als Dauerauftrag: Ansprüchen der anderen immer glauben." (seventeenth
        # round): the order asked for by its name, then said; a remark after it set apart
        lead = _WITHOUT_ASKING.sub(" ", named["lead"])
        order, _, after = named["order"].partition(". ")
        after = _WITHOUT_ASKING.sub(" ", after)  # "Ich will nicht jedes Mal gefragt werden."
        if (
            _NEGATED_ANY.search(lead)
            or _ORDER_UNSAFE.search(lead)
            or (after.strip() and (_ORDER_UNSAFE.search(after) or _SUBJECT_SAID.search(after)))
        ):
            return []
        if (word := _ORDER_WORD.match(order)) is not None:
            # "...: STANDING RESELECT KEEP": the command itself after the lead
            said = order[word.end() :].strip(" .!")
            standing = vocabulary().commands.get("standing")
            got = standing.hear(Said(line, said, said)) if standing is not None and said else None
            if standing is None or got is None or got.error is not None or not got.arg:
                return []
            return [(standing, got.arg)] if standing.sure(got.arg) else []
        order = order.strip(" .!")
        if _PERMANENT.search(order) is None or _MORE_ORDERS.search(order):
            return []  # ("Set my standing orders please: doubt every claim, and take cards
            # from North first." above the command itself: a description, not read)
        line = "please " + order
    if not _PERMANENT.search(line) or not _TO_THE_SERVICE.search(line):
        return []
    text = _CLAIMS_SAID.sub(" claims ", line)
    if not _SUBJECT_SAID.search(text):
        return []
    text = _WITHOUT_ASKING.sub(" ", text)
    if _NEGATED_ANY.search(text):
        return []
    text = _PERMANENT.sub(" always ", _LEAD_AND.sub("", text))
    text = re.sub(r"(?i)(?<![\w'’])(?:it|them|le|les|la|lo|le|es|sie)(?![\w'’])", " ", text)
    text = re.sub(r"[,;:]", " ", text)
    cmd = vocabulary().commands.get("standing")
    if cmd is None:
        return []
    from pbem.mail.reply import strip_please

    bare = " ".join(strip_please(text).split())
    heard = cmd.hear(Said(line, bare, bare))
    if heard is None or heard.error is not None or not heard.arg or not cmd.sure(heard.arg):
        return []
    if re.search(
        r"(?i)s[ée]lection|selezione|wahl|official|fonctionnaire|funzionario|beamte", line
    ):
        return []  # the selection kept in words alone ("Gardez ma sélection à chaque fois sans
        # me demander"): asked back, unless the order is named (eighth round)
    return [(cmd, heard.arg)]


# --- Information asked for in a request frame (issue 31, sixteenth round) ------------------------
#
# The closed-list reading above (:func:`_requested_as_is`) takes a sentence as a request only when
# every word around the noun is a word of asking or of courtesy: "Pourriez-vous me renvoyer le
# relevé complet des coups de la partie ?" or "Bitte schickt mir die Spielanleitung nochmal, ich
# finde sie nicht mehr" have words of their own. The class: a REQUEST FRAME (the words that ask
# for something to be sent or shown: "could you send me", "pourriez-vous m'envoyer", "mi
# mandate", "könnt ihr mir ... schicken", "I'd like", "je voudrais", "vorrei", "ich hätte gern")
# at the start of a clause, then one CONCEPT word of a command that changes nothing (its own
# nouns, :attr:`Spoken.nouns`, and the looser words below, safe only after a frame), or two joined
# by "and"; the rest of the sentence is free (a complement, a purpose), unless it denies, makes a
# condition or names a move. A question for a list ("Welche Partien habe ich gerade laufen?",
# "Which of my games are waiting on me?") is the frame of GAMES and LEGAL.

CONCEPTS: dict[str, dict[str, tuple[str, ...]]] = {
    "record": {
        "en": (
            "move list",
            "list of moves of the game",
            "full record",
            "game log",
            "log of the game",
            "whole game",
            "full game",
            "complete game",
            "record of the game",
            "game's record",
            "score-sheet",
            "game sheet",
            "game file",
            "file of the game",
        ),
        "fr": (
            "relevé des coups",
            "relevé complet des coups",
            "relevé de la partie",
            "relevé",
            "releve",
            "compte rendu de la partie",
            "compte-rendu de la partie",
            "compte rendu",
            "compte-rendu",
            "feuille",
            "partie complète",
            "partie entière",
            "déroulé de la partie",
            "notation de la partie",
            "fiche de la partie",
            "fichier de la partie",
        ),
        "it": (
            "resoconto",
            "resoconto della partita",
            "partita completa",
            "partita intera",
            "verbale della partita",
            "trascrizione della partita",
            "foglio della partita",
            "registro della partita",
            "file della partita",
        ),
        "de": (
            "Partieprotokoll",
            "Partieprotokolls",
            "Spielbericht",
            "Partiebericht",
            "Partiemitschrift",
            "Protokoll der Partie",
            "Notation der Partie",
            "ganze Partie",
            "komplette Partie",
            "Partiedatei",
            "Datei der Partie",
        ),
    },
    "legal": {
        "en": (
            "placements",
            "open placements",
            "possible placements",
            "legal placements",
            "options",
            "possible plays",
            "legal plays",
            "squares open",
            "open squares",
        ),
        "fr": (
            "placements possibles",
            "emplacements possibles",
            "emplacements",
            "cases possibles",
            "coups légaux",
            "coups jouables",
            "coups permis",
            "options possibles",
            "liste des coups possibles",
            "liste des coups légaux",
        ),
        "it": (
            "posizioni possibili",
            "caselle possibili",
            "piazzamenti possibili",
            "elenco delle mosse possibili",
            "lista delle mosse possibili",
            "mosse ammesse",
        ),
        "de": (
            "möglichen Züge",
            "mögliche Züge",
            "erlaubten Züge",
            "erlaubte Züge",
            "Liste der möglichen Züge",
            "Liste der erlaubten Züge",
            "möglichen Felder",
            "freien Felder",
            "Möglichkeiten",
        ),
    },
    "games": {
        "en": ("my games", "games", "open games", "games i'm in", "games i am in"),
        "fr": ("mes parties", "parties", "parties en cours"),
        "it": ("mie partite", "partite", "partite aperte", "partite in corso"),
        "de": ("meine Partien", "Partien", "meine Spiele", "laufenden Partien", "offenen Partien"),
    },
    "guide": {
        "en": (
            "players' handbook",
            "players handbook",
            "player handbook",
            "instructions",
            "guide for players",
        ),
        "fr": ("guide du joueur", "guide des joueurs", "notice", "mode d'emploi"),
        "it": ("guida per i giocatori", "guida dei giocatori", "istruzioni"),
        "de": (
            "Spielanleitung",
            "Bedienungsanleitung",
            "Anleitung",
            "Spielerhandbuch",
            "Spielerleitfaden",
            "Leitfaden",
        ),
    },
    "rules": {
        "en": ("rulebook", "rule book", "summary of the rules", "rules summary"),
        "fr": ("résumé des règles", "règles du jeu", "règlement", "regles"),
        "it": ("riassunto delle regole", "regolamento", "regole del gioco"),
        "de": ("Regelwerk", "Spielregeln", "Regelheft", "Zusammenfassung der Regeln"),
    },
    "stats": {
        "en": ("my statistics", "my stats", "my record so far", "win rate"),
        "fr": ("mes statistiques", "mes stats", "mon bilan"),
        "it": ("mie statistiche", "mio bilancio"),
        "de": ("meine Statistik", "meine Statistiken", "meine Bilanz"),
    },
    "standings": {
        "en": ("club rankings", "club ranking", "club standings", "ranking list", "table"),
        "fr": ("classement du club", "classement général", "classement"),
        "it": ("classifica del circolo", "classifica generale", "classifica"),
        "de": ("Rangliste", "Tabelle", "Vereinsrangliste", "Wertung"),
    },
}
"""The looser words of each command that shows something (beside its own :attr:`Spoken.nouns`),
in the four languages, read only after a request frame: "le relevé des coups", "il resoconto
della partita", "das Partieprotokoll", "the move list"."""


def _concepts() -> list[tuple[tuple[str, ...], Spoken]]:
    """Every concept of a command that changes nothing, as folded words, longest first."""
    return vocabulary().derived("request concepts", _build_concepts)


def _build_concepts() -> list[tuple[tuple[str, ...], Spoken]]:
    out = [(phrase, cmd) for phrase, cmd in _nouns() if not changes(cmd) and cmd.nouns]
    commands = vocabulary().commands
    for kind, langs in CONCEPTS.items():
        cmd = commands.get(kind)
        if cmd is None:
            continue
        for phrases in langs.values():
            for phrase in phrases:
                out.append((tuple(_words(phrase)), cmd))
    return sorted(set(out), key=lambda x: (-len(x[0]), x[0]))


_FRAMES = [
    re.compile(p)
    for p in (
        # English: "could you (please) send me", "can I have", "I'd like", "please send me"
        r"^(?:(?:could|can|would|will)\s+you\s+(?:please\s+|kindly\s+|possibly\s+|just\s+|also\s+)*"
        r"(?:send|resend|re\s+send|mail|email|e-mail|forward|give|show|list|get|tell)(?:\s+(?:me|us))?"
        r"|(?:could|can|may|might)\s+(?:i|we)\s+(?:please\s+|also\s+)*(?:have|get|see|receive)"
        r"|(?:i'\s+d|i\s+would|we'\s+d|we\s+would)\s+(?:like|love|appreciate)(?:\s+to\s+(?:have|"
        r"get|see|receive|keep))?|i\s+(?:need|want)(?:\s+to\s+(?:have|get|see))?"
        r"|(?:please\s+|kindly\s+)?(?:send|resend|mail|email|forward|give|show)\s+(?:me|us))\b",
        # French: "pourriez-vous m'envoyer", "vous pouvez me renvoyer", "je voudrais (avoir)",
        # "envoyez-moi", "merci de m'envoyer"
        r"^(?:(?:est\s+ce\s+que\s+)?(?:(?:pourriez|pouvez|voudriez|voulez|pourrais|peux|pouvais)\s+"
        r"(?:vous|tu)|(?:vous|tu)\s+(?:pourriez|pouvez|pourrais|peux|voudriez|voulez)|merci\s+de)"
        r"\s+(?:s'\s+il\s+vous\s+plait\s+|svp\s+|bien\s+)?(?:me\s+|m'\s*|nous\s+)"
        r"(?:envoyer|renvoyer|transmettre|retransmettre|montrer|donner|faire\s+parvenir|"
        r"communiquer|indiquer|redonner|lister|mailer|dire)"
        r"|(?:je\s+voudrais|j'\s*aimerais|je\s+souhaiterais|je\s+souhaite|je\s+veux|j'\s*ai\s+"
        r"besoin\s+d[eu']?|puis\s+je|pourrais\s+je|(?:est\s+ce\s+que\s+)?je\s+"
        r"(?:peux|pourrais))(?:\s+bien)?(?:\s+(?:avoir|recevoir|voir|garder|consulter|obtenir|"
        r"revoir|savoir))?"
        r"|(?:envoyez|renvoyez|montrez|donnez|transmettez|envoie|renvoie|montre|donne)\s+"
        r"(?:moi|nous))\b",
        # Italian: "mi mandate", "potreste mandarmi", "mandatemi", "vorrei (avere)"
        r"^(?:(?:mi|ci)\s+(?:mandate|mandi|inviate|invii|rimandate|rimandi|mandereste|"
        r"manderesti|inviereste|rimandereste|mostrate|mostri|girate|giri|rispedite|"
        r"(?:potete|potreste|puoi|potresti)\s+(?:mandare|inviare|rimandare|mostrare|girare)|"
        r"fate\s+vedere|fai\s+vedere|fareste\s+vedere|dite|dici|direste|diresti)"
        r"|(?:potete|potreste|puoi|potresti|riuscite\s+a|riesci\s+a)\s+(?:mandarmi|inviarmi|"
        r"rimandarmi|mostrarmi|girarmi|farmi\s+avere|farmi\s+vedere|dirmi|indicarmi)"
        r"|(?:per\s*favore\s+)?(?:mandatemi|inviatemi|rimandatemi|mostratemi|giratemi|mandami|"
        r"inviami|rimandami|mostrami|girami|fatemi\s+avere|fatemi\s+vedere)"
        r"|(?:vorrei|mi\s+piacerebbe|avrei\s+bisogno\s+d[ie']?|(?:posso|potrei)\s+(?:avere|"
        r"vedere|ricevere))(?:\s+(?:avere|vedere|ricevere|rivedere|sapere))?)\b",
        # German: "schickt mir", "ich hätte gern", "könnt ihr mir ... schicken" (the verb at
        # the end: :data:`_DE_LATE_VERBS`)
        r"^(?:(?:bitte\s+)?(?:schickt|schick|schicke|sendet|sende|zeigt|zeig|zeige|gebt|gib|"
        r"mailt|(?:schicken|senden|zeigen|geben)\s+sie)\s+(?:mir|uns)"
        r"|(?:ich\s+)?(?:haette|haett)\s+gerne?|ich\s+moechte|ich\s+wuerde\s+gerne?|"
        r"ich\s+(?:braeuchte|brauche)"
        # the verb first after a lead word ("Außerdem hätte ich gern ..."; seventeenth round)
        r"|(?:haette|haett)\s+ich\s+gerne?|moechte\s+ich|wuerde\s+ich\s+gerne?"
        r"|(?:braeuchte|brauche)\s+ich)\b",
    )
]
"""Request frames at the start of a clause, on its folded words (:func:`_words` joined)."""

_DE_MODAL = re.compile(
    r"^(?:(?:koennt|koennen|koenntet|koennten|kannst|koenntest|wuerdet|wuerden|wuerdest)\s+"
    r"(?:ihr|sie|du)|(?:kann|koennte)\s+ich)\b"
)
_DE_LATE_VERBS = _listed(
    """schicken zuschicken senden zusenden zeigen geben mailen nennen auflisten schicke haben
    bekommen kriegen sehen zukommen"""
)
"""German request frames whose verb ends the clause: "Könnt ihr mir das Protokoll schicken?"."""
_DE_AROUND = _listed("mir uns bitte mal vielleicht irgendwo auch noch nochmal eben kurz")
"""The words a German frame's object stands among ("Kann ich irgendwo meine Statistik sehen?")."""

_WH_LIST = re.compile(
    r"^(?:(?:in|dans|for|bei|an)\s+)?(?:which|what|quels|quelles|quelle|quel|quali|quale|"
    r"welche|welchen|welcher|how\s+many|combien\s+de|combien\s+d'|quante|quanti|in\s+quante|"
    r"wie\s+viele)\s+(?:(?:are|sont|sono|sind)\s+)?(?:of\s+|de\s+|di\s+|von\s+)?"
    r"(?:my\s+|mes\s+|le\s+mie\s+|mie\s+|miei\s+|meinen\s+|meine\s+|the\s+|les\s+|le\s+|"
    r"die\s+)?"
)
"""A question for a list: "which (of my) games", "quels sont mes coups possibles", "in quali
partite", "welche Partien": GAMES and LEGAL only."""
_ALSO = _listed("also too aussi egalement anche pure auch noch ancora")
"""A frame's "also" before what it asks ("Mi dite anche in quali partite ..."; seventeenth
round)."""
_WH_MOVES = _listed("moves coups mosse zuege placements emplacements squares cases caselle felder")
"""The moves a question for a list asks about: LEGAL's ("Welche Züge hätte ich gerade?"), the
past (:data:`_FRAME_PAST`: "Which moves did Red play?") aside."""
_ADVICE = _listed(
    """good best better bad worse strong smart wise recommend suggest advise bon bons bonne
    bonnes meilleur meilleurs meilleure meilleures mauvais conseilles conseillez recommandez
    buono buoni buona buone migliore migliori cattivi consigli consigliate consigliereste gut
    gute guten gutes beste besten besser schlecht sinnvoll empfehlt empfehlen raten ratet"""
)
"""The words of asking for advice on moves, not for their list."""
_MAY = _listed(
    """can could should shall may might join try start pick choose peux pourrais puis dois devrais
    rejoindre essayer commencer choisir posso potrei devo dovrei unirmi provare iniziare scegliere
    kann koennte soll sollte darf beitreten mitspielen probieren anfangen waehlen"""
)
"""The words of a question about games to take up, not the player's running ones."""
_WHOSE_TURN = re.compile(
    r"^(?:c'\s*est\s+a\s+qui|a\s+qui|whose\s+turn|a\s+chi\s+tocca|wer\s+ist\s+dran)\b"
)
"""Whose turn it is, asked of the player's games ("c'est à qui de jouer dans mes parties ?")."""
_WH_KINDS = frozenset(("games", "legal"))
_MINE_WORDS = _listed(
    """i i' me my mine je j' m' moi mes mon ma io mi mie miei mio mia ich mir mich meine meinen
    mein sto ho bin habe hab ai"""
)
"""A question for a list asks for the player's own ("which of MY games", "welche Partien habe
ICH"), not for what the service offers ("Welche Partien gibt es auf dem Server?")."""
_WISHED_OF = _listed("to que qu' che dass zu be soit sia being")
"""The word after the thing that makes the frame a wish about it ("I'd like the standings to be
updated more often", "je voudrais que ...")."""

_LEAD_WORDS = _listed(
    """also and et e und so alors allora dann bon well ok okay oh btw au passage by the way
    uebrigens comunque intanto ps please bitte svp stp perfavore hi hello hey bonjour salut
    coucou ciao buongiorno hallo moin servus just juste
    ausserdem zudem dazu noch inoltre poi besides additionally plus ailleurs par aussi anche
    egalement"""
)
"""Words a clause may start with before its frame ("Au passage, vous pouvez ...", "And could I
have ...")."""

_DENIED = re.compile(
    r"(?:^|\s)(?:not|no|never|don'|doesn'|didn'|won'|can'|isn'|n'|pas|jamais|non|mai|nicht|"
    r"kein|keine|keinen|keiner|nie|niemals|nessun|nessuna|nessuno|niente|nothing|rien|nichts)"
    r"(?=\s|$)"
)
_CONDITION = re.compile(
    r"(?:^|\s)(?:if|unless|whether|si|s'|sauf|se|wenn|falls|ob|sofern|ausser|qualora|caso)(?=\s|$)"
)
_WHETHER_MY_TURN = re.compile(
    r"(?:^|\s)(?:and|et|e|und)\s+(?:if|whether|si|s'|se|ob)\s+(?:it\s+s\s+my\s+turn|it\s+is\s+my\s+turn"
    r"|c'\s*est\s+a\s+moi(?:\s+de\s+jouer)?|c'\s*est\s+mon\s+tour|tocca\s+a\s+me"
    r"|ich\s+(?:irgendwo\s+)?dran\s+bin|ich\s+am\s+zug\s+bin)(?=\s|$)"
)
"""Whether it is the player's turn, asked beside which games they are in ("dans quelles parties
je joue et si c'est à moi de jouer quelque part"; folded words): no condition (seventeenth
round)."""
_FRAME_PAST = re.compile(
    r"(?:^|\s)(?:did|was|were|had|won|lost|played|sent|gespielt|gewonnen|verloren|hatte|hatten|"
    r"war|waren|geschickt|envoye|envoyee|envoyes|mandato|mandata|inviato|inviata|avait|etait|"
    r"aveva|era|made|joues|jouee|jouees|gagne|gagnees|gagnes|perdu|perdues|giocato|giocate|"
    r"giocati|vinto|vinte|perso|perse|fatto|fatte|gemacht|gezogen|gespielt)(?=\s|$)"
)
_STRIP_PLEASE = re.compile(r"s'\s*il\s+(?:vous|te)\s+plait")
_JOINERS = _listed("and et e und sowie plus as well aussi anche auch ainsi que")
_CLAUSE_CUT = re.compile(r"\s*[,;:]\s*|\s+[-–—]\s+")
_SENTENCE_CUT = re.compile(r"(?<=[.!?])(?<!\d\.)\s+|\n+")


def _concept_at(words: list[str], i: int) -> tuple[int, Spoken] | None:
    for phrase, cmd in _concepts():
        if tuple(words[i : i + len(phrase)]) == phrase:
            return len(phrase), cmd
    return None


def _objects(words: list[str], kinds: frozenset[str] | None = None) -> list[Spoken] | None:
    """The one or two concepts ``words`` (what follows a frame) start with: a few plain words
    (articles, possessives, "again"), a concept, then at most a second one after "and"; None
    when the words ask for no concept."""
    found: list[Spoken] = []
    i, gap, joined = 0, 0, False
    while i < len(words):
        at = _concept_at(words, i)
        if at is not None and (kinds is None or at[1].kind in kinds):
            if at[1] not in found:
                if found and not joined:
                    break  # "my statistics of all my games": the scope of the first
                found.append(at[1])
            i += at[0]
            gap, joined = 0, False
            if len(found) == 2:
                break
            continue
        w = words[i]
        if found and w in _JOINERS:
            joined = True
        elif w not in PLAIN and not (found and joined and w in ASKING):
            if not found or (w in _WISHED_OF and gap == 0):
                return None  # "I'd like the standings to be updated": a wish about them
            break  # the rest: a complement, a purpose
        gap += 1
        if gap > (6 if found else 4):
            break
        i += 1
    return found or None


def _clause_asks(clause: str, question: bool, mine: bool = True) -> list[Spoken] | None:
    """The concepts ``clause`` (folded words joined) asks for in a frame, None if none; a list
    asked by "which" only in a ``question`` of the player's own (``mine``), not of the past."""
    words = clause.split()
    while words and words[0] in _LEAD_WORDS:
        words.pop(0)
    text = " ".join(words)
    for frame in _FRAMES:
        if (m := frame.match(text)) is not None:
            after = text[m.end() :].strip()
            while after.split()[:1] and after.split()[0] in _ALSO:
                after = after.split(maxsplit=1)[1] if " " in after else ""  # "Mi dite anche ..."
            if (wh := _WH_LIST.match(after)) is not None and _MINE_WORDS.intersection(
                after.split()
            ):
                if _FRAME_PAST.search(after):
                    return None  # "could you tell me which games I won"
                # "could you tell me which games ...", "vorrei sapere in quali partite ..."
                return _objects(after[wh.end() :].split(), _WH_KINDS)
            return _objects(after.split())
    if (m := _DE_MODAL.match(text)) is not None:
        rest = text[m.end() :].split()
        if rest and rest[-1] in _DE_LATE_VERBS | {"lassen"}:
            rest = rest[:-1]
            if rest and rest[-1] == "zukommen":
                rest = rest[:-1]
            rest = [w for w in rest if w not in _DE_AROUND]
            return _objects(rest)
        return None
    if not question or not mine or _FRAME_PAST.search(text):
        return None
    if (m := _WH_LIST.match(text)) is not None:
        rest = text[m.end() :].split()
        if rest[:1] and rest[0] in _WH_MOVES and not _FRAME_PAST.search(text):
            if _ADVICE.intersection(words):
                return None  # "Which moves are good for me here?": advice, no list
            legal = vocabulary().commands.get("legal")
            return [legal] if legal is not None else None
        if _ADVICE.intersection(words) or _MAY.intersection(words):
            return None  # "Which games can I join?", "Quali partite mi consigliate?"
        return _objects(rest, _WH_KINDS)
    if _WHOSE_TURN.match(text):
        games = vocabulary().commands.get("games")
        kinds = {at[1].kind for i in range(len(words)) if (at := _concept_at(words, i))}
        return [games] if games is not None and kinds == {"games"} else None
    return None


def asked_in_frame(line: str) -> list[tuple[Spoken, str]]:
    """The commands that change nothing ``line`` asks for in a request frame: one clause of
    one sentence asks ("Could you send me the full record of this game? I want to study it"),
    or two joined by "and" ("J'aimerais garder la feuille de partie, et voir où j'en suis au
    classement"); nothing in the asking clause denies or speaks of the past, nothing in its
    sentence makes a condition, no other sentence asks for something else, and the line names
    no move (a figure)."""
    from pbem.commands.retraction import is_take_back

    if any(c.isdigit() for c in _YEAR.sub(" ", line)) or is_take_back(_BY_MISTAKE.sub(" ", line)):
        return []
    found: list[Spoken] = []
    for sentence in _SENTENCE_CUT.split(line):
        question = sentence.rstrip().endswith("?")
        clauses = [
            _STRIP_PLEASE.sub("svp", " ".join(_words(c))) for c in _CLAUSE_CUT.split(sentence)
        ]
        asked: list[Spoken] = []
        mine = bool(_MINE_WORDS.intersection(" ".join(clauses).split()))
        for k, clause in enumerate(clauses):
            got = _clause_asks(clause, question, mine)
            if not got:
                continue
            if _DENIED.search(clause):
                return []
            asked = list(got)
            for then in clauses[k + 1 :]:
                words = then.split()
                if len(asked) > 1 or not words or words[0] not in _JOINERS:
                    break
                more = _objects([w for w in words[1:] if w not in ASKING or w in PLAIN])
                if more and not _DENIED.search(then):
                    asked.extend(x for x in more[:1] if x not in asked)
                break
            break
        if not asked:
            continue
        if _CONDITION.search(_WHETHER_MY_TURN.sub(" ", " ".join(clauses))):
            return []
        if found and asked != found:
            return []  # two sentences asking for different things: asked back elsewhere
        found = asked
    return [(cmd, "") for cmd in found]


# --- A leave announced in words (issue 31, sixteenth round) ---------------------------------------
#
# The readers above take a leave in a few sentence shapes (the player away, then its end; the
# prose, then a request to be put on leave). The class: a sentence of the player's own leave
# carries a GOING-AWAY word (away, trip, hospital, cure, vacances, in ferie, Kur, weg ...) and ONE
# span, a length ("quinze jours", "a day and a half", "un paio di giorni") or the day of return
# ("till Sunday", "erst am 4.12. wieder da", "retour le 6 décembre"), read anywhere in it; the line
# may ask for the leave in another sentence ("Vacation please", "Bitte Urlaub eintragen") with no
# span of its own. Nothing in the line asks anything else, denies, doubts, makes a condition,
# speaks of the past or of someone else's leave, or names a move.

_GOING_AWAY = _listed(
    """
    away off offline off-grid vacation vacations holiday holidays trip travelling traveling
    conference hospital abroad camping wedding funeral leave gone visiting unreachable seminar
    course retreat cruise skiing business
    absent absente absents pars partirai partir vacances conge conges voyage deplacement cure
    hopital clinique seminaire injoignable mission ski mariage enterrement chez
    via vacanza vacanze ferie viaggio trasferta ospedale terme montagna fuori assente parto
    partiro vado rifugio matrimonio irraggiungibile congresso ricoverato ricoverata corso
    weg urlaub ferien reise dienstreise geschaeftsreise verreist unterwegs kur krankenhaus klinik
    schulung seminar hochzeit abwesend ausland lehrgang fortbildung messe montage beerdigung
    """
)
"""The words of being away in the four languages, folded ("in cure", "sto via", "zur Kur")."""
_RETURNING = re.compile(
    r"(?:^|\s)(?:back|de\s+retour|retour|rentre|rentrerai|reviens|reviendrai|torno|tornero|"
    r"ritorno|rientro|wieder\s+da|wieder\s+zurueck|zurueck)(?=\s|$)"
)
"""The words of coming back, after or before the day ("back Monday", "je ne rentre que dimanche",
"erst am 4.12. wieder da")."""
_UNTIL_START = re.compile(
    r"(?:^|\s)(?=(?:until|till|til|jusqu'|jusqu|jusque|fino|sino|bis)(?:\s|$|'))"
)
_LEAVE_PAST = re.compile(
    r"(?:^|\s)(?:was|were|had|been|last|etais|etait|ai\s+ete|dernier|derniere|ero|stato|stata|"
    r"scorso|scorsa|war|waren|gewesen|letztes|letzten|letzte|vorige|vorigen|voriges)(?=\s|$)"
)
_LEAVE_DOUBT = re.compile(
    r"(?:^|\s)(?:if|unless|maybe|perhaps|probably|possibly|might|may|whether|si|s'|peut|etre|"
    r"pourrait|pourrais|se|forse|magari|potrei|potrebbe|wenn|falls|vielleicht|eventuell|"
    r"koennte|ob|or|ou|o|oder|should|devrais|dovrei|sollte|sollen|"
    # the player plays on all the same ("Sto via una settimana ma gioco lo stesso")
    r"but|anyway|still|mais|quand\s+meme|comunque|lo\s+stesso|pero|aber|trotzdem|dennoch)(?=\s|$)"
)


def _spans(sentence: str) -> dict[str, str] | None:
    """The lengths and days of return ``sentence`` names, in VACATION's own forms ("14d",
    "until sunday", "back 12-04"), each with the words VACATION hears it by; None when a figure in it is none of them ("until next Friday
    (4 December)": which Friday?)."""
    from pbem.commands.durations import read_duration, read_until

    words = sentence.replace("’", "'").split()
    folded = [" ".join(_words(w)) for w in words]
    found: dict[str, str] = {}
    used: set[int] = set()

    def take(got: str | None, at: range, said: str) -> bool:
        if got is None or got == "0" or re.fullmatch(r"\d+m|(?:[1-9]|1[01])h", got):
            return False  # ("back in a minute", "away for an hour": no leave)
        found.setdefault(got, said)
        used.update(at)
        return True

    i = 0
    while i < len(words):
        for n in range(min(6, len(words) - i), 0, -1):
            text = " ".join(words[i : i + n]).strip(" ,;:.!?()")
            if not text:
                continue
            got = read_duration(text) if n > 1 or folded[i] not in _NUMBERS_ALONE else None
            if got is None and _UNTIL_START.match(folded[i]):
                got = read_until(text)
            said = got if got is not None and re.fullmatch(r"\d+[dh]", got) else text
            if take(got, range(i, i + n), said):
                i += n - 1
                break
        i += 1
    back = [k for k, w in enumerate(folded) if _RETURNING.search(w)]
    back += [k for k, (a, b) in enumerate(itertools.pairwise(folded)) if f"{a} {b}" in _BACK_TWO]
    for r in back if not found else []:
        # the day beside the word of return ("erst am 4.12. wieder da", "je ne rentre que
        # dimanche", "retour le 6 décembre", "ab Sonntag wieder da")
        step = 2 if r + 1 < len(folded) and f"{folded[r]} {folded[r + 1]}" in _BACK_TWO else 1
        after = r + step + (1 if folded[r + step : r + step + 1] == ["que"] else 0)
        for n in range(min(4, len(words) - after), 0, -1):
            text = " ".join(words[after : after + n]).strip(" ,;:.!?()")
            if text and take(read_until("back " + text), range(after, after + n), "back " + text):
                break
        else:
            for j in range(max(0, r - 4), r):
                text = " ".join(words[j:r]).strip(" ,;:.!?()")
                if text and take(read_until("back " + text), range(j, r), "back " + text):
                    break
    if any(any(c.isdigit() for c in w) for k, w in enumerate(words) if k not in used):
        return None
    return found


_NAMED = re.compile(
    r"(?<![\w'’])(?:[A-ZÀ-Ý][a-zà-ÿ]+['’]s|(?:of|di|de|del|della|von|vom|der|für|fuer|pour|per|for)"
    r"\s+[A-ZÀ-Ý][a-zà-ÿ]+)(?![\w'’])"
)
"""Someone named in a leave's line: their leave or their clock ("Bob's deadlines", "le scadenze
di Marco"), not the player's (a place after "to/in/à/a/nach" is no one: "a Lecce")."""
_NOT_ALONE = _listed(
    """we we' us our ours nous notre nos noi nostro nostra nostre nostri wir uns unsere unseren
    unser propose proposing suggest suggesting propose proposons proposerais suggere propongo
    proporrei suggerisco vorschlagen schlage vorgeschlagen
    he she him her his hers elle lui lei ihn ihm"""
)
"""The players together or a proposal (a pause of the game, PROPOSE), or someone else ("per
lei", "for him"): not the player's own leave."""
_MORE = re.compile(
    r"(?:^|\s)(?:another|other|more|extra|further|additional|autre|autres|supplementaires?|"
    r"altra|altro|altri|altre|weitere|weiteren|weiterer|noch)\s+(?:\S+\s+)?(?:day|days|week|"
    r"weeks|jour|jours|semaine|semaines|giorno|giorni|settimana|settimane|tag|tage|tagen|woche|"
    r"wochen)(?=\s|$)"
)
"""A second length after the first ("then for another week", "puis encore une semaine"):
which leave is meant is asked back."""
_NUMBERS_ALONE = _listed("a an un une uno una ein eine einen")
_BACK_TWO = frozenset(("wieder da", "wieder zurueck", "de retour"))
_FIRST_VERBS = _listed(
    """sono sto saro staro parto partiro vado torno rientro bin fahre komme pars partirai suis
    serai vais rentre off away i' i je j' io ich mi me"""
)
"""A sentence of the player's own leave begins with one ("Bin zwei Wochen zur Kur, bitte ...
meine Partien", "sono via fino a domenica per il matrimonio di mio nipote")."""


_AWAY_ENDINGS = ("urlaub", "ferien", "urlaubsreise")
"""The ends of the German compounds of being away ("Skiurlaub", "Herbstferien"; seventeenth
round): :data:`_GOING_AWAY` holds the plain words."""


def leave_announced(line: str) -> list[tuple[Spoken, str]]:
    """VACATION for the one span a sentence of the player's own leave names (see above): "Je
    pars quinze jours en cure, sans ordinateur. Mettez-moi en vacances", "Bin zwei Wochen zur
    Kur", "Off to my sister's till Sunday, no laptop there. Vacation please". ``[]`` when the
    line names a move, two spans, a question, a doubt, the past or someone else's leave."""
    from pbem.commands.durations import LATER_PERIOD, _someone_else, start_named

    if len(line) > PROSE_MAX or LATER_PERIOD.search(line):
        return []
    if _MOVE_CODE_IN.search(line) or _OFFICIAL.search(line) or _NEVER_MIND.search(line):
        return []
    folded_line = " ".join(_words(line))
    if (
        _NAMED.search(line)
        or _NOT_ALONE.intersection(folded_line.split())
        or _MORE.search(folded_line)
    ):
        # "..., le scadenze di Marco invece fermatele pure", "hold Bob's deadlines", "VACANZA 7g
        # per lei"; "ich schlage vor, dass wir die Partie eine Woche ruhen lassen": the game
        # paused, a vote; "until 12 December, then for another week": two spans
        return []
    spans: dict[str, str] = {}
    leave: list[str] = []
    asks_leave = _LEAVE_NOUNS.search(line) is not None
    for sentence in _SENTENCE_CUT.split(_without_asides(line)):
        plain = without_offline(_NOT_AROUND.sub(" ", sentence))
        folded = only_said(_STRIP_PLEASE.sub("svp", " ".join(_words(plain))))
        away = _GOING_AWAY.intersection(folded.split()) or any(
            w.endswith(_AWAY_ENDINGS) for w in folded.split()
        )
        going = bool(away) or bool(_RETURNING.search(folded))
        asked = _LEAVE_NOUNS.search(plain) is not None
        if not (going or asked):
            continue
        if _DENIED.search(folded) or _LEAVE_DOUBT.search(folded) or _LEAVE_PAST.search(folded):
            return []
        said = _spans(plain)
        if said is None or ("?" in sentence and (said or not asked)):
            # "I'm away for a week, is that a problem?", "Can I go on vacation for two weeks
            # without losing my games?": asked about, not for
            return []
        if said and not going:
            continue  # the span of the request itself is the other readers'
        if said and not (away or asks_leave):
            return []  # "I'm back, thanks for waiting two days": no leave
        if said:
            first = [w for w in folded.split() if w not in _LEAD_WORDS][:1]
            own = bool(_FIRST_VERBS.intersection(first))
            if not own and not asks_leave:
                return []  # "The trip took two days", "Tom is off for a week"
            if not own and any(_someone_else(c) for c in re.split(r"[,;:]", plain) if c.strip()):
                return []
            start = start_named(plain)
            if start == "?":
                return []
            for got, written in said.items():
                if start and re.fullmatch(r"\d+[dh]", got):
                    got = written = f"from {start} +{got}"  # "je pars vendredi quinze jours"
                spans.setdefault(got, written)
            leave.append(sentence)
    if len(spans) != 1 or not leave:
        return []
    return _leave_heard(line, next(iter(spans.values())))


_TABLE = (
    r"(?:(?:the\s+)?(?:table|group|others|other\s+players|rest(?:\s+of\s+the\s+table)?)|everyone"
    r"|everybody|all(?:\s+(?:the\s+)?players)?"
    r"|[àa]\s+(?:tous|toutes|tout\s+le\s+monde|la\s+table|la\s+tabl[ée]e)|aux\s+autres(?:\s+joueurs)?"
    r"|au\s+groupe|a\s+tutti|agli\s+altri(?:\s+giocatori)?|al\s+tavolo|al\s+gruppo"
    r"|allen|den\s+anderen(?:\s+spielern)?|der\s+runde|an\s+alle|an\s+die\s+(?:anderen|runde))"
)
_TOLD_TO_TABLE = re.compile(
    r"(?i)^\W*(?:(?:and|also|oh|ps|p\.?s\.?|et|aussi|e|anche|und|auch)\s*,?\s+)?"
    r"(?:(?:please|pls|kindly|merci\s+de|svp|per\s+favore|bitte)\s+)?(?:"
    r"(?:tell|say\s+to|pass\s+(?:this\s+)?on\s+to|send\s+this\s+to|forward\s+this\s+to"
    r"|dites|dis|transmettez|transmets|faites\s+passer|r[ée]p[ée]tez"
    r"|dite|d[iì]['’]?|riferite|riferisci|comunicate|girate"
    r"|sagt|sag|richtet|richte|gebt|gib)"
    r"(?:\s+(?:please|pls|svp|donc|pure|per\s+favore|bitte))?\s+" + _TABLE
    + r"(?:\s+(?:aus|weiter))?"
    r"|(?:a\s+)?(?:message|note|word)\s+(?:to|for)\s+" + _TABLE
    + r"|message\s+(?:pour|[àa])\s+(?:tous|tout\s+le\s+monde|la\s+tabl[ée]e|les\s+autres|aux\s+autres)"
    r"|messaggio\s+(?:per|a)\s+(?:tutti|gli\s+altri|agli\s+altri|il\s+tavolo)"
    r"|nachricht\s+an\s+(?:alle|die\s+anderen|die\s+runde)"
    # the label alone: "For the table:", "Pour la table :", "Per tutti:", "An alle:"
    r"|(?:for|to)\s+(?:the\s+)?(?:table|group|others|other\s+players|rest\s+of\s+the\s+table)"
    r"|(?:for|to)\s+(?:everyone|everybody|all(?:\s+(?:the\s+)?players)?)"
    r"|pour\s+(?:la\s+table|la\s+tabl[ée]e|tous|toutes|tout\s+le\s+monde|les\s+autres(?:\s+joueurs)?"
    r"|le\s+groupe)|[àa]\s+(?:tous|toutes|tout\s+le\s+monde|la\s+table|la\s+tabl[ée]e)"
    r"|aux\s+autres(?:\s+joueurs)?"
    r"|per\s+(?:tutti|il\s+tavolo|gli\s+altri(?:\s+giocatori)?|il\s+gruppo)|a\s+tutti"
    r"|agli\s+altri(?:\s+giocatori)?|al\s+tavolo"
    r"|an\s+alle|an\s+die\s+(?:anderen|runde)|f(?:ü|ue|u)r\s+(?:alle|die\s+runde|die\s+anderen))"
    r"(?:\s*,?\s*(?:please|pls|svp|s['’]il\s+vous\s+pla[iî]t|per\s+favore|bitte))?\s*$"
)  # fmt: skip
"""The words before a colon that hand what follows to the table, in the imperative or as its
label ("Please tell the others:", "Et dites aux autres :", "Dite a tutti:", "Richtet den anderen
aus:", "Message to the table:", "Messaggio per tutti:", the label alone: "Pour la table :", "Per
tutti:", "An alle:", "To everyone:"; eighteenth round): SAY in words. Never "tell me", "dites-moi",
"sagt mir" (a question to the service), nor the past ("I told the others:", "Paul m'a dit :")."""


def told_to_table(line: str) -> str | None:
    """The text a line hands to the table in words (:data:`_TOLD_TO_TABLE` before its colon:
    "Tell the table: Well played everyone so far!", seventeenth round), read as SAY's; None when
    the head is no such frame, or the text asks (a question mark: perhaps a question to the
    service) or holds a figure (perhaps a move, which a SAY would hide)."""
    head, sep, tail = line.partition(":")
    text = tail.strip()
    if not sep or not text or len(line) > PROSE_MAX or _TOLD_TO_TABLE.match(head) is None:
        return None
    if "?" in text or any(c.isdigit() for c in text):
        return None
    return text
