"""``pbem run`` with nothing to do, answered before the service is imported.

Cron starts ``pbem run`` every few minutes, and most ticks find nothing to do. Importing the
service, the store and msgspec costs more than the tick itself (docs/PERFORMANCE.md, "Sixth pass:
idle run"), so :func:`idle_tick` first looks, with the standard library only, at every marker the
tick would read, under the tick's own lock. When all of them say "nothing to do" it ends the
command as a full tick with nothing to do would (the same output, log file and exit status);
otherwise, or whenever anything is unusual, it returns None and the full tick runs. It keeps no
state of its own: each run reads the files again, so no GM command, crash or edit can leave it
behind.

What a tick would read, and what counts as idle here:

- the configuration: read and checked against the file format field by field; anything the
  full tick would refuse, or that this module does not know for sure, goes to the full tick (which
  reports it). An IMAP inbox always does (the tick must ask the server); so do an SMTP section
  with a ``ca_file``, or with a user whose password is not in the environment;
- the keys (``keyring.json``: present, mode 0600, well formed) and a keys directory outside the
  data directory;
- the data directory (mode 0700) and every directory the service would otherwise create;
- ``outbox/dirty/`` (games whose mails are to be built) and ``outbox/awaiting-keys/`` empty;
- no announced game open for sign-up (``outbox/open/*.json``);
- ``outbox/digests/``: every daily digest due later than now;
- ``outbox/fingerprints-pruned`` says today (UTC): the daily pruning is done;
- ``outbox/timers/.next`` later than now, or no timer at all;
- ``outbox/queued/``: every queued mail waiting for a later attempt;
- the inbound Maildir: nothing in ``new/`` or ``cur/``;
- the files a tick rewrites when it starts (an old ``sent.log`` of a wider mode, the rate
  limiter's file) need no rewriting;
- ``PBEM_CRASH_AT`` (the crash tests' fault injection) is not set.

A game waiting for its players' keys (``outbox/awaiting-keys/``) makes every tick a full one: the
tick looks whether the keys came (the GM may import them) and reminds once a day.

Anything added to the tick that reads another marker must be added here too;
``tests/cli/test_idle.py`` checks, on states made by real service operations, that whenever this
says idle a full tick changes no file and queues no mail.
"""

from __future__ import annotations

import json
import os
import stat
from datetime import UTC, datetime
from pathlib import Path

from pbem import layout

TYPE_CHECKING = False  # not typing's (this module is on the idle path: see above)
if TYPE_CHECKING:
    from typing import Any

IDLE_LINE = (
    "fetched 0, applied 0, answered 0, rejected 0, shunted 0, timers 0, sent 0, retry 0, failed 0"
)
"""``TickReport().line()``: the summary of a tick that did nothing (a test keeps them equal)."""


class _Doubt(Exception):
    """Something the full tick must look at (or report)."""


def idle_tick(
    config: Path | None, data_dir: Path | None, verbose: bool, *, now: datetime | None = None
) -> int | None:
    """The exit status of ``pbem run`` when it has nothing to do (after printing and logging what
    the full tick would), or None: run the full tick. ``now``: the tick's time (tests)."""
    if os.environ.get("PBEM_CRASH_AT"):
        return None  # fault injection (the crash tests): the full tick passes its crash points
    try:
        cfg = _Config(config, data_dir)
        now = now or datetime.now(UTC)
        _check_setup(cfg)
        if not _nothing_to_do(cfg, now):
            return None
        if cfg.log_file is not None:
            # What the tick's logging set-up does to the disk: the log file, opened for appending.
            layout.private_log_file(cfg.log_file)  # created (0600), as the tick's logging does
    except Exception:  # noqa: BLE001 - any doubt: the full tick decides, and reports
        return None
    if cfg.log_file is not None and verbose:
        import logging

        from pbem.cli.tick import setup_logging

        setup_logging(cfg.log_file, verbose)
        logging.getLogger("pbem.runner").info("tick: %s", IDLE_LINE)
    if verbose:
        print(IDLE_LINE)
    return 0


# ---------------------------------------------------------------------------- the configuration

_STR = str
_INT = int
_FLOAT = float
_BOOL = bool
_SECURITY = frozenset({"tls", "starttls", "none"})
_AUTH = frozenset({"password", "xoauth2", "oauthbearer"})

_SERVER: dict[str, Any] = {
    "host": _STR,
    "port": _INT,
    "security": _SECURITY,
    "user": _STR,
    "password_env": _STR,
    "password_file": _STR,
    "ca_file": _STR,
    "auth": _AUTH,
}
"""The fields the IMAP and SMTP sections share."""

