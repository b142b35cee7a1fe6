"""The wrong reading of the eighteenth round's hold-outs (half-78..80, read once on main before
any reader of the round), fixed as a class with its neighbours in the four languages:

- a preview asked as the board after a move ("Pouvez-vous me montrer le plateau après KB S E ?
  Je n'arrive pas à me le représenter.") was read as BOARD, the move dropped: the board's noun
  with "after" or "with" right before the one move the line names is a preview when nothing
  else in the line may change it, else the line is asked back; never the board alone
  (:func:`pbem.commands.requests.board_after`). The move in another sentence ("Could you send me
  the board again? After M13 R1 last time I lost track.") is still the board;
- and one of the merge of the round's readers: a draft named beside a slide was a slide still to
  be confirmed, so "Non KB S W ma KB S E, scusate il pasticcio nella bozza." (half-78 it-7820,
  read on main) was asked back: a draft is where the mess was ("nella bozza", "in my draft"),
  the move called a draft ("KB S E, è solo una bozza") is still asked back
  (:func:`pbem.commands.chatter.hedged`);
- and one class of the hold-outs' misses, where a line vanished: SAY handed to the table by its
  label alone ("Pour la table : Jean-Marc, tu me dois toujours une revanche au tarot." under the
  move, "Per tutti:", "An alle:", "To everyone:") was dropped beside the move and read as nothing
  alone (:data:`pbem.commands.requests._TOLD_TO_TABLE`); "For me: M13 R1" is still the move.

Read as the corpus judge reads them (:mod:`player_corpus`) against the real mails."""

from __future__ import annotations

import player_corpus as pc

HALF = "holdout-wrongs18"

CASES = """
=== fr-w18-01 | fr | vs:turn | apple-mail | preview KB S E
Pouvez-vous me montrer le plateau après KB S E ? Je n'arrive pas à me le représenter.

=== fr-w18-02 | fr | fc:turn | gmail | preview M13 R1
Tu peux me montrer le plateau après M13 R1 ?

=== en-w18-03 | en | vs:turn | gmail | preview KB S E
Could you show me the board after KB S E? I can't picture it.

=== de-w18-04 | de | vs:turn | gmail | preview KB S E
Kannst du mir das Brett nach KB S E zeigen?

=== it-w18-05 | it | vs:turn | gmail | preview KB S E
Mi mostri il tabellone dopo KB S E?

=== en-w18-07 | en | fc:turn | gmail | board
Could you send me the board again? After M13 R1 last time I lost track.

=== fr-w18-08 | fr | vs:turn | gmail | board
Pouvez-vous me renvoyer le plateau ?

=== en-w18-09 | en | fc:turn | gmail | move M13 R1 + board
M13 R1. And please send me the board after, I lost the last one.

=== en-w18-10 | en | fc:turn | gmail | ask
Show me the board after M13 R1, then I'll play it.

=== de-w18-11 | de | fc:turn | gmail | preview M13 R1
Schickt mir bitte das Spielbrett mit M13 R1 drauf, bevor ich mich festlege.

=== it-w18-12 | it | fc:turn | gmail | preview M13 R1
Potete mandarmi il tabellone dopo la mossa M13 R1? Grazie

=== fr-w18-13 | fr | fc:turn | gmail | ask
Montrez-moi le plateau après M13 R1 ou après L12 R0.

=== en-w18-14 | en | vs:turn | gmail | preview RB N
Could I see the board after RB N please?

=== fr-w18-15 | fr | vs:turn | gmail | ask
Pas besoin de me montrer le plateau après RB N, je joue RB N.

=== it-w18-16 | it | fc:turn | gmail | ask
Non mandatemi il tabellone dopo M13 R1, giocatela e basta.


=== it-w18-20 | it | vs:turn | thunderbird | move KB S E
Non KB S W ma KB S E, scusate il pasticcio nella bozza.

=== en-w18-21 | en | vs:turn | gmail | ask
KB S E, just a draft for now.

=== fr-w18-22 | fr | vs:turn | gmail | move KB S E
Pas KB S W mais KB S E, désolé pour le brouillon.

=== de-w18-23 | de | vs:turn | gmail | ask
KB S E - erst mal ein Entwurf.

=== en-w18-24 | en | vs:turn | gmail | move KB S E
Not KB S W but KB S E, sorry for the mess in my draft.

=== it-w18-25 | it | vs:turn | gmail | ask
KB S E, è solo una bozza.

=== fr-w18-30 | fr | fc:turn | orange | move L12 R2 + say Jean-Marc, tu me dois toujours une revanche au tarot.
L12 R2

Pour la table : Jean-Marc, tu me dois toujours une revanche au tarot.

=== it-w18-31 | it | fc:turn | gmail | say buona fortuna a tutti, ci vediamo al circolo giovedì
Per tutti: buona fortuna a tutti, ci vediamo al circolo giovedì

=== de-w18-32 | de | vs:turn | gmail | move KB S + say Schönes Wochenende euch!
KB S
An alle: Schönes Wochenende euch!

=== en-w18-33 | en | fc:turn | gmail | move M13 R1 + say good game so far, everyone
M13 R1
To everyone: good game so far, everyone

=== fr-w18-34 | fr | fc:turn | gmail | ask
Pour la table : vous pensez que M13 R1 est jouable ?

=== en-w18-35 | en | fc:turn | gmail | move M13 R1
For me: M13 R1

=== it-w18-36 | it | fc:turn | gmail | ask
A tutti: qualcuno sa quando scade il turno?

=== de-w18-37 | de | fc:turn | gmail | move M13 R1
Für mich: M13 R1
"""

PROBES = pc.parse_cases(HALF, CASES)

verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES)
