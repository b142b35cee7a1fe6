"""What the runner's and the daemon's tests against the real servers set up alike
(test_crash, test_crash_every_mail, test_daemon): the service configured for the test's Dovecot
and SMTP relay, and a Forbidden City game of greedy bots, each reading its own IMAP account."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from pbem.demo import BotPlayer
from pbem.mail.outbound import SmtpSender
from pbem.store import Keyring, Store


def service_config(tmp: Path, service: Any, gm: Any, relay_port: int) -> Path:
    """A new keyring under ``tmp/keys`` and ``tmp/pbem.toml`` for ``tmp/games``: the service
    reads ``service``'s IMAP account and sends through the relay, without TLS (local servers)."""
    data, keys = tmp / "games", tmp / "keys"
    Keyring.create(keys, data_dir=data)
    cfg = tmp / "pbem.toml"
    cfg.write_text(
        f'data_dir = "{data}"\nkeys_dir = "{keys}"\n'
        f'service_address = "{service.address}"\ngm_address = "{gm.address}"\n'
        f'[imap]\nhost = "127.0.0.1"\nport = {service.imap_port}\nsecurity = "none"\n'
        f'user = "{service.address}"\n'
        f'[smtp]\nhost = "127.0.0.1"\nport = {relay_port}\nsecurity = "none"\n'
    )
    return cfg


def service_env(service: Any) -> dict[str, str]:
    """The environment of a ``pbem run`` or ``pbem daemon`` process: the IMAP password."""
    return {**os.environ, "PBEM_IMAP_PASSWORD": service.password}


@dataclass
class BotGame:
    store: Store
    gid: str
    bots: list[BotPlayer]


def bot_game(tmp: Path, players: list[Any], relay_port: int, seed: int) -> BotGame:
    """A plain Forbidden City game in ``tmp/games`` (after :func:`service_config`) with a greedy
    bot per account of ``players``. Creating it leaves the marker of a game with news to mail
    (``outbox/dirty/<game>``), as ``pbem admin new`` does."""
    store = Store(tmp / "games", Keyring.load(tmp / "keys"))
    bots = [
        BotPlayer(
            f"P{i}",
            acc.address,
            "greedy",
            acc.imap(tmp / f"bot{i}.json"),
            store,
            SmtpSender("127.0.0.1", relay_port, "none"),
            i,
        )
        for i, acc in enumerate(players)
    ]
    gid = store.create(
        "forbidden-city",
        [(b.name, b.address) for b in bots],
        {"privacy": "plain"},
        seed,
        datetime.now(UTC),
    )
    return BotGame(store, gid, bots)


def start_daemon(cfg: Path, env: dict[str, str], log: IO[bytes]) -> subprocess.Popen[bytes]:
    """``pbem daemon`` (ticks every 300 s, and at once on IMAP IDLE), its output to ``log``."""
    return subprocess.Popen(
        [sys.executable, "-m", "pbem", "daemon", "--config", str(cfg), "--interval", "300"],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
