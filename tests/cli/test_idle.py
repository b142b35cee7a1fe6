"""The idle shortcut of ``pbem run`` (:mod:`pbem.cli.idle`): it may say "nothing to do" only when a
full tick would do nothing; every kind of pending work, and every set-up the full tick would
refuse, sends the run to the full tick."""

from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from typing import Any

import msgspec
import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "service"))
from helpers import reply  # noqa: E402

from pbem.cli import idle
from pbem.cli.idle import IDLE_LINE, idle_tick
from pbem.config import _FileConfig, load_config
from pbem.runner import TickReport, build_sender, build_service, build_source, tick
from pbem.store import Keyring, SetDeadline

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]
PLAIN = {"privacy": "plain"}
T0 = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


class Site:
    """A pbem.toml over Maildirs (in and out), its keys and data directory, and a clock."""

    def __init__(self, root: Path, extra: str = "") -> None:
        self.root = root
        self.data, self.keys = root / "games", root / "keys"
        self.inbox, self.sent = root / "inbox", root / "sent"
        Keyring.create(self.keys, data_dir=self.data)
        for d in (self.inbox, self.sent):
            for sub in ("new", "cur", "tmp"):
                (d / sub).mkdir(parents=True)
        self.cfg = root / "pbem.toml"
        self.write_config(extra)
        self.now = T0

    def write_config(self, extra: str = "", *, address: str = "s@pbem.test") -> None:
        self.cfg.write_text(
            f'data_dir = "{self.data}"\nkeys_dir = "{self.keys}"\nservice_address = "{address}"\n'
            f'gm_address = "gm@pbem.test"\nmaildir_inbound = "{self.inbox}"\n'
            f'maildir_outbound = "{self.sent}"\n' + extra
        )

    def clock(self) -> datetime:
        return self.now

    def service(self) -> Any:
        return build_service(load_config(self.cfg), self.clock)

    def tick(self) -> TickReport:
        """A full tick at ``now``, as ``pbem run`` builds it."""
        cfg = load_config(self.cfg)
        return tick(
            build_service(cfg, self.clock), build_source(cfg), build_sender(cfg), clock=self.clock
        )

    def idle(self) -> bool:
        return idle_tick(self.cfg, None, False, now=self.now) == 0

    def snapshot(self) -> dict[str, tuple[Any, ...]]:
        """Every file and directory under the site: mode, size, mtime and content."""
        out: dict[str, tuple[Any, ...]] = {}
        for dirpath, dirnames, filenames in os.walk(self.root):
            for name in dirnames + filenames:
                p = Path(dirpath) / name
                st = p.lstat()
                digest = hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else ""
                out[str(p.relative_to(self.root))] = (
                    st.st_mode,
                    st.st_size,
                    st.st_mtime_ns,
                    digest,
                )
        return out

    def check(self) -> bool:
        """The shortcut's verdict; when it says idle, a full tick must change nothing."""
        before = self.snapshot()
        verdict = self.idle()
        assert self.snapshot() == before  # the shortcut itself writes nothing (the lock exists)
        if verdict:
            report = self.tick()
            assert report.line() == IDLE_LINE and report.healthy
            after = self.snapshot()
            changed = {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}
            assert not changed, changed
        return verdict

    def settle(self) -> None:
        """Full ticks until the shortcut says idle (at most three)."""
        for _ in range(3):
            self.tick()
            if self.check():
                return
        raise AssertionError("never idle")

    def last_mail_to(self, addr: str, gid: str) -> EmailMessage:
        """The newest mail of game ``gid`` delivered to ``addr`` (the Maildir sink)."""
        mails = []
        for p in (self.sent / addr / "new").iterdir():
            msg = BytesParser(policy=policy.default).parsebytes(p.read_bytes())
            if str(msg["Subject"]).startswith(f"[{gid}]"):
                mails.append((p.stat().st_mtime_ns, p.name, msg))
        return max(mails, key=lambda m: m[:2])[2]  # type: ignore[return-value]

    def drop_mail(self, sub: str = "new", body: str = "GAMES") -> Path:
        path = self.inbox / sub / f"{self.now.timestamp():.0f}.x{len(os.listdir(self.inbox / sub))}"
        path.write_bytes(
            b"From: ann@example.org\r\nTo: s@pbem.test\r\nSubject: hi\r\n"
            b"Message-ID: <m"
            + str(len(os.listdir(self.inbox / sub))).encode()
            + b"@x.test>\r\n\r\n"
            + body.encode()
            + b"\r\n"
        )
        return path


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Site:
    for var in ("PBEM_CONFIG", "PBEM_DATA_DIR", "PBEM_KEYS_DIR", "PBEM_CRASH_AT"):
        monkeypatch.delenv(var, raising=False)
    return Site(tmp_path)


