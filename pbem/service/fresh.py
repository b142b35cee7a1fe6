"""The commands of a fresh mail to the service (not a reply to a game mail): their words and
the rule of their arguments (:mod:`pbem.commands.vocabulary`), registered in
:data:`~pbem.commands.vocabulary.FRESH`. The steps that carry them out read them from there:
JOIN, LEAVE, WATCH, UNWATCH and GAMES :mod:`pbem.service.signup`, STANDBY and TAKEOVER
:mod:`pbem.service.takeover`. Each word is read whole, in upper or lower case, alone on its line
with its arguments."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from pbem.commands.vocabulary import FRESH, PROSE_MAX, HelpLine, Spoken, fold_word
from pbem.i18n import N_

if TYPE_CHECKING:
    from pbem.mail.parse import ParsedMail

SIGN_UP = ("join", "leave", "watch", "unwatch", "games")
"""The sign-up step's commands (documented in docs/PLAYER-GUIDE.md; a test checks it)."""
SEATS = ("standby", "takeover")
"""The takeover step's commands."""
ACCOUNT = ("standings", "stats", "guide", "lang", "vacation", "back")
"""The email commands a fresh mail may carry for its sender's address, in all their games
(issue 31, thirteenth round: "Wie ist die aktuelle Rangliste?", "VACANZA due settimane", "I'm
back, please restart my clocks" in a new mail): read by :func:`account_request`, carried out by
:mod:`pbem.service.account` (STANDINGS, STATS, GUIDE answered at once; LANG, VACATION and BACK
change something and are confirmed by mail first)."""


def request_lines(p: ParsedMail) -> list[str]:
    """Where the command of a fresh mail is looked for, in order: its first three lines, then its
    Subject when none of those lines is a fresh mail's command ("JOIN o-fc-3a9c" or "PARTIES"
    as the Subject, the body only courtesy: "I'd like to join please. Thanks, Rob"; issue 31).
    :func:`read` reads these lines for both steps that read a fresh mail
    (:mod:`pbem.service.takeover`, :mod:`pbem.service.signup`)."""
    from pbem.mail.fingerprint import strip_subject
    from pbem.mail.reply import normalize_line, ours_answered, subject_text

    lines = p.command_lines()[:3]
    if p.subject and ours_answered(p.subject):
        # A reply to our mail ("Re: [pbem] JOIN o-fc-..." to the "You are in" notice): the
        # Subject is ours (it kept the request's words), read only when the body holds no line.
        subject = "" if lines else subject_text(p.subject)
    else:
        # only "Re:"/"Fwd:" taken off: a lone word is a command here ("PARTIES"), not a name
        subject = normalize_line(strip_subject(p.subject, None)) if p.subject else ""
    if subject and not any(command(line) for line in lines):
        lines.append(subject)
    return lines


WORDS_LINES = 8
"""How many of a fresh mail's first lines are read for a request in words (one request in all
of them, else none)."""

Request = tuple[str, tuple[str, ...]]
"""A fresh mail's request: its kind (``join``, ``standby``, ...) and its arguments."""


def read(p: ParsedMail) -> Request | None:
    """The one request of the fresh mail ``p`` (:func:`heard`), or None."""
    got = heard(p)
    return got[0] if got is not None else None


