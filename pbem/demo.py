"""``pbem demo``: a whole game through real mail protocols, with no configuration.

It starts an embedded SMTP server (aiosmtpd) on 127.0.0.1 that delivers into Dovecot over LMTP when
Dovecot is installed (the service and the players then read their mail over IMAP), or into local
Maildirs otherwise. It creates a 4-player Forbidden City game whose players are bots that really read
their mail, pick a move and answer by SMTP, replying to the mail they got (so their replies carry
their tokens like anyone's). The runner ticks until the game is over.

The bots choose with the engine's greedy and random players from their own seat's position: in the
demo they read it from the store rather than by parsing the ASCII board, which is the one shortcut
taken; everything that crosses a mail server is real.
"""

from __future__ import annotations

import contextlib
import logging
import random
import shlex
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pbem import layout
from pbem.mail.inbound import ImapSource, MaildirSource
from pbem.mail.localservers import DovecotServer, RelaySMTP, dovecot_available
from pbem.mail.outbound import SmtpSender, maildir_for
from pbem.mail.outbox import Outbox
from pbem.mail.parse import ParsedMail, parse_message
from pbem.mail.tokens import find_tokens
from pbem.rules.base import RuleError, derive_rng
from pbem.runner import tick
from pbem.service import Policy, Service
from pbem.service.facts import plan_kind
from pbem.store import Keyring, Store

if TYPE_CHECKING:
    import pysequoia
    from cryptography import x509
    from cryptography.hazmat.primitives.asymmetric import rsa

    from pbem.store import GameRecord

log = logging.getLogger("pbem.demo")

