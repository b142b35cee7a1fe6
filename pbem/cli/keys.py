"""``pbem admin key ...``: the GM's commands for players' keys and the service's own keys.

A thin skin over :mod:`pbem.crypto`. The keys live in the service's keys directory (see
:mod:`pbem.config`; ``--keys-dir`` overrides it): players' keys in ``players/``, the service's own
CA, certificate and OpenPGP key in ``service/``.
"""

from __future__ import annotations

import datetime as dt
import json
from hashlib import sha256
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pbem import layout
from pbem.cli.apps import (  # noqa: F401
    DEFAULT_SITE,
    AddressArg,
    JsonOpt,
    PbemTyper,
    Site,
    admin_app,
    app,
    fail,
    plain_option,
)
from pbem.errors import EXIT_SETUP, ConfigError

if TYPE_CHECKING:  # the crypto stack loads inside the commands: 'pbem --help' needs none of it
    from pbem.crypto import PlayerKeys, ServiceIdentity

key_app = PbemTyper(
    help="Players' encryption keys (S/MIME certificates, OpenPGP keys) and the service's own.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
admin_app.add_typer(key_app, name="key")

KeysDirOpt = Annotated[
    Path | None,
    plain_option(
        "--keys-dir",
        help="The keys' directory (default: $PBEM_KEYS_DIR, then keys_dir in the config file, "
        "then 'keys' next to the data directory). Players' keys go in players/, the service's "
        "own in service/.",
    ),
]
ServiceAddressOpt = Annotated[
    str,
    typer.Option(
        "--service-address",
        envvar="PBEM_SERVICE_ADDRESS",
        help="The service's own mail address (default: service_address in the config file).",
        show_default=False,
    ),
]


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _keys_dir(site: Site, keys_dir: Path | None) -> Path:
    if keys_dir is not None:
        return keys_dir
    try:
        return site.load().keys_dir
    except ConfigError as exc:
        fail(str(exc), EXIT_SETUP)


def _players(keys_dir: Path) -> PlayerKeys:
    from pbem.crypto import PlayerKeys

    return PlayerKeys(keys_dir / layout.PLAYER_KEYS)


def _identity(keys_dir: Path, service_address: str, site: Site) -> ServiceIdentity:
    from pbem.crypto import ServiceIdentity

    if not service_address:
        try:
            service_address = site.load().service_address
        except ConfigError as exc:
            fail(str(exc), EXIT_SETUP)
    if not service_address:
        fail(
            "The service's mail address is not set: put service_address in the config file, "
            "or give --service-address.",
            EXIT_SETUP,
        )
    return ServiceIdentity.create_or_load(
        keys_dir / layout.SERVICE_IDENTITY, service_address, _now()
    )


@key_app.command("import")
def import_key(
    email: AddressArg,
    file: Annotated[
        Path,
        typer.Argument(
            exists=True,
            dir_okay=False,
            help="Certificate (.pem/.cer/.crt/.der/.p7b) or key (.asc).",
        ),
    ],
    keys_dir: KeysDirOpt = None,
    site: Site = DEFAULT_SITE,
) -> None:
    """File a player's S/MIME certificate or OpenPGP public key, given as a file."""
    from pbem.crypto import KeyRefused, parse_keys

    found = parse_keys(file.read_bytes(), origin=f"the file {file.name}")
    if not found:
        fail(f"No certificate or OpenPGP public key found in {file}.")
    store, done, errors = _players(_keys_dir(site, keys_dir)), 0, []
    for key in found:
        try:
            entry = store.add(email, key, source="gm", now=_now())
        except KeyRefused as err:
            errors.append(str(err))
            continue
        done += 1
        typer.echo(f"Filed {entry.kind} key for {entry.address}: {entry.display_fingerprint}")
    if not done:
        fail("\n".join(errors) or f"No key filed from {file}.")


@key_app.command("issue")
def issue(
    email: AddressArg,
    passphrase_file: Annotated[
        Path,
        typer.Option(
            "--passphrase-file", exists=True, dir_okay=False, help="File holding the passphrase."
        ),
    ],
    out: Annotated[Path, typer.Option("--out", help="Where to write the PKCS#12 (.p12) file.")],
    name: Annotated[str, typer.Option("--name", help="The player's name in the certificate.")] = "",
    days: Annotated[int, typer.Option("--days", min=1, help="Validity in days.")] = 730,
    service_address: ServiceAddressOpt = "",
    keys_dir: KeysDirOpt = None,
    site: Site = DEFAULT_SITE,
) -> None:
    """Issue an S/MIME key and certificate for a player from the service CA (PKCS#12 file).

    The certificate is filed as the player's key; the passphrase is read from a file (never from
    the command line, where other users could see it) and not stored.
    """
    from pbem.crypto import KeyRefused, issue_for_player
    from pbem.crypto.files import write_private

    passphrase = passphrase_file.read_text(encoding="utf-8").rstrip("\r\n")
    if not passphrase:
        fail(f"{passphrase_file} is empty: write the passphrase into it.")
    keys = _keys_dir(site, keys_dir)
    identity = _identity(keys, service_address, site)
    try:
        p12, entry = issue_for_player(
            identity, _players(keys), email, passphrase, _now(), name=name, days=days
        )
    except KeyRefused as err:
        fail(str(err))
    write_private(out, p12)
    typer.echo(f"Wrote {out} for {entry.address}; certificate {entry.display_fingerprint}")


@key_app.command("list")
def list_keys(
    as_json: JsonOpt = False,
    keys_dir: KeysDirOpt = None,
    site: Site = DEFAULT_SITE,
) -> None:
    """List the players' keys on file with their status (valid, expired, revoked)."""
    now = _now()
    rows = [
        {
            "address": k.address,
            "kind": k.kind.value,
            "status": k.status(now).value,
            "fingerprint": k.fingerprint,
            "not_after": k.not_after.isoformat() if k.not_after else None,
            "source": k.source,
            "added": k.added.isoformat(),
        }
        for k in _players(_keys_dir(site, keys_dir)).all()
    ]
    if as_json:
        typer.echo(json.dumps(rows, indent=1))
        return
    if not rows:
        typer.echo("No keys on file.")
        return
    for row in rows:
        until = (row["not_after"] or "never")[:10]
        typer.echo(
            f"{row['address']:<32} {row['kind']:<8} {row['status']:<8} until {until:<10} "
            f"{row['source']:<6} {row['fingerprint']}"
        )


@key_app.command("remove")
def remove(
    email: AddressArg,
    fingerprint: Annotated[
        str, typer.Option("--fingerprint", help="Remove only this key (default: all of them).")
    ] = "",
    keys_dir: KeysDirOpt = None,
    site: Site = DEFAULT_SITE,
) -> None:
    """Forget a player's key(s); their mail goes unencrypted or waits, per the game's setting."""
    from pbem.crypto import normalize_address

    count = _players(_keys_dir(site, keys_dir)).remove(email, fingerprint or None)
    if not count:
        fail(f"No key on file for {normalize_address(email)} matches.")
    typer.echo(f"Removed {count} key(s) of {normalize_address(email)}.")


@key_app.command("service-cert")
def service_cert(
    out_dir: Annotated[
        Path | None,
        typer.Option("--out-dir", help="Also write pbem-service.pem, -ca.pem and .asc here."),
    ] = None,
    service_address: ServiceAddressOpt = "",
    keys_dir: KeysDirOpt = None,
    site: Site = DEFAULT_SITE,
) -> None:
    """Create (first time) or show the service's own certificate, CA and OpenPGP key."""
    from cryptography.hazmat.primitives import serialization

    from pbem.crypto import KeyKind
    from pbem.crypto.keystore import display_fingerprint

    identity = _identity(_keys_dir(site, keys_dir), service_address, site)
    cert = identity.smime[1]
    fpr = sha256(cert.public_bytes(serialization.Encoding.DER)).hexdigest().upper()
    typer.echo(f"Service address:  {identity.address}")
    typer.echo(f"S/MIME cert:      valid until {cert.not_valid_after_utc:%Y-%m-%d}")
    typer.echo(f"  SHA-256:        {display_fingerprint(KeyKind.SMIME, fpr)}")
    typer.echo(
        f"OpenPGP key:      {display_fingerprint(KeyKind.OPENPGP, identity.openpgp_fingerprint)}"
    )
    if out_dir is not None:
        out_dir.mkdir(parents=True, exist_ok=True)
        (out_dir / "pbem-service.pem").write_bytes(identity.smime_certificate_pem)
        (out_dir / "pbem-service-ca.pem").write_bytes(identity.ca_certificate_pem)
        (out_dir / "pbem-service.asc").write_bytes(identity.openpgp_public_key)
        typer.echo(f"Public files written to {out_dir}")
