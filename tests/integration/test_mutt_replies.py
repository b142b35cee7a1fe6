"""Issue 31 item 2: a player presses Reply in mutt (with GPGME, its default reply settings) on an
encrypted turn mail, and the service reads the reply mutt encrypted, in OpenPGP and in S/MIME.

The players do only what docs/ENCRYPTED-MAIL.md tells a mutt user: import the service's key from
the key-setup mail and certify it locally (OpenPGP), import the service CA from the same mail and
trust it in ``trustlist.txt`` (S/MIME). mutt runs in a terminal (tmux) as a person runs it: it
opens the mail fetched from Dovecot, ``r`` replies, the editor puts the move above the quote, ``y``
sends through the relay; the service's tick reads it. Replying to a PREVIEW answer (item 3) is
played the same way.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import pytest
import test_encrypted_loop
from test_encrypted_loop import (
    Loop,
    Player,
    attachments,
    header,
    openssl_certificate,
    plain_reply,
    run,
)

from pbem.crypto import KeyKind

pytestmark = [
    pytest.mark.mailserver,
    pytest.mark.skipif(
        not all(shutil.which(t) for t in ("mutt", "tmux", "gpg", "gpgsm", "openssl")),
        reason="mutt, tmux, gpg, gpgsm and openssl are needed",
    ),
]

loop = test_encrypted_loop.loop
"""The encrypted loop's fixture: a service with keys, Dovecot and the relay."""

WAIT = 90.0
"""How long a screen may take to show what we wait for (a slow, shared machine): a bound against
hanging, never a measured time."""