SERVICE = "service@pbem.test"
MAX_PLAN_ACTIONS = 12
"""At most this many actions in one bot's whole turn (a Die Verbotene Stadt turn is a few
slides; a turn that goes on longer is asked for again)."""
GM = "gm@pbem.test"
PLAYERS = [
    ("Ann", "ann@pbem.test", "greedy", "smime"),
    ("Bao", "bao@pbem.test", "random", "openpgp"),
    ("Cleo", "cleo@pbem.test", "greedy", "openpgp"),
    ("Dev", "dev@pbem.test", "random", "smime"),
]
"""Name, address, strategy, and the kind of key the player gets for encrypted mail."""


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass
class BotPlayer:
    """A computer player that reads its own mailbox and answers by SMTP."""

    name: str
    address: str
    strategy: str
    source: ImapSource | MaildirSource
    store: Store
    smtp: SmtpSender
    seed: int
    answered: int = 0
    mails: list[ParsedMail] = field(default_factory=list)
    encrypted: list[bool] = field(default_factory=list)
    """For each mail of :attr:`mails`: whether it arrived encrypted."""
    replied_to: set[str] = field(default_factory=set)
    """Message-IDs already answered: a duplicate (same Message-ID) is the same mail."""
    playing: bool = True
    """False: read mail but answer nothing (tests)."""
    whole_turns: bool = True
    """In a game that takes plans (Die Verbotene Stadt), answer a turn with the whole turn in
    one reply, as players do; False: one action a mail."""
    planned: set[tuple[str, int, int]] = field(default_factory=set)
    """(game, move number, seat) answered with a whole turn: asked again there (the plan was not
    read or not played), the bot answers one action."""
    key_kind: str = ""
    """``"smime"``: asks the service for a certificate (CERT) and imports the PKCS#12 it is mailed;
    ``"openpgp"``: makes its own key and mails the public part; ``""``: no key."""
    smime_pair: tuple[rsa.RSAPrivateKey, x509.Certificate] | None = None
    pgp_key: pysequoia.Tsk | None = None
    passphrase: str = ""
    p12: bytes = b""
    """The PKCS#12 file the service mailed (kept so that the demo can save it for people)."""

    def decrypt(self, raw: bytes) -> bytes:
        """Open an encrypted mail with this player's own key, as its mail client would."""
        from email.message import EmailMessage
        from email.parser import BytesParser

        from pbem.crypto import mime, pgp, smime
        from pbem.mail.parse import READ_POLICY

        if self.smime_pair is None and self.pgp_key is None:
            return raw  # no key of its own yet: nothing it could open (and no parse to pay)
        # Parsed as the service reads mail (each header object built once): only to see whether
        # it is encrypted, and a player's turn mail carries several parts and attachments. The
        # decryption goes on from this parse (smime/pgp.decrypt_mime parse the mail again).
        msg = BytesParser(policy=READ_POLICY).parsebytes(raw)
        assert isinstance(msg, EmailMessage)
        inner: bytes | None = None
        if self.smime_pair is not None and (der := smime.find_enveloped(msg)) is not None:
            inner = smime.decrypt_entity(der, [self.smime_pair])
        elif self.pgp_key is not None and (found := pgp.find_encrypted(msg)) is not None:
            data, is_mime = found
            inner = pgp.decrypt_block(data, [self.pgp_key])
            if not is_mime:
                inner = pgp.inline_entity(inner)
        if inner is None:
            return raw
        # The decrypted message as decrypt_mime gives it, serialised as before; its headers read
        # once each (READ_POLICY) instead of at every look of the parser and the generator.
        opened = BytesParser(policy=READ_POLICY).parsebytes(mime.merge_decrypted(raw, inner))
        return opened.as_bytes()

    def read_and_answer(self) -> int:
        """Read new mail; answer every mail that asks this player for a decision it still owes."""
        sent = 0
        replies: list[EmailMessage] = []
        newest: dict[str, ParsedMail] = {}
        for msg in self.source.fetch_new():
            opened = self.decrypt(msg.raw)
            parsed = parse_message(opened)
            self.mails.append(parsed)
            self.encrypted.append(opened is not msg.raw)
            self.source.done(msg, "processed")
            if self.playing:
                reply = self._keys(parsed)
                if reply is not None:
                    replies.append(reply)
                refs = find_tokens([parsed.message_id])
                if refs and "What to write back" in parsed.text:
                    newest[refs[0].game] = parsed  # only the newest mail of a game is answered
        for parsed in newest.values():
            reply = self._answer(parsed)
            if reply is not None:
                replies.append(reply)
        if replies:
            results = self.smtp.send_batch(replies)
            sent = sum(1 for r in results if r.ok)
            self.answered += sent
        return sent

    def _keys(self, mail: ParsedMail) -> EmailMessage | None:
        """Answer a welcome mail with a key (or a CERT request); import an issued certificate."""
        for att in mail.attachments:
            if att.filename.endswith(".p12") and self.passphrase:
                from cryptography.hazmat.primitives.asymmetric import rsa
                from cryptography.hazmat.primitives.serialization import pkcs12

                key, cert, _ = pkcs12.load_key_and_certificates(att.data, self.passphrase.encode())
                if not isinstance(key, rsa.RSAPrivateKey) or cert is None:
                    return None  # not a certificate the service issues (RSA, with its key)
                self.smime_pair = (key, cert)
                self.p12 = att.data
                return None
        asked = "a key for encrypted mail" in mail.subject or "NOT ENCRYPTED" in mail.text
        if not asked or self.smime_pair is not None or self.pgp_key is not None or self.passphrase:
            return None
        if self.key_kind == "smime":
            self.passphrase = f"demo-{self.name.lower()}-passphrase"
            return self._reply(mail, f"CERT {self.passphrase}")
        if self.key_kind == "openpgp":
            self.pgp_key = make_pgp_key(f"{self.name} <{self.address}>")
            reply = self._reply(mail, "Here is my public key.")
            reply.add_attachment(
                str(self.pgp_key.extract_certificate()).encode(),
                maintype="application",
                subtype="pgp-keys",
                filename=f"{self.name}-public.asc",
            )
            return reply
        return None

    def _answer(self, mail: ParsedMail) -> EmailMessage | None:
        if "What to write back" not in mail.text or mail.message_id in self.replied_to:
            return None
        refs = find_tokens([mail.message_id])
        if not refs:
            return None
        ref = refs[0]
        record = self.store.load(ref.game, verify=False)
        if not any(d.seat == ref.seat for d in record.pending()):
            return None  # stale: that decision was already made
        game = record.game
        bot = game.bots()[self.strategy]
        rng = derive_rng(self.seed, ref.turn, ref.seat)
        action = bot.choose(game, record.state, ref.seat, rng)
        moves = [game.notation(action)]
        kind = plan_kind(game.name)
        pending = [d for d in record.pending() if d.seat == ref.seat]
        asked = (ref.game, ref.turn, ref.seat)
        if (
            self.whole_turns
            and kind is not None
            and [d.kind for d in pending] == [kind]
            and asked not in self.planned
        ):
            self.planned.add(asked)  # asked again at the same move: one action, as before
            moves = self._whole_turn(record, bot, ref.seat, kind, action, rng)
        self.replied_to.add(mail.message_id)
        return self._reply(mail, "; ".join(moves))

    def _whole_turn(
        self,
        record: GameRecord,
        bot: Any,
        seat: int,
        kind: str,
        first: object,
        rng: random.Random,
    ) -> list[str]:
        """The notation of ``first`` and of the actions the bot would play after it while the
        decision stays this seat's, as a player writes a whole turn in one reply ("RK N; BG E
        W"). Played ahead on a copy of the state, under throwaway dice (the game's are its own):
        where the real dice part from them, the service stops the plan and asks again."""
        game = record.game
        state = game.decode_state(game.encode_state(record.state))
        action, moves = first, [game.notation(first)]
        while len(moves) < MAX_PLAN_ACTIONS:
            try:
                state, _events = game.apply(state, seat, action, random.Random(len(moves)))
            except RuleError:
                break
            owed = game.pending(state)
            if game.result(state) is not None or [(d.seat, d.kind) for d in owed] != [(seat, kind)]:
                break
            action = bot.choose(game, state, seat, rng)
            moves.append(game.notation(action))
        return moves

    def _reply(self, mail: ParsedMail, body: str) -> EmailMessage:
        out = EmailMessage()
        out["From"] = formataddr((self.name, self.address))
        out["To"] = mail.reply_to[0] if mail.reply_to else mail.from_addr
        out["Subject"] = "Re: " + mail.subject
        out["Message-ID"] = make_msgid(domain="players.pbem.test")
        out["In-Reply-To"] = mail.message_id
        out["References"] = " ".join([*mail.references, mail.message_id])
        quoted = "\n".join("> " + ln for ln in mail.text.splitlines()[:30])
        out.set_content(f"{body}\n\nOn {mail.date or 'today'}, pbem wrote:\n{quoted}\n")
        return out


