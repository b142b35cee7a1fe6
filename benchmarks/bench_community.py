"""The community benchmark (issue 27): a year of a club, simulated on the service's injected clock
through the real pipeline (Service, store, outbox; every move, command and answer is a mail
handled by ``Service.handle``, every timer ``run_timers``), under three settings.

Run: ``nice -n 10 env PYTHONPATH=$PWD .venv/bin/python benchmarks/bench_community.py
[--players 50] [--days 365] [--seed 1] [--settings baseline,today,new] [--detail FILE]
[--option time=bank:7d+1d] [--auto-max-days 14]`` (``--option`` and ``--auto-max-days`` change the
"new" setting, for the table of docs/COMMUNITY.md).

The club (the same for every setting, drawn from ``--seed``):

- 50 players, each in 3 to 6 games at once (Forbidden City, 2 to 4 players a game), the games
  starting over the first 60 days;
- reply delays: half the players *prompt* (a log-normal delay, median 3 hours), 30 % *steady*
  (median 10 hours), 20 % *slow* (median 30 hours, and one reply in ten after a gap of 3 to 6
  days); 60 % of the players take one two-week holiday in the year, 20 % two; 5 % *vanish*
  for good, 5 to 60 days after their first game starts;
- the moves are picked at random among the legal ones (the pipeline is what is measured);
- a player answers the mail that asks for their move: a turn mail, and the start mail of the
  seat that moves first (its text asks for the move; its subject says that a game starts).

The settings:

- ``baseline``: a fixed 3 days a move, no leave (lichess-like): ``deadline * 3d``, ``vacation=0``,
  ``takeover=0``; a missed move is played by the computer;
- ``today``: the same deadline and policy, with today's per-game vacations: a player going on
  holiday sends ``VACATION 14d`` in each of their games (and forgets one game in four);
- ``new``: ``time=bank:10d+1d``, the leave for all games (one ``VACATION 14d`` per holiday, one
  player in five forgets), ``VACATION AUTO`` for 40 % of the players, ``takeover=2`` and ten
  volunteers (``STANDBY any``, confirmed) who take over offered seats (``TAKEOVER``, confirmed).

A started game **finishes** when it reaches its rules' end within the year with every seat in
the hands of a present person (its player, or a volunteer who took it over); a game that ends
with a seat held by a player who vanished (the computer playing each of their moves after the
deadline) or by the computer counts as abandoned. Reported per setting: games started and
finished, decisions decided by the nmr policy (``timer`` action lines), the median length of the
finished games, mails per player, and the wall time; then, per setting, what its finished games
waited for (``waited_days`` of ``--detail``: each decision's wait, from the position it answered
to its action, by who held the seat and what they were doing; see :meth:`Sim.attribute`).
"""

from __future__ import annotations

import argparse
import dataclasses
import heapq
import random
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from email.header import decode_header, make_header
from email.utils import make_msgid
from pathlib import Path
from typing import Any

from pbem.mail.outbox import Outbox
from pbem.runner import TickReport, run_timers
from pbem.service import Policy, Service
from pbem.service.ports import COMPUTER_PREFIX
from pbem.service.prefs import TurnFiles
from pbem.store import Keyring, SetDeadline, SetPolicy, Store
from pbem.store.payloads import ActionLine, EndLine

SERVICE = "service@club.test"
GM = "gm@club.test"
T0 = datetime(2027, 1, 4, 8, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)
DAY = timedelta(days=1)
_HEAD_END = re.compile(rb"\r?\n\r?\n")
_FOLD = re.compile(r"\r?\n[ \t]+")
_FIELD = re.compile(r"^([A-Za-z-]+):[ \t]*(.*)$")


