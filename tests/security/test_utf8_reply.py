"""A valid reply whose own Message-ID (and References) hold UTF-8 is applied end to end, and the
answers that refer to it are still ASCII mail."""

from __future__ import annotations

from pathlib import Path

from helpers import drain, make_env, reply

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]


def test_a_utf8_message_id_reply_is_applied(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = env.store.create("forbidden-city", PLAYERS, {}, 11, env.clock())
    env.service.flush_journal()
    mails = drain(env)
    rec = env.store.load(gid)
    seat = rec.pending()[0].seat
    addr = rec.envelope.active_player(seat).email
    turn = next(m for m in mails if addr in str(m["To"]))
    raw = reply(turn, addr, rec.legal_notations(seat)[0])
    head, sep, body = raw.partition(b"\n\n")
    lines = [
        ln
        for ln in head.split(b"\n")
        if not ln.lower().startswith((b"message-id:", b"references:"))
    ]
    lines.append("Message-ID: <zug-ö-1@bücher.example>".encode())
    lines.append(f"References: <ältere@bücher.example> {turn['Message-ID']}".encode())
    utf8 = b"\n".join(lines) + sep + body
    out = env.service.handle(utf8)
    assert out.reason == "applied", out
    assert env.store.load(gid).envelope.moves == 1
    answers = drain(env)
    assert answers
    for m in answers:
        m.as_bytes().decode("ascii")  # ASCII mail: no SMTPUTF8 needed to send it
    # the same bytes again: the UTF-8 Message-ID is in the ledger
    assert env.service.handle(utf8).reason == "already applied"


def test_a_utf8_message_id_mistake_is_answered(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    gid = env.store.create("forbidden-city", PLAYERS, {}, 11, env.clock())
    env.service.flush_journal()
    mails = drain(env)
    rec = env.store.load(gid)
    seat = rec.pending()[0].seat
    addr = rec.envelope.active_player(seat).email
    turn = next(m for m in mails if addr in str(m["To"]))
    raw = reply(turn, addr, "Z99 R7")
    raw = raw.replace(b"Message-ID: <", "Message-ID: <zug-ö-".encode(), 1)
    out = env.service.handle(raw)
    assert out.folder == "rejected", out
    answers = drain(env)
    assert len(answers) == 1
    answers[0].as_bytes().decode("ascii")


def test_answers_never_refer_to_a_non_ascii_message_id() -> None:
    from datetime import UTC, datetime

    from pbem.mail.compose import MailParts, build_message

    msg = build_message(
        MailParts(
            sender="service@pbem.test",
            sender_name="pbem",
            to_name="Ann",
            to_addr="ann@example.org",
            subject="x",
            text="t",
            html="<p>t</p>",
            message_id="<a@pbem.test>",
            date=datetime(2026, 1, 1, tzinfo=UTC),
            in_reply_to="<fuzz-22\ufffd\ufffd4c0@cl=?utf-8?b?/w==?=ient.test>",
            references=["<ok@x>", "<zug-ö@bücher.example>"],
        )
    )
    raw = msg.as_bytes().decode("ascii")
    assert "In-Reply-To" not in raw and "References: <ok@x>" in raw
