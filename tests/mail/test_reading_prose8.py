"""Forbidden City's moves in prose, eighth round (issue 31).

Three classes, composed in the four languages and read as the service reads them against the
real turn mail of Forbidden City (:mod:`player_corpus`), each with the near-misses that must still
be asked back:

- a lead-in that tells how the player came to the move ("Après avoir retourné la question dans
  tous les sens hier soir, je me décide pour M13 R2", "Nach langem Hin und Her habe ich mich für
  M13 R2 entschieden", "Ci ho pensato tutta la sera e alla fine ho deciso per M13 R2");
- a clause after the move on what it does or why ("Ich lege mein Plättchen auf O13 in R3, dann
  zeigt der rosa Raum nach Westen", "N13 R0, sinon je lui ouvre la salle");
- a line below the move that corrects its rotation alone ("Same square but R2", "la rotazione
  giusta è R2"), or asks for another rotation without naming it ("Actually, turn it once more"):
  such lines were left as prose and the first move played.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import player_corpus as pc
import pytest

MOVES = ["M13 R2", "O13 R3", "L10 R0", "P12 R1"]
TURN = "fc:turn"
"""The mail every reply answers: Forbidden City's turn mail (the phrases are read at it)."""

# {m}: the move
_THOUGHT = {
    "fr": ["Après avoir retourné la question dans tous les sens hier soir, je me décide pour {m}.",
           "Après avoir longuement hésité, je joue {m}.", "Tout compte fait je joue {m}.",
           "J'ai réfléchi toute la soirée et finalement je joue {m}.",
           "Après mûre réflexion je me décide pour {m}"],
    "it": ["Ci ho pensato tutta la sera e alla fine ho deciso per {m}.",
           "Dopo averci dormito sopra, gioco {m}.", "Alla fine mi decido per {m}.",
           "A pensarci bene metto {m}", "Dopo lunga riflessione, {m}."],
    "de": ["Nach langem Hin und Her habe ich mich für {m} entschieden.",
           "Nach langem Überlegen: {m}.", "Ich habe lange überlegt und am Ende {m} genommen.",
           "Nachdem ich das Brett lange angeschaut habe, lege ich {m}.",
           "Alles in allem nehme ich {m}"],
    "en": ["After turning it over all evening, I've decided on {m}.",
           "After going back and forth all evening, {m}.",
           "After a lot of thought I'm going with {m}.",
           "I thought about it all evening and in the end went for {m}.",
           "All things considered, {m}"],
}  # fmt: skip

# {m}: the move; {o}: another move
_THOUGHT_STILL_ASK = {
    "fr": ["Après avoir retourné la question, je ne joue pas {m}.",
           "Après avoir longuement hésité, peut-être {m}.", "Tout compte fait, {m} ou {o}",
           "J'ai réfléchi toute la soirée et finalement je ne sais pas, {m} ?"],
    "it": ["Ci ho pensato tutta la sera e alla fine forse {m}.",
           "Dopo averci dormito sopra, {m} o {o}.", "Alla fine Paolo gioca {m}."],
    "de": ["Nach langem Hin und Her nehme ich doch nicht {m}.",
           "Nach langem Überlegen vielleicht {m}.", "Alles in allem {m} oder {o}"],
    "en": ["After thinking it over, maybe {m}.", "After thinking it over, {m} or {o}.",
           "I thought about it all evening and in the end Bea played {m}.",
           "After a lot of thought I'm still not sure about {m}"],
}  # fmt: skip

