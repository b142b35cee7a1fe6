"""The wheel works on its own: built from the source, installed into a fresh virtual environment,
``pbem demo`` plays a whole game from it (issue 16, item 4).

The new environment is clean (``venv`` without ``--system-site-packages``); only the third-party
dependencies are borrowed from the running interpreter's site-packages through a ``.pth`` file, so
no download is needed. ``pbem`` itself must come from the installed wheel: the test checks that
``pbem.__file__`` and the templates are inside the new environment, and runs with no
``PYTHONPATH`` and from a directory outside the checkout.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[2]
# What a build needs from the checkout (copied, so the build's build/ and *.egg-info never land
# in the working tree, and two runs at once cannot meet).
SOURCES = ("pyproject.toml", "setup.py", "README.md", "pbem", "templates", "docs")


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PBEM_"))}
    env.pop("VIRTUAL_ENV", None)
    return env


def _run(cmd: list[str], **kw: object) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)  # type: ignore[call-overload]
    assert proc.returncode == 0, f"{cmd} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    return proc  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("src")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=ignore)
        else:
            shutil.copy2(path, src / name)
    dist = tmp_path_factory.mktemp("dist")
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "-w",
            str(dist),
            str(src),
        ],
        env=_clean_env(),
    )
    (whl,) = dist.glob("pbem-*.whl")
    return whl


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    env_dir = tmp_path_factory.mktemp("venv")
    _run([sys.executable, "-m", "venv", "--without-pip", "--clear", str(env_dir)])
    python = env_dir / "bin" / "python"
    site = Path(
        _run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
        ).stdout.strip()
    )
    # Third-party dependencies only: the running interpreter's site-packages, appended after the
    # new environment's own (a path in a .pth file is added to sys.path, and the .pth files inside
    # it, such as an editable install's finder, are not run).
    borrowed = dict.fromkeys(sysconfig.get_paths()[k] for k in ("purelib", "platlib"))
    (site / "_pbem_test_deps.pth").write_text("".join(f"{p}\n" for p in borrowed))
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "-q",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        env=_clean_env(),
    )
    return env_dir


def test_the_wheel_holds_every_data_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = {
        "pbem/" + p.relative_to(ROOT / "pbem").as_posix()
        for p in (ROOT / "pbem").rglob("*")
        if p.is_file() and p.suffix not in (".pyc",) and "__pycache__" not in p.parts
    }
    expected |= {
        "pbem/templates/" + p.relative_to(ROOT / "templates").as_posix()
        for p in (ROOT / "templates").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    # The player guides, which GUIDE mails (issue 31), travel as the package pbem.docs.
    expected |= {"pbem/docs/" + p.name for p in (ROOT / "docs").glob("PLAYER-GUIDE*.md")}
    assert "pbem/templates/_macros.j2" in expected and "pbem/docs/PLAYER-GUIDE.md" in expected
    missing = sorted(expected - names)
    assert not missing, f"not in the wheel: {missing}"


def test_pbem_is_imported_from_the_wheel(venv: Path, tmp_path: Path) -> None:
    code = (
        "import pbem, pbem.cli; from pbem.mail.compose import templates_dir;"
        "print(pbem.__file__); print(templates_dir())"
    )
    out = _run(
        [str(venv / "bin" / "python"), "-c", code], env=_clean_env(), cwd=tmp_path
    ).stdout.split()
    module, templates = (Path(p).resolve() for p in out)
    assert module.is_relative_to(venv.resolve()), module
    assert templates.is_relative_to(venv.resolve()), templates
    assert (templates / "turn.txt.j2").is_file()


def test_demo_plays_a_whole_game_from_the_wheel(venv: Path, tmp_path: Path) -> None:
    mail = tmp_path / "mail"
    proc = subprocess.run(
        [str(venv / "bin" / "pbem"), "demo", "--mail-dir", str(mail), "--maildir"],
        capture_output=True,
        text=True,
        env=_clean_env(),
        cwd=tmp_path,
        timeout=280,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    found = re.search(r"^Game (\S+) played to the end in (\d+) ticks", proc.stdout, re.M)
    assert found, proc.stdout[-3000:]
    assert "The final mail:" in proc.stdout
    # The installed CLI reads the finished game back: it verifies, and it has ended.
    pbem, gid, games = str(venv / "bin" / "pbem"), found.group(1), str(mail / "games")
    _run([pbem, "admin", "verify", gid, "--data-dir", games], env=_clean_env(), cwd=tmp_path)
    shown = _run(
        [pbem, "admin", "show", gid, "--json", "--data-dir", games], env=_clean_env(), cwd=tmp_path
    )
    record = json.loads(shown.stdout)
    assert record["status"] == "ended" and record["result"] is not None, record["status"]
