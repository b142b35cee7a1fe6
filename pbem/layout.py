"""The data directory's layout: every directory and file name under it, and the names of the files
made from it (exports, a player's files), named here once (issue 24).

Every module that reads or writes a path under the data directory (or the keys directory) takes
its name from here; ``tests/store/test_layout.py`` fails on a literal name of the layout anywhere
else in ``pbem/``. What each file holds, byte by byte, is docs/FILE-FORMATS.md; the code that
owns each format is named beside its name below.

Standard library only, and outside ``pbem.store`` (whose package imports the whole store and
msgspec): the idle tick (``pbem/cli/idle.py``) imports it before anything else.

::

    <data>/                          data_dir
      .service.lock                  SERVICE_LOCK: one `pbem run` tick (store.store.service_lock)
      .summaries.jsonl, .lock        SUMMARIES, SUMMARIES_LOCK: the list index (store.summary)
      .new/                          CREATING: games being created (store.committer)
      .cache/templates/              TEMPLATE_CACHE: compiled mail templates
      standings.json                 STANDINGS (pbem.standings)
      <game>/                        one game (store.files): LOG, SNAPSHOT, CHECKPOINT, LOCK, TORN
      outbox/                        OUTBOX: the mail loop's state (service.journal owns it)
        queued/ failed/ sent.log     QUEUED, FAILED, SENT_LOG, GROUP_SUFFIX (mail.outbox)
        dirty/ notified/ timers/     DIRTY, NOTIFIED, TIMERS (+ TIMERS_NEXT), AWAITING_KEYS,
        awaiting-keys/ digests/      DIGESTS: the journal's markers (service.journal)
        reminders/                   REMINDERS (service.community)
        open/ requests/ watchers/    OPEN, REQUESTS, WATCHERS, signups-*.json (service.signup)
        takeovers/ standby.json      TAKEOVERS, STANDBY, OFFERS (service.takeover)
        offers.json
        fingerprints/                FINGERPRINTS, FINGERPRINTS_PRUNED (mail.fingerprint)
        prefs.json bounces.json      PREFS (service.prefs), BOUNCES (service.bounces)
        ratelimit.json               RATELIMIT (mail.policy), strangers*.json, answers-ours.json
        imap-cursor.json             IMAP_CURSOR (mail.cursor)
        gm-alerts.json oauth-revoked GM_ALERTS (service), OAUTH_REVOKED (runner)
        oauth2-access.json           OAUTH_ACCESS (mail.oauth: the access token's cache)
    <keys>/                          keys_dir (never inside the data directory)
      keyring.json public-keys.txt   KEYRING, PUBLIC_KEYS (store.keys)
      players/ service/              PLAYER_KEYS (crypto.keystore), SERVICE_IDENTITY (crypto.identity)
"""

from __future__ import annotations

import os
from pathlib import Path

# -- the data directory ------------------------------------------------------------------------

SERVICE_LOCK = ".service.lock"
"""The lock of one runner tick (empty; flock)."""
SUMMARIES = ".summaries.jsonl"
"""The list index: one summary line per game state."""
SUMMARIES_LOCK = ".summaries.lock"
CREATING = ".new"
"""Games being created, renamed into place when complete."""
CACHE = ".cache"
TEMPLATE_CACHE = f"{CACHE}/templates"
"""Compiled mail templates (Jinja2 bytecode), relative to the data directory."""
STANDINGS = "standings.json"

# -- one game's directory (its name is the game id) --------------------------------------------

LOG = "log.jsonl"
SNAPSHOT = "state.json"
CHECKPOINT = "checkpoint.json"
LOCK = "lock"
TORN = f"{LOG}.torn"
EXPORT_KEYS = "keys.json"
"""Beside a game's two files in an export: the public keys and their endorsements."""

# -- the mail loop's directory ------------------------------------------------------------------

OUTBOX = "outbox"
QUEUED = "queued"
FAILED = "failed"
SENT_LOG = "sent.log"
GROUP_SUFFIX = ".group.json"
"""A queued group of mails: ``queued/<key>.group.json``."""
DIRTY = "dirty"
NOTIFIED = "notified"
TIMERS = "timers"
TIMERS_NEXT = ".next"
"""``timers/.next``: the earliest of the timers."""
AWAITING_KEYS = "awaiting-keys"
DIGESTS = "digests"
REMINDERS = "reminders"
OPEN = "open"
REQUESTS = "requests"
WATCHERS = "watchers"
TAKEOVERS = "takeovers"
STANDBY = "standby.json"
OFFERS = "offers.json"
FINGERPRINTS = "fingerprints"
FINGERPRINTS_PRUNED = "fingerprints-pruned"
PREFS = "prefs.json"
BOUNCES = "bounces.json"
RATELIMIT = "ratelimit.json"
STRANGERS = "strangers.json"
STRANGERS_ALL = "strangers-all.json"
ANSWERS_OURS = "answers-ours.json"
SIGNUPS_FORGED = "signups-forged.json"
SIGNUPS_ALL = "signups-all.json"
SIGNUPS_IN = "signups-in.json"
SIGNUPS_OUT = "signups-out.json"
IMAP_CURSOR = "imap-cursor.json"
GM_ALERTS = "gm-alerts.json"
OAUTH_REVOKED = "oauth-revoked"
OAUTH_ACCESS = "oauth2-access.json"

