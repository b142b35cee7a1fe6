"""Docs that agree with the code and with each other (issue 31): what a second ``pbem run`` does,
what ``privacy=plain`` means, and no doc citing a file that is not in the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _docs() -> list[Path]:
    return [ROOT / "README.md", ROOT / "cron" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_no_doc_cites_a_rule_file_outside_the_repository() -> None:
    for doc in _docs():
        text = doc.read_text(encoding="utf-8")
        assert "shared/rules" not in text, doc.name


def test_cron_readme_and_gm_guide_say_what_a_second_run_does() -> None:
    runner = (ROOT / "pbem" / "runner.py").read_text(encoding="utf-8")
    said = re.search(r'f"(another pbem run is active on) ', runner)
    assert said, "the runner's busy message moved"
    for doc in (ROOT / "cron" / "README.md", ROOT / "docs" / "GM-GUIDE.md"):
        text = " ".join(doc.read_text(encoding="utf-8").split())
        assert said.group(1) in text, doc.name
        assert "waits for the lock" not in text, doc.name


def test_privacy_plain_is_described_as_it_works() -> None:
    """``plain`` asks for no key; a player with a key on file still gets encrypted mail
    (MailCrypto.protect encrypts whenever a key is on file)."""
    crypto = (ROOT / "pbem" / "crypto_mail.py").read_text(encoding="utf-8")
    assert "key = self.keys.get(to_addr, now)" in crypto  # protect: any key on file is used
    table = (ROOT / "docs" / "ENCRYPTED-MAIL.md").read_text(encoding="utf-8")
    row = next(ln for ln in table.splitlines() if ln.startswith("| `plain`"))
    assert "Nothing is encrypted" not in row and "still gets their mail encrypted" in row
    guide = " ".join((ROOT / "docs" / "PLAYER-GUIDE.md").read_text(encoding="utf-8").split())
    assert "in `plain` games nothing is encrypted" not in guide
