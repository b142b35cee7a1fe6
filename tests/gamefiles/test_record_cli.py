"""``pbem admin record`` and ``pbem verify-record`` on a service made by ``pbem init``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gamefile_helpers import Table
from typer.testing import CliRunner

from pbem.cli import app
from pbem.config import load_config


@pytest.fixture
def service(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for var in ("PBEM_CONFIG", "PBEM_DATA_DIR", "PBEM_KEYS_DIR"):
        monkeypatch.delenv(var, raising=False)
    result = CliRunner().invoke(app, ["init", "--data-dir", str(tmp_path / "games")])
    assert result.exit_code == 0, result.output
    return tmp_path


def test_admin_record_then_verify_record_with_the_public_key_alone(service: Path) -> None:
    table = Table(load_config(service / "pbem.toml").store())
    gid = table.new("forbidden-city", 3)
    table.play(gid)
    runner = CliRunner()
    out = service / "elsewhere" / "game.pgn.txt"
    out.parent.mkdir()
    result = runner.invoke(app, ["admin", "record", gid, "--lang", "it", "-o", str(out)])
    assert result.exit_code == 0, result.output
    key = runner.invoke(app, ["admin", "pubkey"]).stdout.strip()
    (service / "elsewhere" / "key.txt").write_text(key + "\n")
    # A player's machine: no pbem.toml, only the file and the published key.
    elsewhere = service / "elsewhere"
    for pubkey in (key, str(elsewhere / "key.txt")):
        result = runner.invoke(app, ["verify-record", str(out), "--pubkey", pubkey, "--json"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        assert data["ok"] and data["shuffle_checked"] and data["game_id"] == gid
    text = out.read_text()
    out.write_text(text.replace("2. ", "2.  ", 1))
    result = runner.invoke(app, ["verify-record", str(out), "--pubkey", key])
    assert result.exit_code == 1 and "FAILED" in result.stdout
    # Without --pubkey on the service's own machine, its keys are used.
    out.write_text(text)
    assert runner.invoke(app, ["verify-record", str(out)]).exit_code == 0
    result = runner.invoke(app, ["admin", "record", gid, "--format", "pdf"])
    assert result.exit_code == 2


def test_admin_mail_turn_files(service: Path) -> None:
    from pbem.service.prefs import Prefs

    runner = CliRunner()
    result = runner.invoke(app, ["admin", "mail", "Ann@Example.org", "--turn-files", "every"])
    assert result.exit_code == 0, result.output
    prefs = Prefs(service / "games" / "outbox" / "prefs.json")
    assert prefs.files("ann@example.org") == "every"
    assert runner.invoke(app, ["admin", "mail", "ann@example.org", "--turn-files", "x"]).exit_code
    assert runner.invoke(app, ["admin", "mail", "ann@example.org"]).exit_code == 2
    result = runner.invoke(
        app, ["admin", "mail", "ann@example.org", "turns", "--turn-files", "off"]
    )
    assert result.exit_code == 0 and prefs.files("ann@example.org") == "off"
    assert prefs.get("ann@example.org").mail == "turns"
