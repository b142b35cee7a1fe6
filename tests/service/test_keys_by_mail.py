"""Keys by mail in-process (issue 5): what is filed, what is refused, and what the answer says.

The same transaction as the mail loop (tests/integration/test_encrypted_loop.py proves it through
Dovecot with openssl- and gpg-made keys), without sockets: fast, and precise about each answer.
Certificates here are issued by a second, unrelated CA made with the library, so they are real
RSA S/MIME certificates that the service did not issue itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from helpers import Clock, Env, drain, make_env, reply, text_of

from pbem.crypto import KeyKind, PlayerKeys, ServiceIdentity, smime
from pbem.crypto_mail import MailCrypto
from pbem.runner import tick

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]
STRANGER = "eve@evil.test"


@dataclass
class Keyed:
    """A 2-player ``required`` game whose welcome mails went out, and a CA for players' certs."""

    env: Env
    gid: str
    keys: PlayerKeys
    welcome: dict[str, EmailMessage]
    ca: tuple[object, object]
    mover: str
    """The address of the seat that places the first tile."""
    waiter: str
    """The address of the other seat."""

    def cert_pem(self, address: str, days: int = 365) -> bytes:
        """A fresh S/MIME certificate (PEM) naming ``address``, from the players' own CA."""
        _key, cert = smime.issue_certificate(
            self.ca,  # type: ignore[arg-type]
            address,
            address.split("@")[0],
            days,
            self.env.clock.now,
            key_size=2048,
        )
        return cert.public_bytes(serialization.Encoding.PEM)


@pytest.fixture(scope="module")
def identities(tmp_path_factory: pytest.TempPathFactory) -> tuple[ServiceIdentity, object]:
    """The service's keys and the players' CA, made once (RSA key generation is the slow part)."""
    now = Clock().now
    identity = ServiceIdentity.create_or_load(
        tmp_path_factory.mktemp("service"), "service@pbem.test", now, key_size=2048
    )
    return identity, smime.make_ca("Players' own CA", now, key_size=2048)


@pytest.fixture
def keyed(tmp_path: Path, identities: tuple[ServiceIdentity, object]) -> Iterator[Keyed]:
    env = make_env(tmp_path)
    identity, ca = identities
    keys = PlayerKeys(tmp_path / "keys" / "players")
    env.service.crypto = MailCrypto(identity, keys)
    gid = env.store.create("forbidden-city", PLAYERS, {"privacy": "required"}, 5, env.clock())
    env.service.mark_dirty(gid)
    env.service.flush_journal()
    mails = drain(env)
    welcome = {a: next(m for m in mails if a in str(m["To"])) for _, a in PLAYERS}
    assert all("a key for encrypted mail" in str(m["Subject"]) for m in welcome.values())
    first = env.store.load(gid).pending()[0].seat
    mover = env.store.load(gid).envelope.active_player(first).email
    waiter = next(a for _, a in PLAYERS if a != mover)
    yield Keyed(env, gid, keys, welcome, ca, mover, waiter)  # type: ignore[arg-type]


def with_cert(raw: bytes, pem: bytes, filename: str = "mine.pem") -> bytes:
    """``raw`` (a reply from helpers.reply) with a certificate attached."""
    from email import message_from_bytes, policy

    msg = message_from_bytes(raw, policy=policy.default)
    assert isinstance(msg, EmailMessage)
    msg.add_attachment(pem, maintype="application", subtype="x-x509-user-cert", filename=filename)
    return msg.as_bytes()


def flat(msg: EmailMessage) -> str:
    return text_of(msg).replace("\n", " ")


# ---------------------------------------------------------------------- filed


def test_mover_key_with_a_sentence_is_filed_and_confirmed(keyed: Keyed) -> None:
    env, ann = keyed.env, keyed.mover
    raw = with_cert(reply(keyed.welcome[ann], ann, "Here is my certificate."), keyed.cert_pem(ann))
    out = env.service.handle(raw)
    assert (out.folder, out.reason) == ("processed", "key filed")
    assert [k.kind for k in keyed.keys.keys(ann)] == [KeyKind.SMIME]
    (answer,) = drain(env)
    assert "your key is on file" in str(answer["Subject"])
    assert answer.get_content_type() == "application/pkcs7-mime"  # encrypted from now on


