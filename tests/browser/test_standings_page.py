"""The standings page of the published site in a real browser (headless Chromium through
selenium): it fits a 360 px phone and a 1000 px screen with long names, loads nothing, and shows
every pool's players in the standings file's order."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_mail_html import driver  # noqa: F401  (the shared browser)
from test_replay_page import open_page

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "gamefiles"))

from gamefile_helpers import Table  # noqa: E402

from pbem.gamefiles.publish import publish  # noqa: E402
from pbem.standings import rebuild  # noqa: E402
from pbem.standings.ratings import Standings  # noqa: E402
from pbem.standings.table import pools, rows  # noqa: E402
from pbem.store import Keyring, Store  # noqa: E402

pytestmark = pytest.mark.browser

NAMES = [
    "Anna-Katharina Freifrau von Hohenzollern-Sigmaringen",
    "Bo",
    "Jean-Baptiste Grenouille-Delacroix-Montmorency",
    "Zoë",
]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Standings]]:
    root = tmp_path_factory.mktemp("standings")
    table = Table(Store(root / "games", Keyring.create(root / "keys"), fsync=False))
    for k, n in enumerate((2, 3, 4, 2)):
        players = [(NAMES[(k + i) % 4], f"p{(k + i) % 4}@example.org") for i in range(n)]
        gid = table.store.create("forbidden-city", players, {}, 40 + k, table.tick())
        table.play(gid)
    standings = rebuild(table.store)
    publish(table.store, root / "www", lang="de")
    yield root / "www" / "standings.html", standings


@pytest.mark.parametrize("width", [360, 1000])
def test_the_standings_page_fits_and_loads_nothing(
    driver: Any,  # noqa: F811
    site: tuple[Path, Standings],
    width: int,
) -> None:
    from selenium.webdriver.common.by import By

    path, standings = site
    open_page(driver, path, width, "standings")
    tables = driver.find_elements(By.TAG_NAME, "table")
    assert len(tables) == len(pools(standings)) == 2
    for t, pool in zip(tables, pools(standings), strict=True):
        shown = [r.find_elements(By.TAG_NAME, "td") for r in t.find_elements(By.TAG_NAME, "tr")]
        shown = [cells for cells in shown if cells]
        want = rows(standings, pool)
        assert [(c[0].text, c[1].text) for c in shown] == [
            (str(r.place), r.rating.name) for r in want
        ]
        # Every cell within the page's width.
        for cells in shown:
            right = max(c.rect["x"] + c.rect["width"] for c in cells)
            assert right <= width + 0.5
    assert driver.find_element(By.TAG_NAME, "h1").text == "Rangliste"
