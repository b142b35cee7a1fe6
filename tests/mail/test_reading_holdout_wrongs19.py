"""The wrong readings of the nineteenth round's hold-outs (half-81..83, read once on main before
any reader of the round), each fixed as a class with its neighbours in the four languages:

- the Italian "and" between two directions said in words, with a verb of going on between
  ("il nero-blu scende a sud e gira a est"), was read as east: a plan's later slide became
  "KB S E E" and was kept for its turn (half-81 it-8123). The "e" after a direction word is
  "and" when a verb of going on or turning leads to the next direction
  (``pbem.rules.verbotene_stadt.notation._between_italian_directions``); and a slide of three
  directions or more, never legal under the rules' option, is refused as it is written, so a
  plan's later slide can no longer hold one ("RB N; KB S E W" was kept for later on main);
- standing orders named before a colon and said after it in words the reader did not take for
  an order ("bitte als Dauerauftrag für diese Partie: Ansagen der anderen grundsätzlich
  anzweifeln", half-82 de-8231) were read as the orders shown: the words after the colon are the
  order (refused with the orders' usage when unread), never a request to see them
  (``pbem.commands.grammar._order_after_its_noun``); "as a rule" ("grundsätzlich", "stets",
  "systématiquement", "sistematicamente", "by default") is a word of always for an order;
- and two wrong readings of Forbidden City that a reader of this round found in its probes
  (main played the first move): a rotation of a move set aside taken up again after it ("P12
  R1, not P12 R2. Hmm, R2 then.", "M13 R3, nicht M13 R1 – doch, R1.", "P12 R1, nicht P12 R2. Na
  gut, doch R2.") is the player's last word: asked back (``grammar._final_move``, a part said
  again only of a move not set aside; ``grammar._beside_remarks``, a rotation alone in a few
  words is no remark); "M13 R3, actually R1" and "Doch lieber R1" are still the correction;
- and three more of main, found by the second cycle's reader: someone else's move told with a
  verb in the third person only ("Luca mette N13 R1", "Anna zieht RB N") was played for the
  writer (``pbem.mail.reply._THIRD_ONLY``); and a move read beside another that someone named,
  then that person said right ("Tom says M13 R2 is better. But I play L12 R0. Hmm, actually Tom
  is right.", "... eigentlich hat Tom recht") played the first: asked back
  (``grammar._someone_proved_right``); and a merge's: a queued move's condition of what someone
  named can do ("Pour mon prochain tour : P10 R1, si Luc pourra") read as "if still possible"
  (``queued._ABLE``).

Read as the corpus judge reads them (:mod:`player_corpus`) against the real mails."""

from __future__ import annotations

import player_corpus as pc

HALF = "holdout-wrongs19"