def test_key_with_a_sentence_from_the_seat_not_to_move_is_filed_without_a_refusal(
    keyed: Keyed,
) -> None:
    env, bob = keyed.env, keyed.waiter
    raw = with_cert(reply(keyed.welcome[bob], bob, "Here is my certificate."), keyed.cert_pem(bob))
    out = env.service.handle(raw)
    assert [k.kind for k in keyed.keys.keys(bob)] == [KeyKind.SMIME]  # holds today
    subjects = [str(m["Subject"]) for m in drain(env)]
    assert any("your key is on file" in s for s in subjects)
    assert not any("not carried out" in s for s in subjects), subjects
    assert (out.folder, out.reason) == ("processed", "key filed")


def test_key_without_words_from_the_seat_not_to_move_is_filed(keyed: Keyed) -> None:
    env, bob = keyed.env, keyed.waiter
    out = env.service.handle(with_cert(reply(keyed.welcome[bob], bob, ""), keyed.cert_pem(bob)))
    assert (out.folder, out.reason) == ("processed", "key filed")
    assert [k.kind for k in keyed.keys.keys(bob)] == [KeyKind.SMIME]


def test_welcome_mail_carries_the_service_keys(keyed: Keyed) -> None:
    """docs/ENCRYPTED-MAIL.md: players encrypt replies to the keys the service's mails carry."""
    identity = keyed.env.service.crypto.identity  # type: ignore[union-attr]
    files = {
        part.get_filename(): part.get_payload(decode=True)
        for part in keyed.welcome[keyed.waiter].walk()
        if part.get_filename()
    }
    assert files["pbem-service.pem"] == identity.smime_certificate_pem
    assert files["pbem-service.asc"] == identity.openpgp_public_key


# ---------------------------------------------------------------------- refused


def _nothing_filed(keyed: Keyed) -> None:
    assert keyed.keys.addresses() == []
    assert keyed.env.store.load(keyed.gid).envelope.moves == 0


def test_stranger_key_with_a_forwarded_token_is_refused(keyed: Keyed) -> None:
    env, ann = keyed.env, keyed.mover
    raw = with_cert(reply(keyed.welcome[ann], STRANGER, "Let me in."), keyed.cert_pem(STRANGER))
    out = env.service.handle(raw)
    assert out.folder == "rejected" and out.reason == "token of another seat"
    _nothing_filed(keyed)
    (answer,) = drain(env)
    assert STRANGER in str(answer["To"])
    assert "not a player of this game" in flat(answer)


def test_key_in_a_fresh_mail_is_refused(keyed: Keyed) -> None:
    env, ann = keyed.env, keyed.mover
    raw = reply(keyed.welcome[ann], ann, "My certificate.", quote=False)
    raw = re.sub(rb"(?m)^(In-Reply-To|References):.*\r?\n", b"", raw)
    out = env.service.handle(with_cert(raw, keyed.cert_pem(ann)))
    assert out.folder == "rejected" and out.reason == "no token"
    _nothing_filed(keyed)
    (answer,) = drain(env)
    assert "Please use Reply" in flat(answer)


def test_key_for_the_other_seat_is_refused(keyed: Keyed) -> None:
    env, ann, bob = keyed.env, keyed.mover, keyed.waiter
    raw = with_cert(reply(keyed.welcome[ann], ann, ""), keyed.cert_pem(bob), "bob.pem")
    out = env.service.handle(raw)
    assert out.folder == "rejected" and out.reason == "key refused"
    _nothing_filed(keyed)
    (answer,) = drain(env)
    assert ann in str(answer["To"])
    assert "your key was not accepted" in str(answer["Subject"])
    assert f"is for {bob}, not for {ann}" in flat(answer)
    assert "Your tile" not in flat(answer)


PHRASE = "tangerine-otter-1987"
"""Not the example passphrase of the help text (which every such mail shows)."""


