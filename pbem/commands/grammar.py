"""The player command grammar shared by every game.

A player's mail is read line by line (only the non-quoted lines: see :mod:`pbem.mail.parse`). Each line
is one of:

- a service command: ``BOARD``, ``HELP``, ``HISTORY``, ``SAY <text>``, ``RESIGN`` (+ ``CONFIRM``),
  ``CERT <passphrase>``;
- a game action in the game's own notation (``C4 R1``, ``RK north east``, ``doubt``...), optionally
  guarded by a move number ``#17`` anywhere on the line;
- prose ("Hi all,", "thanks!") which is ignored and listed as such in the answer.

A message is all-or-nothing: if any line is a command that cannot be carried out, nothing is.
The grammar is pure: it only needs the game's ``parse`` (passed in as a callable).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pbem.errors import CommandError
from pbem.rules.base import InvalidSyntax, NotYourDecision, RuleError

MAX_LINES = 40
"""Lines read from one message; the rest is ignored (and said so)."""

SERVICE_WORDS = ("BOARD", "HELP", "HISTORY", "SAY", "RESIGN", "CONFIRM", "CERT", "VACATION", "BACK",
                 "PREVIEW", "GAMES")

_COMMUNITY: dict[str, tuple[str, bool]] = {
    "VACATION": ("vacation", True),
    "BACK": ("back", False),
    "PREVIEW": ("preview", True),
    "GAMES": ("games", False),
}
"""Words of :mod:`pbem.service.community`: kind, and whether the word takes an argument (a word
without one, such as BACK, is only a command when alone on its line)."""
_COMMUNITY_ARG = {"vacation": "a length", "preview": "a move"}
_COMMUNITY_HINT = {"vacation": "VACATION 7d", "preview": "PREVIEW M9 R1"}



def _community_form(word: str, rest: str) -> bool:
    """Is this line the command (else prose such as "Back soon!" or "Vacation was great")?
    BACK and GAMES stand alone; VACATION takes one word, PREVIEW a short move."""
    _, needs_arg = _COMMUNITY[word]
    if not needs_arg:
        return not rest
    n = len(rest.split())
    return n <= 1 if word == "VACATION" else n <= 5


_GUARD = re.compile(r"(?:^|\s)#\s*(\d{1,5})\b")
_WORD = re.compile(r"^([A-Za-z]+)\b[:.!]?\s*(.*)$")


@dataclass(frozen=True)
class Command:
    """One understood line."""

    kind: str
    """``"board"``, ``"help"``, ``"history"``, ``"say"``, ``"resign"``, ``"cert"`` or ``"action"``."""
    line: str
    """The line as written."""
    arg: str = ""
    """The text after the keyword (SAY's message, CERT's passphrase)."""
    action: Any = None
    """For ``"action"``: the game's parsed, legal action."""
    guard: int | None = None
    """The ``#N`` move-number guard, if written."""


@dataclass
class Reading:
    """What one message says."""

    commands: list[Command] = field(default_factory=list)
    errors: list[tuple[str, RuleError | CommandError]] = field(default_factory=list)
    """(line, error) for each line that is a command but cannot be carried out."""
    ignored: list[str] = field(default_factory=list)
    """Lines that are not commands (prose, greetings)."""
    syntax_errors: list[tuple[str, InvalidSyntax | NotYourDecision]] = field(default_factory=list)
    """Short lines that looked like an attempt at a move but are not in the notation."""

    @property
    def action(self) -> Command | None:
        acts = [c for c in self.commands if c.kind == "action"]
        return acts[0] if acts else None

    def kinds(self) -> set[str]:
        return {c.kind for c in self.commands}


def _looks_like_attempt(line: str) -> bool:
    """Short lines are taken as attempts at a command; longer ones as prose."""
    words = line.split()
    return 0 < len(words) <= 5 and len(line) <= 40