def make_pgp_key(user_id: str) -> pysequoia.Tsk:
    """An OpenPGP key as a player using GnuPG has: made by gpg when it is installed, so that the
    demo's encrypted mail opens with the gpg people have (GnuPG 2.2 reads no RFC 9580 messages,
    which a Sequoia-made key would invite); made by Sequoia otherwise. No passphrase."""
    import subprocess

    import pysequoia

    from pbem.crypto import pgp

    gpg = shutil.which("gpg")
    if gpg is None:
        return pgp.generate_key(user_id)
    with tempfile.TemporaryDirectory(prefix="pbem-gpg-") as home:
        base = [
            gpg,
            "--homedir",
            home,
            "--batch",
            "--pinentry-mode",
            "loopback",
            "--passphrase",
            "",
        ]
        subprocess.run(
            [*base, "--quick-gen-key", user_id, "future-default", "default", "never"],
            check=True,
            capture_output=True,
        )
        secret = subprocess.run(
            [*base, "--armor", "--export-secret-keys", user_id], check=True, capture_output=True
        ).stdout
        # Stop the agent this homedir started before the directory goes.
        gpgconf = shutil.which("gpgconf")
        if gpgconf:
            subprocess.run(
                [gpgconf, "--homedir", home, "--kill", "gpg-agent"],
                check=False,
                capture_output=True,
            )
    return pysequoia.Tsk.from_bytes(secret)


def play_until_over(
    tick_once: Callable[[], object],
    store: Store,
    outbox: Outbox,
    bots: list[BotPlayer],
    game_id: str,
    *,
    max_ticks: int = 2000,
    echo: Callable[[str], None] = print,
) -> int:
    """Tick (``tick_once``: one run of the service, e.g. ``runner.tick`` over its mailboxes) and
    let every bot read and answer its mail until the game is over and every mail in ``outbox``
    is delivered and read. Returns the number of ticks."""
    ticks = 0
    with contextlib.ExitStack() as kept:
        # Each player's mail client keeps its connection to the relay for the whole game, as
        # one does (not a new connection, greeting and event loop for every reply).
        for bot in bots:
            session = getattr(bot.smtp, "session", None)
            if session is not None:
                kept.enter_context(session())
        while ticks < max_ticks:
            tick_once()
            ticks += 1
            for bot in bots:
                bot.read_and_answer()
            env = store.load(game_id, verify=False).envelope
            if env.status == "ended" and len(outbox) == 0:
                for bot in bots:  # every player reads the final mail
                    bot.read_and_answer()
                break
            if ticks % 20 == 0:
                echo(f"  ... tick {ticks}: move {env.moves}")
    return ticks


