"""The email commands of a fresh mail for its sender's address (issue 31, thirteenth round): a
new mail, not a reply to a game mail, that asks for the standings, its statistics, the player
guide, a language, a leave or its end ("Wie ist die aktuelle Rangliste?", "VACANZA due
settimane", "I'm back from holiday, please restart my clocks"). What it asks is read by
:func:`pbem.service.fresh.account_request` (the commands of :data:`pbem.service.fresh.ACCOUNT`,
read as a reply is read, every check of the reply reader with them); the sign-up step
(:mod:`pbem.service.signup`) hands such a request here.

A fresh mail's From line proves nothing, so:

- STANDINGS, STATS and GUIDE are answered at once, to the address itself (a forger never sees
  the answer), within the sign-up budget as GAMES is; STANDINGS and STATS only to an address
  that plays in one of our games;
- LANG, VACATION and BACK change something: they are confirmed by mail first (a reply to the
  confirmation carries them out, as JOIN's does), and VACATION and BACK act in every running
  game of the address (:mod:`pbem.service.leave`, as the game master's ``pbem admin
  vacation`` does).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from pbem import i18n
from pbem.commands.durations import parse_duration
from pbem.i18n import N_, _
from pbem.service.confirmations import ask_confirmation
from pbem.service.mailer import Mail
from pbem.service.outcome import Folder, Outcome, Reason

if TYPE_CHECKING:
    from pbem.mail.parse import ParsedMail
    from pbem.service.deps import Deps
    from pbem.service.signup import Board, Request

log = logging.getLogger("pbem.service")

ANSWERED = ("standings", "stats", "guide")
"""Answered at once (nothing changes)."""
CONFIRMED = ("lang", "vacation", "back")
"""Confirmed by mail first (they change the address's mail or its games' clocks)."""

NOT_A_PLAYER = N_(
    "This address plays in no game here: %(command)s is for the players of our games."
)
NOT_AWAY = N_("You are not on vacation in any game, so BACK changes nothing.")
ASKED = {
    "lang": N_("We were asked to write to this address in %(language)s from now on."),
    "vacation": N_(
        "We were asked for a leave of this address (VACATION %(length)s): its clocks stop in "
        "every game it plays."
    ),
    "back": N_(
        "We were asked to end the leave of this address (BACK): its clocks run again in every "
        "game it plays."
    ),
}


def answer(deps: Deps, board: Board, p: ParsedMail, kind: str, arg: str, ours: bool) -> Outcome:
    """The answer to the fresh mail ``p`` asking for ``kind`` (one of :data:`ANSWERED` or
    :data:`CONFIRMED`) with ``arg``; ``ours``: it answers one of our mails to its address
    (outside the sign-up budget). The caller checked the address."""
    from pbem.service.signup import save_confirmation, signup_budget

    addr = p.from_addr
    if not ours and not signup_budget(deps, p, kind):
        log.info("a %s request not answered: the sign-up budget is spent", kind)
        return Outcome(Folder.REJECTED, Reason.DROPPED_RATE, detail=kind)
    problem = _problem(deps, kind, arg, addr)
    if problem:
        return deps.strangers.refuse(p, problem, Reason.REFUSED)
    if kind in ANSWERED:
        return _send(deps, p, kind)
    tail = save_confirmation(deps, board, kind, arg, p)
    asked = _(ASKED[kind]) % {"length": arg, "language": _language(arg)}
    return ask_confirmation(deps.mailer, kind, arg, asked, tail, p)


def _language(code: str) -> str:
    from pbem.service.commands import LANGUAGE_NAMES

    lang = i18n.normalize(code)
    return _(LANGUAGE_NAMES[lang]) if lang else code


def _problem(deps: Deps, kind: str, arg: str, addr: str) -> str | None:
    """Why ``kind arg`` cannot be done for ``addr`` now (None: it can)."""
    import pbem.service.leave as leave

    now = deps.clock()
    if kind in ("standings", "stats"):
        if not leave.games_of(deps.store, addr):
            return _(NOT_A_PLAYER) % {"command": kind.upper()}
    elif kind == "lang":
        if i18n.normalize(arg) is None:
            return _(
                "LANG takes one of EN (English), FR (French), IT (Italian) or DE (German), "
                "for the language of your mail."
            )
    elif kind == "vacation":
        if not leave.games_of(deps.store, addr, active_only=True):
            return _(NOT_A_PLAYER) % {"command": "VACATION"}
        try:
            length = parse_duration(arg, now=now)
        except ValueError:
            return _("%(arg)r is not a length: write VACATION 7d (days), 36h (hours) or 90m.") % {
                "arg": arg
            }
        return leave.problem(deps.store, addr, length, leave.rules_of(deps.policy), now)
    elif kind == "back":
        if not leave.games_of(deps.store, addr, active_only=True):
            return _(NOT_A_PLAYER) % {"command": "BACK"}
        if leave.on_leave_until(deps.store, addr, now) is None:
            return _(NOT_AWAY)
    return None


def _send(deps: Deps, p: ParsedMail, kind: str) -> Outcome:
    """STANDINGS, STATS or GUIDE, mailed to the address."""
    from pbem.service.commands import StandingsCmd, StatsCmd, guide_paragraphs, player_guide
    from pbem.service.standings_mail import standings_lines, stats_lines

    addr = p.from_addr
    m = deps.mailer
    now = deps.clock()
    attachments: tuple[tuple[bytes, str, str], ...] = ()
    if kind == "guide":
        data, name = player_guide(i18n.current())
        what, paragraphs = _("the player guide"), guide_paragraphs(name, deps.policy.guide_url)
        attachments = ((data, name, "text/plain"),)
    elif kind == "standings":
        what = _(StandingsCmd.what)
        paragraphs = standings_lines(deps.store.data_dir, addr)
    else:
        what, paragraphs = _(StatsCmd.what), stats_lines(deps.store.data_dir, addr)
    ctx = m.notice_context(what, "", paragraphs)  # never a From name we cannot trust
    tail = f"{kind}.{now.strftime('%Y%m%d')}.{addr}"
    m.send(Mail("notice", ctx, "", addr, tail, reply_to=p, attachments=attachments))
    return Outcome(Folder.PROCESSED, Reason.ANSWERED, None, 1, detail=kind)


def confirmed(deps: Deps, req: Request) -> tuple[list[str], bool]:
    """Carry out the confirmed ``req`` (one of :data:`CONFIRMED`): what the answer says, and
    whether it was done (False: refused now, nothing changed)."""
    import pbem.service.leave as leave
    from pbem.service.commands import LANGUAGE_NAMES

    addr, now = req.address, deps.clock()
    problem = _problem(deps, req.verb, req.target, addr)
    if problem:
        return [problem, _("Nothing was changed.")], False
    if req.verb == "lang":
        lang = i18n.normalize(req.target) or i18n.DEFAULT
        deps.prefs.set_lang(addr, lang)
        i18n.use(lang)  # the answer is already in the new language
        return [
            _(
                "From now on your mail is in %(language)s, in every game you play from "
                "%(address)s. Write LANG EN, LANG FR, LANG IT or LANG DE to change it."
            )
            % {"language": _(LANGUAGE_NAMES[lang]), "address": addr}
        ], True
    if req.verb == "back":
        done = leave.end(deps, addr, now)
        return [
            _("You are back: your clocks run again in %(games)s.") % {"games": ", ".join(done)}
        ], True
    rules = leave.rules_of(deps.policy)
    taken = leave.take(deps, addr, parse_duration(req.target, now=now), now)
    return leave.summary_lines(taken, leave.left_of(deps.store, addr, rules, now)), True
