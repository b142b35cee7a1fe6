"""The commands of a fresh mail to the service (not a reply to a game mail): their words and
the rule of their arguments (:mod:`pbem.commands.vocabulary`), registered in
:data:`~pbem.commands.vocabulary.FRESH`. The steps that carry them out read them from there:
JOIN, LEAVE, WATCH, UNWATCH and GAMES :mod:`pbem.service.signup`, STANDBY and TAKEOVER
:mod:`pbem.service.takeover`. Each word is read whole, in upper or lower case, alone on its line
with its arguments."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from pbem.commands.vocabulary import FRESH, HelpLine, Spoken
from pbem.i18n import N_

if TYPE_CHECKING:
    from pbem.mail.parse import ParsedMail

SIGN_UP = ("join", "leave", "watch", "unwatch", "games")
"""The sign-up step's commands (documented in docs/PLAYER-GUIDE.md; a test checks it)."""
SEATS = ("standby", "takeover")
"""The takeover step's commands."""


def request_lines(p: ParsedMail) -> list[str]:
    """Where the command of a fresh mail is looked for, in order: its first three lines, then its
    Subject when none of those lines is a fresh mail's command ("JOIN o-fc-3a9c" or "PARTIES"
    as the Subject, the body only courtesy: "I'd like to join please. Thanks, Rob"; issue 31).
    Both steps that read a fresh mail (:mod:`pbem.service.takeover`, :mod:`pbem.service.signup`)
    read these lines."""
    from pbem.mail.fingerprint import strip_subject
    from pbem.mail.reply import normalize_line, strip_please

    lines = p.command_lines()[:3]
    # only "Re:"/"Fwd:" taken off: a lone word is a command here ("PARTIES"), not a name
    subject = normalize_line(strip_subject(p.subject, None)) if p.subject else ""
    if subject and not any(
        FRESH.read_fresh(line, (*SIGN_UP, *SEATS), strip_please) for line in lines
    ):
        lines.append(subject)
    return lines


def fresh(cls: Callable[[], Spoken]) -> Callable[[], Spoken]:
    """Register a fresh mail's command."""
    FRESH.add(cls())
    return cls


class _OfAGame(Spoken):
    """A sign-up command whose argument is a game: an open game's id, a game's name, a game id."""

    pattern = r"([A-Za-z0-9-]{2,40})"


@fresh
class Join(_OfAGame):
    """JOIN <open game id | game name>: join an open game."""

    kind: ClassVar[str] = "join"
    name = "JOIN"
    help = (
        HelpLine(
            "fresh", 10, N_("    JOIN o-fc-3a9c   join an open game (its id, or the game's name)")
        ),
    )


@fresh
class Leave(_OfAGame):
    """LEAVE <open game id>: leave an open game before it starts."""

    kind: ClassVar[str] = "leave"
    name = "LEAVE"
    help = (HelpLine("fresh", 20, N_("    LEAVE o-fc-3a9c  leave an open game before it starts")),)


@fresh
class Watch(_OfAGame):
    """WATCH <game>: the public mails of a running game."""

    kind: ClassVar[str] = "watch"
    name = "WATCH"
    help = (HelpLine("fresh", 30, N_("    WATCH fc-7k3q    the public mails of a running game")),)


@fresh
class Unwatch(_OfAGame):
    """UNWATCH <game>: stop watching."""

    kind: ClassVar[str] = "unwatch"
    name = "UNWATCH"
    help = (HelpLine("fresh", 40, N_("    UNWATCH fc-7k3q  stop watching it")),)


@fresh
class Games(Spoken):
    """GAMES alone: the sender's games (in a reply to a game mail it is the email command GAMES,
    :class:`pbem.service.commands.GamesCmd`, which reads its French, Italian and German words
    too; a fresh mail reads only the English word)."""

    kind: ClassVar[str] = "games"
    name = "GAMES"


@fresh
class Standby(Spoken):
    """STANDBY <game name | any | off>: volunteer for free seats (issue 27)."""

    kind: ClassVar[str] = "standby"
    name = "STANDBY"
    words = {"fr": ("RESERVE",), "it": ("RISERVA",), "de": ("ERSATZ",)}
    pattern = r"([A-Za-z0-9-]{2,40})"
    help = (
        HelpLine(
            "seats", 10, N_("    STANDBY forbidden-city  volunteer for free seats (any; OFF)")
        ),
    )


@fresh
class Takeover(Spoken):
    """TAKEOVER <game> <seat>: take a free seat you were offered."""

    kind: ClassVar[str] = "takeover"
    name = "TAKEOVER"
    words = {"fr": ("REPRENDRE",), "it": ("SUBENTRA",), "de": ("UEBERNEHMEN",)}
    pattern = r"([a-z0-9-]{3,40})\s+([A-Za-z0-9@.+_-]{1,80})"
    help = (
        HelpLine("seats", 20, N_("    TAKEOVER fc-7k3q yellow take a free seat you were offered")),
    )