def test_the_idle_line_is_the_empty_reports() -> None:
    assert TickReport().line() == IDLE_LINE


def _schema_of(struct: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in msgspec.structs.fields(struct):
        t = f.type
        if isinstance(t, type) and issubclass(t, msgspec.Struct):
            out[f.name] = _schema_of(t)
        else:
            out[f.name] = t
    return out


def test_the_schema_is_the_config_files() -> None:
    real = _schema_of(_FileConfig)

    def same(mine: dict[str, Any], theirs: dict[str, Any], where: str) -> None:
        assert set(mine) == set(theirs), where
        for k, kind in mine.items():
            if isinstance(kind, dict):
                same(kind, theirs[k], f"{where}{k}.")
            elif kind in (str, int):
                assert theirs[k] is kind, f"{where}{k}"
            elif kind is float:
                assert "float" in str(theirs[k]), f"{where}{k}"
            elif kind is bool:
                assert theirs[k] is bool, f"{where}{k}"
            else:
                assert set(kind) == set(theirs[k].__args__), f"{where}{k}"

    same(idle._SCHEMA, real, "")


@pytest.mark.parametrize(
    ("text", "env", "data_dir"),
    [
        ('service_address = "s@x"\n', {}, None),
        ('data_dir = "g"\nkeys_dir = "../k"\nlog_file = "log/pbem.log"\n', {}, None),
        ('data_dir = "~/g"\nmaildir_inbound = "in"\n', {"PBEM_KEYS_DIR": "kk"}, None),
        ('data_dir = "/abs/g"\n', {"PBEM_DATA_DIR": "envdata"}, None),
        ('data_dir = "g"\n', {"PBEM_DATA_DIR": "envdata"}, Path("over")),
        ('data_dir = "g"\n', {"PBEM_DATA_DIR": ""}, None),
    ],
)
def test_paths_resolve_as_load_config_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, env: dict[str, str], data_dir: Any
) -> None:
    monkeypatch.chdir(tmp_path)
    for var in ("PBEM_CONFIG", "PBEM_DATA_DIR", "PBEM_KEYS_DIR"):
        monkeypatch.delenv(var, raising=False)
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    (tmp_path / "conf").mkdir()
    cfg = tmp_path / "conf" / "pbem.toml"
    cfg.write_text(text)
    for path in (cfg, Path("conf/pbem.toml")):
        mine, theirs = idle._Config(path, data_dir), load_config(path, data_dir=data_dir)
        assert mine.data_dir == theirs.data_dir
        assert mine.keys_dir == theirs.keys_dir
        assert mine.maildir_inbound == theirs.maildir_inbound
        assert mine.log_file == theirs.log_file
    monkeypatch.setenv("PBEM_CONFIG", str(cfg))
    assert idle._Config(None, data_dir).data_dir == load_config(None, data_dir=data_dir).data_dir


# ------------------------------------------------------------------ states made by real operations


