"""Every kind of mail's HTML part in a real browser (headless Chromium through selenium).

Each HTML part is written to a folder with its inline images (``cid:`` rewritten to the files'
names, as a mail client resolves them), opened at 360 px (a phone, with mobile emulation so the
viewport tag counts) and at 1000 px, and checked: the page does not scroll sideways, with the
board's text ``<details>`` closed and open, and every image loaded. Screenshots of the whole page
are kept in ``$PBEM_ARTIFACTS`` (default ``tests/artifacts/``, git-ignored).

Without Chromium, chromium-driver or selenium the tests are skipped loudly; under ``CI=true`` that
skip fails the run (see tests/conftest.py).
"""

from __future__ import annotations

import base64
import os
import re
import shutil
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from mailkinds import Game, every_kind

pytestmark = pytest.mark.browser

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
KINDS = ["start", "turn", "moved", "rejected", "help", "history", "board", "say", "notice", "over"]
KINDS += ["rules"]  # issue 31
KINDS_VS = ["vs-start", "vs-help", "vs-rules"]
"""Die Verbotene Stadt's mails without a board to draw: they must fit too."""
KINDS_VS_PICTURE = ["vs-turn", "vs-moved"]
"""Die Verbotene Stadt's board as a picture (issue 25): the mover's turn mail and another
player's mail of the same move (each with its reader's own secret official ringed)."""
WIDTHS = [360, 1000]
LANGS = ["fr", "it", "de"]
"""HELP and RULES are also read at 360 px in these languages."""


def artifacts() -> Path:
    path = Path(os.environ.get("PBEM_ARTIFACTS") or Path(__file__).parent.parent / "artifacts")
    out = path / "browser"
    out.mkdir(parents=True, exist_ok=True)
    return out


def _missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e .[test])"
    for p in (CHROMIUM, DRIVER):
        if not Path(p).exists():
            return f"{p} is missing (apt-get install chromium chromium-driver)"
    return None


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    why = _missing()
    if why:
        pytest.skip(f"NO BROWSER TESTS: {why}")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--window-size=1000,900",
    ):
        opts.add_argument(arg)
    drv = webdriver.Chrome(service=Service(DRIVER), options=opts)
    try:
        yield drv
    finally:
        drv.quit()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """kind -> an HTML file with its inline images next to it."""
    root = tmp_path_factory.mktemp("mails")
    mails = every_kind(root / "game")
    out = {}
    for kind, msg in mails.items():
        out[kind] = write_html(msg, root / kind)
    vs = Game(root / "vs", 4, game="verbotene-stadt")
    out["vs-start"] = write_html(vs.mails[0], root / "vs-start")
    (help_mail,) = vs.send(0, "HELP")
    out["vs-help"] = write_html(help_mail, root / "vs-help")
    (rules_mail,) = vs.send(0, "RULES")
    out["vs-rules"] = write_html(rules_mail, root / "vs-rules")
    for i in range(12):
        seat = vs.mover()
        mails = vs.send(seat, vs.bot_move(i))
    mover = vs.mover()
    turn = [m for m in mails if vs.players[mover][1] in str(m["To"])][-1]
    other = [m for m in mails if vs.players[(mover + 1) % 4][1] in str(m["To"])][-1]
    out["vs-turn"] = write_html(turn, root / "vs-turn")
    out["vs-moved"] = write_html(other, root / "vs-moved")
    # HELP and RULES in the other languages (German's long words are the hardest to fit).
    for lang in LANGS:
        for game, prefix in (("forbidden-city", ""), ("verbotene-stadt", "vs-")):
            table = Game(root / f"{prefix}{lang}", 4, game=game, langs=[lang] * 4)
            for verb in ("HELP", "RULES"):
                (mail,) = table.send(0, verb)
                kind = f"{prefix}{verb.lower()}-{lang}"
                out[kind] = write_html(mail, root / kind)
    return out


def write_html(msg: EmailMessage, folder: Path) -> Path:
    """The HTML part of ``msg`` as a file, its ``cid:`` images saved beside it and linked."""
    folder.mkdir(parents=True)
    html_part = msg.get_body(preferencelist=("html",))
    assert html_part is not None
    html = str(html_part.get_content())
    for i, part in enumerate(p for p in msg.walk() if p.get_content_maintype() == "image"):
        cid = str(part["Content-ID"]).strip("<>")
        name = f"image{i}.png"
        data = part.get_payload(decode=True)
        assert isinstance(data, bytes)
        (folder / name).write_bytes(data)
        assert f"cid:{cid}" in html
        html = html.replace(f"cid:{cid}", name)
    assert "cid:" not in html, "an image the mail does not carry"
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html), "remote content"
    path = folder / "mail.html"
    path.write_text(html, encoding="utf-8")
    return path


