"""A move on a condition the position decides (issue 31, eighth round).

"Se la M13 è ancora libera gioco M13 R2, altrimenti O9 R1", "Can I place on N11? If not, N9 R2 I
guess": the service knows whether the square can still take the tile, so it plays the move the
condition picks; it asks back when the picked move is not legal or the square asked about is
open with no move on it. Replies are composed in the four languages (word orders, the condition
before and after the move, a question, the fallback's own words) and read as the service reads
them against the real turn mail of Forbidden City (:mod:`player_corpus`), on squares open and
closed (a tile, the temple, a garden on them); the near-misses (someone else's move, a negation,
the past, a doubt, two fallbacks, another condition) are never read as a move.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import player_corpus as pc
import pytest
from longtests import sized

from pbem import i18n
from pbem.commands.conditions import MOVE, OPEN, Move, decided, square_open
from pbem.commands.grammar import _tokens
from pbem.rules.base import InvalidSyntax, RuleError

OPEN_SQUARES = ["M13", "L10", "O13", "P12", "N13"]
CLOSED = ["N11", "M9", "O10", "M12"]  # the temple, yellow's W1, two gardens
FALLBACKS = ["O9 R1", "N9 R2", "L12 R3", "P11 R2"]
TURN = "fc:turn"
"""The mail every reply answers: the corpus game's Forbidden City turn mail, in each language."""

# {a}: a move on the square {x}; {b}: the move for when {x} cannot take the tile
_ON_SQUARE = {
    "fr": ["Si la case {x} est encore libre, je joue {a} ; sinon {b}.",
           "{a} si {x} est toujours libre, sinon {b}", "Si {x} est libre, {a}. Sinon, {b}, merci.",
           "{x} est encore libre ? Si oui {a}, sinon {b}",
           "Si elle est encore libre, je pose ma tuile en {a}, sinon {b}"],
    "it": ["Se la {x} è ancora libera gioco {a}, altrimenti {b}.",
           "{a} se la casella {x} è libera, altrimenti {b}",
           "Se {x} è ancora disponibile metto {a}, se no {b}.",
           "Se la casella {x} è ancora libera, {a}; in caso contrario {b}, grazie"],
    "de": ["Falls {x} noch frei ist, {a}, sonst {b}.",
           "Wenn das Feld {x} noch frei ist, spiele ich {a}, ansonsten {b}.",
           "{a}, falls {x} noch frei ist, andernfalls {b}",
           "Ist {x} noch frei? Wenn ja, {a}, sonst halt {b}. Danke!"],
    "en": ["If {x} is still free, {a}, otherwise {b}.", "{a} if {x} is still free, otherwise {b}",
           "If the square {x} is free I'll play {a}, else {b} please",
           "Is {x} still free? If so {a}, if not {b}.", "If {x} is still available: {a}. Otherwise {b}"],
}  # fmt: skip

# the square named alone, asked or said taken; {b} is on another square
_ASKED = {
    "fr": ["Est-ce que je peux poser en {x} ? Sinon {b}, je suppose.", "{x} est encore libre ? Sinon {b}.",
           "Je peux jouer sur la case {x} ? Si ce n'est pas possible, {b}"],
    "it": ["Posso mettere la tessera in {x}? Se no, {b}.", "È ancora libera la {x}? Altrimenti {b}.",
           "Posso giocare in {x}? Sennò {b}"],
    "de": ["Kann ich auf {x} legen? Falls nicht, {b}.", "Ist {x} noch frei? Sonst {b}.",
           "Darf ich nach {x}? Wenn nicht, dann {b}"],
    "en": ["Can I place on {x}? If not, {b} I guess", "Is {x} still free? If not, {b} please",
           "Can I go on {x}? Otherwise {b}"],
}  # fmt: skip

