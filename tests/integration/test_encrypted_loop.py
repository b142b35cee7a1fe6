"""Issue 5 end to end: private information encrypted for its owner, through the real mail loop.

The library has its own interop tests (tests/crypto); these prove that the *loop* interoperates
with tools nobody here wrote. Every mail a player reads is fetched from its Dovecot mailbox over
IMAP; every reply goes by SMTP through the relay (which stamps Authentication-Results) into the
service's mailbox, and one :func:`pbem.runner.tick` handles it, files it away (or expunges it) and
sends the answers. The players' keys are made by ``openssl req`` and ``gpg --quick-gen-key``; the
service's mail is opened with ``openssl smime``/``openssl cms``/``gpg --decrypt``; the players'
encrypted replies are made by ``openssl smime -encrypt`` and ``gpg --encrypt``.
"""

from __future__ import annotations

import hashlib
import logging
import re
import shutil
import smtplib
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path
from typing import Any

import pytest
from imapclient import IMAPClient
from mailservers import AUTHSERV_ID, MailAccount
from typer.testing import CliRunner

from pbem.cli import app
from pbem.crypto import KeyKind, KeyStatus, PlayerKeys, ServiceIdentity
from pbem.crypto_mail import MailCrypto
from pbem.mail.inbound import ImapSource
from pbem.mail.localservers import DovecotServer, RelaySMTP
from pbem.mail.outbound import SmtpSender
from pbem.mail.outbox import Outbox
from pbem.runner import TickReport, tick
from pbem.service import Policy, Service
from pbem.store import Keyring, Store
from pbem.store.payloads import ActionLine

pytestmark = [
    pytest.mark.mailserver,
    pytest.mark.skipif(
        shutil.which("openssl") is None or shutil.which("gpg") is None,
        reason="openssl and gpg are needed for the interop tests",
    ),
]

PRIVATE = re.compile(r"^Your tile: .*$", re.M)
"""The private line of a Forbidden City mail: the tile in the player's hand."""

CRLF = policy.SMTP
"""Mails go on the wire with CRLF line ends, as a client sends them."""


def _now() -> datetime:
    return datetime.now(UTC)


def run(*args: str | Path, stdin: bytes | None = None) -> bytes:
    """Run a real command; fail the test with its stderr if it fails."""
    proc = subprocess.run(
        [str(a) for a in args], input=stdin, capture_output=True, timeout=60, check=False
    )
    if proc.returncode != 0:
        pytest.fail(f"{args[0]} failed ({proc.returncode}): {proc.stderr.decode(errors='replace')}")
    return proc.stdout


def crlf(data: bytes) -> bytes:
    """``data`` with CRLF line ends (openssl writes bare LF; SMTP wants CRLF)."""
    return re.sub(rb"\r?\n", b"\r\n", data)


def text_of(raw: bytes) -> str:
    """The text/plain body of a (decrypted) mail, whatever signature wraps it."""
    msg = message_from_bytes(raw, policy=policy.default)
    for part in msg.walk():
        if part.get_content_type() == "text/plain" and not part.get_filename():
            data = part.get_payload(decode=True)
            assert isinstance(data, bytes)
            return data.decode(part.get_content_charset() or "utf-8").replace("\r\n", "\n")
    raise AssertionError(f"no text/plain part in {msg.get_content_type()} mail")


def header(raw: bytes, name: str) -> str:
    """An outer header of a mail as fetched (readable even when the body is encrypted)."""
    return str(message_from_bytes(raw, policy=policy.default).get(name, ""))


def attachments(raw: bytes) -> dict[str, bytes]:
    """The attachments of a plain mail, by file name."""
    msg = message_from_bytes(raw, policy=policy.default)
    out: dict[str, bytes] = {}
    for part in msg.walk():
        name = part.get_filename()
        if name:
            data = part.get_payload(decode=True)
            assert isinstance(data, bytes)
            out[name] = data
    return out


# ====================================================================== the loop


@dataclass
class Player:
    """A person with a Dovecot mailbox who reads it over IMAP and answers by SMTP."""

    name: str
    account: MailAccount
    source: ImapSource
    relay_port: int
    home: Path
    """Where this player's key files live (and its GnuPG home, for OpenPGP players)."""
    inbox: list[bytes] = field(default_factory=list)
    """Every mail fetched so far, raw as Dovecot served it."""

    @property
    def address(self) -> str:
        return str(self.account.address)

    def fetch(self) -> list[bytes]:
        """The new mails in this player's INBOX (raw), oldest first."""
        new = []
        for msg in self.source.fetch_new():
            new.append(msg.raw)
            self.source.done(msg, "processed")
        self.inbox.extend(new)
        return new

    def newest(self, subject_part: str) -> bytes:
        """The newest mail fetched so far whose (outer) subject contains ``subject_part``."""
        for raw in reversed(self.inbox):
            if subject_part in header(raw, "Subject"):
                return raw
        raise AssertionError(
            f"{self.address} has no mail about {subject_part!r}: "
            f"{[header(r, 'Subject') for r in self.inbox]}"
        )

    def send(self, raw: bytes) -> None:
        """Hand a complete mail to the relay by SMTP (a real client, not the service's sender)."""
        with smtplib.SMTP("127.0.0.1", self.relay_port, timeout=30) as smtp:
            smtp.sendmail(self.address, [to_address(raw)], crlf(raw))


