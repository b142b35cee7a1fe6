"""GM input is validated: names and addresses with CR, LF or other control characters, or a
non-ASCII local part, are refused everywhere a player enters a game (model, store, CLI)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import make_env
from typer.testing import CliRunner

from pbem.cli import app
from pbem.errors import CommandError
from pbem.model import check_email, check_name, check_player, parse_player
from pbem.store import Replace

GOOD = ["Ann <ann@example.org>", "Bob <bob@example.org>"]
BAD_PLAYERS = [
    "Cy\r\nBcc: x <cy@example.org>",
    "Cy\nX-Evil: 1 <cy@example.org>",
    "Cy <cy@example.org>\r\nBcc: x@evil.org",
    "Cy\x00 <cy@example.org>",
    "Cy\tTab <cy@example.org>",
    "Cy\u2028Fake line <cy@example.org>",
    "Cy\u0085 <cy@example.org>",
    "C\u202ey <cy@example.org>",  # a bidi override
    "Jörg <jörg@example.org>",  # non-ASCII local part: no SMTPUTF8 (docs/SECURITY.md)
    "Cy <cy\r@example.org>",
    "Cy <cy@exa\nmple.org>",
    "Cy <c y@example.org>",
    "Cy <cy@-example.org>",
]


@pytest.mark.parametrize("text", BAD_PLAYERS)
def test_parse_player_refuses_with_one_line(text: str) -> None:
    with pytest.raises(ValueError) as err:
        parse_player(text)
    message = str(err.value)
    assert "\n" not in message and "\r" not in message and "\u2028" not in message


def test_what_is_accepted_is_normalised() -> None:
    assert parse_player("Jörg Müller <Joerg@Bücher.Example>") == (
        "Jörg Müller",
        "joerg@xn--bcher-kva.example",
    )
    assert check_player(" Ann ", "Ann@Example.ORG") == ("Ann", "ann@example.org")
    for bad in ("", "   ", "x" * 65, 'A "quoted" name', "A <b>"):
        with pytest.raises(ValueError):
            check_name(bad)
    for bad in ("a", "a@", "@b.org", "a@b..org", "a@b.org\n", "a\u200b@b.org", "jörg@b.org"):
        with pytest.raises(ValueError):
            check_email(bad)


@pytest.mark.parametrize("name", ["Cy\r\nBcc: x", "Cy\u2029", "Cy\x1b[31m"])
def test_the_store_refuses_them_too(tmp_path: Path, name: str) -> None:
    env = make_env(tmp_path)
    with pytest.raises(ValueError):
        env.store.create(
            "forbidden-city",
            [("Ann", "ann@example.org"), (name, "cy@example.org")],
            {},
            1,
            env.clock(),
        )
    with pytest.raises(ValueError):
        env.store.create(
            "forbidden-city",
            [("Ann", "ann@example.org"), ("Cy", "c\ny@example.org")],
            {},
            1,
            env.clock(),
        )
    gid = env.store.create(
        "forbidden-city",
        [("Ann", "ann@example.org"), ("Bob", "bob@example.org")],
        {},
        1,
        env.clock(),
    )
    with pytest.raises(CommandError):
        env.store.commit(
            gid, env.store.load(gid).seq, [Replace(1, name, "cy@example.org")], env.clock()
        )
    with pytest.raises(CommandError):
        env.store.commit(
            gid,
            env.store.load(gid).seq,
            [Replace(1, "Cy", "cy@exämple.org\r\nBcc: x@y.org")],
            env.clock(),
        )
    assert env.store.load(gid).envelope.active_player(1).email == "bob@example.org"


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.chdir(tmp_path)
    for var in ("PBEM_CONFIG", "PBEM_DATA_DIR", "PBEM_KEYS_DIR"):
        monkeypatch.delenv(var, raising=False)
    runner = CliRunner()
    result = runner.invoke(app, ["init", "--data-dir", str(tmp_path / "games")])
    assert result.exit_code == 0, result.output
    return runner


def _one_line_error(result: object) -> None:
    assert result.exit_code == 1, result.output  # type: ignore[attr-defined]
    lines = result.output.strip().splitlines()  # type: ignore[attr-defined]
    assert len(lines) == 1 and lines[0].startswith("error: "), lines


@pytest.mark.parametrize("bad", BAD_PLAYERS[:3] + BAD_PLAYERS[8:9])
def test_admin_new_and_replace_refuse_with_one_line_and_exit_1(cli: CliRunner, bad: str) -> None:
    _one_line_error(cli.invoke(app, ["admin", "new", "forbidden-city", "-p", GOOD[0], "-p", bad]))
    assert cli.invoke(app, ["admin", "list", "--json"]).output.strip() == "[]"
    created = cli.invoke(app, ["admin", "new", "forbidden-city", "-p", GOOD[0], "-p", GOOD[1]])
    assert created.exit_code == 0, created.output
    gid = created.output.strip()
    _one_line_error(cli.invoke(app, ["admin", "replace", gid, "1", bad]))
    shown = cli.invoke(app, ["admin", "show", gid, "--json"])
    assert "cy@example.org" not in shown.output


@pytest.mark.parametrize(
    "bad", ["ann@x.org\r\nBcc: y@z", "jösé@example.org", "not an address", "ann@x.org\u2028"]
)
@pytest.mark.parametrize("command", [["mail"], ["lang"]])
def test_admin_mail_and_lang_check_the_address(
    cli: CliRunner, tmp_path: Path, bad: str, command: list[str]
) -> None:
    value = "turns" if command == ["mail"] else "fr"
    _one_line_error(cli.invoke(app, ["admin", *command, bad, value]))
    assert not (tmp_path / "games" / "outbox" / "prefs.json").exists()
    ok = cli.invoke(app, ["admin", *command, "Ann@Example.org", value])
    assert ok.exit_code == 0, ok.output
    assert "ann@example.org" in (tmp_path / "games" / "outbox" / "prefs.json").read_text()
