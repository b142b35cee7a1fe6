"""``pbem standings --from EXPORT...`` (anyone: the standings from signed exports alone) and
``pbem admin standings`` (the GM: the service's standings file)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from pbem.cli.apps import (
    DEFAULT_SITE,
    OutputOpt,
    Site,
    admin_app,
    app,
    cli_errors,
    fail,
    plain_option,
)


@app.command("standings")
def standings_cmd(
    sources: Annotated[
        list[Path],
        plain_option(
            "--from",
            help="An export made by 'pbem admin export', or a directory of them (*.tar.gz); "
            "repeat for more.",
        ),
    ],
    pubkey: Annotated[
        str,
        plain_option(
            "--pubkey",
            help="The service's public key ('pbem-ed25519 ...' as printed by 'pbem admin "
            "pubkey') or a file holding it: every export is checked with it.",
        ),
    ],
    output: OutputOpt = None,
    check: Annotated[
        Path | None,
        plain_option(
            "--check",
            help="Compare with this standings file (the service's standings.json): exit status 1 "
            "unless they are the same, byte for byte.",
        ),
    ] = None,
) -> None:
    """Recompute the standings from signed game exports alone, in game-end order: the same bytes
    as the service's standings.json when given the exports of all its ended games. An export that
    fails its check is named and left out (exit status 1)."""
    from pbem.standings import encode, from_exports
    from pbem.store.shuffle import read_public_key_arg

    with cli_errors():
        key = read_public_key_arg(pubkey)
        standings, problems = from_exports(sources, key)
        data = encode(standings)
        if output is not None:
            output.write_bytes(data)
        elif check is None:
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
        same = True
        if check is not None:
            same = check.read_bytes() == data
            typer.echo(
                f"{check}: "
                + (
                    f"the same, byte for byte ({len(standings.games)} games)"
                    if same
                    else "DIFFERENT from the recomputation"
                )
            )
    for p in problems:
        typer.echo(f"error: {p}", err=True)
    if problems or not same:
        raise typer.Exit(1)


@admin_app.command("standings")
def admin_standings(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")] = False,
    pool: Annotated[
        str | None,
        plain_option("--pool", help="Only this pool, e.g. forbidden-city/3-4."),
    ] = None,
    top: Annotated[
        int | None,
        plain_option("--top", help="Only the first N of each pool."),
    ] = None,
    rebuild: Annotated[
        bool,
        typer.Option(
            "--rebuild",
            help="Recompute the file from every ended game of the data directory first.",
        ),
    ] = False,
    site: Site = DEFAULT_SITE,
) -> None:
    """The standings: each pool's ratings (? = provisional), the change in each player's last game,
    and the reliability record beside them (docs/STANDINGS.md)."""
    from pbem.cli.admin.common import _config, _print_json, _store
    from pbem.standings import load
    from pbem.standings import rebuild as rebuild_file
    from pbem.standings.table import json_data, pools, text_lines

    with cli_errors():
        if rebuild:
            from pbem.store import service_lock

            store = _store(site)
            with service_lock(store.data_dir, wait=True):
                standings = rebuild_file(store)
        else:
            standings = load(_config(site).data_dir)
    if pool is not None and pool not in standings.pools:
        fail(f"there is no pool {pool!r}; the pools are: {', '.join(pools(standings)) or 'none'}")
    if as_json:
        data = json_data(standings)
        if pool is not None:
            data["pools"] = {pool: data["pools"][pool]}
        _print_json(data)
        return
    chosen = [pool] if pool is not None else pools(standings)
    if not chosen:
        typer.echo(
            "No rated game has ended yet."
            + (
                ""
                if standings.games
                else " (The file is written when a game ends; 'pbem admin standings --rebuild' "
                "counts the games that ended before this version.)"
            )
        )
        return
    lines: list[str] = []
    for p in chosen:
        if lines:
            lines.append("")
        lines += text_lines(standings, p, top)
    sys.stdout.write("\n".join(lines) + "\n")