_CONSEQUENCE = {
    "fr": ["Je pose en {o}... attendez non, {m}, sinon je lui ouvre la salle.",
           "Je pars sur {m}, comme ça la salle rose regarde vers l'ouest.",
           "{m}, sinon Paul me ferme le jardin", "Je joue {m}, pour que Béa ne ferme pas la salle."],
    "it": ["{m}, altrimenti Paolo mi chiude la stanza.",
           "Metto la tessera in {m}, così la stanza rosa guarda a ovest.",
           "Gioco {m}, perché la stanza resta aperta"],
    "de": ["Ich lege mein Plättchen auf {m}, dann zeigt der rosa Raum nach Westen.",
           "{m}, sonst macht Gelb mir den Garten zu.", "{m}, damit der Garten offen bleibt"],
    "en": ["I'm going for {m}, that way the pink room faces west.",
           "{m}, so Bea can't close the garden.", "{m} - otherwise yellow gets the whole garden"],
}  # fmt: skip

_CONSEQUENCE_STILL_ASK = {
    "fr": ["{m}, sinon peut-être {o}", "{m}, sinon l'autre rotation", "{m}, donc... non attendez"],
    "it": ["{m}, così la prossima volta chiudo il giardino.", "{m}, altrimenti forse {o}"],
    "de": ["{m}, dann nächste Runde der Garten", "{m}, sonst vielleicht lieber {o}"],
    "en": ["{m}, otherwise maybe {o}", "{m}, then rotate it once more",
           "{m}, so... no wait, forget it"],
}  # fmt: skip

# below the move {m}: the same square with the rotation {r}
_ROTATION_BELOW = {
    "fr": ["Pardon, je voulais dire {r}.", "Même case mais en {r}", "la rotation, c'est {r} en fait",
           "Euh non, en {r}"],
    "it": ["Scusate, intendevo {r}.", "Stessa casella ma {r}", "la rotazione giusta è {r}"],
    "de": ["Korrektur: {r}", "Gleiches Feld, aber {r}", "Die Drehung sollte {r} sein",
           "sorry, ich meinte {r}"],
    "en": ["Sorry, I meant {r}.", "Same square but {r}", "the rotation should be {r}",
           "Oops, make that {r}"],
}  # fmt: skip

# below the move: never the move above, never a guess
_ROTATION_STILL_ASK = {
    "fr": ["En fait, tournez-la encore d'un quart de tour", "Même case mais peut-être {r} ?"],
    "it": ["Anzi, ruotala ancora una volta", "Stessa casella, forse {r}"],
    "de": ["Doch, bitte noch einmal drehen", "Gleiches Feld, oder {r}?"],
    "en": ["Actually, turn it once more", "Same square, maybe {r}", "I meant {r} or {s}"],
}  # fmt: skip


@pytest.mark.parametrize("lang", pc.LANGS)
@pytest.mark.parametrize(
    ("read", "still_ask"),
    [(_THOUGHT, _THOUGHT_STILL_ASK), (_CONSEQUENCE, _CONSEQUENCE_STILL_ASK)],
    ids=["thought", "consequence"],
)
def test_a_move_among_words_of_how_and_why(
    tmp_path: Path,
    lang: str,
    read: dict[str, list[str]],
    still_ask: dict[str, list[str]],
) -> None:
    """The move, whatever the words of thinking before it or of its effect after it; asked back
    with a doubt, an alternative, a take-back or someone else's move."""
    todo = []
    for m, o in itertools.permutations(MOVES, 2):
        todo += [(TURN, form.format(m=m, o=o), [f"move {m}"]) for form in read[lang]]
        todo += [(TURN, form.format(m=m, o=o), ["ask"]) for form in still_ask[lang]]
    assert pc.judge_phrases(pc.fc_stages(tmp_path, lang), lang, todo) == ([], [])


@pytest.mark.parametrize("lang", pc.LANGS)
def test_a_rotation_corrected_below_the_move(tmp_path: Path, lang: str) -> None:
    """ "M13 R1" then "Same square but R2": M13 R2. A rotation asked for but not named, or named
    with a doubt: asked back; the move above is never played."""
    todo = []
    for square, a, b in [("M13", 1, 2), ("O13", 3, 0), ("P12", 0, 3), ("L10", 2, 1)]:
        for form in _ROTATION_BELOW[lang]:
            body = f"{square} R{a}\n" + form.format(r=f"R{b}")
            todo.append((TURN, body, [f"move {square} R{b}"]))
        for form in _ROTATION_STILL_ASK[lang]:
            body = f"{square} R{a}\n" + form.format(r=f"R{b}", s=f"R{(b + 1) % 4}")
            todo.append((TURN, body, ["ask"]))
    assert pc.judge_phrases(pc.fc_stages(tmp_path, lang), lang, todo) == ([], [])


