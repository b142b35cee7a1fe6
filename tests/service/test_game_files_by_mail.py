"""Turn files, records and replay pages by mail (issue 26): on turn mails by each player's choice,
RECORD in four languages, and an answer file read like a typed move."""

from __future__ import annotations

import email
import email.policy
import re
from email.message import EmailMessage
from pathlib import Path

import pytest
from helpers import Env, drain, make_env, reply, text_of

from pbem.gamefiles.turnfile import known_state, read_turn_file
from pbem.rules.forbidden_city.state import State
from pbem.store import End

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]


def _files(msg: EmailMessage) -> dict[str, bytes]:
    out = {}
    for part in msg.iter_attachments():
        data = part.get_content()
        out[str(part.get_filename())] = data if isinstance(data, bytes) else data.encode()
    return out


def _to(mails: list[EmailMessage], addr: str) -> list[EmailMessage]:
    return [m for m in mails if addr in str(m["To"])]


def _start(tmp_path: Path, game: str = "forbidden-city") -> tuple[Env, str, list[EmailMessage]]:
    env = make_env(tmp_path)
    gid = env.store.create(game, PLAYERS, {}, 5, env.clock())
    env.service.flush_journal()
    return env, gid, drain(env)


def test_the_turn_mail_carries_the_readers_turn_file_and_no_one_elses(tmp_path: Path) -> None:
    env, gid, mails = _start(tmp_path)
    rec = env.store.load(gid)
    mover = rec.pending()[0].seat
    key = env.store.keyring.public_key_text()
    for seat, (_, addr) in enumerate(PLAYERS):
        (mail,) = _to(mails, addr)
        files = [n for n in _files(mail) if n.endswith(".turn.json")]
        if seat != mover:
            assert files == [], "a turn file on a mail that is not the reader's turn"
            continue
        assert files == [f"{gid}.move1.seat{seat}.turn.json"]
        opened = read_turn_file(_files(mail)[files[0]], key)
        assert opened.turn is not None and opened.turn.seat == seat
        state = known_state(opened)
        assert isinstance(state, State) and isinstance(rec.state, State)
        assert [rec.game.notation(a) for a in rec.game.legal(state, seat)] == (
            rec.legal_notations(seat)
        )
        # Only its own tile: the others' are stand-ins.
        for other in range(3):
            if other != seat:
                # As a word of the file: a tile id such as "W7" may stand inside a base64 blob
                # (a signature, the packed state) by chance, which says nothing.
                word = re.compile(rf"(?<![A-Za-z0-9+/]){rec.state.hands[other]}(?![A-Za-z0-9+/=])")
                assert not word.search(_files(mail)[files[0]].decode()) or (
                    rec.state.hands[other] == state.hands[other]
                )


def test_mail_files_off_and_every(tmp_path: Path) -> None:
    env, gid, mails = _start(tmp_path)
    rec = env.store.load(gid)
    mover = rec.pending()[0].seat
    other = (mover + 1) % 3
    addr = PLAYERS[other][1]
    out = env.service.handle(reply(_to(mails, addr)[0], addr, "MAIL FILES EVERY"))
    assert out.reason in ("answered", "applied", "handled"), out
    answer = _to(drain(env), addr)[0]
    assert "MAIL FILES OFF" in " ".join(text_of(answer).split())
    mover_addr = PLAYERS[mover][1]
    raw = reply(_to(mails, mover_addr)[0], mover_addr, rec.legal_notations(mover)[0])
    assert env.service.handle(raw).reason == "applied"
    mails = drain(env)
    # The next seat owes now; the seat that chose EVERY gets one whatever the mail.
    for seat, (_, a) in enumerate(PLAYERS):
        names = [n for m in _to(mails, a) for n in _files(m) if n.endswith(".turn.json")]
        rec = env.store.load(gid)
        owes = rec.pending()[0].seat == seat
        assert bool(names) == (owes or seat == other), (seat, names)
    env.service.handle(reply(_to(mails, addr)[0], addr, "MAIL FILES OFF"))
    drain(env)
    assert env.service.prefs.files(addr) == "off"
    bad = env.service.handle(reply(_to(mails, addr)[0], addr, "MAIL FILES SOMETIMES"))
    assert "MAIL FILES takes one of OWN" in " ".join(text_of(_to(drain(env), addr)[0]).split()), bad


@pytest.mark.parametrize(
    ("word", "lang"), [("RECORD", "en"), ("FEUILLE", "fr"), ("REGISTRO", "it"), ("PROTOKOLL", "de")]
)
def test_record_by_mail_in_four_languages(tmp_path: Path, word: str, lang: str) -> None:
    env, gid, mails = _start(tmp_path)
    addr = PLAYERS[1][1]
    env.service.prefs.set_lang(addr, lang)
    env.service.handle(reply(_to(mails, addr)[0], addr, word))
    (answer,) = _to(drain(env), addr)
    files = _files(answer)
    assert set(files) == {
        f"{gid}.record.txt",
        f"{gid}.seat1.replay.html",
        "pbem-public-key.txt",
    }
    from pbem.gamefiles.record import verify_record

    report, _ = verify_record(
        files[f"{gid}.record.txt"].decode(), files["pbem-public-key.txt"].decode()
    )
    assert report.ok, report.problems
    assert f'[Language "{lang}"]' in files[f"{gid}.record.txt"].decode()
    assert f'<html lang="{lang}">' in files[f"{gid}.seat1.replay.html"].decode()
    assert "pbem verify-record" in text_of(answer)


def test_an_attached_answer_file_is_read_like_a_typed_move(tmp_path: Path) -> None:
    env, gid, mails = _start(tmp_path)
    rec = env.store.load(gid)
    mover = rec.pending()[0].seat
    addr = PLAYERS[mover][1]
    move = rec.legal_notations(mover)[-1]
    raw = reply(_to(mails, addr)[0], addr, "Here is my move, attached.")
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    msg.add_attachment(
        f"#1 {move}\n".encode(), maintype="text", subtype="plain", filename="my.pbem-reply.txt"
    )
    out = env.service.handle(msg.as_bytes())
    assert out.reason == "applied", out
    rec = env.store.load(gid)
    last = rec.entries[-1].payload
    assert getattr(last, "notation", None) == move


def test_the_game_over_mail_attaches_the_record_and_the_page(tmp_path: Path) -> None:
    env, gid, _ = _start(tmp_path, "verbotene-stadt")
    rec = env.store.load(gid)
    env.store.commit(gid, rec.seq, [End("gm")], env.clock())
    env.service.flush_journal()
    (mail,) = _to(drain(env), PLAYERS[2][1])
    files = _files(mail)
    assert f"{gid}.record.txt" in files and f"{gid}.replay.html" in files
    assert b"<script>" in files[f"{gid}.replay.html"]