def heard(p: ParsedMail) -> tuple[Request, bool] | None:
    """The one request of the fresh mail ``p``, or None (the mail then gets the strangers'
    answer, which is the help: never a request guessed). First a command written as one, on the
    lines of :func:`request_lines` in their order (:func:`command`); failing that, a request in
    words (:func:`pbem.service.fresh_words.in_words`: "je voudrais rejoindre une partie de
    Forbidden City", "I'd like to take over the yellow seat in fc-7k3q"), read only when the
    lines ask for one thing. Both steps that read a fresh mail read it here, each acting on its
    own kinds (:data:`SIGN_UP`, :data:`SEATS`). With the request: whether it was said in words
    or below the first lines (such a request is confirmed by mail even in a reply to one of our
    mails)."""
    from pbem.commands.retraction import request_taken_back
    from pbem.mail.fingerprint import strip_subject
    from pbem.mail.reply import ours_answered
    from pbem.service.fresh_words import (
        in_words,
        in_words_across,
        in_words_with,
        standby_named,
    )

    lines = request_lines(p)
    for line in lines:
        if (got := command(line)) is not None:
            if request_taken_back(line, got[1], _below(p, line), got[0]):
                return None  # "JOIN o-fc-3a9c... non attendez, o-fc-7k2p": never the first (wt-24f)
            return got, False
    # a request may stand lower, after a few lines about oneself ("I'm new here ..."): a command
    # there, then words; both are confirmed by mail, even in a reply to one of our mails
    lower = p.command_lines()[3:WORDS_LINES]
    for line in lower:
        if (got := command(line)) is not None:
            return got, True
    said = {got for line in [*lines, *lower] if (got := in_words(line)) is not None}
    if not said and p.subject and not ours_answered(p.subject):
        # the target in the Subject only (Subject "Forbidden City", "I'd like to join please")
        subject = strip_subject(p.subject, None)
        said = {g for line in [*lines, *lower] if (g := in_words_with(line, subject)) is not None}
    if not said and (got := in_words_across([*lines, *lower])) is not None:
        said = {got}  # the target in another sentence ("Is o-fc-3a9c full? I'd love to play")
    if not said and (got := account_request(p)) is not None:
        return got, True  # an email command for the address ("classement svp", "BACK")
    if len(said) != 1:
        return None
    got = said.pop()
    if got[0] == "join" and standby_named([*lines, *lower]):
        return None  # "... eine weitere Partie Die Verbotene Stadt. Setzt mich auf die Warteliste"
    for line in [*lines, *lower]:
        if got[1] and got[1][0].casefold() in line.casefold():
            if request_taken_back(line, got[1], _below(p, line), got[0]):
                return None  # the request in words taken back after it (wt-24f)
            break
    return got, True


def account_request(p: ParsedMail) -> Request | None:
    """The one email command of :data:`ACCOUNT` that the fresh mail ``p`` asks for, read as a
    reply to a game mail is read (:func:`pbem.commands.grammar.read_commands`, no game: its
    words in the four languages, a request in a sentence, a question about a command, a
    condition, someone else's leave, a request taken back), on the mail's first
    :data:`WORDS_LINES` lines, then its Subject. None unless the mail asks for exactly that one
    command and nothing else: a move, a game's command (BOARD, SAY ...) or a line the reader
    refuses leave nothing read (the strangers' answer, which is the help: never a guess)."""
    from pbem.commands.grammar import read_commands
    from pbem.mail.fingerprint import strip_subject
    from pbem.mail.reply import normalize_line, ours_answered

    lines = p.command_lines()[:WORDS_LINES]
    subject = ""
    if p.subject and not ours_answered(p.subject):
        subject = normalize_line(strip_subject(p.subject, None))
    reading = read_commands(lines, None, subject=subject)
    if reading.errors or reading.syntax_errors or reading.mentions or len(reading.commands) != 1:
        return None
    if any(in_some_notation(line) for line in reading.ignored):
        return None  # a move in a new mail: never dropped beside the command
    cmd = reading.commands[0]
    if cmd.kind not in (*ACCOUNT, "games"):
        return None
    return cmd.kind, (cmd.arg,) if cmd.arg else ()


def in_some_notation(text: str) -> bool:
    """Whether ``text`` is written in the notation of one of our games ("M13 R1", "RB N",
    "keep"): a move in a new mail, which belongs to no game, stops its reading (the strangers'
    answer says to reply to the game's mail), never dropped beside a command read."""
    from pbem.errors import PLAYER_ERRORS
    from pbem.rules.base import InvalidSyntax

    for game, state, seats in _openings():
        for seat in seats:
            try:
                game.parse(state, seat, text)
            except InvalidSyntax:
                continue
            except PLAYER_ERRORS:
                return True  # well formed, only not a decision of this opening
            return True
    return False


@cache
def _openings() -> tuple[tuple[Any, Any, tuple[int, ...]], ...]:
    """Each game of the service at its opening, with the seats that owe a decision there (what
    :func:`in_some_notation` parses against)."""
    from pbem.rules import find_game, game_names

    out = []
    for name in game_names():
        game = find_game(name)
        state = game.setup(4, {}, 0)
        out.append((game, state, tuple(sorted({d.seat for d in game.pending(state)}))))
    return tuple(out)


def _below(p: ParsedMail, line: str) -> list[str]:
    """The body's lines below ``line`` (none when it is the Subject)."""
    body = p.command_lines()[:WORDS_LINES]
    return body[body.index(line) + 1 :] if line in body else []


