"""Benchmark (issue 25): the round trips a game of Die Verbotene Stadt costs its players, today and
with a whole turn in one reply, standing orders and the game's default mail setting.

Bots answer each mail the way a player would, through the real service pipeline (``Service.handle``
of a reply built like a mail client's: In-Reply-To, References, a quote; the in-process outbox), in
simulated time: each reply comes a delay after the mail that asked for it, drawn from an
exponential distribution with mean ``MEAN_DELAY_H`` hours (seeded), and the digests fall due in
that time too (``Service.send_digests`` at each step).

- ``decisions``: today's replies without the pipeline: one reply per decision is what the service
  asked before issue 25, so a player's replies are the decisions the game asks of that seat (the
  heuristic bot plays the engine straight; about 4 s a game; no mails counted);
- ``today``: the same through the pipeline, a mail for every move (``mail=every``, the setting of
  every game before issue 25): replies and mails;
- ``plans``: the game's default mail setting (DIGEST for Die Verbotene Stadt), standing orders
  set once in the first reply (``STANDING CLAIM BELIEVE STEAL <the others> RESELECT KEEP``: the
  heuristic bot believes three claims in four, and keeps its selection unless it was exiled or
  is far from the pavilion just entered, whose die is rolled again right after), each turn sent
  whole as a plan and the next turn's plan queued with it (``NEXT ...``, read on the board this
  turn leaves). The plan is the heuristic bot's own slides, each chosen on the position the
  earlier ones leave under a die that lets the turn go on (what a player reading the board
  does), written before the dice: a slide of the seat's own official toward the pavilion is
  written as the move toward the active pavilion (``RK pavilion``, read when it is played, so it
  follows a pavilion die), as is another official's slide when it reads as that very slide;
  after a bluff the plan adds the believed bluff's extra move (``RK pavilion``). The heuristic
  bot's strategy, then, written once a turn (``_plan``, ``_next_turn``);
  Fourth round: the bots queue ``LATER`` more turns after the next (``NEXT <plan> NEXT <plan>
  NEXT <plan>``, each the bot's plan on the board the turn before leaves) and set ``STANDING
  BLOCKED PAVILION`` with their other standing orders (a slide illegal when its turn comes is
  their official's move toward the pavilion, the plan going on). Fifth round: a helper's slide
  (another official toward a field beside the active threshold, the heuristic bot's move when its
  own official cannot get nearer) is written as the helper's move toward the door (``BG door``,
  read when it is played) when that reads as a slide ending as near the door; in a queued turn
  a slide still written with directions (no claim: the bot's filler move on the board it
  pictured) is written as their official's move toward the pavilion; and the bots set
  ``STANDING BLOCKED PAVILION DOOR ANY`` (a slide illegal when played: their official toward
  the pavilion, or when it cannot get nearer, another official toward the door, or else a move
  of the official farthest from entering; never asked). Settings to try follow a slash:
  ``plans/later=1/blocked=0/form=lead/door=0/filler=0`` (``form=lead``: each later turn only up
  to its first slide written with directions; ``blocked=1``: the fourth round's ``BLOCKED
  PAVILION``, ``2``: ``BLOCKED PAVILION DOOR``; ``door=0``: helpers' slides with their
  directions; ``filler=0``: queued filler slides with their directions);
- ``plans-nonext``: the same without the queued next turn;
- ``engine-plans`` (and ``engine-plans-nonext``): the same bots and the service's rules for plans,
  queued turns and standing orders on the engine, without mail (``play_engine``): a quick
  simulation to iterate on the bots and compare game lengths with ``decisions``; settings to try
  follow a slash (``engine-plans/queue=steer/reselect=nearest/others=0/door=0/fb=1/filler=0``;
  ``fb`` as the pipeline's ``blocked``). The figures of the issue come through the pipeline.

Per player and game: replies, mails received, own turns (a turn begins when the game asks the
seat for the first slide of its turn: the engine's ``turn`` events in the log), and what the
replies answered. Each game is printed as it ends (a run cut short still says something). Run::

    nice -n 10 .venv/bin/python benchmarks/bench_round_trip.py [games] [modes] [today games] \
        [players] [--jobs N]

(default 50 games, modes ``decisions,today,plans`` (``both``); ``modes`` is a comma-separated list;
a third argument sets the number of ``today`` games, which cost about three times as many
replies; a fourth the player counts, ``3,4`` by default; ``--jobs`` plays that many games at once,
in processes, game by game across the cells). Forbidden City::

    nice -n 10 .venv/bin/python benchmarks/bench_round_trip.py fc [games] [players] [--jobs N]

What a game costs here: through the pipeline, after the cheaper reply of 2026-11-26 (wt-26), a
Die Verbotene Stadt game of the plan bots took about 4 minutes of wall time per process on the
shared machine (load average 11 on 2 cores) and a Forbidden City game about 15 s; the turn files
are off (``MAIL FILES OFF``; headers only), the store's scratch folder is in ``/dev/shm``.
``decisions`` and ``engine-plans`` give today's side and the bots' game lengths for 50 games in
minutes.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import dataclasses
import heapq
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email import policy
from email.parser import BytesHeaderParser
from pathlib import Path
from typing import Any

import msgspec

from pbem.mail.outbox import Outbox
from pbem.rules import find_game
from pbem.rules.base import RuleError, derive_rng
from pbem.rules.verbotene_stadt.bots import blocker_cells, entry_distances
from pbem.rules.verbotene_stadt.engine import trace
from pbem.service import Policy, Service
from pbem.service.plans import turn_goes_on
from pbem.service.prefs import TurnFiles
from pbem.store import Keyring, Store
from pbem.store.payloads import ActionLine

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "service"))
from helpers import reply  # noqa: E402 - a reply as a mail client writes it (the tests' own)

SERVICE = "service@pbem.test"
GM = "gm@pbem.test"
MEAN_DELAY_H = 3.0
SEED0 = 1000
"""The first game's seed (Die Verbotene Stadt; Forbidden City's games start at 2000)."""
CLAIM, RESELECT, QUEUE = "BELIEVE", "KEEP", "full"
LATER = 2
"""Turns a bot queues after the next one (``NEXT <plan> NEXT <plan> ...``)."""
BLOCKED = "3"
"""What the bots set for a slide illegal when played: ``1``, ``STANDING BLOCKED PAVILION`` (the
move of their official toward the pavilion instead); ``2`` (fifth round), ``STANDING BLOCKED
PAVILION DOOR`` (that, or when it cannot get nearer, another official's move toward the door:
``RK pavilion or door``); ``3`` (the fifth round's final), ``STANDING BLOCKED PAVILION DOOR ANY``
(those, or when neither can be played, a move of the official farthest from the pavilion, never
asked: ``RK pavilion or door or any``); ``0``, none."""
OTHERS = True
CUT = False
DOOR = True
FILLER = True
"""Whether a queued turn's slides with directions (no claim) are written toward the pavilion."""
"""Whether the bots write another official's slide toward the door as ``XX door`` (fifth
round)."""
"""Whether the bots write another official's slide toward the pavilion when it reads so."""
"""The plan bots' standing orders for a claim and a reselection (with STEAL: the others in turn
order), set once in their first reply; and what they queue for the next turn (``_next_turn``)."""
"""Mean reply delay (hours) of the exponential distribution of the simulation."""
NAMES = ["Ann", "Bob", "Cy", "Di"]


class SimClock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 26, 8, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Seat:
    addr: str
    last: Any = None
    """The headers of the last mail to answer."""
    replies: int = 0
    mails: int = 0
    turns: int = 0
    standing_sent: bool = False


@dataclass
class Result:
    n: int
    replies: list[int] = field(default_factory=list)
    mails: list[int] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)
    decisions: int = 0
    days: float = 0.0
    refused: int = 0
    """Replies refused (a plan read as the service's own text, sent again)."""
    asked: Counter[str] = field(default_factory=Counter)
    """What the replies answered: a turn's start, a move within a turn, a bluff's extra move,
    or another decision (select, steal, ...)."""


