"""Replies to our notices (issue 31): a mail that answers a notice we sent to its sender's address
is ours, whatever it holds, and gets a real answer in the sender's language.

A notice (a "You are in", a confirmation done, a GAMES answer, an observer's mail, a key mail)
carries no seat token, so it cannot carry a move: its Message-ID holds a MAC of the address it was
sent to (:func:`pbem.mail.tokens.answers_our_notice`), which proves only that the reply comes from
someone who reads that address. So:

- keys in such a reply (a certificate sent to the "You are in" notice, say) are filed for that
  address, as a key sent in a reply to a game mail is, and confirmed;
- anything else is answered by what the sender can do: which mail to reply to for a move, their
  games (the GAMES lines), and that GAMES in a reply to this mail lists them again. Nothing in a
  game changes. The answer greets the player by the name our games know, never by the From line.

Requests (JOIN, LEAVE, WATCH, UNWATCH, GAMES) in such a reply are :mod:`pbem.service.signup`'s and
never reach here. Every answer counts against :meth:`StrangerDesk.allow_ours <pbem.service.strangers.StrangerDesk.allow_ours>` (so many a day per
address), never against the strangers' budget.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

from pbem import layout
from pbem.errors import PLAYER_ERRORS
from pbem.i18n import _
from pbem.mail.policy import reply_address_problem
from pbem.mail.tokens import answers_our_notice
from pbem.service.mailer import Mail, short_hash
from pbem.service.outcome import Folder, Outcome, Reason

if TYPE_CHECKING:
    from pbem.mail.compose import MailContext
    from pbem.mail.parse import ParsedMail
    from pbem.service.deps import Deps
    from pbem.service.flow import Flow

log = logging.getLogger("pbem.service")


def answer(deps: Deps, flow: Flow) -> Outcome | None:
    """The outcome of a mail without a seat token that answers one of our notices to its sender's
    address; None when it does not (the caller refuses it as a stranger's)."""
    inc = flow.incoming
    assert inc is not None
    p, outer = inc.mail, inc.outer
    addr = p.from_addr
    headers = [p.in_reply_to, *p.references, *outer.references, outer.in_reply_to]
    if not addr or reply_address_problem(addr) is not None:
        return None
    if not answers_our_notice(deps.secret, addr, headers):
        return None
    crypto_now = deps.crypto()
    if crypto_now is not None:
        found = crypto_now.keys_in(p.message)
        if found:
            return _file_keys(deps, p, found)
    if not deps.strangers.allow_ours(addr):
        return Outcome(Folder.REJECTED, Reason.DROPPED_STRANGER, detail="a reply to a notice")
    name, games = known_name(deps, addr)
    m = deps.mailer
    with m.speaking_to(addr):
        paragraphs = [
            _(
                "Your mail answers one of our notices, not a mail of a game, so it cannot carry a "
                "move or a game command: nothing was changed in any game."
            ),
            _(
                "To play, reply to the newest mail of your game (the one that asks for your move, "
                "or any later one) and write your move above or below the quote."
            ),
        ]
        if games:
            import pbem.service.community as community

            paragraphs.append(_("Your games:"))
            paragraphs.extend(community.games_of(deps.store, addr, deps.clock(), deps.policy))
        paragraphs.append(
            _(
                "Write GAMES in a reply to this mail for your games; questions go to the game "
                "master at %(gm)s."
            )
            % {"gm": deps.policy.gm_address}
        )
        ctx = _context(deps, _("about your reply"), name, paragraphs)
    m.send(Mail("notice", ctx, name, addr, f"noticereply.{short_hash(p.message_id)}", reply_to=p))
    return Outcome(Folder.REJECTED, Reason.NO_TOKEN, None, 1, detail="a reply to a notice")


def _file_keys(deps: Deps, p: ParsedMail, found: Sequence[object]) -> Outcome:
    """Keys in a reply to one of our notices: filed for the sender's address (a key is the
    address's, not a seat's), confirmed by mail; a game that waited for them starts."""
    from pbem.service.keys import how_to_send_key

    crypto = deps.crypto()
    assert crypto is not None
    addr = p.from_addr
    m = deps.mailer
    name, _games = known_name(deps, addr)
    tail = short_hash(p.message_id)
    with m.speaking_to(addr):
        try:
            paragraphs = list(crypto.accept_keys(found, addr, deps.clock()))
        except PLAYER_ERRORS as err:
            ctx = _context(
                deps, _("your key was not accepted"), name, [str(err), *how_to_send_key()]
            )
            if deps.strangers.allow_ours(addr):
                m.send(Mail("notice", ctx, name, addr, f"noticekeyrefused.{tail}", reply_to=p))
            return Outcome(Folder.REJECTED, Reason.KEY_REFUSED, None, 1)
        ctx = _context(deps, _("your key is on file"), name, paragraphs)
    n = 0
    if deps.strangers.allow_ours(addr):
        n = m.send(
            Mail("notice", ctx, name, addr, f"noticekey.{tail}", reply_to=p, attach_keys=True)
        )
    for gid in deps.journal.awaiting_games():  # a game of this address waiting for its key
        try:
            record = deps.store.load(gid, verify=False)
        except Exception:  # noqa: BLE001 - a broken game is the GM's; the key is filed
            continue
        if record.envelope.seat_of_email(addr) is not None:
            deps.keys.start_if_ready(gid)
    return Outcome(Folder.PROCESSED, Reason.KEY_FILED, None, n)


def _context(deps: Deps, what: str, name: str, paragraphs: list[str]) -> MailContext:
    """A notice's context (no game): the subject ``[service] what``, greeting ``name``."""
    return deps.mailer.notice_context(what, name, paragraphs, game_id="-")


def known_name(deps: Deps, addr: str) -> tuple[str, list[str]]:
    """The name our games (or an open game joined) know for ``addr``, and the ids of the games it
    plays; ``""`` when none knows it (the greeting then has no name: never the From line's)."""
    low = addr.strip().lower()
    name = ""
    games: list[str] = []
    for gid in deps.store.game_ids():
        try:
            env = deps.store.load(gid, verify=False).envelope
        except Exception:  # noqa: BLE001 - a broken game is the GM's; look at the others
            continue
        seat = env.seat_of_email(low)
        if seat is not None:
            games.append(gid)
            name = name or env.active_player(seat).name
    if not name and (deps.journal.root / layout.OPEN).is_dir():
        from pbem.service.signup import board_of

        for og in board_of(deps).open_games():
            name = next((n for n, a in og.players if a.lower() == low), "")
            if name:
                break
    return name, games