@dataclass(frozen=True)
class Head:
    """The headers of a queued mail a simulated player reads (parsed by hand: the full parser of
    every mail the service queued was a tenth of the benchmark's time, for four headers)."""

    to: str
    subject: str
    message_id: str
    references: str

    @staticmethod
    def of(raw: bytes) -> Head:
        m = _HEAD_END.search(raw)
        block = _FOLD.sub(" ", raw[: m.start() if m else len(raw)].decode("ascii", "replace"))
        fields: dict[str, str] = {}
        for line in block.splitlines():
            f = _FIELD.match(line)
            if f:
                fields.setdefault(f.group(1).lower(), f.group(2).strip())
        subject = fields.get("subject", "")
        if "=?" in subject:  # an encoded word (a name or a language with accents)
            subject = str(make_header(decode_header(subject)))
        return Head(
            fields.get("to", ""),
            subject,
            fields.get("message-id", ""),
            fields.get("references", ""),
        )


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Agent:
    i: int
    addr: str
    name: str
    kind: str
    games_wanted: int
    holidays: list[tuple[datetime, datetime]]
    vanish_after: timedelta | None
    forgets: float
    auto: bool
    volunteer: bool
    vanish_at: datetime | None = None
    rng: random.Random = field(default_factory=random.Random)
    tried: set[str] = field(default_factory=set)
    """The games whose seat a volunteer asked for (TAKEOVER)."""

    def delay(self) -> timedelta:
        r = self.rng
        if self.kind == "prompt":
            h = r.lognormvariate(1.1, 0.9)  # median 3 h
        elif self.kind == "steady":
            h = r.lognormvariate(2.3, 0.8)  # median 10 h
        else:
            h = r.lognormvariate(3.4, 0.6)  # median 30 h
            if r.random() < 0.1:
                h += r.uniform(72, 144)
        return timedelta(hours=min(h, 24 * 9))

    def away_until(self, t: datetime) -> datetime | None:
        """When the agent answers again if away at ``t`` (``datetime.max`` once vanished)."""
        if self.vanish_at is not None and t >= self.vanish_at:
            return datetime.max.replace(tzinfo=UTC)
        for a, b in self.holidays:
            if a <= t < b:
                return b
        return None


def make_club(n: int, seed: int) -> tuple[list[Agent], list[tuple[datetime, list[int]]]]:
    r = random.Random(seed)
    agents: list[Agent] = []
    kinds = ["prompt"] * 50 + ["steady"] * 30 + ["slow"] * 20
    vanishers = set(r.sample(range(n), max(1, round(n * 0.05))))
    for i in range(n):
        hol: list[tuple[datetime, datetime]] = []
        x = r.random()
        for _ in range(2 if x < 0.2 else 1 if x < 0.8 else 0):
            start = T0 + timedelta(days=r.uniform(0, 330), hours=r.uniform(0, 23))
            hol.append((start, start + timedelta(days=14)))
        agents.append(
            Agent(
                i,
                f"p{i:02d}@club.test",
                f"Player {i}",
                r.choice(kinds),
                r.randint(3, 6),
                sorted(hol),
                timedelta(days=r.uniform(5, 60)) if i in vanishers else None,
                r.random(),
                r.random() < 0.4,
                False,
                rng=random.Random(seed * 1000 + i),
            )
        )
    present = [a for a in agents if a.vanish_after is None]
    for a in r.sample(present, min(10, len(present))):
        a.volunteer = True
    left = {a.i: a.games_wanted for a in agents}
    games: list[tuple[datetime, list[int]]] = []
    while True:
        free = [i for i, k in left.items() if k > 0]
        if len(free) < 2:
            break
        size = min(len(free), r.choice([2, 2, 3, 3, 4]))
        free.sort(key=lambda i: (-left[i], r.random()))
        seats = free[:size]
        r.shuffle(seats)
        for i in seats:
            left[i] -= 1
        games.append((T0 + timedelta(days=r.uniform(0, 60), hours=r.uniform(0, 23)), seats))
    games.sort()
    return agents, games


SETTINGS: dict[str, dict[str, Any]] = {
    "baseline": {
        "policy": {"vacation": "0", "takeover": "0", "remind": "24h"},
        "deadline": 3 * 86400,
    },
    "today": {"policy": {"vacation": "14d", "takeover": "0"}, "deadline": 3 * 86400},
    "new": {
        "policy": {"vacation": "30d", "takeover": "2", "time": "bank:10d+1d"},
        "deadline": None,
    },
}


@dataclass(frozen=True)
class Tuning:
    """The "new" setting's knobs a run may change (the table of docs/COMMUNITY.md): game policy
    entries (``--option time=bank:7d+1d``) and ``[leave] auto_max_days``."""

    options: tuple[tuple[str, str], ...] = ()
    auto_max_days: int | None = None