class Mutt:
    """One player's mutt in a tmux pane of its own (its own server socket, stopped at the end)."""

    def __init__(self, player: Player, gnupg: Path) -> None:
        self.player = player
        self.home = player.home
        self.gnupg = gnupg
        self.sock = self.home / "tmux.sock"
        self.n = 0
        self.editor = self.home / "editor.sh"
        self.body = self.home / "body.txt"
        # The editor a person would use, played by a script: the move above the quote. mutt
        # takes a body whose mtime (whole seconds) did not change for "unmodified" and aborts;
        # the kernel stamps files from a clock that lags time() by a few milliseconds, so a
        # script that edits within the same second as mutt wrote the file could be taken for
        # no edit at all (a rare flake of the fourteenth round). The script dates its edit on a
        # day long past, a time that cannot be mutt's own (a future one makes mutt's compose
        # screen ask whether the body changed again).
        self.editor.write_text(
            '#!/bin/sh\n{ cat "$PBEM_BODY"; echo; cat "$1"; } > "$1.new" && mv "$1.new" "$1"'
            ' && touch -m -d @86400 "$1"\n'
        )
        self.editor.chmod(0o700)
        self.rc = self.home / "muttrc"
        # Only the account: every reply and crypto setting is mutt's default.
        self.rc.write_text(
            "\n".join(
                [
                    f'set from="{player.name} <{player.address}>"',
                    f'set smtp_url="smtp://127.0.0.1:{player.relay_port}/"',
                    "unset ssl_force_tls",  # the test relay offers STARTTLS it cannot do
                    "set ssl_starttls=no",
                    "set crypt_use_gpgme=yes",
                    f'set editor="{self.editor}"',
                    f'set record="{self.home / "sent"}"',
                    "set mbox_type=Maildir",
                    "",
                ]
            )
        )

    def _tmux(self, *args: str) -> str:
        out = subprocess.run(
            ["tmux", "-S", str(self.sock), *args], capture_output=True, text=True, check=False
        )
        return out.stdout

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", "m")

    def wait(self, *texts: str, where: str = "any") -> str:
        """The first of ``texts`` the screen shows (``where``: ``bottom``, the prompt line;
        ``top``, the help line; ``any``); the test fails with the screen after :data:`WAIT`
        seconds."""
        end = time.monotonic() + WAIT
        screen = ""
        while time.monotonic() < end:
            screen = self.screen()
            lines = [ln for ln in screen.splitlines() if ln.strip()] or [""]
            # The prompt line, or the status bar above a message mutt left on the last line.
            parts = {"bottom": "\n".join(lines[-2:]), "top": lines[0], "any": screen}
            for t in texts:
                spot, _, text = t.rpartition("|")
                if text in parts[spot or where]:
                    return t
            time.sleep(0.2)
        pytest.fail(f"mutt never showed {texts!r}; its screen:\n{screen}")

    def bottom(self) -> str:
        lines = [ln for ln in self.screen().splitlines() if ln.strip()] or [""]
        return lines[-1]

    @staticmethod
    def prompt_lines(screen: str) -> str:
        """The last two lines of ``screen`` that hold anything (what ``bottom|`` looks at)."""
        return "\n".join(([ln for ln in screen.splitlines() if ln.strip()] or [""])[-2:])

    def gone(self, line: str) -> None:
        """Wait until the prompt line ``line`` has been answered (a key sent while mutt still
        shows the last prompt would answer the next one)."""
        end = time.monotonic() + WAIT
        while time.monotonic() < end and self.bottom() == line:
            time.sleep(0.1)

    def keys(self, *keys: str) -> None:
        self._tmux("send-keys", "-t", "m", *keys)

    def reply(self, raw: bytes, body: str) -> str:
        """Open ``raw`` (a mail fetched from Dovecot) in mutt, press ``r``, write ``body`` and send.
        Returns what mutt said about the signature of the mail it opened."""
        self.n += 1
        box = self.home / "Mail" / f"box{self.n}"
        for sub in ("cur", "new", "tmp"):
            (box / sub).mkdir(parents=True)
        (box / "new" / f"{self.n}.mail").write_bytes(raw.replace(b"\r\n", b"\n"))
        self.body.write_text(body + "\n")
        env = {
            "GNUPGHOME": str(self.gnupg),
            "HOME": str(self.home),
            "PBEM_BODY": str(self.body),
            "LC_ALL": "C.UTF-8",
            "TERM": "xterm",
        }
        self._tmux(
            "new-session",
            "-d",
            "-s",
            "m",
            "-x",
            "150",
            "-y",
            "50",
            *[a for k, v in env.items() for a in ("-e", f"{k}={v}")],
            f"mutt -F {self.rc} -f {box}",
        )
        try:
            self.wait("top|q:Quit")
            self.keys("Enter")  # open the mail: mutt decrypts it and checks the signature
            self.wait("top|i:Exit")
            self.wait("bottom|%)", "bottom|(end)", "bottom|(all)")
            shown = self.screen()
            self.keys("r")
            end = time.monotonic() + WAIT
            while True:
                seen = self.wait(
                    "bottom|Include message in reply?",
                    "bottom|To: ",
                    "bottom|Subject: ",
                    "top|y:Send",
                    "bottom|?",
                )
                if seen == "top|y:Send":
                    break
                if seen == "bottom|?":
                    now = self.screen()
                    still = self.prompt_lines(now)
                    if time.monotonic() < end and (
                        still == self.prompt_lines(shown) or "?" not in still
                    ):
                        # The mail's own last lines, still on the screen before mutt redraws
                        # for the reply ("What to write back?"), or a redraw half done: no
                        # question of mutt's yet.
                        time.sleep(0.2)
                        continue
                    pytest.fail(f"mutt asked:\n{now}")
                before = self.bottom()
                self.keys("Enter")  # the defaults: include the mail, the To and Subject given
                self.gone(before)
            self.keys("y")
            said = self.wait("bottom|Mail sent", "bottom|?", "bottom|failed", "bottom|rror")
            if said != "bottom|Mail sent" and "Sending message" in self.bottom():
                # A busy machine: what matched was a screen mutt was still redrawing, and it is
                # sending now (a real question or error stays on the prompt line).
                said = self.wait("bottom|Mail sent", "bottom|failed", "bottom|rror")
            if said != "bottom|Mail sent":
                pytest.fail(f"mutt asked:\n{self.screen()}")
            self.keys("q")
            return shown
        finally:
            self._tmux("kill-server")


def _gpg(home: Path, *args: str | Path, stdin: bytes | None = None) -> bytes:
    return run("gpg", "--batch", "--yes", "--homedir", home, *args, stdin=stdin)


def _gpgsm(home: Path, *args: str | Path, stdin: bytes | None = None) -> bytes:
    return run(
        "gpgsm", "--batch", "--homedir", home, "--pinentry-mode", "loopback", *args, stdin=stdin
    )


