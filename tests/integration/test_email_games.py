"""Whole games played entirely by email through real servers: every mail is read from each player's
IMAP mailbox, every move is a reply sent by SMTP."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from mailservers import AUTHSERV_ID

from pbem.demo import BotPlayer, play_until_over
from pbem.mail.inbound import ImapSource
from pbem.mail.outbound import SmtpSender
from pbem.mail.outbox import Outbox
from pbem.service import Policy, Service
from pbem.store import Keyring, Store

pytestmark = pytest.mark.mailserver


def _now() -> datetime:
    return datetime.now(UTC)


@pytest.mark.parametrize("n_players", [2, 4])
def test_whole_game_by_email(tmp_path: Path, dovecot, smtp_relay, mail_account, n_players: int) -> None:
    service_acc = mail_account("service")
    gm_acc = mail_account("gm")
    players = [mail_account(f"p{i}") for i in range(n_players)]
    keyring = Keyring.create(tmp_path / "keys", data_dir=tmp_path / "games")
    store = Store(tmp_path / "games", keyring)
    outbox = Outbox(tmp_path / "games", keyring)
    service = Service(
        store, outbox,
        Policy(service_acc.address, gm_acc.address, authserv_id=AUTHSERV_ID),
        _now,
    )
    ctx = dovecot.client_ssl_context()
    inbox = ImapSource(service_acc.host, service_acc.imap_port, "starttls", service_acc.address,
                       service_acc.password, cursor_path=tmp_path / "cursor.json", ssl_context=ctx)
    sender = SmtpSender("127.0.0.1", smtp_relay.port, "none", envelope_from=service_acc.address)
    bots = []
    for i, acc in enumerate(players):
        src = ImapSource(acc.host, acc.imap_port, "none", acc.address, acc.password,
                         cursor_path=tmp_path / f"bot{i}.json")
        bot_sender = SmtpSender("127.0.0.1", smtp_relay.port, "none", envelope_from=acc.address)
        bots.append(BotPlayer(f"Bot{i}", acc.address, "greedy" if i % 2 == 0 else "random",
                              src, store, bot_sender, 100 + i))
    gid = store.create("forbidden-city", [(b.name, b.address) for b in bots], {}, 31 + n_players, _now())
    service.mark_dirty(gid)
    play_until_over(service, inbox, sender, bots, gid, max_ticks=400, echo=lambda s: None)

    record = store.load(gid)
    assert record.envelope.status == "ended", [
        (b.address, [m.subject for m in b.mails][-3:], b.mails[-1].text[:600] if b.mails else "")
        for b in bots]
    report = store.verify(gid)
    assert report.ok, str(report)
    placements = sum(1 for e in record.entries if e.kind == "action")
    set_aside = sum(1 for e in record.entries if e.kind == "action"
                    for ev in e.payload.get("events", []) if ev.get("kind") == "set-aside")
    assert placements == (28 if n_players == 2 else 22) * n_players - set_aside
    assert all(e.payload.get("source") == "mail" for e in record.entries if e.kind == "action")
    for bot in bots:
        subjects = [m.subject for m in bot.mails]
        assert any("a new game starts" in s for s in subjects)
        assert any("game over" in s for s in subjects)
        assert bot.answered > 0
        # One mail per player, never CC: every mail a bot got was addressed to it alone.
        assert all(m.to == (bot.address,) for m in bot.mails)
    assert sum(b.answered for b in bots) == placements
    assert len(outbox) == 0
