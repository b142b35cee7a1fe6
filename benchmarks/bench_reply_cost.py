"""Benchmark (issue 25): the CPU one reply costs the service at a few lengths of a game's record,
this tree's code against an older commit's, as a ratio in one run.

A game is played through the real service pipeline (``Service.handle`` of a reply built like a
mail client's, the in-process outbox, the game's default mail setting, the players' turn files
off as in ``bench_round_trip.py``) the way a player answers: in Die Verbotene Stadt each turn sent
whole as a plan (the heuristic bot's slides), standing orders set in the first reply, the next
turn's plan queued (``NEXT``); in Forbidden City one placement a reply (the greedy bot). At chosen
numbers of decisions the game's data and keys directories are copied aside. Then, for each copy,
a fresh process with the old code and one with this tree's each answer the same next ``K``
replies (the same bytes: the same bots on the same record) on their own copy, and each reply's
CPU (``time.process_time`` around ``Service.handle``) is recorded; the two codes alternate, so a
busy machine slows both alike. Per cell: the first reply of the process (it reads and checks the
game once: a cron tick's cost) and the median of the others (a running daemon's, or a tick's
later replies), old and new, and their ratio. The older commit's ``pbem/`` and ``templates/``
come from ``git archive`` into a scratch folder; its modules are found first on ``PYTHONPATH``.

Run::

    nice -n 10 .venv/bin/python benchmarks/bench_reply_cost.py [--base REV] [--replies K]
        [--games vs,fc] [--players 3,4] [--at vs:50,400,1000] [--at fc:10,40,70] [--rounds R]
        [--keep DIR]

(defaults: ``--base 5e4cf03`` (main before this work), ``K = 12``, both games, 4 players, DVS at
decisions 50, 400 and 1,000, Forbidden City at 10, 40 and 70, one round; about 5 minutes on an
idle core). ``--base HEAD`` measures this tree against itself (the noise); ``--keep DIR`` keeps
the copies in ``DIR`` and takes those already there.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import policy
from email.parser import BytesHeaderParser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "service"))

SERVICE = "service@pbem.test"
GM = "gm@pbem.test"
NAMES = ["Ann", "Bob", "Cy", "Di"]
GAMES = {"vs": "verbotene-stadt", "fc": "forbidden-city"}
SEED = 11


@dataclass
class Table:
    """What a measuring process needs besides the directories: the game, the clock, the mails
    each seat answers next (their headers), and which seats set their standing orders."""

    game_id: str
    game: str
    now: str
    step: int
    last: list[dict[str, str] | None]
    standing_sent: list[bool] = field(default_factory=list)


def _tmp() -> tempfile.TemporaryDirectory[str]:
    shm = Path("/dev/shm")
    return tempfile.TemporaryDirectory(prefix="bench-reply-", dir=shm if shm.is_dir() else None)


class Player:
    """The service over ``root`` (``keys/`` and ``games/``) and the players' side of the mail."""

    def __init__(self, root: Path, table: Table | None, game: str = "", n: int = 0) -> None:
        from pbem.mail.outbox import Outbox
        from pbem.service import Policy, Service
        from pbem.service.prefs import TurnFiles
        from pbem.store import Keyring, Store

        if table is None:
            keyring = Keyring.create(root / "keys", data_dir=root / "games")
        else:
            keyring = Keyring.load(root / "keys")
        self.store = Store(root / "games", keyring)
        self.outbox = Outbox(root / "games", keyring)
        self.now = datetime(2026, 11, 26, 8, 0, tzinfo=UTC)
        self.svc = Service(self.store, self.outbox, Policy(SERVICE, GM), lambda: self.now)
        self.parser = BytesHeaderParser(policy=policy.compat32)
        if table is None:
            players = [(NAMES[i], f"{NAMES[i].lower()}@example.org") for i in range(n)]
            for _, addr in players:
                self.svc.prefs.set_files(addr, TurnFiles.OFF)
            self.gid = self.store.create(game, players, {"privacy": "plain"}, SEED, self.now)
            self.svc.flush_journal()
            self.addrs = [a for _, a in players]
            self.last: list[dict[str, str] | None] = [None] * n
            self.standing_sent = [False] * n
            self.step = 0
            self.deliver()
        else:
            self.gid = table.game_id
            self.now = datetime.fromisoformat(table.now)
            self.addrs = [f"{NAMES[i].lower()}@example.org" for i in range(len(table.last))]
            self.last = table.last
            self.standing_sent = table.standing_sent
            self.step = table.step

    def table(self) -> Table:
        game = self.store.load(self.gid, verify=False).game.name
        return Table(self.gid, game, self.now.isoformat(), self.step, self.last, self.standing_sent)

    def deliver(self) -> None:
        """Send every queued mail; each seat answers the last game mail it got (not the receipt
        of a queued move or of standing orders, whose text quotes the order)."""
        for e in self.outbox.pending():
            raw = self.parser.parsebytes(self.outbox.message(e))
            m = {k: " ".join(str(v).split()) for k, v in raw.items()}
            self.outbox.mark_sent(e, self.now)
            for i, a in enumerate(self.addrs):
                if a in m["To"] and not any(
                    w in m["Subject"] for w in ("queued move", "standing orders")
                ):
                    self.last[i] = m

    def next_reply(self) -> tuple[int, bytes] | None:
        """The next reply a player sends (None: the game is over)."""
        from email.message import EmailMessage

        from helpers import reply  # the tests' own: a reply as a mail client writes it

        rec = self.store.load(self.gid, verify=False)
        if rec.envelope.status != "active" or not rec.pending():
            return None
        seat = rec.pending()[0].seat
        body = _body(rec, seat, self.step, not self.standing_sent[seat])
        self.standing_sent[seat] = True
        to = EmailMessage()
        last = self.last[seat]
        assert last is not None, f"seat {seat} owes a decision but got no mail"
        for k in ("From", "Subject", "Message-ID", "References"):
            if k in last:
                to[k] = last[k]
        return seat, reply(to, self.addrs[seat], body, quote=False)

    def answer(self, raw: bytes) -> float:
        """Hand one reply to the service; its CPU seconds."""
        self.now += timedelta(hours=1)
        t = time.process_time()
        out = self.svc.handle(raw)
        cpu = time.process_time() - t
        if out.reason not in ("applied", "answered"):
            raise RuntimeError(f"reply {self.step} refused: {out}")
        self.step += 1
        self.svc.send_digests()
        self.deliver()
        return cpu