def _deliver(outbox: Outbox, parser: Any, seats: list[Seat], now: datetime) -> None:
    """Send every queued mail: count it for its reader, who answers the game's mail next time,
    not the receipt of an order (whose text quotes the order: the reply reader would drop a
    line that repeats it). Only the headers are read (a reply without a quote needs no more):
    reading every mail whole was a tenth of the benchmark's time."""
    for e in outbox.pending():
        raw = parser.parsebytes(outbox.message(e))
        m = {k: " ".join(str(v).split()) for k, v in raw.items()}
        outbox.mark_sent(e, now)
        for s in seats:
            if s.addr in str(m["To"]):
                s.mails += 1
                subject = str(m["Subject"])
                if "queued move" not in subject and "standing orders" not in subject:
                    s.last = m


def _plan(game: Any, state: Any, seat: int, rng: random.Random, steer: bool = True) -> list[str]:
    """The bot's whole turn: each slide chosen on the position the earlier ones leave, supposing
    the fate die lets the turn go on; it ends at an entry or when no die would. With ``steer``,
    a slide of the seat's own official toward the pavilion (or into it) is written as the move
    toward the active pavilion (``RK pavilion``), read when it is played: what a player means by
    it, and it holds when a pavilion die rolls another pavilion before it."""
    bot = game.bots()["heuristic"]
    out: list[str] = []
    for _ in range(4):
        action = bot.choose(game, state, seat, rng)
        text = game.notation(action)
        mine, who = state.selections[seat], getattr(action, "official", -1)
        if steer and who >= 0 and action.mode != "claim":
            toward = game.board.official_code(who) + " pavilion"
            # When it cannot get nearer (refused): the bot's own slide, as chosen. Another
            # official's slide is written so when it reads as the very slide chosen (the
            # heuristic bot's move beside the door, toward the pavilion).
            with contextlib.suppress(RuleError):
                read = game.parse(state, seat, toward)
                if who == mine or (OTHERS and read == action):
                    action, text = read, toward
            if DOOR and who != mine and not text.endswith(" pavilion"):
                # Another official's slide toward a field beside the door (the heuristic bot's
                # helper move) is written as the helper's move toward the door, read when it is
                # played: when it reads as a slide that ends as near the door as the bot's.
                door = game.board.official_code(who) + " door"
                with contextlib.suppress(RuleError):
                    read = game.parse(state, seat, door)
                    if _door_slides(game, state, read) == _door_slides(game, state, action):
                        action, text = read, door
        if CUT and out and not text.endswith(" pavilion"):
            break  # a slide with directions after the first die: the seat is asked then
        out.append(text)
        if getattr(action, "mode", "") == "claim" and mine >= 0 and who != mine:
            # A bluff: if everybody believes it, the one extra move (the plan goes on then).
            out.append(game.board.official_code(mine) + " pavilion")
        if getattr(action, "mode", "") or _last_move(game, state):
            break
        nxt = turn_goes_on(game, state, seat, "move", action, text)
        if nxt is None:
            break
        state = nxt
    return out


