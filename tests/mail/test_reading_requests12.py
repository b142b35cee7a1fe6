"""Commands asked for in words (issue 31, twelfth round): a leave asked for after the prose that
names its end or length ("en déplacement jusqu'à mardi, vous pouvez mettre mes parties en
vacances ?"), requests with their scope or a reason after "please" ("mon bilan sur toutes mes
parties ?", "le plateau svp j'ai effacé le mail par erreur"), RESIGN said and confirmed in words
("Ich gebe auf. Die Partie ist für mich gelaufen, lasst den Computer weiterspielen."), PAUSE
proposed, PREVIEW with "not yet" after it, BACK, NEXT before a slide in lower case; and beside
each its dangerous neighbour: someone else's leave or resignation, a hypothetical, a question
about it, a complaint, a move beside it, a correction after it. Read as the corpus judge reads
them (:mod:`player_corpus`) against the real mails, in the four languages.

The cases before the "-z" ones were written as probes before the reader was changed for them
(/work/notes/probes-r2-requests12.txt), the "-z" ones after, to check the classes; the misses
that stay are strict xfails with their reason (asked back or nothing read: never wrong).

en-r12-z02 ("until next Friday (4 December)") was asked back as two days named; since the
nineteenth round it is the leave to the date, as the hold-out half-58/en-5829 (the same words)
means it and as "jusqu'au lundi 7 décembre" was already read: the date in brackets is the
weekday's own.
"""

from __future__ import annotations

import player_corpus as pc

HALF = "requests12"

