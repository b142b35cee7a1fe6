"""Commands other than moves said in the players' own words (issue 31, nineteenth round).

NEXT: the next move given ahead with its reason said around the next turn named, before its
colon ("Mon prochain coup, pour ne pas vous faire attendre : BK vers l'est", "Per il prossimo
turno, per non farvi aspettare: ...", "Für meinen nächsten Zug vorab: ...", "For my next turn,
in advance: ..."), on a condition of possibility ("Mein nächster Zug, falls möglich: ...", "La
mia prossima mossa, se possibile: ...") or before the move ("se nessuno me lo toglie, mettete
P10 R2"), played for the player ("jouez L12 R0 pour moi, et si ..."), its alternative's
condition pointing at it ("if that one's gone", "si celle-là est prise"), and the reason of the
absence after it: a seminar, lectures, a shift, in brackets, its "I" unsaid ("got a 9am
tomorrow", "domani ho il consiglio tutto il giorno"), a doubt of getting to the mail ("pas sûr
de pouvoir lire mes mails"). RESIGN said as about to be ("I'm going to resign this one", "je
vais abandonner la partie", "ich steig aus dieser Partie aus"), what it is preferred to
("plutôt que de vous faire attendre"), its reason said with "now" ("too far behind to catch up
now"), the others named after the farewell ("Thanks for the game, everyone."). A leave's day
with its date in brackets ("until next Friday (4 December)") and the player unable to play
before a day ("je ne pourrai pas jouer avant le dimanche 6 décembre"). In fresh mails: STANDBY
asked as the waiting list ("mettez-moi sur la liste d'attente", "Setzt mich bitte auf die
Warteliste, falls ein Platz frei wird" with the game named in the sentence before), offered as
time ("Ich hätte Zeit als Ersatzspieler"), "sit in as a reserve"; TAKEOVER "Ich springe gern für
Gelb in fc-7k3q ein"; JOIN as a new game wished for ("Ich hätte gern eine neue Partie Forbidden
City", "vorrei un'altra partita di Forbidden City"). PROPOSE PAUSE after a season coming up
said without a comma ("With the holidays coming up I'd like to propose we pause ...", "Avec Noël
qui approche je propose ...", "Con il Natale in arrivo propongo ..."), or asked leave for ("Can
I suggest we pause the game for a fortnight?", "Puis-je proposer ...", "Posso proporre ...",
"Darf ich vorschlagen, dass wir ... pausieren?").

Beside each its dangerous neighbour: a condition on another player's move, an undecided or
second choice, a hesitation about the move, a resignation of a turn or on a condition,
someone else's absence, a day that is not one.

The cases were written as probes before the reader was changed; the base commit (65a4cdc) read
46 of the 107 as meant and five WRONG: a queued move whose fallback stands in the sentence after
it ("PROCHAIN N13 R2. Si Hélène ferme le jardin, P12 R1.") was queued alone, the fallback
dropped, whether its condition was one of possibility (fr-c19-18, de-c19-29) or not (fr-c19-19,
fr-c19-20, it-c19-20). A queued move beside another move named and not read is now asked back.
de-c19-31 was added after the change (the hold-out half-63/de-6337 read as JOIN by the new game
wished for): a JOIN beside a waiting list named is not read.
"""

from __future__ import annotations

import player_corpus as pc

HALF = "commands19"

