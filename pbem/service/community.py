"""PREVIEW and GAMES (issue 13): what a move would do, from the public side only, and the
sender's games with their status, deadlines and leave. A game's settings are
:mod:`pbem.service.policy`, its vacations :mod:`pbem.service.vacations`, its deadlines and
reminders :mod:`pbem.service.deadlines` and :mod:`pbem.service.deadline_tick`; durations are
read and said by :mod:`pbem.commands.durations`.
"""

from __future__ import annotations

from datetime import datetime

from pbem.commands.durations import parse_duration, say_time, short_duration
from pbem.i18n import N_, _, pgettext
from pbem.rules.base import derive_rng
from pbem.service.deadlines import deadlines
from pbem.service.facts import scores_of
from pbem.service.leave import left_line, left_of, rules_of
from pbem.service.policy import DEFAULTS, check_policy, decision_kinds, split_policy
from pbem.service.ports import Policy
from pbem.service.vacations import away_until, vacation_problem, vacations
from pbem.store import GameRecord, Store

__all__ = [  # the GM's commands (cli/admin.py) still name these through this module
    "DEFAULTS",
    "GAME_STATUSES",
    "away_until",
    "check_policy",
    "deadlines",
    "decision_kinds",
    "games_of",
    "parse_duration",
    "preview",
    "short_duration",
    "split_policy",
    "vacation_problem",
    "vacations",
]


def preview(
    record: GameRecord, seat: int, text: str, names: tuple[list[str], list[str]]
) -> list[str]:
    """Paragraphs saying what ``text`` would do for ``seat`` now, from the public side only. The
    state is not changed and nothing is written."""
    from pbem.commands.describe import describe_event

    game, state = record.game, record.state
    env = record.envelope
    if env.status != "active":
        return [
            _("Game %(game)s is %(status)s: there is nothing to preview.")
            % {"game": env.game_id, "status": _(env.status)}
        ]
    action = game.parse(state, seat, text)
    # A throwaway generator: whatever it decides is cut off below (the first random event ends
    # the preview), and it is not the game's, so it tells nothing of the real dice.
    after, events = game.apply(state, seat, action, derive_rng(0, "preview", text))
    safe = game.preview_safe
    seat_names, players = names
    told: list[str] = []
    cut = False
    for ev in events:
        if ev.visible_to is not None or ev.kind not in safe:
            cut = True
            break
        told.append(describe_event(game, ev.kind, ev.data, seat_names))
    out = [
        # The command word in the reader's language (APERÇU, ANTEPRIMA, VORSCHAU): what they
        # wrote, not the English word (issue 31).
        _(
            "%(word)s %(move)s: this is what the move would do. It has NOT been played; reply "
            "with the move itself to play it."
        )
        % {"word": pgettext("command word", "PREVIEW"), "move": text}
    ]
    out.extend(
        f"- {t}" for t in told or [_("Nothing happens on the board beyond the move itself.")]
    )
    if cut:
        out.append(
            _(
                "What follows it (a tile drawn, a die rolled, a hidden choice revealed) is not "
                "shown: a preview only tells what the public board decides."
            )
        )
    scores = scores_of(game.view(after, None))
    if scores is not None:
        before = scores_of(game.view(state, None)) or scores
        out.append(
            _("Scores after the move: %(scores)s.")
            % {
                "scores": ", ".join(
                    f"{players[i]} ({seat_names[i]}) {v}"
                    + (f" (+{v - before[i]})" if v != before[i] else "")
                    for i, v in enumerate(scores)
                    if i < len(players)
                )
            }
        )
    return out


GAME_STATUSES = (N_("active"), N_("paused"), N_("ended"), N_("stopped"))
"""A game's status as GAMES and PREVIEW name it."""


def games_of(store: Store, address: str, now: datetime, policy: Policy | None = None) -> list[str]:
    """GAMES: each game ``address`` plays, its status, who is to move, and the deadlines; with
    the service's ``policy``, the address's leave left for all its games (issue 27)."""
    lines = _games_of(store, address, now)
    if policy is not None and lines and lines != [_("You play in no game with this address.")]:
        lines.append(left_line(left_of(store, address, rules_of(policy), now)))
    return lines


def _games_of(store: Store, address: str, now: datetime) -> list[str]:
    address = address.lower()
    out: list[str] = []
    for gid in store.game_ids():
        try:
            rec = store.load(gid, verify=False)
        except Exception:  # noqa: BLE001 - a broken game is the GM's; list the others
            continue
        env = rec.envelope
        seat = env.seat_of_email(address)
        if seat is None:
            continue
        seat_names = [_(n) for n in rec.game.seat_names(len(env.seats()))]
        title = rec.game.title.split(" (")[0]
        line = _("%(game)s (%(title)s, you play %(seat)s): ") % {
            "game": gid,
            "title": title,
            "seat": seat_names[seat],
        }
        if env.status != "active":
            line += f"{_(env.status)}."
        else:
            owing = sorted({d.seat for d in rec.pending()})
            if seat in owing:
                line += _("your turn")
            else:
                who = [f"{env.active_player(s).name} ({seat_names[s]})" for s in owing]
                line += _("waiting for %(who)s") % {"who": ", ".join(who) or _("nobody")}
            dues = [i for i in deadlines(rec) if i.decision.seat == seat]
            if dues:
                line += "; " + _("your deadline: %(when)s") % {
                    "when": say_time(min(i.due for i in dues))
                }
            back = away_until(rec, seat, now)
            if back is not None:
                line += "; " + _("you are on vacation until %(when)s") % {"when": say_time(back)}
            line += "."
        out.append(line)
    return out or [_("You play in no game with this address.")]