CASES = """
# --- a leave whose end was named before "until then"
=== fr-r12-01 | fr | fc:moved | gmail | vacation ~until thursday
Je suis en séminaire jusqu'à jeudi, vous pouvez me mettre en vacances jusque-là ?

=== fr-r12-02 | fr | fc:moved | gmail | ask
Mon collègue est en séminaire jusqu'à jeudi, il faudrait le mettre en vacances ?

=== it-r12-01 | it | fc:moved | libero | vacation ~until friday
fino a venerdì sono in ospedale per un controllo, mettetemi in vacanza fino ad allora

=== it-r12-02 | it | fc:moved | gmail | ask
fino a venerdì forse sono in trasferta, se me lo confermano vi scrivo per la vacanza

=== de-r12-01 | de | fc:moved | webde | vacation ~until thursday
Ich bin bis Donnerstag auf Montage, bitte tragt mir bis dahin Urlaub ein.

=== de-r12-02 | de | fc:moved | gmail | ask
War bis Donnerstag auf Montage, jetzt bin ich wieder da und brauche keinen Urlaub mehr.

=== en-r12-01 | en | fc:moved | outlook | vacation ~until wednesday
At a trade fair until Wednesday. Could you put me on vacation until then?

=== en-r12-02 | en | fc:moved | gmail | ask
My wife is at a trade fair until Wednesday, so I'll have more time to play, no vacation needed.

=== en-r12-03 | en | fc:turn | gmail-android | move M13 R1 + vacation ~until friday
m13 r1. away till friday, family thing - please pause my clock till then

=== fr-r12-03 | fr | fc:turn | samsung | move N13 R2 + vacation ~until friday
n13 r2
en formation jusqu'à vendredi, vous pouvez mettre mes parties en vacances ?

=== de-r12-03 | de | fc:turn | outlook-mobile | move P10 R3 + vacation ~until friday
P10 R3.
Ab morgen bin ich auf Klassenfahrt und erst Freitag wieder da, bitte bis dahin Urlaub eintragen.

=== it-r12-03 | it | fc:moved | libero | vacation 10d
Buongiorno, domani parto per dieci giorni di lavoro a Berlino. Mettetemi in ferie per 10 giorni, per favore, così nessuno mi aspetta.

=== en-r12-04 | en | fc:moved | outlook | vacation 10d
Also I'm off to my parents' in Spain for ten days from tomorrow, so please put me on vacation for 10 days.

=== en-r12-05 | en | fc:moved | gmail | ask
If I'm off to Spain for ten days in January, do I have to put myself on vacation?

=== it-r12-04 | it | fc:moved | gmail | ask
Il mese prossimo forse parto per dieci giorni: come funziona la vacanza?

# --- requests with a remark, a scope or a question word
=== fr-r12-04 | fr | fc:moved | html-only | board
Est-ce que je peux revoir le plateau après mon coup ? J'ai du mal à voir où est ma tuile.

=== fr-r12-05 | fr | fc:moved | gmail | ask
Le plateau après mon coup était bizarre, ma tuile n'apparaissait pas.

=== it-r12-05 | it | vs:waiting | gmail | board
Posso rivedere il tabellone mentre aspetto che giochi Nord?

=== it-r12-06 | it | vs:waiting | gmail | ask
Il tabellone lo guardo dopo, mentre aspetto.

=== de-r12-04 | de | fresh | gmail | standings
Wie ist der aktuelle Stand in der Rangliste?

=== de-r12-05 | de | fresh | gmail | ask
Wie oft wird die Rangliste eigentlich aktualisiert?

=== en-r12-06 | en | fc:over | bare | standings
Great game. Where do I stand in the ladder now?

=== en-r12-07 | en | fc:over | gmail | ask
Where do I stand on the dragon rule? Not sure I agree with it.

=== fr-r12-06 | fr | fc:over | libero | record
Merci à tous ! Pourrais-je recevoir l'enregistrement de la partie ? Je veux la revoir avec mon fils.

=== fr-r12-07 | fr | fc:over | gmail | ask
L'enregistrement de la partie, vous le gardez combien de temps ?

=== it-r12-07 | it | fc:over | gmail | record
Grazie, bella partita. Mi mandate la registrazione completa?

=== en-r12-08 | en | fc:over | iphone | stats
whats my overall win rate?

=== en-r12-09 | en | fc:over | iphone | ask
my win rate is terrible lol

=== fr-r12-08 | fr | vs:over | iphone | stats
c'est quoi mon bilan sur l'ensemble de mes parties ?

=== fr-r12-09 | fr | vs:over | gmail | ask
Mon bilan est catastrophique cette saison, tant pis.

=== de-r12-06 | de | fc:over | gmail | stats
Saisonende! Ich hätte gern meine Statistik über alle meine Partien.

=== en-r12-10 | en | vs:waiting | html-only | history
what's been played so far this game? I lost the thread

=== en-r12-11 | en | vs:waiting | gmail | ask
So far what's been played looks fine to me.

=== en-r12-12 | en | fresh | gmail | games
Which of my games is it my turn in? Can you send me an overview?

=== fr-r12-10 | fr | fresh | outlook | games
Je joue dans plusieurs parties en même temps, où en suis-je dans chacune ?

# --- RESIGN in words, and its neighbours
=== fr-r12-11 | fr | fc:turn | outlook | resign
Je suis trop loin derrière, j'abandonne la partie. Bonne continuation à tous.

=== fr-r12-12 | fr | fc:turn | gmail | ask
Si je continue à piocher comme ça, j'abandonne la partie !

=== de-r12-07 | de | fc:turn | zimbra | resign
Ich gebe auf. Gegen euch komme ich nicht mehr an, lasst den Computer für mich weiterspielen.

=== de-r12-08 | de | fc:turn | gmail | move P10 R1
Ich gebe nicht auf, auch wenn es schlecht aussieht. P10 R1

=== en-r12-13 | en | fc:turn | zimbra | resign
Can't catch up from here. I resign, thanks for the game all.

=== en-r12-14 | en | fc:turn | gmail | ask
Should I resign? I'm miles behind.

=== it-r12-08 | it | fc:turn | outlook-mobile | resign
Mi ritiro dalla partita, non ho più tempo. Grazie a tutti.

=== it-r12-09 | it | fc:turn | gmail | ask
Marco si ritira dalla partita?

# --- a pause proposed in words
=== fr-r12-13 | fr | fc:turn | mutt | propose PAUSE 7d
Je propose qu'on mette la partie en pause une semaine, je pars en formation.

=== it-r12-10 | it | fc:moved | yahoo | propose PAUSE 10d
propongo di mettere in pausa la partita per dieci giorni, ho un trasloco

=== en-r12-15 | en | fc:moved | yahoo | propose PAUSE 14d
Proposing we pause this game for two weeks - exams.

=== de-r12-09 | de | fc:moved | gmail | propose PAUSE 14d
Ich schlage vor, die Partie zwei Wochen zu pausieren, ich ziehe um.

=== en-r12-16 | en | fc:moved | gmail | ask
Did someone propose a pause? I didn't get the mail.

=== fr-r12-14 | fr | fc:moved | gmail | ask
Paul a proposé une pause d'une semaine, qu'est-ce que vous en pensez ?

# --- PREVIEW in words
=== it-r12-11 | it | fc:turn | gmail | preview L12 R1
Potreste mostrarmi cosa succederebbe con L12 R1? Per ora non giocatela.

=== de-r12-10 | de | fc:turn | zimbra | preview O13 R2
Könnt ihr mir zeigen, was O13 R2 bringen würde? Bitte noch nicht ausführen.

=== en-r12-17 | en | fc:turn | gmail | preview N13 R1
Could you show me what N13 R1 would do first? Don't play it yet.

=== en-r12-18 | en | fc:turn | gmail | ask
I saw what N13 R1 would do in the preview. Not sure yet.

=== fr-r12-15 | fr | fc:turn | gmail | move L12 R1
Qu'est-ce que donnerait L12 R1 ? Bon, tant pis, je le joue : L12 R1.

# --- BACK in words
=== it-r12-12 | it | fresh | libero | back
sono rientrato prima del previsto, riattivate le mie partite

=== en-r12-19 | en | vs:waiting | outlook | back
The conference was cancelled, so I'm back early. BACK

=== en-r12-20 | en | vs:waiting | gmail | ask
I'll be back early if the conference is cancelled.

=== it-r12-13 | it | vs:waiting | gmail | ask
rientro domenica, fino ad allora lasciate tutto così

# --- NEXT in words
=== fr-r12-16 | fr | vs:waiting | gmail | next RB N
pour mon prochain tour : rb nord

=== it-r12-14 | it | vs:waiting | gmail-android | next KB S
al prossimo turno kb sud

=== fr-r12-17 | fr | vs:waiting | gmail | ask
mon prochain tour sera sûrement rb nord, on verra

=== de-r12-11 | de | vs:waiting | gmail-android | next KB S ELSE RB N
Für meinen nächsten Zug: KB S, und wenn das nicht geht, RB N.

# --- neighbours added after the change (twelfth round), each where a referee asks or reads otherwise
=== en-r12-z01 | en | fc:moved | gmail | ask
My wife is away until Friday, could you put her on vacation until then?

=== en-r12-z02 | en | fc:moved | gmail | vacation ~until 2026-12-04
I'm at a conference until next Friday (4 December). Could you put me on holiday until then?

=== de-r12-z01 | de | fc:moved | gmail | ask
Meine Frau ist bis Sonntag weg, bitte bis dahin Urlaub eintragen.

=== fr-r12-z01 | fr | fc:moved | gmail | ask
Je pars jusqu'à jeudi, ne me mettez pas en vacances, je jouerai du téléphone.

=== en-r12-z03 | en | fc:turn | gmail | ask
M13 R1 until Friday, put me on vacation until then

=== en-r12-z04 | en | fc:turn | gmail | ask
I give up!! This tile never fits.

=== en-r12-z05 | en | fc:turn | gmail | ask
I give up for tonight, too far behind to think straight, I'll move tomorrow.

=== fr-r12-z02 | fr | fc:turn | gmail | ask
J'abandonne, je comprends rien aux règles.

=== en-r12-z06 | en | fc:turn | gmail | ask
I resign, no chance.
Actually no, M13 R1

=== en-r12-z07 | en | fc:turn | gmail | ask
I resign, no chance.
Actually no, let me think about it.

=== de-r12-z02 | de | fc:turn | gmail | ask
Ich gebe auf... nein, doch nicht, danke für die Partie.

=== en-r12-z08 | en | fc:turn | gmail | ask
I resign.

=== it-r12-z01 | it | fc:turn | gmail | resign
Abbandono la partita, grazie a tutti per la partita.

=== en-r12-z09 | en | fc:moved | gmail | ask
Proposing we pause this game for two weeks, or three if needed.

=== it-r12-z02 | it | fc:moved | gmail | ask
propongo di mettere in pausa la partita per due settimane, anzi tre.

=== fr-r12-z03 | fr | fc:moved | gmail | ask
Je propose une pause d'une semaine, mais pas avant Noël.

=== en-r12-z10 | en | fc:moved | gmail | ask
Proposing a pause for a week seems silly to me.

=== en-r12-z11 | en | fc:turn | gmail | ask
What would M13 R2 score? Don't play it yet, I'll play L12 R1 instead.

=== it-r12-z03 | it | fc:turn | gmail | ask
Mi fate vedere cosa succede con N13 R3? Non giocatela ancora. Anzi, giocatela.

=== fr-r12-z04 | fr | fc:moved | gmail | nothing
Mes statistiques sur toutes mes parties sont nulles.

=== en-r12-z12 | en | fc:over | gmail | ask
Where did my brother finish in the standings?

=== fr-r12-z05 | fr | fc:turn | gmail | board + move M13 R1
le plateau svp je joue M13 R1


=== de-r12-z03 | de | fc:over | gmail | stats
Die Bilanz bitte

=== it-r12-z04 | it | fc:over | gmail | nothing
Il mio bilancio è pessimo.
=== de-r12-z04 | de | fc:turn | gmail | ask
Soll ich aufgeben? Ich liege weit hinten.
# --- (lead, twelfth round) a command that cannot be undone taken back below it, even before
# another command; a command denied in its own word just above it (both carried out before)
=== en-r12-t01 | en | fc:turn | bare | ask
RESIGN CONFIRM
Actually no, M13 R1

=== fr-r12-t01 | fr | fc:turn | gmail | ask
ABANDONNER CONFIRMER
Non en fait, M13 R1

=== it-r12-t01 | it | fc:turn | libero | ask
ABBANDONA CONFERMA
no aspetta, lascia stare

=== de-r12-t01 | de | fc:turn | webde | ask
AUFGEBEN BESTÄTIGEN
Moment, doch nicht!

=== en-r12-t02 | en | fc:turn | gmail | resign
RESIGN CONFIRM
Thanks for the game everyone, well played.

=== en-r12-t03 | en | fc:turn | bare | ask
I'm not back yet. BACK

=== fr-r12-t03 | fr | vs:waiting | bare | back
Pas de souci pour l'attente, je suis de retour. RETOUR

=== de-r12-t03 | de | fc:turn | gmail | ask
Bin noch nicht zurück, erst Montag. ZURÜCK
"""


def _load() -> list[pc.Case]:
    return pc.parse_cases(HALF, CASES)


PROBES = _load()
MISSED = {
    "it-r12-03": "asked back: the figure of '10 giorni' beside a length said in words before it, read apart by the sentences' reading",
    "en-r12-06": "nothing read: 'ladder' is a word around a noun, not STANDINGS' noun",
    "fr-r12-10": "nothing read: GAMES on a fresh mail asked as 'où en suis-je dans chacune'",
    "de-r12-07": "nothing read: a clause after 'Ich gebe auf' that is neither a reason of the closed list nor courtesy ('Gegen euch komme ich nicht mehr an')",
    "fr-r12-z05": "the move read, the board asked before it with 'svp' and no punctuation not",
}  # fmt: skip
"""Asked back (or nothing read) where a referee reads the command: the reasons."""


verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES, MISSED)


def test_every_language_has_requests_and_neighbours() -> None:
    pc.assert_balanced(PROBES, MISSED)
