"""Bounces (issue 28): the corpus of tests/mail/bounces in the shapes real MTAs send, read by the
whole service; then counting, the threshold, held deadlines and the way back."""

from __future__ import annotations

import tomllib
from pathlib import Path

from helpers import GM, SERVICE, Env, drain, make_env, reply, text_of

from pbem.mail.bounce import read_bounce, verp_address
from pbem.service.bounces import BounceBook
from pbem.service.outcome import Reason

CORPUS = Path(__file__).resolve().parent.parent / "mail" / "bounces"
MANIFEST = tomllib.loads((CORPUS / "corpus.toml").read_text())
PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.net")]


def _started(tmp: Path, **kw: object) -> tuple[Env, str, dict[int, object]]:
    env = make_env(tmp, **kw)
    gid = env.store.create("forbidden-city", PLAYERS, {}, 11, env.clock())
    env.service.flush_journal()
    rec = env.store.load(gid)
    by_addr = {str(m["To"]).split("<")[-1].rstrip(">"): m for m in drain(env)}
    mails = {s: by_addr[rec.envelope.active_player(s).email] for s in rec.envelope.seats()}
    return env, gid, mails


def _fill(name: str, env: Env, gid: str, mails: dict[int, object]) -> bytes:
    seat = MANIFEST[name]["seat"]
    mail = mails[seat]
    rec = env.store.load(gid)
    mid = str(mail["Message-ID"])  # type: ignore[index]
    values = {
        "@@MSGID@@": mid,
        "@@RCPT@@": rec.envelope.active_player(seat).email,
        "@@OTHER@@": rec.envelope.active_player(1 - seat).email,
        "@@SERVICE@@": SERVICE,
        "@@SUBJECT@@": str(mail["Subject"]),  # type: ignore[index]
        "@@GAME@@": gid,
        "@@VERP@@": verp_address(SERVICE, mid) or "",
    }
    text = (CORPUS / name).read_text()
    for k, v in values.items():
        text = text.replace(k, v)
    assert "@@" not in text, name
    return text.encode()


def test_corpus_is_large_and_varied() -> None:
    names = sorted(p.name for p in CORPUS.glob("*.eml"))
    assert sorted(MANIFEST) == names
    assert len(names) >= 40
    assert sum(1 for n in names if MANIFEST[n]["expect"] != "auto") >= 40
    kinds = {MANIFEST[n]["expect"] for n in names}
    assert kinds == {"bounce", "delay", "foreign", "auto"}
    for shape in ("postfix", "exim", "sendmail", "o365", "exchange", "gmail", "yahoo", "qmail"):
        assert any(n.startswith(shape) for n in names), shape
    assert any("mailman" in n for n in names)


def test_corpus(tmp_path: Path) -> None:
    """>= 95 % of the bounces recognised, none counted for the wrong player, none answered,
    auto-replies never counted."""
    env, gid, mails = _started(tmp_path)
    book = BounceBook(env.service.journal.root)
    recognised = total = wrong = answered = 0
    misses: list[str] = []
    unmatched: list[str] = []
    for name in sorted(MANIFEST):
        expect, seat = MANIFEST[name]["expect"], MANIFEST[name]["seat"]
        raw = _fill(name, env, gid, mails)
        book.path.unlink(missing_ok=True)
        report = read_bounce(raw)
        out = env.service.handle(raw)
        sent = drain(env)
        answered += sum(1 for m in sent if GM not in str(m["To"]))
        counted = book.all()
        rcpt = env.store.load(gid).envelope.active_player(seat).email
        if expect == "auto":
            assert report is None, name
            assert out.reason == Reason.DROPPED_LOOP, (name, out)
            assert counted == {}, name
            continue
        total += 1
        if report is not None and out.reason == Reason.BOUNCE:
            recognised += 1
        else:
            misses.append(name)
        if expect == "bounce":
            if set(counted) != {rcpt} or counted[rcpt].seats != [f"{gid}:{seat}"]:
                unmatched.append(f"{name} (counted {sorted(counted)})")
            # One GM notice for the address's first bounce, and nothing else.
            assert [str(m["To"]) for m in sent] in ([], [f"Game master <{GM}>"]), name
        else:
            assert counted == {}, (name, counted)
        wrong += sum(1 for a in counted if a != rcpt)
    rate = recognised / total
    print(
        f"bounce corpus: {recognised}/{total} recognised ({rate:.1%}), {wrong} wrong, "
        f"{answered} answered, misses {misses}, unmatched {unmatched}"
    )
    assert rate >= 0.95, misses
    assert wrong == 0
    assert unmatched == []  # every recognised failure of a player's mail counted for that player
    assert answered == 0


