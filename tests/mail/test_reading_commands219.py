"""NEXT given ahead in more words (issue 31, nineteenth round, second cycle): the move said to be
given ahead before the next turn named ("Coup d'avance pour mon prochain tour :", "Mossa
prenotata per il prossimo turno:", "Vorab für meinen nächsten Zug:", "In advance, for my next
turn:"), the next move handed over with the words that say so ("Je donne mon prochain coup
d'avance :", "Vi do in anticipo la mia prossima mossa:", "Getting my next move in early:",
"Pour gagner du temps, mon prochain coup :"), after the player's absence from the computer
("Je ne serai pas devant l'ordinateur ce soir, alors ..."); an alternative's condition that its
official can no longer go its way ("or BK E if RB can't go north by then", "se RB non può più
andare a nord", "falls RB dann nicht mehr nach Norden kann", "à l'est"; the French "est" is also
"is": "si M13 est déjà pris" keeps its reading), and "se non si potrà più".

Beside each its dangerous neighbour: a condition about another player's move or slide (asked
back), someone else's move given ahead, a question whether the move may be given ahead.

Written as probes before the reader was changed; the base commit (897b462a) read 20 of the 46,
none wrong (the last two were written during the change, after "est" read as the way east
broke half-25/fr-2511).
"""

from __future__ import annotations

import player_corpus as pc

HALF = "commands219"