def command(line: str) -> Request | None:
    """:func:`_command`, its arguments in the service's spelling: a seat in any of the four
    languages by its name ("REPRENDRE fc-7k3q jaune": ``yellow``), and no game's name that is
    not one ("RISERVA per Forbidden City" is not ``per-forbidden-city``: it is read as words)."""
    from pbem.service.fresh_words import argument_problem, seat_name

    got = _command(line)
    if got is None:
        return None
    kind, args = got
    if kind == "takeover" and len(args) == 2:
        args = (args[0], seat_name(args[1]) or args[1])
    if args and argument_problem(kind, args[0]):
        return None
    if kind in ("join", "standby") and args and args[0] != args[0].lower():
        # a game's name in words ("STANDBY Die Verbotene Stadt"): its registered name
        from pbem.rules import game_key

        args = (game_key(args[0]) or args[0], *args[1:])
    return kind, args


def _command(line: str) -> Request | None:
    """A fresh mail's command on ``line``: its word in any language with its arguments
    (:meth:`~pbem.commands.vocabulary.Vocabulary.read_fresh`: alone, with courtesy, after
    asking words); GAMES in the reader's words (PARTIES, PARTITE, PARTIEN, or asked in a
    sentence); or the command written in capitals as the last sentence of its line, after a
    full stop, a question or exclamation mark, a colon or a semicolon (issue 31: "ich kann
    leider doch nicht mitspielen. LEAVE o-fc-3a9c", "sono disponibile come riserva: STANDBY
    forbidden-city", "Pouvez-vous me lister mes parties en cours ? PARTIES"): what the sentences
    before it say (a regret, a condition) is not said of the command."""
    from pbem.mail.reply import strip_please

    kinds = (*SIGN_UP, *SEATS)
    # "JOIN: o-fc-3a9c", "watch: fc-7k3q": a colon after the command's word
    line = re.sub(r"^(\s*[^\W\d_]{4,})\s*:\s+(?=\S)", r"\1 ", line)
    got = FRESH.read_fresh(line, kinds, strip_please)
    if got is not None and (_as_written(line, kinds) or _in_capitals(line)):
        return got
    if games_word(line):
        return "games", ()
    if len(line) > PROSE_MAX:
        return None  # a sentence and a command: a line of ordinary length (the cost stays linear)
    for m in reversed(list(_SENTENCE_END.finditer(line))):
        tail = line[m.end() :]
        word = tail.split()[0] if tail.split() else ""
        if not (len(word) >= 4 and word.isupper()):
            continue  # a command after prose is written as one: in capitals
        got = FRESH.read_fresh(tail, kinds, strip_please)
        if got is not None:
            return got
        if len(tail.split()) <= 4 and games_word(tail):
            return "games", ()
    return None


def _as_written(line: str, kinds: tuple[str, ...]) -> bool:
    """Whether ``line`` is a command as it stands: its word first, courtesy or a greeting
    aside ("Please JOIN o-fc-3a9c", "Bonjour, standby verbotene-stadt svp", "Standby Forbidden
    City")."""
    from pbem.mail.reply import strip_please

    tries = [line, strip_please(line)]
    head, sep, rest = line.partition(",")
    if sep and len(head.split()) <= 3 and rest.strip():
        tries.append(strip_please(rest))
    return any(FRESH.read_fresh(t, kinds) is not None for t in tries)


def _in_capitals(line: str) -> bool:
    """Whether a command word stands in capitals on ``line`` ("Hi, I'd like to JOIN o-fc-3a9c"):
    a command word in lower case inside prose ("my brother wants to join o-fc-3a9c") is read
    as words (:func:`pbem.service.fresh_words.in_words`), with their checks."""
    words = {fold_word(w) for w in re.findall(r"[^\W\d_]{4,}", line) if w.isupper()}
    return any(words & {cmd.name, *(w for ws in cmd.words.values() for w in ws)} for cmd in FRESH)


_SENTENCE_END = re.compile(r"[.!?;:\u2026]+\s+")
"""Where a sentence ends on a line (a command may follow in capitals)."""


def games_word(line: str) -> bool:
    """GAMES in the reader's words (PARTIES, PARTITE, PARTIEN; courtesy and a question mark
    aside): the word a French, Italian or German mail tells its reader to write."""
    from pbem.commands.grammar import command_word
    from pbem.commands.requests import requested
    from pbem.mail.reply import strip_please

    words = line.split()
    if len(words) <= 4 and command_word(strip_please(line)) == "GAMES":
        return True
    # asked in a sentence ("Bonjour, où en sont mes parties ? Merci", "Hi, which games am I in
    # at the moment? I've lost track after the holidays."; "In quali partite sono iscritto?";
    # issue 31)
    from pbem.service.fresh_words import games_in_words

    return [cmd.kind for cmd, _arg in requested(line)] == ["games"] or games_in_words(line)


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