# {x} said taken: {b} then, else {a} on it
_TAKEN = {
    "fr": ["{a} (ou {b} si {x} est déjà prise)", "Si {x} est déjà prise, {b}, sinon {a}",
           "Si la case {x} est occupée je joue {b}, sinon {a}."],
    "it": ["{a} (oppure {b} se la {x} è già occupata)", "Se la {x} è già occupata, {b}, altrimenti {a}."],
    "de": ["{a} – oder {b}, falls {x} schon belegt ist", "Falls {x} schon besetzt ist, {b}, sonst {a}.",
           "Wenn {x} belegt ist, {b}, ansonsten {a}"],
    "en": ["If {x} is already taken, {b}, otherwise {a}.", "{b} if {x} is taken, else {a}",
           "{a} (or {b} if {x} is already taken)", "{a}, or {b} if that square is taken"],
}  # fmt: skip

# never read as a move, whatever the position
_STILL_ASK = {
    "fr": ["Si {x} est encore libre elle joue {a}, sinon {b}", "Si {x} n'est pas prise, {a}, sinon {b}",
           "Si {x} est encore libre, {a}, sinon peut-être {b}", "Si {x} est libre, {a}, sinon {b} ou {c}",
           "Si Paul laisse {x} libre, {a}, sinon {b}", "Si {x} était libre, j'aurais joué {a}, sinon {b}"],
    "it": ["Se la {x} è ancora libera gioca {a}, altrimenti {b}.", "Se la {x} non è occupata, {a}, altrimenti {b}",
           "Se {x} è libera, {a}, altrimenti forse {b}", "Se Paolo lascia libera la {x}, {a}, altrimenti {b}",
           "Posso mettere in {x}? Se no, {b} o {c}"],
    "de": ["Falls {x} noch frei ist, spielt Paul {a}, sonst {b}.", "Falls {x} nicht besetzt ist, {a}, sonst {b}",
           "Falls {x} noch frei ist, {a}, sonst vielleicht {b}", "Wenn Bea {x} nimmt, {b}, sonst {a}",
           "Kann Bea auf {x} legen? Falls nicht, {b}."],
    "en": ["If {x} is still free, Bea plays {a}, otherwise {b}.", "If {x} isn't taken, {a}, otherwise {b}.",
           "If {x} was free I'd have played {a}, otherwise {b}.", "Can I place on {x}? If not, maybe {b}",
           "Can Bea place on {x}? If not, {b}", "Can I place on {x}? If not, {b} or {c}",
           "If Bea leaves {x} free, {a}, otherwise {b}", "If {x} is still free next turn, {a}, otherwise {b}"],
}  # fmt: skip


def _pairs() -> list[tuple[str, str, str, str]]:
    """(square, move on it, fallback, a third move): open and closed squares, rotations and
    fallbacks varied."""
    out = []
    for k, x in enumerate(OPEN_SQUARES + CLOSED):
        if k % sized(2, 1):
            continue  # every other square (three open, two closed) but in the long run
        b, c = FALLBACKS[k % 4], FALLBACKS[(k + 1) % 4]
        out.append((x, f"{x} R{k % 4 if x in OPEN_SQUARES else 1}", b, c))
    return out


@pytest.mark.parametrize("lang", pc.LANGS)
def test_the_move_the_position_picks_is_played(tmp_path: Path, lang: str) -> None:
    """The move on the square when it can take the tile; the fallback when it cannot."""
    todo = [
        (TURN, form.format(x=x, a=a, b=b), [f"move {a if x in OPEN_SQUARES else b}"])
        for (x, a, b, _c), form in itertools.product(_pairs(), _ON_SQUARE[lang] + _TAKEN[lang])
    ]
    assert pc.judge_phrases(pc.fc_stages(tmp_path, lang), lang, todo) == ([], [])


@pytest.mark.parametrize("lang", pc.LANGS)
def test_a_square_asked_about_gives_its_fallback_or_is_asked_back(
    tmp_path: Path, lang: str
) -> None:
    """ "Can I place on N11? If not, N9 R2": the fallback when the square cannot take the tile;
    asked back when it can (no rotation was said)."""
    todo = [
        (TURN, form.format(x=x, b=b), ["ask"] if x in OPEN_SQUARES else [f"move {b}"])
        for (x, _a, b, _c), form in itertools.product(_pairs(), _ASKED[lang])
    ]
    assert pc.judge_phrases(pc.fc_stages(tmp_path, lang), lang, todo) == ([], [])


