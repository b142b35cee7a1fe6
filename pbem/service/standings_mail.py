"""What the mails say of the standings: the game-over mail's rating change (each player their own).

The standings themselves are :mod:`pbem.standings`; this module only folds a game that ended into
them (through the store) and words the result in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pbem.i18n import _, ngettext
from pbem.standings import GameResult, Rating, Reliability, Standings
from pbem.standings import record_end as _record_end
from pbem.standings.ratings import PROVISIONAL_SIGMA
from pbem.standings.table import game_title, pool_title
from pbem.store import GameRecord, Store


@dataclass(frozen=True)
class Outcome:
    """The standings after a game ended, and that game's result."""

    standings: Standings
    result: GameResult


def record_end(store: Store, record: GameRecord) -> Outcome | None:
    """Fold the game that ``record`` ended into the service's standings file."""
    from pbem.standings import game_result

    entries = list(record.entries)
    result = game_result(entries)
    if result is None:
        return None
    standings = _record_end(store, entries)
    if standings is None:
        return None
    return Outcome(standings, result)


def rating_text(r: Rating) -> str:
    """``23.45`` or ``23.45 (provisional)``."""
    value = f"{r.rating:.2f}"
    if r.provisional:
        return _("%(rating)s (provisional)") % {"rating": value}
    return value


def over_paragraphs(outcome: Outcome | None, record: GameRecord, seat: int) -> list[str]:
    """The game-over mail's paragraph on the reader's rating, or none."""
    if outcome is None:
        return []
    result = outcome.result
    if not result.rated:
        return [_("This game is not rated: it did not end by the rules.")]
    address = record.envelope.active_player(seat).email
    mine = next((s for s in result.seats if s.address == address and s.rank), None)
    rating = outcome.standings.pools.get(result.pool, {}).get(address)
    if mine is None or rating is None or rating.last != result.game_id:
        return [_("This game does not change your rating: you did not play it from the start.")]
    text = _(
        "Your rating (%(pool)s) is now %(rating)s, %(change)s after this game, your game "
        "%(games)d in this pool."
    ) % {
        "pool": pool_title(record.game.title, result.pool),
        "rating": rating_text(rating),
        "change": f"{rating.change:+.2f}",
        "games": rating.games,
    }
    if rating.provisional:
        text += " " + _(
            "A rating is provisional until its deviation falls below %(sigma)s (yours: %(yours)s)."
        ) % {"sigma": f"{PROVISIONAL_SIGMA:g}", "yours": f"{rating.sigma:.2f}"}
    return [text]


def stat_labels() -> dict[str, str]:
    """Each statistic's words, in the reader's language (:mod:`pbem.standings.stats`)."""
    return {
        "rooms_closed": _("rooms closed"),
        "coins_own_rooms": _("coins from rooms closed oneself"),
        "coins_other_rooms": _("coins from rooms others closed"),
        "end_bonus": _("end bonus"),
        "set_aside": _("tiles set aside"),
        "dragons": _("dragons placed"),
        "advisors": _("advisors placed"),
        "entries": _("entries"),
        "bribes_paid": _("bribes paid"),
        "bribes_received": _("bribes received"),
        "bluffs_made": _("bluffs made"),
        "bluffs_called": _("bluffs called"),
        "cards_taken": _("cards taken"),
    }


def stats_paragraphs(record: GameRecord, players: list[str], names: list[str]) -> list[str]:
    """The game-over mail's statistics: a heading, then one paragraph per seat."""
    from pbem.standings.stats import FIELDS, game_stats

    fields = FIELDS.get(record.game.name, ())
    if not fields:
        return []
    stats = game_stats(list(record.entries))
    labels = stat_labels()
    out = [_("The game in figures (each recomputable from the record):")]
    for seat, figures in enumerate(stats):
        # A no-break space: a figure never wraps away from its words.
        parts = ", ".join(f"{labels[k]}\u00a0{figures[k]}" for k in fields)
        out.append(f"{players[seat]} ({names[seat]}): {parts}.")
    return out


