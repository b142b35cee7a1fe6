"""``pbem verify-record`` and the game master's ``pbem admin record``: the files a player keeps
(:mod:`pbem.gamefiles`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from pbem.cli.apps import (
    DEFAULT_SITE,
    GameArg,
    JsonOpt,
    OutputOpt,
    PubkeyOpt,
    Site,
    admin_app,
    app,
    cli_errors,
    fail,
    plain_option,
)
from pbem.errors import ConfigError


def public_key_for(pubkey: str | None, site: Site) -> str:
    """The key text to check a file with: ``--pubkey``, else the service's own keys (on the
    service's machine), else exit 2 asking for ``--pubkey``."""
    from pbem.store.shuffle import read_public_key_arg

    if pubkey is not None:
        with cli_errors():
            return read_public_key_arg(pubkey)
    try:
        cfg = site.load()
        return "\n".join(cfg.keyring().public_key_lines())
    except (ConfigError, OSError):
        fail(
            "give the service's public key with --pubkey (a 'pbem-ed25519 ...' line, or a file "
            "holding it: the game master publishes it, 'pbem admin pubkey' prints it)",
            2,
        )


def read_text_file(path: Path) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}", 2)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        fail(f"{path} is not a pbem game record (not UTF-8 text)")


@app.command("verify-record")
def verify_record_cmd(
    file: Annotated[
        Path, typer.Argument(help="A game record (the .pgn.txt file a game's mails carry).")
    ],
    pubkey: PubkeyOpt = None,
    site: Site = DEFAULT_SITE,
    as_json: JsonOpt = False,
) -> None:
    """Check a game record with the service's public key alone: its signature, the chain of its
    log lines, that its move text says exactly what the signed lines say and, once the seed is
    revealed, that replaying every move from it gives the recorded draws and scores. Exit status 1
    if anything is wrong."""
    from pbem.gamefiles.record import verify_record

    text = read_text_file(file)
    key = public_key_for(pubkey, site)
    report, _ = verify_record(text, key)
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "ok": report.ok,
                    "game_id": report.game_id,
                    "game": report.game_name,
                    "moves": report.moves,
                    "status": report.status,
                    "log_lines": report.lines,
                    "head": report.head,
                    "shuffle_checked": report.revealed,
                    "problems": report.problems,
                },
                indent=2,
            )
        )
    else:
        typer.echo(f"{file}: {report}")
    if not report.ok:
        raise typer.Exit(1)


FORMATS = ("text", "html", "turn")


@admin_app.command("record")
def record_cmd(
    game: GameArg,
    seat: Annotated[
        str | None,
        plain_option(
            "--seat",
            help="Whose file (its number, colour or email): a running game's replay page and "
            "turn file show that seat's private view and nobody else's. Default: the public view.",
        ),
    ] = None,
    fmt: Annotated[
        str,
        typer.Option("--format", help="text (the game record), html (the replay page) or turn."),
    ] = "text",
    output: OutputOpt = None,
    lang: Annotated[
        str | None,
        plain_option(
            "--lang", help="en, fr, it or de (default: the seat's language, else the game's)."
        ),
    ] = None,
    site: Site = DEFAULT_SITE,
) -> None:
    """Write a game's record (a signed text, PGN-like, that 'pbem verify-record' checks), its
    replay page or a seat's turn file."""
    from pbem.cli.admin.common import _store, resolve_seat
    from pbem.gamefiles.record import record_of
    from pbem.i18n import normalize

    if fmt not in FORMATS:
        raise typer.BadParameter(f"use one of {', '.join(FORMATS)}", param_hint="--format")
    if lang is not None and normalize(lang) is None:
        raise typer.BadParameter("use en, fr, it or de", param_hint="--lang")
    store = _store(site)
    with cli_errors():
        rec = store.load(game)
        who = resolve_seat(rec, seat) if seat is not None else None
        language = normalize(lang) or normalize(rec.envelope.options.get("lang")) or "en"
        if fmt == "text":
            data = record_of(rec, store.keyring, lang=language).encode("utf-8")
        elif fmt == "turn":
            from pbem.gamefiles.turnfile import build_turn_file

            if who is None:
                fail("a turn file is one seat's: give --seat", 2)
            data = build_turn_file(rec, store.keyring, who, lang=language)
        else:
            from pbem.gamefiles.position import service_replay
            from pbem.gamefiles.replaypage import replay_page

            page = replay_page(
                service_replay(store, rec), seat=who, lang=language, game_id=rec.game_id
            )
            data = page.encode("utf-8")
    if output is None:
        typer.echo(data.decode("utf-8"), nl=False)
        return
    try:
        output.write_bytes(data)
    except OSError as exc:
        fail(f"cannot write {output}: {exc.strerror or exc}")
    typer.echo(str(output))


@admin_app.command("publish")
def publish_cmd(
    directory: Annotated[Path, typer.Argument(help="Where to write the site (made if missing).")],
    lang: Annotated[
        str, typer.Option("--lang", help="The site's language: en, fr, it or de.")
    ] = "en",
    site: Site = DEFAULT_SITE,
) -> None:
    """Write a static site any web server can serve: an index of the games with their status,
    each game's replay page and record (the public view while a game runs; nothing private)."""
    from pbem.cli.admin.common import _store
    from pbem.gamefiles.publish import publish
    from pbem.i18n import normalize

    language = normalize(lang)
    if language is None:
        raise typer.BadParameter("use en, fr, it or de", param_hint="--lang")
    store = _store(site)
    with cli_errors():
        written = publish(store, directory, lang=language)
    typer.echo(f"Wrote {len(written)} files in {directory}.")
