"""Issue 31, items 1 and 2, through the real mail loop (Dovecot IMAP + the SMTP relay, which stamps
Authentication-Results; one :func:`pbem.runner.tick` per step): every reply to one of our mails
is ours.

- An invited player who sent WATCH earlier the same day, and whose once-a-day answer to a
  stranger is spent, replies ``JOIN <open game>`` to the invitation, as it tells her to: she is in
  (her mail is filed in Processed, answered by "You are in", never Rejected), and in the game;
  anything else written to that notice is answered, and UNWATCH in a reply to the observer's
  notice ends her watch at once.
- Players reply to the "You are in" notice with their keys, an OpenPGP key made by ``gpg`` and a
  certificate sent in the S/MIME signature of ``openssl smime -sign``: each key is filed for the
  address, and the game that waited for keys starts with the last one; its start mails open with
  ``gpg --decrypt`` and ``openssl smime -decrypt`` and show each player's own tile. A move
  written to the "your key is on file" notice is answered (it cannot carry a move), never dropped.

(Item 2's encrypted replies from mutt are tests/integration/test_mutt_replies.py.)
"""

from __future__ import annotations

import re
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid

import pytest
import test_encrypted_loop
from test_encrypted_loop import (
    CRLF,
    Loop,
    Player,
    _now,
    attachments,
    gpg_open,
    header,
    openssl_certificate,
    openssl_open,
    own_tile,
    plain_reply,
    smime_signed_reply,
    text_of,
)

from pbem.crypto import KeyKind
from pbem.service.signup import SignupFiles

pytestmark = pytest.mark.mailserver

loop = test_encrypted_loop.loop
"""The encrypted loop's fixture: a service with keys (``authserv_id`` set), Dovecot and the relay."""


def flat(text: str) -> str:
    return " ".join(text.split())


def fresh_mail(player: Player, to: str, body: str, subject: str = "hello") -> bytes:
    """A new mail (no reply), as a person writes one to the service's address."""
    msg = EmailMessage()
    msg["From"] = f"{player.name} <{player.address}>"
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(_now())
    msg["Message-ID"] = make_msgid(domain="client.test")
    msg.set_content(body + "\n")
    return msg.as_bytes(policy=CRLF)


def quoted_reply(to: bytes, player: Player, body: str) -> bytes:
    """A reply as a mail client writes it: the player's line above a quote of the whole mail
    (the quote holds the invitation's own "JOIN ..." line and footer)."""
    quote = "\n".join("> " + line for line in text_of(to).splitlines())
    sender = f"{player.name} <{player.address}>"
    return plain_reply(to, sender, f"{body}\n\nOn Thursday, the service wrote:\n{quote}")


def message_id(raw: bytes) -> str:
    return header(raw, "Message-ID").strip()


def folder_of(lp: Loop, raw: bytes) -> list[str]:
    """The folders of the service's account that hold the mail ``raw`` (by its Message-ID)."""
    mid = message_id(raw).encode()
    return [
        name
        for name, mails in lp.service_folders().items()
        if any(re.search(rb"^Message-ID:\s*" + re.escape(mid), m, re.M | re.I) for m in mails)
    ]


def only(mails: list[bytes], subject_part: str) -> bytes:
    found = [m for m in mails if subject_part in header(m, "Subject")]
    assert len(found) == 1, (subject_part, [header(m, "Subject") for m in mails])
    return found[0]


def open_game(lp: Loop, invited: list[Player], options: dict[str, str]) -> str:
    """An open game of Forbidden City for exactly ``len(invited)`` players, inviting them (as
    ``pbem admin open --invite`` does: the next tick mails the invitations)."""
    n = len(invited)
    og = SignupFiles(lp.tmp / "games" / "outbox").new_open(
        "forbidden-city", n, n, options, None, [p.address for p in invited], _now()
    )
    return og.open_id


def players_of(lp: Loop, open_id: str) -> list[str]:
    og = SignupFiles(lp.tmp / "games" / "outbox").get_open(open_id)
    assert og is not None
    return [a for _, a in og.players]