def _door_slides(game: Any, state: Any, move: Any) -> int:
    """The slides a move leaves its official from a field beside the active threshold."""
    fields = frozenset(blocker_cells(game.board, state))
    end = trace(game.board, state, move).end
    dist = entry_distances(game.board, state, move.official, targets=fields, depth=64)
    return dist[end] if end >= 0 else -1


def _next_turn(
    game: Any, state: Any, seat: int, texts: list[str], rng: random.Random, how: str = ""
) -> list[str] | None:
    """The next turn's plan a bot queues with this turn's (``NEXT``), read on the board this
    turn leaves (the others' moves and the pavilion dice in between are unknown), or None.
    ``QUEUE`` says which: ``full``, the bot's plan on that board; ``prefix``, its slides written
    toward the pavilion up to the first written with directions (a slide with directions is
    read against the board it was chosen on, which will have changed); ``steer``, four slides of
    its own official toward the pavilion."""
    how = how or QUEUE
    after = _after(game, state, seat, "; ".join(texts))
    if after is None:
        return None
    if how == "none":
        return None
    if how == "steer":
        mine = state.selections[seat]
        return [game.board.official_code(mine) + " pavilion"] * 4 if mine >= 0 else None
    nxt = _plan(game, after, seat, rng)
    if FILLER and after.selections[seat] >= 0:
        # A slide still written with its directions (no claim) is written toward the pavilion.
        own = game.board.official_code(after.selections[seat]) + " pavilion"
        nxt = [t if t.endswith((" pavilion", " door")) or "claim" in t else own for t in nxt]
    if how == "lead":  # from its first slide toward the pavilion on
        nxt = nxt[next((i for i, t in enumerate(nxt) if t.endswith(" pavilion")), len(nxt)) :]
    if how == "prefix":
        nxt = nxt[: next((i for i, t in enumerate(nxt) if not t.endswith(" pavilion")), len(nxt))]
    return nxt or None


def _later_turns(
    game: Any, state: Any, seat: int, texts: list[str], nxt: list[str], rng: random.Random, k: int
) -> list[list[str]]:
    """The ``k`` turns a bot queues after the next one (``NEXT ... NEXT ...``): each the bot's
    plan on the board the one before leaves (staler each turn: a slide that is illegal then is
    played as the seat's official's move toward the pavilion, ``STANDING BLOCKED PAVILION``)."""
    out: list[list[str]] = []
    at, prev = _after(game, state, seat, "; ".join(texts)), nxt
    for _ in range(k):
        nx = _next_turn(game, at, seat, prev, rng) if at is not None else None
        if not nx:
            break
        out.append(nx)
        at, prev = _after(game, at, seat, "; ".join(prev)), nx
    return out


def _lead(texts: list[str]) -> list[str]:
    """A plan's slides up to the first written with directions."""
    return texts[
        : next((i for i, t in enumerate(texts) if not t.endswith(" pavilion")), len(texts))
    ]


def _last_move(game: Any, state: Any) -> bool:
    """No die lets the turn go on after this move (the turn's last, or a bluff's extra move):
    no throwaway dice tried (they were a third of the benchmark's time)."""
    return bool(state.bonus_move) or state.move_no + 1 >= game.board.max_moves


def _after(game: Any, state: Any, seat: int, plan: str) -> Any | None:
    """The board after ``plan`` under dice that let it run, with the seat to move at the start
    of a turn again (the others' moves left out), or None when it cannot be pictured."""
    for part in plan.split("; "):
        try:
            action = game.parse(state, seat, part)
        except RuleError:
            return None
        nxt = (
            None
            if _last_move(game, state)
            else turn_goes_on(game, state, seat, "move", action, part)
        )
        if nxt is None:
            after, _events = game.apply(state, seat, action, derive_rng(0, "bench", part))
            state = after
            break
        state = nxt
    if state.phase != "move":
        return None
    return msgspec.structs.replace(state, active=seat, move_no=0, bonus_move=False)


