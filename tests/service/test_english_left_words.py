"""English left in French, Italian and German mails, beyond whole sentences (issue 31): colour and
seat names, decision kinds, command echoes, "R any" and dates with seconds, over whole games of
both games played by mail in each language (with SAY, PREVIEW and RULES in the reader's words)."""

from __future__ import annotations

import re
from email.message import EmailMessage
from pathlib import Path

import pytest
from helpers import text_of
from mailkinds import Game
from test_i18n_mails import english_left

MAIL_STEPS = 150
"""Decisions answered by mail (the start of Die Verbotene Stadt, most of Forbidden City); the
rest is played by bots into the store and the game-over mails are sent."""

FC_COLOURS = re.compile(r"\b(purple|yellow|red|blue|Purple|Yellow|Red|Blue)\b")
SEATS = re.compile(r"\b(North|East|South|West)\b(?!, East, South, West)")
KINDS = re.compile(r"\b(believe-or-doubt|take-card|reselect|steal)\b|\bfor move\b|pour move\b")
ISO = re.compile(r"\b\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d")
WORDS = {
    "fr": {"say": "DIRE Bonne chance à tous", "preview": "APERÇU", "rules": "RÈGLES"},
    "it": {"say": "DIRE Buona fortuna a tutti", "preview": "ANTEPRIMA", "rules": "REGOLE"},
    "de": {"say": "SAGE Viel Glück allen", "preview": "VORSCHAU", "rules": "REGELN"},
}


class Table(Game):
    def mover(self) -> int | None:  # type: ignore[override]
        rec = self.env.store.load(self.gid)
        pending = rec.pending()
        return int(pending[0].seat) if rec.envelope.status == "active" and pending else None


def _leftovers(m: EmailMessage, lang: str, game: str) -> list[str]:
    text = text_of(m)
    html = m.get_body(("html",))
    flat = text + "\n" + (re.sub(r"<[^>]+>", " ", html.get_content()) if html else "")
    found = english_left(flat, lang)
    if game == "forbidden-city":
        found += FC_COLOURS.findall(flat)
        found += re.findall(r"(?<![A-Za-z])R any", flat)
    elif "RULES" not in str(m["Subject"]) and "aide" not in str(m["Subject"]).lower():
        found += SEATS.findall(flat)
    found += [x for x in KINDS.findall(flat) if x]
    found += ISO.findall(flat)
    return found


@pytest.mark.slow  # out of the fast lane (the full suite runs it)
@pytest.mark.parametrize("game", ["forbidden-city", "verbotene-stadt"])
def test_no_english_words_left_over_a_whole_game(tmp_path: Path, game: str) -> None:
    """One game of three players, a French, an Italian and a German one: every mail in its
    reader's language (one game for the three: six games until the twelfth round), each player
    writing SAY, RULES and PREVIEW in their own words."""
    langs = ["fr", "it", "de"]
    t = Table(tmp_path, len(langs), game=game, langs=langs)
    for k, lang in enumerate(langs):
        t.send(k, WORDS[lang]["say"])
        t.send(k, WORDS[lang]["rules"])
    previewed: set[int] = set()
    i = 0
    while (seat := t.mover()) is not None and i < MAIL_STEPS:
        if seat not in previewed:
            previewed.add(seat)
            addr = t.players[seat][1]
            turn = t.last[addr]
            t.send(seat, f"{WORDS[langs[seat]]['preview']} {t.bot_move(i)}")
            t.last[addr] = turn  # the move answers the turn mail
        t.send(seat, t.bot_move(i))
        i += 1
    t.finish()
    assert t.env.store.load(t.gid).envelope.status == "ended"
    problems = {}
    read = {lang: 0 for lang in langs}
    for m in t.mails:
        addr = t.addr_of(m)
        assert addr is not None, m["To"]
        lang = t.lang[addr]
        read[lang] += 1
        left = _leftovers(m, lang, game)
        if left:
            problems[f"{lang}: {m['Subject']}"] = sorted(set(left))
    assert problems == {}, problems
    assert min(read.values()) > 20, read  # each language read over the whole game


@pytest.mark.parametrize("lang", ["fr", "it", "de"])
def test_deadline_notices_name_the_decision_in_the_readers_language(lang: str) -> None:
    """ "a fixé un délai pour move" (issue 31): every decision kind of both games is translated."""
    from pbem import i18n
    from pbem.commands.describe import DECISION_KINDS, deadline_sentence
    from pbem.store.payloads import DeadlineLine

    with i18n.speaking(lang):
        for kind in DECISION_KINDS:
            text = deadline_sentence(DeadlineLine(at=None, kind=kind, seconds=86400, source="gm"))
            assert kind not in text.split() and english_left(text, lang) == [], text


def test_french_punctuation_never_starts_a_line() -> None:
    """French typography (issue 31): the space before ; : ! ? (and inside « ») never breaks."""
    from pbem.mail.compose import _wrap

    text = "Répondez à ce mail ; seule votre réponse compte : « merci » ! Vraiment ?"
    for width in range(12, 60):
        for line in _wrap(text, width).splitlines():
            assert line[:1] not in ";:!?»", (width, line)
            assert not line.endswith("«"), (width, line)
    assert _wrap("Scores: Ann 3", 72) == "Scores: Ann 3"
