"""Forbidden City moves, NEXT and PREVIEW a referee reads at once, each beside its dangerous
neighbour, the same words where one must ask back (issue 31, seventeenth round):

- a "no" typed between two whole moves ("n9 r2 nope n9 r3", "o9 r2 non o9 r1"; not after a
  sign, nor the Italian "non", which is "not"), and a "no" after an apology or a "wait" ("P11 R3
  sorry no P11 R2": the guard no longer reads that "no" as a denial of the move after it);
- NEXT in words after a greeting or after why it is queued now ("Hi, for my next turn please
  queue O13 R2.", "Pour gagner du temps : au prochain tour je jouerai M13 R2");
- a verdict on someone else's last move said to them ("Nicht schlecht, Grün. Ich lege O13 R0.")
  and a set phrase with a "no" ("L11 R1, no comment :)") beside the move;
- the other game named with the Italian article elided ("all'altra partita");
- a move to be shown and not played: never played, read as the PREVIEW asked ("Montrez-moi
  M13 R2 sans la poser" was played), and a spectator's "senza giocare" still asks nothing back;
- a move in quotes corrected by a change of mind, and a piece of a corrected move named in the
  correction's reason ("L9 R0. Attends... avec R0 le mur est du mauvais côté. L9 R1 c'est
  mieux. Allez, L9 R1, c'est mon dernier mot !");
- the saying that keeps what works before the move ("On ne change pas une équipe qui gagne :
  L9 R0"): its negation denies nothing.

The cases are the corpus's format (``tests/fixtures/replies/players/half-1.txt``).
"""

from __future__ import annotations

from pathlib import Path

import player_corpus as pc
import pytest

from pbem.commands import retraction

