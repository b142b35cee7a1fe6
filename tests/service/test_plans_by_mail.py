"""Issue 25: a whole turn of Die Verbotene Stadt in one reply, through the service: the plan is
played slide by slide while the dice let the turn go on, the mail says what was played and what
was dropped and why, the ``#N`` guard is on the first slide, PREVIEW tells a plan, and the
separators are read in the four languages."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

import pytest
from helpers import Env, drain, make_env, reply, text_of, vs_at_first_move

import pbem.service.commands  # noqa: F401  (registers the commands' words the grammar reads)
from pbem.commands.grammar import plan_parts, read_commands
from pbem.rules.base import RuleError
from pbem.service.facts import moves_played
from pbem.store.payloads import ActionLine

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]


def _to_move(env: Env, seed: int) -> tuple[str, int, str, EmailMessage]:
    """A game at its first move decision: (game id, mover, address, the mover's last mail)."""
    gid = vs_at_first_move(env, PLAYERS, seed)
    rec = env.store.load(gid)
    mover = rec.pending()[0].seat
    addr = rec.envelope.active_player(mover).email
    mails = [m for m in drain(env) if addr in str(m["To"])]
    return gid, mover, addr, mails[-1]


def _moves_after(env: Env, gid: str, seq: int) -> list[str]:
    rec = env.store.load(gid)
    return [
        e.payload.notation for e in rec.entries if e.seq > seq and isinstance(e.payload, ActionLine)
    ]


def _two_slides(env: Env, gid: str, seat: int) -> list[str]:
    """Two quiet slides of different officials, both legal now."""
    rec = env.store.load(gid)
    legal = [m for m in rec.legal_notations(seat) if "claim" not in m and "reveal" not in m]
    first = legal[0]
    second = next(m for m in legal if m.split()[0] != first.split()[0])
    return [first, second]


def test_a_plan_in_one_reply_plays_while_the_dice_allow_and_says_so(tmp_path: Path) -> None:
    seen_dropped = seen_all = False
    for seed in range(1, 30):
        env = make_env(tmp_path / str(seed))
        gid, mover, addr, turn = _to_move(env, seed)
        slides = _two_slides(env, gid, mover)
        before = env.store.load(gid).seq
        out = env.service.handle(reply(turn, addr, "; ".join(slides)))
        assert out.reason == "applied", out
        rec = env.store.load(gid)
        played = [
            e.payload.notation
            for e in rec.entries
            if e.seq > before and isinstance(e.payload, ActionLine)
        ]
        assert played[0] == slides[0]
        mine = "\n".join(text_of(m) for m in drain(env) if addr in str(m["To"]))
        assert "Played: " + "; ".join(played[:2]) in " ".join(mine.split())
        if len(played) == 1:
            seen_dropped = True
            assert "dropped" in mine or "stopped" in mine
            assert slides[1] in mine
        else:
            seen_all = True
            assert played[1] == slides[1]
        if seen_dropped and seen_all:
            break
    assert seen_dropped and seen_all


def test_the_guard_is_on_the_first_slide(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, mover, addr, turn = _to_move(env, 5)
    slides = _two_slides(env, gid, mover)
    n = moves_played(env.store.load(gid)) + 1
    before = env.store.load(gid).seq
    out = env.service.handle(reply(turn, addr, f"#{n + 3} {slides[0]}; {slides[1]}"))
    assert out.reason == "refused"
    assert f"marked #{n + 3}" in text_of(drain(env)[0])
    assert _moves_after(env, gid, before) == []
    out = env.service.handle(reply(turn, addr, f"#{n} {slides[0]}; {slides[1]}"))
    assert out.reason == "applied", out


def test_a_later_slide_not_in_the_notation_refuses_the_whole_reply(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, mover, addr, turn = _to_move(env, 6)
    slides = _two_slides(env, gid, mover)
    before = env.store.load(gid).seq
    out = env.service.handle(reply(turn, addr, f"{slides[0]}; RK sideways"))
    assert out.reason == "refused"
    text = " ".join(text_of(drain(env)[0]).split())
    assert "Action 2 of your plan, 'RK sideways'" in text
    assert _moves_after(env, gid, before) == []


def test_preview_of_a_plan_changes_nothing(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid, mover, addr, turn = _to_move(env, 7)
    slides = _two_slides(env, gid, mover)
    log = (env.data / gid / "log.jsonl").read_bytes()
    out = env.service.handle(reply(turn, addr, f"PREVIEW {slides[0]}; {slides[1]}"))
    assert out.reason == "answered", out
    text = " ".join(text_of(drain(env)[0]).split())
    assert "NOT been played" in text
    assert f"Action 1: {slides[0]}." in text
    assert "supposing the fate dice let your turn go on" in text
    assert (env.data / gid / "log.jsonl").read_bytes() == log


@pytest.mark.parametrize(
    "sep", ["; ", " then ", " puis ", " ensuite ", " poi ", " dopo ", " dann ", " DANACH "]
)
def test_plan_separators_in_four_languages(sep: str) -> None:
    assert plan_parts(f"RK N{sep}BG E W") == ["RK N", "BG E W"]


def test_one_slide_in_two_directions_is_not_a_plan() -> None:
    """``RK north then east`` is one slide (the whole line parses), not two."""

    def parse(text: str) -> str:
        if text.lower() in ("rk north then east", "rk n"):
            return text
        raise RuleError("no")

    reading = read_commands(["RK north then east"], parse, plans=True)
    (cmd,) = reading.commands
    assert cmd.kind == "action" and cmd.plan == ()
    reading = read_commands(["RK N then BG E"], parse, plans=True)
    (cmd,) = reading.commands
    assert cmd.plan == ("BG E",)
    # A game that takes no plan reads the line as before.
    reading = read_commands(["RK N then BG E"], parse, plans=False)
    assert not reading.commands


def _toward(env: Env, gid: str, seat: int) -> tuple[str, str]:
    """An official the move toward the active pavilion takes nearer now, and that move."""
    rec = env.store.load(gid)
    for o, c in enumerate(rec.state.positions):
        if c < 0:
            continue
        code = rec.game.board.official_code(o)
        try:
            return code, rec.game.notation(rec.game.parse(rec.state, seat, f"{code} pavilion"))
        except RuleError:
            continue
    raise AssertionError("no official can get nearer to the pavilion")


@pytest.mark.parametrize(("seed", "lang"), [(8, "en"), (9, "fr"), (10, "de"), (11, "it")])
def test_a_plan_toward_the_pavilion_is_read_when_played(
    tmp_path: Path, seed: int, lang: str
) -> None:
    """``RK pavilion`` in a plan, in PREVIEW and in NEXT: played as the move it reads as then,
    which the mail echoes."""
    word = {"en": "pavilion", "fr": "vers le pavillon", "de": "zum Pavillon", "it": "padiglione"}
    env = make_env(tmp_path)
    gid, mover, addr, turn = _to_move(env, seed)
    code, move = _toward(env, gid, mover)
    out = env.service.handle(reply(turn, addr, f"PREVIEW {code} {word[lang]}; {code} {word[lang]}"))
    assert out.reason == "answered", out
    assert f"Action 1: {move}." in " ".join(text_of(drain(env)[0]).split())
    before = env.store.load(gid).seq
    out = env.service.handle(
        reply(turn, addr, f"{code} {word[lang]}; {code} {word[lang]}\nNEXT {code} {word[lang]}")
    )
    assert out.reason == "applied", out
    played = _moves_after(env, gid, before)
    assert played[0] == move
    mine = " ".join("\n".join(text_of(m) for m in drain(env) if addr in str(m["To"])).split())
    assert f"{code} {word[lang]}; {code} {word[lang]}. Played: {'; '.join(played[:2])}" in mine
    assert f"Queued for your next turn: {code} {word[lang]}." in mine
