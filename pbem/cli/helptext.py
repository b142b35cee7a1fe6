"""``pbem --help`` and ``pbem admin --help`` without typer: the two texts as typer renders them.

Typer, click and every command module (to know the commands) cost most of ``pbem --help``'s
start-up; these two texts do not change between runs, so :func:`quick_help` prints the stored
copy when the output would be byte for byte what typer prints: the default help width (a
terminal of 80 columns or more, or none) and a short program name. Anything else goes to typer.
``tests/cli/test_startup.py`` checks the stored texts against typer's rendering, so they cannot
drift: after changing a command or its one-line help, run ``python -m pbem.cli.helptext`` (it
rewrites :data:`HELP` below from typer).
"""

from __future__ import annotations

import os
import sys

PROG = "\x00PROG\x00"
"""Stands for the program name in :data:`HELP` (``pbem``, or ``python -m pbem``)."""

WIDTH_COLUMNS = 80
"""Click formats help to ``min(terminal columns, 80) - 2``: the stored texts are for 80 or more."""

HELP: dict[str, str] = {
    # BEGIN GENERATED (python -m pbem.cli.helptext)
    "": (
        "Usage: \u0000PROG\u0000 [OPTIONS] COMMAND [ARGS]...\n"
        "\n"
        "  Play-by-email service for the two Forbidden City board games.\n"
        "\n"
        "Options:\n"
        "  --help  Show this message and exit.\n"
        "\n"
        "Commands:\n"
        "  init            Set up a service: write a commented config file, create...\n"
        "  verify-shuffle  Check, from the public record, that no draw was rigged:...\n"
        "  play            Play a game in this terminal (hot-seat humans and/or...\n"
        "  demo            Play a whole 4-player game by real mail between bots,...\n"
        "  sandbox         Try the service with local mail: start a private...\n"
        "  run             One tick of the mail loop (for cron): read the service...\n"
        "  daemon          Run the mail loop continuously: wait on IMAP IDLE (or...\n"
        "  verify-record   Check a game record with the service's public key...\n"
        "  doctor          Check the site end to end, one line per check: the...\n"
        "  auth            Give the service's mailbox OAuth2 consent once...\n"
        "  standings       Recompute the standings from signed game exports alone,...\n"
        "  admin           The game master's commands: create, list, inspect,...\n"
    ),
    "admin": (
        "Usage: \u0000PROG\u0000 admin [OPTIONS] COMMAND [ARGS]...\n"
        "\n"
        "  The game master's commands: create, list, inspect, verify, repair games.\n"
        "\n"
        "Options:\n"
        "  --help  Show this message and exit.\n"
        "\n"
        "Commands:\n"
        "  new         Create a game and print its id.\n"
        "  open        Announce an open game that players join by mail (JOIN ID,...\n"
        "  unwatch     Stop an observer's mails of GAME: they are told once, at...\n"
        "  list        List every game: id, game, status, moves, who is to move...\n"
        "  show        Show a game: players, the board (public view, or one seat's...\n"
        "  history     The game's public history: every event of the log, secrets...\n"
        "  move        Enter a move for a seat, such as one a player phoned in.\n"
        "  verify      Verify signatures, the hash chain, the snapshot and a full...\n"
        "  replay      Show the game as it was right after event N (read-only; the...\n"
        "  undo        Revert the last move.\n"
        "  replace     Give a seat to another person (the old player stays in the...\n"
        "  pause       Stop accepting moves (and deadlines) until 'resume'.\n"
        "  resume      Accept moves again after 'pause'.\n"
        "  end         End a game now.\n"
        "  deadline    Set the deadline of one kind of decision (the runner acts...\n"
        "  policy      Show or change the game's service settings: what a missed...\n"
        "  vacation    Send a player on vacation (their deadlines stop; every...\n"
        "  offer       Offer a seat the computer plays to the volunteers...\n"
        "  lang        Set the language of a player's mail, in every game they...\n"
        "  mail        Set how much mail a player gets, in every game they play...\n"
        "  bounces     The addresses whose mail came back undelivered: how often,...\n"
        "  export      Write a portable archive of the game that 'pbem admin...\n"
        "  pubkey      Print the service's public signing key (one line, to publish).\n"
        "  rotate-key  Replace the signing key.\n"
        "  resend      Mail the current board again, for a player who lost it.\n"
        "  record      Write a game's record (a signed text, PGN-like, that 'pbem...\n"
        "  publish     Write a static site any web server can serve: an index of...\n"
        "  standings   The standings: each pool's ratings (? = provisional), the...\n"
        "  key         Players' encryption keys (S/MIME certificates, OpenPGP...\n"
    ),
    # END GENERATED
}


def program_name() -> str:
    """The program name as click shows it (``click.utils._detect_program_name``): the script's
    file name, or ``python -m <package>`` when run with ``-m``."""
    main = sys.modules.get("__main__")
    path = sys.argv[0] if sys.argv else ""
    package = getattr(main, "__package__", None)
    if package in (None, ""):
        return os.path.basename(path)
    name = os.path.splitext(os.path.basename(path))[0]
    module = str(package) if name == "__main__" else f"{package}.{name}"
    return f"python -m {module.lstrip('.')}"


def terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``, as click asks it (without importing shutil)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
        if columns <= 0:
            columns = 80
    return columns


def quick_help(argv: list[str]) -> str | None:
    """The help text for ``argv`` (without the program name) when it is exactly ``--help`` or
    ``admin --help`` and the stored text is what typer would print; else None."""
    if argv == ["--help"]:
        key = ""
    elif argv == ["admin", "--help"]:
        key = "admin"
    else:
        return None
    text = HELP.get(key)
    prog = program_name()
    if text is None or terminal_columns() < WIDTH_COLUMNS or not 0 < len(prog) <= 30:
        return None
    return text.replace(PROG, prog)


def render_with_typer(argv: list[str], prog: str) -> str:
    """What typer prints for ``argv`` under the program name ``prog`` in a terminal of
    :data:`WIDTH_COLUMNS` columns (click's ``CliRunner`` would force another width)."""
    import contextlib
    import io

    import typer.main

    from pbem.cli import app

    out = io.StringIO()
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(WIDTH_COLUMNS)
    try:
        with contextlib.redirect_stdout(out):
            typer.main.get_command(app).main(args=argv, prog_name=prog, standalone_mode=False)
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved
    return out.getvalue()


def generate() -> dict[str, str]:
    """:data:`HELP` as typer renders it now."""
    marker = "PBEMPROGNAME"  # one word: wraps like a program name would
    return {
        key: render_with_typer([*key.split(), "--help"], marker).replace(marker, PROG)
        for key in ("", "admin")
    }


def _rewrite() -> None:
    """Rewrite the generated block of this file from typer's rendering."""
    import json

    path = os.path.abspath(__file__)
    with open(path, encoding="utf-8") as f:
        source = f.read()
    begin = "    # BEGIN GENERATED (python -m pbem.cli.helptext)\n"
    end = "    # END GENERATED\n"
    head, rest = source.split(begin, 1)
    _old, tail = rest.split(end, 1)
    lines = []
    for key, text in generate().items():
        # JSON string literals are Python ones too, double-quoted as ruff formats them.
        lines.append(f"    {json.dumps(key)}: (\n")
        for line in text.splitlines(keepends=True):
            lines.append(f"        {json.dumps(line)}\n")
        lines.append("    ),\n")
    with open(path, "w", encoding="utf-8") as f:
        f.write(head + begin + "".join(lines) + end + tail)


if __name__ == "__main__":
    _rewrite()