_SCHEMA: dict[str, Any] = {
    "data_dir": _STR,
    "keys_dir": _STR,
    "service_address": _STR,
    "gm_address": _STR,
    "authserv_id": _STR,
    "guide_url": _STR,
    "maildir_inbound": _STR,
    "maildir_outbound": _STR,
    "log_file": _STR,
    "imap": {
        **_SERVER,
        "folders": {"inbox": _STR, "processed": _STR, "rejected": _STR, "shunt": _STR},
        "idle_cycle": _FLOAT,
    },
    "smtp": {**_SERVER, "verp": _BOOL},
    "limits": {
        "max_messages_per_tick": _INT,
        "max_mails_per_sender_per_hour": _INT,
        "max_commands_per_message": _INT,
        "max_message_bytes": _INT,
        "bounce_threshold": _INT,
    },
    "oauth2": {"file": _STR},
    "leave": {"days_per_year": _INT, "min_hours": _INT, "auto_max_days": _INT},
}
"""``pbem.config._FileConfig``, field by field (a test checks that the two agree)."""

_DEFAULTS = {
    "smtp.password_env": "PBEM_SMTP_PASSWORD",
    "limits.max_mails_per_sender_per_hour": 120,
    "limits.bounce_threshold": 3,
    "smtp.auth": "password",
}


def _check_table(data: object, schema: dict[str, Any], where: str) -> None:
    """``data`` is what ``msgspec.convert(data, _FileConfig)`` accepts, surely; else _Doubt."""
    if type(data) is not dict:
        raise _Doubt(where)
    for key, value in data.items():
        kind = schema.get(key)
        if kind is None:
            raise _Doubt(f"{where}{key}")  # unknown (the full tick reports it)
        if isinstance(kind, dict):
            _check_table(value, kind, f"{where}{key}.")
        elif kind is _STR:
            if type(value) is not str:
                raise _Doubt(f"{where}{key}")
        elif kind is _INT:
            if type(value) is not int or not -(2**63) <= value < 2**63:
                raise _Doubt(f"{where}{key}")
        elif kind is _BOOL:
            if type(value) is not bool:
                raise _Doubt(f"{where}{key}")
        elif kind is _FLOAT:  # only idle_cycle: 0 <= x <= 60
            if type(value) not in (int, float) or not 0.0 <= value <= 60.0:
                raise _Doubt(f"{where}{key}")
        elif value not in kind:  # a Literal's values
            raise _Doubt(f"{where}{key}")


class _Config:
    """What :func:`pbem.config.load_config` resolves, for the fields an idle tick needs."""

    def __init__(self, path: Path | None, data_dir: Path | None) -> None:
        if path is None:
            env = os.environ.get("PBEM_CONFIG")
            path = Path(env) if env else None
            if path is None and Path("pbem.toml").exists():
                path = Path("pbem.toml")
        if path is None:
            raise _Doubt("no config file: no service address")
        import tomllib

        raw = tomllib.loads(Path(path).read_text())
        _check_table(raw, _SCHEMA, "")
        self.path = Path(path).absolute()
        self.raw = raw
        self.data_dir, self.keys_dir = layout.directories(
            data_dir, self._resolve(raw.get("data_dir", "")), self._resolve(raw.get("keys_dir", ""))
        )
        self.maildir_inbound = self._resolve(raw.get("maildir_inbound", ""))
        self.log_file = self._resolve(raw.get("log_file", ""))

    def get(self, dotted: str) -> Any:
        """A field of the file (``"smtp.host"``), or its default when absent (the empty string
        for the strings this module asks about)."""
        table: Any = self.raw
        *tables, name = dotted.split(".")
        for t in tables:
            table = table.get(t, {})
        return table.get(name, _DEFAULTS.get(dotted, ""))

    def _resolve(self, value: str) -> Path | None:
        return layout.configured_path(self.path, value)


def _check_setup(cfg: _Config) -> None:
    """What building the service, the inbox and the sender would refuse or would need a server
    for: then the full tick runs (and reports it)."""
    if not cfg.get("service_address"):
        raise _Doubt("service_address")
    if cfg.get("imap.host"):
        raise _Doubt("IMAP: the tick asks the server")
    if cfg.get("smtp.host"):
        if cfg.get("smtp.ca_file"):
            raise _Doubt("a TLS context to build")
        env = cfg.get("smtp.password_env")
        if cfg.get("smtp.user") and not (env and os.environ.get(env)):
            raise _Doubt("the password file to read")
    if cfg.get("limits.max_mails_per_sender_per_hour") < 1:
        raise _Doubt("the rate limiter refuses it")
    if not 1 <= cfg.get("limits.bounce_threshold") <= 100:
        raise _Doubt("bounce_threshold out of range")
    if cfg.get("smtp.auth") != "password" and cfg.get("smtp.host"):
        raise _Doubt("OAuth2: the tick asks for a token")
    _check_keyring(cfg.keys_dir / layout.KEYRING)
    keys, data = cfg.keys_dir.resolve(), cfg.data_dir.resolve()
    if keys == data or data in keys.parents:
        raise _Doubt("keys inside the data directory")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _Doubt("a repeated key")
    return out


def _json(path: Path) -> Any:
    """Strict JSON (UTF-8, no repeated key, no NaN): what msgspec reads the same way."""
    return json.loads(
        path.read_bytes().decode("utf-8"), object_pairs_hook=_pairs, parse_constant=_no_constant
    )


def _no_constant(name: str) -> Any:
    raise _Doubt(name)