def _shoot(drv: Any, path: Path) -> None:
    metrics = drv.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics["cssContentSize"]
    shot = drv.execute_cdp_cmd(
        "Page.captureScreenshot",
        {
            "format": "png",
            "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1},
        },
    )
    path.write_bytes(base64.b64decode(shot["data"]))


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("kind", KINDS + KINDS_VS + KINDS_VS_PICTURE)
def test_mail_html_fits_and_shows_its_pictures(
    driver: Any, pages: dict[str, Path], kind: str, width: int
) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver.get(pages[kind].as_uri())
    inner = driver.execute_script("return window.innerWidth")
    assert inner == width
    images = driver.execute_script(
        "return Array.from(document.images).map(i => [i.complete, i.naturalWidth, i.alt,"
        " i.getBoundingClientRect().right])"
    )
    if kind not in ("help", "history", "say", "notice", "rules", *KINDS_VS):
        assert images, f"{kind}: no board picture"
    for complete, natural, alt, right in images:
        assert complete and natural > 0, f"{kind}: an image did not load"
        assert alt, f"{kind}: an image without alt text"
        assert right <= width, f"{kind}: an image wider than the page"
    scroll = driver.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= inner, f"{kind} at {width}px scrolls sideways ({scroll} > {inner})"
    _shoot(driver, artifacts() / f"{kind}-{width}.png")
    # The board as text, folded away under the picture, must not widen the page either.
    opened = driver.execute_script(
        "const d = document.querySelectorAll('details'); d.forEach(x => x.open = true);"
        " return d.length"
    )
    scroll = driver.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= inner, f"{kind} at {width}px with the text board open: {scroll} > {inner}"
    if opened:
        _shoot(driver, artifacts() / f"{kind}-{width}-text.png")


_LINES = """
const out = [];
document.querySelectorAll('pre').forEach(p => {
  const lines = p.textContent.replace(/\\n+$/, '').split('\\n').length;
  const r = document.createRange();
  r.selectNodeContents(p);
  const tops = new Set(Array.from(r.getClientRects()).filter(x => x.width > 0)
                       .map(x => Math.round(x.top)));
  out.push([lines, tops.size, p.textContent.slice(0, 40)]);
});
return out;
"""


@pytest.mark.parametrize(
    "kind",
    [
        f"{prefix}{verb}{suffix}"
        for suffix in ("", *(f"-{lang}" for lang in LANGS))
        for prefix in ("", "vs-")
        for verb in ("help", "rules")
    ],
)
def test_help_and_rules_reflow_on_a_phone(driver: Any, pages: dict[str, Path], kind: str) -> None:
    """HELP and RULES at 360 px (issue 31): the text is HTML that reflows (paragraphs, lists, a
    table of commands), so no line is broken twice: no preformatted line wraps on the phone."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 360, "height": 800, "deviceScaleFactor": 1, "mobile": True},
    )
    driver.get(pages[kind].as_uri())
    for lines, shown, start in driver.execute_script(_LINES):
        assert shown <= lines, f"{kind}: a preformatted line wraps at 360 px: {start!r}"
    paragraphs = driver.execute_script("return document.querySelectorAll('p, li, td').length")
    assert paragraphs >= 8, f"{kind}: the text is not HTML paragraphs"
    scroll = driver.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= 360, f"{kind} scrolls sideways ({scroll} > 360)"


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("kind", KINDS_VS_PICTURE)
def test_vs_board_picture_is_readable(
    driver: Any, pages: dict[str, Path], kind: str, width: int
) -> None:
    """Die Verbotene Stadt's board picture (issue 25): never wider than the page, never drawn
    larger than it is (no blur at 1000 px), and at 360 px each field at least 20 px on the screen
    (an official's two letters about 9 px high): readable on a phone."""
    from pbem.rules.verbotene_stadt.picture import S

    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver.get(pages[kind].as_uri())
    (shown, natural, alt) = driver.execute_script(
        "const i = document.images[0];"
        " return [i.getBoundingClientRect().width, i.naturalWidth, i.alt]"
    )
    assert alt.startswith("Die Verbotene Stadt board:")
    assert "ringed in magenta" in alt, "each reader's own official, in that reader's mail"
    assert shown <= min(natural, width)
    if width >= natural:
        assert shown == natural, "drawn at its own size where the page is wide enough"
    field = shown * S / natural
    assert field >= 20, f"{kind} at {width}px: a field is {field:.1f} px"
    _shoot(driver, artifacts() / f"{kind}-{width}-picture.png")
