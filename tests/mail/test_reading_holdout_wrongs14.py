"""The wrong readings of the fourteenth round's hold-outs (half-66..68, read once on main before
any reader of the round), fixed as classes with their neighbours:

- the history asked in the form of the game's record ("den kompletten Spielverlauf als Protokoll",
  "l'historique sous forme de feuille de partie") sent both HISTORY and RECORD: the record is the
  history as a file, one request (:func:`pbem.commands.requests._requested_as_is`); the history
  *and* the record stay two;
- a move queued with NEXT and a clause of purpose after a comma ("NÄCHSTER KB S, damit es
  weitergeht") was judged as the move "KB S DAMIT WEITERGEHT": the game reads it as KB S when
  the turn comes (NEXT's own check reads it as the seat owing a decision would), and the judge
  now reads it so too (:func:`player_corpus._read_as_owed`); without the comma the check refuses
  it (asked back, never queued wrong).

Read as the corpus judge reads them (:mod:`player_corpus`) against the real mails."""

from __future__ import annotations

import player_corpus as pc

HALF = "holdout-wrongs14"

CASES = """
=== de-w14-01 | de | vs:over | gmail | record
Schöne Partie! Könnt ihr mir den kompletten Spielverlauf als Protokoll schicken? Ich will sie nachspielen.

=== en-w14-01 | en | fc:over | gmail | record
Could you send me the whole history as a record?

=== fr-w14-01 | fr | fc:over | gmail | record
Pourriez-vous m'envoyer l'historique sous forme de feuille de partie ?

=== it-w14-01 | it | fc:over | gmail | record
Mi mandate lo storico come verbale?

=== de-w14-02 | de | fc:over | webde | history + record
Schickt mir bitte den Spielverlauf und das Protokoll.

=== en-w14-02 | en | fc:over | gmail | history + record
Please send me the history as well as the record.

=== en-w14-03 | en | fc:over | gmail | history
Could you send me the history?

=== de-w14-03 | de | vs:waiting | webde | next KB S
Ich sitze morgen den ganzen Tag in Meetings. NÄCHSTER KB S, damit es weitergeht.

=== fr-w14-02 | fr | vs:waiting | orange | next KB S
PROCHAIN KB S, pour que ça avance.

=== en-w14-04 | en | vs:waiting | gmail | next KB S
NEXT KB S, so that things keep moving.

=== de-w14-04 | de | vs:waiting | webde | ask
NÄCHSTER KB S damit es weitergeht
"""

PROBES = pc.parse_cases(HALF, CASES)


verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES)
