"""``pbem init``, ``pbem verify-shuffle`` and the game master's ``pbem admin ...`` commands.

Each command is a thin skin over :mod:`pbem.store`: it resolves the configuration, calls the
library, and turns its errors into one clear message and an exit status (1: the request failed or
a check found a problem; 2: configuration missing or wrong).
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import msgspec
import typer

from pbem.cli.apps import ConfigOpt as ConfigOpt  # re-exported: the shared options
from pbem.cli.apps import DataDirOpt as DataDirOpt
from pbem.cli.apps import admin_app, app, cli_errors, fail
from pbem.commands.durations import exact_span, parse_short
from pbem.config import DEFAULT_CONFIG, DEFAULT_DATA_DIR, Config, config_template, load_config
from pbem.errors import (
    CommandError,
    ConfigError,
    GameStopped,
)
from pbem.model import iso_time, parse_player

if TYPE_CHECKING:  # the store and its crypto load inside the commands: 'pbem --help' needs neither
    from pbem.store import GameRecord, Store
    from pbem.store.payloads import Payload

# ------------------------------------------------------------------------------------------------
# Shared options and helpers
# ------------------------------------------------------------------------------------------------

JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
GameArg = Annotated[str, typer.Argument(help="The game id, e.g. fc-7k3q (see 'pbem admin list').")]
SeatArg = Annotated[
    str, typer.Argument(help="The seat: its number (0 = first), its colour, or the player's email.")
]
ReasonOpt = Annotated[
    str, typer.Option("--reason", help="Why (recorded in the log; players see it).")
]
PubkeyOpt = Annotated[
    str | None,
    typer.Option(
        "--pubkey",
        help="The service's public key ('pbem-ed25519 ...' as printed by 'pbem admin pubkey') or a file holding it.",
        show_default=False,
    ),
]


def _now() -> datetime:
    # The CLI is where the clock is read; the library gets it injected.
    return datetime.now(UTC)


_fail = fail
_errors = cli_errors


def _config(config: Path | None, data_dir: Path | None) -> Config:
    try:
        return load_config(config, data_dir=data_dir)
    except ConfigError as exc:
        _fail(str(exc), 2)


def _store(config: Path | None, data_dir: Path | None) -> Store:
    cfg = _config(config, data_dir)
    with _errors():
        return cfg.store()
    raise AssertionError("unreachable")  # pragma: no cover


def _print_json(value: Any) -> None:
    typer.echo(json.dumps(msgspec.to_builtins(value), indent=2, ensure_ascii=False))


def resolve_seat(record: GameRecord, text: str) -> int:
    """A seat from its number, its colour name or its player's email.

    Raises :class:`CommandError` otherwise (exit status 1: the game has no such seat; the command
    line itself was well-formed)."""
    seats = record.envelope.seats()
    names = record.seat_names()
    t = text.strip()
    if t.isdigit() and int(t) in seats:
        return int(t)
    lowered = [n.lower() for n in names]
    if t.lower() in lowered:
        return lowered.index(t.lower())
    if "@" in t:
        seat = record.envelope.seat_of_email(t)
        if seat is not None:
            return seat
    choices = ", ".join(
        f"{s} / {names[s]} / {record.envelope.active_player(s).email}" for s in seats
    )
    raise CommandError(f"{text!r} is not a seat of {record.game_id}; use one of: {choices}.")


def _not_a_plain_directory(target: str) -> None:
    """A directory given where a game is expected must be a copied game (it has a log)."""
    if Path(target).is_dir() and not (Path(target) / "log.jsonl").is_file():
        _fail(
            f"{target} is a directory but not a copy of a game (no log.jsonl in it); give a "
            "game id, an export (.tar.gz) or a copied game directory."
        )


def _players_json(record: GameRecord) -> list[dict[str, Any]]:
    names = record.seat_names()
    return [
        {
            "seat": p.seat,
            "colour": names[p.seat],
            "name": p.name,
            "email": p.email,
            "status": p.status,
        }
        for p in record.envelope.players
    ]


def _bouncing_json(record: GameRecord, bounced: dict[str, Any]) -> list[dict[str, Any]]:
    """The seats whose current address bounced: seat, count, whether it is no longer mailed."""
    env = record.envelope
    out = []
    for s in env.seats():
        entry = bounced.get(env.active_player(s).email.strip().lower())
        if entry is not None:
            out.append({"seat": s, "bounces": entry.count, "stopped": entry.stopped})
    return out


def _pending_json(record: GameRecord, seat: int | None) -> list[dict[str, Any]]:
    # A decision's prompt may name the seat's private tile ("place your tile G7"): only the seat's
    # own view shows it.
    names = record.seat_names()
    return [
        {
            "seat": d.seat,
            "colour": names[d.seat],
            "kind": d.kind,
            "prompt": d.prompt if d.seat == seat else None,
        }
        for d in record.pending()
    ]


def _summary_lines(
    record: GameRecord, seat: int | None = None, bounced: dict[str, Any] | None = None
) -> list[str]:
    from pbem.store.fold import moves_in_effect

    env = record.envelope
    names = record.seat_names()
    lines = [
        f"{env.game_id}: {record.game.title}, {env.status}, {len(moves_in_effect(record.entries))} moves, last event {env.seq} ({env.updated})",
    ]
    for s in env.seats():
        p = env.active_player(s)
        lines.append(
            f"  seat {s} {names[s]:<8} {p.name} <{p.email}>"
            + ("" if p.status == "active" else f" ({p.status})")
            + _bounce_mark((bounced or {}).get(p.email.strip().lower()))
        )
    if env.options:
        lines.append("  options: " + ", ".join(f"{k}={v}" for k, v in sorted(env.options.items())))
    for d in record.pending():
        prompt = f": {d.prompt}" if d.seat == seat else ""
        lines.append(f"  waiting for seat {d.seat} ({names[d.seat]}){prompt} [{d.kind}]")
    lines.extend(_deadline_lines(record))
    if env.result is not None:
        lines.append(
            f"  result ({env.result.reason}): scores {env.result.scores}, winners {[names[w] for w in env.result.winners]}"
        )
    lines.append(f"  seed commitment: {env.seed_commitment}")
    if env.revealed_seed is not None:
        lines.append(
            f"  revealed seed: {env.revealed_seed} (check it: pbem verify-shuffle {env.game_id})"
        )
    return lines


def _bounce_mark(entry: Any) -> str:
    """`` [BOUNCING: ...]`` after a seat whose address bounced (pbem.service.bounces)."""
    if entry is None:
        return ""
    if entry.stopped:
        return f" [BOUNCING: {entry.count} bounces, not mailed, deadlines held]"
    return f" [BOUNCING: {entry.count} bounce{'s' if entry.count != 1 else ''}]"


def _bounce_book(config: Path | None, data_dir: Path | None) -> Any:
    """The bounces file (pbem.service.bounces.BounceBook) of the configured data directory."""
    from pbem.service.bounces import BounceBook
    from pbem.service.journal import Journal

    return BounceBook(Journal.state_file(_config(config, data_dir).data_dir, "x").parent)


def _deadline_lines(record: GameRecord) -> list[str]:
    """The game's deadlines, when each owed decision falls due, and vacations (``show``)."""
    from pbem.service import community

    env = record.envelope
    names = record.seat_names()
    out: list[str] = []
    for kind, dl in env.deadlines.items():
        rule = f"{exact_span(dl.seconds)} after it arises" if dl.seconds else f"at {dl.at}"
        out.append(f"  deadline for {kind}: {rule}")
    for item in community.deadlines(record):
        d = item.decision
        out.append(
            f"  seat {d.seat} ({names[d.seat]}) owes {d.kind} by {iso_time(item.due)}"
            + (f" (acted on at {iso_time(item.act)})" if item.act != item.due else "")
        )
    now = _now()
    for a in community.vacations(record):
        if a.until > now:
            out.append(
                f"  seat {a.seat} ({names[a.seat]}) on vacation {iso_time(a.start)} to {iso_time(a.until)}"
            )
    return out