@dataclass
class DemoResult:
    game_id: str
    mail_dir: Path
    transport: str
    ticks: int
    seconds: float
    sample_turn_mail: str
    final_mail: str
    mailboxes: dict[str, Path]
    scores: list[int]
    winners: list[int]
    keys: list[str] = field(default_factory=list)
    """How to open the encrypted mails with the players' keys (printed at the end)."""


def run_demo(
    mail_dir: Path | None = None,
    *,
    seed: int = 2018,
    use_dovecot: bool | None = None,
    max_ticks: int = 2000,
    echo: Callable[[str], None] = print,
) -> DemoResult:
    """Play one whole game by mail; returns what happened (the CLI prints it)."""
    # Long on purpose: the demo's script, read top to bottom: servers, game, bots, the printed summary.
    started = time.monotonic()
    mail_dir = Path(mail_dir) if mail_dir else Path(tempfile.mkdtemp(prefix="pbem-demo-"))
    mail_dir.mkdir(parents=True, exist_ok=True)
    mail_dir.chmod(0o755)  # Dovecot's unprivileged user must reach its directory inside
    if use_dovecot is None:
        use_dovecot = dovecot_available() is not None
    data = mail_dir / layout.DEFAULT_DATA
    keys = mail_dir / layout.DEFAULT_KEYS
    if keys.exists() and any(keys.iterdir()):
        keyring = Keyring.load(keys)
    else:
        keyring = Keyring.create(keys, data_dir=data)
    store = Store(data, keyring)
    outbox = Outbox(data, keyring)
    service = Service(store, outbox, Policy(SERVICE, GM, service_name="pbem demo"), _now)
    from pbem.crypto_mail import MailCrypto

    service.crypto = MailCrypto.open(keys, SERVICE, _now())

    passwords = {
        addr: addr.split("@")[0] + "-pw" for addr in [SERVICE, GM] + [p[1] for p in PLAYERS]
    }
    dovecot: DovecotServer | None = None
    relay: RelaySMTP
    mailboxes: dict[str, Path] = {}
    if use_dovecot:
        dovecot = DovecotServer(mail_dir / "dovecot", passwords).start()
        relay = RelaySMTP(lmtp=dovecot.lmtp_address).start()
        transport = "SMTP (aiosmtpd) -> LMTP -> Dovecot, read over IMAP"

        def source_for(addr: str, cursor: str) -> ImapSource | MaildirSource:
            assert dovecot is not None
            return ImapSource(
                "127.0.0.1",
                dovecot.imap_port,
                "none",
                addr,
                passwords[addr],
                cursor_path=mail_dir / "cursors" / cursor,
            )

        for addr in passwords:
            mailboxes[addr] = dovecot.maildir(addr)
    else:
        root = mail_dir / "maildirs"
        relay = RelaySMTP(maildir_root=root).start()
        transport = "SMTP (aiosmtpd) -> Maildir (Dovecot is not installed)"

        def source_for(addr: str, cursor: str) -> ImapSource | MaildirSource:
            return MaildirSource(maildir_for(root, addr))

        for addr in passwords:
            mailboxes[addr] = maildir_for(root, addr)
    try:
        sender = SmtpSender("127.0.0.1", relay.port, "none", envelope_from=SERVICE)
        inbox = source_for(SERVICE, "service.json")
        bots = [
            BotPlayer(
                name,
                addr,
                strategy,
                source_for(addr, f"{name}.json"),
                store,
                SmtpSender("127.0.0.1", relay.port, "none"),
                seed + i,
                key_kind=kind,
            )
            for i, (name, addr, strategy, kind) in enumerate(PLAYERS)
        ]
        gid = store.create(
            "forbidden-city", [(p[0], p[1]) for p in PLAYERS], {"privacy": "required"}, seed, _now()
        )
        service.mark_dirty(gid)
        echo(f"Game {gid}: Forbidden City, 4 bot players, mail via {transport}.")
        ticks = play_until_over(
            lambda: tick(service, inbox, sender, clock=_now),
            store,
            outbox,
            bots,
            gid,
            max_ticks=max_ticks,
            echo=echo,
        )
        sample = next((m.text for m in bots[0].mails if "your turn" in m.subject), "")
        record = store.load(gid)
        final = next((m.text for m in bots[0].mails if "game over" in m.subject), "")
        scores = list(record.envelope.result.scores) if record.envelope.result else []
        winners = list(record.envelope.result.winners) if record.envelope.result else []
        for closer in [inbox, *[b.source for b in bots]]:
            close = getattr(closer, "close", None)
            if close:
                close()
        if dovecot is not None:
            # Keep a copy of every mailbox where the user asked: Dovecot may have had to live in
            # a directory of its own (the unprivileged user cannot always reach --mail-dir), and
            # that one goes away with it.
            kept = mail_dir / "mailboxes"
            for addr, path in list(mailboxes.items()):
                if path.exists():
                    dest = kept / addr
                    shutil.rmtree(dest, ignore_errors=True)
                    shutil.copytree(path, dest)
                    mailboxes[addr] = dest
    finally:
        relay.stop()
        if dovecot is not None:
            dovecot.stop()
    identity = service.crypto.identity
    keys_help = save_player_keys(
        bots,
        mail_dir / "player-keys",
        mailboxes,
        service_keys=(identity.openpgp_public_key, identity.ca_certificate_pem),
    )
    return DemoResult(
        gid,
        mail_dir,
        transport,
        ticks,
        time.monotonic() - started,
        sample,
        final,
        mailboxes,
        scores,
        winners,
        keys_help,
    )


