"""The game record: made from the signed log, read by people, verified with the public key alone."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from gamefile_helpers import Table

from pbem.gamefiles.record import LOG_MARK, record_of, verify_record
from pbem.store import End, GameRecord, Keyring, Store
from pbem.store.fold import moves_in_effect


def finished(table: Table, name: str) -> GameRecord:
    gid = table.new(name, 2 if name == "forbidden-city" else 3)
    if name == "forbidden-city":
        return table.play(gid)
    rec = table.play(gid, 60)
    return table.store.commit(gid, rec.seq, [End(reason="gm")], table.tick())


@pytest.mark.parametrize("name", ["forbidden-city", "verbotene-stadt"])
def test_a_finished_games_record_verifies_and_replays(
    table: Table, keyring: Keyring, name: str
) -> None:
    rec = finished(table, name)
    text = record_of(rec, keyring, lang="en")
    report, parsed = verify_record(text, keyring.public_key_text())
    assert report.ok, report.problems
    assert report.revealed and report.signed
    assert report.moves == len(moves_in_effect(rec.entries)) > 0
    assert parsed is not None and parsed.hashes[-1] == rec.head_hash
    assert f'[Seed "{rec.envelope.revealed_seed}"]' in text
    assert f'[GameId "{rec.game_id}"]' in text
    human = text.split(LOG_MARK)[0]
    assert "1. " in human and "p0@example.org" not in text
    assert '"sealed' not in text and "msgid" not in text
    if name == "verbotene-stadt":  # after the end the secret selections are shown as chosen
        assert "(secret)" not in human.split("\n\n", 1)[1]


@pytest.mark.parametrize("lang", ["fr", "it", "de"])
def test_the_record_is_in_the_readers_language(table: Table, keyring: Keyring, lang: str) -> None:
    rec = finished(table, "forbidden-city")
    text = record_of(rec, keyring, lang=lang)
    assert f'[Language "{lang}"]' in text
    assert "played by the computer" not in text
    assert verify_record(text, keyring.public_key_text())[0].ok


def test_a_running_games_record_holds_no_seed_and_no_chain(table: Table, keyring: Keyring) -> None:
    gid = table.new("verbotene-stadt", 3)
    rec = table.play(gid, 25)
    text = record_of(rec, keyring, lang="en")
    report, _ = verify_record(text, keyring.public_key_text())
    assert report.ok and not report.revealed, report.problems
    assert "[Seed " not in text and "[Head " not in text
    assert "select (secret)" in text and '"sealed' not in text
    assert '"nonce"' not in text


def test_another_key_or_no_record_fails(table: Table, keyring: Keyring, tmp_path: Path) -> None:
    rec = finished(table, "forbidden-city")
    text = record_of(rec, keyring, lang="en")
    other = Keyring.create(tmp_path / "other-keys")
    report, _ = verify_record(text, other.public_key_text())
    assert not report.ok and "not the key given" in report.problems[0]
    assert not verify_record('[Event "x"]\n\n1. a\n', keyring.public_key_text())[0].ok


def _mutations(text: str, rng: random.Random) -> list[int]:
    """Every byte of the move text and the signature line, and a sample of the log's."""
    log_at = text.index(LOG_MARK)
    sig_at = text.rindex("[%pbem-signature")
    positions = list(range(log_at + len(LOG_MARK) + 1)) + list(range(sig_at, len(text)))
    return positions + rng.sample(range(log_at, sig_at), 300)


@pytest.mark.parametrize("name", ["forbidden-city", "verbotene-stadt"])
def test_any_changed_byte_fails(table: Table, keyring: Keyring, name: str) -> None:
    rec = finished(table, name)
    text = record_of(rec, keyring, lang="en")
    key = keyring.public_key_text()
    rng = random.Random(5)
    for i in _mutations(text, rng):
        c = text[i]
        new = rng.choice([x for x in '0a1b}{" \n.eZ' if x != c])
        bad = text[:i] + new + text[i + 1 :]
        report, _ = verify_record(bad, key)
        assert not report.ok, f"byte {i} {c!r} -> {new!r} went unnoticed"
    for bad in (text + "\n", text.replace("\n", "\r\n"), text[:-1], "\n" + text):
        assert not verify_record(bad, key)[0].ok
    # Unsigned (--no-verify), an edit of the move text is still caught: it must say what the
    # signed lines say.
    human_edit = text.replace("1. ", "1.  ", 1)
    assert not verify_record(human_edit, None)[0].ok


def test_a_dishonest_move_text_with_a_valid_signature_fails(table: Table, keyring: Keyring) -> None:
    """Even the key holder cannot make the move text say something the lines do not."""
    from pbem.gamefiles.record import RECORD_DOMAIN, SIG_PREFIX

    rec = finished(table, "forbidden-city")
    text = record_of(rec, keyring, lang="en")
    body = text[: text.rindex(SIG_PREFIX)].replace("2. ", "2. (edited) ", 1)
    forged = body + f"{SIG_PREFIX}{keyring.key_id} {keyring.sign(RECORD_DOMAIN + body.encode())}]\n"
    report, _ = verify_record(forged, keyring.public_key_text())
    assert not report.ok and "move text differs" in report.problems[0]


def test_the_record_does_not_depend_on_another_seats_secret(
    tmp_path: Path, keyring: Keyring, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two games alike but for one seat's secret selection (Die Verbotene Stadt): before the end
    their records are the same bytes."""
    import secrets

    import pbem.store.committer as committer

    monkeypatch.setattr(secrets, "token_hex", lambda n: "ab" * n)
    monkeypatch.setattr(committer, "_unique_id", lambda prefix: prefix + "-same")
    texts, logs = [], []
    for variant in (0, 1):
        t = Table(Store(tmp_path / f"games{variant}", keyring, fsync=False))
        gid = t.new("verbotene-stadt", 3)

        def choose(rec: GameRecord, seat: int, k: int, variant: int = variant) -> object:
            if seat != 1 or rec.game.public_notation(
                rec.state, seat, a := next(iter(rec.game.legal(rec.state, seat)))
            ) == rec.game.notation(a):
                return None
            twins = [
                x
                for x in rec.game.legal(rec.state, seat)
                if rec.game.public_notation(rec.state, seat, x)
                == rec.game.public_notation(rec.state, seat, a)
            ]
            return twins[variant % len(twins)] if len(twins) > 1 else None

        rec = t.play(gid, 3, choose=choose)
        texts.append(record_of(rec, keyring, lang="en"))
        logs.append((t.store.game_dir(gid) / "log.jsonl").read_bytes().splitlines())
    # The games differ (seat 1's sealed selection, hence every hash from there on)...
    assert logs[0][0] == logs[1][0] and logs[0][2] != logs[1][2]
    # ...their records do not.
    assert texts[0] == texts[1]
