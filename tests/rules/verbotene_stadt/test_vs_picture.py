"""Die Verbotene Stadt's board picture (issue 25): drawn from the reader's view only, the reader's
secret official marked for that reader alone, the same bytes for the same view, cached like
Forbidden City's."""

from __future__ import annotations

import io
import random
from typing import Any

import msgspec
import pytest
from PIL import Image

from pbem.i18n import speaking
from pbem.mail import picture as plumbing
from pbem.mail.picture import Picture
from pbem.rules import find_game
from pbem.rules.verbotene_stadt import picture as vs_picture
from pbem.rules.verbotene_stadt.state import State

GAME: Any = find_game("verbotene-stadt")


def _positions(n: int, seed: int, steps: int) -> list[State]:
    """States of a game of heuristic bots, every few decisions."""
    state = GAME.setup(n, {}, seed)
    rng = random.Random(seed)
    bot = GAME.bots()["heuristic"]
    out = []
    for i in range(steps):
        pending = GAME.pending(state)
        if not pending:
            break
        d = pending[0]
        state, _events = GAME.apply(state, d.seat, bot.choose(GAME, state, d.seat, rng), rng)
        if i % 9 == 8:
            out.append(state)
    return out


def _pic(view: object) -> Picture:
    pic = GAME.picture(view)
    assert isinstance(pic, Picture)
    return pic


def _rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _has_colour(png: bytes, rgb: tuple[int, int, int]) -> bool:
    return any(c == rgb for _n, c in (_rgb(png).getcolors(1 << 16) or []))


@pytest.mark.parametrize(("n", "seed"), [(3, 5), (4, 11)])
def test_no_other_seat_s_secret_reaches_a_picture(n: int, seed: int) -> None:
    """Each reader's picture (bytes, alt text, caption) is the same whatever the others
    bribed: drawn with every other selection changed, nothing moves. The public picture and the
    other readers' never show the reader's magenta ring."""
    for state in _positions(n, seed, 60):
        for reader in range(n):
            own = _pic(GAME.view(state, reader))
            rng = random.Random(reader)
            on_board = [o for o, c in enumerate(state.positions) if c >= 0]
            for _trial in range(3):
                others = tuple(
                    s if i == reader else rng.choice(on_board)
                    for i, s in enumerate(state.selections)
                )
                changed = msgspec.structs.replace(state, selections=others)
                again = _pic(GAME.view(changed, reader))
                a, o = again.board, own.board
                assert (a.png, a.alt, again.caption) == (o.png, o.alt, own.caption)
        public = _pic(GAME.view(state, None))
        assert not _has_colour(public.board.png, vs_picture.MINE)
        assert "magenta" not in public.board.alt


def test_the_reader_s_own_official_is_ringed_for_that_reader_only() -> None:
    state = _positions(4, 11, 30)[-1]
    assert all(s >= 0 for s in state.selections)
    public = _pic(GAME.view(state, None))
    for reader in range(4):
        pic = _pic(GAME.view(state, reader))
        code = GAME.board.official_code(state.selections[reader])
        if state.positions[state.selections[reader]] < 0:
            continue  # exiled: nothing to ring
        assert _has_colour(pic.board.png, vs_picture.MINE), reader
        assert f"Your secret official {code} is ringed in magenta." in pic.board.alt
        assert pic.board.cid != public.board.cid
        # The ring is the only difference: around the official's field, nowhere else.
        x, y = GAME.board.xy(state.positions[state.selections[reader]])
        x0, y0 = vs_picture._px(x, y)
        a, b = _rgb(pic.board.png), _rgb(public.board.png)
        for px in range(a.width):
            for py in range(a.height):
                if a.getpixel((px, py)) != b.getpixel((px, py)):
                    assert x0 - 3 <= px <= x0 + vs_picture.S + 3, (px, py)
                    assert y0 - 3 <= py <= y0 + vs_picture.S + 3, (px, py)