def _body(rec: Any, seat: int, step: int, first: bool) -> str:
    """What the player writes: in Die Verbotene Stadt the whole turn and the next one queued (a
    move), standing orders in the first reply; else the bot's decision."""
    from pbem.rules.base import derive_rng

    game, state = rec.game, rec.state
    rng = derive_rng(SEED, "reply", step)
    kind = next(d.kind for d in rec.pending() if d.seat == seat)
    if game.name != "verbotene-stadt":
        return str(game.notation(game.bots()["greedy"].choose(game, state, seat, rng)))
    if kind == "move":
        body = "; ".join(_plan(game, state, seat, rng))
        after = _after(game, state, seat, body)
        if after is not None:
            body += "\nNEXT " + "; ".join(_plan(game, after, seat, rng))
    else:
        body = str(game.notation(game.bots()["heuristic"].choose(game, state, seat, rng)))
    if first:
        n = len(rec.seat_names())
        others = " ".join(rec.seat_names()[(seat + o) % n] for o in range(1, n))
        body += f"\nSTANDING CLAIM BELIEVE STEAL {others} RESELECT NEAREST"
    return body


def _plan(game: Any, state: Any, seat: int, rng: random.Random) -> list[str]:
    """A whole turn: each slide the heuristic bot's on the position the earlier ones leave under
    a die that lets the turn go on."""
    from pbem.service.plans import turn_goes_on

    bot = game.bots()["heuristic"]
    out: list[str] = []
    for _ in range(4):
        action = bot.choose(game, state, seat, rng)
        text = str(game.notation(action))
        out.append(text)
        if getattr(action, "mode", "") or _last_slide(game, state):
            break
        nxt = turn_goes_on(game, state, seat, "move", action, text)
        if nxt is None:
            break
        state = nxt
    return out


def _last_slide(game: Any, state: Any) -> bool:
    return bool(state.bonus_move) or state.move_no + 1 >= game.board.max_moves


def _after(game: Any, state: Any, seat: int, plan: str) -> Any | None:
    """The board after ``plan`` under dice that let it run, at the start of the seat's next turn
    (the others' moves left out), or None."""
    import msgspec

    from pbem.rules.base import RuleError, derive_rng
    from pbem.service.plans import turn_goes_on

    for part in plan.split("; "):
        try:
            action = game.parse(state, seat, part)
        except RuleError:
            return None
        nxt = (
            None
            if _last_slide(game, state)
            else turn_goes_on(game, state, seat, "move", action, part)
        )
        if nxt is None:
            state = game.apply(state, seat, action, derive_rng(0, "bench", part))[0]
            break
        state = nxt
    if state.phase != "move":
        return None
    return msgspec.structs.replace(state, active=seat, move_no=0, bonus_move=False)


# ---------------------------------------------------------------------------- the two phases