def to_address(raw: bytes) -> str:
    value = header(raw, "To")
    found = re.search(r"[\w.+-]+@[\w.-]+", value)
    assert found, value
    return found.group(0)


def reply_headers(to: bytes, sender: str) -> list[tuple[str, str]]:
    """The headers of a reply to ``to`` as a mail client writes them (threading included)."""
    refs = (header(to, "References") + " " + header(to, "Message-ID")).split()
    return [
        ("From", sender),
        ("To", re.sub(r"^.*<|>.*$", "", header(to, "From")) or header(to, "From")),
        ("Subject", "Re: " + header(to, "Subject")),
        ("Date", format_datetime(_now())),
        ("Message-ID", make_msgid(domain="client.test")),
        ("In-Reply-To", header(to, "Message-ID")),
        ("References", " ".join(refs)),
    ]


def plain_reply(
    to: bytes,
    sender: str,
    body: str,
    attach: list[tuple[bytes, str, str]] | None = None,
    threaded: bool = True,
) -> bytes:
    """A reply (or, ``threaded=False``, a fresh mail) with ``body`` over a quote of nothing
    private, and optional attachments ``(data, content type, file name)``."""
    msg = EmailMessage()
    for name, value in reply_headers(to, sender):
        if threaded or name not in ("In-Reply-To", "References"):
            msg[name] = value
    if not threaded:
        msg.replace_header("Subject", "my key")
    msg.set_content(body + "\n")
    for data, ctype, filename in attach or []:
        maintype, subtype = ctype.split("/")
        msg.add_attachment(data, maintype=maintype, subtype=subtype, filename=filename)
    return msg.as_bytes(policy=CRLF)


@dataclass
class Loop:
    """One service (with crypto) polling its Dovecot mailbox, and the mail servers."""

    tmp: Path
    service: Service
    store: Store
    keys: PlayerKeys
    inbox: ImapSource
    sender: SmtpSender
    account: MailAccount
    dovecot: DovecotServer
    relay: RelaySMTP
    make_account: Callable[[str], MailAccount]
    gpg_homes: list[Path] = field(default_factory=list)
    reports: list[TickReport] = field(default_factory=list)

    def tick(self) -> TickReport:
        """One cron tick of the real runner: fetch, handle, file away, send."""
        # runner.Source types done()'s folder as str, ImapSource as a Literal: same calls.
        source: Any = self.inbox
        report = tick(self.service, source, self.sender, clock=_now)
        assert report.healthy, (report.line(), report.errors)
        self.reports.append(report)
        return report

    def player(self, name: str) -> Player:
        acc = self.make_account(name.lower())
        home = self.tmp / name.lower()
        home.mkdir(mode=0o700)
        src = acc.imap(home / "cursor.json")
        return Player(name, acc, src, self.relay.port, home)

    def game(self, players: list[Player], seed: int = 7) -> str:
        gid = self.store.create(
            "forbidden-city",
            [(p.name, p.address) for p in players],
            {"privacy": "required"},
            seed,
            _now(),
        )
        self.service.mark_dirty(gid)
        return gid

    def gpg(self, player: Player) -> Callable[..., bytes]:
        """A gpg runner over ``player``'s own GnuPG home (created on first use)."""
        gnupg = player.home / "gnupg"
        if not gnupg.exists():
            gnupg.mkdir(mode=0o700)
            self.gpg_homes.append(gnupg)

        def gpg(*args: str | Path, stdin: bytes | None = None) -> bytes:
            return run(
                "gpg",
                "--batch",
                "--yes",
                "--homedir",
                gnupg,
                "--trust-model",
                "always",
                *args,
                stdin=stdin,
            )

        return gpg

    def service_folders(self) -> dict[str, list[bytes]]:
        """Every message in every folder of the service's account (read with imapclient)."""
        out: dict[str, list[bytes]] = {}
        with IMAPClient(self.account.host, self.account.imap_port, ssl=False) as client:
            client.login(self.account.address, self.account.password)
            for _flags, _delim, name in client.list_folders():
                folder = name.decode() if isinstance(name, bytes) else str(name)
                client.select_folder(folder, readonly=True)
                uids = client.search(["ALL"])
                data = client.fetch(uids, [b"BODY.PEEK[]"]) if uids else {}
                out[folder] = [bytes(v[b"BODY[]"]) for v in data.values()]
        return out


@pytest.fixture
def loop(
    tmp_path: Path,
    dovecot: DovecotServer,
    smtp_relay: RelaySMTP,
    mail_account: Callable[[str], MailAccount],
) -> Iterator[Loop]:
    service_acc = mail_account("service")
    gm_acc = mail_account("gm")
    keyring = Keyring.create(tmp_path / "keys", data_dir=tmp_path / "games")
    store = Store(tmp_path / "games", keyring)
    outbox = Outbox(tmp_path / "games", keyring)
    service = Service(
        store, outbox, Policy(service_acc.address, gm_acc.address, authserv_id=AUTHSERV_ID), _now
    )
    # The same identity MailCrypto.open makes, with 2048-bit keys to keep the test fast.
    identity = ServiceIdentity.create_or_load(
        tmp_path / "keys" / "service", service_acc.address, _now(), key_size=2048
    )
    keys = PlayerKeys(tmp_path / "keys" / "players")
    service.crypto = MailCrypto(identity, keys)
    inbox = service_acc.imap(
        tmp_path / "cursor.json", "starttls", ssl_context=dovecot.client_ssl_context()
    )
    sender = SmtpSender("127.0.0.1", smtp_relay.port, "none", envelope_from=service_acc.address)
    lp = Loop(
        tmp_path,
        service,
        store,
        keys,
        inbox,
        sender,
        service_acc,
        dovecot,
        smtp_relay,
        mail_account,
    )
    try:
        yield lp
    finally:
        inbox.close()
        for home in lp.gpg_homes:  # gpg leaves an agent per home: stop ours, and only ours
            subprocess.run(
                ["gpgconf", "--homedir", str(home), "--kill", "gpg-agent"],
                check=False,
                capture_output=True,
            )


