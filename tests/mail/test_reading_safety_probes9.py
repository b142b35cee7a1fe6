"""Safety probes for issue 31's reader, ninth round: replies where a naive reader plays the wrong
move or command, in the four languages, to the real mails of both games, and their nearest clear
neighbours, read as the corpus judge reads them (:mod:`player_corpus`: the reply as its mail
client writes it, at the position of the mail it answers, through the service's own reading).

Written as a player, without reading the reader's code. Shapes (the second part of each id):

- ``corr``: a move corrected on the same line, the next line, the next sentence or in a P.S., with
  and without a new move ("X ... no wait, Y", "X. Sorry, Y", "not X but Y", "X or rather Y",
  "X ... forget it", "X nah", "scratch that");
- ``slide``: Die Verbotene Stadt's slides and decisions corrected, a step taken back, a later
  slide of a plan under a condition the service cannot decide;
- ``named``: a move named but not played (a question, a condition, a quote of another player or
  of our mail, a past move, what someone else should do, a move wished for next time);
- ``choice``: two moves offered, the choice left to the service, a refusal of the turn with a
  move in it;
- ``remark``: command words in remarks ("thanks for the board", "the rules are clear", "I'll be
  back"), a preview with a play, a vacation that is past or someone else's.

Each case says what a careful referee would do (``ask`` where a referee must ask back). A probe
the reader reads wrong (carries out what is not meant) is kept as ``xfail(strict=True,
reason="wrong reading: ...")``; one it merely misses (asks where the meaning is clear) as
``xfail(strict=True, reason="missed: ...")``: the fix turns either into a pass.
"""

from __future__ import annotations

import player_corpus as pc
import pytest

HALF = "probes9"