# what the player should have written (a slip: the move now), and what the player should have
# played (a regret: never the move now)
_SHOULD_HAVE_WRITTEN = {
    "fr": ["J'aurais dû écrire {m}, pardon.", "Ça devait être {m}, désolé."],
    "it": ["Avrei dovuto scrivere {m}.", "Doveva essere {m}, scusate."],
    "de": ["Ich hätte {m} schreiben sollen.", "Sollte {m} heißen, sorry."],
    "en": ["I should have written {m}, sorry.", "Sorry, that should have been {m}."],
}  # fmt: skip
_SHOULD_HAVE_PLAYED = {
    "fr": ["J'aurais dû jouer {m}.", "J'aurais dû écrire {m} au dernier tour."],
    "it": ["Avrei dovuto giocare {m}.", "Dovevo giocare {m} il turno scorso"],
    "de": ["Ich hätte {m} spielen sollen.", "Hätte ich doch {m} gelegt!"],
    "en": ["I should have played {m}.", "I should have written {m} last turn."],
}  # fmt: skip


@pytest.mark.parametrize("lang", pc.LANGS)
def test_a_move_that_should_have_been_written_or_played(tmp_path: Path, lang: str) -> None:
    """ "I should have written M13 R2": the move meant now; "I should have played M13 R2": a
    regret, asked back."""
    todo = []
    for m in MOVES:
        todo += [(TURN, form.format(m=m), [f"move {m}"]) for form in _SHOULD_HAVE_WRITTEN[lang]]
        todo += [(TURN, form.format(m=m), ["ask"]) for form in _SHOULD_HAVE_PLAYED[lang]]
    assert pc.judge_phrases(pc.fc_stages(tmp_path, lang), lang, todo) == ([], [])


# a P.S. below the move that names a move weighed and set aside: the move above stands
_WEIGHED_BELOW = {
    "fr": ["P.S. J'avais aussi envisagé {o}, mais c'était trop généreux pour jaune."],
    "it": ["P.S. Avevo considerato anche {o}, ma regalava troppo a Giallo."],
    "de": ["P.S. Ursprünglich wollte ich {o} spielen, aber das überlasse ich lieber Ihnen.",
           "PS: Ich hatte auch {o} erwogen, aber das hilft Gelb zu sehr."],
    "en": ["P.S. I did consider {o}, but it felt far too generous to Yellow."],
}  # fmt: skip
_WEIGHED_STILL_ASK = {
    "fr": ["P.S. J'avais aussi envisagé {o}, mais finalement {o} est mieux."],
    "it": ["P.S. Avevo considerato anche {o} - forse è meglio?"],
    "de": ["PS: Ich hatte auch {o} erwogen, aber lieber doch {o}."],
    "en": ["P.S. I did consider {o}, but actually {o} is better, play that."],
}  # fmt: skip


@pytest.mark.parametrize("lang", pc.LANGS)
def test_a_move_weighed_in_a_ps_below(tmp_path: Path, lang: str) -> None:
    """The move above stands when the P.S. names a move weighed and set aside with a reason; a
    P.S. that prefers it or asks about it is asked back."""
    todo = []
    for m, o in itertools.permutations(MOVES, 2):
        todo += [
            (TURN, f"{m}\n" + form.format(o=o), [f"move {m}"]) for form in _WEIGHED_BELOW[lang]
        ]
        todo += [(TURN, f"{m}\n" + form.format(o=o), ["ask"]) for form in _WEIGHED_STILL_ASK[lang]]
    assert pc.judge_phrases(pc.fc_stages(tmp_path, lang), lang, todo) == ([], [])