def test_an_invited_watcher_joins_by_replying_to_the_invitation(loop: Loop) -> None:
    lp = loop
    svc = lp.account.address
    ann, bob, dee, cy = (lp.player(n) for n in ("Ann", "Bob", "Dee", "Cy"))
    gid = lp.store.create(
        "forbidden-city", [(p.name, p.address) for p in (ann, bob)], {"privacy": "plain"}, 7,
        _now(),
    )  # fmt: skip
    lp.service.mark_dirty(gid)
    lp.tick()
    ann.fetch(), bob.fetch()

    # Earlier the same day: Dee asks to WATCH the game and confirms.
    dee.send(fresh_mail(dee, svc, f"WATCH {gid}"))
    lp.tick()
    confirm = only(dee.fetch(), "please confirm")
    dee.send(plain_reply(confirm, dee.address, "yes"))
    lp.tick()
    (watching,) = dee.fetch()
    assert "You now watch" in flat(text_of(watching))
    # Then a mail that is no request: refused, which spends her once-a-day answer to a
    # stranger; a second one is not answered at all (the budget is spent).
    dee.send(fresh_mail(dee, svc, "what do I do now?"))
    lp.tick()
    assert len([m for m in dee.fetch() if "Watch" not in header(m, "Subject")]) == 1
    stray = fresh_mail(dee, svc, "hello? anyone?")
    dee.send(stray)
    lp.tick()
    assert [header(m, "Subject") for m in dee.fetch()] == []
    assert folder_of(lp, stray) == ["Rejected"]

    # The GM opens a game for two and invites Dee and Cy; the next tick mails the invitations.
    oid = open_game(lp, [dee, cy], {"privacy": "plain"})
    lp.tick()
    invitation = only(dee.fetch(), "invitation")
    assert f"JOIN {oid}" in flat(text_of(invitation))
    invitation_cy = only(cy.fetch(), "invitation")

    # Dee replies to it, as it tells her to: she is in at once, her mail filed as done.
    join = quoted_reply(invitation, dee, f"JOIN {oid}")
    dee.send(join)
    lp.tick()
    you_are_in = only(dee.fetch(), f"JOIN {oid}")
    text = flat(text_of(you_are_in))
    assert text.startswith("Hello Dee,"), text
    assert f"You are in {oid}: 1 of at most 2 players" in text, text
    assert players_of(lp, oid) == [dee.address]
    assert folder_of(lp, join) == ["Processed"]
    # The same mail again (a client that sends twice) changes nothing, and says so.
    dee.send(join)
    lp.tick()
    assert players_of(lp, oid) == [dee.address]
    (again,) = dee.fetch()
    assert f"You are already in {oid}" in flat(text_of(again))

    # Anything else she writes in reply to that notice is answered, whatever the strangers'
    # budget says: never dropped.
    thanks = plain_reply(you_are_in, dee.address, "Thanks! When do we start?")
    dee.send(thanks)
    lp.tick()
    (about,) = dee.fetch()
    assert "about your reply" in header(about, "Subject")
    assert flat(text_of(about)).startswith("Hello Dee,")

    # Cy joins the same way: the game is full and starts, with Dee in it.
    cy.send(quoted_reply(invitation_cy, cy, f"JOIN {oid}"))
    lp.tick()
    full = only(cy.fetch(), f"JOIN {oid}")
    started = re.search(r"starts now as game (\S+?);", flat(text_of(full)))
    assert started, text_of(full)
    game = lp.store.load(started.group(1))
    assert sorted(p.email for p in game.envelope.players) == sorted([dee.address, cy.address])
    assert any("a new game starts" in header(m, "Subject") for m in dee.fetch())
    # Her watch of the other game is untouched; UNWATCH in a reply to the observer's notice
    # (another kind of our mails) ends it at once, with no confirmation asked.
    board = SignupFiles(lp.tmp / "games" / "outbox")
    assert [w.address for w in board.watchers(gid).watchers] == [dee.address]
    unwatch = plain_reply(watching, dee.address, f"UNWATCH {gid}")
    dee.send(unwatch)
    lp.tick()
    (done,) = dee.fetch()
    assert f"You no longer watch {gid}" in flat(text_of(done))
    assert board.watchers(gid).watchers == []
    assert folder_of(lp, unwatch) == ["Processed"]


