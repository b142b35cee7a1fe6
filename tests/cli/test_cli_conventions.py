"""CLI polish (issue 16 item 6, issue 9 item 11): help that reads as sentences, flags without a
type, one convention for errors and exit codes, readable history, one-line errors."""

from __future__ import annotations

import inspect
import json
import re
import threading
from pathlib import Path
from typing import Any

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from pbem.cli import app
from pbem.errors import EXIT_FAILED, EXIT_OK, EXIT_SETUP
from pbem.store import service_lock

PLAYERS = ["-p", "Ann <ann@example.org>", "-p", "Bob <bob@example.org>"]


@pytest.fixture
def mail_run(run: Any, service: Path) -> Any:
    """``run`` with the service's addresses filled in (no mailbox: send-only ticks do nothing)."""
    cfg = service / "pbem.toml"
    text = cfg.read_text()
    text = text.replace('service_address = ""', 'service_address = "pbem@example.org"', 1)
    text = text.replace('gm_address = ""', 'gm_address = "gm@example.org"', 1)
    cfg.write_text(text)
    return run


def _commands() -> list[tuple[list[str], Any]]:
    """Every command and group, as (argv path, click command)."""
    out: list[tuple[list[str], Any]] = []

    def walk(path: list[str], cmd: Any) -> None:
        out.append((path, cmd))
        for name in getattr(cmd, "commands", {}) or {}:
            walk([*path, name], cmd.commands[name])

    walk([], get_command(app))
    return out


def _paragraphs(doc: str) -> list[str]:
    """A docstring's paragraphs as single lines."""
    text = inspect.cleandoc(doc).partition("\f")[0]
    return [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]


def test_help_reads_as_sentences_and_flags_show_no_type(monkeypatch: pytest.MonkeyPatch) -> None:
    # A very wide terminal: a paragraph must then come out on one line, never broken mid-sentence
    # where the docstring's source happens to wrap.
    commands = _commands()
    assert len(commands) > 20
    for path, cmd in commands:
        result = CliRunner().invoke(app, [*path, "--help"], terminal_width=1000)
        assert result.exit_code == 0, (path, result.output)
        assert "<bool>" not in result.output, path
        lines = [" ".join(line.strip(" │").split()) for line in result.output.splitlines()]
        for para in _paragraphs(cmd.help or ""):
            assert any(para in line for line in lines), (path, para)


def test_a_bad_seat_is_a_failed_request_not_a_setup_error(mail_run: Any) -> None:
    run = mail_run
    gid = run("admin", "new", "forbidden-city", *PLAYERS, "--seed", "3").stdout.strip()
    for argv in (
        ["admin", "show", gid, "--as", "green"],
        ["admin", "move", gid, "9", "C4 R1"],
        ["admin", "resend", gid, "--seat", "nobody@example.org"],
    ):
        result = run(*argv, ok=False)
        assert result.exit_code == EXIT_FAILED, (argv, result.output)
        assert "is not a seat" in result.output and "Traceback" not in result.output
        assert "Usage:" not in result.output  # one line, not a usage box


def test_setup_errors_exit_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["run", "--config", str(tmp_path / "nope.toml")])
    assert result.exit_code == EXIT_SETUP and result.output.startswith("error: ")


def test_export_to_a_bad_path_is_one_line(run: Any, tmp_path: Path) -> None:
    gid = run("admin", "new", "forbidden-city", *PLAYERS, "--seed", "3").stdout.strip()
    target = tmp_path / "no" / "such" / "dir" / "x.tar.gz"
    result = run("admin", "export", gid, "-o", str(target), ok=False)
    assert result.exit_code == EXIT_FAILED
    assert result.output.strip() == f"error: cannot write {target}: No such file or directory"


def test_export_into_a_folder_and_verify_a_missing_file(run: Any, tmp_path: Path) -> None:
    """Issue 31: ``-o newdir/`` and ``-o existing_dir`` write ``<game>.tar.gz`` inside; a missing
    archive is "no such file", not "not a game id"."""
    gid = run("admin", "new", "forbidden-city", *PLAYERS, "--seed", "3").stdout.strip()
    made = run("admin", "export", gid, "-o", str(tmp_path / "newdir") + "/").stdout.strip()
    assert made == str(tmp_path / "newdir" / f"{gid}.tar.gz") and Path(made).is_file()
    again = run("admin", "export", gid, "-o", str(tmp_path / "newdir")).stdout.strip()
    assert again == made
    missing = run("verify-shuffle", str(tmp_path / "missing.tar.gz"), ok=False)
    assert missing.exit_code == EXIT_FAILED
    assert "no such file" in missing.output and "game id" not in missing.output