# ====================================================================== players' own tools


def openssl_certificate(
    player: Player, address: str | None = None, tag: str = ""
) -> tuple[Path, Path]:
    """An RSA key and self-signed S/MIME certificate made by ``openssl req`` for ``address``."""
    address = address or player.address
    stem = player.home / (address.split("@")[0] + tag)
    key, cert = stem.with_suffix(".key.pem"), stem.with_suffix(".cert.pem")
    run(
        "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "365",
        "-keyout", key, "-out", cert, "-subj", f"/CN={player.name}/emailAddress={address}",
        "-addext", f"subjectAltName=email:{address}",
        "-addext", "keyUsage=digitalSignature,keyEncipherment",
        "-addext", "extendedKeyUsage=emailProtection",
    )  # fmt: skip
    return key, cert


def openssl_open(raw: bytes, key: Path, cert: Path, work: Path, tool: str = "smime") -> bytes:
    """Decrypt a fetched S/MIME mail with ``openssl <tool> -decrypt``."""
    assert header(raw, "Content-Type").startswith("application/pkcs7-mime"), header(
        raw, "Content-Type"
    )
    mail = work / "fetched.eml"
    mail.write_bytes(raw)
    return run("openssl", tool, "-decrypt", "-in", mail, "-recip", cert, "-inkey", key)


def gpg_open(gpg: Callable[..., bytes], raw: bytes, work: Path) -> bytes:
    """Decrypt a fetched PGP/MIME mail with ``gpg --decrypt`` (the whole mail file)."""
    assert header(raw, "Content-Type").startswith("multipart/encrypted"), header(
        raw, "Content-Type"
    )
    mail, status = work / "fetched.eml", work / "gpg-status.txt"
    mail.write_bytes(raw)
    plain = bytes(gpg("--status-file", status, "--decrypt", mail))
    # Signed inside the encryption by the service's key (imported from its welcome mail).
    assert re.search(rb"^\[GNUPG:\] GOODSIG ", status.read_bytes(), re.M), status.read_text()
    return plain


def own_tile(text: str) -> str:
    lines = PRIVATE.findall(text)
    assert len(lines) == 1, text
    return str(lines[0])


def first_example(text: str) -> str:
    """A legal move the mail itself offers (its examples of what to write back)."""
    found = re.search(r"[Ee]xamples?[^:\n]*:\s*([^\n,;]+)", text)
    assert found, text
    return found.group(1).strip()


def service_certificate_from(decrypted: bytes, work: Path, ca: bytes) -> Path:
    """The service's certificate, taken from the S/MIME signature inside its mail (what
    Thunderbird or Apple Mail remember from a signed mail): ``openssl smime -verify -signer``,
    the signature checked up to the service CA the GM publishes (S/MIME signing purpose)."""
    signed, out, ca_file = work / "signed.eml", work / "service-cert.pem", work / "ca.pem"
    signed.write_bytes(decrypted)
    ca_file.write_bytes(ca)
    run(
        "openssl",
        "smime",
        "-verify",
        "-CAfile",
        ca_file,
        "-purpose",
        "smimesign",
        "-in",
        signed,
        "-signer",
        out,
        "-out",
        work / "verified.txt",
    )
    return out


def smime_encrypted_reply(to: bytes, player: Player, body: str, recipients: list[Path]) -> bytes:
    """A reply encrypted by ``openssl smime -encrypt`` (its default cipher), threading headers
    added on top as the client would."""
    entity = player.home / "reply-body.txt"
    entity.write_bytes(b"Content-Type: text/plain; charset=utf-8\r\n\r\n" + body.encode() + b"\r\n")
    wire = run(
        "openssl",
        "smime",
        "-encrypt",
        "-in",
        entity,
        "-from",
        player.address,
        "-to",
        to_address_of_sender(to),
        "-subject",
        "Re: " + header(to, "Subject"),
        *recipients,
    )
    threading = "".join(
        f"{k}: {v}\r\n"
        for k, v in reply_headers(to, player.address)
        if k in ("Date", "Message-ID", "In-Reply-To", "References")
    )
    return threading.encode() + crlf(wire)


def smime_signed_reply(to: bytes, player: Player, body: str, key: Path, cert: Path) -> bytes:
    """A reply signed by ``openssl smime -sign`` (detached, multipart/signed): the signature
    carries the player's certificate, which is how many clients send one."""
    entity = player.home / "signed-body.txt"
    entity.write_bytes(
        b"Content-Type: text/plain; charset=utf-8\r\n\r\n" + crlf(body.encode()) + b"\r\n"
    )
    wire = run(
        "openssl",
        "smime",
        "-sign",
        "-in",
        entity,
        "-signer",
        cert,
        "-inkey",
        key,
        "-from",
        player.address,
        "-to",
        to_address_of_sender(to),
        "-subject",
        "Re: " + header(to, "Subject"),
    )
    threading = "".join(
        f"{k}: {v}\r\n"
        for k, v in reply_headers(to, player.address)
        if k in ("Date", "Message-ID", "In-Reply-To", "References")
    )
    return threading.encode() + crlf(wire)


