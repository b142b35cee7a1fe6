"""``pbem admin publish``: a static site with nothing private in it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import msgspec
from gamefile_helpers import Table
from typer.testing import CliRunner

from pbem.gamefiles.position import Replay, service_replay
from pbem.gamefiles.publish import publish
from pbem.gamefiles.replaypage import replay_page
from pbem.store import End, Keyring


def _redacted(rep: Replay) -> Replay:
    """Every position with every private value (all hands, stacks, selections) a stand-in."""
    redact = rep.game.redact  # type: ignore[attr-defined]
    return dataclasses.replace(rep, states=[redact(s, -1) for s in rep.states])


def test_publish_writes_nothing_private(table: Table, keyring: Keyring, tmp_path: Path) -> None:
    big = 2**61 + 987_654_321  # a seed that cannot turn up by chance
    running_fc = table.new("forbidden-city", 3, seed=big)
    table.play(running_fc, 21)
    running_vs = table.new("verbotene-stadt", 3, seed=big + 1)
    table.play(running_vs, 30)
    over = table.new("forbidden-city", 2)
    rec = table.play(over, 10)
    table.store.commit(over, rec.seq, [End(reason="gm")], table.tick())
    out = tmp_path / "site"
    written = publish(table.store, out, lang="it")
    assert "index.html" in written and "standings.html" in written and len(written) == 3 + 3 * 2
    index = (out / "index.html").read_text()
    for gid in (running_fc, running_vs, over):
        assert f"{gid}.replay.html" in index
    blob = b"".join((out / name).read_bytes() for name in written)
    assert b"@example.org" not in blob
    for gid in (running_fc, running_vs):
        rec = table.store.load(gid)
        raw = table.store.keyring.unseal(
            rec.entries[0].payload.sealed_seed,  # type: ignore[union-attr]
            f"pbem-v1:{gid}:seed".encode(),
        )
        seed = str(msgspec.json.decode(raw)["seed"]).encode()
        assert seed not in blob, "a running game's seed was published"
        assert b'[Seed "' not in (out / f"{gid}.record.txt").read_bytes()
        # The public page is the same whatever every private value is.
        rep = service_replay(table.store, rec)
        public = replay_page(rep, seat=None, lang="it", game_id=gid)
        assert (out / f"{gid}.replay.html").read_text() == public
        assert replay_page(_redacted(rep), seat=None, lang="it", game_id=gid) == public
    assert b'[Seed "' in (out / f"{over}.record.txt").read_bytes()


def test_admin_publish_command(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from pbem.cli import app
    from pbem.config import load_config

    monkeypatch.chdir(tmp_path)
    for var in ("PBEM_CONFIG", "PBEM_DATA_DIR", "PBEM_KEYS_DIR"):
        monkeypatch.delenv(var, raising=False)
    runner = CliRunner()
    assert runner.invoke(app, ["init", "--data-dir", str(tmp_path / "games")]).exit_code == 0
    table = Table(load_config(tmp_path / "pbem.toml").store())
    table.play(table.new("forbidden-city", 2), 4)
    result = runner.invoke(app, ["admin", "publish", str(tmp_path / "www"), "--lang", "de"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "www" / "index.html").exists()
    assert runner.invoke(app, ["admin", "publish", "x", "--lang", "xx"]).exit_code == 2


def _cells(page: str) -> list[list[tuple[str, str, str, str, str, str]]]:
    """Each pool table's rows as the page shows them (place, player, rating, change, games,
    wins)."""
    import re

    tables = re.findall(r"<table>(.*?)</table>", page)
    cell = r"<td(?: class=n)?>(.*?)</td>"
    return [re.findall(r"<tr>" + cell * 6 + "</tr>", t) for t in tables]


def test_publish_writes_the_standings_page(table: Table, tmp_path: Path) -> None:
    import html

    from pbem.standings import load, rebuild
    from pbem.standings.page import standings_page
    from pbem.standings.table import pools, rows

    table.play(table.new("forbidden-city", 2))
    table.play(table.new("forbidden-city", 3, seed=5))
    table.play(table.new("forbidden-city", 2, seed=9), 6)  # running: not counted
    standings = rebuild(table.store)
    assert len(standings.games) == 2
    out = tmp_path / "site"
    written = publish(table.store, out, lang="fr")
    assert "standings.html" in written
    page = (out / "standings.html").read_text()
    # The same standings file, the same page.
    assert page == standings_page(load(table.store.data_dir), lang="fr")
    assert 'href="standings.html"' in (out / "index.html").read_text()
    assert "<h1>Classement</h1>" in page and "Parties comptées : 2." in page
    # Every pool, every player by name in the file's order, with the file's figures.
    want = [
        [
            (
                str(row.place),
                html.escape(row.rating.name),
                f"{row.rating.rating:.2f}" + ("?" if row.rating.provisional else ""),
                f"{row.rating.change:+.2f}",
                str(row.rating.games),
                str(row.rating.wins),
            )
            for row in rows(standings, pool)
        ]
        for pool in pools(standings)
    ]
    assert want == _cells(page) and len(want) == 2 and len(want[1]) == 3
    # Names only: no address; self-contained: nothing fetched, no script.
    assert "@example.org" not in page
    for outside in ("<script", "src=", "<link", "url(", "http"):
        assert outside not in page


def test_the_standings_page_before_any_rated_game() -> None:
    from pbem.standings.page import standings_page
    from pbem.standings.ratings import Standings

    page = standings_page(Standings(), lang="de")
    assert "<h1>Rangliste</h1>" in page and "Noch keine gewertete Partie ist zu Ende." in page
    assert "<table>" not in page
