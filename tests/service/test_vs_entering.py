"""Die Verbotene Stadt's turn mail lists the moves that enter the active pavilion (issue 25), one
line per official, in the text and the HTML part, in the player's language; and its HTML part
shows the board as a picture marked with the reader's own secret official."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from helpers import text_of
from mailkinds import MailTable

from pbem.i18n import speaking
from pbem.rules.base import derive_rng
from pbem.rules.verbotene_stadt.state import Move
from pbem.store.entries import ActionEntry

HEADING = {
    "en": "enter the active pavilion",
    "fr": "dans le pavillon actif",
    "it": "nel padiglione attivo",
    "de": "den aktiven Pavillon",
}
NONE = {
    "en": "No move enters the active pavilion",
    "fr": "Aucun déplacement n'entre maintenant dans le pavillon actif",
    "it": "Nessuna mossa entra ora nel padiglione attivo",
    "de": "Kein Zug betritt jetzt den aktiven Pavillon",
}


def _play_until(table: MailTable, entering: bool) -> int:
    """Bots play straight into the store until the seat to move has an entering move (or has
    none, with ``entering`` False); then the service mails. Returns that seat."""
    for i in range(2000):
        rec = table.env.store.load(table.gid)
        d = rec.pending()[0]
        if d.kind == "move" and i > 8:
            moves = [a for a in rec.game.legal(rec.state, d.seat) if isinstance(a, Move)]
            if any(m.mode for m in moves) == entering:
                table.env.service.notify(table.gid)
                table.take()
                return int(d.seat)
        bot = rec.game.bots()["heuristic"]
        action = bot.choose(rec.game, rec.state, d.seat, derive_rng(3, "e", i))
        table.env.store.commit(
            table.gid, rec.seq, [ActionEntry(d.seat, action=action, source="gm")], table.env.clock()
        )
    raise AssertionError("no such position")


@pytest.mark.parametrize("lang", ["en", "fr", "it", "de"])
def test_the_turn_mail_lists_the_entering_moves(tmp_path: Path, lang: str) -> None:
    table = MailTable(tmp_path, 4, seed=5, game="verbotene-stadt", langs=[lang] * 4)
    seat = _play_until(table, entering=True)
    addr = table.players[seat][1]
    mail = table.last[addr]
    rec = table.env.store.load(table.gid)
    game = rec.game
    entering: dict[str, list[str]] = {}
    for a in game.legal(rec.state, seat):
        if isinstance(a, Move) and a.mode:
            code, _, rest = game.notation(a).partition(" ")
            entering.setdefault(code, []).append(rest)
    text = " ".join(text_of(mail).split())
    count = sum(len(v) for v in entering.values())
    with speaking(lang):
        title, lines = game.listed_moves(rec.state, seat)
    assert title.startswith(f"{count} ") and str(rec.state.active_pavilion) in title
    assert " ".join(title.split()) in text and len(lines) == len(entering)
    for code, rests in entering.items():
        assert f"{code}: {', '.join(rests)}" in text
    part = mail.get_body(preferencelist=("html",))
    assert part is not None
    page = html.unescape(str(part.get_content()))
    for code, rests in entering.items():
        assert f"<code>{code}: {', '.join(rests)}</code>" in page
    # The picture: the board PNG, its alt text telling the reader's own official.
    images = [p for p in mail.walk() if p.get_content_type() == "image/png"]
    assert len(images) == 1
    # Nobody else's mail lists them (they are the mover's legal moves).
    for other, (_name, other_addr) in enumerate(table.players):
        if other != seat:
            assert HEADING[lang] not in " ".join(text_of(table.last[other_addr]).split())


def test_a_turn_without_an_entering_move_says_so(tmp_path: Path) -> None:
    table = MailTable(tmp_path, 3, seed=8, game="verbotene-stadt", langs=["de"] * 3)
    seat = _play_until(table, entering=False)
    text = " ".join(text_of(table.last[table.players[seat][1]]).split())
    assert NONE["de"] in text