def _encrypted_mail(mailbox: Path, marker: bytes) -> Path | None:
    """A mail file of ``mailbox`` (a Maildir, sub-folders included) whose body holds ``marker``."""
    for path in sorted(mailbox.glob("**/cur/*")) + sorted(mailbox.glob("**/new/*")):
        if marker in path.read_bytes():
            return path
    return None


def _gpg_import_secret(gpg: str, home: Path, asc: Path, fingerprint: str, tries: int = 4) -> bool:
    """Import a secret key into the keyring at ``home`` and check that it is there: on a busy
    machine the agent that stores it may not answer in time, and gpg then imports nothing."""
    import subprocess
    import time

    for attempt in range(tries):
        subprocess.run(
            [gpg, "--homedir", str(home), "--batch", "--quiet", "--import", str(asc)],
            check=False,
            capture_output=True,
            timeout=120,
        )
        listed = subprocess.run(
            [
                gpg,
                "--homedir",
                str(home),
                "--batch",
                "--with-colons",
                "--list-secret-keys",
                fingerprint,
            ],
            check=False,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if listed.returncode == 0 and fingerprint.upper() in listed.stdout.upper():
            return True
        time.sleep(0.5 * (attempt + 1))
    return False


GPG_SOCKET_ROOM = 80
"""gpg-agent's sockets live in the GnuPG home (no /run/user here), and a Unix socket path has at
most 107 bytes: ``<home>/S.gpg-agent.browser`` must fit."""


def _pbem_command() -> str:
    """How to run pbem again, as it was installed: the script beside this Python (a virtual
    environment's bin/), else whatever ``pbem`` the PATH finds."""
    import sys

    here = Path(sys.executable).with_name("pbem")
    if here.exists():
        return shlex.quote(str(here))
    return shutil.which("pbem") or "pbem"


def _gnupg_home(folder: Path) -> Path:
    """The demo's GnuPG home: ``folder/gnupg``, or, when that path is too long for gpg-agent's
    sockets, a short directory under the temporary folder that ``folder/gnupg`` points to."""
    link = folder / "gnupg"
    if len(str(link.resolve())) <= GPG_SOCKET_ROOM:
        link.mkdir(exist_ok=True)
        link.chmod(0o700)
        return link
    short = Path(tempfile.mkdtemp(prefix="pbem-gpg-"))  # mode 0700
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(short, target_is_directory=True)
    return short


def save_player_keys(
    bots: list[BotPlayer],
    folder: Path,
    mailboxes: dict[str, Path],
    service_keys: tuple[bytes, bytes] | None = None,
) -> list[str]:
    """Keep the bots' secret keys so that people can open the demo's encrypted mail themselves.

    ``folder`` gets each OpenPGP bot's secret key (``NAME-secret.asc``) and each S/MIME bot's
    PKCS#12 file (``NAME.p12``, its passphrase printed), and a GnuPG home (``gnupg/``) that holds
    them all (OpenPGP keys through gpg, S/MIME keys through gpgsm) for mutt. Returns the lines to
    print: one command each to decrypt a mail with gpg and with openssl, and the mutt command.
    These are demo keys of demo players: printing a passphrase is the point here, never elsewhere.

    ``service_keys`` (the service's OpenPGP public key, its CA certificate in PEM) go into the
    GnuPG home as a player would put them there (docs/ENCRYPTED-MAIL.md): the key imported and
    certified locally, the CA trusted in ``trustlist.txt``; mutt then shows a good signature on
    every mail instead of "Can't verify".
    """
    # Long on purpose: one block per kind of key the demo's players hold (gpg, PKCS#12, keyring).
    import shlex
    import subprocess

    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o700)
    home = _gnupg_home(folder)
    gpg = shutil.which("gpg")
    gpgsm = shutil.which("gpgsm")
    q = shlex.quote
    lines = [f"The players' keys are kept in {folder} (demo keys, not for real use):"]
    gpg_cmd = openssl_cmd = mutt_cmd = ""
    for bot in bots:
        if bot.pgp_key is not None:
            asc = folder / f"{bot.name}-secret.asc"
            asc.write_text(str(bot.pgp_key))
            asc.chmod(0o600)
            lines.append(f"  {bot.name:<5} OpenPGP secret key  {asc}")
            if gpg:
                fpr = str(bot.pgp_key.extract_certificate().fingerprint).upper()
                _gpg_import_secret(gpg, home, asc, fpr)
                # One's own key is ultimately trusted (gpg does so for a key it makes): the
                # service key certified by it below is then valid.
                subprocess.run(
                    [gpg, "--homedir", str(home), "--batch", "--import-ownertrust"],
                    input=f"{fpr}:6:\n".encode(),
                    check=False,
                    capture_output=True,
                    timeout=120,
                )
            mail = _encrypted_mail(mailboxes.get(bot.address, folder / "-"), b"multipart/encrypted")
            if mail is not None and not gpg_cmd:
                gpg_cmd = f"gpg --homedir {q(str(home))} --decrypt {q(str(mail))}"
                box = mailboxes[bot.address]
                mutt_cmd = (
                    f"GNUPGHOME={q(str(home))} mutt -F /dev/null"
                    f" -e {q(f'set folder={box.parent} crypt_use_gpgme=yes')}"
                    f" -f {q(str(box / '.Processed'))}"
                )
        if bot.p12:
            p12 = folder / f"{bot.name}.p12"
            p12.write_bytes(bot.p12)
            p12.chmod(0o600)
            lines.append(f"  {bot.name:<5} S/MIME PKCS#12 {p12}, passphrase: {bot.passphrase}")
            if gpgsm:
                subprocess.run(
                    [
                        gpgsm,
                        "--homedir",
                        str(home),
                        "--batch",
                        "--pinentry-mode",
                        "loopback",
                        "--passphrase-fd",
                        "0",
                        "--import",
                        str(p12),
                    ],
                    input=bot.passphrase.encode(),
                    check=False,
                    capture_output=True,
                )
            mail = _encrypted_mail(
                mailboxes.get(bot.address, folder / "-"), b"application/pkcs7-mime"
            )
            if mail is not None and not openssl_cmd:
                openssl_cmd = (
                    f"openssl pkcs12 -in {q(str(p12))} -passin pass:{bot.passphrase} -nodes"
                    f" | openssl cms -decrypt -inkey /dev/stdin -in {q(str(mail))}"
                )
    if service_keys is not None:
        trust_service_keys(home, *service_keys)
    gpgconf = shutil.which("gpgconf")
    if gpgconf:  # the imports started an agent for that home: leave nothing running
        subprocess.run(
            [gpgconf, "--homedir", str(home), "--kill", "gpg-agent"],
            check=False,
            capture_output=True,
        )
    if gpg_cmd:
        lines += ["Decrypt one OpenPGP mail with gpg (the key has no passphrase):", "  " + gpg_cmd]
    if openssl_cmd:
        lines += ["Decrypt one S/MIME mail with openssl:", "  " + openssl_cmd]
    if mutt_cmd:
        lines += [
            "Read a player's mailbox in mutt, decrypted as you open each mail (the GnuPG",
            "home above holds every player's key, OpenPGP and S/MIME alike, and trusts the",
            "service's key and CA, so each signature shows as good; for Ann's and Dev's",
            "S/MIME mail type the passphrase printed above when asked):",
            "  " + mutt_cmd,
        ]
    return lines


