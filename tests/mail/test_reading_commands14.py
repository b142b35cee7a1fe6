"""Commands (not moves) said in words (issue 31, fourteenth round): PREVIEW of Forbidden City
asked in prose ("ce que donnerait P12 R1", "was würde P10 R2 bewirken", "come verrebbe N13 R3",
"what would M13 R3 do without actually playing it"), NEXT with and without its alternative
after a lead-in or before a remark, VACATION and BACK with lengths and return days in words,
PROPOSE PAUSE (asked with "could we", after its reason), LEGAL, GAMES, STANDINGS, GUIDE and
RECORD asked as questions, STANDBY and TAKEOVER in a new mail; and beside each its dangerous
neighbour: a hypothetical, someone else's absence or move, a later period, a doubt or a
take-back after it, a proposal reported. Read as the corpus judge reads them
(:mod:`player_corpus`) against the real mails, in the four languages.

The first 59 cases were written as probes before the reader was changed
(/work/notes/probes-r2-commands14.txt), the last 32 during the change; the base commit
(802e5a9) read 45 of the 91, two of them wrong ("retour dimanche ou lundi", "ten days next
month").
"""

from __future__ import annotations

import player_corpus as pc

HALF = "commands14"

CASES = """
=== fr-c14-01 | fr | fc:turn | gmail | preview P12 R1
Avant de me lancer, vous pouvez me montrer ce que donnerait P12 R1 ? Je ne la joue pas encore.

=== fr-c14-02 | fr | fc:turn | orange | ask
Qu'est-ce que donnerait P12 R1 ? Bon, je la joue.

=== fr-c14-03 | fr | fc:turn | thunderbird | preview N13 R2
Bonjour,

J'aimerais voir à quoi ressemblerait le plateau avec N13 R2 avant de décider, sans le jouer pour l'instant.

Merci

=== it-c14-01 | it | fc:turn | gmail | preview O13 R3
Prima di decidere mi fate vedere cosa succederebbe con O13 R3? Non giocatela ancora, mi raccomando.

=== it-c14-02 | it | fc:turn | libero | preview M13 R0
Vorrei vedere un'anteprima di M13 R0, se possibile. Per ora non giocate niente.

=== it-c14-03 | it | fc:turn | yahoo | ask
Chissà cosa succederebbe se Marco giocasse M13 R0. Vedremo.

=== de-c14-01 | de | fc:turn | webde | preview P10 R2
Bevor ich mich festlege: Was würde P10 R2 bewirken? Bitte nur zeigen, noch nicht ausführen.

=== de-c14-02 | de | fc:turn | gmail | preview L12 R3
Könnt ihr mir zeigen, wie L12 R3 aussähe, bevor ich ziehe? Noch nicht ausführen.

=== de-c14-03 | de | fc:turn | outlook | move L12 R3
Ich habe mir überlegt, wie L12 R3 aussähe. Passt. Ich spiele L12 R3.

=== en-c14-01 | en | fc:turn | gmail-android | preview M13 R3
Can you show me what M13 R3 would do without actually playing it?

=== en-c14-02 | en | fc:turn | apple-mail | ask
What would M13 R3 do? Never mind, play it.

=== en-c14-03 | en | fc:turn | outlook | preview O9 R1
Before I commit, what would the board look like with O9 R1? Don't play it yet please.

=== fr-c14-04 | fr | fc:moved | gmail | next N13 R1
Pour mon prochain tour, je prévois déjà N13 R1, comme ça c'est fait.

=== fr-c14-05 | fr | fc:moved | outlook | next P10 R3 ELSE L12 R1
Pour mon prochain tour : P10 R3, et si ce n'est plus possible, L12 R1.

=== fr-c14-06 | fr | fc:moved | iphone | ask
Au prochain tour, je pense que Paul jouera N13 R1, on verra bien.

=== it-c14-04 | it | fc:moved | libero | next M13 R2
Per il prossimo turno mettete pure M13 R2, così non me lo dimentico.

=== it-c14-05 | it | fc:moved | gmail | next O9 R3 ELSE L10 R0
Per il mio prossimo turno: O9 R3, altrimenti L10 R0.

=== it-c14-06 | it | vs:waiting | gmail | next BK E
Intanto che aspetto: al prossimo giro BK E.

=== de-c14-04 | de | fc:moved | webde | next P12 R2 ELSE M13 R0
Schon mal für meinen nächsten Zug: P12 R2, und falls das nicht mehr geht, M13 R0.

=== de-c14-05 | de | fc:moved | gmail | nothing
Nächste Runde wird spannend, mal sehen, ob jemand P12 R2 legt.

=== en-c14-04 | en | fc:moved | gmail | next L10 R2
For my next turn, please queue L10 R2 so I don't hold anyone up.

=== en-c14-05 | en | vs:waiting | yahoo | next KB S ELSE BR W
Queue for my next turn: KB S, otherwise BR W.

=== en-c14-06 | en | fc:moved | thunderbird | nothing
Next turn is going to be tough, I have no idea what I'll play.

=== fr-c14-07 | fr | fc:moved | gmail | vacation ~until sunday
Je pars chez mes parents ce week-end, retour dimanche soir. Mettez-moi en vacances d'ici là svp.

=== fr-c14-08 | fr | fc:moved | orange | vacation 336h
Je m'absente deux semaines, pas d'internet là-bas. Merci de mettre mes parties en pause.

=== fr-c14-09 | fr | fc:moved | gmail | nothing
Mon partenaire de club est parti deux semaines en Espagne, il vous écrira à son retour.

=== it-c14-07 | it | fc:moved | libero | vacation 240h
Parto domani per lavoro e starò via dieci giorni. Fermate le mie scadenze per favore.

=== it-c14-08 | it | fc:moved | gmail | vacation ~until sunday
Vado al mare dai miei, torno domenica. Mettetemi in vacanza fino ad allora.

=== it-c14-09 | it | fc:moved | yahoo | nothing
Marco è via dieci giorni, ma dice che risponderà dal telefono.

=== de-c14-07 | de | vs:waiting | webde | vacation 336h
Ich bin zwei Wochen weg, bitte meine Partien so lange anhalten.

=== de-c14-08 | de | fc:moved | yahoo | vacation ~until sunday
Ich bin übers Wochenende bei Freunden und erst Sonntag wieder da. Bitte bis dahin Urlaub für alle meine Partien.

=== de-c14-09 | de | fc:moved | gmail | nothing
Mein Bruder ist zwei Wochen weg, deshalb spiele ich gerade mehr.

=== en-c14-07 | en | fc:moved | gmail | vacation 168h
Away for a week with no laptop. Please pause all my games for 7 days.

=== en-c14-08 | en | vs:waiting | outlook | vacation ~until sunday
Off to a friend's wedding, back Sunday. Please hold my games till then.

=== en-c14-09 | en | fc:moved | gmail | nothing
Tom is off for a week, so expect him to be slow.

=== en-c14-10 | en | vs:waiting | gmail | back
I'm back from holiday, you can wake my games up again.

=== fr-c14-10 | fr | fresh | mutt | back
Rentré plus tôt que prévu : je suis de retour, vous pouvez relancer mes parties.

=== en-c14-11 | en | vs:waiting | gmail | nothing
My brother is back from holiday, he'll answer his games tonight.

=== fr-c14-11 | fr | fc:moved | outlook | propose PAUSE 7d
Bonjour à tous, je propose une pause d'une semaine pour la partie, je déménage.

=== it-c14-10 | it | vs:waiting | yahoo | propose PAUSE 14d
Propongo una pausa di due settimane per questa partita, con le feste non ci sto dietro.

=== de-c14-10 | de | fc:turn | outlook-html | propose PAUSE 7d
Ich schlage vor, die Partie eine Woche zu pausieren, nächste Woche ist bei mir Umzug.

=== en-c14-12 | en | fc:moved | outlook | propose PAUSE 14d
Could we pause the game for two weeks? Exams everywhere.

=== en-c14-13 | en | fc:moved | gmail | nothing
How long can a pause last at most? Just curious.

=== fr-c14-12 | fr | fc:rejected | samsung | legal
zut. c est quoi les coups possibles alors ?

=== de-c14-11 | de | vs:waiting | apple-mail | legal
Welche Züge hätte ich eigentlich gerade? Schickt mir bitte die Liste.

=== it-c14-11 | it | fc:moved | mutt | games
mi sono perso: in quante partite sto giocando adesso e in quali tocca a me?

=== en-c14-14 | en | fresh | mutt | games
Hello, I've lost track. Could you send me a list of my games and whose turn it is in each?

=== en-c14-15 | en | fc:moved | gmail | nothing
I've lost track of how many games my brother plays, he's in everything.

=== de-c14-12 | de | fresh | outlook | standings
Hallo, wie sieht die Rangliste gerade aus? Ich würde gern wissen, wo ich stehe.

=== en-c14-16 | en | vs:over | gmail | standings
GG all. Where does that leave me in the rankings?

=== en-c14-17 | en | fc:help | yahoo | guide
Thanks, that helps. Is there a longer guide I could read?

=== fr-c14-13 | fr | fc:over | gmail | record
Bravo à tous ! Pourriez-vous m'envoyer la feuille de partie pour la gazette du club ?

=== en-c14-18 | en | fresh | bare | standby any
Hi, could you put me on standby for any game that needs a replacement player?

=== it-c14-12 | it | fresh | bare | standby any
Buongiorno, se manca qualcuno in una partita qualsiasi mettetemi pure in lista come riserva.

=== de-c14-13 | de | fresh | thunderbird | standby verbotene-stadt
Guten Tag, setzt mich bitte auf die Warteliste für Die Verbotene Stadt, falls ein Platz frei wird.

=== en-c14-19 | en | fresh | gmail | takeover fc-7k3q yellow
Hi, the yellow seat in fc-7k3q has been empty since Mark dropped out. I'd like to take it over.

=== de-c14-14 | de | fresh | webde | takeover fc-7k3q yellow
Hallo, ich möchte Gelb in fc-7k3q übernehmen, der bisherige Spieler ist ja ausgestiegen.

=== en-c14-20 | en | fresh | gmail | nothing
Hi, I heard Mark dropped out of fc-7k3q. Shame, he was a good player.

=== fr-c14-14 | fr | fresh | gmail | nothing
Bonjour, qui reprend la place de Marc dans fc-7k3q ? Simple curiosité.

=== fr-c14-20 | fr | vs:waiting | gmail-android | next RB N; BK E
Pendant que Nord cogite : pour mon prochain tour ce sera RB N puis BK E.

=== it-c14-20 | it | vs:waiting | libero | next KB S ELSE RB N
Mentre aspetto il mio turno: al prossimo giro KB S, altrimenti RB N.

=== it-c14-21 | it | fc:moved | gmail | next P12 R3
Per il prossimo turno metto già in coda P12 R3, così non me lo dimentico.

=== de-c14-20 | de | fc:moved | libero | next M13 R2 ELSE O13 R0
Schon mal für die nächste Runde: M13 R2, und wenn das nicht mehr geht, O13 R0.

=== en-c14-20b | en | vs:waiting | outlook-mobile | next BK E
queue for my next turn: BK E

=== en-c14-21 | en | fc:moved | bare | next M13 R1 ELSE P10 R0
NEXT M13 R1, otherwise P10 R0. Off to bed.

=== en-c14-22 | en | fc:moved | thunderbird-bottom | next P10 R1
NEXT P10 R1

(juggling four games, don't want to forget this one)

=== fr-c14-21 | fr | fc:moved | iphone | ask
Pendant que Paul réfléchit : au prochain tour il jouera sûrement N13 R1.

=== it-c14-22 | it | fc:moved | gmail | ask
Mentre aspetto: al prossimo giro Marco farà M13 R2, scommetto.

=== en-c14-23 | en | fc:moved | gmail | ask
For my next turn it'll be L10 R2 or P10 R0, not sure yet.

=== de-c14-21 | de | fc:moved | gmail | ask
Schon mal für meinen nächsten Zug: P12 R2. Oder doch lieber M13 R0? Mal sehen.

=== en-c14-24 | en | fc:moved | bare | ask
NEXT M13 R1, otherwise P10 R0. Or maybe not.

=== fr-c14-22 | fr | fc:moved | bare | ask
PROCHAIN M13 R1. Enfin je crois.

=== en-c14-25 | en | fc:moved | bare | ask
NEXT M13 R1. Forget it.

=== it-c14-23 | it | fc:moved | gmail | vacation ~until sunday
Vado dai miei in Puglia, torno domenica. Fino ad allora non ci sono.

=== it-c14-24 | it | fc:moved | gmail | nothing
Vado dai miei in Puglia, forse torno domenica.

=== it-c14-25 | it | fc:moved | gmail | nothing
Vado a letto, torno domani.

=== fr-c14-23 | fr | fc:moved | gmail | vacation ~until sunday
je pars en randonnée dans les Cévennes, pas de réseau, de retour dimanche soir

=== fr-c14-24 | fr | fc:moved | gmail | nothing
Je pars chez ma soeur a Lyon, retour dimanche ou lundi, mettez moi en vacances d'ici la svp

=== en-c14-26 | en | fc:moved | gmail | nothing
I'm away ten days next month, please pause my games then.

=== it-c14-26 | it | fc:moved | gmail | nothing
Starò via dieci giorni? Fermate le mie scadenze.

=== de-c14-22 | de | fc:moved | gmail | vacation ~until 2026-12-04
Ich bin bis Freitag, den 4. Dezember, auf Dienstreise und komme nicht zum Spielen.

=== de-c14-23 | de | fc:moved | gmail | nothing
Mein Bruder ist zwei Wochen weg, bitte seine Partien so lange anhalten.

=== fr-c14-25 | fr | fc:moved | gmail | nothing
Marc a écrit : je propose une pause d'une semaine.

=== en-c14-27 | en | fc:moved | gmail | nothing
Last week I said: I propose we pause the game for a week.

=== de-c14-24 | de | fc:moved | gmail | nothing
Wenn Anna zustimmt: ich schlage vor, die Partie eine Woche zu pausieren.

=== en-c14-28 | en | fc:moved | gmail | ask
Could we pause the game for two weeks? No, forget it.

=== en-c14-29 | en | fc:moved | gmail | ask
Could we pause the game for two weeks? What do you think?

=== it-c14-27 | it | fc:moved | yahoo | propose PAUSE 7d
propongo di fermare la partita per una settimana: sotto le feste siamo in tanti ad avere impegni.

=== en-c14-30 | en | fresh | gmail | nothing
I'm back: not for long though.

=== en-c14-31 | en | vs:waiting | gmail | nothing
I'm back from holiday next week, you can wake my games up then.

=== en-c14-32 | en | vs:waiting | gmail | nothing
What standing orders can I set? Just curious.
"""


PROBES = pc.parse_cases(HALF, CASES)
MISSED = {
    'it-c14-12': "nothing read: STANDBY in a new mail as 'mettetemi pure in lista come riserva'",
    'it-c14-25': "asked back: 'Vado a letto, torno domani' on the mail after the move (no command; asking back is safe)",
}  # fmt: skip
"""Asked back (or nothing read) where a referee reads the command: the reasons."""


verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES, MISSED)


def test_every_language_has_commands_and_neighbours() -> None:
    pc.assert_balanced(PROBES, MISSED)