def _refused_cert_request(keyed: Keyed) -> tuple[object, EmailMessage]:
    """A CERT request next to a move by the seat not to move: all or nothing, so refused."""
    env, bob = keyed.env, keyed.waiter
    out = env.service.handle(reply(keyed.welcome[bob], bob, f"CERT {PHRASE}\nM9 R1"))
    assert out.folder == "rejected"
    _nothing_filed(keyed)
    (answer,) = drain(env)
    assert "not carried out" in str(answer["Subject"])
    return out, answer


def test_refused_cert_request_does_not_echo_the_passphrase(keyed: Keyed) -> None:
    _out, answer = _refused_cert_request(keyed)
    assert PHRASE not in answer.as_string()


def test_refused_cert_request_is_expunged(keyed: Keyed) -> None:
    out, _answer = _refused_cert_request(keyed)
    assert out.expunge  # type: ignore[attr-defined]


def test_cert_request_with_a_word_of_thanks_from_the_seat_not_to_move_is_issued(
    keyed: Keyed,
) -> None:
    """Prose from a seat not to move is prose, not a move out of turn."""
    env, bob = keyed.env, keyed.waiter
    out = env.service.handle(reply(keyed.welcome[bob], bob, f"CERT {PHRASE}\nThanks!"))
    subjects = [str(m["Subject"]) for m in drain(env)]
    assert any("your certificate for encrypted mail" in s for s in subjects), subjects
    assert [k.source for k in keyed.keys.keys(bob)] == ["issued"]
    assert out.folder == "processed" and out.expunge


def test_key_expiring_mid_game_withholds_the_tile_and_says_why(keyed: Keyed) -> None:
    """docs: in a ``required`` game whose keys expire mid-game, each player is told and asked
    for a new one, and the private part is withheld (never sent in clear); play goes on."""
    env = keyed.env
    for addr in (keyed.mover, keyed.waiter):
        out = env.service.handle(
            with_cert(reply(keyed.welcome[addr], addr, ""), keyed.cert_pem(addr, days=1))
        )
        assert out.reason == "key filed", out
    mails = drain(env)
    start = next(
        m for m in mails if keyed.mover in str(m["To"]) and "a new game starts" in str(m["Subject"])
    )
    assert start.get_content_type() == "application/pkcs7-mime"
    rec = env.store.load(keyed.gid)
    first = rec.legal_notations(rec.pending()[0].seat)[0]
    assert env.service.handle(reply(start, keyed.mover, first, quote=False)).reason == "applied"
    turn = next(m for m in drain(env) if keyed.waiter in str(m["To"]))
    assert turn.get_content_type() == "application/pkcs7-mime"

    env.clock.now += timedelta(days=2)  # both certificates have expired
    rec = env.store.load(keyed.gid)
    second = rec.legal_notations(rec.pending()[0].seat)[0]
    out = env.service.handle(reply(turn, keyed.waiter, second, quote=False))
    assert out.reason == "applied", out
    mails = drain(env)
    for addr in (keyed.mover, keyed.waiter):
        mine = [m for m in mails if addr in str(m["To"])]
        assert mine, addr
        for m in mine:
            assert m.get_content_type() != "application/pkcs7-mime"  # no usable key: plain
            body = flat(m)
            html = m.get_body(preferencelist=("html",))
            assert html is not None
            assert "Your tile" not in body and "Your tile" not in html.get_content()
            assert "withheld" in body and "expired on" in body, body
            assert "reply with your new certificate" in body


def test_key_expiring_before_the_first_move_does_not_block_the_started_game(keyed: Keyed) -> None:
    """A game has started once its start mails went out: a later expiry only withholds the
    private part (see the mid-game test), it does not hold the first move back."""
    env = keyed.env
    for addr in (keyed.mover, keyed.waiter):
        env.service.handle(
            with_cert(reply(keyed.welcome[addr], addr, ""), keyed.cert_pem(addr, days=1))
        )
    start = next(
        m
        for m in drain(env)
        if keyed.mover in str(m["To"]) and "a new game starts" in str(m["Subject"])
    )
    env.clock.now += timedelta(days=2)
    rec = env.store.load(keyed.gid)
    move = rec.legal_notations(rec.pending()[0].seat)[0]
    out = env.service.handle(reply(start, keyed.mover, move, quote=False))
    assert out.reason == "applied", out