@dataclass(order=True)
class Event:
    due: datetime
    n: int
    what: str = field(compare=False)
    agent: int = field(compare=False)
    data: Any = field(compare=False, default=None)


class Sim:
    def __init__(
        self,
        setting: str,
        n: int,
        seed: int,
        days: int,
        root: Path,
        turn_files: bool = False,
        tuning: Tuning | None = None,
    ) -> None:
        self.setting = setting
        self.conf = SETTINGS[setting]
        tuning = tuning or Tuning()
        if setting == "new":  # the club's choices under test (--option, --auto-max-days)
            self.conf = {**self.conf, "policy": {**self.conf["policy"], **dict(tuning.options)}}
        self.agents, self.games = make_club(n, seed)
        self.by_addr = {a.addr: a for a in self.agents}
        self.days = days
        keyring = Keyring.create(root / "keys", data_dir=root / "games")
        # No fsync: the club's outcome is measured, not the disk (docs/COMMUNITY.md).
        self.store = Store(root / "games", keyring, fsync=False)
        self.outbox = Outbox(root / "games", keyring, fsync=False)
        self.clock = Clock()
        policy = Policy(SERVICE, GM)
        if tuning.auto_max_days is not None:
            policy = dataclasses.replace(policy, leave_auto_max_days=tuning.auto_max_days)
        self.service = Service(self.store, self.outbox, policy, self.clock)
        if not turn_files:  # as `pbem admin mail ADDRESS --turn-files off` sets it
            for a in self.agents:
                self.service.prefs.set_files(a.addr, TurnFiles.OFF)
        self.events: list[Event] = []
        self.n = 0
        self.latest: dict[tuple[str, str], Head] = {}
        self.turn_for: dict[tuple[str, str], str] = {}
        """(addr, game) -> the Message-ID of the turn mail a reply is scheduled for."""
        self.gids: list[str] = []
        self.mails: Counter[str] = Counter()
        self.first_game: dict[int, datetime] = {}
        self.handled = 0
        self.rng = random.Random(seed + 7)

    def push(self, due: datetime, what: str, agent: int, data: Any = None) -> None:
        self.n += 1
        heapq.heappush(self.events, Event(due, self.n, what, agent, data))

    # ------------------------------------------------------------------ mail in and out

    def send(self, raw: bytes) -> None:
        self.service.handle(raw)
        self.handled += 1

    def reply(self, to: Head, sender: str, body: str) -> bytes:
        refs = f"{to.references} {to.message_id}".strip()
        return self.fresh(
            sender,
            body,
            subject="Re: " + to.subject,
            extra=f"In-Reply-To: {to.message_id}\r\nReferences: {refs}\r\n",
        )

    def fresh(self, sender: str, body: str, subject: str = "hello", extra: str = "") -> bytes:
        """A plain-text mail as a mail program writes it (ASCII: the club writes in English)."""
        return (
            f"From: {sender}\r\nTo: {SERVICE}\r\nSubject: {subject}\r\n"
            f"Message-ID: {make_msgid(domain='club.test')}\r\n{extra}"
            'MIME-Version: 1.0\r\nContent-Type: text/plain; charset="utf-8"\r\n'
            f"Content-Transfer-Encoding: 7bit\r\n\r\n{body}\r\n"
        ).encode()

    def drain(self) -> None:
        now = self.clock.now
        for e in self.outbox.pending():
            msg = Head.of(self.outbox.message(e))
            self.outbox.mark_sent(e, now)
            to = msg.to.lower()
            addr = to[to.find("<") + 1 : to.find(">")] if "<" in to else to
            agent = self.by_addr.get(addr.strip())
            if agent is None:
                continue
            self.mails[agent.addr] += 1
            self.route(agent, msg)

    def route(self, agent: Agent, msg: Head) -> None:
        subject = msg.subject
        mid = msg.message_id
        now = self.clock.now
        if "please confirm" in subject:
            self.push(now + agent.delay(), "confirm", agent.i, msg)
            return
        if "your seat goes to the computer" in subject:  # read when back, as any mail
            self.push(now + agent.delay(), "takeback", agent.i, subject[1 : subject.index("]")])
            return
        if "a seat to take over" in subject:
            if agent.volunteer:
                gid = subject.rsplit(" ", 1)[-1]
                self.push(now + agent.delay(), "takeover", agent.i, gid)
            return
        if not subject.startswith("[") or ".s" not in mid:
            return
        gid = subject[1 : subject.index("]")]
        self.latest[(agent.addr, gid)] = msg
        # The start mail is the first mover's turn mail too (its text asks for the move; its
        # subject says only that a game starts): the move event checks the seat owes one.
        asks = "your turn" in subject or "a new game starts" in subject
        if asks and self.turn_for.get((agent.addr, gid)) != mid:
            self.turn_for[(agent.addr, gid)] = mid
            self.push(now + agent.delay(), "move", agent.i, gid)

    # ------------------------------------------------------------------ the agents

    def act(self, ev: Event) -> None:
        agent = self.agents[ev.agent]
        if ev.what == "holiday":  # written as the player leaves, not when back
            if agent.vanish_at is None or ev.due < agent.vanish_at:
                self.holiday(agent, ev.data)
            return
        back = agent.away_until(ev.due)
        if back is not None:
            if back.year < 9999:  # on holiday: answered when back
                self.push(back + agent.delay(), ev.what, ev.agent, ev.data)
            return
        if ev.what == "move":
            gid = ev.data
            rec = self.store.load(gid, verify=False)
            seat = rec.envelope.seat_of_email(agent.addr)
            if rec.envelope.status != "active" or seat is None:
                return
            if seat not in {d.seat for d in rec.pending()}:
                return
            latest = self.latest.get((agent.addr, gid))
            if latest is None:
                return
            move = self.rng.choice(rec.legal_notations(seat))
            self.send(self.reply(latest, agent.addr, move))
        elif ev.what == "confirm":
            self.send(self.reply(ev.data, agent.addr, "yes"))
        elif ev.what == "takeover":
            gid = ev.data
            rec = self.store.load(gid, verify=False)
            if rec.envelope.status != "active":
                return
            seats = [
                s
                for s in rec.envelope.seats()
                if rec.envelope.active_player(s).email.startswith(COMPUTER_PREFIX)
            ]
            if not seats or rec.envelope.seat_of_email(agent.addr) is not None:
                return
            # At most two seats taken over (seats held, not requests: a TAKEOVER that lost the
            # race to another volunteer's does not count).
            if self.seats_taken(agent) >= 2:
                return
            agent.tried.add(gid)
            self.send(self.fresh(agent.addr, f"TAKEOVER {gid} {seats[0]}"))
        elif ev.what == "takeback":
            self.take_back(agent, ev.data)
        elif ev.what == "setup" and self.setting == "new":
            first = next((m for (a, _g), m in self.latest.items() if a == agent.addr), None)
            if agent.auto and first is not None:
                self.send(self.reply(first, agent.addr, "VACATION AUTO"))
            if agent.volunteer:
                self.send(self.fresh(agent.addr, "STANDBY any"))

    def seats_taken(self, agent: Agent) -> int:
        return sum(
            self.store.load(g, verify=False).envelope.seat_of_email(agent.addr) is not None
            for g in agent.tried
        )

    def take_back(self, agent: Agent, gid: str) -> None:
        """The player whose seat went to the computer does what that mail says: TAKEOVER of
        their own seat (refused when a volunteer took it meanwhile)."""
        rec = self.store.load(gid, verify=False)
        env = rec.envelope
        if env.status != "active" or env.seat_of_email(agent.addr) is not None:
            return
        mine = [p.seat for p in env.players if p.email == agent.addr]
        if not mine or not env.active_player(mine[-1]).email.startswith(COMPUTER_PREFIX):
            return
        word = rec.game.seat_names(len(env.seats()))[mine[-1]].lower()
        self.send(self.fresh(agent.addr, f"TAKEOVER {gid} {word}"))

    def holiday(self, agent: Agent, length: timedelta) -> None:
        mine = [(g, m) for (a, g), m in self.latest.items() if a == agent.addr]
        active = []
        for gid, m in mine:
            rec = self.store.load(gid, verify=False)
            if (
                rec.envelope.status == "active"
                and rec.envelope.seat_of_email(agent.addr) is not None
            ):
                active.append((gid, m))
        if not active:
            return
        days = f"{length.days}d"
        if self.setting == "today":
            for _gid, m in active:
                if agent.rng.random() >= 0.25:
                    self.send(self.reply(m, agent.addr, f"VACATION {days}"))
        elif self.setting == "new" and agent.forgets >= 0.2:
            self.send(self.reply(active[0][1], agent.addr, f"VACATION {days}"))

    # ------------------------------------------------------------------ the year

    def create(self, seats: list[int]) -> None:
        players = [(self.agents[i].name, self.agents[i].addr) for i in seats]
        gid = self.store.create(
            "forbidden-city",
            players,
            {"privacy": "plain"},
            self.rng.randrange(1 << 30),
            self.clock(),
        )
        rec = self.store.load(gid)
        entries: list[Any] = [SetPolicy(k, v) for k, v in self.conf["policy"].items()]
        if self.conf["deadline"]:
            entries.append(SetDeadline("*", seconds=self.conf["deadline"]))
        self.store.commit(gid, rec.seq, entries, self.clock())
        self.gids.append(gid)
        for i in seats:
            a = self.agents[i]
            if i not in self.first_game:
                self.first_game[i] = self.clock.now
                if a.vanish_after is not None:
                    a.vanish_at = self.clock.now + a.vanish_after
                self.push(self.clock.now + 2 * HOUR, "setup", i)
        self.service.flush_journal()

    def run(self) -> dict[str, Any]:
        started = time.perf_counter()
        end = T0 + timedelta(days=self.days)
        games = list(self.games)
        for a in self.agents:
            for h0, h1 in a.holidays:
                self.push(h0, "holiday", a.i, h1 - h0)
        t = T0
        report = TickReport()
        while t < end:
            t += HOUR
            while games and games[0][0] <= t:
                g0, seats = games.pop(0)
                self.clock.now = g0
                self.create(seats)
                self.drain()
            while self.events and self.events[0].due <= t:
                ev = heapq.heappop(self.events)
                self.clock.now = max(ev.due, self.clock.now)
                self.act(ev)
                self.drain()
            self.clock.now = t
            run_timers(self.service, self.clock, report)
            self.drain()
        return self.results(time.perf_counter() - started, end)

    def state_at(self, agent: Agent | None, t: datetime) -> str:
        """What a seat's player was doing at ``t``: ``vanished``, ``holiday`` or ``present``."""
        if agent is None:
            return "computer"
        if agent.vanish_at is not None and t >= agent.vanish_at:
            return "vanished"
        if any(a <= t < b for a, b in agent.holidays):
            return "holiday"
        return "present"

    def detail(self, rec: Any) -> dict[str, Any]:
        """One game as the analysis of unfinished games and nmr decisions reads it."""
        from pbem.model import parse_time
        from pbem.store.payloads import ReplaceLine, VacationLine

        env = rec.envelope
        out: dict[str, Any] = {
            "game": env.game_id,
            "created": env.created,
            "status": env.status,
            "seats": [],
            "nmr": [],
            "replace": [],
            "vacation": [],
        }
        for s in env.seats():
            first = env.players[[p.seat for p in env.players].index(s)]
            a = self.by_addr.get(first.email)
            out["seats"].append(
                {
                    "seat": s,
                    "player": first.email,
                    "kind": a.kind if a else "",
                    "vanish_at": a.vanish_at.isoformat() if a and a.vanish_at else None,
                    "holidays": [f"{h0:%m-%d}..{h1:%m-%d}" for h0, h1 in a.holidays] if a else [],
                    "auto": a.auto if a else False,
                    "forgets": a is not None and a.forgets < 0.2,
                    "holder_at_end": env.active_player(s).email,
                }
            )
        holder: dict[int, str] = {
            s: env.players[[p.seat for p in env.players].index(s)].email for s in env.seats()
        }
        first = dict(holder)
        self.long_waits: list[list[Any]] = []
        waited: Counter[str] = Counter()
        last = parse_time(env.created)
        for e in rec.entries:
            p = e.payload
            if isinstance(p, ActionLine):
                self.attribute(waited, p, holder[p.seat], first[p.seat], last, parse_time(e.time))
            if p.RESTARTS_CLOCK:
                last = parse_time(e.time)
            if isinstance(p, ReplaceLine):
                holder[p.seat] = p.email
                out["replace"].append([e.time[:16], p.seat, p.email, p.source])
            elif isinstance(p, VacationLine):
                out["vacation"].append([e.time[:16], p.seat, p.start[:16], p.until[:16], p.auto])
            elif isinstance(p, ActionLine) and p.source == "timer":
                t = parse_time(e.time)
                out["nmr"].append(
                    [e.time[:16], p.seat, self.state_at(self.by_addr.get(holder[p.seat]), t)]
                )
            elif isinstance(p, EndLine):
                out["end"] = [e.time[:16], p.reason]
        out["waited_days"] = {k: round(v / 24, 2) for k, v in sorted(waited.items())}
        out["long_waits"] = self.long_waits
        return out

    def attribute(
        self, waited: Counter[str], act: Any, holder: str, first: str, a: datetime, b: datetime
    ) -> None:
        """Add the hours a decision waited (from the position it answered, ``a``, to the action,
        ``b``) to what the game was waiting for (the categories of docs/COMMUNITY.md):

        - ``computer``: a seat the computer holds (its pace, or a deadline's run-out);
        - ``nmr:STATE``: a decision the nmr policy made when its deadline or bank ran out, by what
          its player was doing (``present``, ``holiday``, ``vanished``);
        - ``holiday``: the hours of a move by mail its player spent on holiday (the game paused by
          a VACATION or waiting for them without one);
        - ``present``, ``present>3d``: a move by mail of a present player, up to three days and
          beyond (what a fixed 3 days a move would have cut short);
        - ``volunteer``: a move by mail of a volunteer who took the seat over.
        """
        hours = (b - a).total_seconds() / 3600
        if hours <= 0:
            return
        agent = self.by_addr.get(holder)
        if holder.startswith(COMPUTER_PREFIX) or agent is None:
            waited["computer"] += hours
            return
        away = 0.0
        for h0, h1 in agent.holidays:
            lo, hi = max(h0, a), min(h1, b)
            if hi > lo:
                away += (hi - lo).total_seconds() / 3600
        gone = 0.0
        if agent.vanish_at is not None and agent.vanish_at < b:
            gone = (b - max(a, agent.vanish_at)).total_seconds() / 3600
            away = min(away, hours - gone)
        present = hours - away - gone
        if present > 72:
            self.long_waits.append(
                [f"{a:%m-%d %H:%M}", act.seat, act.source, agent.kind, round(present / 24, 2)]
            )
        if act.source == "timer":
            for state, h in (("present", present), ("holiday", away), ("vanished", gone)):
                if h > 0:
                    waited[f"nmr:{state}"] += h
            return
        if holder != first:
            waited["volunteer"] += hours
            return
        waited["holiday"] += away
        waited["present"] += min(present, 72.0)
        waited["present>3d"] += max(present - 72.0, 0.0)

    def results(self, wall: float, end: datetime) -> dict[str, Any]:
        from pbem.model import parse_time

        details: list[dict[str, Any]] = []
        finished = 0
        lengths: list[float] = []
        nmr = 0
        decisions = 0
        for gid in self.gids:
            rec = self.store.load(gid, verify=False)
            details.append(self.detail(rec))
            for e in rec.entries:
                if isinstance(e.payload, ActionLine):
                    decisions += 1
                    nmr += e.payload.source == "timer"
            ends = [e for e in rec.entries if isinstance(e.payload, EndLine)]
            if not ends or ends[0].payload.reason != "finished":
                continue
            end_t = parse_time(ends[0].time)
            abandoned = False
            for s in rec.envelope.seats():
                holder = rec.envelope.active_player(s).email
                agent = self.by_addr.get(holder)
                gone = agent is not None and agent.vanish_at is not None and agent.vanish_at < end_t
                if holder.startswith(COMPUTER_PREFIX) or gone:
                    abandoned = True
            details[-1]["abandoned"] = abandoned
            if abandoned:
                continue
            details[-1]["finished"] = True
            finished += 1
            lengths.append((end_t - parse_time(rec.envelope.created)).total_seconds() / 86400)
            details[-1]["days"] = round(lengths[-1], 2)
        return {
            "setting": self.setting,
            "games": len(self.gids),
            "finished": finished,
            "finished_pct": 100.0 * finished / max(1, len(self.gids)),
            "decisions": decisions,
            "nmr": nmr,
            "median_days": statistics.median(lengths) if lengths else float("nan"),
            "mails_per_player": sum(self.mails.values()) / len(self.agents),
            "mails_handled": self.handled,
            "wall_s": wall,
            "details": details,
        }


