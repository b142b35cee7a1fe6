"""Reading as a referee would, in every language (issue 31).

The player's last word counts: a correction after a move plays the corrected move or asks back,
never the first. A line that looks like a command the reader does not know stops the reply. Command
words are read with and without their accents, with punctuation and courtesy words around them;
durations, rotations and wishes in words; Zimbra's separator; a player re-sending the move our
refusal suggested. Replies are written by the client shapes of :mod:`reply_corpus` in French,
Italian, German and English. 0 wrong moves is the bar; asking back is allowed where the reply is
truly ambiguous.
"""

from __future__ import annotations

from email import policy
from email.parser import BytesParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reply_corpus import World, _sent, build_world, make_reply
from test_reply_property import world as _shared_world

import pbem.service.commands  # noqa: F401  (registers the commands' words the grammar reads)
from pbem.commands.grammar import Reading, read_commands
from pbem.commands.vocabulary import LANGS, VOCABULARY, fold_word
from pbem.mail.reply import strip_please

SHAPES = (
    "gmail-web",
    "outlook-desktop",
    "thunderbird",
    "k9-fairemail",
    "apple-mail",
    "zimbra",
    "mutt",
    "gmx-webde",
    "yahoo",
    "roundcube",
)


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> World:
    return build_world(tmp_path_factory.mktemp("world"))


def _moves(world: World) -> dict[str, str]:
    m = next(x for x in world.legal if x.endswith("R0"))
    m2 = next(x for x in world.legal if x.split()[0] != m.split()[0])
    sq, rot = m.split()
    return {"m": m, "m2": m2, "sq": sq, "rot": rot, "bad": "Z99 R1", "ml": m.lower()}


def read_summary(world: World, reading: Reading) -> list[str]:
    """``move:<notation>``, ``say:<text>``, the other kinds, and one ``error`` per problem."""
    game = world.store.load(world.gid).game
    out = []
    for c in reading.commands:
        if c.kind == "action":
            out.append("move:" + game.notation(c.action))
        else:
            out.append(c.kind)
    out.extend("error" for _ in reading.errors)
    return out


def _read(world: World, body: str, shape: str, lang: str) -> list[str]:
    text = body.format(**_moves(world))
    return read_summary(world, world.read(make_reply(world.mails["turn"], text, shape, lang)))


# ---------------------------------------------------------------------------------------------
# The last word counts
# ---------------------------------------------------------------------------------------------

CORRECTIONS: list[tuple[str, str, tuple[str, ...]]] = [
    # (language, what the player wrote, what is read: a corrected move or asking back)
    ("fr", "{m}\nnon pardon, {m2} !", ("move:{m2}",)),
    ("fr", "{m}\n\nOups, pardon :\n{m2}", ("move:{m2}",)),
    ("fr", "{m}\nJe voulais dire {m2}, désolé.", ("move:{m2}",)),
    ("fr", "{m}\nplutôt {m2}", ("error",)),
    ("fr", "{m}\nnon pardon, {bad}", ("error",)),
    ("it", "{m}\n\nno scusate, volevo dire {m2}", ("move:{m2}",)),
    ("it", "{m}\nanzi, {m2}", ("move:{m2}",)),
    ("it", "{m}\nScusate, ho sbagliato:\n{m2}", ("move:{m2}",)),
    ("it", "{m}\ninvece {m2}", ("error",)),
    ("de", "{m}\nEntschuldigung, ich meinte {m2}", ("move:{m2}",)),
    ("de", "{m}\nKorrektur: {m2}", ("move:{m2}",)),
    ("de", "{m}\nnein, {m2}", ("error",)),
    ("de", "{m}\nlieber {m2}", ("error",)),
    ("en", "{m}\nsorry, I meant {m2}", ("move:{m2}",)),
    ("en", "{m}\nOops, sorry!\n{m2}", ("move:{m2}",)),
    ("en", "{m}\nno, {m2}", ("error",)),
    ("en", "{m}\nor rather {m2}", ("error",)),
    ("en", "{m}\nsorry, I meant {bad}", ("error",)),
    # the first move set aside by name: the correction is read (issue 31, fifth round)
    ("en", "{m}\nsorry, I meant {m2}, not {m}", ("move:{m2}",)),
    ("en", "{m}\nsorry, I meant {m2}, or {m}", ("error",)),
    # The same move again, or an apology without a move: the move stands.
    ("en", "{m}\nsorry, I meant {m}", ("move:{m}",)),
    ("en", "{m}\nSorry for the late reply!", ("move:{m}",)),
    ("fr", "{m}\nDésolée pour le retard.", ("move:{m}",)),
]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize(("lang", "body", "expected"), CORRECTIONS)
def test_a_correction_after_a_move_is_the_move_meant_or_asks_back(
    world: World, shape: str, lang: str, body: str, expected: tuple[str, ...]
) -> None:
    got = _read(world, body, shape, lang)
    mv = _moves(world)
    want = [e.format(**mv) for e in expected]
    # A reply with an error is carried out in nothing (all or nothing): it asks back.
    if "error" in want:
        assert "error" in got, got
    else:
        assert got == want
    if ("{m2}" in body or "{bad}" in body) and "error" not in got:
        assert f"move:{mv['m']}" not in got, "the first move is never played after a correction"


