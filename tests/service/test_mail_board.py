"""Every mail of a game as a player reads it: within 72 columns, no token split over two lines,
and every example move named under "What to write back" drawn on that mail's own board."""

from __future__ import annotations

import html as html_lib
import re
from email.message import EmailMessage

import pytest
from helpers import text_of
from mailkinds import every_kind

from pbem.rules.forbidden_city.notation import read_move, row_name

SQUARE_END = re.compile(r"\b[A-Z]{1,3}-?\d{1,3}$")
HEADER = re.compile(r"^ {4,}[A-Z]{1,3}( +[A-Z]{1,3})+$")


@pytest.fixture(scope="module")
def mails(tmp_path_factory: pytest.TempPathFactory) -> dict[str, EmailMessage]:
    return every_kind(tmp_path_factory.mktemp("kinds"), 3, moves=12)


def examples(text: str) -> list[str]:
    if "For example" not in text:
        return []
    out = []
    for line in text.split("For example", 1)[1].splitlines()[1:]:
        if not line.startswith("    "):
            break
        out.append(line.strip())
    return out


def drawn(board: str, square: str, rotation: int) -> bool:
    """Whether ``square`` is on ``board`` marked as a place for the tile in ``rotation``."""
    move = read_move(f"{square} R{rotation}")
    if "Overview," not in board:
        # The detailed drawing: the square's name over its rotations.
        lines = board.splitlines()
        for i, line in enumerate(lines[:-1]):
            for m in re.finditer(rf"(?<![A-Z0-9]){square}(?![0-9])", line):
                below = lines[i + 1][m.start() - 3 : m.end() + 4]
                if "R any" in below or re.search(rf"R[0-9,]*{rotation}", below):
                    return True
        return False
    overview = board.split("Around the last move")[0]
    lines = overview.splitlines()
    first = next(i for i, ln in enumerate(lines) if HEADER.match(ln))
    lines = lines[first:]
    header = lines[0]
    cols = [(m.group(), m.start(), m.end()) for m in re.finditer(r"[A-Z]+", header)]
    width = 3 if "3 characters a square" in board else 2
    letters = re.match(r"[A-Z]+", square)
    assert letters is not None
    index = [c[0] for c in cols].index(letters.group())
    start = 4 + index * (width + 1)
    row = next(ln for ln in lines[1:] if ln[:4].strip() == row_name(move.y))
    cell = row[start : start + width]
    return str(rotation) in cell or "any" in cell or "++" in cell


def test_every_example_square_is_drawn_on_the_mails_board(mails: dict[str, EmailMessage]) -> None:
    checked = 0
    for kind, msg in mails.items():
        text = text_of(msg)
        for ex in examples(text):
            board = text.split("What to write back")[0]
            square, rot = ex.split()
            assert drawn(board, square, int(rot[1:])), f"{kind}: {ex} is not on the board"
            checked += 1
    assert checked >= 5  # the turn, rejected and board mails each name several


def test_every_mail_fits_72_columns_and_splits_no_token(mails: dict[str, EmailMessage]) -> None:
    for kind, msg in mails.items():
        text = text_of(msg)
        lines = text.splitlines()
        assert max(len(ln) for ln in lines) <= 72, kind
        for a, b in zip(lines, lines[1:], strict=False):
            # A move is two words, square and rotation: never one at a line's end, one at the next
            # line's start.
            assert not (SQUARE_END.search(a) and re.match(r"R\d\b", b)), f"{kind}: {a!r} / {b!r}"
        # Every word of the HTML part (the same words, never wrapped) that the text part holds
        # only with a line break in it was split.
        part = msg.get_body(preferencelist=("html",))
        assert part is not None
        words = html_lib.unescape(re.sub(r"<[^>]+>", " ", str(part.get_content()))).split()
        flat = "".join(text.split())
        for w in {w for w in words if len(w) >= 4}:
            if w in flat:
                assert w in text, f"{kind}: {w!r} is split over two lines"


def test_a_picture_shows_a_tile_only_where_the_text_board_does(
    mails: dict[str, EmailMessage],
) -> None:
    """The picture is drawn from the same view as the text board: the reader's own tile is in it
    exactly when the text part shows that tile, and it is the same tile."""
    seen = 0
    for kind, msg in mails.items():
        images = [p for p in msg.walk() if p.get_content_type() == "image/png"]
        part = msg.get_body(preferencelist=("html",))
        assert part is not None
        html = str(part.get_content())
        alt = re.search(r'alt="([^"]*)"', html)
        if not images:
            assert alt is None, kind
            continue
        seen += 1
        assert alt is not None, kind
        assert f"cid:{str(images[0]['Content-ID']).strip('<>')}" in html, kind
        text_tile = re.search(r"Your tile: (\w+),", text_of(msg))
        alt_tile = re.search(r"Your tile (\w+) fits", alt.group(1))
        if text_tile is None:
            assert alt_tile is None, kind
        elif alt_tile is not None:
            assert alt_tile.group(1) == text_tile.group(1), kind
    assert seen >= 5


def test_html_parts_are_self_contained_and_phone_ready(mails: dict[str, EmailMessage]) -> None:
    """Without a browser: a viewport on every HTML part, every ``cid:`` it shows carried inline in
    the same multipart/related, nothing loaded from outside, and the picture shrinks to the page."""
    for kind, msg in mails.items():
        part = msg.get_body(preferencelist=("html",))
        assert part is not None
        html = str(part.get_content())
        assert '<meta name="viewport" content="width=device-width' in html, kind
        assert not re.search(r"""(src|href)=["']?(https?:)?//""", html), kind
        cids = {str(p["Content-ID"]).strip("<>") for p in msg.walk() if p["Content-ID"]}
        shown = set(re.findall(r'src="cid:([^"]+)"', html))
        assert shown == cids, kind
        if shown:
            related = next(p for p in msg.walk() if p.get_content_type() == "multipart/related")
            # The board, and the reader's own tile when they hold one.
            assert [p.get_content_type() for p in related.iter_parts()] == [
                "text/html",
                *["image/png"] * len(shown),
            ], kind
            assert 1 <= len(shown) <= 2, kind
            assert "max-width: 100%" in html and "height: auto" in html, kind
