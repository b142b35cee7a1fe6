"""Issue 27 (leftover): the start mail's subject says "your turn" to the seat that owes the first
decision, as a turn mail's does, and only to that seat; a reply quoting it still reads."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import drain, make_env

from pbem.i18n import speaking
from pbem.mail.reply import subject_text

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]


@pytest.mark.parametrize("game", ["forbidden-city", "verbotene-stadt"])
def test_the_start_mail_tells_the_first_mover_it_is_their_turn(tmp_path: Path, game: str) -> None:
    env = make_env(tmp_path)
    gid = env.store.create(game, PLAYERS, {}, 5, env.clock())
    env.service.flush_journal()
    mails = drain(env)
    rec = env.store.load(gid)
    owing = {d.seat for d in rec.pending()}
    for seat, (_name, addr) in enumerate(PLAYERS):
        (start,) = [m for m in mails if addr in str(m["To"])]
        subject = " ".join(str(start["Subject"]).split())
        assert "a new game starts" in subject
        assert ("a new game starts: your turn (move 1)" in subject) == (seat in owing), subject
    # A move written after the start mail's subject in a reply reads without its fingerprint.
    mover = min(owing)
    (start,) = [m for m in mails if PLAYERS[mover][1] in str(m["To"])]
    move = rec.legal_notations(mover)[0]
    subject = " ".join(str(start["Subject"]).split())
    assert subject_text(f"Re: {subject} {move}") == move


def test_the_start_subject_in_french(tmp_path: Path) -> None:
    with speaking("fr"):
        from pbem.i18n import _

        assert _("your turn (move %(num)d)") != "your turn (move %(num)d)"
        assert _("a new game starts") != "a new game starts"
