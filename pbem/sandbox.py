"""``pbem sandbox DIR``: try the service with local mail before pointing it at a real provider.

It starts the embedded Dovecot (IMAP, read by the service over STARTTLS with the sandbox's own
certificate trusted through ``ca_file``) and the SMTP relay (or, without Dovecot, the relay
delivering into Maildirs), creates the keys, and writes into ``DIR``:

- ``pbem.toml`` for those servers (ports change at each start, so it is rewritten each time);
- ``passwords/<address>`` (mode 0600) and ``mutt/<name>.muttrc``, one per player, so that each
  player can read and answer from a terminal with ``mutt -F DIR/mutt/<name>.muttrc``.

Then it runs the mail loop every few seconds (unless ``--no-run``) until Ctrl-C, and stops the
servers cleanly. The games and keys stay in ``DIR`` for the next start.
"""

from __future__ import annotations

import logging
import os
import shutil
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import FrameType

from pbem import layout
from pbem.mail.localservers import DovecotServer, RelaySMTP, dovecot_available
from pbem.mail.outbound import maildir_for

DOMAIN = "sandbox.test"


@dataclass
class Sandbox:
    """A running sandbox: where its files are and how to reach its servers."""

    root: Path
    service: str
    gm: str
    players: list[tuple[str, str]]
    """(name, address)."""
    config: Path
    transport: str
    dovecot: DovecotServer | None = None
    relay: RelaySMTP | None = None
    muttrcs: dict[str, Path] = field(default_factory=dict)

    def instructions(self) -> str:
        from pbem.demo import _pbem_command

        pbem = _pbem_command()  # the script beside this Python (.venv/bin/pbem), else the PATH's
        cfg = self.config
        names = [n for n, _ in self.players]
        player_args = " ".join(f'-p "{n} <{a}>"' for n, a in self.players[:3])
        lines = [
            f"pbem sandbox in {self.root}: mail via {self.transport}.",
            f"  service address {self.service}, game master {self.gm}",
            "  players: " + ", ".join(f"{n} <{a}>" for n, a in self.players),
            "",
            "Play a game from the terminal (in another terminal):",
            f"  export PBEM_CONFIG={cfg}",
            f"  {pbem} admin new forbidden-city {player_args} -o privacy=plain",
            f"  (this sandbox runs the mail loop every few seconds; else: {pbem} run -v)",
        ]
        if shutil.which("mutt"):
            lines.append(
                f"  mutt -F {self.muttrcs[names[0]]}      # read {names[0]}'s mail, reply with a move"
            )
        else:
            lines.append(
                f"  mutt -F {self.muttrcs[names[0]]}      # (install mutt), or any client: "
                "IMAP and SMTP below"
            )
        if self.dovecot is not None:
            lines.append(
                f"  IMAP 127.0.0.1:{self.dovecot.imap_port} (login = address, password in "
                f"{self.root / 'passwords'}), SMTP 127.0.0.1:{self.relay.port if self.relay else 0}"
            )
        lines += [
            f"  A JOIN, WATCH or GAMES works too: {pbem} admin open forbidden-city --players 2-3",
            f"  mutt -F {self.muttrcs['GM']}      # the game master's mail (alerts, open games)"
            if "GM" in self.muttrcs
            else "",
            f"  The loop's log: {self.root / 'run.log'}",
            "",
            "Stop with Ctrl-C (the games and keys stay for the next start).",
        ]
        return "\n".join(lines)


def _passwords(root: Path, addresses: list[str]) -> dict[str, str]:
    d = root / "passwords"
    d.mkdir(parents=True, exist_ok=True, mode=0o700)
    out = {}
    for addr in addresses:
        p = d / addr
        if not p.exists():
            fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as f:
                f.write(os.urandom(9).hex())
        out[addr] = p.read_text().strip()
    return out


def _toml(value: object) -> str:
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_config(sb: Sandbox, passwords_dir: Path) -> None:
    """``pbem.toml`` for the running servers."""
    lines = [
        "# Written by 'pbem sandbox' (rewritten at each start: the ports change).",
        f"data_dir = {_toml(sb.root / layout.DEFAULT_DATA)}",
        f"keys_dir = {_toml(sb.root / layout.DEFAULT_KEYS)}",
        f"service_address = {_toml(sb.service)}",
        f"gm_address = {_toml(sb.gm)}",
        f"log_file = {_toml(sb.root / 'run.log')}",
    ]
    if sb.dovecot is not None:
        lines += [
            "",
            "[imap]",
            'host = "127.0.0.1"',
            f"port = {sb.dovecot.imap_port}",
            'security = "starttls"',
            f"user = {_toml(sb.service)}",
            f"password_file = {_toml(passwords_dir / sb.service)}",
            "# The sandbox's Dovecot has a self-signed certificate: trust exactly it.",
            f"ca_file = {_toml(sb.dovecot.cert_path)}",
        ]
    else:
        lines += ["", f"maildir_inbound = {_toml(maildir_for(sb.root / 'maildirs', sb.service))}"]
    assert sb.relay is not None
    lines += [
        "",
        "[smtp]",
        'host = "127.0.0.1"',
        f"port = {sb.relay.port}",
        'security = "none"',
        "",
    ]
    sb.config.write_text("\n".join(lines))


