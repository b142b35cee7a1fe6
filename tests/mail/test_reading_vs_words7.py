"""Issue 31, seventh round: Die Verbotene Stadt in words, composed in the four languages and read
the whole way (the reply built by a client, :func:`pbem.service.orders.read` at the position of
the service's own mail), so that every reader on the path is tried, not only the notation.

The classes: a decision said in words and again in the notation; another card or official set
aside in a clause of its own; a hedge around a decision; spoken verbs; a keep of "what I have"
and a confirmation; a first intention set aside by "but no" or a habit; an official by its two
colours joined by a hyphen or a slash; a one-step move in words; an official's code in brackets
after its description, a description in brackets, a remark about how the move is written. Each
class comes with the near-misses that must be asked back (or read as nothing): never a decision
or a move the player did not settle on.
"""

from __future__ import annotations

import itertools
import tomllib
from pathlib import Path
from typing import Any

import pytest

P: dict[str, dict[str, Any]] = tomllib.loads(
    (Path(__file__).parent / "reading_vs_words7.toml").read_text(encoding="utf-8")
)
"""The phrases, per language (what is carried out: "" for asked back)."""

LANGS = ("fr", "it", "de", "en")
ASK = None
"""Asked back, or nothing carried out (the service says it read no command)."""

# The positions (tests/mail/player_corpus.py vs_stages): at vs:take North takes South's
# red-pants or yellow-coat; at vs:steal South takes North's orange-pants or yellow-coat; at
# vs:reselect North keeps RK or selects any official but YY; at vs:turn North slides RB N, RB N
# E, RB N W, BR W, BR W N, BR W S, BK E, BK E N, BK E S, KB S, KB S E, KB S W (or one step).

TWICE = (" : {code}", ", {code}", " ({code})", " – {code}", ": {code}.", " (donc {code})")


def _said_twice(lang: str) -> list[tuple[str, str, str | None]]:
    out: list[tuple[str, str, str | None]] = []
    for words, sep in itertools.product(P["SOUTH_RED"][lang], TWICE):
        if "donc" in sep and lang != "fr":
            continue
        out.append(
            ("vs:take", words + sep.format(code="take south red-pants"), "take south red-pants")
        )
    # the words and the code disagree, or the words deny: asked
    for sep in TWICE[:3]:
        out.append(
            ("vs:take", P["SOUTH_YELLOW"][lang] + sep.format(code="take south red-pants"), ASK)
        )
        out.append(("vs:take", P["NOT_RED"][lang] + sep.format(code="take south red-pants"), ASK))
        out.append(
            ("vs:take", P["SOUTH_RED"][lang][0] + sep.format(code="take south yellow-coat"), ASK)
        )
    return out


def _selections(lang: str) -> list[tuple[str, str, str | None]]:
    out: list[tuple[str, str, str | None]] = []
    for words, code in itertools.product(P["SELECT_GY"][lang], ("select GY", "GY")):
        for sep in (": {code}.", ", {code}.", " ({code})"):
            out.append(("vs:reselect", words + sep.format(code=code), "select GY"))
    out.append(("vs:reselect", P["SELECT_GY"][lang][0], "select GY"))
    for words in P["KEEP"][lang]:
        out.append(("vs:reselect", words, "keep"))
        out.append(("vs:reselect", words + " (keep), merci", "keep"))
    for sep in (": select GY.", ", GY.", " (GY)"):
        out.append(
            ("vs:reselect", P["SELECT_OTHER"][lang] + sep, ASK)
        )  # another official described
        out.append(("vs:reselect", P["KEEP"][lang][0] + sep, ASK))  # keep, and a selection
    out.append(("vs:reselect", P["CHANGE"][lang] + " (keep)", ASK))
    return out


def _cards(lang: str) -> list[tuple[str, str, str | None]]:
    coat = "take north yellow-coat"
    out: list[tuple[str, str, str | None]] = []
    for tail in P["SET_ASIDE"][lang]:
        out.append(("vs:steal", f"{P['STEAL_COAT'][lang]} {tail}", coat))
    for tail in P["NOT_SET_ASIDE"][lang]:
        out.append(("vs:steal", f"{P['STEAL_COAT'][lang]} {tail}", ASK))
    for tail in P["CORRECTED"][lang]:
        out.append(("vs:steal", f"{P['STEAL_COAT'][lang]} {tail}", "take north orange-pants"))
    for text in P["HEDGE"][lang]:
        out.append(("vs:steal", text, coat))
        out.append(("vs:steal", text + " ?", ASK))
    out += [("vs:steal", P["SPOKEN"][lang], coat), ("vs:steal", P["GIVEN"][lang], coat)]
    out += [("vs:steal", text, coat) for text in P["CHANGED"][lang]]
    out += [("vs:steal", text, ASK) for text in P["TAKEN_BACK"][lang]]
    return out


def _aside(lang: str) -> list[tuple[str, str, str | None]]:
    out: list[tuple[str, str, str | None]] = [
        ("vs:reselect", t, w or ASK) for t, w in P["OFFICIAL_ASIDE"][lang]
    ]
    out += [("vs:believe", t, w or ASK) for t, w in P["HABIT"][lang]]
    out += [("vs:believe", t, w or ASK) for t, w in P["CONCEDED"][lang]]
    out.append(("vs:believe", P["HABIT"][lang][0][0].rsplit(",", 1)[0] + ", mais ?", ASK))
    return out


def _moves(lang: str) -> list[tuple[str, str, str | None]]:
    out: list[tuple[str, str, str | None]] = [(m, t, w or ASK) for m, t, w in P["IN_PROSE"][lang]]
    out += [(mail, text, ASK) for text, mail in P["DOUBTED"][lang]]
    out.append(
        (
            "vs:reselect",
            {
                "fr": "Je voulais garder RK, mais GY finalement.",
                "it": "Volevo tenere RK, ma alla fine GY.",
                "de": "Ich wollte RK behalten, aber dann doch GY.",
                "en": "I wanted to keep RK, but GY it is.",
            }[lang],
            "select GY",
        )
    )
    out += [("vs:turn", t, "BK E; BK S; KB S") for t in P["PLAN_LAST"][lang]]
    for text, want in P["WOULD_BUT"][lang]:
        out.append(("vs:reselect" if want.startswith("select") else "vs:steal", text, want))
    form, rb, br = P["PAIR"][lang]
    out.append(("vs:turn", form.format(c=rb), "RB N"))
    out.append(("vs:turn", form.format(c=br), ASK))  # BR north: not a legal slide, asked
    out += [("vs:turn", t, "BR step W") for t in P["STEP"][lang]]
    out += [("vs:turn", t, w or ASK) for t, w in P["CODED"][lang]]
    out += [(m, t, w or ASK) for m, t, w in P["WISH_SO"][lang]]
    out += [("vs:turn", t, w or ASK) for t, w in P["LEFT_ALONE"][lang]]
    return out


CASES = {
    lang: [*_said_twice(lang), *_selections(lang), *_cards(lang), *_aside(lang), *_moves(lang)]
    for lang in LANGS
}


@pytest.mark.parametrize("lang", LANGS)
def test_die_verbotene_stadt_in_words_is_read_as_meant_and_never_otherwise(
    lang: str, tmp_path: Path
) -> None:
    import player_corpus as pc

    wrong, missed = pc.judge_phrases(
        pc.vs_stages(tmp_path, lang), lang, CASES[lang], pc.move_or_ask
    )
    assert not wrong, wrong  # never a decision or a move the player did not settle on
    assert not missed, missed
