"""The wrong readings of the fifteenth round's hold-outs (half-69..71, read once on main before
any reader of the round), fixed as classes with their neighbours:

- a move, then "but if <something nobody can decide>, then rather <another move>" ("Metterei L9
  R1, ma se Luca chiude prima la stanza rossa allora preferirei P10 R2") played the second move:
  the word of preference took the first back although the condition stands before it. A
  condition after "but"/"and" that follows the first move now asks back, as one that starts its
  own sentence did (:func:`pbem.commands.grammar._on_a_condition`); a plain second thought
  ("ma ripensandoci preferirei P10 R2") still plays the move preferred;
- a preview asked of "RB N e poi BK E" ("and then", in Italian) was of "RB N E; BK E": the small
  "e" before "poi" was taken for east in the requests' move pattern, as the notation itself had
  long stopped doing (:data:`pbem.commands.requests._MOVE_CODE`); a capital "E" stays east.

Read as the corpus judge reads them (:mod:`player_corpus`) against the real mails."""

from __future__ import annotations

import player_corpus as pc

HALF = "holdout-wrongs15"

CASES = """
=== it-w15-01 | it | fc:turn | zimbra | ask
Metterei L9 R1, ma se Luca chiude prima la stanza rossa allora preferirei P10 R2.

=== fr-w15-01 | fr | fc:turn | gmail | ask
Je mettrais L9 R1, mais si Luc ferme la salle rouge avant, alors plutôt P10 R2.

=== de-w15-01 | de | fc:turn | webde | ask
Ich würde L9 R1 legen, aber falls Luca vorher den roten Raum schließt, lieber P10 R2.

=== en-w15-01 | en | fc:turn | gmail | ask
I'd play L9 R1, but if Luca closes the red room first then I'd rather P10 R2.

=== en-w15-02 | en | fc:turn | gmail | ask
L9 R1 and if the red room is closed by then, P10 R2 instead.

=== it-w15-02 | it | fc:turn | gmail | move P10 R2
Metterei L9 R1, ma ripensandoci preferirei P10 R2.

=== fr-w15-02 | fr | fc:turn | gmail | move P10 R2
Je mettrais L9 R1, mais réflexion faite je préfère P10 R2.

=== en-w15-03 | en | fc:turn | gmail | move P10 R2
I'd play L9 R1, but on second thought I'd rather P10 R2.

=== it-w15-03 | it | vs:turn | html-only | preview RB N; BK E
Potete farmi vedere in anteprima cosa succede con RB N e poi BK E? Per ora non muovete niente.

=== it-w15-04 | it | vs:turn | gmail | preview RB N; BK E
Mi fate vedere l'anteprima di RB N e dopo BK E? Poi decido.

=== it-w15-05 | it | vs:turn | gmail | move RB N; BK E
RB N e poi BK E

=== en-w15-04 | en | vs:turn | gmail | preview RB N E; BK E
Can I see a preview of RB N E then BK E first?
"""

PROBES = pc.parse_cases(HALF, CASES)


verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES)
