"""The GM's commands, driven through the CLI runner (toy game for the mechanics)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pbem.cli import admin_app, app
from pbem.config import load_config

PLAYERS = ["-p", "Ann <ann@example.org>", "-p", "Bob <bob@example.org>"]


def new_toy(run: Any, *extra: str) -> str:
    result = run("admin", "new", "toy-draw", *PLAYERS, "-o", "deck=8", "--seed", "4", *extra)
    gid = result.stdout.strip()
    assert gid.startswith("td-")
    return gid


def show(run: Any, gid: str, *extra: str) -> dict:
    return json.loads(run("admin", "show", gid, "--json", *extra).stdout)


def test_every_command_has_help() -> None:
    runner = CliRunner()
    commands = [c.name for c in admin_app.registered_commands]
    for name in [
        "new",
        "list",
        "show",
        "history",
        "move",
        "verify",
        "replay",
        "undo",
        "replace",
        "pause",
        "resume",
        "end",
        "export",
        "pubkey",
        "rotate-key",
        "deadline",
        "policy",
        "vacation",
        "open",
    ]:
        assert name in commands
        result = runner.invoke(app, ["admin", name, "--help"])
        assert result.exit_code == 0 and "Usage" in result.output, name
    for name in ["init", "verify-shuffle"]:
        result = runner.invoke(app, [name, "--help"])
        assert result.exit_code == 0 and "Usage" in result.output


def test_init_writes_config_and_private_keys(service: Path) -> None:
    cfg = load_config(service / "pbem.toml")
    assert cfg.data_dir == service / "games" and cfg.keys_dir == service / "keys"
    assert stat.S_IMODE((service / "keys" / "keyring.json").stat().st_mode) == 0o600
    text = (service / "pbem.toml").read_text()
    assert "[imap]" in text and 'host = ""' in text and "password_env" in text
    result = CliRunner().invoke(app, ["init", "--data-dir", str(service / "games")])
    assert result.exit_code == 1 and "already exists" in result.output
    result = CliRunner().invoke(app, ["init", "--force", "--data-dir", str(service / "games")])
    assert result.exit_code == 0 and "Kept the existing keys" in result.output


def test_init_refuses_keys_inside_the_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["init", "--data-dir", "games", "--keys-dir", "games/keys"])
    assert result.exit_code == 2 and "inside the data directory" in result.output


def test_pubkey_and_rotation(run: Any) -> None:
    first = run("admin", "pubkey").stdout.strip()
    assert first.startswith("pbem-ed25519 ")
    gid = new_toy(run)
    rotated = run("admin", "rotate-key").stdout.strip().splitlines()[-1]
    assert rotated != first
    assert run("admin", "pubkey", "--all").stdout.split("\n")[:2] == [rotated, first]
    assert "OK" in run("admin", "verify", gid).stdout


def test_game_life_cycle(run: Any, service: Path) -> None:
    gid = new_toy(run)
    listed = json.loads(run("admin", "list", "--json").stdout)
    assert [g["game_id"] for g in listed] == [gid] and listed[0]["waiting_for"] == ["red"]
    data = show(run, gid)
    assert data["to_move"] == 0 and data["pending"][0]["prompt"] is None
    assert data["view"]["hand"] is None  # the public view
    move = data["legal_moves"][0]
    out = run("admin", "move", gid, "red", move).stdout
    assert "event 2" in out and "Next: seat 1 (blue)" in out
    # A mistake gets the player's own error message and exit status 1.
    bad = run("admin", "move", gid, "blue", "PLAY tok000000", ok=False)
    assert bad.exit_code == 1 and "You do not hold tok000000" in bad.output
    wrong_turn = run("admin", "move", gid, "ann@example.org", "PLAY x", ok=False)
    assert wrong_turn.exit_code == 1 and "not your turn" in wrong_turn.output
    no_seat = run("admin", "move", gid, "green", "PLAY x", ok=False)
    # No such seat in this game: the request failed (1), not a configuration error (2).
    assert no_seat.exit_code == 1 and "is not a seat" in no_seat.output
    # The private view, recorded in the log.
    mine = show(run, gid, "--as", "1")
    assert mine["view"]["hand"] and mine["as_seat"] == 1
    hist = json.loads(run("admin", "history", gid, "--json").stdout)
    assert hist[-1]["kind"] == "view-access" and hist[-1]["data"] == {"seat": 1, "by": "gm"}
    assert hist[1]["data"]["source"] == "gm"
    assert "sealed_seed" not in json.dumps(hist) and "siv1:" not in json.dumps(hist)
    assert "entered by the GM" in run("admin", "history", gid).stdout
    # Undo, pause, resume, replace, deadline, end.
    assert "undid event 2" in run("admin", "undo", gid).stdout
    assert show(run, gid)["to_move"] == 0
    run("admin", "pause", gid, "--reason", "holiday")
    paused = run("admin", "move", gid, "0", move, ok=False)
    assert paused.exit_code == 1 and "paused" in paused.output
    run("admin", "resume", gid)
    out = run("admin", "replace", gid, "blue", "Dora <dora@example.org>").stdout
    assert "Dora <dora@example.org>" in out
    assert show(run, gid)["players"][-1]["email"] == "dora@example.org"
    assert "due 1 day" in run("admin", "deadline", gid, "move", "1d").stdout
    assert show(run, gid)["deadlines"]["move"]["seconds"] == 86400
    replay = json.loads(run("admin", "replay", gid, "--to", "1", "--json").stdout)
    assert replay["seq"] == 1
    assert "revealed" in run("admin", "end", gid).stdout
    assert "OK" in run("verify-shuffle", gid).stdout
    assert "OK" in run("admin", "verify", gid).stdout


def test_verify_names_the_line_and_fails(run: Any, service: Path) -> None:
    gid = new_toy(run)
    run("admin", "pause", gid)
    log = service / "games" / gid / "log.jsonl"
    log.write_bytes(log.read_bytes().replace(b'"reason":""', b'"reason":"x"'))
    result = run("admin", "verify", gid, ok=False)
    assert result.exit_code == 1 and f"{gid}: " in result.output and "log.jsonl:2" in result.output
    other = new_toy(run)
    result = run("admin", "verify", "--all", ok=False)
    assert result.exit_code == 1 and "2 games, 1 damaged" in result.output
    assert f"{other}: OK" in result.output
    assert "DAMAGED" in run("admin", "list").stdout
    shown = run("admin", "show", gid, ok=False)
    assert shown.exit_code == 1 and "log.jsonl:2" in shown.output


def test_export_verifies_elsewhere_with_public_key_alone(
    run: Any, service: Path, tmp_path: Path
) -> None:
    gid = new_toy(run)
    key = run("admin", "pubkey").stdout.strip()
    out = run("admin", "export", gid, "-o", str(tmp_path / "g.tar.gz")).stdout.strip()
    # "Another machine": no config, no keys, only the archive and the public key.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.chdir(elsewhere)
    result = CliRunner().invoke(app, ["admin", "verify", out, "--pubkey", key])
    assert result.exit_code == 0 and "OK" in result.output, result.output
    (elsewhere / "key.txt").write_text(key + "\n")
    result = CliRunner().invoke(
        app, ["admin", "verify", out, "--pubkey", str(elsewhere / "key.txt")]
    )
    assert result.exit_code == 0
    wrong = "pbem-ed25519 " + "0" * 16 + " " + "A" * 43
    result = CliRunner().invoke(app, ["admin", "verify", out, "--pubkey", wrong])
    assert result.exit_code != 0


def test_config_errors_are_clear(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PBEM_CONFIG", raising=False)
    monkeypatch.delenv("PBEM_KEYS_DIR", raising=False)
    result = CliRunner().invoke(app, ["admin", "list", "--data-dir", str(tmp_path / "g")])
    assert result.exit_code == 2 and "pbem init" in result.output
    result = CliRunner().invoke(app, ["admin", "list", "--config", str(tmp_path / "nope.toml")])
    assert result.exit_code == 2 and "does not exist" in result.output


def test_deadline_refuses_the_past_and_unknown_kinds(run: Any) -> None:
    gid = run("admin", "new", "forbidden-city", *PLAYERS, "--seed", "3").stdout.strip()
    past = run("admin", "deadline", gid, "move", "2026-01-01T00:00:00Z", ok=False)
    assert past.exit_code != 0 and "already past" in past.output
    typo = run("admin", "deadline", gid, "mvoe", "2d", ok=False)
    assert typo.exit_code != 0 and "its kinds are move" in typo.output
    assert show(run, gid)["deadlines"] == {}
    run("admin", "deadline", gid, "move", "2d")
    out = run("admin", "show", gid).stdout
    assert "deadline for move: 2 days" in out and "owes move by" in out
    (due,) = show(run, gid)["due"]
    assert due["kind"] == "move" and due["due"] == due["acted_on"]
    # Policy: shown, set, checked.
    assert "nmr=computer (default)" in run("admin", "policy", gid).stdout
    assert "nmr=gm" in run("admin", "policy", gid, "nmr=gm", "grace=2h").stdout
    bad = run("admin", "policy", gid, "nmr=robot", ok=False)
    assert bad.exit_code != 0 and "computer or gm" in bad.output
    assert show(run, gid)["options"]["grace"] == "2h"
    # Vacation: within the allowance, then refused past it, then back.
    assert "on vacation until" in run("admin", "vacation", gid, "0", "10d").stdout
    assert "on vacation" in run("admin", "show", gid).stdout
    over = run("admin", "vacation", gid, "0", "5d", ok=False)
    assert over.exit_code != 0 and "at most 4 days are left" in over.output
    assert "back" in run("admin", "vacation", gid, "0", "back").stdout
    hist = run("admin", "history", gid).stdout
    assert "vacation" in hist and "policy" in hist


def test_open_and_list_open(run: Any) -> None:
    oid = run(
        "admin",
        "open",
        "forbidden-city",
        "--players",
        "3-4",
        "--start",
        "3d",
        "--invite",
        "dee@example.org",
    ).stdout.strip()
    assert oid.startswith("o-fc-")
    out = run("admin", "list", "--open").stdout
    assert oid in out and "0 of 3-4 players" in out
    bad = run("admin", "open", "forbidden-city", "--players", "3-9", ok=False)
    assert bad.exit_code != 0 and "2 to 4 players" in bad.output
    assert "withdrawn" in run("admin", "open", oid, "--cancel").stdout
    assert "No open games" in run("admin", "list", "--open").stdout


def test_policy_settings_at_creation(run: Any) -> None:
    gid = run(
        "admin",
        "new",
        "forbidden-city",
        *PLAYERS,
        "-o",
        "nmr=gm",
        "-o",
        "remind=off",
        "-o",
        "side=advanced",
    ).stdout.strip()
    opts = show(run, gid)["options"]
    assert opts["nmr"] == "gm" and opts["remind"] == "off" and opts["side"] == "advanced"
    bad = run("admin", "new", "forbidden-city", *PLAYERS, "-o", "grace=soon", ok=False)
    assert bad.exit_code != 0 and "grace" in bad.output


def test_lang_per_seat_at_new_and_admin_lang(run: Any, tmp_path: Path) -> None:
    """``--lang`` at ``admin new`` (in --player order, ``-`` skips one) and ``admin lang`` keep
    the address's language for every game (issue 15)."""
    from pbem.service.journal import Journal
    from pbem.service.prefs import Prefs

    new_toy(run, "--lang", "-", "--lang", "de")
    prefs = Prefs(Journal.state_file(tmp_path / "games", "prefs.json"))
    assert prefs.get("bob@example.org").lang == "de"
    assert prefs.get("ann@example.org").lang is None
    assert "ann@example.org: lang it." in run("admin", "lang", "Ann@Example.org", "italiano").stdout
    assert prefs.lang("ann@example.org", "fr") == "it"
    run("admin", "lang", "ann@example.org", "default")
    assert prefs.lang("ann@example.org", "fr") == "fr"