CASES = """
=== it-w19-01 | it | vs:turn | gmail | move RB N; KB S E
primo movimento: il rosso-blu va a nord. Poi, se i dadi me lo concedono, il nero-blu scende a sud e gira a est.

=== it-w19-02 | it | vs:turn | gmail | move KB S E
il nero-blu scende a sud e gira a est.

=== it-w19-03 | it | vs:turn | gmail | move KB S E
KB a sud e poi a est

=== it-w19-04 | it | vs:turn | gmail | move KB S W
sposto KB verso sud e poi verso ovest

=== it-w19-05 | it | vs:turn | gmail | move KB S
KB a sud e basta

=== it-w19-06 | it | vs:turn | gmail | move KB S E
kb s e

=== it-w19-07 | it | vs:turn | gmail | move BK E N
il blu-nero va a est e gira a nord

=== it-w19-08 | it | vs:turn | gmail | move BR W S
BR ovest e poi sud

=== fr-w19-09 | fr | vs:turn | gmail | move KB S E
le noir-bleu descend au sud et tourne à l'est

=== de-w19-10 | de | vs:turn | gmail | move KB S E
der Schwarz-Blaue rutscht nach Süden und biegt nach Osten ab

=== it-w19-11 | it | vs:turn | gmail | ask
KB a sud e BK a est

=== it-w19-12 | it | vs:turn | gmail | move RB N; BK E
il rosso-blu va a nord e poi, se posso ancora, il blu-nero a est

=== it-w19-13 | it | vs:turn | gmail | move KB S E
KB va giù e poi gira a destra

=== it-w19-14 | it | vs:turn | gmail | move KB S E
il nero-blu scende a sud e svolta verso est

=== it-w19-15 | it | vs:turn | gmail | move RB N; KB S W
prima il rosso-blu a nord; poi, se i dadi lo permettono, il nero-blu scende a sud e piega a ovest.

=== it-w19-16 | it | vs:turn | gmail | move BK E N
BK va a est e sale a nord

=== it-w19-17 | it | vs:turn | gmail | ask
RB N; KB S E W

=== en-w19-18 | en | vs:turn | gmail | ask
RB N, then KB south east west

=== fr-w19-19 | fr | vs:turn | gmail | ask
RB au nord, puis KB sud est ouest

=== de-w19-20 | de | vs:turn | gmail | ask
Zuerst RB N, danach KB S O W

=== de-w19-30 | de | vs:waiting | webde | standing CLAIM DOUBT
Hallo,

bitte als Dauerauftrag für diese Partie: Ansagen der anderen grundsätzlich anzweifeln. Ich komme die nächsten Tage kaum an den Rechner.

Gruß
Bärbel

=== de-w19-31 | de | vs:waiting | webde | standing CLAIM BELIEVE
Dauerauftrag bitte: Ansagen der anderen immer glauben.

=== de-w19-32 | de | vs:waiting | webde | standing-show
Welche Daueraufträge habe ich gerade?

=== de-w19-33 | de | vs:waiting | webde | ask
bitte als Dauerauftrag für diese Partie: Ansagen der anderen meistens anzweifeln.

=== de-w19-34 | de | vs:waiting | webde | standing-show
Meine Daueraufträge für diese Partie bitte nochmal schicken.

=== de-w19-35 | de | vs:waiting | webde | standing CLAIM DOUBT
Als Dauerauftrag: Ansagen stets anzweifeln.

=== fr-w19-36 | fr | vs:waiting | gmail | ask
Une consigne permanente pour cette partie : les annonces de Pierre, je les crois quand elles me semblent honnêtes.

=== fr-w19-37 | fr | vs:waiting | gmail | standing CLAIM DOUBT
Consigne permanente pour cette partie : doutez systématiquement des annonces.

=== en-w19-38 | en | vs:waiting | gmail | ask
Standing order for this game: doubt Mike's claims when he sounds too sure.

=== en-w19-39 | en | vs:waiting | gmail | standing CLAIM BELIEVE
Please set a standing order: believe every claim by default.

=== it-w19-40 | it | vs:waiting | gmail | ask
Ordine permanente per questa partita: credete a Luca quando dichiara il palazzo.

=== it-w19-41 | it | vs:waiting | gmail | standing CLAIM DOUBT
Ordine permanente: dubitate sempre delle dichiarazioni degli altri.

=== it-w19-42 | it | vs:waiting | gmail | standing CLAIM DOUBT
Ordine permanente, per favore: dubitate sistematicamente delle dichiarazioni degli altri.

=== de-w19-50 | de | fc:turn | gmail | ask
M13 R3, nicht M13 R1 – doch, R1.

=== en-w19-51 | en | fc:turn | gmail | ask
P12 R1, not P12 R2. Hmm, R2 then.

=== en-w19-52 | en | fc:turn | gmail | move P12 R2
P12 R1. Hmm, no, P12 R2 then.

=== fr-w19-53 | fr | fc:turn | gmail | ask
P12 R1, pas P12 R2. Bon, R2 alors.

=== it-w19-54 | it | fc:turn | gmail | ask
P12 R1, non P12 R2. Anzi sì, R2.

=== en-w19-55 | en | fc:turn | gmail | move P12 R1
P12 R1, not P12 R2.

=== de-w19-56 | de | fc:turn | gmail | move M13 R1
M13 R3. Doch lieber R1.

=== en-w19-57 | en | vs:turn | gmail | ask
KB S, not KB S E. Hmm, KB S E then.

=== fr-w19-58 | fr | fc:turn | gmail | ask
M13 R3 — ou plutôt R1, finalement.

=== en-w19-59 | en | fc:turn | gmail | move M13 R1
M13 R3, actually R1.

=== en-w19-60 | en | fc:turn | gmail | move P12 R1
P12 R1, not P12 R2. Yes, R1.

=== fr-w19-61 | fr | fc:turn | gmail | ask
M13 R1, pas M13 R3. Ah si, R3 finalement.

=== it-w19-62 | it | fc:turn | gmail | ask
M13 R1, non M13 R3... anzi R3.

=== de-w19-63 | de | fc:turn | gmail | ask
P12 R1, nicht P12 R2. Na gut, doch R2.

=== en-w19-64 | en | fc:turn | gmail | move M13 R1
M13 R1. With R2 I would have handed Jo the palace.

=== en-w19-65 | en | fc:turn | gmail | move P10 R3
P10 R3 (your example said R0, but I want R3)

=== it-w19-70 | it | fc:turn | gmail | ask
Luca mette N13 R1

=== it-w19-71 | it | fc:turn | gmail | move N13 R1
metto N13 R1

=== it-w19-72 | it | fc:turn | gmail | ask
Luca gioca N13 R1

=== fr-w19-73 | fr | fc:turn | gmail | ask
Luc met N13 R1

=== en-w19-74 | en | fc:turn | gmail | ask
Tom says M13 R2 is better. But I play L12 R0. Hmm, actually Tom is right.

=== fr-w19-75 | fr | fc:turn | gmail | ask
Tom dit que M13 R2 est mieux. Mais je joue L12 R0. Hmm, en fait Tom a raison.

=== it-w19-76 | it | fc:turn | gmail | ask
Tom dice che M13 R2 è meglio. Ma io gioco L12 R0. Anzi no, ha ragione Tom.

=== de-w19-77 | de | fc:turn | gmail | ask
Tom sagt, M13 R2 ist besser. Aber ich spiele L12 R0. Hm, eigentlich hat Tom recht.

=== en-w19-78 | en | fc:turn | gmail | move L12 R0
I play L12 R0. Tom is right.

=== en-w19-79 | en | fc:turn | gmail | move L12 R0
Tom says M13 R2 is better. But I play L12 R0.

=== en-w19-80 | en | fc:turn | gmail | move L12 R0
L12 R0. You're right, Tom, the garden was a trap.

=== it-w19-81 | it | fc:turn | gmail | move L12 R0
Tom dice che M13 R2 è meglio, ma io gioco L12 R0. Tom ha torto, secondo me.

=== de-w19-82 | de | vs:turn | gmail | ask
Anna meint, RB N wäre besser. Ich ziehe aber BK E. Na ja, eigentlich hat Anna recht.

=== en-w19-83 | en | vs:turn | gmail | move BK E
Anna says RB N. I'm going BK E. Sorry Anna!

=== it-w19-84 | it | fc:turn | gmail | ask
lui mette N13 R1

=== de-w19-85 | de | vs:turn | gmail | ask
Anna zieht RB N

=== it-w19-90 | it | fc:turn | gmail | ask
P10 R1, se Luca può

=== fr-w19-91 | fr | fc:moved | gmail | ask
Pour mon prochain tour : P10 R1, si Luc pourra.

=== it-w19-92 | it | fc:moved | gmail | ask
Prossimo turno: P10 R1 se Luca potrà

=== en-w19-93 | en | fc:moved | gmail | ask
Next turn: P10 R1 if Tom can.
"""
PROBES = pc.parse_cases(HALF, CASES)
MISSED = {
    "it-w19-81": "asked back: a move beside another someone named, with 'ha torto' (wrong) after it",
}
verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES, MISSED)