def test_keys_filed_in_one_game_start_the_other_waiting_game(keyed: Keyed) -> None:
    """A key is filed per address, for every game: another ``required`` game of the same
    players starts at the next tick."""
    env = keyed.env
    other = env.store.create("forbidden-city", PLAYERS, {"privacy": "required"}, 6, env.clock())
    env.service.mark_dirty(other)
    env.service.flush_journal()
    assert all("a key for encrypted mail" in str(m["Subject"]) for m in drain(env))
    for addr in (keyed.mover, keyed.waiter):  # both keys, by replies in the first game
        env.service.handle(with_cert(reply(keyed.welcome[addr], addr, ""), keyed.cert_pem(addr)))
    assert any(
        keyed.gid in str(m["Subject"]) and "a new game starts" in str(m["Subject"])
        for m in drain(env)
    )
    tick(env.service, None, None, clock=env.clock)  # the next tick (no mail servers here)
    starts = [m for m in drain(env) if other in str(m["Subject"])]
    assert len(starts) == 2 and all("a new game starts" in str(m["Subject"]) for m in starts)


def test_players_without_a_key_are_reminded_daily(keyed: Keyed) -> None:
    """docs: the welcome mail explains how to send a key; reminders follow (every 24 h), only
    to the players still without one."""
    env = keyed.env
    env.service.handle(
        with_cert(reply(keyed.welcome[keyed.mover], keyed.mover, ""), keyed.cert_pem(keyed.mover))
    )
    drain(env)
    tick(env.service, None, None, clock=env.clock)
    assert drain(env) == []  # not yet a day
    env.clock.now += timedelta(hours=25)
    tick(env.service, None, None, clock=env.clock)
    (reminder,) = drain(env)
    assert keyed.waiter in str(reminder["To"])
    assert "reminder: a key for encrypted mail" in str(reminder["Subject"])
    body = flat(reminder)
    assert "CERT" in body and "Still missing:" in body
    assert "Your tile" not in body
    tick(env.service, None, None, clock=env.clock)
    assert drain(env) == []  # once a day, not once a tick


@pytest.mark.parametrize("gm", ["pause", "end"])
def test_a_game_the_gm_holds_while_it_waits_for_keys_mails_once(keyed: Keyed, gm: str) -> None:
    """A game paused or ended before its keys came: the welcome is not sent again at every tick.
    An ended game says so once; a paused one keeps waiting quietly, and once resumed it reminds
    the players again, daily, and starts when the keys are in."""
    from pbem.store.entries import End, Pause, Resume

    env = keyed.env
    rec = env.store.load(keyed.gid)
    change = Pause("a break", source="gm") if gm == "pause" else End(reason="gm")
    env.store.commit(keyed.gid, rec.seq, [change], env.clock())
    tick(env.service, None, None, clock=env.clock)
    told = drain(env)
    assert not any("a key for encrypted mail" in str(m["Subject"]) for m in told)
    if gm == "end":
        assert {a for _, a in PLAYERS} == {m["To"].addresses[0].addr_spec for m in told}
        assert all("Your tile" not in text_of(m) for m in told)  # withheld: no key on file
    else:
        assert told == []
    for _ in range(2):
        env.clock.now += timedelta(hours=25)
        tick(env.service, None, None, clock=env.clock)
        assert drain(env) == [], "nothing more while the GM holds the game"
    if gm == "end":
        assert env.service.journal.awaiting_games() == []
        return
    assert env.service.journal.awaiting_games() == [keyed.gid]
    rec = env.store.load(keyed.gid)
    env.store.commit(keyed.gid, rec.seq, [Resume(source="gm")], env.clock())
    tick(env.service, None, None, clock=env.clock)
    reminders = drain(env)  # the last welcome was days ago
    assert {a for _, a in PLAYERS} == {m["To"].addresses[0].addr_spec for m in reminders}
    assert all("reminder: a key" in str(m["Subject"]) for m in reminders)
    tick(env.service, None, None, clock=env.clock)
    assert drain(env) == []
