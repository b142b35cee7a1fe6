"""The player guides (four languages) and the HELP mail list the commands the service registers,
and only those (issue 24): the words come from each command's own class
(:mod:`pbem.commands.vocabulary`), so a command added without its line in a guide or in HELP,
or a guide naming a command that is gone, fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import pbem.service.commands  # noqa: F401  (registers the commands)
from pbem import i18n
from pbem.commands.vocabulary import FRESH, VOCABULARY, Spoken, fold_word, help_table

DOCS = Path(__file__).resolve().parents[2] / "docs"
GUIDES = {"en": "PLAYER-GUIDE.md", "fr": "PLAYER-GUIDE.fr.md", "it": "PLAYER-GUIDE.it.md",
          "de": "PLAYER-GUIDE.de.md"}  # fmt: skip


def _commands() -> list[Spoken]:
    return [*VOCABULARY, *FRESH]


def _lookup(word: str) -> Spoken | None:
    return VOCABULARY.lookup(word) or FRESH.lookup(word)


def _has_word(text: str, word: str) -> bool:
    """Is ``word`` written in ``text`` as a command word: in capitals, accents or not?"""
    written = {fold_word(t) for t in re.findall(r"[^\W_]+", text) if t.isupper()}
    return fold_word(word) in written


@pytest.mark.parametrize("lang", list(GUIDES))
def test_each_guide_lists_every_registered_command(lang: str) -> None:
    """Each command by its English word (read in every language) and, in a guide in French,
    Italian or German, by its first word in that language."""
    text = (DOCS / GUIDES[lang]).read_text(encoding="utf-8")
    missing = [c.name for c in _commands() if not _has_word(text, c.name)]
    missing += [
        c.words[lang][0]
        for c in _commands()
        if c.words.get(lang) and not _has_word(text, c.words[lang][0])
    ]
    assert not missing, f"{GUIDES[lang]} does not name {missing}"


def _listed(text: str) -> list[str]:
    """The command words a guide lists: the first word of a command column of a table (the
    first column; the first two where a table gives the local word and the English one), and a
    heading that ends in one (``## Every legal move: LEGAL``)."""
    out: list[str] = []
    for line in text.splitlines():
        if line.startswith("|") and not line.startswith("|-"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            for cell in cells[: max(1, len(cells) - 1)] if len(cells) >= 3 else cells[:1]:
                m = re.match(r"^`?([^\W\d_]{3,})\b", cell)
                if m and m.group(1).isupper():
                    out.append(m.group(1))
        m = re.match(r"^#+ .*:\s*([A-Z]{3,})\s*$", line)
        if m:
            out.append(m.group(1))
    return out


@pytest.mark.parametrize("lang", list(GUIDES))
def test_no_guide_lists_a_command_that_is_not_registered(lang: str) -> None:
    listed = _listed((DOCS / GUIDES[lang]).read_text(encoding="utf-8"))
    assert len(listed) > 20, listed
    assert [w for w in listed if _lookup(w) is None] == []


def test_the_reader_finds_what_a_guide_lists() -> None:
    """The check above can fail: a word that is no command is found out."""
    assert _listed("| `FROBNICATE <x>` | frobs |\n## All of it: WIBBLE\n") == [
        "FROBNICATE",
        "WIBBLE",
    ]
    assert _lookup("FROBNICATE") is None and _lookup("plateau") is not None


def _help_rows() -> list[str]:
    return [row for section in help_table() for row in section[1:]]


def test_help_lists_every_registered_command() -> None:
    rows = "\n".join(_help_rows())
    missing = sorted(c.name for c in _commands() if not _has_word(rows, c.name))
    assert missing == [], f"HELP has no row for {missing}"


def test_help_lists_only_registered_commands() -> None:
    for row in _help_rows():
        word = row.split()[0].rstrip(",")
        assert _lookup(word) is not None, row


@pytest.mark.parametrize("lang", ["fr", "it", "de"])
def test_each_help_row_names_its_command_in_every_language(lang: str) -> None:
    """A translated row keeps the command's English word or gives its word in that language."""
    with i18n.speaking(lang):
        for row in _help_rows():
            cmd = _lookup(row.split()[0].rstrip(","))
            assert cmd is not None
            said = i18n._(row)
            assert said != row or lang == "en", f"{lang}: untranslated {row!r}"
            names = [cmd.name, *cmd.words.get(lang, ())]
            assert any(_has_word(said, n) for n in names), (lang, said)