def _due_json(record: GameRecord) -> list[dict[str, Any]]:
    from pbem.service import community

    return [
        {
            "seat": i.decision.seat,
            "kind": i.decision.kind,
            "due": iso_time(i.due),
            "acted_on": iso_time(i.act),
        }
        for i in community.deadlines(record)
    ]


def _describe(record: GameRecord) -> str:
    """What a commit did, for the GM."""
    from pbem.commands.describe import describe_event

    out = []
    names = record.seat_names()
    for p in record.produced:
        who = f"{names[p.seat]} " if p.seat is not None and p.seat < len(names) else ""
        what = p.notation if p.kind == "action" else p.kind
        out.append(f"event {p.seq}: {who}{what}")
        for ev in p.events:
            if ev.visible_to is None:
                out.append(f"  {describe_event(record.game, ev.kind, ev.data, names)}")
    return "\n".join(out)


# ------------------------------------------------------------------------------------------------
# pbem init, pbem verify-shuffle
# ------------------------------------------------------------------------------------------------


@app.command("init")
def init(
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
    keys_dir: Annotated[
        Path | None,
        typer.Option(
            "--keys-dir",
            help="Where to create the keys (default: $PBEM_KEYS_DIR, then 'keys' next to the data directory).",
            show_default=False,
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
        typer.Option(
            "--provider",
            help="Write the mail settings of this provider: gmail, microsoft365, outlook, "
            "fastmail, selfhosted (docs/GM-GUIDE.md, 'Mail providers').",
            show_default=False,
        ),
    ] = None,
    address: Annotated[
        str | None,
        typer.Option(
            "--address",
            help="The service's own address (service_address, and the IMAP/SMTP user).",
            show_default=False,
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

    cfg_path = (config or Path(os.environ.get("PBEM_CONFIG") or DEFAULT_CONFIG)).absolute()
    if cfg_path.exists() and not force:
        _fail(f"{cfg_path} already exists; edit it, or use --force to write a fresh one.")
    data = (
        (data_dir or Path(os.environ.get("PBEM_DATA_DIR") or DEFAULT_DATA_DIR))
        .expanduser()
        .absolute()
    )
    keys = (
        (
            keys_dir
            or (
                Path(os.environ["PBEM_KEYS_DIR"])
                if os.environ.get("PBEM_KEYS_DIR")
                else data.parent / "keys"
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


@app.command("verify-shuffle")
def verify_shuffle_cmd(
    target: Annotated[
        str, typer.Argument(help="A game id, an export (.tar.gz) or a copied game directory.")
    ],
    pubkey: PubkeyOpt = None,
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
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
        elif target.endswith((".tar.gz", ".tgz", ".tar")) or "/" in target:
            _fail(f"no such file: {target}")  # a path, not a game id (issue 31)
        else:
            store = _store(config, data_dir)
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


# ------------------------------------------------------------------------------------------------
# pbem admin ...
# ------------------------------------------------------------------------------------------------


COMPUTER_PLAYER = "computer"
"""``--player computer`` or ``--player computer:LEVEL`` gives a seat to the computer."""


def _computer_player(game: str, text: str, seat: int) -> tuple[str, str] | None:
    """The (name, address) of a computer seat for ``--player computer[:LEVEL]``, or None when
    ``text`` is a person. ``ValueError`` names the levels when LEVEL is not one of the game's bots."""
    word, colon, level = text.strip().partition(":")
    if word.lower() != COMPUTER_PLAYER:
        return None
    from pbem.rules import find_game
    from pbem.rules.base import stand_in
    from pbem.service.computers import computer_address

    try:
        bots = find_game(game).bots()
    except KeyError as exc:
        raise ValueError(str(exc.args[0])) from None
    level = level.strip().lower() if colon else stand_in(bots)
    if level not in bots:
        raise ValueError(
            f"{text.strip()!r}: the computer levels of {game} are {', '.join(sorted(bots))}; "
            f"write e.g. computer:{stand_in(bots)}."
        )
    return f"Computer ({level})", computer_address(level, seat)


@admin_app.command("new")
def new(
    game: Annotated[str, typer.Argument(help="Which game: forbidden-city (or verbotene-stadt).")],
    player: Annotated[
        list[str],
        typer.Option(
            "--player",
            "-p",
            help='A player, `"Name <name@example.org>"`, in seat order; repeat for each. '
            "`computer:LEVEL` gives the seat to the computer (LEVEL: strong, medium, random; "
            "greedy in forbidden-city, heuristic in verbotene-stadt; `computer` alone: medium).",
        ),
    ],
    side: Annotated[
        str | None,
        typer.Option(
            "--side",
            help="Start-tile side: beginner or advanced (Forbidden City).",
            show_default=False,
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="Another game option as NAME=VALUE; repeatable.",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="Shuffle seed (default: 128 random bits). Kept secret until the end.",
            show_default=False,
        ),
    ] = None,
    lang: Annotated[
        list[str] | None,
        typer.Option(
            "--lang",
            help="The language of a player's mail (en, fr, it or de), in the order of --player "
            "(`-` leaves one as it is); kept for that address in every game, like LANG by mail.",
            show_default=False,
        ),
    ] = None,
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Create a game and print its id."""
    # Long on purpose: a CLI command: checks of its options and players, then creation, then the output.
    from pbem.store import SetPolicy

    try:
        players = [_computer_player(game, p, i) or parse_player(p) for i, p in enumerate(player)]
    except ValueError as exc:  # one line: the text is shown escaped, a CR or LF included
        _fail(f"--player: {exc}")
    options: dict[str, str] = {}
    for o in option or []:
        if "=" not in o:
            raise typer.BadParameter(f"{o!r} is not NAME=VALUE", param_hint="--option")
        k, v = o.split("=", 1)
        options[k.strip()] = v.strip()
    if side is not None:
        options["side"] = side
    from pbem.service import community

    try:
        options, settings = community.split_policy(options)
    except CommandError as err:
        raise typer.BadParameter(str(err), param_hint="--option") from None
    langs = _seat_langs(lang or [], len(players))
    store = _store(config, data_dir)
    with _errors():
        if langs:
            _set_langs(
                config, data_dir, [(p[1], code) for p, code in zip(players, langs, strict=False)]
            )
        try:
            gid = store.create(game, players, options, seed, _now())
        except (ValueError, KeyError) as exc:
            _fail(str(exc.args[0]) if isinstance(exc, KeyError) else str(exc))
        if settings:
            rec = store.load(gid)
            store.commit(gid, rec.seq, [SetPolicy(k, v) for k, v in settings.items()], _now())
    typer.echo(gid)


@admin_app.command("open")
def open_game(
    game: Annotated[str, typer.Argument(help="Which game: forbidden-city or verbotene-stadt.")],
    players: Annotated[
        str, typer.Option("--players", help="How many players: 3-4, or 4 for exactly four.")
    ] = "2-4",
    start: Annotated[
        str | None,
        typer.Option(
            "--start",
            help="Start then (UTC, 2026-06-01T18:00:00Z, or a delay like 3d) if the minimum "
            "has joined; without it, the game starts when full.",
            show_default=False,
        ),
    ] = None,
    invite: Annotated[
        list[str] | None,
        typer.Option(
            "--invite", help="An address to invite by mail; repeatable.", show_default=False
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option", "-o", help="A game option as NAME=VALUE; repeatable.", show_default=False
        ),
    ] = None,
    cancel: Annotated[
        bool, typer.Option("--cancel", help="Withdraw the open game GAME (its o-... id).")
    ] = False,
    min_reliability: Annotated[
        int | None,
        typer.Option(
            "--min-reliability",
            help="Only addresses whose reliability (percent of decisions on time, see "
            "'pbem admin standings') is at least this may JOIN; invited addresses always may.",
            show_default=False,
            min=0,
            max=100,
        ),
    ] = None,
    max_rating: Annotated[
        float | None,
        typer.Option(
            "--max-rating",
            help="Only addresses rated at most this in the game's pool may JOIN (a new "
            "player counts as 0); invited addresses always may.",
            show_default=False,
        ),
    ] = None,
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Announce an open game that players join by mail (JOIN ID, or JOIN GAME for the next open
    one); it starts when full, or at --start with at least the minimum. Prints its id."""
    # Long on purpose: a CLI command: checks of its options, then the announcement, then the output.
    from pbem.service.signup import Board

    cfg = _config(config, data_dir)
    board = Board(cfg.data_dir / "outbox")
    if cancel:
        if board.get_open(game) is None:
            _fail(f"{game} is not an open game (see 'pbem admin list --open').")
        (board.open_dir / f"{game}.json").unlink()
        typer.echo(f"{game} withdrawn.")
        return
    lo_s, _, hi_s = players.partition("-")
    try:
        lo, hi = int(lo_s), int(hi_s or lo_s)
    except ValueError:
        raise typer.BadParameter(f"{players!r}: write 3-4 or 4", param_hint="--players") from None
    options: dict[str, str] = {}
    for o in option or []:
        k, sep, v = o.partition("=")
        if not sep:
            raise typer.BadParameter(f"{o!r} is not NAME=VALUE", param_hint="--option")
        options[k.strip()] = v.strip()
    now = _now()
    start_at: datetime | None = None
    if start:
        delay = parse_short(start)
        if delay is not None:
            start_at = now + delay
        else:
            try:
                start_at = datetime.fromisoformat(start.strip().replace("Z", "+00:00"))
            except ValueError:
                raise typer.BadParameter(
                    f"{start!r} is not a time or a delay", param_hint="--start"
                ) from None
            if start_at.tzinfo is None:
                start_at = start_at.replace(tzinfo=UTC)
            if start_at <= now:
                _fail(f"{iso_time(start_at)} is already past.")
    invited: list[str] = []
    for a in invite or []:
        try:
            invited.append(parse_player(a)[1])
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--invite") from None
    from pbem.service import community

    try:
        community.split_policy(options)  # checked now; applied when the game starts
    except CommandError as err:
        raise typer.BadParameter(str(err), param_hint="--option") from None
    try:
        og = board.new_open(
            game,
            lo,
            hi,
            options,
            start_at,
            invited,
            now,
            min_reliability=min_reliability,
            max_rating=max_rating,
        )
    except (ValueError, KeyError) as exc:
        _fail(str(exc.args[0]) if isinstance(exc, KeyError) else str(exc))
    typer.echo(og.open_id)
    if invited:
        typer.echo(f"(the next 'pbem run' mails the invitations to {', '.join(invited)})", err=True)


@admin_app.command("unwatch")
def unwatch(
    game: GameArg,
    address: Annotated[str, typer.Argument(help="The observer's address.")],
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Stop an observer's mails of GAME: they are told once, at the next tick ('pbem admin
    policy GAME watch=no' ends every watch of the game)."""
    from pbem.service.signup import Board

    cfg = _config(config, data_dir)
    board = Board(cfg.data_dir / "outbox")
    with _errors():
        addr = _address(address)
        w = board.watchers(game)
        mine = [x for x in w.watchers if x.address == addr]
        if not mine:
            raise CommandError(f"{addr} does not watch {game}.")
        for x in mine:
            x.ended = "gm"
        board.save_watchers(game, w)
        board.ask_mails(game)
    typer.echo(f"{game}: {addr} no longer watches (told at the next tick).")


@admin_app.command("list")
def list_games(
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
    open_only: Annotated[
        bool, typer.Option("--open", help="Only the open games waiting for players.")
    ] = False,
) -> None:
    """List every game: id, game, status, moves, who is to move (--open: the open games).

    Reads the list index (one file), not the games: 'pbem admin verify' checks it against them."""
    # Long on purpose: a CLI command: filters, the index, and two output formats.
    if open_only:
        from pbem.service.signup import Board

        cfg = _config(config, data_dir)
        opens = [g for g in Board(cfg.data_dir / "outbox").open_games() if g.game_id is None]
        if as_json:
            _print_json(opens)
            return
        if not opens:
            typer.echo("No open games. Announce one with 'pbem admin open'.")
        for g in opens:
            when = f"starts {g.start_at} or when full" if g.start_at else "starts when full"
            if g.min_reliability is not None:
                when += f", reliability >= {g.min_reliability}%"
            if g.max_rating is not None:
                when += f", rating <= {g.max_rating:g}"
            typer.echo(
                f"{g.open_id:<12} {g.game_name:<16} {len(g.players)} of {_seats(g)} "
                f"players, {when}: {', '.join(a for _, a in g.players) or '-'}"
            )
        return
    import gc

    # A short command that makes a few objects per game and exits: nothing cyclic to collect,
    # and the collector's passes over 10,000 summaries' lists cost more than reading them.
    gc.disable()
    store = _store(config, data_dir)
    if as_json:
        rows: list[dict[str, Any]] = []
        for s in store.summaries():
            if s.error is not None:
                rows.append({"game_id": s.game_id, "status": "damaged", "error": s.error})
            else:
                rows.append(
                    {
                        "game_id": s.game_id,
                        "game": s.game,
                        "title": s.title,
                        "status": s.status,
                        "seq": s.seq,
                        "moves": s.moves,
                        "updated": s.updated,
                        "players": s.players,
                        "waiting_for": s.waiting_for,
                        "deadlines": s.deadlines,
                    }
                )
        _print_json(rows)
        return
    listed = store.rows()  # the shown fields only: a third less decoding than whole summaries
    if not listed:
        typer.echo(f"No games in {store.data_dir}. Create one with 'pbem admin new'.")
        return
    out: list[str] = []
    join = ", ".join
    for r in listed:  # ljust/rjust: half the time of format specs over 10,000 lines
        if r.error is not None:
            out.append(f"{r.game_id.ljust(10)} DAMAGED  {r.error}")
        else:
            out.append(
                f"{r.game_id.ljust(10)} {r.game.ljust(16)} {r.status.ljust(7)} "
                f"{str(r.moves).rjust(4)} moves  waiting: {(join(r.waiting_for) or '-').ljust(14)} "
                f"{join(r.players)}"
            )
    typer.echo("\n".join(out))


@admin_app.command("show")
def show(
    game: GameArg,
    as_seat: Annotated[
        str | None,
        typer.Option(
            "--as",
            help="Show this seat's private view (the access is recorded in the game's log).",
            show_default=False,
        ),
    ] = None,
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show a game: players, the board (public view, or one seat's view with --as) and who is to
    move. With --json, also the legal moves of the seats to move, as notation strings."""
    # Long on purpose: a CLI command: the game's facts, its deadlines, an optional private view, two formats.
    from pbem.store import ViewAccess
    from pbem.store.fold import moves_in_effect

    store = _store(config, data_dir)
    with _errors():
        rec = store.load(game)
        seat: int | None = None
        if as_seat is not None:
            seat = resolve_seat(rec, as_seat)
            rec = store.commit(game, rec.seq, [ViewAccess(seat, by="gm")], _now())
    for w in rec.warnings:
        typer.echo(f"warning: {w}", err=True)
    board = rec.render(seat)
    if as_json:
        pending = _pending_json(rec, seat)
        legal = {str(d["seat"]): rec.legal_notations(d["seat"]) for d in pending}
        env = rec.envelope
        _print_json(
            {
                "game_id": env.game_id,
                "game": env.game_name,
                "title": rec.game.title,
                "status": env.status,
                "seq": env.seq,
                "moves": len(moves_in_effect(rec.entries)),
                "created": env.created,
                "updated": env.updated,
                "options": env.options,
                "players": _players_json(rec),
                "bouncing": _bouncing_json(rec, _bounce_book(config, data_dir).all()),
                "pending": pending,
                "to_move": pending[0]["seat"] if pending else None,
                "legal_moves": legal[str(pending[0]["seat"])] if pending else [],
                "legal": legal,
                "as_seat": seat,
                "view": rec.view(seat),
                "board": board,
                "deadlines": env.deadlines,
                "due": _due_json(rec),
                "result": env.result,
                "seed_commitment": env.seed_commitment,
                "revealed_seed": env.revealed_seed,
            }
        )
        return
    bounced = _bounce_book(config, data_dir).all()
    typer.echo("\n".join(_summary_lines(rec, seat, bounced)))
    typer.echo("")
    if seat is not None:
        typer.echo(
            f"(the view of seat {seat}, {rec.seat_names()[seat]}; this access is recorded in the log)"
        )
    typer.echo(board)


@admin_app.command("history")
def history(
    game: GameArg, data_dir: DataDirOpt = None, config: ConfigOpt = None, as_json: JsonOpt = False
) -> None:
    """The game's public history: every event of the log, secrets left out."""
    store = _store(config, data_dir)
    with _errors():
        rec = store.load(game)
    if as_json:
        _print_json(rec.history)
        return
    from pbem.store.fold import walk

    names = rec.seat_names()
    players = [rec.envelope.active_player(seat).name for seat in rec.envelope.seats()]
    for step in walk(rec.entries):
        e = step.entry
        text = _history_text(rec, e.payload, names, players)
        if step.taken_back:
            text += " (taken back)"
        src = f" <{e.msgid}>" if e.msgid else ""
        typer.echo(f"{e.seq:>4} {e.time} {e.kind:<11} {text}{src}")


def _seats(g: Any) -> str:
    """``3`` or ``2-4``: the players an open game needs (never ``3-3``; issue 31)."""
    lo, hi = g.min_players, g.max_players
    return str(hi) if lo == hi else f"{lo}-{hi}"


def _history_text(rec: GameRecord, line: Payload, names: list[str], players: list[str]) -> str:
    """One readable line for a public log entry (the sentences the players' HISTORY mail uses)."""
    # One case per kind the GM reads differently from the players; the rest are their sentences.
    from pbem.commands.describe import action_sentences, describe_line
    from pbem.store.payloads import (
        ActionLine,
        DeadlineLine,
        EndLine,
        MessageLine,
        RevealLine,
        SetupLine,
        UndoLine,
    )

    match line:
        case SetupLine():
            return (
                f"{line.game_name} for {len(line.players)} players, "
                f"seed commitment {line.seed_commitment[:16]}..."
            )
        case RevealLine():
            return f"seed revealed: {line.seed}"
        case DeadlineLine(seconds=seconds, at=at) if seconds or at:
            if seconds:
                return f"'{line.kind}' decisions are due {exact_span(seconds)} after they arise"
            return f"'{line.kind}' decisions are due at {at}"
        case DeadlineLine():
            return f"no deadline for '{line.kind}' decisions"
        case EndLine(reason=reason, scores=scores):
            winners = [names[w] for w in line.winners if 0 <= w < len(names)]
            text = "the game ended" + (f" ({reason})" if reason else "")
            if scores:
                text += (
                    f"; scores {', '.join(str(x) for x in scores)}; "
                    f"winners {', '.join(winners) or '-'}"
                )
            return text
        case ActionLine(seat=seat, source=source):
            who = names[seat] if 0 <= seat < len(names) else ""
            notes = {
                "gm": " (entered by the GM)",
                "bot": " (played by the computer)",
                "timer": " (played by the computer at the deadline)",
            }
            head = f"{who} {line.notation}" + notes.get(source, "")
            # The events' sentences, without the plain "X played Y." of an action without any.
            events = [
                x
                for x in action_sentences(rec.game, line, names, players)
                if not x.endswith(f"played {line.notation}.")
            ]
            return head + (": " + " ".join(events) if events else "")
        case MessageLine(seat=seat):
            who = names[seat] if seat is not None and 0 <= seat < len(names) else ""
            return f"{who} outcome {line.outcome}".strip()
        case UndoLine(reason=reason) if reason:
            return " ".join([*describe_line(rec.game, line, names, players), f"Reason: {reason}."])
    return " ".join(describe_line(rec.game, line, names, players))


@admin_app.command("move")
def move(
    game: GameArg,
    seat: SeatArg,
    text: Annotated[str, typer.Argument(help='The move in the game\'s notation, e.g. "C4 R1".')],
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Enter a move for a seat, such as one a player phoned in. It is validated exactly like a mail
    move and recorded as entered by the GM."""
    from pbem.store import ActionEntry

    store = _store(config, data_dir)
    with _errors(), store.lock(game):
        rec = store.load(game)
        s = resolve_seat(rec, seat)
        if rec.envelope.status != "active":
            raise GameStopped(f"{game} is {rec.envelope.status}: no moves are accepted now.")
        action = rec.game.parse(rec.state, s, text)  # the player's own error message on a mistake
        rec = store.commit(game, rec.seq, [ActionEntry(s, action=action, source="gm")], _now())
    typer.echo(_describe(rec))
    if rec.envelope.result is not None:
        names = rec.seat_names()
        typer.echo(
            f"The game is over: scores {rec.envelope.result.scores}, winners {[names[w] for w in rec.envelope.result.winners]}."
        )
    else:
        names = rec.seat_names()
        for d in rec.pending():
            typer.echo(f"Next: seat {d.seat} ({names[d.seat]}) [{d.kind}]")


@admin_app.command("verify")
def verify(
    target: Annotated[
        str | None,
        typer.Argument(
            help="A game id, or an export (.tar.gz) to check with --pubkey.", show_default=False
        ),
    ] = None,
    all_games: Annotated[bool, typer.Option("--all", help="Verify every game.")] = False,
    pubkey: PubkeyOpt = None,
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Verify signatures, the hash chain, the snapshot and a full replay. Exit status 1 and a
    message naming the game, the file and the line on any mismatch. An export is checked with
    the public key alone (--pubkey), on any machine."""
    # Long on purpose: every check of a game in order (signatures, chain, replay, snapshot, index).
    from pbem.store import verify_export
    from pbem.store.shuffle import read_public_key_arg

    if (target is None) == (not all_games):
        raise typer.BadParameter("give a game id (or an export file), or --all")
    with _errors():
        if target is not None:
            _not_a_plain_directory(target)
        if target is not None and Path(target).exists():
            if pubkey is None:
                cfg = _config(config, data_dir)
                try:
                    key = "\n".join(cfg.keyring().public_key_lines())
                except ConfigError:
                    _fail("give the service's public key with --pubkey to verify an export", 2)
            else:
                key = read_public_key_arg(pubkey)
            reports = [verify_export(Path(target), key)]
        else:
            store = _store(config, data_dir)
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


@admin_app.command("replay")
def replay(
    game: GameArg,
    to: Annotated[
        int,
        typer.Option(
            "--to", help="The event (sequence number) to stop after; see 'pbem admin history'."
        ),
    ],
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Show the game as it was right after event N (read-only; the public view)."""
    store = _store(config, data_dir)
    with _errors():
        rec = store.replay(game, to)
    if as_json:
        _print_json(
            {
                "game_id": game,
                "seq": rec.seq,
                "status": rec.envelope.status,
                "view": rec.view(None),
                "board": rec.render(None),
            }
        )
        return
    typer.echo(f"{game} after event {to}:")
    typer.echo(rec.render(None))


def _admin_commit(game: str, entry: Any, data_dir: Path | None, config: Path | None) -> GameRecord:
    store = _store(config, data_dir)
    with _errors(), store.lock(game):
        rec = store.load(game)
        return store.commit(game, rec.seq, [entry], _now())
    raise AssertionError("unreachable")  # pragma: no cover


@admin_app.command("undo")
def undo(
    game: GameArg, reason: ReasonOpt = "", data_dir: DataDirOpt = None, config: ConfigOpt = None
) -> None:
    """Revert the last move. This is an event of its own: history is never deleted."""
    from pbem.store import Undo

    rec = _admin_commit(game, Undo(source="gm", reason=reason), data_dir, config)
    from pbem.store.payloads import UndoLine

    p = rec.produced[-1]
    line = rec.entries[-1].payload
    assert isinstance(line, UndoLine)
    typer.echo(f"event {p.seq}: undid event {line.undone} ({line.notation}).")
    names = rec.seat_names()
    for d in rec.pending():
        typer.echo(f"Next: seat {d.seat} ({names[d.seat]}) [{d.kind}]")


@admin_app.command("replace")
def replace(
    game: GameArg,
    seat: SeatArg,
    player: Annotated[str, typer.Argument(help='The new player, `"Name <name@example.org>"`.')],
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Give a seat to another person (the old player stays in the history)."""
    from pbem.store import Replace

    try:
        name, email = parse_player(player)
    except ValueError as exc:
        _fail(f"PLAYER: {exc}")
    store = _store(config, data_dir)
    with _errors():
        s = resolve_seat(store.load(game), seat)
    rec = _admin_commit(game, Replace(s, name, email), data_dir, config)
    typer.echo(f"Seat {s} ({rec.seat_names()[s]}) of {game} is now played by {name} <{email}>.")


@admin_app.command("pause")
def pause(
    game: GameArg, reason: ReasonOpt = "", data_dir: DataDirOpt = None, config: ConfigOpt = None
) -> None:
    """Stop accepting moves (and deadlines) until 'resume'."""
    from pbem.store import Pause

    _admin_commit(game, Pause(reason=reason), data_dir, config)
    typer.echo(f"{game} is paused.")


@admin_app.command("resume")
def resume(game: GameArg, data_dir: DataDirOpt = None, config: ConfigOpt = None) -> None:
    """Accept moves again after 'pause'."""
    from pbem.store import Resume

    _admin_commit(game, Resume(), data_dir, config)
    typer.echo(f"{game} is active again.")


@admin_app.command("end")
def end(
    game: GameArg,
    reason: ReasonOpt = "ended by the GM",
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
) -> None:
    """End a game now. The shuffle seed is revealed, so players can run 'pbem verify-shuffle'."""
    from pbem.store import End

    rec = _admin_commit(game, End(reason=reason or "gm"), data_dir, config)
    typer.echo(f"{game} has ended ({reason}); the seed {rec.envelope.revealed_seed} is revealed.")


@admin_app.command("deadline")
def deadline(
    game: GameArg,
    kind: Annotated[
        str, typer.Argument(help="The decision kind, e.g. move (see 'show'), or * for every kind.")
    ],
    when: Annotated[
        str,
        typer.Argument(
            help="A duration (3d, 12h, 90m), an absolute UTC time (2026-06-01T18:00:00Z), or off."
        ),
    ],
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Set the deadline of one kind of decision (the runner acts on it)."""
    from pbem.store import SetDeadline

    entry: SetDeadline
    length = parse_short(when)
    if when.strip().lower() == "off":
        entry = SetDeadline(kind)
    elif length is not None:
        entry = SetDeadline(kind, seconds=int(length.total_seconds()))
    else:
        try:
            at = datetime.fromisoformat(when.strip().replace("Z", "+00:00"))
        except ValueError:
            raise typer.BadParameter(
                f"{when!r} is not a duration like 3d / 12h / 90m, a time like 2026-06-01T18:00:00Z, or off"
            ) from None
        if at.tzinfo is None:
            at = at.replace(tzinfo=UTC)
        entry = SetDeadline(kind, at=at)
    store = _store(config, data_dir)
    with _errors(), store.lock(game):
        rec = store.load(game)
        from pbem.service import community

        kinds = community.decision_kinds(rec)
        if kind != "*" and kind not in kinds:
            raise CommandError(
                f"{game} has no decision kind {kind!r}; its kinds are "
                + ", ".join(kinds)
                + " (or * for every kind)."
            )
        if entry.at is not None and entry.at <= _now():
            raise CommandError(
                f"{iso_time(entry.at)} is already past (it is {iso_time(_now())} now); "
                "give a time in the future, or a duration such as 3d."
            )
        store.commit(game, rec.seq, [entry], _now())
    if entry.seconds:
        typer.echo(
            f"{game}: '{kind}' decisions are due {exact_span(entry.seconds)} after they arise."
        )
    elif entry.at:
        typer.echo(f"{game}: '{kind}' decisions are due at {iso_time(entry.at)}.")
    else:
        typer.echo(f"{game}: no deadline for '{kind}' decisions.")


@admin_app.command("policy")
def policy(
    game: GameArg,
    settings: Annotated[
        list[str] | None,
        typer.Argument(
            help="name=value pairs: nmr=computer|gm, remind=24h,half|off, grace=2h, "
            "vacation=14d. None: show the game's settings.",
            show_default=False,
        ),
    ] = None,
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Show or change the game's service settings: what a missed deadline does, reminders, grace,
    the vacation allowance."""
    from pbem.service import community
    from pbem.store import SetPolicy

    entries: list[Any] = []
    for item in settings or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise typer.BadParameter(f"{item!r}: write name=value, e.g. nmr=gm")
        try:
            entries.append(SetPolicy(name.strip().lower(), community.check_policy(name, value)))
        except CommandError as err:
            raise typer.BadParameter(str(err)) from None
    store = _store(config, data_dir)
    with _errors(), store.lock(game):
        rec = store.load(game)
        if entries:
            rec = store.commit(game, rec.seq, entries, _now())
    for name in sorted(community.DEFAULTS):
        set_to = rec.envelope.options.get(name)
        shown = set_to if set_to is not None else f"{community.DEFAULTS[name]} (default)"
        typer.echo(f"{game}: {name}={shown}")


@admin_app.command("vacation")
def vacation(
    game: Annotated[
        str,
        typer.Argument(
            help="The game (then SEAT and LENGTH), or a player's ADDRESS (then LENGTH): their "
            "leave for all their games.",
            show_default=False,
        ),
    ],
    seat: Annotated[
        str,
        typer.Argument(
            help="The seat (with a game), or the LENGTH (with an address).", show_default=False
        ),
    ],
    length: Annotated[
        str | None,
        typer.Argument(
            help="How long: 7d, 36h, 90m; or back (end the running one); with an address also "
            "auto / manual (VACATION AUTO / MANUAL).",
            show_default=False,
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option("--force", help="Beyond the game's vacation allowance (or the leave left)."),
    ] = False,
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Send a player on vacation (their deadlines stop; every player is told the return date),
    or end it early with 'back'. With an ADDRESS instead of a game: the player's leave for all
    their games (pbem admin vacation ann@example.org 10d)."""
    from pbem.service import community
    from pbem.store import Back, Vacation

    if "@" in game:
        _leave_for_address(game, seat, force, data_dir, config)
        return
    if length is None:
        raise typer.BadParameter("write pbem admin vacation GAME SEAT LENGTH (or ADDRESS LENGTH).")
    store = _store(config, data_dir)
    with _errors(), store.lock(game):
        rec = store.load(game)
        s = resolve_seat(rec, seat)
        now = _now()
        if length.strip().lower() == "back":
            if community.away_until(rec, s, now) is None:
                raise CommandError(f"seat {s} of {game} is not on vacation.")
            store.commit(game, rec.seq, [Back(s, source="gm")], now)
            typer.echo(f"{game}: seat {s} is back.")
            return
        try:
            td = community.parse_duration(length)
        except ValueError as err:
            raise typer.BadParameter(str(err)) from None
        problem = community.vacation_problem(rec, s, td)
        if problem and not force:
            raise CommandError(problem + " (--force to grant it anyway)")
        start = community.away_until(rec, s, now) or now
        store.commit(game, rec.seq, [Vacation(s, start, start + td, source="gm")], now)
    typer.echo(f"{game}: seat {s} is on vacation until {iso_time(start + td)}.")


@admin_app.command("offer")
def offer_seat(
    game: GameArg,
    seat: SeatArg,
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Offer a seat the computer plays to the volunteers (STANDBY): each gets a mail, and
    TAKEOVER GAME SEAT, confirmed by a mailed round trip, hands it over (issue 27)."""
    from pbem.runner import build_service
    from pbem.service import takeover

    cfg = _config(config, data_dir)
    with _errors():
        service = build_service(cfg, _now)
        rec = service.store.load(game)
        s = resolve_seat(rec, seat)
        with service.outbox.batch():
            n = takeover.offer(service.deps, game, s, by="gm")
    typer.echo(f"{game}: seat {s} offered; {n} volunteer(s) mailed (sent at the next tick).")


class _LeaveDesk:
    """What :mod:`pbem.service.leave` needs of the service, for a GM command: the store (each
    commit marks the game for the next tick, which mails everyone)."""

    def __init__(self, store: Store, prefs: Any) -> None:
        self.store = store
        self.prefs = prefs
        """Its ``leave_taken`` mark is set before the first leave line of an address."""

    def notify(self, game_id: str) -> int:
        return 0  # the journal's marker: the next tick sends the mails


def _leave_for_address(
    address: str, length: str, force: bool, data_dir: Path | None, config: Path | None
) -> None:
    """``pbem admin vacation ADDRESS 10d|back|auto|manual`` (issue 27)."""
    from pbem.service import community, leave

    addr = _address(address)
    cfg = _config(config, data_dir)
    rules = leave.LeaveRules(
        per_year=timedelta(days=cfg.leave.days_per_year),
        min_use=timedelta(hours=cfg.leave.min_hours),
    )
    store = _store(config, data_dir)
    desk = _LeaveDesk(store, _prefs(config, data_dir))
    now = _now()
    word = length.strip().lower()
    with _errors():
        if not leave.games_of(store, addr):
            raise CommandError(f"{addr} plays in no game here.")
        if word in ("auto", "manual"):
            _prefs(config, data_dir).set_leave_auto(addr, word == "auto")
            typer.echo(f"{addr}: VACATION {word.upper()}.")
            return
        if word == "back":
            done = leave.end(desk, addr, now, source="gm")
            if not done:
                raise CommandError(f"{addr} is not on vacation in any game.")
            typer.echo(f"{addr} is back in {', '.join(done)}.")
            return
        try:
            td = community.parse_duration(length)
        except ValueError as err:
            raise typer.BadParameter(str(err)) from None
        problem = leave.problem(store, addr, td, rules, now)
        if problem and not force:
            raise CommandError(problem + " (--force to grant it anyway)")
        taken = leave.take(desk, addr, td, now, source="gm")
        for g in sorted(taken.games, key=lambda g: g.game_id):
            if g.until is None:
                typer.echo(f"{g.game_id}: not paused ({g.why}).")
            else:
                extra = f" ({g.why})" if g.why else ""
                typer.echo(f"{g.game_id}: on vacation until {iso_time(g.until)}{extra}.")
        left = leave.left_of(store, addr, rules, now)
        typer.echo(f"{addr}: leave left {community.short_duration(left)}.")


def _seat_langs(values: list[str], n_players: int) -> list[str | None]:
    """``--lang`` values in seat order (``-``: that seat keeps its choice)."""
    from pbem import i18n

    if len(values) > n_players:
        raise typer.BadParameter("more --lang than --player", param_hint="--lang")
    out: list[str | None] = []
    for v in values:
        code = None if v.strip() == "-" else i18n.normalize(v)
        if code is None and v.strip() != "-":
            raise typer.BadParameter(f"{v!r}: one of en, fr, it, de (or -)", param_hint="--lang")
        out.append(code)
    return out


def _prefs(config: Path | None, data_dir: Path | None) -> Any:
    """The per-address choices (pbem.service.prefs.Prefs) of the configured data directory."""
    from pbem.service.journal import Journal
    from pbem.service.prefs import Prefs

    return Prefs(Journal.state_file(_config(config, data_dir).data_dir, "prefs.json"))


def _address(address: str) -> str:
    """A player's address as the GM typed it, checked like every address at admin new."""
    from pbem.model import check_email

    try:
        return check_email(address)
    except ValueError as err:
        raise CommandError(str(err)) from None


def _set_langs(
    config: Path | None, data_dir: Path | None, choices: list[tuple[str, str | None]]
) -> None:
    prefs = _prefs(config, data_dir)
    for address, code in choices:
        if code is not None:
            prefs.set_lang(_address(address), code)


@admin_app.command("lang")
def lang_pref(
    address: Annotated[str, typer.Argument(help="The player's address.")],
    lang: Annotated[
        str,
        typer.Argument(help="en, fr, it or de, or default (the game's -o lang=... decides)."),
    ],
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Set the language of a player's mail, in every game they play from that address (what
    they can set themselves with LANG FR, LANGUE IT, SPRACHE DE...)."""
    from pbem import i18n

    with _errors():
        choice = lang.strip().lower()
        code = None if choice == "default" else i18n.normalize(choice)
        if code is None and choice != "default":
            raise CommandError(f"{lang!r} is not a language: en, fr, it, de or default.")
        if code is None:
            _prefs(config, data_dir).set_lang(_address(address), None)
        else:
            _set_langs(config, data_dir, [(address, code)])
    typer.echo(f"{_address(address)}: lang {code or 'default'}.")


@admin_app.command("mail")
def mail_pref(
    address: Annotated[str, typer.Argument(help="The player's address.")],
    mode: Annotated[
        str | None,
        typer.Argument(
            help="every (a mail for every move), turns (only their turn and game events), "
            "digest (their turn and game events, the rest once a day) or default (the game's "
            "-o mail=... decides).",
            show_default=False,
        ),
    ] = None,
    turn_files: Annotated[
        str | None,
        typer.Option(
            "--turn-files",
            help="Which mails carry the player's turn file: own (their turn, the default), off "
            "or every (every mail about the position).",
            show_default=False,
        ),
    ] = None,
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Set how much mail a player gets, in every game they play from that address (what they
    can set themselves with MAIL EVERY, MAIL TURNS or MAIL DIGEST), and with --turn-files which
    mails carry their turn file (MAIL FILES OWN, OFF or EVERY)."""
    from pbem.service.prefs import MailMode, TurnFiles

    if mode is None and turn_files is None:
        raise typer.BadParameter(
            "give a mail setting (every, turns, digest, default) or --turn-files"
        )
    if turn_files is not None:
        with _errors():
            files = turn_files.strip().lower()
            if files not in ("own", "off", "every"):
                raise CommandError(f"{turn_files!r} is not a turn-file setting: own, off or every.")
            _prefs(config, data_dir).set_files(_address(address), TurnFiles(files))
        typer.echo(f"{_address(address)}: turn files {files}.")
    if mode is None:
        return
    with _errors():
        choice = mode.strip().lower()
        if choice not in ("every", "turns", "digest", "default"):
            raise CommandError(f"{mode!r} is not a mail setting: every, turns, digest or default.")
        _prefs(config, data_dir).set_mail(
            _address(address), None if choice == "default" else MailMode(choice)
        )
    typer.echo(f"{_address(address)}: mail {choice}.")


@admin_app.command("bounces")
def bounces_cmd(
    clear: Annotated[
        str | None,
        typer.Option(
            "--clear",
            help="Forget this address's bounces: the service mails it again and its seats' "
            "deadlines run again.",
            show_default=False,
        ),
    ] = None,
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """The addresses whose mail came back undelivered: how often, in which games and seats, and
    whether the service stopped mailing them."""
    book = _bounce_book(config, data_dir)
    if clear is not None:
        from pbem.store.fsutil import atomic_write

        with _errors():
            addr = _address(clear)
            entry = book.clear(addr)
            if entry is None:
                raise CommandError(f"{addr} has no bounces on file.")
            # Its games' timers were held: the next tick schedules them again (journal marker).
            dirty = book.path.parent / "dirty"
            for game in sorted({s.split(":", 1)[0] for s in entry.seats}):
                dirty.mkdir(parents=True, exist_ok=True, mode=0o700)
                atomic_write(dirty / game, b"", mode=0o600)
        typer.echo(f"{addr}: bounces forgotten; it is mailed again.")
        return
    data = book.all()
    if as_json:
        _print_json(data)
        return
    if not data:
        typer.echo("No bounces.")
        return
    for addr, e in sorted(data.items()):
        state = "NOT MAILED" if e.stopped else "mailed"
        typer.echo(
            f"{addr}: {e.count} bounce{'s' if e.count != 1 else ''} ({e.first} .. {e.last}), "
            f"{state}; seats {', '.join(e.seats)}; last: {e.detail}"
        )


@admin_app.command("export")
def export(
    game: GameArg,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            help="The archive to write, or a folder to write `<game>.tar.gz` in (default: "
            "`./<game>.tar.gz`).",
            show_default=False,
        ),
    ] = None,
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Write a portable archive of the game that 'pbem admin verify ARCHIVE --pubkey KEY' checks on
    any machine, with the service's public key alone."""
    store = _store(config, data_dir)
    target = Path(output) if output else Path(f"{game}.tar.gz")
    if output and (target.is_dir() or output.endswith(("/", os.sep))):
        # "-o dir/" or an existing folder: the archive goes inside it (issue 31)
        target.mkdir(parents=True, exist_ok=True)
        target = target / f"{game}.tar.gz"
    with _errors():
        try:
            path = store.export(game, target)
        except OSError as exc:
            _fail(f"cannot write {target}: {exc.strerror or exc}")
    typer.echo(str(path))


@admin_app.command("pubkey")
def pubkey(
    all_keys: Annotated[
        bool, typer.Option("--all", help="Also print the retired keys (kept to verify old files).")
    ] = False,
    data_dir: DataDirOpt = None,
    config: ConfigOpt = None,
) -> None:
    """Print the service's public signing key (one line, to publish)."""
    cfg = _config(config, data_dir)
    with _errors():
        ring = cfg.keyring()
    for line in ring.public_key_lines() if all_keys else [ring.public_key_text()]:
        typer.echo(line)


@admin_app.command("rotate-key")
def rotate_key(data_dir: DataDirOpt = None, config: ConfigOpt = None) -> None:
    """Replace the signing key. The old public key is kept (endorsed by the new one), so every
    existing file still verifies, with the new public key alone."""
    cfg = _config(config, data_dir)
    with _errors():
        ring = cfg.keyring()
        old = ring.key_id
        ring.rotate(_now())
    typer.echo(f"Retired key {old}; the new public key is:")
    typer.echo(ring.public_key_text())
