"""A hostile reply of hundreds of "then" sentences to Die Verbotene Stadt's turn mail is read in
linear work (issue 31's hostile inputs; eleventh round): 40 lines of "Then I slide RB to the
north and then GB to the north." cost 31 million function calls at a9a1a67 (about 100 s of a
loaded machine), because every word's stem was computed again for every word beside it
(notation._description) and every word was compared with every command's noun
(requests._requested). Work is counted in function calls (cProfile's count), which a loaded
machine does not change, never timed."""

from __future__ import annotations

import cProfile
import pstats
from pathlib import Path

import pytest

LINES = ("RB", "GB", "YY", "KR")
WAYS = ("north", "south", "east", "west")

SHAPES = {
    "prose": "Then I slide {p} to the {d} and then {q} to the {d}.",
    "short": "Then {p} {d}.",
    "numbered": "{n}. {p} {d}",
}


def then_body(shape: str, n: int) -> str:
    return "\n".join(
        SHAPES[shape].format(n=k + 1, p=LINES[k % 4], q=LINES[(k + 1) % 4], d=WAYS[k % 4])
        for k in range(n)
    )


def _calls(stage: object, body: str, warm: str = "") -> int:
    import player_corpus as pc

    from pbem import i18n

    case = pc.Case("t", "cost", "en", "vs:turn", "bare", "ask", body)
    raw = pc.make_reply(case, stage.mail, "x@example.org")  # type: ignore[attr-defined]

    def read() -> None:
        with i18n.speaking("en"):
            pc.read_reply(stage, raw)  # type: ignore[arg-type]

    if warm:  # the reader's tables built, as in a running service, on a short reply
        first = pc.Case("t", "cost", "en", "vs:turn", "bare", "ask", warm)
        with i18n.speaking("en"):
            pc.read_reply(stage, pc.make_reply(first, stage.mail, "x@example.org"))  # type: ignore[attr-defined, arg-type]
    prof = cProfile.Profile()
    prof.runcall(read)
    return int(pstats.Stats(prof).total_calls)  # type: ignore[attr-defined]


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_many_then_lines_cost_linear_work(tmp_path: Path, shape: str) -> None:
    import player_corpus as pc

    name, stage = next(iter(pc.vs_stages(tmp_path, "en")))
    assert name == "vs:turn"
    # 20 and 80 lines (40 and 160 until the twelfth round: a quadratic reading shows as well)
    small = _calls(stage, then_body(shape, 20), warm=then_body(shape, 2))
    large = _calls(stage, then_body(shape, 80))
    # four times the lines: linear is 4x; the first lines' plan trials are a fixed part
    assert large < 5 * small, (small, large)
    # about 17,000 calls a line of prose here (Python 3.11); a9a1a67 took 165,000
    assert (large - small) / 60 < 60_000, (small, large)
