"""docs/ARCHITECTURE.md has a part for every package of ``pbem/`` (issue 24): what may change inside
it, and what must change with it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _packages() -> list[str]:
    """The packages directly under ``pbem/`` (a game's folder is part of ``pbem/rules/``)."""
    return sorted(
        p.parent.relative_to(ROOT).as_posix() + "/" for p in (ROOT / "pbem").glob("*/__init__.py")
    )


def test_every_package_says_what_may_and_must_change() -> None:
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    part = text.split("## Each package:", 1)[1]
    sections = dict(re.findall(r"^### (\S+)\n(.*?)(?=^### |\Z)", part, re.S | re.M))
    missing = [p for p in _packages() if p not in sections]
    assert not missing, f"packages without their part: {missing}"
    for name, body in sections.items():
        assert (ROOT / name).is_dir(), name
        assert "What you may change here:" in body, name
        assert "What must change with it:" in body, name
