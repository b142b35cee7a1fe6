"""The three wrong readings of the twelfth round's hold-outs (half-60..62, read once on the
merged reader), fixed as classes after that reading, each with its neighbours, in the four
languages: a plan's later slide that ran on into the next sentence's remark ("..., and then BR
west. If that doesn't slow East down, nothing will." was RB N; BR W E S), the Italian "e" between
two directions said in words ("rb su e a destra" was RB N E E), and a week or two weeks said as
eight or fifteen days ("quinze jours" was 15 days). Read as the corpus judge reads them
(:mod:`player_corpus`) against the real mails."""

from __future__ import annotations

import player_corpus as pc

HALF = "holdout-wrongs12"

CASES = """
# --- a plan's later slide ends with its sentence; a slide named in a later sentence is asked
=== en-w12-01 | en | vs:turn | gmail | move RB N; BR W
Here goes: I'll slide RB north, and then BR west. If that doesn't slow East down, nothing will.

=== en-w12-02 | en | vs:turn | gmail | move KB S; BK E
KB south and then BK east. Fingers crossed, South looks strong.

=== en-w12-03 | en | vs:turn | gmail | ask
KB south and then BK east. Then RB goes north too if the dice allow it, and after that west.

=== fr-w12-01 | fr | vs:turn | gmail | move RB N; BR W
Je pousse RB au nord, puis BR à l'ouest. Si ça ne gêne pas l'Est, je n'y comprends plus rien.

=== it-w12-01 | it | vs:turn | gmail | move KB S; BK E
KB a sud e poi BK a est. Se questo non blocca Sud, pazienza.

=== de-w12-01 | de | vs:turn | webde | move RB N; BR W
RB nach Norden, dann BR nach Westen. Wenn das den Osten nicht bremst, weiß ich auch nicht.

# --- the Italian "e" between two directions in words is "and"; after a letter it is east
=== it-w12-02 | it | vs:turn | gmail-android | move KB S; RB N E
kb giu, poi rb su e a destra

=== it-w12-03 | it | vs:turn | gmail | move RB N E
rb nord e verso est

=== it-w12-04 | it | vs:turn | gmail | move RB N E
RB N E

# --- a week and two weeks said as eight and fifteen days
=== fr-w12-02 | fr | fc:moved | gmail | vacation 14d
Je pars à la montagne sans ordinateur, mettez-moi en vacances pour quinze jours s'il vous plaît.

=== fr-w12-03 | fr | fc:moved | gmail | vacation 7d
VACANCES huit jours

=== fr-w12-04 | fr | fc:moved | gmail | vacation 18d
VACANCES dix-huit jours

=== it-w12-05 | it | fc:moved | libero | vacation 14d
VACANZA quindici giorni

=== it-w12-06 | it | fc:moved | libero | vacation 7d
VACANZA otto giorni

=== it-w12-07 | it | fc:moved | libero | vacation 18d
VACANZA diciotto giorni
"""

PROBES = pc.parse_cases(HALF, CASES)


verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES)
