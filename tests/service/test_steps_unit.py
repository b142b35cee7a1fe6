"""Each step of the pipeline and each email command on its own (issue 24): the flow is brought to
the step by the steps before it, then the step is called directly with its narrow dependencies
(:class:`pbem.service.deps.Deps`), so each step's contract (what stops a message there, what it
leaves on the flow for the next) is tested without sending a whole mail through
``Service.handle``. The ports a step or a command reaches beyond the store and the mailer (the
strangers' desk, notify, the computer seats, the GM alerts, the schedule, the crypto and the rate
limiter) are fakes here that record what they were asked, so a test says which port a step
uses, and a step that reached for anything else would fail on the fake."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

import pytest
from helpers import Env, drain, make_env, reply

from pbem.errors import CommandError
from pbem.mail.parse import ParsedMail
from pbem.service import STEPS
from pbem.service.deps import Deps, Hooks
from pbem.service.outcome import Folder, Outcome, Reason
from pbem.service.steps import (
    Flow,
    step_authenticate,
    step_carry_out,
    step_decrypt,
    step_keys,
    step_ledger,
    step_loops,
    step_parse,
    step_rate,
    step_read,
    step_requests,
    step_size,
)
from pbem.service.takeover import step_takeover
from pbem.store import GameRecord

PLAYERS = [("Ann", "ann@example.org"), ("Bob", "bob@example.org")]
Step = Callable[..., Outcome | None]


class Game:
    """A started two-player game, its mover's address and turn mail, and a legal move."""

    def __init__(self, tmp_path: Path, game: str = "forbidden-city", **policy: object) -> None:
        self.env: Env = make_env(tmp_path, **policy)
        self.gid = self.env.store.create(game, PLAYERS, {}, 11, self.env.clock())
        self.env.service.flush_journal()
        mails = drain(self.env)
        rec = self.env.store.load(self.gid)
        self.seat = rec.pending()[0].seat
        self.addr = rec.envelope.active_player(self.seat).email
        self.turn: EmailMessage = next(m for m in mails if self.addr in str(m["To"]))
        self.move = rec.legal_notations(self.seat)[0]

    def reply(self, body: str, **kw: object) -> bytes:
        return reply(self.turn, self.addr, body, **kw)  # type: ignore[arg-type]


def upto(env: Env, raw: bytes, step: Step) -> Flow:
    """The flow as ``step`` receives it: every earlier step run, and each let it through."""
    flow = Flow(raw)
    for earlier in STEPS:
        if earlier is step:
            return flow
        assert earlier(env.service.deps, flow) is None, earlier.__name__
    raise AssertionError(f"{step.__name__} is not a step")


class Ports:
    """Fakes of the ports, recording each call (the store and the mailer stay the real ones of a
    temporary data directory)."""

    def __init__(self) -> None:
        self.refused: list[Reason] = []
        self.allowed: list[str] = []
        self.notified: list[tuple[str, int | None, str]] = []
        self.computers: list[str] = []
        self.alerts: list[str] = []
        self.scheduled: list[str] = []
        self.budget = True

    def refuse(
        self, p: ParsedMail, why: str, reason: Reason, *, game: GameRecord | None = None
    ) -> Outcome:
        self.refused.append(reason)
        return Outcome(Folder.REJECTED, reason, game.envelope.game_id if game else None)

    def allow(self, address: str) -> bool:
        self.allowed.append(address)
        return self.budget

    def notify(
        self,
        game_id: str,
        *,
        actor: int | None = None,
        echo: str = "",
        reply_to: ParsedMail | None = None,
    ) -> int:
        self.notified.append((game_id, actor, echo))
        return 0

    def play_computers(self, game_id: str, limit: int = 1000) -> int:
        self.computers.append(game_id)
        return 0

    def alert_gm(self, subject: str, lines: list[str], key: str) -> None:
        self.alerts.append(key)

    def schedule(self, game_id: str, record: GameRecord | None = None) -> None:
        self.scheduled.append(game_id)