def read_commands(
    lines: list[str],
    parse_action: Callable[[str], Any] | None,
    is_move_form: Callable[[str], bool] | None = None,
) -> Reading:
    """Classify the command lines of one message.

    ``parse_action(text)`` is the game's parse bound to the state and the seat (``None`` when the mail
    belongs to no game): it returns a legal action or raises a :class:`RuleError`.
    ``is_move_form(text)`` says whether a line is written in the game's move notation at all
    (used to tell a move out of turn from a word of thanks).
    """
    out = Reading()
    resign_seen = False
    confirm_seen = False
    for raw in lines[:MAX_LINES]:
        line = raw.strip()
        if not line:
            continue
        guard: int | None = None
        m = _GUARD.search(line)
        if m:
            guard = int(m.group(1))
            line_wo = (line[: m.start()] + " " + line[m.end() :]).strip()
        else:
            line_wo = line
        w = _WORD.match(line_wo)
        word = w.group(1).upper() if w else ""
        rest = w.group(2).strip() if w else ""
        if word == "BOARD" and not rest:
            out.commands.append(Command("board", line))
        elif word == "HELP" and not rest:
            out.commands.append(Command("help", line))
        elif word == "HISTORY" and not rest:
            out.commands.append(Command("history", line))
        elif word in _COMMUNITY and _community_form(word, rest):
            kind, needs_arg = _COMMUNITY[word]
            if needs_arg and not rest:
                out.errors.append((line, CommandError(f"{word} needs {_COMMUNITY_ARG[kind]}.",
                                                      hint=_COMMUNITY_HINT[kind])))
            else:
                out.commands.append(Command(kind, line, arg=rest))
        elif word == "SAY":
            if not rest:
                out.errors.append(
                    (line, CommandError("SAY needs a message.", hint="SAY Good luck, everyone!"))
                )
            else:
                out.commands.append(Command("say", line, arg=rest))
        elif word == "RESIGN" and rest.upper() in ("", "CONFIRM"):
            resign_seen = True
            confirm_seen = confirm_seen or rest.upper() == "CONFIRM"
        elif word == "CONFIRM" and not rest:
            confirm_seen = True
        elif word == "CERT":
            if len(rest) < 8:
                out.errors.append(
                    (
                        "CERT ...",  # never echo a passphrase
                        CommandError(
                            "CERT needs a passphrase of at least 8 characters; it protects the "
                            "key file we mail you.",
                            hint="CERT correct-horse-battery",
                        ),
                    )
                )
            else:
                out.commands.append(Command("cert", "CERT (passphrase hidden)", arg=rest))
        elif parse_action is None:
            out.ignored.append(line)
        else:
            try:
                action = parse_action(line_wo)
            except NotYourDecision as err:
                # "Not your turn" comes before the syntax check in the engines, so for a seat that
                # owes nothing a word of thanks raises it too. A line in the game's notation is a
                # real move out of turn (an error); anything else is prose.
                if is_move_form is not None and is_move_form(line_wo):
                    out.errors.append((line, err))
                elif _looks_like_attempt(line_wo):
                    out.syntax_errors.append((line, err))
                else:
                    out.ignored.append(line)
            except InvalidSyntax as err:
                if _looks_like_attempt(line_wo):
                    out.syntax_errors.append((line, err))
                else:
                    out.ignored.append(line)
            except RuleError as err:
                out.errors.append((line, err))
            else:
                out.commands.append(Command("action", line, action=action, guard=guard))
    if len(lines) > MAX_LINES:
        out.ignored.append(f"(and {len(lines) - MAX_LINES} more lines, not read)")
    if resign_seen and confirm_seen:
        out.commands.append(Command("resign", "RESIGN CONFIRM"))
    elif resign_seen:
        out.errors.append(
            (
                "RESIGN",
                CommandError(
                    "To resign, write RESIGN and CONFIRM in the same reply; a computer "
                    "player then takes over your seat. Nothing was changed.",
                    hint="RESIGN CONFIRM",
                ),
            )
        )
    elif confirm_seen:
        out.ignored.append("CONFIRM (nothing to confirm)")
    if len([c for c in out.commands if c.kind == "action"]) > 1:
        extra = [c for c in out.commands if c.kind == "action"][1:]
        for c in extra:
            out.errors.append(
                (c.line, CommandError("Only one move per reply is read; send the next one after "
                                      "the board comes back."))
            )
    if out.syntax_errors and not out.commands and not out.errors:
        # Nothing else was understood: the first attempt's reason is the useful answer.
        line, err = out.syntax_errors[0]
        out.errors.append((line, err))
    else:
        out.ignored.extend(line for line, _ in out.syntax_errors)
    return out
