"""The guides' tables are whole: a blank line between two rows ends a Markdown table, and the
rows after it show as a paragraph of pipes (it happened to the player guide's command table twice,
the second time in a merge)."""

from __future__ import annotations

from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("page", sorted(p.name for p in DOCS.glob("*.md")))
def test_no_table_is_cut_by_a_blank_line(page: str) -> None:
    lines = (DOCS / page).read_text(encoding="utf-8").splitlines()
    cut = [
        i + 1
        for i in range(1, len(lines) - 1)
        if not lines[i].strip()
        and lines[i - 1].startswith("|")
        and lines[i + 1].startswith("|")
        and not (i + 2 < len(lines) and lines[i + 2].startswith("|-"))
    ]
    assert not cut, f"{page}: a blank line cuts a table at line(s) {cut}"
