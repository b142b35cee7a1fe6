"""Acceptance with the real engine: a whole Forbidden City game played through 'pbem admin move',
the shuffle check (and its failure on forged draws), and the scan for plaintext secrets."""

from __future__ import annotations

import json
import random
import shutil
import tarfile
from pathlib import Path
from typing import Any

import msgspec
import pytest
from store_helpers import resign_log  # tests/store (on sys.path via conftest)

from pbem.config import load_config
from pbem.rules import find_game
from pbem.rules.base import derive_rng
from pbem.rules.forbidden_city.state import State
from pbem.store import Keyring
from pbem.store.fold import context
from pbem.store.payloads import SetupLine

PLAYERS = [
    "-p",
    "Ann <ann@example.org>",
    "-p",
    "Bob <bob@example.org>",
    "-p",
    "Cy <cy@example.org>",
]


def game_files(service: Path) -> list[Path]:
    return [p for p in (service / "games").rglob("*") if p.is_file()]


def play_through_cli(
    run: Any, gid: str, rng: random.Random, limit: int | None = None
) -> list[tuple[int, str]]:
    """Pick each move from 'show --json' and enter it with 'admin move'; returns (seat, move)."""
    moves: list[tuple[int, str]] = []
    while limit is None or len(moves) < limit:
        data = json.loads(run("admin", "show", gid, "--json").stdout)
        if data["status"] != "active":
            break
        seat, legal = data["to_move"], data["legal_moves"]
        assert legal, data["pending"]
        choice = rng.choice(legal)
        out = run("admin", "move", gid, str(seat), choice).stdout
        assert "event" in out
        moves.append((seat, choice))
    return moves


@pytest.fixture(scope="module")
def fc() -> Any:
    return find_game("forbidden-city")


@pytest.mark.slow  # out of the fast lane (the full suite runs it)
def test_whole_game_through_admin_move(run: Any, service: Path, fc: Any, tmp_path: Path) -> None:
    gid = run(
        "admin", "new", "forbidden-city", *PLAYERS, "--side", "advanced", "--seed", "2018"
    ).stdout.strip()
    assert gid.startswith("fc-")
    moves = play_through_cli(run, gid, random.Random(7))
    data = json.loads(run("admin", "show", gid, "--json").stdout)
    assert data["status"] == "ended" and data["result"]["reason"] == "finished"
    # The engine's own replay of the same moves, with the same derived RNGs.
    options = data["options"]
    state = fc.setup(3, options, 2018)
    for seq, (seat, text) in enumerate(moves, start=2):
        state, _ = fc.apply(
            state, seat, fc.parse(state, seat, text), derive_rng(2018, "apply", seq)
        )
    result = fc.result(state)
    assert result is not None
    assert data["result"]["scores"] == list(result.scores)
    assert data["result"]["winners"] == list(result.winners)
    assert data["revealed_seed"] == 2018
    assert "OK" in run("admin", "verify", gid).stdout
    shuffle = run("verify-shuffle", gid, "--json").stdout
    assert json.loads(shuffle)["ok"] and json.loads(shuffle)["actions_checked"] == len(moves)
    history = json.loads(run("admin", "history", gid, "--json").stdout)
    assert [h["data"]["notation"] for h in history if h["kind"] == "action"] == [
        m for _, m in moves
    ]

    # Exported and checked elsewhere; then a dishonest operator (holding the signing key) alters
    # one drawn tile and re-signs the whole log: signatures hold, the shuffle check does not.
    key = run("admin", "pubkey").stdout.strip()
    archive = run("admin", "export", gid, "-o", str(tmp_path / "fc.tar.gz")).stdout.strip()
    assert "OK" in run("verify-shuffle", archive, "--pubkey", key).stdout
    forged = tmp_path / "forged" / gid
    forged.mkdir(parents=True)
    with tarfile.open(archive) as tar:
        for name in ("log.jsonl", "state.json"):
            f = tar.extractfile(f"{gid}/{name}")
            assert f is not None
            (forged / name).write_bytes(f.read())
    lines = (forged / "log.jsonl").read_bytes().splitlines()
    n = len(lines) // 2
    entry = json.loads(lines[n - 1])
    assert entry["kind"] == "action"
    placed = entry["payload"]["events"][0]["data"]
    other = next(
        m
        for m in (json.loads(x) for x in lines)
        if m["kind"] == "action" and m["payload"]["events"][0]["data"]["tile"] != placed["tile"]
    )
    placed["tile"] = other["payload"]["events"][0]["data"]["tile"]
    del entry["sig"]
    keyring = Keyring.load(service / "keys")
    resign_log(forged / "log.jsonl", keyring, {n: msgspec.json.encode(entry)})
    (forged / "state.json").unlink()
    result_forged = run("verify-shuffle", str(forged), "--pubkey", key, ok=False)
    assert result_forged.exit_code == 1
    assert f"log.jsonl line {n}" in result_forged.output and "FAILED" in result_forged.output


def test_no_private_value_in_plaintext(run: Any, service: Path, fc: Any) -> None:
    gid = run("admin", "new", "forbidden-city", *PLAYERS, "--seed", "31337").stdout.strip()
    play_through_cli(run, gid, random.Random(3), limit=12)
    run("admin", "show", gid, "--as", "1")  # a GM look at a private view must not leak either
    keyring = Keyring.load(service / "keys")
    store = load_config(service / "pbem.toml").store()
    rec = store.load(gid)
    setup = rec.entries[0].payload
    assert isinstance(setup, SetupLine)
    sealed = setup.sealed_seed
    secret = msgspec.json.decode(keyring.unseal(sealed, context(gid, "seed")))
    blobs = {p: p.read_bytes() for p in game_files(service)}
    everything = b"\n".join(blobs.values())
    # The seed and the commitment's nonce.
    assert str(secret["seed"]).encode() not in everything
    assert secret["nonce"].encode() not in everything
    # The engine's encoding of the state (and its field names for the private parts).
    encoded = fc.encode_state(rec.state)
    for i in range(0, len(encoded) - 24, 12):
        assert encoded[i : i + 24] not in everything
    assert b'"stacks"' not in everything and b'"hands"' not in everything
    # Each seat's hand tile (unless an identical tile id was already placed in public) and the
    # order of its stack.
    public = everything.decode()
    assert isinstance(rec.state, State)
    for seat, hand in enumerate(rec.state.hands):
        placed_ids = {t for s, t, *_ in rec.state.history}
        if hand is not None and hand not in placed_ids:
            assert f'"{hand}"' not in public, f"seat {seat}'s hand tile is in a file"
        stack = list(rec.state.stacks[seat])
        for j in range(len(stack) - 2):
            assert json.dumps(stack[j : j + 3])[1:-1].replace(" ", "").encode() not in everything
    # The private "drew" events never appear.
    assert b'"drew"' not in everything
    # After the end the seed is public, but the state and hands still are not in clear.
    run("admin", "end", gid)
    everything = b"\n".join(p.read_bytes() for p in game_files(service))
    assert b'"stacks"' not in everything and b'"drew"' not in everything
    shutil.rmtree(service / "games" / gid)
