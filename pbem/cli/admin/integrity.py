"""Checking and carrying games: ``pbem admin verify``, ``pbem verify-shuffle``, ``pbem admin export``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pbem import layout
from pbem.cli.apps import DEFAULT_SITE, Site

if TYPE_CHECKING:  # the store and its crypto load inside the commands: 'pbem --help' needs neither
    pass
from pbem.cli.admin.common import (
    GameArg,
    _errors,
    _fail,
    _not_a_plain_directory,
    _print_json,
    _store,
)
from pbem.cli.apps import JsonOpt, PubkeyOpt, plain_option


def verify_shuffle_cmd(
    target: Annotated[
        str, typer.Argument(help="A game id, an export (.tar.gz) or a copied game directory.")
    ],
    pubkey: PubkeyOpt = None,
    site: Site = DEFAULT_SITE,
    as_json: JsonOpt = False,
) -> None:
    """Check, from the public record, that no draw was rigged: the seed revealed at the end matches
    the commitment published at the start, and replaying every move from it gives exactly the
    recorded draws and scores. Exit status 1 if not (or if the game has not ended yet)."""
    from pbem.store import verify_shuffle
    from pbem.store.shuffle import read_public_key_arg

    with _errors():
        path = Path(target)
        _not_a_plain_directory(target)
        if path.exists():
            key = read_public_key_arg(pubkey) if pubkey else None
            report = verify_shuffle(path, key)
        elif target.endswith((layout.EXPORT_SUFFIX, ".tgz", ".tar")) or "/" in target:
            _fail(f"no such file: {target}")  # a path, not a game id (issue 31)
        else:
            store = _store(site)
            report = verify_shuffle(store.load(target))
    if as_json:
        _print_json(
            {
                "game_id": report.game_id,
                "ok": report.ok,
                "revealed": report.revealed,
                "commitment": report.commitment,
                "seed": report.seed,
                "actions_checked": report.actions_checked,
                "moves": report.moves,
                "problems": report.problems,
            }
        )
    else:
        typer.echo(str(report))
    if not report.ok:
        raise typer.Exit(1)


def verify(
    target: Annotated[
        str | None,
        typer.Argument(
            help="A game id, or an export (.tar.gz) to check with --pubkey.", show_default=False
        ),
    ] = None,
    all_games: Annotated[bool, typer.Option("--all", help="Verify every game.")] = False,
    pubkey: PubkeyOpt = None,
    site: Site = DEFAULT_SITE,
    as_json: JsonOpt = False,
) -> None:
    """Verify signatures, the hash chain, the snapshot and a full replay. Exit status 1 and a
    message naming the game, the file and the line on any mismatch. An export is checked with
    the public key alone (--pubkey), on any machine."""
    # Long on purpose: every check of a game in order (signatures, chain, replay, snapshot, index).
    from pbem.cli.records import public_key_for
    from pbem.store import verify_export

    if (target is None) == (not all_games):
        raise typer.BadParameter("give a game id (or an export file), or --all")
    with _errors():
        if target is not None:
            _not_a_plain_directory(target)
        if target is not None and Path(target).exists():
            reports = [verify_export(Path(target), public_key_for(pubkey, site))]
        else:
            store = _store(site)
            reports = store.verify_all() if all_games else [store.verify(target or "")]
    if as_json:
        _print_json(
            [
                {
                    "game_id": r.game_id,
                    "ok": r.ok,
                    "seq": r.seq,
                    "replayed": r.replayed,
                    "error": str(r.error) if r.error else None,
                    "warnings": r.warnings,
                }
                for r in reports
            ]
        )
    else:
        for r in reports:
            for w in r.warnings:
                typer.echo(f"warning: {w}", err=True)
            typer.echo(str(r) if r.ok else f"FAILED: {r}")
        if all_games:
            bad = sum(not r.ok for r in reports)
            typer.echo(f"{len(reports)} games, {bad} damaged.")
    if not all(r.ok for r in reports):
        raise typer.Exit(1)


def export(
    game: GameArg,
    output: Annotated[
        str | None,
        plain_option(
            "--output",
            "-o",
            help="The archive to write, or a folder to write `<game>.tar.gz` in (default: "
            "`./<game>.tar.gz`).",
        ),
    ] = None,
    site: Site = DEFAULT_SITE,
) -> None:
    """Write a portable archive of the game that 'pbem admin verify ARCHIVE --pubkey KEY' checks on
    any machine, with the service's public key alone."""
    store = _store(site)
    target = Path(output) if output else Path(layout.export_name(game))
    if output and (target.is_dir() or output.endswith(("/", os.sep))):
        # "-o dir/" or an existing folder: the archive goes inside it (issue 31)
        target.mkdir(parents=True, exist_ok=True)
        target = target / layout.export_name(game)
    with _errors():
        try:
            path = store.export(game, target)
        except OSError as exc:
            _fail(f"cannot write {target}: {exc.strerror or exc}")
    typer.echo(str(path))
