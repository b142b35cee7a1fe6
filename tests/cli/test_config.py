"""Configuration: search order, overrides, passwords, and the docs naming every command."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from pbem.cli import admin_app
from pbem.config import config_template, load_config
from pbem.errors import ConfigError


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for var in (
        "PBEM_CONFIG",
        "PBEM_DATA_DIR",
        "PBEM_KEYS_DIR",
        "PBEM_IMAP_PASSWORD",
        "PBEM_SMTP_PASSWORD",
    ):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.chdir(tmp_path)


def write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def test_defaults_without_a_file(tmp_path: Path) -> None:
    cfg = load_config(None)
    assert cfg.path is None
    assert cfg.data_dir == tmp_path / "games" and cfg.keys_dir == tmp_path / "keys"
    assert cfg.imap.port == 993 and cfg.imap.folders.shunt == "Shunt"


def test_search_order_for_the_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "etc").mkdir()
    cfg_file = write(tmp_path / "etc" / "pbem.toml", 'data_dir = "../from-file"\nkeys_dir = "k"\n')
    cfg = load_config(cfg_file)
    assert cfg.data_dir == (tmp_path / "etc" / "../from-file").absolute()  # relative to the file
    assert cfg.keys_dir == tmp_path / "etc" / "k"
    monkeypatch.setenv("PBEM_DATA_DIR", str(tmp_path / "from-env"))
    assert load_config(cfg_file).data_dir == tmp_path / "from-env"
    assert load_config(cfg_file, data_dir=tmp_path / "from-flag").data_dir == tmp_path / "from-flag"
    monkeypatch.setenv("PBEM_CONFIG", str(cfg_file))
    assert load_config(None).path == cfg_file
    monkeypatch.delenv("PBEM_CONFIG")
    write(tmp_path / "pbem.toml", 'gm_address = "gm@example.org"\n')
    assert load_config(None).gm_address == "gm@example.org"  # ./pbem.toml


def test_template_round_trips(tmp_path: Path) -> None:
    f = write(tmp_path / "pbem.toml", config_template(tmp_path / "g", tmp_path / "k"))
    cfg = load_config(f)
    assert cfg.data_dir == tmp_path / "g" and cfg.smtp.security == "tls"
    assert cfg.maildir_inbound is None and cfg.limits.max_commands_per_message == 20


def test_mistakes_are_named(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(write(tmp_path / "a.toml", "data_dir = \n"))
    with pytest.raises(
        ConfigError, match="unknown field `imap_host`|Object contains unknown field"
    ):
        load_config(write(tmp_path / "b.toml", 'imap_host = "x"\n'))
    with pytest.raises(ConfigError, match="security"):
        load_config(write(tmp_path / "c.toml", '[smtp]\nsecurity = "ssl"\n'))


def test_passwords_from_env_or_private_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    f = write(
        tmp_path / "pbem.toml",
        '[imap]\npassword_env = "MY_IMAP_PW"\n[smtp]\npassword_file = "smtp.pw"\n',
    )
    cfg = load_config(f)
    with pytest.raises(ConfigError, match="MY_IMAP_PW"):
        cfg.password("imap")
    monkeypatch.setenv("MY_IMAP_PW", "s3cret")
    assert cfg.password("imap") == "s3cret"
    with pytest.raises(ConfigError, match="does not exist"):
        cfg.password("smtp")
    pw = write(tmp_path / "smtp.pw", "hunter2\n")
    os.chmod(pw, 0o644)
    with pytest.raises(ConfigError, match="chmod 600"):
        cfg.password("smtp")
    os.chmod(pw, 0o600)
    assert cfg.password("smtp") == "hunter2"


def test_gm_guide_documents_every_command() -> None:
    guide = (Path(__file__).parents[2] / "docs" / "GM-GUIDE.md").read_text()
    for cmd in admin_app.registered_commands:
        if (
            cmd.name
            and cmd.callback is not None
            and cmd.callback.__module__.startswith("pbem.cli.admin.")
        ):
            assert f"pbem admin {cmd.name}" in guide, cmd.name
    assert "pbem init" in guide and "pbem verify-shuffle" in guide


def test_player_guide_documents_every_mail_command() -> None:
    import pbem.service.commands  # noqa: F401  (registers the commands)
    from pbem.commands.vocabulary import FRESH, VOCABULARY

    guide = (Path(__file__).parents[2] / "docs" / "PLAYER-GUIDE.md").read_text()
    for word in (*VOCABULARY.names(), *FRESH.names()):
        assert f"`{word}" in guide or f"{word}`" in guide, word


def test_ca_file_is_trusted_for_imap_and_smtp(tmp_path: Path) -> None:
    import ssl

    from pbem.errors import ConfigError
    from pbem.mail.localservers import make_self_signed_cert

    cert, _ = make_self_signed_cert(tmp_path / "tls")
    cfg_file = tmp_path / "pbem.toml"
    cfg_file.write_text('[imap]\nca_file = "tls/cert.pem"\n[smtp]\nca_file = "missing.pem"\n')
    cfg = load_config(cfg_file)
    ctx = cfg.ssl_context("imap")
    assert isinstance(ctx, ssl.SSLContext) and ctx.get_ca_certs()
    with pytest.raises(ConfigError, match="missing.pem"):
        cfg.ssl_context("smtp")
    assert load_config(tmp_path / "pbem.toml").imap.ca_file == "tls/cert.pem"


def test_every_pbem_toml_snippet_in_the_gm_guide_parses(tmp_path: Path) -> None:
    """Issue 28: each ```toml block of docs/GM-GUIDE.md is a valid pbem.toml (unknown keys are
    errors), and every provider of `pbem init --provider` writes one too."""
    import re

    from pbem.providers import PROVIDERS, apply_provider

    guide = (Path(__file__).parents[2] / "docs" / "GM-GUIDE.md").read_text()
    blocks = re.findall(r"```toml\n(.*?)```", guide, re.S)
    assert len(blocks) >= 4
    for i, block in enumerate(blocks):
        f = write(tmp_path / f"guide{i}.toml", block)
        load_config(f)
    for name, provider in PROVIDERS.items():
        text = apply_provider(
            config_template(tmp_path / "g", tmp_path / "k"), provider, "pbem@example.org"
        )
        cfg = load_config(write(tmp_path / f"{name}.toml", text))
        assert cfg.imap.host and cfg.smtp.host and cfg.service_address == "pbem@example.org"
        assert cfg.imap.user == cfg.smtp.user == "pbem@example.org"
        assert f"## {provider.title.split(' (')[0].split(' /')[0]}" in guide or name in guide


def test_init_with_a_provider_writes_its_settings(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pbem.cli import app

    cfg = tmp_path / "pbem.toml"
    args = ["init", "--config", str(cfg), "--data-dir", str(tmp_path / "games")]
    out = CliRunner().invoke(app, [*args, "--provider", "fastmail", "--address", "pbem@ex.org"])
    assert out.exit_code == 0, out.output
    text = cfg.read_text()
    assert text.startswith("# Provider: Fastmail (pbem init --provider fastmail)")
    c = load_config(cfg)
    assert (c.imap.host, c.smtp.host, c.smtp.verp) == (
        "imap.fastmail.com",
        "smtp.fastmail.com",
        True,
    )
    assert c.service_address == "pbem@ex.org" and c.authserv_id == ""
    out = CliRunner().invoke(app, [*args, "--force", "--provider", "aol"])
    assert out.exit_code != 0 and "unknown provider 'aol'" in out.output


def test_bounce_threshold_is_checked(tmp_path: Path) -> None:
    f = write(tmp_path / "pbem.toml", "[limits]\nbounce_threshold = 0\n")
    with pytest.raises(ConfigError, match="bounce_threshold"):
        load_config(f)
    f = write(tmp_path / "pbem.toml", "[limits]\nbounce_threshold = 5\n")
    assert load_config(f).limits.bounce_threshold == 5