def attribution(res: dict[str, Any]) -> str:
    """What the finished games of one setting waited for (``waited_days`` of ``--detail``): the
    mean days a game per category, and the median length with each category's days taken out."""
    done = [d for d in res["details"] if d.get("finished")]
    if not done:
        return f"{res['setting']}: no finished game"
    cats = sorted({k for d in done for k in d["waited_days"]})
    parts = []
    for k in cats:
        mean = sum(d["waited_days"].get(k, 0.0) for d in done) / len(done)
        without = statistics.median(d["days"] - d["waited_days"].get(k, 0.0) for d in done)
        parts.append(f"{k} {mean:.1f} (median without {without:.1f})")
    return f"{res['setting']:9} waited, mean days a finished game: " + ", ".join(parts)


def run_one(
    setting: str,
    players: int,
    seed: int,
    days: int,
    turn_files: bool = False,
    tuning: Tuning | None = None,
) -> dict[str, Any]:
    """One setting's year, in a scratch directory (in memory where the machine has one)."""
    shm = Path("/dev/shm")
    base = str(shm) if shm.is_dir() else None
    with tempfile.TemporaryDirectory(prefix=f"pbem-community-{setting}-", dir=base) as tmp:
        return Sim(setting, players, seed, days, Path(tmp), turn_files, tuning).run()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", type=int, default=50)
    ap.add_argument("--days", type=int, default=365)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--settings", default="baseline,today,new")
    ap.add_argument("--jobs", type=int, default=2, help="settings run at once (processes)")
    ap.add_argument("--detail", help="write each game's facts (JSON) to this file")
    ap.add_argument(
        "--turn-files",
        action="store_true",
        help="the players keep the default turn files (MAIL FILES OWN) instead of OFF",
    )
    ap.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help='a game policy of the "new" setting, such as time=bank:7d+1d or takeover=1',
    )
    ap.add_argument(
        "--auto-max-days",
        type=int,
        help='[leave] auto_max_days of the "new" setting (default: the service\'s, 14)',
    )
    args = ap.parse_args(argv)
    settings = args.settings.split(",")
    tuning = Tuning(
        tuple((k, v) for k, _, v in (o.partition("=") for o in args.option)),
        args.auto_max_days,
    )
    jobs = [(s, args.players, args.seed, args.days, args.turn_files, tuning) for s in settings]
    if args.jobs > 1 and len(jobs) > 1:
        from multiprocessing import Pool

        with Pool(min(args.jobs, len(jobs))) as pool:
            rows = pool.starmap(run_one, jobs)
    else:
        rows = [run_one(*j) for j in jobs]
    for res in rows:
        setting = res["setting"]
        print(
            f"{setting:9} games {res['games']:3}  finished {res['finished']:3} "
            f"({res['finished_pct']:5.1f} %)  nmr {res['nmr']:5} of {res['decisions']:6} "
            f"decisions  median {res['median_days']:5.1f} days  "
            f"mails/player {res['mails_per_player']:6.1f}  handled {res['mails_handled']:6}  "
            f"{res['wall_s']:6.0f} s",
            flush=True,
        )
    if args.detail:
        import json

        Path(args.detail).write_text(
            json.dumps({r["setting"]: r["details"] for r in rows}, indent=1)
        )
    for res in rows:
        print(attribution(res))
    by = {r["setting"]: r for r in rows}
    if "baseline" in by and "new" in by:
        b, n = by["baseline"], by["new"]
        print(
            f"new vs baseline: finished {n['finished_pct']:.1f} % (target >= 98.5 %), "
            f"nmr {n['nmr'] / max(1, b['nmr']):.2f}x (target <= 0.33x), median length "
            f"{n['median_days'] / b['median_days']:.2f}x (target <= 1.2x)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