def _canonical_b64(text: object) -> bytes:
    import base64

    if type(text) is not str or not text.isascii():
        raise _Doubt("base64")
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if base64.urlsafe_b64encode(data).decode("ascii").rstrip("=") != text:
        raise _Doubt("non-canonical base64")
    return data


_RETIRED = frozenset({"key_id", "public", "retired", "endorsed_by", "endorsement"})


def _check_keyring(path: Path) -> None:
    """``Keyring.load`` would succeed: the file is there, 0600, and well formed."""
    if os.stat(path).st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise _Doubt("keyring mode")
    f = _json(path)
    if type(f) is not dict:
        raise _Doubt("keyring")
    known = {"schema", "signing_key", "at_rest_key", "token_secret", "retired", "created"}
    if not set(f) <= known or not {"signing_key", "at_rest_key", "token_secret"} <= set(f):
        raise _Doubt("keyring fields")
    if f.get("schema", 1) != 1 or type(f.get("schema", 1)) is not int:
        raise _Doubt("keyring schema")
    if len(_canonical_b64(f["signing_key"])) != 32:
        raise _Doubt("signing key")
    _canonical_b64(f["at_rest_key"])
    _canonical_b64(f["token_secret"])
    retired = f.get("retired", [])
    if type(retired) is not list:
        raise _Doubt("retired")
    strings = [f.get("created", "")]
    for r in retired:
        if type(r) is not dict or set(r) != _RETIRED:
            raise _Doubt("retired key")
        strings.extend(r.values())
    for s in strings:
        if type(s) is not str:
            raise _Doubt("a string field")
        s.encode("utf-8")  # a lone surrogate: msgspec's reading may differ


# ---------------------------------------------------------------------------- the markers


def _names(directory: Path) -> list[str]:
    """The entries of a directory the tick reads (not its hidden and temporary files)."""
    return [n for n in os.listdir(directory) if not n.startswith(".")]


def _is_dir(path: Path) -> None:
    if not stat.S_ISDIR(os.stat(path).st_mode):
        raise _Doubt(f"{path} is not a directory")


def _aware(text: str) -> datetime:
    when = datetime.fromisoformat(text)
    if when.tzinfo is None:
        raise _Doubt("a time without its zone")
    return when


def _nothing_to_do(cfg: _Config, now: datetime) -> bool:
    data = cfg.data_dir
    st = os.stat(data)
    if not stat.S_ISDIR(st.st_mode) or st.st_mode & 0o077:
        return False  # missing, or the store would narrow its mode first
    root = layout.outbox(data)
    for d in layout.JOURNAL_DIRS:
        _is_dir(root / d)
    inbound = cfg.maildir_inbound
    if inbound is not None:
        for sub in ("new", "cur", "tmp"):
            _is_dir(inbound / sub)
    import fcntl

    # Under the tick's own lock (another tick running: the full tick reports it).
    fd = os.open(data / layout.SERVICE_LOCK, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return _markers_idle(root, inbound, now)
    finally:
        os.close(fd)  # releases the lock


def _markers_idle(root: Path, inbound: Path | None, now: datetime) -> bool:
    # Files the service rewrites when it starts.
    try:
        if os.stat(root / layout.SENT_LOG).st_mode & 0o077:
            return False  # an old sent.log, rewritten with its tokens redacted
    except FileNotFoundError:
        pass
    try:
        limits = _json(root / layout.RATELIMIT)
    except FileNotFoundError:
        pass
    else:  # the limiters' reading (layout.rate_hits) must not fail; a damaged file is rewritten
        if type(limits) is not dict:
            return False
        layout.rate_hits(limits)
    # Mails to build, keys to remind of, games open for sign-up.
    if _names(root / layout.DIRTY) or _names(root / layout.AWAITING_KEYS):
        return False
    if (root / layout.OPEN).exists() and any(
        n.lower().endswith(layout.JSON) for n in os.listdir(root / layout.OPEN)
    ):
        return False
    # Daily chores.
    for name in _names(root / layout.DIGESTS):
        if _aware((root / layout.DIGESTS / name).read_text()) <= now:
            return False
    if (root / layout.FINGERPRINTS_PRUNED).read_text() != now.strftime("%Y-%m-%d"):
        return False
    # Deadlines: the earliest of them in .next, or none at all.
    timers = root / layout.TIMERS
    try:
        nxt = _aware((timers / layout.TIMERS_NEXT).read_text())
    except FileNotFoundError:
        if _names(timers):
            return False  # timers without .next: the tick rebuilds it
    else:
        if nxt <= now:
            return False
    # Queued mail due now.
    ts = now.timestamp()
    for name in os.listdir(root / layout.QUEUED):
        if not name.endswith(layout.JSON):
            continue
        entry = _json(root / layout.QUEUED / name)
        after = entry.get("next_attempt") if type(entry) is dict else None
        if not isinstance(after, int | float) or type(after) is bool or not after > ts:
            return False
    # Mail in the inbox.
    return inbound is None or not (_names(inbound / "new") or _names(inbound / "cur"))


__all__ = ["IDLE_LINE", "idle_tick"]