@pytest.mark.parametrize("lang", pc.LANGS)
def test_a_condition_of_another_shape_is_never_played(tmp_path: Path, lang: str) -> None:
    """Someone else's move, a negation, the past, a doubt, two fallbacks, another condition:
    asked back on open and closed squares alike."""
    todo = [
        (TURN, form.format(x=x, a=a, b=b, c=c), ["ask"])
        for (x, a, b, c), form in itertools.product(_pairs(), _STILL_ASK[lang])
    ]
    assert pc.judge_phrases(pc.fc_stages(tmp_path, lang), lang, todo) == ([], [])


def test_the_picked_move_not_legal_gives_the_games_reason(tmp_path: Path) -> None:
    """M8 can take the tile, but not as M8 R0: the reason goes back, the fallback is not played.
    A condition on the move itself ("Can I play M8 R0?") picks the fallback."""
    todo = [
        (TURN, "If M8 is still free, M8 R0, otherwise O9 R1", ["ask"]),
        (TURN, "Se la M8 è libera, M8 R0, altrimenti O9 R1", ["ask"]),
        (TURN, "Can I play M8 R0? If not, O9 R1", ["move O9 R1"]),
        (TURN, "Can I play M8 R1? If not, O9 R1", ["move M8 R1"]),
    ]
    assert pc.judge_phrases(pc.fc_stages(tmp_path, "en"), "en", todo) == ([], [])


def _parse(text: str) -> object:
    square, rot = text.split()
    if square in ("M13", "O9"):
        return text
    if square == "XX":
        raise InvalidSyntax("no")
    raise RuleError(f"{square} is taken")


def _moves(line: str) -> tuple[list[str], list[Move]]:
    toks = _tokens(line)
    moves = []
    k = 0
    while k < len(toks):
        if toks[k][:1].isalpha() and toks[k][1:].isdigit():
            end = k + 2 if k + 1 < len(toks) and toks[k + 1] in ("R0", "R1", "R2", "R3") else k + 1
            text = " ".join(toks[k:end])
            moves.append(Move(k, end, text, end - k == 2 and text.split()[0] in ("M13", "O9")))
            k = end
        else:
            k += 1
    return toks, moves


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("If M13 is still free, M13 R2, otherwise O9 R1", (MOVE, "M13 R2")),
        ("If N11 is still free, N11 R2, otherwise O9 R1", (MOVE, "O9 R1")),
        ("Can I place on N11? If not, O9 R1", (MOVE, "O9 R1")),
        ("Can I place on M13? If not, O9 R1", (OPEN, "M13")),
        ("If N11 is taken, O9 R1, otherwise N11 R0", (MOVE, "O9 R1")),
        # not this shape
        ("If N11 is still free, N11 R2", None),
        ("If N11 is still free, N11 R2, otherwise O9 R1 or M13 R2", None),
        ("Can I play R2? If not, O9 R1", None),
        ("If N11 is free, M13 R2, otherwise O9 R1", None),
        ("If N11 is taken, N11 R0, otherwise O9 R1", None),
        # "no longer free" is taken (ninth round); a negation alone still is not this shape
        ("Si N11 n'est plus libre, O9 R1, sinon N11 R0", (MOVE, "O9 R1")),
        ("Se N11 non è più libera, O9 R1, altrimenti N11 R0", (MOVE, "O9 R1")),
        ("If N11 is no longer free, O9 R1, otherwise N11 R0", (MOVE, "O9 R1")),
        ("Si N11 n'est pas libre, O9 R1, sinon N11 R0", None),
        ("Falls N11 nicht frei ist, O9 R1, sonst N11 R0", None),
    ],
)
def test_the_condition_alone(line: str, want: tuple[str, str] | None) -> None:
    toks, moves = _moves(line)
    assert decided(line, toks, moves, _tokens, _parse) == want


def test_a_square_open_or_not() -> None:
    assert square_open(_parse, "M13") is True
    assert square_open(_parse, "N11") is False
    assert square_open(_parse, "XX") is None


