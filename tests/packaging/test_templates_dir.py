"""Where the mail templates are found: PBEM_TEMPLATES, else the checkout, else the installed package."""

from __future__ import annotations

from pathlib import Path

import pytest

import pbem
from pbem.mail.compose import templates_dir

ROOT = Path(__file__).resolve().parents[2]


def test_pbem_templates_overrides(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_TEMPLATES", str(tmp_path))
    assert templates_dir() == tmp_path


def test_a_checkout_uses_its_own_templates(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PBEM_TEMPLATES", raising=False)
    # The templates beside the pbem package imported here (a worktree's own, not another copy's).
    assert templates_dir() == Path(pbem.__file__).resolve().parent.parent / "templates"
    assert (templates_dir() / "_macros.j2").is_file()
