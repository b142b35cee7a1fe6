"""A command in prose is looked for word by word only in a line of ordinary length: every word
of the line is tried as the command, so a hostile mail's line of thousands of words made the
fuzzer's fresh mails take minutes each (found by the full suite, 2026-11-26)."""

from __future__ import annotations

import pbem.service.commands  # noqa: F401  (registers the commands' words)
from pbem.commands.vocabulary import FRESH, PROSE_MAX
from pbem.mail.reply import strip_please
from pbem.service.fresh import SIGN_UP


def test_a_command_in_prose_is_read_in_a_sentence() -> None:
    got = FRESH.read_fresh("Hi, I would like to JOIN o-fc-3a9c", SIGN_UP, strip_please)
    assert got is not None and got[0] == "join" and got[1] == ("o-fc-3a9c",)


def test_a_line_longer_than_a_sentence_is_not_read_as_prose() -> None:
    filler = "Hi, I would like to say a lot of things here " * (PROSE_MAX // 40 + 1)
    assert len(filler) > PROSE_MAX
    assert FRESH.read_fresh(filler + "JOIN o-fc-3a9c", SIGN_UP, strip_please) is None
    # the command on a line of its own is read whatever the prose above it
    assert FRESH.read_fresh("JOIN o-fc-3a9c", SIGN_UP, strip_please) is not None
