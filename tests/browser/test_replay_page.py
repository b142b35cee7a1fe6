"""The replay page in a real browser (headless Chromium through selenium): it fits a 360 px phone
and a 1000 px screen, loads nothing, and the slider, the buttons and the arrow keys reach every
move, showing the board of the record at each (checked at a sample of moves)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from longtests import LONG
from test_mail_html import _shoot, artifacts, driver  # noqa: F401  (the shared browser)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "gamefiles"))

from gamefile_helpers import Table  # noqa: E402

from pbem.gamefiles.position import Replay, service_replay  # noqa: E402
from pbem.gamefiles.replaypage import S, replay_page  # noqa: E402
from pbem.rules.forbidden_city.game import View  # noqa: E402
from pbem.rules.verbotene_stadt.state import State as VSState  # noqa: E402
from pbem.store import End, Keyring, Store  # noqa: E402

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, tuple[Path, Replay]]]:
    root = tmp_path_factory.mktemp("replay")
    table = Table(Store(root / "games", Keyring.create(root / "keys"), fsync=False))
    out: dict[str, tuple[Path, Replay]] = {}
    fc = table.play(table.new("forbidden-city", 4))
    running = table.play(table.new("forbidden-city", 3), 30)
    gid = table.new("verbotene-stadt", 3)
    vs = table.play(gid, 60)
    vs = table.store.commit(gid, vs.seq, [End(reason="gm")], table.tick())
    for name, rec, seat, lang in (
        ("fc-4p-over", fc, None, "fr"),
        ("fc-3p-seat1", running, 1, "de"),
        ("vs-3p-over", vs, 0, "it"),
    ):
        rep = service_replay(table.store, rec)
        path = root / f"{name}.html"
        path.write_text(replay_page(rep, seat=seat, lang=lang, game_id=rec.game_id))
        out[name] = (path, rep)
    yield out


def _at(drv: Any) -> int:
    return int(drv.execute_script("return +document.getElementById('slider').value"))


def _check_board(drv: Any, rep: Replay, k: int) -> None:
    """The board shown is the record's position after move ``k``."""
    game = rep.game
    if game.name == "forbidden-city":
        shown = drv.execute_script(
            "return Array.from(document.querySelectorAll('#board [data-k]'))"
            ".filter(e => e.style.display !== 'none').length"
        )
        view = game.view(rep.states[k], None)
        assert isinstance(view, View)
        assert shown == len(view.cells), f"move {k}"
        return
    board = game.board  # type: ignore[attr-defined]
    state = rep.states[k]
    assert isinstance(state, VSState)
    for o, cell in enumerate(state.positions):
        got = drv.execute_script(
            f"var e=document.getElementById('o{o}');"
            "return [e.style.display, e.getAttribute('transform')]"
        )
        if cell < 0:
            assert got[0] == "none", f"move {k}: official {o} should be exiled"
        else:
            x, y = board.xy(cell)
            assert got == ["", f"translate({22 + x * S},{18 + y * S})"], f"move {k}, official {o}"


def open_page(driver: Any, path: Path, width: int, shot: str) -> None:  # noqa: F811
    """Open a page file at ``width`` px: it must not scroll sideways nor fetch anything (a
    screenshot ``<shot>-<width>.png`` goes to the artifacts)."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver.get(path.as_uri())
    assert driver.execute_script("return window.innerWidth") == width
    scroll = driver.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= width, f"{shot} at {width}px scrolls sideways ({scroll})"
    # Nothing fetched: no resource besides the page itself.
    assert driver.execute_script("return performance.getEntriesByType('resource').length") == 0
    _shoot(driver, artifacts() / f"{shot}-{width}.png")


def _slide_to(drv: Any, k: int) -> None:
    """Set the slider to ``k`` as a finger would (the page follows its input event)."""
    drv.execute_script(
        "var s=document.getElementById('slider');s.value=arguments[0];"
        "s.dispatchEvent(new Event('input'))",
        k,
    )


@pytest.mark.parametrize("width", [360, 1000])
@pytest.mark.parametrize("name", ["fc-4p-over", "fc-3p-seat1", "vs-3p-over"])
def test_the_replay_page_fits_loads_nothing_and_reaches_every_move(
    driver: Any,  # noqa: F811
    games: dict[str, tuple[Path, Replay]],
    name: str,
    width: int,
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    path, rep = games[name]
    n = len(rep.moves)
    open_page(driver, path, width, f"replay-{name}")
    assert _at(driver) == n
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.HOME)
    assert _at(driver) == 0
    sample = {0, 1, n // 2, n - 1, n}
    _check_board(driver, rep, 0)
    if width <= 360 or LONG:
        # Every move by the arrow key on the phone (both widths with PBEM_LONG_TESTS=1): the
        # steps are the same page at any width, a round trip to the browser each.
        for k in range(1, n + 1):
            body.send_keys(Keys.ARROW_RIGHT)
            assert _at(driver) == k
            if k in sample:
                _check_board(driver, rep, k)
    else:
        for k in sorted(sample - {0}):
            _slide_to(driver, k)
            assert _at(driver) == k
            _check_board(driver, rep, k)
    body.send_keys(Keys.ARROW_RIGHT)  # past the end: stays
    assert _at(driver) == n
    for k in range(n - 1, n - 6, -1):
        body.send_keys(Keys.ARROW_LEFT)
        assert _at(driver) == k
    driver.find_element(By.ID, "prev").click()
    assert _at(driver) == n - 6
    driver.find_element(By.ID, "next").click()
    assert _at(driver) == n - 5
    # The slider: set it as a finger would, the position follows.
    _slide_to(driver, 3)
    assert _at(driver) == 3
    _check_board(driver, rep, 3)
    assert "3" in driver.find_element(By.ID, "where").text
    scroll = driver.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= width