def build(game: str, n: int, marks: list[int], out: Path) -> dict[int, Path]:
    """Play one game through the pipeline; copy its directories aside when the record holds
    ``marks`` decisions (or first passes one: a plan plays several). Returns mark -> copy (the
    copies already in ``out`` are taken as they are)."""
    have = {m: out / f"{game}{n}-{m}" for m in marks if (out / f"{game}{n}-{m}").is_dir()}
    if len(have) == len(marks):
        return have
    with _tmp() as d:
        root = Path(d)
        p = Player(root, None, GAMES[game], n)
        copies: dict[int, Path] = {}
        todo = sorted(marks)
        while todo:
            moves = p.store.load(p.gid, verify=False).envelope.moves
            if moves >= todo[0]:
                mark = todo.pop(0)
                dest = out / f"{game}{n}-{mark}"
                shutil.copytree(root, dest)
                (dest / "table.json").write_text(json.dumps(p.table().__dict__))
                copies[mark] = dest
                print(f"  {game} {n}p: copied at decision {moves} (mark {mark})", flush=True)
                continue
            nxt = p.next_reply()
            if nxt is None:
                print(f"  {game} {n}p: the game ended at decision {moves}", flush=True)
                break
            p.answer(nxt[1])
        return copies


def measure(src: Path, k: int) -> list[float]:
    """In this process (whichever code ``pbem`` is): answer ``k`` replies on a copy of ``src``."""
    with _tmp() as d:
        root = Path(d) / "c"
        shutil.copytree(src, root)
        table = Table(**json.loads((root / "table.json").read_text()))
        p = Player(root, table)
        out = []
        for _ in range(k):
            nxt = p.next_reply()
            if nxt is None:
                break
            out.append(p.answer(nxt[1]))
        return out


def _child(code: Path | None, src: Path, k: int) -> list[float]:
    env = dict(os.environ)
    if code is not None:
        env["PYTHONPATH"] = str(code)
        env["PBEM_TEMPLATES"] = str(code / "templates")
    res = subprocess.run(
        [sys.executable, __file__, "--measure", str(src), str(k)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if res.returncode != 0:
        raise RuntimeError(f"measuring {src} with {code or 'this tree'}:\n{res.stderr[-3000:]}")
    return [float(x) for x in json.loads(res.stdout.strip().splitlines()[-1])]


def _old_tree(rev: str, where: Path) -> Path:
    """``pbem/`` and ``templates/`` of ``rev``, for ``PYTHONPATH``."""
    dest = where / f"old-{rev}"
    dest.mkdir()
    arch = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "pbem", "templates"],
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=arch, check=True)
    return dest


def _arg(flag: str, default: str) -> list[str]:
    args = sys.argv[1:]
    found = [args[i + 1] for i, a in enumerate(args[:-1]) if a == flag]
    return found or [default]


def main() -> None:
    # Long on purpose: the run's plan, its two phases and the table, in order.
    base = _arg("--base", "5e4cf03")[0]
    k = int(_arg("--replies", "12")[0])
    games = _arg("--games", "vs,fc")[0].split(",")
    counts = [int(c) for c in _arg("--players", "4")[0].split(",")]
    rounds = int(_arg("--rounds", "1")[0])
    at = {"vs": [50, 400, 1000], "fc": [10, 40, 70]}
    for spec in _arg("--at", ""):
        if spec:
            g, _, marks = spec.partition(":")
            at[g] = [int(m) for m in marks.split(",")]
    t0 = time.perf_counter()
    keep = _arg("--keep", "")[0]
    with _tmp() as d:
        work = Path(d)
        old = _old_tree(base, work)
        if keep:  # the copies kept between runs (built once)
            work = Path(keep)
            work.mkdir(parents=True, exist_ok=True)
        cells = []
        for g in games:
            for n in counts:
                cells += [(g, n, m, c) for m, c in sorted(build(g, n, at[g], work).items())]
        print(f"built in {time.perf_counter() - t0:.0f} s; base {base}, {k} replies a cell")
        rows = []
        for g, n, mark, copy in cells:
            olds: list[list[float]] = []
            news: list[list[float]] = []
            for _ in range(rounds):
                olds.append(_child(old, copy, k))
                news.append(_child(None, copy, k))
            o_first = statistics.median(r[0] for r in olds)
            n_first = statistics.median(r[0] for r in news)
            o_mid = statistics.median(x for r in olds for x in r[1:])
            n_mid = statistics.median(x for r in news for x in r[1:])
            row = (g, n, mark, o_first, n_first, o_mid, n_mid)
            rows.append(row)
            print(
                f"{g} {n}p at decision {mark:>5}: first reply {o_first * 1000:7.1f} -> "
                f"{n_first * 1000:7.1f} ms ({o_first / n_first:4.1f}x); later replies "
                f"{o_mid * 1000:6.1f} -> {n_mid * 1000:6.1f} ms ({o_mid / n_mid:4.1f}x)",
                flush=True,
            )
    print(f"wall {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--measure":
        print(json.dumps(measure(Path(sys.argv[2]), int(sys.argv[3]))))
    else:
        main()