def test_whenever_it_says_idle_a_full_tick_does_nothing(site: Site) -> None:
    assert not site.check()  # a fresh data directory: the tick creates its folders
    site.settle()
    # Games created: their start mails are to be built.
    svc = site.service()
    gids = [svc.store.create("forbidden-city", PLAYERS, PLAIN, i, site.now) for i in range(2)]
    assert not site.check()
    site.settle()
    assert {"ann@example.org", "bob@example.org"} <= set(os.listdir(site.sent))  # mailed
    # A GM command (a deadline of an hour): the game is dirty, then only its timer remains.
    rec = svc.store.load(gids[0])
    svc.store.commit(gids[0], rec.seq, [SetDeadline("move", seconds=3600)], site.now)
    assert not site.check()
    site.settle()
    assert (site.data / "outbox" / "timers" / ".next").exists()
    site.now += timedelta(minutes=30)  # a reminder may be due half way
    if not site.check():
        site.settle()
    site.now += timedelta(hours=2)  # the deadline passed: the computer plays
    assert not site.check()
    site.settle()
    # Moves by mail: each reply is read, applied and answered; then idle again.
    for _ in range(3):
        rec = svc.store.load(gids[1])
        mover = rec.pending()[0].seat
        addr = rec.envelope.active_player(mover).email
        raw = reply(site.last_mail_to(addr, gids[1]), addr, rec.legal_notations(mover)[0])
        (site.inbox / "new" / f"{rec.seq}.reply").write_bytes(raw)
        assert not site.check()
        site.settle()
        assert svc.store.load(gids[1]).envelope.moves == rec.envelope.moves + 1
    # A mail in the inbox (new/, then cur/): read, answered.
    site.drop_mail("new")
    assert not site.check()
    site.settle()
    site.drop_mail("cur")
    assert not site.check()
    site.settle()
    # A mail that failed once waits for its retry: idle until it is due.
    svc = site.service()
    svc.alert_gm("test", ["a line"], key="k1")
    (entry,) = svc.outbox.pending()
    svc.outbox.mark_retry(entry, "450 try later", site.now.timestamp())
    assert site.check()
    site.now += timedelta(minutes=2)
    assert not site.check()
    site.settle()
    # The next day: the daily pruning of fingerprints.
    site.now += timedelta(days=1)
    assert not site.check()
    site.settle()
    svc = site.service()
    # A digest due, an open game: work each time.
    svc.journal.set_digest(gids[1], site.now + timedelta(hours=1))
    assert site.check()
    site.now += timedelta(hours=2)
    assert not site.check()
    site.settle()
    from pbem.service.signup import SignupFiles

    SignupFiles(site.data / "outbox").new_open("forbidden-city", 2, 2, {}, None, [], site.now)
    assert not site.check()  # announced games: the tick looks at them every time
    site.tick()
    assert not site.check()
    (site.data / "outbox" / "open").rename(site.root / "closed")
    site.settle()
    # A game waiting for its players' keys: every tick looks whether they came (the GM may
    # import them), so no tick is idle while one waits.
    site.service().store.create("forbidden-city", PLAYERS, {}, 9, site.now)
    for _ in range(2):
        site.tick()
        assert not site.check()


# ------------------------------------------------------------------ each kind of work defeats it


@pytest.fixture
def idle_site(site: Site) -> Site:
    svc = site.service()
    for i in range(2):
        svc.store.create("forbidden-city", PLAYERS, PLAIN, i, site.now)
    site.settle()
    assert site.idle()
    return site


def _outbox(site: Site) -> Path:
    return site.data / "outbox"


