"""The wrong readings of the sixteenth round's hold-outs (half-72..74, read once on main before
any reader of the round), fixed as classes with their neighbours in the four languages:

- a move, then a sentence that takes it back to think again ("L10 R1. actually scrap that, let
  me have another look first", "Laissez-moi réfléchir encore un peu") played the move: "scrap
  that" is a take-back now (:data:`pbem.commands.retraction.TAKE_BACK_PHRASES` and
  :data:`pbem.commands.retraction.TAKE_BACK`), looking again a hesitation (:data:`pbem.commands.retraction.HESITATION`), and
  either in a part after the move stops the move part's reading
  (:func:`pbem.commands.grammar._move_part`); "Bernard soutient que c'est une erreur" after a
  move is still a remark;
- a move with a fallback on a condition about something else than its square ("Je joue N13 R1
  si Bleu n'a pas pris le conseiller, sinon O13 R0") played the first: a word of "taken" was
  enough. The condition must now be of the square alone
  (:func:`pbem.commands.conditions.of_the_square`); "si la case n'est pas déjà prise" still
  plays the first;
- a condition on another player's turn before a move and its fallback ("wenn Gelb den Drachen
  nicht legt dann M13 R3 sonst L10 R1") was set aside as a remark: a part with a condition is no
  remark (:func:`pbem.commands.grammar._beside_remarks`).

Read as the corpus judge reads them (:mod:`player_corpus`) against the real mails."""

from __future__ import annotations

import player_corpus as pc

HALF = "holdout-wrongs16"

CASES = """
=== en-w16-01 | en | fc:turn | k9 | ask
L10 R1. actually scrap that, let me have another look first

=== en-w16-02 | en | fc:turn | gmail | move M13 R2
M13 R1. Scrap that, M13 R2.

=== fr-w16-01 | fr | fc:turn | gmail | ask
L10 R1. Laissez-moi réfléchir encore un peu.

=== it-w16-01 | it | fc:turn | gmail | ask
L10 R1. Anzi fammi pensare ancora un attimo.

=== de-w16-01 | de | fc:turn | gmail | ask
L10 R1. Moment, lass mich nochmal schauen.

=== fr-w16-02 | fr | fc:turn | iphone | ask
Je joue N13 R1 si Bleu n'a pas pris le conseiller, sinon O13 R0

=== it-w16-02 | it | fc:turn | gmail | ask
Gioco N13 R1 se Marco non ha preso il consigliere, altrimenti O13 R0

=== en-w16-03 | en | fc:turn | gmail | ask
N13 R1 if Blue hasn't taken the advisor, otherwise O13 R0

=== de-w16-02 | de | fc:turn | gmail | ask
N13 R1 falls Blau den Berater nicht genommen hat, sonst O13 R0

=== fr-w16-03 | fr | fc:turn | gmail | move N13 R1
Je joue N13 R1 si la case n'est pas déjà prise, sinon O13 R0

=== it-w16-03 | it | fc:turn | gmail | move N13 R1
N13 R1, a meno che la casella N13 non sia già occupata (in quel caso O13 R0)

=== de-w16-03 | de | fc:turn | gmail-android | ask
wenn Gelb den Drachen nicht legt dann M13 R3 sonst L10 R1

=== en-w16-04 | en | fc:turn | gmail | ask
if Yellow doesn't play the dragon then M13 R3, otherwise L10 R1

=== fr-w16-04 | fr | fc:turn | gmail | ask
si Jaune ne pose pas le dragon alors M13 R3, sinon L10 R1

=== it-w16-04 | it | fc:turn | gmail | ask
se Giallo non mette il drago allora M13 R3 altrimenti L10 R1

=== de-w16-04 | de | fc:turn | gmail | move M13 R3
Schöner Zug, Gelb. Dann eben M13 R3.

=== it-w16-05 | it | fc:turn | outlook | move P10 R1
gioco P10 R1, a meno che non sia illegale: in quel caso P10 R0.

=== fr-w16-05 | fr | fc:turn | gmail | move O13 R2
Je pose ma tuile en O13, rotation 2. Bernard soutient que c'est une erreur ; nous verrons bien.

"""

PROBES = pc.parse_cases(HALF, CASES)


verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES)
