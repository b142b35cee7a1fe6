"""The wrong readings of the seventeenth round's hold-outs (half-75..77, read once on main before
any reader of the round), fixed as classes with their neighbours in the four languages:

- a slide said in words and then in the notation ("RB fa un passo solo verso nord, è ancora
  sulla casella di partenza. Quindi RB step N.") was read as a plan of two steps. A plan's second
  slide that is its first again, once in words and once in the notation, is the same slide when
  a conclusion leads to it ("quindi", "donc", "also", "so", "d.h."), else it is asked back
  (:func:`pbem.commands.grammar._said_twice`); the same slide written alike twice ("1. RB step N
  2. RB step N") is still the player's plan of two;
- the French "pas" of "RB fait un pas vers le nord" was a negation, so that sentence was set
  aside as a slide denied and the notation after its "puis" played alone: "pas" after "un" or
  "seul" is the noun now (:func:`pbem.rules.verbotene_stadt.notation._denied`), and the French
  "only" of "RB ne fait qu'un pas" is no negation either
  (:data:`pbem.rules.verbotene_stadt.notation._ONLY_ONE`); the same slide in words, then in the
  notation as its conclusion ("...: RB step N"), is one slide;
- and one of the merge of the round's readers: NEXT with a "please" before the reason of the
  player's absence ("NEXT RB N; BK E please, in case I'm asleep") kept the "please" in the move
  once the reason was dropped, and was refused.

Read as the corpus judge reads them (:mod:`player_corpus`) against the real mails."""

from __future__ import annotations

import player_corpus as pc

HALF = "holdout-wrongs17"

CASES = """
=== it-w17-01 | it | vs:turn | gmail | move RB step N
RB fa un passo solo verso nord, è ancora sulla casella di partenza. Quindi RB step N.

=== it-w17-02 | it | vs:turn | gmail | ask
RB fa un passo verso nord e poi RB step N

=== fr-w17-02 | fr | vs:turn | gmail | ask
Le RB fait un pas vers le nord, puis RB step N

=== de-w17-01 | de | vs:turn | gmail | move RB step N
RB macht einen Schritt nach Norden, also RB step N

=== de-w17-02 | de | vs:turn | gmail | ask
RB einen Schritt nach Norden und dann RB step N

=== en-w17-01 | en | vs:turn | gmail | move RB step N
RB takes one step north, so RB step N

=== en-w17-02 | en | vs:turn | gmail | move RB step N; RB step N
1. RB step N
2. RB step N

=== en-w17-03 | en | vs:turn | gmail | move RB step N; RB step N
RB step N; RB step N

=== en-w17-04 | en | vs:turn | gmail | ask
RB one step north, then RB step N

=== fr-w17-04 | fr | vs:turn | gmail | move RB step N
RB : un seul pas vers le nord, merci.

=== fr-w17-05 | fr | vs:turn | mutt | move RB step N
Le RB ne fait qu'un seul pas vers le nord, il n'a pas encore quitté sa case de départ : RB step N

=== fr-w17-06 | fr | vs:turn | iphone | move BR step W
BR n'avance que d'une case vers l'ouest.

=== de-w17-03 | de | vs:turn | gmail | move RB step N
RB macht nur einen Schritt nach Norden, es steht ja noch auf dem Startfeld: RB step N

=== de-w17-04 | de | vs:turn | gmail | ask
RB macht nur einen Schritt nach Norden, danach RB step N

=== it-w17-03 | it | vs:turn | gmail | move RB step N
RB fa un passo solo verso nord. Cioè RB step N.

=== en-w17-05 | en | vs:waiting | gmail | next KB S; BR W
NEXT KB S; BR W please, in case I'm on the train when it's my go

=== fr-w17-07 | fr | vs:waiting | gmail | next RB N; BK E
PROCHAIN RB N; BK E svp, au cas où je dors quand ce sera mon tour

=== de-w17-05 | de | vs:waiting | gmail | next KB S
NÄCHSTER KB S bitte, falls ich morgen nicht dazukomme

=== en-w17-06 | en | fc:moved | gmail | next M13 R2
NEXT M13 R2 please, in case I'm asleep when it comes round

"""

PROBES = pc.parse_cases(HALF, CASES)

verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES)
