"""Adding an email command is one class plus catalog entries (issue 24).

A toy command, TOY, is declared here as a new command would be in :mod:`pbem.service.commands`:
its words in four languages, the form of its argument, a refusal of its own, its HELP row and
its answer. Its translations come from this test's catalog (a new command adds them to
``pbem.pot`` and the three ``.po``). Registered, it is read in the four languages, carried out by
mail, and listed in HELP in each language; unregistered, it is gone from both."""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from helpers import text_of
from mailkinds import MailTable

from pbem import i18n
from pbem.commands.grammar import Command, read_commands
from pbem.commands.vocabulary import VOCABULARY, Argument, HelpLine, Vocabulary, help_table
from pbem.errors import CommandError
from pbem.i18n import N_, _
from pbem.service.auth import Seated
from pbem.service.commands import REGISTRY, Base, Desk, register, unregister
from pbem.service.mailer import reply_tail


class Toy(Base):
    """TOY [word]: answers the sender privately with the word (TOY BROKEN is refused)."""

    kind: ClassVar[str] = "toy"
    name = "TOY"
    words = {"fr": ("JOUET",), "it": ("GIOCATTOLO",), "de": ("SPIELZEUG",)}
    form = Argument(lambda said: len(said.bare.split()) <= 1)  # "Toy story was fun" is prose
    help = (HelpLine("service", 125, N_("    TOY [word]       a toy of the tests: it answers")),)

    def check(self, desk: Desk, seated: Seated, cmd: Command) -> CommandError | None:
        if cmd.arg.upper() == "BROKEN":
            return CommandError(_("TOY BROKEN is not a toy we have."), hint="TOY")
        return None

    def run(self, desk: Desk, seated: Seated, cmd: Command) -> int:
        return desk.mailer.notice(
            seated.record,
            seated.seat,
            _("your toy"),
            [_("The toy says: %(word)s") % {"word": cmd.arg or "-"}],
            reply_tail(seated.mail, seated.record, "toy"),
            reply_to=seated.mail,
        )


CATALOG = {
    "fr": {
        "    TOY [word]       a toy of the tests: it answers": (
            "    JOUET (TOY)            un jouet des tests : il répond"
        ),
        "TOY BROKEN is not a toy we have.": "TOY BROKEN n'est pas un jouet que nous avons.",
        "your toy": "votre jouet",
        "The toy says: %(word)s": "Le jouet dit : %(word)s",
    },
    "it": {
        "    TOY [word]       a toy of the tests: it answers": (
            "    GIOCATTOLO (TOY)       un giocattolo dei test: risponde"
        ),
        "TOY BROKEN is not a toy we have.": "TOY BROKEN non è un giocattolo che abbiamo.",
        "your toy": "il vostro giocattolo",
        "The toy says: %(word)s": "Il giocattolo dice: %(word)s",
    },
    "de": {
        "    TOY [word]       a toy of the tests: it answers": (
            "    SPIELZEUG (TOY)        ein Spielzeug der Tests: es antwortet"
        ),
        "TOY BROKEN is not a toy we have.": "TOY BROKEN ist kein Spielzeug, das wir haben.",
        "your toy": "Ihr Spielzeug",
        "The toy says: %(word)s": "Das Spielzeug sagt: %(word)s",
    },
}
"""The toy's catalog entries (what a new command adds to the .po files)."""

WORDS = {"en": "TOY", "fr": "JOUET", "it": "GIOCATTOLO", "de": "SPIELZEUG"}
HELP = {"en": "HELP", "fr": "AIDE", "it": "AIUTO", "de": "HILFE"}


class _Entries(gettext.NullTranslations):
    def __init__(self, entries: dict[str, str]) -> None:
        super().__init__()
        self.entries = entries

    def gettext(self, message: str) -> str:
        return self.entries.get(message, message)


