"""The service's configuration: a TOML file (``pbem init`` writes a commented one).

Where things are found:

- the config file: ``--config``, else ``$PBEM_CONFIG``, else ``./pbem.toml`` if it exists, else none
  (all defaults);
- the data directory: ``--data-dir``, else ``$PBEM_DATA_DIR``, else ``data_dir`` in the config file,
  else ``./games``;
- the keys directory: ``$PBEM_KEYS_DIR``, else ``keys_dir`` in the config file, else ``keys`` next to
  the data directory (never inside it).

Relative paths in the file are relative to the file's own directory. Mail passwords are never in
the file: ``password_env`` names an environment variable, ``password_file`` a file of mode 0600.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal, TypeAlias

import msgspec

from pbem import layout
from pbem.errors import ConfigError

if TYPE_CHECKING:
    import ssl  # imported when a TLS context is made (an idle Maildir tick needs none)

    from pbem.mail.oauth import TokenSource
    from pbem.store.keys import Keyring
    from pbem.store.store import Store

Security: TypeAlias = Literal["tls", "starttls", "none"]

DEFAULT_CONFIG = "pbem.toml"
DEFAULT_DATA_DIR = layout.DEFAULT_DATA


class ImapFolders(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """IMAP folders the mail loop reads from and files messages into."""

    inbox: str = "INBOX"
    processed: str = "Processed"
    rejected: str = "Rejected"
    shunt: str = "Shunt"
    """Messages that caused an unexpected error, kept for the GM."""


Auth: TypeAlias = Literal["password", "xoauth2", "oauthbearer"]


class OAuth2Config(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Where the OAuth2 refresh token is (``auth = "xoauth2"`` or ``"oauthbearer"``)."""

    file: str = ""
    """A JSON file of mode 0600 (``pbem auth PROVIDER`` writes it): token_endpoint, client_id,
    refresh_token (client_secret, scope). The environment variables PBEM_OAUTH2_REFRESH_TOKEN,
    PBEM_OAUTH2_CLIENT_ID, PBEM_OAUTH2_TOKEN_ENDPOINT and PBEM_OAUTH2_CLIENT_SECRET override it."""