def _service(tmp: Path, players: list[tuple[str, str]]) -> tuple[SimClock, Store, Outbox, Service]:
    """A service in ``tmp`` on the simulated clock (no fsync: a benchmark of round trips), the
    players' turn files off (``MAIL FILES OFF``: an attachment changes no count, and building
    one per turn mail was a tenth of the time)."""
    clock = SimClock()
    keyring = Keyring.create(tmp / "keys", data_dir=tmp / "games")
    store = Store(tmp / "games", keyring, fsync=False)
    outbox = Outbox(tmp / "games", keyring, fsync=False)
    svc = Service(store, outbox, Policy(SERVICE, GM), clock)
    for _name, addr in players:
        svc.prefs.set_files(addr, TurnFiles.OFF)
    return clock, store, outbox, svc


def _tmp() -> tempfile.TemporaryDirectory[str]:
    """A scratch folder in memory where there is one (the store's renames cost 8 ms on disk)."""
    shm = Path("/dev/shm")
    return tempfile.TemporaryDirectory(dir=shm if shm.is_dir() else None)


def play(seed: int, n: int, mode: str, tmp: Path, limit: int = 5000) -> Result:
    """One game; returns the per-seat counts (``limit``: replies at most, for a profile)."""
    # Long on purpose: the whole simulated game, mails and replies, in one loop.
    mode, *sets = mode.split("/")  # settings to try: plans/later=1/blocked=0
    how = dict(x.split("=", 1) for x in sets)
    later, blocked = int(how.get("later", LATER)), how.get("blocked", BLOCKED)
    global DOOR, FILLER
    DOOR = how.get("door", "1" if DOOR else "0") == "1"
    FILLER = how.get("filler", "1" if FILLER else "0") == "1"
    lead = how.get("form", "full") == "lead"
    """``form=lead``: each later turn only up to its first slide written with directions (the
    slides toward the pavilion, which follow a new pavilion; the rest is asked then)."""
    players = [(NAMES[i], f"{NAMES[i].lower()}@example.org") for i in range(n)]
    clock, store, outbox, svc = _service(tmp, players)
    options = {"privacy": "plain"}
    if mode == "today":
        options["mail"] = "every"
    gid = store.create("verbotene-stadt", players, options, seed, clock())
    svc.flush_journal()
    seats = [Seat(addr) for _, addr in players]
    rng = random.Random(seed * 31 + n)
    parser = BytesHeaderParser(policy=policy.compat32)
    due: list[tuple[datetime, int, int]] = []  # (when, tie-break, seat)
    scheduled: set[int] = set()
    result = Result(n)
    tick = 0
    start = clock.now

    def deliver() -> None:
        _deliver(outbox, parser, seats, clock.now)

    def look() -> Any:
        nonlocal tick
        rec = store.load(gid, verify=False)
        if rec.envelope.status != "active":
            return rec
        for d in rec.pending():
            if d.seat not in scheduled:
                scheduled.add(d.seat)
                delay = timedelta(hours=rng.expovariate(1 / MEAN_DELAY_H))
                tick += 1
                heapq.heappush(due, (clock.now + delay, tick, d.seat))
        return rec

    deliver()
    rec = look()
    steps = 0
    while due and rec.envelope.status == "active" and steps < limit:
        when, _, seat = heapq.heappop(due)
        scheduled.discard(seat)
        clock.now = max(clock.now, when)
        svc.send_digests()
        deliver()
        rec = store.load(gid, verify=False)
        kind = next((d.kind for d in rec.pending() if d.seat == seat), None)
        if kind is None:
            rec = look()
            continue
        s = seats[seat]
        game, state = rec.game, rec.state
        if kind != "move":
            result.asked[kind] += 1
        else:
            result.asked[
                "extra move"
                if state.bonus_move
                else "turn start"
                if state.move_no == 0
                else "mid-turn"
            ] += 1
        brng = derive_rng(seed, "reply", steps)
        if mode.startswith("plans") and kind == "move":
            texts = _plan(game, state, seat, brng)
            body = "; ".join(texts)
            nxt = _next_turn(game, state, seat, texts, brng) if mode == "plans" else None
            if nxt:
                more = _later_turns(game, state, seat, texts, nxt, brng, later)
                if lead:
                    cut = [_lead(t) for t in more]
                    more = cut[: next((i for i, t in enumerate(cut) if not t), len(cut))]
                body += "\nNEXT " + " NEXT ".join("; ".join(t) for t in [nxt, *more])
        else:
            action = game.bots()["heuristic"].choose(game, state, seat, brng)
            body = game.notation(action)
        if mode.startswith("plans") and not s.standing_sent:
            others = " ".join(rec.seat_names()[o] for o in range(1, n) for o in [(seat + o) % n])
            body += f"\nSTANDING CLAIM {CLAIM} STEAL {others} RESELECT {RESELECT}"
            if blocked == "1":
                body += " BLOCKED PAVILION"
            if blocked == "2":
                body += " BLOCKED PAVILION DOOR"
            if blocked == "3":
                body += " BLOCKED PAVILION DOOR ANY"
            s.standing_sent = True
        assert s.last is not None, f"seat {seat} owes {kind} but got no mail"
        out = svc.handle(reply(s.last, s.addr, body, quote=False))
        s.replies += 1
        if out.reason != "applied" and mode.startswith("plans"):
            # A plan of six words or more that the answered mail repeats word for word (its echo
            # of the same plan last time) is read as quoted text: the player is told that no
            # command was found and sends it again, worded otherwise. Counted: a round trip.
            result.refused += 1
            deliver()
            out = svc.handle(reply(s.last, s.addr, body.replace("; ", " then "), quote=False))
            s.replies += 1
        if out.reason != "applied":
            raise RuntimeError(f"seed {seed} seat {seat}: {body!r} -> {out}")
        steps += 1
        deliver()
        rec = look()
    # The last digests and the game-over mails.
    clock.now += timedelta(days=1)
    svc.send_digests()
    deliver()
    assert steps == limit or rec.envelope.status == "ended", f"seed {seed}: the game did not end"
    result.replies = [s.replies for s in seats]
    result.mails = [s.mails for s in seats]
    # Own turns: the engine's "turn" events (each turn's start, queued ones included).
    turns = [0] * n
    for e in store.load(gid, verify=False).entries:
        if isinstance(e.payload, ActionLine):
            for ev in e.payload.events:
                if ev.kind == "turn":
                    turns[int(ev.data["seat"])] += 1
    result.turns = turns
    result.decisions = rec.envelope.moves
    result.days = (clock.now - start).total_seconds() / 86400
    return result


