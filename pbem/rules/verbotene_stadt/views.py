"""What a seat sees of Die Verbotene Stadt: its view of a position (the board, every hand, its own
selection only) and the moves that enter the active pavilion, listed in its turn mail."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pbem.i18n import _, ngettext
from pbem.rules.base import Seat
from pbem.rules.verbotene_stadt import notation, render
from pbem.rules.verbotene_stadt.scoring import best_score
from pbem.rules.verbotene_stadt.sentences import colour as colour_word
from pbem.rules.verbotene_stadt.state import Move, State

if TYPE_CHECKING:
    from pbem.rules.verbotene_stadt.game import VerboteneStadt


def view_of(game: VerboteneStadt, state: State, seat: Seat | None) -> render.View:
    """What ``seat`` may see: the board, all cards, and only its own selection."""
    b = game.board
    names = notation.seat_names(state.n)
    awaited = {d.seat: d.kind for d in game.pending(state)}
    players = [
        render.PlayerPanel(
            name=names[i],
            cards=[b.card_name(c) for c in state.hands[i]],
            score=best_score(state.hands[i], game.table),
            awaited=awaited.get(i, ""),
        )
        for i in range(state.n)
    ]
    officials: list[list[int | str]] = []
    for o, c in enumerate(state.positions):
        if c >= 0:
            x, y = b.xy(c)
            officials.append([b.official_code(o), x, y])
    claim = ""
    if state.entry is not None:
        e = state.entry
        claim = _(
            "%(who)s claims that %(official)s entered pavilion %(pavilion)s as their "
            "bribed official."
        ) % {"who": _(names[e.mover]), "official": b.official_code(e.official),
             "pavilion": e.pavilion}  # fmt: skip
    res = game.result(state)
    mine = None
    if seat is not None and state.selections[seat] >= 0:
        mine = b.official_name(state.selections[seat])
    return render.View(
        game=game.name,
        seat=seat,
        phase=state.phase,
        players=players,
        active=state.active,
        move_no=state.move_no,
        bonus_move=state.bonus_move,
        max_moves=b.max_moves,
        active_pavilion=state.active_pavilion,
        pavilion_cards=[len(p) for p in state.pavilion_cards],
        officials=officials,
        terrace=[b.official_code(o) for o in state.exiled],
        phase_two_from=b.phase_two_from,
        game_end_at=b.game_end_at,
        moves_option=state.moves_option,
        teams=state.teams,
        my_selection=mine,
        must_reselect=seat is not None and seat in state.forced,
        claim=claim,
        over=res is not None,
        scores=list(res.scores) if res else None,
        winners=list(res.winners) if res else None,
    )


def entering_moves(game: VerboteneStadt, state: State, seat: Seat) -> tuple[str, list[str]]:
    """The moves that enter the active pavilion (that bring an official in and take its
    cards), one line per official, or a heading saying there is none."""
    if game._kind(state, seat) != "move" or not state.active_pavilion:
        return "", []
    groups: dict[int, list[str]] = {}
    for a in game.legal(state, seat):
        if isinstance(a, Move) and a.mode:
            text = game.notation(a)
            groups.setdefault(a.official, []).append(text.partition(" ")[2])
    pav = game.board.pavilions[state.active_pavilion]
    args = {"num": state.active_pavilion, "colour": colour_word(pav.colour)}
    if not groups:
        return _("No move enters the active pavilion %(num)d (%(colour)s) now.") % args, []
    count = sum(len(g) for g in groups.values())
    title = ngettext(
        "%(count)d move enters the active pavilion %(num)d (%(colour)s):",
        "%(count)d moves enter the active pavilion %(num)d (%(colour)s):",
        count,
    ) % {**args, "count": count}
    b = game.board
    return title, [f"{b.official_code(o)}: {', '.join(g)}" for o, g in groups.items()]
