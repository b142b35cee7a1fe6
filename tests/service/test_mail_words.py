"""Issue 11, the service's words: one move number everywhere, a subject for each GM event, due
dates, the replaced and the new player told, the game-over mail that lets players verify, and how
much mail each player chooses (MAIL EVERY / TURNS / DIGEST)."""

from __future__ import annotations

import random
import subprocess
import sys
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from helpers import Env, drain, make_env, reply, text_of

from pbem.store import ActionEntry, End, Pause, Replace, SetDeadline, Undo

FOUR = [
    ("Ann", "ann@example.org"),
    ("Bob", "bob@example.org"),
    ("Cy", "cy@example.org"),
    ("Di", "di@example.org"),
]


def _start(tmp_path: Path, players=FOUR, options=None) -> tuple[Env, str, list[EmailMessage]]:  # type: ignore[no-untyped-def]
    env = make_env(tmp_path)
    gid = env.store.create("forbidden-city", players, options or {}, 11, env.clock())
    env.service.flush_journal()
    return env, gid, drain(env)


def _to(mails: list[EmailMessage], addr: str) -> list[EmailMessage]:
    return [m for m in mails if addr in str(m["To"])]


def _gm_move(env: Env, gid: str) -> None:
    rec = env.store.load(gid)
    seat = rec.pending()[0].seat
    action = rec.game.parse(rec.state, seat, rec.legal_notations(seat)[0])
    env.store.commit(gid, rec.seq, [ActionEntry(seat, action=action, source="gm")], env.clock())
    env.service.flush_journal()


def test_one_move_number_after_an_undo(tmp_path: Path) -> None:
    env, gid, _ = _start(tmp_path)
    for _ in range(3):
        _gm_move(env, gid)
    drain(env)
    rec = env.store.load(gid)
    env.store.commit(gid, rec.seq, [Undo(reason="a misclick")], env.clock())
    env.service.flush_journal()
    mails = drain(env)
    # Two moves are in effect: every mail speaks of move 3 next.
    subjects = {str(m["Subject"]) for m in mails}
    assert all("move 3" in s or "taken back" in s for s in subjects), subjects
    rec = env.store.load(gid)
    mover = rec.envelope.active_player(rec.pending()[0].seat).email
    turn = _to(mails, mover)[0]
    assert "move 3 of game" in text_of(turn)
    assert "(move 3)" in str(turn["Subject"])
    out = env.service.handle(reply(turn, mover, "HISTORY", quote=False))
    assert out.reason == "answered"
    hist = text_of(drain(env)[0])
    assert "   1. " in hist and "   2. " in hist and "   3. " not in hist
    assert "(taken back)" in hist
    # The #N guard uses the same number.
    seat = rec.pending()[0].seat
    move = rec.legal_notations(seat)[0]
    out = env.service.handle(reply(turn, mover, f"{move} #3", quote=False))
    assert out.reason == "applied", out


def test_each_gm_event_has_its_own_subject(tmp_path: Path) -> None:
    env, gid, _ = _start(tmp_path)
    rec = env.store.load(gid)
    env.store.commit(gid, rec.seq, [SetDeadline("move", seconds=3 * 86400)], env.clock())
    env.service.flush_journal()
    mails = drain(env)
    assert mails and all("deadline set" in str(m["Subject"]) for m in mails)
    rec = env.store.load(gid)
    mover = rec.envelope.active_player(rec.pending()[0].seat).email
    body = text_of(_to(mails, mover)[0])
    assert "Your deadline: " in body and "UTC, in 3 days" in body, body
    env.store.commit(gid, rec.seq, [Pause("the GM is away")], env.clock())
    env.service.flush_journal()
    mails = drain(env)
    assert mails and all("game paused" in str(m["Subject"]) for m in mails)


def test_the_replaced_player_is_told_and_the_new_one_welcomed(tmp_path: Path) -> None:
    env, gid, _ = _start(tmp_path)
    rec = env.store.load(gid)
    env.store.commit(gid, rec.seq, [Replace(1, "Eve", "eve@example.org")], env.clock())
    env.service.flush_journal()
    mails = drain(env)
    old = _to(mails, "bob@example.org")
    # Issue 31: a removed player did not leave; the subject says the seat was given away.
    assert len(old) == 1 and "your seat was given to another player" in str(old[0]["Subject"])
    assert "Eve" in text_of(old[0])
    new = _to(mails, "eve@example.org")
    assert len(new) == 1 and "welcome" in str(new[0]["Subject"])
    assert "Your tile" in text_of(new[0]) or "tile" in text_of(new[0])