# The probes, in the corpus's format (tests/fixtures/replies/players/half-1.txt describes it).
CASES = {
    "fr": """
=== fr-corr-01 | fr | fc:turn | gmail | move M13 R2
M13 R1... non attendez, M13 R2

=== fr-corr-02 | fr | fc:turn | k9 | move P12 R3
P12 R1. Pardon, P12 R3.

=== fr-corr-03 | fr | fc:turn | orange | move L10 R2
Pas L10 R0 mais L10 R2.

=== fr-corr-04 | fr | fc:turn | outlook | move O13 R1
O13 R0, ou plutôt O13 R1.

=== fr-corr-05 | fr | fc:turn | gmail | ask
N13 R2... laissez tomber, je dois encore réfléchir.

=== fr-corr-06 | fr | fc:turn | bare | ask
M13 R3 bof non

=== fr-corr-07 | fr | fc:turn | thunderbird | ask
L12 R1
oubliez ça

=== fr-corr-08 | fr | fc:turn | apple-mail | move L12 R0
L12 R1
oubliez ça, L12 R0

=== fr-corr-09 | fr | fc:turn | gmail | move O9 R2
Je joue O9 R1.

P.S. Mettez plutôt O9 R2, j'avais mal lu le plateau.

=== fr-corr-10 | fr | fc:turn | outlook-mobile | ask
Je joue O9 R1.

P.S. En fait attendez avant de le jouer, je veux revoir ça ce soir.

=== fr-corr-11 | fr | fc:turn | k9 | move N13 R1
N13 R3 - non, minute - N13 R1

=== fr-corr-12 | fr | fc:turn | gmail | ask
P10 R0, ah non attendez.

=== fr-corr-13 | fr | fc:turn | samsung | move M8 R2
M8 R1 -- faute de frappe, M8 R2

=== fr-corr-14 | fr | fc:turn | yahoo | ask
M13 R2. Hmm, à la réflexion je ne suis pas sûr du tout.

=== fr-corr-15 | fr | fc:turn | gmail | move L9 R0
L9 R1
Correction : L9 R0

=== fr-corr-16 | fr | fc:turn | thunderbird-bottom | ask
L11 R0. Attendez, je vérifie d'abord le jardin, ne le jouez pas encore.

=== fr-corr-17 | fr | fc:turn | gmail | move P11 R3
P11 R2 (ignorez, je voulais dire P11 R3)

=== fr-corr-18 | fr | fc:rejected | gmail | move P12 R1
P12 R2
Non pardon, P12 R1

=== fr-corr-19 | fr | fc:moved | gmail | next L12 R2
PROCHAIN L12 R0
pardon, PROCHAIN L12 R2

=== fr-corr-20 | fr | fc:moved | k9 | ask
PROCHAIN M13 R1... en fait non, oubliez

=== fr-corr-21 | fr | fc:turn | orange | ask
O13 R2

Hmm, O13 R2 ouvre le jardin à Béa. Ne le jouez pas, je vous réécris.

=== fr-slide-01 | fr | vs:turn | gmail | move BK E S
BK est puis nord. Je retire ce que j'ai dit : est puis sud.

=== fr-slide-02 | fr | vs:turn | k9 | move BR W
BR ouest puis sud
non, juste ouest

=== fr-slide-03 | fr | vs:turn | gmail | ask
RB nord puis est - ou ouest ? Je ne sais pas encore.

=== fr-slide-04 | fr | vs:turn | iphone | move KB S W
KB sud puis est. Pardon, sud puis ouest.

=== fr-slide-05 | fr | vs:turn | outlook | ask
RB N, puis BK E si Est ne l'a pas bloqué d'ici là.

=== fr-slide-06 | fr | vs:turn | gmail | move RB N; BK E
RB N ; BK E

=== fr-slide-07 | fr | vs:turn | thunderbird | ask
BK E N
oubliez ça

=== fr-slide-08 | fr | vs:turn | gmail | move RB N W
RB nord puis est... non : nord puis ouest.

=== fr-slide-09 | fr | vs:turn | apple-mail | move KB S
KB sud puis est - oubliez l'est, juste sud.

=== fr-slide-10 | fr | vs:turn | bare | ask
Je déplace BR vers l'ouest, puis peut-être vers le nord.

=== fr-slide-11 | fr | vs:waiting | gmail | ask
PROCHAIN RB N, sauf si Sud a pris le pantalon rouge d'ici là.

=== fr-slide-12 | fr | vs:waiting | k9 | next KB S
PROCHAIN KB S

=== fr-slide-13 | fr | vs:turn | gmail | move BR W N
BR ouest puis sud, je veux dire ouest puis nord.

=== fr-slide-14 | fr | vs:turn | outlook-mobile | ask
Est-ce que BK peut aller à l'est puis encore à l'est ?

=== fr-slide-15 | fr | vs:steal | gmail | move take north yellow-coat
Je prends le pantalon orange. Non attendez, le manteau jaune.

=== fr-slide-16 | fr | vs:believe | gmail | move doubt
Je vous crois. Enfin non, je doute.

=== fr-slide-17 | fr | vs:believe | iphone | ask
Croire... ou douter ? Je n'arrive pas à me décider.

=== fr-slide-18 | fr | vs:take | gmail | ask
Pantalon rouge ou manteau jaune, choisissez pour moi.

=== fr-slide-19 | fr | vs:reselect | gmail | move keep
Je choisis RB. Hmm, non, je garde.

=== fr-slide-20 | fr | vs:reselect | k9 | ask
Je garde, sauf si le dragon est à côté de mon officiel.

=== fr-named-01 | fr | fc:turn | gmail | ask
Est-ce que M13 R2 marquerait des points ?

=== fr-named-02 | fr | fc:turn | gmail | ask
M13 R2 fermerait-il le jardin ? Si oui je le joue.

=== fr-named-03 | fr | fc:turn | k9 | ask
Si Béa joue en P12 au prochain tour, je préférerais L10 R2.

=== fr-named-04 | fr | fc:turn | apple-mail | ask
Béa a dit qu'elle jouerait O13 R1, alors j'attends de voir ce qu'elle fait.

=== fr-named-05 | fr | fc:turn | outlook | ask
Votre mail dit que P10 R0 est légal, pourquoi ?

=== fr-named-06 | fr | fc:turn | gmail | ask
Au dernier tour j'ai joué M8 R1, c'était une bourde.

=== fr-named-07 | fr | fc:turn | k9 | ask
Jaune devrait jouer N9 R2 au prochain tour, ce serait drôle.

=== fr-named-08 | fr | fc:turn | gmail | ask
La prochaine fois je tenterai L12 R3.

=== fr-named-09 | fr | fc:turn | gmail | ask
Que fait exactement P11 R3 ?

=== fr-named-10 | fr | fc:turn | thunderbird | ask
> M8 R1
Qui jouerait ça ?

=== fr-named-11 | fr | fc:turn | gmail | ask
Béa a écrit « je joue O13 R2 » dans le chat, est-ce que ça compte ?

=== fr-named-12 | fr | fc:turn | gmail | ask
J'aimerais bien jouer M8 R2 mais je n'ai pas le droit, si ?

=== fr-named-13 | fr | fc:turn | iphone | ask
J'aimerais pouvoir jouer N13 R0 la prochaine fois.

=== fr-named-14 | fr | fc:moved | gmail | ask
Est-ce que PROCHAIN L12 R2 marcherait encore si Béa ferme la salle ?

=== fr-named-15 | fr | fc:turn | gmail | ask
Si j'avais joué L10 R0 au tour dernier, je serais en tête.

=== fr-named-16 | fr | fc:turn | iphone | move P10 R2
P10 R2, en espérant que ça marque !

=== fr-named-17 | fr | fc:turn | gmail | move L12 R3
L12 R3. Est-ce que O13 R0 aurait été mieux ?

=== fr-named-18 | fr | fc:turn | gmail | ask
Mon mari propose N13 R3. Qu'en pensez-vous ?

=== fr-named-19 | fr | fc:turn | gmail | move N13 R3
Mon mari propose N13 R3 et je suis d'accord : N13 R3.

=== fr-choice-01 | fr | fc:turn | gmail | ask
M13 R1 ou M13 R3, celui qui rapporte le plus.

=== fr-choice-02 | fr | fc:turn | outlook | ask
Soit O9 R0 soit O9 R3, à vous de choisir.

=== fr-choice-03 | fr | fc:turn | gmail | ask
Je passe mon tour. (Sinon j'aurais joué L9 R0.)

=== fr-choice-04 | fr | fc:turn | yahoo | ask
Je ne joue pas L10 R1 ce tour-ci, trop risqué.

=== fr-choice-05 | fr | fc:turn | bare | ask
L9 R0 / L9 R1

=== fr-choice-06 | fr | fc:turn | gmail | ask
Jouez n'importe quoi sauf P12 R0.

=== fr-choice-07 | fr | fc:turn | gmail | move M13 R0
Entre M13 R0 et M13 R2, je prends M13 R0.

=== fr-choice-08 | fr | vs:turn | gmail | ask
RB N ou KB S, peu importe.

=== fr-choice-09 | fr | vs:turn | k9 | ask
Je ne veux pas jouer BK E ce tour-ci.

=== fr-choice-10 | fr | fc:turn | gmail | ask
Je ne veux pas jouer ce tour, sautez-moi. Sinon P10 R3.

=== fr-remark-01 | fr | fc:turn | gmail | move M13 R2
Merci pour le plateau ! M13 R2.

=== fr-remark-02 | fr | fc:moved | gmail | nothing
Merci pour le plateau, très clair.

=== fr-remark-03 | fr | fc:turn | outlook | move O13 R3
Les règles sont claires maintenant, merci. O13 R3.

=== fr-remark-04 | fr | fc:turn | gmail | move L12 R1
Je crois que vous avez raison pour le jardin. L12 R1.

=== fr-remark-05 | fr | fc:moved | gmail | nothing
Je reviens demain avec plus de temps.

=== fr-remark-06 | fr | fc:turn | gmail | move N13 R0
L'aperçu avait l'air bien, donc N13 R0.

=== fr-remark-07 | fr | fc:turn | gmail | preview M13 R1
APERÇU M13 R1 - si ça a l'air bien je l'enverrai pour de vrai.

=== fr-remark-08 | fr | fc:turn | iphone | move P12 R3
Mes vacances étaient super, merci d'avoir attendu ! P12 R3.

=== fr-remark-09 | fr | fc:turn | gmail | move L10 R3
Béa est en vacances la semaine prochaine, pour info. L10 R3

=== fr-remark-10 | fr | fc:moved | k9 | nothing
Bonnes vacances, Béa !

=== fr-remark-11 | fr | fc:moved | gmail | nothing
J'étais en vacances la semaine dernière, désolé pour les réponses lentes.

=== fr-remark-12 | fr | fc:turn | gmail | move O9 R0
L'aide m'a été utile. O9 R0

=== fr-remark-13 | fr | fc:over | gmail | nothing
Merci pour la partie, les statistiques étaient amusantes à lire.

=== fr-remark-14 | fr | fc:turn | outlook | move M13 R3
Je me résigne à M13 R3, il n'y a rien de mieux.

=== fr-remark-15 | fr | fc:moved | gmail | nothing
Je n'abandonne pas, ne vous inquiétez pas !

=== fr-remark-16 | fr | fc:moved | gmail | nothing
Pas besoin de mettre la partie en pause pour moi.

=== fr-remark-17 | fr | fc:moved | gmail | vacation 7d
Je suis absent la semaine prochaine : VACANCES 7j

=== fr-remark-18 | fr | fc:moved | gmail | nothing
Ma femme est en vacances pendant 2 semaines, j'aurai donc plus de temps pour jouer.

=== fr-remark-19 | fr | vs:waiting | gmail | nothing
Le plateau est tendu ! Bonne chance, Nord.

=== fr-remark-20 | fr | fc:over | gmail | stats
Les statistiques s'il vous plaît.

=== fr-corr-22 | fr | fc:turn | gmail | ask
M13 R1, je plaisante. Je réfléchis encore.

=== fr-corr-23 | fr | fc:turn | k9 | ask
Surtout pas M13 R1 !

=== fr-corr-24 | fr | fc:turn | iphone | move M13 R2 | subject: M13 R1
Pardon, l'objet est faux : M13 R2.

=== fr-corr-25 | fr | fc:rejected | gmail | ask
Q99 R2 était une faute de frappe, laissez-moi une minute pour trouver la bonne case.

=== fr-corr-26 | fr | fc:turn | outlook | move P10 R1
P10 R1. Je sais que je vais le regretter.

=== fr-slide-21 | fr | vs:take | gmail | move take south yellow-coat
Le pantalon rouge. Ah non, le manteau jaune.

=== fr-slide-22 | fr | vs:believe | k9 | move believe
Je doute ! ... non, je crois.

=== fr-slide-23 | fr | vs:believe | gmail | ask
Je crois, si c'est le jaune.

=== fr-slide-24 | fr | vs:turn | gmail | ask
RB N
et BK E au prochain tour si c'est encore libre

=== fr-slide-25 | fr | vs:steal | iphone | ask
Le pantalon orange - non, oubliez, je dois revoir le plateau.

=== fr-slide-26 | fr | vs:turn | thunderbird | move BK E
BK est. Pas nord, juste est.

=== fr-named-20 | fr | fc:help | gmail | ask
Merci pour l'aide. Donc M13 R1 serait légal ?

=== fr-named-21 | fr | fc:moved | gmail | nothing
J'ai joué M13 R1 parce que le jardin était ouvert.

=== fr-named-22 | fr | fc:turn | gmail | ask
Je dois dire que le M8 R1 de Béa au dernier tour était malin.

=== fr-named-23 | fr | fc:turn | gmail | ask
Aidez-moi à choisir : L10 R1 ou L10 R3 ?

=== fr-remark-21 | fr | fc:turn | gmail | move L10 R2
Pour mémoire, je joue L10 R2.

=== fr-remark-22 | fr | fc:turn | outlook | move M13 R3
J'accepte mon sort : M13 R3.

=== fr-remark-23 | fr | fc:moved | gmail | nothing
L'histoire me jugera pour ce coup.

=== fr-remark-24 | fr | fc:moved | gmail | ask
Béa m'a demandé de vous dire : VACANCES 7j pour elle.

=== fr-remark-25 | fr | fc:moved | gmail | nothing
Belles parties jusqu'ici, merci à tous.

=== fr-remark-26 | fr | fc:over | gmail | nothing
Encore dernier au classement, tant pis.

=== fr-corr-27 | fr | fresh | gmail | join o-fc-7k2p | subject: Forbidden City
JOIN o-fc-3a9c... non attendez, o-fc-7k2p

=== fr-corr-28 | fr | fresh | gmail | nothing | subject: Forbidden City
STANDBY forbidden-city. En fait oubliez, je suis trop occupé ce mois-ci.

=== fr-named-24 | fr | fresh | k9 | nothing | subject: question
Est-ce que je devrais rejoindre o-fc-3a9c, ou c'est réservé aux joueurs expérimentés ?

=== fr-remark-27 | fr | fresh | gmail | nothing | subject: bonjour
Mon amie Béa voudra peut-être regarder fc-7k3q, je lui expliquerai comment faire.

=== fr-corr-29 | fr | fc:moved | gmail | vacation 10d
VACANCES 7j - ah non, mettez 10j.

=== fr-corr-30 | fr | fc:moved | gmail | ask
VACANCES 7j... non, oubliez, je reste à la maison finalement.

=== fr-corr-31 | fr | fc:moved | k9 | ask
LANGUE en... non, gardez le français.

=== fr-corr-32 | fr | fc:moved | gmail | ask
ABANDONNER CONFIRMER, je plaisante !

=== fr-remark-28 | fr | fc:turn | gmail | move M13 R1
APERÇU M13 R1... en fait laissez tomber l'aperçu, jouez-le directement.

=== fr-remark-29 | fr | fc:turn | gmail | preview M13 R1
M13 R1 - non attendez, APERÇU M13 R1 d'abord.

=== fr-slide-27 | fr | vs:waiting | gmail | next RB N
PROCHAIN KB S
non attendez, PROCHAIN RB N

=== fr-slide-28 | fr | vs:waiting | k9 | ask
PROCHAIN BK E... oubliez ça

=== fr-remark-30 | fr | vs:over | gmail | nothing
Merci à tous, la feuille de cette partie sera amusante à rejouer.

=== fr-remark-31 | fr | fc:over | gmail | nothing
Revanche ? Je rejoindrais volontiers une autre partie.

=== fr-corr-33 | fr | fc:moved | gmail | propose PAUSE 14d
PROPOSER PAUSE 7j... non, mettez 14j.

=== fr-corr-34 | fr | fc:moved | k9 | ask
PROPOSER UNDO... à la réflexion non, laissez comme ça.

=== fr-corr-35 | fr | fc:moved | gmail | ask
DIRE bonne chance à tous... non, n'envoyez pas ça.

=== fr-slide-29 | fr | vs:waiting | gmail | standing CLAIM DOUBT
STANDING CLAIM BELIEVE... non, STANDING CLAIM DOUBT

=== fr-slide-30 | fr | vs:waiting | k9 | ask
STANDING CLAIM BELIEVE - oubliez, je déciderai à chaque fois.

=== fr-corr-36 | fr | fc:moved | gmail | ask
RETOUR... non, je suis encore absent jusqu'à vendredi.

=== fr-corr-37 | fr | fc:moved | gmail | mail turns
MAIL DIGEST... non, MAIL TURNS

=== fr-corr-38 | fr | fresh | gmail | watch fc-7k3r | subject: Forbidden City
WATCH fc-7k3q... non, mauvaise partie, je voulais dire fc-7k3r

=== fr-corr-39 | fr | fc:turn | gmail | move M13 R2
M13 R2
HISTORIQUE s'il vous plaît - non attendez, laissez tomber l'historique.

=== fr-corr-40 | fr | fc:moved | gmail | vacation ~until monday
VACANCES jusqu'à dimanche... non, jusqu'à lundi.

=== fr-corr-41 | fr | fc:moved | gmail | next L12 R0 ELSE M13 R2
PROCHAIN L12 R0 SINON M13 R1... pardon, SINON M13 R2

=== fr-corr-42 | fr | fc:moved | k9 | ask
PROCHAIN L12 R0 SINON M13 R1

P.S. Oubliez le PROCHAIN, je jouerai quand ce sera mon tour.

=== fr-slide-31 | fr | vs:turn | gmail | move RB N E
RB nord, puis est, puis ouest - non, enlevez l'ouest.

=== fr-slide-33 | fr | vs:turn | thunderbird | move RB N; BK E
RB N ; BK E. (Pas KB S, j'ai changé d'avis là-dessus.)

=== fr-slide-34 | fr | vs:turn | gmail | ask
RB N ; puis BK E ou BR W, celui qui est libre.

=== fr-slide-35 | fr | vs:turn | iphone | ask
BK E puis N ? Ou juste E ? Dites-moi ce qui est le mieux.

=== fr-slide-36 | fr | vs:turn | gmail | move BR W S
BR ouest puis sud. (J'avais d'abord écrit ouest puis nord, ignorez ça.)

=== fr-choice-11 | fr | fc:turn | gmail | ask
Je refuse de jouer M13 R1 juste parce que le mail le suggère.

=== fr-choice-12 | fr | fc:turn | outlook | ask
Je fais une pause dans cette partie pour l'instant. J'aurais joué L9 R1.

=== fr-choice-13 | fr | vs:steal | gmail | ask
Prenez celui que vous voulez.

=== fr-named-25 | fr | fc:turn | gmail | ask
L'exemple de votre mail, M8 R1, ne correspond pas au plateau que je vois.

=== fr-named-26 | fr | fc:turn | k9 | ask
Béa : « P10 R0 serait une erreur pour toi ». Elle a raison ?

=== fr-named-27 | fr | fc:rejected | gmail | move P11 R2
D'accord, alors P11 R2, puisque Q99 n'existe pas.

=== fr-remark-32 | fr | fc:turn | gmail | move L12 R2
Pas d'aperçu, jouez directement L12 R2.

=== fr-remark-33 | fr | fc:moved | gmail | nothing
Retour au travail, à bientôt pour le prochain tour.

=== fr-remark-34 | fr | fc:moved | gmail | nothing
La langue des mails me va très bien, merci.

=== fr-corr-43 | fr | vs:turn | gmail | move RB N W
RB N

P.S. Mettez plutôt RB nord puis ouest.

=== fr-corr-44 | fr | vs:turn | k9 | ask
RB N

P.S. En fait, attendez pour RB, je vous réécris ce soir.

=== fr-corr-45 | fr | fc:moved | gmail | say Bonne chance Carl
DIRE Bonne chance Béa
pardon, DIRE Bonne chance Carl

=== fr-named-28 | fr | fc:turn | gmail | ask
L9 R0-1 ? Lequel des deux le mail veut-il dire ?

=== fr-named-29 | fr | fc:turn | outlook | move O13 R1
Béa a joué O13 R2 la dernière fois ; moi je joue O13 R1.

=== fr-choice-14 | fr | fc:turn | gmail | move M13 R1
M13 R1, sauf si c'est illégal, alors M13 R2.

=== fr-choice-15 | fr | vs:turn | gmail | move RB N
RB N, si c'est permis.

=== fr-remark-35 | fr | fc:moved | gmail | nothing
Je parle aussi anglais, mais le français me va.

=== fr-remark-36 | fr | fc:turn | gmail | move P12 R2
Dites ce que vous voulez, P12 R2 c'est mon coup.

=== fr-corr-70 | fr | fc:turn | html-only | move M13 R2
M13 R1... non attendez, M13 R2

=== fr-corr-71 | fr | fc:turn | outlook-html | move P12 R3
P12 R1. Pardon, P12 R3.

=== fr-corr-72 | fr | fc:turn | inline | move L10 R2
Pas L10 R0 mais L10 R2.

=== fr-corr-73 | fr | fc:turn | mutt | move N13 R1
N13 R3 - non, minute - N13 R1

=== fr-corr-74 | fr | fc:rejected | thunderbird-bottom | move P12 R1
P12 R2
Non pardon, P12 R1

=== fr-corr-75 | fr | fc:turn | yahoo | move L12 R0
L12 R1
oubliez ça, L12 R0

=== fr-corr-76 | fr | fc:turn | zimbra | move P11 R3
P11 R2 (ignorez, je voulais dire P11 R3)

=== fr-corr-77 | fr | fc:turn | html-only | ask
M13 R3 bof non

=== fr-corr-78 | fr | fc:turn | outlook-html | ask
O13 R2

Hmm, O13 R2 ouvre le jardin à Béa. Ne le jouez pas, je vous réécris.

=== fr-slide-79 | fr | vs:turn | html-only | move BR W N
BR ouest puis sud, je veux dire ouest puis nord.

=== fr-slide-80 | fr | vs:steal | outlook-html | move take north yellow-coat
Je prends le pantalon orange. Non attendez, le manteau jaune.

=== fr-remark-81 | fr | fc:turn | inline | move L10 R3
Béa est en vacances la semaine prochaine, pour info. L10 R3

=== fr-named-82 | fr | fc:turn | html-only | ask
Béa a dit qu'elle jouerait O13 R1, alors j'attends de voir ce qu'elle fait.

=== fr-choice-83 | fr | fc:turn | mutt | ask
Soit O9 R0 soit O9 R3, à vous de choisir.

=== fr-corr-90 | fr | fc:turn | orange | move P12 R3
P12 R1. Pardon, P12 R3.

=== fr-corr-91 | fr | fc:turn | gmail | ask
M13 R1 - oups, c'était pour mon autre partie.

=== fr-named-92 | fr | fc:turn | gmail | move L10 R2
M13 R1, c'est ce que jouerait Béa. Moi je joue L10 R2.

=== fr-slide-93 | fr | vs:turn | k9 | move RB N
step... non, RB N

=== fr-slide-94 | fr | vs:turn | gmail | ask
RB N. Ou BK E. Peu importe.

=== fr-slide-95 | fr | vs:reselect | gmail | ask
Je garde... à moins que vous pensiez que je devrais choisir RB ?

=== fr-choice-96 | fr | fc:turn | bare | ask
M13 R1
M13 R2

=== fr-named-97 | fr | fc:turn | iphone | ask
M13 R1 ?
""",
    "it": """
=== it-corr-01 | it | fc:turn | gmail | move M13 R2
M13 R1... no aspetta, M13 R2

=== it-corr-02 | it | fc:turn | k9 | move P12 R3
P12 R1. Scusate, P12 R3.

=== it-corr-03 | it | fc:turn | libero | move L10 R2
Non L10 R0 ma L10 R2.

=== it-corr-04 | it | fc:turn | outlook | move O13 R1
O13 R0, o meglio O13 R1.

=== it-corr-05 | it | fc:turn | gmail | ask
N13 R2... lasciate perdere, devo pensarci ancora.

=== it-corr-06 | it | fc:turn | bare | ask
M13 R3 mah no

=== it-corr-07 | it | fc:turn | thunderbird | ask
L12 R1
cancellate

=== it-corr-08 | it | fc:turn | apple-mail | move L12 R0
L12 R1
cancellate, L12 R0

=== it-corr-09 | it | fc:turn | gmail | move O9 R2
Gioco O9 R1.

P.S. Anzi mettete O9 R2, avevo letto male il tabellone.

=== it-corr-10 | it | fc:turn | outlook-mobile | ask
Gioco O9 R1.

P.S. Anzi aspettate a giocarla, voglio riguardarla stasera.

=== it-corr-11 | it | fc:turn | k9 | move N13 R1
N13 R3 - no, un attimo - N13 R1

=== it-corr-12 | it | fc:turn | gmail | ask
P10 R0, anzi no aspettate.

=== it-corr-13 | it | fc:turn | samsung | move M8 R2
M8 R1 -- errore di battitura, M8 R2

=== it-corr-14 | it | fc:turn | yahoo | ask
M13 R2. Mmm, ripensandoci non ne sono affatto sicuro.

=== it-corr-15 | it | fc:turn | gmail | move L9 R0
L9 R1
Correzione: L9 R0

=== it-corr-16 | it | fc:turn | thunderbird-bottom | ask
L11 R0. Aspettate, prima controllo il giardino, non giocatela ancora.

=== it-corr-17 | it | fc:turn | gmail | move P11 R3
P11 R2 (ignorate, volevo dire P11 R3)

=== it-corr-18 | it | fc:rejected | gmail | move P12 R1
P12 R2
No scusate, P12 R1

=== it-corr-19 | it | fc:moved | gmail | next L12 R2
PROSSIMA L12 R0
scusate, PROSSIMA L12 R2

=== it-corr-20 | it | fc:moved | k9 | ask
PROSSIMA M13 R1... anzi no, lasciate perdere

=== it-corr-21 | it | fc:turn | libero | ask
O13 R2

Mmm, O13 R2 apre il giardino a Bea. Non giocatela, vi riscrivo.

=== it-slide-01 | it | vs:turn | gmail | move BK E S
BK est poi nord. Ritiro quello che ho detto: est poi sud.

=== it-slide-02 | it | vs:turn | k9 | move BR W
BR ovest poi sud
no, solo ovest

=== it-slide-03 | it | vs:turn | gmail | ask
RB nord poi est - o ovest? Non lo so ancora.

=== it-slide-04 | it | vs:turn | iphone | move KB S W
KB sud poi est. Scusate, sud poi ovest.

=== it-slide-05 | it | vs:turn | outlook | ask
RB N, poi BK E se Est non l'ha bloccato nel frattempo.

=== it-slide-06 | it | vs:turn | gmail | move RB N; BK E
RB N; BK E

=== it-slide-07 | it | vs:turn | thunderbird | ask
BK E N
cancellate

=== it-slide-08 | it | vs:turn | gmail | move RB N W
RB nord poi est... no: nord poi ovest.

=== it-slide-09 | it | vs:turn | apple-mail | move KB S
KB sud poi est - lasciate perdere l'est, solo sud.

=== it-slide-10 | it | vs:turn | bare | ask
Sposto BR verso ovest, poi forse verso nord.

=== it-slide-11 | it | vs:waiting | gmail | ask
PROSSIMA RB N, a meno che Sud non abbia preso i pantaloni rossi nel frattempo.

=== it-slide-12 | it | vs:waiting | k9 | next KB S
PROSSIMA KB S

=== it-slide-13 | it | vs:turn | gmail | move BR W N
BR ovest poi sud, cioè ovest poi nord.

=== it-slide-14 | it | vs:turn | outlook-mobile | ask
BK può andare a est e poi ancora a est?

=== it-slide-15 | it | vs:steal | gmail | move take north yellow-coat
Prendo i pantaloni arancioni. No aspettate, il cappotto giallo.

=== it-slide-16 | it | vs:believe | gmail | move doubt
Vi credo. Anzi no, dubito.

=== it-slide-17 | it | vs:believe | iphone | ask
Credere... o dubitare? Non riesco a decidermi.

=== it-slide-18 | it | vs:take | gmail | ask
Pantaloni rossi o cappotto giallo, scegliete voi.

=== it-slide-19 | it | vs:reselect | gmail | move keep
Scelgo RB. Mmm, no, tengo.

=== it-slide-20 | it | vs:reselect | k9 | ask
Tengo, a meno che il drago non sia accanto al mio funzionario.

=== it-named-01 | it | fc:turn | gmail | ask
M13 R2 farebbe punti?

=== it-named-02 | it | fc:turn | gmail | ask
M13 R2 chiuderebbe il giardino? Se sì la gioco.

=== it-named-03 | it | fc:turn | k9 | ask
Se Bea va in P12 al prossimo turno, preferirei L10 R2.

=== it-named-04 | it | fc:turn | apple-mail | ask
Bea ha detto che giocherà O13 R1, quindi aspetto di vedere cosa fa.

=== it-named-05 | it | fc:turn | outlook | ask
La vostra mail dice che P10 R0 è legale, perché?

=== it-named-06 | it | fc:turn | gmail | ask
Il turno scorso ho giocato M8 R1, ed è stato un errore.

=== it-named-07 | it | fc:turn | k9 | ask
Giallo dovrebbe giocare N9 R2 al prossimo turno, sarebbe divertente.

=== it-named-08 | it | fc:turn | gmail | ask
La prossima volta provo L12 R3.

=== it-named-09 | it | fc:turn | gmail | ask
Cosa fa esattamente P11 R3?

=== it-named-10 | it | fc:turn | thunderbird | ask
> M8 R1
Chi giocherebbe una cosa del genere?

=== it-named-11 | it | fc:turn | gmail | ask
Bea ha scritto "gioco O13 R2" nella chat, vale?

=== it-named-12 | it | fc:turn | gmail | ask
Mi piacerebbe giocare M8 R2 ma non posso, vero?

=== it-named-13 | it | fc:turn | iphone | ask
Vorrei poter giocare N13 R0 la prossima volta.

=== it-named-14 | it | fc:moved | gmail | ask
PROSSIMA L12 R2 funzionerebbe ancora se Bea chiude la stanza?

=== it-named-15 | it | fc:turn | gmail | ask
Se avessi giocato L10 R0 il turno scorso, adesso sarei in testa.

=== it-named-16 | it | fc:turn | iphone | move P10 R2
P10 R2, speriamo che faccia punti!

=== it-named-17 | it | fc:turn | gmail | move L12 R3
L12 R3. O13 R0 sarebbe stata meglio?

=== it-named-18 | it | fc:turn | gmail | ask
Mio marito suggerisce N13 R3. Che ne pensate?

=== it-named-19 | it | fc:turn | gmail | move N13 R3
Mio marito suggerisce N13 R3 e sono d'accordo: N13 R3.

=== it-choice-01 | it | fc:turn | gmail | ask
M13 R1 o M13 R3, quella che fa più punti.

=== it-choice-02 | it | fc:turn | outlook | ask
O O9 R0 o O9 R3, scegliete voi.

=== it-choice-03 | it | fc:turn | gmail | ask
Passo il turno. (Altrimenti avrei giocato L9 R0.)

=== it-choice-04 | it | fc:turn | yahoo | ask
Questo turno non gioco L10 R1, troppo rischioso.

=== it-choice-05 | it | fc:turn | bare | ask
L9 R0 / L9 R1

=== it-choice-06 | it | fc:turn | gmail | ask
Giocate qualsiasi cosa tranne P12 R0.

=== it-choice-07 | it | fc:turn | gmail | move M13 R0
Tra M13 R0 e M13 R2 prendo M13 R0.

=== it-choice-08 | it | vs:turn | gmail | ask
RB N o KB S, è uguale.

=== it-choice-09 | it | vs:turn | k9 | ask
Non voglio muovere BK E questo turno.

=== it-choice-10 | it | fc:turn | gmail | ask
Non voglio giocare questo turno, saltatemi. Altrimenti P10 R3.

=== it-remark-01 | it | fc:turn | gmail | move M13 R2
Grazie per il tabellone! M13 R2.

=== it-remark-02 | it | fc:moved | gmail | nothing
Grazie per il tabellone, chiarissimo.

=== it-remark-03 | it | fc:turn | outlook | move O13 R3
Le regole adesso sono chiare, grazie. O13 R3.

=== it-remark-04 | it | fc:turn | gmail | move L12 R1
Credo che abbiate ragione sul giardino. L12 R1.

=== it-remark-05 | it | fc:moved | gmail | nothing
Torno domani con più tempo.

=== it-remark-06 | it | fc:turn | gmail | move N13 R0
L'anteprima sembrava buona, quindi N13 R0.

=== it-remark-07 | it | fc:turn | gmail | preview M13 R1
ANTEPRIMA M13 R1 - se va bene la mando sul serio.

=== it-remark-08 | it | fc:turn | iphone | move P12 R3
Le mie vacanze sono state splendide, grazie per l'attesa! P12 R3.

=== it-remark-09 | it | fc:turn | gmail | move L10 R3
Bea è in vacanza la settimana prossima, per vostra informazione. L10 R3

=== it-remark-10 | it | fc:moved | k9 | nothing
Buone vacanze, Bea!

=== it-remark-11 | it | fc:moved | gmail | nothing
La settimana scorsa ero in vacanza, scusate le risposte lente.

=== it-remark-12 | it | fc:turn | gmail | move O9 R0
L'aiuto mi è servito. O9 R0

=== it-remark-13 | it | fc:over | gmail | nothing
Grazie per la partita, le statistiche erano divertenti da leggere.

=== it-remark-14 | it | fc:turn | outlook | move M13 R3
Mi rassegno a M13 R3, non c'è di meglio.

=== it-remark-15 | it | fc:moved | gmail | nothing
Non abbandono, non preoccupatevi!

=== it-remark-16 | it | fc:moved | gmail | nothing
Non serve mettere in pausa la partita per me.

=== it-remark-17 | it | fc:moved | gmail | vacation 7d
La settimana prossima sono via: VACANZA 7g

=== it-remark-18 | it | fc:moved | gmail | nothing
Mia moglie è in vacanza per 2 settimane, quindi avrò più tempo per giocare.

=== it-remark-19 | it | vs:waiting | gmail | nothing
Il tabellone è teso! In bocca al lupo, Nord.

=== it-remark-20 | it | fc:over | gmail | stats
Le statistiche per favore.

=== it-corr-22 | it | fc:turn | gmail | ask
M13 R1, scherzo. Ci sto ancora pensando.

=== it-corr-23 | it | fc:turn | k9 | ask
Assolutamente non M13 R1!

=== it-corr-24 | it | fc:turn | iphone | move M13 R2 | subject: M13 R1
Scusate, l'oggetto è sbagliato: M13 R2.

=== it-corr-25 | it | fc:rejected | gmail | ask
Q99 R2 era un errore di battitura, datemi un minuto per trovare la casella giusta.

=== it-corr-26 | it | fc:turn | outlook | move P10 R1
P10 R1. Lo so che me ne pentirò.

=== it-slide-21 | it | vs:take | gmail | move take south yellow-coat
I pantaloni rossi. Ah no, il cappotto giallo.

=== it-slide-22 | it | vs:believe | k9 | move believe
Dubito! ... no, credo.

=== it-slide-23 | it | vs:believe | gmail | ask
Credo, se è quello giallo.

=== it-slide-24 | it | vs:turn | gmail | ask
RB N
e BK E al prossimo turno se è ancora libero

=== it-slide-25 | it | vs:steal | iphone | ask
I pantaloni arancioni - no, lasciate perdere, devo riguardare il tabellone.

=== it-slide-26 | it | vs:turn | thunderbird | move BK E
BK est. Non nord, solo est.

=== it-named-20 | it | fc:help | gmail | ask
Grazie per l'aiuto. Quindi M13 R1 sarebbe legale?

=== it-named-21 | it | fc:moved | gmail | nothing
Ho giocato M13 R1 perché il giardino era aperto.

=== it-named-22 | it | fc:turn | gmail | ask
Devo dire che la M8 R1 di Bea al turno scorso era furba.

=== it-named-23 | it | fc:turn | gmail | ask
Aiutatemi a decidere: L10 R1 o L10 R3?

=== it-remark-21 | it | fc:turn | gmail | move L10 R2
Per la cronaca, gioco L10 R2.

=== it-remark-22 | it | fc:turn | outlook | move M13 R3
Accetto il mio destino: M13 R3.

=== it-remark-23 | it | fc:moved | gmail | nothing
La storia mi giudicherà per questa mossa.

=== it-remark-24 | it | fc:moved | gmail | ask
Bea mi ha chiesto di dirvi: VACANZA 7g per lei.

=== it-remark-25 | it | fc:moved | gmail | nothing
Belle partite finora, grazie a tutti.

=== it-remark-26 | it | fc:over | gmail | nothing
Di nuovo ultimo in classifica, pazienza.

=== it-corr-27 | it | fresh | gmail | join o-fc-7k2p | subject: Forbidden City
JOIN o-fc-3a9c... no aspetta, o-fc-7k2p

=== it-corr-28 | it | fresh | gmail | nothing | subject: Forbidden City
STANDBY forbidden-city. Anzi lasciate perdere, questo mese sono troppo impegnato.

=== it-named-24 | it | fresh | k9 | nothing | subject: domanda
Dovrei partecipare a o-fc-3a9c, o è solo per giocatori esperti?

=== it-remark-27 | it | fresh | gmail | nothing | subject: ciao
La mia amica Bea forse vorrà guardare fc-7k3q, le spiego io come fare.

=== it-corr-29 | it | fc:moved | gmail | vacation 10d
VACANZA 7g - ah no, facciamo 10g.

=== it-corr-30 | it | fc:moved | gmail | ask
VACANZA 7g... no, lasciate perdere, alla fine resto a casa.

=== it-corr-31 | it | fc:moved | k9 | ask
LINGUA en... no, teniamo l'italiano.

=== it-corr-32 | it | fc:moved | gmail | ask
ABBANDONA CONFERMA, scherzo!

=== it-remark-28 | it | fc:turn | gmail | move M13 R1
ANTEPRIMA M13 R1... anzi lasciate stare l'anteprima, giocatela direttamente.

=== it-remark-29 | it | fc:turn | gmail | preview M13 R1
M13 R1 - no aspettate, prima ANTEPRIMA M13 R1.

=== it-slide-27 | it | vs:waiting | gmail | next RB N
PROSSIMA KB S
no aspetta, PROSSIMA RB N

=== it-slide-28 | it | vs:waiting | k9 | ask
PROSSIMA BK E... cancellate

=== it-remark-30 | it | vs:over | gmail | nothing
Grazie a tutti, il registro di questa partita sarà divertente da rivedere.

=== it-remark-31 | it | fc:over | gmail | nothing
Rivincita? Parteciperei volentieri a un'altra.

=== it-corr-33 | it | fc:moved | gmail | propose PAUSE 14d
PROPONI PAUSA 7g... no, facciamo 14g.

=== it-corr-34 | it | fc:moved | k9 | ask
PROPONI UNDO... ripensandoci no, lasciamo così.

=== it-corr-35 | it | fc:moved | gmail | ask
DIRE in bocca al lupo a tutti... no, non mandatelo.

=== it-slide-29 | it | vs:waiting | gmail | standing CLAIM DOUBT
STANDING CLAIM BELIEVE... no, STANDING CLAIM DOUBT

=== it-slide-30 | it | vs:waiting | k9 | ask
STANDING CLAIM BELIEVE - lasciate perdere, deciderò ogni volta.

=== it-corr-36 | it | fc:moved | gmail | ask
RITORNO... no, sono ancora via fino a venerdì.

=== it-corr-37 | it | fc:moved | gmail | mail turns
MAIL DIGEST... no, MAIL TURNS

=== it-corr-38 | it | fresh | gmail | watch fc-7k3r | subject: Forbidden City
WATCH fc-7k3q... no, partita sbagliata, intendevo fc-7k3r

=== it-corr-39 | it | fc:turn | gmail | move M13 R2
M13 R2
STORIA per favore - no aspettate, lasciate perdere la storia.

=== it-corr-40 | it | fc:moved | gmail | vacation ~until monday
VACANZA fino a domenica... no, fino a lunedì.

=== it-corr-41 | it | fc:moved | gmail | next L12 R0 ELSE M13 R2
PROSSIMA L12 R0 ALTRIMENTI M13 R1... scusate, ALTRIMENTI M13 R2

=== it-corr-42 | it | fc:moved | k9 | ask
PROSSIMA L12 R0 ALTRIMENTI M13 R1

P.S. Lasciate perdere la PROSSIMA, gioco quando tocca a me.

=== it-slide-31 | it | vs:turn | gmail | move RB N E
RB nord, poi est, poi ovest - no, togliete l'ovest.

=== it-slide-33 | it | vs:turn | thunderbird | move RB N; BK E
RB N; BK E. (Non KB S, ho cambiato idea su quello.)

=== it-slide-34 | it | vs:turn | gmail | ask
RB N; poi BK E o BR W, quello che è libero.

=== it-slide-35 | it | vs:turn | iphone | ask
BK E poi N? O solo E? Ditemi voi cosa è meglio.

=== it-slide-36 | it | vs:turn | gmail | move BR W S
BR ovest poi sud. (Prima avevo scritto ovest poi nord, ignoratelo.)

=== it-choice-11 | it | fc:turn | gmail | ask
Mi rifiuto di giocare M13 R1 solo perché la mail lo suggerisce.

=== it-choice-12 | it | fc:turn | outlook | ask
Per ora mi prendo una pausa da questa partita. Avrei giocato L9 R1.

=== it-choice-13 | it | vs:steal | gmail | ask
Prendete quello che volete.

=== it-named-25 | it | fc:turn | gmail | ask
L'esempio nella vostra mail, M8 R1, non corrisponde al tabellone che vedo.

=== it-named-26 | it | fc:turn | k9 | ask
Bea: "P10 R0 sarebbe un errore per te". Ha ragione?

=== it-named-27 | it | fc:rejected | gmail | move P11 R2
Va bene, allora P11 R2, visto che Q99 non esiste.

=== it-remark-32 | it | fc:turn | gmail | move L12 R2
Niente anteprima, giocate direttamente L12 R2.

=== it-remark-33 | it | fc:moved | gmail | nothing
Torno al lavoro, ci sentiamo al prossimo turno.

=== it-remark-34 | it | fc:moved | gmail | nothing
La lingua delle mail va benissimo, grazie.

=== it-corr-43 | it | vs:turn | gmail | move RB N W
RB N

P.S. Anzi fate RB nord poi ovest.

=== it-corr-44 | it | vs:turn | k9 | ask
RB N

P.S. Anzi, aspettate con RB, vi riscrivo stasera.

=== it-corr-45 | it | fc:moved | gmail | say In bocca al lupo Carl
DIRE In bocca al lupo Bea
scusate, DIRE In bocca al lupo Carl

=== it-named-28 | it | fc:turn | gmail | ask
L9 R0-1? Quale delle due intende la mail?

=== it-named-29 | it | fc:turn | outlook | move O13 R1
Bea ha giocato O13 R2 l'altra volta; io gioco O13 R1.

=== it-choice-14 | it | fc:turn | gmail | move M13 R1
M13 R1, a meno che non sia illegale, allora M13 R2.

=== it-choice-15 | it | vs:turn | gmail | move RB N
RB N, se è permesso.

=== it-remark-35 | it | fc:moved | gmail | nothing
Parlo anche inglese, ma l'italiano mi va bene.

=== it-remark-36 | it | fc:turn | gmail | move P12 R2
Dite quello che volete, P12 R2 è la mia mossa.

=== it-corr-70 | it | fc:turn | html-only | move M13 R2
M13 R1... no aspetta, M13 R2

=== it-corr-71 | it | fc:turn | outlook-html | move P12 R3
P12 R1. Scusate, P12 R3.

=== it-corr-72 | it | fc:turn | inline | move L10 R2
Non L10 R0 ma L10 R2.

=== it-corr-73 | it | fc:turn | mutt | move N13 R1
N13 R3 - no, un attimo - N13 R1

=== it-corr-74 | it | fc:rejected | thunderbird-bottom | move P12 R1
P12 R2
No scusate, P12 R1

=== it-corr-75 | it | fc:turn | yahoo | move L12 R0
L12 R1
cancellate, L12 R0

=== it-corr-76 | it | fc:turn | zimbra | move P11 R3
P11 R2 (ignorate, volevo dire P11 R3)

=== it-corr-77 | it | fc:turn | html-only | ask
M13 R3 mah no

=== it-corr-78 | it | fc:turn | outlook-html | ask
O13 R2

Mmm, O13 R2 apre il giardino a Bea. Non giocatela, vi riscrivo.

=== it-slide-79 | it | vs:turn | html-only | move BR W N
BR ovest poi sud, cioè ovest poi nord.

=== it-slide-80 | it | vs:steal | outlook-html | move take north yellow-coat
Prendo i pantaloni arancioni. No aspettate, il cappotto giallo.

=== it-remark-81 | it | fc:turn | inline | move L10 R3
Bea è in vacanza la settimana prossima, per vostra informazione. L10 R3

=== it-named-82 | it | fc:turn | html-only | ask
Bea ha detto che giocherà O13 R1, quindi aspetto di vedere cosa fa.

=== it-choice-83 | it | fc:turn | mutt | ask
O O9 R0 o O9 R3, scegliete voi.

=== it-corr-90 | it | fc:turn | libero | move P12 R3
P12 R1. Scusate, P12 R3.

=== it-corr-91 | it | fc:turn | gmail | ask
M13 R1 - ops, era per l'altra partita.

=== it-named-92 | it | fc:turn | gmail | move L10 R2
M13 R1 è quello che giocherebbe Bea. Io gioco L10 R2.

=== it-slide-93 | it | vs:turn | k9 | move RB N
step... no, RB N

=== it-slide-94 | it | vs:turn | gmail | ask
RB N. O BK E. Fate voi.

=== it-slide-95 | it | vs:reselect | gmail | ask
Tengo... a meno che pensiate che dovrei scegliere RB?

=== it-choice-96 | it | fc:turn | bare | ask
M13 R1
M13 R2

=== it-named-97 | it | fc:turn | iphone | ask
M13 R1?
""",
    "de": """
=== de-corr-01 | de | fc:turn | gmail | move M13 R2
M13 R1 ... nein warte, M13 R2

=== de-corr-02 | de | fc:turn | k9 | move P12 R3
P12 R1. Sorry, P12 R3.

=== de-corr-03 | de | fc:turn | webde | move L10 R2
Nicht L10 R0, sondern L10 R2.

=== de-corr-04 | de | fc:turn | outlook | move O13 R1
O13 R0, oder besser gesagt O13 R1.

=== de-corr-05 | de | fc:turn | gmail | ask
N13 R2 ... vergessen Sie es, ich muss noch nachdenken.

=== de-corr-06 | de | fc:turn | bare | ask
M13 R3 ach nee

=== de-corr-07 | de | fc:turn | thunderbird | ask
L12 R1
streichen

=== de-corr-08 | de | fc:turn | apple-mail | move L12 R0
L12 R1
streichen, L12 R0

=== de-corr-09 | de | fc:turn | gmail | move O9 R2
Ich spiele O9 R1.

PS: Machen Sie daraus O9 R2, ich hatte das Brett falsch gelesen.

=== de-corr-10 | de | fc:turn | outlook-mobile | ask
Ich spiele O9 R1.

PS: Warten Sie doch noch damit, ich will es mir heute Abend nochmal ansehen.

=== de-corr-11 | de | fc:turn | k9 | move N13 R1
N13 R3 - nein, Moment - N13 R1

=== de-corr-12 | de | fc:turn | gmail | ask
P10 R0, nein warte.

=== de-corr-13 | de | fc:turn | samsung | move M8 R2
M8 R1 -- Tippfehler, M8 R2

=== de-corr-14 | de | fc:turn | yahoo | ask
M13 R2. Hmm, beim zweiten Nachdenken bin ich mir gar nicht sicher.

=== de-corr-15 | de | fc:turn | gmail | move L9 R0
L9 R1
Edit: L9 R0

=== de-corr-16 | de | fc:turn | thunderbird-bottom | ask
L11 R0. Moment, ich prüfe erst den Garten, bitte noch nicht ausführen.

=== de-corr-17 | de | fc:turn | gmail | move P11 R3
P11 R2 (ignorieren, ich meinte P11 R3)

=== de-corr-18 | de | fc:rejected | gmail | move P12 R1
P12 R2
Nein sorry, P12 R1

=== de-corr-19 | de | fc:moved | gmail | next L12 R2
NÄCHSTER L12 R0
sorry, NÄCHSTER L12 R2

=== de-corr-20 | de | fc:moved | k9 | ask
NÄCHSTER M13 R1 ... ach nein, vergessen Sie es

=== de-corr-21 | de | fc:turn | webde | ask
O13 R2

Hmm, O13 R2 öffnet Bea den Garten. Bitte nicht spielen, ich schreibe nochmal.

=== de-slide-01 | de | vs:turn | gmail | move BK E S
BK Osten dann Norden. Ich nehme das zurück: Osten dann Süden.

=== de-slide-02 | de | vs:turn | k9 | move BR W
BR nach Westen, dann nach Süden
nein, nur nach Westen

=== de-slide-03 | de | vs:turn | gmail | ask
RB nach Norden, dann nach Osten - oder Westen? Weiß ich noch nicht.

=== de-slide-04 | de | vs:turn | iphone | move KB S W
KB Süden dann Osten. Sorry, Süden dann Westen.

=== de-slide-05 | de | vs:turn | outlook | ask
RB N, dann BK E, falls Ost es bis dahin nicht blockiert hat.

=== de-slide-06 | de | vs:turn | gmail | move RB N; BK E
RB N; BK E

=== de-slide-07 | de | vs:turn | thunderbird | ask
BK E N
streichen

=== de-slide-08 | de | vs:turn | gmail | move RB N W
RB nach Norden, dann Osten ... nein: Norden, dann Westen.

=== de-slide-09 | de | vs:turn | apple-mail | move KB S
KB Süden dann Osten - das Osten vergessen, nur Süden.

=== de-slide-10 | de | vs:turn | bare | ask
Ich ziehe BR nach Westen, dann vielleicht nach Norden.

=== de-slide-11 | de | vs:waiting | gmail | ask
NÄCHSTER RB N, außer Süd hat bis dahin die rote Hose genommen.

=== de-slide-12 | de | vs:waiting | k9 | next KB S
NÄCHSTER KB S

=== de-slide-13 | de | vs:turn | gmail | move BR W N
BR Westen dann Süden, ich meine Westen dann Norden.

=== de-slide-14 | de | vs:turn | outlook-mobile | ask
Darf BK nach Osten und dann nochmal nach Osten?

=== de-slide-15 | de | vs:steal | gmail | move take north yellow-coat
Ich nehme die orange Hose. Nein warte, den gelben Mantel.

=== de-slide-16 | de | vs:believe | gmail | move doubt
Ich glaube Ihnen. Ach nein, ich zweifle.

=== de-slide-17 | de | vs:believe | iphone | ask
Glauben ... oder zweifeln? Ich kann mich nicht entscheiden.

=== de-slide-18 | de | vs:take | gmail | ask
Rote Hose oder gelber Mantel, suchen Sie aus.

=== de-slide-19 | de | vs:reselect | gmail | move keep
Ich wähle RB. Hmm, nein, ich behalte.

=== de-slide-20 | de | vs:reselect | k9 | ask
Behalten, außer der Drache steht neben meinem Beamten.

=== de-named-01 | de | fc:turn | gmail | ask
Würde M13 R2 punkten?

=== de-named-02 | de | fc:turn | gmail | ask
Würde M13 R2 den Garten schließen? Wenn ja, spiele ich es.

=== de-named-03 | de | fc:turn | k9 | ask
Wenn Bea als Nächstes auf P12 geht, hätte ich lieber L10 R2.

=== de-named-04 | de | fc:turn | apple-mail | ask
Bea hat gesagt, sie spielt O13 R1, also warte ich erst mal ab.

=== de-named-05 | de | fc:turn | outlook | ask
In Ihrer Mail steht, P10 R0 ist erlaubt - warum?

=== de-named-06 | de | fc:turn | gmail | ask
Letzte Runde habe ich M8 R1 gespielt, das war ein Fehler.

=== de-named-07 | de | fc:turn | k9 | ask
Gelb sollte als Nächstes N9 R2 spielen, das wäre lustig.

=== de-named-08 | de | fc:turn | gmail | ask
Nächstes Mal versuche ich L12 R3.

=== de-named-09 | de | fc:turn | gmail | ask
Was macht P11 R3 genau?

=== de-named-10 | de | fc:turn | thunderbird | ask
> M8 R1
Wer würde denn sowas spielen?

=== de-named-11 | de | fc:turn | gmail | ask
Bea hat im Chat „ich spiele O13 R2“ geschrieben, zählt das?

=== de-named-12 | de | fc:turn | gmail | ask
Ich würde gern M8 R2 spielen, aber das darf ich nicht, oder?

=== de-named-13 | de | fc:turn | iphone | ask
Ich wünschte, ich könnte nächstes Mal N13 R0 spielen.

=== de-named-14 | de | fc:moved | gmail | ask
Würde NÄCHSTER L12 R2 noch gehen, wenn Bea den Raum schließt?

=== de-named-15 | de | fc:turn | gmail | ask
Hätte ich letzte Runde L10 R0 gespielt, würde ich jetzt führen.

=== de-named-16 | de | fc:turn | iphone | move P10 R2
P10 R2, hoffentlich punktet das!

=== de-named-17 | de | fc:turn | gmail | move L12 R3
L12 R3. Wäre O13 R0 besser gewesen?

=== de-named-18 | de | fc:turn | gmail | ask
Mein Mann schlägt N13 R3 vor. Was meinen Sie?

=== de-named-19 | de | fc:turn | gmail | move N13 R3
Mein Mann schlägt N13 R3 vor und ich bin einverstanden: N13 R3.

=== de-choice-01 | de | fc:turn | gmail | ask
M13 R1 oder M13 R3, je nachdem, was mehr Punkte bringt.

=== de-choice-02 | de | fc:turn | outlook | ask
Entweder O9 R0 oder O9 R3, suchen Sie es sich aus.

=== de-choice-03 | de | fc:turn | gmail | ask
Ich setze diese Runde aus. (Sonst hätte ich L9 R0 gespielt.)

=== de-choice-04 | de | fc:turn | yahoo | ask
Diese Runde spiele ich nicht L10 R1, zu riskant.

=== de-choice-05 | de | fc:turn | bare | ask
L9 R0 / L9 R1

=== de-choice-06 | de | fc:turn | gmail | ask
Spielen Sie irgendwas, nur nicht P12 R0.

=== de-choice-07 | de | fc:turn | gmail | move M13 R0
Zwischen M13 R0 und M13 R2 nehme ich M13 R0.

=== de-choice-08 | de | vs:turn | gmail | ask
RB N oder KB S, ist mir egal.

=== de-choice-09 | de | vs:turn | k9 | ask
Ich will diese Runde nicht BK E ziehen.

=== de-choice-10 | de | fc:turn | gmail | ask
Ich will diese Runde nicht spielen, überspringen Sie mich. Sonst P10 R3.

=== de-remark-01 | de | fc:turn | gmail | move M13 R2
Danke für das Brett! M13 R2.

=== de-remark-02 | de | fc:moved | gmail | nothing
Danke für das Brett, sehr übersichtlich.

=== de-remark-03 | de | fc:turn | outlook | move O13 R3
Die Regeln sind jetzt klar, danke. O13 R3.

=== de-remark-04 | de | fc:turn | gmail | move L12 R1
Ich glaube, Sie haben recht mit dem Garten. L12 R1.

=== de-remark-05 | de | fc:moved | gmail | nothing
Ich bin morgen zurück, dann habe ich mehr Zeit.

=== de-remark-06 | de | fc:turn | gmail | move N13 R0
Die Vorschau sah gut aus, also N13 R0.

=== de-remark-07 | de | fc:turn | gmail | preview M13 R1
VORSCHAU M13 R1 - wenn es gut aussieht, schicke ich es richtig.

=== de-remark-08 | de | fc:turn | iphone | move P12 R3
Mein Urlaub war toll, danke fürs Warten! P12 R3.

=== de-remark-09 | de | fc:turn | gmail | move L10 R3
Bea ist nächste Woche im Urlaub, nur zur Info. L10 R3

=== de-remark-10 | de | fc:moved | k9 | nothing
Schönen Urlaub, Bea!

=== de-remark-11 | de | fc:moved | gmail | nothing
Ich war letzte Woche im Urlaub, sorry für die langsamen Antworten.

=== de-remark-12 | de | fc:turn | gmail | move O9 R0
Die Hilfe war nützlich. O9 R0

=== de-remark-13 | de | fc:over | gmail | nothing
Danke für die Partie, die Statistik war lustig zu lesen.

=== de-remark-14 | de | fc:turn | outlook | move M13 R3
Ich gebe mich mit M13 R3 zufrieden, was Besseres gibt es nicht.

=== de-remark-15 | de | fc:moved | gmail | nothing
Ich gebe nicht auf, keine Sorge!

=== de-remark-16 | de | fc:moved | gmail | nothing
Für mich muss die Partie nicht pausiert werden.

=== de-remark-17 | de | fc:moved | gmail | vacation 7d
Ich bin nächste Woche weg: URLAUB 7 Tage

=== de-remark-18 | de | fc:moved | gmail | nothing
Meine Frau ist 2 Wochen im Urlaub, da habe ich mehr Zeit zum Spielen.

=== de-remark-19 | de | vs:waiting | gmail | nothing
Das Brett ist spannend! Viel Glück, Nord.

=== de-remark-20 | de | fc:over | gmail | stats
Die Statistik bitte.

=== de-corr-22 | de | fc:turn | gmail | ask
M13 R1, war nur Spaß. Ich überlege noch.

=== de-corr-23 | de | fc:turn | k9 | ask
Auf keinen Fall M13 R1!

=== de-corr-24 | de | fc:turn | iphone | move M13 R2 | subject: M13 R1
Sorry, der Betreff ist falsch: M13 R2.

=== de-corr-25 | de | fc:rejected | gmail | ask
Q99 R2 war ein Tippfehler, geben Sie mir eine Minute, das richtige Feld zu finden.

=== de-corr-26 | de | fc:turn | outlook | move P10 R1
P10 R1. Ich weiß, ich werde es bereuen.

=== de-slide-21 | de | vs:take | gmail | move take south yellow-coat
Die rote Hose. Ach nein, den gelben Mantel.

=== de-slide-22 | de | vs:believe | k9 | move believe
Zweifel! ... nein, ich glaube.

=== de-slide-23 | de | vs:believe | gmail | ask
Ich glaube, falls es der gelbe ist.

=== de-slide-24 | de | vs:turn | gmail | ask
RB N
und BK E nächste Runde, wenn es noch frei ist

=== de-slide-25 | de | vs:steal | iphone | ask
Die orange Hose - nein, streichen, ich muss mir das Brett nochmal ansehen.

=== de-slide-26 | de | vs:turn | thunderbird | move BK E
BK nach Osten. Nicht Norden, nur Osten.

=== de-named-20 | de | fc:help | gmail | ask
Danke für die Hilfe. Dann wäre M13 R1 also erlaubt?

=== de-named-21 | de | fc:moved | gmail | nothing
Ich habe M13 R1 gespielt, weil der Garten offen war.

=== de-named-22 | de | fc:turn | gmail | ask
Ich muss sagen, Beas M8 R1 letzte Runde war clever.

=== de-named-23 | de | fc:turn | gmail | ask
Helfen Sie mir bei der Wahl: L10 R1 oder L10 R3?

=== de-remark-21 | de | fc:turn | gmail | move L10 R2
Fürs Protokoll: ich spiele L10 R2.

=== de-remark-22 | de | fc:turn | outlook | move M13 R3
Ich akzeptiere mein Schicksal: M13 R3.

=== de-remark-23 | de | fc:moved | gmail | nothing
Die Geschichte wird mich für diesen Zug richten.

=== de-remark-24 | de | fc:moved | gmail | ask
Bea lässt ausrichten: URLAUB 7 Tage für sie.

=== de-remark-25 | de | fc:moved | gmail | nothing
Schöne Partien bisher, danke an alle.

=== de-remark-26 | de | fc:over | gmail | nothing
Wieder Letzter in der Rangliste, was soll's.

=== de-corr-27 | de | fresh | gmail | join o-fc-7k2p | subject: Forbidden City
JOIN o-fc-3a9c ... nein warte, o-fc-7k2p

=== de-corr-28 | de | fresh | gmail | nothing | subject: Forbidden City
STANDBY forbidden-city. Ach, vergessen Sie es, ich habe diesen Monat zu viel zu tun.

=== de-named-24 | de | fresh | k9 | nothing | subject: Frage
Sollte ich o-fc-3a9c beitreten, oder ist das nur für erfahrene Spieler?

=== de-remark-27 | de | fresh | gmail | nothing | subject: Hallo
Meine Freundin Bea will vielleicht fc-7k3q zuschauen, ich erkläre ihr, wie das geht.

=== de-corr-29 | de | fc:moved | gmail | vacation 10d
URLAUB 7 Tage - ach nein, machen Sie 10 Tage daraus.

=== de-corr-30 | de | fc:moved | gmail | ask
URLAUB 7 Tage ... nein, vergessen Sie es, ich bleibe doch zu Hause.

=== de-corr-31 | de | fc:moved | k9 | ask
SPRACHE en ... nein, lieber doch Deutsch lassen.

=== de-corr-32 | de | fc:moved | gmail | ask
AUFGEBEN BESTÄTIGEN, war nur Spaß!

=== de-remark-28 | de | fc:turn | gmail | move M13 R1
VORSCHAU M13 R1 ... ach, die Vorschau brauche ich nicht, spielen Sie es einfach.

=== de-remark-29 | de | fc:turn | gmail | preview M13 R1
M13 R1 - nein warte, erst VORSCHAU M13 R1.

=== de-slide-27 | de | vs:waiting | gmail | next RB N
NÄCHSTER KB S
nein warte, NÄCHSTER RB N

=== de-slide-28 | de | vs:waiting | k9 | ask
NÄCHSTER BK E ... streichen

=== de-remark-30 | de | vs:over | gmail | nothing
Danke an alle, das Protokoll dieser Partie wird Spaß machen beim Nachspielen.

=== de-remark-31 | de | fc:over | gmail | nothing
Revanche? Ich würde gern bei einer weiteren mitmachen.

=== de-corr-33 | de | fc:moved | gmail | propose PAUSE 14d
VORSCHLAGEN PAUSE 7 Tage ... nein, lieber 14 Tage.

=== de-corr-34 | de | fc:moved | k9 | ask
VORSCHLAGEN UNDO ... nein, doch lieber so lassen.

=== de-corr-35 | de | fc:moved | gmail | ask
SAGE viel Glück allen ... nein, das nicht abschicken.

=== de-slide-29 | de | vs:waiting | gmail | standing CLAIM DOUBT
STANDING CLAIM BELIEVE ... nein, STANDING CLAIM DOUBT

=== de-slide-30 | de | vs:waiting | k9 | ask
STANDING CLAIM BELIEVE - vergessen Sie es, ich entscheide jedes Mal selbst.

=== de-corr-36 | de | fc:moved | gmail | ask
ZURÜCK ... nein, ich bin noch bis Freitag weg.

=== de-corr-37 | de | fc:moved | gmail | mail turns
MAIL DIGEST ... nein, MAIL TURNS

=== de-corr-38 | de | fresh | gmail | watch fc-7k3r | subject: Forbidden City
WATCH fc-7k3q ... nein, falsche Partie, ich meinte fc-7k3r

=== de-corr-39 | de | fc:turn | gmail | move M13 R2
M13 R2
VERLAUF bitte - nein warte, den Verlauf brauche ich doch nicht.

=== de-corr-40 | de | fc:moved | gmail | vacation ~until monday
URLAUB bis Sonntag ... nein, bis Montag.

=== de-corr-41 | de | fc:moved | gmail | next L12 R0 ELSE M13 R2
NÄCHSTER L12 R0 SONST M13 R1 ... sorry, SONST M13 R2

=== de-corr-42 | de | fc:moved | k9 | ask
NÄCHSTER L12 R0 SONST M13 R1

PS: Vergessen Sie das NÄCHSTER, ich spiele, wenn ich dran bin.

=== de-slide-31 | de | vs:turn | gmail | move RB N E
RB nach Norden, dann Osten, dann Westen - nein, das Westen weglassen.

=== de-slide-33 | de | vs:turn | thunderbird | move RB N; BK E
RB N; BK E. (Nicht KB S, da habe ich es mir anders überlegt.)

=== de-slide-34 | de | vs:turn | gmail | ask
RB N; dann BK E oder BR W, je nachdem, was frei ist.

=== de-slide-35 | de | vs:turn | iphone | ask
BK E dann N? Oder nur E? Sagen Sie mir, was besser ist.

=== de-slide-36 | de | vs:turn | gmail | move BR W S
BR Westen dann Süden. (Ich hatte zuerst Westen dann Norden geschrieben, das bitte ignorieren.)

=== de-choice-11 | de | fc:turn | gmail | ask
Ich weigere mich, M13 R1 zu spielen, nur weil die Mail es vorschlägt.

=== de-choice-12 | de | fc:turn | outlook | ask
Ich mache bei dieser Partie erst mal Pause. Ich hätte L9 R1 gespielt.

=== de-choice-13 | de | vs:steal | gmail | ask
Nehmen Sie, was Sie wollen.

=== de-named-25 | de | fc:turn | gmail | ask
Das Beispiel in Ihrer Mail, M8 R1, passt nicht zu dem Brett, das ich sehe.

=== de-named-26 | de | fc:turn | k9 | ask
Bea: „P10 R0 wäre ein Fehler für dich“. Hat sie recht?

=== de-named-27 | de | fc:rejected | gmail | move P11 R2
Okay, dann eben P11 R2, weil es Q99 nicht gibt.

=== de-remark-32 | de | fc:turn | gmail | move L12 R2
Keine Vorschau, spielen Sie einfach L12 R2.

=== de-remark-33 | de | fc:moved | gmail | nothing
Zurück an die Arbeit, bis zur nächsten Runde.

=== de-remark-34 | de | fc:moved | gmail | nothing
Die Sprache der Mails passt mir gut, danke.

=== de-corr-43 | de | vs:turn | gmail | move RB N W
RB N

PS: Machen Sie daraus RB nach Norden, dann Westen.

=== de-corr-44 | de | vs:turn | k9 | ask
RB N

PS: Moment, mit RB bitte noch warten, ich schreibe heute Abend nochmal.

=== de-corr-45 | de | fc:moved | gmail | say Viel Glück Carl
SAGE Viel Glück Bea
sorry, SAGE Viel Glück Carl

=== de-named-28 | de | fc:turn | gmail | ask
L9 R0-1? Welches von beiden meint die Mail?

=== de-named-29 | de | fc:turn | outlook | move O13 R1
Bea hat letztes Mal O13 R2 gespielt; ich spiele O13 R1.

=== de-choice-14 | de | fc:turn | gmail | move M13 R1
M13 R1, außer es ist nicht erlaubt, dann M13 R2.

=== de-choice-15 | de | vs:turn | gmail | move RB N
RB N, falls das erlaubt ist.

=== de-remark-35 | de | fc:moved | gmail | nothing
Ich spreche auch Englisch, aber Deutsch passt mir.

=== de-remark-36 | de | fc:turn | gmail | move P12 R2
Sagen Sie, was Sie wollen, P12 R2 ist mein Zug.

=== de-corr-70 | de | fc:turn | html-only | move M13 R2
M13 R1 ... nein warte, M13 R2

=== de-corr-71 | de | fc:turn | outlook-html | move P12 R3
P12 R1. Sorry, P12 R3.

=== de-corr-72 | de | fc:turn | inline | move L10 R2
Nicht L10 R0, sondern L10 R2.

=== de-corr-73 | de | fc:turn | mutt | move N13 R1
N13 R3 - nein, Moment - N13 R1

=== de-corr-74 | de | fc:rejected | thunderbird-bottom | move P12 R1
P12 R2
Nein sorry, P12 R1

=== de-corr-75 | de | fc:turn | yahoo | move L12 R0
L12 R1
streichen, L12 R0

=== de-corr-76 | de | fc:turn | zimbra | move P11 R3
P11 R2 (ignorieren, ich meinte P11 R3)

=== de-corr-77 | de | fc:turn | html-only | ask
M13 R3 ach nee

=== de-corr-78 | de | fc:turn | outlook-html | ask
O13 R2

Hmm, O13 R2 öffnet Bea den Garten. Bitte nicht spielen, ich schreibe nochmal.

=== de-slide-79 | de | vs:turn | html-only | move BR W N
BR Westen dann Süden, ich meine Westen dann Norden.

=== de-slide-80 | de | vs:steal | outlook-html | move take north yellow-coat
Ich nehme die orange Hose. Nein warte, den gelben Mantel.

=== de-remark-81 | de | fc:turn | inline | move L10 R3
Bea ist nächste Woche im Urlaub, nur zur Info. L10 R3

=== de-named-82 | de | fc:turn | html-only | ask
Bea hat gesagt, sie spielt O13 R1, also warte ich erst mal ab.

=== de-choice-83 | de | fc:turn | mutt | ask
Entweder O9 R0 oder O9 R3, suchen Sie es sich aus.

=== de-corr-90 | de | fc:turn | webde | move P12 R3
P12 R1. Sorry, P12 R3.

=== de-corr-91 | de | fc:turn | gmail | ask
M13 R1 - hoppla, das war für meine andere Partie.

=== de-named-92 | de | fc:turn | gmail | move L10 R2
M13 R1 würde Bea spielen. Ich spiele L10 R2.

=== de-slide-93 | de | vs:turn | k9 | move RB N
step ... nein, RB N

=== de-slide-94 | de | vs:turn | gmail | ask
RB N. Oder BK E. Egal.

=== de-slide-95 | de | vs:reselect | gmail | ask
Behalten ... es sei denn, Sie meinen, ich sollte RB wählen?

=== de-choice-96 | de | fc:turn | bare | ask
M13 R1
M13 R2

=== de-named-97 | de | fc:turn | iphone | ask
M13 R1?
""",
    "en": """
=== en-corr-01 | en | fc:turn | gmail | move M13 R2
M13 R1 ... no wait, M13 R2

=== en-corr-02 | en | fc:turn | k9 | move P12 R3
P12 R1. Sorry, P12 R3.

=== en-corr-03 | en | fc:turn | iphone | move L10 R2
Not L10 R0 but L10 R2.

=== en-corr-04 | en | fc:turn | outlook | move O13 R1
O13 R0, or rather O13 R1.

=== en-corr-05 | en | fc:turn | gmail | ask
N13 R2 ... forget it, I need to think about it some more.

=== en-corr-06 | en | fc:turn | bare | ask
M13 R3 nah

=== en-corr-07 | en | fc:turn | thunderbird | ask
L12 R1
scratch that

=== en-corr-08 | en | fc:turn | apple-mail | move L12 R0
L12 R1
scratch that, L12 R0

=== en-corr-09 | en | fc:turn | gmail | move O9 R2
I'll play O9 R1.

P.S. Make that O9 R2, I misread the board.

=== en-corr-10 | en | fc:turn | outlook-mobile | ask
I'll play O9 R1.

P.S. Actually, hold off on that, I want to look again tonight.

=== en-corr-11 | en | fc:turn | k9 | move N13 R1
N13 R3 - no, hang on - N13 R1

=== en-corr-12 | en | fc:turn | gmail | ask
P10 R0, no wait.

=== en-corr-13 | en | fc:turn | samsung | move M8 R2
M8 R1 -- typo, M8 R2

=== en-corr-14 | en | fc:turn | yahoo | ask
M13 R2. Hmm, on second thought I'm not sure at all.

=== en-corr-15 | en | fc:turn | gmail | move L9 R0
L9 R1
Edit: L9 R0

=== en-corr-16 | en | fc:turn | thunderbird-bottom | ask
L11 R0. Wait, let me check the garden first, don't play it yet.

=== en-corr-17 | en | fc:turn | gmail | move P11 R3
P11 R2 (ignore that, I meant P11 R3)

=== en-corr-18 | en | fc:rejected | gmail | move P12 R1
P12 R2
No sorry, P12 R1

=== en-corr-19 | en | fc:moved | gmail | next L12 R2
NEXT L12 R0
sorry, NEXT L12 R2

=== en-corr-20 | en | fc:moved | k9 | ask
NEXT M13 R1 ... actually no, forget it

=== en-corr-21 | en | fc:turn | mutt | ask
O13 R2

Hmm, O13 R2 opens the garden for Bea. Don't play it, I'll write again.

=== en-slide-01 | en | vs:turn | gmail | move BK E S
BK east then north. I take that back: east then south.

=== en-slide-02 | en | vs:turn | k9 | move BR W
BR west then south
no, just west

=== en-slide-03 | en | vs:turn | gmail | ask
RB north then east - or west? Not sure yet.

=== en-slide-04 | en | vs:turn | iphone | move KB S W
KB south then east. Sorry, south then west.

=== en-slide-05 | en | vs:turn | outlook | ask
RB N, then BK E if East hasn't blocked it by then.

=== en-slide-06 | en | vs:turn | gmail | move RB N; BK E
RB N; BK E

=== en-slide-07 | en | vs:turn | thunderbird | ask
BK E N
scratch that

=== en-slide-08 | en | vs:turn | gmail | move RB N W
RB north then east... no: north then west.

=== en-slide-09 | en | vs:turn | apple-mail | move KB S
KB south then east - forget the east, just south.

=== en-slide-10 | en | vs:turn | bare | ask
Move BR west, then maybe north.

=== en-slide-11 | en | vs:waiting | gmail | ask
NEXT RB N, unless South has taken the red pants by then.

=== en-slide-12 | en | vs:waiting | k9 | next KB S
NEXT KB S

=== en-slide-13 | en | vs:turn | gmail | move BR W N
BR west then south, I mean west then north.

=== en-slide-14 | en | vs:turn | outlook-mobile | ask
Can BK go east and then east again?

=== en-slide-15 | en | vs:steal | gmail | move take north yellow-coat
Take the orange pants. No wait, the yellow coat.

=== en-slide-16 | en | vs:believe | gmail | move doubt
I believe you. Actually no, I doubt it.

=== en-slide-17 | en | vs:believe | iphone | ask
Believe... or doubt? I can't decide.

=== en-slide-18 | en | vs:take | gmail | ask
Red pants or yellow coat, you choose.

=== en-slide-19 | en | vs:reselect | gmail | move keep
Select RB. Hmm, no, keep.

=== en-slide-20 | en | vs:reselect | k9 | ask
Keep, unless the dragon is next to my official.

=== en-named-01 | en | fc:turn | gmail | ask
Would M13 R2 score?

=== en-named-02 | en | fc:turn | gmail | ask
Would M13 R2 close the garden? If so I'll play it.

=== en-named-03 | en | fc:turn | k9 | ask
If Bea goes for P12 next, I'd rather have L10 R2.

=== en-named-04 | en | fc:turn | apple-mail | ask
Bea said she'd play O13 R1, so I'll wait and see what she does.

=== en-named-05 | en | fc:turn | outlook | ask
Your mail says P10 R0 is legal - why?

=== en-named-06 | en | fc:turn | gmail | ask
Last turn I played M8 R1, which was a blunder.

=== en-named-07 | en | fc:turn | k9 | ask
Yellow should play N9 R2 next, that would be funny.

=== en-named-08 | en | fc:turn | gmail | ask
Next time I'll go for L12 R3.

=== en-named-09 | en | fc:turn | gmail | ask
What does P11 R3 do exactly?

=== en-named-10 | en | fc:turn | thunderbird | ask
> M8 R1
Why would anyone play that?

=== en-named-11 | en | fc:turn | gmail | ask
Bea wrote "I play O13 R2" in the chat, did that count?

=== en-named-12 | en | fc:turn | gmail | ask
I'd love to play M8 R2 but I'm not allowed to, am I?

=== en-named-13 | en | fc:turn | iphone | ask
I wish I could play N13 R0 next time.

=== en-named-14 | en | fc:moved | gmail | ask
Would NEXT L12 R2 still work if Bea closes the room?

=== en-named-15 | en | fc:turn | gmail | ask
Had I played L10 R0 last round I'd be winning now.

=== en-named-16 | en | fc:turn | iphone | move P10 R2
P10 R2, hope it scores!

=== en-named-17 | en | fc:turn | gmail | move L12 R3
L12 R3. Would O13 R0 have been better?

=== en-named-18 | en | fc:turn | gmail | ask
My partner suggests N13 R3. What do you think?

=== en-named-19 | en | fc:turn | gmail | move N13 R3
My partner suggests N13 R3 and I agree: N13 R3.

=== en-choice-01 | en | fc:turn | gmail | ask
M13 R1 or M13 R3, whichever scores more.

=== en-choice-02 | en | fc:turn | outlook | ask
Either O9 R0 or O9 R3, your pick.

=== en-choice-03 | en | fc:turn | gmail | ask
I'll pass this turn. (I'd have played L9 R0 otherwise.)

=== en-choice-04 | en | fc:turn | yahoo | ask
I'm not playing L10 R1 this turn, too risky.

=== en-choice-05 | en | fc:turn | bare | ask
L9 R0 / L9 R1

=== en-choice-06 | en | fc:turn | gmail | ask
Play anything but P12 R0.

=== en-choice-07 | en | fc:turn | gmail | move M13 R0
Between M13 R0 and M13 R2 I'll take M13 R0.

=== en-choice-08 | en | vs:turn | gmail | ask
RB N or KB S, either is fine.

=== en-choice-09 | en | vs:turn | k9 | ask
I don't want to move BK E this turn.

=== en-choice-10 | en | fc:turn | gmail | ask
I don't want to play this turn, just skip me. Otherwise P10 R3.

=== en-remark-01 | en | fc:turn | gmail | move M13 R2
Thanks for the board! M13 R2.

=== en-remark-02 | en | fc:moved | gmail | nothing
Thanks for the board, very clear.

=== en-remark-03 | en | fc:turn | outlook | move O13 R3
The rules are clear now, thanks. O13 R3.

=== en-remark-04 | en | fc:turn | gmail | move L12 R1
I believe you're right about the garden. L12 R1.

=== en-remark-05 | en | fc:moved | gmail | nothing
I'll be back tomorrow with more time.

=== en-remark-06 | en | fc:turn | gmail | move N13 R0
The preview looked good, so N13 R0.

=== en-remark-07 | en | fc:turn | gmail | preview M13 R1
PREVIEW M13 R1 - if it looks good I'll send it for real.

=== en-remark-08 | en | fc:turn | iphone | move P12 R3
My vacation was great, thanks for waiting! P12 R3.

=== en-remark-09 | en | fc:turn | gmail | move L10 R3
Bea is on vacation next week, fyi. L10 R3

=== en-remark-10 | en | fc:moved | k9 | nothing
Enjoy your vacation, Bea!

=== en-remark-11 | en | fc:moved | gmail | nothing
I was on vacation last week, sorry for the slow replies.

=== en-remark-12 | en | fc:turn | gmail | move O9 R0
The help was useful. O9 R0

=== en-remark-13 | en | fc:over | gmail | nothing
Thanks for the game, the stats were fun to read.

=== en-remark-14 | en | fc:turn | outlook | move M13 R3
I resign myself to M13 R3, nothing better left.

=== en-remark-15 | en | fc:moved | gmail | nothing
I won't resign, don't worry!

=== en-remark-16 | en | fc:moved | gmail | nothing
No need to pause the game for me.

=== en-remark-17 | en | fc:moved | gmail | vacation 7d
I'm away next week: VACATION 7d

=== en-remark-18 | en | fc:moved | gmail | nothing
My wife is on vacation for 2 weeks, so I'll have more time to play.

=== en-remark-19 | en | vs:waiting | gmail | nothing
The board looks tense! Good luck, North.

=== en-remark-20 | en | fc:over | gmail | stats
Stats please.

=== en-corr-22 | en | fc:turn | gmail | ask
M13 R1, just kidding. Still thinking.

=== en-corr-23 | en | fc:turn | k9 | ask
Definitely not M13 R1!

=== en-corr-24 | en | fc:turn | iphone | move M13 R2 | subject: M13 R1
Sorry, the subject is wrong: M13 R2.

=== en-corr-25 | en | fc:rejected | gmail | ask
Q99 R2 was a typo, give me a minute to find the right square.

=== en-corr-26 | en | fc:turn | outlook | move P10 R1
P10 R1. I know I'll regret it.

=== en-slide-21 | en | vs:take | gmail | move take south yellow-coat
Red pants. Ah no, the yellow coat.

=== en-slide-22 | en | vs:believe | k9 | move believe
Doubt! ... no, believe.

=== en-slide-23 | en | vs:believe | gmail | ask
Believe, if it's the yellow one.

=== en-slide-24 | en | vs:turn | gmail | ask
RB N
and BK E next turn if it's still open

=== en-slide-25 | en | vs:steal | iphone | ask
The orange pants - no, scratch that, I need to look at the board again.

=== en-slide-26 | en | vs:turn | thunderbird | move BK E
BK east. Not north, just east.

=== en-named-20 | en | fc:help | gmail | ask
Thanks for the help. So M13 R1 would be legal?

=== en-named-21 | en | fc:moved | gmail | nothing
I played M13 R1 because the garden was open.

=== en-named-22 | en | fc:turn | gmail | ask
I must say Bea's M8 R1 last turn was clever.

=== en-named-23 | en | fc:turn | gmail | ask
Help me decide: L10 R1 or L10 R3?

=== en-remark-21 | en | fc:turn | gmail | move L10 R2
For the record, I play L10 R2.

=== en-remark-22 | en | fc:turn | outlook | move M13 R3
I accept my fate: M13 R3.

=== en-remark-23 | en | fc:moved | gmail | nothing
History will judge me for that move.

=== en-remark-24 | en | fc:moved | gmail | ask
Bea asked me to tell you: VACATION 7d for her.

=== en-remark-25 | en | fc:moved | gmail | nothing
Great games so far, thanks to everyone.

=== en-remark-26 | en | fc:over | gmail | nothing
I'm last in the standings again, oh well.

=== en-corr-27 | en | fresh | gmail | join o-fc-7k2p | subject: Forbidden City
JOIN o-fc-3a9c ... no wait, o-fc-7k2p

=== en-corr-28 | en | fresh | gmail | nothing | subject: Forbidden City
STANDBY forbidden-city. Actually, forget it, I'm too busy this month.

=== en-named-24 | en | fresh | k9 | nothing | subject: question
Should I join o-fc-3a9c, or is it only for experienced players?

=== en-remark-27 | en | fresh | gmail | nothing | subject: hello
My friend Bea might want to watch fc-7k3q, I'll tell her how.

=== en-corr-29 | en | fc:moved | gmail | vacation 10d
VACATION 7d - oh wait, make it 10d.

=== en-corr-30 | en | fc:moved | gmail | ask
VACATION 7d ... no, forget it, I'm staying home after all.

=== en-corr-31 | en | fc:moved | k9 | ask
LANG fr ... no, keep English.

=== en-corr-32 | en | fc:moved | gmail | ask
RESIGN CONFIRM, just kidding!

=== en-remark-28 | en | fc:turn | gmail | move M13 R1
PREVIEW M13 R1 ... actually never mind the preview, just play it.

=== en-remark-29 | en | fc:turn | gmail | preview M13 R1
M13 R1 - no wait, PREVIEW M13 R1 first.

=== en-slide-27 | en | vs:waiting | gmail | next RB N
NEXT KB S
no wait, NEXT RB N

=== en-slide-28 | en | vs:waiting | k9 | ask
NEXT BK E ... scratch that

=== en-remark-30 | en | vs:over | gmail | nothing
Thanks all, the record of this one will be fun to replay.

=== en-remark-31 | en | fc:over | gmail | nothing
Rematch? I'd happily join another one.

=== en-corr-33 | en | fc:moved | gmail | propose PAUSE 14d
PROPOSE PAUSE 7d ... no, make it 14d.

=== en-corr-34 | en | fc:moved | k9 | ask
PROPOSE UNDO ... on second thought no, let it stand.

=== en-corr-35 | en | fc:moved | gmail | ask
SAY good luck everyone ... no, don't send that.

=== en-slide-29 | en | vs:waiting | gmail | standing CLAIM DOUBT
STANDING CLAIM BELIEVE ... no, STANDING CLAIM DOUBT

=== en-slide-30 | en | vs:waiting | k9 | ask
STANDING CLAIM BELIEVE - forget it, I'll decide each time.

=== en-corr-36 | en | fc:moved | gmail | ask
BACK ... no, I'm still away until Friday.

=== en-corr-37 | en | fc:moved | gmail | mail turns
MAIL DIGEST ... no, MAIL TURNS

=== en-corr-38 | en | fresh | gmail | watch fc-7k3r | subject: Forbidden City
WATCH fc-7k3q ... no, wrong game, I meant fc-7k3r

=== en-corr-39 | en | fc:turn | gmail | move M13 R2
M13 R2
HISTORY please - no wait, never mind the history.

=== en-corr-40 | en | fc:moved | gmail | vacation ~until monday
VACATION until Sunday ... no, until Monday.

=== en-corr-41 | en | fc:moved | gmail | next L12 R0 ELSE M13 R2
NEXT L12 R0 ELSE M13 R1 ... sorry, ELSE M13 R2

=== en-corr-42 | en | fc:moved | k9 | ask
NEXT L12 R0 ELSE M13 R1

P.S. Forget the NEXT, I'll play when my turn comes.

=== en-slide-31 | en | vs:turn | gmail | move RB N E
RB north, then east, then west - no, drop the west.

=== en-slide-33 | en | vs:turn | thunderbird | move RB N; BK E
RB N; BK E. (Not KB S, I changed my mind about that.)

=== en-slide-34 | en | vs:turn | gmail | ask
RB N; then BK E or BR W, whichever is free.

=== en-slide-35 | en | vs:turn | iphone | ask
BK E then N? Or just E? Let me know what's best.

=== en-slide-36 | en | vs:turn | gmail | move BR W S
BR west then south. (I first wrote west then north, ignore that.)

=== en-choice-11 | en | fc:turn | gmail | ask
I refuse to play M13 R1 just because the mail suggests it.

=== en-choice-12 | en | fc:turn | outlook | ask
I'm taking a break from this game for now. I'd have played L9 R1.

=== en-choice-13 | en | vs:steal | gmail | ask
Take whichever you like.

=== en-named-25 | en | fc:turn | gmail | ask
The example in your mail, M8 R1, doesn't fit the board I see.

=== en-named-26 | en | fc:turn | k9 | ask
Bea: "P10 R0 would be a mistake for you". Is she right?

=== en-named-27 | en | fc:rejected | gmail | move P11 R2
OK, so P11 R2 then, since Q99 doesn't exist.

=== en-remark-32 | en | fc:turn | gmail | move L12 R2
Don't preview, just play L12 R2.

=== en-remark-33 | en | fc:moved | gmail | nothing
Back to work now, see you next turn.

=== en-remark-34 | en | fc:moved | gmail | nothing
The language of the mails is fine, thanks.

=== en-corr-43 | en | vs:turn | gmail | move RB N W
RB N

P.S. Make that RB north then west.

=== en-corr-44 | en | vs:turn | k9 | ask
RB N

P.S. Actually, hold the RB move, I'll write again tonight.

=== en-corr-45 | en | fc:moved | gmail | say Good luck Carl
SAY Good luck Bea
sorry, SAY Good luck Carl

=== en-named-28 | en | fc:turn | gmail | ask
L9 R0-1? Which one does the mail mean?

=== en-named-29 | en | fc:turn | outlook | move O13 R1
Bea played O13 R2 last time; I play O13 R1.

=== en-choice-14 | en | fc:turn | gmail | move M13 R1
M13 R1, unless it's illegal, then M13 R2.

=== en-choice-15 | en | vs:turn | gmail | move RB N
RB N, if that's allowed.

=== en-remark-35 | en | fc:moved | gmail | nothing
I speak French too, but English is fine.

=== en-remark-36 | en | fc:turn | gmail | move P12 R2
Say what you want, P12 R2 is my move.

=== en-corr-70 | en | fc:turn | html-only | move M13 R2
M13 R1 ... no wait, M13 R2

=== en-corr-71 | en | fc:turn | outlook-html | move P12 R3
P12 R1. Sorry, P12 R3.

=== en-corr-72 | en | fc:turn | inline | move L10 R2
Not L10 R0 but L10 R2.

=== en-corr-73 | en | fc:turn | mutt | move N13 R1
N13 R3 - no, hang on - N13 R1

=== en-corr-74 | en | fc:rejected | thunderbird-bottom | move P12 R1
P12 R2
No sorry, P12 R1

=== en-corr-75 | en | fc:turn | yahoo | move L12 R0
L12 R1
scratch that, L12 R0

=== en-corr-76 | en | fc:turn | zimbra | move P11 R3
P11 R2 (ignore that, I meant P11 R3)

=== en-corr-77 | en | fc:turn | html-only | ask
M13 R3 nah

=== en-corr-78 | en | fc:turn | outlook-html | ask
O13 R2

Hmm, O13 R2 opens the garden for Bea. Don't play it, I'll write again.

=== en-slide-79 | en | vs:turn | html-only | move BR W N
BR west then south, I mean west then north.

=== en-slide-80 | en | vs:steal | outlook-html | move take north yellow-coat
Take the orange pants. No wait, the yellow coat.

=== en-remark-81 | en | fc:turn | inline | move L10 R3
Bea is on vacation next week, fyi. L10 R3

=== en-named-82 | en | fc:turn | html-only | ask
Bea said she'd play O13 R1, so I'll wait and see what she does.

=== en-choice-83 | en | fc:turn | mutt | ask
Either O9 R0 or O9 R3, your pick.

=== en-corr-90 | en | fc:turn | samsung | move P12 R3
P12 R1. Sorry, P12 R3.

=== en-corr-91 | en | fc:turn | gmail | ask
M13 R1 - oops, this was meant for my other game.

=== en-named-92 | en | fc:turn | gmail | move L10 R2
M13 R1 is what Bea would play. I play L10 R2.

=== en-slide-93 | en | vs:turn | k9 | move RB N
step... no, RB N

=== en-slide-94 | en | vs:turn | gmail | ask
RB N. Or BK E. Whatever.

=== en-slide-95 | en | vs:reselect | gmail | ask
Keep ... unless you think I should select RB?

=== en-choice-96 | en | fc:turn | bare | ask
M13 R1
M13 R2

=== en-named-97 | en | fc:turn | iphone | ask
M13 R1?
""",
}  # fmt: skip

