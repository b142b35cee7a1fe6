"""Whole games played entirely by email through real servers: every mail is read from each player's
IMAP mailbox, every move is a reply sent by SMTP. The 4-player game is fully encrypted (privacy
``required``: every bot gets a key the way people do: OpenPGP bots mail their public key, S/MIME bots
ask CERT and import the PKCS#12 they are mailed); the 2-player game is ``preferred`` with one player
without a key. After each game a leak scan looks for private parts where they must not be."""

from __future__ import annotations

import logging
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from mailservers import AUTHSERV_ID

from pbem.crypto_mail import MailCrypto
from pbem.demo import BotPlayer, play_until_over
from pbem.mail.outbound import SmtpSender
from pbem.mail.outbox import Outbox
from pbem.runner import tick
from pbem.service import Policy, Service
from pbem.store import GameRecord, Keyring, Store
from pbem.store.payloads import ActionLine

pytestmark = pytest.mark.mailserver

PRIVATE = re.compile(r"^Your tile: .*$", re.M)
"""The private part of a Forbidden City mail (the hand tile; the legal-move examples hint at it)."""


def _now() -> datetime:
    return datetime.now(UTC)


def _all_files(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file()]


@pytest.mark.parametrize(
    ("n_players", "privacy", "kinds"),
    [
        (4, "required", ["smime", "openpgp", "openpgp", "smime"]),
        (2, "preferred", ["openpgp", ""]),
    ],
    ids=["4-players-required", "2-players-preferred"],
)
def test_whole_game_by_email(
    tmp_path: Path,
    dovecot,
    smtp_relay,
    mail_account,
    n_players: int,
    privacy: str,
    kinds: list[str],
) -> None:
    service_acc = mail_account("service")
    gm_acc = mail_account("gm")
    players = [mail_account(f"p{i}") for i in range(n_players)]
    logfile = tmp_path / "service.log"
    handler = logging.FileHandler(logfile)
    logging.getLogger("pbem").addHandler(handler)
    logging.getLogger("pbem").setLevel(logging.DEBUG)
    try:
        keyring = Keyring.create(tmp_path / "keys", data_dir=tmp_path / "games")
        store = Store(tmp_path / "games", keyring)
        outbox = Outbox(tmp_path / "games", keyring)
        service = Service(
            store,
            outbox,
            Policy(service_acc.address, gm_acc.address, authserv_id=AUTHSERV_ID),
            _now,
        )
        service.crypto = MailCrypto.open(tmp_path / "keys", service_acc.address, _now())
        ctx = dovecot.client_ssl_context()
        inbox = service_acc.imap(tmp_path / "cursor.json", "starttls", ssl_context=ctx)
        sender = SmtpSender("127.0.0.1", smtp_relay.port, "none", envelope_from=service_acc.address)
        bots = []
        for i, acc in enumerate(players):
            src = acc.imap(tmp_path / f"bot{i}.json")
            bot_sender = SmtpSender("127.0.0.1", smtp_relay.port, "none", envelope_from=acc.address)
            bots.append(
                BotPlayer(
                    f"Bot{i}",
                    acc.address,
                    "greedy" if i % 2 == 0 else "random",
                    src,
                    store,
                    bot_sender,
                    100 + i,
                    key_kind=kinds[i],
                )
            )
        gid = store.create(
            "forbidden-city",
            [(b.name, b.address) for b in bots],
            {"privacy": privacy},
            31 + n_players,
            _now(),
        )
        service.mark_dirty(gid)
        play_until_over(
            lambda: tick(service, inbox, sender, clock=_now),
            service.store,
            service.outbox,
            bots,
            gid,
            max_ticks=400,
            echo=lambda s: None,
        )
    finally:
        logging.getLogger("pbem").removeHandler(handler)
        handler.close()

    record = store.load(gid)
    assert record.envelope.status == "ended"
    assert store.verify(gid).ok
    actions = [e.payload for e in record.entries if isinstance(e.payload, ActionLine)]
    placements = len(actions)
    set_aside = sum(1 for a in actions for ev in a.events if ev.kind == "set-aside")
    assert placements == (28 if n_players == 2 else 22) * n_players - set_aside
    assert all(a.source == "mail" for a in actions)
    assert sum(b.answered for b in bots) >= placements
    assert len(outbox) == 0
    for bot in bots:
        subjects = [m.subject for m in bot.mails]
        assert any("a new game starts" in s for s in subjects)
        assert any("game over" in s for s in subjects)
        # One mail per player, never CC.
        assert all(m.to == (bot.address,) for m in bot.mails)

    # ---- the leak scan -------------------------------------------------------------------
    # Each private line a player read must be its own hand at that moment (checked by replaying
    # the log to the sequence number its Message-ID names).
    # The seats' mails of one commit name the same position: each is replayed once, and each
    # seat's view of it drawn once.
    positions: dict[int, GameRecord] = {}
    for seat, bot in enumerate(bots):
        for m in bot.mails:
            lines = PRIVATE.findall(m.text.replace("\r\n", "\n"))
            assert len(lines) <= 1
            if not lines:
                continue
            found = re.search(r"\.[eq](\d+)\.", m.message_id)
            assert found, m.message_id  # every game mail names the log position it shows
            seq = int(found.group(1))
            at = positions.get(seq)
            if at is None:
                at = positions[seq] = store.replay(gid, seq)
            # The one private line is this seat's own hand: another seat's, where it differs,
            # would be a second line (len(lines) above) or a line its own view lacks.
            assert lines[0] in at.render(seat), (bot.address, m.subject)
    # Nothing private in clear at rest: data directory (games, outbox), keys dir, the service's
    # log, and the service mailbox. Players with a key have nothing private in clear in their
    # own mailbox either; a keyless player in a "preferred" game does (its own mail, marked).
    for path in [*_all_files(tmp_path / "games"), logfile]:
        data = path.read_bytes()
        assert b"Your tile:" not in data, path
    maildirs = {acc.address: dovecot.maildir(acc.address) for acc in [service_acc, *players]}
    for path in _all_files(maildirs[service_acc.address]):
        assert b"Your tile:" not in path.read_bytes(), path
    for seat, bot in enumerate(bots):
        clear = [p for p in _all_files(maildirs[bot.address]) if b"Your tile:" in p.read_bytes()]
        if kinds[seat] and privacy == "required":
            # The game started only once every key was on file: nothing private ever in clear.
            assert clear == [], (bot.address, clear[:2])
            assert all(bot.encrypted[i] for i, m in enumerate(bot.mails) if PRIVATE.search(m.text))
        elif kinds[seat]:
            # "preferred": in clear (marked NOT ENCRYPTED) until the player's key is on file,
            # encrypted from the confirmation on.
            filed = next(i for i, m in enumerate(bot.mails) if "your key is on file" in m.subject)
            assert all(bot.encrypted[filed + 1 :]), bot.address
            assert all(
                "NOT ENCRYPTED" in m.text for m in bot.mails[:filed] if PRIVATE.search(m.text)
            ), [
                (m.subject, m.text[:300])
                for m in bot.mails[:filed]
                if PRIVATE.search(m.text) and "NOT ENCRYPTED" not in m.text
            ]
            assert len(clear) <= filed
        else:
            assert clear, "the keyless player of a preferred game reads its tile in plain text"
            assert any("NOT ENCRYPTED" in m.text for m in bot.mails)
