"""The typed log lines: one struct per kind, the exact bytes of the first version, strict decoding,
and the one walk of the log."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest
from store_helpers import PLAYERS, Clock, play, resign_log

from pbem.errors import IntegrityError
from pbem.store import (
    Back,
    End,
    MessageHandled,
    NewEntry,
    Pause,
    Replace,
    Resume,
    SetDeadline,
    SetOrders,
    SetPolicy,
    Store,
    Undo,
    Vacation,
    ViewAccess,
    Vote,
)
from pbem.store.fold import moves_in_effect, walk
from pbem.store.keys import Keyring
from pbem.store.payloads import PAYLOADS, ActionLine, UndoLine, decode_payload
from pbem.store.records import decode_entry, encoder, split_signature

GOLDEN = Path(__file__).parent / "golden" / "log-lines-v1.jsonl"
"""Line bodies (signatures cut off) written by pbem before the payloads were typed (commit
68ddd8f): one of each kind and shape (a sealed action, a resignation, each deadline form...)."""


def test_payload_fields_are_declared_in_sorted_order() -> None:
    # The first version encoded payloads as dicts with sorted keys; a struct is encoded in
    # declaration order, so only sorted declarations give the same bytes.
    for kind, cls in PAYLOADS.items():
        fields = list(cls.__struct_fields__)
        assert fields == sorted(fields), kind
        assert kind == cls.KIND


LATER_KINDS = {"orders"}
"""Kinds added after the first version (standing orders, issue 25): not in its golden lines."""


def test_lines_of_the_first_version_decode_and_encode_byte_for_byte() -> None:
    bodies = GOLDEN.read_bytes().splitlines()
    kinds = set()
    for body in bodies:
        entry = decode_entry(body)
        assert isinstance(entry.payload, PAYLOADS[entry.kind])
        assert encoder.encode(entry) == body
        kinds.add(entry.kind)
    assert kinds == set(PAYLOADS) - LATER_KINDS


def test_every_line_a_game_writes_is_its_payload_dict_encoded(store: Store, clock: Clock) -> None:
    gid = store.create("toy-draw", PLAYERS, {"deck": "24"}, 3, clock())
    rec = play(store, gid, clock, moves=4)
    t = clock()
    entries: list[NewEntry] = [
        MessageHandled("<m@x>", 1, "help"),
        Undo(reason="typo"),
        Replace(2, "Di", "di@example.org"),
        Replace(1, "Computer", "bot@example.org", resigned=True, message_id="<r@x>"),
        Pause(reason="away"),
        Resume(),
        ViewAccess(0),
        SetDeadline("*", seconds=3600),
        SetDeadline("*", at=t),
        SetDeadline("*"),
        Vacation(0, t, t.replace(day=t.day + 2)),
        Back(0),
        SetPolicy("nmr", "computer"),
        Vacation(1, t, t.replace(day=t.day + 1), leave="L1", auto=True, source="timer"),
        Vote("P1", "propose", "pause", seat=0, length="7d"),
        Vote("P1", "accept", "pause", seat=1),
        Vote("P1", "lapse", "pause", source="timer"),
        SetOrders(0, '{"claim":"believe"}'),
        End(reason="enough"),
    ]
    for request in entries:
        rec = store.commit(gid, rec.seq, [request], clock())
    kinds = set()
    for raw in (store.data_dir / gid / "log.jsonl").read_bytes().splitlines():
        body, _ = split_signature(raw)
        as_dict = msgspec.json.decode(body)
        entry = decode_entry(body)
        assert encoder.encode(entry.payload) == encoder.encode(as_dict["payload"])
        assert encoder.encode(entry) == body
        kinds.add(entry.kind)
    assert kinds == set(PAYLOADS)


@pytest.mark.parametrize(
    ("kind", "payload", "problem"),
    [
        ("pause", b'{"reason":"","source":"gm","extra":1}', "unknown field"),
        ("pause", b'{"reasn":"","source":"gm"}', "unknown field"),
        ("pause", b'{"source":"gm"}', "missing required field"),
        ("undo", b'{"notation":"x","reason":"","seat":"0","source":"gm","undone":2}', "int"),
        ("resume", b'{"source":"postman"}', "Invalid enum value"),
        ("comet", b"{}", "unknown kind"),
    ],
)
def test_a_line_that_is_not_one_of_the_kinds_fails_at_decode(
    kind: str, payload: bytes, problem: str
) -> None:
    with pytest.raises((ValueError, msgspec.ValidationError), match=problem):
        decode_payload(kind, payload)


def test_a_signed_line_with_a_misspelt_field_stops_the_game(
    store: Store, keyring: Keyring, clock: Clock
) -> None:
    gid = store.create("toy-draw", PLAYERS, {"deck": "24"}, 3, clock())
    rec = play(store, gid, clock, moves=2)
    store.commit(gid, rec.seq, [Pause(reason="x")], clock())
    log = store.data_dir / gid / "log.jsonl"
    n = len(log.read_bytes().splitlines())
    body, _ = split_signature(log.read_bytes().splitlines()[-1])
    # Signed by the service's own key (a bug, or an old writer): refused all the same.
    resign_log(log, keyring, {}, raw={n: body.replace(b'"reason"', b'"raison"')})
    with pytest.raises(IntegrityError, match=rf"line {n} is not a valid signed record.*raison"):
        Store(store.data_dir, keyring).load(gid)
    # Altered without the key: the signature is what is reported.
    log.write_bytes(log.read_bytes().replace(b'"raison"', b'"reason"'))
    with pytest.raises(IntegrityError, match=rf"line {n}: bad signature"):
        Store(store.data_dir, keyring).load(gid)


def test_the_walk_numbers_the_moves_in_effect(store: Store, clock: Clock) -> None:
    gid = store.create("toy-draw", PLAYERS, {"deck": "24"}, 3, clock())
    rec = play(store, gid, clock, moves=3)
    rec = store.commit(gid, rec.seq, [Undo(), Undo()], clock())
    rec = play(store, gid, clock, moves=2)
    steps = list(walk(rec.entries))
    assert [s.entry.seq for s in steps] == [e.seq for e in rec.entries]
    actions = [s for s in steps if isinstance(s.entry.payload, ActionLine)]
    assert [(s.move, s.taken_back) for s in actions] == [
        (1, False),
        (None, True),
        (None, True),
        (2, False),
        (3, False),
    ]
    undos = [s.entry.payload for s in steps if isinstance(s.entry.payload, UndoLine)]
    assert [u.undone for u in undos] == [4, 3]
    assert moves_in_effect(rec.entries) == [s.entry.seq for s in actions if s.move]
    # Replayed from the log, the store agrees: the same moves are in effect.
    assert store.verify(gid).ok