def faked(env: Env, **hooks: object) -> tuple[Deps, Ports]:
    """The service's real ``Deps`` with every port replaced by a recording fake; ``hooks``: the
    rate limiter or the crypto to use."""
    fake = Ports()
    real = env.service.deps
    deps = dataclasses.replace(
        real,
        strangers=fake,
        notify=fake.notify,
        play_computers=fake.play_computers,
        alert_gm=fake.alert_gm,
        schedule=fake.schedule,
        hooks=Hooks(**hooks),  # type: ignore[arg-type]
    )
    return deps, fake


def stranger(body: str = "hello", **headers: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = "eve@elsewhere.test"
    msg["To"] = "service@pbem.test"
    msg["Subject"] = "hi"
    msg["Message-ID"] = "<stranger-1@elsewhere.test>"
    for k, v in headers.items():
        msg[k.replace("_", "-")] = v
    msg.set_content(body)
    return msg.as_bytes()


def test_the_steps_are_all_covered_here() -> None:
    tested = {f.__name__ for f in TESTED}
    assert tested == {s.__name__ for s in STEPS}


def test_size(tmp_path: Path) -> None:
    g = Game(tmp_path, max_size=20_000)
    deps, fake = faked(g.env)
    assert step_size(deps, Flow(g.reply(g.move))) is None
    out = step_size(deps, Flow(g.reply(g.move + "\n" + "x" * 30_000, quote=False)))
    assert out is not None and out.reason is Reason.TOO_LARGE
    assert fake.refused == [Reason.TOO_LARGE]  # answered through the strangers' desk alone


def test_parse(tmp_path: Path) -> None:
    g = Game(tmp_path)
    deps, fake = faked(g.env)
    flow = Flow(g.reply(g.move))
    assert step_parse(deps, flow) is None
    assert flow.incoming is not None and flow.incoming.mail.from_addr == g.addr
    nested = EmailMessage()
    nested["From"], nested["To"], nested["Subject"] = g.addr, "service@pbem.test", "x"
    inner: EmailMessage = nested
    for _ in range(40):  # deeper than any mail client nests
        part = EmailMessage()
        inner.set_content("x")
        inner.make_mixed()
        inner.attach(part)
        inner = part
    inner.set_content(g.move)
    out = step_parse(deps, Flow(nested.as_bytes()))
    assert out is not None and out.reason is Reason.UNREADABLE
    assert fake.refused == [Reason.UNREADABLE]


def test_loops(tmp_path: Path) -> None:
    g = Game(tmp_path)
    deps, fake = faked(g.env)
    raw = g.reply(g.move)
    assert step_loops(deps, upto(g.env, raw, step_loops)) is None
    auto = stranger("I am away", Auto_Submitted="auto-replied")
    out = step_loops(deps, upto(g.env, auto, step_loops))
    assert out is not None and out.reason is Reason.DROPPED_LOOP and out.replies == 0
    assert fake.refused == [] and fake.alerts == []  # dropped without a word


class FakeCrypto:
    """The crypto port: decrypts to a given text, or fails as a player's mistake."""

    def __init__(self, plain: bytes | None = None, keys: Sequence[object] = ()) -> None:
        self.plain = plain
        self.keys = list(keys)
        self.asked: list[str] = []

    def decrypt_incoming(self, raw: bytes, message: object) -> bytes | None:
        self.asked.append("decrypt")
        if self.plain is None:
            raise CommandError("That mail was encrypted to another key.")
        return self.plain

    def keys_in(self, message: object) -> Sequence[object]:
        self.asked.append("keys")
        return self.keys


def test_decrypt(tmp_path: Path) -> None:
    g = Game(tmp_path)
    plain = g.reply(g.move)
    flow = upto(g.env, plain, step_decrypt)
    before = flow.incoming
    crypto = FakeCrypto(plain)
    deps, fake = faked(g.env, crypto=crypto)
    assert step_decrypt(deps, flow) is None and flow.incoming is before  # not encrypted
    assert crypto.asked == []
    armored = "-----BEGIN PGP MESSAGE-----\n\nhQEMA\n-----END PGP MESSAGE-----"
    flow = upto(g.env, g.reply(armored, quote=False), step_decrypt)
    assert step_decrypt(deps, flow) is None and crypto.asked == ["decrypt"]
    assert flow.incoming is not None and flow.incoming.mail.text.startswith(g.move)
    deps, fake = faked(g.env, crypto=FakeCrypto(None))
    out = step_decrypt(deps, upto(g.env, g.reply(armored, quote=False), step_decrypt))
    assert out is not None and fake.refused == [Reason.DECRYPTION_FAILED]


def test_decrypt_without_crypto_leaves_the_mail(tmp_path: Path) -> None:
    g = Game(tmp_path)
    deps, fake = faked(g.env)
    armored = "-----BEGIN PGP MESSAGE-----\n\nhQEMA\n-----END PGP MESSAGE-----"
    flow = upto(g.env, g.reply(armored, quote=False), step_decrypt)
    before = flow.incoming
    assert step_decrypt(deps, flow) is None and flow.incoming is before


def test_takeover(tmp_path: Path) -> None:
    g = Game(tmp_path)
    deps, fake = faked(g.env)
    assert step_takeover(deps, upto(g.env, g.reply(g.move), step_takeover)) is None
    standby = stranger("STANDBY forbidden-city")
    out = step_takeover(deps, upto(g.env, standby, step_takeover))
    assert out is not None and out.replies == 1  # a confirmation first, never the seat itself
    assert fake.allowed == ["eve@elsewhere.test"]  # within the strangers' budgets
    fake.budget = False
    again = stranger("STANDBY forbidden-city").replace(b"stranger-1", b"stranger-2")
    out = step_takeover(deps, upto(g.env, again, step_takeover))
    assert out is not None and out.replies == 0  # spent: silence


def test_requests(tmp_path: Path) -> None:
    g = Game(tmp_path)
    deps, fake = faked(g.env)
    assert step_requests(deps, upto(g.env, g.reply(g.move), step_requests)) is None
    games = stranger("GAMES")
    out = step_requests(deps, upto(g.env, games, step_requests))
    assert out is not None and out.folder is Folder.PROCESSED
    out = step_requests(deps, upto(g.env, stranger("JOIN no-such-game"), step_requests))
    assert out is not None and fake.refused == [Reason.REFUSED]


def test_authenticate(tmp_path: Path) -> None:
    g = Game(tmp_path)
    deps, fake = faked(g.env)
    flow = upto(g.env, g.reply(g.move), step_authenticate)
    assert step_authenticate(deps, flow) is None
    assert flow.seated is not None and flow.seated.seat == g.seat
    forged = g.reply(g.move).replace(g.addr.encode(), b"eve@example.org")
    out = step_authenticate(deps, upto(g.env, forged, step_authenticate))
    assert out is not None and out.folder is Folder.REJECTED
    assert len(fake.refused) == 1 and fake.alerts == []


def test_authenticate_clears_a_bounced_address(tmp_path: Path) -> None:
    g = Game(tmp_path)
    deps, fake = faked(g.env)
    book = deps.mailer.bounces
    assert book is not None
    book.record(g.addr, f"{g.gid}:{g.seat}", "m1", "2026-11-21T12:00:00Z", "550", 1)
    flow = upto(g.env, g.reply(g.move), step_authenticate)
    assert step_authenticate(deps, flow) is None
    assert book.get(g.addr) is None and fake.scheduled == [g.gid]  # its deadlines run again


def test_rate(tmp_path: Path) -> None:
    g = Game(tmp_path)
    flow = upto(g.env, g.reply(g.move), step_rate)

    class Limiter:
        def __init__(self, ok: bool) -> None:
            self.ok = ok
            self.keys: list[str] = []

        def allow(self, key: str) -> bool:
            self.keys.append(key)
            return self.ok

    deps, _fake = faked(g.env)
    assert step_rate(deps, flow) is None  # no limiter: no limit
    some = Limiter(True)
    deps, _fake = faked(g.env, rate_limiter=some)
    assert step_rate(deps, flow) is None and some.keys == [f"{g.gid}:{g.seat}"]  # per seat
    deps, _fake = faked(g.env, rate_limiter=Limiter(False))
    out = step_rate(deps, flow)
    assert out is not None and out.reason is Reason.DROPPED_RATE


def test_ledger(tmp_path: Path) -> None:
    g = Game(tmp_path)
    deps, _fake = faked(g.env)
    raw = g.reply(g.move)
    assert step_ledger(deps, upto(g.env, raw, step_ledger)) is None
    assert g.env.service.handle(raw).reason is Reason.APPLIED
    out = step_ledger(deps, upto(g.env, raw, step_ledger))
    assert out is not None and out.reason is Reason.ALREADY_APPLIED


def test_keys(tmp_path: Path) -> None:
    g = Game(tmp_path)
    deps, _fake = faked(g.env)
    flow = upto(g.env, g.reply(g.move), step_keys)
    assert step_keys(deps, flow) is None
    assert flow.order is not None and flow.order.lines == [g.move]
    crypto = FakeCrypto(keys=[])
    deps, _fake = faked(g.env, crypto=crypto)
    flow = upto(g.env, g.reply(g.move), step_keys)
    assert step_keys(deps, flow) is None and crypto.asked == ["keys"]  # none carried
    assert flow.order is not None and flow.order.keys_filed == 0


def test_read(tmp_path: Path) -> None:
    g = Game(tmp_path)
    deps, fake = faked(g.env)
    flow = upto(g.env, g.reply(g.move), step_read)
    assert step_read(deps, flow) is None
    assert flow.order is not None and flow.order.reading.action is not None
    bad = upto(g.env, g.reply("Z99 R7"), step_read)
    out = step_read(deps, bad)
    assert out is not None and out.reason is Reason.REFUSED and out.replies == 1
    assert g.env.store.load(g.gid).envelope.moves == 0
    assert fake.notified == [(g.gid, None, "")]  # the refusal's ledger line, told as usual


@pytest.mark.parametrize("body", ["move", "BOARD"])
def test_carry_out(tmp_path: Path, body: str) -> None:
    g = Game(tmp_path)
    deps, fake = faked(g.env)
    flow = upto(g.env, g.reply(g.move if body == "move" else body), step_carry_out)
    out = step_carry_out(deps, flow)
    moves = g.env.store.load(g.gid).envelope.moves
    if body == "move":
        assert out.reason is Reason.APPLIED and moves == 1
        # The mails after the commit go through the notify port, the bots' turn through theirs.
        assert fake.notified == [(g.gid, g.seat, g.move)] and fake.computers == [g.gid]
    else:
        assert out.reason is Reason.ANSWERED and out.replies == 1 and moves == 0
        assert fake.computers == []


TESTED = [
    step_size,
    step_parse,
    step_loops,
    step_decrypt,
    step_takeover,
    step_requests,
    step_authenticate,
    step_rate,
    step_ledger,
    step_keys,
    step_read,
    step_carry_out,
]


# ------------------------------------------------------------------ each email command on its own

SAMPLES: dict[str, str] = {
    "board": "BOARD",
    "help": "HELP",
    "history": "HISTORY",
    "say": "SAY good luck",
    "mail": "MAIL TURNS",
    "lang": "LANG fr",
    "cert": "CERT a long enough passphrase",
    "vacation": "VACATION 3d",
    "back": "BACK",
    "resign": "RESIGN CONFIRM",
    "preview": "PREVIEW {move}",
    "games": "GAMES",
    "propose": "PROPOSE END",
    "accept": "ACCEPT",
    "decline": "DECLINE",
    "standings": "STANDINGS",
    "stats": "STATS",
    "record": "RECORD",
    "rules": "RULES",
    "guide": "GUIDE",
    "legal": "LEGAL",
    "next": "NEXT {move}",
    "standing": "STANDING CLAIM BELIEVE",
    "standing-show": "STANDING",
}
"""A line of each registered command (a new command adds its own: the test below fails until it
does)."""


def test_every_command_has_a_sample() -> None:
    from pbem.service.commands import REGISTRY

    assert sorted(REGISTRY) == sorted(SAMPLES)


GAME_OF = {"standing": "verbotene-stadt", "standing-show": "verbotene-stadt"}
"""The game a command is tried in (standing orders are Die Verbotene Stadt's)."""


def _prepare(g: Game, kind: str) -> None:
    """The state a command acts on: an open proposal of the other seat to ACCEPT or DECLINE, a
    running vacation to come BACK from."""
    from pbem.store import Vacation, Vote

    rec = g.env.store.load(g.gid)
    now = g.env.clock()
    if kind in ("accept", "decline"):
        other = 1 - g.seat
        entry: object = Vote(f"P{rec.seq + 1}", "propose", "end", seat=other)
    elif kind == "back":
        entry = Vacation(g.seat, now, now + timedelta(days=2))
    else:
        return
    g.env.store.commit(g.gid, rec.seq, [entry], now)  # type: ignore[list-item]


AFTER: dict[str, Callable[[Game, Ports], bool]] = {
    "propose": lambda g, f: f.notified == [(g.gid, None, "")],  # the proposal is told
    "accept": lambda g, f: f.notified == [(g.gid, None, "")] and f.computers == [g.gid],
    "decline": lambda g, f: f.notified == [],
    "vacation": lambda g, f: f.notified == [],  # no other game: nothing but its own commit
    "back": lambda g, f: f.notified == [],
    "resign": lambda g, f: f.notified == [],
    "standing": lambda g, f: f.notified == [],
    "next": lambda g, f: f.notified == [],
}
"""What each command that changes the game asks of the ports after its commit (beyond the
commit itself, whose mails the carry-out step sends)."""


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_each_command_on_its_own(tmp_path: Path, kind: str) -> None:
    """The command read from its line, then its own check, and its answer (run), or its log line
    (entry) and what it does after the commit (after_commit), called directly with narrow
    dependencies whose ports are fakes: no mail goes through the pipeline."""
    from pbem.service import orders
    from pbem.service.commands import REGISTRY

    g = Game(tmp_path, GAME_OF.get(kind, "forbidden-city"))
    _prepare(g, kind)
    drain(g.env)
    flow = upto(g.env, g.reply("BOARD"), step_read)  # any reply: only its seat is used
    seated = flow.seated
    assert seated is not None
    line = SAMPLES[kind].format(move=g.move)
    reading = orders.read(seated, [line], [], "")
    cmds = [c for c in reading.commands if c.kind == kind]
    assert cmds, (line, reading.errors)
    handler = REGISTRY[kind]
    deps, fake = faked(g.env)
    assert handler.check(deps, seated, cmds[0]) is None
    before = len(g.env.outbox.pending())
    if handler.changes_game:
        entry = handler.entry(deps, seated, cmds[0], seated.ledger_key)
        assert entry is not None
        g.env.store.commit(g.gid, seated.record.seq, [entry], g.env.clock())
        assert g.env.store.load(g.gid).seq == seated.record.seq + 1
        with g.env.outbox.batch():
            sent = handler.after_commit(deps, seated, cmds[0])
        assert AFTER[kind](g, fake), (fake.notified, fake.computers)
    else:
        with g.env.outbox.batch():
            sent = handler.run(deps, seated, cmds[0])
        assert sent >= 1  # every talking command answers
        assert fake.notified == [] and fake.computers == []
    assert len(g.env.outbox.pending()) == before + sent
    assert fake.refused == [] and fake.alerts == []


def test_each_command_that_changes_the_game_says_what_follows() -> None:
    from pbem.service.commands import REGISTRY

    assert sorted(AFTER) == sorted(k for k, h in REGISTRY.items() if h.changes_game)


def test_a_refused_command_is_a_players_mistake(tmp_path: Path) -> None:
    """A command's own check refuses, with a text, what it cannot do (BACK while not away)."""
    from pbem.service import orders
    from pbem.service.commands import REGISTRY

    g = Game(tmp_path)
    flow = upto(g.env, g.reply("BOARD"), step_read)
    assert flow.seated is not None
    deps, _fake = faked(g.env)
    for kind, line in (("back", "BACK"), ("accept", "ACCEPT"), ("say", "SAY " + "x" * 3000)):
        (cmd,) = [c for c in orders.read(flow.seated, [line], [], "").commands if c.kind == kind]
        err = REGISTRY[kind].check(deps, flow.seated, cmd)
        assert isinstance(err, CommandError) and str(err), kind
