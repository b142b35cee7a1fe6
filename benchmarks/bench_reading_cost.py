"""What reading a reply costs: the players' corpus, and a hostile reply of many "then" lines.

Run: ``.venv/bin/python benchmarks/bench_reading_cost.py [--halves half-1,half-2]
[--lines 25,50,100] [--repeat 3]``.

Two measures of the same readings, both taken inside one process:

- **function calls** (cProfile's count): what the code does, the same on a quiet and on a loaded
  machine; two versions of the reader are compared by it.
- **CPU seconds of this thread** (``time.thread_time``, best of ``--repeat``): what it costs here;
  compared only as ratios within one run (a longer reply against a shorter one).

The corpus part reads every reply of the given parts at the position of the mail it answers
(``tests/mail/player_corpus.py``, as ``benchmarks/reading_players.py`` does) and counts only the
reading (:func:`pbem.service.orders.read` of the parsed mail), not the games played to reach
each mail. The hostile part reads a reply to Die Verbotene Stadt's turn mail whose body is N
lines "then KB S" (English), N from ``--lines``: the reader tries two lines as one plan, and since
the eighth round at most 12 such trials per reply (``MAX_PLAN_TRIALS``), so that the cost grows
linearly with N; then the same for N lines of prose ("Then I slide RB to the north and then GB
to the north.", eleventh round).

The test helpers are imported from the tree ``pbem`` itself comes from, so another version is
measured with ``PYTHONPATH=/path/to/its/worktree`` (run from that worktree)::

    git worktree add --detach /tmp/wt-old 1415dc0
    cd /tmp/wt-old && PYTHONPATH=/tmp/wt-old /work/wt-XX/.venv/bin/python \\
        /work/wt-XX/benchmarks/bench_reading_cost.py
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pbem

TREE = Path(pbem.__file__).resolve().parents[1]
sys.path.insert(0, str(TREE / "tests" / "mail"))

import player_corpus as pc  # noqa: E402
from test_reading_cost_then import SHAPES as THEN  # noqa: E402
from test_reading_cost_then import then_body  # noqa: E402

from pbem import i18n  # noqa: E402


def _measure(call: Callable[[], object], repeat: int) -> tuple[int, float]:
    """(function calls of one call, least CPU seconds of this thread over ``repeat`` calls),
    after one call unmeasured (the reader's caches filled, as in a running service)."""
    call()
    prof = cProfile.Profile()
    prof.runcall(call)
    calls = pstats.Stats(prof).total_calls  # type: ignore[attr-defined]
    best = float("inf")
    for _ in range(repeat):
        start = time.thread_time()
        call()
        best = min(best, time.thread_time() - start)
    return int(calls), best


def _raw(stage: Any, case: Any) -> bytes:
    rec = stage.env.store.load(stage.gid)
    return bytes(pc.make_reply(case, stage.mail, rec.envelope.active_player(stage.seat).email))


def corpus(tmp: Path, halves: list[str]) -> None:
    cases = [c for h in halves for c in pc.load(h) if c.game != "fresh"]
    calls = 0
    cpu = 0.0
    n = 0
    for lang in pc.LANGS:
        for game, stages in (("fc", pc.fc_stages), ("vs", pc.vs_stages)):
            todo = [c for c in cases if c.lang == lang and c.game == game]
            if not todo:
                continue
            for name, stage in stages(tmp, lang):
                for case in todo:
                    if case.mail != name:
                        continue
                    raw = _raw(stage, case)

                    def read(stage: Any = stage, raw: bytes = raw, lang: str = lang) -> None:
                        with i18n.speaking(lang):
                            pc.read_reply(stage, raw)

                    c, t = _measure(read, 1)
                    calls += c
                    cpu += t
                    n += 1
    print(f"corpus {','.join(halves)}: {n} replies (fresh mails left out)")
    print(f"  function calls: {calls:,} ({calls / max(n, 1):,.0f} a reply)")
    print(f"  CPU of the readings: {cpu:.2f} s ({1000 * cpu / max(n, 1):.2f} ms a reply)")


def hostile(tmp: Path, sizes: list[int], repeat: int) -> None:
    name, stage = next(pc.vs_stages(tmp, "en"))
    assert name == "vs:turn"
    _hostile_shape(stage, "then KB S", lambda k: "KB S" if k == 0 else "then KB S", sizes, repeat)
    for shape in sorted(THEN):  # the shapes tests/mail/test_reading_cost_then.py counts
        _hostile_shape(stage, THEN[shape], lambda k, s=shape: then_body(s, k + 1).split("\n")[-1],
                       sizes, repeat)  # fmt: skip


def _hostile_shape(
    stage: Any, shape: str, line: Callable[[int], str], sizes: list[int], repeat: int
) -> None:
    print(f'a reply to the Die Verbotene Stadt turn mail of N lines "{shape}" (en):')
    print("  N | function calls | calls a line | CPU s (best) | CPU a line, ms")
    for size in sizes:
        body = "\n".join(line(k) for k in range(size))
        case = pc.Case("bench", "bench-1", "en", "vs:turn", "bare", "", body)
        raw = _raw(stage, case)

        def read(raw: bytes = raw) -> None:
            with i18n.speaking("en"):
                pc.read_reply(stage, raw)

        calls, cpu = _measure(read, repeat)
        print(f"  {size} | {calls:,} | {calls / size:,.0f} | {cpu:.3f} | {1000 * cpu / size:.2f}")


def main(argv: list[str]) -> int:
    def opt(name: str, default: str) -> str:
        return argv[argv.index(name) + 1] if name in argv else default

    halves = opt("--halves", "half-1,half-2").split(",")
    sizes = [int(s) for s in opt("--lines", "25,50,100").split(",")]
    repeat = int(opt("--repeat", "3"))
    print(f"code: {TREE}")
    with tempfile.TemporaryDirectory() as tmp:
        hostile(Path(tmp) / "hostile", sizes, repeat)
        if halves != [""]:
            corpus(Path(tmp) / "corpus", halves)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