def to_address_of_sender(raw: bytes) -> str:
    found = re.search(r"[\w.+-]+@[\w.-]+", header(raw, "From"))
    assert found
    return found.group(0)


def pgp_encrypted_reply(
    to: bytes, player: Player, gpg: Callable[..., bytes], body: str, recipients: list[str]
) -> bytes:
    """A PGP/MIME reply (RFC 3156) whose encrypted part ``gpg --armor --encrypt`` made."""
    entity = b"Content-Type: text/plain; charset=utf-8\r\n\r\n" + body.encode() + b"\r\n"
    armored = gpg("--armor", "--encrypt", *[a for r in recipients for a in ("-r", r)], stdin=entity)
    msg = EmailMessage()
    for name, value in reply_headers(to, player.address):
        msg[name] = value
    msg.add_header("Content-Type", "multipart/encrypted", protocol="application/pgp-encrypted")
    control, data = EmailMessage(), EmailMessage()
    control["Content-Type"] = "application/pgp-encrypted"
    control.set_payload("Version: 1\r\n")
    data["Content-Type"] = 'application/octet-stream; name="encrypted.asc"'
    data.set_payload(armored.decode())
    msg.set_payload([control, data])
    return msg.as_bytes(policy=CRLF)


def published_files(lp: Loop, work: Path) -> dict[str, bytes]:
    """The service's public files as the GM publishes them (``pbem admin key service-cert``)."""
    out = work / "published"
    result = CliRunner().invoke(
        app,
        [
            "admin",
            "key",
            "service-cert",
            "--out-dir",
            str(out),
            "--keys-dir",
            str(lp.tmp / "keys"),
            "--service-address",
            lp.account.address,
        ],
    )
    assert result.exit_code == 0, result.output
    return {p.name: p.read_bytes() for p in out.iterdir()}


def assert_nothing_private_in_clear(lp: Loop, *players: Player) -> None:
    """No tile in clear in any mailbox on the Dovecot server (service's and players')."""
    for addr in [lp.account.address, *(p.address for p in players)]:
        for path in lp.dovecot.maildir(addr).rglob("*"):
            if path.is_file():
                assert b"Your tile:" not in path.read_bytes(), path


# ====================================================================== the tests


