"""A whole turn in one reply: the plans of *Die Verbotene Stadt* ("RK N; BG E W; RK S").

The grammar reads a plan (:func:`pbem.commands.grammar.plan_parts`); the store plays it in one
commit (:class:`pbem.store.Plan`: each action its own log line, with its own fate die, exactly as
if it had come in its own mail); this module says which games take plans, what was played and why
the rest was not, and previews a plan from the public side only.
"""

from __future__ import annotations

from collections.abc import Sequence

from pbem.errors import ConflictError
from pbem.i18n import _
from pbem.rules.base import Game, RuleError, derive_rng
from pbem.service.facts import plan_kind as plan_kind  # (its home: a fact of the game)
from pbem.service.ports import Clock
from pbem.service.standing import instead_sentence, play_standing
from pbem.store import GameRecord, Plan, Store
from pbem.store.writer import plan_stop

PREVIEW_TRIES = 64
"""Throwaway generators tried to preview the next action of a plan under a die that lets the
turn go on (none of them is the game's: a preview tells nothing of the real dice)."""


def played_actions(record: GameRecord, seat: int) -> list[str]:
    """The public notation of each action line that the last commit wrote for ``seat``."""
    return [p.notation or "" for p in record.produced if p.kind == "action" and p.seat == seat]


def replaced(record: GameRecord, seat: int) -> list[tuple[str, str]]:
    """The slides the last commit played for ``seat`` as the plan's fallback (``STANDING
    BLOCKED PAVILION``): each as written and as played."""
    return [
        (p.instead, p.notation or "")
        for p in record.produced
        if p.kind == "action" and p.seat == seat and p.instead
    ]


def account(
    record: GameRecord, seat: int, texts: Sequence[str], played: int, fallback: str = ""
) -> str:
    """After a plan: a sentence on the actions not played (empty when all ``played``). The reason
    is found by the same rule as the commit's (:func:`pbem.store.writer.plan_stop`), on the
    position the plan left."""
    rest = list(texts[played:])
    if not rest:
        return ""
    kind = plan_kind(record.game.name) or "move"
    why = plan_stop(
        record.game, record.envelope.status, record.state, seat, kind, rest[0], fallback
    )
    dropped = "; ".join(rest)
    if isinstance(why, RuleError):
        return _("Your plan stopped at '%(part)s': %(why)s Not played: %(rest)s.") % {
            "part": rest[0],
            "why": why,
            "rest": dropped,
        }
    return _(
        "Your turn ended before the rest of your plan (a fate die, an entry, or another player's "
        "decision came first), so it was dropped: %(rest)s."
    ) % {"rest": dropped}


def play_on(
    store: Store,
    record: GameRecord,
    seat: int,
    texts: Sequence[str],
    clock: Clock,
    fallback: str = "",
) -> tuple[GameRecord, list[str], list[tuple[str, str]]]:
    """After a plan's first commit (``record``): while another seat's decision that a standing
    order answers (a steal after the dragon) interrupted the turn, play those, and the rest of
    the plan if the game then asks ``seat`` for a move again. Returns the last record and every
    action played for the plan, and the slides played as the ``fallback`` (:func:`replaced`)."""
    played = played_actions(record, seat)
    instead = replaced(record, seat)
    kind = plan_kind(record.game.name) or "move"
    gid = record.envelope.game_id
    while len(played) < len(texts):
        answered, record = play_standing(store, record, clock)
        if answered == 0:
            break
        rest = tuple(texts[len(played) :])
        status = record.envelope.status
        if plan_stop(record.game, status, record.state, seat, kind, rest[0], fallback):
            break
        try:
            plan = Plan(seat, rest, kind=kind, source="mail", fallback=fallback)
            record = store.commit(gid, record.seq, [plan], clock())
        except ConflictError:
            # Another writer came first: the player is asked for the rest as usual.
            return store.load(gid), played, instead
        played += played_actions(record, seat)
        instead += replaced(record, seat)
    return record, played, instead


def echo(
    line: str,
    played: Sequence[str],
    note: str,
    instead: Sequence[tuple[str, str]] = (),
    fallback: str = "",
) -> str:
    """What the player's mail repeats of a plan: the line, what was played (and which slides
    were played as the ``fallback``), and the rest."""
    out = line + ". " + _("Played: %(moves)s.") % {"moves": "; ".join(played)}
    for slide, move in instead:
        blocked = (
            "any" if fallback.endswith(" or any") else "door" if " or door" in fallback else ""
        )
        out += " " + instead_sentence(slide, move, blocked)
    return f"{out} {note}" if note else out


def _continues(game: Game, state: object, seat: int, kind: str) -> bool:
    return any(d.seat == seat and d.kind == kind for d in game.pending(state))


def preview_plan(record: GameRecord, seat: int, parts: Sequence[str]) -> list[str]:
    """Paragraphs on a plan: each action read against the position the earlier ones leave,
    supposing the fate dice let the turn go on (a throwaway die, never the game's). The first
    action that could not be played ends the preview with the reason."""
    game, state = record.game, record.state
    kind = plan_kind(game.name) or "move"
    out: list[str] = []
    for k, part in enumerate(parts):
        try:
            action = game.parse(state, seat, part)
        except RuleError as err:
            out.append(
                _("Action %(num)d, '%(part)s', could not be played there: %(why)s")
                % {"num": k + 1, "part": part, "why": err}
            )
            return out
        out.append(_("Action %(num)d: %(move)s.") % {"num": k + 1, "move": game.notation(action)})
        if k == len(parts) - 1:
            break
        nxt = turn_goes_on(game, state, seat, kind, action, part)
        if nxt is None:
            out.append(
                _(
                    "After it your turn is over whatever the dice say (an entry, or the last "
                    "move of the turn): the rest would not be played."
                )
            )
            return out
        state = nxt
    return out


def turn_goes_on(
    game: Game, state: object, seat: int, kind: str, action: object, part: str
) -> object | None:
    """The position after ``action`` under the first throwaway die that keeps the turn going
    with the board's pavilion as it was, or None if no die does."""
    before = getattr(state, "active_pavilion", None)
    for i in range(PREVIEW_TRIES):
        after: object
        after, _events = game.apply(state, seat, action, derive_rng(0, "plan-preview", part, i))
        if not _continues(game, after, seat, kind):
            continue
        if getattr(after, "active_pavilion", None) != before:
            continue
        return after
    return None
