"""The demo keeps its players' keys and prints commands that really open their encrypted mail:
the gpg and openssl lines are run here on mails encrypted the way the service encrypts them."""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
import subprocess
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from pbem.crypto import pgp, smime
from pbem.demo import BotPlayer, make_pgp_key, save_player_keys

pytestmark = pytest.mark.skipif(
    not (shutil.which("gpg") and shutil.which("openssl")), reason="needs gpg and openssl"
)
SECRET = "Your tile: G6, green with 2 advisors."


def _mail(to: str) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "service@pbem.test"
    msg["To"] = to
    msg["Subject"] = "[fc-test] your turn"
    msg.set_content(f"Hello,\n\n{SECRET}\n")
    return msg


def _deliver(box: Path, name: str, msg: EmailMessage) -> None:
    folder = box / ".Processed" / "cur"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(msg.as_bytes())


def _bot(name: str, address: str) -> BotPlayer:
    return BotPlayer(name, address, "random", None, None, None, 1)  # type: ignore[arg-type]


def test_demo_keys_and_printed_commands_open_the_mail(tmp_path: Path) -> None:
    now = dt.datetime.now(dt.UTC)  # taken when the test runs, not at import
    boxes = {"bao@pbem.test": tmp_path / "bao", "ann@pbem.test": tmp_path / "ann"}
    bao = _bot("Bao", "bao@pbem.test")
    bao.pgp_key = make_pgp_key("Bao <bao@pbem.test>")
    _deliver(
        boxes["bao@pbem.test"],
        "1.mail:2,S",
        pgp.encrypt_mime(_mail(bao.address), bao.pgp_key.extract_certificate()),
    )
    ann = _bot("Ann", "ann@pbem.test")
    ca = smime.make_ca("pbem test CA", now, key_size=2048)
    key, cert = smime.issue_certificate(ca, ann.address, "Ann", 30, now, key_size=2048)
    ann.passphrase = "demo-ann-passphrase"
    ann.p12 = smime.pkcs12_for(key, cert, ca[1], ann.passphrase)
    _deliver(boxes["ann@pbem.test"], "1.mail:2,S", smime.encrypt_mime(_mail(ann.address), cert))

    lines = save_player_keys([ann, bao], tmp_path / "player-keys", boxes)
    text = "\n".join(lines)
    keys = tmp_path / "player-keys"
    assert (keys / "Bao-secret.asc").read_text().startswith("-----BEGIN PGP PRIVATE KEY BLOCK")
    assert (keys / "Ann.p12").read_bytes() == ann.p12
    assert oct((keys / "Ann.p12").stat().st_mode & 0o777) == "0o600"
    assert "passphrase: demo-ann-passphrase" in text
    commands = [ln.strip() for ln in lines if ln.startswith("  ") and " " in ln.strip()]
    gpg = next(c for c in commands if c.startswith("gpg "))
    openssl = next(c for c in commands if c.startswith("openssl "))
    mutt = next(c for c in commands if "mutt " in c)
    env = {**os.environ, "LC_ALL": "C"}
    for cmd in (gpg, openssl):
        out = subprocess.run(cmd, shell=True, capture_output=True, env=env, timeout=60)
        assert out.returncode == 0, (cmd, out.stderr)
        assert SECRET.encode() in out.stdout, cmd
    assert "crypt_use_gpgme=yes" in mutt and str(boxes["bao@pbem.test"] / ".Processed") in mutt
    # Bao's key is in the GnuPG home the mutt line names.
    listed = subprocess.run(
        ["gpg", "--homedir", str(keys / "gnupg"), "-K"], capture_output=True, text=True, env=env
    )
    assert "bao@pbem.test" in listed.stdout
    subprocess.run(
        ["gpgconf", "--homedir", str(keys / "gnupg"), "--kill", "gpg-agent"], check=False
    )


def _signed_parts(msg: EmailMessage) -> tuple[bytes, bytes]:
    """The signed part (as signed: CRLF line ends) and the detached signature of a
    multipart/signed mail."""
    from email import message_from_bytes
    from email import policy as email_policy

    parsed = message_from_bytes(msg.as_bytes(policy=email_policy.SMTP), policy=email_policy.SMTP)
    parts: list[Any] = list(parsed.get_payload())
    signed, signature = parts
    data = signed.as_bytes(policy=email_policy.SMTP)
    sig = signature.get_payload(decode=True)
    assert isinstance(sig, bytes)
    return data, sig


def test_demo_gnupg_home_trusts_the_service_keys(tmp_path: Path) -> None:
    """The demo's GnuPG home holds the service's OpenPGP key (certified locally) and trusts its CA
    (issue 31): gpg and gpgsm, which mutt's GPGME asks, call the service's signatures good and
    trusted, where they said "Can't verify" before."""
    from pbem.crypto import ServiceIdentity

    now = dt.datetime.now(dt.UTC)
    ident = ServiceIdentity.create_or_load(
        tmp_path / "service", "service@pbem.test", now, key_size=2048
    )
    bao = _bot("Bao", "bao@pbem.test")
    bao.pgp_key = make_pgp_key("Bao <bao@pbem.test>")
    keys = tmp_path / "player-keys"
    save_player_keys(
        [bao],
        keys,
        {},
        service_keys=(ident.openpgp_public_key, ident.ca_certificate_pem),
    )
    home = keys / "gnupg"
    env = {**os.environ, "LC_ALL": "C"}
    try:
        for tool, signed in (
            ("gpg", ident.sign_openpgp(_mail("bao@pbem.test"))),
            ("gpgsm", ident.sign_smime(_mail("bao@pbem.test"))),
        ):
            data, sig = _signed_parts(signed)
            (tmp_path / "data").write_bytes(data)
            (tmp_path / "sig").write_bytes(sig)
            out = subprocess.run(
                [tool, "--homedir", str(home), "--batch", "--status-fd", "1", "--verify",
                 str(tmp_path / "sig"), str(tmp_path / "data")],
                capture_output=True, env=env, timeout=60,
            )  # fmt: skip
            status = out.stdout.decode(errors="replace")
            assert "[GNUPG:] GOODSIG" in status, (tool, status, out.stderr)
            assert re.search(r"\[GNUPG:\] TRUST_(FULLY|ULTIMATE)", status), (tool, status)
    finally:
        subprocess.run(["gpgconf", "--homedir", str(home), "--kill", "gpg-agent"], check=False)