def test_encrypted_game_smime_and_openpgp(loop: Loop) -> None:
    """A 2-player ``required`` game: Ann files an ``openssl req`` certificate, Bob a
    ``gpg --quick-gen-key`` key, both by replying to the welcome mail. The start mails fetched
    from Dovecot open with ``openssl smime``, ``openssl cms`` and ``gpg --decrypt`` and show each
    player's own tile; moves go back encrypted by ``openssl smime -encrypt`` and ``gpg
    --encrypt`` and are applied, one each way. Along the way: a sign-only gpg key is refused, a
    move before the last key is refused, a replaced certificate is the one used after, and a
    key revoked with gpg's own revocation certificate makes the mails fall back (tile withheld)."""
    lp = loop
    ann, bob = lp.player("Ann"), lp.player("Bob")
    gid = lp.game([ann, bob])
    first = lp.store.load(gid).pending()[0].seat
    # With this seed Ann places the first tile (her early move below must be a legal one).
    assert lp.store.load(gid).envelope.active_player(first).email == ann.address
    lp.tick()

    # The welcome mails: no key on file yet, so nothing private, and the game waits. They carry
    # the service's certificate and OpenPGP key, the ones the GM publishes.
    welcome_a, welcome_b = ann.fetch(), bob.fetch()
    assert len(welcome_a) == 1 and len(welcome_b) == 1
    for raw in (*welcome_a, *welcome_b):
        assert "a key for encrypted mail" in header(raw, "Subject")
        assert b"Your tile" not in raw
    assert lp.store.load(gid).envelope.moves == 0
    service_files = attachments(welcome_b[0])
    published = published_files(lp, bob.home)
    assert service_files["pbem-service.asc"] == published["pbem-service.asc"]
    assert service_files["pbem-service.pem"] == published["pbem-service.pem"]

    # Ann: a certificate made by openssl req, attached to her reply.
    ann_key, ann_cert = openssl_certificate(ann)
    ann.send(
        plain_reply(
            welcome_a[0],
            ann.address,
            "Here is my certificate.",
            [(ann_cert.read_bytes(), "application/x-x509-user-cert", "ann.pem")],
        )
    )
    # Bob: a key made by gpg itself, exported and attached to his reply. With an algorithm
    # named, --quick-gen-key makes a primary key that only signs and certifies ("scSC"): the
    # service must refuse it, say why, and file nothing.
    gpg = lp.gpg(bob)
    gpg(
        "--passphrase", "", "--quick-gen-key", f"Bob <{bob.address}>", "rsa3072", "default", "never"
    )
    # The service's OpenPGP key, attached to the welcome mail: gpg checks the service's
    # signatures with it (and fails without it), and Bob encrypts his replies to it.
    gpg("--import", stdin=service_files["pbem-service.asc"])
    bob.send(
        plain_reply(
            welcome_b[0],
            bob.address,
            "My public key is attached.",
            [
                (
                    gpg("--armor", "--export", bob.address),
                    "application/pgp-keys",
                    "OpenPGP_0xB0B.asc",
                )
            ],
        )
    )
    report = lp.tick()
    assert report.fetched == 2 and report.answered == 1 and report.rejected == 1, report.line()
    assert [k.kind for k in lp.keys.keys(ann.address)] == [KeyKind.SMIME]
    assert lp.keys.keys(bob.address) == []
    (refusal,) = bob.fetch()
    assert "your key was not accepted" in header(refusal, "Subject")
    assert "no usable encryption subkey" in text_of(refusal).replace("\n", " ")
    assert lp.store.load(gid).envelope.moves == 0

    # "required": Ann's key alone does not start the game. She has her confirmation (encrypted
    # already), and a move she sends, encrypted to the certificate of the welcome mail, is
    # refused with the name of who is missing.
    (confirmation,) = ann.fetch()
    assert "your key is on file" in header(confirmation, "Subject")
    assert "on file" in text_of(openssl_open(confirmation, ann_key, ann_cert, ann.home))
    welcome_pem = ann.home / "pbem-service.pem"
    welcome_pem.write_bytes(attachments(welcome_a[0])["pbem-service.pem"])
    early = lp.store.load(gid).legal_notations(first)[0]
    ann.send(smime_encrypted_reply(confirmation, ann, early, [welcome_pem, ann_cert]))
    report = lp.tick()
    assert report.fetched == 1 and report.rejected == 1, report.line()
    (not_yet,) = ann.fetch()
    not_yet_text = text_of(openssl_open(not_yet, ann_key, ann_cert, ann.home)).replace("\n", " ")
    assert "still missing: Bob" in not_yet_text and "Your move was not played" in not_yet_text
    assert lp.store.load(gid).envelope.moves == 0
    assert bob.fetch() == []  # nothing for Bob: no start mail yet

    # Bob adds an encryption subkey (as gpg users do) and answers the refusal with the key again.
    fpr = next(
        line.split(":")[9]
        for line in gpg("--with-colons", "--list-keys", bob.address).decode().splitlines()
        if line.startswith("fpr:")
    )
    gpg("--passphrase", "", "--quick-add-key", fpr, "rsa3072", "encr", "never")
    bob.send(
        plain_reply(
            refusal,
            bob.address,
            "Here it is again, with an encryption subkey.",
            [
                (
                    gpg("--armor", "--export", bob.address),
                    "application/pgp-keys",
                    "OpenPGP_0xB0B.asc",
                )
            ],
        )
    )
    report = lp.tick()
    assert report.fetched == 1 and report.answered == 1 and report.rejected == 0, report.line()
    assert [k.kind for k in lp.keys.keys(bob.address)] == [KeyKind.OPENPGP]

    record = lp.store.load(gid)
    seat = {
        ann.address: record.envelope.seat_of_email(ann.address),
        bob.address: record.envelope.seat_of_email(bob.address),
    }

    # Every mail from the confirmation on is encrypted; the start mail shows the own tile.
    for player in (ann, bob):
        new = player.fetch()
        assert any("your key is on file" in header(r, "Subject") for r in player.inbox)
        assert any("a new game starts" in header(r, "Subject") for r in new), player.address
        for raw in new:
            assert b"Your tile" not in raw
            assert header(raw, "Content-Type").split(";")[0] in (
                "application/pkcs7-mime",
                "multipart/encrypted",
            )

    work_a, work_b = ann.home, bob.home
    start_a = ann.newest("a new game starts")
    texts_a = {
        tool: text_of(openssl_open(start_a, ann_key, ann_cert, work_a, tool))
        for tool in ("smime", "cms")
    }
    assert texts_a["smime"] == texts_a["cms"]
    assert own_tile(texts_a["smime"]) in record.render(seat[ann.address])

    start_b = bob.newest("a new game starts")
    text_b = text_of(gpg_open(gpg, start_b, work_b))
    assert own_tile(text_b) in record.render(seat[bob.address])

    # Ann's turn file travels inside her encryption (built as bytes like the rest of the mail),
    # and it is hers: Bob, who does not owe a move, gets none.
    from pbem.gamefiles.turnfile import read_turn_file

    opened_a = attachments(openssl_open(start_a, ann_key, ann_cert, work_a))
    turn_name = f"{gid}.move1.seat{seat[ann.address]}.turn.json"
    assert turn_name in opened_a and b".turn.json" not in start_a
    turn = read_turn_file(opened_a[turn_name], lp.store.keyring.public_key_text())
    assert turn.turn is not None and turn.turn.seat == seat[ann.address]
    assert not [n for n in attachments(gpg_open(gpg, start_b, work_b)) if n.endswith(".turn.json")]

    # The service's certificate, as Ann's client learns it: from the signature in its mail.
    service_cert = service_certificate_from(
        openssl_open(start_a, ann_key, ann_cert, work_a), work_a, published["pbem-service-ca.pem"]
    )
    assert b"".join(service_cert.read_bytes().split()) == b"".join(
        attachments(welcome_a[0])["pbem-service.pem"].split()
    )

    # One move each way, each encrypted by the player's own tool, each answering the newest mail
    # that asks that player for a move.
    texts = {ann.address: texts_a["smime"], bob.address: text_b}
    latest = {ann.address: start_a, bob.address: start_b}
    for move_no in (1, 2):
        record = lp.store.load(gid)
        mover_seat = record.pending()[0].seat
        mover = ann if seat[ann.address] == mover_seat else bob
        text = texts[mover.address]
        assert "your turn" in header(latest[mover.address], "Subject") or move_no == 1
        move = first_example(text)
        assert move in record.legal_notations(mover_seat), (move, text)
        if mover is ann:
            wire = smime_encrypted_reply(latest[ann.address], ann, move, [service_cert, ann_cert])
        else:
            wire = pgp_encrypted_reply(
                latest[bob.address], bob, gpg, move, [lp.account.address, bob.address]
            )
        assert move.encode() not in wire
        mover.send(wire)
        report = lp.tick()
        assert report.applied == 1, report.line()
        record = lp.store.load(gid)
        assert record.envelope.moves == move_no
        last = [e.payload for e in record.entries if isinstance(e.payload, ActionLine)][-1]
        assert last.seat == mover_seat and last.source == "mail"
        # Both players read their (encrypted) mails about the move with their own tools.
        for player in (ann, bob):
            new = player.fetch()
            assert new, player.address
            raw = new[-1]
            latest[player.address] = raw
            if player is ann:
                texts[ann.address] = text_of(openssl_open(raw, ann_key, ann_cert, work_a))
            else:
                texts[bob.address] = text_of(gpg_open(gpg, raw, work_b))
        assert f"Understood and applied: {move}" in texts[mover.address].replace("\n", " ")

    # Ann replaces her certificate: from then on her mail opens with the new key only (the
    # newest usable key is the one used).
    new_key, new_cert = openssl_certificate(ann, tag="-2027")
    ann.send(
        plain_reply(
            latest[ann.address],
            ann.address,
            "My new certificate.",
            [(new_cert.read_bytes(), "application/pkix-cert", "ann-2027.crt")],
        )
    )
    report = lp.tick()
    assert report.answered == 1 and report.rejected == 0, report.line()
    (confirmation,) = ann.fetch()
    assert "your key is on file" in header(confirmation, "Subject")
    assert "on file" in text_of(openssl_open(confirmation, new_key, new_cert, work_a))
    old = subprocess.run(
        [
            "openssl",
            "smime",
            "-decrypt",
            "-in",
            str(work_a / "fetched.eml"),
            "-recip",
            str(ann_cert),
            "-inkey",
            str(ann_key),
        ],
        capture_output=True,
        check=False,
    )
    assert old.returncode != 0 and b"Your tile" not in old.stdout

    # Bob revokes his key with the revocation certificate gpg made for it, and sends the revoked
    # key: refused, marked revoked, and his mails fall back to plain text without his tile.
    revocation = (work_b / "gnupg" / "openpgp-revocs.d" / f"{fpr}.rev").read_bytes()
    gpg("--import", stdin=revocation.replace(b":-----BEGIN", b"-----BEGIN"))
    bob.send(
        plain_reply(
            latest[bob.address],
            bob.address,
            "I revoked this key.",
            [
                (
                    gpg("--armor", "--export", bob.address),
                    "application/pgp-keys",
                    "OpenPGP_0xB0B.asc",
                )
            ],
        )
    )
    report = lp.tick()
    assert report.rejected == 1, report.line()
    assert lp.keys.status(bob.address, _now()) is KeyStatus.REVOKED
    (revoked,) = bob.fetch()
    assert header(revoked, "Content-Type").startswith("multipart/")  # plain: no usable key
    assert "revoked" in text_of(revoked)
    record = lp.store.load(gid)
    mover_seat = record.pending()[0].seat
    assert mover_seat == seat[ann.address]
    move = first_example(texts[ann.address])
    ann.send(smime_encrypted_reply(latest[ann.address], ann, move, [service_cert, new_cert]))
    assert lp.tick().applied == 1
    (after,) = bob.fetch()
    after_text = text_of(after).replace("\n", " ")
    assert header(after, "Content-Type").split(";")[0] == "multipart/alternative"
    assert b"Your tile" not in after and "Your tile" not in after_text
    assert "withheld" in after_text and "has been revoked" in after_text

    # The encrypted replies were filed as processed, still encrypted; nothing private in clear.
    folders = lp.service_folders()
    assert len(folders.get("Processed", [])) == 6  # three keys, three moves
    assert len(folders.get("Rejected", [])) == 3  # sign-only key, move before start, revoked key
    assert not folders.get("Shunt")
    assert_nothing_private_in_clear(lp, ann, bob)