@pytest.fixture
def toy() -> Iterator[Toy]:
    """TOY registered, its catalog entries behind each language's catalog; both undone after."""
    added: list[gettext.NullTranslations] = []
    for lang, entries in CATALOG.items():
        t = i18n.translations(lang)
        while t._fallback is not None:  # type: ignore[attr-defined]
            t = t._fallback  # type: ignore[attr-defined]
        t.add_fallback(_Entries(entries))
        added.append(t)
    register(Toy)
    try:
        yield REGISTRY["toy"]  # type: ignore[misc]
    finally:
        unregister("toy")
        for t in added:
            t._fallback = None  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", list(WORDS))
def test_the_toy_is_read_in_four_languages(toy: Toy, lang: str) -> None:
    word = WORDS[lang]
    for line, arg in (
        (word, ""),
        (word.lower(), ""),
        (f"{word.title()}!", ""),
        (f"{word} bitte", ""),
        (f"{word} ball", "ball"),
    ):
        reading = read_commands([line], None)
        assert [(c.kind, c.arg) for c in reading.commands] == [("toy", arg)], line
    prose = read_commands([f"{word} story was fun"], None)
    assert prose.commands == [] and prose.ignored, "the toy's form tells it from prose"


def test_the_toy_is_carried_out_and_listed_in_help_in_four_languages(
    toy: Toy, tmp_path: Path
) -> None:
    t = MailTable(tmp_path, 4, langs=list(WORDS))
    for seat, lang in enumerate(WORDS):
        (answer,) = t.send(seat, f"{WORDS[lang]} ball")
        with i18n.speaking(lang):
            assert str(answer["Subject"]).endswith(_("your toy"))
            assert _("The toy says: %(word)s") % {"word": "ball"} in text_of(answer)
        (refused,) = t.send(seat, f"{WORDS[lang]} broken")
        with i18n.speaking(lang):
            assert _("TOY BROKEN is not a toy we have.") in text_of(refused)
        (helped,) = t.send(seat, HELP[lang])
        row = CATALOG.get(lang, {}).get(Toy.help[0].text, Toy.help[0].text)
        assert row in text_of(helped).splitlines(), (lang, text_of(helped))
        html = helped.get_body(preferencelist=("html",))
        assert html is not None and f"<code>{WORDS[lang]}" in html.get_content()


def test_an_unregistered_toy_is_gone(toy: Toy) -> None:
    assert VOCABULARY.lookup("SPIELZEUG") is toy
    assert any(Toy.help[0].text in section for section in help_table())
    unregister("toy")
    assert VOCABULARY.lookup("SPIELZEUG") is None and "toy" not in REGISTRY
    assert not any(Toy.help[0].text in section for section in help_table())
    reading = read_commands(["JOUET"], None)
    assert reading.commands == [] and reading.ignored == ["JOUET"]


def test_a_word_belongs_to_one_command() -> None:
    vocab = Vocabulary()
    vocab.add(Toy())

    class Other(Base):
        kind: ClassVar[str] = "other"
        name = "OTHER"
        words = {"fr": ("JOUET",)}

    with pytest.raises(ValueError, match="JOUET"):
        vocab.add(Other())


def _words(cmd: object) -> list[str]:
    assert isinstance(cmd, Base)
    return [cmd.name, *(w for lang in ("fr", "it", "de") for w in cmd.words.get(lang, ()))]


@pytest.mark.parametrize("kind", sorted(k for k, c in REGISTRY.items() if c.name))
def test_every_word_of_every_command_reads_as_it(kind: str) -> None:
    """Each registered command's sample line (tests/service/test_steps_unit.py), with its word
    in each language, upper and lower case, is read as that command with the same argument."""
    from test_steps_unit import SAMPLES

    cmd = REGISTRY[kind]
    sample = SAMPLES[kind].format(move="M9 R1")
    english, _sep, rest = sample.partition(" ")
    assert english == cmd.name, sample
    want = read_commands([sample], None).commands
    assert [c.kind for c in want] == [kind], sample
    for word in _words(cmd):
        for written in (word, word.lower(), word.title()):
            got = read_commands([f"{written} {rest}".strip()], None).commands
            assert [(c.kind, c.arg) for c in got] == [(c.kind, c.arg) for c in want], written
