"""Commands other than moves said in the players' own words (issue 31, eighteenth round): a
leave asked as the player's own clock held after the prose that names its span ("Merci de bloquer
mon temps d'ici là", "Vi chiedo di fermare il mio orologio nel frattempo", "Bitte meine
Bedenkzeit bis dahin anhalten", "Please pause my clock till then"), its reason said with a
negation ("kann in der Zeit nicht spielen", "non potrò giocare"); BACK with the clocks started
again ("relancer mes pendules", "von mir aus kann's weitergehen", "out of hospital", a sign-off
after it); PROPOSE PAUSE "dass wir ... ruhen lassen", its agreement asked ("Wäre das für euch in
Ordnung?", "Ça vous va ?"), its end an event ("until Sam is out of hospital", "finché Luca non
torna"); STANDINGS and STATS asked as where the player stands ("Wie sieht's in der Rangliste
aus?", "Where does that leave me in the club table?"); in fresh mails LANG asked after the
language the mails come in now, STANDBY after a greeting, LEAVE "je me désiste de"; RESIGN
with its thanks for the games. Beside each its dangerous neighbour: someone else's clock or
return, the past, a question about it, a negation, a proposal reported, a resignation joked
about.

The first 74 cases were written as probes before the reader was changed
(/work/notes/probes-commands.txt), the rest during the change; the base commit (039b1d9) read
53 of the 74, none wrong. Of the last seven (a leave beside the player's clock spoken of
otherwise: denied, asked about, put off, another length) it read five WRONG.
"""

from __future__ import annotations

import player_corpus as pc

HALF = "commands18"