TOP = 10
"""Rows of each pool in the ``STANDINGS`` answer (the sender's own row is added below them)."""


def standings_lines(data_dir: Path, address: str) -> list[str]:
    """The ``STANDINGS`` answer: the top of each pool (names, never addresses), the sender's own
    row, and the sender's reliability record."""
    from pbem.standings import load
    from pbem.standings.table import Row, rows

    standings = load(data_dir)
    out: list[str] = []
    for pool in sorted(standings.pools):
        table = rows(standings, pool)
        shown = table[:TOP]
        mine = next((r for r in table if r.address == address), None)
        lines = [pool_title(game_title(pool.split("/")[0]), pool) + ":"]

        def row(r: Row) -> str:
            mark = "?" if r.rating.provisional else " "
            you = " (" + _("you") + ")" if r.address == address else ""
            name = _("computer") if r.computer else r.rating.name[:30]
            return (
                f"{r.place:>5}. {r.rating.rating:>7.2f}{mark} {r.rating.change:>+6.2f}  {name}{you}"
            )

        lines += [row(r) for r in shown]
        if mine is not None and mine not in shown:
            lines += ["    ...", row(mine)]
        out.append("\n".join(lines))
    if not out:
        out.append(_("No rated game has ended yet."))
    else:
        out.append(
            _(
                "Each row: place, rating (? while provisional), its change in the player's last "
                "game of the pool, name. A rating is the mean less three deviations: it rises as "
                "the deviation falls."
            )
        )
    rel = standings.reliability.get(address)
    if rel is not None:
        out.append(reliability_line(rel))
    return out


def reliability_line(rel: Reliability) -> str:
    """The player's reliability in one sentence, each count with its noun in the number the
    count asks for ("1 decision on time", "2 missed" agreeing in fr/it)."""

    def count(template: str, n: int) -> str:
        return template % {"num": n}

    return _(
        "Your reliability: %(percent)d percent (%(on_time)s, %(missed)s; %(games)s, "
        "%(finished)s, %(left)s; %(leave)s)."
    ) % {
        "percent": rel.percent,
        "on_time": count(
            ngettext("%(num)d decision on time", "%(num)d decisions on time", rel.on_time),
            rel.on_time,
        ),
        # TRANSLATORS: decisions missed (the word agrees with "decisions" where it must).
        "missed": count(ngettext("%(num)d missed", "%(num)d missed", rel.missed), rel.missed),
        "games": count(ngettext("%(num)d game ended", "%(num)d games ended", rel.games), rel.games),
        "finished": count(
            # TRANSLATORS: games finished, played to their end (agrees with "games").
            ngettext("%(num)d finished", "%(num)d finished", rel.finished),
            rel.finished,
        ),
        # TRANSLATORS: games the player left (agrees with "games").
        "left": count(ngettext("%(num)d left", "%(num)d left", rel.left), rel.left),
        "leave": count(
            ngettext("%(num)d day of leave", "%(num)d days of leave", rel.leave_days),
            rel.leave_days,
        ),
    }


def stats_lines(data_dir: Path, address: str) -> list[str]:
    """The ``STATS`` answer: the sender's totals per game, over the games played from start to
    end."""
    from pbem.standings import load
    from pbem.standings.stats import FIELDS

    totals = load(data_dir).totals.get(address, {})
    if not totals:
        return [
            _(
                "You have no statistics yet: they count the games you played from the first "
                "move to the end."
            )
        ]
    labels = stat_labels()
    out = []
    for game_name in sorted(totals):
        t = totals[game_name]
        head = _("%(game)s (games: %(num)d):") % {
            "game": game_title(game_name),
            "num": t.get("games", 0),
        }
        body = [f"  {labels[k]}: {t.get(k, 0)}" for k in FIELDS.get(game_name, ())]
        out.append("\n".join([head, *body]))
    return out
