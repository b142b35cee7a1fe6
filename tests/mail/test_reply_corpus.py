"""The reply corpus: real service mails of every kind, answered in 29 client shapes and 18 languages.

Each case names the client family, the language of its quote marks, the kind of mail answered and
what the player wrote; the expected reading is written down with the player's text (VARIANTS). The
quoted service mails hold example moves that are legal when the reply is read, so a reading that
lets any quoted line through fails here.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from reply_corpus import LANGS, SHAPES, World, build_world, make_reply

from pbem.commands.grammar import Reading

KINDS = ("welcome", "turn", "moved", "help", "board", "refusal", "over")


@dataclass(frozen=True)
class Variant:
    """What the player writes ({m}: a legal move, {ml}: it in lower case, {sq}/{rot}: its parts,
    {greeting}/{signoff}: in the case's language) and what must be read."""

    body: str
    expected: tuple[str, ...]
    subject: str = ""


VARIANTS: list[Variant] = [
    Variant("{m}", ("move:{m}",)),
    Variant("Hi all, here goes:\n{m}\nThanks!\nBob", ("move:{m}",)),
    Variant("I'll play {ml} please", ("move:{m}",)),
    Variant("Move: {m}", ("move:{m}",)),
    Variant("{sq}-{rot}.", ("move:{m}",)),
    Variant("{greeting}\n\n{m}\n\n{signoff}", ("move:{m}",)),
    Variant("BOARD", ("board",)),
    Variant("HELP", ("help",)),
    Variant("SAY Good luck, everyone!", ("say:Good luck, everyone!",)),
    Variant("", ()),
    Variant("{greeting}", ()),
    Variant("Thanks!\nBob", ("move:{m}",), subject="{m}"),
    Variant("{sq} RO", ("error",)),
    Variant("HISTORY\n#{next} {m}", ("history", "move:{m}")),
]


@dataclass(frozen=True)
class Case:
    shape: str
    lang: str
    kind: str
    variant: int

    @property
    def id(self) -> str:
        return f"{self.shape}-{self.lang}-{self.kind}-v{self.variant}"


def _cases() -> list[Case]:
    langs = list(LANGS)
    out = []
    for i, shape in enumerate(SHAPES):
        for k, kind in enumerate(KINDS):
            out.append(
                Case(shape, langs[(i * 7 + k) % len(langs)], kind, (i + 3 * k) % len(VARIANTS))
            )
    return out


CASES = _cases()


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> World:
    return build_world(tmp_path_factory.mktemp("world"))


def summary(world: World, reading: Reading) -> list[str]:
    game = world.store.load(world.gid).game
    out = []
    for c in reading.commands:
        if c.kind == "action":
            out.append("move:" + game.notation(c.action))
        elif c.kind == "say":
            out.append("say:" + c.arg)
        else:
            out.append(c.kind)
    out.extend("error" for _ in reading.errors)
    return out


def _fill(text: str, world: World, case: Case) -> str:
    m = next(x for x in world.legal if x.endswith("R0"))
    sq, rot = m.split()
    lang = LANGS[case.lang]
    moves = world.store.load(world.gid).envelope.moves
    return text.format(
        m=m,
        ml=m.lower(),
        sq=sq,
        rot=rot,
        greeting=lang.greeting,
        signoff=lang.signoff,
        next=moves + 1,
    )


def test_the_corpus_is_wide_enough() -> None:
    assert len(CASES) >= 150
    assert len({c.shape for c in CASES}) >= 25
    assert len({c.lang for c in CASES}) >= 12
    assert {c.kind for c in CASES} == set(KINDS)
    assert {c.variant for c in CASES} == set(range(len(VARIANTS)))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_reply_is_read_as_meant(world: World, case: Case) -> None:
    v = VARIANTS[case.variant]
    raw = make_reply(
        world.mails[case.kind],
        _fill(v.body, world, case),
        case.shape,
        case.lang,
        subject_extra=_fill(v.subject, world, case),
    )
    reading = world.read(raw)
    expected = [_fill(e, world, case) for e in v.expected]
    assert summary(world, reading) == expected, (reading.commands, reading.errors)
    if v.body.startswith("I'll play") or v.body.startswith("{sq}-"):
        assert "Read as: " in reading.commands[0].echo
    if v.body.endswith(" RO"):
        assert "Did you mean" in str(reading.errors[0][1])


@pytest.mark.parametrize("kind", ["help", "refusal", "welcome", "turn"])
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_quoted_examples_never_run_even_without_a_fingerprint(
    world: World, tmp_path: Path, shape: str, kind: str
) -> None:
    """A mail the service sent before it kept fingerprints: the quote shapes alone must hold."""
    lang = list(LANGS)[sorted(SHAPES).index(shape) % len(LANGS)]
    bare = World(
        tmp_path,
        world.service,
        world.store,
        world.gid,
        world.seat,
        world.addr,
        world.mails,
        world.legal,
    )
    reading = bare.read(make_reply(world.mails[kind], LANGS[lang].greeting, shape, lang))
    assert not reading.commands, (shape, lang, reading.commands)
    assert not [e for _, e in reading.errors if "more than one" in str(e)]


def test_fingerprint_files_are_private(world: World) -> None:
    d = world.data / "outbox" / "fingerprints"
    assert d.stat().st_mode & 0o777 == 0o700
    files = list(d.iterdir())
    assert files and all(f.stat().st_mode & 0o777 == 0o600 for f in files)
    # Named by a hash: no reply token in clear.
    for m in world.mails.values():
        token = str(m.msg["Message-ID"]).split(".")[3]
        assert not any(token in f.name for f in files)
    assert max(f.stat().st_size for f in files) < 4096


def test_world_copy_is_not_shared(world: World, tmp_path: Path) -> None:
    shutil.copytree(world.data / "outbox" / "fingerprints", tmp_path / "fp")
    assert any((tmp_path / "fp").iterdir())


BOTTOM_SHAPES = [s for s in sorted(SHAPES) if s not in ("mutt", "outlook-html-only", "icloud-web")]


@pytest.mark.parametrize("fingerprint", [True, False], ids=["fingerprint", "quote-shapes-only"])
@pytest.mark.parametrize("shape", BOTTOM_SHAPES)
def test_bottom_posting_below_everything_the_client_wrote(
    world: World, tmp_path: Path, shape: str, fingerprint: bool
) -> None:
    """The move typed below the whole quote (and below an unmarked original's closing line)."""
    reader = (
        world
        if fingerprint
        else World(
            tmp_path,
            world.service,
            world.store,
            world.gid,
            world.seat,
            world.addr,
            world.mails,
            world.legal,
        )
    )
    lang = list(LANGS)[BOTTOM_SHAPES.index(shape) % len(LANGS)]
    kind = KINDS[BOTTOM_SHAPES.index(shape) % len(KINDS)]
    m = world.legal[-3]
    raw = make_reply(world.mails[kind], "", shape, lang, body_below=f"{LANGS[lang].greeting}\n{m}")
    assert summary(world, reader.read(raw)) == [f"move:{m}"]
