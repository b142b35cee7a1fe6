"""A wrong reading of the thirteenth round's hold-outs (half-63..65, read once on the merged
reader), fixed as a class after that reading, with its neighbours: an official described by its
colours and then called "one" ("the black-hat, blue-body one goes south") was read as a one-step
move (KB step S); "one" after the official is its pronoun when no direction and no step's noun
follows it. A one-step move written with "one" and a direction or a step's noun stays one. Read
as the corpus judge reads them (:mod:`player_corpus`) against the real mails."""

from __future__ import annotations

import player_corpus as pc

HALF = "holdout-wrongs13"

CASES = """
=== en-w13-01 | en | vs:turn | gmail | move RB N; KB S
First I slide the red-hat, blue-body official north. Then the black-hat, blue-body one goes south.

=== en-w13-02 | en | vs:turn | gmail | move KB S
The black-hat blue-body one slides south.

=== en-w13-03 | en | vs:turn | iphone | move KB S
Black hat, blue body one goes south please

=== en-w13-04 | en | vs:turn | gmail | move KB S
The blue-body black-hat one moves south.

=== en-w13-05 | en | vs:turn | gmail | move KB step S
The black-hat, blue-body one goes one step south.

=== en-w13-06 | en | vs:turn | gmail | move KB step S
KB one step south.

=== en-w13-07 | en | vs:turn | gmail | move KB step S
KB one square south

=== it-w13-01 | it | vs:turn | bare | ask
RB N W. Se invece il padiglione attivo cambia, allora meglio BK E.

=== fr-w13-01 | fr | vs:turn | bare | ask
RB N W. Si par contre le pavillon actif change, alors plutôt BK E.

=== fr-w13-02 | fr | fc:turn | bare | ask
M13 R1. Si jamais Paul pose avant moi, alors N9 R3.

=== fr-w13-03 | fr | fc:turn | gmail | ask
M13 R1, si jamais Paul pose avant moi, alors N9 R3.

=== de-w13-01 | de | fc:turn | webde | ask
M13 R1. Falls aber Paul vorher legt, dann lieber N9 R3.

=== en-w13-08 | en | vs:turn | gmail | ask
RB N W. If instead the active pavilion changes, better BK E.

=== it-w13-02 | it | fc:turn | libero | move N9 R3
M13 R1, anzi no, meglio N9 R3.

=== fr-w13-04 | fr | fc:turn | orange | move N9 R3
M13 R1... non, plutôt N9 R3.

=== de-w13-02 | de | vs:turn | webde | move BK E
RB N W, nein, doch lieber BK E.

=== en-w13-09 | en | fc:turn | gmail | move N9 R3
M13 R1. Sorry, I meant N9 R3.
"""

PROBES = pc.parse_cases(HALF, CASES)


verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES)
