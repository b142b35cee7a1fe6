"""Start-up cost of the command line: CPU seconds of whole ``pbem`` processes.

Run: ``PYTHONPATH=$PWD .venv/bin/python benchmarks/bench_startup.py [--runs 7] [--baseline DIR]``

Each command runs ``--runs`` times as a child process; its CPU time (user + system) comes from
``getrusage(RUSAGE_CHILDREN)``, its wall time from the clock; medians are printed. Commands:
``python -c pass`` (the floor), ``pbem --help``, an idle ``pbem run`` (a Maildir inbox with no mail,
a Maildir sink, three games with nothing to send), ``pbem admin list``. ``--baseline DIR`` also runs
every command with ``PYTHONPATH=DIR`` (e.g. a ``git archive`` of an older commit unpacked there),
interleaved with the current tree, for before/after ratios measured in one run. ``--installed PY``
also runs every command with the interpreter of a venv where pbem was pip-installed from a wheel
(``python -m venv /tmp/x && /tmp/x/bin/pip install .``): without the editable install's path finder,
which costs about 25 ms of every process of the development venv.
``--installed-baseline PY`` does the same with a venv where the ``--baseline`` tree was installed.
``--importtime`` prints the ten most expensive imports of each command (``python -X importtime``).

Bytecode: an installed pbem has its ``.pyc`` files, so the children run with bytecode caching on
(``PYTHONDONTWRITEBYTECODE`` removed, ``PYTHONPYCACHEPREFIX`` a temporary directory, so the trees
stay clean) and every command runs once untimed first. Without that (this machine's environment
sets ``PYTHONDONTWRITEBYTECODE=1``) each process compiles every pbem module again: about 0.17 s
of an idle ``pbem run``. ``--no-bytecode`` measures that way.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

SERVICE = "service@pbem.test"
PLAYERS = [(f"P{i}", f"p{i}@pbem.test") for i in range(4)]


def setup(root: Path) -> Path:
    """A data directory with three idle games and a pbem.toml over Maildirs; returns the config."""
    from pbem.mail.outbox import Outbox
    from pbem.store import Keyring, Store
    from pbem.store.store import CHANGED_DIR

    keyring = Keyring.create(root / "keys", data_dir=root / "games")
    store = Store(root / "games", keyring)
    Outbox(root / "games", keyring)
    for i in range(3):
        gid = store.create("forbidden-city", PLAYERS, {"privacy": "plain"}, i, datetime.now(UTC))
        (store.data_dir / CHANGED_DIR / gid).unlink(missing_ok=True)  # start mails "sent"
    for d in ("inbox", "sent"):
        for sub in ("new", "cur", "tmp"):
            (root / d / sub).mkdir(parents=True, exist_ok=True)
    cfg = root / "pbem.toml"
    cfg.write_text(
        f'data_dir = "{root / "games"}"\nkeys_dir = "{root / "keys"}"\n'
        f'service_address = "{SERVICE}"\ngm_address = "{SERVICE}"\n'
        f'maildir_inbound = "{root / "inbox"}"\nmaildir_outbound = "{root / "sent"}"\n'
    )
    return cfg


CHILD_ENV: dict[str, str] = {}
"""Set by ``main``: the bytecode settings of the children."""


INSTALLED = "installed:"
"""A tree label ``installed:<python>``: run the commands with that interpreter (a venv with pbem
pip-installed from a wheel) and no PYTHONPATH."""


def _child(cmd: list[str], tree: str) -> tuple[list[str], dict[str, str]]:
    env = dict(os.environ, **CHILD_ENV)
    if tree.startswith(INSTALLED):
        env.pop("PYTHONPATH", None)
        return [tree[len(INSTALLED) :], *cmd[1:]], env
    env["PYTHONPATH"] = tree
    return cmd, env


def run(cmd: list[str], pythonpath: str) -> tuple[float, float]:
    cmd, env = _child(cmd, pythonpath)
    if "PYTHONPYCACHEPREFIX" in CHILD_ENV:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    # From a neutral directory: ``python -m`` puts the working directory first on sys.path.
    done = subprocess.run(cmd, capture_output=True, env=env, check=False, cwd="/")
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0,):
        raise SystemExit(f"{cmd} failed ({done.returncode}): {done.stderr[-400:]!r}")
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, wall


def importtime(cmd: list[str], pythonpath: str) -> list[str]:
    cmd, env = _child(cmd, pythonpath)
    if "PYTHONPYCACHEPREFIX" in CHILD_ENV:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    done = subprocess.run(
        [cmd[0], "-X", "importtime", *cmd[1:]], capture_output=True, text=True, env=env, cwd="/"
    )
    rows = []
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) != 3 or "cumulative" in line:
            continue
        name = parts[2]
        if len(name) - len(name.lstrip()) > 1:  # nested import: counted in its parent
            continue
        rows.append((int(parts[1]), name.strip()))
    rows.sort(reverse=True)
    return [f"{us / 1000:7.1f} ms  {name}" for us, name in rows[:10]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--baseline", type=Path, default=None)
    parser.add_argument("--importtime", action="store_true")
    parser.add_argument(
        "--installed",
        default=None,
        help="also run with this interpreter, e.g. /tmp/x/bin/python of a venv where pbem was "
        "installed with pip from this tree (no editable path finder, no PYTHONPATH)",
    )
    parser.add_argument(
        "--installed-baseline",
        default=None,
        help="also run with this interpreter, a venv where the --baseline tree was installed "
        "from a wheel (before/after of installed pbem in one run)",
    )
    parser.add_argument("--no-bytecode", action="store_true", help="compile every module each run")
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="pbem-bench-startup-"))
    if not args.no_bytecode:
        CHILD_ENV["PYTHONPYCACHEPREFIX"] = str(root / "pycache")
    cfg = setup(root)
    py = sys.executable
    commands = {
        "python -c pass": [py, "-c", "pass"],
        "pbem --help": [py, "-m", "pbem", "--help"],
        "pbem run (idle, Maildir)": [py, "-m", "pbem", "run", "--config", str(cfg)],
        "pbem admin list": [py, "-m", "pbem", "admin", "list", "--config", str(cfg)],
    }
    here = str(Path(__file__).resolve().parent.parent)
    trees = {"now": here}
    if args.baseline is not None:
        trees = {"before": str(args.baseline.resolve()), "now": here}
    if args.installed_baseline:
        trees["before, installed"] = INSTALLED + args.installed_baseline
    if args.installed:
        trees["installed"] = INSTALLED + args.installed
    cpu: dict[tuple[str, str], list[float]] = {}
    wall: dict[tuple[str, str], list[float]] = {}
    for cmd in commands.values():  # untimed: writes the bytecode caches
        for tree in trees.values():
            run(cmd, tree)
    for _ in range(args.runs):
        for name, cmd in commands.items():
            for label, tree in trees.items():
                c, w = run(cmd, tree)
                cpu.setdefault((name, label), []).append(c)
                wall.setdefault((name, label), []).append(w)
    print(
        f"pbem start-up (python {sys.version.split()[0]}), medians of {args.runs} interleaved runs"
    )
    for name in commands:
        parts = []
        for label in trees:
            c = statistics.median(cpu[(name, label)])
            w = statistics.median(wall[(name, label)])
            lo = min(cpu[(name, label)])
            parts.append(
                f"{label}: cpu {c * 1000:6.1f} ms (fastest {lo * 1000:6.1f}), wall {w * 1000:6.1f} ms"
            )
        if "before" in trees:
            b = statistics.median(cpu[(name, "before")])
            n = statistics.median(cpu[(name, "now")])
            parts.append(f"cpu now/before {n / b:.2f}")
        if "before, installed" in trees and "installed" in trees:
            b = statistics.median(cpu[(name, "before, installed")])
            n = statistics.median(cpu[(name, "installed")])
            parts.append(f"installed now/before {n / b:.2f}")
        print(f"{name:<26} " + "; ".join(parts))
    if args.importtime:
        for name, cmd in commands.items():
            print(f"-- imports of {name} (cumulative, top-level modules)")
            for line in importtime(cmd, trees["installed"] if args.installed else here):
                print("   " + line)
    shutil.rmtree(root)


if __name__ == "__main__":
    main()
