"""The record of a game that goes on is made from the last one made of it (its new lines folded
in): byte for byte the record made anew, whatever the new lines are (moves, moves taken back,
a seat taken over, a pause, the end and the reveal), in every language."""

from __future__ import annotations

import random

import pytest
from gamefile_helpers import Table

import pbem.gamefiles.record as record_mod
from pbem.gamefiles.record import record_of, verify_record
from pbem.store import End, GameRecord, Keyring, Pause, Replace, Resume, Undo

LANGS = ("en", "fr", "it", "de")


def anew(rec: GameRecord, keyring: Keyring, lang: str, upto: int | None = None) -> str:
    """The record made with nothing remembered (and the remembered records left as they were)."""
    kept = dict(record_mod._MADE)
    record_mod._MADE.clear()
    try:
        return record_of(rec, keyring, lang=lang, upto=upto)
    finally:
        record_mod._MADE.clear()
        record_mod._MADE.update(kept)


@pytest.mark.parametrize(("name", "seed"), [("verbotene-stadt", 3), ("forbidden-city", 4)])
def test_a_record_gone_on_from_is_the_record_made_anew(
    table: Table, keyring: Keyring, name: str, seed: int
) -> None:
    rng = random.Random(seed)
    gid = table.new(name, 3 if name == "verbotene-stadt" else 2)
    rec = table.store.load(gid)
    seen = {"undo": 0, "went on": 0, "older": 0}
    for k in range(70):
        roll = rng.random()
        if k == 69:
            entries: list[object] = [End(reason="gm")]
        elif roll < 0.12 and rec.entries.in_effect():
            entries = [Undo(reason="a slip")]
            seen["undo"] += 1
        elif roll < 0.17:
            seat = rng.randrange(len(rec.envelope.seats()))
            entries = [Replace(seat, f"Newcomer {k}", f"new{k}@example.org")]
        elif roll < 0.21:
            entries = [Pause(reason="a break")] if rec.envelope.status == "active" else [Resume()]
        else:
            entries = []
        if entries:
            rec = table.store.commit(gid, rec.seq, entries, table.tick())  # type: ignore[arg-type]
        if rec.envelope.status == "active" and not entries:
            rec = table.play(gid, rng.choice([1, 1, 2, 3]))
        if rec.envelope.status == "ended":
            break
        for lang in rng.sample(LANGS, 2):
            before = record_mod._MADE.get((rec.game.name, lang, rec.entries.hash(0)))
            made = record_of(rec, keyring, lang=lang)
            assert made == anew(rec, keyring, lang), (k, lang)
            seen["went on"] += before is not None
        if k % 9 == 8:  # an older record between (the remembered one is then that one)
            upto = rng.randrange(1, rec.seq)
            lang = rng.choice(LANGS)
            assert record_of(rec, keyring, lang=lang, upto=upto) == anew(rec, keyring, lang, upto)
            seen["older"] += 1
    assert rec.envelope.status == "ended"
    assert seen["undo"] and seen["went on"] > 40 and seen["older"], seen
    for lang in LANGS:  # the end and the reveal: every hash shown, the secret moves as played
        made = record_of(rec, keyring, lang=lang)
        assert made == anew(rec, keyring, lang)
        report, _ = verify_record(made, keyring.public_key_text())
        assert report.ok and report.revealed, report.problems


def test_a_log_whose_lines_do_not_name_the_one_before_is_not_gone_on_from(
    table: Table, keyring: Keyring
) -> None:
    """The last line's hash names the lines before it only through each line's ``prev``: a log
    without that chain is made anew each time, never remembered."""
    import msgspec

    gid = table.new("forbidden-city", 2)
    rec = table.play(gid, 6)
    record_mod._MADE.clear()
    entries = [rec.entries[i] for i in range(len(rec.entries))]
    hashes = [rec.entries.hash(i) for i in range(len(rec.entries))]
    entries[3] = msgspec.structs.replace(entries[3], prev="f" * 64)
    text = record_mod.build_record(
        entries, hashes, rec.game, lang="en", sign=keyring.sign, key_id=keyring.key_id
    )
    assert not record_mod._MADE
    assert text == anew(rec, keyring, "en")  # the record does not show the prev unchained
