"""``pbem doctor``: check a site end to end (:mod:`pbem.doctor`)."""

from __future__ import annotations

from typing import Annotated

import typer

from pbem.cli.apps import DEFAULT_SITE, Site, app, fail


@app.command("doctor")
def doctor_cmd(
    site: Site = DEFAULT_SITE,
    wait: Annotated[
        float,
        typer.Option("--wait", help="Seconds to wait for the test mail to arrive.", min=1.0),
    ] = 60.0,
    no_mail: Annotated[
        bool,
        typer.Option("--no-mail", help="Do not send the test mail to the service address."),
    ] = False,
) -> None:
    """Check the site end to end, one line per check: the configuration, file modes, keys, IMAP
    and SMTP login and TLS, a test mail to the service address read back (its
    Authentication-Results, and whether a player at the same provider would pass aligned DMARC),
    the clock, the domain's SPF, DKIM and DMARC records, and what runs the mail loop. Exit
    status 0 only when a game would work."""
    from pbem.doctor import Doctor, run_doctor
    from pbem.errors import ConfigError

    try:
        cfg = site.load()
    except ConfigError as exc:
        typer.echo(f"FAIL config: {exc}")
        fail("the configuration does not load.", 1)
    code = run_doctor(Doctor(cfg, wait=wait, send=not no_mail), typer.echo)
    raise typer.Exit(code)