# Read wrong on main after the tenth round's readers and the guard (something not meant is carried out): none.
WRONG: dict[str, str] = {
}  # fmt: skip
# Missed (asked back, or nothing read, where the meaning is clear).
MISSED = {
    'fr-corr-04': 'missed: got ask, meant move O13 R1',
    'fr-corr-09': 'missed: got ask, meant move O9 R2',
    'fr-corr-13': 'missed: got ask, meant move M8 R2',
    'fr-slide-02': 'missed: got ask, meant move BR W',
    'fr-slide-09': 'missed: got ask, meant move KB S',
    'fr-named-17': 'missed: got ask, meant move L12 R3',
    'fr-choice-07': 'missed: got ask, meant move M13 R0',
    'fr-remark-06': 'missed: got ask, meant move N13 R0',
    'fr-remark-10': 'missed: got ask, meant nothing',
    'fr-slide-26': 'missed: got ask, meant move BK E',
    'fr-corr-27': 'missed: got nothing, meant join o-fc-7k2p',
    'fr-corr-29': 'missed: got ask, meant vacation 240h',
    'fr-remark-28': 'missed: got ask, meant move M13 R1',
    'fr-corr-33': 'missed: got ask, meant propose pause 14d',
    'fr-slide-29': "missed: got ask, meant standing Orders(claim='doubt', steal=None, reselect=None, next=None, guard=None, later=None, blocked=None, played=None)",
    'fr-corr-38': 'missed: got nothing, meant watch fc-7k3r',
    'fr-corr-40': 'missed: got ask, meant vacation ~60h',
    'fr-corr-41': 'missed: got ask, meant next L12 R0 ELSE M13 R2',
    'fr-slide-31': 'missed: got ask, meant move RB N E',
    'fr-slide-36': 'missed: got ask, meant move BR W S',
    'fr-named-27': 'missed: got ask, meant move P11 R2',
    'fr-remark-32': 'missed: got ask, meant move L12 R2',
    'fr-corr-43': 'missed: got nothing, meant move RB N W',
    'fr-choice-14': 'missed: got ask, meant move M13 R1',
    'fr-choice-15': 'missed: got ask, meant move RB N',
    'fr-named-92': 'missed: got ask, meant move L10 R2',
    'it-corr-04': 'missed: got ask, meant move O13 R1',
    'it-corr-08': 'missed: got ask, meant move L12 R0',
    'it-slide-02': 'missed: got ask, meant move BR W',
    'it-slide-09': 'missed: got ask, meant move KB S',
    'it-named-17': 'missed: got ask, meant move L12 R3',
    'it-named-19': 'missed: got ask, meant move N13 R3',
    'it-choice-07': 'missed: got ask, meant move M13 R0',
    'it-remark-05': 'missed: got ask, meant nothing',
    'it-remark-10': 'missed: got ask, meant nothing',
    'it-remark-14': 'missed: got ask, meant move M13 R3',
    'it-remark-15': 'missed: got ask, meant nothing',
    'it-corr-26': 'missed: got ask, meant move P10 R1',
    'it-slide-26': 'missed: got nothing, meant move BK E',
    'it-corr-27': 'missed: got nothing, meant join o-fc-7k2p',
    'it-corr-29': 'missed: got ask, meant vacation 240h',
    'it-remark-28': 'missed: got ask, meant move M13 R1',
    'it-remark-29': 'missed: got ask, meant preview M13 R1',
    'it-corr-33': 'missed: got ask, meant propose pause 14d',
    'it-slide-29': "missed: got ask, meant standing Orders(claim='doubt', steal=None, reselect=None, next=None, guard=None, later=None, blocked=None, played=None)",
    'it-corr-38': 'missed: got nothing, meant watch fc-7k3r',
    'it-corr-40': 'missed: got ask, meant vacation ~60h',
    'it-corr-41': 'missed: got ask, meant next L12 R0 ELSE M13 R2',
    'it-slide-31': 'missed: got ask, meant move RB N E',
    'it-slide-33': 'missed: got ask, meant move RB N; BK E',
    'it-slide-36': 'missed: got ask, meant move BR W S',
    'it-named-27': 'missed: got ask, meant move P11 R2',
    'it-corr-43': 'missed: got ask, meant move RB N W',
    'it-choice-15': 'missed: got ask, meant move RB N',
    'it-corr-75': 'missed: got ask, meant move L12 R0',
    'it-named-92': 'missed: got ask, meant move L10 R2',
    'de-corr-04': 'missed: got ask, meant move O13 R1',
    'de-corr-08': 'missed: got ask, meant move L12 R0',
    'de-corr-15': 'missed: got ask, meant move L9 R0',
    'de-slide-02': 'missed: got ask, meant move BR W',
    'de-named-17': 'missed: got ask, meant move L12 R3',
    'de-choice-07': 'missed: got ask, meant move M13 R0',
    'de-remark-10': 'missed: got ask, meant nothing',
    'de-remark-14': 'missed: got ask, meant move M13 R3',
    'de-slide-26': 'missed: got ask, meant move BK E',
    'de-corr-27': 'missed: got nothing, meant join o-fc-7k2p',
    'de-corr-29': 'missed: got ask, meant vacation 240h',
    'de-remark-28': 'missed: got ask, meant move M13 R1',
    'de-remark-29': 'missed: got ask, meant preview M13 R1',
    'de-corr-33': 'missed: got ask, meant propose pause 14d',
    'de-slide-29': "missed: got ask, meant standing Orders(claim='doubt', steal=None, reselect=None, next=None, guard=None, later=None, blocked=None, played=None)",
    'de-corr-38': 'missed: got nothing, meant watch fc-7k3r',
    'de-corr-40': 'missed: got ask, meant vacation ~60h',
    'de-corr-41': 'missed: got ask, meant next L12 R0 ELSE M13 R2',
    'de-slide-31': 'missed: got ask, meant move RB N E',
    'de-slide-36': 'missed: got ask, meant move BR W S',
    'de-named-27': 'missed: got ask, meant move P11 R2',
    'de-remark-32': 'missed: got ask, meant move L12 R2',
    'de-corr-43': 'missed: got ask, meant move RB N W',
    'de-choice-14': 'missed: got ask, meant move M13 R1',
    'de-remark-36': 'missed: got ask, meant move P12 R2',
    'de-corr-75': 'missed: got ask, meant move L12 R0',
    'en-corr-04': 'missed: got ask, meant move O13 R1',
    'en-corr-15': 'missed: got ask, meant move L9 R0',
    'en-slide-02': 'missed: got ask, meant move BR W',
    'en-named-17': 'missed: got ask, meant move L12 R3',
    'en-named-19': 'missed: got ask, meant move N13 R3',
    'en-choice-07': 'missed: got ask, meant move M13 R0',
    'en-remark-10': 'missed: got ask, meant nothing',
    'en-remark-15': 'missed: got ask, meant nothing',
    'en-corr-24': 'missed: got ask, meant move M13 R2',
    'en-slide-26': 'missed: got ask, meant move BK E',
    'en-corr-27': 'missed: got nothing, meant join o-fc-7k2p',
    'en-corr-29': 'missed: got ask, meant vacation 240h',
    'en-remark-28': 'missed: got ask, meant move M13 R1',
    'en-corr-33': 'missed: got ask, meant propose pause 14d',
    'en-slide-29': "missed: got ask, meant standing Orders(claim='doubt', steal=None, reselect=None, next=None, guard=None, later=None, blocked=None, played=None)",
    'en-corr-38': 'missed: got nothing, meant watch fc-7k3r',
    'en-corr-40': 'missed: got ask, meant vacation ~60h',
    'en-corr-41': 'missed: got ask, meant next L12 R0 ELSE M13 R2',
    'en-slide-31': 'missed: got ask, meant move RB N E',
    'en-slide-36': 'missed: got ask, meant move BR W S',
    'en-named-27': 'missed: got ask, meant move P11 R2',
    'en-remark-32': 'missed: got ask, meant move L12 R2',
    'en-remark-36': 'missed: got ask, meant move P12 R2',
}  # fmt: skip