def write_muttrcs(sb: Sandbox, passwords: dict[str, str]) -> None:
    d = sb.root / "mutt"
    d.mkdir(parents=True, exist_ok=True, mode=0o700)
    assert sb.relay is not None
    for name, addr in [*sb.players, ("GM", sb.gm)]:
        common = [
            f'set from="{name} <{addr}>"',
            f'set realname="{name}"',
            f'set smtp_url="smtp://127.0.0.1:{sb.relay.port}/"',
            "set ssl_starttls=no",
            "set ssl_force_tls=no",
            'set record=""',
            "set include=yes          # quote the mail you answer (quoted lines are not read)",
            "set edit_headers=no",
            "set mail_check=5         # look for new mail every 5 seconds",
            "set timeout=5            # ... also while mutt waits for a key",
        ]
        if sb.dovecot is not None:
            user = addr.replace("@", "%40")
            box = [
                f'set folder="imap://{user}@127.0.0.1:{sb.dovecot.imap_port}/"',
                'set spoolfile="+INBOX"',
                f'set imap_user="{addr}"',
                f'set imap_pass="{passwords[addr]}"',
            ]
        else:
            md = maildir_for(sb.root / "maildirs", addr)
            box = ["set mbox_type=Maildir", f'set folder="{md}"', 'set spoolfile="+"']
        path = d / f"{name.lower()}.muttrc"
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(f"# mutt for {name} in the pbem sandbox: mutt -F {path}\n")
            f.write("\n".join(box + common) + "\n")
        sb.muttrcs[name] = path


@contextmanager
def sandbox(root: Path, *, players: int = 4, use_dovecot: bool | None = None) -> Iterator[Sandbox]:
    """Start the servers and write the files; stop the servers on leaving."""
    root = Path(root).absolute()
    root.mkdir(parents=True, exist_ok=True)
    root.chmod(0o755)  # Dovecot's unprivileged user must reach its directory inside
    service, gm = f"service@{DOMAIN}", f"gm@{DOMAIN}"
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"][: max(2, min(players, 6))]
    people = [(n, f"{n.lower()}@{DOMAIN}") for n in names]
    passwords = _passwords(root, [service, gm, *[a for _, a in people]])
    if use_dovecot is None:
        use_dovecot = dovecot_available() is not None
    from pbem.store import Keyring

    keys = root / layout.DEFAULT_KEYS
    if not (keys.exists() and any(keys.iterdir())):
        Keyring.create(keys, data_dir=root / layout.DEFAULT_DATA)
    sb = Sandbox(root, service, gm, people, root / "pbem.toml", "")
    try:
        if use_dovecot:
            sb.dovecot = DovecotServer(root / "dovecot", passwords).start()
            sb.relay = RelaySMTP(lmtp=sb.dovecot.lmtp_address).start()
            sb.transport = "SMTP relay -> LMTP -> Dovecot (IMAP)"
        else:
            sb.relay = RelaySMTP(maildir_root=root / "maildirs").start()
            sb.transport = "SMTP relay -> Maildirs (Dovecot is not installed)"
            for addr in passwords:
                maildir_for(root / "maildirs", addr)
        write_config(sb, root / "passwords")
        write_muttrcs(sb, passwords)
        yield sb
    finally:
        if sb.relay is not None:
            sb.relay.stop()
        if sb.dovecot is not None:
            sb.dovecot.stop()


def run_sandbox(
    root: Path,
    *,
    players: int = 4,
    use_dovecot: bool | None = None,
    interval: float = 5.0,
    echo: Callable[[str], None] = print,
    stop: threading.Event | None = None,
) -> None:
    """Run the sandbox until Ctrl-C (SIGINT or SIGTERM) or ``stop`` is set: the mail loop every
    ``interval`` seconds (0: never; the GM runs ``pbem run`` by hand)."""
    stop = stop or threading.Event()
    previous: dict[int, Callable[[int, FrameType | None], object] | int | None] = {}
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGINT, signal.SIGTERM):
            previous[sig] = signal.signal(sig, lambda *_: stop.set())
    log_handler: logging.Handler | None = None
    try:
        with sandbox(root, players=players, use_dovecot=use_dovecot) as sb:
            log_handler = _log_to(sb.root / "run.log")  # the log_file its pbem.toml names
            echo(sb.instructions())
            echo("ready")
            from pbem.config import load_config
            from pbem.runner import build_sender, build_service, build_source, tick

            while not stop.is_set():
                if interval > 0:
                    try:
                        cfg = load_config(sb.config)
                        clock = lambda: datetime.now(UTC)  # noqa: E731
                        service = build_service(cfg, clock)
                        source, sender = build_source(cfg), build_sender(cfg)
                        report = tick(service, source, sender, clock=clock, wait_lock=True)
                        if report.fetched or report.sent or report.errors:
                            echo(report.line())
                        close = getattr(source, "close", None)
                        if close:
                            close()
                    except Exception as err:  # noqa: BLE001 - the sandbox keeps going
                        echo(f"tick failed: {type(err).__name__}: {err}")
                stop.wait(interval if interval > 0 else 3600)
        echo("sandbox stopped: servers shut down; games and keys kept in " + str(sb.root))
    finally:
        if log_handler is not None:
            logger = logging.getLogger("pbem")
            logger.removeHandler(log_handler)
            logger.setLevel(getattr(log_handler, "pbem_level", logging.NOTSET))
            log_handler.close()
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _log_to(path: Path) -> logging.Handler:
    """The service's log lines (INFO and up) into ``path`` (mode 0600, as ``pbem run`` makes it)
    for as long as the sandbox runs; the caller removes the handler."""
    layout.private_log_file(path)
    handler = logging.FileHandler(path)
    handler.setLevel(logging.INFO)
    handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(levelname)s %(message)s"))
    logger = logging.getLogger("pbem")
    handler.pbem_level = logger.level  # type: ignore[attr-defined]  # restored on leaving
    logger.addHandler(handler)
    if logger.getEffectiveLevel() > logging.INFO:
        logger.setLevel(logging.INFO)
    return handler