# ---------------------------------------------------------------------------------------------
# Command words in four languages, with accents, punctuation and courtesy
# ---------------------------------------------------------------------------------------------

NATIVE = {"APERCU": ["APERÇU", "Aperçu", "aperçu"], "BESTAETIGEN": ["BESTÄTIGEN", "Bestätigen"],
          "ZURUECK": ["ZURÜCK", "Zurück"], "BESTATIGEN": [], "ZURUCK": []}  # fmt: skip
COURTESY = {
    "fr": ["s'il vous plaît", "svp", "merci", "s’il te plaît"],
    "it": ["per favore", "grazie"],
    "de": ["bitte", "danke"],
    "en": ["please", "thanks", "pls"],
}
BARE = {"BOARD": "board", "HELP": "help", "HISTORY": "history", "GAMES": "games", "BACK": "back"}


def _spellings(english: str) -> list[str]:
    cmd = VOCABULARY.lookup(english)
    assert cmd is not None, english
    out = [english]
    for lang in LANGS:
        for local in cmd.words.get(lang, ()):
            if local not in out:
                out.extend([local, *NATIVE.get(local, [])])
    return out


WORDS = [(w, e) for e in BARE for w in _spellings(e)]


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(WORDS),
    st.sampled_from(["upper", "lower", "title"]),
    st.sampled_from(["", "?", "!", ".", " ?", " !", ":", "!!"]),
    st.sampled_from(["", *(c for cs in COURTESY.values() for c in cs)]),
    st.booleans(),
)
def test_bare_command_words_in_every_language(
    word: tuple[str, str], case: str, punct: str, courtesy: str, courtesy_first: bool
) -> None:
    w, english = word
    w = {"upper": w.upper(), "lower": w.lower(), "title": w.title()}[case]
    if courtesy and courtesy_first:
        line = f"{courtesy.capitalize()}, {w}{punct}"
    elif courtesy:
        line = f"{w} {courtesy}{punct}"
    else:
        line = f"{w}{punct}"
    reading = read_commands([line], None)
    assert [c.kind for c in reading.commands] == [BARE[english]], line
    assert not reading.errors


PREVIEWS = _spellings("PREVIEW")


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PREVIEWS), st.sampled_from(["upper", "title", "lower"]))
def test_preview_in_every_spelling_never_plays(word: str, case: str) -> None:
    world = _shared_world()
    w = {"upper": word.upper(), "lower": word.lower(), "title": word.title()}[case]
    got = _read(world, w + " {m}", "gmail-web", "fr")
    assert got == ["preview"], (w, got)


@pytest.mark.parametrize(
    "line",
    [
        "PREVEIW {m}",
        "APERCEVOIR {m}",
        "VORSHAU {m}",
        "Anteprimma {m}",
        "Vorschaau {m}",
        "PRÉVISUALISER {m}",
        "ESSAI {m}",
        "TESTZUG {m}",
    ],
)
def test_an_unknown_command_word_stops_the_reply(world: World, line: str) -> None:
    for shape in ("gmail-web", "outlook-desktop", "zimbra"):
        got = _read(world, "{m2}\n" + line if "ESSAI" in line else line, shape, "fr")
        assert "error" in got, (line, got)  # nothing is carried out