def summary(label: str, results: list[Result]) -> dict[str, float]:
    replies = [r for x in results for r in x.replies]
    mails = [m for x in results for m in x.mails]
    turns = [t for x in results for t in x.turns]
    per_turn = sum(replies) / sum(turns)
    mails_turn = sum(mails) / sum(turns)
    out = {
        "games": len(results),
        "replies_per_player": statistics.mean(replies),
        "mails_per_player": statistics.mean(mails),
        "turns_per_player": statistics.mean(turns),
        "replies_per_own_turn": per_turn,
        "mails_per_own_turn": mails_turn,
        "days": statistics.mean(x.days for x in results),
        "refused_per_player": sum(x.refused for x in results) / len(replies),
    }
    asked: Counter[str] = sum((x.asked for x in results), Counter())
    print(
        f"{label:<16} games {len(results):>3}  replies/player {out['replies_per_player']:7.1f}  "
        f"mails/player {out['mails_per_player']:7.1f}  own turns/player "
        f"{out['turns_per_player']:6.1f}  replies/own turn {per_turn:5.2f}  "
        f"mails/own turn {mails_turn:5.2f}  days {out['days']:6.1f}  "
        f"refused/player {out['refused_per_player']:.2f}",
        flush=True,
    )
    if asked:
        parts = ", ".join(f"{k} {v / len(replies):.1f}" for k, v in asked.most_common())
        print(f"{'':<16} replies/player by what they answered: {parts}", flush=True)
    return out


def play_decisions(seed: int, n: int) -> Result:
    """Today's replies without the pipeline: one reply per decision is what today's service
    asks, so a player's replies are the decisions the game asks of that seat. The same bot plays
    the engine straight (fifty games in a minute where the pipeline takes an hour); mails are not
    counted here (``today`` through the pipeline counts them)."""
    game = find_game("verbotene-stadt")
    state = game.setup(n, {}, seed)
    result = Result(n, replies=[0] * n, mails=[0] * n, turns=[0] * n)
    bot = game.bots()["heuristic"]
    for step in range(20000):
        pending = game.pending(state)
        if not pending:
            break
        d = pending[0]
        action = bot.choose(game, state, d.seat, derive_rng(seed, "reply", step))
        state, events = game.apply(state, d.seat, action, derive_rng(seed, "apply", step))
        result.replies[d.seat] += 1
        for ev in events:
            if ev.kind == "turn":
                result.turns[int(ev.data["seat"])] += 1
    assert game.result(state) is not None, f"seed {seed}: the game did not end"
    result.decisions = sum(result.replies)
    return result


