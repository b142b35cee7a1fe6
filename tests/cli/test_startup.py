"""Start-up: ``pbem.cli.main`` imports only the command module it needs, and that map is right."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

import pbem.cli as cli
from pbem.cli import admin_app, app

ROOT = Path(__file__).resolve().parents[2]


def _commands(group: typer.Typer) -> dict[str, str]:
    """Command name -> the module defining it, for one typer group (not its subgroups)."""
    out = {}
    for cmd in group.registered_commands:
        assert cmd.callback is not None
        out[cmd.name or cmd.callback.__name__.replace("_", "-")] = cmd.callback.__module__
    return out


def _short(module: str) -> str:
    """The command module of ``pbem.cli`` a callback's module is part of (``pbem.cli.admin.games``
    is the package ``admin``, which ``pbem.cli`` loads whole)."""
    return module.removeprefix("pbem.cli.").split(".")[0]


def test_the_module_map_matches_the_commands() -> None:
    top = _commands(app)
    for name, module in top.items():
        assert cli._TOP.get(name) == _short(module), name
    admin = _commands(admin_app)
    for name, module in admin.items():
        short = _short(module)
        if short == "admin":
            assert name in cli._ADMIN_MODULE, name
        else:
            assert cli._ADMIN.get(name) == short, name
    assert set(cli._ADMIN_MODULE) <= set(admin)
    groups = {g.name for g in admin_app.registered_groups}
    assert groups == {n for n, m in cli._ADMIN.items() if m == "keys"}


@pytest.mark.parametrize(
    ("argv", "modules"),
    [
        (["run", "--config", "x"], ["service"]),
        (["daemon"], ["service"]),
        (["admin", "list", "--data-dir", "d"], ["admin"]),
        (["admin", "key", "list"], ["keys"]),
        (["admin", "resend", "fc-abcd"], ["service"]),
        (["play", "forbidden-city"], ["play"]),
        (["--help"], list(cli._MODULES)),
        ([], list(cli._MODULES)),
        (["admin", "--help"], list(cli._MODULES)),
        (["admin", "no-such-command"], list(cli._MODULES)),
    ],
)
def test_modules_for(argv: list[str], modules: list[str]) -> None:
    assert cli._modules_for(argv) == modules


def _imported_by(argv: list[str]) -> set[str]:
    code = (
        "import sys\n"
        f"sys.argv = ['pbem', *{argv!r}]\n"
        "from pbem.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "print('\\n'.join(sorted(sys.modules)))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        cwd="/",
        timeout=120,
    )
    return set(done.stdout.split())


def _idle_config(tmp_path: Path) -> Path:
    """A pbem.toml over empty Maildirs, with keys and no game: a tick with nothing to do."""
    cfg = tmp_path / "pbem.toml"
    data, keys = tmp_path / "games", tmp_path / "keys"
    from pbem.store import Keyring

    Keyring.create(keys, data_dir=data)
    for d in ("inbox", "sent"):
        for sub in ("new", "cur", "tmp"):
            (tmp_path / d / sub).mkdir(parents=True)
    cfg.write_text(
        f'data_dir = "{data}"\nkeys_dir = "{keys}"\nservice_address = "s@pbem.test"\n'
        f'maildir_inbound = "{tmp_path / "inbox"}"\nmaildir_outbound = "{tmp_path / "sent"}"\n'
    )
    return cfg


def test_an_idle_run_and_help_stay_light(tmp_path: Path) -> None:
    idle = _imported_by(["run", "--config", str(_idle_config(tmp_path))])
    assert "pbem.runner" in idle  # it did run
    for heavy in (
        "imapclient",
        "jinja2",
        "aiosmtplib",
        "pydantic",
        "rich",
        "pbem.cli.admin",
        "pbem.crypto_mail",
    ):
        assert heavy not in idle, heavy
    helped = _imported_by(["--help"])
    assert "rich" not in helped and "pydantic" not in helped


def test_parameters_are_still_checked_without_pydantic(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    r = CliRunner().invoke(
        app,
        [
            "admin",
            "new",
            "forbidden-city",
            "-p",
            "a@x.org",
            "-p",
            "b@x.org",
            "--seed",
            "many",
            "--data-dir",
            str(tmp_path / "g"),
        ],
    )
    assert r.exit_code == 2 and "'many' is not a valid integer" in r.output
    r = CliRunner().invoke(app, ["run", "--config", str(tmp_path / "none.toml")])
    assert r.exit_code == 2  # the Path parameter converted; the missing file is the config error


def test_the_cron_forms_of_run_are_parsed_without_typer() -> None:
    from pbem.cli.tick import parse_run

    assert parse_run(["run"]) == (None, None, False)
    assert parse_run(["run", "--config", "a.toml", "-v"]) == (Path("a.toml"), None, True)
    assert parse_run(["run", "--config=a.toml", "--data-dir", "g", "--verbose"]) == (
        Path("a.toml"),
        Path("g"),
        True,
    )
    # Anything else goes to typer, which reports it (or shows the help).
    for argv in (
        ["run", "--help"],
        ["run", "--config"],
        ["run", "--config="],
        ["run", "--config", "-v"],
        ["run", "--bogus"],
        ["run", "extra"],
        ["daemon", "--config", "a.toml"],
        [],
    ):
        assert parse_run(argv) is None, argv


def test_an_idle_run_imports_no_mail_building_and_no_typer(tmp_path: Path) -> None:
    idle = _imported_by(["run", "--config", str(_idle_config(tmp_path))])
    assert "pbem.runner" in idle  # it did run
    for heavy in (
        "typer",
        "email.message",
        "PIL",
        "pbem.mail.parse",
        "pbem.mail.picture",
        "pbem.service.steps",
        "pbem.crypto",
        "cryptography",  # the keyring's keys are built when something is signed or opened
        "pbem.mail.compose",  # the template cache is set up when the mailer is built
        "gettext",  # loaded with the first catalog
        "ssl",
        "tarfile",
    ):
        assert heavy not in idle, heavy
    helped = _imported_by(["--help"])
    assert "pbem.store" not in helped and "pbem.crypto" not in helped


def test_a_second_idle_run_imports_neither_msgspec_nor_logging(tmp_path: Path) -> None:
    """The first tick over a fresh data directory is a full one (it creates the folders and does
    the day's pruning: the tests above look at what it imports); the next finds nothing to do and
    is answered from the markers (pbem.cli.idle), without the service, the store or msgspec."""
    argv = ["run", "--config", str(_idle_config(tmp_path))]
    assert "pbem.runner" in _imported_by(argv)
    idle = _imported_by(argv)
    assert "pbem.cli.idle" in idle  # it did run
    for heavy in (
        "msgspec",
        "logging",
        "typing_extensions",
        "dataclasses",
        "pbem.config",
        "pbem.errors",
        "pbem.runner",
        "pbem.service",
        "pbem.store",
        "pbem.mail.outbox",
    ):
        assert heavy not in idle, heavy


# ------------------------------------------------------------------ help without typer


@pytest.mark.parametrize("argv", [["--help"], ["admin", "--help"]])
@pytest.mark.parametrize("prog", ["pbem", "python -m pbem"])
def test_the_stored_help_is_what_typer_prints(argv: list[str], prog: str) -> None:
    """If this fails, a command or its help changed: run ``python -m pbem.cli.helptext``."""
    from pbem.cli import helptext

    stored = helptext.HELP["admin" if argv[0] == "admin" else ""].replace(helptext.PROG, prog)
    assert stored == helptext.render_with_typer(argv, prog)


@pytest.mark.parametrize("argv", [["--help"], ["admin", "--help"]])
def test_help_is_answered_without_typer_or_command_modules(argv: list[str]) -> None:
    from pbem.cli import helptext

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("COLUMNS", None)
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "pbem", *argv],
        capture_output=True,
        text=True,
        env=env,
        cwd="/",
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout == helptext.render_with_typer(argv, "python -m pbem")
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines()}
    for heavy in (
        "typer",
        "click",
        "pbem.cli.apps",
        "pbem.cli.admin",
        "pbem.cli.service",
        "msgspec",
    ):
        assert heavy not in imported, heavy
    # A narrow terminal: click wraps differently, so typer renders it.
    narrow = subprocess.run(
        [sys.executable, "-m", "pbem", *argv],
        capture_output=True,
        text=True,
        env={**env, "COLUMNS": "60"},
        cwd="/",
        timeout=120,
    )
    assert narrow.returncode == 0 and narrow.stdout != done.stdout
    assert max(len(line) for line in narrow.stdout.splitlines()) <= 58


@pytest.mark.parametrize(
    ("argv0", "package"),
    [
        ("/usr/local/bin/pbem", None),
        ("pbem", ""),
        ("/srv/pbem/pbem/__main__.py", "pbem"),
        ("/srv/pbem/pbem/cli/tool.py", "pbem.cli"),
    ],
)
def test_the_program_name_is_clicks(
    argv0: str, package: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import types

    from typer._click.utils import _detect_program_name

    from pbem.cli.helptext import program_name

    main = types.ModuleType("__main__")
    main.__package__ = package
    monkeypatch.setitem(sys.modules, "__main__", main)
    monkeypatch.setattr(sys, "argv", [argv0, "--help"])
    assert program_name() == _detect_program_name(_main=main)


def test_only_the_plain_help_forms_are_answered_from_the_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pbem.cli.helptext import quick_help

    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setattr(sys, "argv", ["pbem"])
    assert quick_help(["--help"]) is not None
    assert quick_help(["admin", "--help"]) is not None
    for argv in (["run", "--help"], ["admin", "list", "--help"], ["--help", "x"], [], ["admin"]):
        assert quick_help(argv) is None, argv
    monkeypatch.setenv("COLUMNS", "79")
    assert quick_help(["--help"]) is None
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setattr(sys, "argv", ["a-very-long-program-name-that-click-would-wrap-x"])
    assert quick_help(["--help"]) is None


def test_the_template_cache_is_set_up_with_the_mailer(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from pbem.config import load_config
    from pbem.mail import compose
    from pbem.runner import build_service
    from pbem.store import Keyring

    Keyring.create(tmp_path / "keys", data_dir=tmp_path / "games")
    cfg = tmp_path / "pbem.toml"
    cfg.write_text(
        f'data_dir = "{tmp_path / "games"}"\nkeys_dir = "{tmp_path / "keys"}"\n'
        'service_address = "s@pbem.test"\n'
    )
    service = build_service(load_config(cfg), lambda: datetime.now(UTC))
    cache = tmp_path / "games" / ".cache" / "templates"
    assert service.template_cache == cache
    try:
        assert service.mailer is not None
        assert compose._bytecode_dir == cache and cache.is_dir()
        assert cache.stat().st_mode & 0o777 == 0o700
    finally:
        compose.use_bytecode_cache(None)
