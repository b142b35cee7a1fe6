"""Sign-up and watch requests outside the strangers' budget (issue 32, item 3) and every reply to
one of our mails is ours (issue 31, item 1): a forger cannot spend anyone's answer, LEAVE and
UNWATCH always act, a reply to an invitation, a notice or an observer's mail is authenticated by
the MAC in the Message-ID it answers and never dropped silently."""

from __future__ import annotations

from email.message import EmailMessage
from pathlib import Path

from helpers import SERVICE, Env, drain, make_env, text_of

from pbem.service.signup import FORGED_PER_HOUR, SignupFiles

AUTHSERV = "mx.pbem.test"


def mail(
    sender: str,
    body: str,
    *,
    dmarc: str = "pass",
    answers: EmailMessage | None = None,
    n: list[int] = [0],  # noqa: B006 - a counter for unique Message-IDs
) -> bytes:
    n[0] += 1
    head = (
        f"Authentication-Results: {AUTHSERV}; dmarc={dmarc} header.from="
        f"{sender.rpartition('@')[2]}\r\nFrom: {sender}\r\nTo: {SERVICE}\r\nSubject: hello\r\n"
        f"Message-ID: <m{n[0]}@client.test>\r\n"
    )
    if answers is not None:
        head += f"In-Reply-To: {answers['Message-ID']}\r\nReferences: {answers['Message-ID']}\r\n"
    return (head + f"Content-Type: text/plain\r\n\r\n{body}\r\n").encode()


def _env(tmp_path: Path) -> Env:
    return make_env(tmp_path, authserv_id=AUTHSERV)


def _open(env: Env, invited: list[str] | None = None) -> str:
    return (
        SignupFiles(env.data / "outbox")
        .new_open("forbidden-city", 3, 4, {}, None, invited or [], env.clock())
        .open_id
    )


def _players(env: Env, open_id: str) -> list[str]:
    og = SignupFiles(env.data / "outbox").get_open(open_id)
    assert og is not None
    return [a for _, a in og.players]


def test_a_forged_mail_does_not_silence_the_victims_join(tmp_path: Path) -> None:
    env = _env(tmp_path)
    oid = _open(env)
    # A forger writes as Ann: a junk mail (refused: spends a stranger's answer if it were hers)
    # and forged JOINs whose DMARC fails at our server.
    env.service.handle(mail("ann@example.org", "hello", dmarc="fail"))
    for _ in range(3):
        env.service.handle(mail("ann@example.org", f"JOIN {oid}", dmarc="fail"))
    drain(env)
    # Ann's own mail that gets a refusal spends her stranger's answer for the day...
    env.service.handle(mail("ann@example.org", "what is this?"))
    drain(env)
    # ...and her JOIN is still confirmed, and her confirmation acts.
    out = env.service.handle(mail("ann@example.org", f"JOIN {oid}"))
    assert out.reason == "confirmation sent", out
    (conf,) = drain(env)
    out = env.service.handle(mail("ann@example.org", "yes", answers=conf))
    assert out.reason == "applied", out
    assert _players(env, oid) == ["ann@example.org"]


def test_forged_requests_are_counted_apart(tmp_path: Path) -> None:
    env = _env(tmp_path)
    oid = _open(env)
    sent = 0
    for i in range(FORGED_PER_HOUR + 5):
        out = env.service.handle(mail(f"v{i}@example.org", f"JOIN {oid}", dmarc="fail"))
        sent += out.reason == "confirmation sent"
    assert sent == FORGED_PER_HOUR
    drain(env)
    # The forgers' budget is spent; genuine requests are not touched.
    assert env.service.handle(mail("bob@example.org", f"JOIN {oid}")).reason == (
        "confirmation sent"
    )


def test_junk_from_strangers_does_not_silence_sign_up(tmp_path: Path) -> None:
    env = _env(tmp_path)
    oid = _open(env)
    gid = env.store.create(
        "forbidden-city",
        [("Ann", "ann@example.org"), ("Bob", "bob@example.org")],
        {},
        3,
        env.clock(),
    )
    env.service.flush_journal()
    drain(env)
    for i in range(40):  # more than the strangers' hourly answers
        env.service.handle(mail(f"junk{i}@example.net", "buy now"))
    drain(env)
    for body in (f"JOIN {oid}", f"WATCH {gid}", "GAMES"):
        out = env.service.handle(mail("cy@example.org", body))
        assert out.reason in ("confirmation sent", "answered"), (body, out)
    assert len(drain(env)) == 3