def test_game_over_mail_lets_every_player_verify(tmp_path: Path) -> None:
    env, gid, _ = _start(tmp_path, FOUR[:2])
    _gm_move(env, gid)
    drain(env)
    rec = env.store.load(gid)
    env.store.commit(gid, rec.seq, [End("gm")], env.clock())
    env.service.flush_journal()
    (mail, *_) = _to(drain(env), "ann@example.org")
    body = text_of(mail)
    assert "pbem verify-shuffle" in body and max(len(ln) for ln in body.splitlines()) <= 72
    files = {}
    for part in mail.iter_attachments():
        data = part.get_content()
        files[str(part.get_filename())] = data if isinstance(data, bytes) else data.encode()
    assert set(files) == {
        f"{gid}.tar.gz",
        "pbem-public-key.txt",
        f"{gid}.record.txt",  # the record and the replay page (issue 26)
        f"{gid}.replay.html",
    }
    out = tmp_path / "check"
    out.mkdir()
    for name, data in files.items():
        (out / name).write_bytes(data)
    for command, file in (
        ("verify-shuffle", f"{gid}.tar.gz"),
        ("verify-record", f"{gid}.record.txt"),
    ):
        res = subprocess.run(
            [
                str(Path(sys.executable).with_name("pbem")),
                command,
                file,
                "--pubkey",
                "pbem-public-key.txt",
            ],
            cwd=out,
            capture_output=True,
            text=True,
        )
        assert res.returncode == 0, res.stdout + res.stderr


def _play_by_mail(
    env: Env,
    gid: str,
    mails: list[EmailMessage],
    moves: int,
    every: timedelta = timedelta(hours=2),
    log: list[tuple[str, str, object]] | None = None,
) -> dict[str, int]:
    """Every mover answers their latest mail with a legal move; count the mails each address got."""
    counts = {a: 0 for _, a in FOUR}
    latest = {a: _to(mails, a)[-1] for _, a in FOUR}
    rng = random.Random(3)
    for _ in range(moves):
        rec = env.store.load(gid)
        if rec.envelope.status != "active":
            break
        seat = rec.pending()[0].seat
        addr = rec.envelope.active_player(seat).email
        move = rng.choice(rec.legal_notations(seat))
        out = env.service.handle(reply(latest[addr], addr, move, quote=False))
        assert out.reason == "applied", out
        env.clock.now += every
        env.service.send_digests()
        for m in drain(env):
            for a in counts:
                if a in str(m["To"]):
                    counts[a] += 1
                    latest[a] = m
                    if log is not None:
                        log.append((a, str(m["Subject"]), env.clock.now))
    return counts


@pytest.mark.parametrize("mode", ["turns", "digest"])
def test_mail_turns_and_digest_send_far_less(tmp_path: Path, mode: str) -> None:
    env, gid, mails = _start(tmp_path / "every")
    every = _play_by_mail(env, gid, mails, 24)
    env2, gid2, mails2 = _start(tmp_path / mode)
    rec = env2.store.load(gid2)
    first = rec.envelope.active_player(rec.pending()[0].seat).email
    # One player chooses by mail; the others by the GM's game option would be the same.
    out = env2.service.handle(
        reply(_to(mails2, first)[0], first, f"MAIL {mode.upper()}", quote=False)
    )
    assert out.reason == "answered"
    drain(env2)
    for _, a in FOUR:
        env2.service.prefs.set_mail(a, env2.service.prefs.get(first).mail)
    fewer = _play_by_mail(env2, gid2, mails2, 24)
    total_every, total_fewer = sum(every.values()), sum(fewer.values())
    if mode == "turns":
        # Each player gets their own turn mails only: about a quarter in a 4-player game.
        assert total_fewer <= total_every * 0.3, (every, fewer)
    else:
        # 48 hours of play: the turn mails, plus about one digest a day each.
        assert total_fewer <= total_every * 0.3 + 3 * 4, (every, fewer)
    assert all(n > 0 for n in fewer.values())


