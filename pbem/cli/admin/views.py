"""Reading a game, changing nothing: ``pbem admin list``, ``show``, ``history``, ``replay``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from pbem import layout
from pbem.cli.apps import DEFAULT_SITE, Site
from pbem.model import iso_time

if TYPE_CHECKING:  # the store and its crypto load inside the commands: 'pbem --help' needs neither
    from pbem.service.bounces import AddressBounces
    from pbem.service.signup import OpenGame
    from pbem.store import GameRecord
    from pbem.store.payloads import Payload
from pbem.cli.admin.common import (
    GameArg,
    _bounce_book,
    _config,
    _errors,
    _now,
    _print_json,
    _store,
    resolve_seat,
)
from pbem.cli.apps import JsonOpt, plain_option
from pbem.commands.durations import exact_span


def _players_json(record: GameRecord) -> list[dict[str, object]]:
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


def _bouncing_json(
    record: GameRecord, bounced: dict[str, AddressBounces]
) -> list[dict[str, object]]:
    """The seats whose current address bounced: seat, count, whether it is no longer mailed."""
    env = record.envelope
    out: list[dict[str, object]] = []
    for s in env.seats():
        entry = bounced.get(env.active_player(s).email.strip().lower())
        if entry is not None:
            out.append({"seat": s, "bounces": entry.count, "stopped": entry.stopped})
    return out


def _pending_json(record: GameRecord, seat: int | None) -> list[dict[str, object]]:
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
    record: GameRecord, seat: int | None = None, bounced: dict[str, AddressBounces] | None = None
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


def _bounce_mark(entry: AddressBounces | None) -> str:
    """`` [BOUNCING: ...]`` after a seat whose address bounced (pbem.service.bounces)."""
    if entry is None:
        return ""
    if entry.stopped:
        return f" [BOUNCING: {entry.count} bounces, not mailed, deadlines held]"
    return f" [BOUNCING: {entry.count} bounce{'s' if entry.count != 1 else ''}]"


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


def _due_json(record: GameRecord) -> list[dict[str, object]]:
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


def list_games(
    site: Site = DEFAULT_SITE,
    as_json: JsonOpt = False,
    open_only: Annotated[
        bool, typer.Option("--open", help="Only the open games waiting for players.")
    ] = False,
) -> None:
    """List every game: id, game, status, moves, who is to move (--open: the open games).

    Reads the list index (one file), not the games: 'pbem admin verify' checks it against them."""
    # Long on purpose: a CLI command: filters, the index, and two output formats.
    if open_only:
        from pbem.service.signup import SignupFiles

        cfg = _config(site)
        opens = [
            g for g in SignupFiles(layout.outbox(cfg.data_dir)).open_games() if g.game_id is None
        ]
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
    store = _store(site)
    if as_json:
        rows: list[dict[str, object]] = []
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


def show(
    game: GameArg,
    as_seat: Annotated[
        str | None,
        plain_option(
            "--as", help="Show this seat's private view (the access is recorded in the game's log)."
        ),
    ] = None,
    site: Site = DEFAULT_SITE,
    as_json: JsonOpt = False,
) -> None:
    """Show a game: players, the board (public view, or one seat's view with --as) and who is to
    move. With --json, also the legal moves of the seats to move, as notation strings."""
    # Long on purpose: a CLI command: the game's facts, its deadlines, an optional private view, two formats.
    from pbem.store import ViewAccess
    from pbem.store.fold import moves_in_effect

    store = _store(site)
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
        legal = {str(d.seat): rec.legal_notations(d.seat) for d in rec.pending()}
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
                "bouncing": _bouncing_json(rec, _bounce_book(site).all()),
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
    bounced = _bounce_book(site).all()
    typer.echo("\n".join(_summary_lines(rec, seat, bounced)))
    typer.echo("")
    if seat is not None:
        typer.echo(
            f"(the view of seat {seat}, {rec.seat_names()[seat]}; this access is recorded in the log)"
        )
    typer.echo(board)


def history(game: GameArg, site: Site = DEFAULT_SITE, as_json: JsonOpt = False) -> None:
    """The game's public history: every event of the log, secrets left out."""
    store = _store(site)
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
        # The player's mail is named, not shown: its Message-ID (--json has it) is a client's
        # long string that says nothing to a reader and pushes the line off the screen.
        src = " (by mail)" if e.msgid else ""
        typer.echo(f"{e.seq:>4} {e.time} {e.kind:<11} {text}{src}")


def _seats(g: OpenGame) -> str:
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
    return " ".join(describe_line(rec.game, line, names, players))


def replay(
    game: GameArg,
    to: Annotated[
        int,
        typer.Option(
            "--to", help="The event (sequence number) to stop after; see 'pbem admin history'."
        ),
    ],
    site: Site = DEFAULT_SITE,
    as_json: JsonOpt = False,
) -> None:
    """Show the game as it was right after event N (read-only; the public view)."""
    store = _store(site)
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
