"""Replies to our notices (issue 31 items 3 and 4): a mail answering a notice we sent to that very
address is ours. A move or a PREVIEW written to a "You are in" notice or a GAMES answer gets a real
answer in the player's language, greeting them by the name our games know, never "does not answer
one of our game mails"; a certificate sent in reply to the "You are in" notice is filed."""

from __future__ import annotations

from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from helpers import Env, drain, make_env, text_of
from test_signup_budget import AUTHSERV, _open, mail

from pbem.crypto import KeyKind, PlayerKeys, ServiceIdentity, smime
from pbem.crypto_mail import MailCrypto
from pbem.runner import TickReport, run_timers
from pbem.service.auth import NO_TOKEN

DEE = "dee@example.org"


def _you_are_in(env: Env) -> EmailMessage:
    """Dee, invited to an open game, joins by replying to the invitation: the "You are in"."""
    oid = _open(env, invited=[DEE])
    run_timers(env.service, env.clock, TickReport())
    (invitation,) = [m for m in drain(env) if "invitation" in str(m["Subject"])]
    joined = mail(DEE, f"JOIN {oid}", answers=invitation)
    out = env.service.handle(joined.replace(f"From: {DEE}".encode(), f"From: Dee <{DEE}>".encode()))
    assert out.reason == "applied", out
    (you_are_in,) = drain(env)
    assert "You are in" in text_of(you_are_in)
    return you_are_in


def started_game(env: Env) -> str:
    """A 2-player Forbidden City game (Ann, Bob) whose start mails went out."""
    gid = env.store.create(
        "forbidden-city", [("Ann", "ann@example.org"), ("Bob", "bob@example.org")], {}, 3,
        env.clock(),
    )  # fmt: skip
    env.service.flush_journal()
    drain(env)
    return gid


def _one_line(msg: EmailMessage) -> str:
    return " ".join(text_of(msg).split())


def test_a_move_to_the_you_are_in_notice_is_answered_in_the_players_language(
    tmp_path: Path,
) -> None:
    env = make_env(tmp_path, authserv_id=AUTHSERV)
    notice = _you_are_in(env)
    out = env.service.handle(mail(DEE, "M13 R1", answers=notice))
    assert out.replies == 1 and out.folder == "rejected", out
    (answer,) = drain(env)
    text = _one_line(answer)
    assert text.startswith("Hello Dee,"), text
    assert "cannot carry a move" in text and "reply to the newest mail of your game" in text
    assert " ".join(NO_TOKEN.split()) not in text
    # The same in French, once Dee chose it; the answer is a reply to her mail.
    env.service.prefs.set_lang(DEE, "fr")
    out = env.service.handle(mail(DEE, "APERÇU M13 R1", answers=notice))
    (answer,) = drain(env)
    text = _one_line(answer)
    assert text.startswith("Bonjour Dee,"), text
    assert "ne peut porter ni coup ni commande" in text and "partie -" not in text, text
    assert str(answer["In-Reply-To"]).startswith("<m")


def test_a_preview_to_a_games_answer_lists_the_players_games(tmp_path: Path) -> None:
    env = make_env(tmp_path, authserv_id=AUTHSERV)
    gid = started_game(env)
    env.service.prefs.set_lang("ann@example.org", "it")
    assert env.service.handle(mail("ann@example.org", "GAMES")).reason == "answered"
    (games,) = drain(env)
    out = env.service.handle(mail("ann@example.org", "PREVIEW M9 R0", answers=games))
    assert out.replies == 1, out
    (answer,) = drain(env)
    text = _one_line(answer)
    assert text.startswith("Buongiorno Ann,"), text
    assert gid in text and "Scrivete PARTITE" in text
    assert env.store.load(gid).envelope.moves == 0
    # Doing what it says: PARTITE in a reply to it lists the games.
    out = env.service.handle(mail("ann@example.org", "Partite?", answers=answer))
    assert out.reason == "answered", out
    assert gid in _one_line(drain(env)[0])
    # A reply to a notice sent to someone else is a stranger's (refused, not answered as ours).
    out = env.service.handle(mail("eve@example.org", "PREVIEW M9 R0", answers=games))
    (refusal,) = drain(env)
    assert "Ann" not in text_of(refusal) and gid not in text_of(refusal)


@pytest.fixture(scope="module")
def identity(tmp_path_factory: pytest.TempPathFactory) -> ServiceIdentity:
    from helpers import Clock

    return ServiceIdentity.create_or_load(
        tmp_path_factory.mktemp("service"), "service@pbem.test", Clock().now, key_size=2048
    )


def test_a_certificate_sent_to_the_you_are_in_notice_is_filed(
    tmp_path: Path, identity: ServiceIdentity
) -> None:
    env = make_env(tmp_path, authserv_id=AUTHSERV)
    keys = PlayerKeys(tmp_path / "keys" / "players")
    env.service.crypto = MailCrypto(identity, keys)
    notice = _you_are_in(env)
    now = env.clock.now
    ca = smime.make_ca("Dee's own CA", now, key_size=2048)
    _key, cert = smime.issue_certificate(ca, DEE, "Dee", 365, now, key_size=2048)
    msg = EmailMessage()
    msg["Authentication-Results"] = f"{AUTHSERV}; dmarc=pass header.from=example.org"
    msg["From"] = f"Dee <{DEE}>"
    msg["To"] = "service@pbem.test"
    msg["Subject"] = "Re: " + str(notice["Subject"])
    msg["Message-ID"] = "<cert1@client.test>"
    msg["In-Reply-To"] = str(notice["Message-ID"])
    msg["References"] = str(notice["Message-ID"])
    msg.set_content("Here is my certificate.\n")
    msg.add_attachment(
        cert.public_bytes(serialization.Encoding.PEM),
        maintype="application",
        subtype="pkix-cert",
        filename="dee.pem",
    )
    out = env.service.handle(msg.as_bytes())
    assert out.reason == "key filed" and out.folder == "processed", out
    assert [k.kind for k in keys.keys(DEE)] == [KeyKind.SMIME]
    (confirmation,) = drain(env)
    assert "your key is on file" in str(confirmation["Subject"])
    assert _one_line(confirmation).startswith("Hello Dee,")
    # The same mail again files nothing new.
    env.clock.now += timedelta(minutes=1)
    env.service.handle(msg.as_bytes())
    assert len(keys.keys(DEE)) == 1
