"""The standings page of the site ``pbem admin publish`` writes (``standings.html``): every pool's
players from the service's standings file, by name, never by address; no reliability (a player
sees only their own, by mail). One self-contained HTML file like the replay pages: no script, and
no font, image or style from elsewhere."""

from __future__ import annotations

import html

from pbem.i18n import _, speaking
from pbem.standings.ratings import Standings
from pbem.standings.table import pools, rows

PAGE_CSS = """*{box-sizing:border-box}body{margin:0 auto;padding:8px;max-width:60em;
font:15px/1.4 sans-serif;color:#222;background:#faf7f0}h2{font-size:1.1em;margin:1.2em 0 .3em}
table{border-collapse:collapse;width:100%}td,th{padding:3px 5px;border-bottom:1px solid #ddd;
text-align:right;white-space:nowrap}td.n,th.n{text-align:left;white-space:normal;
overflow-wrap:anywhere;width:100%}p{max-width:40em}
@media(max-width:480px){body{font-size:13px;padding:6px}td,th{padding:3px 2px}}"""


def standings_page(standings: Standings, *, lang: str = "en") -> str:
    """The page of ``standings`` (the service's file, :func:`pbem.standings.load`) in ``lang``."""
    from pbem.standings.table import game_title, pool_title

    with speaking(lang):
        title = _("Standings")
        parts = [f"<h1>{html.escape(title)}</h1>"]
        head = "".join(
            f"<th{c}>{html.escape(w)}</th>"
            for c, w in (
                ("", "#"),
                (' class="n"', _("player")),
                ("", _("rating")),
                ("", _("change")),
                ("", _("games")),
                ("", _("wins")),
            )
        )
        for pool in pools(standings):
            name = pool_title(game_title(pool.split("/")[0]), pool)
            body = []
            for row in rows(standings, pool):
                r = row.rating
                player = _("computer") if row.computer else r.name
                mark = "?" if r.provisional else ""
                body.append(
                    f"<tr><td>{row.place}</td><td class=n>{html.escape(player)}</td>"
                    f"<td>{r.rating:.2f}{mark}</td><td>{r.change:+.2f}</td>"
                    f"<td>{r.games}</td><td>{r.wins}</td></tr>"
                )
            parts.append(
                f"<h2>{html.escape(name)}</h2><table><tr>{head}</tr>{''.join(body)}</table>"
            )
        if not standings.pools:
            parts.append(f"<p>{html.escape(_('No rated game has ended yet.'))}</p>")
        else:
            parts.append(
                "<p>"
                + html.escape(
                    _(
                        "Rating: the mean less three deviations, marked ? while provisional; "
                        "change: in the player's last game of the pool. Anyone can recompute "
                        "these standings from the games' exports (pbem standings --from)."
                    )
                )
                + "</p>"
            )
        parts.append(
            "<p>"
            + html.escape(_("Games counted: %(num)d.") % {"num": len(standings.games)})
            + ' <a href="index.html">'
            + html.escape(_("All games"))
            + "</a></p>"
        )
    return (
        f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{html.escape(title)}</title><style>{PAGE_CSS}</style></head><body>"
        + "".join(parts)
        + "</body></html>\n"
    )
