"""The board pictures' caches stay small: an unmarked board is an image of about 1 MB, drawn
once per position and kept only among a few (a daemon kept up to 256 of them: 220 MB)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from pbem.mail import picture
from pbem.service.mailer import picture_of
from pbem.store import ActionEntry, Keyring, Store

PLAYERS = [
    ("Ann", "ann@example.org"),
    ("Bob", "bob@example.org"),
    ("Cy", "cy@example.org"),
    ("Di", "di@example.org"),
]


def test_each_position_is_drawn_once_and_few_unmarked_boards_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(tmp_path / "games", Keyring.create(tmp_path / "keys"), fsync=False)
    now = datetime(2026, 11, 25, 12, 0, tzinfo=UTC)
    gid = store.create("forbidden-city", PLAYERS, {}, 7, now)
    drawn: list[Any] = []
    real = picture._draw_base

    def counting(view: Any, geometry: Any) -> Any:
        drawn.append(view.cells)
        return real(view, geometry)

    monkeypatch.setattr(picture, "_draw_base", counting)
    picture._CACHE.clear()
    picture._BASES.clear()
    positions = picture.BASES_SIZE + 6
    for _ in range(positions):
        rec = store.load(gid)
        for seat in range(len(PLAYERS)):  # one move's mails: every seat's picture
            pic = picture_of(rec, seat)
            assert pic is not None and pic.board.png.startswith(b"\x89PNG")
        seat = rec.pending()[0].seat
        move = rec.legal_notations(seat)[0]
        now += timedelta(minutes=1)
        store.commit(gid, rec.seq, [ActionEntry(seat, text=move, source="gm")], now)
    assert len(drawn) == positions  # the four seats of a position share its unmarked board
    assert len(picture._BASES) == picture.BASES_SIZE
    assert not any(isinstance(v, picture._Base) for v in picture._CACHE.values())
    # The latest positions are still there: one more mail of the last one draws nothing.
    picture_of(rec, 0)
    assert len(drawn) == positions