@pytest.mark.parametrize(
    ("line", "arg"),
    [
        ("URLAUB 2 Wochen", "14d"),
        ("VACATION 2 weeks", "14d"),
        ("VACANCES deux semaines", "14d"),
        ("Vacanza 10 giorni", "10d"),
        ("vacances 3 jours s'il vous plaît", "3d"),
        ("Urlaub eine Woche", "7d"),
        ("VACATION 7d", "7d"),
    ],
)
def test_durations_in_words(line: str, arg: str) -> None:
    reading = read_commands([line], None)
    assert [(c.kind, c.arg) for c in reading.commands] == [("vacation", arg)]


def test_prose_about_a_vacation_is_not_a_command() -> None:
    for line in ("Vacation was great, thanks", "Back soon!", "Urlaub war schön"):
        assert read_commands([line], None).commands == [], line


def test_courtesy_is_not_read_into_an_argument() -> None:
    assert strip_please("s'il vous plaît !") == ""
    assert strip_please("Hilfe bitte") == "Hilfe"
    assert strip_please("per favore, M13 R1 grazie") == "M13 R1"


@pytest.mark.parametrize(
    ("lang", "body"),
    [
        ("it", "{sq} ruotata {rot}"),
        ("it", "{sq} rotazione {rot}"),
        ("de", "{sq} Drehung {rot}"),
        ("de", "{sq}, gedreht {rot}"),
        ("fr", "{sq} tournée {rot}"),
        ("de", "Ich würde gerne {m} spielen"),
        ("de", "Ich möchte {m} spielen, danke"),
        ("fr", "Je voudrais jouer {m} s'il vous plaît"),
        ("it", "vorrei giocare {m}"),
        ("en", "I would like to play {m}"),
    ],
)
def test_moves_in_words(world: World, lang: str, body: str) -> None:
    mv = _moves(world)
    for shape in ("gmail-web", "k9-fairemail", "zimbra"):
        assert _read(world, body, shape, lang) == [f"move:{mv['m']}"], (body, shape)


def test_a_conditional_is_still_not_a_move(world: World) -> None:
    for body in ("Ich würde {m} nicht spielen", "I would play {m} if I could"):
        got = _read(world, body, "gmail-web", "de")
        assert not any(g.startswith("move:") for g in got), got


def test_zimbra_separator_cuts_the_quote(world: World) -> None:
    for lang in ("fr", "de", "it", "en"):
        assert _read(world, "BOARD", "zimbra", lang) == ["board"]


def test_a_hard_wrapped_say_in_another_language_stays_whole() -> None:
    lines = [
        "DIRE Bonjour à tous, je vais prendre quelques jours pour réfléchir à",
        "ma prochaine tuile, merci de votre patience.",
    ]
    reading = read_commands(lines, None)
    assert [c.kind for c in reading.commands] == ["say"]
    assert reading.commands[0].arg.endswith("merci de votre patience.")


def test_resending_the_suggested_move_is_read(tmp_path: Path) -> None:
    """The player does what the refusal says: the suggested move, on a line of its own (or with
    the refusal's words around it), answered to the refusal in every client shape."""
    w = build_world(tmp_path)
    mv = _moves(w)
    typo = f"{mv['sq']} RO"
    w.service.handle(make_reply(w.mails["turn"], typo, "gmail-web", "en", sender=w.addr))
    mails = [
        BytesParser(policy=policy.default).parsebytes(w.service.outbox.message(e))
        for e in w.service.outbox.pending()
    ]
    refusal = next(m for m in mails if w.addr in str(m["To"]))
    sent = _sent("refusal", refusal)
    assert f"Did you mean {mv['m']}?" in " ".join(sent.text.split())
    for body in (mv["m"], f"Yes: {mv['m']}", f"OK, {mv['m']}", f"Try: {mv['m']}"):
        for shape in SHAPES:
            got = read_summary(w, w.read(make_reply(sent, body, shape, "en")))
            assert got == [f"move:{mv['m']}"], (body, shape, got)


def test_every_command_word_is_covered() -> None:
    """Each word is one command's, read as that command's English word, accents or not."""
    for cmd in VOCABULARY:
        for local in (w for lang in LANGS for w in cmd.words.get(lang, ())):
            assert VOCABULARY.english(local) == cmd.name, local
            assert VOCABULARY.english(local.lower()) == cmd.name, local
            assert fold_word(local) == local, f"{local}: declare the folded spelling"
