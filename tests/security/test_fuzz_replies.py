"""The mutation fuzzer (issue 9 acceptance, issue 32): mutated valid replies through the whole
``Service.handle(raw)`` path: 0 uncaught exceptions, 0 wrong acceptances (a mutation acted on as
a seat's although its From, its token-bearing id or its Authentication-Results line was broken),
and the CPU time of every message counted (``time.process_time``) and printed.

600 mutations by default (seeded, deterministic; about 10 s of CPU; 5,000 until the eleventh
round, 2,000 in it, 1,000 in the twelfth, cut for the suite's 10 minutes): no assertion on time there,
the figures are printed. ``PBEM_LONG_TESTS=1`` runs 20,000 and also asserts that no message took
more than 1 s of CPU (:data:`MAX_CPU_SECONDS`). Among the mutations, ``header-bloat`` adds the
costly header shapes of tests/security/header_shapes.py. A failure
lists each crash with the mutation that made it and the last frames of its traceback, and writes
the raw inputs under the test's tmp directory for replay. benchmarks/bench_hostile.py times the
same corpus.
"""

from __future__ import annotations

import os
import time
import traceback
from pathlib import Path

import pytest
from fuzzcorpus import corpus_with_seeds, make_fuzz_env, wrong_acceptance
from longtests import LONG, sized

COUNT = sized(600, 20_000)
ACTED = ("applied", "answered", "key filed")
"""Outcomes of a mail taken as a seat's (a move applied, a SAY relayed, HELP answered, a key
filed): each must come from an intact reply (:func:`fuzzcorpus.wrong_acceptance`)."""
MAX_CPU_SECONDS = 1.0
"""The budget of one message (asserted in the long run only: CPU time, not wall time)."""
SEED = int(os.environ.get("PBEM_FUZZ_SEED", "9"))
"""Another seed explores other mutations: ``PBEM_FUZZ_SEED=10``."""


@pytest.mark.slow  # out of the fast lane (the full suite runs it)
@pytest.mark.timeout(0 if LONG else 1800)  # a hang detector only, never a loaded machine
def test_mutated_replies_never_raise(tmp_path: Path) -> None:
    env = make_fuzz_env(tmp_path, authserv_id="mx.pbem.test")
    crashes: list[str] = []
    wrong: list[str] = []
    outcomes: dict[str, int] = {}
    cpu: list[tuple[float, str]] = []
    handled = applied = 0
    for i, (ops, original, raw) in enumerate(corpus_with_seeds(env, COUNT, SEED)):
        try:
            start = time.process_time()
            out = env.service.handle(raw)
            cpu.append((time.process_time() - start, ops))
        except Exception as err:  # noqa: BLE001 - the point is to catch everything
            if len(crashes) < 50:
                (tmp_path / f"crash-{i}.eml").write_bytes(raw)
                frames = traceback.extract_tb(err.__traceback__)[-3:]
                where = " <- ".join(
                    f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in reversed(frames)
                )
                crashes.append(f"#{i} {ops}: {type(err).__name__}: {str(err)[:120]} at {where}")
            else:
                crashes.append(f"#{i} {ops}: {type(err).__name__}")
            continue
        handled += 1
        outcomes[out.folder] = outcomes.get(out.folder, 0) + 1
        if out.folder == "processed" and out.game_id and out.reason in ACTED:
            applied += 1
            why = wrong_acceptance(original, raw)
            if why:
                (tmp_path / f"wrong-{i}.eml").write_bytes(raw)
                wrong.append(f"#{i} {ops}: applied although {why}")
    times = sorted(t for t, _ in cpu)
    worst = max(cpu, default=(0.0, ""))
    print(
        f"\nfuzz: {COUNT} mutations (seed {SEED}), {len(crashes)} exceptions, {len(wrong)} wrong "
        f"acceptances ({applied} acted on as a seat's, each checked), {outcomes}; "
        f"CPU per message p50 {times[len(times) // 2] * 1000:.1f} ms, "
        f"p99 {times[int(len(times) * 0.99)] * 1000:.1f} ms, max {worst[0] * 1000:.1f} ms "
        f"({worst[1]}), total {sum(times):.1f} s"
    )
    assert not crashes, f"{len(crashes)} of {COUNT} raised:\n" + "\n".join(crashes[:50])
    assert not wrong, "\n".join(wrong[:50])
    if LONG:
        slow = [f"{t:.2f} s: {ops}" for t, ops in cpu if t > MAX_CPU_SECONDS]
        assert not slow, slow[:20]
    assert handled == COUNT
    # The corpus reaches every stage: something applied, something refused, something dropped.
    assert outcomes.get("processed", 0) > 0 and outcomes.get("rejected", 0) > 0, outcomes


def test_the_wrong_acceptance_oracle_tells_a_broken_sender_or_token(tmp_path: Path) -> None:
    env = make_env_for_oracle(tmp_path)
    (_ops, seed, _raw) = next(corpus_with_seeds(env, 1, SEED))
    assert wrong_acceptance(seed, seed) == ""
    head, sep, body = (
        seed.partition(b"\n\n") if b"\r\n\r\n" not in seed else seed.partition(b"\r\n\r\n")
    )
    assert wrong_acceptance(seed, head.replace(b"@example.org>", b"@example.net>", 1) + sep + body)
    assert wrong_acceptance(seed, b"From: evil@attacker.org\r\n" + seed)
    in_reply_to = [ln for ln in head.splitlines() if ln.lower().startswith(b"in-reply-to:")][0]
    assert wrong_acceptance(
        seed,
        seed.replace(in_reply_to, b"In-Reply-To: <x@y>").replace(
            in_reply_to.split(b":", 1)[1].strip(), b"<gone@y>"
        ),
    )


def make_env_for_oracle(tmp_path: Path):  # type: ignore[no-untyped-def]
    return make_fuzz_env(tmp_path, authserv_id="mx.pbem.test")