def trust_service_keys(home: Path, openpgp_key: bytes, ca_pem: bytes) -> None:
    """What a mutt (GPGME) user does once with the key-setup mail's attachments: import the
    service's OpenPGP key and certify it locally (``gpg --quick-lsign-key``), import the service
    CA into gpgsm and trust it for S/MIME (its fingerprint and ``S`` in ``trustlist.txt``).
    Without gpg or gpgsm that part is left out."""
    import subprocess

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes

    gpg, gpgsm = shutil.which("gpg"), shutil.which("gpgsm")
    if gpg:
        out = subprocess.run(
            [gpg, "--homedir", str(home), "--batch", "--status-fd", "1", "--import"],
            input=openpgp_key,
            check=False,
            capture_output=True,
            timeout=120,
        )
        for line in out.stdout.decode(errors="replace").splitlines():
            if line.startswith("[GNUPG:] IMPORT_OK"):
                fpr = line.split()[-1]
                subprocess.run(
                    [gpg, "--homedir", str(home), "--batch", "--yes", "--quick-lsign-key", fpr],
                    check=False,
                    capture_output=True,
                    timeout=120,
                )
    if gpgsm:
        # The trust first: gpg-agent reads trustlist.txt once, when it is first asked (the
        # import below may ask), and keeps what it read until it is told to read it again.
        fpr = x509.load_pem_x509_certificate(ca_pem).fingerprint(hashes.SHA1()).hex().upper()  # noqa: S303 - gpgsm names a CA by its SHA-1 fingerprint
        trust = home / "trustlist.txt"
        known = trust.read_text() if trust.exists() else ""
        if fpr not in known.replace(":", ""):
            with trust.open("a") as f:
                f.write(f"{':'.join(fpr[i : i + 2] for i in range(0, 40, 2))} S\n")
        ca = home / "pbem-service-ca.pem"
        ca.write_bytes(ca_pem)
        subprocess.run(
            [gpgsm, "--homedir", str(home), "--batch", "--import", str(ca)],
            check=False,
            capture_output=True,
            timeout=120,
        )
        gpgconf = shutil.which("gpgconf")
        if gpgconf:  # an agent already running reads the trust list again
            subprocess.run(
                [gpgconf, "--homedir", str(home), "--reload", "gpg-agent"],
                check=False,
                capture_output=True,
                timeout=60,
            )


def main_text(result: DemoResult) -> str:
    """What ``pbem demo`` prints at the end."""
    lines = [
        "",
        "=" * 72,
        "One player's turn mail (Ann's first), as her mail client shows it once it has",
        "decrypted it with her own key (it travels S/MIME-encrypted):",
        "=" * 72,
        result.sample_turn_mail.rstrip(),
        "",
        "=" * 72,
        "The final mail:",
        "=" * 72,
        result.final_mail.rstrip(),
        "",
        f"Game {result.game_id} played to the end in {result.ticks} ticks, "
        f"{result.seconds:.1f} s, via {result.transport}.",
        "The mailboxes (Maildir). Each bot files the mail it has read into the sub-folder",
        "Processed, as the service does with the replies: open one with mutt -f DIR/.Processed",
    ]
    for addr, path in result.mailboxes.items():
        if path.exists():
            lines.append(f"  {addr:<20} {path}")
    lines.extend(result.keys)
    lines.append(f"Game files: {result.mail_dir / layout.DEFAULT_DATA / result.game_id}")
    lines.append(
        f"Verify them: {_pbem_command()} admin verify {result.game_id} "
        f"--data-dir {result.mail_dir / layout.DEFAULT_DATA}"
    )
    return "\n".join(lines)
