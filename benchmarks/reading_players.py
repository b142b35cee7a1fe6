"""Reading replies as French, Italian, German and English players write them (issue 31).

Reads every case of the corpus (tests/fixtures/replies/players/half-1.txt and half-2.txt; see
tests/mail/player_corpus.py) as the service reads it, at the position of the real mail each
answers, and prints the share read as meant and the wrong readings, per half and per language,
then every case not read as meant::

    .venv/bin/python benchmarks/reading_players.py [--quiet] [--half half-1,half-2]

tests/mail/test_player_replies.py asserts the same figures (0 wrong, at least 98 % as meant on
each half and each language).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "mail"))

import player_corpus as pc  # noqa: E402


def main(argv: list[str]) -> int:
    halves = pc.HALVES
    if "--half" in argv:
        halves = tuple(argv[argv.index("--half") + 1].split(","))
    cases = [c for h in halves for c in pc.load(h)]
    with tempfile.TemporaryDirectory() as tmp:
        verdicts = pc.judge_all(Path(tmp), cases)
    print(pc.report(verdicts))
    if "--quiet" not in argv:
        for v in verdicts:
            if not v.meant:
                mark = "WRONG" if v.wrong else "missed"
                print(
                    f"{mark:6} {v.case.half}/{v.case.id} ({v.case.client}): got {v.got}, "
                    f"meant {v.want}"
                )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
