"""Commands asked for in words on every kind of mail (issue 31, thirteenth round), new mails
first: STANDINGS, STATS, GUIDE, GAMES, LANG, VACATION and BACK in a new mail (not a reply) for
the sender's address (:func:`pbem.service.fresh.account_request`, carried out by
:mod:`pbem.service.account`); a leave whose request is to stop the player's own deadlines, its
length before the word of being offline ("Je serai deux semaines sans réseau"), an aside in
brackets; requests with a qualifier or a scope after the thing asked; BACK as "bin früher
zurück"; and beside each its dangerous neighbour: a question about a command, someone else's
leave or games, a mention, a denial, a move in a new mail. Read as the corpus judge reads them
(:mod:`player_corpus`) against the real mails, in the four languages.

The cases before "added after the first change" were written as probes before the reader was
changed (/work/notes/probes-r2-requests13.txt), the later sections after each change, to check
the class; the base commit read 44 of the 89.
"""

from __future__ import annotations

import player_corpus as pc

HALF = "requests13"

CASES = """
# --- fresh mails: the standings, statistics, guide
=== fr-r13-01 | fr | fresh | gmail | standings
Bonjour,
pourriez-vous m'envoyer le classement actuel ? Merci
Claire

=== fr-r13-02 | fr | fresh | gmail | nothing
Bonjour,
le classement est mis à jour tous les combien ?

=== it-r13-01 | it | fresh | libero | standings
Buonasera, mi mandate la classifica aggiornata? Grazie

=== it-r13-02 | it | fresh | gmail | nothing
La classifica non mi interessa molto, gioco per divertimento.

=== de-r13-01 | de | fresh | webde | standings
Hallo, könnt ihr mir die aktuelle Rangliste schicken?

=== en-r13-01 | en | fresh | outlook | standings
Hi, could you send me the current standings please?

=== en-r13-02 | en | fresh | gmail | nothing
What does STANDINGS show exactly? Only the top of each pool?

=== fr-r13-03 | fr | fresh | orange | stats
Bonjour, je voudrais mes statistiques s'il vous plaît.

=== it-r13-03 | it | fresh | gmail | stats
Ciao, posso avere le mie statistiche?

=== de-r13-02 | de | fresh | gmail | stats
Hallo, schickt mir bitte meine Statistik.

=== de-r13-03 | de | fresh | gmail | nothing
Meine Statistik ist dieses Jahr leider miserabel.

=== en-r13-03 | en | fresh | yahoo | stats
Hello, can I get my stats? Thanks, Tom

=== fr-r13-04 | fr | fresh | gmail | guide
Bonjour, vous pouvez m'envoyer le guide du joueur ?

=== it-r13-04 | it | fresh | libero | guide
Buongiorno, potreste mandarmi la guida del giocatore? Inizio la prima partita domani.

=== de-r13-04 | de | fresh | webde | guide
Hallo, schickt mir bitte die Anleitung.

=== en-r13-04 | en | fresh | gmail | guide
Hi, could you send me the player guide? I'm starting my first game next week.

=== en-r13-05 | en | fresh | gmail | nothing
My friend says the player guide is very long, is that true?

=== fr-r13-05 | fr | fresh | bare | standings
CLASSEMENT

=== de-r13-05 | de | fresh | bare | guide
ANLEITUNG

=== en-r13-06 | en | fresh | bare | stats
STATS please

# --- fresh mails: back, vacation, language
=== fr-r13-06 | fr | fresh | gmail | back
Bonjour, je suis rentré de vacances, vous pouvez relancer mes parties.

=== fr-r13-07 | fr | fresh | gmail | nothing
Je serai de retour dimanche, je vous écrirai à ce moment-là.

=== it-r13-05 | it | fresh | libero | back
Sono rientrato prima, riattivate le mie partite per favore.

=== de-r13-06 | de | fresh | webde | back
Bin früher zurück als gedacht, bitte meine Partien wieder starten.

=== de-r13-07 | de | fresh | gmail | nothing
Mein Bruder ist aus dem Urlaub zurück, er meldet sich bald.

=== en-r13-07 | en | fresh | outlook | back
I'm back from holiday, please restart my clocks.

=== en-r13-08 | en | fresh | bare | back
BACK

=== fr-r13-08 | fr | fresh | bare | vacation 14d
VACANCES 14 jours

=== it-r13-06 | it | fresh | gmail | vacation 7d
Buongiorno, parto per una settimana, mettetemi in vacanza per 7 giorni.

=== de-r13-08 | de | fresh | webde | vacation 14d
Hallo, ich bin zwei Wochen ohne Netz, bitte Urlaub für 2 Wochen eintragen.

=== de-r13-09 | de | fresh | gmail | nothing
Wie lange darf ein Urlaub eigentlich höchstens dauern?

=== en-r13-09 | en | fresh | gmail | vacation 10d
Hi, I'm off hiking with no signal, please put me on vacation for 10 days.

=== en-r13-10 | en | fresh | gmail | nothing
My wife is going on vacation for 10 days, so I'll have more time to play.

=== en-r13-11 | en | fresh | gmail | nothing
If I go to Spain in January, should I put myself on vacation?

=== fr-r13-09 | fr | fresh | gmail | lang fr
Bonjour, pourriez-vous m'écrire en français désormais ?

=== de-r13-10 | de | fresh | gmail | lang de
Hallo, könnt ihr mir auf Deutsch schreiben?

=== en-r13-12 | en | fresh | bare | lang en
LANG en

=== it-r13-07 | it | fresh | gmail | nothing
Mio figlio parla solo italiano, si può giocare in italiano?

# --- fresh mails: the games, said in sentences
=== it-r13-08 | it | fresh | gmail | games
Ciao, in quali partite sto giocando adesso? Ho perso il conto.

=== de-r13-11 | de | fresh | bare | games
Hallo, schickt mir bitte eine Liste meiner Partien.

=== en-r13-13 | en | fresh | gmail | nothing
My games with Bob are always fun, thanks for running this.

# --- replies: leaves with lengths or return days in words
=== fr-r13-10 | fr | fc:moved | gmail | vacation 336h
Je serai deux semaines sans réseau, mettez-moi en vacances s'il vous plaît.

=== fr-r13-11 | fr | fc:moved | gmail | nothing
Mon fils sera deux semaines sans réseau en colonie, ça va être calme.

=== it-r13-09 | it | fc:moved | gmail | vacation 240h
Vado in montagna, dieci giorni senza campo. Mettetemi in vacanza per dieci giorni.

=== de-r13-12 | de | fc:moved | webde | vacation ~until sunday
Ich bin bis Sonntag weg, bitte bis dahin Urlaub eintragen.

=== en-r13-14 | en | fc:moved | gmail | vacation ~until sunday
Away for the weekend, back Sunday. Please put me on vacation until then.

=== en-r13-15 | en | fc:moved | gmail | nothing
Back Sunday from the trip, talk then!

=== en-r13-16 | en | fc:moved | gmail | ask
Would a vacation until Sunday stop my clock in every game?

# --- replies: previews, pause, resign, requests in sentences
=== fr-r13-12 | fr | fc:turn | gmail | preview M13 R1
Avant de jouer, pouvez-vous me montrer un aperçu de M13 R1 ?

=== en-r13-17 | en | fc:turn | gmail | preview P10 R3
Could you show me a preview of P10 R3 before I commit?

=== it-r13-10 | it | fc:moved | gmail | propose pause 7d
Propongo una pausa di una settimana per le feste.

=== de-r13-13 | de | fc:moved | gmail | ask
Würdet ihr einer Pause von einer Woche zustimmen, wenn ich sie vorschlage?

=== en-r13-18 | en | fc:turn | gmail | resign
I'm too far behind, I resign. Well played everyone.

=== en-r13-19 | en | fc:turn | gmail | ask
What happens to my tiles if I resign?

=== de-r13-14 | de | fc:moved | gmail | standings
Wie sieht eigentlich die Rangliste aus?

=== fr-r13-13 | fr | fc:moved | gmail | rules
Vous pouvez me renvoyer les règles du jeu ?

=== it-r13-11 | it | fc:turn | gmail | legal
Quali mosse posso fare adesso? Mandatemi le mosse possibili.

=== en-r13-20 | en | fc:moved | gmail | history
Can you send me the history of the game so far?

# --- replies: a leave with "stop my deadlines", its length before the word of being offline,
# an aside in brackets (added after the first change; judged on the base commit too)
=== en-r13-21 | en | fc:moved | gmail | vacation 120h
I'm off for five days from tomorrow, please hold my deadlines.

=== en-r13-22 | en | fc:moved | gmail | nothing
I'm off for five days, please don't hold my deadlines, I'll play from the phone.

=== it-r13-12 | it | fc:moved | libero | vacation 240h
Starò via dieci giorni, fermate pure le mie scadenze.

=== it-r13-13 | it | fc:moved | gmail | ask
Starò via dieci giorni, le scadenze di Marco invece fermatele pure.

=== de-r13-15 | de | fc:moved | webde | vacation 336h
Ich bin ab morgen zwei Wochen im Urlaub (Mallorca!), bitte haltet meine Fristen an.

=== de-r13-16 | de | fc:moved | webde | ask
Ich bin ab morgen zwei Wochen im Urlaub (vielleicht), bitte haltet meine Fristen an.

=== fr-r13-14 | fr | fc:moved | gmail | vacation 336h
Je serai deux semaines sans réseau, mettez-moi en vacances s'il vous plaît.

=== fr-r13-15 | fr | fc:moved | gmail | nothing
Je serai deux semaines sans réseau, ne mettez pas mes parties en pause, je jouerai au retour en vitesse.

=== it-r13-14 | it | fc:moved | gmail | vacation 240h
Sarò dieci giorni senza campo, mettetemi in vacanza per favore.

=== en-r13-23 | en | fc:moved | gmail | vacation 336h
I'll be two weeks without signal, please pause my games.

=== en-r13-24 | en | fc:moved | gmail | nothing
If I'll be two weeks without signal in March, what happens to my games?

=== fr-r13-16 | fr | fresh | gmail | vacation 14d
Bonjour, je serai deux semaines sans réseau, merci de mettre mes parties en pause.

=== de-r13-17 | de | fresh | gmail | vacation 14d
Hallo, ich bin ab morgen zwei Wochen im Urlaub, bitte haltet meine Fristen an.

=== en-r13-25 | en | fresh | gmail | nothing
Hello, I'm off for five days, please hold Bob's deadlines.

# --- requests with a qualifier or a scope after the thing asked (added after the second change)
=== fr-r13-17 | fr | fc:moved | gmail | board
Vous pouvez me renvoyer le plateau tel qu'il est maintenant ? Merci

=== fr-r13-18 | fr | fc:moved | gmail | nothing
Le plateau est dans un drôle d'état sur mon téléphone, tant pis.

=== it-r13-15 | it | fc:over | gmail | stats
Bella partita! Posso vedere le mie statistiche su tutte le partite che ho giocato?

=== it-r13-16 | it | fc:over | gmail | nothing
Le mie statistiche su tutte le partite sono un disastro, ahah.

=== en-r13-26 | en | fc:over | gmail | history
Well played. Could I get the full list of moves?

=== en-r13-27 | en | fc:over | gmail | nothing
The full list of moves was in the last mail, I found it, thanks.

=== de-r13-18 | de | fc:over | webde | history
Könnt ihr mir bitte die vollständige Zugliste schicken?

=== fr-r13-19 | fr | vs:over | gmail | record
Pourriez-vous m'envoyer l'enregistrement complet de la partie ?

=== fr-r13-20 | fr | vs:over | gmail | nothing
L'enregistrement de la partie, vous le gardez combien de temps ?

# --- BACK with "früher zurück" and the Italian -mi imperatives (added after the third change)
=== de-r13-19 | de | fc:moved | webde | back
Bin früher zurück als gedacht, bitte meine Fristen wieder laufen lassen.

=== de-r13-20 | de | fc:moved | webde | nothing
Bin früher zurück, aber startet meine Partien bitte noch nicht.

=== it-r13-17 | it | fc:moved | libero | back
Sono tornato dalle ferie, rimettetemi in gioco in tutte le mie partite.

=== it-r13-18 | it | fc:moved | gmail | nothing
Mio fratello è tornato dalle ferie, rimettetelo in gioco quando volete.

# --- GAMES in a new mail: "où j'en suis", a remark about other games (added after the fourth change)
=== fr-r13-21 | fr | fresh | gmail | games
Bonjour, pouvez-vous me dire où j'en suis dans mes différentes parties ? Merci

=== fr-r13-22 | fr | fresh | gmail | nothing
Pouvez-vous me dire où mon frère en est dans ses parties ?

=== de-r13-21 | de | fresh | webde | games
Welche Partien laufen bei mir gerade? Ich habe bei drei Spielen den Überblick verloren.

=== de-r13-22 | de | fresh | webde | nothing
Welche Partien laufen bei meinem Bruder gerade? Er hat bei drei Spielen den Überblick verloren.

# --- a leave asked with "merci de / grazie di" after the day of return (added after the fifth change)
=== fr-r13-23 | fr | fc:moved | gmail | vacation ~until 2026-12-04
Je pars en déplacement pour le travail et je reviens le 4 décembre. Merci de mettre mes parties en pause jusque-là.

=== fr-r13-24 | fr | fc:moved | gmail | nothing
Mon fils part en déplacement et revient le 4 décembre. Merci de le mettre en pause jusque-là.

=== fr-r13-25 | fr | fresh | gmail | vacation ~until 2026-12-04
Bonjour, je pars en déplacement et je reviens le 4 décembre. Merci de mettre mes parties en pause jusque-là.

=== it-r13-19 | it | fc:moved | gmail | vacation ~until 2026-12-06
Vado dai miei e torno il 6 dicembre. Grazie di mettermi in ferie fino ad allora.

=== it-r13-20 | it | fc:moved | gmail | ask
Vado dai miei e forse torno il 6 dicembre. Grazie di mettermi in ferie fino ad allora.
"""


def _load() -> list[pc.Case]:
    return pc.parse_cases(HALF, CASES)


PROBES = _load()
MISSED: dict[str, str] = {}
"""Asked back (or nothing read) where a referee reads the command: the reasons."""


verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES, MISSED)


def test_every_language_has_requests_and_neighbours() -> None:
    pc.assert_balanced(PROBES, MISSED)
    assert sum(c.mail == "fresh" for c in PROBES) >= 30  # the new mails of the class