def play_engine(seed: int, n: int, variant: str) -> Result:
    """The plan bots of ``plans`` (``variant`` ``plans``) or ``plans-nonext`` on the engine, with
    the service's rules for plans, queued turns and standing orders but no mail: a quick
    simulation to iterate on the bots (the figures reported come through the pipeline). A plan
    is played slide by slide while the seat owes a move of the same turn and the slide is legal;
    a queued turn at the turn's start while the seat's bribe is the one it was read against; the
    decisions the standing orders answer cost no reply."""
    # Long on purpose: the pipeline's rules for one game, in one loop.
    from pbem.service import standing

    # Settings to try (``plans/queue=steer/reselect=nearest``): the module's by default.
    variant, *sets = variant.split("/")
    how = dict(x.split("=", 1) for x in sets)
    global OTHERS, CUT, DOOR, FILLER
    OTHERS, CUT = how.get("others", "1") == "1", how.get("cut", "") == "1"
    FILLER = how.get("filler", "1" if FILLER else "0") == "1"
    DOOR = how.get("door", "1" if DOOR else "0") == "1"
    game = find_game("verbotene-stadt")
    state = game.setup(n, {}, seed)
    bot = game.bots()["heuristic"]
    result = Result(n, replies=[0] * n, mails=[0] * n, turns=[0] * n)
    plan: list[str] = []
    plan_seat = -1
    queue: dict[int, tuple[list[list[list[str]]], str]] = {}
    """Per seat: the queued turns (each its alternatives, each a plan) and the guard."""
    extra = int(how.get("then", str(LATER)))
    """Turns queued after the next one (the pipeline's ``later``)."""
    fallback = how.get("else", "") == "1"
    """An ELSE alternative of four slides toward the pavilion for each queued turn."""
    per_slide = how.get("fb", BLOCKED) in ("1", "2", "3")
    chain = how.get("fb", BLOCKED) in ("2", "3")
    """``STANDING BLOCKED PAVILION`` (the pipeline's ``blocked``)."""
    later_how = how.get("later", "full")
    """``full``: the bot's plans on the boards the turns before leave; ``steer``: four slides
    toward the pavilion."""

    def read(state: Any, seat: int, text: str) -> Any:
        """A slide as the service reads it (with ``fb``: the seat's own official toward the
        pavilion when the written slide is illegal)."""
        try:
            return game.parse(state, seat, text)
        except RuleError:
            mine = state.selections[seat]
            if not per_slide or mine < 0:
                raise
            toward = game.board.official_code(mine) + " pavilion"
            chained = " or door or any" if how.get("fb", BLOCKED) == "3" else " or door"
            action = game.parse(state, seat, toward + (chained if chain else ""))
            result.asked["fallback played"] += 1
            return action

    @dataclass
    class _Record:
        game: Any
        state: Any

    for step in range(30000):
        pending = game.pending(state)
        if not pending:
            break
        seat, kind = pending[0].seat, pending[0].kind
        brng = derive_rng(seed, "reply", step)
        action = None
        if kind == "move":
            why = "plan ran out"
            if plan and plan_seat == seat:
                text = plan.pop(0)
                try:
                    action = read(state, seat, text)
                except RuleError:
                    plan = []
                    why = "toward refused" if text.endswith(" pavilion") else "slide illegal"
            start = state.move_no == 0 and not state.bonus_move
            if action is None and start:
                why = "nothing queued"
            if action is None and start and seat in queue:
                turns, guard = queue.pop(seat)
                if turns[1:]:
                    queue[seat] = (turns[1:], guard)
                why = "queue: bribe changed"
                if game.plan_context(state, seat) == guard:
                    why = "queue: first refused"
                    for k, texts in enumerate(turns[0]):
                        try:
                            action = read(state, seat, texts[0])
                        except RuleError:
                            continue
                        plan, plan_seat = texts[1:], seat
                        if k:
                            result.asked["queue: else played"] += 1
                        break
                if action is None:
                    queue.pop(seat, None)  # the service empties a queue it could not play
            if action is None:
                kind_of = (
                    "extra move" if state.bonus_move else "turn start" if start else "mid-turn"
                )
                result.asked[kind_of] += 1
                if not state.bonus_move:
                    result.asked[f"{kind_of}: {why}"] += 1
                result.replies[seat] += 1
                texts = _plan(game, state, seat, brng)
                queue.pop(seat, None)
                nxt = _next_turn(game, state, seat, texts, brng, how.get("queue", QUEUE))
                if variant == "plans" and nxt:
                    mine = state.selections[seat]
                    steer = [game.board.official_code(mine) + " pavilion"] * 4 if mine >= 0 else []
                    first = [nxt, steer] if fallback and steer else [nxt]
                    later = [[steer]] * extra if steer else []
                    if later_how == "full":
                        more = _later_turns(game, state, seat, texts, nxt, brng, extra)
                        later = [[nx, steer] if fallback and steer else [nx] for nx in more]
                    queue[seat] = ([first, *later], game.plan_context(state, seat))
                action, plan, plan_seat = game.parse(state, seat, texts[0]), texts[1:], seat
        else:
            orders = standing.Orders(
                claim=how.get("claim", CLAIM).lower(),
                steal=[(seat + k) % n for k in range(1, n)],
                reselect=how.get("reselect", RESELECT).lower(),
            )
            action = standing.action_for(_Record(game, state), seat, kind, orders)  # type: ignore[arg-type]
            if action is None:
                action = bot.choose(game, state, seat, brng)
                result.replies[seat] += 1
                result.asked[kind] += 1
        state, events = game.apply(state, seat, action, derive_rng(seed, "apply", step))
        for ev in events:
            if ev.kind == "turn":
                result.turns[int(ev.data["seat"])] += 1
            if ev.kind in ("turn", "turn-over"):
                plan = []  # what the store's plan does: it stops at the end of the turn
    assert game.result(state) is not None, f"seed {seed}: the game did not end"
    result.decisions = step
    return result