class _Server(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """What the two mail servers' tables share: where the server is and how to log in."""

    host: str = ""
    auth: Auth = "password"
    """``password``, or OAuth2 with SASL ``xoauth2`` or ``oauthbearer`` (see ``[oauth2]``)."""
    security: Security = "tls"
    user: str = ""
    password_file: str = ""
    ca_file: str = ""
    """A PEM file of CA certificates to trust for this server instead of the system's (a
    self-signed or private CA, such as the sandbox's Dovecot)."""


class ImapConfig(_Server, kw_only=True, forbid_unknown_fields=True):
    """The service mailbox (incoming)."""

    port: int = 993
    password_env: str = "PBEM_IMAP_PASSWORD"
    folders: ImapFolders = msgspec.field(default_factory=ImapFolders)
    idle_cycle: Annotated[float, msgspec.Meta(ge=0.0, le=60.0)] = 0.2
    """``pbem daemon`` only: while it waits for mail in IMAP IDLE, end the IDLE and ask the server
    (NOOP) every this many seconds. Dovecot 2.3 holds back IDLE notifications for 0.5 s; asking
    finds a new reply sooner (three short commands a cycle). 0: wait for the server's own
    notification (plain IDLE)."""


class SmtpConfig(_Server, kw_only=True, forbid_unknown_fields=True):
    """The outgoing mail server."""

    port: int = 465
    password_env: str = "PBEM_SMTP_PASSWORD"
    verp: bool = False
    """Send each seat mail with a return path that names its seat (``service+b.<game>...``), so
    that a bounce is matched even when it quotes nothing of the mail. Needs a mailbox that takes
    ``+`` sub-addresses (Gmail, Microsoft 365, Fastmail and Postfix's recipient_delimiter do)."""


class Limits(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Rate limits and sizes that protect the service and the players' inboxes."""

    max_messages_per_tick: int = 200
    max_mails_per_sender_per_hour: int = 120
    max_commands_per_message: int = 20
    max_message_bytes: int = 262144
    bounce_threshold: int = 3
    """Bounces of distinct mails after which the service stops mailing an address."""


class LeaveConfig(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """Each player's leave for all their games (``VACATION 10d``, issue 27)."""

    days_per_year: int = 30
    """The yearly allowance of an address, accrued monthly (a twelfth back each month)."""
    min_hours: int = 24
    """The shortest leave."""
    auto_max_days: int = 14
    """What VACATION AUTO spends at most in a row in a game whose player does not answer
    (0: no limit)."""


class _FileConfig(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    data_dir: str = ""
    keys_dir: str = ""
    service_address: str = ""
    gm_address: str = ""
    authserv_id: str = ""
    guide_url: str = ""
    maildir_inbound: str = ""
    maildir_outbound: str = ""
    log_file: str = ""
    imap: ImapConfig = msgspec.field(default_factory=ImapConfig)
    smtp: SmtpConfig = msgspec.field(default_factory=SmtpConfig)
    limits: Limits = msgspec.field(default_factory=Limits)
    leave: LeaveConfig = msgspec.field(default_factory=LeaveConfig)
    oauth2: OAuth2Config = msgspec.field(default_factory=OAuth2Config)


@dataclass
class Config:
    """The resolved configuration (paths absolute, overrides applied)."""

    data_dir: Path
    keys_dir: Path
    service_address: str = ""
    """The service's own email address (players reply to it)."""
    gm_address: str = ""
    """Where the GM's alerts go."""
    authserv_id: str = ""
    """When set, a move is accepted only if the topmost Authentication-Results header carries
    this authserv-id (your own mail server's) and a pass."""
    guide_url: str = ""
    """Where players can read the player guide on the web (the mails name it; issue 31)."""
    imap: ImapConfig = field(default_factory=ImapConfig)
    smtp: SmtpConfig = field(default_factory=SmtpConfig)
    maildir_inbound: Path | None = None
    """Read mail from this Maildir instead of IMAP (tests, local delivery)."""
    maildir_outbound: Path | None = None
    """Write outgoing mail into this Maildir instead of SMTP (tests, the demo)."""
    log_file: Path | None = None
    limits: Limits = field(default_factory=Limits)
    leave: LeaveConfig = field(default_factory=LeaveConfig)
    """``[leave]``: the players' leave for all their games."""
    path: Path | None = None
    """The config file this came from (``None``: defaults only)."""
    oauth2: OAuth2Config = field(default_factory=OAuth2Config)
    _tokens: TokenSource | None = None

    def token_source(self) -> TokenSource | None:
        """The one :class:`pbem.mail.oauth.TokenSource` of the service's account (IMAP and SMTP
        share it), or None when neither logs in with OAuth2."""
        if self.imap.auth == "password" and self.smtp.auth == "password":
            return None
        if self._tokens is None:
            from pbem.mail.oauth import TokenSource, load_credentials

            path = self._resolve(self.oauth2.file)
            self._tokens = TokenSource(
                load_credentials(path),
                credentials_path=path,
                cache_path=layout.outbox_file(self.data_dir, layout.OAUTH_ACCESS),
            )
        return self._tokens

    def password(self, kind: Literal["imap", "smtp"]) -> str:
        """The IMAP or SMTP password: from the environment variable named by ``password_env``, else
        from ``password_file`` (which must be 0600). Never from the game files."""
        section: ImapConfig | SmtpConfig = self.imap if kind == "imap" else self.smtp
        if section.password_env and os.environ.get(section.password_env):
            return os.environ[section.password_env]
        if section.password_file:
            from pbem.store.keys import check_private_file

            p = self._resolve(section.password_file)
            assert p is not None
            if not p.exists():
                raise ConfigError(f"the {kind} password file {p} does not exist.")
            check_private_file(p)
            return p.read_text().rstrip("\r\n")
        raise ConfigError(
            f"no {kind} password: set the environment variable {section.password_env or '(password_env)'} "
            f"or put it in a file of mode 0600 named by {kind}.password_file in {self.path or 'the config file'}."
        )

    def ssl_context(self, kind: Literal["imap", "smtp"]) -> ssl.SSLContext | None:
        """A TLS context trusting the section's ``ca_file`` (None: the system's trust store)."""
        import ssl

        section: ImapConfig | SmtpConfig = self.imap if kind == "imap" else self.smtp
        ca = self._resolve(section.ca_file)
        if ca is None:
            return None
        if not ca.is_file():
            raise ConfigError(f"[{kind}] ca_file {ca} does not exist.")
        try:
            return ssl.create_default_context(cafile=str(ca))
        except (ssl.SSLError, ValueError) as exc:
            raise ConfigError(
                f"[{kind}] ca_file {ca} is not a PEM file of certificates: {exc}"
            ) from None

    def _resolve(self, value: str) -> Path | None:
        return layout.configured_path(self.path, value)

    def keyring(self) -> Keyring:
        """The service's keys (``ConfigError`` says to run ``pbem init`` when they are missing)."""
        from pbem.store.keys import Keyring

        return Keyring.load(self.keys_dir)

    def store(self) -> Store:
        """The game store of this configuration."""
        from pbem.store.store import Store

        return Store(self.data_dir, self.keyring())


def config_path(path: Path | None) -> Path | None:
    """Which config file applies: ``path``, else ``$PBEM_CONFIG``, else ``./pbem.toml`` if present."""
    if path is not None:
        return Path(path)
    env = os.environ.get("PBEM_CONFIG")
    if env:
        return Path(env)
    default = Path(DEFAULT_CONFIG)
    return default if default.exists() else None


def load_config(path: Path | None = None, *, data_dir: Path | None = None) -> Config:
    """Read the configuration (see the module docstring for the search order). ``data_dir`` is the
    ``--data-dir`` override. ``ConfigError`` with the file and the problem on any mistake."""
    cfg_path = config_path(path)
    raw = _FileConfig()
    if cfg_path is not None:
        if not cfg_path.exists():
            raise ConfigError(
                f"the config file {cfg_path} does not exist; create one with 'pbem init'."
            )
        try:
            data = tomllib.loads(cfg_path.read_text())
            raw = msgspec.convert(data, _FileConfig)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"{cfg_path} is not valid TOML: {exc}") from None
        except msgspec.ValidationError as exc:
            raise ConfigError(f"{cfg_path}: {exc}") from None
        cfg_path = cfg_path.absolute()
    cfg = Config(data_dir=Path(DEFAULT_DATA_DIR), keys_dir=Path(layout.DEFAULT_KEYS), path=cfg_path)
    cfg.data_dir, cfg.keys_dir = layout.directories(
        data_dir, cfg._resolve(raw.data_dir), cfg._resolve(raw.keys_dir)
    )
    cfg.service_address = raw.service_address
    cfg.gm_address = raw.gm_address
    cfg.authserv_id = raw.authserv_id
    cfg.guide_url = raw.guide_url
    cfg.imap = raw.imap
    cfg.smtp = raw.smtp
    cfg.limits = raw.limits
    cfg.leave = raw.leave
    if not 1 <= raw.limits.bounce_threshold <= 100:
        raise ConfigError(f"{cfg_path}: [limits] bounce_threshold must be between 1 and 100.")
    cfg.oauth2 = raw.oauth2
    cfg.maildir_inbound = cfg._resolve(raw.maildir_inbound)
    cfg.maildir_outbound = cfg._resolve(raw.maildir_outbound)
    cfg.log_file = cfg._resolve(raw.log_file)
    return cfg


def config_template(data_dir: Path, keys_dir: Path) -> str:
    """The commented config file that ``pbem init`` writes (mail settings empty, to be filled)."""
    return f'''# pbem configuration (TOML). Written by 'pbem init'; edit freely.
# Relative paths are relative to this file. Passwords never go here: see password_env / password_file.

# Where the games live (one directory per game). Overridden by --data-dir or $PBEM_DATA_DIR.
data_dir = "{data_dir}"
# The service's keys (signing key, at-rest key). Mode 0700, never inside data_dir. Back it up:
# without it the games' private values cannot be opened.
keys_dir = "{keys_dir}"

# The service's own address: players write their moves to it.
service_address = ""
# Where alerts for the game master go (bounces, damaged games, shunted messages).
gm_address = ""
# Optional: the authserv-id of your own mail server. When set, a player's mail counts only if the
# topmost Authentication-Results header (added by that server) carries this id and a pass.
authserv_id = ""
# Optional: the address of the player guide on the web (e.g. the static site of 'pbem admin
# site'); the start, RULES and game-over mails name it. Players can always ask GUIDE by mail.
guide_url = ""
# Optional: a log file for 'pbem run'.
log_file = ""
# Optional, instead of IMAP / SMTP: read mail from / write mail to these Maildirs.
maildir_inbound = ""
maildir_outbound = ""

[imap]
host = ""
auth = "password"         # or "xoauth2" / "oauthbearer": OAuth2 (Microsoft 365 needs it)
port = 993
security = "tls"          # "tls" (implicit, port 993), "starttls" (port 143) or "none" (tests only)
user = ""
password_env = "PBEM_IMAP_PASSWORD"   # the environment variable holding the password, or:
password_file = ""                    # a file of mode 0600 holding it
ca_file = ""              # optional: trust this CA file (PEM) instead of the system's, for a
                          # self-signed or private server certificate
idle_cycle = 0.2          # pbem daemon: ask the server for new mail every 0.2 s while in IDLE
                          # (Dovecot delays IDLE news by 0.5 s); 0 = plain IDLE

[imap.folders]
inbox = "INBOX"
processed = "Processed"
rejected = "Rejected"
shunt = "Shunt"

[smtp]
host = ""
auth = "password"         # or "xoauth2" / "oauthbearer": OAuth2 (see [oauth2])
port = 465
security = "tls"          # "tls" (implicit, port 465), "starttls" (port 587) or "none" (tests only)
user = ""
password_env = "PBEM_SMTP_PASSWORD"
password_file = ""
ca_file = ""              # optional: as for [imap]
verp = false              # true: each seat mail's return path names its seat (service+b...@),
                          # so that every bounce is matched; needs "+" sub-addresses

[limits]
max_messages_per_tick = 200
max_mails_per_sender_per_hour = 120
max_commands_per_message = 20
max_message_bytes = 262144
bounce_threshold = 3      # bounces of distinct mails before an address is no longer mailed

[leave]
days_per_year = 30        # each player's leave for all their games (VACATION 10d), a year;
                          # a twelfth of it comes back each month
min_hours = 24            # the shortest leave
auto_max_days = 14        # VACATION AUTO spends at most this many days in a row in a game
                          # whose player does not answer (0: no limit)

[oauth2]
file = ""                 # with auth = "xoauth2": the 0600 file that 'pbem auth PROVIDER' writes
'''
