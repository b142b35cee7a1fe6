"""``pbem admin publish DIR``: a static site of the service's games that any web server can serve.

``index.html`` lists the games with their status; each game has its record (``<id>.record.txt``)
and its replay page (``<id>.replay.html``); ``standings.html`` shows the standings (issue 29), from
the service's standings file, by name, never by address. Nothing private is written: a running game's page is
the public view at every move (no hand, no secret choice), its record has no seed, and no file
names a player's address. A finished game's page shows everything, as its players' pages do.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING

from pbem import layout
from pbem.gamefiles.attach import record_name
from pbem.i18n import _, speaking

if TYPE_CHECKING:
    from pbem.store import Store

STANDINGS_PAGE = "standings.html"
"""The standings page of the site (:func:`pbem.standings.page.standings_page`)."""

INDEX_CSS = """*{box-sizing:border-box}body{margin:0;padding:8px;font:15px/1.4 sans-serif;
color:#222;background:#faf7f0}table{border-collapse:collapse;width:100%}td,th{padding:4px 6px;
border-bottom:1px solid #ddd;text-align:left;overflow-wrap:anywhere}"""


def publish(store: Store, out: Path, *, lang: str = "en") -> list[str]:
    """Write the site into ``out``; returns the files written (names relative to ``out``)."""
    from pbem.gamefiles.position import service_replay
    from pbem.gamefiles.record import record_of
    from pbem.gamefiles.replaypage import replay_page
    from pbem.standings import load
    from pbem.standings.page import standings_page
    from pbem.store.fsutil import atomic_write

    out.mkdir(parents=True, exist_ok=True)
    written: list[str] = []
    rows: list[str] = []
    for gid in sorted(store.game_ids()):
        rec = store.load(gid)
        env = rec.envelope
        page_file = layout.replay_name(gid)
        rec_file = record_name(gid)
        page = replay_page(service_replay(store, rec), seat=None, lang=lang, game_id=gid)
        atomic_write(out / page_file, page.encode("utf-8"), mode=0o644)
        atomic_write(out / rec_file, record_of(rec, store.keyring, lang=lang).encode(), mode=0o644)
        written += [page_file, rec_file]
        names = rec.seat_names()
        with speaking(lang):
            players = ", ".join(f"{env.active_player(s).name} ({_(names[s])})" for s in env.seats())
        rows.append(
            "<tr>"
            f'<td><a href="{html.escape(page_file)}">{html.escape(gid)}</a></td>'
            f"<td>{html.escape(rec.game.title)}</td><td>{html.escape(players)}</td>"
            f"<td>{html.escape(env.status)}</td><td>{rec.entries.in_effect()}</td>"
            f'<td><a href="{html.escape(rec_file)}">{html.escape(rec_file)}</a></td></tr>'
        )
    # The standings (issue 29): from the service's standings file, names only.
    page = standings_page(load(store.data_dir), lang=lang)
    atomic_write(out / STANDINGS_PAGE, page.encode("utf-8"), mode=0o644)
    written.append(STANDINGS_PAGE)
    with speaking(lang):
        standings_link = f'<p><a href="{STANDINGS_PAGE}">{html.escape(_("Standings"))}</a></p>'
    index = (
        f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>pbem</title><style>{INDEX_CSS}</style></head><body><h1>pbem</h1>"
        + standings_link
        + "<table><tr><th>game</th><th></th><th>players</th><th>status</th><th>moves</th>"
        "<th>record</th></tr>" + "".join(rows) + "</table></body></html>\n"
    )
    atomic_write(out / "index.html", index.encode("utf-8"), mode=0o644)
    written.append("index.html")
    (out / "pbem-public-key.txt").write_text(store.keyring.public_key_text() + "\n")
    written.append("pbem-public-key.txt")
    return written
