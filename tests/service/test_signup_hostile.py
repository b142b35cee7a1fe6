"""Sign-up that cannot be wedged, and non-ASCII addresses at every entry point (issue 32, items 1
and 4): names and addresses are checked at JOIN exactly as at ``pbem admin new`` (refused with one
line, never stored); a game start that fails tells the GM once, leaves the open game usable and
never fails every tick."""

from __future__ import annotations

import re
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from helpers import GM, SERVICE, Env, drain, make_env, text_of

from pbem.runner import TickReport, run_timers
from pbem.service.signup import OpenGame, SignupFiles

PEOPLE = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]


def raw_fresh(from_header: str, body: str, *, msgid: str = "<f1@client.test>") -> bytes:
    """A fresh mail with its From header exactly as given (UTF-8 allowed, as SMTPUTF8 mail)."""
    return (
        f"From: {from_header}\r\nTo: {SERVICE}\r\nSubject: hello\r\nMessage-ID: {msgid}\r\n"
        f"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    ).encode()


def raw_reply(to: EmailMessage, from_header: str, body: str = "yes") -> bytes:
    return (
        f"From: {from_header}\r\nTo: {SERVICE}\r\nSubject: Re: confirm\r\n"
        f"Message-ID: <r-{abs(hash(from_header + body))}@client.test>\r\n"
        f"In-Reply-To: {to['Message-ID']}\r\nReferences: {to['Message-ID']}\r\n"
        f"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n"
    ).encode()


def _board(env: Env) -> SignupFiles:
    return SignupFiles(env.data / "outbox")


def _join_confirmed(env: Env, from_header: str, addr: str, open_id: str) -> list[EmailMessage]:
    out = env.service.handle(raw_fresh(from_header, f"JOIN {open_id}", msgid=f"<j-{addr}>"))
    assert out.reason == "confirmation sent", out
    (conf,) = drain(env)
    env.service.handle(raw_reply(conf, from_header))
    return drain(env)


BAD_NAMES = ['"Eve <3"', '"\\""', '"back\\\\slash"', '"odd \U000e0fff"']


@pytest.mark.parametrize("bad", BAD_NAMES)
def test_a_join_with_a_name_admin_new_refuses_is_refused_in_one_line(
    tmp_path: Path, bad: str
) -> None:
    env = make_env(tmp_path)
    og = _board(env).new_open("forbidden-city", 3, 3, {}, None, [], env.clock())
    out = env.service.handle(raw_fresh(f"{bad} <eve@example.org>", f"JOIN {og.open_id}"))
    assert out.folder in ("processed", "rejected") and out.reason != "confirmation sent", out
    (answer,) = drain(env)
    assert "eve@example.org" in str(answer["To"])
    assert "name" in text_of(answer).lower()
    stored = _board(env).get_open(og.open_id)
    assert stored is not None and stored.players == []


def test_a_bad_name_on_the_confirming_reply_is_refused_and_never_stored(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    og = _board(env).new_open("forbidden-city", 3, 3, {}, None, [], env.clock())
    env.service.handle(raw_fresh("Eve <eve@example.org>", f"JOIN {og.open_id}"))
    (conf,) = drain(env)
    out = env.service.handle(raw_reply(conf, '"Eve <3" <eve@example.org>'))
    assert out.reason == "refused", out
    (answer,) = drain(env)
    assert "Nothing was changed" in text_of(answer)
    assert _board(env).get_open(og.open_id).players == []  # type: ignore[union-attr]
    # The same confirmation, answered again with a proper name, still works.
    out = env.service.handle(raw_reply(conf, "Eve <eve@example.org>", "again"))
    assert out.reason == "applied", out
    assert _board(env).get_open(og.open_id).players == [("Eve", "eve@example.org")]  # type: ignore[union-attr]


def _wedged(env: Env) -> OpenGame:
    """An open game that a stranger filled with a name ``admin new`` refuses (stored before this
    check existed, or by a hand-edited file)."""
    board = _board(env)
    og = board.new_open("forbidden-city", 3, 3, {}, None, [], env.clock())
    og.players = [("Eve <3", "eve@example.org"), ("Ann", "ann@example.org")]
    board.save_open(og)
    return og


def test_a_failing_start_tells_the_gm_once_and_leaves_the_open_game_usable(
    tmp_path: Path,
) -> None:
    env = make_env(tmp_path)
    og = _wedged(env)
    # Bob's join fills it: the start fails on Eve's name, Bob's confirmation is not shunted.
    mails = _join_confirmed(env, "Bob <bob@example.org>", "bob@example.org", og.open_id)
    bob = [m for m in mails if "bob@example.org" in str(m["To"])]
    assert bob, [m["Subject"] for m in mails]
    gm = [m for m in mails if GM in str(m["To"])]
    assert len(gm) == 1 and "eve@example.org" in text_of(gm[0])
    still = _board(env).get_open(og.open_id)
    assert still is not None and still.game_id is None
    # Eve was taken out (she is told), so the game is open to one more.
    assert [a for _, a in still.players] == ["ann@example.org", "bob@example.org"]
    assert any("eve@example.org" in str(m["To"]) for m in mails)
    # Cy's join fills it again: it starts.
    mails = _join_confirmed(env, "Cy <cy@example.org>", "cy@example.org", og.open_id)
    started = [m for m in mails if GM in str(m["To"]) and "started as" in str(m["Subject"])]
    assert started, [m["Subject"] for m in mails]


def test_a_start_that_fails_at_its_time_does_not_fail_every_tick(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    board = _board(env)
    at = env.clock() + timedelta(hours=1)
    og = board.new_open("forbidden-city", 2, 3, {}, at, [], env.clock())
    og.players = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]
    og.options = {"no-such-option": "1"}  # a file edited by hand: the store refuses the game
    board.save_open(og)
    env.clock.now = at + timedelta(minutes=1)
    alerts = 0
    for _tick in range(3):
        report = TickReport()
        run_timers(env.service, env.clock, report)
        assert report.errors == []
        alerts += sum(GM in str(m["To"]) for m in drain(env))
        env.clock.now += timedelta(minutes=10)
    assert alerts == 1
    still = board.get_open(og.open_id)
    assert still is not None and still.game_id is None and len(still.players) == 2


NON_ASCII = ["jürgen@example.org", "用户@example.org", '"quoted local"@example.org']


@pytest.mark.parametrize("addr", NON_ASCII)
@pytest.mark.parametrize(
    "verb", ["JOIN forbidden-city", "WATCH fc-none", "GAMES", "LEAVE o-fc-0000"]
)
def test_an_address_admin_new_refuses_is_answered_in_one_line_never_shunted(
    tmp_path: Path, addr: str, verb: str
) -> None:
    env = make_env(tmp_path)
    _board(env).new_open("forbidden-city", 3, 3, {}, None, [], env.clock())
    out = env.service.handle(raw_fresh(f"Jo <{addr}>", verb))
    assert out.folder != "shunted", out
    assert out.reason != "confirmation sent", out
    mails = drain(env)
    assert not any(GM in str(m["To"]) for m in mails), "the GM is not alerted"
    assert len(mails) <= 1
    for m in mails:
        assert re.search(r"ASCII|address", text_of(m)), text_of(m)


@pytest.mark.parametrize("addr", NON_ASCII)
def test_an_unanswerable_address_is_refused_at_every_entry_point(tmp_path: Path, addr: str) -> None:
    """A reply to a game mail, to a confirmation, a fresh mail of any words: rejected with one
    log line (we send ASCII mail only), never shunted, never an alert to the GM."""
    env = make_env(tmp_path)
    gid = env.store.create("forbidden-city", PEOPLE[:2], {}, 1, env.clock())
    env.service.flush_journal()
    ann = [m for m in drain(env) if "ann@example.org" in str(m["To"])][-1]
    og = _board(env).new_open("forbidden-city", 3, 3, {}, None, [], env.clock())
    env.service.handle(raw_fresh("Ann <ann@example.org>", f"JOIN {og.open_id}", msgid="<c@x>"))
    (conf,) = drain(env)
    raws = [
        raw_fresh(f"Jo <{addr}>", "hello there", msgid="<p1@x>"),
        raw_reply(ann, f"Jo <{addr}>", "HELP"),
        raw_reply(conf, f"Jo <{addr}>", "yes"),
        raw_fresh(f"Jo <{addr}>", f"WATCH {gid}", msgid="<p2@x>"),
        raw_fresh(f"Jo <{addr}>", f"UNWATCH {gid}", msgid="<p3@x>"),
        raw_fresh(f"Jo <{addr}>", "KEY", msgid="<p5@x>"),
    ]
    for raw in raws:
        out = env.service.handle(raw)
        assert out.folder == "rejected", out
        assert drain(env) == []
    assert _board(env).get_open(og.open_id).players == []  # type: ignore[union-attr]
