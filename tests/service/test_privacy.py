"""Privacy in the loop: a 'required' game waits for keys (welcome, reminders), starts encrypted,
and a key revoked mid-game makes the service withhold that player's private part and say why."""

from __future__ import annotations

from datetime import timedelta
from email import policy
from email.parser import BytesParser
from pathlib import Path

from helpers import SERVICE, drain, make_env, reply

from pbem.crypto_mail import MailCrypto

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]


def _plain_text(msg) -> str:  # noqa: ANN001
    part = msg.get_body(preferencelist=("plain",))
    return part.get_content() if part is not None else ""


def test_required_game_waits_for_keys_then_falls_back_when_a_key_is_revoked(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    crypto = MailCrypto.open(tmp_path / "keys", SERVICE, env.clock())
    env.service.crypto = crypto
    gid = env.store.create("forbidden-city", PLAYERS, {"privacy": "required"}, 9, env.clock())
    env.service.flush_journal()
    welcome = {str(m["To"]).split("<")[1].rstrip(">"): m for m in drain(env)}
    assert set(welcome) == {a for _, a in PLAYERS}
    for m in welcome.values():
        assert "welcome: a key" in str(m["Subject"])
        assert "Your tile" not in m.as_string()

    # A move before the keys are there is refused.
    mover = env.store.load(gid).pending()[0].seat
    addr = PLAYERS[mover][1]
    out = env.service.handle(
        reply(welcome[addr], addr, env.store.load(gid).legal_notations(mover)[0])
    )
    assert out.folder == "rejected"
    assert env.store.load(gid).envelope.moves == 0
    drain(env)

    # A day later: reminders to both.
    env.clock.now += timedelta(hours=25)
    assert env.service.remind_missing_keys() == 2
    assert all("reminder" in str(m["Subject"]) for m in drain(env))

    # Both get certificates (as after CERT): the game starts, every start mail encrypted.
    for name, a in PLAYERS:
        crypto.issue(a, name, "correct-horse-battery", env.clock())
    env.service.remind_missing_keys()
    starts = drain(env)
    assert len(starts) == 2
    assert all(m.get_content_type() == "application/pkcs7-mime" for m in starts)

    # Ann's key is revoked: her next mail goes out without her tile, saying why; Bob's stays
    # encrypted.
    ann_key = crypto.keys.keys("ann@example.org")[0]
    assert crypto.keys.revoke("ann@example.org", ann_key.fingerprint)
    env.service.resend(gid)
    mails = {str(m["To"]).split("<")[1].rstrip(">"): m for m in drain(env)}
    ann = mails["ann@example.org"]
    assert ann.get_content_type() != "application/pkcs7-mime"
    text = _plain_text(ann)
    assert "Your tile" not in ann.as_string()
    assert "withheld" in text and "revoked" in text
    assert mails["bob@example.org"].get_content_type() == "application/pkcs7-mime"
    assert BytesParser(policy=policy.default)  # the parser the helpers use