def test_leave_and_unwatch_the_same_day_always_act(tmp_path: Path) -> None:
    env = _env(tmp_path)
    oid = _open(env)
    gid = env.store.create(
        "forbidden-city",
        [("Ann", "ann@example.org"), ("Bob", "bob@example.org")],
        {},
        3,
        env.clock(),
    )
    env.service.flush_journal()
    drain(env)
    for request, undo in ((f"JOIN {oid}", f"LEAVE {oid}"), (f"WATCH {gid}", f"UNWATCH {gid}")):
        for body in (request, undo):
            out = env.service.handle(mail("cy@example.org", body))
            assert out.reason == "confirmation sent", (body, out)
            (conf,) = drain(env)
            out = env.service.handle(mail("cy@example.org", "ok", answers=conf))
            assert out.reason == "applied", (body, out)
            drain(env)
    assert _players(env, oid) == []
    assert SignupFiles(env.data / "outbox").watchers(gid).watchers == []


def test_unwatch_in_a_reply_to_an_observers_mail_acts_at_once(tmp_path: Path) -> None:
    env = _env(tmp_path)
    gid = env.store.create(
        "forbidden-city",
        [("Ann", "ann@example.org"), ("Bob", "bob@example.org")],
        {},
        3,
        env.clock(),
    )
    env.service.flush_journal()
    drain(env)
    env.service.handle(mail("obs@example.org", f"WATCH {gid}"))
    (conf,) = drain(env)
    env.service.handle(mail("obs@example.org", "yes", answers=conf))
    (notice,) = drain(env)
    assert "You now watch" in text_of(notice)
    out = env.service.handle(mail("obs@example.org", f"UNWATCH {gid}", answers=notice))
    assert out.reason == "applied", out
    (done,) = drain(env)
    assert "no longer watch" in text_of(done)
    assert SignupFiles(env.data / "outbox").watchers(gid).watchers == []
    # The same reply again changes nothing; a forged reply from elsewhere is not ours.
    assert env.service.handle(mail("obs@example.org", f"UNWATCH {gid}", answers=notice)).reason in (
        "already applied",
        "refused",
    )


def test_an_invited_watcher_joins_by_replying_to_the_invitation(tmp_path: Path) -> None:
    """Issue 31: she had sent WATCH earlier that day; her JOIN in reply to the invitation acts."""
    env = _env(tmp_path)
    gid = env.store.create(
        "forbidden-city",
        [("Ann", "ann@example.org"), ("Bob", "bob@example.org")],
        {},
        3,
        env.clock(),
    )
    env.service.flush_journal()
    drain(env)
    env.service.handle(mail("dee@example.org", f"WATCH {gid}"))
    env.service.handle(mail("dee@example.org", "what now?"))  # spends her stranger's answer
    drain(env)
    oid = _open(env, invited=["dee@example.org"])
    from pbem.runner import TickReport, run_timers

    run_timers(env.service, env.clock, TickReport())
    (invitation,) = [m for m in drain(env) if "invitation" in str(m["Subject"])]
    out = env.service.handle(mail("dee@example.org", f"JOIN {oid}", answers=invitation))
    assert out.reason == "applied", out
    (you_are_in,) = drain(env)
    assert "You are in" in text_of(you_are_in)
    assert _players(env, oid) == ["dee@example.org"]
    # Anything else in reply to that notice is answered, whatever the strangers' budget says.
    for _ in range(3):
        out = env.service.handle(mail("dee@example.org", "thanks!", answers=you_are_in))
        assert out.replies == 1, out
        assert len(drain(env)) == 1
    # A reply to a notice sent to someone else is not Dee's.
    out = env.service.handle(mail("eve@example.org", f"LEAVE {oid}", answers=you_are_in))
    assert _players(env, oid) == ["dee@example.org"]
