"""Helpers shared by the store tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import msgspec
import pytest
import toygame

import pbem.store.files as files_mod
from pbem.store import ActionEntry, GameRecord, Keyring, Store
from pbem.store.records import LOG_DOMAIN, decode_entry, line_hash, seal_record, split_signature

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org"), ("Cy", "cy@example.org")]
T0 = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


class Clock:
    """An injected clock that ticks one minute per call."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def play(
    store: Store, gid: str, clock: Callable[[], datetime], moves: int | None = None
) -> GameRecord:
    """Play ``moves`` moves (or to the end) with the toy game's deterministic choice."""
    rec = store.load(gid)
    done = 0
    while rec.envelope.status == "active" and (moves is None or done < moves):
        seat = rec.pending()[0].seat
        text = toygame.first_legal(rec.state, seat)
        rec = store.commit(gid, rec.seq, [ActionEntry(seat, text=text, source="gm")], clock())
        done += 1
    return rec


def engine_only(
    seed: int, n: int, options: dict[str, str], moves: int | None = None
) -> tuple[list[str], object]:
    """The same game played by the engine alone: (notations, final state)."""
    from pbem.rules.base import derive_rng

    game = toygame.GAME
    state = game.setup(n, options, seed)
    notations: list[str] = []
    seq = 1
    while game.pending(state) and (moves is None or len(notations) < moves):
        seat = game.pending(state)[0].seat
        text = toygame.first_legal(state, seat)
        seq += 1
        state, _ = game.apply(
            state, seat, game.parse(state, seat, text), derive_rng(seed, "apply", seq)
        )
        notations.append(text)
    return notations, state


def resign_log(
    path: Path, keyring: Keyring, edit: dict[int, bytes], raw: dict[int, bytes] | None = None
) -> None:
    """Rewrite a log as a dishonest operator holding the signing key would: replace some lines'
    bodies and re-sign and re-chain everything, so that the signatures and the chain still hold.
    ``raw`` bodies are signed as they are (not decoded; their ``prev`` must already be right)."""
    out = []
    prev = "0" * 64
    for n, line in enumerate(path.read_bytes().splitlines(), start=1):
        body, _ = split_signature(line)
        if raw and n in raw:
            body = raw[n]
        else:
            entry = decode_entry(edit.get(n, body))
            entry.prev = prev
            body = msgspec.json.Encoder(order="deterministic").encode(entry)
        line = seal_record(body, keyring.sign(LOG_DOMAIN + body))
        prev = line_hash(line)
        out.append(line + b"\n")
    path.write_bytes(b"".join(out))


def spy(monkeypatch: pytest.MonkeyPatch, name: str) -> list[Any]:
    """Record the calls of ``pbem.store.files.<name>``: its first argument (for
    ``check_signature``, its last: the signature's domain)."""
    seen: list[Any] = []
    real = getattr(files_mod, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        seen.append(args[-1] if name == "check_signature" else args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(files_mod, name, wrapper)
    return seen