def test_pending_work_of_every_kind_goes_to_the_full_tick(idle_site: Site) -> None:
    site = idle_site
    ob = _outbox(site)
    gid = sorted(os.listdir(ob / "notified"))[0]

    def without_idle(make: Any, undo: Any) -> None:
        make()
        assert not site.idle(), make
        undo()
        assert site.idle(), undo

    def touch(p: Path, data: str = "") -> Any:
        return lambda: p.write_text(data)

    def rm(p: Path) -> Any:
        return lambda: p.unlink()

    for p, data in [
        (ob / "dirty" / gid, ""),
        (ob / "awaiting-keys" / gid, "{}"),
        (ob / "open" / "o-1.json", "{}"),
        (ob / "digests" / gid, (site.now - timedelta(seconds=1)).isoformat()),
        (ob / "digests" / gid, "garbled"),
        (ob / "digests" / gid, "2026-11-21T11:00:00"),  # no zone: the tick would fail on it
        (ob / "timers" / gid, (site.now + timedelta(days=1)).isoformat()),  # no .next
        (ob / "queued" / "k.json", '{"next_attempt": 0}'),
        (ob / "queued" / "k.json", "{}"),
        (ob / "queued" / "k.json", "not json"),
        (site.inbox / "new" / "1.m", "x"),
        (site.inbox / "cur" / "1.m:2,", "x"),
    ]:
        (ob / "open").mkdir(exist_ok=True)
        without_idle(touch(p, data), rm(p))
    # Not work: a mail waiting for its retry, a digest due later, hidden and temporary files.
    for p, data in [
        (ob / "queued" / "k.json", f'{{"next_attempt": {site.now.timestamp() + 60}}}'),
        (ob / "digests" / gid, (site.now + timedelta(hours=1)).isoformat()),
        (ob / "dirty" / f".{gid}.tmp-1234", ""),
        (site.inbox / "new" / ".hidden", ""),
        (site.inbox / "tmp" / "1.m", "being delivered"),
    ]:
        p.write_text(data)
        assert site.check(), p
        p.unlink()
    # Deadlines: .next due, garbled, or without its zone.
    nxt = ob / "timers" / ".next"
    for data in [site.now.isoformat(), "garbled", "2026-11-30T00:00:00", ""]:
        without_idle(touch(nxt, data), rm(nxt))
    nxt.write_text((site.now + timedelta(seconds=1)).isoformat())
    (ob / "timers" / gid).write_text((site.now + timedelta(seconds=1)).isoformat())
    assert site.check()
    nxt.unlink()
    (ob / "timers" / gid).unlink()
    # The daily pruning not yet done today.
    mark = ob / "fingerprints-pruned"
    today = mark.read_text()
    without_idle(touch(mark, "2026-11-20"), touch(mark, today))
    without_idle(rm(mark), touch(mark, today))
    # Files the service rewrites or narrows when it starts.
    (ob / "sent.log").write_text("")
    os.chmod(ob / "sent.log", 0o600)
    without_idle(lambda: os.chmod(ob / "sent.log", 0o644), lambda: os.chmod(ob / "sent.log", 0o600))
    without_idle(lambda: os.chmod(site.data, 0o750), lambda: os.chmod(site.data, 0o700))
    (ob / "ratelimit.json").write_text('{"a": [1e999]}')  # read as infinity: no harm
    assert site.check()
    (ob / "ratelimit.json").unlink()
    without_idle(
        touch(ob / "ratelimit.json", '{"a": [' + "9" * 400 + "]}"), rm(ob / "ratelimit.json")
    )
    # A folder the service would create.
    for d in ("queued", "failed", "dirty", "notified", "timers", "awaiting-keys", "digests"):
        (ob / d).rename(ob / f"{d}.away")
        assert not site.idle(), d
        (ob / f"{d}.away").rename(ob / d)
    (site.inbox / "tmp").rmdir()
    assert not site.idle()
    (site.inbox / "tmp").mkdir()
    # Fault injection (the crash tests): the full tick passes its crash points.
    os.environ["PBEM_CRASH_AT"] = "after-fetch"
    try:
        assert not site.idle()
    finally:
        del os.environ["PBEM_CRASH_AT"]
    # Another tick holds the lock: the full tick says so.
    fd = os.open(site.data / ".service.lock", os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        assert not site.idle()
    finally:
        os.close(fd)
    assert site.idle()


@pytest.mark.parametrize(
    "extra",
    [
        '[imap]\nhost = "imap.example.org"\n',  # the tick must ask the server
        '[smtp]\nhost = "smtp.example.org"\nuser = "u"\npassword_env = "NO_SUCH_VAR_PBEM"\n',
        '[smtp]\nhost = "smtp.example.org"\nca_file = "ca.pem"\n',
        "[limits]\nmax_mails_per_sender_per_hour = 0\n",
        "[limits]\nmax_messages_per_tick = 2.0\n",
        "[limits]\nmax_messages_per_tick = true\n",
        "[imap]\nidle_cycle = 61\n",
        '[imap]\nsecurity = "ssl"\n',
        'typo = "x"\n',
        '[imap.folders]\nspam = "Spam"\n',
        "log_file = 3\n",
        "this is not toml",
    ],
)
def test_a_setup_the_full_tick_would_refuse_or_ask_a_server_about(
    idle_site: Site, extra: str
) -> None:
    idle_site.write_config(extra)
    assert idle_tick(idle_site.cfg, None, False, now=idle_site.now) is None


def test_accepted_setups_are_idle(idle_site: Site, monkeypatch: pytest.MonkeyPatch) -> None:
    for extra in [
        '[smtp]\nhost = "smtp.example.org"\n',
        '[smtp]\nhost = "smtp.example.org"\nuser = "u"\npassword_env = "PBEM_TEST_PW"\n',
        "[imap]\nidle_cycle = 1\n[limits]\nmax_messages_per_tick = 5\n",
    ]:
        monkeypatch.setenv("PBEM_TEST_PW", "secret")
        idle_site.write_config(extra)
        assert idle_site.check(), extra


def test_keys_the_full_tick_would_refuse(idle_site: Site) -> None:
    site = idle_site
    ring = site.keys / "keyring.json"
    good = ring.read_bytes()

    def refused() -> bool:
        return idle_tick(site.cfg, None, False, now=site.now) is None

    os.chmod(ring, 0o640)
    assert refused()
    os.chmod(ring, 0o600)
    import json

    data = json.loads(good)
    for change in [
        {"signing_key": data["signing_key"][:-2]},
        {"token_secret": 5},
        {"schema": 2},
        {"schema": True},
        {"retired": [{"key_id": "x"}]},
        {"retired": "none"},
        {"created": 3},
        {"unknown": 1},
    ]:
        ring.write_text(json.dumps({**data, **change}))
        assert refused(), change
    ring.write_bytes(good[:-5])
    assert refused()
    ring.write_bytes(good.replace(b"{", b'{"created": "x", ', 1))  # a repeated key
    assert refused()
    ring.write_bytes(good)
    assert not refused()
    ring.unlink()
    assert refused()
    ring.write_bytes(good)
    os.chmod(ring, 0o600)
    site.write_config(address="")
    assert refused()
    site.write_config()
    site.cfg.write_text(site.cfg.read_text().replace(f'"{site.keys}"', f'"{site.data / "k"}"'))
    assert refused()


# ------------------------------------------------------------------ the command


def _run(cfg: Path, *args: str) -> subprocess.CompletedProcess[str]:
    code = (
        "import sys\n"
        "from pbem.cli import main\n"
        "try:\n    main()\nexcept SystemExit as e:\n    code = e.code\nelse:\n    code = 0\n"
        "print('MODULES', ' '.join(sorted(sys.modules)), file=sys.stderr)\n"
        "sys.exit(code)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for var in ("PBEM_CONFIG", "PBEM_DATA_DIR", "PBEM_KEYS_DIR", "PBEM_CRASH_AT"):
        env.pop(var, None)
    return subprocess.run(
        [sys.executable, "-c", code, "run", "--config", str(cfg), *args],
        capture_output=True,
        text=True,
        env=env,
        cwd="/",
        timeout=120,
    )


def _split(done: subprocess.CompletedProcess[str]) -> tuple[str, set[str]]:
    lines = done.stderr.splitlines()
    mods = set(lines[-1].split()[1:]) if lines and lines[-1].startswith("MODULES") else set()
    return "\n".join(lines[:-1]), mods


def test_an_idle_run_prints_and_logs_what_the_full_tick_would(tmp_path: Path) -> None:
    site = Site(tmp_path)
    site.now = datetime.now(UTC)
    site.settle()
    quick = _run(site.cfg, "-v")
    err, mods = _split(quick)
    assert quick.returncode == 0 and quick.stdout == IDLE_LINE + "\n" and err == ""
    for heavy in ("msgspec", "logging", "pbem.runner", "pbem.service", "pbem.store", "pbem.config"):
        assert heavy not in mods, heavy
    # The full tick (something to do: the day's pruning), for comparison.
    (site.data / "outbox" / "fingerprints-pruned").unlink()
    full = _run(site.cfg, "-v")
    err, mods = _split(full)
    assert full.returncode == 0 and "pbem.runner" in mods
    assert full.stdout == IDLE_LINE + "\n"
    # With a log file: the same line in it, with -v; none without.
    site.write_config('log_file = "logs/pbem.log"\n')
    for args, lines in ((["-v"], 1), ([], 0)):
        log = tmp_path / "logs" / "pbem.log"
        if log.exists():
            log.unlink()
        done = _run(site.cfg, *args)
        err, mods = _split(done)
        assert done.returncode == 0 and err == ""
        assert done.stdout == (IDLE_LINE + "\n" if args else "")
        text = log.read_text()
        assert text.count(f"pbem.runner INFO tick: {IDLE_LINE}") == lines, text
        assert ("logging" in mods) == bool(args)
    # A set-up error is still reported by the full tick, with its exit status.
    site.write_config(address="")
    done = _run(site.cfg)
    assert done.returncode == 2 and "service_address is not set" in done.stderr