def _bounce_for(env: Env, gid: str, mails: dict[int, object], seat: int, n: int) -> bytes:
    """A Postfix DSN for seat's mail (``n`` varies the quoted Message-ID's tail, as for a new
    mail of the same turn: each counts once)."""
    raw = _fill("postfix-user-unknown.eml", env, gid, mails).decode()
    if seat == 1:
        rec = env.store.load(gid)
        raw = raw.replace(rec.envelope.active_player(0).email, rec.envelope.active_player(1).email)
        raw = raw.replace(str(mails[0]["Message-ID"]), str(mails[1]["Message-ID"]))  # type: ignore[index]
    mid = str(mails[seat]["Message-ID"])  # type: ignore[index]
    return raw.replace(
        mid, mid.replace(".turn@", f".turn{n}@").replace(".start", f".start{n}")
    ).encode()


def test_threshold_stops_mail_and_holds_deadlines(tmp_path: Path) -> None:
    from pbem.service import deadlines

    env, gid, mails = _started(tmp_path, bounce_threshold=2)
    rec = env.store.load(gid)
    seat = rec.pending()[0].seat
    addr = rec.envelope.active_player(seat).email
    book = BounceBook(env.service.journal.root)
    first = _bounce_for(env, gid, mails, seat, 1)
    assert env.service.handle(first).reason == Reason.BOUNCE
    notices = drain(env)
    assert len(notices) == 1 and GM in str(notices[0]["To"])
    assert addr in text_of(notices[0])
    # The same bounce again (a second copy) counts once and tells nobody.
    env.service.handle(first)
    assert drain(env) == []
    entry = book.get(addr)
    assert entry is not None and entry.count == 1 and not book.stopped(addr)
    env.service.handle(_bounce_for(env, gid, mails, seat, 2))
    entry = book.get(addr)
    assert entry is not None and entry.count == 2 and book.stopped(addr)
    stopped = drain(env)
    assert [GM in str(m["To"]) for m in stopped] == [True]
    assert "no longer mails" in text_of(stopped[0])
    # No mail to that address any more; the other player still gets theirs.
    other = rec.envelope.active_player(1 - seat).email
    rec = env.store.load(gid)
    env.service.mailer.notice(rec, seat, "x", ["y"], "t1")
    env.service.mailer.notice(rec, 1 - seat, "x", ["y"], "t2")
    assert [str(m["To"]).split("<")[-1].rstrip(">") for m in drain(env)] == [other]
    # Its deadlines are held: no reminder, no missed-deadline action.
    assert deadlines.held_seats(rec, env.service.mailer.bounces.stopped_addresses()) == frozenset(
        {seat}
    )
    mark = deadlines.Reminders(env.service.journal.root, True).load(rec)
    assert deadlines.next_wakeup(rec, mark, frozenset({seat})) is None


def test_held_deadline_does_not_run_out(tmp_path: Path) -> None:
    from datetime import timedelta

    from pbem.service import deadline_tick, deadlines

    env, gid, mails = _started(tmp_path, bounce_threshold=1)
    rec = env.store.load(gid)
    seat = rec.pending()[0].seat
    from pbem.store import SetDeadline

    env.store.commit(gid, rec.seq, [SetDeadline("*", seconds=3600)], env.clock())
    env.service.flush_journal()
    drain(env)
    # Without a bounce, the deadline would run out: nmr=gm tells the GM (checked on a copy).
    assert deadlines.deadlines(env.store.load(gid))
    env.service.handle(_bounce_for(env, gid, mails, seat, 1))
    drain(env)
    later = env.clock.now + timedelta(days=3)
    assert deadline_tick.on_timer(env.service.deps, gid, later) == 0
    assert env.store.load(gid).envelope.moves == 0
    assert drain(env) == []  # no reminder, no "missed a deadline" notice to the GM
    # Once the address works again, the deadline runs: the missed-deadline policy acts.
    email = env.store.load(gid).envelope.active_player(seat).email
    BounceBook(env.service.journal.root).clear(email)
    played = deadline_tick.on_timer(env.service.deps, gid, later)
    mails = drain(env)
    assert played == 1 or any("missed a deadline" in str(m["Subject"]) for m in mails)