def test_cert_request_issues_pkcs12_and_is_expunged(
    loop: Loop, caplog: pytest.LogCaptureFixture
) -> None:
    """``CERT <passphrase>`` replies: the PKCS#12 fetched from Dovecot loads in ``openssl pkcs12``,
    its key opens the (encrypted) start mail with ``openssl smime``, and the request mails (a
    refused one too) are gone from every folder of the service account, the passphrases stored
    and logged nowhere."""
    lp = loop
    # What `pbem run -v` logs (INFO), and all of the service's own DEBUG lines.
    caplog.set_level(logging.INFO)
    caplog.set_level(logging.DEBUG, logger="pbem")
    cy, di = lp.player("Cy"), lp.player("Di")
    gid = lp.game([cy, di], seed=11)
    lp.tick()
    phrases = {cy.address: "tangerine-otter-1987", di.address: "quiet harbour lantern 7"}
    refused_phrase = "walnut-comet-3301"
    welcome = {p.address: p.fetch()[0] for p in (cy, di)}
    # First Cy's request is refused (all or nothing: RESIGN without CONFIRM is a mistake):
    # nothing is issued, the answer does not echo the passphrase, the mail is deleted too.
    cy.send(plain_reply(welcome[cy.address], cy.address, f"CERT {refused_phrase}\nRESIGN"))
    report = lp.tick()
    assert report.fetched == 1 and report.rejected == 1, report.line()
    (refusal,) = cy.fetch()
    assert "not carried out" in header(refusal, "Subject")
    assert "RESIGN and CONFIRM" in text_of(refusal).replace("\n", " ")
    assert refused_phrase.encode() not in refusal
    assert "CERT (passphrase hidden)" in text_of(refusal)
    assert lp.keys.addresses() == []
    phrases_seen = [refused_phrase, *phrases.values()]
    for p in (cy, di):
        p.send(plain_reply(welcome[p.address], p.address, f"CERT {phrases[p.address]}"))
    report = lp.tick()
    assert report.fetched == 2 and report.answered == 2 and report.rejected == 0

    record = lp.store.load(gid)
    for p in (cy, di):
        new = p.fetch()
        cert_mail = p.newest("your certificate for encrypted mail")
        assert phrases[p.address].encode() not in cert_mail
        files = attachments(cert_mail)
        (name,) = files
        assert name.endswith(".p12")
        p12 = p.home / name
        p12.write_bytes(files[name])
        pem = run(
            "openssl", "pkcs12", "-in", p12, "-passin", f"pass:{phrases[p.address]}", "-nodes"
        )
        assert b"-----BEGIN PRIVATE KEY-----" in pem and b"-----BEGIN CERTIFICATE-----" in pem
        wrong = subprocess.run(
            ["openssl", "pkcs12", "-in", str(p12), "-passin", "pass:wrong", "-nodes"],
            capture_output=True,
            check=False,
        )
        assert wrong.returncode != 0
        key = p.home / "issued.key.pem"
        found = re.search(rb"-----BEGIN PRIVATE KEY-----.*?-----END PRIVATE KEY-----", pem, re.S)
        assert found is not None
        key.write_bytes(found.group(0))
        certs = re.findall(rb"-----BEGIN CERTIFICATE-----.*?-----END CERTIFICATE-----", pem, re.S)
        cert = p.home / "issued.cert.pem"
        cert.write_bytes(certs[0])  # openssl prints the player's own certificate first
        # The game started once both keys were issued: the start mail opens with the issued key.
        start = p.newest("a new game starts")
        assert start in new and b"Your tile" not in start
        text = text_of(openssl_open(start, key, cert, p.home))
        assert own_tile(text) in record.render(record.envelope.seat_of_email(p.address))

    # The request mails were expunged: in no folder of the service account, and no file of the
    # Dovecot store, the data directory or the keys directory holds a passphrase.
    folders = lp.service_folders()
    assert sum(len(v) for v in folders.values()) == 0, {k: len(v) for k, v in folders.items()}
    service_log = [r.getMessage() for r in caplog.records if r.name != "mail.log"]  # not the relay
    assert not any(s in line for s in phrases_seen for line in service_log)
    secrets = [s.encode() for s in phrases_seen]
    roots = [lp.dovecot.maildir(lp.account.address), lp.tmp / "games", lp.tmp / "keys"]
    for root in roots:
        for path in root.rglob("*"):
            if path.is_file():
                data = path.read_bytes()
                assert not any(s in data for s in secrets), path
    assert_nothing_private_in_clear(lp, cy, di)


