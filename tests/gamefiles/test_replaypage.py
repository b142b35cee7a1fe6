"""The replay page: self-contained, small, per-viewer during a game, everything after the end."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from gamefile_helpers import Table

from pbem.gamefiles.position import Replay, replay, service_replay
from pbem.gamefiles.record import record_of, verify_record
from pbem.gamefiles.replaypage import replay_page
from pbem.rules.forbidden_city.state import State as FCState
from pbem.rules.verbotene_stadt.state import State as VSState
from pbem.store import End, GameRecord, Keyring, Store


def page_data(page: str) -> dict:
    m = re.search(r'<script id="data" type="application/json">(.*?)</script>', page, re.S)
    assert m is not None
    return json.loads(m.group(1).replace("<\\/", "</"))


def test_a_finished_four_player_forbidden_city_page_is_small_and_self_contained(
    table: Table, keyring: Keyring
) -> None:
    rec = table.play(table.new("forbidden-city", 4))
    rep = service_replay(table.store, rec)
    page = replay_page(rep, seat=2, lang="fr", game_id=rec.game_id)
    assert len(page.encode()) <= 300_000
    assert not re.search(
        r"""(src|href)\s*=|@import|url\(|https?://(?!www\.w3\.org/2000/svg)""", page
    )
    data = page_data(page)
    assert data["n"] == rec.entries.in_effect()
    assert '<html lang="fr">' in page and "Coup " in data["where"][0]
    # After the end everything is shown: every seat's first tile is in the first panel.
    first = "\n".join(data["lines"][i] for i in data["frames"][0])
    setup = rep.states[0]
    assert isinstance(setup, FCState)
    assert all(f" {tile}," in first for tile in setup.hands)


def test_the_page_from_the_record_is_the_services(table: Table, keyring: Keyring) -> None:
    """A finished game's page made by the service equals the one made from its record alone."""
    rec = table.play(table.new("forbidden-city", 2))
    text = record_of(rec, keyring, lang="en")
    _, parsed = verify_record(text, keyring.public_key_text())
    assert parsed is not None
    mine = replay(parsed.entries, rec.game, [p.name for p in rec.envelope.players])
    theirs = service_replay(table.store, rec)
    assert replay_page(mine, seat=None, lang="en", game_id=rec.game_id) == replay_page(
        theirs, seat=None, lang="en", game_id=rec.game_id
    )


def _swap_hands(rep: Replay, reader: int) -> Replay:
    """Forbidden City: at every position, another seat's tile swapped with its next face-down one."""
    states: list[object] = []
    for st in rep.states:
        assert isinstance(st, FCState)
        hands, stacks = list(st.hands), list(st.stacks)
        for s in range(st.n):
            hand = hands[s]
            if s != reader and hand and stacks[s]:
                hands[s], stacks[s] = stacks[s][0], (hand, *stacks[s][1:])
        states.append(dataclasses.replace(st, hands=tuple(hands), stacks=tuple(stacks)))
    return dataclasses.replace(rep, states=states)


def test_a_seats_page_does_not_depend_on_another_seats_tiles(table: Table) -> None:
    rec = table.play(table.new("forbidden-city", 3), 25)
    rep = service_replay(table.store, rec)
    for reader in (None, 0, 1, 2):
        swapped = _swap_hands(rep, -1 if reader is None else reader)
        assert swapped.states[-1] != rep.states[-1]
        a = replay_page(rep, seat=reader, lang="de", game_id=rec.game_id)
        b = replay_page(swapped, seat=reader, lang="de", game_id=rec.game_id)
        assert a == b
    # ...while the tile of the page's own seat is on it.
    own = rec.state.hands[1]
    assert own in replay_page(rep, seat=1, lang="en", game_id=rec.game_id)


def test_a_seats_page_does_not_depend_on_another_seats_selection(
    tmp_path: Path, keyring: Keyring, monkeypatch: pytest.MonkeyPatch
) -> None:
    import secrets

    import pbem.store.committer as committer

    monkeypatch.setattr(secrets, "token_hex", lambda n: "ef" * n)
    monkeypatch.setattr(committer, "_unique_id", lambda prefix: prefix + "-same")
    pages: list[list[str]] = []
    for variant in (0, 1):
        t = Table(Store(tmp_path / f"g{variant}", keyring, fsync=False))
        gid = t.new("verbotene-stadt", 3)

        def choose(rec: GameRecord, seat: int, k: int, variant: int = variant) -> object:
            assert isinstance(rec.state, VSState)
            if seat != 2 or rec.state.phase != "select":
                return None
            legal = list(rec.game.legal(rec.state, seat))
            return legal[variant * (len(legal) - 1)]

        rec = t.play(gid, 12, choose=choose)
        rep = service_replay(t.store, rec)
        pages.append([replay_page(rep, seat=s, lang="it", game_id=gid) for s in (None, 0, 1, 2)])
    assert pages[0][:3] == pages[1][:3]
    assert pages[0][3] != pages[1][3]  # seat 2's own page shows its own selection


def test_a_long_verbotene_stadt_page_after_the_end(table: Table) -> None:
    gid = table.new("verbotene-stadt", 4)
    rec = table.play(gid, 120)
    rec = table.store.commit(gid, rec.seq, [End(reason="gm")], table.tick())
    page = replay_page(service_replay(table.store, rec), seat=0, lang="en", game_id=gid)
    data = page_data(page)
    assert data["n"] == 120 and len(data["board"]["moves"]) == 121
    text = "\n".join(data["lines"])
    assert "Your secret selection" in text and "(secret)" not in page