@pytest.mark.parametrize(
    ("lang", "body", "said"),
    [
        ("en", "Can I place on M13? If not, N9 R2", "M13 can still take your tile"),
        ("fr", "Je peux poser en M13 ? Sinon N9 R2", "M13 peut encore recevoir votre tuile"),
        ("it", "Posso mettere in M13? Se no, N9 R2", "M13 può ancora ricevere la vostra tessera"),
        ("de", "Kann ich auf M13 legen? Sonst N9 R2", "M13 kann Ihr Plättchen noch aufnehmen"),
        ("en", "If M8 is still free, M8 R0, otherwise O9 R1", "M8 R0 is illegal"),
    ],
)
def test_what_is_asked_back_says_why(tmp_path: Path, lang: str, body: str, said: str) -> None:
    """The square asked about is open: the reply says so, in the player's language; the move the
    condition picks is not legal: the game's own reason."""
    stage = next(stage for name, stage in pc.fc_stages(tmp_path, lang) if name == TURN)
    case = pc.Case("x", "x", lang, "fc:turn", "gmail", "ask", body)
    rec = stage.env.store.load(stage.gid)
    raw = pc.make_reply(case, stage.mail, rec.envelope.active_player(stage.seat).email)
    with i18n.speaking(lang):
        reading = pc.read_reply(stage, raw)
        errors = [str(e) for _line, e in reading.errors]
    assert not reading.commands
    assert any(said in e for e in errors), errors


# over several lines: {a} on the square {x}, {b} elsewhere
_OVER_LINES = {
    "fr": ["Si la {x} est encore libre :\n{a}\nSinon :\n{b}", "{a}\nSi {x} est déjà prise, alors {b}."],
    "it": ["Se la {x} è ancora libera gioco {a}.\nAltrimenti {b}.", "{a}\nSe la {x} fosse occupata, {b}."],
    "de": ["Wenn {x} noch frei ist: {a}\nSonst {b}", "{a}\nFalls {x} schon belegt ist: {b}."],
    "en": ["If {x} is still free, {a}.\nOtherwise {b}.", "{a}\nIf {x} is gone, {b} instead."],
}  # fmt: skip
_OVER_LINES_STILL_ASK = {
    "fr": ["{a}\nSi Paul prend {x}, alors {b}.", "Si {x} est encore libre :\n{a}\nSinon peut-être {b}"],
    "it": ["{a}\nSe Paolo prende la {x}, {b}.", "Se la {x} è libera gioca {a}.\nAltrimenti {b}."],
    "de": ["{a}\nFalls Bea {x} nimmt: {b}", "Wenn {x} noch frei ist: {a}\nSonst {b} oder {c}"],
    "en": ["{a}\nIf Bea takes {x}, {b} instead.", "If {x} is still free, {a}.\nOtherwise maybe {b}."],
}  # fmt: skip


@pytest.mark.parametrize("lang", pc.LANGS)
def test_a_condition_over_several_lines(tmp_path: Path, lang: str) -> None:
    """The condition, its move and its fallback on lines of their own are read as one line;
    the near-misses (someone else, a doubt, two fallbacks) are still asked back."""
    todo = []
    for x, a, b, c in _pairs():
        want = a if x in OPEN_SQUARES else b
        todo += [(TURN, form.format(x=x, a=a, b=b), [f"move {want}"]) for form in _OVER_LINES[lang]]
        still = _OVER_LINES_STILL_ASK[lang]
        todo += [(TURN, form.format(x=x, a=a, b=b, c=c), ["ask"]) for form in still]
    assert pc.judge_phrases(pc.fc_stages(tmp_path, lang), lang, todo) == ([], [])


def test_a_reply_of_conditions_stays_linear() -> None:
    """A hostile reply of condition lines: the windows tried as one condition are capped, so the
    game's parse is called in proportion to the lines (counted, not timed)."""
    from pbem.commands.grammar import read_commands

    def calls(n: int) -> int:
        count = 0

        def parse(text: str) -> object:
            nonlocal count
            count += 1
            if re.fullmatch(r"[A-Z]\d{1,2} R[0-3]", text):
                return _parse(text)
            if re.fullmatch(r"[A-Z]\d{1,2}", text):
                raise RuleError("needs a rotation")
            raise InvalidSyntax("not a move")

        lines = ["If M13 is free, M13 R2", "Otherwise N11 R0 if N11 is taken"] * (n // 2)
        read_commands(lines, parse)
        return count

    small, big = calls(100), calls(400)
    assert big <= 4.5 * small, (small, big)