def test_keys_refused_stranger_no_token_other_seat(loop: Loop) -> None:
    """Three keys that must not be filed, each answered with its reason: a stranger's (with a
    player's forwarded token), a player's own sent as a fresh mail (no token), and a certificate
    for the other seat's address sent by a registered player with its own token. Then the
    player's own key, properly sent, is filed (the refusals were not a broken setup)."""
    lp = loop
    ed, flo = lp.player("Ed"), lp.player("Flo")
    eve = lp.player("Eve")
    gid = lp.game([ed, flo], seed=13)
    lp.tick()
    (welcome_ed,) = ed.fetch()
    flo.fetch()

    # 1. A stranger replies to Ed's welcome mail (forwarded to her) with her own certificate.
    _, eve_cert = openssl_certificate(eve)
    eve.send(
        plain_reply(
            welcome_ed,
            eve.address,
            "Here is my certificate, let me play.",
            [(eve_cert.read_bytes(), "application/x-x509-user-cert", "eve.pem")],
        )
    )
    # 2. Ed sends his own certificate in a fresh mail: nothing proves it is him.
    ed_key, ed_cert = openssl_certificate(ed)
    ed.send(
        plain_reply(
            welcome_ed,
            ed.address,
            "My certificate.",
            [(ed_cert.read_bytes(), "application/x-x509-user-cert", "ed.pem")],
            threaded=False,
        )
    )
    # 3. Ed replies with his token, but the certificate names Flo's address.
    _, flo_cert_by_ed = openssl_certificate(ed, flo.address)
    ed.send(
        plain_reply(
            welcome_ed,
            ed.address,
            "Here is the key for Flo.",
            [(flo_cert_by_ed.read_bytes(), "application/x-x509-user-cert", "flo.pem")],
        )
    )
    report = lp.tick()
    assert report.fetched == 3 and report.rejected == 3 and report.applied == 0, report.line()

    assert lp.keys.addresses() == []
    record = lp.store.load(gid)
    assert record.envelope.moves == 0
    (to_eve,) = eve.fetch()
    answers_ed = ed.fetch()
    assert len(answers_ed) == 2
    eve_text = text_of(to_eve)
    assert "not a player of this game" in eve_text.replace("\n", " ")
    assert "Your tile" not in eve_text
    by_reason = {
        ("no token" if "does not answer" in text_of(r).replace("\n", " ") else "seat"): r
        for r in answers_ed
    }
    assert set(by_reason) == {"no token", "seat"}
    no_token = text_of(by_reason["no token"]).replace("\n", " ")
    assert "Please use Reply" in no_token
    seat = text_of(by_reason["seat"]).replace("\n", " ")
    assert "not accepted" in header(by_reason["seat"], "Subject")
    assert f"is for {flo.address}, not for {ed.address}" in seat
    assert f"Please send a key made for {ed.address}" in seat
    for raw in (to_eve, *answers_ed):
        assert b"Your tile" not in raw
    assert len(lp.service_folders().get("Rejected", [])) == 3

    # Control: the same certificate as in 2., now in the S/MIME signature of a reply to his mail
    # (openssl smime -sign; only the quote as text), is filed.
    quote = "\n".join("> " + line for line in text_of(welcome_ed).splitlines()[:5])
    ed.send(smime_signed_reply(welcome_ed, ed, quote, ed_key, ed_cert))
    lp.tick()
    assert lp.keys.addresses() == [ed.address]
    der = run("openssl", "x509", "-in", ed_cert, "-outform", "DER")
    assert [k.fingerprint for k in lp.keys.keys(ed.address)] == [
        hashlib.sha256(der).hexdigest().upper()
    ]
    assert any("your key is on file" in header(r, "Subject") for r in ed.fetch())
    assert lp.store.load(gid).envelope.moves == 0  # Flo has no key yet: the game still waits


