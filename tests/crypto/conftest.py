"""Fixtures for the encrypted-mail tests: the service identity and a GnuPG home made by gpg."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from crypto_helpers import SERVICE, library_now, run

from pbem.crypto import ServiceIdentity


@pytest.fixture(scope="session")
def identity(tmp_path_factory: pytest.TempPathFactory) -> ServiceIdentity:
    """The service's keys (CA, S/MIME certificate, OpenPGP key), made once per session."""
    keys = tmp_path_factory.mktemp("service-keys")
    return ServiceIdentity.create_or_load(keys, SERVICE, library_now(), key_size=2048)


@pytest.fixture
def now() -> dt.datetime:
    """The library's "now" for one test (see crypto_helpers.library_now)."""
    return library_now()


@pytest.fixture(scope="session")
def gnupg(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[..., bytes]]:
    """A GnuPG home with a key for alice@example.org made by gpg itself; returns a gpg runner."""
    if shutil.which("gpg") is None:
        pytest.skip("gpg not installed")
    home = tmp_path_factory.mktemp("gnupg")
    home.chmod(0o700)

    def gpg(*args: str | Path, stdin: bytes | None = None) -> bytes:
        return run(
            "gpg",
            "--batch",
            "--yes",
            "--homedir",
            home,
            "--trust-model",
            "always",
            *args,
            stdin=stdin,
        )

    gpg(
        "--passphrase",
        "",
        "--quick-gen-key",
        "Alice Player <alice@example.org>",
        "default",
        "default",
        "never",
    )
    yield gpg
    # gpg leaves an agent behind per home directory: stop ours (and only ours).
    subprocess.run(
        ["gpgconf", "--homedir", str(home), "--kill", "gpg-agent"], check=False, capture_output=True
    )
