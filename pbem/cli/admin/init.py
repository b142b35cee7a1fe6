"""``pbem init`` and the service's signing key: ``pbem admin pubkey``, ``pbem admin rotate-key``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pbem import layout
from pbem.cli.apps import DEFAULT_SITE, Site
from pbem.config import DEFAULT_CONFIG, DEFAULT_DATA_DIR, config_template

if TYPE_CHECKING:  # the store and its crypto load inside the commands: 'pbem --help' needs neither
    pass
from pbem.cli.admin.common import _address, _config, _errors, _fail, _now
from pbem.cli.apps import plain_option


def init(
    site: Site = DEFAULT_SITE,
    keys_dir: Annotated[
        Path | None,
        plain_option(
            "--keys-dir",
            help="Where to create the keys (default: $PBEM_KEYS_DIR, then 'keys' next to the data directory).",
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help="Overwrite an existing config file (keys are never overwritten)."
        ),
    ] = False,
    provider: Annotated[
        str | None,
        plain_option(
            "--provider",
            help="Write the mail settings of this provider: gmail, microsoft365, outlook, "
            "fastmail, selfhosted (docs/GM-GUIDE.md, 'Mail providers').",
        ),
    ] = None,
    address: Annotated[
        str | None,
        plain_option(
            "--address", help="The service's own address (service_address, and the IMAP/SMTP user)."
        ),
    ] = None,
) -> None:
    """Set up a service: write a commented config file, create the signing and at-rest keys
    (mode 0600, outside the data directory) and print the public key."""
    from pbem.providers import PROVIDERS, apply_provider

    chosen = None
    if provider is not None:
        chosen = PROVIDERS.get(provider.strip().lower())
        if chosen is None:
            _fail(f"unknown provider {provider!r}: one of {', '.join(PROVIDERS)}.")
    from pbem.store import Keyring
    from pbem.store.fsutil import atomic_write, ensure_private_dir
    from pbem.store.keys import KEYRING_FILE

    cfg_path = (site.config or Path(os.environ.get("PBEM_CONFIG") or DEFAULT_CONFIG)).absolute()
    if cfg_path.exists() and not force:
        _fail(f"{cfg_path} already exists; edit it, or use --force to write a fresh one.")
    data = (
        (site.data_dir or Path(os.environ.get("PBEM_DATA_DIR") or DEFAULT_DATA_DIR))
        .expanduser()
        .absolute()
    )
    keys = (
        (
            keys_dir
            or (
                Path(os.environ["PBEM_KEYS_DIR"])
                if os.environ.get("PBEM_KEYS_DIR")
                else data.parent / layout.DEFAULT_KEYS
            )
        )
        .expanduser()
        .absolute()
    )
    with _errors():
        if (keys / KEYRING_FILE).exists():
            ring = Keyring.load(keys)
            typer.echo(f"Kept the existing keys in {keys}.")
        else:
            ring = Keyring.create(keys, data_dir=data)
            typer.echo(f"Created the signing and at-rest keys in {keys} (mode 0600). Back them up.")
        ensure_private_dir(data)  # 0700: nothing in it is for other accounts (docs/SECURITY.md)
        cfg_path.parent.mkdir(parents=True, exist_ok=True)
        text = config_template(data, keys)
        if chosen is not None:
            text = apply_provider(text, chosen, _address(address) if address else "")
        elif address:
            text = text.replace('service_address = ""', f'service_address = "{_address(address)}"')
        atomic_write(cfg_path, text.encode(), mode=0o600)
    typer.echo(f"Wrote {cfg_path} (fill in the mail settings).")
    typer.echo(f"Games will live in {data}.")
    typer.echo("The service's public key (publish it: anyone can verify exported games with it):")
    typer.echo(ring.public_key_text())


def pubkey(
    all_keys: Annotated[
        bool, typer.Option("--all", help="Also print the retired keys (kept to verify old files).")
    ] = False,
    site: Site = DEFAULT_SITE,
) -> None:
    """Print the service's public signing key (one line, to publish)."""
    cfg = _config(site)
    with _errors():
        ring = cfg.keyring()
    for line in ring.public_key_lines() if all_keys else [ring.public_key_text()]:
        typer.echo(line)


def rotate_key(site: Site = DEFAULT_SITE) -> None:
    """Replace the signing key. The old public key is kept (endorsed by the new one), so every
    existing file still verifies, with the new public key alone."""
    cfg = _config(site)
    with _errors():
        ring = cfg.keyring()
        old = ring.key_id
        ring.rotate(_now())
    typer.echo(f"Retired key {old}; the new public key is:")
    typer.echo(ring.public_key_text())