def test_encrypted_body_cannot_smuggle_routing_headers(loop: Loop) -> None:
    """docs/ENCRYPTED-MAIL.md: on decryption only a protected Subject comes from inside. A reply
    encrypted by ``openssl smime -encrypt`` whose inner entity claims another From, or a passing
    Authentication-Results, is judged by its outer headers as the relay stamped them."""
    lp = loop
    gus, hal, eve = lp.player("Gus"), lp.player("Hal"), lp.player("Eve")
    gid = lp.game([gus, hal], seed=17)
    lp.tick()
    (welcome,) = gus.fetch()
    hal.fetch()
    service_pem = gus.home / "pbem-service.pem"
    service_pem.write_bytes(attachments(welcome)["pbem-service.pem"])
    _, gus_cert = openssl_certificate(gus)
    smuggled = (
        f"From: Gus <{gus.address}>\r\n"
        f"Authentication-Results: {AUTHSERV_ID}; dmarc=pass header.from=pbem.test\r\n"
    )

    def encrypted(sender: Player) -> bytes:
        """A reply to Gus's welcome mail carrying his certificate, encrypted to the service,
        with the smuggled headers inside."""
        inner = EmailMessage()
        inner.set_content("Here is my certificate.\n")
        inner.add_attachment(
            gus_cert.read_bytes(),
            maintype="application",
            subtype="x-x509-user-cert",
            filename="gus.pem",
        )
        entity = sender.home / "inner.eml"
        entity.write_bytes(smuggled.encode() + inner.as_bytes(policy=CRLF))
        wire = run(
            "openssl",
            "smime",
            "-encrypt",
            "-aes256",
            "-in",
            entity,
            "-from",
            sender.address,
            "-to",
            lp.account.address,
            "-subject",
            "Re: " + header(welcome, "Subject"),
            service_pem,
        )
        threading = "".join(
            f"{k}: {v}\r\n"
            for k, v in reply_headers(welcome, sender.address)
            if k in ("Date", "Message-ID", "In-Reply-To", "References")
        )
        return threading.encode() + crlf(wire)

    # Gus himself, but his domain's check fails at the relay: the inner "pass" does not count.
    lp.relay.dmarc_fail.add(gus.address)
    gus.send(encrypted(gus))
    # Eve, with Gus's forwarded token and his From inside: she is still Eve.
    eve.send(encrypted(eve))
    report = lp.tick()
    assert report.fetched == 2 and report.rejected == 2, report.line()
    assert lp.keys.addresses() == []
    (to_gus,) = gus.fetch()
    assert "sender check" in text_of(to_gus).replace("\n", " ")
    (to_eve,) = eve.fetch()
    assert "not a player of this game" in text_of(to_eve).replace("\n", " ")
    assert lp.store.load(gid).envelope.moves == 0
    # Control: once the relay's check passes, the same encrypted mail files Gus's certificate.
    lp.relay.dmarc_fail.clear()
    gus.send(encrypted(gus))
    assert lp.tick().answered == 1
    assert lp.keys.addresses() == [gus.address]
