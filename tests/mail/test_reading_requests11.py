"""Requests and leaves said in prose, and two commands in one reply (issue 31, eleventh round):
RULES, GUIDE, RECORD, STATS, STANDINGS, HISTORY, LEGAL, GAMES asked for in a sentence, two asked
at once, a leave said in words alone or beside a move in the same reply, BACK in words; and beside
each its dangerous neighbour: a question about the thing ("La feuille de partie, vous la gardez
combien de temps ?"), thanks for it, someone else's wish or leave, a leave of the past or to
come, "back soon". Read as the corpus judge reads them (:mod:`player_corpus`) against the real
mails, in the four languages.

The first 65 written as probes before the reader was changed for them
(/work/notes/probes-r2-requests.txt), the 20 "-z" ones after, to check the classes; the misses
that stay are strict xfails with their reason (asked back or nothing read: never wrong).
"""

from __future__ import annotations

import player_corpus as pc

HALF = "requests11"

CASES = """
=== en-q01 | en | fc:help | gmail | rules
Cheers. Could you mail me the full rules once more? I always mix up how the gates score.

=== de-q01 | de | fc:help | webde | rules
Danke! Die Spielregeln hätte ich gern noch einmal, ich vergesse immer, wie die Drachen zählen.

=== it-q01 | it | fc:help | libero | rules
Grazie. Mi rimandereste il regolamento? Non ricordo mai come contano i draghi.

=== fr-q01 | fr | fc:help | orange | rules
Merci. Vous pourriez me renvoyer les règles ? Je m'emmêle toujours avec les dragons.

=== en-q02 | en | fc:help | gmail | nothing
Are the rules here the same as in the boxed game? Just curious.

=== de-q02 | de | fc:help | gmail | nothing
Danke für die Regeln, jetzt ist mir alles klar.

=== fr-q02 | fr | fc:help | iphone | nothing
Ma femme voudrait lire les règles avant de s'inscrire, elle hésite encore.

=== it-q03 | it | fc:help | gmail | guide
Esiste un manuale completo del servizio? Se sì mandatemelo, lo stampo per il circolo.

=== fr-q03 | fr | fc:help | thunderbird | guide
Merci ! Il existe un guide complet quelque part ? Si oui, envoyez-le-moi, je le lirai ce week-end.

=== de-q03 | de | fc:help | outlook | guide
Gibt es eine ausführliche Anleitung für das alles? Dann schickt sie mir bitte.

=== en-q03 | en | fc:help | outlook | nothing
Is the handbook available in Italian as well? My brother was asking.

=== fr-q04 | fr | fc:over | gmail | record
Merci pour la partie. Vous pouvez m'envoyer la feuille de partie ? Je veux la montrer au club.

=== de-q04 | de | fc:over | gmail | record
Schöne Partie! Schickt mir bitte das Protokoll, ich will die Züge mit meinem Sohn durchgehen.

=== en-q04 | en | fc:over | thunderbird | record
Good game all. Send me the full record of this one please, I'd like to study my opening.

=== it-q04 | it | fc:over | samsung | record
Bella partita. Potrei avere il registro della partita? Lo voglio studiare con calma.

=== en-q05 | en | fc:over | gmail | nothing
Thanks for the game record, very handy for our newsletter.

=== fr-q05 | fr | fc:over | gmail | nothing
La feuille de partie, vous la gardez combien de temps sur le serveur ?

=== de-q06 | de | fc:over | k9 | stats
Danke fürs Spiel. Meine Statistik hätte ich gern, bitte.

=== en-q06 | en | fc:over | gmail-android | stats
gg. could i get my overall stats?

=== fr-q06 | fr | fc:over | gmail | stats
Bien joué à tous. J'aimerais voir mes statistiques.

=== it-q06 | it | fc:over | gmail | stats
Mi mandate le mie statistiche? Voglio vedere se sto migliorando.

=== it-q07 | it | fc:over | gmail | nothing
Le statistiche contano anche le partite abbandonate?

=== it-q08 | it | fc:over | gmail | standings
Grazie a tutti! Mi mandate la classifica aggiornata?

=== de-q08 | de | fc:over | webde | standings
Wie stehe ich jetzt in der Gesamtwertung? Schickt mir die Tabelle bitte.

=== en-q08 | en | fc:over | apple-mail | standings
Where am I in the standings after this one? Send them over please.

=== en-q09 | en | fc:over | gmail | nothing
Are the standings updated after each game or once a week?

=== de-q09 | de | fc:over | gmail | nothing
Klaus möchte gern die Rangliste sehen, er fragt mich ständig danach.

=== fr-q10 | fr | fc:moved | gmail | history
J'aimerais revoir l'historique de la partie, je m'y perds un peu.

=== en-q10 | en | fc:moved | outlook | history
Could you send me the list of all the moves played so far? I've lost the thread.

=== it-q10 | it | fc:moved | gmail | history
Mi rimandate la cronologia delle mosse? Ho perso il filo.

=== de-q10 | de | fc:moved | webde | history
Kann ich mal alle bisherigen Züge sehen? Ich blicke nicht mehr durch.

=== fr-q11 | fr | fc:moved | gmail | nothing
J'ai relu l'historique, tout est clair maintenant, merci.

=== en-q12 | en | fc:moved | gmail | games
Remind me which of my games are waiting on me? I've lost count.

=== it-q12 | it | fc:moved | gmail | games
In quali partite tocca a me adesso? Mandatemi l'elenco, non ci capisco più niente.

=== de-q12 | de | fc:moved | gmail | games
Welche Partien laufen bei mir gerade? Schickt mir bitte die Übersicht.

=== fr-q12 | fr | fc:moved | gmail | nothing
Mon frère joue dans combien de parties en ce moment ? Il ne me répond plus.

=== de-q13 | de | fc:help | gmail | legal
Danke. Könnt ihr mir die Liste aller Züge schicken, die ich gerade machen darf?

=== it-q13 | it | fc:help | gmail | legal
Grazie dell'aiuto. Mi mandate l'elenco delle mosse che posso fare adesso?

=== en-q13 | en | fc:help | gmail | legal
Thanks. Can you send me every move I'm allowed to make right now?

=== en-q14 | en | fc:over | gmail | record + stats
Could you send me the record of this game, and my stats too?

=== fr-q14 | fr | fc:over | gmail | standings + stats
Pouvez-vous m'envoyer le classement et mes statistiques ?

=== it-q14 | it | fc:help | gmail | rules + guide
Mi mandate le regole e la guida? Grazie

=== de-q14 | de | fc:over | gmail | record + standings
Bitte schickt mir das Protokoll und die aktuelle Rangliste.

=== fr-q15 | fr | fc:turn | gmail | move M13 R1 + vacation 10d
M13 R1. Et puis je pars en Corse, mettez-moi en vacances 10 jours svp.

=== it-q15 | it | fc:turn | gmail | move L12 R0 + vacation 7d
Gioco L12 R0. Da sabato sono in ferie, VACANZA 7 giorni.

=== de-q15 | de | fc:turn | webde | move N13 R2 + vacation 7d
N13 R2. Danach bin ich eine Woche in Kur, bitte Urlaub 7 Tage eintragen.

=== en-q15 | en | fc:turn | gmail | move O13 R1 + vacation 10d
O13 R1 from me. Then I'm off to Crete, so vacation 10 days please.

=== it-q16 | it | vs:turn | gmail | move RB N + vacation 3d
RB N. Poi sono via, vacanza 3 giorni per favore.

=== en-q16 | en | fc:turn | gmail | move P10 R2
P10 R2. My partner is off on vacation for two weeks, so I'll have more time to play!

=== fr-q16 | fr | fc:turn | gmail | move L10 R1
L10 R1. J'étais en vacances la semaine dernière, désolé pour le retard.

=== de-q16 | de | fc:turn | gmail | move M13 R0
M13 R0. Mein Kollege ist zwei Wochen im Urlaub, deshalb antworte ich schneller.

=== fr-q17 | fr | fc:moved | gmail | vacation 10d
Je serai absent dix jours à partir de demain, mettez-moi en vacances.

=== it-q17 | it | fc:moved | gmail | vacation 14d
Sarò via due settimane, mettetemi in vacanza per favore.

=== de-q17 | de | fc:moved | gmail | vacation 10d
Ich bin zehn Tage im Urlaub, bitte tragt das ein.

=== en-q17 | en | fc:moved | gmail | vacation 7d
Away for a week from tomorrow, please put me on vacation.

=== en-q18 | en | fc:moved | gmail | nothing
Can I go on vacation for two weeks without losing my games?

=== it-q18 | it | fc:moved | gmail | nothing
Mia moglie è via per una settimana, quindi gioco di più.

=== it-q19 | it | vs:waiting | gmail | back
Eccomi, sono rientrato, possiamo riprendere.

=== fr-q19 | fr | fc:moved | gmail | back
Me revoilà, vous pouvez relancer mon horloge.

=== de-q19 | de | fc:moved | gmail | back
Wieder da! Der Urlaub ist vorbei.

=== en-q19 | en | fc:moved | gmail | back
I'm back home now, all good to carry on.

=== fr-q20 | fr | vs:waiting | gmail | back
Je suis rentrée de l'hôpital hier, on peut continuer.

=== en-q20 | en | fc:moved | gmail | nothing
Back soon with my move, just finishing dinner.

=== de-q20 | de | fc:moved | gmail | nothing
Mein Sohn ist wieder da, deshalb spiele ich abends etwas langsamer.

=== it-q20 | it | fc:moved | gmail | nothing
Torno tra un'ora con la mossa, sono in riunione.

=== fr-z01 | fr | fc:turn | gmail | move M13 R2 + vacation 7d
M13 R2. Je pars ensuite une semaine en Bretagne, mettez-moi en vacances svp.

=== fr-z02 | fr | fc:turn | gmail | move M13 R2
M13 R2. Mon voisin part une semaine en Bretagne, veinard.

=== it-z01 | it | fc:turn | gmail | move P12 R1 + vacation 10d
P12 R1. Da domani sono in ferie dieci giorni, mettetemi in vacanza per favore.

=== it-z02 | it | fc:turn | gmail | move P12 R1
P12 R1. Sono stato in ferie dieci giorni, scusate il ritardo.

=== de-z01 | de | fc:turn | gmail | move L10 R2 + vacation 14d
L10 R2. Ich bin ab morgen zwei Wochen weg, bitte Urlaub eintragen.

=== de-z02 | de | fc:turn | gmail | move L10 R2
L10 R2. Meine Frau ist ab morgen zwei Wochen weg.

=== en-z01 | en | vs:turn | gmail | move KB S + vacation 5d
KB S. Then I'm away for five days at a conference, please put me on vacation.

=== en-z02 | en | vs:turn | gmail | move KB S
KB S. I was away for five days at a conference, sorry for the delay.

=== en-z03 | en | fc:moved | gmail | back
I'm back from the conference, you can restart my clock.

=== fr-z03 | fr | fc:moved | gmail | nothing
Je serai de retour lundi, pas avant.

=== it-z03 | it | fc:moved | gmail | back
Sono tornato dall'ospedale, possiamo continuare.

=== de-z03 | de | fc:moved | gmail | nothing
Bin zurück, aber nur bis morgen, dann wieder weg.

=== en-z04 | en | fc:over | gmail | standings
Good game. Could I see the league table please?

=== fr-z04 | fr | fc:over | gmail | nothing
Le classement, il est mis à jour quand exactement ?

=== it-z04 | it | fc:over | gmail | record
Bella partita! Il verbale della partita, per favore.

=== de-z04 | de | fc:help | gmail | legal
Danke. Welche Züge darf ich jetzt überhaupt machen?

=== en-z05 | en | fc:help | gmail | nothing
Thanks for the list of legal moves, that helped.

=== fr-z05 | fr | fc:moved | gmail | vacation 14d
Je pars deux semaines au Maroc, sans ordinateur. Mettez-moi en vacances svp.

=== it-z05 | it | fc:moved | gmail | nothing
Sarò via due settimane il mese prossimo, vi avviso per tempo.

=== de-z05 | de | fc:moved | gmail | vacation 7d
Ich bin eine Woche auf Geschäftsreise in Wien, bitte tragt mir Urlaub ein.
"""


def _load() -> list[pc.Case]:
    return pc.parse_cases(HALF, CASES)


PROBES = _load()
MISSED = {
    "de-z02": "asked back: a move beside someone else's leave in German ('Meine Frau ist ... weg')",
}
"""Asked back (or nothing read) where a referee reads the command: the reasons."""


verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES, MISSED)


def test_every_language_has_requests_and_neighbours() -> None:
    ids = [c.id for c in PROBES]
    assert len(ids) == len(set(ids)) and set(MISSED) <= set(ids)
    for lang in pc.LANGS:
        mine = [c for c in PROBES if c.lang == lang]
        assert sum(c.expect == "nothing" for c in mine) >= 4, lang
        assert sum(c.expect not in ("nothing", "ask") for c in mine) >= 12, lang