def test_keys_sent_in_reply_to_the_you_are_in_notice_start_the_game(loop: Loop) -> None:
    lp = loop
    ann, dee = lp.player("Ann"), lp.player("Dee")
    oid = open_game(lp, [ann, dee], {"privacy": "required"})
    lp.tick()
    for p in (ann, dee):
        p.send(quoted_reply(only(p.fetch(), "invitation"), p, f"JOIN {oid}"))
        lp.tick()
    new_ann, new_dee = ann.fetch(), dee.fetch()
    in_ann, in_dee = only(new_ann, f"JOIN {oid}"), only(new_dee, f"JOIN {oid}")
    assert "You are in" in flat(text_of(in_ann))
    started = re.search(r"starts now as game (\S+?);", flat(text_of(in_dee)))
    assert started, text_of(in_dee)
    gid = started.group(1)
    # A "required" game: it waits for both keys; each player is told how to send one.
    welcome = {
        p.address: only(new, "a key for encrypted mail")
        for p, new in ((ann, new_ann), (dee, new_dee))
    }
    assert lp.service.journal.is_awaiting(gid)
    for raw in welcome.values():
        assert b"Your tile" not in raw

    # Ann: a key made by gpg (its defaults: an encryption subkey), attached to her reply to the
    # "You are in" notice, the first mail the service sent her about this game.
    gpg = lp.gpg(ann)
    gpg(
        "--passphrase", "", "--quick-gen-key", f"Ann <{ann.address}>", "default", "default", "never"
    )
    gpg("--import", stdin=attachments(welcome[ann.address])["pbem-service.asc"])
    key_mail = plain_reply(
        in_ann,
        ann.address,
        "My key is attached.",
        [(gpg("--armor", "--export", ann.address), "application/pgp-keys", "ann.asc")],
    )
    ann.send(key_mail)
    lp.tick()
    assert [k.kind for k in lp.keys.keys(ann.address)] == [KeyKind.OPENPGP]
    assert folder_of(lp, key_mail) == ["Processed"]
    key_notice = only(ann.fetch(), "your key is on file")
    # A move written to that notice (a key mail, not a mail of the game) changes nothing and is
    # answered (a notice of no game, with nothing private: not encrypted); never dropped.
    ann.send(plain_reply(key_notice, ann.address, "M13 R1"))
    lp.tick()
    about = flat(text_of(only(ann.fetch(), "about your reply")))
    assert "cannot carry a move" in about and gid in about, about
    # Dee has none yet: the game still waits, nothing private went out.
    assert lp.service.journal.is_awaiting(gid)
    assert lp.store.load(gid).envelope.moves == 0

    # Dee: her certificate, made by openssl req, in the S/MIME signature of her reply to the
    # "You are in" notice (how a mail client that signs sends it).
    dee_key, dee_cert = openssl_certificate(dee)
    cert_mail = smime_signed_reply(in_dee, dee, "Here is my certificate.", dee_key, dee_cert)
    dee.send(cert_mail)
    lp.tick()
    assert [k.kind for k in lp.keys.keys(dee.address)] == [KeyKind.SMIME]
    assert folder_of(lp, cert_mail) == ["Processed"]

    # The last key starts the game: each start mail is encrypted in its player's kind and shows
    # the player's own tile.
    assert not lp.service.journal.is_awaiting(gid)
    record = lp.store.load(gid)
    new_ann, new_dee = ann.fetch(), dee.fetch()
    start_ann = only(new_ann, "a new game starts")
    start_dee = only(new_dee, "a new game starts")
    assert "your key is on file" in " ".join(header(m, "Subject") for m in new_dee)
    assert header(start_ann, "Content-Type").startswith("multipart/encrypted")
    assert header(start_dee, "Content-Type").startswith("application/pkcs7-mime")
    seat_ann = record.envelope.seat_of_email(ann.address)
    seat_dee = record.envelope.seat_of_email(dee.address)
    assert seat_ann is not None and seat_dee is not None
    text_ann = text_of(gpg_open(gpg, start_ann, ann.home))
    text_dee = text_of(openssl_open(start_dee, dee_key, dee_cert, dee.home))
    assert own_tile(text_ann) in record.render(seat_ann)
    assert own_tile(text_dee) in record.render(seat_dee)