def test_the_picture_shows_the_board_the_view_describes() -> None:
    """The officials in their colours, the active pavilion in full colour with its gold frame,
    one card drawn per card left; the same bytes drawn again; the alt text in the reader's
    language, the pixels the same in every language."""
    state = _positions(4, 11, 40)[-1]
    view = GAME.view(state, 0)
    pic = _pic(view)
    img = _rgb(pic.board.png)
    assert (img.width, img.height) == (pic.board.width, pic.board.height)
    assert pic.board.width <= 450, "a field about 22 px on a 360 px phone"
    for code, x, y in view.officials:
        hat, body = vs_picture._official_colours(GAME.board, str(code))
        x0, y0 = vs_picture._px(int(x), int(y))
        assert img.getpixel((x0 + vs_picture.S // 2, y0 + 6)) == hat, code
        assert img.getpixel((x0 + vs_picture.S // 2, y0 + vs_picture.S - 6)) == body, code
    assert _has_colour(pic.board.png, vs_picture.GOLD)
    assert f"Active pavilion {view.active_pavilion} (" in pic.board.alt
    assert pic.caption.splitlines()[0].startswith("Active pavilion:")
    plumbing._CACHE.clear()
    plumbing._BASES.clear()
    assert _pic(view).board.png == pic.board.png
    with speaking("de"):
        german = _pic(view)
    assert german.board.png == pic.board.png and german.board.alt != pic.board.alt


def test_each_position_is_drawn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[object] = []
    real = vs_picture.draw_board

    def counting(view: object, board: object) -> object:
        drawn.append(view)
        return real(view, board)  # type: ignore[arg-type]

    monkeypatch.setattr(vs_picture, "draw_board", counting)
    plumbing._CACHE.clear()
    plumbing._BASES.clear()
    state = _positions(4, 7, 20)[-1]
    for reader in (None, 0, 1, 2, 3, None, 2):
        _pic(GAME.view(state, reader))
    assert len(drawn) == 1


def test_a_board_is_the_same_whatever_was_drawn_before() -> None:
    """The layers under the officials are drawn once per active pavilion and cards left, and
    only copied: a position's board has the same pixels drawn after any other, or from nothing,
    and the kept layers are never drawn on."""
    board = GAME.board
    states = _positions(4, 11, 240)
    views = [GAME.view(s, None) for s in states]
    assert len({(v.active_pavilion, tuple(v.pavilion_cards)) for v in views}) > 2
    vs_picture._grounds.cache_clear()
    first = [vs_picture.draw_board(v, board).tobytes() for v in views]
    again = [vs_picture.draw_board(v, board).tobytes() for v in reversed(views)]
    assert first == again[::-1]
    for v, px in zip(views[::5], first[::5], strict=True):
        vs_picture._grounds.cache_clear()
        assert vs_picture.draw_board(v, board).tobytes() == px


def test_an_official_pasted_is_the_official_drawn_there() -> None:
    """The officials are drawn once and pasted on their fields (``_sprite``): on every field of
    the board's grounds (each pavilion active), each official pasted gives the pixels of drawing
    it there, and the whole boards of a game are those drawn in place."""
    from PIL import ImageDraw

    board = GAME.board
    codes = [board.official_code(o) for o in range(len(board.initial))]
    cells = [(x, y) for y in range(board.height) for x in range(board.width)]
    for active in (0, *board.pavilions):
        cards = tuple(len(p) for p in GAME.setup(4, {}, 1).pavilion_cards)
        ground = vs_picture._grounds(board, active, cards)
        for k, code in enumerate(codes):
            pasted_tile = vs_picture._sprite(board, code)
            assert pasted_tile is not None, code
            sprite, mask = pasted_tile
            # Every field for two officials on the first grounds, some for the others.
            at = cells if active == 0 and k < 2 else cells[(k + active) % 53 :: 53]
            for x, y in at:
                x0, y0 = vs_picture._px(x, y)
                drawn, pasted = ground.copy(), ground.copy()
                vs_picture._official(ImageDraw.Draw(drawn), board, code, x0, y0)
                pasted.paste(sprite, (x0, y0), mask)
                assert drawn.tobytes() == pasted.tobytes(), (active, code, x, y)
    for state in _positions(4, 3, 100):
        view = GAME.view(state, None)
        drawn = vs_picture._grounds(board, view.active_pavilion, tuple(view.pavilion_cards)).copy()
        for code, x, y in view.officials:
            x0, y0 = vs_picture._px(int(x), int(y))
            vs_picture._official(ImageDraw.Draw(drawn), board, str(code), x0, y0)
        assert vs_picture.draw_board(view, board).tobytes() == drawn.tobytes()