def test_mutt_replies_encrypted_in_openpgp_and_smime(loop: Loop) -> None:
    """Ann (S/MIME) and Bob (OpenPGP) file their keys by replying to the welcome mail, trust the
    service's keys as the docs say, then play by pressing Reply in mutt: a PREVIEW, then the move
    in a reply to the preview's answer. mutt shows the service's signature as good, encrypts each
    reply in the kind of the mail answered, and the service applies the move."""
    lp = loop
    ann, bob = lp.player("Ann"), lp.player("Bob")
    gid = lp.game([ann, bob])
    lp.tick()
    (welcome_a,) = ann.fetch()
    (welcome_b,) = bob.fetch()
    files = attachments(welcome_b)

    # Bob (OpenPGP): his key made by gpg; the service's key from the welcome mail, imported and
    # certified locally, as ENCRYPTED-MAIL.md says.
    gb = bob.home / "gnupg"
    gb.mkdir(mode=0o700)
    lp.gpg_homes.append(gb)  # its gpg-agent is stopped at the end
    _gpg(gb, "--passphrase", "", "--quick-gen-key", f"Bob <{bob.address}>", "default", "default")
    (bob.home / "pbem-service.asc").write_bytes(files["pbem-service.asc"])
    _gpg(gb, "--import", bob.home / "pbem-service.asc")
    fpr = lp.service.crypto.identity.openpgp_fingerprint  # type: ignore[union-attr]
    _gpg(gb, "--quick-lsign-key", fpr)
    bob.send(
        plain_reply(
            welcome_b,
            bob.address,
            "My key.",
            [(_gpg(gb, "--armor", "--export", bob.address), "application/pgp-keys", "bob.asc")],
        )
    )
    # Ann (S/MIME): a certificate made by openssl, her key imported into gpgsm; the service CA
    # from the welcome mail imported and trusted.
    ga = ann.home / "gnupg"
    ga.mkdir(mode=0o700)
    lp.gpg_homes.append(ga)
    key, cert = openssl_certificate(ann)
    p12 = ann.home / "ann.p12"
    # gpgsm now and then cannot open a PKCS#12 file openssl wrote with an empty passphrase ("bad
    # passphrase"; one run in several, the file's random salt decides): the file is made again,
    # as a person would export it again. A second failure is the test's failure.
    for attempt in range(3):
        run(
            "openssl", "pkcs12", "-export", "-inkey", key, "-in", cert, "-out", p12,
            "-passout", "pass:", "-keypbe", "PBE-SHA1-3DES", "-certpbe", "PBE-SHA1-3DES",
            "-macalg", "sha1",
        )  # fmt: skip
        proc = subprocess.run(
            ["gpgsm", "--batch", "--homedir", str(ga), "--pinentry-mode", "loopback",
             "--passphrase-fd", "0", "--import", str(p12)],
            input=b"\n", capture_output=True, timeout=120,
        )  # fmt: skip
        if proc.returncode == 0:
            break
        assert attempt < 2, proc.stderr.decode(errors="replace")
    ca = ann.home / "pbem-service-ca.pem"
    ca.write_bytes(attachments(welcome_a)["pbem-service-ca.pem"])
    _gpgsm(ga, "--import", ca)
    ca_fpr = run("openssl", "x509", "-in", ca, "-noout", "-fingerprint", "-sha1").decode()
    ca_fpr = ca_fpr.strip().split("=")[1]
    (ga / "trustlist.txt").write_text(f"{ca_fpr} S\n")
    ann.send(
        plain_reply(
            welcome_a,
            ann.address,
            "My certificate.",
            [(cert.read_bytes(), "application/pkix-cert", "ann.pem")],
        )
    )
    report = lp.tick()
    assert report.answered == 2, report.line()
    assert [k.kind for k in lp.keys.keys(ann.address)] == [KeyKind.SMIME]
    assert [k.kind for k in lp.keys.keys(bob.address)] == [KeyKind.OPENPGP]
    lp.tick()
    mutts = {ann.address: Mutt(ann, ga), bob.address: Mutt(bob, gb)}
    kinds = {ann.address: "application/pkcs7-mime", bob.address: "multipart/encrypted"}
    for p in (ann, bob):
        p.fetch()
    for move_no in (1, 2):
        record = lp.store.load(gid)
        seat = record.pending()[0].seat
        mover = ann if record.envelope.active_player(seat).email == ann.address else bob
        mutt = mutts[mover.address]
        turn = mover.newest("a new game starts" if move_no == 1 else "your turn")
        move = record.legal_notations(seat)[-1]
        # PREVIEW first (item 3), then the move in a reply to the preview's answer.
        shown = mutt.reply(turn, f"PREVIEW {move}")
        assert "Good signature from" in shown and "Problem signature" not in shown, shown
        wire = lp.relay.deliveries[-1].data
        assert header(wire, "Content-Type").startswith(kinds[mover.address]), wire[:400]
        assert move.encode() not in wire
        report = lp.tick()
        assert report.answered == 1 and report.rejected == 0, report.line()
        (preview,) = mover.fetch()
        assert "preview" in header(preview, "Subject"), header(preview, "Subject")
        assert header(preview, "Content-Type").startswith(kinds[mover.address])
        shown = mutt.reply(preview, move)
        assert "NOT been played" in " ".join(shown.split()), shown
        assert header(lp.relay.deliveries[-1].data, "Content-Type").startswith(kinds[mover.address])
        report = lp.tick()
        assert report.applied == 1 and report.rejected == 0, report.line()
        assert lp.store.load(gid).envelope.moves == move_no
        for p in (ann, bob):
            p.fetch()
