"""``LogEntries`` holding its first lines as one unsplit block (what a load under a signed
checkpoint makes) answers every question exactly as the same entries split into lines do: the
lines, their hashes and kinds, the moves in effect, the lines that may hold a sealed notation, the
copies and what is appended after. Checked on a real log (a toy game with an undo and hidden moves)
at every size of block, so blocks with and without a hidden move are both taken."""

from __future__ import annotations

import hashlib

import msgspec
import pytest
from store_helpers import PLAYERS, T0, Clock, play

from pbem.store import Store, Undo
from pbem.store.files import LOG_FILE, parse_log
from pbem.store.loglines import SEALED_MARK, LogEntries, PrefixCache
from pbem.store.records import LogEntry, decode_entry, line_hash, split_signature


def _decode(n: int, raw: bytes) -> LogEntry:
    entry = decode_entry(split_signature(raw)[0])
    assert entry.seq == n
    return entry


def _game_lines(store: Store, clock: Clock) -> list[bytes]:
    gid = store.create("toy-draw", PLAYERS, {"deck": "24"}, 3, T0)
    play(store, gid, clock, moves=3)
    store.commit(gid, store.load(gid).seq, [Undo(reason="misclick")], clock())
    play(store, gid, clock)
    data = (store.game_dir(gid) / LOG_FILE).read_bytes()
    assert data.endswith(b"\n")
    return data[:-1].split(b"\n")


def _split(lines: list[bytes]) -> LogEntries:
    n = len(lines)
    return LogEntries(list(lines), [None] * n, [None] * n, _decode)


def _blocked(lines: list[bytes], b: int, moves: int) -> LogEntries:
    """The first ``b`` lines as a block, ``moves`` actions in effect after them (as a checkpoint
    says), the rest as lines."""
    n = len(lines)
    block = b"".join(x + b"\n" for x in lines[:b])
    return LogEntries(list(lines[b:]), [None] * n, [None] * n, _decode, (b, moves), block=block)


def _same(a: LogEntries, b: LogEntries) -> None:
    assert len(a) == len(b)
    assert [a.line(i) for i in range(len(a))] == [b.line(i) for i in range(len(b))]
    assert [a.hash(i) for i in range(len(a))] == [b.hash(i) for i in range(len(b))]
    assert list(a.kinds()) == list(b.kinds())
    assert a.in_effect() == b.in_effect()
    # Candidates are the lines decoded already and those with the mark: every line that holds a
    # sealed notation is one, in both.
    sealed = [i for i, e in enumerate(b) if getattr(e.payload, "sealed", None) is not None]
    assert sealed
    for x in (a, b):
        candidates = x.sealed_candidates()
        assert candidates == sorted(set(candidates))
        assert [i for i in candidates if getattr(x[i].payload, "sealed", None)] == sealed
    assert [msgspec.to_builtins(e) for e in a] == [msgspec.to_builtins(e) for e in b]
    assert a.lines == b.lines


def test_a_block_reads_as_its_lines_at_every_size(store: Store, clock: Clock) -> None:
    lines = _game_lines(store, clock)
    hidden = [i for i, raw in enumerate(lines) if SEALED_MARK in raw]
    assert hidden and hidden[0] > 0  # blocks without a hidden move, and blocks with one
    for b in range(1, len(lines) + 1):
        moves = _split(lines[:b]).in_effect()
        _same(_blocked(lines, b, moves), _split(lines))


@pytest.mark.parametrize("where", ["before", "inside", "after"])
def test_copies_and_appends_of_a_block(store: Store, clock: Clock, where: str) -> None:
    lines = _game_lines(store, clock)
    b = len(lines) // 2
    upto = {"before": b // 2, "inside": b, "after": len(lines) - 1}[where]
    entries = _blocked(lines, b, _split(lines[:b]).in_effect())
    first = entries.line(0)  # the setup line, read without splitting the block
    assert first == lines[0] and entries._in_block() == b
    copy = entries.copy(upto)
    _same(copy, _split(lines[:upto]))
    # What the commit appends goes after the block, in order; the original is unchanged.
    copy = entries.copy()
    extra = lines[-1]
    copy.append(extra, _decode(len(lines), extra), line_hash(extra))
    assert copy.line(len(lines)) == extra and len(copy) == len(lines) + 1
    assert copy.lines == [*lines, extra]
    _same(entries, _split(lines))


def test_a_parsed_log_under_a_checkpoint_holds_a_block(store: Store, clock: Clock) -> None:
    """parse_log with a checkpoint's prefix keeps the vouched lines unsplit, and reads the same."""
    lines = _game_lines(store, clock)
    data = b"".join(x + b"\n" for x in lines)
    b = len(lines) - 2
    size = sum(len(x) + 1 for x in lines[:b])
    moves = _split(lines[:b]).in_effect()
    prefix = (b, size, hashlib.sha256(data[:size]).hexdigest(), line_hash(lines[b - 1]), moves)
    log = parse_log(data, None, game="g", path="log.jsonl", prefix=prefix)
    assert log.entries._in_block() == b
    assert log.seq == len(lines) and log.head_hash == line_hash(lines[-1])
    _same(log.entries, _split(lines))


def test_a_prefix_cache_folds_only_the_new_lines_of_the_same_log(
    store: Store, clock: Clock
) -> None:
    """``PrefixCache``: the value over a log's lines, folded again only past the lines it was
    last folded over when the log still has them (the hash of the last one, which covers the
    lines before it by the chain), from the first line for another log (a changed line, a
    shorter log); a value it handed out is never changed."""
    lines = _game_lines(store, clock)
    cache: PrefixCache[tuple[str, ...]] = PrefixCache(kept=2)
    folded: list[tuple[int, int]] = []

    def kinds_of(ents: LogEntries) -> tuple[str, ...]:
        def extend(seen: tuple[str, ...], start: int) -> tuple[str, ...]:
            folded.append((start, len(ents)))
            return seen + tuple(ents.kinds(start))

        return cache.get("g", ents, tuple, extend)

    truth = tuple(_split(lines).kinds())
    first = kinds_of(_split(lines[:4]))
    assert first == truth[:4] and folded == [(0, 4)]
    assert kinds_of(_blocked(lines, 3, 1)) == truth and folded[-1] == (4, len(lines))
    assert first == truth[:4]  # the value handed out before is as it was
    assert kinds_of(_split(lines)) == truth and len(folded) == 2  # nothing new: no fold
    # A log whose last folded line differs (another game, another line after an undo) is folded
    # from its start (an earlier line cannot differ alone: the chain, checked by every parse).
    other = [*lines[:-1], lines[-1].replace(b'"time":"', b'"time":"1')]
    assert kinds_of(_split(other)) == truth and folded[-1] == (0, len(lines))
    assert kinds_of(_split(lines[:2])) == truth[:2] and folded[-1] == (0, 2)  # shorter
    # Another key is another value; the least recently used is dropped beyond ``kept``.
    assert cache.get("h", _split(lines[:1]), tuple, lambda v, s: (*v, "x")) == ("x",)
    assert cache.get("i", _split(lines[:1]), tuple, lambda v, s: (*v, "y")) == ("y",)
    kinds_of(_split(lines[:2]))
    assert folded[-1] == (0, 2)