CASES = pc.parse_cases(
    "fcmoves17",
    """
=== p17-en-01 | en | fc:turn | iphone | move N13 R2
n13 r1 nope n13 r2

=== p17-en-02 | en | fc:turn | iphone | move N13 R1
N13 R1, not N13 R2

=== p17-en-03 | en | fc:turn | samsung | move M8 R2
m8 r1 nah m8 r2

=== p17-en-04 | en | fc:turn | samsung | ask
m8 r1 no m8 r2?

=== p17-en-05 | en | fc:turn | gmail-android | move P10 R3
P10 R1 no P10 R3

=== p17-en-06 | en | fc:turn | gmail-android | ask
P10 R1 no R3

=== p17-fr-01 | fr | fc:turn | iphone | move M13 R3
m13 r1 non m13 r3

=== p17-fr-02 | fr | fc:turn | outlook | ask
Je joue M13 R1, non M13 R3.

=== p17-fr-03 | fr | fc:turn | samsung | move P12 R1
p12 r0 nan p12 r1

=== p17-fr-04 | fr | fc:turn | gmail | move P12 R0
Je joue P12 R0 et non P12 R1.

=== p17-de-01 | de | fc:turn | iphone | move L10 R2
l10 r1 nein l10 r2

=== p17-de-02 | de | fc:turn | webde | move L10 R1
L10 R1 nicht L10 R2

=== p17-de-03 | de | fc:turn | samsung | move N9 R3
n9 r2 nö n9 r3

=== p17-de-04 | de | fc:turn | samsung | ask
n9 r2 nö n9 r3 oder doch n9 r2?

=== p17-it-01 | it | fc:turn | iphone | move O9 R3
o9 r1 no o9 r3

=== p17-it-02 | it | fc:turn | libero | move O9 R1
O9 R1 non O9 R3

=== p17-it-03 | it | fc:turn | gmail-android | ask
o9 r1 no o9 r3 boh

# --- a "no" after an apology or a "wait": the move after it is the correction, not denied
=== p17-en-07 | en | fc:turn | samsung | move P11 R2
P11 R3 sorry no P11 R2 butterfingers

=== p17-en-08 | en | fc:turn | samsung | ask
P11 R3 sorry no P11 R2 is not legal, right?

=== p17-en-09 | en | fc:turn | k9 | move O13 R0
O13 R1 wait no O13 R0, sorry phone keyboard

=== p17-en-10 | en | fc:turn | k9 | ask
O13 R1 wait no, not O13 R0 either. Let me think.

=== p17-fr-05 | fr | fc:turn | samsung | move L12 R2
L12 R0 pardon non L12 R2, gros doigts

=== p17-fr-06 | fr | fc:turn | samsung | ask
L12 R0 pardon non L12 R2 ou L12 R3 ?

=== p17-fr-07 | fr | fc:turn | gmail-android | move N13 R3
N13 R1 attends non N13 R3, le clavier du téléphone

=== p17-fr-08 | fr | fc:turn | gmail-android | ask
N13 R1 attends non, pas N13 R3 non plus, je réfléchis

=== p17-de-05 | de | fc:turn | iphone | move O13 R0
O13 R1 sorry nein O13 R0, Wurstfinger

=== p17-de-06 | de | fc:turn | iphone | ask
O13 R1 sorry nein O13 R0 wäre besser, oder?

=== p17-de-07 | de | fc:turn | webde | move M13 R2
M13 R3 Moment nein M13 R2, vertippt

=== p17-de-08 | de | fc:turn | webde | ask
M13 R3 Moment nein, nicht M13 R2, ich überlege noch

=== p17-it-04 | it | fc:turn | libero | move O9 R3
O9 R1 scusate no O9 R3, dita grosse

=== p17-it-05 | it | fc:turn | libero | ask
O9 R1 scusate no O9 R3 forse

=== p17-it-06 | it | fc:turn | gmail | move P12 R2
P12 R1 aspetta no P12 R2, ho sbagliato tasto

=== p17-it-07 | it | fc:turn | gmail | ask
P12 R1 aspetta no, non P12 R2, ci penso ancora

# --- NEXT in words after a greeting
=== p17-en-11 | en | fc:moved | yahoo | next P12 R0
Hello, for my next turn please queue P12 R0.

=== p17-en-12 | en | fc:moved | yahoo | ask
Hello, for my next turn maybe P12 R0 or O13 R1, not sure yet?

=== p17-en-13 | en | fc:moved | gmail | next M13 R1
Hey all! For my next turn: M13 R1

=== p17-fr-09 | fr | fc:moved | orange | next P12 R0
Bonjour, pour mon prochain tour : P12 R0

=== p17-fr-10 | fr | fc:moved | orange | ask
Bonjour, pour mon prochain tour : P12 R0 ou peut-être O13 R1, je ne sais pas encore.

=== p17-it-08 | it | fc:moved | libero | next P12 R0
Ciao, per il prossimo turno mettete in coda P12 R0

=== p17-it-09 | it | fc:moved | libero | ask
Ciao, per il prossimo turno forse P12 R0?

=== p17-de-09 | de | fc:moved | webde | next N13 R1
Hallo zusammen, für meinen nächsten Zug bitte schon mal N13 R1 vormerken.

=== p17-de-10 | de | fc:moved | webde | ask
Hallo zusammen, für meinen nächsten Zug vielleicht N13 R1 oder O13 R1?

=== p17-en-14 | en | fc:moved | gmail | ask
Hi, for my next turn please queue O13 R2 unless Ann closes the garden first.

=== p17-fr-11 | fr | fc:moved | gmail | next M8 R1
Salut ! Pour mon prochain tour, gardez de côté M8 R1.

# --- the classes still asked back (measured; the neighbours must stay asked back)
=== p17-de-11 | de | fc:turn | inline | move O13 R0
> * Grün hat P10 R0 gelegt.

Nicht schlecht, Grün. Ich lege O13 R0.

=== p17-de-12 | de | fc:turn | gmail | ask
Nicht schlecht, Grün. Ich lege O13 R0 aber nicht jetzt.

=== p17-en-15 | en | fc:turn | k9 | move L11 R1
L11 R1, no comment :)

=== p17-en-16 | en | fc:turn | k9 | ask
L11 R1, no?

=== p17-it-10 | it | fc:turn | outlook | move O9 R0
Buongiorno,

avevo scritto nella bozza "L12 R2", poi ci ho ripensato: gioco O9 R0.

=== p17-it-11 | it | fc:turn | outlook | ask
Avevo scritto nella bozza "L12 R2", poi ci ho ripensato: forse O9 R0?

# --- a verdict on someone else's last move, said to them, before the player's own move
=== p17-fr-13 | fr | fc:turn | inline | move L12 R1
> * Rouge a posé sa tuile en P10 R0.

Bien joué, Rouge. Je pose L12 R1.

=== p17-fr-14 | fr | fc:turn | inline | ask
> * Rouge a posé sa tuile en P10 R0.

Bien joué, Rouge. Je pose L12 R1 ou L12 R3 ?

=== p17-fr-15 | fr | fc:turn | gmail | move M13 R2
Pas mal du tout, Vert ! Moi je pose M13 R2.

=== p17-it-16 | it | fc:turn | gmail | move P12 R3
Bella mossa, Verde! Io metto P12 R3.

=== p17-it-17 | it | fc:turn | gmail | ask
Bella mossa, Verde! Io metto P12 R3? Non so.

=== p17-en-17 | en | fc:turn | thunderbird | move O9 R1
Not bad, Blue. I'll play O9 R1.

=== p17-en-18 | en | fc:turn | thunderbird | ask
Not bad, Blue. I'll play O9 R1 unless Red objects.

=== p17-de-13 | de | fc:turn | webde | move N13 R2
Starker Zug, Rot! Ich lege N13 R2.

=== p17-de-14 | de | fc:turn | webde | ask
Starker Zug, Rot! Ich lege N13 R2 – oder lieber nicht?

=== p17-de-15 | de | fc:turn | gmail | ask
Nicht schlecht, Grün, aber ich lege O13 R0 nicht.

# --- the other game named with the Italian article elided ("all'altra", "sull'altra")
=== p17-it-12 | it | fc:turn | gmail | move M13 R1
M13 R1. All'altra partita rispondo stasera, ora vado di fretta.

=== p17-it-13 | it | fc:turn | gmail | ask
Questo M13 R1 va all'altra partita.

=== p17-it-14 | it | fc:turn | libero | move O9 R2
O9 R2 qui. Sull'altra partita rispondo domani.

=== p17-it-15 | it | fc:turn | libero | ask
O9 R2 sull'altra partita, qui ci penso domani.

# --- a preview asked in a sentence: the move shown and not played (its own verbs: poser, metterla,
# legen, place); the neighbours where it is played, or where one must ask
=== p17-de-16 | de | fc:turn | k9 | preview O13 R2
Was würde O13 R2 bewirken? Bitte nur zeigen, noch nicht legen.

=== p17-de-17 | de | fc:turn | webde | preview P12 R1
Kannst du mir P12 R1 zeigen, ohne es zu legen?

=== p17-fr-16 | fr | fc:turn | gmail | preview M13 R2
Montrez-moi M13 R2 sans la poser, svp.

=== p17-fr-17 | fr | fc:turn | gmail | preview N13 R1
Que donnerait N13 R1 ? Montrez-moi seulement, ne la posez pas encore.

=== p17-fr-18 | fr | fc:turn | gmail | ask
Montrez-moi M13 R2 ou M13 R3 sans les poser, et jouez le meilleur.

=== p17-it-18 | it | fc:turn | libero | preview O9 R1
Mostratemi O9 R1 senza metterla, per favore.

=== p17-it-19 | it | fc:turn | libero | preview L12 R3
Cosa farebbe L12 R3? Fatemelo solo vedere, non giocatelo ancora.

=== p17-it-20 | it | fc:turn | libero | ask
Mettete L12 R3 o fatemela vedere, fate voi.

=== p17-en-19 | en | fc:turn | gmail | preview P10 R2
Can you show me P10 R2 without placing it?

=== p17-en-20 | en | fc:turn | gmail | preview P10 R2
Just show me P10 R2, don't place it yet.

=== p17-en-21 | en | fc:turn | gmail | ask
Show me P10 R2, or just play it if you think it's fine.

# --- a set phrase with a "no" beside the move ("no comment", "pas de souci", "kein Stress")
=== p17-en-22 | en | fc:turn | samsung | move P12 R2
P12 R2, no worries about the delay

=== p17-en-23 | en | fc:turn | samsung | ask
P12 R2, no wait

=== p17-fr-19 | fr | fc:turn | gmail-android | move O13 R3
O13 R3, pas de souci pour le retard

=== p17-fr-20 | fr | fc:turn | gmail-android | ask
O13 R3, non pas ça

=== p17-it-21 | it | fc:turn | iphone | move L10 R0
L10 R0, nessuna fretta eh

=== p17-it-22 | it | fc:turn | iphone | ask
L10 R0, no no aspetta

=== p17-de-19 | de | fc:turn | iphone | move M13 R0
M13 R0, kein Stress :)

=== p17-de-20 | de | fc:turn | iphone | ask
M13 R0, nein doch nicht

# --- a typo owned up to before the move, after a refusal
=== p17-de-21 | de | fc:rejected | mutt | move L11 R1
Tippfehler, sorry. L11 R1.

=== p17-de-22 | de | fc:rejected | mutt | ask
Tippfehler, sorry. L11 R1 oder L11 R0?

# --- a move in quotes, then a change of mind and the move played (last word counts)
=== p17-it-23 | it | fc:turn | outlook | move O9 R0
Avevo scritto nella bozza "L12 R2", poi ci ho ripensato: gioco O9 R0.

=== p17-fr-21 | fr | fc:turn | thunderbird | move N13 R1
J'avais noté « M13 R2 » dans mon brouillon, puis j'ai changé d'idée : je pose N13 R1.

=== p17-fr-22 | fr | fc:turn | thunderbird | ask
J'avais noté « M13 R2 » dans mon brouillon, puis j'ai changé d'idée : N13 R1 peut-être ?

=== p17-en-24 | en | fc:turn | gmail | move P10 R1
My draft said "L9 R1" but I had second thoughts: P10 R1.

=== p17-de-23 | de | fc:turn | webde | move L12 R0
Im Entwurf stand noch „M8 R2“, aber ich habe mich umentschieden: ich lege L12 R0.

=== p17-de-24 | de | fc:turn | webde | ask
Im Entwurf stand noch „M8 R2“, aber ich habe mich umentschieden: L12 R0 oder L12 R2.

# --- NEXT in words after why it is queued now ("Pour gagner du temps :")
=== p17-fr-23 | fr | fc:moved | gmail | next M13 R2
Pour gagner du temps : au prochain tour je jouerai M13 R2, notez-le d'avance.

=== p17-fr-24 | fr | fc:moved | gmail | ask
Pour gagner du temps : au prochain tour je jouerai peut-être M13 R2, on verra.

=== p17-en-25 | en | fc:moved | gmail | next P12 R0
To save time: for my next turn, P12 R0.

=== p17-en-26 | en | fc:moved | gmail | ask
To save time: for my next turn, P12 R0 or O13 R1, not sure which.

=== p17-it-24 | it | fc:moved | libero | next P12 R0
Per guadagnare tempo: per il prossimo turno mettete in coda P12 R0

=== p17-de-25 | de | fc:moved | webde | next N13 R1
Um Zeit zu sparen: für meinen nächsten Zug bitte schon mal N13 R1 vormerken.

=== p17-de-26 | de | fc:moved | webde | ask
Um Zeit zu sparen: für meinen nächsten Zug vielleicht N13 R1?

# --- "without playing" said by a spectator (no move of the player's: the request stands)
=== p17-it-25 | it | fresh | gmail | watch fc-7k3q
Buongiorno, vorrei seguire la partita fc-7k3q solo per guardare, senza giocare.

=== p17-fr-25 | fr | fresh | gmail | watch fc-7k3q
Bonjour, je voudrais suivre la partie fc-7k3q en spectateur, sans jouer.

# --- a move corrected on its line with the reason, the corrected move's rotation named in the
# reason, the last move said again as the last word
=== p17-fr-26 | fr | fc:turn | samsung | move M13 R3
Je pose M13 R1. Attends... avec R1 la salle est coupée. M13 R3 c'est mieux. Allez, M13 R3, c'est mon dernier mot !

=== p17-fr-27 | fr | fc:turn | samsung | ask
Je pose M13 R1. Attends... avec R1 la salle est coupée. M13 R3 serait mieux ? Je ne sais pas.

=== p17-en-27 | en | fc:turn | gmail | move P10 R2
P10 R0. Wait... with R0 the wall faces the garden. P10 R2 is better. OK, P10 R2, final answer!

=== p17-en-28 | en | fc:turn | gmail | ask
P10 R0. Wait... with R0 the wall faces the garden. P10 R2 is better, or maybe R0 after all.

=== p17-it-26 | it | fc:turn | libero | move O13 R2
O13 R1. Aspetta... con R1 il muro è dalla parte sbagliata. O13 R2 è meglio. Vai, O13 R2, ultima parola!

=== p17-de-27 | de | fc:turn | webde | move N13 R2
N13 R0. Moment... mit R0 steht die Mauer falsch. N13 R2 ist besser. Also N13 R2, mein letztes Wort!

=== p17-de-28 | de | fc:turn | webde | ask
N13 R0. Moment... mit R0 steht die Mauer falsch. N13 R2 wäre besser, aber vielleicht doch R0.

=== p17-fr-28 | fr | fc:turn | apple-mail | move L9 R0
On ne change pas une équipe qui gagne : L9 R0.

=== p17-fr-29 | fr | fc:turn | apple-mail | ask
On ne change pas une équipe qui gagne, mais je ne joue pas L9 R0.

=== p17-it-27 | it | fc:turn | gmail | move P12 R1
Squadra che vince non si cambia: P12 R1.

=== p17-it-28 | it | fc:turn | gmail | ask
Squadra che vince non si cambia: P12 R1, ma non ancora, aspettate.

=== p17-de-29 | de | fc:turn | webde | move O13 R1
Never change a running system: O13 R1.

=== p17-en-29 | en | fc:turn | gmail | move O13 R1
Never change a winning team: O13 R1.

=== p17-en-30 | en | fc:turn | gmail | ask
Never change a winning team: O13 R1 again? Not sure it's legal.

=== p17-fr-30 | fr | fc:turn | thunderbird | move L10 R1
Je comptais jouer N13 R0, mais cela offre la grande salle à Rouge. Je me ravise donc : L10 R1.

=== p17-fr-31 | fr | fc:turn | thunderbird | ask
Je comptais jouer N13 R0, mais cela offre la grande salle à Rouge. Je me ravise donc : L10 R1 ou L10 R3 ?

=== p17-it-29 | it | fc:turn | gmail | move L10 R1
Pensavo di giocare N13 R0, ma regala la sala grande a Rosso. Ci ho ripensato: L10 R1.

=== p17-de-30 | de | fc:turn | webde | move L10 R1
Ich wollte N13 R0 spielen, aber das schenkt Rot den großen Saal. Ich habe mich umentschieden: L10 R1.

=== p17-en-31 | en | fc:turn | gmail | move L10 R1
I was going to play N13 R0, but it hands Red the big hall. Thought better of it: L10 R1.

=== p17-en-32 | en | fc:turn | gmail | ask
I was going to play N13 R0, but it hands Red the big hall. Thought better of it: L10 R1 maybe?
""",
)


@pytest.mark.parametrize("lang", sorted({c.lang for c in CASES}))
def test_read_as_meant_and_never_wrong(tmp_path: Path, lang: str) -> None:
    verdicts = pc.judge_all(tmp_path, [c for c in CASES if c.lang == lang])
    assert [(v.case.id, v.got) for v in verdicts if v.wrong] == []
    assert [(v.case.id, v.got, v.want) for v in verdicts if not v.meant] == []


def test_the_take_back_words_have_one_owner() -> None:
    """retraction owns the take-back words; courtesy.toml holds no list of them any more."""
    toml = (Path(pc.__file__).parents[2] / "pbem/mail/data/courtesy.toml").read_text("utf-8")
    assert "take_back = [" not in toml
    assert "lascia stare" in retraction.TAKE_BACK_PHRASES
    assert retraction.is_take_back("Vergesst das")
    assert retraction.is_take_back("No aspettate, ci penso ancora")
    assert not retraction.is_take_back("Nicht den Mantel.")
    assert retraction.correction_rest("ignore that, L12 R0") == ", l12 r0"
    assert retraction.correction_rest("ah non, finalement") == ","
    assert retraction.correction_rest("sinon plutôt") is None