def test_a_reply_from_the_address_makes_it_reachable_again(tmp_path: Path) -> None:
    env, gid, mails = _started(tmp_path, bounce_threshold=1)
    rec = env.store.load(gid)
    seat = rec.pending()[0].seat
    addr = rec.envelope.active_player(seat).email
    env.service.handle(_bounce_for(env, gid, mails, seat, 1))
    drain(env)
    book = BounceBook(env.service.journal.root)
    assert book.stopped(addr)
    move = rec.legal_notations(seat)[0]
    out = env.service.handle(reply(mails[seat], addr, move))  # type: ignore[arg-type]
    assert out.reason == "applied", out
    assert not book.stopped(addr) and book.get(addr) is None
    assert any(addr in str(m["To"]) for m in drain(env))


def test_admin_show_marks_the_seat_and_bounces_lists_it(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pbem.cli import app

    env, gid, mails = _started(tmp_path, bounce_threshold=1)
    rec = env.store.load(gid)
    seat = rec.pending()[0].seat
    addr = rec.envelope.active_player(seat).email
    env.service.handle(_bounce_for(env, gid, mails, seat, 1))
    runner = CliRunner()
    keys = str(tmp_path / "keys")
    out = runner.invoke(
        app, ["admin", "show", gid, "--data-dir", str(env.data)], env={"PBEM_KEYS_DIR": keys}
    )
    assert out.exit_code == 0, out.output
    line = next(ln for ln in out.output.splitlines() if addr in ln)
    assert "BOUNCING" in line and "not mailed" in line
    other = rec.envelope.active_player(1 - seat).email
    assert "BOUNCING" not in next(ln for ln in out.output.splitlines() if other in ln)
    out = runner.invoke(
        app, ["admin", "bounces", "--data-dir", str(env.data)], env={"PBEM_KEYS_DIR": keys}
    )
    assert addr in out.output and "NOT MAILED" in out.output
    assert gid not in env.service.journal.dirty_games()
    out = runner.invoke(
        app,
        ["admin", "bounces", "--clear", addr, "--data-dir", str(env.data)],
        env={"PBEM_KEYS_DIR": keys},
    )
    assert out.exit_code == 0, out.output
    assert not BounceBook(env.service.journal.root).stopped(addr)
    # Its game's held timer is scheduled again at the next tick.
    assert gid in env.service.journal.dirty_games()


def test_a_bounce_with_a_bad_token_or_of_a_stranger_counts_for_nobody(tmp_path: Path) -> None:
    env, gid, mails = _started(tmp_path)
    raw = _fill("forged-token.eml", env, gid, mails)
    assert read_bounce(raw) is not None
    assert env.service.handle(raw).reason == Reason.BOUNCE
    assert BounceBook(env.service.journal.root).all() == {}
    assert drain(env) == []


def test_watchers_mail_and_digests_carry_list_headers(tmp_path: Path) -> None:
    env, gid, _mails = _started(tmp_path)
    hdrs = env.service.mailer.list_headers(gid, "watch", f"UNWATCH {gid}")
    assert hdrs[0] == ("List-Id", f"pbem {gid} watch <{gid}.watch.pbem.test>")
    assert hdrs[1][0] == "List-Unsubscribe"
    assert f"mailto:{SERVICE}?subject=UNWATCH%20{gid}" in hdrs[1][1]
    rec = env.store.load(gid)
    env.service.mailer.notice(rec, 0, "x", ["y"], "t1", headers=hdrs)
    (m,) = drain(env)
    assert str(m["List-Id"]) == hdrs[0][1]
    assert str(m["List-Unsubscribe"]) == hdrs[1][1]
    assert str(m["Auto-Submitted"]) == "auto-generated"
