"""A move after a lead-in that names the appointment the player plays before (issue 31,
fourteenth round, from the round's hold-outs read on the merged reader): "Quick one before my 1
o'clock: N13 R0", "je joue vite fait avant la réunion de 14h : L12 R2". The appointment is a
time of the player's day: its "before" denies nothing and its hour is no move's figure
(:data:`pbem.commands.grammar._APPOINTMENT`). Its neighbours still ask back: another player's
move, a doubt, a condition, a question, a move of the past named in the lead-in. Read as the
corpus judge reads them (:mod:`player_corpus`) against the real mails."""

from __future__ import annotations

import player_corpus as pc

HALF = "appointments14"

CASES = """
=== en-t1 | en | fc:turn | gmail | move N13 R0
Quick one before my 1 o'clock: N13 R0.

=== en-t2 | en | fc:turn | gmail | move N13 R0
Quick one before my meeting: N13 R0.

=== fr-t3 | fr | fc:turn | gmail | move L12 R2
Pause déj' terminée, je joue vite fait avant la réunion de 14h : L12 R2.

=== fr-t4 | fr | fc:turn | gmail | move L12 R2
Pause déj' terminée, je joue vite fait avant la réunion : L12 R2.

=== de-t5 | de | fc:turn | gmail | move L12 R2
Kurz vor dem Termin um 15 Uhr: L12 R2.

=== it-t6 | it | fc:turn | gmail | move L12 R2
Al volo prima della riunione delle 14: L12 R2.

=== en-t7 | en | fc:turn | gmail | ask
Before my meeting Anna played: N13 R0.

=== en-t8 | en | fc:turn | gmail | ask
Before my 1 o'clock, not sure: N13 R0.

=== fr-t9 | fr | fc:turn | gmail | ask
Avant la réunion de 14h, Paul a joué : L12 R2.

=== de-t10 | de | fc:turn | gmail | ask
Vor dem Termin um 15 Uhr vielleicht: L12 R2.

=== en-t11 | en | fc:turn | gmail | ask
Before Anna plays: N13 R0.

=== en-t12 | en | fc:turn | gmail | ask
Before my meeting, or after lunch: N13 R0?

=== it-t13 | it | fc:turn | gmail | move L12 R2
Gioco al volo prima della lezione delle 10: L12 R2.

=== en-t14 | en | fc:turn | gmail | ask
Last move before my meeting was M13 R1: N13 R0.
"""

PROBES = pc.parse_cases(HALF, CASES)


verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES)