def _one(job: tuple[str, int, int]) -> tuple[str, int, int, Result]:
    """One game of a cell (``mode``, ``seed``, ``n``): run in a worker with ``--jobs``."""
    mode, seed, n = job
    if mode == "decisions":
        return mode, seed, n, play_decisions(seed, n)
    if mode.startswith("engine-"):
        return mode, seed, n, play_engine(seed, n, mode.removeprefix("engine-"))
    with _tmp() as d:
        if mode.startswith("fc-"):
            return mode, seed, n, play_fc(seed, n, mode == "fc-queued", Path(d))
        return mode, seed, n, play(seed, n, mode, Path(d))


def run(jobs_list: list[tuple[str, int, int]], jobs: int) -> dict[tuple[str, int], list[Result]]:
    """Every game, ``jobs`` at a time (each printed as it ends); the results per cell, in seed
    order."""
    done: dict[tuple[str, int], list[tuple[int, Result]]] = {}

    def note(mode: str, seed: int, n: int, r: Result) -> None:
        done.setdefault((mode, n), []).append((seed, r))
        print(
            f"  {mode} {n}p seed {seed}: replies {r.replies} mails {r.mails} own turns {r.turns} "
            f"days {r.days:.1f} asked {dict(r.asked)}",
            flush=True,
        )

    if jobs <= 1:
        for job in jobs_list:
            note(*_one(job))
    else:
        with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
            for fut in concurrent.futures.as_completed([pool.submit(_one, j) for j in jobs_list]):
                note(*fut.result())
    return {k: [r for _s, r in sorted(v, key=lambda x: x[0])] for k, v in done.items()}


def main(argv: list[str]) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("games", nargs="?", type=int, default=50)
    ap.add_argument("modes", nargs="?", default="both")
    ap.add_argument("today_games", nargs="?", type=int, default=None)
    ap.add_argument("players", nargs="?", default="3,4")
    ap.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    ap.add_argument(
        "--first",
        type=int,
        default=0,
        help="the first game's number (seed SEED0 + it): a run cut short goes on where it stopped",
    )
    args = ap.parse_args(argv)
    modes = ["decisions", "today", "plans"] if args.modes == "both" else args.modes.split(",")
    counts = [int(c) for c in args.players.split(",")]
    today = args.today_games if args.today_games is not None else args.games
    t0 = time.perf_counter()
    # Game by game across the cells (a run cut short has every cell).
    jobs_list = [
        (mode, SEED0 + g, n)
        for g in range(args.first, max(args.games, today))
        for n in counts
        for mode in modes
        if g < (today if mode == "today" else args.games)
    ]
    cells = run(jobs_list, args.jobs)
    table = {
        (mode, n): summary(f"{mode} {n}p", cells[(mode, n)])
        for n in counts
        for mode in modes
        if (mode, n) in cells
    }
    for n in counts:
        base = "decisions" if ("decisions", n) in table else "today"
        for plan in [m for m in modes if m.startswith(("plans", "engine-"))]:
            if (base, n) in table and (plan, n) in table:
                a, b = table[(base, n)], table[(plan, n)]
                print(
                    f"{n} players, {plan}: replies per player {a['replies_per_player']:.1f} -> "
                    f"{b['replies_per_player']:.1f} "
                    f"({a['replies_per_player'] / b['replies_per_player']:.2f}x fewer); "
                    f"own turns per player {a['turns_per_player']:.1f} -> "
                    f"{b['turns_per_player']:.1f}; mails per player "
                    f"{a['mails_per_player']:.1f} -> {b['mails_per_player']:.1f}"
                )
    print(f"wall {time.perf_counter() - t0:.0f} s")


# ---------------------------------------------------------------------------------- Forbidden City


def _fc_choice(game: Any, state: Any, seat: int, rng: random.Random) -> list[str]:
    """The bot's placement of the tile in its hand on today's board, as if its turn had come
    (the others' tiles to come are unknown): its choice first, then another legal one."""
    pictured = dataclasses.replace(state, to_move=seat)
    legal = [game.notation(a) for a in game.legal(pictured, seat)]
    if not legal:
        return []
    first = game.notation(game.bots()["greedy"].choose(game, pictured, seat, rng))
    others = [m for m in legal if m != first]
    return [first, *([rng.choice(others)] if others else [])]


