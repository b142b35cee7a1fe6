"""``pbem auth PROVIDER``: the one-time OAuth2 consent (:func:`pbem.mail.oauth.device_flow`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from pbem.cli.apps import ConfigOpt, app, fail, plain_option

PROVIDERS = ("microsoft365", "outlook", "generic")


@app.command("auth")
def auth_cmd(
    provider: Annotated[
        str,
        typer.Argument(
            help="microsoft365 (Microsoft 365, Exchange Online), outlook (Outlook.com, "
            "Hotmail) or generic (any provider with a device-code endpoint: give the endpoints)."
        ),
    ],
    client_id: Annotated[
        str,
        typer.Option("--client-id", help="The application (client) id of your app registration."),
    ],
    tenant: Annotated[
        str,
        typer.Option(
            "--tenant", help="microsoft365: your tenant id or domain (default: organizations)."
        ),
    ] = "organizations",
    device_endpoint: Annotated[
        str, typer.Option("--device-endpoint", help="generic: the device authorisation URL.")
    ] = "",
    token_endpoint: Annotated[
        str, typer.Option("--token-endpoint", help="generic: the token URL.")
    ] = "",
    scope: Annotated[str, typer.Option("--scope", help="generic: the scopes to ask for.")] = "",
    out: Annotated[
        Path | None,
        plain_option(
            "--file",
            help="Where to store the refresh token (mode 0600; default: [oauth2] file of the "
            "configuration, else oauth2.json next to it).",
        ),
    ] = None,
    config: ConfigOpt = None,
) -> None:
    """Give the service's mailbox OAuth2 consent once (device-code flow): open the address shown,
    enter the code, sign in as the service's account; the refresh token is stored in a file of
    mode 0600 that [oauth2] file names."""
    from pbem.config import DEFAULT_CONFIG, load_config
    from pbem.errors import ConfigError
    from pbem.mail.oauth import DeviceProvider, device_flow, microsoft, save_credentials

    name = provider.strip().lower()
    if name == "microsoft365":
        endpoints = microsoft(tenant)
    elif name == "outlook":
        endpoints = microsoft("consumers")
    elif name == "generic":
        if not (device_endpoint and token_endpoint):
            fail("generic needs --device-endpoint and --token-endpoint.", 2)
        endpoints = DeviceProvider(
            title="the provider",
            device_endpoint=device_endpoint,
            token_endpoint=token_endpoint,
            scope=scope,
        )
    else:
        fail(
            f"unknown provider {provider!r}: one of {', '.join(PROVIDERS)} (Gmail: an app "
            "password, see docs/GM-GUIDE.md).",
            2,
        )
    try:
        cfg = (
            load_config(config)
            if (config or os.environ.get("PBEM_CONFIG") or Path(DEFAULT_CONFIG).exists())
            else None
        )
        target = out
        if target is None and cfg is not None and cfg.oauth2.file:
            target = cfg._resolve(cfg.oauth2.file)
        if target is None:
            base = cfg.path.parent if cfg is not None and cfg.path is not None else Path.cwd()
            target = base / "oauth2.json"
        creds = device_flow(endpoints, client_id, typer.echo)
        save_credentials(target, creds)
    except ConfigError as exc:
        fail(str(exc), 2)
    typer.echo(f"Stored the refresh token in {target} (mode 0600).")
    typer.echo(
        'In pbem.toml: [imap] auth = "xoauth2", [smtp] auth = "xoauth2", and under '
        f'[oauth2]: file = "{target}".'
    )
