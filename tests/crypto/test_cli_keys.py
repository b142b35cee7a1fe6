"""``pbem admin key ...`` driven through typer's test runner, files checked with real tools."""

from __future__ import annotations

import json
from pathlib import Path

import pysequoia
import pytest
from crypto_helpers import SERVICE, needs_openssl, run
from typer.testing import CliRunner

from pbem.cli import app


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("PBEM_KEYS_DIR", str(tmp_path / "keys"))
    monkeypatch.setenv("PBEM_SERVICE_ADDRESS", SERVICE)
    return CliRunner()


def test_every_key_command_has_help(cli: CliRunner) -> None:
    for command in ("import", "issue", "list", "remove", "service-cert"):
        result = cli.invoke(app, ["admin", "key", command, "--help"])
        assert result.exit_code == 0, result.output
        assert "Usage" in result.output


@needs_openssl
def test_issue_list_import_remove(cli: CliRunner, tmp_path: Path) -> None:
    secret = tmp_path / "pass.txt"
    secret.write_text("plum blossom 9\n")
    p12 = tmp_path / "bob.p12"
    result = cli.invoke(
        app,
        ["admin", "key", "issue", "Bob@Example.org", "--passphrase-file", str(secret),
         "--out", str(p12), "--name", "Bob"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "plum" not in result.output
    assert (p12.stat().st_mode & 0o777) == 0o600
    out = run("openssl", "pkcs12", "-in", p12, "-passin", "pass:plum blossom 9", "-nodes")
    assert b"BEGIN PRIVATE KEY" in out

    carol = pysequoia.Tsk.generate("Carol <carol@example.org>", profile=pysequoia.Profile.RFC4880)
    asc = tmp_path / "carol.asc"
    asc.write_text(str(carol.extract_certificate()))
    result = cli.invoke(app, ["admin", "key", "import", "carol@example.org", str(asc)])
    assert result.exit_code == 0, result.output
    assert "openpgp" in result.output
    # Carol's key cannot be filed for Dave.
    result = cli.invoke(app, ["admin", "key", "import", "dave@example.org", str(asc)])
    assert result.exit_code == 1
    assert "not for dave@example.org" in result.output

    result = cli.invoke(app, ["admin", "key", "list", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)
    assert {(r["address"], r["kind"], r["status"], r["source"]) for r in rows} == {
        ("bob@example.org", "smime", "valid", "issued"),
        ("carol@example.org", "openpgp", "valid", "gm"),
    }
    assert "carol@example.org" in cli.invoke(app, ["admin", "key", "list"]).output

    result = cli.invoke(app, ["admin", "key", "remove", "carol@example.org"])
    assert result.exit_code == 0, result.output
    assert cli.invoke(app, ["admin", "key", "remove", "carol@example.org"]).exit_code == 1
    rows = json.loads(cli.invoke(app, ["admin", "key", "list", "--json"]).output)
    assert [r["address"] for r in rows] == ["bob@example.org"]


def test_service_cert_writes_public_files(cli: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "public"
    result = cli.invoke(app, ["admin", "key", "service-cert", "--out-dir", str(out)])
    assert result.exit_code == 0, result.output
    assert SERVICE in result.output
    assert b"BEGIN CERTIFICATE" in (out / "pbem-service.pem").read_bytes()
    assert b"PUBLIC KEY BLOCK" in (out / "pbem-service.asc").read_bytes()
    assert b"PRIVATE" not in b"".join(p.read_bytes() for p in out.iterdir())
    again = cli.invoke(app, ["admin", "key", "service-cert"])
    # Loaded, not re-created: the same certificate and key.
    assert again.output.splitlines()[:4] == result.output.splitlines()[:4]
