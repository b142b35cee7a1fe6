"""Games made and offered: ``pbem admin new``, ``open`` (sign-up by mail), ``unwatch``, ``offer``."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated

import typer

from pbem import layout
from pbem.cli.apps import DEFAULT_SITE, Site
from pbem.errors import (
    CommandError,
)
from pbem.model import iso_time, parse_player

if TYPE_CHECKING:  # the store and its crypto load inside the commands: 'pbem --help' needs neither
    pass
from pbem.cli.admin.common import (
    GameArg,
    SeatArg,
    _address,
    _config,
    _errors,
    _fail,
    _now,
    _prefs,
    _store,
    resolve_seat,
)
from pbem.cli.apps import plain_option
from pbem.commands.durations import parse_short

# The options 'new' and 'open' share, spelt once.
GameNameArg = Annotated[str, typer.Argument(help="Which game: forbidden-city or verbotene-stadt.")]
GameOptionsOpt = Annotated[
    list[str] | None,
    plain_option("--option", "-o", help="A game option as NAME=VALUE; repeatable."),
]

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


def new(
    game: GameNameArg,
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
        plain_option("--side", help="Start-tile side: beginner or advanced (Forbidden City)."),
    ] = None,
    option: GameOptionsOpt = None,
    seed: Annotated[
        int | None,
        plain_option(
            "--seed", help="Shuffle seed (default: 128 random bits). Kept secret until the end."
        ),
    ] = None,
    lang: Annotated[
        list[str] | None,
        plain_option(
            "--lang",
            help="The language of a player's mail (en, fr, it or de), in the order of --player "
            "(`-` leaves one as it is); kept for that address in every game, like LANG by mail.",
        ),
    ] = None,
    site: Site = DEFAULT_SITE,
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
    store = _store(site)
    with _errors():
        if langs:
            _set_langs(site, [(p[1], code) for p, code in zip(players, langs, strict=False)])
        try:
            gid = store.create(game, players, options, seed, _now())
        except (ValueError, KeyError) as exc:
            _fail(str(exc.args[0]) if isinstance(exc, KeyError) else str(exc))
        if settings:
            rec = store.load(gid)
            store.commit(gid, rec.seq, [SetPolicy(k, v) for k, v in settings.items()], _now())
    typer.echo(gid)


def open_game(
    game: GameNameArg,
    players: Annotated[
        str, typer.Option("--players", help="How many players: 3-4, or 4 for exactly four.")
    ] = "2-4",
    start: Annotated[
        str | None,
        plain_option(
            "--start",
            help="Start then (UTC, 2026-06-01T18:00:00Z, or a delay like 3d) if the minimum "
            "has joined; without it, the game starts when full.",
        ),
    ] = None,
    invite: Annotated[
        list[str] | None,
        plain_option("--invite", help="An address to invite by mail; repeatable."),
    ] = None,
    option: GameOptionsOpt = None,
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
        plain_option(
            "--max-rating",
            help="Only addresses rated at most this in the game's pool may JOIN (a new "
            "player counts as 0); invited addresses always may.",
        ),
    ] = None,
    site: Site = DEFAULT_SITE,
) -> None:
    """Announce an open game that players join by mail (JOIN ID, or JOIN GAME for the next open
    one); it starts when full, or at --start with at least the minimum. Prints its id."""
    # Long on purpose: a CLI command: checks of its options, then the announcement, then the output.
    from pbem.service.signup import SignupFiles

    cfg = _config(site)
    board = SignupFiles(layout.outbox(cfg.data_dir))
    if cancel:
        if board.get_open(game) is None:
            _fail(f"{game} is not an open game (see 'pbem admin list --open').")
        layout.record_file(board.open_dir, game).unlink()
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


def unwatch(
    game: GameArg,
    address: Annotated[str, typer.Argument(help="The observer's address.")],
    site: Site = DEFAULT_SITE,
) -> None:
    """Stop an observer's mails of GAME: they are told once, at the next tick ('pbem admin
    policy GAME watch=no' ends every watch of the game)."""
    from pbem.service.signup import SignupFiles

    cfg = _config(site)
    board = SignupFiles(layout.outbox(cfg.data_dir))
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


def offer_seat(
    game: GameArg,
    seat: SeatArg,
    site: Site = DEFAULT_SITE,
) -> None:
    """Offer a seat the computer plays to the volunteers (STANDBY): each gets a mail, and
    TAKEOVER GAME SEAT, confirmed by a mailed round trip, hands it over (issue 27)."""
    from pbem.runner import build_service
    from pbem.service import takeover

    cfg = _config(site)
    with _errors():
        service = build_service(cfg, _now)
        rec = service.store.load(game)
        s = resolve_seat(rec, seat)
        with service.outbox.batch():
            n = takeover.offer(service.deps, game, s, by="gm")
    typer.echo(f"{game}: seat {s} offered; {n} volunteer(s) mailed (sent at the next tick).")


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


def _set_langs(site: Site, choices: list[tuple[str, str | None]]) -> None:
    prefs = _prefs(site)
    for address, code in choices:
        if code is not None:
            prefs.set_lang(_address(address), code)