def play_fc(seed: int, n: int, queue: bool, tmp: Path) -> Result:
    """One game of Forbidden City in simulated time: each reply comes a delay after the mail it
    answers. With ``queue``, a player who has just moved reads the next mail (it shows the new
    tile in hand) and queues its placement (``NEXT ... ELSE ...``), played the moment the turn
    comes if still legal."""
    # Long on purpose: the whole simulated game, mails and replies, in one loop.
    players = [(NAMES[i], f"{NAMES[i].lower()}@example.org") for i in range(n)]
    clock, store, outbox, svc = _service(tmp, players)
    gid = store.create("forbidden-city", players, {"privacy": "plain"}, seed, clock())
    svc.flush_journal()
    seats = [Seat(addr) for _, addr in players]
    rng = random.Random(seed * 17 + n)
    parser = BytesHeaderParser(policy=policy.compat32)
    due: list[tuple[datetime, int, int, str]] = []  # (when, tie-break, seat, what)
    busy: set[int] = set()
    queued: set[int] = set()
    result = Result(n)
    tick = 0
    start = clock.now

    def schedule(seat: int, what: str) -> None:
        nonlocal tick
        busy.add(seat)
        tick += 1
        delay = timedelta(hours=rng.expovariate(1 / MEAN_DELAY_H))
        heapq.heappush(due, (clock.now + delay, tick, seat, what))

    def deliver() -> None:
        _deliver(outbox, parser, seats, clock.now)

    def look() -> Any:
        rec = store.load(gid, verify=False)
        if rec.envelope.status != "active":
            return rec
        owing = {d.seat for d in rec.pending()}
        for seat in range(n):
            if seat in busy:
                continue
            if seat in owing:
                schedule(seat, "move")
            elif queue and seat not in queued and seats[seat].last is not None:
                schedule(seat, "queue")
        return rec

    deliver()
    rec = look()
    steps = 0
    while due and rec.envelope.status == "active" and steps < 2000:
        when, _, seat, what = heapq.heappop(due)
        busy.discard(seat)
        clock.now = max(clock.now, when)
        rec = store.load(gid, verify=False)
        if rec.envelope.status != "active":
            break
        s = seats[seat]
        owes = any(d.seat == seat for d in rec.pending())
        brng = derive_rng(seed, "fc", steps)
        if owes:
            action = rec.game.bots()["greedy"].choose(rec.game, rec.state, seat, brng)
            body = rec.game.notation(action)
        elif what == "queue":
            alts = _fc_choice(rec.game, rec.state, seat, brng)
            if not alts:
                rec = look()
                continue
            body = "NEXT " + " ELSE ".join(alts)
            queued.add(seat)
        else:
            rec = look()
            continue
        assert s.last is not None
        out = svc.handle(reply(s.last, s.addr, body, quote=False))
        if out.reason not in ("applied", "answered"):
            raise RuntimeError(f"seed {seed} seat {seat}: {body!r} -> {out}")
        s.replies += 1
        steps += 1
        if owes:
            queued.discard(seat)
        deliver()
        rec = store.load(gid, verify=False)
        # A queue that was played (or dropped) is gone: the seat may queue again.
        for q in list(queued):
            if not any(d.seat == q for d in rec.pending()) and not _still_queued(store, rec, q):
                queued.discard(q)
        rec = look()
    assert rec.envelope.status == "ended", f"seed {seed}: the game did not end"
    result.replies = [x.replies for x in seats]
    result.mails = [x.mails for x in seats]
    # Own turns: each placement is one (queued ones included).
    result.turns = [
        sum(1 for e in rec.entries if isinstance(e.payload, ActionLine) and e.payload.seat == s)
        for s in range(n)
    ]
    result.decisions = rec.envelope.moves
    result.days = (clock.now - start).total_seconds() / 86400
    return result


def _still_queued(store: Store, record: Any, seat: int) -> bool:
    from pbem.service.standing import orders_of

    return bool(orders_of(store, record, seat).next)


def main_fc(argv: list[str]) -> None:
    """Forbidden City: the game's length in simulated days, without and with queued moves."""
    ap = argparse.ArgumentParser()
    ap.add_argument("games", nargs="?", type=int, default=50)
    ap.add_argument("players", nargs="?", default="3,4")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    counts = [int(c) for c in args.players.split(",")]
    jobs_list = [
        (mode, 2000 + g, n)
        for g in range(args.games)
        for n in counts
        for mode in ("fc-today", "fc-queued")
    ]
    cells = run(jobs_list, args.jobs)
    for n in counts:
        a = summary(f"fc today {n}p", cells[("fc-today", n)])["days"]
        b = summary(f"fc queued {n}p", cells[("fc-queued", n)])["days"]
        print(
            f"fc {n} players: game length {a:.2f} -> {b:.2f} days "
            f"({(1 - b / a) * 100:.0f} % less waiting)"
        )


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "fc":
        main_fc(sys.argv[2:])
    else:
        main(sys.argv[1:])