SHAPES = ("corr", "slide", "named", "choice", "remark")


def _load() -> list[pc.Case]:
    out: list[pc.Case] = []
    for lang, text in CASES.items():
        cases = pc.parse_cases(HALF, text)
        assert all(c.lang == lang for c in cases), [c.id for c in cases if c.lang != lang]
        out += cases
    return out


PROBES = _load()


verdicts = pc.verdicts_fixture(HALF, PROBES)


def _params(marked: dict[str, str]) -> list[object]:
    return [
        pytest.param(c.id, id=c.id, marks=pytest.mark.xfail(strict=True, reason=marked[c.id]))
        if c.id in marked
        else pytest.param(c.id, id=c.id)
        for c in PROBES
    ]


@pytest.mark.parametrize("cid", _params(WRONG))
def test_probe_is_never_read_wrong(verdicts: dict[str, pc.Verdict], cid: str) -> None:
    """Nothing the player did not mean is carried out (the hard line: 0 wrong)."""
    v = verdicts[cid]
    assert not v.wrong, (v.got, v.want, v.case.body)


@pytest.mark.parametrize("cid", _params({**MISSED, **WRONG}))
def test_probe_is_read_as_meant(verdicts: dict[str, pc.Verdict], cid: str) -> None:
    """Read as a careful referee reads it: the move or command meant, or asked back."""
    v = verdicts[cid]
    assert v.meant, (v.got, v.want, v.case.body)


def test_the_probes_cover_every_language_and_shape() -> None:
    ids = [c.id for c in PROBES]
    assert len(ids) == len(set(ids))
    assert set(WRONG) <= set(ids) and set(MISSED) <= set(ids)
    assert not set(WRONG) & set(MISSED)
    for lang in pc.LANGS:
        mine = [c for c in PROBES if c.lang == lang]
        assert len(mine) >= 75, lang
        assert {c.id.split("-")[1] for c in mine} == set(SHAPES), lang
        assert sum(c.expect in ("ask", "nothing") for c in mine) >= 30, lang
        assert sum(c.expect not in ("ask", "nothing") for c in mine) >= 20, lang
    assert {c.game for c in PROBES} == {"fc", "vs", "fresh"}