JOURNAL_DIRS = (QUEUED, FAILED, DIRTY, NOTIFIED, TIMERS, AWAITING_KEYS, DIGESTS)
"""The outbox's directories that every tick has (the journal and the outbox make them)."""

JSON = ".json"
"""The suffix of one record in ``open/``, ``requests/``, ``watchers/``, ``takeovers/``,
``queued/``, ``failed/``: ``<name>.json``."""

# -- the keys directory ---------------------------------------------------------------------------

KEYRING = "keyring.json"
PUBLIC_KEYS = "public-keys.txt"
PLAYER_KEYS = "players"
SERVICE_IDENTITY = "service"
DEFAULT_KEYS = "keys"
"""The keys directory when the configuration names none: ``keys`` beside the data directory."""
DEFAULT_DATA = "games"
"""The data directory when the configuration names none (relative to the working directory)."""

# -- files made from the data directory -----------------------------------------------------------

EXPORT_SUFFIX = ".tar.gz"
RECORD_SUFFIX = ".record.txt"
REPLAY_SUFFIX = ".replay.html"
TURN_SUFFIX = ".turn.json"


def outbox(data_dir: Path) -> Path:
    """``<data>/outbox``: the mail loop's directory."""
    return Path(data_dir) / OUTBOX


def outbox_file(data_dir: Path, name: str) -> Path:
    """A file or directory of the mail loop, ``<data>/outbox/<name>``."""
    return Path(data_dir) / OUTBOX / name


def record_file(directory: Path, name: str) -> Path:
    """``<directory>/<name>.json``: one record of ``open/``, ``requests/``, ``watchers/``..."""
    return Path(directory) / f"{name}{JSON}"


def export_name(game_id: str) -> str:
    """The file name of a game's export archive."""
    return f"{game_id}{EXPORT_SUFFIX}"


def record_name(game_id: str) -> str:
    """The file name of a game's record (the PGN-like text)."""
    return f"{game_id}{RECORD_SUFFIX}"


def replay_name(game_id: str, seat: int | None = None) -> str:
    """The file name of a replay page: the public one, or a seat's."""
    return f"{game_id}{REPLAY_SUFFIX}" if seat is None else f"{game_id}.seat{seat}{REPLAY_SUFFIX}"


def turn_name(game_id: str, move: int, seat: int) -> str:
    """The file name of a seat's turn file at a move."""
    return f"{game_id}.move{move}.seat{seat}{TURN_SUFFIX}"


# -- where the directories are --------------------------------------------------------------------


def configured_path(config_file: Path | None, value: str) -> Path | None:
    """A path the configuration file names, absolute: ``~`` expanded, a relative one taken beside
    the file; None for an empty value."""
    if not value:
        return None
    p = Path(value).expanduser()
    if not p.is_absolute() and config_file is not None:
        p = config_file.parent / p
    return p.absolute()


def directories(
    given: str | Path | None, configured_data: Path | None, configured_keys: Path | None
) -> tuple[Path, Path]:
    """The data and keys directories, absolute: the data directory ``given`` (a command's
    ``--data-dir``), else ``$PBEM_DATA_DIR``, else the configuration's, else :data:`DEFAULT_DATA`;
    the keys directory ``$PBEM_KEYS_DIR``, else the configuration's, else :data:`DEFAULT_KEYS`
    beside the data directory. The configuration and the idle tick (:mod:`pbem.cli.idle`) both
    find them here."""
    env_data = os.environ.get("PBEM_DATA_DIR")
    if given is not None:
        data = Path(given).expanduser().absolute()
    elif env_data:
        data = Path(env_data).expanduser().absolute()
    else:
        data = configured_data or Path(DEFAULT_DATA).absolute()
    env_keys = os.environ.get("PBEM_KEYS_DIR")
    if env_keys:
        keys = Path(env_keys).expanduser().absolute()
    else:
        keys = configured_keys or data.parent / DEFAULT_KEYS
    return data, keys


def private_log_file(path: Path) -> None:
    """Create the log file (and its directory) readable by the service's user only, or tighten
    an existing one to 0600: log lines name players' addresses and games (docs/SECURITY.md). The
    tick, the idle tick and the sandbox all make it here."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        os.fchmod(fd, 0o600)
    finally:
        os.close(fd)


# -- formats the idle tick reads as the service does -------------------------------------------


def rate_hits(data: object) -> dict[str, list[float]]:
    """The content of a rate limiter's file (:data:`RATELIMIT` and the strangers' limiters, as
    JSON already read): each sender's times of hits. Anything but an object of lists reads as no
    hits, and a non-number among the times is skipped (a damaged file must not stop the service);
    a number no float can hold raises ``OverflowError``. Standard library only: the idle tick
    (:mod:`pbem.cli.idle`) checks the file with it, the service's limiters
    (:class:`pbem.mail.policy.RateLimiter`) read it with it."""
    if not isinstance(data, dict):
        return {}
    return {
        str(k): [float(t) for t in v if isinstance(t, int | float)]
        for k, v in data.items()
        if isinstance(v, list)
    }


__all__ = [name for name in dir() if name.isupper() or name.endswith(("_name", "_file"))] + [
    "configured_path",
    "directories",
    "outbox",
    "private_log_file",
    "rate_hits",
]