def test_a_digest_a_day_when_turns_come_less_often(tmp_path: Path) -> None:
    env, gid, mails = _start(tmp_path)
    from pbem.service.prefs import MailMode

    env.service.prefs.set_mail("ann@example.org", MailMode.DIGEST)
    log: list[tuple[str, str, object]] = []
    # A move every 10 hours: Ann's turn comes every 40 hours, so a digest is due in between.
    _play_by_mail(env, gid, mails, 16, every=timedelta(hours=10), log=log)
    ann = [(subj, when) for a, subj, when in log if a == "ann@example.org"]
    digests = [when for subj, when in ann if "the day's moves" in subj]
    turns = [subj for subj, _ in ann if "your turn" in subj]
    assert digests, ann
    assert turns
    assert len(ann) == len(digests) + len(turns), ann  # nothing else
    for a, b in zip(digests, digests[1:], strict=False):
        assert b - a >= timedelta(hours=24)  # type: ignore[operator]


def test_long_addresses_keep_every_line_within_72_columns(tmp_path: Path) -> None:
    from helpers import Clock

    from pbem.mail.outbox import Outbox
    from pbem.service import Policy, Service
    from pbem.store import Keyring, Store

    keyring = Keyring.create(tmp_path / "keys", data_dir=tmp_path / "games")
    store = Store(tmp_path / "games", keyring)
    outbox = Outbox(tmp_path / "games", keyring)
    service = Service(
        store,
        outbox,
        Policy(
            "forbidden-city-service-1@mail.example-club.org", "game-master-2@mail.example-club.org"
        ),
        Clock(),
    )
    gid = store.create("forbidden-city", FOUR[:2], {"privacy": "plain"}, 3, service.clock())
    service.flush_journal()
    env = Env(service, store, outbox, service.clock, tmp_path)  # type: ignore[arg-type]
    mails = drain(env)
    assert mails
    for m in mails:
        assert all(len(ln) <= 72 for ln in text_of(m).splitlines()), text_of(m)
    assert gid


def test_a_damaged_prefs_file_is_read_as_no_choices_and_rewritten(tmp_path: Path) -> None:
    env, gid, mails = _start(tmp_path, FOUR[:2])
    prefs = env.data / "outbox" / "prefs.json"
    prefs.write_bytes(b"\xff{not json")
    first = _to(mails, "ann@example.org")[0]
    # Mail still goes out (everyone gets every mail, the default) ...
    env.service.resend(gid)
    assert len(drain(env)) == 2
    # ... and a player's choice writes a sound file again.
    out = env.service.handle(reply(first, "ann@example.org", "MAIL TURNS", quote=False))
    assert out.reason == "answered", out
    assert b'"mail":"turns"' in prefs.read_bytes()
    assert oct(prefs.stat().st_mode & 0o777) == "0o600"


def test_a_resent_board_does_not_say_the_player_asked(tmp_path: Path) -> None:
    """``admin resend`` (issue 31): the board mail says the game master sent it again."""
    env, gid, mails = _start(tmp_path, FOUR[:2])
    env.service.resend(gid)
    resent = drain(env)
    assert resent
    for m in resent:
        text = " ".join(text_of(m).split())
        assert "as you asked" not in text and "sent again by the game master" in text
    first = _to(mails, "ann@example.org")[0]
    env.service.handle(reply(first, "ann@example.org", "BOARD", quote=False))
    (asked,) = drain(env)
    assert "as you asked" in " ".join(text_of(asked).split())


def test_a_replacement_is_not_told_a_new_game_has_started(tmp_path: Path) -> None:
    """Issue 31: the player who takes over a seat of a running game is told so, with the move."""
    env, gid, _ = _start(tmp_path)
    rec = env.store.load(gid)
    env.store.commit(gid, rec.seq, [Replace(1, "Eve", "eve@example.org")], env.clock())
    env.service.flush_journal()
    new = _to(drain(env), "eve@example.org")
    assert new
    text = " ".join(text_of(new[0]).split())
    assert "A new game of" not in text and "You now play" in text and "at move 1" in text