CASES = """
=== fr-c19-01 | fr | fc:moved | gmail | next M13 R1 ELSE O13 R1
Mon prochain coup, pour ne pas vous faire attendre : M13 R1, sinon O13 R1.

=== fr-c19-02 | fr | fc:moved | gmail | next P10 R2
Pour mon prochain tour, histoire de gagner du temps : P10 R2.

=== fr-c19-03 | fr | fc:moved | gmail | ask
Pour mon prochain tour, si Paul ne joue pas M13 R1 : P10 R2.

=== fr-c19-04 | fr | fc:moved | orange | next L12 R0 ELSE M13 R2
Pour mon prochain tour, jouez L12 R0 pour moi, et si ce n'est plus possible, M13 R2.

=== fr-c19-05 | fr | fc:moved | orange | next O13 R2
Pour mon prochain tour, d'avance : O13 R2.

=== fr-c19-06 | fr | fc:moved | gmail | next N13 R3 ELSE P12 R1
PROCHAIN N13 R3, sinon P12 R1 -- je suis en formation toute la journée demain.

=== fr-c19-07 | fr | fc:moved | gmail | ask
PROCHAIN N13 R3 -- ou peut-être P12 R1, je suis en formation toute la journée demain.

=== fr-c19-08 | fr | vs:waiting | gmail | next KB S
Mon prochain coup, si possible : KB vers le sud.

=== fr-c19-09 | fr | fc:moved | gmail | next M13 R2 ELSE O13 R0
Pour mon prochain tour : M13 R2, ou O13 R0 si celle-là est prise d'ici là.

=== fr-c19-10 | fr | fc:moved | gmail | ask
Pour mon prochain tour, si ça vous va : M13 R2 ou O13 R0, je ne sais pas encore.

=== it-c19-01 | it | fc:moved | gmail | next P10 R2
La mia prossima mossa, se possibile: P10 R2.

=== it-c19-02 | it | fc:moved | gmail | next O13 R1 ELSE M13 R2
Per il prossimo turno, per non farvi aspettare: O13 R1, altrimenti M13 R2.

=== it-c19-03 | it | fc:moved | gmail | next L12 R0
Per il prossimo turno, se nessuno me la toglie prima, mettete L12 R0.

=== it-c19-04 | it | fc:moved | gmail | ask
Per il prossimo turno, se Franco non chiude il giardino, mettete L12 R0.

=== it-c19-05 | it | fc:moved | iphone | next N13 R2 ELSE P12 R0
PROSSIMA N13 R2, altrimenti P12 R0 (domani ho un convegno tutto il giorno)

=== it-c19-06 | it | fc:moved | iphone | next M13 R1
PROSSIMA M13 R1 - domani sono in trasferta, niente rete

=== it-c19-07 | it | fc:moved | iphone | ask
PROSSIMA M13 R1 - o forse P12 R0, domani sono in trasferta

=== it-c19-08 | it | vs:waiting | gmail | next RB N
Per il mio prossimo turno, in anticipo: RB verso nord.

=== it-c19-09 | it | fc:moved | gmail | next L10 R1 ELSE P12 R3
Per il prossimo turno: L10 R1, o P12 R3 se quella è già presa.

=== de-c19-01 | de | fc:moved | webde | next M13 R2
Mein nächster Zug, wenn möglich: M13 R2.

=== de-c19-02 | de | fc:moved | webde | next O13 R1 ELSE P10 R2
Mein nächster Zug, damit ihr nicht warten müsst: O13 R1, sonst P10 R2.

=== de-c19-03 | de | fc:moved | webde | next L12 R0
Für meinen nächsten Zug im Voraus: L12 R0.

=== de-c19-04 | de | vs:waiting | webde | next BK S
Für meinen nächsten Zug vorab: BK nach Süden.

=== de-c19-05 | de | fc:moved | gmail | next P12 R1
NÄCHSTER P12 R1 - hab morgen den ganzen Tag Seminar

=== de-c19-06 | de | fc:moved | gmail | ask
NÄCHSTER P12 R1 - oder doch lieber N13 R0, hab morgen Seminar

=== de-c19-07 | de | fc:moved | gmail | next M13 R1
nächstes Mal M13 R1 bitte vormerken, bin morgen in der Uni

=== de-c19-08 | de | fc:moved | gmail | ask
Mein nächster Zug, falls Klaus nicht vorher schließt: M13 R1.

=== de-c19-09 | de | fc:moved | webde | next N13 R1 ELSE P12 R0
Für meinen nächsten Zug: N13 R1, oder P12 R0, falls das eine dann weg ist.

=== en-c19-01 | en | fc:moved | gmail | next O13 R1
My next move, if still possible: O13 R1.

=== en-c19-02 | en | fc:moved | gmail | next M13 R2 ELSE L12 R0
For my next turn, so as not to keep you waiting: M13 R2, otherwise L12 R0.

=== en-c19-03 | en | fc:moved | gmail | next P10 R1
For my next turn, in advance: P10 R1.

=== en-c19-04 | en | fc:moved | samsung | next N13 R2
NEXT N13 R2 - got an early shift tomorrow and won't be checking

=== en-c19-05 | en | fc:moved | samsung | ask
NEXT N13 R2 - or maybe P12 R0, got an early shift tomorrow

=== en-c19-06 | en | fc:moved | gmail | next L12 R1 ELSE O13 R2
For my next go: L12 R1, or O13 R2 if that one's been taken by then.

=== en-c19-07 | en | fc:moved | gmail | next P12 R0 ELSE M13 R1
For my next turn, play P12 R0 for me, and if that's gone, M13 R1.

=== en-c19-08 | en | fc:moved | gmail | ask
For my next turn, if Ann doesn't close the garden first: P12 R0.

=== en-c19-09 | en | fc:turn | gmail | ask
My next move, if still possible: O13 R1, I'll check tomorrow.

=== en-c19-10 | en | fc:moved | gmail | ask
Should I have played O13 R1 for my next turn? Too late now.

=== en-c19-11 | en | fc:turn | gmail | resign
I resign. No way I can catch up now. Thanks for the game, everyone.

=== en-c19-12 | en | fc:turn | gmail | ask
I resign this turn, I can't see a move. Thanks all.

=== en-c19-13 | en | fc:turn | outlook | resign
I'm going to resign this one, too far behind and I don't want to hold everyone up. Good luck all!

=== en-c19-14 | en | fc:turn | outlook | ask
I'm going to resign this one if Ann closes the palace. Thanks all.

=== fr-c19-11 | fr | fc:turn | orange | resign
Je vais abandonner la partie, trop loin derrière. Merci à tous pour la partie.

=== fr-c19-12 | fr | fc:turn | orange | resign
Je préfère abandonner la partie plutôt que de vous faire attendre. Bonne continuation !

=== fr-c19-13 | fr | fc:turn | orange | ask
Je préfère abandonner ce tour plutôt que de vous faire attendre. Bonne continuation !

=== it-c19-11 | it | fc:turn | libero | resign
Preferisco abbandonare la partita piuttosto che farvi aspettare. Buona continuazione a tutti!

=== it-c19-12 | it | fc:turn | libero | ask
Preferisco abbandonare la partita piuttosto che farvi aspettare? Ci penso su.

=== de-c19-11 | de | fc:turn | webde | resign
Ich steig aus dieser Partie aus, keine Zeit mehr. Danke euch allen.

=== de-c19-12 | de | fc:turn | webde | ask
Ich steig aus dieser Partie aus, wenn es so weitergeht. Danke euch allen.

=== de-c19-13 | de | fc:turn | webde | resign
Ich werde die Partie aufgeben, statt euch warten zu lassen. Viel Glück noch!

=== en-c19-15 | en | vs:waiting | gmail | vacation ~until 2026-12-04
I'm on a course until next Friday (4 December). Could you put me on holiday until then?

=== en-c19-16 | en | vs:waiting | gmail | ask
I'm on a course until next Friday (or Saturday). Could you put me on holiday until then?

=== fr-c19-14 | fr | fc:moved | yahoo | vacation ~until 2026-12-06
Je ne pourrai pas jouer avant le dimanche 6 décembre. Mettez-moi en vacances d'ici là, merci.

=== fr-c19-15 | fr | fc:moved | yahoo | ask
Paul ne pourra pas jouer avant le dimanche 6 décembre. Mettez-le en vacances d'ici là, merci.

=== it-c19-13 | it | fc:moved | libero | vacation ~until 2026-12-04
Non potrò giocare prima di venerdì (4 dicembre): mettetemi in vacanza fino ad allora.

=== de-c19-14 | de | fc:moved | webde | vacation ~until 2026-12-04
Ich bin bis Freitag (4. Dezember) auf Lehrgang. Bitte bis dahin Urlaub für mich.

=== it-c19-14 | it | fc:moved | gmail | ask
Per il prossimo turno, se possibile: P10 R2 o L12 R0, decidete voi.

=== it-c19-15 | it | fc:moved | gmail | ask
La mia prossima mossa, per non farvi aspettare: forse P10 R2.

=== it-c19-16 | it | fc:moved | iphone | next O13 R1
PROSSIMA O13 R1 (domani sono in riunione tutto il giorno)

=== de-c19-15 | de | fc:moved | webde | ask
Für meinen nächsten Zug vorab: vielleicht M13 R1, mal sehen.

=== de-c19-16 | de | fc:moved | webde | ask
Mein nächster Zug, falls möglich: M13 R1? Oder lieber P10 R2?

=== en-c19-17 | en | fc:moved | samsung | next M13 R1
NEXT M13 R1 (in lectures all day tomorrow)

=== en-c19-18 | en | fc:moved | gmail | next P12 R0 ELSE M13 R1
No signal at the cottage tomorrow, so for my next turn please play P12 R0, and if that's gone by then, M13 R1.

=== en-c19-19 | en | fc:moved | gmail | ask
Ann has no signal tomorrow, so for my next turn please play P12 R0.

=== en-c19-20 | en | vs:waiting | outlook | next KB S
When my turn comes round, KB south please. I'll be at work.

=== fr-c19-16 | fr | fc:moved | gmail | next M13 R1
Pas de réseau dans le train demain, donc PROCHAIN M13 R1.

=== fr-c19-17 | fr | fc:moved | gmail | ask
Pas sûr que M13 R1 soit le bon coup, donc PROCHAIN P10 R2 ou M13 R1, on verra.

=== fr-c19-18 | fr | fc:moved | thunderbird | next N13 R2 ELSE P12 R1
Pour mon prochain tour : N13 R2. Si jamais la case a été prise d'ici là, mettez P12 R1 à la place.

=== fr-c19-19 | fr | fc:moved | thunderbird | ask
Pour mon prochain tour : N13 R2. Si Hélène ferme le jardin d'ici là, mettez P12 R1 à la place.

=== it-c19-17 | it | fc:moved | outlook | next L12 R0 ELSE O13 R1
Per il prossimo turno tenete pronta L12 R0; se nel frattempo non si può più, va bene anche O13 R1.

=== it-c19-18 | it | fc:moved | outlook | ask
Per il prossimo turno tenete pronta L12 R0; se Franco non la prende, va bene anche O13 R1.

=== it-c19-19 | it | fc:moved | gmail | next P10 R2
Niente rete domani in montagna, quindi per il prossimo turno: P10 R2.

=== de-c19-17 | de | vs:waiting | webde | next RB N
Kein Netz morgen im Zug, also für meinen nächsten Zug: RB nach Norden.

=== de-c19-18 | de | vs:waiting | iphone | next BK E
sobald ich wieder an die Reihe komme bitte BK nach Osten, hab heut Spätdienst

=== de-c19-19 | de | fc:moved | webde | ask
Klaus hat morgen kein Netz, also für meinen nächsten Zug: M13 R1.

=== de-c19-20 | de | fc:moved | gmail | ask
nächstes Mal O13 R2, mal sehen

=== en-c19-21 | en | fc:moved | gmail | next P10 R1
Next time P10 R1, please queue it. In a seminar all day tomorrow.

=== fr-c19-20 | fr | fc:moved | gmail | ask
PROCHAIN N13 R2. Si Hélène ferme le jardin, P12 R1.

=== it-c19-20 | it | fc:moved | gmail | ask
PROSSIMA N13 R2. Se Franco chiude il giardino, allora P12 R1.

=== fr-c19-21 | fr | fresh | orange | standby forbidden-city
Bonjour, mettez-moi sur la liste d'attente pour Forbidden City, merci.

=== fr-c19-22 | fr | fresh | orange | nothing
Bonjour, est-ce qu'il y a une liste d'attente pour Forbidden City ?

=== fr-c19-23 | fr | fresh | gmail | join verbotene-stadt
Bonjour, je voudrais une nouvelle partie de Die Verbotene Stadt, n'importe quand.

=== it-c19-21 | it | fresh | libero | standby verbotene-stadt
Buongiorno, mettetemi in lista d'attesa per Die Verbotene Stadt, grazie.

=== it-c19-22 | it | fresh | libero | nothing
Buongiorno, mio marito vorrebbe essere in lista d'attesa per Die Verbotene Stadt.

=== it-c19-23 | it | fresh | gmail | join forbidden-city
Ciao, vorrei un'altra partita di Forbidden City.

=== de-c19-21 | de | fresh | webde | standby forbidden-city
Hallo,

ich hätte Lust auf Forbidden City. Setzt mich bitte auf die Warteliste, falls ein Platz frei wird.

Gruß
Jens

=== de-c19-22 | de | fresh | webde | nothing
Hallo,

ich hätte Lust auf Forbidden City. Setzt mich bitte nicht auf die Warteliste, ich warte lieber auf eine neue Partie.

Gruß
Jens

=== de-c19-23 | de | fresh | webde | standby verbotene-stadt
Ich hätte Zeit als Ersatzspieler für Die Verbotene Stadt, falls jemand ausfällt.

=== de-c19-24 | de | fresh | webde | nothing
Ich hätte keine Zeit als Ersatzspieler für Die Verbotene Stadt.

=== de-c19-25 | de | fresh | webde | takeover fc-7k3q yellow
Ich springe gern für Gelb in fc-7k3q ein.

=== de-c19-26 | de | fresh | webde | nothing
Mein Bruder springt gern für Gelb in fc-7k3q ein.

=== en-c19-22 | en | fresh | gmail | standby verbotene-stadt
Hi, please put me on the waiting list for Die Verbotene Stadt. Thanks, Sue

=== en-c19-23 | en | fresh | gmail | nothing
Hi, my husband would like to be on the waiting list for Die Verbotene Stadt. Thanks, Sue

=== en-c19-24 | en | fresh | gmail | standby any
Happy to sit in as a reserve for either game if someone drops out.

=== en-c19-25 | en | fresh | gmail | join forbidden-city
Hello, I would like a new game of Forbidden City please.

=== en-c19-26 | en | fc:moved | thunderbird | propose PAUSE 14d
With the holidays coming up I'd like to propose we pause the game for two weeks.

=== en-c19-27 | en | fc:moved | k9 | propose PAUSE 14d
Can I suggest we pause the game for a fortnight?

=== en-c19-28 | en | fc:moved | k9 | ask
Can I suggest we pause the game for a fortnight? Or just a week?

=== fr-c19-24 | fr | fc:moved | gmail | propose PAUSE 14d
Avec Noël qui approche je propose qu'on mette la partie en pause deux semaines.

=== fr-c19-25 | fr | fc:moved | gmail | propose PAUSE 7d
Puis-je proposer qu'on mette la partie en pause une semaine ?

=== it-c19-24 | it | fc:moved | gmail | propose PAUSE 14d
Con il Natale in arrivo propongo di sospendere la partita per due settimane.

=== it-c19-25 | it | fc:moved | gmail | propose PAUSE 10d
Posso proporre di sospendere la partita per dieci giorni?

=== it-c19-26 | it | fc:moved | gmail | ask
Posso proporre di sospendere la partita per dieci giorni? O forse è meglio di no?

=== de-c19-27 | de | fc:moved | thunderbird | propose PAUSE 14d
Darf ich vorschlagen, dass wir die Partie zwei Wochen pausieren?

=== de-c19-28 | de | fc:moved | thunderbird | ask
Darf ich vorschlagen, dass wir die Partie zwei Wochen pausieren? Oder lieber drei?

=== de-c19-29 | de | fc:moved | webde | next P12 R1 ELSE N13 R0
Für meinen nächsten Zug bitte schon mal P12 R1 einplanen. Ist das Feld bis dahin belegt, dann N13 R0.

=== de-c19-30 | de | fc:moved | webde | ask
Für meinen nächsten Zug bitte schon mal P12 R1 einplanen. Ist Klaus schneller, dann N13 R0.

=== de-c19-31 | de | fresh | thunderbird | standby forbidden-city
Ich hätte Lust auf eine weitere Partie Forbidden City. Setzt mich bitte auf die Warteliste, falls ein Platz frei wird.

"""


PROBES = pc.parse_cases(HALF, CASES)
MISSED = {
    "de-c19-31": "nothing read: a new game wished for (JOIN) beside the waiting list (STANDBY) in the next sentence: two requests, none carried out",
}  # fmt: skip
"""Asked back (or nothing read) where a referee reads the command: the reasons."""


verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES, MISSED)


def test_every_language_has_commands_and_neighbours() -> None:
    pc.assert_balanced(PROBES, MISSED)