CASES = """
=== fr-n219-01 | fr | fc:moved | gmail | next N13 R2 ELSE P10 R1
Coup d'avance pour mon prochain tour : N13 R2. Si on me la prend d'ici là, P10 R1 à la place.

=== fr-n219-02 | fr | fc:moved | orange | next M8 R1
Mon coup d'avance pour le prochain tour : M8 R1.

=== fr-n219-03 | fr | fc:moved | gmail | next L12 R3 ELSE O9 R0
Pour gagner du temps, mon prochain coup : L12 R3, et si elle est prise entre-temps, O9 R0.

=== fr-n219-04 | fr | fc:moved | k9 | next P12 R1
Je donne mon prochain coup d'avance : P12 R1.

=== fr-n219-05 | fr | vs:waiting | thunderbird | next BK E
Je vous donne mon prochain coup d'avance : BK vers l'est.

=== fr-n219-06 | fr | vs:waiting | orange | next RB N ELSE BK W
Pour mon prochain tour : RB N, ou BK W si RB ne peut plus aller au nord d'ici là.

=== fr-n219-07 | fr | fc:moved | gmail | ask
Coup d'avance pour mon prochain tour : N13 R2. Si Paul joue en M8, P10 R1 à la place.

=== fr-n219-08 | fr | fc:moved | gmail | nothing
Paul a donné son prochain coup d'avance, c'est malin.

=== fr-n219-09 | fr | fc:moved | gmail | ask
Est-ce que je peux donner mon prochain coup d'avance, genre N13 R2 ?

=== fr-n219-10 | fr | vs:waiting | orange | ask
Pour mon prochain tour : RB N, ou BK W si Paul ne bouge pas KB d'ici là.

=== it-n219-01 | it | fc:moved | gmail | next N13 R2 ELSE P10 R1
Mossa prenotata per il prossimo turno: N13 R2; se non si può più, P10 R1.

=== it-n219-02 | it | fc:moved | libero | next M8 R1
Mossa in anticipo per il prossimo turno: M8 R1.

=== it-n219-03 | it | fc:moved | gmail | next L12 R3
Vi do in anticipo la mia prossima mossa: L12 R3.

=== it-n219-04 | it | vs:waiting | outlook | next RB N ELSE BK E
Per il mio prossimo turno: RB N, oppure BK E se RB non può più andare a nord.

=== it-n219-05 | it | vs:waiting | gmail | next KB S
In anticipo per il prossimo turno: KB S.

=== it-n219-06 | it | fc:moved | gmail | ask
Mossa prenotata per il prossimo turno: N13 R2; se Luca gioca in M8, P10 R1.

=== it-n219-07 | it | fc:moved | gmail | nothing
Luca ha prenotato la sua prossima mossa, furbo lui.

=== it-n219-08 | it | fc:moved | gmail | ask
Posso darvi in anticipo la mia prossima mossa, tipo N13 R2?

=== it-n219-09 | it | vs:waiting | outlook | ask
Per il mio prossimo turno: RB N, oppure BK E se Luca non muove KB.

=== de-n219-01 | de | fc:moved | webde | next N13 R2 ELSE P10 R1
Vorab für meinen nächsten Zug: N13 R2, und falls das dann belegt ist, P10 R1.

=== de-n219-02 | de | fc:moved | gmail | next M8 R1
Im Voraus für meinen nächsten Zug: M8 R1.

=== de-n219-03 | de | fc:moved | gmail | next L12 R3
Mein nächster Zug schon mal im Voraus: L12 R3.

=== de-n219-04 | de | vs:waiting | webde | next RB N ELSE BK E
Für meinen nächsten Zug: RB N, oder BK E, falls RB dann nicht mehr nach Norden kann.

=== de-n219-05 | de | vs:waiting | gmail | next KB S
Vorab für meinen nächsten Zug: KB S.

=== de-n219-06 | de | fc:moved | webde | ask
Vorab für meinen nächsten Zug: N13 R2, und falls Jens auf M8 legt, P10 R1.

=== de-n219-07 | de | fc:moved | gmail | nothing
Jens hat seinen nächsten Zug schon vorab geschickt, clever.

=== de-n219-08 | de | fc:moved | gmail | ask
Darf ich meinen nächsten Zug vorab schicken, etwa N13 R2?

=== de-n219-09 | de | vs:waiting | webde | ask
Für meinen nächsten Zug: RB N, oder BK E, falls Jens KB nicht bewegt.

=== en-n219-01 | en | fc:moved | gmail | next N13 R2 ELSE P10 R1
Getting my next move in early: N13 R2, or P10 R1 if that's gone by then.

=== en-n219-02 | en | fc:moved | outlook | next M8 R1
In advance, for my next turn: M8 R1.

=== en-n219-03 | en | fc:moved | gmail | next L12 R3
Here's my next move in advance: L12 R3.

=== en-n219-04 | en | vs:waiting | outlook | next RB N ELSE BK E
For my next turn: RB N, or BK E if RB can't go north by then.

=== en-n219-05 | en | vs:waiting | gmail | next KB S W
Getting my next move in early: KB S W.

=== en-n219-06 | en | fc:moved | gmail | ask
Getting my next move in early: N13 R2, or P10 R1 if Sam plays M8.

=== en-n219-07 | en | fc:moved | gmail | nothing
Sam got his next move in early again, show-off.

=== en-n219-08 | en | fc:moved | gmail | ask
Can I get my next move in early, like N13 R2?

=== en-n219-09 | en | vs:waiting | outlook | ask
For my next turn: RB N, or BK E if Sam doesn't move KB by then.

=== fr-n219-11 | fr | vs:waiting | gmail | next RB N
Je ne serai pas devant l'ordinateur ce soir, alors je donne mon prochain coup d'avance : RB vers le nord.

=== fr-n219-12 | fr | vs:waiting | gmail | ask
Paul ne sera pas devant l'ordinateur ce soir, alors il donne son prochain coup d'avance : RB vers le nord.

=== it-n219-10 | it | fc:moved | gmail | next O13 R1 ELSE M13 R3
Per il prossimo turno, in anticipo: O13 R1; se non si potrà più, allora M13 R3.

=== it-n219-11 | it | vs:waiting | gmail | next KB S
Stasera non sarò al computer, quindi vi do in anticipo la mia prossima mossa: KB S.

=== de-n219-10 | de | vs:waiting | gmail | next KB S
Ich bin heute Abend nicht am Rechner, also vorab für meinen nächsten Zug: KB S.

=== en-n219-10 | en | vs:waiting | gmail | next BK W
I won't be at my laptop tonight, so here's my next move in advance: BK W.

=== en-n219-11 | en | vs:waiting | gmail | ask
Sam won't be at his laptop tonight, so he sent his next move in advance: BK W.

=== fr-n219-13 | fr | vs:waiting | orange | next RB E ELSE BK W
Pour mon prochain tour : RB E, ou BK W si RB ne peut plus aller à l'est d'ici là.

=== fr-n219-14 | fr | fc:moved | gmail | next M13 R2 ELSE O13 R2
Coup d'avance : PROCHAIN M13 R2, sinon O13 R2 si M13 est déjà pris.
"""


PROBES = pc.parse_cases(HALF, CASES)
MISSED: dict[str, str] = {}
"""Asked back (or nothing read) where a referee reads the command: the reasons."""


verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES, MISSED)


def test_every_language_has_commands_and_neighbours() -> None:
    pc.assert_balanced(PROBES, MISSED, asks=3, says=5)