CASES = """
=== fr-c18-01 | fr | fc:turn | gmail | vacation 7d
Je pars une semaine en Bretagne, sans ordinateur. Merci de bloquer mon temps pendant ce temps-là.

=== fr-c18-02 | fr | fc:moved | orange | vacation 10d
Je suis en déplacement dix jours. Pouvez-vous suspendre mon délai d'ici là ?

=== fr-c18-03 | fr | fc:moved | orange | ask
Paul est en déplacement dix jours. Pouvez-vous suspendre son délai d'ici là ?

=== fr-c18-04 | fr | fc:moved | gmail | nothing
J'étais en déplacement dix jours, merci d'avoir suspendu mon délai pendant ce temps.

=== fr-c18-05 | fr | fc:turn | iphone | vacation 5d
absent 5 jours, pas de reseau. bloquez ma pendule svp

=== fr-c18-06 | fr | fc:turn | iphone | ask
absent 5 jours, pas de reseau. ne bloquez pas ma pendule, je jouerai quand même

=== it-c18-01 | it | fc:turn | libero | vacation 10d
Starò fuori dieci giorni per lavoro. Vi chiedo di fermare il mio orologio nel frattempo.

=== it-c18-02 | it | fc:moved | gmail | vacation 7d
Sono in ospedale una settimana, fermate il mio orologio fino ad allora per favore.

=== it-c18-03 | it | fc:moved | gmail | ask
Sono in ospedale una settimana, avete fermato il mio orologio?

=== it-c18-04 | it | fc:moved | gmail | ask
Marco è in ospedale una settimana, fermate il suo orologio fino ad allora per favore.

=== de-c18-01 | de | fc:turn | webde | vacation 14d
Ich bin zwei Wochen auf Dienstreise. Bitte meine Bedenkzeit so lange anhalten.

=== de-c18-02 | de | fc:moved | webde | vacation 7d
Ich bin eine Woche im Krankenhaus, bitte haltet meine Uhr bis dahin an.

=== de-c18-03 | de | fc:moved | webde | ask
Ich war eine Woche im Krankenhaus, habt ihr meine Uhr angehalten?

=== de-c18-04 | de | fc:moved | webde | ask
Heinz ist eine Woche im Krankenhaus, bitte haltet seine Uhr bis dahin an.

=== en-c18-01 | en | fc:turn | gmail | vacation 10d
I'm away for ten days with no laptop. Please stop my clock until then.

=== en-c18-02 | en | fc:moved | outlook | vacation 7d
I'll be in hospital for a week, could you freeze my clock till then?

=== en-c18-03 | en | fc:moved | outlook | ask
I was in hospital for a week, did you freeze my clock?

=== en-c18-04 | en | fc:moved | outlook | ask
Jane will be in hospital for a week, could you freeze her clock till then?

=== fr-c18-07 | fr | fc:moved | k9 | back
Je suis rentré, vous pouvez relancer mes pendules.

=== fr-c18-08 | fr | fc:moved | k9 | ask
Paul est rentré, vous pouvez relancer sa pendule ?

=== fr-c18-09 | fr | fc:moved | k9 | nothing
De retour de vacances ! Vous aviez relancé mes pendules trop tôt la dernière fois, mais ce n'est pas grave.

=== it-c18-05 | it | fc:moved | gmail | back
Sono tornato prima del previsto, potete far ripartire il mio orologio.

=== it-c18-06 | it | fc:moved | gmail | ask
Sono tornato prima del previsto, ma non fate ripartire il mio orologio fino a lunedì.

=== de-c18-05 | de | fc:moved | gmail | back
Bin wieder da, meine Uhr darf wieder laufen.

=== de-c18-06 | de | fc:moved | gmail | back
Bin zurück, von mir aus kann es weitergehen.

=== de-c18-07 | de | fc:moved | gmail | ask
Bin erst am Sonntag zurück, dann kann es weitergehen.

=== en-c18-05 | en | fc:moved | yahoo | back
I'm home earlier than planned, please restart my clocks.

=== en-c18-06 | en | fc:moved | yahoo | ask
I'm home on Sunday, please restart my clocks then.

=== en-c18-07 | en | fc:moved | yahoo | ask
Tom is home again, please restart his clock.

=== de-c18-08 | de | fc:moved | thunderbird | propose PAUSE 7d
Ich schlage vor, dass wir die Partie eine Woche pausieren. Wäre das für euch in Ordnung?

=== de-c18-09 | de | fc:moved | thunderbird | propose PAUSE 14d
Ich schlage vor, dass wir das Spiel zwei Wochen ruhen lassen, bis alle aus dem Urlaub zurück sind.

=== de-c18-10 | de | fc:moved | thunderbird | nothing
Heinz hat vorgeschlagen, dass wir die Partie eine Woche pausieren, aber ich finde das unnötig.

=== fr-c18-10 | fr | fc:moved | gmail | propose PAUSE 7d
Je propose qu'on mette la partie en pause une semaine, le temps que Marc se remette.

=== fr-c18-11 | fr | fc:moved | gmail | ask
Vous croyez qu'on devrait mettre la partie en pause une semaine ?

=== it-c18-07 | it | fc:moved | gmail | propose PAUSE 7d
Propongo di sospendere la partita per una settimana, finché Luca non torna.

=== it-c18-08 | it | fc:moved | gmail | nothing
Luca aveva proposto di sospendere la partita per una settimana, ma poi è tornato prima.

=== en-c18-08 | en | fc:moved | gmail | propose PAUSE 7d
I suggest we pause the game for a week until Sam is out of hospital.

=== en-c18-09 | en | fc:moved | gmail | nothing
Last time we paused the game for a week and nobody came back, so let's not do that again.

=== de-c18-11 | de | fc:over | webde | standings
Gutes Spiel! Wie sieht's denn jetzt in der Rangliste für mich aus?

=== de-c18-12 | de | fc:over | webde | nothing
Gutes Spiel! Die Rangliste ist mir ehrlich gesagt egal.

=== de-c18-13 | de | fc:over | webde | stats
Glückwunsch an Jens. Wie sieht eigentlich meine Statistik insgesamt aus?

=== en-c18-10 | en | fc:over | apple-mail | standings
Good game. Where does that leave me in the standings?

=== en-c18-11 | en | fc:over | apple-mail | nothing
Good game. I never look at the standings anyway.

=== en-c18-12 | en | fc:over | apple-mail | stats
Well played all. How do my stats look overall now?

=== fr-c18-12 | fr | fc:over | thunderbird | standings
Bravo Lucie ! Où est-ce que j'en suis au classement maintenant ?

=== fr-c18-13 | fr | fc:over | thunderbird | nothing
Bravo Lucie ! Le classement, je m'en fiche un peu.

=== it-c18-09 | it | fc:over | gmail | standings
Bella partita! Come sono messo adesso in classifica?

=== it-c18-10 | it | fc:over | gmail | nothing
Bella partita! Della classifica non mi importa niente.

=== de-c18-14 | de | fc:turn | webde | resign
Ich gebe die Partie auf. Danke euch allen!

=== de-c18-15 | de | fc:turn | webde | ask
Am liebsten würde ich aufgeben, haha, aber nein: ich kämpfe weiter.

=== en-c18-13 | en | fc:turn | gmail | resign
I give up this game, no way back for me. Thanks all!

=== en-c18-14 | en | fc:turn | gmail | ask
I almost want to give up, haha. Not yet though!

=== fr-c18-14 | fr | fc:turn | gmail | vacation ~until sunday
Je ne pourrai pas jouer cette semaine : je suis chez mes parents jusqu'à dimanche. Merci de bloquer mon temps d'ici là.

=== fr-c18-15 | fr | fc:turn | gmail | ask
Je ne pourrai pas jouer cette semaine : Paul est chez moi jusqu'à dimanche. Merci de bloquer son temps d'ici là.

=== it-c18-11 | it | fc:turn | gmail | vacation 5d
Domani mi operano e starò fuori cinque giorni. Vi chiedo di fermare il mio orologio nel frattempo, non potrò giocare.

=== it-c18-12 | it | fc:turn | gmail | ask
Domani mi operano e starò fuori cinque giorni. Non serve fermare il mio orologio nel frattempo, giocherò dal telefono.

=== de-c18-16 | de | fc:turn | webde | vacation 7d
Ich fahre morgen für eine Woche in die Berge und komme dort nicht ins Internet. Bitte meine Uhr so lange anhalten.

=== de-c18-17 | de | fc:turn | webde | ask
Ich fahre morgen für eine Woche in die Berge, komme dort aber ins Internet. Bitte meine Uhr nicht anhalten.

=== de-c18-18 | de | fc:moved | outlook | vacation ~until sunday
Ich bin bis Sonntag auf Dienstreise und kann in der Zeit nicht spielen. Bitte meine Bedenkzeit bis dahin anhalten.

=== en-c18-15 | en | fc:moved | gmail | vacation ~until sunday
Staying with my in-laws until Sunday, no signal there. Please pause my clock till then.

=== en-c18-16 | en | fc:moved | gmail | ask
Staying with my in-laws until Sunday, no signal there. Should I ask you to pause my clock?

=== de-c18-19 | de | fc:moved | gmail | back
Bin wieder da, von mir aus kann's weitergehen.

=== de-c18-20 | de | fc:moved | gmail | ask
Bin wieder da, aber von mir aus kann's noch eine Woche ruhen.

=== en-c18-17 | en | fresh | yahoo | back
I'm out of hospital earlier than planned, please restart my clocks in all my games. Thanks, Doris

=== en-c18-18 | en | fresh | yahoo | nothing
My husband is out of hospital earlier than planned, thanks for your kind words. Doris

=== fr-c18-16 | fr | fc:moved | k9 | back
de retour plus tot que prevu, vous pouvez relancer mes pendules

=== it-c18-13 | it | fc:moved | gmail | back
Sono rientrato prima, potete far ripartire le mie scadenze.

=== fr-c18-17 | fr | fresh | yahoo | lang fr
Bonjour, est-ce que je pourrais recevoir vos mails en français s'il vous plaît ?

=== fr-c18-18 | fr | fresh | yahoo | nothing
Bonjour, vos mails en français sont très clairs, merci beaucoup.

=== it-c18-14 | it | fresh | gmail | lang it
Buongiorno, ricevo le vostre email in inglese ma preferirei l'italiano. Si può cambiare?

=== de-c18-21 | de | fresh | webde | lang de
Hallo, könnte ich eure Mails bitte auf Deutsch bekommen? Englisch fällt mir schwer.

=== en-c18-19 | en | fresh | gmail | nothing
Hi, your mails in German were a nice surprise, but I read them fine. Thanks!

=== en-c18-20 | en | fresh | gmail | standby any
Hi, happy to be a reserve player for either game if anyone drops out. Pete

=== en-c18-21 | en | fresh | gmail | nothing
Hi, is there a reserve player for either game if anyone drops out? Just curious. Pete

=== fr-c18-19 | fr | fresh | orange | back
Je suis sortie de l'hôpital plus tôt que prévu, vous pouvez relancer mes pendules. Merci, Odile

=== fr-c18-20 | fr | fresh | zimbra | leave o-fc-3a9c
Finalement je me désiste de la partie o-fc-3a9c, je n'aurai pas le temps ce mois-ci.

=== fr-c18-21 | fr | fresh | zimbra | nothing
Je me désiste de la partie o-fc-3a9c ? Ou je tente quand même ?

=== fr-c18-22 | fr | fc:turn | orange | resign
J'abandonne la partie, je ne veux pas vous faire attendre. Merci pour les parties !

=== fr-c18-23 | fr | fc:moved | gmail | propose PAUSE 14d
Je propose qu'on mette la partie en pause deux semaines. Ça vous va ?

=== it-c18-15 | it | fc:moved | gmail | propose PAUSE 14d
Propongo di mettere la partita in pausa per due settimane, finché Marta non rientra.

=== it-c18-16 | it | fc:moved | gmail | ask
Propongo di mettere la partita in pausa per due settimane, fino a lunedì 14.

=== it-c18-17 | it | fc:turn | gmail | resign
Abbandono la partita, non vedo come recuperare. Grazie per le partite!

=== it-c18-18 | it | fc:moved | gmail | back
Sono uscita dall'ospedale, potete riavviare il mio orologio.

=== it-c18-19 | it | fc:moved | gmail | ask
Mia madre è uscita dall'ospedale, potete riavviare il suo orologio?

=== it-c18-20 | it | fresh | gmail | lang it
Ricevo le vostre email in tedesco, potrei averle in italiano per favore?

=== en-c18-22 | en | fc:moved | gmail | propose PAUSE 7d
I suggest we pause the game for a week. Would that be OK with everyone?

=== de-c18-22 | de | fc:turn | webde | resign
Ich gebe auf. Danke fürs Spiel und viel Spaß noch!

=== de-c18-23 | de | fc:turn | webde | ask
Ich gebe auf. Danke fürs Spiel! Nein, Quatsch, ich spiele weiter.
=== fr-c18-24 | fr | vs:turn | webde | rules
Je n'ai pas bien compris les règles. Pourriez-vous me les envoyer ? Je jouerai mon coup après les avoir lues.

=== fr-c18-25 | fr | vs:turn | webde | nothing
Je n'ai pas bien compris les règles. Paul me les a envoyées, je jouerai mon coup après les avoir lues.

=== fr-c18-26 | fr | fc:moved | gmail | ask
Je propose une pause d'une semaine, puis 7 jours encore.

=== de-c18-24 | de | vs:turn | k9 | rules
Ich habe die Regeln nicht mehr im Kopf. Könnt ihr sie mir bitte schicken, bevor ich ziehe?

=== de-c18-25 | de | vs:turn | k9 | nothing
Ich habe die Regeln nicht mehr im Kopf. Könnt ihr sie mir bitte schicken, bevor ich ziehe? Ach nein, hab sie doch gefunden, vergesst es.

=== de-c18-26 | de | fc:moved | outlook-mobile | games
Wann läuft eigentlich meine Frist ab? Hab den Überblick über meine Partien verloren

=== en-c18-23 | en | fc:moved | gmail | games
When does my deadline expire? I lost track of my games.

=== en-c18-24 | en | fc:moved | gmail | nothing
When does the deadline expire for Paul? He lost track of his games.

=== en-c18-25 | en | fc:moved | outlook | propose PAUSE 7d
Could we propose a week's pause to the others? Half the club is down with flu.

=== en-c18-26 | en | fc:moved | outlook | ask
Could we propose a week's pause to the others? Or two weeks?
=== de-c18-27 | de | fresh | webde | standby any
Hallo, ich würde gern als Ersatzspieler einspringen, egal ob Forbidden City oder Verbotene Stadt.

=== de-c18-28 | de | fresh | webde | nothing
Hallo, ich würde gern als Ersatzspieler einspringen, Forbidden City oder Verbotene Stadt?

=== it-c18-21 | it | fresh | bare | standby any
se manca qualcuno in una partita qualsiasi, Forbidden City o Verbotene Stadt, mettetemi pure in lista come riserva.

=== fr-c18-27 | fr | fc:over | thunderbird | record + standings
Vous pouvez m'envoyer la feuille de partie ? Et le classement aussi, que je voie où j'en suis.

=== fr-c18-28 | fr | fc:over | thunderbird | record
Vous pouvez m'envoyer la feuille de partie ? Paul a le classement, que je voie où j'en suis.
=== en-c18-27 | en | fc:turn | gmail | ask
I'm away for ten days. Please don't stop my clock, I'll play from my phone.

=== en-c18-28 | en | fc:moved | gmail | ask
I'm away until Sunday. Please stop my clock for a week.

=== en-c18-29 | en | fc:moved | gmail | vacation 7d
Off to the mountains for a week, no signal up there. Please hold my clock till I'm back.

=== fr-c18-29 | fr | fc:moved | orange | ask
Je suis en vacances une semaine. Est-ce que vous bloquez mon temps automatiquement ?

=== de-c18-29 | de | fc:turn | webde | ask
Ich bin zwei Wochen weg. Bitte meine Uhr anhalten, aber erst ab Montag.

=== de-c18-30 | de | fc:moved | webde | vacation ~until sunday
bin bis sonntag unterwegs, bitte uhr anhalten

=== it-c18-22 | it | fc:moved | gmail | ask
Sono via una settimana. Non fermate il mio orologio, gioco dal telefono.
"""


PROBES = pc.parse_cases(HALF, CASES)
MISSED = {
    'fr-c18-14': "nothing read: a leave's reason 'Je ne pourrai pas jouer cette semaine' names a time beside the day of return",
    'de-c18-16': "nothing read: a leave 'ab morgen für eine Woche' held 'so lange' (a later start is asked back)",
}  # fmt: skip
"""Asked back (or nothing read) where a referee reads the command: the reasons."""


verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES, MISSED)


def test_every_language_has_commands_and_neighbours() -> None:
    pc.assert_balanced(PROBES, MISSED)