def test_verify_of_a_plain_directory_is_one_line(run: Any) -> None:
    for argv in (["admin", "verify", "."], ["verify-shuffle", "."]):
        result = run(*argv, ok=False)
        assert result.exit_code == EXIT_FAILED, result.output
        assert len(result.output.strip().splitlines()) == 1
        assert result.output.startswith("error: . is a directory but not a copy of a game")


def test_history_is_readable_text(run: Any) -> None:
    gid = run("admin", "new", "forbidden-city", *PLAYERS, "--seed", "3").stdout.strip()
    shown = json.loads(run("admin", "show", gid, "--json").stdout)
    seat, move = shown["to_move"], shown["legal_moves"][0]
    moved = run("admin", "move", gid, str(seat), move).stdout
    assert "{" not in moved and "placed " in moved, moved  # sentences, not the event's JSON
    run("admin", "undo", gid, "--reason", "phoned the wrong square")
    run("admin", "pause", gid, "--reason", "holiday")
    run("admin", "resume", gid)
    run("admin", "deadline", gid, "move", "3d")
    run("admin", "replace", gid, "1", "Cy <cy@example.org>")
    run("admin", "show", gid, "--as", "0")
    run("admin", "end", gid)
    lines = run("admin", "history", gid).stdout.splitlines()
    kinds = [line.split()[2] for line in lines]
    assert kinds == [
        "setup",
        "action",
        "undo",
        "pause",
        "resume",
        "deadline",
        "replace",
        "view-access",
        "end",
        "reveal",
    ]
    for line in lines:
        assert not re.search(r"[{}\[\]]", line), line  # no raw JSON
    text = "\n".join(lines)
    assert f"{move} (entered by the GM): " in text and " placed " in text
    assert "took back move" in text and "(yellow): phoned the wrong square." in text
    assert text.count("phoned the wrong square") == 1  # the reason once (issue 31)
    assert "paused the game: holiday" in text
    assert "'move' decisions are due 3 days after they arise" in text
    assert "Cy now plays" in text


def test_run_verbose_prints_its_summary_once(mail_run: Any) -> None:
    result = mail_run("run", "-v")
    assert result.output.count("fetched ") == 1, result.output


def test_a_losing_concurrent_run_prints_one_line_and_exits_0(mail_run: Any, service: Path) -> None:
    run = mail_run
    held, release = threading.Event(), threading.Event()

    def hold() -> None:
        with service_lock(service / "games", wait=False):
            held.set()
            release.wait(30)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert held.wait(10)
        result = run("run", ok=False)
    finally:
        release.set()
        holder.join()
    assert result.exit_code == EXIT_OK, result.output
    assert "Traceback" not in result.output and "ConflictError" not in result.output
    assert result.output.strip().splitlines() == [
        f"another pbem run is active on {service / 'games'}; this one did nothing "
        "(the running one reads the mail)"
    ]
    # The lock free again, a run works as usual.
    assert run("run").exit_code == EXIT_OK


def test_history_names_a_mail_without_its_message_id(run: Any, service: Path) -> None:
    """Issue 31: a move that came by mail is marked "(by mail)", not followed by the client's raw
    Message-ID (``--json`` keeps it)."""
    from datetime import UTC, datetime

    from pbem.config import load_config
    from pbem.store import ActionEntry

    gid = run("admin", "new", "forbidden-city", *PLAYERS, "--seed", "3").stdout.strip()
    shown = json.loads(run("admin", "show", gid, "--json").stdout)
    store = load_config(service / "pbem.toml").store()
    rec = store.load(gid)
    mid = "<CAF=3x9+long.client.id.1234567890@mail.gmail.example>"
    entry = ActionEntry(shown["to_move"], text=shown["legal_moves"][0], message_id=mid)
    store.commit(gid, rec.seq, [entry], datetime.now(UTC))
    text = run("admin", "history", gid).stdout
    line = next(ln for ln in text.splitlines() if " action " in ln)
    assert line.endswith("(by mail)") and "<" not in line and "gmail" not in line, line
    assert mid in run("admin", "history", gid, "--json").stdout
