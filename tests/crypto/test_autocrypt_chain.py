"""The key-setup mails carry the service CA and an Autocrypt header (issue 31, item 2 in part):
the header's key data is the service's OpenPGP key, as gpg reads it."""

from __future__ import annotations

import base64
import datetime as dt
import shutil
import subprocess
from email.message import EmailMessage
from pathlib import Path

import pytest

from pbem.crypto.identity import ServiceIdentity


def _identity(tmp: Path) -> ServiceIdentity:
    return ServiceIdentity.create_or_load(
        tmp / "keys", "service@pbem.test", dt.datetime(2026, 11, 26, tzinfo=dt.UTC), key_size=2048
    )


def test_key_mails_carry_the_ca_and_an_autocrypt_header(tmp_path: Path) -> None:
    ident = _identity(tmp_path)
    msg = EmailMessage()
    msg["From"] = "service@pbem.test"
    msg.set_content("Welcome\n")
    ident.attach_public_keys(msg)
    names = [p.get_filename() for p in msg.iter_attachments()]
    assert names == ["pbem-service.pem", "pbem-service.asc", "pbem-service-ca.pem"]
    header = str(msg["Autocrypt"])
    fields = dict(p.strip().split("=", 1) for p in header.split(";"))
    assert fields["addr"] == "service@pbem.test" and fields["prefer-encrypt"] == "mutual"
    key = base64.b64decode("".join(fields["keydata"].split()))
    assert key[:1] and key[0] & 0x80, "binary OpenPGP packets"
    if shutil.which("gpg") is None:
        pytest.skip("gpg not installed")
    home = tmp_path / "gnupg"
    home.mkdir(mode=0o700)
    out = subprocess.run(
        ["gpg", "--homedir", str(home), "--batch", "--with-colons", "--show-keys"],
        input=key,
        capture_output=True,
        check=True,
    ).stdout.decode()
    fpr = next(ln.split(":")[9] for ln in out.splitlines() if ln.startswith("fpr:"))
    assert fpr.upper() == ident.openpgp_fingerprint.upper().replace(" ", "")
