"""Moves a referee plays at once beside the player's apology for the delay or for a short mail
(issue 31, nineteenth round), each beside its dangerous neighbour, read through the whole
service (:func:`player_corpus.judge_all`):

- an apology for being late with its reason, being busy or away, typed in haste too ("je joue
  P12 R2 dsl jetais en reunion toute la journee", "sorry, was in meetings all day", "scusate, ero
  in riunione", "sorry, war den ganzen Tag unterwegs"): said for the delay, never for the move;
  being wrong is no such reason ("dsl jetais distrait, plutot M13 R1" corrects or is asked back);
- an apology for the mail's brevity ("dsl si c court", "sorry if this is brief", "scusate la
  brevità", "sorry für die Kürze"): its "if" is no condition on the move;
- a play frame before a move and such words after it with no sign between ("Je pose N13R3 jsuis
  dans le metro dsl si c court"): read when the frame and the move read alone as playing it;
  another player's move told ("Tom plays L12 R3 sorry I was swamped") is still asked back.
"""

from __future__ import annotations

import player_corpus as pc
import pytest

from pbem.commands import chatter

HALF = "moves219"

CASES = """
=== m19-fr-01 | fr | fc:turn | samsung | move M13 R2
je pose M13 R2 dsl jetais au boulot toute la journee

=== m19-fr-02 | fr | fc:turn | samsung | ask
je pose M13 R2 dsl jetais distrait, plutot M13 R1

=== m19-fr-03 | fr | fc:turn | iphone | move L10 R1
Je joue L10 R1 jsuis dans le train dsl si c court

=== m19-fr-04 | fr | fc:turn | iphone | ask
Je joue L10 R1 si c'est encore libre

=== m19-fr-05 | fr | fc:turn | gmail | move P10 R3
Désolé, j'étais en déplacement. P10 R3.

=== m19-fr-06 | fr | fc:turn | gmail | ask
Désolé, j'étais en déplacement. P10 R3 ou P10 R2 ?

=== m19-fr-07 | fr | fc:turn | orange | ask
Paul joue P10 R3 dsl jetais en reunion

=== m19-en-01 | en | fc:turn | samsung | move O9 R1
playing O9 R1 sorry was in meetings all day

=== m19-en-02 | en | fc:turn | samsung | ask
playing O9 R1 sorry I was wrong earlier

=== m19-en-03 | en | fc:turn | gmail | move N13 R2
N13 R2. Sorry if this is brief, typing on the bus.

=== m19-en-04 | en | fc:turn | gmail | ask
N13 R2 if it's still free, sorry if this is brief.

=== m19-en-05 | en | fc:turn | iphone | move L12 R3
Sorry, I was swamped yesterday. L12 R3.

=== m19-en-06 | en | fc:turn | iphone | ask
Tom plays L12 R3 sorry I was swamped

=== m19-it-01 | it | fc:turn | gmail | move P12 R1
gioco P12 R1 scusate ero in riunione tutto il giorno

=== m19-it-02 | it | fc:turn | gmail | move P12 R0
gioco P12 R1 scusate ero distratto, volevo dire P12 R0

=== m19-it-03 | it | fc:turn | libero | move O13 R0
O13 R0, scusate la brevità

=== m19-it-04 | it | fc:turn | libero | ask
O13 R0? Scusate la brevità

=== m19-it-05 | it | fc:turn | gmail | move M8 R2
Scusate, sono stato molto impegnato. M8 R2.

=== m19-de-01 | de | fc:turn | webde | move N9 R3
ich lege N9 R3 sorry war den ganzen Tag unterwegs

=== m19-de-02 | de | fc:turn | webde | move N9 R2
ich lege N9 R3 sorry war falsch, lieber N9 R2

=== m19-de-03 | de | fc:turn | gmail | move P11 R2
P11 R2. Sorry für die Kürze, sitze im Zug.

=== m19-de-04 | de | fc:turn | gmail | ask
P11 R2? Sorry für die Kürze.

=== m19-de-05 | de | fc:turn | webde | move L11 R0
Entschuldigung, ich war krank. L11 R0.

=== m19-de-06 | de | fc:turn | webde | ask
Klaus legt L11 R0, sorry war krank

=== m19-en-07 | en | fc:turn | outlook | move M13 R1
Going with M13 R1 sorry been travelling

=== m19-en-08 | en | fc:turn | outlook | ask
Going with M13 R1 sorry been travelling, or M13 R0 if that's better?

=== m19-fr-08 | fr | fc:turn | gmail | move O9 R2
O9 R2. Désolée d'être brève, je suis au bureau.

=== m19-fr-09 | fr | fc:turn | gmail | ask
O9 R2 désolée, j'étais distraite : O9 R1 ou O9 R2 ?

=== m19-it-06 | it | fc:turn | gmail | move N13 R1
metto N13 R1 scusate se è corto, sono al lavoro

=== m19-it-07 | it | fc:turn | gmail | ask
Luca ha messo N13 R1 ieri, scusate se è corto

=== m19-de-07 | de | fc:turn | gmail | move L10 R3
lege L10 R3 sorry, war heute im Büro

=== m19-de-08 | de | fc:turn | gmail | ask
lege L10 R3 sorry, war heute im Büro. Oder doch L10 R2?

=== m19-fr-10 | fr | vs:turn | samsung | move KB S
KB S dsl jetais en reunion toute la journee

=== m19-en-09 | en | vs:turn | gmail | move RB N
RB N, sorry if it's a bit short, on the train.

=== m19-de-09 | de | vs:turn | webde | ask
RB N, sorry für die Kürze, oder doch RB N E?

=== m19-it-08 | it | vs:turn | gmail | move BR W
BR W scusate ero in viaggio

=== m19-it-09 | it | fc:turn | gmail | ask
Gioco P12 R1? Scusate, ero in riunione tutto il giorno.

=== m19-it-10 | it | fc:turn | gmail | ask
Marco dice di giocare M8 R2, scusate se è corto
"""


PROBES = pc.parse_cases(HALF, CASES)

verdicts, test_never_read_wrong, test_read_as_meant = pc.probe_checks(HALF, PROBES)


def test_every_language_has_moves_and_neighbours() -> None:
    pc.assert_balanced(PROBES, {}, asks=3, says=5)


@pytest.mark.parametrize(
    ("text", "left"),
    [
        ("dsl jetais en reunion toute la journee", "toute la journee"),
        ("Désolé, j'étais en déplacement.", "."),
        ("sorry, was in meetings all day", "all day"),
        ("Sorry, I was swamped yesterday.", "yesterday."),
        ("scusate, ero in riunione tutto il giorno", "tutto il giorno"),
        ("Scusate, sono stato molto impegnato.", "."),
        ("sorry, war den ganzen Tag unterwegs", ""),
        ("Entschuldigung, ich war krank.", "."),
        ("jsuis dans le metro dsl si c court", "jsuis dans le metro"),
        ("sorry if this is brief", ""),
        ("scusate se è corto", ""),
        ("scusate la brevità", ""),
        ("sorry für die Kürze", ""),
        ("Désolée d'être brève", ""),
        # an apology for the move, or no reason of delay: kept
        ("dsl jetais distrait", None),
        ("sorry I was wrong", None),
        ("scusate, ero confuso", None),
        ("sorry, war falsch", None),
        ("sorry if it's not free", None),
        ("désolé si c'est pris", None),
    ],
)  # fmt: skip
def test_an_apology_for_the_delay_or_a_short_mail_is_said_for_no_move(
    text: str, left: str | None
) -> None:
    got = " ".join(chatter.late_apology_dropped(text).split())
    assert got == (text if left is None else left)
